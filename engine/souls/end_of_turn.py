"""The end phase: end-of-turn triggers, "until end of turn" bonuses end, damage stays, the
next turn begins (14.1.3, S-6, S-12)."""

from __future__ import annotations

from typing import Literal

from engine.changes import Change, PhaseChanged
from engine.souls.changes import BonusChanged, Refreshed, ShieldChanged
from engine.souls.effects import Effects
from engine.souls.table import CardState
from engine.timeline import Cause, Step


class EndOfTurn(Effects):
    """Ending the turn."""

    def verify_end_turn(self) -> None:
        self._verify(self._check_end_turn, self.end_turn)

    def _check_end_turn(self) -> None:
        self._require_game_on()
        self._require_no_battle("end the turn")

    def can_end_turn(self) -> bool:
        return self._can(self.verify_end_turn)

    def end_turn(self) -> list[Step]:
        """End phase: end-of-turn triggers, then "until end of turn" bonuses end; no healing."""

        def act() -> None:
            turn = self.phase[0]
            self.phase = (turn, "End phase")
            cause = Cause(kind="rule", text="end phase")
            self.record(
                "The end phase begins: damage stays, nothing heals",
                ["14.1.3", "S-6", "S-12"],
                cause,
                [PhaseChanged(before="Main phase", after="End phase")],
            )
            for card in self.table.with_triggers():  # in the order of simultaneous events (P-26)
                if self.table.is_active(card.uid):
                    self._queue_triggers(card.uid, "end_of_turn", None)
            self._settle()
            self._end_bonuses(cause)
            self._end_shields(cause)
            self._settle()
            if self.table.game_over:
                return
            table = self.table
            refreshed: list[Change] = []
            for card in table.expiring():  # a new turn: "this turn" counts afresh (P-104)
                if card.attacked_this_turn or card.prevented_this_turn:
                    self._set(card.evolve(attacked_this_turn=False, prevented_this_turn=False))
                    refreshed.append(_refreshed(card))
            self.table = self.table.evolve(turn=table.turn + 1, turn_player=1 - table.turn_player)
            self.phase = (self._turn_name(self.table), "Main phase")
            self._battles = 0
            self._fired = frozenset()  # "the first time each turn" counts afresh (P-81)
            self.record(
                f"{self.phase[0]} begins",
                ["S-12"],
                cause,
                [PhaseChanged(before=turn, after=self.phase[0]), *refreshed],
            )

        return self._act(self._check_end_turn, act)

    def _end_bonuses(self, cause: Cause) -> None:
        """Every "until end of turn" bonus ends, on one step that says what each card lost and
        its max HP and power after (S-6): a max HP that falls to the damage captures after the
        step (14.4.3)."""
        changes: list[Change] = []
        ended: list[str] = []
        for card in self.table.expiring():
            ending = [b for b in card.bonuses if b.duration == "end_of_turn"]
            if ending:
                before = self._stats_now(card.uid)
                self._set(card.evolve(bonuses=tuple(b for b in card.bonuses if b not in ending)))
                words = self._stats_changed(card.uid, before)[0]  # as a bonus gained says it
                ended.append(f"{card.uid} loses {', '.join(b.describe() for b in ending)}{words}")
                changes += [
                    BonusChanged(kind="bonus_ended", card=card.uid, bonus=b.describe())
                    for b in ending
                ]
        if changes:
            self.record(
                f'Bonuses "until end of turn" end: {"; ".join(ended)}',
                ["S-6", "14.1.3"],
                cause,
                changes,
            )

    def _end_shields(self, cause: Cause) -> None:
        """What is left of every "this turn" prevention shield ends, on one step (P-103)."""
        changes: list[Change] = []
        for card in self.table.expiring():
            ending = [s for s in card.shields if s.duration == "end_of_turn"]
            if ending:
                self._set(
                    card.evolve(shields=tuple(s for s in card.shields if s not in ending)),
                    may_reach_0_hp=False,  # prevention is no HP
                )
                changes += [
                    ShieldChanged(kind="shield_ended", card=card.uid, shield=s.describe())
                    for s in ending
                ]
        if changes:
            self.record(
                'Prevention "this turn" ends: ' + "; ".join(c.describe() for c in changes),
                ["P-103"],
                cause,
                changes,
            )


def _refreshed(card: CardState) -> Refreshed:
    """What a new turn gives ``card`` back (S-12, P-104)."""
    uses: list[Literal["attack", "prevent"]] = []
    if card.attacked_this_turn:
        uses.append("attack")
    if card.prevented_this_turn:
        uses.append("prevent")
    return Refreshed(card=card.uid, uses=tuple(uses))
