"""The emulated Pico's own checks: a file that is not the firmware or the boot ROM, a
serial port in use: one line saying what is wrong (and the harness exits with status 2),
never a hang or a traceback."""

import socket
import subprocess

import picoplay
import pytest
from geekout_tools.pico import emulator
from geekout_tools.pico.emulator import HARNESS, Pico, PicoUnavailable

pytestmark = pytest.mark.pico


def harness(*args):
    node = emulator.node_ready()
    return subprocess.run([node, str(HARNESS), *args], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def test_a_file_that_is_not_a_uf2_is_refused(tmp_path):
    bad = tmp_path / "firmware.uf2"
    bad.write_bytes(b"MicroPython? no" * 100)
    _uf2, bootrom = emulator.find_files()
    res = harness("--uf2", str(bad), "--bootrom", bootrom)
    assert res.returncode == 2
    assert res.stderr.strip().count("\n") == 0 and "not a UF2 file" in res.stderr
    with pytest.raises(PicoUnavailable, match="not a UF2 file"):
        Pico(uf2=str(bad))


def test_a_file_that_is_not_the_boot_rom_is_refused(tmp_path):
    uf2, _bootrom = emulator.find_files()
    for data in (b"\0" * 16384, b"\xff" * 100):
        bad = tmp_path / "bootrom.bin"
        bad.write_bytes(data)
        res = harness("--uf2", uf2, "--bootrom", str(bad))
        assert res.returncode == 2
        assert "is not an RP2040 boot ROM" in res.stderr and res.stderr.count("\n") == 1


def test_missing_files_say_where_to_get_them(tmp_path, monkeypatch):
    monkeypatch.delenv("GEEKOUT_PICO_UF2", raising=False)
    with pytest.raises(PicoUnavailable, match="micropython.org"):
        emulator.find_files(bootrom="x")
    with pytest.raises(PicoUnavailable, match="does not exist"):
        emulator.find_files(uf2=str(tmp_path / "none.uf2"), bootrom=str(tmp_path / "none.bin"))
    monkeypatch.delenv("GEEKOUT_PICO_BOOTROM", raising=False)
    with pytest.raises(PicoUnavailable, match="pico-bootrom"):
        emulator.find_files(uf2="x")


def test_a_serial_port_in_use_is_said(image):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        with pytest.raises(PicoUnavailable, match="port in use"):
            Pico(flash=image, serial_port=port)


def test_the_pins_the_harness_wires_are_the_pin_maps():
    from geekout.hal import pins

    assert emulator.BUTTON_GPIO == {"UP": pins.BUTTON_UP, "DOWN": pins.BUTTON_DOWN,
                                    "OK": pins.BUTTON_OK, "BACK": pins.BUTTON_BACK}
    text = HARNESS.read_text()
    wired = ("I2C_ID: {}, I2C_SDA: {}, I2C_SCL: {}, BUTTONS: [{}, {}, {}, {}], "
             "NEOPIXEL_PIN: {}, PIEZO_PIN: {}").format(
        pins.I2C_ID, pins.I2C_SDA, pins.I2C_SCL, pins.BUTTON_UP, pins.BUTTON_DOWN,
        pins.BUTTON_OK, pins.BUTTON_BACK, pins.NEOPIXEL_PIN, pins.PIEZO_PIN)
    assert wired in text
    assert picoplay.ROOT.exists()


PIO_RATE = """
import rp2, time
@rp2.asm_pio()
def prog():
    set(x, 31)
    label("l")
    jmp(x_dec, "l")[31]
    push(block)
sm = rp2.StateMachine(0, prog, freq={hz})
sm.active(1)
t = []
for i in range(4):
    sm.get()
    t.append(time.ticks_us())
sm.active(0)
print(*[time.ticks_diff(t[i + 1], t[i]) for i in range(3)])
"""


def test_pio_runs_at_its_clock_divider_and_delays_on_the_emulated_clock():
    """A state machine counting X down from 31 with a 31-cycle delay on each jump pushes
    every 1 + 32 x 32 + 1 = 1026 PIO cycles: 10.26 ms at 100 kHz (divider 1250), 342 ms
    at 3 kHz (divider 41666 + 170/256), as the CPU's own microsecond ticks measure.
    Stock rp2040js stepped PIO 1000 instructions per turn of node's event loop, whatever
    the divider and the delays: about 20 us between pushes at both."""
    with Pico(panel="none") as pico:
        pico.run(300)
        pico.raw_repl()
        for hz, div in ((100000, 1250), (3000, 41666 + 170 / 256)):
            out, err = pico.exec_raw(PIO_RATE.format(hz=hz), max_ms=20000)
            assert not err, err
            want = 1026 * div / 125  # us at 125 MHz
            for dt in map(int, out.split()):
                assert abs(dt - want) <= 6, (hz, dt, want)  # the ticks' 1 us, a read's time
