"""Benchmarks that print figures: ``python -m tools.bench NAME [options]``.

Each NAME is a module tools/bench_NAME.py with a ``main(argv)``; ``python -m tools.bench`` lists them.
"""

import os
import sys


def names():
    here = os.path.dirname(os.path.abspath(__file__))
    return sorted(n[6:-3] for n in os.listdir(here) if n.startswith("bench_") and n.endswith(".py"))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] not in names():
        print("usage: python -m tools.bench NAME [options]; NAME is one of: " + ", ".join(names()))
        return 0 if not argv else 2
    module = __import__("tools.bench_" + argv[0], None, None, ("main",))
    return module.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main())
