"""The deltas written over a card for a step (app/presentation/step_marks.py): short, signed,
in words; never a Python form, and nothing a card's badge already says."""

from __future__ import annotations

from pathlib import Path

from app.presentation.step_marks import delta_text
from app.souls.view import VIEW
from engine.assets import SCENARIOS
from engine.changes import Played, StatChanged
from engine.souls.changes import BonusChanged
from engine.souls.table import Bonus
from engine.table_shape import TableShape
from engine.timeline import Step


def test_a_bonus_delta_is_its_signed_amount_and_a_play_is_one_word() -> None:
    curse = Bonus(stat="max_hp", amount=-10, duration="permanent", source="withering-curse")
    view = VIEW
    added = BonusChanged(kind="bonus_added", card="sylva", bonus=curse.describe())
    ended = BonusChanged(kind="bonus_ended", card="sylva", bonus=curse.describe())
    assert delta_text(added, view) == "-10 max HP"
    assert delta_text(ended, view) == "-10 max HP ends"
    assert delta_text(Played(card="iron-mail", to="armament of sylva"), view) == "played"


def test_a_might_combat_joins_every_attacker_and_defender_by_an_arrow() -> None:
    from app.presentation.step_marks import step_marks
    from engine.assets import SCENARIOS
    from engine.scenario import Playthrough, load_scenario

    scenario, source = load_scenario(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    declared = next(s for s in play.game.steps if s.description.startswith("Combat at"))
    marks = step_marks(declared, set(declared.table.cards))  # type: ignore[attr-defined]
    assert marks.arrows == [("vanguard-captain", "bob-whelp"), ("alice-whelp", "bob-sentinel")]


def test_a_combat_with_more_defenders_joins_as_many_pairs_as_it_has_attackers() -> None:
    """One attacker against three defenders: one arrow, to the first; the others are marked
    "defends". Two combats declared in one step pair each place's sides apart."""
    from app.presentation.step_marks import step_marks
    from engine.changes import Declared

    combat = steps_of(SCENARIOS / "might" / "M-10-assignment-limits.yaml")[1]
    assert combat.description.startswith("Combat at Battlefield 1")
    marks = step_marks(combat, set(combat.table.cards))
    assert marks.arrows == [("alice-sentinel", "stone-whelp")]
    assert marks.texts("vanguard-captain") == ["defends"]
    elsewhere = [
        Declared(card="vanguard-captain", target="Battlefield 2"),
        Declared(card="bob-sentinel", role="defends", target="Battlefield 3"),
    ]
    apart = combat.model_copy(update={"changes": (*combat.changes[:3], *elsewhere)})
    assert step_marks(apart, set(combat.table.cards)).arrows == [("alice-sentinel", "stone-whelp")]


def test_a_rulesets_own_kinds_are_said_in_its_views_words() -> None:
    """Might's replacement and souls' line are theirs: the shared words know neither."""
    from app.might.view import VIEW as MIGHT
    from engine.might.changes import Replaced
    from engine.souls.changes import LineChanged

    shield = Replaced(card="u", effect="ward", effect_kind="prevention", before=2, after=0)
    doubler = Replaced(card="u", effect="twice", effect_kind="doubling", before=2, after=4)
    assert delta_text(shield, MIGHT) == "2 prevented"
    assert delta_text(doubler, MIGHT) == "doubled to 4"
    assert delta_text(LineChanged(card="sylva", before="back", after="front"), VIEW) == "→ front"


def test_what_a_step_names_without_a_number_is_said_in_a_few_words() -> None:
    """A lasting effect gained or ended and a combat role (might), a turn's uses given back
    (souls): each in its ruleset's words, short enough for one chip."""
    from app.might.view import VIEW as MIGHT
    from engine.might.changes import EffectChanged, RoleChanged
    from engine.souls.changes import Refreshed

    stun = EffectChanged(kind="effect_added", card="u", effect="e2", what="stun")
    ward = EffectChanged(kind="effect_ended", card="u", effect="e1", what="prevention")
    assert delta_text(stun, MIGHT) == "+stun"
    assert delta_text(ward, MIGHT) == "prevention ends"
    save = EffectChanged(kind="effect_ended", card="u", effect="e3", what="death replacement")
    assert delta_text(save, MIGHT) == "save ends"
    assert delta_text(RoleChanged(card="u", before="attacker", after="none"), MIGHT) == "no role"
    assert delta_text(RoleChanged(card="u", before="none", after="defender"), MIGHT) == "defender"
    assert delta_text(Refreshed(card="sylva", uses=("attack",)), VIEW) == "can attack"
    both = Refreshed(card="sylva", uses=("attack", "prevent"))
    assert delta_text(both, VIEW) == "can attack, prevent"


def test_a_number_is_vital_a_word_may_fold() -> None:
    """A delta with a number (damage, HP, a stat, a bonus, an assignment) always shows in full;
    one in words ("→ trash", "played") may give way to "+N more"."""
    from app.might.view import VIEW as MIGHT
    from app.presentation.step_marks import delta_of
    from engine.changes import Moved, StatChanged
    from engine.might.changes import DamageAssigned

    assert delta_of(StatChanged(card="u", stat="might", before=2, after=3), MIGHT).vital
    assert delta_of(DamageAssigned(card="u", amount=5, sources=("a",)), MIGHT).text == "5 assigned"
    assert delta_of(DamageAssigned(card="u", amount=5, sources=("a",)), MIGHT).vital
    assert delta_of(StatChanged(card="s", stat="damage", before=0, after=10), VIEW).vital
    assert not delta_of(Moved(card="u", before="hand", after="trash"), MIGHT).vital
    assert not delta_of(Played(card="u", to="chain"), MIGHT).vital


def test_the_shared_kinds_are_said_in_a_word_and_a_change_between_words_says_both() -> None:
    """A death, a trigger, an activation in a word of their own ("dies", not the kind's
    "died"); a ruleset's change from one word to another that its view does not word itself
    (might's control) says what changed, from and to; any other change its kind, in words."""
    from app.might.view import VIEW as MIGHT
    from engine.changes import Activated, Died, GameEnded, Triggered
    from engine.might.changes import ControlChanged

    assert delta_text(Died(card="u", place="base", to="trash"), MIGHT) == "dies"
    assert delta_text(Triggered(card="u", ability="Deathknell"), MIGHT) == "triggers"
    assert delta_text(Activated(card="u", ability="Tap"), MIGHT) == "activates"
    taken = ControlChanged(card="u", before="Alice", after="Bob")
    assert delta_text(taken, MIGHT) == "control: Alice → Bob"
    over = GameEnded(winner="Alice", reason="Bob has no units")  # any other: its kind in words
    assert delta_text(over, MIGHT) == "game over"


def steps_of(path: Path) -> list[Step[TableShape]]:
    from engine.scenario import Playthrough, load_scenario

    scenario, source = load_scenario(path)
    play = Playthrough(scenario, source)
    play.run(scenario.script)
    return list(play.game.steps)


def test_damage_from_a_card_off_the_table_names_it_on_the_damaged_card() -> None:
    """A spell resolving from the chain is on no place of the table: the damage it deals says
    where it came from, "← Spark", and the card's tooltip line says it in full."""
    from app.presentation.step_marks import step_marks

    step = next(
        s
        for s in steps_of(SCENARIOS / "might" / "M6-two-spells-of-2-kill-at-next-check.yaml")
        if any(isinstance(c, StatChanged) and c.stat == "damage" for c in s.changes)
    )
    marks = step_marks(step, {"iron-sentinel"})
    assert [(d.text, d.vital, d.elides) for d in marks.deltas["iron-sentinel"]] == [
        ("+2 damage", True, False),
        ("← Spark", True, True),  # elided where too long for its line, as a list of names is
    ]
    assert marks.said["iron-sentinel"] == ("iron-sentinel damage 0 -> 2 (from Spark)",)
    assert marks.damage_from == {}


def test_damage_from_cards_on_the_table_asks_for_an_arrow_from_one_of_them() -> None:
    """Combat damage comes from the other side: the scene draws its arrow from the nearest."""
    from app.presentation.step_marks import step_marks

    deal = next(
        s
        for s in steps_of(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
        if "Deal" in s.phase
    )
    marks = step_marks(deal, set(deal.table.cards))
    assert marks.damage_from["bob-sentinel"] == ("vanguard-captain", "alice-whelp")
    assert marks.damage_from["alice-whelp"] == ("bob-whelp", "bob-sentinel")


def test_damage_from_many_cards_off_the_table_names_them_all() -> None:
    """Combat damage from a side none of whose cards is drawn (a table shown in part): the
    printed names of the cards it came from, in order, on the damaged card and in its tooltip
    line."""
    from app.presentation.step_marks import step_marks

    deal = next(
        s
        for s in steps_of(SCENARIOS / "might" / "M-10-assignment-is-a-sequence.yaml")
        if "Deal" in s.phase
    )
    marks = step_marks(deal, {"bob-sentinel"})
    assert marks.texts("bob-sentinel")[-1] == "← Vanguard Captain, Stone Whelp"
    assert marks.said["bob-sentinel"][-1].endswith(" (from Vanguard Captain, Stone Whelp)")
    assert "bob-sentinel" not in marks.damage_from


def test_a_stat_is_named_in_its_views_words_else_by_its_key() -> None:
    from app.might.view import VIEW as MIGHT

    assert delta_text(StatChanged(card="u", stat="might", before=2, after=3), MIGHT) == "+1 Might"
    assert delta_text(StatChanged(card="s", stat="max_hp", before=20, after=25), VIEW) == (
        "+5 max HP"
    )
    unnamed = StatChanged(card="u", stat="spell_power", before=2, after=0)
    assert delta_text(unnamed, MIGHT) == "-2 spell power"


def test_a_change_made_twice_in_a_step_is_counted() -> None:
    """Two bonuses of one card ending together: one delta, "×2"."""
    from app.presentation.step_marks import step_marks

    capture = next(
        s
        for s in steps_of(SCENARIOS.parent / "lessons" / "souls" / "09-paying-nothing.yaml")
        if s.description.startswith("ash-zealot is captured")
    )
    marks = step_marks(capture, set(capture.table.cards))
    assert marks.texts("ash-zealot") == ["+5 power ends ×2", "captured"]
    assert marks.texts("no-such-card") == []  # a card the step did not change: no marks


def step_at(path: Path, index: int) -> Step[TableShape]:
    return steps_of(path)[index]


def test_an_arrow_runs_from_the_card_whose_action_effect_or_trigger_the_step_is() -> None:
    """To each card the step changed but the cause itself, once (a declaration's arrow is the
    same); none from a playtester's deal or the rules (an attack's damage has its own arrow),
    none to or from a card off the table."""
    from app.presentation.step_marks import step_marks

    might = SCENARIOS / "might"
    cases = [
        (SCENARIOS / "souls" / "14.1.1-damage-sources.yaml", 2, ("firebolt", "bob-squire")),
        (might / "M-11-deal-all-at-once.yaml", 11, ("hound", "iron-sentinel")),
        (might / "P-63-delayed-triggers-left-by-a-spell.yaml", 9, ("deathmark", "iron-sentinel")),
    ]
    for path, index, (source, target) in cases:
        step = step_at(path, index)
        assert step.cause.kind in ("action", "effect", "trigger"), step.cause
        assert step_marks(step, set(step.table.cards)).arrows == [(source, target)]
        assert step_marks(step, set(step.table.cards) - {source}).arrows == []
        assert step_marks(step, set(step.table.cards) - {target}).arrows == []
    attack = step_at(SCENARIOS / "souls" / "14.1.1-damage-sources.yaml", 4)
    marks = step_marks(attack, set(attack.table.cards))
    assert marks.arrows == [("alice-squire", "bob-squire")]  # declared; the attacker's own
    assert marks.texts("alice-squire") == ["attacks"]  # delta draws no arrow to itself
    dealt = step_at(might / "M-26-prevention-for-all-your-units.yaml", 7)
    assert dealt.cause.kind == "playtester"
    assert step_marks(dealt, set(dealt.table.cards)).arrows == []
    damage = step_at(SCENARIOS / "souls" / "14.1.1-damage-sources.yaml", 5)
    assert (damage.cause.kind, damage.cause.card) == ("rule", "alice-squire")  # attack damage
    marks = step_marks(damage, set(damage.table.cards))
    assert (marks.arrows, marks.damage_from) == ([], {"bob-squire": ("alice-squire",)})


def test_a_change_about_no_card_is_marked_on_its_place() -> None:
    """A rune pool's change on its player's base, each player's on their own; no card marked."""
    from app.presentation.step_marks import Delta, step_marks

    might = SCENARIOS / "might"
    gained = step_at(might / "M-1-actions-need-a-unit-on-the-table.yaml", 8)
    marks = step_marks(gained, set(gained.table.cards))
    assert marks.places == {(0, "base"): (Delta("+2 runes", vital=True),)}
    assert (marks.deltas, marks.arrows, marks.said) == ({}, [], {})
    emptied = step_at(might / "M-13-end-of-turn-sequence.yaml", 18)
    assert step_marks(emptied, set(emptied.table.cards)).places == {
        (0, "base"): (Delta("-3 runes", vital=True),),
        (1, "base"): (Delta("-1 runes", vital=True),),
    }
