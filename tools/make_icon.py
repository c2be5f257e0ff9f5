"""Draw the application icon: a fan of three cards (deterministic, headless).

Run from anywhere:  python tools/make_icon.py [--out FOLDER]

The icon is the game in one picture: the two packs of Russian Bank, the blue back
with its star medallion and the burgundy back with its rosette (the colours of
tools/make_cards.py), fanned behind the Ace of Spades. The script writes the scalable
icon as SVG (plain shapes only: paths, rectangles, circles, transforms) and then
rasterises it with pygame's SVG loader into the hicolor PNG sizes, so the PNGs are
the SVG. The small sizes (16 to 32 px) come from a second, plainer SVG drawing with
thicker edges and no lattice, which stays readable at a few pixels.

Output (committed): russian_bank/desktop/icons/hicolor/{scalable,NxN}/apps/ID.{svg,png}.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from russian_bank.desktop import APP_ID, ICON_SIZES  # noqa: E402

OUT = ROOT / "russian_bank" / "desktop" / "icons" / "hicolor"
SMALL = 32  # sizes up to this one use the plainer drawing

VIEW = 512  # viewBox side
CARD_W, CARD_H = 200, 280  # 5:7, as the card images
PIVOT = (256, 476)  # the fan turns about this point (below the cards' lower edge)
ANGLES = (-24.0, 0.0, 24.0)  # burgundy back, blue back, Ace of Spades
RADIUS = 20

FACE = "#fdfbf4"
EDGE = "#28282e"
BLACK = "#1a1a1e"
BLUE = ("#162e70", "#4c70be", "#becef0")  # base, line, accent (make_cards.py back "a")
BURGUNDY = ("#701228", "#b0465c", "#ecc4a8")  # back "b"


def fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def points(pts: list[tuple[float, float]]) -> str:
    return " ".join(f"{fmt(x)},{fmt(y)}" for x, y in pts)


def card_frame(fill: str, edge_width: float) -> list[str]:
    """The card's outline at the origin (its top-left corner)."""
    return [
        f'<rect x="0" y="0" width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" '
        f'fill="{fill}" stroke="{EDGE}" stroke-width="{fmt(edge_width)}"/>'
    ]


def star(cx: float, cy: float, r_out: float, r_in: float, n: int, stretch: float) -> str:
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = k * math.pi / n
        pts.append((cx + r * math.sin(a), cy - r * stretch * math.cos(a)))
    return points(pts)


