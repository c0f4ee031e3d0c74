"""The emulated Pico, driven from Python: starts the node harness (harness.mjs, rp2040js
running the real MicroPython rp2 firmware) and gives tests, the simulator and the
benches its pins, its USB serial port, its flash and the picture on its panel.

Emulated time moves only inside run() (or while free-running for mpremote), so a test
sees the same emulated times on every machine. The panel is a datasheet model
(panels.py) fed with every I2C write the firmware makes (or, for the SPI module, every
run of bytes clocked in with CS low, as command or data by the DC line: spi_panel.mjs); the seat LEDs are decoded from
the WS2812 pin; the piezo's tones are recorded from its PWM.
"""

import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "harness.mjs"
ROOT = HERE.parents[2]

# hal/pins.py, as the harness wires the parts (checked against the pin map by the tests).
BUTTON_GPIO = {"UP": 10, "DOWN": 11, "OK": 12, "BACK": 13}
KEY_GPIO = (10, 11, 12, 13, 12, 13)  # keys.py order: UP DOWN OK BACK LONG_OK LONG_BACK
LONG_KEYS = (4, 5)
LONG_HOLD_MS = 800  # hal/buttons.py LONG_MS is 700
# A quick tap of a player (60-150 ms), well short of the 450 ms repeat delay. Polling
# alone missed a 40 ms tap once in a battle (the main loop was busy longer than the tap
# after the key before it); the buttons' PIO debouncer (hal/debouncer.py) now reads such
# a tap, so the quick end of a player's taps is held here.
SHORT_HOLD_MS = 60
FS_SIZE = 352 * 4096
PANELS = ("ssd1306", "sh1106", "ssd1306-spi", "sh1106-spi", "none")


class PicoUnavailable(Exception):
    """What is missing to run the emulated Pico (one line: what and where to get it)."""


def find_files(uf2=None, bootrom=None):
    """The UF2 and boot ROM paths (arguments, else GEEKOUT_PICO_UF2 / _BOOTROM), checked
    to exist; raises PicoUnavailable saying what is missing."""
    uf2 = uf2 or os.environ.get("GEEKOUT_PICO_UF2")
    bootrom = bootrom or os.environ.get("GEEKOUT_PICO_BOOTROM")
    if not uf2:
        raise PicoUnavailable(
            "no MicroPython UF2: give --uf2 or set GEEKOUT_PICO_UF2 (the RPI_PICO v1.28 "
            "UF2 from micropython.org/download/RPI_PICO)")
    if not bootrom:
        raise PicoUnavailable(
            "no RP2040 boot ROM: give --bootrom or set GEEKOUT_PICO_BOOTROM (bootrom.bin, "
            "revision B1, built from github.com/raspberrypi/pico-bootrom)")
    for what, path in (("UF2", uf2), ("boot ROM", bootrom)):
        if not Path(path).is_file():
            raise PicoUnavailable("the {} {} does not exist".format(what, path))
    return str(uf2), str(bootrom)


def node_ready():
    """The node executable, checked together with the harness's rp2040js install."""
    node = shutil.which("node")
    if node is None:
        raise PicoUnavailable("node is not installed (Node.js 18 or later runs the emulated Pico)")
    if not (ROOT / "node_modules" / "rp2040js" / "package.json").is_file():
        raise PicoUnavailable("rp2040js is not installed: run `make setup` (npm ci) in " + str(ROOT))
    return node


