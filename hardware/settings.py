"""What a maker sets by hand in CIRCUITPY/settings.toml, read with ``os.getenv``::

    SEABATTLE_NAME = "Маша"        # shown to the opponent (max 12 characters)
    SEABATTLE_LANG = "ru"          # ru | uk | en
    SEABATTLE_LETTERS = "russian"  # russian | latin | respublika | snegurochka
    SEABATTLE_RULES = "classic"    # a preset name from seabattle.rules
    SEABATTLE_SOUND = 1            # 0 = muted (sound and lights)
    SEABATTLE_LEVEL = 0            # the computer's level, 0 = easiest

A value that is missing or not allowed falls back to the default and is reported in
``problems`` (shown once on the serial console), never a crash at start-up.
"""

LANGS = ("ru", "uk", "en")
LETTERS = ("russian", "latin", "respublika", "snegurochka")


def read(getenv=None, rule_names=None):
    """(Settings, player name, problems) from settings.toml."""
    if getenv is None:
        import os

        getenv = os.getenv
    from seabattle.screens.flow import Settings

    s = Settings()
    problems = []

    def text(key, allowed, default):
        v = getenv(key)
        if v is None:
            return default
        v = str(v).strip()
        if allowed is not None and v not in allowed:
            problems.append("%s=%r: use one of %s" % (key, v, ", ".join(allowed)))
            return default
        return v

    def number(key, default, lo, hi):
        v = getenv(key)
        if v is None:
            return default
        try:
            n = int(v)
        except ValueError:
            problems.append("%s=%r: not a number" % (key, v))
            return default
        if not lo <= n <= hi:
            problems.append("%s=%d: use %d..%d" % (key, n, lo, hi))
            return default
        return n

    s.lang = text("SEABATTLE_LANG", LANGS, s.lang)
    s.letters = text("SEABATTLE_LETTERS", LETTERS, s.letters)
    s.rules = text("SEABATTLE_RULES", rule_names, s.rules)
    s.sound_on = bool(number("SEABATTLE_SOUND", 1 if s.sound_on else 0, 0, 1))
    s.level = number("SEABATTLE_LEVEL", s.level, 0, 9)
    name = text("SEABATTLE_NAME", None, "")[:12]
    return s, name, problems
