"""Claims and concessions (L68–L71): vectors TV137–TV142 of laws-wbf2017.md §12.13, the claim statement, the
L70 checker (double dummy over the normal lines consistent with the statement) and the corpus' claimed boards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contractbridge.cards import Card, Seat, Side, Strain, Suit
from contractbridge.dd import Position
from contractbridge.deal import Deal
from contractbridge.errors import BridgeError, ClaimError, ParseError
from contractbridge.formats.files import read_records
from contractbridge.laws.wbf17.claims import (
    ClaimCheck,
    ClaimStatement,
    ClaimTooComplexError,
    Step,
    StepKind,
    agreed_claim_review,
    check_claim,
    check_concession,
    claim_or_concession,
    disputed_claim,
)
from contractbridge.play import PlayState, trick_winner

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

#: hearts, S to lead; S: SA HA HK, N: D4 D3 D2, E: HQ C3 C2, W: C6 C5 C4 — E's trump is out
TRUMP_OUT = Position(Deal.partial("N:..432. .Q..32 A.AK.. ...654"), Strain.HEARTS, S)
#: notrump, S to lead: S S3 S2, W SK S4, N SA SQ, E C3 C2 — the spade finesse
FINESSE = Position(Deal.partial("N:AQ... ...32 32... K4..."), Strain.NOTRUMP, S)
#: notrump, W to lead: W SK HA HK, E SA S2 C3, N S5 S4 CA, S S6 CK CQ — a defender's claim that needs partner
DEFENDER = Position(Deal.partial("N:54...A A2...3 6...KQ K.AK.."), Strain.NOTRUMP, W)


def replay(position: Position, check: ClaimCheck) -> int:
    """The claimer's side's tricks on the check's line, counted independently."""
    leader, cards, won = position.leader, list(position.trick), 0
    for seat, card in check.line:
        assert (seat == leader.offset(len(cards)) and card in position.hands[seat]) or card in cards
        cards.append(card)
        if len(cards) == 4:
            leader = trick_winner(leader, cards, position.trump)
            won += leader.side == check.claimer.side
            cards = []
    assert not cards and len(check.line) == 4 * check.remaining - len(position.trick)
    return won


# ---- TV137–TV142 ---------------------------------------------------------------------------------------------
def test_tv137_unmentioned_outstanding_trump_costs_a_trick_l70a_l70c() -> None:
    check = check_claim(TRUMP_OUT, S, 3)
    assert not check.sound and check.worst == 2 and check.remembered == 3 and check.dd == 3
    assert check.losing == 11 and (E, Card("HQ")) in check.line and replay(TRUMP_OUT, check) == 2
    ruling = check.ruling()
    assert ruling.question is not None and ruling.question.law == "70C"
    assert ruling.outcome(True).effect == "NS takes 2 of the remaining 3 tricks"  # at least 1 to the defenders
    assert ruling.outcome(False).law == "70C2"
    assert any(n.startswith("Evidence, not a ruling") for n in ruling.notes)


def test_tv137_trump_mentioned_no_question_l70c1() -> None:
    check = check_claim(TRUMP_OUT, S, 3, "draw trumps first")
    assert check.sound and check.remembered is None and check.ruling().question is None


def test_tv138_partner_objects_to_defender_concession_l68b2() -> None:
    ruling = disputed_claim(W, defender_conceded_partner_objects=True)
    assert ruling.law == "68B2" and "not penalty cards" in ruling.options[0].effect and "UI" in ruling.options[0].effect


def test_tv139_play_on_needs_all_four_l68d2b_else_l70() -> None:
    agreed = disputed_claim(S, play_on_requested=True, all_agree=True)
    assert agreed.law == "68D2(b)" and "stands" in agreed.options[0].effect
    assert disputed_claim(S, play_on_requested=True, all_agree=False).law == "68D2(a)"


def test_tv140_concession_of_a_trick_already_won_cancelled_l71a() -> None:
    ruling = check_concession(FINESSE, S, 2, actually_won=1)
    assert ruling.law == "71A" and ruling.options[0].id == "cancel" and ruling.options[0].effects[0].data == "1"
    assert "correction period" in ruling.notes[0]


def test_l71b_concession_of_a_trick_that_could_not_be_lost() -> None:
    ruling = check_concession(TRUMP_OUT.__class__(TRUMP_OUT.hands, Strain.NOTRUMP, S), S, 1)  # S A, H A K are tops
    assert ruling.law == "71B" and ruling.options[0].effects[0].data == "1"
    assert check_concession(FINESSE, S, 1).option_ids == ("stands",)  # the finesse could lose a trick


