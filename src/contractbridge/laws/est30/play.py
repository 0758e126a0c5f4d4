"""EST30 play-period differences from NBB30 (EST-L20–L49; laws-historic.md §3, Appendix C)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from contractbridge.cards import Card, Seat
from contractbridge.director import Option, Ruling
from contractbridge.errors import RulingError
from contractbridge.laws.nbb30.play import NBB30Play
from contractbridge.laws.nbb30.values import Revoke

__all__ = ["EST30Play"]


class EST30Play(NBB30Play):
    """The Estonian play laws: revoke tricks only after establishment (EST-L38), no penalty for looking at
    a quitted trick (EST-L28), no rule on attention to the trick, claim cards never callable (EST-L40)."""

    name = "EST30"
    PLAY_LAWS: ClassVar[Mapping[str, str]] = {
        "exposed": "EST-L33",
        "exposed_declarer": "EST-L33",
        "exposed_no_forbid": "EST-L33",
        "wrong_hand": "EST-L32",
        "declarer_leads_for_defender": "EST-L30",
        "defender_lead": "EST-L30",
        "lead_accepted": "EST-L30",
        "dummy_exposed": "EST-L30",
        "simultaneous": "EST-L30",
        "premature": "EST-L31",
        "card_played": "EST-L25",
        "other_hand": "EST-L31",
        "surplus": "EST-L42",
        "missing": "EST-L43",
        "dummy_suggests": "EST-L22",
        "dummy_names_hand": "EST-L22",
        "dummy_attention": "EST-L22",
        "trick_attention": "EST (no rule)",
        "quitted": "EST-L28",
        "quitted_permission": "EST-L28(d)",
        "revoke_correction": "EST-L35",
        "revoke_cards_between": "EST-L35",
        "revoke_inquiry": "EST-L37",
        "revoke_established": "EST-L36",
        "revoke_penalty": "EST-L38",
        "revoke_time": "EST-L39",
        "before_penalty": "EST-L44",
        "suit_absent": "EST-L45",
        "wrong_penalty": "EST-L46",
        "second_penalty": "EST-L46",
        "wrong_person": "EST-L47",
        "defender_claim": "EST-L40",
        "declarer_claim": "EST-L40, L41",
        "claim_open_point": "EST-L41",
        "concession": "EST-L40",
    }

    def attention_to_trick(self, offender: Seat, declarer: Seat) -> Ruling | None:
        """EST has no rule on drawing partner's attention to the trick: no penalty."""
        return None

    def _eligible(self, first: Revoke, tricks_won: Sequence[int]) -> list[int]:
        """EST-L38: only tricks the revoker won after the revoke was established. A revoke in following is
        established in the next trick, so the revoke trick is excluded; one in leading is established
        inside its own trick ([JUDGEMENT] that trick then counts as won after establishment)."""
        return [t for t in tricks_won if t > first.trick or (first.in_leading and t == first.trick)]

    def _quitted_penalty(self, looker: Seat, declarer: Seat) -> Ruling:
        law = self.cite("quitted")
        return Ruling("quitted_trick", law, looker, "", (Option("no_penalty", law, "forbidden, but no penalty"),))

    def doubtful_card(self, owner: Seat, declarer: Seat, cards: Sequence[Card]) -> Ruling:
        """EST-L43 has no rule for a quitted trick of more than four cards ([DIFF] NBB R49(b)): nobody may be named
        to decide which card goes back, so the table asks the players to settle it themselves (refused)."""
        raise RulingError(
            f"{self.cite('missing')} says nothing of a quitted trick with more than four cards: the players settle "
            "which card goes back, then report the card found (without 'doubt')"
        )

    def cards_shown_in_claim(self, partner_saw: bool) -> Ruling:
        """EST-L40: a defender shows his cards so that partner does not see them; declarer may not call them."""
        law = self.cite("defender_claim")
        return Ruling("claim_cards_shown", law, None, "", (Option("no_penalty", law, "the cards may not be called"),))
