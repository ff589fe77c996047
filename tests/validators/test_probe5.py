"""Probe round 5: held-out answers to shipped and generated tasks, written before reading the rules.

Each case is an answer as another agent, a script or a person might phrase it, with the
verdict a user expects from the lenient validator and why; where the strict (WebArena)
verdict is worth pinning it is given as a fourth element. The angles are those earlier
rounds covered less: JSON and python-repr answers, chain of thought before a final
answer, code blocks, lists with commentary per item, dates and money in every common
format, negations, alternatives, contradicting counts, unicode variants (NBSP,
full-width digits, smart quotes, zero-width spaces) and URL trivia.

Policy decided here, before reading the rules:
- Money written with European separators ("92.758,89 $", "USD 44,99") is the same
  amount when the separators are unambiguous (a comma followed by exactly two digits
  at the end, dots grouping thousands); a different currency symbol is still wrong.
- A date in a numeric form is read month-first (US, the sites' locale) unless the day
  is over 12, in which case day-first is the only reading; a two-digit year is 20xx.
- An answer that lists the right value among alternatives, negates it, or adds a wrong
  item is wrong; a count contradicting the list that follows it is wrong.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from webenv.validators import EvalContext, check_answer, check_url

TASKS = Path(__file__).resolve().parents[2] / "tasks"


@cache
def _specs() -> dict[str, dict]:
    specs: dict[str, dict] = {}
    for path in TASKS.rglob("*.json"):
        data = json.loads(path.read_text())
        for task in data if isinstance(data, list) else [data]:
            if isinstance(task, dict) and "eval" in task:
                specs[task["task_id"]] = task["eval"]
    return specs


T, F = True, False
NBSP = "\u00a0"
ZWSP = "\u200b"

# task id -> [(answer, lenient verdict, why[, strict verdict])]
ANSWERS: dict[str, list[tuple]] = {
    # ---------------------------------------------------------------- currency
    "shop/product-price/0": [  # $44.99
        ('{"answer": "$44.99"}', T, "json object", F),
        ('{"price": 44.99, "currency": "USD"}', T, "json with a number and a code"),
        (
            "Let me check the product page. The price shown is $44.99.\n\nFinal answer: $44.99",
            T,
            "cot then final",
        ),
        ("**Answer:** $44.99", T, "bold label"),
        ("```\n$44.99\n```", T, "fenced block"),
        ("$44.99", T, "exact", T),
        (" $44.99 ", T, "padded", T),
        (f"${NBSP}44.99", T, "nbsp after symbol"),
        ("$４４.９９", T, "full-width digits"),
        (f"$44{ZWSP}.99", T, "zero-width space inside"),
        ("44,99 $", T, "european decimal comma"),
        ("USD 44,99", T, "code with decimal comma"),
        ("$44.990", T, "three decimals same value"),
        ("Therefore, the charger costs $44.99.", T, "therefore"),
        ("$44.99 (not $49.99 as the banner suggests)", T, "correct with a rejected wrong one"),
        ("Not $49.99, it is $44.99.", T, "negate wrong then assert right"),
        ("$49.99", F, "wrong", F),
        ("Final answer: $49.99", F, "wrong after label"),
        ("I first thought $44.99, but the final answer is $49.99.", F, "revised to a wrong value"),
        ('{"answer": "$49.99"}', F, "wrong in json"),
        ("either $44.99 or $49.99", F, "either-or"),
        ("$44.99 is not the price", F, "negated"),
        ("$44.99 / $49.99", F, "slash alternatives"),
        ("44.99 €", F, "euro symbol"),
        ("£44.99", F, "pound"),
        ("$44", F, "truncated"),
        ("$4,499", F, "comma as thousands"),
    ],
    "shop/order-total/0": [  # $50.94
        ("Grand Total: $50.94", T, "label"),
        ("$ 50.94", T, "space after symbol"),
        ("50.94", T, "bare"),
        ("USD $50.94", T, "code and symbol"),
        ("The grand total was fifty dollars and ninety-four cents.", T, "words"),
        ("Subtotal $45.94 + shipping $5.00 = **$50.94**", T, "arithmetic then total"),
        ("['$50.94']", T, "python list of one"),
        ("$50.49", F, "transposed"),
        ("$50.94 or $45.94", F, "alternatives"),
        ("Subtotal $45.94", F, "subtotal only"),
        ("$5,094", F, "thousands"),
    ],
    "shop/order-total/2": [  # $43.90
        ("$43.9", T, "one decimal"),
        ("$43.90", T, "exact", T),
        ("43.90 dollars", T, "unit word"),
        ("US$ 43.90", T, "US$ with space"),
        ("$43,90", T, "decimal comma"),
        ("$43.09", F, "wrong cents"),
        ("$439.00", F, "shifted"),
    ],
    "shop/spend-month/0": [  # $130.44
        (
            "I found two orders in March 2024: #100590 ($80.45) and #100595 ($49.99). Total: $130.44",
            T,
            "orders then total",
        ),
        ("Total spent in March 2024: $130.44", T, "label with month"),
        ("$130.44 across 2 orders", T, "with count"),
        ('{"total": "130.44"}', T, "json"),
        ("The answer is $130.44.", T, "sentence"),
        ("$130.44\n$80.45\n$49.99", F, "several figures on lines"),
        ("$80.45", F, "one order only"),
        ("$130.40", F, "rounded wrongly"),
        ("about $130", F, "estimate"),
    ],
    "shop/spend-month/1": [  # $271.47
        ("271.47 USD", T, "code after"),
        ("$271.47 total.", T, "total after"),
        ("It's $271.47 — $150.00 + $121.47.", T, "breakdown after"),
        ("$271,47", T, "decimal comma"),
        ("$271.74", F, "transposed"),
        ("$271", F, "dollars only"),
    ],
    "shop/spend-category-month/0": [  # $129.48
        ("Spent on Electronics in Feb 2024: $129.48", T, "label"),
        ("**$129.48**", T, "bold"),
        ("$129.48 (two items)", T, "aside"),
        ("$129.84", F, "transposed"),
        ("Nothing", F, "nothing"),
    ],
    "shop_admin/lifetime-sales/0": [  # $92,758.89
        ("92.758,89 $", T, "european separators"),
        ("$92 758.89", T, "space thousands"),
        (f"$92{NBSP}758.89", T, "nbsp thousands"),
        ("$92,758.89", T, "exact", T),
        ("Lifetime sales are **$92,758.89**.", T, "bold in sentence"),
        ("$92.76K", F, "abbreviated thousands loses cents"),
        ("$92,758", F, "no cents"),
        ("$9,275.89", F, "dropped digit"),
        ("$92,758.89 or so", F, "estimate tail"),
    ],
    "shop_admin/customer-latest-order-total/0": [  # $71.98
        ("Omar Taylor's latest order (#100633) came to $71.98.", T, "with order number"),
        ("71.98", T, "bare"),
        ("$71.98 (placed on 2024-05-02)", T, "date aside"),
        ("$71.89", F, "transposed"),
        ("$71.98 and $35.99", F, "two values"),
    ],
    "shop_admin/lowest-order-month/0": [  # $12.49
        ("The smallest grand total in November 2023 was $12.49.", T, "sentence"),
        ("12.49$", T, "symbol after"),
        ("twelve dollars forty-nine", T, "words no 'and'"),
        ("$12.94", F, "transposed"),
        ("$1,249", F, "shifted"),
        ("$12.49 to $499.00", F, "range"),
    ],
    "shop_admin/customer-spend-year/0": [  # $3,570.73
        ("$3570.73", T, "no separator"),
        ("3.570,73 $", T, "european"),
        ("USD 3,570.73", T, "code before"),
        ("$3,570.73 (5 complete orders)", T, "aside"),
        ("$3,570", F, "no cents"),
        ("$3.57", F, "thousands read as decimals"),
        ("$3,507.73", F, "changed digit"),
    ],
    "shop_admin/sales-total-month/0": [  # $3,789.09
        ("Sales Total: $3,789.09", T, "report label"),
        ("$3,789.09 (canceled orders excluded)", T, "restated condition"),
        ("3 789,09 $", T, "french spacing"),
        ("$3,789.90", F, "wrong cents"),
    ],
    "shop_admin/sales-total-month/1": [  # $5,567.09
        ("$5,567.09", T, "exact"),
        ("5567.09 USD", T, "code after"),
        ("$5,576.09", F, "transposed"),
    ],
    # ---------------------------------------------------------------- numbers
    "forum/api-forum-subscribers/0": [  # 60
        ('{"subscribers": 60}', T, "json number"),
        ('{"answer": "60"}', T, "json string", F),
        ("GET /api/forums/books returned subscribers=60", T, "api trace"),
        ("60", T, "bare", T),
        ("６０", T, "full-width"),
        (f"6{ZWSP}0", T, "zero-width inside"),
        ("sixty", T, "word"),
        ("Sixty (60)", T, "word and figure"),
        ("60 subscribers", T, "with noun"),
        ("61", F, "off by one"),
        ("600", F, "extra zero"),
        ("60 or 61", F, "alternatives"),
        ("not 60", F, "negated"),
        ('{"subscribers": 61}', F, "wrong json"),
    ],
    "forum/comment-score/0": [  # 10
        ("The comment has a score of 10 points.", T, "sentence"),
        ("+10", T, "signed"),
        ("10 (12 upvotes, 2 downvotes)", T, "breakdown"),
        ("ten", T, "word"),
        ("Score: 10", T, "label"),
        ("12", F, "upvotes only"),
        ("-10", F, "negative"),
        ("10th", F, "ordinal of the count"),
        ("1O", F, "letter O"),
    ],
    "forum/forum-subscribers/1": [  # 40
        ("Chess has 40 subscribers.", T, "sentence"),
        ("40.0", T, "decimal"),
        ("forty", T, "word"),
        ("4 0", F, "split digits"),
        ("40%", F, "percent"),
        ("40k", F, "thousands"),
        ("Between 35 and 45", F, "range"),
    ],
    "forum/my-karma/0": [  # 225
        ("Your total karma is 225.", T, "second person"),
        ("225 karma", T, "unit noun"),
        ("two hundred twenty-five", T, "words"),
        ("two hundred and twenty-five", T, "british words"),
        ("Karma: 225 (submission 180 + comment 45)", T, "breakdown after"),
        ("180", F, "part only"),
        ("2255", F, "extra digit"),
        ("225?", F, "question mark"),
    ],
    "forum/user-submission-count/1": [  # 29
        ("luis.foster has posted 29 submissions.", T, "sentence"),
        ("29 submissions (I counted 2 pages: 20 + 9)", T, "work after"),
        ("Page 1 has 20, page 2 has 9, so 29.", T, "work before, so"),
        ("twenty-nine", T, "hyphen word"),
        ("twenty nine", T, "space word"),
        ("20", F, "first page only"),
        ("29 or 30", F, "hedge"),
        ("at least 29", F, "bound"),
    ],
    "forum/week-submission-count/0": [  # 5
        ("5", T, "bare", T),
        ("five", T, "word", F),
        ("Five.", T, "capital word period"),
        ("There were 5 submissions in the past week.", T, "sentence"),
        ("5 submissions: A, B, C, D, E", T, "count with items"),
        ("5th", F, "ordinal"),
        ("5 to 6", F, "range"),
        ("4", F, "wrong"),
        ("≈5", F, "approx symbol"),
    ],
    "githost/branch-count/0": [  # 7
        ("The repository has 7 branches.", T, "sentence"),
        ("7 (main plus 6 feature branches)", T, "aside"),
        ("seven", T, "word"),
        ('{"branches": 7}', T, "json"),
        ("6", F, "wrong"),
        ("7 branches, 3 tags", T, "second count of another noun"),
        ("6 or 7", F, "hedge"),
        ("more than 5", F, "bound"),
    ],
    "githost/config-port/0": [  # 9000
        ("port: 9000", T, "yaml line"),
        ("```yaml\nport: 9000\n```", T, "yaml block"),
        ("9,000", T, "thousands separator"),
        ("9000", T, "bare", T),
        ("It listens on port 9000.", T, "sentence"),
        ("localhost:9000", T, "host:port"),
        ("8080", F, "another port"),
        ("90000", F, "extra zero"),
        ("900", F, "dropped zero"),
    ],
    "githost/follower-count/0": [  # 5
        ("Nora Castro has 5 followers.", T, "sentence"),
        ("5 followers, following 3", T, "second count"),
        ("five followers", T, "word"),
        ("3", F, "following count"),
        ("5 or 6", F, "hedge"),
    ],
    "githost/merged-mr-count/0": [  # 4
        ("4 merged merge requests", T, "noun"),
        ("Four.", T, "word"),
        ("4 (!1, !3, !5, !8)", T, "ids after"),
        ("!4", F, "mr id"),
        ("4 out of 9", T, "out of total"),
        ("3", F, "wrong"),
    ],
    "githost/my-assigned-issues/0": [  # 4
        ("You have 4 open issues assigned.", T, "second person"),
        ("4 issues: #3, #7, #11, #19", T, "count then ids"),
        ("1. #3\n2. #7\n3. #11\n4. #19\n\nTotal: 4", T, "list then total"),
        ("#4", F, "issue number"),
        ("4th", F, "ordinal"),
        ("Total: 5", F, "wrong total"),
    ],
    "githost/my-created-open/0": [  # 30
        ("30", T, "bare", T),
        ("thirty", T, "word"),
        ("30 open issues", T, "noun"),
        ("3O", F, "letter O"),
        ("30+", F, "plus bound"),
        ("~30", F, "tilde"),
        ("31", F, "wrong"),
    ],
    "githost/star-count/0": [  # 18
        ("⭐ 18", T, "star emoji"),
        ("18 stars", T, "noun"),
        ("eighteen", T, "word"),
        ("Star count: 18", T, "label"),
        ("1.8k", F, "abbreviated"),
        ("81", F, "reversed"),
        ("18%", F, "percent"),
    ],
    "shop/product-rating/0": [  # 4.3
        ("4.3 out of 5", T, "scale"),
        ("4.3/5", T, "slash scale"),
        ("4.3 stars", T, "stars"),
        ("4,3", T, "decimal comma"),
        ("Rating: 4.30", T, "trailing zero"),
        ("4.3 ★", T, "star glyph"),
        ("86%", F, "as a percent"),
        ("4.4", F, "wrong"),
        ("4", F, "rounded"),
        ("43", F, "no point"),
        ("4.3 or 4.4", F, "hedge"),
    ],
    "shop/product-review-count/0": [  # 10
        ("10 reviews", T, "noun"),
        ("There are ten customer reviews.", T, "word in sentence"),
        ("Reviews (10)", T, "tab label"),
        ("10 reviews, average 4.2", T, "a second figure with its own noun"),
        ("9", F, "wrong"),
        ("100", F, "extra zero"),
    ],
    "shop/count-in-category/0": [  # 12
        ("12 products", T, "noun"),
        ("a dozen", T, "dozen"),
        ("twelve", T, "word"),
        ("12 items found", T, "toolbar"),
        ("Showing 1–12 of 12", T, "toolbar range of total"),
        ("Showing 1-12 of 15", F, "toolbar other total"),
        ("13", F, "wrong"),
        ("12th", F, "ordinal"),
    ],
    "shop/order-item-count/0": [  # 6
        ("6 items (2 × Ember Japanese Whisk, 4 × others)", T, "breakdown"),
        ("6", T, "bare"),
        ("Six items in total.", T, "word sentence"),
        ("4 products, 6 items in total", T, "two counts, total named"),
        ("4", F, "distinct products"),
        ("6 or 7", F, "hedge"),
    ],
    "shop/order-count-by-status/1": [  # 38
        ("38 orders are Complete.", T, "sentence"),
        ("thirty-eight", T, "word"),
        ("38 complete orders", T, "noun"),
        ("83", F, "reversed"),
        ("38%", F, "percent"),
        ("37-38", F, "range"),
    ],
    "shop/photo-count/0": [  # 4
        ("4 photos", T, "noun"),
        ("four", T, "word"),
        ("4 (front, back, side, detail)", T, "views after"),
        ("3", F, "wrong"),
        ("4 photos... actually 5", F, "self-correction to wrong"),
    ],
    "shop_admin/group-size/0": [  # 10
        ("10 customers", T, "noun"),
        ("There are ten customers in the Wholesale group.", T, "word"),
        ("10 (records found)", T, "grid label"),
        ("10 of 120 customers", T, "out of total"),
        ("11", F, "wrong"),
    ],
    "shop_admin/low-stock-count/0": [  # 47
        ("47 products", T, "noun"),
        ("forty-seven", T, "word"),
        ("47 records found", T, "grid"),
        ("47.", T, "period"),
        ("74", F, "reversed"),
        ("< 50", F, "bound"),
    ],
    "shop_admin/pending-review-count/0": [  # 24
        ("24 pending reviews", T, "noun"),
        ("2 dozen", T, "two dozen"),
        ("24", T, "bare"),
        ("twenty-four", T, "word"),
        ("23", F, "wrong"),
        ("24/7", F, "not a count"),
    ],
    "shop_admin/average-rating/0": [  # 4.85
        ("4.85", T, "exact", T),
        ("4.85 out of 5", T, "scale"),
        ("4.85 stars", T, "stars"),
        ("4,85", T, "decimal comma"),
        ("4.850", T, "trailing zero"),
        ("4.9", F, "rounded to one place"),
        ("4.8", F, "truncated"),
        ("97%", F, "percent"),
        ("4.58", F, "transposed"),
    ],
    "shop_admin/average-rating/1": [  # 2.53
        ("≈ 2.53", F, "approx sign"),
        ("2.53 / 5", T, "scale"),
        ("The average is 2.53 (from 19 reviews).", T, "aside"),
        ("2.5", F, "rounded"),
        ("2.533", T, "more precision rounding to it"),
        ("2.54", F, "wrong"),
    ],
    "shop_admin/subscriber-count/0": [  # 20
        ("20 subscribers", T, "noun"),
        ("twenty", T, "word"),
        ("20 customers are subscribed", T, "sentence"),
        ("a score", F, "archaic word for 20: not an answer"),
        ("200", F, "extra zero"),
    ],
    "shop_admin/big-orders-year/0": [  # 14
        ("14 orders", T, "noun"),
        ("fourteen", T, "word"),
        ("14 orders of $500 or more", T, "restated threshold"),
        ("$14", F, "currency on a count"),
        ("13", F, "wrong"),
    ],
    "shop_admin/shipments-carrier-month/0": [  # 8
        ("8 FedEx shipments", T, "noun"),
        ("eight", T, "word"),
        ("8 shipments in April 2024", T, "date after"),
        ("April 2024: 8", T, "label month"),
        ("2024", F, "the year only"),
        ("9", F, "wrong"),
    ],
    "shop_admin/canceled-orders-period/1": [  # 12
        ("12 canceled orders between Jan 1 and Mar 31, 2024", T, "dates after"),
        ("12", T, "bare"),
        ("twelve", T, "word"),
        ("31", F, "a day number"),
        ("12 or 13", F, "hedge"),
    ],
}
ANSWERS_2: dict[str, list[tuple]] = {
    # ---------------------------------------------------------------- dates
    "forum/user-join-date/0": [  # July 19, 2020
        ("July 19, 2020", T, "exact", T),
        ("2020-07-19", T, "iso"),
        ("19 July 2020", T, "day first words"),
        ("19th of July 2020", T, "ordinal of"),
        ("Jul. 19, '20", T, "abbreviated month and year"),
        ("07/19/2020", T, "us numeric"),
        ("19/07/2020", T, "day first numeric, day over 12"),
        ("19.07.2020", T, "german dots"),
        ("2020/07/19", T, "slashed iso"),
        ("Sunday, July 19, 2020", T, "weekday"),
        ("sara.morgan joined on July 19th, 2020.", T, "sentence ordinal"),
        ("Joined 2020-07-19T00:00:00Z", T, "timestamp"),
        ('{"joined": "2020-07-19"}', T, "json"),
        ("July 2020", F, "month only"),
        ("July 19, 2021", F, "wrong year"),
        ("July 18, 2020", F, "wrong day"),
        ("2020-07-19 or 2020-07-20", F, "hedge"),
        ("July 19", F, "no year"),
        ("2020", F, "year only"),
    ],
    "forum/user-join-date/1": [  # November 19, 2021
        ("Nov 19, 2021", T, "short month"),
        ("19 Nov 2021", T, "day first short"),
        ("11/19/2021", T, "us numeric"),
        ("19/11/2021", T, "day first, day over 12"),
        ("2021-11-19", T, "iso"),
        ("November 19th 2021", T, "ordinal no comma"),
        ("the nineteenth of November, 2021", T, "ordinal word"),
        ("Nov. 19, '21", T, "two-digit year"),
        ("November 9, 2021", F, "wrong day"),
        ("October 19, 2021", F, "wrong month"),
        ("11/19/2012", F, "wrong year"),
    ],
    "githost/milestone-due/0": [  # 2024-02-10
        ("2024-02-10", T, "exact", T),
        ("February 10, 2024", T, "words"),
        ("Feb 10, 2024", T, "short"),
        ("10 February 2024", T, "day first"),
        ("10th of February 2024", T, "ordinal of"),
        ("02/10/2024", T, "us numeric"),
        ("Due: Feb 10, 2024 (overdue)", T, "label and status"),
        ("Sat, 10 Feb 2024", T, "rfc-ish with weekday"),
        ("2024-02-10T00:00", T, "timestamp"),
        ("It is due on February 10th.", F, "no year"),
        ("2024-10-02", F, "month and day swapped iso"),
        ("February 2024", F, "month only"),
        ("2024-02-11", F, "next day"),
    ],
    "githost/milestone-due/1": [  # 2024-06-27
        ("June 27, 2024", T, "words"),
        ("27/06/2024", T, "day first, unambiguous"),
        ("06/27/2024", T, "us"),
        ("27.6.2024", T, "german short"),
        ("Jun 27 '24", T, "two-digit year"),
        ("Thursday 27 June 2024", T, "weekday"),
        ("June 27, 2024 or June 28, 2024", F, "hedge"),
        ("July 27, 2024", F, "wrong month"),
        ("2024-06-27 — no, 2024-06-30", F, "corrected to wrong"),
    ],
    "shop/first-order-date/0": [  # 2022-07-03
        ("July 3, 2022", T, "words"),
        ("3 July 2022", T, "day first"),
        ("3rd of July 2022", T, "ordinal of"),
        ("Jul. 3, '22", T, "short with two-digit year"),
        ("07/03/2022", T, "us numeric"),
        ("2022-07-03", T, "exact", T),
        ("Your first order, #100123, was placed on July 3, 2022.", T, "order number in sentence"),
        ("7/3/2022", T, "us numeric no zero"),
        ("Sunday, July 3rd, 2022", T, "weekday ordinal"),
        ("July 3, 2022 at 10:15 AM", T, "with time"),
        ("March 7, 2022", F, "swapped reading"),
        ("July 3, 2023", F, "wrong year"),
        ("2022-07-30", F, "wrong day"),
        ("July 2022", F, "month only"),
    ],
    "shop_admin/latest-canceled-order/0": [  # May 20, 2024
        ("May 20, 2024", T, "exact", T),
        ("2024-05-20", T, "iso"),
        ("20 May 2024", T, "day first"),
        ("20/05/2024", T, "day first numeric"),
        ("05/20/2024", T, "us numeric"),
        ("May 20th, 2024", T, "ordinal"),
        ("Order #100645, purchased May 20, 2024 10:42:00 AM", T, "grid row"),
        ("20.05.24", T, "german two-digit year"),
        ("May 2024", F, "month only"),
        ("May 21, 2024", F, "wrong day"),
        ("May 20", F, "no year"),
    ],
    # ---------------------------------------------------------------- months
    "shop/order-month/0": [  # December 2023
        ("December 2023", T, "exact", T),
        ("Dec 2023", T, "short"),
        ("2023-12", T, "iso month"),
        ("12/2023", T, "numeric"),
        ("Dec. '23", T, "two-digit year"),
        ("December 14, 2023", T, "the full date within the month"),
        ("in December of 2023", T, "of"),
        ("December", F, "no year"),
        ("December 2022", F, "wrong year"),
        ("November 2023", F, "wrong month"),
        ("December 2023 or January 2024", F, "hedge"),
    ],
    "shop_admin/best-sales-month/0": [  # February 2023
        ("February 2023", T, "exact"),
        ("Feb 2023 ($9,876.54)", T, "with the figure"),
        ("2023-02", T, "iso"),
        ("February", T, "year implied by the question (2023)"),
        ("March 2023", F, "wrong"),
        ("February 2022", F, "wrong year"),
        ("February or March", F, "hedge"),
    ],
    # ---------------------------------------------------------------- booleans
    "shop/newsletter-status/0": [  # No
        ("No", T, "exact", T),
        ("No, you are not subscribed.", T, "sentence"),
        ("Not subscribed", T, "state"),
        ('{"subscribed": false}', T, "json false"),
        ("False", T, "false"),
        ("Nope.", T, "informal"),
        ("**No**", T, "bold"),
        ("You are currently not subscribed to the newsletter.", T, "long sentence"),
        ("Yes", F, "opposite"),
        ("Yes, you are subscribed.", F, "opposite sentence"),
        ("Not sure", F, "unsure"),
        ("No... wait, yes", F, "flip"),
        ("I am not sure, but probably no", F, "hedged"),
    ],
    "shop_admin/is-subscribed/0": [  # Yes
        ("Yes", T, "exact"),
        ("Yes — Liam White is subscribed.", T, "sentence"),
        ("Subscribed", T, "state"),
        ('{"answer": true}', T, "json true"),
        ("True", T, "true"),
        ("yes.", T, "lower with period"),
        ("Yes, he is.", T, "pronoun"),
        ("No", F, "opposite"),
        ("Unsubscribed", F, "opposite state"),
        ("Not subscribed", F, "negated state"),
        ("Yes or no, hard to tell", F, "both"),
    ],
    "shop_admin/is-subscribed/1": [  # No
        ("No, Grace Smith is not subscribed.", T, "sentence"),
        ("Unsubscribed", T, "state"),
        ("false", T, "false"),
        ("Grace Smith isn't subscribed.", T, "contraction"),
        ("Yes", F, "opposite"),
        ("She is subscribed.", F, "affirmative sentence"),
    ],
    "forum/image-post-kind/0": [  # Yes
        ("Yes", T, "exact"),
        ("Yes, it is.", T, "short sentence"),
        ("Yep", T, "informal"),
        ("No", F, "opposite"),
        ("It is not.", F, "negative sentence"),
        ("Maybe", F, "unsure"),
    ],
}
ANSWERS_3: dict[str, list[tuple]] = {
    # ---------------------------------------------------------------- lists
    "forum/forum-moderators/0": [  # falcon_ian, pine_beth
        ("['falcon_ian', 'pine_beth']", T, "python repr"),
        ('["pine_beth", "falcon_ian"]', T, "json list reordered"),
        ('{"moderators": ["falcon_ian", "pine_beth"]}', T, "json object with list"),
        ("falcon_ian and pine_beth", T, "and join"),
        ("- falcon_ian (since 2019)\n- pine_beth (since 2021)", T, "bullets with comments"),
        ("1. falcon_ian — the founder\n2. pine_beth — joined later", T, "numbered with comments"),
        ("The Music forum is moderated by u/falcon_ian and u/pine_beth.", T, "u/ prefixes"),
        ("2 moderators: falcon_ian, pine_beth", T, "consistent count"),
        ("```\nfalcon_ian\npine_beth\n```", T, "code block lines"),
        ("falcon_ian; pine_beth", T, "semicolons"),
        ("@falcon_ian, @pine_beth", T, "at prefixes"),
        ("['falcon_ian']", F, "partial python list"),
        ("falcon_ian", F, "one of two"),
        ("falcon_ian, pine_beth, cedar_lucy", F, "extra item"),
        ("falcon_ian or pine_beth", F, "either"),
        ("3 moderators: falcon_ian, pine_beth", F, "contradicting count"),
        ("falcon_ian, pine_beth (and maybe cedar_lucy)", F, "hedged extra"),
        ("falcon_ian and not pine_beth", F, "negated item"),
        ("falcon_ian, pine-beth", F, "changed name"),
    ],
    "forum/forum-moderators/1": [  # cedar_lucy, jonah.carter, noah.jensen
        ("cedar_lucy, jonah.carter, noah.jensen", T, "commas"),
        ("noah.jensen, cedar_lucy and jonah.carter", T, "reordered and"),
        ("cedar_lucy\njonah.carter\nnoah.jensen", T, "lines"),
        ("* cedar_lucy\n* jonah.carter\n* noah.jensen", T, "stars"),
        ("Moderators (3): cedar_lucy, jonah.carter, noah.jensen", T, "count in label"),
        ("| Username |\n|---|\n| cedar_lucy |\n| jonah.carter |\n| noah.jensen |", T, "table"),
        ("cedar_lucy, jonah.carter", F, "missing one"),
        ("cedar_lucy, jonah.carter, noah.jensen, falcon_ian", F, "extra"),
        ("2 moderators: cedar_lucy, jonah.carter, noah.jensen", F, "count says two"),
        ("cedar_lucy, jonah_carter, noah.jensen", F, "changed punctuation inside name"),
    ],
    "shop/wishlist-items/0": [  # 4 items
        (
            "1. Saltmarsh Non-Stick Wok ($39.99)\n2. Deskwise Metal Mesh Desk Organiser ($18.50)\n"
            "3. Starling Stunt Scooter ($89.00)\n4. Trailmark Junior Beach Towel ($14.99)",
            T,
            "numbered with prices",
        ),
        (
            '["Saltmarsh Non-Stick Wok", "Deskwise Metal Mesh Desk Organiser", '
            '"Starling Stunt Scooter", "Trailmark Junior Beach Towel"]',
            T,
            "json list",
        ),
        (
            "Your wish list has 4 items: Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk "
            "Organiser, Starling Stunt Scooter and Trailmark Junior Beach Towel.",
            T,
            "count and and-join",
        ),
        (
            "saltmarsh non-stick wok, deskwise metal mesh desk organiser, starling stunt scooter, "
            "trailmark junior beach towel",
            T,
            "lower case",
        ),
        (
            "Saltmarsh Non‑Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter, "
            "Trailmark Junior Beach Towel",
            T,
            "non-breaking hyphen",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organizer, Starling Stunt Scooter, "
            "Trailmark Junior Beach Towel",
            T,
            "american spelling of organiser",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter",
            F,
            "three of four",
        ),
        (
            "3 items: Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt "
            "Scooter, Trailmark Junior Beach Towel",
            F,
            "count says three",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter, "
            "Trailmark Junior Beach Towel, Voltix Dual-Port Charger",
            F,
            "extra item",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter, "
            "Trailmark Adult Beach Towel",
            F,
            "one item changed",
        ),
    ],
    "shop/photo-views/0": [  # front, back, top
        ("front, back, top", T, "commas"),
        ("Front, Back and Top", T, "capitalised and"),
        ("['front', 'back', 'top']", T, "python repr"),
        ("front view, back view, top view", T, "with noun"),
        ("The gallery shows the front, the back and the top.", T, "articles"),
        ("top, front, back", T, "reordered"),
        ("front, back", F, "partial"),
        ("front, back, top, side", F, "extra"),
        ("front, back, side", F, "one wrong"),
        ("front, back or top", F, "or join"),
    ],
    "githost/mr-approvers/0": [  # Jonas Rahman
        ("Jonas Rahman", T, "exact"),
        ("Only Jonas Rahman has approved it.", T, "only"),
        ("['Jonas Rahman']", T, "python list"),
        ("@jonas.rahman", T, "username handle"),
        ("Approved by: Jonas Rahman", T, "label"),
        ("Jonas Rahman and Anya Lee", F, "extra approver"),
        ("Anya Lee", F, "wrong"),
        ("Nobody has approved it yet.", F, "none"),
        ("Not Jonas Rahman", F, "negated"),
    ],
    "shop_admin/retailer-customers/0": [  # 6 names
        (
            "Ryan Clark, Ryan Wright, Victor White, Ruby Garcia, Sophia Clark, Harper Lewis",
            T,
            "commas",
        ),
        (
            "- Ryan Clark\n- Ryan Wright\n- Victor White\n- Ruby Garcia\n- Sophia Clark\n- Harper Lewis",
            T,
            "bullets",
        ),
        (
            "6 customers: Harper Lewis, Ruby Garcia, Ryan Clark, Ryan Wright, Sophia Clark, Victor White",
            T,
            "count and sorted",
        ),
        (
            "| Name | Email |\n|---|---|\n| Ryan Clark | r@x |\n| Ryan Wright | w@x |\n| Victor White | v@x |"
            "\n| Ruby Garcia | g@x |\n| Sophia Clark | s@x |\n| Harper Lewis | h@x |",
            T,
            "table with extra column",
        ),
        ("Ryan Clark, Ryan Wright, Victor White, Ruby Garcia, Sophia Clark", F, "five of six"),
        (
            "Ryan Clark, Ryan Wright, Victor White, Ruby Garcia, Sophia Clark, Harper Lewis, Omar Kim",
            F,
            "extra name",
        ),
        (
            "5 customers: Ryan Clark, Ryan Wright, Victor White, Ruby Garcia, Sophia Clark, Harper Lewis",
            F,
            "count says five",
        ),
        ("Clark, Wright, White, Garcia, Clark, Lewis", F, "surnames only"),
    ],
    "shop_admin/customers-by-phone/0": [  # Omar Kim, Ines Thomas
        ("Omar Kim and Ines Thomas", T, "and"),
        ("Ines Thomas, Omar Kim", T, "reordered"),
        ("Two customers share it: Omar Kim and Ines Thomas.", T, "word count consistent"),
        ('["Omar Kim", "Ines Thomas"]', T, "json"),
        ("Omar Kim", F, "one"),
        ("Omar Kim or Ines Thomas", F, "either"),
        ("Three customers: Omar Kim, Ines Thomas", F, "word count contradicts"),
    ],
    "shop_admin/active-coupon-codes/0": [  # SAVE10, WELCOME5, SUMMER20, BIG25
        ("SAVE10, WELCOME5, SUMMER20, BIG25", T, "commas"),
        ("`SAVE10`, `WELCOME5`, `SUMMER20`, `BIG25`", T, "code spans"),
        ("save10, welcome5, summer20, big25", T, "lower"),
        (
            "SAVE10 (10% off), WELCOME5 ($5 off), SUMMER20 (20% off), BIG25 (25% off orders over $200)",
            T,
            "comments per item",
        ),
        ("SAVE10, WELCOME5, SUMMER20, BIG25, SAVE50", F, "expired extra"),
        ("SAVE10, WELCOME5, SUMMER20", F, "missing"),
        (
            "SAVE10, WELCOME5, SUMMER20, BIG25 (SAVE50 has expired)",
            T,
            "mentions an excluded one as excluded",
        ),
    ],
    "shop_admin/bill-to-orders-2024/0": [  # 7 order numbers
        ("100506, 100510, 100591, 100593, 100598, 100623, 100640", T, "commas"),
        ("#100506, #100510, #100591, #100593, #100598, #100623, #100640", T, "hashes"),
        ("[100506, 100510, 100591, 100593, 100598, 100623, 100640]", T, "json numbers"),
        ("100506 100510 100591 100593 100598 100623 100640", T, "spaces"),
        ("100506, 100510, 100591, 100593, 100598, 100623", F, "six of seven"),
        ("100506, 100510, 100591, 100593, 100598, 100623, 100640, 100652", F, "extra"),
        ("100506–100640", F, "range"),
    ],
    "shop_admin/top-bestsellers-year/0": [  # 3 products
        (
            "1. Ridgeback Urban Bike Helmet (42 units)\n2. Clearfile Refillable Fountain Pen (39 units)\n"
            "3. Verdant Eucalyptus Soap Bar Set (35 units)",
            T,
            "numbered with units",
        ),
        (
            "Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen, Verdant Eucalyptus Soap Bar Set",
            T,
            "commas",
        ),
        ("Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen", F, "two of three"),
        (
            "Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen, Verdant Eucalyptus Soap Bar "
            "Set, Solace Memory Foam Clogs",
            F,
            "top four",
        ),
    ],
    "shop_admin/low-stock-brand/0": [  # 3 Papermoon products
        (
            "Papermoon Hardcover Sticky Notes (4 left), Papermoon Brass Gel Pen Set (7 left), "
            "Papermoon Ergonomic Desk Chair (2 left)",
            T,
            "stock per item",
        ),
        ("Hardcover Sticky Notes, Brass Gel Pen Set, Ergonomic Desk Chair", T, "brand dropped"),
        ("Papermoon Hardcover Sticky Notes, Papermoon Brass Gel Pen Set", F, "missing one"),
    ],
    "shop_admin/zero-result-terms-uses/0": [  # 5 terms
        (
            "bamboo chef's knife, ceramic coffee mug, coffee beans, chef's knife, bluetooth speakr",
            T,
            "commas",
        ),
        (
            "“bamboo chef’s knife”, “ceramic coffee mug”, “coffee beans”, “chef’s knife”, “bluetooth speakr”",
            T,
            "smart quotes",
        ),
        (
            "bamboo chef's knife (312 uses), ceramic coffee mug (250), coffee beans (190), chef's knife "
            "(150), bluetooth speakr (120)",
            T,
            "uses per item",
        ),
        (
            "bamboo chef's knife, ceramic coffee mug, coffee beans, chef's knife, bluetooth speaker",
            F,
            "typo corrected is another term",
        ),
        ("bamboo chef's knife, ceramic coffee mug, coffee beans, chef's knife", F, "missing one"),
    ],
}

ANSWERS_4: dict[str, list[tuple]] = {
    # ---------------------------------------------------------------- strings
    "forum/latest-message-sender/0": [  # elenaa19
        ("elenaa19", T, "exact", T),
        ("u/elenaa19", T, "prefix"),
        ("@elenaa19", T, "at"),
        ('{"username": "elenaa19"}', T, "json"),
        ("The most recent message was sent by elenaa19.", T, "sentence", F),
        ("Final answer: elenaa19", T, "label"),
        ("ｅｌｅｎａａ１９", T, "full-width"),
        ("elenaa91", F, "changed"),
        ("elena", F, "prefix only"),
        ("elenaa19 or sara.morgan", F, "hedge"),
        ("Not elenaa19", F, "negated"),
    ],
    "forum/most-commented-2024/0": [  # How experts approach finishing a long series
        ("How experts approach finishing a long series", T, "exact"),
        ("“How experts approach finishing a long series”", T, "smart quotes"),
        ('"How experts approach finishing a long series" (34 comments)', T, "quoted with count"),
        ("how experts approach finishing a long series", T, "lower"),
        ("How Experts Approach Finishing A Long Series", T, "title case"),
        ("How experts approach finishing a long series.", T, "trailing period"),
        ("How experts approach finishing a series", F, "word dropped"),
        ("How beginners approach finishing a long series", F, "word changed"),
    ],
    "forum/sidebar-weekly-thread/0": [  # Wednesday
        ("Wednesday", T, "exact"),
        ("Wednesdays", T, "plural"),
        ("Wed", T, "abbreviation"),
        ("On Wednesday.", T, "on"),
        ("The weekly thread is every Wednesday at 6 pm.", T, "with time"),
        ("Thursday", F, "wrong"),
        ("Wednesday or Thursday", F, "hedge"),
        ("Not Wednesday", F, "negation"),
        ("Tuesday (not Wednesday)", F, "wrong with right negated"),
    ],
    "forum/submission-author/1": [  # davidt63
        ("davidt63", T, "exact"),
        ("Posted by u/davidt63", T, "posted by"),
        ("The author is davidt63 (David T.)", T, "aside"),
        ("davidt36", F, "digits swapped"),
        ("david", F, "prefix"),
    ],
    "forum/image-post-colour/0": [  # Green
        ("Green", T, "exact"),
        ("green", T, "lower"),
        ("It's mostly green.", T, "mostly"),
        ("Predominantly green", T, "predominantly"),
        ("Blue", F, "wrong"),
        ("green or blue", F, "hedge"),
        ("greenish-blue", F, "blend"),
    ],
    "forum/image-post-motif/0": [  # city skyline
        ("city skyline", T, "exact"),
        ("A city skyline.", T, "article"),
        ("It shows a city skyline at dusk.", T, "sentence"),
        ("skyline of a city", T, "reworded"),
        ("a mountain range", F, "wrong"),
        ("a beach", F, "wrong"),
    ],
    "githost/file-last-changed-by/0": [  # Samir Bauer
        ("Samir Bauer", T, "exact"),
        ("samir bauer", T, "lower"),
        ("Samir Bauer (commit 3f2a1c9, 2024-03-02)", T, "commit aside"),
        ("@samir.bauer", T, "handle"),
        ("Bauer, Samir", T, "surname first"),
        ("Samir Baur", F, "misspelt"),
        ("Samir", F, "first name only"),
        ("Samira Bauer", F, "another person"),
    ],
    "githost/issue-author/0": [  # Jonas Rahman
        ("Jonas Rahman", T, "exact"),
        ("Issue #32 was opened by Jonas Rahman.", T, "sentence with number"),
        ("Jonas Rahman (@jonas.rahman)", T, "handle aside"),
        ("Anya Lee", F, "wrong"),
        ("Jonas Rahman or Anya Lee", F, "hedge"),
    ],
    "githost/latest-tag/0": [  # v0.3.0
        ("v0.3.0", T, "exact", T),
        ("0.3.0", T, "no v"),
        ("`v0.3.0`", T, "code span"),
        ("The latest release tag is v0.3.0.", T, "sentence"),
        ("V0.3.0", T, "upper v"),
        ("v0.3", F, "truncated"),
        ("v0.3.1", F, "wrong patch"),
        ("v0.2.0", F, "older"),
        ("v0.3.0-rc1", F, "pre-release"),
        ("v0.3.0 or v0.2.0", F, "hedge"),
    ],
    "githost/member-role/0": [  # Reporter
        ("Reporter", T, "exact"),
        ("reporter", T, "lower"),
        ("adrian.rossi is a Reporter.", T, "sentence"),
        ("Role: Reporter", T, "label"),
        ("Reporter (access level 20)", T, "aside"),
        ("Developer", F, "wrong"),
        ("Reporter or Developer", F, "hedge"),
        ("Not a Reporter", F, "negated"),
    ],
    "githost/my-review-requests/1": [  # Create the auth module (ImportBatch and ComputeHeader)
        ("Create the auth module (ImportBatch and ComputeHeader)", T, "exact"),
        ("!12 Create the auth module (ImportBatch and ComputeHeader)", T, "mr id prefix"),
        ('"Create the auth module (ImportBatch and ComputeHeader)"', T, "quoted"),
        ("Create the auth module", F, "title without the parenthesis"),
        ("Create the auth module (ImportBatch)", F, "part of the parenthesis"),
    ],
    "githost/ssh-clone-url/0": [  # git@git.test:bluefin-labs/hollow-sync.git
        ("git@git.test:bluefin-labs/hollow-sync.git", T, "exact", T),
        ("`git@git.test:bluefin-labs/hollow-sync.git`", T, "code span"),
        ("```\ngit clone git@git.test:bluefin-labs/hollow-sync.git\n```", T, "clone command"),
        ("http://git.test/bluefin-labs/hollow-sync.git", F, "https clone url"),
        ("git@git.test:bluefin-labs/hollow-proxy.git", F, "other repo"),
    ],
    "githost/top-contributor/1": [  # Fatima Haddad
        ("Fatima Haddad", T, "exact"),
        ("Fatima Haddad with 23 commits", T, "count"),
        ("Fatima Haddad, followed by Alex Chen", T, "runner-up named as such"),
        ("Alex Chen", F, "wrong"),
        ("Fatima Haddad and Alex Chen (tied)", F, "tie claimed"),
    ],
    "shop/default-address-city/0": [  # Austin
        ("Austin", T, "exact"),
        ("Austin, TX", T, "state"),
        ("Austin, Texas 78701", T, "state and zip"),
        ("123 Main St, Austin, TX 78701, United States", T, "full address"),
        ("AUSTIN", T, "upper"),
        ("Dallas", F, "wrong"),
        ("Austin or Dallas", F, "hedge"),
    ],
    "shop/product-sku/0": [  # EL-60710
        ("EL-60710", T, "exact", T),
        ("el-60710", T, "lower", T),
        ("SKU: EL-60710", T, "label"),
        ("EL 60710", T, "space for hyphen"),
        ("EL60710", T, "no hyphen"),
        ("EL-60701", F, "transposed"),
        ("60710", F, "no prefix"),
        ("EL-607100", F, "extra digit"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        ("Orbit Noise-Cancelling Earphones", T, "exact"),
        ("Orbit Noise-Cancelling Earphones ($19.99)", T, "price aside"),
        ("Orbit Noise Cancelling Earphones", T, "space for hyphen"),
        ("Orbit Noise-Canceling Earphones", T, "american spelling"),
        ("The cheapest is the Orbit Noise-Cancelling Earphones at $19.99.", T, "sentence"),
        ("Orbit Earphones", F, "words dropped"),
        ("Orbit Noise-Cancelling Headphones", F, "another product"),
    ],
    "shop/order-status/0": [  # Processing
        ("Processing", T, "exact"),
        ("processing", T, "lower"),
        ("It is being processed.", T, "verb form"),
        ("Status: Processing", T, "label"),
        ("In processing", T, "in"),
        ("Pending", F, "wrong"),
        ("Processing or Shipped", F, "hedge"),
        ("Shipped", F, "wrong"),
    ],
    "shop/order-status/1": [  # Shipped
        ("Shipped", T, "exact"),
        ("It has been shipped.", T, "verb"),
        ("The order status is “Shipped”.", T, "smart quotes"),
        ("Not shipped yet", F, "negated"),
        ("Delivered", F, "wrong"),
        ("Complete", F, "wrong"),
    ],
    "shop/order-shipping-method/0": [  # Express
        ("Express", T, "exact"),
        ("Express shipping", T, "noun"),
        ("express", T, "lower"),
        ("Express Shipping ($10.00)", T, "price aside"),
        ("Express, not standard", T, "rejects the other option"),
        ("Standard", F, "the other"),
        ("Standard, not express", F, "reversed"),
        ("standard or express", F, "both"),
    ],
    "shop/order-coupon/0": [  # SAVE10
        ("SAVE10", T, "exact"),
        ("save10", T, "lower"),
        ("Coupon code SAVE10 (10% off)", T, "aside"),
        ("`SAVE10`", T, "code span"),
        ("SAVE 10", T, "space"),
        ("SAVE100", F, "extra digit"),
        ("SAVE15", F, "wrong"),
        ("No coupon was used.", F, "none"),
    ],
    "shop/photo-view-of-colour/0": [  # detail
        ("detail", T, "exact"),
        ("The detail view", T, "with noun"),
        ("Detail", T, "capital"),
        ("front", F, "wrong"),
        ("detail or side", F, "hedge"),
    ],
    "shop_admin/priciest-of-brand/0": [  # OS-92468
        ("OS-92468", T, "exact"),
        ("SKU OS-92468", T, "label"),
        # Corrected after the first run: the case named a placeholder product "X", which
        # reads as a rival name; the sentence now names none.
        ("The most expensive Marlowe product has SKU OS-92468 ($499.00).", T, "sentence"),
        ("OS-92486", F, "transposed"),
        ("OS92468", T, "no hyphen"),
    ],
    "shop_admin/customer-phone/0": [  # (615) 555-0194
        ("(615) 555-0194", T, "exact", T),
        ("615-555-0194", T, "dashes"),
        ("615.555.0194", T, "dots"),
        ("+1 615 555 0194", T, "international"),
        ("6155550194", T, "digits"),
        ("+1 (615) 555-0194", T, "plus one parens"),
        ("(615) 555-0149", F, "transposed"),
        ("555-0194", F, "no area code"),
        ("(616) 555-0194", F, "wrong area code"),
    ],
    "shop_admin/top-search-term/0": [  # harbor
        ("harbor", T, "exact"),
        ('"harbor"', T, "quoted"),
        ("Harbor (1,204 uses)", T, "uses"),
        ("harbour", F, "british spelling is another search term"),
        ("harbor jacket", F, "longer term"),
    ],
    "shop_admin/highest-order-month/0": [  # 100576
        ("100576", T, "exact"),
        ("#100576", T, "hash"),
        ("Order #100576 ($1,234.00)", T, "with total"),
        ("100567", F, "transposed"),
        ("#100576 or #100577", F, "hedge"),
    ],
    "shop_admin/invoice-of-order/0": [  # 200541
        ("200541", T, "exact"),
        ("Invoice #200541", T, "label"),
        ("#200541", T, "hash"),
        ("100600", F, "the order number"),
        ("200514", F, "transposed"),
    ],
    "shop_admin/tracking-of-order/0": [  # 1Z9CCCZLUDG6CRXLJG
        ("1Z9CCCZLUDG6CRXLJG", T, "exact"),
        ("1z9ccczludg6crxljg", T, "lower"),
        ("UPS tracking number 1Z9CCCZLUDG6CRXLJG", T, "carrier"),
        ("`1Z9CCCZLUDG6CRXLJG`", T, "code span"),
        ("1Z9CCCZLUDG6CRXLJ", F, "truncated"),
        ("1Z9CCCZLUDG6CRXLJGX", F, "extra char"),
    ],
    "shop_admin/zero-result-top-term/0": [  # bamboo chef's knife
        ("bamboo chef's knife", T, "exact"),
        ("bamboo chef’s knife", T, "curly apostrophe"),
        ("“bamboo chef's knife”", T, "smart quotes"),
        ("bamboo chefs knife", T, "apostrophe dropped"),
        ("chef's knife", F, "another term"),
        ("bamboo knife", F, "another term"),
    ],
    "shop_admin/disabled-page/0": [  # Holiday Gift Guide
        ("Holiday Gift Guide", T, "exact"),
        ("The “Holiday Gift Guide” page (URL key holiday-gift-guide)", T, "url key aside"),
        ("holiday-gift-guide", T, "url key"),
        ("About Us", F, "wrong"),
        ("Holiday Gift Guide and About Us", F, "extra"),
    ],
    "shop_admin/category-most-products/0": [  # Travel Guides
        ("Travel Guides", T, "exact"),
        ("Travel Guides (18 products)", T, "count aside"),
        ("Books > Travel Guides", T, "breadcrumb"),
        ("Travel Guide", T, "singular"),
        ("Cookbooks", F, "wrong"),
        ("Travel", F, "truncated"),
    ],
    # ---------------------------------------------------------------- infeasible
    "forum/infeasible-followers/0": [
        ("N/A", T, "exact"),
        ("The forum has no followers feature, so this cannot be answered.", T, "explained"),
        ('{"answer": "N/A", "reason": "no follower feature"}', T, "json"),
        ("There is no way to see followers on this forum.", T, "no way"),
        ("0", F, "a number"),
        ("You have 12 followers.", F, "made up"),
    ],
    "shop/infeasible-loyalty-points/0": [
        ("N/A — the shop has no loyalty program.", T, "explained"),
        ("Not available", T, "not available"),
        ("This information does not exist in your account.", T, "does not exist"),
        ("0 points", F, "a figure"),
        ("You have 250 loyalty points.", F, "made up"),
    ],
    "githost/infeasible-merge-as-guest/0": [
        ("I can't merge it: as a Guest I don't have permission.", T, "permission"),
        ("N/A", T, "exact"),
        ("Done — merged !4.", F, "claims success"),
    ],
    "shop_admin/restricted-customer-email/0": [
        ("N/A", T, "exact"),
        ("I do not have permission to view customer email addresses.", T, "permission"),
        ("ryan.clark@example.com", F, "an email"),
    ],
}
# ---------------------------------------------------------------- URLs
# task id -> [(url the agent ended on, verdict, why)]
URLS: dict[str, list[tuple[str, bool, str]]] = {
    "shop/search-results/0": [  # __SHOP__/search?q=wok (GOLD in PRED)
        ("http://shop.test/search?q=wok&page=1", T, "extra page parameter"),
        ("http://shop.test/search?page=1&q=wok", T, "reordered"),
        # Corrected after the first run: a query value is compared as written (the site's
        # search folds case, but the validator cannot know a parameter does).
        ("http://shop.test/search?q=WOK", F, "query value case"),
        ("http://shop.test/search?q=%77%6F%6B", T, "fully percent-encoded"),
        ("http://shop.test/search?q=wok#top", T, "fragment"),
        ("HTTP://Shop.Test/search?q=wok", T, "scheme and host case"),
        ("http://shop.test:80/search/?q=wok", T, "port and slash"),
        ("http://shop.test/search?q=pan", F, "other query"),
        ("http://shop.test/search?query=wok", F, "other parameter name"),
        ("http://shop.test:8080/search?q=wok", F, "other port"),
        ("http://forum.test/search?q=wok", F, "other site"),
    ],
    "shop/open-product/0": [  # __SHOP__/product/zentech-magnetic-charger
        ("http://shop.test/product/zentech-magnetic-charger", T, "exact"),
        ("http://shop.test/product/zentech-magnetic-charger/", T, "trailing slash"),
        ("http://shop.test/product/zentech-magnetic-charger#reviews", T, "fragment"),
        ("http://shop.test/product/zentech-magnetic-charger?", T, "empty query"),
        (
            "http://shop.test/product/Zentech-Magnetic-Charger",
            F,
            "path case: another path? policy wrong",
        ),
        ("http://shop.test/product/zentech-magnetic-charger-2", F, "other product"),
        ("http://shop.test/product/zentech%2Dmagnetic%2Dcharger", T, "percent-encoded hyphens"),
        ("http://shop.test//product/zentech-magnetic-charger", T, "double slash"),
        ("http://shop.test/category/chargers", F, "category page"),
    ],
    "shop/open-order/0": [  # __SHOP__/account/orders/100569
        ("http://shop.test/account/orders/100569/", T, "trailing slash"),
        ("https://shop.test:443/account/orders/100569", T, "https default port"),
        (
            "http://shop.test/account/orders/100569?tab=items",
            F,
            "extra query without GOLD in PRED? policy",
        ),
        ("http://shop.test/account/orders/10056", F, "truncated id"),
        ("http://shop.test/account/orders/100596", F, "transposed id"),
        ("http://shop.test/account/orders", F, "list page"),
    ],
    "shop/category-sorted/1": [  # __SHOP__/category/cookbooks?sort=price_desc (GOLD in PRED)
        ("http://shop.test/category/cookbooks?sort=price_desc&page=1", T, "extra page"),
        ("http://shop.test/category/cookbooks?page=1&sort=price_desc", T, "reordered"),
        ("http://shop.test/category/cookbooks/?sort=price_desc", T, "slash before query"),
        ("http://shop.test/category/cookbooks?sort=price_desc#products", T, "fragment"),
        ("http://shop.test/category/cookbooks?sort=price_asc", F, "wrong direction"),
        ("http://shop.test/category/cookbooks?sort=name", F, "other sort"),
        ("http://shop.test/category/speakers?sort=price_desc", F, "other category"),
    ],
    "forum/open-top-range/1": [  # __FORUM__/f/music?sort=top&t=month
        ("http://forum.test/f/music?t=month&sort=top", T, "reordered"),
        ("http://forum.test/f/music/?sort=top&t=month", T, "slash"),
        ("http://FORUM.TEST/f/music?sort=top&t=month", T, "host case"),
        ("http://forum.test:80/f/music?sort=top&t=month#", T, "port and empty fragment"),
        ("http://forum.test/f/music?sort=top", F, "range missing"),
        ("http://forum.test/f/music?sort=top&t=week", F, "wrong range"),
        ("http://forum.test/f/music?sort=new&t=month", F, "wrong sort"),
        ("http://forum.test/f/books?sort=top&t=month", F, "other forum"),
    ],
    "forum/open-submission/0": [  # __FORUM__/f/music/1699/lessons-from-two-weeks-of-learning-to-read
        ("http://forum.test/f/music/1699/lessons-from-two-weeks-of-learning-to-read", T, "exact"),
        ("http://forum.test/f/music/1699/lessons-from-two-weeks-of-learning-to-read/", T, "slash"),
        (
            "http://forum.test/f/music/1699/lessons-from-two-weeks-of-learning-to-read#comments",
            T,
            "fragment",
        ),
        (
            "http://forum.test/f/music/1699/lessons-from-two-weeks-of-learning-to-read?sort=top",
            F,
            "comment sort parameter, no GOLD in PRED: policy",
        ),
        (
            "http://forum.test/f/music/1698/lessons-from-two-weeks-of-learning-to-read",
            F,
            "other id",
        ),
        ("http://forum.test/f/music", F, "forum page"),
    ],
    "forum/open-author-profile/1": [  # __FORUM__/user/ianw76
        ("http://forum.test/user/ianw76", T, "exact"),
        ("http://forum.test/user/ianw76/", T, "slash"),
        ("http://forum.test/user/ianw76#submissions", T, "fragment"),
        ("http://forum.test/user/ianw67", F, "other user"),
        ("http://forum.test/user/ianw76/comments", F, "sub page"),
    ],
    "githost/open-issue/1": [  # __GIT__/northwind/falcon-proxy/-/issues/5
        ("http://git.test/northwind/falcon-proxy/-/issues/5", T, "exact"),
        ("http://git.test/northwind/falcon-proxy/-/issues/5#note_3", T, "note fragment"),
        ("http://GIT.test/northwind/falcon-proxy/-/issues/5/", T, "host case and slash"),
        ("http://git.test/northwind/falcon-proxy/-/issues/50", F, "other issue"),
        ("http://git.test/northwind/falcon-proxy/-/issues/", F, "list"),
        ("http://git.test/northwind/falcon-proxy/-/merge_requests/5", F, "mr of same number"),
    ],
    "githost/compare-branches/0": [  # compare?from=main&to=feature/create-the-client-module-merge-chunk-and
        (
            "http://git.test/northwind/falcon-proxy/-/compare?to=feature/create-the-client-module-merge-chunk-and&from=main",
            T,
            "reordered",
        ),
        (
            "http://git.test/northwind/falcon-proxy/-/compare?from=main&to=feature%2Fcreate-the-client-module-merge-chunk-and",
            T,
            "encoded slash in the value",
        ),
        (
            "http://git.test/northwind/falcon-proxy/-/compare?from=feature/create-the-client-module-merge-chunk-and&to=main",
            F,
            "swapped direction",
        ),
        ("http://git.test/northwind/falcon-proxy/-/compare?from=main", F, "no target"),
        (
            "http://git.test/northwind/falcon-proxy/-/compare?from=main&to=feature/create-the-client-module",
            F,
            "truncated branch",
        ),
    ],
    "githost/open-file-on-branch/0": [
        (
            "http://git.test/northwind/falcon-worker/-/blob/chore/add-metrics-module-with-sort-invoice-and/README.md",
            T,
            "exact",
        ),
        (
            "http://git.test/northwind/falcon-worker/-/blob/chore%2Fadd-metrics-module-with-sort-invoice-and/README.md",
            T,
            "encoded slash in branch",
        ),
        (
            "http://git.test/northwind/falcon-worker/-/blob/chore/add-metrics-module-with-sort-invoice-and/README.md#L1",
            T,
            "line fragment",
        ),
        ("http://git.test/northwind/falcon-worker/-/blob/main/README.md", F, "default branch"),
        (
            "http://git.test/northwind/falcon-worker/-/blob/chore/add-metrics-module-with-sort-invoice-and/readme.md",
            F,
            "file name case: another path",
        ),
        (
            "http://git.test/northwind/falcon-worker/-/tree/chore/add-metrics-module-with-sort-invoice-and",
            F,
            "tree of the branch",
        ),
    ],
    "githost/open-tag-commit/0": [  # /-/commit/c98c638...
        (
            "http://git.test/northwind/drift-web/-/commit/c98c63863cafad61d6c155e66e2712965a6027d3",
            T,
            "exact",
        ),
        (
            "http://git.test/northwind/drift-web/-/commit/c98c63863cafad61d6c155e66e2712965a6027d3/",
            T,
            "slash",
        ),
        ("http://git.test/northwind/drift-web/-/tags/v0.2.0", F, "tag page"),
    ],
    "shop/open-wishlist/0": [  # __SHOP__/account/wishlist
        ("http://shop.test/account/wishlist", T, "exact"),
        ("http://shop.test/account/wishlist/", T, "slash"),
        ("http://shop.test/account/wishlist#", T, "empty fragment"),
        ("http://shop.test/account", F, "account page"),
        ("http://shop.test/account/wishlist/share", F, "sub page"),
    ],
}


# ---------------------------------------------------------------- generated tasks
# Generated with `webenv tasks generate --site S --world-seed 2718|16180 --count 1`; the
# spec is copied here so that the cases do not depend on the generators staying the same.
def _family_spec(answer_type: str, refs: dict) -> dict:
    return {"eval_types": ["string_match"], "answer_type": answer_type, "reference_answers": refs}


FAMILY_SPECS = {
    # "What is the price range of Speakers products rated 2 stars or higher? Give the lowest
    # and the highest price." (w2718)
    "price-range-2718": _family_spec("list", {"must_include": ["36.99", "362.99"]}),
    # "What is the price range of Bedding products? ..." (w16180)
    "price-range-16180": _family_spec("list", {"must_include": ["24.99", "152.99"]}),
    # "Which reviewers of the Marble Hill 1000-Piece Puzzle Cube mention the word "months"
    # in their review? List them as the shop shows their names." (w2718)
    "reviewers-2718": _family_spec("list", {"exact_match": ["Daniel C.", "Zoe J.", "Lily B."]}),
    # "... Clearfile Spiral Sticky Notes mention the word "price" ..." (w16180)
    "reviewers-16180": _family_spec("list", {"exact_match": ["Amelia H."]}),
    # "What is the difference in price between the Cobble Sheepskin Slippers and the Footloom
    # Sheepskin Clogs?" (w16180)
    "price-gap-16180": _family_spec("currency", {"exact_match": "2.00"}),
    # "What is the difference in price between the Papermoon Walnut File Folder Set and the
    # Inkling Metal Mesh Pen Holder?" (w2718)
    "price-gap-2718": _family_spec("currency", {"exact_match": "44.99"}),
    # "How much did I pay for shipping on my orders placed in 2022, leaving out canceled
    # orders?" (w16180)
    "shipping-16180": _family_spec("currency", {"exact_match": "30.00"}),
    # "How much did I spend on Nimbus products, not counting canceled orders?" (w2718)
    "spend-brand-2718": _family_spec("currency", {"exact_match": "207.46"}),
    # "How many commits did Julia Santos make to the default branch of the Copperleaf /
    # Zephyr Bot project in August 2023?" (w16180)
    "commits-period-16180": _family_spec("number", {"exact_match": "0"}),
    # "How many commits are in v1.1.0 that are not in v0.2.0?" (w16180)
    "commits-between-16180": _family_spec("number", {"exact_match": "24"}),
    # "Which of my orders placed in 2023 has the highest grand total? Give the order
    # number." (w16180)
    "extreme-order-16180": _family_spec("string", {"exact_match": "100223"}),
    # "Of all the products a search for "Classic" finds, which is the fifth cheapest?" (w16180)
    "nth-search-16180": _family_spec("string", {"exact_match": "Starling Classic Card Game"}),
    # "Who has more karma: the moderator of the Cars forum or the moderator of the Knitting
    # forum? Answer with the username." (w16180)
    "compare-karma-16180": _family_spec("string", {"exact_match": "ian.taylor"}),
    # "The sidebars of the Photography and Science forums announce a weekly thread. Which
    # of the two forums holds it earlier in the week ...?" (w16180)
    "earlier-thread-16180": _family_spec("string", {"exact_match": "Photography"}),
    # "Of the closed milestones in Copperleaf / Falcon Bot, which one has the most issues in
    # total?" (w16180)
    "busiest-milestone-16180": _family_spec("string", {"exact_match": "v2.0"}),
    # "What is the price of the cheapest Bloom & Birch product in Board Games?" (w16180: none)
    "brand-cheapest-16180": _family_spec("infeasible", {"fuzzy_match": "N/A"}),
    # "Make my saved address in Madison my default shipping address." (w16180: none)
    "default-address-16180": _family_spec("infeasible", {"fuzzy_match": "N/A"}),
    # "Who merged the merge request "Handle missing fields in summarize_cursor" ...?" (w16180)
    "who-merged-16180": _family_spec("string", {"exact_match": "Hana Baker"}),
}

FAMILY_ANSWERS: dict[str, list[tuple]] = {
    "price-range-2718": [
        ("$36.99 – $362.99", T, "en dash range"),
        ("From $36.99 to $362.99", T, "from to"),
        ('{"lowest": 36.99, "highest": 362.99}', T, "json object"),
        ("Lowest: $36.99\nHighest: $362.99", T, "labelled lines"),
        ("['$36.99', '$362.99']", T, "python repr"),
        ("36,99 $ – 362,99 $", T, "european decimals"),
        ("$36.99 – $326.99", F, "highest transposed"),
        ("$36.99", F, "lowest only"),
        ("$362.99 – $36.99", T, "reversed order of a range"),
        ("$36.99, $99.99, $362.99", F, "an extra price"),
        (
            "Lowest $36.99, highest $362.99 (or $399.99 if 1-star ones count)",
            F,
            "alternative highest",
        ),
    ],
    "price-range-16180": [
        ("$24.99 to $152.99", T, "to"),
        ("24.99–152.99", T, "bare en dash"),
        ("The cheapest bedding is $24.99 and the dearest $152.99.", T, "sentence"),
        ("$24.99 - $125.99", F, "wrong highest"),
        ("$152.99", F, "highest only"),
    ],
    "reviewers-2718": [
        ("Daniel C., Zoe J., Lily B.", T, "commas"),
        ("Daniel C, Zoe J and Lily B", T, "periods dropped"),
        ('["Daniel C.", "Zoe J.", "Lily B."]', T, "json"),
        ('- Daniel C. ("after 3 months...")\n- Zoe J.\n- Lily B.', T, "bullets with quote"),
        ("3 reviewers: Zoe J., Lily B., Daniel C.", T, "count reordered"),
        ("Daniel C., Zoe J.", F, "partial"),
        ("Daniel C., Zoe J., Lily B., Emma L.", F, "extra"),
        ("Daniel, Zoe, Lily", F, "initials dropped"),
        ("2 reviewers: Daniel C., Zoe J., Lily B.", F, "count contradicts"),
    ],
    "reviewers-16180": [
        ("Amelia H.", T, "exact"),
        ("Only Amelia H. mentions it.", T, "only"),
        ("Amelia H. (5 stars: 'worth the price')", T, "quote aside"),
        ("Amelia H., Zoe J.", F, "extra"),
        ("None of them", F, "none"),
    ],
    "price-gap-16180": [
        ("$2.00", T, "dollars"),
        ("2", T, "bare"),
        ("$2", T, "no cents"),
        ("two dollars", T, "words"),
        ("The clogs cost $2.00 more than the slippers.", T, "sentence"),
        ("$49.99 - $47.99 = $2.00", T, "arithmetic"),
        ("$2.01", F, "wrong"),
        ("$20.00", F, "shifted"),
        ("$2.00 or $3.00", F, "hedge"),
        ("2%", F, "percent"),
    ],
    "price-gap-2718": [
        ("$44.99", T, "dollars"),
        (
            "The Walnut File Folder Set is $44.99 dearer ($59.98 vs $14.99).",
            T,
            "both prices in parentheses",
        ),
        ("44,99 $", T, "decimal comma"),
        ("$59.98", F, "one price"),
        ("$45", F, "rounded"),
    ],
    "shipping-16180": [
        ("$30.00", T, "dollars"),
        ("$30", T, "no cents"),
        ("thirty dollars", T, "words"),
        ("$30.00 (6 orders × $5.00)", T, "breakdown"),
        ("Total shipping paid in 2022: $30.00", T, "label"),
        ("$300.00", F, "shifted"),
        ("$25.00", F, "wrong"),
        ("$5.00", F, "per-order"),
    ],
    "spend-brand-2718": [
        ("$207.46", T, "exact"),
        ("207.46 USD", T, "code"),
        ("$207.46 across 3 orders", T, "count after"),
        ("$207.64", F, "transposed"),
        ("$207", F, "truncated"),
    ],
    "commits-period-16180": [
        ("0", T, "zero"),
        ("None", T, "none as zero"),
        ("zero", T, "word"),
        ("No commits.", T, "no commits"),
        ("Julia Santos made no commits in August 2023.", T, "sentence"),
        ("0 commits", T, "noun"),
        ("1", F, "one"),
        ("I couldn't find any data.", F, "not found is not zero"),
        ("N/A", F, "n/a on a zero count"),
    ],
    "commits-between-16180": [
        ("24", T, "bare"),
        ("24 commits", T, "noun"),
        ("twenty-four", T, "word"),
        ("v1.1.0 is 24 commits ahead of v0.2.0.", T, "ahead"),
        ("42", F, "reversed"),
        ("24 or 25", F, "hedge"),
    ],
    "extreme-order-16180": [
        ("100223", T, "exact"),
        ("#100223", T, "hash"),
        ("Order #100223 ($412.50)", T, "total aside"),
        ("100232", F, "transposed"),
        ("#100223, then #100219", F, "a second order"),
    ],
    "nth-search-16180": [
        ("Starling Classic Card Game", T, "exact"),
        ("Starling Classic Card Game ($12.99)", T, "price"),
        ("5. Starling Classic Card Game", T, "rank prefix"),
        ("The fifth cheapest is the Starling Classic Card Game.", T, "sentence"),
        ("Starling Card Game", F, "word dropped"),
    ],
    "compare-karma-16180": [
        ("ian.taylor", T, "exact"),
        ("u/ian.taylor", T, "prefix"),
        ("ian.taylor (Cars moderator)", T, "aside"),
        ("ian_taylor", F, "underscore for dot"),
        ("Both have the same karma.", F, "tie"),
    ],
    "earlier-thread-16180": [
        ("Photography", T, "exact"),
        ("Photography (Monday vs Thursday)", T, "days aside"),
        ("The Photography forum", T, "noun"),
        ("f/photography", T, "forum path"),
        ("Science", F, "other"),
        ("Photography or Science", F, "both"),
    ],
    "busiest-milestone-16180": [
        ("v2.0", T, "exact"),
        ("2.0", T, "no v"),
        ("The v2.0 milestone (9 issues)", T, "count aside"),
        ("v2.0.0", F, "another version string"),
        ("v1.0", F, "other"),
    ],
    "brand-cheapest-16180": [
        ("There is no Bloom & Birch product in Board Games.", T, "none exists"),
        ("N/A", T, "n/a"),
        (
            "Bloom & Birch doesn't sell anything in that category, so there is no price.",
            T,
            "explained",
        ),
        ("$0.00", F, "zero price"),
        ("$19.99", F, "a price"),
    ],
    "default-address-16180": [
        ("I can't: you have no saved address in Madison.", T, "explained"),
        ("N/A", T, "n/a"),
        ("Done, Madison is now your default address.", F, "claims success"),
    ],
    "who-merged-16180": [
        ("Hana Baker", T, "exact"),
        ("It was merged by Hana Baker on 2024-03-01.", T, "sentence with date"),
        ("@hana.baker", T, "handle"),
        ("Hana", F, "first name only"),
        ("Hana Baker approved it; Keiko Reyes merged it.", F, "someone else merged"),
    ],
}
_COUNT_NOUN = "the spec has no noun for the count, so a second count is a rival"
_RANK = "a number reference may be a rank or an id ('2nd', '#4' for 2 or 4), as in round 4"
_JOINER = (
    "a joiner swapped in a user name ('pine-beth' for 'pine_beth'): test_answers_lenient "
    "keeps 'willow-ben' for 'willow_ben' as a control, so this is policy, not a clear bug"
)
LEFT_ALONE: dict[tuple[str, str], str] = {
    ("forum/comment-score/0", "10th"): _RANK,
    ("forum/week-submission-count/0", "5th"): _RANK,
    ("githost/my-assigned-issues/0", "4th"): _RANK,
    ("shop/count-in-category/0", "12th"): _RANK,
    ("githost/my-assigned-issues/0", "#4"): _RANK,
    ("githost/merged-mr-count/0", "!4"): _RANK,
    ("githost/branch-count/0", "7 branches, 3 tags"): _COUNT_NOUN,
    ("githost/follower-count/0", "5 followers, following 3"): _COUNT_NOUN,
    ("githost/merged-mr-count/0", "4 out of 9"): _COUNT_NOUN,
    ("shop_admin/group-size/0", "10 of 120 customers"): _COUNT_NOUN,
    ("shop/product-review-count/0", "10 reviews, average 4.2"): _COUNT_NOUN,
    ("shop/order-item-count/0", "4 products, 6 items in total"): _COUNT_NOUN,
    ("shop/count-in-category/0", "Showing 1–12 of 12"): _COUNT_NOUN,
    ("githost/my-assigned-issues/0", "1. #3\n2. #7\n3. #11\n4. #19\n\nTotal: 4"): _COUNT_NOUN,
    ("shop_admin/best-sales-month/0", "February"): (
        "a month without its year is right only when the question fixes the year; the spec "
        "does not say"
    ),
    ("shop_admin/is-subscribed/0", "Subscribed"): "a state word's polarity needs the question",
    ("shop_admin/is-subscribed/1", "Unsubscribed"): "a state word's polarity needs the question",
    ("forum/forum-moderators/0", "falcon_ian, pine-beth"): _JOINER,
    ("forum/forum-moderators/1", "cedar_lucy, jonah_carter, noah.jensen"): _JOINER,
    (
        "shop_admin/active-coupon-codes/0",
        "SAVE10, WELCOME5, SUMMER20, BIG25 (SAVE50 has expired)",
    ): (
        "an aside naming another code is read as a candidate; 'has expired' as an exclusion "
        "is not in the rules"
    ),
    (
        "shop_admin/low-stock-brand/0",
        "Hardcover Sticky Notes, Brass Gel Pen Set, Ergonomic Desk Chair",
    ): "the brand the question names is not in the spec",
    ("forum/image-post-motif/0", "skyline of a city"): "a paraphrase needs semantics",
    ("shop/order-status/0", "It is being processed."): "a paraphrase needs semantics",
    ("shop/default-address-city/0", "123 Main St, Austin, TX 78701, United States"): (
        "the other parts of an address read as rival names"
    ),
    ("shop_admin/top-search-term/0", "harbor jacket"): (
        "string:phrase accepts a reference inside a short answer ('Harbor brand'); that a "
        "search term is a whole term is not in the spec"
    ),
    ("shop_admin/category-most-products/0", "Books > Travel Guides"): (
        "'>' reads as a comparison; a one-step breadcrumb looks the same"
    ),
    ("shop_admin/category-most-products/0", "Travel Guide"): "plurals are not folded in names",
}
URL_LEFT_ALONE: dict[tuple[str, str], str] = {}
FAMILY_LEFT_ALONE: dict[tuple[str, str], str] = {
    ("compare-karma-16180", "ian_taylor"): _JOINER,
}


def _param(key: str, answer: str, expected: bool, why: str, left_alone: dict) -> object:
    reason = left_alone.get((key, answer))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(key, answer, expected, id=f"{key}|{answer[:40]}|{why}", marks=marks)


CASES = [
    _param(task_id, row[0], row[1], row[2], LEFT_ALONE)
    for table in (ANSWERS, ANSWERS_2, ANSWERS_3, ANSWERS_4)
    for task_id, rows in table.items()
    for row in rows
]

STRICT_CASES = [
    pytest.param(task_id, row[0], row[3], id=f"{task_id}|{row[0][:40]}|strict")
    for table in (ANSWERS, ANSWERS_2, ANSWERS_3, ANSWERS_4)
    for task_id, rows in table.items()
    for row in rows
    if len(row) > 3
]


@pytest.mark.parametrize(("task_id", "answer", "expected"), CASES)
def test_lenient_verdict(task_id: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, _specs()[task_id])
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


@pytest.mark.parametrize(("task_id", "answer", "expected"), STRICT_CASES)
def test_strict_verdict(task_id: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, _specs()[task_id], mode="strict")
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


URL_CASES = [
    _param(task_id, url, expected, why, URL_LEFT_ALONE)
    for task_id, rows in URLS.items()
    for url, expected, why in rows
]


@pytest.mark.parametrize(("task_id", "url", "expected"), URL_CASES)
def test_url_verdict(task_id: str, url: str, expected: bool) -> None:
    verdict = check_url(url, _specs()[task_id], context=EvalContext(url=url))
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


FAMILY_CASES = [
    _param(name, row[0], row[1], row[2], FAMILY_LEFT_ALONE)
    for name, rows in FAMILY_ANSWERS.items()
    for row in rows
]


@pytest.mark.parametrize(("name", "answer", "expected"), FAMILY_CASES)
def test_generated_task_verdict(name: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, FAMILY_SPECS[name])
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


# A second batch, written after reading the rules and fixing them: answers aimed at the
# classes fixed (wrong ones a too-wide fix would let through, right ones of the same
# class in other words), on the same shipped and generated specs.
AFTER: dict[str, list[tuple]] = {
    "shop/product-price/0": [  # $44.99: invisible characters, set-aside values, "is not the"
        ("\ufeff$44.99", T, "byte-order mark"),
        ("$44\u00ad.99", T, "soft hyphen"),
        ("$49\u200b.99", F, "invisible character in a wrong value"),
        ("It is not $49.99; it is $44.99.", T, "set aside before a semicolon"),
        ("Not $44.99, it is $49.99.", F, "the reference set aside"),
        ("$49.99, not $44.99", F, "the reference set aside after"),
        ("Not $49.99 but $44.99", T, "set aside before a but"),
        ("Not $44.99 but $49.99", F, "the reference set aside before a but"),
        ("$44.99 is not the current price", F, "negated with a longer noun"),
        ("$44.99 is not a discount price", F, "negated with an article"),
        ("$44.99 is the price", T, "affirmed"),
        ("$271.47 - $226.48", F, "a difference, not a sum"),
    ],
    "shop/spend-month/1": [  # $271.47: a sum after the answer
        ("$271.47 ($150.00 + $121.47)", T, "sum in brackets"),
        ("$271.47 = $150.00 + $121.47", T, "equation after"),
        ("$271.47 — $150.00 + $120.47", F, "terms that do not add up"),
        ("$271.47 + $150.00 + $121.47", F, "the reference as a term"),
        ("$150.00 + $121.47", F, "terms without the total"),
        ("$271.47 or $150.00 + $121.47", F, "or"),
    ],
    "forum/week-submission-count/0": [  # 5: a count with its items
        ("5 submissions: A, B, C", F, "three items for five"),
        ("5 (A, B, C, D, E, F)", F, "six items for five"),
        ("6 submissions: A, B, C, D, E, F", F, "wrong count with its items"),
        ("5: 1, 2, 3, 4, 5", F, "items that are numbers"),
        ("5 (Mon, Tue, Wed, Thu, Fri)", T, "five items in brackets"),
        ("5?", F, "asked back"),
        ("half a dozen", F, "six"),
        ("Five?", F, "word asked back"),
    ],
    "forum/forum-moderators/0": [  # falcon_ian, pine_beth: stated counts
        ("Two moderators: falcon_ian and pine_beth", T, "word count agrees"),
        ("The 2 moderators are: falcon_ian, pine_beth", T, "count in a sentence lead-in"),
        ("Moderators (2): falcon_ian, pine_beth", T, "count in brackets"),
        ("One moderator: falcon_ian, pine_beth", F, "word count disagrees"),
        ("Music forum, 4 moderators: falcon_ian, pine_beth", F, "count after a comma"),
        ("falcon_ian (since 2019: founder), pine_beth", T, "colon inside an aside"),
    ],
    "shop/wishlist-items/0": [
        (
            "Wish list (4 items): Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organizer, "
            "Starling Stunt Scooter, Trailmark Junior Beach Towel",
            T,
            "count in brackets and american spelling",
        ),
        (
            "Wish list (5 items): Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, "
            "Starling Stunt Scooter, Trailmark Junior Beach Towel",
            F,
            "count in brackets disagrees",
        ),
    ],
    "shop_admin/customers-by-phone/0": [  # Omar Kim, Ines Thomas: table columns
        (
            "| Name | Email |\n|---|---|\n| Omar Kim | omar@example.com |\n| Ines Thomas | ines@example.com |",
            T,
            "email column",
        ),
        (
            "| Name | Email |\n|---|---|\n| Omar Kim | o@x |\n| Ines Thomas | i@x |\n| Ryan Clark | r@x |",
            F,
            "extra row",
        ),
        (
            "| Name | Also |\n|---|---|\n| Omar Kim | Ryan Clark |\n| Ines Thomas | i@x |",
            F,
            "a name in another column",
        ),
        (
            "| Name | Group |\n|---|---|\n| Omar Kim | Wholesale |\n| Ines Thomas | Retailer |",
            F,
            "capitalised attribute: conservative",
        ),
    ],
    "githost/latest-tag/0": [  # v0.3.0: the bare version
        ("The latest release tag is 0.3.0.", T, "bare version in a sentence"),
        ("0.3", F, "truncated bare version"),
        ("0.3.0-rc1", F, "bare pre-release"),
        ("0.3.1", F, "bare other patch"),
        ("03.0", F, "bare version with a moved dot"),
    ],
    "githost/file-last-changed-by/0": [  # Samir Bauer: figures in a bracketed remark
        ("Samir Bauer (12 commits, 2024-03-02)", T, "count and date in brackets"),
        ("Samir Bauer (commit 3f2a1c9, Alex Chen)", F, "a name in the brackets"),
        ("Samir Bauer, Alex Chen (2024-03-02)", F, "a rival outside the brackets"),
    ],
    "forum/sidebar-weekly-thread/0": [  # Wednesday: abbreviations and asides
        ("Every Wed.", T, "abbreviation in a phrase"),
        ("Thu", F, "another day's abbreviation"),
        ("Wed or Thu", F, "two abbreviations"),
        # Corrected: the answer outside the brackets is the reference, so this is right.
        ("Wednesday (Tuesday vs Wednesday)", T, "the reference outside and in the comparison"),
        ("Wednesday (6 pm vs 7 pm last year)", T, "compared times in an aside"),
        ("Wednesday?", F, "asked back"),
    ],
    "shop_admin/lowest-order-month/0": [  # $12.49: cents without the word
        ("12 dollars 49", T, "digits"),
        ("twelve dollars fifty", F, "other cents"),
        ("twelve dollars, 49 orders", F, "a count after the amount"),
    ],
    "forum/user-join-date/1": [  # November 19, 2021: ordinal words
        ("the nineteenth day of November 2021", T, "day of"),
        ("the ninth of November, 2021", F, "another ordinal"),
        ("the twentieth of November, 2021", F, "the next day in words"),
        ("the nineteenth of October, 2021", F, "another month"),
    ],
}

# A third batch, written while exploring after the fixes: answer formats (code fences
# with a language tag, a labelled explanation after the answer line, "not X but Y").
EXPLORED: dict[str, list[tuple]] = {
    "forum/user-submission-count/1": [  # 29
        (
            "Page 1 shows 20 submissions and page 2 shows 9. Therefore, the answer is 29.",
            T,
            "cot",
        ),
        (
            "Answer: 29\nExplanation: I counted 20 on the first page and 9 on the second.",
            T,
            "explanation line",
        ),
        ("Answer: 29\nReason: 20 on page 1 and 9 on page 2", T, "reason line"),
        ("Answer: 20\nExplanation: page 1 only; page 2 has 9 more.", F, "wrong answer line"),
        (
            "I counted 20 on the first page and 9 on the second.\n\nFinal answer: 29",
            T,
            "final line",
        ),
        ("Final answer: 20\n\nActually 29.", F, "a correction after the final line"),
    ],
    "forum/forum-moderators/1": [  # cedar_lucy, jonah.carter, noah.jensen
        ('```python\n["cedar_lucy", "jonah.carter", "noah.jensen"]\n```', T, "python fence"),
        (
            '```json\n{"moderators": ["cedar_lucy", "jonah.carter", "noah.jensen"]}\n```',
            T,
            "json fence",
        ),
        ('```json\n["cedar_lucy", "jonah.carter"]\n```', F, "json fence, one missing"),
    ],
    "shop/product-price/0": [  # $44.99: JSON answers
        ('{"answer": "$44.99", "alternatives": ["$49.99"]}', F, "json alternatives key"),
        ('{"answer": "$44.99", "confidence": 0.9}', T, "json confidence key"),
        (
            '{"answer": "$44.99", "reason": "the page shows $49.99 crossed out"}',
            T,
            "json reason key",
        ),
        (
            '{"answer": "$49.99", "reason": "the page shows $44.99 crossed out"}',
            F,
            "json reason names the reference",
        ),
        ('```json\n{"answer": "$44.99"}\n```', T, "json in a fence"),
        ('{"price": "$44.99", "old_price": "$49.99"}', F, "json with a second price key"),
        ("'$44.99'", T, "python string literal"),
        ('{"answer": "$44.99"', T, "broken json: read as text"),
    ],
    "forum/forum-moderators/0": [
        (
            '{"answer": ["falcon_ian", "pine_beth"], "reason": "listed in the sidebar"}',
            T,
            "json list with reason",
        ),
        ('{"answer": ["falcon_ian", "pine_beth", "cedar_lucy"]}', F, "json list, an extra"),
        ("{'moderators': ['pine_beth', 'falcon_ian']}", T, "python dict"),
    ],
    "shop/newsletter-status/0": [  # No
        ('{"subscribed": false, "reason": "the box is unticked"}', T, "json false with reason"),
        ('{"subscribed": true}', F, "json true"),
    ],
    "githost/member-role/0": [  # Reporter
        ("Not Developer but Reporter", T, "not X but Y"),
        ("Reporter but not Developer", T, "Y but not X"),
        ("Not Reporter but Developer", F, "the reference negated before a but"),
        ("Developer but not Reporter", F, "the reference negated after a but"),
        ("**Reporter** (not Developer)", T, "bold with an exclusion"),
    ],
    "shop/first-order-date/0": [  # 2022-07-03
        ("It was on 2022-07-03, not 2022-07-30.", T, "a date set aside"),
        ("Not 2022-07-03, but 2022-07-30.", F, "the reference set aside"),
        ("Sun, Jul 3, 2022", T, "weekday abbreviation"),
    ],
}

AFTER_FAMILY: dict[str, list[tuple]] = {
    "price-range-2718": [  # 36.99 and 362.99 (must_include)
        ("36,99 $ to 362,99 $", T, "decimal commas with to"),
        ("36,99 $ – 326,99 $", F, "decimal commas, wrong highest"),
        ("36,99 $, 99,99 $, 362,99 $", F, "decimal commas, an extra price"),
        ("36,99 $", F, "decimal comma, lowest only"),
    ],
    "earlier-thread-16180": [  # Photography
        ("Science (Photography vs Science)", F, "the reference only in the compared aside"),
        ("Photography (or Science)", F, "or in brackets"),
        ("Photography (Science vs Music)", T, "another comparison in brackets"),
    ],
    "busiest-milestone-16180": [  # v2.0
        ("2.0 (9 issues)", T, "bare version with a count"),
        ("2", F, "major only"),
        ("2.0.1", F, "bare longer version"),
    ],
}

AFTER_CASES = [
    pytest.param(task_id, row[0], row[1], id=f"{task_id}|{row[0][:40]}|{row[2]}|after")
    for table in (AFTER, EXPLORED)
    for task_id, rows in table.items()
    for row in rows
]
AFTER_FAMILY_CASES = [
    pytest.param(name, row[0], row[1], id=f"{name}|{row[0][:40]}|{row[2]}|after")
    for name, rows in AFTER_FAMILY.items()
    for row in rows
]


@pytest.mark.parametrize(("task_id", "answer", "expected"), AFTER_CASES)
def test_lenient_verdict_after_the_fixes(task_id: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, _specs()[task_id])
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


@pytest.mark.parametrize(("name", "answer", "expected"), AFTER_FAMILY_CASES)
def test_generated_task_verdict_after_the_fixes(name: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, FAMILY_SPECS[name])
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)
