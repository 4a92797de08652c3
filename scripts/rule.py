#!/usr/bin/env python3
"""Find a rule from its number: its text, where it is implemented, and its tests.

    python3 scripts/rule.py R-KM-8        (or: ./run.sh is not needed, stdlib only)

Prints the rule's paragraph from ``../shared/rules`` (when that folder is beside the
repository), every line of ``src/`` that cites the id (comments and docstrings
say where a rule is implemented), and every test function that cites it in its
name (``test_r_km_8_...``) or docstring, which is what the rule-coverage test
counts.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "rules"
ID_RE = re.compile(r"^[RD]-[A-Z0-9]+-\d+$")


def _plain(rule_id: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(rule_id)}(?!\d)")


def _named(rule_id: str) -> re.Pattern[str]:
    kind, family, num = rule_id.split("-")
    return re.compile(rf"(?<![a-z0-9]){kind.lower()}_{family.lower()}_{num}(?!\d)")


def rule_text(rule_id: str) -> list[str]:
    """The paragraph of the binding rules that defines ``rule_id`` (empty if absent)."""
    if not SHARED_RULES.is_dir():
        return []
    start = re.compile(rf"^\s*[-*]?\s*{re.escape(rule_id)}(?!\d)\b")
    for path in sorted(SHARED_RULES.glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if start.match(line):
                out = [f"{path.name}:{i + 1}: {line.strip()}"]
                for more in lines[i + 1 :]:
                    if not more.strip() or re.match(r"^\s*[-*]\s*[RD]-|^#", more):
                        break
                    out.append("    " + more.strip())
                return out
    return []


def implemented_at(rule_id: str) -> list[str]:
    """``path:line: text`` of every source line that cites ``rule_id``."""
    pat = _plain(rule_id)
    out = []
    for path in sorted((ROOT / "src").rglob("*")):
        if path.suffix not in (".py", ".js", ".md") or not path.is_file():
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            if pat.search(line):
                out.append(f"{path.relative_to(ROOT)}:{i + 1}: {line.strip()}")
    return out


def tested_by(rule_id: str) -> list[str]:
    """``path::test`` of every test function citing ``rule_id`` in its name or docstring."""
    plain, named = _plain(rule_id), _named(rule_id)
    out = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                doc = ast.get_docstring(node) or ""
                if named.search(node.name) or plain.search(doc):
                    out.append(f"{path.relative_to(ROOT)}::{node.name}")
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not ID_RE.match(argv[0].upper()):
        print("usage: python3 scripts/rule.py R-KM-8   (a rule or decision id)", file=sys.stderr)
        return 2
    rule_id = argv[0].upper()
    sections = (
        ("Rule", rule_text(rule_id)),
        ("Implemented at", implemented_at(rule_id)),
        ("Tested by", tested_by(rule_id)),
    )
    for title, lines in sections:
        print(f"== {title}")
        print("\n".join(lines) if lines else "   (none found)")
    return 0 if any(lines for _, lines in sections) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
