"""Examples of the card language taken from the shipped files, for docs/card-language.md.

Every card of every shipped file (the pools, scenarios, lessons and cookbook patterns) is read
with its ruleset's card model; every model met inside it gives an example of itself and of each
key it was written with, as a line of flow YAML of what the file wrote (``exclude_unset``, by
alias). So the page shows real, tested examples, and a new model gets one as soon as a shipped
file writes it, with no edit of the model.

Of the values a model or key is written with, the example is the first (files in sorted order,
their cards in order, a card's models depth first in the order of their keys) that fits in
``SHORT`` characters, else the shortest. A model or key no shipped file writes has no example:
none is made up.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import yaml
from pydantic import BaseModel

from engine.assets import ASSETS, LESSONS, POOLS, SCENARIOS
from engine.cookbook import COOKBOOK
from engine.ruleset import ruleset, rulesets
from engine.scenario import scenario_files
from engine.yaml_source import YamlSource, as_tuples

SHORT = 100  # characters: a longer example is taken only when none is shorter


@dataclass(frozen=True)
class Example:
    """A line of flow YAML and the file (relative to the assets' parent) that writes it."""

    text: str
    file: str


@dataclass
class ModelExamples:
    """A model's example (``whole``) and one for each key written (by alias)."""

    whole: Example | None = None
    keys: dict[str, Example] = field(default_factory=dict)


def flow(value: object) -> str:
    """``value`` as one line of flow YAML.

    >>> flow({"do": "damage", "amount": 2, "target": {"every": "enemy_units"}})
    '{do: damage, amount: 2, target: {every: enemy_units}}'
    >>> flow("Fury"), flow(["a b", 3])
    ('Fury', '[a b, 3]')
    """
    text = yaml.safe_dump(
        value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10**6
    )
    return text.removesuffix("\n").removesuffix("\n...")


def _better(old: Example | None, new: Example) -> Example:
    """The example to keep: the first that fits in ``SHORT``, else the shortest.

    >>> long, short = Example("x" * 200, "a"), Example("y" * 150, "b")
    >>> _better(long, short).file, _better(Example("z", "c"), short).file
    ('b', 'c')
    """
    if old is None or (len(old.text) > SHORT and len(new.text) < len(old.text)):
        return new
    return old


def shipped_files() -> list[Path]:
    """The shipped files that may define cards, sorted."""
    return sorted(scenario_files([POOLS, SCENARIOS, LESSONS, COOKBOOK]))


def card_model(name: str) -> type[BaseModel] | None:
    """The model of ruleset ``name``'s cards (the items of its scenario model's ``cards``),
    None for a ruleset whose scenarios define no cards."""
    field = ruleset(name).scenario.model_fields.get("cards")
    if field is None:
        return None
    model: type[BaseModel] = get_args(field.annotation)[0]
    return model


def _card_models() -> dict[str, type[BaseModel]]:
    """Each ruleset's card model, of those whose scenarios define cards."""
    models = {name: card_model(name) for name in rulesets()}
    return {name: model for name, model in models.items() if model is not None}


def card_rulesets() -> list[str]:
    """The installed rulesets whose scenarios define cards (those a card can be designed for),
    by name."""
    return list(_card_models())


def shipped_cards() -> Iterator[tuple[BaseModel, str]]:
    """Every card of the shipped files (all valid: a test plays them) and the file that
    writes it."""
    models = _card_models()
    for path in shipped_files():
        data = YamlSource.read(path).data
        model = models[data["ruleset"]]
        for card in data.get("cards", ()):
            yield model.model_validate(as_tuples(card), strict=True), _relative(path)


def _relative(path: Path) -> str:
    return path.relative_to(ASSETS.parent).as_posix()


def _models_in(value: object) -> Iterator[BaseModel]:
    """The models in ``value``, itself first, then each one its written keys hold, in order."""
    if isinstance(value, BaseModel):
        yield value
        for name in value.__class__.model_fields:
            if name in value.model_fields_set:
                yield from _models_in(getattr(value, name))
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _models_in(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _models_in(item)


def collect(cards: Iterator[tuple[BaseModel, str]]) -> dict[type[BaseModel], ModelExamples]:
    """The examples of each model met in ``cards`` (each with the file that writes it)."""
    found: dict[type[BaseModel], ModelExamples] = {}
    for card, file in cards:
        for model in _models_in(card):
            written = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
            examples = found.setdefault(type(model), ModelExamples())
            examples.whole = _better(examples.whole, Example(flow(written), file))
            for key, value in written.items():
                new = Example(f"{key}: {flow(value)}", file)
                examples.keys[key] = _better(examples.keys.get(key), new)
    return found


def definition_name(model: type[BaseModel], definitions: Mapping[str, Any]) -> str | None:
    """The name of ``model``'s definition in a JSON Schema's ``definitions``: its bare name, or
    its module's and its own joined (``engine__might__card_effects__Damage``) when two models
    share a name."""
    full = f"{model.__module__}.{model.__qualname__}".replace(".", "__")
    for name in (full, model.__name__):
        if name in definitions:
            return name
    return None


def card_examples(schema: Mapping[str, Any]) -> dict[str, ModelExamples]:
    """The shipped files' examples of the models of ``schema`` (a scenario JSON Schema), by the
    name of their definition."""
    definitions = schema.get("$defs", {})
    named = {
        definition_name(model, definitions): examples
        for model, examples in collect(shipped_cards()).items()
    }
    return {name: examples for name, examples in named.items() if name is not None}
