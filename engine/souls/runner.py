"""Running a souls scenario: build its table, play its script, check its expectations."""

from __future__ import annotations

from functools import partial

from engine.decks import deck_id, deck_misses
from engine.pools import card_named, scenario_cards
from engine.ruleset import AsksNothing
from engine.script import (
    ExpectationBase,
    Location,
    ScriptAction,
    ScriptRunner,
    SetUpIds,
    card_fact_misses,
    card_id,
)
from engine.souls.cards import CardDef
from engine.souls.game import SoulsGame
from engine.souls.scenario import Action, CardSetup, Expectation, SoulsScenario
from engine.souls.table import Bonus, CardState, Player, SoulsTable, Zone
from engine.souls.verbs import Attack
from engine.timeline import Step
from engine.windows import Waiting
from engine.yaml_source import YamlSource

A_KIND = {  # a kind of card as the rules name one (S-5)
    "soul": "a Soul",
    "realm": "a Realm",
    "spell": "a spell",
    "armament": "an Armament",
    "ambush": "an Ambush",
}


class TableBuilder:
    """Turns a scenario's set-up into the first table, naming the place of any bad entry."""

    def __init__(self, scenario: SoulsScenario, source: YamlSource) -> None:
        self.source = source
        self.defs = scenario_cards(source, scenario.pool, scenario.cards, CardDef)
        self.cards: dict[str, CardState] = {}
        self.ids = SetUpIds(source)
        self.scenario = scenario

    def build(self) -> SoulsTable:
        setup = self.scenario.setup
        decks: list[tuple[str, ...]] = []
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
            decks.append(self._deck(player.name, player.deck, owner))
        table = SoulsTable(
            players=tuple(
                Player(name=p.name, deck=d) for p, d in zip(setup.players, decks, strict=True)
            ),
            columns=setup.columns,
            rows=setup.rows,
            defs=self.defs,
            cards=self.cards,
            turn=setup.turn,
            turn_player=setup.turn_player,
        )
        self._check_settled(table)
        return table

    def _deck(self, name: str, deck: tuple[str | CardSetup, ...], owner: int) -> tuple[str, ...]:
        """The player's deck placed, top first: a name alone gets an id that does not tell the
        hidden card (P-92)."""
        return tuple(
            self._place(
                entry
                if isinstance(entry, CardSetup)
                else CardSetup(card=entry, id=deck_id(name, n)),
                owner,
                "deck",
                None,
                ("setup", "players", owner, "deck", n),
            )
            for n, entry in enumerate(deck)
        )

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
                        f"{player.name}'s Realm cannot start shattered: the game would be over "
                        "(S-17)",
                        "P-6",
                    )
                if not card.face_down and table.hp(uid) == 0:
                    raise self.source.error(
                        place,
                        f"{uid} starts at 0 HP and would be captured at the first check (S-12): "
                        + (
                            "give it less damage"
                            if card.zone == "realm"
                            else "set `captured: true` or give it less damage"
                        ),
                        "P-6",
                    )

    def _check_state(self, entry: CardSetup, zone: Zone, where: Location) -> None:
        """Only cards on the table carry damage, bonuses, Armament or a capture (P-6); a
        captured Soul has neither Armament nor bonuses (S-14)."""
        on_table = zone in ("slot", "realm")
        if not on_table and (
            entry.captured or entry.damage or entry.bonuses or entry.armament or entry.attacked
        ):
            raise self.source.error(
                where,
                f"a card in {zone} has no damage, bonuses, Armament "
                "or capture: only cards on the table do",
                "P-6",
            )
        if zone == "realm" and entry.armament:
            raise self.source.error(
                (*where, "armament"), "Armament goes on a Soul, not a Realm", "S-5"
            )
        if entry.captured and (entry.armament or entry.bonuses):
            raise self.source.error(
                where,
                "a captured Soul keeps no Armament or bonuses: they end when it is captured",
                "S-14",
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
        kind: str | None = None,
        attached_to: str | None = None,
    ) -> str:
        pool = self.scenario.pool
        definition = card_named(self.defs, entry.card, pool, self.source, (*where, "card"))
        if kind is not None and definition.kind != kind:
            raise self.source.error(
                (*where, "card"),
                f"{entry.card} is {A_KIND[definition.kind]}, not {A_KIND[kind]}",
                "S-5",
            )
        uid = self.ids.claim(entry.id or card_id(entry.card), where)
        self._check_state(entry, zone, where)
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
        return uid


