"""``contractbridge evaluate | bid | auction`` (EST-B07 – B56)."""

from __future__ import annotations

from typer.testing import CliRunner

from contractbridge.cli import app

runner = CliRunner()


def test_evaluate_prints_every_figure() -> None:
    """E29's hand: support tricks 5½ for hearts (EST-B38), HT 1½ (EST-B08), HT 1½ (EST-B56)."""
    result = runner.invoke(app, ["evaluate", "T.K965.A863.J982"])
    assert result.exit_code == 0, result.output
    out = result.output
    for text in (
        "high-card points",
        "EST-B08",
        "EST-B56",
        "support tricks (hearts)",
        "5½",
        "EST-B50",
        "biddable suits (EST-B13): none",
    ):
        assert text in out


def test_bid_gives_the_call_and_why() -> None:
    """E29: 1H P → 3H with the raise's meaning."""
    result = runner.invoke(app, ["bid", "T.K965.A863.J982", "--auction", "1H P"])
    assert result.exit_code == 0, result.output
    assert "S bids 3H" in result.output and "EST-B36" in result.output


def test_bid_club_system_and_vulnerability() -> None:
    result = runner.invoke(app, ["bid", "A32.5432.432.432", "--auction", "1C P", "--system", "club", "--vul", "All"])
    assert result.exit_code == 0, result.output
    assert "S bids 1D" in result.output and "artificial" in result.output


def test_auction_bids_a_deal() -> None:
    deal = "N:AT963.K4.KQ74.Q3 74.AQ972.96.AT42 QJ2.J6.T8532.865 K85.T853.AJ.KJ97"
    result = runner.invoke(app, ["auction", "--deal", deal, "--dealer", "N"])
    assert result.exit_code == 0, result.output
    assert "EST-B20" in result.output and "contract" in result.output


def test_bad_input_is_a_clear_error() -> None:
    for args in (
        ["bid", "AKQ"],
        ["bid", "74.AQ842.A985.T7", "--auction", "1H 1C"],
        ["evaluate", "AKQ.Z.."],
        ["bid", "74.AQ842.A985.T7", "--system", "acol"],
        ["auction", "--deal", "N:AKQ"],
        ["bid", "74.AQ842.A985.T7", "--partscores", "x"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "error" in result.output, args


def test_mixed_systems_from_the_shell() -> None:
    """--opponents / --ew-system: the opponents' calls are read by their own system (L20F)."""
    result = runner.invoke(app, ["bid", "32.32.A32.AKJ432", "--auction", "1C", "--dealer", "E", "--opponents", "club"])
    assert result.exit_code == 0 and "S bids 3C" in result.output, result.output
    deal = "N:AT963.K4.KQ74.Q3 74.AQ972.96.AT42 QJ2.J6.T8532.865 K85.T853.AJ.KJ97"
    result = runner.invoke(app, ["auction", "--deal", deal, "--ew-system", "club"])
    assert result.exit_code == 0 and "NS culbertson, EW club" in result.output, result.output
