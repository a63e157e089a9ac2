// Library views over a real ScenarioStore in a temporary folder: the dock's list, filters,
// sorting and actions, import/export, history with diff, the catalog editor's validation
// and saving, and the read-only library.
#include "catalogeditordialog.h"
#include "document.h"
#include "historydialog.h"
#include "languages.h"
#include "librarydock.h"
#include "librarymodel.h"
#include "librarysession.h"
#include "libraryutil.h"

#include "catalogio.h"
#include "scenario_json.h"
#include "store.h"
#include "widgettestutil.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDate>
#include <QDialog>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace costlab;

class TestLibrary : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void listShowsSeededExamples();
    void namesFitOnceTheLibraryOpens();
    void textFilterNarrows();
    void tagFilterNarrows();
    void tagsAreEditedInTheApp();
    void sortByTotalOrdersRows();
    void unsortableColumnKeepsOrder();
    void duplicateRenameTrashRestoreEmpty();
    void openEmitsCurrentRevision();
    void importReportsBadFiles();
    void exportWritesLoadableFiles();
    void historyDiffAndRestore();
    void sessionFollowsRestoreAndKeepsMessages();
    void twoWindowsNeverOverwriteSilently();
    void planFromAFileInTheLibraryGetsARevision();
    void unopenableLibraryNamesPathAndReason();
    void catalogEditorValidatesAndSaves();
    void catalogEditorHeadersIdsAndEditedPrices();
    void catalogRenameDeleteAndUndated();
    void readOnlyStoreDisablesWrites();
    void pagingFetchesMore();
    void sanitisedNames();

private:
    QString dbPath() const { return m_dir->filePath(QStringLiteral("library.db")); }
    /// Open (creating) the library with the default catalog and the examples seeded.
    std::unique_ptr<ScenarioStore> openSeeded(const StoreOptions& options = {});
    static QStringList columnTexts(const LibraryModel* m, int column);

    std::unique_ptr<QTemporaryDir> m_dir;
};

std::unique_ptr<ScenarioStore> TestLibrary::openSeeded(const StoreOptions& options)
{
    auto store = std::make_unique<ScenarioStore>();
    const Status err = store->open(dbPath().toStdString(), options);
    if (!err)
        qFatal("open: %s", err.error.c_str());
    if (store->isReadOnly())
        return store;
    QFile f(QStringLiteral(COSTLAB_RESOURCE_DIR "/catalog/default.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no default catalog");
    auto seeded = store->seedDefaultCatalog(f.readAll().toStdString());
    if (!seeded)
        qFatal("seed catalog: %s", seeded.error.c_str());
    std::vector<std::string> examples;
    for (const QString& p : test::exampleScenarios())
        examples.push_back(p.toStdString());
    FiguresCalculator figures(store.get());
    store->seedExamples(examples, [&figures](const Scenario& s) { return figures(s); });
    return store;
}

QStringList TestLibrary::columnTexts(const LibraryModel* m, int column)
{
    QStringList out;
    for (int r = 0; r < m->rowCount(); ++r)
        out << m->index(r, column).data().toString();
    return out;
}

void TestLibrary::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestLibrary::cleanup()
{
    m_dir.reset();
}

void TestLibrary::listShowsSeededExamples()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    const int examples = int(test::exampleScenarios().size());
    QVERIFY(examples >= 7);
    QCOMPARE(dock.model()->rowCount(), examples);
    QCOMPARE(dock.model()->totalCount(), qint64(examples));
    const QStringList names = columnTexts(dock.model(), LibraryModel::NameColumn);
    QVERIFY(names.contains(QStringLiteral("Route A: bigger pre-training")));
    QVERIFY(names.contains(QStringLiteral("Route B: smaller base + heavy RL")));
    // Cached figures were computed at seeding: every example has a positive total shown
    // with its currency symbol, and the GPU-hours column carries its unit.
    for (int r = 0; r < dock.model()->rowCount(); ++r) {
        QVERIFY(dock.model()->rowAt(r)->figures.total_cost > 0);
        const QString total = dock.model()->index(r, LibraryModel::TotalColumn).data().toString();
        QVERIFY2(total.contains(QLatin1Char('$')) || total.contains(QChar(0x00A5)),
                 qPrintable(total));
        QVERIFY(dock.model()
                    ->index(r, LibraryModel::GpuHoursColumn)
                    .data()
                    .toString()
                    .endsWith(QStringLiteral("GPU·h")));
        QVERIFY(dock.model()
                    ->index(r, LibraryModel::POomColumn)
                    .data()
                    .toString()
                    .contains(QLatin1Char('%')));
    }
    // Issue 13: the banner must not call a library "empty" above its seeded examples.
    QVERIFY2(!dock.bannerText().contains(QStringLiteral("empty")), qPrintable(dock.bannerText()));
    QVERIFY(dock.bannerText().contains(QStringLiteral("with the example plans")));
}

// Issue 49: names were cut to about 8 characters because the dock is built before its
// library opens (the main window's order) and sized its name column to the header once.
void TestLibrary::namesFitOnceTheLibraryOpens()
{
    auto store = openSeeded();
    LibraryDock dock(nullptr);
    dock.resize(900, 500);
    dock.setStore(store.get());
    auto* view = dock.findChild<QTableView*>();
    QVERIFY(view);
    const QString longest = QStringLiteral("Route B: smaller base + heavy RL");
    const int need = view->fontMetrics().horizontalAdvance(longest);
    QVERIFY2(view->columnWidth(LibraryModel::NameColumn) >= std::min(need, 250),
             qPrintable(QString::number(view->columnWidth(LibraryModel::NameColumn))));
    QVERIFY(view->columnWidth(LibraryModel::NameColumn) <= 260);
    // A narrow dock (2× scale) gives the name less room, never the total (issue 49: "$2").
    dock.show();
    dock.resize(420, 500);
    QTest::qWait(0);
    const QString dearest = view->model()->index(0, LibraryModel::TotalColumn).data().toString();
    QVERIFY(view->columnWidth(LibraryModel::TotalColumn) >=
            view->fontMetrics().horizontalAdvance(dearest));
    QVERIFY2(view->columnViewportPosition(LibraryModel::TotalColumn) +
                     view->columnWidth(LibraryModel::TotalColumn) <=
                 view->viewport()->width(),
             qPrintable(QString::number(view->columnWidth(LibraryModel::NameColumn))));
    // A width the user chose is kept across refreshes.
    view->setColumnWidth(LibraryModel::NameColumn, 90);
    dock.refresh();
    QCOMPARE(view->columnWidth(LibraryModel::NameColumn), 90);
}

