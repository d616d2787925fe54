"""A new Duel's state (seabattle.duel.protocol): every field the protocol keeps, set once by ``init``.
Imported by ``Duel.__init__`` and dropped right after (``seabattle.duel.protocol.forget``): a duel is
made once (or loaded once from a save), and on a board every module loaded costs heap, so the
set-up phase's screens do not hold this code.
"""

from seabattle.duel import commit
from seabattle.compat import forget
from seabattle.duel.protocol import GUEST, HOST, SETUP, DuelError, _name_bytes, _random_bytes, finding


def init(d, link, clock, rng, role, name, rules, store, gone_ms, reveal_ms, restoring):
    """A new Duel's state (``Duel.__init__``): every field the protocol keeps, set here once."""
    if role not in (HOST, GUEST):
        raise DuelError("role must be HOST or GUEST")
    if rules.cells > 256:
        raise DuelError("duels need a board of at most 256 cells", finding("rules"))
    forget("seabattle.game")  # a game against the computer's, if one was played: a duel never uses it
    d.link = link
    d.clock = clock
    d.rng = rng
    d.role = role
    d.name = _name_bytes(name)
    d.rules = rules
    d.store = store
    d.gone_ms = gone_ms
    d.reveal_ms = reveal_ms
    # the reliable channel (seabattle.duel.channel) exists only while the link is up: made by
    # seabattle.duel.sync.connect, dropped by Duel.poll when the link goes down (its code and
    # buffers, ~5 KB, are not held while the boards find each other again); its counters
    # (Channel.stats: bytes out, resent, foreign frames ...) are this list, kept across connections
    # (the frame decoder's, Decoder.stats, start again with each connection: a duel never reads them)
    d.channel = None
    d.channel_stats = [0] * 7
    d.phase = SETUP
    d.peer_name = ""
    d.hello_in = False
    d.nonce = None if restoring else _random_bytes(rng, commit.NONCE)  # load() sets it
    d.peer_toss_c = None
    d.peer_nonce = None
    d.seed = None
    d.fleet = None
    d.board = None
    d.my_root = None
    d._salts = None
    d._cmt = None
    d.view = None
    d.peer_cmt = None
    d.peer_cmt_n = 0  # CMT messages received
    d.sid = 0
    d.first = -1  # role that shoots first
    d.code = None
    d.log = bytearray()  # 4 bytes a shot: (mine << 7 | answer, square, first, last)
    d.tags = bytearray()  # TAG bytes a shot: the peer's tag of its shots (zeros for mine)
    d.pending = -1  # my shot waiting for its answer
    d.turn_mine = False
    d.opened_peer = None  # cells of the opponent's board I know the value of
    d.opened_mine = None  # cells of my board the opponent knows
    d._wait = None  # a sunk answer waiting for its halo proofs
    d.peer_seed = None
    d.peer_ships = []
    d.peer_nships = -1
    d.won = None  # True / False once decided
    d.reason = None
    d.verdict = None
    d.peer_knows_sid = False
    d._toss_msg = 0
    d._up = False
    d._synced = False
    d._peer = None  # what the peer holds from me: [hello, toss_c, cmt, toss_r, log, reveal parts]
    d._outbox = []
    d._down_since = clock()
    d._over_at = 0
    d._foreign_seen = 0
    d._dirty = True  # changed since the last store()
    d._must = False  # store() in this poll, before anything is acknowledged or sent
    d.events = []
    d.stats = {"replays": 0, "refused": 0, "bad": 0, "resyncs": 0}
