"""Scripted walks through every screen, driven only by actions: for tools.screens, the tests and
the screen benchmark.

``walk(lang, seed)`` yields ``(scene name, flow)`` at each screen worth a picture: title, the
level menu, placement with an illegal ship, the placement menu, battle mid-game (misses, hits, a
sunk ship and its halo), the pause menu, both boards swapped, the end with verification,
statistics, about, and each duel screen (through a stand-in duel adapter).
"""

from seabattle import ui
from seabattle.screens import duel
from seabattle.screens.flow import Flow, Settings


class FakeDuel:
    """Stands in for the duel adapter so every duel screen can be shown without a radio."""

    def __init__(self):
        self.calls = []

    def load(self):
        return self  # (the adapter, already loaded: seabattle.duel.adapter.DuelAdapter.load)

    def host(self):
        self.calls.append("host")
        return "KIT-42"

    def join(self):
        self.calls.append("join")

    def connect(self, lobby):
        self.calls.append("connect " + lobby)

    def accept(self):
        self.calls.append("accept")

    def cancel(self):
        self.calls.append("cancel")

    def poll(self, flow, now):
        pass

    def resumable(self):
        """(peer name, role) of a saved duel: set ``saved_peer`` to show the title's offer."""
        peer = getattr(self, "saved_peer", None)
        return (peer, "host") if peer else None


def goto(flow, square, cursor):
    """Arrow actions that bring the cursor from ``cursor`` to ``square``."""
    w = flow.rules.width
    dx = square % w - cursor % w
    dy = square // w - cursor // w
    for _ in range(abs(dx)):
        flow.act(ui.RIGHT if dx > 0 else ui.LEFT)
    for _ in range(abs(dy)):
        flow.act(ui.DOWN if dy > 0 else ui.UP)


def choose(flow, key):
    """Move a menu's selection to ``key`` and press FIRE."""
    while flow.keys[flow.screen.selected] != key:
        flow.act(ui.DOWN)
    flow.act(ui.FIRE)


def place_fleet(flow, fleet):
    """Place ``fleet`` (a seabattle.fleet.Fleet) ship by ship with cursor moves and FIRE."""
    ships = list(fleet.ships)
    while flow.todo:
        size = flow.todo[0]
        ship = [s for s in ships if s.size == size][0]
        ships.remove(ship)
        vertical = size > 1 and ship.cells[1] - ship.cells[0] != 1
        if vertical != flow.vertical:
            flow.act(ui.BACK)
        goto(flow, ship.cells[0], flow.anchor)
        flow.act(ui.FIRE)


def made(flow):
    """Frames pass while the computer places its fleet (seabattle.screens.battle.make)."""
    while flow.name == "making":
        flow.tick(flow.now)


def shoot(flow, square, now):
    """Aim at ``square`` and fire; then let the computer answer. Returns the new time."""
    goto(flow, square, flow.aim)
    flow.act(ui.FIRE)
    while flow.name == "battle" and (flow.wait_until >= 0 or not flow.match.my_turn()):
        now += 1000
        flow.tick(now)
    return now


def play_out(flow, now, first_free=True):
    """Fire at every cell in order until the game ends (a quick, dumb player)."""
    while flow.name == "battle":
        view = flow.match.view
        squares = [sq for sq in range(flow.rules.cells) if view.can_fire(sq)]
        if not first_free:
            ships = flow.match.enemy_fleet.owner
            hits = [sq for sq in squares if ships[sq]]
            squares = hits or squares
        now = shoot(flow, squares[0], now)
    return now


def walk(lang="ru", seed=7, size=None):
    from random import Random

    rng = Random(seed)
    flow = Flow(rng, settings=Settings(lang=lang), duel=FakeDuel())
    yield "title", flow
    choose(flow, "play")
    yield "level", flow
    flow.act(ui.FIRE)
    # two ships, then a third pushed against the second: an illegal spot with its reason
    flow.act(ui.FIRE)  # 4 decks at А1–Г1
    goto(flow, 2 * 10 + 5, flow.anchor)
    flow.act(ui.BACK)
    flow.act(ui.FIRE)  # 3 decks down from Е3
    goto(flow, 1 * 10 + 3, flow.anchor)  # 3 decks down from Г2: touches А1–Г1
    yield "place_illegal", flow
    flow.act(ui.MENU)
    yield "place_menu", flow
    choose(flow, "random")
    yield "place_done", flow
    flow.act(ui.FIRE)
    made(flow)
    now = 0
    if not flow.match.my_turn():
        while not flow.match.my_turn():
            now += 1000
            flow.tick(now)
    # mid-game: sink the smallest multi-deck ship (its halo appears), hit a bigger one, miss twice
    enemy = flow.match.enemy_fleet
    twos = [s for s in enemy.ships if s.size == 2]
    for sq in twos[0].cells:
        now = shoot(flow, sq, now)
    big = [s for s in enemy.ships if s.size == max(flow.rules.fleet)][0]
    now = shoot(flow, big.cells[0], now)
    water = [sq for sq in range(flow.rules.cells) if not enemy.owner[sq] and flow.match.view.can_fire(sq)
             and flow.match.view.cells[sq] == 0]
    now = shoot(flow, water[len(water) // 2], now)
    now = shoot(flow, water[-1], now)
    yield "battle", flow
    flow.act(ui.SWITCH)
    yield "battle_own", flow
    flow.act(ui.SWITCH)
    flow.act(ui.MENU)
    yield "pause", flow
    flow.act(ui.BACK)
    now = play_out(flow, now, first_free=False)
    while flow.name == "battle":
        now += 1000
        flow.tick(now)
    yield "end", flow
    flow.act(ui.MENU)
    choose(flow, "stats")
    yield "stats", flow
    flow.act(ui.BACK)
    choose(flow, "about")
    yield "about", flow
    flow.act(ui.BACK)
    choose(flow, "duel")
    yield "duel", flow
    choose(flow, "host")
    yield "duel_host", flow
    duel.show_duel(flow, "duel_join", lobbies=["KIT-42", "SOM-07"])
    yield "duel_join", flow
    duel.show_duel(flow, "duel_code", code="4821 7730")
    yield "duel_code", flow
    duel.show_duel(flow, "duel_wait")
    yield "duel_wait", flow
    duel.show_duel(flow, "duel_reconnect", detail="2/5")
    yield "duel_reconnect", flow
    duel.show_duel(flow, "duel_gone")
    yield "duel_gone", flow
    # after a reset in the middle of a duel: the title offers it, then reconnect or abandon
    flow.duel.saved_peer = {"ru": "Маша", "uk": "Марія"}.get(lang, "Mary")
    flow.go_title()
    yield "title_duel_saved", flow
    choose(flow, "duel_continue")
    yield "duel_saved", flow
