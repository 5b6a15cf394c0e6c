"""The card designer's form, read from a ruleset's card model: each key of a card, what kind of
value it takes, what it means and how the shipped files write it; and a card's problems, each
at its key, in the file's words.

The form is made from the JSON Schema the card-language reference (docs/card-language.md) is
made from: the same definitions, the same docstrings as meanings (``DescribedSchema``), the
same examples from the shipped files (``engine.card_examples``). So a key or a model added to
the card language is in the designer as soon as it is in the reference, with no edit here. A
card's problems are those ``check`` finds (``located_problems``): nothing here judges a card.

>>> form = card_form("souls")
>>> [key.key for key in form.models[form.root].keys][:4]
['name', 'kind', 'text', 'rank']
>>> form.models[form.root].key("kind").kind
Word(words=('soul', 'realm', 'spell', 'armament', 'ambush'), free='')
>>> form.problems({"name": "Imp", "kind": "soul", "hp": "ten"})
[(('hp',), "'ten' is not valid here; valid here: a whole number (0 or more)")]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Union, get_args

import yaml
from pydantic import BaseModel, ValidationError

from engine.card_examples import card_examples, card_model
from engine.descriptions import DescribedSchema
from engine.plain_errors import located_problems
from engine.pools import pool_path, pool_source
from engine.safe_yaml import parse_yaml
from engine.script import card_id
from engine.yaml_source import as_tuples

Schema = dict[str, Any]  # a JSON Schema node, as pydantic makes it
Place = tuple[object, ...]  # where a value is in a card, as keys of the file


@dataclass(frozen=True)
class Number:
    """A whole number, from ``least`` to ``most`` where they are given."""

    least: int | None = None
    most: int | None = None


@dataclass(frozen=True)
class Word:
    """One of ``words``, or, where ``free`` says how (``target_1, target_2, ...``), a word
    written so."""

    words: tuple[str, ...]
    free: str = ""


@dataclass(frozen=True)
class Text:
    """Any text."""


@dataclass(frozen=True)
class YesNo:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class Anything:
    """A value the form has no field for (a list of a fixed length): written as YAML."""


@dataclass(frozen=True)
class ListOf:
    """A list of values of ``item``, at least ``least`` of them."""

    item: Kind
    least: int = 0


@dataclass(frozen=True)
class ModelOf:
    """A mapping with the keys of the model ``name`` (one of ``CardForm.models``)."""

    name: str


@dataclass(frozen=True)
class Option:
    """One form of a ``Choice``: ``label`` is how the file tells it (the tag's word, the key
    only it has, or what it is: ``number``, ``word``, ``list``)."""

    label: str
    kind: Kind


@dataclass(frozen=True)
class Choice:
    """A value of one of several forms. ``tag``: the key whose word picks the model
    (``do: damage``); empty when each model is told by a key of its own (``might_of``)."""

    options: tuple[Option, ...]
    tag: str = ""

    def option_for(self, value: object) -> int | None:
        """The option ``value`` is written as (None: none fits it).

        >>> choice = Choice(
        ...     (Option("number", Number()), Option("might_of", ModelOf("MightOf"))),
        ... )
        >>> choice.option_for(2), choice.option_for({"might_of": "self"}), choice.option_for("x")
        (0, 1, None)
        """
        shown = [n for n, option in enumerate(self.options) if fits(option.kind, value)]
        if isinstance(value, dict) and len(shown) > 1:
            told = [n for n in shown if self._tells(self.options[n], value)]
            return (told or shown)[0]
        return shown[0] if shown else None

    def _tells(self, option: Option, value: dict[str, Any]) -> bool:
        return value.get(self.tag) == option.label if self.tag else option.label in value


Kind = Union[Number, Word, Text, YesNo, Anything, ListOf, ModelOf, Choice]  # noqa: UP007


def fits(kind: Kind, value: object) -> bool:
    """Whether ``value`` is written as a value of ``kind`` (a list as a list, a word as a
    word), right or wrong: a field of ``kind`` can show it, else the form shows it as YAML."""
    if isinstance(kind, YesNo):
        return isinstance(value, bool)
    if isinstance(kind, Number):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(kind, Word | Text):
        return isinstance(value, str)
    if isinstance(kind, ListOf):
        return isinstance(value, list)
    if isinstance(kind, ModelOf):
        return isinstance(value, dict)
    if isinstance(kind, Choice):
        return kind.option_for(value) is not None
    return True


@dataclass(frozen=True)
class Key:
    """A key of a model: its kind of value, its meaning (the docstring under the field), an
    example from the shipped files (``key: value``, "" when none writes it), whether a card must
    write it, and its value when left out."""

    key: str
    kind: Kind
    meaning: str
    example: str
    required: bool
    default: object = None


@dataclass(frozen=True)
class Model:
    """A model of the card language (``Damage``, ``TargetSpec``): its meaning, an example of a
    whole one, its keys in the order the reference lists them."""

    name: str
    title: str
    meaning: str
    example: str
    keys: tuple[Key, ...]

    def key(self, key: str) -> Key | None:
        return next((each for each in self.keys if each.key == key), None)


@dataclass(frozen=True)
class CardForm:
    """The form of a ruleset's cards: ``root`` is the card model's name among ``models``."""

    ruleset: str
    model: type[BaseModel]
    root: str
    models: Mapping[str, Model]

    def problems(self, data: object) -> list[tuple[Place, str]]:
        """What ``check`` would say of a card written as ``data``: each problem at its place
        (keys of the card; a refused key at the mapping holding it), the first first."""
        if not isinstance(data, dict):
            return [((), "a card is a mapping of keys (name: ..., kind: ...)")]
        try:
            self.model.model_validate(as_tuples(data), strict=True)
        except ValidationError as error:
            return [
                (_mapping_of(where), said) for where, said in located_problems(self.model, error)
            ]
        return []


def _mapping_of(where: Place) -> Place:
    """A refused key (``[key]``, pydantic's) is said at the mapping holding it."""
    return where[:-2] if where[-1:] == ("[key]",) else where


@cache
def card_form(name: str) -> CardForm:
    """The form of ruleset ``name``'s cards; ValueError when its scenarios define none."""
    model = card_model(name)
    if model is None:
        raise ValueError(f"{name} scenarios define no cards")
    schema = model.model_json_schema(schema_generator=DescribedSchema)
    definitions: dict[str, Schema] = schema.pop("$defs", {})
    root = str(schema["title"])
    definitions[root] = schema
    examples = card_examples({"$defs": definitions})
    models = {}
    for title, definition in definitions.items():
        written = examples.get(title)
        whole = written.whole if written is not None else None
        keys = written.keys if written is not None else {}
        required = set(definition.get("required", ()))
        models[title] = Model(
            title,
            str(definition.get("title", title)),
            " ".join(str(definition.get("description", "")).split()),
            whole.text if whole is not None else "",
            tuple(
                Key(
                    key,
                    _kind(node, definitions),
                    " ".join(str(node.get("description", "")).split()),
                    keys[key].text if key in keys else "",
                    key in required,
                    node.get("default"),
                )
                for key, node in definition.get("properties", {}).items()
            ),
        )
    return CardForm(name, model, root, models)


def _kind(node: Schema, definitions: Mapping[str, Schema]) -> Kind:
    """The kind of value the schema ``node`` takes."""
    options = node.get("anyOf", node.get("oneOf"))
    if options is not None:
        return _union(node, [o for o in _flat(options) if o.get("type") != "null"], definitions)
    if "$ref" in node:
        return ModelOf(_ref(node))
    if "enum" in node or "const" in node:
        return Word(tuple(str(word) for word in node.get("enum", [node.get("const")])))
    kind = node.get("type")
    if kind == "array" and "prefixItems" not in node:
        return ListOf(_kind(node.get("items", {}), definitions), node.get("minItems", 0))
    simple: dict[object, Kind] = {"string": Text(), "boolean": YesNo()}
    if kind == "integer":
        return Number(node.get("minimum"), node.get("maximum"))
    return simple.get(kind, Anything())


def _flat(options: Sequence[Schema]) -> Iterator[Schema]:
    """The options of a union, a union inside it opened (``X | list[X]``, then ``None``)."""
    for option in options:
        inner = option.get("anyOf", option.get("oneOf"))
        yield from (_flat(inner) if inner is not None else [option])


def _union(node: Schema, options: list[Schema], definitions: Mapping[str, Schema]) -> Kind:
    """A union's kind: its words and patterned texts one word field, each other form an
    option; a union of one form is that form."""
    others = [o for o in options if not ("enum" in o or "const" in o or "pattern" in o)]
    kinds = [_kind(o, definitions) for o in others]
    word = _word([o for o in options if o not in others])
    if word is not None:
        kinds.insert(0, word)
    if len(kinds) == 1:
        return kinds[0]
    refs = [_ref(o) for o in others if "$ref" in o]
    tag = str(node.get("discriminator", {}).get("propertyName", ""))
    tag = tag or _shared_tag([definitions[ref] for ref in refs])
    chosen = [
        Option(word, kind) if tag else Option(_label(kind, refs, definitions), kind)
        for kind in kinds
        for word in (_tag_words(definitions, kind, tag) if tag else [""])
    ]
    return Choice(tuple(chosen), tag)


def _word(options: list[Schema]) -> Word | None:
    """The words and patterned texts among a union's ``options`` as one word field, if any."""
    words = [str(w) for o in options for w in o.get("enum", [o["const"]] if "const" in o else [])]
    free = [str(o.get("title", "a text")) for o in options if "pattern" in o and "enum" not in o]
    return Word(tuple(words), ", ".join(free)) if words or free else None


def _tag_words(definitions: Mapping[str, Schema], kind: Kind, tag: str) -> list[str]:
    """The words of ``tag`` that pick the model ``kind`` (``ready`` and ``exhaust``: one model
    each writes), or what ``kind`` is when it is no model."""
    if not isinstance(kind, ModelOf):
        return [_LABELS.get(type(kind), "value")]
    written = definitions[kind.name]["properties"][tag]
    return [str(word) for word in written.get("enum", [written.get("const")])]


def _ref(node: Schema) -> str:
    return str(node["$ref"]).rsplit("/", 1)[-1]


def _shared_tag(models: list[Schema]) -> str:
    """The key every one of ``models`` writes as a word of its own (``do``), else ""."""
    if len(models) < 2:
        return ""
    first = models[0].get("properties", {})
    return next(
        (
            key
            for key in first
            if all({"const", "enum"} & m.get("properties", {}).get(key, {}).keys() for m in models)
        ),
        "",
    )


_LABELS = {Number: "number", Word: "word", Text: "text", YesNo: "yes/no", ListOf: "list"}


def _label(kind: Kind, refs: list[str], definitions: Mapping[str, Schema]) -> str:
    """How the file tells ``kind`` among a union's forms (``refs``: its models): what it is
    (``number``, ``word``), or, for a model, the key only it must write (``might_of``), else
    what the file writes, as its errors say it (``mapping``), never the model's own name."""
    if not isinstance(kind, ModelOf):
        return _LABELS.get(type(kind), "value")
    others = {key for ref in refs if ref != kind.name for key in definitions[ref]["properties"]}
    own = [key for key in definitions[kind.name].get("required", []) if key not in others]
    return own[0] if own else "mapping"


# ----------------------------------------------------------------------------- the text


def card_text(data: object) -> str:
    """A card as the designer's YAML pane shows it: block style, a collection of plain values
    on one line (as the shipped files write them).

    >>> print(card_text({"name": "Imp", "keywords": ["Tank"], "effects": [{"do": "kill"}]}))
    name: Imp
    keywords: [Tank]
    effects:
    - {do: kill}
    <BLANKLINE>
    """
    return yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100
    )


