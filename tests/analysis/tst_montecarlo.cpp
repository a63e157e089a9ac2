// Monte Carlo over the run timeline (model/analysis/montecarlo.h): reproducible, Daly's
// mean when only failures are sampled, common random numbers across plans, and two
// calibration cases predicted with failure priors that do not come from the case itself
// (risk-foundations.md §5.1, §8; table in docs/validation.md).
#include "engine.h"
#include "formulas.h"
#include "montecarlo.h"
#include "registry.h"
#include "scenario_json.h"
#include "testutil.h"

#include <QLocale>
#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

using namespace costlab;
using test::example;

namespace {

/// A pre-training phase of `gpus` GPUs whose failure-free work is `workDays` days, at a
/// pinned MFU (the step-time model is not what these cases test).
Scenario calibrationCase(const Catalog& cat, const char* preset, const char* accel, double gpus,
                         double gpuRatePerHour, double workDays)
{
    const std::array kinds{PhaseKind::Pretrain};
    Scenario s = defaultScenario(kinds);
    Phase& p = s.phases[0];
    p.model = findPreset(preset)->arch;
    p.accelerator = accel;
    p.gpus = gpus;
    p.pretrain.mfu = 0.4;
    p.pretrain.tp = 8;
    p.pretrain.pp = 4; // TP·PP = 32 divides 16,384 and 992
    p.pretrain.seq_len = 8192;
    p.pretrain.global_batch_tokens = 16e6;
    p.pretrain.tokens = 1e12;
    s.reliability.gpu_failure_rate = gpuRatePerHour;
    s.reliability.node_failure_rate = 0;
    s.budget.total = 0;
    // Work is linear in tokens: scale them to the wanted failure-free days.
    const Estimate e = evaluate(s, cat);
    const double work = e.phases[0].ideal_gpu_hours / e.phases[0].gpus;
    p.pretrain.tokens *= workDays * 24 / work;
    return s;
}

double workHours(const Scenario& s, const Catalog& cat)
{
    const Estimate e = evaluate(s, cat);
    return e.phases[0].ideal_gpu_hours / e.phases[0].gpus;
}

/// No failures and no failure-rate, restart or throughput spread: what is left to vary is
/// the one spread a test then sets.
void withoutFailuresOrSpreads(Scenario& s)
{
    s.reliability.gpu_failure_rate = 0;
    s.reliability.node_failure_rate = 0;
    s.assumptions.mc_failure_rate_sigma = 0;
    s.assumptions.mc_restart_sigma = 0;
    s.assumptions.mc_throughput_sigma = 0;
}

} // namespace

class TestMonteCarlo : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void reproducibleFromTheSeed();
    void threadsDoNotChangeTheSamples();
    void failuresOnlyMeanIsDaly();
    void commonRandomNumbers();
    void percentilesAndBudget();
    void unpricedHasNoCostDistribution();
    void failureFloodIsRefused();
    void dailyAlertProbability();
    void eventLogFollowsTheTimeline();
    void badInputIsAnError();
    void calibrationLlama3();
    void calibrationOpt175b();
    void weibullShapeBunchesFailures();
    void phaseSpreadsAddUp();
    void envLatencySpreadFollowsThePipeline();
    void diurnalSwingAveragesOut();
    void stragglerSpreadFollowsTheProductionStep();
    void docsTablesMatchTheRuns(); // after the calibration and Weibull slots, which fill them

private:
    Catalog m_cat;
    QStringList m_calibrationRows; ///< docs/validation.md "mc-calibration" rows
    QStringList m_weibullRows;     ///< docs/validation.md "mc-weibull" rows
};

void TestMonteCarlo::initTestCase()
{
    m_cat = test::defaultCatalog();
}

void TestMonteCarlo::reproducibleFromTheSeed()
{
    const Scenario s = example("llama3-8b-pretrain-h100");
    MonteCarloOptions o;
    o.runs = 500;
    const MonteCarloResult a = monteCarlo(s, m_cat, o), b = monteCarlo(s, m_cat, o);
    QVERIFY(a.error.empty());
    QCOMPARE(a.runs, 500);
    QVERIFY(a.cost_samples == b.cost_samples);
    QVERIFY(a.days_samples == b.days_samples);
    o.seed = 2;
    const MonteCarloResult c = monteCarlo(s, m_cat, o);
    QVERIFY(c.cost_samples != a.cost_samples);
    // A different seed moves the median by sampling noise only (< 1 %).
    QCOMPARE_REL(c.cost.p50, a.cost.p50, 0.01);
}