void TestLibrary::textFilterNarrows()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    const int all = dock.model()->rowCount();
    // The search matches names and tag values. Among the seeded examples "route" is in two
    // names and in the route-a / route-b / route-comparison tags of four more; only the
    // 405B evaluation campaign has neither (resources/examples/*.costlab.json).
    QTest::keyClicks(dock.searchEdit(), QStringLiteral("route"));
    // The dock re-queries after a short typing pause.
    QTRY_COMPARE(dock.model()->rowCount(), all - 1);
    for (int r = 0; r < dock.model()->rowCount(); ++r) {
        const QString text = dock.model()->index(r, LibraryModel::NameColumn).data().toString() +
                             dock.model()->index(r, LibraryModel::TagsColumn).data().toString();
        QVERIFY2(text.contains(QStringLiteral("route"), Qt::CaseInsensitive), qPrintable(text));
        QVERIFY(!text.contains(QStringLiteral("405B")));
    }
    QTest::keyClicks(dock.searchEdit(), QStringLiteral("-a"));
    // route-a: the two Llama pre-training runs and Route A.
    QTRY_COMPARE(dock.model()->rowCount(), 3);
    dock.searchEdit()->clear();
    QTRY_COMPARE(dock.model()->rowCount(), all);
    QTest::keyClicks(dock.searchEdit(), QStringLiteral("no such scenario anywhere"));
    QTest::keyClick(dock.searchEdit(), Qt::Key_Return); // immediate
    QCOMPARE(dock.model()->rowCount(), 0);
}

void TestLibrary::tagFilterNarrows()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    QComboBox* batch = dock.tagCombo(TagKind::Batch);
    const int idx = batch->findData(QStringLiteral("route-b-rl"));
    QVERIFY(idx > 0);
    batch->setCurrentIndex(idx);
    emit batch->activated(idx);
    QCOMPARE(dock.model()->rowCount(), 1);
    QCOMPARE(dock.model()->index(0, 0).data().toString(),
             QStringLiteral("Route B: smaller base + heavy RL"));
    batch->setCurrentIndex(0);
    emit batch->activated(0);
    QCOMPARE(dock.model()->rowCount(), int(test::exampleScenarios().size()));
}

// Issue 49: tags could be filtered by but not added or edited in the app.
void TestLibrary::tagsAreEditedInTheApp()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    dock.show();
    const qint64 id = dock.model()->scenarioId(0);
    QVERIFY(dock.selectScenario(id));
    QVERIFY(dock.tagsAction()->isEnabled());
    QVERIFY(dock.libraryActions().contains(dock.tagsAction()));

    // Through the dialog: one line per kind, comma-separated, prefilled with the current tags.
    const LibraryDock::TagTexts before = dock.tagTexts(id);
    dock.tagsAction()->trigger();
    auto* dlg = dock.findChild<QDialog*>(QStringLiteral("tagsDialog"));
    QVERIFY(dlg);
    QVERIFY(dlg->windowTitle().contains(dock.model()->index(0, 0).data().toString()));
    auto* project = dlg->findChild<QLineEdit*>(QStringLiteral("tagEdit0"));
    auto* free = dlg->findChild<QLineEdit*>(QStringLiteral("tagEdit3"));
    QVERIFY(project && free);
    QCOMPARE(project->text(), before[0]);
    project->setText(QStringLiteral("  atlas  "));
    free->setText(QStringLiteral("q3 budget, , finance review "));
    dlg->accept();
    const auto tags = store->tags(id);
    QVERIFY(tags.ok());
    const std::vector<Tag> expected = [&] {
        std::vector<Tag> e{{TagKind::Project, "atlas"}};
        for (std::size_t k = 1; k <= 2; ++k)
            for (const QString& v : before[k].split(QStringLiteral(", "), Qt::SkipEmptyParts))
                e.push_back({static_cast<TagKind>(k), v.toStdString()});
        e.push_back({TagKind::Free, "finance review"});
        e.push_back({TagKind::Free, "q3 budget"});
        return e;
    }();
    QCOMPARE(tags.value.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        QVERIFY(tags.value[i] == expected[i]);
    // The filter menus offer the new values, and the list shows them.
    QVERIFY(dock.tagCombo(TagKind::Project)->findData(QStringLiteral("atlas")) > 0);
    QVERIFY(dock.tagCombo(TagKind::Free)->findData(QStringLiteral("q3 budget")) > 0);
    QCOMPARE(dock.tagTexts(id)[3], QStringLiteral("finance review, q3 budget"));

    // Clearing every line removes every tag.
    QCOMPARE(dock.setScenarioTags(id, {}), QString());
    QVERIFY(store->tags(id).value.empty());
}

void TestLibrary::sortByTotalOrdersRows()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    dock.view()->sortByColumn(LibraryModel::TotalColumn, Qt::AscendingOrder);
    std::vector<double> totals;
    for (int r = 0; r < dock.model()->rowCount(); ++r)
        totals.push_back(dock.model()->rowAt(r)->figures.total_cost);
    QVERIFY(totals.size() >= 7);
    QVERIFY(std::is_sorted(totals.begin(), totals.end()));
    QVERIFY(totals.front() < totals.back());
    dock.view()->sortByColumn(LibraryModel::TotalColumn, Qt::DescendingOrder);
    std::vector<double> desc;
    for (int r = 0; r < dock.model()->rowCount(); ++r)
        desc.push_back(dock.model()->rowAt(r)->figures.total_cost);
    QVERIFY(std::is_sorted(desc.rbegin(), desc.rend()));
    // By name: alphabetical (all example names start with ASCII letters).
    dock.view()->sortByColumn(LibraryModel::NameColumn, Qt::AscendingOrder);
    const QStringList names = columnTexts(dock.model(), LibraryModel::NameColumn);
    QStringList sorted = names;
    sorted.sort(Qt::CaseInsensitive);
    QCOMPARE(names, sorted);
}

void TestLibrary::unsortableColumnKeepsOrder()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    dock.view()->sortByColumn(LibraryModel::NameColumn, Qt::AscendingOrder);
    const QStringList before = columnTexts(dock.model(), LibraryModel::NameColumn);
    dock.view()->sortByColumn(LibraryModel::TagsColumn, Qt::DescendingOrder);
    QCOMPARE(columnTexts(dock.model(), LibraryModel::NameColumn), before);
    QCOMPARE(dock.view()->horizontalHeader()->sortIndicatorSection(),
             int(LibraryModel::NameColumn));
}

