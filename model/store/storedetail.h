// Internals of the scenario library shared by its source files (model/store): SQLite
// statement and transaction wrappers, the failure convention, file-name helpers, the schema
// and ScenarioStore::Impl. Not installed; nothing outside model/store includes it.
#pragma once

#include "store.h"

#include "catalogio.h"
#include "estimate.h"
#include "registry.h"
#include "scenario_json.h"

#include "libpq.h"

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <thread>
#include <type_traits>
#include <unistd.h>

namespace fs = std::filesystem;

namespace costlab {
namespace storedetail {

constexpr std::string_view kReadOnlyTail =
    " Changes can't be saved to the library; save the scenario to a file instead.";

inline std::int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// UTC, sortable, safe in file names on every platform: 20261129T152715Z.
inline std::string fileTimestamp()
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
    return buf;
}

// `base`, or `base-2`, `base-3`, ... whichever does not exist yet (two events in one second).
inline std::string uniquePath(const std::string& base)
{
    std::error_code ec;
    if (!fs::exists(base, ec))
        return base;
    for (int i = 2; i < 1000; ++i) {
        std::string p = base + "-" + std::to_string(i);
        if (!fs::exists(p, ec))
            return p;
    }
    return base + "-" + std::to_string(nowMs());
}

// Plain-English cause for the SQLite result codes a user can actually meet.
inline std::string sqlError(sqlite3* db, int rc, std::string_view doing)
{
    std::string detail = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    std::string hint;
    switch (rc & 0xff) {
    case SQLITE_FULL:
        hint = "the disk (or the library's size limit) is full";
        break;
    case SQLITE_READONLY:
        hint = "the library file can't be written";
        break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        hint = "another program or Costlab window kept the library locked too long; try again";
        break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        hint = "the library file is damaged";
        break;
    case SQLITE_IOERR:
        hint = "the disk reported an input/output error";
        break;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
        hint = "the file can't be opened";
        break;
    case SQLITE_NOMEM:
        hint = "out of memory";
        break;
    case SQLITE_CONSTRAINT:
        hint = "the change conflicts with existing data";
        break;
    default:
        break;
    }
    std::string out(doing);
    out += ": ";
    out += hint.empty() ? detail : hint + " (SQLite: " + detail + ")";
    return out;
}

/// What kind of failure a SQLite result code is (StoreError).
inline StoreError errorKind(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_FULL:
        return StoreError::Full;
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return StoreError::ReadOnly;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return StoreError::Busy;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return StoreError::Damaged;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
        return StoreError::Io;
    case SQLITE_CONSTRAINT:
        return StoreError::Conflict;
    default:
        return StoreError::Internal;
    }
}

/// A failed Status for SQLite's result code `rc` while `doing` something (sqlError text).
inline Status sqlFailure(sqlite3* db, int rc, std::string_view doing)
{
    return storeFailure(errorKind(rc), sqlError(db, rc, doing));
}

/// The connection a statement or transaction runs on: an SQLite file (the embedded default)
/// or a PostgreSQL team library (issue 48). Exactly one pointer is set while a library is
/// open. The store's queries are written once, in the SQL both understand; Stmt adapts the
/// few differences (placeholders, LIKE's case rule) and pgsql.cpp the schema's types.
struct Db {
    sqlite3* lite = nullptr;
    PGconn* pg = nullptr;
    int pgRc = 0;        ///< SQLite-style code of the last PostgreSQL failure
    std::string pgError; ///< the server's message for it
    explicit operator bool() const { return lite || pg; }
    /// Rows changed through the SQLite connection so far (0 on a team library, which has
    /// no write-ahead log of ours to checkpoint).
    std::int64_t totalChanges() const { return lite ? sqlite3_total_changes64(lite) : 0; }
};

