"""One test per failure class of issue 14, each with several different instances.

Every class failed on the validators before the fix (f1d7b3a); the instances are the
rule-writers' own, kept apart from the independent corpus.
"""

from __future__ import annotations

import pytest

from webenv.validators import EvalContext, check_answer
from webenv.validators.booleans import find_booleans
from webenv.validators.fuzzy import compare
from webenv.validators.hedges import alternatives
from webenv.validators.infeasible import says_infeasible
from webenv.validators.numbers import find_numbers
from webenv.validators.units import find_distances


def lenient(answer: str, refs: dict, answer_type: str | None = None) -> bool:
    spec = {"reference_answers": refs}
    if answer_type:
        spec["answer_type"] = answer_type
    return check_answer(answer, spec).passed


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type"),
    [
        ("Jane Smith or Adam Garcia", {"must_include": ["Jane Smith"]}, None),
        ("$36.39 or $46.39", {"must_include": ["36.39"]}, None),
        ("6 or 7", {"must_include": ["6"]}, None),
        ("either 6 or 7", {"fuzzy_match": ["6"]}, "number"),
        ("Blue Mug / Red Mug", {"exact_match": "Blue Mug"}, "string"),
        ("It is comfortable, maybe it runs small", {"fuzzy_match": ["It is comfortable"]}, None),
        ("N/A or 14", {"fuzzy_match": "N/A"}, None),
        ("14 or N/A", {"exact_match": "14"}, "number"),
        ("Maybe Blue Mug", {"must_include": ["Blue Mug"]}, None),
        ("Yes or no", {"exact_match": "Yes"}, "boolean"),
        (
            "Blue Mug, Red Mug or Green Mug, Red Mug",
            {"must_include": ["Blue Mug", "Red Mug"]},
            "list",
        ),
    ],
)
def test_hedges_fail_on_every_path(answer, refs, answer_type):
    assert not lenient(answer, refs, answer_type)


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        ("Pittsburgh or PGH", {"must_include": ["Pittsburgh |OR| PGH"]}),
        ("Pots or Pans", {"exact_match": "Pots or Pans"}),
        ("6 orders, or at least that is what the page shows", {"must_include": ["6"]}),
        ("5 or more", {"must_include": ["5 or more"]}),
    ],
)
def test_disjunctions_that_are_not_hedges_pass(answer, refs):
    assert lenient(answer, refs)


def test_alternatives_do_not_split_inside_the_reference():
    assert alternatives("Pots or Pans", ["Pots or Pans"]) == ["Pots or Pans"]
    assert alternatives("A or B / C", []) == ["A", "B", "C"]


@pytest.mark.parametrize(
    ("reference", "answer", "why"),
    [
        ("14 minutes", "24 minutes", "value"),
        ("May 23 2023", "May 24, 2023", "value"),
        ("17:00", "17:01", "value"),
        ("driving: 2min", "driving: 3min", "value"),
        ("Not true to size", "true to size", "negated"),
        ("walking: 16min", "driving: 16min", "mismatch"),
    ],
)
def test_fuzzy_compares_values_not_tokens(reference, answer, why):
    assert compare(reference, answer)[0] == why


@pytest.mark.parametrize(
    ("reference", "answer"),
    [
        ("14 minutes", "14 min"),
        ("May 23 2023", "2023-05-23"),
        ("3/2/22", "March 2, 2022"),
        ("Time: 15min", "It takes about 15 minutes"),
        ("1h 23min", "83 minutes"),
        ("Feburary: 16 orders", "February: 16 orders"),
    ],
)
def test_fuzzy_accepts_the_same_values_written_otherwise(reference, answer):
    assert compare(reference, answer)[0] == ""


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("I could not find the issue.", []),
        ("No clue, sorry", []),
        ("Absolutely not", [False]),
        ("It is not in stock", [False]),
        ("Yes, it is", [True]),
        ("Not true", [False]),
    ],
)
def test_boolean_polarity_has_scope(text, values):
    assert find_booleans(text) == values


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        ("Anker Charger (Cable Not Included), Blue Mug", {"must_include": ["Blue Mug"]}),
        ("Jonas Rahman, not Anya Lee", {"exact_match": "Jonas Rahman"}),
        ("It has not shipped yet; it is still Processing.", {"exact_match": "Processing"}),
        ("Blue Mug (the lid is not included)", {"must_include": ["Blue Mug"]}),
    ],
)
def test_negation_ends_at_its_clause(answer, refs):
    assert lenient(answer, refs)


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        ("Not Blue Mug", {"must_include": ["Blue Mug"]}),
        ("Blue Mug is not it", {"exact_match": "Blue Mug"}),
        ("It is not 7 min.", {"fuzzy_match": ["7 min"]}),
    ],
)
def test_negation_in_the_same_clause_still_rejects(answer, refs):
    assert not lenient(answer, refs)


