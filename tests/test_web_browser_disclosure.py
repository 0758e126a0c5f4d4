"""Questions, answers and alerts at the web table in a real browser (WBF17 L20F1–F3, L40B2(a)(iii)): Playwright
drives Debian's Chromium against ``contractbridge serve``. A human asks a robot about its call and reads the
answer from the robot's system; two humans ask and answer, and a player alerts his partner's call. The page
offers only what the frame's ``disclosure.may`` lists (the laws' code decides who may ask, answer or alert).
Screenshots go to ``$WEB_SCREENSHOTS`` when it is set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from browser_helpers import playwright_api, seated_pages, shot, take_seat
from web_helpers import Server, serve


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("web-disclosure") / "club.db"
    with serve(f"sqlite:///{db}", robot_delay=0.05, seed="browser-disclosure") as s:
        yield s


def cell(page: playwright_api.Page, number: int) -> playwright_api.Locator:
    """Call ``number`` (1-based) of the auction grid."""
    return page.locator(f"#auction td[data-number='{number}']")


def test_a_human_asks_a_robot_about_its_call_and_reads_the_answer(
    server: Server, browser: playwright_api.Browser
) -> None:
    """South, at his turn to call (L20F1), asks about East's call; West, a robot, answers from its system."""
    table = server.post("/api/tables", {"name": "Ask a robot", "robots": ["N", "E", "W"]})
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    take_seat(page, server, table["id"], "S")
    page.wait_for_selector("#bidding-box:not([hidden])")  # N and E (robots) have called: South's turn
    east_call = cell(page, 2).inner_text().strip()
    cell(page, 1).click()  # partner's call: nothing to ask (L20F1: the opponents' calls only)
    page.wait_for_selector("#chosen-call:has-text('call 1')")
    assert page.locator("#ask-call").count() == 0
    cell(page, 2).focus()
    page.keyboard.press("Enter")  # a call is chosen from the keyboard too
    page.wait_for_selector("#chosen-call:has-text('call 2')")
    page.locator("#ask-call").click()
    answer = page.locator("#disclosure-log .answer-text-shown")
    answer.wait_for()
    text = answer.inner_text()
    assert text.startswith("West: “") and len(text) > len("West: “”")  # L20F1: the caller's partner answers
    assert page.locator("#disclosure-log .question").inner_text().startswith(f"South asked about East's {east_call}")
    assert "waiting for" not in page.locator("#disclosure-log").inner_text()
    assert page.locator("#chosen-call").filter(has_text="West explained: ").count() == 1
    page.locator("#ask-auction").click()  # the whole auction: the partner of each opponent who called (L20F1)
    whole = page.locator("#disclosure-log .question[data-question='2']")
    whole.locator(".answer-text-shown").first.wait_for()
    assert whole.inner_text().startswith("South asked about East-West's auction")
    assert "waiting for" not in whole.inner_text()  # East, whose partner has not called, is not asked
    assert [a[:5] for a in whole.locator(".answer-text-shown").all_inner_texts()] == ["West:"]
    shot(page, "disclosure-robot-answers")
    spectator = browser.new_page()  # a spectator's frame has no disclosure record: no panel, nothing to choose
    spectator.goto(f"{server.url}/t/{table['id']}")
    spectator.wait_for_selector("#auction td[data-number='2']")
    assert spectator.locator("#disclosure-panel").is_hidden() and spectator.locator("td.choosable").count() == 0
    page.locator("#bidding-box button.bid[data-call='P']").click()  # the auction goes on after the answer
    page.wait_for_selector("#auction td[data-number='3']")


