"""What a death check compared, in words: a unit's marked damage against what is lethal for it,
its Might (M1), any damage at Might 0 or less (M-2) or the requirement an effect set (M-3). The
steps that say who dies, who survives and who is saved read them from here."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.might.table import MightCard, MightTable


def compared(table: MightTable, uid: str, lethal: bool) -> str:
    """``uid``'s marked damage against what is lethal for it now, which the check found it
    reached (``lethal``) or not: "damage 5 >= Might 4", "damage 2 < Might 4"."""
    return _compared(table, uid, lethal)[0]


def survived(table: MightTable, uids: Sequence[str]) -> tuple[dict[str, str], list[str]]:
    """Each of ``uids``, which a death check found not lethal, with its comparison, and the
    rules that set what was lethal for them (``lethal_rules``): each requirement worked out
    once, as every cleanup names those whose damage changed."""
    words: dict[str, str] = {}
    rules = set()
    for uid in uids:
        words[uid], rule = _compared(table, uid, False)
        rules.add(rule)
    rules.discard("M1")
    return words, ["M1", *sorted(rules)]


def _compared(table: MightTable, uid: str, lethal: bool) -> tuple[str, str]:
    """``compared``, with the rule that set the requirement (``_rule``'s)."""
    card = table.cards[uid]  # read once, with its requirement (``_requirement`` on the card)
    against, rule = _requirement(table, card)
    if rule == "M-2":
        return f"damage {card.damage} at {against} (any damage is lethal)", rule
    return f"damage {card.damage} {'>=' if lethal else '<'} {against}", rule


def lethal_rules(table: MightTable, uids: Collection[str]) -> list[str]:
    """The rules that set what was lethal for ``uids``: M1, with M-2 at Might 0 or less and
    M-3 for a requirement an effect set."""
    if len(uids) <= 1:  # a cleanup names nobody or one unit, most often: no set, no sort
        rule = "M1" if not uids else _rule(table, next(iter(uids)))
        return ["M1"] if rule == "M1" else ["M1", rule]
    others = {_rule(table, uid) for uid in uids} - {"M1"}
    return ["M1", *sorted(others)]


def _rule(table: MightTable, uid: str) -> str:
    """``_requirement``'s rule alone, without its words: every cleanup cites it for each unit
    it names."""
    if table.cards[uid].lethal_override is not None:
        return "M-3"
    return "M1" if table.might(uid) >= 1 else "M-2"


def _requirement(table: MightTable, card: MightCard) -> tuple[str, str]:
    """What the unit ``card``'s damage is compared with, in words, and the rule that makes it
    so: its Might (M1), Might 0 or less, where any damage is lethal (M-2), or an effect's
    requirement (M-3)."""
    override = card.lethal_override
    if override is not None:
        return f"lethal {max(1, override.threshold)} (from {override.source})", "M-3"
    might = table.might(card.uid)
    return f"Might {might}", "M1" if might >= 1 else "M-2"


def verdict(uids: Sequence[str], verbs: tuple[str, str], words: Mapping[str, str]) -> str:
    """``uids`` and what befell them, with each one's comparison: "a dies: damage 5 >= Might 4",
    "a and b die: a damage 5 >= Might 4, b damage 2 >= Might 2" (``verbs``: one, several);
    nothing for no unit."""
    if not uids:
        return ""
    if len(uids) == 1:
        return f"{uids[0]} {verbs[0]}: {words[uids[0]]}"
    return f"{' and '.join(uids)} {verbs[1]}: {listed(uids, words)}"


def listed(uids: Sequence[str], words: Mapping[str, str]) -> str:
    """Each unit with its comparison: "a damage 2 < Might 4, b damage 1 < Might 3"."""
    return ", ".join(f"{uid} {words[uid]}" for uid in uids)
