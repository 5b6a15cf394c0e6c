"""Every verb of each ruleset's script actions has ``verify_x``, ``can_x`` and ``x`` on its game.

Each verb (``engine/souls/verbs.py``, ``engine/might/verbs.py``) binds its game's three methods
(``Verb.bound``); here each verb is bound once, on a small table, to check what the types
cannot: that the three are one verb's (named ``verify_x``, ``can_x`` and ``x``, with the same
parameters), that they agree with each other and with the verb's own ``can``, and that the
registered verbs are the action keys.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from engine.errors import RuleError
from engine.might import scenario as might
from engine.might import verbs as might_verbs
from engine.scenario import game_from_yaml
from engine.souls import scenario as souls
from engine.souls import verbs as souls_verbs
from tests.support.game_state import whole_state
from tests.support.might_tables import TABLE
from tests.support.souls_tables import scenario_text

SOULS: dict[str, dict[str, Any]] = {  # one action of each verb on the souls test table
    "recruit": {"card": "mossback-guard", "slot": "A2"},
    "play": {"card": "firebolt", "target": "ember-imp"},
    "attack": {"attacker": "sylva", "target": "ember-imp"},
    "activate": {"card": "blood-priest", "target": "ember-imp"},
    "spring": {"card": "sylva"},
    "deal": {"target": "ember-imp", "amount": 5},
    "heal": {"target": "sylva", "amount": 5},
    "pay_hp": {"card": "sylva", "amount": 10},
    "capture": {"target": "ember-imp"},
    "exile": {"target": "ash-zealot"},
    "bonus": {"target": "sylva", "stat": "power", "amount": 5},
    "detach": {"card": "sylva"},
    "end_turn": {},
}
MIGHT: dict[str, dict[str, Any]] = {  # one action of each verb on the might test table
    "play": {"card": "spark", "target": "hollow-golem"},
    "activate": {"card": "stone-whelp"},  # refused: it has no activated ability (P-42)
    "resolve": {},
    "move": {"unit": "iron-sentinel", "to": "Battlefield 2"},
    "recall": {"unit": "stone-whelp"},
    "ready": {"unit": "stone-whelp"},
    "exhaust": {"unit": "stone-whelp"},
    "return_to_hand": {"unit": "stone-whelp"},
    "combat": {"battlefield": "Battlefield 1", "assign": {}},
    "end_turn": {},
    "deal": {"target": "hollow-golem", "amount": 2},
    "heal": {"target": "iron-sentinel"},
    "might": {"target": "stone-whelp", "amount": 1},
    "shield": {"target": "stone-whelp", "value": 2},
    "double": {"target": "stone-whelp"},
    "lethal": {"target": "stone-whelp", "threshold": 4},
    "bonus_damage": {"player": "Bob", "amount": 1},
    "add_runes": {"player": "Alice", "amount": 2},
}
RULESETS: dict[str, tuple[Any, Callable[[], Any], Any, dict[str, Any]]] = {
    "souls": (souls, lambda: game_from_yaml(scenario_text()), souls_verbs, SOULS),
    "might": (might, lambda: game_from_yaml(TABLE), might_verbs, MIGHT),
}
VERBS = [(name, verb) for name, ruleset in RULESETS.items() for verb in ruleset[3]]


@pytest.mark.parametrize("name", RULESETS)
def test_the_verbs_are_the_action_keys_and_each_has_an_example(name: str) -> None:
    module, _, verbs, examples = RULESETS[name]
    assert module.Action.VERBS is verbs.VERBS
    assert list(verbs.VERBS.keys()) == module.Action.action_names() == list(examples)


def method(call: Callable[[], object]) -> tuple[str, object, tuple[object, ...]]:
    """The method a bound call calls, the game it is bound to, and its arguments."""
    assert isinstance(call, partial) and inspect.ismethod(call.func)
    return call.func.__name__, call.func.__self__, call.args


def refused(call: Callable[[], object]) -> str | None:
    try:
        call()
    except RuleError as error:
        return error.rule
    return None


@pytest.mark.parametrize(("name", "verb"), VERBS, ids=[f"{n}-{v}" for n, v in VERBS])
def test_each_verb_binds_verify_can_and_act_of_one_verb_that_agree(name: str, verb: str) -> None:
    module, new_game, _, examples = RULESETS[name]
    game = new_game()
    action = module.Action.model_validate({verb: examples[verb]})
    assert action.kind == verb == action.verb.key
    triple = action.verb.bound(game)
    (act, on, args), verify, can = (method(c) for c in (triple.act, triple.verify, triple.can))
    assert verify == (f"verify_{act}", on, args)
    assert can == (f"can_{act}", on, args)
    assert on is game
    parameters = [
        list(inspect.signature(getattr(game, f"{form}{act}")).parameters)
        for form in ("verify_", "can_", "")
    ]
    assert parameters[0] == parameters[1] == parameters[2]
    before = whole_state(game)
    verdict = refused(triple.verify)
    assert triple.can() == action.verb.can(game) == (verdict is None)
    assert whole_state(game) == before, "verify or can changed the game"
    assert refused(lambda: game.rehearse(triple.act)) == verdict
    assert whole_state(game) == before
