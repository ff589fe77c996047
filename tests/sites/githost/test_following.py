"""Following users: the profile's Follow button, counts and the followers/following lists."""

from __future__ import annotations

from lxml import html


def _not_followed(q) -> str:
    """A user alex.chen does not follow yet."""
    return q(
        "SELECT username FROM users WHERE id != 1 AND id NOT IN"
        " (SELECT followee_id FROM follows WHERE follower_id = 1) ORDER BY id LIMIT 1"
    )[0][0]


def test_pristine_follows_show_on_profiles(client, q, check_page) -> None:
    followers = q("SELECT COUNT(*) FROM follows WHERE followee_id = 1")[0][0]
    following = q("SELECT COUNT(*) FROM follows WHERE follower_id = 1")[0][0]
    assert followers and following
    page = client.get("/alex.chen")
    text = html.fromstring(page.data).text_content()
    assert f"{followers} followers" in text and f"{following} following" in text
    listing = client.get("/users/alex.chen/followers")
    assert listing.status_code == 200
    check_page(listing.data)
    names = {
        a.text_content() for a in html.fromstring(listing.data).cssselect("ul.item-list li > a")
    }
    expected = {
        row[0]
        for row in q(
            "SELECT u.name FROM follows f JOIN users u ON u.id = f.follower_id"
            " WHERE f.followee_id = 1"
        )
    }
    assert names == expected
    check_page(client.get("/users/alex.chen/following").data)


def test_follow_and_unfollow(client, auth, post, q, check_page) -> None:
    other = _not_followed(q)
    other_id = q("SELECT id FROM users WHERE username = ?", other)[0][0]
    auth.login()
    profile = client.get(f"/{other}")
    check_page(profile.data)
    assert "Follow" in [b.text_content() for b in html.fromstring(profile.data).cssselect("button")]
    assert post(f"/users/{other}/follow").headers["Location"] == f"/{other}"
    assert q(
        "SELECT COUNT(*) FROM follows WHERE follower_id = 1 AND followee_id = ?", other_id
    ) == [(1,)]
    assert post(f"/users/{other}/follow").status_code == 302  # twice is still one follow
    assert q(
        "SELECT COUNT(*) FROM follows WHERE follower_id = 1 AND followee_id = ?", other_id
    ) == [(1,)]
    buttons = [
        b.text_content() for b in html.fromstring(client.get(f"/{other}").data).iter("button")
    ]
    assert "Unfollow" in buttons
    assert "Alex Chen" in client.get(f"/users/{other}/followers").get_data(as_text=True)
    assert post(f"/users/{other}/unfollow").status_code == 302
    assert q(
        "SELECT COUNT(*) FROM follows WHERE follower_id = 1 AND followee_id = ?", other_id
    ) == [(0,)]


def test_follow_refusals(client, auth, post, q) -> None:
    other = _not_followed(q)
    before = q("SELECT * FROM follows ORDER BY 1, 2")
    assert post(f"/users/{other}/follow").status_code == 403  # signed out
    auth.login()
    assert post("/users/alex.chen/follow").status_code == 403  # yourself
    assert post("/users/nobody.here/follow").status_code == 404
    assert client.post(f"/users/{other}/follow").status_code == 400  # no CSRF token (BadRequest)
    assert client.get(f"/users/{other}/follow").status_code == 405
    assert client.get("/users/nobody.here/followers").status_code == 404
    assert q("SELECT * FROM follows ORDER BY 1, 2") == before
    own = html.fromstring(client.get("/alex.chen").data)
    assert "Follow" not in [b.text_content() for b in own.iter("button")]


def test_following_api(client, auth, q) -> None:
    other = _not_followed(q)
    other_id = q("SELECT id FROM users WHERE username = ?", other)[0][0]
    auth.login()
    assert client.post(f"/api/v4/users/{other_id}/follow", json={}).status_code == 201
    followers = client.get(f"/api/v4/users/{other_id}/followers").json
    assert "alex.chen" in [u["username"] for u in followers]
    following = client.get("/api/v4/users/1/following?per_page=100").json
    assert sorted(u["id"] for u in following) == [
        row[0] for row in q("SELECT followee_id FROM follows WHERE follower_id = 1 ORDER BY 1")
    ]
    assert client.post(f"/api/v4/users/{other_id}/unfollow", json={}).status_code == 200
    assert q(
        "SELECT COUNT(*) FROM follows WHERE follower_id = 1 AND followee_id = ?", other_id
    ) == [(0,)]
    assert client.post("/api/v4/users/1/follow", json={}).status_code == 403
    assert client.post("/api/v4/users/99999/follow", json={}).status_code == 404
