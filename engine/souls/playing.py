"""Playing from hand and using abilities: recruit (S-3), play (spells, Armament, Ambushes),
activate (14.3, S-11) and spring (P-3)."""

from __future__ import annotations

from engine.changes import Moved, Played
from engine.errors import RuleError
from engine.souls.cards import Ability, TargetSpec
from engine.souls.effects import Effects
from engine.timeline import Cause, Step

OWN_SOUL = TargetSpec(side="own", kind="soul")  # an Armament is played onto one of your Souls
ORDINALS = ("first", "second")


def chosen(target: str | None) -> tuple[str, ...]:
    """The chosen target of a card or ability that chooses one at most, as a tuple."""
    return () if target is None else (target,)


class Playing(Effects):
    """The main phase's actions besides attacking."""

    def verify_recruit(self, uid: str, slot: str) -> None:
        self._require_game_on()
        self._require_no_battle("recruit")
        card = self._card(uid)
        if card.zone != "hand" or self.table.definition(uid).kind != "soul":
            raise RuleError("S-3", f"{uid} is not a Soul in its owner's hand")
        self._require_turn_player(card.owner, "recruit")
        if slot not in self.table.slot_names():
            raise RuleError(
                "S-1", f"there is no slot {slot} (slots: {', '.join(self.table.slot_names())})"
            )
        occupant = self.table.occupant(card.owner, slot)
        if occupant is not None and occupant.face_down:
            raise RuleError("14.5.2", f"slot {slot} is occupied by a captured Soul")
        if occupant is not None:
            raise RuleError("S-3", f"slot {slot} is not empty: {occupant.uid} stands on it")
        above = self.table.slot_above(slot)
        if above is not None:
            holder = self.table.occupant(card.owner, above)
            if holder is None:
                raise RuleError("S-3", f"slot {slot} hangs under the empty slot {above}")
            if holder.face_down:
                raise RuleError("14.5.2", f"slot {slot} hangs under a captured Soul on {above}")

    def can_recruit(self, uid: str, slot: str) -> bool:
        return self._can(self.verify_recruit, uid, slot)

    def recruit(self, uid: str, slot: str) -> list[Step]:
        """Put a Soul from hand onto an empty slot (S-3)."""

        def act() -> None:
            card = self._card(uid)
            cause = Cause(kind="action", card=uid, text=f"recruit {uid}")
            lines_before, table_before = self._lines([(card.owner, slot)]), self.table
            self._set(card.evolve(zone="slot", slot=slot))
            granted = self._granted_changes(table_before)
            line = (self.table.line(uid) or "").capitalize()  # on the grid now: Front or Back
            self.record(
                f"{uid} is recruited onto slot {slot} ({line} Line)"
                + "".join(f"; {c.describe()}" for c in granted),
                ["S-3", "S-2", *(["P-90"] if granted else [])],
                cause,
                [
                    Played(card=uid, to=f"slot {slot}"),
                    Moved(card=uid, before="hand", after=f"slot {slot}"),
                    *granted,
                ],
            )
            self._record_line_changes(lines_before, cause)

        return self._act(lambda: self.verify_recruit(uid, slot), act)

    def verify_play(
        self,
        uid: str,
        target: str | None = None,
        slot: str | None = None,
        targets: tuple[str, ...] = (),
        paid_by: str | None = None,
    ) -> None:
        self._verify(
            lambda: self._check_play(uid, target, slot, targets, paid_by),
            self.play,
            uid,
            target,
            slot,
            targets,
            paid_by,
        )

    def _check_play(
        self,
        uid: str,
        target: str | None,
        slot: str | None,
        targets: tuple[str, ...],
        paid_by: str | None,
    ) -> None:
        self._require_game_on()
        card = self._card(uid)
        definition = self.table.definition(uid)
        if card.zone != "hand":
            raise RuleError("S-4", f"{uid} is not in its owner's hand")
        if definition.kind == "soul":
            raise RuleError("S-3", f"{uid} is a Soul: recruit it onto a slot instead")
        if definition.kind == "realm":
            raise RuleError("S-1", f"{uid} is a Realm and is not played from hand")
        self._require_turn_player(card.owner, "play a card")
        if definition.kind == "ambush":
            if self.battle is not None:
                raise RuleError("S-13", "an Ambush is set outside battles")
            if slot not in self.table.slot_names():
                raise RuleError("S-1", f"an Ambush is set at one of your slots, not {slot!r}")
            if target is not None:
                raise RuleError("S-15", "an Ambush does not target when it is set")
            return
        if definition.kind == "armament":
            self.verify_target(card.owner, OWN_SOUL, target)
            return
        self._check_spell_targets(uid, target, targets)
        self._check_spell_cost(uid, paid_by)

    def _check_spell_targets(self, uid: str, target: str | None, targets: tuple[str, ...]) -> None:
        """One target for a spec, or one different card for each of a list's two (P-79)."""
        owner, spec = self._card(uid).owner, self.table.definition(uid).target
        if not isinstance(spec, tuple):
            if targets:
                chooses = "one target: name it with target" if spec else "no target"
                raise RuleError(
                    "P-79", f"{uid} chooses {chooses}, not targets", ("play", "targets")
                )
            self.verify_target(owner, spec, target)
            return
        wanted = "; ".join(f"{n}: {s.describe()}" for n, s in zip(ORDINALS, spec, strict=True))
        if target is not None or len(targets) != len(spec):
            raise RuleError(
                "P-79",
                f"{uid} chooses {len(spec)} targets, in order ({wanted}): name them with "
                f"targets, not {'target' if target is not None else f'{len(targets)}'}",
                ("play", "target" if target is not None else "targets"),
            )
        if targets[0] == targets[1]:
            raise RuleError(
                "P-79",
                f"{targets[0]} is chosen twice: choose two different cards",
                ("play", "targets", 1),
            )
        for number, (one, uid_chosen) in enumerate(zip(spec, targets, strict=True)):
            entry = f"the {ORDINALS[number]} target: "
            self.verify_target(owner, one, uid_chosen, entry, ("play", "targets", number))

    def _check_spell_cost(self, uid: str, paid_by: str | None) -> None:
        """The Soul that pays a spell's HP cost: one of its player's, able to pay (S-11, P-80)."""
        owner, cost = self._card(uid).owner, self.table.definition(uid).cost_hp
        if cost is None:
            if paid_by is not None:
                raise RuleError(
                    "P-80", f"{uid} has no HP cost: remove paid_by", ("play", "paid_by")
                )
            return
        if paid_by is None:
            raise RuleError(
                "P-80",
                f"{uid} costs {cost} HP: name the Soul of yours that pays it with paid_by",
                ("play",),
            )
        if self._card(paid_by).owner != owner:
            raise RuleError(
                "P-80", f"{paid_by} is not your Soul: only your own Soul pays", ("play", "paid_by")
            )
        self._verify_can_pay(paid_by, self._hp_cost(paid_by, cost), ("play", "paid_by"))

    def can_play(
        self,
        uid: str,
        target: str | None = None,
        slot: str | None = None,
        targets: tuple[str, ...] = (),
        paid_by: str | None = None,
    ) -> bool:
        return self._can(self.verify_play, uid, target, slot, targets, paid_by)

    def play(
        self,
        uid: str,
        target: str | None = None,
        slot: str | None = None,
        targets: tuple[str, ...] = (),
        paid_by: str | None = None,
    ) -> list[Step]:
        """Play a spell (its HP cost paid first, P-80), an Armament onto your Soul, or set an
        Ambush at your slot."""

        def act() -> None:
            card, definition = self._card(uid), self.table.definition(uid)
            cause = Cause(kind="action", card=uid, text=f"play {uid}")
            actor = self._actor_rules(card.owner)
            if definition.kind == "armament":
                assert target is not None
                self._set(card.evolve(zone="armament", attached_to=target))
                self.record(
                    f"{uid} is attached to {target} (max HP {self.table.max_hp(target)}, "
                    f"power {self.table.power(target)})",
                    ["S-5", "S-6", *actor],
                    cause,
                    [
                        Played(card=uid, to=f"armament of {target}"),
                        Moved(card=uid, before="hand", after=f"armament of {target}"),
                    ],
                )
            elif definition.kind == "ambush":
                self._set(card.evolve(zone="ambush", slot=slot))
                self.record(
                    f"{uid} is set as an Ambush at slot {slot}",
                    ["S-4", "14.4.5", "P-3"],
                    cause,
                    [
                        Played(card=uid, to=f"slot {slot} (ambush)"),
                        Moved(card=uid, before="hand", after=f"slot {slot} (ambush)"),
                    ],
                )
            else:
                self._play_spell(uid, targets or chosen(target), paid_by, cause)

        return self._act(lambda: self._check_play(uid, target, slot, targets, paid_by), act)

    def _play_spell(
        self, uid: str, targets: tuple[str, ...], paid_by: str | None, cause: Cause
    ) -> None:
        """The spell is played, its HP cost paid (P-80), its effects resolve, and it goes to
        the Elysium."""
        definition = self.table.definition(uid)
        actor = self._actor_rules(self._card(uid).owner)
        aimed = f" at {' and '.join(targets)}" if len(targets) > 1 else ""
        self.record(
            f"{uid} is played{aimed}",
            ["S-12", *actor, *(["P-79"] if aimed else [])],
            cause,
            [Played(card=uid, to="play")],
        )
        if definition.cost_hp is not None and paid_by is not None:
            self._pay_hp(paid_by, self._hp_cost(paid_by, definition.cost_hp), cause, ["P-80"])
        # a spell is never active: its effects have no ``source`` (docs/scenarios.md)
        self._resolve_effects(uid, definition.effects, targets, None, cause)
        self._set(self._card(uid).evolve(zone="elysium"))
        self.record(
            f"{uid} goes to the Elysium",
            ["S-4"],
            cause,
            [Moved(card=uid, before="hand", after="elysium")],
        )

    def _ability(self, uid: str, index: int, when: str) -> Ability:
        abilities = [a for a in self.table.definition(uid).abilities if a.when == when]
        if not 0 <= index < len(abilities):
            raise RuleError("S-5", f"{uid} has no {when} ability number {index}")
        return abilities[index]

    def verify_activate(self, uid: str, index: int = 0, target: str | None = None) -> None:
        self._verify(
            lambda: self._check_activate(uid, index, target), self.activate, uid, index, target
        )

    def _check_activate(self, uid: str, index: int, target: str | None) -> None:
        self._require_game_on()
        card = self._card(uid)
        if card.zone != "slot":
            raise RuleError("S-12", f"{uid} is not a Soul on a slot")
        if card.face_down:
            raise RuleError("14.5.1", f"{uid} is captured: it has no effects")
        self._require_turn_player(card.owner, "activate an ability")
        ability = self._ability(uid, index, "activated")
        if ability.cost_hp is not None:
            self._verify_can_pay(uid, self._hp_cost(uid, ability.cost_hp))
        self.verify_target(card.owner, ability.target, target)

    def can_activate(self, uid: str, index: int = 0, target: str | None = None) -> bool:
        return self._can(self.verify_activate, uid, index, target)

    def activate(self, uid: str, index: int = 0, target: str | None = None) -> list[Step]:
        """Activate a Soul's ability, paying its HP cost first (14.3, S-11)."""

        def act() -> None:
            ability = self._ability(uid, index, "activated")
            label = ability.name or "ability"
            cause = Cause(kind="action", card=uid, text=f"{uid}: {label}")
            actor = self._actor_rules(self._card(uid).owner)
            self.record(f"{uid} activates {label}", ["S-12", *actor], cause)
            if ability.cost_hp is not None:
                self._pay_hp(uid, self._hp_cost(uid, ability.cost_hp), cause)
            self._resolve_effects(uid, ability.effects, chosen(target), uid, cause)

        return self._act(lambda: self._check_activate(uid, index, target), act)

    def verify_spring(self, uid: str, target: str | None = None) -> None:
        self._verify(lambda: self._check_spring(uid, target), self.spring, uid, target)

    def _check_spring(self, uid: str, target: str | None) -> None:
        self._require_game_on()
        card = self._card(uid)
        if card.zone != "ambush":
            raise RuleError("S-4", f"{uid} is not an Ambush set at a slot")
        ability = self._ability(uid, 0, "sprung")
        self.verify_target(card.owner, ability.target, target)

    def can_spring(self, uid: str, target: str | None = None) -> bool:
        return self._can(self.verify_spring, uid, target)

    def spring(self, uid: str, target: str | None = None) -> list[Step]:
        """Reveal an Ambush: its effects resolve and it goes to the Elysium."""

        def act() -> None:
            card, ability = self._card(uid), self._ability(uid, 0, "sprung")
            cause = Cause(kind="action", card=uid, text=f"spring {uid}")
            self.record(
                f"{uid} is sprung from slot {card.slot}",
                ["S-12", "P-3"],
                cause,
            )
            # an Ambush is never active: its effects have no ``source`` (docs/scenarios.md)
            self._resolve_effects(uid, ability.effects, chosen(target), None, cause)
            self._set(self._card(uid).evolve(zone="elysium", slot=None))
            self.record(
                f"{uid} goes to the Elysium",
                ["S-4"],
                cause,
                [Moved(card=uid, before=card.place(), after="elysium")],
            )

        return self._act(lambda: self._check_spring(uid, target), act)
