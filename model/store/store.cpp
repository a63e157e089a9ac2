// Scenario library over the SQLite C API. See store.h for the design notes.
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

namespace {

constexpr std::string_view kReadOnlyTail =
    " Changes can't be saved to the library; save the scenario to a file instead.";

std::int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// UTC, sortable, safe in file names on every platform: 20261129T152715Z.
std::string fileTimestamp()
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
    return buf;
}

// `base`, or `base-2`, `base-3`, ... whichever does not exist yet (two events in one second).
std::string uniquePath(const std::string &base)
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
std::string sqlError(sqlite3 *db, int rc, std::string_view doing)
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

// RAII prepared statement. Bind errors are remembered and returned by step().
class Stmt {
public:
    Stmt(sqlite3 *db, std::string_view sql) : m_db(db)
    {
        m_rc = sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &m_s, nullptr);
    }
    ~Stmt() { sqlite3_finalize(m_s); }
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;

    bool ok() const { return m_rc == SQLITE_OK && m_s; }
    int rc() const { return m_rc; }
    std::string error(std::string_view doing) const { return sqlError(m_db, m_rc, doing); }

    Stmt &bind(int i, std::int64_t v) { return check(sqlite3_bind_int64(m_s, i, v)); }
    Stmt &bind(int i, int v) { return check(sqlite3_bind_int64(m_s, i, v)); }
    Stmt &bind(int i, double v) { return check(sqlite3_bind_double(m_s, i, v)); }
    Stmt &bind(int i, std::string_view v)
    {
        // SQLITE_TRANSIENT: SQLite copies, so temporaries are safe. A default string_view
        // has a null data() which SQLite would store as NULL, not as "".
        return check(sqlite3_bind_text(m_s, i, v.data() ? v.data() : "", static_cast<int>(v.size()),
                                       SQLITE_TRANSIENT));
    }
    Stmt &bind(int i, const char *v) { return bind(i, std::string_view(v)); }
    Stmt &bind(int i, const std::string &v) { return bind(i, std::string_view(v)); }
    Stmt &bindNull(int i) { return check(sqlite3_bind_null(m_s, i)); }

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
        const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_s, c));
        int n = sqlite3_column_bytes(m_s, c);
        return p ? std::string(p, static_cast<size_t>(n)) : std::string();
    }

private:
    Stmt &check(int r)
    {
        if (r != SQLITE_OK && m_rc == SQLITE_OK)
            m_rc = r;
        return *this;
    }
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_s = nullptr;
    int m_rc = SQLITE_OK;
};

// BEGIN IMMEDIATE takes the write lock up front: a deferred transaction that later
// upgrades can fail with SQLITE_BUSY without the busy handler being consulted.
class Transaction {
public:
    explicit Transaction(sqlite3 *db) : m_db(db)
    {
        m_rc = sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    }
    ~Transaction()
    {
        if (!sqlite3_get_autocommit(m_db) && !m_done)
            sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool begun() const { return m_rc == SQLITE_OK; }
    int rc() const { return m_rc; }
    int commit()
    {
        m_rc = sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
        m_done = m_rc == SQLITE_OK;
        return m_rc;
    }

private:
    sqlite3 *m_db;
    int m_rc = SQLITE_OK;
    bool m_done = false;
};

int execSql(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
}

// Version 1 of the library. current_revision is deliberately not a foreign key (it would be
// circular with revisions.scenario_id); the store keeps it consistent inside each save's
// transaction. AUTOINCREMENT so that ids of emptied-trash rows are never reused (the UI and
// the autosave slot may still hold them).
// The current revision's figures are copied into `scenarios` so that list() reads one
// narrow table: reading them from `revisions` means walking past the multi-page JSON of
// every row (measured: 200 ms instead of ~15 ms for 10,000 scenarios). In `revisions` the
// JSON is the last column for the same reason.
constexpr const char *kSchemaV1 = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE catalogs (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    read_only INTEGER NOT NULL DEFAULT 0,
    json      TEXT NOT NULL,
    modified  INTEGER NOT NULL
);
CREATE TABLE scenarios (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    name             TEXT NOT NULL,
    created          INTEGER NOT NULL,
    modified         INTEGER NOT NULL,
    catalog_id       TEXT NOT NULL DEFAULT 'default',
    deleted_at       INTEGER,
    current_revision INTEGER,
    total_cost       REAL NOT NULL DEFAULT 0,
    currency         TEXT NOT NULL DEFAULT 'USD',
    p_oom            REAL NOT NULL DEFAULT 0,
    gpu_hours        REAL NOT NULL DEFAULT 0
);
CREATE INDEX scenarios_name ON scenarios(name COLLATE NOCASE);
CREATE INDEX scenarios_modified ON scenarios(modified);
CREATE INDEX scenarios_total ON scenarios(total_cost);
CREATE INDEX scenarios_p_oom ON scenarios(p_oom);
CREATE TABLE revisions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    created     INTEGER NOT NULL,
    total_cost  REAL NOT NULL DEFAULT 0,
    currency    TEXT NOT NULL DEFAULT 'USD',
    p_oom       REAL NOT NULL DEFAULT 0,
    gpu_hours   REAL NOT NULL DEFAULT 0,
    message     TEXT NOT NULL DEFAULT '',
    json        TEXT NOT NULL
);
CREATE INDEX revisions_scenario ON revisions(scenario_id, id);
CREATE TABLE tags (
    scenario_id INTEGER NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('project', 'batch', 'resource', 'free')),
    value       TEXT NOT NULL CHECK (value <> ''),
    PRIMARY KEY (scenario_id, kind, value)
) WITHOUT ROWID;
CREATE INDEX tags_kind_value ON tags(kind, value);
CREATE TABLE autosave (
    slot        INTEGER PRIMARY KEY CHECK (slot = 1),
    scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL,
    json        TEXT NOT NULL,
    saved_at    INTEGER NOT NULL
);
)sql";

// Built-in migrations from version N to N+1 (none yet: version 1 is the first).
std::vector<StoreMigration> builtinMigrations()
{
    return {};
}

template <typename R> R failure(std::string message)
{
    if constexpr (std::is_same_v<R, std::string>) {
        return message;
    } else if constexpr (std::is_same_v<R, ImportReport>) {
        R r;
        r.rejected.push_back(std::move(message));
        return r;
    } else {
        R r;
        r.error = std::move(message);
        return r;
    }
}

// Nothing may escape the API (std::bad_alloc, a stray nlohmann exception).
template <typename F> auto guarded(std::string_view doing, F &&f) -> decltype(f())
{
    using R = decltype(f());
    try {
        return f();
    } catch (const std::exception &e) {
        return failure<R>(std::string(doing) + ": unexpected error (" + e.what() + ")");
    } catch (...) {
        return failure<R>(std::string(doing) + ": unexpected error");
    }
}

std::string likePattern(std::string_view text)
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

std::string currencyId(Currency c)
{
    return c == Currency::CNY ? "CNY" : "USD";
}

// Tags a scenario carries in its own fields.
std::vector<Tag> derivedTags(const Scenario &s)
{
    std::vector<Tag> out;
    if (!s.project.empty())
        out.push_back({TagKind::Project, s.project});
    for (const Phase &p : s.phases)
        if (!p.experiment_batch.empty())
            out.push_back({TagKind::Batch, p.experiment_batch});
    for (const std::string &t : s.tags)
        if (!t.empty())
            out.push_back({TagKind::Free, t});
    return out;
}

std::string joinErrors(const std::vector<LoadError> &errors, size_t max = 5)
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

std::string joinStrings(const std::vector<std::string> &v, std::string_view sep, size_t max = 8)
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

std::string slugify(std::string_view name)
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
std::vector<fs::path> siblingFiles(const std::string &dbPath, std::string_view infix)
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
    for (auto &f : found)
        out.push_back(f.second);
    return out;
}

