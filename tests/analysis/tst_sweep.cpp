// The analysis contract on sweeps (model/analysis/analysis.h): cancellation stops between
// points and says so, progress runs from above 0 to exactly 1, and neither changes a point.
#include "registry.h"
#include "sweep.h"
#include "testutil.h"

#include <QtTest>

#include <atomic>

using namespace costlab;

class TstSweep : public QObject {
    Q_OBJECT

private slots:
    void progressReachesOne();
    void cancelledBeforeStart();
    void cancelledMidway();
    void intervalSweepFixesTheInterval();
};

namespace {
Scenario plan()
{
    const std::vector<PhaseKind> kinds{PhaseKind::Pretrain};
    return defaultScenario(kinds);
}
} // namespace

void TstSweep::progressReachesOne()
{
    std::vector<double> seen;
    AnalysisControl control;
    control.progress = [&](double f) { seen.push_back(f); };
    const SweepResult r =
        sweep(plan(), test::defaultCatalog(), "pretrain.tokens", 1e12, 2e12, 5, control);
    QVERIFY(r.error.empty());
    QVERIFY(!r.cancelled);
    QCOMPARE(int(seen.size()), 5); // once per point: 0.2, 0.4, …, 1
    QCOMPARE(seen.front(), 0.2);
    QCOMPARE(seen.back(), 1.0);
    QVERIFY(std::is_sorted(seen.begin(), seen.end()));
    // The same points as without a control.
    const SweepResult plain =
        sweep(plan(), test::defaultCatalog(), "pretrain.tokens", 1e12, 2e12, 5);
    for (std::size_t i = 0; i < r.points.size(); ++i)
        QCOMPARE(r.points[i].total, plain.points[i].total);
}

void TstSweep::cancelledBeforeStart()
{
    std::atomic<bool> cancel{true};
    AnalysisControl control{&cancel, nullptr};
    for (const char* id : {"pretrain.tokens", "pretrain.precision", "pretrain.accelerator"}) {
        const SweepResult r = sweep(plan(), test::defaultCatalog(), id, 1e12, 2e12, 5, control);
        QVERIFY2(r.cancelled, id);
        QVERIFY2(r.points.empty(), id);
    }
}

void TstSweep::cancelledMidway()
{
    std::atomic<bool> cancel{false};
    AnalysisControl control;
    control.cancel = &cancel;
    control.progress = [&](double f) {
        if (f >= 0.3)
            cancel = true; // stop after the third of ten points
    };
    const SweepResult r =
        sweep(plan(), test::defaultCatalog(), "pretrain.tokens", 1e12, 2e12, 10, control);
    QVERIFY(r.cancelled);
    QCOMPARE(int(r.points.size()), 3);
}

// With the automatic interval on, sweeping the fixed interval still shows what each fixed τ
// would cost (the sweep fixes it), and the plan's current point is the interval in force.
void TstSweep::intervalSweepFixesTheInterval()
{
    Scenario s = plan();
    s.reliability.checkpoint_auto = true;
    const SweepResult r =
        sweep(s, test::defaultCatalog(), "reliability.checkpoint_interval_h", 0.05, 48, 5);
    QVERIFY(r.error.empty());
    QCOMPARE(r.points.size(), size_t(5));
    QVERIFY(r.points.back().gpu_hours > r.points.front().gpu_hours * 1.001);
    QVERIFY(r.optimum_x > 0);
    QCOMPARE(r.current_x, r.optimum_x); // auto = Daly optimum, here without async waiting
    s.reliability.checkpoint_auto = false;
    QCOMPARE(sweep(s, test::defaultCatalog(), "reliability.checkpoint_interval_h", 0.05, 48, 5)
                 .current_x,
             -1.0);
}

QTEST_GUILESS_MAIN(TstSweep)
#include "tst_sweep.moc"
