"""Pack-file plumbing shared by every mode: header, strict field checks, safe writing.

Each mode parses its own level body; the envelope ``{mode, pack, title, notes?,
levels}`` and the "wrong JSON type / unknown field" checks are the same
everywhere, so they live here once.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from puzzlesmith.core.bounds import MAX_LEVELS, size_problem, usable_id, value_problem
from puzzlesmith.core.errors import PackExistsError, UnreadableFileError
from puzzlesmith.core.problems import Problem

#: A field's accepted JSON type(s). ``int`` never accepts ``bool``.
FieldType = type | tuple[type, ...]

_TYPE_NAMES = {
    int: "an integer",
    str: "a string",
    list: "a list",
    dict: "an object",
    bool: "true/false",
    float: "a number",
}


def type_name(t: FieldType) -> str:
    if isinstance(t, tuple):
        return " or ".join(_TYPE_NAMES.get(x, x.__name__) for x in t)
    return _TYPE_NAMES.get(t, t.__name__)


def is_type(value: object, t: FieldType) -> bool:
    """isinstance, except that JSON booleans are not integers.

    >>> is_type(True, int), is_type(3, int), is_type(3, (int, str))
    (False, True, True)
    """
    types = t if isinstance(t, tuple) else (t,)
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def check_fields(
    obj: object,
    *,
    where: str,
    required: Mapping[str, FieldType],
    optional: Mapping[str, FieldType] | None = None,
    level: str | None = None,
) -> list[Problem]:
    """Problems for a JSON object: not an object, missing/ill-typed/unknown fields.

    Every present field of the right type is also held to the shared bounds
    (:mod:`puzzlesmith.core.bounds`): ``id`` fields are ids, other strings are texts,
    integers are coordinate-sized.
    """
    optional = optional or {}
    if not isinstance(obj, dict):
        return [Problem("json-type", "must be an object", level=level, where=where)]
    problems: list[Problem] = []
    for name, t in required.items():
        if name not in obj:
            problems.append(
                Problem("field-missing", f"missing field {name!r}", level=level, where=where)
            )
        elif not is_type(obj[name], t):
            problems.append(_wrong_type(name, t, obj[name], level, where))
        else:
            _check_value(problems, name, obj[name], level, where)
    for name, t in optional.items():
        if name in obj and not is_type(obj[name], t):
            problems.append(_wrong_type(name, t, obj[name], level, where))
        elif name in obj:
            _check_value(problems, name, obj[name], level, where)
    for name in obj:
        if name not in required and name not in optional:
            problems.append(
                Problem("field-unknown", f"unknown field {name!r}", level=level, where=where)
            )
    return problems


def _check_value(
    problems: list[Problem], name: str, value: object, level: str | None, where: str
) -> None:
    problem = value_problem(name, value, level=level, where=where)
    if problem is not None:
        problems.append(problem)


def _wrong_type(name: str, t: FieldType, value: object, level: str | None, where: str) -> Problem:
    got = type(value).__name__ if value is not None else "null"
    return Problem(
        "json-type",
        f"field {name!r} must be {type_name(t)}, got {got}",
        level=level,
        where=where,
    )


@dataclass
class PackHeader:
    mode: str
    pack: int | str
    title: str
    notes: str | None
    levels: list[Any]


def parse_header(raw: object, mode_id: str) -> tuple[PackHeader | None, list[Problem]]:
    """The pack envelope; ``None`` when it is too broken to read levels from."""
    problems = check_fields(
        raw,
        where="pack",
        required={"mode": str, "pack": (int, str), "title": str, "levels": list},
        optional={"notes": str},
    )
    if not isinstance(raw, dict):
        return None, problems
    if isinstance(raw.get("mode"), str) and raw["mode"] != mode_id:
        problems.append(
            Problem(
                "pack-mode",
                f"mode is {raw['mode']!r}, expected {mode_id!r}",
                where="pack",
            )
        )
    levels = raw.get("levels")
    if not isinstance(levels, list):
        return None, problems
    if not levels:
        problems.append(Problem("pack-empty", "pack has no levels", where="pack"))
    too_many = size_problem(len(levels), MAX_LEVELS, "levels", level=None)
    if too_many is not None:
        return None, [*problems, too_many]
    header = PackHeader(
        mode=str(raw.get("mode", mode_id)),
        pack=raw["pack"] if is_type(raw.get("pack"), (int, str)) else 0,
        title=raw["title"] if isinstance(raw.get("title"), str) else "",
        notes=raw["notes"] if isinstance(raw.get("notes"), str) else None,
        levels=levels,
    )
    return header, problems


def level_id_of(raw: object, index: int) -> str:
    """A level's id for messages, even when the level itself is malformed (or its id is)."""
    lid = usable_id(raw.get("id")) if isinstance(raw, dict) else None
    return lid if lid is not None else f"#{index + 1}"


