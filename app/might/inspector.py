"""What the inspector shows of might: a card's rows (kind, owner, where, Might, damage, lethal,
prevention, doubling, what a spell targets, a gear's status, abilities and replacement, text)
and a step's damage replacements."""

from __future__ import annotations

from app.presentation.views import ChangeTable
from engine.might import auras, statics
from engine.might.cards import describe_choice, runes
from engine.might.changes import Replaced
from engine.might.table import MightTable


def card_rows(table: MightTable, uid: str) -> list[tuple[str, str]]:
    card, definition = table.cards[uid], table.definition(uid)
    rows = [
        ("Kind", definition.kind + (" (Reaction)" if definition.speed == "reaction" else "")),
        ("Owner", table.players[card.owner].name),
        *(
            [("Controller", f"{table.players[card.controller].name} (P-107)")]
            if card.controller != card.owner
            else []
        ),
        ("Where", card.place(table)),
    ]
    if card.token:
        rows.append(("Token", "made by an effect; it ceases to exist off the table (P-61)"))
    if definition.cost:
        rows.append(("Cost", runes(definition.cost)))
    if definition.kind == "unit" and definition.enters == "ready":
        rows.append(("Enters", "ready when played (not exhausted, M-32)"))
    if definition.target is not None:
        rows.append(("Targets", describe_choice(definition.target)))
    if definition.kind == "unit" and table.on_table(uid):
        might = " ".join(
            [f"base {definition.might}"]
            + [m.describe() for m in card.modifiers]
            + [
                f"+{bonus} ({'Assault' if card.role == 'attacker' else 'Shield'})"
                for bonus in [table.role_bonus(uid)]
                if bonus
            ]
            + [f"{a.might:+d} ({source}'s aura)" for source, a in auras.contributions(table, uid)]
        )
        rows += [
            ("Might", f"{table.might(uid)} = {might}"),
            ("Marked damage", str(card.damage)),
            (
                "Lethal",
                f"{'yes' if table.is_lethal(uid) else 'no'} (requirement: "
                f"{card.lethal[-1].describe() if card.lethal else 'current Might'}, "
                "at least 1 damage)",
            ),
            ("Status", "exhausted" if card.exhausted else "ready"),
        ]
        rows += [("Prevention", s.describe()) for s in table.covered(uid).shields]
        rows += [("Doubling", d.describe()) for d in card.doublers]
        rows += [
            ("Stun" if x.status == "stunned" else "Damage", x.describe()) for x in card.statuses
        ]
        rows += [("Instead of dying", save.describe()) for save in card.saves]
        rows += [("Delayed trigger", trigger.describe()) for trigger in card.delayed]  # P-63
        rows += [("Aura", aura.describe()) for aura in definition.auras]
        holding = statics.active(table, uid)  # P-98: what it has while a condition holds
        rows += [
            ("While", f"{s.describe()} ({'holds now' if s in holding else 'not now'})")
            for s in definition.statics
        ]
        if definition.bonus_damage is not None:
            rows.append(("Bonus Damage", f"{definition.bonus_damage.describe()} (P-76)"))
        rows += [("Ability", ability.describe()) for ability in definition.abilities]
        if definition.keywords:
            rows.append(("Keywords", ", ".join(definition.keywords)))
        rows += [("Keywords granted", grant.describe()) for grant in card.granted]
    if definition.kind == "gear" and table.on_table(uid):  # no unit: no Might, no damage (P-66)
        rows.append(("Status", "exhausted" if card.exhausted else "ready"))
        rows += [("Ability", ability.describe()) for ability in definition.abilities]
    if definition.replaces is not None:
        rows.append(("Instead of dying", f"{definition.replaces.describe()} (P-67)"))
    rows.append(("Text", definition.text))
    return rows


def replacements_table(replaced: list[Replaced]) -> ChangeTable:
    """A step's replacements as they applied to its damage, in order (M-4, M-5)."""
    columns = ("unit", "effect", "amount before", "after", "prevention spent", "left")
    rows = tuple(
        (
            r.card,
            f"{r.effect} ({r.effect_kind})",
            str(r.before),
            str(r.after),
            "" if r.spent is None else str(r.spent),
            r.left or "",
        )
        for r in replaced
    )
    return ChangeTable("Damage replacements, in the order applied", columns, rows)
