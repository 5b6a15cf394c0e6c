"""The proof harness: seeded random legal play through the engine's own offers, with invariants.

``cardtable fuzz --ruleset NAME --games 200 --seed 1 --workers 2`` plays games of an installed
ruleset (``engine.ruleset``) from the set-ups of its example scenarios (``Ruleset.examples``, one
picked per game by its seed). Each move tries what the app offers (every action on every card,
the global offers and the pass while something waits) in a seeded random order until the engine
takes one; choices are answered at random as the ruleset draws them (``Invariants.answer``).
Every attempt checks that ``refusal`` agrees with acting and that a refused action changes
nothing; every step is checked against the invariants every ruleset keeps
(``fuzz.harness.step_violations``: among them, its changes are of kinds its ruleset registers)
and the ruleset's own (``Invariants``); every choice asked is of a kind its ruleset registers.
A game is played twice (same seed, same timeline) and its actions, written into a scenario, are
replayed (a saved session reloads identically). ``fuzz.harness`` plays and checks a game.

A violation is shrunk (actions dropped one by one while it still shows) and written to ``--out``
as a scenario file naming the invariant in a comment. Games run in parallel on local cores
(``--workers``) or on a Dask cluster (``--scheduler ADDRESS``, the optional ``dask`` extra):
``fuzz.run``, which holds the command too.

The harness names no ruleset: what it knows of one comes through ``engine.ruleset``.
"""
