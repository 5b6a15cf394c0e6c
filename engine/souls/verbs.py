"""The verbs of souls script actions (``engine.verbs``), each bound to its ``SoulsGame`` methods.

An attack's battle window and capture step are the runner's (``engine.souls.runner``): the verb
is the declaration with its attack damage (S-13).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field

from engine import verbs
from engine.names import Name
from engine.souls.cards import CardDef
from engine.souls.table import SoulsTable
from engine.verbs import Bound, Offered, Verb, Verbs, bind

if TYPE_CHECKING:
    from engine.souls.game import SoulsGame
    from engine.souls.scenario import Action
    from engine.windows import Waiting


def in_hand(table: SoulsTable, uid: str, kind: str) -> bool:
    return table.cards[uid].zone == "hand" and table.definition(uid).kind == kind


class Edit(Verb):
    """A playtester edit of a Soul on a slot or a Realm, offered on each as ``EDITS`` say."""

    EDITS: ClassVar[dict[str, dict[str, object]]] = {}  # menu label: the edit's arguments
    ON: ClassVar[str] = "target"  # the argument that names the card

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None and table.cards[uid].zone in ("slot", "realm"):
            for label, arguments in cls.EDITS.items():
                edit = cls.model_validate(arguments | {cls.ON: uid})
                yield Offered(label, "Playtester edit", edit)


class Recruit(Verb):
    """``recruit``: a Soul from its owner's hand onto an empty slot (S-3)."""

    key: ClassVar[str] = "recruit"

    card: Name
    """The id of a Soul in the turn player's hand."""
    slot: Name
    """An empty slot of the grid (S-1, S-3) whose slot above, if any, holds an active Soul (S-3,
    14.5.2); an Ambush there does not block it."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None and in_hand(table, uid, "soul"):
            for slot in table.slot_names():
                yield Offered(f"Recruit onto {slot}", "Recruit", cls(card=uid, slot=slot))

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_recruit, game.can_recruit, game.recruit, self.card, self.slot)


class Play(Verb):
    """``play``: a spell, an Armament or an Ambush from hand."""

    key: ClassVar[str] = "play"

    card: Name
    """The id of the card in its owner's hand."""
    target: Name | None = None
    """A spell's chosen target, checked against its ``target`` spec; for an Armament, the id of
    one of your active Souls, which it is attached to. An Ambush takes none (S-15)."""
    slot: Name | None = None
    """The slot an Ambush is set at (S-1); ignored for other cards."""
    targets: tuple[Name, ...] = ()
    """A spell that chooses two targets: their ids, in the order of its list of specs, two
    different cards (P-79); instead of ``target``."""
    paid_by: Name | None = None
    """A spell with ``cost_hp``: the id of your active Soul that pays it, as damage, before
    the effects (14.3.1, S-11, P-80)."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None or table.cards[uid].zone != "hand":
            return
        name, definition = table.cards[uid].name, table.definition(uid)
        if definition.kind == "soul":  # a Soul is recruited
            return
        if definition.kind == "ambush":
            for slot in table.slot_names():
                yield Offered(f"Set at {slot}", "Set Ambush", cls(card=uid, slot=slot))
        elif definition.cost_hp is not None:  # your Soul that pays it is clicked first (P-80)
            yield Offered(
                f"Play {name}, paying with…",
                "Play",
                pick=lambda t: cls.paid(uid, t),
                pick_prompt=f"Click your Soul that pays for {name}, then its targets",
                most=1 + cls.chooses(definition),
            )
        elif isinstance(definition.target, tuple):
            yield Offered(
                f"Play {name}…",
                "Play",
                pick=lambda t: cls(card=uid, targets=t),
                pick_prompt=f"Click the two targets for {name}, in order",
                most=2,
            )
        elif definition.kind == "armament" or definition.target is not None:
            yield Offered(
                f"Play {name}…",
                "Play",
                pick=lambda t: cls(card=uid, target=t[0]),
                pick_prompt=f"Click the target for {name}",
            )
        else:
            yield Offered(f"Play {name}", "Play", cls(card=uid))

    @staticmethod
    def chooses(definition: CardDef) -> int:
        """How many targets a spell chooses: 0, 1 or 2 (P-79)."""
        target = definition.target
        return len(target) if isinstance(target, tuple) else int(target is not None)

    @classmethod
    def paid(cls, uid: str, picked: tuple[str, ...]) -> Play:
        """Playing ``uid`` with the first card picked paying its HP cost and the rest its
        targets (P-80)."""
        payer, rest = picked[0], picked[1:]
        if len(rest) > 1:
            return cls(card=uid, paid_by=payer, targets=rest)
        return cls(card=uid, paid_by=payer, target=rest[0] if rest else None)

    def bound(self, game: SoulsGame) -> Bound:
        return bind(
            game.verify_play,
            game.can_play,
            game.play,
            self.card,
            self.target,
            self.slot,
            self.targets,
            self.paid_by,
        )


class Activate(Verb):
    """``activate``: a Soul on a slot uses an activated ability, paying its HP cost first
    (14.3.1)."""

    key: ClassVar[str] = "activate"

    card: Name
    """The id of the Soul."""
    ability: int = Field(default=0, ge=0)
    """Which one: counted among the card's ``when: activated`` abilities from 0 (S-5)."""
    target: Name | None = None
    """The chosen target, checked against the ability's ``target`` spec."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None or table.cards[uid].zone != "slot":
            return
        activated = [a for a in table.definition(uid).abilities if a.when == "activated"]
        for index, ability in enumerate(activated):
            label = f"Activate {ability.name or 'ability'}"
            if ability.target is None:
                yield Offered(label, "Abilities", cls(card=uid, ability=index))
            else:
                yield Offered(
                    label + "…",
                    "Abilities",
                    pick=partial(cls.at, uid, index),
                    pick_prompt=f"Click the target of {ability.name}",
                )

    @classmethod
    def at(cls, uid: str, ability: int, targets: tuple[str, ...]) -> Activate:
        """Activating ``uid``'s activated ability number ``ability`` at the target picked."""
        return cls(card=uid, ability=ability, target=targets[0])

    def bound(self, game: SoulsGame) -> Bound:
        return bind(
            game.verify_activate,
            game.can_activate,
            game.activate,
            self.card,
            self.ability,
            self.target,
        )


