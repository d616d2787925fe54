"""hardware.memcheck: a maker's count of the heap a board has, and what fits in it.

On CPython an allocator with a fixed amount of memory stands in for the heap; on the MicroPython
unix port (tests/test_hw_micropython.py, -X heapsize=128k) the count runs against the real heap.
"""

import gc
import sys

from hardware import memcheck


class Heap:
    """A heap of ``blocks`` free KB in one piece and ``holes`` 64-byte holes between live objects
    (fragmentation), allocated as ``bytearray(size)`` is: MemoryError once no place fits. It
    hands out the sizes, not the bytes (the MicroPython run's real heap is 128 KB)."""

    def __init__(self, blocks, holes=0):
        self.left = blocks * 1024
        self.holes = holes
        self.sizes = []

    def __call__(self, size):
        if size <= self.left:
            self.left -= size
        elif size <= 64 and self.holes:
            self.holes -= 1
        else:
            raise MemoryError
        self.sizes.append(size)
        return size


def test_the_count_takes_big_blocks_then_the_holes_between_them():
    heap = Heap(100, holes=40)
    assert memcheck.free_kb(heap) == 102  # 100 KB in 1 KB blocks, 2.5 KB of 64-byte holes
    assert heap.sizes.count(1024) == 100 and heap.sizes.count(64) == 40


def test_holes_alone_are_counted():
    assert memcheck.free_kb(Heap(0, holes=15)) == 0  # (960 bytes: under 1 KB)
    assert memcheck.free_kb(Heap(0, holes=33)) == 2


def test_the_count_lets_the_heap_go_again():
    if sys.implementation.name != "micropython":
        return  # (CPython's heap has no end to find: the Heap stand-in above counts there)
    gc.collect()
    before = gc.mem_free()
    free = memcheck.free_kb()
    # what it found is what the VM reported free, but for the count's own list and a few holes
    assert 0.8 * before <= free * 1024 <= before, (free, before)
    gc.collect()
    again = bytearray(before // 2)  # all of it was let go
    assert len(again) == before // 2


def test_each_kind_of_game_gets_a_verdict():
    lines = []
    heap = Heap(memcheck.HARD_KB + 3)
    free = memcheck.report(lines.append, heap, lambda path: False)
    assert free == memcheck.HARD_KB + 3
    text = "\n".join(lines)
    assert "%d KB of heap free" % free in text
    easy, hard, duel = lines[1:4]
    assert "computer" in easy and "fits (%d KB to spare)" % (free - memcheck.EASY_KB) in easy
    assert "hard" in hard and "tight (3 KB to spare)" in hard
    assert "duel" in duel and "does not fit (%d KB short)" % (memcheck.DUEL_KB - free) in duel
    assert ".py" not in text


def test_a_board_with_room_for_everything_is_told_so():
    lines = []
    memcheck.report(lines.append, Heap(2048), lambda path: False)  # an ESP32-S3's PSRAM
    assert all("fits" in line and "tight" not in line for line in lines[1:4]), lines


def test_an_install_from_source_is_warned_of_the_compiling():
    files = set()
    source = memcheck.from_source
    assert not source(files.__contains__)  # not installed at all (a PC): nothing to say
    files.add("/seabattle/ai/hard/player.py")
    assert source(files.__contains__)
    lines = []
    memcheck.report(lines.append, Heap(200), files.__contains__)
    assert any("%d KB more" % memcheck.COMPILE_KB in line for line in lines), lines
    files.add("/seabattle/ai/hard/player.mpy")  # precompiled (tools.deploy --mpy-cross): no warning
    assert not source(files.__contains__)


def test_the_needs_are_in_the_order_games_grow():
    needs = [kb for _, kb in memcheck.NEEDS]
    assert needs == [memcheck.EASY_KB, memcheck.HARD_KB, memcheck.DUEL_KB]
    assert needs == sorted(needs)


class SplitHeap:
    """A heap in areas of so many KB (CircuitPython 9's split heap): an allocation must fit one
    area, and gives its room back when it goes (CPython frees it as the last reference goes)."""

    def __init__(self, areas):
        self.areas = [kb * 1024 for kb in areas]

    def __call__(self, size):
        for i, left in enumerate(self.areas):
            if size <= left:
                self.areas[i] -= size
                return Block(self.areas, i, size)
        raise MemoryError


class Block:
    def __init__(self, areas, i, size):
        self.areas, self.i, self.size = areas, i, size

    def __del__(self):
        self.areas[self.i] += self.size


def test_the_largest_block_is_the_largest_area_not_the_sum():
    if sys.implementation.name == "micropython":
        return  # (the stand-in gives room back as CPython frees a block: MicroPython collects later)
    assert memcheck.largest_kb(SplitHeap([40, 24, 60])) == 60
    assert memcheck.largest_kb(SplitHeap([0])) == 0
    lines = []
    memcheck.report(lines.append, SplitHeap([40, 24, 60]), lambda path: False)
    assert lines[0] == "seabattle memcheck: 124 KB of heap free, the largest block 60 KB", lines