void TestLibrary::duplicateRenameTrashRestoreEmpty()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    const int n = dock.model()->rowCount();
    dock.view()->sortByColumn(LibraryModel::NameColumn, Qt::AscendingOrder);
    const qint64 first = dock.model()->scenarioId(0);
    const QString firstName = dock.model()->index(0, 0).data().toString();

    // Duplicate through the action on the selection.
    QVERIFY(dock.selectScenario(first));
    QVERIFY(dock.duplicateAction()->isEnabled());
    dock.duplicateAction()->trigger();
    QCOMPARE(dock.model()->rowCount(), n + 1);
    QVERIFY(columnTexts(dock.model(), 0).contains(firstName + QStringLiteral(" (copy)")));
    const QList<qint64> sel = dock.selectedScenarioIds();
    QCOMPARE(sel.size(), 1);
    const qint64 copy = sel.front();
    QVERIFY(copy != first);

    // Rename, with a name full of SQL and Unicode.
    const QString odd = QStringLiteral("'); DROP TABLE scenarios;-- 路线 ✓");
    QCOMPARE(dock.renameScenario(copy, odd), QString());
    QVERIFY(columnTexts(dock.model(), 0).contains(odd));
    QVERIFY(!dock.renameScenario(copy, QStringLiteral("  ")).isEmpty());

    // Trash: gone from the list, present in the trash view.
    QCOMPARE(dock.trashScenarios({copy}), QString());
    QCOMPARE(dock.model()->rowCount(), n);
    dock.showTrashAction()->setChecked(true);
    QCOMPARE(dock.model()->rowCount(), 1);
    QCOMPARE(dock.model()->index(0, 0).data().toString(), odd);
    QVERIFY(!dock.openAction()->isEnabled());
    QVERIFY(dock.emptyTrashAction()->isEnabled());

    // Restore through the action.
    QVERIFY(dock.selectScenario(copy));
    QVERIFY(dock.restoreAction()->isEnabled());
    dock.restoreAction()->trigger();
    QCOMPARE(dock.model()->rowCount(), 0);
    dock.showTrashAction()->setChecked(false);
    QCOMPARE(dock.model()->rowCount(), n + 1);

    // Trash again and empty the trash through the confirmation box.
    QCOMPARE(dock.trashScenarios({copy}), QString());
    dock.showTrashAction()->setChecked(true);
    QCOMPARE(dock.model()->rowCount(), 1);
    dock.emptyTrashAction()->trigger();
    auto* box = dock.findChild<QMessageBox*>(QStringLiteral("emptyTrashConfirm"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("1 scenario")));
    box->button(QMessageBox::Discard)->click();
    QCOMPARE(dock.model()->rowCount(), 0);
    QVERIFY(!dock.emptyTrashAction()->isEnabled());
    dock.showTrashAction()->setChecked(false);
    QCOMPARE(dock.model()->rowCount(), n);
    QVERIFY(!store->scenario(copy).ok());
}

void TestLibrary::openEmitsCurrentRevision()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    QSignalSpy spy(&dock, &LibraryDock::openRequested);
    const ScenarioRow row = *dock.model()->rowAt(2);
    QVERIFY(dock.selectScenario(row.id));
    dock.openAction()->trigger();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toLongLong(), row.id);
    QCOMPARE(spy.at(0).at(1).toLongLong(), row.current_revision);
}

void TestLibrary::importReportsBadFiles()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    const int before = dock.model()->rowCount();
    const QString good1 = QStringLiteral(COSTLAB_TEST_DATA_DIR "/good/minimal.costlab.json");
    const QString good2 = QStringLiteral(COSTLAB_TEST_DATA_DIR "/good/preset_model.costlab.json");
    const QString bad1 = QStringLiteral(COSTLAB_TEST_DATA_DIR "/bad/negative_gpus.costlab.json");
    const QString bad2 = QStringLiteral(COSTLAB_TEST_DATA_DIR "/bad/not_json.costlab.json");
    const QString missing = m_dir->filePath(QStringLiteral("nowhere.costlab.json"));
    const auto out = dock.importFiles({good1, bad1, good2, bad2, missing});
    QCOMPARE(out.imported.size(), 2);
    QCOMPARE(out.rejected.size(), 3);
    QCOMPARE(dock.model()->rowCount(), before + 2);
    // Each rejected file is named with a reason: the JSON pointer for the bad value.
    QVERIFY2(out.rejected[0].contains(QStringLiteral("negative_gpus.costlab.json")) &&
                 out.rejected[0].contains(QStringLiteral("gpus")),
             qPrintable(out.rejected[0]));
    QVERIFY(out.rejected[1].contains(QStringLiteral("not_json.costlab.json")));
    QVERIFY(out.rejected[2].contains(QStringLiteral("nowhere.costlab.json")));
    for (const QString& r : out.rejected)
        QVERIFY2(r.indexOf(QStringLiteral(": ")) > 0, qPrintable(r));
    // Imported scenarios got cached figures by evaluation.
    for (qint64 id : out.imported)
        QVERIFY(store->scenario(id).value.figures.total_cost > 0);

    dock.showImportReport(out);
    auto* report = dock.findChild<QDialog*>(QStringLiteral("importReport"));
    QVERIFY(report);
    auto* list = report->findChild<QListWidget*>(QStringLiteral("rejectedFiles"));
    QVERIFY(list);
    QCOMPARE(list->count(), 3);
    QCOMPARE(list->item(0)->text(), out.rejected[0]);
    report->reject();
}

