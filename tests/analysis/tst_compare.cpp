// Tests of model/analysis/compare.h and `costlab-cli compare`. Expected values are derived by hand
// from properties of the inputs (identical plans, a doubled token count, percent arithmetic
// on round numbers) or from evaluate() called independently on each plan, never copied
// from compare()'s own output.

#include "compare.h"
#include "engine.h"
#include "estimate_json.h"
#include "figures.h"
#include "registry.h"
#include "risks.h"
#include "scenario_json.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

using namespace costlab;

namespace {

Scenario loadExample(const char* name)
{
    const LoadResult r = loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + name);
    if (!r.scenario)
        qFatal("example %s does not load: %s", name,
               r.errors.empty() ? "?" : r.errors.front().message.c_str());
    return *r.scenario;
}

/// The pre-training-only example (one pretrain phase, nothing else).
Scenario pretrainOnly()
{
    return loadExample("llama3-8b-pretrain-h100.costlab.json");
}

/// `s` kept in CNY: evaluate() prices catalog items at cny_per_usd × USD; the plan's own
/// money inputs (registry unit "currency…") are in the plan's currency, so they are restated
/// at the same rate, and every money figure converted back matches the USD plan.
Scenario inCny(const Scenario& s)
{
    Scenario b = s;
    b.currency = Currency::CNY;
    const double rate = b.cny_per_usd;
    b.engineering.monthly_rate *= rate;
    b.budget.total *= rate;
    b.budget.daily_alert *= rate;
    b.network.interconnect_per_gpu_hour *= rate;
    return b;
}

void setParam(Scenario& s, const char* id, const char* value)
{
    const auto ref = findParam(s, id);
    QVERIFY2(ref.has_value(), id);
    const std::string err = setFromString(s, *ref, value);
    QVERIFY2(err.empty(), err.c_str());
}

const HeadlineRow* row(const Comparison& c, const std::string& id)
{
    for (const HeadlineRow& r : c.headline)
        if (r.id == id)
            return &r;
    return nullptr;
}

const ParamDiffRow* paramRow(const Comparison& c, const std::string& id)
{
    for (const ParamDiffRow& r : c.params)
        if (r.id == id)
            return &r;
    return nullptr;
}

constexpr int kTraining = static_cast<int>(Category::ComputeTraining);

struct CliRun {
    int code = -1;
    QByteArray out, err;
};

