"""Hand-made deals for the rulings tests.  Dealer is seat 3 unless a test says otherwise,
so seat 0 speaks first and leads the first trick.  Each hand lists the first four cards,
then the second four.  Suits are checked by hand in the comments; every layout holds all
32 cards once (the Deal constructor refuses anything else).
"""

from __future__ import annotations

# Seed 000's worked trick.  Seat 1 (the seed's Player 1) bids 18 with J 9 of hearts in
# the end and lays the 7 of hearts face down; seats 1 and 3 play seats 0 and 2.
# Seat 1 holds no spade.
SEED000 = (
    "JS 9S JD JC | TS KS 9D 9C",
    "9H 7H AD AC | JH AH TD TC",
    "AS TH KD KC | QS KH QD QC",
    "7S QH 8D 8C | 8S 8H 7D 7C",
)
SEED000_AUCTION = ("pass", "bid 18", "pass", "pass", "trump 7H")

# Seat 1 bids and lays the 7 of hearts, its only heart, face down; it holds no spade
# either.  Seat 0 holds the ten of hearts.
LONE = (
    "JS 9S TH JD | TS JC 9D 9C",
    "7H KD AD AC | QD KC TD TC",
    "AS 9H JH AH | QS KS KH QC",
    "7S QH 8D 8C | 8S 8H 7D 7C",
)
LONE_AUCTION = ("pass", "bid 16", "pass", "pass", "trump 7H")

# Seat 3 (the dealer) is forced to bid and lays the 7 of hearts.  Seats 1 and 2 hold no
# diamond; seat 2 holds no heart; seat 1 holds four hearts.
TRICK13 = (
    "JD 9D JH 8S | AD TD KH QH",
    "9H 8H JS JC | AH TH 9S 9C",
    "AS TS AC TC | KS QS KC QC",
    "7H KD 7S 8C | QD 8D 7D 7C",
)
TRICK13_AUCTION = ("pass", "pass", "pass", "bid 16", "trump 7H")

# Seat 0 holds every jack and nine, seat 1 every ace and ten, seat 2 every king and queen,
# seat 3 every eight and seven: two of each suit each, so everyone always follows suit and
# seat 0, leading J then 9 of each suit, wins all eight tricks.
SWEEP = (
    "JS JH JD 9C | 9S 9H 9D JC",
    "AS AH AD TC | TS TH TD AC",
    "KS QS KH QH | KD QD KC QC",
    "8S 7S 8H 7H | 8D 7D 8C 7C",
)

# The pair for the bidding team: seat 0 bids, lays the 7 of hearts and holds KH QH.
# Seat 1 holds no diamond and two hearts.
PAIR_BIDDERS = (
    "JS KH QH 7H | TS JD 8D 9C",
    "7S KS JH 9H | 7C AC TC KC",
    "8S 9S AH TH | 7D 9D JC QC",
    "AS QS 8H AD | TD KD QD 8C",
)
# Script: trick 1 seat 0 wins with JS before trump is shown; trick 2 seat 1 asks and wins
# with 9H; trick 3 seat 2 wins with JC (no trump in it); trick 4 seat 0 may declare.
PAIR_BIDDERS_TRICKS_1_TO_3 = (
    "play JS", "play 7S", "play 8S", "play AS",
    "play JD", "show trump", "play 9H", "play 7D", "play AD",
    "play 7C", "play JC", "play 8C", "play 9C",
)

# The pair for the defenders: seat 1 holds KH QH 8H and no diamond; seat 0 bids and lays
# the 7 of hearts.
PAIR_DEFENDERS = (
    "JS JH 9H 7H | TS JD 8D 9C",
    "7S 8H KH QH | 7C AC TC KC",
    "8S 9S AH TH | 7D 9D JC QC",
    "AS QS KS AD | TD KD QD 8C",
)
# Trick 1 seat 0 wins with JS; trick 2 seat 1 asks and wins with its 8H, the only trump.
PAIR_DEFENDERS_TRICKS_1_TO_2 = (
    "play JS", "play 7S", "play 8S", "play AS",
    "play JD", "show trump", "play 8H", "play 7D", "play AD",
)