class Spring(Verb):
    """``spring``: an Ambush set at a slot is revealed and its first ``sprung`` ability resolves
    (P-3)."""

    key: ClassVar[str] = "spring"

    card: Name
    """The id of the Ambush."""
    target: Name | None = None
    """The chosen target, checked against that ability's ``target`` spec, seen from the
    Ambush's owner."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None or table.cards[uid].zone != "ambush":
            return
        sprung = [a for a in table.definition(uid).abilities if a.when == "sprung"]
        if sprung and sprung[0].target is not None:
            yield Offered(
                "Spring…",
                "Ambush",
                pick=lambda t: cls(card=uid, target=t[0]),
                pick_prompt=f"Click the target of {table.cards[uid].name}",
            )
        else:
            yield Offered("Spring", "Ambush", cls(card=uid))

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_spring, game.can_spring, game.spring, self.card, self.target)


class Attack(Verb):
    """``attack``: a battle (S-13): declaration, attack damage, battle window, capture step."""

    key: ClassVar[str] = "attack"
    nested_key: ClassVar[str | None] = "window"

    attacker: Name
    """The id of an active Front Line Soul of the turn player that has not attacked this turn."""
    target: Name
    """The id of an active enemy Front Line Soul, or of the enemy Realm when no enemy Soul is
    active in the Front Line."""
    window: tuple[Action, ...] = ()
    """Actions played in the battle window, in order, after the ``damaged`` triggers; nothing
    is captured automatically before the capture step (14.4.2)."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None and table.cards[uid].zone == "slot":
            yield Offered(
                "Attack…",
                "Battle",
                pick=lambda t: cls(attacker=uid, target=t[0]),
                pick_prompt=f"Click the Soul or Realm {uid} attacks",
            )

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_attack, game.can_attack, game.attack, self.attacker, self.target)


class Amount(Edit):
    """A playtester edit of one card's damage."""

    target: Name
    """The id of an active Soul on a slot or of a Realm, of either player."""
    amount: int = Field(ge=0)
    """Damage dealt (14.1.1, with no source card) or healed (14.2); rounded down to a multiple
    of 5 (S-7)."""


