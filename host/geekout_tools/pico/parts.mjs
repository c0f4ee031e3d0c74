// The parts wired to the emulated Pico's pins (hal/pins.py): the OLED on I2C0, the
// WS2812 chain, the piezo's PWM, the USB host's CDC side; and the mends that stock
// rp2040js 1.4.1 needs for MicroPython (USB OUT storm, UART TX interrupt, PIO timing).
import { USBCDC } from 'rp2040js';

// SCL rise time on the bus (ns): the Fast-mode maximum of the I2C-bus specification
// (UM10204, table 10), the pessimistic end: see I2CBus.bitNanos.
const I2C_RISE_NS = 300;

/**
 * The I2C bus with one panel on it (or none). Each byte, start and stop takes its
 * time at the bus frequency set by the firmware, so a redraw costs what it costs on
 * the real bus; each write transaction is reported whole, with the time of its stop.
 */
export class I2CBus {
  constructor(mcu, i2c, { address = 0x3c, present = true, onTransaction = () => {}, sda = 4,
    scl = 5, onFreed = () => {} } = {}) {
    this.mcu = mcu;
    this.i2c = i2c;
    this.address = address;
    this.present = present;
    this.onTransaction = onTransaction;
    this.failures = 0; // transactions still to fail (a loose wire): NACK on the address
    // A slave holding SDA low (cut off mid-byte): every transaction fails until SCL,
    // driven as a GPIO, has been clocked `stuckClocks` more times; then SDA is let go.
    this.stuckClocks = 0;
    this.clocks = 0; // SCL pulses made as a GPIO since the bus stuck
    this.stops = 0; // stop conditions made as GPIOs (SDA rising while SCL is high)
    this.onFreed = onFreed;
    this.sda = mcu.gpio[sda];
    this.scl = mcu.gpio[scl];
    // The bus's pull-ups: both lines read high unless something pulls them low.
    this.sda.setInputValue(true);
    this.scl.setInputValue(true);
    const SIO = 5;
    const low = (state) => state === 0; // GPIOPinState.Low: driven low
    let sclLow = false;
    let sdaLow = false;
    this.scl.addListener((state) => {
      const was = sclLow;
      sclLow = this.scl.functionSelect === SIO && low(state);
      if (was && !sclLow && this.stuckClocks > 0) {
        this.clocks++;
        if (--this.stuckClocks === 0) {
          this.sda.setInputValue(true);
          this.onFreed(this.clocks);
        }
      }
    });
    this.sda.addListener((state) => {
      const was = sdaLow;
      sdaLow = this.sda.functionSelect === SIO && low(state);
      if (was && !sdaLow && !sclLow) {
        this.stops++;
      }
    });
    this.txn = null;
    this.bytes = 0;
    // Stock rp2040js 1.4.1 takes an IC_FS_SPKLEN write only when the value's bit 0 is
    // clear (it tests the value for IC_ENABLE): the SDK's 11 at 400 kHz read back 7. The
    // chip takes any value from 1 up while the block is disabled (datasheet 4.3, IC_FS_SPKLEN).
    const write = i2c.writeUint32.bind(i2c);
    i2c.writeUint32 = (offset, value) => {
      if (offset === 0xa0) {
        if (!(i2c.enable & 1) && (value & 0xff) > 0) {
          i2c.spikelen = value & 0xff;
        }
        return;
      }
      write(offset, value);
    };
    const clock = mcu.clock;
    this.alarm = clock.createAlarm(() => this.step());
    this.pending = null;
    i2c.onStart = () => i2c.completeStart();
    i2c.onConnect = (addr, mode) => {
      let ack = this.present && addr === this.address && this.stuckClocks === 0;
      if (ack && this.failures > 0) {
        this.failures--;
        ack = false;
      }
      this.txn = ack ? { addr, read: mode === 1, data: [], start: clock.nanos } : null;
      this.later(9, () => {
        i2c.completeConnect(ack);
        if (!ack) {
          // An abort flushes the TX FIFO, so TX_EMPTY is raised as the hardware's level
          // would be (stock rp2040js leaves it clear and the SDK times out: ETIMEDOUT
          // instead of the EIO a real NACK gives).
          i2c.setInterrupts(1 << 4);
        }
      });
    };
    i2c.onWriteByte = (value) => {
      if (this.txn) {
        this.txn.data.push(value);
      }
      this.later(9, () => i2c.completeWrite(true));
    };
    i2c.onReadByte = () => {
      // A read of either controller returns its status byte: display on/off in bit 6
      // is all a driver ever looks at; 0x00 is "on, not busy" on the SH1106.
      this.later(9, () => i2c.completeRead(0x00));
    };
    i2c.onStop = () => {
      const txn = this.txn;
      this.txn = null;
      this.later(1, () => {
        if (txn && !txn.read && txn.data.length) {
          this.bytes += txn.data.length + 1;
          this.onTransaction(txn.addr, Uint8Array.from(txn.data), txn.start, clock.nanos);
        }
        i2c.completeStop();
      });
    };
  }

