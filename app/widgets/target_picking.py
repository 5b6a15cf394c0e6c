"""Picking an offer's targets on the table, a click at a time: the engine judges each click
(played, refused, or ``MoreToChoose``: ask for the next), the legal next targets are outlined,
Enter plays with fewer where the card allows, Esc cancels."""

from __future__ import annotations

from collections.abc import Callable

from app.drawing.table_scene import TableScene
from app.presentation.picking import next_targets
from app.presentation.session import Session
from engine.errors import MoreToChoose, RuleError
from engine.offers import Offer
from engine.script import ScriptAction


class TargetPicker:
    """The pick under way, if any: its offer, the targets clicked so far and the card whose
    offer it is; what the window says and plays goes through the callables it is given."""

    def __init__(
        self,
        session: Session,
        scene: TableScene,
        say: Callable[[str], None],
        play: Callable[[ScriptAction], bool],
        can_finish: Callable[[bool], None],
    ) -> None:
        self.session, self.scene = session, scene
        self.say, self.play, self.can_finish = say, play, can_finish
        self.offer: Offer | None = None  # the offer whose targets are being picked
        self.picked: tuple[str, ...] = ()  # the targets clicked so far for it
        self.source: str | None = None  # the card whose offer it is

    def legal_targets(
        self, offer: Offer, enough: int | None = None
    ) -> tuple[list[str], RuleError | None]:
        """The cards on show that may be ``offer``'s next target after those picked so far (the
        first ``enough`` of them), and the refusal of the first card that may not, as the engine
        judges the play with them (``next_targets``)."""
        assert offer.pick is not None
        pick = offer.pick
        picked = self.picked if offer is self.offer else ()
        shown = self.scene.laid_out()  # those out of sight too
        return next_targets(
            lambda chosen: self.session.refusal(pick(chosen)), picked, shown, enough
        )

    def start(self, offer: Offer, source: str | None) -> None:
        """Begin picking ``offer``'s targets, for the card ``source``."""
        self.offer, self.picked, self.source = offer, (), source
        self.can_finish(offer.most > 1 or self._none_allowed(offer))
        self._mark_next(offer.pick_prompt)

    def clicked(self, uid: str) -> bool:
        """A card clicked: True when it was taken as a target (a pick is under way)."""
        if self.offer is None or self.offer.pick is None:
            return False
        self._picked(uid)
        return True

    def _mark_next(self, prompt: str) -> list[str]:
        """Outline the legal next targets of the pick under way; the prompt in the status bar."""
        assert self.offer is not None
        legal = self.legal_targets(self.offer)[0]
        self.scene.mark_targets(legal, self.source, self.picked)
        self.say(f"{prompt} (Esc cancels)")
        return legal

    def _picked(self, uid: str) -> None:
        """A target clicked while picking: the engine says whether that is all (play it), the
        start of more (ask for the next), or refused (say why)."""
        offer = self.offer
        assert offer is not None and offer.pick is not None
        chosen = (*self.picked, uid)
        refusal = self.session.refusal(offer.pick(chosen))
        more = isinstance(refusal, MoreToChoose)
        if more or (refusal is None and len(chosen) < offer.most):
            self.picked = chosen
            so_far = f"Picked {', '.join(chosen)}"
            if more:
                assert refusal is not None
                prompt = f"{so_far}: {refusal.message[0].upper()}{refusal.message[1:]}"
            else:
                prompt = f"{so_far}: click another target, or press Enter to play"
            if self._mark_next(prompt) or more:
                return
        self.end()
        self.play(offer.pick(chosen))

    def finish(self) -> None:
        """Enter while picking: play with the targets picked so far (the engine judges)."""
        offer = self.offer
        if offer is None or offer.pick is None:
            return
        if not self.picked and not self._none_allowed(offer):
            return
        picked = self.picked
        self.end()
        self.play(offer.pick(picked))

    def _none_allowed(self, offer: Offer) -> bool:
        """Whether ``offer`` may be played with no target ("up to", P-73); the engine still
        judges the play."""
        return offer.fewest == 0 and offer.pick is not None

    def end(self) -> None:
        """No pick under way any more: the outlines and the prompt go."""
        self.offer, self.picked = None, ()
        self.can_finish(False)
        self.scene.mark_targets(None)
        self.say("")  # the "Click the target" prompt is answered

    def cancel(self) -> bool:
        """Esc or a click on the table's background: True when a pick was cancelled."""
        if self.offer is None:
            return False
        self.end()
        return True
