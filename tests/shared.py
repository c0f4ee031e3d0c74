"""What a test run builds once, however many pytest-xdist workers share it: the first
worker to ask builds it under a file lock in the run's temporary folder, the others
wait for it and read what it left (a pickle). Without xdist it is built once per run,
as a session fixture would be."""

import os
import pickle

from filelock import FileLock


def run_folder(tmp_path_factory):
    """The run's own temporary folder: each worker's basetemp sits inside it."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def once(tmp_path_factory, name, make):
    """make(folder) run once per test run in its own folder; its value (picklable) is
    returned to every worker."""
    folder = run_folder(tmp_path_factory) / name
    with FileLock(str(folder) + ".lock"):
        done = folder / "value.pickle"
        if done.exists():
            return pickle.loads(done.read_bytes())
        folder.mkdir(parents=True, exist_ok=True)
        value = make(folder)
        done.write_bytes(pickle.dumps(value))
        return value
