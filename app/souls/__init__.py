"""The app's side of the souls ruleset: its table, its offers, its inspector rows."""
