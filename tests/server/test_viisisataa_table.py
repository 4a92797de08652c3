"""Viisisataa tables on the server: defaults a table gets (R-5S-22)."""

from __future__ import annotations

from .conftest import Server, watch


def test_r_5s_22_a_viisisataa_table_has_no_hand_cap_by_default(server: Server) -> None:
    """R-5S-22: a table's match has no limit on the number of hands (max_hands 0 = no
    cap), both in the catalogue the lobby offers and in a table created with the defaults."""
    games = server.http.get("/api/games").json()["games"]
    opt = next(o for g in games if g["name"] == "viisisataa" for o in g["options"]
               if o["name"] == "max_hands")  # fmt: skip
    assert opt["default"] == 0 and set(opt["defaults"].values()) == {0}
    assert "no limit" in opt["help"]["en"] and opt["rule"] == "R-5S-22"
    t = server.create(game="viisisataa", players=3, take_seat=0)
    summary = server.http.get(f"/api/tables/{t['table_id']}", headers=watch(t)).json()
    assert summary["options"]["max_hands"] == 0
