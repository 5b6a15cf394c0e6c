"""The desktop app (PySide6, offscreen through pytest-qt): the window, the table view, the
dialogs, saving, export and the lessons. The Qt fixtures are in conftest.py here."""
