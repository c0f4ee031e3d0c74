// The Pico's 2 MB QSPI NOR flash (a W25Q16JV), as the boot ROM and the SDK drive it:
// the SSI block in plain SPI mode pushes one byte into the chip and pulls one back for
// each byte, with chip select forced by IO_QSPI's SS override (or driven by the SSI
// itself around a burst, as boot stage 2 does).
//
// Stock rp2040js 1.4.1 has only a stub behind the SSI, so every littlefs write failed
// (OSError 36). This model makes writes land in the emulator's flash array, with the
// chip's rules (write enable, page wrap, program only clears bits, erase sets 0xFF),
// its busy times (read status bit 0), and counters and a hook for power-cut tests.
//
// Written here because no package models a SPI NOR flash behind rp2040js's SSI.
import { BasePeripheral } from 'rp2040js';

const PAGE = 256;
const SECTOR = 4096;

// Busy times (W25Q16JV datasheet, AC characteristics): typical (page program 0.4 ms,
// sector erase 45 ms, 64 KB block erase 150 ms, 32 KB 120 ms, chip erase 5 s, status
// write 10 ms), or the datasheet's maximum (3 ms, 400 ms, 2 s, 1.6 s, 25 s, 15 ms): an
// aged chip, the longest stall a save can make (harness --flash-timing max).
const TYPICAL_NS = {
  program: 400e3,
  erase4k: 45e6,
  erase32k: 120e6,
  erase64k: 150e6,
  chip: 5e9,
  status: 10e6,
};
const MAX_NS = {
  program: 3e6,
  erase4k: 400e6,
  erase32k: 1600e6,
  erase64k: 2000e6,
  chip: 25e9,
  status: 15e6,
};
const BUSY_NS = { ...TYPICAL_NS };

/** "typical" or "max": the busy times every flash chip made from now on takes. */
export function setBusyTimes(kind) {
  if (kind !== 'typical' && kind !== 'max') {
    throw new Error(`flash timing must be typical or max, not ${kind}`);
  }
  Object.assign(BUSY_NS, kind === 'max' ? MAX_NS : TYPICAL_NS);
}

const JEDEC_ID = [0xef, 0x40, 0x15];
const UNIQUE_ID = [0xe6, 0x60, 0x58, 0x38, 0x83, 0x4a, 0x2b, 0x2c];

export class NorFlash {
  /** @param {Uint8Array} array the emulator's flash (offset 0 = XIP 0x10000000) */
  constructor(array, clock) {
    this.array = array;
    this.clock = clock;
    this.size = 2 * 1024 * 1024;
    this.selected = false;
    this.bytes = []; // the bytes of the command in progress (command, address, data)
    this.wel = false;
    this.busyUntil = 0;
    this.erases = 0;
    this.programs = 0;
    this.ops = 0; // erases + programs, in order: the index a power cut is armed at
    // Called before each erase or program is applied: (op) => "go" | "torn" | "skip".
    // "torn" applies part of it, "skip" none; either way the caller then cuts power.
    this.onOperation = null;
    this.cut = false; // a power cut happened: the chip ignores everything after
    this.log = null; // when a list: every erase and program, in order (for flash_at)
  }

  get busy() {
    return this.clock.nanos < this.busyUntil;
  }

  select() {
    this.selected = true;
    this.bytes = [];
  }

  deselect() {
    if (this.selected && this.bytes.length) {
      this.finish();
    }
    this.selected = false;
    this.bytes = [];
  }

