"""The request log's form fields: a JSON body is logged the way a form's fields are."""

from __future__ import annotations

import gc
import io
import json

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from webenv.requestlog import log_json, read_form


def _environ(body: bytes, content_type: str) -> dict:
    return {
        "REQUEST_METHOD": "POST",
        "CONTENT_TYPE": content_type,
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
    }


def test_json_fields_are_flattened_like_nested_form_fields() -> None:
    body = {
        "cartItem": {
            "sku": "EL-1",
            "qty": 2,
            "product_option": {"options": [{"id": "size", "value": "M"}]},
        },
        "flags": [True, None, 1.5],
        "ok": False,
    }
    assert log_json(json.dumps(body).encode()) == {
        "cartItem[sku]": "EL-1",
        "cartItem[qty]": "2",
        "cartItem[product_option][options][0][id]": "size",
        "cartItem[product_option][options][0][value]": "M",
        "flags": ["true", "", "1.5"],
        "ok": "false",
    }
    assert log_json(b"[1, 2]") == {} and log_json(b'"token"') == {} and log_json(b"{x") == {}


def test_read_form_logs_a_json_body_and_leaves_it_readable() -> None:
    body = json.dumps({"username": "emma", "password": "x"}).encode()
    environ = _environ(body, "application/json; charset=utf-8")
    assert read_form(environ) == {"username": "emma", "password": "x"}
    assert environ["wsgi.input"].read() == body


def test_read_form_logs_nothing_for_malformed_json_and_still_reads_forms() -> None:
    assert read_form(_environ(b"{not json", "application/json")) == {}
    form = _environ(b"a=1&a=2&b=x", "application/x-www-form-urlencoded")
    assert read_form(form) == {"a": ["1", "2"], "b": "x"}


def test_read_form_logs_a_multipart_forms_fields_and_closes_its_files() -> None:
    """An upload's file part is spooled to a temporary file: the log closes it (an unclosed
    one is a ResourceWarning, an error under the suite's warning filter)."""
    boundary, body = encode_multipart(
        {"title": "Herbs", "image": FileStorage(io.BytesIO(b"\x89PNG" + b"\x00" * 64), "a.png")}
    )
    environ = _environ(body, f"multipart/form-data; boundary={boundary}")
    assert read_form(environ) == {"title": "Herbs"}
    assert environ["wsgi.input"].read() == body
    gc.collect()
