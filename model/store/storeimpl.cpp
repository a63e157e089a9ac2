// ScenarioStore::Impl: the connection, opening and recovering the library file, schema
// set-up and migration, backups. See store.h for the design notes.
#include "storedetail.h"

#include "files.h"

#include <fstream>
#include <string_view>

namespace costlab {

void ScenarioStore::Impl::closeDb()
{
    if (db.lite) {
        sqlite3_close_v2(db.lite);
        db.lite = nullptr;
    }
    if (db.pg) {
        pq().PQfinish(db.pg);
        db.pg = nullptr;
    }
    pgNotices = 0;
    pgResetting = false; // a reconnection of the closed connection must not carry over
    pgLastReconnect = 0;
}

void ScenarioStore::Impl::dropPrivateCopy()
{
    closeDb();
    if (!privateDir.empty()) {
        std::error_code ec;
        fs::remove_all(privateDir, ec);
        privateDir.clear();
    }
}

bool ScenarioStore::Impl::makePrivateCopy()
{
    std::error_code ec;
    // Named with this process: copies left by killed processes are removed here, at the next
    // read-only open (issue 44: full copies of a library piled up in the temporary folder).
    const fs::path tmpDir = fs::temp_directory_path(ec);
    removeStaleTemporaries(tmpDir.string(), "costlab-library-");
    std::string tmpl =
        (tmpDir / ("costlab-library-" + std::to_string(::getpid()) + "-XXXXXX")).string();
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    if (!::mkdtemp(buf.data()))
        return false;
    const std::string dir(buf.data());
    fs::copy_file(path, dir + "/library.db", ec);
    if (!ec)
        fs::copy_file(path + "-wal", dir + "/library.db-wal", ec);
    if (ec) {
        fs::remove_all(dir, ec);
        return false;
    }
    privateDir = dir;
    return true;
}

ScenarioStore::Impl::FileId ScenarioStore::Impl::fileId(const std::string& p)
{
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0)
        return {};
    return {static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino),
            true};
}

Status ScenarioStore::Impl::writeBlocked(std::string_view doing) const
{
    if (!db)
        return storeFailure(StoreError::NotOpen, std::string(doing) + ": no library is open.");
    if (walId.known && fileId(path + "-wal") != walId)
        return storeFailure(StoreError::Io,
                            std::string(doing) +
                                ": another program removed or replaced the "
                                "library's write-ahead log (" +
                                path +
                                "-wal) while the library was open, so a save now could be "
                                "lost. Nothing was written; close the library and open it "
                                "again (your edits are still open).");
    if (readOnly) {
        std::string m = std::string(doing) + ": the library is open read-only";
        if (!status.read_only_reason.empty())
            m += " (" + status.read_only_reason + ")";
        m += ".";
        m += kReadOnlyTail;
        return storeFailure(StoreError::ReadOnly, m);
    }
    return {};
}

Status ScenarioStore::Impl::readBlocked(std::string_view doing) const
{
    return db ? Status{}
              : storeFailure(StoreError::NotOpen, std::string(doing) + ": no library is open.");
}

