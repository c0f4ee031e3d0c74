"""The buttons' debouncer: a PIO state machine reading four contiguous button pins and
queueing each new debounced state (bit i: pin base + i, 1 = up) in its RX FIFO.

It runs while the CPU has interrupts off (a flash erase), so hal/buttons.py's polls
still get a tap made then. The rule and its timing: docs/gadget.md, Buttons.
"""

# The program's names (mov, isr, jmp...) are rp2.asm_pio's: it supplies them while it
# assembles, so the linters cannot see them.
# ruff: noqa: F821
# pyright: reportUndefinedVariable=false

import rp2

# Every instruction takes 4 PIO cycles ([3]) at 10 kHz: 0.4 ms. StateMachine computes
# the clock divider from clk_sys (machine.freq()) when it starts: 12,500 at 125 MHz,
# and the 16-bit divider holds it up to 655 MHz. In instructions:
#   at rest the pins are sampled every 5 (2.0 ms);
#   a sample (A) that differs from the state last pushed is read again 5, 9 and 13
#   later (B1, B2, B3) and pushed only if all four agree: the same state over
#   13 x 0.4 = 5.2 ms (CONFIRM_MS is 5), read at most 2.0 ms apart. So pin low runs
#   shorter than 5 ms, with the line up 2 ms or more between them, are never a key.
# One state for all four pins: a change on any pin during the window starts it again.
HZ = 10000
DEPTH = 8  # RX FIFO entries (joined): 4 whole taps between two polls


@rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT, fifo_join=rp2.PIO.JOIN_RX)
def _program():
    # x: the state being confirmed; y: the last sample (or the confirmed state, to
    # compare); osr: the state last pushed. Starts here with x = 31 (no state): B1
    # differs and it goes to top.
    label("confirm")
    mov(isr, null)[3]
    in_(pins, 4)[3]  # B1
    mov(y, isr)[3]
    jmp(x_not_y, "top")[3]
    mov(isr, null)[3]
    in_(pins, 4)[3]  # B2
    mov(y, isr)[3]
    jmp(x_not_y, "top")[3]
    mov(isr, null)[3]
    in_(pins, 4)[3]  # B3
    mov(y, isr)[3]
    jmp(x_not_y, "top")[3]
    # Blocking: with the FIFO full the machine waits for a poll, so what it pushes and
    # what it compares with stay the states the CPU reads (a dropped state could leave
    # a button down for good).
    push(block)[3]
    mov(osr, y)[3]
    wrap_target()
    label("top")
    mov(isr, null)[3]
    in_(pins, 4)[3]  # A
    mov(x, isr)[3]
    mov(y, osr)[3]
    jmp(x_not_y, "confirm")[3]
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
