"""The Contributors page (/-/graphs/<branch>): non-merge commits per author on a branch."""

from __future__ import annotations

from flask.testing import FlaskClient
from lxml import html

MAINTAINED = "northwind/falcon-proxy"

AUTHORS_ON_BRANCH = """
WITH RECURSIVE reach(sha) AS (
  SELECT ? UNION
  SELECT p.sha FROM reach JOIN commits c ON c.project_id = :project AND c.sha = reach.sha
  JOIN commits p ON p.project_id = :project AND p.sha IN (c.parent_sha, c.parent2_sha)
)
SELECT c.author_name, c.author_email, COUNT(*) FROM reach
JOIN commits c ON c.project_id = :project AND c.sha = reach.sha
WHERE c.parent2_sha IS NULL GROUP BY c.author_name, c.author_email
ORDER BY COUNT(*) DESC, lower(c.author_name), c.author_email
"""


def expected(conn, project_id: int, head: str) -> list[tuple[str, str, int]]:
    sql = AUTHORS_ON_BRANCH.replace("?", ":head")
    return [tuple(row) for row in conn.execute(sql, {"head": head, "project": project_id})]


def rows(body: bytes) -> list[tuple[str, str, int]]:
    table = html.fromstring(body).cssselect("table.contributors tbody tr")
    result = []
    for row in table:
        name, email, commits = (cell.text_content() for cell in row.cssselect("td"))
        result.append((name, email, int(commits.split()[0])))
    return result


def test_contributors_count_non_merge_commits_per_author(
    client: FlaskClient, conn, facts, check_page
) -> None:
    response = client.get(f"/{MAINTAINED}/-/graphs/main")
    assert response.status_code == 200
    check_page(response.data)
    shown = rows(response.data)
    want = expected(conn, facts.project_id(MAINTAINED), facts.head(MAINTAINED))
    assert len(want) >= 2
    assert shown == want
    counts = [count for _name, _email, count in shown]
    assert counts == sorted(counts, reverse=True)
    text = response.get_data(as_text=True)
    assert f"{sum(counts)} commits by {len(shown)} contributors" in text


def test_contributors_of_another_branch_and_the_project_nav(
    client: FlaskClient, conn, facts
) -> None:
    project_id = facts.project_id(MAINTAINED)
    branch = conn.execute(
        "SELECT name, commit_sha FROM refs WHERE project_id = ? AND kind = 'branch'"
        " AND name != 'main' ORDER BY name LIMIT 1",
        (project_id,),
    ).fetchone()
    response = client.get(f"/{MAINTAINED}/-/graphs/{branch[0]}")
    assert rows(response.data) == expected(conn, project_id, branch[1])
    overview = html.fromstring(client.get(f"/{MAINTAINED}").data)
    links = overview.cssselect("nav.project-nav a")
    assert [a.get("href") for a in links if a.text_content() == "Contributors"] == [
        f"/{MAINTAINED}/-/graphs/main"
    ]
    switch = client.get(
        f"/{MAINTAINED}/-/refs/switch", query_string={"view": "graphs", "ref": branch[0]}
    )
    assert switch.headers["Location"].endswith(f"/-/graphs/{branch[0]}")


def test_merge_commits_are_not_counted(client: FlaskClient, conn, facts) -> None:
    project_id = facts.project_id(MAINTAINED)
    reach = AUTHORS_ON_BRANCH.split("SELECT c.author_name")[0].replace("?", ":head")
    merges, total = conn.execute(
        reach + "SELECT SUM(c.parent2_sha IS NOT NULL), COUNT(*) FROM reach"
        " JOIN commits c ON c.project_id = :project AND c.sha = reach.sha",
        {"head": facts.head(MAINTAINED), "project": project_id},
    ).fetchone()
    assert merges > 0
    shown = rows(client.get(f"/{MAINTAINED}/-/graphs/main").data)
    assert sum(count for *_, count in shown) == total - merges


def test_unknown_branch_and_private_project_are_404(client: FlaskClient, auth, facts) -> None:
    assert client.get(f"/{MAINTAINED}/-/graphs/no-such-branch").status_code == 404
    assert client.get(f"/{MAINTAINED}/-/graphs/main/README.md").status_code == 404
    private = facts.project_with_role("alex.chen", 20)
    if facts.project(private)["visibility"] == "private":
        assert client.get(f"/{private}/-/graphs/main").status_code == 404
        auth.login()
        assert client.get(f"/{private}/-/graphs/main").status_code == 200
