// The table in a browser: joins a twentynine table server over its WebSocket protocol
// (docs/protocol.md) and plays one seat.  The server is the only engine: the page shows
// the view the server sends for its seat and sends the actions the player chooses; a
// card the rules refuse is still sent, and the server's reason is shown.

import {
  ACTION_KEYS, SUIT_NAMES, SUIT_SYMBOLS, actionLabel, cardLabel, cardName, fill, isRed, place,
  says, seatWho,
} from "./view.js";
import * as race from "./race.js";

const VERSION = 1;
const FATAL = new Set(["version", "bad_code", "seat_taken", "replaced", "timeout", "too_big", "flood"]);
const $ = (id) => document.getElementById(id);
const FINE_POINTER = window.matchMedia("(pointer: fine)").matches; // a mouse: keys too
// a small screen: the lowest bids only, the others one tap away
const COMPACT = window.matchMedia("(max-width: 379px), (max-width: 699px) and (max-height: 760px)");
const HOLD_MS = 1500; // a finished trick stays this long before the next card shows
const PING_MS = 2000; // a seated page asks the server for a pong this often...
const DEAD_MS = 4000; // ...and calls the link dead when nothing came this long after one
const NAME_MAX = 24;
const FORCED_MS = 1200; // an only legal card is shown raised this long, then played for the player

const s = {
  game: "twentynine", // or "twentyfive": the table's game (its welcome or look says)
  robbing: false, // Twenty-Five: the rob button was tapped, a card to lay down is awaited
  code: "",
  name: "",
  wantSeat: "",
  token: null,
  ws: null,
  welcome: null,
  me: 0,
  clockwise: false,
  seats: [],
  view: null,
  msg: null, // the last state (or waiting) message, its view whole
  waiting: false,
  fresh: false,
  pending: false,
  pendingAt: -1,
  pendingAction: "",
  ref: 0,
  seated: false, // a welcome came on this page: a dropped connection is tried again
  stopped: false, // left, refused or replaced: no more tries
  tries: 0,
  retryTimer: null,
  selected: -1, // the card chosen by keyboard
  bidIndex: -1, // the bid chosen by keyboard
  news: [],
  log: [], // this deal's news, for the side panel of a wide screen
  notice: "",
  error: "",
  clockTimer: null,
  wasMyTurn: false,
  clockEnds: null, // when the move clock of the last message runs out (performance.now())
  clockShown: null, // the end the bar is running down to
  holdUntil: 0, // the finished trick stays on the felt until then (performance.now())
  holdTimer: null,
  peek: false, // the last trick shown on a tap
  peekTimer: null,
  trumpChoice: "", // the trump chosen by a tap, waiting for the player's confirmation
  moreBids: false,
  pingSent: 0, // when the ping not yet answered by anything went (performance.now()), or 0
  pingTimer: null,
  reconnecting: false,
  invite: null, // the server's QR code of the table's link
  forcedTimer: null,
  forcedAt: -1, // the state (its actions) whose only legal card is to be played
};

function autoPlayOn() {
  try {
    return localStorage.getItem("twentynine.autoplay") !== "0";
  } catch {
    return true;
  }
}

// the player's only legal card (no call to make instead) is played for them after a
// pause, as at the terminal's table; the page says so
function scheduleForced() {
  const legalNow = s.pending ? [] : legal();
  const only = legalNow.length === 1 && legalNow[0].startsWith("play ") ? legalNow[0] : "";
  const at = s.msg ? s.msg.actions : -1;
  if (!only || !autoPlayOn()) {
    clearTimeout(s.forcedTimer);
    s.forcedAt = -1;
    return;
  }
  if (s.forcedAt === at) return; // already counting down for this state
  s.forcedAt = at;
  clearTimeout(s.forcedTimer);
  const wait = Math.max(0, s.holdUntil - performance.now()) + FORCED_MS;
  s.forcedTimer = setTimeout(() => {
    const still = s.pending ? [] : legal();
    if (!s.msg || s.msg.actions !== at || still.length !== 1 || still[0] !== only) return;
    act(only);
    const named = s.game === "twentyfive" ? race.cardName(only.slice(5)) : cardName(only.slice(5));
    s.notice = `Played for you: the ${named}, your only legal card.`;
    render();
  }, wait);
}

/** Why a name is refused, in the server's words, or "" (the server's rule: 1 to 24
 *  printable characters, as Python's str.isprintable: no control, format (the joiner in
 *  a combined emoji), separator other than the space, or unassigned characters). */
function nameProblem(name) {
  const chars = [...name.trim()];
  if (chars.length < 1 || chars.length > NAME_MAX
      || [...name].some((c) => c !== " " && /[\p{C}\p{Z}]/u.test(c))) {
    return "A name is 1 to 24 printable characters: letters, digits, spaces, punctuation and "
      + "single emoji (not emoji joined together, nothing invisible).";
  }
  return "";
}

// ------------------------------------------------------------------ storage
const storeKey = () => `twentynine.seat.${s.code}`;

function loadSaved() {
  try {
    return JSON.parse(localStorage.getItem(storeKey()) || "null");
  } catch {
    return null;
  }
}

function save() {
  try {
    localStorage.setItem(storeKey(), JSON.stringify({ token: s.token, name: s.name, seat: s.me }));
    localStorage.setItem("twentynine.name", s.name);
    localStorage.setItem("twentynine.last", s.code); // a home-screen start has no code

  } catch {
    // private browsing: the seat is still held for this name, and the name brings it back
  }
}

function forget() {
  try {
    localStorage.removeItem(storeKey());
  } catch {
    // nothing kept
  }
}