@pytest.mark.parametrize(
    ("answer", "reference", "passed"),
    [
        ("2 km", "2.0km", True),
        ("2000 m", "2.0km", True),
        ("1.96 km", "2.0km", True),
        ("1.9 km", "2.0km", False),
        ("2 miles", "2.0km", False),
        ("748 km", "748m", False),
        ("748 meters", "748m", True),
        ("0.75 mi", "1.2km", True),
    ],
)
def test_distance_answers_compare_lengths(answer, reference, passed):
    assert lenient(answer, {"exact_match": reference}, "distance") is passed


def test_distances_need_a_unit():
    assert find_distances("748") == [] and len(find_distances("748 km and 3 mi")) == 2


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("5 678", "5678"),
        ("5\u202f678", "5678"),
        ("3 053,97", "3053.97"),
        ("2.5 thousand", "2500"),
        ("185k", "185000"),
        ("two dozen", "24"),
        ("1 234 567", "1234567"),
    ],
)
def test_number_tokenisation(text, value):
    assert [
        str(m.value.normalize()) if m.value != m.value.to_integral() else str(int(m.value))
        for m in find_numbers(text)
    ] == [value]


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type", "passed"),
    [
        ("3 053,97 $", {"exact_match": "$53.97"}, "currency", False),
        ("1234567891", {"exact_match": "1234567890"}, "number", False),
        ("about 38", {"exact_match": "38"}, "number", False),
        ("roughly a dozen", {"exact_match": "12"}, "number", False),
        ("359.549", {"must_include": ["359.546"]}, "currency", False),
        ("359.55", {"must_include": ["359.546"]}, "currency", True),
        ("$50.94 (including $5.00 shipping)", {"exact_match": "$50.94"}, "currency", True),
        ("6 items (2 of them are the same product)", {"exact_match": "6"}, "number", True),
    ],
)
def test_typed_scalars(answer, refs, answer_type, passed):
    assert lenient(answer, refs, answer_type) is passed


@pytest.mark.parametrize(
    ("answer", "refs", "passed"),
    [
        ("six", {"must_include": ["6"]}, True),
        ("None", {"must_include": ["0"]}, True),
        ("$182.40", {"must_include": ["182.4"]}, True),
        ("7 minutes", {"fuzzy_match": ["7 min"]}, True),
        ("36 dollars and 39 cents", {"must_include": ["36.39"]}, True),
        ("more than 6", {"must_include": ["6"]}, False),
        ("914 kilometers", {"must_include": ["914km"]}, True),
        ("914 miles", {"must_include": ["914km"]}, False),
        ("6516", {"exact_match": "06516"}, False),
    ],
)
def test_string_references_that_are_values_compare_as_values(answer, refs, passed):
    assert lenient(answer, refs) is passed


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        (
            "Rhode Island, Massachusetts, New York, Ohio",
            {"must_include": ["Rhode Island", "Massachusetts", "New York"]},
        ),
        ("Blue Mug, Red Mug, Green Mug", {"must_include": ["Blue Mug", "Red Mug"]}),
        (
            "Eos Hoodie: S, Luma Tee: XS, Sinbad Tank",
            {"fuzzy_match": ["Eos Hoodie: S", "Luma Tee: XS"]},
        ),
    ],
)
def test_extra_list_items_fail_on_inclusive_paths(answer, refs):
    assert not lenient(answer, refs)
    assert not lenient(answer, refs, "list") or "fuzzy_match" in refs


