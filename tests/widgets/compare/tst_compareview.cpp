// Widget tests of the comparison view and dialog (offscreen): tables filled from the
// comparison, one bar stack and one trade-off line per plan, switching the swept parameter,
// and a bad file in "Add scenario" leaving the comparison as it was.
//
// Set COSTLAB_COMPARE_IMAGE to a .png path to write the Route A vs Route B render
// (docs/images/compare.png is made this way):
//   COSTLAB_COMPARE_IMAGE=$PWD/docs/images/compare.png QT_QPA_PLATFORM=offscreen
//       build/tests/widgets/tst_compareview renderRouteAB   (one command line)
// COSTLAB_COMPARE_DISTRIBUTION_IMAGE writes the Distribution tab the same way;
// COSTLAB_COMPARE_LANG=zh_CN and COSTLAB_COMPARE_SIZE=1280x720 pick language and size.

#include "analysisworker.h"
#include "catalogio.h"
#include "categories.h"
#include "comparecharts.h"
#include "comparedialog.h"
#include "compareview.h"
#include "engine.h"
#include "languages.h"
#include "paramtext.h"
#include "scenario_json.h"
#include "valuechart.h"
#include "widgettestutil.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace costlab;

namespace {

Scenario load(const char* name)
{
    const LoadResult r = loadScenarioFile(test::examplePath(name).toStdString());
    if (!r.scenario)
        qFatal("example %s does not load", name);
    return *r.scenario;
}

int rowOfId(const QTableWidget* t, const QString& id)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->data(Qt::UserRole).toString() == id)
            return r;
    return -1;
}

} // namespace

class TestCompareView : public QObject {
    Q_OBJECT

private:
    Catalog m_catalog;
    Scenario m_a, m_b;

private slots:
    void initTestCase()
    {
        m_catalog = test::loadTestCatalog();
        m_a = load("route-a-bigger-pretrain.costlab.json");
        m_b = load("route-b-small-base-heavy-rl.costlab.json");
    }

    void emptyView()
    {
        CompareView v;
        QCOMPARE(v.headlineTable()->rowCount(), 0);
        QCOMPARE(v.barsChart()->stackCount(), 0);
        QCOMPARE(v.tradeoffChart()->costGraphCount(), 0);
        QCOMPARE(v.sweepParameter(), QString());
    }

    void tablesFilled()
    {
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        // Headline: total, GPU-hours, wall-clock, cost/M tokens, fixed, elastic, budget ratio.
        QCOMPARE(v.headlineTable()->rowCount(), 7);
        // Figure, A, B, B − A, B vs A.
        QCOMPARE(v.headlineTable()->columnCount(), 5);
        // Each of the six risks of the table × probability and expected cost.
        QCOMPARE(v.riskTable()->rowCount(), 2 * 6);
        const QTableWidget* params = v.parameterTable();
        QCOMPARE(params->rowCount(), int(v.comparison().params.size()));
        QVERIFY(params->rowCount() > 0);
        QCOMPARE(params->columnCount(), 4); // parameter, unit, A, B
        // Route A has no RL phase: its column shows the dash; B has a number.
        const int env = rowOfId(params, QStringLiteral("rl.env_count"));
        QVERIFY(env >= 0);
        QCOMPARE(params->item(env, 2)->text(), QStringLiteral("\u2014"));
        QVERIFY(params->item(env, 3)->text() != QStringLiteral("\u2014"));
        // 3T vs 6T tokens: shown in the display unit, with the unit column filled.
        const int tokens = rowOfId(params, QStringLiteral("pretrain.tokens"));
        QVERIFY(tokens >= 0);
        QVERIFY(!params->item(tokens, 1)->text().isEmpty());
        QVERIFY(params->item(tokens, 2)->text() != params->item(tokens, 3)->text());
        // Differences are coloured: B − A of the total is red or green, never default.
        const QTableWidgetItem* diff = v.headlineTable()->item(0, 3);
        QVERIFY(diff->text() != QLatin1String("same"));
        const QColor c = diff->foreground().color();
        QVERIFY(c == QColor(0x1a, 0x7f, 0x37) || c == QColor(0xc6, 0x28, 0x28));
    }

