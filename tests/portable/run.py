"""Runs the portable test modules on MicroPython (or CPython): ``micropython run.py [module ...]``.

Without arguments it runs every ``test_*.py`` beside this file. Prints one line per failure with
its traceback, and ends with ``N passed, N failed``; the exit status is 1 if anything failed.
"""

import gc
import os
import sys


def _modules():
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    names = [n[:-3] for n in os.listdir(here) if n.startswith("test_") and n.endswith(".py")]
    names.sort()
    return names


def main(argv):
    names = argv or _modules()
    passed = failed = 0
    for name in names:
        mod = __import__(name)
        tests = [k for k in dir(mod) if k.startswith("test_")]
        tests.sort()
        for test in tests:
            gc.collect()
            try:
                getattr(mod, test)()
            except Exception as exc:  # report every failure, keep going
                failed += 1
                print("FAILED %s.%s: %r" % (name, test, exc))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(exc)
                else:  # CPython
                    import traceback

                    traceback.print_exc()
            else:
                passed += 1
        del sys.modules[name]
        gc.collect()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