// Percent-encode for a file: URI (only characters with a meaning in URIs).
std::string fileUri(const std::string &path)
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

} // namespace

// ---------------------------------------------------------------------------------------

std::string_view toString(TagKind k)
{
    switch (k) {
    case TagKind::Project:
        return "project";
    case TagKind::Batch:
        return "batch";
    case TagKind::Resource:
        return "resource";
    case TagKind::Free:
        return "free";
    }
    return "free";
}

std::optional<TagKind> tagKindFromString(std::string_view s)
{
    for (TagKind k : {TagKind::Project, TagKind::Batch, TagKind::Resource, TagKind::Free})
        if (toString(k) == s)
            return k;
    return std::nullopt;
}

CachedFigures figuresFrom(const Estimate &e, const Scenario &s)
{
    CachedFigures f;
    f.total_cost = e.total;
    f.currency = currencyId(s.currency);
    f.p_oom = e.oom.probability;
    f.gpu_hours = e.gpu_hours;
    return f;
}

WritableCheck checkWritable(const std::string &path)
{
    WritableCheck c;
    struct stat st {};
    c.exists = ::stat(path.c_str(), &st) == 0;
    if (c.exists) {
        // access() instead of open(): closing any descriptor of a file drops every POSIX lock
        // this process holds on it, which would break another open connection's locking.
        c.file_writable = ::access(path.c_str(), W_OK) == 0;
        if (!c.file_writable)
            c.reason = "the file " + path + " is not writable (" + std::strerror(errno) + ")";
    } else {
        c.file_writable = true;
    }
    fs::path p(path);
    std::string dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    // A real probe: root passes access() everywhere, and /proc-like file systems accept
    // access() but refuse to create files.
    std::string probe =
        dir + "/.costlab-probe-" + std::to_string(::getpid()) + "-" + std::to_string(nowMs());
    int fd = ::open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        ::close(fd);
        ::unlink(probe.c_str());
        c.dir_writable = true;
    } else {
        int err = errno;
        if (!c.reason.empty())
            c.reason += "; ";
        c.reason += "the folder " + dir + " is not writable (" + std::strerror(err) + ")";
    }
    return c;
}

// ---------------------------------------------------------------------------------------

struct ScenarioStore::Impl {
    sqlite3 *db = nullptr;
    std::string path;
    StoreOptions options;
    StoreStatus status;
    bool readOnly = false;
    int version = 0;
    int lastOpenRc = SQLITE_OK; ///< result code of the last failed openConnection()

    ~Impl() { closeDb(); }
    void closeDb()
    {
        if (db) {
            sqlite3_close_v2(db);
            db = nullptr;
        }
    }

    // "" when writes are possible, else why not.
    std::string writeBlocked(std::string_view doing) const
    {
        if (!db)
            return std::string(doing) + ": no library is open.";
        if (readOnly) {
            std::string m = std::string(doing) + ": the library is open read-only";
            if (!status.read_only_reason.empty())
                m += " (" + status.read_only_reason + ")";
            m += ".";
            m += kReadOnlyTail;
            return m;
        }
        return {};
    }
    std::string readBlocked(std::string_view doing) const
    {
        return db ? std::string() : std::string(doing) + ": no library is open.";
    }

    enum class OpenState { Ok, Damaged, Failed };

    // Open the connection and make sure the file is a readable SQLite database.
    OpenState openConnection(bool ro, bool immutable, std::string &detail)
    {
        closeDb();
        int flags = ro ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        std::string name = path;
        if (immutable) {
            flags |= SQLITE_OPEN_URI;
            name = fileUri(path) + "?immutable=1";
        }
        int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
        lastOpenRc = rc;
        if (rc != SQLITE_OK) {
            detail = sqlError(db, rc, "Could not open the library " + path);
            closeDb();
            return OpenState::Failed;
        }
        sqlite3_extended_result_codes(db, 1);
        sqlite3_busy_timeout(db, options.busy_timeout_ms);
        // The first read of the schema is where a non-database file shows up (NOTADB).
        Stmt probe(db, "SELECT count(*) FROM sqlite_master");
        rc = probe.step();
        lastOpenRc = rc == SQLITE_ROW ? SQLITE_OK : rc;
        if (rc != SQLITE_ROW) {
            int prim = rc & 0xff;
            detail = sqlError(db, rc, "Could not read the library " + path);
            if (prim == SQLITE_NOTADB || prim == SQLITE_CORRUPT)
                return OpenState::Damaged;
            return OpenState::Failed;
        }
        if (options.check_integrity) {
            Stmt qc(db, "PRAGMA quick_check(20)");
            std::vector<std::string> lines;
            int r;
            while ((r = qc.step()) == SQLITE_ROW)
                lines.push_back(qc.text(0));
            if (r != SQLITE_DONE) {
                int prim = r & 0xff;
                detail = sqlError(db, r, "Checking the library " + path);
                if (prim == SQLITE_NOTADB || prim == SQLITE_CORRUPT)
                    return OpenState::Damaged;
                return OpenState::Failed;
            }
            if (!(lines.size() == 1 && lines[0] == "ok")) {
                // One row may hold many newline-separated problems; keep the notice short.
                std::vector<std::string> problems;
                for (const std::string &l : lines) {
                    size_t start = 0;
                    while (start <= l.size()) {
                        size_t nl = l.find('\n', start);
                        std::string one =
                            l.substr(start, nl == std::string::npos ? nl : nl - start);
                        if (!one.empty() && one.rfind("***", 0) != 0)
                            problems.push_back(one);
                        if (nl == std::string::npos)
                            break;
                        start = nl + 1;
                    }
                }
                detail = "integrity check: " + joinStrings(problems, "; ", 3);
                return OpenState::Damaged;
            }
        }
        return OpenState::Ok;
    }

    // Rename the damaged file (and its WAL, which belongs to it) out of the way.
    std::string moveAside(std::string &aside)
    {
        aside = uniquePath(path + ".corrupt-" + fileTimestamp());
        std::error_code ec;
        fs::rename(path, aside, ec);
        if (ec)
            return "Could not move the damaged library " + path + " to " + aside + ": " +
                   ec.message();
        for (const char *suffix : {"-wal", "-shm", "-journal"}) {
            std::error_code e2;
            if (fs::exists(path + suffix, e2))
                fs::rename(path + suffix, aside + suffix, e2);
        }
        return {};
    }

