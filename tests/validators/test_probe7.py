"""Probe round 7: held-out answers to shipped and synthetic specs, written before reading the rules.

Each case is an answer as another agent, a script or a person might phrase it, with the
lenient verdict a careful human grader would give and why. The specs are the shipped
tasks' own ``eval`` objects (loaded by task id) and, for number formats no shipped
reference reaches (lakh grouping, percentages, fractions), small synthetic specs. The
context is what the env hands the validators: the task's intent and its logged-in users.

The angles are those rounds 4 and 5 covered less: other locales' number grouping (Indian
lakh "1,00,000", Swiss apostrophes "1'234.50", thin and narrow no-break spaces), other
digit scripts, currencies and units spelled out ("44.99 US dollars", "USD$44.99",
"44.99 bucks"), approximations, ranges and bounds, percentages and fractions, ISO-8601
datetimes with offsets, relative dates, answers wrapped in XML/HTML tags or LaTeX
``\\boxed{}``, "Final Answer:" templates, repetition, self-corrections, conditionals,
multiple-choice letters, accents and case in names, ``@`` usernames, confidence words,
quotes with trailing punctuation, "and/or" lists, nested bullets, emoji, echoed
questions, refusals, empty answers and long answers with the value among many numbers.

Policy decided here, before reading the rules:
- A value qualified as approximate ("about", "around", "roughly", "~", "or so") is judged
  by the value it states: the exact reference so qualified passes, a rounded or different
  value ("about $45" for $44.99, "$92.8k") fails. Ranges ("between 40 and 50", "2-3") and
  bounds ("at least 18", "more than 17") never pass an exact task.
- Confidence words alone ("I think", "I believe", "probably") do not change a single
  stated value; an uncertainty that names another value does.

Changed after reading the rules (the cases say so in their reasons): an exact value
stated as approximate ("about 67", "~$278.94") fails, as the contract and the
independent corpus have it ("about 38" for 38 is wrong there); "Probably X" is a hedge by
the documented policy; and three expectations of mine were wrong on their own terms
("9k" is exactly 9000, like my "100k"; "100,506, 100,510, ..." is readable; "100.000" is
ambiguous).
- A self-correction takes the last value ("44.99, no wait, 49.99" is 49.99); a draft
  followed by a "Final Answer" takes the final one.
- A conditional with two branches giving different values fails; one whose only branch is
  the task's own subject is an answer.
- A multiple-choice letter alone ("B") fails; a letter with the value ("(b) Express")
  is judged by the value, and "the latter" names the second option the question offers.
- Repeating the same value is one answer; repeating it next to another value is a hedge.
- Other number groupings (lakh, apostrophes, thin/narrow spaces) and other decimal
  digit scripts write the same number; another currency (₹, CA$, €) is a wrong answer.
- Money spelled out in words or in cents is the same amount.
- A percentage is the number before the sign; "86%" is not a rating of 4.3 out of 5.
- Dates: an ISO-8601 datetime is judged by the calendar date written, whatever its
  offset; a relative date ("yesterday", "3 days ago") fails, since the grader asked for
  a date; a month-only answer fails a date task; a full date inside the asked month
  passes a month task; the year may be left out of a month task whose question names it.
  An ambiguous numeric date ("10/02/2024") is read month-first, as round 5 decided.
- Tags (``<answer>``, HTML), LaTeX (``\\boxed{}``, ``\\text{}``, ``\\$``), entities and
  emoji are presentation; what they wrap is the answer, and a ``<think>`` section is
  reasoning, not the answer.
- Names: case and accents do not matter; a different spelling does; "Last, First" is
  the same person. Usernames may carry ``@``, ``u/`` or ``/u/`` as the forum shows them.
- A refusal, "I don't know", an empty answer or an echoed question without a value fails
  a feasible task; for an infeasible task a refusal explaining it cannot be done passes
  and any concrete value fails.
- A value in a long answer counts when the answer ties it to the task's subject; other
  numbers that describe other things (dates, counts of something else, the question's own
  figures) are not rival answers.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from webenv.validators import EvalContext, check_answer

TASKS = Path(__file__).resolve().parents[2] / "tasks"


@cache
def _tasks() -> dict[str, dict]:
    tasks: dict[str, dict] = {}
    for path in TASKS.rglob("*.json"):
        data = json.loads(path.read_text())
        for task in data if isinstance(data, list) else [data]:
            if isinstance(task, dict) and "eval" in task:
                tasks[task["task_id"]] = task
    return tasks


T, F = True, False
_APPROX = (
    "changed after reading the rules: an exact value stated as approximate is not the value; "
    "the contract and the independent corpus (hand-110: 'about 38' for 38, 'an approximation "
    "of an exact count') say so, and one policy beats mine"
)
_PROBABLY = (
    "changed after reading the rules: 'Probably X' is offered without commitment, a hedge by "
    "the documented policy (hedges.py), which my 'confidence words' rule was looser than"
)
NBSP = "\u00a0"
THIN = "\u2009"
NNBSP = "\u202f"
RSQ = "\u2019"

# task id -> [(answer, lenient verdict, why)]
ANSWERS: dict[str, list[tuple[str, bool, str]]] = {
    # ---------------------------------------------------------------- currency
    "shop/product-price/0": [  # $44.99
        ("44.99 US dollars", T, "currency spelled out after"),
        ("USD$44.99", T, "code glued to the symbol"),
        ("US$44.99", T, "US$ prefix"),
        ("US $44.99", T, "US then $"),
        ("$44.99 USD", T, "symbol and code"),
        ("44.99 bucks", T, "slang unit"),
        ("44.99 dollars (USD)", T, "unit and code in brackets"),
        ("forty-four dollars and ninety-nine cents", T, "amount in words"),
        ("44 dollars and 99 cents", T, "dollars and cents in digits"),
        ("4,499 cents", T, "the amount in cents"),
        ("forty-four ninety-nine", T, "spoken price"),
        ("$44.99 + tax", T, "price with a tax note"),
        ("$44.99 each", T, "unit price"),
        ("CA$44.99", F, "Canadian dollars"),
        ("44.99 Canadian dollars", F, "Canadian dollars spelled out"),
        ("AU$44.99", F, "Australian dollars"),
        ("44.99 euros", F, "euros spelled out"),
        ("£44.99", F, "pounds"),
        ("₹44.99", F, "rupees"),
        ("about $45", F, "approximation to a rounded value"),
        ("~$45", F, "tilde approximation, rounded"),
        ("roughly 45 dollars", F, "roughly, rounded"),
        ("around $44.99", F, _APPROX),
        ("approximately $44.99", F, _APPROX),
        ("between $40 and $50", F, "a range"),
        ("$40-$50", F, "a dashed range"),
        ("under $50", F, "an upper bound"),
        ("at least $44.99", F, "a lower bound"),
        ("less than $45", F, "a bound just above"),
        ("<answer>$44.99</answer>", T, "xml answer tag"),
        ("<answer>44.99</answer>", T, "xml tag, bare number"),
        ("<answer>$49.99</answer>", F, "xml tag, wrong"),
        ("<answer>$44.99</answer><answer>$49.99</answer>", F, "two answer tags"),
        (
            "<think>The banner says $49.99 but the price box says $44.99.</think>\n"
            "<answer>$44.99</answer>",
            T,
            "think then answer",
        ),
        ("<think>It is $44.99.</think><answer>$49.99</answer>", F, "think right, answer wrong"),
        ("<p>The price is <strong>$44.99</strong>.</p>", T, "html sentence"),
        ("&#36;44.99", T, "html numeric entity for $"),
        ("$44.99&nbsp;USD", T, "nbsp entity"),
        ("\\boxed{44.99}", T, "latex boxed"),
        ("$\\boxed{\\$44.99}$", T, "latex boxed with escaped dollar"),
        ("The answer is $\\boxed{49.99}$", F, "latex boxed, wrong"),
        ("\\(44.99\\)", T, "latex inline math"),
        (
            "Final Answer: The final answer is $44.99. I hope it is correct.",
            T,
            "minerva template",
        ),
        ("Final Answer: $44.99", T, "final answer label"),
        ("FINAL ANSWER: 44.99", T, "upper-case label"),
        ("Draft: $49.99\nFinal Answer: $44.99", T, "draft then final"),
        ("Final Answer: $44.99\nDraft: $49.99", T, "final first, draft after"),
        ("44.99 44.99", T, "repeated"),
        ("$44.99 $44.99 $44.99", T, "repeated thrice"),
        ("$44.99 $44.99 $49.99", F, "repeated then another"),
        ("$44.99, no wait, $49.99", F, "self-correction to wrong"),
        ("$49.99, no wait, $44.99", T, "self-correction to right"),
        ("$49.99. Actually, scratch that: $44.99.", T, "scratch that"),
        ("$44.99 — correction: $49.99", F, "correction label to wrong"),
        ("$49.99 (edit: it's $44.99 after the sale)", F, "edit names a sale price, two prices"),
        (
            "If you mean the Voltix Dual-Port Charger, it costs $44.99.",
            T,
            "conditional on the subject itself",
        ),
        (
            "If you mean the Dual-Port Charger, $44.99; if you mean the Voltix cable, $12.99.",
            F,
            "two conditional branches",
        ),
        ("If tax is included $48.59, otherwise $44.99.", F, "tax-conditional two values"),
        ("B", F, "letter alone"),
        ("B) $44.99", T, "letter with value"),
        ("I think it's $44.99.", T, "confidence word"),
        ("$44.99, I believe.", T, "trailing confidence"),
        ("Probably $44.99.", F, _PROBABLY),
        ("Probably $44.99, but it might be $49.99.", F, "probably with another value"),
        ("$44.99 (maybe $49.99 with shipping)", F, "maybe another"),
        ('"$44.99".', T, "quoted with trailing period"),
        ("'$44.99'!", T, "single quotes and bang"),
        ("«44,99 $»", T, "guillemets, decimal comma"),
        ("$44.99 💰", T, "emoji after"),
        ("💲44.99", T, "heavy dollar emoji"),
        (
            "How much does the Voltix Dual-Port Charger cost? $44.99",
            T,
            "echoes the question",
        ),
        ("How much does the Voltix Dual-Port Charger cost?", F, "echo without an answer"),
        ("I cannot determine the price.", F, "refusal"),
        ("I don't know", F, "don't know"),
        ("N/A", F, "n/a on a feasible task"),
        ("", F, "empty"),
        ("   \n\t ", F, "whitespace"),
        ("$", F, "symbol only"),
        ("-$44.99", F, "negative"),
        ("$44.9", F, "wrong cents"),
        ("$44.999", F, "three decimals, different value"),
        (
            "The Voltix Dual-Port Charger (SKU EL-55120) has 4.5 stars from 23 reviews, "
            "weighs 120 g, ships in 2-3 days, charges two devices at 30 W, and is priced "
            "at $44.99.",
            T,
            "long answer, other numbers describe other things",
        ),
        (
            "I looked at 14 products in Chargers: prices ranged from $9.99 to $89.99. "
            "The one you asked about, the Voltix Dual-Port Charger, costs $44.99.",
            T,
            "long answer, other prices are the category's",
        ),
        (
            "Voltix Dual-Port Charger: $44.99. Voltix Quad-Port Charger: $64.99. "
            "Voltix Car Charger: $24.99.",
            T,
            "a price table, the asked product named",
        ),
    ],
    "shop/order-total/0": [  # $50.94
        ("Order #100642: grand total $50.94", T, "order number before the amount"),
        ("Grand total: USD$50.94 (subtotal $45.95, shipping $4.99)", T, "breakdown follows"),
        ("50.94 US dollars", T, "spelled unit"),
        ("fifty dollars and ninety-four cents", T, "words"),
        ("$50.94, no wait, $45.95 before shipping", F, "corrected to the subtotal"),
        ("about $51", F, "rounded approximation"),
        ("$50-$51", F, "range"),
        ("<answer>$50.94</answer>", T, "answer tag"),
        ("\\boxed{50.94}", T, "boxed"),
        ("$50.94 $50.94", T, "repeated"),
    ],
    "shop/order-total/1": [  # $278.94
        ("$278.94 (6 items)", T, "count of items in brackets"),
        ("278.94 bucks", T, "bucks"),
        ("USD 278.94", T, "code before"),
        ("278’94", F, "an apostrophe as a decimal mark is not a grouping"),
        ("$279", F, "rounded"),
        ("~$278.94", F, _APPROX),
        ("two hundred seventy-eight dollars and ninety-four cents", T, "words"),
    ],
    "shop/spend-month/0": [  # $130.44
        ("In March 2024 you spent $130.44.", T, "month and year before"),
        ("$130.44 across 3 orders in March 2024", T, "order count and month"),
        (
            "Orders in March 2024: #100601 $52.10, #100605 $78.34 (canceled #100607 $19.99 "
            "left out). Total: $130.44",
            T,
            "itemised then total",
        ),
        ("$130.44 or $150.43 with the canceled order", F, "two totals"),
        ("130.44 USD$", T, "trailing USD$"),
        ("$1,30.44", F, "broken grouping is not an amount"),
    ],
    "shop_admin/lifetime-sales/0": [  # $92,758.89
        ("$92'758.89", T, "swiss apostrophe grouping"),
        (f"$92{RSQ}758.89", T, "right single quote grouping"),
        (f"$92{THIN}758.89", T, "thin space grouping"),
        (f"92{NNBSP}758,89{NBSP}$", T, "french narrow nbsp and decimal comma"),
        (f"${NNBSP}92{NNBSP}758.89", T, "narrow nbsp after symbol and in grouping"),
        ("92'758.89 USD", T, "apostrophe with code"),
        ("CHF 92'758.89", F, "swiss francs"),
        ("$92.76K", F, "rounded to thousands"),
        ("$92.8k", F, "rounded k"),
        ("about $93k", F, "approximate thousands"),
        ("between $92,000 and $93,000", F, "range"),
        ("$92,758", F, "cents dropped"),
        ("$92,759", F, "rounded to dollars"),
        ("ninety-two thousand seven hundred fifty-eight dollars and eighty-nine cents", T, "words"),
        ("$92,758.89 lifetime", T, "trailing word"),
        (
            "Dashboard → Lifetime Sales: $92,758.89; Average Order: $142.93; Last Orders: 5",
            T,
            "dashboard line with other figures labelled",
        ),
        ("<answer>$92,758.89</answer>", T, "tag"),
        ("\\boxed{92,758.89}", T, "boxed with grouping"),
        ("\\boxed{92{,}758.89}", T, "latex braced comma"),
    ],
    "shop_admin/customer-spend-year/0": [  # $3,570.73
        (f"3{RSQ}570.73 $", T, "right-quote grouping, trailing symbol"),
        (f"3{NNBSP}570,73{NBSP}$", T, "french"),
        ("$3'570.73", T, "apostrophe"),
        ("$3.57k", F, "rounded k"),
        ("roughly $3,600", F, "rounded approximation"),
        ("$3,570.73 (from 9 Complete orders in 2023)", T, "order count and year"),
        ("three thousand five hundred seventy dollars and seventy-three cents", T, "words"),
        ("US$ 3,570.73", T, "US$ space"),
    ],
    "shop_admin/lowest-order-month/0": [  # $12.49
        ("12.49 USD", T, "code after"),
        ("$12.49 (order #100420)", T, "order number in brackets"),
        ("twelve dollars forty-nine cents", T, "words without and"),
        ("1,249 cents", T, "cents"),
        ("~$12", F, "rounded approximation"),
        ("$12.49 or $12.94", F, "transposed alternative"),
        ("$12.94", F, "transposed digits"),
    ],
    "shop_admin/sales-total-month/0": [  # $3,789.09
        ("$3'789.09", T, "apostrophe"),
        (f"$3{THIN}789.09", T, "thin space"),
        ("3,789.09 dollars", T, "dollars"),
        ("$3,789.09 in March 2024", T, "month after"),
        ("$3.8K", F, "rounded"),
        ("$3,789.09 gross / $3,600.00 net", F, "two totals"),
    ],
    "shop_admin/customer-latest-order-total/0": [  # $71.98
        ("$71.98 (2 × $35.99)", T, "a product in the breakdown"),
        (
            "Omar Taylor's latest order, #100630 on 2024-05-02, totals $71.98.",
            T,
            "order, date, total",
        ),
        ("seventy-one dollars and ninety-eight cents", T, "words"),
        ("$72", F, "rounded"),
    ],
    # ---------------------------------------------------------------- numbers
    "forum/forum-subscribers/0": [  # 67
        ("٦٧", T, "arabic-indic digits"),
        ("۶۷", T, "extended arabic-indic digits"),
        ("६७", T, "devanagari digits"),
        ("67 (sixty-seven)", T, "digits and words"),
        ("about 67", F, _APPROX),
        ("~67", F, _APPROX),
        ("around 70", F, "rounded approximation"),
        ("roughly 65-70", F, "approximate range"),
        ("between 60 and 70", F, "range"),
        ("at least 67", F, "lower bound"),
        ("more than 60", F, "bound"),
        ("67+", F, "open-ended count"),
        ("over 66", F, "bound implying 67 only arithmetically"),
        ("67 subscribers 👥", T, "emoji"),
        ("6️⃣7️⃣", T, "keycap digits"),
        ("<answer>67</answer>", T, "answer tag"),
        ("<final_answer>67</final_answer>", T, "other tag name"),
        ("<answer>\n  <value>67</value>\n  <unit>subscribers</unit>\n</answer>", T, "nested xml"),
        ("<b>67</b>", T, "bold tag"),
        ("$\\boxed{67}$", T, "boxed in math"),
        ("\\boxed{\\text{67 subscribers}}", T, "boxed text"),
        ("Final Answer: 67", T, "label"),
        ("Answer: 67\nConfidence: 80%", T, "confidence percentage after"),
        ("67 67", T, "repeated"),
        ("67, no wait, 76", F, "corrected to transposed"),
        ("76, sorry, I meant 67", T, "corrected to right"),
        ("67 or 68", F, "alternatives"),
        ("67/68", F, "slash alternatives"),
        ("I think 67.", T, "confidence word"),
        (
            "How many subscribers does the Movies forum have? 67",
            T,
            "echoes the question",
        ),
        (
            "Forum stats: Movies 67 subscribers, Chess 40, Aquariums 29.",
            T,
            "a table, the asked forum named",
        ),
        (
            "The Movies forum (created 2019-04-02, 1,204 submissions, 8 moderators) has 67 "
            "subscribers.",
            T,
            "other counts labelled",
        ),
        ("The Movies forum has 76 subscribers.", F, "transposed"),
        ("I'm unable to see the subscriber count.", F, "refusal"),
        ("0", F, "zero"),
        ("sixty seven", T, "words without hyphen"),
        ("LXVII", F, "roman numerals are not how counts are answered"),
        ("67.0", T, "trailing decimal zero"),
        ("6.7e1", F, "scientific notation: not a count as anyone writes one"),
    ],
    "forum/my-karma/0": [  # 225
        ("225 karma", T, "unit"),
        ("Your karma is 225 (150 post, 75 comment).", T, "breakdown follows"),
        ("+225", T, "plus sign"),
        ("225 points ⭐", T, "emoji"),
        ("about 200", F, "rounded"),
        ("200-250", F, "range"),
        ("225 — wait, 252", F, "dash correction to wrong"),
        ("\\boxed{225}", T, "boxed"),
    ],
    "githost/star-count/0": [  # 18
        ("18 ⭐", T, "star emoji"),
        ("⭐ 18", T, "emoji first"),
        ("18 stars, 4 forks, 2 watchers", T, "other counts labelled"),
        ("at least 18", F, "bound"),
        ("18 or more", F, "bound"),
        ("nearly 20", F, "approximate other"),
        ("١٨", T, "arabic-indic"),
        ("eighteen (18)", T, "words and digits"),
        ("XVIII", F, "roman numerals"),
        ("18, no, 19", F, "corrected"),
        ("It has 18 stars. Final answer: 18", T, "sentence then label"),
    ],
    "githost/config-port/0": [  # 9000
        ("9,000", T, "grouped port"),
        ("9'000", T, "apostrophe grouping"),
        (f"9{THIN}000", T, "thin space grouping"),
        ("port 9000/tcp", T, "port with protocol"),
        ("localhost:9000", T, "host and port"),
        ("0.0.0.0:9000", T, "bind address and port"),
        (
            "9k",
            T,
            "changed after reading the rules: k is an exact multiplier, as my own '100k' case says",
        ),
        ("about 9000", F, _APPROX),
        ("9000 or 8080", F, "two ports"),
        ("`port: 9000`", T, "yaml line in backticks"),
        (
            "```yaml\nserver:\n  host: 0.0.0.0\n  port: 9000\n  workers: 4\n```",
            T,
            "yaml block with other numbers",
        ),
        ("<answer>9000</answer>", T, "tag"),
        ("8080", F, "the other task's port"),
    ],
    "shop/product-rating/0": [  # 4.3
        ("4.3/5", T, "out of 5 slash"),
        ("4.3 out of 5 stars", T, "out of 5"),
        ("4.3 ★", T, "star glyph"),
        ("★ 4.3", T, "glyph first"),
        ("4,3", T, "decimal comma"),
        ("86%", F, "a percentage is not a rating out of 5"),
        ("★★★★☆", F, "four stars drawn"),
        ("about 4", F, "rounded"),
        ("4-4.5", F, "range"),
        ("4.3 (10 reviews)", T, "review count in brackets"),
        ("43/10", F, "not how a rating is written"),
        ("4.30", T, "trailing zero"),
        ("4.3, no wait, 4.5", F, "corrected"),
        ("\\boxed{4.3}", T, "boxed"),
    ],
    "shop/product-rating/1": [  # 2.5
        ("2½", T, "vulgar fraction"),
        ("2 1/2", T, "mixed fraction"),
        ("two and a half", T, "words"),
        ("2.5/5", T, "out of 5"),
        ("2½ stars", T, "fraction with unit"),
        ("\\frac{5}{2}", T, "latex fraction"),
        ("2,5 von 5", T, "german decimal comma"),
        ("between 2 and 3", F, "range"),
        ("2-3", F, "dashed range"),
        ("2.5 or 3", F, "alternatives"),
        ("50%", F, "percentage"),
        ("★★½", T, "two and a half stars drawn"),
        ("2.4", F, "wrong"),
        ("3", F, "rounded"),
    ],
    "shop_admin/average-rating/0": [  # 4.85
        ("approximately 4.85", F, _APPROX),
        ("≈4.85", F, _APPROX),
        ("4.85/5", T, "out of 5"),
        ("4.9", F, "rounded"),
        ("about 5", F, "rounded"),
        ("97%", F, "percentage"),
        ("4.85 (from 20 published reviews; 3 pending)", T, "counts labelled"),
        ("4,85", T, "decimal comma"),
        ("4.85 ± 0.1", F, "an uncertainty band is a range"),
    ],
    "shop_admin/average-rating/1": [  # 2.53
        ("2.53 ★", T, "glyph"),
        ("≈ 2.5", F, "approximate rounded"),
        ("2.53 out of 5 (15 reviews)", T, "out of 5 and count"),
        ("2.53, no, 2.35", F, "corrected"),
        ("2.35", F, "transposed"),
    ],
    "shop/order-item-count/0": [  # 6
        ("6️⃣", T, "keycap digit"),
        ("half a dozen", T, "half a dozen"),
        ("6 items (2 × Ember Japanese Whisk, 4 × others)", T, "quantities labelled"),
        ("6 or 7", F, "alternatives"),
        ("5-6", F, "range"),
        ("at most 6", F, "bound"),
        ("six", T, "word"),
        ("Six.", T, "capitalised word with period"),
        ("6 (3 distinct products)", T, "distinct count labelled"),
    ],
    "shop/count-in-category/0": [  # 12
        ("a dozen", T, "dozen"),
        ("12 products (page 1 of 1)", T, "page numbers labelled"),
        ("roughly a dozen", F, _APPROX),
        ("10-15", F, "range"),
        ("١٢", T, "arabic-indic"),
        ("12th", F, "an ordinal is not a count"),
    ],
    "shop_admin/low-stock-count/0": [  # 47
        ("47 products", T, "unit"),
        ("~50", F, "approximate rounded"),
        ("47 (stock < 10)", T, "the question's threshold"),
        (
            "How many products have fewer than 10 units in stock? 47",
            T,
            "echo with the threshold",
        ),
        ("fewer than 10: 47", T, "label with threshold"),
        ("47 products, 10 of them out of stock", T, "a sub-count labelled"),
        ("about 45-50", F, "approximate range"),
    ],
    "shop_admin/big-orders-year/0": [  # 14
        (
            "How many orders placed in 2023 had a grand total of $500 or more? 14",
            T,
            "echo with year and amount",
        ),
        ("14 orders ≥ $500 in 2023", T, "threshold and year"),
        ("14 (out of 612 orders in 2023)", T, "total labelled"),
        ("$14", F, "money for a count"),
        ("14, but 15 if you count canceled ones", F, "conditional two counts"),
        ("fourteen", T, "word"),
    ],
    "shop_admin/canceled-orders-period/1": [  # 12
        ("From January 1 to March 31, 2024, 12 orders were canceled.", T, "echoed period"),
        ("Q1 2024: 12 canceled", T, "quarter label"),
        ("12 (Jan: 5, Feb: 4, Mar: 3)", T, "monthly breakdown"),
        ("12 or 13", F, "alternatives"),
        ("a dozen", T, "dozen"),
    ],
    "shop_admin/rating-reviews-period/0": [  # 8
        ("8 one-star reviews in June 2024", T, "one-star and month"),
        ("How many 1-star reviews, whatever their status, were written in June 2024? 8", T, "echo"),
        ("8 (5 approved, 3 pending)", T, "breakdown"),
        ("1", F, "the star count instead"),
        ("eight", T, "word"),
    ],
    "shop_admin/city-customers-before/0": [  # 5
        ("5 customers in Nashville since before 2021", T, "echo of city and year"),
        ("five", T, "word"),
        ("5️⃣", T, "keycap"),
        ("2021", F, "only the year from the question"),
    ],
    "forum/comment-score/0": [  # 10
        ("+10", T, "signed score"),
        ("10 points", T, "points"),
        ("10 (12 upvotes, 2 downvotes)", T, "votes breakdown"),
        ("-10", F, "negative"),
        ("10 upvotes", T, "upvotes"),
        ("Score: 10 ▲", T, "arrow glyph"),
    ],
    "forum/week-submission-count/0": [  # 5
        ("5 in the past 7 days", T, "period in days"),
        ("5 submissions this week", T, "this week"),
        ("5, 5", T, "repeated with comma"),
        ("5 and 6", F, "two counts"),
        ("V", F, "roman numeral"),
    ],
    "githost/merged-mr-count/0": [  # 4
        ("4 merged (of 9 total MRs)", T, "total labelled"),
        ("4 ✅", T, "emoji"),
        ("!4", F, "an MR reference, not a count"),
        ("4 🎉", T, "party emoji"),
        ("four merge requests", T, "words"),
    ],
    "githost/my-created-open/0": [  # 30
        ("30 open issues", T, "unit"),
        ("30 (of 41 created; 11 closed)", T, "other counts labelled"),
        ("~30", F, _APPROX),
        ("about 30", F, _APPROX),
        ("30+", F, "open-ended"),
        ("3 0", F, "digits split by a space"),
    ],
    "shop_admin/pending-review-count/0": [  # 24
        ("24 reviews awaiting moderation", T, "unit"),
        ("two dozen", T, "two dozen"),
        ("24 pending / 312 total", T, "slash between labelled counts"),
        ("20-25", F, "range"),
        ("24 (or 25 counting today's)", F, "alternative in brackets"),
    ],
    "shop_admin/subscriber-count/0": [  # 20
        ("20 customers", T, "unit"),
        ("20 of 150 customers", T, "total labelled"),
        ("13%", F, "a share"),
        ("twenty", T, "word"),
    ],
    "shop_admin/group-size/0": [  # 10
        ("10 customers in Wholesale", T, "group named"),
        ("🔟", T, "keycap ten emoji"),
        ("ten", T, "word"),
        ("10 or so", F, _APPROX),
    ],
    # ---------------------------------------------------------------- dates
    "forum/user-join-date/0": [  # July 19, 2020 (a Sunday)
        ("2020-07-19T00:00:00Z", T, "iso datetime utc"),
        ("2020-07-19T14:32:10+02:00", T, "iso datetime with offset"),
        ("2020-07-19T23:30:00-05:00", T, "late local time, the written date counts"),
        ("2020-07-19T00:00:00.000Z", T, "milliseconds"),
        ("2020-07-19 14:32 UTC", T, "space and UTC"),
        (
            "Sun Jul 19 2020 00:00:00 GMT+0000 (Coordinated Universal Time)",
            T,
            "javascript date string",
        ),
        ("Sun, 19 Jul 2020 00:00:00 +0000", T, "rfc 2822"),
        ("Sunday, 19 July 2020", T, "weekday day month year"),
        ("19.07.2020", T, "german dotted"),
        ("19/07/2020", T, "day first, day over 12"),
        ("2020/07/19", T, "slashed iso order"),
        ("20200719", T, "iso basic"),
        ("19-Jul-2020", T, "dd-mon-yyyy"),
        ("July 19th, 2020", T, "ordinal day"),
        ("the 19th of July, 2020", T, "the nth of"),
        ("July nineteenth, 2020", T, "ordinal day in words"),
        ("July 19, 2020 at 3:15 PM", T, "with a time"),
        ("July 19, 2020 (almost 4 years ago)", T, "with a relative note"),
        ("<answer>2020-07-19</answer>", T, "tag"),
        ("\\boxed{\\text{July 19, 2020}}", T, "boxed text"),
        ("📅 July 19, 2020", T, "calendar emoji"),
        ("Joined: Jul 19, 2020 · 412 karma · 37 submissions", T, "profile line with counts"),
        ("2020-07-20T02:00:00+00:00", F, "written date is the 20th"),
        ("July 18, 2020", F, "off by one"),
        ("July 2020", F, "month only"),
        ("2020", F, "year only"),
        ("yesterday", F, "relative"),
        ("almost four years ago", F, "relative"),
        ("July 19, 2020 or July 20, 2020", F, "alternatives"),
        ("between July 18 and July 20, 2020", F, "range"),
        ("July 19, 2020, no wait, July 9, 2020", F, "corrected to wrong"),
        ("July 9, 2020 — sorry, July 19, 2020", T, "corrected to right"),
        ("I couldn't find the join date.", F, "refusal"),
    ],
    "forum/user-join-date/1": [  # November 19, 2021 (a Friday)
        ("2021-11-19T08:00:00-08:00", T, "iso with negative offset"),
        ("Fri, 19 Nov 2021", T, "abbreviated"),
        ("11/19/21", T, "us two-digit year"),
        ("Nov. 19th '21", T, "apostrophe year"),
        ("2021-11-19 or so", F, "approximate date is not a date"),
        ("2021-11-91", F, "impossible date"),
    ],
    "githost/milestone-due/0": [  # 2024-02-10 (a Saturday)
        ("2024-02-10T00:00:00Z", T, "iso utc"),
        ("2024-02-10T23:59:59-05:00", T, "end of day with offset"),
        ("2024-02-10T00:00Z", T, "minutes only"),
        ("20240210", T, "basic"),
        ("Saturday, February 10, 2024", T, "weekday"),
        ("Sat 10 Feb 2024", T, "short"),
        ("10/02/2024", F, "ambiguous day-first is read month-first (October 2)"),
        ("February 10th, 2024 (in 3 days)", T, "relative note after"),
        ("due in 3 days", F, "relative only"),
        ("Saturday", F, "weekday only"),
        ("2024-02-09T23:00:00Z", F, "written date is the 9th"),
        ("Feb 10 or Feb 11, 2024", F, "alternatives"),
        ("<due>2024-02-10</due>", T, "custom tag"),
        ("Due date: 2024-02-10 (milestone #3, 12 issues)", T, "other numbers labelled"),
        ("2024-02-10, 2024-02-10", T, "repeated"),
    ],
    "githost/milestone-due/1": [  # 2024-06-27
        ("2024-06-27T12:00:00+09:00", T, "iso with +09:00"),
        ("27.06.2024", T, "dotted"),
        ("June 27", F, "no year"),
        ("in late June 2024", F, "vague"),
        ("2024-06-27 ✅", T, "emoji"),
    ],
    "shop/first-order-date/0": [  # 2022-07-03 (a Sunday)
        ("2022-07-03T10:21:00+00:00", T, "iso"),
        ("Sunday, July 3rd, 2022", T, "weekday and ordinal"),
        ("3 July 2022", T, "day month year"),
        ("07/03/2022", T, "us numeric"),
        ("3/7/2022", F, "ambiguous read month-first (March 7)"),
        ("July 2022", F, "month only"),
        ("Order #100001, placed July 3, 2022, $23.40", T, "order and total with the date"),
        ("two years ago", F, "relative"),
    ],
    "shop_admin/latest-canceled-order/0": [  # May 20, 2024 (a Monday)
        ("2024-05-20T16:45:00Z", T, "iso"),
        ("Mon, May 20, 2024 4:45 PM", T, "with weekday and time"),
        ("20/05/2024", T, "day first"),
        ("May 20th", F, "no year"),
        ("last Monday", F, "relative"),
        ("May 20, 2024 (order #100655, $83.20)", T, "order and total"),
        ("May 20, 2024 or May 21, 2024", F, "alternatives"),
        ("<answer><date>2024-05-20</date></answer>", T, "nested tags"),
    ],
    # ---------------------------------------------------------------- months
    "shop/order-month/0": [  # December 2023
        ("2023-12", T, "iso month"),
        ("Dec '23", T, "apostrophe year"),
        ("12/2023", T, "numeric month/year"),
        ("December of 2023", T, "of"),
        ("Dec. 2023", T, "abbreviated"),
        ("2023-12-15", T, "a full date within the month"),
        ("December 15, 2023", T, "a full date within the month, words"),
        ("2023-12-15T09:00:00-05:00", T, "iso datetime within the month"),
        ("December", F, "no year; the question asks for it"),
        ("December 2023 or January 2024", F, "alternatives"),
        ("late 2023", F, "vague"),
        ("Q4 2023", F, "quarter"),
        ("winter 2023", F, "season"),
        ("November 2023", F, "wrong month"),
        ("<answer>December 2023</answer>", T, "tag"),
        ("🎄 December 2023", T, "emoji"),
        ("December 2023, no wait, November 2023", F, "corrected"),
    ],
    "shop_admin/best-sales-month/0": [  # February 2023 (the question says "of 2023")
        ("February", T, "the question names the year"),
        ("Feb", T, "abbreviated, year in the question"),
        ("Feb 2023", T, "abbreviated"),
        ("2023-02", T, "iso"),
        ("02/2023", T, "numeric"),
        ("February 2023 ($9,812.40)", T, "the total after"),
        ("February 2022", F, "wrong year"),
        ("March", F, "wrong month"),
        ("February or March", F, "alternatives"),
        ("the second month", F, "ordinal description, not a month name"),
    ],
    # ---------------------------------------------------------------- booleans
    "shop/newsletter-status/0": [  # No
        ("Nope", T, "informal no"),
        ("No ❌", T, "emoji after"),
        ("❌ No", T, "emoji first"),
        ("Negative", T, "negative"),
        ("Not subscribed", T, "not subscribed"),
        ("You are not subscribed.", T, "sentence"),
        ("Unsubscribed", T, "unsubscribed"),
        ("False", T, "false"),
        ("NO.", T, "upper case with period"),
        ("No, but you can subscribe under Newsletter Subscriptions.", T, "no with advice"),
        ("No (the box is unticked).", T, "reason in brackets"),
        ("<answer>No</answer>", T, "tag"),
        ("\\boxed{\\text{No}}", T, "boxed"),
        ("Final Answer: No", T, "label"),
        ("No, no.", T, "repeated"),
        ("Yes", F, "wrong"),
        ("Yes, you are subscribed.", F, "wrong sentence"),
        ("Yes and no", F, "both"),
        ("Maybe", F, "maybe"),
        ("Not sure", F, "not sure"),
        ("I don't know", F, "refusal"),
        ("Yes — wait, no.", T, "corrected to no"),
        ("No, wait, yes.", F, "corrected to yes"),
        ("B", F, "letter alone"),
        ("If the checkbox is what counts, no; otherwise yes.", F, "two-branch conditional"),
        ("", F, "empty"),
    ],
    "shop_admin/is-subscribed/0": [  # Yes
        ("Yep", T, "informal"),
        ("Yes, Liam White is subscribed.", T, "sentence"),
        ("Affirmative", T, "affirmative"),
        ("True", T, "true"),
        ("✅ Yes", T, "emoji"),
        ("Subscribed", T, "the status word"),
        ("Yes!", T, "bang"),
        ("He is subscribed.", T, "pronoun sentence"),
        ("Yes (since March 2023)", T, "a date after"),
        ("Absolutely", T, "absolutely"),
        ("<answer>yes</answer>", T, "lower-case tag"),
        ("Liam White is not subscribed.", F, "negation"),
        ("No", F, "wrong"),
        ("Yes or no, I can't tell", F, "hedge"),
        ("I believe so", T, "confidence phrase for yes"),
        ("Is Liam White subscribed to the store's newsletter? Yes", T, "echo then yes"),
        ("Is Liam White subscribed to the store's newsletter?", F, "echo only"),
    ],
    "shop_admin/is-subscribed/1": [  # No
        ("Grace Smith is not subscribed.", T, "sentence"),
        ("No — she unsubscribed.", T, "dash reason"),
        ("Not subscribed ❌", T, "emoji"),
        ("She is subscribed.", F, "wrong"),
    ],
    "forum/image-post-kind/0": [  # Yes (a bar chart)
        ("Yes, it's a bar chart.", T, "yes with restatement"),
        ("It is a bar chart.", T, "restatement only"),
        ("Yes — a bar chart with 5 bars.", T, "number of bars"),
        ("No, it's a line chart.", F, "no"),
        ("No", F, "no"),
    ],
    # ---------------------------------------------------------------- lists
    "forum/forum-moderators/0": [  # falcon_ian, pine_beth
        ("@falcon_ian, @pine_beth", T, "at handles"),
        ("u/falcon_ian and u/pine_beth", T, "u/ prefixes"),
        ("/u/falcon_ian, /u/pine_beth", T, "/u/ prefixes"),
        ("falcon_ian & pine_beth", T, "ampersand"),
        ("falcon_ian + pine_beth", T, "plus"),
        ("falcon_ian, as well as pine_beth", T, "as well as"),
        ("both falcon_ian and pine_beth", T, "both...and"),
        ("falcon_ian | pine_beth", T, "pipe"),
        ("falcon_ian and/or pine_beth", F, "and/or is a hedge"),
        ("either falcon_ian or pine_beth", F, "either-or"),
        ("falcon_ian, pine_beth, and possibly cedar_lucy", F, "hedged extra"),
        ("falcon_ian, pine_beth, etc.", F, "etc. implies more"),
        ("falcon_ian, pine_beth and others", F, "and others"),
        ("only falcon_ian", F, "missing one"),
        ("falcon_ian and pine_beth are the only moderators.", T, "the only moderators"),
        ("Neither falcon_ian nor pine_beth", F, "neither-nor"),
        ("falcon_ian, pine_beth (not cedar_lucy)", T, "an exclusion in brackets"),
        ("falcon_ian, pine_beth, falcon_ian", T, "a duplicate"),
        (
            "- falcon_ian\n  - joined 2019\n  - 1,240 karma\n- pine_beth\n  - joined 2020",
            T,
            "nested sub-bullets with details",
        ),
        ("- Moderators:\n  - falcon_ian\n  - pine_beth", T, "heading bullet with nested names"),
        ("<ul><li>falcon_ian</li><li>pine_beth</li></ul>", T, "html list"),
        ("<answer>falcon_ian, pine_beth</answer>", T, "tag"),
        ("\\boxed{\\text{falcon\\_ian, pine\\_beth}}", T, "boxed with escaped underscores"),
        ("👮 falcon_ian\n👮 pine_beth", T, "emoji bullets"),
        ("FALCON_IAN, PINE_BETH", T, "upper case"),
        ("falcon_ian, cedar_lucy — sorry, I meant falcon_ian, pine_beth", T, "list corrected"),
        ("falcon_ian, pine_beth — no wait, falcon_ian, cedar_lucy", F, "list corrected to wrong"),
        (
            "Who are the moderators of the Music forum? falcon_ian and pine_beth",
            T,
            "echo",
        ),
        ("I cannot see the moderators list.", F, "refusal"),
        ("[]", F, "empty list"),
        ("falcon_ian, pine_beth, falcon_ian, pine_beth", T, "the list twice"),
        ("A and B", F, "letters"),
    ],
    "forum/forum-moderators/1": [  # cedar_lucy, jonah.carter, noah.jensen
        ("@cedar_lucy, @jonah.carter and @noah.jensen", T, "at handles with and"),
        ("cedar_lucy; jonah.carter; noah.jensen.", T, "semicolons and period"),
        ("1) cedar_lucy 2) jonah.carter 3) noah.jensen", T, "inline numbering"),
        ("cedar_lucy, jonah.carter, and/or noah.jensen", F, "and/or"),
        ("cedar_lucy, jonah.carter, noah.jensen, and maybe pine_beth", F, "maybe an extra"),
        ("3 moderators: cedar_lucy, jonah.carter, noah.jensen", T, "count agrees"),
        ("@cedar_lucy @jonah.carter @noah.jensen", T, "space-separated handles"),
        ("cedar_lucy, jonah.carter", F, "missing one"),
        ("cedar_lucy 🌲, jonah.carter 🚀, noah.jensen ⭐", T, "emoji per name"),
    ],
    "shop/wishlist-items/0": [
        (
            "- Saltmarsh Non-Stick Wok\n  - $39.99, in stock\n"
            "- Deskwise Metal Mesh Desk Organiser\n  - $24.99\n"
            "- Starling Stunt Scooter\n  - $89.00, 2 colours\n"
            "- Trailmark Junior Beach Towel\n"
            "  - $14.50",
            T,
            "nested bullets with prices",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt "
            "Scooter and/or Trailmark Junior Beach Towel",
            F,
            "and/or",
        ),
        (
            "<ol><li>Saltmarsh Non-Stick Wok</li><li>Deskwise Metal Mesh Desk Organiser</li>"
            "<li>Starling Stunt Scooter</li><li>Trailmark Junior Beach Towel</li></ol>",
            T,
            "html ordered list",
        ),
        (
            "🍳 Saltmarsh Non-Stick Wok\n🗂️ Deskwise Metal Mesh Desk Organiser\n🛴 Starling Stunt "
            "Scooter\n🏖️ Trailmark Junior Beach Towel",
            T,
            "emoji bullets",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organizer, Starling Stunt "
            "Scooter, Trailmark Junior Beach Towel",
            T,
            "US spelling Organizer",
        ),
        (
            "SALTMARSH NON-STICK WOK; DESKWISE METAL MESH DESK ORGANISER; STARLING STUNT "
            "SCOOTER; TRAILMARK JUNIOR BEACH TOWEL",
            T,
            "upper case",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt "
            "Scooter, Trailmark Junior Beach Towel, etc.",
            F,
            "etc.",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter",
            F,
            "missing one",
        ),
        (
            "4 items: Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling "
            "Stunt Scooter, Trailmark Junior Beach Towel",
            T,
            "agreeing count",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt "
            "Scooter, Trailmark Junior Beach Towel (and possibly the Voltix Dual-Port Charger)",
            F,
            "possibly an extra",
        ),
    ],
    "shop/photo-views/0": [  # front, back, top
        ("Front, Back, Top", T, "capitalised"),
        ("front view, back view, top view", T, "with 'view'"),
        ("front/back/top", T, "slashes between distinct items of a list question"),
        ("front, back, and/or top", F, "and/or"),
        ("front, back, top, side", F, "extra"),
        ("front, back", F, "missing"),
        ("<answer>front, back, top</answer>", T, "tag"),
        ("3 views: front, back, top", T, "count agrees"),
        ("4 views: front, back, top", F, "count disagrees"),
        ("- front\n  - shows the logo\n- back\n- top\n  - shows the lid", T, "nested notes"),
        ("front ⬆️, back ⬇️, top 🔝", T, "emoji"),
    ],
    "shop_admin/active-coupon-codes/0": [  # SAVE10, WELCOME5, SUMMER20, BIG25
        ("`SAVE10`, `WELCOME5`, `SUMMER20`, `BIG25`", T, "backticks"),
        ('"SAVE10", "WELCOME5", "SUMMER20", "BIG25".', T, "quoted with period"),
        (
            "1. SAVE10\n   a. 10% off\n2. WELCOME5\n   a. $5 off\n"
            "3. SUMMER20\n   a. 20% off\n4. BIG25\n"
            "   a. $25 off orders over $200",
            T,
            "numbered with nested details",
        ),
        ("save10, welcome5, summer20, big25", T, "lower case"),
        ("SAVE10, WELCOME5, SUMMER20 and/or BIG25", F, "and/or"),
        ("SAVE10, WELCOME5, SUMMER20, BIG25, SAVE50", F, "extra (expired)"),
        ("SAVE10, WELCOME5, SUMMER20, BIG25 (SAVE50 has expired)", T, "expired code set aside"),
        ("SAVE10 WELCOME5 SUMMER20 BIG25", T, "spaces"),
        ("SAVE10 · WELCOME5 · SUMMER20 · BIG25", T, "middle dots"),
        ("SAVE10, WELCOME5, SUMMER20", F, "missing"),
        ("🏷️ SAVE10 🏷️ WELCOME5 🏷️ SUMMER20 🏷️ BIG25", T, "emoji separators"),
    ],
    "shop_admin/retailer-customers/0": [
        (
            "Ryan Clark, Ryan Wright, Victor White, Ruby García, Sophia Clark, Harper Lewis",
            T,
            "an accent added",
        ),
        (
            "Clark, Ryan; Wright, Ryan; White, Victor; Garcia, Ruby; Clark, Sophia; Lewis, Harper",
            T,
            "last, first with semicolons",
        ),
        (
            "ryan clark, ryan wright, victor white, ruby garcia, sophia clark, harper lewis",
            T,
            "lower case",
        ),
        (
            "Ryan Clark, Ryan Wright, Victor White, Ruby Garcia, Sophia Clark and/or Harper Lewis",
            F,
            "and/or",
        ),
        (
            "Ryan Clark, Brian Wright, Victor White, Ruby Garcia, Sophia Clark, Harper Lewis",
            F,
            "a different first name",
        ),
        (
            "6 customers:\n- Ryan Clark (ryan.clark@example.com)\n- Ryan Wright\n- Victor White\n"
            "- Ruby Garcia\n- Sophia Clark\n- Harper Lewis",
            T,
            "count and an email",
        ),
    ],
    "shop_admin/customers-by-phone/0": [  # Omar Kim, Ines Thomas
        ("Omar Kim and Inès Thomas", T, "accent added"),
        ("OMAR KIM, INES THOMAS", T, "upper case"),
        ("Kim, Omar & Thomas, Ines", T, "last, first with ampersand"),
        ("Omar Kim and/or Ines Thomas", F, "and/or"),
        ("Omar Kim", F, "missing"),
        ("Omar Kim, Ines Thomas, and Ines Thompson", F, "extra"),
        (
            "A caller left the number (615) 555-0135 without a name. Which customers have that "
            "phone number? Omar Kim and Ines Thomas.",
            T,
            "echo with the phone number",
        ),
    ],
    "shop_admin/top-bestsellers-year/0": [
        (
            "The 3 products are: Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain "
            "Pen, Verdant Eucalyptus Soap Bar Set",
            T,
            "the question's 3",
        ),
        (
            "1st Ridgeback Urban Bike Helmet (212 units), 2nd Clearfile Refillable Fountain Pen "
            "(198), 3rd Verdant Eucalyptus Soap Bar Set (187)",
            T,
            "ordinals and units",
        ),
        (
            "🥇 Ridgeback Urban Bike Helmet\n🥈 Clearfile Refillable Fountain Pen\n🥉 Verdant "
            "Eucalyptus Soap Bar Set",
            T,
            "medal emoji",
        ),
        (
            "Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen, Verdant Eucalyptus "
            "Soap Bar Set, Solace Memory Foam Clogs",
            F,
            "a fourth",
        ),
        (
            "Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen and/or Verdant "
            "Eucalyptus Soap Bar Set",
            F,
            "and/or",
        ),
    ],
    "shop_admin/zero-result-terms-uses/0": [
        (
            '"bamboo chef\'s knife", "ceramic coffee mug", "coffee beans", "chef\'s knife", '
            '"bluetooth speakr"',
            T,
            "quoted terms",
        ),
        (
            "bamboo chef’s knife, ceramic coffee mug, coffee beans, chef’s knife, bluetooth speakr",
            T,
            "curly apostrophes",
        ),
        (
            "bamboo chef's knife, ceramic coffee mug, coffee beans, chef's knife, "
            "bluetooth speaker",
            F,
            "the misspelt term corrected is another term",
        ),
        (
            "- bamboo chef's knife (412 uses)\n- ceramic coffee mug (305)\n- coffee beans (250)\n"
            "- chef's knife (180)\n- bluetooth speakr (101)",
            T,
            "use counts",
        ),
    ],
    "shop_admin/bill-to-orders-2024/0": [
        ("#100506, #100510, #100591, #100593, #100598, #100623, #100640", T, "hash numbers"),
        ("100506 100510 100591 100593 100598 100623 100640", T, "spaces"),
        (
            "100,506, 100,510, 100,591, 100,593, 100,598, 100,623, 100,640",
            T,
            "changed after reading the rules: 3-digit groups are unambiguous, a reader sees "
            "the order numbers",
        ),
        (
            "100506, 100510, 100591, 100593, 100598, 100623, 100640, 100641",
            F,
            "extra",
        ),
        (
            "7 orders: 100506, 100510, 100591, 100593, 100598, 100623, 100640",
            T,
            "count agrees",
        ),
        (
            "100506, 100510, 100591, 100593, 100598, 100623 and/or 100640",
            F,
            "and/or",
        ),
    ],
    "shop_admin/low-stock-brand/0": [
        (
            "Papermoon Hardcover Sticky Notes (3 left), Papermoon Brass Gel Pen Set (7 left), "
            "Papermoon Ergonomic Desk Chair (1 left)",
            T,
            "stock counts",
        ),
        (
            "Hardcover Sticky Notes, Brass Gel Pen Set, Ergonomic Desk Chair",
            T,
            "the brand dropped when the question names it",
        ),
        (
            "Papermoon Hardcover Sticky Notes, Papermoon Brass Gel Pen Set",
            F,
            "missing",
        ),
    ],
    "githost/mr-approvers/0": [  # Jonas Rahman
        ("Jonas Rahmán", T, "accent added"),
        ("Rahman, Jonas", T, "last, first"),
        ("Jonas Rahman ✅", T, "emoji"),
        ("Jonas Rahman (1 of 2 required approvals)", T, "approval counts"),
        ("Jonas Rahman and/or Anya Lee", F, "and/or"),
        ("Nobody", F, "nobody"),
    ],
    # ---------------------------------------------------------------- strings
    "forum/latest-message-sender/0": [  # elenaa19
        ("@elenaa19", T, "at handle"),
        ("u/elenaa19", T, "u/ prefix"),
        ("/u/elenaa19", T, "/u/ prefix"),
        ("user elenaa19", T, "user prefix"),
        ('"elenaa19".', T, "quoted with period"),
        ("ELENAA19", T, "upper case"),
        ("@elenaa", F, "truncated"),
        ("@elenaa19x", F, "extended"),
        ("elenaa19 or elenaa91", F, "alternatives"),
        ("<answer>@elenaa19</answer>", T, "tag"),
        ("elenaa19 ✉️", T, "emoji"),
        ("elenaa19 (message from 2024-05-30, 3 unread)", T, "date and count"),
        ("I can't access your messages.", F, "refusal"),
    ],
    "forum/submission-author/0": [  # willow_ben
        ("@willow_ben", T, "at handle"),
        ("u/willow_ben", T, "u/ prefix"),
        ("Posted by u/willow_ben 3 days ago", T, "byline"),
        ("willow_ben, no wait, willow_bea", F, "corrected to wrong"),
        ("willow_bea, sorry, willow_ben", T, "corrected to right"),
        ("Willow_Ben", T, "case"),
        ("willow_ben willow_ben", T, "repeated"),
    ],
    "forum/submission-author/1": [  # davidt63
        ("@davidt63", T, "at"),
        ("davidt36", F, "transposed digits"),
        ("davidt63 (karma 1,024)", T, "karma"),
        ("`davidt63`", T, "backticks"),
    ],
    "githost/top-committer-month/0": [  # Alex Chen (the logged-in user)
        ("Me", T, "the logged-in user is Alex Chen"),
        ("You (Alex Chen)", T, "you with the name"),
        ("alex.chen", T, "the logged-in user's username"),
        ("@alex.chen", T, "at username"),
        ("Alex Chen (14 commits)", T, "commit count"),
        ("ALEX CHEN", T, "upper case"),
        ("Chen, Alex", T, "last, first"),
        ("Alex Chen or Samir Bauer", F, "alternatives"),
        ("Alex Cheng", F, "another spelling"),
        ("A. Chen", F, "initial only"),
    ],
    "githost/top-contributor/2": [  # Tomas Schmidt
        ("Tomás Schmidt", T, "accent added"),
        ("TOMAS SCHMIDT", T, "upper"),
        ("tomas schmidt", T, "lower"),
        ("Schmidt, Tomas", T, "last, first"),
        ("Thomas Schmidt", F, "another spelling"),
        ("Tomas Schmit", F, "misspelt surname"),
        ("Schmidt", F, "surname only"),
        ("Tomas Schmidt (52 commits, excluding 6 merges)", T, "counts"),
        ("\\boxed{\\text{Tomas Schmidt}}", T, "boxed"),
        ("<answer>Tomas Schmidt</answer>", T, "tag"),
        ("**Tomas Schmidt** 🏆", T, "bold and emoji"),
    ],
    "githost/top-contributor/1": [  # Fatima Haddad
        ("Fátima Haddad", T, "accent"),
        ("Fatimah Haddad", F, "another spelling"),
        ("Haddad, Fatima", T, "last, first"),
        ("Fatima Haddad, no wait, Samir Bauer", F, "corrected away"),
    ],
    "githost/file-last-changed-by/0": [  # Samir Bauer
        ("Sâmir Bäuer", T, "diacritics added"),
        ("samir bauer", T, "lower"),
        ("Samir Bauer (commit 3f2a9c1, 2024-04-02)", T, "commit and date"),
        ("Samir Bauer or Alex Chen", F, "alternatives"),
        ("Samir", F, "first name only"),
    ],
    "githost/issue-author/0": [  # Jonas Rahman
        ("Jonas Rahman opened #32 on 2024-03-14.", T, "sentence with the issue number"),
        ("Who opened issue #32 in kestrel-cloud/basalt-sync? Jonas Rahman", T, "echo"),
        ("Jonas R.", F, "initial surname"),
    ],
    "githost/member-role/0": [  # Reporter
        ("Reporter 📝", T, "emoji"),
        ("REPORTER", T, "upper"),
        ('"Reporter".', T, "quoted with period"),
        ("Role: Reporter (since 2023-01-05)", T, "label and date"),
        ("Reporter, no wait, Developer", F, "corrected"),
        ("Developer — actually, Reporter", T, "corrected to right"),
        ("Reporter/Developer", F, "slash alternatives"),
        ("Reporter and/or Developer", F, "and/or"),
        ("B) Reporter", T, "letter with value"),
        ("C", F, "letter alone"),
        ("\\boxed{\\text{Reporter}}", T, "boxed"),
        ("<role>Reporter</role>", T, "custom tag"),
        ("Reporter (access level 20)", T, "level number"),
        ("Reporter Reporter", T, "repeated"),
        ("Reporters", T, "plural"),
    ],
    "shop/order-status/0": [  # Processing
        ("⏳ Processing", T, "emoji"),
        ("PROCESSING", T, "upper"),
        ("Processing.", T, "period"),
        ("It's processing", T, "contraction sentence"),
        ("Processing (placed 2024-06-01)", T, "date"),
        ("Processing or Pending", F, "alternatives"),
        ("Processing, no wait, Shipped", F, "corrected"),
        ("Not processing", F, "negated"),
        ("Pending", F, "wrong"),
    ],
    "shop/order-status/1": [  # Shipped
        ("🚚 Shipped", T, "emoji"),
        ("Shipped ✅", T, "emoji after"),
        ("It has shipped.", T, "verb form"),
        ("Shipped (tracking 1Z999AA10123456784)", T, "tracking"),
        ("Shipped or Complete", F, "alternatives"),
        ("Shipped/Complete", F, "slash"),
        ("Complete", F, "wrong"),
    ],
    "shop/order-shipping-method/0": [  # Express (question: standard or express?)
        ("the latter", T, "names the question's second option"),
        ("the second one", T, "the question's second option"),
        ("the former", F, "the first option, standard"),
        ("B", F, "letter alone"),
        ("(b) express", T, "letter and value"),
        ("Express shipping", T, "with shipping"),
        ("express delivery", T, "delivery"),
        ("EXPRESS", T, "upper"),
        ("Express (2-day)", T, "speed note"),
        ("Express, not standard", T, "exclusion"),
        ("Standard, not express", F, "wrong with exclusion"),
        ("Express or standard", F, "both"),
        ("Express 🚀", T, "emoji"),
        ("⚡ Express — $9.99", T, "emoji and its price"),
    ],
    "shop/order-coupon/0": [  # SAVE10
        ("`SAVE10`.", T, "backticks and period"),
        ('"SAVE10",', T, "quoted with comma"),
        ("«SAVE10»", T, "guillemets"),
        ("„SAVE10“", T, "german quotes"),
        ("「SAVE10」", T, "cjk brackets"),
        ("save10", T, "lower"),
        ("SAVE10 (10% off)", T, "percentage note"),
        ("SAVE10 🎟️", T, "emoji"),
        ("SAVE 10", T, "space inside the code"),
        ("SAVE10 or WELCOME5", F, "alternatives"),
        ("SAVE100", F, "longer code"),
        ("SAVE10, no wait, SAVE20", F, "corrected"),
        ("10%", F, "the discount, not the code"),
    ],
    "githost/latest-tag/0": [  # v0.3.0
        ("0.3.0", T, "without v"),
        ("V0.3.0", T, "upper v"),
        ("version 0.3.0", T, "version word"),
        ("release v0.3.0", T, "release word"),
        ("tag v0.3.0", T, "tag word"),
        ("`v0.3.0`", T, "backticks"),
        ("refs/tags/v0.3.0", T, "git ref"),
        ("v0.3.0 (released 2024-04-11)", T, "date"),
        ("v0.3.0 is the latest, before it v0.2.0", T, "older tag set aside"),
        ("v0.3", F, "not the tag's name"),
        ("v0.3.0-rc1", F, "pre-release"),
        ("v0.3.1", F, "patch off"),
        ("v0.30", F, "another version"),
        ("v0.3.0 or v0.2.9", F, "alternatives"),
        ("v0.2.0, v0.3.0", F, "a list of tags"),
        ("v0.3.0 🏷️", T, "emoji"),
        ("<answer>v0.3.0</answer>", T, "tag"),
    ],
    "githost/ssh-clone-url/0": [  # git@git.test:bluefin-labs/hollow-sync.git
        ("ssh://git@git.test/bluefin-labs/hollow-sync.git", T, "ssh url form"),
        ("git clone git@git.test:bluefin-labs/hollow-sync.git", T, "clone command"),
        ("`git@git.test:bluefin-labs/hollow-sync.git`", T, "backticks"),
        ("<code>git@git.test:bluefin-labs/hollow-sync.git</code>", T, "code tag"),
        ("http://git.test/bluefin-labs/hollow-sync.git", F, "the http clone url"),
        ("git@git.test:bluefin-labs/hollow-proxy.git", F, "another repo"),
        (
            "SSH: git@git.test:bluefin-labs/hollow-sync.git (HTTPS: http://git.test/bluefin-labs/hollow-sync.git)",
            T,
            "labelled both, asked for ssh",
        ),
    ],
    "shop_admin/customer-phone/0": [  # (615) 555-0194
        ("615-555-0194", T, "dashes"),
        ("+1 615 555 0194", T, "international spaces"),
        ("615.555.0194", T, "dots"),
        ("(615)555-0194", T, "no space"),
        ("6155550194", T, "digits"),
        ("+1 (615) 555-0194", T, "plus one"),
        ("tel:+16155550194", T, "tel uri"),
        ("555-0194", F, "no area code"),
        ("(615) 555-0149", F, "transposed"),
        ("(615) 555-0194 or (615) 555-0118", F, "alternatives"),
        ("📞 (615) 555-0194", T, "emoji"),
    ],
    "shop_admin/tracking-of-order/0": [  # 1Z9CCCZLUDG6CRXLJG
        ("1z9ccczludg6crxljg", T, "lower"),
        ("1Z 9CC CZL UDG 6CR XLJG", T, "grouped"),
        ("1Z9CCCZLUDG6CRXLJG (UPS)", T, "carrier"),
        ("1Z9CCCZLUDG6CRXLJ", F, "truncated"),
        ("`1Z9CCCZLUDG6CRXLJG`", T, "backticks"),
    ],
    "shop/product-sku/0": [  # EL-60710
        ("EL60710", T, "hyphen dropped"),
        ("el-60710", T, "lower"),
        ("EL–60710", T, "en dash"),
        ("SKU: EL-60710.", T, "label and period"),
        ("EL-6071", F, "truncated"),
        ("EL-60710-B", F, "a variant"),
        ("60710", F, "number only"),
        ("EL-60710 or EL-60701", F, "alternatives"),
    ],
    "shop_admin/highest-order-month/0": [  # 100576
        ("#100576", T, "hash"),
        ("Order #100576", T, "order word"),
        ("No. 100576", T, "No."),
        ("100576 ($812.40)", T, "total"),
        ("#100577", F, "next"),
        ("100576 or 100575", F, "alternatives"),
        (
            "Which order placed in March 2024 had the highest grand total? 100576",
            T,
            "echo with the month",
        ),
        ("<answer>#100576</answer>", T, "tag"),
    ],
    "shop_admin/invoice-of-order/0": [  # 200541
        ("Invoice #200541 (for order #100600)", T, "order set aside"),
        ("#100600", F, "the order number"),
        ("200541 / 100600", F, "two numbers slashed"),
    ],
    "forum/most-commented-2024/0": [  # How experts approach finishing a long series
        ('"How Experts Approach Finishing a Long Series"', T, "title case"),
        ("How experts approach finishing a long series (42 comments)", T, "count"),
        ("how experts approach finishing a long series.", T, "lower with period"),
        ("“How experts approach finishing a long series”", T, "curly quotes"),
        ("How experts approach finishing a series", F, "a word dropped"),
        (
            "How experts approach finishing a long series or Why audiobooks count",
            F,
            "alternatives",
        ),
        ("<answer>How experts approach finishing a long series</answer>", T, "tag"),
        ("📚 How experts approach finishing a long series", T, "emoji"),
    ],
    "githost/my-review-requests/1": [  # Create the auth module (ImportBatch and ComputeHeader)
        ("Create the auth module (ImportBatch & ComputeHeader)", T, "ampersand"),
        ("!12 Create the auth module (ImportBatch and ComputeHeader)", T, "mr reference prefix"),
        ('"Create the auth module (ImportBatch and ComputeHeader)".', T, "quoted"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        ("Orbit Noise Cancelling Earphones", T, "hyphen as space"),
        ("Orbit Noise-Canceling Earphones", T, "US spelling"),
        ("Orbit Noise-Cancelling Earphones ($19.99)", T, "price"),
        ("Orbit Noise-Cancelling Earphones 🎧", T, "emoji"),
        ("Orbit Noise-Cancelling Headphones", F, "another product"),
    ],
    "shop_admin/zero-result-top-term/0": [  # bamboo chef's knife
        ("bamboo chef’s knife", T, "curly apostrophe"),
        ('"bamboo chef\'s knife" (412 searches)', T, "count"),
        ("bamboo chefs knife", T, "apostrophe dropped"),
        ("chef's knife", F, "another term"),
    ],
    "forum/sidebar-weekly-thread/0": [  # Wednesday
        ("Wednesdays", T, "plural"),
        ("every Wednesday", T, "every"),
        ("Wed", T, "abbreviation"),
        ("Weds.", T, "abbreviation with s"),
        ("Wednesday 📅", T, "emoji"),
        ("Wednesday or Thursday", F, "alternatives"),
        ("midweek", F, "vague"),
        ("Wednesday (the 'WIP Wednesday' thread)", T, "thread name"),
    ],
    "shop/default-address-city/0": [  # Austin
        ("Austin, TX", T, "state"),
        ("Austin, Texas 78701", T, "state and zip"),
        ("AUSTIN", T, "upper"),
        ("Austin 🤠", T, "emoji"),
        ("Austin or Dallas", F, "alternatives"),
        ("Texas", F, "state only"),
    ],
    "forum/image-post-colour/0": [  # Green
        ("green 🟢", T, "emoji"),
        ("Green (#2e8b57)", T, "hex code"),
        ("greenish", F, "hedged colour"),
        ("green or teal", F, "alternatives"),
    ],
    # ---------------------------------------------------------------- infeasible (N/A)
    "shop/infeasible-missing-product/0": [
        (
            "I cannot determine the price: the shop does not sell an Acme Quantum Teleporter.",
            T,
            "refusal with reason",
        ),
        ("<answer>N/A</answer>", T, "tag"),
        ("\\boxed{\\text{N/A}}", T, "boxed"),
        ("Final Answer: N/A", T, "label"),
        ("n/a", T, "lower"),
        ("Not applicable: no such product exists.", T, "not applicable"),
        ("$0.00", F, "a price"),
        ("$99.00", F, "a made-up price"),
        ("about $100", F, "an approximate price"),
        ("", F, "empty"),
    ],
    "forum/infeasible-followers/0": [
        ("The forum has no followers feature, so this cannot be answered.", T, "explained"),
        ("0", F, "a count"),
        ("You have 0 followers.", F, "a count in a sentence"),
        ("N/A 🤷", T, "emoji"),
    ],
    "githost/infeasible-missing-project/0": [
        (
            "There is no northwind/quantum-teleporter project, so it has no release tags.",
            T,
            "explained",
        ),
        ("v1.0.0", F, "a tag"),
        ("N/A (maybe v1.0.0?)", F, "hedged with a value"),
    ],
}


# ---------------------------------------------------------------- synthetic specs
# Number formats no shipped reference reaches: amounts over a lakh, percentages and
# fractions. Each spec is what a family would emit; the intent is the question asked.
def _spec(answer_type: str, reference: str) -> dict:
    return {
        "eval_types": ["string_match"],
        "answer_type": answer_type,
        "reference_answers": {"exact_match": reference},
    }


SYNTHETIC: dict[str, tuple[dict, str]] = {
    "lakh-money": (_spec("currency", "$123,456.78"), "What are the store's sales for 2023?"),
    "lakh-count": (_spec("number", "100000"), "How many page views did the shop get in 2023?"),
    "big-count": (_spec("number", "1234567"), "How many searches were recorded in total?"),
    "percent": (_spec("number", "15"), "What percentage discount does the SAVE15 rule give?"),
    "half": (_spec("number", "0.5"), "What fraction of the orders were canceled?"),
    "rank": (
        _spec("number", "3"),
        "In which position does the Voltix charger appear when sorted by price?",
    ),
}

SYNTHETIC_ANSWERS: dict[str, list[tuple[str, bool, str]]] = {
    "lakh-money": [
        ("$1,23,456.78", T, "indian lakh grouping"),
        ("USD 1,23,456.78", T, "lakh grouping with code"),
        ("₹1,23,456.78", F, "rupees"),
        ("$123'456.78", T, "swiss apostrophes"),
        (f"$123{THIN}456.78", T, "thin space"),
        (f"123{NNBSP}456,78{NBSP}$", T, "french"),
        ("$1.23 lakh", F, "lakh as an approximate unit"),
        ("$123.5k", F, "rounded k"),
        ("$123,456.78 (≈ ₹1.03 crore)", T, "a conversion in brackets"),
        ("$12,34,56.78", F, "a grouping no locale uses"),
    ],
    "lakh-count": [
        ("1,00,000", T, "lakh grouping"),
        ("1 lakh", T, "the word lakh is exact"),
        ("100'000", T, "apostrophes"),
        (f"100{THIN}000", T, "thin space"),
        (f"100{NNBSP}000", T, "narrow nbsp"),
        ("100k", T, "k is exact for a round number"),
        ("one hundred thousand", T, "words"),
        ("10,000", F, "a zero short"),
        ("1,000,000", F, "a zero over"),
        ("1 crore", F, "crore is ten million"),
        ("about 100,000", F, _APPROX),
        ("nearly 1 lakh", F, "nearly is under"),
        (
            "100.000",
            F,
            "changed after reading the rules: one dot is a decimal point (the sites are "
            "US-formatted), and '100.000' may be 100 to three decimals",
        ),
    ],
    "big-count": [
        ("12,34,567", T, "lakh grouping"),
        ("1'234'567", T, "apostrophes"),
        ("1.234.567", T, "dot grouping"),
        (f"1{THIN}234{THIN}567", T, "thin spaces"),
        ("1.23 million", F, "rounded millions"),
        ("~1.2M", F, "approximate"),
        ("1,234,567 searches (1,234 unique terms)", T, "a labelled second count"),
        ("1,234,576", F, "transposed"),
    ],
    "percent": [
        ("15%", T, "percent sign"),
        ("15 %", T, "spaced sign"),
        ("15 percent", T, "word"),
        ("fifteen per cent", T, "words, per cent"),
        ("15.0%", T, "decimal zero"),
        ("1.5%", F, "a tenth"),
        ("15‰", F, "per mille"),
        ("15% off", T, "off"),
        ("10-15%", F, "range"),
        ("up to 15%", F, "a bound"),
        ("15% (SAVE15)", T, "the code named"),
        ("％15", F, "a sign before the number is not a percentage anyone writes"),
    ],
    "half": [
        ("1/2", T, "fraction"),
        ("½", T, "vulgar half"),
        ("one half", T, "words"),
        ("a half", T, "a half"),
        ("0.50", T, "two decimals"),
        (".5", T, "no leading zero"),
        ("0,5", T, "decimal comma"),
        ("\\frac{1}{2}", T, "latex"),
        ("\\tfrac12", T, "latex short form"),
        ("1/3", F, "another fraction"),
        ("about half", F, "approximate"),
        ("5", F, "not the fraction"),
    ],
    "rank": [
        ("3rd", T, "ordinal"),
        ("third", T, "ordinal word"),
        ("#3", T, "hash"),
        ("position 3", T, "position"),
        ("3rd of 14", T, "ordinal with total"),
        ("the 3rd", T, "the ordinal"),
        ("3rd or 4th", F, "alternatives"),
        ("top 3", F, "a bound"),
        ("2nd", F, "wrong"),
        ("III", F, "roman numeral"),
    ],
}

# ---------------------------------------------------------------- after reading the rules
# Controls written after the fixes, so they are not held out: each guards a new reading
# against accepting more than it should.
AFTER: dict[str, list[tuple[str, bool, str]]] = {
    "shop/product-price/0": [
        ("$49.99, sorry, I mean $44.99 or $49.99", F, "settles on a hedge"),
        ("$49.99... actually, it might be $44.99", F, "settles on an uncommitted value"),
        ("How much does the Voltix Dual-Port Charger cost? $49.99", F, "echo then wrong"),
        ("<price>$49.99</price>", F, "one element, wrong"),
        ("<a>$44.99</a><b>$49.99</b>", F, "two elements"),
        ("$44.99 (about 60 Canadian dollars)", T, "a conversion in brackets"),
        ("44.99 Australian dollars", F, "another country's dollars"),
        ("\\boxed{44.99} or \\boxed{49.99}", F, "two boxed values"),
    ],
    "shop/count-in-category/0": [
        ("#12", F, "a label for a how-many question"),
        ("12 (the 12th is the last)", T, "an ordinal beside the count"),
    ],
    "forum/forum-moderators/0": [
        ("- falcon_ian\n  - cedar_lucy\n- pine_beth", F, "a nested name is an item"),
        ("- falcon_ian\n  - pine_beth", T, "a nested item"),
        ("falcon_ian pine_beth cedar_lucy", F, "spaced, an extra"),
        ("falcon_ian/pine_beth/cedar_lucy", F, "slashed, an extra"),
    ],
    "shop_admin/active-coupon-codes/0": [
        ("SAVE10 WELCOME5 SUMMER20", F, "spaced, missing one"),
    ],
    "shop_admin/bill-to-orders-2024/0": [
        ("- 100506\n  - 100999\n- 100510", F, "a nested order number is an item"),
    ],
    "shop_admin/retailer-customers/0": [
        (
            "Clark, Ryan; Wright, Ryan; White, Victor; Garcia, Ruby; Clark, Sophia",
            F,
            "surname first, missing one",
        ),
        (
            "Clark, Ryan; Wright, Ryan; White, Victor; Garcia, Ruby; Clark, Sophia; Lewis, "
            "Harper; Kim, Omar",
            F,
            "surname first, an extra",
        ),
    ],
    "shop_admin/rating-reviews-period/0": [
        ("8 or 9 one-star reviews", F, "a hedge beside a compound"),
    ],
    "forum/week-submission-count/0": [
        ("5 or 6 in the past 7 days", F, "a hedge beside a period"),
    ],
    "forum/submission-author/1": [
        ("davidt63 (or davidt36)", F, "an alternative in brackets"),
        ("davidt63 (davidt36)", F, "another username in brackets"),
    ],
    "shop_admin/best-sales-month/0": [
        ("March", F, "another month, the question's year"),
    ],
    "shop/newsletter-status/0": [
        ("I don't think so", T, "negated 'think so'"),
    ],
    "shop_admin/is-subscribed/0": [
        ("I don't think so", F, "negated 'think so' against yes"),
    ],
    "shop_admin/lifetime-sales/0": [
        ("$92'758.98", F, "apostrophe grouping, other cents"),
    ],
    "githost/star-count/0": [
        ("1'8", F, "an apostrophe between digits that groups no thousands"),
    ],
}
AFTER_SYNTHETIC: dict[str, list[tuple[str, bool, str]]] = {
    "percent": [("15 km", F, "another measure"), ("15", T, "bare")],
    "lakh-count": [("2 lakh", F, "two lakh")],
    "lakh-money": [("$1,23,456.87", F, "lakh grouping, other cents")],
    "half": [(".50", T, "no leading zero, two decimals")],
}

# (task or spec, answer) -> why a case is left failing; filled in after reading the rules.
_ENTITY = (
    "other values tied to other things in the same answer are rivals: the checks do not "
    "tie a value to the entity a sentence names"
)
_BOOLEAN = (
    "a restatement of the question's predicate has no polar word; reading it needs the "
    "predicate of the intent, which the boolean reader does not parse (round 5 left "
    "'Subscribed' alone too)"
)
_FRACTION = (
    "fractions are not read as numbers: '1/2' is also '1 of 2', and no shipped or generated "
    "reference is a fraction"
)
_PART_TOTAL = (
    "a labelled total beside the count is a rival unless said with the intent's noun; 'N of "
    "M' and 'N pending / M total' are no reading of their own"
)
LEFT_ALONE: dict[tuple[str, str], str] = {
    ("shop/product-price/0", "forty-four ninety-nine"): (
        "a spoken price (two number words, dollars then cents) reads as 44 and 99; since "
        "the word-number fix it is no longer 143"
    ),
    ("shop/product-price/0", "Final Answer: $44.99\nDraft: $49.99"): (
        "a draft labelled after the answer line is not a working label (WORKING_LABELS), so "
        "its price is a rival"
    ),
    (
        "shop/product-price/0",
        "I looked at 14 products in Chargers: prices ranged from $9.99 to $89.99. The one you "
        "asked about, the Voltix Dual-Port Charger, costs $44.99.",
    ): _ENTITY,
    (
        "shop/product-price/0",
        "Voltix Dual-Port Charger: $44.99. Voltix Quad-Port Charger: $64.99. "
        "Voltix Car Charger: $24.99.",
    ): _ENTITY,
    (
        "shop/spend-month/0",
        "Orders in March 2024: #100601 $52.10, #100605 $78.34 (canceled #100607 $19.99 left "
        "out). Total: $130.44",
    ): "a 'Total:' label is no conclusion marker (_CONCLUSION has '=', 'so', 'for a total of')",
    (
        "shop_admin/lifetime-sales/0",
        "Dashboard → Lifetime Sales: $92,758.89; Average Order: $142.93; Last Orders: 5",
    ): _ENTITY,
    (
        "githost/config-port/0",
        "```yaml\nserver:\n  host: 0.0.0.0\n  port: 9000\n  workers: 4\n```",
    ): "a config block's other keys are rivals; the key the question names is not picked out",
    ("shop/product-rating/1", "2 1/2"): _FRACTION,
    ("shop/product-rating/1", "\\frac{5}{2}"): _FRACTION,
    ("shop/product-rating/1", "2,5 von 5"): (
        "'von' (German 'out of') is no scale word, so the 5 is a rival"
    ),
    ("shop/product-rating/1", "★★½"): "star glyphs are not counted as a rating",
    ("shop_admin/pending-review-count/0", "24 pending / 312 total"): _PART_TOTAL,
    ("shop_admin/subscriber-count/0", "20 of 150 customers"): _PART_TOTAL,
    ("shop_admin/group-size/0", "🔟"): "the keycap-ten emoji is no digit",
    ("shop/newsletter-status/0", "Unsubscribed"): _BOOLEAN,
    ("shop_admin/is-subscribed/0", "Subscribed"): _BOOLEAN,
    ("shop_admin/is-subscribed/0", "He is subscribed."): _BOOLEAN,
    ("forum/image-post-kind/0", "It is a bar chart."): _BOOLEAN,
    ("forum/forum-moderators/0", "falcon_ian, pine_beth (not cedar_lucy)"): (
        "lists.py: a piece with a negation in its aside is no item ('Julian W. (not Emma "
        "L.)', documented in test_answers_lenient); round 4 pins a like case as wrong"
    ),
    (
        "shop_admin/active-coupon-codes/0",
        "SAVE10, WELCOME5, SUMMER20, BIG25 (SAVE50 has expired)",
    ): (
        "an aside naming another code is read as a candidate; rounds 4 (wrong) and 5 (xfail) "
        "disagree on it, so it stays as it is"
    ),
    ("shop_admin/customers-by-phone/0", "Kim, Omar & Thomas, Ines"): (
        "names surname first are read between semicolons only; with '&' the commas split each name"
    ),
    (
        "shop_admin/top-bestsellers-year/0",
        "1st Ridgeback Urban Bike Helmet (212 units), 2nd Clearfile Refillable Fountain Pen "
        "(198), 3rd Verdant Eucalyptus Soap Bar Set (187)",
    ): "an ordinal before an item ('1st ...') is no bullet, so it is part of the item",
    (
        "shop_admin/low-stock-brand/0",
        "Hardcover Sticky Notes, Brass Gel Pen Set, Ergonomic Desk Chair",
    ): ("an item without the brand the question names needs the intent; round 5 left it alone"),
    ("shop/photo-views/0", "- front\n  - shows the logo\n- back\n- top\n  - shows the lid"): (
        "a sub-bullet is a detail only as a figure or a clause (CLAUSE_START: 'with', "
        "'joined', ...); 'shows ...' is neither, and a nested lower-case piece may be an item"
    ),
    ("forum/submission-author/0", "Posted by u/willow_ben 3 days ago"): (
        "a username followed by more words reads as a longer name (string:extended)"
    ),
    ("forum/submission-author/1", "davidt63 (davidt36)"): (
        "accepted before this round too: an aside without a capital letter or 'or'/'and' "
        "(NOT_A_REMARK) is read as a remark, so a lower-case username in brackets is no rival"
    ),
    ("githost/member-role/0", "Reporters"): (
        "plurals are folded only for weekdays; a plural role is not the role by the rules"
    ),
    ("shop/order-shipping-method/0", "the latter"): (
        "'the latter' names the question's second option; options are not read from the intent"
    ),
    ("shop/order-shipping-method/0", "the second one"): (
        "'the second one' names the question's second option; options are not read from the intent"
    ),
    ("githost/latest-tag/0", "refs/tags/v0.3.0"): (
        "a git ref's path is read as other candidates beside the tag"
    ),
    ("githost/latest-tag/0", "v0.3.0 is the latest, before it v0.2.0"): (
        "an older tag named after 'before it' is a rival; only 'not', brackets and "
        "'followed by' set one aside"
    ),
    ("githost/ssh-clone-url/0", "ssh://git@git.test/bluefin-labs/hollow-sync.git"): (
        "the ssh:// form of the scp-style clone URL is not recognised as the same URL"
    ),
    ("shop_admin/customer-phone/0", "tel:+16155550194"): "a tel: URI is not read as a phone number",
    (
        "forum/sidebar-weekly-thread/0",
        "Weds.",
    ): "only 'Wed' abbreviates Wednesday in WEEKDAY_ABBREVIATIONS",
    ("percent", "％15"): (
        "accepted: a full-width percent sign before the number is not read as a measure; the "
        "value is the reference, so a harmless false accept"
    ),
    ("half", "1/2"): _FRACTION,
    ("half", "½"): "'½' is read only after a number ('2½')",
    ("half", "one half"): _FRACTION,
    ("half", "a half"): _FRACTION,
    ("half", "\\frac{1}{2}"): _FRACTION,
    ("half", "\\tfrac12"): _FRACTION,
    ("rank", "third"): "ordinal words are not read as numbers (only as days of a date)",
    ("rank", "3rd of 14"): "an ordinal is a label, dropped beside the plain 14",
    ("rank", "top 3"): "accepted: 'top 3' is not read as a bound (only 'at most', 'up to' ...)",
}


def _param(key: str, answer: str, expected: bool, why: str) -> object:
    reason = LEFT_ALONE.get((key, answer))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(key, answer, expected, id=f"{key}|{answer[:40]}|{why}", marks=marks)


CASES = [_param(task_id, *row) for task_id, rows in ANSWERS.items() for row in rows]
SYNTHETIC_CASES = [_param(name, *row) for name, rows in SYNTHETIC_ANSWERS.items() for row in rows]
AFTER_CASES = [_param(task_id, *row) for task_id, rows in AFTER.items() for row in rows]
AFTER_SYNTHETIC_CASES = [
    _param(name, *row) for name, rows in AFTER_SYNTHETIC.items() for row in rows
]


def _context(answer: str, task: dict) -> EvalContext:
    """The context the env builds: the answer, the task's intent and its logged-in users."""
    return EvalContext(answer=answer, intent=task["intent"], users=dict(task.get("login", {})))


@pytest.mark.parametrize(("task_id", "answer", "expected"), CASES)
def test_lenient_verdict(task_id: str, answer: str, expected: bool) -> None:
    task = _tasks()[task_id]
    verdict = check_answer(answer, task["eval"], context=_context(answer, task))
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


@pytest.mark.parametrize(("name", "answer", "expected"), SYNTHETIC_CASES)
def test_synthetic_verdict(name: str, answer: str, expected: bool) -> None:
    spec, intent = SYNTHETIC[name]
    verdict = check_answer(answer, spec, context=EvalContext(answer=answer, intent=intent))
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


@pytest.mark.parametrize(("task_id", "answer", "expected"), AFTER_CASES)
def test_lenient_verdict_after_the_fixes(task_id: str, answer: str, expected: bool) -> None:
    test_lenient_verdict(task_id, answer, expected)


@pytest.mark.parametrize(("name", "answer", "expected"), AFTER_SYNTHETIC_CASES)
def test_synthetic_verdict_after_the_fixes(name: str, answer: str, expected: bool) -> None:
    test_synthetic_verdict(name, answer, expected)


def test_enough_cases() -> None:
    assert len(CASES) + len(SYNTHETIC_CASES) >= 400
