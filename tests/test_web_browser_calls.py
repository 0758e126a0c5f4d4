"""A call out of turn in a real browser (Playwright and Debian's Chromium against ``contractbridge serve``): at a
director's table East opens the bidding box out of turn (the page asks him to confirm: the director will be called)
and bids 1H at North's turn; South, the offender's LHO, sees the ruling with its options and laws and accepts the
call (L29A); the director's page lists the irregularity. Screenshots go to ``$WEB_SCREENSHOTS`` when it is set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from browser_helpers import playwright_api, shot, take_seat
from web_helpers import Server, serve

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web-calls") / "club.db"
    with serve(f"sqlite:///{db}", robot_delay=0.05, seed="browser-calls") as s:
        yield s


def test_a_call_out_of_turn_is_confirmed_ruled_and_accepted(server: Server, browser: playwright_api.Browser) -> None:
    table = server.post("/api/tables", {"name": "Out of turn", "director": True})  # North and West stay empty
    east, south = browser.new_context().new_page(), browser.new_context().new_page()
    take_seat(east, server, table["id"], "E")
    take_seat(south, server, table["id"], "S")
    director = browser.new_context().new_page()
    director.goto(server.url + table["director_url"])
    director.wait_for_selector("#director-panel:not([hidden])")
    east.wait_for_selector("#call-out-of-turn")  # North deals board 1 (L2): not East's turn
    assert east.locator("#bidding-box[hidden]").count() == 1
    east.once("dialog", lambda dialog: dialog.dismiss())  # he thinks again: nothing is sent
    east.locator("#call-out-of-turn").click()
    assert east.locator("#bidding-box[hidden]").count() == 1
    messages: list[str] = []

    def confirm(dialog: playwright_api.Dialog) -> None:
        messages.append(dialog.message)
        dialog.accept()

    east.once("dialog", confirm)
    east.locator("#call-out-of-turn").click()
    assert messages == ["Call out of turn? The director will be called."]
    east.wait_for_selector("#bidding-box[data-mode='early']")
    shot(east, "call-out-of-turn-east")
    east.locator("#bidding-box button.bid[data-call='1H']").click()
    south.wait_for_selector("#ruling-text:has-text('Law 29')")
    assert "1H by East out of rotation" in south.locator("#ruling-text").inner_text()
    assert "You choose:" in south.locator("#ruling-panel").inner_text()
    assert south.locator("#auction tr").nth(1).locator("td").all_inner_texts()[2:] == ["1♥"]  # East's column, marked
    assert south.locator("#pending-call.irregular-call").count() == 1
    assert south.locator(".before-rectification[data-seat='S']").inner_text().startswith("You may call now instead")
    east.wait_for_selector("#ruling-text:has-text('Law 29')")
    assert east.locator("button.choose").count() == 0 and east.locator("#bidding-box[hidden]").count() == 1
    for page in (east, south):  # each page holds its own hand only
        assert page.locator("#pos-bottom .card").count() == 13 and page.locator(".hand .card").count() == 13
    director.wait_for_selector(".irregularity:has-text('Call out of rotation by East')")
    shot(south, "call-out-of-turn-south")
    south.locator("button.choose[data-option='accept']").click()  # L29A: the call stands as if in rotation
    south.wait_for_selector("#bidding-box[data-mode='turn']")
    assert "1♥" in [c.strip() for c in south.locator("#auction td").all_inner_texts()]
    assert south.locator("#pending-call").count() == 0
    director.wait_for_selector("#director-panel p.choice:has-text('South chose: accept')")


def test_a_historic_book_the_director_cancels_from_his_page(server: Server, browser: playwright_api.Browser) -> None:
    """NBB30: East's bid at North's turn is the director's to rule (NBB R39(2)); he cancels it from his page, every
    page says West must pass at his next turn, and the director's page says he chose it."""
    table = server.post("/api/tables", {"name": "Out of turn, 1930", "director": True, "edition": "NBB30"})
    north, east = browser.new_context().new_page(), browser.new_context().new_page()
    take_seat(north, server, table["id"], "N")
    take_seat(east, server, table["id"], "E")
    director = browser.new_context().new_page()
    director.goto(server.url + table["director_url"])
    director.wait_for_selector("#director-panel:not([hidden])")
    east.once("dialog", lambda dialog: dialog.accept())
    east.locator("#call-out-of-turn").click()
    east.locator("#bidding-box[data-mode='early'] button.bid[data-call='2S']").click()
    director.wait_for_selector("#ruling-text:has-text('Law NBB R39(2)')")
    assert director.locator("#pending-call").inner_text() == "2♠"
    assert north.locator("button.choose").count() == 0 and east.locator("button.choose").count() == 0
    director.locator("button.choose[data-option='cancel']").click()
    north.wait_for_selector(".obligation:has-text('West must pass at his next turn (Law NBB R39(2))')")
    north.wait_for_selector("#bidding-box[data-mode='turn']")  # the turn is North's again
    director.wait_for_selector("#director-panel p.choice:has-text('The director chose: cancel')")
    assert "E 2S (cancelled)" in director.locator("#director-panel").inner_text()
