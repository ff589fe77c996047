"""Probe round 4: held-out answers to the shipped tasks, written before reading the rules.

Each case is an answer phrased as an agent, a script or a person might phrase it, with
the verdict a user expects from the lenient validator and why. The specs are the
shipped tasks' own ``eval`` objects, loaded by task id.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import lxml.html
import pytest

from webenv.validators import EvalContext, check_answer, check_program_html, check_url

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


@cache
def _specs() -> dict[str, dict]:
    return {task_id: task["eval"] for task_id, task in _tasks().items()}


def _judged(answer: str, task_id: str):
    """The lenient verdict on ``answer`` as the env gives it: with the task's intent."""
    intent = _tasks()[task_id].get("intent", "")
    return check_answer(
        answer, _specs()[task_id], context=EvalContext(answer=answer, intent=intent)
    )


T, F = True, False

# task id -> [(answer, lenient verdict expected, why)]
ANSWERS: dict[str, list[tuple[str, bool, str]]] = {
    # ---- currency
    "shop/product-price/0": [  # $44.99
        ("The Voltix Dual-Port Charger costs $44.99.", T, "sentence"),
        ('{"answer": "$44.99"}', T, "json"),
        ("USD 44.99", T, "ISO code before"),
        ("44.99 USD", T, "ISO code after"),
        ("It's listed at $44.99 (tax not included).", T, "trailing note"),
        ("**$44.99**", T, "markdown bold"),
        ("`$44.99`", T, "code span"),
        ("forty-four dollars and ninety-nine cents", T, "words"),
        ("Price: US$44.99", T, "US$"),
        ("$45", F, "rounded to a different value"),
        ("about $45", F, "estimate"),
        ("$44.99 or $49.99", F, "hedge"),
        ("$4.99", F, "wrong value"),
        ("44.99 EUR", F, "wrong currency"),
        ("€44.99", F, "wrong currency symbol"),
        ("between $40 and $50", F, "range"),
        ("Not $44.99", F, "negation"),
        ("It used to be $44.99 but now it costs $39.99.", F, "the current price is another"),
    ],
    "shop/order-total/1": [  # $278.94
        ("The grand total of order #100601 was $278.94.", T, "order number echoed"),
        ("Order #100601: $278.94", T, "label with order number"),
        ("| Order | Grand total |\n|---|---|\n| #100601 | $278.94 |", T, "markdown table"),
        ("278.94 dollars", T, "unit spelled out"),
        ("Final answer: $278.94", T, "label"),
        (
            "$278.94\n\nI opened My Orders, clicked order #100601 and read the Grand Total row.",
            T,
            "trailing reasoning",
        ),
        ("$278.49", F, "digits transposed"),
        ("$27.89", F, "wrong magnitude"),
        ("$278.94 if you exclude shipping, $283.94 otherwise", F, "conditional, two values"),
        ("I couldn't find order #100601.", F, "claims not found on a feasible task"),
        ("N/A", F, "N/A on a feasible task"),
        ("roughly $279", F, "approximation"),
    ],
    "shop_admin/lifetime-sales/0": [  # $92,758.89
        ("$92758.89", T, "no thousands separator"),
        ("92,758.89 USD", T, "code after"),
        ("Lifetime Sales: $92,758.89", T, "dashboard label"),
        ("The dashboard reports lifetime sales of $92,758.89.", T, "sentence"),
        ("ninety-two thousand seven hundred fifty-eight dollars and eighty-nine cents", T, "words"),
        ("$92,758", F, "cents dropped"),
        ("$9,275.89", F, "wrong value"),
        ("roughly $92,759", F, "approximation"),
        ("$92.8k", F, "abbreviated approximation"),
        ("$92,758.89 (or about $93k counting pending orders)", F, "second candidate"),
    ],
    "shop_admin/customer-spend-year/0": [  # $3,570.73
        ("Emma Lopez spent $3,570.73 on Complete orders in 2023.", T, "sentence with year"),
        ("3570.73", T, "bare"),
        ("Total: **$3,570.73**", T, "bold with label"),
        ("$3,570.37", F, "transposed cents"),
        ("$3,570.73 + $120.00 = $3,690.73", F, "final value is another"),
        ("less than $3,600", F, "bound"),
    ],
    "shop/spend-month/0": [  # $130.44
        ("You spent $130.44 in March 2024.", T, "sentence with month"),
        ("$130.44 in total", T, "trailing words"),
        ("130.44 bucks", T, "slang unit"),
        ("$130.45", F, "off by a cent"),
        ("$130.44 or $155.44 if the canceled order counts", F, "hedge with condition"),
        ("0", F, "zero"),
        ("You didn't spend anything in March 2024.", F, "none for a non-empty answer"),
    ],
    "shop_admin/lowest-order-month/0": [  # $12.49
        ("The smallest grand total in November 2023 was $12.49.", T, "sentence"),
        ("12.49 $", T, "symbol after"),
        ("$12.94", F, "transposed"),
        ("$12.49 (order #100512) or $12.99 (order #100530)", F, "two candidates"),
    ],
    # ---- numbers (counts)
    "forum/forum-subscribers/0": [  # 67
        ("67 subscribers", T, "unit"),
        ("The Movies forum has 67 subscribers.", T, "sentence"),
        ("sixty-seven", T, "words"),
        ('{"subscribers": 67}', T, "json with key"),
        ("Answer: 67", T, "label"),
        ("**67**", T, "bold"),
        ("67\n\nThe subscriber count is shown in the forum's sidebar.", T, "trailing explanation"),
        ("There are 67 people subscribed to Movies.", T, "sentence, people"),
        ("68", F, "off by one"),
        ("about 67", F, "approximation"),
        ("67 or 68", F, "hedge"),
        ("over 60", F, "bound"),
        ("67%", F, "percent"),
        ("6.7", F, "wrong magnitude"),
        ("0", F, "zero"),
        ("none", F, "none for a non-empty answer"),
        ("This information isn't available.", F, "infeasible claim on a feasible task"),
    ],
    "githost/star-count/0": [  # 18
        ("18 stars", T, "unit"),
        ("northwind/falcon-proxy has 18 stars.", T, "sentence"),
        ("eighteen", T, "word"),
        ("It has 18 ⭐", T, "emoji unit"),
        ("17", F, "off by one"),
        ("~18", F, "tilde estimate"),
        ("18-20", F, "range"),
    ],
    "githost/config-port/0": [  # 9000
        ("Port 9000", T, "label before"),
        ("`port: 9000`", T, "yaml line in code"),
        ("9,000", T, "thousands separator"),
        ("It listens on localhost:9000.", T, "host:port"),
        ("config.yml sets the port to 9000.", T, "sentence with file name"),
        ("8080", F, "another port"),
        ("9001", F, "off by one"),
        ("90", F, "wrong"),
    ],
    "shop/product-rating/0": [  # 4.3
        ("4.3 out of 5", T, "scale"),
        ("4.3/5", T, "slash scale"),
        ("4.3 stars", T, "stars"),
        ("It is rated 4.3 ★ by customers.", T, "star symbol"),
        ("4.30", T, "trailing zero"),
        ("4.2", F, "wrong"),
        ("43", F, "decimal lost"),
        ("4.3 out of 10", F, "wrong scale"),
        ("around 4.3", F, "approximation"),
        ("4.3 or 4.5", F, "hedge"),
    ],
    "shop_admin/average-rating/0": [  # 4.85
        ("4.85", T, "bare"),
        ("4.85 / 5", T, "scale"),
        ("The average of its published reviews is 4.85 stars.", T, "sentence"),
        ("4.8", F, "truncated to a different value"),
        ("4.58", F, "transposed"),
    ],
    "shop/order-item-count/0": [  # 6
        ("6 items", T, "unit"),
        ("six", T, "word"),
        ("half a dozen", T, "idiom"),
        ("There were 6 items in order #100601.", T, "order number echoed"),
        ("5", F, "off by one"),
        ("6 or 7", F, "hedge"),
        ("at least 6", F, "bound"),
    ],
    "shop_admin/customer-review-rating/0": [  # 2
        ("2 stars", T, "stars"),
        ("two stars", T, "word stars"),
        ("Ryan Clark gave it 2 out of 5 stars.", T, "sentence"),
        ("2/5", T, "slash scale"),
        ("3 stars", F, "wrong"),
        ("2.5", F, "wrong"),
    ],
    "shop/count-in-category/0": [  # 12
        ("a dozen", T, "idiom"),
        ("12 products", T, "unit"),
        ("twelve", T, "word"),
        ("The Running Shoes category lists 12 products.", T, "sentence"),
        ("10", F, "first page only"),
        ("at least 12", F, "bound"),
        ("12+", F, "open bound"),
        ("11 or 12", F, "hedge"),
    ],
    "shop_admin/big-orders-year/0": [  # 14
        ("14 orders", T, "unit"),
        ("14 orders placed in 2023 had a grand total of $500 or more.", T, "question echoed"),
        ("Fourteen.", T, "capitalised word"),
        ("13", F, "off by one"),
        ("15", F, "off by one"),
        ("more than 10", F, "bound"),
    ],
    "shop_admin/canceled-orders-period/1": [  # 12
        ("12 orders placed between January 1 and March 31, 2024 were canceled.", T, "dates echoed"),
        ("12 canceled orders in Q1 2024", T, "quarter echoed"),
        ("12", T, "bare"),
        ("11", F, "off by one"),
    ],
    "githost/my-assigned-issues/0": [  # 4
        ("4 open issues are assigned to you.", T, "sentence"),
        ("four", T, "word"),
        ("You have 4 (issues #3, #5, #9 and #12).", T, "listing the issue numbers"),
        ("3", F, "off by one"),
        ("4 or 5", F, "hedge"),
    ],
    "forum/my-karma/0": [  # 225
        ("Your total karma is 225.", T, "sentence"),
        ("225 karma", T, "unit"),
        ("two hundred and twenty-five", T, "words"),
        ("225 points", T, "points"),
        ("252", F, "transposed"),
        ("225 or so", F, "approximation"),
    ],
    "shop_admin/low-stock-count/0": [  # 47
        ("47 products have fewer than 10 units in stock.", T, "threshold echoed"),
        ("47", T, "bare"),
        ("forty seven", T, "words without hyphen"),
        ("46", F, "off by one"),
        ("10", F, "the threshold, not the count"),
    ],
    "githost/branch-count/0": [  # 7
        ("7 branches", T, "unit"),
        ("The repository has seven branches (including main).", T, "word plus note"),
        ("8", F, "off by one"),
        ("7 tags", F, "wrong quantity"),
    ],
    # ---- dates
    "forum/user-join-date/0": [  # July 19, 2020
        ("2020-07-19", T, "ISO"),
        ("19 July 2020", T, "day month year"),
        ("the 19th of July 2020", T, "ordinal of"),
        ("07/19/2020", T, "US numeric"),
        ("Jul. 19, 2020", T, "abbreviated with period"),
        ("She joined on July 19th, 2020.", T, "sentence with ordinal"),
        ("Sunday, July 19, 2020", T, "with weekday"),
        ("Joined: 2020-07-19T00:00:00Z", T, "ISO timestamp"),
        ("July 18, 2020", F, "off by a day"),
        ("July 2020", F, "month only"),
        ("2020", F, "year only"),
        ("July 19, 2021", F, "wrong year"),
        ("around July 19, 2020", F, "approximation"),
        ("July 19 or July 20, 2020", F, "hedge"),
    ],
    "githost/milestone-due/1": [  # 2024-06-27
        ("June 27, 2024", T, "US long"),
        ("27/06/2024", T, "European numeric, unambiguous"),
        ("Jun 27 2024", T, "abbreviated, no comma"),
        ("It's due on Thursday, 27 June 2024.", T, "weekday sentence"),
        ("The v2.0 milestone is due 2024-06-27.", T, "version in sentence"),
        ("2024-06-26", F, "off by a day"),
        ("2024-07-27", F, "wrong month"),
        ("June 2024", F, "month only"),
        ("2024-06-27 or 2024-06-28", F, "hedge"),
    ],
    "shop/first-order-date/0": [  # 2022-07-03
        ("3 July 2022", T, "day month year"),
        ("July 3rd, 2022", T, "ordinal"),
        ("the 3rd of July, 2022", T, "ordinal of"),
        ("Your first order was placed on July 3, 2022 (order #100001).", T, "order number after"),
        ("2022-07-03 10:15", T, "with time"),
        ("2022-03-07", F, "ISO, day and month swapped"),
        ("July 3, 2023", F, "wrong year"),
        ("July 4, 2022", F, "off by a day"),
    ],
    "shop_admin/latest-canceled-order/0": [  # May 20, 2024
        ("20 May 2024", T, "day month year"),
        ("2024-05-20 14:32", T, "ISO with time"),
        ("5/20/2024", T, "US numeric"),
        ("The most recent canceled order was placed on May 20, 2024.", T, "sentence"),
        ("May 21, 2024", F, "off by a day"),
        ("May 2024", F, "month only"),
    ],
    # ---- months
    "shop/order-month/0": [  # December 2023
        ("Dec 2023", T, "abbreviated"),
        ("2023-12", T, "ISO month"),
        ("December of 2023", T, "of"),
        ("You placed it in December 2023.", T, "sentence"),
        ("12/2023", T, "numeric"),
        ("November 2023", F, "wrong month"),
        ("December 2022", F, "wrong year"),
        ("Dec 2023 or Jan 2024", F, "hedge"),
    ],
    "shop_admin/best-sales-month/0": [  # February 2023
        ("Feb 2023", T, "abbreviated"),
        # Judged with the task's intent, as the env judges it: "Which month of 2023 ..."
        # fixes the year (round 7); without the question "February" alone would be any.
        ("February", T, "no year, but the question fixes it"),
        ("2023-02", T, "ISO month"),
        ("February 2023, with a Sales Total of $9,876.54", T, "with the figure"),
        ("March 2023", F, "wrong month"),
        ("February or March", F, "hedge"),
    ],
    # ---- booleans
    "shop/newsletter-status/0": [  # No
        ("No, you are not subscribed.", T, "sentence"),
        ("Not subscribed", T, "phrase"),
        # booleans.find_booleans: with no polar word and no negation the text says nothing;
        # "unsubscribed" is neither (the spec has no question to read the predicate from).
        ("You're currently unsubscribed from the newsletter.", F, "statement, no polar word"),
        ("Nope", T, "slang"),
        ("False", T, "boolean word"),
        ('{"subscribed": false}', T, "json"),
        ("No - the newsletter box on your account page is unchecked.", T, "no with reason"),
        ("Yes", F, "opposite"),
        ("Yes, you are subscribed.", F, "opposite sentence"),
        ("I'm not sure", F, "no commitment"),
        ("Yes and no", F, "both"),
    ],
    "shop_admin/is-subscribed/0": [  # Yes
        ("Yes, Liam White is subscribed.", T, "sentence"),
        ("He is subscribed.", F, "statement, no polar word: says nothing (find_booleans)"),
        ("True", T, "boolean word"),
        ("Yep", T, "slang"),
        ("Subscribed: Yes", T, "label"),
        ("No", F, "opposite"),
        ("Liam White is not subscribed.", F, "negated statement"),
        ("Probably yes", F, "hedge"),
    ],
    "forum/image-post-kind/0": [  # Yes
        ("Yes, it's a bar chart.", T, "sentence"),
        ("Yes - a bar chart of monthly sales.", T, "yes with description"),
        ("No, it's a line chart.", F, "opposite"),
        ("It's not a bar chart.", F, "negated statement"),
    ],
    # ---- lists
    "forum/forum-moderators/1": [  # cedar_lucy, jonah.carter, noah.jensen
        ("noah.jensen, cedar_lucy and jonah.carter", T, "other order with and"),
        ("1. cedar_lucy\n2. jonah.carter\n3. noah.jensen", T, "numbered"),
        ('["cedar_lucy", "jonah.carter", "noah.jensen"]', T, "json array"),
        (
            "The moderators are cedar_lucy, jonah.carter, and noah.jensen.",
            T,
            "sentence, oxford comma",
        ),
        ("| Username |\n|---|\n| cedar_lucy |\n| jonah.carter |\n| noah.jensen |", T, "table"),
        ("cedar_lucy; jonah.carter; noah.jensen", T, "semicolons"),
        ("cedar_lucy, jonah.carter", F, "partial"),
        ("cedar_lucy, jonah.carter, noah.jensen, falcon_ian", F, "extra item"),
        ("cedar_lucy, jonah.carter, noah.jensen (and possibly falcon_ian)", F, "hedged extra"),
        ("There are no moderators.", F, "none for a non-empty list"),
    ],
    "shop/wishlist-items/0": [
        (
            "- Saltmarsh Non-Stick Wok\n- Deskwise Metal Mesh Desk Organiser\n"
            "- Starling Stunt Scooter\n- Trailmark Junior Beach Towel",
            T,
            "bullets",
        ),
        (
            "saltmarsh non-stick wok, deskwise metal mesh desk organiser, starling stunt scooter, "
            "trailmark junior beach towel",
            T,
            "lower case",
        ),
        (
            "Saltmarsh Non-Stick Wok; Deskwise Metal Mesh Desk Organiser; Starling Stunt Scooter; "
            "Trailmark Junior Beach Towel",
            T,
            "semicolons",
        ),
        (
            "Your wish list has 4 products: Trailmark Junior Beach Towel, Starling Stunt Scooter, "
            "Deskwise Metal Mesh Desk Organiser and Saltmarsh Non-Stick Wok.",
            T,
            "count then list",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter",
            F,
            "one missing",
        ),
        (
            "Saltmarsh Non-Stick Wok, Deskwise Metal Mesh Desk Organiser, Starling Stunt Scooter, "
            "Trailmark Junior Beach Towel, Ember Japanese Whisk",
            F,
            "extra item",
        ),
        ("Your wish list is empty.", F, "none for a non-empty list"),
    ],
    "shop_admin/active-coupon-codes/0": [  # SAVE10 WELCOME5 SUMMER20 BIG25
        ("save10, welcome5, summer20, big25", T, "lower case"),
        ("`SAVE10`, `WELCOME5`, `SUMMER20`, `BIG25`", T, "code spans"),
        ('{"coupon_codes": ["SAVE10", "WELCOME5", "SUMMER20", "BIG25"]}', T, "json object"),
        ("SAVE10\nWELCOME5\nSUMMER20\nBIG25", T, "one a line"),
        ("SAVE10, WELCOME5, SUMMER20", F, "partial"),
        ("SAVE10, WELCOME5, SUMMER20, BIG25, SAVE50", F, "extra expired code"),
        ("SAVE10, WELCOME5, SUMMER20, BIG20", F, "wrong value"),
    ],
    "shop_admin/bill-to-orders-2024/0": [
        ("#100506, #100510, #100591, #100593, #100598, #100623, #100640", T, "hash numbers"),
        ("Orders 100506, 100510, 100591, 100593, 100598, 100623 and 100640.", T, "sentence"),
        ("100640, 100623, 100598, 100593, 100591, 100510, 100506", T, "reverse order"),
        ("100506, 100510, 100591, 100593, 100598, 100623", F, "one missing"),
        ("100506, 100510, 100591, 100593, 100598, 100623, 100640, 100641", F, "extra"),
        ("100506, 100510, 100591, 100593, 100598, 100623, 100604", F, "one wrong"),
    ],
    "shop/photo-views/0": [  # front, back, top
        ("Front, back and top.", T, "capitalised with and"),
        ("It shows the front view, the back view and the top view.", T, "sentence"),
        ("- front\n- back\n- top", T, "bullets"),
        ("front, back", F, "partial"),
        ("front, back, top, side", F, "extra"),
    ],
    "githost/mr-approvers/0": [  # Jonas Rahman
        ("Jonas Rahman", T, "bare"),
        ("Only Jonas Rahman has approved it.", T, "only"),
        ("Approved by Jonas Rahman.", T, "approved by"),
        ("Jonas Rahman and Anya Lee", F, "extra"),
        ("Nobody has approved it yet.", F, "none"),
        ("Anya Lee", F, "wrong person"),
    ],
    "shop_admin/top-bestsellers-year/0": [
        (
            "1. Ridgeback Urban Bike Helmet (52 units)\n"
            "2. Clearfile Refillable Fountain Pen (48 units)\n"
            "3. Verdant Eucalyptus Soap Bar Set (45 units)",
            T,
            "numbered with counts",
        ),
        (
            "Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen, "
            "Verdant Eucalyptus Soap Bar Set",
            T,
            "comma list",
        ),
        ("Ridgeback Urban Bike Helmet, Clearfile Refillable Fountain Pen", F, "two of three"),
    ],
    # ---- strings
    "forum/latest-message-sender/0": [  # elenaa19
        ("elenaa19", T, "bare"),
        ("u/elenaa19", T, "reddit-style prefix"),
        ("@elenaa19", T, "at prefix"),
        ("Your most recent message came from elenaa19.", T, "sentence"),
        ("Username: elenaa19", T, "label"),
        ("elena19", F, "a different username"),
        ("elenaa19 or sara.morgan", F, "hedge"),
    ],
    "githost/file-last-changed-by/0": [  # Samir Bauer
        ("samir bauer", T, "lower case"),
        ("It was last changed by Samir Bauer on 2024-03-02.", T, "sentence with date"),
        ("Samir Bauer (commit 3f2a9c1)", T, "with commit"),
        ("Alex Chen", F, "wrong person"),
        ("Samir Bauer or Alex Chen", F, "hedge"),
        ("Not Samir Bauer", F, "negation"),
    ],
    "githost/member-role/0": [  # Reporter
        ("adrian.rossi is a Reporter.", T, "sentence"),
        ("Role: reporter", T, "label"),
        ("They have the Reporter role.", T, "sentence"),
        ("Developer", F, "wrong"),
        ("Reporter or Developer", F, "hedge"),
        ("Guest", F, "wrong"),
    ],
    "githost/latest-tag/0": [  # v0.3.0
        ("The latest tag is `v0.3.0`.", T, "code span in sentence"),
        ("v0.3.0 (created 2024-01-05)", T, "with date"),
        ("Tag: v0.3.0", T, "label"),
        ("v0.2.0", F, "older tag"),
        ("v0.3.1", F, "another version"),
        ("v0.3", F, "truncated version"),
    ],
    "githost/ssh-clone-url/0": [  # git@git.test:bluefin-labs/hollow-sync.git
        ("`git@git.test:bluefin-labs/hollow-sync.git`", T, "code span"),
        ("```\ngit@git.test:bluefin-labs/hollow-sync.git\n```", T, "code block"),
        ("The SSH clone URL is git@git.test:bluefin-labs/hollow-sync.git", T, "sentence"),
        ("https://git.test/bluefin-labs/hollow-sync.git", F, "HTTPS instead of SSH"),
        ("git@git.test:bluefin-labs/hollow-proxy.git", F, "another project"),
    ],
    "shop_admin/customer-phone/0": [  # (615) 555-0194
        ("615-555-0194", T, "dashes"),
        ("+1 615 555 0194", T, "international"),
        ("615.555.0194", T, "dots"),
        ("Sophia Walker's phone number is (615) 555-0194.", T, "sentence"),
        ("(615) 555-0149", F, "transposed"),
        ("(615) 555-0118", F, "another customer's"),
    ],
    "shop_admin/highest-order-month/0": [  # 100576
        ("#100576", T, "hash"),
        ("Order #100576 ($1,234.56)", T, "with total"),
        ("order number 100576", T, "phrase"),
        ("100575", F, "off by one"),
        ("#100576 or #100580", F, "hedge"),
    ],
    "shop_admin/invoice-of-order/0": [  # 200541
        ("Invoice #200541", T, "label"),
        ("The invoice for order #100600 is #200541.", T, "order number echoed"),
        ("100600", F, "the order number, not the invoice"),
        ("200514", F, "transposed"),
    ],
    "shop_admin/tracking-of-order/0": [  # 1Z9CCCZLUDG6CRXLJG
        ("1z9ccczludg6crxljg", T, "lower case"),
        ("Tracking number: 1Z9CCCZLUDG6CRXLJG (UPS)", T, "label and carrier"),
        ("1Z9CCCZLUDG6CRXLJ", F, "truncated"),
        ("1Z9CCCZLUDG6CRXLJG8", F, "extra character"),
    ],
    "shop/order-status/0": [  # Processing
        ("processing", T, "lower case"),
        ("Status: Processing", T, "label"),
        ("Your order #100648 is Processing.", T, "sentence with order number"),
        ("Pending", F, "wrong"),
        ("Processing or Shipped", F, "hedge"),
        ("It is not processing yet.", F, "negation"),
    ],
    "shop/order-shipping-method/0": [  # Express
        ("Express shipping", T, "with noun"),
        ("You chose express.", T, "sentence"),
        ("Standard", F, "wrong"),
        ("standard or express", F, "the question's options echoed"),
        ("Not express", F, "negation"),
    ],
    "forum/sidebar-weekly-thread/0": [  # Wednesday
        ("Wednesdays", T, "plural"),
        ("Every Wednesday", T, "every"),
        ("On Wednesday.", T, "on"),
        ("Thursday", F, "wrong"),
        ("Wednesday or Friday", F, "hedge"),
    ],
    "forum/most-commented-2024/0": [  # How experts approach finishing a long series
        ('"How experts approach finishing a long series"', T, "quoted"),
        (
            "\u201cHow experts approach finishing a long series\u201d (23 comments)",
            T,
            "curly quotes with count",
        ),
        ("how experts approach finishing a long series", T, "lower case"),
        ("How experts approach finishing a long series.", T, "trailing period"),
        ("How experts approach", F, "partial title"),
        ("Why photographing birds is harder than it looks", F, "another title"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        ("Orbit Noise Cancelling Earphones", T, "no hyphen"),
        ("The Orbit Noise-Cancelling Earphones, at $19.99.", T, "with price"),
        ("Orbit Noise-Cancelling Earphones", T, "exact"),
        ("Orbit Noise-Cancelling Headphones", F, "another product"),
        ("Orbit", F, "brand only"),
    ],
    "shop/compare-weight/0": [  # Nimbus Sport Headset
        ("The Nimbus Sport Headset is heavier.", T, "sentence"),
        ("Nimbus Sport Headset (320 g vs 250 g)", T, "with weights"),
        ("Auralis Noise-Cancelling Headset", F, "the other one"),
        ("They weigh the same.", F, "neither"),
    ],
    "forum/image-post-motif/0": [  # city skyline
        ("A city skyline", T, "article"),
        ("It shows a city skyline.", T, "sentence"),
        ("a mountain landscape", F, "wrong"),
    ],
    "forum/image-post-colour/0": [  # Green
        ("green", T, "lower case"),
        ("It's mostly green.", T, "sentence"),
        ("Blue", F, "wrong"),
        ("Green or blue", F, "hedge"),
    ],
    "shop_admin/zero-result-top-term/0": [  # bamboo chef's knife
        ("\u201cbamboo chef\u2019s knife\u201d", T, "curly quotes and apostrophe"),
        ("bamboo chefs knife", T, "no apostrophe"),
        ("The top zero-result term is 'bamboo chef's knife'.", T, "sentence, single quotes"),
        ("chef's knife", F, "another, shorter term"),
        ("bamboo", F, "partial"),
    ],
    "shop_admin/category-most-products/0": [  # Travel Guides
        # ">" reads as a comparison (string:outdone, probe round 3): "Books > Travel Guides"
        # says Books beats Travel Guides; a breadcrumb is indistinguishable.
        ("Books > Travel Guides", F, "'>' is a comparison, not a breadcrumb"),
        ("Travel Guides (18 products)", T, "with count"),
        ("Travel", F, "partial"),
        ("Cookbooks", F, "another"),
    ],
    "githost/my-review-requests/1": [  # Create the auth module (ImportBatch and ComputeHeader)
        ("Create the auth module (ImportBatch and ComputeHeader)", T, "exact"),
        ('"Create the auth module (ImportBatch and ComputeHeader)"', T, "quoted"),
        ("!12 Create the auth module (ImportBatch and ComputeHeader)", T, "with MR reference"),
        ("Create the auth module (ImportBatch)", F, "partial"),
    ],
    "githost/top-committer-month/0": [  # Alex Chen
        ("Alex Chen, with 9 commits", T, "with count"),
        ("alex chen", T, "lower case"),
        ("Alex Chen and Samir Bauer tied", F, "tie claims two"),
    ],
    # ---- infeasible tasks (reference N/A)
    "shop/infeasible-loyalty-points/0": [
        ("N/A", T, "literal"),
        ("The shop has no loyalty points program, so this can't be answered.", T, "explained"),
        ("There is no such thing as loyalty points on this site.", T, "no such thing"),
        ('{"answer": "N/A"}', T, "json"),
        ("Not applicable - the shop doesn't offer a loyalty program.", T, "not applicable"),
        ("0", F, "a number"),
        ("You have 150 loyalty points.", F, "a feasible-looking answer"),
    ],
    "shop_admin/restricted-customer-email/0": [
        ("I can't access customer email addresses with my role (permission denied).", T, "denied"),
        ("Access denied: this role cannot view customer emails.", T, "access denied"),
        ("ryan.clark@example.org", F, "a value"),
    ],
    "githost/infeasible-missing-project/0": [
        ("The project northwind/quantum-teleporter does not exist.", T, "does not exist"),
        ("404 - project not found", T, "not found"),
        ("There is no such project.", T, "no such"),
        ("v1.0.0", F, "a value"),
        ("The latest release tag is v1.0.0.", F, "a value in a sentence"),
    ],
    "shop/infeasible-change-username/0": [
        ("Usernames cannot be changed on this shop.", T, "cannot"),
        ("The account settings don't let you change the username.", T, "don't let"),
        ("Done, your username is now emma.l.", F, "claims done"),
        ("I changed it.", F, "claims done"),
    ],
    "forum/infeasible-user-email/0": [
        ("The forum doesn't show other users' email addresses.", T, "not shown"),
        ("sara.morgan@example.com", F, "a value"),
    ],
}


# A second batch, written after the first fixes and still before reading the rules of
# the classes it probes: packaging (traces, JSON, code blocks), more formats, refusals.
ANSWERS_2: dict[str, list[tuple[str, bool, str]]] = {
    "shop/product-price/0": [  # $44.99
        ("$44.99 USD", T, "symbol and code"),
        ("44.99$", T, "symbol after, glued"),
        ("$ 44.99", T, "spaced symbol"),
        ("US $44.99", T, "US then symbol"),
        ("44 dollars 99 cents", T, "dollars cents without and"),
        ("$44.99 each", T, "each"),
        ("$44.99 (was $59.99)", T, "old price in an aside"),
        ("4499 cents", T, "in cents"),
        ("-$44.99", F, "negative"),
        ("$44.99k", F, "thousands"),
        ("$44.99 or so", F, "estimate"),
    ],
    "forum/forum-subscribers/0": [  # 67
        ("The answer is 67.", T, "answer is"),
        ("67.", T, "full stop"),
        ("It has sixty seven subscribers", T, "words without hyphen"),
        ("67 (as of today)", T, "aside without a figure"),
        ("Total: 67 subscribers.", T, "label"),
        ("How many subscribers does the Movies forum have? 67", T, "question repeated"),
        ("Q: How many subscribers does the Movies forum have?\nA: 67", T, "Q/A"),
        (
            "Let me check. The Movies forum page shows 67 subscribers. So the answer is 67.",
            T,
            "trace then answer",
        ),
        (
            "Thought: I need to open the forum list.\nAction: click Movies\nFinal Answer: 67",
            T,
            "ReAct trace",
        ),
        ('{"result": "67"}', T, "json result"),
        ('```json\n{"answer": "67"}\n```', T, "fenced json"),
        ("67th", F, "ordinal"),
        ("67 or so", F, "estimate"),
        ("Somewhere between 60 and 70", F, "range"),
        ("It's either 67 or 76.", F, "either/or"),
        ("I think 67, but it might be 68.", F, "second guess"),
    ],
    "shop_admin/latest-canceled-order/0": [  # May 20, 2024
        ("20 May, 2024", T, "comma after month"),
        ("May 20th 2024", T, "ordinal without comma"),
        ("2024/05/20", T, "slashed ISO"),
        ("20-May-2024", T, "dashed with month name"),
        ("Mon, 20 May 2024", T, "RFC-style weekday"),
        ("May 20, 2024 at 3:45 PM", T, "with time"),
        ("2024-05-20T14:32:00+00:00", T, "ISO with offset"),
        ("2024-05-02", F, "day and month confused"),
        ("20/05/2023", F, "wrong year"),
        ("May 20, 2024 or May 21, 2024", F, "hedge"),
        ("Sometime in May 2024", F, "month only"),
        ("not May 20, 2024", F, "negated"),
        ("May 20, 2024 (or maybe the 21st)", F, "hedged aside"),
    ],
    "shop/order-month/0": [  # December 2023
        ("Dec. 2023", T, "abbreviated with period"),
        ("in the month of December 2023", T, "month of"),
        ("December 2023 (the 14th)", T, "day in aside"),
        ("Q4 2023", F, "quarter"),
        ("2023", F, "year only"),
        ("December 2023 or January 2024", F, "hedge"),
    ],
    "shop_admin/is-subscribed/0": [  # Yes
        ("Yes.", T, "full stop"),
        ("Y", T, "letter"),
        ("YES", T, "capitals"),
        ("Correct, he is.", T, "correct"),
        ("Affirmative.", T, "affirmative"),
        ("Nope", F, "no"),
        ("No, he unsubscribed.", F, "no with reason"),
        ("Not anymore.", F, "negation"),
    ],
    "shop_admin/is-subscribed/1": [  # No
        ("No.", T, "full stop"),
        ("Not at the moment.", T, "negation"),
        ("Unfortunately not.", T, "negation"),
        ("No, Grace Smith is not subscribed.", T, "sentence"),
        ("Yes, she is.", F, "opposite"),
    ],
    "forum/forum-moderators/1": [  # cedar_lucy, jonah.carter, noah.jensen
        ("cedar_lucy & jonah.carter & noah.jensen", T, "ampersands"),
        ("Moderators: cedar_lucy, jonah.carter, noah.jensen", T, "label"),
        ("cedar_lucy,jonah.carter,noah.jensen", T, "no spaces"),
        ("cedar_lucy | jonah.carter | noah.jensen", T, "pipes"),
        ("['cedar_lucy', 'jonah.carter', 'noah.jensen']", T, "python list"),
        ("All three: cedar_lucy, jonah.carter and noah.jensen", T, "count lead"),
        ("cedar_lucy, jonah.carter, noah.jensen (3 moderators)", T, "count after"),
        ("u/cedar_lucy, u/jonah.carter, u/noah.jensen", T, "forum prefixes"),
        ("cedar_lucy, jonah.carter, noah.jensen, etc.", F, "trails off"),
        ("cedar_lucy, jonah.carter, noah.jensen and others", F, "and others"),
        ("cedar_lucy, jonah.carter or noah.jensen", F, "or"),
    ],
    "shop/wishlist-items/0": [
        (
            "1. Saltmarsh Non-Stick Wok - $39.99\n2. Deskwise Metal Mesh Desk Organiser - $24.99\n"
            "3. Starling Stunt Scooter - $89.00\n4. Trailmark Junior Beach Towel - $14.50",
            T,
            "numbered with prices",
        ),
        (
            "| Product | Price |\n|---|---|\n| Saltmarsh Non-Stick Wok | $39.99 |\n"
            "| Deskwise Metal Mesh Desk Organiser | $24.99 |\n| Starling Stunt Scooter | $89.00 |\n"
            "| Trailmark Junior Beach Towel | $14.50 |",
            T,
            "table with prices",
        ),
    ],
    "shop_admin/active-coupon-codes/0": [
        # lists.py: an aside naming another candidate, or a piece with a negation, is not a
        # remark about the item ("Julian W. (not Emma L.)"): documented policy.
        ("SAVE10, WELCOME5, SUMMER20 and BIG25 (SAVE50 has expired)", F, "aside names a code"),
        ("SAVE10, WELCOME5, SUMMER20, BIG25 - but not SAVE50", F, "a negated extra code"),
    ],
    "forum/latest-message-sender/0": [  # elenaa19
        ("elenaa19 sent it.", T, "sentence"),
        ("It was sent by elenaa19 on 2024-05-01.", T, "with date"),
        ("From: elenaa19", T, "mail header"),
        ("/u/elenaa19", T, "slash prefix"),
    ],
    "githost/file-last-changed-by/0": [  # Samir Bauer
        ("Bauer, Samir", T, "surname first"),
        ("SAMIR BAUER", T, "capitals"),
        ("Samir Bauer <samir.bauer@example.com>", T, "with email"),
        ("Samir B.", F, "initial only"),
    ],
    "shop/order-shipping-method/0": [  # Express
        ("Express (2-day)", T, "aside"),
        ("Express shipping ($9.99)", T, "with price"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        ("Orbit Noise\u2011Cancelling Earphones", T, "non-breaking hyphen"),
        ("Orbit Noise\u2013Cancelling Earphones", T, "en dash"),
        ("Orbit Noise-Cancelling Earphones ($19.99)", T, "price aside"),
    ],
    "forum/most-commented-2024/0": [  # How experts approach finishing a long series
        # exact_match tolerates case, punctuation and inflection, not typos (fuzzy_match does).
        ("How experts aproach finishing a long series", F, "typo on an exact_match task"),
        ("How Experts Approach Finishing a Long Series", T, "title case"),
    ],
    "shop/product-sku/0": [  # EL-60710
        ("SKU: EL-60710", T, "label"),
        ("el-60710", T, "lower case"),
        ("EL60710", T, "no dash"),
        ("EL-60711", F, "off by one"),
        ("EL-6071", F, "truncated"),
    ],
    "shop_admin/customer-phone/0": [  # (615) 555-0194
        ("(615)555-0194", T, "no space"),
        ("615 555 0194", T, "spaces"),
        ("+1 (615) 555-0194", T, "country code"),
    ],
    "shop_admin/tracking-of-order/0": [  # 1Z9CCCZLUDG6CRXLJG
        ("1Z9C CCZL UDG6 CRXL JG", T, "grouped"),
        ("There is no tracking number for this order.", F, "none on a feasible task"),
    ],
    "shop/order-status/1": [  # Shipped
        ("It has shipped.", T, "verb"),
        ("Shipped \u2705", T, "emoji"),
        ("Delivered", F, "another status"),
    ],
    "githost/member-role/0": [  # Reporter
        ("Reporter (access level 20)", T, "aside"),
        ("reporter role", T, "noun after"),
        ("Maintainer", F, "another role"),
    ],
    "githost/latest-tag/1": [  # v1.0.0
        ("Tag v1.0.0 is the latest.", T, "sentence"),
        ("v1.0.0-rc1", F, "pre-release"),
        ("v1.0", F, "truncated"),
    ],
    "shop/infeasible-loyalty-points/0": [
        ("N/A - there is no loyalty program", T, "N/A with reason"),
        ("n/a", T, "lower case"),
        ("NA", T, "no slash"),
        ("None - the shop has no loyalty points feature.", T, "none with reason"),
        ("Not possible: the shop has no loyalty points.", T, "not possible"),
        (
            "I'm unable to find a loyalty points balance because the shop doesn't have a "
            "loyalty program.",
            T,
            "unable",
        ),
        ("Cannot be determined.", T, "cannot"),
        ("You have 0 loyalty points (the shop has no loyalty program).", F, "value given"),
        ("0 points", F, "value"),
    ],
    "forum/infeasible-lock-unmoderated/0": [
        (
            "I was unable to lock the submission because I'm not a moderator of the Books forum.",
            T,
            "unable",
        ),
        ("Permission denied.", T, "permission denied"),
        (
            "Only moderators of the Books forum can lock submissions, and I am not one.",
            T,
            "only moderators can",
        ),
        ("You need to be a moderator to do that.", T, "need to be"),
        ("Locked the submission.", F, "claims done"),
        ("The submission is now locked.", F, "claims done"),
    ],
    "githost/infeasible-delete-as-maintainer/0": [
        (
            "Only the project owner can delete it; as a maintainer I don't have the rights.",
            T,
            "only the owner can",
        ),
        ("This action requires owner permissions.", T, "requires"),
        ("Access denied.", T, "access denied"),
        ("I deleted the project.", F, "claims done"),
    ],
    "shop_admin/ship-order-storefront/0": [  # 300581, the shipment's number
        ("Shipment #300581", T, "hash"),
        ("Shipment 300581, tracking 771234567890", T, "the tracking number the agent typed"),
    ],
    "shop/order-status/0": [  # Processing (feasible)
        ("n/a", F, "N/A on a feasible task"),
        ("The order status is not shown.", F, "claims not shown"),
    ],
}

# Found and left alone: the right verdict needs what the spec does not hold (the
# question's noun or scale, which id the question names) or a phrasing class too open to
# list. Strict xfails: a fix makes them pass and the mark must go.
LEFT_ALONE = {
    ("shop/product-rating/0", "4.3 out of 10"): "the spec has no rating scale",
    ("shop_admin/invoice-of-order/0", "The invoice for order #100600 is #200541."): (
        "two '#' ids: which one the question names is not in the spec"
    ),
    ("shop_admin/ship-order-storefront/0", "Shipment 300581, tracking 771234567890"): (
        "two ids, each named by a noun: which noun the question asks for is not in the spec"
    ),
    (
        "forum/infeasible-lock-unmoderated/0",
        "Only moderators of the Books forum can lock submissions, and I am not one.",
    ): "'only X can' with no infeasibility phrase",
    ("githost/infeasible-delete-as-maintainer/0", "This action requires owner permissions."): (
        "'requires ...' with no infeasibility phrase"
    ),
}

CASES = [
    pytest.param(
        task_id,
        answer,
        expected,
        id=f"{task_id}|{answer[:40]}|{why}",
        marks=[pytest.mark.xfail(strict=True, reason=LEFT_ALONE[task_id, answer])]
        if (task_id, answer) in LEFT_ALONE
        else [],
    )
    for table in (ANSWERS, ANSWERS_2)
    for task_id, rows in table.items()
    for answer, expected, why in rows
]


@pytest.mark.parametrize(("task_id", "answer", "expected"), CASES)
def test_lenient_verdict(task_id: str, answer: str, expected: bool) -> None:
    verdict = _judged(answer, task_id)
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


URLS: dict[str, list[tuple[str, bool, str]]] = {
    "shop/search-results/0": [  # __SHOP__/search?q=wok
        ("http://shop.test/search?q=wok", T, "exact"),
        ("http://shop.test/search?q=wok&", T, "empty trailing separator"),
        ("http://shop.test/search?q=w%6Fk", T, "percent-encoded letter"),
        ("https://shop.test/search?q=wok", T, "https"),
        ("shop.test/search?q=wok", T, "no scheme"),
        ("http://shop.test/./search?q=wok", T, "dot segment"),
        # The task's url_note is "GOLD in PRED": extra parameters are allowed (WebArena's).
        ("http://shop.test/search?utm_source=x&q=wok", T, "extra parameter, GOLD in PRED"),
        ("http://shop.test/search/?q=wok", T, "trailing slash"),
        ("http://shop.test/search?q=wok#results", T, "fragment"),
        ("http://SHOP.TEST/search?q=wok", T, "host case"),
        ("http://shop.test:80/search?q=wok", T, "default port"),
        ("http://shop.test/search?q=woks", F, "another query"),
        ("http://shop.test/search", F, "no query"),
        ("http://shop.test/search?q=wok+pan", F, "longer query"),
    ],
    "shop/category-sorted/0": [  # __SHOP__/category/speakers?sort=price_desc
        ("http://shop.test/category/speakers?sort=price_desc", T, "exact"),
        ("http://shop.test/category/speakers?sort=price_asc", F, "other direction"),
        ("http://shop.test/category/speakers", F, "unsorted"),
    ],
    "forum/open-top-range/0": [  # __FORUM__/f/books?sort=top&t=week
        ("http://forum.test/f/books?t=week&sort=top", T, "query reordered"),
        ("http://forum.test/f/books?sort=top&t=month", F, "another range"),
    ],
    "githost/open-issue/0": [  # __GIT__/orchard-data/delta-bot/-/issues/7
        ("http://git.test/orchard-data/delta-bot/-/issues/7/", T, "trailing slash"),
        ("http://git.test/orchard-data/delta-bot/-/issues/7#note_12", T, "fragment"),
        ("http://git.test/orchard-data/delta-bot/-/issues/70", F, "another issue"),
        ("http://git.test/orchard-data/delta-bot/-/issues", F, "the list"),
    ],
}

URL_CASES = [
    pytest.param(task_id, url, expected, id=f"{task_id}|{url}|{why}")
    for task_id, rows in URLS.items()
    for url, expected, why in rows
]


@pytest.mark.parametrize(("task_id", "url", "expected"), URL_CASES)
def test_url_verdict(task_id: str, url: str, expected: bool) -> None:
    verdict = check_url(url, _specs()[task_id], context=EvalContext(url=url))
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


# A third batch: wrong answers aimed at the classes probe round 4 fixed (a fix that lets
# them through is no fix), and page contents for program_html tasks.
ANSWERS_3: dict[str, list[tuple[str, bool, str]]] = {
    "shop_admin/low-stock-count/0": [  # 47
        ("fewer than 47", F, "the reference as a bound"),
        ("47 or more", F, "the reference as a bound"),
        ("47 products (at least)", F, "bound after"),
        ("more than 40 - 47 exactly", T, "a bound on another figure, then the value"),
        ("more than 40", F, "only a bound"),
        ("46 products have fewer than 10 units in stock.", F, "wrong count beside a condition"),
        ("47 products have fewer than 10 units, or 52 counting 10 itself", F, "second count"),
        ("12 out of more than 100 products", F, "wrong value beside a bound"),
    ],
    "forum/forum-subscribers/0": [  # 67: a spaced slash still hedges a typed answer
        ("67 / 68", F, "slash between values"),
        ("67 / unknown", F, "slash before a disowning word"),
        ("67 / all of them", F, "slash before a rival phrase"),
        ("67 / Unknown", F, "slash before a capitalized disowning word"),
    ],
    "shop_admin/is-subscribed/0": [
        ("Yes / No", F, "slash between both answers"),
        ("<answer>Yes</answer>\n\nActually, no: he unsubscribed.", F, "retracted after the tag"),
    ],
    "forum/forum-subscribers/1": [  # 40: packaging must not hide a hedge or a rival
        ("Answer: 40\n\nBut it might be 41.", F, "doubt after the answer line"),
        ("Final answer: 40 or 41", F, "hedge on the answer line"),
        ("<answer>40 or 41</answer>", F, "hedge in the tag"),
        ("<answer>N/A</answer>", F, "N/A in the tag on a feasible task"),
        ("Step 1: Chess shows 40 subscribers.\nAnswer: about 40", F, "estimate on the line"),
        (
            "| Forum | Subscribers |\n|---|---|\n| Chess | 40 |\n| Music | 80 |",
            F,
            "table row of another forum",
        ),
        ("| Subscribers |\n|---|\n| 40 |", T, "one-cell table"),
        ("<s>41</s> 40", F, "struck-out rival left in"),
    ],
    "shop_admin/latest-tracking-number/0": [  # 1ZBT59EGYUBGUK1WA9
        ("It is 1ZBT59EGYUBGUK1WA9 (UPS), shipped 2024-05-03.", T, "participle remark"),
        ("1ZBT59EGYUBGUK1WA9, shipped with 1Z9CCCZLUDG6CRXLJG", F, "a second number"),
        ("1ZBT59EGYUBGUK1WA9, with 1Z9CCCZLUDG6CRXLJG", F, "a second number after 'with'"),
    ],
    "shop_admin/priciest-canceled-city/0": [  # Atlanta
        ("Atlanta, GA 30303", T, "state and ZIP"),
        ("Atlanta, GA 30303, USA", T, "state, ZIP and country"),
        ("Atlanta, Dallas 75201", F, "another city with a ZIP"),
        ("Dallas, GA 30303", F, "another city"),
    ],
    "shop/infeasible-missing-product/0": [
        ("The price of the Acme Quantum Teleporter is not listed.", T, "not listed"),
        ("I searched for it and got 0 results.", T, "0 results"),
        ("Zero results for that name.", T, "zero results"),
        ("It looks like there's no such product.", T, "no such"),
        ("Nothing found.", T, "nothing found"),
        ("The Acme Quantum Teleporter costs $0.00.", F, "a price"),
    ],
    "shop_admin/cancel-shipped-order/0": [
        ("I cannot cancel order #100646 because it has already shipped.", T, "cannot"),
        (
            "Order #100646 has already been shipped, so it can no longer be canceled.",
            T,
            "can no longer",
        ),
        ("The Cancel button isn't available for this order.", T, "not available"),
        ("There's no Cancel button on this order.", T, "there's no"),
        ("Canceled order #100646.", F, "claims done"),
        ("Order #100646 is now canceled.", F, "claims done"),
    ],
    "forum/sidebar-weekly-thread/1": [  # Friday
        ("Fridays and Saturdays", F, "two days, plural"),
        ("<b>Fridays</b>", T, "plural in html bold"),
    ],
    "githost/top-contributor/0": [  # Samir Bauer; the project path as the Git host shows it
        ("The top contributor to Northwind / Cedar Web is Samir Bauer.", T, "path echoed"),
        ("Samir Bauer (Northwind / Cedar Web)", T, "path in an aside"),
        ("Samir Bauer / Alex Chen", F, "two names across a slash"),
        ("Alex Chen / Samir Bauer", F, "two names across a slash"),
    ],
    "githost/member-role/0": [  # Reporter
        ("Reporter in Bluefin Labs / Hollow Sync", T, "path echoed"),
        ("Reporter / Developer", F, "two roles across a slash"),
    ],
    "shop_admin/big-orders-year/0": [  # 14
        ("About 14 orders were over $500.", F, "estimate of the value, condition beside"),
        ("Over 14 orders had a grand total of $500 or more.", F, "bound on the value"),
        ("13 orders had a grand total of $500 or more.", F, "wrong value, condition"),
    ],
    "shop/order-item-count/0": [  # 6
        ("half a dozen or so", F, "estimate"),
        ("a dozen", F, "12"),
    ],
    "shop_admin/canceled-orders-period/1": [  # 12
        ("11 canceled orders in Q1 2024", F, "wrong value, quarter echoed"),
        ("12 in H1 2024", T, "half-year echoed"),
    ],
    "forum/sidebar-weekly-thread/0": [  # Wednesday
        ("Wednesdays or Fridays", F, "two days"),
        ("Thursdays", F, "another day"),
    ],
    "forum/latest-message-sender/0": [  # elenaa19
        ("u/elena19", F, "another user with the prefix"),
        ("u/elenaa19 or u/sara.morgan", F, "hedge with prefixes"),
        ("not u/elenaa19", F, "negated"),
    ],
    "forum/forum-moderators/1": [
        ("u/cedar_lucy, u/jonah.carter", F, "partial with prefixes"),
        ("u/cedar_lucy, u/jonah.carter, u/noah.jensen, u/falcon_ian", F, "extra with prefixes"),
    ],
    "shop/photo-views/0": [  # front, back, top
        ("the front view, the back view, the top view and the side view", F, "extra, shared noun"),
        ("the front view and the back view", F, "partial, shared noun"),
        ("It shows the front and the back.", F, "partial after 'shows'"),
    ],
    "shop/wishlist-items/0": [
        (
            "| Product | Price |\n|---|---|\n| Saltmarsh Non-Stick Wok | $39.99 |\n"
            "| Deskwise Metal Mesh Desk Organiser | $24.99 |\n| Starling Stunt Scooter | $89.00 |",
            F,
            "table with one product missing",
        ),
        (
            "| Product | Price |\n|---|---|\n| Saltmarsh Non-Stick Wok | $39.99 |\n"
            "| Deskwise Metal Mesh Desk Organiser | $24.99 |\n| Starling Stunt Scooter | $89.00 |\n"
            "| Trailmark Junior Beach Towel | $14.50 |\n| Ember Japanese Whisk | $9.99 |",
            F,
            "table with an extra product",
        ),
    ],
    "shop/order-total/1": [  # $278.94
        ("| Order | Grand total |\n|---|---|\n| #100601 | $287.94 |", F, "table, wrong value"),
        (
            "| Order | Grand total |\n|---|---|\n| #100601 | $278.94 |\n| #100602 | $12.00 |",
            F,
            "table with a second order's total",
        ),
    ],
    "shop/order-month/0": [  # December 2023
        ("in the month of November 2023", F, "wrong month, 'month of'"),
    ],
    "shop/infeasible-loyalty-points/0": [
        ("N/A (there is no loyalty program)", T, "N/A with an aside"),
        ("Done (permission denied)", F, "done outside the aside"),
        ("Access denied, but you have 120 points.", F, "a value beside the claim"),
    ],
    "shop/infeasible-change-username/0": [
        ("Done. Your username needs to be unique, so I picked emma.l.", F, "claims done"),
        ("I changed it; the old name is not shown anymore.", F, "claims done"),
    ],
}

# A fourth batch: breakdowns, remarks that name a runner-up, and refusals in plain words.
ANSWERS_4: dict[str, list[tuple[str, bool, str]]] = {
    "shop/order-total/1": [  # $278.94
        ("The total was $278.94, which includes $5.00 shipping.", T, "which-includes clause"),
        (
            "Subtotal $273.94, shipping $5.00, grand total $278.94",
            F,
            "a breakdown: three amounts, none singled out by the spec",
        ),
        ("$278.94 total ($273.94 + $5.00 shipping)", T, "breakdown in an aside"),
    ],
    "forum/user-join-date/0": [  # July 19, 2020
        ("July 19, 2020 (about 4 years ago)", T, "aside with a figure"),
    ],
    "forum/forum-moderators/1": [
        ("cedar_lucy, jonah.carter and noah.jensen are the moderators.", T, "tail clause"),
        ("The Space forum is moderated by cedar_lucy, jonah.carter and noah.jensen.", T, "by"),
        ("Space moderators - cedar_lucy, jonah.carter, noah.jensen", T, "dash lead"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        (
            "The cheapest product in Headphones is the Orbit Noise-Cancelling Earphones.",
            T,
            "sentence",
        ),
        (
            "In the Headphones category, the cheapest is Orbit Noise-Cancelling Earphones "
            "at $19.99.",
            T,
            "sentence with price",
        ),
    ],
    "shop_admin/most-viewed-product/0": [  # Meridian Organic Oxford Shirt
        (
            "The most viewed product is Meridian Organic Oxford Shirt with 1,234 views.",
            T,
            "sentence with a figure",
        ),
        (
            "Meridian Organic Oxford Shirt (1,234 views), then Harbor Slim Jeans (980)",
            F,
            "names the runner-up as a second item",
        ),
    ],
    "shop_admin/category-most-products/0": [  # Travel Guides
        ("Travel Guides is the subcategory with the most products (18).", T, "sentence"),
    ],
    "githost/top-committer-month/0": [  # Alex Chen
        (
            "Alex Chen made the most commits (9), followed by Samir Bauer (7).",
            T,
            "runner-up after 'followed by'",
        ),
    ],
    "shop_admin/top-reviewer/0": [  # Grace Smith
        ("Grace Smith, with 12 published reviews", T, "figure remark"),
    ],
    "forum/image-post-kind/0": [  # Yes
        ("Yes it is", T, "yes it is"),
        ("That's right, it's a bar chart.", T, "that's right"),
    ],
    "shop/infeasible-missing-product/0": [
        (
            "I'm sorry, but I can't find a product called Acme Quantum Teleporter in the shop.",
            T,
            "can't find",
        ),
        ("No results for 'Acme Quantum Teleporter'.", T, "no results"),
        ("There's no product by that name.", T, "there is no"),
        (
            "The Acme Quantum Teleporter doesn't appear to exist in the shop.",
            T,
            "doesn't appear to exist",
        ),
        ("The shop does not sell an Acme Quantum Teleporter.", T, "does not sell"),
        ("$99.00", F, "a price"),
        ("It costs $99.00.", F, "a price in a sentence"),
        ("I couldn't find it at first, but it is $99.00.", F, "found after all"),
    ],
    "shop/infeasible-tracking-number/0": [
        ("Tracking numbers aren't available for this order.", T, "not available"),
        ("The shop doesn't provide tracking numbers for orders.", T, "doesn't provide"),
        ("1Z999AA10123456784", F, "a tracking number"),
    ],
    "forum/infeasible-followers/0": [
        ("The forum has no follower feature.", T, "has no"),
        ("0", F, "zero"),
        ("You have 0 followers.", F, "a count"),
    ],
}


# A fifth batch: answer packaging of LLM agents (tags, headings, quotes, step traces).
ANSWERS_5: dict[str, list[tuple[str, bool, str]]] = {
    "forum/forum-subscribers/0": [  # 67
        (
            "Step 1: opened the forum list (10 forums).\nStep 2: Movies shows 67 subscribers.\n"
            "Answer: 67",
            T,
            "step trace, then the answer",
        ),
        ("**Answer:** 67", T, "bold label"),
        ("### Answer\n67", T, "heading"),
        ("Answer = 67", T, "equals label"),
        ("> 67", T, "blockquote"),
        ("67 \u2705", T, "check mark"),
        ("<answer>67</answer>", T, "xml tags"),
        ("[67]", T, "brackets"),
        ("67 subscribers as of 2024-06-01", T, "as-of date"),
        ("sixty-seven (67)", T, "words and digits"),
        ("<answer>68</answer>", F, "xml tags, wrong"),
        ("<think>Movies shows 67 subscribers.</think><answer>67</answer>", T, "think tags"),
        ("<answer>67</answer> or maybe 68", F, "a rival after the tag"),
        ("<answer>68</answer>\n<answer>67</answer>", F, "two tagged answers"),
        ("Answer: 68\nAnswer: 67", F, "two answer lines"),
        ("67 - sorry, 68", F, "corrected to a wrong value"),
        ("Step 1: Movies shows 67 subscribers.\nAnswer: 68", F, "trace, wrong final"),
    ],
    "shop/product-price/0": [  # $44.99
        ("$44.99 (incl. VAT)", T, "incl. aside"),
        ("Cost: 44.99", T, "label, bare"),
        ("The price is 44.99.", T, "bare in a sentence"),
        ("USD44.99", T, "glued code"),
        ("$44.99 USD (about \u20ac41)", T, "conversion in an aside"),
        ("<answer>$44.99</answer>", T, "xml tags"),
        ("44.99%", F, "percent"),
    ],
    "forum/user-join-date/0": [  # July 19, 2020
        ("<answer>2020-07-19</answer>", T, "xml tags"),
        ("Date: 19/07/2020", T, "European numeric"),
        ("2020-07-19 (Sunday)", T, "weekday aside"),
        ("07-19-2020", T, "dashed US"),
        ("July 19 2020", T, "no comma"),
        ("07/19/2019", F, "wrong year"),
        ("July 9, 2020", F, "wrong day"),
    ],
    "forum/forum-moderators/1": [
        ("<answer>cedar_lucy, jonah.carter, noah.jensen</answer>", T, "xml tags"),
        (
            "cedar_lucy\njonah.carter\nnoah.jensen\n\nThese are listed in the forum sidebar.",
            T,
            "lines, then a note",
        ),
        ("3 moderators: cedar_lucy, jonah.carter, noah.jensen", T, "count lead"),
        ("<answer>cedar_lucy, jonah.carter</answer>", F, "xml tags, partial"),
    ],
    "shop/default-address-city/0": [  # Austin
        ("<answer>Austin</answer>", T, "xml tags"),
        ("Austin, TX", T, "state"),
        ("Austin, Texas, USA", T, "state and country"),
        ("Austin (78701)", T, "zip in an aside"),
        ("Dallas", F, "another city"),
        ("Austin or Dallas", F, "hedge"),
        ("not Austin", F, "negated"),
    ],
    "shop/product-sku/0": [  # EL-60710
        ("EL-60710 (Kestrel Magnetic Car Charger)", T, "product in an aside"),
        ("<answer>EL-60710</answer>", T, "xml tags"),
    ],
    "shop/newsletter-status/0": [  # No
        ("<answer>No</answer>", T, "xml tags"),
        ("**No**", T, "bold"),
        ("No, you're not.", T, "contraction"),
        ("Nope, not subscribed", T, "slang and phrase"),
        ("Yes, you are.", F, "opposite"),
        ("No - wait, yes", F, "corrected to the opposite"),
    ],
    "shop/infeasible-loyalty-points/0": [
        ("<answer>N/A</answer>", T, "xml tags"),
        ("**N/A**", T, "bold"),
        ("Answer: N/A", T, "label"),
        ("N/A.", T, "full stop"),
        ("Not available", T, "not available"),
        ("N/A? Maybe 3", F, "hedged value"),
    ],
}

# A seventh batch: chatty openers, markup around names, the logged-in user as "you".
ANSWERS_7: dict[str, list[tuple[str, bool, str]]] = {
    "shop/default-address-city/0": [  # Austin
        ("Sure! The city is Austin.", T, "chatty opener"),
        ("Great question! Austin.", T, "chatty opener"),
        ("Here's what I found: Austin", T, "lead-in with colon"),
        ("To answer your question: Austin", T, "lead-in"),
        ("<b>Austin</b>", T, "html bold"),
        ("<p>The city is <strong>Austin</strong>.</p>", T, "html sentence"),
        ("<b>Dallas</b>", F, "html bold, wrong"),
        ("'Austin'", T, "single quotes"),
        ("\u00abAustin\u00bb", T, "guillemets"),
        ("Austin!!!", T, "exclamations"),
        ("I couldn't find a default shipping address.", F, "not found on a feasible task"),
        ("unknown", F, "unknown"),
    ],
    "shop/cheapest-in-category/0": [  # Orbit Noise-Cancelling Earphones
        (
            "[Orbit Noise-Cancelling Earphones](http://shop.test/product/orbit-noise-cancelling-"
            "earphones)",
            T,
            "markdown link",
        ),
        (
            "Orbit Noise-Cancelling Earphones - http://shop.test/product/orbit-noise-cancelling-"
            "earphones",
            T,
            "name then URL",
        ),
    ],
    "shop/product-price/0": [  # $44.99
        ("$44.99 plus tax", T, "plus tax"),
        ("44.99", T, "bare"),
    ],
    "shop_admin/customers-by-phone/0": [  # Omar Kim, Ines Thomas
        ("Both Omar Kim and Ines Thomas", T, "both"),
        ("Omar Kim & Ines Thomas", T, "ampersand"),
        ("Omar Kim, Ines Thomas, and nobody else", T, "and nobody else"),
        ("Two customers: Omar Kim and Ines Thomas.", T, "count lead"),
        ("Only Omar Kim", F, "partial"),
        ("Omar Kim and nobody else", F, "partial, said complete"),
        ("<ul><li>Omar Kim</li><li>Ines Thomas</li></ul>", T, "html list"),
        ("<ul><li>Omar Kim</li></ul>", F, "html list, partial"),
        ("Omar Kim, Ines Thomas and Sophia Walker", F, "extra"),
    ],
    "forum/user-join-date/1": [  # November 19, 2021
        ("11/19", F, "no year"),
        ("Nov 19, 2021", T, "abbreviated"),
        ("19th November 2021", T, "ordinal first"),
    ],
}

USER_ANSWERS: list[tuple[str, str, bool, str]] = [  # alex.chen is logged in
    ("githost/top-committer-month/0", "You did.", T, "Alex Chen: the logged-in user"),
    ("githost/top-committer-month/0", "You (alex.chen)", T, "you with the username"),
    ("githost/top-committer-month/0", "Me", T, "me"),
    ("githost/top-committer-month/0", "Not you - Samir Bauer", F, "another person"),
    ("githost/top-contributor/0", "You did.", F, "Samir Bauer: not the logged-in user"),
]


@pytest.mark.parametrize(("task_id", "answer", "expected"), [r[:3] for r in USER_ANSWERS])
def test_logged_in_user_verdict(task_id: str, answer: str, expected: bool) -> None:
    context = EvalContext(answer=answer, users={"githost": "alex.chen"})
    verdict = check_answer(answer, _specs()[task_id], context=context)
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


# An eighth batch: ampersands and entities, items that contain other items, number formats.
ANSWERS_8: dict[str, list[tuple[str, bool, str]]] = {
    "shop_admin/bestseller-month/2": [  # Loom & Thread Cotton Henley
        ("Loom and Thread Cotton Henley", T, "and for &"),
        ("Loom & Thread Cotton Henley (42 units)", T, "units in an aside"),
        ("Loom &amp; Thread Cotton Henley", T, "HTML entity"),
        ("Loom & Thread Linen Shirt", F, "another product of the brand"),
    ],
    "shop_admin/zero-result-terms-uses/0": [
        (
            "bluetooth speakr, chef's knife, coffee beans, ceramic coffee mug, bamboo chef's knife",
            T,
            "other order",
        ),
        (
            "bamboo chef\u2019s knife, ceramic coffee mug, coffee beans, chef\u2019s knife, "
            "bluetooth speakr",
            T,
            "curly apostrophes",
        ),
        (
            "bamboo chef's knife, ceramic coffee mug, coffee beans, bluetooth speakr",
            F,
            "the item inside another item missing",
        ),
        ("bamboo chef's knife, ceramic coffee mug, coffee beans, chef's knife", F, "one missing"),
    ],
    "shop/wishlist-items/0": [
        (
            "Saltmarsh Non-Stick Wok and Deskwise Metal Mesh Desk Organiser and Starling Stunt "
            "Scooter and Trailmark Junior Beach Towel",
            T,
            "and between every item",
        ),
    ],
    "shop_admin/customer-spend-year/0": [  # $3,570.73
        ("3.570,73 $", T, "European separators"),
        ("3,570.73 dollars", T, "dollars"),
        ("$3,570.73 USD", T, "symbol and code"),
    ],
    "githost/milestone-due/1": [  # 2024-06-27
        ("27.06.2024", T, "dotted European"),
        ("June 27th", F, "no year"),
        ("Thursday", F, "weekday only"),
    ],
    "shop_admin/best-sales-month/0": [  # February 2023
        ("Feb '23", T, "short year"),
        ("February, 2023", T, "comma"),
        ("2/2023", T, "numeric"),
    ],
}


CASES_3 = [
    pytest.param(task_id, answer, expected, id=f"{task_id}|{answer[:40]}|{why}")
    for table in (ANSWERS_3, ANSWERS_4, ANSWERS_5, ANSWERS_7, ANSWERS_8)
    for task_id, rows in table.items()
    for answer, expected, why in rows
]


@pytest.mark.parametrize(("task_id", "answer", "expected"), CASES_3)
def test_lenient_verdict_against_the_fixes(task_id: str, answer: str, expected: bool) -> None:
    verdict = _judged(answer, task_id)
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


# program_html: what the located element shows after the agent's edit -> lenient verdict.
PAGES: dict[str, tuple[str, list[tuple[str, bool, str]]]] = {
    "shop_admin/update-price/0": (  # dd.price exact "$44.50"
        '<dl><dd class="price">{}</dd></dl>',
        [
            ("$44.50", T, "exact"),
            ("44.50", T, "no symbol"),
            ("$44.05", F, "wrong cents"),
            ("$45.50", F, "wrong dollars"),
        ],
    ),
    "githost/edit-description/0": (  # exact "Lints feature flag definitions before ..."
        '<main><p class="description">{}</p></main>',
        [
            ("Lints feature flag definitions before they reach production.", T, "exact"),
            ("  Lints feature flag definitions before they reach production. ", T, "spaces"),
            ("Lints feature flag definitions before they reach production", T, "no period"),
            ("Lints feature flag definitions.", F, "truncated"),
            ("Lints feature flags definitions before they reach staging.", F, "changed"),
        ],
    ),
    "forum/edit-biography/0": (  # must_include the new biography
        '<div class="biography">{}</div>',
        [
            ("Gravel rider, espresso nerd and amateur photographer in Portland.", T, "exact"),
            ("gravel rider, espresso nerd and amateur photographer in portland.", T, "case"),
            ("Gravel rider and amateur photographer in Portland.", F, "words dropped"),
            ("Road rider, espresso nerd and amateur photographer in Portland.", F, "changed"),
        ],
    ),
    "shop/apply-coupon/0": (  # whole page must_include "SAVE10"
        "<main><p>{}</p></main>",
        [
            ("Coupon SAVE10 applied.", T, "applied"),
            ("Discount (SAVE10): -$5.00", T, "in the totals"),
            ("Coupon SAVE100 applied.", F, "another, longer code"),
        ],
    ),
}

PAGE_CASES = [
    pytest.param(task_id, template.format(content), expected, id=f"{task_id}|{content}|{why}")
    for task_id, (template, rows) in PAGES.items()
    for content, expected, why in rows
]


@pytest.mark.parametrize(("task_id", "html", "expected"), PAGE_CASES)
def test_program_html_verdict(task_id: str, html: str, expected: bool) -> None:
    page = lxml.html.fromstring(f"<html><body>{html}</body></html>")
    verdict = check_program_html(_specs()[task_id], EvalContext(fetch_page=lambda url: page))
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)


# A sixth batch: generated tasks (task families on world 0), their specs written inline.
def _family_spec(answer_type: str, refs: dict) -> dict:
    return {"eval_types": ["string_match"], "answer_type": answer_type, "reference_answers": refs}


FAMILY_SPECS = {
    # "Who has more karma: the moderator of the Baking forum or of the Homebrewing forum?"
    "compare-karma": _family_spec("string", {"exact_match": "copper_ivy"}),
    # "Which of the two forums (Games, Birdwatching) holds its weekly thread earlier?"
    "earlier-thread": _family_spec("string", {"exact_match": "Birdwatching"}),
    # "Which has the better rating: Verdant Eucalyptus Soap Bar Set or Solstice Shea ...?"
    "compare-ratings": _family_spec("string", {"exact_match": "Verdant Eucalyptus Soap Bar Set"}),
    # "How many Kids' Clothing products rated 4 stars or higher cost between $17 and $25?"
    "count-in-band": _family_spec("number", {"exact_match": "1"}),
    # "What is the difference in price between the Voltix ... Bulb and the Nimbus ... Plug?"
    "price-gap": _family_spec("currency", {"exact_match": "111.50"}),
    # "What is the price range of Home Decor products? Give the lowest and the highest."
    "price-range": _family_spec("list", {"must_include": ["15.99", "114.99"]}),
    # "Which reviewers of the Meridian Silk Tunic mention the word 'brown'?"
    "reviewers": _family_spec("list", {"exact_match": ["Julian W.", "Emma L."]}),
    # "How much did I pay for shipping on my orders placed in 2024?"
    "shipping-paid": _family_spec("currency", {"exact_match": "15.00"}),
    # "In Lumen Web / Kestrel CLI, how many commits are in v1.0.0 that are not in v0.3.0?"
    "commits-between": _family_spec("number", {"exact_match": "1"}),
    # "How many open merge requests has @tomas.schmidt opened in Alex Chen / Juniper Lint?"
    "author-mrs": _family_spec("number", {"exact_match": "1"}),
    # "What is the price of the cheapest Loom & Thread product in Sneakers?" (none there)
    "brand-cheapest": _family_spec("infeasible", {"fuzzy_match": "N/A"}),
    # "Buy 1 ... with the coupon SPRING15, shipped by express ..." (the coupon is invalid)
    "checkout-coupon": _family_spec("infeasible", {"fuzzy_match": "N/A"}),
}

FAMILY_ANSWERS: dict[str, list[tuple[str, bool, str]]] = {
    "compare-karma": [
        ("copper_ivy (1,234 karma vs 987)", T, "figures in an aside"),
        ("copper_ivy has more karma than hops_dana.", T, "the reference as the subject"),
        ("The Baking moderator, copper_ivy", T, "apposition"),
        ("u/copper_ivy", T, "forum prefix"),
        # string:outdone: the reference after "than" is outdone; "less than" would need
        # the question's polarity ("which is cheaper than" flips it), which the spec lacks.
        ("hops_dana has less karma than copper_ivy.", F, "inferiority comparison: policy"),
        ("hops_dana", F, "the other moderator"),
        ("copper_ivy or hops_dana", F, "hedge"),
        ("They're tied.", F, "neither"),
    ],
    "earlier-thread": [
        # hedges.py: "vs" sets two candidates against each other, also inside an aside.
        ("Birdwatching (Tuesday, vs Games on Thursday)", F, "'vs' the other forum: policy"),
        ("f/birdwatching", T, "forum prefix, lower case"),
        ("Games", F, "the other forum"),
    ],
    "compare-ratings": [
        ("Verdant Eucalyptus Soap Bar Set (4.6 vs 4.1)", T, "ratings in an aside"),
        (
            "The Verdant Eucalyptus Soap Bar Set is rated higher than the Solstice Shea Hand "
            "Cream.",
            T,
            "subject of the comparison",
        ),
        ("Solstice Shea Hand Cream", F, "the other product"),
        ("Both are rated 4.5.", F, "neither"),
    ],
    "count-in-band": [
        ("One product.", T, "word"),
        ("Just one: Kids Rain Jacket ($19.99).", T, "the product named"),
        ("Only 1 product costs between $17 and $25 with 4+ stars.", T, "conditions echoed"),
        ("2", F, "off by one"),
        ("none", F, "zero"),
    ],
    "price-gap": [
        (
            "The Smart Bulb costs $149.99 and the Smart Plug $38.49, so the difference is $111.50.",
            T,
            "working then the result",
        ),
        ("The bulb is $111.50 more expensive.", T, "more expensive"),
        ("$111.05", F, "transposed"),
        ("$149.99", F, "a price, not the gap"),
    ],
    "price-range": [
        ("$15.99 - $114.99", T, "dash range"),
        ("From $15.99 to $114.99", T, "from-to"),
        ("Lowest: $15.99, highest: $114.99", T, "labels"),
        ("$15.99\u2013$114.99", T, "en dash, no spaces"),
        ("$15.99 - $119.99", F, "wrong high"),
        ("$15.99", F, "low only"),
        ("between about $16 and $115", F, "rounded estimates"),
    ],
    "reviewers": [
        ("Julian W. and Emma L.", T, "and"),
        ("Emma L., Julian W.", T, "other order"),
        ("Julian W (4 stars) and Emma L (2 stars)", T, "no periods, asides"),
        ("Julian W.", F, "partial"),
        ("Julian W., Emma L., and Victor J.", F, "extra"),
    ],
    "shipping-paid": [
        ("$15", T, "whole dollars"),
        ("$15.00 in shipping", T, "trailing words"),
        ("15 dollars", T, "words"),
        ("$5.00 + $5.00 + $5.00 = $15.00", T, "sum"),
        ("$10.00", F, "wrong"),
    ],
    "commits-between": [
        ("1 commit", T, "unit"),
        ("Just one commit (a1b2c3d).", T, "hash in an aside"),
        ("v1.0.0 has 1 commit that v0.3.0 doesn't.", T, "versions echoed"),
        ("2", F, "wrong"),
        ("none", F, "zero"),
    ],
    "author-mrs": [
        (
            "@tomas.schmidt has 1 open merge request in Alex Chen / Juniper Lint.",
            T,
            "project path with a spaced slash echoed",
        ),
        ("1 (in Alex Chen / Juniper Lint)", T, "project path in an aside"),
        ("2 merge requests in Alex Chen / Juniper Lint", F, "wrong, path echoed"),
    ],
    "brand-cheapest": [
        ("Loom & Thread has no products in Sneakers.", T, "has no"),
        ("There are no Loom & Thread sneakers.", T, "there are no"),
        ("$49.99", F, "a price"),
    ],
    "checkout-coupon": [
        (
            "The coupon SPRING15 is not valid, so I couldn't complete the purchase.",
            T,
            "not valid, could not",
        ),
        ("SPRING15 has expired.", T, "expired"),
        ("The coupon SPRING15 is invalid.", T, "invalid"),
        ("Done - ordered with SPRING15 and express shipping.", F, "claims done"),
    ],
}

FAMILY_LEFT_ALONE = {
    ("compare-karma", "The Baking moderator, copper_ivy"): (
        "an apposition before the name reads as a rival; telling it from a name ('The "
        "Hobbit, X') needs the case the phrase check folds away"
    ),
}

FAMILY_CASES = [
    pytest.param(
        name,
        answer,
        expected,
        id=f"{name}|{answer[:40]}|{why}",
        marks=[pytest.mark.xfail(strict=True, reason=FAMILY_LEFT_ALONE[name, answer])]
        if (name, answer) in FAMILY_LEFT_ALONE
        else [],
    )
    for name, rows in FAMILY_ANSWERS.items()
    for answer, expected, why in rows
]


@pytest.mark.parametrize(("name", "answer", "expected"), FAMILY_CASES)
def test_generated_task_verdict(name: str, answer: str, expected: bool) -> None:
    verdict = check_answer(answer, FAMILY_SPECS[name])
    assert verdict.passed is expected, (verdict.rule, verdict.explanation)
