#ifndef REPORT_BUILD_INFO_H
#define REPORT_BUILD_INFO_H

// The version of report and report-server (the User-Agent's, `--version`'s and the Debian
// package's, which scripts/package reads from `report-server --version`). Swift sees it as a String.
#define REPORT_VERSION "0.1.0"

// Which commit a binary was built from. Both functions are defined weak here, returning NULL (a
// development build: `swift build`, the tests, CI). scripts/install links in an object of its own
// (`-Xlinker build-info-COMMIT.o`) whose strong definitions return the commit and its date: a new
// commit changes only the link, never the compiled code, as a `-Xcc -D…` flag would (it changes
// every target's command line, so everything would compile again).

/// The short commit hash, with `+dirty` when tracked files had changes; NULL in a development build.
const char *report_build_commit(void);
/// The commit's date, YYYY-MM-DD; NULL in a development build.
const char *report_build_date(void);

#endif
