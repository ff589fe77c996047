"use strict";
// The webenv run report: renders the JSON in #report-data. Text goes in with
// textContent only (never innerHTML), so page text in AX trees stays text.
(function () {
  const data = JSON.parse(document.getElementById("report-data").textContent);
  const runs = data.runs;

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "text") node.textContent = value;
      else if (key === "className") node.className = value;
      else node.setAttribute(key, value);
    }
    for (const child of children || []) node.appendChild(child);
    return node;
  }
  function pct(x) { return (100 * x).toFixed(1) + " %"; }
  function rateCell(rate) {
    if (!rate || rate.rate === null || rate.rate === undefined) return el("td", { text: "-" });
    return el("td", { className: "num",
      text: pct(rate.rate) + " [" + pct(rate.ci95[0]) + ", " + pct(rate.ci95[1]) + "]" });
  }
  function verdictCell(passed) {
    return el("td", { className: passed ? "pass" : "fail", text: passed ? "pass" : "fail" });
  }
  function table(head, rows, caption) {
    const thead = el("thead", {}, [el("tr", {}, head.map((h) => el("th", { scope: "col", text: h })))]);
    const t = el("table", {}, [thead, el("tbody", {}, rows)]);
    if (caption) t.insertBefore(el("caption", { text: caption }), thead);
    return t;
  }

  // --- header and results -------------------------------------------------------
  document.getElementById("runs-line").textContent = runs.map((run) =>
    run.name + ": agent " + run.config.agent + ", tasks " + JSON.stringify(run.config.tasks) +
    ", " + run.episodes.length + " episodes").join(" | ");

  function resultsTable() {
    const head = ["group", "value"];
    for (const run of runs) head.push(run.name + " episodes", run.name + " lenient", run.name + " strict");
    const rows = [];
    const overall = el("tr", {}, [el("th", { scope: "row", text: "all" }), el("td")]);
    for (const run of runs) {
      overall.appendChild(el("td", { className: "num", text: String(run.summary.episodes) }));
      overall.appendChild(rateCell(run.summary.success_rate.lenient));
      overall.appendChild(rateCell(run.summary.success_rate.strict));
    }
    rows.push(overall);
    for (const grouping of data.groupings) {
      const values = new Set();
      for (const run of runs) for (const v of Object.keys((run.summary.by || {})[grouping] || {})) values.add(v);
      for (const value of [...values].sort()) {
        const tr = el("tr", {}, [el("th", { scope: "row", text: grouping }), el("td", { text: value })]);
        for (const run of runs) {
          const row = ((run.summary.by || {})[grouping] || {})[value];
          tr.appendChild(el("td", { className: "num", text: row ? String(row.episodes) : "0" }));
          tr.appendChild(rateCell(row && row.lenient));
          tr.appendChild(rateCell(row && row.strict));
        }
        rows.push(tr);
      }
    }
    return table(head, rows);
  }
  const results = document.getElementById("results");
  results.appendChild(resultsTable());
  results.appendChild(table(["run", "agent", "episodes", "errors", "steps", "prompt tokens",
    "completion tokens", "seconds"], runs.map((run) => el("tr", {}, [
    el("th", { scope: "row", text: run.name }), el("td", { text: run.config.agent }),
    el("td", { className: "num", text: String(run.summary.episodes) }),
    el("td", { className: "num", text: String(run.summary.errors) }),
    el("td", { className: "num", text: String(run.summary.steps) }),
    el("td", { className: "num", text: String(run.summary.prompt_tokens) }),
    el("td", { className: "num", text: String(run.summary.completion_tokens) }),
    el("td", { className: "num", text: String(run.summary.seconds) })])), "Cost per run"));

  // --- comparison -----------------------------------------------------------------
  if (runs.length > 1) {
    document.getElementById("compare-section").hidden = false;
    const byKey = runs.map((run) => new Map(run.episodes.map((e) => [e.key, e])));
    const keys = [...new Set(runs.flatMap((run) => run.episodes.map((e) => e.key)))].sort();
    const tally = runs.slice(1).map((run, i) => {
      let wins = 0, losses = 0;
      for (const key of keys) {
        const a = byKey[0].get(key), b = byKey[i + 1].get(key);
        if (!a || !b) continue;
        if (b.lenient && !a.lenient) wins++;
        if (a.lenient && !b.lenient) losses++;
      }
      return el("tr", {}, [el("th", { scope: "row", text: run.name + " vs " + runs[0].name }),
        el("td", { className: "num", text: String(wins) }), el("td", { className: "num", text: String(losses) })]);
    });
    const compare = document.getElementById("compare");
    compare.appendChild(table(["runs (lenient)", "wins", "losses"], tally));
    const differing = keys.filter((key) => new Set(byKey.map((m) => m.get(key) ? !!m.get(key).lenient : null)).size > 1);
    compare.appendChild(table(["task"].concat(runs.map((r) => r.name)), differing.map((key) =>
      el("tr", {}, [el("th", { scope: "row", text: key })].concat(byKey.map((m) =>
        m.get(key) ? verdictCell(m.get(key).lenient) : el("td", { text: "-" }))))),
      "Tasks where the runs differ (lenient): " + differing.length));
  }

  // --- episodes ---------------------------------------------------------------------
  const episodeRows = [];
  runs.forEach((run, r) => run.episodes.forEach((episode, e) => {
    const tr = el("tr", { className: "episode", tabindex: "0", "data-run": String(r),
      "data-episode": String(e), "aria-label": "open the trace of " + episode.key }, [
      el("td", { text: run.name }), el("td", { text: episode.key }),
      el("td", { text: episode.family || "" }), el("td", { text: episode.site || "" }),
      el("td", { className: "num", text: String(episode.world_seed ?? "") }),
      el("td", { text: episode.ended }), verdictCell(episode.lenient), verdictCell(episode.strict),
      el("td", { className: "num", text: String(episode.steps.length) }),
      el("td", { className: "num", text: String(episode.seconds ?? "") }),
      el("td", { className: "num", text: String((episode.prompt_tokens || 0) + (episode.completion_tokens || 0)) }),
      el("td", { text: episode.error || "" })]);
    tr.addEventListener("click", () => openTrace(r, e));
    tr.addEventListener("keydown", (event) => { if (event.key === "Enter") openTrace(r, e); });
    tr.dataset.search = [episode.key, episode.family, episode.site, episode.error, episode.ended]
      .join(" ").toLowerCase();
    episodeRows.push(tr);
  }));
  document.getElementById("episodes").appendChild(table(["run", "episode", "family", "site",
    "world", "ended", "lenient", "strict", "steps", "seconds", "tokens", "error"], episodeRows));
  document.getElementById("filter").addEventListener("input", (event) => {
    const needle = event.target.value.toLowerCase();
    for (const tr of episodeRows) tr.hidden = needle !== "" && !tr.dataset.search.includes(needle);
  });

  // --- trace viewer -------------------------------------------------------------------
  function field(name, value) {
    return el("div", { className: "field" }, [el("b", { text: name }), document.createTextNode(String(value ?? ""))]);
  }
  function axtree(text, target) {
    const pre = el("pre", { className: "axtree", "aria-label": "accessibility tree" });
    let acted = null;
    for (const line of text.split("\n")) {
      const match = /^\t*\[(\d+)\]/.exec(line);
      const span = el("span", { text: line + "\n" });
      if (target !== null && target !== undefined && match && Number(match[1]) === target) {
        span.className = "acted";
        acted = span;
      }
      pre.appendChild(span);
    }
    return { pre, acted };
  }
  function showStep(episode, index) {
    const items = document.querySelectorAll("#steps li");
    items.forEach((li, i) => li.classList.toggle("current", i === index));
    const view = document.getElementById("step-view");
    view.replaceChildren();
    const step = episode.steps[index];
    if (!step) { view.appendChild(el("p", { text: "No steps: " + (episode.error || "") })); return; }
    view.appendChild(el("h3", { text: "Step " + (index + 1) + " of " + episode.steps.length }));
    view.appendChild(field("action", step.action));
    view.appendChild(field("acted on", step.target === null ? "(no element)" : "[" + step.target + "]"));
    view.appendChild(field("error", step.error || "(none)"));
    view.appendChild(field("reward", step.reward));
    view.appendChild(field("URL", step.url));
    view.appendChild(field("time", "agent " + step.agent_seconds + " s, env " + step.env_seconds + " s"));
    if (step.prompt_tokens || step.completion_tokens || step.attempts) {
      view.appendChild(field("tokens", step.prompt_tokens + " prompt, " + step.completion_tokens +
        " completion; " + step.attempts + " request(s), " + step.latency + " s"));
    }
    if (step.note) view.appendChild(field("note", step.note));
    if (step.seen_error) view.appendChild(field("error shown", step.seen_error));
    if (step.reply) view.appendChild(el("details", {}, [el("summary", { text: "model reply" }),
      el("pre", { className: "reply", text: step.reply })]));
    const tree = axtree(data.trees[step.tree] || "", step.target);
    view.appendChild(el("h4", { text: "Observation the agent acted on" }));
    view.appendChild(tree.pre);
    if (tree.acted) tree.pre.scrollTop = Math.max(0, tree.acted.offsetTop - tree.pre.offsetTop - 60);
    if (step.screenshot) view.appendChild(el("img", { className: "shot", src: step.screenshot,
      alt: "screenshot before step " + (index + 1) }));
  }
  function verdicts(episode) {
    const box = document.getElementById("verdicts");
    box.replaceChildren(el("h3", { text: "Verdicts" }));
    if (!episode.validation) { box.appendChild(el("p", { text: "No verdict: " + (episode.error || "") })); return; }
    for (const mode of ["lenient", "strict"]) {
      const result = episode.validation[mode];
      box.appendChild(el("h4", { text: mode + ": " + (result.passed ? "passed" : "failed") + " (score " + result.score + ")" }));
      box.appendChild(table(["check", "passed", "rule", "why"], result.checks.map((check) => el("tr", {}, [
        el("td", { text: check.type }), verdictCell(check.passed), el("td", { text: check.rule }),
        el("td", { text: check.explanation })]))));
    }
  }
  function openTrace(r, e) {
    const run = runs[r], episode = run.episodes[e];
    const section = document.getElementById("trace");
    section.hidden = false;
    const head = document.getElementById("trace-head");
    head.replaceChildren(field("run", run.name), field("episode", episode.key),
      field("goal", episode.intent), field("ended", episode.ended), field("answer", episode.answer),
      field("verdict", "lenient " + (episode.lenient ? "pass" : "fail") + ", strict " + (episode.strict ? "pass" : "fail")));
    if (episode.error) head.appendChild(field("error", episode.error));
    const list = document.getElementById("steps");
    list.replaceChildren();
    episode.steps.forEach((step, i) => {
      const li = el("li", { tabindex: "0", className: step.error ? "has-error" : "", text: step.action || "(empty action)" });
      li.addEventListener("click", () => showStep(episode, i));
      li.addEventListener("keydown", (event) => { if (event.key === "Enter") showStep(episode, i); });
      list.appendChild(li);
    });
    showStep(episode, 0);
    verdicts(episode);
    section.scrollIntoView();
  }
})();
