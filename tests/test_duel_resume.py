"""Disconnect at every frame boundary of a reference game, reboot at every save point of it:
the game resumes and ends exactly as the reference did (same shots, same winner, verified)."""

from seabattle import duelsim

SEED = 4


def _reference():
    m = duelsim.Match(SEED, save=True)
    writes = [0]
    send = m.sim.send

    def counting(side, data):
        writes[0] += 1
        send(side, data)

    m.sim.send = counting
    assert m.run() and m.agree() is None
    return m, writes[0], list(m.saves)


def _same(m, ref):
    assert m.agree() is None, m.agree()
    assert m.duels[0].log == ref.duels[0].log
    assert m.duels[0].won == ref.duels[0].won


def test_disconnect_at_every_frame_boundary():
    ref, writes, _ = _reference()
    assert writes > 300
    for cut in range(1, writes + 1):
        m = duelsim.Match(SEED)
        count = [0]
        send = m.sim.send

        def cutting(side, data, m=m, count=count, send=send):
            send(side, data)
            count[0] += 1
            if count[0] == cut:
                m.sim.disconnect()

        m.sim.send = cutting
        assert m.run(), cut
        _same(m, ref)
    print("disconnected after each of %d frames" % writes)


def test_reboot_at_every_save_point_of_either_device():
    ref, _, saves = _reference()
    points = 0
    for side in (0, 1):
        for k in range(1, saves[side] + 1):
            m = duelsim.Match(SEED, save=True)
            while m.saves[side] < k:
                m.step()
            m.reboot(side)
            placed = m.duels[side].fleet is not None
            assert m.run(), (side, k)
            if placed:
                _same(m, ref)
            else:  # rebooted before the fleet was saved: placed again (new seed), a new game
                assert m.agree() is None, m.agree()
            points += 1
    print("rebooted at %d save points" % points)


def test_reboot_from_a_stale_save_and_after_the_game():
    ref, _, saves = _reference()
    # the device lost power between its state change and the next save: restore the one before
    for side in (0, 1):
        for k in (3, saves[side] // 2, saves[side] - 2):
            m = duelsim.Match(SEED, save=True)
            older = None
            while m.saves[side] < k:
                before = m.saves[side]
                kept = m.saved[side]
                m.step()
                if m.saves[side] != before:
                    older = kept
            if older is None:
                continue
            m.reboot(side, older)
            assert m.run(), (side, k)
            assert m.agree() is None, (side, k, m.agree())
