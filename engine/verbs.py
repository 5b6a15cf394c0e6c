"""A verb of a game: one frozen model of its arguments, registered by its ruleset, that knows how
to ``verify`` (raise the RuleError ``act`` would meet), ``can`` (whether ``act`` may be played)
and ``act`` (play it, returning its steps) on a game, as PokerKit's operations do.

A ruleset lists its verbs once (``Verbs``); its script action model is made from that list
(``engine.script.ScriptAction.with_verbs``), so a new verb shows up in parsing, the published
schema, the reference, saving and the app's actions without another edit. A verb's ``bound``
names the game's ``verify_x``, ``can_x`` and ``x`` with the verb's arguments (``bind``), so the
three are always the same verb's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVarTuple

from pydantic import GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from engine.errors import RuleError
from engine.frozen import Frozen
from engine.timeline import Step

if TYPE_CHECKING:
    from engine.script import ScriptAction
    from engine.windows import Waiting

Args = TypeVarTuple("Args")


@dataclass(frozen=True, slots=True)
class Bound:
    """``verify_x``, ``can_x`` and ``x`` of one game, each with the same arguments."""

    verify: Callable[[], None]
    can: Callable[[], bool]
    act: Callable[[], list[Step]]


def bind(
    verify: Callable[[*Args], None],
    can: Callable[[*Args], bool],
    act: Callable[[*Args], list[Step]],
    *args: *Args,
) -> Bound:
    """The three forms of one verb, given the same ``args``."""
    return Bound(partial(verify, *args), partial(can, *args), partial(act, *args))


@dataclass(frozen=True)
class Offered:
    """What a verb offers to try: ``verb`` ready to play, or ``pick``, which makes it from the
    targets chosen next (up to ``most``); ``label`` and ``group`` name it in a menu."""

    label: str
    group: str
    verb: Verb | None = None
    pick: Callable[[tuple[str, ...]], Verb] | None = None
    pick_prompt: str = ""
    most: int = 1
    fewest: int = 1  # 0: ``pick`` may be given no target ("up to", P-73)


class Verb(Frozen):
    """A verb with its arguments, as a script writes it under its ``key``: ``- play: {card: x}``.

    A subclass sets ``key`` and implements ``bound`` (or ``verify`` and ``act`` themselves);
    ``can`` follows from ``verify``; ``offered`` lists what the app's menus, ``cardtable fuzz``
    and ``Playthrough.legal_actions`` try. The class docstring is the verb's description in the
    schema and the reference."""

    key: ClassVar[str]
    """The action key a file writes it under."""
    bare: ClassVar[bool] = False
    """Taking no arguments, it may also be written bare: ``- end_turn``."""
    nested_key: ClassVar[str | None] = None
    """The key of its arguments that holds actions written inside it (a spell's responses, an
    attack's battle window), if any."""

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        # Titled as an action: a card's effect of the same name (might's ``move``) is another
        # definition, and the reference heads each definition with its title.
        json_schema = handler(core_schema)
        handler.resolve_ref_schema(json_schema)["title"] = f"{cls.__name__}Action"
        return json_schema

    @classmethod
    def offered(cls, table: Any, uid: str | None, waiting: Waiting | None) -> Iterator[Offered]:
        """What this verb offers to try with card ``uid`` of ``table``, or (``uid`` None) with
        the table itself while ``waiting`` waits. The rules judge each: an offer is no promise
        that it may be played. None by default: a verb that only a file writes."""
        return iter(())

    def bound(self, game: Any) -> Bound:
        """The game's ``verify_x``, ``can_x`` and ``x`` for this verb, with its arguments."""
        raise NotImplementedError

    def verify(self, game: Any) -> None:
        """Raise the RuleError ``act`` would meet first, changing nothing."""
        self.bound(game).verify()

    def can(self, game: Any) -> bool:
        """Whether ``act`` may be played now: ``verify`` finds nothing against it."""
        try:
            self.verify(game)
        except RuleError:
            return False
        return True

    def act(self, game: Any) -> list[Step]:
        """Play it: the steps it recorded (raises RuleError, changing nothing, if refused)."""
        return self.bound(game).act()

    def nested(self) -> Sequence[ScriptAction]:
        """The actions written inside it (under ``nested_key``)."""
        return getattr(self, self.nested_key) if self.nested_key else ()

    def with_nested(self, nested: tuple[ScriptAction, ...]) -> Self:
        """This verb with ``nested`` as the actions written inside it."""
        if self.nested_key is None:
            raise TypeError(f"a {self.key} action holds no actions")
        return self.evolve(**{self.nested_key: nested})


class EndTurn(Verb):
    """``end_turn``: the turn ends and the next begins; also written bare, ``- end_turn``. Offered
    on the table; it binds its game's ``verify_end_turn``, ``can_end_turn`` and ``end_turn``. A
    ruleset subclasses it to say, in its docstring, what ending a turn does in its game."""

    key: ClassVar[str] = "end_turn"
    bare: ClassVar[bool] = True

    @classmethod
    def offered(cls, table: Any, uid: str | None, waiting: Waiting | None) -> Iterator[Offered]:
        if uid is None:
            yield Offered("End turn", "Turn", cls())

    def bound(self, game: Any) -> Bound:
        return bind(game.verify_end_turn, game.can_end_turn, game.end_turn)


class Verbs:
    """A ruleset's verbs in the order its files, schema and reference list them; each key once.

    >>> class Pass(Verb):
    ...     '''``pass``: do nothing.'''
    ...     key = "pass"
    ...     bare = True
    >>> verbs = Verbs(Pass)
    >>> verbs["pass"] is Pass, list(verbs.keys()), verbs.bare()
    (True, ['pass'], ('pass',))
    """

    def __init__(self, *verbs: type[Verb]) -> None:
        self._by_key: dict[str, type[Verb]] = {}
        for verb in verbs:
            if verb.key in self._by_key:
                raise ValueError(f"two verbs have the key {verb.key!r}")
            self._by_key[verb.key] = verb

    def __getitem__(self, key: str) -> type[Verb]:
        return self._by_key[key]

    def __iter__(self) -> Iterator[type[Verb]]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def keys(self) -> Iterator[str]:
        return iter(self._by_key)

    def bare(self) -> tuple[str, ...]:
        """The keys that may be written bare."""
        return tuple(verb.key for verb in self if verb.bare)
