"""Built-in project templates for "New project › Create from template".

Like GitLab's built-in templates, each is a small, working starting point: a file
tree and a README that a new project's repository gets in its initial commit. The
texts name the project through three placeholders, filled in when it is created:
``__NAME__`` (the project name), ``__PACKAGE__`` (a Python package name made from
its slug) and ``__DESCRIPTION__``.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, render_template
from werkzeug.wrappers import Response

from ..core.auth import login_required

bp = Blueprint("project_templates", __name__)


@dataclass(frozen=True)
class ProjectTemplate:
    """A built-in template.

    Attributes:
        key: Its name in URLs and forms (``python-package``).
        name: The name shown (``Python package``).
        description: One line on what it sets up.
        language: The language a project made from it shows.
        files: Path -> text, with the placeholders of this module's docstring.
    """

    key: str
    name: str
    description: str
    language: str
    files: dict[str, str]

    def render(self, name: str, slug: str, description: str) -> dict[str, str]:
        """Return the template's files for a project called ``name`` at ``slug``."""
        package = slug.replace("-", "_").replace(".", "_")
        if not package[:1].isalpha():
            package = f"pkg_{package}"
        values = {
            "__NAME__": name,
            "__PACKAGE__": package,
            "__DESCRIPTION__": description or f"{name}, created from the {self.name} template.",
        }
        rendered = {}
        for path, text in self.files.items():
            for placeholder, value in values.items():
                path, text = path.replace(placeholder, value), text.replace(placeholder, value)
            rendered[path] = text
        return rendered


PYTHON_PACKAGE = ProjectTemplate(
    key="python-package",
    name="Python package",
    description="A Python library with a pyproject.toml, a src/ layout and pytest tests.",
    language="Python",
    files={
        "README.md": """# __NAME__

__DESCRIPTION__

## Installation

```
pip install -e .
```

## Development

Run the tests with `pytest`.
""",
        "pyproject.toml": """[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "__PACKAGE__"
version = "0.1.0"
description = "__DESCRIPTION__"
requires-python = ">=3.10"

[tool.pytest.ini_options]
testpaths = ["tests"]
""",
        "src/__PACKAGE__/__init__.py": '''"""__DESCRIPTION__"""

__version__ = "0.1.0"


def greet(name: str) -> str:
    """Return a greeting for ``name``."""
    return f"Hello, {name}!"
''',
        "tests/test_greet.py": """from __PACKAGE__ import greet


def test_greet() -> None:
    assert greet("world") == "Hello, world!"
""",
        ".gitignore": "__pycache__/\n*.egg-info/\n.venv/\ndist/\n",
    },
)

STATIC_SITE = ProjectTemplate(
    key="static-site",
    name="Static site",
    description="Plain HTML and CSS pages, published from the public/ folder.",
    language="HTML",
    files={
        "README.md": """# __NAME__

__DESCRIPTION__

The site is the `public/` folder: open `public/index.html` in a browser to preview it.
The CI job in `.gitlab-ci.yml` publishes it on every push to the default branch.
""",
        "public/index.html": """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>__NAME__</title>
<link rel="stylesheet" href="style.css">
</head>
<body>
<h1>__NAME__</h1>
<p>__DESCRIPTION__</p>
</body>
</html>
""",
        "public/style.css": """body {
  font-family: sans-serif;
  margin: 2rem auto;
  max-width: 40rem;
}
""",
        ".gitlab-ci.yml": """pages:
  stage: deploy
  script:
    - echo "Publishing public/"
  artifacts:
    paths:
      - public
  only:
    - main
""",
    },
)

FLASK_APP = ProjectTemplate(
    key="flask-app",
    name="Flask app",
    description="A small Flask web application with a template, a route and a test.",
    language="Python",
    files={
        "README.md": """# __NAME__

__DESCRIPTION__

## Running it

```
pip install -r requirements.txt
flask --app app run
```

Then open http://127.0.0.1:5000/. Run the tests with `pytest`.
""",
        "app.py": '''"""__DESCRIPTION__"""

from flask import Flask, render_template

app = Flask(__name__)


@app.route("/")
def index() -> str:
    """The home page."""
    return render_template("index.html", title="__NAME__")
''',
        "templates/index.html": """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{{ title }}</title></head>
<body><h1>{{ title }}</h1></body>
</html>
""",
        "requirements.txt": "flask>=3.0\npytest>=8.0\n",
        "tests/test_app.py": """from app import app


def test_index() -> None:
    response = app.test_client().get("/")
    assert response.status_code == 200
""",
        ".gitignore": "__pycache__/\n.venv/\ninstance/\n",
    },
)

TEMPLATES: dict[str, ProjectTemplate] = {
    template.key: template for template in (PYTHON_PACKAGE, STATIC_SITE, FLASK_APP)
}
"""The built-in templates by key, in the order the template list shows them."""


def readme(name: str, description: str) -> dict[str, str]:
    """The files of a blank project "initialized with a README"."""
    return {"README.md": f"# {name}\n\n{description or 'A new project.'}\n"}


def find(key: str) -> ProjectTemplate:
    """Return the template ``key`` or abort with 404."""
    template = TEMPLATES.get(key)
    if template is None:
        abort(404, f"There is no project template named {key[:100]}.")
    return template


@bp.route("/projects/new/templates")
@login_required
def index() -> Response | str:
    """The "Create from template" list: each built-in template, its files and "Use template"."""
    return render_template("githost/project_templates.html", templates=TEMPLATES.values())