    void identicalPlansHaveNoParameterRows()
    {
        CompareView v;
        v.setScenarios({m_a, m_a}, m_catalog);
        QCOMPARE(v.parameterTable()->rowCount(), 0);
        QCOMPARE(v.headlineTable()->item(0, 3)->text(), CompareView::tr("same"));
    }

    void barsOneStackPerPlan()
    {
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        QCOMPARE(v.barsChart()->stackCount(), 2);
        // Plotted group values add up to each plan's total.
        for (int p = 0; p < 2; ++p) {
            double sum = 0;
            for (const char* g : {"compute", "storage", "network", "logging", "hidden"})
                sum += v.barsChart()->groupValue(p, g);
            const double total = v.comparison().headline.front().values[std::size_t(p)];
            QVERIFY2(std::fabs(sum - total) <= 1e-9 * std::fabs(total),
                     qPrintable(QString::number(sum)));
        }
        v.setScenarios({m_a, m_b, m_a}, m_catalog);
        QCOMPARE(v.barsChart()->stackCount(), 3);
    }

    void distributionsOverlaid()
    {
        // One cumulative curve per plan, non-decreasing from near 0 to 1, P50/P90 of the
        // paired Monte Carlo; the note says how often B beats A over the same runs, and the
        // figure is the model's (compareUncertainty), not recomputed here.
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        CompareDistributionChart* c = v.distributionChart();
        QVERIFY(c);
        QCOMPARE(c->curveCount(), 2);
        for (int p = 0; p < 2; ++p) {
            const QVector<QPointF> pts = c->curve(p);
            QVERIFY(pts.size() > 100);
            for (int k = 1; k < pts.size(); ++k) {
                QVERIFY(pts[k].x() >= pts[k - 1].x());
                QVERIFY(pts[k].y() > pts[k - 1].y());
            }
            QCOMPARE(pts.back().y(), 1.0);
        }
        const std::vector<const Scenario*> ptrs{&m_a, &m_b};
        const CompareUncertainty u = compareUncertainty(ptrs, {&m_catalog, &m_catalog});
        QVERIFY(u.error.empty());
        const QString note = v.distributionNote();
        QVERIFY2(note.contains(formatPercent(u.p_cheaper[1])), qPrintable(note));
        QVERIFY(note.startsWith(QLatin1Char('B')));
        // The duration view swaps the curves' quantity: the last point is the longest run.
        c->setQuantity(CompareDistributionChart::Quantity::Days);
        QCOMPARE(c->curveCount(), 2);
        const double longest =
            *std::max_element(u.plans[0].days_samples.begin(), u.plans[0].days_samples.end());
        QCOMPARE(c->curve(0).back().x(), longest);
        c->resize(640, 400);
        c->replot(); // lays out the axis rect, which the tooltip reads
        const QString tip = c->toolTipAt(QPointF(c->axisRect()->center()));
        QVERIFY2(tip.contains(QStringLiteral("P90")), qPrintable(tip));
    }

    void sharedSweepOneLinePerPlan()
    {
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        QCOMPARE(v.sweepParameter(), QStringLiteral("pretrain.tokens"));
        QCOMPARE(v.tradeoffChart()->costGraphCount(), 2);
        QCOMPARE(v.tradeoffChart()->riskGraphCount(), 0);
        QVERIFY(v.tradeoffChart()->messages().isEmpty());
        // Every combo entry is a parameter both plans have: no rl.* ids (A has no RL).
        for (int i = 0; i < v.sweepParameterBox()->count(); ++i)
            QVERIFY(
                !v.sweepParameterBox()->itemData(i).toString().startsWith(QLatin1String("rl.")));
        const QVector<double> before = v.tradeoffChart()->xValues(0);

        QSignalSpy spy(&v, &CompareView::sweepParameterChanged);
        QVERIFY(v.setSweepParameter(QStringLiteral("reliability.checkpoint_interval_h")));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(v.tradeoffChart()->costGraphCount(), 2);
        QVERIFY(v.tradeoffChart()->xValues(0) != before);
        QCOMPARE(v.tradeoffChart()->costValues(1).size(), v.tradeoffChart()->xValues(1).size());
        QVERIFY(!v.setSweepParameter(QStringLiteral("rl.env_count")));

        v.findChild<QCheckBox*>()->setChecked(true);
        QCOMPARE(v.tradeoffChart()->riskGraphCount(), 2);
    }

