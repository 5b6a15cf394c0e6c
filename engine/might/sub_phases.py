"""The names of the sub-phases of a Combat Cleanup (M-12) and of expiration (M-13), as the
timeline's phase paths hold them: the engine enters them, the fuzz invariants look for the last
step of each (``engine.might.invariants``)."""

DEATHS = "1. Deaths"
HEAL = "2. Heal"
RECALL = "3. Recall"
CHAIN = "4. Chain"

LETHAL_CHECK = "(a) Lethal check"
EXPIRATION_HEAL = "(b) Heal"
THIS_TURN_ENDS = '(c) "This turn" effects end'
RUNE_POOLS_EMPTY = "(d) Rune pools empty"
