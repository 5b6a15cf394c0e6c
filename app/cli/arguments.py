"""The values the command line takes beyond argparse's own types: sizes in pixels and lists of
steps, each refused in one line that names the option, the value and what is allowed.

Only ASCII digits count: ``"³"`` and ``"٣"`` are digits to Python's ``str.isdigit`` but not to a
user reading ``--size 1600x1000``.

>>> parse_size("--size", "1600x1000")
(1600, 1000)
>>> parse_steps("--steps", "3, 5,9", last=12)
[3, 5, 9]
>>> parse_whole_number("--seed", "0_7")
Traceback (most recent call last):
app.cli.arguments.ArgumentError: --seed 0_7: expected a whole number, 1 to 30 ASCII digits (0-9)
>>> parse_size("--size", "8000x600")
Traceback (most recent call last):
app.cli.arguments.ArgumentError: --size 8000x600: expected WIDTHxHEIGHT, 100 to 4000 pixels each
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.plain_errors import did_you_mean

MIN_SIDE, MAX_SIDE = 100, 4000  # pixels: a readable table, and an image that renders in seconds
MAX_LISTED_STEPS = 16  # tables side by side in one strip
MAX_STRIP_PIXELS = 40_000_000  # a strip's tables together: an image that fits in memory
_NUMBER = re.compile(r"[0-9]{1,9}")
_WHOLE_NUMBER = re.compile(r"[0-9]{1,30}")  # past any option's bounds, short of int()'s limit


class ArgumentError(Exception):
    """A bad value on the command line, said in one line."""


def shown(text: str) -> str:
    """A value as the user typed it, its control characters escaped (``repr`` without quotes)."""
    return repr(text)[1:-1]


def parse_size(option: str, text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` in pixels, each side within MIN_SIDE..MAX_SIDE."""
    width, _, height = text.strip().partition("x")
    if _NUMBER.fullmatch(width) and _NUMBER.fullmatch(height):
        size = int(width), int(height)
        if all(MIN_SIDE <= side <= MAX_SIDE for side in size):
            return size
    raise ArgumentError(
        f"{option} {shown(text)}: expected WIDTHxHEIGHT, {MIN_SIDE} to {MAX_SIDE} pixels each"
    )


def parse_whole_number(option: str, text: str) -> int:
    """A number written in ASCII digits only: ``int`` would also take ``0_7``, ``٣`` and ``３``.
    Its bounds are the option's own."""
    if not _WHOLE_NUMBER.fullmatch(text.strip()):
        raise ArgumentError(
            f"{option} {shown(text)}: expected a whole number, 1 to 30 ASCII digits (0-9)"
        )
    return int(text)


def parse_steps(
    option: str, text: str, last: int, labels: Mapping[str, int] | None = None
) -> list[int]:
    """A comma-separated list of at most MAX_LISTED_STEPS steps, each a number in 0..last or
    one of ``labels`` (a script label: its step), in the order given."""
    labels = labels or {}
    parts = [part.strip() for part in text.split(",")]
    if len(parts) > MAX_LISTED_STEPS:
        raise ArgumentError(
            f"{option}: {len(parts)} steps, more than the {MAX_LISTED_STEPS} one strip can show"
        )
    steps = []
    for part in parts:
        if part in labels:
            steps.append(labels[part])
            continue
        if not _NUMBER.fullmatch(part):
            named = f" or a label ({', '.join(labels)})" if labels else " (e.g. 3,5,9)"
            raise ArgumentError(
                f"{option} {shown(text)}: '{shown(part)}' is not a step number{named}"
                + did_you_mean(part, list(labels))
            )
        step = int(part)
        if step > last:
            raise ArgumentError(f"{option} {shown(text)}: step {step} is out of range 0..{last}")
        steps.append(step)
    return steps


def verify_strip(steps: int, size: tuple[int, int]) -> None:
    """Raise ArgumentError unless ``steps`` tables of ``size`` make an image of sane size."""
    pixels = steps * size[0] * size[1]
    if pixels > MAX_STRIP_PIXELS:
        raise ArgumentError(
            f"--steps and --size: {steps} tables of {size[0]}x{size[1]} make "
            f"{pixels / 1e6:.0f} megapixels, more than the {MAX_STRIP_PIXELS // 1_000_000} a "
            "strip may have: fewer steps or a smaller --size"
        )
