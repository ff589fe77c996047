"""Plausible repository contents and the edits that make a project's history.

A :class:`ProjectFiles` is the working copy of one branch: source modules with
constants and functions, tests, a README with features and a changelog, docs, CI
and runtime configuration, a manifest with a version, a licence. Each ``op_*``
method changes a few files the way a developer would and returns the commit
message. Everything is drawn from :mod:`words` with a :class:`Rng`, so a seed
always gives the same files.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from string import Template

from ..core.rng import Rng
from . import words


def fill(template: str, **values: object) -> str:
    """Fill a ``$placeholder`` template."""
    return Template(template).substitute({key: str(value) for key, value in values.items()})


def camel(verb: str, noun: str) -> str:
    """Return ``verbNoun``."""
    return verb + noun[:1].upper() + noun[1:]


@dataclass
class Function:
    """One generated function and how it was made (so it can be changed later)."""

    name: str
    verb: str
    noun: str
    variant: int
    field: str
    const: str


@dataclass
class Module:
    """A source module with its constants, functions and tested functions."""

    name: str
    constants: list[list] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)


class ProjectFiles:
    """The files of one branch of a generated project.

    Args:
        rng: The project's generator.
        language: The project's language.
        package: The package name (the project path with underscores where needed).
        title: The display name used in the README.
        description: One-sentence description.
        domain: ``(singular, plural)`` of what the project handles.
        holder: Copyright holder for the licence.
        year: Copyright year.
    """

    def __init__(
        self,
        rng: Rng,
        language: words.Language,
        package: str,
        title: str,
        description: str,
        domain: tuple[str, str],
        holder: str,
        year: int,
    ) -> None:
        self.language = language
        self.package = package
        self.title = title
        self.description = description
        self.domain = domain
        self.version = (0, 1, 0)
        self.features: list[str] = []
        self.changelog: list[str] = []
        self.docs: dict[str, list[str]] = {}
        self.modules: dict[str, Module] = {}
        self.used_names: set[str] = set()
        self.reserved: set[str] = set()
        """Module names other branches will add; shared between copies on purpose."""
        self.ci_image = 0
        self.last_module = ""
        self.settings = {
            "log_level": rng.choice(words.LOG_LEVELS),
            "port": rng.choice((8000, 8080, 9000)),
            "backend": rng.choice(words.BACKENDS),
            "retention": rng.choice((7, 14, 30, 90)),
        }
        self.files: dict[str, str] = {}
        self.license_name, license_text = rng.choice(words.LICENSES)
        self.files["LICENSE"] = fill(license_text, year=year, holder=holder)
        self.files[".gitignore"] = language.gitignore
        self.files[fill(language.entry_path, package=package)] = fill(
            language.entry, package=package, description=description
        )
        for _ in range(2):
            self.features.append(self._feature(rng))
        for _ in range(rng.randint(2, 3)):
            self._new_module(rng, functions=rng.randint(2, 4))
        self.docs[rng.choice(words.DOC_TOPICS)[0]] = [
            fill(rng.choice(words.DOC_SENTENCES), domain=domain[0], domains=domain[1])
            for _ in range(3)
        ]
        self._render_all()

    def copy(self) -> ProjectFiles:
        """Return an independent working copy (for a new branch) sharing ``reserved``."""
        clone = copy.copy(self)
        clone.features = list(self.features)
        clone.changelog = list(self.changelog)
        clone.docs = {topic: list(sentences) for topic, sentences in self.docs.items()}
        clone.modules = {
            name: Module(
                module.name,
                [list(pair) for pair in module.constants],
                [copy.copy(function) for function in module.functions],
                list(module.tests),
            )
            for name, module in self.modules.items()
        }
        clone.used_names = set(self.used_names)
        clone.settings = dict(self.settings)
        clone.files = dict(self.files)
        return clone

    # -- rendering -------------------------------------------------------------------------

    @property
    def version_text(self) -> str:
        """The version as ``1.2.0``."""
        return ".".join(str(part) for part in self.version)

    def module_path(self, module: str) -> str:
        """Where a module's source file lives."""
        return fill(self.language.module_path, module=module, package=self.package)

    def test_path(self, module: str) -> str:
        """Where a module's test file lives."""
        return fill(self.language.test_path, module=module, package=self.package)

    def source_name(self, name: str) -> str:
        """A function's name as its source file spells it (``DecodeMetric`` in Go)."""
        return name[:1].upper() + name[1:] if self.language.exported else name

    def _render_function(self, function: Function) -> str:
        template = self.language.functions[function.variant % len(self.language.functions)]
        name = function.name
        return fill(
            template,
            name=name,
            Name=name[:1].upper() + name[1:],
            arg=function.noun + "s",
            noun=function.noun,
            field=function.field,
            const=function.const,
            verb=function.verb,
            Verb=function.verb.capitalize(),
        )

    def _render_module(self, module: Module) -> None:
        lang = self.language
        parts = [
            fill(
                lang.header, module=module.name, package=self.package, description=self.description
            )
        ]
        if module.constants:
            parts.append(
                "\n".join(
                    fill(lang.constant, const=name, value=value) for name, value in module.constants
                )
                + "\n"
            )
        parts += [self._render_function(function) for function in module.functions]
        self.files[self.module_path(module.name)] = "\n".join(parts)
        test_file = self.test_path(module.name)
        if module.tests:
            tests = [fill(lang.test_header, module=module.name, package=self.package)]
            for name in module.tests:
                tests.append(
                    fill(
                        lang.test,
                        name=name,
                        Name=name[:1].upper() + name[1:],
                        module=module.name,
                        package=self.package,
                    )
                )
            self.files[test_file] = "\n".join(tests)
        else:
            self.files.pop(test_file, None)

    def _render_readme(self) -> None:
        lang = self.language.name
        install = {
            "Python": "pip install " + self.package,
            "JavaScript": "npm install " + self.package,
            "Go": f"go install example.test/{self.package}/cmd/{self.package}@latest",
            "Rust": "cargo install " + self.package,
        }[lang]
        lines = [f"# {self.title}", "", self.description, "", "## Features", ""]
        lines += [f"- {feature}" for feature in self.features]
        lines += [
            "",
            "## Installation",
            "",
            "```sh",
            install,
            "```",
            "",
            "## Usage",
            "",
            "```sh",
            f"{self.package} --help",
            "```",
            "",
        ]
        if self.docs:
            lines += ["## Documentation", ""]
            lines += [f"- docs/{topic}.md" for topic in sorted(self.docs)]
            lines.append("")
        if self.changelog:
            lines += ["## Changelog", ""]
            lines += [f"- {entry}" for entry in reversed(self.changelog)]
            lines.append("")
        lines += ["## License", "", f"{self.license_name}. See the LICENSE file.", ""]
        self.files["README.md"] = "\n".join(lines)

    def _render_docs(self) -> None:
        titles = dict(words.DOC_TOPICS)
        for topic, sentences in self.docs.items():
            body = [f"# {titles[topic]}", ""]
            for start in range(0, len(sentences), 3):
                body += [" ".join(sentences[start : start + 3]), ""]
            self.files[f"docs/{topic}.md"] = "\n".join(body)

    def _render_config(self) -> None:
        lang = self.language
        self.files[lang.config_path] = fill(
            lang.config,
            package=self.package,
            version=self.version_text,
            description=self.description,
        )
        script = "\n".join(f"    - {command}" for command in lang.ci_script)
        self.files[".gitlab-ci.yml"] = fill(
            words.CI_TEMPLATE,
            image=lang.ci_images[self.ci_image],
            script=script,
            package=self.package,
        )
        self.files["config.yml"] = fill(words.CONFIG_YAML, package=self.package, **self.settings)

    def _render_all(self) -> None:
        for module in self.modules.values():
            self._render_module(module)
        self._render_readme()
        self._render_docs()
        self._render_config()

    # -- building blocks -------------------------------------------------------------------

    def _feature(self, rng: Rng) -> str:
        for _ in range(20):
            feature = fill(rng.choice(words.FEATURES), domains=self.domain[1])
            if feature not in self.features:
                return feature
        return fill(rng.choice(words.FEATURES), domains=self.domain[1]) + " (v2)"

    def _function(self, rng: Rng, module: Module) -> Function:
        for _ in range(50):
            verb, noun = rng.choice(words.VERBS), rng.choice(words.NOUNS)
            name = camel(verb, noun) if self.language.camel else f"{verb}_{noun}"
            if name not in self.used_names:
                break
        else:
            name = (
                f"{name}_{len(self.used_names)}"
                if not self.language.camel
                else (f"{name}{len(self.used_names)}")
            )
        self.used_names.add(name)
        const = rng.choice(module.constants)[0] if module.constants else "10"
        return Function(name, verb, noun, rng.randint(0, 9), rng.choice(words.FIELDS), const)

    def _new_module(self, rng: Rng, functions: int = 2) -> Module | None:
        taken = set(self.modules) | self.reserved
        free = [name for name in words.MODULES if name not in taken]
        if not free:
            return None
        module = Module(rng.choice(free))
        for name, value in rng.sample(words.CONSTANTS, rng.randint(1, 2)):
            module.constants.append([name, value])
        for _ in range(functions):
            module.functions.append(self._function(rng, module))
        module.tests = [function.name for function in module.functions[:1]]
        self.modules[module.name] = module
        return module

    # -- operations: each changes files and returns (commit message, context) ----------------

    def op_add_function(self, rng: Rng, only: str | None = None) -> str:
        """Add a function to a module that is not too long yet (or to module ``only``)."""
        candidates = [
            m
            for m in self.modules.values()
            if len(m.functions) < 6 and (only is None or m.name == only)
        ]
        if not candidates:
            return self.op_add_module(rng)
        module = rng.choice(candidates)
        function = self._function(rng, module)
        module.functions.append(function)
        self._render_module(module)
        return fill(
            rng.choice(words.COMMIT_MESSAGES["add_function"]),
            fn=self.source_name(function.name),
            module=module.name,
        )

    def op_change_function(self, rng: Rng) -> str:
        """Rewrite one function's body."""
        module = rng.choice(list(self.modules.values()))
        function = rng.choice(module.functions)
        before = self._render_function(function)
        for _ in range(10):
            function.variant += rng.randint(1, 3)
            function.field = rng.choice(words.FIELDS)
            if self._render_function(function) != before:
                break
        self._render_module(module)
        return fill(
            rng.choice(words.COMMIT_MESSAGES["change_function"]),
            fn=self.source_name(function.name),
        )

    def op_constant(self, rng: Rng) -> str:
        """Change a module constant."""
        module = rng.choice([m for m in self.modules.values() if m.constants])
        constant = rng.choice(module.constants)
        old = constant[1]
        while constant[1] == old:
            constant[1] = max(1, old * rng.choice((2, 3)) // 2 + rng.randint(-1, 5))
        self._render_module(module)
        return fill(
            rng.choice(words.COMMIT_MESSAGES["constant"]), const=constant[0], value=constant[1]
        )

    def op_add_module(self, rng: Rng, reserve: bool = False) -> str:
        """Add a new module with two functions and a test.

        With ``reserve``, the module's name is kept from every other branch, so the
        branch that adds it merges without conflicts later.
        """
        module = self._new_module(rng, functions=2)
        if module is None:
            return self.op_change_function(rng)
        if reserve:
            self.reserved.add(module.name)
            self.last_module = module.name
        self._render_module(module)
        return fill(
            rng.choice(words.COMMIT_MESSAGES["add_module"]),
            module=module.name,
            fns=" and ".join(self.source_name(function.name) for function in module.functions),
        )

    def op_add_test(self, rng: Rng, only: str | None = None) -> str:
        """Add a test for an untested function (in module ``only`` if given)."""
        for module in rng.sample(list(self.modules.values()), len(self.modules)):
            if only is not None and module.name != only:
                continue
            untested = [f.name for f in module.functions if f.name not in module.tests]
            if untested:
                name = rng.choice(untested)
                module.tests.append(name)
                self._render_module(module)
                return fill(
                    rng.choice(words.COMMIT_MESSAGES["add_test"]), fn=self.source_name(name)
                )
        return self.op_add_function(rng, only)

    def op_readme(self, rng: Rng) -> str:
        """Add a feature to the README."""
        feature = self._feature(rng)
        self.features.append(feature)
        self._render_readme()
        return fill(rng.choice(words.COMMIT_MESSAGES["readme"]), feature=feature.lower())

    def op_docs(self, rng: Rng) -> str:
        """Extend or start a docs page."""
        topic, title = rng.choice(words.DOC_TOPICS)
        self.docs.setdefault(topic, []).append(
            fill(rng.choice(words.DOC_SENTENCES), domain=self.domain[0], domains=self.domain[1])
        )
        self._render_docs()
        self._render_readme()
        return fill(
            rng.choice(words.COMMIT_MESSAGES["docs"]), topic=title.lower(), package=self.package
        )

    def op_ci(self, rng: Rng) -> str:
        """Move CI to the next image (or back to the first)."""
        images = self.language.ci_images
        self.ci_image = (self.ci_image + 1) % len(images)
        self._render_config()
        return fill(
            rng.choice(words.COMMIT_MESSAGES["ci"]),
            value=images[self.ci_image],
            package=self.package,
        )

    def op_config(self, rng: Rng) -> str:
        """Change a runtime setting in config.yml."""
        index = rng.randint(0, 2)
        key = ("log_level", "port", "backend")[index]
        options = {
            "log_level": words.LOG_LEVELS,
            "port": (8000, 8080, 8081, 9000, 9090),
            "backend": words.BACKENDS,
        }[key]
        value = rng.choice([option for option in options if option != self.settings[key]])
        self.settings[key] = value
        self._render_config()
        return fill(words.COMMIT_MESSAGES["config"][index], value=value, package=self.package)

    def op_remove_module(self, rng: Rng) -> str:
        """Delete a module and its tests (only when there are more than two)."""
        if len(self.modules) <= 2:
            return self.op_add_function(rng)
        name = rng.choice(sorted(self.modules))
        module = self.modules.pop(name)
        self.files.pop(self.module_path(name), None)
        self.files.pop(self.test_path(name), None)
        for function in module.functions:
            self.used_names.discard(function.name)
        return fill(rng.choice(words.COMMIT_MESSAGES["remove_module"]), module=name)

    def op_release(self, rng: Rng, major: bool = False) -> tuple[str, str]:
        """Bump the version, note it in the changelog and return (message, tag name)."""
        if major:
            self.version = (self.version[0] + 1, 0, 0)
        else:
            self.version = (self.version[0], self.version[1] + 1, 0)
        tag = "v" + self.version_text
        self.changelog.append(f"{tag}: {rng.choice(self.features)}")
        self._render_config()
        self._render_readme()
        return fill(rng.choice(words.COMMIT_MESSAGES["release"]), version=tag), tag

    DIRECT_OPS = (
        "add_function",
        "change_function",
        "constant",
        "add_test",
        "readme",
        "docs",
        "ci",
        "config",
        "add_module",
        "remove_module",
    )
    DIRECT_WEIGHTS = (5, 6, 3, 3, 2, 2, 1, 1, 2, 1)

    def random_op(self, rng: Rng) -> str:
        """Apply a weighted random everyday change and return its commit message."""
        name = rng.weighted(self.DIRECT_OPS, self.DIRECT_WEIGHTS)
        return getattr(self, f"op_{name}")(rng)
