"""Capture, the lines it changes, exile and the end of the game (rules 14.4, 14.5, S-2, S-14,
S-17)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from engine.changes import Change, GameEnded, Moved, StatChanged
from engine.souls.changes import BonusChanged, Flipped, LineChanged, ShieldChanged
from engine.souls.core import SoulsCore
from engine.souls.table import SoulsTable
from engine.timeline import Cause


class Capture(SoulsCore):
    """Capturing and shattering (14.4, S-14), the capture check after a step of play (14.4.2,
    S-12), captured Souls and the lines (14.5, S-2), exile (14.5.4) and the game's end (S-17)."""

    def _capture(
        self, uids: Sequence[str], cause: Cause, rules: Sequence[str], at_zero: bool = False
    ) -> None:
        """Turn cards face down on their slots, all at once (14.4.1, 14.4.5, 14.4.6, S-14); then
        the lines that moved (S-2), the pending effects that end (S-14, P-2), the triggers it
        sets off (S-16, P-26, P-45) and the end of the game (S-17). ``at_zero``: the capture
        check's, whose step says the numbers it compared (14.4.1, 14.4.3)."""
        lines_before = self._lines(
            (card.owner, card.slot) for card in map(self._card, uids) if card.slot is not None
        )
        table_before = self.table
        changes = self._turn_face_down(uids)
        souls = [uid for uid in uids if self._card(uid).zone == "slot"]
        realms = [uid for uid in uids if self._card(uid).zone == "realm"]
        armaments = [c.card for c in changes if isinstance(c, Moved)]
        ambushes = self._ambushes_staying(souls)
        counted = self._counted_changes(table_before)  # the captured are not active (14.5.1)
        granted = self._granted_changes(table_before)
        counted += granted
        compared = _compared(table_before, [*souls, *realms]) if at_zero else ""
        text = _captured_text(souls, realms, armaments, ambushes, compared)
        text += [c.describe() for c in counted]
        self.record(
            "; ".join(text),
            [
                *rules,
                *_capture_rules(changes, len(uids), ambushes),
                *(["14.5.3"] if len(counted) > len(granted) else []),
                *(["P-90"] if granted else []),
            ],
            cause,
            [*changes, *counted],
        )
        forward = self._record_line_changes(lines_before, cause)
        self._end_pending_of_captured(uids, realms)
        self._queue_capture_triggers(uids, souls, forward)
        self._check_game_over(cause)

    def _turn_face_down(self, uids: Sequence[str]) -> list[Change]:
        """Each card turns face down where it is, its bonuses ending (S-6) and its Armament going
        to the Elysium (S-4, S-14)."""
        changes: list[Change] = []
        for uid in uids:
            card = self._card(uid)
            kind: Literal["captured", "shattered"] = (
                "shattered" if card.zone == "realm" else "captured"
            )
            for bonus in card.bonuses:
                changes.append(BonusChanged(kind="bonus_ended", card=uid, bonus=bonus.describe()))
            for shield in card.shields:  # prevention ends with the card's effects (P-103)
                changes.append(
                    ShieldChanged(kind="shield_ended", card=uid, shield=shield.describe())
                )
            self._set(card.evolve(face_down=True, bonuses=(), shields=()))
            changes.append(Flipped(kind=kind, card=uid, place=card.place()))
            for armament in self.table.armaments(uid):
                self._set(armament.evolve(zone="elysium", attached_to=None))
                changes.append(Moved(card=armament.uid, before=armament.place(), after="elysium"))
        return changes

    def _ambushes_staying(self, souls: Sequence[str]) -> list[str]:
        """The Ambushes at the slots of the captured ``souls``: they stay there (S-14, P-3)."""
        places = {(self._card(uid).owner, self._card(uid).slot) for uid in souls}
        return [
            c.uid
            for owner, slot in places
            if slot is not None
            for c in self.table.ambushes_at(owner, slot)
        ]

    def _end_pending_of_captured(self, uids: Sequence[str], realms: Sequence[str]) -> None:
        """S-14: a capture ends the pending effects of the captured cards (P-2)."""
        for uid in uids:
            ended = [t for t in self.pending if t.card == uid]
            verb = "shattered" if uid in realms else "was captured"
            self._end_pending(ended, f"{uid} {verb}", ["S-14", "P-2"])

    def _queue_capture_triggers(
        self, uids: Sequence[str], souls: Sequence[str], forward: Sequence[str]
    ) -> None:
        """The captured cards' own triggers, in the order of simultaneous events (S-16, P-26);
        then those of the others that see a Soul captured, then those of who stepped forward
        (P-45)."""
        for uid in uids:
            self._queue_triggers(uid, "captured", None)
        for captured in souls:
            for card in self.table.with_triggers():
                if card.uid != captured:
                    self._queue_triggers(card.uid, "another_captured", captured)
        for uid in forward:
            self._queue_triggers(uid, "front_line", None)

    def _counted_changes(self, before: SoulsTable) -> list[StatChanged]:
        """Max HP and power of active cards that changed because a count changed (Sylva, 14.5.3)."""
        changes: list[StatChanged] = []
        for card in self.table.with_statics():
            if not self.table.is_active(card.uid):
                continue
            stats: tuple[Literal["max_hp", "power"], ...] = ("max_hp", "power")
            for stat in stats:
                old, new = (
                    before.static_bonus(card.uid, stat),
                    self.table.static_bonus(card.uid, stat),
                )
                if old != new:
                    value = self.table.stat(card.uid, stat)
                    changes.append(
                        StatChanged(card=card.uid, stat=stat, before=value - new + old, after=value)
                    )
        return changes

    def _granted_changes(self, before: SoulsTable) -> list[StatChanged]:
        """Max HP and power of the active Souls that changed because what the granting statics
        give them changed since ``before``: a granting card came or went, or a Soul changed
        lines (P-90, S-2). A Soul not active before gets what it is given now. Nothing to look
        at while no granting static is on the table."""
        table = self.table
        if not (before.index.grants or table.index.grants):
            return []
        changes: list[StatChanged] = []
        for card in table.souls():
            if card.face_down:
                continue  # a captured Soul has no stats that count (14.5.1)
            old_card = before.cards.get(card.uid)
            for stat in ("max_hp", "power"):
                new = table.granted_bonus(card, stat)
                old = 0 if old_card is None else before.granted_bonus(old_card, stat)
                if old != new:
                    value = table.stat(card.uid, stat)
                    changes.append(
                        StatChanged(card=card.uid, stat=stat, before=value - new + old, after=value)
                    )
        return changes

    def _lines(self, places: Iterable[tuple[int, str]]) -> dict[str, str | None]:
        """The line of every Soul in the columns of ``places``: only a change in its column can
        move a Soul between the lines (S-2). In the order of simultaneous events (P-26)."""
        columns = {(owner, slot[:1]) for owner, slot in places}
        souls = [card for owner, column in columns for card in self.table.column(owner, column)]
        return {card.uid: self.table.line(card.uid) for card in self.table.in_order(souls)}

    def _record_line_changes(
        self,
        before: Mapping[str, str | None],
        cause: Cause,
        rules: Sequence[str] | None = None,
    ) -> list[str]:
        """Each Soul whose derived line changed gets its own step (S-2), citing ``rules`` when
        given (a swap's, P-91), else the capture's or the recruit's; the Souls that stepped into
        the Front Line, in that order."""
        forward: list[str] = []
        for uid, line in before.items():
            now = self.table.line(uid)
            if line is None or now in (None, line):
                continue
            change = LineChanged(card=uid, before=line, after=str(now))
            if now == "front":
                forward.append(uid)
                self.record(
                    f"{uid} steps into the Front Line",
                    rules or ["14.5.3", "5.2.4", "S-2"],
                    cause,
                    [change],
                )
            else:
                self.record(
                    f"{uid} is now behind a Soul: Back Line",
                    rules or ["S-2", "P-8"],
                    cause,
                    [change],
                )
        return forward

    def _capture_check(self, cause: Cause, extra_rules: Sequence[str] = ()) -> None:
        """Capture every active card at 0 HP, all at once, until nothing changes (S-12). Only a
        card marked since the last check can be at 0 HP (``_set``)."""
        while self._stale and not self.table.game_over:
            at_zero = self._at_zero()
            if not at_zero:
                break
            rules = ["14.4.2", "S-12"]
            if any(
                self.table.max_hp(uid) < self._baseline.max_hp(uid)
                for uid in at_zero
                if uid in self._baseline.cards
            ):
                rules.append("14.4.3")
            if any(self._card(uid).zone == "realm" for uid in at_zero):
                rules.append("14.4.6")
            self._capture(at_zero, cause, [*extra_rules, *rules], at_zero=True)
        self._baseline = self.table

    def _at_zero(self) -> list[str]:
        """Active cards at 0 HP, in the order of simultaneous events: only a card whose HP may
        have changed since the last check can be one (the index says which, 14.5.3)."""
        table, stale = self.table, self._stale
        self._stale = set()
        at_zero = [
            table.cards[uid]
            for uid in stale
            if uid in table.cards and table.is_active(uid) and table.hp(uid) == 0
        ]
        return [card.uid for card in table.in_order(at_zero)] if at_zero else []

    def _check_game_over(self, cause: Cause) -> None:
        realms = [self.table.realm(owner) for owner in range(len(self.table.players))]
        shattered = self.table.in_order(r for r in realms if r is not None and r.face_down)
        if self.table.game_over or not shattered:
            return
        if len(shattered) > 1:  # both players lose at once: nobody wins (P-23)
            self.table = self.table.evolve(drawn=True)
            self.record(
                "Both Realms have shattered at once: the game is a draw",
                ["S-17", "P-23"],
                cause,
                [GameEnded(winner="nobody", reason="both Realms shattered")],
            )
            return
        realm = shattered[0]
        winner = 1 - realm.owner
        self.table = self.table.evolve(winner=winner)
        name = self.table.players[winner].name
        self.record(
            f"{name} wins: {realm.uid} has shattered",
            ["S-17"],
            cause,
            [GameEnded(winner=name, reason=f"{realm.uid} shattered")],
        )

    def _release(self, uid: str, zone: Literal["exile", "hand"], cause: Cause) -> None:
        """A captured Soul leaves its slot, face up, for the exile zone (14.5.4, P-5) or its
        owner's hand (P-85): the slot is free again, and what its capture counted no longer
        counts (14.5.3)."""
        card, before = self._card(uid), self.table
        self._set(
            card.evolve(
                zone=zone,
                slot=None,
                face_down=False,
                damage=0,
                bonuses=(),
                prevented_this_turn=False,  # a new card: its own prevention unused (P-104)
            )
        )
        counted = self._counted_changes(before)
        went = "is exiled" if zone == "exile" else "returns to its owner's hand"
        self.record(
            f"{uid} {went}: slot {card.slot} is free again"
            + "".join(f"; {c.describe()}" for c in counted),
            [
                "14.5.4",
                "S-14",
                "P-5" if zone == "exile" else "P-85",
                *(["14.5.3"] if counted else []),
            ],
            cause,
            [Moved(card=uid, before=card.place(), after=zone), *counted],
        )


