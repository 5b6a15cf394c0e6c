"""The chain: spells and triggered abilities wait on it and resolve last in, first out, each
followed by its cleanup (M5, M-7, M-8, P-24, P-25)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.changes import Change, Moved
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.core import MightCore
from engine.might.damage import DamageRules
from engine.might.effects import EffectRules
from engine.might.table import ChainItem
from engine.timeline import Cause


@dataclass(frozen=True, eq=False)
class ChainRules:
    """Putting a spell on the chain, and resolving the chain when both players pass, given the
    game's core (``core``), the effects an item applies (``effects``) and the cleanup after it
    (``damage``)."""

    core: MightCore
    effects: EffectRules
    damage: DamageRules

    def push(
        self,
        item: ChainItem,
        cause: Cause,
        rules: Sequence[str],
        changes: Sequence[Change],
        said: str = "",
    ) -> None:
        """Put ``item`` on the chain, one step; ``said``: how its targets were chosen, where
        another player chose them (P-95)."""
        self.core.table = self.core.table.evolve(chain=self.core.table.chain.pushed(item))
        self.core.record(
            f"{item.text} goes on the chain{said}",
            [*rules, "M-7", *(["P-16"] if item.reaction else [])],
            cause,
            changes,
        )

    def _resolve_top(self, passed: bool) -> None:
        """Resolve the last item put on the chain, then the cleanup it requires (M5, M-7, M-8);
        ``passed``: the players passed, so the whole chain resolves (P-24)."""
        item = self.core.table.chain[-1]
        self.core.table = self.core.table.evolve(chain=self.core.table.chain.popped())
        cause = Cause(kind="effect", card=item.card, text=item.text)
        self.core.record(
            f"{item.text} resolves", ["M5", "M-7", *(["P-24"] if passed else [])], cause
        )
        for effect in item.effects:
            self.effects.apply(item, effect, cause)
        if item.kind == "spell":
            card = self.core._card(item.card)
            self.core._set(card.evolve(zone="trash"))
            self.core.record(
                f"{item.card} is finished and goes to the trash",
                ["M5"],
                cause,
                [Moved(card=item.card, before="chain", after="trash")],
            )
        self.damage.cleanup(Cause(kind="rule", text=f"cleanup after {item.text}"), ["M5", "M-8"])

    def resolve_chain(self, passed: bool = False) -> None:
        if not self.core.table.chain:
            return  # nothing to resolve, after most edits: no guard to make
        guard = LoopGuard()  # an item resolving again as it once did is a loop (P-25)
        while self.core.table.chain:
            guard.tick(
                f"the chain item '{self.core.table.chain[-1].text}'", self.core._loop_state(guard)
            )
            self._resolve_top(passed)

    def check_resolve(self) -> None:
        if not self.core.table.chain:
            raise RuleError("M-7", "the chain is empty: there is nothing to resolve")
