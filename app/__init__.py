"""Cardtable desktop app and command line (PySide6 lives here, never in engine/)."""