/// SQLite's result code for a PostgreSQL SQLSTATE, so that one errorKind() and one set of
/// callers serve both backends: 42501 (no privilege) and 25006 (read-only transaction) are
/// READONLY, class 23 CONSTRAINT, 40001/40P01/55P03 (serialisation, deadlock, lock timeout)
/// BUSY, 53100 FULL, class 08 and a lost connection IOERR, XX001/XX002 CORRUPT (PostgreSQL
/// manual, Appendix A "Error Codes").
int pgResultCode(const char* sqlstate, bool connectionLost);
/// "doing: hint (PostgreSQL: message)" for a failure on a team library.
std::string pgErrorText(int rc, std::string_view message, std::string_view doing);
/// A double from PostgreSQL's text form ("1234.5", "1e+300", "NaN", "-Infinity"), whatever
/// the process's locale; NaN when it is not a number.
double pgDouble(std::string_view text);
/// `sql` with SQLite's '?' placeholders numbered $1, $2, … (outside quoted text) and LIKE as
/// ILIKE (SQLite's LIKE ignores case, PostgreSQL's does not).
std::string pgStatement(std::string_view sql);

/// A failed Status for result code `rc` on `db` while `doing` something.
inline Status sqlFailure(const Db& db, int rc, std::string_view doing)
{
    if (db.pg)
        return storeFailure(errorKind(rc), pgErrorText(rc, db.pgError, doing));
    return sqlFailure(db.lite, rc, doing);
}

// A statement on either backend. SQLite: a prepared statement stepped row by row. PostgreSQL:
// the parameters are collected and the statement runs at the first step() (PQexecParams,
// text format), its rows then read one by one. Bind errors are remembered and returned by
// step(); result codes are SQLite's on both (pgResultCode).
class Stmt {
public:
    Stmt(Db& db, std::string_view sql) : m_db(&db)
    {
        if (db.pg) {
            m_pgSql = pgStatement(sql);
            return;
        }
        m_rc = sqlite3_prepare_v2(db.lite, sql.data(), static_cast<int>(sql.size()), &m_s, nullptr);
    }
    ~Stmt()
    {
        sqlite3_finalize(m_s);
        if (m_res)
            pq().PQclear(m_res);
    }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;

    bool ok() const { return m_rc == SQLITE_OK && (m_s || m_db->pg); }
    int rc() const { return m_rc; }
    Status error(std::string_view doing) const
    {
        if (m_db->pg)
            return storeFailure(errorKind(m_rc), pgErrorText(m_rc, m_pgError, doing));
        return sqlFailure(m_db->lite, m_rc, doing);
    }

    Stmt& bind(int i, std::int64_t v)
    {
        return m_db->pg ? param(i, std::to_string(v)) : check(sqlite3_bind_int64(m_s, i, v));
    }
    Stmt& bind(int i, int v) { return bind(i, static_cast<std::int64_t>(v)); }
    Stmt& bind(int i, double v);
    Stmt& bind(int i, std::string_view v)
    {
        if (m_db->pg)
            return param(i, std::string(v));
        // SQLITE_TRANSIENT: SQLite copies, so temporaries are safe. A default string_view
        // has a null data() which SQLite would store as NULL, not as "".
        return check(sqlite3_bind_text(m_s, i, v.data() ? v.data() : "", static_cast<int>(v.size()),
                                       SQLITE_TRANSIENT));
    }
    Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Stmt& bindNull(int i)
    {
        return m_db->pg ? param(i, std::nullopt) : check(sqlite3_bind_null(m_s, i));
    }

    /// SQLITE_ROW, SQLITE_DONE or an error code (also remembered in rc()).
    int step()
    {
        if (m_db->pg)
            return pgStep();
        if (!ok())
            return m_rc ? m_rc : SQLITE_MISUSE;
        int r = sqlite3_step(m_s);
        if (r != SQLITE_ROW && r != SQLITE_DONE)
            m_rc = r;
        return r;
    }
    /// Step a statement that returns no rows; true on success.
    bool exec() { return step() == SQLITE_DONE; }
    /// Run an INSERT … RETURNING id to its end and read the id (SQLite counts a statement
    /// whose rows were not all read as "in progress", and refuses to COMMIT over it). Needs
    /// SQLite 3.35 (Debian 12 has 3.40). False on failure, with the cause in rc()/error().
    bool insertReturningId(std::int64_t& id)
    {
        if (step() != SQLITE_ROW)
            return false;
        id = i64(0);
        return step() == SQLITE_DONE;
    }
    /// Rows the statement inserted, updated or deleted (after exec()).
    std::int64_t changes() const { return m_db->pg ? m_pgChanges : sqlite3_changes64(m_db->lite); }