    std::string configure()
    {
        execSql(db, "PRAGMA foreign_keys = ON");
        // Sorting a 10,000-row listing must not spill to temporary files.
        execSql(db, "PRAGMA temp_store = MEMORY");
        execSql(db, "PRAGMA cache_size = -16000"); // KiB: 16 MB
        if (readOnly) {
            execSql(db, "PRAGMA query_only = 1");
            return {};
        }
        {
            Stmt jm(db, "PRAGMA journal_mode = WAL");
            if (jm.step() != SQLITE_ROW)
                return jm.error("Could not switch the library " + path + " to WAL mode");
        }
        execSql(db,
                options.durable_sync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        if (options.max_page_count > 0) {
            std::string sql = "PRAGMA max_page_count = " + std::to_string(options.max_page_count);
            execSql(db, sql.c_str());
        }
        return {};
    }

    int readUserVersion()
    {
        Stmt st(db, "PRAGMA user_version");
        return st.step() == SQLITE_ROW ? static_cast<int>(st.i64(0)) : -1;
    }

    std::string createSchema()
    {
        Transaction tx(db);
        if (!tx.begun())
            return sqlError(db, tx.rc(), "Could not create the library " + path);
        char *err = nullptr;
        int rc = sqlite3_exec(db, kSchemaV1, nullptr, nullptr, &err);
        if (rc != SQLITE_OK) {
            std::string m =
                "Could not create the library " + path + ": " + (err ? err : sqlite3_errstr(rc));
            sqlite3_free(err);
            return m;
        }
        execSql(db, "PRAGMA user_version = 1");
        if (tx.commit() != SQLITE_OK)
            return sqlError(db, tx.rc(), "Could not create the library " + path);
        version = 1;
        return {};
    }

    std::string migrate(int from, int target, const std::vector<StoreMigration> &steps)
    {
        std::string backup =
            uniquePath(path + ".backup-v" + std::to_string(from) + "-" + fileTimestamp());
        if (std::string e = backupTo(backup); !e.empty())
            return "Did not upgrade the library " + path +
                   " because the backup before the "
                   "upgrade failed: " +
                   e;
        status.migration_backup = backup;
        for (int v = from; v < target; ++v) {
            auto it = std::find_if(steps.begin(), steps.end(),
                                   [v](const StoreMigration &m) { return m.from == v; });
            if (it == steps.end() || !it->apply)
                return "Can't upgrade the library " + path + " from schema version " +
                       std::to_string(v) + ": no migration known. A copy is at " + backup;
            Transaction tx(db);
            if (!tx.begun())
                return sqlError(db, tx.rc(), "Could not upgrade the library " + path);
            std::string e;
            try {
                e = it->apply(db);
            } catch (const std::exception &ex) {
                e = ex.what();
            }
            if (e.empty()) {
                std::string sql = "PRAGMA user_version = " + std::to_string(v + 1);
                if (execSql(db, sql.c_str()) != SQLITE_OK)
                    e = sqlite3_errmsg(db);
            }
            if (!e.empty())
                return "Upgrading the library " + path + " from schema version " +
                       std::to_string(v) + " failed (" + e +
                       "); the library is unchanged at that version and a copy taken "
                       "before the upgrade is at " +
                       backup;
            if (tx.commit() != SQLITE_OK)
                return sqlError(db, tx.rc(), "Could not upgrade the library " + path) +
                       "; a copy taken before the upgrade is at " + backup;
            version = v + 1;
        }
        status.migrated_from = from;
        return {};
    }

    std::string backupTo(const std::string &dest) const
    {
        if (!db)
            return "Backup to " + dest + ": no library is open.";
        // Into a temporary name first so a half-written copy never looks like a backup.
        std::string tmp = dest + ".tmp";
        std::error_code ec;
        fs::remove(tmp, ec);
        sqlite3 *out = nullptr;
        int rc =
            sqlite3_open_v2(tmp.c_str(), &out, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
        if (rc != SQLITE_OK) {
            std::string m = sqlError(out, rc, "Could not create the backup " + tmp);
            sqlite3_close_v2(out);
            return m;
        }
        sqlite3_backup *b = sqlite3_backup_init(out, "main", db, "main");
        if (!b) {
            std::string m = sqlError(out, sqlite3_errcode(out), "Could not back up to " + dest);
            sqlite3_close_v2(out);
            fs::remove(tmp, ec);
            return m;
        }
        int tries = 0;
        do {
            rc = sqlite3_backup_step(b, 256);
            if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
                if (++tries > 500)
                    break;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        } while (rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED);
        sqlite3_backup_finish(b);
        if (rc != SQLITE_DONE) {
            std::string m = sqlError(out, rc, "Could not back up to " + dest);
            sqlite3_close_v2(out);
            fs::remove(tmp, ec);
            return m;
        }
        sqlite3_close_v2(out);
        fs::rename(tmp, dest, ec);
        if (ec)
            return "Could not rename the backup " + tmp + " to " + dest + ": " + ec.message();
        return {};
    }

    void autoBackup()
    {
        auto existing = siblingFiles(path, ".backup-auto-");
        if (!existing.empty()) {
            std::error_code ec;
            auto t = fs::last_write_time(existing.back(), ec);
            auto age = fs::file_time_type::clock::now() - t;
            if (!ec &&
                age < std::chrono::duration<double, std::ratio<3600>>(options.auto_backup_hours))
                return;
        }
        std::string dest = uniquePath(path + ".backup-auto-" + fileTimestamp());
        if (backupTo(dest).empty()) {
            status.auto_backup = dest;
            existing = siblingFiles(path, ".backup-auto-");
            // Keep the three newest automatic backups.
            for (size_t i = 0; i + 3 < existing.size(); ++i) {
                std::error_code ec;
                fs::remove(existing[i], ec);
            }
        }
    }

    // ---- write helpers (inside a transaction) ----

    Result<std::int64_t> insertRevision(std::int64_t scenarioId, const std::string &json,
                                        std::string_view message, const CachedFigures &f,
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
            r.error = st.error("Could not save the revision");
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
            r.error = up.error("Could not update the scenario");
        return r;
    }

    std::string addTags(std::int64_t scenarioId, const std::vector<Tag> &tags)
    {
        for (const Tag &t : tags) {
            if (t.value.empty())
                continue;
            Stmt one(db, "INSERT OR IGNORE INTO tags (scenario_id, kind, value) VALUES (?, ?, ?)");
            one.bind(1, scenarioId).bind(2, toString(t.kind)).bind(3, t.value);
            if (!one.exec())
                return one.error("Could not save the tags");
        }
        return {};
    }

    bool scenarioExists(std::int64_t id)
    {
        Stmt st(db, "SELECT 1 FROM scenarios WHERE id = ?");
        st.bind(1, id);
        return st.step() == SQLITE_ROW;
    }

    // ---- Steps of ScenarioStore::open --------------------------------------------------

    /// Checks the path and decides between read-write and read-only (and why).
    std::string decideAccess()
    {
        if (path.empty())
            return "No library path given.";
        fs::path p(path);
        std::error_code ec;
        fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
        if (!fs::is_directory(dir, ec))
            return "Can't open the library " + path + ": the folder " + dir.string() +
                   " does not exist.";
        if (fs::is_directory(p, ec))
            return "Can't open the library " + path + ": it is a folder, not a file.";

        WritableCheck wc = checkWritable(path);
        if (!wc.exists && !options.read_only && !wc.dir_writable)
            return "Can't create the library " + path + ": " + wc.reason + ".";
        if (!wc.exists && options.read_only)
            return "Can't open the library " + path + " read-only: the file does not exist.";
        const bool ro = options.read_only || !wc.file_writable || !wc.dir_writable;
        status.read_only = ro;
        if (options.read_only)
            status.read_only_reason = "opened read-only on request";
        else if (ro)
            status.read_only_reason = wc.reason;
        readOnly = ro;
        status.created = !wc.exists;
        return {};
    }

    /// Opens the connection (a WAL library in a folder we can't write is read as an
    /// immutable snapshot), moves a damaged file aside when allowed, and configures it.
    std::string connect()
    {
        std::string detail;
        auto state = openConnection(readOnly, false, detail);
        const int prim = lastOpenRc & 0xff;
        if (state == OpenState::Failed && readOnly &&
            (prim == SQLITE_CANTOPEN || prim == SQLITE_READONLY)) {
            // A WAL library in a folder we can't write has no -shm to map: read it as
            // immutable (no locking; fine for looking at the library).
            std::string d2;
            state = openConnection(readOnly, true, d2);
            if (state == OpenState::Failed)
                detail += "; " + d2;
            else
                status.read_only_reason += "; read as a snapshot: changes another Costlab "
                                           "window makes meanwhile are not seen";
        }
        if (state == OpenState::Failed) {
            closeDb();
            return detail;
        }
        if (state == OpenState::Damaged) {
            closeDb();
            status.damage_detail = detail;
            if (readOnly)
                return "The library " + path + " is damaged (" + detail +
                       ") and can't be replaced because it is read-only.";
            if (!options.recover_corrupt)
                return "The library " + path + " is damaged: " + detail;
            std::string aside;
            if (std::string e = moveAside(aside); !e.empty())
                return e + " (" + detail + ")";
            status.recovered = true;
            status.damaged_path = aside;
            status.created = true;
            auto backups = siblingFiles(path, ".backup-");
            if (!backups.empty())
                status.newest_backup = backups.back().string();
            if (openConnection(false, false, detail) != OpenState::Ok) {
                closeDb();
                return "The library " + path + " was damaged and moved to " + aside +
                       ", but a new one could not be created: " + detail;
            }
        }
        if (std::string e = configure(); !e.empty()) {
            closeDb();
            return e;
        }
        return {};
    }

    /// Creates the schema of a new library, migrates an older one (read-only when newer).
    std::string prepareSchema()
    {
        // Schema: create, migrate, or accept.
        std::vector<StoreMigration> steps = builtinMigrations();
        steps.insert(steps.end(), options.extra_migrations.begin(), options.extra_migrations.end());
        int target = kStoreSchemaVersion;
        for (const auto &m : steps)
            target = std::max(target, m.from + 1);

        int v = readUserVersion();
        Stmt tables(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        std::int64_t tableCount = tables.step() == SQLITE_ROW ? tables.i64(0) : 0;
        if (v < 0) {
            std::string m = sqlError(db, sqlite3_errcode(db), "Could not read the library " + path);
            closeDb();
            return m;
        }
        if (v == 0 && tableCount == 0) {
            if (readOnly) {
                closeDb();
                return "The library " + path +
                       " is empty and can't be set up because it is "
                       "read-only (" +
                       status.read_only_reason + ").";
            }
            if (std::string e = createSchema(); !e.empty()) {
                closeDb();
                return e;
            }
            status.created = true;
            v = 1;
        } else if (v == 0) {
            // Someone's own SQLite file: never move it aside or write to it.
            closeDb();
            return "The file " + path +
                   " is an SQLite database but not a Costlab library; "
                   "choose another file.";
        }
        version = v;
        if (v > target) {
            readOnly = true;
            status.read_only = true;
            status.read_only_reason = "the library was written by a newer Costlab (schema "
                                      "version " +
                                      std::to_string(v) + ", this version knows " +
                                      std::to_string(target) + ")";
            execSql(db, "PRAGMA query_only = 1");
        } else if (v < target) {
            if (readOnly) {
                closeDb();
                return "The library " + path + " needs an upgrade from schema version " +
                       std::to_string(v) + " but is read-only (" + status.read_only_reason + ").";
            }
            if (std::string e = migrate(v, target, steps); !e.empty()) {
                closeDb();
                return e;
            }
        }
        return {};
    }

    /// One summary line for the UI's notice: recovery, upgrade, read-only.
    void summarise()
    {
        // One summary line for the UI's notice.
        std::string &msg = status.message;
        if (status.recovered) {
            msg = "The library " + path + " was damaged (" + status.damage_detail +
                  "). It was moved to " + status.damaged_path +
                  " and a new, empty "
                  "library was create";
            if (!status.newest_backup.empty())
                msg += " The newest automatic backup is " + status.newest_backup + ".";
        }
        if (status.migrated_from > 0) {
            if (!msg.empty())
                msg += " ";
            msg += "The library was upgraded from schema version " +
                   std::to_string(status.migrated_from) + " to " + std::to_string(version) +
                   "; a copy of the old library is at " + status.migration_backup + ".";
        }
        if (readOnly) {
            if (!msg.empty())
                msg += " ";
            msg += "The library " + path + " is open read-only (" + status.read_only_reason + ")." +
                   std::string(kReadOnlyTail);
        }
    }
};

// ---------------------------------------------------------------------------------------

ScenarioStore::ScenarioStore() : m_d(std::make_unique<Impl>()) {}
ScenarioStore::~ScenarioStore() = default;

bool ScenarioStore::isOpen() const
{
    return m_d->db != nullptr;
}
bool ScenarioStore::isReadOnly() const
{
    return m_d->readOnly;
}
const StoreStatus &ScenarioStore::status() const
{
    return m_d->status;
}
const std::string &ScenarioStore::path() const
{
    return m_d->path;
}
int ScenarioStore::schemaVersion() const
{
    return m_d->version;
}

void ScenarioStore::close()
{
    m_d->closeDb();
    m_d->readOnly = false;
    m_d->version = 0;
}

std::string ScenarioStore::open(const std::string &path, const StoreOptions &options)
{
    return guarded("Opening the library " + path, [&]() -> std::string {
        Impl &d = *m_d;
        close();
        d.path = path;
        d.options = options;
        d.status = {};
        if (std::string e = d.decideAccess(); !e.empty())
            return e;
        if (std::string e = d.connect(); !e.empty())
            return e;
        if (std::string e = d.prepareSchema(); !e.empty())
            return e;
        if (options.auto_backup_hours > 0 && !d.readOnly && !d.status.created)
            d.autoBackup();
        d.summarise();
        return {};
    });
}

// ---- Scenarios ------------------------------------------------------------------------

Result<std::int64_t> ScenarioStore::create(const Scenario &s, std::string_view message,
                                           const CachedFigures &f)
{
    return guarded("Creating a scenario", [&]() -> Result<std::int64_t> {
        Result<std::int64_t> r;
        const std::string doing = "Could not add \"" + s.name + "\" to the library";
        if (r.error = m_d->writeBlocked(doing); !r.error.empty())
            return r;
        sqlite3 *db = m_d->db;
        std::string json = scenarioToJson(s);
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<Result<std::int64_t>>(sqlError(db, tx.rc(), doing));
        Stmt ins(db, "INSERT INTO scenarios (name, created, modified, catalog_id) "
                     "VALUES (?, ?, ?, ?)");
        ins.bind(1, s.name).bind(2, now).bind(3, now).bind(4, s.catalog_id);
        if (!ins.exec())
            return failure<Result<std::int64_t>>(ins.error(doing));
        std::int64_t id = sqlite3_last_insert_rowid(db);
        auto rev = m_d->insertRevision(id, json, message, f, now);
        if (!rev)
            return failure<Result<std::int64_t>>(doing + ": " + rev.error);
        if (std::string e = m_d->addTags(id, derivedTags(s)); !e.empty())
            return failure<Result<std::int64_t>>(doing + ": " + e);
        if (tx.commit() != SQLITE_OK)
            return failure<Result<std::int64_t>>(sqlError(db, tx.rc(), doing));
        r.value = id;
        return r;
    });
}

Result<std::int64_t> ScenarioStore::saveRevision(std::int64_t scenarioId, const Scenario &s,
                                                 std::string_view message, const CachedFigures &f)
{
    return guarded("Saving a revision", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not save \"" + s.name + "\"";
        const std::string kept = " Nothing was changed in the library; your edits are "
                                 "still open.";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        sqlite3 *db = m_d->db;
        std::string json = scenarioToJson(s);
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing) + "." + kept);
        if (!m_d->scenarioExists(scenarioId))
            return failure<R>(doing + ": scenario " + std::to_string(scenarioId) +
                              " is not in the library (deleted from another window?).");
        Stmt up(db, "UPDATE scenarios SET name = ?, catalog_id = ? WHERE id = ?");
        up.bind(1, s.name).bind(2, s.catalog_id).bind(3, scenarioId);
        if (!up.exec())
            return failure<R>(up.error(doing) + "." + kept);
        auto rev = m_d->insertRevision(scenarioId, json, message, f, now);
        if (!rev)
            return failure<R>(doing + ": " + rev.error + "." + kept);
        if (std::string e = m_d->addTags(scenarioId, derivedTags(s)); !e.empty())
            return failure<R>(doing + ": " + e + "." + kept);
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing) + "." + kept);
        return rev;
    });
}

