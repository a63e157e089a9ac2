// ScenarioStore: library operations and the durability cases that run in one
// process (corrupt file, read-only, full disk, migrations, two connections, hostile names).
// The SIGKILL and two-process cases are in tst_store_crash.cpp.
//
// One suite, both backends (issue 48): run plainly it tests a library file; with
// COSTLAB_TEST_PG set (ctest's tst_store_pg, under pg_virtualenv) every test that is not about
// files runs on a PostgreSQL team library, and the team tests (roles, notices, signatures)
// run as well. The file-only tests (WAL, damage, permissions, backups) say so and skip there.
#include "catalogio.h"
#include "pgtestutil.h"
#include "registry.h"
#include "scenario_json.h"
#include "store.h"

#include <libpq-fe.h>
#include <sqlite3.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <fstream>
#include <map>
#include <random>

#include <sys/stat.h>

using namespace costlab;

namespace {

Scenario pretrainScenario(const std::string& name)
{
    const std::array kinds{PhaseKind::Pretrain};
    Scenario s = defaultScenario(kinds);
    s.name = name;
    return s;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// Run one SQL statement on a raw connection and return the first column of the first row.
/// The team library of a PostgreSQL run: the server pg_virtualenv's PG* variables name.
const char* const kServerLibrary = "postgresql://";

using test::onServer;
using test::serverQuery;

std::string rawQuery(const std::string& dbPath, const std::string& sql)
{
    if (isServerLibrary(dbPath))
        return serverQuery(sql);
    sqlite3* db = nullptr;
    std::string out = "<error>";
    if (sqlite3_open_v2(dbPath.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK) {
        sqlite3_stmt* st = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) == SQLITE_OK) {
            int rc = sqlite3_step(st);
            if (rc == SQLITE_ROW) {
                const unsigned char* t = sqlite3_column_text(st, 0);
                out = t ? reinterpret_cast<const char*>(t) : "";
            } else if (rc == SQLITE_DONE) {
                out = "";
            }
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

/// Undoes schema version 4 on the library at `path`: no saved_by, one autosave slot.
bool downgradeToVersion3(const std::string& path)
{
    return rawQuery(path, "ALTER TABLE revisions DROP COLUMN saved_by").empty() &&
           rawQuery(path, "DROP TABLE autosave").empty() &&
           rawQuery(path, "CREATE TABLE autosave (slot INTEGER PRIMARY KEY CHECK (slot = 1), "
                          "scenario_id INTEGER REFERENCES scenarios(id) ON DELETE SET NULL, "
                          "json TEXT NOT NULL, saved_at INTEGER NOT NULL)")
               .empty() &&
           rawQuery(path, "PRAGMA user_version = 3").empty();
}

bool containsCi(const std::string& hay, const std::string& needle)
{
    return QString::fromStdString(hay).contains(QString::fromStdString(needle),
                                                Qt::CaseInsensitive);
}

} // namespace

template <typename T> Status asStatus(const Result<T>& r)
{
    Status s;
    s.error = r.error;
    s.kind = r.kind;
    return s;
}

/// A test about the library file itself (its log, damage, permissions, file backups): the
/// server owns those on a team library.
#define FILE_LIBRARY_ONLY()                                                                        \
    do {                                                                                           \
        if (onServer())                                                                            \
            QSKIP("about the library file; a team library's server owns this");                    \
    } while (false)

/// A test of what only a team library has (roles, notices, signatures, a server to lose).
#define TEAM_LIBRARY_ONLY()                                                                        \
    do {                                                                                           \
        if (!onServer())                                                                           \
            QSKIP("needs the PostgreSQL run (tst_store_pg)");                                      \
    } while (false)

/// The team library as `role` with `password`, on the server and database of this run.
std::string asRole(const std::string& role, const std::string& password)
{
    return "postgresql://" + role + ":" + password + "@/" +
           serverQuery("SELECT current_database()");
}

class tst_Store : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::string dbPath() const { return m_dir->filePath("library.db").toStdString(); }
    /// The library under test: the file, or the team library on a PostgreSQL run.
    std::string lib() const { return onServer() ? kServerLibrary : dbPath(); }
    std::string defaultCatalogText() const
    {
        return readText(std::string(COSTLAB_RESOURCE_DIR) + "/catalog/default.json");
    }

private slots:
    void errorKindsWithoutLibrary()
    {
        // Callers decide on the kind, never on the English text.
        ScenarioStore st;
        QVERIFY(st.rename(1, "x").kind == StoreError::NotOpen);
        QVERIFY(st.list().kind == StoreError::NotOpen);
        QVERIFY(st.writeAutosave(0, pretrainScenario("x")).kind == StoreError::NotOpen);
        QVERIFY(st.open("").kind == StoreError::Invalid);
        QVERIFY(st.open("/no/such/folder/lib.db").kind == StoreError::NotFound);
        QCOMPARE(toString(StoreError::ReadOnly), std::string_view("read_only"));
        QVERIFY(st.rename(1, "x").ok() == false);
    }

    void userSavesReachTheMainFile()
    {
        FILE_LIBRARY_ONLY();
        // A damaged or deleted -wal file once lost every save not yet checkpointed (10 of
        // 20, or all 20). Each user save now checkpoints: the main file alone holds them.
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const auto id = st.create(pretrainScenario("Kept"));
        QVERIFY(id.ok());
        for (int i = 0; i < 5; ++i)
            QVERIFY(st.saveRevision(id.value, pretrainScenario("Kept")).ok());
        // Only the main file, as a user's copy or sync tool might take it.
        const std::string copy = m_dir->filePath("copy.db").toStdString();
        QVERIFY(QFile::copy(QString::fromStdString(dbPath()), QString::fromStdString(copy)));
        ScenarioStore fromMain;
        StoreOptions o;
        o.read_only = true;
        QVERIFY(fromMain.open(copy, o).ok());
        const auto revs = fromMain.revisions(id.value);
        QVERIFY2(revs.ok(), revs.error.c_str());
        QCOMPARE(revs.value.size(), std::size_t(6));
    }

    // Issue 44: restores, renames, lesson saves, catalog edits, tag changes, the trash and
    // the autosave were lost when the -wal was deleted after them (restore and rename 10 of
    // 10): only create, save and duplicate checkpointed, and the restore's checkpoint failed
    // on its own open statement. Every kind of write now reaches the main file.
    void everyWriteReachesTheMainFile_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* k : {"restore", "rename", "lesson", "catalog_copy", "catalog_edit", "tags",
                              "trash", "autosave"})
            QTest::newRow(k) << QString::fromLatin1(k);
    }
    void everyWriteReachesTheMainFile()
    {
        FILE_LIBRARY_ONLY();
        QFETCH(QString, kind);
        const std::string path = dbPath();
        std::int64_t id = 0, first = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(path).ok());
            QVERIFY(st.seedDefaultCatalog(defaultCatalogText()).ok());
            const auto c = st.create(pretrainScenario("Before"));
            QVERIFY(c.ok());
            id = c.value;
            first = st.scenario(id).value.current_revision;
            QVERIFY(st.saveRevision(id, pretrainScenario("Second")).ok());
            Status s;
            if (kind == "restore") {
                s = asStatus(st.restoreRevision(first));
            } else if (kind == "rename") {
                s = asStatus(st.rename(id, "Renamed"));
            } else if (kind == "lesson") {
                QFile f(QStringLiteral(COSTLAB_RESOURCE_DIR
                                       "/lessons/01-pretraining-cost.costlab-lesson.json"));
                QVERIFY(f.open(QIODevice::ReadOnly));
                s = asStatus(st.saveLesson(f.readAll().toStdString()));
            } else if (kind == "catalog_copy") {
                s = asStatus(st.copyCatalog("default", "Team prices"));
            } else if (kind == "catalog_edit") {
                const auto copy = st.copyCatalog("default", "Team prices");
                QVERIFY(copy.ok());
                std::string json = st.catalogJson(copy.value).value;
                const auto at = json.find("\"Team prices\"");
                QVERIFY(at != std::string::npos);
                json.replace(at, 13, "\"Edited name\"");
                s = asStatus(st.updateCatalog(copy.value, json));
            } else if (kind == "tags") {
                s = asStatus(st.setTags(id, {{TagKind::Free, "kept-tag"}}));
            } else if (kind == "trash") {
                s = asStatus(st.trash(id));
            } else {
                s = asStatus(st.writeAutosave(id, pretrainScenario("Autosaved")));
            }
            QVERIFY2(s.ok(), s.error.c_str());
            // Only the main file, as a user's copy or sync tool might take it (or as if
            // another program deleted the -wal now).
            QVERIFY(QFile::copy(QString::fromStdString(path),
                                m_dir->filePath(QStringLiteral("main-only.db"))));
        }
        ScenarioStore copy;
        StoreOptions o;
        o.read_only = true;
        QVERIFY(copy.open(m_dir->filePath(QStringLiteral("main-only.db")).toStdString(), o).ok());
        if (kind == "restore") {
            QCOMPARE(copy.revisions(id).value.size(), std::size_t(3));
            QCOMPARE(copy.loadCurrent(id).value.name, std::string("Before"));
        } else if (kind == "rename") {
            QCOMPARE(copy.scenario(id).value.name, std::string("Renamed"));
        } else if (kind == "lesson") {
            QCOMPARE(copy.listLessons().value.size(), std::size_t(1));
        } else if (kind == "catalog_copy" || kind == "catalog_edit") {
            const auto rows = copy.listCatalogs().value;
            const std::string want = kind == "catalog_copy" ? "Team prices" : "Edited name";
            QVERIFY(std::any_of(rows.begin(), rows.end(),
                                [&](const CatalogRow& r) { return r.name == want; }));
        } else if (kind == "tags") {
            const auto tags = copy.tags(id).value;
            QVERIFY(std::find(tags.begin(), tags.end(), Tag{TagKind::Free, "kept-tag"}) !=
                    tags.end());
        } else if (kind == "trash") {
            QVERIFY(copy.scenario(id).value.deleted_at > 0);
        } else {
            const auto a = copy.readAutosave().value;
            QVERIFY(a.has_value());
            QVERIFY(a->json.find("Autosaved") != std::string::npos);
        }
    }

    // Issue 44 (13): another program deleted the -wal of a library in use, and the next save
    // went into the removed file: lost, or the library later reported damaged. The store
    // notices that the log it writes to is gone and refuses the write with the reason.
    void removedLogRefusesWrites()
    {
        FILE_LIBRARY_ONLY();
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const auto id = st.create(pretrainScenario("Plan"));
        QVERIFY(id.ok());
        QVERIFY(QFile::exists(QString::fromStdString(dbPath() + "-wal")));
        QVERIFY(QFile::remove(QString::fromStdString(dbPath() + "-wal")));
        const auto saved = st.saveRevision(id.value, pretrainScenario("Plan"));
        QVERIFY(!saved.ok());
        QVERIFY(saved.kind == StoreError::Io);
        QVERIFY2(containsCi(saved.error, "write-ahead log"), saved.error.c_str());
        QVERIFY(st.rename(id.value, "Other").kind == StoreError::Io);
        // Reading goes on; a reopened library writes again.
        QVERIFY(st.loadCurrent(id.value).ok());
        st.close();
        ScenarioStore again;
        QVERIFY(again.open(lib()).ok());
        QVERIFY(again.saveRevision(id.value, pretrainScenario("Plan")).ok());
        QCOMPARE(again.revisions(id.value).value.size(), std::size_t(2));
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        if (onServer()) // every test starts from an empty database, as from a new file
            QVERIFY(test::emptyServerLibrary() && serverQuery("DROP ROLE IF EXISTS costlab_viewer; "
                                                              "DROP ROLE IF EXISTS costlab_planner")
                                                      .empty());
    }
    void cleanup() { m_dir.reset(); }

    void createsSchemaInWalMode()
    {
        FILE_LIBRARY_ONLY();
        ScenarioStore st;
        QCOMPARE(QString::fromStdString(st.open(lib()).error), QString());
        QVERIFY(st.isOpen());
        QVERIFY(!st.isReadOnly());
        QVERIFY(st.status().created);
        QCOMPARE(st.schemaVersion(), kStoreSchemaVersion);
        QCOMPARE(rawQuery(lib(), "PRAGMA journal_mode"), std::string("wal"));
        QCOMPARE(rawQuery(lib(), "PRAGMA user_version"), std::to_string(kStoreSchemaVersion));
        st.close();
        ScenarioStore again;
        QCOMPARE(QString::fromStdString(again.open(lib()).error), QString());
        QVERIFY(!again.status().created);
        QVERIFY(again.status().message.empty());
    }

    void createListAndCachedFigures()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        CachedFigures f{1.5e6, "USD", 0.25, 3.2e5};
        auto id = st.create(pretrainScenario("Plan A"), "first", f);
        QVERIFY2(id.ok(), id.error.c_str());
        auto rows = st.list();
        QVERIFY(rows.ok());
        QCOMPARE(rows.value.size(), size_t(1));
        const ScenarioRow& r = rows.value[0];
        QCOMPARE(r.id, id.value);
        QCOMPARE(r.name, std::string("Plan A"));
        QCOMPARE(r.figures.total_cost, 1.5e6);
        QCOMPARE(r.figures.currency, std::string("USD"));
        QCOMPARE(r.figures.p_oom, 0.25);
        QCOMPARE(r.figures.gpu_hours, 3.2e5);
        QCOMPARE(r.deleted_at, std::int64_t(0));
        QVERIFY(r.current_revision > 0);
        QCOMPARE(r.catalog_id, std::string("default"));
        auto loaded = st.loadCurrent(id.value);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QCOMPARE(scenarioToJson(loaded.value), scenarioToJson(pretrainScenario("Plan A")));
    }

    void revisionsAndRestore()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        Scenario s = pretrainScenario("Revised");
        auto id = st.create(s, "v1");
        QVERIFY(id.ok());
        s.phases[0].pretrain.tokens = 2e12;
        auto r2 = st.saveRevision(id.value, s, "fewer tokens");
        QVERIFY2(r2.ok(), r2.error.c_str());
        s.phases[0].pretrain.tokens = 3e12;
        auto r3 = st.saveRevision(id.value, s, "more tokens");
        QVERIFY(r3.ok());

        auto revs = st.revisions(id.value);
        QVERIFY(revs.ok());
        QCOMPARE(revs.value.size(), size_t(3));
        QCOMPARE(revs.value[0].id, r3.value); // newest first
        QCOMPARE(revs.value[0].message, std::string("more tokens"));
        QCOMPARE(revs.value[2].message, std::string("v1"));
        const std::int64_t first = revs.value[2].id;

        auto restored = st.restoreRevision(first);
        QVERIFY2(restored.ok(), restored.error.c_str());
        auto cur = st.scenario(id.value);
        QVERIFY(cur.ok());
        QCOMPARE(cur.value.current_revision, restored.value);
        QCOMPARE(st.revisions(id.value).value.size(), size_t(4)); // history kept
        QCOMPARE(st.revisionJson(restored.value).value, st.revisionJson(first).value);
        QCOMPARE(st.loadCurrent(id.value).value.phases[0].pretrain.tokens, 15e12);
    }

    void diffListsChangedParametersWithUnits()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        Scenario s = pretrainScenario("Diff me");
        auto id = st.create(s);
        Scenario t = s;
        t.phases[0].pretrain.tokens = 2e12; // "pretrain.tokens", unit "tokens"
        t.name = "Diff me too";
        auto rb = st.saveRevision(id.value, t);
        QVERIFY(rb.ok());
        auto revs = st.revisions(id.value).value;
        auto d = st.diffRevisions(revs[1].id, revs[0].id);
        QVERIFY2(d.ok(), d.error.c_str());
        QCOMPARE(d.value.size(), size_t(2));
        QCOMPARE(d.value[0].id, std::string("name"));
        QCOMPARE(d.value[0].old_text, std::string("Diff me"));
        QCOMPARE(d.value[0].new_text, std::string("Diff me too"));
        QCOMPARE(d.value[1].id, std::string("pretrain.tokens"));
        QCOMPARE(d.value[1].unit, std::string("tokens"));
        // The registry prints numbers exactly; compare as numbers to stay format-agnostic.
        QCOMPARE(std::stod(d.value[1].old_text), 15e12);
        QCOMPARE(std::stod(d.value[1].new_text), 2e12);

        // Identical revisions: no difference.
        auto same = st.diffRevisions(revs[0].id, revs[0].id);
        QVERIFY(same.ok());
        QVERIFY(same.value.empty());

        // A phase added on one side: its parameters show with an empty old text.
        Scenario u = t;
        const std::array rlOnly{PhaseKind::RlPosttrain};
        u.phases.push_back(defaultScenario(rlOnly).phases[0]);
        auto rc = st.saveRevision(id.value, u);
        QVERIFY(rc.ok());
        auto d2 = st.diffRevisions(rb.value, rc.value);
        QVERIFY(d2.ok());
        bool sawEnvCount = false;
        for (const ParamDiff& p : d2.value) {
            if (p.id == "rl.env_count") {
                sawEnvCount = true;
                QVERIFY(p.old_text.empty());
                QCOMPARE(std::stod(p.new_text), 256.0); // RlInputs default (scenario.h)
            }
        }
        QVERIFY(sawEnvCount);

        auto missing = st.diffRevisions(revs[0].id, 999999);
        QVERIFY(!missing.ok());
    }

    void duplicateRenameTrash()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        Scenario s = pretrainScenario("Original");
        s.project = "apollo";
        auto id = st.create(s, {}, {100, "USD", 0.1, 10});
        QVERIFY(id.ok());
        auto dup = st.duplicate(id.value);
        QVERIFY2(dup.ok(), dup.error.c_str());
        QCOMPARE(st.scenario(dup.value).value.name, std::string("Original (copy)"));
        QCOMPARE(st.scenario(dup.value).value.figures.total_cost, 100.0);
        QCOMPARE(st.tags(dup.value).value, st.tags(id.value).value);
        QCOMPARE(st.loadCurrent(dup.value).value.name, std::string("Original (copy)"));

        QVERIFY(st.rename(id.value, "Renamed").ok());
        QCOMPARE(st.scenario(id.value).value.name, std::string("Renamed"));
        QCOMPARE(st.loadCurrent(id.value).value.name, std::string("Renamed"));
        QCOMPARE(st.revisions(id.value).value.size(), size_t(2));
        QVERIFY(!st.rename(id.value, "").ok());

        QVERIFY(st.trash(id.value).ok());
        QCOMPARE(st.list().value.size(), size_t(1));
        ListFilter all;
        all.include_trashed = true;
        QCOMPARE(st.list(all).value.size(), size_t(2));
        ListFilter trashOnly;
        trashOnly.only_trashed = true;
        auto inTrash = st.list(trashOnly).value;
        QCOMPARE(inTrash.size(), size_t(1));
        QCOMPARE(inTrash[0].id, id.value);
        QVERIFY(inTrash[0].deleted_at > 0);

        QVERIFY(st.restoreFromTrash(id.value).ok());
        QCOMPARE(st.list().value.size(), size_t(2));

        QVERIFY(st.trash(id.value).ok());
        const std::int64_t oldRev = st.scenario(id.value).value.current_revision;
        QVERIFY(st.writeAutosave(id.value, s).ok());
        auto n = st.emptyTrash();
        QVERIFY(n.ok());
        QCOMPARE(n.value, 1);
        QVERIFY(!st.scenario(id.value).ok());
        QVERIFY(!st.loadRevision(oldRev).ok());   // revisions cascaded
        QVERIFY(st.tags(id.value).value.empty()); // tags cascaded
        auto autosave = st.readAutosave();
        QVERIFY(autosave.ok() && autosave.value.has_value());
        QCOMPARE(autosave.value->scenario_id, std::int64_t(0)); // link nulled, document kept
        QVERIFY(!st.trash(424242).ok());
        QVERIFY(!st.restoreFromTrash(424242).ok());
        if (!onServer())
            QCOMPARE(rawQuery(lib(), "PRAGMA foreign_key_check"), std::string());
    }

    void tagsAndFilters()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        Scenario a = pretrainScenario("Alpha run");
        a.project = "apollo";
        a.phases[0].experiment_batch = "batch-7";
        a.tags = {"baseline"};
        auto ia = st.create(a, {}, {300, "USD", 0.5, 1});
        Scenario b = pretrainScenario("Beta run");
        b.project = "gemini";
        auto ib = st.create(b, {}, {100, "USD", 0.9, 1});
        auto ic = st.create(pretrainScenario("gamma"), {}, {200, "USD", 0.1, 1});
        QVERIFY(ia.ok() && ib.ok() && ic.ok());

        // Tags derived from the scenario at creation.
        std::vector<Tag> expected{
            {TagKind::Project, "apollo"}, {TagKind::Batch, "batch-7"}, {TagKind::Free, "baseline"}};
        QCOMPARE(st.tags(ia.value).value, expected);

        QVERIFY(
            st.setTags(ic.value, {{TagKind::Resource, "gpu"}, {TagKind::Project, "apollo"}}).ok());
        QVERIFY(st.setTags(ic.value, {{TagKind::Free, ""}}).kind == StoreError::Invalid);
        QVERIFY(st.setTags(999999, {{TagKind::Free, "x"}}).kind == StoreError::NotFound);

        ListFilter byProject;
        byProject.tags = {{TagKind::Project, "apollo"}};
        byProject.sort = SortKey::Name;
        byProject.descending = false;
        auto rows = st.list(byProject).value;
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[0].name, std::string("Alpha run"));
        QCOMPARE(rows[1].name, std::string("gamma"));
        QCOMPARE(st.count(byProject).value, std::int64_t(2));

        ListFilter two = byProject;
        two.tags.push_back({TagKind::Resource, "gpu"});
        rows = st.list(two).value;
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].id, ic.value);

        ListFilter text;
        text.text = "RUN"; // case-insensitive on ASCII
        QCOMPARE(st.list(text).value.size(), size_t(2));
        text.text = "baseline"; // matches a tag value too
        QCOMPARE(st.list(text).value.size(), size_t(1));
        text.text = "%"; // LIKE wildcards are literal
        QCOMPARE(st.list(text).value.size(), size_t(0));

        // Sorting by cached figures, paging.
        ListFilter byTotal;
        byTotal.sort = SortKey::Total;
        byTotal.descending = true;
        rows = st.list(byTotal).value;
        QCOMPARE(rows.size(), size_t(3));
        QCOMPARE(rows[0].figures.total_cost, 300.0);
        QCOMPARE(rows[2].figures.total_cost, 100.0);
        ListFilter byOom;
        byOom.sort = SortKey::POom;
        byOom.descending = false;
        byOom.limit = 1;
        byOom.offset = 1;
        rows = st.list(byOom).value;
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0].figures.p_oom, 0.5);
        QCOMPARE(st.count(byOom).value, std::int64_t(3));

        auto projects = st.tagValues(TagKind::Project);
        QCOMPARE(projects.value, (std::vector<std::string>{"apollo", "gemini"}));

        // Saving adds tags from the scenario but keeps the ones set by hand.
        Scenario c = pretrainScenario("gamma");
        c.project = "hermes";
        QVERIFY(st.saveRevision(ic.value, c).ok());
        std::vector<Tag> cTags{
            {TagKind::Project, "apollo"}, {TagKind::Project, "hermes"}, {TagKind::Resource, "gpu"}};
        QCOMPARE(st.tags(ic.value).value, cTags);
    }

    void hostileAndUnicodeNamesVerbatim_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("sql_injection") << QStringLiteral("'); DROP TABLE scenarios;--");
        QTest::newRow("quotes_percent") << QStringLiteral("50% \"off\" _x_ \\ ' ;");
        QTest::newRow("emoji") << QStringLiteral("Plan 🚀🔥 with 👩‍👩‍👧 family");
        QTest::newRow("cjk") << QStringLiteral("强化学习后训练方案 第二版");
        QTest::newRow("rtl") << QStringLiteral("خطة التدريب ‏עברית‎ mixed");
        QTest::newRow("combining") << QStringLiteral("Cafe\u0301 Zalgo z\u0336\u0335");
    }
    void hostileAndUnicodeNamesVerbatim()
    {
        QFETCH(QString, name);
        const std::string n = name.toStdString();
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        Scenario s = pretrainScenario(n);
        s.project = n;
        auto id = st.create(s, n);
        QVERIFY2(id.ok(), id.error.c_str());
        auto rows = st.list();
        QVERIFY(rows.ok());
        QCOMPARE(rows.value.size(), size_t(1));
        QCOMPARE(rows.value[0].name, n);
        QCOMPARE(st.loadCurrent(id.value).value.name, n);
        QCOMPARE(st.revisions(id.value).value[0].message, n);
        QCOMPARE(st.tags(id.value).value[0].value, n);
        QVERIFY(st.rename(id.value, n + " 2").ok());
        QCOMPARE(st.scenario(id.value).value.name, n + " 2");
        ListFilter f;
        f.text = n;
        QCOMPARE(st.list(f).value.size(), size_t(1));
        f.tags = {{TagKind::Project, n}};
        QCOMPARE(st.list(f).value.size(), size_t(1));
        // The tables are all still there.
        const std::string tables = onServer() ? "information_schema.tables WHERE table_name"
                                              : "sqlite_master WHERE type = 'table' AND name";
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM " + tables +
                                     " IN ('scenarios','revisions','tags','catalogs',"
                                     "'autosave','meta')"),
                 std::string("6"));
    }

    void catalogs()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const std::string text = defaultCatalogText();
        QVERIFY(!text.empty());
        auto seeded = st.seedDefaultCatalog(text);
        QVERIFY2(seeded.ok(), seeded.error.c_str());
        QCOMPARE(seeded.value, std::string("default"));
        QVERIFY(st.seedDefaultCatalog(text).ok()); // idempotent

        auto list = st.listCatalogs().value;
        QCOMPARE(list.size(), size_t(1));
        QVERIFY(list[0].read_only);

        Status e = st.updateCatalog("default", text);
        QVERIFY(containsCi(e.error, "read-only"));
        QVERIFY(e.kind == StoreError::ReadOnly);
        QVERIFY(st.updateCatalog("no-such-catalog", text).kind == StoreError::NotFound);
        QVERIFY(!st.deleteCatalog("default").ok());

        auto copy = st.copyCatalog("default", "My prices 2027");
        QVERIFY2(copy.ok(), copy.error.c_str());
        QCOMPARE(copy.value, std::string("my-prices-2027"));
        auto copy2 = st.copyCatalog("default", "My prices 2027");
        QCOMPARE(copy2.value, std::string("my-prices-2027-2"));
        QVERIFY(!st.copyCatalog("default", "").ok());
        QVERIFY(!st.copyCatalog("nope", "x").ok());

        // The copy's text names itself and parses as a catalog.
        std::vector<std::string> errors;
        auto parsed = catalogFromJson(st.catalogJson(copy.value).value, errors);
        QVERIFY(parsed.has_value());
        QCOMPARE(parsed->id, copy.value);
        QCOMPARE(parsed->name, std::string("My prices 2027"));

        QVERIFY(!st.updateCatalog(copy.value, "{ not json").ok());
        QVERIFY(!st.updateCatalog(copy.value, "[1, 2]").ok());
        // A valid JSON object that is not a valid catalog: rejected with the reader's reason.
        std::string broken = st.catalogJson(copy.value).value;
        const std::string key = "\"hbm_gib\": 40";
        auto pos = broken.find(key);
        QVERIFY(pos != std::string::npos);
        broken.replace(pos, key.size(), "\"hbm_gib\": \"lots\"");
        e = st.updateCatalog(copy.value, broken);
        QVERIFY(!e);
        QVERIFY2(containsCi(e.error, "hbm_gib"), e.error.c_str());
        // A valid edit is stored; the id is forced to the row's id.
        std::string edited = st.catalogJson(copy.value).value;
        pos = edited.find(key);
        edited.replace(pos, key.size(), "\"hbm_gib\": 41");
        QVERIFY(st.updateCatalog(copy.value, edited).ok());
        parsed = catalogFromJson(st.catalogJson(copy.value).value, errors);
        QVERIFY(parsed.has_value());
        QCOMPARE(parsed->accelerators[0].hbm_gib, 41.0);
        QVERIFY(!st.updateCatalog("missing", edited).ok());

        QCOMPARE(st.listCatalogs().value.size(), size_t(3));
        QVERIFY(st.deleteCatalog(copy2.value).ok());
        QCOMPARE(st.listCatalogs().value.size(), size_t(2));

        QVERIFY(!st.seedDefaultCatalog("{}").ok());
    }

    void refreshFiguresFollowsACatalogEdit()
    {
        // Issue 13: editing a catalog must not leave the list showing totals from the old
        // prices. Only plans naming that catalog change; the list and the current revision
        // agree afterwards.
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QVERIFY(st.seedDefaultCatalog(defaultCatalogText()).ok());
        const auto mine = st.copyCatalog("default", "My prices");
        QVERIFY(mine.ok());
        Scenario a = pretrainScenario("Priced with mine");
        a.catalog_id = mine.value;
        const Scenario b = pretrainScenario("Priced with default");
        const auto ida = st.create(a, {}, CachedFigures{100, "USD", 0, 10});
        const auto idb = st.create(b, {}, CachedFigures{200, "USD", 0, 20});
        QVERIFY(ida.ok() && idb.ok());
        int calls = 0;
        const auto done = st.refreshFigures(mine.value, [&](const Scenario& s) {
            ++calls;
            // The plan handed over is the stored one, so the caller can evaluate it.
            return CachedFigures{s.name == "Priced with mine" ? 50.0 : -1.0, "CNY", 0.5, 5};
        });
        QVERIFY2(done.ok(), done.error.c_str());
        QCOMPARE(done.value, 1);
        QCOMPARE(calls, 1);
        for (const ScenarioRow& r : st.list().value) {
            if (r.id == ida.value) {
                QCOMPARE(r.figures.total_cost, 50.0);
                QCOMPARE(r.figures.currency, std::string("CNY"));
                QCOMPARE(r.figures.gpu_hours, 5.0);
            } else {
                QCOMPARE(r.figures.total_cost, 200.0); // another catalog: untouched
            }
        }
        const auto revs = st.revisions(ida.value);
        QVERIFY(revs.ok() && !revs.value.empty());
        QCOMPARE(revs.value.front().figures.total_cost, 50.0);
        // A read-only library refuses with a kind, not a crash.
        st.close();
        StoreOptions ro;
        ro.read_only = true;
        QVERIFY(st.open(lib(), ro).ok());
        const auto refused =
            st.refreshFigures(mine.value, [](const Scenario&) { return CachedFigures{}; });
        QVERIFY(!refused.ok());
        QVERIFY(refused.kind == StoreError::ReadOnly);
    }

    void importingTheSamePlanTwiceSaysSo()
    {
        // Issue 13: importing an identical file created a silent duplicate.
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const std::string file =
            std::string(COSTLAB_RESOURCE_DIR) + "/examples/llama3-8b-pretrain-h100.costlab.json";
        auto first = st.importFiles({file}, {});
        QCOMPARE(first.imported.size(), std::size_t(1));
        QVERIFY(first.identical.empty());
        auto again = st.importFiles({file}, {});
        QVERIFY(again.imported.empty());
        QCOMPARE(again.identical.size(), std::size_t(1));
        QVERIFY2(again.identical.front().find("already in the library") != std::string::npos,
                 again.identical.front().c_str());
        QCOMPARE(st.list().value.size(), std::size_t(1));
        // A changed plan of the same name is a new scenario; a trashed twin does not count.
        Scenario changed = st.loadCurrent(first.imported.front()).value;
        changed.phases.front().gpus *= 2;
        const std::string changedPath = m_dir->filePath("changed.costlab.json").toStdString();
        QVERIFY(saveScenarioFile(changed, changedPath).empty());
        QCOMPARE(st.importFiles({changedPath}, {}).imported.size(), std::size_t(1));
        QVERIFY(st.trash(first.imported.front()).ok());
        QCOMPARE(st.importFiles({file}, {}).imported.size(), std::size_t(1));
    }

    // Issue 49: a plan opened from a file the library already held got a second row when it
    // was saved. The file carries no library id: the store finds the scenario by the plan.
    void findPlanRecognisesAPlanFromAFile()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const Scenario plan = pretrainScenario("Filed plan");
        auto found = st.findPlan(plan);
        QVERIFY2(found.ok(), found.error.c_str());
        QCOMPARE(found.value.scenario_id, std::int64_t(0)); // nothing stored yet
        const auto id = st.create(plan);
        QVERIFY(id.ok());
        const std::int64_t first = st.scenario(id.value).value.current_revision;
        // Read back from a file, as the window opens it.
        const std::string path = m_dir->filePath("filed.costlab.json").toStdString();
        QVERIFY(saveScenarioFile(plan, path).empty());
        const LoadResult fromFile = loadScenarioFile(path);
        QVERIFY(fromFile.scenario);
        found = st.findPlan(*fromFile.scenario);
        QVERIFY2(found.ok(), found.error.c_str());
        QCOMPARE(found.value.scenario_id, id.value);
        QCOMPARE(found.value.revision_id, first);
        QVERIFY(found.value.current);
        // The library moved on: the file now holds an older revision of the same scenario.
        Scenario later = plan;
        later.phases.front().gpus *= 2;
        QVERIFY(st.saveRevision(id.value, later).ok());
        found = st.findPlan(*fromFile.scenario);
        QCOMPARE(found.value.scenario_id, id.value);
        QCOMPARE(found.value.revision_id, first);
        QVERIFY(!found.value.current);
        QVERIFY(st.findPlan(later).value.current);
        // A plan the library never held, another name, or a trashed scenario: no match.
        Scenario other = later;
        other.phases.front().gpus *= 2;
        QCOMPARE(st.findPlan(other).value.scenario_id, std::int64_t(0));
        Scenario renamed = plan;
        renamed.name = "Another plan";
        QCOMPARE(st.findPlan(renamed).value.scenario_id, std::int64_t(0));
        QVERIFY(st.trash(id.value).ok());
        QCOMPARE(st.findPlan(plan).value.scenario_id, std::int64_t(0));
    }

    void autosaveSlot()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        auto empty = st.readAutosave();
        QVERIFY(empty.ok());
        QVERIFY(!empty.value.has_value());
        Scenario s = pretrainScenario("Unsaved work");
        QVERIFY(st.writeAutosave(0, s).ok());
        s.name = "Unsaved work, later";
        auto id = st.create(s);
        QVERIFY(st.writeAutosave(id.value, s).ok()); // overwrites the single slot
        auto got = st.readAutosave();
        QVERIFY(got.ok() && got.value.has_value());
        QCOMPARE(got.value->scenario_id, id.value);
        QVERIFY(got.value->saved_at > 0);
        auto parsed = scenarioFromJson(got.value->json);
        QVERIFY(parsed.scenario.has_value());
        QCOMPARE(parsed.scenario->name, std::string("Unsaved work, later"));
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM autosave"), std::string("1"));
        QVERIFY(st.writeAutosave(987654, s).ok()); // unknown id → unlinked
        QCOMPARE(st.readAutosave().value->scenario_id, std::int64_t(0));
        QVERIFY(st.clearAutosave().ok());
        QVERIFY(!st.readAutosave().value.has_value());
    }

    void importAndSeedExamples()
    {
        const std::string good = m_dir->filePath("good.costlab.json").toStdString();
        QVERIFY(saveScenarioFile(pretrainScenario("Example one"), good).empty());
        const std::string bad =
            std::string(COSTLAB_SOURCE_DIR) + "/tests/data/bad/negative_gpus.costlab.json";
        const std::string missing = m_dir->filePath("missing.costlab.json").toStdString();
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        int calls = 0;
        auto figures = [&](const Scenario&) {
            ++calls;
            return CachedFigures{42, "USD", 0, 0};
        };
        ImportReport rep = st.seedExamples({good, bad, missing}, figures);
        QCOMPARE(rep.imported.size(), size_t(1));
        QCOMPARE(rep.rejected.size(), size_t(2));
        QVERIFY(QString::fromStdString(rep.rejected[0]).startsWith(QString::fromStdString(bad)));
        QVERIFY(containsCi(rep.rejected[0], "gpus"));
        QCOMPARE(calls, 1);
        QCOMPARE(st.scenario(rep.imported[0]).value.figures.total_cost, 42.0);

        // Only once per library, even after the user deleted the examples.
        QVERIFY(st.trash(rep.imported[0]).ok());
        QCOMPARE(st.emptyTrash().value, 1);
        rep = st.seedExamples({good});
        QVERIFY(rep.imported.empty() && rep.rejected.empty());
        st.close();
        ScenarioStore again;
        QVERIFY(again.open(lib()).ok());
        rep = again.seedExamples({good});
        QVERIFY(rep.imported.empty());

        // The same file twice is one scenario; the second is reported as already there.
        rep = again.importFiles({good, good});
        QCOMPARE(rep.imported.size(), size_t(1));
        QCOMPARE(rep.identical.size(), size_t(1));
    }

    void corruptStoredJsonIsAnErrorNotACrash_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("not_json") << QStringLiteral("{ this is not json");
        QTest::newRow("empty") << QString();
        QTest::newRow("wrong_shape") << QStringLiteral("[1,2,3]");
        QTest::newRow("invalid_field")
            << QStringLiteral("{\"schema_version\":1,\"name\":\"x\",\"phases\":[{\"kind\":"
                              "\"pretrain\",\"gpus\":-5}]}");
    }
    void corruptStoredJsonIsAnErrorNotACrash()
    {
        QFETCH(QString, json);
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        auto id = st.create(pretrainScenario("Victim"));
        const std::int64_t rev = st.scenario(id.value).value.current_revision;
        // Damaged from outside Costlab, in plain SQL on either backend.
        const std::string quoted =
            json.replace(QStringLiteral("'"), QStringLiteral("''")).toStdString();
        QCOMPARE(rawQuery(lib(), "UPDATE revisions SET json = '" + quoted +
                                     "' WHERE id = " + std::to_string(rev)),
                 std::string());

        auto loaded = st.loadRevision(rev);
        QVERIFY(!loaded.ok());
        QVERIFY2(containsCi(loaded.error, "damaged"), loaded.error.c_str());
        QVERIFY(!st.loadCurrent(id.value).ok());
        QVERIFY(!st.diffRevisions(rev, rev).ok());
        QVERIFY(!st.restoreRevision(rev).ok());
        QVERIFY(!st.duplicate(id.value).ok());
        QVERIFY(st.rename(id.value, "Renamed anyway").ok()); // the row still renames
        QVERIFY(st.list().ok());
    }

    void corruptFileMovedAsideAndFreshLibrary_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("not_sqlite") << "text";
        QTest::newRow("truncated") << "truncate";
        QTest::newRow("garbage_pages") << "garbage";
        QTest::newRow("bad_header") << "header";
    }
    void corruptFileMovedAsideAndFreshLibrary()
    {
        FILE_LIBRARY_ONLY();
        QFETCH(QString, kind);
        const std::string path = dbPath();
        std::string backup;
        if (kind == "text") {
            std::ofstream(path) << "These are my notes, not a database.\n";
        } else {
            // A real library with enough content to span many pages, then damage it.
            {
                ScenarioStore st;
                QVERIFY(st.open(path).ok());
                for (int i = 0; i < 60; ++i) {
                    Scenario s = pretrainScenario("Scenario " + std::to_string(i));
                    s.description = std::string(2000, char('a' + i % 26));
                    QVERIFY(st.create(s).ok());
                }
                backup = path + ".backup-auto-20260101T000000Z";
                QVERIFY(st.backupTo(backup).ok());
            }
            // Fold the WAL into the main file so the damage hits committed data.
            QCOMPARE(rawQuery(path, "PRAGMA wal_checkpoint(TRUNCATE)").substr(0, 1),
                     std::string("0"));
            QFile f(QString::fromStdString(path));
            const qint64 size = f.size();
            QVERIFY(size > 100 * 1024);
            QVERIFY(f.open(QIODevice::ReadWrite));
            if (kind == "truncate") {
                QVERIFY(f.resize(size / 3 + 1000)); // cut mid-page
            } else if (kind == "garbage") {
                f.seek(4096); // keep page 1 (header + schema)
                QByteArray junk(int(size / 2), '\xA5');
                for (int i = 0; i < junk.size(); i += 7)
                    junk[i] = char(i * 31);
                f.write(junk);
            } else {
                f.seek(0);
                f.write("NOT SQLITE FORMAT 3\0", 20);
            }
            f.close();
        }
        ScenarioStore st;
        const Status err = st.open(path);
        QVERIFY2(err.ok(), err.error.c_str());
        const StoreStatus& status = st.status();
        qInfo("%s", status.message.c_str());
        QVERIFY(status.recovered);
        QVERIFY(status.created);
        QVERIFY(!status.damage_detail.empty());
        QVERIFY(QFileInfo::exists(QString::fromStdString(status.damaged_path)));
        QVERIFY(QString::fromStdString(status.damaged_path)
                    .startsWith(QString::fromStdString(path + ".corrupt-")));
        QVERIFY(containsCi(status.message, "damaged"));
        QVERIFY(containsCi(status.message, status.damaged_path));
        if (!backup.empty()) {
            QCOMPARE(status.newest_backup, backup);
            QVERIFY(containsCi(status.message, backup));
            // The backup is a working library.
            ScenarioStore fromBackup;
            QVERIFY(fromBackup.open(backup).ok());
            QCOMPARE(fromBackup.count().value, std::int64_t(60));
        }
        // Fresh and usable.
        QCOMPARE(st.count().value, std::int64_t(0));
        QVERIFY(st.create(pretrainScenario("After recovery")).ok());
        QCOMPARE(st.integrityCheck().value, std::string("ok"));
        // The bad file is kept for the user, not deleted.
        if (kind == "text")
            QCOMPARE(readText(status.damaged_path),
                     std::string("These are my notes, not a database.\n"));
    }

    // Random byte damage anywhere in a real library: whatever open() decides (recover, or
    // open as is when the damage is in unused space or inside a JSON text), nothing crashes
    // and every call answers with a value or an error. Fixed seed: reproducible.
    void randomDamageNeverCrashes()
    {
        FILE_LIBRARY_ONLY();
        const std::string pristine = m_dir->filePath("pristine.db").toStdString();
        {
            ScenarioStore st;
            QVERIFY(st.open(pristine).ok());
            for (int i = 0; i < 30; ++i) {
                Scenario s = pretrainScenario("Scenario " + std::to_string(i));
                s.project = "p" + std::to_string(i % 3);
                QVERIFY(st.create(s).ok());
            }
        }
        QCOMPARE(rawQuery(pristine, "PRAGMA wal_checkpoint(TRUNCATE)").substr(0, 1),
                 std::string("0"));
        QFile src(QString::fromStdString(pristine));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QByteArray bytes = src.readAll();
        src.close();
        std::mt19937 rng(20261129);
        int recovered = 0, openedAsIs = 0;
        for (int round = 0; round < 40; ++round) {
            QByteArray damaged = bytes;
            std::uniform_int_distribution<int> count(1, 64), pos(0, int(bytes.size()) - 1),
                byte(0, 255);
            const int n = count(rng);
            for (int k = 0; k < n; ++k)
                damaged[pos(rng)] = char(byte(rng));
            const std::string path =
                m_dir->filePath(QStringLiteral("fuzz-%1.db").arg(round)).toStdString();
            QFile out(QString::fromStdString(path));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(damaged);
            out.close();

            ScenarioStore st;
            const Status e = st.open(path);
            if (!e)
                continue; // a clear error is an acceptable outcome too
            (st.status().recovered ? recovered : openedAsIs)++;
            auto rows = st.list();
            if (rows.ok())
                for (const ScenarioRow& r : rows.value) {
                    (void)st.loadCurrent(r.id);
                    (void)st.revisions(r.id);
                    (void)st.tags(r.id);
                }
            ListFilter f;
            f.text = "Scen";
            f.tags = {{TagKind::Project, "p1"}};
            (void)st.list(f);
            (void)st.integrityCheck();
            (void)st.create(pretrainScenario("After damage"));
        }
        qInfo("40 damaged copies: %d recovered, %d opened as is", recovered, openedAsIs);
        QVERIFY(recovered > 0);
    }

    void corruptFileWithoutRecoveryFails()
    {
        FILE_LIBRARY_ONLY();
        std::ofstream(dbPath()) << "not a database";
        ScenarioStore st;
        StoreOptions o;
        o.recover_corrupt = false;
        Status e = st.open(lib(), o);
        // Issue 44: a text file was reported as a damaged library; it is named as text.
        QVERIFY2(containsCi(e.error, "a text file, not an SQLite database"), e.error.c_str());
        QVERIFY(!st.isOpen());
        QCOMPARE(readText(dbPath()), std::string("not a database"));
        // A plan given where a library belongs says what it probably is.
        std::ofstream(dbPath()) << "{\"schema_version\": 1}";
        e = st.open(lib(), o);
        QVERIFY2(containsCi(e.error, "JSON file"), e.error.c_str());
        // Binary damage without recovery is still "damaged".
        {
            std::ofstream f(dbPath(), std::ios::binary);
            f.write("\x01\x02\x03garbage\x00\x00", 12);
        }
        e = st.open(lib(), o);
        QVERIFY2(containsCi(e.error, "damaged"), e.error.c_str());
    }

    // Issue 44: `--db` naming a FIFO hung costlab-cli and costlab-report (SQLite's open()
    // waits for a writer); a FIFO, with or without recovery, is refused at once.
    void fifoIsRefusedAtOnce()
    {
        FILE_LIBRARY_ONLY();
        const std::string fifo = m_dir->filePath(QStringLiteral("pipe.db")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (bool recover : {false, true}) {
            ScenarioStore st;
            StoreOptions o;
            o.recover_corrupt = recover;
            const Status e = st.open(fifo, o);
            QVERIFY2(containsCi(e.error, "not a regular file"), e.error.c_str());
            QVERIFY(!st.isOpen());
        }
    }

    void foreignSqliteFileIsLeftAlone()
    {
        FILE_LIBRARY_ONLY();
        QCOMPARE(rawQuery(lib(), "SELECT 1"), std::string("<error>")); // no file yet
        sqlite3* db = nullptr;
        sqlite3_open(dbPath().c_str(), &db);
        sqlite3_exec(db, "CREATE TABLE birds (name TEXT)", nullptr, nullptr, nullptr);
        sqlite3_close(db);
        ScenarioStore st;
        Status e = st.open(lib());
        QVERIFY2(containsCi(e.error, "not a Costlab library"), e.error.c_str());
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM sqlite_master"), std::string("1"));
    }

    void readOnlyOpenRejectsWrites()
    {
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            id = st.create(pretrainScenario("Existing")).value;
            QVERIFY(st.seedDefaultCatalog(defaultCatalogText()).ok());
        }
        ScenarioStore st;
        StoreOptions o;
        o.read_only = true;
        QVERIFY(st.open(lib(), o).ok());
        QVERIFY(st.isReadOnly());
        QVERIFY(st.status().read_only);
        QVERIFY(containsCi(st.status().message, "read-only"));
        // Reading works.
        QCOMPARE(st.list().value.size(), size_t(1));
        QVERIFY(st.loadCurrent(id).ok());
        // Every write says why it failed.
        Scenario s = pretrainScenario("Edited");
        const std::string before = scenarioToJson(s);
        auto save = st.saveRevision(id, s);
        QVERIFY(!save.ok());
        QVERIFY2(containsCi(save.error, "read-only"), save.error.c_str());
        QVERIFY(save.kind == StoreError::ReadOnly); // what code acts on; the text is for people
        QCOMPARE(scenarioToJson(s), before);
        QVERIFY(containsCi(st.create(s).error, "read-only"));
        QVERIFY(st.rename(id, "x").kind == StoreError::ReadOnly);
        QVERIFY(st.trash(id).kind == StoreError::ReadOnly);
        QVERIFY(st.setTags(id, {}).kind == StoreError::ReadOnly);
        QVERIFY(st.writeAutosave(id, s).kind == StoreError::ReadOnly);
        QVERIFY(containsCi(st.copyCatalog("default", "x").error, "read-only"));
        QVERIFY(containsCi(st.emptyTrash().error, "read-only"));
        QVERIFY(!st.seedExamples({"x"}).rejected.empty());
        QCOMPARE(st.revisions(id).value.size(), size_t(1));

        // A read-only open of a file that does not exist is an error, not a new file.
        if (onServer())
            return;
        ScenarioStore none;
        QVERIFY(!none.open(m_dir->filePath("nothing.db").toStdString(), o).ok());
        QVERIFY(!QFileInfo::exists(m_dir->filePath("nothing.db")));
    }

    void writableCheckUsesARealProbe()
    {
        FILE_LIBRARY_ONLY();
        // Root passes access() everywhere; /proc refuses new files even for root.
        WritableCheck c = checkWritable("/proc/costlab-test.db");
        QVERIFY(!c.exists);
        QVERIFY(!c.dir_writable);
        QVERIFY2(containsCi(c.reason, "/proc"), c.reason.c_str());
        ScenarioStore st;
        Status e = st.open("/proc/costlab-test.db");
        QVERIFY2(containsCi(e.error, "not writable"), e.error.c_str());
        QVERIFY(!st.isOpen());

        WritableCheck ok = checkWritable(dbPath());
        QVERIFY(ok.dir_writable && ok.file_writable);
        QVERIFY(ok.reason.empty());
        QVERIFY(
            QDir(m_dir->path()).entryList(QDir::Hidden | QDir::Files).isEmpty()); // probe removed

        QVERIFY(!st.open(m_dir->filePath("no/such/folder/lib.db").toStdString()).ok());
        QVERIFY(!st.open(m_dir->path().toStdString()).ok()); // a folder
        QVERIFY(!st.open("").ok());
    }

    void fullDiskFailsCleanlyAndKeepsHistory()
    {
        FILE_LIBRARY_ONLY();
        std::int64_t id = 0;
        std::vector<std::int64_t> revs;
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            id = st.create(pretrainScenario("Big")).value;
            for (int i = 0; i < 3; ++i) {
                Scenario s = pretrainScenario("Big");
                s.phases[0].pretrain.tokens = 1e12 * (i + 1);
                revs.push_back(st.saveRevision(id, s).value);
            }
        }
        const int pages = std::stoi(rawQuery(lib(), "PRAGMA page_count"));
        ScenarioStore st;
        StoreOptions o;
        o.max_page_count = pages + 4;
        QVERIFY(st.open(lib(), o).ok());
        Scenario big = pretrainScenario("Big");
        big.description = std::string(200 * 1024, 'x'); // ≈ 50 pages of 4 KiB
        const std::string before = scenarioToJson(big);
        auto r = st.saveRevision(id, big, "too big");
        QVERIFY(!r.ok());
        QVERIFY2(containsCi(r.error, "full"), r.error.c_str());
        QVERIFY(containsCi(r.error, "still open"));
        QCOMPARE(scenarioToJson(big), before); // caller's copy untouched
        // History intact, current revision unchanged.
        auto history = st.revisions(id);
        QVERIFY(history.ok());
        QCOMPARE(history.value.size(), size_t(4));
        QCOMPARE(st.scenario(id).value.current_revision, revs.back());
        for (std::int64_t rev : revs)
            QVERIFY(st.loadRevision(rev).ok());
        QCOMPARE(st.integrityCheck().value, std::string("ok"));
        // A small save still fits; after the disk "frees up" the big one goes through.
        QVERIFY(st.saveRevision(id, pretrainScenario("Big"), "small").ok());
        st.close();
        ScenarioStore roomy;
        QVERIFY(roomy.open(lib()).ok());
        QVERIFY(roomy.saveRevision(id, big, "fits now").ok());
    }

    void migrationTakesBackupFirst()
    {
        FILE_LIBRARY_ONLY();
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            QVERIFY(st.create(pretrainScenario("Before upgrade")).ok());
        }
        StoreOptions o;
        o.extra_migrations.push_back(
            {4, [](sqlite3* db) -> std::string {
                 return sqlite3_exec(db, "ALTER TABLE scenarios ADD COLUMN colour TEXT", nullptr,
                                     nullptr, nullptr) == SQLITE_OK
                            ? ""
                            : sqlite3_errmsg(db);
             }});
        ScenarioStore st;
        QVERIFY(st.open(lib(), o).ok());
        QCOMPARE(st.schemaVersion(), 5);
        QCOMPARE(st.status().migrated_from, 4);
        const std::string backup = st.status().migration_backup;
        QVERIFY(QString::fromStdString(backup).startsWith(
            QString::fromStdString(dbPath() + ".backup-v4-")));
        QVERIFY(containsCi(st.status().message, backup));
        QCOMPARE(rawQuery(backup, "PRAGMA user_version"), std::string("4"));
        QCOMPARE(rawQuery(backup, "SELECT name FROM scenarios"), std::string("Before upgrade"));
        QCOMPARE(rawQuery(lib(), "PRAGMA user_version"), std::string("5"));
        QCOMPARE(st.list().value.size(), size_t(1));
        st.close();

        // A failing step rolls back and reports the backup.
        StoreOptions failing = o;
        failing.extra_migrations.push_back({5, [](sqlite3* db) -> std::string {
                                                sqlite3_exec(db, "DROP TABLE tags", nullptr,
                                                             nullptr, nullptr);
                                                return "simulated failure";
                                            }});
        Status e = st.open(lib(), failing);
        QVERIFY(containsCi(e.error, "simulated failure"));
        QVERIFY(containsCi(e.error, ".backup-v5-"));
        QCOMPARE(rawQuery(lib(), "PRAGMA user_version"), std::string("5"));
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM sqlite_master WHERE name = 'tags'"),
                 std::string("1"));

        // A library from a newer version opens read-only instead of being damaged.
        ScenarioStore older;
        QVERIFY(older.open(lib()).ok());
        QVERIFY(older.isReadOnly());
        QVERIFY(containsCi(older.status().read_only_reason, "newer"));
        QCOMPARE(older.list().value.size(), size_t(1));
    }

    /// Issue 48: version 4 signs revisions and gives each person an autosave slot. A
    /// version-3 library keeps its one autosave (now the file's slot) and its revisions,
    /// which name nobody; a new revision names this login.
    void versionThreeLibraryGainsAuthorsAndKeepsItsAutosave()
    {
        FILE_LIBRARY_ONLY();
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            id = st.create(pretrainScenario("Signed plan")).value;
        }
        QVERIFY(downgradeToVersion3(dbPath()));
        QCOMPARE(rawQuery(lib(), "INSERT INTO autosave (slot, scenario_id, json, saved_at) "
                                 "VALUES (1, NULL, '{\"x\":1}', 42)"),
                 std::string());
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QCOMPARE(st.status().migrated_from, 3);
        QCOMPARE(st.schemaVersion(), 4);
        const auto slot = st.readAutosave();
        QVERIFY(slot.ok() && slot.value.has_value());
        QCOMPARE(slot.value->saved_at, std::int64_t(42));
        QCOMPARE(st.revisions(id).value.at(0).saved_by, std::string());
        QVERIFY(st.saveRevision(id, pretrainScenario("Signed plan")).ok());
        const std::string me = qEnvironmentVariable("USER", QStringLiteral("root")).toStdString();
        QCOMPARE(st.revisions(id).value.at(0).saved_by, me);
    }

    /// A version-1 library (before lessons) is upgraded to the current version with a backup
    /// first, and keeps its plans.
    void versionOneLibraryGainsLessons()
    {
        FILE_LIBRARY_ONLY();
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            QVERIFY(st.create(pretrainScenario("Old plan")).ok());
        }
        // Turn it into the version-1 layout: no lessons or actuals table.
        QVERIFY(downgradeToVersion3(dbPath()));
        QCOMPARE(rawQuery(lib(), "DROP TABLE lessons"), std::string());
        QCOMPARE(rawQuery(lib(), "DROP TABLE actuals"), std::string());
        QCOMPARE(rawQuery(lib(), "PRAGMA user_version = 1"), std::string());
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QCOMPARE(st.status().migrated_from, 1);
        QCOMPARE(st.schemaVersion(), kStoreSchemaVersion);
        QVERIFY(!st.status().migration_backup.empty());
        QCOMPARE(st.list().value.size(), size_t(1));
        QVERIFY(st.listLessons().ok());
        QVERIFY(st.listActuals(st.list().value[0].id).ok());
    }

    /// Issue 47: a version-2 library gains the actuals table with a backup first; a
    /// comparison is kept beside its plan's revision, listed newest first, read back whole,
    /// refused for a revision of another plan or text that is not JSON, and goes with its plan.
    void comparisonsAreKeptBesideTheirPlan()
    {
        FILE_LIBRARY_ONLY();
        std::int64_t id = 0, rev = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            const auto made = st.create(pretrainScenario("Running plan"));
            QVERIFY(made.ok());
            id = made.value;
            rev = st.list().value[0].current_revision;
        }
        QVERIFY(downgradeToVersion3(dbPath()));
        QCOMPARE(rawQuery(lib(), "DROP TABLE actuals"), std::string());
        QCOMPARE(rawQuery(lib(), "PRAGMA user_version = 2"), std::string());
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QCOMPARE(st.status().migrated_from, 2);
        QVERIFY(QString::fromStdString(st.status().migration_backup)
                    .contains(QStringLiteral(".backup-v2-")));
        ActualsRecord rec;
        rec.scenario_id = id;
        rec.revision_id = rev;
        rec.as_of = 1799020800;
        rec.files = R"([{"file":"bill.csv","format":"focus","lines":700}])";
        rec.actual_to_date = 661024;
        rec.planned_to_date = 656968;
        rec.flags = 2;
        rec.json = R"({"as_of":"2027-01-04T00:00:00Z"})";
        const auto first = st.saveActuals(rec);
        QVERIFY2(first.ok(), first.error.c_str());
        rec.flags = 3;
        const auto second = st.saveActuals(rec);
        QVERIFY(second.ok());
        const auto rows = st.listActuals(id);
        QCOMPARE(rows.value.size(), size_t(2));
        QCOMPARE(rows.value[0].id, second.value); // newest first
        QCOMPARE(rows.value[1].flags, 2);
        QCOMPARE(rows.value[1].actual_to_date, 661024.0);
        QVERIFY(rows.value[1].json.empty()); // listing leaves the JSON out
        const auto one = st.actuals(first.value);
        QCOMPARE(one.value.json, rec.json);
        QCOMPARE(one.value.files, rec.files);
        QVERIFY(one.value.taken_at > 0);
        ActualsRecord wrong = rec;
        wrong.revision_id = rev + 1000;
        QVERIFY(st.saveActuals(wrong).kind == StoreError::NotFound);
        ActualsRecord bad = rec;
        bad.json = "not json";
        QVERIFY(st.saveActuals(bad).kind == StoreError::Invalid);
        QVERIFY(st.actuals(999999).kind == StoreError::NotFound);
        // Emptying the trash deletes the plan and its comparisons with it (ON DELETE CASCADE).
        QVERIFY(st.trash(id).ok());
        QCOMPARE(st.emptyTrash().value, 1);
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM actuals"), std::string("0"));
    }

    void lessonsAreKeptInTheLibrary()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QFile f(QStringLiteral(COSTLAB_RESOURCE_DIR
                               "/lessons/01-pretraining-cost.costlab-lesson.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        const Result<std::string> id = st.saveLesson(text);
        QVERIFY2(id.ok(), id.error.c_str());
        QCOMPARE(QString::fromStdString(id.value), QStringLiteral("pretraining-cost"));
        QVERIFY(st.saveLesson(text).ok()); // the same id replaces, not duplicates
        const auto rows = st.listLessons();
        QCOMPARE(rows.value.size(), size_t(1));
        QCOMPARE(QString::fromStdString(rows.value[0].title),
                 QStringLiteral("1. What pre-training costs"));
        QCOMPARE(st.lessonJson("pretraining-cost").value, text);
        // A lesson the reader refuses never enters the library.
        const Result<std::string> bad =
            st.saveLesson(R"({"schema_version": 1, "kind": "costlab-lesson"})");
        QVERIFY(!bad.ok());
        QVERIFY(bad.kind == StoreError::Invalid);
        QVERIFY(containsCi(bad.error, "/id"));
        QCOMPARE(st.listLessons().value.size(), size_t(1));
        QVERIFY(st.deleteLesson("pretraining-cost").ok());
        QVERIFY(st.lessonJson("pretraining-cost").kind == StoreError::NotFound);
        QVERIFY(st.deleteLesson("pretraining-cost").kind == StoreError::NotFound);
    }

    void automaticBackupOncePerPeriod()
    {
        FILE_LIBRARY_ONLY();
        {
            ScenarioStore st;
            StoreOptions o;
            o.auto_backup_hours = 24;
            QVERIFY(st.open(lib(), o).ok());
            QVERIFY(st.status().auto_backup.empty()); // nothing to back up in a new library
            QVERIFY(st.create(pretrainScenario("Keep me")).ok());
        }
        StoreOptions o;
        o.auto_backup_hours = 24;
        ScenarioStore st;
        QVERIFY(st.open(lib(), o).ok());
        const std::string b = st.status().auto_backup;
        QVERIFY(QFileInfo::exists(QString::fromStdString(b)));
        QCOMPARE(rawQuery(b, "SELECT name FROM scenarios"), std::string("Keep me"));
        st.close();
        ScenarioStore again;
        QVERIFY(again.open(lib(), o).ok());
        QVERIFY(again.status().auto_backup.empty()); // the one above is recent enough
    }

    void twoConnectionsInterleave()
    {
        ScenarioStore a, b;
        QVERIFY(a.open(lib()).ok());
        QVERIFY(b.open(lib()).ok());
        auto shared = a.create(pretrainScenario("Shared"));
        QVERIFY(shared.ok());
        // b sees a's work without reopening.
        QCOMPARE(b.list().value.size(), size_t(1));
        for (int i = 0; i < 20; ++i) {
            Scenario s = pretrainScenario("Shared");
            s.phases[0].gpus = 100 + i;
            ScenarioStore& w = i % 2 ? a : b;
            QVERIFY(w.saveRevision(shared.value, s, "step " + std::to_string(i)).ok());
            QVERIFY((i % 2 ? b : a).create(pretrainScenario("Own " + std::to_string(i))).ok());
        }
        QCOMPARE(a.revisions(shared.value).value.size(), size_t(21));
        QCOMPARE(b.count().value, std::int64_t(21));
        QCOMPARE(a.loadCurrent(shared.value).value.phases[0].gpus, 119.0);
        QCOMPARE(b.loadCurrent(shared.value).value.phases[0].gpus, 119.0);
        QCOMPARE(a.integrityCheck().value, std::string("ok"));
    }

    void lockHeldTooLongIsAClearErrorNotDamage()
    {
        FILE_LIBRARY_ONLY();
        std::int64_t id = 0;
        {
            ScenarioStore st;
            QVERIFY(st.open(lib()).ok());
            id = st.create(pretrainScenario("Locked")).value;
        }
        // Another program holds the write lock (an open write transaction).
        sqlite3* other = nullptr;
        QCOMPARE(sqlite3_open(dbPath().c_str(), &other), SQLITE_OK);
        QCOMPARE(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
        ScenarioStore st;
        StoreOptions o;
        o.busy_timeout_ms = 100;
        QVERIFY(st.open(lib(), o).ok()); // readers are not blocked in WAL mode
        QVERIFY(!st.status().recovered);
        auto r = st.saveRevision(id, pretrainScenario("Locked"), "while locked");
        QVERIFY(!r.ok());
        QVERIFY2(containsCi(r.error, "locked"), r.error.c_str());
        QVERIFY(containsCi(r.error, "still open"));
        sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(other);
        QCOMPARE(st.revisions(id).value.size(), size_t(1));
        QVERIFY(st.saveRevision(id, pretrainScenario("Locked"), "after").ok());
    }

    void idsAreNeverReused()
    {
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        auto a = st.create(pretrainScenario("A"));
        const std::int64_t rev = st.scenario(a.value).value.current_revision;
        QVERIFY(st.trash(a.value).ok());
        QCOMPARE(st.emptyTrash().value, 1);
        auto b = st.create(pretrainScenario("B"));
        QVERIFY(b.value > a.value);
        QVERIFY(st.scenario(b.value).value.current_revision > rev);
        QVERIFY(!st.loadRevision(rev).ok());
    }

    void restoreLibraryFromBackup()
    {
        FILE_LIBRARY_ONLY();
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QVERIFY(st.create(pretrainScenario("One")).ok());
        QVERIFY(st.create(pretrainScenario("Two")).ok());
        const std::string backup = dbPath() + ".backup-manual";
        QVERIFY(st.backupTo(backup).ok());
        QVERIFY(st.create(pretrainScenario("Three")).ok());

        // A second connection stays usable across the restore.
        ScenarioStore other;
        QVERIFY(other.open(lib()).ok());
        QCOMPARE(other.count().value, std::int64_t(3));

        auto r = st.restoreLibraryFrom(backup);
        QVERIFY2(r.ok(), r.error.c_str());
        QCOMPARE(st.count().value, std::int64_t(2));
        QCOMPARE(other.count().value, std::int64_t(2));
        QCOMPARE(rawQuery(r.value, "SELECT count(*) FROM scenarios"), std::string("3"));
        QCOMPARE(st.integrityCheck().value, std::string("ok"));
        QCOMPARE(rawQuery(lib(), "PRAGMA journal_mode"), std::string("wal"));
        QVERIFY(st.create(pretrainScenario("Four")).ok());

        // Not a library: refused, nothing changed.
        const std::string notes = m_dir->filePath("notes.txt").toStdString();
        std::ofstream(notes) << "hello";
        auto bad = st.restoreLibraryFrom(notes);
        QVERIFY(!bad.ok());
        // Named as what it is (issue 44), not as a damaged library.
        QVERIFY2(containsCi(bad.error, "not an SQLite database"), bad.error.c_str());
        QCOMPARE(readText(notes), std::string("hello"));
        QVERIFY(!st.restoreLibraryFrom(m_dir->filePath("none.db").toStdString()).ok());
        QCOMPARE(st.count().value, std::int64_t(3));
    }

    /// Issue 48: a viewer's rights are the server's grants, not the client's goodwill. The
    /// store opens read-only and says why; raw SQL as that role (a modified client) changes
    /// nothing; the password never shows in the library's name.
    void readOnlyRoleCannotChangeAnything()
    {
        TEAM_LIBRARY_ONLY();
        std::int64_t id = 0;
        {
            ScenarioStore owner;
            QVERIFY(owner.open(lib()).ok());
            id = owner.create(pretrainScenario("Budget")).value;
            QVERIFY(owner.seedDefaultCatalog(defaultCatalogText()).ok());
        }
        QCOMPARE(serverQuery("CREATE ROLE costlab_viewer LOGIN PASSWORD 'viewer-secret'; "
                             "GRANT USAGE ON SCHEMA public TO costlab_viewer; "
                             "GRANT SELECT ON ALL TABLES IN SCHEMA public TO costlab_viewer"),
                 std::string());
        ScenarioStore viewer;
        const Status opened = viewer.open(asRole("costlab_viewer", "viewer-secret"));
        QVERIFY2(opened.ok(), opened.error.c_str());
        QVERIFY(viewer.isReadOnly());
        QVERIFY2(containsCi(viewer.status().read_only_reason, "costlab_viewer"),
                 viewer.status().read_only_reason.c_str());
        QVERIFY(!containsCi(viewer.path(), "secret"));
        QVERIFY(!containsCi(viewer.status().message, "secret"));
        QCOMPARE(viewer.list().value.size(), size_t(1));
        QVERIFY(viewer.loadCurrent(id).ok());
        QVERIFY(viewer.saveRevision(id, pretrainScenario("Budget")).kind == StoreError::ReadOnly);
        for (const char* sql :
             {"INSERT INTO scenarios (name, created, modified) VALUES "
              "('x', 1, 1)",
              "UPDATE scenarios SET name = 'x'", "DELETE FROM revisions",
              "UPDATE catalogs SET json = '{}'", "DELETE FROM tags",
              "INSERT INTO meta (key, value) VALUES ('k', 'v')", "TRUNCATE actuals",
              "DROP TABLE tags", "ALTER TABLE scenarios ADD COLUMN x TEXT"})
            QCOMPARE(serverQuery(sql, "costlab_viewer"), std::string("<error>"));
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM revisions"), std::string("1"));
        QCOMPARE(rawQuery(lib(), "SELECT name FROM scenarios"), std::string("Budget"));
    }

    /// Issue 48: every revision names the role that saved it, set by the server: a client
    /// that sends another name is overruled.
    void revisionsAreSignedByTheRole()
    {
        TEAM_LIBRARY_ONLY();
        {
            ScenarioStore owner;
            QVERIFY(owner.open(lib()).ok());
        }
        QCOMPARE(serverQuery("CREATE ROLE costlab_planner LOGIN PASSWORD 'p'; "
                             "GRANT USAGE ON SCHEMA public TO costlab_planner; "
                             "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "
                             "public TO costlab_planner"),
                 std::string());
        ScenarioStore planner;
        QVERIFY(planner.open(asRole("costlab_planner", "p")).ok());
        QVERIFY(!planner.isReadOnly());
        const auto id = planner.create(pretrainScenario("Signed"));
        QVERIFY2(id.ok(), id.error.c_str());
        QCOMPARE(planner.revisions(id.value).value.at(0).saved_by, std::string("costlab_planner"));
        const std::string forged = "INSERT INTO revisions (scenario_id, created, json, saved_by) "
                                   "VALUES (" +
                                   std::to_string(id.value) + ", 1, '{}', 'mallory')";
        QCOMPARE(serverQuery(forged, "costlab_planner"), std::string());
        QCOMPARE(rawQuery(lib(), "SELECT saved_by FROM revisions ORDER BY id DESC LIMIT 1"),
                 std::string("costlab_planner"));
        // A temporary table named pg_class does not make the planner the owner: the guard
        // reads the real catalog.
        QCOMPARE(serverQuery("CREATE TEMP TABLE pg_class (oid oid, relowner oid); INSERT INTO "
                             "pg_class SELECT 'revisions'::regclass, oid FROM pg_roles WHERE "
                             "rolname = current_user; SET search_path = pg_temp, public; " +
                                 forged,
                             "costlab_planner"),
                 std::string());
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM revisions WHERE saved_by = 'mallory'"),
                 std::string("0"));
        // A saved revision's content and author stay as saved; its cached figures may move
        // (a catalog edit refreshes them).
        QCOMPARE(serverQuery("UPDATE revisions SET json = '{}'", "costlab_planner"),
                 std::string("<error>"));
        QCOMPARE(serverQuery("UPDATE revisions SET saved_by = 'mallory'", "costlab_planner"),
                 std::string("<error>"));
        QCOMPARE(serverQuery("UPDATE revisions SET total_cost = 1", "costlab_planner"),
                 std::string());
        QVERIFY(planner.loadCurrent(id.value).ok());
        // Copying a library in is the owner's work: a planner's copy would re-sign history.
        ScenarioStore file;
        QVERIFY(file.open(dbPath()).ok());
        QVERIFY(file.create(pretrainScenario("From a file")).ok());
        const auto refused = planner.copyFrom(file);
        QVERIFY(refused.kind == StoreError::ReadOnly);
        QVERIFY2(containsCi(refused.error, "owns it"), refused.error.c_str());
    }

    /// Issue 48: each role has its own autosave slot, and the server keeps the others' out
    /// of reach (row-level security), not only the client's filter.
    void autosaveIsEachRolesOwn()
    {
        TEAM_LIBRARY_ONLY();
        {
            ScenarioStore owner;
            QVERIFY(owner.open(lib()).ok());
        }
        QCOMPARE(serverQuery("CREATE ROLE costlab_planner LOGIN PASSWORD 'p'; "
                             "CREATE ROLE costlab_viewer LOGIN PASSWORD 'q'; "
                             "GRANT USAGE ON SCHEMA public TO costlab_planner, costlab_viewer; "
                             "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "
                             "public TO costlab_planner, costlab_viewer"),
                 std::string());
        ScenarioStore alice, bob;
        QVERIFY(alice.open(asRole("costlab_planner", "p")).ok());
        QVERIFY(bob.open(asRole("costlab_viewer", "q")).ok());
        QVERIFY(alice.writeAutosave(0, pretrainScenario("Alice's unsaved edits")).ok());
        QVERIFY(alice.readAutosave().value.has_value());
        QVERIFY(!bob.readAutosave().value.has_value());
        QVERIFY(bob.clearAutosave().ok());
        QVERIFY(alice.readAutosave().value.has_value()); // bob's clear was his slot only
        QCOMPARE(serverQuery("SELECT count(*) FROM autosave", "costlab_viewer"), std::string("0"));
        QCOMPARE(serverQuery("DELETE FROM autosave", "costlab_viewer"), std::string());
        QCOMPARE(rawQuery(lib(), "SELECT count(*) FROM autosave"), std::string("1"));
    }

    /// Issue 48: finance may own the price catalogs without editing plans — the store opens
    /// read-only for plans and lets it change catalogs, as the grants say.
    void catalogsCanBeOwnedByAnotherRole()
    {
        TEAM_LIBRARY_ONLY();
        std::int64_t id = 0;
        {
            ScenarioStore owner;
            QVERIFY(owner.open(lib()).ok());
            QVERIFY(owner.seedDefaultCatalog(defaultCatalogText()).ok());
            id = owner.create(pretrainScenario("Priced plan")).value;
        }
        QCOMPARE(serverQuery("CREATE ROLE costlab_viewer LOGIN PASSWORD 'f'; "
                             "GRANT USAGE ON SCHEMA public TO costlab_viewer; "
                             "GRANT SELECT ON ALL TABLES IN SCHEMA public TO costlab_viewer; "
                             "GRANT INSERT, UPDATE, DELETE ON catalogs TO costlab_viewer; "
                             "GRANT UPDATE (total_cost, currency, p_oom, gpu_hours) "
                             "ON scenarios, revisions TO costlab_viewer"),
                 std::string());
        ScenarioStore finance;
        QVERIFY(finance.open(asRole("costlab_viewer", "f")).ok());
        QVERIFY(finance.isReadOnly());
        QVERIFY(finance.canChangeCatalogs());
        QVERIFY(finance.saveRevision(id, pretrainScenario("Priced plan")).kind ==
                StoreError::ReadOnly);
        const auto copy = finance.copyCatalog("default", "Negotiated prices");
        QVERIFY2(copy.ok(), copy.error.c_str());
        QVERIFY(finance.updateCatalog(copy.value, finance.catalogJson(copy.value).value).ok());
        const auto refreshed = finance.refreshFigures("default", [](const Scenario&) {
            CachedFigures f;
            f.total_cost = 42;
            return f;
        });
        QVERIFY2(refreshed.ok(), refreshed.error.c_str());
        QCOMPARE(finance.scenario(id).value.figures.total_cost, 42.0);
    }

    /// Issue 48: a save that waits longer than the busy timeout for the library's writer
    /// lock (another session's long transaction) is "busy", names the cause, writes nothing.
    void writerLockHeldTooLongIsBusy()
    {
        TEAM_LIBRARY_ONLY();
        ScenarioStore st;
        StoreOptions o;
        o.busy_timeout_ms = 200;
        QVERIFY(st.open(lib(), o).ok());
        const auto id = st.create(pretrainScenario("Locked"));
        QVERIFY(id.ok());
        PGconn* other = PQconnectdb(kServerLibrary);
        QCOMPARE(PQstatus(other), CONNECTION_OK);
        PQclear(PQexec(other, "BEGIN"));
        // The store's writer lock: pg_advisory_xact_lock on "Costlab" (pgsql.cpp).
        PGresult* lock = PQexec(other, "SELECT pg_advisory_xact_lock(18981365104796002)");
        QCOMPARE(PQresultStatus(lock), PGRES_TUPLES_OK);
        PQclear(lock);
        const auto r = st.saveRevision(id.value, pretrainScenario("Locked"), "while locked");
        PQclear(PQexec(other, "ROLLBACK"));
        PQfinish(other);
        QVERIFY2(r.kind == StoreError::Busy, r.error.c_str());
        QVERIFY2(containsCi(r.error, "try again"), r.error.c_str());
        QCOMPARE(st.revisions(id.value).value.size(), size_t(1));
        QVERIFY(st.saveRevision(id.value, pretrainScenario("Locked"), "after").ok());
    }

    /// Issue 48: a commit in one session reaches the others through LISTEN/NOTIFY, so their
    /// lists refresh; a session's own writes do not count as news.
    void otherSessionsChangesAreAnnounced()
    {
        TEAM_LIBRARY_ONLY();
        ScenarioStore a, b;
        QVERIFY(a.open(lib()).ok());
        QVERIFY(b.open(lib()).ok());
        const std::int64_t before = b.dataVersion().value;
        const std::int64_t own = a.dataVersion().value;
        QVERIFY(a.create(pretrainScenario("News")).ok());
        QTRY_VERIFY_WITH_TIMEOUT(b.dataVersion().value != before, 5000);
        QCOMPARE(a.dataVersion().value, own);
    }

    /// Issue 48: a lost server is "offline", never damage; the open plan is the caller's to
    /// keep, and the next call reconnects.
    void lostServerIsOfflineAndReconnects()
    {
        TEAM_LIBRARY_ONLY();
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        const auto id = st.create(pretrainScenario("Kept"));
        QVERIFY(id.ok());
        QCOMPARE(serverQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                             "WHERE application_name = 'costlab'"),
                 std::string("1"));
        const auto lost = st.saveRevision(id.value, pretrainScenario("Kept"));
        QVERIFY(!lost.ok());
        QVERIFY(lost.kind == StoreError::Io);
        QVERIFY2(containsCi(lost.error, "offline"), lost.error.c_str());
        const auto again = st.saveRevision(id.value, pretrainScenario("Kept"));
        QVERIFY2(again.ok(), again.error.c_str());
        QCOMPARE(st.revisions(id.value).value.size(), size_t(2));
    }

    /// Issue 48: the connection is encrypted when the server offers TLS (libpq's default
    /// sslmode=prefer); sslmode=verify-full accepts the authority that signed the server and
    /// refuses another with a message that names TLS, not "offline".
    void connectionsAreEncryptedAndVerified()
    {
        TEAM_LIBRARY_ONLY();
        const std::string ca = qEnvironmentVariable("COSTLAB_TEST_PG_CA").toStdString();
        const std::string other = qEnvironmentVariable("COSTLAB_TEST_PG_OTHER_CA").toStdString();
        QVERIFY2(!ca.empty(), "tst_store_pg runs with TLS on (tests/store/pg-tls-env.sh)");
        ScenarioStore st;
        QVERIFY(st.open(lib()).ok());
        QCOMPARE(serverQuery("SELECT bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a "
                             "USING (pid) WHERE a.application_name = 'costlab'"),
                 std::string("t"));
        const std::string db = serverQuery("SELECT current_database()");
        ScenarioStore verified;
        const Status ok = verified.open("postgresql://localhost/" + db +
                                        "?sslmode=verify-full&sslrootcert=" + ca);
        QVERIFY2(ok.ok(), ok.error.c_str());
        ScenarioStore refused;
        const Status e = refused.open("postgresql://localhost/" + db +
                                      "?sslmode=verify-full&sslrootcert=" + other);
        QVERIFY(!e.ok());
        QVERIFY2(containsCi(e.error, "TLS"), e.error.c_str());
        QVERIFY(!containsCi(e.error, "offline"));
    }

    /// Issue 48, on any run: a server that can't be reached is a clear "offline" error
    /// (never "damaged"), and a password given in the connection string is never repeated.
    void unreachableServerIsAClearError()
    {
        ScenarioStore st;
        const Status e = st.open("postgresql://alice:hunter2@127.0.0.1:1/team?connect_timeout=2");
        QVERIFY(!e.ok());
        QVERIFY(e.kind == StoreError::Io);
        QVERIFY2(containsCi(e.error, "can't be reached"), e.error.c_str());
        QVERIFY(!containsCi(e.error, "hunter2"));
        QVERIFY(!st.isOpen());
        QCOMPARE(redactedConnection("postgresql://alice:hunter2@db.example.com:5433/team"),
                 std::string("postgresql://alice@db.example.com:5433/team"));
        QCOMPARE(redactedConnection("postgresql://db/team?password=hunter2&sslmode=require"),
                 std::string("postgresql://db/team?sslmode=require"));
        QCOMPARE(redactedConnection("postgresql://db/team?sslmode=verify-full&password=x"),
                 std::string("postgresql://db/team?sslmode=verify-full"));
        QCOMPARE(redactedConnection("/home/a/library.db"), std::string("/home/a/library.db"));
        // libpq reads a '?' as part of a password and knows sslpassword and %-encoded keys:
        // the redaction goes by libpq's own reading, so none of them survives.
        for (const char* given :
             {"postgresql://u:pa?ss@h/db", "postgresql://h/db?sslpassword=pa?ss",
              "postgresql://h/db?%70assword=pa?ss"}) {
            const std::string shown = redactedConnection(given);
            QVERIFY2(!containsCi(shown, "pa?ss") && !containsCi(shown, "pa%3Fss"), shown.c_str());
        }
        // A string libpq cannot read is not echoed at all (its text may hold a password).
        const Status bad = st.open("postgresql://u:s3cr%zz@h/db");
        QVERIFY(bad.kind == StoreError::Invalid);
        QVERIFY2(!containsCi(bad.error, "s3cr"), bad.error.c_str());
    }

    /// Issue 48: a library copied into another (a file into this run's library, and back
    /// into a file) keeps every plan, revision, tag, catalog and comparison with their ids;
    /// copying again adds nothing; a target holding other data under the same ids is refused
    /// with nothing written. On the PostgreSQL run this is file → server → file.
    void libraryCopyIsCompleteIdempotentAndVerified()
    {
        const std::string source = m_dir->filePath("source.db").toStdString();
        std::int64_t id = 0, rev = 0;
        {
            ScenarioStore src;
            QVERIFY(src.open(source).ok());
            QVERIFY(src.seedDefaultCatalog(defaultCatalogText()).ok());
            id = src.create(pretrainScenario("Moved plan")).value;
            QVERIFY(src.saveRevision(id, pretrainScenario("Moved plan"), "second").ok());
            QVERIFY(src.setTags(id, {{TagKind::Project, "apollo"}}).ok());
            const auto trashed = src.create(pretrainScenario("Trashed"));
            QVERIFY(src.trash(trashed.value).ok());
            rev = src.scenario(id).value.current_revision;
            ActualsRecord rec;
            rec.scenario_id = id;
            rec.revision_id = rev;
            rec.as_of = 1799020800;
            rec.files = "[]";
            rec.actual_to_date = 661024.25;
            rec.json = "{}";
            QVERIFY(src.saveActuals(rec).ok());
            // The highest id the source ever used belongs to a plan since deleted.
            const auto gone = src.create(pretrainScenario("Deleted"));
            QVERIFY(src.restoreFromTrash(trashed.value).ok());
            QVERIFY(src.trash(gone.value).ok());
            QCOMPARE(src.emptyTrash().value, 1);
            QVERIFY(src.trash(trashed.value).ok());
        }
        // Revisions saved before schema version 4 name nobody: still copied as they are.
        QVERIFY(downgradeToVersion3(source));
        {
            ScenarioStore upgrade;
            QVERIFY(upgrade.open(source).ok());
            QCOMPARE(upgrade.status().migrated_from, 3);
        }
        ScenarioStore src;
        QVERIFY(src.open(source, inspectOnlyOptions()).ok());
        ScenarioStore dst;
        QVERIFY(dst.open(lib()).ok());
        const auto first = dst.copyFrom(src);
        QVERIFY2(first.ok(), first.error.c_str());
        std::map<std::string, std::int64_t> rows;
        for (const auto& t : first.value.tables) {
            QCOMPARE(t.copied, t.rows); // an empty target: everything is new
            rows[t.name] = t.rows;
        }
        QCOMPARE(rows["scenarios"], std::int64_t(2));
        QCOMPARE(rows["revisions"], std::int64_t(3));
        QCOMPARE(rows["actuals"], std::int64_t(1));
        ListFilter all;
        all.include_trashed = true;
        QCOMPARE(dst.count(all).value, std::int64_t(2));
        QCOMPARE(dst.scenario(id).value.current_revision, rev);
        QCOMPARE(dst.revisions(id).value.size(), size_t(2));
        QCOMPARE(dst.revisions(id).value.at(0).message, std::string("second"));
        QCOMPARE(dst.tags(id).value, (std::vector<Tag>{{TagKind::Project, "apollo"}}));
        QCOMPARE(dst.listActuals(id).value.at(0).actual_to_date, 661024.25);
        ActualsRecord later = dst.actuals(dst.listActuals(id).value.at(0).id).value;
        later.flags = 3;
        QVERIFY(dst.saveActuals(later).ok()); // a new comparison beside the copied one
        QCOMPARE(dst.listActuals(id).value.size(), size_t(2));
        QCOMPARE(dst.listActuals(id).value.at(0).flags, 3);
        QCOMPARE(dst.catalogJson("default").value, src.catalogJson("default").value);
        QCOMPARE(dst.loadCurrent(id).value.name, std::string("Moved plan"));
        QCOMPARE(dst.revisions(id).value.at(1).saved_by, std::string()); // kept, not re-signed
        // New ids continue after every id the source used, the deleted plan's included.
        const auto fresh = dst.create(pretrainScenario("After the copy"));
        QVERIFY2(fresh.ok(), fresh.error.c_str());
        QVERIFY2(fresh.value > id + 2, std::to_string(fresh.value).c_str());

        const auto again = dst.copyFrom(src);
        QVERIFY2(again.ok(), again.error.c_str());
        for (const auto& t : again.value.tables)
            QCOMPARE(t.copied, std::int64_t(0));

        // Another library whose plan 1 is a different plan: refused, nothing written.
        const std::string otherPath = m_dir->filePath("other.db").toStdString();
        {
            ScenarioStore o;
            QVERIFY(o.open(otherPath).ok());
            QVERIFY(o.create(pretrainScenario("Someone else's plan")).ok());
        }
        ScenarioStore other;
        QVERIFY(other.open(otherPath, inspectOnlyOptions()).ok());
        QVERIFY(dst.copyFrom(dst).kind == StoreError::Invalid); // the same library
        const auto clash = dst.copyFrom(other);
        QVERIFY(clash.kind == StoreError::Conflict);
        QVERIFY2(containsCi(clash.error, "scenarios"), clash.error.c_str());
        QCOMPARE(dst.count(all).value, std::int64_t(3));

        // And back into a file: the portable copy of a team library.
        ScenarioStore back;
        QVERIFY(back.open(m_dir->filePath("back.db").toStdString()).ok());
        const auto out = back.copyFrom(dst);
        QVERIFY2(out.ok(), out.error.c_str());
        QCOMPARE(back.count(all).value, std::int64_t(3));
        QCOMPARE(back.revisions(id).value.size(), size_t(2));
        QCOMPARE(back.integrityCheck().value, std::string("ok"));
    }

    void closedStoreReportsErrors()
    {
        ScenarioStore st;
        QVERIFY(!st.list().ok());
        QVERIFY(!st.create(pretrainScenario("x")).ok());
        QVERIFY(!st.loadRevision(1).ok());
        QVERIFY(!st.backupTo(dbPath()).ok());
        QVERIFY(!st.readAutosave().ok());
    }
};

QTEST_GUILESS_MAIN(tst_Store)
#include "tst_store.moc"