    std::int64_t i64(int c) const
    {
        return m_db->pg ? std::strtoll(pgValue(c), nullptr, 10) : sqlite3_column_int64(m_s, c);
    }
    double real(int c) const;
    bool isNull(int c) const
    {
        return m_db->pg ? pq().PQgetisnull(m_res, m_row, c) != 0
                        : sqlite3_column_type(m_s, c) == SQLITE_NULL;
    }
    std::string text(int c) const
    {
        if (m_db->pg)
            return std::string(pgValue(c), static_cast<size_t>(pq().PQgetlength(m_res, m_row, c)));
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_s, c));
        int n = sqlite3_column_bytes(m_s, c);
        return p ? std::string(p, static_cast<size_t>(n)) : std::string();
    }

private:
    Stmt& check(int r)
    {
        if (r != SQLITE_OK && m_rc == SQLITE_OK)
            m_rc = r;
        return *this;
    }
    Stmt& param(int i, std::optional<std::string> v)
    {
        if (i < 1 || i > 1000)
            return check(SQLITE_RANGE);
        if (m_params.size() < static_cast<size_t>(i))
            m_params.resize(static_cast<size_t>(i));
        m_params[static_cast<size_t>(i - 1)] = std::move(v);
        return *this;
    }
    const char* pgValue(int c) const
    {
        return m_res && m_row < m_rows ? pq().PQgetvalue(m_res, m_row, c) : "";
    }
    int pgStep(); // pgsql.cpp

    Db* m_db = nullptr;
    sqlite3_stmt* m_s = nullptr;
    int m_rc = SQLITE_OK;
    // PostgreSQL
    std::string m_pgSql;
    std::vector<std::optional<std::string>> m_params;
    PGresult* m_res = nullptr;
    int m_row = -1, m_rows = 0;
    std::int64_t m_pgChanges = 0;
    std::string m_pgError;
};

// A write transaction. SQLite: BEGIN IMMEDIATE takes the write lock up front (a deferred
// transaction that later upgrades can fail with SQLITE_BUSY without the busy handler being
// consulted). PostgreSQL: BEGIN and a transaction-scoped advisory lock on the library, the
// same one-writer-at-a-time rule, so a check made inside the transaction (the save conflict
// test) holds until COMMIT; waiting longer than lock_timeout is "busy".
class Transaction {
public:
    explicit Transaction(Db& db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    bool begun() const { return m_rc == SQLITE_OK; }
    int rc() const { return m_rc; }
    int commit();

private:
    Db& m_db;
    int m_rc = SQLITE_OK;
    bool m_done = false;
};

inline int execSql(sqlite3* db, const char* sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
}

/// `status` with its message put in context: prefix + message + suffix, kind kept.
template <typename T>
Status amend(const Result<T>& result, std::string_view prefix, std::string_view suffix = {})
{
    return storeFailure(result.kind, std::string(prefix) + result.error + std::string(suffix));
}

/// The failed R (a Result or an ImportReport) for `status`, its kind kept.
template <typename R> R failure(const Status& status)
{
    if constexpr (std::is_same_v<R, ImportReport>) {
        R r;
        r.rejected.push_back(status.error);
        return r;
    } else {
        R r;
        r.error = status.error;
        r.kind = status.kind;
        return r;
    }
}

/// The failed R for a message of `kind` (default: an unexpected error).
template <typename R> R failure(std::string message, StoreError kind = StoreError::Internal)
{
    return failure<R>(storeFailure(kind, std::move(message)));
}

// Nothing may escape the API (std::bad_alloc, a stray nlohmann exception).
template <typename F> auto guarded(std::string_view doing, F&& f) -> decltype(f())
{
    using R = decltype(f());
    try {
        return f();
    } catch (const std::exception& e) {
        return failure<R>(std::string(doing) + ": unexpected error (" + e.what() + ")");
    } catch (...) {
        return failure<R>(std::string(doing) + ": unexpected error");
    }
}

/// guarded() for a call of the store on `db`, followed — when the call wrote anything
/// (sqlite3_total_changes64 moved) — by `checkpoint` once every statement of the call is
/// finalised. Every kind of write gets the same protection, not only the ones that remember
/// to ask for it. Declared here, defined after ScenarioStore::Impl.
template <typename Impl, typename F>
auto guardedStore(Impl& d, std::string_view doing, F&& f) -> decltype(f())
{
    d.reconnectIfLost();
    const std::int64_t before = d.db.totalChanges();
    auto r = guarded(doing, std::forward<F>(f));
    if (d.db.lite && d.db.totalChanges() != before)
        d.checkpoint();
    return r;
}

inline std::string likePattern(std::string_view text)
{
    std::string p = "%";
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\')
            p += '\\';
        p += c;
    }
    p += '%';
    return p;
}

