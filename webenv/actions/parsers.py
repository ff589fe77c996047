"""The two action grammars, WebArena style (``click [12]``) and BrowserGym style
(``click("12")``), parsed to one :class:`~webenv.actions.model.Action`.

The verbs, their arguments and usage lines come from the one action table
(:data:`webenv.actions.model.ACTION_TABLE`; :func:`webenv.actions.describe_actions`
prints it).

In ``type [id] [text] [press_enter]`` the flag is ``1`` (press Enter, the default)
or ``0``. A text argument runs to the *last* ``]`` (or to the ``] [0|1]`` flag), so
answers and typed text may contain brackets. BrowserGym calls are parsed with
:mod:`ast` (string and number literals only, positional or keyword; nothing is
evaluated). Verbs are case-insensitive. Surrounding whitespace and one enclosing
Markdown code fence are ignored; anything else around the action is an error.

Every problem raises :class:`ActionError` whose message is a single line naming
what is wrong and what is accepted.
"""

from __future__ import annotations

import ast
import json
import re
import warnings

from webenv.actions.model import (
    API_METHODS,
    ELEMENT_KINDS,
    MAX_ACTION_CHARS,
    MAX_BODY_CHARS,
    MAX_KEY_CHARS,
    MAX_TEXT_CHARS,
    MAX_URL_CHARS,
    NO_ARGUMENT_KINDS,
    Action,
    ActionKind,
    spec,
    verbs,
)
from webenv.errors import JSON_ERRORS, ActionError
from webenv.errors import echo as _echo

__all__ = ["parse_action"]

_MAX_ID_DIGITS = 12
K = ActionKind

_WEBARENA_VERBS = verbs("webarena")
_BROWSERGYM_VERBS = verbs("browsergym")

