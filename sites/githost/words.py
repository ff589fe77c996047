"""Word lists and file templates the Git-hosting site's data generator draws from.

Shipped with the code (no Faker or other library whose output drifts) so a world
seed always yields the same people, projects, files, issues and merge requests.
Code templates use :class:`string.Template` placeholders (``$name``), so braces in
the code itself need no escaping.
"""

from __future__ import annotations

from dataclasses import dataclass

FIRST_NAMES = (
    "Aaron",
    "Abigail",
    "Adrian",
    "Aisha",
    "Amara",
    "Andrei",
    "Anya",
    "Arjun",
    "Beatriz",
    "Bruno",
    "Camila",
    "Carlos",
    "Chloe",
    "Daniel",
    "Dmitri",
    "Elena",
    "Emeka",
    "Fatima",
    "Felix",
    "Grace",
    "Hana",
    "Hugo",
    "Ines",
    "Isaac",
    "Jonas",
    "Julia",
    "Kai",
    "Keiko",
    "Lars",
    "Leila",
    "Liam",
    "Lucia",
    "Marco",
    "Maya",
    "Mei",
    "Nadia",
    "Naveen",
    "Nora",
    "Oscar",
    "Priya",
    "Rafael",
    "Rosa",
    "Samir",
    "Sara",
    "Tomas",
    "Valentina",
    "Wei",
    "Yusuf",
    "Zara",
    "Zoe",
)

LAST_NAMES = (
    "Adeyemi",
    "Almeida",
    "Andersen",
    "Baker",
    "Bauer",
    "Brooks",
    "Castro",
    "Costa",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Gupta",
    "Haddad",
    "Hansen",
    "Ito",
    "Ivanova",
    "Jensen",
    "Kim",
    "Kowalski",
    "Larsen",
    "Lee",
    "Lindqvist",
    "Mendes",
    "Moreau",
    "Murphy",
    "Nakamura",
    "Nguyen",
    "Novak",
    "Okafor",
    "Olsen",
    "Patel",
    "Petrov",
    "Quinn",
    "Rahman",
    "Reyes",
    "Rossi",
    "Santos",
    "Schmidt",
    "Silva",
    "Sato",
    "Tanaka",
    "Torres",
    "Vargas",
    "Walsh",
    "Weber",
    "Yamamoto",
    "Young",
    "Zhang",
    "Ziegler",
)

BIOS = (
    "Backend engineer. Likes small functions and boring deployments.",
    "Frontend developer and accessibility advocate.",
    "Site reliability engineer; on call more often than not.",
    "Data engineer working on pipelines and batch jobs.",
    "Open source maintainer. Coffee, tests, repeat.",
    "Platform team. Kubernetes by day, gardening by night.",
    "Security engineer interested in supply-chain tooling.",
    "Mobile developer learning Rust on weekends.",
    "Technical writer who also ships code.",
    "Student contributor.",
    "",
    "",
)

GROUPS = (
    # path, name, description
    ("northwind", "Northwind", "Core services and shared libraries of the Northwind platform."),
    ("bluefin-labs", "Bluefin Labs", "Experiments, prototypes and research tooling."),
    ("orchard-data", "Orchard Data", "Data pipelines, ingestion workers and analytics."),
    ("kestrel-cloud", "Kestrel Cloud", "Infrastructure, deployment and observability tools."),
    ("lumen-web", "Lumen Web", "Web front ends and design-system components."),
    ("granite-security", "Granite Security", "Security scanners, policies and audit tools."),
    ("meridian-mobile", "Meridian Mobile", "Mobile back ends and sync services."),
    ("tidepool", "Tidepool", "Community-maintained command-line utilities."),
    ("copperleaf", "Copperleaf", "Payments, invoicing and billing services."),
    ("open-harbor", "Open Harbor", "Open source developer tools maintained by volunteers."),
    ("sparrow-ai", "Sparrow AI", "Model serving, feature stores and evaluation harnesses."),
    ("quarry-games", "Quarry Games", "Game servers, matchmaking and leaderboards."),
)