  /** A slave holds SDA low until SCL has been clocked `clocks` times (as a GPIO). */
  stick(clocks) {
    this.stuckClocks = clocks;
    this.clocks = 0;
    this.stops = 0;
    this.sda.setInputValue(clocks === 0);
  }

  /**
   * SCL period as the RP2040's I2C block makes it from the counts the firmware programmed
   * (RP2040 datasheet, section 4.3.14, IC_CLK frequency configuration, 4.3.14.1 "Minimum
   * high and low counts in SS, FS, and FM+
   * modes"): high = HCNT + IC_FS_SPKLEN + 7 ic_clk cycles (the block counts the high
   * time only once it sees SCL high through its spike filter: clock synchronisation,
   * 4.3.9), low = LCNT + 1, and the bus's rise time on top (SCL released, the pull-ups
   * lift it before the block can see it high). MicroPython's rp2 machine.I2C at 400 kHz
   * calls pico-sdk's i2c_set_baudrate: period = 313 cycles at 125 MHz, LCNT = 3/5 of it
   * = 187, HCNT = 126, SPKLEN = LCNT / 16 = 11; so 126 + 11 + 7 + 187 + 1 = 332 cycles,
   * 2,656 ns, plus the rise time: 300 ns (the I2C-bus specification's Fast-mode maximum,
   * a module's 4.7k pull-ups on a few cm of wire rise faster) gives 2,956 ns, 338 kHz,
   * the slow end of a real bus; with no rise time 376 kHz. The gadget asks 425 kHz
   * (hal/pins.py): period 294, LCNT 176, HCNT 118, SPKLEN 11, 313 cycles, 2,504 ns with
   * no rise (cycleNanos: the panels' 2.5 us at least), 2,804 ns and 357 kHz with 300.
   */
  get bitNanos() {
    const ns = this.cycleNanos + I2C_RISE_NS;
    return Math.max(ns, 1e3); // at most 1 MHz (Fast-mode Plus)
  }

  /** The SCL period the block's counts make with no rise time at all: the shortest a
   * bus can see, which the panels' datasheets bound (2.5 us: hal/pins.py, I2C_FREQ). */
  get cycleNanos() {
    const i2c = this.i2c;
    const counts = i2c.sclHighPeriod + i2c.sclLowPeriod;
    if (counts <= 0) {
      return 2500 - I2C_RISE_NS; // not programmed yet: 400 kHz
    }
    const cycles = i2c.sclHighPeriod + (i2c.spikelen & 0xff) + 7 + i2c.sclLowPeriod + 1;
    return (cycles * 1e9) / this.mcu.clkSys; // the I2C block runs on clk_sys
  }

  get hz() {
    return 1e9 / this.bitNanos;
  }

  later(bits, fn) {
    this.pending = fn;
    this.alarm.schedule(bits * this.bitNanos);
  }

