"""The engine's shared core, whatever the ruleset: reading YAML and input files, names, frozen
models and the card map, the timeline and branches, scenario files, playthroughs, scripts and
their expectations, the checker, comparisons and loops."""
