"""Card files: the card designer's cards, kept in a file of the pools' shape (``ruleset``,
``title``, ``cards``) that several scenarios share by naming it as their ``pool:``.

A scenario names a card file by its stem, never by a path (``engine.pools``): so the file goes
in the user's cards folder (``engine.assets.user_cards_folder``) to be named; one saved
elsewhere is a file to copy there. Writing is atomic and keeps the file's comments, and a
shipped pool is never written (``save_text``). No Qt here.
"""

from __future__ import annotations

from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from app.files.saving import SaveError, save_text, with_keys
from engine.assets import user_cards_folder
from engine.card_examples import card_model
from engine.card_forms import card_text, defined
from engine.errors import ScenarioError
from engine.pools import forget_pools, read_pool
from engine.yaml_source import YamlSource

HEADER = (
    "# Cards made in Cardtable's card designer. A scenario in which `pool:` names this file's\n"
    "# stem takes them, while the file is in the user's cards folder (docs/app.md).\n"
)


def cards_folder() -> Path:
    """The user's cards folder, made on first use when it can be (else the file dialog starts
    elsewhere)."""
    folder = user_cards_folder()
    with suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def card_file_text(path: Path, ruleset: str, card: dict[str, Any]) -> str:
    """The text of the card file at ``path`` holding ``card``: a new file, or the file's own
    text with the card in place of its card of that name (else last). SaveError when the file
    is no card file of ``ruleset`` or the result would not be a valid one."""
    model = card_model(ruleset)
    assert model is not None, "the designer is offered for rulesets with cards"
    verify = partial(read_pool, card_model=model)
    if not path.exists():
        data = {"ruleset": ruleset, "title": f"{ruleset.capitalize()} cards", "cards": [card]}
        source = YamlSource(path, HEADER + card_text(data))
        return with_keys(source, {}, verify)
    try:
        source = YamlSource.read(path)
    except ScenarioError as error:
        raise SaveError(path, str(error)) from None
    written = source.data.get("ruleset") if isinstance(source.data, dict) else None
    if written != ruleset:
        raise SaveError(path, f"it is no card file of {ruleset} (its ruleset: {written})")
    return with_keys(source, {"cards": defined(source.data, card)}, verify)


def save_card_file(path: Path, ruleset: str, card: dict[str, Any]) -> None:
    """Write ``card`` into the card file at ``path`` (``card_file_text``) atomically; the
    pools are read afresh, so that a scenario naming the file takes the card. SaveError on
    failure, the file as it was."""
    source = YamlSource.read(path) if path.exists() else None
    text = card_file_text(path, ruleset, card)
    save_text(path, text, source.newline if source is not None else "\n")
    forget_pools()
