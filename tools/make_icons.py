"""Draw the app icons (static/icons/icon-{192,512}.png and icon-maskable-{192,512}.png).

A one-stroke path through a 3×3 board in the game's path colour, starting at a white 1:
the game in one picture. Drawn at 4× and scaled down for smooth edges; the square is
full-bleed. The "maskable" ones keep the whole picture inside the safe circle (radius 40 %
of the side) that a launcher's round or squircle mask never cuts.
Run: .venv/bin/python tools/make_icons.py   (needs Pillow: pip install pillow)
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parents[1] / "src/puzzlesmith/server/static/icons"
BG = (91, 79, 224)  # --path
CELL = (125, 115, 255)  # --path-bright
INK = (255, 255, 255)
SIZES = (192, 512)
#: A serpentine through the 3×3 board, cell (col, row) in path order.
PATH = [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2), (1, 2), (2, 2)]


#: picture margin (share of the side): the plain icon, and the maskable one whose picture's
#: corners lie inside the safe circle (half-width 0.28 · √2 < 0.40)
MARGIN = 0.16
MASKABLE_MARGIN = 0.22


def draw(size: int, margin_share: float = MARGIN) -> Image.Image:
    s = size * 4
    img = Image.new("RGB", (s, s), BG)
    d = ImageDraw.Draw(img)
    margin, gap = s * margin_share, s * 0.03
    cell = (s - 2 * margin - 2 * gap) / 3

    def centre(c: int, r: int) -> tuple[float, float]:
        return margin + c * (cell + gap) + cell / 2, margin + r * (cell + gap) + cell / 2

    for c in range(3):
        for r in range(3):
            x, y = margin + c * (cell + gap), margin + r * (cell + gap)
            d.rounded_rectangle((x, y, x + cell, y + cell), radius=cell * 0.18, fill=CELL)
    d.line([centre(c, r) for c, r in PATH], fill=INK, width=int(cell * 0.22), joint="curve")
    for c, r in (PATH[0], PATH[-1]):
        x, y = centre(c, r)
        rad = cell * 0.2
        d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=INK)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for n in SIZES:
        for name, share in ((f"icon-{n}.png", MARGIN), (f"icon-maskable-{n}.png", MASKABLE_MARGIN)):
            path = OUT / name
            draw(n, share).save(path, optimize=True)
            print(f"{path}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
