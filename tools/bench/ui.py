"""``python -m tools.bench ui``: drag a card around the table headless and
time every frame (events, update, draw, the display update), as wall-clock time
and as processor time (what the frame costs when the machine is busy with other
work). Last line: ``frame ms p50: X p99: Y`` (wall clock). Targets: p99 under
16.7 ms at 1280x800, 8 ms at 3840x2160 on an idle machine. ``--screenshot F``
saves the window as it stands mid-drag (drawn by repainting only what changed).

``--master``: two Masters play each other on the table at 60 frames a second, each
thinking in the live table's worker process (``--thread``: in a thread of the
table's process, sharing the interpreter lock with the frames); the last line is
``frame ms while a Master thinks: max X p99 Y over N frames (K decisions)``.
Target: max under 16.7 ms (one frame at 60 Hz).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from collections.abc import Callable

from russian_bank.cli import count, duration, png_path, size
from russian_bank.sim import pct


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench ui")
    ap.add_argument("--seconds", type=duration, default=4.0, help="how long to drag")
    ap.add_argument("--size", type=size, default=(1280, 800), help="window size WxH")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--moves", type=count, default=0, help="random legal actions first (busy table)"
    )
    ap.add_argument(
        "--card-size", choices=("normal", "large", "largest"), default="normal", help="Card size"
    )
    ap.add_argument(
        "--master",
        action="store_true",
        help="time the frames while two Masters play and think (longest frame)",
    )
    ap.add_argument(
        "--thread",
        action="store_true",
        help="with --master: think in a thread of the table's process (as before)",
    )
    ap.add_argument(
        "--screenshot", metavar="FILE", type=png_path, help="save the window mid-drag (PNG)"
    )
    args = ap.parse_args(argv or [])
    w, h = args.size
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from russian_bank.engine import Place
    from russian_bank.ui.app import App
    from russian_bank.ui.settings import CARD_SIZE_NAMES, Settings

    scale = next(k for k, v in CARD_SIZE_NAMES.items() if v == args.card_size)

    app = App(
        (w, h),
        seed=args.seed,
        resume=False,
        autosave=False,
        pace="fast" if args.master else "normal",
        settings=Settings(sound=False, card_scale=scale),
    )
    ctl = app.game_scene.ctl
    if args.master:
        where = "a thread" if args.thread else "a worker process"
        what = f"{w}x{h}, {args.card_size} cards, thinking in {where}"
        return _master(app, args.seconds, what, not args.thread)
    if args.moves:
        import random

        from russian_bank.engine import Back, Compel, Raise, Stand, Stop

        rng = random.Random(args.seed)
        skip = (Stop, Stand, Compel, Raise, Back)
        for _ in range(args.moves):
            legal = [a for a in ctl.game.legal_actions() if not isinstance(a, skip)]
            if ctl.game.over or not legal:
                break
            ctl.act(rng.choice(legal))
        ctl.settle()
    pos = ctl.position
    # grab the longest Table sequence's last card (the Player may raise any of them)
    index = max(range(8), key=lambda i: len(pos.table[i]))
    on_table, banked = sum(map(len, pos.table)), sum(map(len, pos.banks))
    print(f"table cards: {on_table}, banked: {banked}")
    card = pos.table[index][-1]
    rect = ctl.placed_cards()[card].rect
    start = rect.clip(ctl.layout.shown_part(Place("table", index))).center  # the part in view
    for _ in range(10):  # warm up: card scaling, static layer, fonts
        app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    times: list[float] = []
    cpu: list[float] = []
    repainted: list[float] = []  # the share of the window each frame repainted
    own: list[float] = []  # wall ms less the time the frame waited for a core
    waited = _core_wait()
    cx, cy = w // 2, h // 2
    radius = min(w, h) // 3
    t_end = time.perf_counter() + args.seconds
    frame = 0
    while time.perf_counter() < t_end:
        a = frame / 40.0
        p = (int(cx + radius * math.cos(a)), int(cy + radius * 0.8 * math.sin(a)))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        )
        t0, c0, w0 = time.perf_counter(), time.process_time(), waited()
        app.step(1 / 60)
        app.present()
        times.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
        own.append(times[-1] - (waited() - w0) * 1000.0)
        shown = app.damage
        repainted.append(1.0 if shown is None else sum(r.w * r.h for r in shown) / (w * h))
        frame += 1
    dragging = ctl.drag is not None
    if args.screenshot:
        pygame.image.save(app.screen, args.screenshot)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.step(1 / 60)
    pygame.quit()
    print(
        f"ui bench: {w}x{h}, {args.card_size} cards, {len(times)} frames dragging"
        f" {card.label} (drag live: {dragging}), load {os.getloadavg()[0]:.1f}"
    )
    print(f"window repainted per frame: {100 * statistics.fmean(repainted):.1f} % on average")
    if args.screenshot:
        print(f"wrote {args.screenshot}")
    p50, p99 = _quantiles(cpu)
    print(f"processor ms mean: {statistics.fmean(cpu):.2f} max: {max(cpu):.2f}")
    print(f"processor ms p50: {p50:.2f} p99: {p99:.2f}")
    if waited is not _no_wait:
        p50, p99 = _quantiles(own)
        print(f"frame ms less waiting for a core p50: {p50:.2f} p99: {p99:.2f}")
    p50, p99 = _quantiles(times)
    print(f"frame ms mean: {statistics.fmean(times):.2f} max: {max(times):.2f}")
    print(f"frame ms p50: {p50:.2f} p99: {p99:.2f}")
    return 0


def _quantiles(values: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile."""
    return pct(values, 0.5), pct(values, 0.99)


