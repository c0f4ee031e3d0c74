"""The gadget's Masters hints (geekout/masters/hint.py + hint.bin) against the
host solver: every stored value, and the device-side advise() on CPython and MicroPython."""

import random

import numpy as np
import pytest
from geekout.masters import consts as mc
from geekout.masters import hint as mh
from geekout.masters import rules as m
from geekout_tools.masters import hint_table as ht
from geekout_tools.masters import solver as sv
from mpy_harness import run_micropython

NEEDS = [0] + [sv.points(k) for k in range(1, 11)]  # one need per block


def quantum(need):
    return 1.0 / (mh.POINTS_SCALE if need == 0 else mh.PROB_SCALE)


@pytest.fixture(scope="module")
def table():
    with open(ht.TABLE, "rb") as f:
        yield mh.open_table(f)


def test_file_is_what_the_solver_gives():
    assert ht.TABLE.read_bytes() == ht.table_bytes()


def test_every_stored_value_within_half_a_step_of_the_solver():
    data = ht.TABLE.read_bytes()
    # expected points two bytes a value, the ten probability blocks one byte
    # and the ROLLED block (the review's V just after a roll), two bytes a position
    assert len(data) == (mh.HEADER + 2 * mh.VALUES + 10 * mh.VALUES
                         + 2 * mh.ROLLED_STATES) == 331308
    host, decide = ht.layout()
    offset = mh.HEADER
    for k in data[6:17]:
        need = NEEDS[k]
        sol = sv.solve(need)
        values = np.frombuffer(data, "<u2" if k == 0 else "u1", count=mh.VALUES,
                               offset=offset).astype(float) * quantum(need)
        offset += mh.block_size(k)
        cont = np.array([sol.C[i, u, s] for i, u, s in decide])
        assert np.abs(values[:mh.DECIDE_POINTS] - cont).max() <= quantum(need) / 2 + 1e-12
        assert np.abs(values[mh.DECIDE_POINTS:] - sol.V[host]).max() <= quantum(need) / 2 + 1e-12
    assert data[17] == mh.ROLLED
    sol = sv.solve(0)
    values = np.frombuffer(data, "<u2", count=mh.ROLLED_STATES, offset=offset) * quantum(0)
    assert np.abs(values - sol.V[ht.rolled_layout()]).max() <= quantum(0) / 2 + 1e-12
    assert offset + mh.block_size(mh.ROLLED) == len(data)


def test_a_positions_value_is_its_stored_v(table):
    """hint.value (the review's V of a position, raw: 6 x 1024 a point) is the solver's
    V to half a step, at pass/continue points, just after a roll (used 0, the ROLLED
    block) and after a step (used >= 1); step_value is advise's number for that step."""
    sol = sv.solve(0)
    mdl = sv.model()
    one = 6 * mh.POINTS_SCALE
    for active, inactive, used, scored in sample_positions(400, 11):
        v = mh.value(table, bytearray(active), inactive, used, scored) / one
        if sum(active) == 0 or (active[1] + active[2] + active[3] + active[4]) == 0:
            continue  # pass/continue points are checked below; 42s and DRAGONs settle
        assert abs(v - sol.V[mdl.index(active, inactive, used, scored)]) <= quantum(0) / 2 + 1e-12
        got = mh.advise(table, bytearray(active), inactive, used, scored)
        raw = dict(mh.advise(table, bytearray(active), inactive, used, scored, 0, True))
        for a, x in got:
            assert mh.step_value(table, bytearray(active), inactive, used, scored, a) == raw[a]
            assert abs(raw[a] / one - x) < 1e-12
        assert max(raw.values()) - one / mh.POINTS_SCALE <= v * one  # the best, to a step
    for inactive in range(11):
        for used in range(1, 11 - inactive):
            scored = 10 - inactive - used
            p, c = sol.decide(inactive, used, scored)
            v = mh.value(table, bytearray(6), inactive, used, scored) / one
            assert abs(v - max(p, c)) <= quantum(0) / 2 + 1e-12


def host_advice(need, active, inactive, used, scored):
    sol = sv.solve(need)
    if sum(active) == 0:
        if used == 0:
            return {mc.PASS: sol.g[scored]}
        p, c = sol.decide(inactive, used, scored)
        return {mc.PASS: p, mc.CONTINUE: c}
    return dict(sol.action_values(active, inactive, used, scored))


def agrees(got, want, need):
    """Same actions, each number within half a step (six-read averages too), best first
    up to one step of rounding."""
    q = quantum(need)
    if {a for a, _ in got} != set(want):
        return False
    if any(abs(v - want[a]) > q / 2 + 1e-12 for a, v in got):
        return False
    nums = [v for _, v in got]
    return nums == sorted(nums, reverse=True) and (
        not got or want[got[0][0]] >= max(want.values()) - q)


def sample_positions(count, seed):
    mdl = sv.model()
    rng = random.Random(seed)
    rows = rng.sample(range(mdl.n), count)
    out = []
    for i in rows:
        x = [int(v) for v in mdl.X[i]]
        out.append((x[:6], x[6], x[7], x[8]))
    # every pass/continue point and the turn's start roll too
    out += [([0] * 6, i, u, 10 - i - u) for i in range(10) for u in range(1, 11 - i)]
    return out


def test_device_advise_agrees_with_host_solver(table):
    for active, i, u, s in sample_positions(1500, seed=3):
        for need in (0, 1, 10, 21, 28, 55):
            got = mh.advise(table, active, i, u, s, need)
            assert agrees(got, host_advice(need, active, i, u, s), need), (active, i, u, s)


