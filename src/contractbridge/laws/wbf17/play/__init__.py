"""The play period of the 2017 Laws (L41–L71) as pure functions over values, returning rulings as data.

Modules by law group: ``procedure`` (L41, L45–L47, L46 designations), ``penalty_cards`` (L48–L52),
``restrictions`` (the cards a seat may play under its obligations, L44C first, L59), ``out_of_turn`` (L53–L60),
``revokes`` (L61–L64, L67), ``review`` (the end-of-board review, L12C1). Claims (L68–L71) are in
``contractbridge.laws.wbf17.claims``.

How each rule plugs into the table (issue #10's seam; wiring only, no law in the table):

- **legal cards**: ``Table.legal_cards()`` passes the L44 set through ``restrictions.allowed_cards(seat, hand,
  trick, live_restrictions, penalty_cards)``: the table keeps the ``Effect`` values of type REQUIRE_LEAD,
  FORBID_LEAD (L26B, L50D2, L51B: until the partner loses the lead), REQUIRE_PLAY, FORBID_PLAY (L57A: this
  trick) and the ``PenaltyCards`` value; a strict table refuses a card outside the set, an ``irregular`` one
  records it and asks ``revokes.revoke_kind`` whether it is a revoke or ``penalty_cards.failure_to_play``.
- **pending rulings**: every irregularity function returns a ``Ruling`` the table makes pending: a ``play``
  event out of turn → ``out_of_turn.lead_out_of_turn`` / ``premature_play`` / ``play_after_irregularity``;
  ``expose`` → ``penalty_cards.exposed_card``; the partner of a major-PC owner to lead →
  ``penalty_cards.lead_options``; ``attention`` to a revoke → ``revokes.correction`` (before establishment,
  ``revokes.is_established``); a fifth or simultaneous card → ``procedure.fifth_card`` / ``simultaneous_cards``;
  a dummy designation (``designate`` event with declarer's words) → ``procedure.resolve_designation``.
- **choices and judgements**: a ``choose`` event picks ``Ruling.option(id)`` (chooser in ``choosers``; with
  two choosers and different picks ``prevails`` wins, L55A); a ``judge`` event picks ``Ruling.outcome``.
  The table applies the option's ``effects`` in order, one table event each (withdraw, penalty card, pick up,
  restriction, exchange roles, lead from).
- **end of play**: the table hands the established revokes and trick winners to ``revokes.transfers``, asks
  ``revokes.equity`` (L64C), collects every REVIEW flag of the auction and the play, and scores through
  ``review.settle`` with the director's answers: the final score and every step with its law.
"""

from __future__ import annotations
