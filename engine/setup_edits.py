"""Editing a scenario's set-up, one edit at a time, as the app's set-up editor does.

A draft is a scenario's data as a file writes it (``Draft``). Each edit takes a draft and
returns a new one, checked as ``cardtable check`` checks a file: the scenario validated and its
table built (step 0); an edit the rules refuse raises the located ``ScenarioError`` they give,
and the draft given stays as it was. The edits are generic over rulesets: a ruleset describes
its set-up's places and settings (``Ruleset.setup_places`` and its neighbours,
``engine.setup_places``), and these functions read and write the entries there: a card's
settings at their keys or in an entry of one of its lists (``set_setting``), its owner by the
player's place it is in (``owners``).

>>> draft = new_draft("souls", ["Alice", "Bob"])
>>> places = place_names(draft)
>>> places[:3]
['Alice: Realm', 'Alice: slot A1', 'Alice: slot B1']
>>> draft = add_card(draft, "Alice: slot A1", "Thorn Squire")
>>> draft = set_card(draft, "thorn-squire", ("damage",), 5)
>>> draft["setup"]["players"][0]["slots"]
{'A1': {'card': 'Thorn Squire', 'damage': 5}}
>>> try:
...     set_card(draft, "thorn-squire", ("damage",), 7)
... except ScenarioError as refused:
...     print(refused.where, refused.message, sep=": ")
setup.players[0].slots.A1.damage: set-up damage is a multiple of 5 (S-5), not 7
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel

from engine.card_forms import defined
from engine.errors import ScenarioError
from engine.ruleset import Ruleset, ruleset
from engine.scenario import Scenario, validate_scenario
from engine.script import card_id
from engine.setup_places import Place, Setting, SetupPath
from engine.yaml_source import YamlSource

Draft = dict[str, Any]  # a scenario's data, as a file writes it
DRAFT = Path("new table")  # what a draft's errors name as their file: it has none yet


@dataclass(frozen=True)
class Entry:
    """A card of the draft's set-up: its id, its place, its entry as written (with ``card``,
    its name; a name alone in a deck reads ``{card: NAME}``) and, in a list, its index."""

    uid: str
    place: Place
    data: dict[str, Any]
    index: int | None = None

    @property
    def name(self) -> str:
        return str(self.data["card"])


class _FileDumper(yaml.SafeDumper):
    """Writes a list under its key indented, as the docs and the shipped files do."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def draft_text(draft: Draft) -> str:
    """The draft as a file writes it (its keys in order; a list of plain values on one line,
    a list under its key indented)."""
    return yaml.dump(
        draft,
        Dumper=_FileDumper,
        sort_keys=False,
        default_flow_style=None,
        allow_unicode=True,
        width=100,
    )


def checked(draft: Draft) -> tuple[Scenario, YamlSource]:
    """The draft's scenario, validated and its table built, as ``check`` does; a refusal
    raises the located ScenarioError."""
    source = YamlSource(DRAFT, draft_text(draft))
    scenario = validate_scenario(source)
    ruleset(scenario.ruleset).game(scenario, source)  # the set-up's own rules (S-12, P-6, ...)
    return scenario, source


def new_draft(name: str, players: Sequence[str], title: str = "New table") -> Draft:
    """A sandbox (no ``rules``) of ruleset ``name``: an empty table for ``players``. Raises
    ScenarioError when the ruleset cannot be built in the editor or the players are refused."""
    setup = ruleset(name).new_setup([player.strip() for player in players])
    if setup is None:
        raise ScenarioError(str(DRAFT), "ruleset", f"the set-up editor cannot build {name} tables")
    draft: Draft = {"ruleset": name, "title": title, "setup": setup}
    return _in_order(draft)


def _ruleset(draft: Draft) -> Ruleset[Any]:
    return ruleset(draft["ruleset"])


