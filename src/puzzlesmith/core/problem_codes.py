"""Problem codes shared by every mode: code → one sentence in each language (see core/catalogue.py).

Like pzprjs's ``failcode.en.json`` / ``failcode.ja.json``: the editor shows these, the CLI
prints them with ``--lang``, and a test fails when a code has no text in either language.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "json-type": "Part of the level has the wrong form (a list, number or text where another was expected).",
        "field-missing": "The level lacks a field it needs.",
        "field-unknown": "The level holds a field this mode does not know.",
        "bad-id": "An id may hold only letters, digits and - _ . , : + ( ), 1 to 64 of them.",
        "bad-text": "A title, caption or note is too long or holds a control character.",
        "number-range": "A number is outside the range a board can use (−10,000 to 10,000).",
        "too-big": "The level or pack is bigger than the tools can check.",
        "too-large": "The board is too large to check here; check it with the command line.",
        "pack-mode": "The pack is for another mode.",
        "pack-empty": "The pack has no levels.",
        "level-duplicate-id": "Two levels of the pack have the same id.",
        "level-order": "The level's id does not match its place in the pack.",
        "clue-range": "A number clue is outside 1 to the number of steps.",
        "clue-repeated": "The same number clue is on two cells.",
        "board-disconnected": "The board falls apart into pieces that no single path can join.",
        "needs-guessing": "The logic solver gets stuck: a player would have to guess.",
        "no-solution": "The board has no solution.",
        "not-unique": "The board has more than one solution; the marked cells differ between two of them.",
        "duplicate-shipped": "This board is one of the game's own levels (perhaps turned or mirrored).",
        "cell-duplicate-id": "Two cells have the same id.",
        "level-no-cells": "The board is empty: add some cells.",
        "usage": "The command needs other options.",
    },
    "zh": {
        "json-type": "关卡里有一项的格式不对（该是列表、数字或文字的地方写了别的）。",
        "field-missing": "关卡缺少必需的一项。",
        "field-unknown": "关卡里有这个玩法不认识的一项。",
        "bad-id": "编号只能由字母、数字和 - _ . , : + ( ) 组成，长度 1 到 64。",
        "bad-text": "标题、说明或备注太长，或含有控制字符。",
        "number-range": "有个数字超出了棋盘能用的范围（−10000 到 10000）。",
        "too-big": "关卡或关卡包太大，工具查不了。",
        "too-large": "棋盘太大，这里查不了，请用命令行检查。",
        "pack-mode": "这个关卡包属于另一个玩法。",
        "pack-empty": "关卡包里没有关卡。",
        "level-duplicate-id": "关卡包里有两关编号相同。",
        "level-order": "这一关的编号和它在关卡包里的位置不符。",
        "clue-range": "有个数字提示超出了 1 到总步数的范围。",
        "clue-repeated": "同一个数字提示出现在两个格子上。",
        "board-disconnected": "棋盘分成了几块，一条路连不起来。",
        "needs-guessing": "逻辑推理推不完，玩家只能靠猜。",
        "no-solution": "这个棋盘无解。",
        "not-unique": "这个棋盘不止一个解，标出的格子在两个解里不同。",
        "duplicate-shipped": "这个棋盘就是游戏自带的一关（可能旋转或翻转过）。",
        "cell-duplicate-id": "有两个格子编号相同。",
        "level-no-cells": "棋盘是空的，先加几个格子。",
        "usage": "这个命令还需要别的选项。",
    },
}