@pytest.mark.parametrize(
    ("answer", "refs"),
    [
        (
            "Based on the information on the page, the answer is: Blue Mug, Red Mug",
            {"must_include": ["Blue Mug", "Red Mug"]},
        ),
        (
            "Blue Mug, Red Mug, Pots and Pans",
            {"must_include": ["Blue Mug", "Red Mug", "Pots and Pans"]},
        ),
        ("The answer is: Sinbad Fitness Tank", {"exact_match": "Sinbad Fitness Tank"}),
    ],
)
def test_list_items_and_preambles_are_not_extras(answer, refs):
    assert lenient(answer, refs)


@pytest.mark.parametrize(
    ("answer", "reference", "answer_type"),
    [
        ("git@git.test:group/repo.git", "ssh://git@git.test/group/repo.git", "url"),
        ("ssh://git@git.test/group/repo", "git@git.test:group/repo.git", "url"),
        ("canceled", "Cancelled", "string"),
        ("Saint Louis", "St. Louis", "string"),
        ("St Paul", "Saint Paul", "string"),
        ("Wilson, Mark", "Mark Wilson", "string"),
        ("Linder-Norén, Erik", "Erik Linder-Norén", "string"),
    ],
)
def test_equivalent_spellings_and_forms(answer, reference, answer_type):
    assert lenient(answer, {"exact_match": reference}, answer_type)


def test_other_repositories_and_names_still_fail():
    assert not lenient(
        "git@git.test:group/other.git", {"exact_match": "ssh://git@git.test/group/repo.git"}, "url"
    )
    assert not lenient("Wilson, Anna", {"exact_match": "Mark Wilson"}, "string")


@pytest.mark.parametrize(
    "text",
    [
        "Unfortunately the item could not be located.",
        "The page could not be found.",
        "That product is no longer sold.",
    ],
)
def test_infeasible_phrasings(text):
    assert says_infeasible(text)


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type", "passed"),
    [
        ("6, extra_item, another_extra", {"exact_match": "6"}, "number", False),
        ("$12.50, blue mug, red mug", {"exact_match": "$12.50"}, "currency", False),
        ("3 days, foo, bar", {"exact_match": "3 days"}, "duration", False),
        ("6 orders, all delivered", {"exact_match": "6"}, "number", True),
        ("$12.50, which includes tax", {"exact_match": "$12.50"}, "currency", True),
    ],
)
def test_typed_values_reject_a_list_around_them(answer, refs, answer_type, passed):
    assert lenient(answer, refs, answer_type) is passed


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("None of the reviews are negative, the answer is 5.", False),
        ("Nothing was found; the total is $12.", False),
        ("The answer is N/A: no such order exists.", True),
        ("There is no such product, so the answer is none.", True),
    ],
)
def test_infeasible_claims_that_give_a_value(answer, passed):
    assert lenient(answer, {"fuzzy_match": "N/A"}) is passed


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type"),
    [
        ("1. Blue Mug 2. Red Mug", {"exact_match": ["Blue Mug", "Red Mug"]}, "list"),
        (
            "1) Blue Mug 2) Red Mug 3) Tea Pot",
            {"must_include": ["Blue Mug", "Red Mug", "Tea Pot"]},
            "list",
        ),
        ("Coffee & Tea", {"exact_match": "Coffee and Tea"}, "string"),
        ("Pots and Pans", {"exact_match": "Pots & Pans"}, "string"),
    ],
)
def test_list_boundaries_and_ampersands(answer, refs, answer_type):
    assert lenient(answer, refs, answer_type)


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type", "passed"),
    [
        ("We-Su 10:00-17:05", {"fuzzy_match": ["We-Su 10:00-17:00"]}, None, False),
        ("Open 9:30 to 17:00", {"fuzzy_match": ["Open 9:30 to 17:00"]}, None, True),
        ("Opens at 5 PM", {"fuzzy_match": ["Opens at 17:00"]}, None, True),
        ("Opens at 5 AM", {"fuzzy_match": ["Opens at 17:00"]}, None, False),
        ("Q4 2023", {"exact_match": "December 2023"}, "month", False),
        ("the fourth quarter of 2023", {"exact_match": "December 2023"}, "month", False),
        ("It is not http://web.cmoa.org/.", {"exact_match": "http://web.cmoa.org/"}, "url", False),
        ("It takes about 14 minutes by car.", {"fuzzy_match": ["14 minutes"]}, None, True),
        ("about 14 minutes", {"exact_match": "14 minutes"}, "duration", True),
        ("about 2 kilometres", {"exact_match": "2.0km"}, "distance", True),
        ("about $14", {"exact_match": "$14"}, "currency", False),
        ("4.3 / 5", {"exact_match": "4.3"}, "number", True),
        ("Blue Mug / Red Mug", {"exact_match": ["Blue Mug", "Red Mug"]}, "list", True),
        (
            "There are no airports within 5 km of CMU",
            {"fuzzy_match": ["There is no airport within 5 km of CMU"]},
            None,
            True,
        ),
        ("N/A: the site does not say", {"exact_match": "No"}, "boolean", False),
        (
            "Acadia National Park, 457 km",
            {"must_include": ["Acadia National Park", "457km"]},
            None,
            True,
        ),
        ("The card holds 16 GB", {"must_include": ["16gb"]}, None, True),
        (
            "Jonas Rahman\n\nI found this on the moderators page.",
            {"exact_match": ["Jonas Rahman"]},
            "list",
            True,
        ),
        (
            "Jonas Rahman\n\nIt could also be Anya Lee.",
            {"exact_match": "Jonas Rahman"},
            "string",
            False,
        ),
    ],
)
def test_times_quarters_urls_estimates_scales_trailers(answer, refs, answer_type, passed):
    assert lenient(answer, refs, answer_type) is passed


