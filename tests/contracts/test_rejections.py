"""Every refusal the engine can make is made by a test, which checks its rule id.

Each row of the tables below is a small table, an action and the rule that refuses it. The test
asks ``verify_x`` (it raises a ``RuleError`` citing the rule), ``can_x`` (False) and ``x`` itself
(refused with the same rule), and checks after each that the game is exactly as it was. The
refusals that only a player's answer or a script action can provoke (a bad combat assignment or
replacement order, a check made while a combat is under way, an order nobody asked for, a name
that is no battlefield) have tables of their own.

``test_every_rule_error_in_engine_is_raised_by_a_case`` reads ``engine/`` and lists every
``raise RuleError(...)`` (and ``LoopError``, P-25): each must be the very place some case's
refusal comes from, citing the same rule. A new refusal without a case fails it.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

import engine
from engine.acting import acting_point
from engine.assets import SCENARIOS
from engine.choices import Answer, Assigned, Choice, Chooser
from engine.errors import RuleError
from engine.might.game import MightGame
from engine.might.scenario import MightScenario
from engine.scenario import Playthrough, game_from_yaml, load_scenario
from engine.script import ScriptAction
from engine.souls.cards import CountingStatic
from engine.souls.game import SoulsGame
from engine.yaml_source import YamlSource
from tests.support.game_state import WholeState, whole_state

ENGINE = Path(engine.__file__).resolve().parent

SOULS = """\
ruleset: souls
title: Refusals
rules: [S-1]
setup:
  columns: 4
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Thorn Squire, captured: true}
        B1: {card: Sylva}
        C1: {card: Blood Priest, damage: 20, attacked: true}
        C2: {card: Mossback Guard}
      ambushes:
        B2: {card: Pitfall}
      hand:
        - {card: Ember Imp, id: spare-imp}
        - {card: Firebolt}
        - {card: Ember Rain}
        - {card: Final Resting Place}
        - {card: Sudden Ward}
        - {card: Iron Mail}
        - {card: Old Keep, id: spare-keep}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Ember Imp}
        A2: {card: Mossback Guard, id: bob-guard}
        B1: {card: Ash Zealot, captured: true}
        C1: {card: Blood Priest, id: bob-priest}
      hand:
        - {card: Firebolt, id: bob-bolt}
        - {card: Thorn Squire, id: bob-squire}
"""
# The same with Alice's Cull the Weak, which captures an enemy Soul with 10 HP or less (P-51).
SOULS_CULL = SOULS.replace(
    "setup:\n",
    """cards:
  - name: Cull the Weak
    kind: spell
    target: {side: enemy, kind: soul, hp_at_most: 10}
    effects: [{do: capture}]
  - name: Finish Off
    kind: spell
    target: {side: enemy, kind: soul, state: damaged}
    effects: [{do: capture}]
setup:
""",
).replace(
    "        - {card: Firebolt}\n",
    "        - {card: Firebolt}\n        - {card: Cull the Weak}\n        - {card: Finish Off}\n",
)
# The same with Alice's Blood Bargain: two targets and an HP cost (P-79, P-80).
SOULS_BARGAIN = SOULS.replace(
    "setup:\n",
    """cards:
  - name: Blood Bargain
    kind: spell
    cost_hp: 10
    target: [{side: enemy, kind: soul}, {side: own, kind: soul, state: damaged}]
    effects: [{do: damage, amount: 15, target: target_1}, {do: heal, amount: 10, target: target_2}]
