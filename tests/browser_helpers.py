"""Helpers of the web table's browser tests: Playwright driving Debian's Chromium (``/usr/bin/chromium``,
installed by ``.ci/run``; a module importing this one skips when either is missing; the ``browser`` fixture is in
conftest.py), and what a player does on the table page. Screenshots go to ``$WEB_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from web_helpers import Server

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():  # pragma: no cover - .ci/run installs it
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)", allow_module_level=True)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]  # fmt: skip
SHOTS = os.environ.get("WEB_SCREENSHOTS")


@contextmanager
def chromium() -> Iterator[playwright_api.Browser]:
    """Debian's Chromium, headless, for the block."""
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def shot(page: playwright_api.Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def take_seat(page: playwright_api.Page, server: Server, table_id: str, seat: str) -> None:
    page.goto(server.url + "/")
    page.fill("#player-name", f"Player {seat}")
    page.click(f"tr[data-table='{table_id}'] button[data-seat='{seat}']")
    page.wait_for_url(f"**/t/{table_id}?token=*")
    page.wait_for_selector("#status:has-text('connected')")


def seated_pages(
    browser: playwright_api.Browser, server: Server, table_id: str, seats: str
) -> dict[str, playwright_api.Page]:
    """A page of its own (a new browser context) for each of ``seats``, each player seated at the table."""
    pages = {}
    for seat in seats:
        pages[seat] = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        take_seat(pages[seat], server, table_id, seat)
    return pages


def act(page: playwright_api.Page) -> bool:
    """Whatever this player may do now, done by clicking: a pass (or the lowest bid when nothing else), "no
    questions" before the opening lead is faced (L41B), or the first playable card. Returns whether it did
    something."""
    for selector in ("#bidding-box[data-mode='turn'] button.bid[data-call='P']:not([disabled])", "#no-questions",
                     ".card.playable"):  # fmt: skip
        target = page.locator(selector)
        if target.count():
            try:  # the page may re-render under the pointer when a frame arrives: then look again
                target.first.click(timeout=3000)
            except playwright_api.Error:
                return False
            return True
    return False


def finished(page: playwright_api.Page) -> bool:
    return page.locator("#result-panel:not([hidden]) #result-text").count() > 0
