"""``can_x`` agrees with ``verify_x``, and both agree with ``x``, on every shipped table.

For every verb of both rulesets' games (actions and playtester edits, called with their defaults
and with each optional argument given), on the set-up and half-way through the script of every
shipped scenario and lesson: ``verify_x`` raises a RuleError exactly when ``x`` refuses, ``can_x``
(every verb has one, with the same parameters) is its negation, and neither ``verify_x`` nor
``can_x`` changes anything.
And before each top-level action of a shipped scenario's script, ``refusal`` (what the app asks
before it offers an action) answers as playing the action does.
"""

from __future__ import annotations

import inspect
import itertools
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.choices import default_chooser
from engine.errors import RuleError
from engine.might.game import MightGame
from engine.scenario import Playthrough, load_scenario, scenario_files, validate_scenario
from engine.souls.table import SoulsTable
from engine.yaml_source import YamlSource
from tests.support.game_state import whole_state

FILES = scenario_files([SCENARIOS, LESSONS])
CALLS_PER_VERB = 12  # arguments tried per verb and table, drawn with a fixed seed

SOULS_DURATIONS = ["permanent", "end_of_turn"]
MIGHT_DURATIONS = ["this_turn", "until_your_next_turn", "permanent"]


def domains(game: Any) -> dict[str, list[Any]]:
    """The values tried for each parameter name: the table's own cards, slots and fields."""
    table = game.table
    uids = list(table.cards)
    souls = isinstance(table, SoulsTable)
    return {
        "uid": uids,
        "target": uids,
        "attacker": uids,
        "slot": table.slot_names() if souls else [],
        "index": [0, 1],
        "amount": [5, 10, -5, 7] if souls else [1, 3, 0, -2],
        "stat": ["max_hp", "power"],
        "duration": SOULS_DURATIONS if souls else MIGHT_DURATIONS,
        "value": [2, "all", 0],
        "scope": ["all", "combat", "spell"],
        "kind": ["combat", "spell", "ability"],
        "bonus": [0, 1],
        "battlefield": [0, 1, 5],
        "to": [None, 0, 1],
        "ready": [True, False],
        "accelerate": [True, False],  # a unit played for its Accelerate (P-89)
        "player": [0, 1],
        "threshold": [1, 4],
        "effect_id": ["e99"],
        "targets": [(), *itertools.permutations(uids[:3], 2)],  # a spell's two (P-79)
        "paid_by": uids,  # the Soul that pays a spell's HP cost (P-80)
    }


def calls(game: Any, verb: str, rng: random.Random) -> Iterator[tuple[list[Any], dict[str, Any]]]:
    """Argument lists for ``verb``: the required ones, then each optional one given in turn."""
    values = domains(game)
    parameters = list(inspect.signature(getattr(game, verb)).parameters.values())
    required = [p.name for p in parameters if p.default is inspect.Parameter.empty]
    optional = [p for p in parameters if p.default is not inspect.Parameter.empty]
    if verb == "pay_hp":
        values["amount"] = [*values["amount"], "10x_rank"]
    none_default = {p.name for p in optional if p.default is None}
    shapes: list[list[str]] = [required] + [required + [p.name] for p in optional]
    for shape in shapes:
        pools = [values[name] + ([None] if name in none_default else []) for name in shape]
        combos = list(itertools.product(*pools))
        for combo in rng.sample(combos, min(CALLS_PER_VERB, len(combos))):
            named = dict(zip(shape, combo, strict=True))
            yield [named.pop(name) for name in required], named


def verbs(game: Any) -> list[str]:
    return sorted(
        name.removeprefix("verify_")
        for name in dir(game)
        if name.startswith("verify_") and hasattr(game, name.removeprefix("verify_"))
    )


def refused(action: Any) -> str | None:
    """The rule a RuleError names, or None when ``action`` went through."""
    try:
        action()
    except RuleError as error:
        return error.rule or "refused"
    return None


def check_agreement(game: Any, label: str) -> int:
    rng = random.Random(label)
    checked = 0
    for verb in verbs(game):
        forms = [getattr(game, f"{form}{verb}") for form in ("verify_", "can_", "")]
        parameters = [list(inspect.signature(form).parameters) for form in forms]
        assert parameters[0] == parameters[1] == parameters[2], f"{verb}: {parameters}"
        for args, kwargs in calls(game, verb, rng):
            before = whole_state(game)
            where = f"{label}: {verb}{tuple(args)} {kwargs}"
            verify = getattr(game, f"verify_{verb}")
            verdict = refused(lambda: verify(*args, **kwargs))  # noqa: B023
            assert whole_state(game) == before, f"{where}: verify_{verb} changed the game"
            can = getattr(game, f"can_{verb}")(*args, **kwargs)
            assert can == (verdict is None), where
            assert whole_state(game) == before, f"{where}: can_{verb} changed the game"
            acted = refused(
                lambda: game.rehearse(lambda: getattr(game, verb)(*args, **kwargs))  # noqa: B023
            )
            assert acted == verdict, f"{where}: verify says {verdict}, acting says {acted}"
            assert whole_state(game) == before, where
            checked += 1
    return checked


def tables(path: Path) -> Iterator[tuple[Any, str]]:
    """The file's set-up, then its table half-way through its script. Might's choices get the
    rules' default answers (the file's scripted chooser keeps a log of what it was asked)."""
    scenario, source = load_scenario(path)
    half = len(scenario.script) // 2
    for actions, when in ((0, "set-up"), (half, f"after {half} actions"))[: 1 + bool(half)]:
        play = Playthrough(scenario, source)
        play.run(scenario.script[:actions])
        if isinstance(play.game, MightGame):
            play.game.chooser = default_chooser
        yield play.game, when


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ASSETS)) for p in FILES])
def test_can_verify_and_acting_agree(path: Path) -> None:
    checked = sum(check_agreement(game, f"{path.name} ({when})") for game, when in tables(path))
    assert checked > 50


@pytest.mark.parametrize(
    "path", sorted(SCENARIOS.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}"
)
def test_refusal_agrees_with_every_shipped_script_action(path: Path) -> None:
    """Before each top-level script action of a shipped scenario, ``refusal`` answers as playing
    it does: None for an action that plays, the expected rule for one written to be refused
    (except answers written into the action and loops, which only playing meets)."""
    source = YamlSource.read(path)
    scenario = validate_scenario(source)
    play = Playthrough(scenario, source)
    checked = 0
    for action in scenario.script:
        refusal = play.refusal(action)
        expected = action.expect_error
        if expected is not None:
            checked += 1
            if refusal is not None:
                assert refusal.rule == expected.rule, action
                continue
            # refusal judges the action, not the answers written into it (an assignment,
            # a replacement order, the deck cards picked) nor a loop found while playing:
            # acting refuses those
            with pytest.raises(RuleError) as raised:
                play.act(action, open_windows=False)
            assert raised.value.rule == expected.rule in ("M-10", "M-4", "P-25", "P-109")
            continue
        if refusal is not None:  # the file's own expect_error: the script stops here
            assert scenario.expect_error is not None and refusal.rule == scenario.expect_error.rule
            break
        play.act(action, open_windows=False)
        checked += 1
    assert checked or scenario.expect_error is not None or not scenario.script