// ------------------------------------------------------------------ the connection
function connect() {
  clearTimeout(s.retryTimer);
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws`);
  s.ws = ws;
  ws.onopen = () => {
    const hello = { code: s.code, name: s.name };
    if (s.token) hello.token = s.token;
    else if (s.wantSeat) hello.seat = s.wantSeat;
    send("hello", hello);
  };
  ws.onmessage = (ev) => {
    if (ws !== s.ws) return;
    s.pingSent = 0;
    if (s.reconnecting && s.seated) {
      s.reconnecting = false;
      render();
    }
    let data;
    try {
      data = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (!data || data.v !== VERSION) return;
    handle(data);
  };
  ws.onclose = () => {
    if (ws !== s.ws) return;
    s.ws = null;
    s.pending = false;
    if (s.stopped) return;
    if (!s.seated) {
      showJoin(s.error || "The table server did not answer. Check the address and try again.");
      return;
    }
    lost();
  };
}

// the link is gone (closed, or silent past DEAD_MS): say so and try again, soon
function lost() {
  s.ws = null;
  s.pingSent = 0;
  s.pending = false;
  s.tries += 1;
  s.reconnecting = true;
  setStatusNote("Reconnecting…");
  clearTimeout(s.retryTimer);
  const delay = navigator.onLine === false ? 4000 : Math.min(500 * s.tries, 4000);
  s.retryTimer = setTimeout(connect, delay);
}

function heartbeat() {
  if (!s.seated || s.stopped || !s.ws || s.ws.readyState !== WebSocket.OPEN) return;
  const now = performance.now();
  if (s.pingSent && now - s.pingSent > DEAD_MS) {
    const dead = s.ws;
    lost(); // s.ws is no longer this socket: its late close changes nothing
    try {
      dead.close();
    } catch {
      // already closing
    }
    return;
  }
  if (!s.pingSent && send("ping")) s.pingSent = now;
}

function send(type, fields = {}) {
  if (!s.ws || s.ws.readyState !== WebSocket.OPEN) return false;
  s.ws.send(JSON.stringify({ v: VERSION, type, ...fields }));
  return true;
}

function act(action) {
  if (s.pending) return;
  s.ref += 1;
  // at: the state the move was chosen in, so that a move arriving after the table moved
  // on (the clock played for us) is refused rather than played in a later trick
  // (JSON leaves out an undefined field: no state yet, no at)
  const at = s.msg ? s.msg.actions : undefined;
  if (send("action", { action, ref: s.ref, at })) {
    s.pending = true;
    s.holdUntil = 0; // the player moved on: so does the trick
    s.peek = false;
    s.trumpChoice = "";
    s.moreBids = false;
    s.pendingAt = at ?? -1;
    s.pendingAction = action;
    s.selected = -1; // the next choice starts afresh
    s.bidIndex = -1;
    s.error = "";
    s.notice = "";
    render();
  }
}

function handle(m) {
  switch (m.type) {
    case "welcome":
      s.welcome = m;
      setGame(m.card_game);
      s.me = m.seat;
      s.token = m.token;
      s.name = m.name;
      s.seated = true;
      s.tries = 0;
      s.reconnecting = false;
      s.clockwise = (m.rules && m.rules.direction) === "clockwise";
      s.seats = m.seats || [];
      s.waiting = !!m.waiting;
      s.view = null; // the next state is whole
      s.fresh = true; // and its events are the deal so far
      save();
      showTable();
      if (m.rejoined) {
        setStatusNote("Back at the table.");
        setTimeout(() => { // a passing word: it goes by itself
          if (s.notice === "Back at the table.") setStatusNote("");
        }, 3000);
      }
      else s.notice = "";
      break;
    case "state": {
      if (m.view_changes) {
        if (!s.view) return; // cannot happen on an ordered connection
        s.view = { ...s.view, ...m.view_changes };
      } else {
        s.view = m.view;
      }
      const newGame = !!s.msg && gameNumber(m) !== gameNumber(s.msg); // the table's next game
      const first = s.fresh || s.waiting || newGame;
      if (s.msg && (m.actions !== s.msg.actions || newGame)) s.error = ""; // the table moved on
      s.fresh = false;
      s.waiting = false;
      s.msg = m;
      setClock(m);
      s.seats = m.seats || s.seats;
      if (s.pending && (m.ref === s.ref || m.actions !== s.pendingAt || newGame
          || (s.pendingAction === "next deal" && !m.next_deal))) {
        s.pending = false; // the answer to our move (other news leaves it awaited)
      }
      takeEvents(m.events || [], first);
      render();
      break;
    }
    case "waiting":
      s.waiting = true;
      s.view = m.view;
      s.msg = m;
      setClock(m);
      s.seats = m.seats || s.seats;
      render();
      break;
    case "notice":
      s.notice = m.text || "";
      render();
      break;
    case "invite":
      s.invite = m;
      renderInvite();
      break;
    case "pong":
      break;
    case "error":
      s.pending = false;
      if (!s.seated) {
        // the hello was refused: back to the form, the server's reason, the field to fix
        s.stopped = true;
        const ws = s.ws;
        s.ws = null;
        if (ws) ws.close();
        const field = m.code === "bad_code" ? "code" : m.code === "malformed" && /name/.test(m.message || "") ? "name" : "";
        showJoin(capital(m.message || m.code), field);
        break;
      }
      if (FATAL.has(m.code)) {
        s.error = capital(m.message || m.code);
        if (m.code === "bad_code" && s.token) {
          // the seat is no longer held for this token: sit down again
          forget();
          s.token = null;
          s.seated = false;
        }
        if (m.code === "replaced") {
          s.stopped = true;
          setStatusNote("You joined this table again elsewhere: this page has let go of the seat.");
        }
        if (!s.seated) {
          s.stopped = true; // the server closes this socket: the form is the way back
          showJoin(s.error, m.code === "bad_code" ? "code" : "");
        }
      } else {
        s.error = capital(m.message || "Refused");
      }
      render();
      break;
    case "bye":
      s.stopped = true;
      s.seated = false;
      s.token = null;
      s.msg = null;
      s.view = null;
      forget();
      showJoin(`${capital(m.reason || "You left the table")}. You may sit down again.`);
      break;
    default:
      break;
  }
}

// a trick was won: it stays on the felt HOLD_MS (or until the player's own next card)
function hold() {
  s.holdUntil = performance.now() + HOLD_MS;
  clearTimeout(s.holdTimer);
  s.holdTimer = setTimeout(render, HOLD_MS + 20);
}

// a tap on the trick: the last trick, until another tap (or a few seconds)
function togglePeek() {
  if (!s.view || !lastTrickOf(s.view)) return;
  s.peek = !s.peek;
  clearTimeout(s.peekTimer);
  if (s.peek) {
    s.peekTimer = setTimeout(() => {
      s.peek = false;
      render();
    }, 5000);
  }
  render();
}

function gameNumber(m) {
  return typeof m.game === "number" ? m.game : 1;
}

// the game is over: ask for the table's next game (same seats, new cards); the number of
// the game that ended goes with it, so two players asking at once start one game
function newGame() {
  if (s.pending || !s.msg || !s.msg.game_over) return;
  s.ref += 1;
  if (send("new_game", { game: gameNumber(s.msg), ref: s.ref })) {
    s.pending = true;
    s.pendingAt = s.msg.actions;
    s.pendingAction = "new game";
    s.error = "";
    s.notice = "";
    render();
  }
}

function summaryNext() {
  if (s.msg && s.msg.game_over) newGame();
  else act("next deal");
}

function setClock(m) {
  s.clockEnds = typeof m.clock === "number" ? performance.now() + m.clock * 1000 : null;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

// "You" for the page's own seat, but not while its bot still plays it (the player waits
// for the next deal): the bot's moves are not theirs
function who(seat) {
  if (seat === s.me && s.waiting) return "Your seat's bot";
  return seatWho(seat, s.me, s.clockwise, s.seats);
}

// the table's game, as its welcome or look names it: the join form and the table follow
function setGame(name) {
  s.game = name === "twentyfive" ? "twentyfive" : "twentynine";
  const r = s.game === "twentyfive";
  $("join-title").textContent = r ? "Twenty-Five" : "Twenty-Nine";
  $("lead-29").hidden = r;
  $("lead-25").hidden = !r;
  $("keys-29").hidden = r;
  $("keys-25").hidden = !r;
  $("seat-hint").hidden = r;
  document.title = r ? "Twenty-Five" : "Twenty-Nine";
}

// what app.js lends the Twenty-Five table (race.js) to draw and play with
const raceCtx = {
  s, $, legal: () => legal(), act: (a) => act(a), button: (...a) => button(...a),
  render: () => render(), holding: () => holding(), summaryNext: () => summaryNext(),
  FINE_POINTER,
};

function takeEvents(events, first) {
  if (first) {
    s.news = [];
    s.log = [];
  }
  for (const e of events) {
    if (e.event === "DealStarted") {
      s.news = [];
      s.log = [];
    }
    if (e.event === "TrickWon" && !first) hold();
    // the deal's result says what happened: a word about one of its moves goes (a word
    // that comes after it stays)
    if (e.event === "DealScored" && !first) s.notice = "";
    // the server's line (the terminal's words), its seats named as this page names them;
    // a seat its bot still plays for this player is not "you"
    let text = "";
    if (typeof e.words === "string") {
      text = s.game === "twentyfive" ? race.fill(s, e.words)
        : fill(e.words, who, s.waiting ? -1 : s.me, s.me & 1);
    }
    if (text) {
      s.news.push(text);
      s.log.push(text);
    }
  }
  s.news = s.news.slice(-3);
}

// ------------------------------------------------------------------ the page
// field: the one to fix ("code" or "name"), focused; the code box is shown when the page
// has no code or the code is what was wrong
function showJoin(error, field = "") {
  $("table").hidden = true;
  $("race").hidden = true;
  $("summary").hidden = true;
  $("help").hidden = true;
  $("join").hidden = false;
  $("code-row").hidden = !!s.code && field !== "code";
  if (!$("code").value && s.code) $("code").value = s.code;
  $("join-error").textContent = error || "";
  $("sit").disabled = false;
  const input = $("name");
  if (!input.value) input.value = s.name || storedName();
  $(field === "code" ? "code" : "name").focus();
}

function storedName() {
  try {
    return localStorage.getItem("twentynine.name") || "";
  } catch {
    return "";
  }
}

function showTable() {
  $("join").hidden = true;
  $("table").hidden = s.game === "twentyfive";
  $("race").hidden = s.game !== "twentyfive";
  // one move clock for both tables: under the bar of the one in play
  $(s.game === "twentyfive" ? "race-bar" : "bar").after($("clock-row"));
  $("app").focus();
}

function setStatusNote(text) {
  s.notice = text;
  render();
}

function legal() {
  const v = s.view;
  if (!v || s.waiting || s.reconnecting || !s.msg || s.msg.game_over || s.msg.turn !== s.me) return [];
  return v.legal_actions || [];
}

function render() {
  if (s.game === "twentyfive") {
    race.render(raceCtx);
    if (s.view && s.msg) renderClock(s.msg);
    scheduleForced();
    return;
  }
  const v = s.view;
  if (!v || $("table").hidden) return;
  const m = s.msg;
  const mine = s.me & 1;
  const us = (pair) => pair[mine];
  const them = (pair) => pair[1 - mine];
  const scores = m.scores || v.scores;

  const game = gameNumber(m) > 1 ? `Game ${gameNumber(m)}` : "Game";
  $("score-key").textContent = game;
  $("score").textContent = `Us ${us(scores)} · Them ${them(scores)}`;
  $("chip-score").setAttribute("aria-label", `${game} score: us ${us(scores)}, them ${them(scores)}`);
  let contract = "—";
  if (v.single_hand !== null && v.single_hand !== undefined) {
    contract = `${who(v.single_hand)}: single hand`;
  } else if (v.phase === "auction") {
    // nothing is settled yet: the highest bid so far, and whose
    contract = v.high_bid !== null && v.high_bid !== undefined && v.bidder !== null
      && v.bidder !== undefined ? `bidding: ${v.high_bid} so far (${who(v.bidder)})` : "bidding";
  } else if (v.bidder !== null && v.bidder !== undefined) {
    contract = `${who(v.bidder)} bid ${v.high_bid}`;
    if (v.target !== null && v.target !== v.high_bid) contract += `, target ${v.target}`;
    if (v.multiplier > 1) contract += ` ×${v.multiplier}`;
  }
  $("contract").textContent = contract;
  $("trump").textContent = trumpText(v);
  $("points").textContent = `Us ${us(v.points)} · Them ${them(v.points)}`;

  const myTurn = legal().length > 0 && !s.pending;
  document.title = myTurn ? "● Your turn · Twenty-Nine" : "Twenty-Nine";
  if (myTurn && !s.wasMyTurn && navigator.vibrate) navigator.vibrate(40); // a phone lying on the table
  s.wasMyTurn = myTurn;

  $("table").classList.toggle("playing", v.phase === "play");
  renderSeats(v, m);
  renderTrick(v);
  renderClock(m);
  renderStatus(v, m);
  renderActions(v);
  renderHand(v);
  renderSummary(v, m);
  scheduleForced();
}

function trumpText(v) {
  if (v.no_trumps && (v.trump_shown || v.bidder === s.me)) return "no trumps";
  if (v.trump_suit !== null && v.trump_suit !== undefined) {
    const suit = `${SUIT_SYMBOLS[v.trump_suit]} ${SUIT_NAMES[v.trump_suit]}`;
    if (v.trump_shown) return suit;
    if (v.trump_card) return `${cardLabel(v.trump_card)} face down`;
    return `${suit} (secret)`;
  }
  if (v.phase === "auction") return "after the bidding";
  if (v.bidder === null || v.bidder === undefined) return "not chosen";
  if (v.phase === "trump choice") return `being chosen (${who(v.bidder)})`;
  return `hidden (${who(v.bidder)} ${v.bidder === s.me ? "know" : "knows"})`;
}

function renderSeats(v, m) {
  const turn = m.turn;
  for (let seat = 0; seat < 4; seat++) {
    const where = place(seat, s.me, s.clockwise);
    const box = $(`seat-${where}`);
    const entry = s.seats.find((d) => d && d.seat === seat) || {};
    const name = seat === s.me ? (s.waiting ? `Bot (you from the next deal)` : `You (${s.name})`) : who(seat);
    const kind = entry.kind === "bot" ? "bot" : entry.kind === "away" ? "away" : "";
    const parts = [];
    const bids = (v.bids || []).filter((b) => b[0] === seat);
    let said = "";
    if (v.phase === "auction" && bids.length) {
      const last = bids[bids.length - 1][1];
      said = last === null ? "Pass" : `Bid ${last}`;
      parts.push(said.toLowerCase());
    }
    const faceDown = v.bidder === seat && v.face_down ? " + trump" : "";
    const n = v.hand_sizes[seat];
    if (seat !== s.me) parts.push(`${n} card${n === 1 ? "" : "s"}${faceDown}`);
    else if (faceDown) parts.push("your trump card lies face down");
    if (v.dealer === seat) parts.push("dealer");
    const toMove = turn === seat && !m.game_over && v.phase !== "deal over";
    box.replaceChildren();
    const title = document.createElement("div");
    title.className = "who";
    title.textContent = (toMove ? "▶ " : "") + name;
    if (kind && seat !== s.me) parts.unshift(kind);
    const sub = document.createElement("div");
    sub.className = "sub";
    sub.textContent = parts.filter((p) => p !== said.toLowerCase() || !said).join(" · ");
    box.append(title, sub);
    if (said) {
      const tag = document.createElement("div");
      tag.className = "said";
      tag.textContent = said;
      tag.setAttribute("aria-hidden", "true");
      box.append(tag);
    }
    if (entry.incoming && seat !== s.me) {
      const inc = document.createElement("div");
      inc.className = "sub";
      inc.textContent = `${entry.incoming} sits here next deal`;
      box.append(inc);
    }
    box.classList.toggle("turn", toMove);
    box.classList.toggle("partner", seat !== s.me && (seat & 1) === (s.me & 1));
    box.setAttribute("aria-label", `${name}${toMove ? ", to move" : ""}${parts.length ? `: ${parts.join(", ")}` : ""}`);
  }
}

function cardFace(card, extraLabel) {
  const el = document.createElement("span");
  el.className = `face ${isRed(card) ? "red" : "black"}`;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", extraLabel ? `${extraLabel} ${cardName(card)}` : cardName(card));
  el.textContent = cardLabel(card);
  return el;
}

/** The deal's last finished trick (from the view: it is there after a reload too). */
function lastTrickOf(v) {
  const tricks = v.tricks || [];
  return tricks.length ? tricks[tricks.length - 1] : null;
}

function holding() {
  return performance.now() < s.holdUntil;
}

function renderTrick(v) {
  let cards = v.trick || [];
  let caption = "";
  const last = lastTrickOf(v);
  // the finished trick stays while it is held (the player sees who won), while the player
  // looks at it (a tap on the trick), and until the next card is led
  const showLast = !!last && (s.peek || holding() || !cards.length);
  const trick = $("trick");
  if (showLast) {
    cards = last.cards;
    const pts = last.points;
    caption = `${s.peek ? "Last trick: " : ""}${says(who(last.winner), "win", "wins")} · ${pts} pt${pts === 1 ? "" : "s"}`;
  }
  trick.setAttribute("aria-label", last ? "The trick (tap to see the last trick)" : "The trick");
  const winnerPlace = showLast ? place(last.winner, s.me, s.clockwise) : "";
  for (const where of ["top", "left", "right", "bottom"]) {
    trick.classList.toggle(`to-${where}`, showLast && !s.peek && where === winnerPlace);
  }
  const shown = new Set();
  for (const where of ["top", "left", "right", "bottom"]) {
    for (const face of $(`slot-${where}`).querySelectorAll(".face")) shown.add(face.dataset.card);
    $(`slot-${where}`).replaceChildren();
  }
  for (const [seat, card] of cards) {
    const where = place(seat, s.me, s.clockwise);
    const tag = document.createElement("span");
    tag.className = "played-by";
    tag.textContent = who(seat);
    tag.setAttribute("aria-hidden", "true");
    const face = cardFace(card, `${who(seat)}:`);
    face.dataset.card = card;
    if (!shown.has(card) && !showLast) face.classList.add(`from-${where}`); // just played
    if (showLast && seat === last.winner) face.classList.add("winner");
    $(`slot-${where}`).append(face, tag);
  }
  const log = $("log");
  if (log.childElementCount !== s.log.length || s.log.length === 0) {
    log.replaceChildren(...s.log.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }));
    $("log-box").scrollTop = $("log-box").scrollHeight;
  }
  $("log-box").hidden = s.log.length === 0;
  if (!caption && v.asker !== null && v.asker !== undefined && v.phase === "play") {
    caption = `${who(v.asker)} asked for trump`;
  }
  if (!caption && !cards.length) caption = s.news[s.news.length - 1] || "";
  $("trick-caption").textContent = caption;
  trick.classList.toggle("done", showLast);
  trick.classList.toggle("empty", !cards.length);
  trick.classList.toggle("peek", s.peek);
}

function renderClock(m) {
  const total = s.welcome && s.welcome.clock;
  const bar = $("clock-row");
  const dealOver = (s.game === "twentyfive" ? s.view.stage : s.view.phase) === "deal over";
  if (!total || s.clockEnds === null || m.game_over || dealOver) {
    clearInterval(s.clockTimer);
    s.clockShown = null;
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  if (s.clockShown === s.clockEnds) return; // already running down to this message's end
  s.clockShown = s.clockEnds;
  clearInterval(s.clockTimer);
  const ends = s.clockEnds;
  const left = Math.max(0, (ends - performance.now()) / 1000);
  const fill = $("clock-fill");
  fill.style.transition = "none";
  fill.style.width = `${(100 * left) / total}%`;
  void fill.offsetWidth; // the width above is drawn before the run-down starts
  fill.style.transition = `width ${left}s linear`;
  fill.style.width = "0%";
  const mineToMove = m.turn === s.me;
  bar.classList.toggle("mine", mineToMove);
  const tick = () => {
    const secs = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
    const mover = s.game === "twentyfive" ? race.who(s, m.turn) : who(m.turn);
    $("clock-text").textContent = `${mineToMove ? "Your move: " : `${mover}: `}${secs} s`;
    $("clock").setAttribute("aria-valuenow", String(secs));
    $("clock").setAttribute("aria-valuemax", String(total));
    bar.classList.toggle("low", secs <= 5);
    if (secs <= 0) clearInterval(s.clockTimer);
  };
  tick();
  s.clockTimer = setInterval(tick, 250);
}

function renderStatus(v, m) {
  const notice = $("notice");
  notice.hidden = !s.notice;
  notice.textContent = s.notice;
  const st = $("status");
  st.classList.toggle("error", !!s.error);
  if (s.error) {
    st.textContent = `⚠ ${s.error}`;
    return;
  }
  let text;
  const legalNow = legal();
  if (s.reconnecting) {
    text = "Reconnecting… (the table goes on; your seat is kept for you)";
  } else if (s.waiting) {
    text = "You take this seat when the next deal starts; its bot finishes this one.";
  } else if (m.game_over) {
    text = "The game is over.";
  } else if (v.phase === "deal over") {
    text = "The deal is over.";
  } else if (s.pending) {
    text = "Sent…";
  } else if (legalNow.length) {
    if (v.phase === "auction") text = "Your bid: choose a number or pass.";
    else if (s.trumpChoice) {
      text = s.trumpChoice.startsWith("trump suit ") ? "Is this your trump suit? Nobody else sees it."
        : "Is this your trump? It lies face down: nobody else sees it.";
    }
    else if (v.phase === "trump choice") {
      text = legalNow.some((a) => a.startsWith("trump suit"))
        ? "You won the auction: choose the trump suit."
        : "You won: tap a card to make its suit trump (it lies face down).";
    } else if (v.phase === "doubling") {
      text = legalNow.includes("redouble") ? "You were doubled: redouble, or pass."
        : "Double the deal (it counts twice), or pass.";
    }
    else if (v.phase === "single hand offer") {
      text = "Single hand: win all eight tricks alone, no trumps, your partner sits out. Or pass.";
    }
    else {
      const cards = legalNow.filter((a) => a.startsWith("play ")).length;
      const some = cards < (v.hand || []).length ? " one of the raised cards" : " a card";
      text = FINE_POINTER ? `Your turn: click${some}, or press 1-8 and Enter.`
        : `Your turn: tap${some} to play it.`;
    }
  } else {
    const whoMoves = who(m.turn);
    text = `Waiting for ${whoMoves}…`;
  }
  st.textContent = text;
}

function renderActions(v) {
  const box = $("actions");
  box.replaceChildren();
  const legalNow = s.pending ? [] : legal();
  const bids = legalNow.filter((a) => a.startsWith("bid "));
  const others = legalNow.filter((a) => !a.startsWith("bid ") && !a.startsWith("play ") && !(a.startsWith("trump ") && !a.startsWith("trump suit")));
  if (s.bidIndex >= bids.length) s.bidIndex = bids.length - 1;
  if (s.trumpChoice && legalNow.includes(s.trumpChoice)) {
    // a trump chosen by a tap is laid only once the player confirms it
    const row = document.createElement("div");
    row.className = "calls";
    const what = s.trumpChoice.startsWith("trump suit ")
      ? actionLabel(s.trumpChoice) : cardLabel(s.trumpChoice.slice(6));
    const yes = button(`Yes: ${what} is trump`, () => act(s.trumpChoice),
      s.trumpChoice.startsWith("trump suit ") ? `Yes: ${what} are trump`
        : `Yes: lay the ${cardName(s.trumpChoice.slice(6))} face down as trump`);
    yes.classList.add("primary");
    yes.id = "trump-confirm";
    const no = button("Choose again", () => {
      s.trumpChoice = "";
      render();
    });
    no.id = "trump-cancel";
    row.append(yes, no);
    box.append(row);
    box.hidden = false;
    if (document.activeElement !== yes) yes.focus();
    return;
  }
  s.trumpChoice = "";
  if (bids.length) {
    const row = document.createElement("div");
    row.className = "bids";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", "Bid");
    const label = document.createElement("span");
    label.className = "bids-label";
    label.textContent = "Bid";
    row.append(label);
    // a small screen shows the lowest bids; the others are one tap away
    const few = COMPACT.matches && !s.moreBids && bids.length > 5 ? 4 : bids.length;
    bids.forEach((a, i) => {
      if (i >= few && i !== s.bidIndex) return;
      const b = button(actionLabel(a), () => act(a), `Bid ${a.slice(4)}`);
      b.classList.add("bid");
      b.dataset.action = a;
      if (i === s.bidIndex) b.classList.add("chosen");
      row.append(b);
    });
    if (few < bids.length) {
      const more = button("More…", () => {
        s.moreBids = true;
        render();
      }, `Higher bids, up to ${bids[bids.length - 1].slice(4)}`);
      more.id = "more-bids";
      row.append(more);
    }
    box.append(row);
  }
  if (others.length) {
    const row = document.createElement("div");
    row.className = "calls";
    for (const a of others) {
      const label = a === "show trump" && v.bidder === s.me ? "Show trump" : actionLabel(a);
      const b = button(label, () => (a.startsWith("trump suit ") ? chooseSuit(a) : act(a)), null, ACTION_KEYS[a]);
      b.dataset.action = a;
      if (a === "trump suit H" || a === "trump suit D") b.classList.add("red-suit");
      if (a === "pair" || a === "show trump") b.classList.add("primary");
      row.append(b);
    }
    box.append(row);
    // why a call is offered, in a line, for the two that come with a card to play
    const why = [];
    if (others.includes("show trump")) {
      why.push(v.bidder === s.me
        ? "You cannot follow suit: show your trump (then trumps win tricks), or play any card."
        : "You cannot follow suit: ask the bidder to show trump (then trumps win tricks), or play any card.");
    }
    if (others.includes("pair")) {
      why.push("You hold the king and queen of trump: declare the pair to move the bidder's target by 4.");
    }
    if (why.length) {
      const p = document.createElement("p");
      p.className = "why";
      p.id = "actions-why";
      p.textContent = why.join(" ");
      box.append(p);
    }
  }
  box.hidden = !bids.length && !others.length;
}

function chooseSuit(a) {
  s.trumpChoice = a;
  s.error = "";
  render();
}

function button(text, onClick, label, key) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (label) b.setAttribute("aria-label", label);
  if (key) b.setAttribute("aria-keyshortcuts", key);
  b.addEventListener("click", onClick);
  return b;
}

function renderHand(v) {
  const box = $("hand");
  box.replaceChildren();
  const hand = sortedHand(v);
  const legalNow = s.pending ? [] : legal();
  const laying = legalNow.some((a) => a.startsWith("trump ") && !a.startsWith("trump suit"));
  if (s.selected >= hand.length) s.selected = hand.length - 1;
  hand.forEach((card, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `card ${isRed(card) ? "red" : "black"}`;
    const action = laying ? `trump ${card}` : `play ${card}`;
    const ok = legalNow.includes(action);
    b.classList.toggle("playable", ok);
    b.classList.toggle("chosen", i === s.selected || s.trumpChoice === `trump ${card}`);
    b.dataset.card = card;
    b.setAttribute("aria-label", cardName(card) + (ok ? (laying ? ", can be trump" : ", playable") : ""));
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = cardLabel(card).slice(0, -1);
    const suit = document.createElement("span");
    suit.className = "suit";
    suit.textContent = cardLabel(card).slice(-1);
    suit.setAttribute("aria-hidden", "true");
    rank.setAttribute("aria-hidden", "true");
    b.append(rank, suit);
    b.addEventListener("click", () => tapCard(card, laying));
    box.append(b);
  });
  box.classList.toggle("count-small", hand.length <= 4);
}

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3 }; // black and red alternate
const RANK_ORDER = "J9ATKQ87";

/** The hand in the terminal table's order: by suit, then rank high to low. */
function sortedHand(v) {
  return [...(v.hand || [])].sort((a, b) => SUIT_ORDER[a[1]] - SUIT_ORDER[b[1]]
    || RANK_ORDER.indexOf(a[0]) - RANK_ORDER.indexOf(b[0]));
}

function tapCard(card, laying) {
  if (s.waiting) {
    s.error = "You are not seated yet: your seat is yours from the next deal.";
    render();
    return;
  }
  if (laying) {
    // the trump card lies face down at once and for good: the player confirms it first
    s.trumpChoice = `trump ${card}`;
    s.error = "";
    render();
    return;
  }
  // a card the rules refuse is sent all the same: the server answers with the engine's reason
  act(`play ${card}`);
}

function renderSummary(v, m) {
  const box = $("summary");
  const o = v.outcome;
  // after the last trick's hold: the player sees who took it before the result covers it
  const show = !s.waiting && (m.game_over || (v.phase === "deal over" && o)) && !holding();
  $("table").classList.toggle("over", !!show);
  if (!show) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mine = s.me & 1;
  const lines = [];
  let title;
  if (o && o.dead) {
    title = o.thrown_in ? "The deal is thrown in" : "The deal is dead: nobody scores";
    if (o.thrown_in) lines.push(["Why", o.thrown_in]);
  } else if (o) {
    const bidderWho = who(o.single_hand ?? o.bidder);
    const ours = ((o.single_hand ?? o.bidder) & 1) === mine;
    title = o.made ? (ours ? "Your side made the contract" : `${bidderWho}'s side made the contract`)
      : (ours ? "Your side lost the contract" : `${bidderWho}'s side lost the contract`);
    if (o.single_hand !== null && o.single_hand !== undefined) {
      lines.push(["Contract", `${bidderWho}: single hand`]);
    } else {
      lines.push(["Contract", `${bidderWho} bid ${o.bid}, target ${o.target}${o.multiplier > 1 ? `, ×${o.multiplier}` : ""}`]);
    }
    lines.push(["Card points", `Us ${o.card_points[mine]} · Them ${o.card_points[1 - mine]}`]);
    lines.push(["Tricks", `Us ${o.tricks[mine]} · Them ${o.tricks[1 - mine]}`]);
    lines.push(["Game points", `Us ${signed(o.game_points[mine])} · Them ${signed(o.game_points[1 - mine])}`]);
  }
  // (the last trick stays in sight on the felt above, with who won it)
  const scores = m.scores;
  lines.push([gameNumber(m) > 1 ? `Game ${gameNumber(m)}` : "Game", `Us ${scores[mine]} · Them ${scores[1 - mine]}`]);
  if (m.game_over) {
    if (title) lines.unshift(["Last deal", title]);
    title = m.winner === null || m.winner === undefined ? "The game is over"
      : m.winner === mine ? "Your side won the game!" : "Their side won the game";
    const why = gameOverReason(scores, mine, o);
    if (why) lines.unshift(["Why", why]);
  }
  $("summary-title").textContent = title;
  const dl = $("summary-lines");
  dl.replaceChildren();
  for (const [k, val] of lines) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = val;
    dl.append(dt, dd);
  }
  const next = $("summary-next");
  const waitLine = $("summary-wait");
  next.setAttribute("aria-keyshortcuts", "Enter n");
  waitLine.classList.toggle("error", m.game_over && !!s.error);
  if (m.game_over) {
    next.hidden = s.pending;
    next.textContent = "New game";
    waitLine.textContent = s.error ? `⚠ ${s.error}`
      : s.pending ? "Starting the next game…"
        : "The next game: same seats, new cards. Anyone seated may start it.";
  } else if (m.next_deal && !s.pending) {
    next.hidden = false;
    next.textContent = "Next deal";
    waitLine.textContent = "";
  } else {
    next.hidden = true;
    waitLine.textContent = "Waiting for the others to be ready…";
  }
  // the help (opened from the bar over the result) keeps the focus while it is open
  if (!next.hidden && document.activeElement !== next && $("help").hidden) next.focus();
}