def test_tv141_agreed_claim_final_unless_withdrawn_in_correction_period_l69a_l69b() -> None:
    assert agreed_claim_review(Side.EW, objected_before_next_board=False, within_correction_period=False).law == "69A"
    won = agreed_claim_review(
        Side.EW, objected_before_next_board=False, within_correction_period=True, actually_won=True
    )
    assert won.law == "69B1"
    probable = agreed_claim_review(Side.EW, objected_before_next_board=False, within_correction_period=True)
    assert probable.question is not None and probable.outcome(True).law == "69B2"
    assert agreed_claim_review(Side.EW, objected_before_next_board=True, within_correction_period=True).law == "69A"


def test_tv142_defender_claim_depending_on_partner_choice_not_accepted_l70d2() -> None:
    check = check_claim(DEFENDER, W, 3)
    assert check.dd == 3 and check.worst == 1 and not check.sound
    assert (E, Card("SA")) in check.line  # partner overtakes: a normal play the claim cannot rely on
    assert replay(DEFENDER, check) == 1


# ---- L70B/D/E and L68 ----------------------------------------------------------------------------------------
def test_l70e1_unstated_finesse_not_credited_stated_one_is() -> None:
    bare = check_claim(FINESSE, S, 2)
    assert (bare.worst, bare.dd, bare.losing) == (1, 2, 13)
    assert check_claim(FINESSE, S, 2, "SQ").sound


def test_l70d1_a_line_not_in_the_original_statement_is_not_accepted() -> None:
    original, later = check_claim(FINESSE, S, 2, ""), check_claim(FINESSE, S, 2, "SQ")
    # the director rules on the original statement: the successful later line does not replace it
    assert later.sound and not original.sound and original.ruling().options[0].effect.startswith("NS takes 1")


def test_the_line_of_a_sound_claim_follows_the_statements_order_l70d_l70e() -> None:
    """A claim decided without searching (every card a master) shows its line in the statement's order: North
    states SA first, so the line leads SA, not the C2 that the lowest card would give (L70D/E read the statement);
    a bare claim leaves the order open (L70E2)."""
    #: notrump, N to lead: N SA C2, S HA DA, E S2 D3, W H2 D4 — every card of NS a master
    masters = Position(Deal.partial("N:A...2 2..3. .A.A. .2.4."), Strain.NOTRUMP, N)
    stated = check_claim(masters, N, 2, "SA", double_dummy=False)
    assert stated.sound and stated.line[0] == (N, Card("SA")) and replay(masters, stated) == 2
    assert [c for s, c in stated.line if s == N] == [Card("SA"), Card("C2")]
    both = check_claim(masters, N, 2, "C2 then SA", double_dummy=False)
    assert [c for s, c in both.line if s == N] == [Card("C2"), Card("SA")] and replay(masters, both) == 2


def test_l70b_director_may_confirm_or_override() -> None:
    ruling = check_claim(FINESSE, S, 2, double_dummy=False).ruling()
    assert ruling.option_ids == ("confirm", "override") and ruling.question is None


def test_l68_statement_about_current_trick_is_no_claim_claim_implies_concession() -> None:
    assert claim_or_concession(S, 0, 5, later_tricks=False).law == "68"
    assert claim_or_concession(S, 3, 5).law == "68B1" and claim_or_concession(S, 5, 5).law == "68A"
    assert "concedes 5" in claim_or_concession(S, 4, 5, abandoned=True).description


def test_claim_from_a_play_in_progress_and_bad_claims() -> None:
    play = PlayState(Deal.random(7), Strain.SPADES, S)
    while len(play) < 49:
        play.push(min(play.legal_cards()))
    check = check_claim(play, W, 1, double_dummy=False)  # trick 13 in progress: one card played
    assert check.remaining == 1 and check.first_trick == 13
    with pytest.raises(ClaimError):
        check_claim(play, W, 2)
    with pytest.raises(ClaimTooComplexError):
        check_claim(Position(Deal.random(1), Strain.NOTRUMP, W), S, 13, budget=50, double_dummy=False)


def test_losing_line_found_before_the_budget_runs_out_is_kept() -> None:
    position = Position(Deal.random(0), Strain.NOTRUMP, W)
    check = check_claim(position, S, 13, budget=3000, double_dummy=False)
    assert not check.sound and not check.exact and "a worse line may exist" in check.describe()
    assert replay(position, check) == check.worst