  step() {
    const fn = this.pending;
    this.pending = null;
    if (fn) {
      fn();
    }
  }
}

/**
 * WS2812 data decoded from the pin's transitions: a high pulse under 580 ns is a 0,
 * longer a 1 (the chip's own threshold sits between 0.35 and 0.9 us); a low of 50 us
 * or more latches the frame. Reports each latched frame as [r, g, b] per LED.
 */
export class NeoPixelDecoder {
  constructor(mcu, pin, onFrame) {
    this.clock = mcu.clock;
    this.onFrame = onFrame;
    this.bits = [];
    this.riseAt = -1;
    this.fallAt = -1;
    mcu.gpio[pin].addListener((state) => this.edge(state === 1));
  }

  edge(high) {
    const now = this.clock.nanos;
    if (high) {
      if (this.fallAt >= 0 && now - this.fallAt >= 50e3) {
        this.latch();
      }
      this.riseAt = now;
    } else if (this.riseAt >= 0) {
      this.bits.push(now - this.riseAt > 580 ? 1 : 0);
      this.fallAt = now;
      this.riseAt = -1;
    }
  }

  /** Latch a frame whose reset time has passed (called between slices too). */
  poll() {
    if (this.bits.length && this.riseAt < 0 && this.clock.nanos - this.fallAt >= 50e3) {
      this.latch();
    }
  }

  latch() {
    const bits = this.bits;
    this.bits = [];
    const leds = [];
    for (let i = 0; i + 24 <= bits.length; i += 24) {
      let v = 0;
      for (let j = 0; j < 24; j++) {
        v = (v << 1) | bits[i + j];
      }
      leds.push([(v >> 8) & 0xff, (v >> 16) & 0xff, v & 0xff]); // sent as G, R, B
    }
    if (leds.length) {
      this.onFrame(leds, this.fallAt);
    }
  }
}

/** The piezo's tone: frequency and duty of the PWM slice behind its pin. */
export class PiezoWatch {
  constructor(mcu, pin, onTone) {
    this.mcu = mcu;
    this.pin = pin;
    this.onTone = onTone;
    this.last = '';
    const pwm = mcu.pwm;
    const write = pwm.writeUint32.bind(pwm);
    pwm.writeUint32 = (offset, value) => {
      write(offset, value);
      this.check();
    };
    const io = mcu.gpio[pin];
    io.addListener(() => this.check());
  }

  check() {
    const { mcu, pin } = this;
    const ch = mcu.pwm.channels[(pin >> 1) & 7];
    const gpio = mcu.gpio[pin];
    let hz = 0;
    let duty = 0;
    if (gpio.functionSelect === 4 && ch.csr & 1) {
      const div = Math.max(ch.div, 16) / 16; // 8.4 fixed point
      const phaseCorrect = ch.csr & 2 ? 2 : 1;
      const top = ch.top + 1;
      const cc = pin & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
      hz = mcu.clkSys / div / top / phaseCorrect;
      duty = Math.min(cc / top, 1);
    }
    const sound = duty > 0 && duty < 1 ? hz : 0;
    const key = sound.toFixed(1);
    if (key !== this.last) {
      this.last = key;
      this.onTone(Math.round(sound * 10) / 10, mcu.clock.nanos);
    }
  }
}

/**
 * The USB host's side of the CDC serial port. Stock USBCDC answers every OUT buffer
 * the device arms at once, with an empty packet when it has nothing to send: an
 * interrupt storm (CPU-bound code ran 3.2x slower) and a 512-byte FIFO that dropped
 * what did not fit. Here an armed OUT buffer waits until there are bytes, the queue
 * has no limit (the sender is paced by `room`), and the host can stop reading IN
 * data (a monitor holding the port open without reading).
 */