PROJECT_PREFIXES = (
    "atlas",
    "beacon",
    "cobalt",
    "drift",
    "ember",
    "flux",
    "granite",
    "harbor",
    "iris",
    "juniper",
    "kestrel",
    "lumen",
    "meridian",
    "nimbus",
    "orbit",
    "pylon",
    "quartz",
    "relay",
    "sable",
    "tundra",
    "umbra",
    "vertex",
    "willow",
    "zephyr",
    "aurora",
    "basalt",
    "cedar",
    "delta",
    "falcon",
    "glacier",
    "hollow",
    "ion",
    "jade",
    "kite",
    "lantern",
    "maple",
)

# kind: (name suffix, description template). $Domain / $domain / $domains are filled in.
PROJECT_KINDS = (
    ("api", "A REST API that stores and serves $domains."),
    ("cli", "A command-line tool for inspecting and exporting $domains."),
    ("worker", "A background worker that processes $domain events from a queue."),
    ("sdk", "A client library for talking to the $domain service."),
    ("web", "The web dashboard for browsing and editing $domains."),
    ("bot", "A chat bot that posts $domain alerts and daily summaries."),
    ("proxy", "A caching proxy in front of the $domain store."),
    ("sync", "Keeps $domains in sync between regions."),
    ("lint", "Static checks for $domain definitions in CI."),
    ("scheduler", "Schedules and retries $domain jobs."),
)

DOMAINS = (
    ("invoice", "invoices"),
    ("shipment", "shipments"),
    ("metric", "metrics"),
    ("sensor reading", "sensor readings"),
    ("session", "sessions"),
    ("feature flag", "feature flags"),
    ("build artifact", "build artifacts"),
    ("payment", "payments"),
    ("search index", "search indexes"),
    ("message", "messages"),
    ("forecast", "forecasts"),
    ("inventory item", "inventory items"),
    ("ticket", "tickets"),
    ("playlist", "playlists"),
    ("certificate", "certificates"),
    ("order", "orders"),
    ("log line", "log lines"),
    ("schedule", "schedules"),
    ("profile", "profiles"),
    ("webhook", "webhooks"),
)

TOPICS = (
    "api",
    "cli",
    "devops",
    "data",
    "frontend",
    "backend",
    "security",
    "observability",
    "payments",
    "kubernetes",
    "testing",
    "automation",
    "performance",
    "documentation",
    "machine-learning",
    "networking",
    "database",
    "mobile",
    "games",
    "tooling",
)

# Words that make function and module names: verb, noun.
VERBS = (
    "load",
    "parse",
    "validate",
    "normalize",
    "merge",
    "render",
    "fetch",
    "store",
    "export",
    "import",
    "filter",
    "group",
    "sort",
    "summarize",
    "encode",
    "decode",
    "schedule",
    "retry",
    "resolve",
    "compute",
    "format",
    "sanitize",
    "index",
    "publish",
)
NOUNS = (
    "record",
    "batch",
    "config",
    "token",
    "header",
    "payload",
    "entry",
    "report",
    "event",
    "window",
    "bucket",
    "cursor",
    "snapshot",
    "segment",
    "rule",
    "policy",
    "quota",
    "route",
    "digest",
    "chunk",
    "label",
    "invoice",
    "metric",
    "session",
)
FIELDS = ("id", "name", "status", "created_at", "owner", "region", "kind", "priority", "total")
MODULES = (
    "storage",
    "parser",
    "client",
    "handlers",
    "models",
    "config",
    "metrics",
    "queue",
    "auth",
    "cache",
    "export",
    "scheduler",
    "validation",
    "routing",
    "formatting",
    "retry",
    "events",
    "reports",
)
CONSTANTS = (
    ("TIMEOUT_SECONDS", 30),
    ("MAX_RETRIES", 3),
    ("BATCH_SIZE", 100),
    ("PAGE_SIZE", 50),
    ("CACHE_TTL", 300),
    ("MAX_CONNECTIONS", 10),
    ("BUFFER_SIZE", 4096),
    ("PORT", 8080),
)


