"""P-25 tells a loop by a repeated state, not by a count (engine/loops.py, docs/rulings.md).

Any number of different triggers resolving once each, in one action, is no loop: a full grid
of Souls, or hundreds of units, that each trigger at the end of the turn end it; nor is one
source coming back hundreds of times while the state moves on (its unit's damage growing). One
source resolving again in a state it already resolved in (a card's trigger, a chain item, an
expiration restart) is a loop, with or without a crowd of other triggers around it: the action
is refused citing P-25 as soon as the state comes back, the refusal names what repeated, and
the game stays exactly as it was.
"""

from __future__ import annotations

import string
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from functools import partial

import pytest

from engine.assets import SCENARIOS
from engine.card_map import CardMap
from engine.changes import Triggered
from engine.loops import LoopError, LoopGuard, Part, StackKey
from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from engine.souls.game import SoulsGame
from engine.stack import Stack
from engine.timeline import Step
from tests.support.game_state import refused_unchanged

# ----------------------------------------------------------------------------- the guard


class Name(str):
    """A loop name that counts every hash and comparison the guard makes of it: its cost."""

    uses: list[int] = []

    def __hash__(self) -> int:
        Name.uses.append(1)
        return super().__hash__()

    def __eq__(self, other: object) -> bool:
        Name.uses.append(1)
        return super().__eq__(other)


def test_many_sources_once_each_are_no_loop_and_each_tick_costs_the_same() -> None:
    guard = LoopGuard()
    Name.uses.clear()
    names = [Name(f"soul-{number}'s trigger Vigil") for number in range(1000)]
    for name in names:
        guard.tick(name, "the same table")
    assert len(Name.uses) <= 3 * len(names)  # a few set look-ups each, not a scan of all


def test_a_source_coming_back_while_the_state_moves_on_is_no_loop() -> None:
    guard = LoopGuard()
    for damage in range(1000):
        guard.tick("imp's trigger Echo", ("imp", damage))


def test_a_source_back_in_a_state_it_resolved_in_is_a_loop_whatever_else_ticks_between() -> None:
    guard = LoopGuard()
    for damage in range(300):
        guard.tick("imp's trigger Echo", damage)
        guard.tick(f"soul-{damage}'s trigger Vigil", damage)
    guard.tick("soul-1's trigger Vigil", 2)  # another source in that state: no loop
    with pytest.raises(LoopError) as refusal:
        guard.tick("imp's trigger Echo", 7)
    assert refusal.value.rule == "P-25"
    assert refusal.value.message == (
        "imp's trigger Echo came back to a state it already resolved in: the cards loop "
        "forever, so the action is refused"
    )


class Hashed:
    """A card whose hashes are counted: what keying a table costs."""

    hashes: list[str] = []

    def __init__(self, name: str, damage: int = 0) -> None:
        self.name, self.damage = name, damage

    def __hash__(self) -> int:
        Hashed.hashes.append(self.name)
        return hash((self.name, self.damage))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hashed) and (self.name, self.damage) == (other.name, other.damage)


def test_a_card_maps_hash_is_by_content_and_costs_what_changed() -> None:
    cards = CardMap({f"c{n}": Hashed(f"c{n}") for n in range(500)})
    unhashed = cards.set("c1", Hashed("c1", 5))
    Hashed.hashes.clear()
    hash(cards)  # the first map asked: every card, once
    assert len(Hashed.hashes) == 500
    Hashed.hashes.clear()
    hurt = cards.set("c7", Hashed("c7", 3))
    healed = hurt.set("c7", Hashed("c7"))
    grown = healed.set("new", Hashed("new")).delete("new")
    assert hash(hurt) != hash(cards) and hash(healed) == hash(grown) == hash(cards)
    assert healed == cards and healed is not cards
    assert sorted(Hashed.hashes) == ["c7"] * 4 + ["new"] * 2  # old and new of each change only
    assert hash(unhashed) == hash(CardMap(dict(unhashed.items())))  # a map made before: in full
    guard = LoopGuard()
    guard.tick("c7's trigger", healed)
    with pytest.raises(LoopError):
        guard.tick("c7's trigger", grown)


