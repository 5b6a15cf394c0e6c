"""Shared test setup. Keep the Qt platform offscreen before anything imports Qt."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
