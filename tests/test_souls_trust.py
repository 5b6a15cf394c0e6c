"""Issue 8, souls: no hangs (P-25), can_x agrees with x, everything on the record, bad ids refused
with a rule, the detach edit, and set-up amounts in steps of 5 (S-5)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.assets import SCENARIOS
from engine.changes import Flipped, Moved
from engine.errors import RuleError, ScenarioError
from engine.loops import LOOP_LIMIT, LoopError, LoopGuard
from engine.scenario import game_from_yaml, run_scenario
from engine.souls import game as souls_game
from engine.souls.game import SoulsGame
from tests.support.game_state import assert_refused, assert_unchanged, whole_state
from tests.support.playthroughs import steps_matching
from tests.support.souls_tables import scenario_text

SOULS = SCENARIOS / "souls"


def shipped(name: str) -> SoulsGame:
    """The set-up of a shipped scenario (its script is not played)."""
    return game_from_yaml((SOULS / name).read_text(), name)


# ----------------------------------------------------------------------------- P-25 loops


def test_damaged_abilities_answering_each_other_are_refused_with_p25() -> None:
    game = shipped("P-25-damaged-abilities-answer-each-other.yaml")
    assert not game.can_attack("alice-imp", "bob-imp")
    assert_refused(game, lambda: game.verify_attack("alice-imp", "bob-imp"), "P-25")
    error = assert_refused(game, lambda: game.attack("alice-imp", "bob-imp"), "P-25")
    assert isinstance(error, LoopError)
    assert game.can_play("firebolt", "bob-imp")  # the game goes on


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


def test_a_loop_stops_at_the_limit_without_memory_growth(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks: list[str] = []

    class CountingGuard(LoopGuard):
        def tick(self, what: str) -> int:
            ticks.append(what)
            return super().tick(what)

    monkeypatch.setattr(souls_game, "LoopGuard", CountingGuard)
    game = shipped("P-25-trigger-damages-itself.yaml")
    tracemalloc.start()
    try:
        with pytest.raises(LoopError):
            game.deal("wounded-hermit", 5)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(ticks) == LOOP_LIMIT + 1  # stopped at the limit, not later
    assert peak < 20 * 2**20  # a few MB for the whole refused action


# ----------------------------------------------------------------------------- can_x == x

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


# ----------------------------------------------------------------------------- on the record


def test_a_trigger_ended_by_its_capture_is_a_step_citing_s14_and_p2() -> None:
    game = game_from_yaml(scenario_text())
    steps = game.play("firebolt", "ember-imp")  # 10 damage: the Imp is at 0 HP
    [ended] = steps_matching(steps, "ember-imp's trigger Spiteful Spark ends before it resolves")
    assert "ember-imp was captured" in ended.description
    assert {"S-14", "P-2"} <= set(ended.rules) and ended.cause.card == "ember-imp"
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert capture.index < ended.index


def test_a_realms_trigger_ended_by_its_shattering_is_a_step() -> None:
    game = game_from_yaml(
        scenario_text()
        .replace(
            "setup:",
            "cards:\n  - name: Alarm Keep\n    kind: realm\n    hp: 20\n    abilities:\n"
            "      - {when: damaged, name: Alarm, effects: [{do: heal, amount: 5, target: self}]}"
            "\nsetup:",
        )
        .replace("realm: {card: Ember Citadel}", "realm: {card: Alarm Keep, damage: 10}")
    )
    steps = game.deal("alarm-keep", 10)
    [ended] = steps_matching(steps, "alarm-keep's trigger Alarm ends before it resolves")
    assert "alarm-keep shattered" in ended.description and {"S-14", "P-2"} <= set(ended.rules)
    assert game.table.winner == 0


def test_triggers_left_when_the_game_ends_are_steps_citing_s17() -> None:
    run = run_scenario(SOULS / "S-16-simultaneous-capture-trigger-order.yaml")
    [ended] = steps_matching(run.game.steps, "bob-warden's trigger Last Rites ends")
    assert "the game is over" in ended.description and ended.rules == ("S-17",)
    assert run.game.pending == []


def test_a_rounded_hp_payment_says_so_and_cites_s7_and_p9() -> None:
    game = game_from_yaml(scenario_text())
    [paid] = game.pay_hp("sylva", 12)
    assert "takes 10 HP paid as damage" in paid.description
    assert "12 rounded down" in paid.description
    assert {"14.3.1", "S-7", "P-9"} <= set(paid.rules)
    [nothing] = game.pay_hp("sylva", 3)
    assert nothing.description == "sylva pays 0 HP (3 rounded down): it costs nothing"
    assert {"14.3.2", "S-7", "P-9"} <= set(nothing.rules)
    [free] = game.pay_hp("sylva", 0)
    assert "S-7" not in free.rules


CURSE = (
    scenario_text()
    .replace("      hand:\n", "      hand:\n        - {card: Withering Curse}\n")
    .replace("B2: {card: Fading Wisp}", "B2: {card: Fading Wisp, damage: 10}")
)


def test_a_max_hp_drop_cites_14_4_3_at_the_capture_step_as_in_the_main_phase() -> None:
    main = game_from_yaml(CURSE)
    steps = main.play("withering-curse", "fading-wisp")
    [in_main] = [s for s in steps if any(isinstance(c, Flipped) for c in s.changes)]
    battle = game_from_yaml(CURSE)
    battle.attack("sylva", "ember-imp")
    battle.play("withering-curse", "fading-wisp")  # inside the window: captured later
    captures = [s for s in battle.finish_battle() if any(isinstance(c, Flipped) for c in s.changes)]
    assert "14.4.3" in in_main.rules
    assert captures and all("14.4.3" in s.rules for s in captures)


def test_recruiting_onto_an_active_soul_breaks_s3_onto_a_captured_one_14_5_2() -> None:
    game = game_from_yaml(scenario_text())
    assert assert_refused(game, lambda: game.recruit("mossback-guard", "B1"), "S-3")
    assert assert_refused(game, lambda: game.recruit("mossback-guard", "A1"), "14.5.2")


def test_the_other_player_acting_in_a_window_cites_p1() -> None:
    run = run_scenario(SOULS / "S-16-simultaneous-capture-trigger-order.yaml")
    [played] = steps_matching(run.game.steps, "firebolt is played")
    assert {"P-1", "S-13"} <= set(played.rules)


# ----------------------------------------------------------------------------- bad ids


UNKNOWN: list[tuple[str, tuple[object, ...]]] = [
    ("pay_hp", ("nope", 10)),
    ("pay_hp", ("nope", "10x_rank")),
    ("deal", ("nope", 5)),
    ("capture", ("nope",)),
    ("exile", ("nope",)),
    ("add_bonus", ("nope", "power", 5)),
    ("detach", ("nope",)),
    ("recruit", ("nope", "A2")),
    ("play", ("nope",)),
    ("play", ("firebolt", "nope")),
    ("activate", ("nope",)),
    ("activate", ("blood-priest", 0, "nope")),
    ("spring", ("nope",)),
    ("attack", ("nope", "ember-imp")),
    ("attack", ("sylva", "nope")),
]


@pytest.mark.parametrize(("name", "args"), UNKNOWN, ids=[f"{n}{a}" for n, a in UNKNOWN])
def test_unknown_ids_are_refused_with_s4(name: str, args: tuple[object, ...]) -> None:
    game = game_from_yaml(scenario_text())
    assert not getattr(game, f"can_{name}")(*args)
    assert_refused(game, lambda: getattr(game, f"verify_{name}")(*args), "S-4")
    assert_refused(game, lambda: getattr(game, name)(*args), "S-4")


def test_healing_an_unknown_id_is_refused_with_s4() -> None:
    game = game_from_yaml(scenario_text())
    assert not game.can_heal("nope")
    assert_refused(game, lambda: game.heal("nope", 5), "S-4")


# ----------------------------------------------------------------------------- detach


def test_detach_sends_the_armament_to_its_owners_elysium() -> None:
    run = run_scenario(SOULS / "S-4-detach-armament.yaml")
    assert not run.failures
    [detached] = steps_matching(run.game.steps, "iron-mail is detached from sylva")
    assert set(detached.rules) == {"S-4", "14.4.5"} and detached.cause.kind == "playtester"
    moved = Moved(card="iron-mail", before="armament of sylva", after="elysium")
    assert detached.changes == (moved,)


def test_detaching_can_capture_through_the_max_hp_loss() -> None:
    game = game_from_yaml(
        scenario_text().replace(
            "B1: {card: Sylva}", "B1: {card: Sylva, damage: 40, armament: [{card: Iron Mail}]}"
        )
    )
    steps = game.detach("iron-mail")
    assert game.table.cards["sylva"].face_down
    capture = next(s for s in steps if any(isinstance(c, Flipped) for c in s.changes))
    assert "14.4.3" in capture.rules


def test_only_an_attached_armament_is_detached() -> None:
    game = game_from_yaml(scenario_text())
    assert_refused(game, lambda: game.detach("sylva"), "S-4")
    assert_refused(game, lambda: game.detach("firebolt"), "S-4")


# ----------------------------------------------------------------------------- S-5 amounts


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("B1: {card: Sylva}", "B1: {card: Sylva, damage: 12}", "set-up damage is a multiple"),
        (
            "B1: {card: Sylva}",
            "B1: {card: Sylva, bonuses: [{stat: power, amount: 7}]}",
            "a bonus is a multiple",
        ),
    ],
)
def test_set_up_amounts_are_multiples_of_5_citing_s5(old: str, new: str, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(scenario_text().replace(old, new))
    assert message in str(error.value) and "(S-5)" in str(error.value)


def test_an_hp_cost_in_card_data_is_a_multiple_of_5_citing_s5(tmp_path: Path) -> None:
    text = scenario_text().replace(
        "setup:",
        "cards:\n  - name: Payer\n    kind: soul\n    hp: 20\n    abilities:\n"
        "      - {cost_hp: 12}\nsetup:",
    )
    with pytest.raises(ScenarioError) as error:
        game_from_yaml(text)
    assert "card amounts are multiples of 5 (S-5)" in str(error.value)
