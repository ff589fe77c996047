"""Finds the subpackages of the folders that pyproject.toml maps into ``webenv``.

The mapping itself (``webenv.sites`` -> ``sites/`` and so on) is written once, in
``[tool.setuptools] package-dir`` of pyproject.toml; setuptools' own package finder
cannot give mapped names, so this file walks each mapped folder.
"""

import tomllib
from pathlib import Path

from setuptools import find_namespace_packages, setup

ROOTS = tomllib.loads(Path(__file__).with_name("pyproject.toml").read_text())["tool"]["setuptools"][
    "package-dir"
]


def packages() -> list[str]:
    found = []
    for name, folder in ROOTS.items():
        found.append(name)
        subpackages = find_namespace_packages(where=folder, exclude=["*__pycache__*"])
        found += [f"{name}.{sub}" for sub in subpackages]
    return found


setup(packages=packages())
