"""CardMap: the cards of a snapshot, ordered, persistent, and a pydantic field."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.card_map import CardMap
from engine.frozen import Frozen


class Card(Frozen):
    uid: str
    damage: int = 0


class Table(Frozen):  # a model of its own: its schema is built when this module is imported
    cards: CardMap[Card]


def test_updates_leave_the_original_and_keep_the_order() -> None:
    cards = CardMap({"b": 1, "a": 2})
    later = cards.set("a", 3).set("c", 4)
    assert list(later.items()) == [("b", 1), ("a", 3), ("c", 4)]
    assert list(cards.items()) == [("b", 1), ("a", 2)]
    assert list(later.delete("b")) == ["a", "c"] and len(later.delete("b")) == 2
    assert [later.position(k) for k in later] == [0, 1, 2]
    assert "c" in later and "c" not in cards and later.get("z") is None
    assert later.get("z", 7) == 7 and later.get("a", 7) == 3
    with pytest.raises(KeyError):
        cards.delete("z")


def test_equality_is_by_content() -> None:
    cards = CardMap({"a": 1, "b": 2})
    assert cards == cards and cards.set("a", 5) != cards  # the same keys, another tree
    assert cards == CardMap({"b": 2, "a": 1})  # another trie, the same items
    assert cards == cards.set("a", 1)
    assert cards != CardMap({"a": 1, "b": 3}) and cards != CardMap({"a": 1})
    assert cards == {"a": 1, "b": 2} and cards != {"a": 1, "b": 3} and cards != {"a": 1, "c": 2}
    assert cards != {"a": 1} and (cards == 3) is False
    assert repr(cards) == "CardMap({'a': 1, 'b': 2})"


def test_changed_since_names_replaced_added_and_removed_keys() -> None:
    cards = CardMap({"a": 1, "b": 2, "n": None})
    assert cards.changed_since(cards) == set()
    assert cards.set("a", 5).changed_since(cards) == {"a"}
    assert cards.set("z", 0).changed_since(cards) == {"z"}
    assert cards.delete("b").changed_since(cards) == {"b"}
    assert cards.delete("n").changed_since(cards) == {"n"}  # a None value is still a value
    assert CardMap({"a": 1, "n": 2}).changed_since(CardMap({"a": 1})) == {"n"}
    assert cards.changed_since(CardMap({"a": 1, "b": 2})) == {"n"}  # a None value added
    assert cards.delete("b").set("c", 2).changed_since(cards) == {"b", "c"}


def test_changed_among_names_the_keys_given_that_changed_in_their_order() -> None:
    cards = CardMap({"a": 1, "b": 2, "c": 3})
    later = cards.set("c", 30).set("a", 10).set("n", None)
    assert later.changed_among(["a", "b", "c"], cards) == ["a", "c"]  # the order given
    assert later.changed_among(["c", "b", "a"], cards) == ["c", "a"]
    assert later.changed_among(["n"], cards) == ["n"]  # not there before, even as None
    assert later.changed_among([], cards) == []
    one, other = [1], [1]  # equal, but not the same object: a card replaced by an equal one
    kept = CardMap({"b": one})
    assert kept.set("b", one).changed_among(["b"], kept) == []
    assert kept.set("b", other).changed_among(["b"], kept) == ["b"]
    assert later.changed_among(["a", "c", "n"], later) == []
    assert later.changed_among(list(later), cards) == sorted(later.changed_since(cards))


def test_a_pydantic_field_of_cards() -> None:
    table = Table.model_validate({"cards": {"x": {"uid": "x", "damage": 5}, "y": {"uid": "y"}}})
    assert isinstance(table.cards, CardMap)
    assert table.cards["x"] == Card(uid="x", damage=5)
    assert list(table.cards) == ["x", "y"]
    again = Table(cards=table.cards)  # a CardMap is taken as it is
    assert again.cards is table.cards
    dumped = table.model_dump()
    assert dumped == {"cards": {"x": {"uid": "x", "damage": 5}, "y": {"uid": "y", "damage": 0}}}
    assert type(dumped["cards"]) is dict
    assert Table.model_validate_json(table.model_dump_json()) == table
    with pytest.raises(ValueError):
        Table.model_validate({"cards": {"x": {"uid": "x", "damage": "lots"}}})
    with pytest.raises(ValueError):
        Table.model_validate({"cards": [1, 2]})
    with pytest.raises(ValueError):  # a card's id is text
        Table.model_validate({"cards": {1: {"uid": "x"}}})


def test_a_card_map_dumps_as_an_object_of_cards_in_the_json_schema() -> None:
    schema = Table.model_json_schema(mode="serialization")
    assert schema["properties"]["cards"] == {
        "additionalProperties": {"$ref": "#/$defs/Card"},
        "title": "Cards",
        "type": "object",
    }


def test_a_card_map_of_any_value() -> None:
    class Loose(Frozen):
        cards: CardMap  # type: ignore[type-arg]  # no value type: any value

    assert Loose(cards={"a": 1}).cards == {"a": 1}


def test_an_update_of_a_card_shares_the_order_positions() -> None:
    """Replacing a card keeps the keys, so the positions worked out once serve both maps (a
    saving no result shows, hence the private attribute)."""
    cards = CardMap({"a": 1, "b": 2})
    assert cards.position("b") == 1
    later = cards.set("a", 10)
    assert later._keys is cards._keys and later.position("b") == 1
    assert cards.set("c", 3)._keys.positions is None  # a new key: worked out again when asked


def test_the_keys_in_order_and_by_place_are_one_tuple_until_a_card_is_removed() -> None:
    """Adding a card copies the keys once, not twice (a saving no result shows)."""
    added = CardMap({"a": 1}).set("b", 2)._keys
    assert added.order is added.places == ("a", "b")
    removed = CardMap({"a": 1, "b": 2}).delete("a").set("c", 3)._keys
    assert (removed.order, removed.places) == (("b", "c"), (None, "b", "c"))


# Each operation: set an existing key (by its index among the keys), set a new key, delete
# one, or set a key to the very object it holds (nothing changes).
operations = st.lists(
    st.one_of(
        st.tuples(st.just("set"), st.integers(0, 99)),
        st.tuples(st.just("add"), st.integers(0, 10_000)),
        st.tuples(st.just("delete"), st.integers(0, 99)),
        st.tuples(st.just("same"), st.integers(0, 99)),
    ),
    max_size=60,
)


@given(start=st.integers(0, 40), steps=operations)
@settings(max_examples=150, deadline=None)
def test_a_card_map_behaves_as_an_ordered_dict_of_its_updates(
    start: int, steps: list[tuple[str, int]]
) -> None:
    """Against a dict updated alike (a new key last, a replaced one in its place): the items in
    order, look-ups, positions, equality and hash, and which keys changed since the map before,
    over adds that outgrow the tree's room and removals that leave places empty."""
    model = {f"k{i}": (i,) for i in range(start)}  # a new tuple for each value: its identity
    cards = CardMap(model)
    for operation, number in steps:
        before, was = cards, dict(model)
        keys = list(model)
        if operation == "add" and f"n{number}" not in model:
            key = f"n{number}"
        elif keys:
            key = keys[number % len(keys)]
        else:
            continue
        if operation == "delete":
            del model[key]
            cards = cards.delete(key)
        else:
            model[key] = model[key] if operation == "same" else (number,)
            cards = cards.set(key, model[key])
        assert list(cards.items()) == list(model.items())
        assert len(cards) == len(model) and list(cards) == list(model)
        assert all(cards[k] is v and cards.get(k) is v and k in cards for k, v in model.items())
        assert "missing" not in cards and cards.get("missing", 0) == 0
        assert [cards.position(k) for k in model] == list(range(len(model)))
        assert cards == model and cards == CardMap(model) and CardMap(model) == cards
        assert hash(cards) == hash(CardMap(model))
        changed = {k for k, v in model.items() if was.get(k, cards) is not v}
        assert cards.changed_since(before) == changed | (was.keys() - model.keys())
        assert cards.changed_among(list(model), before) == [k for k in model if k in changed]
        with pytest.raises(KeyError):
            cards["missing"]


def test_a_hashed_map_keeps_its_hash_up_to_date_through_a_new_layout() -> None:
    """A hash made once is updated by each change, a new layout of the tree included (the
    eighth card: the first tree has room for eight)."""
    cards = CardMap({f"k{i}": i for i in range(7)})
    hash(cards)
    for i in range(7, 30):
        cards = cards.set(f"k{i}", i)
        assert cards._hash is not None and hash(cards) == hash(CardMap(dict(cards.items())))
    assert hash(cards.delete("k3")) == hash(CardMap({k: v for k, v in cards.items() if k != "k3"}))


def test_a_map_that_outgrows_its_tree_is_laid_out_again() -> None:
    """An update copies tuples of at most the fanout, however many cards were added: a map
    with no room left is laid out again with a greater fanout."""
    cards: CardMap[int] = CardMap()
    for number in range(200):
        cards = cards.set(f"k{number}", number)
        fanout = cards._keys.fanout
        assert len(cards._tree) <= fanout and fanout**3 >= len(cards)
    assert cards._keys.fanout < 8 and list(cards.values()) == list(range(200))
