// costlab_gui_bench: for each example scenario, time "slider moved → estimate → headline and
// every chart replotted" in the real widgets (offscreen), and print the median, 90th
// percentile and maximum; then the time until the analyses on workers (the Monte Carlo band,
// the tornado, a slow sweep) are current, p90. `--busy` keeps one core busy meanwhile. Two cases
// per example: a parameter that changes the trade-off sweep (full re-sweep of
// EstimateView::kSweepPoints points) and the swept parameter itself (marker only). "update" is the
// synchronous part (document, panel, evaluate, sweep, chart data); the rest is the charts' queued
// replot and paint. Each case twice: "drag" (slider held down, charts in draft mode) and "step"
// (separate full-quality changes, as with the keyboard). Run with QT_QPA_PLATFORM=offscreen (set
// automatically when no display is set).
#include "catalogio.h"
#include "chartbase.h"
#include "document.h"
#include "estimatemodel.h"
#include "estimateview.h"
#include "parameditor.h"
#include "parameterpanel.h"
#include "registry.h"
#include "vectorstate.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHBoxLayout>
#include <QSlider>
#include <QWidget>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include <time.h>

using namespace costlab;

namespace {

/// The first three fields of /proc/loadavg ("0.42 0.51 0.60"), or "unknown".
std::string loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return "unknown";
    const QList<QByteArray> parts = f.readAll().split(' ');
    return parts.size() >= 3 ? (parts[0] + ' ' + parts[1] + ' ' + parts[2]).toStdString()
                             : std::string("unknown");
}

struct Stats {
    double median = 0, p90 = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    Stats s;
    s.median = v[v.size() / 2];
    s.p90 = v[std::min(v.size() - 1, size_t(double(v.size()) * 0.9))];
    s.max = v.back();
    return s;
}

/// First numeric parameter of the first phase that changes the sweep (a main input).
QString mainSlider(const Scenario& s)
{
    if (s.phases.empty())
        return QStringLiteral("reliability.restart_min");
    switch (s.phases.front().kind) {
    case PhaseKind::Pretrain:
        return QStringLiteral("pretrain.tokens");
    case PhaseKind::RlPosttrain:
        return QStringLiteral("rl.env_count");
    case PhaseKind::Evaluation:
        return QStringLiteral("eval.samples_per_benchmark");
    }
    return {};
}

struct Sample {
    /// Slider set → headline, badges and every chart fed by the estimate replotted and
    /// painted: what the user sees within the frame (issue 50: nothing waits for an analysis).
    double total = 0;
    double update = 0; ///< of which: document, panel refresh, evaluate, inline sweep, setters
    double replot = 0; ///< of which: QCustomPlot::replot() of the charts that redrew (into buffers)
    /// Slider set → the Monte Carlo band, the tornado and a worker sweep current and drawn.
    double analyses = 0;
    /// Slider set → the Monte Carlo result for this move delivered to the window (the band and
    /// the headline's P50 · P90 then redraw): issue 50's "band current".
    double band = 0;
    /// CPU time the window's thread spent in the frame: `total` minus this is time the
    /// thread waited for a core (other threads, other processes) or for events.
    double cpu = 0;
};

