#!/usr/bin/env bash
# Installs the Debian 12 packages Costlab needs to build, test and run. Idempotent: when
# every package is already present it only checks (no apt-get call, well under a second).
set -euo pipefail
PKGS=(
  cmake make g++ pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-svg-dev qt6-translations-l10n libgl-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  nlohmann-json3-dev libsqlite3-dev sqlite3 libyaml-cpp-dev libcsv-dev
  libpq-dev postgresql postgresql-common openssl
  poppler-utils xvfb xauth fonts-noto-cjk fonts-dejavu-core
  dpkg-dev file appstream desktop-file-utils
  shared-mime-info man-db binutils
  clang-tidy clang-format
)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
