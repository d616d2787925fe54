"""The end of a duel (seabattle.duel.protocol): both fleets revealed and checked against everything said
during the game (seabattle.duel.verify). Functions of the Duel ``d``; imported by seabattle.duel.protocol
once the game is decided and dropped when the duel is done (``seabattle.duel.polling.tidy``).
"""

from seabattle.duel import commit
from seabattle.duel.wire import PER_SHIPS, PLAY, SETUP, T_REVEAL, T_SHIPS
from seabattle.duel.verify import check_reveal


def plan(d):
    """My fleet revealed (``seabattle.duel.polling.plan`` once the game is decided by sinking), if the peer lacks it."""
    p = d._peer
    parts = 1 + (len(d.fleet.ships) + PER_SHIPS - 1) // PER_SHIPS
    if p[5] < parts:
        p[5] = parts
        d._keep()  # the game decided, before my seed opens every salt
        ships = d.fleet.ships
        d._outbox.append(bytes((T_REVEAL,)) + d.seed + bytes((len(ships),)))
        for start in range(0, len(ships), PER_SHIPS):
            part = bytearray((T_SHIPS, start))
            for ship in ships[start:start + PER_SHIPS]:
                part.append(ship.cells[0])
                part.append(ship.cells[-1])
            d._outbox.append(bytes(part))


def on_reveal(d, m):
    # in PLAY too: a side whose fleet is all sunk in its own eyes reveals at once; if the
    # fleet had fewer ships than the rules, the check below says so
    if d.phase == SETUP or d.verdict is not None:
        return
    if m[0] == T_REVEAL:
        if d.peer_seed is None:
            if len(m) != 2 + commit.SEED:
                raise ValueError("reveal")
            d.peer_seed = bytes(m[1:1 + commit.SEED])
            d.peer_nships = m[1 + commit.SEED]
    else:
        start = m[1]
        if d.peer_seed is None or start != len(d.peer_ships):
            return
        body = m[2:]
        for i in range(0, len(body) - 1, 2):
            d.peer_ships.append((body[i], body[i + 1]))
    d._dirty = True
    if d.peer_seed is not None and len(d.peer_ships) >= d.peer_nships:
        verify(d)


def verify(d):
    answers = []
    for k in range(d.shots()):
        mine, answer, sq, first, last = d._entry(k)
        if mine:
            answers.append((sq, answer, first, last))
    d.verdict = check_reveal(d.rules, d.peer_cmt, d.peer_seed, d.peer_ships[:d.peer_nships], answers)
    # the evidence decides the result, not the shots: a fleet or answers shown false lose the
    # game, a win by sinking included (a fleet of nine ships cannot be sunk: its owner won
    # until this check)
    if d.phase == PLAY or d.verdict:  # (in PLAY: revealed before losing, a cheat or a resignation)
        d._decide(True, "cheat" if d.verdict else "resign")
    d._done()
    d._event(("verdict", d.verdict))
    if d.verdict:
        d._send_error(d.verdict[0], True)
