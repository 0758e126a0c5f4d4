"""Running an event on the web table (#23 item 5): the director's event (``eventstore``), each table of each round
a web table (``TableSession``) that plays that round's boards, and the results.

Starting a round opens one web table per table of the round (L8: the movement says who sits where and which
boards they play), its deck that table's boards, its four seats held for the two pairs: nobody takes them from
the lobby. A pair's secret link seats its players in its own line only (a pair is never on both sides of a
table); the director seats robots in any seat still held (an empty seat, or a missing pair), and a table of four
robots plays its round by itself. The tables play through the one table driver, ``players.Driver``, as every web
table does (``TableSession``).

A board played online is the web table's result; a board played with real cards is entered on the traveller
(contract, declarer, lead, tricks) by one pair and counts once the opponents confirm it; the director's entries
count at once and an adjusted score (artificial, L12C2; assigned, weighted or split, L12C1(c), (e); in a team
match with the side at fault, L86B2(b)), a fouled board's form (L87A) or a correction (L79C) replaces the table's
result, with its reason (L81C8); the result replaced is kept, shown to
the director with who replaced it and when, never scored (as the CLI's event file keeps it, ``Event.replaced``).
Every result is checked by ``tournament.event.Event.enter`` (the board is played at that table in that round, the
score is possible, no result twice) before anything is stored.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from contractbridge.cards import Seat
from contractbridge.errors import BridgeError
from contractbridge.eventstore import EventRecord, EventStore, PairRecord, ReplacedRecord, ResultRecord
from contractbridge.server import tokens
from contractbridge.server.club import Club
from contractbridge.server.protocol import ProtocolError
from contractbridge.server.session import TableSession
from contractbridge.store import Store, TableRecord
from contractbridge.systems.agreements import AlertPolicy, PartnershipAgreements
from contractbridge.tournament.event import ROUND_ROBIN, Entry, Event, correction
from contractbridge.tournament.movements import Encounter
from contractbridge.tournament.site import TRAVELLER, traveller_rows

__all__ = ["DIRECTOR", "EventAccessError", "EventRoom", "may_adjust", "result_line"]

#: The role of the director's link (a pair's link is its pair number).
DIRECTOR: Final = "director"


class EventAccessError(BridgeError):
    """A link that is not this event's, or that may not do what was asked (the director's, a pair's)."""


@dataclass(frozen=True, slots=True)
class Results:
    """An event's results: the boards played online, the ones entered (confirmed or not)."""

    played: tuple[Entry, ...]
    entered: tuple[ResultRecord, ...]
    replaced: tuple[ReplacedRecord, ...] = ()

    def counted(self) -> tuple[Entry, ...]:
        """What is scored: the confirmed entries, then every board played online that no entry replaces."""
        return self._with_played([r.entry for r in self.entered if r.confirmed])

    def all(self) -> tuple[Entry, ...]:
        """Every result, confirmed or not (a second result at one table on one board is refused against these)."""
        return self._with_played([r.entry for r in self.entered])

    def _with_played(self, entries: list[Entry]) -> tuple[Entry, ...]:
        taken = {_where(r.entry) for r in self.entered}
        return (*entries, *(e for e in self.played if _where(e) not in taken))


def _where(entry: Entry) -> tuple[int, int, int]:
    return entry.round, entry.table, entry.board