namespace {

// WHERE clause and its bound values for list()/count(). Only fixed SQL text is concatenated;
// every user value goes through a '?' placeholder.
struct Where {
    std::string sql;
    std::vector<std::string> values;
};

Where buildWhere(const ListFilter &f)
{
    Where w;
    w.sql = " WHERE 1";
    if (f.only_trashed)
        w.sql += " AND s.deleted_at IS NOT NULL";
    else if (!f.include_trashed)
        w.sql += " AND s.deleted_at IS NULL";
    if (!f.text.empty()) {
        w.sql += " AND (s.name LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM tags t "
                 "WHERE t.scenario_id = s.id AND t.value LIKE ? ESCAPE '\\'))";
        w.values.push_back(likePattern(f.text));
        w.values.push_back(likePattern(f.text));
    }
    for (const Tag &t : f.tags) {
        w.sql += " AND EXISTS (SELECT 1 FROM tags t WHERE t.scenario_id = s.id "
                 "AND t.kind = ? AND t.value = ?)";
        w.values.emplace_back(toString(t.kind));
        w.values.push_back(t.value);
    }
    return w;
}

} // namespace

Result<std::vector<ScenarioRow>> ScenarioStore::list(const ListFilter &f) const
{
    return guarded("Listing the library", [&]() -> Result<std::vector<ScenarioRow>> {
        using R = Result<std::vector<ScenarioRow>>;
        if (std::string e = m_d->readBlocked("Could not list the library"); !e.empty())
            return failure<R>(e);
        Where w = buildWhere(f);
        std::string order;
        switch (f.sort) {
        case SortKey::Name:
            order = "s.name COLLATE NOCASE";
            break;
        case SortKey::Modified:
            order = "s.modified";
            break;
        case SortKey::Total:
            order = "s.total_cost";
            break;
        case SortKey::POom:
            order = "s.p_oom";
            break;
        }
        const char *dir = f.descending ? " DESC" : " ASC";
        std::string sql = "SELECT s.id, s.name, s.created, s.modified, s.catalog_id, s.deleted_at, "
                          "s.current_revision, s.total_cost, s.currency, s.p_oom, s.gpu_hours "
                          "FROM scenarios s" +
                          w.sql + " ORDER BY " + order + dir + ", s.id" + dir + " LIMIT ? OFFSET ?";
        Stmt st(m_d->db, sql);
        int i = 1;
        for (const auto &v : w.values)
            st.bind(i++, v);
        st.bind(i++, static_cast<std::int64_t>(f.limit < 0 ? -1 : f.limit));
        st.bind(i++, static_cast<std::int64_t>(std::max(0, f.offset)));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            ScenarioRow row;
            row.id = st.i64(0);
            row.name = st.text(1);
            row.created = st.i64(2);
            row.modified = st.i64(3);
            row.catalog_id = st.text(4);
            row.deleted_at = st.isNull(5) ? 0 : st.i64(5);
            row.current_revision = st.isNull(6) ? 0 : st.i64(6);
            row.figures.total_cost = st.real(7);
            row.figures.currency = st.text(8);
            row.figures.p_oom = st.real(9);
            row.figures.gpu_hours = st.real(10);
            r.value.push_back(std::move(row));
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list the library"));
        return r;
    });
}

