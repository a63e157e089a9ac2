// Internals of the scenario library shared by its source files (model/store): SQLite
// statement and transaction wrappers, the failure convention, file-name helpers, the schema
// and ScenarioStore::Impl. Not installed; nothing outside model/store includes it.
#pragma once

#include "store.h"

#include "catalogio.h"
#include "estimate.h"
#include "registry.h"
#include "scenario_json.h"

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

// RAII prepared statement. Bind errors are remembered and returned by step().
class Stmt {
public:
    Stmt(sqlite3* db, std::string_view sql) : m_db(db)
    {
        m_rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &m_s, nullptr);
    }
    ~Stmt() { sqlite3_finalize(m_s); }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;

    bool ok() const { return m_rc == SQLITE_OK && m_s; }
    int rc() const { return m_rc; }
    Status error(std::string_view doing) const { return sqlFailure(m_db, m_rc, doing); }

    Stmt& bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(m_s, i, v)); }
    Stmt& bind(int i, int v) { return check(sqlite3_bind_int64(m_s, i, v)); }
    Stmt& bind(int i, double v) { return check(sqlite3_bind_double(m_s, i, v)); }
    Stmt& bind(int i, std::string_view v)
    {
        // SQLITE_TRANSIENT: SQLite copies, so temporaries are safe. A default string_view
        // has a null data() which SQLite would store as NULL, not as "".
        return check(sqlite3_bind_text(m_s, i, v.data() ? v.data() : "", static_cast<int>(v.size()),
                                       SQLITE_TRANSIENT));
    }
    Stmt& bind(int i, const char* v) { return bind(i, std::string_view(v)); }
    Stmt& bind(int i, const std::string& v) { return bind(i, std::string_view(v)); }
    Stmt& bindNull(int i) { return check(sqlite3_bind_null(m_s, i)); }

    /// SQLITE_ROW, SQLITE_DONE or an error code (also remembered in rc()).
    int step()
    {
        if (!ok())
            return m_rc ? m_rc : SQLITE_MISUSE;
        int r = sqlite3_step(m_s);
        if (r != SQLITE_ROW && r != SQLITE_DONE)
            m_rc = r;
        return r;
    }
    /// Step a statement that returns no rows; true on success.
    bool exec() { return step() == SQLITE_DONE; }

    std::int64_t i64(int c) const { return sqlite3_column_int64(m_s, c); }
    double real(int c) const { return sqlite3_column_double(m_s, c); }
    bool isNull(int c) const { return sqlite3_column_type(m_s, c) == SQLITE_NULL; }
    std::string text(int c) const
    {
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
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_s = nullptr;
    int m_rc = SQLITE_OK;
};

// BEGIN IMMEDIATE takes the write lock up front: a deferred transaction that later
// upgrades can fail with SQLITE_BUSY without the busy handler being consulted.
class Transaction {
public:
    explicit Transaction(sqlite3* db) : m_db(db)
    {
        m_rc = sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    }
    ~Transaction()
    {
        if (!sqlite3_get_autocommit(m_db) && !m_done)
            sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    bool begun() const { return m_rc == SQLITE_OK; }
    int rc() const { return m_rc; }
    int commit()
    {
        m_rc = sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
        m_done = m_rc == SQLITE_OK;
        return m_rc;
    }

private:
    sqlite3* m_db;
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
    const sqlite3_int64 before = d.db ? sqlite3_total_changes64(d.db) : 0;
    auto r = guarded(doing, std::forward<F>(f));
    if (d.db && sqlite3_total_changes64(d.db) != before)
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
/// The built-in migrations, oldest first (none yet: version 1 is the first).
std::vector<StoreMigration> builtinMigrations();

} // namespace storedetail

using namespace storedetail;

struct ScenarioStore::Impl {
    sqlite3* db = nullptr;
    std::string path;
    StoreOptions options;
    StoreStatus status;
    bool readOnly = false;
    int version = 0;
    int lastOpenRc = SQLITE_OK; ///< result code of the last failed openConnection()

    ~Impl() { dropPrivateCopy(); }
    void closeDb();
    /// Copies the library file and its -wal into a fresh private folder (privateDir), for
    /// reading a WAL library in a folder that can't be written. False when it can't.
    bool makePrivateCopy();
    std::string privateDir; ///< private copy being read, removed by dropPrivateCopy()
    /// Closes the connection and removes the private copy, if any.
    void dropPrivateCopy();

    // "" when writes are possible, else why not.
    Status writeBlocked(std::string_view doing) const;
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
        Stmt st(db, "INSERT INTO revisions (scenario_id, created, message, json, total_cost, "
                    "currency, p_oom, gpu_hours) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        st.bind(1, scenarioId)
            .bind(2, now)
            .bind(3, message)
            .bind(4, json)
            .bind(5, f.total_cost)
            .bind(6, f.currency)
            .bind(7, f.p_oom)
            .bind(8, f.gpu_hours);
        if (!st.exec()) {
            r = failure<std::remove_cvref_t<decltype(r)>>(st.error("Could not save the revision"));
            return r;
        }
        r.value = sqlite3_last_insert_rowid(db);
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