// Why the game ended, in words: "They fell to -6", "We reached +6", "We took all eight tricks"
function gameOverReason(scores, mine, o) {
  const limit = ((s.welcome && s.welcome.rules) || {}).game_to ?? 6;
  const names = ["We", "They"];
  const side = (team) => names[team === mine ? 0 : 1];
  if (o && o.all_tricks_team !== null && o.all_tricks_team !== undefined) {
    return `${side(o.all_tricks_team)} took all eight tricks`;
  }
  for (const team of [mine, 1 - mine]) {
    if (scores[team] <= -limit) return `${side(team)} fell to ${scores[team]}`;
  }
  for (const team of [mine, 1 - mine]) {
    if (scores[team] >= limit) return `${side(team)} reached +${scores[team]}`;
  }
  return "";
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

// ------------------------------------------------------------------ help and leaving
// the game on one page and this table's house rules, in the server's words (the
// terminal's, built from the rule settings' records), and what a tap does here: list
// items, the house rules as a list of their own
function helpItems() {
  const words = (s.welcome && s.welcome.rules_words) || {};
  const item = (text, sub = []) => {
    const li = document.createElement("li");
    li.textContent = text;
    if (sub.length) {
      const ul = document.createElement("ul");
      ul.append(...sub.map((x) => item(x)));
      li.append(ul);
    }
    return li;
  };
  const items = (words.essentials || []).map(([head, text]) => item(`${head}: ${text}`));
  const house = words.house || [];
  items.push(house.length ? item("House rules at this table:", house) : item("Standard rules at this table."));
  items.push(item("A card you may not play is still yours to tap: the table says why not."));
  return items;
}

// ------------------------------------------------------------------ bringing a friend
function tableLink() {
  return `${location.origin}/#code=${s.code}`;
}

// the QR code of the table's link (drawn from the rows the server sends), the link to copy
function renderInvite() {
  $("invite-link").value = tableLink();
  if (!s.invite || s.invite.link !== tableLink()) {
    send("invite", { link: tableLink() });
    return;
  }
  const rows = s.invite.qr;
  const n = rows.length;
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.setAttribute("aria-hidden", "true");
  const bg = document.createElementNS(ns, "rect");
  bg.setAttribute("width", String(n));
  bg.setAttribute("height", String(n));
  bg.setAttribute("fill", "#ffffff");
  let d = "";
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "1") d += `M${x} ${y}h1v1h-1z`;
  });
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000000");
  svg.append(bg, path);
  $("qr").replaceChildren(svg);
}