@dataclass(frozen=True)
class Language:
    """How one programming language lays out a project and writes code.

    Attributes:
        name: Display name.
        ext: Source file extension, without the dot.
        module_path: Where a module lives; ``$module`` and ``$package`` are filled in.
        test_path: Where a module's tests live.
        entry_path: The program's entry file.
        entry: Template of the entry file.
        header: Template of a module's first lines (``$module``, ``$description``).
        constant: Template of one constant line (``$const``, ``$value``).
        functions: Templates of functions (``$name``, ``$arg``, ``$noun``, ``$field``,
            ``$const``, ``$verb``).
        test: Template of one test (``$name``, ``$module``, ``$package``).
        test_header: First lines of a test file.
        config_path: The package manifest.
        config: Template of the manifest (``$package``, ``$version``, ``$description``).
        version_line: Template of the manifest line that holds the version.
        gitignore: The ``.gitignore`` file.
        ci_images: Images the CI file cycles through on upgrades.
        ci_script: The CI job's commands.
        camel: Whether function names are camelCase (else snake_case).
        exported: Whether the source spells function names with a capital first letter
            (Go's exported functions), as titles and commit messages then do too.
    """

    name: str
    ext: str
    module_path: str
    test_path: str
    entry_path: str
    entry: str
    header: str
    constant: str
    functions: tuple[str, ...]
    test: str
    test_header: str
    config_path: str
    config: str
    version_line: str
    gitignore: str
    ci_images: tuple[str, ...]
    ci_script: tuple[str, ...]
    camel: bool = False
    exported: bool = False


PYTHON = Language(
    name="Python",
    ext="py",
    module_path="src/$package/$module.py",
    test_path="tests/test_$module.py",
    entry_path="src/$package/__main__.py",
    entry='''"""Command-line entry point of $package."""

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="$package", description="$description")
    parser.add_argument("--verbose", action="store_true", help="print more output")
    args = parser.parse_args(argv)
    if args.verbose:
        print("starting $package", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
''',
    header='''"""The $module module of $package: $description"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)
''',
    constant="$const = $value",
    functions=(
        '''def $name($arg: list[dict], limit: int = $const) -> list[dict]:
    """Return the $noun entries that have a $field, at most ``limit`` of them."""
    selected = [item for item in $arg if item.get("$field")]
    log.debug("kept %d of %d entries", len(selected), len($arg))
    return selected[:limit]
''',
        '''def $name($arg: dict) -> str:
    """Return a short label for one $noun."""
    key = $arg.get("$field")
    if key is None:
        raise ValueError("$noun has no $field")
    return f"$noun:{key}"
''',
        '''def $name($arg: str, retries: int = $const) -> bytes:
    """$Verb a $noun, retrying on transient errors."""
    last_error: Exception | None = None
    for attempt in range(retries):
        try:
            return $arg.encode("utf-8")
        except UnicodeError as error:
            last_error = error
            log.warning("attempt %d failed: %s", attempt + 1, error)
    raise RuntimeError(f"could not $verb $noun after {retries} attempts") from last_error
''',
        '''def $name($arg: list[dict]) -> dict[str, int]:
    """Count $noun entries by $field."""
    counts: dict[str, int] = {}
    for item in $arg:
        key = str(item.get("$field", "unknown"))
        counts[key] = counts.get(key, 0) + 1
    return counts
''',
        '''def $name($arg: dict, size: int = $const) -> list[dict]:
    """Split a $noun into chunks of ``size`` items."""
    items = list($arg.get("items", []))
    return [{"$field": $arg.get("$field"), "items": items[i : i + size]}
            for i in range(0, len(items), size)]
''',
    ),
    test="""def test_$name() -> None:
    assert $name is not None
""",
    test_header='''"""Tests of $package.$module."""

from $package.$module import *  # noqa: F403
''',
    config_path="pyproject.toml",
    config="""[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "$package"
version = "$version"
description = "$description"
requires-python = ">=3.10"
dependencies = ["requests>=2.31", "pyyaml>=6.0"]

[project.optional-dependencies]
test = ["pytest>=8"]
""",
    version_line='version = "$version"',
    gitignore="__pycache__/\n*.pyc\n.venv/\ndist/\nbuild/\n.pytest_cache/\n",
    ci_images=("python:3.10", "python:3.11", "python:3.12"),
    ci_script=("pip install -e '.[test]'", "pytest -q"),
)

