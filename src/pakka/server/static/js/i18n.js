// @ts-check
// The client's own words in English and Finnish. Game log entries are
// rendered from each game's message catalogue (sent by the server).

/** The client's own texts by language (exported for the browser tests' word checks). */
export const STRINGS = {
  en: {
    app_title: "pakka — Finnish card games",
    lang_switch: "Suomeksi",
    lang_switch_label: "Vaihda kieli suomeksi",
    lobby: "Lobby",
    choose_game: "Choose a game",
    rules: "Rules",
    players: "Players",
    options: "Options",
    default_value: "default",
    seats: "Seats",
    seat: "Seat",
    human: "Person",
    bot: "Bot",
    level_easy: "Bot, easy",
    level_medium: "Bot, medium",
    level_hard: "Bot, hard",
    hotseat: "Hot-seat: everybody plays on this device",
    hotseat_help: "All human seats are played here; a cover hides the hand between turns.",
    your_name: "Your name",
    table_name: "Table name",
    create_table: "Create table",
    creating: "Creating the table…",
    invite_links: "Invite links",
    invite_help: "Send each link to one friend. A link works once: the first person to open it takes that seat.",
    copy: "Copy",
    copied: "Copied",
    spectator_link: "Link for spectators",
    go_to_table: "Go to the table",
    my_tables: "My tables",
    open_tables: "Open tables",
    no_tables: "None yet.",
    join: "Join",
    open: "Open",
    refresh: "Refresh",
    free_seats: "{n} {n|free seat|free seats}",
    turn_of: "{name} to play",
    your_turn: "Your turn",
    game_over: "Game over",
    winner: "Winner: {names}",
    winners: "Winners: {names}",
    no_winner: "Nobody won.",
    you_won: "You won!",
    play_again: "Play again",
    back_to_lobby: "Back to the lobby",
    scores: "Scores",
    score: "Score",
    log: "Game log",
    legal_actions: "Your possible moves",
    waiting_for: "Waiting for {name}…",
    waiting_players: "Waiting for players to join…",
    connecting: "Connecting…",
    reconnecting: "Connection lost — reconnecting…",
    connected: "Connected",
    live_tables: "Live tables to watch",
    watch: "Watch",
    n_watching: "{n} {n|spectator|spectators}",
    claim_title: "You are invited to a table",
    claim_help: "The others at the table see this name.",
    claim_seat: "Take the seat",
    name_control: "A name may not contain control characters.",
    name_length: "A name is at most 40 characters.",
    name_empty: "Please give a name.",
    name_reserved: "That name is reserved; please choose another.",
    at_table: "At the table",
    presence_connected: "here",
    presence_idle: "away",
    presence_gone: "gone",
    presence_bot: "bot",
    chat_title: "Chat",
    chat_show: "Show chat",
    chat_hide: "Hide chat",
    chat_channels: "Chat channels",
    chat_tab_players: "Table",
    chat_tab_spectators: "Spectators",
    chat_input: "Message",
    chat_send: "Send",
    chat_count: "{n}/{max} characters",
    chat_empty: "No messages yet.",
    chat_spectator: "Spectator",
    chat_spectator_named: "{name} (spectator)",
    chat_removed: "Message removed by the table's creator",
    chat_mute: "Mute",
    chat_mute_who: "Mute {name}",
    chat_unmute: "Show {name} again",
    chat_report: "Report",
    chat_report_msg: "Report this message by {name}",
    chat_reported: "Reported. Thank you.",
    chat_remove: "Remove",
    chat_kick: "Remove spectator",
    chat_banned: "The table's creator removed you from the chat.",
    bot_plays_seat: "played by a bot",
    clock_left: "{name}: {s} s left",
    clock_out: "{name}: time is up — a bot moves",
    title_your_turn: "● Your turn — {game}",
    turn_sound: "Sound on my turn",
    turn_notify: "Notify me on my turn",
    offline_bar: "No connection to the server — reconnecting… Moves cannot be made until it is back.",
    offline_banner: "Offline: waiting for the connection to come back",
    offline_not_sent: "Not sent: there is no connection to the server. Try again when it is back.",
    moved_elsewhere: "Your move was not played: another window of your seat moved first. The table now shows that move.",
    pass_device: "Pass the device to {name}",
    pass_device_help: "Only {name} should look at the screen now.",
    i_am: "I am {name} — show my cards",
    you: "you",
    player_n: "Player {n}",
    bot_name: "Bot {n}",
    name_seat: "{name} (seat {n})",
    error: "Something went wrong",
    close: "Close",
    not_found: "This table does not exist (or the link has already been used).",
    invite_used: "This invite link has already been used. Ask the table's creator for a new one.",
    spectating: "You are watching this table.",
    stock: "Stock",
    cards_n: "{n} {n|card|cards}",
    // Koodinmurtaja
    km_help: "Pick a hidden card of the target, then name its rank.",
    km_target: "Target",
    km_choose_rank: "Which rank is this card?",
    km_guess: "Guess",
    km_drawn: "Your drawn card",
    km_drawn_card: "The drawn card",
    km_drawn_named: "Your drawn card: {card}",
    km_drawn_of: "Drawn card, player {name}",
    km_drawn_of_named: "Drawn card, player {name}: {card}",
    km_my_hidden: "Your hidden card {pos}: {card}",
    km_my_shown: "Your card {pos}, shown to all: {card}",
    km_their_shown: "Card {pos}, player {name}: {card}",
    km_their_hidden: "Hidden card {pos}, player {name}",
    km_not: "(not {ranks})",
    km_reveal_help: "Choose one of your hidden cards to reveal.",
    km_no_drawn: "No card drawn (the stock is empty).",
    km_continue_same: "Guess {name} again",
    km_continue_next: "Guess the next player ({name})",
    km_stop: "Stop and hide my card",
    km_hint: "Show probabilities",
    km_hide_hint: "Hide probabilities",
    km_out: "out",
    km_code_of: "{name}'s code",
    km_cancel: "Cancel",
    km_chosen: "Chosen: position {pos} of {name}",
    km_hint_na: "Probabilities are not available here.",
    select_card_first: "Choose a card first.",
    keyboard_help: "Keys: Tab moves between controls, Enter or Space chooses.",
    language: "Language",
    seat_of: "seat {n}",
    details: "Details",
    view_data: "Table data",
    new_game: "New game",
    solo_game: "1 player",
    table_of: "{name}'s table",
    listed: "Show the table in “Open tables”",
    listed_help: "Anyone may then take a free seat; otherwise only your invite links work.",
    bot_plays_you: "A bot is playing your seat for now.",
    take_back_seat: "Take my seat back",
    n_players: "{n} {n|player|players}",
    players_range: "{lo}–{hi} players",
    yes: "yes",
    no: "no",
    seat_n: "seat {n}",
    rules_ref: "rules reference",
    vs_contract: "Contract",
    vs_contractor: "contractor",
    vs_partner: "partner",
    vs_trump: "Trump",
    vs_high_bid: "Highest bid",
    vs_value: "Value",
    vs_points_n: "{n} {n|point|points}",
    vs_tricks: "Tricks",
    vs_kitty: "Kitty",
    vs_bid_box: "Your bid",
    vs_discard_help: "Choose {n} {n|card|cards} to put away (one at a time).",
    vs_pass: "Pass",
    vs_misere: "Misère",
    vs_double: "Double",
    vs_redouble: "Redouble",
    vs_partner_choose: "Choose your partner",
    vs_call_help: "Name a card: its holder becomes your secret partner.",
    vs_joker_suit: "Lead the joker as which suit?",
    vs_last_trick: "Last trick",
    vs_trick: "Trick",
    vs_sheet: "Score sheet (to {target})",
    vs_hand_no: "Hand",
    vs_dealer: "Dealer",
    vs_play_help: "Play a card from your hand.",
    vs_no_trump: "no trump",
    vs_multiplier: "Multiplier",
    vs_your_hand: "Your hand",
    zk_deal: "Deal four",
    zk_hint: "Hint",
    zk_undo: "Undo",
    zk_undo_help: "Take back your last move (keys U or Ctrl+Z). A deal cannot be taken back.",
    zk_score: "Score",
    zk_piles: "Bottom row: your piles",
    zk_supply: "Upper rows",
    zk_pick_source: "Choose a card or a pile to move.",
    zk_pick_target: "Now choose the pile to move it onto.",
    zk_taken: "Taken",
    zk_pick_two: "Turn a face-down card.",
    zk_pile: "Pile (strongest on top)",
    zk_won: "Won cards",
    zk_layer: "Layer {n}",
    zk_place_help: "Choose a card of your hand; its place lights up on the cube. Then place it.",
    zk_draw: "Draw a card",
    zk_end: "End my turn",
    zk_pass: "Pass",
    zk_piste: "Piste! {line}",
    zk_round: "Round",
    zk_stop: "Stop",
    zk_pick_cards: "Select 2 cards (a pair) or 4 (a straight), then check.",
    zk_check: "Check my pick",
    zk_clear: "Clear",
    zk_pairs: "Pairs",
    zk_straights: "Straights",
    zk_mistakes: "Mistakes",
    zk_no_pick: "That pick is not a pair or a straight.",
    zk_memory: "Seen cards stay face up in your memory",
    rv_round: "Round {round} of 8",
    rv_contract: "Contract: {sets} {sets|set|sets} of three and {runs} {runs|run|runs} of four",
    rv_take: "Take {card}",
    rv_draw: "Draw from the stock",
    rv_buy: "Buy {card}",
    rv_no_buy: "No, thanks",
    rv_buy_window: "Do you want to buy {card}? (You also take a penalty card.)",
    rv_meld: "Lay down my contract",
    rv_close: "Close this group",
    rv_cancel: "Take it all back",
    rv_sort_rank: "Sort by rank",
    rv_sort_suit: "Sort by suit",
    rv_select_help: "Select a card to see what you can do with it.",
    rv_discard: "Discard {card}",
    rv_add: "Add {card} to the group",
    rv_lay: "Lay {card} on {meld}",
    rv_swap: "Swap {card} for {wild} in {meld}",
    rv_place: "Put the wild card on {meld}",
    rv_open_group: "Open a group",
    rv_melds: "Melds on the table",
    rv_building: "Being laid down",
    rv_down: "down",
    rv_buys: "buys {n}",
    rv_pile: "Discard pile",
    rv_sheet: "Score sheet (lowest wins)",
    rv_as: "as {card}",
    rv_hi: "high end",
    rv_set: "set",
    rv_run: "run",
    rv_known: "Known cards: {cards}",
    zk_place_card: "Place {place}: {card}",
    zk_place: "Place {place}",
    zk_board: "The square and your piles",
    rv_lo: "low end",
    rv_propose: "Propose a lay-down",
    rv_lay_proposal: "Lay these down",
    rv_no_proposal: "Your hand cannot lay down the contract yet.",
  },
  fi: {
    app_title: "pakka — suomalaisia korttipelejä",
    lang_switch: "In English",
    lang_switch_label: "Switch the language to English",
    lobby: "Aula",
    choose_game: "Valitse peli",
    rules: "Säännöt",
    players: "Pelaajia",
    options: "Valinnat",
    default_value: "oletus",
    seats: "Paikat",
    seat: "Paikka",
    human: "Ihminen",
    bot: "Botti",
    level_easy: "Botti, helppo",
    level_medium: "Botti, keskitaso",
    level_hard: "Botti, vaikea",
    hotseat: "Samalla laitteella: kaikki pelaavat tällä laitteella",
    hotseat_help: "Kaikki ihmispaikat pelataan täällä; kansi peittää käden vuorojen välillä.",
    your_name: "Nimesi",
    table_name: "Pöydän nimi",
    create_table: "Luo pöytä",
    creating: "Luodaan pöytää…",
    invite_links: "Kutsulinkit",
    invite_help: "Lähetä kukin linkki yhdelle ystävälle. Linkki toimii kerran: ensimmäinen avaaja saa paikan.",
    copy: "Kopioi",
    copied: "Kopioitu",
    spectator_link: "Katsojien linkki",
    go_to_table: "Siirry pöytään",
    my_tables: "Omat pöydät",
    open_tables: "Avoimet pöydät",
    no_tables: "Ei vielä yhtään.",
    join: "Liity",
    open: "Avaa",
    refresh: "Päivitä",
    free_seats: "{n} {n|vapaa paikka|vapaata paikkaa}",
    turn_of: "Vuorossa {name}",
    your_turn: "Sinun vuorosi",
    game_over: "Peli päättyi",
    winner: "Voittaja: {names}",
    winners: "Voittajat: {names}",
    no_winner: "Kukaan ei voittanut.",
    you_won: "Voitit!",
    play_again: "Pelaa uudelleen",
    back_to_lobby: "Takaisin aulaan",
    scores: "Pisteet",
    score: "Pisteet",
    log: "Pelin tapahtumat",
    legal_actions: "Mahdolliset siirtosi",
    waiting_for: "Odotetaan: {name}…",
    waiting_players: "Odotetaan pelaajia…",
    connecting: "Yhdistetään…",
    reconnecting: "Yhteys katkesi — yhdistetään uudelleen…",
    connected: "Yhdistetty",
    live_tables: "Käynnissä olevat pöydät",
    watch: "Katso",
    n_watching: "{n} {n|katsoja|katsojaa}",
    claim_title: "Sinut on kutsuttu pöytään",
    claim_help: "Pöydän muut pelaajat näkevät tämän nimen.",
    claim_seat: "Ota paikka",
    name_control: "Nimessä ei saa olla ohjausmerkkejä.",
    name_length: "Nimessä saa olla enintään 40 merkkiä.",
    name_empty: "Anna nimi.",
    name_reserved: "Tämä nimi on varattu; valitse toinen.",
    at_table: "Pöydässä",
    presence_connected: "paikalla",
    presence_idle: "poissa hetken",
    presence_gone: "poistunut",
    presence_bot: "botti",
    chat_title: "Keskustelu",
    chat_show: "Näytä keskustelu",
    chat_hide: "Piilota keskustelu",
    chat_channels: "Keskustelukanavat",
    chat_tab_players: "Pöytä",
    chat_tab_spectators: "Katsojat",
    chat_input: "Viesti",
    chat_send: "Lähetä",
    chat_count: "{n}/{max} merkkiä",
    chat_empty: "Ei vielä viestejä.",
    chat_spectator: "Katsoja",
    chat_spectator_named: "{name} (katsoja)",
    chat_removed: "Pöydän perustaja poisti viestin",
    chat_mute: "Mykistä",
    chat_mute_who: "Mykistä {name}",
    chat_unmute: "Näytä {name} taas",
    chat_report: "Ilmoita",
    chat_report_msg: "Ilmoita tästä viestistä ({name})",
    chat_reported: "Ilmoitettu. Kiitos.",
    chat_remove: "Poista",
    chat_kick: "Poista katsoja",
    chat_banned: "Pöydän perustaja poisti sinut keskustelusta.",
    bot_plays_seat: "botti pelaa",
    clock_left: "{name}: {s} s jäljellä",
    clock_out: "{name}: aika loppui — botti siirtää",
    title_your_turn: "● Sinun vuorosi — {game}",
    turn_sound: "Ääni omalla vuorollani",
    turn_notify: "Ilmoita omasta vuorostani",
    offline_bar: "Ei yhteyttä palvelimeen — yhdistetään uudelleen… Siirtoja ei voi tehdä ennen kuin yhteys palaa.",
    offline_banner: "Ei yhteyttä: odotetaan yhteyden palaamista",
    offline_not_sent: "Ei lähetetty: palvelimeen ei ole yhteyttä. Yritä uudelleen, kun yhteys palaa.",
    moved_elsewhere: "Siirtoasi ei pelattu: paikkasi toinen ikkuna ehti siirtää ensin. Pöytä näyttää nyt sen siirron.",
    pass_device: "Anna laite pelaajalle {name}",
    pass_device_help: "Vain pelaajan {name} pitäisi nyt katsoa ruutua.",
    i_am: "Olen {name} — näytä korttini",
    you: "sinä",
    player_n: "Pelaaja {n}",
    bot_name: "Botti {n}",
    name_seat: "{name} (paikka {n})",
    error: "Jokin meni vikaan",
    close: "Sulje",
    not_found: "Tätä pöytää ei ole (tai linkki on jo käytetty).",
    invite_used: "Tämä kutsulinkki on jo käytetty. Pyydä pöydän luojalta uusi.",
    spectating: "Katselet tätä pöytää.",
    stock: "Pakka",
    cards_n: "{n} {n|kortti|korttia}",
    km_help: "Valitse kohteen piilossa oleva kortti ja arvaa sen arvo.",
    km_target: "Kohde",
    km_choose_rank: "Mikä arvo tällä kortilla on?",
    km_guess: "Arvaa",
    km_drawn: "Nostamasi kortti",
    km_drawn_card: "Nostettu kortti",
    km_drawn_named: "Nostamasi kortti: {card}",
    km_drawn_of: "Nostettu kortti, pelaaja {name}",
    km_drawn_of_named: "Nostettu kortti, pelaaja {name}: {card}",
    km_my_hidden: "Oma piilokorttisi {pos}: {card}",
    km_my_shown: "Oma korttisi {pos}, kaikille näkyvissä: {card}",
    km_their_shown: "Kortti {pos}, pelaaja {name}: {card}",
    km_their_hidden: "Piilokortti {pos}, pelaaja {name}",
    km_not: "(ei {ranks})",
    km_reveal_help: "Valitse oma piilokorttisi paljastettavaksi.",
    km_no_drawn: "Ei nostettua korttia (pakka on loppu).",
    km_continue_same: "Arvaa pelaajaa {name} uudelleen",
    km_continue_next: "Arvaa seuraavaa pelaajaa ({name})",
    km_stop: "Lopeta ja piilota korttini",
    km_hint: "Näytä todennäköisyydet",
    km_hide_hint: "Piilota todennäköisyydet",
    km_out: "pudonnut",
    km_code_of: "Pelaajan {name} koodi",
    km_cancel: "Peruuta",
    km_chosen: "Valittu: pelaajan {name} kortti {pos}",
    km_hint_na: "Todennäköisyyksiä ei ole saatavilla.",
    select_card_first: "Valitse ensin kortti.",
    keyboard_help: "Näppäimet: sarkain siirtää, Enter tai välilyönti valitsee.",
    language: "Kieli",
    seat_of: "paikka {n}",
    details: "Tiedot",
    view_data: "Pöydän tiedot",
    new_game: "Uusi peli",
    solo_game: "1 pelaaja",
    table_of: "Pelaajan {name} pöytä",
    listed: "Näytä pöytä avoimissa pöydissä",
    listed_help: "Silloin kuka tahansa voi ottaa vapaan paikan; muuten vain kutsulinkkisi toimivat.",
    bot_plays_you: "Botti pelaa paikallasi toistaiseksi.",
    take_back_seat: "Ota paikkani takaisin",
    n_players: "{n} {n|pelaaja|pelaajaa}",
    players_range: "{lo}–{hi} pelaajaa",
    yes: "kyllä",
    no: "ei",
    seat_n: "paikka {n}",
    rules_ref: "sääntöviite",
    vs_contract: "Sitoumus",
    vs_contractor: "sitoumuksen tekijä",
    vs_partner: "pari",
    vs_trump: "Valtti",
    vs_high_bid: "Korkein tarjous",
    vs_value: "Arvo",
    vs_points_n: "{n} {n|piste|pistettä}",
    vs_tricks: "Tikit",
    vs_kitty: "Pöytäkortit",
    vs_bid_box: "Tarjouksesi",
    vs_discard_help: "Valitse {n} {n|kortti|korttia} pois (yksi kerrallaan).",
    vs_pass: "Passi",
    vs_misere: "Misääri",
    vs_double: "Kahdenna",
    vs_redouble: "Vastakahdenna",
    vs_partner_choose: "Valitse parisi",
    vs_call_help: "Nimeä kortti: sen haltijasta tulee salainen parisi.",
    vs_joker_suit: "Minkä maan jokeri johtaa?",
    vs_last_trick: "Edellinen tikki",
    vs_trick: "Tikki",
    vs_sheet: "Pistetaulukko ({target} asti)",
    vs_hand_no: "Jako",
    vs_dealer: "Jakaja",
    vs_play_help: "Pelaa kortti kädestäsi.",
    vs_no_trump: "ei valttia",
    vs_multiplier: "Kerroin",
    vs_your_hand: "Kätesi",
    zk_deal: "Jaa neljä",
    zk_hint: "Vihje",
    zk_undo: "Peru",
    zk_undo_help: "Peru edellinen siirtosi (näppäimet U tai Ctrl+Z). Jakoa ei voi perua.",
    zk_score: "Pisteet",
    zk_piles: "Alarivi: pinosi",
    zk_supply: "Ylärivit",
    zk_pick_source: "Valitse siirrettävä kortti tai pino.",
    zk_pick_target: "Valitse nyt pino, jonka päälle se siirretään.",
    zk_taken: "Otetut",
    zk_pick_two: "Käännä kuvapuoli alaspäin oleva kortti.",
    zk_pile: "Pino (vahvin päällimmäisenä)",
    zk_won: "Voitetut kortit",
    zk_layer: "Kerros {n}",
    zk_place_help: "Valitse kortti kädestäsi; sen paikka syttyy kuutiossa. Aseta se sitten.",
    zk_draw: "Nosta kortti",
    zk_end: "Lopeta vuoro",
    zk_pass: "Ohita",
    zk_piste: "Piste! {line}",
    zk_round: "Kierros",
    zk_stop: "Lopeta",
    zk_pick_cards: "Valitse 2 korttia (pari) tai 4 (suora) ja tarkista.",
    zk_check: "Tarkista valinta",
    zk_clear: "Tyhjennä",
    zk_pairs: "Parit",
    zk_straights: "Suorat",
    zk_mistakes: "Virheet",
    zk_no_pick: "Valinta ei ole pari eikä suora.",
    zk_memory: "Nähdyt kortit pysyvät muistissa kuvapuoli ylöspäin",
    rv_round: "Kierros {round}/8",
    rv_contract: "Tavoite: {sets} kolmoset ja {runs} {runs|neljän värisuora|neljän värisuoraa}",
    rv_take: "Ota {card}",
    rv_draw: "Nosta pakasta",
    rv_buy: "Osta {card}",
    rv_no_buy: "Ei kiitos",
    rv_buy_window: "Haluatko ostaa kortin {card}? (Saat myös sakkokortin.)",
    rv_meld: "Räväytä tavoite pöytään",
    rv_close: "Sulje tämä ryhmä",
    rv_cancel: "Ota kaikki takaisin",
    rv_sort_rank: "Järjestä arvon mukaan",
    rv_sort_suit: "Järjestä maan mukaan",
    rv_select_help: "Valitse kortti nähdäksesi, mitä sillä voi tehdä.",
    rv_discard: "Laita pois {card}",
    rv_add: "Lisää {card} ryhmään",
    rv_lay: "Lisää {card} ryhmään {meld}",
    rv_swap: "Vaihda {card} jokerin {wild} tilalle ryhmässä {meld}",
    rv_place: "Siirrä jokeri ryhmään {meld}",
    rv_open_group: "Avaa ryhmä",
    rv_melds: "Pöydän ryhmät",
    rv_building: "Pöytään tulossa",
    rv_down: "räväyttänyt",
    rv_buys: "ostot {n}",
    rv_pile: "Poistopakka",
    rv_sheet: "Pistetaulukko (pienin voittaa)",
    rv_as: "= {card}",
    rv_hi: "yläpää",
    rv_set: "kolmoset",
    rv_run: "suora",
    rv_known: "Tunnetut kortit: {cards}",
    zk_place_card: "Paikka {place}: {card}",
    zk_place: "Paikka {place}",
    zk_board: "Neliö ja pinosi",
    rv_lo: "alapää",
    rv_propose: "Ehdota räväytystä",
    rv_lay_proposal: "Räväytä nämä",
    rv_no_proposal: "Kädelläsi ei vielä voi räväyttää tavoitetta.",
  },
};

