"""The duel's radio: the BLE link, finding the peer, and starting a duel on a board."""
