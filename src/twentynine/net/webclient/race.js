// Twenty-Five at a hosted table: the page's table for three to nine seats, drawn from the
// view the server sends for this seat (docs/protocol.md).  The connection, the join form,
// the help, bringing a friend and leaving are app.js's, shared with Twenty-Nine; this
// module draws the seats in play order (each one's card in the trick and score), the
// turned card and trump, the race to the target, the hand with its legal cards, the rob,
// and the deal's and game's end.  Every line of news and every word about the rules comes
// from the server; the page works out no rule itself.

const SUIT_SYMBOLS = "♠♥♦♣";
const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];
const SUIT_LETTERS = "SHDC";
const RANK_NAMES = {
  A: "ace", J: "jack", Q: "queen", K: "king", 2: "two", 3: "three", 4: "four", 5: "five",
  6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
};
const TEAM_LETTERS = "ABCDEFGHI";

/** A card name ("10H", "AS") split: its rank ("10") and its suit's index (1). */
function parts(card) {
  return [card.slice(0, -1), SUIT_LETTERS.indexOf(card.slice(-1))];
}

/** What a card shows: "10♥". */
export function label(card) {
  const [rank, suit] = parts(card);
  return rank + SUIT_SYMBOLS[suit];
}

/** What a screen reader says: "ten of hearts". */
export function cardName(card) {
  const [rank, suit] = parts(card);
  return `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`;
}

function red(card) {
  const suit = parts(card)[1];
  return suit === 1 || suit === 2;
}

/** The team a seat plays for (the server's list, from the welcome). */
function sideOf(s, seat) {
  const sides = (s.welcome && s.welcome.sides) || [];
  return typeof sides[seat] === "number" ? sides[seat] : seat;
}

function teams(s) {
  return ((s.welcome && s.welcome.rules) || {}).teams || "none";
}

/** What to call a seat: "You", a player's name, or "Seat N" for a bot's. */
export function who(s, seat) {
  if (seat === s.me) return s.waiting ? "Your seat's bot" : "You";
  const entry = (s.seats || []).find((d) => d && d.seat === seat);
  if (entry && entry.kind !== "bot" && entry.name) return entry.name;
  return `Seat ${seat + 1}`;
}

/** A team's name as this seat sees it: "your team", "Team B". */
function teamName(s, side) {
  return side === sideOf(s, s.me) ? "your team" : `Team ${TEAM_LETTERS[side]}`;
}

/** A side's name: a player's (each for themselves) or a team's. */
function sideName(s, side) {
  if (teams(s) === "none") return who(s, side);
  return capital(teamName(s, side));
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}

/** A line of news from the server with its seat slots filled: {N} a seat's name, {N's}
 *  its possessive ("your" for the reader), {N:team} its team ("your team", "Team B"). */
