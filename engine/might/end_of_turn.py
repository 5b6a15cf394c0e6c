"""The end of the turn: end-of-turn effects, then expiration as visible sub-steps, restarted
while anything goes on the chain, then the next turn (M10, M11, M-13, P-17, P-25)."""

from __future__ import annotations

from engine.changes import Change, PhaseChanged, StatChanged
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might.chain import Chain
from engine.might.sub_phases import EXPIRATION_HEAL, LETHAL_CHECK, RUNE_POOLS_EMPTY, THIS_TURN_ENDS
from engine.might.table import LastingEffect
from engine.timeline import Cause, Step


class EndOfTurn(Chain):
    """Ending the turn."""

    def _check_end_turn(self) -> None:
        self._require_empty_chain("end the turn")
        if self.table.combat is not None:
            raise RuleError("M-9", "cannot end the turn during combat")

    def verify_end_turn(self) -> None:
        self._verify(self._check_end_turn, self.end_turn)

    def can_end_turn(self) -> bool:
        return self._can(self.verify_end_turn)

    def end_turn(self) -> list[Step]:
        """End-of-turn effects, then expiration as visible sub-steps, then the turn passes (M10,
        M11, M-13); an expiration that would restart for ever is refused (P-25)."""
        return self._act(self._check_end_turn, self._end_turn)

    def _end_turn(self) -> None:
        turn = self.phase[0]
        cause = Cause(kind="rule", text="end of turn")
        self.phase = (turn, "End of turn", "End-of-turn effects")
        self.record(
            "End of turn: end-of-turn effects come first",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before="Main phase", after="End of turn")],
        )
        for uid in self._triggering(self.table.triggering_units(), "end_of_turn"):
            self._trigger(uid, "end_of_turn", None)
        self._resolve_chain()
        guard = LoopGuard()
        label, restart = "Expiration", 0
        while self._expire((turn, "End of turn", label), cause):
            guard.tick("expiration", self._loop_state(guard))  # the restart is what repeats (P-25)
            restart += 1
            self.phase = (turn, "End of turn", label, "Chain")
            self._resolve_chain()
            self.record(
                "Something went on the chain: expiration restarts from the lethal check",
                ["M10", "M11", "M-13", "P-13"],
                cause,
            )
            label = f"Expiration (restart {restart})"
        self._pass_turn(turn, cause)

    def _expire(self, phase: tuple[str, ...], cause: Cause) -> bool:
        """One pass of (a)-(d); True when anything went on the chain during it (M-13)."""
        rules = ["M10", "M-13"]
        self.phase = (*phase, LETHAL_CHECK)
        lethal = self._death_check()
        if lethal:
            self._kill(lethal, cause, [*rules, "M11"])
        else:
            self.record("No unit has lethal damage", [*rules, "M11"], cause)
        self.phase = (*phase, EXPIRATION_HEAL)
        self._heal(self.table.heal_concerns(), cause, [*rules, "M11"])
        self.phase = (*phase, THIS_TURN_ENDS)
        self._end_effects(  # what lasted "this combat" ends here if no combat ended it (P-38)
            lambda effect: effect.duration in ("this_turn", "this_combat"),
            "this turn",
            cause,
            [*rules, "M11"],
        )
        self.phase = (*phase, RUNE_POOLS_EMPTY)
        changes: list[Change] = []
        for index, player in enumerate(self.table.players):
            if player.runes:
                changes.append(
                    StatChanged(
                        card=f"{player.name}'s rune pool",
                        stat="runes",
                        before=player.runes,
                        after=0,
                    )
                )
                self.table = self.table.with_player(index, player.evolve(runes=0))
        runes = [*rules, *(["M-1"] if changes else [])]
        self.record("Every rune pool empties", runes, cause, changes)
        return bool(self.table.chain)

    def _pass_turn(self, turn: str, cause: Cause) -> None:
        table = self.table
        self.table = table.evolve(
            turn=table.turn + 1, turn_player=1 - table.turn_player, triggered_this_turn=()
        )
        self.phase = (self._turn_name(self.table), "Main phase")
        self.record(
            f"{self.phase[0]} begins",
            ["M10", "M-13"],
            cause,
            [PhaseChanged(before=turn, after=self.phase[0])],
        )
        new_player = self.table.turn_player

        def ending(effect: LastingEffect) -> bool:
            return effect.owner == new_player and effect.duration == "until_your_next_turn"

        if any(ending(e) for e in self._lasting_effects()):
            self._end_effects(ending, "until your next turn", cause, ["M-5", "P-17"])
        starting = [
            uid
            for uid in self._triggering(self.table.triggering_units(), "start_of_your_turn")
            if self._controller(uid) == new_player
        ]
        for uid in starting:
            self._trigger(uid, "start_of_your_turn", None, together=len(starting) > 1)
        self._resolve_chain()  # before the turn player acts (P-33)