let current = pickDefault();

function pickDefault() {
  const saved = localStorage.getItem("pakka.lang");
  if (saved === "fi" || saved === "en") return saved;
  const langs = navigator.languages || [navigator.language || "en"];
  for (const l of langs) {
    if (l.toLowerCase().startsWith("fi")) return "fi";
    if (l.toLowerCase().startsWith("en")) return "en";
  }
  return "en";
}

/** The current language ("en" or "fi"). */
export function lang() {
  return current;
}

/** Change the language (remembered in this browser). */
export function setLang(l) {
  current = l === "fi" ? "fi" : "en";
  localStorage.setItem("pakka.lang", current);
  document.documentElement.lang = current;
}

/** A client string in the current language, with {name} placeholders filled. */
export function t(key, args = {}) {
  const s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  return format(s, args);
}

/**
 * Python str.format-like filling of {name} placeholders, with plural choices
 * {n|one|many} (the first text when n is 1), as pakka.i18n.fill. A placeholder's
 * format spec (`{card:card}`, `{cards:cards}`) is handed to `spec(value, spec)`
 * when given, so a caller can name cards in words.
 * @param {string} template
 * @param {Record<string, unknown>} args
 * @param {((value: unknown, spec: string) => string | null) | null} [spec]
 * @returns {string}
 */