Result<std::int64_t> ScenarioStore::count(const ListFilter &f) const
{
    return guarded("Counting scenarios", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        if (std::string e = m_d->readBlocked("Could not count scenarios"); !e.empty())
            return failure<R>(e);
        Where w = buildWhere(f);
        Stmt st(m_d->db, "SELECT count(*) FROM scenarios s" + w.sql);
        int i = 1;
        for (const auto &v : w.values)
            st.bind(i++, v);
        if (st.step() != SQLITE_ROW)
            return failure<R>(st.error("Could not count scenarios"));
        R r;
        r.value = st.i64(0);
        return r;
    });
}

Result<ScenarioRow> ScenarioStore::scenario(std::int64_t scenarioId) const
{
    return guarded("Reading a scenario", [&]() -> Result<ScenarioRow> {
        using R = Result<ScenarioRow>;
        if (std::string e = m_d->readBlocked("Could not read the scenario"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT s.id, s.name, s.created, s.modified, s.catalog_id, s.deleted_at, "
                         "s.current_revision, s.total_cost, s.currency, s.p_oom, s.gpu_hours "
                         "FROM scenarios s WHERE s.id = ?");
        st.bind(1, scenarioId);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("Scenario " + std::to_string(scenarioId) + " is not in the library.");
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the scenario"));
        R r;
        r.value.id = st.i64(0);
        r.value.name = st.text(1);
        r.value.created = st.i64(2);
        r.value.modified = st.i64(3);
        r.value.catalog_id = st.text(4);
        r.value.deleted_at = st.isNull(5) ? 0 : st.i64(5);
        r.value.current_revision = st.isNull(6) ? 0 : st.i64(6);
        r.value.figures.total_cost = st.real(7);
        r.value.figures.currency = st.text(8);
        r.value.figures.p_oom = st.real(9);
        r.value.figures.gpu_hours = st.real(10);
        return r;
    });
}

Result<std::vector<RevisionRow>> ScenarioStore::revisions(std::int64_t scenarioId) const
{
    return guarded("Listing revisions", [&]() -> Result<std::vector<RevisionRow>> {
        using R = Result<std::vector<RevisionRow>>;
        if (std::string e = m_d->readBlocked("Could not list revisions"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT id, scenario_id, created, message, total_cost, currency, "
                         "p_oom, gpu_hours FROM revisions WHERE scenario_id = ? "
                         "ORDER BY id DESC");
        st.bind(1, scenarioId);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            RevisionRow row;
            row.id = st.i64(0);
            row.scenario_id = st.i64(1);
            row.created = st.i64(2);
            row.message = st.text(3);
            row.figures.total_cost = st.real(4);
            row.figures.currency = st.text(5);
            row.figures.p_oom = st.real(6);
            row.figures.gpu_hours = st.real(7);
            r.value.push_back(std::move(row));
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list revisions"));
        return r;
    });
}

Result<std::string> ScenarioStore::revisionJson(std::int64_t revisionId) const
{
    return guarded("Reading a revision", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (std::string e = m_d->readBlocked("Could not read the revision"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT json FROM revisions WHERE id = ?");
        st.bind(1, revisionId);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("Revision " + std::to_string(revisionId) + " is not in the library.");
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read revision " + std::to_string(revisionId)));
        R r;
        r.value = st.text(0);
        return r;
    });
}

Result<Scenario> ScenarioStore::loadRevision(std::int64_t revisionId) const
{
    return guarded("Loading a revision", [&]() -> Result<Scenario> {
        using R = Result<Scenario>;
        auto text = revisionJson(revisionId);
        if (!text)
            return failure<R>(text.error);
        LoadResult lr = scenarioFromJson(text.value);
        if (!lr.scenario || !lr.errors.empty())
            return failure<R>("Revision " + std::to_string(revisionId) +
                              " is damaged and can't be loaded: " + joinErrors(lr.errors));
        R r;
        r.value = std::move(*lr.scenario);
        return r;
    });
}

Result<Scenario> ScenarioStore::loadCurrent(std::int64_t scenarioId) const
{
    auto row = scenario(scenarioId);
    if (!row)
        return failure<Result<Scenario>>(row.error);
    if (row.value.current_revision == 0)
        return failure<Result<Scenario>>("Scenario " + std::to_string(scenarioId) +
                                         " has no revision.");
    return loadRevision(row.value.current_revision);
}

Result<std::int64_t> ScenarioStore::restoreRevision(std::int64_t revisionId,
                                                    std::string_view message)
{
    return guarded("Restoring a revision", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not restore revision " + std::to_string(revisionId);
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        sqlite3 *db = m_d->db;
        // Parse first: restoring a damaged revision would make a damaged current revision.
        auto sc = loadRevision(revisionId);
        if (!sc)
            return failure<R>(doing + ": " + sc.error);
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing));
        Stmt st(db, "SELECT scenario_id, json, total_cost, currency, p_oom, gpu_hours "
                    "FROM revisions WHERE id = ?");
        st.bind(1, revisionId);
        if (st.step() != SQLITE_ROW)
            return failure<R>(doing + ": it is no longer in the library.");
        std::int64_t sid = st.i64(0);
        std::string json = st.text(1);
        CachedFigures f{st.real(2), st.text(3), st.real(4), st.real(5)};
        std::string msg = message.empty() ? "Restored revision " + std::to_string(revisionId)
                                          : std::string(message);
        Stmt up(db, "UPDATE scenarios SET name = ?, catalog_id = ? WHERE id = ?");
        up.bind(1, sc.value.name).bind(2, sc.value.catalog_id).bind(3, sid);
        if (!up.exec())
            return failure<R>(up.error(doing));
        auto rev = m_d->insertRevision(sid, json, msg, f, nowMs());
        if (!rev)
            return failure<R>(doing + ": " + rev.error);
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing));
        return rev;
    });
}

