"""The checker checked: every kind of expectation, written wrong on purpose, makes ``cardtable
check`` fail with status 1 and exactly one failure line naming the file, the line and what was
seen instead; a run lists every failure, each on its own line, and a missed card hides none.

Each case takes a shipped scenario, keeps its set-up and script (its own expectations and
branches are cut), appends what the case needs (script entries, ``expect``, a top-level
``expect_error``) and checks the copy. A checker that ignored the kind under test (a card field,
a ``steps`` field, ``no_steps``, ``turn``, the ``at`` label, an action's ``expect_error``, the
top-level one) would exit 0, and the case fails. The same expectations written right pass
(``test_the_right_values_pass``), so a checker that failed everything would not do either.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from app.cli.commands import main
from engine.assets import SCENARIOS
from engine.might.scenario import Expectation as MightExpectation
from engine.might.scenario import UnitExpect
from engine.scenario import run_scenario
from engine.script import ExpectationBase, StepMatch
from engine.souls.scenario import CardExpect
from engine.souls.scenario import Expectation as SoulsExpectation
from tests.support.might_tables import EDITS, TRIGGERS
from tests.support.playthroughs import playthrough_of
from tests.support.souls_tables import COUNTED_CAPTURE

SOULS = SCENARIOS / "souls" / "S-1-table-zones-and-cards.yaml"
# Its script (8 actions, script[0]..script[7]) leaves, at the end (turn 1, Alice's): thorn-squire
# recruited on D3 (back line, label row-three, step 1); iron-mail attached to blood-priest (35/35,
# back line; label armed, step 2); firebolt in the Elysium and ember-imp captured at 10 damage
# (step 6: "ember-imp is captured: face down, on the slot (...)"; label spent, step 7).
MIGHT = SCENARIOS / "might" / "M8-prevention-and-doubling-orders.yaml"
# Its script (2 combats, labels prevention-first and doubling-first) leaves: sentinel-a at
# Battlefield 1 with ward-a 1 left and one doubler, Bob holding Battlefield 1; sentinel-b dead
# (step 16); captain-1 recalled to base, captain-2 at Battlefield 2, which Alice holds; no runes.
CHAIN = SCENARIOS / "might" / "M5-reaction-before-the-spell-resolves.yaml"
# Label mend-on-chain: spark and quick-mend both on the chain.

CAPTURED_IMP = (
    "step 6 (ember-imp is captured: face down, on the slot (damage 10 reached max HP 10))"
)
IMP_REFUSAL = "ember-imp is captured: only effects that ask for a captured Soul target it"
BOB_MOVES = "Bob cannot move sentinel-a during the other player's turn"


def without_expect(base: Path) -> str:
    """The shipped scenario up to its ``expect:``: its set-up and script, which ends the text
    so that script entries can be appended."""
    head, found, _ = base.read_text().partition("\nexpect:\n")
    assert found, f"{base} has no expect: section"
    return head + "\n"


@dataclass(frozen=True)
class Case:
    """A scenario built from ``base`` plus ``tail``; ``failure`` is reported at the line of the
    tail that holds ``marker``."""

    name: str
    base: Path
    tail: str
    marker: str
    failure: str


def cards(name: str, base: Path, entry: str, failure: str, at: str = "end") -> Case:
    """One wrong card field: ``entry`` is ``card-id: {field: value}``."""
    label = "" if at == "end" else f"at: {at}\n    "
    tail = f"expect:\n  - {label}cards:\n      {entry}\n"
    return Case(name, base, tail, entry, f"expect[0] at {at!r}: {failure}")


def field(name: str, base: Path, line: str, failure: str) -> Case:
    """One wrong expectation key of its own (``turn: 2``, ``runes: {...}``) at the end."""
    return Case(name, base, f"expect:\n  - {line}\n", line, f"expect[0] at 'end': {failure}")


def step(name: str, base: Path, match: str, failure: str, key: str = "steps") -> Case:
    """One wrong step match (``{change: captured, ...}``) under ``steps`` or ``no_steps``."""
    return Case(
        name,
        base,
        f"expect:\n  - {key}:\n      - {match}\n",
        match,
        f"expect[0] at 'end': {failure}",
    )


SOULS_CASES = [
    # Each souls card field.
    cards("damage", SOULS, "ember-imp: {damage: 5}", "ember-imp damage: expected 5, saw 10"),
    cards(
        "captured",
        SOULS,
        "ember-imp: {captured: false}",
        "ember-imp captured: expected False, saw True",
    ),
    cards("zone", SOULS, "firebolt: {zone: hand}", "firebolt zone: expected hand, saw elysium"),
    cards("slot", SOULS, "thorn-squire: {slot: D2}", "thorn-squire slot: expected D2, saw D3"),
    cards(
        "attached_to",
        SOULS,
        "iron-mail: {attached_to: mossback-guard}",
        "iron-mail attached_to: expected mossback-guard, saw blood-priest",
    ),
    cards(
        "line", SOULS, "blood-priest: {line: front}", "blood-priest line: expected front, saw back"
    ),
    cards("hp", SOULS, "blood-priest: {hp: 25}", "blood-priest hp: expected 25, saw 35"),
    cards(
        "max_hp", SOULS, "blood-priest: {max_hp: 30}", "blood-priest max_hp: expected 30, saw 35"
    ),
    cards("power", SOULS, "thorn-squire: {power: 5}", "thorn-squire power: expected 5, saw 10"),
    cards("hp-of-a-spell", SOULS, "firebolt: {hp: 0}", "firebolt hp: expected 0, saw None"),
    field("winner", SOULS, "winner: Alice", "winner: expected Alice, saw None"),
    field("winner-draw", SOULS, "winner: draw", "winner: expected draw, saw None"),
    field("deck", SOULS, "deck: {Alice: 3}", "Alice's deck: expected 3, saw 0"),
    # Each StepMatch field: the other fields match a step, the one under test does not.
    step(
        "steps-rule",
        SOULS,
        "{rule: S-17, change: captured}",
        "no step matches rule='S-17', change='captured'",
    ),
    step(
        "steps-card",
        SOULS,
        "{card: mossback-guard, change: captured}",
        "no step matches card='mossback-guard', change='captured'",
    ),
    step(
        "steps-change",
        SOULS,
        "{card: ember-imp, change: moved}",
        "no step matches card='ember-imp', change='moved'",
    ),
    step(
        "steps-text",
        SOULS,
        "{card: ember-imp, text: heals}",
        "no step matches card='ember-imp', text='heals'",
    ),
    step(
        "steps-phase",
        SOULS,
        "{card: ember-imp, phase: End phase}",
        "no step matches card='ember-imp', phase='End phase'",
    ),
    step(
        "steps-before",
        SOULS,
        "{change: captured, before: armed}",
        "no step matches change='captured', before='armed'",
    ),
    step(
        "steps-between",
        SOULS,
        "{change: captured, between: [start, armed]}",
        "no step matches change='captured', between=['start', 'armed']",
    ),
    step(
        "steps-times",
        SOULS,
        "{change: captured, times: 2}",
        "1 steps match change='captured', expected 2 (steps 6)",
    ),
    step(
        "steps-times-0",
        SOULS,
        "{change: captured, times: 0}",
        "1 steps match change='captured', expected 0 (steps 6)",
    ),
    step(
        "no_steps",
        SOULS,
        "{change: captured}",
        f"{CAPTURED_IMP} matches change='captured', which should not happen",
        "no_steps",
    ),
    step(
        "no_steps-between",
        SOULS,
        "{change: captured, between: [armed, spent]}",
        f"{CAPTURED_IMP} matches change='captured', between=['armed', 'spent'], "
        "which should not happen",
        "no_steps",
    ),
    field("turn", SOULS, "turn: 2", "turn: expected 2, saw 1"),
    # The table the expectation looks at: a label's, the set-up's, not the end's.
    cards(
        "at-label",
        SOULS,
        "ember-imp: {captured: true}",
        "ember-imp captured: expected True, saw False",
        at="row-three",
    ),
    cards(
        "at-start",
        SOULS,
        "thorn-squire: {zone: slot}",
        "thorn-squire zone: expected slot, saw hand",
        at="start",
    ),
    Case(
        "second-expectation",
        SOULS,
        "expect:\n  - turn: 1\n  - cards: {ember-imp: {damage: 0}}\n",
        "ember-imp: {damage: 0}",
        "expect[1] at 'end': ember-imp damage: expected 0, saw 10",
    ),
    Case(
        "branch",
        SOULS,
        "branches:\n  - name: early\n    keep: 4\n    expect:\n"
        "      - cards: {ember-imp: {captured: true}}\n",
        "ember-imp: {captured: true}",
        "branches[0].expect[0] at 'end': ember-imp captured: expected True, saw False",
    ),
    # An action's expect_error: missed, another rule, another message; inside a battle window.
    Case(
        "expect_error-missed",
        SOULS,
        "  - deal: {target: mossback-guard, amount: 5}\n    expect_error: {rule: S-15}\n",
        "deal: {target: mossback-guard",
        "script[8]: expected a rejection citing S-15, but the action was allowed",
    ),
    Case(
        "expect_error-rule",
        SOULS,
        "  - deal: {target: ember-imp, amount: 5}\n    expect_error: {rule: S-15}\n",
        "deal: {target: ember-imp",
        f"script[8]: expected a rejection citing S-15, got 14.5.1: {IMP_REFUSAL}",
    ),
    Case(
        "expect_error-message",
        SOULS,
        "  - deal: {target: ember-imp, amount: 5}\n"
        '    expect_error: {rule: "14.5.1", message: nope}\n',
        "deal: {target: ember-imp",
        f"script[8]: rejection message {IMP_REFUSAL!r} lacks 'nope'",
    ),
    Case(
        "expect_error-in-window",
        SOULS,
        "  - attack:\n      attacker: mossback-guard\n      target: ember-citadel\n"
        "      window:\n        - deal: {target: ember-imp, amount: 5}\n"
        "          expect_error: {rule: S-15}\n",
        "- deal: {target: ember-imp",
        f"script[8].attack.window[0]: expected a rejection citing S-15, got 14.5.1: {IMP_REFUSAL}",
    ),
    # The file's expect_error: the run never stops, stops citing another rule or message.
    Case(
        "run-expect_error-missed",
        SOULS,
        "expect_error: {rule: S-4}\n",
        "expect_error:",
        "expect_error: expected the run to stop citing S-4, but every action was allowed",
    ),
    Case(
        "run-expect_error-rule",
        SOULS,
        "  - play: {card: firebolt, target: ember-imp}\nexpect_error: {rule: S-15}\n",
        "expect_error:",
        "expect_error: expected the run to stop citing S-15, got S-4 at script[8].play: "
        "firebolt is not in its owner's hand",
    ),
    Case(
        "run-expect_error-message",
        SOULS,
        "  - play: {card: firebolt, target: ember-imp}\nexpect_error: {rule: S-4, message: nope}\n",
        "expect_error:",
        'expect_error: rejection message "firebolt is not in its owner\'s hand" at '
        "script[8].play lacks 'nope'",
    ),
    Case(
        "run-stopped-before-label",
        SOULS,
        "  - play: {card: firebolt, target: ember-imp}\n  - end_turn:\n    label: later\n"
        "expect:\n  - at: later\n    turn: 2\nexpect_error: {rule: S-4}\n",
        "at: later",
        "expect[0]: the label 'later' was not reached: the run stopped before it",
    ),
]

MIGHT_CASES = [
    # Each might unit field.
    cards("damage", MIGHT, "captain-2: {damage: 4}", "captain-2 damage: expected 4, saw 0"),
    cards(
        "zone",
        MIGHT,
        "sentinel-b: {zone: battlefield}",
        "sentinel-b zone: expected battlefield, saw trash",
    ),
    cards(
        "at",
        MIGHT,
        "captain-2: {at: Battlefield 1}",
        "captain-2 at: expected Battlefield 1, saw Battlefield 2",
    ),
    cards(
        "exhausted",
        MIGHT,
        "captain-1: {exhausted: true}",
        "captain-1 exhausted: expected True, saw False",
    ),
    cards(
        "shields",
        MIGHT,
        "sentinel-a: {shields: {ward-a: 6}}",
        "sentinel-a shields: expected {'ward-a': 6}, saw {'ward-a': 1}",
    ),
    cards(
        "shields-none",
        MIGHT,
        "sentinel-a: {shields: {}}",
        "sentinel-a shields: expected {}, saw {'ward-a': 1}",
    ),
    cards("doublers", MIGHT, "sentinel-a: {doublers: 0}", "sentinel-a doublers: expected 0, saw 1"),
    cards(
        "stunned",
        MIGHT,
        "sentinel-a: {stunned: true}",
        "sentinel-a stunned: expected True, saw False",
    ),
    cards(
        "cant_be_dealt_damage",
        MIGHT,
        "sentinel-a: {cant_be_dealt_damage: true}",
        "sentinel-a cant_be_dealt_damage: expected True, saw False",
    ),
    cards("might", MIGHT, "sentinel-a: {might: 6}", "sentinel-a might: expected 6, saw 4"),
    cards(
        "lethal", MIGHT, "sentinel-a: {lethal: true}", "sentinel-a lethal: expected True, saw False"
    ),
    cards("might-of-a-spell", CHAIN, "spark: {might: 0}", "spark might: expected 0, saw None"),
    # runes, holders, chain.
    field("runes", MIGHT, "runes: {Alice: 2}", "Alice's rune pool: expected 2, saw 0"),
    field("deck", MIGHT, "deck: {Alice: 3}", "Alice's deck: expected 3, saw 0"),
    field("score", MIGHT, "score: {Alice: 1}", "Alice's score: expected 1, saw 0"),
    field(
        "runes-unknown-player",
        MIGHT,
        "runes: {Carol: 0}",
        "Carol's rune pool: expected 0, saw None",
    ),
    field(
        "holders",
        MIGHT,
        "holders: {Battlefield 1: Alice}",
        "Battlefield 1 holder: expected Alice, saw Bob",
    ),
    field(
        "holders-nobody",
        MIGHT,
        "holders: {Battlefield 2: null}",
        "Battlefield 2 holder: expected None, saw Alice",
    ),
    field("chain", MIGHT, "chain: 1", "chain: expected 1 items, saw 0"),
    Case(
        "chain-at-label",
        CHAIN,
        "expect:\n  - at: mend-on-chain\n    chain: 1\n",
        "chain: 1",
        "expect[0] at 'mend-on-chain': chain: expected 1 items, saw 2",
    ),
    # The shared kinds, on a might timeline.
    step(
        "steps-card",
        MIGHT,
        "{card: sentinel-a, change: died}",
        "no step matches card='sentinel-a', change='died'",
    ),
    step(
        "steps-phase",
        MIGHT,
        "{change: died, phase: Deal}",
        "no step matches change='died', phase='Deal'",
    ),
    step(
        "steps-before",
        MIGHT,
        "{change: died, before: doubling-first}",
        "no step matches change='died', before='doubling-first'",
    ),
    step(
        "no_steps",
        MIGHT,
        "{change: died}",
        "step 16 (sentinel-b dies: damage 4 >= Might 4; captain-2 survives: damage 4 < Might 5) "
        "matches change='died', which should not happen",
        "no_steps",
    ),
    field("turn", MIGHT, "turn: 2", "turn: expected 2, saw 1"),
    cards(
        "at-label",
        MIGHT,
        "sentinel-b: {zone: trash}",
        "sentinel-b zone: expected trash, saw battlefield",
        at="prevention-first",
    ),
    # An action's expect_error and the file's.
    Case(
        "expect_error-missed",
        MIGHT,
        "  - move: {unit: captain-1, to: Battlefield 1}\n    expect_error: {rule: M-9}\n",
        "move: {unit: captain-1",
        "script[2]: expected a rejection citing M-9, but the action was allowed",
    ),
    Case(
        "expect_error-rule",
        MIGHT,
        "  - move: {unit: sentinel-a, to: base}\n    expect_error: {rule: M-9}\n",
        "move: {unit: sentinel-a",
        f"script[2]: expected a rejection citing M-9, got M-1: {BOB_MOVES}",
    ),
    Case(
        "expect_error-message",
        MIGHT,
        "  - move: {unit: sentinel-a, to: base}\n    expect_error: {rule: M-1, message: nope}\n",
        "move: {unit: sentinel-a",
        f"script[2]: rejection message {BOB_MOVES!r} lacks 'nope'",
    ),
    Case(
        "run-expect_error-missed",
        MIGHT,
        "expect_error: {rule: M-7}\n",
        "expect_error:",
        "expect_error: expected the run to stop citing M-7, but every action was allowed",
    ),
    Case(
        "run-expect_error-rule",
        MIGHT,
        "  - move: {unit: sentinel-a, to: base}\nexpect_error: {rule: M-7}\n",
        "expect_error:",
        "expect_error: expected the run to stop citing M-7, got M-1 at script[2].move: "
        + BOB_MOVES,
    ),
    Case(
        "run-expect_error-message",
        MIGHT,
        "  - move: {unit: sentinel-a, to: base}\nexpect_error: {rule: M-1, message: nope}\n",
        "expect_error:",
        f"expect_error: rejection message {BOB_MOVES!r} at script[2].move lacks 'nope'",
    ),
]


def write(tmp_path: Path, base: Path, tail: str) -> tuple[Path, int]:
    """The scenario file, and the number of lines before ``tail``."""
    head = without_expect(base)
    path = tmp_path / f"from-{base.stem}.yaml"
    path.write_text(head + tail)
    return path, len(head.splitlines())


def line_in_tail(tail: str, marker: str, offset: int) -> int:
    """The file line of the one line of ``tail`` that holds ``marker``."""
    found = [n for n, line in enumerate(tail.splitlines(), 1) if marker in line]
    assert len(found) == 1, f"{marker!r} should be on one line of the tail, found {found}"
    return offset + found[0]


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    """``cardtable check PATH``: its status and the lines of its report."""
    status = main(["check", str(path)])
    return status, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=f"souls-{c.name}") for c in SOULS_CASES]
    + [pytest.param(c, id=f"might-{c.name}") for c in MIGHT_CASES],
)
def test_a_wrong_expectation_fails_on_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: Case
) -> None:
    path, offset = write(tmp_path, case.base, case.tail)
    line = line_in_tail(case.tail, case.marker, offset)
    status, report = check(path, capsys)
    assert report[0].startswith(f"FAIL  {path}  ("), report
    assert report[1:] == [
        f"  {path}:{line}: {case.failure}",
        "1 scenario(s) checked: 0 ok, 1 failed, 0 bad input",
    ]
    assert status == 1


def test_every_expectation_kind_has_a_case() -> None:
    """Each field of each model that an expectation can hold is written wrong by some case."""

    def names(cases: list[Case]) -> set[str]:
        return {case.name.removeprefix("steps-") for case in cases}

    shared = set(ExpectationBase.model_fields) - {"at", "steps"}  # at: the at-label cases
    assert set(StepMatch.model_fields) | shared <= names(SOULS_CASES)
    souls = set(SoulsExpectation.model_fields) - set(ExpectationBase.model_fields) - {"cards"}
    assert set(CardExpect.model_fields) | souls <= names(SOULS_CASES)
    might = set(MightExpectation.model_fields) - set(ExpectationBase.model_fields) - {"cards"}
    assert set(UnitExpect.model_fields) | might <= names(MIGHT_CASES)
    for cases in (SOULS_CASES, MIGHT_CASES):
        assert {
            "at-label",
            "expect_error-missed",
            "expect_error-rule",
            "expect_error-message",
            "run-expect_error-missed",
            "run-expect_error-rule",
            "run-expect_error-message",
        } <= names(cases)


RIGHT = {
    SOULS: """\
  - deal: {target: mossback-guard, amount: 5}
  - deal: {target: ember-imp, amount: 5}
    expect_error: {rule: "14.5.1", message: "only effects that ask"}
  - attack:
      attacker: thorn-squire
      target: ember-citadel
      window:
        - deal: {target: ember-imp, amount: 5}
          expect_error: {rule: "14.5.1"}
    expect_error: {rule: S-13, message: in the Back Line}
