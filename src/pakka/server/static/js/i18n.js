// The client's own words in English and Finnish. Game log entries are
// rendered from each game's message catalogue (sent by the server).

const STRINGS = {
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
    free_seats: "{n} free seats",
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
    pass_device: "Pass the device to {name}",
    pass_device_help: "Only {name} should look at the screen now.",
    i_am: "I am {name} — show my cards",
    you: "you",
    player_n: "Player {n}",
    bot_name: "Bot {n}",
    error: "Something went wrong",
    close: "Close",
    not_found: "This table does not exist (or the link has already been used).",
    invite_used: "This invite link has already been used. Ask the table's creator for a new one.",
    spectating: "You are watching this table.",
    stock: "Stock",
    cards_n: "{n} cards",
    // Koodinmurtaja
    km_help: "Pick a hidden card of the target, then name its rank.",
    km_target: "Target",
    km_choose_rank: "Which rank is this card?",
    km_guess: "Guess",
    km_drawn: "Your drawn card",
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
    vs_contract: "Contract",
    vs_contractor: "contractor",
    vs_partner: "partner",
    vs_trump: "Trump",
    vs_high_bid: "Highest bid",
    vs_tricks: "Tricks",
    vs_kitty: "Kitty",
    vs_bid_box: "Your bid",
    vs_discard_help: "Choose {n} cards to put away (one at a time).",
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
    free_seats: "{n} vapaata paikkaa",
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
    pass_device: "Anna laite pelaajalle {name}",
    pass_device_help: "Vain pelaajan {name} pitäisi nyt katsoa ruutua.",
    i_am: "Olen {name} — näytä korttini",
    you: "sinä",
    player_n: "Pelaaja {n}",
    bot_name: "Botti {n}",
    error: "Jokin meni vikaan",
    close: "Sulje",
    not_found: "Tätä pöytää ei ole (tai linkki on jo käytetty).",
    invite_used: "Tämä kutsulinkki on jo käytetty. Pyydä pöydän luojalta uusi.",
    spectating: "Katselet tätä pöytää.",
    stock: "Pakka",
    cards_n: "{n} korttia",
    km_help: "Valitse kohteen piilossa oleva kortti ja arvaa sen arvo.",
    km_target: "Kohde",
    km_choose_rank: "Mikä arvo tällä kortilla on?",
    km_guess: "Arvaa",
    km_drawn: "Nostamasi kortti",
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
    vs_contract: "Sitoumus",
    vs_contractor: "sitoumuksen tekijä",
    vs_partner: "pari",
    vs_trump: "Valtti",
    vs_high_bid: "Korkein tarjous",
    vs_tricks: "Tikit",
    vs_kitty: "Pöytäkortit",
    vs_bid_box: "Tarjouksesi",
    vs_discard_help: "Valitse {n} korttia pois (yksi kerrallaan).",
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

/** Python str.format-like filling of {name} (and {name!r}-free) placeholders. */
export function format(template, args) {
  return String(template).replace(/\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^}]*)?\}/g, (m, k) =>
    k in args ? fmtValue(args[k]) : m,
  );
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
