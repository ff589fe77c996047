"""Maps the top-level source folders into the single ``webenv`` import namespace.

``sites/``, ``validators/`` and ``tasks/`` sit beside ``webenv/`` in the repository
but install as ``webenv.sites``, ``webenv.validators`` and ``webenv.task_files``.
Static metadata lives in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

ROOTS = {
    "webenv": "webenv",
    "webenv.sites": "sites",
    "webenv.validators": "validators",
    "webenv.task_files": "tasks",
}


def packages() -> list[str]:
    found = []
    for name, folder in ROOTS.items():
        found.append(name)
        subpackages = find_namespace_packages(
            where=folder, exclude=["*__pycache__*"]
        )
        found += [f"{name}.{sub}" for sub in subpackages]
    return found


setup(packages=packages())
