"""Test doubles (a simulated link, simulated duels, a random player): never shipped to a board."""