async function share() {
  const link = tableLink();
  const note = $("share-note");
  if (navigator.share) {
    try {
      const title = s.game === "twentyfive" ? "Twenty-Five" : "Twenty-Nine";
      await navigator.share({ title, text: `Sit down at my ${title} table:`, url: link });
      note.textContent = "";
      return;
    } catch (err) {
      if (err && err.name === "AbortError") return; // the player closed the share sheet
    }
  }
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    const input = $("invite-link");
    input.select();
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
  }
  note.textContent = copied ? "The link is copied: paste it in a message to your friend."
    : "Copy the link above and send it to your friend.";
}

// ------------------------------------------------------------------ the join form's look
// at the table: what game it is, and which seats are free
function lookAtTable() {
  if (!s.code || typeof WebSocket === "undefined") return;
  const proto = location.protocol === "https:" ? "wss" : "ws";
  let ws;
  try {
    ws = new WebSocket(`${proto}://${location.host}/ws`);
  } catch {
    return;
  }
  ws.onopen = () => ws.send(JSON.stringify({ v: VERSION, type: "look", code: s.code }));
  ws.onmessage = (ev) => {
    try {
      const m = JSON.parse(ev.data);
      if (m && m.type === "table") showTableInfo(m);
      else if (m && m.type === "error") lookRefused(m);
    } catch {
      // nothing to show
    }
    ws.close();
  };
}

