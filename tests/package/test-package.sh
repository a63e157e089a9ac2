#!/usr/bin/env bash
# Package test: builds the .deb with CPack from an already built tree, checks its
# contents and control data, runs the programs from an extracted scratch root, validates the
# desktop integration files and, when run as root, installs the package for real with apt,
# runs it from /usr/bin and removes it again.
#
# Usage: tests/package/test-package.sh [BUILD_DIR]     (default: build; `make test-package`)
# Prints PASS/FAIL/SKIP per check and ends with "N passed, M failed"; exits 1 on any failure.
# Idempotent: everything it makes lives in a scratch directory that it deletes; as root it
# only ever installs and removes the package `costlab` itself.
set -uo pipefail

SRC="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${1:-$SRC/build}"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    echo "FAIL: $BUILD is not a configured build directory (run make build first)"
    echo "0 passed, 1 failed"
    exit 1
fi
BUILD="$(cd "$BUILD" && pwd)"
APP_ID="io.costlab.Costlab"
EXAMPLE="llama3-8b-pretrain-h100.costlab.json"

passed=0
failed=0
pass() { echo "PASS: $1"; passed=$((passed + 1)); }
fail() {
    echo "FAIL: $1"
    if [ -n "${2:-}" ]; then printf '%s\n' "$2" | head -20 | sed 's/^/    /'; fi
    failed=$((failed + 1))
}
skip() { echo "SKIP: $1"; }
# check DESCRIPTION COMMAND...: passes when COMMAND succeeds; shows its output otherwise.
check() {
    local desc="$1" out
    shift
    if out="$("$@" 2>&1)"; then pass "$desc"; else fail "$desc" "$out"; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}

