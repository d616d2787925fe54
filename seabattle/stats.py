"""One player's score: shots, hits, ships sunk and the longest run of hits. Its own module so
that a duel (seabattle.duel.match) counts it without loading seabattle.game."""

from seabattle.board import MISS, SUNK


class Stats:
    """One player's figures for the battle, end and statistics screens."""

    def __init__(self):
        self.shots = 0
        self.hits = 0  # hits and sinking shots
        self.sunk = 0
        self.run = 0  # hits in a row so far
        self.longest_run = 0

    def count(self, answer):
        self.shots += 1
        if answer == MISS:
            self.run = 0
            return
        self.hits += 1
        self.run += 1
        if self.run > self.longest_run:
            self.longest_run = self.run
        if answer == SUNK:
            self.sunk += 1

    def as_tuple(self):
        return (self.shots, self.hits, self.sunk, self.longest_run)
