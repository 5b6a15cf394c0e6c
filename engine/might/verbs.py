"""The verbs of might script actions (``engine.verbs``), each bound to its ``MightGame`` methods.

Names in an action become the game's numbers here: a battlefield's or a player's name its
index. A played spell's responses and the chain's resolution after them are the runner's
(``engine.might.runner``): the verb is the play (M-7).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal, Self

from pydantic import Field, model_validator

from engine import verbs
from engine.choices import Assigned
from engine.errors import RuleError
from engine.might.card_effects import Duration, Effect, Scope
from engine.might.cards import (
    Choosing,
    chooses_a_battlefield,
    fewest_targets,
    most_targets,
    opponent_chooses,
)
from engine.might.table import MightTable
from engine.names import Name
from engine.verbs import Bound, Offered, Verb, Verbs, bind

if TYPE_CHECKING:
    from engine.might.game import MightGame
    from engine.might.scenario import Action
    from engine.windows import Waiting


TARGET = """The id of the unit on the table it targets, of the side its ``target`` allows (M5);
omitted for a card or ability that does not target."""
TARGETS = """The ids of the units, for one that chooses several targets (``count``, or a list of
specs: one for each, in its order) (P-41), in order; instead of ``target``."""
TO = """The name of the battlefield its ``to: chosen`` move goes to, chosen as it is played or
activated (P-74); only for a card or an ability that moves units there."""
RESPONSES = """Actions played, in order, while it is on the chain (Reactions, edits, ``resolve``);
after them a top-level one resolves the whole chain."""
LASTS = """``this_turn``: to expiration (c); ``this_combat``: to the end of the combat under way or
the next one this turn (P-38); ``until_your_next_turn``: to its owner's next turn (P-17);
``permanent``."""
EFFECT_ID = """Its name; omitted: ``e<n>``, the next effect id. Neither a name the unit's effects
use nor of the form ``e<digits>`` (M-4)."""
COVERS = """The damage it covers: ``all``, or only ``combat`` or ``spell`` damage (damage from a
triggered ability only ``all`` covers, P-20)."""


class Aimed(Verb):
    """A verb that may choose targets and waits on the chain for responses (M-7)."""

    nested_key: ClassVar[str | None] = "responses"
    if TYPE_CHECKING:  # each subclass declares them where its arguments list them
        target: Name | None
        targets: tuple[Name, ...]
        to: Name | None
        responses: tuple[Action, ...]

    @model_validator(mode="after")
    def _one_way(self) -> Self:
        if self.target is not None and self.targets:
            raise ValueError("give `target` (one unit) or `targets` (a list), not both")
        return self

    def chosen(self) -> str | tuple[str, ...] | None:
        return self.targets or self.target

    def place(self, table: MightTable) -> int | None:
        """The index of the battlefield named by ``to``, if any (P-74)."""
        return None if self.to is None else battlefield_index(table, self.to)


def places(table: MightTable, effects: tuple[Effect, ...]) -> tuple[str | None, ...]:
    """The ``to:`` a card or an ability may be given: each battlefield's name when its
    effects move units to one chosen then (P-74), else none."""
    if not chooses_a_battlefield(effects):
        return (None,)
    return tuple(b.name for b in table.battlefields)


def pick_prompt(table: MightTable, spec: Choosing, controller: int, name: str) -> str:
    """What the app says while the targets are clicked: whose choice it is where the opponent
    makes it (P-95)."""
    if opponent_chooses(spec):
        return f"{table.players[1 - controller].name} chooses: click the target unit for {name}"
    return f"Click the target unit for {name}"


def _to(place: str | None) -> str:
    return "" if place is None else f" to {place}"


def aimed(targets: tuple[str, ...]) -> dict[str, str | tuple[str, ...]]:
    """Targets as a file writes them: ``target`` for one, ``targets`` for more."""
    return {"target": targets[0]} if len(targets) == 1 else {"targets": targets}


def unit(table: MightTable, uid: str | None, gear_too: bool = False) -> str | None:
    """``uid`` when it names a unit on the table (at a base or a battlefield), or with
    ``gear_too`` a gear there (P-66), else None."""
    if uid is None or not table.on_table(uid):
        return None
    return uid if gear_too or table.is_unit(uid) else None


class Play(Aimed):
    """``play``: a card from its owner's hand, its cost paid: a unit to the base, a spell onto
    the chain (M-1, M-7)."""

    key: ClassVar[str] = "play"

    card: Name
    """The id of the card in its owner's hand; its ``cost`` is paid from the rune pool (P-19)."""
    target: Name | None = Field(None, description=TARGET)
    targets: tuple[Name, ...] = Field((), description=TARGETS)
    to: Name | None = Field(None, description=TO)
    accelerate: bool = False
    """``true``: a unit with ``Accelerate N`` is played for N more runes and enters ready
    (P-89); refused for a card without Accelerate."""
    responses: tuple[Action, ...] = Field((), description=RESPONSES)

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None or table.cards[uid].zone != "hand":
            return
        definition = table.definition(uid)
        name, spec = table.cards[uid].name, definition.target
        for place in places(table, definition.effects):
            if spec is None:
                yield Offered(f"Play {name}{_to(place)}", "Play", cls(card=uid, to=place))
            else:
                yield Offered(
                    f"Play {name}{_to(place)}…",
                    "Play",
                    pick=partial(cls.at, uid, place),
                    pick_prompt=pick_prompt(table, spec, table.cards[uid].owner, name),
                    most=most_targets(spec) or len(table.cards),
                    fewest=fewest_targets(spec),
                )
        if definition.kind == "unit" and definition.keyword("Accelerate"):
            yield Offered(f"Play {name} accelerated", "Play", cls(card=uid, accelerate=True))

    @classmethod
    def at(cls, uid: str, place: str | None, targets: tuple[str, ...]) -> Play:
        """Playing ``uid`` at ``targets``, moving units to ``place`` (P-74)."""
        return cls(card=uid, to=place, **aimed(targets))

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_play,
            game.can_play,
            game.play,
            self.card,
            self.chosen(),
            self.place(game.table),
            self.accelerate,
        )


