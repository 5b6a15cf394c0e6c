"""Running a souls scenario: build its table, play its script, check its expectations."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.assets import POOLS
from engine.errors import RuleError
from engine.souls.cards import CardDef
from engine.souls.game import SoulsGame
from engine.souls.pool import load_pool, pool_path
from engine.souls.scenario import (
    Action,
    CardExpect,
    CardSetup,
    Expectation,
    SoulsScenario,
    StepMatch,
)
from engine.souls.table import Bonus, CardState, Player, SoulsTable, Zone
from engine.timeline import Step
from engine.yaml_source import YamlSource, describe_location

Location = tuple[object, ...]


def card_id(name: str) -> str:
    """The default id of a card: its name in lower case with dashes (``Final Resting Place`` ->
    ``final-resting-place``)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class TableBuilder:
    """Turns a scenario's set-up into the first table, naming the place of any bad entry."""

    def __init__(self, scenario: SoulsScenario, source: YamlSource) -> None:
        self.source = source
        if scenario.pool and not pool_path(scenario.pool).exists():
            raise source.error(
                ("pool",),
                f"there is no card pool {scenario.pool!r} "
                f"(pools: {', '.join(p.stem for p in POOLS.glob('*.yaml'))})",
            )
        self.defs: dict[str, CardDef] = dict(load_pool(scenario.pool)) if scenario.pool else {}
        for card in scenario.cards:
            self.defs[card.name] = card
        self.cards: dict[str, CardState] = {}
        self.scenario = scenario

    def build(self) -> SoulsTable:
        setup = self.scenario.setup
        for owner, player in enumerate(setup.players):
            where: Location = ("setup", "players", owner)
            if player.realm is not None:
                self._place(player.realm, owner, "realm", None, (*where, "realm"), "realm")
            for slot, entry in player.slots.items():
                self._check_slot(slot, (*where, "slots", slot))
                self._place(entry, owner, "slot", slot, (*where, "slots", slot), "soul")
            for slot, entry in player.ambushes.items():
                self._check_slot(slot, (*where, "ambushes", slot))
                self._place(entry, owner, "ambush", slot, (*where, "ambushes", slot), "ambush")
            for zone in ("hand", "elysium", "exile"):
                for index, entry in enumerate(getattr(player, zone)):
                    self._place(entry, owner, zone, None, (*where, zone, index), None)
        table = SoulsTable(
            players=tuple(Player(name=p.name) for p in setup.players),
            columns=setup.columns,
            rows=setup.rows,
            defs=self.defs,
            cards=self.cards,
            turn=setup.turn,
            turn_player=setup.turn_player,
        )
        self._check_settled(table)
        return table

    def _check_settled(self, table: SoulsTable) -> None:
        """A set-up is a settled table: no active card at 0 HP, no shattered Realm (S-12)."""
        for owner, player in enumerate(self.scenario.setup.players):
            for uid, card in table.cards.items():
                if card.owner != owner or card.zone not in ("slot", "realm"):
                    continue
                where = ("setup", "players", owner, "realm" if card.zone == "realm" else "slots")
                place = where if card.zone == "realm" else (*where, card.slot)
                if card.zone == "realm" and card.face_down:
                    raise self.source.error(
                        place,
                        f"{player.name}'s Realm cannot start shattered: the game would be over",
                        "S-17",
                    )
                if not card.face_down and table.hp(uid) == 0:
                    raise self.source.error(
                        place, f"{uid} starts at 0 HP: set `captured: true` or less damage", "S-12"
                    )

    def _check_slot(self, slot: str, where: Location) -> None:
        column, row = ord(slot[0]) - ord("A"), int(slot[1:])
        setup = self.scenario.setup
        if column >= setup.columns or row > setup.rows:
            raise self.source.error(
                where, f"slot {slot} is outside the {setup.columns}x{setup.rows} grid", "S-1"
            )

    def _place(
        self,
        entry: CardSetup,
        owner: int,
        zone: Zone,
        slot: str | None,
        where: Location,
        kind: str | None,
        attached_to: str | None = None,
    ) -> None:
        definition = self.defs.get(entry.card)
        if definition is None:
            raise self.source.error(
                (*where, "card"),
                f"unknown card {entry.card!r}: it is neither in "
                f"the pool {self.scenario.pool!r} nor in this scenario's cards",
            )
        if kind is not None and definition.kind != kind:
            raise self.source.error(
                (*where, "card"), f"{entry.card} is a {definition.kind}, not a {kind}", "S-5"
            )
        uid = entry.id or card_id(entry.card)
        if uid in self.cards:
            raise self.source.error(
                where, f"two cards have the id {uid!r}: give one an explicit id"
            )
        bonuses = tuple(Bonus(source="set-up", **b.model_dump()) for b in entry.bonuses)
        self.cards[uid] = CardState(
            uid=uid,
            name=entry.card,
            owner=owner,
            zone=zone,
            slot=slot,
            attached_to=attached_to,
            face_down=entry.captured,
            damage=entry.damage,
            bonuses=bonuses,
            attacked_this_turn=entry.attacked,
        )
        for index, armament in enumerate(entry.armament):
            self._place(
                armament, owner, "armament", None, (*where, "armament", index), "armament", uid
            )


