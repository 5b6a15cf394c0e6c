"""Targets picked a unit at a time (app/presentation/picking.py): the units the table outlines
as the next target, as the engine judges the play with them, and the reason the table says when
none may be picked."""

from __future__ import annotations

import pytest

from app.presentation.offers import offers_for
from app.presentation.picking import Refusal, judged, next_targets
from app.presentation.session import Session
from engine.assets import SCENARIOS
from engine.errors import MoreToChoose, RuleError

CHOSEN = SCENARIOS / "might" / "P-41-chosen-targets.yaml"


@pytest.fixture
def session() -> Session:
    """P-41 at its set-up: Alice holds Twin Bolt (up to two enemy units) and Flush Out (an
    enemy unit at a base); Bob has three units on battlefields and his Captain at his base."""
    session = Session()
    session.open(CHOSEN)
    session.select(0)
    return session


def cards(session: Session) -> list[str]:
    assert session.table is not None
    return list(session.table.cards)


def judge_of(session: Session, card: str) -> Refusal:
    assert session.table is not None
    [offer] = [o for o in offers_for(session.table, card) if o.pick is not None]
    pick = offer.pick
    assert pick is not None
    return lambda chosen: session.refusal(pick(chosen))


def test_every_unit_the_engine_takes_is_outlined_in_table_order(session: Session) -> None:
    """Twin Bolt's first target: every enemy unit; the cards in hand may not be picked, and
    the reason is the first card's."""
    bolt = judge_of(session, "twin-bolt")
    legal, refused = next_targets(bolt, (), cards(session))
    assert legal == ["stone-whelp", "thornback", "iron-sentinel", "vanguard-captain"]
    assert refused is not None and str(refused).startswith("sharpshooter is not a unit")


def test_the_next_target_is_judged_with_those_picked_before(session: Session) -> None:
    bolt = judge_of(session, "twin-bolt")
    shown = cards(session)
    legal, _ = next_targets(bolt, ("stone-whelp",), shown)
    assert legal == ["thornback", "iron-sentinel", "vanguard-captain"]  # not the whelp again


def test_enough_stops_at_that_many(session: Session) -> None:
    """A caller that needs only to know whether any unit may be picked asks for one."""
    bolt, seen = judge_of(session, "twin-bolt"), []

    def counting(chosen: tuple[str, ...]) -> RuleError | None:
        seen.append(chosen[-1])
        return bolt(chosen)

    shown = cards(session)
    assert next_targets(counting, (), shown, enough=1)[0] == ["stone-whelp"]
    assert seen[-1] == "stone-whelp"  # nothing judged after it
    assert next_targets(bolt, (), shown, enough=2)[0] == ["stone-whelp", "thornback"]


def test_when_none_may_be_picked_the_reason_is_the_engines(session: Session) -> None:
    flush = judge_of(session, "flush-out")
    shown = cards(session)
    assert next_targets(flush, (), shown)[0] == ["vanguard-captain"]  # the only one at a base
    legal, refused = next_targets(flush, ("vanguard-captain",), ["stone-whelp"])
    assert legal == []
    assert refused is not None and refused.rule == "P-41"
    assert str(refused) == "2 targets chosen: choose an enemy unit at a base (rule P-41)"


def test_a_judge_that_raises_is_a_refusal_that_returns() -> None:
    """A triggered ability's dialog judges with ``Choice.judge``, which raises; a choice begun
    (``MoreToChoose``: one of two different units) may be picked."""

    def judge(chosen: tuple[str, ...]) -> None:
        if len(chosen) < 2:
            raise MoreToChoose("P-41", "choose the second target too")
        if chosen[0] == chosen[1]:
            raise RuleError("P-41", "a unit is chosen twice")

    refusal = judged(judge)
    assert isinstance(refusal(("a",)), MoreToChoose)
    twice = refusal(("a", "a"))
    assert twice is not None and twice.message == "a unit is chosen twice"
    assert refusal(("a", "b")) is None
    assert next_targets(refusal, (), ["a", "b"]) == (["a", "b"], None)
    legal, refused = next_targets(refusal, ("a",), ["a", "b", "c"])
    assert legal == ["b", "c"] and refused is not None and str(refused) == str(twice)