class Activate(Aimed):
    """``activate``: a unit's or a gear's controller pays an activated ability's cost and it
    goes on the chain (P-42, P-66)."""

    key: ClassVar[str] = "activate"

    card: Name
    """The id of the unit or the gear on the table (P-66)."""
    ability: int = Field(default=0, ge=0)
    """Which one: counted among the card's ``when: activated`` abilities from 0."""
    target: Name | None = Field(None, description=TARGET)
    targets: tuple[Name, ...] = Field((), description=TARGETS)
    to: Name | None = Field(None, description=TO)
    responses: tuple[Action, ...] = Field((), description=RESPONSES)

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if (uid := unit(table, uid, gear_too=True)) is None:
            return
        activated = [a for a in table.definition(uid).abilities if a.when == "activated"]
        for number, ability in enumerate(activated):
            name = ability.name or f"ability {number + 1}"
            for place in places(table, ability.effects):
                if ability.target is None:
                    yield Offered(
                        f"Activate {name}{_to(place)}",
                        "Play",
                        cls(card=uid, ability=number, to=place),
                    )
                else:
                    yield Offered(
                        f"Activate {name}{_to(place)}…",
                        "Play",
                        pick=partial(cls.at, uid, number, place),
                        pick_prompt=pick_prompt(
                            table, ability.target, table.cards[uid].owner, name
                        ),
                        most=most_targets(ability.target) or len(table.cards),
                        fewest=fewest_targets(ability.target),
                    )

    @classmethod
    def at(cls, uid: str, ability: int, place: str | None, targets: tuple[str, ...]) -> Activate:
        """Activating ``uid``'s activated ability number ``ability`` at ``targets``, moving
        units to ``place`` (P-74)."""
        return cls(card=uid, ability=ability, to=place, **aimed(targets))

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_activate,
            game.can_activate,
            game.activate,
            self.card,
            self.ability,
            self.chosen(),
            self.place(game.table),
        )


class Resolve(Verb):
    """``resolve``: both players pass: the whole chain resolves (M-7); also written bare,
    ``- resolve``."""

    key: ClassVar[str] = "resolve"
    bare: ClassVar[bool] = True

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None and waiting is None:  # while a spell waits, passing resolves
            yield Offered("Resolve the chain", "Turn", cls())

    def bound(self, game: MightGame) -> Bound:
        return bind(game.verify_resolve, game.can_resolve, game.resolve)


class Move(Verb):
    """``move``: the turn player's unit to a battlefield or to its base (M6, P-18)."""

    key: ClassVar[str] = "move"

    unit: Name
    """The id of a unit on the table."""
    to: Name
    """A battlefield's name, or ``base``."""

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if (uid := unit(table, uid)) is not None:
            for place in [b.name for b in table.battlefields] + ["base"]:
                yield Offered(f"Move to {place}", "Move", cls(unit=uid, to=place))

    def bound(self, game: MightGame) -> Bound:
        to = None if self.to == "base" else battlefield_index(game.table, self.to)
        return bind(game.verify_move, game.can_move, game.move, self.unit, to)