    /// Issue 49: route A's cost per million tokens is per pre-training token (its only other
    /// phase, evaluation, trains none), route B's per pre-training and RL token. Both values
    /// show, each saying what it is per; the difference columns give none and no colour.
    void costPerTokenOfOtherTokensIsNotCompared()
    {
        const QColor better(0x1a, 0x7f, 0x37), worse(0xc6, 0x28, 0x28);
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        const QTableWidget* t = v.headlineTable();
        auto perTokenRow = [t] {
            for (int r = 0; r < t->rowCount(); ++r)
                if (t->item(r, 0)->text() == QLatin1String("Cost per million tokens"))
                    return r;
            return -1;
        };
        int r = perTokenRow();
        QVERIFY(r >= 0);
        QVERIFY(!t->item(r, 1)->text().isEmpty() && !t->item(r, 2)->text().isEmpty());
        QCOMPARE(t->item(r, 1)->toolTip(), QStringLiteral("Per million pre-training tokens"));
        QCOMPARE(t->item(r, 2)->toolTip(),
                 QStringLiteral("Per million pre-training and RL tokens"));
        QCOMPARE(t->item(r, 3)->text(), QStringLiteral("not comparable"));
        QCOMPARE(t->item(r, 4)->text(), QStringLiteral("n/a"));
        for (int col : {3, 4}) {
            const QColor c = t->item(r, col)->foreground().color();
            QVERIFY(c != better && c != worse);
            QVERIFY2(t->item(r, col)->toolTip().contains(
                         QStringLiteral("B is per million pre-training and RL tokens, A per "
                                        "million pre-training tokens")),
                     qPrintable(t->item(r, col)->toolTip()));
        }
        // Route A against an 8B pre-training on the same H100s: both per pre-training token,
        // so the difference is shown as for any figure; 6·P FLOPs per token, P = 8B against
        // 70B, make the 8B's tokens cheaper: better, green.
        v.setScenarios({m_a, load("llama3-8b-pretrain-h100.costlab.json")}, m_catalog);
        r = perTokenRow();
        QVERIFY(r >= 0);
        QVERIFY(t->item(r, 3)->text().startsWith(QStringLiteral("\u25BC")));
        QCOMPARE(t->item(r, 3)->foreground().color(), better);
        QCOMPARE(t->item(r, 4)->foreground().color(), better);
    }

    /// Issue 49: with the automatic (Young/Daly) checkpoint interval the stored fixed interval
    /// is ignored, so the shared trade-off marks each plan at the interval it is priced with.
    /// A and B differ only in that ignored value: one marker position for both, the interval
    /// evaluate() prices A with, neither stored value. C fixes its interval: marked at it.
    void sharedTradeoffMarksTheIntervalInForce()
    {
        Scenario a = m_a;
        QVERIFY(a.reliability.checkpoint_auto);
        a.reliability.checkpoint_interval_h = 7;
        Scenario b = a;
        b.reliability.checkpoint_interval_h = 2;
        Scenario c = a;
        c.reliability.checkpoint_auto = false;
        c.reliability.checkpoint_interval_h = 2;
        const Estimate e = evaluate(a, m_catalog);
        QVERIFY(e.phases.front().kind == PhaseKind::Pretrain);
        const double inForce = e.phases.front().rec.checkpoint_interval_h;
        QVERIFY(inForce > 0 && std::fabs(inForce - 7) > 0.05 && std::fabs(inForce - 2) > 0.05);

        CompareView v;
        v.setScenarios({a, b, c}, m_catalog);
        QVERIFY(v.setSweepParameter(QStringLiteral("reliability.checkpoint_interval_h")));
        const CompareTradeoffChart* chart = v.tradeoffChart();
        QCOMPARE(chart->costGraphCount(), 3);
        QCOMPARE(chart->markerX(0), inForce);
        QCOMPARE(chart->markerX(1), inForce);
        QCOMPARE(chart->markerX(2), 2.0);
    }

