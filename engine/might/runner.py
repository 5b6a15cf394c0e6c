"""Running a might scenario: build its table, play its script with the choices it spells out,
check its expectations."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from typing import Literal, TypeVar

from engine.choices import Answer, Assignment, Choice, Chooser, default_chooser, is_default
from engine.decks import deck_id, deck_misses
from engine.errors import RuleError
from engine.frozen import Frozen
from engine.might.assignment import assignment_of
from engine.might.card_effects import MakeToken, scores
from engine.might.cards import MightCardDef
from engine.might.game import MightGame
from engine.might.history import ThisTurn
from engine.might.replacements import order_of
from engine.might.scenario import (
    Action,
    CardSetup,
    Expectation,
    GearSetup,
    MightScenario,
    Order,
    ShieldSetup,
    UnitSetup,
)
from engine.might.table import (
    Battlefield,
    BonusDamageGrant,
    Doubler,
    Lasting,
    LethalOverride,
    MightCard,
    MightModifier,
    MightPlayer,
    MightTable,
    Shield,
    Status,
    Zone,
)
from engine.might.verbs import Aimed, Combat, Play
from engine.plain_errors import did_you_mean, no_card
from engine.pools import card_named, scenario_cards
from engine.script import (
    ExpectationBase,
    Location,
    ScriptAction,
    ScriptRunner,
    SetUpIds,
    card_fact_misses,
    card_id,
)
from engine.timeline import Step
from engine.windows import Waiting
from engine.yaml_source import YamlSource

EffectT = TypeVar("EffectT", bound=Lasting)
AnswerT = TypeVar("AnswerT")


def shield_left(entry: ShieldSetup) -> int | None:
    """What a set-up shield still prevents: all, what it says is left, or its whole value."""
    if not isinstance(entry.value, int):
        return None  # all, or the whole next event (M-25)
    return entry.value if entry.remaining is None else entry.remaining


class TableBuilder:
    """Turns a might set-up into the first table, naming the place of any bad entry."""

    def __init__(self, scenario: MightScenario, source: YamlSource) -> None:
        self.scenario = scenario
        self.source = source
        self.defs = scenario_cards(source, scenario.pool, scenario.cards, MightCardDef)
        self.cards: dict[str, MightCard] = {}
        self.ids = SetUpIds(source)
        self.places: dict[str, Location] = {}
        self.created = 0

    def _next(self) -> int:
        self.created += 1
        return self.created

    def _check_tokens(self) -> None:
        """Each token a scenario's card makes is a unit card it can name (P-61), refused at the
        effect's ``card``."""
        for index, card in enumerate(self.scenario.cards):
            for place, effect in card.placed_effects():
                if not isinstance(effect, MakeToken):
                    continue
                where = ("cards", index, *place, "card")
                made = card_named(self.defs, effect.card, self.scenario.pool, self.source, where)
                if made.kind != "unit":
                    raise self.source.error(
                        where, f"{effect.card} is a spell: a token is a unit (P-61)", "P-61"
                    )

    def build(self) -> MightTable:
        self._check_tokens()
        setup = self.scenario.setup
        players = []
        for owner, player in enumerate(setup.players):
            where: Location = ("setup", "players", owner)
            for index, unit in enumerate(player.units):
                self._place(unit, owner, (*where, "units", index))
            for index, gear in enumerate(player.gear):
                self._place(gear, owner, (*where, "gear", index))
            for index, entry in enumerate(player.hand):
                self._place(entry, owner, (*where, "hand", index), "hand")
            for index, entry in enumerate(player.trash):
                self._place(entry, owner, (*where, "trash", index), "trash")
            deck = tuple(
                self._place(self._deck_entry(player.name, index, entry), owner, place, "deck")
                for index, entry in enumerate(player.deck)
                for place in [(*where, "deck", index)]
            )
            grants = tuple(
                self._effect(BonusDamageGrant, grant, owner) for grant in player.bonus_damage
            )
            players.append(
                MightPlayer(
                    name=player.name,
                    runes=player.runes,
                    score=player.score,
                    bonus_damage=grants,
                    deck=deck,
                )
            )
        table = MightTable(
            players=tuple(players),
            battlefields=tuple(
                Battlefield(
                    name=name,
                    auras=setup.battlefield_auras.get(name, ()),
                    abilities=setup.battlefield_abilities.get(name, ()),
                    text=setup.battlefield_texts.get(name, ""),
                )
                for name in setup.battlefields
            ),
            field_auras=any(setup.battlefield_auras.values()),
            scoring=self._scoring(),
            defs=self.defs,
            cards=self.cards,
            turn=setup.turn,
            turn_player=setup.turn_player,
            next_id=self.created + 1,
            # counted only when a card asks what happened this turn (P-55)
            this_turn=ThisTurn() if any(d.asks_this_turn() for d in self.defs.values()) else None,
        )
        for card in table.units():
            if table.is_lethal(card.uid):
                raise self.source.error(
                    self.places[card.uid],
                    f"{card.uid} starts with lethal damage: it would die at the first check (P-6)",
                    "M-8",
                )
        return table

    def _scoring(self) -> bool:
        """Whether the game keeps score: the set-up gives one, or a card or a battlefield of the
        game scores (P-110)."""
        setup = self.scenario.setup
        abilities = [a for field in setup.battlefield_abilities.values() for a in field]
        return (
            any("score" in player.model_fields_set for player in setup.players)
            or any(scores(definition.all_effects()) for definition in self.defs.values())
            or any(scores(ability.effects) for ability in abilities)
        )

    @staticmethod
    def _deck_entry(player: str, index: int, entry: str | CardSetup) -> CardSetup:
        """A deck's entry as a card: a name alone is ``<player>-deck-<place from the top>``,
        an id that does not tell what the hidden card is (P-60)."""
        if isinstance(entry, CardSetup):
            return entry
        return CardSetup(card=entry, id=deck_id(player, index))

    def _place(
        self,
        entry: UnitSetup | GearSetup | CardSetup,
        owner: int,
        where: Location,
        zone: Zone = "base",
    ) -> str:
        pool = self.scenario.pool
        definition = card_named(self.defs, entry.card, pool, self.source, (*where, "card"))
        uid = self.ids.claim(entry.id or card_id(entry.card), where)
        card = MightCard(uid=uid, name=entry.card, owner=owner, zone=zone)
        if isinstance(entry, GearSetup):
            if definition.kind != "gear":
                raise self.source.error(
                    (*where, "card"),
                    f"{entry.card} is a {definition.kind}, not gear: put it under `units`"
                    if definition.kind == "unit"
                    else f"{entry.card} is a spell, not gear: a spell is in a hand or a trash",
                    "P-66",
                )
            card = card.evolve(exhausted=entry.exhausted)  # entered 0: at set-up (P-12)
        elif isinstance(entry, UnitSetup):
            if definition.kind == "gear":
                raise self.source.error(
                    (*where, "card"),
                    f"{entry.card} is gear, not a unit: put it under the player's `gear`",
                    "P-66",
                )
            if definition.kind != "unit":
                raise self.source.error(
                    (*where, "card"), f"{entry.card} is a spell, not a unit", "M-1"
                )
            battlefield = (
                None if entry.at == "base" else self._battlefield(entry.at, (*where, "at"))
            )
            card = card.evolve(
                zone="base" if battlefield is None else "battlefield",
                battlefield=battlefield,
                exhausted=entry.exhausted,  # entered 0: at set-up, in the file's order (P-12)
                damage=entry.damage,
                modifiers=tuple(self._effect(MightModifier, m, owner) for m in entry.might),
                shields=tuple(
                    self._effect(Shield, s, owner, remaining=shield_left(s)) for s in entry.shields
                ),
                doublers=tuple(self._effect(Doubler, d, owner) for d in entry.doublers),
                lethal=()
                if entry.lethal is None
                else (self._effect(LethalOverride, entry.lethal, owner),),
                statuses=(
                    *((self._status("stunned", owner),) if entry.stunned else ()),
                    *(
                        (self._status("takes_no_damage", owner),)
                        if entry.cant_be_dealt_damage
                        else ()
                    ),
                ),
            )
        self.cards[uid] = card
        self.places[uid] = where
        return uid

    def _status(self, status: Literal["stunned", "takes_no_damage"], owner: int) -> Status:
        """A set-up stun or "can't be dealt damage": it ends at this turn's expiration (M-16)."""
        return Status.make(self._next(), "set-up", owner, duration="this_turn", status=status)

    def _effect(self, kind: type[EffectT], entry: Frozen, owner: int, **fields: object) -> EffectT:
        """A set-up effect, numbered in the order the file lists it (the default order, M-4)."""
        return kind.make(self._next(), "set-up", owner, **{**entry.model_dump(), **fields})

    def _battlefield(self, name: str, where: Location) -> int:
        names = self.scenario.setup.battlefields
        if name not in names:
            raise self.source.error(
                where, f"there is no battlefield {name!r} (battlefields: {', '.join(names)})", "M-1"
            )
        return names.index(name)