class OneUnit(Verb):
    """A verb on one unit, offered on each unit on the table as ``label`` in ``group``."""

    label: ClassVar[str]
    group: ClassVar[str]
    gear_too: ClassVar[bool] = False  # offered on a gear as well (P-66)

    unit: Name
    """The id of a unit on the table."""

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if (uid := unit(table, uid, cls.gear_too)) is not None:
            yield Offered(cls.label, cls.group, cls(unit=uid))


class Recall(OneUnit):
    """``recall``: a unit moves to its base (M6)."""

    key: ClassVar[str] = "recall"
    label: ClassVar[str] = "Recall"
    group: ClassVar[str] = "Move"

    def bound(self, game: MightGame) -> Bound:
        return bind(game.verify_recall, game.can_recall, game.recall, self.unit)


class SetStatus(OneUnit):
    """A unit or a gear readied (``ready``) or exhausted: one rule, two verbs (M6, P-18,
    P-66)."""

    group: ClassVar[str] = "Status"
    gear_too: ClassVar[bool] = True
    ready: ClassVar[bool]

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_set_ready, game.can_set_ready, game.set_ready, self.unit, self.ready
        )


class Ready(SetStatus):
    """``ready``: a unit is readied (M6, P-18)."""

    key: ClassVar[str] = "ready"
    label: ClassVar[str] = "Ready"
    ready: ClassVar[bool] = True


class Exhaust(SetStatus):
    """``exhaust``: a unit is exhausted (M6, P-18)."""

    key: ClassVar[str] = "exhaust"
    label: ClassVar[str] = "Exhaust"
    ready: ClassVar[bool] = False


class ReturnToHand(OneUnit):
    """``return_to_hand``: a unit goes to its owner's hand and loses its damage and every
    effect on it (M-6)."""

    key: ClassVar[str] = "return_to_hand"
    label: ClassVar[str] = "Return to hand"
    group: ClassVar[str] = "Status"

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_return_to_hand, game.can_return_to_hand, game.return_to_hand, self.unit
        )


class Combat(Verb):
    """``combat``: the turn player's units at a battlefield attack, the other player's defend
    (M-9)."""

    key: ClassVar[str] = "combat"

    battlefield: Name
    """The battlefield's name."""
    assign: dict[Name, tuple[Assigned, ...]] = {}
    """Player name: the enemy units in the order that player's damage is assigned to them, each
    once with all it gets (M-10). A player left out gets the default: lethal to each unit in
    turn, in the order they came to the table (never-lethal units last), the rest to the
    first."""

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if (uid := unit(table, uid)) and (at := table.cards[uid].battlefield) is not None:
            name = table.battlefields[at].name
            yield Offered(f"Start combat at {name}", "Combat", cls(battlefield=name))

    def bound(self, game: MightGame) -> Bound:
        for name in self.assign:  # an assignment is given for a player by name (M-10)
            player_index(game.table, name)
        field = battlefield_index(game.table, self.battlefield)
        return bind(game.verify_combat, game.can_combat, game.combat, field)


class EndTurn(verbs.EndTurn):
    """``end_turn``: end-of-turn effects, expiration, the next turn (M10, M-13); also written
    bare, ``- end_turn``."""


class OnAUnit(Verb):
    """A playtester edit of one unit, offered on each unit on the table as ``EDITS`` say."""

    EDITS: ClassVar[dict[str, dict[str, object]]] = {}  # menu label: the edit's arguments

    target: Name
    """The id of a unit on the table, of either player."""

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if (uid := unit(table, uid)) is not None:
            for label, arguments in cls.EDITS.items():
                yield Offered(
                    label, "Playtester edit", cls.model_validate(arguments | {"target": uid})
                )


class Deal(OnAUnit):
    """``deal``: a playtester edit: one damage event with no source."""

    key: ClassVar[str] = "deal"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        f"Deal {n} damage": {"amount": n} for n in (1, 2, 3)
    }

    amount: int = Field(ge=0)
    """The damage, before Bonus Damage and replacements."""
    kind: Literal["spell", "combat", "ability"] = "spell"
    """The kind of damage: which scoped shields and doublers apply."""
    bonus: int = 0
    """Bonus Damage added to ``amount``; the players' own Bonus Damage is not added."""

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_deal,
            game.can_deal,
            game.deal,
            self.target,
            self.amount,
            self.kind,
            self.bonus,
        )


class Heal(OnAUnit):
    """``heal``: a playtester edit: all marked damage removed (M6)."""

    key: ClassVar[str] = "heal"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {"Heal": {}}

    def bound(self, game: MightGame) -> Bound:
        return bind(game.verify_heal, game.can_heal, game.heal, self.target)


