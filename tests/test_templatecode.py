"""Compiled templates shared by a process's site apps and kept on disk: never stale or fatal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from jinja2 import DictLoader, Environment

from webenv.templatecode import TemplateCode, store_folder, template_code
from webenv.world import World

TEMPLATES = {"page.html": "{% for x in items %}<li>{{ x }}</li>{% endfor %}"}


class CountingEnvironment(Environment):
    """An environment that counts the templates it compiles from source."""

    def __init__(self, cache: TemplateCode, templates: dict[str, str], **options) -> None:
        super().__init__(loader=DictLoader(templates), bytecode_cache=cache, **options)
        self.compiled: list[str] = []

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        self.compiled.append(name)
        return super().compile(source, name, filename, raw, defer_init)


def render(environment: Environment) -> str:
    return environment.get_template("page.html").render(items=["a", "<b>"])


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "templates"


def test_a_template_compiled_once_is_loaded_by_other_apps_and_later_processes(folder):
    cache = TemplateCode(lambda: folder)
    first = CountingEnvironment(cache, TEMPLATES, autoescape=True)
    assert render(first) == "<li>a</li><li>&lt;b&gt;</li>"
    assert first.compiled == ["page.html"]
    (stored,) = folder.glob("*.jinja")
    assert not list(folder.glob(".partial-*"))

    second = CountingEnvironment(cache, TEMPLATES, autoescape=True)  # another app
    assert render(second) == "<li>a</li><li>&lt;b&gt;</li>"
    assert second.compiled == []

    later = CountingEnvironment(TemplateCode(lambda: folder), TEMPLATES, autoescape=True)
    assert render(later) == "<li>a</li><li>&lt;b&gt;</li>"  # a new process: from the file
    assert later.compiled == []
    assert list(folder.glob("*.jinja")) == [stored]


def test_an_edited_template_is_compiled_again(folder):
    cache = TemplateCode(lambda: folder)
    render(CountingEnvironment(cache, TEMPLATES))
    edited = CountingEnvironment(cache, {"page.html": "{{ items|length }} items"})
    assert render(edited) == "2 items"
    assert edited.compiled == ["page.html"]
    later = CountingEnvironment(TemplateCode(lambda: folder), {"page.html": "{{ items|length }}"})
    assert render(later) == "2"
    assert later.compiled == ["page.html"]


def test_settings_that_change_the_code_are_part_of_the_key(folder):
    cache = TemplateCode(lambda: folder)
    escaped = CountingEnvironment(cache, TEMPLATES, autoescape=True)
    plain = CountingEnvironment(cache, TEMPLATES, autoescape=False)
    assert render(escaped) == "<li>a</li><li>&lt;b&gt;</li>"
    assert render(plain) == "<li>a</li><li><b></li>"
    assert plain.compiled == ["page.html"]
    assert len(list(folder.glob("*.jinja"))) == 2


def test_a_damaged_or_unwritable_folder_only_means_compiling(folder, tmp_path):
    render(CountingEnvironment(TemplateCode(lambda: folder), TEMPLATES))
    (stored,) = folder.glob("*.jinja")
    stored.write_bytes(stored.read_bytes()[:40])  # cut short
    damaged = CountingEnvironment(TemplateCode(lambda: folder), TEMPLATES)
    assert render(damaged) == "<li>a</li><li><b></li>"
    assert damaged.compiled == ["page.html"]
    repaired = CountingEnvironment(TemplateCode(lambda: folder), TEMPLATES)
    render(repaired)
    assert repaired.compiled == []  # the damaged file was replaced

    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    unwritable = CountingEnvironment(TemplateCode(lambda: blocked / "templates"), TEMPLATES)
    assert render(unwritable) == "<li>a</li><li><b></li>"
    memory_only = CountingEnvironment(TemplateCode(lambda: None), TEMPLATES)
    assert render(memory_only) == "<li>a</li><li><b></li>"


def test_world_apps_use_the_shared_cache_in_the_world_store(tmp_path, monkeypatch):
    worlds = os.environ["WEBENV_CACHE_DIR"]  # the suite's store (conftest.py)
    monkeypatch.setenv("WEBENV_CACHE_DIR", str(tmp_path / "worlds"))
    assert store_folder() == tmp_path / "worlds" / "templates"
    monkeypatch.setenv("WEBENV_CACHE_DIR", "")
    assert store_folder() is None
    monkeypatch.setenv("WEBENV_CACHE_DIR", worlds)
    world = World(["forum"])
    try:
        assert world.apps["forum"].jinja_env.bytecode_cache is template_code
    finally:
        world.close()