def duplicate_level_ids(ids: list[str]) -> list[Problem]:
    seen: set[str] = set()
    problems: list[Problem] = []
    for lid in ids:
        if lid in seen:
            problems.append(
                Problem("level-duplicate-id", f"level id {lid!r} used twice", level=lid)
            )
        seen.add(lid)
    return problems


_NUMBERED_ID = re.compile(r"(\d+)-(\d+)")


def level_order_problems(pack: int | str, ids: list[str]) -> list[Problem]:
    """Levels numbered ``<pack>-<k>`` must sit at position k of pack ``<pack>``.

    A pack's ids are how players and designers name levels ("2-3"); one moved without
    being renamed (or a pack re-ordered) makes every name after it wrong. Ids of another
    form (``demo``, a candidates file's ``g1-2``) are not numbered and not checked.

    >>> [p.message for p in level_order_problems(2, ["2-1", "2-3", "2-2", "x"])]
    ['level 2-3 is at position 2 of pack 2 (expected id 2-2)', 'level 2-2 is at position 3 of pack 2 (expected id 2-3)']
    >>> level_order_problems("candidates", ["1-2"])
    []
    """
    if isinstance(pack, bool) or not isinstance(pack, int):
        return []
    out: list[Problem] = []
    for k, lid in enumerate(ids, 1):
        m = _NUMBERED_ID.fullmatch(lid)
        if m and (int(m.group(1)), int(m.group(2))) != (pack, k):
            out.append(
                Problem(
                    "level-order",
                    f"level {lid} is at position {k} of pack {pack} (expected id {pack}-{k})",
                    level=lid,
                )
            )
    return out


def ensure_new_pack_path(path: str | Path, *, protected: list[Path]) -> Path:
    """The path, if a new pack may be written there: checked before long work starts,
    including that its directory accepts a file (a read-only place fails now, not later)."""
    p = Path(path)
    resolved = p.resolve()
    if any(resolved == q.resolve() for q in protected):
        raise PackExistsError(f"{p}: is a shipped pack; write candidates elsewhere")
    shipped = shipped_levels_folder(resolved)
    if shipped is not None:
        raise PackExistsError(
            f"{p}: is inside the installed levels folder {shipped} (every file there "
            "loads as a shipped pack); write the candidates file elsewhere"
        )
    if os.path.lexists(p):
        raise PackExistsError(f"{p}: already exists; refusing to overwrite it")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".probe")
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UnreadableFileError(f"{p}: cannot write here ({exc.strerror or exc})") from None
    return p


#: the installed ``puzzlesmith`` package: its ``<mode>/levels/`` folders are the shipped packs
_PACKAGE = Path(__file__).resolve().parents[1]


def shipped_levels_folder(resolved: Path) -> Path | None:
    """The installed package's levels folder that ``resolved`` lies in, if any.

    A file written there would load as a shipped pack (every ``.json`` in it does), so
    a candidates file or a decoded level must go elsewhere.

    >>> shipped_levels_folder(_PACKAGE / "stroke" / "levels" / "pack-9.json") is not None
    True
    >>> shipped_levels_folder(Path("/tmp/pack-9.json")) is None
    True
    """
    try:
        rel = resolved.relative_to(_PACKAGE)
    except ValueError:
        return None
    if "levels" not in rel.parts[:-1]:
        return None
    return _PACKAGE.joinpath(*rel.parts[: rel.parts.index("levels") + 1])


def write_pack(path: str | Path, data: Mapping[str, Any], *, protected: list[Path]) -> Path:
    """Write a candidates file atomically; never overwrite a file or write a shipped pack.

    Refuses an existing file, and any path among ``protected`` (the shipped packs).
    The text goes to a temporary file in the same directory, is flushed and fsynced,
    then linked into place: a full disk or a crash leaves no truncated pack behind
    (and nothing that would make the re-run refuse), and every error names the file.
    """
    p = ensure_new_pack_path(path, protected=protected)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}.", suffix=".tmp")
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # mkstemp's 0600 is not what a plain write gives
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        _link_new(tmp, p)
    except FileExistsError:
        raise PackExistsError(f"{p}: already exists; refusing to overwrite it") from None
    except OSError as exc:
        raise UnreadableFileError(f"{p}: cannot write ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    return p


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _link_new(tmp: str, p: Path) -> None:
    """Put ``tmp`` at ``p`` atomically, refusing a file that appeared meanwhile (unlike rename)."""
    try:
        os.link(tmp, p)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        if os.path.lexists(p):  # a file system without hard links
            raise FileExistsError(p) from None
        os.replace(tmp, p)


def level_json(
    level_id: str, teach: str | None, caption: str | None, **body: Any
) -> dict[str, Any]:
    """A level as written in a pack: id, the optional designer/player texts, then its body.

    >>> level_json("1-1", None, "从一个数字滑到邻格", cells=[])
    {'id': '1-1', 'caption': '从一个数字滑到邻格', 'cells': []}
    """
    out: dict[str, Any] = {"id": level_id}
    if teach is not None:
        out["teach"] = teach
    if caption is not None:
        out["caption"] = caption
    out.update(body)
    return out
