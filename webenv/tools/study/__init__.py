"""``webenv study``: measuring how often the validators are wrong.

Three studies, each printing a Markdown table and writing CSV and JSON (the first two
also a PNG chart):

- ``perturb``: for every task with a reference answer (``string_match``) or reference
  URL (``url_match``), generate equivalent variants (formatting, order, units, paraphrase
  templates) and wrong variants (near misses), judge them in strict and lenient mode,
  and report false-negative and false-positive rates per validator and answer type.
  The generators are written from templates of how people write answers, independently
  of the lenient normalizers they test.
- ``traces``: over episodes the env recorded (``WebEnv(record_dir=...)``), show where
  strict and lenient disagree; given human labels (CSV ``task_id,episode,correct``),
  report each mode's precision, recall and agreement with 95 % Wilson intervals.

- ``corpus``: over a labelled answer corpus (JSONL lines ``{spec, answer, expected,
  class, ...}``; by default the independent corpus in ``tests/validators/independent``),
  report per phenomenon class how many right answers each mode accepts and how many
  wrong answers it accepts.

Outputs are deterministic: rows are sorted and no timestamps are written.
"""
