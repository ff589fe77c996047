"""Speed and memory of the in-process backend on real site pages (``make bench``).

Measures, through the public API (``gym.make``, ``reset``, ``step``):

- step latency (median, p95) for ``goto``, ``click`` and ``type`` actions on shop pages,
  and ``goto`` on forum and Git-hosting pages;
- each site's own time to render the same pages (its WSGI app called directly), so the
  env's overhead is a ratio;
- reset latency per env id, and sustained steps per second on one core;
- resident memory per additional env; world generation and world-store load per site;
- a random link walk per site env with the page cache off and on (steps/s, hit rate,
  pages held).

Every figure but the walk's "on" column is measured with the page cache off
(:mod:`webenv.browser.pagecache`), so the env-over-render ratios are for pages it does
not serve.

Prints a table and writes ``benchmarks/results/inprocess.json``.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import gymnasium as gym
from machine import machine, write_report
from werkzeug.test import Client

import webenv  # noqa: F401  (registers the env ids)
from webenv.browser import pagecache
from webenv.browser.pagecache import page_cache
from webenv.families import DEFAULT_LOGINS
from webenv.sitedb import evict_snapshot
from webenv.sites import login_site
from webenv.tools.solution import find_element
from webenv.world import SITES, pristine_snapshot

TASK_ID = "shop/order-total/0"
PAGES = {
    "home": "http://shop.test/",
    "category": "http://shop.test/category/electronics",
    "category p2 sorted": "http://shop.test/category/electronics?sort=price_desc&page=2",
    "search": "http://shop.test/search?q=mug",
    "product": None,  # the first product linked from the category page
    "orders": "http://shop.test/account/orders",
    "cart": "http://shop.test/cart",
}
SITE_USERS = DEFAULT_LOGINS
"""Login key (a site or a back office) -> who its pages are timed as: the task users."""
OTHER_SITES = {
    "shop_admin": (
        "WebShopAdmin-v0",
        {
            "dashboard": "http://shop.test/admin/dashboard",
            "orders, filtered": "http://shop.test/admin/sales/orders?status=Complete"
            "&created_from=2023-01-01&created_to=2023-12-31&total_from=50&sort=total&dir=desc",
            "orders p3, 50 a page": "http://shop.test/admin/sales/orders?limit=50&page=3",
            "order view": "http://shop.test/admin/sales/orders/100652",
            "products, filtered": "http://shop.test/admin/catalog/products?price_from=20"
            "&price_to=80&status=1&sort=name&dir=asc",
            "customers search": "http://shop.test/admin/customers?search=lopez",
            "pending reviews": "http://shop.test/admin/reviews/pending",
            "sales report": "http://shop.test/admin/reports/sales?period=month"
            "&from=2023-01-01&to=2023-12-31",
        },
    ),
    "forum": (
        "WebForum-v0",
        {
            "front page": "http://forum.test/",
            "forum listing": "http://forum.test/f/programming",
            "top of the year": "http://forum.test/f/programming?sort=top&t=year",
            "submission": None,  # the first submission linked from the forum listing
            "forum directory": "http://forum.test/forums",
            "profile": "http://forum.test/user/mark.wilson",
            "inbox": "http://forum.test/messages",
        },
    ),
    "githost": (
        "WebGit-v0",
        {
            "project": "http://git.test/northwind/falcon-proxy",
            "file tree": "http://git.test/northwind/falcon-proxy/-/tree/main",
            "file view": "http://git.test/northwind/falcon-proxy/-/blob/main/README.md",
            "commit diff": None,  # the newest commit linked from the commit history
            "issue list": "http://git.test/northwind/falcon-proxy/-/issues",
            "merge request": "http://git.test/northwind/falcon-proxy/-/merge_requests/1",
            "to-do list": "http://git.test/dashboard/todos",
        },
    ),
}
LINKED_PAGES = {
    "submission": ("http://forum.test/f/programming", "/f/programming/"),
    "commit diff": ("http://git.test/northwind/falcon-proxy/-/commits/main", "/-/commit/"),
}
RESULTS = Path(__file__).resolve().parent / "results"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(samples: list[float]) -> dict[str, float]:
    ms = [s * 1000 for s in samples]
    return {"median_ms": statistics.median(ms), "p95_ms": percentile(ms, 0.95), "n": len(ms)}


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def make(env_id: str, **kwargs: object) -> gym.Env:
    """``gym.make`` without the registered 50-step limit: these loops time steps, and a
    truncated episode refuses further steps until it is reset."""
    return gym.make(env_id, max_episode_steps=10**9, **kwargs)


def timed_step(env: gym.Env, action: str) -> tuple[float, dict[str, str]]:
    started = time.perf_counter()
    obs, *_ = env.step(action)
    elapsed = time.perf_counter() - started
    if obs["last_action_error"]:
        raise RuntimeError(f"{action!r} failed: {obs['last_action_error']}")
    return elapsed, obs


def resolve_pages(env: gym.Env) -> dict[str, str]:
    """Fill in the product page: the first product the category page links to."""
    pages = dict(PAGES)
    env.reset(options={"task_id": TASK_ID})
    _, _obs = timed_step(env, f"goto [{PAGES['category']}]")
    document = env.unwrapped.browser.document()
    links = [a.get("href") for a in document.iter("a") if "/product/" in (a.get("href") or "")]
    pages["product"] = "http://shop.test" + links[0]
    return pages


def bench_steps(env: gym.Env, pages: dict[str, str], rounds: int) -> dict[str, dict]:
    results: dict[str, list[float]] = {"goto": [], "click": [], "type": [], "type+enter": []}
    per_page: dict[str, list[float]] = {name: [] for name in pages}
    env.reset(options={"task_id": TASK_ID})
    for _ in range(rounds):
        for name, url in pages.items():
            elapsed, obs = timed_step(env, f"goto [{url}]")
            results["goto"].append(elapsed)
            per_page[name].append(elapsed)
        _, obs = timed_step(env, f"goto [{pages['category']}]")
        target = find_element(obs["axtree"], {"role": "link", "name": "Next page"})
        elapsed, obs = timed_step(env, f"click [{target}]")
        results["click"].append(elapsed)
        search = find_element(obs["axtree"], {"role": "textbox", "name": "Search"})
        elapsed, obs = timed_step(env, f"type [{search}] [ceramic mug] [0]")
        results["type"].append(elapsed)
        elapsed, obs = timed_step(env, f"type [{search}] [ceramic mug] [1]")
        results["type+enter"].append(elapsed)
    out = {kind: summary(samples) for kind, samples in results.items()}
    out["per_page_goto"] = {name: summary(samples) for name, samples in per_page.items()}
    return out


def render_client(env: gym.Env, site: str = "shop") -> tuple[Client, str]:
    """A client straight into the site app, logged in as :data:`SITE_USERS` says (``site``
    is a login key: a site, or a back office whose staff user is logged in), and its host."""
    world = env.unwrapped.world
    site, key = login_site(site), site
    host = SITES[site].host
    client = Client(world.apps[site])
    name, value = world.login_cookies({key: SITE_USERS[key]})[site]
    client.set_cookie(name, value, domain=host)
    return client, host


def render_once(client: Client, host: str, url: str) -> float:
    """Seconds for the site app's own render of ``url``: one WSGI request, body read."""
    path = url.removeprefix(f"http://{host}")
    started = time.perf_counter()
    response = client.get(path, base_url=f"http://{host}")
    response.get_data()
    elapsed = time.perf_counter() - started
    assert response.status_code == 200, (path, response.status_code)
    return elapsed