export class HostCDC extends USBCDC {
  constructor(usb) {
    super(usb);
    this.queue = [];
    this.armed = null; // [endpoint, size] of an OUT buffer the device is waiting on
    this.reading = true;
    this.heldIn = [];
    this.connected = false;
    this.onDeviceConnected = () => {
      this.connected = true;
    };
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint === this.outEndpoint) {
        this.armed = [endpoint, size];
        this.feed();
      }
    };
    const ready = usb.indicateBufferReady.bind(usb);
    usb.indicateBufferReady = (endpoint, out) => {
      if (!out && endpoint === this.inEndpoint && endpoint > 0 && !this.reading) {
        this.heldIn.push(endpoint); // the host does not collect: the device's IN buffer stays full
        return;
      }
      ready(endpoint, out);
    };
    this.ready = ready;
  }

  send(bytes) {
    for (const b of bytes) {
      this.queue.push(b);
    }
    this.feed();
  }

  get room() {
    return this.queue.length < 4096;
  }

  feed() {
    if (!this.armed || !this.queue.length) {
      return;
    }
    const [endpoint, size] = this.armed;
    this.armed = null;
    const chunk = Uint8Array.from(this.queue.splice(0, Math.min(size, 64)));
    this.usb.endpointReadDone(endpoint, chunk);
  }

  setReading(on) {
    this.reading = on;
    if (on) {
      const held = this.heldIn;
      this.heldIn = [];
      for (const ep of held) {
        this.ready(ep, false);
      }
    }
  }
}

/**
 * UART: stock rp2040js sets the TX interrupt again every time interrupts are checked,
 * so it can never be cleared and code using machine.UART hangs. Here it is raised
 * only when a byte leaves the (ideal, instant) transmitter.
 */
