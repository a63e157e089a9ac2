// Benchmark and screenshot tool for the library views (not a test: timings depend on the
// machine). Usage:
//   costlab_library_bench [N] [folder]       time the dock over a library of N scenarios
//   costlab_library_bench --shots DIR        render docs/images/library-dock.png and
//                                            catalog-editor.png into DIR
// Run with QT_QPA_PLATFORM=offscreen.
#include "catalogeditordialog.h"
#include "librarydock.h"
#include "librarymodel.h"
#include "libraryutil.h"

#include "scenario_json.h"
#include "store.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace costlab;

namespace {

std::vector<std::string> examples()
{
    QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
    std::vector<std::string> out;
    for (const QString& f :
         dir.entryList({QStringLiteral("*.costlab.json")}, QDir::Files, QDir::Name))
        out.push_back(dir.filePath(f).toStdString());
    return out;
}

bool seedCatalog(ScenarioStore& store)
{
    QFile f(QStringLiteral(COSTLAB_RESOURCE_DIR "/catalog/default.json"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    return store.seedDefaultCatalog(f.readAll().toStdString()).ok();
}

double medianMs(int runs, const std::function<void()>& fn)
{
    std::vector<double> t;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        fn();
        t.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

int bench(int n, const QString& folder)
{
    const QString path = QDir(folder).filePath(QStringLiteral("bench-library.db"));
    ScenarioStore store;
    StoreOptions opt;
    opt.durable_sync = false;
    opt.check_integrity = false;
    if (const Status err = store.open(path.toStdString(), opt); !err) {
        std::fprintf(stderr, "%s\n", err.error.c_str());
        return 1;
    }
    seedCatalog(store);
    auto have = store.count();
    if (have.value < n) {
        std::vector<Scenario> bases;
        std::vector<CachedFigures> figs;
        FiguresCalculator calc(&store);
        for (const std::string& p : examples()) {
            auto r = loadScenarioFile(p);
            if (r.scenario) {
                figs.push_back(calc(*r.scenario));
                bases.push_back(std::move(*r.scenario));
            }
        }
        std::printf("populating %d scenarios...\n", n - int(have.value));
        for (int i = int(have.value); i < n; ++i) {
            Scenario s = bases[std::size_t(i) % bases.size()];
            s.name = "run " + std::to_string(i) + " " + s.name;
            s.project = "project-" + std::to_string(i % 20);
            for (Phase& ph : s.phases)
                ph.experiment_batch = "batch-" + std::to_string(i % 100);
            CachedFigures f = figs[std::size_t(i) % figs.size()];
            f.total_cost *= 1.0 + double(i % 97) / 100.0; // spread the totals for sorting
            if (!store.create(s, {}, f).ok()) {
                std::fprintf(stderr, "create failed at %d\n", i);
                return 1;
            }
        }
    }
    std::printf("library: %lld scenarios, %s\n", static_cast<long long>(store.count().value),
                qPrintable(path));
    constexpr int kRuns = 7;
    const double firstPaint = medianMs(kRuns, [&] {
        LibraryDock dock(&store);
        dock.resize(900, 600);
        dock.show();
        QApplication::processEvents();
        dock.view()->viewport()->grab(); // forces the first paint of the table
    });
    LibraryDock dock(&store);
    dock.resize(900, 600);
    dock.show();
    QApplication::processEvents();
    LibraryModel* m = dock.model();
    auto paint = [&] { dock.view()->viewport()->grab(); };
    const double textOnly = medianMs(kRuns,
                                     [&] {
                                         m->setTextFilter(QStringLiteral("run 12"));
                                         paint();
                                         m->setTextFilter(QStringLiteral("run 1"));
                                         paint();
                                     }) /
                            2;
    m->setTextFilter(QString());
    const double tagFilter =
        medianMs(kRuns,
                 [&] {
                     m->setTagFilter(TagKind::Project, QStringLiteral("project-7"));
                     paint();
                     m->setTagFilter(TagKind::Project, QStringLiteral("project-8"));
                     paint();
                 }) /
        2;
    m->setTagFilter(TagKind::Project, QString());
    const double sortTotal =
        medianMs(kRuns,
                 [&] {
                     dock.view()->sortByColumn(LibraryModel::TotalColumn, Qt::AscendingOrder);
                     paint();
                     dock.view()->sortByColumn(LibraryModel::TotalColumn, Qt::DescendingOrder);
                     paint();
                 }) /
        2;
    const double refresh = medianMs(kRuns, [&] {
        dock.refresh();
        paint();
    });
    const double scrollAll = medianMs(3, [&] {
        m->refresh();
        while (m->canFetchMore({}))
            m->fetchMore({});
        dock.view()->scrollToBottom();
        paint();
    });
    std::printf("median of %d (ms): first paint %.1f | text filter %.1f | tag filter %.1f | "
                "sort by total %.1f | refresh (list+tag menus) %.1f | fetch all %d rows + "
                "scroll to end %.1f\n",
                kRuns, firstPaint, textOnly, tagFilter, sortTotal, refresh, int(m->rowCount()),
                scrollAll);
    return 0;
}

int shots(const QString& outDir)
{
    QTemporaryDir tmp;
    ScenarioStore store;
    if (const Status err = store.open(tmp.filePath(QStringLiteral("shots.db")).toStdString());
        !err) {
        std::fprintf(stderr, "%s\n", err.error.c_str());
        return 1;
    }
    seedCatalog(store);
    FiguresCalculator calc(&store);
    store.seedExamples(examples(), [&calc](const Scenario& s) { return calc(s); });
    // A few extras: a CNY copy, a tagged sweep member, one in the trash.
    if (auto base = loadScenarioFile(COSTLAB_RESOURCE_DIR
                                     "/examples/route-b-small-base-heavy-rl.costlab.json");
        base.scenario) {
        Scenario cny = *base.scenario;
        cny.name = "Route B priced in CNY (7.2 CNY/USD)";
        cny.currency = Currency::CNY;
        cny.project = "apollo";
        store.create(cny, "CNY budget for finance", calc(cny));
        Scenario more = *base.scenario;
        more.name = "Route B, 4,096 environments";
        more.project = "apollo";
        more.tags = {"what-if"};
        auto id = store.create(more, "what-if", calc(more));
        if (id)
            store.setTags(id.value, {{TagKind::Project, "apollo"},
                                     {TagKind::Batch, "route-b-rl"},
                                     {TagKind::Resource, "h800"},
                                     {TagKind::Free, "what-if"}});
        Scenario old = *base.scenario;
        old.name = "Old draft";
        if (auto t = store.create(old, {}, calc(old)))
            store.trash(t.value);
    }
    LibraryDock dock(&store);
    dock.resize(1040, 500);
    dock.view()->sortByColumn(LibraryModel::TotalColumn, Qt::DescendingOrder);
    dock.show();
    QApplication::processEvents();
    dock.view()->resizeColumnsToContents();
    dock.view()->setColumnWidth(LibraryModel::NameColumn, 340);
    dock.selectScenario(dock.model()->scenarioId(1));
    QApplication::processEvents();
    const QString dockPng = QDir(outDir).filePath(QStringLiteral("library-dock.png"));
    if (!dock.grab().save(dockPng)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(dockPng));
        return 1;
    }

    CatalogEditorDialog editor(&store);
    const QString id = editor.copyCurrent(QStringLiteral("Team prices (negotiated)"));
    editor.resize(1560, 660);
    editor.show();
    QApplication::processEvents();
    if (QTableWidgetItem* spot = editor.cellFor(QStringLiteral("/accelerators/2/prices/spot"))) {
        editor.table(CatalogEditorDialog::AcceleratorsTab)->setCurrentItem(spot);
        spot->setText(QStringLiteral("-2"));
        // Keep the cell current (its message stays under the tables) but unselected, so
        // the red marking shows, with the price columns in view.
        editor.table(CatalogEditorDialog::AcceleratorsTab)->clearSelection();
        editor.table(CatalogEditorDialog::AcceleratorsTab)
            ->scrollToItem(spot, QAbstractItemView::PositionAtCenter);
    }
    QApplication::processEvents();
    const QString editorPng = QDir(outDir).filePath(QStringLiteral("catalog-editor.png"));
    if (!editor.grab().save(editorPng)) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(editorPng));
        return 1;
    }
    std::printf("wrote %s and %s (catalog %s)\n", qPrintable(dockPng), qPrintable(editorPng),
                qPrintable(id));
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 3 && args[1] == QStringLiteral("--shots"))
        return shots(args[2]);
    const int n = args.size() >= 2 ? args[1].toInt() : 10000;
    QTemporaryDir tmp;
    const QString folder = args.size() >= 3 ? args[2] : tmp.path();
    return bench(n > 0 ? n : 10000, folder);
}
