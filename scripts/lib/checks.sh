# Sourced by scripts/test-install and scripts/test-package: the tally of checks, where the Swift
# toolchain is, and a script that runs the installed binaries with that toolchain out of reach
# (a mount namespace in which its folder is an empty one) — report-server on a free port from its
# own demo data, and `report fetch` against it.

checks_passed=0 checks_failed=0
pass() { checks_passed=$((checks_passed + 1)); echo "  ✓ $1"; }
flunk() { checks_failed=$((checks_failed + 1)); echo "  ✗ $1" >&2; }
check() { local name=$1; shift; if "$@"; then pass "$name"; else flunk "$name"; fi; }
# The closing line ("NAME: N passed, N failed"); its status is 0 only when none failed.
finish() { echo "$1: $checks_passed passed, $checks_failed failed"; [ "$checks_failed" = 0 ]; }

# Where swift is, three levels up (…/usr/bin/swift).
toolchain_dir() {
    dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
}

# write_hidden_run SCRIPT WORK BIN [VAR=VALUE…]: writes SCRIPT, to run under `unshare --mount`:
# it hides the toolchain, sets PATH to BIN then the system's, HOME to WORK/home and the VAR=VALUE
# words given, and from WORK/outside (so that report-server must find its demo data by itself)
# runs `report --version` (WORK/version.*), then report-server on a free port and
# `report fetch --term 1001` against it (WORK/fetch.*, WORK/server.*). The lines on standard
# input run after that, with the server stopped.
write_hidden_run() {
    local script=$1 work=$2 bin=$3 toolchain
    shift 3
    toolchain=$(toolchain_dir)
    mkdir -p "$work/empty" "$work/outside" "$work/home"
    {
        cat <<EOF
set -u
mount --bind "$work/empty" "$toolchain" || { echo "cannot hide $toolchain" >&2; exit 99; }
[ -z "\$(ls -A "$toolchain")" ] || { echo "$toolchain is still there" >&2; exit 99; }
export PATH="$bin:/usr/bin:/bin" LD_LIBRARY_PATH= HOME="$work/home" $*
command -v swift >/dev/null && { echo "swift is still on the PATH" >&2; exit 99; }
cd "$work/outside"
report --version > "$work/version.out" 2>&1; echo \$? > "$work/version.status"
report-server --port 0 --ready-file "$work/url" > "$work/server.out" 2> "$work/server.err" &
server=\$!
for _ in \$(seq 300); do [ -s "$work/url" ] && break; kill -0 \$server 2>/dev/null || break; sleep 0.1; done
url=\$(cat "$work/url" 2>/dev/null)
REPORT_TOKEN=demo-access-42 report fetch --term 1001 --base-url "\$url" > "$work/fetch.out" 2> "$work/fetch.err"
echo \$? > "$work/fetch.status"
kill \$server; wait \$server 2>/dev/null
EOF
        cat
        echo "exit 0"
    } > "$script"
}

# The checks of what write_hidden_run's script did; WHERE names what served the report.
check_hidden_run() {
    local work=$1 where=$2
    check "report --version: exit 0, the version, the commit and libcurl on one line" \
        grep -q -x -E 'report [0-9]+\.[0-9]+\.[0-9]+ \([0-9a-f]{7}(\+dirty)? [0-9]{4}-[0-9]{2}-[0-9]{2}\) libcurl/[0-9.]+.*' "$work/version.out"
    [ "$(cat "$work/version.status" 2>/dev/null)" = 0 ] \
        || flunk "report --version exited $(cat "$work/version.status" 2>/dev/null): $(cat "$work/version.out" 2>/dev/null)"
    check "report fetch --term 1001 from $where (no --data): exit 0 and the report" \
        bash -c '[ "$(cat "$1/fetch.status")" = 0 ] && grep -q "term 1001" "$1/fetch.out" && grep -q "^Tips" "$1/fetch.out"' _ "$work"
    [ "$(cat "$work/fetch.status" 2>/dev/null)" = 0 ] || cat "$work/fetch.err" "$work/server.err" >&2 || true
}
