"""hardware.storage's intent byte (the header's byte 3, hardware.relaunch): kept with the record,
read back by a new Store, written only when it changes, set back to 0 by the next save; a
record written before the byte was used reads as intent 0."""

from flashsim import FlashNvm

from hardware.storage import HEADER, encode
from hardware.storeread import open_store


def test_the_intent_survives_in_the_record_and_the_next_save_clears_it():
    nvm = FlashNvm(size=8192, page=4096)
    s = open_store(nvm, page=4096)
    s.save(game=b"Lx", stats=b"st")
    assert s.intent == 0
    assert s.save(intent=2) and s.writes == 2
    assert not s.save(intent=2)  # the same record: no write, no erase
    again = open_store(nvm, page=4096)
    assert again.intent == 2 and again.game == b"Lx" and again.stats == b"st"
    again.save(game=b"Ly")  # a game's own save: the intent is done
    back = open_store(nvm, page=4096)
    assert back.intent == 0 and back.game == b"Ly"


def test_an_older_record_reads_as_intent_zero_and_a_torn_intent_write_keeps_the_last_record():
    nvm = FlashNvm(size=8192, page=4096)
    rec = encode(5, b"st", b"Lgame")
    assert rec[3] == 0  # what records had in the byte before it was used
    nvm[0:len(rec)] = rec
    s = open_store(nvm, page=4096)
    assert s.intent == 0 and s.game == b"Lgame" and s.generation == 5
    # a write of the intent cut after its header: the other slot's record still loads
    rec2 = encode(6, b"st", b"Lgame", 1)
    nvm[4096:4096 + HEADER] = rec2[:HEADER]
    s2 = open_store(nvm, page=4096)
    assert s2.intent == 0 and s2.generation == 5 and s2.game == b"Lgame"
