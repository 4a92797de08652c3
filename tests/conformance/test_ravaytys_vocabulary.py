"""Räväytys speaks one Finnish vocabulary everywhere (issue 15), the words of the
Finnish rules seed (``/work/shared/seeds/ravaytys.fi.txt``): a meld on the table is a
*pöytäys* ("lyödä vastustajan pöytäykseen"), a group being built in hand a *ryhmä*
("korttiryhmät"), laying the contract down is *pöydätä* — *räväyttää* is laying down
and going out on one turn, never the lay-down alone — a run is a *värisuora* and
the discard pile the *avopakka*. Checked over the engine's catalogue, the web
client's texts and the rules page, each Finnish text against its English one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pakka
from pakka.games.ravaytys.messages import MESSAGES
from pakka.rules import rules_text

STATIC = Path(pakka.__file__).parent / "server" / "static" / "js" / "i18n.js"


def _client_texts() -> dict[str, dict[str, str]]:
    """The web client's Räväytys texts (``rv_*`` of ``STRINGS`` in ``i18n.js``)."""
    js = STATIC.read_text("utf-8")
    en_at, fi_at = js.index("\n  en: {"), js.index("\n  fi: {")
    out: dict[str, dict[str, str]] = {}
    for lang, part in (("en", js[en_at:fi_at]), ("fi", js[fi_at:])):
        out[lang] = {m.group(1): m.group(2) for m in re.finditer(r'\n\s+(rv_\w+): "([^"]*)"', part)}
    return out


def _pairs() -> list[tuple[str, str, str]]:
    """(where, English, Finnish) for every Räväytys text of both languages."""
    out = [(k, MESSAGES["en"][k], MESSAGES["fi"][k]) for k in MESSAGES["en"]]
    client = _client_texts()
    assert len(client["en"]) > 20 and set(client["en"]) == set(client["fi"])
    out += [(f"i18n.js {k}", client["en"][k], client["fi"][k]) for k in client["en"]]
    return out


MELD = re.compile(r"\bmelds?\b", re.IGNORECASE)
GROUP = re.compile(r"\bgroups?\b", re.IGNORECASE)
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize(("where", "en", "fi"), _pairs(), ids=lambda x: str(x)[:40])
def test_one_finnish_word_for_each_thing(where: str, en: str, fi: str) -> None:
    low = fi.lower()
    words = PLACEHOLDER.sub(" ", en)  # the English words, without the arguments
    on_table = MELD.search(words) or "{meld}" in en  # a text about a meld on the table
    if on_table and not GROUP.search(words):
        assert "ryhm" not in low, (where, fi)  # a meld on the table is a pöytäys
    if MELD.search(words) and not GROUP.search(words):
        assert re.search(r"pöytäy|pöydä|pöytää|pöydässä|pöytään", low), (where, fi)
    if GROUP.search(words):
        assert "ryhm" in low, (where, fi)
    assert "räväy" not in low, (where, fi)  # räväyttää = lay down and go out at once
    assert not re.search(r"(?<!väri)suora", low), (where, fi)  # a run is a värisuora
    assert "poistopakka" not in low, (where, fi)  # the discard pile is the avopakka


def test_the_rules_page_calls_table_melds_poytays() -> None:
    """The Finnish rules say "jatkaa pöytäyksiä", as the seed does, not "ryhmiä"."""
    fi = rules_text("ravaytys", "fi")
    section = fi[fi.index("## Pöytääminen") :].split("\n## ", 1)[0]
    table_part = section[section.index("Kun oma tavoitteesi on pöydässä") :]
    assert "ryhm" not in table_part, table_part
    assert "pöytäy" in table_part, table_part