export function format(template, args, spec = null) {
  const chosen = String(template).replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\|([^|{}]*)\|([^|{}]*)\}/g,
    (m, k, one, many) => (k in args ? (Number(args[k]) === 1 ? one : many) : m),
  );
  return chosen.replace(/\{([A-Za-z_][A-Za-z0-9_]*)(?:![a-z])?(?::([^}]*))?\}/g, (m, k, fs) => {
    if (!(k in args)) return m;
    const v = args[k];
    if (spec && fs) {
      const out = spec(v, fs);
      if (out !== null) return out;
    }
    return fmtValue(v);
  });
}

/**
 * A game's texts as the server serves them (GET /api/games/{name}/messages).
 * @typedef {{messages: Record<string, Record<string, string>>, cards: Record<string, Record<string, string>>, notation?: Record<string, {key: string, args: Record<string, unknown>}>}} Catalogue
 */

/**
 * A message ({key, args}) in words in `language`, as pakka.i18n.render_entry: the
 * template from the catalogue (English, then the key, when missing); arguments
 * that are messages are rendered first; `{card:card}` and `{cards:cards}` name
 * card codes from the catalogue's card names; `arg(name, value)` may replace an
 * argument (e.g. a seat number by the player's name) and return undefined to keep it.
 * @param {Catalogue | null} cat
 * @param {{key: string, args?: Record<string, unknown>}} message
 * @param {string} [language]
 * @param {(name: string, value: unknown) => unknown} [arg]
 * @param {(template: string) => string} [adapt]
 * @returns {string}
 */
