"""Commands for makers, on a PC:

    python -m seabattle validate FILE [--rules NAME] [--lang en|ru|uk] [--coords latin|russian|...]
        prints ``ok`` and exits 0 for a legal fleet; prints what is wrong and exits 1.
    python -m seabattle demo [--rules NAME] [--seed N] [--lang ru|uk|en]
        two random players play a whole game; prints the shots and both boards.
    python -m seabattle random [--rules NAME] [--seed N] [--style random|perelman]
        prints a random fleet as a picture (the format ``validate`` reads).
"""

import sys

from seabattle import coords, fleetcheck, packing, placement, strings, textboard
from seabattle import rules as rules_mod


def _options(args, names):
    """Split ``args`` into positionals and ``--name value`` options (argparse is not on boards)."""
    positional = []
    options = {}
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("--"):
            key = a[2:]
            if key not in names:
                raise SystemExit("unknown option %s (known: %s)" % (a, ", ".join(["--" + n for n in names])))
            if i + 1 >= len(args):
                raise SystemExit("option %s needs a value" % a)
            options[key] = args[i + 1]
            i += 2
        else:
            positional.append(a)
            i += 1
    return positional, options


def _rules(options):
    try:
        return rules_mod.preset(options.get("rules", "classic"))
    except ValueError as exc:
        raise SystemExit(str(exc))


def validate(args, out):
    positional, options = _options(args, ("rules", "lang", "coords"))
    if len(positional) != 1:
        raise SystemExit("usage: python -m seabattle validate FILE [--rules NAME]")
    rules = _rules(options)
    lang = options.get("lang", "en")
    convention = coords.convention(options.get("coords", "latin"))
    try:
        with open(positional[0], encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        out.write("cannot read %s: %s\n" % (positional[0], exc))
        return 1
    try:
        picture = textboard.parse(text, rules)
        fleetcheck.validate(picture.fleet)
    except textboard.PictureError as exc:
        out.write("%s: %s\n" % (positional[0], exc))
        return 1
    except ValueError as exc:
        message = exc.text(strings.load(lang), convention) if hasattr(exc, "text") else str(exc)
        out.write("%s: %s\n" % (positional[0], message))
        return 1
    out.write("ok\n")
    return 0


def _rng(options):
    import random

    return random.Random(int(options.get("seed", "1")))


def random_picture(args, out):
    _, options = _options(args, ("rules", "seed", "style"))
    rules = _rules(options)
    rng = _rng(options)
    style = options.get("style", "random")
    fleet = packing.perelman_fleet(rules, rng) if style == "perelman" else placement.random_fleet(rules, rng)
    out.write(textboard.format_fleet(fleet))
    return 0


def demo(args, out):
    from seabattle.game import Game

    _, options = _options(args, ("rules", "seed", "lang"))
    rules = _rules(options)
    rng = _rng(options)
    lang = options.get("lang", "ru")
    table = strings.load(lang)
    convention = coords.LATIN if lang == "en" else coords.RUSSIAN
    game = Game(rules, (placement.random_fleet(rules, rng), packing.perelman_fleet(rules, rng)))
    words = {1: table["miss"], 2: table["hit"], 3: table["sunk"]}
    while not game.over():
        view = game.views[game.turn]
        choices = [sq for sq in range(rules.cells) if view.can_fire(sq) and view.cells[sq] == 0]
        shot = game.shoot(choices[rng.randrange(len(choices))])
        out.write("%d: %-4s %s\n" % (shot.player + 1, convention.format(shot.square, rules.width), words[shot.answer]))
    out.write("\nplayer %d wins after %d shots\n" % (game.winner + 1, len(game.moves)))
    for p in (0, 1):
        s = game.stats[p]
        out.write("\nplayer %d: %d shots, %d hits, %d sunk, longest run %d\n" % (
            p + 1, s.shots, s.hits, s.sunk, s.longest_run))
        out.write(textboard.format_board(game.boards[p]))
    return 0


COMMANDS = {"validate": validate, "demo": demo, "random": random_picture}


def main(argv, out=sys.stdout):
    if not argv or argv[0] not in COMMANDS:
        out.write(__doc__)
        return 2
    return COMMANDS[argv[0]](argv[1:], out)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
