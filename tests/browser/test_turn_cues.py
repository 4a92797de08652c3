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

from .browser_helpers import DESKTOP, claim_invite, wait_turn_or_end
from .test_live_table import create

Page = Any

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


def play_until_cued(page: Page) -> None:
    """With the tab hidden, play (stopping when allowed) until the turn has come back
    to the player from the bot, which cues it (the title starts with ●)."""
    for _ in range(20):
        if page.title().startswith("●"):
            return
        page.wait_for_selector('#table[data-mine="true"], #table[data-terminal="true"]')
        if page.get_attribute("#table", "data-terminal") == "true":
            break
        sid = page.evaluate("pakkaTable.frames['0'].state_id")
        page.evaluate(
            "(() => { const l = pakkaTable.frames['0'].legal;"
            " pakkaTable.act(l.find((a) => a.kind === 'stop') || l[0]); })()"
        )
        page.wait_for_function(f"pakkaTable.frames['0'].state_id > {sid}")
        page.wait_for_timeout(300)
    raise AssertionError("the turn never came back while the tab was hidden")


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
    table = create(
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
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        code = next(i["code"] for i in table["invites"] if i["seat"] == 0)
        claim_invite(page, server + f"/#invite={code}", "Aino")
        page.wait_for_selector("#table")
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
