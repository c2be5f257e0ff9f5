"""The dialog overlays on the table: draw offers, abandoning, a new game, settings,
stop options and results."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ... import i18n
from ...engine import Abandon, Game
from ...engine.queries import uncited
from ...game.places import SEATS
from ...games import game_type
from ...history.narration import outcome_words
from ...i18n import N_, NC_, _, ngettext, pgettext
from ..kit import words
from ..settings import (
    CARD_SCALES,
    CARD_SIZE_NAMES,
    DECKS,
    FAULT_MODE_NAMES,
    FAULT_MODES,
    LANGUAGE_CHOICES,
    MISTAKES,
    NAME_LENGTH,
    PACES,
    TEXT_SCALES,
    Settings,
    login_name,
)
from .base import Host, Overlay, following, mistakes_label, next_mistakes


class DrawOfferScene(Overlay):
    """A draw offered in hot seat: the panel speaks to the other seat (§37)."""

    def __init__(self, app: Host, seat: int) -> None:
        super().__init__(app)
        self.seat = seat
        self.title = _("{seat}: accept a draw?").format(seat=SEATS[1 - seat])

    def lines(self) -> list[str]:
        text = _("{seat} offers a draw {cite}. If you accept, the game ends and no one scores.")
        return [uncited(text, seat=SEATS[self.seat])]

    def items(self) -> list[tuple[str, str]]:
        yes = _("Yes, {seat} accepts").format(seat=SEATS[1 - self.seat])
        return [("yes", yes), ("no", _("No, play on"))]

    def choose(self, name: str) -> None:
        ctl = self.app.game_scene.ctl
        self.app.scenes = [self.app.game_scene]
        if name == "yes":
            ctl.agree_draw()
        else:
            said = _("{seat} declines the draw: play on").format(seat=SEATS[1 - self.seat])
            ctl.say(self.seat, said)


class DrawConfirmScene(Overlay):
    """§37: "Offer a draw" asks first, as New game does: a computer answers at once,
    and an accepted draw ends the game with no score."""

    title = N_("Offer a draw?")

    def __init__(self, app: Host, seat: int, to_computer: bool) -> None:
        super().__init__(app)
        self.seat = seat
        self.to_computer = to_computer

    def lines(self) -> list[str]:
        if self.to_computer:
            text = _(
                "{seat} offers a draw {cite}. The computer answers at once: if it accepts,"
                " the game ends and no one scores."
            )
        else:
            text = _(
                "{seat} offers a draw {cite}. {other} is asked: if he accepts, the game ends"
                " and no one scores."
            )
        return [uncited(text, seat=SEATS[self.seat], other=SEATS[1 - self.seat])]

    def items(self) -> list[tuple[str, str]]:
        return [("yes", _("Yes, offer a draw")), ("no", _("No, play on"))]

    def choose(self, name: str) -> None:
        self.app.scenes = [self.app.game_scene]
        if name != "yes":
            return
        if self.to_computer:
            self.app.game_scene.ctl.ask_bot_draw(self.seat)
        else:
            self.app.push(DrawOfferScene(self.app, self.seat))


class AbandonScene(Overlay):
    """§34: confirm, and say which seat abandons (in hot seat either may)."""

    title = N_("Abandon the game?")

    def lines(self) -> list[str]:
        ctl = self.app.game_scene.ctl
        r = ctl.position.rules
        if not getattr(r, "abandon_points", 0):  # no penalty (the one-pack game: 003 is silent)
            text = _("Whoever abandons loses: the adversary scores as if he had gone out.")
            out = [text]
            for s in ctl.humans():
                result = words.abandon_words(ctl.position, s)
                out.append(_("If {seat} abandons: {result}.").format(seat=SEATS[s], result=result))
            return out
        text = ngettext(
            "Whoever abandons loses: the adversary scores the game and the cards left"
            " {cite}, and {points} point more {second}.",
            "Whoever abandons loses: the adversary scores the game and the cards left"
            " {cite}, and {points} points more {second}.",
            r.abandon_points,
        )
        return [uncited(text, points=r.abandon_points)]

    def items(self) -> list[tuple[str, str]]:
        ctl = self.app.game_scene.ctl
        seats = ctl.humans()
        if len(seats) == 1:
            out = [(f"abandon{seats[0]}", _("Yes, abandon"))]
        else:  # the seat whose innings it is first
            first = ctl.position.player
            out = [
                (f"abandon{s}", _("{seat} abandons").format(seat=SEATS[s]))
                for s in (first, 1 - first)
            ]
        return out + [("no", _("No, play on"))]

    def choose(self, name: str) -> None:
        self.app.scenes = [self.app.game_scene]
        if name.startswith("abandon"):
            self.app.game_scene.ctl.abandon(int(name[-1]))


class NewGameScene(Overlay):
    """A new game asked for with a game in progress: it is abandoned, and scored as
    such (§34): whoever abandons loses the game, the cards left and a penalty."""

    title = N_("Abandon the game in progress?")

    def __init__(self, app: Host, seed: int | None) -> None:
        super().__init__(app)
        self.seed = seed
        if not self.can_abandon():
            self.title = N_("Deal a new game?")

    def can_abandon(self) -> bool:
        """May the game in progress be abandoned (the game says so; 003 has no abandon)?"""
        ctl = self.app.game_scene.ctl
        return ctl.game.reason(Abandon(ctl.position.player)) is None

    def lines(self) -> list[str]:
        ctl = self.app.game_scene.ctl
        if not self.can_abandon():
            return [_("A new game ends the one in progress: it is kept in Past games, not scored.")]
        text = _(
            "A new game abandons the one in progress, and the abandoned game is scored {cite}."
        )
        out = [uncited(text)]
        for s in ctl.humans():
            result = words.abandon_words(ctl.position, s)
            out.append(_("If {seat} abandons: {result}.").format(seat=SEATS[s], result=result))
        return out

    def items(self) -> list[tuple[str, str]]:
        seats = self.app.game_scene.ctl.humans()
        if not self.can_abandon():
            out = [("deal", _("Yes, deal a new game"))]
        elif len(seats) == 1:
            out = [(f"abandon{seats[0]}", _("Yes, abandon and deal a new game"))]
        else:
            out = [
                (f"abandon{s}", _("{seat} abandons, new game").format(seat=SEATS[s])) for s in seats
            ]
        return out + [("no", _("No, play on"))]

    def choose(self, name: str) -> None:
        scene = self.app.game_scene
        self.app.scenes = [scene]
        if name == "deal":  # kept unfinished, and not counted
            self.app.new_game(self.seed, ask=False)
        elif name.startswith("abandon") and scene.ctl.abandon(int(name[-1])):
            out = scene.ctl.game.outcome
            scene.score_now()
            scene.results_shown = True
            self.app.new_game(self.seed, ask=False)
            if out is not None:
                ctl = self.app.game_scene.ctl
                said = _("Last game abandoned: {outcome}. New game dealt")
                said = said.format(outcome=outcome_words(out))
                ctl.say(ctl.position.player, said)


# TRANSLATORS: the values the Settings panel cycles through
SETTING_WORDS = (
    NC_("pace", "slow"),
    NC_("pace", "normal"),
    NC_("pace", "fast"),
    NC_("card design", "classic"),
    NC_("card design", "bold"),
    NC_("card size", "normal"),
    NC_("card size", "large"),
    NC_("card size", "largest"),
)


# the Settings entries that step through values, and those that switch on and off
CYCLED: dict[str, tuple[str, tuple[object, ...]]] = {
    "fault": ("fault_mode", FAULT_MODES),
    "pace": ("pace", PACES),
    "deck": ("deck", DECKS),
    "cards": ("card_scale", CARD_SCALES),
    "scale": ("text_scale", TEXT_SCALES),
    "language": ("language", LANGUAGE_CHOICES),
}
TOGGLED = {
    "sound": "sound",
    "four": "four_colour",
    "motion": "reduced_motion",
    "coach": "coach",
    "clock": "stop_clock",
    "chance": "win_chance",
}


def _on(value: bool) -> str:
    return _("on") if value else _("off")


class SettingsScene(Overlay):
    title = N_("Settings")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.editing = False  # typing the player's name

    def lines(self) -> list[str]:
        return [
            _(
                "Faults: manual = the adversary calls Stop (S for A, K for B);"
                " automatic = the referee always stops; beginner = faults refused."
            ),
        ]

    def items(self, s: Settings | None = None) -> list[tuple[str, str]]:
        s = s or self.app.settings
        fault = _(FAULT_MODE_NAMES[s.fault_mode])
        size = pgettext("card size", CARD_SIZE_NAMES[s.card_scale])
        motion = _("reduced (no flights)") if s.reduced_motion else _("full")
        mistakes = mistakes_label(self.app, s.mistakes)
        return [
            ("fault", _("Faults: {mode}").format(mode=fault)),
            ("sound", _("Sound: {state}").format(state=self.sound_state(s))),
            ("pace", _("Pace: {pace}").format(pace=pgettext("pace", s.pace))),
            ("deck", _("Cards: {deck} design").format(deck=pgettext("card design", s.deck))),
            ("four", _("Four-colour suits: {state}").format(state=_on(s.four_colour))),
            ("cards", _("Card size: {size}").format(size=size)),
            ("scale", _("Text size: {size}").format(size=self.text_size(s))),
            ("motion", _("Motion: {motion}").format(motion=motion)),
            ("coach", _("Coach: {state}").format(state=_on(s.coach))),
            ("clock", _("Time to call Stop: {state}").format(state=_shown(s.stop_clock))),
            ("chance", _("Win-chance bar: {state}").format(state=_shown(s.win_chance))),
            ("mistakes", _("Computer's mistakes: {mistakes}").format(mistakes=mistakes)),
            ("language", language_label(s.language)),
            ("name", self.name_label(s)),
            ("back", _("Back")),
        ]

    def name_label(self, s: Settings) -> str:
        """The player's name at a network table, typed in place once clicked."""
        if self.editing:
            return _("Your name: {name}").format(name=f"{s.name}_")
        shown = s.name or _("{name} (click to type)").format(name=login_name())
        return _("Your name: {name}").format(name=shown)

    def variants(self) -> list[tuple[list[str], list[tuple[str, str]]]]:
        """The panel with each value of each control (copies: nothing is changed)."""
        s = self.app.settings
        every = [replace(s, fault_mode=v) for v in FAULT_MODES]
        every += [replace(s, pace=v) for v in PACES] + [replace(s, deck=v) for v in DECKS]
        every += [replace(s, mistakes=v) for v in MISTAKES] + [replace(s, sound=not s.sound)]
        every += [replace(s, language=v) for v in LANGUAGE_CHOICES]
        every += [replace(s, card_scale=c, text_scale=t) for c in CARD_SCALES for t in TEXT_SCALES]
        return [(self.lines(), self.items(v)) for v in every]

    def text_size(self, s: Settings | None = None) -> str:
        s = s or self.app.settings
        own = f"{round(s.text_scale * 100)}%"
        if s.shown_text_scale() == s.text_scale:
            return own
        text = _("{size} (cards: {cards})")
        return text.format(size=own, cards=f"{round(s.shown_text_scale() * 100)}%")

    def sound_state(self, s: Settings | None = None) -> str:
        if not self.app.sounds.available:
            return _("no sound device")
        return _on((s or self.app.settings).sound)

    def choose(self, name: str) -> None:
        s = self.app.settings
        self.editing = name == "name" and not self.editing
        if name in CYCLED:
            field, values = CYCLED[name]
            setattr(s, field, following(values, getattr(s, field)))
        elif name in TOGGLED:
            setattr(s, TOGGLED[name], not getattr(s, TOGGLED[name]))
        elif name == "mistakes":
            next_mistakes(self.app)
            return
        elif name == "name":
            s.name = s.name.strip()
        elif name == "back":
            self.app.pop()
            return
        self.app.save_settings()

    def handle_event(self, event: pygame.event.Event) -> None:
        """While the name is being typed, keys type it; Enter or Esc ends the typing."""
        if event.type == pygame.KEYDOWN and self.editing:
            s = self.app.settings
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.choose("name")
                return
            if event.key == pygame.K_BACKSPACE:
                s.name = s.name[:-1]
            elif event.unicode and event.unicode.isprintable() and len(s.name) < NAME_LENGTH:
                s.name += event.unicode
            else:
                return
            self.app.save_settings()
            return
        super().handle_event(event)