def places(draft: Draft) -> list[Place]:
    """Every place of the draft's set-up where a card may go."""
    return _ruleset(draft).setup_places(draft["setup"])


def place_names(draft: Draft) -> list[str]:
    return [place.name for place in places(draft)]


def _place(draft: Draft, name: str) -> Place:
    for place in places(draft):
        if place.name == name:
            return place
    raise ScenarioError(str(DRAFT), "setup", f"there is no place {name!r} on this table")


def _where(path: SetupPath) -> str:
    """A place in ``setup:`` as errors name it: ``setup.players[0].slots.A1``."""
    return "setup" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in path)


def _at(data: Any, path: SetupPath) -> Any:
    for key in path:
        data = data[key]
    return data


def _container(setup: dict[str, Any], place: Place, make: bool = False) -> Any:
    """The list or mapping at ``place.path`` (None when the file leaves it out), made when
    ``make``."""
    parent, last = _at(setup, place.path[:-1]), place.path[-1]
    if isinstance(parent, list):  # a player's mapping: their Realm is a key of it
        return _at(setup, place.path)
    if make and parent.get(last) is None:
        parent[last] = [] if place.key is None and place.named is None else {}
    return parent.get(last)


def _entries_at(setup: dict[str, Any], place: Place) -> Iterator[Entry]:
    """The cards of ``place`` as the editor reads them."""
    found = _container(setup, place)
    if not found:
        return
    if place.named is not None:
        for name, value in found.items():
            yield Entry(card_id(name), place, {"card": name, place.named: value})
    elif place.key is not None:
        if isinstance(found.get(place.key), dict):
            yield _entry(place, found[place.key])
    else:
        for index, data in enumerate(found):
            if isinstance(data, str) and place.bare_id is not None:  # a deck's card, unnamed
                yield Entry(place.bare_id(index), place, {"card": data}, index)
            elif isinstance(data, dict) and place.holds(data):
                yield _entry(place, data, index)


def _entry(place: Place, data: dict[str, Any], index: int | None = None) -> Entry:
    return Entry(str(data.get("id") or card_id(str(data["card"]))), place, data, index)


def entries(draft: Draft) -> list[Entry]:
    """Every card of the draft's set-up, place by place."""
    setup = draft["setup"]
    return [each for place in places(draft) for each in _entries_at(setup, place)]


def entry(draft: Draft, uid: str) -> Entry:
    for each in entries(draft):
        if each.uid == uid:
            return each
    raise ScenarioError(str(DRAFT), "setup", f"there is no card {uid!r} in the set-up")


def _put(setup: dict[str, Any], place: Place, data: dict[str, Any]) -> None:
    for name, value in place.fields.items():
        if name in place.unwritten and place.unwritten[name] == value:
            data.pop(name, None)  # a file leaves its default out
        else:
            data[name] = value
    container = _container(setup, place, make=True)
    if place.named is not None:
        container[data["card"]] = data.get(place.named, 0)
    elif place.key is not None:
        if container.get(place.key) is not None:
            taken = container[place.key]
            raise ScenarioError(
                str(DRAFT),
                _where((*place.path, place.key)),
                f"{place.name} holds {taken['card']} already: move or delete it first",
                rule=place.rule,
            )
        container[place.key] = data
    else:
        container.append(data)


def _take(setup: dict[str, Any], found: Entry) -> None:
    place = found.place
    container = _container(setup, place)
    if place.named is not None:
        del container[found.name]
    elif place.key is not None:
        del container[place.key]
    else:
        del container[found.index]
    parent = _at(setup, place.path[:-1])
    if not container and isinstance(parent, dict):  # an empty list is left out, as files do
        del parent[place.path[-1]]


def _edited(draft: Draft, edit: Any) -> Draft:
    """``edit`` applied to a copy of the draft, checked; the draft given stays as it was."""
    new = deepcopy(draft)
    edit(new)
    return _in_order(new)


