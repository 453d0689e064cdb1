#!/usr/bin/env bash
# Installs what building and testing flowc needs on Debian, each part only when it is missing, so a
# second run does nothing and takes well under a second:
#   - libyaml-dev and pkg-config: the build (libyaml is the YAML parser);
#   - graphviz: the tests render 'flowc graph --format dot' to SVG with 'dot';
#   - python3 with venv, and check-jsonschema (PyPI) in a virtual environment under
#     $FLOWC_TOOLS (default ~/.cache/flowc): the tests validate flow files against the JSON Schema;
#   - neovim (Debian's 0.7.2) and pytest-lsp (PyPI, pinned with what it needs, in the same virtual
#     environment): the language server's editor suites (EditorClientTests, docs/EDITORS.md);
#   - chromium and firefox-esr (Debian), and playwright (PyPI, pinned, in the same virtual environment;
#     it drives the system chromium, so no playwright browser is downloaded): `flowc view`'s browser
#     suite (ViewCommandTests, Tests/Browser/view_suite.py, docs/GRAPHS.md).
# Uses sudo for apt-get when not run as root.
# With --build-only, installs only what building needs (libyaml-dev, pkg-config): scripts/install.sh
# and the GitHub Action use that.
set -euo pipefail

build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; fi

tools="${FLOWC_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/flowc}"
check_jsonschema_version="0.39.0"
# pytest-lsp and the packages it runs on, pinned together.
pytest_lsp_requirements=(pytest-lsp==1.0.1 pygls==2.1.1 lsprotocol==2025.0.0 pytest==9.2.0 pytest-asyncio==1.5.0)

packages=()
pkg-config --exists yaml-0.1 2>/dev/null || packages+=(libyaml-dev pkg-config)
need_venv=0
stamp="$tools/venv/check-jsonschema-$check_jsonschema_version.installed"
need_pytest_lsp=0
playwright_version="1.65.3"
need_playwright=0
playwright_stamp="$tools/venv/playwright-$playwright_version.installed"
lsp_stamp="$tools/venv/pytest-lsp-$(echo "${pytest_lsp_requirements[*]}" | tr ' =' '_-').installed"
if [ "$build_only" -eq 0 ]; then
  command -v dot >/dev/null 2>&1 || packages+=(graphviz)
  command -v nvim >/dev/null 2>&1 || packages+=(neovim)
  [ -x /usr/bin/chromium ] || packages+=(chromium)
  command -v firefox-esr >/dev/null 2>&1 || packages+=(firefox-esr)
  if [ ! -x "$tools/venv/bin/check-jsonschema" ] || [ ! -f "$stamp" ]; then
    need_venv=1
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || packages+=(python3 python3-venv)
  fi
  if [ "$need_venv" -eq 1 ] || [ ! -x "$tools/venv/bin/pytest" ] || [ ! -f "$lsp_stamp" ]; then
    need_pytest_lsp=1
  fi
  if [ "$need_venv" -eq 1 ] || [ ! -x "$tools/venv/bin/playwright" ] || [ ! -f "$playwright_stamp" ]; then
    need_playwright=1
  fi
fi

if [ "${#packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

if [ "$need_venv" -eq 1 ]; then
  rm -rf "$tools/venv"
  mkdir -p "$tools"
  python3 -m venv "$tools/venv"
  "$tools/venv/bin/pip" install -q --disable-pip-version-check "check-jsonschema==$check_jsonschema_version"
  "$tools/venv/bin/check-jsonschema" --version >/dev/null
  touch "$stamp"
fi

if [ "$need_pytest_lsp" -eq 1 ]; then
  "$tools/venv/bin/pip" install -q --disable-pip-version-check "${pytest_lsp_requirements[@]}"
  "$tools/venv/bin/python" -c 'import pytest_lsp' >/dev/null
  rm -f "$tools"/venv/pytest-lsp-*.installed
  touch "$lsp_stamp"
fi

if [ "$need_playwright" -eq 1 ]; then
  "$tools/venv/bin/pip" install -q --disable-pip-version-check "playwright==$playwright_version"
  "$tools/venv/bin/python" -c 'import playwright.sync_api' >/dev/null
  rm -f "$tools"/venv/playwright-*.installed
  touch "$playwright_stamp"
fi

if [ "${#packages[@]}" -gt 0 ]; then
  pkg-config --exists yaml-0.1
  [ "$build_only" -eq 1 ] || { command -v dot >/dev/null && command -v nvim >/dev/null && [ -x /usr/bin/chromium ]; }
fi
