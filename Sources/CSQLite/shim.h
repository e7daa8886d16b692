// SQLite's C API from Debian's libsqlite3-dev (scripts/bootstrap installs it).
#include <sqlite3.h>
