"""A third ruleset records a player's life and a card leaving the game with the engine's shared
shapes of change, and a kind of its own, without a change to engine/ (docs/rulesets.md, "Adding
a change kind"): tally's hits are ``player_stat`` changes, a counter it removes is ``moved`` out
of the game, and a player it knocks out is its own ``knocked_out``. A file's ``steps:`` names
all three; a word tally never records is refused, as any ruleset's typo is."""

from __future__ import annotations

import json
from pathlib import Path

from tests.contracts.conftest import Command

HITS = """\
ruleset: tally
title: Hits
rules: [T-5, T-6]
setup:
  players:
    - {name: Alice, counters: {Apples: 1}}
    - {name: Bob, life: 5}
script:
  - hit: {player: Bob, amount: 5}
  - remove: {card: apples}
expect:
  - steps:
      - {change: player_stat, text: life 5 -> 0, times: 1}
      - {change: knocked_out, times: 1}
      - {change: moved, card: apples}
"""


def written(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_its_steps_record_the_shared_shapes_and_its_own_each_with_its_fields(
    tmp_path: Path, cardtable: Command
) -> None:
    done = cardtable("run", "--json", str(written(tmp_path, "hits.yaml", HITS)))
    assert done.returncode == 0, done.stdout + done.stderr
    hit, removed = json.loads(done.stdout)["steps"][1:]
    assert hit["description"] == "Bob is hit for 5 (life 5 -> 0)"
    assert all(change.pop("text") for change in hit["changes"] + removed["changes"])
    assert hit["changes"] == [
        {"kind": "player_stat", "player": "Bob", "stat": "life", "before": 5, "after": 0},
        {"kind": "knocked_out", "player": "Bob"},
    ]
    assert removed["changes"] == [
        {"kind": "moved", "card": "apples", "before": "the table", "after": "out of the game"}
    ]


def test_a_step_expectation_names_them_and_fails_when_they_are_not_recorded(
    tmp_path: Path, cardtable: Command
) -> None:
    done = cardtable("check", str(written(tmp_path, "hits.yaml", HITS)))
    assert done.returncode == 0, done.stdout + done.stderr
    twice = HITS.replace("{change: knocked_out, times: 1}", "{change: knocked_out, times: 2}")
    done = cardtable("check", str(written(tmp_path, "twice.yaml", twice)))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 steps match change='knocked_out', expected 2 (steps 1)" in done.stdout


def test_a_word_it_does_not_record_is_refused_with_the_words_it_does(
    tmp_path: Path, cardtable: Command
) -> None:
    typo = HITS.replace("{change: knocked_out, times: 1}", "{change: knockd_out}")
    done = cardtable("check", str(written(tmp_path, "typo.yaml", typo)))
    assert done.returncode == 2, done.stdout + done.stderr
    assert (
        "expect[0].steps[1].change: 'knockd_out' is not valid here (did you mean 'knocked_out'?)"
        "; valid here: stat, player_stat, moved, died, status, triggered, activated, phase, "
        "game_over, played, declared, knocked_out"
    ) in done.stdout