def _in_order(draft: Draft) -> Draft:
    """The draft checked, its keys in the order the docs list them (a key an edit added last
    goes to its place: a player's ``runes`` before their ``hand``)."""
    scenario, _ = checked(draft)
    ordered: Draft = _in_model_order(draft, scenario)
    return ordered


def _in_model_order(data: Any, read: Any) -> Any:
    """``data`` with each mapping's keys in the order of the fields of the model it was read as
    (``read``: the validated scenario's value at the same place); a key the model does not know
    stays after them, and data whose shape the model changed stays as it is."""
    if isinstance(data, dict) and isinstance(read, BaseModel):
        names = {field.alias or name: name for name, field in type(read).model_fields.items()}
        keys = [key for key in names if key in data] + [key for key in data if key not in names]
        return {key: _in_model_order(data[key], getattr(read, names[key], None)) for key in keys}
    if isinstance(data, dict) and isinstance(read, dict):
        return {key: _in_model_order(value, read.get(key)) for key, value in data.items()}
    if isinstance(data, list) and isinstance(read, list | tuple) and len(data) == len(read):
        return [_in_model_order(item, value) for item, value in zip(data, read, strict=True)]
    return data


def _free_id(draft: Draft, name: str) -> str | None:
    """An ``id`` for a new card named ``name``: None when its default id is free, else the
    first ``NAME-2``, ``NAME-3``... that is."""
    taken = {each.uid for each in entries(draft)}
    base = card_id(name)
    if base not in taken:
        return None
    return next(f"{base}-{n}" for n in range(2, len(taken) + 3) if f"{base}-{n}" not in taken)


def add_card(draft: Draft, place_name: str, card: str) -> Draft:
    """The draft with a card named ``card`` put at the place named ``place_name``."""
    place = _place(draft, place_name)
    data: dict[str, Any] = {"card": card}
    if place.named is None and (uid := _free_id(draft, card)) is not None:
        data["id"] = uid
    return _edited(draft, lambda new: _put(new["setup"], place, data))


def move_card(draft: Draft, uid: str, place_name: str) -> Draft:
    """The draft with card ``uid`` moved to the place named ``place_name``, with its numbers
    and states (which the rules may refuse there: damage in a hand)."""
    found, place = entry(draft, uid), _place(draft, place_name)
    if found.place == place:
        return draft
    # what the old place wrote (a might unit's ``at``) is the new place's to say
    kept = {k: v for k, v in found.data.items() if k not in found.place.fields}
    if found.place.bare_id is not None and "id" not in kept:  # its id was its deck place's
        if (fresh := _free_id(draft, found.name)) is not None:
            kept["id"] = fresh

    def move(new: Draft) -> None:
        _take(new["setup"], found)
        _put(new["setup"], place, kept)

    return _edited(draft, move)


def owners(draft: Draft, uid: str) -> dict[int, str]:
    """Where card ``uid`` may go to change its owner: by each player's index, the name of that
    player's place like its own (Bob's slot A1 for Alice's), its own place for its owner."""
    here = entry(draft, uid).place
    return {
        place.owner: place.name
        for place in places(draft)
        if place.owner is not None and _alike(here, place)
    }


def _alike(one: Place, other: Place) -> bool:
    """Two players' places of one kind: the same but for the owner's index in their paths."""
    return (
        (one.key, one.named, dict(one.fields)) == (other.key, other.named, dict(other.fields))
        and len(one.path) == len(other.path)
        and all(
            a == b or (a, b) == (one.owner, other.owner)
            for a, b in zip(one.path, other.path, strict=True)
        )
    )


def remove_card(draft: Draft, uid: str) -> Draft:
    """The draft without card ``uid``."""
    found = entry(draft, uid)
    return _edited(draft, lambda new: _take(new["setup"], found))


