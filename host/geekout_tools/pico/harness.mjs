// The gadget on an emulated Pico: rp2040js running the real MicroPython rp2 firmware
// (a UF2) and the RP2040 boot ROM, with the gadget's parts on the pins of
// firmware/geekout/hal/pins.py. Driven by host/geekout_tools/pico/emulator.py.
//
// Control: one JSON object per line on stdin ({"id": n, "cmd": ...}); replies
// ({"id": n, ...}) and events ({"ev": ...}) one per line on stdout. Emulated time only
// moves while a "run" is in progress or in free-running mode ("free"), so a test sees
// the same emulated times on every run. USB CDC can also be bridged to a TCP port
// (--serial-port) for mpremote (socket://127.0.0.1:PORT).
import { readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConsoleLogger, LogLevel, RP2040 } from 'rp2040js';
import { FlashSSI, IOQSPI, NorFlash, applyOperation, setBusyTimes } from './flash.mjs';
import { HostCDC, I2CBus, NeoPixelDecoder, PiezoWatch, PioClock, XipCache, mendUart } from './parts.mjs';
import { SPIPanel } from './spi_panel.mjs';

const FLASH_SIZE = 2 * 1024 * 1024;
// MicroPython RPI_PICO: littlefs2 at flash offset 0xa0000, 352 blocks of 4 KB (a board
// with another split, e.g. the gadget's UF2 build: --fs-offset, --fs-size).
let FS_OFFSET = 0xa0000;
let FS_SIZE = 352 * 4096;

function fail(message) {
  process.stderr.write(`geekout pico: ${message}\n`);
  process.exit(2);
}

const { values: opts } = parseArgs({
  options: {
    uf2: { type: 'string' },
    bootrom: { type: 'string' },
    panel: { type: 'string', default: 'ssd1306' },
    addr: { type: 'string', default: '0x3c' },
    flash: { type: 'string' },
    'serial-port': { type: 'string' },
    pins: { type: 'string', default: '{}' },
    'fs-offset': { type: 'string' },
    'fs-size': { type: 'string' },
    // A whole 2 MB chip to power up with, the UF2 then written over it block by block as
    // the boot ROM's drive does (flashing a UF2 onto a board already in use).
    chip: { type: 'string' },
    // The flash chip's busy times: the datasheet's typical ones, or its maximum ("max").
    'flash-timing': { type: 'string', default: 'typical' },
  },
});
if (opts['fs-offset']) FS_OFFSET = Number(opts['fs-offset']);
if (opts['fs-size']) FS_SIZE = Number(opts['fs-size']);
if (!['typical', 'max'].includes(opts['flash-timing'])) {
  fail(`--flash-timing must be typical or max, not ${opts['flash-timing']}`);
}
setBusyTimes(opts['flash-timing']);
const uf2Blocks = []; // [flash offset, length] of each block the UF2 carries

function readUF2(path) {
  let data;
  try {
    data = readFileSync(path);
  } catch (e) {
    fail(`cannot read the UF2 ${path}: ${e.code || e.message}`);
  }
  const image = new Uint8Array(FLASH_SIZE).fill(0xff);
  let blocks = 0;
  for (let at = 0; at + 512 <= data.length; at += 512) {
    const v = new DataView(data.buffer, data.byteOffset + at, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157 ||
        v.getUint32(508, true) !== 0x0ab16f30) {
      fail(`${path} is not a UF2 file (bad block magic at byte ${at})`);
    }
    const flags = v.getUint32(8, true);
    if (flags & 1) {
      continue; // "not main flash"
    }
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    if (flags & 0x2000 && v.getUint32(28, true) !== 0xe48bff56) {
      continue; // a block for another family (e.g. RP2350 in a combined file)
    }
    if (addr < 0x10000000 || addr + size > 0x10000000 + FLASH_SIZE || size > 476) {
      fail(`${path} is not a UF2 for the RP2040's flash (block at 0x${addr.toString(16)})`);
    }
    image.set(data.subarray(at + 32, at + 32 + size), addr - 0x10000000);
    uf2Blocks.push([addr - 0x10000000, size]);
    blocks++;
  }
  if (!blocks) {
    fail(`${path} holds no RP2040 flash blocks (is it a UF2 for the RP2040?)`);
  }
  return image;
}

