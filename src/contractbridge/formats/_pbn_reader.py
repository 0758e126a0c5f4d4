"""The PBN tokenizer: a whole text (or lines) in, games out, with ``#``/``##`` inheritance and problems located
by line and column. ``contractbridge.formats.pbn.loads``/``read_games`` are the public face.

``Reader.scan`` reads a whole text: one regular expression takes a tag line and the plain section lines after
it (no commentary, no quoted cells), keeping the section as a stretch of the text that the tag splits into
tokens on first access; every other line goes through the line-by-line state machine (``feed``), which
handles commentary, tags spread over several lines and quoted cells, and reports problems."""

from __future__ import annotations

import re
from collections.abc import Iterator
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from contractbridge.errors import FormatError
from contractbridge.formats.pbn_values import (
    BOARD_TAGS,
    REPEATABLE,
    SECTION_TOKEN,
    PbnComment,
    PbnTag,
    Problem,
    is_section_tag,
    new_tag,
)

if TYPE_CHECKING:
    from contractbridge.formats.pbn import PbnGame

_FAST_TAG: Final = re.compile(r'\[([A-Za-z0-9_]+)\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*\]\s*$')
#: A whole tag line of a text (``_FAST_TAG`` with the line end), and the section lines that may follow: lines of
#: section tokens (calls, cards, table cells) with no commentary, no ``%`` line, no tag, no quote left open.
_TAG_LINE: Final = re.compile(
    r'\[([A-Za-z0-9_]+)[^\S\n]*+"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"[^\S\n]*+\][^\S\n]*+(?:\n|\Z)'
)
_PLAIN_LINES: Final = re.compile(rf"(?:(?!%)(?:[^\S\n]*+(?:{SECTION_TOKEN.pattern}))++[^\S\n]*+(?:\n|\Z))++")
#: ``_PLAIN_LINES`` without quotes, as runs of characters (#28: ~3x faster, no alternation per token): it matches
#: only lines ``_PLAIN_LINES`` matches, and where it stops before a tag line, a blank line, a ``%`` line or the end,
#: ``_PLAIN_LINES`` stops there too (elsewhere ``_PLAIN_LINES`` goes on: quoted cells).
_UNQUOTED_LINES: Final = re.compile(r'(?:(?!%)[^\S\n]*+[^\s{;\["][^\n{;\["]*+(?:\n|\Z))++')
#: A tag spread over several lines (PBN 2.1 §3.3 allows it) may span this many lines and characters; past
#: that it is read as unclosed (keeps reading linear: the open tag is scanned again with each line added).
MAX_TAG_LINES: Final = 16
MAX_TAG_CHARS: Final = 16_384
#: Problems listed per game (then one more saying so): a file of junk stays cheap to check.
MAX_PROBLEMS: Final = 100
_NAME: Final = re.compile(r"[A-Za-z0-9_]+")
_SPECIAL: Final = re.compile(r'[\[{;"]')
#: A line of section tokens and nothing else (no commentary, no tag, no quote left open).
_CELL_LINE: Final = re.compile(rf"(?:\s*+(?:{SECTION_TOKEN.pattern}))*+\s*+")
_UNESCAPE: Final = re.compile(r'\\(["\\])')
#: ``str.partition`` found nothing.
_NONE: Final = ("", "", "")
#: A tag's value (``PbnTag`` is a tuple: name, raw, value, …).
_VALUE: Final = itemgetter(2)


def quoted_end(text: str, pos: int) -> int:
    """The index after the quote that closes the one at ``text[pos]`` (``\\x`` skips x), or -1."""
    pos += 1
    while pos < len(text) and text[pos] != '"':
        pos += 2 if text[pos] == "\\" else 1
    return pos + 1 if pos < len(text) else -1


def _unescape(raw: str) -> str:
    return _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw


def _escaped(raw: str) -> bool:
    """Whether ``_unescape`` changes ``raw`` (a ``\\"`` or ``\\\\`` in it)."""
    return "\\\\" in raw or '\\"' in raw


