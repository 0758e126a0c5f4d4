"""Seat policies: the Player protocol, RandomPlayer and play_board (docs/architecture.md §3.6)."""

from contractbridge import Board, Card, Deal, Seat
from contractbridge.calls import Call
from contractbridge.players import Player, RandomPlayer, play_board
from contractbridge.table import Phase, Table, TableView


class Spy:
    """Plays randomly and checks that it only ever receives its own seat's view with its own choices."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.inner = RandomPlayer(int(seat))
        self.views: list[TableView] = []
        self.cards = 0

    def call(self, view: TableView) -> Call:
        assert view.seat == self.seat and view.turn == self.seat and view.legal_calls
        self.views.append(view)
        return self.inner.call(view)

    def play(self, view: TableView) -> Card:
        assert view.seat == self.seat and view.legal_cards
        source = view.hand if view.turn == self.seat else view.dummy_hand
        assert view.turn in (self.seat, view.dummy) and source is not None
        assert view.legal_cards <= set(source)
        self.views.append(view)
        self.cards += 1
        return self.inner.play(view)


def test_random_players_finish_a_board_seeing_only_their_own_views() -> None:
    for seed in range(20):
        table = Table(Board(seed + 1, Deal.random(seed)))
        spies = {s: Spy(s) for s in Seat}
        assert all(isinstance(p, Player) for p in spies.values())
        play_board(table, spies)
        assert table.phase is Phase.DONE and table.result is not None
        if table.play_state is not None:  # declarer decides dummy's cards (L41D)
            play = table.play_state
            assert spies[play.dummy].cards == 0 and spies[play.declarer].cards == 26


def test_random_player_is_reproducible_from_its_seed() -> None:
    def run() -> list[dict[str, object]]:
        table = Table(Board(5, Deal.random(5)))
        play_board(table, {s: RandomPlayer(f"seed-{s.letter}") for s in Seat})
        return table.to_events()

    assert run() == run()


def test_play_board_stops_when_play_stops_for_a_claim_l68d() -> None:
    table = Table(Board(1, Deal.random(1)))
    for c in ["1NT", "P", "P", "P"]:
        table.call(c)
    table.claim(Seat.NORTH, 7)
    actions: list[int] = []
    play_board(table, {s: RandomPlayer(1) for s in Seat}, on_action=lambda t: actions.append(1))
    assert table.phase is Phase.PLAY and actions == [] and len(table.to_events()) == 6
