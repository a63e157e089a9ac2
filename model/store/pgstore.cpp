// A team library on a PostgreSQL server (issue 48): connecting, what the role may do, the
// schema and its upgrades, change notices. The statements are the same as a file library's
// (pgsql.cpp adapts them); SQLite's file handling (recovery, WAL, backups) has no part here:
// the server owns durability, and its own tools (pg_dump, replication) its backups.
#include "storedetail.h"

#include <cctype>
#include <cstdio>
#include <poll.h>
#include <regex>

namespace costlab {

namespace {

constexpr const char* kChannel = "costlab_library";

// What the server enforces itself, whatever the client (docs/library.md):
// - every committed change to the tables the window lists is announced (LISTEN/NOTIFY);
// - a revision is signed with the role that inserts it; only the library's owner (copying a
//   library in) may keep the author it already names;
// - a saved revision's content, author and time change only by the owner (others may update
//   its cached figures, as a catalog edit does);
// - each role sees and writes only its own autosave slot (row-level security).
// The functions pin search_path, so a caller's temporary table named pg_class cannot stand in
// for the catalog. DROP … IF EXISTS then CREATE, so this runs again after every upgrade and
// on PostgreSQL 12 and 13 (CREATE OR REPLACE TRIGGER needs 14).
std::string pgTriggers()
{
    std::string sql = R"sql(
CREATE OR REPLACE FUNCTION costlab_announce() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM pg_catalog.pg_notify('costlab_library', TG_TABLE_NAME);
    RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION costlab_is_owner(rel oid) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_catalog.pg_has_role(current_user, c.relowner, 'USAGE')
    FROM pg_catalog.pg_class c WHERE c.oid = rel
$$;
CREATE OR REPLACE FUNCTION costlab_guard_revision() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF pg_catalog.pg_has_role(current_user, (SELECT c.relowner FROM pg_catalog.pg_class c
                                              WHERE c.oid = TG_RELID), 'USAGE') THEN
        RETURN NEW;
    END IF;
    IF TG_OP = 'INSERT' THEN
        NEW.saved_by := current_user;
    ELSIF NEW.id IS DISTINCT FROM OLD.id OR NEW.scenario_id IS DISTINCT FROM OLD.scenario_id
       OR NEW.created IS DISTINCT FROM OLD.created OR NEW.json IS DISTINCT FROM OLD.json
       OR NEW.message IS DISTINCT FROM OLD.message OR NEW.saved_by IS DISTINCT FROM OLD.saved_by
    THEN
        RAISE EXCEPTION 'a saved revision is kept as it was saved; only the library''s owner '
                        'may change it' USING ERRCODE = '42501';
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS costlab_sign ON revisions;
CREATE TRIGGER costlab_sign BEFORE INSERT OR UPDATE ON revisions
    FOR EACH ROW EXECUTE FUNCTION costlab_guard_revision();
ALTER TABLE autosave ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS costlab_own_autosave ON autosave;
CREATE POLICY costlab_own_autosave ON autosave
    USING (owner = current_user) WITH CHECK (owner = current_user);
)sql";
    for (const char* table :
         {"scenarios", "revisions", "tags", "catalogs", "lessons", "actuals", "meta"})
        sql += std::string("DROP TRIGGER IF EXISTS costlab_announce ON ") + table +
               ";\nCREATE TRIGGER costlab_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE "
               "ON " +
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

namespace {

/// `text` percent-encoded for a URI (RFC 3986 unreserved characters kept).
std::string percentEncoded(std::string_view text)
{
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            out += buf;
        }
    }
    return out;
}

/// The secret values a connection string holds (password, sslpassword: libpq marks them
/// with dispchar '*'), to be blanked out of libpq's messages. nullopt when libpq can't parse
/// the string (its own message may then quote the secret, so it is not shown).
std::optional<std::vector<std::string>> connectionSecrets(const std::string& conninfo)
{
    char* err = nullptr;
    PQconninfoOption* opts = pq().PQconninfoParse(conninfo.c_str(), &err);
    if (err)
        pq().PQfreemem(err);
    if (!opts)
        return std::nullopt;
    std::vector<std::string> secrets;
    for (PQconninfoOption* o = opts; o->keyword; ++o)
        if (o->val && *o->val && o->dispchar && o->dispchar[0] == '*')
            secrets.emplace_back(o->val);
    pq().PQconninfoFree(opts);
    return secrets;
}

/// `message` with every secret replaced by "***".
std::string withoutSecrets(std::string message, const std::vector<std::string>& secrets)
{
    for (const std::string& secret : secrets)
        for (size_t at; !secret.empty() && (at = message.find(secret)) != std::string::npos;)
            message.replace(at, secret.size(), "***");
    return message;
}

} // namespace

