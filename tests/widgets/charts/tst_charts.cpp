// Widget tests of the five charts: each plots what it is given (hand-made estimates), the
// trade-off chart's markers and categorical labels, export to PNG/PDF/SVG and its errors,
// and a render of every chart for the shipped examples.
//
// Set COSTLAB_CHART_IMAGES_DIR to write the example renders there (docs/images is how the
// committed chart-*.png files are regenerated):
//   COSTLAB_CHART_IMAGES_DIR=$PWD/docs/images QT_QPA_PLATFORM=offscreen build/tests/tst_charts
//   renderExamples
#include "charttable.h"
#include "costbreakdownchart.h"
#include "distributionchart.h"
#include "memorychart.h"
#include "moneyticker.h"
#include "paramtext.h"
#include "rlutilisationchart.h"
#include "spendchart.h"
#include "stepchart.h"
#include "targetchart.h"
#include "tornadochart.h"
#include "tradeoffchart.h"

#include "catalogio.h"
#include "engine.h"
#include "lesson.h"
#include "montecarlo.h"
#include "registry.h"
#include "scaling.h"
#include "scenario_json.h"
#include "sensitivity.h"
#include "sweep.h"

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <memory>
#include <optional>
#include <set>

using namespace costlab;

namespace {

constexpr double kGiB = 1073741824.0;

/// Route B (three phases, one of them RL with two GPU roles) and the default catalog, as the
/// dashboard opens them; empty optionals when either file fails to load.
struct RouteB {
    std::optional<Catalog> catalog;
    std::optional<Scenario> scenario;
};

RouteB loadRouteB()
{
    std::vector<std::string> errors;
    RouteB out;
    out.catalog = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    LoadResult r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
    if (r.scenario)
        out.scenario = *r.scenario;
    return out;
}

Scenario makeScenario()
{
    Scenario s;
    s.name = "Hand-made plan";
    Phase pre;
    pre.kind = PhaseKind::Pretrain;
    pre.name = "Pre-train";
    Phase rl;
    rl.kind = PhaseKind::RlPosttrain;
    rl.name = "GRPO";
    rl.rl.pipeline = Pipeline::Synchronous;
    s.phases = {pre, rl};
    s.budget.total = 1.5e6;
    s.budget.daily_alert = 40000;
    s.budget.start_date = "2027-01-04";
    return s;
}

// Two phases and shared costs; `k` scales everything so two calls give different data.
Estimate makeEstimate(double k)
{
    Estimate e;
    PhaseEstimate pre;
    pre.kind = PhaseKind::Pretrain;
    pre.cost[static_cast<int>(Category::ComputeTraining)] = 800000 * k;
    pre.cost[static_cast<int>(Category::StorageCheckpoint)] = 12000 * k;
    pre.cost[static_cast<int>(Category::HiddenFailure)] = 40000 * k;
    pre.total = 852000 * k;
    pre.start_day = 0;
    pre.end_day = 20 * k;
    auto& tm = pre.memory[static_cast<int>(GpuRole::Trainer)];
    tm.present = true;
    tm.weights = 10 * kGiB * k;
    tm.gradients = 10 * kGiB * k;
    tm.optimizer = 20 * kGiB * k;
    tm.activations = 15 * kGiB;
    tm.overhead = 2 * kGiB;
    tm.total = tm.weights + tm.gradients + tm.optimizer + tm.activations + tm.overhead;
    tm.usable = 80 * kGiB;
    tm.oom_probability = 0.01 * k;

    PhaseEstimate rl;
    rl.kind = PhaseKind::RlPosttrain;
    rl.cost[static_cast<int>(Category::ComputeTraining)] = 60000 * k;
    rl.cost[static_cast<int>(Category::ComputeRollout)] = 90000 * k;
    rl.cost[static_cast<int>(Category::ComputeEnvironment)] = 15000;
    rl.cost[static_cast<int>(Category::HiddenIdle)] = 30000 * k;
    rl.total = 150000 * k + 15000 + 30000 * k;
    rl.start_day = 20 * k;
    rl.end_day = 20 * k + 10;
    auto& rt = rl.memory[static_cast<int>(GpuRole::Trainer)];
    rt = tm;
    auto& ro = rl.memory[static_cast<int>(GpuRole::Rollout)];
    ro.present = true;
    ro.weights = 15 * kGiB;
    ro.kv_cache = 50 * kGiB * k;
    ro.overhead = 2 * kGiB;
    ro.total = ro.weights + ro.kv_cache + ro.overhead;
    ro.usable = 72 * kGiB;
    ro.oom_probability = 0.2 * k;
    rl.rl.generation_s = 100 * k;
    rl.rl.environment_s = 60;
    rl.rl.training_s = 40;
    rl.rl.sync_s = 10;
    rl.rl.iteration_s = rl.rl.generation_s + rl.rl.environment_s + rl.rl.training_s + rl.rl.sync_s;
    rl.rl.rollout_util = rl.rl.generation_s / rl.rl.iteration_s;
    rl.rl.trainer_util = (rl.rl.training_s + rl.rl.sync_s) / rl.rl.iteration_s;
    rl.rl.env_util = rl.rl.environment_s / rl.rl.iteration_s;

    e.phases = {pre, rl};
    e.shared_cost[static_cast<int>(Category::StorageDataset)] = 5000 * k;
    e.shared_cost[static_cast<int>(Category::HiddenEngineering)] = 60000;
    for (int c = 0; c < kCategoryCount; ++c)
        e.cost[c] = pre.cost[c] + rl.cost[c] + e.shared_cost[c];
    e.total = pre.total + rl.total + 5000 * k + 60000;
    e.wall_hours = rl.end_day * 24;
    return e;
}

SweepResult makeSweep(double k, double optimum)
{
    SweepResult r;
    r.param = "reliability.checkpoint_interval_h";
    for (double x : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0}) {
        SweepPoint p;
        p.x = x;
        p.total = k * (1e6 + 2e4 / x + 3e4 * x); // U-shaped like a checkpoint sweep
        p.risks[size_t(RiskKind::Recovery)].probability = std::min(1.0, 0.05 * x);
        p.risks[size_t(RiskKind::Recovery)].expected_cost = 3e4 * x;
        p.risks[size_t(RiskKind::Oom)].probability = 0.01;
        p.risks[size_t(RiskKind::Oom)].expected_cost = 1000;
        p.risks[size_t(RiskKind::Divergence)].probability = 0.02 * k;
        p.risks[size_t(RiskKind::Divergence)].expected_cost = 5000 * k;
        r.points.push_back(p);
    }
    r.optimum_x = optimum;
    return r;
}

SweepResult makeCategoricalSweep()
{
    SweepResult r;
    r.param = "rl.rollout_quant";
    r.categorical = true;
    const char* ids[] = {"bf16", "fp8", "int8", "int4"};
    for (int i = 0; i < 4; ++i) {
        SweepPoint p;
        p.x = i;
        p.label = ids[i];
        p.total = 1e6 - i * 1e5;
        p.risks[size_t(RiskKind::Divergence)].probability = 0.01 * (1 + 3 * i);
        r.points.push_back(p);
    }
    return r;
}

// Lay the chart out at 900×500 without showing it, so pixel ↔ coordinate mapping works.
void layOut(ChartBase& chart)
{
    chart.resize(900, 500);
    chart.setViewport(QRect(0, 0, 900, 500));
    chart.replot(QCustomPlot::rpImmediateRefresh);
}

} // namespace

/// A chart with category labels that counts ChartBase's categoryWidthChanged() calls.
class CategoryChart : public ChartBase {
public:
    CategoryChart() { xAxis->setTicker(m_ticker); }
    void setLabels(const QStringList& labels) { setCategoryLabels(m_ticker, labels, 2); }
    QSharedPointer<QCPAxisTickerText> m_ticker{new QCPAxisTickerText};
    int calls = 0;

protected:
    void categoryWidthChanged(int) override { ++calls; }
};

/// A chart with a top legend of one graph per name.
class TopLegendChart : public ChartBase {
public:
    using ChartBase::setLegendEntries;
    explicit TopLegendChart(const QStringList& names)
    {
        placeLegend(LegendPlace::Top);
        for (const QString& name : names) {
            auto* g = new QCPGraph(xAxis, yAxis);
            g->setName(name);
            g->setData({0.0, 1.0}, {0.0, 1.0});
        }
    }
};

/// A chart with text items as the charts make them (ChartBase::addText): boxed and padded
/// at a fractional plot position, plain, centred, and a rotated one.
class TextChart : public ChartBase {
public:
    TextChart()
    {
        xAxis->setRange(0, 10);
        yAxis->setRange(0, 10);
        auto add = [this](double x, double y, const QString& text, Qt::Alignment at) {
            QCPItemText* t = addText();
            t->position->setType(QCPItemPosition::ptPlotCoords);
            t->position->setCoords(x, y);
            t->setPositionAlignment(at);
            t->setFont(baseFont());
            t->setText(text);
            texts << t;
            return t;
        };
        QCPItemText* boxed =
            add(3.37, 7.21, QStringLiteral("Current: 1.48 h"), Qt::AlignLeft | Qt::AlignTop);
        boxed->setBrush(QColor(255, 255, 255, 245));
        boxed->setPadding(QMargins(4, 2, 4, 2));
        boxed->setColor(QColor(0x1a, 0x7f, 0x37));
        add(5.0, 3.3, QStringLiteral("$7.3 K"), Qt::AlignHCenter | Qt::AlignBottom);
        add(5.0, 5.0, QStringLiteral("No RL phase in this plan\nsecond line"), Qt::AlignCenter)
            ->setTextAlignment(Qt::AlignCenter);
        add(8.1, 2.2, QStringLiteral("Budget $150 K"), Qt::AlignRight | Qt::AlignVCenter)
            ->setRotation(-90);
    }
    QList<QCPItemText*> texts;
};

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void chartTableServesEveryLessonChart();
    void moneyAxisOneMagnitude();
    void currency();
    void hugeSumsStayShort_data();
    void hugeSumsStayShort();
    void costBreakdownPlotsEstimate();
    void legendSizesAsQCustomPlotMeasures();
    void legendAndTitleDrawnAsQCustomPlotDraws();
    void narrowTopLegendLeavesRoomForThePlot();
    void textItemsDrawnAsQCustomPlotDraws();
    void sameLegendEntriesKeepTheirItems();
    void costBreakdownGroupStacking();
    void tradeoffTicksFitAShortChart();
    void tradeoffMarkers();
    void tradeoffCostOverDecadesIsLog();
    void tradeoffRiskMode();
    void tradeoffCategorical();
    void tradeoffError();
    void unpricedPointsHaveNoCost();
    void memoryPlotsEstimate();
    void memoryShowsPipelineStages();
    void rlUtilisationPlotsEstimate();
    void rlUtilisationWithoutRl();
    void spendPlotsTimeline();
    void stepChartPlotsBreakdown();
    void targetChartShowsTheLaw();
    void tooltipMarkupReadsAsText();
    void distributionPlotsRuns();
    void tornadoPlotsSwings();
    void tooltips();
    void replotOnlyWhenVisible();
    void unchangedDataSkipsReplot();
    void draftModeDropsAntialiasing();
    void fitToWidth();
    void narrowChartsNumberTheirBars();
    void sameCategoryLabelsTellTheChart();
    void sweepOfAutoIntervalMarksTheResolvedInterval();
    void exportFormats_data();
    void exportFormats();
    void exportErrors();
    void copyToClipboard();
    void renderExamples();
};

