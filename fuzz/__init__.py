"""The proof harness of ``cardtable fuzz``: seeded random legal play with invariants checked
(``fuzz.harness``)."""
