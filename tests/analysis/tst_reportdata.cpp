// ReportData (model/analysis/reportdata.h): the rows the PDF prints add up to the
// estimate, risks are ranked by expected cost, and "default/changed" follows the registry.
#include "engine.h"
#include "registry.h"
#include "reportdata.h"
#include "scenario_json.h"
#include "testutil.h"

#include <QtTest>

#include <cmath>

using namespace costlab;

class TstReportData : public QObject {
    Q_OBJECT

private slots:
    void rowsAddUpToTheTotal_data();
    void rowsAddUpToTheTotal();
    void risksRankedByExpectedCost();
    void defaultsAndChanges();
    void uncertaintyIsTheMonteCarlo();
    void optimisedPlanMeetsThePlansConstraints();
    void optimiserCurrentIsTheUncertainty();
};

void TstReportData::rowsAddUpToTheTotal_data()
{
    QTest::addColumn<QString>("file");
    for (const char* f : {"grpo-7b-math", "route-b-small-base-heavy-rl", "eval-405b-campaign"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void TstReportData::rowsAddUpToTheTotal()
{
    QFETCH(QString, file);
    const LoadResult r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/" + file.toStdString() + ".costlab.json");
    QVERIFY(r.scenario);
    const ReportData d = reportData(*r.scenario, test::defaultCatalog());
    double total = 0, fixed = 0, elastic = 0;
    for (const CostRow& row : d.cost_rows) {
        QVERIFY(row.total != 0); // zero rows are left out
        QVERIFY(test::relClose(row.fixed + row.elastic, row.total, 1e-12)); // the split is whole
        total += row.total;
        fixed += row.fixed;
        elastic += row.elastic;
    }
    // The cost table of the report is the whole estimate: nothing lost, nothing twice.
    QVERIFY2(test::relClose(total, d.estimate.total, 1e-12), qPrintable(QString::number(total)));
    QVERIFY(test::relClose(fixed, d.estimate.fixed, 1e-9));
    QVERIFY(test::relClose(elastic, d.estimate.elastic, 1e-9));
    QCOMPARE(d.first_rl_phase >= 0, file != QLatin1String("eval-405b-campaign"));
}

void TstReportData::risksRankedByExpectedCost()
{
    const LoadResult r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
    QVERIFY(r.scenario);
    const Scenario& s = *r.scenario;
    const ReportData d = reportData(s, test::defaultCatalog());
    // Five risks per phase (every row of the table but the plan-only budget), plus the
    // budget risk when a budget is set.
    QCOMPARE(d.ranked_risks.size(), s.phases.size() * 5 + (s.budget.total > 0 ? 1 : 0));
    for (std::size_t i = 1; i < d.ranked_risks.size(); ++i)
        QVERIFY(d.ranked_risks[i - 1].risk.expected_cost >= d.ranked_risks[i].risk.expected_cost);
    for (const RankedRisk& rr : d.ranked_risks) {
        const Risk& expected =
            rr.phase < 0 ? d.estimate.budget
                         : d.estimate.phases[std::size_t(rr.phase)].*riskInfo(rr.kind).phase;
        QCOMPARE(rr.risk.probability, expected.probability);
        QCOMPARE(rr.risk.expected_cost, expected.expected_cost);
    }
}

void TstReportData::defaultsAndChanges()
{
    const std::vector<PhaseKind> kinds{PhaseKind::Pretrain};
    Scenario s = defaultScenario(kinds);
    ReportData d = reportData(s, test::defaultCatalog());
    QVERIFY(!d.assumptions.empty());
    for (const AssumptionRow& a : d.assumptions)
        QVERIFY2(a.state == DefaultState::Default, a.id.c_str());
    const auto ref = findParam(s, "pretrain.tokens");
    QVERIFY(ref);
    QVERIFY(setFromString(s, *ref, "4e12").empty());
    d = reportData(s, test::defaultCatalog());
    int changed = 0;
    for (const AssumptionRow& a : d.assumptions)
        if (a.state == DefaultState::Changed) {
            ++changed;
            QCOMPARE(a.id, std::string("pretrain.tokens"));
        }
    QCOMPARE(changed, 1);
}

void TstReportData::uncertaintyIsTheMonteCarlo()
{
    // The report's uncertainty table is monteCarlo() with the CLI's default runs and seed,
    // so `costlab-cli montecarlo` prints the same figures; samples are not carried.
    const auto r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama2-70b-pretrain-a100.costlab.json");
    QVERIFY(r.scenario);
    const Catalog cat = test::defaultCatalog();
    const ReportData d = reportData(*r.scenario, cat);
    const MonteCarloResult mc = monteCarlo(*r.scenario, cat, {});
    QCOMPARE(d.uncertainty.runs, kReportMonteCarloRuns);
    QCOMPARE(MonteCarloOptions{}.runs, kReportMonteCarloRuns);
    QCOMPARE(d.uncertainty.cost.p90, mc.cost.p90);
    QCOMPARE(d.uncertainty.days.p50, mc.days.p50);
    QVERIFY(d.uncertainty.cost_samples.empty());
    QVERIFY(d.uncertainty.cost.p90 > d.uncertainty.cost.p10);
}

void TstReportData::optimisedPlanMeetsThePlansConstraints()
{
    // The report's "cheapest plan under the stated constraints" is the optimiser on the
    // default space with the lever limits and the plan's own deadline and budget as P90
    // limits. Tighten the deadline to 80 % of the plan's P90 days: the current plan then
    // misses it, and the plan the report names must meet it, cost no more than any scored
    // plan that meets every constraint, and keep OOM and run-lost within the limits.
    auto r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json");
    QVERIFY(r.scenario);
    Scenario s = *r.scenario;
    const Catalog cat = test::defaultCatalog();
    const ReportData before = reportData(s, cat);
    QVERIFY(before.optimised.error.empty());
    QVERIFY(before.optimised.current.scored);
    s.budget.deadline_days = 0.8 * before.optimised.current.p90_days;
    s.budget.total = 0;
    const ReportData d = reportData(s, cat);
    const OptimiserResult& o = d.optimised;
    QVERIFY(o.error.empty());
    QCOMPARE(o.phase, defaultOptimiserPhase(s, cat));
    QVERIFY(o.current.p90_days > s.budget.deadline_days); // the current plan is late
    QVERIFY(o.found);
    QVERIFY(o.best.scored);
    QVERIFY2(o.best.p90_days <= s.budget.deadline_days,
             qPrintable(QString::number(o.best.p90_days)));
    QVERIFY(o.best.risks[std::size_t(RiskKind::Oom)].probability <= d.lever_limits[RiskKind::Oom]);
    QVERIFY(o.best.risks[std::size_t(RiskKind::Unrecoverable)].probability <=
            d.lever_limits[RiskKind::Unrecoverable]);
    QVERIFY(!o.best.changes.empty());
    // Same search as costlab-cli optimise with --deadline: same best plan.
    OptimiserOptions opt;
    opt.phase = o.phase;
    opt.constraints.deadline_days = s.budget.deadline_days;
    const OptimiserResult cli = optimise(s, cat, defaultOptimiserSpace(s, cat, o.phase), opt);
    QCOMPARE(cli.best.summary, o.best.summary);
    QCOMPARE(cli.best.total, o.best.total);
}

void TstReportData::optimiserCurrentIsTheUncertainty()
{
    // Issue 49: one P90 per plan in the report. The optimiser scores its candidates with its
    // own runs (1,000); the current plan's row carries the Uncertainty section's 5,000-run
    // figures, so the same plan never shows two P90s on two pages.
    const auto r =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json");
    QVERIFY(r.scenario);
    const ReportData d = reportData(*r.scenario, test::defaultCatalog());
    QVERIFY(d.uncertainty.error.empty());
    QVERIFY(d.optimised.current.scored);
    QCOMPARE(d.optimised.current.p90, d.uncertainty.cost.p90);
    QCOMPARE(d.optimised.current.p50, d.uncertainty.cost.p50);
    QCOMPARE(d.optimised.current.p90_days, d.uncertainty.days.p90);
    QVERIFY(OptimiserOptions{}.monte_carlo_runs != kReportMonteCarloRuns); // else no test
}

QTEST_GUILESS_MAIN(TstReportData)
#include "tst_reportdata.moc"