// the link's code finds no table (an old link's table is gone): the server's reason, and
// the code box to type a new code in; a home-screen start no longer goes back to it
function lookRefused(m) {
  if ($("join").hidden || $("sit").disabled) return; // the player is sitting down already
  $("join-error").textContent = capital(m.message || m.code);
  if (m.code !== "bad_code") return;
  try {
    if (localStorage.getItem("twentynine.last") === s.code) localStorage.removeItem("twentynine.last");
  } catch {
    // nothing kept
  }
  s.code = "";
  $("code").value = "";
  $("code-row").hidden = false;
}

function showTableInfo(m) {
  setGame(m.card_game);
  if (s.game === "twentyfive") {
    showRaceInfo(m);
    return;
  }
  const words = m.rules_words || {};
  const names = ["South", "East", "North", "West"];
  const free = (m.seats || []).filter((d) => d.kind === "bot" && !d.incoming).map((d) => d.seat);
  const taken = (m.seats || []).filter((d) => d.kind !== "bot" || d.incoming)
    .map((d) => `${names[d.seat]}: ${d.kind === "bot" ? d.incoming : d.name}`);
  const lines = [
    `This table: four players in two teams, ${m.bots} bots in the empty seats${m.clock ? `, ${m.clock} s a move` : ""}.`,
    // the rules in the server's words (the terminal's, from the rule settings' records)
    words.goal || "",
    words.line || "",
    free.length ? `Free: ${free.map((x) => names[x]).join(", ")}.` : "Every seat is taken.",
  ];
  if (taken.length) lines.push(`Seated: ${taken.join(", ")}.`);
  if (m.started) lines.push(`Game ${m.game} is under way (${m.scores[0]}–${m.scores[1]}): a free seat is yours from the next deal.`);
  const info = $("table-info");
  info.textContent = lines.filter((x) => x).join(" ");
  info.hidden = false;
  for (const input of document.querySelectorAll("input[name=seat]")) {
    const seat = names.findIndex((x) => x.toLowerCase() === input.value);
    const label = input.parentElement;
    if (seat < 0) continue;
    const busy = !free.includes(seat);
    input.disabled = busy;
    label.classList.toggle("taken", busy);
    if (busy && input.checked) document.querySelector("input[name=seat][value='']").checked = true;
  }
}

