"""The app's side of the might ruleset: its table, its offers, its inspector rows."""
