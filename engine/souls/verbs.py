"""Every verb of a souls script action, bound to its ``SoulsGame`` methods (``engine.verbs``).

An attack's battle window and capture step are the runner's (``engine.souls.runner``): the verb
is the declaration with its attack damage (S-13).
"""

from __future__ import annotations

from typing import assert_never

from engine.souls.game import SoulsGame
from engine.souls.scenario import Action
from engine.verbs import Bound, bind, given


def bound(action: Action, game: SoulsGame) -> Bound:
    """``verify_x``, ``can_x`` and ``x`` of ``game`` for ``action``, with its arguments."""
    kind = action.kind
    match kind:
        case "recruit":
            r = given(action.recruit)
            return bind(game.verify_recruit, game.can_recruit, game.recruit, r.card, r.slot)
        case "play":
            p = given(action.play)
            return bind(game.verify_play, game.can_play, game.play, p.card, p.target, p.slot)
        case "activate":
            a = given(action.activate)
            return bind(
                game.verify_activate, game.can_activate, game.activate, a.card, a.ability, a.target
            )
        case "spring":
            s = given(action.spring)
            return bind(game.verify_spring, game.can_spring, game.spring, s.card, s.target)
        case "attack":
            at = given(action.attack)
            return bind(game.verify_attack, game.can_attack, game.attack, at.attacker, at.target)
        case "deal":
            d = given(action.deal)
            return bind(game.verify_deal, game.can_deal, game.deal, d.target, d.amount)
        case "heal":
            h = given(action.heal)
            return bind(game.verify_heal, game.can_heal, game.heal, h.target, h.amount)
        case "pay_hp":
            pay = given(action.pay_hp)
            return bind(game.verify_pay_hp, game.can_pay_hp, game.pay_hp, pay.card, pay.amount)
        case "capture":
            c = given(action.capture)
            return bind(game.verify_capture, game.can_capture, game.capture, c.target)
        case "exile":
            e = given(action.exile)
            return bind(game.verify_exile, game.can_exile, game.exile, e.target)
        case "bonus":
            b = given(action.bonus)
            return bind(
                game.verify_add_bonus,
                game.can_add_bonus,
                game.add_bonus,
                b.target,
                b.stat,
                b.amount,
                b.duration,
            )
        case "detach":
            dt = given(action.detach)
            return bind(game.verify_detach, game.can_detach, game.detach, dt.card)
        case "end_turn":
            return bind(game.verify_end_turn, game.can_end_turn, game.end_turn)
        case _:
            assert_never(kind)