def run_action(game: SoulsGame, action: Action) -> list[Step]:
    """Carry out one script action other than an attack (which has a window, see ScriptRunner)."""
    if a := action.recruit:
        return game.recruit(a.card, a.slot)
    if p := action.play:
        return game.play(p.card, p.target, p.slot)
    if ac := action.activate:
        return game.activate(ac.card, ac.ability, ac.target)
    if s := action.spring:
        return game.spring(s.card, s.target)
    if d := action.deal:
        return game.deal(d.target, d.amount)
    if h := action.heal:
        return game.heal(h.target, h.amount)
    if pay := action.pay_hp:
        return game.pay_hp(pay.card, pay.amount)
    if c := action.capture:
        return game.capture(c.target)
    if e := action.exile:
        return game.exile(e.target)
    if b := action.bonus:
        return game.add_bonus(b.target, b.stat, b.amount, b.duration)
    return game.end_turn()


class ScriptRunner:
    """Plays a scenario's script; labels map to the last step of their action."""

    def __init__(self, game: SoulsGame, source: YamlSource) -> None:
        self.game = game
        self.source = source
        self.labels: dict[str, int] = {}
        self.failures: list[str] = []

    def run(self, actions: Sequence[Action], where: Location = ("script",)) -> None:
        for index, action in enumerate(actions):
            place = (*where, index)
            self._run_one(action, place)
            if action.label:
                self.labels[action.label] = len(self.game.steps) - 1

    def _run_one(self, action: Action, place: Location) -> None:
        expected = action.expect_error
        try:
            if action.attack is not None:
                self.game.attack(action.attack.attacker, action.attack.target)
                self.run(action.attack.window, (*place, "attack", "window"))
                self.game.finish_battle()
            else:
                run_action(self.game, action)
        except RuleError as error:
            if expected is None:
                raise self.source.error((*place, action.kind), error.message, error.rule) from None
            if error.rule != expected.rule:
                self.failures.append(
                    self._at(
                        place,
                        f"expected a rejection citing {expected.rule}, "
                        f"got {error.rule}: {error.message}",
                    )
                )
            elif expected.message and expected.message not in error.message:
                self.failures.append(
                    self._at(
                        place, f"rejection message {error.message!r} lacks {expected.message!r}"
                    )
                )
            return
        if expected is not None:
            self.failures.append(
                self._at(
                    place,
                    f"expected a rejection citing {expected.rule}, but the action was allowed",
                )
            )

    def _at(self, place: Location, message: str) -> str:
        line = self.source.line_of(place)
        return f"{self.source.path}:{line}: {describe_location(place)}: {message}"