expect:
  - cards:
      ember-imp: {damage: 10, captured: true, zone: slot, slot: A1, hp: 0, max_hp: 10, power: 5}
      firebolt: {zone: elysium}
      thorn-squire: {slot: D3, power: 10, line: back}
      iron-mail: {zone: armament, attached_to: blood-priest}
      blood-priest: {line: back, hp: 35, max_hp: 35}
      mossback-guard: {damage: 5}
    turn: 1
    steps:
      - {rule: S-12, change: captured}
      - {card: mossback-guard, change: stat}
      - {card: ember-imp, change: stat}
      - {card: ember-imp, text: takes 10 damage}
      - {card: ember-imp, phase: Main phase}
      - {change: moved, before: armed}
      - {change: captured, between: [armed, spent]}
      - {change: captured, times: 1}
      - {change: shattered, times: 0}
    no_steps:
      - {change: captured, between: [start, armed]}
  - at: row-three
    cards: {ember-imp: {captured: false}}
  - at: start
    cards: {thorn-squire: {zone: hand}}
branches:
  - name: early
    keep: 4
    expect:
      - cards: {ember-imp: {captured: false}}
""",
    MIGHT: """\
  - move: {unit: sentinel-a, to: base}
    expect_error: {rule: M-1, message: during the other player's turn}
expect:
  - cards:
      captain-1: {damage: 0, zone: base, at: base, exhausted: false}
      captain-2: {at: Battlefield 2}
      sentinel-a: {shields: {ward-a: 1}, doublers: 1, might: 4, lethal: false}
      sentinel-b: {zone: trash}
    runes: {Alice: 0, Bob: 0}
    holders: {Battlefield 1: Bob, Battlefield 2: Alice}
    chain: 0
    turn: 1
    steps:
      - {card: sentinel-b, change: died, phase: 1. Deaths}
      - {change: died, before: doubling-first, times: 0}
    no_steps:
      - {card: sentinel-a, change: died}
  - at: prevention-first
    cards: {sentinel-b: {zone: battlefield}}
""",
    CHAIN: """\
expect:
  - at: mend-on-chain
    chain: 2
    cards: {spark: {zone: chain}}
""",
}


@pytest.mark.parametrize("base", list(RIGHT), ids=lambda base: base.stem)
def test_the_right_values_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], base: Path
) -> None:
    path, _ = write(tmp_path, base, RIGHT[base])
    status, report = check(path, capsys)
    assert report[0].startswith(f"ok    {path}"), report
    assert status == 0


def test_the_run_stopping_as_expected_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The top-level expect_error met: status 0, even with an unreached label expected."""
    path, _ = write(
        tmp_path,
        SOULS,
        "  - play: {card: firebolt, target: ember-imp}\n  - end_turn:\n    label: later\n"
        "expect:\n  - cards: {firebolt: {zone: elysium}}\n"
        "expect_error: {rule: S-4, message: not in its owner's hand}\n",
    )
    status, report = check(path, capsys)
    assert report[0].startswith(f"ok    {path}"), report
    assert status == 0


def test_a_wrong_rune_pool_is_reported_on_the_players_line() -> None:
    # the failure line of a runes expectation is the player's own line
    play = playthrough_of(
        EDITS
        + """\
expect:
  - chain: 0
    runes:
      Alice: 3
""",
        name="edits.yaml",
    )
    assert play.failures() == [
        "edits.yaml:14: expect[0] at 'end': Alice's rune pool: expected 3, saw 1"
    ]


@pytest.mark.parametrize(
    ("base", "entry", "problem"),
    [
        (
            SOULS,
            "Ember Imp: {zone: hand}",
            "expect[0].cards.Ember Imp: there is no card 'Ember Imp': that is a card's name; "
            "its id: 'ember-imp'",
        ),
        (
            MIGHT,
            "sentinel-aa: {damage: 0}",
            "expect[0].cards.sentinel-aa: there is no card 'sentinel-aa' (did you mean "
            "'sentinel-a'?); the cards: captain-1, captain-2, sentinel-a, sentinel-b",
        ),
    ],
    ids=["souls-name-for-id", "might-typo"],
)
def test_an_expected_card_that_is_not_on_the_table_is_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], base: Path, entry: str, problem: str
) -> None:
    # no action adds or removes a card, so an id that is not on the table is a mistake in the
    # file (exit 2) located at the id, said with what it may be, never a failed expectation
    tail = f"expect:\n  - cards:\n      {entry}\n"
    path, offset = write(tmp_path, base, tail)
    status, report = check(path, capsys)
    assert report[0] == f"ERROR {path}", report
    assert report[1] == f"  {path}:{line_in_tail(tail, entry, offset)}: {problem}"
    assert status == 2


