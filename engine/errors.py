"""Errors the engine raises: an illegal action (with the rule it breaks) and bad input files."""

from __future__ import annotations

from collections.abc import Sequence


class RuleError(Exception):
    """An action the rules do not allow. The table is left exactly as it was.

    ``rule`` is the clause or ruling id that forbids it (``14.5.1``, ``S-11``); ``at``, when
    the refusal is about one of the action's answers rather than the action, its path under the
    action (``("targets", "sharpshooter", 1)``), so that a file's error names that line.
    """

    def __init__(self, rule: str, message: str, at: tuple[str | int, ...] = ()) -> None:
        super().__init__(f"{message} (rule {rule})")
        self.rule = rule
        self.message = message
        self.at = at


class MoreToChoose(RuleError):
    """A choice made only in part, which more picks can complete (might's list of targets,
    P-41): an app asks for the next one instead of refusing."""


class InvalidAt(ValueError):
    """A model's validator refusing one value inside the model: ``place`` is where, from the
    model (``("branches", 2, "name")``), so that the file's error names its line."""

    def __init__(self, place: tuple[object, ...], message: str) -> None:
        super().__init__(message)
        self.place = place


class ScenarioError(Exception):
    """A scenario or pool file that cannot be used, located as ``file:line: where: message``.

    >>> error = ScenarioError("deck.yaml", "cards[2]", "unknown card 'Nope'", line=7, rule="S-4")
    >>> print(error)
    deck.yaml:7: cards[2]: unknown card 'Nope' (rule S-4)
    >>> error.file, error.line, error.where, error.rule
    ('deck.yaml', 7, 'cards[2]', 'S-4')

    A file with several problems raises the first, the others in ``others``; ``every()`` lists
    them all, each on its own line as it reads alone. ``excerpt``: the file's line shown under
    the message with a caret at the place (a YAML syntax error), for a reader to print after it.
    """

    def __init__(
        self,
        file: str,
        where: str,
        message: str,
        line: int | None = None,
        rule: str | None = None,
        others: tuple[ScenarioError, ...] = (),
        excerpt: tuple[str, ...] = (),
    ) -> None:
        self.others = others
        self.excerpt = excerpt
        self.file = file
        self.where = where
        self.line = line
        self.rule = rule
        self.message = message = one_line(message)
        place = f"{file}:{line}" if line is not None else file
        suffix = f" (rule {rule})" if rule else ""
        super().__init__(f"{place}: {where}: {message}{suffix}" if where else f"{place}: {message}")

    def every(self) -> list[str]:
        """This problem and the file's others, one line each."""
        return [str(self), *(str(other) for other in self.others)]


def first_of(problems: Sequence[ScenarioError]) -> ScenarioError:
    """The first of ``problems`` (one at least), to raise, carrying the others (``every``)."""
    first, *others = problems
    first.others = tuple(others)
    return first


MAX_MESSAGE = 400  # characters of a message before it is cut


def one_line(message: str) -> str:
    """``message`` on one line and at most MAX_MESSAGE characters (it may quote a file).

    >>> one_line("two\\nlines")
    'two lines'
    >>> cut = one_line("x" * 1000)
    >>> len(cut) == MAX_MESSAGE, cut[-4:]
    (True, 'x...')
    >>> one_line("y" * MAX_MESSAGE) == "y" * MAX_MESSAGE  # at the limit: whole
    True
    """
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 3] + "..."


def internal_error(file: str, error: BaseException) -> str:
    """The one line that reports an unexpected exception about ``file``."""
    return f"{file}: internal error: {one_line(f'{type(error).__name__}: {error}')}"
