"""The events (#23 item 5): ``POST /api/events`` creates one (the director's secret link comes back);
``GET /api/events/{id}`` is the event as its reader may see it (anybody: the movement and the live ranking; the
director's link: every table of the rounds started; a pair's link: its card and its table); the director enters
pairs, starts rounds, seats robots, enters or adjusts results (L12) and finishes the event; a pair takes its
seats and enters its table's results, which its opponents confirm. The pages: ``/events`` (a new event),
``/e/{id}`` (the event: a link's token in ``?token=`` is kept by the page, which sends it as
``Authorization: Bearer …``) and, once finished, the results site ``/e/{id}/site/`` and files
``/api/events/{id}/results.pbn``, ``results.xml`` and the hand records, ``hands.pdf``."""

from __future__ import annotations

import asyncio
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field

from contractbridge.cards import Seat
from contractbridge.eventstore import ASSIGNED_LENGTH, FOULED_LENGTH, NoEventError
from contractbridge.laws import DEFAULT_EDITION, EDITIONS
from contractbridge.server import tokens
from contractbridge.server.club import ClubDep, bearer, system_of
from contractbridge.server.events import DIRECTOR, EventAccessError, EventRoom, may_adjust, new_record, result_line
from contractbridge.server.protocol import ProtocolError
from contractbridge.server.routes.lobby import templates
from contractbridge.store import StoreError
from contractbridge.tournament.event import Entry, assigned_scores, correction, fouled_and_fault

__all__ = ["router"]

router = APIRouter(tags=["events"])
Token = Annotated[str | None, Depends(bearer)]
SeatLetter = Literal["N", "E", "S", "W"]


class NewEvent(BaseModel):
    """An event to run: its name, form, movement (Mitchell, Mitchell with relay, Howell; a teams event: a round
    robin of ``teams``, two tables a match), tables, boards a round, pairs (one fewer than twice the tables: a
    sit-out), the edition its tables play, whether the director rules
    irregularities at the tables (else the laws are enforced as played), its sections (each with that movement and
    its own ranking, all playing the same boards) and its boards: dealt from a seed, or the deals of a PBN file's
    text. A matchpoint event's ``factoring`` says how a board with fewer results than the movement plays it is
    scored (a condition of contest, L78D: ``none``, ``neuberg`` or ``proportional``, as ``event create``)."""

    name: str = Field("Club pairs", min_length=1, max_length=200)
    form: Literal["matchpoints", "cross-imps", "butler", "teams"] = "matchpoints"
    movement: Literal["mitchell", "mitchell-relay", "howell", "round-robin"] = "mitchell"
    tables: int = Field(4, ge=3, le=30)
    boards_per_round: int = Field(2, ge=1, le=8)
    pairs: int | None = Field(None, ge=5, le=60)
    teams: int | None = Field(None, ge=3, le=40)
    arrow_switch: list[int] = []
    edition: str = DEFAULT_EDITION
    director: bool = False
    sections: int = Field(1, ge=1, le=6)
    pbn: str | None = Field(None, max_length=4_000_000)
    alert_policy: dict[str, Any] | None = None  # the event's (L40B2(a)(iii)): its web tables are opened with it
    #: matchpoints, a board with fewer results than the movement plays it (L78D): none, neuberg or proportional
    factoring: str = Field("none", max_length=16)
    #: the decimals of a weighted assigned score's points (L12C1(c), a condition of contest): 0, 1 or 2; None: the
    #: form's own (as ``event create --weighted-decimals``)
    weighted_decimals: int | None = None


class PairNames(BaseModel):
    names: str = Field(..., min_length=1, max_length=200)
    card: dict[str, Any] | None = None  # the pair's system card (L40A1(b)): auction → description (docs/disclosure.md)


class Robots(BaseModel):
    seats: list[SeatLetter] = []


class TakeSeat(BaseModel):
    name: str = Field("", max_length=100)


class Traveller(BaseModel):
    """A traveller's line: where, then the contract (``pass`` for a passed-out board), declarer, tricks and the
    opening lead; or the director's adjusted score with the reason (L81C8): artificial (``adjusted``: ``A60/40`` …,
    L12C2), assigned (``assigned``: ``4S N -1``, weighted ``4S N = 60% + 4S N -1 40%``, L12C1(c)) or split
    (``assigned_ns`` with ``assigned_ew``, each side its own, L12C1(e)) — as ``event result`` takes them; the
    director's ``fouled`` (the form of a fouled board the table played, L87A) and, in a team match, ``at_fault``
    (``NS`` or ``EW``, with ``assigned``: the side of the table at fault, L86B2(b)), as ``--fouled`` and
    ``--at-fault``."""

    round: int
    table: int
    board: int
    contract: str | None = Field(None, max_length=8)
    declarer: SeatLetter | None = None
    tricks: int | None = None
    lead: str | None = Field(None, max_length=3)
    adjusted: str | None = Field(None, max_length=32)
    assigned: str | None = Field(None, max_length=ASSIGNED_LENGTH)
    assigned_ns: str | None = Field(None, max_length=ASSIGNED_LENGTH)
    assigned_ew: str | None = Field(None, max_length=ASSIGNED_LENGTH)
    reason: str | None = Field(None, max_length=200)
    fouled: str | None = Field(None, max_length=FOULED_LENGTH)
    at_fault: str | None = Field(None, max_length=3)


