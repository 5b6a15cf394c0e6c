"""The app's files, without Qt: saving scenarios (atomic, comments kept) and writing outputs."""