  /** One byte in on MOSI, one byte out on MISO. */
  transfer(value) {
    if (!this.selected) {
      return 0xff;
    }
    const b = this.bytes;
    b.push(value);
    const cmd = b[0];
    const n = b.length - 1; // index of this byte after the command byte
    switch (cmd) {
      case 0x05: // read status register 1: BUSY bit 0, WEL bit 1
        return n === 0 ? 0xff : (this.busy ? 1 : 0) | (this.wel ? 2 : 0);
      case 0x35: // status register 2: QE set (quad mode already enabled)
        return n === 0 ? 0xff : 0x02;
      case 0x15: // status register 3
        return n === 0 ? 0xff : 0x60;
      case 0x9f:
        return n >= 1 && n <= 3 ? JEDEC_ID[n - 1] : 0xff;
      case 0x4b: // unique id: 4 dummy bytes, then 8 bytes
        return n >= 5 && n <= 12 ? UNIQUE_ID[n - 5] : 0xff;
      case 0x03: // read: 3 address bytes, then data
      case 0x0b: {
        // fast read: 3 address bytes, 1 dummy byte, then data
        const first = cmd === 0x03 ? 4 : 5;
        if (n < first) {
          return 0xff;
        }
        const addr = ((b[1] << 16) | (b[2] << 8) | b[3]) + (n - first);
        return this.array[addr % this.size];
      }
      default:
        return 0xff;
    }
  }

  finish() {
    const b = this.bytes;
    const cmd = b[0];
    if (this.cut) {
      return;
    }
    switch (cmd) {
      case 0x06:
        this.wel = true;
        return;
      case 0x04:
        this.wel = false;
        return;
      case 0x01: // write status: accepted and ignored (QE stays set)
      case 0x31:
        if (this.wel) {
          this.wel = false;
          this.busyUntil = this.clock.nanos + BUSY_NS.status;
        }
        return;
      case 0x02:
        if (b.length > 4) {
          this.program(((b[1] << 16) | (b[2] << 8) | b[3]) % this.size, b.slice(4));
        }
        return;
      case 0x20:
        this.erase(b, SECTOR, BUSY_NS.erase4k);
        return;
      case 0x52:
        this.erase(b, 32 * 1024, BUSY_NS.erase32k);
        return;
      case 0xd8:
        this.erase(b, 64 * 1024, BUSY_NS.erase64k);
        return;
      case 0xc7:
      case 0x60:
        if (this.wel && !this.busy) {
          this.wel = false;
          this.array.fill(0xff, 0, this.size);
          this.busyUntil = this.clock.nanos + BUSY_NS.chip;
        }
        return;
      default:
        return;
    }
  }

  program(addr, data) {
    if (!this.wel || this.busy) {
      return; // the chip ignores a program without write enable or while busy
    }
    this.wel = false;
    // Bytes past the end of the page wrap to its start; the last 256 sent are kept.
    const kept = data.length > PAGE ? data.slice(data.length - PAGE) : data;
    const verdict = this.decide('program', addr, kept.length, kept);
    applyOperation(this.array, { kind: 'program', addr, length: kept.length, data: kept }, verdict);
    this.busyUntil = this.clock.nanos + BUSY_NS.program;
  }

  erase(b, size, busyNs) {
    if (b.length < 4 || !this.wel || this.busy) {
      return;
    }
    this.wel = false;
    const addr = (((b[1] << 16) | (b[2] << 8) | b[3]) % this.size) & ~(size - 1);
    const verdict = this.decide('erase', addr, size);
    applyOperation(this.array, { kind: 'erase', addr, length: size }, verdict);
    this.busyUntil = this.clock.nanos + busyNs;
  }

  decide(kind, addr, length, data) {
    if (kind === 'erase') {
      this.erases++;
    } else {
      this.programs++;
    }
    if (this.log) {
      this.log.push({ kind, addr, length, data: data ? Uint8Array.from(data) : null });
    }
    const op = this.ops++;
    const verdict = this.onOperation ? this.onOperation({ op, kind, addr, length }) : 'go';
    if (verdict !== 'go') {
      this.cut = true;
    }
    return verdict;
  }
}

/**
 * One erase or page program applied to a flash array: "go" whole, "skip" not at all,
 * "torn" cut in the middle (a program writes its first half; an erase leaves its first
 * half erased and the second with alternate bytes erased: bits no reader can trust).
 * The same function serves the live chip and the rebuilding of past flash states.
 */