JAVASCRIPT = Language(
    name="JavaScript",
    ext="js",
    module_path="src/$module.js",
    test_path="test/$module.test.js",
    entry_path="src/index.js",
    entry="""// Entry point of $package: $description
import { createServer } from "node:http";

const port = Number(process.env.PORT || 3000);

createServer((request, response) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ name: "$package", ok: true }));
}).listen(port, () => {
  console.log("$package listening on port " + port);
});
""",
    header="""// The $module module of $package: $description
"use strict";
""",
    constant="export const $const = $value;",
    functions=(
        """export function $name($arg, limit = $const) {
  // Return the $noun entries that have a $field, at most `limit` of them.
  const selected = $arg.filter((item) => Boolean(item.$field));
  return selected.slice(0, limit);
}
""",
        """export function $name($arg) {
  // Return a short label for one $noun.
  if ($arg.$field === undefined) {
    throw new Error("$noun has no $field");
  }
  return "$noun:" + $arg.$field;
}
""",
        """export async function $name($arg, retries = $const) {
  // $Verb a $noun, retrying on transient errors.
  let lastError = null;
  for (let attempt = 0; attempt < retries; attempt += 1) {
    try {
      return await Promise.resolve($arg);
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error("could not $verb $noun: " + lastError);
}
""",
        """export function $name($arg) {
  // Count $noun entries by $field.
  const counts = {};
  for (const item of $arg) {
    const key = String(item.$field ?? "unknown");
    counts[key] = (counts[key] || 0) + 1;
  }
  return counts;
}
""",
    ),
    test="""test("$name", () => {
  expect(typeof $name).toBe("function");
});
""",
    test_header="""// Tests of the $module module.
import * as $module from "../src/$module.js";
""",
    config_path="package.json",
    config="""{
  "name": "$package",
  "version": "$version",
  "description": "$description",
  "type": "module",
  "main": "src/index.js",
  "scripts": {
    "start": "node src/index.js",
    "test": "jest"
  },
  "devDependencies": {
    "jest": "^29.7.0"
  }
}
""",
    version_line='  "version": "$version",',
    gitignore="node_modules/\ncoverage/\ndist/\n.env\n",
    ci_images=("node:18", "node:20", "node:22"),
    ci_script=("npm ci", "npm test"),
    camel=True,
)

GO = Language(
    name="Go",
    ext="go",
    module_path="internal/$module/$module.go",
    test_path="internal/${module}/${module}_test.go",
    entry_path="cmd/$package/main.go",
    entry="""// Command $package: $description
package main

import (
	"flag"
	"log"
	"net/http"
)

func main() {
	addr := flag.String("addr", ":8080", "address to listen on")
	flag.Parse()
	http.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("ok"))
	})
	log.Printf("$package listening on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, nil))
}
""",
    header="""// Package $module implements part of $package: $description
package $module

import (
	"errors"
	"fmt"
)

var errMissing = errors.New("missing field")
""",
    constant="const $const = $value",
    functions=(
        """// $Name returns the $noun entries that have a $field.
func $Name($arg []map[string]string) []map[string]string {
	selected := make([]map[string]string, 0, len($arg))
	for _, item := range $arg {
		if item["$field"] != "" && len(selected) < $const {
			selected = append(selected, item)
		}
	}
	return selected
}
""",
        """// $Name returns a short label for one $noun.
func $Name($arg map[string]string) (string, error) {
	key, ok := $arg["$field"]
	if !ok {
		return "", fmt.Errorf("$noun: %w", errMissing)
	}
	return "$noun:" + key, nil
}
""",
        """// $Name counts $noun entries by $field.
func $Name($arg []map[string]string) map[string]int {
	counts := make(map[string]int)
	for _, item := range $arg {
		counts[item["$field"]]++
	}
	return counts
}
""",
        """// $Name tries to $verb a $noun up to $const times.
func $Name($arg string) error {
	var err error
	for attempt := 0; attempt < $const; attempt++ {
		if err = check($arg); err == nil {
			return nil
		}
	}
	return fmt.Errorf("$verb $noun: %w", err)
}
""",
    ),
    test="""func Test$Name(t *testing.T) {
	t.Log("$Name is covered by integration tests")
}
""",
    test_header="""package $module

import "testing"
""",
    config_path="go.mod",
    config="""module example.test/$package

go 1.22

// version $version
require (
	github.com/stretchr/testify v1.9.0
)
""",
    version_line="// version $version",
    gitignore="/bin/\n*.test\ncoverage.out\n",
    ci_images=("golang:1.21", "golang:1.22", "golang:1.23"),
    ci_script=("go vet ./...", "go test ./..."),
    camel=True,
    exported=True,
)