class Pico:
    """One emulated gadget. `panel`: "ssd1306", "sh1106" (I2C), "ssd1306-spi",
    "sh1106-spi" (the SPI module: the gadget must be built or set for it, hal/pins.py
    DISPLAY_DEFAULT or the display setting) or "none"; `flash`: a littlefs
    image (fsimage.py) to power up with; `serial_port`: bridge USB CDC to that TCP port
    on 127.0.0.1 (0 picks a free one: see .serial_port); `flash_timing`: "typical" or
    "max", the flash chip's datasheet busy times (a sector erase 45 ms or 400 ms)."""

    def __init__(self, uf2=None, bootrom=None, panel="ssd1306", addr=0x3C, flash=None,
                 serial_port=None, fs_offset=None, fs_size=None, chip=None,
                 flash_timing="typical"):
        uf2, bootrom = find_files(uf2, bootrom)
        node = node_ready()
        if panel not in PANELS:
            raise ValueError("panel must be one of " + ", ".join(PANELS))
        self.panel_kind = panel
        self.panel = self._new_panel()
        cmd = [node, str(HARNESS), "--uf2", uf2, "--bootrom", bootrom, "--panel", panel,
               "--addr", hex(addr)]
        if flash is not None:
            cmd += ["--flash", str(flash)]
        if serial_port is not None:
            cmd += ["--serial-port", str(serial_port)]
        # Another flash split than the stock RPI_PICO's (the UF2 build: geekout_tools.uf2),
        # and a whole chip to flash the UF2 over (save_chip() wrote it).
        if fs_offset is not None:
            cmd += ["--fs-offset", hex(fs_offset), "--fs-size", hex(fs_size or FS_SIZE)]
        if chip is not None:
            cmd += ["--chip", str(chip)]
        if flash_timing != "typical":  # "max": the flash's datasheet maximum busy times
            cmd += ["--flash-timing", flash_timing]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=str(ROOT))
        self.replies = queue.Queue()
        self.lock = threading.Lock()
        self.serial = bytearray()  # everything the board wrote on USB serial
        self.last_due = 0  # the last key's due moment (ns of emulated time): key()
        self.xip_at_due = False  # key() notes the XIP cache misses at the due moment
        self.last_due_misses = 0
        self.leds = []  # the last latched WS2812 frame: [r, g, b] per seat
        self.led_frames = []  # (t_ns, frame) of every latched frame
        self.tones = []  # (t_ns, hz): each change of the piezo's tone (0 = silent)
        self.i2c = []  # (t0_ns, t1_ns, bytes) of every write since clear_i2c()
        # (t0_ns, t1_ns, dc, bytes): every SPI transfer to the panel since clear_i2c()
        self.spi = []
        # The panel's writes, whichever its bus: key() waits for them to end.
        self.panel_writes = self.spi if panel.endswith("-spi") else self.i2c
        self.panel_resets = []  # t_ns of each RES pulse the SPI module saw
        self.last_i2c = 0.0
        self.cuts = []  # power cuts that happened (the harness's "cut" events)
        self.resets = []  # chip resets: {"by": "watchdog" or "force", "t": ns before it}
        self.bus_freed = []  # {"clocks", "t"}: a stuck SDA let go (stick_sda)
        self.serial_port = None
        self._next = 0
        self._ended = False  # the harness's output ended (it exited)
        self._ready = threading.Event()
        self._port_known = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(30) or self._ended:
            if not self._ended:
                self.proc.kill()
                raise PicoUnavailable("the emulated Pico did not start in 30 s")
            self.proc.wait(10)
            err = self.proc.stderr.read().decode(errors="replace").strip()
            # The harness's own one-line messages name what is wrong and where to get it.
            raise PicoUnavailable(err.removeprefix("geekout pico: ") or "the emulated Pico stopped")
        if serial_port is not None and (not self._port_known.wait(10) or self.serial_port is None):
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
            err = self._stderr()
            self.close()
            raise PicoUnavailable(err.removeprefix("geekout pico: ") or
                                  "the emulated Pico's serial port did not open")

    def _new_panel(self):
        if self.panel_kind == "none":
            return None
        from geekout_tools.pico import panels

        return panels.SH1106() if self.panel_kind.startswith("sh1106") else panels.SSD1306()

    # -- the node side ----------------------------------------------------------------
    def _read(self):
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            ev = msg.get("ev")
            if ev is None:
                self.replies.put(msg)
            elif ev == "serial":
                self.serial += bytes.fromhex(msg["hex"])
            elif ev == "i2c":
                data = bytes.fromhex(msg["hex"])
                self.i2c.append((msg["t0"], msg["t1"], data))
                self.last_i2c = msg["t1"]
                if self.panel is not None:
                    self.panel.i2c_write(data)
            elif ev == "spi":
                data = bytes.fromhex(msg["hex"])
                self.spi.append((msg["t0"], msg["t1"], msg["dc"], data))
                if self.panel is not None:
                    self.panel.spi_write(data, msg["dc"])
            elif ev == "panel_reset":
                self.panel_resets.append(msg["t"])
                if self.panel is not None:
                    self.panel.reset()
            elif ev == "leds":
                self.leds = msg["rgb"]
                self.led_frames.append((msg["t"], msg["rgb"]))
            elif ev == "tone":
                self.tones.append((msg["t"], msg["hz"]))
            elif ev == "i2c_freed":
                self.bus_freed.append(msg)
            elif ev == "cut":
                self.cuts.append(msg)
            elif ev == "reset":  # the chip's watchdog (or machine.reset()) reset it
                self.resets.append(msg)
            elif ev == "serial_port":
                self.serial_port = msg["port"]
                self._port_known.set()
            elif ev == "ready":
                self._ready.set()
        self._ended = True
        self.replies.put({"ok": False, "error": "the emulated Pico stopped"})
        self._ready.set()
        self._port_known.set()

    def call(self, cmd, timeout=3600, **args):
        with self.lock:
            self._next += 1
            msg = dict(args, id=self._next, cmd=cmd)
            try:
                self.proc.stdin.write((json.dumps(msg) + "\n").encode())
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                raise RuntimeError("the emulated Pico stopped: " + self._stderr()) from None
            while True:
                try:
                    reply = self.replies.get(timeout=timeout)
                except queue.Empty:
                    raise RuntimeError("the emulated Pico did not answer " + cmd) from None
                if reply.get("id") == self._next or "id" not in reply:
                    break
        if not reply.get("ok"):
            raise RuntimeError("emulated Pico: " + reply.get("error", "?") + " " + self._stderr())
        return reply

    def _stderr(self):
        if self.proc.poll() is None:
            return ""
        return self.proc.stderr.read().decode(errors="replace").strip()

    def close(self):
        if self.proc.poll() is None:
            try:
                self.call("quit", timeout=10)
            except RuntimeError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- time, pins, serial --------------------------------------------------------------
    def run(self, ms, until=None):
        """Run `ms` of emulated time; stop early once the USB serial output holds `until`
        (bytes or str). Returns the harness's reply: t (ns), found, cut."""
        args = {"ms": ms}
        if until is not None:
            args["until"] = until.decode("latin-1") if isinstance(until, bytes) else until
        return self.call("run", **args)

    @property
    def now(self):
        return self.call("stats")["t"]

    def stats(self):
        """Emulated time, flash erases/programs/ops, I2C bytes and bus rate, SPI bytes and
        SCK rate (spi_bytes, spi_hz), clk_sys, clk_peri."""
        return self.call("stats")

    def xip(self):
        """{"reads", "misses"}: the CPU's reads of flash through the XIP cache model
        (parts.mjs XipCache) since the first call, which starts it."""
        return self.call("xip")

    def set_pin(self, gpio, value):
        return self.call("pin", gpio=gpio, value=1 if value else 0)["t"]

    def hold(self, button, down=True):
        """Press (down) or release one of UP, DOWN, OK, BACK."""
        return self.set_pin(BUTTON_GPIO[button], not down)

    def glitch(self, gpio, us):
        """A spike on a button's line: low for `us` microseconds, then high again (a
        cable, a static discharge); emulated time moves on by `us`."""
        self.set_pin(gpio, 0)
        self.run(us / 1000)
        self.set_pin(gpio, 1)

    def write_serial(self, data):
        self.call("serial", hex=bytes(data).hex())

    def host_reading(self, on):
        """Whether the USB host collects what the board writes (False: a program holds
        the port open without reading)."""
        self.call("host_reading", on=bool(on))

    def fail_i2c(self, count):
        """The next `count` I2C transactions are not acknowledged (a loose wire)."""
        self.call("i2c_fail", count=count)

    def stick_sda(self, clocks=9):
        """A slave holds SDA low (cut off mid-byte): every I2C transaction fails until SCL,
        driven as a GPIO, has been clocked `clocks` times; then SDA is let go."""
        self.call("i2c_stick", clocks=clocks)

    def i2c_bus(self):
        """{"stuck": clocks still owed, "clocks": SCL pulses made as a GPIO since the bus
        stuck, "stops": stop conditions made as GPIOs}."""
        r = self.call("i2c_bus")
        return {k: r[k] for k in ("stuck", "clocks", "stops")}

    def set_panel_present(self, present):
        self.call("panel", present=bool(present))

    def cut_at(self, op, mode="torn"):
        """Cut the power at flash operation `op` (counted from power-up of this run, erases
        and page programs together): "torn" applies half of it, "skip" none of it."""
        self.call("cut_at", op=op, mode=mode)

    def power_cycle(self, hold=()):
        """Power off and on again with the flash as it is; `hold`: buttons held at power-up."""
        for b in hold:
            self.call("pin", gpio=BUTTON_GPIO[b], value=0)
        self.call("power_cycle")
        self.panel = self._new_panel()  # the panel loses power too
        self.serial.clear()

    def log_flash(self):
        """Keep every flash operation from now on (for flash_at); returns the index of the
        next operation."""
        return self.call("flash_log")["first"]

    def flash_ops(self):
        """(first index, [(kind "E"|"P", address, length), ...]) of the logged operations."""
        r = self.call("flash_ops")
        return r["first"], [tuple(o) for o in r["ops"]]

    def flash_at(self, op, path, mode="torn"):
        """Write the littlefs image as it was had the power been cut at operation `op`
        ("torn": half of it applied, "skip": none, "go": all of it)."""
        self.call("flash_at", op=op, path=str(path), mode=mode)

    def save_chip(self, path):
        """The whole 2 MB flash chip as a file (Pico(chip=...) flashes a UF2 over it)."""
        self.call("save_chip", path=str(path))

    def save_flash(self, path):
        """The littlefs region (1408 KB) as a file (fsimage.py reads it)."""
        self.call("save_flash", path=str(path))

    def free(self):
        """Let emulated time run freely (for mpremote on the serial port) until pause()."""
        self.call("free")

    def pause(self):
        self.call("pause")

    def clear_i2c(self):
        """Forget the panel's writes so far (I2C and SPI)."""
        self.i2c.clear()
        self.spi.clear()

    # -- the gadget's keys --------------------------------------------------------------
    def key(self, k, settle_ms=15, max_ms=5000, done=None, min_ms=30, hold_ms=None):
        """Press and release a key (keys.py code) as a player would; wait until the
        redraw it causes is on the panel (the bus quiet for settle_ms after at least
        min_ms, or `done()` true).
        Returns the milliseconds from the moment the key is due (the press for UP/DOWN,
        the release for OK/BACK, the long-press time for LONG_OK/LONG_BACK) to the end of
        the last panel write (I2C or SPI) of its redraw, or None when the key drew nothing. hold_ms: how
        long a short key is held (SHORT_HOLD_MS)."""
        gpio = KEY_GPIO[k]
        hold = LONG_HOLD_MS if k in LONG_KEYS else (hold_ms or SHORT_HOLD_MS)
        self.clear_i2c()
        t_press = self.set_pin(gpio, 0)
        if self.xip_at_due and k not in (2, 3):  # UP, DOWN: due at the press; long keys
            self.last_due_misses = self.xip()["misses"]  # at the press, 700 ms early
        if self.run(hold)["cut"]:
            self.set_pin(gpio, 1)
            return None
        t_release = self.set_pin(gpio, 1)
        if self.xip_at_due and k in (2, 3):  # OK, BACK: due at the release
            self.last_due_misses = self.xip()["misses"]
        if k in LONG_KEYS:
            due = t_press + 700e6
        elif k in (0, 1):
            due = t_press
        else:
            due = t_release
        self.last_due = due  # ns of emulated time: the moment the key counts from
        # Then until the bus has been quiet for settle_ms after the last write.
        waited = 0
        while waited < max_ms:
            if self.run(settle_ms)["cut"]:
                return None  # the power is off
            waited += settle_ms
            if done is not None:
                if done() and waited >= 30:  # a finger is off for 30 ms (20 ms debounce)
                    break
                continue
            w = self.panel_writes
            t = w[-1][1] if w else 0
            if (not w or self.now - t >= settle_ms * 1e6) and waited >= min_ms:
                break
        writes = [w for w in self.panel_writes if w[1] >= due]
        if not writes:
            return None
        return (writes[-1][1] - due) / 1e6

    def frame(self):
        """What the panel shows (1024 bytes, MONO_VLSB), or None with no panel."""
        return None if self.panel is None else self.panel.render()

    # -- the REPL --------------------------------------------------------------------------
    def raw_repl(self, max_ms=3000):
        """Interrupt whatever runs (Ctrl-C) and enter the raw REPL (Ctrl-A); returns once
        the board answered."""
        self.serial.clear()
        self.write_serial(b"\r\x03\x03")
        self.run(100)
        self.write_serial(b"\x01")
        reply = self.run(max_ms, until="raw REPL; CTRL-B to exit\r\n>")
        if not reply["found"]:
            raise RuntimeError("the emulated Pico gave no raw REPL: " + self.serial[-200:].decode(
                "latin-1"))

    def soft_reset(self, max_ms=3000):
        """Soft reset in the raw REPL: a fresh heap, main.py not run."""
        self.serial.clear()
        self.write_serial(b"\x04")
        reply = self.run(max_ms, until="raw REPL; CTRL-B to exit\r\n>")
        if not reply["found"]:
            raise RuntimeError("no raw REPL after a soft reset")

    def exec_raw(self, code, max_ms=60000, wait=True):
        """Run code in the raw REPL (entered first with raw_repl()); returns (stdout,
        stderr) as text, or ("", "") at once with wait=False (code that never returns,
        e.g. the app's main loop)."""
        self.serial.clear()
        data = code.encode() if isinstance(code, str) else code
        for i in range(0, len(data), 256):
            self.write_serial(data[i:i + 256])
        self.write_serial(b"\x04")
        if not wait:
            reply = self.run(200, until="OK")
            return "", ""
        reply = self.run(max_ms, until="\x04>")
        if not reply["found"]:
            raise RuntimeError("the emulated Pico did not finish the code in {} ms: {}".format(
                max_ms, self.serial[-300:].decode("latin-1")))
        text = bytes(self.serial).decode("latin-1")
        start = text.find("OK")
        body = text[start + 2:] if start >= 0 else text
        out, _, rest = body.partition("\x04")
        err = rest.partition("\x04")[0]
        return out, err