void TestMonteCarlo::threadsDoNotChangeTheSamples()
{
    // Every run draws from its own streams and the blocks are merged in run order (issue 50:
    // the window's band on every core): 1, 2 and 3 threads give the same doubles, not close
    // ones, and run 0's event log. Route B: three phases, RL among them, with an alert line.
    Scenario s = example("route-b-small-base-heavy-rl");
    s.budget.daily_alert = 1; // every run's alert check runs and is counted
    MonteCarloOptions o;
    o.runs = 1001; // not a multiple of the thread counts: uneven blocks
    o.event_log = true;
    const MonteCarloResult one = monteCarlo(s, m_cat, o);
    QVERIFY2(one.error.empty(), one.error.c_str());
    QVERIFY(!one.events.empty());
    for (const int threads : {2, 3}) {
        o.threads = threads;
        const MonteCarloResult r = monteCarlo(s, m_cat, o);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.runs, one.runs);
        QVERIFY(r.cost_samples == one.cost_samples);
        QVERIFY(r.days_samples == one.days_samples);
        QCOMPARE(r.cost.p90, one.cost.p90);
        QCOMPARE(r.days.p50, one.days.p50);
        QCOMPARE(r.failures.mean, one.failures.mean);
        QCOMPARE(r.p_run_lost, one.p_run_lost);
        QCOMPARE(r.p_daily_alert, one.p_daily_alert);
        QCOMPARE(r.phases.size(), one.phases.size());
        for (std::size_t i = 0; i < r.phases.size(); ++i)
            QCOMPARE(r.phases[i].cost.p90, one.phases[i].cost.p90);
        QCOMPARE(r.events.size(), one.events.size());
        QCOMPARE(r.events.front().at_h, one.events.front().at_h);
    }
}

void TestMonteCarlo::failuresOnlyMeanIsDaly()
{
    // With plan-level spread, rollbacks, capacity waits and unusable checkpoints switched
    // off, each run is the failure process alone, and its mean wall time is Daly's complete
    // model M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ, which evaluate() reports. Issue target: 2 %.
    for (const char* name : {"llama3-8b-pretrain-h100", "llama2-70b-pretrain-a100", "grpo-7b-math",
                             "route-b-small-base-heavy-rl"}) {
        Scenario s = example(name);
        s.reliability.corruption_prob = 0;
        const Estimate e = evaluate(s, m_cat);
        MonteCarloOptions o;
        o.runs = 4000;
        o.epistemic = o.divergence = o.capacity = o.diurnal = false;
        const MonteCarloResult r = monteCarlo(s, m_cat, o);
        QVERIFY(r.error.empty());
        double expectedDays = 0, daly = 0;
        for (const PhaseEstimate& pe : e.phases) {
            expectedDays += pe.wall_hours / 24;
            const double W = pe.ideal_gpu_hours / pe.gpus;
            daly += pe.rec.mtbf_h > 0
                        ? formula::dalyWallTime(W, pe.rec.checkpoint_interval_h,
                                                pe.rec.checkpoint_stall_h,
                                                s.reliability.restart_min / 60, pe.rec.mtbf_h) /
                              24
                        : 0;
        }
        QCOMPARE_REL(r.point_days, expectedDays, 1e-12);
        QVERIFY2(std::fabs(r.days.mean / expectedDays - 1) < 0.02,
                 qPrintable(QStringLiteral("%1: MC mean %2 d vs Daly %3 d")
                                .arg(name)
                                .arg(r.days.mean)
                                .arg(expectedDays)));
        if (daly > 0) // and Daly's formula evaluated by hand from the estimate's τ, δ, R, M
            QVERIFY2(std::fabs(r.days.mean / daly - 1) < 0.02,
                     qPrintable(QStringLiteral("%1: MC %2 d vs formula %3 d")
                                    .arg(name)
                                    .arg(r.days.mean)
                                    .arg(daly)));
        // The expected failures of the estimate agree with the sampled mean count.
        double expectedFailures = 0;
        for (const PhaseEstimate& pe : e.phases)
            expectedFailures += pe.rec.expected_failures;
        if (expectedFailures > 20)
            QVERIFY2(std::fabs(r.failures.mean / expectedFailures - 1) < 0.03,
                     qPrintable(QStringLiteral("%1: %2 vs %3")
                                    .arg(name)
                                    .arg(r.failures.mean)
                                    .arg(expectedFailures)));
    }
}

void TestMonteCarlo::commonRandomNumbers()
{
    // Two plans that differ only in a storage price draw the same events: every run's
    // duration is identical, so their difference is the plan's, not noise.
    Scenario a = example("llama3-8b-pretrain-h100");
    Scenario b = a;
    b.storage.checkpoint_keep_last = a.storage.checkpoint_keep_last + 3;
    MonteCarloOptions o;
    o.runs = 300;
    const MonteCarloResult ra = monteCarlo(a, m_cat, o), rb = monteCarlo(b, m_cat, o);
    QVERIFY(ra.days_samples == rb.days_samples);
    const double d0 = rb.cost_samples[0] - ra.cost_samples[0];
    QVERIFY(d0 > 0);
    for (std::size_t i = 0; i < ra.cost_samples.size(); ++i)
        QCOMPARE_REL(rb.cost_samples[i] - ra.cost_samples[i], d0, 1e-6);
}

