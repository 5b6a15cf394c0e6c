"""Loops that never end (P-25) on the souls table: refused as a whole, leaving the game as
it was, without memory growth; and `can_x` answers as `x` acts, loops included."""

from __future__ import annotations

import tracemalloc
from collections.abc import Hashable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.assets import SCENARIOS
from engine.errors import RuleError
from engine.loops import LoopError, LoopGuard
from engine.scenario import game_from_yaml
from engine.souls import effects as souls_effects
from engine.souls.game import SoulsGame
from tests.support.game_state import assert_refused, assert_unchanged, whole_state

SOULS = SCENARIOS / "souls"


def shipped(name: str) -> SoulsGame:
    """The set-up of a shipped scenario (its script is not played)."""
    return game_from_yaml((SOULS / name).read_text(), name=name)


@pytest.mark.rule("P-25")
def test_damaged_abilities_answering_each_other_are_refused_with_p25() -> None:
    game = shipped("P-25-damaged-abilities-answer-each-other.yaml")
    assert not game.can_attack("alice-imp", "bob-imp")
    assert_refused(game, lambda: game.verify_attack("alice-imp", "bob-imp"), "P-25")
    error = assert_refused(game, lambda: game.attack("alice-imp", "bob-imp"), "P-25")
    assert isinstance(error, LoopError)
    assert game.can_play("firebolt", "bob-imp")  # the game goes on


@pytest.mark.rule("P-25")
def test_trigger_damaging_its_own_soul_is_refused_with_p25() -> None:
    game = shipped("P-25-trigger-damages-itself.yaml")
    assert not game.can_deal("wounded-hermit", 5)
    assert not game.can_pay_hp("wounded-hermit", 10)
    assert_refused(game, lambda: game.deal("wounded-hermit", 5), "P-25")
    assert_refused(game, lambda: game.pay_hp("wounded-hermit", 10), "P-25")
    assert game.can_deal("wounded-hermit", 4)  # rounds to no damage: nothing triggers
    assert game.can_heal("wounded-hermit")


LOOP_BEHIND_EVERY_ACTION = """\
ruleset: souls
title: Every action that can set off triggers, over a loop
rules: [P-25]
cards:
  - name: Wounded Hermit
    kind: soul
    hp: 20
    power: 5
    abilities:
      - when: damaged
        effects:
          - {do: heal, amount: 5, target: self}
          - {do: damage, amount: 5, target: self}
  - name: Herald
    kind: soul
    hp: 20
    power: 5
    abilities:
      - when: captured
        effects:
          - {do: damage, amount: 5, target: all_enemy_souls}
  - name: Counting Herald
    kind: soul
    hp: 10
    power: 5
    statics:
      - {stat: max_hp, amount: 10, side: any}
    abilities:
      - when: captured
        effects:
          - {do: damage, amount: 5, target: all_enemy_souls}
  - name: Striker
    kind: soul
    hp: 20
    power: 5
    abilities:
      - name: Strike
        target: {side: enemy, kind: soul}
        effects:
          - {do: damage, amount: 5}
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Striker}
        A2: {card: Herald}
        B1: {card: Herald, id: armoured-herald, damage: 20, armament: [{card: Iron Mail}]}
        B2: {card: Counting Herald, damage: 15}
      hand:
        - {card: Firebolt}
      ambushes:
        C1: {card: Pitfall}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Wounded Hermit}
        B1: {card: Thorn Squire, captured: true, damage: 20}
"""


# Each action reaches the Hermit, whose damage loops: a spell, an Ambush and an ability damage it;
# a capture, a max-HP loss, a detach and an exile each capture a Herald, whose trigger damages it.
LOOPING_ACTIONS: list[tuple[str, tuple[object, ...]]] = [
    ("play", ("firebolt", "wounded-hermit")),
    ("spring", ("pitfall", "wounded-hermit")),
    ("activate", ("striker", 0, "wounded-hermit")),
    ("capture", ("herald",)),
    ("add_bonus", ("herald", "max_hp", -20)),
    ("detach", ("iron-mail",)),
    ("exile", ("thorn-squire",)),  # the Counting Herald counts one captured Soul less
]


@pytest.mark.rule("P-25")
@pytest.mark.parametrize(("name", "args"), LOOPING_ACTIONS, ids=[a[0] for a in LOOPING_ACTIONS])
def test_each_action_is_rehearsed_when_it_can_set_off_a_loop(
    name: str, args: tuple[object, ...]
) -> None:
    """``verify_x`` rehearses the action itself: only acting shows the loop (P-25)."""
    game = game_from_yaml(LOOP_BEHIND_EVERY_ACTION)
    assert not getattr(game, f"can_{name}")(*args)
    assert_refused(game, lambda: getattr(game, f"verify_{name}")(*args), "P-25")
    assert_refused(game, lambda: getattr(game, name)(*args), "P-25")


def test_end_phase_that_never_ends_is_refused_and_can_end_turn_says_so() -> None:
    game = shipped("P-25-end-of-turn-that-never-ends.yaml")
    assert not game.can_end_turn()
    assert_refused(game, game.end_turn, "P-25")
    assert game.table.turn == 1
    game.capture("restless-shade")
    assert game.can_end_turn()
    game.end_turn()
    assert game.table.turn == 2