@pytest.mark.rule("M-12")
def test_a_wrong_holder_is_reported_on_the_holders_line() -> None:
    # the failure line of a holders expectation (M-12)
    play = playthrough_of(
        TRIGGERS
        + """\
expect:
  - chain: 0
    holders:
      Battlefield 1: Alice
""",
        name="gaps.yaml",
    )
    assert play.failures() == [
        "gaps.yaml:30: expect[0] at 'end': Battlefield 1 holder: expected Alice, saw None"
    ]


@pytest.mark.rule("S-1")
def test_every_missed_card_and_the_winner_are_reported_on_their_lines() -> None:
    # a missed card does not hide the cards after it; the winner's
    # failure is on the winner's line (S-1)
    text = (
        COUNTED_CAPTURE
        + """\
expect:
  - cards:
      ember-imp: {damage: 5}
      thorn-squire: {damage: 5}
    winner: Alice
"""
    )
    play = playthrough_of(text, "gaps.yaml")
    assert play.failures() == [
        "gaps.yaml:25: expect[0] at 'end': ember-imp damage: expected 5, saw 0",
        "gaps.yaml:26: expect[0] at 'end': thorn-squire damage: expected 5, saw 0",
        "gaps.yaml:27: expect[0] at 'end': winner: expected Alice, saw None",
    ]