export function mendUart(uart) {
  const TXINTR = 1 << 5;
  uart.checkInterrupts = function () {
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
  const write = uart.writeUint32.bind(uart);
  uart.writeUint32 = (offset, value) => {
    write(offset, value);
    if (offset === 0x00) {
      uart.interruptStatus |= TXINTR;
      uart.checkInterrupts();
    }
  };
}

/**
 * PIO on the emulated clock. Stock rp2040js 1.4.1 runs each PIO block 1000 instructions
 * per setTimeout(0) turn of node's event loop, whatever the state machines' clock
 * dividers and the instructions' delay cycles (those only add to a counter), so PIO
 * timing follows the host's wall clock, not the chip's. Here that run loop is stopped
 * and the harness steps each enabled state machine when emulated time reaches its next
 * instruction: an instruction and its delay take (1 + delay) x (clock divider, int +
 * frac/256) clk_sys periods; a stalled one (a blocking push on a full FIFO) one period.
 * Also mended: FJOIN_RX gives the RX FIFO the TX FIFO's 4 entries too (8 deep).
 */
export class PioClock {
  constructor(mcu) {
    this.mcu = mcu;
    this.running = []; // {sm, pio, due}: each enabled state machine, due: ns of its next step
    this.next = Infinity; // the earliest due of them (the harness's one comparison)
    for (const pio of mcu.pio) {
      pio.run = () => {}; // no wall-clock run loop: step() runs them
      const write = pio.writeUint32.bind(pio);
      pio.writeUint32 = (offset, value) => {
        const joined = pio.machines.map((sm) => sm.shiftCtrl >>> 30);
        write(offset, value);
        if (offset === 0x000) {
          this.enabled(pio); // CTRL: state machines started or stopped
        }
        pio.machines.forEach((sm, i) => {
          if (sm.shiftCtrl >>> 30 !== joined[i]) {
            joinFifos(sm);
          }
        });
      };
    }
  }

  enabled(pio) {
    const now = this.mcu.clock.nanos;
    this.running = this.running.filter((r) => r.sm.enabled);
    for (const sm of pio.machines) {
      if (sm.enabled && !this.running.some((r) => r.sm === sm)) {
        this.running.push({ sm, pio, due: now }); // starts at its next clock tick: now
      }
    }
    this.next = Math.min(Infinity, ...this.running.map((r) => r.due));
  }

  /** Step every state machine whose instructions are due by `now` (ns). */
  step(now, nsPerCycle) {
    let next = Infinity;
    for (const r of this.running) {
      const { sm } = r;
      while (r.due <= now) {
        const before = sm.cycles;
        sm.step();
        r.pio.checkChangedPins();
        const cycles = Math.max(sm.cycles - before, 1);
        r.due += cycles * ((sm.clockDivInt || 65536) + sm.clockDivFrac / 256) * nsPerCycle;
      }
      next = Math.min(next, r.due);
    }
    this.next = next;
  }
}

function joinFifos(sm) {
  // SHIFTCTRL bit 31 FJOIN_RX, bit 30 FJOIN_TX: a change flushes both FIFOs (datasheet).
  const FIFO = sm.rxFIFO.constructor;
  const join = sm.shiftCtrl >>> 30;
  sm.rxFIFO = new FIFO(join & 2 ? 8 : join & 1 ? 0 : 4);
  sm.txFIFO = new FIFO(join & 1 ? 8 : join & 2 ? 0 : 4);
  sm.updateDMARx();
  sm.updateDMATx();
}

/**
 * The RP2040's XIP cache, counted, not timed: the emulated CPU reads flash in one cycle,
 * a real one waits for the QSPI flash on every miss of its 16 KB cache (RP2040
 * datasheet 2.6.3.1, XIP Cache: two-way set-associative, 8-byte lines, 1024 of them). Every read
 * the CPU makes of the XIP window goes through this model (LRU replacement within a
 * set); the NOALLOC aliases (0x11/0x13) do not fill it, the NOCACHE ones (0x12/0x13) do
 * not look in it: a miss each. The cost of a miss is applied by the bench (docs/pico.md, XIP cache misses).
 * Not modelled: the flush after a flash program or erase (at most 1024 refills), DMA
 * reads of flash, the bus's prefetch. A read of MARK (the last word of the 2 MB flash, through
 * XIP_NOCACHE_NOALLOC) notes the misses so far in `mark`: the gadget's probe reads it
 * when the main loop goes back to sleep after a key (host/geekout_tools/pico/gadget.py).
 */
export const XIP_MARK = 0x131ffffc;

export class XipCache {
  constructor(mcu) {
    this.reads = 0;
    this.misses = 0;
    this.mark = 0;
    this.tags = new Int32Array(1024).fill(-1); // way w of set s at 2 * s + w
    this.recent = new Uint8Array(512); // per set: the way used last
    const r32 = mcu.readUint32.bind(mcu);
    const r16 = mcu.readUint16.bind(mcu);
    const r8 = mcu.readUint8.bind(mcu);
    mcu.readUint32 = (a) => {
      this.touch(a >>> 0);
      return r32(a);
    };
    mcu.readUint16 = (a) => {
      this.touch(a >>> 0);
      return r16(a);
    };
    mcu.readUint8 = (a) => {
      this.touch(a >>> 0);
      return r8(a);
    };
  }

  touch(address) {
    const region = address >>> 24;
    if (region < 0x10 || region > 0x13) {
      return;
    }
    if (address === XIP_MARK) {
      this.mark = this.misses;
      return;
    }
    this.reads++;
    const line = (address & 0xffffff) >>> 3;
    const set = line & 511;
    const tag = line >>> 9;
    const at = set * 2;
    if (!(region & 2)) { // XIP_NOCACHE (0x12, 0x13) does not look: straight to the flash
      if (this.tags[at] === tag) {
        this.recent[set] = 0;
        return;
      }
      if (this.tags[at + 1] === tag) {
        this.recent[set] = 1;
        return;
      }
    }
    this.misses++;
    if (!(region & 1)) {
      const way = this.recent[set] ^ 1; // the least recently used way
      this.tags[at + way] = tag;
      this.recent[set] = way;
    }
  }
}