void TestMonteCarlo::percentilesAndBudget()
{
    // Type-7 percentiles of 1..5: P10 = 1.4, P50 = 3, P90 = 4.6.
    const std::vector<double> v{1, 2, 3, 4, 5};
    QCOMPARE_REL(percentileSorted(v, 0.1), 1.4, 1e-12);
    QCOMPARE_REL(percentileSorted(v, 0.5), 3.0, 1e-12);
    QCOMPARE_REL(percentileSorted(v, 0.9), 4.6, 1e-12);
    Scenario s = example("llama3-8b-pretrain-h100");
    MonteCarloOptions o;
    o.runs = 2000;
    MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.cost.p10 <= r.cost.p50 && r.cost.p50 <= r.cost.p90);
    QVERIFY(r.days.p10 <= r.days.p50 && r.days.p50 <= r.days.p90);
    QVERIFY(r.cost.p90 > r.cost.p10); // the spread is not collapsed to a point
    // Every run is counted: in a bin, or above the last one, which ends at P99.5 — so
    // 0.5 % of 2,000 = 10 runs lie above it (fewer with ties at the top).
    int n = 0;
    for (int c : r.cost_histogram.counts)
        n += c;
    QCOMPARE(n + r.cost_histogram.above, r.runs);
    QVERIFY(r.cost_histogram.above <= 10);
    QCOMPARE_REL(r.cost_histogram.from + r.cost_histogram.width * 40,
                 percentileSorted(
                     [&] {
                         std::vector<double> v = r.cost_samples;
                         std::sort(v.begin(), v.end());
                         return v;
                     }(),
                     0.995),
                 1e-9);
    // A budget at the sampled median is exceeded by half the runs (±1 run of ties).
    s.budget.total = r.cost.p50;
    r = monteCarlo(s, m_cat, o);
    QVERIFY2(std::fabs(r.p_over_budget - 0.5) <= 1.0 / o.runs,
             qPrintable(QString::number(r.p_over_budget)));
    s.budget.total = 0;
    QCOMPARE(monteCarlo(s, m_cat, o).p_over_budget, -1.0);
}

// Issue 44: on an accelerator the catalog has no price for (H20 ships without one), the
// runs' "cost" was the priced CPU and storage parts alone, shown as the plan's P50/P90 with
// "0 % of runs over budget". Unpriced is unpriced: no cost figure, no budget share; the
// durations are sampled as for a priced plan (the same draws, the same days).
void TestMonteCarlo::unpricedHasNoCostDistribution()
{
    Scenario s = example("llama3-8b-pretrain-h100");
    s.budget.total = 1e6;
    s.budget.daily_alert = 1e4;
    MonteCarloOptions o;
    o.runs = 300;
    const MonteCarloResult priced = monteCarlo(s, m_cat, o);
    QVERIFY(priced.priced && priced.p_over_budget >= 0 && !priced.cost_samples.empty());
    s.phases[0].accelerator = "h20-96gb";
    QVERIFY(!evaluate(s, m_cat).priced);
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    QCOMPARE(r.runs, 300);
    QVERIFY(!r.priced);
    QVERIFY(r.cost_samples.empty());
    QVERIFY(r.cost_histogram.counts.empty());
    QCOMPARE(r.cost.p50, 0.0);
    QCOMPARE(r.point_cost, 0.0);
    QCOMPARE(r.p_over_budget, -1.0);
    QCOMPARE(r.p_daily_alert, -1.0);
    for (const PhaseSpread& p : r.phases)
        QCOMPARE(p.cost.p90, 0.0);
    QCOMPARE(int(r.days_samples.size()), 300);
    QVERIFY(r.days.p50 > 0);
}

// Issue 44: at the highest failure rate (10⁻² per GPU-hour, the registry's maximum) the runs
// sampled every one of ~10⁸ failures and took hours. Refused up front with the figures.
void TestMonteCarlo::failureFloodIsRefused()
{
    Scenario s = example("llama3-8b-pretrain-h100");
    s.reliability.gpu_failure_rate = findDef("reliability.gpu_failure_rate")->max;
    const Estimate e = evaluate(s, m_cat);
    QVERIFY(e.ok);
    MonteCarloOptions o;
    o.runs = 5000; // the window's headline count
    QVERIFY(e.phases[0].rec.expected_failures * o.runs > kMaxMonteCarloFailures);
    MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY2(r.error.find("failures per run") != std::string::npos, r.error.c_str());
    QCOMPARE(r.runs, 0);
    QVERIFY(r.cost_samples.empty());
    // Fewer runs pass the expectation, but the runs that cannot progress (a restart of
    // 10 min against a 6-min MTBF is interrupted again and again) sample past the budget:
    // stopped, with the reason, instead of minutes to hours of sampling.
    o.runs = 800;
    QVERIFY(e.phases[0].rec.expected_failures * o.runs <= kMaxMonteCarloFailures);
    r = monteCarlo(s, m_cat, o);
    QVERIFY2(r.error.find("fails faster than it makes progress") != std::string::npos,
             r.error.c_str());
    QCOMPARE(r.runs, 0);
    o.threads = 4; // the blocks share the budget and all stop
    r = monteCarlo(s, m_cat, o);
    QVERIFY2(r.error.find("fails faster than it makes progress") != std::string::npos,
             r.error.c_str());
    QCOMPARE(r.runs, 0);
    o.threads = 1;
    // The default failure rate is far from either limit.
    s.reliability.gpu_failure_rate = findDef("reliability.gpu_failure_rate")->def;
    QVERIFY(monteCarlo(s, m_cat, o).error.empty());
}