def _shown(state: bool) -> str:
    return _("shown") if state else _("hidden")


def language_label(choice: str) -> str:
    """The Language entry: each language named in its own words, the system's with
    the one it stands for (``Language: system (Français)``)."""
    if choice == i18n.SYSTEM:
        shown = i18n.LANGUAGES.get(i18n.resolve(choice), i18n.LANGUAGES["en"])
        return i18n._("Language: as the system ({language})").format(language=shown)
    return i18n._("Language: {language}").format(language=i18n.LANGUAGES[choice])


class StopOptionsScene(Overlay):
    """Belgian Bank (000 §92): the adversary chooses his options with the Stop."""

    WORDS = {
        (): N_("Just Stop"),
        ("bank",): N_("Stop: his bankable Stock and Discard cards banked first"),
        ("expose",): N_("Stop: the Hand card he turned goes on his Discard"),
        ("bank", "expose"): N_("Stop with both options"),
    }

    def __init__(self, app: Host, seat: int) -> None:
        super().__init__(app)
        self.seat = seat
        self.title = N_("Stop, with which options?")  # the rules help cites the section

    def lines(self) -> list[str]:
        return [_("{seat} calls Stop, and may add:").format(seat=SEATS[self.seat])]

    def items(self) -> list[tuple[str, str]]:
        opts = self.app.game_scene.ctl.stop_options()
        out = [(" ".join(o) or "plain", _(self.WORDS[o])) for o in opts]
        return out + [("no", _("Cancel"))]

    def choose(self, name: str) -> None:
        self.app.scenes = [self.app.game_scene]
        if name != "no":
            options = () if name == "plain" else tuple(name.split())
            self.app.game_scene.ctl.call_stop(self.seat, options)