@pytest.mark.parametrize(
    ("answer", "passed"),
    [
        ("Only Jonas Rahman approved it.", True),
        ("It was approved by Jonas Rahman.", True),
        ("Jonas Rahman and Anya Lee", False),
        ("Not Jonas Rahman", False),
    ],
)
def test_a_one_item_list_is_one_answer(answer, passed):
    assert lenient(answer, {"exact_match": ["Jonas Rahman"]}, "list") is passed


@pytest.mark.parametrize(
    ("answer", "refs", "answer_type", "passed"),
    [
        # working that offers another value tentatively: a hedge, wherever it is written
        ("60\n\nNote: maybe 61", {"exact_match": "60"}, "number", False),
        ("60\n\nP.S. it could be 61 if drafts count.", {"exact_match": "60"}, "number", False),
        (
            "60\n\nNote: 61 if you include the cancelled one.",
            {"exact_match": "60"},
            "number",
            False,
        ),
        ("Answer: 60\nNote: possibly 59", {"exact_match": "60"}, "number", False),
        ('{"answer": 60, "note": "maybe 61"}', {"exact_match": "60"}, "number", False),
        (
            '{"answer": "$44.99", "reason": "perhaps $49.99"}',
            {"exact_match": "$44.99"},
            "currency",
            False,
        ),
        ("$44.99\n\nNote: it may be $49.99 by now.", {"exact_match": "$44.99"}, "currency", False),
        ("Red Mug\n\nNote: maybe Blue Mug", {"exact_match": "Red Mug"}, "string", False),
        ("Red Mug. Note: perhaps Blue Mug", {"exact_match": "Red Mug"}, "string", False),
        ("March 5, 2023\n\nNote: maybe March 6", {"exact_match": "2023-03-05"}, "date", False),
        ("March 5, 2023. Possibly March 6.", {"exact_match": "2023-03-05"}, "date", False),
        # working that is tentative about something else, or explains: still the answer
        (
            "60\n\nNote: the list might take a moment to load.",
            {"exact_match": "60"},
            "number",
            True,
        ),
        (
            "60\n\nI could not find any more orders on page 4.",
            {"exact_match": "60"},
            "number",
            True,
        ),
        ("60\n\nNote: I counted 3 pages.", {"exact_match": "60"}, "number", True),
        (
            '{"answer": "Red Mug", "confidence": "probably high"}',
            {"exact_match": "Red Mug"},
            "string",
            True,
        ),
        (
            "Red Mug\n\nThis is probably the best seller too.",
            {"exact_match": "Red Mug"},
            "string",
            True,
        ),
        (
            "$44.99\n\nNote: prices may be subject to change.",
            {"exact_match": "$44.99"},
            "currency",
            True,
        ),
        ("Answer: 60\nExplanation: 20 + 25 + 15 = 60", {"exact_match": "60"}, "number", True),
    ],
)
def test_working_that_offers_another_value(answer, refs, answer_type, passed):
    assert lenient(answer, refs, answer_type) is passed


