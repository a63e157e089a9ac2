// A team library on a PostgreSQL server (issue 48): connecting, what the role may do, the
// schema and its upgrades, change notices. The statements are the same as a file library's
// (pgsql.cpp adapts them); SQLite's file handling (recovery, WAL, backups) has no part here:
// the server owns durability, and its own tools (pg_dump, replication) its backups.
#include "storedetail.h"

#include <regex>

namespace costlab {

namespace {

constexpr const char* kChannel = "costlab_library";

// Announce every committed change to the tables the window lists (LISTEN/NOTIFY), and sign
// each revision with the role that saved it whatever the client sent. Run after the schema
// is created or upgraded; CREATE OR REPLACE makes it safe to run again.
std::string pgTriggers()
{
    std::string sql = R"sql(
CREATE OR REPLACE FUNCTION costlab_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('costlab_library', TG_TABLE_NAME);
    RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION costlab_sign_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Only the library's owner (copying a library in, docs/library.md) may keep the author
    -- a revision already names; everyone else is signed as the role they are.
    IF NEW.saved_by = '' OR NOT pg_has_role(current_user,
            (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE') THEN
        NEW.saved_by := current_user;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER costlab_sign BEFORE INSERT OR UPDATE OF saved_by ON revisions
    FOR EACH ROW EXECUTE FUNCTION costlab_sign_revision();
)sql";
    for (const char* table :
         {"scenarios", "revisions", "tags", "catalogs", "lessons", "actuals", "meta"})
        sql += std::string("CREATE OR REPLACE TRIGGER costlab_announce AFTER INSERT OR UPDATE OR "
                           "DELETE OR TRUNCATE ON ") +
               table + " FOR EACH STATEMENT EXECUTE FUNCTION costlab_announce();\n";
    return sql;
}

std::string trimmedMessage(const char* text)
{
    std::string s = text ? text : "";
    // libpq ends lines with "\n" and indents hints with a tab: one line for a message box.
    for (char& c : s)
        if (c == '\t')
            c = ' ';
    for (size_t nl; (nl = s.find('\n')) != std::string::npos && nl + 1 < s.size();)
        s.replace(nl, 1, " ");
    while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
        s.pop_back();
    return s;
}

/// Plain words for why a connection was refused, from libpq's message.
std::string connectHint(const std::string& m)
{
    for (const char* unreachable :
         {"could not translate host name", "Connection refused", "timeout expired",
          "Network is unreachable", "No route to host"})
        if (m.find(unreachable) != std::string::npos)
            return "the library server can't be reached (offline)";
    if (m.find("password authentication failed") != std::string::npos ||
        m.find("no password supplied") != std::string::npos ||
        m.find("no pg_hba.conf entry") != std::string::npos)
        return "the server refused the login: check the user name and the password in "
               "~/.pgpass (or PGPASSFILE), never in Costlab's settings";
    if (m.find("certificate") != std::string::npos || m.find("SSL") != std::string::npos)
        return "the encrypted connection (TLS) failed: check sslmode and the server's "
               "certificate";
    if (m.find("does not exist") != std::string::npos)
        return "the database or role does not exist on that server";
    for (const char* malformed : {"invalid connection option", "invalid URI", "invalid sslmode",
                                  "invalid port", "invalid integer value", "invalid percent",
                                  "missing \"=\"", "unterminated quoted string"})
        if (m.find(malformed) != std::string::npos)
            return "the connection string is not valid";
    return "the library server can't be reached (offline)";
}

StoreError connectKind(const std::string& m)
{
    return connectHint(m).starts_with("the connection string") ? StoreError::Invalid
                                                               : StoreError::Io;
}

} // namespace

bool isServerLibrary(std::string_view location)
{
    return location.starts_with("postgresql://") || location.starts_with("postgres://");
}

std::string redactedConnection(std::string_view location)
{
    std::string s(location);
    if (!isServerLibrary(s))
        return s;
    // postgresql://user:secret@host → postgresql://user@host (the authority ends at '/', '?').
    const size_t start = s.find("://") + 3;
    const size_t end = s.find_first_of("/?", start);
    const size_t at = s.rfind('@', end == std::string::npos ? s.size() : end);
    if (at != std::string::npos && at > start) {
        const size_t colon = s.find(':', start);
        if (colon != std::string::npos && colon < at)
            s.erase(colon, at - colon);
    }
    // …?password=secret&sslmode=require → …?sslmode=require
    s = std::regex_replace(s, std::regex(R"(([?&])password=[^&]*&?)"), "$1");
    while (!s.empty() && (s.back() == '&' || s.back() == '?'))
        s.pop_back();
    return s;
}

void ScenarioStore::Impl::drainNotices()
{
    if (!db.pg)
        return;
    PQconsumeInput(db.pg);
    const int self = PQbackendPID(db.pg);
    while (PGnotify* n = PQnotifies(db.pg)) {
        if (n->be_pid != self) // this session's own writes are not "another window's"
            ++pgNotices;
        PQfreemem(n);
    }
}

namespace {

/// What every new session needs: a lock wait limit ("busy" after it, as SQLite's
/// busy_timeout), quiet notices, and LISTEN for other sessions' changes.
Status setUpSession(Db& db, const StoreOptions& options, bool readOnly)
{
    const std::string setup = "SET lock_timeout = '" +
                              std::to_string(std::max(0, options.busy_timeout_ms)) +
                              "ms'; SET client_min_messages = warning; LISTEN " + kChannel + ";" +
                              (readOnly ? " SET default_transaction_read_only = on;" : "");
    PGresult* res = PQexec(db.pg, setup.c_str());
    const bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
    const std::string message = trimmedMessage(PQerrorMessage(db.pg));
    if (res)
        PQclear(res);
    if (!ok)
        return storeFailure(StoreError::Io, "Could not set up the connection: " + message);
    return {};
}

} // namespace

void ScenarioStore::Impl::reconnectIfLost()
{
    if (!db.pg || PQstatus(db.pg) == CONNECTION_OK)
        return;
    const std::int64_t now = nowMs();
    if (now - pgLastReconnect < 15000)
        return;
    pgLastReconnect = now;
    PQreset(db.pg);
    if (PQstatus(db.pg) == CONNECTION_OK && setUpSession(db, options, readOnly).ok())
        ++pgNotices; // changes made while offline were not announced to us: refresh
}

Status ScenarioStore::Impl::openPg()
{
    const std::string where = "the team library " + path;
    if (!options.extra_migrations.empty())
        return storeFailure(StoreError::Invalid, "Can't open " + where +
                                                     ": extra migrations apply to file libraries "
                                                     "only.");
    // connect_timeout before dbname: a value in the connection string itself overrides it.
    const char* keys[] = {"connect_timeout", "dbname", "fallback_application_name", nullptr};
    const char* values[] = {"10", conninfo.c_str(), "costlab", nullptr};
    PGconn* c = PQconnectdbParams(keys, values, 1);
    if (!c)
        return storeFailure(StoreError::Internal, "Can't connect to " + where + ": out of memory.");
    if (PQstatus(c) != CONNECTION_OK) {
        const std::string m = trimmedMessage(PQerrorMessage(c));
        PQfinish(c);
        return storeFailure(connectKind(m), "Can't connect to " + where + ": " + connectHint(m) +
                                                " (PostgreSQL: " + m + ").");
    }
    db.pg = c;
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr); // never print to a terminal
    readOnly = options.read_only;
    if (readOnly) {
        status.read_only = true;
        status.read_only_reason = "opened read-only on request";
        status.read_only_cause = ReadOnlyCause::Requested;
    }
    if (Status e = setUpSession(db, options, readOnly); !e) {
        closeDb();
        return amend(e, "Can't open " + where + ": ");
    }
    {
        Stmt who(db, "SELECT current_user, pg_is_in_recovery()");
        if (who.step() != SQLITE_ROW) {
            Status e = who.error("Can't open " + where);
            closeDb();
            return e;
        }
        user = who.text(0);
        if (who.text(1) == "t" && !readOnly) {
            readOnly = true;
            status.read_only = true;
            status.read_only_reason = "the server is a read-only standby";
            status.read_only_cause = ReadOnlyCause::Standby;
        }
    }
    if (Status e = prepareSchemaPg(); !e) {
        closeDb();
        return e;
    }
    if (!readOnly) {
        // The database's grants decide; the client only reads them to say so up front.
        Stmt may(db, "SELECT has_table_privilege('revisions', 'INSERT') AND "
                     "has_table_privilege('scenarios', 'UPDATE')");
        if (may.step() == SQLITE_ROW && may.text(0) != "t") {
            readOnly = true;
            status.read_only = true;
            status.read_only_cause = ReadOnlyCause::Role;
            status.read_only_reason =
                "the database role " + user + " may read this library but not change it";
        }
    }
    return {};
}

Status ScenarioStore::Impl::prepareSchemaPg()
{
    const std::string where = "the team library " + path;
    auto schemaState = [&](std::int64_t& tables, int& v) -> Status {
        Stmt t(db, "SELECT count(*) FROM information_schema.tables "
                   "WHERE table_schema = current_schema()");
        if (t.step() != SQLITE_ROW)
            return t.error("Can't read " + where);
        tables = t.i64(0);
        v = 0;
        if (tables > 0) {
            Stmt m(db, "SELECT value FROM meta WHERE key = 'schema_version'");
            const int rc = m.step();
            if (rc == SQLITE_ROW)
                v = std::atoi(m.text(0).c_str());
            else if (rc != SQLITE_DONE && m.rc() != SQLITE_ERROR)
                return m.error("Can't read " + where);
        }
        return {};
    };
    std::int64_t tables = 0;
    int v = 0;
    if (Status e = schemaState(tables, v); !e)
        return e;
    if (tables > 0 && v == 0)
        return storeFailure(StoreError::Invalid,
                            "The database of " + where +
                                " holds other tables but no Costlab library; give Costlab a "
                                "database (or schema) of its own.");
    const int target = kStoreSchemaVersion;
    if (v > target) {
        readOnly = true;
        status.read_only = true;
        status.read_only_cause = ReadOnlyCause::Newer;
        status.read_only_reason = "the library was written by a newer Costlab (schema version " +
                                  std::to_string(v) + ", this version knows " +
                                  std::to_string(target) + ")";
        PQclear(PQexec(db.pg, "SET default_transaction_read_only = on"));
        version = v;
        return {};
    }
    if (v == target) {
        version = v;
        return {};
    }
    if (readOnly)
        return storeFailure(StoreError::ReadOnly,
                            (v == 0 ? "The team library " + path + " is empty and can't be set up"
                                    : "The team library " + path +
                                          " needs an upgrade from schema version " +
                                          std::to_string(v)) +
                                " because it is open read-only (" + status.read_only_reason + ").");
    // Create or upgrade under the writer lock, reading the version again inside: two
    // planners opening a new library at once must not both create it.
    Transaction tx(db);
    if (!tx.begun())
        return sqlFailure(db, tx.rc(), "Could not set up " + where);
    if (Status e = schemaState(tables, v); !e)
        return e;
    const std::vector<const char*> steps = schemaSteps();
    for (int step = v; step < target; ++step) {
        const std::string ddl = pgSchema(steps[static_cast<size_t>(step)]);
        PGresult* res = PQexec(db.pg, ddl.c_str());
        const bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
        const std::string m = trimmedMessage(PQerrorMessage(db.pg));
        const int rc = ok ? SQLITE_OK
                          : pgResultCode(res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr,
                                         PQstatus(db.pg) != CONNECTION_OK);
        if (res)
            PQclear(res);
        if (!ok)
            return storeFailure(errorKind(rc),
                                pgErrorText(rc, m,
                                            (v == 0 ? "Could not create " : "Could not upgrade ") +
                                                where + " to schema version " +
                                                std::to_string(step + 1)) +
                                    "; nothing was changed.");
    }
    const std::string triggers = pgTriggers();
    PGresult* res = PQexec(db.pg, triggers.c_str());
    const bool ok = res && PQresultStatus(res) == PGRES_COMMAND_OK;
    if (res)
        PQclear(res);
    if (!ok)
        return storeFailure(StoreError::Internal, "Could not set up " + where + ": " +
                                                      trimmedMessage(PQerrorMessage(db.pg)));
    Stmt mark(db, "INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                  "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
    mark.bind(1, std::to_string(target));
    if (!mark.exec())
        return mark.error("Could not set up " + where);
    if (tx.commit() != SQLITE_OK)
        return sqlFailure(db, tx.rc(), "Could not set up " + where);
    if (v == 0)
        status.created = true;
    else
        status.migrated_from = v;
    version = target;
    return {};
}

} // namespace costlab
