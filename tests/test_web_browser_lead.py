"""The opening lead in a real browser (WBF17 L41A–D): Playwright drives Debian's Chromium against ``contractbridge
serve``. A robot leads face down; the human declarer asks about an opponent's call while the card lies face down and
only once he says "no questions" is the lead faced and dummy spread; the leader's partner, a human too, has his say
first; the director has a face-down lead withdrawn after a corrected misexplanation (L47E2(a)). Screenshots go to
``$WEB_SCREENSHOTS`` when it is set."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from browser_helpers import playwright_api, seated_pages, shot, take_seat
from test_web_browser_disclosure import cell
from web_helpers import Server, serve

Page = playwright_api.Page


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web-lead") / "club.db"
    with serve(f"sqlite:///{db}", robot_delay=0.05, seed="browser-lead") as s:
        yield s


def open_seven_notrump(north: Page, others: tuple[Page, ...] = ()) -> None:
    """North opens 7NT (board 1: North deals, L2) and every person passes until the auction is over: North
    declares, East leads."""
    north.wait_for_selector("#bidding-box:not([hidden])")
    north.click("#bidding-box button.bid[data-call='7NT']")
    pages = (north, *others)
    while not north.locator("#lead-panel:not([hidden])").count():
        for page in pages:
            button = page.locator("#bidding-box:not([hidden]) button.bid[data-call='P']")
            if button.count():
                with contextlib.suppress(playwright_api.Error):  # re-rendered under the pointer: look again
                    button.click(timeout=3000)
        north.wait_for_timeout(100)


def face_down(page: Page) -> None:
    """The page shows East's lead face down: a card's back in East's place, no card faced, dummy not spread."""
    page.wait_for_selector("#lead-text:has-text('East has led face down')")
    assert page.locator("#face-down-lead .back").count() == 1 and page.locator("#face-down-lead .card").count() == 0
    assert page.locator("#trick .played:not(.face-down)").count() == 0
    assert page.locator("#pos-top .backs").count() == 1  # South, the presumed dummy: not spread yet (L41D)
    east = page.locator("[data-seat='E'] .seat-name")
    assert "led face down" in east.inner_text() and "to play" not in east.inner_text()  # faced later (L41C)
    assert page.locator("[data-seat='E'] .seat-name.on-turn").count() == 0


def test_the_declarer_asks_while_the_robots_lead_is_face_down_then_it_is_faced(
    server: Server, browser: playwright_api.Browser
) -> None:
    """North, declarer, clicks East's call and asks what it means (L41B, L20F3); West, a robot, answers; the lead
    stays face down until North says "no questions" (L41C); then it is faced and dummy is spread (L41D)."""
    table = server.post("/api/tables", {"name": "Face-down lead", "robots": ["E", "S", "W"]})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    take_seat(page, server, table["id"], "N")
    open_seven_notrump(page)
    face_down(page)
    page.wait_for_selector("#lead-panel:has-text('North may ask')")  # West, a robot, has no question
    page.locator("#auction td[data-number='2']").click()  # East's call
    page.locator("#ask-call").click()
    page.wait_for_selector("#disclosure-log .answer-text-shown:has-text('West: ')")
    assert "41B" in page.locator("#disclosure-log .question").inner_text()
    face_down(page)  # the answer came; the lead is still face down
    assert page.locator("#claim-panel").is_hidden()  # no claim before the play period begins (L41C, L68)
    shot(page, "lead-face-down-declarer-asked")
    page.locator("#no-questions").click()
    page.wait_for_selector("#trick .played:not(.face-down) .card")
    page.wait_for_selector("#claim-panel:not([hidden]) #claim")  # the lead faced: declarer may claim
    assert page.locator("#face-down-lead").count() == 0 and page.locator("#lead-panel").is_hidden()
    page.wait_for_selector("#pos-top .suit-row")  # dummy is spread (L41D)
    page.wait_for_selector("#pos-top .card.playable")  # declarer plays from dummy
    shot(page, "lead-faced-dummy-spread")


def test_the_leaders_partner_has_his_say_and_the_leader_sees_nothing_of_it_but_his_partners(
    server: Server, browser: playwright_api.Browser
) -> None:
    """West, the leader's partner, and North, declarer, are people: each is offered "no questions" (L41B); West's
    page shows a card's back in East's place, never its face; the lead is faced once both have said it."""
    table = server.post("/api/tables", {"name": "Leader's partner", "robots": ["E", "S"]})
    pages = seated_pages(browser, server, table["id"], "NW")
    north, west = pages["N"], pages["W"]
    open_seven_notrump(north, (west,))
    for page in (north, west):
        face_down(page)
        page.wait_for_selector("#lead-panel:has-text('North and West may ask')")
    west.wait_for_selector("#pos-right .backs")  # East's hand: backs only, the face-down card too
    shot(west, "lead-face-down-leaders-partner")
    west.locator("#no-questions").click()
    north.wait_for_selector("#lead-panel:has-text('North may ask')")
    assert west.locator("#no-questions").count() == 0 and west.locator("#trick .played:not(.face-down)").count() == 0
    north.locator("#no-questions").click()
    west.wait_for_selector("#trick .played:not(.face-down) .card")
    shot(west, "lead-faced-leaders-partner")


def test_the_director_has_the_face_down_lead_withdrawn_after_a_corrected_misexplanation(
    server: Server, browser: playwright_api.Browser
) -> None:
    """North's 7NT was not alerted; the director records it and finds a mistaken explanation (L75B1), then records
    East's request to withdraw his face-down lead and judges it made because of it (L41A, L47E2(a)): East, a robot,
    leads again face down, and North's "no questions" faces the new lead (L41B–C). The director's page names the
    card as East's, never as his own."""
    table = server.post("/api/tables", {"name": "Withdrawn lead", "director": True, "robots": ["E", "S", "W"]})
    north = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    take_seat(north, server, table["id"], "N")
    director = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    director.goto(server.url + table["director_url"])
    open_seven_notrump(north)
    face_down(north)
    director.wait_for_selector("#lead-text:has-text('East led')")  # his card, shown to the director as East's
    assert "You led" not in director.locator("#lead-text").inner_text()
    assert north.locator("#withdraw-lead").count() == 0  # the director's alone
    director.locator("#withdraw-lead").click()  # nothing corrected yet: the laws refuse it
    director.wait_for_selector("#error:has-text('found no misexplanation')")
    cell(director, 1).click()  # North's 7NT, not alerted: North calls the director after the final pass (L20F5(b))
    director.select_option("#mi-seat", "N")
    director.select_option("#mi-kind", "no_alert")
    director.locator("#record-mi").click()
    director.locator("button.judge", has_text="Yes").click()  # a mistaken explanation (L75B1)
    director.wait_for_selector("#ruling-panel[hidden]", state="attached")
    director.locator("#withdraw-lead").click()
    north.wait_for_selector("#ruling-text:has-text('47E2(a)')")
    shot(director, "lead-withdrawal-judged")
    director.locator("button.judge", has_text="Yes").click()  # led because of it: the card goes back
    north.wait_for_selector("#ruling-panel[hidden]", state="attached")
    face_down(north)  # East led again, face down
    north.wait_for_selector("#lead-panel:has-text('North may ask')")
    north.locator("#no-questions").click()
    north.wait_for_selector("#trick .played:not(.face-down) .card")
    north.wait_for_selector("#pos-top .suit-row")  # dummy is spread (L41D)