class EventRoom:
    """One event of the club, as the routes use it: the store's record and the club's tables."""

    def __init__(self, club: Club, event_id: str) -> None:
        self.club = club
        self.db: Store = club.db
        self.events = EventStore(club.db)
        self.id = event_id

    async def record(self) -> EventRecord:
        return await asyncio.to_thread(self.events.event, self.id)

    async def _open(self) -> EventRecord:
        """The record of an event still running (``ProtocolError`` once it is finished: its results are final)."""
        record = await self.record()
        if record.status != "open":
            raise ProtocolError("the event is finished: its results are published")
        return record

    # links ------------------------------------------------------------------------------------------------------
    async def role_of(self, token: str | None) -> str | int:
        """``DIRECTOR`` or the pair number whose link ``token`` is (``EventAccessError`` otherwise)."""
        if not token:
            raise EventAccessError("send the director's or your pair's link token as 'Authorization: Bearer …'")
        director = await asyncio.to_thread(self.events.director_token, self.id)
        if tokens.matches(token, director):
            return DIRECTOR
        for pair in (await asyncio.to_thread(self.events.pairs, self.id)).values():
            if tokens.matches(token, pair.token):
                return pair.pair
        raise EventAccessError("this link's token is not one of this event's")

    async def director(self, token: str | None) -> None:
        if await self.role_of(token) != DIRECTOR:
            raise EventAccessError("only the director's link does that")

    # pairs and rounds --------------------------------------------------------------------------------------------
    async def enter_pair(self, pair: int, names: str, card: Mapping[str, Any] | None = None) -> str:
        """Enter a pair (its names and system card, L40A1(b); a new secret link, the old one no longer works): the
        link's token. The card is the pair's at the web tables of the rounds started after."""
        record = await self.record()
        movement = record.event().movement
        if pair not in movement.pairs or pair == movement.phantom:
            raise ProtocolError(f"no pair {pair} in this event (pairs {movement.pairs[0]}-{movement.pairs[-1]})")
        token, key = tokens.issue(0)
        card = None if card is None else PartnershipAgreements.from_dict({"NS": card}).to_dict().get("NS", {})
        await asyncio.to_thread(self.events.set_pair, self.id, PairRecord(pair, names.strip()[:200], key, card))
        return token

    async def start_round(self) -> int:
        """Open the web tables of the next round (each with its boards, its seats held for its pairs, and their
        system cards with the event's alert policy, L40): the round's number. A table whose two pairs are not both
        in the movement (a sit-out) gets no table."""
        record = await self._open()
        movement = record.event().movement
        number = record.round + 1
        encounters = [e for e in movement.round(number) if e.ns is not None and e.ew is not None]
        limit = self.club.settings.max_tables
        if limit and len(self.club.sessions) + len(encounters) > limit:
            raise ProtocolError(f"the server has {len(self.club.sessions)} tables open: {len(encounters)} more "
                                f"would pass its limit of {limit} (max_tables)")  # fmt: skip
        await asyncio.to_thread(self.events.claim_round, self.id, number)
        director_key = await asyncio.to_thread(self.events.director_token, self.id)
        pairs = await asyncio.to_thread(self.events.pairs, self.id)
        boards = {b.number: b for b in record.event().boards}
        opened: dict[int, str] = {}
        for e in encounters:
            table = TableRecord(
                id=secrets.token_hex(6), name=f"{record.name}: round {number}, table {e.table}", edition=record.edition,
                irregular=record.irregular, spectators="none", seed=f"{record.seed}/{number}/{e.table}",
                deck=tuple(boards[b] for b in e.boards),
            )  # fmt: skip
            assert e.ns is not None and e.ew is not None  # the encounters of two pairs, above
            agreements = _agreements(record, pairs.get(e.ns), pairs.get(e.ew))
            await self.club.create(table, director_key, (), held=True, agreements=agreements)  # one owner (#26)
            opened[e.table] = table.id
        await asyncio.to_thread(self.events.link_tables, self.id, number, opened)
        return number

    async def _place(self, round_number: int, table: int) -> tuple[Encounter, TableSession]:
        record = await self.record()
        encounter = record.event().encounter(round_number, table)
        table_id = (await asyncio.to_thread(self.events.tables, self.id)).get((round_number, table))
        session = None if table_id is None else self.club.sessions.get(table_id)
        if session is None:
            raise ProtocolError(f"round {round_number}, table {table} has no web table (start the round first)")
        return encounter, session

    async def sit(self, pair: int, seat: Seat, name: str) -> dict[str, Any]:
        """A player of ``pair`` takes ``seat`` at the pair's table of the current round: the seat's link."""
        record = await self.record()
        if not record.round:
            raise ProtocolError("no round has started")
        mine = [p for p in record.event().movement.card(pair) if p.round == record.round]
        if not mine:
            raise ProtocolError(f"pair {pair} sits out round {record.round}")
        line = "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        lines = [p for p in mine if p.direction == line]  # a team: NS in one room, EW in the other
        if not lines:
            raise ProtocolError(f"pair {pair} sits {mine[0].direction} at table {mine[0].table} in round "
                                f"{record.round}, not {line}: a pair plays one line of its table")  # fmt: skip
        place = lines[0]
        _, session = await self._place(record.round, place.table)
        token = await session.sit(seat, "human", name, held=True)
        assert token is not None
        table_id = session.record.id
        return {"table": place.table, "table_id": table_id, "seat": seat.letter, "token": token,
                "url": f"/t/{table_id}?token={token}"}  # fmt: skip

    async def robots(self, round_number: int, table: int, seats: list[Seat]) -> list[str]:
        """The director seats robots in ``seats`` (every seat still held or empty when none is named)."""
        _, session = await self._place(round_number, table)
        wanted = seats or [Seat.parse(s) for s, r in session.seats.items() if r.kind != "robot" and r.token is None]
        for seat in wanted:
            await session.sit(seat, "robot", "Robot", held=True)
        return sorted((s.letter for s in wanted), key="NESW".index)

    # results ------------------------------------------------------------------------------------------------------
    async def results(self) -> Results:
        return await asyncio.to_thread(self._results)

    def _results(self) -> Results:
        played: list[Entry] = []
        for (r, t), table_id in sorted(self.events.tables(self.id).items()):
            scores = self.db.results(table_id)
            if not scores:
                continue
            leads = {}
            for board_id in self.db.board_ids(table_id):
                board = self.db.board(board_id)
                leads[board.number] = next((str(e["card"]) for e in board.events if e.get("event") == "play"), None)
            for s in scores:
                played.append(Entry(r, t, int(s["board"]), s["contract"] or "pass", s["declarer"], s["tricks"],
                                    leads.get(int(s["board"]))))  # fmt: skip
        return Results(tuple(played), tuple(self.events.results(self.id)), tuple(self.events.replaced(self.id)))

    async def event(self, *, everything: bool = False) -> Event:
        """The event with its names and the results that count (``everything``: pending ones too), and those the
        director's corrections replaced (``Event.replaced``: kept, never scored, L79C)."""
        record = await self.record()
        names = {str(p.pair): p.names for p in (await asyncio.to_thread(self.events.pairs, self.id)).values()}
        results = await self.results()
        event = record.event(names, results.all() if everything else results.counted())
        return replace(event, replaced=tuple(r.result.entry for r in results.replaced))

    async def enter(self, role: str | int, entry: Entry) -> tuple[ResultRecord, ResultRecord | None]:
        """A traveller's line (or the director's adjusted score): checked against the movement and every result
        so far, then stored. A pair enters only at its own table and never an adjusted score; its opponents
        confirm it. The director's result replaces the table's (L12C, L79C), which is kept among the replaced results.
        A finished event's results are final. The result stored, and the one it replaced (None: none)."""
        record = await self._open()
        encounter = record.event().encounter(entry.round, entry.table)
        by_director = role == DIRECTOR
        if not by_director:
            if role not in (encounter.ns, encounter.ew):
                raise EventAccessError(f"pair {role} does not play at table {entry.table} in round {entry.round}")
            may_adjust(role, (entry.adjusted, entry.assigned, entry.assigned_ew) != (None, None, None),
                       ruling=(entry.fouled, entry.at_fault) != (None, None))  # fmt: skip
        results = await self.results()
        kept, played = results.all(), None
        if by_director:
            kept = tuple(e for e in kept if _where(e) != _where(entry))
            played = next((e for e in results.played if _where(e) == _where(entry)), None)
        elif any(_where(e) == _where(entry) for e in results.played):
            raise ProtocolError(f"round {entry.round}, table {entry.table}, board {entry.board} was played online: "
                                "its result is the table's")  # fmt: skip
        checked = record.event(entries=kept).enter(entry, lead=True)  # the checks, before anything is stored
        entry = checked.entries[-1]  # the lead written as a card (SK)
        stored = ResultRecord(entry, DIRECTOR if by_director else f"pair {role}", by_director)
        gone = await asyncio.to_thread(self.events.add_result, self.id, stored, replace=by_director, played=played)
        return stored, gone

    async def confirm(self, role: str | int, round_number: int, table: int, board: int) -> None:
        """The opponents of the pair that entered a result (or the director) confirm it."""
        record = await self._open()
        encounter = record.event().encounter(round_number, table)
        found = [r for r in (await self.results()).entered if _where(r.entry) == (round_number, table, board)]
        if not found:
            raise ProtocolError(f"round {round_number}, table {table}, board {board}: no result to confirm")
        if role != DIRECTOR:
            if role not in (encounter.ns, encounter.ew):
                raise EventAccessError(f"pair {role} does not play at table {table} in round {round_number}")
            if found[0].entered_by == f"pair {role}":
                raise EventAccessError("the opponents confirm a result, not the pair that entered it")
        await asyncio.to_thread(self.events.confirm, self.id, round_number, table, board)

    async def finish(self) -> None:
        """The event is over: the results are published and its web tables closed (their boards stay stored)."""
        await asyncio.to_thread(self.events.update, self.id, status="finished")
        for table_id in (await asyncio.to_thread(self.events.tables, self.id)).values():
            session = self.club.sessions.pop(table_id, None)
            if session is not None:
                await session.close()
            await asyncio.to_thread(self.db.set_status, table_id, "closed")

    # what the pages show ---------------------------------------------------------------------------------------
    async def state(self, role: str | int | None) -> dict[str, Any]:
        """The event for a page: public facts and the live ranking; the tables of the rounds started for the
        director, a pair's own card and its table's results for a pair (nobody sees another table's results before
        the event is finished: they hold boards the reader may not have played yet); the director sees the travellers
        too, as ``event travellers`` prints them."""
        record = await self.record()
        event = await self.event()
        pairs = await asyncio.to_thread(self.events.pairs, self.id)
        out: dict[str, Any] = {
            "id": record.id, "name": record.name, "form": record.form, "movement": event.movement.printout(),
            "tables": record.tables, "rounds": event.movement.rounds, "round": record.round, "status": record.status,
            "pairs": {str(p.pair): p.names for p in pairs.values()}, "ranking": event.ranking_json(),
            "pair_numbers": [n for n in event.movement.pairs if n != event.movement.phantom],
            "section": record.section, "sections": await asyncio.to_thread(self.events.sections, self.id),
            "role": role, "factoring": record.factoring, "weighted_decimals": record.weighted_decimals,
            "weighted_places": event.weighted_places,
        }  # fmt: skip
        if role is None:
            return out
        results = await self.results()
        linked = await asyncio.to_thread(self.events.tables, self.id)
        places = [e for e in event.movement.encounters if role == DIRECTOR or role in (e.ns, e.ew)]
        out["places"] = [
            self._place_state(e, linked.get((e.round, e.table)), results) for e in places if e.round <= record.round
        ]
        if role == DIRECTOR:
            out["replaced"] = _replaced_state(results)
            out["travellers"] = _travellers(event)
        else:
            out["card"] = [{"round": p.round, "table": p.table, "direction": p.direction, "opponent": p.opponent,
                            "boards": list(p.boards)} for p in event.movement.card(int(role))]  # fmt: skip
        return out

    def _place_state(self, e: Encounter, table_id: str | None, results: Results) -> dict[str, Any]:
        session = None if table_id is None else self.club.sessions.get(table_id)
        entered = {r.entry.board: r for r in results.entered if (r.entry.round, r.entry.table) == (e.round, e.table)}
        played = {x.board: x for x in results.played if (x.round, x.table) == (e.round, e.table)}
        lines = []
        for board in e.boards:
            if board in entered:
                lines.append(result_line(entered[board]))
            elif board in played:
                lines.append(result_line(ResultRecord(played[board], "played", True)))
            else:
                lines.append({"round": e.round, "table": e.table, "board": board})
        seats = {} if session is None else {s: {"kind": r.kind, "taken": r.token is not None or r.kind == "robot"}
                                             for s, r in session.seats.items()}  # fmt: skip
        return {"round": e.round, "table": e.table, "ns": e.ns, "ew": e.ew, "boards": list(e.boards),
                "table_id": table_id, "seats": seats, "results": lines}  # fmt: skip


