#!/usr/bin/env bash
# Regenerates installer/icons/NxN.png from resources/icons/costlab.svg with Qt's SVG renderer
# (already a build dependency). Run by hand after changing the SVG, then commit the PNGs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++17 -fPIC -O1 -o "$tmp/render_icons" "$here/render_icons.cpp" \
    $(pkg-config --cflags --libs Qt6Gui Qt6Svg)
QT_QPA_PLATFORM=offscreen "$tmp/render_icons" "$here/../../resources/icons/costlab.svg" "$here"
ls -l "$here"/*.png