def bench_render(
    env: gym.Env, pages: dict[str, str], rounds: int, site: str = "shop"
) -> dict[str, dict]:
    """The site app's own time per page (:func:`render_once`), ``rounds`` times each."""
    client, host = render_client(env, site)
    return {
        page: summary([render_once(client, host, url) for _ in range(rounds)])
        for page, url in pages.items()
    }


def bench_reset(env: gym.Env, rounds: int) -> dict[str, float]:
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        env.reset(options={"task_id": TASK_ID})
        samples.append(time.perf_counter() - started)
    return summary(samples)


def bench_throughput(env: gym.Env, pages: dict[str, str], seconds: float) -> float:
    """Steps per second over a loop of goto/click/type actions for ``seconds``."""
    env.reset(options={"task_id": TASK_ID})
    urls = list(pages.values())
    steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        obs, *_ = env.step(f"goto [{urls[steps % len(urls)]}]")
        search = find_element(obs["axtree"], {"role": "textbox", "name": "Search"})
        env.step(f"type [{search}] [blue shirt] [0]")
        steps += 2
    return steps / (time.perf_counter() - started)


def bench_site(site: str, env_id: str, pages: dict[str, str | None], rounds: int) -> dict:
    """``goto`` latency on the pages of ``site`` (a login key) next to the site's own
    render time."""
    env = make(env_id)
    env.reset(seed=0)
    pages = dict(pages)
    for page, (listing, marker) in LINKED_PAGES.items():
        if page in pages:
            timed_step(env, f"goto [{listing}]")
            links = [
                a.get("href")
                for a in env.unwrapped.browser.document().iter("a")
                if marker in (a.get("href") or "") and "/comment" not in a.get("href")
            ]
            pages[page] = "http://" + listing.split("/")[2] + links[0]
    # A goto and the site's own render of each page take turns, so a machine whose load
    # changes during the run slows both alike and the ratio holds.
    client, host = render_client(env, site)
    samples: dict[str, list[float]] = {page: [] for page in pages}
    renders: dict[str, list[float]] = {page: [] for page in pages}
    for round_ in range(rounds + 3):
        for page, url in pages.items():
            elapsed, _ = timed_step(env, f"goto [{url}]")
            rendered = render_once(client, host, url)
            if round_ >= 3:  # the first rounds warm templates and statements
                samples[page].append(elapsed)
                renders[page].append(rendered)
    goto = {page: summary(values) for page, values in samples.items()}
    render = {page: summary(values) for page, values in renders.items()}
    reset = bench_reset_any(env, rounds)
    env.close()
    return {
        "pages": pages,
        "goto": goto,
        "site_render": render,
        "reset": reset,
        "goto_over_render": {p: goto[p]["median_ms"] / render[p]["median_ms"] for p in pages},
    }


