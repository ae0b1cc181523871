// Words and names for what the server sends: cards, suits, seats, actions and events.
// Nothing here talks to the server or touches the page.

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

/** One line of news for an event, or "" for the events the table shows by itself. */
export function eventText(e, who) {
  switch (e.event) {
    case "BidMade":
      return `${says(who(e.seat), "bid", "bids")} ${e.bid}`;
    case "Passed":
      return says(who(e.seat), "pass", "passes");
    case "AuctionWon":
      return `${says(who(e.seat), "win", "wins")} the auction at ${e.bid}`;
    case "TrumpChosen":
      if (e.no_trumps) return `${says(who(e.seat), "play", "plays")} with no trumps`;
      if (e.suit !== null && e.suit !== undefined) {
        return `${says(who(e.seat), "choose", "chooses")} trump: ${SUIT_SYMBOLS[e.suit]} ${SUIT_NAMES[e.suit]}`;
      }
      return `${says(who(e.seat), "choose", "chooses")} trump (hidden)`;
    case "Doubled":
      return `${says(who(e.seat), e.multiplier > 2 ? "redouble" : "double", e.multiplier > 2 ? "redoubles" : "doubles")}: the deal counts ×${e.multiplier}`;
    case "Declined":
      return `${says(who(e.seat), "decline", "declines")} to ${e.what === "single hand" ? "play a single hand" : e.what}`;
    case "SingleHandAnnounced":
      return `${says(who(e.seat), "play", "plays")} a single hand`;
    case "ThrownIn":
      return `The deal is thrown in: ${e.reason}`;
    case "TrumpShown": {
      const what = e.suit !== null && e.suit !== undefined
        ? `${SUIT_SYMBOLS[e.suit]} ${SUIT_NAMES[e.suit]}` : "no trumps";
      return e.seat === null || e.seat === undefined
        ? `Trump is shown: ${what}` : `${says(who(e.seat), "ask", "asks")} for trump: ${what}`;
    }
    case "CardPlayed":
      return `${says(who(e.seat), "play", "plays")} ${cardLabel(e.card)}`;
    case "TrickWon":
      return `${says(who(e.seat), "win", "wins")} the trick (${e.points} point${e.points === 1 ? "" : "s"})`;
    case "PairDeclared":
      return `${says(who(e.seat), "declare", "declares")} the pair: the target is now ${e.target}`;
    default:
      return "";
  }
}
