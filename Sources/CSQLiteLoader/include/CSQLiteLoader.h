#ifndef FL_SQLITE_LOADER_H
#define FL_SQLITE_LOADER_H
// Debian's libsqlite3-dev puts the header here; through pkg-config the library would be linked as well.
#include "/usr/include/sqlite3.h"

// Pointers are non-null unless marked _Nullable, which is where SQLite takes NULL: a NULL connection, statement or
// SQL text is refused (SQLITE_MISUSE) or does nothing, a NULL text binds SQL NULL, a NULL vfs is the default one.
// sqlite3_busy_timeout alone dereferences its connection unchecked.
#pragma clang assume_nonnull begin

/// Load libsqlite3.so.0 on first use: linked, ld.so would load it and bind its symbols at every start of
/// fieldline, for the one command that writes SQLite. Returns 0, or -1 with the reason in `why`.
int fl_sqlite_load(char *why, unsigned long why_size);

int fl_sqlite3_open_v2(const char *filename, sqlite3 *_Nullable *_Nonnull db, int flags, const char *_Nullable vfs);
int fl_sqlite3_close(sqlite3 *_Nullable db);
/// Waits up to `ms` milliseconds for a lock another connection holds, trying again every 2 ms (SQLite's own
/// sqlite3_busy_timeout sleeps up to 100 ms between tries); 0 waits not at all.
int fl_sqlite3_busy_timeout(sqlite3 *db, int ms);
int fl_sqlite3_exec(sqlite3 *_Nullable db, const char *_Nullable sql, char *_Nullable *_Nullable errmsg);
void fl_sqlite3_free(void *_Nullable p);
const char *fl_sqlite3_errmsg(sqlite3 *_Nullable db);
int fl_sqlite3_extended_errcode(sqlite3 *_Nullable db);
int fl_sqlite3_prepare_v2(sqlite3 *_Nullable db, const char *_Nullable sql, sqlite3_stmt *_Nullable *_Nonnull statement);
int fl_sqlite3_step(sqlite3_stmt *_Nullable statement);
int fl_sqlite3_finalize(sqlite3_stmt *_Nullable statement);
int fl_sqlite3_reset(sqlite3_stmt *_Nullable statement);
long long fl_sqlite3_column_int64(sqlite3_stmt *_Nullable statement, int column);
const unsigned char *_Nullable fl_sqlite3_column_text(sqlite3_stmt *_Nullable statement, int column);
/// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import: bind text through this.
int fl_sqlite_bind_text(sqlite3_stmt *_Nullable statement, int index, const char *_Nullable text, int bytes);
/// Bind text that SQLite does not copy (SQLITE_STATIC): it must stay where it is until the statement is stepped and
/// bound again or its bindings cleared (a batch binds each record's columns from one buffer of its own).
int fl_sqlite_bind_text_static(sqlite3_stmt *_Nullable statement, int index, const char *_Nullable text, int bytes);
/// Unbind every parameter (after a batch, so no binding points at a buffer that is gone).
int fl_sqlite3_clear_bindings(sqlite3_stmt *_Nullable statement);
/// What an extended result code of a failed INSERT says about the record (the SQLITE_CONSTRAINT_* codes are macro
/// expressions Swift does not import): 1 a repeat (UNIQUE, PRIMARY KEY), 2 refused by another rule of the
/// database's own (CHECK, NOT NULL, a trigger, a datatype, too big), 0 not about the record (I/O, busy, full).
int fl_sqlite_refusal(int extended_code);
/// Non-zero when no transaction is open (a rule's RAISE(ROLLBACK) ended the one a batch opened).
int fl_sqlite3_get_autocommit(sqlite3 *_Nullable db);
/// How many rows the last INSERT, UPDATE or DELETE that ended changed (a correction's UPDATE: 0 when its row
/// was no longer as read).
int fl_sqlite3_changes(sqlite3 *_Nullable db);

#pragma clang assume_nonnull end
#endif