// the join form at a table of Twenty-Five: what it is, and its seats by number
function showRaceInfo(m) {
  const [text, choices] = race.tableInfo(m);
  const info = $("table-info");
  info.textContent = text;
  info.hidden = false;
  const box = $("seat-options");
  const picked = (document.querySelector("input[name=seat]:checked") || {}).value || "";
  const option = (value, text, free) => {
    const lab = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio";
    input.name = "seat";
    input.value = value;
    input.disabled = !free;
    input.checked = free && value === picked;
    lab.classList.toggle("taken", !free);
    lab.append(input, ` ${text}`);
    return lab;
  };
  box.replaceChildren(option("", "First free", true), ...choices.map(([v, t, f]) => option(v, t, f)));
  if (!document.querySelector("input[name=seat]:checked")) {
    document.querySelector("input[name=seat][value='']").checked = true;
  }
}

function openHelp() {
  $("autoplay").checked = autoPlayOn();
  $("leave-confirm").hidden = true;
  $("leave").hidden = false;
  renderInvite();
  $("help-rules").replaceChildren(...helpItems());
  $("help").hidden = false;
  // the focus on the close button, the panel at its title: on a short screen the
  // button is half way down, and focusing it would scroll the title and rules away
  $("help").querySelector(".panel").scrollTop = 0;
  $("help-close").focus({ preventScroll: true });
}