function readBootrom(path) {
  let data;
  try {
    data = readFileSync(path);
  } catch (e) {
    fail(`cannot read the boot ROM ${path}: ${e.code || e.message}`);
  }
  // The RP2040 ROM is 16 KB and carries 'M' 'u' 0x01 at 0x10 (the ROM table magic).
  if (data.length !== 16384 || data[0x10] !== 0x4d || data[0x11] !== 0x75 || data[0x12] !== 1) {
    fail(`${path} is not an RP2040 boot ROM (want the 16384-byte rp2040 B1 bootrom.bin)`);
  }
  return new Uint32Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
}

if (!opts.uf2) fail('no UF2 given (--uf2, or GEEKOUT_PICO_UF2)');
if (!opts.bootrom) fail('no boot ROM given (--bootrom, or GEEKOUT_PICO_BOOTROM)');
const PANELS = ['ssd1306', 'sh1106', 'ssd1306-spi', 'sh1106-spi', 'none'];
if (!PANELS.includes(opts.panel)) {
  fail(`--panel must be ${PANELS.slice(0, -1).join(', ')} or none, not ${opts.panel}`);
}
// The SPI module (spi_panel.mjs) instead of the I2C one: the I2C bus is then empty.
const panelOnSpi = opts.panel.endsWith('-spi');
const panelAddress = Number(opts.addr);
if (panelAddress !== 0x3c && panelAddress !== 0x3d) {
  fail(`--addr must be 0x3c or 0x3d, not ${opts.addr}`);
}
const firmwareImage = readUF2(opts.uf2);
const bootrom = readBootrom(opts.bootrom);
const pins = { I2C_ID: 0, I2C_SDA: 4, I2C_SCL: 5, BUTTONS: [10, 11, 12, 13], NEOPIXEL_PIN: 16, PIEZO_PIN: 15,
  SPI_ID: 0, SPI_CS: 17, SPI_DC: 20, SPI_RES: 21, ...JSON.parse(opts.pins) };

// The flash outlives the chip: a power cycle keeps it, a snapshot copies it.
const flashArray = new Uint8Array(FLASH_SIZE);
flashArray.set(firmwareImage);
flashArray.fill(0xff, FS_OFFSET, FS_OFFSET + FS_SIZE);
if (opts.flash) {
  loadFS(opts.flash);
}
if (opts.chip) {
  const chip = readFileSync(opts.chip);
  if (chip.length !== FLASH_SIZE) fail(`${opts.chip}: a chip image must be ${FLASH_SIZE} bytes`);
  flashArray.set(chip);
  for (const [at, size] of uf2Blocks) {
    flashArray.set(firmwareImage.subarray(at, at + size), at);
  }
}

function loadFS(path) {
  const fs = readFileSync(path);
  if (fs.length !== FS_SIZE) {
    throw new Error(`${path}: a flash image must be ${FS_SIZE} bytes, not ${fs.length}`);
  }
  flashArray.set(fs, FS_OFFSET);
}

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');

let board = null; // the chip and its parts, made anew at each power-up
let halted = false; // power cut: the CPU does nothing until the next power-up
let nsPerCycle = 8; // of the chip's clk_sys (rp2040js steps 8 ns a cycle whatever it is)
let cutPlan = null; // {op, mode}: cut the power at that flash operation
let serialClient = null;
const buttonsDown = new Set();
let panelPresent = opts.panel !== 'none';
let flashTotals = { erases: 0, programs: 0, ops: 0 };
// With flash_log on: the flash when logging began and every operation since, so the
// flash as it was at any operation (cut there, whole or torn) can be rebuilt.
let flashLog = null;
let pioClock = null; // the PIO blocks' state machines, stepped on the emulated clock

/** Stock rp2040js runs PIO on node's timers: step it in execute() instead (parts.mjs). */
function stepPioOnTheClock(mcu) {
  pioClock = new PioClock(mcu);
}

// The watchdog's registers a watchdog reset keeps (REASON, SCRATCH0-7), as the chip does.
const WATCHDOG = 0x40058;