def may_adjust(role: str | int, adjusting: bool, *, ruling: bool = False) -> None:
    """Only the director gives an adjusted score (L12C) or rules (``ruling``) a board fouled (L87A) or a side at
    fault (L86B2(b)); ``EventAccessError`` for a pair's link."""
    if role == DIRECTOR:
        return
    if adjusting:
        raise EventAccessError("only the director gives an adjusted score")
    if ruling:
        raise EventAccessError("only the director rules a board fouled or a side at fault")


def _line(entry: Entry) -> dict[str, Any]:
    """A result for the pages: its fields (``Entry.to_dict``) and ``text``, as the CLI writes it (``4S N 10
    tricks``; an adjusted score with its reason: ``assigned 4S N = 60% + 4S N -1 40% (…)``, L12C, L81C8)."""
    return {**entry.to_dict(), "text": str(entry)}


def result_line(result: ResultRecord) -> dict[str, Any]:
    """A result entered (or played online: ``entered_by`` ``played``) for the pages: ``_line`` with who entered
    it and whether it is confirmed."""
    return {**_line(result.entry), "entered_by": result.entered_by, "confirmed": result.confirmed}


def _travellers(event: Event) -> dict[str, Any]:
    """Every board's traveller so far, for the director: the CLI's ``event travellers`` (``site.TRAVELLER``'s
    columns, its rows: each table's contract or adjusted score as the traveller writes it, L12C, its score, L77,
    and both sides' points by the event's form and factoring, L78)."""
    boards = [{"board": record.number, "rows": traveller_rows(scored, event.scoring)}
              for record, scored in event.scored()]  # fmt: skip
    return {"columns": list(TRAVELLER), "boards": boards}