def test_a_loop_stops_when_its_state_comes_back_without_memory_growth(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ticks: list[str] = []

    class CountingGuard(LoopGuard):
        def tick(self, what: str, state: Hashable) -> None:
            ticks.append(what)
            super().tick(what, state)

    monkeypatch.setattr(souls_effects, "LoopGuard", CountingGuard)
    game = shipped("P-25-trigger-damages-itself.yaml")
    tracemalloc.start()
    try:
        with pytest.raises(LoopError):
            game.deal("wounded-hermit", 5)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert ticks == ["wounded-hermit's trigger Reopened Wound"] * 3  # the 3rd as the 2nd was
    assert peak < 20 * 2**20  # a few MB for the whole refused action


ACTIONS: list[tuple[str, str, tuple[object, ...]]] = [
    ("P-25-damaged-abilities-answer-each-other.yaml", "attack", ("alice-imp", "bob-imp")),
    ("P-25-damaged-abilities-answer-each-other.yaml", "play", ("firebolt", "bob-imp")),
    ("P-25-damaged-abilities-answer-each-other.yaml", "end_turn", ()),
    ("P-25-trigger-damages-itself.yaml", "deal", ("wounded-hermit", 5)),
    ("P-25-trigger-damages-itself.yaml", "pay_hp", ("wounded-hermit", 3)),
    ("P-25-trigger-damages-itself.yaml", "pay_hp", ("wounded-hermit", "10x_rank")),
    ("P-25-trigger-damages-itself.yaml", "add_bonus", ("wounded-hermit", "max_hp", -10)),
    ("P-25-trigger-damages-itself.yaml", "capture", ("wounded-hermit",)),
    ("P-25-end-of-turn-that-never-ends.yaml", "end_turn", ()),
    ("14.4.5-armament-to-elysium-ambush-stays.yaml", "end_turn", ()),
    ("S-4-detach-armament.yaml", "detach", ("iron-mail",)),
    ("S-4-detach-armament.yaml", "detach", ("thorn-squire",)),
]


@pytest.mark.parametrize(
    ("file", "name", "args"), ACTIONS, ids=[f"{f[:-5]}:{n}{a}" for f, n, a in ACTIONS]
)
def test_can_x_answers_as_x_acts(file: str, name: str, args: tuple[object, ...]) -> None:
    game = shipped(file)
    can = getattr(game, f"can_{name}")(*args)
    try:
        getattr(game, name)(*args)
    except RuleError:
        acted = False
    else:
        acted = True
    assert can == acted


LOOPY = """\
ruleset: souls
title: Some loops, some not
rules: [P-25]
cards:
  - name: Echo Imp
    kind: soul
    hp: 20
    power: 5
    abilities:
      - when: damaged
        effects:
          - {do: heal, amount: 5, target: self}
          - {do: damage, amount: 5, target: source}
setup:
  players:
    - name: Alice
      realm: {card: Old Keep, damage: 30}
      slots:
        A1: {card: Echo Imp, id: alice-echo}
        B1: {card: Ash Zealot}
    - name: Bob
      realm: {card: Ember Citadel, damage: 20}
      slots:
        A1: {card: Echo Imp, id: bob-echo}
        B1: {card: Ember Imp}
        C1: {card: Grave Warden, damage: 25}
"""


CARDS = ["alice-echo", "ash-zealot", "bob-echo", "ember-imp", "grave-warden", "old-keep"]


MOVES = st.tuples(
    st.sampled_from(["deal", "pay_hp", "capture", "add_bonus", "attack", "end_turn"]),
    st.sampled_from(CARDS),
    st.sampled_from([*CARDS, "ember-citadel"]),
    st.sampled_from([0, 5, 10, 15]),
)


def move_args(kind: str, card: str, other: str, amount: int) -> tuple[object, ...]:
    return {
        "deal": (card, amount),
        "pay_hp": (card, amount),
        "capture": (card,),
        "add_bonus": (card, "max_hp", -amount),
        "attack": (card, other),
        "end_turn": (),
    }[kind]


@pytest.mark.rule("P-25")
@settings(max_examples=40, deadline=None)
@given(st.lists(MOVES, max_size=8))
def test_can_x_agrees_with_x_in_any_play(moves: list[tuple[str, str, str, int]]) -> None:
    """Whatever came before, ``can_x`` answers as ``x`` then acts, loops (P-25) included."""
    game = game_from_yaml(LOOPY)
    for kind, card, other, amount in moves:
        args = move_args(kind, card, other, amount)
        before = whole_state(game)
        can = getattr(game, f"can_{kind}")(*args)
        assert_unchanged(before, game)  # asking (a rehearsal, when cards could loop) undoes all
        try:
            getattr(game, kind)(*args)
        except RuleError:
            assert not can
            assert_unchanged(before, game)
            continue
        assert can
        if game.battle is not None:
            before = whole_state(game)
            can = game.can_finish_battle()
            try:
                game.finish_battle()
            except RuleError:
                assert not can
                assert_unchanged(before, game)
                return  # a battle that cannot end: nothing else is legal
            assert can
