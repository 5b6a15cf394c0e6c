"""A battle: declaration, attack damage and counterblow, the battle window and the capture
step (S-13, 9.5.6, 14.4.2)."""

from __future__ import annotations

from engine.changes import Declared, PhaseChanged
from engine.errors import RuleError
from engine.souls.effects import Effects
from engine.timeline import Cause, Step


class Battle(Effects):
    """Attacking, and finishing the battle with its capture step."""

    def verify_attack(self, attacker: str, target: str) -> None:
        self._verify(lambda: self._check_attack(attacker, target), self.attack, attacker, target)

    def _check_attack(self, attacker: str, target: str) -> None:
        self._require_game_on()
        self._require_no_battle("declare another attack")
        card, defender = self._card(attacker), self._card(target)
        if card.zone != "slot":
            raise RuleError("S-13", f"{attacker} is not a Soul on a slot")
        if card.face_down:
            raise RuleError("14.5.1", f"{attacker} is captured and cannot attack")
        if card.owner != self.table.turn_player:
            raise RuleError("S-13", f"{attacker} is not the turn player's Soul")
        if self.table.line(attacker) != "front":
            raise RuleError("S-13", f"{attacker} is in the Back Line; only Front Line Souls attack")
        if card.attacked_this_turn:
            raise RuleError("S-13", f"{attacker} has already attacked this turn")
        if defender.owner == card.owner:
            raise RuleError("S-13", f"{target} is not an enemy card")
        if defender.face_down:
            raise RuleError(
                "14.5.1",
                f"{target} is {'shattered' if defender.zone == 'realm' else 'captured'} "
                "and cannot be attacked",
            )
        if defender.zone == "realm":
            if self.table.has_front_line_soul(defender.owner):
                raise RuleError(
                    "S-13",
                    f"{target} can be attacked only when no active enemy Soul is in the Front Line",
                )
        elif defender.zone != "slot" or self.table.line(target) != "front":
            raise RuleError("S-13", f"{target} is not an active enemy Front Line Soul")

    def can_attack(self, attacker: str, target: str) -> bool:
        return self._can(self.verify_attack, attacker, target)

    def attack(self, attacker: str, target: str) -> list[Step]:
        """Declare an attack and deal its damage; the battle window stays open (S-13).

        Actions may follow inside the window; ``finish_battle`` runs the capture step.
        """

        def act() -> None:
            self._battles += 1
            self.phase = (self.phase[0], f"Battle {self._battles}")
            card = self._card(attacker)
            self._set(card.evolve(attacked_this_turn=True))
            cause = Cause(kind="action", card=attacker, text=f"{attacker} attacks {target}")
            self.record(
                f"{attacker} attacks {target}",
                ["S-13", "S-12"],
                cause,
                [
                    PhaseChanged(before="Main phase", after=self.phase[1]),
                    Declared(card=attacker, target=target),
                ],
                "Declare",
            )
            battle = self.phase
            if self._attack_triggers(attacker, target, battle):
                return
            self.battle = (attacker, target)
            damage_cause = Cause(kind="rule", card=attacker, text="attack damage")
            power = self.table.power(attacker)
            self.phase = (*battle, "Attack damage")
            # Attack damage and counterblow are simultaneous: both see HP as it was before.
            with self._simultaneous():
                self._deal_damage(
                    target, power, attacker, damage_cause, ["14.1.1", "S-13"], "attack "
                )
                if self._card(target).zone == "realm":
                    self._deal_damage(
                        attacker,
                        self.table.definition(target).counterblow,
                        target,
                        damage_cause,
                        ["14.1.1", "S-13"],
                        "counterblow ",
                    )
            self.phase = (*battle, "Battle window")

        return self._act(lambda: self._check_attack(attacker, target), act)

    def _attack_triggers(self, attacker: str, target: str, battle: tuple[str, ...]) -> bool:
        """The attacker's "when this Soul attacks" abilities resolve after the declaration, a
        step of play, each followed by the capture check, before the attack damage (S-12,
        P-52); the attacked card is their source. True when the battle ends there: the game is
        over, or the attacker or its target is no longer active and no damage is dealt."""
        self._queue_triggers(attacker, "attacks", target)
        if not self.pending:
            return False
        self.phase = (*battle, "Declare")
        self._settle()
        self.phase = battle
        if self.table.game_over:
            return True
        gone = [uid for uid in (attacker, target) if not self.table.is_active(uid)]
        if not gone:
            return False
        self.phase = (*battle, "Attack damage")
        self.record(
            f"No attack damage: {' and '.join(gone)} "
            f"{'is' if len(gone) == 1 else 'are'} no longer active",
            ["14.5.1", "S-13", "P-52"],
            Cause(kind="rule", card=attacker, text="attack damage"),
        )
        self.phase = (*battle, "Battle window")
        self.battle = (attacker, target)
        return True

    def verify_finish_battle(self) -> None:
        self._verify(self._check_finish_battle, self.finish_battle)

    def _check_finish_battle(self) -> None:
        if self.battle is None:
            raise RuleError("S-13", "there is no battle to finish")

    def can_finish_battle(self) -> bool:
        return self._can(self.verify_finish_battle)

    def finish_battle(self) -> list[Step]:
        """Close the battle window and run the capture step (9.5.6, 14.4.2)."""

        def act() -> None:
            cause = Cause(kind="rule", text="capture step")
            fought, self.battle = self.battle or (), None
            battle = self.phase[:2]
            self.phase = (*battle, "Capture step")
            mark = len(self.steps)
            self._capture_check(cause, ["9.5.6", "S-13"])
            if len(self.steps) == mark:
                # what the step compared: the HP of the battle's cards, none of them 0 (14.4.1)
                hp = [
                    f"{uid} HP {self.table.hp(uid)}" for uid in fought if self.table.is_active(uid)
                ]
                self.record(
                    "Capture step: no card is at 0 HP" + (f" ({', '.join(hp)})" if hp else ""),
                    ["9.5.6", "S-13", *(["14.4.1"] if hp else [])],
                    cause,
                )
            self._settle()  # "when captured" triggers resolve inside the capture step
            if self.table.game_over:
                return
            self.phase = (self.phase[0], "Main phase")
            self.record(
                "Back to the main phase",
                ["S-12"],
                cause,
                [PhaseChanged(before=f"Battle {self._battles}", after="Main phase")],
            )

        return self._act(self._check_finish_battle, act)