def perform(action: ScriptAction, place: Location, runner: ScriptRunner, game: SoulsGame) -> None:
    """Carry out one souls script action; an attack runs its window actions before the capture
    step (S-13)."""
    assert isinstance(action, Action)
    with game.transaction():  # an attack with its window is one action, all or nothing
        verb = action.verb
        verb.act(game)
        if isinstance(verb, Attack):
            runner.run(verb.window, (*place, verb.nested_key))
            game.finish_battle()


class SoulsPlay(AsksNothing):
    """A souls game driven by script actions. An attack stops at its battle window (S-13,
    14.4.2); passing runs the capture step. Souls actions leave no choice open."""

    def __init__(self, scenario: SoulsScenario, source: YamlSource) -> None:
        self.game = SoulsGame(TableBuilder(scenario, source).build())

    def perform(self, action: ScriptAction, place: Location, runner: ScriptRunner) -> None:
        perform(action, place, runner, self.game)

    def verify(self, action: ScriptAction) -> None:
        action.verb.verify(self.game)

    def opens(self, action: ScriptAction) -> bool:
        return isinstance(action, Action) and isinstance(action.verb, Attack)

    def open(self, action: ScriptAction) -> None:
        assert isinstance(action, Action) and isinstance(action.verb, Attack)
        action.verb.act(self.game)

    def inside(
        self, outer: ScriptAction, action: ScriptAction, place: Location, runner: ScriptRunner
    ) -> None:
        perform(action, place, runner, self.game)

    def close(self, outer: ScriptAction) -> list[Step]:
        return self.game.finish_battle()

    def verify_close(self, outer: ScriptAction) -> None:
        self.game.verify_finish_battle()

    def waiting(self, since: int) -> Waiting | None:
        if self.game.battle is None:
            return None
        attacker, target = self.game.battle
        return Waiting(
            kind="battle_window",
            players=tuple(p.name for p in self.game.table.players),
            prompt=f"Battle window after {attacker} attacked {target}: actions may follow "
            "(nothing is captured here); pass to go to the capture step",
            pass_label="Pass: go to the capture step",
            rules=("S-13", "14.4.2", "P-1"),
            since=since,
        )


def card_misses(step: Step[SoulsTable], expectation: ExpectationBase) -> list[tuple[Location, str]]:
    """What differs from the souls part of ``expectation`` on the table after ``step``."""
    assert isinstance(expectation, Expectation)
    table = step.table
    misses = card_fact_misses(expectation.cards, partial(card_facts, table))
    misses += deck_misses(expectation.deck, ((p.name, len(p.deck)) for p in table.players))
    if expectation.winner is not None:
        winner = winner_of(table)
        if winner != expectation.winner:
            misses.append((("winner",), f"winner: expected {expectation.winner}, saw {winner}"))
    return misses


def winner_of(table: SoulsTable) -> str | None:
    """The game's winner as ``winner:`` names it: a player, ``draw`` (P-23), or None."""
    if table.drawn:
        return "draw"
    return None if table.winner is None else table.players[table.winner].name


def card_facts(table: SoulsTable, uid: str) -> dict[str, object]:
    card = table.cards[uid]
    facts: dict[str, object] = {
        "damage": card.damage,
        "captured": card.face_down,
        "zone": card.zone,
        "slot": card.slot,
        "attached_to": card.attached_to,
        "line": table.line(uid),
    }
    if table.defs[card.name].kind in ("soul", "realm"):
        facts |= {"hp": table.hp(uid), "max_hp": table.max_hp(uid), "power": table.power(uid)}
    return facts
