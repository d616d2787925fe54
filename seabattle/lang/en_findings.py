"""The duel's texts in English: what a refused move or a cheat was, said to the player
(seabattle.duel.evidence_text loads the player's language when a finding is shown, then drops it).
"""

TEXT = {
    "duel_lie_miss": "answered miss at {cell} where a ship stood",
    "duel_lie_hit": "answered hit at {cell} where there was water",
    "duel_lie_not_sunk": "answered hit at {cell} when ship at {ship} was sunk",
    "duel_lie_sunk": "answered sunk at {cell} but the ship was still afloat",
    "duel_bad_proof": "the proof for {cell} does not match the fleet committed before the game",
    "duel_bad_sunk": "claimed a sunk ship at {ship} ({cell}) that cannot be",
    "duel_halo_ship": "ship at {ship} touches a ship at {cell}",
    "duel_fleet": "illegal fleet: {detail}",
    "duel_reveal_mismatch": "the revealed fleet or seed does not match the commitment for {cell}",
    "duel_no_reveal": "did not reveal the fleet after the game",
    "duel_coin": "the coin toss was not honest",
    "duel_out_of_turn": "shot at {cell} out of turn",
    "duel_shot_twice": "shot at {cell} a second time",
    "duel_shot_off": "shot off the board",
    "duel_replay": "an old message (shot {n}) was sent again",
    "duel_foreign": "{n} frames from another device were refused",
    "duel_desync": "the devices disagree about the game (at shot {n})",
    "duel_version": "the other device speaks protocol {low}..{high}; update one of them",
    "duel_rules": "the other device's rules cannot be played here",
    "duel_roles": "both devices want the same role: one must host, one must join",
    "duel_gone": "the other player is gone",
    "duel_no_game": "the other device does not have this game",
    "duel_clock": "the opponent did not move in time",
    "duel_flood": "the opponent sent a flood of messages that cannot be taken ({n})",
    "duel_my_clock": "your time to move ran out",
    "duel_verified": "verified: no rule was broken",
    "duel_they_say": "the other device says: {text}",
}
