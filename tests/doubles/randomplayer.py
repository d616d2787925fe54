"""The plainest computer player, for benchmarks and tests: a test double, never shipped to a board."""


class RandomOpponent:
    """The plainest computer player: any cell it has not fired at, uniformly."""

    name = "random"

    def __init__(self, rules, rng):
        self.rules = rules
        self.rng = rng

    def choose(self, view):
        free = [sq for sq in range(self.rules.cells) if view.can_fire(sq)]
        return free[self.rng.randrange(len(free))]

    def learn(self, shot):
        pass