/** A new chip on the same flash. `kept`: the watchdog state a reset carries over. */
function powerUp(kept = null) {
  const mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom); // (resets the chip, and its flash array)
  mcu.flash.set(flashArray); // the same bytes the last power-down left
  const flash = new NorFlash(mcu.flash, mcu.clock);
  const ioqspi = new IOQSPI(mcu, flash);
  mcu.peripherals[0x18000] = new FlashSSI(mcu, flash, ioqspi);
  mcu.peripherals[0x40018] = ioqspi;
  if (flashLog) {
    flash.log = flashLog.ops;
  }
  flash.onOperation = (op) => {
    if (cutPlan && op.op + flashTotals.ops === cutPlan.op) {
      const mode = cutPlan.mode;
      cutPlan = null;
      halted = true;
      emit({ ev: 'cut', op: op.op + flashTotals.ops, kind: op.kind, addr: op.addr, mode,
        t: mcu.clock.nanos });
      return mode;
    }
    return 'go';
  };
  for (const uart of mcu.uart) {
    mendUart(uart);
  }
  stepPioOnTheClock(mcu);
  const bus = new I2CBus(mcu, mcu.i2c[pins.I2C_ID], {
    address: panelAddress,
    present: panelPresent && !panelOnSpi,
    onTransaction: (addr, data, t0, t1) => emit({ ev: 'i2c', addr, hex: hex(data), t0, t1 }),
    sda: pins.I2C_SDA,
    scl: pins.I2C_SCL,
    onFreed: (clocks) => emit({ ev: 'i2c_freed', clocks, t: mcu.clock.nanos }),
  });
  const spiPanel = new SPIPanel(mcu, mcu.spi[pins.SPI_ID], {
    cs: pins.SPI_CS,
    dc: pins.SPI_DC,
    res: pins.SPI_RES,
    present: panelPresent && panelOnSpi,
    onTransfer: (dc, data, t0, t1) => emit({ ev: 'spi', dc, hex: hex(data), t0, t1 }),
    onReset: (t) => emit({ ev: 'panel_reset', t }),
  });
  const leds = new NeoPixelDecoder(mcu, pins.NEOPIXEL_PIN, (rgb, t) => emit({ ev: 'leds', rgb, t }));
  new PiezoWatch(mcu, pins.PIEZO_PIN, (hz, t) => emit({ ev: 'tone', hz, t }));
  const cdc = new HostCDC(mcu.usbCtrl);
  cdc.onSerialData = (data) => {
    emit({ ev: 'serial', hex: hex(data), t: mcu.clock.nanos });
    serialText += Buffer.from(data).toString('latin1');
    if (serialText.length > 65536) {
      serialText = serialText.slice(-32768);
    }
    if (running && running.until !== undefined && serialText.includes(running.until)) {
      running.found = true;
    }
    if (serialClient) {
      serialClient.write(Buffer.from(data));
    }
  };
  // Buttons wired to ground with pull-ups: released reads high.
  for (const p of pins.BUTTONS) {
    mcu.gpio[p].setInputValue(!buttonsDown.has(p));
  }
  // Stock rp2040js steps 8 ns a cycle whatever clk_sys is: step by the real clock.
  nsPerCycle = 1e9 / mcu.clkSys;
  mcu.addClockListener((hz) => {
    nsPerCycle = 1e9 / hz;
  });
  mcu.core.PC = 0x10000000; // boot stage 2 at the start of flash, as the ROM would
  halted = false;
  const b = { mcu, flash, bus, spiPanel, leds, cdc, resetBy: null, get nsPerCycle() { return nsPerCycle; } };
  // rp2040js only logs a watchdog trigger; the chip resets (the timer ran out, or
  // software forced it: machine.reset()). The CPU stops at once; loop() restarts it.
  const watchdog = mcu.peripherals[WATCHDOG];
  if (kept) {
    watchdog.reason = kept.reason;
    watchdog.scratchData.set(kept.scratch);
  }
  watchdog.onWatchdogTrigger = () => {
    b.resetBy = watchdog.reason === 2 ? 'force' : 'watchdog';
    // Stop its timer: run out, it would fire again at once, forever, in this clock tick.
    watchdog.timer.enable = false;
    watchdog.alarm.enable = false;
  };
  board = b;
  return board;
}

/** The watchdog reset the chip: a new chip on the same flash, the panel, LEDs and USB
 * host unchanged; emulated time starts again at 0 (as after power_cycle). A run in
 * progress goes on for the time it had left. */
function watchdogReset() {
  const { mcu } = board;
  const watchdog = mcu.peripherals[WATCHDOG];
  const before = mcu.clock.nanos;
  const by = board.resetBy;
  keepFlash();
  flashTotals = flashCounts();
  powerUp({ reason: watchdog.reason, scratch: Uint32Array.from(watchdog.scratchData) });
  const now = board.mcu.clock.nanos;
  emit({ ev: 'reset', by, t: before });
  if (running && !running.free) {
    running.target = now + (running.target - before);
  } else if (running) {
    running.wallStart = undefined;
    running.emuStart = undefined;
  }
}

