"""An event's results as a static HTML site: the ranking, every board's traveller with its hand diagram (and DD
table and par when the hand records are given), each contestant's personal score card, and a plot of a
contestant's percentage by round (matplotlib, the ``plot`` extra; left out when it is not installed).

The site is written into a new or empty directory, each file created anew: nothing of the user's is replaced.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Final

from contractbridge.errors import TournamentError
from contractbridge.formats import diagram
from contractbridge.tournament.handrecords import HandRecord, dd_html
from contractbridge.tournament.pbn_scores import BoardRecord, Difference
from contractbridge.tournament.results import Form, ScoredResult, Standing

__all__ = ["render_site", "write_site"]

_STYLE = (
    "body{font-family:sans-serif;margin:1em 2em}table.results{border-collapse:collapse}"
    ".results td,.results th{border:1px solid #bbb;padding:2px 6px;text-align:right}"
    ".results td.l,.results th.l{text-align:left}.diff{color:#a00}"
)


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{_STYLE}</style></head><body><h1>{escape(title)}</h1>{body}</body></html>\n")  # fmt: skip


def _slug(contestant: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in contestant)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = ()) -> str:
    head = "".join(f"<th{' class=l' if i in left else ''}>{escape(h)}</th>" for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f"<td{' class=l' if i in left else ''}>{c}</td>" for i, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f'<table class="results"><tr>{head}</tr>{body}</table>'


def _num(value: float | None, decimals: int, form: Form) -> str:
    return "" if value is None else f"{form.round(value, decimals):.{decimals}f}"


def render_site(
    name: str,
    form: Form,
    boards: Sequence[tuple[BoardRecord, Sequence[ScoredResult]]],
    ranking: Sequence[Standing],
    *,
    hand_records: Mapping[int, HandRecord] | None = None,
    differences: Sequence[Difference] = (),
) -> dict[str, str | bytes]:
    """The site's files by name: ``index.html``, ``board-N.html``, ``card-ID.html`` (and ``card-ID.png``)."""
    files: dict[str, str | bytes] = {}
    links = {s.id: f'<a href="card-{_slug(s.id)}.html">{escape(s.id)}</a>' for s in ranking}
    rows = [
        [str(s.rank), links[s.id], escape(s.names), s.direction or "", f"{s.total:.{form.total_decimals}f}",
         s.share(form), str(s.boards)]
        for s in ranking
    ]  # fmt: skip
    body = f"<p>{escape(form.name)}</p>"
    share = "%" if form.percentages else "Per board"  # the share of the boards played (L78)
    body += _table(["Rank", "Id", "Names", "Dir", "Total", share, "Boards"], rows, left=(2,))
    body += (
        "<h2>Boards</h2><p>" + " ".join(f'<a href="board-{b.number}.html">{b.number}</a>' for b, _ in boards) + "</p>"
    )
    if differences:
        body += (
            "<h2>Published numbers that differ</h2><ul>"
            + "".join(f'<li class="diff">{escape(str(d))}</li>' for d in differences)
            + "</ul>"
        )
    files["index.html"] = _page(name or "Results", body)
    cards: dict[str, list[tuple[ScoredResult, str]]] = defaultdict(list)
    for record, scored in boards:
        files[f"board-{record.number}.html"] = _traveller(record, scored, form, links, hand_records)
        for s in scored:
            for side, ids in (("NS", s.result.ns), ("EW", s.result.ew)):
                for contestant in ids:
                    cards[contestant].append((s, side))
    for standing in ranking:
        png = _plot(standing.id, cards.get(standing.id, []))
        if png is not None:
            files[f"card-{_slug(standing.id)}.png"] = png
        page = _card(standing, cards.get(standing.id, []), form, links, png is not None)
        files[f"card-{_slug(standing.id)}.html"] = page
    return files


#: The columns of a traveller: where, who, the contract and result, the score (L77) and each side's points (L78).
TRAVELLER: Final = ("Table", "NS", "EW", "Contract", "By", "Tricks", "Lead", "Score NS", "NS", "EW")


def traveller_rows(
    scored: Sequence[ScoredResult], form: Form, pair: Callable[[str], str] = str, text: Callable[[str], str] = str
) -> list[list[str]]:
    """A board's traveller, a row a table (``TRAVELLER``'s columns): ``pair`` shows a pair, ``text`` a contract
    or a lead (the site links and escapes them)."""
    rows = []
    for s in scored:
        r = s.result
        contract = "Pass" if r.passed_out else r.adjustment or str(r.contract or "-")
        rows.append([
            "" if r.table is None else str(r.table), ", ".join(map(pair, r.ns)), ", ".join(map(pair, r.ew)),
            text(contract), "" if r.declarer is None else r.declarer.letter, "" if r.tricks is None else str(r.tricks),
            text(r.lead or ""), "" if s.score_ns is None else str(s.score_ns),
            _num(s.ns, form.decimals, form), _num(s.ew, form.decimals, form),
        ])  # fmt: skip
    return rows


