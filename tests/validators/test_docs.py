"""The examples in ``check_answer``'s docstring run as written."""

from __future__ import annotations

import doctest

import webenv.validators.answers as answers


def test_check_answer_docstring_examples():
    result = doctest.testmod(answers, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 6 and result.failed == 0