# ---- the statement -------------------------------------------------------------------------------------------
def test_statement_parse_and_render() -> None:
    s = ClaimStatement.parse("Drawing trumps first; then SA, cash hearts and ruff a club.")
    assert s.draw_trumps and s.steps == (
        Step(StepKind.PLAY, card=Card("SA")),
        Step(StepKind.CASH, suit=Suit.HEARTS),
        Step(StepKind.RUFF, suit=Suit.CLUBS),
    )
    assert str(s) == "draw trumps first, then SA, then cash hearts, then ruff a club"
    assert ClaimStatement.parse("") == ClaimStatement() and ClaimStatement.parse("play the ♠K").steps[0].card == Card(
        "SK"
    )
    assert s.mentions_trumps(Suit.SPADES) and not ClaimStatement.parse("cash hearts").mentions_trumps(Suit.SPADES)
    assert ClaimStatement.parse("DQ").mentions_trumps(Suit.DIAMONDS)
    assert eval(repr(s), {"ClaimStatement": ClaimStatement}) == s


@pytest.mark.parametrize("text", ["take the rest somehow", "cash nothing", "ruff a joker"])
def test_statement_rejects_what_it_cannot_read(text: str) -> None:
    with pytest.raises(ParseError):
        ClaimStatement.parse(text)


step_st = st.one_of(
    st.builds(lambda i: Step(StepKind.PLAY, card=Card.from_index(i)), st.integers(0, 51)),
    st.builds(lambda s: Step(StepKind.CASH, suit=s), st.sampled_from(list(Suit))),
    st.builds(lambda s: Step(StepKind.RUFF, suit=s), st.sampled_from(list(Suit))),
)


@given(st.lists(step_st, max_size=6), st.booleans())
def test_statement_text_round_trips(steps: list[Step], draw: bool) -> None:
    statement = ClaimStatement(tuple(steps), draw)
    assert ClaimStatement.parse(str(statement)) == statement


# ---- the corpus' claimed boards ------------------------------------------------------------------------------
def corpus_claims(paths: list[Path], per_file: int, budget: int) -> Counter[str]:
    """Check every claim (LIN ``mc``, PBN play cut short with a result) as declarer's claim of the rest of his
    total; each is sound, or a line is shown that loses a trick (checked by replaying it)."""
    tally: Counter[str] = Counter()
    for path in paths:
        seen = 0
        for located in read_records(path, skip_bad=True):
            record = located.record
            if not record.plays or len(record.plays) >= 52 or record.claim is None or seen >= per_file:
                continue
            contract, declarer = record.final_contract()
            if contract is None or declarer is None or not record.deal.is_complete:
                continue
            play = PlayState(record.deal, contract.strain, declarer)
            try:
                for card in record.plays:
                    play.push(card)
            except BridgeError:
                tally["irregular play record"] += 1
                continue
            claimed = record.claim - play.declarer_tricks
            if not 0 <= claimed <= 13 - len(play.tricks):
                tally["claim inconsistent with the play"] += 1
                continue
            seen += 1
            try:
                check = check_claim(play, declarer, claimed, budget=budget, double_dummy=False)
            except ClaimTooComplexError:
                tally["undetermined (search budget)"] += 1
                continue
            assert check.worst <= claimed
            if check.sound:
                tally["sound"] += 1
            else:
                assert replay(Position(*_position_args(play)), check) == check.worst and check.losing is not None
                tally["unsound"] += 1
    print(f"\ncorpus claims: {dict(tally)}")
    return tally


def _position_args(play: PlayState) -> tuple[Deal, Strain, Seat, tuple[Card, ...]]:
    current = play.current_trick
    leader = current[0][0] if current else play.leader
    return Deal.partial(dict(zip(Seat, play.hands, strict=True))), play.strain, leader, tuple(c for _, c in current)


def test_corpus_claims_sample(corpus: Path) -> None:
    names = [
        "endplay_tests_example1.lin",
        "bridgesolver_bench-boards_zz.lin",
        "pbntools_bbo_history_3381671193_claim.lin",
    ]
    tally = corpus_claims([corpus / "lin" / n for n in names], per_file=10, budget=200_000)
    assert sum(tally.values()) == 6 and tally["sound"] + tally["unsound"] >= 5


@pytest.mark.slow
def test_corpus_claims_all_files(corpus: Path) -> None:
    paths = sorted(p for p in corpus.glob("*/*") if p.suffix.lower() in (".pbn", ".lin"))
    tally = corpus_claims(paths, per_file=40, budget=40_000)
    assert tally["sound"] + tally["unsound"] > 100


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4), st.sampled_from(list(Strain)))
def test_worst_normal_line_never_beats_double_dummy_and_replays(seed: int, left: int, strain: Strain) -> None:
    play = PlayState(Deal.random(seed), strain, S)
    while 13 - len(play.tricks) > left:
        play.push(min(play.legal_cards(), key=lambda c: (c.rank, c.suit)))
    for claimer in (S, W):
        check = check_claim(play, claimer, left)
        assert check.dd is not None and check.worst <= min(check.dd, left)
        if not check.sound:
            assert replay(Position(*_position_args(play)), check) == check.worst and check.losing is not None