void TestMonteCarlo::dailyAlertProbability()
{
    // One phase: a run's daily spend is (its cost − engineering, paid up front) / its days —
    // the phase's cost over its days plus the shared costs over the plan's days, as
    // evaluate() spreads them. An alert line at the median of that over the runs is crossed
    // by half of them (±1 run of ties); at half the point estimate's daily peak by every run
    // (failures and rollbacks add hours at the pool's own daily rate), at twice it by none.
    Scenario s = example("llama3-8b-pretrain-h100");
    MonteCarloOptions o;
    o.runs = 2000;
    const Estimate e = evaluate(s, m_cat);
    const double eng = e.shared_cost[std::size_t(Category::HiddenEngineering)];
    s.budget.daily_alert = 0;
    MonteCarloResult r = monteCarlo(s, m_cat, o);
    QCOMPARE(r.p_daily_alert, -1.0);
    std::vector<double> daily;
    for (int i = 0; i < r.runs; ++i)
        daily.push_back((r.cost_samples[std::size_t(i)] - eng) / r.days_samples[std::size_t(i)]);
    std::sort(daily.begin(), daily.end());
    s.budget.daily_alert = percentileSorted(daily, 0.5);
    r = monteCarlo(s, m_cat, o);
    QVERIFY2(std::fabs(r.p_daily_alert - 0.5) <= 1.0 / o.runs,
             qPrintable(QString::number(r.p_daily_alert)));
    s.budget.daily_alert = 0.5 * e.daily_peak;
    QCOMPARE(monteCarlo(s, m_cat, o).p_daily_alert, 1.0);
    s.budget.daily_alert = 2 * e.daily_peak;
    QCOMPARE(monteCarlo(s, m_cat, o).p_daily_alert, 0.0);
}

void TestMonteCarlo::eventLogFollowsTheTimeline()
{
    Scenario s = example("llama3-8b-pretrain-h100");
    MonteCarloOptions o;
    o.runs = 1;
    o.event_log = true;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    int failures = 0;
    double last = -1;
    for (const MonteCarloEvent& ev : r.events) {
        if (ev.kind == MonteCarloEvent::Kind::Failure ||
            ev.kind == MonteCarloEvent::Kind::RestartInterrupted) {
            ++failures;
            QVERIFY(ev.at_h >= last); // in time order
            last = ev.at_h;
        }
        QVERIFY(ev.lost_h >= 0);
        if (ev.kind == MonteCarloEvent::Kind::Failure) // work since checkpoint + a restart
            QVERIFY(ev.lost_h >= s.reliability.restart_min / 60 * 0.01);
    }
    QCOMPARE(double(failures), r.failures.mean);
    QVERIFY(failures > 0);
}

void TestMonteCarlo::badInputIsAnError()
{
    const Scenario s = example("llama3-8b-pretrain-h100");
    MonteCarloOptions o;
    o.runs = 0;
    QVERIFY(!monteCarlo(s, m_cat, o).error.empty());
    Scenario bad = s;
    bad.phases[0].pretrain.tp = 3; // 3 does not divide 1,024 GPUs: not evaluable
    o.runs = 10;
    const MonteCarloResult r = monteCarlo(bad, m_cat, o);
    QVERIFY(!r.error.empty());
    QCOMPARE(r.runs, 0);
}