RUST = Language(
    name="Rust",
    ext="rs",
    module_path="src/$module.rs",
    test_path="tests/$module.rs",
    entry_path="src/main.rs",
    entry="""//! $package: $description

use std::env;

fn main() {
    let args: Vec<String> = env::args().collect();
    if args.iter().any(|arg| arg == "--version") {
        println!("$package {}", env!("CARGO_PKG_VERSION"));
        return;
    }
    println!("usage: $package [--version]");
}
""",
    header="""//! The $module module of $package: $description

use std::collections::HashMap;
""",
    constant="pub const $const: usize = $value;",
    functions=(
        """/// Returns the $noun entries that have a $field.
pub fn $name($arg: &[HashMap<String, String>]) -> Vec<&HashMap<String, String>> {
    $arg.iter()
        .filter(|item| item.contains_key("$field"))
        .take($const)
        .collect()
}
""",
        """/// Returns a short label for one $noun.
pub fn $name($arg: &HashMap<String, String>) -> Result<String, String> {
    match $arg.get("$field") {
        Some(key) => Ok(format!("$noun:{}", key)),
        None => Err("$noun has no $field".to_string()),
    }
}
""",
        """/// Counts $noun entries by $field.
pub fn $name($arg: &[HashMap<String, String>]) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for item in $arg {
        let key = item.get("$field").cloned().unwrap_or_default();
        *counts.entry(key).or_insert(0) += 1;
    }
    counts
}
""",
    ),
    test="""#[test]
fn test_$name() {
    assert!(true, "$name is exercised by the integration suite");
}
""",
    test_header="""//! Integration tests of the $module module.
""",
    config_path="Cargo.toml",
    config="""[package]
name = "$package"
version = "$version"
edition = "2021"
description = "$description"

[dependencies]
serde = { version = "1", features = ["derive"] }
""",
    version_line='version = "$version"',
    gitignore="/target/\nCargo.lock\n",
    ci_images=("rust:1.75", "rust:1.78", "rust:1.79"),
    ci_script=("cargo clippy -- -D warnings", "cargo test"),
)

LANGUAGES = (PYTHON, JAVASCRIPT, GO, RUST)
LANGUAGE_WEIGHTS = (4, 3, 3, 2)

CI_TEMPLATE = """stages:
  - test
  - release

default:
  image: $image

test:
  stage: test
  script:
$script

release:
  stage: release
  script:
    - echo "Releasing $package"
  rules:
    - if: $$CI_COMMIT_TAG
"""

CONFIG_YAML = """# Runtime settings of $package.
service:
  name: $package
  log_level: $log_level
  port: $port
storage:
  backend: $backend
  retention_days: $retention
"""
LOG_LEVELS = ("debug", "info", "warning")
BACKENDS = ("postgres", "sqlite", "s3", "redis")

