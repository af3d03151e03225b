#ifndef FL_LIBPQ_LOADER_H
#define FL_LIBPQ_LOADER_H
// Debian's libpq-dev puts the header here; through pkg-config the library would be linked as well.
#include "/usr/include/postgresql/libpq-fe.h"

/// Load libpq.so.5 on first use: linking it would load it and some twenty libraries it needs (TLS, Kerberos,
/// LDAP) at every start of fieldline, for the one command that talks to PostgreSQL. Returns 0, or -1 with the
/// reason in `why`.
int fl_pq_load(char *why, unsigned long why_size);

PGconn *fl_PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname);
ConnStatusType fl_PQstatus(const PGconn *conn);
void fl_PQfinish(PGconn *conn);
void fl_PQreset(PGconn *conn);
char *fl_PQerrorMessage(const PGconn *conn);
void fl_PQquietNotices(PGconn *conn);
PGresult *fl_PQexecParams(PGconn *conn, const char *command, int nParams, const char *const *paramValues);
ExecStatusType fl_PQresultStatus(const PGresult *res);
char *fl_PQresultErrorField(const PGresult *res, int fieldcode);
void fl_PQclear(PGresult *res);
int fl_PQntuples(const PGresult *res);
int fl_PQnfields(const PGresult *res);
char *fl_PQgetvalue(const PGresult *res, int row, int column);
#endif