def test_a_part_of_the_state_is_hashed_once_for_each_object() -> None:
    guard = LoopGuard()
    waiting = [Hashed(f"trigger-{n}") for n in range(200)]
    Hashed.hashes.clear()
    for resolved in range(len(waiting)):
        state: Hashable = tuple(guard.part(trigger) for trigger in waiting[resolved:])
        guard.tick("the chain item", state)
    assert len(Hashed.hashes) == len(waiting)


def test_a_stack_is_keyed_once_for_each_item_and_compared_down_to_where_two_meet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[StackKey] = []
    init = StackKey.__init__

    def counted(key: StackKey, top: Part, below: StackKey | None) -> None:
        made.append(key)
        init(key, top, below)

    monkeypatch.setattr(StackKey, "__init__", counted)
    guard = LoopGuard()
    chain = Stack([Hashed(f"trigger-{n}") for n in range(5_000)])  # deeper than recursion goes
    Hashed.hashes.clear()
    keys = [guard.stack(chain)]
    for resolved in range(100):  # a trigger goes on, resolves, and so does the one under it
        chain = chain.pushed(Hashed(f"answer-{resolved}"))
        keys.append(guard.stack(chain))
        chain = chain.popped().popped()
        keys.append(guard.stack(chain))
    assert len(Hashed.hashes) == len(made) == 5_000 + 100  # each item once, not each key's all
    copy = LoopGuard().stack(Stack(list(chain)))  # the same items, no node shared
    assert copy == keys[-1] and hash(copy) == hash(keys[-1])
    assert keys[-1] != keys[-2] and guard.stack(Stack()) is None


# ----------------------------------------------------------------------------- big tables

COLUMNS, ROWS = 26, 9  # the largest grid a scenario may set up (S-1)

SOULS_CARDS = """\
cards:
  - name: Dusk Warden
    kind: soul
    rank: 0
    hp: 20
    power: 5
    text: At the end of each turn, heal 5 from this Soul.
    abilities:
      - when: end_of_turn
        name: Vigil
        effects: [{do: heal, amount: 5, target: self}]
  - name: Restless Shade
    kind: soul
    rank: 1
    hp: 20
    power: 5
    text: At the end of each turn, deal 5 damage to this Soul. When it is damaged, heal 5 from
      it, then deal 5 damage to it.
    abilities:
      - when: end_of_turn
        name: Dusk Torment
        effects: [{do: damage, amount: 5, target: self}]
      - when: damaged
        name: Reopened Wound
        effects:
          - {do: heal, amount: 5, target: self}
          - {do: damage, amount: 5, target: self}
"""


def souls_grid(shade: bool = False) -> SoulsGame:
    """Both grids full of Dusk Wardens (468 Souls); ``shade``: Alice's A1 a Restless Shade."""
    players = []
    for owner, name in enumerate(("Alice", "Bob")):
        lines = [f"    - name: {name}", f"      realm: {{card: Old Keep, id: realm{owner}}}"]
        lines.append("      slots:")
        for column in string.ascii_uppercase[:COLUMNS]:
            for row in range(1, ROWS + 1):
                slot = f"{column}{row}"
                card = "Restless Shade" if shade and owner == 0 and slot == "A1" else "Dusk Warden"
                lines.append(f"        {slot}: {{card: {card}, id: w{owner}-{slot}}}")
        players.append("\n".join(lines))
    game = game_from_yaml(
        "ruleset: souls\ntitle: A full grid that triggers at the end of the turn\nrules: [P-25]\n"
        f"{SOULS_CARDS}setup:\n  columns: {COLUMNS}\n  rows: {ROWS}\n  players:\n"
        + "\n".join(players)
        + "\n"
    )
    assert isinstance(game, SoulsGame)
    return game


def triggered(steps: list[Step]) -> Iterator[tuple[Step, Triggered]]:
    return ((s, c) for s in steps for c in s.changes if isinstance(c, Triggered))


