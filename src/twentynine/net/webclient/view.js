// Words and names for what the server sends: cards, suits, seats and actions, and the
// seats named in the server's lines of news.  Nothing here talks to the server or
// touches the page; the lines themselves come from the server.

export const SUIT_SYMBOLS = "♠♥♦♣";
export const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];
const SUIT_LETTERS = "SHDC";
const RANK_NAMES = { J: "jack", 9: "nine", A: "ace", T: "ten", K: "king", Q: "queen", 8: "eight", 7: "seven" };

/** The suit index (0-3: spades, hearts, diamonds, clubs) of a card name such as "JH". */
export function suitOf(card) {
  return SUIT_LETTERS.indexOf(card[1]);
}

/** What a card shows: "10♥", "J♠". */
export function cardLabel(card) {
  const rank = card[0] === "T" ? "10" : card[0];
  return rank + SUIT_SYMBOLS[suitOf(card)];
}

/** What a screen reader says: "jack of hearts". */
export function cardName(card) {
  return `${RANK_NAMES[card[0]]} of ${SUIT_NAMES[suitOf(card)]}`;
}

export function isRed(card) {
  const s = suitOf(card);
  return s === 1 || s === 2;
}

/** A seat's place on the screen, seen from seat `me`: bottom (me), then the others. */
export function place(seat, me, clockwise) {
  const rel = (seat - me + 4) % 4;
  const order = clockwise ? ["bottom", "left", "top", "right"] : ["bottom", "right", "top", "left"];
  return order[rel];
}

const PLACE_WORDS = { bottom: "You", top: "Partner", left: "Left", right: "Right" };

/** What to call a seat: "You", a player's name, or the place of a bot ("Left"). */
export function seatWho(seat, me, clockwise, roster) {
  const p = place(seat, me, clockwise);
  if (p === "bottom") return "You";
  const entry = (roster || []).find((d) => d && d.seat === seat);
  if (entry && entry.kind !== "bot" && entry.name) return entry.name;
  return PLACE_WORDS[p];
}

/** The sentence's subject form of seatWho with its verb: "You bid", "Left bids". */
export function says(who, verbYou, verbOther) {
  return `${who} ${who === "You" ? verbYou : verbOther}`;
}

/** The label of an action button (every action but playing or laying a card). */
export function actionLabel(action) {
  if (action.startsWith("bid ")) return action.slice(4);
  if (action.startsWith("trump suit ")) {
    const s = SUIT_LETTERS.indexOf(action.slice(11));
    return `${SUIT_SYMBOLS[s]} ${SUIT_NAMES[s]}`;
  }
  return {
    pass: "Pass",
    "show trump": "Ask for trump",
    pair: "Pair!",
    "no trumps": "No trumps",
    double: "Double",
    redouble: "Redouble",
    "single hand": "Single hand",
    redeal: "Redeal",
  }[action] || action;
}

/** The key that does an action at the terminal table, and here. */
export const ACTION_KEYS = {
  pass: "p",
  "show trump": "s",
  pair: "a",
  "no trumps": "n",
  double: "d",
  redouble: "d",
  "single hand": "h",
  redeal: "e",
};

/** An event's line as the server sends it (its ``words``, made by twentynine/engine/words.py, the
 *  terminal's own wording) with its seat slots filled: {N} is seat N as nameOf names it
 *  ("You" for the reader), {N's} its possessive ("your" for the reader), {N:hand} where a
 *  card goes back to it ("your hand" for the reader), {N:side} "Us" or "Them" as the
 *  reader sees it.  `reader` is -1 when nobody is "you" (a seat its bot still plays). */
export function fill(words, nameOf, reader, readerTeam) {
  const text = words.replace(/\{([0-3])('s|:side|:hand)?\}/g, (_, n, form) => {
    const seat = Number(n);
    if (form === ":side") return (seat & 1) === readerTeam ? "Us" : "Them";
    if (form === "'s") return seat === reader ? "your" : `${nameOf(seat)}'s`;
    if (form === ":hand" && seat === reader) return "your hand";
    return nameOf(seat);
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}