WORK="$(mktemp -d /tmp/costlab-package-test.XXXXXX)"
mkdir -p "$WORK/home" "$WORK/run" && chmod 700 "$WORK/run"
installed_by_us=0
cleanup() {
    # An interrupted run must not leave the package installed on the shared machine.
    if [ "$installed_by_us" -eq 1 ]; then
        DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq costlab >/dev/null 2>&1 || true
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

gui=0
if grep -q '^COSTLAB_BUILD_GUI:BOOL=ON' "$BUILD/CMakeCache.txt"; then gui=1; fi
[ "$gui" -eq 1 ] || skip "desktop application checks (COSTLAB_BUILD_GUI is OFF in $BUILD)"

# ---- Build the .deb ------------------------------------------------------------------------
echo "== building the Debian package in $WORK/pkg"
if out="$(cd "$BUILD" && cpack -G DEB -B "$WORK/pkg" 2>&1)"; then
    pass "cpack -G DEB"
else
    fail "cpack -G DEB" "$(printf '%s\n' "$out" | tail -20)"
    finish
fi
debs=("$WORK"/pkg/costlab_*.deb)
if [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ]; then
    DEB="${debs[0]}"
    pass "one package file: $(basename "$DEB") ($(du -k "$DEB" | cut -f1) KiB)"
else
    fail "one costlab_*.deb in $WORK/pkg" "$(ls -l "$WORK/pkg")"
    finish
fi

# ---- Contents --------------------------------------------------------------------------------
contents="$(dpkg-deb -c "$DEB" | awk '{print $6}' | sed 's#^\./#/#')"
expected=(
    /usr/bin/costlab-cli
    /usr/share/man/man1/costlab-cli.1.gz
    /usr/share/costlab/catalog/default.json
)
for cat in "$SRC"/resources/catalog/*.json; do # default.json and the CNY catalog cn-cny.json
    expected+=("/usr/share/costlab/catalog/$(basename "$cat")")
done
for ex in "$SRC"/resources/examples/*.costlab.json; do
    expected+=("/usr/share/costlab/examples/$(basename "$ex")")
done
for lesson in "$SRC"/resources/lessons/*.costlab-lesson.json; do
    expected+=("/usr/share/costlab/lessons/$(basename "$lesson")")
done
if [ "$gui" -eq 1 ]; then
    expected+=(
        /usr/bin/costlab
        /usr/share/man/man1/costlab.1.gz
        "/usr/share/applications/$APP_ID.desktop"
        /usr/share/mime/packages/costlab.xml
        "/usr/share/metainfo/$APP_ID.metainfo.xml"
        "/usr/share/icons/hicolor/scalable/apps/$APP_ID.svg"
    )
    for size in 16 22 24 32 48 64 128 256 512; do
        expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/$APP_ID.png")
    done
fi
if [ -x "$BUILD/app/costlab-report" ]; then expected+=(/usr/bin/costlab-report); fi
missing=""
for p in "${expected[@]}"; do
    grep -qxF "$p" <<<"$contents" || missing+="$p"$'\n'
done
if [ -z "$missing" ]; then
    pass "dpkg-deb -c lists all ${#expected[@]} expected files"
else
    fail "dpkg-deb -c: files missing from the package" "$missing"
fi
# Nothing outside /usr, and no build-tree or source-tree leftovers.
stray="$(grep -vE '^/$|^/usr(/|$)' <<<"$contents"; grep -E '/build|CMakeFiles|\.o$|\.a$' <<<"$contents")"
if [ -z "$stray" ]; then pass "no files outside /usr and no build artefacts"; else fail "stray files in the package" "$stray"; fi

# ---- Control data --------------------------------------------------------------------------
control="$(dpkg-deb -I "$DEB")"
depends="$(dpkg-deb -f "$DEB" Depends)"
echo "   Depends: $depends"
# Package names alone, one a line (alternatives and version constraints dropped).
dep_names="$(tr ',|' '\n\n' <<<"$depends" | awk 'NF {print $1}')"
depends_on() { grep -qxF "$1" <<<"$dep_names"; }
need=(libc6 libstdc++6)
if [ "$gui" -eq 1 ]; then
    need+=(libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6)
fi
missing=""
for p in "${need[@]}"; do
    depends_on "$p" || missing+="$p "
done
if [ -z "$missing" ]; then pass "Depends names the Qt 6 / QCustomPlot / C++ runtime packages"; else fail "Depends lacks: $missing" "$control"; fi
# libpq is loaded with dlopen (model/store/libpq.h), invisible to dpkg-shlibdeps: the team
# library needs it named by hand.
recommends="$(dpkg-deb -f "$DEB" Recommends)"
if tr ',|' '\n\n' <<<"$recommends" | awk 'NF {print $1}' | grep -qxF libpq5; then
    pass "Recommends names libpq5 (team libraries load it at run time)"
else
    fail "Recommends lacks libpq5" "$control"
fi
check "package name costlab, version $(dpkg-deb -f "$DEB" Version), section $(dpkg-deb -f "$DEB" Section)" \
    test "$(dpkg-deb -f "$DEB" Package)" = costlab

# ---- Run from a scratch root ---------------------------------------------------------------
ROOT="$WORK/root"
check "dpkg-deb -x into a scratch root" dpkg-deb -x "$DEB" "$ROOT"
# Every library the installed programs link directly (ELF NEEDED) must come from a package
# in Depends (dpkg-shlibdeps did its job), and nothing may resolve into the build tree.
pkg_of() { # owning package of a library path; tries the merged-/usr spellings too
    local p owner
    [ -n "$1" ] || return 1 # "" would become "/usr", which every package owns
    for p in "$1" "$(realpath "$1")" "${1#/usr}" "/usr$1"; do
        owner="$(dpkg -S "$p" 2>/dev/null | head -1 | cut -d: -f1)"
        if [ -n "$owner" ]; then echo "$owner"; return 0; fi
    done
    return 1
}
for bin in "$ROOT"/usr/bin/*; do
    libs="$(ldd "$bin" 2>&1)"
    if grep -q "not found" <<<"$libs"; then
        fail "$(basename "$bin"): unresolved libraries" "$(grep 'not found' <<<"$libs")"
        continue
    fi
    uncovered=""
    for soname in $(readelf -d "$bin" | awk '/NEEDED/ {gsub(/[][]/, "", $5); print $5}'); do
        # "soname => path", or for the dynamic loader the path alone.
        path="$(awk -v s="$soname" '($1 == s && $2 == "=>") {print $3; exit}
            substr($1, length($1) - length(s)) == "/" s {print $1; exit}' <<<"$libs")"
        if [ -z "$path" ]; then uncovered+="$soname (not in ldd's output)"$'\n'; continue; fi
        case "$path" in "$BUILD"/* | "$SRC"/*) uncovered+="$soname resolves into the source/build tree"$'\n'; continue ;; esac
        pkg="$(pkg_of "$path")"
        if [ -z "$pkg" ]; then uncovered+="$soname ($path: no package)"$'\n'; continue; fi
        depends_on "$pkg" || uncovered+="$soname ($pkg)"$'\n'
    done
    if [ -z "$uncovered" ]; then
        pass "$(basename "$bin"): the package of every directly linked library is in Depends"
    else
        fail "$(basename "$bin"): libraries not covered by Depends" "$uncovered"
    fi
done

CLI="$ROOT/usr/bin/costlab-cli"
DATA="$ROOT/usr/share/costlab"
# Without COSTLAB_DATA_DIR the program must find the catalog relative to its own prefix,
# not in the source tree it was built from.
out="$(env -u COSTLAB_DATA_DIR "$CLI" --version 2>&1)"
if [ $? -eq 0 ] && grep -qF "$DATA/catalog/default.json" <<<"$out"; then
    pass "costlab-cli --version from the scratch root uses its own catalog: $(head -1 <<<"$out")"
else
    fail "costlab-cli --version from the scratch root (expected $DATA/catalog/default.json)" "$out"
fi
out="$(env -u COSTLAB_DATA_DIR "$CLI" evaluate "$DATA/examples/$EXAMPLE" 2>&1)"
if [ $? -eq 0 ] && grep -qi "total" <<<"$out"; then
    pass "costlab-cli evaluate an installed example (prefix-relative data)"
else
    fail "costlab-cli evaluate an installed example (prefix-relative data)" "$out"
fi
out="$(COSTLAB_DATA_DIR="$DATA" "$CLI" evaluate "$DATA/examples/$EXAMPLE" --json 2>&1)"
if [ $? -eq 0 ] && grep -q '"costlab.estimate"' <<<"$out"; then
    pass "COSTLAB_DATA_DIR=<root>/usr/share/costlab costlab-cli evaluate --json"
else
    fail "COSTLAB_DATA_DIR=<root>/usr/share/costlab costlab-cli evaluate --json" "$out"
fi
bad=""
for ex in "$DATA"/examples/*.costlab.json; do
    COSTLAB_DATA_DIR="$DATA" "$CLI" evaluate "$ex" >/dev/null 2>"$WORK/err" \
        || bad+="$(basename "$ex"): $(head -3 "$WORK/err")"$'\n'
done
if [ -z "$bad" ]; then pass "every installed example evaluates"; else fail "installed examples that do not evaluate" "$bad"; fi
bad=""
for lesson in "$DATA"/lessons/*.costlab-lesson.json; do
    COSTLAB_DATA_DIR="$DATA" "$CLI" lesson "$lesson" >/dev/null 2>"$WORK/err" \
        || bad+="$(basename "$lesson"): $(head -3 "$WORK/err")"$'\n'
done
if [ -z "$bad" ]; then pass "every installed lesson agrees with the engine"; else fail "installed lessons the engine disagrees with" "$bad"; fi
# `costlab-cli report` hands over to costlab-report (Qt, PDF) installed next to it.
if ! "$CLI" --help 2>&1 | grep -qE '^  report '; then
    skip "costlab-cli report (the CLI has no report command yet)"
elif [ ! -x "$ROOT/usr/bin/costlab-report" ] && [ ! -x "$BUILD/app/costlab-report" ]; then
    skip "costlab-cli report (costlab-report is not built in $BUILD)"
else
    out="$(cd "$WORK" && env -u COSTLAB_DATA_DIR QT_QPA_PLATFORM=offscreen HOME="$WORK/home" \
           XDG_RUNTIME_DIR="$WORK/run" "$CLI" report "$DATA/examples/$EXAMPLE" \
           -o "$WORK/report.pdf" 2>&1)"
    if [ $? -eq 0 ] && head -c 5 "$WORK/report.pdf" 2>/dev/null | grep -q '%PDF-'; then
        pass "costlab-cli report -o report.pdf from the scratch root ($(du -k "$WORK/report.pdf" | cut -f1) KiB)"
    else
        fail "costlab-cli report -o report.pdf from the scratch root (costlab-report installed next to it?)" "$out"
    fi
fi

if [ "$gui" -eq 1 ]; then
    GUI="$ROOT/usr/bin/costlab"
    check "costlab --version from the scratch root" env QT_QPA_PLATFORM=offscreen "$GUI" --version
    # The zh_CN screenshot proves the embedded translation loads (costlab exits 2 without it).
    for lang in en zh_CN; do
        out="$(env -u COSTLAB_DATA_DIR QT_QPA_PLATFORM=offscreen HOME="$WORK/home" \
               XDG_RUNTIME_DIR="$WORK/run" "$GUI" --screenshot "$WORK/root-$lang.png" \
               --lang "$lang" --size 1280x800 2>&1)"
        if [ $? -eq 0 ] && head -c 8 "$WORK/root-$lang.png" 2>/dev/null | grep -q PNG; then
            pass "costlab --screenshot --lang $lang from the scratch root"
        else
            fail "costlab --screenshot --lang $lang from the scratch root" "$out"
        fi
    done
fi

# ---- Desktop integration files -------------------------------------------------------------
if [ "$gui" -eq 1 ]; then
    desktop="$ROOT/usr/share/applications/$APP_ID.desktop"
    if command -v desktop-file-validate >/dev/null; then
        check "desktop-file-validate $APP_ID.desktop" desktop-file-validate "$desktop"
    else
        skip "desktop-file-validate (install desktop-file-utils)"
    fi
    missing=""
    for key in 'Exec=costlab %f' 'Icon=io.costlab.Costlab' 'MimeType=application/x-costlab-scenario+json;' \
               'Categories=Office;Finance;Science;Education;' 'Name[zh_CN]=' 'Comment[zh_CN]='; do
        grep -qF "$key" "$desktop" || missing+="$key "
    done
    if [ -z "$missing" ]; then pass "desktop entry: Exec, Icon, MimeType, Categories, zh_CN name and comment"; else fail "desktop entry lacks: $missing"; fi
    if command -v appstreamcli >/dev/null; then
        check "appstreamcli validate --no-net $APP_ID.metainfo.xml" \
            appstreamcli validate --no-net "$ROOT/usr/share/metainfo/$APP_ID.metainfo.xml"
    else
        skip "appstreamcli validate (install appstream)"
    fi
    if command -v update-mime-database >/dev/null; then
        mkdir -p "$WORK/mime/packages"
        cp "$ROOT/usr/share/mime/packages/costlab.xml" "$WORK/mime/packages/"
        if out="$(update-mime-database "$WORK/mime" 2>&1)" \
            && [ -f "$WORK/mime/application/x-costlab-scenario+json.xml" ] \
            && grep -q 'application/x-costlab-scenario+json:\*\.costlab\.json' "$WORK/mime/globs2"; then
            pass "shared-mime-info: *.costlab.json is application/x-costlab-scenario+json"
        else
            fail "shared-mime-info database from costlab.xml" "$out"
        fi
    else
        skip "update-mime-database (install shared-mime-info)"
    fi
fi
if command -v man >/dev/null; then
    for page in "$ROOT"/usr/share/man/man1/*.1.gz; do
        warn="$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)"
        if [ -z "$warn" ] && LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null | grep -q '^NAME'; then
            pass "man page $(basename "$page") renders without warnings"
        else
            fail "man page $(basename "$page")" "$warn"
        fi
    done
else
    skip "man page rendering (man-db not installed)"
fi

# ---- Real install (root only) ------------------------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
    skip "apt-get install/remove of the package (needs root; CI runs as root)"
    finish
fi
export DEBIAN_FRONTEND=noninteractive
cd "$WORK/pkg" || finish
# This machine is shared: install only if apt would install nothing but costlab itself.
sim="$(apt-get install -s --no-install-recommends "./$(basename "$DEB")" 2>&1)"
others="$(grep '^Inst ' <<<"$sim" | awk '{print $2}' | grep -vx costlab)"
if [ -n "$others" ]; then
    fail "apt-get would install other packages too; not installing" "$others"
    finish
fi
installed_by_us=1
check "apt-get install ./$(basename "$DEB")" \
    apt-get install -y -qq --no-install-recommends "./$(basename "$DEB")"
check "dpkg reports costlab installed" \
    sh -c "dpkg-query -W -f='\${Status}' costlab | grep -q 'install ok installed'"
out="$(env -u COSTLAB_DATA_DIR /usr/bin/costlab-cli --version 2>&1)"
if grep -qF "/usr/share/costlab/catalog/default.json" <<<"$out"; then
    pass "/usr/bin/costlab-cli --version uses /usr/share/costlab"
else
    fail "/usr/bin/costlab-cli --version uses /usr/share/costlab" "$out"
fi
check "/usr/bin/costlab-cli evaluate /usr/share/costlab/examples/$EXAMPLE" \
    env -u COSTLAB_DATA_DIR /usr/bin/costlab-cli evaluate "/usr/share/costlab/examples/$EXAMPLE"
if [ -x /usr/bin/costlab-report ]; then
    check "/usr/bin/costlab-cli report -o (via /usr/bin/costlab-report)" \
        env -u COSTLAB_DATA_DIR QT_QPA_PLATFORM=offscreen HOME="$WORK/home" XDG_RUNTIME_DIR="$WORK/run" \
        /usr/bin/costlab-cli report "/usr/share/costlab/examples/$EXAMPLE" -o "$WORK/installed.pdf"
fi
if [ "$gui" -eq 1 ]; then
    shot="$WORK/installed.png"
    out="$(env -u COSTLAB_DATA_DIR QT_QPA_PLATFORM=offscreen HOME="$WORK/home" \
           XDG_RUNTIME_DIR="$WORK/run" /usr/bin/costlab --screenshot "$shot" 2>&1)"
    if [ $? -eq 0 ] && [ -s "$shot" ] && head -c 8 "$shot" | grep -q PNG; then
        pass "QT_QPA_PLATFORM=offscreen /usr/bin/costlab --screenshot ($(du -k "$shot" | cut -f1) KiB PNG)"
    else
        fail "QT_QPA_PLATFORM=offscreen /usr/bin/costlab --screenshot" "$out"
    fi
    # dpkg file triggers (shared-mime-info, desktop-file-utils) refresh the system caches.
    if dpkg-query -W -f='${Status}' shared-mime-info 2>/dev/null | grep -q 'ok installed'; then
        check "dpkg trigger registered the MIME type" \
            grep -q 'application/x-costlab-scenario+json' /usr/share/mime/globs2
    fi
    if dpkg-query -W -f='${Status}' desktop-file-utils 2>/dev/null | grep -q 'ok installed'; then
        check "dpkg trigger added the desktop entry to mimeinfo.cache" \
            grep -q "application/x-costlab-scenario+json=.*$APP_ID.desktop" /usr/share/applications/mimeinfo.cache
    fi
fi
check "apt-get remove costlab" apt-get remove -y -qq costlab
installed_by_us=0
left=""
while read -r p; do
    case "$p" in */) continue ;; esac
    [ -e "$p" ] && left+="$p"$'\n'
done <<<"$contents"
if [ -z "$left" ] && ! dpkg-query -W -f='${Status}' costlab 2>/dev/null | grep -q 'ok installed'; then
    pass "after removal no packaged file is left"
else
    fail "files left after apt-get remove costlab" "$left"
fi
if [ "$gui" -eq 1 ] && [ -f /usr/share/mime/globs2 ]; then
    if grep -q 'application/x-costlab-scenario+json' /usr/share/mime/globs2; then
        fail "MIME type still registered after removal"
    else
        pass "MIME type unregistered after removal"
    fi
fi
finish
