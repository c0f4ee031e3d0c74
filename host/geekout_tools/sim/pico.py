"""`geekout sim --runtime pico`: the firmware as deployed (the .mpy build on the emulated
littlefs, the real hal/board.py) on an emulated RP2040 running the real MicroPython rp2
firmware (geekout_tools/pico: rp2040js under node, the panel's datasheet model, the
WS2812 decoder). Keys are button presses on the GPIOs.

Random presses follow sim/headless.py: the same key weights and the same xorshift
(boards/sim.py: Dice(seed * 7 + 3)) for the key and a pause of up to 600 ms after it, the
gadget's dice seeded with the seed (gadget.py's probe; seed 0: the board's own), a
power cycle every 2,500 presses (the flash kept). Errors are the tracebacks the firmware
prints on USB serial.
"""

import json
import struct
import tempfile
from pathlib import Path

from .. import outputs
from ..errors import UsageError
from ..inputs import check_input, printable
from . import host

# The I2C modules, the SPI ones (7-pin: the gadget is set for them, see install()), none.
PANELS = ("ssd1306", "sh1106", "ssd1306-spi", "sh1106-spi", "none")
PANEL_CHOICES = "ssd1306, sh1106, ssd1306-spi, sh1106-spi or none"
LED_COUNT = 4  # hal/pins.py NEOPIXEL_COUNT: what the LEDs show before the first frame
_UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)  # start 0, start 1, end of a block
_RP2040_FAMILY = 0xE48BFF56
_BOOTROM_SIZE = 16384


def _line(e):
    """An exception's message as one line."""
    return " ".join(str(e).split()) or type(e).__name__


def check_setup(uf2=None, bootrom=None, panel="ssd1306"):
    """(uf2, bootrom) paths, checked: they exist and look like a UF2 and an RP2040 boot
    ROM, node and rp2040js are installed, the panel is known. UsageError (one line) else."""
    from ..pico.emulator import PicoUnavailable, find_files, node_ready

    if panel not in PANELS:
        raise UsageError("--panel must be {}, not '{}'".format(PANEL_CHOICES,
                                                                printable(panel, 40)))
    for option, given, what in (("--uf2", uf2, "UF2"), ("--bootrom", bootrom, "boot ROM")):
        if given is not None:  # a FIFO or a device is refused before it is opened
            check_input(given, "{} ({})".format(what, option))
    try:
        uf2, bootrom = find_files(uf2, bootrom)
        node_ready()
    except PicoUnavailable as e:
        raise UsageError(_line(e)) from None
    with open(uf2, "rb") as f:
        block = f.read(512)
    words = struct.unpack("<8I", block[:32]) if len(block) == 512 else (0,) * 8
    end = struct.unpack("<I", block[508:]) if len(block) == 512 else (0,)
    if Path(uf2).stat().st_size % 512 or (words[0], words[1], end[0]) != _UF2_MAGIC:
        raise UsageError("{} is not a UF2 file (the RPI_PICO MicroPython firmware from "
                         "micropython.org/download/RPI_PICO)".format(uf2))
    if words[2] & 0x2000 and words[7] != _RP2040_FAMILY:  # a family id given: RP2040's?
        raise UsageError("{} is a UF2 for another chip (family 0x{:08x}, not the RP2040's "
                         "0x{:08x}): use the RPI_PICO build".format(uf2, words[7], _RP2040_FAMILY))
    size = Path(bootrom).stat().st_size
    if size != _BOOTROM_SIZE:
        raise UsageError("{} is not an RP2040 boot ROM ({} bytes, not {})".format(
            bootrom, size, _BOOTROM_SIZE))
    return uf2, bootrom