function keepFlash() {
  // The chip's flash array is the truth while it runs; copy it out for power-downs.
  flashArray.set(board.mcu.flash.subarray(0, FLASH_SIZE));
}

function flashCounts() {
  const f = board.flash;
  return { erases: flashTotals.erases + f.erases, programs: flashTotals.programs + f.programs,
    ops: flashTotals.ops + f.ops };
}

let serialText = '';
let running = null; // {target, id, until} of the "run" in progress, or {free: true}

/** Execute until emulated time `target` (ns), for at most `budget` cycles. */
function execute(target, budget) {
  const { mcu } = board;
  const { core, clock } = mcu;
  const pio = pioClock;
  let cycles = 0;
  const r = running;
  while (cycles < budget && !halted && !(r && r.found) && !board.resetBy) {
    const now = clock.nanos;
    if (now >= target) {
      break;
    }
    if (now >= pio.next) {
      pio.step(now, nsPerCycle); // Infinity while no state machine runs: one comparison
    }
    if (core.waiting) {
      // Asleep (WFI): on to the next alarm, PIO step or the target, 1 ms at most (a far
      // alarm must not carry a free run days ahead).
      const toAlarm = Math.min(clock.nextAlarm ? clock.nanosToNextAlarm : Infinity, 1e6,
        pio.next - now);
      const step = Math.max(Math.min(toAlarm, target - now), 1);
      clock.tick(step);
      cycles += Math.ceil(step / nsPerCycle);
    } else {
      const c = core.executeInstruction();
      clock.tick(c * nsPerCycle);
      cycles += c;
    }
  }
  board.leds.poll();
}

function loop() {
  if (!running) {
    return;
  }
  const { mcu } = board;
  let target = running.target;
  if (running.free) {
    // Free-running (a host on the serial port): emulated time never runs ahead of the
    // wall clock, or an idle board would live through hours while mpremote waits.
    const wall = performance.now() * 1e6;
    running.wallStart ??= wall;
    running.emuStart ??= mcu.clock.nanos;
    target = running.emuStart + (wall - running.wallStart);
    if (mcu.clock.nanos >= target) {
      setTimeout(loop, 1);
      return;
    }
  }
  execute(target, 3e6);
  if (board.resetBy) {
    watchdogReset();
    setImmediate(loop);
    return;
  }
  if (serialClient && board.cdc.room && serialClient.isPaused()) {
    serialClient.resume();
  }
  if (!running.free) {
    const found = !!running.found;
    if (halted || found || mcu.clock.nanos >= running.target) {
      const r = running;
      running = null;
      keepFlash();
      emit({ id: r.id, ok: true, t: mcu.clock.nanos, cut: halted, found });
      drain();
      return;
    }
  }
  setImmediate(loop);
}

const queue = [];
function drain() {
  while (queue.length && (!running || running.free)) {
    handle(queue.shift());
  }
}

