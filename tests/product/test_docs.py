"""The documents: the README a newcomer reads, the reference in docs/, the changelog.

* the README stays short and its Quick start runs the test command of ``.ci/run``;
* nothing links outside the repository, and every relative link (and its
  ``#anchor``) resolves;
* docs/cli.md's synopsis lists exactly the options the command line has;
* docs/rules.md's parameter tables hold every parameter the Settings sheet
  accepts, with the default the code has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xl_ratings.cli import build_parser
from xl_ratings.engine.settings import _settable, params_from_settings
from xl_ratings import systems

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
PAGES = [README, ROOT / "CHANGELOG.md", *sorted(DOCS.glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']*)["']""", re.I)
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)
SCHEME = re.compile(r"\b[a-z][a-z0-9+.-]*://|\bmailto:|\bwww\.", re.I)


def prose(text: str) -> str:
    """The text outside code blocks and code spans (what a Markdown renderer may link)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    body = prose(text)
    return LINK.findall(body) + HTML_LINK.findall(body) + REFERENCE.findall(body)


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = slug(m.group(1))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.add(base if n == 0 else f"{base}-{n}")
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_links_outside_the_repository(page):
    text = page.read_text(encoding="utf-8")
    outside = [t for t in links(text) if SCHEME.search(t) or t.startswith("/")]
    assert not outside, f"{page.name} links outside the repository: {outside}"
    bare = [m.group(0) for m in SCHEME.finditer(prose(text))]
    assert not bare, f"{page.name} has an address a renderer would link: {bare}"
    for target in links(text):
        path = target.split("#", 1)[0]
        if path:
            resolved = (page.parent / path).resolve()
            assert resolved.is_relative_to(ROOT), f"{page.name}: {target} leaves the repository"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            problems.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            problems.append(f"{target}: no heading with that anchor in {file.name}")
    assert not problems, f"{page.name}: " + "; ".join(problems)


def test_the_link_checker_sees_what_it_must():
    """The checks above can fail: links found in prose, ignored in code, slugs as GitHub makes them."""
    text = ("[a](docs/x.md#y) ![i](pic.png) <a href=\"z.html\">z</a>\n[r]: ref.md\n"
            "`[no](code.md)`\n```\n[no](block.md) http://x\n```\n")
    assert links(text) == ["docs/x.md#y", "pic.png", "z.html", "ref.md"]
    assert SCHEME.search(prose("see https://example.org"))
    assert not SCHEME.search(prose("run `curl https://example.org`"))
    assert slug("Re-rating the past (`--from`)") == "re-rating-the-past---from"
    assert slug("peng — Peng's Renju points, 彭氏等级分 (seed 000)") == "peng--pengs-renju-points-彭氏等级分-seed-000"


def test_every_page_of_docs_is_in_the_index():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    listed = {Path(t.split("#")[0]).name for t in links(index)}
    pages = {p.name for p in DOCS.glob("*.md")} - {"README.md"}
    assert pages <= listed, f"docs/README.md does not list: {sorted(pages - listed)}"


# --------------------------------------------------------------------------- the README
def _section(text: str, title: str) -> str:
    m = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert m, f"no section '## {title}'"
    return m.group(1)


def test_readme_is_a_page_a_newcomer_reads():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200, "README.md is over 200 lines: move the detail to docs/"
    for title in ("Install", "Quick start", "A rating period in four commands", "In Excel", "The guarantees",
                  "Documentation"):
        _section(text, title)
    assert "![" in text, "the README shows one screenshot"


def test_quick_start_runs_the_test_command_of_ci():
    blocks = re.findall(r"^```bash\n(.*?)^```", _section(README.read_text(encoding="utf-8"), "Quick start"),
                        re.S | re.M)
    commands = [b.strip() for b in blocks]
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
          if ln.strip().startswith("pip install -e")]
    assert len(ci) == 1, ".ci/run should run one test command"
    demo = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
            if ln.strip().startswith("pip install ")]
    assert commands == ["pip install . && xl-ratings demo", ci[0]]
    assert demo == commands, ".ci/run runs the README's two commands, in that order"
    assert "python3 -m venv" in (ROOT / ".ci" / "run").read_text(encoding="utf-8"), "and in a new venv"


def test_a_period_takes_four_commands_that_exist():
    block = re.search(r"```bash\n(.*?)```", _section(README.read_text(encoding="utf-8"),
                                                      "A rating period in four commands"), re.S)
    assert block
    words = [ln.split("#")[0].split()[:2] for ln in block.group(1).strip().splitlines()]
    assert [w[1] for w in words] == ["new", "import", "process", "publish"]
    assert all(w[0] == "xl-ratings" for w in words)


# --------------------------------------------------------------------------- the command line
def _parser_options() -> dict[str, set[str]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    out = {}
    for name, p in sub.choices.items():
        out[name] = {o for a in p._actions for o in a.option_strings if o.startswith("--") and o != "--help"}
    return out


def _synopsis_options() -> dict[str, set[str]]:
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    block = re.search(r"```\n(xl-ratings .*?)```", text, re.S)
    assert block, "docs/cli.md starts with a synopsis block"
    out: dict[str, set[str]] = {}
    command = None
    for line in block.group(1).splitlines():
        m = re.match(r"xl-ratings (\S+)", line)
        if m:
            command = None if m.group(1).startswith("-") else m.group(1)
        if command:
            out.setdefault(command, set()).update(re.findall(r"(?<![\w-])--[a-z][a-z-]*", line))
    return out


def test_the_synopsis_lists_every_option_of_every_command():
    have, written = _parser_options(), _synopsis_options()
    assert set(written) == set(have), "commands in docs/cli.md's synopsis differ from the command line's"
    for command, options in have.items():
        assert written[command] == options, (
            f"xl-ratings {command}: missing from docs/cli.md {sorted(options - written[command])}, "
            f"not an option {sorted(written[command] - options)}")


def test_every_command_has_its_section_and_every_option_its_line():
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    first_cells = " ".join(re.findall(r"^\| ([^|]*) \|", text, re.M))
    explained = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", first_cells))
    for command, options in _parser_options().items():
        assert re.search(rf"^## {command}$", text, re.M), f"docs/cli.md has no section '## {command}'"
        assert options <= explained, \
            f"docs/cli.md explains no {sorted(options - explained)} of {command} (in a table's first column)"


# --------------------------------------------------------------------------- the rulebooks
def _parameter_rows(system: str) -> dict[str, str]:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    m = re.search(rf"^### {system} \(`\w+Params`\)\n(.*?)(?=^#|\Z)", text, re.S | re.M)
    assert m, f"docs/rules.md has no parameter table for {system}"
    rows = re.findall(r"^\| `([\w.]+)` \| ([^|]*) \|", m.group(1), re.M)
    return {name: value.strip() for name, value in rows}


def _same(shown: str, value: object) -> bool:
    if isinstance(value, bool):
        return shown == ("yes" if value else "no")
    if isinstance(value, (int, float)):
        a, _, b = shown.partition("/")
        number = float(a) / float(b) if b else float(shown.replace(",", ""))
        return abs(number - value) < 1e-9
    return shown == str(value)


@pytest.mark.parametrize("name", systems.SYSTEMS)
def test_rules_md_lists_every_parameter_with_its_default(name):
    import dataclasses

    system = systems.get(name)
    defaults = system.params_type()
    settable = {f.name for f in dataclasses.fields(defaults) if f.init and _settable(getattr(defaults, f.name))}
    rows = _parameter_rows(name)
    own = {k for k in rows if "." in k}                    # peng's ladder: basic.RANK …
    assert set(rows) - own == settable, f"{name}: documented {sorted(set(rows) - own)}, settable {sorted(settable)}"
    for key in own:
        example = key.replace("RANK", "二段")
        assert system.setting is not None and system.setting(defaults, example, 1) is not None, key
    for key in settable:
        value, shown = getattr(defaults, key), rows[key]
        if isinstance(value, tuple):                       # a table: every pair shown is the code's
            text = shown.strip("`").replace("…", ",")
            parsed = getattr(params_from_settings(system, {"system": name, key: text}), key)
            assert set(parsed) <= set(value), f"{name} {key}: {set(parsed) - set(value)} not in the code's table"
            assert len(parsed) >= 2
        else:
            assert _same(shown.strip("`"), value), f"{name} {key}: docs/rules.md says {shown}, the code {value!r}"
