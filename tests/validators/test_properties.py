"""Property tests: check_answer never raises and always returns a well-formed Verdict."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webenv.validators import ANSWER_TYPES, EvalContext, Verdict, check_answer

REFERENCES = {
    "string": "Blue Mug",
    "number": "3",
    "currency": "83.47",
    "date": "2024-03-05",
    "month": "March 2024",
    "duration": "2 days",
    "distance": "2.0km",
    "list": "Blue Mug, Red Mug",
    "boolean": "yes",
    "url": "__SHOP__/product/12",
    "infeasible": "N/A",
}

ANSWERS = st.one_of(
    st.text(max_size=200),
    st.text(alphabet="0123456789.,$€-/: ORand|", max_size=60),
    st.lists(
        st.sampled_from(
            [
                "Blue",
                "Mug",
                "not",
                "3",
                "$83.47",
                "March",
                "2024",
                "and",
                ",",
                "or",
                "yes",
                "no",
                "http://shop.test/",
                "|OR|",
                "days",
                "\n- ",
                "five",
                "km",
                "N/A",
                "™",
                "é",
                "'",
                '"',
            ]
        ),
        max_size=20,
    ).map(" ".join),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answer=ANSWERS,
    answer_type=st.sampled_from(ANSWER_TYPES),
    approach=st.sampled_from(["exact_match", "must_include", "fuzzy_match"]),
    mode=st.sampled_from(["lenient", "strict"]),
    reported=st.booleans(),
)
def test_check_answer_never_raises(answer, answer_type, approach, mode, reported):
    ref = REFERENCES[answer_type]
    value = [ref] if approach != "exact_match" else ref
    spec = {"answer_type": answer_type, "reference_answers": {approach: value}}
    context = EvalContext(infeasible_reported=reported, users={"shop": "emma.lopez"})
    verdict = check_answer(answer, spec, mode=mode, context=context)
    assert isinstance(verdict, Verdict)
    assert verdict.passed is (verdict.score == 1.0)
    assert verdict.rule and ":" in verdict.rule
    assert not verdict.rule.startswith("error:exception"), verdict
    assert "\n" not in verdict.explanation


@settings(max_examples=150, deadline=None)
@given(
    answer=st.text(max_size=80),
    reference=st.text(max_size=30),
    answer_type=st.sampled_from(ANSWER_TYPES),
)
def test_random_references_never_raise(answer, reference, answer_type):
    spec = {"answer_type": answer_type, "reference_answers": {"exact_match": reference}}
    for mode in ("lenient", "strict"):
        verdict = check_answer(answer, spec, mode=mode)
        assert isinstance(verdict, Verdict)
        assert not verdict.rule.startswith("error:exception"), verdict


@settings(max_examples=100, deadline=None)
@given(reference=st.sampled_from(sorted(set(REFERENCES.items()) - {("infeasible", "N/A")})))
def test_the_reference_itself_passes_leniently(reference):
    answer_type, ref = reference
    spec = {"answer_type": answer_type, "reference_answers": {"exact_match": ref}}
    assert check_answer(ref, spec).passed
