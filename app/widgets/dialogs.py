"""Choices the engine asks a player to make, asked in dialogs: the registry of each ruleset's
dialogs and the pieces they share.

A ruleset whose rules leave choices to a player registers its ``RulesetWidgets`` through the
packaging entry point group ``cardtable.widgets`` under its name (as its view,
app/presentation/views.py);
a choice with only one legal answer (the engine says so) is never asked, and one a ruleset has
no dialog for (none registered, or its plug-in broken: a warning says so) takes the rules'
default.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from functools import cache
from html import escape
from typing import ClassVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QWidget

from app.widgets.busy import waiting_for_the_user
from engine.choices import Answer, Choice
from engine.ruleset import Plugins

ENTRY_POINTS = "cardtable.widgets"  # the group a ruleset's dialogs register in


class RulesetWidgets(ABC):
    """The Qt side of a ruleset: the dialogs of its choices."""

    name: ClassVar[str]  # the ruleset's name

    @abstractmethod
    def ask(self, choice: Choice, parent: QWidget | None) -> Answer:
        """Answer ``choice`` with a dialog; ChoiceCancelled on Cancel."""


@cache
def widgets() -> Plugins[RulesetWidgets]:
    """The installed rulesets' dialogs that load, by the ruleset's name; each is loaded when
    first asked for (``engine.ruleset.Plugins``)."""
    return Plugins(ENTRY_POINTS, RulesetWidgets, "dialogs")  # type: ignore[type-abstract]  # an ABC


def ask(choice: Choice, ruleset: str, parent: QWidget | None = None) -> Answer:
    """Answer ``choice`` of a game of ``ruleset``: its only legal answer, its ruleset's dialog
    (with the normal cursor, though the action asking is busy), or the rules' default where the
    ruleset has none."""
    if choice.only_answer is not None:
        return choice.only_answer
    found = widgets().get(ruleset)
    if found is None:
        return choice.default
    with waiting_for_the_user():  # the normal cursor while the player answers
        return found.ask(choice, parent)


def heading(choice: Choice, how: str) -> QLabel:
    """The choice's prompt in bold, its limits and ``how`` to answer; the prompt and the limits
    name units and effects from the file, escaped so that their markup shows as written."""
    label = QLabel(f"<b>{escape(choice.prompt)}</b><br>{escape(choice.limits)}<br>{how}")
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def plain_label(text: str = "") -> QLabel:
    """A label that shows ``text`` as written, never as rich text: it names units."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