std::string redactedConnection(std::string_view location)
{
    std::string s(location);
    if (!isServerLibrary(s))
        return s;
    // Rebuilt from libpq's own reading of the string, so every form it accepts (a '?' in a
    // password, percent-encoded keys, sslpassword) loses its secrets; nothing is parsed here.
    if (!storedetail::loadLibPq(nullptr))
        return "postgresql://(not shown: the PostgreSQL client library libpq is missing)";
    char* err = nullptr;
    PQconninfoOption* opts = pq().PQconninfoParse(s.c_str(), &err);
    if (err)
        pq().PQfreemem(err);
    if (!opts)
        return "postgresql://(a connection string libpq cannot read)";
    std::string user, host, port, dbname, query;
    for (PQconninfoOption* o = opts; o->keyword; ++o) {
        if (!o->val || !*o->val || (o->dispchar && o->dispchar[0] == '*'))
            continue;
        const std::string_view key(o->keyword);
        const std::string value(o->val);
        // Host lists, IPv6 literals and socket folders go in the query, where any text fits.
        if (key == "user")
            user = value;
        else if (key == "host" && value.find_first_of(",:/") == std::string::npos)
            host = value;
        else if (key == "port" && value.find(',') == std::string::npos)
            port = value;
        else if (key == "dbname")
            dbname = value;
        else
            query += (query.empty() ? "?" : "&") + std::string(key) + "=" + percentEncoded(value);
    }
    pq().PQconninfoFree(opts);
    std::string out = "postgresql://";
    if (!user.empty())
        out += percentEncoded(user) + "@";
    out += host;
    if (!port.empty())
        out += ":" + port;
    if (!dbname.empty())
        out += "/" + percentEncoded(dbname);
    return out + query;
}

void ScenarioStore::Impl::drainNotices()
{
    if (!db.pg)
        return;
    pq().PQconsumeInput(db.pg);
    const int self = pq().PQbackendPID(db.pg);
    while (PGnotify* n = pq().PQnotifies(db.pg)) {
        if (n->be_pid != self) // this session's own writes are not "another window's"
            ++pgNotices;
        pq().PQfreemem(n);
    }
}

namespace {

/// What every new session needs: a lock wait limit ("busy" after it, as SQLite's
/// busy_timeout), quiet notices, and LISTEN for other sessions' changes.
Status setUpSession(Db& db, const StoreOptions& options, bool readOnly, bool listen)
{
    // lock_timeout 0 would mean "wait for ever", where SQLite's busy_timeout 0 fails at once.
    // Floats with every digit (extra_float_digits 3: the default since 12, pinned for older
    // servers and odd settings), and standard strings: the shared queries' ESCAPE '\' and
    // pgStatement()'s quote tracking assume them. A standby refuses LISTEN.
    const std::string setup = "SET lock_timeout = '" +
                              std::to_string(std::max(1, options.busy_timeout_ms)) +
                              "ms'; SET client_min_messages = warning; SET extra_float_digits = 3; "
                              "SET standard_conforming_strings = on;" +
                              (listen ? std::string(" LISTEN ") + kChannel + ";" : std::string()) +
                              (readOnly ? " SET default_transaction_read_only = on;" : "");
    PGresult* res = pq().PQexec(db.pg, setup.c_str());
    const bool ok = res && pq().PQresultStatus(res) == PGRES_COMMAND_OK;
    const std::string message = trimmedMessage(pq().PQerrorMessage(db.pg));
    if (res)
        pq().PQclear(res);
    if (!ok)
        return storeFailure(StoreError::Io, "Could not set up the connection: " + message);
    return {};
}

} // namespace

void ScenarioStore::Impl::reconnectIfLost()
{
    if (!db.pg || (!pgResetting && pq().PQstatus(db.pg) == CONNECTION_OK))
        return;
    const std::int64_t start = nowMs();
    if (!pgResetting) {
        if (start - pgLastReconnect < 15000)
            return;
        pgLastReconnect = start;
        if (!pq().PQresetStart(db.pg))
            return;
        pgResetting = true;
        pgResetPoll = PGRES_POLLING_WRITING;
    }
    // libpq's asynchronous reconnection: poll the socket for what libpq waits for, and
    // advance only when it is ready (PostgreSQL manual, "Database Connection Control").
    while (pgResetting) {
        const int left = 200 - static_cast<int>(nowMs() - start);
        pollfd p{pq().PQsocket(db.pg),
                 static_cast<short>(pgResetPoll == PGRES_POLLING_READING ? POLLIN : POLLOUT), 0};
        if (p.fd < 0 || left <= 0 || ::poll(&p, 1, left) <= 0)
            break; // not ready yet: the next call goes on
        pgResetPoll = pq().PQresetPoll(db.pg);
        if (pgResetPoll == PGRES_POLLING_OK) {
            pgResetting = false;
            if (setUpSession(db, options, readOnly, !pgStandby).ok())
                ++pgNotices; // changes made while offline were not announced: refresh
        } else if (pgResetPoll == PGRES_POLLING_FAILED) {
            pgResetting = false;
        }
    }
    if (pgResetting && nowMs() - pgLastReconnect > 10000)
        pgResetting = false; // give this attempt up; another starts 15 s after it began
}