export function applyOperation(array, op, verdict) {
  if (verdict === 'skip') {
    return;
  }
  const { addr, length } = op;
  if (op.kind === 'erase') {
    if (verdict === 'torn') {
      array.fill(0xff, addr, addr + (length >> 1));
      for (let a = addr + (length >> 1); a < addr + length; a += 2) {
        array[a] = 0xff;
      }
    } else {
      array.fill(0xff, addr, addr + length);
    }
    return;
  }
  const count = verdict === 'torn' ? length >> 1 : length;
  const page = addr & ~(PAGE - 1);
  for (let i = 0; i < count; i++) {
    array[page + ((addr + i) & (PAGE - 1))] &= op.data[i]; // NOR: programming only clears bits
  }
}

// SSI registers the ROM and boot stage 2 use (RP2040 datasheet 4.10.13).
const CTRLR0 = 0x00;
const CTRLR1 = 0x04;
const SSIENR = 0x08;
const SER = 0x10;
const BAUDR = 0x14;
const TXFLR = 0x20;
const RXFLR = 0x24;
const SR = 0x28;
const IDR = 0x58;
const VERSION_ID = 0x5c;
const DR0 = 0x60;
const RX_SAMPLE_DLY = 0xf0;
const SPI_CTRLR0 = 0xf4;
const SR_TFNF = 0x02;
const SR_TFE = 0x04;
const SR_RFNE = 0x08;

/** The SSI with the flash chip wired behind it. */
export class FlashSSI extends BasePeripheral {
  constructor(rp2040, flash, ioqspi) {
    super(rp2040, 'SSI');
    this.flash = flash;
    this.ioqspi = ioqspi;
    this.regs = new Map();
    this.rx = [];
    this.autoBurst = false; // chip select driven by the SSI for the current burst
  }

  readUint32(offset) {
    switch (offset) {
      case SR:
        // The SSI finished its burst: with chip select left to the SSI, that ends
        // the command (boot stage 2 polls SR for this between commands).
        if (this.autoBurst && !this.ioqspi.forced) {
          this.autoBurst = false;
          this.flash.deselect();
        }
        return SR_TFNF | SR_TFE | (this.rx.length ? SR_RFNE : 0);
      case DR0:
        return this.rx.length ? this.rx.shift() : 0;
      case RXFLR:
        return this.rx.length;
      case TXFLR:
        return 0;
      case IDR:
        return 0x51535049;
      case VERSION_ID:
        return 0x3430312a;
      default:
        return this.regs.get(offset) ?? 0;
    }
  }

  writeUint32(offset, value) {
    switch (offset) {
      case DR0: {
        if (!this.ioqspi.forced && !this.autoBurst) {
          this.autoBurst = true;
          this.flash.select();
        }
        this.rx.push(this.flash.transfer(value & 0xff));
        if (this.rx.length > 16) {
          this.rx.shift(); // the RX FIFO is 16 deep
        }
        return;
      }
      case SSIENR:
        if (!(value & 1)) {
          this.rx = [];
          if (this.autoBurst) {
            this.autoBurst = false;
            this.flash.deselect();
          }
        }
        this.regs.set(offset, value);
        return;
      case CTRLR0:
      case CTRLR1:
      case SER:
      case BAUDR:
      case RX_SAMPLE_DLY:
      case SPI_CTRLR0:
      default:
        this.regs.set(offset, value);
    }
  }
}

/** IO_QSPI: only the chip-select pad's output override matters to the flash. */
export class IOQSPI extends BasePeripheral {
  constructor(rp2040, flash) {
    super(rp2040, 'IO_QSPI');
    this.flash = flash;
    this.regs = new Map();
    this.forced = false; // chip select forced low (selected) by software
  }

  readUint32(offset) {
    return this.regs.get(offset) ?? 0;
  }

  writeUint32(offset, value) {
    this.regs.set(offset, value);
    if (offset === 0x0c) {
      // GPIO_QSPI_SS_CTRL, OUTOVER bits 8-9: 2 = drive low, 3 = drive high, 0 = SSI
      const over = (value >> 8) & 3;
      if (over === 2) {
        if (!this.forced) {
          this.flash.select();
        }
        this.forced = true;
      } else {
        if (this.forced) {
          this.flash.deselect();
        }
        this.forced = false;
      }
    }
  }
}