def _plain_backslashes(raw: str) -> bool:
    """A value with no quote in which each backslash stands before another character, not a backslash, and not
    last: ``_TAG_LINE`` reads it as written (each ``\\x`` a pair), and ``_unescape`` leaves it so."""
    return "\\\\" not in raw and raw[-1:] != "\\"


class Reader:
    """Line-by-line PBN tokenizer; keeps what the previous games said for ``#`` / ``##`` inheritance."""

    def __init__(self, game_type: type[PbnGame], file: str | None, strict: bool, sections: bool = True) -> None:
        self.game_type = game_type
        self.file = file
        self.strict = strict
        self.sections = sections
        self.previous: dict[str, str] = {}  # up to date with the games before those of ``written`` (``last_values``)
        self.written: list[dict[str, PbnTag]] = []
        self.whole = False  # a whole text (``scan``): its games are all kept, and so their indices in ``written``
        self.sticky: dict[str, str] = {}
        self.game = game_type(file=file)
        self.index: dict[str, PbnTag] = {}  # the first tag of each name the game wrote
        self.has_tag = False
        self.section: list[str] | None = None
        self.positions: list[tuple[int, int]] = []
        self.brace: list[str] | None = None
        self.brace_at = (0, 0)
        self.pending: tuple[str, int, int] | None = None
        self.span: tuple[str, int, int, int] | None = None

    def problem(self, line: int, column: int, message: str) -> None:
        if self.strict:
            raise FormatError(message, file=self.file, line=line, column=column)
        problems = self.game.problems
        if len(problems) < MAX_PROBLEMS:
            problems.append(Problem(line, column, message))
        elif len(problems) == MAX_PROBLEMS:
            problems.append(Problem(line, column, f"over {MAX_PROBLEMS} problems in this game: the rest not listed"))

    # -- game and tag bookkeeping
    def close_section(self) -> None:
        """The section tag is final: rebuilt with the tokens read line by line, if any (a tag whose section is
        only its plain lines was made with them, ``span``)."""
        if self.section is not None:
            if self.section:
                last = self.game.items[-1]
                assert isinstance(last, PbnTag)
                tag = PbnTag(
                    last.name, last.raw, last.value, tuple(self.section), last.line, last.column, tuple(self.positions)
                )
                self.game.items[-1] = tag
                if self.index.get(tag.name) is last:
                    self.index[tag.name] = tag
            self.section = None
            self.span = None

    def materialize(self) -> None:
        """The plain section lines kept as a stretch of text become tokens (commentary or cells follow)."""
        if self.span is not None:
            assert self.section is not None
            last = self.game.items[-1]
            assert isinstance(last, PbnTag)
            self.section[:0] = last.section
            self.positions[:0] = last.positions
            self.span = None

    def finish(self) -> PbnGame | None:
        """The game read so far (with inheritance applied), and a fresh one started."""
        if self.section is not None:
            self.close_section()
        game, written = self.game, self.index
        game._index, game._indexed = written, len(game.items)  # the tag index, built as the tags came
        self.game = self.game_type(file=self.file)
        self.index = {}
        had = self.has_tag
        self.has_tag = False
        if not game.items:
            return None
        if had:
            self.inherit(game, written)
        return game

    def last_values(self) -> dict[str, str]:
        """The value of each tag the games before this one wrote (or inherited) last: ``previous``, brought up to
        date with the tag indices of the games put aside in ``written`` (#28: most texts never ask, no ``#`` value
        and a deal in every game, so the values are not copied game by game)."""
        previous = self.previous
        if self.written:
            for written in self.written:
                previous.update(zip(written, map(_VALUE, written.values()), strict=True))
            self.written.clear()
        return previous

    def inherit(self, game: PbnGame, written: dict[str, PbnTag]) -> None:
        """``written``: the first tag of each name the game wrote (the reader's index, which no one changes after)."""
        inherited = game.inherited
        for name, value in self.sticky.items():
            if name not in written:
                inherited[name] = value
        if "Deal" not in written and "Deal" not in inherited and "Deal" in self.last_values():
            previous = self.previous
            for name in BOARD_TAGS:
                if name not in written and name in previous:
                    inherited.setdefault(name, previous[name])
        if self.whole and not inherited and REPEATABLE.isdisjoint(written):
            self.written.append(written)  # its values join ``previous`` when asked
            return
        previous = self.last_values()
        previous.update(zip(written, map(_VALUE, written.values()), strict=True))  # only Note can come twice
        if not REPEATABLE.isdisjoint(written):
            for name in REPEATABLE.intersection(written):
                previous[name] = next(i.value for i in reversed(game.items) if isinstance(i, PbnTag) and i.name == name)
        if inherited:
            previous.update(inherited)

    def resolve(self, name: str, raw: str) -> str:
        """PBN 2.0 inheritance: ``##x`` is x and later games that omit the tag inherit it; ``#`` copies the
        previous game's value (and keeps a ``##`` inheritance going); any other value ends one."""
        if raw.startswith("##"):
            value = raw[2:]
            self.sticky[name] = value
            return value
        if raw == "#":
            return self.last_values().get(name, "")
        if self.sticky:
            self.sticky.pop(name, None)
        return raw

    def add_tag(
        self,
        name: str,
        raw: str,
        line: int,
        column: int,
        span: tuple[str, int, int, int] | None = None,
        section: bool | None = None,
    ) -> PbnGame | None:
        """A tag (``span``: the plain lines of its section, read from a whole text; ``section``: whether it is
        a section tag, if known); the game it ended, if any. ``scan`` does the common case itself (a name new to
        the game, nothing to resolve, no section open: from "tag = …" on below, without the tests that case
        answers), as a method call would be a third of a tag line's cost (#28): keep the two in step."""
        done = None
        index = self.index
        if name in index and name not in REPEATABLE:
            done = self.finish()
            index = self.index
        elif self.section is not None:
            self.close_section()
        self.has_tag = True
        value = self.resolve(name, raw) if self.sticky or raw[:1] == "#" else raw
        tag = (
            PbnTag(name, raw, value, (), line, column)
            if span is None
            else PbnTag(name, raw, value, line=line, column=column, span=span)
        )
        game = self.game
        game.items.append(tag)
        if name not in index:
            index[name] = tag
        if section or (section is None and is_section_tag(name)):
            self.section = []
            self.positions = []
            self.span = span
        if game.line == 0:
            game.line = line
        return done

    def add_comment(self, kind: str, text: str, line: int, column: int) -> None:
        if self.game.line == 0:
            self.game.line = line
        if self.section is not None:
            self.materialize()
            self.section.append(str(PbnComment(kind, text)))
            self.positions.append((line, column))
        else:
            self.game.items.append(PbnComment(kind, text, line))

    # -- lines
    def feed(self, raw_line: str, n: int) -> Iterator[PbnGame]:
        line = raw_line.rstrip("\r\n")
        pos = 0
        if self.pending is not None:
            text, first_line, column = self.pending
            self.pending = None
            if line.strip() and line[0] not in "[%" and n - first_line < MAX_TAG_LINES and len(text) < MAX_TAG_CHARS:
                yield from self.scan_line(text + " " + line, first_line, column - 1)
                return
            yield from self.scan_line(text, first_line, column - 1, final=True)
        if self.brace is not None:
            end = line.find("}")
            if end < 0:
                self.brace.append(line)
                return
            self.brace.append(line[:end])
            self.add_comment("{", "\n".join(self.brace), *self.brace_at)
            self.brace = None
            pos = end + 1
        elif line.startswith("%"):
            self.add_comment("%", line[1:], n, 1)
            return
        elif not line.strip():
            if self.has_tag:
                game = self.finish()
                if game is not None:
                    yield game
            return
        elif line.startswith("["):
            m = _FAST_TAG.match(line)
            if m is not None:
                done = self.add_tag(m.group(1), _unescape(m.group(2)), n, 1)
                if done is not None:
                    yield done
                return
        elif self.section is not None and not _SPECIAL.search(line):
            if not self.sections:
                return
            self.materialize()
            at = 0
            for token in line.split():
                at = line.index(token, at)
                self.section.append(token)
                self.positions.append((n, at + 1))
                at += len(token)
            return
        elif self.section is not None and _CELL_LINE.fullmatch(line) is not None:  # table rows with quoted cells
            self.materialize()
            for m in SECTION_TOKEN.finditer(line):  # the tokens scan_data reads, at once
                self.section.append(m.group())
                self.positions.append((n, m.start() + 1))
            return
        yield from self.scan_line(line, n, 0, pos)

    def scan_line(self, line: str, n: int, shift: int, pos: int = 0, *, final: bool = False) -> Iterator[PbnGame]:
        """Tokens of ``line`` from ``pos``; ``shift`` is added to columns (a tag continued from a line before)."""
        size = len(line)
        while pos < size:
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == "[":
                end, done = self.scan_tag(line, pos, n, final)
                if end < 0:
                    self.pending = (line[pos:], n, pos + shift + 1)
                    return
                pos = end
                if done is not None:
                    yield done
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    self.brace = [line[pos + 1 :]]
                    self.brace_at = (n, pos + 1)
                    return
                self.add_comment("{", line[pos + 1 : end], n, pos + 1)
                pos = end + 1
            elif ch == ";":
                self.add_comment(";", line[pos + 1 :], n, pos + 1)
                return
            else:
                pos = self.scan_data(line, pos, n)

    def scan_tag(self, line: str, pos: int, n: int, final: bool) -> tuple[int, PbnGame | None]:
        """A tag from ``line[pos] == '['``: (end, finished game); end = -1 when the tag goes on past the line
        (PBN allows a tag's tokens on several lines)."""
        start = pos
        pos += 1
        while pos < len(line) and line[pos] in " \t":
            pos += 1
        if pos >= len(line) and not final:
            return -1, None
        m = _NAME.match(line, pos)
        if m is None:
            self.problem(n, pos + 1, "a tag name (letters, digits, _) must follow '['")
            return len(line), None
        name = m.group()
        pos = m.end()
        while pos < len(line) and line[pos] in " \t":
            pos += 1
        if pos >= len(line) and not final:
            return -1, None
        if pos >= len(line) or line[pos] != '"':
            self.problem(n, pos + 1, f"tag {name}: a quoted value must follow the name")
            end = line.find("]", pos)
            return (len(line) if end < 0 else end + 1), None
        pos += 1
        chars: list[str] = []
        while True:
            if pos >= len(line):
                if not final:
                    return -1, None
                self.problem(n, start + 1, f"tag {name}: no closing '\"]' on the line")
                done = self.add_tag(name, "".join(chars), n, start + 1)
                return len(line), done
            ch = line[pos]
            if ch == "\\" and pos + 1 < len(line) and line[pos + 1] in '"\\':
                chars.append(line[pos + 1])
                pos += 2
                continue
            if ch == '"':
                close = pos + 1
                while close < len(line) and line[close] in " \t":
                    close += 1
                if close < len(line) and line[close] == "]":
                    done = self.add_tag(name, "".join(chars), n, start + 1)
                    return close + 1, done
                if close >= len(line) and not final:
                    return -1, None
            chars.append(ch)
            pos += 1

    def scan_data(self, line: str, pos: int, n: int) -> int:
        """One section token (a quoted cell or a run up to blank, ``{`` or ``;``), or junk outside sections."""
        start = pos
        if line[pos] == '"':
            pos = quoted_end(line, pos)
            if pos < 0:
                self.problem(n, start + 1, "a quoted cell is not closed on its line")
                pos = len(line)
        else:
            while pos < len(line) and line[pos] not in "{;[" and not line[pos].isspace():
                pos += 1
        token = line[start:pos]
        if self.section is not None:
            self.materialize()
            self.section.append(token)
            self.positions.append((n, start + 1))
        else:
            self.problem(n, start + 1, f"unexpected {token!r} outside a tag or commentary")
        return pos

    def scan(self, text: str) -> Iterator[PbnGame]:
        """The games of a whole text (``\\n`` line ends), line by line from one ``split`` (#28: cheaper than
        finding each line end)."""
        tag_line, plain_lines, unquoted_lines = _TAG_LINE.match, _PLAIN_LINES.match, _UNQUOTED_LINES.match
        self.whole = True
        is_section: dict[str, bool] = {}  # is_section_tag of each name _TAG_LINE has read in this text
        lines = text.split("\n")
        last = text.endswith("\n") or not text  # the empty last line of "…\n" (inside a brace, it counts)
        if last:
            lines.pop()
        pos = 0  # where the next line starts in ``text``
        skip = 0  # the lines before this offset were a section's plain lines, read with its tag
        plain = True  # no tag left open, no brace: feed's state machine is not needed
        for n, line in enumerate(lines, 1):
            start = pos
            pos += len(line) + 1
            if start < skip:
                continue
            if plain:
                if not line:  # a blank line ends a game
                    if self.has_tag:
                        finished = self.finish()
                        if finished is not None:
                            yield finished
                    continue
                first = line[0]
                if first == "%":  # an escape line (feed's case, without a generator per line)
                    self.add_comment("%", line[1:], n, 1)
                    continue
                if first == "[":
                    # a line '[Name "value"]' of a name read before, with no quote and no escape in the value (a
                    # backslash only before another character: "Result\\2R"), is the line _TAG_LINE matches, and
                    # the value is as written: split by str.partition (#28: the regular expression costs ~0.5 µs)
                    section: bool | None = None
                    name, quote, raw = line[1:-2].partition(' "') if line[-2:] == '"]' else _NONE
                    if quote and '"' not in raw and ("\\" not in raw or _plain_backslashes(raw)):
                        section = is_section.get(name)
                    if section is None:
                        m = tag_line(line)
                        if m is not None:
                            name, raw = m.groups()
                            section = is_section.get(name)
                            if section is None:
                                section = is_section[name] = is_section_tag(name)
                    if section is not None:
                        span = None
                        if section:
                            following = unquoted_lines(text, pos)
                            if following is None or text[following.end() : following.end() + 1] not in "[\n%":
                                following = plain_lines(text, pos)  # quoted cells, or what ends the section is odd
                            if following is not None:
                                skip = following.end()
                                if self.sections:
                                    span = (text, pos, skip, n + 1)
                        index, game = self.index, self.game
                        if (
                            name in index
                            or self.section is not None
                            or self.sticky
                            or "#" in raw[:1]
                            or ("\\" in raw and _escaped(raw))
                        ):
                            done = self.add_tag(name, _unescape(raw), n, 1, span, section)
                            if done is not None:
                                yield done
                            continue
                        # add_tag's common case, inline (see add_tag): a name new to the game, nothing to resolve,
                        # no section open
                        tag = new_tag((name, raw, raw, n, 1, None if span is None else [None, None, span]))
                        game.items.append(tag)
                        index[name] = tag
                        self.has_tag = True
                        if section:
                            self.section, self.positions, self.span = [], [], span
                        if game.line == 0:
                            game.line = n
                        continue
            yield from self.feed(line, n)
            plain = self.pending is None and self.brace is None
        n = len(lines) + 1
        if last:
            yield from self.feed("", n)
        yield from self.end(n)

    def end(self, n: int) -> Iterator[PbnGame]:
        if self.pending is not None:
            text, first_line, column = self.pending
            self.pending = None
            yield from self.scan_line(text, first_line, column - 1, final=True)
        if self.brace is not None:
            self.problem(self.brace_at[0], self.brace_at[1], "commentary '{' is never closed")
            self.add_comment("{", "\n".join(self.brace), *self.brace_at)
            self.brace = None
        game = self.finish()
        if game is not None:
            yield game
