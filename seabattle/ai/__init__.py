"""The computer players: the levels, their own fleets, the habits they learn."""