def test_two_humans_ask_and_answer_and_a_player_alerts_his_partners_call(
    server: Server, browser: playwright_api.Browser
) -> None:
    """North (a robot) deals and calls; South alerts it (L40B2(a)(iii)); East, at his turn, asks about it (L20F1)
    and South answers in his text box; both pages show the alert and the answer, and neither offers what the
    laws give the other (East may not alert North's call, South may not ask about it). East notes North's break in
    tempo (L16B2): South's page says it is unauthorized information for him (L16B1)."""
    table = server.post("/api/tables", {"name": "Ask and answer", "robots": ["N", "W"]})
    pages = seated_pages(browser, server, table["id"], "ES")
    east, south = pages["E"], pages["S"]
    east.wait_for_selector("#bidding-box:not([hidden])")  # North has called: East's turn
    cell(south, 1).click()
    south.wait_for_selector("#alert-call")
    assert south.locator("#ask-call").count() == 0  # his partner's call
    south.fill("#alert-text", "could be short in clubs")
    south.locator("#alert-call").click()
    east.wait_for_selector("#auction td[data-number='1'].alerted")
    assert "South alerted North's" in east.locator("#disclosure-log .alert-entry").inner_text()
    assert "could be short in clubs" in east.locator("#disclosure-log .alert-entry").inner_text()
    cell(east, 1).click()
    east.wait_for_selector("#ask-call")
    assert east.locator("#alert-call").count() == 0  # an opponent's call: his to ask about, not to alert
    east.locator("#ask-call").click()
    south.wait_for_selector(".to-answer")
    assert "East asks about North's" in south.locator(".to-answer").inner_text()
    east.wait_for_selector("#disclosure-log:has-text('waiting for South')")
    shot(south, "disclosure-south-to-answer")
    south.fill(".to-answer input", "12-14 balanced")
    south.locator(".to-answer button.answer").click()
    east.wait_for_selector("#disclosure-log .answer-text-shown:has-text('South: “12-14 balanced”')")
    south.wait_for_selector(".to-answer", state="detached")
    assert "South: “12-14 balanced”" in south.locator("#disclosure-log").inner_text()
    assert east.locator("#chosen-call").filter(has_text="South explained: 12-14 balanced").count() == 1
    shot(east, "disclosure-east-reads-the-answer")
    assert east.locator(".to-answer").count() == 0 and south.locator("#ask-auction").count() == 0  # not his turn
    assert south.locator("button.tempo").count() == 0  # neither opponent has called yet (L16B2)
    assert east.locator("button.tempo").count() == 1  # North has, West has not
    east.locator("button.tempo[data-seat='N']").click()  # North's break in tempo, noted by East (L16B2)
    noted = south.locator("#disclosure-log .tempo-entry")
    noted.wait_for()
    assert "North: hesitation over Pass, noted by East" in noted.inner_text()
    assert "unauthorized information for you (L16B1)" in noted.inner_text()  # South is North's partner
    shot(south, "disclosure-south-tempo-noted")


def test_the_director_records_a_call_about_an_explanation_and_judges_it(
    server: Server, browser: playwright_api.Browser
) -> None:
    """At a director's table South asks about East's call and West (a robot) explains it; the director, called by
    South, records it from the chosen call (L20F4, L75) and judges that the call, not the explanation, was the
    mistake (L75C): no infraction."""
    table = server.post("/api/tables", {"name": "Directed questions", "director": True, "robots": ["N", "E", "W"]})
    south = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    take_seat(south, server, table["id"], "S")
    director = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    director.goto(server.url + table["director_url"])
    south.wait_for_selector("#bidding-box:not([hidden])")
    cell(south, 2).click()
    south.locator("#ask-call").click()
    director.wait_for_selector("#disclosure-log .answer-text-shown:has-text('West: ')")  # the director sees it all
    assert director.locator("#ask-call, #alert-call, .to-answer").count() == 0  # he asks and alerts nothing
    cell(director, 2).click()
    director.select_option("#mi-seat", "S")
    director.select_option("#mi-kind", "explanation")
    director.locator("#record-mi").click()
    south.wait_for_selector("#ruling-text:has-text('Law 75')")
    assert "South called the director about the explanation of East's" in south.locator("#ruling-text").inner_text()
    shot(director, "disclosure-director-judges")
    director.locator("button.judge", has_text="No").click()  # L75C: a mistaken call, the result stands
    south.wait_for_selector("#ruling-panel[hidden]", state="attached")
    south.wait_for_selector("#bidding-box:not([hidden])")