def check_expectations(
    game: SoulsGame, runner: ScriptRunner, expectations: Sequence[Expectation], source: YamlSource
) -> list[str]:
    """Every failed expectation as ``file:line: expect[i] at 'label': expected X, saw Y``."""
    failures: list[str] = []
    for index, expectation in enumerate(expectations):
        place: Location = ("expect", index)
        if expectation.at == "end":
            last = len(game.steps) - 1
        elif expectation.at in runner.labels:
            last = runner.labels[expectation.at]
        else:
            raise source.error((*place, "at"), f"no script action has the label {expectation.at!r}")
        failures += [
            f"{source.path}:{source.line_of((*place, *sub))}: "
            f"expect[{index}] at {expectation.at!r}: {message}"
            for sub, message in expectation_misses(game.steps[: last + 1], expectation)
        ]
    return failures


def expectation_misses(
    steps: Sequence[Step], expectation: Expectation
) -> list[tuple[Location, str]]:
    """What differs from ``expectation`` on the timeline ``steps`` (its last step is the table)."""
    table = steps[-1].table
    assert isinstance(table, SoulsTable)
    misses: list[tuple[Location, str]] = []
    for uid, card_expect in expectation.cards.items():
        if uid not in table.cards:
            misses.append((("cards", uid), f"card {uid!r} is not on the table"))
            continue
        for field, want, seen in compare_card(table, uid, card_expect):
            misses.append((("cards", uid, field), f"{uid} {field}: expected {want}, saw {seen}"))
    for match_index, match in enumerate(expectation.steps):
        if not any(step_matches(step, match) for step in steps):
            misses.append((("steps", match_index), f"no step matches {describe_match(match)}"))
    for match_index, match in enumerate(expectation.no_steps):
        hits = [step for step in steps if step_matches(step, match)]
        if hits:
            misses.append(
                (
                    ("no_steps", match_index),
                    f"step {hits[0].index} ({hits[0].description}) matches "
                    f"{describe_match(match)}, which should not happen",
                )
            )
    if expectation.winner is not None:
        winner = None if table.winner is None else table.players[table.winner].name
        if winner != expectation.winner:
            misses.append((("winner",), f"winner: expected {expectation.winner}, saw {winner}"))
    if expectation.turn is not None and table.turn != expectation.turn:
        misses.append((("turn",), f"turn: expected {expectation.turn}, saw {table.turn}"))
    return misses


def compare_card(
    table: SoulsTable, uid: str, expect: CardExpect
) -> list[tuple[str, object, object]]:
    card = table.cards[uid]
    seen: dict[str, object] = {
        "damage": card.damage,
        "captured": card.face_down,
        "zone": card.zone,
        "slot": card.slot,
        "attached_to": card.attached_to,
        "line": table.line(uid),
    }
    if table.defs[card.name].kind in ("soul", "realm"):
        seen |= {"hp": table.hp(uid), "max_hp": table.max_hp(uid), "power": table.power(uid)}
    mismatches: list[tuple[str, object, object]] = []
    for field, want in expect.model_dump(exclude_none=True).items():
        if seen.get(field) != want:
            mismatches.append((field, want, seen.get(field)))
    return mismatches


def step_matches(step: Step, match: StepMatch) -> bool:
    if match.rule is not None and match.rule not in step.rules:
        return False
    if match.text is not None and match.text.lower() not in step.description.lower():
        return False
    if match.change is not None and not any(
        c.kind == match.change and (match.card is None or getattr(c, "card", None) == match.card)
        for c in step.changes
    ):
        return False
    if match.card is not None and match.change is None:
        return match.card in step.changed_cards() or step.cause.card == match.card
    return True


def describe_match(match: StepMatch) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in match.model_dump(exclude_none=True).items())
