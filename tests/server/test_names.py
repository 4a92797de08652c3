"""Names people give (issue 16): control characters, length and reserved names are
refused with a reason a client can show; a good name is trimmed and kept."""

from __future__ import annotations

import pytest

from .conftest import Server


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("Ai\x07no", "name_control"),
        ("Aino\u202e", "name_control"),  # a bidirectional override
        ("Ai\u200bno", "name_control"),  # a zero-width space
        ("x" * 41, "name_length"),
        ("   ", "name_empty"),
        ("Admin", "name_reserved"),
        ("  pAKKa ", "name_reserved"),
        ("Bot (easy)", "name_reserved"),
        ("Järjestelmä", "name_reserved"),
    ],
)
def test_bad_names_are_refused_and_the_seat_stays_free(server: Server, name: str, why: str) -> None:
    """A claim with a bad name is refused (422, the reason as the detail's type) and
    leaves the invite unused."""
    t = server.create(game="toy", players=2, take_seat=0)
    code = t["invites"][0]["code"]
    r = server.http.post("/api/invites/claim", json={"code": code, "name": name})
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"] == "bad_request"
    assert [d["type"] for d in body["details"]] == [why]
    assert server.claim(code, "Aino")["seat"] == 1  # the invite still works


def test_good_names_are_trimmed(server: Server) -> None:
    """Inner and outer spaces are tidied; letters of any language are kept; a table's
    name may hold a reserved word but no control character."""
    t = server.create(game="toy", players=2, take_seat=0, name="Bot night")
    assert t["table"]["name"] == "Bot night"
    server.claim(t["invites"][0]["code"], "  Äijä   Öhman ")
    r = server.http.get(
        f"/api/tables/{t['table_id']}", headers={"X-Spectator-Code": t["spectator"]["code"]}
    )
    assert r.json()["seats"][1]["name"] == "Äijä Öhman"
    bad = server.http.post("/api/tables", json={"game": "toy", "name": "a\nb"})
    assert bad.status_code == 422 and bad.json()["details"][0]["type"] == "name_control"
