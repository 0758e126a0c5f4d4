"""``SystemOptions`` keeps its hash for the robots' caches; pickled to another process (the web robot pool) under hash
randomisation it must hash as the same options built there (a string field's hash differs between processes)."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

from contractbridge.systems.base import SystemOptions

SRC = str(Path(__file__).resolve().parents[1] / "src")

PICKLE = """
import pickle, sys
from contractbridge.systems.base import SystemOptions
sys.stdout.buffer.write(pickle.dumps(SystemOptions(one_bid_mode="literal")))
"""

UNPICKLE = """
import pickle, sys
from contractbridge.systems.base import SystemOptions
got = pickle.loads(sys.stdin.buffer.read())
fresh = SystemOptions(one_bid_mode="literal")
print(hash(got) == hash(fresh), got == fresh, {fresh: "found"}.get(got), len({got, fresh}))
"""


def _python(code: str, seed: str, given: bytes = b"") -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code], input=given, capture_output=True, env=env, check=True)
    return done.stdout


def test_options_pickled_in_one_interpreter_hash_as_built_in_another() -> None:
    pickled = _python(PICKLE, "1")
    assert _python(UNPICKLE, "2", pickled).split() == [b"True", b"True", b"found", b"1"]


def test_options_round_trip_by_pickle_in_process() -> None:
    options = SystemOptions(one_bid_mode="literal", penalty_double_undertricks=3)
    copy = pickle.loads(pickle.dumps(options))
    assert copy == options and hash(copy) == hash(options) and copy is not options
    assert "_hash" not in pickle.dumps(options).decode("latin-1")  # the hash is not carried
