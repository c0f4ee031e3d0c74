# Hardware-in-the-loop smoke test, run ON the gadget by `geekout hil` (mpremote run).
# It uses the deployed firmware's HAL. Steps that need a person (pressing buttons,
# looking at the screen and LEDs) are skipped when PROMPTS is False (set by the host).
# Prints "HIL PASS <step>" / "HIL FAIL <step>: <why>" and a last "HIL n passed, m failed".
import time

PROMPTS = True  # the host rewrites this line for --no-prompts

results = []


def report(step, ok, why=""):
    results.append(ok)
    print("HIL " + ("PASS " if ok else "FAIL ") + step + ("" if ok else ": " + why))


def wait_key(board, wanted, seconds=20):
    """The first key pressed within `seconds`, or None."""
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < seconds * 1000:
        for k in board.buttons.poll(time.ticks_ms()):
            if wanted is None or k in wanted:
                return k
        time.sleep_ms(10)
    return None


def say(board, *lines):
    d = board.display
    d.fill(0)
    for i, line in enumerate(lines):
        d.text(line, 0, i * 10, 1)
    d.show()
    print("HIL >> " + " / ".join(lines))


def main():
    from geekout import keys
    from geekout.hal.board import Board

    try:
        board = Board()
    except OSError as e:
        report("display on I2C", False, "no display answers (" + str(e) + "): check SDA/SCL and 3V3")
        return
    report("display on I2C at 0x{:02X}".format(board.addr), True)

    # Screen: a checkerboard the person can judge.
    d = board.display
    for y in range(0, 64, 8):
        for x in range(0, 128, 8):
            d.fill_rect(x, y, 8, 8, ((x + y) >> 3) & 1)
    d.show()
    if PROMPTS:
        print("HIL >> checkerboard on the screen? OK = yes, BACK = no")
        k = wait_key(board, (keys.OK, keys.BACK))
        report("screen", k == keys.OK, "no answer" if k is None else "the person saw no checkerboard")

    # Buttons, one by one.
    if PROMPTS:
        for name, code in (("UP", keys.UP), ("DOWN", keys.DOWN), ("OK", keys.OK), ("BACK", keys.BACK)):
            say(board, "HIL test", "press " + name)
            k = wait_key(board, None)
            report("button " + name, k == code,
                   "nothing pressed" if k is None else "another key came ({})".format(k))

    # Seat LEDs: each seat lit in its colour, in turn.
    leds = board.leds
    for seat in range(leds.count):
        leds.show_turn(seat, leds.count)
        time.sleep_ms(300)
    leds.show_seats(leds.count)
    if PROMPTS:
        say(board, "HIL test", "LEDs red green", "blue yellow?", "OK yes, BACK no")
        k = wait_key(board, (keys.OK, keys.BACK))
        report("seat LEDs", k == keys.OK, "no answer" if k is None else "the person saw wrong LEDs")
    else:
        report("seat LEDs written", True)
    leds.off()

    board.buzzer.cue("score", time.ticks_ms())
    start = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), start) < 300:  # let the cue play and stop
        board.buzzer.tick(time.ticks_ms())
        time.sleep_ms(10)

    # Journal: write, read back, remove (a saved game is never touched).
    from geekout import journal as jn

    j = jn.Journal(board.storage, "hil-test.goj")
    j.start("masters", b"\x00\x01")
    j.append(b"\x00\x01\x02")
    j.undo(1)
    k = jn.Journal(board.storage, "hil-test.goj")
    status = k.load()
    ok = status == jn.OK and k.game == "masters" and bytes(k.actions) == b"\x00\x01"
    k.clear()
    report("journal write/read", ok, "read back status {} actions {}".format(status, bytes(k.actions)))

    say(board, "HIL test done", "{} passed".format(results.count(True)),
        "{} failed".format(results.count(False)))


try:
    main()
except Exception as e:  # noqa: BLE001 - any failure is a failed step, reported
    report("smoke test", False, repr(e))
print("HIL {} passed, {} failed".format(results.count(True), results.count(False)))