void TestLibrary::exportWritesLoadableFiles()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    const qint64 a = dock.model()->scenarioId(0);
    const qint64 b = dock.duplicateScenario(a);
    QVERIFY(b);
    QCOMPARE(dock.renameScenario(b, QStringLiteral("../evil: name?*")), QString());
    const qint64 c = dock.duplicateScenario(b); // same name, "(copy)" suffix
    QVERIFY(c);
    QCOMPARE(dock.renameScenario(c, QStringLiteral("../evil: name?*")), QString());
    QTemporaryDir out;
    const auto result = dock.exportScenarios({a, b, c}, out.path());
    QVERIFY2(result.errors.isEmpty(), qPrintable(result.errors.join('\n')));
    QCOMPARE(result.written.size(), 3);
    for (const QString& path : result.written) {
        QCOMPARE(QFileInfo(path).dir().absolutePath(), QDir(out.path()).absolutePath());
        const LoadResult loaded = loadScenarioFile(path.toStdString());
        QVERIFY2(loaded.scenario, qPrintable(path));
    }
    QVERIFY(QFileInfo::exists(out.filePath(QStringLiteral("_evil_ name__.costlab.json"))));
    QVERIFY(QFileInfo::exists(out.filePath(QStringLiteral("_evil_ name__ (2).costlab.json"))));
    const LoadResult evil =
        loadScenarioFile(out.filePath(QStringLiteral("_evil_ name__.costlab.json")).toStdString());
    QCOMPARE(evil.scenario->name, std::string("../evil: name?*"));
    // No leftover temporary files from QSaveFile.
    QCOMPARE(QDir(out.path()).entryList(QDir::Files).size(), 3);
    // A missing folder is an error, not a crash.
    const auto bad = dock.exportScenarios({a}, out.filePath(QStringLiteral("no/such/folder")));
    QCOMPARE(bad.written.size(), 0);
    QCOMPARE(bad.errors.size(), 1);
}

void TestLibrary::historyDiffAndRestore()
{
    auto store = openSeeded();
    LibraryDock dock(store.get());
    auto s =
        loadScenarioFile(test::examplePath("llama3-8b-pretrain-h100.costlab.json").toStdString());
    QVERIFY(s.scenario);
    auto id = store->create(*s.scenario, "first");
    QVERIFY(id.ok());
    Scenario second = *s.scenario;
    second.phases[0].pretrain.tokens = 2e12; // registry id "pretrain.tokens", unit "tokens"
    QVERIFY(store->saveRevision(id.value, second, "fewer tokens").ok());
    Scenario third = second;
    third.phases[0].pretrain.tokens = 3e12;
    QVERIFY(store->saveRevision(id.value, third, "more tokens").ok());
    dock.refresh();
    QVERIFY(dock.selectScenario(id.value));
    QVERIFY(dock.historyAction()->isEnabled());
    dock.historyAction()->trigger();
    auto* dlg = dock.findChild<HistoryDialog*>();
    QVERIFY(dlg);
    QCOMPARE(dlg->revisionTable()->rowCount(), 3);
    QCOMPARE(dlg->revisionTable()->item(0, 1)->text(), QStringLiteral("more tokens"));
    QCOMPARE(dlg->revisionTable()->item(2, 1)->text(), QStringLiteral("first"));

    // Select the two older revisions and diff them through the button.
    const QList<qint64> revs = dlg->revisionIds();
    dlg->revisionTable()->clearSelection();
    dlg->revisionTable()->selectRow(1);
    dlg->revisionTable()->setSelectionMode(QAbstractItemView::MultiSelection);
    dlg->revisionTable()->selectRow(2);
    QVERIFY(dlg->diffButton()->isEnabled());
    dlg->diffButton()->click();
    QTableWidget* diff = dlg->diffTable();
    QCOMPARE(diff->rowCount(), 1);
    QVERIFY2(diff->item(0, 0)->text().contains(QStringLiteral("pretrain.tokens")),
             qPrintable(diff->item(0, 0)->text()));
    // The example's 15T tokens, written out in the reader's format (issue 49: never
    // "1.5e+13"; the history once read "4e+02 → 3e+02").
    QCOMPARE(diff->item(0, 1)->text(), QLocale().toString(15e12, 'f', 0));
    QCOMPARE(diff->item(0, 2)->text(), QLocale().toString(2e12, 'f', 0));
    QCOMPARE(diff->item(0, 3)->text(), QStringLiteral("tokens"));

    // Restore the first revision: a fourth revision equal to the first.
    const qint64 newRev = dlg->restoreRevision(revs[2]);
    QVERIFY(newRev);
    QCOMPARE(dlg->revisionTable()->rowCount(), 4);
    auto current = store->loadCurrent(id.value);
    QVERIFY(current.ok());
    QCOMPARE(current.value.phases[0].pretrain.tokens, 15e12);
    QVERIFY(store->diffRevisions(revs[2], newRev).value.empty());
    dlg->reject();
}

void TestLibrary::sessionFollowsRestoreAndKeepsMessages()
{
    // Issue 13: History → Restore as current must update the open plan, and Save to
    // Library keeps the user's message on the revision.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    const Catalog cat = test::loadTestCatalog();
    LibrarySession session(&doc, &cat, nullptr);
    LibraryDock dock(nullptr);
    session.setDock(&dock);
    session.open(dbPath(), false);
    QVERIFY(session.canSave());
    QVERIFY(session.save(true, QStringLiteral("first")));
    const qint64 sid = session.scenarioId();
    QVERIFY(sid != 0);
    QVERIFY(doc.setValue(QStringLiteral("pretrain.tokens"), 2e12));
    QVERIFY(session.save(true, QStringLiteral("fewer tokens")));
    ScenarioStore* store = session.store();
    const auto revs = store->revisions(sid).value;
    QCOMPARE(revs.size(), std::size_t(2));
    QCOMPARE(revs[0].message, std::string("fewer tokens")); // newest first
    QCOMPARE(revs[1].message, std::string("first"));

    // Restore the first revision through the History dialog, as the user does.
    HistoryDialog history(store, sid);
    // Issue 48: each revision names who saved it (the login on a file library).
    const auto* table = history.findChild<QTableWidget*>(QStringLiteral("revisionTable"));
    QVERIFY(table);
    QCOMPARE(table->columnCount(), 4);
    QVERIFY(!store->user().empty());
    QCOMPARE(table->item(0, 3)->text(), QString::fromStdString(store->user()));
    if (const QString out = qEnvironmentVariable("COSTLAB_HISTORY_IMAGE"); !out.isEmpty()) {
        history.resize(900, 520);
        QVERIFY(history.grab().save(out));
    }
    connect(&history, &HistoryDialog::revisionRestored, &dock, &LibraryDock::revisionRestored);
    const qint64 restored = history.restoreRevision(revs[1].id);
    QVERIFY(restored);
    QCOMPARE(doc.value(QStringLiteral("pretrain.tokens")), 15e12); // the open plan followed
    QCOMPARE(session.scenarioId(), sid);
    // Another scenario's restore leaves the open plan alone.
    QVERIFY(!session.followRestoredRevision(sid + 1000, restored));
}