void TestCharts::initTestCase()
{
    // Expected texts below are written for US English number formatting.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

// Issue 43: one table of charts. Every chart a lesson file can name has a row; each row's
// factory makes its chart, and the common feeds reach it (the lesson view no longer casts).
void TestCharts::chartTableServesEveryLessonChart()
{
    std::set<std::string_view> ids;
    for (const ChartInfo& c : chartTable())
        QVERIFY2(ids.insert(c.id).second, c.id.data());
    for (int k = 0; k <= int(LessonChart::Target); ++k) {
        const std::string_view id = lessonChartId(LessonChart(k));
        QVERIFY2(chartInfo(id) != nullptr, id.data());
    }
    QVERIFY(chartInfo("no-such-chart") == nullptr);
    std::unique_ptr<ChartBase> breakdown(chartInfo("breakdown")->make(nullptr));
    QVERIFY(qobject_cast<CostBreakdownChart*>(breakdown.get()));
    std::unique_ptr<ChartBase> dist(chartInfo("uncertainty")->make(nullptr));
    auto* d = qobject_cast<DistributionChart*>(dist.get());
    QVERIFY(d);
    // The common feeds: the distribution takes the Monte Carlo, ignores the estimate.
    const Scenario s =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json")
            .scenario.value();
    std::vector<std::string> errors;
    const auto cat = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY(cat);
    MonteCarloOptions o;
    o.runs = 200;
    const MonteCarloResult r = monteCarlo(s, *cat, o);
    dist->showEstimate(s, evaluate(s, *cat));
    QVERIFY(d->binShares().isEmpty());
    dist->showUncertainty(s, r);
    QVERIFY(!d->binShares().isEmpty());
}

void TestCharts::hugeSumsStayShort_data()
{
    // Issue 13: an absurd plan printed axis labels like "$7,999,999,999,999,999,865,782,272B".
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("tick");
    QTest::newRow("thousands") << 12500.0 << QStringLiteral("$12.5 K");
    QTest::newRow("millions") << 1.5e6 << QStringLiteral("$1.5 M");
    QTest::newRow("billions") << 2.25e9 << QStringLiteral("$2.25 B");
    QTest::newRow("trillions") << 3e12 << QStringLiteral("$3 T");
    QTest::newRow("absurd") << 8.4e33 << QStringLiteral("$8.4E+33");
    QTest::newRow("absurd negative") << -8.4e33 << QStringLiteral("-$8.4E+33");
}

void TestCharts::hugeSumsStayShort()
{
    QFETCH(double, value);
    QFETCH(QString, tick);
    QCOMPARE(MoneyTicker::compact(value, QStringLiteral("$"), QLocale(), 2), tick);
    // The headline's figure is as short: never more than a dozen characters.
    const QString headline = formatMoney(value, Currency::USD);
    QVERIFY2(headline.size() <= 12, qPrintable(headline));
}

// Every tick of a money axis in one magnitude, the axis's largest (not "$500 K" beside
// "$1 M"), and in Chinese in 万 like the headline (issue 49).
void TestCharts::moneyAxisOneMagnitude()
{
    QCustomPlot plot;
    plot.resize(400, 300);
    plot.yAxis->setTicker(QSharedPointer<MoneyTicker>::create(QStringLiteral("$")));
    plot.yAxis->setRange(0, 1.2e6);
    plot.replot();
    const QVector<QString> labels = plot.yAxis->tickVectorLabels();
    QVERIFY(labels.size() >= 3);
    for (const QString& l : labels)
        QVERIFY2(l == QStringLiteral("$0") || l.endsWith(QStringLiteral(" M")), qPrintable(l));
    QVERIFY(labels.contains(QStringLiteral("$0.4 M")) || labels.contains(QStringLiteral("$0.5 M")));
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    plot.yAxis->setRange(0, 8e6);
    plot.replot();
    const QVector<QString> zh = plot.yAxis->tickVectorLabels();
    QLocale::setDefault(before);
    for (const QString& l : zh)
        QVERIFY2(l == QStringLiteral("$0") || l.endsWith(QStringLiteral(" 万")), qPrintable(l));
}

void TestCharts::currency()
{
    CostBreakdownChart chart;
    QCOMPARE(chart.currencySymbol(), QStringLiteral("$"));
    chart.setCurrency(QStringLiteral("CNY"));
    QCOMPARE(chart.currencySymbol(), QStringLiteral("¥"));
    QCOMPARE(chart.yAxis->label(), QStringLiteral("Cost (CNY)"));
    chart.setCurrency(QStringLiteral("USD"));
    QCOMPARE(chart.currencySymbol(), QStringLiteral("$"));
    // 1,234,567 → "$1.23 M" (two decimals, trailing zeros dropped), the headline's
    // magnitudes and spacing (issue 49: "$730 K" in the headline, "$729.94k" on a chart).
    QCOMPARE(chart.formatMoneyCompact(1234567), QStringLiteral("$1.23 M"));
    QCOMPARE(chart.formatMoneyCompact(250000), QStringLiteral("$250 K"));
    QCOMPARE(formatMoney(250000, Currency::USD), QStringLiteral("$250 K"));
    // Below a cent, a bound (issue 49: compare showed "$1.37E-31"); zero stays zero.
    QCOMPARE(formatMoney(1.37e-31, Currency::USD), QStringLiteral("<$0.01"));
    QCOMPARE(formatMoney(-6.6e-13, Currency::CNY), QStringLiteral("−<¥0.01"));
    QCOMPARE(formatMoney(0, Currency::USD), QStringLiteral("$0"));
}

void TestCharts::costBreakdownPlotsEstimate()
{
    CostBreakdownChart chart;
    const Scenario s = makeScenario();
    chart.setEstimate(s, makeEstimate(1));
    // Two phases + "Shared"
    QCOMPARE(chart.barCount(), 3);
    QCOMPARE(chart.barLabels(), (QStringList{"Pre-train", "GRPO", "Shared"}));
    QCOMPARE(chart.valueAt(0, Category::ComputeTraining), 800000.0);
    QCOMPARE(chart.valueAt(1, Category::ComputeRollout), 90000.0);
    QCOMPARE(chart.barTotal(2), 65000.0); // 5,000 dataset + 60,000 engineering
    // Non-zero categories: training, rollout, environment, dataset, checkpoint, failure,
    // idle, engineering = 8 legend entries.
    QCOMPARE(chart.visibleSeriesCount(), 8);

    chart.setEstimate(s, makeEstimate(2));
    QCOMPARE(chart.barCount(), 3);
    QCOMPARE(chart.valueAt(0, Category::ComputeTraining), 1600000.0);
    QCOMPARE(chart.barTotal(2), 70000.0);

    // Without shared costs the "Shared" bar goes away.
    Estimate e = makeEstimate(1);
    e.shared_cost = {};
    chart.setEstimate(s, e);
    QCOMPARE(chart.barCount(), 2);
}

// ChartBase keeps each legend entry's measured size (QCustomPlot shapes the text again every
// time its layout asks, several times per replot): the kept size must be the one QCustomPlot
// measures for the same entry, and a renamed entry must be measured again.
void TestCharts::legendSizesAsQCustomPlotMeasures()
{
    CostBreakdownChart chart;
    chart.resize(900, 420);
    chart.setEstimate(makeScenario(), makeEstimate(1));
    chart.replot();
    QCOMPARE(chart.legend->itemCount(), 8);
    auto measured = [&](QCPAbstractPlottable* p) {
        QCPPlottableLegendItem plain(chart.legend, p); // QCustomPlot's own item, not kept
        return static_cast<QCPLayoutElement&>(plain).minimumOuterSizeHint();
    };
    auto* first = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(0));
    QVERIFY(first);
    for (int i = 0; i < chart.legend->itemCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(i));
        QVERIFY(item);
        const QSize kept = static_cast<QCPLayoutElement*>(item)->minimumOuterSizeHint();
        QVERIFY(kept.width() > 0 && kept.height() > 0);
        QCOMPARE(kept, measured(item->plottable()));
    }
    const QSize before = static_cast<QCPLayoutElement*>(first)->minimumOuterSizeHint();
    first->plottable()->setName(first->plottable()->name() + QStringLiteral(" and a longer name"));
    const QSize after = static_cast<QCPLayoutElement*>(first)->minimumOuterSizeHint();
    QVERIFY2(after.width() > before.width(),
             qPrintable(QStringLiteral("%1 -> %2").arg(before.width()).arg(after.width())));
    QCOMPARE(after, measured(first->plottable()));
}

namespace {
/// Pixels of `a` and `b` (same size) whose colour differs by more than `tolerance` in some
/// channel, within `area`.
int differingPixels(const QImage& a, const QImage& b, const QRect& area, int tolerance)
{
    int n = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) > tolerance ||
                std::abs(qGreen(p) - qGreen(q)) > tolerance ||
                std::abs(qBlue(p) - qBlue(q)) > tolerance)
                ++n;
        }
    return n;
}
} // namespace

