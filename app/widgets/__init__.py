"""The Qt widgets: the main window, the table, the timeline, the inspector, the dialogs."""
