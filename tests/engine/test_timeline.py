"""The timeline: snapshots share the cards a step left alone, every step cites a rule, and
the same script gives the same timeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.assets import ASSETS, LESSONS, SCENARIOS
from engine.cascades import ACTION_STEP_LIMIT
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.scenario import game_from_yaml, scenario_files
from engine.timeline import Cause, Recorder, Step
from tests.support.game_state import assert_refused
from tests.support.playthroughs import branch_timelines
from tests.support.souls_tables import scenario_text


def test_update_shares_unchanged_cards_and_keeps_old_snapshots() -> None:
    game = game_from_yaml(scenario_text())
    before = game.table
    game.deal("ember-imp", 5)
    after = game.table
    assert before.cards["ember-imp"].damage == 0  # old snapshot untouched
    assert after.cards["ember-imp"].damage == 5
    shared = [uid for uid in before.cards if before.cards[uid] is after.cards[uid]]
    assert set(before.cards) - set(shared) == {"ember-imp"}
    assert after.defs is before.defs


SHIPPED = scenario_files([SCENARIOS, LESSONS])


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ASSETS)) for p in SHIPPED])
def test_every_card_a_step_changes_is_named_by_one_of_its_changes(path: Path) -> None:
    """Nothing changes off the record: the app outlines the cards a step's changes name, so a
    card that differs from the step before (a role lost, an effect gained or ended, a turn's
    once-a-turn uses back) is named by a change of that step."""
    for name, steps in branch_timelines(path):
        for before, step in zip(steps, steps[1:], strict=False):
            unnamed = step.table.cards.changed_since(before.table.cards) - step.changed_cards()
            assert not unnamed, f"{path.name} {name} step {step.index}: {sorted(unnamed)}"


def test_a_step_that_cites_no_rule_is_refused() -> None:
    # The recorder refuses it, so no test needs to look for steps without rules.
    game = game_from_yaml(scenario_text())
    with pytest.raises(ValueError, match="cites no rule"):
        game.record("sylva waves", [], Cause(kind="playtester"))
    assert len(game.steps) == 1


def test_same_script_gives_the_same_timeline() -> None:
    def play() -> list[dict[str, object]]:
        game = game_from_yaml(scenario_text())
        game.play("firebolt", "ember-imp")
        game.attack("sylva", "fading-wisp")
        game.finish_battle()
        game.end_turn()
        return [step.model_dump(mode="json") for step in game.steps]

    assert play() == play()


def test_a_step_is_dumped_with_its_table_whole_as_the_tables_own_model_dumps_it() -> None:
    # A Step holds a table of any ruleset (a Step[SoulsTable] here): dumped, its table is
    # written by the table's own model, all its fields, not as a Frozen's (none).
    game = game_from_yaml(scenario_text())
    game.deal("ember-imp", 5)
    for step in game.steps:
        assert step.model_dump(mode="json")["table"] == step.table.model_dump(mode="json")
        assert step.model_dump_json().endswith(f'"table":{step.table.model_dump_json()}}}')


def test_a_ruleset_that_cannot_tell_whether_its_cards_loop_rehearses_every_verify() -> None:
    # Recorder._may_loop's default: verify_x tries x and undoes it, whatever the table holds.
    class Counter(Recorder[Tally]):
        def verify_count(self) -> None:
            self._verify(lambda: None, self.count)

        def count(self) -> list[Step]:
            return self._act(lambda: None, lambda: self.record("one more", ["S-1"], SETUP))

    game = Counter(Tally())
    game.verify_count()
    assert len(game.steps) == 1  # the rehearsal left nothing behind
    with pytest.raises(RuleError):
        game._verify(lambda: None, lambda: game._act(lambda: None, refuse))
    assert len(game.count()) == 1


@pytest.mark.rule("P-48")
def test_an_action_records_at_most_the_step_limit_and_one_inside_it_no_more() -> None:
    class Counter(Recorder[Tally]):
        def count(self, steps: int, then: int = 0) -> list[Step]:
            """``steps`` steps, then an action of ``then`` steps inside this one."""

            def act() -> None:
                for _ in range(steps):
                    self.record("one more", ["S-1"], SETUP)
                if then:
                    self.count(then)

            return self._act(lambda: None, act)

    game = Counter(Tally())
    assert len(game.count(ACTION_STEP_LIMIT)) == ACTION_STEP_LIMIT
    error = assert_refused(game, lambda: game.count(ACTION_STEP_LIMIT + 1), "P-48")
    assert f"more than {ACTION_STEP_LIMIT:,} steps" in error.message
    # the inner action gets what the outer one has left, not a limit of its own
    assert_refused(game, lambda: game.count(ACTION_STEP_LIMIT - 1, then=2), "P-48")
    assert len(game.count(ACTION_STEP_LIMIT - 2, then=2)) == ACTION_STEP_LIMIT
    game.record("outside any action, no limit", ["S-1"], SETUP)


SETUP = Cause(kind="setup")


class Tally(Frozen):
    """A table of no ruleset."""

    count: int = 0


def refuse() -> None:
    raise RuleError("S-1", "no")