Result<std::vector<ParamDiff>> ScenarioStore::diffRevisions(std::int64_t a, std::int64_t b) const
{
    return guarded("Comparing revisions", [&]() -> Result<std::vector<ParamDiff>> {
        using R = Result<std::vector<ParamDiff>>;
        auto sa = loadRevision(a);
        if (!sa)
            return failure<R>(sa.error);
        auto sb = loadRevision(b);
        if (!sb)
            return failure<R>(sb.error);
        struct Val {
            std::string text, unit;
        };
        auto collect = [](const Scenario &s, std::vector<std::string> &order,
                          std::map<std::string, Val> &out) {
            for (const ParamRef &ref : boundParameters(s)) {
                std::string id = fullId(s, ref);
                if (out.count(id))
                    continue;
                order.push_back(id);
                out[id] = Val{getString(s, ref), std::string(ref.def->unit)};
            }
        };
        std::vector<std::string> orderA, orderB;
        std::map<std::string, Val> va, vb;
        collect(sa.value, orderA, va);
        collect(sb.value, orderB, vb);
        R r;
        // Fields the registry does not describe, compared as text.
        auto joinTags = [](const std::vector<std::string> &t) {
            return joinStrings(t, ", ", 1000);
        };
        const std::pair<std::string, std::pair<std::string, std::string>> extra[] = {
            {"name", {sa.value.name, sb.value.name}},
            {"description", {sa.value.description, sb.value.description}},
            {"project", {sa.value.project, sb.value.project}},
            {"catalog_id", {sa.value.catalog_id, sb.value.catalog_id}},
            {"tags", {joinTags(sa.value.tags), joinTags(sb.value.tags)}},
            {"currency", {currencyId(sa.value.currency), currencyId(sb.value.currency)}},
        };
        for (const auto &[id, vals] : extra)
            if (!va.count(id) && !vb.count(id) && vals.first != vals.second)
                r.value.push_back({id, vals.first, vals.second, {}});
        for (const std::string &id : orderA) {
            const Val &x = va[id];
            auto it = vb.find(id);
            if (it == vb.end())
                r.value.push_back({id, x.text, {}, x.unit});
            else if (it->second.text != x.text)
                r.value.push_back({id, x.text, it->second.text, x.unit});
        }
        for (const std::string &id : orderB)
            if (!va.count(id))
                r.value.push_back({id, {}, vb[id].text, vb[id].unit});
        return r;
    });
}

Result<std::int64_t> ScenarioStore::duplicate(std::int64_t scenarioId, std::string_view newName)
{
    return guarded("Duplicating a scenario", [&]() -> Result<std::int64_t> {
        using R = Result<std::int64_t>;
        const std::string doing = "Could not duplicate scenario " + std::to_string(scenarioId);
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        auto row = scenario(scenarioId);
        if (!row)
            return failure<R>(doing + ": " + row.error);
        auto sc = loadRevision(row.value.current_revision);
        if (!sc)
            return failure<R>(doing + ": " + sc.error);
        auto tg = tags(scenarioId);
        if (!tg)
            return failure<R>(doing + ": " + tg.error);
        Scenario copy = std::move(sc.value);
        copy.name = newName.empty() ? copy.name + " (copy)" : std::string(newName);
        sqlite3 *db = m_d->db;
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing));
        Stmt ins(db, "INSERT INTO scenarios (name, created, modified, catalog_id) "
                     "VALUES (?, ?, ?, ?)");
        ins.bind(1, copy.name).bind(2, now).bind(3, now).bind(4, copy.catalog_id);
        if (!ins.exec())
            return failure<R>(ins.error(doing));
        std::int64_t id = sqlite3_last_insert_rowid(db);
        auto rev = m_d->insertRevision(id, scenarioToJson(copy),
                                       "Duplicated from \"" + row.value.name + "\"",
                                       row.value.figures, now);
        if (!rev)
            return failure<R>(doing + ": " + rev.error);
        if (std::string e = m_d->addTags(id, tg.value); !e.empty())
            return failure<R>(doing + ": " + e);
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing));
        R r;
        r.value = id;
        return r;
    });
}

std::string ScenarioStore::rename(std::int64_t scenarioId, std::string_view newName)
{
    return guarded("Renaming a scenario", [&]() -> std::string {
        const std::string doing = "Could not rename scenario " + std::to_string(scenarioId);
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        if (newName.empty())
            return doing + ": the name is empty.";
        auto row = scenario(scenarioId);
        if (!row)
            return doing + ": " + row.error;
        if (row.value.name == newName)
            return {};
        auto sc = loadRevision(row.value.current_revision);
        sqlite3 *db = m_d->db;
        std::int64_t now = nowMs();
        Transaction tx(db);
        if (!tx.begun())
            return sqlError(db, tx.rc(), doing);
        Stmt up(db, "UPDATE scenarios SET name = ?, modified = ? WHERE id = ?");
        up.bind(1, newName).bind(2, now).bind(3, scenarioId);
        if (!up.exec())
            return up.error(doing);
        // The name lives in the JSON too; record it as a revision so history and library
        // agree. A damaged current revision is left alone (only the row is renamed).
        if (sc) {
            sc.value.name = std::string(newName);
            auto rev = m_d->insertRevision(scenarioId, scenarioToJson(sc.value),
                                           "Renamed from \"" + row.value.name + "\"",
                                           row.value.figures, now);
            if (!rev)
                return doing + ": " + rev.error;
        }
        if (tx.commit() != SQLITE_OK)
            return sqlError(db, tx.rc(), doing);
        return {};
    });
}

std::string ScenarioStore::trash(std::int64_t scenarioId)
{
    return guarded("Moving to the trash", [&]() -> std::string {
        const std::string doing =
            "Could not move scenario " + std::to_string(scenarioId) + " to the trash";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        Stmt st(m_d->db, "UPDATE scenarios SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL");
        st.bind(1, nowMs()).bind(2, scenarioId);
        if (!st.exec())
            return st.error(doing);
        if (sqlite3_changes(m_d->db) == 0 && !m_d->scenarioExists(scenarioId))
            return doing + ": it is not in the library.";
        return {};
    });
}

std::string ScenarioStore::restoreFromTrash(std::int64_t scenarioId)
{
    return guarded("Restoring from the trash", [&]() -> std::string {
        const std::string doing =
            "Could not restore scenario " + std::to_string(scenarioId) + " from the trash";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        Stmt st(m_d->db, "UPDATE scenarios SET deleted_at = NULL WHERE id = ?");
        st.bind(1, scenarioId);
        if (!st.exec())
            return st.error(doing);
        if (sqlite3_changes(m_d->db) == 0)
            return doing + ": it is not in the library.";
        return {};
    });
}

Result<int> ScenarioStore::emptyTrash()
{
    return guarded("Emptying the trash", [&]() -> Result<int> {
        using R = Result<int>;
        const std::string doing = "Could not empty the trash";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        sqlite3 *db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing));
        // Revisions and tags follow through ON DELETE CASCADE, the autosave link is nulled.
        Stmt st(db, "DELETE FROM scenarios WHERE deleted_at IS NOT NULL");
        if (!st.exec())
            return failure<R>(st.error(doing));
        R r;
        r.value = sqlite3_changes(db);
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing));
        return r;
    });
}

// ---- Tags -----------------------------------------------------------------------------

