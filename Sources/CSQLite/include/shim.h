#ifndef REPORT_CSQLITE_SHIM_H
#define REPORT_CSQLITE_SHIM_H

// SQLite, loaded on first use. `report` does not link libsqlite3: loading it costs about 0.3 ms
// of every start, and only commands that read or write the local store need it (a fetch, sync,
// search, watch, `cache info`), not `--help`, `--version`, `config` or `auth`.
// `report_sqlite3_load` dlopens it once; every other function here forwards to SQLite's function
// of the same name without the `report_` prefix, and must only be called after
// `report_sqlite3_load` returned 0. Only types and constants of <sqlite3.h> (Debian's
// libsqlite3-dev) are used from Swift, never its functions.
#include <sqlite3.h>

/// Loads libsqlite3 (once, thread-safely). 0 on success; otherwise -1, and
/// `report_sqlite3_load_error` says why.
int report_sqlite3_load(void);
const char *report_sqlite3_load_error(void);

int report_sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs);
int report_sqlite3_close_v2(sqlite3 *db);
int report_sqlite3_busy_timeout(sqlite3 *db, int milliseconds);
int report_sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *context,
                        char **error);
void report_sqlite3_free(void *pointer);
const char *report_sqlite3_errmsg(sqlite3 *db);
const char *report_sqlite3_errstr(int code);
int report_sqlite3_extended_errcode(sqlite3 *db);
int report_sqlite3_changes(sqlite3 *db);

int report_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail);
int report_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                              const char **tail);
int report_sqlite3_finalize(sqlite3_stmt *statement);
int report_sqlite3_reset(sqlite3_stmt *statement);
int report_sqlite3_clear_bindings(sqlite3_stmt *statement);
int report_sqlite3_step(sqlite3_stmt *statement);

int report_sqlite3_bind_null(sqlite3_stmt *statement, int index);
int report_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int report_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *));
int report_sqlite3_bind_blob64(sqlite3_stmt *statement, int index, const void *bytes, sqlite3_uint64 count,
                               void (*destructor)(void *));

int report_sqlite3_column_type(sqlite3_stmt *statement, int column);
sqlite3_int64 report_sqlite3_column_int64(sqlite3_stmt *statement, int column);
const unsigned char *report_sqlite3_column_text(sqlite3_stmt *statement, int column);
const void *report_sqlite3_column_blob(sqlite3_stmt *statement, int column);
int report_sqlite3_column_bytes(sqlite3_stmt *statement, int column);

#endif
