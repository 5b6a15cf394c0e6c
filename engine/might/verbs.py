"""Every verb of a might script action, bound to its ``MightGame`` methods (``engine.verbs``).

Names in an action become the game's numbers here: a battlefield's or a player's name its
index. A played spell's responses and the chain's resolution after them are the runner's
(``engine.might.runner``): the verb is the play (M-7).
"""

from __future__ import annotations

from typing import assert_never

from engine.errors import RuleError
from engine.might.game import MightGame
from engine.might.scenario import Action
from engine.might.table import MightTable
from engine.verbs import Bound, bind, given


def bound(action: Action, game: MightGame) -> Bound:
    """``verify_x``, ``can_x`` and ``x`` of ``game`` for ``action``, with its arguments."""
    table, kind = game.table, action.kind
    match kind:
        case "play":
            p = given(action.play)
            return bind(game.verify_play, game.can_play, game.play, p.card, p.chosen())
        case "activate":
            a = given(action.activate)
            return bind(
                game.verify_activate,
                game.can_activate,
                game.activate,
                a.card,
                a.ability,
                a.chosen(),
            )
        case "resolve":
            return bind(game.verify_resolve, game.can_resolve, game.resolve)
        case "move":
            m = given(action.move)
            to = None if m.to == "base" else battlefield_index(table, m.to)
            return bind(game.verify_move, game.can_move, game.move, m.unit, to)
        case "recall":
            r = given(action.recall)
            return bind(game.verify_recall, game.can_recall, game.recall, r.unit)
        case "ready" | "exhaust":
            u = given(action.ready or action.exhaust)
            ready = kind == "ready"
            return bind(game.verify_set_ready, game.can_set_ready, game.set_ready, u.unit, ready)
        case "return_to_hand":
            h = given(action.return_to_hand)
            return bind(
                game.verify_return_to_hand, game.can_return_to_hand, game.return_to_hand, h.unit
            )
        case "combat":
            c = given(action.combat)
            for name in c.assign:  # an assignment is given for a player by name (M-10)
                player_index(table, name)
            field = battlefield_index(table, c.battlefield)
            return bind(game.verify_combat, game.can_combat, game.combat, field)
        case "end_turn":
            return bind(game.verify_end_turn, game.can_end_turn, game.end_turn)
        case "deal":
            d = given(action.deal)
            return bind(
                game.verify_deal, game.can_deal, game.deal, d.target, d.amount, d.kind, d.bonus
            )
        case "heal":
            he = given(action.heal)
            return bind(game.verify_heal, game.can_heal, game.heal, he.target)
        case "might":
            mi = given(action.might)
            return bind(
                game.verify_modify_might,
                game.can_modify_might,
                game.modify_might,
                mi.target,
                mi.amount,
                mi.duration,
            )
        case "shield":
            s = given(action.shield)
            return bind(
                game.verify_add_shield,
                game.can_add_shield,
                game.add_shield,
                s.target,
                s.value,
                s.duration,
                s.scope,
                s.id,
            )
        case "double":
            db = given(action.double)
            return bind(
                game.verify_add_doubler,
                game.can_add_doubler,
                game.add_doubler,
                db.target,
                db.duration,
                db.scope,
                db.id,
            )
        case "lethal":
            t = given(action.lethal)
            return bind(
                game.verify_set_lethal_threshold,
                game.can_set_lethal_threshold,
                game.set_lethal_threshold,
                t.target,
                t.threshold,
                t.duration,
            )
        case "bonus_damage":
            b = given(action.bonus_damage)
            return bind(
                game.verify_grant_bonus_damage,
                game.can_grant_bonus_damage,
                game.grant_bonus_damage,
                player_index(table, b.player),
                b.amount,
                b.scope,
                b.duration,
            )
        case "add_runes":
            ru = given(action.add_runes)
            return bind(
                game.verify_add_runes,
                game.can_add_runes,
                game.add_runes,
                player_index(table, ru.player),
                ru.amount,
            )
        case _:
            assert_never(kind)


def battlefield_index(table: MightTable, name: str) -> int:
    names = [b.name for b in table.battlefields]
    if name not in names:
        raise RuleError("M-1", f"there is no battlefield {name!r} ({', '.join(names)})")
    return names.index(name)


def player_index(table: MightTable, name: str) -> int:
    names = [p.name for p in table.players]
    if name not in names:
        raise RuleError("M-1", f"there is no player {name!r} ({', '.join(names)})")
    return names.index(name)
