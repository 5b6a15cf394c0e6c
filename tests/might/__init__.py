"""The might ruleset (paragraphs M1 to M11 and the might rulings): set-up, unit actions, lethal
damage, replacements, effects, the chain, combat and its assignment, expiration, edits, loops,
simultaneous events, the index and what the text and steps show."""