RESOLVING = ("split", "pick")
"""The answers an action gives by the id of the card whose effect asks them as it resolves: a
division of its damage (P-77), the deck cards it looked at that go into the hand (P-109)."""


class ScriptedChooser:
    """Answers the engine's choices from the actions being played (innermost first)."""

    def __init__(self, game_players: list[str], fallback: Chooser = default_chooser) -> None:
        self.players = game_players
        self.fallback = fallback
        self.context: list[Action] = []
        # how often each action's order for a unit ("order", unit), its targets for a unit's
        # trigger ("targets", unit) or its assignment for a player ("assign", player) was
        # used: apart, as a unit's id can be any text
        self.used: dict[tuple[int, str, str], int] = {}
        self.asked: list[tuple[Choice, Answer]] = []  # answered by the fallback, in order

    @contextmanager
    def within(self, action: Action) -> Iterator[None]:
        """Answer from ``action`` (and what is played inside it) while the block runs."""
        self.context.append(action)
        try:
            yield
        finally:
            self.context.pop()

    def __call__(self, choice: Choice) -> Answer:
        for action in reversed(self.context):
            if choice.kind == "battlefield" and action.to and choice.subject in action.to:
                return self._battlefield(action, choice.subject)
            if (
                choice.kind == "replacement_order"
                and action.order
                and choice.subject in action.order
            ):
                key = (id(action), "order", choice.subject)
                count = self.used.get(key, 0)
                self.used[key] = count + 1
                return nth_order(action.order[choice.subject], count)
            if choice.kind == "targets" and action.targets and choice.subject in action.targets:
                key = (id(action), "targets", choice.subject)
                count = self.used.get(key, 0)
                self.used[key] = count + 1
                given = action.targets[choice.subject]
                units = nth_order(given, count)
                if len(units) > choice.total:  # else refused at the action, not at the answer
                    this = (min(count, len(given) - 1),) if one_each(given) else ()
                    at = ("targets", choice.subject, *this, choice.total)
                    raise RuleError(
                        "P-41",
                        f"nothing asks this answer: {choice.subject}'s trigger asks for "
                        f"{choice.total} unit{'s' * (choice.total > 1)} at most: {choice.limits}",
                        at if action is self.context[-1] else (),  # nested: no path up
                    )
                return units
            answers: Mapping[str, Answer] | None = (
                getattr(action, choice.kind) if choice.kind in RESOLVING else None
            )
            if answers and choice.subject in answers:  # a split (P-77) or a pick (P-109)
                self.used[(id(action), choice.kind, choice.subject)] = 1
                return answers[choice.subject]
            if choice.kind == "assignment" and (combat := combat_of(action)):
                name = self.players[choice.player]
                if name in combat.assign:
                    self.used[(id(action), "assign", name)] = 1
                    return combat.assign[name]
        answer = self.fallback(choice)
        self.asked.append((choice, answer))
        return answer

    def _battlefield(self, action: Action, unit: str) -> Answer:
        """The battlefield ``action`` names for this trigger of ``unit`` (P-74): the one given,
        or of a list the next in turn, the last answering the rest."""
        assert action.to is not None
        key = (id(action), "to", unit)
        count = self.used.get(key, 0)
        self.used[key] = count + 1
        given = action.to[unit]
        names = (given,) if isinstance(given, str) else given
        return (names[min(count, len(names) - 1)],)


