"""The package's one bounded LRU map (:mod:`webenv.lru`)."""

from __future__ import annotations

import threading

from webenv.lru import LRU


def test_keeps_the_most_recently_used_and_hands_the_others_to_evicted():
    dropped: list[str] = []
    lru: LRU[int, str] = LRU(2, evicted=dropped.append)
    lru.put(1, "one")
    lru.put(2, "two")
    assert lru.get(1) == "one"  # 1 is now the most recent, so 2 goes first
    lru.put(3, "three")
    assert dropped == ["two"] and lru.get(2) is None and len(lru) == 2
    lru.size = 1  # read at the next insertion
    lru.put(4, "four")
    assert dropped == ["two", "one", "three"] and lru.get(4) == "four"
    assert (lru.hits, lru.misses) == (2, 1)
    lru.clear()
    assert len(lru) == 0 and (lru.hits, lru.misses) == (0, 0)


def test_size_zero_keeps_nothing():
    lru: LRU[str, int] = LRU(0)
    assert lru.put("a", 1) == 1 and lru.get("a") is None


def test_the_first_value_put_is_the_one_every_caller_gets():
    lru: LRU[str, object] = LRU(4)
    made = [object() for _ in range(8)]
    kept = []
    barrier = threading.Barrier(len(made))

    def make_and_put(value: object) -> None:
        barrier.wait()
        kept.append(lru.put("key", value))

    threads = [threading.Thread(target=make_and_put, args=(value,)) for value in made]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(map(id, kept))) == 1 and lru.get("key") is kept[0]


def test_get_or_make_makes_once_per_key():
    calls: list[str] = []
    lru: LRU[str, str] = LRU(4)

    def make(key: str) -> str:
        calls.append(key)
        return key.upper()

    assert lru.get_or_make("a", lambda: make("a")) == "A"
    assert lru.get_or_make("a", lambda: make("a")) == "A"
    assert calls == ["a"]
