"""The menu (Esc): resume, new games, the rule set, history, settings, help, quit."""

from __future__ import annotations

import pygame

from ...engine import OVER, PENDING, Abandon
from ...engine.rulesets import OPTIONS
from ...games import every_name, game_type
from ...i18n import N_, _, ngettext
from ..kit.words import rules_label
from ..settings import MISTAKES, OPPONENTS, kept_seat
from . import registry
from .base import Host, Overlay, following, mistakes_label, next_mistakes, opponent_words

# the entries that open another screen: over the table, or on the screens' stack
OVER_TABLE = {"lessons": "lessons", "result": "results", "abandon": "abandon"}
PAGES = {"past": "past games", "stats": "statistics", "settings": "settings", "rules": "help"}


class MenuScene(Overlay):
    title = N_("Russian Bank")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.seed_text = ""
        self.editing = False
        self.rejoin = kept_seat()  # a network game's seat left kept: Join takes it up

    def lines(self, rules: str | None = None) -> list[str]:
        m = self.app.match
        n = self.app.games
        r = game_type(rules or self.app.settings.rules).rules
        match = ngettext(
            "Match: A {a}  ·  B {b}   ({n} game)", "Match: A {a}  ·  B {b}   ({n} games)", n
        )
        return [
            _("Playing: {rules}").format(rules=self.app.game_scene.ctl.position.rules.title),
            match.format(a=m[0], b=m[1], n=n),
            _("Next game: {description}").format(description=r.description),
            *(f"  + {_(OPTIONS[r.name][f].help)}" for f in r.options),
        ]

    def variants(self) -> list[tuple[list[str], list[tuple[str, str]]]]:
        """The panel as every Rule set, Opponent and Mistakes value would show it."""
        here = self.items()
        out = []
        for spec in every_name():
            swap = {"ruleset": _("Rule set: {rules}").format(rules=rules_label(spec))}
            out.append((self.lines(spec), [(n, swap.get(n, lab)) for n, lab in here]))
        if self.app.bots_available():
            for opp in OPPONENTS:
                label = opponent_words(opp)
                for m in MISTAKES:
                    said = mistakes_label(self.app, m, opp)
                    swap = {
                        "opponent": _("Opponent for B: {opponent}").format(opponent=label),
                        "mistakes": _("Computer's mistakes: {mistakes}").format(mistakes=said),
                    }
                    out.append(([], [(n, swap.get(n, lab)) for n, lab in here]))
        return out

    def items(self) -> list[tuple[str, str]]:
        seed = self.seed_text + ("_" if self.editing else "")
        over = self.app.game_scene.ctl.game.over
        out = [
            ("lessons", _("Learn to play")),
            ("result", _("The result of the game")) if over else ("resume", _("Resume")),
            ("new", _("New game")),
            ("ruleset", _("Rule set: {rules}").format(rules=rules_label(self.app.settings.rules))),
            ("lobby", _("Play online")),
            ("host", _("Host a game on this network")),
            ("join", _("Join a game on the network"))
            if self.rejoin is None
            else ("join", _("Rejoin your game in room {room}").format(room=self.rejoin.room)),
            ("seed", _("Seed: {seed}").format(seed=seed or _("random (click to type)"))),
        ]
        if self.app.bots_available():
            label = opponent_words(self.app.settings.opponent)
            out.append(("opponent", _("Opponent for B: {opponent}").format(opponent=label)))
            said = mistakes_label(self.app)
            out.append(("mistakes", _("Computer's mistakes: {mistakes}").format(mistakes=said)))
        # always there, dim when the game is over: every entry keeps its height
        # whether the game goes on or not, so a click aimed at one never hits another
        out += [
            ("undo", _("Undo last action (Ctrl+Z)")),
            ("draw", _("Offer a draw")),
            ("abandon", _("Abandon the game")),
            ("past", _("Past games")),
            ("stats", _("Statistics")),
            ("settings", _("Settings")),
            ("rules", _("Help: the rules (F1)")),
            (
                "quit",
                _("Quit (the game is saved and resumes next time)")
                if self.app.game_saved()
                else _("Quit"),
            ),
        ]
        return out

    def playing(self) -> bool:
        """May the game in progress be drawn or abandoned now (the game says so)?"""
        ctl = self.app.game_scene.ctl
        seat = ctl.position.player
        return ctl.shown_phase() not in (OVER, PENDING) and ctl.game.reason(Abandon(seat)) is None

    def style(self, name: str) -> str:
        if name == "seed" and not self.editing:
            return "dim"
        if name == "undo" and self.app.game_scene.ctl.undo_reason() is not None:
            return "dim"
        if name in ("draw", "abandon") and not self.playing():
            return "dim"
        return "plain"

    def choose(self, name: str) -> None:
        self.editing = name == "seed"
        if name in ("draw", "abandon") and not self.playing():
            return  # dim: nothing to draw or abandon
        if name in OVER_TABLE:
            registry.over_table(OVER_TABLE[name], self.app)
        elif name in PAGES:
            registry.push(PAGES[name], self.app)
        elif name == "resume":
            self.app.pop()
        elif name == "new":
            seed = int(self.seed_text) if self.seed_text else None
            self.app.pop()
            self.app.new_game(seed)
        elif name == "ruleset":
            s = self.app.settings
            specs = every_name()  # every game of the registry, the one-pack game too
            s.rules = following(specs, s.rules)
            self.app.save_settings()
        elif name == "lobby":
            self.app.pop()
            registry.push("lobby", self.app)
        elif name in ("host", "join"):
            self.app.pop()
            rejoin = {"rejoin": True} if name == "join" and self.rejoin is not None else {}
            registry.push(name, self.app, **rejoin)
        elif name == "opponent":
            s = self.app.settings
            s.opponent = following(OPPONENTS, s.opponent)
            self.app.save_settings()
        elif name == "mistakes":
            next_mistakes(self.app)
        elif name == "undo":
            self.app.pop()
            self.app.game_scene.ctl.undo()
        elif name == "draw":
            self.offer_draw()
        elif name == "quit":
            self.app.quit()

    def offer_draw(self) -> None:
        """§37: the seat whose innings it is offers, once he has said yes to the
        question (a computer answers at once); the other side is asked."""
        ctl = self.app.game_scene.ctl
        seat = ctl.position.player
        if ctl.is_bot(seat):
            seat = 1 - seat
        other = 1 - seat
        registry.over_table("draw confirm", self.app, seat, ctl.is_bot(other))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.editing:
            if event.key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose("new")
                return
            if event.unicode and event.unicode.isdigit() and len(self.seed_text) < 10:
                self.seed_text += event.unicode
                return
        super().handle_event(event)
