#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: bind text through this.
static inline int fl_sqlite_bind_text(sqlite3_stmt *stmt, int index, const char *text, int bytes) {
    return sqlite3_bind_text(stmt, index, text, bytes, SQLITE_TRANSIENT);
}

/// SQLITE_CONSTRAINT_UNIQUE is a macro expression Swift does not import.
static inline int fl_sqlite_constraint_unique(void) { return SQLITE_CONSTRAINT_UNIQUE; }
