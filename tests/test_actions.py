"""Tests for webenv.actions: both grammars, errors, round-trips, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webenv.actions import (
    MAX_ACTION_CHARS,
    MAX_TEXT_CHARS,
    MAX_URL_CHARS,
    Action,
    ActionError,
    parse_action,
)

# (WebArena style, BrowserGym style, expected Action)
EQUIVALENT = [
    ("click [12]", 'click("12")', Action("click", target=12)),
    ("type [7] [blue mug] [0]", 'fill("7", "blue mug")', Action("type", target=7, text="blue mug")),
    ("select [12] [Price]", 'select_option("12", "Price")', Action("select", 12, "Price")),
    ("check [5]", 'check("5")', Action("check", target=5)),
    ("uncheck [5]", 'uncheck("5")', Action("uncheck", target=5)),
    ("hover [3]", 'hover("3")', Action("hover", target=3)),
    ("press [Enter]", 'keyboard_press("Enter")', Action("press", text="Enter")),
    ("press [Control+a]", 'keyboard_press("Control+a")', Action("press", text="Control+a")),
    ("scroll [down]", "scroll(0, 400)", Action("scroll", text="down")),
    ("scroll [up]", "scroll(0, -400)", Action("scroll", text="up")),
    ("goto [http://shop.test/]", 'goto("http://shop.test/")', Action("goto", text="http://shop.test/")),
    ("go_back", "go_back()", Action("go_back")),
    ("go_forward", "go_forward()", Action("go_forward")),
    ("new_tab", "new_tab()", Action("new_tab")),
    ("tab_focus [1]", "tab_focus(1)", Action("tab_focus", tab_index=1)),
    ("close_tab", "tab_close()", Action("close_tab")),
    ("stop [$41.97]", 'send_msg_to_user("$41.97")', Action("stop", text="$41.97")),
]  # fmt: skip


@pytest.mark.parametrize(("webarena", "browsergym", "expected"), EQUIVALENT)
def test_both_grammars_parse_to_the_same_action(webarena, browsergym, expected):
    assert parse_action(webarena) == expected
    assert parse_action(browsergym) == expected


def test_type_presses_enter_by_default_and_fill_does_not():
    assert parse_action("type [7] [blue mug]") == Action("type", 7, "blue mug", press_enter=True)
    assert parse_action("type [7] [blue mug] [1]").press_enter is True
    assert parse_action("type [7] [blue mug] [0]").press_enter is False
    assert parse_action('fill("7", "blue mug")').press_enter is False


def test_type_text_may_contain_brackets_and_be_empty():
    assert parse_action("type [7] [a [b] c] [1]").text == "a [b] c"
    assert parse_action("type [7] [x] [y]] [0]").text == "x] [y]"
    assert parse_action("type [7] [] [1]").text == ""


def test_stop_answer_runs_to_the_final_bracket():
    assert parse_action("stop [a [b] c]").text == "a [b] c"
    assert parse_action("stop [x]]").text == "x]"
    assert parse_action("stop []") == Action("stop", text="")
    assert parse_action("stop") == Action("stop", text="")


def test_report_infeasible():
    assert parse_action('report_infeasible("no such order")') == Action(
        "stop", text="no such order", infeasible=True
    )


def test_browsergym_press_on_an_element():
    assert parse_action('press("7", "Enter")') == Action("press", target=7, text="Enter")


def test_browsergym_keyword_and_unquoted_arguments():
    assert parse_action('fill(bid="7", value="x")') == Action("type", 7, "x")
    assert parse_action('fill(value="x", bid="7")') == Action("type", 7, "x")
    assert parse_action("click(12)") == Action("click", target=12)
    assert parse_action('select_option("3", ["Price"])') == Action("select", 3, "Price")
    assert parse_action("tab_focus(index=2)") == Action("tab_focus", tab_index=2)


def test_browsergym_strings_are_not_evaluated():
    assert parse_action('fill("7", "__import__(\'os\')")').text == "__import__('os')"
    assert parse_action('fill("7", "\\d")').text == "\\d"  # invalid escape: no warning


def test_whitespace_case_and_code_fence_are_tolerated():
    assert parse_action("  click [12]\n") == Action("click", target=12)
    assert parse_action("click[ 12 ]") == Action("click", target=12)
    assert parse_action("Click [12]") == Action("click", target=12)
    assert parse_action("```\nclick [12]\n```") == Action("click", target=12)
    assert parse_action('```python\nclick("12")\n```') == Action("click", target=12)


def test_typed_text_keeps_inner_whitespace_and_newlines():
    assert parse_action("type [7] [  two  spaces\nline] [0]").text == "  two  spaces\nline"


# -- errors ----------------------------------------------------------------------------


def _error(text: str) -> str:
    with pytest.raises(ActionError) as info:
        parse_action(text)
    message = str(info.value)
    assert "\n" not in message and "\r" not in message
    return message


def test_error_is_a_value_error():
    assert issubclass(ActionError, ValueError)


@pytest.mark.parametrize("text", ["", "   ", "\n", "```\n\n```"])
def test_error_empty_input(text):
    assert "empty action" in _error(text)


def test_error_unknown_verb_lists_accepted_verbs():
    message = _error("tap [12]")
    assert "unknown action 'tap'" in message
    for verb in ("click", "type", "stop", "fill", "send_msg_to_user", "report_infeasible"):
        assert verb in message
    assert "unknown action" in _error("tap(12)")
    assert "cannot read an action verb" in _error("[12] click")


def test_error_verb_from_the_other_grammar():
    assert "needs parentheses" in _error("fill [7] [x]")
    assert "fill(bid, value)" in _error('type("7", "x")')


def test_error_missing_id():
    assert "click takes 1 argument" in _error("click")
    assert "id from the observation" in _error("click")
    assert "missing element id" in _error("click []")
    assert "fill takes 2 arguments" in _error('fill(value="x")')


@pytest.mark.parametrize("text", ["click [a12]", 'click("a12")', "hover [twelve]", "check [1.5]"])
def test_error_non_numeric_id(text):
    message = _error(text)
    assert "element id must be a number" in message
    assert "numbers in square brackets in the observation" in message


def test_error_negative_or_huge_id():
    assert "element id" in _error("click [-1]")
    assert "non-negative" in _error("click(-1)")
    assert "too large" in _error("click [12345678901234567890]")
    assert "non-negative integer below" in _error("click(12345678901234567890)")


def test_error_wrong_argument_count():
    assert "type takes 2 or 3 arguments: type [id] [text] [press_enter]" in _error("type [7]")
    assert "type takes 2 or 3 arguments" in _error("type")
    assert "click takes 1 argument: click [id] (got 2)" in _error("click [1] [2]")
    assert "select takes 2 arguments" in _error("select [3]")
    assert "go_back takes no arguments" in _error("go_back [1]")
    assert "click takes 1 argument: click(bid) (got 2)" in _error('click("1", "2")')
    assert "no argument 'text'" in _error('fill("7", text="x")')
    assert "got argument 'bid' twice" in _error('fill("7", "x", bid="7")')
    assert "tab_focus takes 1 argument" in _error("tab_focus")


def test_error_over_long_input_and_text():
    message = _error("stop [" + "x" * MAX_ACTION_CHARS + "]")
    assert f"the limit is {MAX_ACTION_CHARS}" in message
    assert len(message) < 200
    message = _error("type [7] [" + "x" * (MAX_TEXT_CHARS + 1) + "]")
    assert (
        f"text too long ({MAX_TEXT_CHARS + 1} characters; the limit is {MAX_TEXT_CHARS})" in message
    )
    assert f"the limit is {MAX_URL_CHARS}" in _error("goto [http://a/" + "x" * MAX_URL_CHARS + "]")
    assert "answer too long" in _error('send_msg_to_user("' + "y" * (MAX_TEXT_CHARS + 1) + '")')


@pytest.mark.parametrize("flag", ["2", "yes", "true", "-1", ""])
def test_error_bad_press_enter_flag(flag):
    message = _error(f"type [7] [mug] [{flag}]")
    assert "bad press_enter flag" in message
    assert "use 1 (press Enter, the default) or 0" in message


def test_error_unbalanced_brackets_and_quotes():
    assert "unbalanced brackets" in _error("click [12")
    assert "unbalanced brackets" in _error("stop [the answer")
    assert "unbalanced brackets" in _error("type [7] [mug")
    assert "unbalanced quotes" in _error('click("12)')
    assert "unbalanced quotes" in _error("fill('7', 'mug)")
    assert "unbalanced parentheses" in _error('click("12"')


@pytest.mark.parametrize(
    "text", ["scroll [left]", "scroll [sideways]", "scroll []", "scroll(0, 0)"]
)
def test_error_bad_scroll_direction(text):
    assert "bad scroll direction" in _error(text)


def test_error_other_cases():
    assert "unexpected text" in _error("click [12] please")
    assert "literal strings or numbers" in _error('fill("7", value=x)')
    assert "literal strings or numbers" in _error("click(1 + 2)")
    assert "expected one call" in _error('click("1")[0]')
    assert "invalid syntax" in _error('click("1"); click("2")')
    assert "scroll takes two numbers" in _error('scroll("a", 3)')
    assert "control character U+0000" in _error("type [7] [a\x00b]")
    assert "bad key" in _error("press [Control a]")
    assert "press needs a key" in _error("press []")
    assert "goto needs a URL" in _error("goto [ ]")
    assert "whitespace" in _error("goto [http://a b/]")
    assert "tab index must be a non-negative integer" in _error("tab_focus [x]")
    assert "select needs the option's label" in _error("select [3] []")
    assert "must be a string" in _error(None)  # type: ignore[arg-type]


def test_error_echo_is_truncated():
    message = _error("tap " + "z" * 500)
    assert "z" * 61 not in message


# -- round trips ----------------------------------------------------------------------


@pytest.mark.parametrize(("webarena", "browsergym", "expected"), EQUIVALENT)
def test_to_str_round_trips(webarena, browsergym, expected):
    assert parse_action(expected.to_str()) == expected
    assert expected.to_str() == webarena


def test_to_str_round_trips_special_cases():
    for action in (
        Action("type", 7, "blue mug", press_enter=True),
        Action("type", 7, "x] [1", press_enter=False),
        Action("type", 7, "", press_enter=True),
        Action("press", target=7, text="Enter"),
        Action("stop", text='it\'s "quoted" [x]', infeasible=True),
        Action("stop", text="line1\nline2]"),
    ):
        assert parse_action(action.to_str()) == action, action.to_str()


_safe_text = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs",),
        blacklist_characters="\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11"
        "\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\ufffe\uffff",
    ),
    max_size=40,
)
_ids = st.integers(min_value=0, max_value=10**12 - 1)
_keys = st.from_regex(r"[A-Za-z0-9+]{1,12}", fullmatch=True)
_urls = st.from_regex(r"https?://[a-z]{1,10}\.test/[a-z0-9/?=&\[\]]{0,20}", fullmatch=True)

_actions = st.one_of(
    st.builds(Action, st.sampled_from(["click", "check", "uncheck", "hover"]), _ids),
    st.builds(lambda t, x, e: Action("type", t, x, press_enter=e), _ids, _safe_text, st.booleans()),
    st.builds(
        lambda t, x: Action("select", t, x),
        _ids,
        _safe_text.filter(lambda s: s.strip() != ""),
    ),
    st.builds(lambda k: Action("press", text=k), _keys),
    st.builds(lambda t, k: Action("press", target=t, text=k), _ids, _keys),
    st.builds(lambda d: Action("scroll", text=d), st.sampled_from(["up", "down"])),
    st.builds(lambda u: Action("goto", text=u), _urls),
    st.builds(Action, st.sampled_from(["go_back", "go_forward", "new_tab", "close_tab"])),
    st.builds(lambda i: Action("tab_focus", tab_index=i), st.integers(0, 50)),
    st.builds(lambda a, inf: Action("stop", text=a, infeasible=inf), _safe_text, st.booleans()),
)


@given(_actions)
@settings(max_examples=300)
def test_to_str_round_trip_property(action):
    assert parse_action(action.to_str()) == action


# -- fuzzing: only Action or ActionError, always one line ----------------------------

_VERBS = [
    "click", "type", "select", "check", "uncheck", "hover", "press", "scroll", "goto",
    "go_back", "go_forward", "new_tab", "tab_focus", "close_tab", "stop", "fill",
    "select_option", "keyboard_press", "tab_close", "send_msg_to_user",
    "report_infeasible", "Click", "foo", "api", "tool",
]  # fmt: skip
_pieces = st.one_of(
    st.sampled_from(_VERBS),
    st.sampled_from(["[", "]", "(", ")", '"', "'", ",", " ", "=", "\n", "\\", "-", "```"]),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["bid", "value", "Enter", "down", "up", "1", "0", "1e400", "True", "None"]),
    st.text(max_size=5),
)
_near_valid = st.lists(_pieces, max_size=12).map("".join)
_bracketed = st.builds(
    lambda verb, args: verb + " " + " ".join(f"[{a}]" for a in args),
    st.sampled_from(_VERBS),
    st.lists(st.one_of(st.text(max_size=8), st.integers(-5, 10**15).map(str)), max_size=4),
)
_called = st.builds(
    lambda verb, args: f"{verb}({', '.join(args)})",
    st.sampled_from(_VERBS),
    st.lists(
        st.one_of(
            st.text(max_size=8).map(repr),
            st.integers(-(10**20), 10**20).map(str),
            st.floats(allow_nan=True).map(repr),
            st.sampled_from(["x", "bid='3'", "value=1", "[1, 2]", "['a']", "**k", "*a", "1+1"]),
        ),
        max_size=4,
    ),
)


def _check_total(text: str) -> None:
    try:
        result = parse_action(text)
    except ActionError as exc:
        message = str(exc)
        assert message and "\n" not in message and "\r" not in message
        assert len(message) < 1000
    else:
        assert isinstance(result, Action)


@given(st.text())
@settings(max_examples=400)
def test_fuzz_arbitrary_text(text):
    _check_total(text)


@given(st.one_of(_near_valid, _bracketed, _called))
@settings(max_examples=600)
def test_fuzz_near_valid_actions(text):
    _check_total(text)


@pytest.mark.parametrize(
    "text",
    [
        "click(" + "(" * 500 + ")" * 500 + ")",
        "select_option('1', " + "[" * 300 + "]" * 300 + ")",
        "fill('1', " + "9" * 5000 + ")",
        "stop [" + "[" * 5000 + "]",
        "\udcff",
        "click [1]\x00",
        "scroll(0, 1e999)",
        "scroll(0, float('nan'))",
    ],
)
def test_hostile_inputs_raise_action_error(text):
    _check_total(text)


# -- the typed kind, the one action table, describe_actions -------------------------------------


def test_action_kind_is_a_str_enum_equal_to_its_string():
    from webenv.actions import ActionKind

    action = parse_action("click [3]")
    assert action.kind is ActionKind.CLICK and action.kind == "click"
    assert f"_do_{action.kind}" == "_do_click"
    assert {"click": 1}[action.kind] == 1  # dispatch tables keyed by strings keep working
    assert Action("go_back").kind is ActionKind.GO_BACK
    assert [kind.value for kind in ActionKind] == [
        "click",
        "type",
        "select",
        "check",
        "uncheck",
        "hover",
        "press",
        "scroll",
        "goto",
        "go_back",
        "go_forward",
        "new_tab",
        "tab_focus",
        "close_tab",
        "api",
        "tool",
        "stop",
    ]


def test_action_with_an_unknown_kind_is_an_action_error():
    with pytest.raises(ActionError, match="unknown action kind 'dance'; accepted: click, type"):
        Action("dance")


@pytest.mark.parametrize("grammar", ["webarena", "browsergym"])
def test_describe_actions_lists_every_verb_with_a_parseable_example(grammar):
    from webenv.actions import ACTION_TABLE, describe_actions

    text = describe_actions(grammar)
    rows = [row for row in ACTION_TABLE if row.grammar == grammar]
    assert {row.kind for row in rows} == set(parse_action("go_back").kind.__class__)
    for row in rows:
        assert f"\n{row.signature}\n    {row.description}\n    Example: {row.example}\n" in text
        assert parse_action(row.example).kind == row.kind, row.example
        assert "\n" not in row.description
    other = "browsergym" if grammar == "webarena" else "webarena"
    assert describe_actions(other) != text


def test_describe_actions_defaults_to_webarena_and_rejects_other_grammars():
    from webenv.actions import describe_actions
    from webenv.errors import OptionError

    assert describe_actions() == describe_actions("webarena")
    assert "click [id]" in describe_actions() and 'click("12")' in describe_actions("browsergym")
    with pytest.raises(
        OptionError, match="unknown action grammar 'json'; accepted: 'webarena', 'browsergym'"
    ):
        describe_actions("json")


def test_usage_in_error_messages_comes_from_the_action_table():
    from webenv.actions import ACTION_TABLE

    for row in ACTION_TABLE:
        if row.grammar == "webarena" and row.required:
            with pytest.raises(ActionError) as exc:
                parse_action(row.verb)  # arguments missing: the message shows the usage
            assert row.signature in str(exc.value)
    with pytest.raises(ActionError, match=r"fill takes 2 arguments: fill\(bid, value\)"):
        parse_action('fill("1")')


@pytest.mark.parametrize(
    "action",
    [
        'fill("7", "a\\x00b")',
        'goto("http://shop.test/\\udf99")',
        'send_msg_to_user("\\x1b[31m")',
        'select_option("3", ["\\ud800"])',
        'keyboard_press("\\x07")',
        'fill("7", "\\N{NULL}")',
        "type [7] [\ud800]",
        "stop [\x1f]",
        # JSON escapes in api bodies and tool parameters decode past the action-text check
        'api [POST] [http://forum.test/api/submissions] [{"title": "\\ud800"}]',
        'api [POST] [http://forum.test/api/submissions] [{"title": "a\\u0000b"}]',
        'api [PUT] [http://forum.test/api/x] [[{"deep": ["\\u001b"]}]]',
        'api [POST] [http://forum.test/api/x] [{"\\udc00": 1}]',
        'api("POST", "http://forum.test/api/x", \'{"title": "\\\\ud800"}\')',
        'tool [search_issues] [{"project": "\\ud800"}]',
        'tool("search_issues", {"project": "\\ud800"})',
        'tool("search_issues", {"project": "\\x00"})',
    ],
)
def test_escaped_control_characters_and_surrogates_are_refused(action):
    with pytest.raises(
        ActionError,
        match=r"contains the (control character|lone surrogate) "
        r"U\+[0-9A-F]{4} at position \d+, which no page can",
    ):
        parse_action(action)


def test_escaped_tab_and_newline_stay_allowed():
    assert parse_action('fill("7", "a\\tb\\nc")').text == "a\tb\nc"
