"""A saved game whose parts are not all there or not all readable (docs/gadget.md,
Saved game): boot reaches the home screen, resumes the longest verified run of parts,
says how many steps it could not read, and keeps every byte of the save in bad/.
Each case starts from a real game in progress (the gadget's own journal, many parts)."""

import pytest
from boards.sim import SimBoard
from drive import Driver
from flash import FakeFlash
from geekout import journal as jn
from geekout import keys


class UnreadableFlash(FakeFlash):
    """Flash whose named files fail to read (Storage.read gives None on an OSError)."""

    def __init__(self, files, unreadable):
        super().__init__(files)
        self.unreadable = set(unreadable)

    def read(self, name):
        return None if name in self.unreadable else super().read(name)


@pytest.fixture(scope="module")
def saved():
    """The files of a 4-player Masters game left in play after many steps."""
    flash = FakeFlash()
    d = Driver(SimBoard(storage=flash, seed=3))
    d.boot()
    d.start(0, 4)
    while len(jn.present_parts(flash, "game.goj")) < 5:
        assert d.step()
    return flash.snapshot(), bytes(d.app.journal.actions), d.app.journal.records


def boot(flash):
    d = Driver(SimBoard(storage=flash, seed=3))
    d.boot()
    return d


def saved_steps(files, upto):
    """The steps (records) in parts 0..upto-1 of the saved files."""
    return jn.walk(b"".join(files[jn.part_name("game.goj", i)] for i in range(upto)), 4)[0]


def run_actions(files, upto):
    return bytes(jn.parse(b"".join(files[jn.part_name("game.goj", i)] for i in range(upto)))[2])


def test_an_unreadable_part_is_no_boot_loop(saved):
    """Today's failure: a part that cannot be read made every boot raise."""
    files, actions, steps = saved
    flash = UnreadableFlash(files, ["game.goj.3"])
    d = boot(flash)
    assert d.top().name == "resume?"
    assert d.ui.toast_text == "Save damaged: {} steps lost, copy kept".format(
        steps - saved_steps(files, 3))
    assert bytes(d.app.journal.actions) == run_actions(files, 3)
    # Every part is kept as it was, the unreadable one too, under one number in bad/.
    for i in jn.present_parts(FakeFlash(files), "game.goj"):
        assert flash.files[jn.part_name("bad/0001.goj", i)] == files[jn.part_name("game.goj", i)]
    d.press(keys.OK)  # resume: the game goes on from the steps before the gap
    assert d.top().name.startswith("masters.")


def test_an_emptied_middle_part_resumes_before_it_and_says_how_many_steps(saved):
    files, actions, steps = saved
    files = dict(files)
    files["game.goj.2"] = b""
    flash = FakeFlash(files)
    d = boot(flash)
    j = d.app.journal
    assert j.problem.startswith("part 2 missing or cut short")
    lost = steps - saved_steps(files, 2)
    assert lost > 5 and j.lost == lost
    assert d.ui.toast_text == "Save damaged: {} steps lost, copy kept".format(lost)
    assert bytes(j.actions) == run_actions(files, 2) and actions.startswith(bytes(j.actions))
    # The parts joined (every byte: the emptied one held none) are in bad/.
    assert flash.files["bad/0001.goj"] == b"".join(
        files[jn.part_name("game.goj", i)] for i in range(len(jn.present_parts(FakeFlash(files), "game.goj"))))


def test_a_missing_middle_part_keeps_the_later_ones(saved):
    files, actions, steps = saved
    files = dict(files)
    gone = files.pop("game.goj.2")
    assert gone
    flash = FakeFlash(files)
    d = boot(flash)
    j = d.app.journal
    assert j.problem == "part 2 missing"
    assert j.lost == steps - saved_steps(files, 2)
    assert bytes(j.actions) == run_actions(files, 2)
    # A broken run moves part by part: the parts after the gap are kept as they were.
    for name, data in files.items():
        assert flash.files[name.replace("game.goj", "bad/0001.goj")] == data
    # The resumed game is saved again as one file, and goes on from there.
    assert jn.present_parts(flash, "game.goj") == [0]
    assert jn.Journal(flash).load() == jn.OK


def test_an_unreadable_first_part_keeps_the_rest(saved):
    files, _actions, steps = saved
    flash = UnreadableFlash(files, ["game.goj"])
    d = boot(flash)
    assert d.top().name == "home"
    assert d.ui.toast_text == "Save unreadable: kept for logs"
    for name, data in files.items():
        assert flash.files[name.replace("game.goj", "bad/0001.goj")] == data


def test_a_lost_first_part_is_told_and_the_rest_kept(saved):
    files, _actions, steps = saved
    files = dict(files)
    del files["game.goj"]
    flash = FakeFlash(files)
    d = boot(flash)
    assert d.top().name == "home"
    assert d.ui.toast_text == "Save part lost: {} steps kept for logs".format(steps)
    for name, data in files.items():
        assert flash.files[name.replace("game.goj", "bad/0001.goj")] == data
