#!/usr/bin/env bash
# Installs libyaml's headers and pkg-config file when missing (Debian: libyaml-dev, pkg-config).
set -euo pipefail
if pkg-config --exists yaml-0.1 2>/dev/null; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq libyaml-dev pkg-config >/dev/null
pkg-config --exists yaml-0.1