def check_flash(path):
    """A --flash image: absent (made at the first run) or a file of the image's size."""
    from ..pico import fsimage

    p = Path(str(path))
    if p.is_dir() and not p.is_symlink() and str(path).strip():
        raise UsageError("--flash must name a flash image file with --runtime pico, "
                         "not the folder {}".format(printable(path)))
    outputs.check_output(path, "--flash")  # saved at the end: no link, device or folder
    if not p.exists():
        return
    if p.stat().st_size != fsimage.IMAGE_SIZE:
        raise UsageError("--flash {}: a flash image is {} bytes, not {}".format(
            printable(path), fsimage.IMAGE_SIZE, p.stat().st_size))
    try:
        fsimage.read_files(p)
    except Exception as e:  # noqa: BLE001 - littlefs says little that is one line
        raise UsageError("--flash {} is not a littlefs image ({})".format(
            printable(path), _line(e))) from None


def _is_firmware(name):
    return name == "main.py" or name.startswith("geekout/")


def spi_settings(old, panel):
    """settings.json (bytes) for a gadget wired to the SPI module `panel` ("ssd1306-spi",
    "sh1106-spi"): the display setting names it (the gadget drives SPI only when its
    build or its setting says so, hal/display.panel_kind); the other values kept from
    `old` (the file's bytes, or None) when it is a good one."""
    values = {"v": 1, "display": panel, "brightness": 3, "sound": True}
    try:
        d = json.loads(old.decode()) if old else None
    except ValueError:
        d = None
    if isinstance(d, dict) and d.get("v") == 1:
        for k in ("brightness", "sound"):
            if k in d:
                values[k] = d[k]
    return json.dumps(values).encode()


def install(build_dir, image, out, panel="ssd1306"):
    """The image the Pico powers up with: `image` (a kept --flash file, or None for a blank
    flash) with the build deployed on it as `make deploy` would (firmware files replaced,
    stale ones removed, saved games and settings kept; for an SPI `panel` the display
    setting set to it: spi_settings). Returns the path to load: `image` itself when it
    already holds this build, else `out` (written)."""
    from ..pico import fsimage

    files = fsimage.build_files(build_dir)
    old = {}
    if image is not None and Path(image).exists():
        old = fsimage.read_files(image)
        files = dict({n: d for n, d in old.items() if not _is_firmware(n)}, **files)
    if panel.endswith("-spi"):
        files["settings.json"] = spi_settings(files.get("settings.json"), panel)
    if old and files == old:
        return str(image)
    fsimage.make_image(files, out)
    return str(out)


