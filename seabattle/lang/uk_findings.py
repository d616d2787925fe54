"""The duel's texts in Ukrainian: what a refused move or a cheat was, said to the player
(seabattle.duel.evidence_text loads the player's language when a finding is shown, then drops it).
"""

TEXT = {
    "duel_lie_miss": "відповів «мимо» на {cell}, де стояв корабель",
    "duel_lie_hit": "відповів «поранив» на {cell}, де була вода",
    "duel_lie_not_sunk": "відповів «поранив» на {cell}, коли корабель {ship} був потоплений",
    "duel_lie_sunk": "відповів «потоплений» на {cell}, але корабель ще на плаву",
    "duel_bad_proof": "доказ для {cell} не збігається з флотом, заявленим до гри",
    "duel_bad_sunk": "оголосив потопленим корабель {ship} ({cell}), якого не може бути",
    "duel_halo_ship": "корабель {ship} торкається корабля в {cell}",
    "duel_fleet": "неправильний флот: {detail}",
    "duel_reveal_mismatch": "розкритий флот не збігається із заявленим для {cell}",
    "duel_no_reveal": "не розкрив свій флот після гри",
    "duel_coin": "жереб кинуто нечесно",
    "duel_out_of_turn": "постріл у {cell} не у свій хід",
    "duel_shot_twice": "другий постріл у {cell}",
    "duel_shot_off": "постріл повз поле",
    "duel_replay": "старе повідомлення (постріл {n}) надійшло знову",
    "duel_foreign": "відхилено кадрів чужого пристрою: {n}",
    "duel_desync": "пристрої по-різному бачать гру (постріл {n})",
    "duel_version": "інший пристрій говорить протоколом {low}..{high}: оновіть один із них",
    "duel_rules": "правила іншого пристрою тут не зіграти",
    "duel_roles": "обидва пристрої хочуть одну роль: один створює гру, інший приєднується",
    "duel_gone": "суперник зник",
    "duel_no_game": "інший пристрій не має цієї гри",
    "duel_clock": "суперник не зробив хід вчасно",
    "duel_flood": "суперник засипав повідомленнями, які не можна прийняти ({n})",
    "duel_my_clock": "час вашого ходу вийшов",
    "duel_verified": "перевірено: правил не порушено",
    "duel_they_say": "інший пристрій повідомляє: {text}",
}
