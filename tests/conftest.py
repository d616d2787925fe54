"""The long runs behind ``--soak`` (or SEABATTLE_SOAK=1): ``./test --soak``; .ci/run runs them.

A soak is a test of over a minute whose behaviour a quicker test in the default run also covers:
the thousands of seeded duels (the default run plays a tenth of each setting's seeds) and the
whole-game heap measurements on the MicroPython VMs (the default run keeps each mode's budget
test). A maker's ``./test`` stays within a few minutes; CI still checks everything.
"""

import os

import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", default=False,
                     help="also run the long soaks (thousands of duels, whole-game heap runs)")


def soaking(config):
    return config.getoption("--soak") or os.environ.get("SEABATTLE_SOAK") == "1"


def pytest_configure(config):
    config.addinivalue_line("markers", "soak: a long run, only with --soak (CI runs it)")


def pytest_collection_modifyitems(config, items):
    if soaking(config):
        return
    skip = pytest.mark.skip(reason="a soak: run with ./test --soak (CI does)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def soak(request):
    """True when the long soaks run: a test then plays its full count."""
    return soaking(request.config)
