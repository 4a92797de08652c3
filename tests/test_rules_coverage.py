"""Rule coverage: every rule and decision id of a registered game is cited by a test.

The ids come from a checked-in list (``tests/rule_ids.txt``), compared with
``../shared/rules`` when that folder is present. A test cites an id in its name
(``test_r_km_7_...``, several ids may follow each other: ``test_r_ku_8_d_ku_4_...``)
or as ``R-KM-7`` in its docstring: the citation belongs to a test function that
asserts the rule's outcome. Comments and other text in a test file do not count
(the files are parsed with :mod:`ast`). An id that cannot be tested in software is
listed in ``docs/rules-coverage.md`` with the reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pakka

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "rules"
ID_RE = re.compile(r"\b[RD]-[A-Z0-9]+-\d+\b")

# Rule-id family -> the registered games that implement it.
FAMILIES = {
    "KM": ["koodinmurtaja"],
    "5S": ["viisisataa"],
    "RV": ["ravaytys"],
    "ZK": ["zoker-solo", "zoker-memo", "zoker-tiko", "zoker-kubo", "zoker-pairs"],
    "SO": ["zoker-solo"],
    "ME": ["zoker-memo"],
    "TI": ["zoker-tiko"],
    "KU": ["zoker-kubo"],
}


def _ids() -> list[str]:
    return (ROOT / "tests" / "rule_ids.txt").read_text().split()


def _family(rule_id: str) -> str:
    return rule_id.split("-")[1]


def test_checked_in_list_matches_shared_rules() -> None:
    if not SHARED_RULES.is_dir():
        return  # the list alone is authoritative outside the workspace
    found = sorted(
        {m for f in SHARED_RULES.glob("*.md") for m in ID_RE.findall(f.read_text("utf-8"))}
    )
    assert sorted(_ids()) == found, "tests/rule_ids.txt is out of date with ../shared/rules"
    assert all(_family(i) in FAMILIES for i in found)


def _cited(rule_id: str, text: str) -> bool:
    family, num = rule_id.split("-")[1:]
    kind = rule_id[0]
    plain = re.compile(rf"\b{kind}-{family}-{num}(?!\d)")
    named = re.compile(rf"(?<![a-z0-9]){kind.lower()}_{family.lower()}_{num}(?!\d)")
    return bool(plain.search(text) or named.search(text))


def citations_in(source: str) -> str:
    """The text of ``source`` (a test module) that may cite rules: the name and the
    docstring of every test function (methods of test classes included), one line
    each. Comments, strings and other code are left out."""
    parts: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
            "test"
        ):
            parts.append(node.name)
            parts.append(ast.get_docstring(node) or "")
    return "\n".join(parts)


def test_checker_ignores_comments_and_other_text() -> None:
    """A rule id in a comment, a helper or a plain string is not a citation; one in a
    test's name or docstring is."""
    comment_only = (
        "def test_something() -> None:\n"
        "    # R-KM-7: the guess ends the turn\n"
        "    assert 'R-KM-8' != ''\n"
        "\n"
        "def helper() -> None:\n"
        '    """R-KM-9"""\n'
    )
    text = citations_in(comment_only)
    assert not any(_cited(i, text) for i in ("R-KM-7", "R-KM-8", "R-KM-9"))
    cited = (
        "def test_r_km_7_d_km_2_guess() -> None:\n"
        "    assert True\n"
        "\n"
        "class TestX:\n"
        "    def test_y(self) -> None:\n"
        '        """D-KM-5: the stock is empty."""\n'
    )
    text = citations_in(cited)
    assert all(_cited(i, text) for i in ("R-KM-7", "D-KM-2", "D-KM-5"))
    assert not _cited("R-KM-70", text) and not _cited("R-KM-1", text)


def test_every_rule_of_a_registered_game_is_cited_by_a_test() -> None:
    registered = set(pakka.games())
    tests_text = "\n".join(
        citations_in(p.read_text("utf-8"))
        for p in (ROOT / "tests").rglob("test_*.py")
        if p.name != Path(__file__).name
    )
    exempt_doc = ROOT / "docs" / "rules-coverage.md"
    exempt = set(ID_RE.findall(exempt_doc.read_text("utf-8"))) if exempt_doc.exists() else set()
    missing = [
        i
        for i in _ids()
        if any(g in registered for g in FAMILIES[_family(i)])
        and i not in exempt
        and not _cited(i, tests_text)
    ]
    assert not missing, f"rules with no test citing them: {missing}"