def read_card(text: str) -> object:
    """The data of a card's YAML ``text``; a ScenarioError names the line that does not
    parse."""
    data, _ = parse_yaml(text, "the card")
    return data


# ----------------------------------------------------------------------------- a scenario's cards


def card_in_hand(
    scenario: type[BaseModel], data: Mapping[str, Any], card: Mapping[str, Any]
) -> dict[str, Any]:
    """The top-level keys of the scenario ``data`` (of model ``scenario``) that define ``card``
    and put a copy of it in the turn player's hand: ``cards`` with it in place of the card of
    its name (else last), ``setup`` with it last in that hand, under the card's own id or, when
    a card of the set-up has that one, the first free ``id-2``, ``id-3``... ValueError when the
    ruleset's set-up has no hand. The caller validates the scenario they make."""
    setup_model = get_args(scenario.model_fields["setup"].annotation) or (
        scenario.model_fields["setup"].annotation,
    )
    player_model = _player_model(setup_model[0])
    if player_model is None or "hand" not in player_model.model_fields:
        raise ValueError("this ruleset's set-up has no hand to put a card in")
    setup = dict(data.get("setup") or {})
    players = [dict(player) for player in setup.get("players", ())]
    turn = setup.get("turn_player", 0)
    if not (isinstance(turn, int) and 0 <= turn < len(players)):
        raise ValueError("the set-up's turn_player names no player")
    name = str(card["name"])
    uid, taken, number = card_id(name), set(_set_up_ids(setup)), 1
    while uid in taken:
        number += 1
        uid = f"{card_id(name)}-{number}"
    entry = {"card": name} | ({"id": uid} if uid != card_id(name) else {})
    players[turn]["hand"] = [*players[turn].get("hand", ()), entry]
    return {"cards": defined(data, card), "setup": setup | {"players": players}}


