"""The web table in a real browser: Playwright drives Debian's Chromium (``/usr/bin/chromium``, installed by
``.ci/run``) against ``contractbridge serve`` on localhost. Four players take the four seats from the lobby and
play a board to the end; South plays with three robots; an insufficient bid at a director's table shows the
ruling (L27) and the chooser's choice applies; a lead out of turn (L54) and a disputed claim (L70) are ruled from
the pages. Screenshots go to ``$WEB_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from browser_helpers import act, finished, playwright_api, shot, take_seat
from web_helpers import Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web") / "club.db"
    with serve(f"sqlite:///{db}", robot_delay=0.05, seed="browser") as s:
        yield s


def test_four_players_in_four_browser_contexts_play_a_board(server: Server, browser: playwright_api.Browser) -> None:
    table = server.post("/api/tables", {"name": "Four humans"})
    pages = {}
    for seat in "NESW":
        context = browser.new_context(viewport={"width": 1280, "height": 860})
        pages[seat] = context.new_page()
        take_seat(pages[seat], server, table["id"], seat)
    north = pages["N"]
    north.locator("button.bid[data-call='1NT']").click()  # North deals board 1 (L2)
    for _ in range(400):
        if finished(north):
            break
        for page in pages.values():
            if act(page):
                page.wait_for_timeout(30)
    else:
        raise AssertionError("the board did not finish")
    for page in pages.values():
        page.wait_for_selector("#result-text")
    shot(north, "four-humans-done")
    text = north.locator("#result-text").inner_text()
    assert "1NT by N" in text
    # the whole deal is shown once the board is over: 13 cards in each of the four hands
    assert north.locator(".hand .card").count() == 52
    assert north.locator("#scores-panel td").filter(has_text="1NT N").count() == 1


def test_south_with_three_robots(server: Server, browser: playwright_api.Browser) -> None:
    table = server.post("/api/tables", {"name": "South and robots", "robots": ["N", "E", "W"]})
    page = browser.new_page(viewport={"width": 1280, "height": 860})
    take_seat(page, server, table["id"], "S")
    assert page.locator("#pos-bottom .seat-name").inner_text().startswith("South")
    assert page.locator("#pos-top .card").count() in (0, 13)  # North's hand: only as dummy
    shown_auction = False
    for _ in range(300):
        if finished(page):
            break
        if not shown_auction and page.locator("#bidding-box:not([hidden])").count():
            shot(page, "south-bidding")
            shown_auction = True
        if page.locator(".card.playable").count() and page.locator(".played").count() >= 1:
            shot(page, "south-playing")
        act(page) or page.wait_for_timeout(50)
    else:
        raise AssertionError("the board did not finish")
    shot(page, "south-done")
    assert page.locator("#result-text").inner_text()
    page.locator("#next").click()
    page.wait_for_selector("#board-info:has-text('Board 2')")


def test_insufficient_bid_at_a_director_table(server: Server, browser: playwright_api.Browser) -> None:
    table = server.post("/api/tables", {"name": "Directed", "director": True, "robots": ["W"]})
    pages = {}
    for seat in "NES":
        pages[seat] = browser.new_context().new_page()
        take_seat(pages[seat], server, table["id"], seat)
    director = browser.new_context().new_page()
    director.goto(server.url + table["director_url"])
    director.wait_for_selector("#director-panel:not([hidden])")
    pages["N"].locator("button.bid[data-call='1S']").click()
    east = pages["E"]
    east.wait_for_selector("#bidding-box:not([hidden])")
    east.locator("button.bid[data-call='1H']").click()  # insufficient: a director's table records it (L27)
    south = pages["S"]
    south.wait_for_selector("#ruling-text")
    assert "Law 27" in south.locator("#ruling-text").inner_text()
    director.wait_for_selector("#ruling-text")
    assert director.locator("#pos-top .card").count() == 13  # the director sees every hand
    shot(south, "director-ruling-south")
    shot(director, "director-view")
    assert south.locator("button.choose").count() >= 2 and east.locator("button.choose").count() == 0
    south.locator("button.choose[data-option='accept']").click()  # L27A1: the insufficient bid stands
    south.wait_for_selector("#ruling-panel[hidden]", state="attached")
    cells = south.locator("#auction td")
    assert "1♥" in [c.strip() for c in cells.all_inner_texts()]
    assert "Law 27" not in south.locator("#ruling-panel").inner_text()
    director.wait_for_selector("#director-panel p.choice")  # #27 item 8: readable, with the option chosen
    panel = director.locator("#director-panel").inner_text()
    assert "Insufficient bid by East" in panel and "South chose: accept" in panel


class Player:
    """A player at the table over a plain WebSocket (the seats the test does not watch in a browser)."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket

    @classmethod
    @contextmanager
    def seated(cls, server: Server, table_id: str, seat: str) -> Iterator[Player]:
        token = server.post(f"/api/tables/{table_id}/seats/{seat}", {"name": seat})["token"]
        with connect(f"{server.ws}/ws/{table_id}?token={token}", open_timeout=30) as socket:
            yield cls(socket)

    def until(self, test: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            frame: dict[str, Any] = json.loads(self.socket.recv(timeout=left))
            if frame["type"] == "state" and test(frame):
                return frame
        raise AssertionError("the frame never came")

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))


