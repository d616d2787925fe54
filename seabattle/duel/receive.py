"""A duel's incoming messages (seabattle.duel.protocol's ``Duel._receive``): each to its phase's
module, a refused or malformed one counted and said, a fatal one ending the duel. A module of its
own so that a board compiling the protocol from .py compiles it in parts: compiling holds a
module's whole parse tree (``python -m tools.ramreport --compile``).
"""

from seabattle.compat import load_module
from seabattle.duel.wire import (DONE, OVER, PLAY, SETUP, T_CMT, T_ERROR, T_HELLO, T_PROOF, T_RESULT, T_REVEAL,
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
            if d._synced:
                d._send_error(r.evidence, False)
    except (IndexError, ValueError, TypeError):  # a malformed message: not applied
        d.stats["bad"] += 1


def fail(d, evidence):
    """Stop the duel: a cheat caught, or versions/rules that cannot play together."""
    if d.phase == DONE:
        return
    d._event(("error", evidence, False))
    if evidence.cheat() and d.phase == PLAY:
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
            d._event(("error", ev, True))
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