def one_each(given: Order | tuple[Order, ...]) -> bool:
    """Whether ``given`` is a list of answers, one per choice in turn, not one for them all."""
    return bool(given) and isinstance(given[0], tuple)


def nth_order(given: Order | tuple[Order, ...], event: int) -> Order:
    """One order for every damage event on the unit, or one per event (the last one repeats)."""
    if one_each(given):
        orders = [tuple(str(e) for e in order) for order in given]
        return orders[min(event, len(orders) - 1)]
    return tuple(str(e) for e in given)


def perform(
    action: ScriptAction,
    place: Location,
    runner: ScriptRunner,
    game: MightGame,
    chooser: ScriptedChooser,
) -> None:
    """Carry out one might script action; a played spell waits for its responses, then the
    chain resolves."""
    assert isinstance(action, Action)
    verify_answers_name_cards(action, place, runner, game)
    labels, used = dict(runner.labels), chooser.used
    chooser.used = {key: n for key, n in used.items() if key[0] != id(action)}
    try:
        with game.transaction(), chooser.within(action):  # refused as a whole: nothing changes
            verb = action.verb
            verb.act(game)
            if isinstance(verb, Aimed):  # its responses, then the chain (M-7)
                runner.run(verb.responses, (*place, verb.nested_key))
                if len(chooser.context) == 1 and game.table.chain:
                    game.resolve()
            verify_answers_used(action, chooser)
    except RuleError:
        runner.labels = labels  # labels inside a refused action name nothing
        chooser.used = used  # nor do the answers it used
        raise