function closeHelp() {
  $("help").hidden = true;
  $("app").focus();
}

// "Leave the table" asks first: the seat goes to a bot for good
function askLeave() {
  $("leave").hidden = true;
  $("leave-confirm").hidden = false;
  $("leave-confirm").scrollIntoView({ block: "nearest" });
  $("leave-stay").focus();
}

function leave() {
  s.stopped = true; // the server's goodbye closes the socket: no coming back by itself
  forget();
  closeHelp();
  if (!send("leave")) showJoin("You left the table.");
}

// ------------------------------------------------------------------ keys
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("join").hidden || !s.view) return;
  const key = e.key;
  if (!$("help").hidden) {
    if (key === "Escape" || key === "?") {
      e.preventDefault();
      closeHelp();
    } else if (key === "Tab") {
      trapFocus(e, $("help"));
    }
    return;
  }
  if (key === "l" && $("summary").hidden) {
    e.preventDefault();
    togglePeek();
    return;
  }
  if (key === "?") {
    e.preventDefault();
    openHelp();
    return;
  }
  if (s.game === "twentyfive") {
    race.onKey(e, raceCtx);
    return;
  }
  if (!$("summary").hidden) {
    const target = document.activeElement;
    const otherButton = !!target && target.tagName === "BUTTON" && target.id !== "summary-next";
    if (otherButton && (key === "Enter" || key === " ")) return; // that button's own click
    if ((key === "Enter" || key === " " || key === "n") && !$("summary-next").hidden) {
      e.preventDefault();
      summaryNext();
    }
    return;
  }
  const legalNow = s.pending ? [] : legal();
  const hand = sortedHand(s.view);
  const bids = legalNow.filter((a) => a.startsWith("bid "));
  const suits = legalNow.filter((a) => a.startsWith("trump suit "));
  const laying = legalNow.some((a) => a.startsWith("trump ") && !a.startsWith("trump suit"));
  if (key === "ArrowLeft" || key === "ArrowRight") {
    if (!hand.length) return;
    const step = key === "ArrowLeft" ? -1 : 1;
    s.selected = s.selected < 0 ? (step > 0 ? 0 : hand.length - 1) : (s.selected + step + hand.length) % hand.length;
    e.preventDefault();
    render();
    focusChosen();
    return;
  }
  if ((key === "ArrowUp" || key === "ArrowDown") && bids.length) {
    const step = key === "ArrowUp" ? 1 : -1;
    s.bidIndex = s.bidIndex < 0 ? 0 : Math.max(0, Math.min(bids.length - 1, s.bidIndex + step));
    s.selected = -1;
    e.preventDefault();
    render();
    return;
  }
  if (/^[1-8]$/.test(key)) {
    const n = Number(key);
    if (suits.length && n <= 4) {
      const a = `trump suit ${"SHDC"[n - 1]}`;
      if (suits.includes(a)) chooseSuit(a);
      e.preventDefault();
      return;
    }
    if (n <= hand.length) {
      s.selected = n - 1;
      s.bidIndex = -1;
      e.preventDefault();
      render();
      focusChosen();
    }
    return;
  }
  if (key === "Enter") {
    const target = document.activeElement;
    if (target && target.tagName === "BUTTON" && !target.classList.contains("card")) return; // the button's own click
    e.preventDefault();
    if (s.trumpChoice) {
      act(s.trumpChoice);
    } else if (s.bidIndex >= 0 && bids[s.bidIndex]) {
      act(bids[s.bidIndex]);
    } else if (s.selected >= 0 && hand[s.selected]) {
      tapCard(hand[s.selected], laying);
    } else if (bids.length) {
      act(bids[0]);
    }
    return;
  }
  const byKey = { p: "pass", s: "show trump", a: "pair", r: "pair", n: "no trumps", h: "single hand", e: "redeal" };
  let action = byKey[key];
  if (key === "d") action = legalNow.includes("redouble") ? "redouble" : "double";
  if (action) {
    e.preventDefault();
    if (legalNow.includes(action)) act(action);
    else if (!s.pending && s.msg && s.msg.turn === s.me) act(action); // the server says why not
    else {
      s.error = s.pending ? "Waiting for the server to answer your last move." : "It is not your turn.";
      render();
    }
  }
}