CliRun runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(COSTLAB_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(120000))
        return r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString example(const char* name)
{
    return QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/") + QLatin1String(name);
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private:
    Catalog m_catalog;

private slots:
    void initTestCase()
    {
        m_catalog = test::defaultCatalog();
        QVERIFY(!m_catalog.accelerators.empty());
    }

    /// Issue 43: the comparison's headline rows, the lessons' measures and the headline
    /// captions are one table of plan figures. The rows must be complete, the old lesson ids
    /// must still name their figure, and each getter must read what its label says — checked
    /// here against the estimate's own parts by hand, on a two-phase plan.
    void planFigureTable()
    {
        std::set<std::string_view> ids;
        for (const PlanFigure& f : planFigures()) {
            QVERIFY2(ids.insert(f.id).second, f.label);
            QVERIFY(f.label && *f.label && f.short_label && *f.short_label && f.get);
            QCOMPARE(findPlanFigure(f.id), &f);
            if (!f.alias.empty()) {
                QVERIFY(ids.insert(f.alias).second);
                QCOMPARE(findPlanFigure(f.alias), &f);
            }
        }
        QVERIFY(!findPlanFigure(""));
        QVERIFY(!findPlanFigure("no_such_figure"));
        // Lesson files written before the table keep their ids.
        QCOMPARE(findPlanFigure("total_cost"), findPlanFigure("total"));
        QCOMPARE(findPlanFigure("days"), findPlanFigure("wall_days"));

        const Scenario a = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const Estimate e = evaluate(a, m_catalog);
        QVERIFY(e.ok && e.phases.size() >= 2);
        const auto value = [&](const char* id) { return findPlanFigure(id)->get(e); };
        // Hand relations: the total is fixed + elastic and the sum of the categories; the
        // days are the wall-clock hours over 24; GPU-hours add over the phases.
        double categories = 0, gpuHours = 0;
        for (double c : e.cost)
            categories += c;
        for (const PhaseEstimate& p : e.phases)
            gpuHours += p.gpu_hours;
        QVERIFY(std::fabs(value("total") - categories) <= 1e-9 * categories);
        QVERIFY(std::fabs(value("total") - value("fixed") - value("elastic")) <=
                1e-9 * value("total"));
        QCOMPARE(value("wall_days"), e.wall_hours / 24.0);
        QVERIFY(std::fabs(value("gpu_hours") - gpuHours) <= 1e-9 * gpuHours);
        // The first training phase's MFU; the worst role's memory in GiB (2^30 bytes).
        QCOMPARE(value("mfu"), e.phases.front().mfu);
        double worst = 0;
        for (const PhaseEstimate& p : e.phases)
            for (const MemoryBreakdown& m : p.memory)
                if (m.present)
                    worst = std::max(worst, m.total);
        QCOMPARE(value("memory_gib"), worst / (1024.0 * 1024.0 * 1024.0));

        // The comparison's headline: the table's compare figures in table order, the two
        // rows per risk, and the budget ratio last.
        const Scenario b = loadExample("route-a-bigger-pretrain.costlab.json");
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());
        std::vector<std::string> expected;
        for (const PlanFigure& f : planFigures())
            if (f.in_compare && f.unit != FigureUnit::Ratio)
                expected.emplace_back(f.id);
        for (std::size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(c.headline[i].id, expected[i]);
        QCOMPARE(c.headline.back().id, std::string("budget_ratio"));
        QCOMPARE(c.headline.size(), expected.size() + 2 * riskTable().size() + 1);
        QCOMPARE(row(c, "total")->values[0], e.total);
    }

    /// A plan alone is laid out as the baseline of a comparison (issue 49): the same figures,
    /// risks and category costs as compare() gives the baseline, nothing else.
    void baselineOnlyIsTheBaselineColumn()
    {
        const Scenario a = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const Scenario b = loadExample("llama3-8b-pretrain-h100.costlab.json");
        const Comparison two = compare({&a, &b}, m_catalog);
        const Comparison one = baselineOnly(a, m_catalog);
        QVERIFY(one.error.empty());
        QCOMPARE(one.scenarios.size(), std::size_t(1));
        QCOMPARE(one.scenarios[0].estimate.total, evaluate(a, m_catalog).total);
        QCOMPARE(one.headline.size(), two.headline.size());
        for (std::size_t r = 0; r < one.headline.size(); ++r) {
            QCOMPARE(one.headline[r].id, two.headline[r].id);
            QCOMPARE(one.headline[r].values, std::vector<double>{two.headline[r].values[0]});
            QCOMPARE(one.headline[r].diff.size(), std::size_t(1));
        }
        QCOMPARE(one.category_cost.size(), std::size_t(1));
        QVERIFY(one.category_cost[0] == two.category_cost[0]);
        QVERIFY(one.params.empty());
    }

    void percentArithmetic_data()
    {
        QTest::addColumn<double>("base");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("expected");
        // (250 − 200) / 200 = +25 %; (150 − 200) / 200 = −25 %; 3 / 4 → −25 %;
        // a negative base divides by its magnitude: (−50 − −100) / 100 = +50 %.
        QTest::newRow("up_25") << 200.0 << 250.0 << 25.0;
        QTest::newRow("down_25") << 200.0 << 150.0 << -25.0;
        QTest::newRow("three_quarters") << 4.0 << 3.0 << -25.0;
        QTest::newRow("doubled") << 1.5e6 << 3.0e6 << 100.0;
        QTest::newRow("negative_base") << -100.0 << -50.0 << 50.0;
        QTest::newRow("both_zero") << 0.0 << 0.0 << 0.0;
    }
    void percentArithmetic()
    {
        QFETCH(double, base);
        QFETCH(double, value);
        QFETCH(double, expected);
        QVERIFY2(test::relClose(percentDifference(base, value), expected, 1e-12),
                 test::relMessage("percent", percentDifference(base, value), "expected", expected,
                                  1e-12));
    }
    void percentFromZeroIsUndefined() { QVERIFY(std::isnan(percentDifference(0, 5))); }

    void wrongCountIsAnError()
    {
        const Scenario a = pretrainOnly();
        const Comparison one = compare({&a}, m_catalog);
        QVERIFY(!one.error.empty());
        QVERIFY(one.scenarios.empty());
        const Comparison five = compare({&a, &a, &a, &a, &a}, m_catalog);
        QVERIFY(!five.error.empty());
        const Comparison null = compare({&a, nullptr}, m_catalog);
        QVERIFY(!null.error.empty());
        // JSON of an error still parses and carries the message.
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(comparisonToJson(one)));
        QVERIFY(doc.isObject());
        QVERIFY(doc.object().value("error").isString());
    }

    void identicalPlans()
    {
        const Scenario a = pretrainOnly();
        const Scenario b = a;
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());
        QCOMPARE(c.scenarios.size(), std::size_t(2));
        QVERIFY(!c.headline.empty());
        for (const HeadlineRow& r : c.headline) {
            QCOMPARE(r.values.size(), std::size_t(2));
            QCOMPARE(r.diff[1], 0.0);
            QCOMPARE(r.diff_percent[1], 0.0);
        }
        QVERIFY(c.params.empty());
        for (int k = 0; k < kCategoryCount; ++k)
            QCOMPARE(c.category_cost[1][k], c.category_cost[0][k]);
    }

    void headlineRowsAndUnits()
    {
        const Scenario a = pretrainOnly();
        const Comparison c = compare({&a, &a}, m_catalog);
        // Six totals, every risk of the table (six) × (probability, expected cost), the
        // budget ratio.
        QCOMPARE(kRiskCount, 6);
        QCOMPARE(c.headline.size(), std::size_t(6 + kRiskCount * 2 + 1));
        QCOMPARE(row(c, "total")->unit, std::string("USD"));
        QCOMPARE(row(c, "gpu_hours")->unit, std::string("GPU-h"));
        QCOMPARE(row(c, "wall_days")->unit, std::string("days"));
        QCOMPARE(row(c, "cost_per_million_tokens")->unit, std::string("USD/M tokens"));
        QCOMPARE(row(c, "risk.oom.probability")->unit, std::string("probability"));
        QCOMPARE(row(c, "risk.budget.expected_cost")->unit, std::string("USD"));
        QCOMPARE(row(c, "budget_ratio")->unit, std::string("ratio"));
        // Wall-clock days are the estimate's hours / 24.
        const Estimate e = evaluate(a, m_catalog);
        QVERIFY(test::relClose(row(c, "wall_days")->values[0], e.wall_hours / 24.0, 1e-12));
    }

    void doubledTokens()
    {
        const Scenario a = pretrainOnly();
        Scenario b = a;
        setParam(b, "pretrain.tokens", "30e12"); // example has 15e12
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());

        // Exactly one parameter differs, with both values and its unit.
        QCOMPARE(c.params.size(), std::size_t(1));
        const ParamDiffRow& p = c.params.front();
        QCOMPARE(p.id, std::string("pretrain.tokens"));
        QCOMPARE(p.unit, std::string("tokens"));
        QVERIFY(p.def != nullptr);
        QCOMPARE(std::stod(p.values[0]), 15e12);
        QCOMPARE(std::stod(p.values[1]), 30e12);
        QVERIFY(p.present[0] && p.present[1]);

        // The total difference is what evaluate() gives for each plan on its own.
        const double ta = evaluate(a, m_catalog).total;
        const double tb = evaluate(b, m_catalog).total;
        const HeadlineRow* total = row(c, "total");
        QVERIFY(total);
        QVERIFY(test::relClose(total->diff[1], tb - ta, 1e-12));
        QVERIFY(test::relClose(total->diff_percent[1], 100.0 * (tb - ta) / ta, 1e-12));
        QVERIFY(total->diff[1] > 0);

        // Training compute is tokens × FLOPs per token / throughput × price: linear in the
        // token count, so twice the tokens is exactly twice the line (same GPUs, same MFU).
        const double trainA = c.category_cost[0][kTraining];
        const double trainB = c.category_cost[1][kTraining];
        QVERIFY(trainA > 0);
        QVERIFY2(test::relClose(trainB, 2 * trainA, 1e-9),
                 test::relMessage("trainB", trainB, "2*trainA", 2 * trainA, 1e-9));
    }

    void fourPlans()
    {
        const Scenario a = pretrainOnly();
        Scenario b = a, c3 = a, d = a;
        setParam(b, "pretrain.tokens", "30e12");
        setParam(c3, "pretrain.tokens", "45e12");
        setParam(d, "pretrain.tokens", "60e12");
        const Comparison c = compare({&a, &b, &c3, &d}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());
        QCOMPARE(c.scenarios.size(), std::size_t(4));
        QCOMPARE(c.category_cost.size(), std::size_t(4));
        QCOMPARE(c.params.size(), std::size_t(1));
        QCOMPARE(c.params[0].values.size(), std::size_t(4));
        QCOMPARE(std::stod(c.params[0].values[3]), 60e12);
        const double t0 = evaluate(a, m_catalog).total;
        const double t3 = evaluate(d, m_catalog).total;
        const HeadlineRow* total = row(c, "total");
        QCOMPARE(total->diff[0], 0.0);
        QVERIFY(test::relClose(total->diff[3], t3 - t0, 1e-12));
        // 1×, 2×, 3×, 4× the tokens → 1×…4× the training compute line.
        for (int i = 1; i < 4; ++i)
            QVERIFY(test::relClose(c.category_cost[i][kTraining],
                                   (i + 1) * c.category_cost[0][kTraining], 1e-9));
        // Costs grow with tokens, so each later plan is dearer than the one before.
        QVERIFY(total->values[1] < total->values[2] && total->values[2] < total->values[3]);
    }

    void phaseOnlyOneHas()
    {
        const Scenario a = loadExample("route-a-bigger-pretrain.costlab.json");
        const Scenario b = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());
        QCOMPARE(c.scenarios[0].kinds.size(), std::size_t(2));
        QCOMPARE(c.scenarios[1].kinds.size(), std::size_t(3));
        // Route B has an RL phase, route A doesn't: every rl.* id appears with a dash for A.
        const ParamDiffRow* env = paramRow(c, "rl.env_count");
        QVERIFY(env);
        QCOMPARE(env->values[0], std::string(kCompareAbsent));
        QVERIFY(!env->present[0]);
        QVERIFY(env->present[1]);
        QVERIFY(env->values[1] != std::string(kCompareAbsent));
        int rlRows = 0;
        for (const ParamDiffRow& r : c.params)
            if (r.id.rfind("rl.", 0) == 0) {
                ++rlRows;
                QVERIFY(!r.present[0]);
            }
        // Every rl.* parameter bound in route B is listed (none can match an absent phase).
        int rlBound = 0;
        for (const ParamRef& ref : boundParameters(b))
            rlBound += fullId(b, ref).rfind("rl.", 0) == 0;
        QCOMPARE(rlRows, rlBound);
        // The pre-training token counts differ (3T vs 6T in the example files).
        QVERIFY(paramRow(c, "pretrain.tokens"));

        // Only parameters both plans have can be swept together.
        const std::vector<std::string> common = commonParameters({&a, &b});
        QVERIFY(std::find(common.begin(), common.end(), "pretrain.tokens") != common.end());
        QVERIFY(std::find(common.begin(), common.end(), "rl.env_count") == common.end());

        const std::vector<SweepResult> s =
            sharedSweep({&a, &b}, m_catalog, "rl.env_count", 64, 4096, 5);
        QCOMPARE(s.size(), std::size_t(2));
        QVERIFY(!s[0].error.empty());
        QVERIFY2(s[0].error.find(a.name) != std::string::npos, s[0].error.c_str());
        QVERIFY(s[0].points.empty());
        QVERIFY2(s[1].error.empty(), s[1].error.c_str());
        QCOMPARE(s[1].points.size(), std::size_t(5));
    }

    void sharedSweepMatchesSingleSweeps()
    {
        const Scenario a = loadExample("route-a-bigger-pretrain.costlab.json");
        const Scenario b = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const std::vector<SweepResult> s =
            sharedSweep({&a, &b}, m_catalog, "reliability.checkpoint_interval_h", 0.25, 4, 6);
        QCOMPARE(s.size(), std::size_t(2));
        for (int i = 0; i < 2; ++i) {
            const SweepResult single =
                sweep(i == 0 ? a : b, m_catalog, "reliability.checkpoint_interval_h", 0.25, 4, 6);
            QVERIFY(s[i].error.empty());
            QCOMPARE(s[i].points.size(), single.points.size());
            for (std::size_t k = 0; k < single.points.size(); ++k)
                QCOMPARE(s[i].points[k].total, single.points[k].total);
        }
    }

    /// Issue 49: a cost per million tokens is per the tokens of the phases that train them,
    /// and a pre-training token is not an RL token. Plans whose figures count other kinds of
    /// tokens than the baseline's keep their values but get no difference (NaN, null in JSON);
    /// plans counting the same kinds compare as before.
    void costPerTokenComparesOnlyTheSameTokens()
    {
        // tokenBasis from the phases' kinds and token counts, by hand.
        PhaseEstimate pt, rl, ev;
        pt.kind = PhaseKind::Pretrain;
        pt.tokens = 1e9;
        rl.kind = PhaseKind::RlPosttrain;
        rl.tokens = 1e6;
        ev.kind = PhaseKind::Evaluation; // trains no tokens
        Estimate e;
        QCOMPARE(tokenBasis(e), TokenBasis::None);
        e.phases = {ev};
        QCOMPARE(tokenBasis(e), TokenBasis::None);
        e.phases = {pt, ev};
        QCOMPARE(tokenBasis(e), TokenBasis::Pretraining);
        e.phases = {ev, rl};
        QCOMPARE(tokenBasis(e), TokenBasis::Rl);
        e.phases = {pt, rl, ev};
        QCOMPARE(tokenBasis(e), TokenBasis::PretrainingAndRl);
        rl.tokens = 0; // an RL phase without tokens adds no RL tokens
        e.phases = {pt, rl};
        QCOMPARE(tokenBasis(e), TokenBasis::Pretraining);
        QCOMPARE(std::string(tokenBasisId(TokenBasis::PretrainingAndRl)),
                 std::string("pretraining_and_rl"));

        // Route A pre-trains and evaluates; route B pre-trains, runs RL and evaluates.
        const Scenario a = loadExample("route-a-bigger-pretrain.costlab.json");
        const Scenario b = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY2(c.error.empty(), c.error.c_str());
        const HeadlineRow* perToken = row(c, "cost_per_million_tokens");
        QVERIFY(perToken);
        QVERIFY(perToken->basis ==
                (std::vector<TokenBasis>{TokenBasis::Pretraining, TokenBasis::PretrainingAndRl}));
        QCOMPARE(perToken->comparable, (std::vector<bool>{true, false}));
        QCOMPARE(perToken->diff[0], 0.0);
        QVERIFY(std::isnan(perToken->diff[1]));
        QVERIFY(std::isnan(perToken->diff_percent[1]));
        // The values stay: each plan's total over its own trained tokens.
        const Estimate eb = evaluate(b, m_catalog);
        QVERIFY(test::relClose(perToken->values[1], eb.total / (eb.tokens / 1e6), 1e-12));
        // Figures that mean the same in every plan have no basis and compare as before.
        const HeadlineRow* total = row(c, "total");
        QVERIFY(total->basis.empty());
        QCOMPARE(total->comparable, (std::vector<bool>{true, true}));
        QVERIFY(test::relClose(total->diff[1], total->values[1] - total->values[0], 1e-12));
        // JSON: a null difference, and what each value is per.
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(comparisonToJson(c)));
        bool seen = false;
        for (const QJsonValue& v : doc.object().value("headline").toArray()) {
            const QJsonObject o = v.toObject();
            if (o.value("id").toString() != QLatin1String("cost_per_million_tokens"))
                continue;
            seen = true;
            QVERIFY(o.value("diff").toArray().at(1).isNull());
            QVERIFY(o.value("diff_percent").toArray().at(1).isNull());
            QCOMPARE(o.value("basis").toArray().at(0).toString(), QStringLiteral("pretraining"));
            QCOMPARE(o.value("basis").toArray().at(1).toString(),
                     QStringLiteral("pretraining_and_rl"));
        }
        QVERIFY(seen);

        // Two plans that both count pre-training tokens only: a difference as for any figure.
        Scenario more = a;
        setParam(more, "pretrain.tokens", "6e12");
        const Comparison same = compare({&a, &more}, m_catalog);
        const HeadlineRow* r2 = row(same, "cost_per_million_tokens");
        QCOMPARE(r2->comparable, (std::vector<bool>{true, true}));
        QVERIFY(test::relClose(r2->diff[1], r2->values[1] - r2->values[0], 1e-12));
        QVERIFY(!std::isnan(r2->diff_percent[1]));
    }

    void currencyConvertedToBaseline()
    {
        // The same plan kept in CNY (inCny); the comparison converts back at the plan's
        // rate, so every money figure matches the USD plan.
        const Scenario a = pretrainOnly();
        const Scenario b = inCny(a);
        const Comparison c = compare({&a, &b}, m_catalog);
        QVERIFY(c.currency == Currency::USD);
        QVERIFY(test::relClose(c.scenarios[1].to_baseline, 1.0 / b.cny_per_usd, 1e-15));
        const HeadlineRow* total = row(c, "total");
        QVERIFY2(test::relClose(total->values[1], total->values[0], 1e-9),
                 test::relMessage("B", total->values[1], "A", total->values[0], 1e-9));
        // GPU-hours are not money and are never converted.
        QCOMPARE(row(c, "gpu_hours")->values[1], row(c, "gpu_hours")->values[0]);
    }

    void uncertaintyPairsTheRuns()
    {
        // Common random numbers: plan B is plan A with dearer engineers (a fixed cost Δ the
        // Monte Carlo does not sample), far below the runs' spread. Paired on one seed,
        // every run of B costs exactly Δ more than the same run of A, so A is
        // cheaper than B in 100 % of runs; drawn independently the share would be near 50 %.
        const Scenario a = pretrainOnly();
        Scenario b = a;
        const Estimate ea = evaluate(a, m_catalog);
        b.engineering.monthly_rate += 200; // a fixed engineering cost, booked once
        const double delta = evaluate(b, m_catalog).total - ea.total;
        QVERIFY(delta > 0);
        const std::vector<const Catalog*> cats{&m_catalog, &m_catalog};
        const CompareUncertainty u = compareUncertainty({&b, &a}, cats, 500, 7);
        QVERIFY2(u.error.empty(), u.error.c_str());
        QCOMPARE(u.plans.size(), std::size_t(2));
        QVERIFY(u.plans[0].cost.p90 - u.plans[0].cost.p10 > 10 * delta); // spread ≫ Δ
        for (std::size_t k = 0; k < u.plans[0].cost_samples.size(); ++k)
            QVERIFY(test::relClose(u.plans[0].cost_samples[k] - u.plans[1].cost_samples[k], delta,
                                   1e-6));
        QCOMPARE(u.p_cheaper[0], 0.0);
        QCOMPARE(u.p_cheaper[1], 1.0);
        QCOMPARE(u.p_faster[1], 0.0); // same timeline: never faster, never slower
        // Money in the baseline currency: the same plan kept in CNY samples the same runs.
        const Scenario c = inCny(a);
        const CompareUncertainty v = compareUncertainty({&a, &c}, cats, 300, 7);
        QVERIFY2(v.error.empty(), v.error.c_str());
        QVERIFY(test::relClose(v.plans[1].cost.p90, v.plans[0].cost.p90, 1e-9));
        QVERIFY(test::relClose(v.plans[1].cost_samples[5], v.plans[0].cost_samples[5], 1e-9));
        // Errors name the problem.
        QVERIFY(!compareUncertainty({&a, &b}, {&m_catalog}, 100).error.empty());
        QVERIFY(!compareUncertainty({&a, nullptr}, cats, 100).error.empty());
    }

    void jsonShape()
    {
        const Scenario a = loadExample("route-a-bigger-pretrain.costlab.json");
        const Scenario b = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const Comparison c = compare({&a, &b}, m_catalog);
        QJsonParseError err;
        const QJsonDocument doc =
            QJsonDocument::fromJson(QByteArray::fromStdString(comparisonToJson(c)), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        const QJsonObject o = doc.object();
        QVERIFY(o.value("error").isNull());
        QCOMPARE(o.value("currency").toString(), QStringLiteral("USD"));
        QCOMPARE(o.value("scenarios").toArray().size(), 2);
        QCOMPARE(o.value("headline").toArray().size(), int(c.headline.size()));
        QCOMPARE(o.value("parameters").toArray().size(), int(c.params.size()));
        // A parameter absent in A is null there, not the dash.
        for (const QJsonValue& v : o.value("parameters").toArray())
            if (v.toObject().value("id").toString() == QLatin1String("rl.env_count"))
                QVERIFY(v.toObject().value("values").toArray().at(0).isNull());
    }

    // --- costlab-cli compare --------------------------------------------------------

    void cliTable()
    {
        const CliRun r =
            runCli({QStringLiteral("compare"), example("route-a-bigger-pretrain.costlab.json"),
                    example("route-b-small-base-heavy-rl.costlab.json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("Route A: bigger pre-training"));
        QVERIFY(r.out.contains("Total cost"));
        QVERIFY(r.out.contains("USD"));
        QVERIFY(r.out.contains("rl.env_count"));
        QVERIFY(r.out.contains("pretrain.tokens"));
        QVERIFY(r.out.contains("\xE2\x80\x94")); // the dash for route A's missing RL phase
        QVERIFY(r.out.contains("Parameters that differ"));
        // A is per pre-training token, B per pre-training and RL token: no difference (issue 49).
        QVERIFY2(r.out.contains("Cost per million tokens: B is per million pre-training and RL "
                                "tokens, A per million pre-training tokens; not comparable"),
                 r.out.constData());
    }

    void cliJson()
    {
        const CliRun r = runCli({QStringLiteral("compare"), QStringLiteral("--json"),
                                 example("route-a-bigger-pretrain.costlab.json"),
                                 example("route-b-small-base-heavy-rl.costlab.json"),
                                 example("llama3-8b-pretrain-h100.costlab.json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonDocument doc = QJsonDocument::fromJson(r.out);
        QVERIFY(doc.isObject());
        QCOMPARE(doc.object().value("scenarios").toArray().size(), 3);
        // Total of plan B in JSON = evaluate() of that file.
        const Scenario b = loadExample("route-b-small-base-heavy-rl.costlab.json");
        const double tb = evaluate(b, m_catalog).total;
        for (const QJsonValue& v : doc.object().value("headline").toArray())
            if (v.toObject().value("id").toString() == QLatin1String("total"))
                QVERIFY(test::relClose(v.toObject().value("values").toArray().at(1).toDouble(), tb,
                                       1e-12));
    }

    void cliIdenticalHasNoDifferences()
    {
        const QString f = example("llama3-8b-pretrain-h100.costlab.json");
        const CliRun r = runCli({QStringLiteral("compare"), f, f});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Parameters that differ (0)"));
    }

    void cliExitCodes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        const QString a = example("route-a-bigger-pretrain.costlab.json");
        QTest::newRow("one_file") << QStringList{QStringLiteral("compare"), a} << 2;
        QTest::newRow("no_file") << QStringList{QStringLiteral("compare")} << 2;
        QTest::newRow("five_files") << QStringList{QStringLiteral("compare"), a, a, a, a, a} << 2;
        QTest::newRow("unknown_option")
            << QStringList{QStringLiteral("compare"), a, a, QStringLiteral("--bogus")} << 2;
        QTest::newRow("invalid_file")
            << QStringList{QStringLiteral("compare"), a,
                           QStringLiteral(COSTLAB_TEST_DATA_DIR "/bad/nan_tokens.costlab.json")}
            << 3;
        QTest::newRow("missing_file")
            << QStringList{QStringLiteral("compare"), a, QStringLiteral("/nonexistent/x.json")}
            << 4;
        QTest::newRow("help") << QStringList{QStringLiteral("compare"), QStringLiteral("--help")}
                              << 0;
    }
    void cliExitCodes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        const CliRun r = runCli(args);
        QVERIFY2(r.code == code, r.err.constData());
        if (code != 0)
            QVERIFY(!r.err.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "tst_compare.moc"