def _master(app, seconds: float, what: str, process: bool) -> int:  # noqa: ANN001 - ui.app.App
    """Two Masters at the table; time every frame, the ones while a decision runs."""
    import pygame

    from russian_bank.ai import make_bot
    from russian_bank.match import fresh_rng

    ctl = app.game_scene.ctl
    ctl.bots.clear()
    ctl.bots.update({s: make_bot("master", s, fresh_rng()) for s in (0, 1)})
    app.go_live(process)  # as the live table plays a computer
    if app.thinker is not None:
        app.thinker.ready.result(timeout=120)  # the worker has started
    clock = pygame.time.Clock()
    for _ in range(10):
        app.step(1 / 60)
    waited = _core_wait()
    thinking: list[tuple[float, float]] = []  # (wall ms, wall ms less waiting for a core)
    gaps: list[float] = []  # ms from one frame's start to the next's (60 Hz: 16.7), ditto
    last: tuple[float, float] | None = None
    every: list[float] = []
    decisions = 0
    thoughts = 0
    t_end = time.perf_counter() + seconds
    while time.perf_counter() < t_end and not ctl.game.over:
        clock.tick(60)
        busy = ctl.match.thinking()
        before = len(ctl.game.actions)
        t0, w0 = time.perf_counter(), waited()
        if last is not None and busy:
            gaps.append((t0 - last[0] - (w0 - last[1])) * 1000.0)
        last = (t0, w0)
        app.step(1 / 60)
        app.present()
        ms = (time.perf_counter() - t0) * 1000.0
        own = ms - (waited() - w0) * 1000.0
        every.append(ms)
        after = ctl.match.thinking()
        thoughts += after and not busy
        if busy or after:
            thinking.append((ms, own))
        decisions += len(ctl.game.actions) - before
    pygame.quit()
    if app.thinker is not None:
        app.thinker.close()
    if not thinking:
        print("no frame ran while a Master thought")
        return 1
    every.sort()
    print(f"ui bench: {what}, two Masters at the table, {len(every)} frames, {decisions} actions")
    print(f"decisions that took longer than a frame: {thoughts}, load {os.getloadavg()[0]:.1f}")
    print(f"frame ms all frames: p50 {statistics.median(every):.2f} max {every[-1]:.2f}")
    if waited is not _no_wait:
        _p50, p99 = _quantiles([o for _m, o in thinking])
        print(
            "frame ms while a Master thinks, less the time the frame waited for a core:"
            f" max {max(o for _m, o in thinking):.2f} p99 {p99:.2f}"
        )
    if waited is not _no_wait and gaps:
        _p50, p99 = _quantiles(gaps)
        print(
            "ms from frame to frame while a Master thinks (60 Hz: 16.7), less the waits"
            f" for a core: max {max(gaps):.2f} p99 {p99:.2f}"
        )
    _p50, p99 = _quantiles([m for m, _o in thinking])
    print(
        f"frame ms while a Master thinks: max {max(m for m, _o in thinking):.2f} p99 {p99:.2f}"
        f" over {len(thinking)} frames"
    )
    return 0


def _no_wait() -> float:
    return 0.0


def _core_wait() -> Callable[[], float]:
    """Seconds this thread has waited so far for a core while ready to run (Linux's
    schedstat). A frame's wall time less that wait is what it would take on an
    idle machine, with any wait for the interpreter lock still in it."""
    try:
        f = open("/proc/thread-self/schedstat", "rb")  # noqa: SIM115 - read every frame
    except OSError:
        return _no_wait

    def read() -> float:
        f.seek(0)
        return int(f.read().split()[1]) / 1e9

    return read