def bench_reset_any(env: gym.Env, rounds: int) -> dict[str, float]:
    """Reset latency over the env's own task set (seeded, so it cycles through tasks)."""
    for index in range(rounds):  # the first visit of each start page compiles templates
        env.reset(seed=index)
    samples = []
    for index in range(rounds):
        started = time.perf_counter()
        env.reset(seed=index)
        samples.append(time.perf_counter() - started)
    return summary(samples)


def bench_long_run(steps: int) -> dict[str, float]:
    """RSS after a warm-up and after ``steps`` more steps with a reset every 20 steps."""
    env = make("WebSuite-v0")
    urls = [
        *[*PAGES.values()][:4],
        "http://forum.test/f/programming",
        "http://git.test/northwind/falcon-proxy/-/issues",
    ]

    def run(count: int) -> None:
        for index in range(count):
            if index % 20 == 0:
                env.reset(seed=index)
            env.step(f"goto [{urls[index % len(urls)]}]")

    run(steps // 4)
    gc.collect()
    before = rss_mb()
    run(steps)
    gc.collect()
    after = rss_mb()
    env.close()
    return {
        "steps": steps,
        "rss_before_mb": before,
        "rss_after_mb": after,
        "growth_mb": after - before,
    }


CACHE_PAGES = pagecache.PAGE_CACHE_PAGES  # the default size
WALK_SKIP = ("Log out", "Sign out")
LINK = re.compile(r"\[(\d+)\] link '([^']*)'")


def bench_walk(env_id: str, steps: int, cache_pages: int) -> dict[str, float]:
    """A seeded random walk (links 80 %, back 20 %, a reset every 50 steps over 3 seeds).

    Run with the page cache holding up to ``cache_pages`` pages (0: off), emptied first.
    """
    saved = pagecache.PAGE_CACHE_PAGES
    pagecache.PAGE_CACHE_PAGES = cache_pages
    page_cache.clear()
    env = make(env_id)
    rng = random.Random(0)
    env.reset(seed=0)  # templates compiled, worlds loaded: not part of the figure
    started = time.perf_counter()
    obs: dict[str, str] = {}
    for step in range(steps):
        if step % 50 == 0:
            obs, _ = env.reset(seed=step // 50 % 3)
        links = [n for n, name in LINK.findall(obs["axtree"]) if name not in WALK_SKIP]
        action = f"click [{rng.choice(links)}]" if links and rng.random() < 0.8 else "go_back"
        obs, *_ = env.step(action)
    elapsed = time.perf_counter() - started
    env.close()
    stats = page_cache.stats()
    pagecache.PAGE_CACHE_PAGES = saved
    return {"steps_per_second": steps / elapsed, **stats}


def bench_snapshots(env_id: str, steps: int) -> dict[str, float]:
    """``save_state`` and ``restore_state`` against a step, along a seeded random walk.

    Every step is preceded by a save and followed by a restore of a random earlier save
    and a replay to where the walk was (so restores land on varied pages and states).
    """
    env = make(env_id, candidates=True)
    webenv_env = env.unwrapped
    rng = random.Random(1)
    _, info = env.reset(seed=0)
    saves, restores, stepped, sizes = [], [], [], []
    for _ in range(steps):
        started = time.perf_counter()
        state = webenv_env.save_state()
        saves.append(time.perf_counter() - started)
        sizes.append(state.nbytes)
        choices = [c for c in info["candidates"] if not c.startswith("stop")]
        started = time.perf_counter()
        _, _, terminated, truncated, info = env.step(rng.choice(choices))
        stepped.append(time.perf_counter() - started)
        started = time.perf_counter()
        _, info = webenv_env.restore_state(state)
        restores.append(time.perf_counter() - started)
        _, _, terminated, truncated, info = env.step(rng.choice(choices))
        if terminated or truncated:
            _, info = env.reset(seed=rng.randrange(100))
    env.close()
    step_ms = statistics.median(stepped) * 1000
    return {
        "step_median_ms": step_ms,
        "save_median_ms": statistics.median(saves) * 1000,
        "restore_median_ms": statistics.median(restores) * 1000,
        "save_over_step": statistics.median(saves) * 1000 / step_ms,
        "restore_over_step": statistics.median(restores) * 1000 / step_ms,
        "token_kb_median": statistics.median(sizes) / 1024,
        "token_kb_max": max(sizes) / 1024,
    }


def bench_generation() -> dict[str, dict[str, float]]:
    """Seconds to make each site's world for a new seed: generated, then from the store.

    Seed 1, not the canonical world; the store is a fresh temporary folder, so the first
    touch generates (and stores) and the second, after the in-process cache is emptied
    as in a new worker process, loads.
    """
    out: dict[str, dict[str, float]] = {}
    saved = os.environ.get("WEBENV_CACHE_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["WEBENV_CACHE_DIR"] = folder
        try:
            for site in SITES:  # the sites with worlds (a back office has none)
                out[site] = {}
                for how in ("generate", "load"):
                    evict_snapshot(site, 1)
                    started = time.perf_counter()
                    pristine_snapshot(site, 1)
                    out[site][how] = time.perf_counter() - started
        finally:
            if saved is None:
                del os.environ["WEBENV_CACHE_DIR"]
            else:
                os.environ["WEBENV_CACHE_DIR"] = saved
    return out


def bench_memory(count: int, env_id: str = "WebShop-v0") -> dict[str, float]:
    """RSS growth per additional env, each reset and stepped through a few pages."""
    gc.collect()
    first = make(env_id)
    first.reset(seed=0)
    gc.collect()
    before = rss_mb()
    envs = []
    for index in range(count):
        env = make(env_id)
        env.reset(seed=index)
        for url in (PAGES["home"], PAGES["category"], PAGES["orders"]):
            env.step(f"goto [{url}]")
        envs.append(env)
    gc.collect()
    after = rss_mb()
    for env in [first, *envs]:
        env.close()
    return {
        "envs": count,
        "rss_before_mb": before,
        "rss_after_mb": after,
        "per_env_mb": (after - before) / count,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--envs", type=int, default=8, help="envs for the memory figure")
    parser.add_argument("--walk-steps", type=int, default=600, help="steps per random walk")
    parser.add_argument(
        "--long-steps", type=int, default=8000, help="steps for the long-run memory figure"
    )
    args = parser.parse_args()
    pagecache.PAGE_CACHE_PAGES = 0  # see the module docstring

    env = make("WebShop-v0")
    pages = resolve_pages(env)
    for _ in range(3):  # warm caches (templates, statements) before timing
        bench_steps(env, pages, 1)
    steps = bench_steps(env, pages, args.rounds)
    render = bench_render(env, pages, args.rounds)
    reset = bench_reset(env, args.rounds)
    throughput = bench_throughput(env, pages, args.seconds)
    env.close()
    memory = bench_memory(args.envs)
    suite_memory = bench_memory(args.envs, "WebSuite-v0")
    sites = {
        site: bench_site(site, env_id, site_pages, args.rounds)
        for site, (env_id, site_pages) in OTHER_SITES.items()
    }
    suite = make("WebSuite-v0")
    suite_reset = bench_reset_any(suite, args.rounds)
    suite.close()
    generation = bench_generation()
    long_run = bench_long_run(args.long_steps)
    walks = {
        env_id: {
            "off": bench_walk(env_id, args.walk_steps, 0),
            "on": bench_walk(env_id, args.walk_steps, CACHE_PAGES),
        }
        for env_id in ("WebShop-v0", "WebForum-v0", "WebGit-v0")
    }

    ratios = {
        page: steps["per_page_goto"][page]["median_ms"] / render[page]["median_ms"]
        for page in pages
    }
    snapshots = {
        env_id: bench_snapshots(env_id, args.walk_steps // 2)
        for env_id in ("WebShop-v0", "WebForum-v0", "WebGit-v0")
    }
    report = {
        "machine": machine(),
        "steps": steps,
        "site_render": render,
        "goto_over_render": ratios,
        "reset": reset,
        "steps_per_second": throughput,
        "memory": memory,
        "sites": sites,
        "suite_reset": suite_reset,
        "suite_memory": suite_memory,
        "long_run": long_run,
        "generation_seconds": generation,
        "walk": walks,
        "snapshots": snapshots,
    }
    print(f"{'measure':32} {'median ms':>10} {'p95 ms':>10}   target")
    for kind in ("goto", "click", "type", "type+enter"):
        row = steps[kind]
        print(
            f"{'step: ' + kind:32} {row['median_ms']:10.2f} {row['p95_ms']:10.2f}   median <= 2 ms"
        )
    print(f"{'reset':32} {reset['median_ms']:10.2f} {reset['p95_ms']:10.2f}   <= 5 ms")
    print()
    print(f"{'page':22} {'env goto ms':>12} {'site render ms':>15} {'ratio':>7}   target <= 2x")
    for page in pages:
        print(
            f"{page:22} {steps['per_page_goto'][page]['median_ms']:12.2f} "
            f"{render[page]['median_ms']:15.2f} {ratios[page]:7.2f}"
        )
    for site, result in sites.items():
        print()
        print(
            f"{site + ' page':22} {'env goto ms':>12} {'p95 ms':>8} {'site render ms':>15} "
            f"{'ratio':>7}"
        )
        for page in result["pages"]:
            print(
                f"{page:22} {result['goto'][page]['median_ms']:12.2f} "
                f"{result['goto'][page]['p95_ms']:8.2f} "
                f"{result['site_render'][page]['median_ms']:15.2f} "
                f"{result['goto_over_render'][page]:7.2f}"
            )
        print(
            f"{'reset (' + OTHER_SITES[site][0] + ')':22} {result['reset']['median_ms']:12.2f} "
            f"{result['reset']['p95_ms']:8.2f}"
        )
    print(
        f"{'reset (WebSuite-v0)':22} {suite_reset['median_ms']:12.2f} {suite_reset['p95_ms']:8.2f}"
    )
    print()
    print(
        "world for a new seed (seed 1), generated / loaded from the world store: "
        + ", ".join(
            f"{site} {times['generate']:.2f} / {times['load']:.3f} s"
            for site, times in generation.items()
        )
    )
    print(f"steps per second (one core, goto+type loop): {throughput:.0f}   target >= 500")
    print()
    print(f"{'random walk':14} {'steps/s cache off':>18} {'on':>8} {'x':>6} {'hit rate':>9} pages")
    for env_id, walk in walks.items():
        off, on = walk["off"], walk["on"]
        print(
            f"{env_id:14} {off['steps_per_second']:18.0f} {on['steps_per_second']:8.0f} "
            f"{on['steps_per_second'] / off['steps_per_second']:6.2f} {on['hit_rate']:9.2f} "
            f"{on['pages']}"
        )
    print(
        f"memory per additional env: {memory['per_env_mb']:.1f} MB over {args.envs} envs"
        "   target <= 60 MB"
    )
    print(
        f"memory per additional WebSuite-v0 env (all three sites): "
        f"{suite_memory['per_env_mb']:.1f} MB over {args.envs} envs   target <= 60 MB"
    )
    print(
        f"long run: RSS {long_run['rss_before_mb']:.1f} MB -> {long_run['rss_after_mb']:.1f} MB "
        f"over {long_run['steps']} more steps on WebSuite-v0 (growth "
        f"{long_run['growth_mb']:+.1f} MB)"
    )
    print()
    print(
        f"{'save/restore':14} {'step ms':>8} {'save ms':>8} {'restore ms':>11} "
        f"{'save/step':>10} {'restore/step':>13} {'token KB (median/max)':>22}"
    )
    for env_id, row in snapshots.items():
        print(
            f"{env_id:14} {row['step_median_ms']:8.2f} {row['save_median_ms']:8.2f} "
            f"{row['restore_median_ms']:11.2f} {row['save_over_step']:10.2f} "
            f"{row['restore_over_step']:13.2f} "
            f"{row['token_kb_median']:>11.0f} / {row['token_kb_max']:.0f}"
        )
    RESULTS.mkdir(exist_ok=True)
    write_report(RESULTS / "inprocess.json", report)
    print(f"\nwrote {RESULTS / 'inprocess.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
