// ScenarioStore across processes: a writer killed with SIGKILL in the middle of its save
// loop, and two writer processes on one library (durability). Children use only
// the store and _exit(); they never return into Qt Test.
//
// Run plainly on library files; with COSTLAB_TEST_PG set (ctest's tst_store_crash_pg, under
// pg_virtualenv) the same kill loop, concurrent writers and conflict run on a PostgreSQL team
// library (issue 48). The tests about the file's log and folder skip there.
#include "pgtestutil.h"
#include "registry.h"
#include "store.h"

#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <thread>

#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace costlab;

namespace {

Scenario pretrainScenario(const std::string& name)
{
    const std::array kinds{PhaseKind::Pretrain};
    Scenario s = defaultScenario(kinds);
    s.name = name;
    return s;
}

// Progress a child publishes after each successful commit (shared anonymous mapping).
struct Progress {
    std::atomic<std::int64_t> commits{0};
    std::atomic<std::int64_t> last_revision{0};
    std::atomic<int> ready{0};
};

using test::onServer;

std::string integrityCheck(const std::string& path)
{
    if (isServerLibrary(path)) {
        ScenarioStore st;
        const Status e = st.open(path);
        return e.ok() ? st.integrityCheck().value : e.error;
    }
    sqlite3* db = nullptr;
    std::string out;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, nullptr);
        while (sqlite3_step(st) == SQLITE_ROW)
            out += reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    } else {
        out = sqlite3_errmsg(db);
    }
    sqlite3_close(db);
    return out;
}

// Child body: save revisions of `scenarioId` as fast as possible until killed, or `limit`
// saves when limit > 0. Exit code 0 = all saves succeeded.
[[noreturn]] void writerChild(const std::string& path, std::int64_t scenarioId, Progress* p,
                              int limit, int seed)
{
    int code = 0;
    {
        ScenarioStore st;
        StoreOptions o;
        o.check_integrity = false; // the parent checks; keep the child's start fast
        if (!st.open(path, o).ok())
            _exit(10);
        std::int64_t own = 0;
        if (limit > 0) {
            auto c = st.create(pretrainScenario("Child " + std::to_string(seed)));
            if (!c)
                _exit(11);
            own = c.value;
        }
        p->ready = 1;
        for (int i = 0; limit <= 0 || i < limit; ++i) {
            Scenario s = pretrainScenario("Crash target");
            s.phases[0].gpus = 1 + (i % 4096);
            // Vary the size so commits span a varying number of pages.
            s.description = std::string(static_cast<size_t>((i * 977 + seed) % 20000), 'd');
            auto r = st.saveRevision(scenarioId, s, "save " + std::to_string(i));
            if (!r) {
                code = 12;
                break;
            }
            p->last_revision = r.value;
            p->commits.fetch_add(1);
            if (own && !st.saveRevision(own, s, "own").ok()) {
                code = 13;
                break;
            }
        }
    }
    _exit(code);
}

using Fail = std::function<void(const std::string&)>;

struct ChildResult {
    bool started = false; ///< the pipe and fork worked
    bool skipped = false; ///< root without CAP_SETUID: can't test, not a failure
    bool passed = false;  ///< the child exited 0
    std::string message;  ///< what the child's fail() said
};

/// Runs `body` in a forked child that drops to "nobody" when it runs as root (root ignores
/// file permissions, so a read-only folder would not be read-only to it). `body` calls
/// fail(message) to end the child with that message; returning means it passed.
ChildResult runUnprivileged(const std::function<void(const Fail&)>& body)
{
    ChildResult result;
    int fds[2];
    if (pipe(fds) != 0)
        return result;
    fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0)
        return result;
    if (pid == 0) {
        close(fds[0]);
        if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
            _exit(77);
        body([&](const std::string& m) {
            (void)!write(fds[1], m.data(), m.size());
            _exit(1);
        });
        _exit(0);
    }
    close(fds[1]);
    char buf[512];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0)
        result.message.append(buf, size_t(n));
    close(fds[0]);
    int status = 0;
    result.started = waitpid(pid, &status, 0) == pid;
    result.skipped = WIFEXITED(status) && WEXITSTATUS(status) == 77;
    result.passed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return result;
}

} // namespace

