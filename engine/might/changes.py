"""The kinds of change only might records, registered with its ruleset (``Ruleset.changes``);
the shapes every ruleset shares are in ``engine.changes``."""

from __future__ import annotations

from typing import Literal, Protocol

from engine.changes import CardChange


class Replaced(CardChange):
    """A replacement effect changed a damage event (M-4): prevention, with what it spent and
    what is left (M-5), or doubling."""

    kind: Literal["replacement"] = "replacement"
    effect: str
    effect_kind: Literal["prevention", "doubling"]
    before: int
    after: int
    spent: int | None = None
    left: str | None = None

    def describe(self) -> str:
        text = f"{self.card}: {self.effect_kind} {self.effect} {self.before} -> {self.after}"
        if self.effect_kind == "prevention":
            text += f" (spent {self.spent}, left {self.left})"
        return text


class DamageAssigned(CardChange):
    """Combat damage assigned to a unit (M-10), dealt with the rest at Deal (M-11): ``amount``
    before its replacements, from the units of the other side (``sources``)."""

    kind: Literal["assigned"] = "assigned"
    amount: int
    sources: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.card} is assigned {self.amount} combat damage"


class Made(CardChange):
    """A token unit was made and entered the table at ``at`` (P-61)."""

    kind: Literal["made"] = "made"
    at: str

    def describe(self) -> str:
        return f"{self.card} is made at {self.at}"

    def made(self) -> set[str]:
        return {self.card}


class ControlChanged(CardChange):
    """Who controls a unit changed: taken until end of turn, or back to its owner (P-107)."""

    kind: Literal["control"] = "control"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} controlled by {self.before} -> {self.after}"


class EffectChanged(CardChange):
    """A lasting effect began on a card (``effect_added``) or left it (``effect_ended``): it
    expired (M-13), was used up (M-20, P-63) or ended with its cause. ``effect``: its id;
    ``what``: its kind in words ("prevention", "stun", "Might modifier")."""

    kind: Literal["effect_added", "effect_ended"]
    effect: str
    what: str

    def describe(self) -> str:
        verb = "gains" if self.kind == "effect_added" else "loses"
        return f"{self.card} {verb} {self.what} {self.effect}"


class _Effect(Protocol):
    @property
    def id(self) -> str: ...

    def what(self) -> str: ...


def effect_added(card: str, effect: _Effect) -> EffectChanged:
    """``effect`` began on ``card``."""
    return _effect_changed("effect_added", card, effect)


def effect_ended(card: str, effect: _Effect) -> EffectChanged:
    """``effect`` left ``card``."""
    return _effect_changed("effect_ended", card, effect)


def _effect_changed(
    kind: Literal["effect_added", "effect_ended"], card: str, effect: _Effect
) -> EffectChanged:
    # the engine's own values, not validated (a hot path: every Might modifier)
    return EffectChanged.model_construct(kind=kind, card=card, effect=effect.id, what=effect.what())


class RoleChanged(CardChange):
    """A unit's combat role changed (M-28, M-29): it joined the combat as an attacker or a
    defender, or left its role (``none``)."""

    kind: Literal["role"] = "role"
    before: str
    after: str

    def describe(self) -> str:
        return f"{self.card} combat role {self.before} -> {self.after}"


def role_changed(card: str, before: str | None, after: str | None) -> RoleChanged:
    """``card``'s combat role went from ``before`` to ``after`` (None: no role)."""
    return RoleChanged.model_construct(card=card, before=before or "none", after=after or "none")


MIGHT_CHANGES = (Replaced, DamageAssigned, Made, ControlChanged, EffectChanged, RoleChanged)