class Where(BaseModel):
    round: int
    table: int
    board: int


@asynccontextmanager
async def _answers() -> AsyncIterator[None]:
    """The event's refusals as HTTP: an unknown event 404, a link that may not 403, a conflict 409 (a typed
    ``BridgeError`` of the laws goes on to the application's handler: 400 with the error frame)."""
    try:
        yield
    except NoEventError as err:
        raise HTTPException(404, str(err)) from None
    except EventAccessError as err:
        raise HTTPException(403, str(err)) from None
    except (ProtocolError, StoreError) as err:
        raise HTTPException(409, str(err)) from None


# pages -----------------------------------------------------------------------------------------------------------
@router.get("/events", response_class=HTMLResponse)
async def new_event_page(request: Request) -> HTMLResponse:
    return templates.TemplateResponse(request, "events.html", {"editions": EDITIONS})


@router.get("/e/{event_id}", response_class=HTMLResponse)
async def event_page(request: Request, event_id: str, tables: ClubDep) -> HTMLResponse:
    async with _answers():
        record = await EventRoom(tables, event_id).record()
    return templates.TemplateResponse(request, "event.html", {"event": {"id": record.id, "name": record.name}})


@router.get("/e/{event_id}/site/{name}")
async def site_file(event_id: str, name: str, tables: ClubDep) -> Response:
    """A file of the results site (once the event is finished: the boards are public then)."""
    room = EventRoom(tables, event_id)
    async with _answers():
        if (await room.record()).status != "finished":
            raise ProtocolError("the results are published when the director finishes the event")
        files = await _site(room)
    body = files.get(name or "index.html")
    if body is None:
        raise HTTPException(404, f"no page {name!r} in the results")
    return Response(body, media_type="image/png" if name.endswith(".png") else "text/html; charset=utf-8")


@router.get("/e/{event_id}/site/")
async def site_index(event_id: str, tables: ClubDep) -> Response:
    return await site_file(event_id, "index.html", tables)


#: The sites of finished events (final: nothing changes them), built once each; the latest few kept.
_SITES: OrderedDict[tuple[str, str], dict[str, str | bytes]] = OrderedDict()
_SITES_KEPT = 8


async def _site(room: EventRoom) -> dict[str, str | bytes]:
    """The results site with each board's DD table and par (DDS off the event loop), built once."""
    from contractbridge.tournament.handrecords import hand_records

    key = (room.db.url, room.id)
    if key not in _SITES:
        event = await room.event()
        records = await asyncio.to_thread(hand_records, event.boards)
        _SITES[key] = await asyncio.to_thread(event.site, records)
        while len(_SITES) > _SITES_KEPT:
            _SITES.popitem(last=False)
    _SITES.move_to_end(key)
    return _SITES[key]


# the API -----------------------------------------------------------------------------------------------------------
@router.post("/api/events", status_code=201)
async def create_event(spec: NewEvent, tables: ClubDep) -> dict[str, Any]:
    if spec.edition not in EDITIONS:
        raise HTTPException(422, f"unknown edition {spec.edition!r} (use one of {', '.join(EDITIONS)})")
    if spec.alert_policy is not None:
        system_of({"alert_policy": spec.alert_policy})  # HTTP 422 saying what is wrong with it
    deals: tuple[Any, ...] = ()
    if spec.pbn is not None:
        from contractbridge.formats.pbn import parse_bytes
        from contractbridge.tournament.handrecords import boards_from_pbn

        deals = boards_from_pbn(parse_bytes(spec.pbn.encode(), file="the PBN deals"))
    token, key = tokens.issue(0)
    made = []
    async with tables.numbered() as number:
        seed = secrets.token_hex(16) if number is None else f"{tables.settings.seed}/event/{number}"
        first = new_record(spec.model_dump(), seed, deals)
        records = [first] if spec.sections == 1 else [
            replace(first, id=secrets.token_hex(6) if n else first.id, section=letter,
                    first_section=first.id if n else None, name=f"{spec.name}, section {letter}")
            for n, letter in enumerate("ABCDEF"[: spec.sections])
        ]  # fmt: skip
        for record in records:  # one director's link for every section
            await asyncio.to_thread(EventRoom(tables, record.id).events.create, record, key)
            made.append({"section": record.section, "id": record.id, "url": f"/e/{record.id}",
                         "director_url": f"/e/{record.id}?token={token}"})  # fmt: skip
    return {**made[0], "director_token": token, "sections": made}