function handle(msg) {
  const { id, cmd } = msg;
  const reply = (extra = {}) => emit({ id, ok: true, ...extra });
  const { mcu } = board;
  try {
    switch (cmd) {
      case 'run': {
        // Run `ms` of emulated time (or until the serial output holds `until`).
        if (msg.until !== undefined) {
          serialText = '';
        }
        running = { id, target: mcu.clock.nanos + msg.ms * 1e6, until: msg.until };
        setImmediate(loop);
        return;
      }
      case 'free':
        running = { free: true };
        setImmediate(loop);
        reply();
        return;
      case 'pin': {
        const down = !msg.value;
        if (down) buttonsDown.add(msg.gpio); else buttonsDown.delete(msg.gpio);
        mcu.gpio[msg.gpio].setInputValue(!!msg.value);
        reply({ t: mcu.clock.nanos });
        return;
      }
      case 'serial':
        board.cdc.send(Buffer.from(msg.hex, 'hex'));
        reply();
        return;
      case 'host_reading':
        board.cdc.setReading(!!msg.on);
        reply();
        return;
      case 'i2c_fail':
        board.bus.failures = msg.count;
        reply();
        return;
      case 'i2c_stick':
        board.bus.stick(msg.clocks);
        reply();
        return;
      case 'i2c_bus':
        reply({ stuck: board.bus.stuckClocks, clocks: board.bus.clocks, stops: board.bus.stops });
        return;
      case 'panel':
        panelPresent = !!msg.present;
        board.bus.present = panelPresent && !panelOnSpi;
        board.spiPanel.present = panelPresent && panelOnSpi;
        reply();
        return;
      case 'stats':
        reply({ t: mcu.clock.nanos, flash: flashCounts(), i2c_bytes: board.bus.bytes,
          i2c_hz: board.bus.hz, i2c_cycle_ns: board.bus.cycleNanos, spi_bytes: board.spiPanel.bytes, spi_hz: board.spiPanel.hz,
          clk_sys: mcu.clkSys, clk_peri: mcu.clkPeri, halted });
        return;
      case 'xip':
        // The XIP cache model (parts.mjs), started at the first ask: its counts so far.
        board.xip ??= new XipCache(mcu);
        reply({ reads: board.xip.reads, misses: board.xip.misses, mark: board.xip.mark });
        return;
      case 'cut_at':
        cutPlan = { op: msg.op, mode: msg.mode || 'torn' };
        reply();
        return;
      case 'power_cycle': {
        keepFlash();
        const c = flashCounts();
        flashTotals = c;
        powerUp();
        reply({ t: board.mcu.clock.nanos });
        return;
      }
      case 'flash_log':
        keepFlash();
        flashLog = { base: Uint8Array.from(flashArray), first: flashCounts().ops, ops: [] };
        board.flash.log = flashLog.ops;
        reply({ first: flashLog.first });
        return;
      case 'flash_ops':
        reply({ first: flashLog.first,
          ops: flashLog.ops.map((o) => [o.kind === 'erase' ? 'E' : 'P', o.addr, o.length]) });
        return;
      case 'flash_at': {
        // The littlefs region as it was when power was cut at operation `op` (counted as
        // cut_at counts), with that operation applied as `mode` says.
        const image = Uint8Array.from(flashLog.base);
        const upto = msg.op - flashLog.first;
        if (upto < 0 || upto >= flashLog.ops.length) {
          throw new Error(`operation ${msg.op} is not in the log (${flashLog.first}..${flashLog.first + flashLog.ops.length - 1})`);
        }
        for (let i = 0; i < upto; i++) {
          applyOperation(image, flashLog.ops[i], 'go');
        }
        applyOperation(image, flashLog.ops[upto], msg.mode || 'torn');
        writeFileSync(msg.path, image.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
        reply();
        return;
      }
      case 'save_flash':
        keepFlash();
        writeFileSync(msg.path, flashArray.subarray(FS_OFFSET, FS_OFFSET + FS_SIZE));
        reply();
        return;
      case 'save_chip':
        keepFlash();
        writeFileSync(msg.path, flashArray);
        reply();
        return;
      case 'load_flash':
        loadFS(msg.path);
        reply();
        return;
      case 'quit':
        reply();
        process.exit(0);
        return;
      default:
        emit({ id, ok: false, error: `unknown command ${cmd}` });
    }
  } catch (e) {
    emit({ id, ok: false, error: String(e.message || e) });
  }
}

powerUp();

if (opts['serial-port'] !== undefined) {
  const server = net.createServer((sock) => {
    if (serialClient) {
      sock.end();
      return;
    }
    serialClient = sock;
    sock.on('data', (data) => {
      board.cdc.send(data);
      if (!board.cdc.room) {
        sock.pause();
      }
    });
    const gone = () => {
      if (serialClient === sock) serialClient = null;
    };
    sock.on('close', gone);
    sock.on('error', gone);
  });
  server.on('error', (e) => {
    fail(`cannot listen on 127.0.0.1:${opts['serial-port']}: ${e.code === 'EADDRINUSE' ? 'port in use' : e.message}`);
  });
  server.listen(Number(opts['serial-port']), '127.0.0.1', () => {
    emit({ ev: 'serial_port', port: server.address().port });
  });
}

const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    emit({ ok: false, error: 'bad control line' });
    return;
  }
  if (msg.cmd === 'pause') {
    if (running && running.free) {
      running = null;
      keepFlash();
    }
    emit({ id: msg.id, ok: true, t: board.mcu.clock.nanos });
    drain();
    return;
  }
  queue.push(msg);
  drain();
});
rl.on('close', () => process.exit(0));
emit({ ev: 'ready' });