inline std::string currencyId(Currency c)
{
    return c == Currency::CNY ? "CNY" : "USD";
}

// Tags a scenario carries in its own fields.
inline std::vector<Tag> derivedTags(const Scenario& s)
{
    std::vector<Tag> out;
    if (!s.project.empty())
        out.push_back({TagKind::Project, s.project});
    for (const Phase& p : s.phases)
        if (!p.experiment_batch.empty())
            out.push_back({TagKind::Batch, p.experiment_batch});
    for (const std::string& t : s.tags)
        if (!t.empty())
            out.push_back({TagKind::Free, t});
    return out;
}

inline std::string joinErrors(const std::vector<LoadError>& errors, size_t max = 5)
{
    std::string out;
    for (size_t i = 0; i < errors.size() && i < max; ++i) {
        if (!out.empty())
            out += "; ";
        if (!errors[i].pointer.empty())
            out += errors[i].pointer + ": ";
        out += errors[i].message;
    }
    if (errors.size() > max)
        out += "; and " + std::to_string(errors.size() - max) + " more";
    return out;
}

inline std::string joinStrings(const std::vector<std::string>& v, std::string_view sep,
                               size_t max = 8)
{
    std::string out;
    for (size_t i = 0; i < v.size() && i < max; ++i) {
        if (i)
            out += sep;
        out += v[i];
    }
    if (v.size() > max)
        out += std::string(sep) + "and " + std::to_string(v.size() - max) + " more";
    return out;
}

inline std::string slugify(std::string_view name)
{
    std::string s;
    for (unsigned char c : name) {
        if (std::isalnum(c) && c < 0x80)
            s += static_cast<char>(std::tolower(c));
        else if (!s.empty() && s.back() != '-')
            s += '-';
    }
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    if (s.size() > 40)
        s.resize(40);
    return s.empty() ? std::string("catalog") : s;
}

// Files in the folder of `dbPath` whose names start with "<name><infix>", newest last.
inline std::vector<fs::path> siblingFiles(const std::string& dbPath, std::string_view infix)
{
    std::vector<std::pair<fs::file_time_type, fs::path>> found;
    fs::path p(dbPath);
    fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    std::string prefix = p.filename().string() + std::string(infix);
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::string fn = it->path().filename().string();
        if (fn.rfind(prefix, 0) != 0 || fn.ends_with(".tmp") || fn.ends_with("-wal") ||
            fn.ends_with("-shm") || fn.ends_with("-journal"))
            continue;
        std::error_code ec2;
        auto t = fs::last_write_time(it->path(), ec2);
        found.emplace_back(ec2 ? fs::file_time_type{} : t, it->path());
    }
    std::sort(found.begin(), found.end());
    std::vector<fs::path> out;
    for (auto& f : found)
        out.push_back(f.second);
    return out;
}