LICENSE_MIT = """MIT License

Copyright (c) $year $holder

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

LICENSE_APACHE = """Copyright $year $holder

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
"""

LICENSES = (("MIT", LICENSE_MIT), ("Apache-2.0", LICENSE_APACHE))

FEATURES = (
    "Pagination of $domains with stable cursors",
    "Retries with exponential backoff",
    "Structured JSON logging",
    "Configurable timeouts",
    "Export of $domains to CSV",
    "Health and readiness endpoints",
    "Prometheus metrics",
    "Dry-run mode",
    "Webhook notifications for failed $domains",
    "Role-based access control",
    "Bulk import of $domains",
    "Caching of hot $domains",
    "Rate limiting per client",
    "Audit log of changes",
)

DOC_TOPICS = (
    ("architecture", "Architecture"),
    ("deployment", "Deployment"),
    ("configuration", "Configuration"),
    ("troubleshooting", "Troubleshooting"),
    ("contributing", "Contributing"),
    ("api", "API reference"),
)
DOC_SENTENCES = (
    "Each $domain is identified by a stable id.",
    "Requests time out after the configured number of seconds.",
    "Run the test suite before opening a merge request.",
    "Configuration is read from the environment first, then from config.yml.",
    "Workers acknowledge a message only after it has been stored.",
    "Logs are written as JSON lines to standard output.",
    "Use a feature branch and a descriptive commit message.",
    "The service exposes /healthz for liveness checks.",
    "Old $domains are deleted after the retention period.",
    "Errors are retried up to three times before they are reported.",
)

# Commit messages by operation; $fn, $module, $const, $value, $feature, $version, $topic.
COMMIT_MESSAGES = {
    "add_function": ("Add $fn to $module", "Implement $fn", "Add $fn helper to the $module module"),
    "change_function": (
        "Fix edge case in $fn",
        "Refactor $fn",
        "Handle missing fields in $fn",
        "Simplify $fn",
    ),
    "constant": ("Change $const to $value", "Tune $const ($value)", "Set $const to $value"),
    "add_module": (
        "Add $module module with $fns",
        "Introduce $module module: $fns",
        "Create the $module module ($fns)",
    ),
    "add_test": ("Add tests for $fn", "Cover $fn with tests", "Test $fn"),
    "readme": (
        "Document $feature in README.md",
        "README.md: describe $feature",
        "README: mention $feature",
    ),
    "docs": (
        "Update the $topic docs of $package",
        "Expand the $topic guide of $package",
        "Docs: clarify $topic in $package",
    ),
    "ci": (
        "Use $value in .gitlab-ci.yml",
        "Bump the CI image of $package to $value",
        "CI: test $package on $value",
    ),
    "config": (
        "Set log_level to $value in config.yml",
        "Change the default port of $package to $value",
        "Use $value storage for $package by default",
    ),
    "remove_module": ("Remove unused $module module", "Drop the $module module"),
    "release": ("Release $version", "Bump version to $version", "Prepare release $version"),
}

BRANCH_PREFIXES = ("feature", "fix", "docs", "refactor", "chore")

ISSUE_TITLES = (
    # Every title names something of the project's own code ($fn, or $path and
    # $test_path, the module's files, which carry the package name), so a title
    # identifies its issue across the whole site.
    "$fn fails when the $field is missing",
    "Add support for $feature in $fn",
    "Document how $fn handles $domains",
    "$path leaks connections under load",
    "Improve performance of $fn on large $domains",
    "Crash in $fn when $const is unset",
    "$fn does not paginate $domains in the list view",
    "Wrong timezone in $domains exported by $fn",
    "Flaky test for $fn in $test_path",
    "Upgrade the dependencies of $path",
    "Unclear error from $fn when the token expires",
    "$fn chokes on more than $value $domains",
    "$fn returns duplicates for the same $field",
    "Add a dry-run flag to $fn",
    "Retry policy of $fn ignores $const",
    "The $topic guide describes $fn wrongly",
    "Memory usage grows while $fn processes $domains",
    "Expose $const of $path as a setting",
    "Log the request id in every $fn error",
    "Make $fn thread-safe",
    "$fn ignores the $field of a $noun",
    "$path is hard to follow",
    "Split $fn out of $path",
    "$fn should validate the $field before saving",
    "Cover the empty-$noun case of $fn",
    "Raise $const in $path above $value",
    "$fn times out for $domains with a long $field",
    "Sort $domains by $field in $fn",
    "Deprecate $fn in favour of a new $module helper",
    "Rename $fn in $path",
    "$fn crashes on a $noun without a $field",
    "Missing type hints in $path",
    "Add logging to $fn",
    "$feature breaks $fn",
    "Explain $const of $path in the $topic docs",
    "Benchmark $fn with $value $domains",
    "Handle unicode in the $field passed to $fn",
    "Cache the results of $fn",
    "Move $const out of $path",
    "$fn is slow when $domains have no $field",
)

ISSUE_BODIES = (
    """## Summary

