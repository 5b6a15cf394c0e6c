"""What waits after an action, in the session without a window (app/presentation/session.py):
an attack played last stops at its battle window and what is played next goes inside it; undo
takes back what was played inside first and leaves the window waiting, redo plays it there
again; passing finishes the battle (or resolves the chain), asking the player what the rules
leave open; acting at a step of an earlier window goes into that window, in a new branch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.presentation.session import Changed, Session
from engine.choices import Choice
from engine.ruleset import ruleset
from engine.setup_edits import add_card

SOULS, MIGHT = ruleset("souls").action, ruleset("might").action
ATTACK = SOULS.model_validate({"attack": {"attacker": "alice-squire", "target": "bob-squire"}})
HEAL = SOULS.model_validate({"play": {"card": "mending-light", "target": "bob-squire"}})
DEAL = SOULS.model_validate({"deal": {"target": "alice-squire", "amount": 5}})
# Bob's squire has 10 HP left: Alice's attack brings it to 0, and Bob holds a heal
SQUIRES = """\
ruleset: souls
title: A heal in the battle window
setup:
  players:
    - name: Alice
      realm: {card: Old Keep}
      slots:
        A1: {card: Thorn Squire, id: alice-squire}
    - name: Bob
      realm: {card: Ember Citadel}
      slots:
        A1: {card: Thorn Squire, id: bob-squire, damage: 10}
      hand:
        - {card: Mending Light}
"""
CAPTURED = "bob-squire is captured: face down, on the slot (damage 20 reached max HP 20)"
SAVED = "Capture step: no card is at 0 HP (alice-squire HP 20, bob-squire HP 10)"
# a sentinel with a ward and a doubler: the damage of a spell that resolves asks their order
WARDED = """\
ruleset: might
title: A spark on a warded sentinel
setup:
  players:
    - name: Alice
      hand: [{card: Spark}]
    - name: Bob
      units:
        - card: Iron Sentinel
          id: sentinel-a
          at: Battlefield 1
          shields: [{id: ward-a, value: 6, duration: this_turn}]
          doublers: [{id: double-a, duration: this_turn}]