    void dialogBadFileKeepsComparison()
    {
        CompareDialog d(m_catalog);
        d.setScenarios({m_a, m_b});
        // Issue 13: dialog buttons have mnemonics (Alt+C closes), whatever the platform theme.
        auto* box = d.findChild<QDialogButtonBox*>();
        QVERIFY(box && box->button(QDialogButtonBox::Close));
        QVERIFY(box->button(QDialogButtonBox::Close)->text().contains(QLatin1Char('&')));
        const double total = d.view()->comparison().headline.front().values[1];
        QString error;
        QVERIFY(!d.addScenarioFile(
            QStringLiteral(COSTLAB_TEST_DATA_DIR "/bad/nan_tokens.costlab.json"), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!d.errorText().isEmpty() || !d.isVisible());
        QCOMPARE(d.scenarios().size(), std::size_t(2));
        QCOMPARE(d.view()->comparison().scenarios.size(), std::size_t(2));
        QCOMPARE(d.view()->comparison().headline.front().values[1], total);
        QVERIFY(!d.addScenarioFile(QStringLiteral("/nonexistent/plan.costlab.json")));
        QCOMPARE(d.scenarios().size(), std::size_t(2));

        QVERIFY(d.addScenarioFile(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
        QCOMPARE(d.view()->comparison().scenarios.size(), std::size_t(3));
        QCOMPARE(d.view()->barsChart()->stackCount(), 3);
        QVERIFY(d.removeScenario(0));
        QCOMPARE(d.scenarios().front().name, m_b.name);
        QVERIFY(!d.removeScenario(0)); // two is the minimum
    }

    /// Issue 49: the open plan alone is shown as the queued baseline, not an empty view,
    /// and the same plan cannot be added twice.
    void dialogQueuesTheOpenPlanAndRefusesDuplicates()
    {
        CompareDialog d(m_catalog);
        d.setScenarios({m_a});
        QVERIFY2(d.view()->summaryText().contains(QString::fromStdString(m_a.name).toHtmlEscaped()),
                 qPrintable(d.view()->summaryText()));
        // The plan's own figures, risks and bars are there already: one plan column, no
        // difference columns, the total as the engine prices it, its category bars.
        const Comparison& one = d.view()->comparison();
        QCOMPARE(one.scenarios.size(), std::size_t(1));
        QVERIFY(one.params.empty());
        const Estimate e = evaluate(m_a, m_catalog);
        const auto total = std::find_if(one.headline.begin(), one.headline.end(),
                                        [](const HeadlineRow& r) { return r.id == "total"; });
        QVERIFY(total != one.headline.end());
        QCOMPARE(total->values.size(), std::size_t(1));
        QCOMPARE(total->values[0], e.total);
        QTableWidget* table = d.view()->headlineTable();
        QCOMPARE(table->columnCount(), 2); // figure, A
        QVERIFY(table->rowCount() > 0);
        QVERIFY(!table->item(0, 1)->text().isEmpty());
        QVERIFY(d.view()->riskTable()->rowCount() > 0);
        QCOMPARE(d.view()->barsChart()->stackCount(), 1);
        QTemporaryDir dir;
        const QString same = dir.filePath(QStringLiteral("same.costlab.json"));
        QFile f(same);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(scenarioToJson(m_a)));
        f.close();
        QString error;
        QVERIFY(!d.addScenarioFile(same, &error));
        QVERIFY2(error.contains(QStringLiteral("already")), qPrintable(error));
        QCOMPARE(d.scenarios().size(), std::size_t(1));
        QVERIFY(d.addScenarioFile(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
        QCOMPARE(d.view()->comparison().scenarios.size(), std::size_t(2));
    }

    /// Issue 49: at 2× scale the compare window's trade-off was squashed under the cost
    /// charts; a low view puts it in a tab of its own, a tall one keeps it below.
    void lowViewPutsTheTradeoffInATab()
    {
        for (const auto& [size, inTab] :
             {std::pair{QSize(1400, 900), false}, std::pair{QSize(860, 480), true}}) {
            CompareView v;
            v.setScenarios({m_a, m_b}, m_catalog);
            v.resize(size);
            v.show();
            QVERIFY(QTest::qWaitForWindowExposed(&v));
            QCOMPARE(v.tradeoffInTab(), inTab);
        }
    }

    void differencesThatPrintAsZeroAreSame()
    {
        // Issue 13: "+0 pp" in red for a 10^-7 difference; and colour must not be the only cue.
        HeadlineRow p;
        p.kind = FigureUnit::Probability;
        QCOMPARE(CompareView::differenceText(p, 1e-7, Currency::USD), CompareView::tr("same"));
        QCOMPARE(CompareView::differenceText(p, 0.05, Currency::USD),
                 QStringLiteral("\u25B2 +5 pp"));
        QCOMPARE(CompareView::differenceText(p, -0.05, Currency::USD),
                 QStringLiteral("\u25BC \u22125 pp"));
        HeadlineRow m;
        m.kind = FigureUnit::Money;
        QCOMPARE(CompareView::differenceText(m, 0.001, Currency::USD), CompareView::tr("same"));
        QVERIFY(CompareView::differenceText(m, -1500, Currency::USD)
                    .startsWith(QStringLiteral("\u25BC")));
        // Units: "B" (billions) is spelled out beside plan columns A and B.
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        QTableWidget* t = v.parameterTable();
        bool sawParams = false;
        for (int r = 0; r < t->rowCount(); ++r) {
            QVERIFY(t->item(r, 1)->text() != QStringLiteral("B"));
            sawParams = sawParams || t->item(r, 1)->text() == QStringLiteral("billion");
        }
        QVERIFY(sawParams);
    }

    void eachPlanPricedWithItsCatalog()
    {
        // Issue 13: a comparison prices each plan with the catalog it names. The same plan
        // twice, the second naming a catalog at half the GPU price: its training compute is
        // exactly half, its GPU-hours the same; a plan naming a missing catalog is not priced.
        Catalog half = m_catalog;
        half.id = "half";
        for (Accelerator& a : half.accelerators)
            for (double* p : {&a.price_reserved, &a.price_on_demand, &a.price_spot})
                if (*p > 0)
                    *p /= 2;
        Scenario cheap = m_a;
        cheap.catalog_id = "half";
        Scenario gone = m_a;
        gone.catalog_id = "gone";
        CompareSources src;
        src.catalogFor = [&](const Scenario& s) {
            if (s.catalog_id == "half")
                return half;
            if (s.catalog_id == "default")
                return m_catalog;
            return pickCatalog(s.catalog_id, CatalogSources{});
        };
        // Library plans come through the sources as well.
        src.libraryPlans = [] {
            return QList<CompareSources::LibraryPlan>{{7, QStringLiteral("Gone")}};
        };
        src.loadLibraryPlan = [&](std::int64_t id, QString* error) -> std::optional<Scenario> {
            if (id == 7)
                return gone;
            *error = QStringLiteral("no such plan");
            return std::nullopt;
        };
        CompareDialog d(src);
        d.setScenarios({m_a, cheap});
        const Comparison& c = d.view()->comparison();
        QCOMPARE(c.scenarios.size(), std::size_t(2));
        const auto training = size_t(Category::ComputeTraining);
        QVERIFY(c.scenarios[0].estimate.cost[training] > 0);
        QCOMPARE(c.scenarios[1].estimate.cost[training],
                 c.scenarios[0].estimate.cost[training] / 2);
        QCOMPARE(c.scenarios[1].estimate.gpu_hours, c.scenarios[0].estimate.gpu_hours);

        QString error;
        QVERIFY(!d.addLibraryPlan(8, &error));
        QCOMPARE(error, QStringLiteral("no such plan"));
        QVERIFY(d.addLibraryPlan(7));
        QCOMPARE(d.view()->comparison().scenarios.size(), std::size_t(3));
        QVERIFY(!d.view()->comparison().scenarios[2].estimate.ok); // refused, not priced at 0
        QCOMPARE(d.view()->comparison().scenarios[2].estimate.total, 0.0);
        // Shown as not priced, never as a 0 that looks cheapest.
        auto* table = d.view()->findChild<QTableWidget*>();
        QVERIFY(table);
        QCOMPARE(table->item(0, 3)->text(), QStringLiteral("not priced"));
    }

    void openRouteAB()
    {
        const Catalog cat = m_catalog;
        CompareDialog* d = CompareDialog::openRouteAB(
            nullptr, QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"),
            CompareSources{[cat](const Scenario&) { return cat; }, {}, {}});
        QVERIFY(d);
        QCOMPARE(d->scenarios().size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(d->scenarios()[0].name),
                 QStringLiteral("Route A: bigger pre-training"));
        d->close(); // deletes itself
        QApplication::processEvents();
    }

    void valueTabComparesTheRoutes()
    {
        // Issue 46, item 5: the Value tab runs compareValue() on a worker (never the UI
        // thread), draws both cost curves and the crossing it found, says which route is
        // cheaper below it, and names a plan without a score instead of drawing nothing.
        const int before = AnalysisWorker::jobsRunOnUiThread();
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        v.waitForValue();
        QCOMPARE(AnalysisWorker::jobsRunOnUiThread(), before);
        const ValueComparison& c = v.valueComparison();
        QVERIFY2(c.error.empty(), c.error.c_str());
        QVERIFY(std::isfinite(c.crossing));
        QCOMPARE(v.valueChart()->crossingX(), c.crossing);
        QCOMPARE(v.valueChart()->costValues(0).size(), int(c.grid.size()));
        QCOMPARE(v.valueChart()->costValues(1).size(), int(c.grid.size()));
        // Route B cannot pass its RL curve's asymptote 0.61: its last points are gaps.
        QVERIFY(std::isnan(v.valueChart()->costValues(1).last()));
        QVERIFY(std::isfinite(v.valueChart()->costValues(0).first()));
        QVERIFY(!v.valueTornado()->rowLabels().isEmpty());
        QVERIFY2(v.valueNote().contains(QStringLiteral("Below a score of ")) &&
                     v.valueNote().contains(QLocale().toString(c.crossing, 'f', 3)),
                 qPrintable(v.valueNote()));
        // Without its score map, route A has no score to reach: said, with the plan's name
        // as text (the note is plain text).
        Scenario a = m_a;
        a.name = "<b>A</b>";
        a.phases[0].pretrain.score_map = {};
        v.setScenarios({a, m_b}, m_catalog);
        v.waitForValue();
        QVERIFY(!v.valueComparison().error.empty());
        QVERIFY2(v.valueNote().contains(QStringLiteral("<b>A</b>")) &&
                     v.valueNote().contains(QStringLiteral("score map")),
                 qPrintable(v.valueNote()));
        QVERIFY(std::isnan(v.valueChart()->crossingX()));
    }

    void renderRouteAB()
    {
        // COSTLAB_COMPARE_LANG=zh_CN renders in Chinese; COSTLAB_COMPARE_SIZE=WxH sets the size.
        const QString lang = qEnvironmentVariable("COSTLAB_COMPARE_LANG");
        if (!lang.isEmpty())
            QVERIFY(setLanguage(lang));
        QSize size(1400, 900);
        if (const QStringList wh = qEnvironmentVariable("COSTLAB_COMPARE_SIZE").split('x');
            wh.size() == 2)
            size = QSize(wh[0].toInt(), wh[1].toInt());
        CompareView v;
        v.setScenarios({m_a, m_b}, m_catalog);
        v.resize(size);
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QApplication::processEvents();
        v.barsChart()->replot();
        v.tradeoffChart()->replot();
        const QPixmap pix = v.grab();
        QCOMPARE(pix.size(), size * pix.devicePixelRatio());
        const QString out = qEnvironmentVariable("COSTLAB_COMPARE_IMAGE");
        if (!out.isEmpty())
            QVERIFY(pix.save(out));
        // The Distribution tab, for docs/images/compare-distribution*.png.
        auto* tabs = v.findChild<QTabWidget*>(QStringLiteral(), Qt::FindChildrenRecursively);
        for (QTabWidget* t : v.findChildren<QTabWidget*>())
            if (t->indexOf(v.distributionChart()->parentWidget()) >= 0)
                tabs = t;
        QVERIFY(tabs);
        tabs->setCurrentWidget(v.distributionChart()->parentWidget());
        QApplication::processEvents();
        v.distributionChart()->replot();
        const QString dist = qEnvironmentVariable("COSTLAB_COMPARE_DISTRIBUTION_IMAGE");
        if (!dist.isEmpty())
            QVERIFY(v.grab().save(dist));
        // The Value tab, for docs/images/compare-value*.png.
        v.waitForValue();
        v.showValueTab();
        QApplication::processEvents();
        v.valueChart()->replot();
        v.valueTornado()->replot();
        const QString value = qEnvironmentVariable("COSTLAB_COMPARE_VALUE_IMAGE");
        if (!value.isEmpty())
            QVERIFY(v.grab().save(value));
        if (!lang.isEmpty())
            setLanguage(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compareview.moc"