def set_card(draft: Draft, uid: str, path: SetupPath, value: Any, default: Any = None) -> Draft:
    """The draft with the setting at ``path`` of card ``uid``'s entry set to ``value`` (left
    out when it is ``default``, as a file leaves a default out), the card where it was."""
    found = entry(draft, uid)
    data = deepcopy(found.data)
    named = found.place.named is not None  # ``NAME: NUMBER`` always says its number
    _set(data, path, value, None if named else default)
    return _edited(draft, lambda new: _replace(new["setup"], found, data))


def set_setting(draft: Draft, uid: str, setting: Setting, value: Any) -> Draft:
    """The draft with card ``uid``'s ``setting`` set to ``value``: at its path, or in the entry
    it owns in its list (``Setting.listed``), that entry left out at the default and the list
    left out when it is empty, as a file leaves them out."""
    listed = setting.listed
    if listed is None:
        return set_card(draft, uid, setting.path, value, setting.default)
    found = entry(draft, uid)
    data = deepcopy(found.data)
    written = _at(data, setting.path[:-1]).get(setting.path[-1])
    items = list(written) if isinstance(written, list) else []
    owned = listed.owned_in(items)
    if value == setting.default:
        if owned is not None:
            del items[owned]
    elif owned is None:
        items.append(listed.entry(value))
    else:
        items[owned] = {**items[owned], listed.number: value}
    _set(data, setting.path, items, [])
    return _edited(draft, lambda new: _replace(new["setup"], found, data))


def _replace(setup: dict[str, Any], found: Entry, data: dict[str, Any]) -> None:
    place, container = found.place, _container(setup, found.place)
    if place.named is not None:
        container[found.name] = data[place.named]
    elif place.key is not None:
        container[place.key] = data
    else:
        container[found.index] = data


def set_table(draft: Draft, path: SetupPath, value: Any, default: Any = None) -> Draft:
    """The draft with the table's setting at ``path`` (from ``setup:``) set to ``value`` (left
    out when it is ``default``)."""
    return _edited(draft, lambda new: _set(new["setup"], path, value, default))


def _set(data: Any, path: SetupPath, value: Any, default: Any = None) -> None:
    """``value`` put at ``path`` in ``data``; where it is ``default``, a key left out instead,
    as a file leaves a default out."""
    parent = _at(data, path[:-1])
    if value == default and isinstance(parent, dict):
        parent.pop(path[-1], None)
    else:
        parent[path[-1]] = value


def turn_hand(draft: Draft) -> str | None:
    """The name of the hand of the player whose turn it is (where a designed card goes unless
    the user picks another place); None when the set-up has no hand."""
    turn = draft["setup"].get("turn_player", 0)
    hands = (p.name for p in places(draft) if p.owner == turn and p.path[-1] == "hand")
    return next(hands, None)


def define_card(draft: Draft, card: Mapping[str, Any]) -> Draft:
    """The draft with ``card`` (a card of its ruleset's language, as a file writes it) defined
    in its ``cards``, in place of the card of its name; refused as a file defining it is."""
    return _in_order(deepcopy(_with_card(draft, card)))


def design_card(draft: Draft, card: Mapping[str, Any], place_name: str) -> Draft:
    """The draft with ``card`` defined (``define_card``) and a copy of it put at the place named
    ``place_name`` (``add_card``), as one edit."""
    return add_card(_with_card(draft, card), place_name, str(card.get("name")))


def _with_card(draft: Draft, card: Mapping[str, Any]) -> Draft:
    """The draft whose ``cards`` define ``card``, unchecked (its other values the draft's own:
    an edit copies them)."""
    return draft | {"cards": defined(draft, card)}


def refusal_text(error: ScenarioError) -> str:
    """A refused edit as the editor says it: the place in ``setup:``, the reason, the rule (a
    draft's file and line name nothing the user sees)."""
    rule = f" (rule {error.rule})" if error.rule else ""
    return f"{error.where}: {error.message}{rule}" if error.where else error.message + rule