// Issue 44: two windows on one library overwrote each other's saves silently and neither
// list refreshed. Window B saves first; A's save names the revision it started from, is a
// conflict, and writes nothing until A chooses; A notices B's save (data_version) and, with
// no edits of its own, shows B's revision.
void TestLibrary::twoWindowsNeverOverwriteSilently()
{
    const Catalog cat = test::loadTestCatalog();
    Document docA, docB;
    QVERIFY(docA.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    LibrarySession a(&docA, &cat, nullptr), b(&docB, &cat, nullptr);
    LibraryDock dockA(nullptr);
    a.setDock(&dockA);
    a.open(dbPath(), false);
    b.open(dbPath(), false);
    QVERIFY(a.save(false, QStringLiteral("A's first")));
    const qint64 sid = a.scenarioId();
    const qint64 first = a.baseRevision();
    QVERIFY(first > 0);
    QVERIFY(b.openRevision(sid, first));
    const qint64 listed = dockA.model()->totalCount();

    // Both edit; B saves first.
    QVERIFY(docB.setValue(QStringLiteral("pretrain.tokens"), 3e12));
    QVERIFY(b.save(false, QStringLiteral("B's tokens")));
    QVERIFY(docA.setValue(QStringLiteral("pretrain.gpus"), 2048));
    QVERIFY(!a.save(false, QStringLiteral("A's GPUs"))); // a conflict, not an overwrite
    ScenarioStore* store = a.store();
    QCOMPARE(store->revisions(sid).value.size(), std::size_t(2));
    QCOMPARE(store->loadCurrent(sid).value.phases[0].pretrain.tokens, 3e12);
    QVERIFY(docA.isModified()); // A's edits are still open

    // A resolves: keep mine as a new revision; B's stays in History.
    a.setConflictChoiceForTests(LibrarySession::ConflictChoice::KeepMine);
    QVERIFY(a.save(false, QStringLiteral("A's GPUs")));
    QCOMPARE(store->revisions(sid).value.size(), std::size_t(3));
    QCOMPARE(store->loadCurrent(sid).value.phases[0].gpus, 2048.0);

    // B, unmodified, notices A's save and shows it; a new plan from B refreshes A's list.
    QVERIFY(b.checkForChanges());
    QCOMPARE(docB.value(QStringLiteral("pretrain.gpus")), 2048.0);
    QCOMPARE(b.baseRevision(), store->scenario(sid).value.current_revision);
    b.detach();
    QVERIFY(b.save(false, QStringLiteral("B's own plan")));
    QVERIFY(a.checkForChanges());
    QCOMPARE(dockA.model()->totalCount(), listed + 1);

    // Save as a copy leaves the other window's revision current.
    QVERIFY(b.openRevision(sid, store->scenario(sid).value.current_revision));
    QVERIFY(docB.setValue(QStringLiteral("pretrain.tokens"), 4e12));
    QVERIFY(docA.setValue(QStringLiteral("pretrain.tokens"), 5e12));
    QVERIFY(a.save(false, QStringLiteral("A again")));
    b.setConflictChoiceForTests(LibrarySession::ConflictChoice::SaveCopy);
    QVERIFY(b.save(false, QStringLiteral("B's copy")));
    QVERIFY(b.scenarioId() != sid);
    QCOMPARE(store->loadCurrent(sid).value.phases[0].pretrain.tokens, 5e12);
    QCOMPARE(store->loadCurrent(b.scenarioId()).value.phases[0].pretrain.tokens, 4e12);
}

// Issue 49: a plan opened from a file whose plan the library already held got a second row
// when it was saved to the library. It now gets a revision of the scenario holding it; a
// file holding an older revision asks first (the conflict), and another plan is a new row.
void TestLibrary::planFromAFileInTheLibraryGetsARevision()
{
    const Catalog cat = test::loadTestCatalog();
    auto base =
        loadScenarioFile(test::examplePath("llama3-8b-pretrain-h100.costlab.json").toStdString());
    QVERIFY(base.scenario);
    Scenario plan = *base.scenario;
    plan.name = "Issue 49 plan";
    const QString path = m_dir->filePath(QStringLiteral("issue49.costlab.json"));
    QVERIFY(saveScenarioFile(plan, path.toStdString()).empty());

    Document doc;
    LibrarySession session(&doc, &cat, nullptr);
    session.open(dbPath(), false);
    QVERIFY(session.canSave());
    ScenarioStore* store = session.store();
    QVERIFY(doc.load(path));
    session.fileOpened();
    QCOMPARE(session.scenarioId(), qint64(0)); // not in the library yet
    QVERIFY(session.save(false, QStringLiteral("first")));
    const qint64 sid = session.scenarioId();
    QVERIFY(sid != 0);
    const qint64 rows = store->count().value;

    // Opened again (another day, or from Recent Files), edited, saved: the same row.
    QVERIFY(doc.load(path));
    session.fileOpened();
    QCOMPARE(session.scenarioId(), sid);
    QCOMPARE(session.baseRevision(), store->scenario(sid).value.current_revision);
    QVERIFY(doc.setValue(QStringLiteral("pretrain.tokens"), 2e12));
    QVERIFY(session.save(false, QStringLiteral("fewer tokens")));
    QCOMPARE(session.scenarioId(), sid);
    QCOMPARE(store->count().value, rows);
    QCOMPARE(store->revisions(sid).value.size(), std::size_t(2));

    // The file still holds the first revision: a save over the newer one is a conflict the
    // user resolves, and keeping mine adds a revision to the same row.
    QVERIFY(doc.load(path));
    session.fileOpened();
    QCOMPARE(session.scenarioId(), sid);
    QVERIFY(session.baseRevision() != store->scenario(sid).value.current_revision);
    QVERIFY(doc.setValue(QStringLiteral("pretrain.gpus"), 2048));
    QVERIFY(!session.save(false, QStringLiteral("from the old file")));
    QCOMPARE(store->revisions(sid).value.size(), std::size_t(2));
    session.setConflictChoiceForTests(LibrarySession::ConflictChoice::KeepMine);
    QVERIFY(session.save(false, QStringLiteral("from the old file")));
    QCOMPARE(store->revisions(sid).value.size(), std::size_t(3));
    QCOMPARE(store->count().value, rows);

    // A file with another plan is not attached to it: Save to Library adds a row.
    plan.name = "Another plan";
    QVERIFY(saveScenarioFile(plan, path.toStdString()).empty());
    QVERIFY(doc.load(path));
    session.fileOpened();
    QCOMPARE(session.scenarioId(), qint64(0));
    QVERIFY(session.save(false, QStringLiteral("another")));
    QCOMPARE(store->count().value, rows + 1);
}

void TestLibrary::unopenableLibraryNamesPathAndReason()
{
    // Issue 13: an unwritable or unreachable library path must be named with its reason
    // where it stays visible, and Save to Library must be off.
    Document doc;
    const Catalog cat = test::loadTestCatalog();
    LibrarySession session(&doc, &cat, nullptr);
    LibraryDock dock(nullptr);
    session.setDock(&dock);
    const QString bad = m_dir->filePath(QStringLiteral("no-such-folder/lib.db"));
    session.open(bad, false);
    QVERIFY(!session.canSave());
    QVERIFY(session.openError().contains(QDir::toNativeSeparators(bad)));
    QVERIFY2(dock.bannerText().contains(QDir::toNativeSeparators(bad)),
             qPrintable(dock.bannerText()));
    QVERIFY(dock.bannerText().contains(QStringLiteral("could not be opened")));
    QVERIFY(!session.save(false));
}

void TestLibrary::catalogEditorValidatesAndSaves()
{
    auto store = openSeeded();
    CatalogEditorDialog dlg(store.get());
    QCOMPARE(dlg.currentCatalogId(), QStringLiteral("default"));
    // Column 19: the reserved price (after the hardware, step-time model and node columns).
    QVERIFY(dlg.isCurrentReadOnly());
    QVERIFY(!(dlg.table(CatalogEditorDialog::AcceleratorsTab)->item(0, 19)->flags() &
              Qt::ItemIsEditable));
    // Units in the headers.
    QVERIFY(dlg.table(CatalogEditorDialog::AcceleratorsTab)
                ->horizontalHeaderItem(19)
                ->text()
                .contains(QStringLiteral("USD/GPU·h")));

    const QString id = dlg.copyCurrent(QStringLiteral("My prices"));
    QVERIFY(!id.isEmpty());
    QCOMPARE(dlg.currentCatalogId(), id);
    QVERIFY(!dlg.isCurrentReadOnly());
    QVERIFY(dlg.problems().isEmpty());

    QTableWidgetItem* spot = dlg.cellFor(QStringLiteral("/accelerators/0/prices/spot"));
    QVERIFY(spot);
    QVERIFY(spot->flags() & Qt::ItemIsEditable);
    dlg.table(CatalogEditorDialog::AcceleratorsTab)->setCurrentItem(spot);
    spot->setText(QStringLiteral("-2"));
    QCOMPARE(dlg.problems().size(), 1);
    QVERIFY2(dlg.problems().front().startsWith(QStringLiteral("/accelerators/0/prices/spot: ")),
             qPrintable(dlg.problems().front()));
    QVERIFY(dlg.cellMessage().contains(QStringLiteral("/accelerators/0/prices/spot")));
    QVERIFY(dlg.cellMessage().contains(QStringLiteral("-2")));
    QVERIFY(!spot->toolTip().isEmpty());
    QVERIFY(!dlg.saveButton()->isEnabled());
    QVERIFY(!dlg.save().isEmpty());

    // The reader's own words, exactly (catalogreader.cpp's range of a GPU-hour price).
    QCOMPARE(dlg.problems().front(),
             QStringLiteral("/accelerators/0/prices/spot: expected null (not offered) or a finite "
                            "number, currency per GPU-hour in (0, 10000]; got number -2"));

    // Text in a number cell is reported by the same reader, in the reader's language (issue
    // 49: the catalog editor listed English messages in a Chinese window): no English word
    // is left but the pointer, the unit's currency code and the value.
    QVERIFY(setLanguage(QStringLiteral("zh_CN")));
    QTableWidgetItem* hbm = dlg.cellFor(QStringLiteral("/accelerators/0/hbm_gib"));
    hbm->setText(QStringLiteral("lots"));
    QCOMPARE(dlg.problems().size(), 2);
    // "null" is JSON's own word for "not offered" and stays.
    const QRegularExpression english(
        QStringLiteral("\\b(expected|got|number|finite|offered|string|in)\\b"));
    for (const QString& p : dlg.problems()) {
        const QString words = p.mid(p.indexOf(QStringLiteral(": ")) + 2);
        QVERIFY2(words.contains(QStringLiteral("应为")) && !words.contains(english), qPrintable(p));
    }
    QVERIFY(dlg.problems().join(QLatin1Char('\n')).contains(QStringLiteral("\"lots\"")));
    QVERIFY(setLanguage(QStringLiteral("en")));

    hbm->setText(QStringLiteral("40"));
    spot->setText(QStringLiteral("2.5"));
    QVERIFY(dlg.problems().isEmpty());
    QVERIFY(dlg.cellMessage().isEmpty());
    QVERIFY(dlg.saveButton()->isEnabled());
    // Empty price = not offered; an emptied optional figure = no source (scale-out assumed).
    dlg.cellFor(QStringLiteral("/accelerators/1/prices/reserved"))->setText(QString());
    dlg.cellFor(QStringLiteral("/accelerators/1/scaleout_gbps"))->setText(QString());
    QVERIFY(dlg.problems().isEmpty());
    QCOMPARE(dlg.save(), QString());

    auto text = store->catalogJson(id.toStdString());
    QVERIFY(text.ok());
    std::vector<std::string> errors;
    auto cat = catalogFromJson(text.value, errors);
    QVERIFY(cat);
    QCOMPARE(cat->accelerators[0].price_spot, 2.5);
    QCOMPARE(cat->accelerators[1].price_reserved, -1.0);
    QVERIFY(!cat->accelerators[1].scaleout_known);
    QCOMPARE(cat->accelerators[1].scaleout_gbps, 400.0);
    QCOMPARE(cat->id, id.toStdString());
    // The default catalog is untouched.
    auto def = catalogFromJson(store->catalogJson("default").value, errors);
    QVERIFY(def);
    QVERIFY(def->accelerators[0].price_spot != 2.5);
}

// Issue 49: the catalog editor cut its headers, its Id column scrolled out of view, and an
// edited price went on citing the source of the price it replaced.
void TestLibrary::catalogEditorHeadersIdsAndEditedPrices()
{
    auto store = openSeeded();
    CatalogEditorDialog dlg(store.get());
    // Every header whole: on the catalog shown first, and on one loaded after it.
    auto headersWhole = [&dlg] {
        for (int t = 0; t < CatalogEditorDialog::TabCount; ++t) {
            const QTableWidget* table = dlg.table(CatalogEditorDialog::Tab(t));
            for (int c = 0; c < table->columnCount(); ++c) {
                const int needed = table->horizontalHeader()->sectionSizeHint(c);
                if (table->columnWidth(c) < needed) {
                    qWarning("tab %d, column %d “%s”: %d px for a %d px header", t, c,
                             qPrintable(table->horizontalHeaderItem(c)->text()),
                             table->columnWidth(c), needed);
                    return false;
                }
            }
        }
        return true;
    };
    QVERIFY(headersWhole());
    const QString id = dlg.copyCurrent(QStringLiteral("My prices"));
    QVERIFY(!id.isEmpty());
    QVERIFY(headersWhole());

    // Each row is headed by its id, which stays in view while the columns scroll.
    QTableWidget* acc = dlg.table(CatalogEditorDialog::AcceleratorsTab);
    QCOMPARE(acc->horizontalScrollMode(), QAbstractItemView::ScrollPerPixel);
    for (int r = 0; r < acc->rowCount(); ++r)
        QCOMPARE(acc->verticalHeaderItem(r)->text(), acc->item(r, 0)->text());
    const QTableWidget* instances = dlg.table(CatalogEditorDialog::InstancesTab);
    QCOMPARE(instances->verticalHeaderItem(0)->text(), instances->item(0, 0)->text());
    QTableWidgetItem* idCell = dlg.cellFor(QStringLiteral("/accelerators/0/id"));
    const QString oldId = idCell->text();
    idCell->setText(QStringLiteral("my-gpu"));
    QCOMPARE(acc->verticalHeaderItem(0)->text(), QStringLiteral("my-gpu"));
    idCell->setText(oldId);

    // An edited price says who changed it on what day, and what it was from which source.
    const QString user = QString::fromStdString(store->user());
    const QString today = QDate::currentDate().toString(Qt::ISODate);
    QTableWidgetItem* source = dlg.cellFor(QStringLiteral("/accelerators/0/price_source/text"));
    QTableWidgetItem* sourceDate = dlg.cellFor(QStringLiteral("/accelerators/0/price_source/date"));
    const QString oldSource = source->text(), oldDate = sourceDate->text();
    const QString hardware = dlg.cellFor(QStringLiteral("/accelerators/0/source/text"))->text();
    QTableWidgetItem* spot = dlg.cellFor(QStringLiteral("/accelerators/0/prices/spot"));
    QTableWidgetItem* onDemand = dlg.cellFor(QStringLiteral("/accelerators/0/prices/on_demand"));
    const QString oldSpot = spot->text(), oldOnDemand = onDemand->text();
    spot->setText(QStringLiteral("2.5"));
    const QString note = QStringLiteral("Edited by %1 on %2; was Spot (USD/GPU·h) %3 from %4 (%5)")
                             .arg(user, today, oldSpot, oldSource, oldDate);
    QCOMPARE(source->text(), note);
    QCOMPARE(sourceDate->text(), today);
    QCOMPARE(dlg.cellFor(QStringLiteral("/accelerators/0/source/text"))->text(), hardware);
    // A second price of that source joins the note (never a note about a note).
    onDemand->setText(QStringLiteral("3.5"));
    QVERIFY2(source->text().contains(
                 QStringLiteral("was On demand (USD/GPU·h) %1, Spot (USD/GPU·h) %2 from ")
                     .arg(oldOnDemand, oldSpot)),
             qPrintable(source->text()));
    QCOMPARE(source->text().count(QStringLiteral("Edited by")), 1);
    // Both undone: the source is the original again.
    onDemand->setText(oldOnDemand);
    spot->setText(oldSpot);
    QCOMPARE(source->text(), oldSource);
    QCOMPARE(sourceDate->text(), oldDate);
    spot->setText(QStringLiteral("2.5"));
    QCOMPARE(source->text(), note);
    // An instance's price is noted in its one source; a source the user rewrote is kept.
    dlg.cellFor(QStringLiteral("/instances/0/price_hour"))->setText(QStringLiteral("0.2"));
    QVERIFY(dlg.cellFor(QStringLiteral("/instances/0/source/text"))
                ->text()
                .startsWith(QStringLiteral("Edited by %1 on %2; was Price (USD/instance·h) ")
                                .arg(user, today)));
    dlg.cellFor(QStringLiteral("/accelerators/1/price_source/text"))
        ->setText(QStringLiteral("Quote from our reseller"));
    dlg.cellFor(QStringLiteral("/accelerators/1/prices/spot"))->setText(QStringLiteral("0.9"));
    QCOMPARE(dlg.cellFor(QStringLiteral("/accelerators/1/price_source/text"))->text(),
             QStringLiteral("Quote from our reseller"));
    QVERIFY2(dlg.problems().isEmpty(), qPrintable(dlg.problems().join(QLatin1Char('\n'))));
    QCOMPARE(dlg.save(), QString());

    std::vector<std::string> errors;
    const auto cat = catalogFromJson(store->catalogJson(id.toStdString()).value, errors);
    QVERIFY(cat);
    QCOMPARE(QString::fromStdString(cat->accelerators[0].price_source.text), note);
    QCOMPARE(QString::fromStdString(cat->accelerators[0].price_source.date), today);
    QCOMPARE(cat->accelerators[1].price_source.text, std::string("Quote from our reseller"));
}

// Issue 49: a copied catalog could be neither renamed nor deleted in the app, and a date
// nobody recorded showed the file's English word "undated" in a Chinese editor.
void TestLibrary::catalogRenameDeleteAndUndated()
{
    auto store = openSeeded();
    CatalogEditorDialog dlg(store.get());
    QVERIFY(dlg.isCurrentReadOnly());
    QVERIFY(!dlg.renameButton()->isEnabled());
    QVERIFY(!dlg.deleteButton()->isEnabled());
    const QString id = dlg.copyCurrent(QStringLiteral("My prices"));
    QVERIFY(!id.isEmpty());
    QVERIFY(dlg.renameButton()->isEnabled());
    QVERIFY(dlg.deleteButton()->isEnabled());

    // "undated" is shown as the translatable word and stored as the file's word.
    QCOMPARE(dlg.cellFor(QStringLiteral("/accelerators/0/source/date"))->text(),
             QCoreApplication::translate("costlab::CatalogEditorDialog", "undated"));
    QTableWidgetItem* date = dlg.cellFor(QStringLiteral("/accelerators/0/price_source/date"));
    QVERIFY(date);
    QCOMPARE(date->text(), QStringLiteral("2026-06")); // the shipped catalog's price date
    date->setText(QStringLiteral("Undated"));
    QVERIFY2(dlg.problems().isEmpty(), qPrintable(dlg.problems().join(QLatin1Char('\n'))));
    QVERIFY(dlg.documentText().contains(QStringLiteral("\"undated\"")));

    // Rename: stored at once, the unsaved edit stays unsaved, the list shows the new name.
    QVERIFY(dlg.isModified());
    QCOMPARE(dlg.renameCurrent(QStringLiteral("  ")), dlg.tr("A catalog name can't be empty."));
    QCOMPARE(dlg.renameCurrent(QStringLiteral("Reseller quote 2026")), QString());
    QVERIFY(dlg.isModified());
    std::vector<std::string> errors;
    auto stored = catalogFromJson(store->catalogJson(id.toStdString()).value, errors);
    QVERIFY(stored);
    QCOMPARE(stored->name, std::string("Reseller quote 2026"));
    QCOMPARE(stored->accelerators[0].price_source.date, std::string("2026-06")); // not saved
    QCOMPARE(dlg.catalogList()->currentItem()->text(), QStringLiteral("Reseller quote 2026"));
    QCOMPARE(dlg.save(), QString());
    stored = catalogFromJson(store->catalogJson(id.toStdString()).value, errors);
    QCOMPARE(stored->name, std::string("Reseller quote 2026"));
    QCOMPARE(stored->accelerators[0].price_source.date, std::string("undated"));

    // Delete: the plans naming it are counted first; afterwards the library has no such
    // catalog and the editor shows the shipped one.
    const auto rows = store->list();
    QVERIFY(rows.ok() && !rows.value.empty());
    LoadResult loaded = scenarioFromJson(store->revisionJson(rows.value[0].current_revision).value);
    QVERIFY(loaded.scenario);
    Scenario s = *loaded.scenario;
    s.catalog_id = id.toStdString();
    QVERIFY(store->saveRevision(rows.value[0].id, s, "use my prices").ok());
    QCOMPARE(dlg.plansUsing(id), 1);
    QSignalSpy changed(&dlg, &CatalogEditorDialog::catalogsChanged);
    QCOMPARE(dlg.deleteCurrent(), QString());
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.front().front().toString(), id);
    QVERIFY(!store->catalogJson(id.toStdString()).ok());
    QCOMPARE(dlg.currentCatalogId(), QStringLiteral("default"));
    QCOMPARE(dlg.catalogList()->count(), 1);
    // The shipped catalog can be neither renamed nor deleted.
    QVERIFY(!dlg.renameCurrent(QStringLiteral("x")).isEmpty());
    QVERIFY(!dlg.deleteCurrent().isEmpty());
}