// Percent-encode for a file: URI (only characters with a meaning in URIs).
inline std::string fileUri(const std::string& path)
{
    std::string out = "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20) {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            out += buf;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

/// The library schema, version 1 (schema.cpp).
extern const char* const kSchemaV1;
extern const char* const kSchemaV2;
extern const char* const kSchemaV3;
extern const char* const kSchemaV4;
/// Every version's schema text in order: kSchemas[v - 1] takes a library from v - 1 to v
/// (version 0 = empty). Written in SQLite's dialect; pgSchema() gives PostgreSQL's.
std::vector<const char*> schemaSteps();
/// The built-in migrations of a file library, oldest first.
std::vector<StoreMigration> builtinMigrations();
/// A schema step for PostgreSQL: the same tables, columns, keys and indexes, with its types
/// (BIGINT for SQLite's 64-bit INTEGER, DOUBLE PRECISION for REAL, identity columns for
/// AUTOINCREMENT, lower(name) for NOCASE) and, after the last step, the triggers that
/// announce changes (LISTEN/NOTIFY) and sign revisions with the role (pgsql.cpp).
std::string pgSchema(std::string_view sqliteDdl);
/// The login name of this process's user ("" when unknown), for RevisionRow::saved_by.
std::string loginName();

} // namespace storedetail

using namespace storedetail;

struct ScenarioStore::Impl {
    Db db;
    /// What the library is called in messages and settings: the file's path, or the team
    /// library's connection string without its password (redactedConnection).
    std::string path;
    /// The connection string as given, password included; only handed to libpq.
    std::string conninfo;
    /// Who saves: the database role on a team library, the login name on a file.
    std::string user;
    /// Notifications from other sessions counted so far (dataVersion on PostgreSQL).
    std::int64_t pgNotices = 0;
    /// When the last reconnection to a lost server was started (ms since epoch).
    std::int64_t pgLastReconnect = 0;
    /// A reconnection is under way (PQresetStart), advanced by reconnectIfLost().
    bool pgResetting = false;
    bool pgStandby = false; ///< the server is a read-only standby (no LISTEN there)
    int pgResetPoll = 0;    ///< the last PostgresPollingStatusType of that reconnection
    StoreOptions options;
    StoreStatus status;
    bool readOnly = false;
    int version = 0;
    int lastOpenRc = SQLITE_OK; ///< result code of the last failed openConnection()

    ~Impl() { dropPrivateCopy(); }
    bool isPg() const { return db.pg != nullptr; }
    /// `column` for ordering without regard to ASCII case, in the open backend's dialect.
    std::string caseless(const std::string& column) const
    {
        return isPg() ? "lower(" + column + ")" : column + " COLLATE NOCASE";
    }
    /// Whose autosave slot this session writes: one slot per role on a team library, the
    /// single slot ('') of a file library.
    const std::string& autosaveOwner() const { return isPg() ? user : kNoOwner; }
    static inline const std::string kNoOwner;

    // ---- PostgreSQL team library (pgstore.cpp) ----
    /// Connects to `conninfo`, checks what the role may do, creates or migrates the schema
    /// and starts listening for other sessions' changes. Replaces the file steps of open().
    Status openPg();
    /// Before each call on a team library: when the server connection was lost, reconnect
    /// without blocking the caller for long — started at most every 15 s, advanced for at
    /// most 200 ms per call, abandoned after 10 s — so an offline window never freezes on
    /// an unreachable host (a blocking PQreset would wait connect_timeout on every poll).
    void reconnectIfLost();
    /// Reads notifications that arrived from other sessions into pgNotices.
    void drainNotices();
    /// Creates the schema of an empty team library or upgrades an older one, in one
    /// transaction under the writer lock; read-only when a newer Costlab wrote it.
    Status prepareSchemaPg();
    void closeDb();
    /// Copies the library file and its -wal into a fresh private folder (privateDir), for
    /// reading a WAL library in a folder that can't be written. False when it can't.
    bool makePrivateCopy();
    std::string privateDir; ///< private copy being read, removed by dropPrivateCopy()
    /// Closes the connection and removes the private copy, if any.
    void dropPrivateCopy();

    // "" when writes are possible, else why not.
    Status writeBlocked(std::string_view doing) const;
    /// writeBlocked() for the price catalogs: on a team library a role may change them
    /// without changing plans (finance owns the catalogs, docs/library.md).
    Status catalogWriteBlocked(std::string_view doing) const
    {
        if (isPg() && catalogsWritable)
            return Status{};
        return writeBlocked(doing);
    }
    /// The role's grants allow changing catalogs (team library only; see catalogWriteBlocked).
    bool catalogsWritable = false;
    Status readBlocked(std::string_view doing) const;