/// CPU time of the calling thread, milliseconds.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// Moves the slider back and forth `n` times; each sample ends when every visible chart has
/// finished its queued replot (the charts coalesce their setters into one queued replot).
/// `drag`: the slider is held down (QAbstractSlider::setSliderDown, which emits
/// sliderPressed as a mouse press does), so the charts draw in draft mode; otherwise each
/// move is a separate full-quality step (keyboard arrows, spin box).
std::vector<Sample> timeSlider(Document& doc, ParameterPanel& panel, EstimateView& view,
                               const QString& id, int n, bool drag)
{
    std::vector<Sample> out;
    ParamEditor* ed = panel.editor(id);
    if (!ed || !ed->slider())
        return out;
    QSlider* slider = ed->slider();
    const int base = slider->value();
    if (drag)
        slider->setSliderDown(true);
    QElapsedTimer t;
    double band = -1;
    const QMetaObject::Connection bandDone =
        QObject::connect(view.model(), &EstimateModel::uncertaintyChanged, [&] {
            if (band < 0 && view.model()->uncertainty().runs > 0)
                band = double(t.nsecsElapsed()) / 1e6;
        });
    for (int i = 0; i < n + 3; ++i) {
        band = -1;
        const int target = std::clamp(base + ((i % 2) ? 40 : -40), 0, SliderMapping::kSteps);
        t.start();
        const double cpu0 = threadCpuMs();
        slider->setValue(target);
        const double update = double(t.nsecsElapsed()) / 1e6;
        // Queued replots run from the event loop, as in the application. Charts whose data
        // did not change queue none; analyses on workers are not waited for here.
        const QList<ChartBase*> charts = view.charts();
        QList<ChartBase*> queued;
        for (ChartBase* c : charts)
            if (c->replotQueued()) {
                queued << c;
                if (i >= 3)
                    c->setProperty("benchReplots", c->property("benchReplots").toInt() + 1);
            }
        const auto drain = [&] {
            while (std::any_of(charts.begin(), charts.end(),
                               [](ChartBase* c) { return c->replotQueued(); }) &&
                   t.elapsed() < 2000)
                QCoreApplication::processEvents(QEventLoop::AllEvents);
            QCoreApplication::processEvents(); // the paint events the replots asked for
        };
        drain();
        const double ms = double(t.nsecsElapsed()) / 1e6;
        const double cpu = threadCpuMs() - cpu0;
        double replot = 0;
        for (ChartBase* c : queued)
            replot += c->replotTime();
        // Then the analyses: the Monte Carlo band, the tornado and a sweep too slow to run
        // inline arrive from their workers and are drawn.
        view.waitForSweep();
        drain();
        const double analyses = double(t.nsecsElapsed()) / 1e6;
        if (i >= 3) // warm-up
            out.push_back({ms, update, replot, analyses, band < 0 ? analyses : band, cpu});
        if (!drag)
            doc.closeMergeGroup();
    }
    QObject::disconnect(bandDone);
    if (drag) {
        slider->setSliderDown(false);
        QCoreApplication::processEvents();
    }
    return out;
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
        qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (!QCoreApplication::arguments().contains(QStringLiteral("--dirty")))
        clearUpperVectorStateOnEveryEvent(&app); // as the application does (vectorstate.h)
    const int n = argc > 1 ? std::max(5, QString::fromLocal8Bit(argv[1]).toInt()) : 41;

    std::vector<std::string> errors;
    auto catalog = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    if (!catalog) {
        std::fprintf(stderr, "cannot load catalog\n");
        return 1;
    }
    const QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
    // --busy: one core kept busy for the whole run (the issue-50 condition "one core busy").
    std::atomic<bool> stop{false};
    std::thread spinner;
    if (QCoreApplication::arguments().contains(QStringLiteral("--busy")))
        spinner = std::thread([&stop] {
            volatile double x = 1;
            while (!stop.load(std::memory_order_relaxed))
                x = x * 1.0000001 + 1e-9;
        });
    std::printf("costlab_gui_bench: slider change -> headline and charts painted (frame), then "
                "the analyses (Monte Carlo band, tornado, worker sweep); offscreen, %d samples, "
                "Qt %s, platform %s, %s; load average at start: %s\n",
                n, qVersion(), qPrintable(QGuiApplication::platformName()),
                spinner.joinable() ? "one core kept busy" : "no added load", loadAverage().c_str());
    std::printf("%-30s %-34s %-5s %8s %8s %8s %8s %8s %8s %8s %8s %10s %8s\n", "example", "slider",
                "mode", "median", "p90", "max", "cpu", "cpu90", "update", "replot", "band90",
                "analyses90", "sweep");
    for (const QString& f :
         dir.entryList({QStringLiteral("*.costlab.json")}, QDir::Files, QDir::Name)) {
        // COSTLAB_BENCH_ONLY=route-b: the examples whose file name contains it (for profiling).
        if (const QString only = qEnvironmentVariable("COSTLAB_BENCH_ONLY");
            !only.isEmpty() && !f.contains(only))
            continue;
        Document doc;
        QWidget window;
        auto* layout = new QHBoxLayout(&window);
        auto* panel = new ParameterPanel(&doc, &*catalog);
        auto* view = new EstimateView(&doc, &*catalog);
        layout->addWidget(panel);
        layout->addWidget(view, 1);
        QStringList errs;
        if (!doc.load(dir.filePath(f), &errs)) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(f), qPrintable(errs.join(u'\n')));
            return 1;
        }
        window.resize(1600, 1000);
        window.show();
        QCoreApplication::processEvents();
        // Every replot a chart runs (a fitted axis may ask for a second one), for the per-chart
        // lines: a chart that replots twice a move pays its drawing twice.
        for (ChartBase* c : view->charts())
            QObject::connect(c, &QCustomPlot::afterReplot, c, [c] {
                c->setProperty("benchAllReplots", c->property("benchAllReplots").toInt() + 1);
            });
        for (const QString& id : {mainSlider(doc.scenario()), EstimateView::kDefaultSweepParam})
            for (const bool drag : {true, false}) {
                const std::vector<Sample> v = timeSlider(doc, *panel, *view, id, n, drag);
                if (v.empty())
                    continue;
                std::vector<double> totals, updates, replots, analyses, bands, cpus;
                for (const Sample& x : v) {
                    totals.push_back(x.total);
                    updates.push_back(x.update);
                    replots.push_back(x.replot);
                    analyses.push_back(x.analyses);
                    bands.push_back(x.band);
                    cpus.push_back(x.cpu);
                }
                const Stats s = stats(totals);
                if (qEnvironmentVariableIsSet("COSTLAB_BENCH_PER_CHART"))
                    for (ChartBase* c : view->charts()) {
                        const int replotted = c->property("benchReplots").toInt();
                        const int all = c->property("benchAllReplots").toInt();
                        c->setProperty("benchReplots", 0);
                        c->setProperty("benchAllReplots", 0);
                        if (c->isVisible())
                            std::printf("    %-30s %6.2fms (average of the last replots), "
                                        "replotted on %d of %d moves, %d replots in all "
                                        "(warm-up and analyses included)\n",
                                        c->metaObject()->className(), c->replotTime(true),
                                        replotted, n, all);
                    }
                QString name = f;
                name.chop(int(qstrlen(".costlab.json")));
                name.truncate(30);
                std::printf("%-30s %-34s %-5s %6.2fms %6.2fms %6.2fms %6.2fms %6.2fms %6.2fms "
                            "%6.2fms %6.2fms %8.2fms "
                            "%6.3fms\n",
                            qPrintable(name), qPrintable(id), drag ? "drag" : "step", s.median,
                            s.p90, s.max, stats(cpus).median, stats(cpus).p90,
                            stats(updates).median, stats(replots).median, stats(bands).p90,
                            stats(analyses).p90, view->lastSweepMs());
            }
    }
    std::printf("load average at end: %s\n", loadAverage().c_str());
    stop = true;
    if (spinner.joinable())
        spinner.join();
    return 0;
}