"""


@pytest.fixture
def squires(tmp_path: Path) -> Session:
    path = tmp_path / "squires.yaml"
    path.write_text(SQUIRES, encoding="utf-8")
    session = Session()
    session.open(path)
    return session


def descriptions(session: Session) -> list[str]:
    return [step.description for step in session.steps]


def test_an_attack_played_last_waits_at_its_window_and_what_follows_goes_inside(
    squires: Session,
) -> None:
    assert squires.act(ATTACK) == Changed(timeline=True, step=True, dirty=True)
    assert squires.waiting is not None and squires.waiting.kind == "battle_window"
    assert (squires.index, squires.last_action) == (1, (1, 2))  # shown from its first step
    assert squires.acts_at_end()  # anywhere in the action played last
    squires.select(0)
    assert not squires.acts_at_end()  # before it, though the battle still waits
    squires.select(2)
    squires.act(HEAL)
    [attack] = squires.actions()
    assert [action.kind for action in attack.nested()] == ["play"]
    assert squires.waiting is not None and squires.last_action == (3, 5)
    assert descriptions(squires)[-1] == "mending-light goes to the Elysium"


def test_undo_takes_back_what_was_played_inside_first_and_redo_plays_it_there_again(
    squires: Session,
) -> None:
    squires.act(ATTACK)
    squires.act(HEAL)
    squires.undo()
    [attack] = squires.actions()
    assert attack.nested() == () and squires.waiting is not None  # the window still waits
    assert len(squires.steps) == 3 and squires.last_action is None
    squires.select(1)
    assert squires.acts_at_end()  # in the action that waits
    squires.redo()
    [attack] = squires.actions()
    assert len(attack.nested()) == 1 and squires.waiting is not None
    assert not squires.can_redo()


def test_redo_plays_an_attack_again_as_it_was_taken_back_waiting_or_whole(
    squires: Session,
) -> None:
    squires.act(ATTACK)
    squires.undo()
    assert squires.actions() == [] and squires.waiting is None
    squires.redo()
    assert squires.waiting is not None and len(squires.steps) == 3  # at its window again
    squires.proceed()
    squires.undo()  # the whole battle
    assert squires.actions() == [] and len(squires.steps) == 1
    squires.redo()
    assert squires.waiting is None and descriptions(squires)[-2] == CAPTURED


def test_passing_finishes_the_battle_with_the_capture_step(squires: Session) -> None:
    squires.act(ATTACK)
    squires.act(HEAL)
    assert squires.proceed() == Changed(timeline=True, step=True)
    assert squires.waiting is None and squires.branch == "main"
    assert descriptions(squires)[-2:] == [SAVED, "Back to the main phase"]
    assert (squires.index, squires.last_action) == (6, (6, 7))
    squires.act(DEAL)  # one step: the last action is that step alone
    assert (squires.index, squires.last_action) == (8, (8, 8))


def test_passing_asks_the_player_what_the_resolution_leaves_open(tmp_path: Path) -> None:
    path = tmp_path / "warded.yaml"
    path.write_text(WARDED, encoding="utf-8")
    session, asked = Session(), list[str]()
    session.open(path)

    def player(choice: Choice) -> Any:
        asked.append(choice.kind)
        return tuple(reversed(choice.default))  # the doubler first: the ward spends 4

    session.chooser = player
    session.act(MIGHT.model_validate({"play": {"card": "spark", "target": "sentinel-a"}}))
    assert session.waiting is not None and asked == []  # on the chain
    session.proceed()
    assert asked == ["replacement_order"] and session.waiting is None
    [spark] = session.actions()
    assert spark.order == {"sentinel-a": ("double-a", "ward-a")}  # written in: a replay asks not
    assert "double-a (doubling) 2 -> 4; ward-a (prevention) 4 -> 0" in descriptions(session)[3]


def test_acting_at_a_step_of_an_earlier_window_plays_inside_it_in_a_new_branch(
    squires: Session,
) -> None:
    squires.act(ATTACK)
    squires.proceed()
    assert descriptions(squires)[3] == CAPTURED
    squires.select(1)  # the declaration: inside the attack, outside its window
    assert squires.why_not(HEAL) == (
        "this step is inside an attack (steps 1 to 4): to act, go to its start (step 0), its "
        "end (step 4) or its window (step 2) (rule P-128)"
    )
    squires.select(2)  # the window, before the capture step
    assert squires.why_not(HEAL) is None and not squires.acts_at_end()
    squires.select(0)  # before the attack: Alice's turn, no window
    assert squires.why_not(HEAL) == (
        "Bob cannot play a card outside a battle window during the other player's turn (rule P-1)"
    )
    squires.select(3)  # after the battle: a card of Bob's only in a window of Alice's turn
    assert squires.why_not(HEAL) == (
        "Bob cannot play a card outside a battle window during the other player's turn (rule P-1)"
    )
    squires.select(2)
    squires.act(HEAL)
    assert squires.branch == "play mending-light bob-squire"
    assert squires.waiting is not None  # the window it went into waits again
    assert descriptions(squires)[3:] == [
        "mending-light is played",
        "bob-squire heals 10 (damage 20 -> 10)",
        "mending-light goes to the Elysium",
    ]


def test_a_branch_put_aside_while_it_waits_still_waits_on_a_set_up_edited(
    squires: Session,
) -> None:
    squires.act(ATTACK)
    squires.proceed()
    squires.select(2)
    squires.act(HEAL)  # a branch, waiting in the window it went into
    branch = squires.branch
    squires.switch("main")
    squires.begin_setup()
    squires.edit_setup(lambda draft: add_card(draft, "Alice: hand", "Firebolt"))
    squires.start_here()  # every branch played again on it
    squires.switch(branch)
    assert squires.waiting is not None and squires.waiting.kind == "battle_window"


def test_a_note_about_the_action_that_waits_leaves_it_waiting(squires: Session) -> None:
    squires.act(ATTACK)
    squires.write_note("Bob's squire drops to 0 HP.")  # labels the attack
    assert squires.actions()[0].label == "attack"
    assert squires.waiting is not None and len(squires.steps) == 3