void TestCharts::legendAndTitleDrawnAsQCustomPlotDraws()
{
    // Issue 50: the legend entries' and the title's texts are drawn from pictures made once
    // (chartbase.cpp, CachedLegendItem and CachedTextElement). The window's buffers are
    // drawn that way; toPixmap() draws with QCPPainter::pmNoCaching, i.e. every text as
    // QCustomPlot itself draws it. The two must show the same picture.
    CostBreakdownChart chart;
    chart.resize(900, 420);
    chart.setEstimate(makeScenario(), makeEstimate(1));
    chart.replot();
    QVERIFY(chart.legend->itemCount() > 3);
    QVERIFY(!chart.titleText().isEmpty());
    // The window's legend texts are pictures (the path under test is taken; at a fractional
    // pixel ratio, e.g. QT_SCALE_FACTOR=1.5, they are drawn as QCustomPlot draws them).
    const bool pictures = chart.devicePixelRatioF() == std::round(chart.devicePixelRatioF());
    QCOMPARE(chart.textPictureCount(), pictures ? chart.legend->itemCount() : 0);
    const auto compare = [&](const char* when) {
        const QImage window = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
        // At the window's pixel ratio (QT_SCALE_FACTOR=2 runs the high-DPI path).
        const double dpr = chart.devicePixelRatioF();
        const QImage own =
            chart.toPixmap(900, 420, dpr).toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(window.size(), own.size());
        const auto device = [&](const QRect& r) {
            return QRect((QRectF(r).topLeft() * dpr).toPoint(), (QSizeF(r.size()) * dpr).toSize())
                .intersected(window.rect());
        };
        const QRect legend = device(chart.legend->outerRect());
        QVERIFY(legend.width() > 100 && legend.height() > 10);
        // The legend must hold dark text pixels at all (a blank legend would match a blank one).
        int dark = 0;
        for (int y = legend.top(); y <= legend.bottom(); ++y)
            for (int x = legend.left(); x <= legend.right(); ++x)
                dark += qGray(window.pixel(x, y)) < 100;
        QVERIFY2(dark > 50, when);
        // Compositing a picture rounds once more than drawing onto the buffer: 8 levels of 255.
        QVERIFY2(differingPixels(window, own, legend, 8) == 0, when);
        // The title row (QCustomPlot's own cached tick labels may differ from its uncached
        // ones by a pixel, so the rest of the chart is not compared).
        const QRect title = device(chart.plotLayout()->elementAt(0)->outerRect());
        QVERIFY(title.width() > 100);
        dark = 0;
        for (int y = title.top(); y <= title.bottom(); ++y)
            for (int x = title.left(); x <= title.right(); ++x)
                dark += qGray(window.pixel(x, y)) < 100;
        QVERIFY2(dark > 50, when);
        QVERIFY2(differingPixels(window, own, title, 8) == 0, when);
    };
    compare("first draw");
    // A renamed entry and a new title are drawn anew, not from the old pictures.
    auto* first = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(0));
    QVERIFY(first);
    first->plottable()->setName(first->plottable()->name() + QStringLiteral(" (renamed)"));
    chart.replot();
    QCOMPARE(chart.textPictureCount(), pictures ? chart.legend->itemCount() + 1 : 0);
    compare("after a rename");
}

void TestCharts::sameLegendEntriesKeepTheirItems()
{
    // Issue 50: the trade-off, spend and cost charts set their legend on every update; the
    // same entries in the same order keep their items (no size key or text picture built
    // again), and any change shows exactly the entries given, in their order.
    TopLegendChart chart({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    QList<QCPAbstractPlottable*> g;
    for (int i = 0; i < chart.plottableCount(); ++i)
        g << chart.plottable(i);
    QCOMPARE(g.size(), 3);
    const auto shown = [&] {
        QList<QCPAbstractPlottable*> list;
        for (int i = 0; i < chart.legend->itemCount(); ++i)
            if (auto* e = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(i)))
                list << e->plottable();
        return list;
    };
    chart.setLegendEntries(g);
    chart.replot(); // the entries become the chart's own (CachedLegendItem)
    QCOMPARE(shown(), g);
    // Marked, as a new item at a freed address would compare equal.
    for (int i = 0; i < chart.legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = chart.legend->item(i))
            item->setObjectName(QStringLiteral("kept"));
    chart.setLegendEntries(g);
    chart.replot();
    int kept = 0;
    for (int i = 0; i < chart.legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = chart.legend->item(i))
            kept += item->objectName() == QLatin1String("kept");
    QCOMPARE(kept, 3);
    chart.setLegendEntries({g[0], g[2]});
    QCOMPARE(shown(), (QList<QCPAbstractPlottable*>{g[0], g[2]}));
    chart.setLegendEntries({g[2], g[0]});
    QCOMPARE(shown(), (QList<QCPAbstractPlottable*>{g[2], g[0]}));
    chart.setLegendEntries({g[2], g[0], g[1]});
    QCOMPARE(shown(), (QList<QCPAbstractPlottable*>{g[2], g[0], g[1]}));
    chart.setLegendEntries({});
    QVERIFY(shown().isEmpty());
}

void TestCharts::textItemsDrawnAsQCustomPlotDraws()
{
    // Issue 50: a text item measures its text once (chartbase.cpp, CachedItemText); in
    // toPixmap() (pmNoCaching) QCustomPlot measures and draws it. Each item's box must look
    // the same either way, replot after replot and after a change of text and position.
    TextChart chart;
    chart.resize(640, 360);
    const double dpr = chart.devicePixelRatioF();
    if (dpr != 1.0)
        QSKIP("QCustomPlot's own text items differ between toPixmap() and the window at "
              "pixel ratios other than 1 (measured at QT_SCALE_FACTOR 1.5 and 2)");
    const auto compare = [&](const char* when) {
        chart.replot();
        const QImage window = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QImage own =
            chart.toPixmap(640, 360, dpr).toImage().convertToFormat(QImage::Format_RGB32);
        QCOMPARE(window.size(), own.size());
        for (QCPItemText* t : chart.texts) {
            // A rotated text is drawn by QCustomPlot on both paths, and its cached and
            // uncached drawings differ by a pixel here and there; it is not compared.
            if (t->rotation() != 0)
                continue;
            const QRectF box =
                QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition())
                    .normalized()
                    .united(QRectF(t->topRight->pixelPosition(), t->bottomLeft->pixelPosition())
                                .normalized());
            const QRect area = QRect((box.topLeft() * dpr).toPoint(), (box.size() * dpr).toSize())
                                   .adjusted(-4, -4, 4, 4)
                                   .intersected(window.rect());
            QVERIFY2(area.width() > 10 && area.height() > 10, qPrintable(t->text()));
            int dark = 0;
            for (int y = area.top(); y <= area.bottom(); ++y)
                for (int x = area.left(); x <= area.right(); ++x)
                    dark += qGray(window.pixel(x, y)) < 160;
            QVERIFY2(dark > 20, qPrintable(QStringLiteral("%1: %2").arg(when, t->text())));
            QVERIFY2(differingPixels(window, own, area, 8) == 0,
                     qPrintable(QStringLiteral("%1: %2").arg(when, t->text())));
        }
    };
    compare("first replot");
    compare("second replot");
    chart.texts[1]->setText(QStringLiteral("$8.1 K"));
    chart.texts[0]->position->setCoords(4.61, 6.03);
    compare("changed text and position");
    compare("changed, drawn again");
}

void TestCharts::narrowTopLegendLeavesRoomForThePlot()
{
    // The memory chart's twelve entries in one column left its plot 60 px high in a 320 px
    // wide chart (the 1920×1080 layout). A top legend takes at most a third of the chart's
    // height (chartbase.cpp, kTopLegendHeightShare) by sharing columns and eliding long names;
    // the tooltip over an elided entry gives its whole name.
    QStringList names;
    for (int i = 0; i < 12; ++i)
        names << QStringLiteral("Optimizer state of role %1 <b>x</b>").arg(i);
    TopLegendChart chart(names);
    chart.resize(320, 380);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    chart.replot();
    const int rowHeight = chart.legend->elementAt(0)->outerRect().height();
    QVERIFY(rowHeight > 8);
    // One entry's height of slack: the budget counts whole rows.
    QVERIFY2(chart.legend->outerRect().height() <= chart.height() / 3 + rowHeight,
             qPrintable(QString::number(chart.legend->outerRect().height())));
    QVERIFY(chart.legend->outerRect().right() <= chart.width());
    QVERIFY(chart.axisRect()->rect().height() >= chart.height() / 3);
    // itemCount() counts grid cells; a wrapped grid has empty ones.
    const auto entries = [&] {
        QList<QCPPlottableLegendItem*> list;
        for (int i = 0; i < chart.legend->itemCount(); ++i)
            if (auto* e = qobject_cast<QCPPlottableLegendItem*>(chart.legend->item(i)))
                list << e;
        return list;
    };
    QCOMPARE(entries().size(), names.size());
    int elided = 0;
    for (QCPPlottableLegendItem* e : entries()) {
        const QString whole = chart.legendNameAt(e->outerRect().center());
        if (whole.isEmpty())
            continue;
        ++elided;
        // The whole name of the entry under the pointer, as set (markup stays text).
        QCOMPARE(whole, e->plottable()->name());
        QVERIFY(e->outerRect().width() <= chart.width() / 2);
    }
    QVERIFY(elided > 0);
    QVERIFY(chart.legendNameAt(QPointF(-5, -5)).isEmpty());
    // Wide enough: whole names again and no tooltip of names.
    chart.resize(1900, 600);
    QTRY_COMPARE(chart.width(), 1900);
    chart.replot();
    for (QCPPlottableLegendItem* e : entries())
        QVERIFY(chart.legendNameAt(e->outerRect().center()).isEmpty());
    QVERIFY(chart.legend->outerRect().height() <= 3 * rowHeight);
}

void TestCharts::costBreakdownGroupStacking()
{
    CostBreakdownChart chart;
    chart.setEstimate(makeScenario(), makeEstimate(1));
    chart.setStacking(CostBreakdownChart::Stacking::Group);
    // compute, storage, hidden are non-zero; network and logging are not.
    QCOMPARE(chart.visibleSeriesCount(), 3);
    QCOMPARE(chart.barCount(), 3);
}

