"""The buttons' debouncer: a PIO state machine reading four contiguous button pins and
queueing each new debounced state (bit i: pin base + i, 1 = up) in its RX FIFO.

It runs while the CPU has interrupts off (a flash erase), so hal/buttons.py's polls
still get a tap made then. The rule and its timing: docs/gadget.md, Buttons.
"""

# The program's names (mov, isr, jmp, set...) are rp2.asm_pio's: it supplies them while
# it assembles, so the linters cannot see them (and take `set` for the builtin).
# ruff: noqa: F821
# pyright: reportUndefinedVariable=false

import rp2

# The clock is 10 kHz: a cycle 0.1 ms, an instruction 1 + its delay ([n]) cycles.
# StateMachine computes the clock divider from clk_sys (machine.freq()) when it starts:
# 12,500 at 125 MHz, and the 16-bit divider holds it up to 655 MHz. In cycles:
#   at rest the pins are sampled every 5 (0.5 ms);
#   a sample (A) that differs from the state last pushed is read again 20 cycles later
#   (B1). If all four buttons are then up and both readings say so, the state is pushed
#   (a release of the last button held: 2.6 ms after A);
#   else it is read again 36 and 52 cycles after A (B2, B3) and pushed only if all four
#   readings agree: the same state over 5.2 ms (CONFIRM_MS is 5), read at most 2.0 ms
#   apart. So pin low runs shorter than 5 ms, with the line up 2 ms or more between
#   them, are never a press.
# Why a release may be shorter: while a button is held its closed contacts tie the line
# to ground, so no spike lifts it; only the contacts opening do, and the bounce as they
# open is low runs shorter than 5 ms, never a press. The OK and BACK keys come at their
# release, so this is 2.9 ms off every one of them (docs/gadget.md, Buttons).
# One state for all four pins: a change on any pin during the window starts it again.
HZ = 10000
DEPTH = 8  # RX FIFO entries (joined): 4 whole taps between two polls


@rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT, fifo_join=rp2.PIO.JOIN_RX)
def _program():
    # x: the state being confirmed; y: the last sample (or the confirmed state, to
    # compare); osr: the state last pushed. Starts here with x = 31 (no state): B1
    # differs and it goes to top. Cycles from A in the comments.
    label("confirm")
    mov(isr, null)[15]  # 4-19
    in_(pins, 4)  # B1: 20
    mov(y, isr)
    jmp(x_not_y, "top")
    set(y, 15)  # all four up?  # pyright: ignore[reportCallIssue]
    jmp(x_not_y, "hold")
    jmp("push")  # a release of the last button held: 25
    label("hold")
    mov(isr, null)[10]  # 25-35
    in_(pins, 4)  # B2: 36
    mov(y, isr)
    jmp(x_not_y, "top")
    mov(isr, null)[12]  # 39-51
    in_(pins, 4)  # B3: 52
    mov(y, isr)
    jmp(x_not_y, "top")
    # Blocking: with the FIFO full the machine waits for a poll, so what it pushes and
    # what it compares with stay the states the CPU reads (a dropped state could leave
    # a button down for good).
    label("push")
    push(block)
    mov(osr, y)
    wrap_target()
    label("top")
    mov(isr, null)
    in_(pins, 4)  # A: 0
    mov(x, isr)
    mov(y, osr)
    jmp(x_not_y, "confirm")  # 3
    wrap()


def start(base, state):
    """Start the debouncer on StateMachine 0: pins `base` (a Pin) to base + 3, `state`
    the CPU's reading of them now (0-15), the state it compares the first samples with."""
    sm = rp2.StateMachine(0, _program, freq=HZ, in_base=base)
    sm.exec("set(y, {})".format(state))
    sm.exec("mov(osr, y)")
    sm.exec("set(x, 31)")
    sm.active(1)
    return sm