class ResultsScene(Overlay):
    title = N_("Game over")

    def lines(self) -> list[str]:
        game = self.app.game_scene.ctl.game
        out = game.outcome
        m = self.app.match
        n = self.app.games
        total = ngettext(
            "Match total: A {a}  ·  B {b}   after {n} game",
            "Match total: A {a}  ·  B {b}   after {n} games",
            n,
        ).format(a=m[0], b=m[1], n=n)
        if out is None:
            return [total]
        if out.winner is None:
            if out.reason == "agreed":
                head = _("Drawn by agreement.")
            else:
                head = _("Drawn game: no one can go on.")
            return [head, _("No points are scored."), "", total] + self._deal(game)
        r = game.position.rules
        w, lo = SEATS[out.winner], SEATS[1 - out.winner]
        if out.reason == "abandoned":
            head = _("{seat} wins ({other} abandoned).").format(seat=w, other=lo)
        else:
            head = _("{seat} wins.").format(seat=w)
        lines = [
            head,
            _("Score, {title}:").format(title=r.title),  # the title may hold brackets
            *(f"    {line}" for line in game_type(r.spec).score_lines(out, lo)),
        ]
        total_for = _("Total for {seat}: {points}").format(seat=w, points=out.points)
        lines += [f"    {total_for}", "", total]
        return lines + self._deal(game)

    @staticmethod
    def _deal(game: Game) -> list[str]:
        if game.seed is None:
            return []
        return [_("Deal: seed {seed} (kept in the record)").format(seed=game.seed)]

    def items(self) -> list[tuple[str, str]]:
        return [("next", _("Next game")), ("menu", _("Menu"))]

    def choose(self, name: str) -> None:
        self.app.pop()
        if name == "next":
            self.app.new_game(None)
        else:
            self.app.open_menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose("next")
            return
        super().handle_event(event)