void TestCharts::tradeoffCostOverDecadesIsLog()
{
    // Issue 13: a sweep over environments from 1 ($700 M) to 4,096 set a linear axis to
    // $700 M and flattened the plan's $2 M region; past 20× the cost axis is logarithmic.
    SweepResult r;
    r.param = "rl.env_count";
    for (double x : {1.0, 16.0, 256.0, 4096.0}) {
        SweepPoint p;
        p.x = x;
        p.total = 2e6 + 7e8 / x; // $702 M at 1 environment, $2.2 M at 4,096
        r.points.push_back(p);
    }
    TradeoffChart chart;
    chart.setSweep(r, 2048, QStringLiteral("Environments"), QStringLiteral("environments"), true);
    QCOMPARE(chart.yAxis->scaleType(), QCPAxis::stLogarithmic);
    QVERIFY(chart.yAxis->range().lower > 0);
    QVERIFY(chart.yAxis->range().lower < 2.2e6 && chart.yAxis->range().upper > 7.02e8);
    // A sweep within a few percent (checkpoint interval) stays linear, zoomed on the data.
    chart.setSweep(makeSweep(1, 1.7), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    QCOMPARE(chart.yAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(chart.yAxis->range().lower > 0);
}

// Issue 49: in the compare window at 1280×720 the trade-off is about 90 px tall and its
// money labels ("$500 万 $400 万 …") ran into each other. Ticks up a short axis are spaced
// so that their labels never touch; a tall chart keeps QCustomPlot's default count.
void TestCharts::tradeoffTicksFitAShortChart()
{
    SweepResult r;
    r.param = "pretrain.tokens";
    for (double x : {0.1, 1.0, 10.0, 40.0}) {
        SweepPoint p;
        p.x = x;
        p.total = 1e6 + 1e5 * x;
        r.points.push_back(p);
    }
    TradeoffChart chart;
    chart.setSweep(r, 6, QStringLiteral("Tokens"), QStringLiteral("T"), true);
    auto spacing = [&chart](int w, int h) {
        chart.resize(w, h);
        chart.setViewport(QRect(0, 0, w, h));
        chart.replot(QCustomPlot::rpImmediateRefresh);
        chart.replot(QCustomPlot::rpImmediateRefresh); // the tick count follows the new layout
        const QVector<double> ticks = chart.yAxis->tickVector();
        double least = 1e9;
        for (int i = 1; i < ticks.size(); ++i)
            least = std::min(least, std::abs(chart.yAxis->coordToPixel(ticks[i]) -
                                             chart.yAxis->coordToPixel(ticks[i - 1])));
        return std::pair{least, int(ticks.size())};
    };
    const int text = QFontMetrics(chart.yAxis->tickLabelFont()).height();
    const auto [shortGap, shortCount] = spacing(600, 160);
    QVERIFY2(shortGap >= text, qPrintable(QString::number(shortGap))); // labels never touch
    QVERIFY(shortCount >= 2);
    const auto [tallGap, tallCount] = spacing(600, 700);
    QVERIFY2(tallCount <= 7 && tallGap >= 1.5 * text, qPrintable(QString::number(tallCount)));
}

void TestCharts::tradeoffMarkers()
{
    TradeoffChart chart;
    chart.setSweep(makeSweep(1, 1.7), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    QCOMPARE(chart.pointCount(), 6);
    QVERIFY(chart.hasCurrentMarker());
    QCOMPARE(chart.markerX(), 1.0);
    QVERIFY(chart.hasOptimumMarker());
    QCOMPARE(chart.optimumMarkerX(), 1.7);
    QCOMPARE(chart.xAxis->scaleType(), QCPAxis::stLogarithmic);
    QCOMPARE(chart.xAxis->label(), QStringLiteral("Checkpoint interval (h)"));
    const QVector<double> cost1 = chart.seriesValues(QStringLiteral("cost"));
    // x = 1 h: 1e6 + 2e4/1 + 3e4·1 = 1.05e6
    QCOMPARE(cost1.at(2), 1.05e6);

    chart.setSweep(makeSweep(2, -1), 4.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), false);
    QVERIFY(!chart.hasOptimumMarker());
    QCOMPARE(chart.markerX(), 4.0);
    QCOMPARE(chart.xAxis->scaleType(), QCPAxis::stLinear);
    QVERIFY(chart.seriesValues(QStringLiteral("cost")) != cost1);

    chart.setCurrentX(2.0);
    QCOMPARE(chart.markerX(), 2.0);
    QVERIFY(chart.hasCurrentMarker());
    // Outside the swept range: no marker rather than one drawn at the edge.
    chart.setCurrentX(100.0);
    QVERIFY(!chart.hasCurrentMarker());
}

void TestCharts::tradeoffRiskMode()
{
    TradeoffChart chart;
    chart.setSweep(makeSweep(1, -1), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    QCOMPARE(chart.riskMode(), TradeoffChart::RiskMode::Probability);
    QCOMPARE(chart.seriesValues(QStringLiteral("recovery")).at(2), 0.05);
    QCOMPARE(chart.yAxis2->label(), QStringLiteral("Risk probability (%)"));
    chart.setRiskMode(TradeoffChart::RiskMode::ExpectedCost);
    QCOMPARE(chart.seriesValues(QStringLiteral("recovery")).at(2), 30000.0);
    QCOMPARE(chart.yAxis2->label(), QStringLiteral("Expected cost of risk (USD)"));
    QVERIFY(chart.seriesValues(QStringLiteral("nonsense")).isEmpty());
}

void TestCharts::memoryShowsPipelineStages()
{
    // The Llama 2 70B example trains at TP 8 × PP 4: its trainer is four bars, one per
    // stage, each the engine's pipelineStage(); the worst (first) is marked and its total is
    // the trainer's memory. At PP 8: the first two, the worst and the last (4 bars).
    std::vector<std::string> catErrors;
    const auto catalog = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", catErrors);
    QVERIFY(catalog);
    LoadResult r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama2-70b-pretrain-a100.costlab.json");
    QVERIFY(r.scenario);
    Scenario s = *r.scenario;
    QCOMPARE(s.phases.at(0).pretrain.pp, 4.0);
    MemoryChart chart;
    Estimate e = evaluate(s, *catalog);
    const PipelineMemory& pm = e.phases[0].trainer_stages;
    chart.setEstimate(s, e);
    QCOMPARE(chart.barCount(), 4);
    QCOMPARE(pm.worst, 0);
    QVERIFY(chart.barLabels().at(0).contains(QStringLiteral("stage 1/4 (worst)")));
    QVERIFY(chart.barLabels().at(3).contains(QStringLiteral("stage 4/4")));
    for (int i = 0; i < 4; ++i)
        QCOMPARE(chart.totalAt(i), pipelineStage(pm, i).total / 1073741824.0);
    QCOMPARE(chart.totalAt(0), e.phases[0].memory[0].total / 1073741824.0);
    QVERIFY(chart.totalAt(0) > chart.totalAt(1)); // four micro-batches in flight against three
    // The host panel: one bar per phase, the engine's host memory per node against the node
    // RAM of the catalog (A100 80 GB: 1,152 GiB, AWS p4de.24xlarge).
    QCOMPARE(chart.hostBarCount(), 1);
    QCOMPARE(chart.hostTotalAt(0), e.phases[0].host.total / 1073741824.0);
    QCOMPARE(chart.hostRamAt(0), 1152.0);
    QCOMPARE(chart.hostComponentAt(0, MemoryChart::HostProcesses), 8 * 8.0); // 8 GPUs × 8 GiB

    s.phases[0].pretrain.tp = 4;
    s.phases[0].pretrain.pp = 8;
    e = evaluate(s, *catalog);
    chart.setEstimate(s, e);
    QCOMPARE(e.phases[0].trainer_stages.stages, 8);
    QCOMPARE(chart.barCount(), 3); // stages 1 (worst), 2 and 8
    QVERIFY(chart.barLabels().at(1).contains(QStringLiteral("stage 2/8")));
    QVERIFY(chart.barLabels().at(2).contains(QStringLiteral("stage 8/8")));
}

void TestCharts::tradeoffCategorical()
{
    TradeoffChart chart;
    chart.setSweep(makeCategoricalSweep(), 1.0, QStringLiteral("Rollout quantization"), QString(),
                   false);
    QVERIFY(chart.isCategorical());
    QCOMPARE(chart.tickLabels(), (QStringList{"bf16", "fp8", "int8", "int4"}));
    // The x axis shows the choice labels as its ticks.
    auto ticker = chart.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().value(1.0), QStringLiteral("fp8"));
    QCOMPARE(chart.seriesValues(QStringLiteral("convergence")).at(3), 0.10);
    QVERIFY(chart.hasCurrentMarker());
    QVERIFY(!chart.hasOptimumMarker());
}

void TestCharts::tradeoffError()
{
    TradeoffChart chart;
    SweepResult r;
    r.error = "unknown parameter 'foo'";
    chart.setSweep(r, 0, QStringLiteral("Foo"), QString(), false);
    QVERIFY(chart.messageText().contains(QStringLiteral("unknown parameter 'foo'")));
    QCOMPARE(chart.pointCount(), 0);
    QVERIFY(!chart.hasCurrentMarker());
    chart.setSweep(makeSweep(1, -1), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    QVERIFY(chart.messageText().isEmpty());
}

void TestCharts::unpricedPointsHaveNoCost()
{
    // No price, no total (issue 12): a sweep point on an accelerator without a price draws no
    // cost bar and does not stretch the axis; its risks are still there.
    SweepResult r = makeCategoricalSweep();
    r.points[0].priced = false;
    r.points[0].total = 5e7; // only storage and the like: must not be drawn
    TradeoffChart chart;
    chart.setSweep(r, 1.0, QStringLiteral("Accelerator"), QString(), false);
    QVERIFY(std::isnan(chart.seriesValues(QStringLiteral("cost")).at(0)));
    QCOMPARE(chart.seriesValues(QStringLiteral("cost")).at(1), 9e5);
    QCOMPARE(chart.seriesValues(QStringLiteral("convergence")).at(0), 0.01);
    // Expected costs are money: left out on the unpriced point (not drawn as 0), kept on the
    // priced ones.
    chart.setRiskMode(TradeoffChart::RiskMode::ExpectedCost);
    QVERIFY(std::isnan(chart.seriesValues(QStringLiteral("convergence")).at(0)));
    QVERIFY(!std::isnan(chart.seriesValues(QStringLiteral("convergence")).at(1)));
    chart.setRiskMode(TradeoffChart::RiskMode::Probability);
    int bars = -1;
    for (int i = 0; i < chart.plottableCount(); ++i)
        if (auto* b = qobject_cast<QCPBars*>(chart.plottable(i)); b && b->visible())
            bars = b->data()->size();
    QCOMPARE(bars, 3);
    // The axis fits the priced bars: 1.1 × the largest priced total (0.9 M), not 50 M.
    QVERIFY(std::fabs(chart.yAxis->range().upper / (9e5 * 1.1) - 1) < 1e-9);
    QVERIFY(chart.messageText().isEmpty());
    // A plan on an unpriced accelerator: no point has a cost, and the chart says why.
    for (SweepPoint& p : r.points)
        p.priced = false;
    chart.setSweep(r, 1.0, QStringLiteral("Rollout quantization"), QString(), false);
    // The cost axis says so (no invented $ ticks); no note is laid over the risk curves.
    QVERIFY(chart.costAxisTitle().contains(QStringLiteral("not priced")));
    QVERIFY(!chart.yAxis->tickLabels());
    QVERIFY(chart.messageText().isEmpty());
    QCOMPARE(chart.pointCount(), 4);
    // Priced again: the axis gets its currency title and ticks back.
    for (SweepPoint& p : r.points)
        p.priced = true;
    chart.setSweep(r, 1.0, QStringLiteral("Rollout quantization"), QString(), false);
    QVERIFY(!chart.costAxisTitle().contains(QStringLiteral("not priced")));
    QVERIFY(chart.yAxis->tickLabels());

    // The cost bar of a phase on an unpriced accelerator says what it leaves out.
    CostBreakdownChart breakdown;
    const Scenario s = makeScenario();
    Estimate e = makeEstimate(1);
    e.priced = false;
    e.unpriced = {s.phases[1].accelerator};
    Scenario other = s;
    other.phases[0].accelerator = "priced-one";
    breakdown.setEstimate(other, e);
    QVERIFY(!breakdown.barTotalText(0).contains(QStringLiteral("not priced")));
    QVERIFY(breakdown.barTotalText(1).contains(QStringLiteral("GPU time,\nnot priced")));
    QVERIFY(!breakdown.barTotalText(2).contains(QStringLiteral("not priced"))); // shared
    QCOMPARE(breakdown.barTotalText(7), QString());

    // The spend over time: no line, the calendar and budget kept, and the reason shown.
    SpendChart spend;
    spend.setEstimate(s, makeEstimate(1));
    QVERIFY(spend.messageText().isEmpty());
    const int points = spend.pointCount();
    spend.setEstimate(s, e);
    QVERIFY(spend.messageText().contains(QStringLiteral("not priced")));
    QCOMPARE(spend.pointCount(), points);
    QVERIFY(std::isnan(spend.seriesValues(QStringLiteral("spend")).value(0, 0.0)));
    QVERIFY(!spend.seriesValues(QStringLiteral("budget")).isEmpty());
}

void TestCharts::memoryPlotsEstimate()
{
    MemoryChart chart;
    const Scenario s = makeScenario();
    chart.setEstimate(s, makeEstimate(1));
    // pre-train trainer, RL trainer, RL rollout
    QCOMPARE(chart.barCount(), 3);
    QCOMPARE(chart.componentAt(0, MemoryChart::Optimizer), 20.0);
    QCOMPARE(chart.componentAt(2, MemoryChart::KvCache), 50.0);
    QCOMPARE(chart.usableAt(2), 72.0);
    QVERIFY(!chart.usableIsSingleLine()); // 80 GiB and 72 GiB
    QVERIFY(chart.barLabels().at(2).contains(QStringLiteral("P(OOM) 20.0%")));
    QCOMPARE(chart.formatPercent(0.0123), QStringLiteral("1.23%"));
    QCOMPARE(chart.formatPercent(1e-7), QStringLiteral("<0.01%"));
    // Issue 14: a chance short of certain never reads "100 %" (chart, panel and report).
    QCOMPARE(chart.formatPercent(0.99996), QStringLiteral(">99.9%"));
    QCOMPARE(chart.formatPercent(1.0), QStringLiteral("100.0%"));
    QCOMPARE(chart.formatPercent(0.9994), QStringLiteral("99.9%"));
    QCOMPARE(costlab::formatPercent(0.99999), QStringLiteral(">99.9 %"));
    QCOMPARE(costlab::formatPercent(1.0), QStringLiteral("100 %"));

    chart.setEstimate(s, makeEstimate(1.2));
    QCOMPARE(chart.componentAt(2, MemoryChart::KvCache), 60.0);
    QCOMPARE(chart.totalAt(2), 77.0); // 15 + 60 + 2

    // Only the trainers: both 80 GiB → one horizontal line.
    Estimate e = makeEstimate(1);
    e.phases[1].memory[static_cast<int>(GpuRole::Rollout)].present = false;
    chart.setEstimate(s, e);
    QCOMPARE(chart.barCount(), 2);
    QVERIFY(chart.usableIsSingleLine());
}

void TestCharts::rlUtilisationPlotsEstimate()
{
    RlUtilisationChart chart;
    const Scenario s = makeScenario();
    chart.setEstimate(s, makeEstimate(1));
    QVERIFY(!chart.showsNoRlMessage());
    QCOMPARE(chart.rowCount(), 3);
    // iteration = 100 + 60 + 40 + 10 = 210 s; rollout busy 100 s, idle 110 s
    QCOMPARE(chart.busySeconds(0), 100.0);
    QCOMPARE(chart.idleSeconds(0), 110.0);
    QCOMPARE(chart.busySeconds(2), 60.0); // environments busy 60 s
    QVERIFY(chart.phaseHeaders().at(0).contains(QStringLiteral("synchronous")));

    chart.setEstimate(s, makeEstimate(2));
    QCOMPARE(chart.busySeconds(0), 200.0);
    QCOMPARE(chart.idleSeconds(0), 110.0);

    Scenario async = s;
    async.phases[1].rl.pipeline = Pipeline::Asynchronous;
    chart.setEstimate(async, makeEstimate(1));
    QVERIFY(chart.phaseHeaders().at(0).contains(QStringLiteral("asynchronous")));

    // Episodes that meet no environment (an in-process verifier): no environment row.
    Estimate none = makeEstimate(1);
    none.phases[1].rl.environments = false;
    chart.setEstimate(s, none);
    QCOMPARE(chart.rowCount(), 2);
}

void TestCharts::rlUtilisationWithoutRl()
{
    RlUtilisationChart chart;
    Scenario s = makeScenario();
    s.phases.pop_back();
    Estimate e = makeEstimate(1);
    e.phases.pop_back();
    chart.setEstimate(s, e);
    QCOMPARE(chart.rowCount(), 0);
    QVERIFY(chart.showsNoRlMessage());
}

void TestCharts::tooltipMarkupReadsAsText()
{
    // The charts' <b>/<br> markup becomes lines of plain text (it showed as literal "<b>"),
    // and a name that looks like markup stays text: escaped once by the chart, shown as typed.
    QCOMPARE(ChartBase::shownToolTip(QStringLiteral("<b>1.2 K tokens</b><br>loss 2.1")),
             QStringLiteral("<qt>1.2 K tokens<br/>loss 2.1</qt>"));
    const QString name = QStringLiteral("<img src=x> & co");
    QCOMPARE(ChartBase::shownToolTip(QStringLiteral("<b>%1</b>").arg(name.toHtmlEscaped())),
             QStringLiteral("<qt>&lt;img src=x&gt; &amp; co</qt>"));
    QCOMPARE(ChartBase::shownToolTip(QStringLiteral("P(OOM) < 5 %")),
             QStringLiteral("<qt>P(OOM) &lt; 5 %</qt>"));
    QVERIFY(ChartBase::shownToolTip(QString()).isEmpty());
}

void TestCharts::targetChartShowsTheLaw()
{
    // Issue 46: the target chart draws the phase's law and marks what the target set.
    std::vector<std::string> errors;
    const auto cat = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY(cat);
    Scenario s =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json")
            .scenario.value();
    TargetChart chart;
    // Sized by its count: the marker is its tokens, on the law's curve (no band).
    Estimate e = evaluate(s, *cat);
    chart.setEstimate(s, e);
    QCOMPARE(chart.phaseIndex(), 0);
    QVERIFY(!chart.showsMessage());
    QCOMPARE(chart.markerX(), e.phases[0].tokens);
    QCOMPARE(chart.bandHigh(), 0.0);
    // Target loss 2.1 under the default Besiroglu et al. 2024 law: the marker sits at the
    // target (the law's inverse, scaling.h), and its P10–P90 is the σ 0.648 in ln D the
    // σ_E = 0.026 gives at 8B (tst_target): P90/amount = e^(1.2816·0.648) = 2.296.
    s.phases[0].pretrain.target_loss = 2.1;
    e = evaluate(s, *cat);
    chart.setEstimate(s, e);
    QCOMPARE(chart.markerX(), e.phases[0].target.amount);
    QVERIFY2(std::abs(chart.markerY() - 2.1) < 1e-4, qPrintable(QString::number(chart.markerY())));
    QVERIFY2(std::abs(chart.bandHigh() / chart.markerX() / 2.296 - 1) < 0.01,
             qPrintable(QString::number(chart.bandHigh() / chart.markerX())));
    QVERIFY(chart.bandLow() < chart.markerX());
    QVERIFY(chart.curvePointCount() > 50);
    // The user's runs are drawn for their phase only.
    chart.setRuns(0, {1e9, 2e9, 4e9}, {2.9, 2.7, 2.6}, QStringLiteral("runs.csv"));
    QCOMPARE(chart.runPointCount(), 3);
    chart.setRuns(1, {1e9}, {2.9}, QStringLiteral("other.csv"));
    QCOMPARE(chart.runPointCount(), 0);
    // An RL phase sized by a score: ScaleRL 8B from 0.2 to 0.5 needs 4,286.6 GB200-hours
    // (tst_scaling), where the curve reads 0.5.
    Scenario rl = loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/grpo-7b-math.costlab.json")
                      .scenario.value();
    int i = 0;
    while (rl.phases[std::size_t(i)].kind != PhaseKind::RlPosttrain)
        ++i;
    rl.phases[std::size_t(i)].rl.target_score = 0.5;
    rl.phases[std::size_t(i)].rl.rl_curve = 0;
    rl.phases[std::size_t(i)].rl.curve.R0 = 0.2;
    chart.setEstimate(rl, evaluate(rl, *cat));
    QCOMPARE(chart.phaseIndex(), i);
    QVERIFY2(std::abs(chart.markerX() / 4286.6 - 1) < 1e-3,
             qPrintable(QString::number(chart.markerX())));
    QVERIFY(std::abs(chart.markerY() - 0.5) < 1e-6);
    // A plan with no training phase has nothing to draw, and says so.
    Scenario evalOnly = rl;
    evalOnly.phases.clear();
    chart.setEstimate(evalOnly, Estimate{});
    QVERIFY(chart.showsMessage());
}

void TestCharts::stepChartPlotsBreakdown()
{
    // Hand-made breakdowns: the bars carry exactly the parts, one row per training phase,
    // none for evaluation; a pinned-MFU phase (no step) leaves the message.
    StepChart chart;
    Scenario s = makeScenario();
    Estimate e = makeEstimate(1);
    e.phases[0].step = {.compute_s = 4,
                        .host_s = 0,
                        .tp_s = 1,
                        .cp_s = 0,
                        .ep_s = 0,
                        .pp_bubble_s = 1.5,
                        .dp_s = 0.5,
                        .optimizer_s = 0.25,
                        .total_s = 7.25};
    e.phases[0].mfu = 0.42;
    e.phases[1].step = {};
    chart.setEstimate(s, e);
    QCOMPARE(chart.rowCount(), 1);
    QVERIFY(!chart.showsMessage());
    QCOMPARE(chart.partSeconds(0, StepChart::Compute), 4.0);
    QCOMPARE(chart.partSeconds(0, StepChart::Bubble), 1.5);
    QCOMPARE(chart.partSeconds(0, StepChart::Dp), 0.5);
    QVERIFY(chart.rowLabels().at(0).contains(QStringLiteral("42")));
    // The tooltip names the layout, and for MoE the expert layers' EP × ETP fold.
    e.phases[0].layout.layout = {
        .tp = 2, .pp = 1, .ep = 8, .etp = 1, .dp = 4, .micro_batch = 1, .micro_batches = 2};
    chart.setEstimate(s, e);
    layOut(chart);
    const QString tip =
        chart.toolTipAt(QPointF(chart.xAxis->coordToPixel(1), chart.yAxis->coordToPixel(1)));
    QVERIFY2(tip.contains(QStringLiteral("TP 2 × PP 1 × CP 1 × DP 4, EP 8 × ETP 1")),
             qPrintable(tip));
    e.phases[0].step = {};
    chart.setEstimate(s, e);
    QCOMPARE(chart.rowCount(), 0);
    QVERIFY(chart.showsMessage());
}

void TestCharts::spendPlotsTimeline()
{
    SpendChart chart;
    const Scenario s = makeScenario();
    const Estimate e1 = makeEstimate(1);
    chart.setEstimate(s, e1);
    QVERIFY(chart.pointCount() >= 2);
    QCOMPARE(chart.startDate(), QDate(2027, 1, 4));
    const QVector<double> spend1 = chart.seriesValues(QStringLiteral("spend"));
    QCOMPARE(spend1.size(), static_cast<int>(spendTimeline(e1).size()));
    QCOMPARE(chart.seriesValues(QStringLiteral("budget")), (QVector<double>{1.5e6, 1.5e6}));
    const QVector<double> alert = chart.seriesValues(QStringLiteral("alert"));
    QCOMPARE(alert.size(), 2);
    QCOMPARE(alert.at(0), 0.0);
    // slope 40,000 per day over the plan's last day
    QCOMPARE(alert.at(1), 40000.0 * chart.days().last());

    chart.setEstimate(s, makeEstimate(2));
    QVERIFY(chart.seriesValues(QStringLiteral("spend")) != spend1);

    Scenario noBudget = s;
    noBudget.budget.total = 0;
    noBudget.budget.daily_alert = 0;
    chart.setEstimate(noBudget, e1);
    QVERIFY(chart.seriesValues(QStringLiteral("budget")).isEmpty());
    QVERIFY(chart.seriesValues(QStringLiteral("alert")).isEmpty());
}

void TestCharts::tooltips()
{
    CostBreakdownChart cost;
    cost.setEstimate(makeScenario(), makeEstimate(1));
    layOut(cost);
    const QPointF onBar(cost.xAxis->coordToPixel(1), cost.yAxis->coordToPixel(400000));
    const QString tip = cost.toolTipAt(onBar);
    QVERIFY2(tip.contains(QStringLiteral("Pre-train")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("$800,000")), qPrintable(tip));
    QVERIFY(cost.toolTipAt(QPointF(cost.xAxis->coordToPixel(1.5), onBar.y())).isEmpty());

    TradeoffChart trade;
    trade.setSweep(makeSweep(1, 1.7), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    layOut(trade);
    const QString t2 =
        trade.toolTipAt(QPointF(trade.xAxis->coordToPixel(1.0), trade.yAxis->coordToPixel(1.05e6)));
    QVERIFY2(t2.contains(QStringLiteral("$1,050,000")), qPrintable(t2));

    RlUtilisationChart rl;
    rl.setEstimate(makeScenario(), makeEstimate(1));
    layOut(rl);
    const QString t3 = rl.toolTipAt(QPointF(rl.xAxis->coordToPixel(50), rl.yAxis->coordToPixel(1)));
    QVERIFY2(t3.contains(QStringLiteral("Rollout GPUs")), qPrintable(t3));

    MemoryChart mem;
    mem.setEstimate(makeScenario(), makeEstimate(1));
    layOut(mem);
    const QString t4 =
        mem.toolTipAt(QPointF(mem.xAxis->coordToPixel(3), mem.yAxis->coordToPixel(30)));
    QVERIFY2(t4.contains(QStringLiteral("KV cache")), qPrintable(t4));

    SpendChart spend;
    spend.setEstimate(makeScenario(), makeEstimate(1));
    layOut(spend);
    const QString t5 = spend.toolTipAt(QPointF(
        spend.xAxis->coordToPixel(spend.xAxis->range().center()), spend.yAxis->coordToPixel(1000)));
    QVERIFY2(t5.contains(QStringLiteral("Cumulative spend")), qPrintable(t5));
}

void TestCharts::replotOnlyWhenVisible()
{
    CostBreakdownChart chart;
    chart.resize(900, 500);
    chart.setEstimate(makeScenario(), makeEstimate(1));
    // Hidden: nothing drawn yet, only marked stale.
    QVERIFY(chart.replotPending());
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QVERIFY(!chart.replotPending());
    chart.setEstimate(makeScenario(), makeEstimate(2));
    QVERIFY(!chart.replotPending());
    QCOMPARE(chart.valueAt(0, Category::ComputeTraining), 1600000.0);
}

void TestCharts::unchangedDataSkipsReplot()
{
    // Memory and RL utilisation charts redraw only when what they show changed: a slider
    // that moves costs only (here: the same estimate with the costs doubled) costs them no
    // frame time.
    MemoryChart memory;
    RlUtilisationChart rl;
    const Scenario s = makeScenario();
    Estimate costsDoubled = makeEstimate(1);
    for (PhaseEstimate& p : costsDoubled.phases)
        for (double& c : p.cost)
            c *= 2;
    for (ChartBase* c : {static_cast<ChartBase*>(&memory), static_cast<ChartBase*>(&rl)}) {
        c->resize(700, 400);
        c->show();
        QVERIFY(QTest::qWaitForWindowExposed(c));
    }
    memory.setEstimate(s, makeEstimate(1));
    rl.setEstimate(s, makeEstimate(1));
    QTRY_VERIFY(!memory.replotQueued() && !rl.replotQueued());
    memory.setEstimate(s, costsDoubled);
    rl.setEstimate(s, costsDoubled);
    QVERIFY(!memory.replotQueued());
    QVERIFY(!rl.replotQueued());
    // makeEstimate(2) doubles weights, KV cache and generation time: both redraw.
    memory.setEstimate(s, makeEstimate(2));
    rl.setEstimate(s, makeEstimate(2));
    QVERIFY(memory.replotQueued());
    QVERIFY(rl.replotQueued());
    QCOMPARE(memory.componentAt(0, MemoryChart::Weights), 20.0); // 10 GiB × 2
}

void TestCharts::draftModeDropsAntialiasing()
{
    TradeoffChart chart;
    chart.resize(700, 400);
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    const QCP::AntialiasedElements before = chart.notAntialiasedElements();
    chart.setDraftMode(true);
    QVERIFY(chart.draftMode());
    QCOMPARE(chart.notAntialiasedElements(), QCP::AntialiasedElements(QCP::aeAll));
    chart.setDraftMode(false);
    QCOMPARE(chart.notAntialiasedElements(), before);
    QVERIFY(chart.replotQueued()); // the full-quality frame after the drag
}

void TestCharts::fitToWidth()
{
    QFont font;
    font.setPointSizeF(9.5);
    const QFontMetrics fm(font);
    const QString label =
        QStringLiteral("Agentic RL in 2,048 environments\nRollout\nP(OOM) <0.01%");
    // Wide enough: unchanged.
    QCOMPARE(ChartBase::fitToWidth(label, font, 10000), label);
    QCOMPARE(ChartBase::fitToWidth(label, font, 0), label);
    for (const int px : {60, 90, 140}) {
        for (const int maxLines : {0, 1, 2}) {
            const QString fitted = ChartBase::fitToWidth(label, font, px, maxLines);
            const QStringList lines = fitted.split(QLatin1Char('\n'));
            for (const QString& line : lines)
                QVERIFY2(fm.horizontalAdvance(line) <= px,
                         qPrintable(QStringLiteral("%1 px: '%2'").arg(px).arg(line)));
            // Three paragraphs; each keeps at most maxLines lines when a limit is given.
            QVERIFY(lines.size() >= 3);
            if (maxLines > 0)
                QVERIFY(lines.size() <= 3 * maxLines);
        }
    }
    // Words are kept whole where they fit: 140 px holds "Agentic RL in".
    QVERIFY(ChartBase::fitToWidth(label, font, 140).startsWith(QStringLiteral("Agentic RL in")));
    // A hyphenated word breaks after its hyphen rather than being elided: the slot is as wide
    // as "training", narrower than "Pre-training".
    const int slot = fm.horizontalAdvance(QStringLiteral("training")) + 2;
    const QStringList hyphen =
        ChartBase::fitToWidth(QStringLiteral("Pre-training 15T tokens"), font, slot)
            .split(QLatin1Char('\n'));
    QCOMPARE(hyphen.value(0), QStringLiteral("Pre-"));
    QCOMPARE(hyphen.value(1), QStringLiteral("training"));
    // Chinese has no spaces: a name wraps between characters, and no character is lost.
    const QString zh = QStringLiteral("预训练十五万亿词元阶段");
    const QString wrapped = ChartBase::fitToWidth(zh, font, fm.horizontalAdvance(zh) / 2 + 2);
    QVERIFY2(wrapped.contains(QLatin1Char('\n')), qPrintable(wrapped));
    QCOMPARE(QString(wrapped).remove(QLatin1Char('\n')), zh);
}

// A chart too narrow for the phase names (four 1920×1080 dashboard columns, a 1280×720
// projector) numbers its bars as the plan's phase list does instead of showing elided
// fragments, and drops the decimals of totals that would overlap; a wide one keeps the names.
void TestCharts::narrowChartsNumberTheirBars()
{
    const RouteB routeB = loadRouteB();
    QVERIFY(routeB.catalog && routeB.scenario);
    const Scenario& s = *routeB.scenario;
    const Estimate e = evaluate(s, *routeB.catalog);
    // Shown, so a resize reaches QCustomPlot's viewport (a hidden widget keeps its old one).
    auto sized = [](QCustomPlot& c, int w, int h) {
        c.resize(w, h);
        c.show();
        QCoreApplication::sendPostedEvents();
        c.setViewport(c.rect());
    };
    auto ticks = [](QCustomPlot& c) {
        c.replot();
        c.replot(); // the labels fit the layout of the frame before
        return c.xAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().values();
    };
    CostBreakdownChart cost;
    cost.setEstimate(s, e);
    QCOMPARE(cost.barCount(), 4); // three phases and the shared costs
    sized(cost, 1600, 500);
    QVERIFY(ticks(cost).first().contains(QStringLiteral("8B base")));
    QVERIFY(cost.barTotalText(1).contains(QLatin1Char('.'))); // "$952.99 K"
    sized(cost, 360, 400);
    const QStringList narrow = ticks(cost);
    QCOMPARE(narrow.mid(0, 3), (QStringList{"1", "2", "3"}));
    // The shared costs keep their word, never "S…" (issue 49).
    QCOMPARE(narrow.at(3), QStringLiteral("Shared"));
    QVERIFY2(!cost.barTotalText(1).contains(QLatin1Char('.')), qPrintable(cost.barTotalText(1)));
    // A slider move sets the same labels again: the fitted ticks stay, the totals follow the
    // new figures (issue 50: the labels are not fitted again at the same width and font).
    Scenario more = s;
    const auto tokens = findParam(more, "pretrain.tokens");
    QVERIFY(tokens);
    setValue(more, *tokens, getValue(more, *tokens) * 3);
    const Estimate e3 = evaluate(more, *routeB.catalog);
    const QString before = cost.barTotalText(0);
    cost.setEstimate(more, e3);
    QCOMPARE(ticks(cost), narrow);
    QVERIFY2(cost.barTotalText(0) != before, qPrintable(before));
    // A wider chart fits the same labels anew.
    sized(cost, 1600, 500);
    QVERIFY(ticks(cost).first().contains(QStringLiteral("8B base")));
    // At every width, a chart moved to the new plan shows what a chart opened on it shows:
    // labels, and totals with as many decimals as fit (CostBreakdownChart::categoryWidthChanged).
    for (int w = 360; w <= 1000; w += 40) {
        CostBreakdownChart moved, opened;
        moved.setEstimate(s, e);
        sized(moved, w, 400);
        ticks(moved);
        moved.setEstimate(more, e3);
        opened.setEstimate(more, e3);
        sized(opened, w, 400);
        QCOMPARE(ticks(moved), ticks(opened));
        for (int b = 0; b < opened.barCount(); ++b)
            QCOMPARE(moved.barTotalText(b), opened.barTotalText(b));
    }

    MemoryChart mem;
    mem.setEstimate(s, e);
    sized(mem, 1600, 500);
    QVERIFY(ticks(mem).first().contains(QStringLiteral("P(OOM)")));
    sized(mem, 300, 400);
    const QStringList ids = ticks(mem);
    QCOMPARE(ids.size(), mem.barCount());
    QCOMPARE(ids.first(), QStringLiteral("1"));
    // The RL phase has a trainer and a rollout bar: "2a", "2b".
    QVERIFY2(ids.contains(QStringLiteral("2a")) && ids.contains(QStringLiteral("2b")),
             qPrintable(ids.join(QLatin1Char(' '))));
}

void TestCharts::sameCategoryLabelsTellTheChart()
{
    // Issue 50: the same labels set again at the same width are not fitted again, but the
    // chart is still told (its figures beside the labels may have changed).
    CategoryChart chart;
    chart.resize(600, 300);
    chart.show();
    QCoreApplication::sendPostedEvents();
    chart.setViewport(chart.rect());
    const QStringList labels{QStringLiteral("Pre-training"), QStringLiteral("Post-training")};
    chart.setLabels(labels);
    chart.replot();
    chart.replot(); // the labels fit the layout of the frame before
    const QMap<double, QString> fitted = chart.m_ticker->ticks();
    QCOMPARE(fitted.size(), 2);
    const int calls = chart.calls;
    chart.setLabels(labels);
    QCOMPARE(chart.calls, calls + 1);
    QCOMPARE(chart.m_ticker->ticks(), fitted);
    // New labels are fitted and shown.
    chart.setLabels({QStringLiteral("Evaluation"), QStringLiteral("Shared")});
    QCOMPARE(chart.m_ticker->ticks().value(1), QStringLiteral("Evaluation"));
}

// The dashboard and the PDF report draw a parameter's sweep through setSweepOf(): with the
// automatic checkpoint interval the marker sits at the interval the plan resolves to (the
// engine's SweepResult::current_x), not at the stored fixed value the report used to show
// (route B: "Current: 1 h" in the report against 0.52 h on the dashboard).
void TestCharts::sweepOfAutoIntervalMarksTheResolvedInterval()
{
    const RouteB routeB = loadRouteB();
    QVERIFY(routeB.catalog && routeB.scenario);
    const Scenario& s = *routeB.scenario;
    const Catalog* catalog = &*routeB.catalog;
    QVERIFY(s.reliability.checkpoint_auto);
    const SweepResult sweep =
        sweepDefaultRange(s, *catalog, "reliability.checkpoint_interval_h", 9);
    QVERIFY(sweep.error.empty());
    QVERIFY(sweep.current_x > 0);
    QVERIFY(std::fabs(sweep.current_x - s.reliability.checkpoint_interval_h) > 0.05);
    TradeoffChart chart;
    chart.setSweepOf(s, "reliability.checkpoint_interval_h", sweep);
    QCOMPARE(chart.markerX(), sweep.current_x);
    // A choice parameter: the marker at the point of the plan's choice, ticks translated.
    const SweepResult quant = sweepDefaultRange(s, *catalog, "rl.rollout_quant", 2);
    QVERIFY(quant.error.empty() && quant.categorical);
    chart.setSweepOf(s, "rl.rollout_quant", quant);
    QCOMPARE(chart.markerX(), 0.0); // BF16, the first choice
}

void TestCharts::exportFormats_data()
{
    QTest::addColumn<QString>("suffix");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("png") << QStringLiteral("png") << QByteArray("\x89PNG", 4);
    QTest::newRow("pdf") << QStringLiteral("pdf") << QByteArray("%PDF");
    QTest::newRow("svg") << QStringLiteral("svg") << QByteArray("<?xml");
}

void TestCharts::exportFormats()
{
    QFETCH(QString, suffix);
    QFETCH(QByteArray, magic);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Scenario s = makeScenario();
    const Estimate e = makeEstimate(1);
    CostBreakdownChart cost;
    cost.setEstimate(s, e);
    TradeoffChart trade;
    trade.setSweep(makeSweep(1, 1.7), 1.0, QStringLiteral("Checkpoint interval"),
                   QStringLiteral("h"), true);
    MemoryChart mem;
    mem.setEstimate(s, e);
    RlUtilisationChart rl;
    rl.setEstimate(s, e);
    SpendChart spend;
    spend.setEstimate(s, e);
    const QList<QPair<QString, ChartBase*>> charts{
        {"cost", &cost}, {"tradeoff", &trade}, {"memory", &mem}, {"rl", &rl}, {"spend", &spend}};
    for (const auto& [name, chart] : charts) {
        chart->resize(900, 500);
        const QString path = dir.filePath(name + QLatin1Char('.') + suffix);
        QString error;
        QVERIFY2(chart->exportTo(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray data = f.readAll();
        QVERIFY2(data.size() > 1000, qPrintable(name));
        QVERIFY2(data.startsWith(magic), qPrintable(name));
        if (suffix == QLatin1String("svg"))
            QVERIFY(data.contains("<svg"));
        if (suffix == QLatin1String("png")) {
            QImage img(path);
            QCOMPARE(img.size(), QSize(900, 500));
        }
    }
}

void TestCharts::copyToClipboard()
{
    // Issue 13: every chart can be copied for slides (context menu and Ctrl+C).
    SpendChart chart;
    chart.resize(640, 400);
    QGuiApplication::clipboard()->clear();
    chart.copyToClipboard();
    const QImage image = QGuiApplication::clipboard()->image();
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1280, 800)); // twice the widget, sharp on a slide
}

void TestCharts::exportErrors()
{
    CostBreakdownChart chart;
    chart.setEstimate(makeScenario(), makeEstimate(1));
    QTemporaryDir dir;
    QString error;
    const QString missingDir = dir.filePath(QStringLiteral("no/such/folder/chart.png"));
    QVERIFY(!chart.exportTo(missingDir, &error));
    QVERIFY2(error.contains(QStringLiteral("chart.png")), qPrintable(error));
    QVERIFY(!QFile::exists(missingDir));

    error.clear();
    QVERIFY(!chart.exportTo(dir.filePath(QStringLiteral("chart.bmp")), &error));
    QVERIFY2(error.contains(QStringLiteral(".png, .pdf or .svg")), qPrintable(error));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("chart.bmp"))));

    // A folder where the file should be.
    error.clear();
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken.pdf")));
    QVERIFY(!chart.exportTo(dir.filePath(QStringLiteral("taken.pdf")), &error));
    QVERIFY(!error.isEmpty());
    // No error pointer: still fails cleanly.
    QVERIFY(!chart.exportTo(missingDir));
}

void TestCharts::renderExamples()
{
    std::vector<std::string> catErrors;
    const auto catalog = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", catErrors);
    QVERIFY2(catalog, catErrors.empty() ? "" : catErrors.front().c_str());
    auto load = [](const char* file) {
        LoadResult r = loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + file);
        if (!r.errors.empty())
            qWarning("%s: %s", file, r.errors.front().message.c_str());
        return r.scenario;
    };
    const auto llama2 = load("llama2-70b-pretrain-a100.costlab.json");
    const auto llama3 = load("llama3-8b-pretrain-h100.costlab.json");
    const auto grpo = load("grpo-7b-math.costlab.json");
    const auto agentic = load("agentic-rl-32b-code.costlab.json");
    QVERIFY(llama2 && llama3 && grpo && agentic);

    QTemporaryDir tmp;
    const QString outDir = qEnvironmentVariableIsSet("COSTLAB_CHART_IMAGES_DIR")
                               ? qEnvironmentVariable("COSTLAB_CHART_IMAGES_DIR")
                               : tmp.path();
    auto save = [&](ChartBase& chart, const QString& name) {
        chart.resize(900, 500);
        QString error;
        const QString path = QDir(outDir).filePath(QStringLiteral("chart-%1.png").arg(name));
        QVERIFY2(chart.exportTo(path, &error), qPrintable(error));
    };

    // Cost breakdown of a two-phase plan: agentic RL, then an evaluation campaign.
    const auto eval = load("eval-405b-campaign.costlab.json");
    QVERIFY(eval);
    Scenario plan = *agentic;
    plan.name = "Agentic RL then evaluation";
    plan.phases.push_back(eval->phases.front());
    const Estimate planEst = evaluate(plan, *catalog);
    CostBreakdownChart cost;
    cost.setEstimate(plan, planEst);
    QCOMPARE(cost.barCount(), 3);
    QVERIFY(cost.barTotal(0) > 0);
    save(cost, QStringLiteral("cost-breakdown"));

    // Trade-off: checkpoint interval of the Llama 2 70B run.
    {
        const char* id = "reliability.checkpoint_interval_h";
        const SweepResult sw = sweep(*llama2, *catalog, id, 0.1, 24, 40);
        QVERIFY2(sw.error.empty(), sw.error.c_str());
        TradeoffChart trade;
        trade.setSweep(sw, llama2->reliability.checkpoint_interval_h,
                       QStringLiteral("Checkpoint interval"), QStringLiteral("h"), true);
        QCOMPARE(trade.pointCount(), 40);
        QVERIFY(trade.hasOptimumMarker());
        save(trade, QStringLiteral("tradeoff-checkpoint"));
    }
    // Trade-off: rollout quantization of the GRPO run (categorical).
    {
        const auto ref = findParam(*grpo, "rl.rollout_quant");
        QVERIFY(ref);
        const SweepResult sw = sweep(*grpo, *catalog, "rl.rollout_quant", 0, 0, 2);
        QVERIFY2(sw.error.empty(), sw.error.c_str());
        TradeoffChart trade;
        trade.setSweep(sw, getValue(*grpo, *ref), QStringLiteral("Rollout quantization"), QString(),
                       false);
        QVERIFY(trade.isCategorical());
        QCOMPARE(trade.tickLabels().size(), 4);
        save(trade, QStringLiteral("tradeoff-quantization"));
    }

    // Memory: Llama 3 8B pre-training trainers next to GRPO trainers and rollout engines.
    Scenario memPlan = *llama3;
    memPlan.phases.push_back(grpo->phases.front());
    MemoryChart mem;
    mem.setEstimate(memPlan, evaluate(memPlan, *catalog));
    QVERIFY(mem.barCount() >= 2);
    save(mem, QStringLiteral("memory"));

    const Estimate agenticEst = evaluate(*agentic, *catalog);
    RlUtilisationChart rl;
    rl.setEstimate(*agentic, agenticEst);
    QCOMPARE(rl.rowCount(), 3);
    QVERIFY(rl.busySeconds(0) > 0);
    save(rl, QStringLiteral("rl-utilisation"));

    const Estimate llama2Est = evaluate(*llama2, *catalog);
    StepChart step;
    step.setEstimate(*llama2, llama2Est);
    QCOMPARE(step.rowCount(), 1);
    QVERIFY(step.partSeconds(0, StepChart::Compute) > 0);
    save(step, QStringLiteral("step-breakdown"));

    SpendChart spend;
    spend.setEstimate(*llama2, llama2Est);
    QVERIFY(spend.pointCount() >= 2);
    save(spend, QStringLiteral("spend"));
}