def combat_of(action: Action) -> Combat | None:
    """The combat ``action`` plays, if it is one: the players' assignments are its own."""
    return action.verb if isinstance(action.verb, Combat) else None


def verify_answers_name_cards(
    action: Action, place: Location, runner: ScriptRunner, game: MightGame
) -> None:
    """Raise ScenarioError, at the key, when ``action`` (at ``place``, its verb last) answers a
    choice for a card or a player that does not exist: a mistake in the file, not a choice the
    rules refuse."""
    cards = game.table.cards
    for key in ("order", "targets", "to", *RESOLVING):
        for uid in getattr(action, key) or {}:
            if uid not in cards:
                raise runner.source.error((*place[:-1], key, uid), no_card(uid, cards.values()))
    verify_battlefields_named(action, place, runner, game)
    for uid, entries in (action.split or {}).items():
        for index, entry in enumerate(entries):
            if entry.unit not in cards:
                at = (*place[:-1], "split", uid, index, "unit")
                raise runner.source.error(at, no_card(entry.unit, cards.values()))
    for uid, picked in (action.pick or {}).items():
        for index, card in enumerate(picked):
            if card not in cards:
                raise runner.source.error(
                    (*place[:-1], "pick", uid, index), no_card(card, cards.values())
                )
    players = [player.name for player in game.table.players]
    combat = combat_of(action)
    for name, entries in combat.assign.items() if combat else ():
        if name not in players:
            listed = ", ".join(players)
            message = (
                f"there is no player {name!r}{did_you_mean(name, players)}; the players: {listed}"
            )
            raise runner.source.error((*place, "assign", name), message)
        for index, entry in enumerate(entries):
            if entry.unit not in cards:
                at = (*place, "assign", name, index, "unit")
                raise runner.source.error(at, no_card(entry.unit, cards.values()))


def verify_battlefields_named(
    action: Action, place: Location, runner: ScriptRunner, game: MightGame
) -> None:
    """Raise ScenarioError, at the name, when ``action`` answers a trigger's battlefield (P-74)
    with a name that is no battlefield: a mistake in the file."""
    fields = [field.name for field in game.table.battlefields]
    for uid, given in (action.to or {}).items():
        for index, name in enumerate((given,) if isinstance(given, str) else given):
            if name not in fields:
                at = (*place[:-1], "to", uid, *(() if isinstance(given, str) else (index,)))
                listed = ", ".join(fields)
                raise runner.source.error(
                    at, f"there is no battlefield {name!r} (battlefields: {listed})", "M-1"
                )