def test_a_missed_card_field_is_reported_on_its_own_line() -> None:
    # a card's fields written one a line: the failure names the field's line, not the card's
    text = (
        COUNTED_CAPTURE
        + """\
expect:
  - cards:
      ember-imp:
        damage: 0
        zone: hand
"""
    )
    play = playthrough_of(text, "fields.yaml")
    assert play.failures() == [
        "fields.yaml:27: expect[0] at 'end': ember-imp zone: expected hand, saw slot"
    ]


WRONG_GUESSES = """\
ruleset: souls
title: Wrong guesses
rules: [S-1]
setup:
  players:
    - {name: Alice, slots: {A1: {card: Thorn Squire}}}
    - {name: Bob, slots: {A1: {card: Mossback Guard}}}
script:
  - deal: {target: mossback-guard, amount: 5}
    label: first
  - deal: {target: mossback-guard, amount: 5}
    label: second
expect:
  - cards: {mossback-guard: {damage: 5}}
branches:
  - name: harder
    script:
      - deal: {target: mossback-guard, amount: 20}
    expect:
      - cards: {mossback-guard: {damage: 15}}
"""


def test_a_scenario_run_reports_its_file_labels_and_every_failure(tmp_path: Path) -> None:
    """A run keeps its file and the step of each label, and lists the main script's failures
    before each branch's."""
    path = tmp_path / "wrong-guesses.yaml"
    path.write_text(WRONG_GUESSES, encoding="utf-8")
    run = run_scenario(path)
    assert run.path == path
    assert run.labels == {"start": 0, "first": 1, "second": 2}
    assert run.failures == [
        f"{path}:14: expect[0] at 'end': mossback-guard damage: expected 5, saw 10",
        f"{path}:20: branches[0].expect[0] at 'end': mossback-guard damage: expected 15, saw 20",
    ]
    assert [step.description for step in run.steps] == [
        "The table as set up",
        "mossback-guard takes 5 damage (HP 40 -> 35)",
        "mossback-guard takes 5 damage (HP 35 -> 30)",
    ]
