"""Every word a player reads, per language: ``say(lang, key, params)``.

Each language is one module in seabattle/lang (``en``, ``ru``, ``uk``) holding one dict,
``TEXT``. Only the languages in use are imported: on a board every loaded string costs RAM.
A key missing from a language falls back to English, so a new string never crashes a screen.
"""

LANGUAGES = ("ru", "uk", "en")
_loaded = {}


def load(lang):
    """The table (dict) of ``lang``; English for None."""
    lang = lang or "en"
    table = _loaded.get(lang)
    if table is None:
        if lang not in LANGUAGES:
            raise ValueError("unknown language %r: choose one of %s" % (lang, ", ".join(LANGUAGES)))
        module = __import__("seabattle.lang." + lang, None, None, ("TEXT",))
        table = module.TEXT
        _loaded[lang] = table
    return table


def say(lang, key, params=None):
    """The text for ``key`` in ``lang`` (a code, a table from ``load``, or None for English),
    with ``{name}`` fields filled from ``params``."""
    table = lang if isinstance(lang, dict) else load(lang)
    text = table.get(key)
    if text is None:
        text = load("en").get(key, key)
    if params:
        return text.format(**params)
    return text