def verify_answers_used(action: Action, chooser: ScriptedChooser) -> None:
    """Raise, at the answer, when ``action`` answered a choice nobody asked: an order for a unit
    with fewer than two replacements (M-4), targets for a unit none of whose abilities chose
    (P-41), an assignment for a player who had nothing to assign (M-10); or more targets, one
    per trigger in turn, than there were triggers."""
    for unit in action.order or {}:
        if (id(action), "order", unit) not in chooser.used:
            raise RuleError(
                "M-4",
                f"the order given for {unit} was never asked for: fewer than "
                "two replacement effects applied to it",
                ("order", unit),
            )
    if (uid := unasked(action, chooser, "split")) is not None:
        raise RuleError(
            "P-77",
            f"the split given for {uid} was never asked for: no effect of {uid} divided its "
            "damage in this action",
            ("split", uid),
        )
    if (uid := unasked(action, chooser, "pick")) is not None:
        raise RuleError(
            "P-109",
            f"the pick given for {uid} was never asked for: no effect of {uid} looked at a "
            "deck in this action",
            ("pick", uid),
        )
    for unit, given in (action.targets or {}).items():
        asked = chooser.used.get((id(action), "targets", unit), 0)
        if not asked:
            raise RuleError(
                "P-41",
                f"the targets given for {unit} were never asked for: no ability of {unit} "
                "that chooses a target triggered in this action",
                ("targets", unit),
            )
        if one_each(given) and len(given) > asked:
            raise RuleError(
                "P-41",
                f"nothing asks this answer: {unit}'s abilities chose targets {times(asked)} "
                "in this action",
                ("targets", unit, asked),
            )
    verify_battlefields_used(action, chooser)
    combat = combat_of(action)
    for player in combat.assign if combat else {}:
        if (id(action), "assign", player) not in chooser.used:
            raise RuleError(
                "M-10",
                f"the assignment given for {player} was never asked for: {player} had no "
                "damage or no enemy unit to assign it to",
                ("combat", "assign", player),
            )


def verify_battlefields_used(action: Action, chooser: ScriptedChooser) -> None:
    """Raise, at the answer, when ``action`` names a battlefield for a unit none of whose
    triggers chose one in it, or more battlefields, one per trigger in turn, than its triggers
    chose (P-74)."""
    for unit, given in (action.to or {}).items():
        asked = chooser.used.get((id(action), "to", unit), 0)
        if not asked:
            raise RuleError(
                "P-74",
                f"the battlefield given for {unit} was never asked for: no triggered ability "
                f"of {unit} that moves units to a chosen battlefield went on the chain in this "
                "action",
                ("to", unit),
            )
        if not isinstance(given, str) and len(given) > asked:
            raise RuleError(
                "P-74",
                f"nothing asks this answer: {unit}'s abilities chose a battlefield "
                f"{times(asked)} in this action",
                ("to", unit, asked),
            )


def chosen_battlefields(
    action: Action, asked: list[tuple[Choice, Answer]]
) -> dict[str, str | tuple[str, ...]] | None:
    """The battlefields ``action`` names for its units' triggers, with those players chose in
    ``asked`` written in, one per trigger in turn (None: none); a unit whose triggers nobody
    chose for (the default) is left to the replay (P-74)."""
    answers: dict[str, str | tuple[str, ...]] = dict(action.to or {})
    names: dict[str, list[str]] = {}
    chose: set[str] = set()
    for choice, answer in asked:
        if choice.kind == "battlefield":
            names.setdefault(choice.subject, []).append(str(answer[0]))
            if not is_default(choice, answer):
                chose.add(choice.subject)
    for unit in chose:
        answers[unit] = names[unit][0] if len(names[unit]) == 1 else tuple(names[unit])
    return answers or None


def unasked(action: Action, chooser: ScriptedChooser, key: str) -> str | None:
    """The first card ``action`` gives an answer of ``key`` for (``split``, ``pick``) that no
    choice asked in this action."""
    return next(
        (uid for uid in getattr(action, key) or {} if (id(action), key, uid) not in chooser.used),
        None,
    )