// Tab and Shift+Tab go round a dialog's own buttons, never to the page behind it
function trapFocus(e, dialog) {
  const items = [...dialog.querySelectorAll("button, a[href], input")].filter((el) => el.offsetParent !== null && !el.disabled);
  if (!items.length) return;
  const first = items[0];
  const lastItem = items[items.length - 1];
  const at = items.indexOf(document.activeElement);
  if (e.shiftKey && at <= 0) {
    e.preventDefault();
    lastItem.focus();
  } else if (!e.shiftKey && (at === -1 || at === items.length - 1)) {
    e.preventDefault();
    first.focus();
  }
}

function focusChosen() {
  const cards = $("hand").querySelectorAll("button.card");
  if (s.selected >= 0 && cards[s.selected]) cards[s.selected].focus();
}

// ------------------------------------------------------------------ start
function start() {
  const params = new URLSearchParams(location.hash.slice(1));
  s.code = (params.get("code") || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  document.addEventListener("keydown", onKey);
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("name").value.trim();
    const codeInput = $("code").value.toUpperCase().replace(/[^A-Z0-9]/g, "");
    if (!$("code-row").hidden && codeInput) s.code = codeInput;
    const problem = nameProblem(name);
    if (problem) {
      $("join-error").textContent = name ? problem : "Please enter a name (1 to 24 characters).";
      $("name").focus();
      return;
    }
    if (!s.code) {
      $("code-row").hidden = false;
      $("join-error").textContent = "Please enter the table's code (the host's screen shows it).";
      $("code").focus();
      return;
    }
    const picked = document.querySelector("input[name=seat]:checked");
    s.name = name;
    s.wantSeat = picked ? picked.value : "";
    s.token = null;
    s.error = "";
    s.stopped = false;
    $("sit").disabled = true;
    $("join-error").textContent = "Connecting…";
    connect();
  });
  $("summary-next").addEventListener("click", summaryNext);
  $("help-open").addEventListener("click", openHelp);
  $("race-help-open").addEventListener("click", openHelp);
  $("race-summary-next").addEventListener("click", summaryNext);
  $("race-notice").addEventListener("click", () => {
    s.notice = "";
    render();
  });
  $("help-close").addEventListener("click", closeHelp);
  $("leave").addEventListener("click", askLeave);
  $("leave-yes").addEventListener("click", leave);
  $("leave-stay").addEventListener("click", () => {
    $("leave-confirm").hidden = true;
    $("leave").hidden = false;
    $("leave").focus();
  });
  $("trick").addEventListener("click", togglePeek);
  $("race-seats").addEventListener("click", togglePeek);
  $("autoplay").addEventListener("change", () => {
    try {
      localStorage.setItem("twentynine.autoplay", $("autoplay").checked ? "1" : "0");
    } catch {
      // kept for this page only
    }
  });
  $("share").addEventListener("click", share);
  $("notice").addEventListener("click", () => {
    s.notice = "";
    render();
  });
  const reconnectNow = () => {
    if (!s.seated || s.stopped) return;
    if (s.ws && s.ws.readyState === WebSocket.OPEN) {
      heartbeat(); // a socket that slept: a ping finds out whether it still lives
      return;
    }
    if (s.ws) {
      const old = s.ws;
      s.ws = null;
      old.close();
    }
    connect();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reconnectNow();
  });
  window.addEventListener("online", reconnectNow);
  window.addEventListener("offline", () => {
    if (!s.seated || s.stopped || !s.ws) return;
    const dead = s.ws;
    lost();
    dead.close();
  });
  setInterval(heartbeat, PING_MS);
  COMPACT.addEventListener("change", render); // a phone turned: the bids as the room allows
  if (!s.code) {
    // opened from the home screen (the manifest's start page has no code): the last table
    try {
      s.code = localStorage.getItem("twentynine.last") || "";
    } catch {
      s.code = "";
    }
  }
  const saved = s.code ? loadSaved() : null;
  if (saved && saved.token) {
    s.name = saved.name || "";
    s.token = saved.token;
    s.seated = true; // a seat is held for this page: go straight back to it
    showTable();
    $("status").textContent = "Coming back to your seat…";
    connect();
  } else {
    showJoin("");
    if (!s.code) $("code-row").hidden = false;
    lookAtTable();
  }
}

start();
