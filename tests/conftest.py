"""Shared test helpers: the ``corpus`` fixture (the one way tests reach ``../shared``, see ``shared_data``), the
slow-test timeout, the suite's Hypothesis profile (no deadline), the robots' test effort, the web table's fixtures
(in-process ``store`` and ``client``, the ``browser``) and ``--cpu-durations``."""

from __future__ import annotations

import resource
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from shared_data import ABSENT, CORPUS, corpus_present

if TYPE_CHECKING:
    from fastapi.testclient import TestClient
    from playwright.sync_api import Browser

    from contractbridge.store import Store


@pytest.fixture
def corpus() -> Path:
    """The real-world PBN/LIN/DDS corpus; tests that need it skip cleanly when it is absent."""
    if not corpus_present():
        pytest.skip(ABSENT)
    return CORPUS


#: The suite's Hypothesis settings: no deadline. No test here times the code (a property is about the laws, not
#: speed), and on the shared 2-core machine an example may wait far beyond Hypothesis's 200 ms for the processor
#: (a deadline there failed tests at random). A test may still set its own ``@settings``.
settings.register_profile("contractbridge", deadline=None)
settings.load_profile("contractbridge")

_CPU = pytest.StashKey[float]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=0, metavar="N",
                     help="show the N tests that took the most CPU time (on a shared machine the wall clock of "
                          "--durations counts the other jobs' time too)")  # fmt: skip


def _cpu_seconds() -> float:
    """This process's CPU time and that of the children it has waited for (a server a test stopped; not the
    robot processes of a server killed with -9)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    item.stash[_CPU] = _cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """The test's CPU seconds (set-up, call and tear-down) go with its last report, to the controller too."""
    outcome = yield
    if call.when == "teardown" and _CPU in item.stash:
        outcome.get_result().user_properties.append(("cpu_seconds", _cpu_seconds() - item.stash[_CPU]))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    shown = config.getoption("--cpu-durations")
    if not shown:
        return
    spent = [(dict(r.user_properties).get("cpu_seconds", 0.0), r.nodeid)
             for r in terminalreporter.getreports("") if r.when == "teardown"]  # fmt: skip
    spent.sort(reverse=True)
    terminalreporter.write_sep("=", f"{shown} most CPU time ({sum(s for s, _ in spent):.1f} s in all tests)")
    for seconds, nodeid in spent[:shown]:
        terminalreporter.write_line(f"{seconds:7.2f}s cpu  {nodeid}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A slow suite (``make test-all``) may run for many minutes: its bound is 30 min a test, not the 300 s of
    ``make test`` (pyproject), unless the test names its own."""
    for item in items:
        if item.get_closest_marker("slow") is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(1800))


@pytest.fixture(scope="session", autouse=True)
def _robots_at_low_effort() -> Iterator[None]:
    """Robot seats built without an explicit effort (terminal, web table, and the processes tests start, the
    servers of module fixtures too) think at the ``low`` effort: small, reproducible samples keep the suite fast on
    2 cores (issue #13, #28). The web table's robots think in one process (``serve --robot-processes 1``; the
    default is one a core): the same path, half the processes to start. For the whole session, so that a
    module-scoped server, set up before any function fixture, starts with them too."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CONTRACTBRIDGE_ROBOT_EFFORT", "low")
        patch.setenv("CONTRACTBRIDGE_WEB_ROBOT_PROCESSES", "1")
        yield


@pytest.fixture
def quick_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    """For a test whose robots only make the play it watches (frames, the store, a rubber's sheet, an event's
    rounds), not their judgement: one sampled deal a card (effort ``1``, no clock), about a third of ``low``'s
    CPU; the same code path. Robot processes the test starts (a server, a robot pool) inherit it."""
    monkeypatch.setenv("CONTRACTBRIDGE_ROBOT_EFFORT", "1")


@pytest.fixture(autouse=True)
def _data_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``play`` keeps its logs under the user's data directory when no ``--log`` is given (issue #27): every test
    (and every process it starts) has its own, never the developer's ``~/.local/share``."""
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    return home


# the web table's shared fixtures (the helpers are in web_helpers.py and browser_helpers.py) ----------------------
@pytest.fixture
def store() -> Iterator[Store]:
    """A web table's store in memory (SQLite)."""
    from contractbridge.store import Store

    db = Store("sqlite://")
    yield db
    db.close()


@pytest.fixture
def client(store: Store, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """The web table in-process over ``store`` (FastAPI's TestClient) with the settings ``serve`` would read
    from the environment. Its tests send at machine speed, so the message-rate limit (#26, a person's pace) is
    raised; the tables deal from the test module's ``WEB_SEED``."""
    from fastapi.testclient import TestClient

    from contractbridge.server import create_app
    from contractbridge.server.settings import Settings

    settings = Settings.from_env()  # the robots' processes as ``serve`` reads them (``_robots_at_low_effort``)
    with TestClient(create_app(store, settings, rate=1000, burst=1000, seed=request.module.WEB_SEED)) as c:
        yield c


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright, for one test module (the module skips when either is
    missing: ``browser_helpers``)."""
    from browser_helpers import chromium

    with chromium() as b:
        yield b
