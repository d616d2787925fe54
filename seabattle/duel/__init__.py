"""A duel between two devices: the protocol, its frames and checks, and the screens' view of it."""