class ModifyMight(OnAUnit):
    """``might``: a playtester edit: a Might modifier (M2, M-2)."""

    key: ClassVar[str] = "might"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        "+1 Might this turn": {"amount": 1},
        "−1 Might this turn": {"amount": -1},
    }

    amount: int
    """Added to the unit's Might; may be negative."""
    duration: Duration = Field("this_turn", description=LASTS)

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_modify_might,
            game.can_modify_might,
            game.modify_might,
            self.target,
            self.amount,
            self.duration,
        )


class Shield(OnAUnit):
    """``shield``: a playtester edit: a prevention shield (M3, M-5)."""

    key: ClassVar[str] = "shield"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        "Prevent the next 2 this turn": {"value": 2},
        "Prevent all this turn": {"value": "all"},
    }

    id: Name | None = Field(None, description=EFFECT_ID)
    value: Annotated[int, Field(ge=0)] | Literal["all", "next"]
    """The damage it prevents, ``all``, or ``next`` (the whole next damage event, M-25); not
    negative (M3)."""
    duration: Duration = Field("this_turn", description=LASTS)
    scope: Scope = Field("all", description=COVERS)

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_add_shield,
            game.can_add_shield,
            game.add_shield,
            self.target,
            self.value,
            self.duration,
            self.scope,
            self.id,
        )


class Double(OnAUnit):
    """``double``: a playtester edit: a doubler (M8)."""

    key: ClassVar[str] = "double"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {"Double damage this turn": {}}

    id: Name | None = Field(None, description=EFFECT_ID)
    duration: Duration = Field("this_turn", description=LASTS)
    scope: Scope = Field("all", description=COVERS)

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_add_doubler,
            game.can_add_doubler,
            game.add_doubler,
            self.target,
            self.duration,
            self.scope,
            self.id,
        )


class Lethal(OnAUnit):
    """``lethal``: a playtester edit: the unit's lethal requirement replaced (M-3)."""

    key: ClassVar[str] = "lethal"

    threshold: int = Field(ge=1)
    """The damage that is lethal to the unit, instead of its Might; a new one replaces the
    old."""
    duration: Duration = Field("this_turn", description=LASTS)

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_set_lethal_threshold,
            game.can_set_lethal_threshold,
            game.set_lethal_threshold,
            self.target,
            self.threshold,
            self.duration,
        )


class BonusDamage(Verb):
    """``bonus_damage``: a playtester edit: a Bonus Damage grant for a player (M3, M-4)."""

    key: ClassVar[str] = "bonus_damage"

    player: Name
    """The player's name."""
    amount: int
    """Added to the player's damage of its scope; a player's Bonus Damage of a kind, the sum of
    the grants that cover it, is never below 0."""
    scope: Scope = "spell"
    """The damage it adds to: ``all``, or only ``combat`` or ``spell`` damage (damage from a
    triggered ability only ``all`` covers, P-20)."""
    duration: Duration = Field("this_turn", description=LASTS)

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_grant_bonus_damage,
            game.can_grant_bonus_damage,
            game.grant_bonus_damage,
            player_index(game.table, self.player),
            self.amount,
            self.scope,
            self.duration,
        )


class AddRunes(Verb):
    """``add_runes``: a playtester edit: runes added to a player's pool."""

    key: ClassVar[str] = "add_runes"

    player: Name
    """The player's name."""
    amount: int = Field(ge=0)
    """Runes added; a pool never goes below 0 (M-1)."""

    def bound(self, game: MightGame) -> Bound:
        return bind(
            game.verify_add_runes,
            game.can_add_runes,
            game.add_runes,
            player_index(game.table, self.player),
            self.amount,
        )


VERBS = Verbs(
    Play,
    Activate,
    Resolve,
    Move,
    Recall,
    Ready,
    Exhaust,
    ReturnToHand,
    Combat,
    EndTurn,
    Deal,
    Heal,
    ModifyMight,
    Shield,
    Double,
    Lethal,
    BonusDamage,
    AddRunes,
)
"""Every verb of a might script entry, in the order the schema and the reference list them."""


def battlefield_index(table: MightTable, name: str) -> int:
    names = [b.name for b in table.battlefields]
    if name not in names:
        raise RuleError("M-1", f"there is no battlefield {name!r} ({', '.join(names)})")
    return names.index(name)


def player_index(table: MightTable, name: str) -> int:
    names = [p.name for p in table.players]
    if name not in names:
        raise RuleError("M-1", f"there is no player {name!r} ({', '.join(names)})")
    return names.index(name)