std::string ScenarioStore::setTags(std::int64_t scenarioId, const std::vector<Tag> &tags)
{
    return guarded("Saving tags", [&]() -> std::string {
        const std::string doing =
            "Could not save the tags of scenario " + std::to_string(scenarioId);
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        for (const Tag &t : tags)
            if (t.value.empty())
                return doing + ": a " + std::string(toString(t.kind)) + " tag is empty.";
        sqlite3 *db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return sqlError(db, tx.rc(), doing);
        if (!m_d->scenarioExists(scenarioId))
            return doing + ": it is not in the library.";
        Stmt del(db, "DELETE FROM tags WHERE scenario_id = ?");
        del.bind(1, scenarioId);
        if (!del.exec())
            return del.error(doing);
        if (std::string e = m_d->addTags(scenarioId, tags); !e.empty())
            return doing + ": " + e;
        if (tx.commit() != SQLITE_OK)
            return sqlError(db, tx.rc(), doing);
        return {};
    });
}

Result<std::vector<Tag>> ScenarioStore::tags(std::int64_t scenarioId) const
{
    return guarded("Reading tags", [&]() -> Result<std::vector<Tag>> {
        using R = Result<std::vector<Tag>>;
        if (std::string e = m_d->readBlocked("Could not read tags"); !e.empty())
            return failure<R>(e);
        // Order: project, batch, resource, free; then by value.
        Stmt st(m_d->db, "SELECT kind, value FROM tags WHERE scenario_id = ? ORDER BY "
                         "CASE kind WHEN 'project' THEN 0 WHEN 'batch' THEN 1 "
                         "WHEN 'resource' THEN 2 ELSE 3 END, value");
        st.bind(1, scenarioId);
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW) {
            auto k = tagKindFromString(st.text(0));
            r.value.push_back({k.value_or(TagKind::Free), st.text(1)});
        }
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not read tags"));
        return r;
    });
}

Result<std::vector<std::string>> ScenarioStore::tagValues(TagKind kind) const
{
    return guarded("Reading tag values", [&]() -> Result<std::vector<std::string>> {
        using R = Result<std::vector<std::string>>;
        if (std::string e = m_d->readBlocked("Could not read tag values"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT DISTINCT t.value FROM tags t JOIN scenarios s "
                         "ON s.id = t.scenario_id WHERE t.kind = ? AND s.deleted_at IS NULL "
                         "ORDER BY t.value");
        st.bind(1, toString(kind));
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back(st.text(0));
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not read tag values"));
        return r;
    });
}

// ---- Catalogs -------------------------------------------------------------------------

Result<std::string> ScenarioStore::seedDefaultCatalog(std::string_view json)
{
    return guarded("Installing the default catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not install the default catalog";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        std::vector<std::string> errors;
        auto cat = catalogFromJson(json, errors);
        if (!cat)
            return failure<R>(doing + ": " + joinStrings(errors, "; "));
        std::string id = cat->id.empty() ? std::string("default") : cat->id;
        sqlite3 *db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing));
        Stmt chk(db, "SELECT read_only FROM catalogs WHERE id = ?");
        chk.bind(1, id);
        if (chk.step() == SQLITE_ROW && chk.i64(0) == 0)
            return failure<R>(doing + ": an editable catalog already uses the id \"" + id + "\".");
        Stmt st(db, "INSERT INTO catalogs (id, name, read_only, json, modified) "
                    "VALUES (?, ?, 1, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                    "name = excluded.name, json = excluded.json, modified = excluded.modified "
                    "WHERE catalogs.json <> excluded.json");
        st.bind(1, id).bind(2, cat->name).bind(3, json).bind(4, nowMs());
        if (!st.exec())
            return failure<R>(st.error(doing));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing));
        R r;
        r.value = id;
        return r;
    });
}

Result<std::string> ScenarioStore::copyCatalog(std::string_view id, std::string_view newName)
{
    return guarded("Copying a catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not copy the catalog \"" + std::string(id) + "\"";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        if (newName.empty())
            return failure<R>(doing + ": the new name is empty.");
        auto text = catalogJson(id);
        if (!text)
            return failure<R>(text.error);
        nlohmann::json j = nlohmann::json::parse(text.value, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return failure<R>(doing + ": its stored text is damaged.");
        sqlite3 *db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return failure<R>(sqlError(db, tx.rc(), doing));
        std::string base = slugify(newName), newId = base;
        for (int i = 2;; ++i) {
            Stmt chk(db, "SELECT 1 FROM catalogs WHERE id = ?");
            chk.bind(1, newId);
            int rc = chk.step();
            if (rc == SQLITE_DONE)
                break;
            if (rc != SQLITE_ROW)
                return failure<R>(chk.error(doing));
            newId = base + "-" + std::to_string(i);
        }
        j["id"] = newId;
        j["name"] = std::string(newName);
        std::string out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        std::vector<std::string> errors;
        if (!catalogFromJson(out, errors))
            return failure<R>(doing + ": " + joinStrings(errors, "; "));
        Stmt st(db, "INSERT INTO catalogs (id, name, read_only, json, modified) "
                    "VALUES (?, ?, 0, ?, ?)");
        st.bind(1, newId).bind(2, newName).bind(3, out).bind(4, nowMs());
        if (!st.exec())
            return failure<R>(st.error(doing));
        if (tx.commit() != SQLITE_OK)
            return failure<R>(sqlError(db, tx.rc(), doing));
        R r;
        r.value = newId;
        return r;
    });
}

std::string ScenarioStore::updateCatalog(std::string_view id, std::string_view json)
{
    return guarded("Saving a catalog", [&]() -> std::string {
        const std::string doing = "Could not save the catalog \"" + std::string(id) + "\"";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        nlohmann::json j = nlohmann::json::parse(json, nullptr, false);
        if (j.is_discarded() || !j.is_object())
            return doing + ": the text is not a JSON object.";
        j["id"] = std::string(id);
        std::string out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
        std::vector<std::string> errors;
        auto cat = catalogFromJson(out, errors);
        if (!cat)
            return doing + ": " + joinStrings(errors, "; ");
        sqlite3 *db = m_d->db;
        Transaction tx(db);
        if (!tx.begun())
            return sqlError(db, tx.rc(), doing);
        Stmt chk(db, "SELECT read_only FROM catalogs WHERE id = ?");
        chk.bind(1, id);
        int rc = chk.step();
        if (rc == SQLITE_DONE)
            return doing + ": no such catalog.";
        if (rc != SQLITE_ROW)
            return chk.error(doing);
        if (chk.i64(0) != 0)
            return doing + ": it is read-only; copy it to make an editable catalog.";
        Stmt st(db, "UPDATE catalogs SET name = ?, json = ?, modified = ? WHERE id = ?");
        st.bind(1, cat->name).bind(2, out).bind(3, nowMs()).bind(4, id);
        if (!st.exec())
            return st.error(doing);
        if (tx.commit() != SQLITE_OK)
            return sqlError(db, tx.rc(), doing);
        return {};
    });
}

std::string ScenarioStore::deleteCatalog(std::string_view id)
{
    return guarded("Deleting a catalog", [&]() -> std::string {
        const std::string doing = "Could not delete the catalog \"" + std::string(id) + "\"";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        Stmt st(m_d->db, "DELETE FROM catalogs WHERE id = ? AND read_only = 0");
        st.bind(1, id);
        if (!st.exec())
            return st.error(doing);
        if (sqlite3_changes(m_d->db) == 0)
            return doing + ": it is read-only or does not exist.";
        return {};
    });
}

