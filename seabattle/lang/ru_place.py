"""Русские тексты расстановки флота (загружаются только пока она на экране, см.
seabattle.strings)."""

TEXT = {
    "hint_place": "Огонь: ставить  B: повернуть",
    "place_title": "Расстановка",
    "place_ship": "Кор. {size}",
    "place_left": "Ещё {n}",
    "place_hint": "Огонь: поставить корабль",
    "place_ready": "Флот готов! Огонь: в бой",
    "place_done": "Готово",
    "horizontal": "→",
    "vertical": "↓",
    "pm_battle": "В бой!",
    "pm_random": "Авто: случайно",
    "pm_perelman": "Авто: «Перельман»",
    "pm_undo": "Убрать последний",
    "pm_clear": "Очистить",
    "pm_back_place": "Назад к расстановке",
    "pm_quit": "Выйти в меню",
}
