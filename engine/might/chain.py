"""The chain: spells and triggered abilities wait on it and resolve last in, first out, each
followed by its cleanup (M5, M-7, M-8, P-24, P-25)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.changes import Change, Moved
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.effects import Effects
from engine.might.table import ChainItem
from engine.timeline import Cause, Step


class Chain(Effects):
    """Putting a spell on the chain, and resolving the chain when both players pass."""

    def _push(
        self, item: ChainItem, cause: Cause, rules: Sequence[str], changes: Sequence[Change]
    ) -> None:
        self.table = self.table.evolve(chain=self.table.chain.pushed(item))
        self.record(
            f"{item.text} goes on the chain",
            [*rules, "M-7", *(["P-16"] if item.reaction else [])],
            cause,
            changes,
        )

    def _resolve_top(self, passed: bool) -> None:
        """Resolve the last item put on the chain, then the cleanup it requires (M5, M-7, M-8);
        ``passed``: the players passed, so the whole chain resolves (P-24)."""
        item = self.table.chain[-1]
        self.table = self.table.evolve(chain=self.table.chain.popped())
        cause = Cause(kind="effect", card=item.card, text=item.text)
        self.record(f"{item.text} resolves", ["M5", "M-7", *(["P-24"] if passed else [])], cause)
        for effect in item.effects:
            self._apply(item, effect, cause)
        if item.kind == "spell":
            card = self._card(item.card)
            self._set(card.evolve(zone="trash"))
            self.record(
                f"{item.card} is finished and goes to the trash",
                ["M5"],
                cause,
                [Moved(card=item.card, before="chain", after="trash")],
            )
        self._cleanup(Cause(kind="rule", text=f"cleanup after {item.text}"), ["M5", "M-8"])

    def _resolve_chain(self, passed: bool = False) -> None:
        guard = LoopGuard()  # an item resolving again as it once did is a loop (P-25)
        while self.table.chain:
            guard.tick(f"the chain item '{self.table.chain[-1].text}'", self._loop_state(guard))
            self._resolve_top(passed)

    def _pass(self) -> None:
        self._resolve_chain(passed=True)

    def _check_resolve(self) -> None:
        if not self.table.chain:
            raise RuleError("M-7", "the chain is empty: there is nothing to resolve")

    def verify_resolve(self) -> None:
        self._verify(self._check_resolve, self.resolve)

    def can_resolve(self) -> bool:
        return self._can(self.verify_resolve)

    def resolve(self) -> list[Step]:
        """Both players pass: the chain resolves, last in first out, each with its cleanup."""
        return self._act(self._check_resolve, self._pass)
