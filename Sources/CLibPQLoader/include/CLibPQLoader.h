#ifndef FL_LIBPQ_LOADER_H
#define FL_LIBPQ_LOADER_H
// Debian's libpq-dev puts the header here; through pkg-config the library would be linked as well.
#include "/usr/include/postgresql/libpq-fe.h"

// Pointers are non-null unless marked _Nullable. libpq checks every connection and result for NULL (a NULL one is
// a bad connection, a failed result, no rows); a connection is NULL when out of memory, a result when the command
// could not be sent, an error field when the result has none, a value when the row or column is out of range.
// The keyword and value arrays end at a NULL keyword; a NULL value is a keyword not given, a NULL parameter SQL NULL.
#pragma clang assume_nonnull begin

/// Load libpq.so.5 on first use: linking it would load it and some twenty libraries it needs (TLS, Kerberos,
/// LDAP) at every start of fieldline, for the one command that talks to PostgreSQL. Returns 0, or -1 with the
/// reason in `why`.
int fl_pq_load(char *why, unsigned long why_size);

PGconn *_Nullable fl_PQconnectdbParams(const char *_Nullable const *_Nonnull keywords,
                                       const char *_Nullable const *_Nonnull values, int expand_dbname);
ConnStatusType fl_PQstatus(const PGconn *_Nullable conn);
void fl_PQfinish(PGconn *_Nullable conn);
void fl_PQreset(PGconn *_Nullable conn);
char *fl_PQerrorMessage(const PGconn *_Nullable conn);
void fl_PQquietNotices(PGconn *_Nullable conn);
PGresult *_Nullable fl_PQexecParams(PGconn *_Nullable conn, const char *_Nullable command, int nParams,
                                    const char *_Nullable const *_Nullable paramValues);
ExecStatusType fl_PQresultStatus(const PGresult *_Nullable res);
char *_Nullable fl_PQresultErrorField(const PGresult *_Nullable res, int fieldcode);
void fl_PQclear(PGresult *_Nullable res);
int fl_PQntuples(const PGresult *_Nullable res);
int fl_PQnfields(const PGresult *_Nullable res);
char *_Nullable fl_PQgetvalue(const PGresult *_Nullable res, int row, int column);
// COPY … FROM STDIN: the rows' bytes (1 sent, -1 failed), then the end (a non-NULL errormsg makes the server refuse
// the COPY), then results until NULL.
int fl_PQputCopyData(PGconn *_Nullable conn, const char *buffer, int bytes);
int fl_PQputCopyEnd(PGconn *_Nullable conn, const char *_Nullable errormsg);
PGresult *_Nullable fl_PQgetResult(PGconn *_Nullable conn);
// Sends what libpq holds back (it sends a COPY's rows in whole 8 kB pieces): 0 sent, -1 failed.
int fl_PQflush(PGconn *_Nullable conn);

#pragma clang assume_nonnull end
#endif
