"""The Mode contract, checked the same way for every registered mode (never naming one).

For each mode in ``registry.all_modes()``: every shipped pack parses and round-trips
through ``dump_pack``; on every shipped level, ``solve`` proves the
solution unique (the search for a second one is exhausted), ``grade`` solves it by
logic, ``view`` is JSON that carries that solution, ``replay`` of the solution's moves
clears it (and nothing short of them does), ``hint`` answers every kind the mode lists
and refuses others, and ``render_svg`` draws well-formed SVG, with and without the
solution; ``replay`` is the fold of ``start`` and ``State.apply``, an illegal move changes
nothing, the declared capabilities match what the mode implements. A new mode joins
these checks by registering; the test-only fourth mode (``tests/core/tinymode``, see
docs/adding-a-mode.md) is registered for this module and checked the same way.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest
from tinymode import MODE as TEST_ONLY_MODE

from puzzlesmith.core import registry
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import Mode, Pack

MODES = [m for m in registry.all_modes() if m.id != TEST_ONLY_MODE.id] + [TEST_ONLY_MODE]


@pytest.fixture(autouse=True, scope="module")
def _test_only_mode_registered() -> Iterator[None]:
    with registry.registered(TEST_ONLY_MODE):
        yield


def _packs(mode: Mode[Any]) -> list[Pack[Any]]:
    return mode.shipped_packs()


def _cases() -> list[Any]:
    """(mode, every level of its shipped packs), one case a mode, named by its CLI name."""
    return [
        pytest.param(mode, [lv for pack in _packs(mode) for lv in pack.levels], id=mode.cli_name)
        for mode in MODES
    ]


CASES = _cases()


@pytest.fixture(params=MODES, ids=[m.cli_name for m in MODES])
def mode(request: pytest.FixtureRequest) -> Mode[Any]:
    m: Mode[Any] = request.param
    return m


def test_every_mode_ships_packs_that_parse_and_round_trip(mode: Mode[Any]) -> None:
    files = mode.shipped_pack_files()
    assert files, f"{mode.cli_name} ships no pack"
    for f in files:
        pack = mode.load_file(f)
        assert pack.mode == mode.id and pack.levels, f.name
        again = mode.parse_pack(json.loads(json.dumps(mode.dump_pack(pack))), f"{f.name} (dumped)")
        assert [mode.dump_level(lv) for lv in again.levels] == [
            mode.dump_level(lv) for lv in pack.levels
        ]
        assert again.levels == pack.levels


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_solve_proves_the_solution_unique(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        result = m.solve(level, 2)
        assert (result.count, result.complete, len(result.solutions)) == (1, True, 1), level.id
        assert not [p.line() for p in m.check(level) if p.severity == "error"], level.id


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_grade_solves_by_logic(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        g = m.grade(level)
        assert g.solved, g.contract(level.id)
        assert g.steps and sum(g.techniques.values()) >= 1, level.id
        assert g.contract(level.id)["grade"] == g.grade


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_view_is_json_with_the_baked_solution(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        view = m.view(level)
        assert json.loads(json.dumps(view)) == view
        assert (view["mode"], view["id"]) == (m.id, level.id)
        assert view["solution"] == json.loads(json.dumps(m.solve(level, 1).solutions[0])), level.id


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_replaying_the_solution_clears_and_nothing_less_does(
    m: Mode[Any], levels: list[Any]
) -> None:
    for level in levels:
        moves = m.solution_moves(level)
        assert moves
        done = m.replay(level, moves)
        assert done["cleared"] is True and json.loads(json.dumps(done)) == done, level.id
        assert m.replay(level, [])["cleared"] is False
        assert m.replay(level, moves[:-1])["cleared"] is False, level.id
        with pytest.raises(IllegalMoveError, match="move 1"):
            m.replay(level, ["no-such-move"])


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_every_hint_kind_answers_and_others_are_refused(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        assert m.hint_kinds
        moves = m.solution_moves(level)
        for kind in m.hint_kinds:
            for played in ([], moves[: len(moves) // 2]):
                answer = m.hint(level, played, kind)
                assert isinstance(answer, dict) and answer.get("kind"), (level.id, kind)
                assert json.loads(json.dumps(answer)) == answer
        with pytest.raises(IllegalMoveError, match="unknown hint kind"):
            m.hint(level, [], "no-such-kind")


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_render_svg_is_well_formed_and_shows_the_solution(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        plain = m.render_svg(level)
        solved = m.render_svg(level, solution=True)
        for svg in (plain, solved):
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg")
        assert solved != plain, level.id


# ---- level codes: where the code round-trip joins the contract ----------------------------
@pytest.mark.parametrize(("m", "levels"), CASES)
def test_level_code_round_trip(m: Mode[Any], levels: list[Any]) -> None:
    from puzzlesmith.core import codes

    if not m.capabilities.codes:
        pytest.skip(f"{m.cli_name} declares no level codes")
    for level in levels:
        code = codes.encode_level(m, level)
        assert isinstance(code, str) and code
        back_mode, back = codes.decode_level(code)
        assert back_mode.id == m.id
        # exact up to the canonical cell order and lettering; designer notes do not travel
        assert codes.encode_level(m, back) == code, level.id
        assert (back.id, back.caption) == (level.id, level.caption)
        assert m.solve(back, limit=2).count == 1, level.id  # still unique (same-solution
        # checks, cell by cell, are in tests/codes/test_roundtrip.py)


# ---- play as a state, capabilities, vocabulary (issue #28) -----------------------------------
@pytest.mark.parametrize(("m", "levels"), CASES)
def test_replay_is_the_fold_of_apply(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        moves = m.solution_moves(level)
        state = m.start(level)
        seen = [state.to_json()]
        for i, move in enumerate(moves):
            state.apply(move, i)
            seen.append(state.to_json())
        assert seen[-1] == m.replay(level, moves), level.id
        assert list(m.states(level, moves)) == seen, level.id
        assert list(m.states(level, moves, len(moves) // 2)) == seen[len(moves) // 2 :]


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_an_illegal_move_changes_nothing(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        moves = m.solution_moves(level)
        state = m.play(level, moves[: len(moves) // 2])
        before = state.to_json()
        for bad in ("no-such-move", moves[0] if moves else "x", f"{moves[-1]} extra"):
            try:
                state.apply(bad, 7)
            except IllegalMoveError as exc:
                assert "move 8" in str(exc), (level.id, bad, exc)
                assert state.to_json() == before, (level.id, bad)
            else:  # a legal move after all: go back to the position under test
                state = m.play(level, moves[: len(moves) // 2])


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_cell_ids_name_what_moves_and_votes_point_at(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        ids = m.cell_ids(level)
        assert ids and len(set(ids)) == len(ids), level.id
        if m.capabilities.vote:
            state = m.start(level)
            for i, move in enumerate(m.solution_moves(level)):
                options = m.votes(level, state)
                assert set(options) <= set(ids), level.id
                assert move in options.values() or not options, (level.id, move)
                state.apply(move, i)
            assert m.votes(level, state) == {}, level.id  # cleared: nothing to vote on


def _overrides(m: Mode[Any], name: str) -> bool:
    return getattr(type(m), name) is not getattr(Mode, name)


def test_capabilities_are_declared_as_implemented(mode: Mode[Any]) -> None:
    caps = mode.capabilities
    assert caps.codes == (mode.codec is not None)
    assert caps.generate == (mode.generate_options is not None and _overrides(mode, "generate_one"))
    assert caps.vote == _overrides(mode, "votes")
    assert caps.raster == _overrides(mode, "draw_frame")
    assert caps.design == (_overrides(mode, "minimize") and _overrides(mode, "suggest"))
    editor = ("level_size", "symmetry_key", "solution_cells")
    assert caps.editor == (all(_overrides(mode, n) for n in editor) and mode.check_max_size > 0)


@pytest.mark.parametrize(("m", "levels"), CASES)
def test_the_solution_is_played_without_undo_or_assist(m: Mode[Any], levels: list[Any]) -> None:
    for level in levels:
        state = m.start(level)
        for i, move in enumerate(m.solution_moves(level)):
            assert not m.is_undo(state, move) and not m.is_assist(move), (level.id, move)
            state.apply(move, i)
