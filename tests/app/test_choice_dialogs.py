"""The choice dialogs: Cancel changes nothing, refused numbers stay with the engine's reason, and
a choice with only one legal answer is not asked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel

from app.might.dialogs import (
    WIDGETS,
    AssignmentDialog,
    BattlefieldDialog,
    PickDialog,
    ReplacementOrderDialog,
    TargetsDialog,
)
from app.widgets.main_window import MainWindow
from engine.assets import SCENARIOS
from engine.choices import Assigned, Choice
from engine.errors import MoreToChoose, RuleError
from engine.might.game import MightGame
from engine.scenario import game_from_yaml
from tests.support.might_tables import TWO_REPLACEMENTS

COMBAT = """\
ruleset: might
title: Dialogs
rules: [M-10]
setup:
  players:
    - name: Alice
      units:
        - {card: Iron Sentinel, id: alice-sentinel, at: Battlefield 1}
    - name: Bob
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: %s, id: second, at: Battlefield 1}
"""

Script = Callable[[QDialog], None]


def open_text(window: MainWindow, text: str) -> None:
    path = Path(window.settings.fileName()).with_name("table.yaml")
    path.write_text(text)
    assert window.open_path(path)


def answer_with(monkeypatch: pytest.MonkeyPatch, *scripts: Script) -> list[QDialog]:
    """Each dialog shown runs the next script on the real widgets; the dialogs are returned."""
    shown: list[QDialog] = []

    def fake_exec(dialog: QDialog) -> int:
        scripts[len(shown)](dialog)
        shown.append(dialog)
        return dialog.result()

    for kind in (AssignmentDialog, ReplacementOrderDialog):
        monkeypatch.setattr(kind, "exec", fake_exec)
    return shown


def press(button: QDialogButtonBox.StandardButton) -> Script:
    return lambda dialog: dialog.buttons.button(button).click()  # type: ignore[attr-defined]


def typed(**amounts: int) -> Script:
    def script(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignmentDialog)
        for unit, amount in amounts.items():
            dialog.spins[unit.replace("_", "-")].setValue(amount)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    return script


def start_combat(window: MainWindow) -> bool:
    window.card_clicked("alice-sentinel")
    assert window.last_menu is not None
    action = next(a for a in window.last_menu.actions() if a.text().startswith("Start combat"))
    window.last_menu.close()
    action.trigger()
    return window.session.steps[-1].table.combat is None  # type: ignore[attr-defined]


def unchanged(window: MainWindow, play: object) -> bool:
    return window.session.play is play and window.statusBar().currentMessage() == "Cancelled"


def test_cancel_in_the_assignment_dialog_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, COMBAT % "Iron Sentinel")
    play, steps = window.session.play, list(window.session.steps)
    shown = answer_with(monkeypatch, press(QDialogButtonBox.StandardButton.Cancel))
    start_combat(window)
    assert len(shown) == 1 and unchanged(window, play)
    assert window.session.steps == steps and window.session.actions() == []


def test_cancel_in_the_replacement_order_dialog_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, TWO_REPLACEMENTS)
    play = window.session.play
    shown = answer_with(monkeypatch, press(QDialogButtonBox.StandardButton.Cancel))
    window.card_clicked("iron-sentinel")
    assert window.last_menu is not None
    deal = next(
        a
        for m in window.last_menu.actions()
        if m.menu()
        for a in m.menu().actions()
        if a.text().startswith("Deal 2")
    )
    window.last_menu.close()
    deal.trigger()
    assert len(shown) == 1 and isinstance(shown[0], ReplacementOrderDialog)
    assert unchanged(window, play) and window.session.actions() == []


def test_a_refused_assignment_is_asked_again_with_the_numbers_typed(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, COMBAT % "Iron Sentinel")
    seen: list[tuple[object, str]] = []

    def look(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignmentDialog)
        seen.append((dialog.answer(), dialog.refusal.text()))
        typed(stone_whelp=2, second=2)(dialog)

    shown = answer_with(monkeypatch, typed(stone_whelp=3, second=1), look)
    assert start_combat(window)
    assert seen == [
        (
            (Assigned(unit="stone-whelp", damage=3), Assigned(unit="second", damage=1)),
            "Not allowed: stone-whelp gets 3 but lethal is 2: no unit gets more than lethal "
            "until every enemy unit has lethal (rule M-10)",
        )
    ]
    assert shown[0] is shown[1]  # the same dialog, reopened
    # Bob's 6 against Alice's single sentinel has one answer: it was not asked.
    assert len(shown) == 2
    combat = window.session.actions()[-1].combat  # type: ignore[attr-defined]
    assert combat.assign == {
        "Alice": (Assigned(unit="stone-whelp", damage=2), Assigned(unit="second", damage=2)),
        "Bob": (Assigned(unit="alice-sentinel", damage=6),),
    }


def test_the_assignment_order_is_set_with_up_and_down_and_judged_in_that_order(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, COMBAT % "Iron Sentinel")  # the whelp needs 2, the sentinel 4; Alice has 4
    refusals: list[str] = []

    def second_first(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignmentDialog)
        assert dialog.order == ["stone-whelp", "second"]  # the default order
        assert not dialog.moves["stone-whelp"][0].isEnabled()  # the top row can't go up
        dialog.moves["stone-whelp"][1].click()  # down: the sentinel first
        typed(stone_whelp=2, second=2)(dialog)

    def whelp_first(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignmentDialog)
        refusals.append(dialog.refusal.text())
        dialog.moves["stone-whelp"][0].click()  # up again: the whelp first
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    answer_with(monkeypatch, second_first, whelp_first)
    assert start_combat(window)
    assert refusals == [
        "Not allowed: second gets 2, less than the 4 it needs for lethal (after its prevention "
        "and doubling), before stone-whelp gets any: a unit must have lethal before damage "
        "goes to the next one (rule M-10)"
    ]
    assign = window.session.actions()[-1].combat.assign  # type: ignore[attr-defined]
    assert [entry.unit for entry in assign["Alice"]] == ["stone-whelp", "second"]
    text = next(s.description for s in window.session.steps if "Alice assigns" in s.description)
    assert text.startswith(
        "Alice assigns 4, in order: stone-whelp 2 (needs 2 for lethal); then second 2 (needs 4 "
    )


def test_no_dialog_when_only_one_split_is_legal(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, COMBAT % "Stone Whelp")  # 4 is exactly lethal for both whelps
    shown = answer_with(monkeypatch)
    assert start_combat(window)
    assert shown == []
    assign = window.session.actions()[-1].combat.assign  # type: ignore[attr-defined]
    assert assign["Alice"] == (
        Assigned(unit="stone-whelp", damage=2),
        Assigned(unit="second", damage=2),
    )


def play_from_menu(window: MainWindow, uid: str) -> None:
    """Click the card and take its menu's Play."""
    window.card_clicked(uid)
    assert window.last_menu is not None
    play = next(a for a in window.last_menu.actions() if a.text().startswith("Play"))
    window.last_menu.close()
    play.trigger()


