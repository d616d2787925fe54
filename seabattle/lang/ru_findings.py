"""The duel's texts in Russian: what a refused move or a cheat was, said to the player
(seabattle.duel.evidence_text loads the player's language when a finding is shown, then drops it).
"""

TEXT = {
    "duel_lie_miss": "ответил «мимо» на {cell}, где стоял корабль",
    "duel_lie_hit": "ответил «ранил» на {cell}, где была вода",
    "duel_lie_not_sunk": "ответил «ранил» на {cell}, когда корабль {ship} был убит",
    "duel_lie_sunk": "ответил «убил» на {cell}, но корабль ещё на плаву",
    "duel_bad_proof": "доказательство для {cell} не совпадает с флотом, заявленным до игры",
    "duel_bad_sunk": "объявил убитым корабль {ship} ({cell}), которого не может быть",
    "duel_halo_ship": "корабль {ship} касается корабля в {cell}",
    "duel_fleet": "неправильный флот: {detail}",
    "duel_reveal_mismatch": "раскрытый флот не совпадает с заявленным для {cell}",
    "duel_no_reveal": "не раскрыл свой флот после игры",
    "duel_coin": "жребий брошен нечестно",
    "duel_out_of_turn": "выстрел в {cell} не в свой ход",
    "duel_shot_twice": "второй выстрел в {cell}",
    "duel_shot_off": "выстрел мимо поля",
    "duel_replay": "старое сообщение (выстрел {n}) пришло снова",
    "duel_foreign": "отвергнуто кадров чужого устройства: {n}",
    "duel_desync": "устройства по-разному видят игру (выстрел {n})",
    "duel_version": "другое устройство говорит на протоколе {low}..{high}: обновите одно из них",
    "duel_rules": "правила другого устройства здесь не сыграть",
    "duel_roles": "оба устройства хотят одну роль: одно создаёт игру, другое подключается",
    "duel_gone": "соперник пропал",
    "duel_no_game": "у другого устройства нет этой игры",
    "duel_clock": "соперник не сделал ход вовремя",
    "duel_flood": "соперник засыпал сообщениями, которые нельзя принять ({n})",
    "duel_my_clock": "время вашего хода вышло",
    "duel_verified": "проверено: правила не нарушены",
    "duel_they_say": "другое устройство сообщает: {text}",
}