$Fn does not behave as documented when a $noun has no $field.

## Steps to reproduce

1. Create a $noun without a $field
2. Call `$fn` on it
3. Look at the logs

## Expected behaviour

A clear error message instead of a stack trace.
""",
    """We need this for the next release. Right now people work around it by hand.

- It should be configurable
- It should be documented in the README
- It should have tests
""",
    """The $module module is hard to follow for new contributors.

Proposal: split it into smaller functions and add a short guide under `docs/`.
""",
    """Seen in production twice this week:

```
ERROR $module: timeout after $value seconds
```

Probably related to the recent change of `$const`.
""",
    """Small thing, but it keeps coming up in support requests.

Acceptance criteria:

- the behaviour is covered by a test
- the changelog mentions it
""",
)

COMMENTS = (
    "I can reproduce this on the latest main.",
    "Thanks for the report! Looking into it.",
    "Could you share the full log output?",
    "This is related to the change in `$fn`.",
    "I have a fix ready, will open a merge request today.",
    "Confirmed, this happens with an empty config too.",
    "Can we add a test for this case?",
    "Moving this to the next milestone.",
    "Looks good to me.",
    "I think this needs a design discussion first.",
    "Works for me after updating the dependencies.",
    "Closing as this was fixed in the last release.",
    "Nice catch. The default for $const is too low.",
    "Please also update the docs.",
    "Any update on this?",
    "LGTM, thanks!",
    "Left a couple of small suggestions inline.",
    "The CI failure is unrelated, retrying.",
)

MR_TITLES = (
    "Add $fn to the $module module",
    "Fix $field handling in $fn",
    "Document $feature",
    "Refactor the $module module",
    "Make $const configurable",
    "Add tests for $fn",
    "Draft: rework $module error handling",
    "Update CI image",
    "Speed up $fn",
    'Resolve "$Fn fails when the $field is missing"',
)

MR_BODIES = (
    "This change adds `$fn` and covers it with tests.\n\nCloses #$issue",
    "## What does this MR do?\n\nFixes the handling of a missing $field in `$fn`.\n\n"
    "## How to test\n\n1. Run the test suite\n2. Try the example from the issue\n",
    "Small documentation update. No code changes.",
    "Refactoring only; behaviour should be unchanged.\n\n- moved helpers\n- renamed variables\n",
    "Part of #$issue. Follow-ups will come in separate merge requests.",
)

LABELS = (
    # name, colour, description
    ("bug", "#d9534f", "Something is not working"),
    ("feature", "#428bca", "A new capability"),
    ("documentation", "#5cb85c", "Docs and examples"),
    ("enhancement", "#69d100", "An improvement of something that exists"),
    ("good first issue", "#7f8c8d", "Suitable for new contributors"),
    ("help wanted", "#009966", "Extra attention is needed"),
    ("performance", "#ad8d43", "Speed or memory usage"),
    ("security", "#cc0033", "Security relevant"),
    ("question", "#a295d6", "Further information is requested"),
    ("priority::high", "#ff0000", "Needs attention this milestone"),
    ("priority::low", "#cccccc", "Nice to have"),
    ("tech debt", "#8e44ad", "Clean-up work"),
)

MILESTONE_TITLES = ("v0.9", "v1.0", "v1.1", "v1.2", "v2.0", "Q3 2024", "Backlog cleanup")
MILESTONE_DESCRIPTIONS = (
    "Stabilize the API and close the most-reported bugs.",
    "Performance work and documentation.",
    "Everything needed for the next public release.",
    "",
)