UNHOLDABLE_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters no page (and no observation) can hold: C0 controls but tab/LF/CR, lone
surrogates and the two noncharacters U+FFFE and U+FFFF."""
_VERB = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*(.*)\Z", re.DOTALL)
_FENCE = re.compile(r"\A```[A-Za-z0-9_+-]*[ \t]*\n(.*)\n[ \t]*```\Z", re.DOTALL)
_ID_GROUP = re.compile(r"\[([^\[\]]*)\]\s*(.*)\Z", re.DOTALL)
_TEXT_AND_FLAG = re.compile(r"\[(.*)\]\s*\[\s*([^\[\]]*?)\s*\]\Z", re.DOTALL)
_DIGITS = re.compile(r"[0-9]+\Z")
_KEY = re.compile(r"[^\s]+\Z")


def _usage(verb: str) -> str:
    row = spec("webarena", verb)
    assert row is not None
    return row.signature


def _browsergym_example(verb: str) -> str:
    row = spec("browsergym", verb)
    assert row is not None
    return row.signature


def _accepted() -> str:
    return (
        "accepted: " + ", ".join(_WEBARENA_VERBS) + " (e.g. click [12]) or "
        + ", ".join(_BROWSERGYM_VERBS) + ' (e.g. click("12"))'
    )  # fmt: skip


def parse_action(text: str) -> Action:
    """Parse one action in WebArena or BrowserGym style.

    Args:
        text: The action string, e.g. ``"type [7] [blue mug] [1]"`` or
            ``'fill("7", "blue mug")'``.

    Returns:
        The parsed action.

    Raises:
        ActionError: If the action is malformed; the message is one line.
    """
    if not isinstance(text, str):
        raise ActionError(f"an action must be a string, got {type(text).__name__}")
    if len(text) > MAX_ACTION_CHARS:
        raise ActionError(
            f"action too long ({len(text)} characters; the limit is {MAX_ACTION_CHARS})"
        )
    _check_chars(text, "action")
    source = text.strip()
    fenced = _FENCE.match(source)
    if fenced:
        source = fenced.group(1).strip()
    if not source:
        raise ActionError('empty action; write one action such as click [12] or click("12")')
    match = _VERB.match(source)
    if match is None:
        raise ActionError(f"cannot read an action verb in {_echo(source)}; {_accepted()}")
    verb = match.group(1).lower()
    rest = match.group(2)
    if rest.startswith("("):
        return _parse_browsergym(source, verb, rest)
    return _parse_webarena(source, verb, rest)


# -- WebArena style -----------------------------------------------------------------------


def _parse_webarena(source: str, verb: str, rest: str) -> Action:  # noqa: C901 - one branch per verb of the WebArena grammar
    if verb not in _WEBARENA_VERBS:
        if verb in _BROWSERGYM_VERBS:
            raise ActionError(
                f"{verb} is a BrowserGym action and needs parentheses, e.g. "
                f"{_browsergym_example(verb)}"
            )
        raise ActionError(f"unknown action {_echo(verb)}; {_accepted()}")
    usage = _usage(verb)
    if rest and not rest.startswith("["):
        raise ActionError(
            f"unexpected text {_echo(rest)} after {verb}; arguments go in square brackets: {usage}"
        )
    if (
        rest
        and not rest.endswith("]")
        and verb in ("stop", "goto", "press", "type", "select", "api", "tool")
    ):
        raise ActionError(
            f"unbalanced brackets in {_echo(source)}: the last argument must end with ']': {usage}"
        )

    if verb in NO_ARGUMENT_KINDS:
        if rest:
            raise ActionError(f"{verb} takes no arguments: write just {verb}")
        return Action(ActionKind(verb))

    if verb in ELEMENT_KINDS:
        args = _split_groups(source, rest, usage)
        if len(args) != 1:
            raise ActionError(
                f"{verb} takes 1 argument: {usage} (got {len(args)})" + _missing_id_hint(verb, args)
            )
        return Action(ActionKind(verb), target=_parse_id(args[0], verb))

    if verb == "tab_focus":
        args = _split_groups(source, rest, usage)
        if len(args) != 1:
            raise ActionError(f"tab_focus takes 1 argument: {usage} (got {len(args)})")
        index = args[0].strip()
        if not _DIGITS.match(index) or len(index) > _MAX_ID_DIGITS:
            raise ActionError(
                f"tab index must be a non-negative integer, got {_echo(args[0])}: {usage}"
            )
        return Action(K.TAB_FOCUS, tab_index=int(index))

    if verb == "scroll":
        args = _split_groups(source, rest, usage)
        if len(args) != 1:
            raise ActionError(f"scroll takes 1 argument: {usage} (got {len(args)})")
        return Action(K.SCROLL, text=_parse_direction(args[0]))

    if verb == "api":
        return _parse_webarena_api(rest, usage)
    if verb == "tool":
        name_match = _ID_GROUP.match(rest)
        if name_match is None:
            raise ActionError(f"tool needs a tool name in brackets: {usage}")
        params = name_match.group(2)
        if params and not params.startswith("["):
            raise ActionError(
                f"unexpected text {_echo(params)} in tool; arguments go in square brackets: {usage}"
            )
        return tool_action(name_match.group(1), params[1:-1] if params else None)

    if verb in ("stop", "goto", "press"):
        if not rest:
            if verb == "stop":
                return Action(K.STOP, text="")
            raise ActionError(f"{verb} takes 1 argument: {usage} (got 0)")
        value = rest[1:-1]  # everything up to the final ']'
        if verb == "stop":
            return Action(K.STOP, text=_check_text(value, "answer"))
        if verb == "goto":
            return Action(K.GOTO, text=_check_url(value))
        return Action(K.PRESS, text=_check_key(value))

    # select and type: an id, then text that runs to the final ']' (or the flag).
    id_match = _ID_GROUP.match(rest)
    if id_match is None:
        if not rest:
            raise ActionError(f"{verb} takes {_arity(verb)}: {usage} (got 0)")
        raise ActionError(
            f"{verb} needs an element id first, in brackets: {usage}; got {_echo(rest)}"
        )
    target = _parse_id(id_match.group(1), verb)
    remainder = id_match.group(2)
    if not remainder:
        raise ActionError(f"{verb} takes {_arity(verb)}: {usage} (got 1)")
    if not remainder.startswith("["):
        raise ActionError(
            f"unexpected text {_echo(remainder)} in {verb}; arguments go in square "
            f"brackets: {usage}"
        )
    if verb == "select":
        label = remainder[1:-1]
        if not label.strip():
            raise ActionError(f"select needs the option's label: {usage}")
        return Action(K.SELECT, target=target, text=_check_text(label, "option label"))

    press_enter = True
    flagged = _TEXT_AND_FLAG.match(remainder)
    if flagged:
        value, flag = flagged.group(1), flagged.group(2)
        if flag not in ("0", "1"):
            raise ActionError(
                f"bad press_enter flag {_echo(flag)} in type: use 1 (press Enter, the "
                f"default) or 0: {usage}"
            )
        press_enter = flag == "1"
    else:
        value = remainder[1:-1]
    return Action(K.TYPE, target=target, text=_check_text(value, "text"), press_enter=press_enter)


def _parse_webarena_api(rest: str, usage: str) -> Action:
    method_match = _ID_GROUP.match(rest)
    if method_match is None:
        raise ActionError(f"api takes 2 or 3 arguments: {usage} (got 0)")
    remainder = method_match.group(2)
    if not remainder.startswith("["):
        raise ActionError(f"api needs a URL in brackets after the method: {usage}")
    # A URL may hold balanced brackets of its own (the shop's searchCriteria[pageSize]).
    end = _closing_bracket(remainder, 0)
    if end < 0:
        raise ActionError(
            f"unbalanced brackets in the api URL {_echo(remainder)}: every '[' needs a "
            f"matching ']': {usage}"
        )
    after = remainder[end + 1 :].lstrip()
    if after and not after.startswith("["):
        raise ActionError(
            f"unexpected text {_echo(after)} in api; the body goes in square brackets: {usage}"
        )
    return api_action(method_match.group(1), remainder[1:end], after[1:-1] if after else None)


def api_action(method: str, url: str, body: object) -> Action:
    """The ``api`` action for these arguments, checked (both grammars build it here).

    Args:
        method: GET, POST, PUT or DELETE (any case).
        url: The URL to call.
        body: JSON text, an already parsed object or list, or None (no body).

    Raises:
        ActionError: a bad method, URL or body, or a body on a GET.
    """
    verb = method.strip().upper()
    if verb not in API_METHODS:
        raise ActionError(
            f"bad API method {_echo(method.strip())}: use {', '.join(API_METHODS)}, "
            "e.g. api [GET] [http://forum.test/api/forums]"
        )
    target = _check_url(url, "api")
    text = _json_text(body, "api body", 'a JSON object such as {"title": "..."}')
    if text is not None and verb == "GET":
        raise ActionError(
            "a GET sends no body: put parameters in the URL's query, e.g. "
            "api [GET] [http://forum.test/api/forums?sort=new]"
        )
    return Action(K.API, text=target, method=verb, body=text)


def tool_action(name: str, params: object) -> Action:
    """The ``tool`` action for a tool name and its parameters, checked against the tool.

    Args:
        name: The tool's name (:mod:`webenv.actions.tools`).
        params: JSON text of an object, an already parsed dict, or None (no parameters).

    Raises:
        ActionError: an unknown tool, or parameters its declaration does not accept.
    """
    from webenv.actions.tools import check_call

    text = _json_text(params, "tool parameters", 'a JSON object such as {"name": "books"}')
    value = {} if text is None else json.loads(text)
    if not isinstance(value, dict):
        raise ActionError(
            'tool parameters must be a JSON object such as {"name": "books"}, '
            f"not {type(value).__name__}"
        )
    tool, args = check_call(name.strip(), value)
    return Action(K.TOOL, text=tool.name, body=json.dumps(args, ensure_ascii=False))


def _json_text(value: object, what: str, example: str) -> str | None:
    """``value`` (JSON text or a parsed value) as canonical JSON text; None when empty."""
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip():
            return None
        if len(value) > MAX_BODY_CHARS:
            raise ActionError(
                f"{what} too long ({len(value)} characters; the limit is {MAX_BODY_CHARS})"
            )
        try:
            value = json.loads(value)
        except JSON_ERRORS as exc:
            raise ActionError(f"{what} is not JSON ({str(exc)[:60]}): write {example}") from None
    if not isinstance(value, dict | list):
        raise ActionError(f"{what} must be {example}, not a JSON {type(value).__name__}")
    _check_strings(value, f"a string in the {what}")
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ActionError(
            f"{what} holds a value JSON cannot express (a set, bytes, a tuple key or NaN): "
            f"write {example}"
        ) from None
    if len(text) > MAX_BODY_CHARS:
        raise ActionError(
            f"{what} too long ({len(text)} characters; the limit is {MAX_BODY_CHARS})"
        )
    return text


def _check_strings(value: object, what: str) -> None:
    """:func:`_check_chars` on every key and string of a decoded JSON value: escapes such
    as ``"\\u0000"`` or ``"\\ud800"`` decode to characters the action text never showed."""
    stack = [value]
    while stack:  # no recursion: bodies may nest deeply
        item = stack.pop()
        if isinstance(item, str):
            _check_chars(item, what)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def _arity(verb: str) -> str:
    return "2 or 3 arguments" if verb == "type" else "2 arguments"


def _missing_id_hint(verb: str, args: list[str]) -> str:
    if not args:
        return f"; give the element's id from the observation, e.g. {verb} [12]"
    return ""


def _split_groups(source: str, rest: str, usage: str) -> list[str]:
    """Split ``[a] [b] [c]`` into ``["a", "b", "c"]`` (nesting-aware)."""
    groups: list[str] = []
    i = 0
    n = len(rest)
    while i < n:
        char = rest[i]
        if char.isspace():
            i += 1
            continue
        if char != "[":
            raise ActionError(
                f"unexpected text {_echo(rest[i:])} in {_echo(source)}; arguments go in "
                f"square brackets: {usage}"
            )
        end = _closing_bracket(rest, i)
        if end < 0:
            raise ActionError(
                f"unbalanced brackets in {_echo(source)}: every '[' needs a matching ']': {usage}"
            )
        groups.append(rest[i + 1 : end])
        i = end + 1
    return groups


def _closing_bracket(text: str, start: int) -> int:
    """The index of the ']' that closes the '[' at ``text[start]`` (brackets nest), or -1."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "[":
            depth += 1
        elif text[index] == "]":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _parse_id(raw: object, verb: str) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        if raw < 0 or raw >= 10**_MAX_ID_DIGITS:
            raise ActionError(
                f"element id must be a non-negative integer below 10**{_MAX_ID_DIGITS}, "
                f"got {_echo(str(raw))}: {_id_advice(verb)}"
            )
        return raw
    if isinstance(raw, str):
        token = raw.strip()
        if _DIGITS.match(token):
            if len(token) <= _MAX_ID_DIGITS:
                return int(token)
            raise ActionError(f"element id {_echo(token)} is too large: {_id_advice(verb)}")
        if not token:
            raise ActionError(f"missing element id: {_id_advice(verb)}")
        raise ActionError(f"element id must be a number, got {_echo(token)}: {_id_advice(verb)}")
    raise ActionError(f"element id must be a number, got {type(raw).__name__}: {_id_advice(verb)}")


def _id_advice(verb: str) -> str:
    return (
        f"ids are the numbers in square brackets in the observation, "
        f'e.g. {verb} [12] or {_BG_NAME.get(verb, verb)}("12")'
    )


def _parse_direction(raw: str) -> str:
    direction = raw.strip().lower()
    if direction not in ("up", "down"):
        raise ActionError(f"bad scroll direction {_echo(raw)}: use scroll [down] or scroll [up]")
    return direction


def _check_text(value: str, what: str) -> str:
    if len(value) > MAX_TEXT_CHARS:
        raise ActionError(
            f"{what} too long ({len(value)} characters; the limit is {MAX_TEXT_CHARS})"
        )
    return value


def _check_url(value: str, verb: str = "goto") -> str:
    url = value.strip()
    if not url:
        raise ActionError(f"{verb} needs a URL, e.g. {verb} [http://shop.test/]")
    if len(url) > MAX_URL_CHARS:
        raise ActionError(f"URL too long ({len(url)} characters; the limit is {MAX_URL_CHARS})")
    if any(char.isspace() for char in url):
        raise ActionError(f"URL {_echo(url)} contains whitespace; encode spaces as %20")
    return url


def _check_key(value: str) -> str:
    key = value.strip()
    if not key:
        raise ActionError("press needs a key, e.g. press [Enter] or press [Control+a]")
    if len(key) > MAX_KEY_CHARS:
        raise ActionError(
            f"key too long ({len(key)} characters; the limit is {MAX_KEY_CHARS}): "
            "use a key name such as Enter or a combination such as Control+a"
        )
    if not _KEY.match(key):
        raise ActionError(
            f"bad key {_echo(key)}: use a key name such as Enter, Tab or ArrowDown, "
            "or a combination such as Control+a (no spaces)"
        )
    return key


# -- BrowserGym style ------------------------------------------------------------------


# WebArena verb -> BrowserGym verb, for advice in messages.
_BG_NAME = {
    "type": "fill",
    "select": "select_option",
    "close_tab": "tab_close",
    "stop": "send_msg_to_user",
}


def _parse_browsergym(source: str, verb: str, rest: str) -> Action:
    row = spec("browsergym", verb)
    if row is None:
        if verb in _WEBARENA_VERBS:
            usage = _usage(verb)
            alt = _BG_NAME.get(verb)
            hint = f" or {_browsergym_example(alt)}" if alt else ""
            raise ActionError(f"{verb}(...) is not a BrowserGym action; write {usage}{hint}")
        raise ActionError(f"unknown action {_echo(verb)}; {_accepted()}")
    call = _parse_call(source)
    name = call.func.id if isinstance(call.func, ast.Name) else ""
    if name.lower() != verb:
        raise ActionError(f'cannot read {_echo(source)} as one call such as click("12")')
    params, required = row.params, row.required
    signature = row.signature
    values: dict[str, object] = {}
    if len(call.args) > len(params):
        raise ActionError(
            f"{verb} takes {_count(required, len(params))}: {signature} "
            f"(got {len(call.args) + len(call.keywords)})"
        )
    for param, node in zip(params, call.args, strict=False):
        values[param] = _literal(node, verb)
    for keyword in call.keywords:
        if keyword.arg is None:
            raise ActionError(f"{verb} does not accept **kwargs: {signature}")
        if keyword.arg not in params:
            raise ActionError(f"{verb} has no argument {_echo(keyword.arg)}: {signature}")
        if keyword.arg in values:
            raise ActionError(f"{verb} got argument {keyword.arg!r} twice: {signature}")
        values[keyword.arg] = _literal(keyword.value, verb)
    missing = [p for p in params[:required] if p not in values]
    if missing:
        raise ActionError(
            f"{verb} takes {_count(required, len(params))}: {signature} "
            f"(missing {', '.join(missing)})"
        )
    return _browsergym_action(verb, values, signature)


def _count(required: int, total: int) -> str:
    if required == total:
        return "no arguments" if total == 0 else f"{total} argument{'s' if total > 1 else ''}"
    return f"{required} to {total} arguments"


def _parse_call(source: str) -> ast.Call:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. invalid escape sequences in strings
            tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        message = str(exc.msg)
        if "unterminated" in message or "EOF" in message:
            raise ActionError(
                f"unbalanced quotes in {_echo(source)}: close every string, "
                f'e.g. fill("7", "blue mug")'
            ) from None
        if "never closed" in message or "unmatched" in message or "does not match" in message:
            raise ActionError(
                f"unbalanced parentheses or brackets in {_echo(source)}: "
                f'write one call such as click("12")'
            ) from None
        raise ActionError(
            f"cannot parse {_echo(source)} ({message}); write one call such as "
            f'click("12") or fill("7", "text")'
        ) from None
    except (ValueError, RecursionError, MemoryError, OverflowError):
        raise ActionError(
            f'cannot parse {_echo(source)}; write one call such as click("12")'
        ) from None
    body = tree.body
    if not isinstance(body, ast.Call):
        raise ActionError(f'expected one call such as click("12"), got {_echo(source)}')
    return body


def _check_chars(text: str, what: str) -> None:
    """Reject characters a page cannot hold (C0 controls but tab/LF/CR, lone surrogates)."""
    bad = UNHOLDABLE_CHARS.search(text)
    if bad:
        char = ord(bad.group())
        kind = "lone surrogate" if 0xD800 <= char <= 0xDFFF else "control character"
        raise ActionError(
            f"{what} contains the {kind} U+{char:04X} at position {bad.start()}, which no "
            "page can hold; remove it"
        )


def _literal(node: ast.expr, verb: str) -> object:
    """A string or number literal (or a list of strings, for select_option)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int | float):
        if isinstance(node.value, bool):
            raise ActionError(f"{verb} arguments must be strings or numbers, got a bool")
        if isinstance(node.value, str):  # escapes such as "\x00" or "\udf99" decode here
            _check_chars(node.value, f"a string argument of {verb}")
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub | ast.UAdd)
        and isinstance(node.operand, ast.Constant)
        and isinstance(node.operand.value, int | float)
        and not isinstance(node.operand.value, bool)
    ):
        value = node.operand.value
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.List | ast.Tuple) and verb == "select_option":
        items = [_literal(item, verb) for item in node.elts]
        return items
    if isinstance(node, ast.Dict | ast.List) and verb in ("api", "tool"):
        try:
            return ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            raise ActionError(
                f"{verb}: a dict argument may hold only literal strings, numbers, booleans, "
                "None, lists and dicts"
            ) from None
    raise ActionError(
        f'{verb} arguments must be literal strings or numbers such as "12" or 400 '
        "(no variables or expressions)"
    )


def _as_text(value: object, verb: str, param: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return str(value)
    raise ActionError(f"{verb}: {param} must be a string")


def _browsergym_action(verb: str, values: dict[str, object], signature: str) -> Action:  # noqa: C901 - one branch per BrowserGym function
    if verb in ELEMENT_KINDS:
        return Action(ActionKind(verb), target=_parse_id(values["bid"], verb))
    if verb == "fill":
        text = _check_text(_as_text(values["value"], verb, "value"), "text")
        return Action(K.TYPE, target=_parse_id(values["bid"], "type"), text=text)
    if verb == "select_option":
        options = values["options"]
        if isinstance(options, list):
            if len(options) != 1:
                raise ActionError(
                    f"select_option takes exactly one option label here, got {len(options)}: "
                    f"{signature}"
                )
            options = options[0]
        label = _as_text(options, verb, "options")
        if not label.strip():
            raise ActionError(f"select_option needs the option's label: {signature}")
        return Action(
            K.SELECT,
            target=_parse_id(values["bid"], "select"),
            text=_check_text(label, "option label"),
        )
    if verb == "press":
        key = _check_key(_as_text(values["key_comb"], verb, "key_comb"))
        return Action(K.PRESS, target=_parse_id(values["bid"], "press"), text=key)
    if verb == "keyboard_press":
        return Action(K.PRESS, text=_check_key(_as_text(values["key"], verb, "key")))
    if verb == "scroll":
        dx, dy = values["delta_x"], values["delta_y"]
        if not isinstance(dx, int | float) or not isinstance(dy, int | float):
            raise ActionError(f"scroll takes two numbers: {signature}, e.g. scroll(0, 400)")
        if dy == 0:
            raise ActionError(
                "bad scroll direction: delta_y must be non-zero (positive scrolls down, "
                "negative up), e.g. scroll(0, 400)"
            )
        return Action(K.SCROLL, text="down" if dy > 0 else "up")
    if verb == "goto":
        return Action(K.GOTO, text=_check_url(_as_text(values["url"], verb, "url")))
    if verb in NO_ARGUMENT_KINDS:
        return Action(ActionKind(verb))
    if verb == "tab_close":
        return Action(K.CLOSE_TAB)
    if verb == "tab_focus":
        index = values["index"]
        if isinstance(index, str) and _DIGITS.match(index.strip()):
            index = int(index.strip()) if len(index.strip()) <= _MAX_ID_DIGITS else -1
        if not isinstance(index, int) or index < 0 or index >= 10**_MAX_ID_DIGITS:
            raise ActionError(
                f"tab index must be a non-negative integer, got {_echo(str(index))}: {signature}"
            )
        return Action(K.TAB_FOCUS, tab_index=index)
    if verb == "api":
        return api_action(
            _as_text(values["method"], verb, "method"),
            _as_text(values["url"], verb, "url"),
            values.get("body"),
        )
    if verb == "tool":
        return tool_action(_as_text(values["name"], verb, "name"), values.get("params"))
    if verb == "send_msg_to_user":
        return Action(K.STOP, text=_check_text(_as_text(values["text"], verb, "text"), "answer"))
    # report_infeasible
    reason = _check_text(_as_text(values["reason"], verb, "reason"), "reason")
    return Action(K.STOP, text=reason, infeasible=True)
