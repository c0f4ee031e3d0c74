// The SPI panel option (a 7-pin SSD1306 or SH1106 module: GND VCC D0 D1 RES DC CS) on the
// emulated Pico's SPI block, as I2CBus in parts.mjs models the I2C module: each byte
// takes its time at the clock the firmware programmed, and what the controller takes in
// is reported to the panel model (panels.py, in Python) with its D/C# level.
import { GPIOPinState } from 'rp2040js';

/**
 * The module on one RP2040 SPI block (rp2040js's RPSPI: onTransmit(value) when a byte
 * leaves the TX FIFO, completeTransmit(rx) when it has been shifted out), and on three
 * GPIOs: CS (active low), DC (low: command, high: display data) and RES (low: reset).
 *
 * A byte takes 8 SCK periods at the rate SSPCPSR and SSPCR0.SCR give from clk_peri
 * (the gap the PL022 leaves between frames in mode 0 is not modelled: a frame's time is
 * a lower bound). The controller samples D/C# with each byte's eighth clock, so DC is
 * read when the byte's last bit is out; bytes clocked while CS is high or RES low are
 * not taken in. Consecutive bytes taken in with the same DC level in one CS low are
 * reported as one transfer {dc, data, t0, t1} (ns); a falling edge on RES as a reset.
 * The module has no MISO: the Pico reads zeros. A missing panel (`present` false) takes
 * nothing in, and the firmware cannot tell (nothing answers on SPI).
 */
export class SPIPanel {
  constructor(mcu, spi, { cs = 17, dc = 20, res = 21, present = true, onTransfer = () => {},
    onReset = () => {} } = {}) {
    this.mcu = mcu;
    this.spi = spi;
    this.present = present;
    this.onTransfer = onTransfer;
    this.onReset = onReset;
    this.cs = mcu.gpio[cs];
    this.dc = mcu.gpio[dc];
    this.res = mcu.gpio[res];
    this.bytes = 0; // bytes clocked out on the bus (taken in or not)
    this.run = null; // {dc, data, t0, t1}: the transfer being collected
    this.value = 0;
    this.byteStart = 0;
    const clock = mcu.clock;
    this.alarm = clock.createAlarm(() => this.shifted());
    spi.onTransmit = (value) => {
      this.value = value;
      this.byteStart = clock.nanos;
      this.alarm.schedule(8 * this.bitNanos);
    };
    this.cs.addListener(() => {
      if (!this.low(this.cs)) {
        this.flush(); // CS up: the transfer ends
      }
    });
    let resLow = false;
    this.res.addListener(() => {
      const was = resLow;
      resLow = this.low(this.res);
      if (resLow && !was) {
        this.flush();
        if (this.present) {
          this.onReset(clock.nanos);
        }
      }
    });
  }

  /** A GPIO driven low (an output at 0); an undriven line is taken as high. */
  low(pin) {
    return pin.value === GPIOPinState.Low;
  }

  /** SCK's frequency as programmed (Hz); 0 before the block is set up. */
  get hz() {
    return this.spi.clockFrequency;
  }

  get bitNanos() {
    const hz = this.hz;
    return hz > 0 ? 1e9 / hz : 1e3;
  }

  /** The byte's eighth bit is out: the controller takes it in (CS low, RES high). */
  shifted() {
    const now = this.mcu.clock.nanos;
    this.bytes++;
    if (this.present && this.low(this.cs) && !this.low(this.res)) {
      const dc = this.low(this.dc) ? 0 : 1;
      if (this.run && this.run.dc !== dc) {
        this.flush();
      }
      if (!this.run) {
        this.run = { dc, data: [], t0: this.byteStart, t1: now };
      }
      this.run.data.push(this.value & 0xff);
      this.run.t1 = now;
    }
    this.spi.completeTransmit(0);
  }

  flush() {
    const run = this.run;
    this.run = null;
    if (run && run.data.length) {
      this.onTransfer(run.dc, Uint8Array.from(run.data), run.t0, run.t1);
    }
  }
}
