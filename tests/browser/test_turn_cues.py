"""Your-turn cues of a hidden tab (issue 16), in English and Finnish: the optional
sound (off by default; once switched on, a short tone when the turn comes while the
tab is hidden) and a notification where the player allowed it (none when the
permission was not given).

The page's side is watched by an init script: it counts the tones started
(``OscillatorNode.prototype.start``, the Web Audio call js/live.js makes) and
records every ``Notification`` constructed (the real one is kept underneath, so
``Notification.permission`` is the browser's own)."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_helpers import (
    DESKTOP,
    open_invite,
    play_until_cued,
    post_table,
    wait_turn_or_end,
    watch_errors,
)

WATCH = """(() => {
  window.__tones = 0;
  window.__notes = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...a) {
    window.__tones += 1;
    return start.apply(this, a);
  };
  const Real = window.Notification;
  if (!Real) return;
  class Watched extends Real {
    constructor(title, opts) {
      super(title, opts);
      window.__notes.push({ title, body: (opts || {}).body || "" });
    }
  }
  window.Notification = Watched;
})();"""

HIDE = (
    "Object.defineProperty(document, 'hidden', {value: %s, configurable: true});"
    "document.dispatchEvent(new Event('visibilitychange'))"
)

TEXTS = {
    "en-GB": ("Your turn", "Codebreaker", "Sound on my turn", "Notify me on my turn"),
    "fi-FI": (
        "Sinun vuorosi",
        "Koodinmurtaja",
        "Ääni omalla vuorollani",
        "Ilmoita omasta vuorostani",
    ),
}


@pytest.mark.parametrize(
    ("locale", "allowed", "sound"),
    [("en-GB", True, True), ("fi-FI", True, True), ("en-GB", False, False), ("fi-FI", False, True)],
)
def test_turn_cues_sound_and_notification(
    browser: Any, server: str, locale: str, allowed: bool, sound: bool
) -> None:
    """The sound switch is off by default and, switched on, plays one tone when the
    turn comes with the tab hidden; with notifications allowed one notification says
    "Your turn" (in the reader's language) with the game's name, and none is made
    without the permission (the table offers to ask for it while the browser has not
    been asked)."""
    your_turn, game, sound_text, notify_text = TEXTS[locale]
    table = post_table(
        server,
        {
            "game": "koodinmurtaja",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}],
        },
    )
    ctx = browser.new_context(
        viewport=DESKTOP, locale=locale, permissions=["notifications"] if allowed else []
    )
    ctx.add_init_script(WATCH)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        open_invite(page, server, table, 0, "Aino")
        assert wait_turn_or_end(page) == "mine"
        assert page.is_checked("#turn-sound") is False  # off by default
        assert sound_text in page.inner_text(".cue-settings")
        permission = page.evaluate("Notification.permission")
        # Headless Chromium answers "denied" for a context without the permission.
        assert permission == "granted" if allowed else permission in ("default", "denied")
        # Asking for the permission is offered only while the browser has not been told.
        assert page.locator("#turn-notify").count() == (permission == "default")
        if permission == "default":
            assert page.inner_text("#turn-notify") == notify_text
        if sound:
            page.check("#turn-sound")
            assert page.evaluate("localStorage.getItem('pakka.turn_sound')") == "1"
        # Nothing is cued while the tab is shown.
        assert page.evaluate("window.__tones") == 0
        assert page.evaluate("window.__notes") == []
        page.evaluate(HIDE % "true")
        play_until_cued(page)
        page.wait_for_timeout(200)
        assert page.title() == f"● {your_turn} — {game}"
        assert page.evaluate("window.__tones") == (1 if sound else 0)
        notes = page.evaluate("window.__notes")
        assert notes == ([{"title": your_turn, "body": game}] if allowed else []), notes
        page.evaluate(HIDE % "false")
        assert not page.title().startswith("●")
        assert not errors, errors
    finally:
        ctx.close()