def chosen_assignment(combat: Combat, player: str, choice: Choice, answer: Answer) -> Combat:
    """``combat`` with ``player``'s assignment written in if they chose it: one nobody chose is
    left to the replay, whose default then says it is the default, as the first play did."""
    if is_default(choice, answer):
        return combat
    return combat.evolve(assign={**combat.assign, player: assignment_of(answer)})


def chosen_splits(
    action: Action, asked: list[tuple[Choice, Answer]]
) -> dict[str, Assignment] | None:
    """The splits ``action`` gives, with those players chose in ``asked`` written in (None:
    none); one nobody chose (the default) is left to the replay (P-77)."""
    return chosen(action.split, asked, "split", assignment_of)


def chosen_picks(action: Action, asked: list[tuple[Choice, Answer]]) -> dict[str, Order] | None:
    """The picks ``action`` gives, with those players chose in ``asked`` written in, as the
    whole order they gave (P-109); one nobody chose is left to the replay."""
    return chosen(action.pick, asked, "pick", lambda answer: tuple(str(u) for u in answer))


def chosen(
    given: Mapping[str, AnswerT] | None,
    asked: list[tuple[Choice, Answer]],
    kind: str,
    read: Callable[[Answer], AnswerT],
) -> dict[str, AnswerT] | None:
    """The answers of ``kind`` an action gives (``given``, by card id), with those players
    chose in ``asked`` written in, read by ``read`` (None: none); one nobody chose (the
    default) is left to the replay."""
    answers = dict(given or {})
    for choice, answer in asked:
        if choice.kind == kind and not is_default(choice, answer):
            answers[choice.subject] = read(answer)
    return answers or None


def times(count: int) -> str:
    """``count`` times in words: "once", "2 times"."""
    return "once" if count == 1 else f"{count} times"


def card_misses(step: Step[MightTable], expectation: ExpectationBase) -> list[tuple[Location, str]]:
    """What differs from the might part of ``expectation`` on the table after ``step``."""
    assert isinstance(expectation, Expectation)
    table = step.table
    misses = card_fact_misses(expectation.cards, partial(unit_facts, table))
    for name, runes in expectation.runes.items():
        seen_runes = {p.name: p.runes for p in table.players}.get(name)
        if seen_runes != runes:
            misses.append(
                (("runes", name), f"{name}'s rune pool: expected {runes}, saw {seen_runes}")
            )
    for field_name, holder in expectation.holders.items():
        fields = {b.name: b.holder for b in table.battlefields}
        held = fields.get(field_name)
        seen_holder = None if held is None else table.players[held].name
        if seen_holder != holder:
            misses.append(
                (
                    ("holders", field_name),
                    f"{field_name} holder: expected {holder}, saw {seen_holder}",
                )
            )
    misses += deck_misses(expectation.deck, ((p.name, len(p.deck)) for p in table.players))
    for name, score in expectation.score.items():
        seen_score = {p.name: p.score for p in table.players}.get(name)
        if seen_score != score:
            misses.append((("score", name), f"{name}'s score: expected {score}, saw {seen_score}"))
    if expectation.chain is not None and len(table.chain) != expectation.chain:
        misses.append(
            (("chain",), f"chain: expected {expectation.chain} items, saw {len(table.chain)}")
        )
    return misses


def unit_facts(table: MightTable, uid: str) -> dict[str, object]:
    card = table.covered(uid)  # its own shields and those over its side (M-26)
    facts: dict[str, object] = {
        "damage": card.damage,
        "zone": card.zone,
        "at": card.place(table),
        "exhausted": card.exhausted,
        "shields": {s.id: s.value if s.remaining is None else s.remaining for s in card.shields},
        "doublers": len(card.doublers),
        "stunned": card.stunned,
        "cant_be_dealt_damage": table.takes_no_damage(uid),
    }
    if table.definition(uid).kind == "unit":
        facts |= {"might": table.might(uid), "lethal": table.is_lethal(uid)}
    return facts