Status ScenarioStore::Impl::openPg()
{
    const std::string where = "the team library " + path;
    catalogsWritable = false;
    if (!options.extra_migrations.empty())
        return storeFailure(StoreError::Invalid, "Can't open " + where +
                                                     ": extra migrations apply to file libraries "
                                                     "only.");
    std::string missing;
    if (!storedetail::loadLibPq(&missing))
        return storeFailure(StoreError::Io, "Can't open " + where + ": " + missing);
    const auto secrets = connectionSecrets(conninfo);
    if (!secrets)
        return storeFailure(StoreError::Invalid,
                            "Can't connect to " + where +
                                ": the connection string is not valid (check its form, "
                                "postgresql://user@host:port/database?option=value, and any "
                                "%XX escapes).");
    // Before dbname, so a value in the connection string itself overrides them: give up a
    // connection attempt after 10 s, and notice a silently dropped link within ~25 s
    // (TCP keepalives, tcp_user_timeout) instead of waiting on it for minutes.
    const char* keys[] = {"connect_timeout",
                          "keepalives",
                          "keepalives_idle",
                          "keepalives_interval",
                          "keepalives_count",
                          "tcp_user_timeout",
                          "dbname",
                          "fallback_application_name",
                          nullptr};
    const char* values[] = {"10",      "1",    "10", "5", "3", "25000", conninfo.c_str(),
                            "costlab", nullptr};
    PGconn* c = pq().PQconnectdbParams(keys, values, 1);
    if (!c)
        return storeFailure(StoreError::Internal, "Can't connect to " + where + ": out of memory.");
    if (pq().PQstatus(c) != CONNECTION_OK) {
        const std::string m = withoutSecrets(trimmedMessage(pq().PQerrorMessage(c)), *secrets);
        pq().PQfinish(c);
        return storeFailure(connectKind(m), "Can't connect to " + where + ": " + connectHint(m) +
                                                " (PostgreSQL: " + m + ").");
    }
    db.pg = c;
    pq().PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr); // never print to a terminal
    readOnly = options.read_only;
    if (readOnly) {
        status.read_only = true;
        status.read_only_reason = "opened read-only on request";
        status.read_only_cause = ReadOnlyCause::Requested;
    }
    {
        // Who, and whether the server is a standby, before LISTEN (which a standby refuses).
        Stmt who(db, "SELECT current_user, pg_is_in_recovery()");
        if (who.step() != SQLITE_ROW) {
            Status e = who.error("Can't open " + where);
            closeDb();
            return e;
        }
        user = who.text(0);
        pgStandby = who.text(1) == "t";
        if (pgStandby && !readOnly) {
            readOnly = true;
            status.read_only = true;
            status.read_only_reason = "the server is a read-only standby";
            status.read_only_cause = ReadOnlyCause::Standby;
        }
    }
    if (Status e = setUpSession(db, options, readOnly, !pgStandby); !e) {
        closeDb();
        return amend(e, "Can't open " + where + ": ");
    }
    if (Status e = prepareSchemaPg(); !e) {
        closeDb();
        return e;
    }
    if (!readOnly) {
        // The database's grants decide; the client only reads them to say so up front. Plans
        // and catalogs are separate: finance may own the catalogs without editing plans.
        Stmt may(db, "SELECT has_table_privilege('revisions', 'INSERT') AND "
                     "has_table_privilege('scenarios', 'UPDATE'), "
                     "has_table_privilege('catalogs', 'INSERT') AND "
                     "has_table_privilege('catalogs', 'UPDATE')");
        const bool read = may.step() == SQLITE_ROW;
        catalogsWritable = read && may.text(1) == "t";
        if (read && may.text(0) != "t") {
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
        pq().PQclear(pq().PQexec(db.pg, "SET default_transaction_read_only = on"));
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
    if (v >= target) // another client set it up while this one waited for the lock
        return prepareSchemaPg();
    const std::vector<const char*> steps = schemaSteps();
    for (int step = v; step < target; ++step) {
        const std::string ddl = pgSchema(steps[static_cast<size_t>(step)]);
        PGresult* res = pq().PQexec(db.pg, ddl.c_str());
        const bool ok = res && pq().PQresultStatus(res) == PGRES_COMMAND_OK;
        const std::string m = trimmedMessage(pq().PQerrorMessage(db.pg));
        const int rc =
            ok ? SQLITE_OK
               : pgResultCode(res ? pq().PQresultErrorField(res, PG_DIAG_SQLSTATE) : nullptr,
                              pq().PQstatus(db.pg) != CONNECTION_OK);
        if (res)
            pq().PQclear(res);
        if (!ok)
            return storeFailure(errorKind(rc),
                                pgErrorText(rc, m,
                                            (v == 0 ? "Could not create " : "Could not upgrade ") +
                                                where + " to schema version " +
                                                std::to_string(step + 1)) +
                                    "; nothing was changed.");
    }
    const std::string triggers = pgTriggers();
    PGresult* res = pq().PQexec(db.pg, triggers.c_str());
    const bool ok = res && pq().PQresultStatus(res) == PGRES_COMMAND_OK;
    if (res)
        pq().PQclear(res);
    if (!ok)
        return storeFailure(StoreError::Internal, "Could not set up " + where + ": " +
                                                      trimmedMessage(pq().PQerrorMessage(db.pg)));
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
