"""The inspector's rows for a souls card: kind, owner, where, HP, Power, bonuses, prevention,
text."""

from __future__ import annotations

from engine.souls.table import SoulsTable


def card_rows(table: SoulsTable, uid: str) -> list[tuple[str, str]]:
    card, definition = table.cards[uid], table.definition(uid)
    owner = table.players[card.owner].name
    status = (
        ("shattered" if card.zone == "realm" else "captured")
        if card.face_down
        else ("active" if card.zone in ("slot", "realm") else card.zone)
    )
    rows = [
        ("Kind", definition.kind),
        ("Owner", owner),
        ("Where", card.place()),
        ("Status", status),
    ]
    if definition.kind in ("soul", "realm"):
        hp_parts = [f"base {definition.hp}"]
        hp_parts += [
            f"{b.amount:+d} from {b.source}"
            + (" until end of turn" if b.duration == "end_of_turn" else "")
            for b in card.bonuses
            if b.stat == "max_hp"
        ]
        hp_parts += [
            f"{table.defs[a.name].grants_hp:+d} from Armament {a.uid}"
            for a in table.armaments(uid)
            if table.defs[a.name].grants_hp
        ]
        counted = table.static_bonus(uid, "max_hp")
        if counted:
            hp_parts.append(
                f"{counted:+d} counted ({', '.join(s.describe() for s in definition.statics)})"
            )
        rows += [
            ("HP", f"{table.hp(uid)} of {table.max_hp(uid)} max"),
            ("Max HP", " ".join(hp_parts)),
            ("Damage", str(card.damage)),
        ]
    if definition.kind == "soul":
        power_parts = [f"base {definition.power}"]
        power_parts += [
            f"{b.amount:+d} from {b.source}"
            + (" until end of turn" if b.duration == "end_of_turn" else "")
            for b in card.bonuses
            if b.stat == "power"
        ]
        power_parts += [
            f"{table.defs[a.name].grants_power:+d} from Armament {a.uid}"
            for a in table.armaments(uid)
            if table.defs[a.name].grants_power
        ]
        rows += [
            ("Power", f"{table.power(uid)} = {' '.join(power_parts)}"),
            ("Rank", str(definition.rank)),
            ("Traits", ", ".join(definition.traits) or "—"),
            ("Line", table.line(uid) or "—"),
        ]
    prevention = [s.describe() for s in card.shields]
    if definition.prevents is not None:
        used = " (used this turn)" if card.prevented_this_turn else ""
        prevention.append(f"{definition.prevents.describe()}{used}")
    if prevention:
        rows.append(("Prevention", "; ".join(prevention)))
    if definition.kind == "realm":
        rows.append(("Counterblow", str(definition.counterblow)))
    rows.append(("Text", definition.text))
    return rows