BRANCHES = "How many branches does the bluefin-labs/aurora-sdk repository have?"
REVIEWS = "How many customer reviews does the Nimbus Braided Car Charger have?"
OPEN_ISSUES = "How many open issues are assigned to me?"


@pytest.mark.parametrize(
    ("answer", "reference", "intent", "passed"),
    [
        # the count said with the noun the intent counts: other figures are remarks
        ("7 branches, 3 tags", "7", BRANCHES, True),
        ("The repository has 7 branches and 12 contributors.", "7", BRANCHES, True),
        ("7 active branches (2 merged last week)", "7", BRANCHES, True),
        ("10 reviews, average 4.2", "10", REVIEWS, True),
        ("It has 10 customer reviews with 4.2 stars on average.", "10", REVIEWS, True),
        # ... but never another count of that noun, a hedge, or the noun on another figure
        ("3 branches, 7 tags", "7", BRANCHES, False),
        ("7 branches and 8 branches", "7", BRANCHES, False),
        ("7 branches, maybe 8 branches", "7", BRANCHES, False),
        ("7 branches or 8", "7", BRANCHES, False),
        ("There are 3 open issues and 9 closed issues.", "3", OPEN_ISSUES, False),
        ("4 reviews from 10 customers", "10", REVIEWS, False),
        # without an intent that counts, figures beside the count stay rivals
        ("7 branches, 3 tags", "7", "", False),
        (
            "7 branches, 3 tags",
            "7",
            "Which branch is the default one? Give its commit count.",
            False,
        ),
    ],
)
def test_a_count_said_with_the_noun_the_intent_counts(answer, reference, intent, passed):
    spec = {"answer_type": "number", "reference_answers": {"exact_match": reference}}
    context = EvalContext(answer=answer, intent=intent)
    assert check_answer(answer, spec, context=context).passed is passed


COMMENTS = "How many comments does the submission 'Best saddle for long gravel rides?' have?"
MRS = "How many open merge requests does northwind/falcon-proxy have?"
PRODUCTS = "How many products are in the Kitchen category?"
TIMES = "How many times has order #100641 been shipped?"


@pytest.mark.parametrize(
    ("answer", "reference", "intent", "passed"),
    [
        # the reference figure said only as a count of another thing the sites hold
        ("7 tags", "7", BRANCHES, False),
        ("The repository has 7 tags.", "7", BRANCHES, False),
        ("7 commits", "7", BRANCHES, False),
        ("10 customer orders", "10", REVIEWS, False),
        ("3 open merge requests", "3", OPEN_ISSUES, False),
        ("There are 4 issues open.", "4", MRS, False),
        ("12 posts", "12", COMMENTS, False),
        ("It has 25 reviews.", "25", PRODUCTS, False),
        # ... but the same thing by another name, a generic noun, or no noun is the count
        ("7 branches", "7", BRANCHES, True),
        ("7", "7", BRANCHES, True),
        ("There are 7 of them.", "7", BRANCHES, True),
        ("7 in total", "7", BRANCHES, True),
        ("7 results", "7", BRANCHES, True),
        ("10 ratings", "10", REVIEWS, True),
        ("12 replies", "12", COMMENTS, True),
        ("3 MRs", "3", MRS, True),
        ("3 open pull requests", "3", MRS, True),
        ("25 items", "25", PRODUCTS, True),
        ("4 tickets", "4", OPEN_ISSUES, True),
        ("7 branches (and 7 tags)", "7", BRANCHES, True),
        ("2 times", "2", TIMES, True),
        ("2 shipments", "2", TIMES, True),
        # another thing's count beside an unnamed figure is a remark, as before
        ("7 (and 3 tags)", "7", BRANCHES, True),
        # without an intent that counts one of them, the noun is not judged
        ("7 tags", "7", "", True),
    ],
)
def test_a_count_of_another_thing_is_not_the_count_asked_for(answer, reference, intent, passed):
    spec = {"answer_type": "number", "reference_answers": {"exact_match": reference}}
    context = EvalContext(answer=answer, intent=intent)
    assert check_answer(answer, spec, context=context).passed is passed
