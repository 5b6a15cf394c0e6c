"""What happened this turn that a card's condition can ask (P-55): the cards each player
played (and the spells among them), how many times each unit moved, and the damage each unit
took. The table keeps it with its snapshot, so stepping back shows it as it was; a new turn
starts it afresh (``ThisTurn()``). Each update costs what it changes: the units are kept in a
persistent map.

>>> turn = ThisTurn().after_play(0, spell=True).after_move("a").after_move("a")
>>> turn.played_by(0), turn.played_by(0, spells=True), turn.played_by(1), turn.moves_of("a")
(1, 1, 0, 2)
"""

from __future__ import annotations

from engine.card_map import CardMap
from engine.frozen import Frozen


class ThisTurn(Frozen):
    """The turn's history so far: counts only, each made by the step that did it."""

    played: tuple[int, int] = (0, 0)
    """Cards each player played from hand this turn (units and spells)."""
    spells: tuple[int, int] = (0, 0)
    """Spells among them."""
    moves: CardMap[int] = CardMap()
    """Each unit's moves this turn: to or from a battlefield, a recall included (M6)."""
    damage: CardMap[int] = CardMap()
    """Each unit's damage taken this turn: what was marked on it (M4), after prevention."""

    def played_by(self, player: int, spells: bool = False) -> int:
        """The cards (or only the spells) ``player`` played this turn."""
        return (self.spells if spells else self.played)[player]

    def moves_of(self, uid: str) -> int:
        return self.moves.get(uid, 0)

    def damage_to(self, uid: str) -> int:
        return self.damage.get(uid, 0)

    def after_play(self, player: int, spell: bool) -> ThisTurn:
        return self.evolve(
            played=_added(self.played, player, 1), spells=_added(self.spells, player, int(spell))
        )

    def after_move(self, uid: str) -> ThisTurn:
        return self.evolve(moves=self.moves.set(uid, self.moves_of(uid) + 1))

    def after_damage(self, uid: str, amount: int) -> ThisTurn:
        return self.evolve(damage=self.damage.set(uid, self.damage_to(uid) + amount))

    def describe(self, names: tuple[str, str]) -> list[str]:
        """What the table's text says of it: nothing for a turn where nothing happened yet."""
        lines = [
            f"{name} played {count} card{'s' * (count != 1)} this turn"
            + (f" ({_spells(self.spells[player])})" if self.spells[player] else "")
            for player, (name, count) in enumerate(zip(names, self.played, strict=True))
            if count
        ]
        if self.moves:
            lines.append(
                "moved this turn: " + ", ".join(f"{u} x{n}" for u, n in self.moves.items())
            )
        if self.damage:
            lines.append(
                "damage taken this turn: " + ", ".join(f"{u} {n}" for u, n in self.damage.items())
            )
        return lines


def _spells(count: int) -> str:
    return f"{count} spell{'s' * (count != 1)}"


def _added(counts: tuple[int, int], player: int, more: int) -> tuple[int, int]:
    return (counts[0] + more, counts[1]) if player == 0 else (counts[0], counts[1] + more)