def _capture_rules(changes: Sequence[Change], captured: int, ambushes: Sequence[str]) -> list[str]:
    """The rules a capture of ``captured`` cards applied, by what it changed: its Armament to
    the Elysium and its Ambushes staying (14.4.5), its bonuses and shields ending."""
    armaments = any(isinstance(c, Moved) for c in changes)
    return [
        "14.4.1",
        *(["14.4.5"] if armaments or ambushes else []),
        "S-14",
        *(["S-16", "P-26"] if captured > 1 else []),
        *(["S-4"] if armaments else []),
        *(["P-3"] if ambushes else []),
        *(["S-6"] if any(isinstance(c, BonusChanged) for c in changes) else []),
        *(["P-103"] if any(isinstance(c, ShieldChanged) for c in changes) else []),
    ]


def _compared(table: SoulsTable, uids: Sequence[str]) -> str:
    """The comparisons that put ``uids`` at 0 HP: each one's damage reached its max HP
    (14.4.1, 14.4.3, 14.4.6); several that all reached it exactly are said together."""
    if not uids:
        return ""
    numbers = [(uid, table.cards[uid].damage, table.max_hp(uid)) for uid in uids]
    if len(uids) == 1:
        _, damage, max_hp = numbers[0]
        verb = "reached" if damage == max_hp else "is past"
        return f" (damage {damage} {verb} max HP {max_hp})"
    if all(damage == max_hp for _, damage, max_hp in numbers):
        return f" (damage reached max HP: {', '.join(f'{u} {d}' for u, d, _ in numbers)})"
    said = [
        f"{uid}: damage {damage} {'reached' if damage == max_hp else 'is past'} max HP {max_hp}"
        for uid, damage, max_hp in numbers
    ]
    return f" ({'; '.join(said)})"


def _captured_text(
    souls: Sequence[str],
    realms: Sequence[str],
    armaments: Sequence[str],
    ambushes: Sequence[str],
    compared: str = "",
) -> list[str]:
    """What a capture did, each part of the step's description (14.4.1, 14.4.6, S-14), the
    cards turned face down followed by ``compared``, what put them at 0 HP."""
    text = []
    if souls:
        verb = "is" if len(souls) == 1 else "are"
        said = "" if realms else compared  # said once, after the Realms
        text.append(f"{', '.join(souls)} {verb} captured: face down, on the slot{said}")
    if realms:
        text.append(f"{', '.join(realms)} shatters: face down{compared}")
    if armaments:
        text.append(f"{', '.join(armaments)} to the Elysium")
    if ambushes:
        stay = "stays at its slot" if len(ambushes) == 1 else "stay at their slots"
        text.append(f"{', '.join(ambushes)} {stay}")
    return text
