"""A simulated ``microcontroller.nvm`` that can lose power in the middle of a write.

Two ways a write can be cut, both counted in bytes so a test can cut at every boundary:

- ``"flash"`` models the nRF port (``ports/nordic/common-hal/nvm/ByteArray.c``): each page the
  write touches is copied to RAM, erased (all 0xFF), then programmed again from its first byte.
  A cut after the erase leaves the rest of that page blank.
- ``"torn"`` models a byte-writable store: the new bytes land in order and the rest stay old.

``cut_after = n`` lets n steps happen (the erase of a page is one step, each programmed byte one
step) and raises ``PowerCut`` on the next. ``erases`` counts page erases: flash wear.
"""


class PowerCut(Exception):
    pass


class FlashNvm:
    def __init__(self, size=8192, page=4096, mode="flash"):
        self.mem = bytearray(b"\xff" * size)
        self.page = page
        self.mode = mode
        self.cut_after = None
        self.busy = 0  # the next writes refused, as an nRF's nvm does while the radio is busy
        self.erases = 0
        self.writes = 0

    def __len__(self):
        return len(self.mem)

    def __getitem__(self, index):
        return bytes(self.mem[index])

    def _step(self):
        if self.cut_after is not None:
            if self.cut_after <= 0:
                raise PowerCut()
            self.cut_after -= 1

    def __setitem__(self, index, data):
        start, stop = index.start, index.stop
        if stop - start != len(data):
            raise ValueError("nvm slice and data differ in length")
        if self.busy:
            self.busy -= 1
            raise RuntimeError("Unable to write to nvm.")  # (ports/nordic/common-hal/nvm/ByteArray.c)
        self.writes += 1
        if self.mode == "torn":
            for k in range(len(data)):
                self._step()
                self.mem[start + k] = data[k]
            return
        first = start // self.page
        last = (stop - 1) // self.page
        for p in range(first, last + 1):
            a = p * self.page
            image = bytearray(self.mem[a:a + self.page])
            lo = max(start, a)
            hi = min(stop, a + self.page)
            image[lo - a:hi - a] = data[lo - start:hi - start]
            self._step()
            for k in range(self.page):
                self.mem[a + k] = 0xFF
            self.erases += 1
            for k in range(self.page):
                self._step()
                self.mem[a + k] = image[k]


def raises(exc_type, fn, *args):
    """Call fn(*args); it must raise exc_type. Returns the exception."""
    try:
        fn(*args)
    except exc_type as exc:
        return exc
    raise AssertionError("expected %s from %r%r" % (exc_type.__name__, fn, args))
