"""tools.ramreport's duel in a fresh VM (``measure(fresh=True)``): the duels start from the title
at once, as a board starts them after hardware.relaunch reloads it. On the 64-bit unix port
(fast); the 32-bit figures are the report's, printed, not asserted."""

from tools import ramreport


def test_a_fresh_vms_duel_starts_without_the_games_names_and_peaks_lower():
    fresh = ramreport.measure(160, 128, True, vm="unix", fresh=True)
    after = ramreport.measure(160, 128, True, vm="unix")
    assert fresh["ok"] and after["ok"], (fresh["out"][-1500:], after["out"][-1500:])
    # the names interned before the duel: start-up's only (~900), not a game's too (~1,200)
    assert after["qstrlist"][0][1] - fresh["qstrlist"][0][1] > 200
    assert fresh["startup"] == fresh["peak"]  # no game was played before the duel
    # the first duel, the one a board plays after the relaunch: measured 180.0 KB fresh and
    # 190.0 KB after a game on 64 bits (115.8-116.9 and 122.4-123.7 KB on the 32-bit VM)
    assert len(fresh["duelpeaks"]) == ramreport.DUELS and min(fresh["duelpeaks"]) > 0
    assert fresh["duelpeaks"][0] < after["duelpeaks"][0]


def test_the_first_duels_lobby_holds_less_than_its_battle():
    # a Duel is made once the link is up (seabattle.duel.lobby.made), not while the lobby holds
    # adafruit_ble and hardware.radio.blefind: made at once, the first duel's peak was its lobby
    # (116.5 / 116.6 KB on the 32-bit VM, the battle 110.8), 106.4 / 108.1 after (battle ~112)
    for role, lobby in (("host", "duel_host"), ("join", "duel_join")):
        r = ramreport.measure(160, 128, True, vm="unix", role=role, fresh=True)
        assert r["ok"], r["out"][-1500:]
        first = dict(r["firstscreens"])
        assert first[lobby] < first["battle"], (role, first)
