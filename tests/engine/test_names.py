"""One identity per name (engine/names.py): ids, card, player and battlefield names, labels and
branch names are read in NFC, and a name that could look like another is refused where it is
written, saying which character; a card's id is its name without punctuation at either end,
and names given twice are all named."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import ScenarioError
from engine.names import checked
from engine.safe_yaml import parse_yaml
from engine.scenario import game_from_yaml, run_scenario
from engine.script import card_id, unique_names
from tests.support.might_tables import TABLE
from tests.support.souls_tables import scenario_text

GOOD = scenario_text()  # 21 lines: Alice's B1 holds Sylva on line 10
NFC, NFD = "s\u00e9lva", "se\u0301lva"  # one name, as an editor shows it


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "names.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(ScenarioError) as refused:
        run_scenario(path)
    return str(refused.value)


def test_an_id_written_in_nfd_names_the_card_set_up_in_nfc(tmp_path: Path) -> None:
    text = GOOD.replace("{card: Sylva}", f"{{card: Sylva, id: {NFC}}}") + (
        f"script:\n  - deal: {{target: {NFD}, amount: 5}}\n    label: {NFD}\n"
        f"expect:\n  - at: {NFC}\n    cards: {{{NFD}: {{damage: 5}}}}\n"
    )
    run = run_scenario(write(tmp_path, text))
    assert run.failures == []
    assert NFC in run.game.table.cards and NFD not in run.game.table.cards
    assert run.labels.keys() == {"start", NFC}


def test_a_card_name_written_in_nfd_is_the_card_defined_in_nfc(tmp_path: Path) -> None:
    cards = "cards:\n  - {name: Caf\u00e9 Imp, kind: soul, rank: 1, hp: 10, power: 5}\n"
    text = GOOD.replace("{card: Ember Imp}", "{card: Cafe\u0301 Imp}").replace(
        "setup:", cards + "setup:"
    )
    table = run_scenario(write(tmp_path, text)).game.table
    assert table.cards["caf-imp"].name == "Caf\u00e9 Imp"


def test_might_units_and_battlefields_named_in_nfd_are_those_named_in_nfc() -> None:
    text = TABLE.replace(
        "setup:\n", "setup:\n  battlefields: [Battlefield 1, Fj\u00f6rd]\n"
    ).replace(
        "{card: Ash Martyr, at: Battlefield 2}",
        "{card: Ash Martyr, id: ma\u0308rtyr, at: Fjo\u0308rd}",
    )
    unit = game_from_yaml(text).table.cards["m\u00e4rtyr"]
    assert unit.battlefield == 1  # the second battlefield, Fjörd


def test_a_key_written_in_nfc_and_in_nfd_is_given_twice() -> None:
    with pytest.raises(ScenarioError) as refused:
        parse_yaml(f"cards:\n  {NFC}: 1\n  {NFD}: 2\n", "f.yaml")
    assert str(refused.value) == f"f.yaml:3: cards: key {NFC!r} is given twice (lines 2 and 3)"


HIDDEN = [  # (YAML escape, what the error says about the character)
    ("\\u200b", "U+200B ZERO WIDTH SPACE, an invisible formatting character"),
    ("\\0", "U+0000, a control character"),
    ("\\uFFFF", "U+FFFF, a non-character"),
    ("\\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE, an invisible formatting character"),
    ("\\uE000", "U+E000, a private-use character"),
    ("\\u2028", "U+2028 LINE SEPARATOR, a line separator"),
]
FIELDS = {  # where a name is written: (the file with NAME in it, its line, its place)
    "set-up id": (
        GOOD.replace("{card: Sylva}", '{card: Sylva, id: "NAME"}'),
        10,
        "setup.players[0].slots.B1.id",
    ),
    "script target": (
        GOOD + 'script:\n  - deal: {target: "NAME", amount: 5}\n',
        23,
        "script[0].deal.target",
    ),
    "expectation key": (
        GOOD + 'expect:\n  - cards: {"NAME": {damage: 0}}\n',
        23,
        "expect[0].cards",
    ),
    "label": (
        GOOD + 'script:\n  - deal: {target: sylva, amount: 5}\n    label: "NAME"\n',
        24,
        "script[0].label",
    ),
    "branch name": (GOOD + 'branches:\n  - name: "NAME"\n', 23, "branches[0].name"),
}


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize(("escape", "says"), HIDDEN, ids=[says.split(",")[0] for _, says in HIDDEN])
def test_a_name_holding_a_character_that_does_not_show_is_refused_where_it_is(
    tmp_path: Path, field: str, escape: str, says: str
) -> None:
    text, line, place = FIELDS[field]
    path = write(tmp_path, text.replace("NAME", f"syl{escape}va"))
    name = "syl" + escape.encode().decode("unicode_escape") + "va"
    assert refusal(path) == f"{path}:{line}: {place}: {name!r} holds {says}"


def test_a_surrogate_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^'a\\ud800' holds U\+D800, a surrogate$"):
        checked("a\ud800")


@pytest.mark.parametrize(
    ("branches", "line", "says"),
    [
        (
            '  - name: "main "\n',
            23,
            "branches[0].name: 'main ' begins or ends with a space",
        ),
        (
            "  - name: Main\n",
            23,
            "branches[0].name: the branch names 'main' and 'Main' differ only by case or spacing",
        ),
        (
            '  - name: "   "\n',
            23,
            "branches[0].name: a name cannot be empty or only spaces",
        ),
        (
            '  - name: ""\n',
            23,
            "branches[0].name: a name cannot be empty or only spaces",
        ),
        ("  - name: main\n", 23, "branches[0].name: two branches are named 'main'"),
        (
            "  - name: doubling first\n  - name: Doubling  first\n",
            24,
            "branches[1].name: the branch names 'doubling first' and "
            "'Doubling first' differ only by case or spacing",  # a message's spaces: one each
        ),
        (
            "  - name: a\n  - {name: b, parent: A}\n",
            24,
            "branches[1].parent: branch "
            "'b': its parent 'A' is not 'main' or a branch named before it (did you mean "
            "'a'?); the timelines before it: main, a",
        ),
    ],
)
def test_a_branch_name_like_another_is_refused_naming_both(
    tmp_path: Path, branches: str, line: int, says: str
) -> None:
    path = write(tmp_path, GOOD + "branches:\n" + branches)
    assert refusal(path) == f"{path}:{line}: {says}"


def test_a_slot_name_ending_in_a_newline_is_not_a_slot(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("B1: {card: Sylva}", '"B1\\n": {card: Sylva}'))
    assert refusal(path) == (
        f"{path}:6: setup.players[0]: slot 'B1\\n' is not a slot name like A1 or B2 (S-1)"
    )


def test_a_key_that_does_not_show_as_itself_is_quoted_in_the_place(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + '"x\\u200by\\nz": 1\n')
    assert refusal(path) == (
        f"{path}:22: ['x\\u200by\\nz']: unknown key 'x\\u200by\\nz'; the keys here: ruleset, "
        "title, description, topic, notes, predict, rules, pool, cards, setup, script, expect, "
        "expect_error, branches"
    )


def test_card_ids_drop_leading_and_trailing_punctuation() -> None:
    assert card_id("  Ember Imp! ") == "ember-imp"
    assert card_id("-Old--Keep-") == "old-keep"


def test_names_given_twice_are_all_named() -> None:
    with pytest.raises(ValueError, match="^players named twice: Alice, Bob$"):
        unique_names(["Bob", "Alice", "Bob", "Alice", "Cy"], "players")
    with pytest.raises(ValueError, match="^cards named twice: Imp$"):
        unique_names(["Imp", "Imp"])
    unique_names(["Alice", "Bob"])