def test_device_hand_positions(table):
    ship, dragon = mc.SPACESHIP, mc.DRAGON
    got = mh.advise(table, [2, 0, 0, 1, 0, 1], 0, 3, 3)  # SPACESHIP, DRAGON, 42, 42
    assert got[0][0] == m.resolve_action(ship, dragon) and got[1][1] == 0.0
    assert mh.advise(table, [0] * 5 + [1], 3, 6, 0) == []  # lone DRAGON: settles, bust
    assert mh.advise(table, [0] * 6, 3, 0, 7) == [(mc.PASS, 28)]  # M6 forced pass
    assert mh.advise(table, [0] * 6, 0, 1, 9, need=55)[0][0] == mc.CONTINUE


def test_device_bad_input(table):
    with pytest.raises(ValueError):
        mh.advise(table, [1, 0, 0, 0, 0, 0], 3, 3, 1)  # 8 dice
    with pytest.raises(ValueError):
        mh.advise(table, [0] * 6, 3, 3, 4, need=56)
    import io

    with pytest.raises(ValueError):
        mh.open_table(io.BytesIO(b"nothing like a table" * 3))
    points_only = mh.open_table(io.BytesIO(ht.table_bytes((0,))))
    assert mh.advise(points_only, [0] * 6, 1, 3, 6)[0][0] == mc.PASS
    with pytest.raises(ValueError):
        mh.advise(points_only, [0] * 6, 1, 3, 6, need=30)


def test_spans_read_what_single_reads_do(table):
    """A table read a span at a time (read_spans: the review's, a roll's six entries in
    one read or a few) gives every step the value of one read an entry, spans smaller
    than the six entries' spread included; a span past the file's end is refused."""
    import io

    data = ht.TABLE.read_bytes()
    spans = [mh.open_table(io.BytesIO(data)) for _ in range(3)]
    for t, size in zip(spans, (2, 64, 512)):
        t.read_spans(size)
    for active, i, u, s in sample_positions(300, seed=5):
        want = mh.advise(table, active, i, u, s, 0, True)
        for t in spans:
            assert mh.advise(t, active, i, u, s, 0, True) == want, (active, i, u, s)
            if t.hi:  # what the last span holds, as read() gives it
                assert t.read(t.lo, 2) == data[t.lo] | (data[t.lo + 1] << 8)
    # a MEEPLE rerolls a 42 (M3a): the file cut inside the last of the six entries
    ranks = mh._roll_ranks(bytearray([0, 0, 0, 0, 0, 0, 3, 2, 3]))
    cut = mh.open_table(io.BytesIO(data[:mh.HEADER + 2 * (mh.DECIDE_POINTS + max(ranks)) + 1]))
    cut.read_spans(512)
    with pytest.raises(ValueError, match="truncated"):
        mh.advise(cut, [1, 0, 1, 0, 0, 0], 3, 2, 3)


def test_a_mapped_table_reads_what_the_file_does(table):
    """A table whose bytes are mapped (the UF2's ROMFS file; bytes here: anything
    memoryview() takes) gives every step the value the file read through its stream
    gives, in both units and for a chance block; spans are not used; a mapped file cut
    short is refused as the stream's is."""
    data = ht.TABLE.read_bytes()
    mapped = mh.open_table(data)
    assert table.mem is None and mapped.mem is not None and mapped.size == len(data)
    mapped.read_spans(512)
    assert not len(mapped.span)
    for active, i, u, s in sample_positions(300, seed=7):
        for need, raw in ((0, True), (0, False), (21, False)):
            want = mh.advise(table, active, i, u, s, need, raw)
            assert mh.advise(mapped, active, i, u, s, need, raw) == want, (active, i, u, s)
        if sum(active):
            assert mh.value(mapped, active, i, u, s) == mh.value(table, active, i, u, s)
    ranks = mh._roll_ranks(bytearray([0, 0, 0, 0, 0, 0, 3, 2, 3]))
    cut = mh.open_table(data[:mh.HEADER + 2 * (mh.DECIDE_POINTS + max(ranks)) + 1])
    with pytest.raises(ValueError, match="truncated"):
        mh.advise(cut, [1, 0, 1, 0, 0, 0], 3, 2, 3)  # a MEEPLE rerolls a 42 (M3a)
    with pytest.raises(ValueError, match="truncated"):
        cut.read(len(data) - 2, 2)


DRIVER = """
import sys
from geekout.masters import hint as mh
t = mh.open_table(open({path!r}, "rb"))
while True:
    line = sys.stdin.readline()
    if not line:
        break
    v = [int(w) for w in line.split()]
    res = mh.advise(t, v[:6], v[6], v[7], v[8], v[9])
    print(" ".join("{{}}:{{}}".format(a, x) for a, x in res))
"""


@pytest.mark.micropython
def test_device_advise_under_micropython():
    """The same lookups on the real MicroPython unix port (a small heap), on a sample."""
    cases = []
    for k, (active, i, u, s) in enumerate(sample_positions(120, seed=11)):
        cases.append((active, i, u, s, (0, 21, 55)[k % 3]))
    stdin = "".join(" ".join(str(x) for x in a + [i, u, s, n]) + "\n"
                    for a, i, u, s, n in cases)
    # Heap: passes down to 90K (bisection, checkout at a 13-character path; the reader
    # imports the game's consts and rules modules, compiled from source here, and the rules
    # module's interface functions took it from 84K): 116K leaves a 28% margin.
    res = run_micropython(code=DRIVER.format(path=str(ht.TABLE)), heap="116K", stdin=stdin)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == len(cases)
    for (active, i, u, s, need), line in zip(cases, lines):
        got = [(int(a), float(x)) for a, x in (w.split(":") for w in line.split())]
        assert agrees(got, host_advice(need, active, i, u, s), need), (active, i, u, s, line)