SHARPSHOOTER = """\
ruleset: might
title: A trigger that targets
rules: [P-41]
cards:
  - name: Sharpshooter
    kind: unit
    might: 2
    abilities:
      - when: played
        name: Pick Off
        target: {side: enemy, count: 2}
        effects: [{do: damage, amount: 1}]
setup:
  players:
    - name: Alice
      hand: [{card: Sharpshooter}]
    - name: Bob
      units:
        - {card: Stone Whelp, at: Battlefield 1}
        - {card: Thornback, at: Battlefield 1}
        - {card: Iron Sentinel}
"""


def choose(dialog: QDialog, *units: str) -> None:
    """Set the targets dialog's boxes to ``units`` in turn ("" for none)."""
    assert isinstance(dialog, TargetsDialog)
    for box, uid in zip(dialog.boxes, units, strict=False):
        box.setCurrentIndex(box.findData(uid))


def offered(dialog: TargetsDialog) -> list[list[str]]:
    """What each box offers, by id ("" for none)."""
    return [[str(box.itemData(i)) for i in range(box.count())] for box in dialog.boxes]


def test_the_targets_dialog_offers_up_to_the_count_and_the_answer_is_written(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, SHARPSHOOTER)
    seen: list[object] = []

    def pick_two_others(dialog: QDialog) -> None:
        assert isinstance(dialog, TargetsDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen.append((dialog.answer(), ok.isEnabled()))  # the defaults: the first two
        seen.append(offered(dialog))  # a unit once (different); a second one, or none
        choose(dialog, "thornback", "")
        seen.append((dialog.answer(), ok.isEnabled(), dialog.status.text()))  # one is enough
        choose(dialog, "thornback", "iron-sentinel")
        seen.append((dialog.answer(), ok.isEnabled()))
        ok.click()

    monkeypatch.setattr(TargetsDialog, "exec", lambda d: pick_two_others(d) or d.result())
    play_from_menu(window, "sharpshooter")
    assert seen == [
        (("stone-whelp", "thornback"), True),
        [
            ["stone-whelp", "thornback", "iron-sentinel"],
            ["", "thornback", "iron-sentinel"],
        ],
        (("thornback",), True, ""),
        (("thornback", "iron-sentinel"), True),
    ]
    [action] = window.session.actions()
    assert action.targets == {"sharpshooter": ("thornback", "iron-sentinel")}  # type: ignore[attr-defined]
    step = next(s for s in window.session.steps if "triggers: Pick Off" in s.description)
    assert step.description.endswith("targeting thornback, iron-sentinel (Alice's choice)")


def test_a_trigger_that_may_choose_none_is_answered_with_none(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Up to two" (``at_least: 0``, P-73): the first box offers none, and none is an answer the
    action keeps."""
    open_text(window, SHARPSHOOTER.replace("count: 2}", "count: 2, at_least: 0}"))
    seen: list[object] = []

    def none(dialog: QDialog) -> None:
        assert isinstance(dialog, TargetsDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen.append(offered(dialog)[0][0])
        choose(dialog, "")
        seen.append((dialog.answer(), ok.isEnabled(), dialog.boxes[1].isEnabled()))
        ok.click()

    monkeypatch.setattr(TargetsDialog, "exec", lambda d: none(d) or d.result())
    play_from_menu(window, "sharpshooter")
    assert seen == ["", ((), True, False)]
    [action] = window.session.actions()
    assert action.targets == {"sharpshooter": ()}  # type: ignore[attr-defined]
    step = next(s for s in window.session.steps if "triggers: Pick Off" in s.description)
    assert step.description.endswith("(goes on the chain)")  # choosing none
    assert not any("takes 1 damage" in s.description for s in window.session.steps)


def test_a_trigger_that_may_choose_a_unit_again_is_answered_with_it_twice(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``different: false`` (P-73): the second box offers the first box's unit again."""
    twice = SHARPSHOOTER.replace("count: 2}", "count: 2, at_least: 2, different: false}")
    open_text(window, twice)
    seen: list[object] = []

    def the_whelp_twice(dialog: QDialog) -> None:
        assert isinstance(dialog, TargetsDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen.append(offered(dialog))  # two needed: no none
        choose(dialog, "thornback", "thornback")
        seen.append((dialog.answer(), ok.isEnabled()))
        ok.click()

    monkeypatch.setattr(TargetsDialog, "exec", lambda d: the_whelp_twice(d) or d.result())
    play_from_menu(window, "sharpshooter")
    units = ["stone-whelp", "thornback", "iron-sentinel"]
    assert seen == [[units, units], (("thornback", "thornback"), True)]
    [action] = window.session.actions()
    assert action.targets == {"sharpshooter": ("thornback", "thornback")}  # type: ignore[attr-defined]
    step = next(s for s in window.session.steps if "triggers: Pick Off" in s.description)
    assert step.description.endswith("targeting thornback, thornback (Alice's choice)")


def test_a_list_of_targets_is_asked_one_box_per_target_with_only_its_units(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.open_path(SCENARIOS / "might" / "P-41-a-different-effect-for-each-target.yaml")
    window.session.select(0)
    seen: list[object] = []

    def pick_the_whelp(dialog: QDialog) -> None:
        assert isinstance(dialog, TargetsDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        seen.append(offered(dialog))  # damaged units of Alice's, then enemy units; no none
        seen.append((dialog.answer(), ok.isEnabled()))  # the default
        choose(dialog, "stone-whelp")
        ok.click()

    monkeypatch.setattr(TargetsDialog, "exec", lambda d: pick_the_whelp(d) or d.result())
    play_from_menu(window, "field-medic")
    assert seen == [
        [["vanguard-captain", "stone-whelp"], ["pikeman", "iron-sentinel"]],
        (("vanguard-captain", "pikeman"), True),
    ]
    action = window.session.play.actions[-1]  # type: ignore[union-attr]
    assert action.targets == {"field-medic": ("stone-whelp", "pikeman")}  # type: ignore[attr-defined]


def test_the_same_unit_twice_where_it_must_differ_is_not_offered() -> None:
    choice = Choice(
        kind="targets",
        player=0,
        subject="medic",
        prompt="Alice chooses two different units",
        options=("a", "b"),
        default=("a", "b"),
        total=2,
        judge=lambda chosen: refuse_twice(chosen),
    )
    dialog = TargetsDialog(choice)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() and offered(dialog) == [["a", "b"], ["b"]]
    choose(dialog, "b")
    assert offered(dialog) == [["a", "b"], ["a"]] and dialog.answer() == ("b", "a")


def test_the_death_replacements_are_ordered_in_the_m8_dialog_and_the_top_one_is_used(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P-99: the engine's question for the Sentinel's death goes to the M8 order dialog, which
    lists its own Second Wind first (the default) and then the totem; the player drags the totem
    on top, and the totem is the one used."""
    offered: list[list[str]] = []

    def totem_first(dialog: QDialog) -> None:
        assert isinstance(dialog, ReplacementOrderDialog)
        offered.append([dialog.list.item(i).data(256) for i in range(dialog.list.count())])
        dialog.list.insertItem(0, dialog.list.takeItem(1))
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    shown = answer_with(monkeypatch, totem_first)
    text = (SCENARIOS / "might" / "P-99-which-death-replacement-first.yaml").read_text()
    game = game_from_yaml(text, lambda choice: WIDGETS.ask(choice, window))
    assert isinstance(game, MightGame)
    game.play("second-wind", "iron-sentinel")
    game.resolve()
    game.end_turn()
    game.play("doom", "iron-sentinel")
    game.resolve()
    assert len(shown) == 1 and offered == [["e1", "guardian-totem"]]
    assert game.table.cards["guardian-totem"].zone == "trash"
    assert game.table.cards["iron-sentinel"].zone == "base"  # recalled, not healed
    assert len(game.table.cards["iron-sentinel"].saves) == 1  # its own, unused


@pytest.mark.rule("P-95")
def test_the_opponents_choice_is_asked_in_a_dialog_titled_with_their_name(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.open_path(SCENARIOS / "might" / "P-95-the-opponent-chooses.yaml")
    window.session.select(0)
    seen: list[object] = []

    def bob_picks_the_thornback(dialog: QDialog) -> None:
        assert isinstance(dialog, TargetsDialog)
        seen.append(dialog.windowTitle())
        seen.append([uid for uid in offered(dialog)[0] if uid])
        choose(dialog, "thornback")
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    monkeypatch.setattr(TargetsDialog, "exec", lambda d: bob_picks_the_thornback(d) or d.result())
    play_from_menu(window, "tithe-collector")
    assert seen == ["Bob chooses the targets", ["stone-whelp", "hollow-golem", "thornback"]]
    step = next(s for s in window.session.steps if "triggers: Tithe" in s.description)
    assert step.description.endswith("targeting thornback (Bob's choice)")


@pytest.mark.rule("P-95")
def test_clicking_a_spells_targets_says_when_the_opponent_chooses(window: MainWindow) -> None:
    window.open_path(SCENARIOS / "might" / "P-95-the-opponent-chooses.yaml")
    window.session.select(0)
    play_from_menu(window, "grim-bargain")
    assert (
        window.statusBar()
        .currentMessage()
        .startswith("Bob chooses: click the target unit for Grim Bargain")
    )
    window.card_clicked("stone-whelp")
    pushed = [s.description for s in window.session.steps if "goes on the chain" in s.description]
    assert pushed == ["grim-bargain targeting stone-whelp goes on the chain (Bob's choice)"]


def refuse_twice(chosen: tuple[str, ...]) -> None:
    """A judge of two different units, as the engine's (P-41)."""
    if len(set(chosen)) < len(chosen):
        raise RuleError("P-41", "a unit is chosen twice")
    if len(chosen) < 2:
        raise MoreToChoose("P-41", "choose the second target too")


FORKED_BOLT = """\
ruleset: might
title: Damage divided
rules: [P-77]
cards:
  - name: Forked Bolt
    kind: spell
    effects:
      - {do: split_damage, amount: 4, target: {every: enemy_units}}
setup:
  players:
    - name: Alice
      hand: [{card: Forked Bolt}]
    - name: Bob
      units:
        - {card: Iron Sentinel, at: Battlefield 1}
        - {card: Stone Whelp, at: Battlefield 2}
"""


def test_the_split_dialog_says_any_division_is_legal_not_the_combat_order(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A division of an effect's damage (P-77) in its own words: no lethal order, any split."""
    open_text(window, FORKED_BOLT)
    seen: list[object] = []

    def one_and_three(dialog: QDialog) -> None:
        assert isinstance(dialog, AssignmentDialog)
        head = dialog.findChildren(QLabel)[0].text()
        tips = [button.toolTip() for button in dialog.moves["stone-whelp"]]
        seen.append((dialog.windowTitle(), "Any division is legal (P-77)" in head))
        seen.append(("lethal before" in head, "Assign" in " ".join(tips)))
        typed(iron_sentinel=1, stone_whelp=3)(dialog)
        seen.append(dialog.status.text())

    answer_with(monkeypatch, one_and_three)
    play_from_menu(window, "forked-bolt")
    window.card_clicked("iron-sentinel")
    assert window.last_menu is not None
    passing = next(a for a in window.last_menu.actions() if a.text().startswith("Pass"))
    window.last_menu.close()
    passing.trigger()  # nobody responds: it resolves
    assert seen == [("Divide the damage", True), (False, False), "Divided 4 of 4"]
    table = window.session.steps[-1].table
    assert table.cards["iron-sentinel"].damage == 1  # type: ignore[attr-defined]
    assert table.cards["stone-whelp"].zone == "trash"  # type: ignore[attr-defined]  # 3 killed it


GLIMPSE = """\
ruleset: might
title: A look at the top of a deck
rules: [P-109]
cards:
  - {name: Glimpse, kind: spell, effects: [{do: look_at_deck, amount: 3, keep: 1}]}
setup:
  players:
    - name: Alice
      hand: [{card: Glimpse}]
      deck: [Spark, Stone Whelp, Iron Sentinel, Thornback]
    - name: Bob
"""


def test_the_pick_dialog_orders_the_cards_looked_at_and_the_answer_is_written(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, GLIMPSE)
    seen: list[object] = []

    def whelp_first(dialog: QDialog) -> None:
        assert isinstance(dialog, PickDialog)
        rows = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        seen.append((rows, dialog.answer()))  # the default: as they were
        dialog.list.insertItem(0, dialog.list.takeItem(1))  # the whelp to the top
        dialog.list.insertItem(1, dialog.list.takeItem(2))  # the sentinel above the spark
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    monkeypatch.setattr(PickDialog, "exec", lambda d: whelp_first(d) or d.result())
    play_from_menu(window, "glimpse")
    assert seen == []  # the spell waits on the chain; it looks as it resolves
    window.window_bar.proceed()
    assert seen == [
        (
            [
                "alice-deck-1: Spark",
                "alice-deck-2: Stone Whelp",
                "alice-deck-3: Iron Sentinel",
            ],
            ("alice-deck-1", "alice-deck-2", "alice-deck-3"),
        )
    ]
    [action] = window.session.actions()
    assert action.pick == {"glimpse": ("alice-deck-2", "alice-deck-3", "alice-deck-1")}  # type: ignore[attr-defined]
    table = window.session.steps[-1].table
    assert table.cards["alice-deck-2"].zone == "hand"  # type: ignore[attr-defined]
    assert table.players[0].deck == ("alice-deck-4", "alice-deck-3", "alice-deck-1")  # type: ignore[attr-defined]
    step = next(s for s in window.session.steps if "into the hand" in s.description)
    assert "(Alice's choice)" in step.description and "in the order Alice chose" in step.description


def test_cancel_in_the_pick_dialog_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, GLIMPSE)
    shown: list[QDialog] = []

    def cancel(dialog: QDialog) -> int:
        shown.append(dialog)
        press(QDialogButtonBox.StandardButton.Cancel)(dialog)
        return dialog.result()

    monkeypatch.setattr(PickDialog, "exec", cancel)
    play_from_menu(window, "glimpse")
    steps, actions = list(window.session.steps), window.session.actions()
    window.window_bar.proceed()
    assert len(shown) == 1 and window.statusBar().currentMessage() == "Cancelled"
    assert window.session.steps == steps and window.session.actions() == actions
    assert window.session.waiting is not None  # the spell still waits to resolve


HERALD = """\
ruleset: might
title: A trigger's battlefield
rules: [P-74]
cards:
  - name: Herald
    kind: unit
    might: 2
    abilities:
      - when: played
        name: March
        target: {side: own, other: true}
        effects: [{do: move, to: chosen}]
setup:
  players:
    - {name: Alice, hand: [{card: Herald}], units: [{card: Stone Whelp}]}
    - {name: Bob, units: [{card: Iron Sentinel, at: Battlefield 1}]}
"""


def test_the_battlefield_dialog_picks_a_triggers_battlefield_and_the_answer_is_written(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P-74: asked as the trigger goes on the chain (its one legal target asks nothing)."""
    open_text(window, HERALD)
    seen: list[object] = []

    def second(dialog: QDialog) -> None:
        assert isinstance(dialog, BattlefieldDialog)
        rows = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        seen.append((dialog.windowTitle(), rows, dialog.answer()))  # the default: the first
        dialog.list.setCurrentRow(1)
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    monkeypatch.setattr(BattlefieldDialog, "exec", lambda d: second(d) or d.result())
    play_from_menu(window, "herald")
    assert seen == [
        (
            "Alice chooses a battlefield",
            ["Battlefield 1: held by nobody", "Battlefield 2: held by nobody"],
            ("Battlefield 1",),
        )
    ]
    step = next(s for s in window.session.steps if "triggers: March" in s.description)
    assert step.description.endswith("moving to Battlefield 2 (Alice's choice)")
    window.window_bar.proceed()
    [action] = window.session.actions()
    assert action.to == {"herald": "Battlefield 2"}  # type: ignore[attr-defined]
    table = window.session.steps[-1].table
    assert table.cards["stone-whelp"].battlefield == 1  # type: ignore[attr-defined]


def test_cancel_in_the_battlefield_dialog_changes_nothing(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_text(window, HERALD)
    monkeypatch.setattr(
        BattlefieldDialog,
        "exec",
        lambda d: press(QDialogButtonBox.StandardButton.Cancel)(d) or d.result(),
    )
    steps, actions = list(window.session.steps), window.session.actions()
    play_from_menu(window, "herald")
    assert window.statusBar().currentMessage() == "Cancelled"
    assert window.session.steps == steps and window.session.actions() == actions