def _traveller(
    record: BoardRecord, scored: Sequence[ScoredResult], form: Form, links: Mapping[str, str],
    hand_records: Mapping[int, HandRecord] | None,
) -> str:  # fmt: skip
    rows = traveller_rows(scored, form, lambda x: links.get(x, escape(x)), escape)
    body = ""
    board = record.to_board()
    if board is not None:
        extra = dd_html(hand_records[record.number]) if hand_records and record.number in hand_records else ""
        body += diagram.html(board, extra=extra)
    body += _table(TRAVELLER, rows)
    return _page(f"Board {record.number}", body + '<p><a href="index.html">ranking</a></p>')


def _card(
    standing: Standing, entries: Sequence[tuple[ScoredResult, str]], form: Form, links: Mapping[str, str],
    plot: bool,
) -> str:  # fmt: skip
    rows = []
    for s, side in sorted(entries, key=lambda e: (e[0].result.round or 0, e[0].result.board)):
        r = s.result
        opponents = r.ew if side == "NS" else r.ns
        points, pct = (s.ns, s.pct_ns) if side == "NS" else (s.ew, s.pct_ew)
        score = None if s.score_ns is None else (s.score_ns if side == "NS" else -s.score_ns)
        contract = "Pass" if r.passed_out else r.adjustment or str(r.contract or "-")
        rows.append([
            "" if r.round is None else str(r.round), f'<a href="board-{r.board}.html">{r.board}</a>', side,
            ", ".join(links.get(x, escape(x)) for x in opponents), escape(contract),
            "" if r.declarer is None else r.declarer.letter, "" if r.tricks is None else str(r.tricks),
            "" if score is None else str(score), _num(points, form.decimals, form),
            _num(pct, form.percent_decimals, form),
        ])  # fmt: skip
    title = f"{standing.id} {standing.names}".strip()
    body = f"<p>Rank {standing.rank}, total {standing.total:.{form.total_decimals}f}"
    if standing.percentage is not None:
        body += f", {standing.percentage:.{form.total_percent_decimals}f} %"
    elif standing.average is not None:
        body += f", {standing.average:.2f} a board"
    body += f", {standing.boards} board{'' if standing.boards == 1 else 's'}</p>"
    body += _table(["Round", "Board", "Dir", "Opponents", "Contract", "By", "Tricks", "Score", "Points", "%"], rows)
    if plot:
        body += f'<p><img src="card-{_slug(standing.id)}.png" alt="percentage by round"></p>'
    return _page(title, body + '<p><a href="index.html">ranking</a></p>')


def _plot(contestant: str, entries: Sequence[tuple[ScoredResult, str]]) -> bytes | None:
    """A PNG of the contestant's percentage by round (mean of the round's boards), or None without matplotlib
    or without rounds and percentages."""
    by_round: dict[int, list[float]] = defaultdict(list)
    for s, side in entries:
        pct = s.pct_ns if side == "NS" else s.pct_ew
        if s.result.round is not None and pct is not None:
            by_round[s.result.round].append(pct)
    if len(by_round) < 2:
        return None
    try:
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot
    except ImportError:
        return None
    rounds = sorted(by_round)
    values = [sum(by_round[r]) / len(by_round[r]) for r in rounds]
    fig, ax = pyplot.subplots(figsize=(5, 2.5))
    ax.plot(rounds, values, marker="o")
    ax.axhline(50, color="grey", linewidth=0.5)
    ax.set_xlabel("round")
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.set_title(f"{contestant}: percentage by round")
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=80, bbox_inches="tight")
    pyplot.close(fig)
    return out.getvalue()


def write_site(directory: str | Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write ``files`` into ``directory`` (created; it must be new or empty), each file created anew."""
    root = Path(directory)
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise TournamentError(f"{root} exists and is not an empty directory: the site is written only into a new one")
    root.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in files.items():
        create_new(root / name, content)
        written.append(root / name)
    return written


def create_new(path: Path, content: str | bytes) -> None:
    """Write a new file; an existing file is never replaced (``TournamentError``, nothing written)."""
    try:
        if isinstance(content, bytes):
            with path.open("xb") as fh:
                fh.write(content)
        else:
            with path.open("x", encoding="utf-8") as fh:
                fh.write(content)
    except FileExistsError:
        raise TournamentError(f"{path} exists: choose a new file name (nothing was written)") from None