ScenarioStore::Impl::OpenState ScenarioStore::Impl::openConnection(bool ro, bool immutable,
                                                                   std::string& detail)
{
    closeDb();
    int flags = ro ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    // A private copy (see connect()) stands in for the library file when there is one.
    std::string name = privateDir.empty() ? path : privateDir + "/library.db";
    if (immutable) {
        flags |= SQLITE_OPEN_URI;
        name = fileUri(path) + "?immutable=1";
    }
    int rc = sqlite3_open_v2(name.c_str(), &db.lite, flags, nullptr);
    lastOpenRc = rc;
    if (rc != SQLITE_OK) {
        detail = sqlError(db.lite, rc, "Could not open the library " + path);
        closeDb();
        return OpenState::Failed;
    }
    sqlite3_extended_result_codes(db.lite, 1);
    sqlite3_busy_timeout(db.lite, options.busy_timeout_ms);
    // The first read of the schema is where a non-database file shows up (NOTADB).
    Stmt probe(db, "SELECT count(*) FROM sqlite_master");
    rc = probe.step();
    lastOpenRc = rc == SQLITE_ROW ? SQLITE_OK : rc;
    if (rc != SQLITE_ROW) {
        int prim = rc & 0xff;
        detail = sqlError(db.lite, rc, "Could not read the library " + path);
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
            detail = sqlError(db.lite, r, "Checking the library " + path);
            if (prim == SQLITE_NOTADB || prim == SQLITE_CORRUPT)
                return OpenState::Damaged;
            return OpenState::Failed;
        }
        if (!(lines.size() == 1 && lines[0] == "ok")) {
            // One row may hold many newline-separated problems; keep the notice short.
            std::vector<std::string> problems;
            for (const std::string& l : lines) {
                size_t start = 0;
                while (start <= l.size()) {
                    size_t nl = l.find('\n', start);
                    std::string one = l.substr(start, nl == std::string::npos ? nl : nl - start);
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

Status ScenarioStore::Impl::moveAside(std::string& aside)
{
    aside = uniquePath(path + ".corrupt-" + fileTimestamp());
    std::error_code ec;
    fs::rename(path, aside, ec);
    if (ec)
        return storeFailure(StoreError::Io, "Could not move the damaged library " + path + " to " +
                                                aside + ": " + ec.message());
    for (const char* suffix : {"-wal", "-shm", "-journal"}) {
        std::error_code e2;
        if (fs::exists(path + suffix, e2))
            fs::rename(path + suffix, aside + suffix, e2);
    }
    return {};
}

Status ScenarioStore::Impl::configure()
{
    execSql(db.lite, "PRAGMA foreign_keys = ON");
    // Sorting a 10,000-row listing must not spill to temporary files.
    execSql(db.lite, "PRAGMA temp_store = MEMORY");
    execSql(db.lite, "PRAGMA cache_size = -16000"); // KiB: 16 MB
    if (readOnly) {
        execSql(db.lite, "PRAGMA query_only = 1");
        return {};
    }
    {
        Stmt jm(db, "PRAGMA journal_mode = WAL");
        if (jm.step() != SQLITE_ROW)
            return jm.error("Could not switch the library " + path + " to WAL mode");
    }
    execSql(db.lite,
            options.durable_sync ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    if (options.max_page_count > 0) {
        std::string sql = "PRAGMA max_page_count = " + std::to_string(options.max_page_count);
        execSql(db.lite, sql.c_str());
    }
    return {};
}

int ScenarioStore::Impl::readUserVersion()
{
    Stmt st(db, "PRAGMA user_version");
    return st.step() == SQLITE_ROW ? static_cast<int>(st.i64(0)) : -1;
}

Status ScenarioStore::Impl::createSchema()
{
    Transaction tx(db);
    if (!tx.begun())
        return sqlFailure(db, tx.rc(), "Could not create the library " + path);
    char* err = nullptr;
    int rc = SQLITE_OK;
    for (const char* v : schemaSteps())
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(db.lite, v, nullptr, nullptr, &err);
    if (rc != SQLITE_OK) {
        std::string m =
            "Could not create the library " + path + ": " + (err ? err : sqlite3_errstr(rc));
        sqlite3_free(err);
        return storeFailure(errorKind(rc), m);
    }
    execSql(db.lite, ("PRAGMA user_version = " + std::to_string(kStoreSchemaVersion)).c_str());
    if (tx.commit() != SQLITE_OK)
        return sqlFailure(db, tx.rc(), "Could not create the library " + path);
    version = kStoreSchemaVersion;
    return {};
}

Status ScenarioStore::Impl::migrate(int from, int target, const std::vector<StoreMigration>& steps)
{
    std::string backup =
        uniquePath(path + ".backup-v" + std::to_string(from) + "-" + fileTimestamp());
    if (Status e = backupTo(backup); !e)
        return storeFailure(e.kind,
                            "Did not upgrade the library " + path +
                                " because the backup before the upgrade failed: " + e.error);
    status.migration_backup = backup;
    for (int v = from; v < target; ++v) {
        auto it = std::find_if(steps.begin(), steps.end(),
                               [v](const StoreMigration& m) { return m.from == v; });
        if (it == steps.end() || !it->apply)
            return storeFailure(StoreError::Internal,
                                "Can't upgrade the library " + path + " from schema version " +
                                    std::to_string(v) + ": no migration known. A copy is at " +
                                    backup);
        Transaction tx(db);
        if (!tx.begun())
            return sqlFailure(db, tx.rc(), "Could not upgrade the library " + path);
        std::string e;
        try {
            e = it->apply(db.lite);
        } catch (const std::exception& ex) {
            e = ex.what();
        }
        if (e.empty()) {
            std::string sql = "PRAGMA user_version = " + std::to_string(v + 1);
            if (execSql(db.lite, sql.c_str()) != SQLITE_OK)
                e = sqlite3_errmsg(db.lite);
        }
        if (!e.empty())
            return storeFailure(StoreError::Internal,
                                "Upgrading the library " + path + " from schema version " +
                                    std::to_string(v) + " failed (" + e +
                                    "); the library is unchanged at that version and a copy taken "
                                    "before the upgrade is at " +
                                    backup);
        if (tx.commit() != SQLITE_OK)
            return storeFailure(
                errorKind(tx.rc()),
                sqlError(db.lite, tx.rc(), "Could not upgrade the library " + path) +
                    "; a copy taken before the upgrade is at " + backup);
        version = v + 1;
    }
    status.migrated_from = from;
    return {};
}

Status ScenarioStore::Impl::backupTo(const std::string& dest) const
{
    if (!db)
        return storeFailure(StoreError::NotOpen, "Backup to " + dest + ": no library is open.");
    // Into a temporary name first so a half-written copy never looks like a backup.
    std::string tmp = dest + ".tmp";
    std::error_code ec;
    fs::remove(tmp, ec);
    sqlite3* out = nullptr;
    int rc =
        sqlite3_open_v2(tmp.c_str(), &out, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    if (rc != SQLITE_OK) {
        std::string m = sqlError(out, rc, "Could not create the backup " + tmp);
        sqlite3_close_v2(out);
        return storeFailure(errorKind(rc), m);
    }
    sqlite3_backup* b = sqlite3_backup_init(out, "main", db.lite, "main");
    if (!b) {
        const int code = sqlite3_errcode(out);
        std::string m = sqlError(out, code, "Could not back up to " + dest);
        sqlite3_close_v2(out);
        fs::remove(tmp, ec);
        return storeFailure(errorKind(code), m);
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
        return storeFailure(errorKind(rc), m);
    }
    sqlite3_close_v2(out);
    fs::rename(tmp, dest, ec);
    if (ec)
        return storeFailure(StoreError::Io, "Could not rename the backup " + tmp + " to " + dest +
                                                ": " + ec.message());
    return {};
}

void ScenarioStore::Impl::autoBackup()
{
    auto existing = siblingFiles(path, ".backup-auto-");
    if (!existing.empty()) {
        std::error_code ec;
        auto t = fs::last_write_time(existing.back(), ec);
        auto age = fs::file_time_type::clock::now() - t;
        if (!ec && age < std::chrono::duration<double, std::ratio<3600>>(options.auto_backup_hours))
            return;
    }
    std::string dest = uniquePath(path + ".backup-auto-" + fileTimestamp());
    if (backupTo(dest).ok()) {
        status.auto_backup = dest;
        existing = siblingFiles(path, ".backup-auto-");
        // Keep the three newest automatic backups.
        for (size_t i = 0; i + 3 < existing.size(); ++i) {
            std::error_code ec;
            fs::remove(existing[i], ec);
        }
    }
}

Status ScenarioStore::Impl::addTags(std::int64_t scenarioId, const std::vector<Tag>& tags)
{
    for (const Tag& t : tags) {
        if (t.value.empty())
            continue;
        Stmt one(db, "INSERT INTO tags (scenario_id, kind, value) VALUES (?, ?, ?) "
                     "ON CONFLICT DO NOTHING");
        one.bind(1, scenarioId).bind(2, toString(t.kind)).bind(3, t.value);
        if (!one.exec())
            return one.error("Could not save the tags");
    }
    return {};
}

bool ScenarioStore::Impl::scenarioExists(std::int64_t id)
{
    Stmt st(db, "SELECT 1 FROM scenarios WHERE id = ?");
    st.bind(1, id);
    return st.step() == SQLITE_ROW;
}

namespace {

/// Why the existing file `path` is plainly something else than a library — text (a plan,
/// a catalog, a CSV) where an SQLite database starts with "SQLite format 3\0" — or "" when
/// it is empty, missing, an SQLite file, or binary (a damaged library: recovery's case).
/// Issue 44: `--db plan.costlab.json` was reported as a damaged library.
std::string notALibrary(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char head[16] = {};
    in.read(head, sizeof head);
    const std::streamsize n = in.gcount();
    if (n <= 0 || std::string_view(head, std::size_t(n)) ==
                      std::string_view("SQLite format 3\0", 16).substr(0, std::size_t(n)))
        return {};
    for (std::streamsize i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(head[i]);
        if (c < 0x20 && c != '\n' && c != '\r' && c != '\t')
            return {}; // binary: perhaps a damaged library
    }
    const char first = head[0];
    return std::string("it is a text file, not an SQLite database") +
           (first == '{' ? " (a JSON file: a plan or a catalog? open it with File → Open or "
                           "pass it as --catalog)"
                         : "");
}

/// True when `path`-wal is gone while another process still has the library open: SQLite
/// keeps `path`-shm with a shared lock on its "DMS" byte (offset 128, unix VFS) for every
/// open connection, and that index still describes the removed log, so a new connection
/// would read frames that no longer exist (issue 44, item 13). A -shm without a holder is
/// what a crash leaves: SQLite rebuilds it, nothing is refused. fcntl locks belong to a
/// process, so this process's own connections never count.
bool logRemovedInUse(const std::string& path)
{
    std::error_code ec;
    if (fs::exists(path + "-wal", ec) || !fs::exists(path + "-shm", ec))
        return false;
    const int fd = ::open((path + "-shm").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct flock lk {};
    lk.l_type = F_WRLCK; // would an exclusive lock on the DMS byte conflict?
    lk.l_whence = SEEK_SET;
    lk.l_start = 128;
    lk.l_len = 1;
    const bool held = ::fcntl(fd, F_GETLK, &lk) == 0 && lk.l_type != F_UNLCK;
    ::close(fd);
    return held;
}

} // namespace

Status ScenarioStore::Impl::decideAccess()
{
    if (path.empty())
        return storeFailure(StoreError::Invalid, "No library path given.");
    fs::path p(path);
    std::error_code ec;
    fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
    if (!fs::is_directory(dir, ec))
        return storeFailure(StoreError::NotFound, "Can't open the library " + path +
                                                      ": the folder " + dir.string() +
                                                      " does not exist.");
    if (fs::is_directory(p, ec))
        return storeFailure(StoreError::Invalid,
                            "Can't open the library " + path + ": it is a folder, not a file.");
    // A FIFO made SQLite's open() wait for a writer forever (issue 44: `--db FIFO` hung the
    // CLI); a device or socket is no library either. Checked with stat(), which never blocks.
    if (fs::exists(p, ec) && !fs::is_regular_file(p, ec))
        return storeFailure(StoreError::Invalid,
                            "Can't open the library " + path +
                                ": it is not a regular file (a pipe, device or socket); a "
                                "library is an SQLite database file.");
    // Without recovery (the CLI's --db, inspection) a text file is named as what it is, not
    // reported as a damaged library; with recovery it is moved aside like any damage.
    if (const std::string what = options.recover_corrupt ? std::string() : notALibrary(path);
        !what.empty())
        return storeFailure(StoreError::Invalid,
                            "Can't open the library " + path + ": " + what + ".");
    if (logRemovedInUse(path))
        return storeFailure(StoreError::Io,
                            "Can't open the library " + path +
                                ": another program removed its write-ahead log (" + path +
                                "-wal) while another Costlab window or process has the library "
                                "open; opening it now could lose saves or damage it. Close "
                                "every Costlab window on this library, then open it again.");

    WritableCheck wc = checkWritable(path);
    if (!wc.exists && !options.read_only && !wc.dir_writable)
        return storeFailure(StoreError::Io,
                            "Can't create the library " + path + ": " + wc.reason + ".");
    if (!wc.exists && options.read_only)
        return storeFailure(StoreError::NotFound, "Can't open the library " + path +
                                                      " read-only: the file does not exist.");
    const bool ro = options.read_only || !wc.file_writable || !wc.dir_writable;
    status.read_only = ro;
    if (options.read_only)
        status.read_only_reason = "opened read-only on request";
    else if (ro)
        status.read_only_reason = wc.reason;
    status.read_only_cause = options.read_only ? ReadOnlyCause::Requested
                             : ro              ? ReadOnlyCause::NotWritable
                                               : ReadOnlyCause::None;
    readOnly = ro;
    status.created = !wc.exists;
    return {};
}

Status ScenarioStore::Impl::connect()
{
    std::string detail;
    auto state = openConnection(readOnly, false, detail);
    const int prim = lastOpenRc & 0xff;
    if (state == OpenState::Failed && readOnly &&
        (prim == SQLITE_CANTOPEN || prim == SQLITE_READONLY)) {
        // A WAL library in a folder we can't write has no -shm to map. With a non-empty
        // -wal (a copied or synced library) an immutable snapshot would silently leave out
        // the saves still in it, so read a private copy of both files, where SQLite can
        // replay the WAL; else read the file itself as an immutable snapshot.
        std::error_code ec;
        const bool wal = fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) > 0;
        std::string d2;
        if (wal && makePrivateCopy()) {
            state = openConnection(readOnly, false, d2);
            if (state != OpenState::Failed)
                status.read_only_reason += "; read from a private copy of the library and its "
                                           "write-ahead log (the folder can't be written): "
                                           "changes another Costlab window makes meanwhile "
                                           "are not seen";
        } else {
            state = openConnection(readOnly, true, d2);
            if (state != OpenState::Failed)
                status.read_only_reason += "; read as a snapshot: changes another Costlab "
                                           "window makes meanwhile are not seen";
        }
        if (state == OpenState::Failed)
            detail += "; " + d2;
    }
    if (state == OpenState::Failed) {
        closeDb();
        return storeFailure(errorKind(lastOpenRc), detail);
    }
    if (state == OpenState::Damaged) {
        closeDb();
        status.damage_detail = detail;
        if (readOnly)
            return storeFailure(StoreError::Damaged,
                                "The library " + path + " is damaged (" + detail +
                                    ") and can't be replaced because it is read-only.");
        if (!options.recover_corrupt)
            return storeFailure(StoreError::Damaged,
                                "The library " + path + " is damaged: " + detail);
        std::string aside;
        if (Status e = moveAside(aside); !e)
            return storeFailure(e.kind, e.error + " (" + detail + ")");
        status.recovered = true;
        status.damaged_path = aside;
        status.created = true;
        auto backups = siblingFiles(path, ".backup-");
        if (!backups.empty())
            status.newest_backup = backups.back().string();
        if (openConnection(false, false, detail) != OpenState::Ok) {
            closeDb();
            return storeFailure(StoreError::Damaged,
                                "The library " + path + " was damaged and moved to " + aside +
                                    ", but a new one could not be created: " + detail);
        }
    }
    if (Status e = configure(); !e) {
        closeDb();
        return e;
    }
    return {};
}

Status ScenarioStore::Impl::prepareSchema()
{
    // Schema: create, migrate, or accept.
    std::vector<StoreMigration> steps = builtinMigrations();
    steps.insert(steps.end(), options.extra_migrations.begin(), options.extra_migrations.end());
    int target = kStoreSchemaVersion;
    for (const auto& m : steps)
        target = std::max(target, m.from + 1);

    int v = readUserVersion();
    std::int64_t tableCount = 0;
    {
        // Finalised before the schema is created: an open statement makes SQLite refuse the
        // DROP TABLE of schema version 4 ("database table is locked").
        Stmt tables(db, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        tableCount = tables.step() == SQLITE_ROW ? tables.i64(0) : 0;
    }
    if (v < 0) {
        const int code = sqlite3_errcode(db.lite);
        std::string m = sqlError(db.lite, code, "Could not read the library " + path);
        closeDb();
        return storeFailure(errorKind(code), m);
    }
    if (v == 0 && tableCount == 0) {
        if (readOnly) {
            closeDb();
            return storeFailure(StoreError::ReadOnly,
                                "The library " + path +
                                    " is empty and can't be set up because it is "
                                    "read-only (" +
                                    status.read_only_reason + ").");
        }
        if (Status e = createSchema(); !e) {
            closeDb();
            return e;
        }
        status.created = true;
        v = version; // createSchema() builds the latest built-in version directly
    } else if (v == 0) {
        // Someone's own SQLite file: never move it aside or write to it.
        closeDb();
        return storeFailure(StoreError::Invalid,
                            "The file " + path +
                                " is an SQLite database but not a Costlab library; "
                                "choose another file.");
    }
    version = v;
    if (v > target) {
        readOnly = true;
        status.read_only = true;
        status.read_only_cause = ReadOnlyCause::Newer;
        status.read_only_reason = "the library was written by a newer Costlab (schema "
                                  "version " +
                                  std::to_string(v) + ", this version knows " +
                                  std::to_string(target) + ")";
        execSql(db.lite, "PRAGMA query_only = 1");
    } else if (v < target) {
        if (readOnly) {
            closeDb();
            return storeFailure(StoreError::ReadOnly,
                                "The library " + path + " needs an upgrade from schema version " +
                                    std::to_string(v) + " but is read-only (" +
                                    status.read_only_reason + ").");
        }
        if (Status e = migrate(v, target, steps); !e) {
            closeDb();
            return e;
        }
    }
    return {};
}

void ScenarioStore::Impl::summarise()
{
    // One summary line for the UI's notice.
    std::string& msg = status.message;
    if (status.recovered) {
        msg = "The library " + path + " was damaged (" + status.damage_detail +
              "). It was moved to " + status.damaged_path +
              " and a new, empty "
              "library was created.";
        if (!status.newest_backup.empty())
            msg += " The newest automatic backup is " + status.newest_backup + ".";
    }
    if (status.migrated_from > 0) {
        if (!msg.empty())
            msg += " ";
        msg += "The library was upgraded from schema version " +
               std::to_string(status.migrated_from) + " to " + std::to_string(version) +
               (status.migration_backup.empty()
                    ? std::string("; its server's backups hold the old version.")
                    : "; a copy of the old library is at " + status.migration_backup + ".");
    }
    if (readOnly) {
        if (!msg.empty())
            msg += " ";
        msg += "The library " + path + " is open read-only (" + status.read_only_reason + ")." +
               std::string(kReadOnlyTail);
    }
}

void ScenarioStore::Impl::checkpoint()
{
    if (db.lite && !readOnly)
        sqlite3_wal_checkpoint_v2(db.lite, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
}

} // namespace costlab
