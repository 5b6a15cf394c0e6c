"""Playing a card from hand, its cost paid: a unit to its base, a spell onto the chain, a
Reaction while a spell waits (M-1, M-7, M5, P-16, P-19)."""

from __future__ import annotations

from engine.changes import Moved, Played, StatChanged
from engine.errors import RuleError
from engine.might.chain import Chain
from engine.might.table import ChainItem
from engine.timeline import Cause, Step


class Playing(Chain):
    """The turn player's plays, and the Reactions that answer a spell."""

    def verify_play(self, uid: str, target: str | None = None) -> None:
        card = self._card(uid)
        definition = self.table.definition(uid)
        if card.zone != "hand":
            raise RuleError("M-1", f"{uid} is not in its owner's hand")
        if definition.speed == "reaction":
            if not any(item.kind == "spell" for item in self.table.chain):
                raise RuleError(
                    "M-7", f"{uid} is a Reaction: it can answer only while a spell is on the chain"
                )
        else:
            self._require_turn_player(card.owner, f"play {uid}")
            self._require_empty_chain(f"play {uid}")
            if self.table.combat is not None:
                raise RuleError("M-9", "cannot play a card during combat")
        runes = self.table.players[card.owner].runes
        if definition.cost > runes:
            raise RuleError("M-1", f"{uid} costs {definition.cost} but the rune pool has {runes}")
        spec = definition.target
        if spec is None:
            if target is not None:
                raise RuleError("M5", f"{uid} does not target; remove the target")
            return
        if target is None:
            raise RuleError("M5", f"{uid} needs a target: {spec.describe()}")
        aimed = self._unit(target)
        if (
            spec.side == "own"
            and aimed.owner != card.owner
            or spec.side == "enemy"
            and aimed.owner == card.owner
        ):
            raise RuleError("M5", f"{target} is not {spec.describe()}")

    def can_play(self, uid: str, target: str | None = None) -> bool:
        return self._can(self.verify_play, uid, target)

    def play(self, uid: str, target: str | None = None) -> list[Step]:
        """Play a unit to its base, or put a spell on the chain (it waits for ``resolve``)."""

        def act() -> None:
            card, definition = self._card(uid), self.table.definition(uid)
            cause = Cause(kind="action", card=uid, text=f"play {uid}")
            if definition.cost:
                player = self.table.players[card.owner]
                self.table = self.table.with_player(
                    card.owner, player.evolve(runes=player.runes - definition.cost)
                )
                self.record(
                    f"{player.name} pays {definition.cost} from the rune pool",
                    ["M-1", "P-19"],
                    cause,
                    [
                        StatChanged(
                            card=f"{player.name}'s rune pool",
                            stat="runes",
                            before=player.runes,
                            after=player.runes - definition.cost,
                        )
                    ],
                )
            if definition.kind == "unit":
                self._set(card.evolve(zone="base", entered=self._new_number()))
                self.record(
                    f"{uid} is played to {self.table.players[card.owner].name}'s base",
                    ["M-1"],
                    cause,
                    [Played(card=uid, to="base"), Moved(card=uid, before="hand", after="base")],
                )
                self._trigger(uid, "played", None)  # it waits on the chain, as a spell does
                return
            self._set(card.evolve(zone="chain"))
            aim = f" targeting {target}" if target else ""
            item = ChainItem(
                id=uid,
                card=uid,
                controller=card.owner,
                kind="spell",
                text=f"{uid}{aim}",
                target=target,
                effects=definition.effects,
                reaction=definition.speed == "reaction",
            )
            self._push(item, cause, ["M-1", "M5"], [Played(card=uid, to="chain")])

        return self._act(lambda: self.verify_play(uid, target), act)