void TestLibrary::readOnlyStoreDisablesWrites()
{
    {
        auto seeded = openSeeded(); // create and seed, then reopen read-only
    }
    StoreOptions ro;
    ro.read_only = true;
    auto store = openSeeded(ro);
    QVERIFY(store->isReadOnly());
    LibraryDock dock(store.get());
    QVERIFY(dock.model()->rowCount() >= 7);
    QVERIFY(dock.selectScenario(dock.model()->scenarioId(0)));
    QVERIFY(dock.openAction()->isEnabled());
    QVERIFY(dock.exportAction()->isEnabled());
    QVERIFY(dock.historyAction()->isEnabled());
    for (QAction* a : {dock.duplicateAction(), dock.renameAction(), dock.trashAction(),
                       dock.restoreAction(), dock.emptyTrashAction(), dock.importAction()})
        QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
    QVERIFY2(dock.bannerText().contains(QStringLiteral("read-only")),
             qPrintable(dock.bannerText()));
    // The work methods still refuse cleanly.
    QVERIFY(!dock.renameScenario(dock.model()->scenarioId(0), QStringLiteral("x")).isEmpty());

    CatalogEditorDialog editor(store.get());
    QVERIFY(editor.isCurrentReadOnly());
    QVERIFY(!editor.copyButton()->isEnabled());
    QVERIFY(!editor.saveButton()->isEnabled());

    HistoryDialog history(store.get(), dock.model()->scenarioId(0));
    history.revisionTable()->selectRow(0);
    QVERIFY(!history.restoreButton()->isEnabled());
}

