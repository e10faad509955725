"""MkDocs hooks (mkdocs.yml ``hooks:``): pages generated from the code, so they cannot drift.

- ``index.md``: the README (the front page), its ``docs/`` links made site-relative;
- ``reference/cli.md``: every command of the Typer app, through its Click command tree
  (arguments, options with their defaults, help), as ``--help`` prints them;
- ``reference/http-api.md``: every route of ``create_app()``'s OpenAPI schema (method,
  path, summary, parameters, answers).

Nothing is written into ``docs/``: the pages exist only in the built site.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parent.parent


def _cell(text: object) -> str:
    """A Markdown table cell: one line, pipes escaped."""
    return " ".join(str(text or "").split()).replace("|", "\\|")


def _param_rows(cmd: Any) -> list[str]:
    rows = []
    for p in cmd.params:
        if p.param_type_name == "argument":
            name, kind = f"`{(p.name or '').upper()}`", "argument"
        else:
            name = ", ".join(f"`{o}`" for o in [*p.opts, *p.secondary_opts])
            kind = "flag" if getattr(p, "is_flag", False) else "option"
        default = p.default if not callable(p.default) else None
        shown = "" if default in (None, (), False) or kind == "argument" else f"`{default}`"
        rows.append(f"| {name} | {kind} | {_cell(shown)} | {_cell(getattr(p, 'help', ''))} |")
    return rows


def _walk(cmd: Any, path: list[str], out: list[str], parent: Any = None) -> None:
    depth = min(len(path) + 1, 6)
    ctx = cmd.context_class(cmd, info_name=path[-1], parent=parent)
    out += [f"{'#' * depth} `{' '.join(path)}`", ""]
    if cmd.help:
        out += [cmd.help.strip(), ""]
    rows = _param_rows(cmd)
    if rows:
        out += ["| name | kind | default | what |", "|---|---|---|---|", *rows, ""]
    if hasattr(cmd, "list_commands"):  # a group (Typer's own Click, hence no isinstance)
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                _walk(sub, [*path, name], out, ctx)


def cli_reference() -> str:
    import typer

    from puzzlesmith.cli.main import build_app

    out = [
        "# Command line reference",
        "",
        "Generated from the Typer app (`puzzlesmith.cli.main`) when the site is built: every",
        "command with its arguments and options, as `puzzlesmith … --help` prints them.",
        "",
    ]
    root = typer.main.get_command(build_app())
    _walk(root, ["puzzlesmith"], out)
    return "\n".join(out).replace("\n#", "\n\n#").replace("\n\n\n", "\n\n") + "\n"


def _answers(op: dict[str, Any]) -> str:
    return ", ".join(f"{code}" for code in sorted(op.get("responses", {})))


def http_reference() -> str:
    from puzzlesmith.server.app import create_app

    spec = create_app().openapi()
    out = [
        "# HTTP API reference",
        "",
        "Generated from the server's OpenAPI schema (`create_app().openapi()`, also served",
        "live at `/openapi.json` with an explorer at `/docs`) when the site is built.",
        "",
    ]
    by_tag: dict[str, list[str]] = {}
    for path, methods in sorted(spec["paths"].items()):
        for method, op in methods.items():
            tag = (op.get("tags") or ["other"])[0]
            params = ", ".join(f"`{p['name']}` ({p['in']})" for p in op.get("parameters", []))
            body = "JSON body" if "requestBody" in op else ""
            what = " ".join(x for x in (params, body) if x)
            first = str(op.get("description") or "").split("\n\n")[0]
            summary = " — ".join(x for x in (op.get("summary"), first) if x)
            by_tag.setdefault(tag, []).append(
                f"| `{method.upper()}` | `{path}` | {_cell(summary)} | {_cell(what)} | "
                f"{_answers(op)} |"
            )
    for tag in sorted(by_tag):
        out += [f"## {tag}", "", "| method | path | what | takes | answers |",
                "|---|---|---|---|---|", *by_tag[tag], ""]  # fmt: skip
    return "\n".join(out)


def front_page() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme.replace("](docs/", "](")


def on_files(files: Files, config: Any) -> Files:
    for uri, make in (
        ("index.md", front_page),
        ("reference/cli.md", cli_reference),
        ("reference/http-api.md", http_reference),
    ):
        files.append(File.generated(config, uri, content=make()))
    return files
