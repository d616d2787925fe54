"""A duel's incoming messages (seabattle.duel.protocol's ``Duel._receive``): each to its phase's
module, a refused or malformed one counted and said, a fatal one ending the duel. A module of its
own so that a board compiling the protocol from .py compiles it in parts: compiling holds a
module's whole parse tree (``python -m tools.ramreport --compile``).
"""

from seabattle.compat import load_module
from seabattle.duel.wire import (DONE, FLOOD, OVER, PLAY, SETUP, T_CMT, T_ERROR, T_HELLO, T_PROOF, T_RESULT, T_REVEAL,
                                 T_SHIPS, T_SHOT, T_SYNC, T_TOSS_R, Refused, finding)


def receive(d, m):
    try:
        dispatch(d, m)
    except Refused as r:
        d.stats["refused"] += 1
        if r.fatal:
            fail(d, r.evidence)
        else:
            d._event(("refused", r.evidence))
            if d._synced and len(d._outbox) < 8:  # (said while few wait: a flood is not echoed)
                d._send_error(r.evidence, False)
    except (IndexError, ValueError, TypeError):  # a malformed message: not applied
        d.stats["bad"] += 1
    # an honest peer's messages are refused only as a rare repeat over a new connection (at
    # most one per shot): past that and FLOOD more, the peer is flooding and the duel stops
    n = d.stats["refused"] + d.stats["bad"]
    if n > FLOOD + d.shots() and d.phase != DONE:
        fail(d, finding("flood", n))


def stop(d, evidence, won, reason, told):
    # the game decided by a clock: ``evidence`` shown here (first: the screen shows why), then
    # the result, and ``told`` to the peer as its end (a side that stops the battle loses it)
    d._event(("error", evidence, False))
    decide(d, won, reason)
    d._done()
    d._outbox = []
    d._send_error(told, True)


def fail(d, evidence):
    """Stop the duel: a cheat caught, or versions/rules that cannot play together."""
    if d.phase == DONE:
        return
    d._event(("error", evidence, False))
    if d.phase == PLAY or d._toss_owed() or evidence.cheat():  # a cheat caught, or the game's
        # course broken on purpose (an honest pair never desynchronises: tests/test_duel_games.py),
        # once the game is begun or the peer knows the toss and I not: the peer's forfeit
        decide(d, True, "cheat")
    if evidence.cheat():
        d.verdict = [evidence]
        d._event(("verdict", d.verdict))
    d._done()
    d._outbox = []
    if d._up:
        d._send_error(evidence, True)
        while d._outbox and d.channel.room() > 0:
            d.channel.send(d._outbox.pop(0))


def dispatch(d, m):
    t = m[0]
    if t == T_SYNC:
        if d._synced:
            raise Refused(finding("replay", -1))
        return load_module("seabattle.duel.sync").on_sync(d, m)
    if t == T_ERROR:
        from seabattle.duel.evidence import decode

        ev = decode(m[2:]) or finding("desync", -1)
        if m[1]:
            # the peer ends the duel. During the battle (or holding my half of the coin toss and
            # not its own) that is leaving a game it has not won, and it loses it: its accusation
            # is its claim, not evidence (a side that lied is caught by my own checks and by the
            # verdict on its reveal), its clock run out its own word (seabattle.duel.shots.clock)
            d._event(("error", ev, True))
            if d.phase == PLAY or d._toss_owed():
                decide(d, True, "clock" if ev.kind == "clock" else "resign")
            d._done()
        else:
            d._event(("refused", ev))
        return
    if not d._synced:
        raise Refused(finding("desync", -1))
    if d.phase == DONE:
        return
    if T_HELLO <= t <= T_TOSS_R:  # the set-up's messages
        if d.phase != SETUP:  # all agreed already: only a repeat (seabattle.duel.handshake)
            if t == T_CMT and m[1] >= d.peer_cmt_n:
                raise Refused(finding("desync", -1), True)
            if t == T_CMT:
                d.stats["replays"] += 1
            return
        return load_module("seabattle.duel.handshake").on_message(d, m)
    if t == T_SHOT:
        return load_module("seabattle.duel.shots").on_shot(d, m)
    if t == T_RESULT:
        return load_module("seabattle.duel.results").on_result(d, m)
    if t == T_PROOF:
        return load_module("seabattle.duel.results").on_proof(d, m)
    if t == T_REVEAL or t == T_SHIPS:
        if d.phase == SETUP or d.verdict is not None:
            return
        return load_module("seabattle.duel.reveal").on_reveal(d, m)
    raise ValueError("unknown message")


def decide(d, won, reason):
    d.won = won
    d.reason = reason
    if d.phase == PLAY:
        d.phase = OVER
    d._over_at = d.clock()
    d._dirty = True
    d._event(("over", won, reason))