void TestMonteCarlo::calibrationLlama3()
{
    // Llama 3 405B, 54-day snapshot (Dubey et al. 2024 §3.3.4): 16,384 H100, 419 unexpected
    // interruptions, > 90 % effective training time. Prior not from this case: Meta RSC's
    // 2–6.5 failures per 1,000 node-days (Kokolis et al. 2025 [U]), midpoint 4.25e-3 per
    // node-day = 4.25e-3 / (8 · 24) = 2.21e-5 per GPU-hour. Work: 54 days × 0.9 effective.
    const Scenario s = calibrationCase(m_cat, "llama-3.1-405b", "h100-sxm-80gb", 16384,
                                       4.25e-3 / (8 * 24), 54 * 0.9);
    MonteCarloOptions o;
    o.runs = 4000;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    // Interruptions over the sampled wall time: observed 419 inside P10–P90.
    qInfo("Llama 3: interruptions P10 %.0f P50 %.0f P90 %.0f (observed 419); days P50 %.1f",
          r.failures.p10, r.failures.p50, r.failures.p90, r.days.p50);
    QVERIFY(r.failures.p10 <= 419 && 419 <= r.failures.p90);
    // Effective training time = work / wall per run; observed "> 90 %": the P90 run reaches it.
    const double work = workHours(s, m_cat);
    std::vector<double> ettr;
    for (double d : r.days_samples)
        ettr.push_back(work / (d * 24));
    std::sort(ettr.begin(), ettr.end());
    qInfo("Llama 3: effective training time P10 %.3f P50 %.3f P90 %.3f (observed > 0.90)",
          percentileSorted(ettr, 0.1), percentileSorted(ettr, 0.5), percentileSorted(ettr, 0.9));
    QVERIFY(percentileSorted(ettr, 0.9) > 0.90);
    m_calibrationRows
        << QString::asprintf(
               "| Llama 3 405B, 54-day snapshot, 16,384 H100 (48.6 failure-free days) | Meta RSC "
               "2–6.5 failures per 1,000 node-days, midpoint 4.25e-3 [U] = 2.21e-5 per GPU-hour "
               "| 419 unexpected interruptions | %.0f – %.0f – %.0f | %s |",
               r.failures.p10, r.failures.p50, r.failures.p90,
               r.failures.p10 <= 419 && 419 <= r.failures.p90 ? "yes" : "**no**")
        << QString::asprintf("| same | same | > 90 %% effective training time | %.3f – %.3f – "
                             "%.3f | %s (P50 %.3f) |",
                             percentileSorted(ettr, 0.1), percentileSorted(ettr, 0.5),
                             percentileSorted(ettr, 0.9),
                             percentileSorted(ettr, 0.9) > 0.90 ? "yes" : "**no**",
                             percentileSorted(ettr, 0.5));
}

void TestMonteCarlo::calibrationOpt175b()
{
    // OPT-175B (Zhang et al. 2022, logbook): 992 A100 (124 nodes) on a cloud, ~90 restarts,
    // ~33 ideal days in ~56 wall days. Prior not from this case: Llama 3's 1.97e-5 per
    // GPU-hour times the cloud multiplier 3 (risk-foundations.md §5.1: 1–3× for cloud and
    // older fleets) = 5.9e-5.
    const Scenario s = calibrationCase(m_cat, "llama-3-70b", "a100-sxm-80gb", 992, 3 * 1.97e-5, 33);
    MonteCarloOptions o;
    o.runs = 4000;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    qInfo("OPT-175B: restarts P10 %.0f P50 %.0f P90 %.0f (observed ~90); wall days P10 %.1f "
          "P50 %.1f P90 %.1f (observed ~56)",
          r.failures.p10, r.failures.p50, r.failures.p90, r.days.p10, r.days.p50, r.days.p90);
    // The restart count holds: ~90 inside P10–P90.
    QVERIFY(r.failures.p10 <= 90 && 90 <= r.failures.p90);
    m_calibrationRows
        << QString::asprintf("| OPT-175B, 992 A100 on a cloud, 33 ideal days | Llama 3's 1.97e-5 "
                             "per GPU-hour × cloud multiplier 3 | ~90 restarts | %.0f – %.0f – "
                             "%.0f | %s |",
                             r.failures.p10, r.failures.p50, r.failures.p90,
                             r.failures.p10 > 90 || 90 > r.failures.p90 ? "**no**"
                             : 90 > 0.9 * r.failures.p90                ? "yes (near P90)"
                                                                        : "yes")
        << QString::asprintf("| same | same | ~56 wall days | %.1f – %.1f – %.1f | %s |",
                             r.days.p10, r.days.p50, r.days.p90,
                             r.days.p10 <= 56 && 56 <= r.days.p90 ? "yes" : "**no**");
    // The wall time does not: OPT's restarts took hours (node replacement, hanging 1.6 TB
    // checkpoint downloads, manual intervention), which a 4–25 min restart prior cannot
    // produce. The case fails on wall time, and this asserts that it still does, so that a
    // change which "fixes" it without new evidence is noticed (docs/validation.md).
    QVERIFY(r.days.p90 < 56);
}