class MightPlay:
    """A might game driven by script actions; choices the script leaves open go to ``fallback``."""

    def __init__(self, scenario: MightScenario, source: YamlSource) -> None:
        table = TableBuilder(scenario, source).build()
        self.chooser = ScriptedChooser([p.name for p in table.players])
        self.game = MightGame(table, self.chooser)

    def perform(self, action: ScriptAction, place: Location, runner: ScriptRunner) -> None:
        perform(action, place, runner, self.game, self.chooser)

    def verify(self, action: ScriptAction) -> None:
        action.verb.verify(self.game)

    @contextmanager
    def asking(self, ask: Chooser) -> Iterator[None]:
        """Choices the script leaves open (an order, an assignment) go to ``ask``."""
        self.chooser.fallback = ask
        self.chooser.asked.clear()  # the defaults a script's own run took: not this one's
        try:
            yield
        finally:
            self.chooser.fallback = default_chooser
            self.chooser.asked.clear()  # answers not written in belong to a failure

    # A spell waits on the chain for Reactions (M-7, P-16); passing resolves the chain (P-24).

    def opens(self, action: ScriptAction) -> bool:
        return isinstance(action, Action) and isinstance(action.verb, Play)

    def open(self, action: ScriptAction) -> None:
        assert isinstance(action, Action) and isinstance(action.verb, Play)
        with self.chooser.within(action):
            action.verb.act(self.game)

    def inside(
        self, outer: ScriptAction, action: ScriptAction, place: Location, runner: ScriptRunner
    ) -> None:
        assert isinstance(outer, Action)
        with self.chooser.within(outer):  # as in a file: answered from outer to inner
            perform(action, place, runner, self.game, self.chooser)

    def close(self, outer: ScriptAction) -> list[Step]:
        assert isinstance(outer, Action)
        with self.chooser.within(outer):
            return self.game.resolve()

    def verify_close(self, outer: ScriptAction) -> None:
        self.game.verify_resolve()  # tried with the rules' default choices (P-25)

    def waiting(self, since: int) -> Waiting | None:
        chain = self.game.table.chain
        if not chain:
            return None
        return Waiting(
            kind="chain",
            players=tuple(p.name for p in self.game.table.players),
            prompt=f"On the chain: {', then '.join(item.text for item in reversed(chain))} "
            "(the last one played resolves first): either player may answer with a "
            "Reaction; pass to resolve the chain",
            pass_label="Pass: resolve the chain",
            rules=("M-7", "P-16", "P-24"),
            since=since,
        )

    def answered(self, action: ScriptAction) -> Action:
        """``action`` with the answers players gave written in, so that a replay asks nothing
        and gives the same steps; an answer nobody chose (the default) is left to the replay."""
        assert isinstance(action, Action)
        order: dict[str, Order | tuple[Order, ...]] = dict(action.order or {})
        targets: dict[str, Order | tuple[Order, ...]] = dict(action.targets or {})
        split = chosen_splits(action, self.chooser.asked)
        pick = chosen_picks(action, self.chooser.asked)
        to = chosen_battlefields(action, self.chooser.asked)
        asked: dict[str, list[Order]] = {}
        chosen: dict[str, list[Order]] = {}
        players_chose: set[str] = set()  # nobody chose the others: a replay takes the defaults
        ordered: set[str] = set()  # the same for replacement orders
        combat = combat_of(action)
        for choice, answer in self.chooser.asked:
            if choice.kind == "replacement_order":
                asked.setdefault(choice.subject, []).append(order_of(answer, choice.subject))
                if not is_default(choice, answer):
                    ordered.add(choice.subject)
            elif choice.kind == "targets":
                chosen.setdefault(choice.subject, []).append(tuple(str(u) for u in answer))
                if not is_default(choice, answer):
                    players_chose.add(choice.subject)
            elif choice.kind == "assignment" and combat:
                player = self.chooser.players[choice.player]
                combat = chosen_assignment(combat, player, choice, answer)
        for unit, answers in asked.items():  # one order per event when they differ
            if unit in ordered:
                order[unit] = answers[0] if len(set(answers)) == 1 else tuple(answers)
        for unit in players_chose:  # one choice per trigger of the unit, in turn
            answers = chosen[unit]
            targets[unit] = answers[0] if len(answers) == 1 else tuple(answers)
        self.chooser.asked.clear()
        action = action.evolve(
            order=order or None, targets=targets or None, split=split, pick=pick, to=to
        )
        return action.with_verb(combat) if combat else action
