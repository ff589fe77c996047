"""Postmill's compact vote arrows beside the score, on listings, submissions and comments.

The arrows are still forms without JavaScript, and the accessibility tree reads as it did
with text buttons: each button is named by its ``aria-label`` and keeps its words.
"""

from __future__ import annotations

import re
import sqlite3

from flask.testing import FlaskClient
from lxml import html

from webenv.axtree import build_axtree


def vote_forms(body: bytes) -> list[html.HtmlElement]:
    return html.fromstring(body).cssselect("form.vote")


def describe(form: html.HtmlElement) -> tuple[list[str], list[str], list[str], str]:
    """(aria-labels, the buttons' words, the voted buttons' classes, the score shown)."""
    buttons = form.cssselect("button")
    return (
        [b.get("aria-label") for b in buttons],
        [b.text_content() for b in buttons],
        [b.get("class") for b in buttons if "voted" in b.get("class").split()],
        form.cssselect(".vote-score")[0].text_content(),
    )


def test_arrows_stand_beside_the_score_in_a_listing(
    client: FlaskClient, auth, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    response = client.get("/f/books?sort=new")
    check_page(response.data)
    tree = html.fromstring(response.data)
    items = tree.cssselect("ol.submission-list > li")
    assert len(items) == 25
    for item in items:
        title = item.cssselect("h2 a")[0].text_content()
        score = conn.execute(
            "SELECT score FROM submissions WHERE title = ? AND deleted = 0 ORDER BY id DESC",
            (title,),
        ).fetchone()[0]
        (form,) = item.cssselect("form.vote")
        assert form.get("method") == "post" and form.cssselect("input[name=csrf_token]")
        labels, _words, _voted, shown = describe(form)
        assert labels[0].endswith(f"submission: {title}")
        assert shown == str(score)
        for button, direction in zip(form.cssselect("button"), ("up", "down"), strict=True):
            assert button.get("type") == "submit" and button.get("name") == "direction"
            assert f"vote-{direction}" in button.get("class")
            assert len(button) == 0  # the stylesheet draws the arrow: no extra elements
        assert form.cssselect(".vote-score")[0].get("aria-hidden") == "true"


def test_the_current_vote_is_highlighted_and_withdrawn_by_its_arrow(
    client: FlaskClient, auth, post, conn: sqlite3.Connection
) -> None:
    auth.login()
    submission_id, title = conn.execute(
        "SELECT s.id, s.title FROM submissions s JOIN forums f ON f.id = s.forum_id"
        " WHERE f.name = 'chess' AND s.deleted = 0 AND s.locked = 0 AND NOT EXISTS"
        " (SELECT 1 FROM submission_votes v WHERE v.submission_id = s.id AND v.user_id = 1)"
        " ORDER BY s.id LIMIT 1"
    ).fetchone()
    page = f"/f/chess/{submission_id}"

    def article_form() -> html.HtmlElement:
        body = client.get(page, follow_redirects=True).data
        return html.fromstring(body).cssselect("article form.vote")[0]

    score = conn.execute("SELECT score FROM submissions WHERE id = ?", (submission_id,)).fetchone()
    assert describe(article_form()) == (
        [f"Upvote submission: {title}", f"Downvote submission: {title}"],
        ["Upvote", "Downvote"],
        [],
        str(score[0]),
    )
    assert article_form().get("class") == "vote"
    post(f"/vote/submission/{submission_id}", {"direction": "up"})
    form = article_form()
    assert describe(form) == (
        [f"Remove upvote from submission: {title}", f"Downvote submission: {title}"],
        ["Remove upvote", "Downvote"],
        ["vote-up voted"],
        str(score[0] + 1),
    )
    assert form.get("class") == "vote upvoted"
    assert [b.get("value") for b in form.cssselect("button")] == ["none", "down"]
    post(f"/vote/submission/{submission_id}", {"direction": "down"})
    form = article_form()
    assert describe(form)[1:] == (
        ["Upvote", "Remove downvote"],
        ["vote-down voted"],
        str(score[0] - 1),
    )
    assert form.get("class") == "vote downvoted"
    post(f"/vote/submission/{submission_id}", {"direction": "none"})
    assert describe(article_form())[2:] == ([], str(score[0]))


def test_comment_arrows_show_the_comment_score(
    client: FlaskClient, auth, conn: sqlite3.Connection, check_page
) -> None:
    auth.login()
    submission_id = conn.execute(
        "SELECT s.id FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE f.name = 'chess'"
        " AND s.deleted = 0 AND s.comment_count > 3 ORDER BY s.id LIMIT 1"
    ).fetchone()[0]
    response = client.get(f"/f/chess/{submission_id}", follow_redirects=True)
    check_page(response.data)
    tree = html.fromstring(response.data)
    comments = [c for c in tree.cssselect("li.comment") if c.cssselect(".comment-actions")]
    assert comments
    for comment in comments:
        comment_id = int(comment.get("id").removeprefix("comment-"))
        author, score = conn.execute(
            "SELECT u.username, c.score FROM comments c JOIN users u ON u.id = c.user_id"
            " WHERE c.id = ?",
            (comment_id,),
        ).fetchone()
        form = comment.cssselect(":scope > .comment-actions form.vote")[0]
        labels, _words, _voted, shown = describe(form)
        assert labels[1] == f"Downvote comment by {author}" or labels[1].startswith("Remove")
        assert shown == str(score)


def test_the_ax_tree_reads_the_buttons_words_not_the_arrows(
    client: FlaskClient, auth, conn: sqlite3.Connection
) -> None:
    auth.login()
    body = client.get("/f/books?sort=new").data
    lines = build_axtree(html.fromstring(body)).lines()
    words = r"(Upvote|Downvote|Remove upvote|Remove downvote)"
    buttons = [i for i, line in enumerate(lines) if re.search(rf"button '{words} ", line)]
    assert len(buttons) == 50
    for index in buttons:
        assert re.fullmatch(rf"\t*\[\d+\] StaticText '{words}'", lines[index + 1])
    # the score beside the arrows is hidden; the meta line says the points
    texts = [line.strip() for line in lines]
    assert not any(re.fullmatch(r"\[\d+\] StaticText '-?\d+'", text) for text in texts)
    assert not any("image" in text and "vote" in text.lower() for text in texts)


def test_anonymous_visitors_see_no_arrows(client: FlaskClient) -> None:
    assert vote_forms(client.get("/f/books").data) == []
