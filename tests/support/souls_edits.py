"""Random playtester edits of the souls test table (hypothesis): what they are, and
how one is applied."""

from __future__ import annotations

from hypothesis import strategies as st

TARGETS = ["sylva", "blood-priest", "ember-imp", "fading-wisp", "ash-zealot", "old-keep"]
EDITS = st.tuples(
    st.sampled_from(["deal", "heal", "pay_hp", "bonus", "capture", "end_turn"]),
    st.sampled_from(TARGETS),
    st.integers(min_value=-20, max_value=40),
)


def apply(game, edit):  # type: ignore[no-untyped-def]
    kind, target, amount = edit
    if kind == "deal":
        return game.deal(target, max(0, amount))
    if kind == "heal":
        return game.heal(target, max(0, amount))
    if kind == "pay_hp":
        return game.pay_hp(target, max(0, amount))
    if kind == "bonus":
        return game.add_bonus(target, "max_hp", amount, "end_of_turn")
    if kind == "capture":
        return game.capture(target)
    return game.end_turn()