def test_a_full_grid_of_souls_that_each_trigger_at_the_end_of_the_turn_ends_it() -> None:
    game = souls_grid()
    souls = [card.uid for card in game.table.souls()]
    assert len(souls) == 2 * COLUMNS * ROWS
    assert game.can_end_turn()
    steps = game.end_turn()
    assert sorted(change.card for _, change in triggered(steps)) == sorted(souls)
    for step, change in triggered(steps):  # each trigger is a step of its own (S-12)
        assert len(step.changes) == 1 and step.cause.card == change.card
    assert game.table.turn == 2


LANTERNS = 130  # a player: 260 units in all, each triggering once


def might_table(sentry_and_wisp: bool = False) -> MightGame:
    """Both players' bases full of Dusk Lanterns; ``sentry_and_wisp``: an Ember Sentry for Alice,
    whose end-of-turn damage sets off Bob's Sore Wisp, which heals and hurts itself for ever."""
    players = []
    for owner, name in enumerate(("Alice", "Bob")):
        units = [f"        - {{card: Dusk Lantern, id: l{owner}-{i}}}" for i in range(LANTERNS)]
        if sentry_and_wisp:
            units.append(f"        - {{card: {('Ember Sentry', 'Sore Wisp')[owner]}}}")
        players.append("\n".join([f"    - name: {name}", "      units:", *units]))
    return game_from_yaml(
        """\
ruleset: might
title: Hundreds of units that trigger at the end of the turn
rules: [P-25]
cards:
  - name: Dusk Lantern
    kind: unit
    might: 2
    text: At end of turn, this gets +1 Might this turn.
    abilities:
      - {when: end_of_turn, name: Glow, effects: [{do: might, amount: 1, target: self}]}
  - name: Sore Wisp
    kind: unit
    might: 3
    text: When this takes damage, heal it. When this is healed, deal 1 damage to it.
    abilities:
      - {when: takes_damage, name: Mend, effects: [{do: heal, target: self}]}
      - {when: healed, name: Sting, effects: [{do: damage, amount: 1, target: self}]}
setup:
  players:
"""
        + "\n".join(players)
        + "\n"
    )


def test_hundreds_of_units_that_each_trigger_at_the_end_of_the_turn_end_it() -> None:
    game = might_table()
    lanterns = list(game.table.cards)
    assert len(lanterns) == 2 * LANTERNS
    assert game.can_end_turn()
    steps = game.end_turn()
    resolved = [s.description for s in steps if s.description.endswith(": Glow resolves")]
    assert sorted(resolved) == sorted(f"{uid}: Glow resolves" for uid in lanterns)  # once each
    assert game.table.turn == 2


# ----------------------------------------------------------------------------- long cascades

ROUNDS = 250  # more than the 200 repetitions P-25 once allowed a source


@pytest.mark.rule("P-25")
def test_a_soul_that_hurts_itself_hundreds_of_times_until_captured_is_no_loop() -> None:
    game = game_from_yaml(f"""\
ruleset: souls
title: A Soul that deals itself 5 damage whenever it is damaged
rules: [P-25]
cards:
  - name: Festering Soul
    kind: soul
    hp: {5 * ROUNDS}
    power: 5
    abilities:
      - {{when: damaged, name: Fester, effects: [{{do: damage, amount: 5, target: self}}]}}
setup:
  players:
    - name: Alice
      slots: {{A1: {{card: Festering Soul}}}}
    - name: Bob
""")
    assert isinstance(game, SoulsGame)
    assert game.can_deal("festering-soul", 5)
    steps = game.deal("festering-soul", 5)
    fester = [s for s in steps if s.description == "festering-soul triggers: Fester"]
    assert len(fester) == ROUNDS - 1  # every round deals 5 more: the state never comes back
    assert game.table.cards["festering-soul"].face_down  # captured at last (14.4.2)


