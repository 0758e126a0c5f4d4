"""The contract value (L22A, L19D): 105 interned instances, the same value however it is built."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from contractbridge import BridgeError, Contract, Doubling, Strain
from contractbridge.calls import Bid


def test_every_way_of_building_a_contract_gives_the_one_instance() -> None:
    four_spades_doubled = Contract(4, Strain.SPADES, Doubling.DOUBLED)
    assert Contract(4, 3, 1) is four_spades_doubled  # type: ignore[arg-type]
    assert Contract(level=4, strain=Strain.SPADES, doubling=Doubling.DOUBLED) is four_spades_doubled
    assert Contract.parse("4sx") is four_spades_doubled
    assert Contract.from_bid(Bid(4, Strain.SPADES), Doubling.DOUBLED) is four_spades_doubled
    assert dataclasses.replace(Contract(4, Strain.SPADES), doubling=Doubling.DOUBLED) is four_spades_doubled
    assert pickle.loads(pickle.dumps(four_spades_doubled)) is four_spades_doubled
    assert copy.deepcopy(four_spades_doubled) is four_spades_doubled
    assert Contract(7, Strain.NOTRUMP) != Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED)


def test_the_fields_are_normalised_to_their_types() -> None:
    contract = Contract(True, 4, 2)  # type: ignore[arg-type]  # a bool is an int: level 1
    assert contract.level.__class__ is int and contract.strain is Strain.NOTRUMP
    assert contract.doubling is Doubling.REDOUBLED and str(contract) == "1NTXX"


@pytest.mark.parametrize("level", [0, 8, -1, 1.0, "4", None, [4]])
def test_a_level_outside_one_to_seven_is_refused(level: object) -> None:
    with pytest.raises(BridgeError, match="L18A"):
        Contract(level, Strain.CLUBS)  # type: ignore[arg-type]


@pytest.mark.parametrize(("strain", "doubling"), [(5, 0), ("S", 0), (0, 3)])
def test_a_strain_or_doubling_that_is_not_one_is_refused(strain: object, doubling: object) -> None:
    with pytest.raises(ValueError, match="not a valid"):
        Contract(1, strain, doubling)  # type: ignore[arg-type]


def test_contracts_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Contract(1, Strain.CLUBS).level = 2  # type: ignore[misc]
