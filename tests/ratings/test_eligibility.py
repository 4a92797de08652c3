"""Fair play: which tables are rated (issue 17; docs/ratings.md)."""

from __future__ import annotations

import pytest

from pakka.core.errors import RulesError
from pakka.core.registry import game_class, games
from pakka.ratings import SeatFacts, eligible, nonstandard_options, refusals

PEOPLE = [SeatFacts(), SeatFacts()]


def test_a_standard_table_of_accounts_is_rated_only_when_asked() -> None:
    assert eligible("koodinmurtaja", 2, {}, PEOPLE)
    assert refusals("koodinmurtaja", 2, {}, PEOPLE, requested=False) == ["rating.no.not_requested"]


def test_guests_hot_seat_one_player_games_and_assists_are_never_rated() -> None:
    guest = [SeatFacts(), SeatFacts(account=False)]
    assert refusals("koodinmurtaja", 2, {}, guest) == ["rating.no.guest"]
    assert refusals("koodinmurtaja", 2, {}, PEOPLE, hotseat=True) == ["rating.no.hotseat"]
    assert refusals("zoker-solo", 1, {}, [SeatFacts()]) == ["rating.no.solo"]
    assert refusals("koodinmurtaja", 2, {}, PEOPLE, assists=True) == ["rating.no.assists"]


def test_a_bot_seat_needs_no_account() -> None:
    assert eligible(
        "ravaytys",
        3,
        {},
        [SeatFacts(), SeatFacts(bot=True, account=False)] * 1 + [SeatFacts(bot=True)],
    )


def test_house_rules_make_a_table_unrated_but_who_deals_first_does_not() -> None:
    assert refusals("viisisataa", 3, {"misere": True}, PEOPLE) == ["rating.no.house_rules"]
    assert nonstandard_options("viisisataa", 3, {"misere": True, "doubling": True}) == [
        "doubling",
        "misere",
    ]
    assert eligible("viisisataa", 3, {"first_dealer": 2}, PEOPLE)
    assert eligible("koodinmurtaja", 2, {"dealer": 1}, PEOPLE)
    # A default given explicitly is standard.
    assert eligible("viisisataa", 3, {"misere": False, "auction": "american"}, PEOPLE)
    assert refusals("zoker-kubo", 3, {"rounds": 3}, PEOPLE) == ["rating.no.house_rules"]


def test_a_default_that_depends_on_the_player_count_is_standard() -> None:
    cls = game_class("koodinmurtaja")
    deck = next(o for o in cls.option_specs if o.name == "deck")
    for n in (2, 5, 8):
        assert nonstandard_options("koodinmurtaja", n, {"deck": deck.default_for(n)}) == []


@pytest.mark.parametrize("name", games())
def test_every_games_defaults_are_standard(name: str) -> None:
    cls = game_class(name)
    n = cls.min_players
    defaults = {o.name: o.default_for(n) for o in cls.option_specs}
    assert nonstandard_options(name, n, defaults) == []


def test_a_bad_option_value_is_refused_by_the_game() -> None:
    with pytest.raises(RulesError):
        nonstandard_options("viisisataa", 3, {"misere": "perhaps"})
