#include "CLibPQLoader.h"
#include <dlfcn.h>
#include <stdio.h>

/* The libpq functions fieldline calls, resolved once by fl_pq_load. */
static struct {
    PGconn *(*connectdbParams)(const char *const *, const char *const *, int);
    ConnStatusType (*status)(const PGconn *);
    void (*finish)(PGconn *);
    void (*reset)(PGconn *);
    char *(*errorMessage)(const PGconn *);
    PQnoticeProcessor (*setNoticeProcessor)(PGconn *, PQnoticeProcessor, void *);
    PGresult *(*execParams)(PGconn *, const char *, int, const Oid *, const char *const *, const int *, const int *, int);
    ExecStatusType (*resultStatus)(const PGresult *);
    char *(*resultErrorField)(const PGresult *, int);
    void (*clear)(PGresult *);
    int (*ntuples)(const PGresult *);
    int (*nfields)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*putCopyData)(PGconn *, const char *, int);
    int (*putCopyEnd)(PGconn *, const char *);
    int (*flush)(PGconn *);
    PGresult *(*getResult)(PGconn *);
} api;

int fl_pq_load(char *why, unsigned long why_size) {
    if (api.connectdbParams) return 0;
    void *lib = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!lib) { snprintf(why, why_size, "cannot load libpq (install libpq5): %s", dlerror()); return -1; }
#define RESOLVE(field, name) \
    if (!(*(void **)&api.field = dlsym(lib, name))) { snprintf(why, why_size, "libpq has no %s", name); return -1; }
    RESOLVE(status, "PQstatus") RESOLVE(finish, "PQfinish") RESOLVE(reset, "PQreset")
    RESOLVE(errorMessage, "PQerrorMessage") RESOLVE(setNoticeProcessor, "PQsetNoticeProcessor")
    RESOLVE(execParams, "PQexecParams") RESOLVE(resultStatus, "PQresultStatus")
    RESOLVE(resultErrorField, "PQresultErrorField") RESOLVE(clear, "PQclear") RESOLVE(ntuples, "PQntuples")
    RESOLVE(nfields, "PQnfields") RESOLVE(getvalue, "PQgetvalue")
    RESOLVE(putCopyData, "PQputCopyData") RESOLVE(putCopyEnd, "PQputCopyEnd") RESOLVE(getResult, "PQgetResult")
    RESOLVE(flush, "PQflush")
    RESOLVE(connectdbParams, "PQconnectdbParams") /* last: it marks the table complete */
#undef RESOLVE
    return 0;
}

PGconn *fl_PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
    return api.connectdbParams(keywords, values, expand_dbname);
}
ConnStatusType fl_PQstatus(const PGconn *conn) { return api.status(conn); }
void fl_PQfinish(PGconn *conn) { if (conn) api.finish(conn); }
void fl_PQreset(PGconn *conn) { api.reset(conn); }
char *fl_PQerrorMessage(const PGconn *conn) { return api.errorMessage(conn); }
static void quiet(void *arg, const char *message) { (void)arg; (void)message; }
void fl_PQquietNotices(PGconn *conn) { api.setNoticeProcessor(conn, quiet, NULL); }
PGresult *fl_PQexecParams(PGconn *conn, const char *command, int nParams, const char *const *paramValues) {
    return api.execParams(conn, command, nParams, NULL, paramValues, NULL, NULL, 0);
}
ExecStatusType fl_PQresultStatus(const PGresult *res) { return api.resultStatus(res); }
char *fl_PQresultErrorField(const PGresult *res, int fieldcode) { return api.resultErrorField(res, fieldcode); }
void fl_PQclear(PGresult *res) { api.clear(res); }
int fl_PQntuples(const PGresult *res) { return api.ntuples(res); }
int fl_PQnfields(const PGresult *res) { return api.nfields(res); }
char *fl_PQgetvalue(const PGresult *res, int row, int column) { return api.getvalue(res, row, column); }
int fl_PQputCopyData(PGconn *conn, const char *buffer, int bytes) { return api.putCopyData(conn, buffer, bytes); }
int fl_PQputCopyEnd(PGconn *conn, const char *errormsg) { return api.putCopyEnd(conn, errormsg); }
PGresult *fl_PQgetResult(PGconn *conn) { return api.getResult(conn); }
int fl_PQflush(PGconn *conn) { return api.flush(conn); }
