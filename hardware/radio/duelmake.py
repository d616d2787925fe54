"""Making the duel adapter (seabattle.duel.adapter.DuelAdapter) of a board that can have a radio,
with the duel kept in its nvm: hardware.radio.lazyduel.LazyDuel loads this when a duel is chosen
(the title reading a saved duel, the duel menu) and drops it once the adapter is made; the
adapter's linker and hooks are hardware.radio.duelhooks', held through the duel."""

from hardware.radio.duelhooks import LazyLinker, hooks
from seabattle.compat import forget


def saved_duel(keeper):
    """(lobby code, bytes for seabattle.duel.protocol.Duel.load) of the duel in the nvm, or None."""
    found = keeper.saved()
    if found is None or found[0] != "duel" or not found[1]:
        return None
    g = found[1]
    n = g[0]
    try:
        return bytes(g[1:1 + n]).decode(), bytes(g[1 + n:])
    except ValueError:
        return None


def make_duel(p):
    """The screens' duel adapter over the radio of the profile ``p``, with the duel in its nvm."""
    from seabattle.duel.adapter import DuelAdapter

    make, load, abandon = hooks(p)
    try:
        return DuelAdapter(LazyLinker(p), make, saved=saved_duel(p.keeper), load_duel=load, forget=abandon)
    finally:  # made once per duel: the adapter holds its hooks, not this module
        forget("hardware.radio.duelmake")