def _replaced_state(results: Results) -> list[dict[str, Any]]:
    """The replaced results for the director's page: each line as it stood, who replaced it, when (ISO 8601) and
    by what (``now``: the next correction at that place, or the result standing there; L79C, L12C)."""
    out = []
    standing = {_where(e): e for e in results.all()}
    for i, r in enumerate(results.replaced):
        later = (x.result.entry for x in results.replaced[i + 1 :] if _where(x.result.entry) == _where(r.result.entry))
        now = next(later, standing.get(_where(r.result.entry)))
        out.append({**result_line(r.result), "replaced_by": r.replaced_by, "replaced_at": r.replaced_at.isoformat(),
                    "now": None if now is None else _line(now),
                    "note": None if now is None else correction(r.result.entry, now)})  # fmt: skip
    return out


def _agreements(record: EventRecord, ns: PairRecord | None, ew: PairRecord | None) -> PartnershipAgreements | None:
    """The system cards of a round's table: North-South's pair's and East-West's, with the event's alert policy
    (L40A1(b), L40B2(a)(iii)); None when the event has neither."""
    system: dict[str, Any] = {side: pair.card for side, pair in (("NS", ns), ("EW", ew)) if pair and pair.card}
    if record.alert_policy is not None:
        system["alert_policy"] = record.alert_policy
    return PartnershipAgreements.from_dict(system) if system else None