Result<std::vector<CatalogRow>> ScenarioStore::listCatalogs() const
{
    return guarded("Listing catalogs", [&]() -> Result<std::vector<CatalogRow>> {
        using R = Result<std::vector<CatalogRow>>;
        if (std::string e = m_d->readBlocked("Could not list catalogs"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT id, name, read_only, modified FROM catalogs "
                         "ORDER BY read_only DESC, name COLLATE NOCASE");
        R r;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            r.value.push_back({st.text(0), st.text(1), st.i64(2) != 0, st.i64(3)});
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not list catalogs"));
        return r;
    });
}

Result<std::string> ScenarioStore::catalogJson(std::string_view id) const
{
    return guarded("Reading a catalog", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (std::string e = m_d->readBlocked("Could not read the catalog"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT json FROM catalogs WHERE id = ?");
        st.bind(1, id);
        int rc = st.step();
        if (rc == SQLITE_DONE)
            return failure<R>("The catalog \"" + std::string(id) + "\" is not in the library.");
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the catalog \"" + std::string(id) + "\""));
        R r;
        r.value = st.text(0);
        return r;
    });
}

// ---- Autosave -------------------------------------------------------------------------

std::string ScenarioStore::writeAutosave(std::int64_t scenarioId, const Scenario &s)
{
    return guarded("Autosaving", [&]() -> std::string {
        const std::string doing = "Could not autosave \"" + s.name + "\"";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        // The sub-select turns an id that is gone (trash emptied elsewhere) into NULL
        // instead of a foreign-key failure: the document itself is what matters here.
        Stmt st(m_d->db, "INSERT INTO autosave (slot, scenario_id, json, saved_at) "
                         "VALUES (1, (SELECT id FROM scenarios WHERE id = ?), ?, ?) "
                         "ON CONFLICT(slot) DO UPDATE SET scenario_id = excluded.scenario_id, "
                         "json = excluded.json, saved_at = excluded.saved_at");
        st.bind(1, scenarioId).bind(2, scenarioToJson(s)).bind(3, nowMs());
        if (!st.exec())
            return st.error(doing);
        return {};
    });
}

Result<std::optional<AutosaveEntry>> ScenarioStore::readAutosave() const
{
    return guarded("Reading the autosave", [&]() -> Result<std::optional<AutosaveEntry>> {
        using R = Result<std::optional<AutosaveEntry>>;
        if (std::string e = m_d->readBlocked("Could not read the autosave"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "SELECT scenario_id, saved_at, json FROM autosave WHERE slot = 1");
        int rc = st.step();
        R r;
        if (rc == SQLITE_DONE)
            return r;
        if (rc != SQLITE_ROW)
            return failure<R>(st.error("Could not read the autosave"));
        AutosaveEntry e;
        e.scenario_id = st.isNull(0) ? 0 : st.i64(0);
        e.saved_at = st.i64(1);
        e.json = st.text(2);
        r.value = std::move(e);
        return r;
    });
}

std::string ScenarioStore::clearAutosave()
{
    return guarded("Clearing the autosave", [&]() -> std::string {
        const std::string doing = "Could not clear the autosave";
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return e;
        Stmt st(m_d->db, "DELETE FROM autosave");
        if (!st.exec())
            return st.error(doing);
        return {};
    });
}

// ---- Bulk -----------------------------------------------------------------------------

ImportReport
ScenarioStore::importFiles(const std::vector<std::string> &paths,
                           const std::function<CachedFigures(const Scenario &)> &figures)
{
    return guarded("Importing files", [&]() -> ImportReport {
        ImportReport rep;
        for (const std::string &p : paths) {
            LoadResult lr = loadScenarioFile(p);
            if (!lr.scenario || !lr.errors.empty()) {
                rep.rejected.push_back(p + ": " + joinErrors(lr.errors, 20));
                continue;
            }
            CachedFigures f;
            if (figures) {
                try {
                    f = figures(*lr.scenario);
                } catch (...) {
                    f = {};
                }
            }
            auto r = create(*lr.scenario, "Imported from " + fs::path(p).filename().string(), f);
            if (r)
                rep.imported.push_back(r.value);
            else
                rep.rejected.push_back(p + ": " + r.error);
        }
        return rep;
    });
}

ImportReport
ScenarioStore::seedExamples(const std::vector<std::string> &paths,
                            const std::function<CachedFigures(const Scenario &)> &figures)
{
    return guarded("Adding the examples", [&]() -> ImportReport {
        if (std::string e = m_d->writeBlocked("Could not add the example scenarios"); !e.empty())
            return failure<ImportReport>(e);
        {
            Stmt st(m_d->db, "SELECT value FROM meta WHERE key = 'examples_seeded'");
            int rc = st.step();
            if (rc == SQLITE_ROW)
                return ImportReport{};
            if (rc != SQLITE_DONE)
                return failure<ImportReport>(st.error("Could not add the example scenarios"));
        }
        ImportReport rep = importFiles(paths, figures);
        Stmt mark(m_d->db,
                  "INSERT OR REPLACE INTO meta (key, value) VALUES ('examples_seeded', ?)");
        mark.bind(1, std::to_string(nowMs()));
        if (!mark.exec())
            rep.rejected.push_back(mark.error("Could not remember that the examples were added"));
        return rep;
    });
}

// ---- Maintenance ----------------------------------------------------------------------

Result<std::string> ScenarioStore::integrityCheck() const
{
    return guarded("Checking the library", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        if (std::string e = m_d->readBlocked("Could not check the library"); !e.empty())
            return failure<R>(e);
        Stmt st(m_d->db, "PRAGMA integrity_check");
        std::vector<std::string> lines;
        int rc;
        while ((rc = st.step()) == SQLITE_ROW)
            lines.push_back(st.text(0));
        if (rc != SQLITE_DONE)
            return failure<R>(st.error("Could not check the library"));
        R r;
        r.value = joinStrings(lines, "\n", 100);
        return r;
    });
}

std::string ScenarioStore::backupTo(const std::string &destPath) const
{
    return guarded("Backing up the library",
                   [&]() -> std::string { return m_d->backupTo(destPath); });
}

Result<std::string> ScenarioStore::restoreLibraryFrom(const std::string &backupPath)
{
    return guarded("Restoring the library", [&]() -> Result<std::string> {
        using R = Result<std::string>;
        const std::string doing = "Could not restore the library from " + backupPath;
        if (std::string e = m_d->writeBlocked(doing); !e.empty())
            return failure<R>(e);
        // Vet the backup with the same checks as open(), without touching it.
        {
            ScenarioStore probe;
            StoreOptions o;
            o.read_only = true;
            o.recover_corrupt = false;
            if (std::string e = probe.open(backupPath, o); !e.empty())
                return failure<R>(doing + ": " + e);
            if (probe.schemaVersion() > m_d->version)
                return failure<R>(doing + ": it was written by a newer Costlab.");
        }
        std::string safety = uniquePath(m_d->path + ".before-restore-" + fileTimestamp());
        if (std::string e = m_d->backupTo(safety); !e.empty())
            return failure<R>(doing + ": the safety copy of the current library failed: " + e);

        sqlite3 *src = nullptr;
        int rc = sqlite3_open_v2(backupPath.c_str(), &src, SQLITE_OPEN_READONLY, nullptr);
        if (rc != SQLITE_OK) {
            std::string m = sqlError(src, rc, doing);
            sqlite3_close_v2(src);
            return failure<R>(m);
        }
        sqlite3_backup *b = sqlite3_backup_init(m_d->db, "main", src, "main");
        if (!b) {
            std::string m = sqlError(m_d->db, sqlite3_errcode(m_d->db), doing);
            sqlite3_close_v2(src);
            return failure<R>(m);
        }
        // One step of -1 pages copies everything under a single write transaction.
        rc = sqlite3_backup_step(b, -1);
        sqlite3_backup_finish(b);
        sqlite3_close_v2(src);
        if (rc != SQLITE_DONE)
            return failure<R>(sqlError(m_d->db, rc, doing) +
                              "; the library is unchanged (a copy is at " + safety + ")");
        m_d->version = m_d->readUserVersion();
        execSql(m_d->db, "PRAGMA journal_mode = WAL");
        R r;
        r.value = safety;
        return r;
    });
}

} // namespace costlab
