"""Exporting lessons: the HTML page, the PNG tables and strips."""
