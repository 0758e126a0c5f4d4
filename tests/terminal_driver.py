"""Drives ``contractbridge play`` through a pseudo-terminal (pexpect), as a person at the keyboard would."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pexpect

from contractbridge.cards import Card

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROMPT = re.compile(r"([NESW]) (call|card|card from dummy \([NESW]\))> ")
CLAIM_PROMPT = re.compile(r"([NESW]): agree to the claim\? \[y/n\]> ")
#: the presumed declarer or the leader's partner before the face-down opening lead is faced (L41B): Enter, no questions
QUESTIONS_PROMPT = re.compile(r"([NESW]): [NESW] has led face down; explain N, or Enter: no questions> ")
ACCEPTED = re.compile(r"^([NESW]) (calls|plays) (\S+?)(?:!)?(?: —|\r?$)", re.MULTILINE)
ROBOT_CALL = re.compile(r"The robot would call (\S+?):")
ROBOT_CARD = re.compile(r"The robot would play (\S+)")


def spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    """``contractbridge ARGS`` in a pseudo-terminal 160 columns wide."""
    code = "from contractbridge.cli import main; main()"
    return pexpect.spawn(
        sys.executable,
        ["-c", code, *args],
        encoding="utf-8",
        timeout=90,
        dimensions=(60, 160),
        cwd=None if cwd is None else str(cwd),
    )


def accepted(text: str) -> list[tuple[str, str, str]]:
    """The events the screen showed as accepted: (seat, calls|plays, call or card as typed in the log)."""
    out = []
    for seat, verb, what in ACCEPTED.findall(text):
        out.append((seat, verb, str(Card.parse(what)) if verb == "plays" else what))
    return out


def follow_the_robot(child: pexpect.spawn) -> str:
    """Answer every prompt with what the robot would do in that seat (``hint``), agree to the robots' claims and
    have no questions before the opening lead is faced, until the board ends; returns the whole screen."""
    screen = ""
    while True:
        index = child.expect([PROMPT, CLAIM_PROMPT, QUESTIONS_PROMPT, pexpect.EOF])
        screen += child.before + (child.after if isinstance(child.after, str) else "")
        if index == 1:  # a robot declarer claims: agree
            child.sendline("y")
            continue
        if index == 2:  # the clarification period: no questions (L41B)
            child.sendline("")
            continue
        if index != 0:
            return ANSI.sub("", screen)
        child.sendline("hint")
        child.expect([ROBOT_CALL, ROBOT_CARD])
        screen += child.before + child.after
        choice = child.match.group(1)
        child.expect(PROMPT)
        screen += child.before + child.after
        child.sendline(choice)