void TestMonteCarlo::weibullShapeBunchesFailures()
{
    // One long run (work 400 days on 16,384 H100: ~3,500 failures at M ≈ 2.8 h) with only
    // failures sampled and a fixed 30 min restart. A failure during the restart starts it
    // over, so interrupted restarts per failure follow a geometric law: P/(1 − P) with
    // P = P(time between failures < R) = 1 − exp(−(R/λ)^k), λ = M / Γ(1 + 1/k) (Weibull,
    // same mean M). Hand calculation for each shape against the event log; 15 % covers the
    // sampling error of ~700–1,300 interruptions.
    for (const double k : {1.0, 0.7}) {
        Scenario s = calibrationCase(m_cat, "llama-3.1-405b", "h100-sxm-80gb", 16384,
                                     4.25e-3 / (8 * 24), 400);
        s.reliability.corruption_prob = 0;
        s.reliability.restart_min = 30;
        s.assumptions.mc_failure_weibull_shape = k;
        const Estimate e = evaluate(s, m_cat);
        const double M = e.phases[0].rec.mtbf_h, R = 0.5;
        MonteCarloOptions o;
        o.runs = 1;
        o.event_log = true;
        o.epistemic = o.divergence = o.capacity = o.diurnal = false;
        const MonteCarloResult r = monteCarlo(s, m_cat, o);
        QVERIFY(r.error.empty());
        double failures = 0, interrupted = 0;
        for (const MonteCarloEvent& ev : r.events) {
            failures += ev.kind == MonteCarloEvent::Kind::Failure ? 1 : 0;
            interrupted += ev.kind == MonteCarloEvent::Kind::RestartInterrupted ? 1 : 0;
        }
        const double lambda = M / std::tgamma(1 + 1 / k);
        const double p = 1 - std::exp(-std::pow(R / lambda, k));
        const double expected = p / (1 - p);
        qInfo("Weibull k %.1f: %.0f failures, %.3f interrupted restarts per failure (hand "
              "%.3f), %.0f h wall at M %.2f h",
              k, failures, interrupted / failures, expected, r.days.mean * 24, M);
        QVERIFY(failures > 1000);
        const QLocale en(QLocale::English); // thousands separators, as the rest of the doc
        m_weibullRows << QString::asprintf(
            "| %s | %s | %.3f | %.3f | %s |", k == 1 ? "1 (Poisson, the default)" : "0.7",
            qPrintable(en.toString(qRound64(failures))), interrupted / failures, expected,
            qPrintable(en.toString(qRound64(r.days.mean * 24))));
        QVERIFY2(std::fabs(interrupted / failures / expected - 1) < 0.15,
                 qPrintable(QStringLiteral("k %1: %2 interrupted per failure, hand %3")
                                .arg(k)
                                .arg(interrupted / failures)
                                .arg(expected)));
        // Renewal theorem: the clock renews at each failure, so failures ≈ wall time / M for
        // any shape (10 %: the sampling error of ~3,500 failures is under 2 %).
        const double wallH = r.days.mean * 24;
        QVERIFY2(std::fabs((failures + interrupted) / (wallH / M) - 1) < 0.1,
                 qPrintable(QStringLiteral("k %1: %2 failures in %3 h at M %4 h")
                                .arg(k)
                                .arg(failures + interrupted)
                                .arg(wallH)
                                .arg(M)));
    }
}

void TestMonteCarlo::phaseSpreadsAddUp()
{
    // Per phase: each run's phase costs plus the shared costs are the run's total, and the
    // phase durations add up to the run's (phases back to back), so the means add up
    // exactly (linearity); a one-phase plan's duration percentiles are the plan's.
    const Scenario s = example("route-b-small-base-heavy-rl");
    const Estimate e = evaluate(s, m_cat);
    MonteCarloOptions o;
    o.runs = 3000;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    QCOMPARE(r.phases.size(), s.phases.size());
    double shared = 0;
    for (double c : e.shared_cost)
        shared += c;
    double cost = shared, days = 0, lostMax = 0, lostSum = 0;
    for (const PhaseSpread& p : r.phases) {
        cost += p.cost.mean;
        days += p.days.mean;
        QVERIFY(p.cost.p10 <= p.cost.p50 && p.cost.p50 <= p.cost.p90);
        lostMax = std::max(lostMax, p.p_run_lost);
        lostSum += p.p_run_lost;
    }
    QCOMPARE_REL(cost, r.cost.mean, 1e-9);
    QCOMPARE_REL(days, r.days.mean, 1e-9);
    QVERIFY(lostMax <= r.p_run_lost + 1e-12 && r.p_run_lost <= lostSum + 1e-12);
    const MonteCarloResult one = monteCarlo(example("llama3-8b-pretrain-h100"), m_cat, o);
    QCOMPARE(one.phases.size(), std::size_t(1));
    QCOMPARE(one.phases[0].days.p90, one.days.p90);
    QCOMPARE(one.phases[0].days.p10, one.days.p10);
}

