"""Message boxes that show their text as written. An error quotes the file (a unit named
``<img src=...>``), and QMessageBox's static functions take a text that looks like markup for
rich text. ``critical``, ``warning``, ``information`` and ``question`` take the arguments and
return the button of QMessageBox's functions of those names; tests answer them here."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from app.widgets.busy import waiting_for_the_user

Button = QMessageBox.StandardButton
Icon = QMessageBox.Icon


def critical(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Ok,
    default: Button = Button.NoButton,
) -> Button:
    return shown(Icon.Critical, parent, title, text, buttons, default)


def warning(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Ok,
    default: Button = Button.NoButton,
) -> Button:
    return shown(Icon.Warning, parent, title, text, buttons, default)


def information(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Ok,
    default: Button = Button.NoButton,
) -> Button:
    return shown(Icon.Information, parent, title, text, buttons, default)


def question(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Yes | Button.No,
    default: Button = Button.NoButton,
) -> Button:
    return shown(Icon.Question, parent, title, text, buttons, default)


def shown(
    icon: Icon, parent: QWidget | None, title: str, text: str, buttons: Button, default: Button
) -> Button:
    """A modal box showing ``text`` as plain text, as the static functions build it; the
    standard button that closed it."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(default)
    with waiting_for_the_user():  # the normal cursor, though the box shows inside busy work
        box.exec()
    return box.standardButton(box.clickedButton())
