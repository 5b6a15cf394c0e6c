"""What every chapter of the might rules shares: the game's state and chooser, the checks of
who may act and when, moving and turning a unit (M6), and triggered abilities going on the
chain (M-7, P-12).

``MightGame`` is this core with the players' verbs; the rules' parts (``DamageRules`` and the
others, ``engine.might.game``) are each given it as ``core``. Its underscored helpers are
theirs, not the players': they stay off the game's public face."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial

from engine.changes import Change, Moved, StatChanged, StatusChanged, Triggered
from engine.choices import Answer, Choice, Chooser, default_chooser, is_default
from engine.errors import RuleError
from engine.loops import LoopGuard
from engine.might import auras, statics
from engine.might.cards import (
    Ability,
    Choosing,
    TargetSpec,
    choice_rulings,
    chooses_a_battlefield,
    describe_choice,
    most_targets,
    opponent_chooses,
)
from engine.might.changes import EffectChanged, effect_added
from engine.might.conditions import this_turn_plays
from engine.might.table import ChainItem, LastingEffect, MightCard, MightTable
from engine.might.targeting import default_of, deflecting, ordinal, places_of, verify_targets
from engine.might.triggers import COUNTED_PLAYS, EVENTS
from engine.plain_errors import no_card
from engine.timeline import Cause, Recorder, Step, turn_label


class MightCore(Recorder[MightTable]):
    """A might game's state: the current table (with its chain and combat), its timeline, and
    the chooser the rules ask (``engine.might.game`` composes the chapters' parts with it)."""

    def __init__(self, table: MightTable, chooser: Chooser = default_chooser) -> None:
        # the set-up lays the table out as M-1 says: a base, battlefields, rune pools
        super().__init__(table, (self._turn_name(table), "Main phase"), ("M-1",))
        self.chooser = chooser
        # The table the last death check saw: a survivor whose damage or Might changed since
        # then is named by the next one (M-8).
        self._checked = table
        # Changes the rules made without a step of their own (a role lost with no Might to
        # lose, M-29), and the rules that made them: the next step, whose table shows them,
        # names them and cites these (``name_next``).
        self._unrecorded: tuple[tuple[Change, ...], tuple[str, ...]] | None = None

    def _save_state(self) -> object:
        return self._checked, self._unrecorded  # bookkeeping for the steps: no rules' state

    def _restore_state(self, state: object) -> None:
        assert isinstance(state, tuple)
        self._checked, self._unrecorded = state

    def name_next(self, changes: Sequence[Change], rules: Sequence[str]) -> None:
        """Have the next step name ``changes``, made with no step of their own, and cite
        ``rules``, which made them."""
        named, cited = self._unrecorded or ((), ())
        self._unrecorded = (*named, *changes), (*cited, *rules)

    def record(
        self,
        description: str,
        rules: Sequence[str],
        cause: Cause,
        changes: Sequence[Change] = (),
        sub_step: str | None = None,
        effect_ids: Sequence[str] = (),
    ) -> Step:
        """A step, with what it did to the Might auras give (M-23, M-24): an aura that began or
        ended with it is on its record."""
        if self._unrecorded is not None:
            named, cited = self._unrecorded
            changes = [*named, *changes]
            rules = [*rules, *(rule for rule in cited if rule not in rules)]
            self._unrecorded = None
        before = self.steps[-1].table
        table = self.table
        index = table.index
        was = index if before is table else before.index  # a cleanup that changed nothing
        if index.auras or table.field_auras or was.auras:  # else nothing to look at (M-23)
            description, rules, changes = self._aura_effects(before, description, rules, changes)
        if index.statics or was.statics:  # else nothing to look at (P-98)
            description, rules, changes = self._static_effects(before, description, rules, changes)
        # ``Recorder``'s, the one below: without making a ``super()`` on every step
        return Recorder.record(self, description, rules, cause, changes, sub_step, effect_ids)

    def _static_effects(
        self,
        before: MightTable,
        description: str,
        rules: Sequence[str],
        changes: Sequence[Change],
    ) -> tuple[str, Sequence[str], Sequence[Change]]:
        """A step's description, rules and changes, with a note for each unit whose statics the
        step turned on or off, and its Might when their Assault or Shield changed it (P-98): so
        that no keyword comes or goes off the record, whatever made its condition change (a
        move, a count, a new turn). A Might change the step already records is left as is."""
        table = self.table
        noted = {c.card for c in changes if isinstance(c, StatChanged) and c.stat == "might"}
        notes: list[str] = []
        cites = ["P-98"]
        more: list[Change] = []
        for uid in table.simultaneous({*table.index.statics, *before.index.statics}):
            change = statics.changed(before, table, uid)
            if change is None:
                continue
            note, read = change
            cites += read
            was, now = before.might(uid), table.might(uid)
            if was != now and uid not in noted and before.on_table(uid):
                note += f" (Might {was} -> {now})"
                more.append(StatChanged(card=uid, stat="might", before=was, after=now))
            notes.append(note)
        return _noted(description, rules, changes, notes, cites, more)

    def _aura_effects(
        self,
        before: MightTable,
        description: str,
        rules: Sequence[str],
        changes: Sequence[Change],
    ) -> tuple[str, Sequence[str], Sequence[Change]]:
        """A step's description, rules and changes, with a note for each unit on the table whose
        Might from auras the step changed: one whose card changed, or one an aura reaches from
        such a card (M-23, M-24, P-35). A Might change the step already records is left as is."""
        table = self.table
        changed = table.cards.changed_since(before.cards)
        units = {uid for uid in changed if table.is_unit(uid)} | auras.touched(
            before, table, changed
        )
        noted = {c.card for c in changes if isinstance(c, StatChanged) and c.stat == "might"}
        notes: list[str] = []
        more: list[Change] = []
        cited: list[str] = []
        for uid in table.simultaneous(u for u in units - noted if table.is_unit(u)):
            found = self._aura_note(before, uid)
            if found is None:
                continue
            note, cites, might = found
            notes.append(note)
            cited += cites
            more += might
        return _noted(description, rules, changes, notes, [*cited, "P-35"], more)

    def _aura_note(
        self, before: MightTable, uid: str
    ) -> tuple[str, list[str], list[Change]] | None:
        """How the auras on ``uid`` changed since ``before``: the note, the rules it cites and
        its Might change; None when they did not. Auras that began cite M-23, those that ended
        M-24, a battlefield's P-47; a unit that came to the table has no Might change."""
        table = self.table
        then = auras.contributions(before, uid) if before.on_table(uid) else []
        now = auras.contributions(table, uid)
        if then == now:
            return None
        began = [s for s, a in now if (s, a) not in then]
        ended = [s for s, a in then if (s, a) not in now]
        fields = {b.name for b in table.battlefields}
        cited = [
            *(["M-23"] if began else []),
            *(["M-24"] if ended else []),
            *(["P-47"] if fields & {*began, *ended} else []),
        ]
        if not before.on_table(uid):
            return f"{uid} comes with {auras.bonus(table, uid):+d} Might from auras", cited, []
        words = [
            *([f"{' and '.join(began)}'s aura begins"] if began else []),
            *([f"{' and '.join(ended)}'s aura ends"] if ended else []),
        ]
        was, is_now = before.might(uid), table.might(uid)
        lethal = table.is_lethal(uid) and not before.is_lethal(uid)
        note = f"{uid} Might {was} -> {is_now} ({'; '.join(words)})" + (
            ": its damage is now lethal" if lethal else ""
        )
        return (
            note,
            [*cited, "M-2"],  # what a Might change cites
            [StatChanged(card=uid, stat="might", before=was, after=is_now)],
        )

    @staticmethod
    def _turn_name(table: MightTable) -> str:
        return turn_label(table.turn, table.players[table.turn_player].name)

    def _card(self, uid: str) -> MightCard:
        card = self.table.cards.get(uid)  # one look-up: every edit's check comes here
        if card is None:
            raise RuleError("M-1", no_card(uid, self.table.cards.values()))
        return card

    def _on_table(self, uid: str) -> MightCard:
        """The unit or gear ``uid`` on the table, or a RuleError."""
        card = self._card(uid)
        if card.zone not in ("base", "battlefield"):
            raise RuleError("M-1", f"{uid} is not a unit on the table (it is in {card.zone})")
        return card

    def _unit(self, uid: str) -> MightCard:
        card = self._on_table(uid)
        if self.table.defs[card.name].kind == "gear":  # ``definition``, the card at hand
            raise RuleError(
                "P-66",
                f"{uid} is gear, not a unit: it never moves, fights, takes damage or has Might",
            )
        return card

    def verify_unit(self, uid: str) -> None:
        """Raise unless ``uid`` is a unit on the table (base or battlefield)."""
        self._unit(uid)

    def _set(self, card: MightCard) -> None:
        self.table = self.table.with_card(card)

    def _put_on(self, uid: str, effect: LastingEffect) -> EffectChanged:
        """``effect`` on the card ``uid``, last of its kind; the change that names it, for the
        step that records it."""
        self._set(self.table.cards[uid].gaining(effect))
        return effect_added(uid, effect)

    def _loop_state(self, guard: LoopGuard) -> Hashable:
        """What decides play from here, for telling a loop (P-25): the table without what only
        names things (``next_id`` and the ids it gave the chain's items)."""
        table = self.table
        return (
            table.cards,
            table.players,
            table.battlefields,
            guard.stack(table.chain, _unnamed),
            table.combat,
            table.turn,
            table.turn_player,
            table.spared,
            table.triggered_this_turn,
            table.this_turn,  # None unless a card asks it (P-55)
        )

    def _new_number(self) -> int:
        """The next number in creation order (ids ``e1``, ``e2``, ...; the default order, M-4)."""
        number = self.table.next_id
        self.table = self.table.evolve(next_id=number + 1)
        return number

    def _controller(self, uid: str) -> int:
        return self.table.cards[uid].controller

    def _require_empty_chain(self, action: str) -> None:
        if self.table.chain:
            raise RuleError(
                "M-7", f"cannot {action} while the chain is not empty; resolve it first"
            )

    def _require_turn_player(self, owner: int, action: str) -> None:
        if owner != self.table.turn_player:
            name = self.table.players[owner].name
            raise RuleError("M-1", f"{name} cannot {action} during the other player's turn")

    def _ask(self, choice: Choice) -> Answer:
        return self.chooser(choice)

    def _may_loop(self) -> bool:
        """True when a unit on the table has a triggered ability: only then can an action's
        triggers, chain or expiration repeat for ever (P-25)."""
        return bool(self.table.index.triggers)

    @contextmanager
    def _rehearsing(self) -> Iterator[None]:
        """A rehearsal asks nobody: the rules' default choices answer (M-4, M-10)."""
        chooser, self.chooser = self.chooser, default_chooser
        try:
            yield
        finally:
            self.chooser = chooser

    def _relocate_unit(
        self, uid: str, to: int | None, cause: Cause, rules: Sequence[str], how: str = ""
    ) -> None:
        """The unit goes to battlefield ``to`` (None: its base), keeping its damage (M6)."""
        card = self.table.cards[uid]
        before = card.place(self.table)
        verb = "moves" if to is not None else "is recalled"
        self._set(card.evolve(zone="base" if to is None else "battlefield", battlefield=to))
        self.table = self.table.remembering(lambda history: history.after_move(uid))  # P-55
        after = self.table.cards[uid].place(self.table)
        damage = f", keeping its {card.damage} damage" if card.damage else ""
        self.record(
            f"{uid} {verb}{how} {before} -> {after}{damage}",
            rules,
            cause,
            [Moved(card=uid, before=before, after=after)],
        )
        if to is not None:  # a recall is no move (P-57)
            if self.table.battlefields[to].abilities:  # before the units' (P-84)
                self._trigger_field(to, "a_unit_moves_here", uid)
            seen = self._watchers({"another_unit_moves": uid}, None, besides=uid)
            self._trigger_all({**seen, uid: {"moves": None}})

    def took_damage(self, uid: str, amount: int) -> None:
        """Remember the damage marked on ``uid`` for the conditions that ask this turn's
        (P-55)."""
        if self.table.this_turn is not None:  # else nothing remembers it (the hot path)
            self.table = self.table.remembering(lambda history: history.after_damage(uid, amount))

    def _set_exhausted(
        self, uid: str, exhausted: bool, cause: Cause, rules: Sequence[str], how: str = ""
    ) -> None:
        card = self.table.cards[uid]
        self._set(card.evolve(exhausted=exhausted))
        word = "exhausted" if exhausted else "readied"
        self.record(
            f"{uid} is {word}{how}"
            + (f", keeping its {card.damage} damage" if card.damage else ""),
            rules,
            cause,
            [
                StatusChanged(
                    card=uid,
                    before="exhausted" if card.exhausted else "ready",
                    after="exhausted" if exhausted else "ready",
                )
            ],
        )

    def _triggering(self, uids: Iterable[str], when: str) -> list[str]:
        """The units among ``uids`` with an ability for ``when``, in the order of simultaneous
        events (P-12): their triggers go on the chain in this order."""
        table = self.table
        found = []
        for uid in uids:  # a loop, not a generator: most units have no ability to look at
            abilities = table.definition(uid).abilities
            if abilities and any(a.when == when for a in abilities):
                found.append(uid)
        return table.simultaneous(found)

    def _watchers(
        self, events: Mapping[str, str | None], player: int | None, besides: str | None = None
    ) -> dict[str, Mapping[str, str | None]]:
        """The units on the table that see ``events`` (each event's name and its source), events
        of ``player``'s (None: of either player's), each with them; ``besides``: the unit the
        events are about, which does not see its own (P-33, P-57)."""
        return {
            uid: events
            for uid in self.table.index.triggers
            if uid != besides and (player is None or self._controller(uid) == player)
        }

    def _trigger_all(self, triggered: Mapping[str, Mapping[str, str | None]]) -> None:
        """Simultaneous events: each unit of ``triggered`` puts its abilities for the events it
        is given on the chain, each with its event's source, the units in the order of P-12."""
        units = self.table.simultaneous(
            uid
            for uid, events in triggered.items()
            if any(a.when in events for a in self.table.definition(uid).abilities)
        )
        for uid in units:
            self._trigger(uid, triggered[uid], together=len(units) > 1)

    def _trigger(
        self,
        uid: str,
        when: str | Mapping[str, str | None],
        source: str | None = None,
        battlefield: int | None = None,
        together: bool = False,
        might: int | None = None,
    ) -> None:
        """Put ``uid``'s abilities that trigger on ``when`` on the chain, with ``source``, or, for
        events at once, on each event ``when`` maps to its source, in the order the card lists
        them; ``battlefield`` is where the unit was (it may have left since: P-21);
        ``together``: with other units' (P-12); ``might``: its Might when it died (M-30)."""
        abilities = self.table.definition(uid).abilities
        if not abilities:
            return  # most units have none: nothing to look at (the hot path)
        events = {when: source} if isinstance(when, str) else when
        card = self.table.cards[uid]
        if battlefield is None and card.zone == "battlefield":
            battlefield = card.battlefield
        for number, ability in enumerate(abilities):
            if ability.when not in events:
                continue
            if ability.nth is not None or ability.source_is is not None:
                narrowed = self._narrowed(uid, ability, events[ability.when], battlefield)
                if narrowed:
                    self.record(
                        f"{uid}: {ability.label()} does not trigger: {narrowed[0]}",
                        narrowed[1],
                        Cause(kind="trigger", card=uid, text=f"{uid}: {ability.label()}"),
                    )
                    continue
            key = f"{uid}#{number}"
            if ability.once_per_turn and key in self.table.triggered_this_turn:
                label = ability.label()
                self.record(
                    f"{uid}: {label} has triggered this turn already: once per turn, it "
                    "does not trigger again",
                    ["P-39"],
                    Cause(kind="trigger", card=uid, text=f"{uid}: {label}"),
                )
                continue
            pushed = self._push_ability(
                uid, ability, events[ability.when], battlefield, together, might
            )
            if ability.once_per_turn and pushed:
                self.table = self.table.evolve(
                    triggered_this_turn=(*self.table.triggered_this_turn, key)
                )

    def _trigger_field(self, battlefield: int, when: str, source: str | None = None) -> None:
        """Battlefield ``battlefield``'s abilities for ``when`` go on the chain, its holder's,
        before the units' of the same event, so they resolve after them; nobody holding it,
        they do not trigger (P-84), nor do ``held`` ones when it is not the holder's turn
        (P-111). The chain item names the battlefield as its card."""
        field = self.table.battlefields[battlefield]
        held = ("P-111",) if when == "held" else ()
        for ability in field.abilities:
            if ability.when != when:
                continue
            label = f"{field.name}: {ability.label()}"
            cause = Cause(kind="trigger", text=label)
            holder, spec = field.holder, ability.source_is
            rules: tuple[str, ...] = ("P-84", *held)
            if holder is None:
                why = f"nobody holds {field.name}, so nobody controls it"
            elif held and holder != self.table.turn_player:
                name = self.table.players[holder].name
                why = f"{name} holds {field.name}: it triggers only as {name}'s turn begins"
            elif (
                source is not None
                and spec
                and not spec.passes(self.table, source, holder, None, battlefield)
            ):
                why, rules = f"{source} is not {spec.describe()}", ("P-84", "P-83")
            else:
                item = ChainItem.model_construct(
                    id=f"e{self._new_number()}",
                    card=field.name,
                    controller=holder,
                    kind="ability",
                    text=label,
                    targets=(),
                    source=source,
                    effects=ability.effects,
                    battlefield=battlefield,
                    might=None,
                )
                self.table = self.table.evolve(chain=self.table.chain.pushed(item))
                self.record(
                    f"{field.name} triggers: {ability.label()} (goes on the chain), "
                    f"controlled by its holder, {self.table.players[holder].name}",
                    ["P-84", *held, "M-7", *(["P-83"] if spec else [])],
                    cause,
                )
                continue
            self.record(f"{label} does not trigger: {why}", rules, cause)

    def _narrowed(
        self, uid: str, ability: Ability, source: str | None, battlefield: int | None
    ) -> tuple[str, tuple[str, ...]] | None:
        """Why ``uid``'s ability, narrowed to a play number or a kind of source, does not
        trigger on this event, and the rule that says so; None when it triggers (P-82, P-83)."""
        controller = self._controller(uid)
        if ability.nth is not None:
            counted = COUNTED_PLAYS[ability.when]
            count = this_turn_plays(self.table, controller, counted)
            if count != ability.nth:
                player = self.table.players[controller].name
                return (
                    f"{player} has played {count} {counted[:-1] if count == 1 else counted} "
                    "this turn; it triggers only on "
                    f"the {ordinal(ability.nth)}",
                    ("P-82", "P-55"),
                )
        spec = ability.source_is
        if spec is not None and (
            source is None or not spec.passes(self.table, source, controller, uid, battlefield)
        ):
            return f"{source} is not {spec.describe()}", ("P-83",)
        return None

    def _push_ability(
        self,
        uid: str,
        ability: Ability,
        source: str | None,
        battlefield: int | None,
        together: bool,
        might: int | None = None,
    ) -> bool:
        """Put the ability on the chain, its targets chosen; False (on the record) when it
        chooses a target and none is legal (P-41)."""
        label = ability.label()
        targets: tuple[str, ...] = ()
        how = ""
        if ability.target is not None:
            places = places_of(self.table, ability.target, self._controller(uid), uid)
            default = default_of(self.table, ability.target, places)
            if default is None:
                self.record(
                    f"{uid}: {label} triggers but has no legal target "
                    f"({describe_choice(ability.target)}): it does not go on the chain",
                    ["P-41"],
                    Cause(kind="trigger", card=uid, text=f"{uid}: {label}"),
                    [Triggered(card=uid, ability=label)],
                )
                return False
            if places:  # else it may choose none, and none is legal: nothing to ask (P-73)
                targets, how = self._choose_targets(
                    uid, f"{uid}: {label}", ability.target, places, default
                )
        # after its targets, as a played card names its battlefield after its targets (P-74)
        destination = (
            self._choose_battlefield(uid, f"{uid}: {label}")
            if chooses_a_battlefield(ability.effects)
            else None
        )
        item_id = f"e{self._new_number()}"
        aim = f" targeting {', '.join(targets)}" if targets else ""
        # the engine's own values, made for every trigger of a cascade: not validated again
        item = ChainItem.model_construct(
            id=item_id,
            card=uid,
            controller=self._controller(uid),
            kind="ability",
            text=f"{uid}: {label}{aim}",
            targets=targets,
            source=source,
            effects=ability.effects,
            battlefield=battlefield,
            might=might,
            destination=destination,
        )
        cause = Cause.model_construct(kind="trigger", card=uid, text=item.text)
        self.table = self.table.evolve(chain=self.table.chain.pushed(item))
        rules = EVENTS[ability.when].rules
        deflected = deflecting(self.table, targets, item.controller)  # a trigger pays none
        unpaid = f"; no rune for the Deflect of {', '.join(deflected)}" if deflected else ""
        player = self.table.players[item.controller].name
        self.record(
            f"{uid} triggers: {label} (goes on the chain)"
            + (f", targeting {', '.join(targets)} ({how}{unpaid})" if targets else "")
            + (
                f", moving to {self.table.battlefields[destination].name} ({player}'s choice)"
                if destination is not None
                else ""
            ),
            [
                *rules,
                "M-7",
                *(["P-74"] if destination is not None else []),
                *(["P-88"] if deflected else []),
                *(["P-12"] if together else []),
                *(["P-41", *choice_rulings(ability.target)] if targets else []),
                *(["P-82"] if ability.nth is not None else []),  # it was the play it waits for
                *(["P-83"] if ability.source_is is not None else []),  # its source passed
            ],
            cause,
            [Triggered.model_construct(card=uid, ability=label)],
        )
        return True

    def _choose_battlefield(self, uid: str, what: str) -> int | None:
        """The battlefield the controller of ``uid`` names for its triggered ability's ``to:
        chosen`` as it goes on the chain (P-74); None when nobody chose (or there is but one):
        it then moves to the first, and the step that moves it says so."""
        controller = self._controller(uid)
        player = self.table.players[controller].name
        names = tuple(field.name for field in self.table.battlefields)
        default = names[:1]
        choice = Choice(
            kind="battlefield",
            player=controller,
            by=player,
            subject=uid,
            prompt=f"{player} chooses the battlefield for {what}",
            options=names,
            default=default,
            limits="choose one battlefield",
            details={
                field.name: f"held by {self.table.players[field.holder].name}"
                if field.holder is not None
                else "held by nobody"
                for field in self.table.battlefields
            },
            only_answer=default if len(names) == 1 else None,  # nobody's choice: the default
        )
        answer = self._ask(choice)
        if choice.only_answer is not None or is_default(choice, answer):
            return None
        if len(answer) != 1 or answer[0] not in names:
            raise RuleError(
                "P-74",
                f"{uid}'s ability moves units to one battlefield: choose one of "
                f"{', '.join(names)}, not {', '.join(str(a) for a in answer) or 'none'}",
            )
        return names.index(str(answer[0]))

    def _choose_targets(
        self,
        uid: str,
        what: str,
        choosing: Choosing,
        places: dict[str, tuple[int, ...]],
        default: tuple[str, ...],
    ) -> tuple[tuple[str, ...], str]:
        """The controller of ``uid``, or its opponent where the card says so (P-95), chooses
        the targets among ``places`` (``places_of``), ``default`` the rules' (P-41): the
        targets, and how they were chosen, in words for the step."""
        controller = self._controller(uid)
        chooser = 1 - controller if opponent_chooses(choosing) else controller
        player = self.table.players[chooser].name
        legal = list(places)
        listed = not isinstance(choosing, TargetSpec)
        only = (  # a list: one unit for each entry, and no other
            len(legal) == len(default) and all(len(p) == 1 for p in places.values())
            if listed
            else len(legal) == 1
        )
        choice = Choice(
            kind="targets",
            player=chooser,
            by=player,
            subject=uid,
            prompt=f"{player} chooses {describe_choice(choosing)} for {what}",
            options=tuple(legal),
            default=default,
            limits=f"choose {describe_choice(choosing)}",
            details={
                u: f"Might {self.table.might(u)}, {self.table.cards[u].damage} damage marked"
                for u in legal
            },
            only_answer=default if only else None,
            total=most_targets(choosing) or len(legal),
            groups=places if listed else {},
            judge=partial(verify_targets, self.table, choosing, controller=controller, me=uid),
        )
        answer = self._ask(choice)  # a dialog takes the only answer without asking
        chosen = tuple(str(u) for u in answer)
        verify_targets(self.table, choosing, chosen, controller, uid)
        if choice.only_answer is not None:
            how = "the only legal target" + ("s" if len(chosen) > 1 else "")
        elif is_default(choice, answer) and listed:
            how = "by default, the first legal unit for each target in turn, in table order"
        elif is_default(choice, answer):
            how = default_words(choosing)
        else:
            return chosen, f"{player}'s choice"
        return chosen, how + (f"; {player} chooses" if chooser != controller else "")


def default_words(choosing: Choosing) -> str:
    """How a step says a single spec's targets were the default (P-41): within a total Might,
    as many as fit, the earliest (P-94)."""
    units = "unit" if most_targets(choosing) == 1 else "units"
    if isinstance(choosing, TargetSpec) and (total := choosing.total_might_at_most) is not None:
        return (
            f"by default, as many legal units as fit in total Might {total}, the earliest in "
            "table order"
        )
    return f"by default, the first legal {units} in table order"


def _unnamed(item: ChainItem) -> ChainItem:
    return item.evolve(id="")


def _noted(
    description: str,
    rules: Sequence[str],
    changes: Sequence[Change],
    notes: Sequence[str],
    cites: Sequence[str],
    more: Sequence[Change],
) -> tuple[str, Sequence[str], Sequence[Change]]:
    """A step with ``notes`` added to its description, the rules they ``cites`` it does not
    cite yet and their ``more`` changes (an aura's or a static's, M-23, P-98); as it was
    without notes."""
    if not notes:
        return description, rules, changes
    extra = [rule for rule in dict.fromkeys(cites) if rule not in rules]
    return f"{description}; {'; '.join(notes)}", [*rules, *extra], [*changes, *more]