def back(colours: tuple[str, str, str], medallion: str, detail: bool) -> list[str]:
    base, line, accent = colours
    m = 12 if detail else 16  # white margin
    w, h = CARD_W - 2 * m, CARD_H - 2 * m
    out = card_frame(FACE, 4 if detail else 10)
    out.append(f'<rect x="{m}" y="{m}" width="{w}" height="{h}" rx="{RADIUS - 8}" fill="{base}"/>')
    cx, cy = CARD_W / 2, CARD_H / 2
    if detail:  # a lattice of small diamonds, kept inside the inner rectangle
        step = 22
        d = 5.0
        for j in range(1, int(h / step)):
            for i in range(1, int(w / step)):
                x, y = m + i * step - (step / 2 if j % 2 else 0) + step / 4, m + j * step
                if not (m + d < x < m + w - d and m + d < y < m + h - d):
                    continue
                diamond = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
                out.append(f'<polygon points="{points(diamond)}" fill="{line}"/>')
        out.append(
            f'<rect x="{m + 7}" y="{m + 7}" width="{w - 14}" height="{h - 14}" '
            f'rx="{RADIUS - 12}" fill="none" stroke="{accent}" stroke-width="2.5"/>'
        )
    rx, ry = (58, 80) if detail else (62, 86)
    out.append(
        f'<ellipse cx="{fmt(cx)}" cy="{fmt(cy)}" rx="{rx}" ry="{ry}" fill="{base}" '
        f'stroke="{accent}" stroke-width="{4 if detail else 8}"/>'
    )
    if medallion == "star":
        n, inner = (8, 18) if detail else (4, 16)
        out.append(f'<polygon points="{star(cx, cy, 44, inner, n, 1.3)}" fill="{accent}"/>')
        out.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="8" fill="{base}"/>')
    else:  # a rosette of eight rings
        petals = 8 if detail else 6
        for k in range(petals):
            a = k * 2 * math.pi / petals
            x, y = cx + 26 * math.sin(a), cy - 34 * math.cos(a)
            out.append(
                f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{12 if detail else 15}" '
                f'fill="{line}" stroke="{accent}" stroke-width="2"/>'
            )
        out.append(f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="10" fill="{accent}"/>')
    return out


def spade(cx: float, cy: float, size: float) -> str:
    """A spade outline as a path: two lobes, a point on top and a flared stem."""
    u = size / 2

    def p(x: float, y: float) -> str:
        return f"{fmt(cx + x * u)},{fmt(cy + y * u)}"

    return (
        f"M{p(0, -1)} "
        f"C{p(0.3, -0.62)} {p(1, -0.36)} {p(1, 0.16)} "
        f"C{p(1, 0.62)} {p(0.5, 0.74)} {p(0.1, 0.46)} "
        f"C{p(0.14, 0.76)} {p(0.26, 0.92)} {p(0.4, 1.02)} "
        f"L{p(-0.4, 1.02)} "
        f"C{p(-0.26, 0.92)} {p(-0.14, 0.76)} {p(-0.1, 0.46)} "
        f"C{p(-0.5, 0.74)} {p(-1, 0.62)} {p(-1, 0.16)} "
        f"C{p(-1, -0.36)} {p(-0.3, -0.62)} {p(0, -1)} Z"
    )


def letter_a(x: float, y: float, height: float, width: float) -> list[str]:
    """The index letter A drawn as three strokes (no fonts in an SVG icon)."""
    half = height * 0.32
    top, bottom = (x, y), (x, y + height)
    left, right = (x - half, bottom[1]), (x + half, bottom[1])
    bar_y = y + height * 0.64
    t = 0.64
    bar = [
        (top[0] + (left[0] - top[0]) * t, bar_y),
        (top[0] + (right[0] - top[0]) * t, bar_y),
    ]
    stroke = f'stroke="{BLACK}" stroke-width="{fmt(width)}" stroke-linecap="round"'
    return [
        f'<polyline points="{points([left, top, right])}" fill="none" {stroke} '
        f'stroke-linejoin="round"/>',
        f'<line x1="{fmt(bar[0][0])}" y1="{fmt(bar[0][1])}" x2="{fmt(bar[1][0])}" '
        f'y2="{fmt(bar[1][1])}" {stroke}/>',
    ]


def ace_of_spades(detail: bool) -> list[str]:
    out = card_frame(FACE, 4 if detail else 10)
    size = 104 if detail else 132
    out.append(f'<path d="{spade(CARD_W / 2, CARD_H / 2 + 4, size)}" fill="{BLACK}"/>')
    if detail:
        out += letter_a(28, 18, 40, 7)
        out.append(f'<path d="{spade(28, 78, 26)}" fill="{BLACK}"/>')
    return out


def fit(x0: float, y0: float, margin: float) -> str:
    """The transform that centres the fanned cards in the icon, ``margin`` from its edges."""
    xs, ys = [], []
    for angle in ANGLES:
        a = math.radians(angle)
        for cx, cy in ((x0, y0), (x0 + CARD_W, y0), (x0, y0 + CARD_H), (x0 + CARD_W, y0 + CARD_H)):
            dx, dy = cx - PIVOT[0], cy - PIVOT[1]
            xs.append(PIVOT[0] + dx * math.cos(a) - dy * math.sin(a))
            ys.append(PIVOT[1] + dx * math.sin(a) + dy * math.cos(a))
    k = (VIEW - 2 * margin) / max(max(xs) - min(xs), max(ys) - min(ys))
    tx = VIEW / 2 - k * (min(xs) + max(xs)) / 2
    ty = VIEW / 2 - k * (min(ys) + max(ys)) / 2
    return f"translate({fmt(tx)} {fmt(ty)}) scale({fmt(k)})"


def svg(detail: bool) -> str:
    """The whole icon as an SVG document."""
    cards = (back(BURGUNDY, "rosette", detail), back(BLUE, "star", detail), ace_of_spades(detail))
    x0, y0 = PIVOT[0] - CARD_W / 2, 44
    body = [f'<g transform="{fit(x0, y0, 14 if detail else 4)}">']
    for angle, shapes in zip(ANGLES, cards, strict=True):
        turn = f"rotate({fmt(angle)} {PIVOT[0]} {PIVOT[1]})"
        body.append(f'<g transform="{turn} translate({fmt(x0)} {y0})">')
        body += [f"  {s}" for s in shapes]
        body.append("</g>")
    body.append("</g>")
    lines = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" '
        f'viewBox="0 0 {VIEW} {VIEW}">',
        "<title>Russian Bank</title>",
        *body,
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def render(svg_path: Path, size: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(svg_path), (size, size))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="draw the application icon (SVG and PNGs)")
    ap.add_argument("--out", type=Path, default=OUT, help="the hicolor folder to write")
    args = ap.parse_args(argv)
    out: Path = args.out
    scalable = out / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_text(svg(detail=True), encoding="utf-8")
    small_svg = out.parent / "small.svg"  # the plain drawing, source of the small PNGs
    small_svg.write_text(svg(detail=False), encoding="utf-8")
    for size in ICON_SIZES:
        png = out / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        png.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(render(small_svg if size <= SMALL else scalable, size), str(png))
    print(f"wrote {scalable.relative_to(out)} and {len(ICON_SIZES)} PNGs under {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