void TestCharts::distributionPlotsRuns()
{
    // A hand-made result: 100 runs in 4 bins of $10,000 from $1 M, 4 runs above the last bin.
    MonteCarloResult r;
    r.runs = 100;
    r.cost_histogram = {1e6, 1e4, {10, 40, 30, 16}, 4};
    r.days_histogram = {30, 0.5, {50, 50}, 0};
    r.cost = {1.012e6, 1.02e6, 1.033e6, 1.02e6, 1e6, 1.1e6};
    r.days = {30.2, 30.5, 30.9, 30.5, 30, 31};
    r.point_cost = 1.019e6;
    r.point_days = 30.4;
    r.p_over_budget = 0.2;
    r.p_late = 0.5;
    Scenario s;
    s.budget.total = 1.03e6;
    s.budget.deadline_days = 30.5;
    DistributionChart c;
    layOut(c);
    c.setResult(s, r);
    // Shares of the runs per bin; cumulative share at each bin's right edge (0.96 at the
    // end: 4 runs lie above the histogram, which stops at P99.5).
    QCOMPARE(c.binShares(), (QVector<double>{0.10, 0.40, 0.30, 0.16}));
    QCOMPARE(c.binCentres(), (QVector<double>{1.005e6, 1.015e6, 1.025e6, 1.035e6}));
    const QVector<double> cum = c.cumulative();
    QCOMPARE(cum.size(), 4);
    QVERIFY(std::abs(cum[1] - 0.50) < 1e-12);
    QVERIFY(std::abs(cum[3] - 0.96) < 1e-12);
    QCOMPARE(c.limitLine(), 1.03e6); // the budget
    QCOMPARE(c.percentileLines()[2], 1.033e6);
    QVERIFY(c.titleText().contains(QStringLiteral("100")));
    // Tooltip of the second bin: its range and shares.
    const QPointF at(c.xAxis->coordToPixel(1.015e6), c.yAxis->coordToPixel(0.2));
    const QString tip = c.toolTipAt(at);
    QVERIFY2(tip.contains(QStringLiteral("40")) && tip.contains(QStringLiteral("50")),
             qPrintable(tip));
    // Duration: the deadline is the line, the days' bins are plotted.
    c.setQuantity(DistributionChart::Quantity::Days);
    QCOMPARE(c.binShares(), (QVector<double>{0.5, 0.5}));
    QCOMPARE(c.limitLine(), 30.5);
    QCOMPARE(c.percentileLines()[1], 30.5);
    // No deadline: no line; a failed result: no bars and the message.
    s.budget.deadline_days = 0;
    c.setResult(s, r);
    QCOMPARE(c.limitLine(), -1.0);
    MonteCarloResult failed;
    failed.error = "x";
    c.setResult(s, failed);
    QVERIFY(c.binShares().isEmpty());

    // Issue 49: P50's label sat alone on a second line. The labels share the top row unless
    // two would overlap; then the later one moves down, and no two on a row overlap.
    auto labelsApart = [](DistributionChart& chart) {
        const std::array<int, 3> rows = chart.percentileLabelRows();
        QVector<QRectF> rects;
        for (int i = 0; i < chart.itemCount(); ++i)
            if (auto* t = qobject_cast<QCPItemText*>(chart.item(i));
                t && t->visible() && t->text().startsWith(QLatin1Char('P')))
                rects << QRectF(t->topLeft->pixelPosition(), t->bottomRight->pixelPosition());
        if (rects.size() != 3)
            return false;
        for (int i = 0; i < 3; ++i)
            for (int j = i + 1; j < 3; ++j)
                if (rows[std::size_t(i)] == rows[std::size_t(j)] && rects[i].intersects(rects[j]))
                    return false;
        return true;
    };
    r.cost_histogram = {1e6, 2e4, {10, 40, 30, 16, 4}, 0};
    r.cost = {1.01e6, 1.05e6, 1.09e6, 1.05e6, 1e6, 1.1e6};
    s.budget.total = 0;
    auto sizeTo = [&c](int w, int h) {
        c.resize(w, h);
        c.setViewport(QRect(0, 0, w, h));
        c.replot(QCustomPlot::rpImmediateRefresh);
    };
    c.setQuantity(DistributionChart::Quantity::Cost);
    c.setResult(s, r);
    sizeTo(1200, 400);
    QCOMPARE(c.percentileLabelRows(), (std::array<int, 3>{0, 0, 0})); // room: one row
    QVERIFY(labelsApart(c));
    sizeTo(260, 300); // a narrow chart: the same labels no longer fit side by side
    QVERIFY(c.percentileLabelRows() != (std::array<int, 3>{0, 0, 0}));
    QVERIFY(labelsApart(c));
}