def new_record(spec: Mapping[str, Any], seed: str, deals: tuple[Any, ...] = ()) -> EventRecord:
    """The record of a new event (checked as a ``tournament`` event: the movement exists, the form is known, a
    factoring only at matchpoints, L78D; a weighted score's decimals, L12C1(c)); a teams round robin's ``teams``
    play at two tables a match."""
    tables, pairs = int(spec["tables"]), int(spec.get("pairs") or 2 * int(spec["tables"]))
    if spec["movement"] == ROUND_ROBIN:
        if not spec.get("teams"):
            raise ProtocolError(f"a {ROUND_ROBIN} needs the number of teams")
        pairs = int(spec["teams"])
        tables = 2 * (pairs // 2)
    record = EventRecord(
        id=secrets.token_hex(6), name=str(spec["name"]), form=str(spec["form"]), movement=str(spec["movement"]),
        tables=tables, boards_per_round=int(spec["boards_per_round"]), pairs=pairs, seed=seed,
        edition=str(spec["edition"]),
        arrow_switch=tuple(int(r) for r in spec.get("arrow_switch", ())), deals=tuple(deals),
        irregular=bool(spec.get("director", False)), factoring=str(spec.get("factoring", "none")),
        weighted_decimals=spec.get("weighted_decimals"),
        alert_policy=None if (policy := spec.get("alert_policy")) is None else AlertPolicy.from_dict(policy).to_dict(),
    )  # fmt: skip
    record.event()  # refuses an impossible event before anything is stored
    return record
