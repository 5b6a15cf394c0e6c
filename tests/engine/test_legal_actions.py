"""What the engine offers to try now, each judged by the rules (``Playthrough.legal_actions``), and
a verb added in one place (``engine.verbs``) showing up in parsing, the schema, saving and the
offers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from engine.assets import SCENARIOS
from engine.errors import RuleError
from engine.might.game import MightGame
from engine.might.scenario import MightAction
from engine.might.table import MightTable
from engine.might.verbs import VERBS
from engine.offers import offers_of
from engine.scenario import Playthrough, load_scenario
from engine.script import dump_action
from engine.timeline import Step
from engine.verbs import Offered, Verb, Verbs
from engine.windows import Waiting

FILES = [
    SCENARIOS / "might" / "P-42-activated-abilities.yaml",
    SCENARIOS / "souls" / "S-4-detach-armament.yaml",
]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_offer_is_judged_as_playing_it_would_judge_it(path: Path) -> None:
    play = Playthrough(*load_scenario(path))
    judged = play.legal_actions()
    assert any(j.legal for j in judged) and any(not j.legal for j in judged)
    for each in judged:
        assert each.action is not None  # nothing waits: no pass is offered
        refusal = play.refusal(each.action)
        assert (None if refusal is None else refusal.rule) == (
            None if each.refusal is None else each.refusal.rule
        )
    refused = next(j for j in judged if not j.legal)
    assert refused.action is not None and refused.refusal is not None
    with pytest.raises(RuleError) as raised:
        play.act(refused.action)
    assert raised.value.rule == refused.refusal.rule
    legal = next(j for j in judged if j.legal)
    assert legal.action is not None
    play.act(legal.action)  # plays


def test_a_window_that_waits_offers_its_pass_first() -> None:
    play = Playthrough(*load_scenario(SCENARIOS / "souls" / "demo-table.yaml"))
    attack = next(
        j.action for j in play.legal_actions() if j.legal and j.action and j.action.kind == "attack"
    )
    play.act(attack)
    assert play.waiting() is not None
    table_offers = [j for j in play.legal_actions() if j.card is None]
    assert [(j.offer.label, j.action, j.legal) for j in table_offers][:1] == [
        ("Pass: go to the capture step", None, True)
    ]
    assert [j.offer.label for j in table_offers[1:]] == ["End turn"]


class Concede(Verb):
    """``concede``: the turn player gives the turn away (a verb written for this test)."""

    key: ClassVar[str] = "concede"
    bare: ClassVar[bool] = True

    @classmethod
    def offered(
        cls, table: MightTable, uid: str | None, waiting: Waiting | None
    ) -> Iterator[Offered]:
        if uid is None:
            yield Offered("Concede the turn", "Turn", cls())

    def verify(self, game: MightGame) -> None:
        game.verify_end_turn()

    def act(self, game: MightGame) -> list[Step]:
        return game.end_turn()


def test_a_verb_added_in_one_place_is_read_offered_saved_and_published() -> None:
    action = MightAction.with_verbs(Verbs(*VERBS, Concede))
    written = action.model_validate("concede")  # a bare word, as ``bare`` says
    assert isinstance(written.verb, Concede) and written.kind == "concede"
    assert dump_action(written) == {"concede": {}}
    schema = action.model_json_schema()
    described = schema["anyOf"][0]["properties"]["concede"]
    assert "gives the turn away" in described["description"]
    assert "concede" in schema["anyOf"][1]["enum"]
    play = Playthrough(*load_scenario(FILES[0]))
    [offer] = [o for o in offers_of(action, play.game.table, None, None) if o.label.startswith("C")]
    assert offer.action == written
    turn = play.game.table.turn
    assert Concede().can(play.game) and written.verb.act(play.game)
    assert play.game.table.turn == turn + 1
