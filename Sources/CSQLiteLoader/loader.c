#include "CSQLiteLoader.h"
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* The SQLite functions fieldline calls, resolved once by fl_sqlite_load. */
static struct {
    int (*open_v2)(const char *, sqlite3 **, int, const char *);
    int (*close)(sqlite3 *);
    int (*busy_handler)(sqlite3 *, int (*)(void *, int), void *);
    int (*exec)(sqlite3 *, const char *, int (*)(void *, int, char **, char **), void *, char **);
    void (*free)(void *);
    const char *(*errmsg)(sqlite3 *);
    int (*extended_errcode)(sqlite3 *);
    int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **);
    int (*step)(sqlite3_stmt *);
    int (*finalize)(sqlite3_stmt *);
    int (*reset)(sqlite3_stmt *);
    sqlite3_int64 (*column_int64)(sqlite3_stmt *, int);
    const unsigned char *(*column_text)(sqlite3_stmt *, int);
    int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *));
    int (*get_autocommit)(sqlite3 *);
    int (*clear_bindings)(sqlite3_stmt *);
    int (*changes)(sqlite3 *);
} api;

int fl_sqlite_load(char *why, unsigned long why_size) {
    if (api.open_v2) return 0;
    void *lib = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) { snprintf(why, why_size, "cannot load SQLite (install libsqlite3-0): %s", dlerror()); return -1; }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(lib, name))) { snprintf(why, why_size, "libsqlite3 has no %s", name); return -1; }
    RESOLVE(close, "sqlite3_close") RESOLVE(busy_handler, "sqlite3_busy_handler") RESOLVE(exec, "sqlite3_exec")
    RESOLVE(free, "sqlite3_free") RESOLVE(errmsg, "sqlite3_errmsg") RESOLVE(extended_errcode, "sqlite3_extended_errcode")
    RESOLVE(prepare_v2, "sqlite3_prepare_v2") RESOLVE(step, "sqlite3_step") RESOLVE(finalize, "sqlite3_finalize")
    RESOLVE(reset, "sqlite3_reset")
    RESOLVE(column_int64, "sqlite3_column_int64") RESOLVE(column_text, "sqlite3_column_text")
    RESOLVE(bind_text, "sqlite3_bind_text") RESOLVE(get_autocommit, "sqlite3_get_autocommit")
    RESOLVE(clear_bindings, "sqlite3_clear_bindings") RESOLVE(changes, "sqlite3_changes")
    RESOLVE(open_v2, "sqlite3_open_v2") /* last: it marks the table complete */
#undef RESOLVE
    return 0;
}

int fl_sqlite3_open_v2(const char *filename, sqlite3 **db, int flags, const char *vfs) { return api.open_v2(filename, db, flags, vfs); }
int fl_sqlite3_close(sqlite3 *db) { return api.close(db); }
/* Monotonic milliseconds. */
static long long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* When the wait for the lock began, per thread (a connection's busy handler runs on the thread that waits). */
static _Thread_local long long busy_since;

/* Tries again every 2 ms until `limit` milliseconds have passed. SQLite's own handler sleeps up to 100 ms between
   tries, so a writer that waits behind a bulk run which commits and begins again within a few milliseconds sleeps
   through every moment the lock is free, batch after batch. */
static int poll_busy(void *limit, int count) {
    if (count == 0) busy_since = now_ms();
    if (now_ms() - busy_since >= (long long)(intptr_t)limit) return 0;
    usleep(2000);
    return 1;
}

int fl_sqlite3_busy_timeout(sqlite3 *db, int ms) { return api.busy_handler(db, ms > 0 ? poll_busy : NULL, (void *)(intptr_t)ms); }
int fl_sqlite3_exec(sqlite3 *db, const char *sql, char **errmsg) { return api.exec(db, sql, NULL, NULL, errmsg); }
void fl_sqlite3_free(void *p) { api.free(p); }
const char *fl_sqlite3_errmsg(sqlite3 *db) { return api.errmsg(db); }
int fl_sqlite3_extended_errcode(sqlite3 *db) { return api.extended_errcode(db); }
int fl_sqlite3_prepare_v2(sqlite3 *db, const char *sql, sqlite3_stmt **statement) { return api.prepare_v2(db, sql, -1, statement, NULL); }
int fl_sqlite3_step(sqlite3_stmt *statement) { return api.step(statement); }
int fl_sqlite3_finalize(sqlite3_stmt *statement) { return api.finalize(statement); }
int fl_sqlite3_reset(sqlite3_stmt *statement) { return api.reset(statement); }
long long fl_sqlite3_column_int64(sqlite3_stmt *statement, int column) { return api.column_int64(statement, column); }
const unsigned char *fl_sqlite3_column_text(sqlite3_stmt *statement, int column) { return api.column_text(statement, column); }
int fl_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return api.bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}
int fl_sqlite_bind_text_static(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return api.bind_text(statement, index, text, bytes, SQLITE_STATIC);
}
int fl_sqlite3_clear_bindings(sqlite3_stmt *statement) { return api.clear_bindings(statement); }
int fl_sqlite3_get_autocommit(sqlite3 *db) { return api.get_autocommit(db); }
int fl_sqlite3_changes(sqlite3 *db) { return api.changes(db); }
int fl_sqlite_refusal(int extended_code) {
    if (extended_code == SQLITE_CONSTRAINT_UNIQUE || extended_code == SQLITE_CONSTRAINT_PRIMARYKEY) return 1;
    int primary = extended_code & 0xff;
    if (primary == SQLITE_CONSTRAINT || primary == SQLITE_MISMATCH || primary == SQLITE_TOOBIG) return 2;
    return 0;
}