setup:
""",
).replace(
    "        - {card: Firebolt}\n", "        - {card: Firebolt}\n        - {card: Blood Bargain}\n"
)
# Alice's turn. Alice: A1 captured, B1 Sylva (front), C1 Blood Priest (front, 5 HP left, has
# attacked), C2 Mossback Guard (back), D1/D2 empty, Pitfall set at B2. Bob: Ember Imp (front),
# Mossback Guard behind it (back), Ash Zealot captured, Blood Priest (front).

MIGHT = """\
ruleset: might
title: Refusals
rules: [M-1]
cards:
  - name: Hexbolt
    kind: spell
    text: Deal 1 damage to an enemy unit.
    target: {side: enemy}
    effects: [{do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      runes: 1
      units:
        - {card: Vanguard Captain, at: Battlefield 1}
        - {card: Iron Sentinel}
      hand:
        - {card: Spark}
        - {card: Meteor}
        - {card: Quick Mend}
        - {card: Last Stand}
        - {card: Ember Focus}
        - {card: Hexbolt}
    - name: Bob
      units:
        - {card: Thornback, at: Battlefield 1}
        - card: Hollow Golem
          at: Battlefield 1
          shields: [{id: ward, value: 3}]
        - card: Iron Sentinel
          id: bob-wall
          at: Battlefield 1
          shields: [{id: aegis, value: all}]
        - card: Iron Sentinel
          id: bob-sentinel
          shields: [{id: guard, value: 2}]
          doublers: [{id: twice}]
      hand:
        - {card: Spark, id: bob-spark}
"""
# Alice's turn, 1 rune. At Battlefield 1 Alice's captain (5 Might) meets Thornback (lethal at 3),
# the Hollow Golem (1 damage past a 3-prevention: 4) and bob-wall (all damage prevented: it can't
# be made lethal). bob-sentinel waits at Bob's base with a prevention and a doubler.

# The same, with the golem a Warden with Tank (M-17): it takes lethal (4) before Thornback.
MIGHT_TANK = MIGHT.replace(
    "cards:\n", "cards:\n  - {name: Warden, kind: unit, might: 0, keywords: [Tank]}\n"
).replace("- card: Hollow Golem\n", "- card: Warden\n")

MIGHT_UNDAMAGEABLE = MIGHT.replace(
    "        - card: Hollow Golem\n",
    "        - card: Hollow Golem\n          cant_be_dealt_damage: true\n",
)

# The same with units that have abilities (P-41, P-42), at Alice's base, out of any combat: a
# Rune Smith (exhaust and 2 runes: 2 to an enemy unit), an exhausted one, a unit with a
# Reaction, a spell with two targets and a unit whose "when played" targets an enemy unit.
MIGHT_ABILITIES = (
    MIGHT.replace(
        "cards:\n",
        """cards:
  - name: Rune Smith
    kind: unit
    might: 3
    abilities:
      - when: activated
        name: Forge Strike
        cost: {exhaust: true, runes: 2}
        target: {side: enemy}
        effects: [{do: damage, amount: 2}]
  - name: Brace Unit
    kind: unit
    might: 2
    abilities:
      - {when: activated, name: Brace, speed: reaction, effects: [{do: heal, target: self}]}
  - name: Lookout
    kind: unit
    might: 1
    abilities:
      - when: activated
        name: Watch
        only_while: {unit: self, state: at_a_battlefield}
        effects: [{do: heal, target: self}]
  - name: Twin Bolt
    kind: spell
    target: {side: enemy, count: 2}
    effects: [{do: damage, amount: 1}]
  - name: Sharpshooter
    kind: unit
    might: 2
    abilities:
      - {when: played, target: {side: enemy}, effects: [{do: damage, amount: 1}]}
  - name: Rally
    kind: spell
    target: [{side: enemy}, {side: own, state: damaged}]
    effects: [{do: ready, target: target_2}]
  - name: Raise
    kind: spell
    target: {zone: trash, side: own}
    effects: [{do: return_from_trash, to: base}]
  - {name: Totem, kind: gear, text: "A gear: no unit."}
  - name: Pincer
    kind: spell
    target: {side: enemy, count: 2, at_least: 2, same_place: true}
    effects: [{do: stun}]
  - name: Redeploy
    kind: spell
    target: {side: own}
    effects: [{do: move, to: chosen}]
  - name: Negate
    kind: spell
    speed: reaction
    target: {zone: chain}
    effects: [{do: counter}]
  - name: Frost Snare
    kind: spell
    target: {side: enemy, count: any, at_least: 0, total_might_at_most: 4}
    effects: [{do: stun}]
""",
    )
    .replace(
        "        - {card: Iron Sentinel}\n",
        "        - {card: Iron Sentinel}\n        - {card: Rune Smith}\n"
        "        - {card: Rune Smith, id: tired-smith, exhausted: true}\n"
        "        - {card: Brace Unit}\n        - {card: Lookout}\n",
    )
    .replace(
        "        - {card: Hexbolt}\n",
        "        - {card: Hexbolt}\n        - {card: Twin Bolt}\n        - {card: Sharpshooter}\n"
        "        - {card: Rally}\n        - {card: Raise}\n        - {card: Pincer}\n"
        "        - {card: Redeploy}\n        - {card: Negate}\n        - {card: Frost Snare}\n",
    )
    .replace("    - name: Bob\n", "    - name: Bob\n      gear: [{card: Totem}]\n")
)

# The same with no rune and extra costs (P-88, P-89): Bob's Warded has Deflect 1; Alice's Jabber
# exhausts to deal 1 to an enemy unit; her Sprinter may be played for 1 more rune to enter ready,
# and her Eager enters ready anyway.
MIGHT_EXTRA_COSTS = (
    MIGHT.replace("      runes: 1\n", "      runes: 0\n")
    .replace(
        "cards:\n",
        """cards:
  - {name: Warded, kind: unit, might: 2, keywords: [Deflect 1]}
  - {name: Sprinter, kind: unit, might: 2, keywords: [Accelerate 1]}
  - {name: Eager, kind: unit, might: 1, keywords: [Accelerate 1], enters: ready}
  - name: Jabber
    kind: unit
    might: 1
    abilities:
      - when: activated
        name: Jab
        cost: {exhaust: true}
        target: {side: enemy}
        effects: [{do: damage, amount: 1}]
""",
    )
    .replace(
        "        - {card: Iron Sentinel}\n",
        "        - {card: Iron Sentinel}\n        - {card: Jabber}\n",
    )
    .replace(
        "        - {card: Hexbolt}\n",
        "        - {card: Hexbolt}\n        - {card: Sprinter}\n        - {card: Eager}\n",
    )
    .replace(
        "        - {card: Thornback, at: Battlefield 1}\n",
        "        - {card: Thornback, at: Battlefield 1}\n        - {card: Warded}\n",
    )
)

SOULS_LOOP = (SCENARIOS / "souls" / "P-25-trigger-damages-itself.yaml").read_text()
MIGHT_LOOP = (SCENARIOS / "might" / "P-25-a-unit-that-heals-and-hurts-itself.yaml").read_text()

Game = SoulsGame | MightGame
Site = tuple[str, int, str]  # engine file, line, rule


def state(game: Game) -> WholeState:
    """What a refused action must leave as it was: the whole game (``tests/support/game_state.py``),
    table (with the chain, combat, turn and the game's end), timeline, phase, the ruleset's own
    progress (pending triggers, battle, counters) and the might chooser."""
    return whole_state(game)


def raised_at(refused: pytest.ExceptionInfo[RuleError]) -> Site:
    """Where in engine/ the refusal was raised (file, line), and the rule it cited."""
    traceback: TracebackType | None = refused.tb
    assert traceback is not None
    while traceback.tb_next is not None:
        traceback = traceback.tb_next
    path = Path(traceback.tb_frame.f_code.co_filename).resolve()
    return path.relative_to(ENGINE).as_posix(), traceback.tb_lineno, refused.value.rule


@dataclass(frozen=True)
class Refusal:
    """``action`` on ``table`` (after ``prepare``) is refused citing ``rule``, with ``message``
    in its reason."""

    name: str
    table: str
    action: str
    args: tuple[object, ...]
    rule: str
    message: str
    prepare: Callable[[Any], object] | None = None


def by_rule(cases: Iterable[Refusal | BadAnswer | ScriptRefusal]) -> list[Any]:
    """Each case as a parameter named after it and marked with its rule (``--rule`` finds it)."""
    return [pytest.param(case, id=case.name, marks=pytest.mark.rule(case.rule)) for case in cases]


def parse(act: str) -> tuple[str, tuple[object, ...]]:
    """``"recruit spare-imp D1"`` -> ("recruit", ("spare-imp", "D1")); ``None``, ``True`` and
    integers are read as such."""
    action, *words = act.split()
    values = {"None": None, "True": True}
    return action, tuple(
        values[w] if w in values else int(w) if w.lstrip("-").isdigit() else w for w in words
    )


def souls(name: str, act: str, rule: str, says: str, prepare: Any = None) -> Refusal:
    return Refusal(f"souls-{name}", SOULS, *parse(act), rule, says, prepare)


def might(name: str, act: str, rule: str, says: str, prepare: Any = None) -> Refusal:
    return Refusal(f"might-{name}", MIGHT, *parse(act), rule, says, prepare)


def attack_first(game: SoulsGame) -> None:
    """Open a battle window: Sylva attacks the Ember Imp (it stays at 0 HP in the window)."""
    game.attack("sylva", "ember-imp")


def shatter_bobs_realm(game: SoulsGame) -> None:
    game.deal("ember-citadel", 40)
    assert game.table.game_over


def spark_on_the_chain(game: MightGame) -> None:
    game.play("spark", "thornback")
    assert game.table.chain


OTHER_TURN = "outside a battle window during the other player's turn"

# fmt: off
REFUSALS = [
    # --- souls: who may act, and when (S-4, S-17, S-13, P-1)
    souls("no-such-card", "recruit nobody D1", "S-4", "there is no card 'nobody'"),
    souls("game-over", "recruit spare-imp D1", "S-17", "the game is over", shatter_bobs_realm),
    souls("recruit-in-battle", "recruit spare-imp D1", "S-13", "cannot recruit during a battle",
        attack_first),
    souls("end-turn-in-battle", "end_turn", "S-13", "cannot end the turn during a battle",
        attack_first),
    souls("attack-in-battle", "attack mossback-guard ember-imp", "S-13",
        "cannot declare another attack", attack_first),
    souls("P-1-recruit", "recruit bob-squire D1", "P-1", f"Bob cannot recruit {OTHER_TURN}"),
    souls("P-1-play", "play bob-bolt sylva", "P-1", f"Bob cannot play a card {OTHER_TURN}"),
    souls("P-1-activate", "activate bob-priest 0 bob-priest", "P-1",
        f"Bob cannot activate an ability {OTHER_TURN}"),
    # --- souls: recruit (S-3, S-1, 14.5.2)
    souls("recruit-a-spell", "recruit firebolt D1", "S-3",
        "firebolt is not a Soul in its owner's hand"),
    souls("recruit-off-the-grid", "recruit spare-imp E1", "S-1", "there is no slot E1"),
    souls("recruit-on-a-captured-soul", "recruit spare-imp A1", "14.5.2",
        "slot A1 is occupied by a captured Soul"),
    souls("recruit-on-a-soul", "recruit spare-imp B1", "S-3",
        "slot B1 is not empty: sylva stands on it"),
    souls("recruit-under-nothing", "recruit spare-imp D2", "S-3",
        "slot D2 hangs under the empty slot D1"),
    souls("recruit-under-a-captured-soul", "recruit spare-imp A2", "14.5.2",
        "slot A2 hangs under a captured Soul on A1"),
    # --- souls: play (S-4, S-3, S-1, S-13, S-15)
    Refusal("souls-a-soul-above-the-number", SOULS_CULL, "play", ("cull-the-weak", "bob-guard"),
        "P-51", "bob-guard is not an enemy Soul with 10 HP or less: it has 40 HP"),
    Refusal("souls-an-undamaged-soul", SOULS_CULL, "play", ("finish-off", "bob-guard"), "P-51",
        "bob-guard is not damaged (damage 0)"),
    Refusal("souls-P-79-targets-for-one", SOULS_BARGAIN, "play",
        ("firebolt", None, None, ("ember-imp", "bob-guard")), "P-79",
        "firebolt chooses one target: name it with target, not targets"),
    Refusal("souls-P-79-one-of-two", SOULS_BARGAIN, "play",
        ("blood-bargain", None, None, ("ember-imp",), "sylva"), "P-79",
        "blood-bargain chooses 2 targets, in order"),
    Refusal("souls-P-79-twice", SOULS_BARGAIN, "play",
        ("blood-bargain", None, None, ("ember-imp", "ember-imp"), "sylva"), "P-79",
        "ember-imp is chosen twice"),
    Refusal("souls-P-80-paid-without-a-cost", SOULS_BARGAIN, "play",
        ("firebolt", "ember-imp", None, (), "sylva"), "P-80", "firebolt has no HP cost"),
    Refusal("souls-P-80-nobody-pays", SOULS_BARGAIN, "play",
        ("blood-bargain", None, None, ("ember-imp", "blood-priest")), "P-80",
        "name the Soul of yours that pays it with paid_by"),
    Refusal("souls-P-80-an-enemy-pays", SOULS_BARGAIN, "play",
        ("blood-bargain", None, None, ("ember-imp", "blood-priest"), "ember-imp"), "P-80",
        "ember-imp is not your Soul"),
    souls("play-from-a-slot", "play sylva", "S-4", "sylva is not in its owner's hand"),
    souls("play-a-soul", "play spare-imp", "S-3",
        "spare-imp is a Soul: recruit it onto a slot instead"),
    souls("play-a-realm", "play spare-keep", "S-1",
        "spare-keep is a Realm and is not played from hand"),
    souls("ambush-in-battle", "play sudden-ward None D1", "S-13",
        "an Ambush is set outside battles", attack_first),
    souls("ambush-off-the-grid", "play sudden-ward None Z9", "S-1",
        "an Ambush is set at one of your slots, not 'Z9'"),
    souls("ambush-with-a-target", "play sudden-ward sylva D1", "S-15",
        "an Ambush does not target when it is set"),
    # --- souls: targets (S-15, 14.5.1, S-2)
    souls("target-for-no-target", "play ember-rain ember-imp", "S-15",
        "this card does not target; remove the target"),
    souls("no-target", "play firebolt", "S-15", "this card needs a target"),
    souls("target-on-the-wrong-side", "play firebolt sylva", "S-15", "sylva is not"),
    souls("armament-on-an-enemy", "play iron-mail ember-imp", "S-15", "ember-imp is not"),
    souls("captured-soul-wanted", "play final-resting-place ember-imp", "14.5.1",
        "ember-imp is not a captured Soul"),
    souls("captured-target", "play firebolt ash-zealot", "14.5.1",
        "ash-zealot is captured: only effects that ask"),
    souls("realm-for-a-soul", "play firebolt ember-citadel", "S-15",
        "ember-citadel is not an enemy Soul on the table"),
    souls("target-in-the-wrong-line", "spring pitfall bob-guard", "S-2",
        "bob-guard is not in the Front Line"),
    # --- souls: abilities and HP costs (S-12, 14.5.1, S-5, S-11, S-4)
    souls("activate-from-hand", "activate spare-imp", "S-12", "spare-imp is not a Soul on a slot"),
    souls("activate-captured", "activate thorn-squire", "14.5.1",
        "thorn-squire is captured: it has no effects"),
    souls("no-such-ability", "activate sylva", "S-5", "sylva has no activated ability number 0"),
    souls("cost-above-hp", "activate blood-priest 0 sylva", "S-11",
        "blood-priest has 5 HP and cannot pay 10 HP"),
    souls("spring-from-hand", "spring sudden-ward", "S-4",
        "sudden-ward is not an Ambush set at a slot"),
    souls("pay-from-hand", "pay_hp spare-imp 5", "S-11",
        "spare-imp is not a Soul on a slot and cannot pay"),
    souls("pay-while-captured", "pay_hp thorn-squire 5", "S-11",
        "thorn-squire is captured and pays nothing"),
    souls("pay-above-hp", "pay_hp blood-priest 10", "S-11",
        "blood-priest has 5 HP and cannot pay 10 HP"),
    # --- souls: attack (S-13, 14.5.1)
    souls("attack-from-hand", "attack spare-imp ember-imp", "S-13",
        "spare-imp is not a Soul on a slot"),
    souls("captured-attacker", "attack thorn-squire ember-imp", "14.5.1",
        "thorn-squire is captured and cannot attack"),
    souls("attack-out-of-turn", "attack ember-imp sylva", "S-13",
        "ember-imp is not the turn player's Soul"),
    souls("attack-from-the-back", "attack mossback-guard ember-imp", "S-13",
        "mossback-guard is in the Back Line"),
    souls("attack-twice", "attack blood-priest ember-imp", "S-13",
        "blood-priest has already attacked this turn"),
    souls("attack-a-friend", "attack sylva blood-priest", "S-13",
        "blood-priest is not an enemy card"),
    souls("attack-captured", "attack sylva ash-zealot", "14.5.1",
        "ash-zealot is captured and cannot be attacked"),
    souls("attack-a-guarded-realm", "attack sylva ember-citadel", "S-13",
        "ember-citadel can be attacked only when no"),
    souls("attack-the-back-line", "attack sylva bob-guard", "S-13",
        "bob-guard is not an active enemy Front Line Soul"),
    souls("finish-no-battle", "finish_battle", "S-13", "there is no battle to finish"),
    # --- souls: playtester edits (S-4, 14.5.1, 14.4.4, S-5)
    souls("deal-to-nobody", "deal nobody 5", "S-4", "there is no card 'nobody'"),
    souls("deal-to-a-captured-soul", "deal ash-zealot 5", "14.5.1", "ash-zealot is captured"),
    souls("capture-a-realm", "capture ember-citadel", "14.4.4",
        "ember-citadel is not a Soul on a slot"),
    souls("exile-an-active-soul", "exile ember-imp", "14.5.1", "ember-imp is not a captured Soul"),
    souls("bonus-of-7", "add_bonus sylva max_hp 7", "S-5", "a bonus is a multiple of 5, not 7"),
    souls("detach-from-hand", "detach iron-mail", "S-4",
        "iron-mail is not an Armament attached to a Soul"),
    Refusal("souls-loop", SOULS_LOOP, "deal", ("wounded-hermit", 5), "P-25",
        "wounded-hermit's trigger Reopened Wound came back to a state"),
    # --- might: cards, units and whose turn it is (M-1, M-7)
    might("no-such-card", "play nobody", "M-1", "there is no card 'nobody'"),
    might("not-a-unit-on-the-table", "heal spark", "M-1",
        "spark is not a unit on the table (it is in hand)"),
    might("turn-player-plays", "play bob-spark vanguard-captain", "M-1",
        "Bob cannot play bob-spark during the other"),
    might("turn-player-moves", "move thornback None", "M-1",
        "Bob cannot move thornback during the other player's"),
    might("move-while-the-chain-waits", "move vanguard-captain None", "M-7",
        "while the chain is not empty", spark_on_the_chain),
    might("nothing-to-resolve", "resolve", "M-7",
        "the chain is empty: there is nothing to resolve"),
    # --- might: play (M-1, M-7, M5)
    might("play-from-the-table", "play vanguard-captain", "M-1",
        "vanguard-captain is not in its owner's hand"),
    might("reaction-alone", "play quick-mend vanguard-captain", "M-7",
        "it can answer only while the chain waits"),
    might("too-few-runes", "play meteor thornback", "M-1",
        "meteor costs 2 but the rune pool has 1"),
    might("target-for-no-target", "play ember-focus vanguard-captain", "M5",
        "ember-focus does not target"),
    might("no-target", "play spark", "M5", "spark needs a target"),
    might("own-unit-wanted", "play last-stand thornback", "M5", "thornback is not"),
    might("enemy-unit-wanted", "play hexbolt vanguard-captain", "M5", "vanguard-captain is not"),
    # --- might: targets and activated abilities (M5, P-41, P-42, M-7)
    Refusal("might-three-targets", MIGHT_ABILITIES, "play",
        ("twin-bolt", ("thornback", "hollow-golem", "bob-wall")), "P-41",
        "3 targets chosen: choose up to 2 enemy units"),
    Refusal("might-one-target-twice", MIGHT_ABILITIES, "play",
        ("twin-bolt", ("thornback", "thornback")), "P-41", "a unit is chosen twice"),
    Refusal("might-a-list-nothing-completes", MIGHT_ABILITIES, "play", ("rally", ("thornback",)),
        "P-41", "no unit is left for the second target (a damaged unit you control)"),
    Refusal("might-not-at-the-same-battlefield", MIGHT_ABILITIES, "play",
        ("pincer", ("thornback", "bob-sentinel")), "P-75",
        "bob-sentinel is at no battlefield (it is in base): choose 2 enemy units at one"),
    Refusal("might-over-the-total-might", MIGHT_ABILITIES, "play",
        ("frost-snare", ("thornback", "bob-wall")), "P-94",
        "the chosen units' total Might is 7 (thornback 3 + bob-wall 4), more than 4"),
    Refusal("might-no-battlefield-chosen", MIGHT_ABILITIES, "play",
        ("redeploy", "vanguard-captain"), "P-74",
        "redeploy moves units to a battlefield chosen now: give `to:` (Battlefield 1"),
    Refusal("might-a-battlefield-for-a-card-that-chooses-none", MIGHT_ABILITIES, "play",
        ("hexbolt", "thornback", 0), "P-74", "hexbolt chooses no battlefield: remove `to:`"),
    Refusal("might-return-a-unit-not-in-a-trash", MIGHT_ABILITIES, "play",
        ("raise", "thornback"), "P-62", "thornback is not a unit card in your trash"),
    Refusal("might-counter-a-unit", MIGHT_ABILITIES, "play", ("negate", "thornback"), "P-87",
        "thornback is not a spell on the chain (legal: spark)", spark_on_the_chain),
    Refusal("might-move-a-gear", MIGHT_ABILITIES, "move", ("totem", 0), "P-66",
        "totem is gear, not a unit: it never moves"),
    Refusal("might-target-a-gear", MIGHT_ABILITIES, "play", ("hexbolt", "totem"), "P-66",
        "totem is gear, not a unit: it is never a target"),
    might("target-nobody", "play hexbolt nobody", "M-1", "there is no card 'nobody'"),
    might("target-a-card-in-hand", "play hexbolt spark", "M-1",
        "spark is not a unit on the table (it is in hand)"),
    Refusal("might-no-such-ability", MIGHT_ABILITIES, "activate", ("vanguard-captain", 0),
        "P-42", "vanguard-captain has no activated ability number 0 (it has none)"),
    Refusal("might-reaction-ability-alone", MIGHT_ABILITIES, "activate", ("brace-unit", 0),
        "M-7", "Brace is a Reaction: it can answer only while the chain waits"),
    Refusal("might-exhausted-cannot-pay", MIGHT_ABILITIES, "activate",
        ("tired-smith", 0, "thornback"), "P-42",
        "tired-smith is exhausted: it can't pay Forge Strike's cost (exhaust)"),
    Refusal("might-ability-too-few-runes", MIGHT_ABILITIES, "activate",
        ("rune-smith", 0, "thornback"), "P-42", "Forge Strike costs 2 but the rune pool has 1"),
    Refusal("might-ability-only-at-a-battlefield", MIGHT_ABILITIES, "activate", ("lookout", 0),
        "P-56", "Watch can be activated only while it is at a battlefield: false now"),
    # --- might: extra costs (P-88, P-89)
    Refusal("might-deflect-unpaid", MIGHT_EXTRA_COSTS, "play", ("hexbolt", "warded"), "P-88",
        "hexbolt costs 1 but the rune pool has 0 (0 + 1 for Deflect 1 of warded)"),
    Refusal("might-deflect-unpaid-by-an-ability", MIGHT_EXTRA_COSTS, "activate",
        ("jabber", 0, "warded"), "P-88",
        "Jab costs 1 but the rune pool has 0 (0 + 1 for Deflect 1 of warded)"),
    Refusal("might-accelerate-unpaid", MIGHT_EXTRA_COSTS, "play", ("sprinter", None, None, True),
        "P-89", "sprinter costs 1 but the rune pool has 0 (0 + 1 for Accelerate 1)"),
    Refusal("might-accelerate-without-it", MIGHT_EXTRA_COSTS, "play",
        ("hexbolt", "thornback", None, True), "P-89",
        "hexbolt has no Accelerate: play it without `accelerate`"),
    Refusal("might-accelerate-entering-ready", MIGHT_EXTRA_COSTS, "play",
        ("eager", None, None, True), "P-89",
        "eager enters ready anyway: play it without `accelerate`"),
    # --- might: moving, readying, combat (M-1, M-9)
    might("no-such-battlefield", "move vanguard-captain 5", "M-1",
        "there is no battlefield number 6"),
    might("already-there", "move iron-sentinel None", "M-1", "iron-sentinel is already there"),
    might("move-between-battlefields", "move vanguard-captain 1", "P-106",
        "vanguard-captain can't move from Battlefield 1 to Battlefield 2: a move between "
        "battlefields needs Ganking"),
    might("already-ready", "set_ready vanguard-captain True", "M-1",
        "vanguard-captain is already ready"),
    might("combat-nowhere", "combat 7", "M-9", "there is no battlefield number 8"),
    might("combat-without-attackers", "combat 1", "M-9",
        "the turn player has no unit at Battlefield 2"),
    # --- might: playtester edits (M-1, M-4, M3, M-3)
    might("runes-for-nobody", "add_runes 5 1", "M-1", "there is no player number 6"),
    might("bonus-for-nobody", "grant_bonus_damage 2 1", "M-1", "there is no player number 3"),
    might("negative-runes", "add_runes 0 -1", "M-1", "add 0 or more runes, not -1"),
    might("engine-effect-id", "add_shield vanguard-captain 1 this_turn all e7", "M-4",
        "e7: ids e1, e2, ... are numbered"),
    might("effect-id-twice", "add_doubler hollow-golem this_turn all ward", "M-4",
        "hollow-golem already has an effect named ward"),
    might("negative-damage", "deal vanguard-captain -1", "M-4",
        "a damage event deals 0 or more, not -1"),
    might("negative-prevention", "add_shield vanguard-captain -1", "M3",
        "prevention is a value of 0 or more, not -1"),
    might("lethal-at-zero", "set_lethal_threshold vanguard-captain 0", "M-3",
        "a lethal requirement is 1 damage or more"),
    Refusal("might-loop", MIGHT_LOOP, "deal", ("mending-thorn", 1), "P-25",
        "the chain item 'mending-thorn: Sting' came back to a state"),
]
# fmt: on


def build(table: str) -> Game:
    return game_from_yaml(table) if "ruleset: souls" in table else game_from_yaml(table)


def refuse(case: Refusal) -> set[Site]:
    """Check ``case``; the engine lines its refusals came from."""
    game = build(case.table)
    if case.prepare is not None:
        case.prepare(game)
    before = state(game)
    sites = set()
    verify = getattr(game, f"verify_{case.action}")
    with pytest.raises(RuleError) as refused:
        verify(*case.args)
    assert (refused.value.rule, state(game)) == (case.rule, before)
    assert case.message in refused.value.message
    sites.add(raised_at(refused))
    can = getattr(game, f"can_{case.action}", None)
    if can is not None:
        assert (can(*case.args), state(game)) == (False, before)
    with pytest.raises(RuleError) as acted:
        getattr(game, case.action)(*case.args)
    assert (acted.value.rule, acted.value.message, state(game)) == (
        case.rule,
        refused.value.message,
        before,
    )
    sites.add(raised_at(acted))
    return sites


@pytest.mark.parametrize("case", by_rule(REFUSALS))
def test_a_refused_action_cites_its_rule_and_changes_nothing(case: Refusal) -> None:
    refuse(case)


# ------------------------------------------------------------------------- answers to choices


@dataclass(frozen=True)
class BadAnswer:
    """A player's answer the rules refuse: ``answer`` to Alice's first choice of ``kind``."""

    name: str
    kind: str
    answer: Answer
    rule: str
    message: str
    table: str = MIGHT
    action: tuple[str, tuple[object, ...]] | None = None  # what asks it; None: by its kind
    before: tuple[tuple[str, tuple[object, ...]], ...] = ()  # done first, as the set-up


def assign(*entries: tuple[str, int]) -> Answer:
    return tuple(Assigned(unit=unit, damage=damage) for unit, damage in entries)


LETHAL_FIRST = "a unit must have lethal before damage goes to the next one"

# Alice's Mending Shrine may replace one of two deaths at once, the first of her order (P-67).
MIGHT_SHRINE = """\
ruleset: might
title: a gear's order of deaths
rules: [P-67]
cards:
  - name: Mending Shrine
    kind: gear
    replaces: {then: [heal], and_this: exhaust}
  - {name: Firestorm, kind: spell, effects: [{do: damage, amount: 9, target: all_units}]}
setup:
  players:
    - name: Alice
      units: [{card: Iron Sentinel}, {card: Stone Whelp}]
      gear: [{card: Mending Shrine}]
      hand: [{card: Firestorm}]
    - name: Bob
"""

# Alice's Iron Sentinel has a death replacement of its own and her Guardian Totem watches it:
# Bob's Doom kills it, and Alice orders the two (P-99).
MIGHT_OWN_AND_GEAR = """\
ruleset: might
title: a unit's own death replacement and a gear's
rules: [P-99]
cards:
  - name: Guardian Totem
    kind: gear
    replaces: {then: [recall], and_this: trash}
  - {name: Doom, kind: spell, target: {side: any}, effects: [{do: kill}]}
  - name: Second Wind
    kind: spell
    target: {side: own}
    effects: [{do: instead_of_dying, duration: permanent}]
setup:
  players:
    - name: Alice
      units: [{card: Iron Sentinel}]
      gear: [{card: Guardian Totem}]
      hand: [{card: Doom}, {card: Second Wind}]
    - name: Bob
"""

MIGHT_SPLIT = """\
ruleset: might
title: a divided damage
rules: [P-77]
cards:
  - name: Forked Bolt
    kind: spell
    effects: [{do: split_damage, amount: 4, target: {every: enemy_units}}]
setup:
  players:
    - name: Alice
      units: [{card: Stone Whelp}]
      hand: [{card: Forked Bolt}]
    - name: Bob
      units: [{card: Thornback}, {card: Iron Sentinel}]
"""

MIGHT_LOOK = """\
ruleset: might
title: a look at the top of a deck
rules: [P-109]
cards:
  - {name: Glimpse, kind: spell, effects: [{do: look_at_deck, amount: 3, keep: 1}]}
setup:
  players:
    - name: Alice
      hand: [{card: Glimpse}]
      deck: [Spark, Stone Whelp, Iron Sentinel, Spark]
    - name: Bob
"""

# fmt: off
# Alice's Herald's "when played" moves her other unit to a battlefield she chooses (P-74).
MIGHT_HERALD = """\
ruleset: might
title: a trigger's battlefield
rules: [P-74]
cards:
  - name: Herald
    kind: unit
    abilities: [{when: played, target: {side: own, other: true}, effects: [{do: move, to: chosen}]}]
setup:
  players:
    - {name: Alice, hand: [{card: Herald}], units: [{card: Stone Whelp}]}
    - {name: Bob}
"""

BAD_ANSWERS = [
    # Alice's 5 combat damage at Battlefield 1 (M-10): thornback needs 3 for lethal, the golem 4,
    # bob-wall can't be made lethal.
    BadAnswer("names-not-amounts", "assignment", ("thornback",), "M-10", "lists enemy units"),
    BadAnswer("a-stranger", "assignment", assign(("iron-sentinel", 5)), "M-10",
        "iron-sentinel is not an enemy unit in this combat"),
    BadAnswer("a-unit-twice", "assignment", assign(("thornback", 3), ("thornback", 2)), "M-10",
        "thornback is listed twice"),
    BadAnswer("zero-to-a-unit", "assignment", assign(("thornback", 5), ("hollow-golem", 0)),
        "M-10", "each unit listed gets 1 damage or more"),
    BadAnswer("too-little", "assignment", assign(("thornback", 3)), "M-10",
        "assign exactly 5 damage, not 3"),
    BadAnswer("never-lethal-first", "assignment",
        assign(("bob-wall", 1), ("thornback", 3), ("hollow-golem", 1)), "M-10",
        "bob-wall can't be made lethal, so it is assigned last"),
    BadAnswer("more-than-lethal", "assignment", assign(("thornback", 5)), "M-10",
        "thornback gets 5 but lethal is 3"),
    BadAnswer("less-than-lethal-first", "assignment",
        assign(("hollow-golem", 2), ("thornback", 3)), "M-10", LETHAL_FIRST),
    BadAnswer("tank-not-first", "assignment", assign(("thornback", 3), ("warden", 2)), "M-17",
        "thornback gets damage before warden has lethal: warden has Tank and is assigned first",
        MIGHT_TANK),
    BadAnswer("undamageable-before-lethal", "assignment",
        assign(("hollow-golem", 3), ("thornback", 1), ("bob-wall", 1)), "M-19",
        "hollow-golem can't be dealt damage: it may get only the excess, once every other enemy "
        "unit has lethal", MIGHT_UNDAMAGEABLE),
    # Bob's order for 2 damage to bob-sentinel, which has the prevention guard and a doubler (M-4).
    BadAnswer("order-of-amounts", "replacement_order", assign(("bob-sentinel", 1)), "M-4",
        "the replacement order for bob-sentinel must be a list of effect ids"),
    BadAnswer("order-missing-one", "replacement_order", ("guard",), "M-4",
        "must name each of the effects that apply, once (guard, twice); got guard"),
    # Alice's Sharpshooter, played: its trigger targets an enemy unit (P-41).
    BadAnswer("no-target-chosen", "targets", (), "M5", "choose an enemy unit", MIGHT_ABILITIES),
    BadAnswer("own-unit-as-target", "targets", ("iron-sentinel",), "M5",
        "iron-sentinel is not an enemy unit", MIGHT_ABILITIES),
    # Alice's Forked Bolt divides 4 damage among Bob's units (P-77).
    BadAnswer("split-names-not-amounts", "split", ("thornback",), "P-77",
        "a split lists units with their damage", MIGHT_SPLIT,
        ("resolve", ()), (("play", ("forked-bolt",)),)),
    BadAnswer("split-to-a-stranger", "split", assign(("stone-whelp", 4)), "P-77",
        "stone-whelp is not a unit forked-bolt divides its damage among", MIGHT_SPLIT,
        ("resolve", ()), (("play", ("forked-bolt",)),)),
    BadAnswer("split-wrong-total", "split", assign(("thornback", 3)), "P-77",
        "assign exactly 4 damage, not 3", MIGHT_SPLIT,
        ("resolve", ()), (("play", ("forked-bolt",)),)),
    BadAnswer("death-order-not-the-replacements", "replacement_order", ("guardian-totem",),
        "P-99", "the order of the death replacements for iron-sentinel must name each",
        MIGHT_OWN_AND_GEAR, ("resolve", ()),
        (("play", ("second-wind", "iron-sentinel")), ("resolve", ()),
         ("play", ("doom", "iron-sentinel")))),
    # Alice's Glimpse looks at alice-deck-1 to -3 and puts one into her hand (P-109).
    BadAnswer("pick-a-card-not-looked-at", "pick", ("alice-deck-4",), "P-109",
        "alice-deck-4 is not one of the cards Alice looked at", MIGHT_LOOK,
        ("resolve", ()), (("play", ("glimpse",)),)),
    BadAnswer("pick-a-card-twice", "pick", ("alice-deck-2", "alice-deck-2", "alice-deck-1"),
        "P-109", "a card is named twice", MIGHT_LOOK, ("resolve", ()), (("play", ("glimpse",)),)),
    BadAnswer("pick-some-of-the-rest", "pick", ("alice-deck-2", "alice-deck-3"), "P-109",
        "name the 1 card for the hand, or all 3 in order; got 2", MIGHT_LOOK,
        ("resolve", ()), (("play", ("glimpse",)),)),
    BadAnswer("gear-order-not-the-deaths", "replacement_order", ("stone-whelp",), "M-21",
        "the order for mending-shrine must name each death it may replace", MIGHT_SHRINE,
        ("resolve", ()), (("play", ("firestorm",)),)),
    BadAnswer("battlefield-that-is-none", "battlefield", ("Nowhere",), "P-74",
        "herald's ability moves units to one battlefield: choose one of Battlefield 1, "
        "Battlefield 2, not Nowhere", MIGHT_HERALD, ("play", ("herald",))),
]
# fmt: on


def answer_with(bad: BadAnswer) -> Chooser:
    def chooser(choice: Choice) -> Answer:
        return bad.answer if choice.kind == bad.kind else choice.default

    return chooser


def refuse_answer(bad: BadAnswer) -> set[Site]:
    game = game_from_yaml(bad.table, answer_with(bad))
    for done, done_args in bad.before:
        getattr(game, done)(*done_args)
    before = state(game)
    # Alice assigns at Battlefield 1; Bob orders for 2 damage to bob-sentinel; Alice's
    # Sharpshooter's trigger chooses its target.
    action, args = (
        bad.action
        or {
            "assignment": ("combat", (0,)),
            "replacement_order": ("deal", ("bob-sentinel", 2)),
            "targets": ("play", ("sharpshooter",)),
        }[bad.kind]
    )
    getattr(game, f"verify_{action}")(*args)  # with the rules' default answers: allowed
    assert state(game) == before
    with pytest.raises(RuleError) as refused:
        getattr(game, action)(*args)
    assert (refused.value.rule, state(game)) == (bad.rule, before)
    assert bad.message in refused.value.message
    return {raised_at(refused)}


@pytest.mark.parametrize("bad", by_rule(BAD_ANSWERS))
def test_a_refused_answer_cites_its_rule_and_changes_nothing(bad: BadAnswer) -> None:
    """The rules' own default answer is legal, so ``verify_x`` and ``can_x`` (which try the
    default) allow the action: it is the answer that is refused, when the action asks it."""
    refuse_answer(bad)


# ------------------------------------------------------------------------- during a combat

DURING_COMBAT = [
    ("play", ("spark", "thornback"), "cannot play a card during combat"),
    ("move", ("iron-sentinel", 0), "cannot move iron-sentinel during combat"),
    ("combat", (0,), "a combat is already under way"),
    ("end_turn", (), "cannot end the turn during combat"),
    ("activate", ("rune-smith", 0, "thornback"), "cannot activate an ability during combat"),
]


def refuse_during_combat() -> Iterator[tuple[str, set[Site]]]:
    """Each action of DURING_COMBAT tried while Alice is asked for her assignment: what it
    says, and where it was refused."""
    seen: list[tuple[str, set[Site]]] = []
    game: MightGame

    def chooser(choice: Choice) -> Answer:
        if choice.kind == "assignment" and not seen:
            assert game.table.combat is not None
            before = state(game)
            for action, args, message in DURING_COMBAT:
                with pytest.raises(RuleError) as refused:
                    getattr(game, f"verify_{action}")(*args)
                assert (refused.value.rule, state(game)) == ("M-9", before)
                assert getattr(game, f"can_{action}")(*args) is False
                with pytest.raises(RuleError) as acted:
                    getattr(game, action)(*args)
                assert (acted.value.rule, acted.value.message, state(game)) == (
                    "M-9",
                    refused.value.message,
                    before,
                )
                assert message in refused.value.message
                seen.append((message, {raised_at(refused), raised_at(acted)}))
        return choice.default

    game = game_from_yaml(MIGHT_ABILITIES, chooser)
    game.combat(0)
    assert [message for message, _ in seen] == [message for _, _, message in DURING_COMBAT]
    yield from seen


@pytest.mark.rule("M-9")
def test_nothing_but_the_combat_goes_on_during_a_combat() -> None:
    """Asked for an assignment, a chooser that tries to act meanwhile is refused (M-9)."""
    assert len(list(refuse_during_combat())) == len(DURING_COMBAT)


# ------------------------------------------------------------------------- script actions


@dataclass(frozen=True)
class ScriptRefusal:
    """The script action ``entry`` (YAML) refused by the scenario runner."""

    name: str
    entry: str
    rule: str
    message: str
    table: str = MIGHT


SCRIPT_REFUSALS = [
    ScriptRefusal(
        "order-nobody-asked-for",
        "deal: {target: vanguard-captain, amount: 1}\n    order: {vanguard-captain: [a, b]}",
        "M-4",
        "the order given for vanguard-captain was never asked for",
    ),
    ScriptRefusal(
        "assignment-nobody-asked-for",
        "combat:\n      battlefield: Battlefield 1\n"
        "      assign: {Bob: [{unit: vanguard-captain, damage: 1}]}",
        "M-10",
        "the assignment given for Bob was never asked for",
    ),
    ScriptRefusal(
        "split-nobody-asked-for",
        "deal: {target: vanguard-captain, amount: 1}\n    split: {vanguard-captain: "
        "[{unit: vanguard-captain, damage: 1}]}",
        "P-77",
        "the split given for vanguard-captain was never asked for",
    ),
    ScriptRefusal(
        "pick-nobody-asked-for",
        "deal: {target: vanguard-captain, amount: 1}\n    pick: {vanguard-captain: [spark]}",
        "P-109",
        "the pick given for vanguard-captain was never asked for",
    ),
    ScriptRefusal(
        "targets-nobody-asked-for",
        "deal: {target: vanguard-captain, amount: 1}\n    targets: {vanguard-captain: [a]}",
        "P-41",
        "the targets given for vanguard-captain were never asked for",
    ),
    ScriptRefusal(
        "targets-beyond-what-the-trigger-chooses",
        "play: {card: sharpshooter}\n    targets: {sharpshooter: [hollow-golem, bob-wall]}",
        "P-41",
        "nothing asks this answer: sharpshooter's trigger asks for 1 unit at most",
        MIGHT_ABILITIES,
    ),
    ScriptRefusal(
        "targets-for-a-trigger-that-never-triggers",
        "play: {card: sharpshooter}\n    targets: {sharpshooter: [[hollow-golem], [bob-wall]]}",
        "P-41",
        "nothing asks this answer: sharpshooter's abilities chose targets once in this action",
        MIGHT_ABILITIES,
    ),
    ScriptRefusal(
        "battlefield-nobody-asked-for",
        "deal: {target: vanguard-captain, amount: 1}\n    to: {vanguard-captain: Battlefield 1}",
        "P-74",
        "the battlefield given for vanguard-captain was never asked for",
    ),
    ScriptRefusal(
        "battlefields-beyond-the-triggers",
        "play: {card: herald}\n    to: {herald: [Battlefield 1, Battlefield 2]}",
        "P-74",
        "nothing asks this answer: herald's abilities chose a battlefield once in this action",
        MIGHT_HERALD,
    ),
    ScriptRefusal(
        "battlefield-by-a-wrong-name",
        "move: {unit: vanguard-captain, to: Nowhere}",
        "M-1",
        "there is no battlefield 'Nowhere'",
    ),
    ScriptRefusal(
        "player-by-a-wrong-name",
        "add_runes: {player: Carol, amount: 1}",
        "M-1",
        "there is no player 'Carol'",
    ),
]


def playthrough(script: str = "", table: str = MIGHT) -> Playthrough:
    """The might ``table``, where Bob keeps only the 0-Might golem at Battlefield 1 (he has no
    damage to assign there), with ``script``."""
    text = table.replace("        - {card: Thornback, at: Battlefield 1}\n", "")
    text = text.replace(
        "          at: Battlefield 1\n          shields: [{id: aegis",
        "          shields: [{id: aegis",
    )
    source = YamlSource(Path("refusals.yaml"), text + script)
    return Playthrough(source.validate(MightScenario), source)


def whole(play: Playthrough) -> tuple[object, ...]:
    return (state(play.game), list(play.actions), dict(play.runner.labels), play.open)


def refuse_script(case: ScriptRefusal) -> set[Site]:
    play = playthrough(f"script:\n  - {case.entry}\n", case.table)
    (action,) = play.scenario.script
    before = whole(play)
    with pytest.raises(RuleError) as refused:
        play.act(action, open_windows=False)  # as a file plays it: a spell does not wait
    assert (refused.value.rule, whole(play)) == (case.rule, before)
    assert case.message in refused.value.message
    return {raised_at(refused)}


@pytest.mark.parametrize("case", by_rule(SCRIPT_REFUSALS))
def test_a_refused_script_action_cites_its_rule_and_changes_nothing(case: ScriptRefusal) -> None:
    refuse_script(case)


def refuse_pass() -> set[Site]:
    play = playthrough()
    before = whole(play)
    with pytest.raises(RuleError) as refused:
        play.proceed()
    assert (refused.value.rule, whole(play)) == ("P-24", before)
    assert "nothing waits for the players" in refused.value.message
    return {raised_at(refused)}


def test_passing_when_nothing_waits_is_refused() -> None:
    refuse_pass()


def refuse_acting_inside_an_action() -> set[Site]:
    """Acting at the declaration of an earlier attack, outside its window (P-128)."""
    scenario, source = load_scenario(SCENARIOS / "souls" / "battle-3-window-heal-saves.yaml")

    def replay(actions: list[ScriptAction], leave_last_open: bool) -> Playthrough:
        again = Playthrough(scenario, source)
        again.run(actions, leave_last_open)
        return again

    play = replay(list(scenario.script), False)
    before = whole(play)
    with pytest.raises(RuleError) as refused:
        acting_point(replay, play.actions, play.runner.ends, 1)
    assert (refused.value.rule, whole(play)) == ("P-128", before)
    assert refused.value.message.startswith("this step is inside an attack (steps 1 to 7)")
    return {raised_at(refused)}


def test_acting_inside_an_earlier_action_is_refused() -> None:
    refuse_acting_inside_an_action()


# ------------------------------------------------------------------------- the guard


def engine_refusals() -> set[Site]:
    """Every ``raise RuleError(RULE, ...)`` and ``raise LoopError(...)`` (P-25) in engine/."""
    found: set[Site] = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call, where = node.exc, (path.relative_to(ENGINE).as_posix(), node.lineno)
            name = call.func.id if isinstance(call.func, ast.Name) else None
            if name == "LoopError":
                found.add((*where, "P-25"))
            elif name == "RuleError":
                rule = call.args[0]
                assert isinstance(rule, ast.Constant), f"{where}: a rule id that is not written"
                found.add((*where, str(rule.value)))
    return found


def test_every_rule_error_in_engine_is_raised_by_a_case() -> None:
    """Each refusal in engine/ is the very one some case above provokes, citing its rule."""
    raised: set[Site] = set()
    for case in REFUSALS:
        raised |= refuse(case)
    for bad in BAD_ANSWERS:
        raised |= refuse_answer(bad)
    for _, sites in refuse_during_combat():
        raised |= sites
    for script in SCRIPT_REFUSALS:
        raised |= refuse_script(script)
    raised |= refuse_pass()
    raised |= refuse_acting_inside_an_action()
    refusals = engine_refusals()
    assert len(refusals) > 80
    assert sorted(refusals - raised) == [], "refusals that no case provokes"
    assert sorted(raised - refusals) == [], "refusals raised where the scan sees none"


# ------------------------------------------------------------------------- capture repetition


def test_a_negative_counting_static_reads_as_a_loss() -> None:
    """The Grieving Knight of 14.4.3-capture-repetition-without-triggers.yaml: -10, not +-10."""
    static = CountingStatic(stat="max_hp", amount=-10, side="own")
    assert static.describe() == "-10 max HP per your captured Soul"
    assert CountingStatic(stat="power", amount=5, trait="Underling").describe() == (
        "+5 power per your captured Underling"
    )
