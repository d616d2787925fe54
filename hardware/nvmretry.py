"""Trying an nvm write again (hardware.storage.Store.save, when the first try raised).

An nRF board's nvm write can fail while the radio is busy: the port raises RuntimeError("Unable
to write to nvm.") when the SoftDevice does not carry out the flash operation
(ports/nordic/common-hal/nvm/ByteArray.c), and the same write succeeds a moment later. Each try
writes the whole record to the slot the Store writes to, never the newest one, so the record
before stays the newest complete one on flash whatever a failed try left. Loaded only when a write
fails: a board that never sees one does not hold this code.
"""

import time

TRIES = 5  # the first try (the Store's) included
WAIT_S = 0.02


def write(nvm, at, record):
    """``record`` into ``nvm`` at ``at``, tried up to TRIES - 1 more times WAIT_S apart: None once
    written, else why not (the Store raises it as a StorageError, unchanged: the record before
    stays)."""
    for _ in range(TRIES - 1):
        time.sleep(WAIT_S)
        try:
            nvm[at:at + len(record)] = record
            return None
        except RuntimeError as e:
            refused = e
    return "nvm refused the save %d times: %s" % (TRIES, refused)