class Deal(Amount):
    """``deal``: a playtester edit: damage with no source card (14.1.1)."""

    key: ClassVar[str] = "deal"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        f"Deal {n} damage": {"amount": n} for n in (5, 10)
    }

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_deal, game.can_deal, game.deal, self.target, self.amount)


class Heal(Amount):
    """``heal``: a playtester edit: healing (14.2)."""

    key: ClassVar[str] = "heal"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {f"Heal {n}": {"amount": n} for n in (5, 10)}

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_heal, game.can_heal, game.heal, self.target, self.amount)


class PayHp(Edit):
    """``pay_hp``: a playtester edit: a Soul pays HP, as damage (14.3)."""

    key: ClassVar[str] = "pay_hp"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        "Pay 10 × rank HP": {},
        "Pay 10 HP": {"amount": 10},
    }
    ON: ClassVar[str] = "card"

    card: Name
    """The id of an active Soul on a slot."""
    amount: Annotated[int, Field(ge=0)] | Literal["10x_rank"] = "10x_rank"
    """HP paid, rounded down to a multiple of 5 (S-7), at most the current HP (S-11);
    ``10x_rank`` is 10 x the card's rank."""

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_pay_hp, game.can_pay_hp, game.pay_hp, self.card, self.amount)


class Capture(Edit):
    """``capture``: a playtester edit: capture a Soul whatever its HP (14.4.4)."""

    key: ClassVar[str] = "capture"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {"Capture": {}}

    target: Name
    """The id of an active Soul."""

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_capture, game.can_capture, game.capture, self.target)


class Exile(Edit):
    """``exile``: a playtester edit: exile a captured Soul, freeing its slot (14.5.4, P-5)."""

    key: ClassVar[str] = "exile"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {"Exile (captured Soul)": {}}

    target: Name
    """The id of a captured Soul."""

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_exile, game.can_exile, game.exile, self.target)


class Bonus(Edit):
    """``bonus``: a playtester edit: a bonus with source ``playtester`` to max HP or power
    (S-6)."""

    key: ClassVar[str] = "bonus"
    EDITS: ClassVar[dict[str, dict[str, object]]] = {
        "+10 max HP until end of turn": {"stat": "max_hp", "amount": 10, "duration": "end_of_turn"},
        "−10 max HP": {"stat": "max_hp", "amount": -10},
        "+5 power until end of turn": {"stat": "power", "amount": 5, "duration": "end_of_turn"},
    }

    target: Name
    """The id of an active Soul on a slot or of a Realm, of either player."""
    stat: Literal["max_hp", "power"]
    """The stat it changes."""
    amount: int
    """Added to the stat: a multiple of 5 (else refused, S-5), negative to take away."""
    duration: Literal["permanent", "end_of_turn"] = "permanent"
    """``end_of_turn``: it ends in the end phase (14.1.3); ``permanent``: it lasts."""

    def bound(self, game: SoulsGame) -> Bound:
        return bind(
            game.verify_add_bonus,
            game.can_add_bonus,
            game.add_bonus,
            self.target,
            self.stat,
            self.amount,
            self.duration,
        )


class Detach(Verb):
    """``detach``: a playtester edit: an Armament leaves its Soul for its owner's Elysium (S-4,
    14.4.5)."""

    key: ClassVar[str] = "detach"

    card: Name
    """The id of an attached Armament."""

    @classmethod
    def offered(
        cls, table: SoulsTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is not None and table.cards[uid].zone == "armament":
            yield Offered("Detach", "Playtester edit", cls(card=uid))

    def bound(self, game: SoulsGame) -> Bound:
        return bind(game.verify_detach, game.can_detach, game.detach, self.card)


class EndTurn(verbs.EndTurn):
    """``end_turn``: the end phase (14.1.3, S-6), then the other player's turn; also written
    bare, ``- end_turn``."""


VERBS = Verbs(  # a Soul's menu offers its attack before its abilities
    Recruit,
    Play,
    Attack,
    Activate,
    Spring,
    Deal,
    Heal,
    PayHp,
    Capture,
    Exile,
    Bonus,
    Detach,
    EndTurn,
)
"""Every verb of a souls script entry, in the order the schema and the reference list them."""