class Session:
    """The gadget on an emulated Pico, watched by gadget.py's probe, across power cycles.
    Use as a context manager; `flash`: an image file loaded if it exists and saved at
    close (None: a fresh flash, thrown away)."""

    def __init__(self, uf2, bootrom, panel="ssd1306", seed=1, flash=None,
                 flash_timing="typical"):
        from ..build import build
        from ..pico.emulator import Pico, PicoUnavailable
        from ..pico.gadget import Gadget

        self._gadget_type = Gadget
        self.seed = seed
        # absolute (node runs elsewhere), not resolved: a link there is refused, not followed
        self.flash = None if flash is None else str(Path(flash).absolute())
        self.press_ms = []
        self.ready_ms = []
        self.screens = []
        self.errors = 0
        self.peak = 0
        self.free_at_boot = None
        self.erases = 0
        self.programs = 0
        self.pico = None
        self.gadget = None
        self._base = None
        self._tmp = tempfile.TemporaryDirectory(prefix="geekout-pico-")
        try:
            fw = Path(self._tmp.name) / "firmware"
            _written, errs = build(fw)
            if errs:
                raise RuntimeError("mpy-cross failed: " + "; ".join(errs))
            image = install(fw, self.flash, Path(self._tmp.name) / "flash.img", panel)
            try:
                self.pico = Pico(uf2, bootrom, panel=panel, flash=image,
                                 flash_timing=flash_timing)
            except PicoUnavailable as e:
                raise UsageError(_line(e)) from None
            self._start()
        except BaseException:
            self.close(save=False)
            raise

    def _start(self):
        self.gadget = self._gadget_type(self.pico, seed=self.seed)
        if self.free_at_boot is None:
            self.free_at_boot = self.gadget.free_at_boot
        self._base = self.pico.stats()["flash"]

    def _fold(self, finished):
        """The figures of the gadgets finished so far, plus the running one's; with
        `finished` the running one's are kept as done (before a power cycle)."""
        g, pico = self.gadget, self.pico
        assert g is not None and pico is not None
        g.settle()
        f = pico.stats()["flash"]
        base = self._base or f
        press_ms = self.press_ms + g.press_ms
        ready_ms = self.ready_ms + g.ready_ms
        screens = self.screens + [n for n in g.screens if n not in self.screens]
        figures = {"press_ms": press_ms, "ready_ms": ready_ms, "screens": screens, "errors": self.errors + g.errors,
                   "peak": max(self.peak, g.peak_heap),
                   "erases": self.erases + f["erases"] - base["erases"],
                   "programs": self.programs + f["programs"] - base["programs"]}
        if finished:
            self.press_ms, self.screens, self.errors = press_ms, screens, figures["errors"]
            self.ready_ms = ready_ms
            self.peak, self.erases, self.programs = (figures["peak"], figures["erases"],
                                                     figures["programs"])
            self.gadget = None
        return figures

    def key(self, k):
        """Press one key (keys.py code); its press-to-screen ms, or None."""
        assert self.gadget is not None
        return self.gadget.key(k)

    def run(self, ms):
        """Let `ms` of emulated time pass (the gadget's timers run)."""
        if ms > 0:
            assert self.pico is not None
            self.pico.run(ms)

    def power_cycle(self):
        """Power off and on with the flash kept; the gadget started again with the probe."""
        assert self.pico is not None
        self._fold(True)
        self.pico.power_cycle()
        self._start()

    def frame(self):
        """The panel's picture (1024 bytes, MONO_VLSB), or None with no panel."""
        assert self.pico is not None
        return self.pico.frame()

    def leds(self):
        assert self.pico is not None
        return [tuple(c) for c in self.pico.leds] or [(0, 0, 0)] * LED_COUNT

    def report(self):
        """The figures so far, as the contract's JSON (without "presses")."""
        from ..pico.gadget import summary

        f = self._fold(False)
        return {"screens": f["screens"], "errors": f["errors"], "peak_heap_bytes": f["peak"],
                "free_heap_at_boot": self.free_at_boot, "press_ms": summary(f["press_ms"]),
                "ready_ms": summary(f["ready_ms"]),
                "flash_erases": f["erases"], "flash_programs": f["programs"]}

    def close(self, save=True):
        try:
            if save and self.flash is not None and self.pico is not None:
                # beside the image, then renamed over it: whole or not at all, and
                # never through a link put there meanwhile (outputs.put_in_place)
                tmp = outputs.temp_name_beside(self.flash)
                try:
                    self.pico.save_flash(Path(tmp).resolve())
                except BaseException:
                    Path(tmp).unlink(missing_ok=True)
                    raise
                outputs.put_in_place(tmp, self.flash, "--flash")
        finally:
            if self.pico is not None:
                self.pico.close()
                self.pico = None
            self._tmp.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_headless(presses, seed, script, uf2, bootrom, panel="ssd1306", flash=None,
                 flash_timing="typical"):
    """(report, frame or None, LED colours): `script` keys, then `presses` random ones."""
    host.cpython_paths()
    import headless
    from boards.sim import Dice

    rng = Dice(seed * 7 + 3)
    total = len(script) + presses
    with Session(uf2, bootrom, panel, seed, flash, flash_timing) as s:
        for i in range(total):
            if i < len(script):
                s.key(script[i])
                continue
            k = headless.pick(rng(100))
            pause = rng(600)
            if (i + 1) % headless._REBOOT_EVERY == 0:
                s.power_cycle()
            s.key(k)
            s.run(pause)
        report = dict(presses=total, **s.report())
        return report, s.frame(), s.leds()