@pytest.mark.rule("P-25")
def test_a_unit_that_hurts_itself_hundreds_of_times_until_it_dies_is_no_loop() -> None:
    game = game_from_yaml(f"""\
ruleset: might
title: A unit that deals itself 1 damage whenever it takes damage
rules: [P-25]
cards:
  - name: Festering Thorn
    kind: unit
    might: {ROUNDS}
    abilities:
      - {{when: takes_damage, name: Fester, effects: [{{do: damage, amount: 1, target: self}}]}}
setup:
  players:
    - name: Alice
      units: [{{card: Festering Thorn}}]
    - name: Bob
""")
    assert game.can_deal("festering-thorn", 1)
    steps = game.deal("festering-thorn", 1)
    fester = [s for s in steps if s.description == "festering-thorn: Fester resolves"]
    assert len(fester) == ROUNDS  # its damage grows every round: the state never comes back
    assert game.table.cards["festering-thorn"].zone == "trash"  # lethal at last (M5)


# ----------------------------------------------------------------------------- loops still stop


@pytest.fixture
def ticks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every name any LoopGuard counts, in order."""
    names: list[str] = []
    tick = LoopGuard.tick

    def counting(guard: LoopGuard, what: str, state: Hashable) -> None:
        names.append(what)
        tick(guard, what, state)

    monkeypatch.setattr(LoopGuard, "tick", counting)
    return names


def shipped_souls(name: str) -> SoulsGame:
    game = game_from_yaml((SCENARIOS / "souls" / name).read_text(), name=name)
    assert isinstance(game, SoulsGame)
    return game


def shipped_might(name: str) -> MightGame:
    return game_from_yaml((SCENARIOS / "might" / name).read_text())


# The game, the action and what repeats first past the limit.
LOOPS: list[tuple[str, Callable[[], SoulsGame | MightGame], str, tuple[object, ...], str]] = [
    ("souls: damaged abilities that answer each other",
     lambda: shipped_souls("P-25-damaged-abilities-answer-each-other.yaml"),
     "attack", ("alice-imp", "bob-imp"), "bob-imp's trigger Echo"),
    ("souls: a trigger that damages its own Soul",
     lambda: shipped_souls("P-25-trigger-damages-itself.yaml"),
     "deal", ("wounded-hermit", 5), "wounded-hermit's trigger Reopened Wound"),
    ("souls: an end phase that never ends, on a full grid",
     lambda: souls_grid(shade=True),
     "end_turn", (), "w0-A1's trigger Reopened Wound"),
    ("might: a unit that heals and hurts itself",
     lambda: shipped_might("P-25-a-unit-that-heals-and-hurts-itself.yaml"),
     "deal", ("mending-thorn", 1), "the chain item 'mending-thorn: Sting'"),
    ("might: a heal-and-hurt loop among hundreds of end-of-turn triggers",
     lambda: might_table(sentry_and_wisp=True),
     "end_turn", (), "the chain item 'sore-wisp: Sting'"),
    ("might: an expiration that never settles",
     lambda: shipped_might("P-25-expiration-that-never-settles.yaml"),
     "end_turn", (), "expiration"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("make", "action", "args", "repeated"),
    [case[1:] for case in LOOPS],
    ids=[case[0] for case in LOOPS],
)
def test_a_loop_is_refused_naming_what_repeated_and_changes_nothing(
    ticks: list[str],
    make: Callable[[], SoulsGame | MightGame],
    action: str,
    args: tuple[object, ...],
    repeated: str,
) -> None:
    game = make()
    for name in (f"verify_{action}", action):  # verify_x, and so can_x, answers as x does
        ticks.clear()
        error = refused_unchanged(game, partial(getattr(game, name), *args))
        assert isinstance(error, LoopError) and error.rule == "P-25"
        assert error.message == (
            f"{repeated} came back to a state it already resolved in: the cards loop forever, "
            "so the action is refused"
        )
    counts = Counter(ticks)  # stopped as the state first came back: a round or two, not 200
    assert ticks[-1] == repeated and counts[repeated] <= 3