@router.get("/api/events/{event_id}")
async def event_state(event_id: str, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        role = None if token is None else await room.role_of(token)
        return await room.state(role)


@router.get("/api/events/{event_id}/ranking")
async def ranking(event_id: str, tables: ClubDep) -> list[dict[str, Any]]:
    async with _answers():
        return (await EventRoom(tables, event_id).event()).ranking_json()


@router.post("/api/events/{event_id}/pairs/{pair}")
async def enter_pair(event_id: str, pair: int, body: PairNames, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        await room.director(token)
        if body.card is not None:
            system_of({"NS": body.card})  # HTTP 422 saying what is wrong with it
        link = await room.enter_pair(pair, body.names, body.card)
    return {"pair": pair, "names": body.names, "token": link, "url": f"/e/{event_id}?token={link}"}


@router.post("/api/events/{event_id}/rounds")
async def start_round(event_id: str, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        await room.director(token)
        return {"round": await room.start_round()}


@router.post("/api/events/{event_id}/rounds/{round_number}/tables/{table}/robots")
async def robots(event_id: str, round_number: int, table: int, body: Robots, tables: ClubDep,
                 token: Token) -> dict[str, Any]:  # fmt: skip
    room = EventRoom(tables, event_id)
    async with _answers():
        await room.director(token)
        return {"robots": await room.robots(round_number, table, [Seat.parse(s) for s in body.seats])}


@router.post("/api/events/{event_id}/seats/{seat}")
async def take_seat(event_id: str, seat: SeatLetter, body: TakeSeat, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        role = await room.role_of(token)
        if role == DIRECTOR:
            raise EventAccessError("a seat is taken with a pair's link")
        return await room.sit(int(role), Seat.parse(seat), body.name)


@router.post("/api/events/{event_id}/results", status_code=201)
async def enter_result(event_id: str, body: Traveller, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        role = await room.role_of(token)  # an unknown event, a link not its own: before the result's own checks
        may_adjust(role, (body.adjusted, body.assigned, body.assigned_ns, body.assigned_ew) != (None,) * 4,
                   ruling=(body.fouled, body.at_fault) != (None, None))  # fmt: skip
        given = assigned_scores(body.assigned, body.assigned_ns, body.assigned_ew, ("assigned", "assigned_ns",
                                                                                       "assigned_ew"))  # fmt: skip
        fouled, at_fault = fouled_and_fault(body.fouled, body.at_fault, given, ("fouled", "at_fault", "assigned"))
        entry = Entry(body.round, body.table, body.board, body.contract, body.declarer, body.tricks,
                      body.lead.upper() if body.lead else None, body.adjusted, body.reason, fouled, *given,
                      at_fault)  # fmt: skip
        stored, gone = await room.enter(role, entry)
    answer = result_line(stored)
    if gone is None:
        return answer
    # the director's correction says what it replaced and by what, as `event result --correct` does (L79C, L12C)
    was = result_line(gone)
    return {**answer, "replaced": was, "message": f"corrected: {correction(gone.entry, stored.entry)}"}


@router.post("/api/events/{event_id}/results/confirm")
async def confirm_result(event_id: str, body: Where, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        await room.confirm(await room.role_of(token), body.round, body.table, body.board)
    return {**body.model_dump(), "confirmed": True}


@router.post("/api/events/{event_id}/finish")
async def finish(event_id: str, tables: ClubDep, token: Token) -> dict[str, Any]:
    room = EventRoom(tables, event_id)
    async with _answers():
        await room.director(token)
        await room.finish()
    return {"status": "finished", "site": f"/e/{event_id}/site/"}


@router.get("/api/events/{event_id}/hands.pdf")
async def hand_record_sheet(event_id: str, tables: ClubDep, token: Token) -> Response:
    """The hand records as a printable PDF sheet (DD table and par): public once finished, the director's before."""
    from contractbridge.tournament.handrecords import hand_records, pdf_sheet

    room = EventRoom(tables, event_id)
    async with _answers():
        record = await room.record()
        if record.status != "finished":
            await room.director(token)
        event = await room.event()
    records = await asyncio.to_thread(hand_records, event.boards)
    return Response(await asyncio.to_thread(pdf_sheet, records, event.name), media_type="application/pdf")


@router.get("/api/events/{event_id}/results.{kind}")
async def result_file(event_id: str, kind: Literal["pbn", "xml"], tables: ClubDep, token: Token) -> Response:
    """The results as PBN (``ScoreTable``) or USEBIO 1.2: public once finished, the director's before."""
    room = EventRoom(tables, event_id)
    async with _answers():
        if (await room.record()).status != "finished":
            await room.director(token)
        event = await room.event()
    if kind == "pbn":
        return Response(event.pbn_scores(), media_type="text/plain; charset=utf-8")
    return Response(event.usebio(), media_type="application/xml")
