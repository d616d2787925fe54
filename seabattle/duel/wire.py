"""What every module of the duel shares (seabattle.duel.protocol and its phases: setup, shots,
reveal, sync, restore, verify): the roles, the phases (a save holds them too), the messages'
types and sizes, the errors a move is refused with and the small helpers they all use. It
imports nothing of the duel's but its findings (seabattle.duel.evidence, loaded only when there
is one), so the protocol sits above its phases and they above this.

The conversation (each message is one frame; see ``T_*``):

* every connection starts with SYNC: what each side already holds from the other, so either
  side resends exactly what the other lacks (after a disconnect or a reboot);
* HELLO: protocol version range, role, rules (the host's win), name;
* TOSS_C, CMT..., TOSS_R: commitment to a coin nonce, the fleet committed cell by cell, the nonce
  revealed. The nonces and both fleet commitments give the session id, who shoots first and
  the match code both screens show;
* SHOT / RESULT (+ PROOF): each answer carries the salt that opens the committed cell, a sunk
  answer names the ship and opens its halo; the shooter checks it on arrival;
* REVEAL / SHIPS after the game: the seed and the fleet, checked in full (seabattle.duel.verify);
* ERROR: a refused move or a cheat, with evidence.

Flash wear: on a board every ``store`` is one nvm write, one flash page erase. The state is
kept only where forgetting it would let the peer change the game, never for what the peer
simply sends again after a reconnect (the SYNC says what each side holds):

* before TOSS_C and the first CMT: my coin nonce, seed and fleet. Forgotten, I would commit
  to a new fleet or coin after the peer has the old commitments;
* before TOSS_R (my nonce revealed): the peer's coin commitment and all its cell commitments,
  so it can never swap them once the toss can be computed;
* when the toss is complete (both nonces: session id, first shooter): the peer learns from
  this poll's acknowledgement that I know the session and stops accepting session 0;
* before answering a shot of the peer's that passes the turn ("Мимо!"): forgotten, the peer
  could fire that shot again at another cell with the answer in hand, a free shot. A hit or a
  sunk answer keeps the peer shooting, so a peer firing it again elsewhere gains nothing: after
  a reboot it re-sends its shots (SHOT k) and I answer them again from my board;
* my own shots need no save: each SHOT carries a TAG, a MAC of (shot number, cell) under my
  secret seed, echoed in the RESULT. A peer answering a shot I forgot proves with the tag which
  cell I chose; it cannot make one up without my seed (revealed only after the game);
* before REVEAL (the game decided) and when the duel is done (so it is not offered again).

So a board writes about once per turn of its own plus five or six times a duel, instead of
before every message. The logs of two boards may then differ by many shots after a reboot:
the side ahead re-sends them in order (SHOT for its own, RESULT with the tag for the other's).
"""

from seabattle.compat import const

PROTO_MIN = const(1)
PROTO_MAX = const(1)
HOST = const(0)
GUEST = const(1)

SETUP = const(0)  # hello, commitments, coin toss
PLAY = const(1)
OVER = const(2)  # the game is decided; fleets being revealed
DONE = const(3)  # verdict known, or stopped by an error / a vanished player

T_SYNC = const(1)
T_HELLO = const(2)
T_TOSS_C = const(3)
T_CMT = const(4)
T_TOSS_R = const(5)
T_SHOT = const(6)
T_RESULT = const(7)
T_PROOF = const(8)
T_REVEAL = const(9)
T_SHIPS = const(10)
T_ERROR = const(11)

PER_CMT = const(2)  # commitments per CMT message
PER_PROOF = const(4)  # salts per PROOF message
PER_SHIPS = const(16)  # ships per SHIPS message
TAG = const(4)  # bytes of a shot's tag (see "Flash wear")
NAME_MAX = const(12)  # bytes of a player's name on the wire
NONE = const(255)

REASONS = ("sunk", "gone", "cheat", "resign", "clock")
GONE_MS = const(120000)
REVEAL_MS = const(60000)
# the turn clock (seabattle.duel.shots.clock), while the link is up. A move is TURN_MS; the
# mover gives its own move up CLOCK_SLACK sooner, by the time it saw its turn begin, and says so;
# the side that waits claims the move only ANSWER_MS later still, by the time it saw the turn
# pass. So a shot fired in time, or the mover's own word that its time ran out, reaches the
# waiting side before its claim unless the link held the two messages up longer than
# CLOCK_SLACK + ANSWER_MS: both boards name the same loser. An answer (and a sunk ship's
# proofs), which a board sends by itself, and the coin toss's second half have ANSWER_MS
TURN_MS = const(180000)
CLOCK_SLACK = const(10000)
ANSWER_MS = const(60000)
FLOOD = const(64)  # refused or malformed messages beyond one a shot: a flooding peer (seabattle.duel.receive)


def finding(kind, *args, error=None):
    """A finding (seabattle.duel.evidence.Evidence), its module loaded now: a duel that goes well
    needs none, and on a board every module loaded costs heap."""
    from seabattle.duel.evidence import Evidence

    return Evidence(kind, *args, error=error)


class DuelError(ValueError):
    """A local call that is not allowed now (``evidence`` says why); nothing changed."""

    def __init__(self, message, evidence=None):
        super().__init__(message)
        self.evidence = evidence


class Refused(Exception):
    """Raised inside message handlers: refuse the message, keep the game (``fatal``: stop it)."""

    def __init__(self, evidence, fatal=False):
        super().__init__(evidence.kind)
        self.evidence = evidence
        self.fatal = fatal


def ship_cells(rules, first, last):
    """The cells of the straight ship from ``first`` to ``last`` (as sent on the wire): the
    shots', the halos' and the reveal's.

    Two squares in neither one row nor one column give just those two (a bent ship)."""
    width = rules.width
    if first > last:
        first, last = last, first
    if first // width == last // width:
        return list(range(first, last + 1))
    if first % width == last % width:
        return list(range(first, last + 1, width))
    return [first, last]


def random_bytes(rng, n):
    out = bytearray(n)
    for i in range(n):
        out[i] = rng.randrange(256)
    return bytes(out)


def name_bytes(name):
    """``name`` in UTF-8, cut to whole letters within NAME_MAX bytes."""
    out = b""
    for i in range(len(name)):
        b = name[i:i + 1].encode("utf-8")  # a slice: iterating a str interns each letter on MicroPython
        if len(out) + len(b) > NAME_MAX:
            break
        out += b
    return out
