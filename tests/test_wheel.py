"""The built wheel carries templates, static files, data and task JSON."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_installs_into_a_fresh_venv_and_runs_the_demo(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
        text=True,
    )
    wheel = next(dist.glob("webenv-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for expected in (
        "webenv/sites/shop/schema.sql",
        "webenv/sites/shop/templates/shop/base.html",
        "webenv/sites/shop/static/shop.css",
        "webenv/data/task.schema.json",
        "webenv/validators/__init__.py",
        "webenv/task_files/shop/",
        "webenv/py.typed",
        "webenv/browser/chromium/inspect.js",
        "webenv/browser/chromium/serialize.js",
        "webenv/browser/chromium/proxy.py",
        "webenv/axtree/rules.py",
    ):
        assert any(name.startswith(expected) for name in names), expected
    assert not any(name.startswith(("sites/", "validators/", "tasks/")) for name in names)

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # The fresh venv sees this environment's dependencies (already installed from PyPI)
    # through a path entry, but webenv itself only from the wheel.
    target = Path(sysconfig.get_paths(vars={"base": str(venv), "platbase": str(venv)})["purelib"])
    (target / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    python = venv / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    where = subprocess.run(
        [str(python), "-c", "import webenv.sites.shop as m; print(m.__file__)"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(str(venv)), where
    demo = subprocess.run(
        [str(venv / "bin" / "webenv"), "demo"], cwd=tmp_path, capture_output=True, text=True
    )
    assert demo.returncode == 0, demo.stderr + demo.stdout
    assert "passed=True" in demo.stdout