void TestMonteCarlo::envLatencySpreadFollowsThePipeline()
{
    // GRPO 7B with 512 environments, failures, rollbacks, waits and every other plan-level
    // spread switched off: each run's wall time is work · T(m)/T (work with its checkpoint
    // stalls) + the mismatch's extra
    // iterations, T(m) = T + E·(m − 1) for a synchronous pipeline (E = the environment
    // wait per iteration), m log-normal with median 1. Hand calculation of the mean:
    // E[m] = exp(σ²/2); with σ = 0.5 over 4,000 runs its sampling error is under 1 %.
    Scenario s = example("grpo-7b-math");
    withoutFailuresOrSpreads(s);
    const double sigma = 0.5;
    s.assumptions.mc_env_latency_sigma = sigma;
    const Estimate e = evaluate(s, m_cat);
    const PhaseEstimate& pe = e.phases[0];
    QVERIFY(pe.rl.environment_s > 0);
    QVERIFY(pe.rec.mtbf_h == 0 || !std::isfinite(pe.rec.mtbf_h) || pe.rec.expected_failures == 0);
    // Failure-free wall time of the work: segments of τ work plus δ checkpoint stall.
    const double ideal = pe.ideal_gpu_hours / pe.gpus;
    const double tau = pe.rec.checkpoint_interval_h > 0 ? pe.rec.checkpoint_interval_h : ideal;
    const double work = ideal * (tau + pe.rec.checkpoint_stall_h) / tau;
    const double extra = pe.rl.mismatch_extra * ideal;
    MonteCarloOptions o;
    o.runs = 4000;
    o.divergence = o.capacity = o.diurnal = false;
    const MonteCarloResult sync = monteCarlo(s, m_cat, o);
    QVERIFY(sync.error.empty());
    const double hand =
        work * (1 + pe.rl.environment_s / pe.rl.iteration_s * (std::exp(sigma * sigma / 2) - 1)) +
        extra;
    QVERIFY2(std::fabs(sync.days.mean * 24 / hand - 1) < 0.02,
             qPrintable(QStringLiteral("MC %1 h, hand %2 h").arg(sync.days.mean * 24).arg(hand)));
    // σ = 0 puts every run on the engine's wall time.
    s.assumptions.mc_env_latency_sigma = 0;
    const MonteCarloResult none = monteCarlo(s, m_cat, o);
    QCOMPARE_REL(none.days.p90, none.days.p10, 1e-12);
    QCOMPARE_REL(none.days.mean * 24, work + extra, 1e-9);
    QCOMPARE_REL(none.days.mean, none.point_days, 1e-9); // and on evaluate()'s
    // Asynchronous environments absorb slow steps while generation is the longer part, so
    // the same latency spread widens the duration less than in the synchronous pipeline.
    s.assumptions.mc_env_latency_sigma = sigma;
    Scenario a = s;
    a.phases[0].rl.pipeline = Pipeline::Asynchronous;
    const MonteCarloResult async = monteCarlo(a, m_cat, o);
    QVERIFY(async.error.empty());
    const double spreadSync = sync.days.p90 / sync.days.p10;
    const double spreadAsync = async.days.p90 / async.days.p10;
    QVERIFY2(
        spreadAsync <= spreadSync,
        qPrintable(QStringLiteral("async P90/P10 %1, sync %2").arg(spreadAsync).arg(spreadSync)));
}

void TestMonteCarlo::stragglerSpreadFollowsTheProductionStep()
{
    // Issue 45, item 6: the production step's straggler loss is an input of the Monte Carlo.
    // Llama 3 8B on 1,024 H100s with failures, rollbacks, waits and every other plan-level
    // spread off: a run's wall time is the engine's times
    //   f(cv) = b·(1 + S(n, cv)) + e,
    // b and e the benchmark step's and evaluation passes' shares of the production step,
    // S the expected slowest-of-n slowdown (stragglerSlowdown, tested in tst_steptime), cv
    // log-normal with median the plan's 2 % and σ 0.49. f is increasing in cv, so the P50 run
    // is f(2 %) = 1 and the P90 run f(2 % · e^{1.2816·0.49}); 4,000 runs put the sample
    // percentiles within 1 % of them.
    Scenario s = example("llama3-8b-pretrain-h100");
    withoutFailuresOrSpreads(s);
    const double sigma = 0.49;
    s.assumptions.mc_straggler_sigma = sigma;
    const Estimate e = evaluate(s, m_cat);
    const PhaseEstimate& pe = e.phases[0];
    QVERIFY(pe.step.straggler_s > 0);
    const double production = productionSeconds(pe.step);
    const double b = pe.step.total_s / production, ev = pe.step.eval_s / production;
    const double cv0 = s.assumptions.straggler_cv;
    QCOMPARE_REL(b * (1 + stragglerSlowdown(pe.gpus, cv0)) + ev, 1.0, 1e-12);
    MonteCarloOptions o;
    o.runs = 4000;
    o.divergence = o.capacity = o.diurnal = false;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    const double p90 = b * (1 + stragglerSlowdown(pe.gpus, cv0 * std::exp(1.2816 * sigma))) + ev;
    QVERIFY(p90 > 1.01); // the spread matters at this scale
    QCOMPARE_REL(r.days.p50, r.point_days, 0.01);
    QCOMPARE_REL(r.days.p90 / r.point_days, p90, 0.01);
    // σ = 0: every run on evaluate()'s wall time.
    s.assumptions.mc_straggler_sigma = 0;
    const MonteCarloResult none = monteCarlo(s, m_cat, o);
    QCOMPARE_REL(none.days.p90, none.days.p10, 1e-12);
    QCOMPARE_REL(none.days.p50, none.point_days, 1e-9);
}