def test_the_director_rules_a_lead_out_of_turn_and_a_disputed_claim(
    server: Server, browser: playwright_api.Browser
) -> None:
    """At a director's table West faces the opening lead out of turn from the page (L54): North, declarer, sees
    the options with their laws and accepts; North claims, East disputes (L68D2(a)), and the director's page shows
    the claim, every hand and the L70 check's proposed ruling, whose award the table scores."""
    table = server.post("/api/tables", {"name": "Directed play", "director": True})
    north, west = browser.new_context().new_page(), browser.new_context().new_page()
    take_seat(north, server, table["id"], "N")
    take_seat(west, server, table["id"], "W")
    director = browser.new_context().new_page()
    director.goto(server.url + table["director_url"])
    director.wait_for_selector("#director-panel:not([hidden])")
    with Player.seated(server, table["id"], "E") as east, Player.seated(server, table["id"], "S") as south:
        north.locator("button.bid[data-call='1NT']").click()
        for player in (east, south):
            player.until(lambda f: f["view"]["turn"] == f["you"])
            player.send({"type": "call", "call": "P"})
        west.locator("#bidding-box:not([hidden]) button.bid[data-call='P']").click()
        west.wait_for_selector("#pos-bottom .card.unlawful")  # East is on lead; West's cards are not lawful now
        card = west.locator("#pos-bottom .card.unlawful").first
        led = card.get_attribute("data-card")
        card.click()
        north.wait_for_selector("#ruling-text:has-text('Law 54')")
        assert north.locator(f"#trick .irregular .card[data-card='{led}']").count() == 1  # faced, awaiting the ruling
        director.wait_for_selector("#ruling-text:has-text('Law 54')")
        assert director.locator(".irregularity").filter(has_text="Lead out of turn by").count() == 1
        assert north.locator("button.choose").count() == 3 and west.locator("button.choose").count() == 0
        west.locator("#call-director").click()  # L9B1: every page shows the call until the director attends
        director.wait_for_selector("#call-text:has-text('West called the director: lead out of turn')")
        director.locator("#attend").click()
        west.wait_for_selector("#call-director")
        shot(north, "director-lead-out-of-turn")
        north.locator("button.choose[data-option='accept']").click()  # L54B: the card stands
        north.wait_for_selector(f"#trick .card[data-card='{led}']")
        north.wait_for_selector("#claim-panel:not([hidden]) #claim")
        north.fill("#claim-statement", "cash clubs")
        north.locator("#claim").click()
        east.until(lambda f: f["view"]["claim"] is not None)
        east.send({"type": "dispute"})
        director.wait_for_selector("#claim-ruling")
        assert "cash clubs" in director.locator("#claim-ruling").inner_text()
        assert director.locator("#pos-top .card").count() + director.locator("#pos-bottom .card").count() >= 24
        award = director.locator("button.rule-claim").first
        award.wait_for(timeout=120_000)  # the L70 check runs in a thread (bounded by its budget)
        shot(director, "director-disputed-claim")
        tricks = award.get_attribute("data-tricks")
        award.click()
        north.wait_for_selector("#result-text:has-text('the director awarded')")
        assert f"{tricks} of the last" in north.locator("#result-text").inner_text()
        assert north.locator(".hand .card").count() >= 48  # every hand once the board is over


def test_the_directors_link_stays_in_the_lobby_after_taking_a_seat(
    server: Server, browser: playwright_api.Browser
) -> None:
    """#27 item 8: the director's secret link, shown once when the table is opened, is kept by the browser that
    opened it: after taking a seat and coming back, the lobby still offers it (and only that browser)."""
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    page.fill("input[name='name']", "Kept link")
    page.check("input[name='director']")
    page.click("#new-table button[type='submit']")
    link = page.locator("#director-link").get_attribute("href")
    assert link
    table_id = page.locator("tr:has-text('Kept link')").get_attribute("data-table")
    assert table_id
    take_seat(page, server, table_id, "N")
    page.goto(server.url + "/")
    kept = page.locator(f"tr[data-table='{table_id}'] a.director-link")
    kept.wait_for()
    assert kept.get_attribute("href") == link
    other = browser.new_context().new_page()
    other.goto(server.url + "/")
    other.wait_for_selector(f"tr[data-table='{table_id}']")
    assert other.locator(f"tr[data-table='{table_id}'] a.director-link").count() == 0
