// The throwaway PostgreSQL server of the *_pg tests (issue 48): pg_virtualenv sets the PG*
// variables and the test runs with COSTLAB_TEST_PG set. Plain libpq: what a client with no
// Costlab code in between (a "modified client") can do.
#pragma once

#include <libpq-fe.h>

#include <QtGlobal>

#include <string>

namespace costlab::test {

/// True on a PostgreSQL run (COSTLAB_TEST_PG set).
inline bool onServer()
{
    return !qEnvironmentVariableIsEmpty("COSTLAB_TEST_PG");
}

/// Runs `sql` (one or more statements) on the run's server as its superuser, or as `role`
/// (SET ROLE). Returns the first column of the first row, "" when there is no row, and
/// "<error>" when the connection or a statement fails.
inline std::string serverQuery(const std::string& sql, const std::string& role = {})
{
    PGconn* c = PQconnectdb("postgresql://");
    std::string out = "<error>";
    if (PQstatus(c) == CONNECTION_OK) {
        PQclear(PQexec(c, "SET client_min_messages = warning"));
        if (!role.empty())
            PQclear(PQexec(c, ("SET ROLE " + role).c_str()));
        PGresult* r = PQexec(c, sql.c_str());
        const ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_TUPLES_OK)
            out = PQntuples(r) > 0 ? PQgetvalue(r, 0, 0) : "";
        else if (st == PGRES_COMMAND_OK)
            out = "";
        PQclear(r);
    }
    PQfinish(c);
    return out;
}

/// Empties the run's team library (a new public schema), as a test that starts from a new
/// file does. True on success.
inline bool emptyServerLibrary()
{
    return serverQuery("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public").empty();
}

} // namespace costlab::test