def defined(data: Mapping[str, Any], card: Mapping[str, Any]) -> list[Any]:
    """The ``cards`` of scenario ``data`` with ``card`` in place of the card of its name, else
    last."""
    cards = list(data.get("cards") or ())
    names = [entry.get("name") if isinstance(entry, dict) else None for entry in cards]
    if card.get("name") in names:
        cards[names.index(card.get("name"))] = dict(card)
    else:
        cards.append(dict(card))
    return cards


def written_card(data: Mapping[str, Any], pool: str | None, name: str) -> dict[str, Any] | None:
    """Card ``name`` as written where scenario ``data`` (whose pool is ``pool``) defines it:
    in its own ``cards``, else in its pool; None when neither does."""
    shipped = pool_source(pool).data.get("cards", ()) if pool and pool_path(pool) else ()
    for cards in (data.get("cards") or (), shipped):
        for card in cards:
            if isinstance(card, dict) and card.get("name") == name:
                return dict(card)
    return None


def _player_model(setup: Any) -> type[BaseModel] | None:
    """The model of a player of a set-up model (its ``players``' items), if it has one."""
    field = getattr(setup, "model_fields", {}).get("players")
    args = get_args(field.annotation) if field is not None else ()
    return args[0] if args and isinstance(args[0], type) else None


def _set_up_ids(value: object) -> Iterator[str]:
    """The ids of the cards a set-up names (``{card: ..., id: ...}`` entries)."""
    if isinstance(value, dict):
        if isinstance(value.get("card"), str):
            yield str(value.get("id") or card_id(value["card"]))
        for item in value.values():
            yield from _set_up_ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _set_up_ids(item)
