"""``contractbridge rule LOG.jsonl``: replay an event log and show the director's pending ruling, and on a finished
board the edition's end-of-board review (``Edition.open_reviews``/``review_notes``: L12C1, L64C in WBF17);
``--interactive`` walks the director through both (docs/architecture.md §5)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from contractbridge import events
from contractbridge.cards import Seat, Side
from contractbridge.deal import board_dealer
from contractbridge.director import DIRECTOR, DirectedAuction, PenaltyCard
from contractbridge.errors import BridgeError, EventLogError
from contractbridge.eventlog import MAX_LOG_BYTES, EventLogWarning, read_events
from contractbridge.formats.inputs import read_system
from contractbridge.laws import DEFAULT_EDITION
from contractbridge.laws import edition as edition_named
from contractbridge.scoring.duplicate import board_score
from contractbridge.scoring.rubber import honours_in
from contractbridge.systems.agreements import PartnershipAgreements
from contractbridge.table import Table

__all__ = ["register"]

#: events of the table log that are not the auction director's business (handled by the table)
_PLAY_EVENTS = frozenset({"play", "claim", "agree", "dispute"})


def read_log(path: Path, max_bytes: int = MAX_LOG_BYTES) -> list[dict[str, Any]]:
    """The events of a JSON-lines log, each checked by ``events.parse`` and given back in its written form;
    read by ``eventlog.read_events`` (bounded, typed; a torn last line dropped with a warning).
    ``EventLogError`` names the line."""
    log: list[dict[str, Any]] = []
    line = 0
    try:
        for entry in read_events(path, max_bytes=max_bytes):
            line = entry.line
            log.append(events.to_dict(events.parse(entry.event)))
    except EventLogError as err:  # the reader's message names the line
        raise EventLogError(f"{path}: {err}", err.number) from None
    except BridgeError as err:
        raise EventLogError(f"{path}:{line}: {err}", line) from None
    return log


def replay_log(
    log: list[dict[str, Any]], edition: str | None = None, system: PartnershipAgreements | None = None
) -> tuple[DirectedAuction, list[str]]:
    """Replay a log into the record of ``edition`` (default: the log's; ``Edition.new_record``: the players'
    ``PlayersAuction`` for the rubber-bridge codes, with their ``attention``, named-double and ``misinformation``
    events). A table log (first event ``board`` with a deal) is folded by an irregular ``Table``, so the cards
    are checked too; a log without a deal by the record alone."""
    state = replay_state(log, edition, system)
    return state.record, state.notes


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replayed log: the director's ``record``, the ``notes`` on it and, for a table log, the ``table``."""

    record: DirectedAuction
    notes: list[str]
    table: Table | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON state of ``contractbridge rule``: the record's, with the notes; for a table log the table's
        real ``phase`` (``done`` once the board is over, ``new_deal`` after a demanded redeal), on a finished board
        its ``result`` (a redeal's: no contract, ``new_deal`` naming its law, NBB R39–R43), and the board's
        ``disclosure`` record (alerts, questions and answers, breaks in tempo, calls not alerted) if any."""
        state = self.record.to_dict()
        if self.notes:
            state["notes"] = [*state["notes"], *self.notes]
        if self.table is not None:
            if state.get("phase") != "new_deal":  # a redeal stays one (NBB R39–R43)
                state["phase"] = self.table.phase.value
            state["result"] = board_result(self.table)
            state["penalty_cards"] = [p.to_dict() for p in self.record.penalty_cards if p not in self.played()]
            disclosure = self.table.rules.disclosure(self.table)  # alerts, questions, answers, tempo (L16B, L20F)
            if disclosure is not None and any(isinstance(v, list) and v for v in disclosure.values()):
                state["disclosure"] = disclosure
        return state

    def played(self) -> list[PenaltyCard]:
        """The record's penalty cards their owners have played since: no longer penalty cards (L50A)."""
        table = self.table
        if table is None:
            return []
        return [p for p in self.record.penalty_cards if p.card not in table.hand(p.seat)]

    def explain(self) -> str:
        """The record in words and the notes, without the penalty cards already played."""
        return "\n".join([self.record.explain(self.played()), *self.notes])


def board_result(table: Table) -> dict[str, Any] | None:
    """The structured result of a finished board under its edition, ``None`` before: contract, declarer,
    declarer's ``tricks`` after the automatic adjustments (``adjustments``, each with its law: L64A; NBB R55(6),
    EST-L38, NL36 27.4), ``tricks_ns``, and ``score_ns`` — the duplicate score (L77) or, under a rubber-bridge
    code, the hand's lines on the score sheet (NBB R29–R34, honours included), NS minus EW, vulnerability as the
    board is marked; ``adjusted_score`` when a ruling of the record gave one (per side, with its unit and law:
    WBF17 L82C)."""
    result = table.result
    if result is None:
        return None
    out: dict[str, Any] = {
        "contract": None if result.contract is None else str(result.contract),
        "declarer": None if result.declarer is None else result.declarer.letter,
        "tricks": result.tricks,
        "tricks_ns": None,
        "score_ns": 0,
        "adjustments": list(result.adjustments),
        "claimed": result.claimed,
        "passed_out": result.passed_out,
        "scoring": "duplicate" if table.rules.rubber is None else "rubber",
    }
    if result.new_deal is not None:
        out["new_deal"] = result.new_deal
    assert table.record is not None
    adjusted = [r["adjusted_score"] for r in table.record.rulings if "adjusted_score" in r]
    if adjusted:  # the director's adjusted score replaces the table's (WBF17 L82C, L12C)
        out["adjusted_score"] = adjusted[-1]
    contract, declarer, tricks = result.contract, result.declarer, result.tricks
    if contract is None or declarer is None or tricks is None:
        return out
    out["tricks_ns"] = tricks if declarer.side is Side.NS else 13 - tricks
    vulnerable = table.board.vulnerability.is_vulnerable(declarer)
    rubber = table.rules.rubber
    if rubber is None:
        out["score_ns"] = board_score(contract, declarer, tricks, table.board.vulnerability).ns
    else:
        lines = rubber.score_hand(contract, declarer, tricks, vulnerable, honours_in(table.board.deal, contract.strain))
        out["score_ns"] = sum(e.points if e.side is Side.NS else -e.points for e in lines)
    return out


def replay_state(
    log: list[dict[str, Any]], edition: str | None = None, system: PartnershipAgreements | None = None
) -> Replayed:
    """``replay_log``, keeping the table of a table log (its phase and result, ``Replayed.to_dict``)."""
    table = _table(log, edition, system)
    notes: list[str] = []
    board = log[0] if log and log[0].get("event") == "board" else None
    if table is not None:
        assert table.record is not None
        if table.pending_irregularity is not None and table.record.pending is None:
            notes.append("the pending irregularity is in the play: the director's part 2")
        result = table.result
        if result is not None and result.adjustments:  # e.g. the L64A revoke transfers
            score = board_result(table)
            assert score is not None
            ns = score["score_ns"]
            notes += [*result.adjustments, f"result: {result}, score NS {ns:+d}, EW {-ns:+d}"]
        notes += table.rules.review_notes(table)
        return Replayed(table.record, notes, table)
    dealer, name = Seat.NORTH, DEFAULT_EDITION
    body = log
    if board is not None:
        if "dealer" in board:
            dealer = Seat.parse(str(board["dealer"]))
        elif "number" in board:
            dealer = board_dealer(int(board["number"]))
        name = str(board.get("edition", name))
        body = log[1:]
    da = edition_named(edition or name).new_record(dealer, system)
    for i, event in enumerate(body, 1 if board is None else 2):
        if event.get("event") in _PLAY_EVENTS:
            notes.append(f"replay stopped at event {i} ({event.get('event')}): the play is the table's business")
            break
        try:
            da.apply(event)
        except ValueError as err:
            raise EventLogError(f"event {i} ({event.get('event')}): {err}") from None
    return Replayed(da, notes)


def _table(log: list[dict[str, Any]], edition: str | None, system: PartnershipAgreements | None) -> Table | None:
    """The irregular table a table log (first event ``board`` with a deal) folds into; None for another log."""
    board = log[0] if log and log[0].get("event") == "board" else None
    if board is None or "deal" not in board:
        return None
    first = {**board, "irregular": True, **({"edition": edition} if edition else {})}
    if system is not None:
        first["system"] = system.to_dict()
    return Table.from_events([first, *log[1:]])


def _review_event(law: str, judgements: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """Ask the director for his answer to the review flag ``law`` (L12C1), and for an adjusted score the judgements
    the law asks of him (``Edition.review_judgements``: L16B1 for UI, L75D3 for misinformation)."""
    answer = typer.prompt(f"Review {law}: no_damage, adjusted or weighted", default="no_damage")
    event: dict[str, Any] = {"event": "review", "law": law, "answer": answer}
    if answer in ("adjusted", "weighted"):
        event.update({key: typer.confirm(text) for key, text in judgements})
    if answer == "adjusted":
        event["ns"] = typer.prompt("Declarer's tricks in NS's assigned result", type=int)
        event["ew"] = typer.prompt("Declarer's tricks in EW's assigned result", type=int)
    elif answer == "weighted":
        text = typer.prompt("Weights and tricks, e.g. 0.6:9,0.4:10")
        event["weights"] = [[float(w), int(t)] for w, _, t in (part.partition(":") for part in text.split(","))]
    return event


def _walk_review(log: list[dict[str, Any]], console: Console) -> list[dict[str, Any]]:
    """Walk the director through the open review flags of a finished board; returns the events added."""
    board = log[0] if log else {}
    if "deal" not in board:
        return []
    table = Table.from_events([{**board, "irregular": True}, *log[1:]])
    added: list[dict[str, Any]] = []
    while open_flags := table.rules.open_reviews(table):
        for line in table.rules.review_notes(table):
            console.print(line)
        try:
            event = _review_event(open_flags[0], table.rules.review_judgements(open_flags[0]))
            table.apply(event)
        except (BridgeError, ValueError) as err:
            console.print(f"[red]{err}[/red]")
            continue
        added.append(event)
    return added


def _interact(da: DirectedAuction, console: Console, table: Table | None = None) -> list[dict[str, Any]]:
    """Walk the director through the pending rulings; returns the events added. With the ``table`` of a table log
    (``da`` its record) each answer goes to the table, whose play-period rulings act on the cards (issue #11)."""
    added: list[dict[str, Any]] = []
    while da.pending is not None:
        ruling = da.pending
        console.print(ruling.explain())
        event: dict[str, Any]
        if ruling.question is not None:
            answer = typer.confirm(f"{ruling.question.text} ({ruling.question.law})")
            event = {"event": "judge", "question": ruling.question.id, "answer": answer}
        else:
            ids = [o.id for o in ruling.options]
            who = DIRECTOR if ruling.chooser is None else ruling.chooser.letter
            option = typer.prompt(f"Option for {who} ({'/'.join(ids)})", default=ids[0])
            event = {"event": "choose", "seat": who, "option": option}
        try:
            (da if table is None else table).apply(event)
        except BridgeError as err:
            console.print(f"[red]{err}[/red]")
            continue
        added.append(event)
    return added


def register(app: typer.Typer) -> None:
    @app.command("rule")
    def rule(
        log: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="event log, one JSON object a line")],
        edition: Annotated[str | None, typer.Option("--edition", help="edition id (default: the log's)")] = None,
        system: Annotated[Path | None, typer.Option("--system", exists=True, help="JSON agreements")] = None,
        interactive: Annotated[bool, typer.Option("--interactive", "-i", help="walk through the choices")] = False,
        json_only: Annotated[bool, typer.Option("--json", help="print the JSON state only")] = False,
        output: Annotated[Path | None, typer.Option("--output", "-o", help="write the log with the rulings")] = None,
    ) -> None:
        """Replay LOG and print the state and the pending ruling (JSON, then in words)."""
        console = Console(highlight=False, soft_wrap=True)
        if output is not None and output.exists():  # asked before the walk, so no choice made is lost
            typer.echo(f"error: {output} exists: rule never replaces a file (name a new one)", err=True)
            raise typer.Exit(2)
        try:
            with warnings.catch_warnings(record=True) as torn:
                warnings.simplefilter("always", EventLogWarning)
                log_events = read_log(log)
            for warning in torn:
                typer.echo(f"warning: {log}: {warning.message}", err=True)
            meanings = PartnershipAgreements.from_dict(read_system(system)) if system else None
            replayed = replay_state(log_events, edition, meanings)
        except (BridgeError, json.JSONDecodeError) as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(2) from None
        if interactive:
            table = _table(log_events, edition, meanings)
            da = replayed.record
            ruled = _interact(da if table is None or table.record is None else table.record, console, table)
            log_events += ruled
            try:
                review = _walk_review(log_events, console)
                if review or (ruled and table is not None):
                    log_events += review
                    replayed = replay_state(log_events, edition, meanings)
            except BridgeError as err:
                typer.echo(f"error: {err}", err=True)
                raise typer.Exit(2) from None
            if output is not None:
                output.write_text("".join(events.to_json_line(e) for e in log_events), encoding="utf-8")
        typer.echo(json.dumps(replayed.to_dict(), indent=2))
        if not json_only:
            typer.echo("")
            typer.echo(replayed.explain())
