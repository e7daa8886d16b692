#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// SQLite's functions, resolved from the library that report_sqlite3_load opened. Written once,
// under pthread_once, before any reader can see report_sqlite3_load succeed.
static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close_v2)(sqlite3 *);
    int (*busy_timeout)(sqlite3 *, int);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    void (*free)(void *);
    const char *(*errmsg)(sqlite3 *);
    const char *(*errstr)(int);
    int (*extended_errcode)(sqlite3 *);
    int (*changes)(sqlite3 *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*prepare_v3)(sqlite3 *, const char *, int, unsigned int, sqlite3_stmt **, const char **);
    int (*finalize)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*step)(sqlite3_stmt *);
    int (*bind_null)(sqlite3_stmt *, int);
    int (*bind_int64)(sqlite3_stmt *, int, sqlite3_int64);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
    int (*bind_blob64)(sqlite3_stmt *, int, const void *, sqlite3_uint64, void (*)(void *));
    int (*column_type)(sqlite3_stmt *, int);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    const void *(*column_blob)(sqlite3_stmt *, int);
    int (*column_bytes)(sqlite3_stmt *, int);
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int load_status = -1;
static char load_error[256] = "libsqlite3 was not loaded";

static void load(void) {
    // The soname of SQLite 3 (Debian's libsqlite3-0). RTLD_LAZY: a function is bound on its first call.
    void *library = dlopen("libsqlite3.so.0", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "cannot load libsqlite3 (%s); install libsqlite3-0",
                 reason ? reason : "unknown error");
        return;
    }
#define RESOLVE(field, name)                                                                         \
    do {                                                                                             \
        *(void **)(&lib.field) = dlsym(library, name);                                               \
        if (!lib.field) {                                                                            \
            snprintf(load_error, sizeof load_error, "libsqlite3.so.0 has no %s: it is too old", name); \
            return;                                                                                  \
        }                                                                                            \
    } while (0)
    RESOLVE(open_v2, "sqlite3_open_v2");
    RESOLVE(close_v2, "sqlite3_close_v2");
    RESOLVE(busy_timeout, "sqlite3_busy_timeout");
    RESOLVE(exec, "sqlite3_exec");
    RESOLVE(free, "sqlite3_free");
    RESOLVE(errmsg, "sqlite3_errmsg");
    RESOLVE(errstr, "sqlite3_errstr");
    RESOLVE(extended_errcode, "sqlite3_extended_errcode");
    RESOLVE(changes, "sqlite3_changes");
    RESOLVE(prepare_v2, "sqlite3_prepare_v2");
    RESOLVE(prepare_v3, "sqlite3_prepare_v3");
    RESOLVE(finalize, "sqlite3_finalize");
    RESOLVE(reset, "sqlite3_reset");
    RESOLVE(clear_bindings, "sqlite3_clear_bindings");
    RESOLVE(step, "sqlite3_step");
    RESOLVE(bind_null, "sqlite3_bind_null");
    RESOLVE(bind_int64, "sqlite3_bind_int64");
    RESOLVE(bind_text, "sqlite3_bind_text");
    RESOLVE(bind_blob64, "sqlite3_bind_blob64");
    RESOLVE(column_type, "sqlite3_column_type");
    RESOLVE(column_int64, "sqlite3_column_int64");
    RESOLVE(column_text, "sqlite3_column_text");
    RESOLVE(column_blob, "sqlite3_column_blob");
    RESOLVE(column_bytes, "sqlite3_column_bytes");
#undef RESOLVE
    // Every connection here is opened SQLITE_OPEN_NOMUTEX under the caller's own lock, and nothing
    // asks SQLite how much memory it uses: without this, each of its allocations takes a global
    // mutex to count itself. Only possible before SQLite initialises (at the first open, just
    // after this); where the library refuses, it counts, which is only slower.
    int (*config)(int, ...);
    *(void **)(&config) = dlsym(library, "sqlite3_config");
    if (config) config(SQLITE_CONFIG_MEMSTATUS, 0);
    load_status = 0;
}

int report_sqlite3_load(void) {
    pthread_once(&load_once, load);
    return load_status;
}

const char *report_sqlite3_load_error(void) { return load_status == 0 ? "" : load_error; }

int report_sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) {
    return lib.open_v2(filename, db, flags, vfs);
}
int report_sqlite3_close_v2(sqlite3 *db) { return lib.close_v2(db); }
int report_sqlite3_busy_timeout(sqlite3 *db, int milliseconds) { return lib.busy_timeout(db, milliseconds); }
int report_sqlite3_exec(sqlite3 *db, const char *sql, int (*callback)(void *, int, char **, char **), void *context,
                        char **error) {
    return lib.exec(db, sql, callback, context, error);
}
void report_sqlite3_free(void *pointer) { lib.free(pointer); }
const char *report_sqlite3_errmsg(sqlite3 *db) { return lib.errmsg(db); }
const char *report_sqlite3_errstr(int code) { return lib.errstr(code); }
int report_sqlite3_extended_errcode(sqlite3 *db) { return lib.extended_errcode(db); }
int report_sqlite3_changes(sqlite3 *db) { return lib.changes(db); }

int report_sqlite3_prepare_v2(sqlite3 *db, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail) {
    return lib.prepare_v2(db, sql, bytes, statement, tail);
}
int report_sqlite3_prepare_v3(sqlite3 *db, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement,
                              const char **tail) {
    return lib.prepare_v3(db, sql, bytes, flags, statement, tail);
}
int report_sqlite3_finalize(sqlite3_stmt *statement) { return lib.finalize(statement); }
int report_sqlite3_reset(sqlite3_stmt *statement) { return lib.reset(statement); }
int report_sqlite3_clear_bindings(sqlite3_stmt *statement) { return lib.clear_bindings(statement); }
int report_sqlite3_step(sqlite3_stmt *statement) { return lib.step(statement); }

int report_sqlite3_bind_null(sqlite3_stmt *statement, int index) { return lib.bind_null(statement, index); }
int report_sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value) {
    return lib.bind_int64(statement, index, value);
}
int report_sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, void (*destructor)(void *)) {
    return lib.bind_text(statement, index, text, bytes, destructor);
}
int report_sqlite3_bind_blob64(sqlite3_stmt *statement, int index, const void *bytes, sqlite3_uint64 count,
                               void (*destructor)(void *)) {
    return lib.bind_blob64(statement, index, bytes, count, destructor);
}

int report_sqlite3_column_type(sqlite3_stmt *statement, int column) { return lib.column_type(statement, column); }
sqlite3_int64 report_sqlite3_column_int64(sqlite3_stmt *statement, int column) { return lib.column_int64(statement, column); }
const unsigned char *report_sqlite3_column_text(sqlite3_stmt *statement, int column) {
    return lib.column_text(statement, column);
}
const void *report_sqlite3_column_blob(sqlite3_stmt *statement, int column) { return lib.column_blob(statement, column); }
int report_sqlite3_column_bytes(sqlite3_stmt *statement, int column) { return lib.column_bytes(statement, column); }