void TestLibrary::pagingFetchesMore()
{
    auto store = openSeeded();
    auto base = loadScenarioFile(test::examplePath("grpo-7b-math.costlab.json").toStdString());
    QVERIFY(base.scenario);
    const int extra = LibraryModel::kPageSize + 30;
    for (int i = 0; i < extra; ++i) {
        Scenario s = *base.scenario;
        s.name = "bulk " + std::to_string(i);
        QVERIFY(store->create(s, {}, {double(i), "USD", 0, 1}).ok());
    }
    LibraryModel model(store.get());
    const int total = extra + int(test::exampleScenarios().size());
    QCOMPARE(model.totalCount(), qint64(total));
    QCOMPARE(model.rowCount(), LibraryModel::kPageSize);
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), total);
    QVERIFY(!model.canFetchMore({}));
    model.setTextFilter(QStringLiteral("bulk 1"));
    // "bulk 1", "bulk 10".."bulk 19", "bulk 100".."bulk 199": 1 + 10 + 100 rows.
    QCOMPARE(model.totalCount(), qint64(111));
}

void TestLibrary::sanitisedNames()
{
    QCOMPARE(sanitizedFileName(QStringLiteral("a/b\\c:d*e?f\"g<h>i|j")),
             QStringLiteral("a_b_c_d_e_f_g_h_i_j"));
    QCOMPARE(sanitizedFileName(QStringLiteral("..hidden. ")), QStringLiteral("hidden"));
    QCOMPARE(sanitizedFileName(QStringLiteral("CON")), QStringLiteral("_CON"));
    QCOMPARE(sanitizedFileName(QStringLiteral("...")), QStringLiteral("scenario"));
    QCOMPARE(sanitizedFileName(QStringLiteral("路线 B")), QStringLiteral("路线 B"));
    QCOMPARE(sanitizedFileName(QString(300, QLatin1Char('x'))).size(), 120);
}

QTEST_MAIN(TestLibrary)
#include "tst_library.moc"