export function fill(s, words) {
  const text = words.replace(/\{([0-8])('s|:team)?\}/g, (_, n, form) => {
    const seat = Number(n);
    if (form === ":team") return teamName(s, sideOf(s, seat));
    if (form === "'s") return seat === s.me && !s.waiting ? "your" : `${who(s, seat)}'s`;
    return who(s, seat);
  });
  return capital(text);
}

/** The join form's words about a table of Twenty-Five (the server's words for its rules),
 *  and the seats a player may pick: [info line, [[value, label, free], ...]]. */
export function tableInfo(m) {
  const words = m.rules_words || {};
  const n = (m.rules && m.rules.players) || (m.seats || []).length;
  const free = (m.seats || []).filter((d) => d.kind === "bot" && !d.incoming).map((d) => d.seat);
  const taken = (m.seats || []).filter((d) => d.kind !== "bot" || d.incoming)
    .map((d) => `seat ${d.seat + 1}: ${d.kind === "bot" ? d.incoming : d.name}`);
  const sides = m.sides || [];
  const lines = [
    `This table: Twenty-Five, ${m.bots} bots in the empty seats${m.clock ? `, ${m.clock} s a move` : ""}.`,
    words.line || "",
    words.goal || "",
    free.length ? `Free: ${free.map((x) => `seat ${x + 1}`).join(", ")}.` : "Every seat is taken.",
  ];
  if (taken.length) lines.push(`Seated: ${capital(taken.join(", "))}.`);
  if (m.started) lines.push(`Game ${m.game} is under way: a free seat is yours from the next deal.`);
  const choices = [];
  for (let seat = 0; seat < n; seat++) {
    const team = (m.rules && m.rules.teams) !== "none" ? ` (team ${TEAM_LETTERS[sides[seat] ?? seat]})` : "";
    choices.push([`seat ${seat + 1}`, `Seat ${seat + 1}${team}`, free.includes(seat)]);
  }
  return [lines.filter((x) => x).join(" "), choices];
}

// ------------------------------------------------------------------ drawing
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function face(card, extra) {
  const f = el("span", `face ${red(card) ? "red" : "black"}`, label(card));
  f.setAttribute("role", "img");
  f.setAttribute("aria-label", extra ? `${extra} ${cardName(card)}` : cardName(card));
  f.dataset.card = card;
  return f;
}

function lastTrick(v) {
  const tricks = v.tricks || [];
  return tricks.length ? tricks[tricks.length - 1] : null;
}

/** Draw the table (ctx: app.js's state and helpers). */
export function render(ctx) {
  const { s, $ } = ctx;
  const v = s.view;
  const m = s.msg;
  if (!v || !m || $("race").hidden) return;
  const target = ((s.welcome && s.welcome.rules) || {}).target || 25;
  const legalNow = s.pending ? [] : ctx.legal();
  const myTurn = legalNow.length > 0;
  document.title = myTurn ? "● Your turn · Twenty-Five" : "Twenty-Five";
  if (myTurn && !s.wasMyTurn && navigator.vibrate) navigator.vibrate(40);
  s.wasMyTurn = myTurn;
  const robs = legalNow.filter((a) => a.startsWith("rob"));
  if (!robs.length) s.robbing = false;

  // the bar: the race, the trump and the turned card
  const scores = m.scores || v.scores;
  const mine = sideOf(s, s.me);
  const best = scores.reduce((b, x, i) => (x > scores[b] || (x === scores[b] && i === mine) ? i : b), 0);
  $("race-race-key").textContent = `Race to ${target}`;
  let race = teams(s) === "none" ? `You ${scores[mine]}` : `Your team ${scores[mine]}`;
  if (Math.max(...scores) === 0) race += " · nobody has scored yet";
  else if (best !== mine) race += ` · ${sideName(s, best)} ${scores[best]}`;
  else if (scores.length > 1) {
    const others = scores.filter((_, i) => i !== mine);
    race += ` · next ${Math.max(...others)}`;
  }
  $("race-race").textContent = race;
  const trump = `${SUIT_SYMBOLS[v.trump]} ${SUIT_NAMES[v.trump]}`;
  const robbed = v.robber !== null && v.robber !== undefined ? `, robbed by ${who(s, v.robber)}` : "";
  $("race-trump").textContent = `${trump} · turned ${label(v.turned)}${robbed}`;
  $("race-chip-trump").setAttribute("aria-label", `Trump: ${SUIT_NAMES[v.trump]}; the turned card is the ${cardName(v.turned)}${robbed}`);
  $("race-chip-race").setAttribute("aria-label", `Race to ${target}: ${race}`);

  renderSeats(ctx, v, m, scores, target);
  renderStatus(ctx, v, m, legalNow, robs);
  renderActions(ctx, v, robs);
  renderHand(ctx, v, legalNow);
  renderSummary(ctx, v, m, scores, target);
  const log = $("race-log");
  if (log.childElementCount !== s.log.length || !s.log.length) {
    log.replaceChildren(...s.log.map((text) => el("li", "", text)));
  }
}

function renderSeats(ctx, v, m, scores, target) {
  const { s, $ } = ctx;
  const last = lastTrick(v);
  const showLast = !!last && (s.peek || ctx.holding() || !(v.trick || []).length);
  const cards = new Map((showLast ? last.cards : v.trick || []).map(([seat, card]) => [seat, card]));
  const list = $("race-seats");
  const rows = [];
  const team = teams(s) !== "none";
  for (let seat = 0; seat < v.hand_sizes.length; seat++) {
    const side = sideOf(s, seat);
    const entry = (s.seats || []).find((d) => d && d.seat === seat) || {};
    const toMove = m.turn === seat && !m.game_over && v.stage === "play";
    const li = el("li", "race-seat");
    li.classList.toggle("turn", toMove);
    li.classList.toggle("me", seat === s.me);
    li.classList.toggle("mate", team && seat !== s.me && side === sideOf(s, s.me));
    const name = el("div", "who");
    const nameText = seat === s.me && !s.waiting ? `You (${s.name})` : who(s, seat);
    name.append(el("span", "turn-mark", toMove ? "▶" : ""), el("span", "name", nameText));
    if (team) name.append(el("span", `team team-${side % 3}`, TEAM_LETTERS[side]));
    const tags = [];
    if (entry.kind === "bot" && seat !== s.me) tags.push("bot");
    if (entry.kind === "away") tags.push("away");
    if (v.dealer === seat) tags.push("dealer");
    if (v.robber === seat) tags.push("robbed");
    if (entry.incoming && seat !== s.me) tags.push(`${entry.incoming} next deal`);
    const sub = el("div", "tags", tags.join(" · "));
    const slot = el("div", "slot");
    const card = cards.get(seat);
    if (card) {
      const f = face(card, `${who(s, seat)}:`);
      if (showLast && seat === last.winner) f.classList.add("winner");
      slot.append(f);
    } else {
      slot.append(el("span", "none", "·"));
    }
    const score = el("div", "score");
    score.append(el("span", "pts", String(scores[side])),
      el("span", "tr", `${v.tricks_won[seat]} trick${v.tricks_won[seat] === 1 ? "" : "s"}`));
    const bar = el("div", "bar");
    const fillBar = el("div", "fill");
    fillBar.style.width = `${Math.min(100, (100 * scores[side]) / target)}%`;
    bar.append(fillBar);
    bar.setAttribute("aria-hidden", "true");
    li.append(name, slot, score, sub, bar);
    const whose = team ? (side === sideOf(s, s.me) ? "your team" : `team ${TEAM_LETTERS[side]}`) : "";
    const bits = [
      `${nameText}${whose ? `, ${whose}` : ""}${toMove ? ", to move" : ""}`,
      card ? `${showLast ? "played" : "plays"} the ${cardName(card)}${showLast && seat === last.winner ? ", won the trick" : ""}` : "no card in this trick",
      `${v.tricks_won[seat]} trick${v.tricks_won[seat] === 1 ? "" : "s"} this deal`,
      `${team ? "team score" : "score"} ${scores[side]} of ${target}`,
      ...tags,
    ];
    li.setAttribute("aria-label", bits.join("; "));
    rows.push(li);
  }
  list.replaceChildren(...rows);
  list.classList.toggle("done", showLast);
  let caption = "";
  if (showLast && !m.game_over) {
    caption = `${s.peek ? "Last trick: " : ""}${who(s, last.winner)} ${last.winner === s.me && !s.waiting ? "win" : "wins"} the trick`;
  }
  if (!caption) caption = s.news[s.news.length - 1] || "";
  $("race-caption").textContent = caption;
  $("race-caption").classList.toggle("won", showLast);
}

function renderStatus(ctx, v, m, legalNow, robs) {
  const { s, $ } = ctx;
  const notice = $("race-notice");
  notice.hidden = !s.notice;
  notice.textContent = s.notice;
  const st = $("race-status");
  st.classList.toggle("error", !!s.error);
  if (s.error) {
    st.textContent = `⚠ ${s.error}`;
    return;
  }
  let text;
  if (s.reconnecting) text = "Reconnecting… (the table goes on; your seat is kept for you)";
  else if (s.waiting) text = "You take this seat when the next deal starts; its bot finishes this one.";
  else if (m.game_over) text = "The game is over.";
  else if (v.stage === "deal over") text = "The deal is over.";
  else if (s.pending) text = "Sent…";
  else if (s.robbing) text = `Tap the card to lay down for the ${label(v.turned)} (face down, out of play).`;
  else if (legalNow.length) {
    const plays = legalNow.filter((a) => a.startsWith("play ")).length;
    const some = plays < (v.hand || []).length ? " one of the raised cards" : " a card";
    text = `Your turn: ${ctx.FINE_POINTER ? "click" : "tap"}${some}.`;
    if (robs.length) text += ` Or rob the ${label(v.turned)}.`;
  } else {
    text = `Waiting for ${who(s, m.turn)}…`;
  }
  st.textContent = text;
}

function renderActions(ctx, v, robs) {
  const { s, $ } = ctx;
  const box = $("race-actions");
  box.replaceChildren();
  if (!robs.length) {
    box.hidden = true;
    return;
  }
  const row = el("div", "calls");
  if (s.robbing) {
    const no = ctx.button("Don't rob", () => {
      s.robbing = false;
      ctx.render();
    }, `Don't rob: keep your hand and play a card`);
    no.id = "rob-cancel";
    row.append(no);
  } else {
    const rob = ctx.button(`Rob the ${label(v.turned)}`, () => {
      s.robbing = true;
      s.error = "";
      ctx.render();
    }, `Rob: take the turned ${cardName(v.turned)} and lay down a card of yours`, "r");
    rob.id = "rob";
    rob.classList.add("primary");
    row.append(rob);
  }
  box.append(row);
  const why = el("p", "why", s.robbing
    ? "The card you lay down stays face down, out of play; nobody else sees it."
    : `You may take the turned ${label(v.turned)} into your hand and lay one of your cards face down, then play.`);
  why.id = "rob-why";
  box.append(why);
  box.hidden = false;
}

function renderHand(ctx, v, legalNow) {
  const { s, $ } = ctx;
  const box = $("race-hand");
  box.replaceChildren();
  const hand = v.hand || [];
  const held = new Set(v.may_hold_back || []);
  if (s.selected >= hand.length) s.selected = hand.length - 1;
  hand.forEach((card, i) => {
    const b = el("button", `card ${red(card) ? "red" : "black"}`);
    b.type = "button";
    const action = s.robbing ? `rob, lay down ${card}` : `play ${card}`;
    const ok = legalNow.includes(action);
    b.classList.toggle("playable", ok);
    b.classList.toggle("laying", s.robbing && ok);
    b.classList.toggle("chosen", i === s.selected);
    b.dataset.card = card;
    let aria = cardName(card);
    if (s.robbing && ok) aria = `lay down the ${cardName(card)}`;
    else if (ok) aria += held.has(card) ? ", playable, may be held back" : ", playable";
    b.setAttribute("aria-label", aria);
    const rank = el("span", "rank", label(card).slice(0, -1));
    const suit = el("span", "suit", label(card).slice(-1));
    rank.setAttribute("aria-hidden", "true");
    suit.setAttribute("aria-hidden", "true");
    b.append(rank, suit);
    if (held.has(card) && !s.robbing) {
      const tag = el("span", "hold", "hold");
      tag.setAttribute("aria-hidden", "true");
      b.append(tag);
    }
    b.addEventListener("click", () => tap(ctx, card));
    box.append(b);
  });
  box.classList.toggle("six", hand.length > 5);
}

/** A tap on a card: played (a card the rules refuse is sent all the same: the server
 *  says why), or laid down when robbing. */
function tap(ctx, card) {
  const { s } = ctx;
  if (s.waiting) {
    s.error = "You are not seated yet: your seat is yours from the next deal.";
    ctx.render();
    return;
  }
  if (s.robbing) {
    s.robbing = false;
    ctx.act(`rob, lay down ${card}`);
    return;
  }
  ctx.act(`play ${card}`);
}

function renderSummary(ctx, v, m, scores, target) {
  const { s, $ } = ctx;
  const box = $("race-summary");
  const show = !s.waiting && (m.game_over || v.stage === "deal over") && !ctx.holding();
  $("race").classList.toggle("over", !!show);
  if (!show) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const mine = sideOf(s, s.me);
  let title;
  if (m.game_over) {
    const w = m.winner;
    if (w === mine) title = teams(s) === "none" ? "You won the game!" : "Your team won the game!";
    else title = `${sideName(s, w)} won the game`;
  } else {
    title = `Deal ${v.number} is over`;
  }
  const lines = [];
  // the leaders and the reader's own side: every score is in the seats' list above
  let order = scores.map((x, i) => i).sort((a, b) => scores[b] - scores[a] || (b === mine) - (a === mine));
  if (order.length > 3) order = order.indexOf(mine) < 3 ? order.slice(0, 3) : [...order.slice(0, 2), mine];
  for (const side of order) {
    const tricks = v.tricks_won.reduce((n, t, seat) => n + (sideOf(s, seat) === side ? t : 0), 0);
    // the tricks of the deal just ended; at game over the race alone (a deal cut short
    // by the win says nothing of the game)
    const took = m.game_over ? "" : ` · ${tricks} trick${tricks === 1 ? "" : "s"}`;
    lines.push([sideName(s, side), `${scores[side]} of ${target}${took}`]);
  }
  $("race-summary-title").textContent = title;
  // why, in the server's words (the caption above gives way to the result)
  $("race-summary-why").textContent = m.game_over ? s.news[s.news.length - 1] || "" : "";
  const dl = $("race-summary-lines");
  dl.replaceChildren();
  for (const [k, val] of lines) dl.append(el("dt", "", k), el("dd", "", val));
  const next = $("race-summary-next");
  const wait = $("race-summary-wait");
  next.setAttribute("aria-keyshortcuts", "Enter n");
  wait.classList.toggle("error", m.game_over && !!s.error);
  if (m.game_over) {
    next.hidden = s.pending;
    next.textContent = "New game";
    wait.textContent = s.error ? `⚠ ${s.error}` : s.pending ? "Starting the next game…"
      : "The next game: same seats, new cards. Anyone seated may start it.";
  } else if (m.next_deal && !s.pending) {
    next.hidden = false;
    next.textContent = "Next deal";
    wait.textContent = "";
  } else {
    next.hidden = true;
    wait.textContent = "Waiting for the others to be ready…";
  }
  if (!next.hidden && document.activeElement !== next && $("help").hidden) next.focus();
}

/** Keys on a computer: 1-6 or ←→ choose a card, Enter plays it, r robs, Esc does not,
 *  Enter or n closes the deal's result. True when the key was this table's. */
export function onKey(e, ctx) {
  const { s, $ } = ctx;
  const key = e.key;
  if (!$("race-summary").hidden) {
    if ((key === "Enter" || key === " " || key === "n") && !$("race-summary-next").hidden) {
      e.preventDefault();
      ctx.summaryNext();
    }
    return true;
  }
  const hand = (s.view && s.view.hand) || [];
  if (key === "ArrowLeft" || key === "ArrowRight") {
    if (!hand.length) return true;
    const step = key === "ArrowLeft" ? -1 : 1;
    s.selected = s.selected < 0 ? (step > 0 ? 0 : hand.length - 1) : (s.selected + step + hand.length) % hand.length;
    e.preventDefault();
    ctx.render();
    focusChosen($);
    return true;
  }
  if (/^[1-9]$/.test(key) && Number(key) <= hand.length) {
    s.selected = Number(key) - 1;
    e.preventDefault();
    ctx.render();
    focusChosen($);
    return true;
  }
  if (key === "Enter") {
    const target = document.activeElement;
    if (target && target.tagName === "BUTTON" && !target.classList.contains("card")) return true;
    if (s.selected >= 0 && hand[s.selected]) {
      e.preventDefault();
      tap(ctx, hand[s.selected]);
    }
    return true;
  }
  if (key === "r" && $("rob")) {
    e.preventDefault();
    $("rob").click();
    return true;
  }
  if (key === "Escape" && s.robbing) {
    s.robbing = false;
    ctx.render();
    return true;
  }
  return false;
}

function focusChosen($) {
  const cards = $("race-hand").querySelectorAll("button.card");
  const i = [...cards].findIndex((c) => c.classList.contains("chosen"));
  if (i >= 0) cards[i].focus();
}