void TestMonteCarlo::diurnalSwingAveragesOut()
{
    // Hand calculation (montecarlo.h diurnalHours): throughput 1 + (A/2)·sin(ω·clock),
    // ω = 2π/24 h⁻¹, so the work done from clock s over t hours is
    // t + c·(cos ωs − cos ω(s + t)), c = A/(2ω). A = 2 % (Llama 3's 1–2 % day/night swing,
    // Dubey et al. 2024 §3.3.4): c = 0.02·24/(4π) = 0.038197 h.
    const double A = 0.02, c = A * 24 / (4 * std::numbers::pi);
    // 12 h of work starting at the mean on the way up (s = 0) runs through the fast half
    // of the day: t + c·(1 − cos ωt) = 12 → t ≈ 12 − 2c (cos ωt ≈ −1 to 2·10⁻⁴).
    QVERIFY(std::fabs(diurnalHours(12, 0, A) - (12 - 2 * c)) < 1e-4);
    // From s = 12 h it runs through the slow half: 12 + 2c.
    QVERIFY(std::fabs(diurnalHours(12, 12, A) - (12 + 2 * c)) < 1e-4);
    QVERIFY(std::fabs(diurnalHours(12, 36, A) - (12 + 2 * c)) < 1e-4); // the clock wraps
    // From the peak (s = 6 h) half a day is symmetric: exactly 12 h.
    QVERIFY(std::fabs(diurnalHours(12, 6, A) - 12) < 1e-9);
    // Whole days take exactly their work, whatever the start.
    for (double s : {0.0, 3.0, 7.5, 18.0})
        QVERIFY(std::fabs(diurnalHours(48, s, A) - 48) < 1e-9);
    // No swing, or input that is not a swing, changes nothing.
    QCOMPARE(diurnalHours(12, 0, 0), 12.0);
    QCOMPARE(diurnalHours(12, 0, std::nan("")), 12.0);
    QCOMPARE(diurnalHours(-1, 0, A), -1.0);

    // Through the Monte Carlo, with failures and every other spread off: each run's wall
    // time differs from evaluate()'s by at most 2c, and the runs average to it (the engine's
    // step time is the day's mean).
    Scenario s = example("llama3-8b-pretrain-h100");
    s.reliability.gpu_failure_rate = 0;
    s.reliability.node_failure_rate = 0;
    s.assumptions.mc_diurnal_swing = A;
    // A phase of whole days plus about 12 h, whatever the engine's step time: a start then
    // moves the end by up to 2c·|sin(π·t/24)| ≈ 2c (a phase of whole days would not move).
    const double hours = evaluate(s, m_cat).phases[0].wall_hours;
    QVERIFY(hours > 24);
    s.phases[0].pretrain.tokens *= (std::floor(hours / 24) * 24 + 12) / hours;
    MonteCarloOptions o;
    o.runs = 4000;
    o.epistemic = o.divergence = o.capacity = false;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    double widest = 0;
    for (double d : r.days_samples)
        widest = std::max(widest, std::fabs(d - r.point_days) * 24);
    QVERIFY2(widest <= 2 * c * double(r.phases.size()) + 1e-9,
             qPrintable(QStringLiteral("a run moved by %1 h, bound %2 h").arg(widest).arg(2 * c)));
    QVERIFY(widest > 0.5 * c); // some starts do move the end
    QVERIFY2(std::fabs(r.days.mean - r.point_days) * 24 < 0.1 * c,
             qPrintable(QStringLiteral("mean off by %1 h").arg((r.days.mean - r.point_days) * 24)));
    // Switched off, every run is evaluate()'s.
    o.diurnal = false;
    const MonteCarloResult off = monteCarlo(s, m_cat, o);
    QCOMPARE_REL(off.days.p90, off.days.p10, 1e-12);
}

void TestMonteCarlo::docsTablesMatchTheRuns()
{
    // docs/validation.md shows these runs' figures; regenerate with COSTLAB_UPDATE_VALIDATION=1.
    QCOMPARE(m_calibrationRows.size(), 4);
    QCOMPARE(m_weibullRows.size(), 2);
    const QString doc = QStringLiteral(COSTLAB_SOURCE_DIR "/docs/validation.md");
    const QString calibration =
        QStringList{"| case | prior used | observed | predicted P10 – P50 – P90 | inside? |",
                    "|---|---|---|---|---|"}
            .join('\n') +
        '\n' + m_calibrationRows.join('\n');
    QCOMPARE(test::documentTable(doc, QStringLiteral("mc-calibration"), calibration), calibration);
    const QString weibull = QStringList{"| shape k | failures | interrupted restarts per failure "
                                        "| hand calculation | wall hours |",
                                        "|---|---|---|---|---|"}
                                .join('\n') +
                            '\n' + m_weibullRows.join('\n');
    QCOMPARE(test::documentTable(doc, QStringLiteral("mc-weibull"), weibull), weibull);
}

QTEST_GUILESS_MAIN(TestMonteCarlo)
#include "tst_montecarlo.moc"
