"""Texts of the contract itself, for every game (the game's own catalogue wins).

``error.*`` are the texts of the server's refusals (the ``msg`` of an error frame
or an HTTP error body, docs/protocol.md): the key is ``error.<code>`` unless the
server names a finer one. ``{reason}`` is the engine's or the server's own reason:
a nested message when the refusal has a key, else English (which the Finnish text of
``error.illegal_action_en`` leaves out); ``error.illegal_action_words`` carries a
refusal's texts in every language as ``{en}`` and ``{fi}``; ``error.bad_option`` an
option error's nested message. The Finnish texts of the other ``{reason}`` errors leave
the English reason out.
"""

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "action.generic": "{text}",
        "error.malformed": "The server could not read that message.",
        "error.not_json": "The server could not read that message (not JSON: {reason}).",
        "error.unknown_type": "Unknown message type {type}.",
        "error.invalid": "The {type} message has wrong fields.",
        "error.which_seat": "Say which seat: you hold several.",
        "error.too_large": "Messages are limited to {limit} bytes.",
        "error.rate_limited": "Too many messages; wait a moment.",
        "error.hello_required": "Say hello first.",
        "error.unauthorized": "This device has no seat at this table.",
        "error.unsupported_protocol": (
            "This page speaks protocol {client}, the server {server}: reload the page."
        ),
        "error.not_your_seat": "You do not hold seat {seat}.",
        "error.spectator": "You are watching; spectators cannot play.",
        "error.not_your_turn": "It is seat {seat}'s turn.",
        "error.stale_state": (
            "The table moved on before your move arrived; here is the current position."
        ),
        "error.stale_game": "Game {game_no} is not the current game any more.",
        "error.illegal_action": "That move is not allowed: {reason}",
        "error.illegal_action_words": "That move is not allowed: {en}",
        "error.illegal_action_en": "That move is not allowed: {reason}",
        "error.no_such_action": "There is no move number {id}.",
        "error.game_over": "The game is already over.",
        "error.closed": "The table is closed.",
        "error.chat_empty": "The message is empty.",
        "error.chat_length": "A message is at most {limit} characters (this one has {length}).",
        "error.chat_rate": "At most {limit} messages in {seconds} seconds; wait a moment.",
        "error.chat_banned": "The table's creator removed you from the chat.",
        "error.chat_channel": "You can write only to your own channel (players or spectators).",
        "error.chat_forbidden": "Only the players and the spectators of the table write here.",
        "error.chat_admin": "Only the table's creator can do that.",
        "error.chat_no_message": "There is no such message.",
        "error.chat_not_spectator": "Only a spectator can be removed.",
        "error.chat_report_rate": "Too many reports; wait a minute.",
        "error.chat_busy": "The table is busy; send the message again.",
        "error.removed": "The table's creator removed you from this table.",
        "error.not_over": "The game is not over yet.",
        "error.no_undo": "That cannot be taken back: {reason}",
        "error.no_undo_why": "That cannot be taken back: {reason}",
        # why undo is refused (pakka.core.undo.undo_blocker), also the terminal's texts
        "undo.nothing": "There is nothing to take back yet.",
        "undo.too_many": "There {moves|is|are} only {moves} {moves|move|moves} to take back.",
        "undo.reveals": "{action!r} showed hidden cards; it cannot be taken back (dealing "
        "again would reveal the order of the stock).",
        "error.no_undo_players": (
            "Undo is only for one-player games; this table has {players} players."
        ),
        "error.bot_seat": "A bot is playing your seat; take it back first.",
        "error.server_error": "The server could not store that; nothing happened. Try again.",
        "error.not_found": "That does not exist: {reason}",
        "error.no_game": "There is no game {game}.",
        "error.conflict": "That cannot be done now: {reason}",
        "error.bad_request": "The server did not accept these settings: {reason}",
        "error.bad_option": "The server did not accept these settings: {reason}",
        "error.forbidden": "That is not allowed: {reason}",
        "error.invite_used": "This invite link has already been used.",
        "error.too_deep": "The server could not read that message (nested deeper than {limit}).",
        "error.payload_too_large": "That request is too large (the limit is {limit} bytes).",
        "error.unlisted": "This table is unlisted: open it with its spectator link or a seat.",
        "error.no_table": "There is no such table.",
        "error.no_game_no": "This table has no such game.",
        "error.no_seat": "There is no such seat.",
        "error.no_review": "This game has no review.",
        "error.review_busy": "The server is busy with other reviews; try again shortly.",
        "error.review_rate": "Too many reviews asked for; try again later.",
        "error.review_failed": "The review could not be made.",
        "error.invite_only": "This table takes players by invite link only.",
        "error.not_rated": "This table cannot be rated: {reason}",
        "error.rated_account": "Only accounts sit at rated tables; sign in or make an account.",
        "error.rated_assist": "Hints, autoplay and undo are off at rated tables.",
        "error.rated_hints": "Hints and lay-down proposals are off at rated tables.",
        "error.rated_autoplay": "Autoplay is off at rated tables.",
        "error.no_hints": "{game} offers no hints.",
        "rating.no.not_requested": "the creator did not ask for a rated table.",
        "rating.no.solo": "a one-player game has nobody to be rated against.",
        "rating.no.hotseat": "hot-seat tables are never rated.",
        "rating.no.guest": "every person at a rated table must have an account.",
        "rating.no.house_rules": "house rules (options other than the standard) are not rated.",
        "rating.no.assists": "hints, autoplay and undo are off at rated tables.",
        "error.no_free_seat": "The table has no free seat.",
        "error.seat_taken": "Seat {seat} is not free.",
        "error.no_new_link": "Only a seat nobody holds (or one a player left) gets a new link.",
        "error.no_session": "You are not signed in on this device.",
        "error.login_failed": "Wrong account name or password.",
        "error.account_taken": "The account name {account} is taken.",
        "error.already_account": "This profile already has an account.",
        "error.no_session_id": "There is no such session.",
        "error.foreign_origin": "The request came from another site and was refused.",
        "player.former": "former player",
        "error.is_bot_seat": "A bot plays that seat.",
        "error.seat_connected": "The seat's player is connected.",
        "error.seat_count": "Give exactly {n} {n|seat|seats}.",
        "error.take_seat": "The seat to take must be a person's seat.",
        "prompt.generic": "Your move.",
        "review.mark.good": "Move {move}: {played}: good.",
        "review.mark.inaccuracy": "Move {move}: {played}: inaccuracy; better {best} "
        "(costs {cost} ± {se} {unit:word=review.unit}).",
        "review.mark.mistake": "Move {move}: {played}: mistake; better {best} "
        "(costs {cost} ± {se} {unit:word=review.unit}).",
        "review.mark.blunder": "Move {move}: {played}: blunder; better {best} "
        "(costs {cost} ± {se} {unit:word=review.unit}).",
        "review.summary.points": "{name}: {decisions} {decisions|decision|decisions} judged: "
        "{inaccuracies} {inaccuracies|inaccuracy|inaccuracies}, {mistakes} "
        "{mistakes|mistake|mistakes}, {blunders} {blunders|blunder|blunders}; "
        "expected cost {cost} {cost|point|points}.",
        "review.summary.cards": "{name}: {decisions} {decisions|decision|decisions} judged: "
        "{inaccuracies} {inaccuracies|inaccuracy|inaccuracies}, {mistakes} "
        "{mistakes|mistake|mistakes}, {blunders} {blunders|blunder|blunders}; "
        "expected cost {cost} {cost|card|cards}.",
        "review.summary.win": "{name}: {decisions} {decisions|decision|decisions} judged: "
        "{inaccuracies} {inaccuracies|inaccuracy|inaccuracies}, {mistakes} "
        "{mistakes|mistake|mistakes}, {blunders} {blunders|blunder|blunders}; "
        "expected cost {cost} {cost|percentage point|percentage points} of winning chance.",
        "review.known": "With all cards known: costs {cost}.",
        "review.unit.points": "points",
        "review.unit.cards": "cards",
        "review.unit.win": "percentage points of winning chance",
        "prompt.over": "The game is over.",
        # option errors (RulesError.key / fields, from pakka.core.options)
        "error.option_value": "option {option!r}: {value} is not allowed; use {allowed}",
        "error.option_unknown": "{game} has no option {option!r}; its options are: {known}",
        "error.players": "{game}: players={players} is not allowed; use {lo}..{hi}",
        "error.none": "none",
        "error.allowed.choice": "one of {choices}",
        "error.allowed.bool": "true or false",
        "error.allowed.int": "an integer",
        "error.allowed.int_range": "an integer {lo}..{hi}",
        "error.allowed.int_min": "an integer of at least {lo}",
        "error.allowed.int_max": "an integer of at most {hi}",
        "error.allowed.ints": "{n} {n|integer|integers separated by commas}",
    },
    "fi": {
        "action.generic": "{text}",
        "error.malformed": "Palvelin ei saanut viestistä selvää.",
        "error.not_json": "Palvelin ei saanut viestistä selvää (se ei ole JSONia).",
        "error.unknown_type": "Tuntematon viestityyppi {type}.",
        "error.invalid": "Viestin {type} kentät ovat väärin.",
        "error.which_seat": "Kerro, mikä paikka: sinulla on useita.",
        "error.too_large": "Viestin enimmäiskoko on {limit} tavua.",
        "error.rate_limited": "Liikaa viestejä; odota hetki.",
        "error.hello_required": "Tervehdi ensin (hello).",
        "error.unauthorized": "Tällä laitteella ei ole paikkaa tässä pöydässä.",
        "error.unsupported_protocol": (
            "Tämä sivu puhuu protokollaa {client}, palvelin {server}: lataa sivu uudelleen."
        ),
        "error.not_your_seat": "Paikka {seat} ei ole sinun.",
        "error.spectator": "Katselet pöytää; katsojat eivät voi pelata.",
        "error.not_your_turn": "Nyt on paikan {seat} vuoro.",
        "error.stale_state": "Pöytä ehti edetä ennen siirtoasi; tässä nykyinen tilanne.",
        "error.stale_game": "Peli {game_no} ei ole enää käynnissä oleva peli.",
        "error.illegal_action": "Siirto ei ole sallittu: {reason}",
        "error.illegal_action_words": "Siirto ei ole sallittu: {fi}",
        "error.illegal_action_en": "Siirto ei ole sallittu.",
        "error.no_such_action": "Siirtoa numero {id} ei ole.",
        "error.game_over": "Peli on jo päättynyt.",
        "error.closed": "Pöytä on suljettu.",
        "error.chat_empty": "Viesti on tyhjä.",
        "error.chat_length": "Viestissä saa olla enintään {limit} merkkiä (tässä on {length}).",
        "error.chat_rate": "Enintään {limit} viestiä {seconds} sekunnissa; odota hetki.",
        "error.chat_banned": "Pöydän perustaja poisti sinut keskustelusta.",
        "error.chat_channel": "Voit kirjoittaa vain omalle kanavallesi (pelaajat tai katsojat).",
        "error.chat_forbidden": "Tänne kirjoittavat vain pöydän pelaajat ja katsojat.",
        "error.chat_admin": "Vain pöydän perustaja voi tehdä sen.",
        "error.chat_no_message": "Sellaista viestiä ei ole.",
        "error.chat_not_spectator": "Vain katsojan voi poistaa.",
        "error.chat_report_rate": "Liian monta ilmoitusta; odota hetki.",
        "error.chat_busy": "Pöytä on kiireinen; lähetä viesti uudelleen.",
        "error.removed": "Pöydän perustaja poisti sinut tästä pöydästä.",
        "error.not_over": "Peli ei ole vielä päättynyt.",
        "error.no_undo": "Sitä ei voi perua.",
        "error.no_undo_why": "Sitä ei voi perua: {reason}",
        "undo.nothing": "Peruttavaa ei ole vielä mitään.",
        "undo.too_many": "Peruttavia siirtoja on vain {moves}.",
        "undo.reveals": "{action!r} paljasti piilossa olleita kortteja; sitä ei voi perua "
        "(uusi jako paljastaisi pakan järjestyksen).",
        "error.no_undo_players": (
            "Perua voi vain yksinpelissä; tässä pöydässä on {players} pelaajaa."
        ),
        "error.bot_seat": "Botti pelaa paikkaasi; ota se ensin takaisin.",
        "error.server_error": "Palvelin ei saanut tallennettua; mitään ei tapahtunut. Yritä uudelleen.",
        "error.not_found": "Sitä ei ole (pöytää, peliä tai paikkaa ei löytynyt).",
        "error.no_game": "Peliä {game} ei ole.",
        "error.conflict": "Sitä ei voi tehdä nyt.",
        "error.bad_request": "Palvelin ei hyväksynyt näitä asetuksia.",
        "error.bad_option": "Palvelin ei hyväksynyt näitä asetuksia: {reason}",
        "error.forbidden": "Se ei ole sallittu.",
        "error.invite_used": "Tämä kutsulinkki on jo käytetty.",
        "error.too_deep": "Palvelin ei saanut viestistä selvää (sisäkkäisyys yli {limit}).",
        "error.payload_too_large": "Pyyntö on liian suuri (enintään {limit} tavua).",
        "error.unlisted": "Pöytä ei ole julkinen: avaa se katselulinkillä tai paikan kautta.",
        "error.no_table": "Tällaista pöytää ei ole.",
        "error.no_game_no": "Pöydässä ei ole tällaista peliä.",
        "error.no_seat": "Tällaista paikkaa ei ole.",
        "error.no_review": "Tälle pelille ei ole arviota.",
        "error.review_busy": "Palvelin laatii muita arvioita; yritä hetken päästä uudelleen.",
        "error.review_rate": "Liian monta arviopyyntöä; yritä myöhemmin uudelleen.",
        "error.review_failed": "Arviota ei voitu laatia.",
        "error.invite_only": "Tähän pöytään pääsee vain kutsulinkillä.",
        "error.not_rated": "Tätä pöytää ei voi pelata reitattuna: {reason}",
        "error.rated_account": "Reitattuihin pöytiin pääsee vain tilillä; kirjaudu tai luo tili.",
        "error.rated_assist": "Vihjeet, automaattipeli ja peruminen eivät ole käytössä "
        "reitatuissa pöydissä.",
        "error.rated_hints": (
            "Vihjeet ja räväytysehdotukset eivät ole käytössä reitatuissa pöydissä."
        ),
        "error.rated_autoplay": "Automaattipeli ei ole käytössä reitatuissa pöydissä.",
        "error.no_hints": "Pelissä {game} ei ole vihjeitä.",
        "rating.no.not_requested": "pöydän luoja ei pyytänyt reitattua pöytää.",
        "rating.no.solo": "yksinpelissä ei ole ketään, johon verrata.",
        "rating.no.hotseat": "yhden laitteen pöytiä ei koskaan reitata.",
        "rating.no.guest": "jokaisella reitatun pöydän pelaajalla pitää olla tili.",
        "rating.no.house_rules": "kotisääntöjä (muita kuin vakioasetuksia) ei reitata.",
        "rating.no.assists": "vihjeet, automaattipeli ja peruminen eivät ole käytössä.",
        "error.no_free_seat": "Pöydässä ei ole vapaata paikkaa.",
        "error.seat_taken": "Paikka {seat} ei ole vapaana.",
        "error.no_new_link": "Uuden linkin saa vain paikka, jota kukaan ei pidä (tai jolta pelaaja lähti).",
        "error.no_session": "Et ole kirjautunut tällä laitteella.",
        "error.login_failed": "Väärä tunnus tai salasana.",
        "error.account_taken": "Tunnus {account} on jo käytössä.",
        "error.already_account": "Tällä profiililla on jo tunnus.",
        "error.no_session_id": "Tällaista istuntoa ei ole.",
        "error.foreign_origin": "Pyyntö tuli toiselta sivustolta, eikä sitä hyväksytty.",
        "player.former": "entinen pelaaja",
        "error.is_bot_seat": "Sillä paikalla pelaa botti.",
        "error.seat_connected": "Paikan pelaaja on yhteydessä.",
        "error.seat_count": "Anna tasan {n} {n|paikka|paikkaa}.",
        "error.take_seat": "Otettavan paikan on oltava ihmisen paikka.",
        "prompt.generic": "Sinun siirtosi.",
        "review.mark.good": "Siirto {move}: {played}: hyvä.",
        "review.mark.inaccuracy": "Siirto {move}: {played}: epätarkkuus; parempi {best} "
        "(hinta {cost} ± {se} {unit:word=review.unit}).",
        "review.mark.mistake": "Siirto {move}: {played}: virhe; parempi {best} "
        "(hinta {cost} ± {se} {unit:word=review.unit}).",
        "review.mark.blunder": "Siirto {move}: {played}: paha virhe; parempi {best} "
        "(hinta {cost} ± {se} {unit:word=review.unit}).",
        "review.summary.points": "{name}: {decisions} {decisions|päätös|päätöstä} arvioitu: "
        "{inaccuracies} {inaccuracies|epätarkkuus|epätarkkuutta}, {mistakes} "
        "{mistakes|virhe|virhettä}, {blunders} {blunders|paha virhe|pahaa virhettä}; "
        "odotettu hinta {cost} {cost|piste|pistettä}.",
        "review.summary.cards": "{name}: {decisions} {decisions|päätös|päätöstä} arvioitu: "
        "{inaccuracies} {inaccuracies|epätarkkuus|epätarkkuutta}, {mistakes} "
        "{mistakes|virhe|virhettä}, {blunders} {blunders|paha virhe|pahaa virhettä}; "
        "odotettu hinta {cost} {cost|kortti|korttia}.",
        "review.summary.win": "{name}: {decisions} {decisions|päätös|päätöstä} arvioitu: "
        "{inaccuracies} {inaccuracies|epätarkkuus|epätarkkuutta}, {mistakes} "
        "{mistakes|virhe|virhettä}, {blunders} {blunders|paha virhe|pahaa virhettä}; "
        "odotettu hinta {cost} {cost|prosenttiyksikkö|prosenttiyksikköä} "
        "voiton todennäköisyydestä.",
        "review.known": "Kaikki kortit tuntien: hinta {cost}.",
        "review.unit.points": "pistettä",
        "review.unit.cards": "korttia",
        "review.unit.win": "prosenttiyksikköä voiton todennäköisyydestä",
        "prompt.over": "Peli on päättynyt.",
        "error.option_value": "valinta {option!r}: {value} ei ole sallittu; anna {allowed}",
        "error.option_unknown": "pelissä {game} ei ole valintaa {option!r}; sen valinnat ovat: "
        "{known}",
        "error.players": "{game}: pelaajamäärä {players} ei ole sallittu; anna {lo}..{hi}",
        "error.none": "ei yhtään",
        "error.allowed.choice": "yksi näistä: {choices}",
        "error.allowed.bool": "true tai false (myös kyllä tai ei)",
        "error.allowed.int": "kokonaisluku",
        "error.allowed.int_range": "kokonaisluku {lo}..{hi}",
        "error.allowed.int_min": "kokonaisluku, vähintään {lo}",
        "error.allowed.int_max": "kokonaisluku, enintään {hi}",
        "error.allowed.ints": "{n} {n|kokonaisluku|kokonaislukua pilkuin erotettuina}",
    },
}