    enum class OpenState { Ok, Damaged, Failed };

    // Open the connection and make sure the file is a readable SQLite database.
    OpenState openConnection(bool ro, bool immutable, std::string& detail);

    // Rename the damaged file (and its WAL, which belongs to it) out of the way.
    Status moveAside(std::string& aside);

    Status configure();

    int readUserVersion();

    Status createSchema();

    Status migrate(int from, int target, const std::vector<StoreMigration>& steps);

    Status backupTo(const std::string& dest) const;

    void autoBackup();
    /// Copies committed pages from the WAL into the main file (passive: never waits for
    /// readers). Run by guardedStore() after every call that wrote, once the call's
    /// statements are finalised (an open statement makes SQLite refuse the checkpoint with
    /// SQLITE_LOCKED: issue 44 lost every restore when the -wal was deleted after it), so a
    /// damaged or lost -wal file costs at most the writes that other readers held back.
    /// Best effort: a busy library just checkpoints later (SQLite's automatic checkpoint).
    void checkpoint();

    /// Identity (device, inode) of a file; `known` false when it does not exist.
    struct FileId {
        unsigned long long dev = 0, ino = 0;
        bool known = false;
        bool operator==(const FileId&) const = default;
    };
    static FileId fileId(const std::string& p);
    /// The -wal file this connection writes to, taken at open (known false for read-only
    /// and private-copy connections). writeBlocked() refuses a write once the file at the
    /// path is another one or gone: another program removed the log while the library was
    /// open, and a write would go to the removed file and be lost (issue 44).
    FileId walId;

    // ---- write helpers (inside a transaction) ----

    Result<std::int64_t> insertRevision(std::int64_t scenarioId, const std::string& json,
                                        std::string_view message, const CachedFigures& f,
                                        std::int64_t now)
    {
        Result<std::int64_t> r;
        // saved_by: on a team library a trigger replaces it with the database role, so a
        // modified client cannot sign a revision as somebody else (pgsql.cpp).
        Stmt st(db, "INSERT INTO revisions (scenario_id, created, message, json, total_cost, "
                    "currency, p_oom, gpu_hours, saved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "RETURNING id");
        st.bind(1, scenarioId)
            .bind(2, now)
            .bind(3, message)
            .bind(4, json)
            .bind(5, f.total_cost)
            .bind(6, f.currency)
            .bind(7, f.p_oom)
            .bind(8, f.gpu_hours)
            .bind(9, user);
        if (!st.insertReturningId(r.value)) {
            r = failure<std::remove_cvref_t<decltype(r)>>(st.error("Could not save the revision"));
            return r;
        }
        Stmt up(db, "UPDATE scenarios SET current_revision = ?, modified = ?, total_cost = ?, "
                    "currency = ?, p_oom = ?, gpu_hours = ? WHERE id = ?");
        up.bind(1, r.value)
            .bind(2, now)
            .bind(3, f.total_cost)
            .bind(4, f.currency)
            .bind(5, f.p_oom)
            .bind(6, f.gpu_hours)
            .bind(7, scenarioId);
        if (!up.exec())
            r = failure<std::remove_cvref_t<decltype(r)>>(
                up.error("Could not update the scenario"));
        return r;
    }

    Status addTags(std::int64_t scenarioId, const std::vector<Tag>& tags);

    bool scenarioExists(std::int64_t id);

    // ---- Steps of ScenarioStore::open --------------------------------------------------

    /// Checks the path and decides between read-write and read-only (and why).
    Status decideAccess();

    /// Opens the connection (a WAL library in a folder we can't write is read as an
    /// immutable snapshot), moves a damaged file aside when allowed, and configures it.
    Status connect();

    /// Creates the schema of a new library, migrates an older one (read-only when newer).
    Status prepareSchema();

    /// One summary line for the UI's notice: recovery, upgrade, read-only.
    void summarise();
};

} // namespace costlab