class tst_StoreCrash : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    Progress* m_progress = nullptr;

    /// The library a test uses: a file named `file`, or the team library of a PostgreSQL run.
    std::string location(const char* file) const
    {
        return onServer() ? std::string("postgresql://") : m_dir.filePath(file).toStdString();
    }

private slots:
    void init()
    {
        if (!onServer())
            return;
        // Each test starts from an empty team library, as from a new file.
        QVERIFY(test::emptyServerLibrary());
    }

    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        void* mem = mmap(nullptr, sizeof(Progress), PROT_READ | PROT_WRITE,
                         MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        QVERIFY(mem != MAP_FAILED);
        m_progress = new (mem) Progress;
    }
    void cleanupTestCase()
    {
        if (m_progress)
            munmap(m_progress, sizeof(Progress));
    }

    void sigkillDuringSaveLeavesLibraryConsistent()
    {
        const std::string path = location("killed.db");
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(path).ok());
            auto c = st.create(pretrainScenario("Crash target"), "initial");
            QVERIFY(c.ok());
            id = c.value;
        }
        std::random_device rd;
        const unsigned seed = rd();
        qInfo("random seed %u", seed);
        std::mt19937 rng(seed);
        std::uniform_int_distribution<int> delayMs(20, 250);

        std::int64_t committedSoFar = 1; // the initial revision
        const int rounds = 6;
        for (int round = 0; round < rounds; ++round) {
            m_progress->commits = 0;
            m_progress->last_revision = 0;
            m_progress->ready = 0;
            fflush(nullptr);
            pid_t pid = fork();
            QVERIFY(pid >= 0);
            if (pid == 0)
                writerChild(path, id, m_progress, 0, round);
            // Wait until the child is saving (bounded), then kill it at a random moment.
            for (int i = 0; i < 500 && !m_progress->ready; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(2));
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs(rng)));
            QCOMPARE(kill(pid, SIGKILL), 0);
            int status = 0;
            QCOMPARE(waitpid(pid, &status, 0), pid);
            QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
                     "the writer stopped on its own (a save failed?)");
            const std::int64_t commits = m_progress->commits;
            const std::int64_t lastRev = m_progress->last_revision;
            committedSoFar += commits;
            qInfo("round %d: %lld commits before SIGKILL", round, static_cast<long long>(commits));

            QCOMPARE(QString::fromStdString(integrityCheck(path)), QStringLiteral("ok"));
            ScenarioStore st;
            const Status err = st.open(path);
            QVERIFY2(err.ok(), err.error.c_str());
            QVERIFY(!st.status().recovered);
            auto revs = st.revisions(id);
            QVERIFY2(revs.ok(), revs.error.c_str());
            // Every commit the child saw succeed is there (at most one more, in flight
            // between COMMIT and the progress update, may also be there).
            QVERIFY2(std::int64_t(revs.value.size()) >= committedSoFar,
                     qPrintable(QStringLiteral("%1 revisions, %2 committed")
                                    .arg(revs.value.size())
                                    .arg(committedSoFar)));
            QVERIFY(std::int64_t(revs.value.size()) <= committedSoFar + 1);
            committedSoFar = std::int64_t(revs.value.size());
            if (lastRev)
                QVERIFY(std::any_of(revs.value.begin(), revs.value.end(),
                                    [&](const RevisionRow& r) { return r.id == lastRev; }));
            // The current revision is the newest one and everything loads and parses.
            QCOMPARE(st.scenario(id).value.current_revision, revs.value.front().id);
            for (const RevisionRow& r : revs.value) {
                auto s = st.loadRevision(r.id);
                QVERIFY2(s.ok(), s.error.c_str());
                QCOMPARE(s.value.name, std::string("Crash target"));
            }
        }
    }

    void twoProcessesShareOneLibrary()
    {
        const std::string path = location("shared.db");
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(path).ok());
            id = st.create(pretrainScenario("Crash target")).value;
        }
        // Separate progress blocks are not needed: both children run to completion.
        const int saves = 40;
        std::array<pid_t, 2> pids{};
        fflush(nullptr);
        for (int c = 0; c < 2; ++c) {
            pids[size_t(c)] = fork();
            QVERIFY(pids[size_t(c)] >= 0);
            if (pids[size_t(c)] == 0)
                writerChild(path, id, m_progress, saves, c + 1);
        }
        // Meanwhile this process reads, as a third instance would.
        ScenarioStore reader;
        QVERIFY(reader.open(path).ok());
        for (int i = 0; i < 20; ++i) {
            QVERIFY(reader.list().ok());
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        for (pid_t pid : pids) {
            int status = 0;
            QCOMPARE(waitpid(pid, &status, 0), pid);
            QVERIFY(WIFEXITED(status));
            QCOMPARE(WEXITSTATUS(status), 0);
        }
        QCOMPARE(QString::fromStdString(integrityCheck(path)), QStringLiteral("ok"));
        // The reader sees both writers' saves after re-listing, without reopening.
        auto rows = reader.list();
        QVERIFY(rows.ok());
        QCOMPARE(rows.value.size(), size_t(3));
        QCOMPARE(reader.revisions(id).value.size(), size_t(1 + 2 * saves));
        for (const ScenarioRow& r : rows.value) {
            if (r.id == id)
                continue;
            QCOMPARE(reader.revisions(r.id).value.size(), size_t(1 + saves));
            QVERIFY(reader.loadCurrent(r.id).ok());
        }
    }

    // Issue 44: two windows (here two processes) on one plan overwrote each other's saves
    // silently. Each save names the revision its edits started from: the other process's
    // save came first, so this one is a conflict and writes nothing; this process notices
    // the other's commit through data_version, and "keep mine" then adds a revision with
    // theirs still in the history.
    void twoProcessesConflictOnOnePlan()
    {
        const std::string path = location("conflict.db");
        ScenarioStore mine;
        QVERIFY(mine.open(path).ok());
        const auto id = mine.create(pretrainScenario("Shared plan"));
        QVERIFY(id.ok());
        const std::int64_t base = mine.scenario(id.value).value.current_revision;
        const auto before = mine.dataVersion();
        QVERIFY(before.ok());
        fflush(nullptr);
        const pid_t pid = fork();
        QVERIFY(pid >= 0);
        if (pid == 0) {
            int code = 0;
            {
                ScenarioStore theirs;
                Scenario s = pretrainScenario("Shared plan");
                s.phases[0].gpus = 4096;
                if (!theirs.open(path).ok())
                    code = 10;
                else if (!theirs.saveRevision(id.value, s, "theirs", {}, base).ok())
                    code = 11;
            }
            _exit(code);
        }
        int status = 0;
        QCOMPARE(waitpid(pid, &status, 0), pid);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        // The other process's commit is visible (on a server the notice is asynchronous).
        QTRY_VERIFY_WITH_TIMEOUT(mine.dataVersion().value != before.value, 5000);
        const auto after = mine.dataVersion();
        QVERIFY(after.ok());

        Scenario edited = pretrainScenario("Shared plan");
        edited.phases[0].gpus = 512;
        const auto refused = mine.saveRevision(id.value, edited, "mine", {}, base);
        QVERIFY(!refused.ok());
        QVERIFY(refused.kind == StoreError::Conflict);
        QCOMPARE(mine.revisions(id.value).value.size(), std::size_t(2));
        QCOMPARE(mine.loadCurrent(id.value).value.phases[0].gpus, 4096.0);
        // This process's own write does not count as a change from elsewhere.
        const std::int64_t theirsRev = mine.scenario(id.value).value.current_revision;
        QVERIFY(mine.saveRevision(id.value, edited, "mine", {}, theirsRev).ok());
        QCOMPARE(mine.dataVersion().value, after.value);
        QCOMPARE(mine.revisions(id.value).value.size(), std::size_t(3));
        QCOMPARE(mine.loadCurrent(id.value).value.phases[0].gpus, 512.0);
    }

    // Issue 44 (13): another tool deleted the -wal of a library a first process had open;
    // a second process that opened it then read frames that no longer existed (saves lost,
    // or the library later reported damaged). The second process now refuses to open it
    // while the first holds it, and opens it normally once the first is gone.
    void removedLogWhileAnotherProcessHoldsIt()
    {
        if (onServer())
            QSKIP("about the library file; a team library's server owns this");
        const std::string path = m_dir.filePath("held.db").toStdString();
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(path).ok());
            id = st.create(pretrainScenario("Held plan")).value;
        }
        int ready[2], done[2];
        QCOMPARE(pipe(ready), 0);
        QCOMPARE(pipe(done), 0);
        fflush(nullptr);
        const pid_t pid = fork();
        QVERIFY(pid >= 0);
        if (pid == 0) {
            close(ready[0]);
            close(done[1]);
            int code = 0;
            {
                ScenarioStore first;
                if (!first.open(path).ok() ||
                    !first.saveRevision(id, pretrainScenario("Held plan")).ok())
                    code = 10;
                (void)!write(ready[1], "r", 1);
                char c = 0;
                (void)!read(done[0], &c, 1); // hold the library open until told
            }
            _exit(code);
        }
        close(ready[1]);
        close(done[0]);
        char c = 0;
        QCOMPARE(read(ready[0], &c, 1), ssize_t(1));
        QVERIFY(QFile::exists(QString::fromStdString(path + "-wal")));
        QVERIFY(QFile::remove(QString::fromStdString(path + "-wal")));
        {
            ScenarioStore second;
            const Status e = second.open(path);
            QVERIFY(!e.ok());
            QVERIFY(e.kind == StoreError::Io);
            QVERIFY2(e.error.find("write-ahead log") != std::string::npos, e.error.c_str());
        }
        QCOMPARE(write(done[1], "d", 1), ssize_t(1));
        int status = 0;
        QCOMPARE(waitpid(pid, &status, 0), pid);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0);
        close(ready[0]);
        close(done[1]);
        // The first process is gone: a leftover index is SQLite's to rebuild, and every save
        // (checkpointed into the main file) is there.
        ScenarioStore again;
        const Status e = again.open(path);
        QVERIFY2(e.ok(), e.error.c_str());
        QCOMPARE(again.revisions(id).value.size(), std::size_t(2));
        QVERIFY(again.saveRevision(id, pretrainScenario("Held plan")).ok());
    }

    // The real read-only case, not the option: a library in a folder the user can't write.
    // Root ignores permissions, so as root a child drops to "nobody" first.
    void unwritableFolderOpensReadOnly()
    {
        if (onServer())
            QSKIP("about the library file; a team library's server owns this");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string folder = dir.filePath("ro").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(folder)));
        const std::string path = folder + "/library.db";
        {
            ScenarioStore st;
            QVERIFY(st.open(path).ok());
            QVERIFY(st.create(pretrainScenario("Read me")).ok());
        } // last connection closed: no -wal/-shm left, so SQLite can't create them later
        QCOMPARE(chmod(dir.path().toUtf8().constData(), 0755), 0);
        QCOMPARE(chmod(folder.c_str(), 0555), 0);
        QCOMPARE(chmod(path.c_str(), 0644), 0);

        const ChildResult child = runUnprivileged([&](const Fail& fail) {
            {
                ScenarioStore st;
                Status e = st.open(path);
                if (!e)
                    fail("open: " + e.error);
                if (!st.isReadOnly())
                    fail("not read-only");
                if (st.status().read_only_reason.find("not writable") == std::string::npos)
                    fail("reason: " + st.status().read_only_reason);
                auto rows = st.list();
                if (!rows.ok() || rows.value.size() != 1 || rows.value[0].name != "Read me")
                    fail("list: " + rows.error);
                if (!st.loadCurrent(rows.value[0].id).ok())
                    fail("load failed");
                auto r = st.saveRevision(rows.value[0].id, pretrainScenario("x"));
                if (r.ok() || r.kind != StoreError::ReadOnly)
                    fail("save: " + r.error);
                if (st.status().message.find("read-only") == std::string::npos)
                    fail("message: " + st.status().message);
            }
        });
        chmod(folder.c_str(), 0755);
        QVERIFY2(child.started, "fork or pipe failed");
        if (child.skipped)
            QSKIP("running as root without the right to switch to an unprivileged user");
        QVERIFY2(child.passed, child.message.c_str());
    }

    // A copied or synced library: lib.db and lib.db-wal with saves still in the WAL, no
    // -shm, in a folder the user can't write. The immutable snapshot once ignored the WAL
    // (15 of 35 revisions shown, and nothing said). Now a private copy of both files is
    // read and every save shows.
    void copiedWalLibraryShowsEverySave()
    {
        if (onServer())
            QSKIP("about the library file; a team library's server owns this");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string source = dir.filePath("source.db").toStdString();
        {
            ScenarioStore st;
            QVERIFY(st.open(source).ok());
            QVERIFY(st.create(pretrainScenario("Before")).ok());
        }
        // A save that stays in the WAL: automatic checkpoints off, the connection held open
        // while the files are copied, as a sync tool would copy them.
        sqlite3* raw = nullptr;
        QCOMPARE(sqlite3_open_v2(source.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
        QCOMPARE(sqlite3_exec(raw,
                              "PRAGMA wal_autocheckpoint = 0;"
                              "UPDATE scenarios SET name = 'Saved in the WAL';",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        const std::string folder = dir.filePath("copy").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(folder)));
        const std::string path = folder + "/library.db";
        QVERIFY(QFile::copy(QString::fromStdString(source), QString::fromStdString(path)));
        QVERIFY(QFile::copy(QString::fromStdString(source + "-wal"),
                            QString::fromStdString(path + "-wal")));
        QVERIFY(QFileInfo(QString::fromStdString(path + "-wal")).size() > 0);
        sqlite3_close(raw);
        QCOMPARE(chmod(dir.path().toUtf8().constData(), 0755), 0);
        QCOMPARE(chmod(path.c_str(), 0644), 0);
        QCOMPARE(chmod((path + "-wal").c_str(), 0644), 0);
        QCOMPARE(chmod(folder.c_str(), 0555), 0);

        const ChildResult child = runUnprivileged([&](const Fail& fail) {
            {
                ScenarioStore st;
                Status e = st.open(path);
                if (!e)
                    fail("open: " + e.error);
                if (!st.isReadOnly())
                    fail("not read-only");
                auto rows = st.list();
                if (!rows.ok() || rows.value.size() != 1)
                    fail("list: " + rows.error);
                if (rows.value[0].name != "Saved in the WAL")
                    fail("the save in the WAL is missing; shown: " + rows.value[0].name);
                if (st.status().read_only_reason.find("private copy") == std::string::npos)
                    fail("reason: " + st.status().read_only_reason);
            }
        });
        chmod(folder.c_str(), 0755);
        QVERIFY2(child.started, "fork or pipe failed");
        if (child.skipped)
            QSKIP("running as root without the right to switch to an unprivileged user");
        QVERIFY2(child.passed, child.message.c_str());
    }
};

QTEST_GUILESS_MAIN(tst_StoreCrash)
#include "tst_store_crash.moc"
