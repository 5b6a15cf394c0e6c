"""One identity per name (engine/names.py): ids, card, player and battlefield names, labels and
branch names are read in NFC, and a name that could look like another is refused where it is
written, saying which character; ids, card names, labels and branch names that look alike
(case, compatibility forms, Cyrillic and Greek letters drawn as Latin ones) are refused naming
both places; a card's id is its name without punctuation at either end, and names given twice
are all named."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.pools
from engine.errors import ScenarioError
from engine.names import checked, look
from engine.pools import load_pool, pool_names, pool_source
from engine.safe_yaml import parse_yaml
from engine.scenario import game_from_yaml, run_scenario
from engine.script import card_id, unique_names
from engine.souls.cards import CardDef
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


LOOK_ALIKE = [  # (a name, one that looks the same): Latin, then what stands for a letter
    ("sylva", "s\u0443lva"),  # CYRILLIC SMALL LETTER U
    ("ember-imp", "\u0435mber-imp"),  # CYRILLIC SMALL LETTER IE
    ("Ember Imp", "\u0415mber Imp"),  # CYRILLIC CAPITAL LETTER IE
    ("pax", "\u0440\u0430\u0445"),  # CYRILLIC SMALL LETTERS ER, A, HA
    ("jinx", "\u0458\u0456nx"),  # CYRILLIC SMALL LETTERS JE, BYELORUSSIAN-UKRAINIAN I
    ("scout", "\u0455\u0441\u043eut"),  # CYRILLIC SMALL LETTERS DZE, ES, O
    ("Old Keep", "\u039fld Keep"),  # GREEK CAPITAL LETTER OMICRON
    ("old keep", "\u03bfld keep"),  # GREEK SMALL LETTER OMICRON
    ("PATH", "\u03a1\u0391\u03a4\u0397"),  # Greek capitals rho, alpha, tau, eta
    ("\u00cbmber Imp", "\u0401mber Imp"),  # CYRILLIC CAPITAL LETTER IO: IE and a diaeresis
    ("sylva", "\uff53\uff59\uff4c\uff56\uff41"),  # full-width
    ("fire imp", "\ufb01re imp"),  # LATIN SMALL LIGATURE FI
    ("Sylva", "sylva"),  # case
]
TOLD_APART = [  # (a name, one that does not look the same)
    ("whelp-1", "whelp-l"),  # a digit and a letter: the font tells them apart
    ("whelp-0", "whelp-o"),
    ("hero", "\u03b7ero"),  # GREEK SMALL LETTER ETA: only its capital looks Latin
    ("Volk", "\u0412\u043e\u043b\u043a"),  # a name wholly in Cyrillic
]


@pytest.mark.parametrize(("name", "other"), LOOK_ALIKE)
def test_names_that_look_the_same_have_one_look(name: str, other: str) -> None:
    assert look(name) == look(other)


@pytest.mark.parametrize(("name", "other"), TOLD_APART)
def test_names_people_tell_apart_have_two_looks(name: str, other: str) -> None:
    assert look(name) != look(other)


CYRILLIC_Y = "U+0443 CYRILLIC SMALL LETTER U for U+0079 LATIN SMALL LETTER Y"
LOOK_ALIKES = {  # where two names look alike: (the file, the line and place refused, the message)
    "set-up ids": (
        GOOD.replace("{card: Ember Imp}", "{card: Ember Imp, id: s\u0443lva}"),
        "19: setup.players[1].slots.A1: the ids 'sylva' (line 10) and 's\u0443lva' look alike:"
        f" the second has {CYRILLIC_Y}; give one another id",
    ),
    "full-width set-up ids": (
        GOOD.replace("{card: Ember Imp}", "{card: Ember Imp, id: \uff53ylva}"),
        "19: setup.players[1].slots.A1: the ids 'sylva' (line 10) and '\uff53ylva' look alike:"
        " the second has U+FF53 FULLWIDTH LATIN SMALL LETTER S for U+0073 LATIN SMALL LETTER S;"
        " give one another id",
    ),
    "might set-up ids": (
        TABLE.replace("{card: Thornback, ", "{card: Thornback, id: st\u043ene-whelp, "),
        "19: setup.players[1].units[0]: the ids 'stone-whelp' (line 10) and 'st\u043ene-whelp'"
        " look alike: the second has U+043E CYRILLIC SMALL LETTER O for U+006F LATIN SMALL"
        " LETTER O; give one another id",
    ),
    "a card's name and the pool's": (
        GOOD.replace(
            "setup:",
            "cards:\n  - {name: \u0415mber Imp, kind: soul, rank: 1, hp: 10, power: 5}\nsetup:",
        ),
        "5: cards[0].name: the card names 'Ember Imp' (pool 'souls-starter', line 28) and"
        " '\u0415mber Imp' look alike: the second has U+0415 CYRILLIC CAPITAL LETTER IE for"
        " U+0045 LATIN CAPITAL LETTER E; rename one",
    ),
    "two cards' names": (
        GOOD.replace(
            "setup:",
            "cards:\n  - {name: Odd Imp, kind: soul, rank: 1, hp: 10, power: 5}\n"
            "  - {name: \u039fdd Imp, kind: soul, rank: 1, hp: 10, power: 5}\nsetup:",
        ),
        "6: cards[1].name: the card names 'Odd Imp' (line 5) and '\u039fdd Imp' look alike: the"
        " second has U+039F GREEK CAPITAL LETTER OMICRON for U+004F LATIN CAPITAL LETTER O;"
        " rename one",
    ),
    "labels": (
        GOOD + "script:\n  - {end_turn: {}, label: after}\n  - {end_turn: {}, label: \u0430fter}\n",
        "24: script[1].label: the labels 'after' (at script[0]) and '\u0430fter' look alike: the"
        " second has U+0430 CYRILLIC SMALL LETTER A for U+0061 LATIN SMALL LETTER A",
    ),
    "branch names": (
        GOOD + "branches:\n  - name: m\u0430in\n",
        "23: branches[0].name: the branch names 'main' and 'm\u0430in' look alike: the second"
        " has U+0430 CYRILLIC SMALL LETTER A for U+0061 LATIN SMALL LETTER A",
    ),
}


@pytest.mark.parametrize("names", LOOK_ALIKES)
def test_names_that_look_alike_are_refused_naming_both_and_what_differs(
    tmp_path: Path, names: str
) -> None:
    text, says = LOOK_ALIKES[names]
    path = write(tmp_path, text)
    assert refusal(path) == f"{path}:{says}"


def test_ids_and_names_told_apart_are_two(tmp_path: Path) -> None:
    cards = "cards:\n  - {name: \u0412\u043e\u043b\u043a, kind: soul, rank: 1, hp: 10, power: 5}\n"
    text = (
        GOOD.replace("setup:", cards + "setup:")
        .replace("{card: Sylva}", "{card: Sylva, id: whelp-1}")
        .replace("{card: Ember Imp}", "{card: Ember Imp, id: whelp-l}")
        .replace("{card: Blood Priest}", "{card: \u0412\u043e\u043b\u043a, id: volk}")
    )
    table = run_scenario(write(tmp_path, text)).game.table
    assert {"whelp-1", "whelp-l", "volk"} <= table.cards.keys()


@pytest.fixture
def odd_pool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A pool file ``odd`` in place of the shipped pools (their caches cleared before and after)."""
    caches = (pool_names, pool_source, load_pool)
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setattr(engine.pools, "POOLS", tmp_path)
    yield tmp_path / "odd.yaml"
    for cache in caches:
        cache.cache_clear()


def test_a_pool_card_named_like_another_is_refused_naming_both_lines(odd_pool: Path) -> None:
    card = "{name: NAME, kind: soul, rank: 1, hp: 10, power: 5}"
    odd_pool.write_text(
        "ruleset: souls\ncards:\n"
        f"  - {card.replace('NAME', 'Odd Imp')}\n  - {card.replace('NAME', 'odd imp')}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as refused:
        load_pool("odd", CardDef)
    assert str(refused.value) == (
        f"{odd_pool}:4: cards[1].name: the card names 'Odd Imp' (line 3) and 'odd imp' differ"
        " only by case or spacing; rename one"
    )
