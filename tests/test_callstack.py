"""The game's deepest Python call against CircuitPython's pystack (tools.callstack)."""

from tools import callstack, deploy


def test_a_frame_is_its_locals_stack_and_handlers_in_words():
    def leaf(a):
        return a

    def guarded(a, b):
        try:
            return a / b
        except ZeroDivisionError:
            return 0

    def gen(n):
        yield n

    small = callstack.frame_bytes(leaf.__code__)
    assert small % 8 == 0 and 24 <= small <= 40
    assert callstack.frame_bytes(guarded.__code__) >= small + 8
    assert callstack.frame_bytes(gen.__code__) == 0  # (a generator's frame is on the heap)


def test_the_depth_counts_board_frames_only():
    import os

    assert callstack.on_board(os.path.join(callstack.ROOT, "seabattle", "game.py"))
    assert callstack.on_board("/x/lib/adafruit_ble/__init__.py")
    assert not callstack.on_board(os.path.join(callstack.ROOT, "hardware", "desktop", "bleio.py"))
    assert not callstack.on_board(os.path.join(callstack.ROOT, "tests", "doubles", "handhelds.py"))


def test_the_deepest_call_fits_circuitpython_9s_pystack_and_deploy_gives_room():
    found = callstack.measure()
    for name, most, path in found:
        print("%s: %d bytes, %s" % (name, most, " > ".join(path)))
        assert len(path) > 5, (name, path)  # (the profiler saw the game's calls)
        # 10 % of CircuitPython 9's 1.5 KB kept for the estimate (CPython's code objects)
        assert most <= callstack.PYSTACK_9 * 0.9, (name, most, path)
    deepest = max(most for _, most, _ in found)
    assert dict(deploy.SETTINGS)["CIRCUITPY_PYSTACK_SIZE"] >= 1.5 * deepest
