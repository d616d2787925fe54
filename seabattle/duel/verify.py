"""The check after a duel: the revealed seed and fleet against everything said during the game.

``check_reveal`` recomputes every commitment from the seed (25 + 100 hashes on a classic board),
checks the fleet against the rules, and replays every answer the revealing side gave. Each
finding is an ``Evidence`` that names the cells, so the result screen can say exactly what was
wrong; an empty list means verified (made by seabattle.duel.wire.finding: the module of findings
loads only when there is one).
"""

from seabattle.duel import commit
from seabattle.board import MISS, HIT, SUNK, Board
from seabattle.compat import forget
from seabattle.duel.wire import finding, ship_cells
from seabattle.fleet import Fleet, Ship


def check_reveal(rules, commitments, seed, ships, answers):
    """Findings against the side that revealed ``seed`` and ``ships`` [(first, last), ...].

    ``answers`` lists that side's answers in order: (square, answer, first, last) where first
    and last bound the sunk ship (-1 unless SUNK).
    """
    found = []
    cells = rules.cells
    fleet_ships = []
    owner = bytearray(cells)
    for first, last in ships:
        sqs = ship_cells(rules, first, last)
        fleet_ships.append(Ship(sqs))
        for sq in sqs:
            if 0 <= sq < cells:
                owner[sq] = 1
    salts = commit.salts(seed, cells)
    for sq in range(cells):
        salt = salts[sq * commit.SALT:(sq + 1) * commit.SALT]
        if not commit.opens(commitments, sq, salt, owner[sq]):
            found.append(finding("reveal_mismatch", sq))
            break
    fleet = Fleet(rules, fleet_ships)
    from seabattle import fleetcheck

    try:
        fleetcheck.validate(fleet)
    except fleetcheck.FleetError as err:
        ship = err.fields.get("other") or err.fields.get("ship") or (-1,)
        found.append(finding("fleet", min(ship), max(ship), error=err))
    fleetcheck = None
    forget("seabattle.fleetcheck")  # the fleet's checks: the battle is over
    board = Board(fleet)
    for sq, said, first, last in answers:
        if not 0 <= sq < cells or board.shots[sq]:
            found.append(finding("desync", sq))
            continue
        true, index = board.fire(sq)
        if true == said:
            if said == SUNK:
                real = fleet.ships[index].cells
                if (real[0], real[-1]) != (min(first, last), max(first, last)):
                    found.append(finding("bad_sunk", sq, first, last))
            continue
        if said == MISS:
            found.append(finding("lie_miss", sq))
        elif true == MISS:
            found.append(finding("lie_hit", sq))
        elif said == HIT:
            real = fleet.ships[index].cells
            found.append(finding("lie_not_sunk", sq, real[0], real[-1]))
        else:
            found.append(finding("lie_sunk", sq))
    return found
