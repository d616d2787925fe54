"""The BLE link's states, its HELLO and its timing, and LinkError: what the link
(hardware/radio/ble.py) and finding its peer (hardware/radio/blefind.py) both use.
"""

HELLO = b"\x7fSB"  # + 4 code bytes
HELLO_LEN = 7
HELLO_MS = 3000
RETRY_MS = 2000
SCAN_S = 1.0

# states
IDLE = "idle"
ADVERTISING = "advertising"  # host: waiting for the opponent
HANDSHAKE = "handshake"  # connected, HELLO not yet exchanged
READY = "ready"  # frames flow
LOST = "lost"  # connection dropped; reconnecting
CLOSED = "closed"


class LinkError(ValueError):
    """A link operation that cannot be done here (names what and why)."""
