# Sourced by scripts/package (and tested by scripts/test-scripts): which Debian package holds a
# shared library the binaries load with dlopen, which dpkg-shlibdeps cannot see.
#
#   library_package SONAME     prints the package (libcurl4, libsqlite3-0, …) of this machine's
#                              x86-64 SONAME; status 1 and one line on stderr when it has none
#
# Every reader in these pipelines reads its input to the end: under `set -o pipefail` a reader that
# stops at its first match (awk's `exit`, `head -n 1`) makes the writer die of SIGPIPE when it has
# more to write, and the pipeline fail — at random, by how the two processes were scheduled.
library_package() {
    local soname=$1 library owners
    library=$(ldconfig -p | awk -v soname="$soname" '$1 == soname && /x86-64/ && !found { print $NF; found = 1 }') \
        || { echo "ldconfig -p failed, so where $soname is is unknown" >&2; return 1; }
    if [ -z "$library" ]; then
        echo "$soname is not installed here, so its package is unknown" >&2
        return 1
    fi
    owners=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null) || owners=""
    owners=$(awk -F: 'NR == 1 { print $1 }' <<< "$owners")
    if [ -z "$owners" ]; then
        echo "no package owns $library" >&2
        return 1
    fi
    echo "$owners"
}