void TestCharts::tornadoPlotsSwings()
{
    // Route B's sensitivity: the rows are the analysis' largest swings, top first, each bar
    // from the plan's total to the total at the input's low / high value.
    const LoadResult lr =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
    QVERIFY(lr.scenario);
    std::vector<std::string> catErrors;
    const auto catalog = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", catErrors);
    QVERIFY(catalog);
    const SensitivityResult r = sensitivity(*lr.scenario, *catalog);
    QVERIFY(r.error.empty() && r.rows.size() > 8);
    TornadoChart c;
    layOut(c);
    c.setResult(*lr.scenario, r, 5);
    QCOMPARE(c.rowCount(), 5);
    QCOMPARE(c.baseTotal(), r.total);
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(c.lowTotals()[i], r.rows[std::size_t(i)].low.total);
        QCOMPARE(c.highTotals()[i], r.rows[std::size_t(i)].high.total);
        QCOMPARE(c.rowLabels()[i], paramLabel(*r.rows[std::size_t(i)].def));
    }
    // The bars' data are the changes from the total (QCPBars draws base → base + value).
    const auto* bars = qobject_cast<QCPBars*>(c.plottable(1));
    QVERIFY(bars);
    QCOMPARE(bars->data()->size(), 5);
    // Top row (key 5): the largest swing.
    QCOMPARE(bars->data()->findBegin(5, false)->value, r.rows[0].high.total - r.total);
    QVERIFY(c.toolTipAt(QPointF(c.xAxis->coordToPixel(r.total), c.yAxis->coordToPixel(5)))
                .contains(paramLabel(*r.rows[0].def).toHtmlEscaped()));
    SensitivityResult failed;
    failed.error = "x";
    c.setResult(*lr.scenario, failed);
    QCOMPARE(c.rowCount(), 0);
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