export function renderMessage(cat, message, language = current, arg = undefined, adapt = undefined) {
  const msgs = (cat && cat.messages) || {};
  const names = (cat && cat.cards && (cat.cards[language] || cat.cards.en)) || {};
  let tmpl = (msgs[language] && msgs[language][message.key]) || (msgs.en && msgs.en[message.key]);
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const [k, v] of Object.entries(message.args || {})) {
    if (isMessage(v)) args[k] = renderMessage(cat, v, language, arg, adapt);
    else {
      const r = arg ? arg(k, v) : undefined;
      args[k] = r === undefined ? v : r;
    }
  }
  if (!tmpl) {
    const rest = Object.entries(args).map(([k, x]) => `${k.replace(/_/g, " ")} ${fmtValue(x)}`).join(", ");
    return message.key.replace(/^[^.]*\./, "").replace(/[._]/g, " ") + (rest ? ": " + rest : "");
  }
  if (adapt) tmpl = adapt(tmpl);
  const card = (/** @type {unknown} */ c) => names[String(c)] ?? String(c);
  return format(tmpl, args, (v, fs) => {
    if (fs === "card") return card(v);
    if (fs === "cards") return Array.isArray(v) ? v.map(card).join(", ") : card(v);
    // `{reason:word=kubo.reason}`: the code word of the log as the message kubo.reason.<value>.
    if (fs.startsWith("word=")) return renderMessage(cat, { key: `${fs.slice(5)}.${String(v)}`, args: {} }, language);
    return null;
  });
}

/**
 * Whether `v` is a message ({key, args}).
 * @param {unknown} v
 * @returns {v is {key: string, args: Record<string, unknown>}}
 */
export function isMessage(v) {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof (/** @type {any} */ (v).key) === "string" && "args" in v;
}

function fmtValue(v) {
  if (Array.isArray(v)) return v.join(" ");
  if (v === null || v === undefined) return "";
  return String(v);
}

/** A text given per language ({en, fi}) in the current language. */
export function pick(texts) {
  if (!texts || typeof texts !== "object") return texts ?? "";
  return texts[current] ?? texts.en ?? Object.values(texts)[0] ?? "";
}
