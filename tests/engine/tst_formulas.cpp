// Every function of model/engine/formulas.h against a hand calculation. Each data row carries the
// arithmetic in a comment above it; the expected value is never read from the engine.
// Sources: cost-model.md §§2–8, risk-foundations.md §1.2, §1.3, §5.2, §6.
#include "formulas.h"
#include "risks.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace costlab;
using namespace costlab::formula;

Q_DECLARE_METATYPE(costlab::Recompute)
Q_DECLARE_METATYPE(costlab::Optimizer)

class TestFormulas : public QObject {
    Q_OBJECT
private slots:
    void riskImpactLevels();
    void normalCdf_data();
    void normalCdf();
    void normalQuantileRoundTrip_data();
    void normalQuantileRoundTrip();
    void normalQuantileEdges();
    void oomProbability_data();
    void oomProbability();
    void stateBytes_data();
    void stateBytes();
    void checkpointBytes_data();
    void checkpointBytes();
    void activationBytes_data();
    void activationBytes();
    void lognormalSigma();
    void expectedMaxLognormal_data();
    void expectedMaxLognormal();
    void expectedMaxLognormalMonotone();
    void dalyWallTime_data();
    void dalyWallTime();
    void dalyWallTimeMinimisedByDalyInterval_data();
    void dalyWallTimeMinimisedByDalyInterval();
    void youngInterval_data();
    void youngInterval();
    void dalyInterval_data();
    void dalyInterval();
    void probLossOver_data();
    void probLossOver();
    void decodeStep_data();
    void decodeStep();
    void expertsTouched_data();
    void expertsTouched();
    void meanOnsetBefore();
    void mismatchFailProbability();
};

void TestFormulas::normalCdf_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tol");
    // Symmetry: Φ(0) = 1/2 exactly.
    QTest::newRow("zero") << 0.0 << 0.5 << 1e-15;
    // Table value: Φ(1.96) = 0.9750021 (the two-sided 95 % point).
    QTest::newRow("1.96") << 1.96 << 0.9750021048517796 << 1e-9;
    // Φ(−1) = 0.1586553 (one-σ lower tail, standard table).
    QTest::newRow("minus_one") << -1.0 << 0.15865525393145707 << 1e-9;
    // Φ(−8.3) ≈ 5.2e-17: deep tail must stay positive, not round to 0 or go negative.
    QTest::newRow("deep_tail") << -8.3 << 5.2055e-17 << 1e-3;
}

void TestFormulas::normalCdf()
{
    QFETCH(double, x);
    QFETCH(double, expected);
    QFETCH(double, tol);
    QCOMPARE_REL(formula::normalCdf(x), expected, tol);
}

void TestFormulas::normalQuantileRoundTrip_data()
{
    QTest::addColumn<double>("p");
    // Acklam's approximation claims relative error < 1.2e-9 in each of its three regions:
    // low tail (p < 0.02425), centre, high tail.
    QTest::newRow("low_tail") << 1e-6;
    QTest::newRow("low_edge") << 0.02;
    QTest::newRow("centre_0.3") << 0.3;
    QTest::newRow("median") << 0.5;
    QTest::newRow("p975") << 0.975;
    QTest::newRow("high_tail") << 0.999999;
}

void TestFormulas::normalQuantileRoundTrip()
{
    QFETCH(double, p);
    // Φ(Φ⁻¹(p)) = p. A relative error ε = 1.2e-9 in x gives dp = φ(x)·|x|·ε, and in the tail
    // φ(x)/Φ(x) ≈ |x|, so dp/p ≈ x²·ε: at p = 1e-6 (x = −4.75) that is 2.7e-8. Tolerance 5e-8.
    QCOMPARE_REL(formula::normalCdf(formula::normalQuantile(p)), p, 5e-8);
}

void TestFormulas::normalQuantileEdges()
{
    // Known quantiles: Φ⁻¹(0.975) = 1.959964, Φ⁻¹(0.5) = 0.
    QCOMPARE_REL(normalQuantile(0.975), 1.959963984540054, 1e-8);
    QVERIFY(std::fabs(normalQuantile(0.5)) < 1e-12);
    // Out of (0, 1): ±∞ rather than NaN, so callers can clamp.
    QCOMPARE(normalQuantile(0.0), -std::numeric_limits<double>::infinity());
    QCOMPARE(normalQuantile(1.0), std::numeric_limits<double>::infinity());
}

void TestFormulas::oomProbability_data()
{
    QTest::addColumn<double>("est");
    QTest::addColumn<double>("usable");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<double>("expected");
    const double G = kGiB;
    // Estimate exactly at the limit: Φ(0) = 0.5 whatever σ.
    QTest::newRow("at_limit") << 80 * G << 80 * G << 0.08 << 0.5;
    // 72 GiB estimate, 80 GiB usable, σ 0.08: z = (72 − 80)/(0.08·72) = −8/5.76 = −1.3889,
    // Φ(−1.3889) = 0.08243.
    QTest::newRow("72_of_80") << 72 * G << 80 * G << 0.08 << 0.08243326987395455;
    // 88 of 80, σ 0.08: z = 8/7.04 = 1.13636, Φ = 0.87210.
    QTest::newRow("88_of_80") << 88 * G << 80 * G << 0.08 << 0.8721;
    // σ = 0 is a hard threshold: under the limit 0, over it 1.
    QTest::newRow("sigma0_under") << 79 * G << 80 * G << 0.0 << 0.0;
    QTest::newRow("sigma0_over") << 81 * G << 80 * G << 0.0 << 1.0;
    // Nothing resident cannot run out of memory.
    QTest::newRow("empty") << 0.0 << 80 * G << 0.08 << 0.0;
}

void TestFormulas::oomProbability()
{
    QFETCH(double, est);
    QFETCH(double, usable);
    QFETCH(double, sigma);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::oomProbability(est, usable, sigma), expected, 1e-4);
}

void TestFormulas::stateBytes_data()
{
    QTest::addColumn<Optimizer>("opt");
    QTest::addColumn<double>("weights");
    QTest::addColumn<double>("gradients");
    QTest::addColumn<double>("optimizer");
    // ZeRO paper "2+2+12": BF16 weights 2, BF16 grads 2, FP32 master 4 + m 4 + v 4 = 16 B.
    QTest::newRow("adamw32") << Optimizer::AdamW32 << 2.0 << 2.0 << 12.0;
    // 8-bit AdamW: FP32 master 4 + m 1 + v 1 = 6 → 2+2+6 = 10 B (risk-foundations §1.2, §9).
    QTest::newRow("adamw8bit") << Optimizer::AdamW8bit << 2.0 << 2.0 << 6.0;
    // SGD with momentum: master 4 + momentum 4 = 8 → 2+2+8 = 12 B.
    QTest::newRow("sgd") << Optimizer::SgdMomentum << 2.0 << 2.0 << 8.0;
}

void TestFormulas::stateBytes()
{
    QFETCH(Optimizer, opt);
    QFETCH(double, weights);
    QFETCH(double, gradients);
    QFETCH(double, optimizer);
    const StateBytes b = stateBytesPerParam(opt);
    QCOMPARE(b.weights, weights);
    QCOMPARE(b.gradients, gradients);
    QCOMPARE(b.optimizer, optimizer);
    QCOMPARE(b.weights + b.gradients + b.optimizer, weights + gradients + optimizer);
}

void TestFormulas::checkpointBytes_data()
{
    QTest::addColumn<Optimizer>("opt");
    QTest::addColumn<double>("expected");
    // cost-model.md §6: P·(2 + 4 + 8) — BF16 weights, FP32 master, Adam m and v in FP32.
    QTest::newRow("adamw32") << Optimizer::AdamW32 << 14.0;
    // 8-bit moments: 2 + 4 + 1 + 1 = 8.
    QTest::newRow("adamw8bit") << Optimizer::AdamW8bit << 8.0;
    // SGD: 2 + 4 + 4 (momentum) = 10.
    QTest::newRow("sgd") << Optimizer::SgdMomentum << 10.0;
}

void TestFormulas::checkpointBytes()
{
    QFETCH(Optimizer, opt);
    QFETCH(double, expected);
    QCOMPARE(checkpointBytesPerParam(opt), expected);
}

void TestFormulas::activationBytes_data()
{
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("tp");
    QTest::addColumn<Recompute>("rec");
    QTest::addColumn<bool>("flash");
    QTest::addColumn<double>("expected");
    // Llama-3-70B shape, risk-foundations.md §1.3 worked example: h 8192, a 64, s 8192, b 1.
    // Selective recompute: 34·s·b·h = 34·8192·1·8192 = 2,281,701,376 B ≈ 2.28 GB per layer.
    QTest::newRow("llama3_70b_selective")
        << 8192.0 << 1.0 << 1.0 << Recompute::Selective << false << 2281701376.0;
    // FlashAttention without recompute: no s² scores stored, the same 34·s·b·h.
    QTest::newRow("llama3_70b_flash")
        << 8192.0 << 1.0 << 1.0 << Recompute::None << true << 2281701376.0;
    // No recompute, no flash: 5·a·s/h = 5·64·8192/8192 = 320 → (34 + 320)·s·b·h
    // = 354·8192·8192 = 23,756,537,856 B ≈ 23.8 GB per layer (the "infeasible" row).
    QTest::newRow("llama3_70b_none")
        << 8192.0 << 1.0 << 1.0 << Recompute::None << false << 23756537856.0;
    // TP 8 with sequence parallel divides by 8: 2,281,701,376 / 8 = 285,212,672 B ≈ 285 MB.
    QTest::newRow("llama3_70b_tp8")
        << 8192.0 << 1.0 << 8.0 << Recompute::Selective << true << 285212672.0;
    // Full recompute keeps the layer input only: 2·s·b·h = 2·8192·8192 = 134,217,728 B.
    QTest::newRow("llama3_70b_full")
        << 8192.0 << 1.0 << 1.0 << Recompute::Full << false << 134217728.0;
    // Linear in b: b = 4 → 4 × 2,281,701,376 = 9,126,805,504 B.
    QTest::newRow("llama3_70b_b4")
        << 8192.0 << 4.0 << 1.0 << Recompute::Selective << true << 9126805504.0;
    // tp < 1 is treated as 1 (no division by a fraction).
    QTest::newRow("tp_below_one") << 8192.0 << 1.0 << 0.5 << Recompute::Selective << true
                                  << 2281701376.0;
}

void TestFormulas::activationBytes()
{
    QFETCH(double, s);
    QFETCH(double, b);
    QFETCH(double, tp);
    QFETCH(Recompute, rec);
    QFETCH(bool, flash);
    QFETCH(double, expected);
    QCOMPARE_REL(activationBytesPerLayer(s, b, 8192, 64, tp, rec, flash), expected, 1e-12);
}

void TestFormulas::lognormalSigma()
{
    // s = √(ln(1 + c²)): c = 1 → √(ln 2) = 0.832555; c = 0 → 0; c = 0.5 → √(ln 1.25) = 0.472381.
    QCOMPARE_REL(lognormalSigmaFromCv(1.0), 0.8325546111576977, 1e-12);
    QCOMPARE(lognormalSigmaFromCv(0.0), 0.0);
    QCOMPARE_REL(lognormalSigmaFromCv(0.5), 0.47238072707743883, 1e-12);
}

void TestFormulas::expectedMaxLognormal_data()
{
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("sigma");
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("expected");
    // n = 1: the mean, median·e^{σ²/2} = 2·e^{0.125} = 2·1.133148 = 2.266297.
    QTest::newRow("n1_is_mean") << 2.0 << 0.5 << 1.0 << 2.266296906133653;
    // n = 64: Blom z = Φ⁻¹((64 − 0.375)/(64 + 0.25)) = Φ⁻¹(0.990272) = 2.336691;
    // median·e^{σz} = 2·e^{1.168346} = 2·3.216666 = 6.433333.
    QTest::newRow("n64") << 2.0 << 0.5 << 64.0 << 6.433332761448612;
    // n = 4096: z = Φ⁻¹(4095.625/4096.25) = 3.610882; 2·e^{1.805441} = 12.165308.
    QTest::newRow("n4096") << 2.0 << 0.5 << 4096.0 << 12.165308316664598;
    // n = 2, σ 0.5: z = Φ⁻¹(1.625/2.25) = Φ⁻¹(0.72222) = 0.589456, e^{0.294728} = 1.342761,
    // above the mean 1.133148 → 1.342761 (× median 1).
    QTest::newRow("n2") << 1.0 << 0.5 << 2.0 << 1.342760942277422;
    // σ = 0: every draw equals the median.
    QTest::newRow("sigma0") << 3.0 << 0.0 << 1000.0 << 3.0;
}

void TestFormulas::expectedMaxLognormal()
{
    QFETCH(double, median);
    QFETCH(double, sigma);
    QFETCH(double, n);
    QFETCH(double, expected);
    // Acklam's quantile has ~1e-9 relative error; e^{σz} carries it through σ·z ≈ 2.
    QCOMPARE_REL(formula::expectedMaxLognormal(median, sigma, n), expected, 1e-7);
}

void TestFormulas::expectedMaxLognormalMonotone()
{
    // E[max of n] can only grow with n, and grows like σ·√(2 ln n) (Dean & Barroso 2013):
    // check ln(E[max]/median)/σ between 0.7 and 1.1 × √(2 ln n) for large n (Blom's z_n runs
    // a little below √(2 ln n): z_4096 = 3.61 vs 4.08).
    double prev = 0;
    for (double n = 1; n <= 1e6; n *= 1.5) {
        const double v = formula::expectedMaxLognormal(1.0, 0.8, n);
        QVERIFY2(v >= prev, qPrintable(QStringLiteral("n = %1: %2 < %3").arg(n).arg(v).arg(prev)));
        prev = v;
        if (n >= 100) {
            const double ratio = std::log(v) / 0.8 / std::sqrt(2 * std::log(n));
            QVERIFY2(ratio > 0.7 && ratio < 1.1,
                     qPrintable(QStringLiteral("n = %1 ratio %2").arg(n).arg(ratio)));
        }
    }
}

void TestFormulas::dalyWallTime_data()
{
    QTest::addColumn<double>("W");
    QTest::addColumn<double>("tau");
    QTest::addColumn<double>("delta");
    QTest::addColumn<double>("R");
    QTest::addColumn<double>("M");
    QTest::addColumn<double>("expected");
    const double inf = std::numeric_limits<double>::infinity();
    // No failures (M = ∞): W + (W/τ)·δ = 100 + 100·0.05 = 105 h.
    QTest::newRow("no_failures") << 100.0 << 1.0 << 0.05 << 0.25 << inf << 105.0;
    // M = 0 is read as "no failure rate given", same as ∞: 105 h.
    QTest::newRow("m_zero") << 100.0 << 1.0 << 0.05 << 0.25 << 0.0 << 105.0;
    // W = 100 h, τ = 1, δ = 0.05, R = 0.25, M = 10:
    // M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ = 10 · e^{0.025} · (e^{0.105} − 1) · 100
    // = 10 · 1.025315 · 0.110711 · 100 = 113.513 h.
    QTest::newRow("hand_case") << 100.0 << 1.0 << 0.05 << 0.25 << 10.0 << 113.51326280019293;
    // Very rare failures (M = 1e9 h) must approach the no-failure limit 105 h, not lose
    // precision in e^{x} − 1 (expm1): 105·(1 + O(1e-9)).
    QTest::newRow("rare_failures") << 100.0 << 1.0 << 0.05 << 0.0 << 1e9 << 105.0;
    // No work, no time.
    QTest::newRow("no_work") << 0.0 << 1.0 << 0.05 << 0.25 << 10.0 << 0.0;
}

void TestFormulas::dalyWallTime()
{
    QFETCH(double, W);
    QFETCH(double, tau);
    QFETCH(double, delta);
    QFETCH(double, R);
    QFETCH(double, M);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::dalyWallTime(W, tau, delta, R, M), expected, 1e-6);
}

void TestFormulas::dalyWallTimeMinimisedByDalyInterval_data()
{
    QTest::addColumn<double>("ratio");
    QTest::addColumn<double>("tol");
    // Daly's τ* is a perturbation expansion of the exact minimiser of his T(τ). Computed by a
    // golden-section search on T at the time of writing, its relative error is 1e-5 at
    // δ/M = 0.01, 4e-4 at 0.1, 1.8 % at 1 and 6.1 % at δ/M → 2 (where it switches to τ = M).
    // Young's √(2δM) is 17 % off already at δ/M = 0.1. Tolerances: 2× those errors.
    QTest::newRow("dM_1e-4") << 1e-4 << 1e-4;
    QTest::newRow("dM_1e-2") << 1e-2 << 1e-4;
    QTest::newRow("dM_0.1") << 0.1 << 1e-3;
    QTest::newRow("dM_1") << 1.0 << 0.04;
    QTest::newRow("dM_1.9") << 1.9 << 0.12;
}

void TestFormulas::dalyWallTimeMinimisedByDalyInterval()
{
    QFETCH(double, ratio);
    QFETCH(double, tol);
    const double M = 10, delta = ratio * M, R = 0.5, W = 1000;
    auto T = [&](double tau) { return formula::dalyWallTime(W, tau, delta, R, M); };
    double lo = 1e-6 * M, hi = 10 * M;
    for (int i = 0; i < 400; ++i) { // golden section on a unimodal T(τ)
        const double a = lo + (hi - lo) * 0.381966, b = lo + (hi - lo) * 0.618034;
        if (T(a) < T(b))
            hi = b;
        else
            lo = a;
    }
    const double exact = 0.5 * (lo + hi);
    QCOMPARE_REL(formula::dalyInterval(delta, M), exact, tol);
    // And the wall time at Daly's τ is within 0.2 % of the true minimum in every row.
    QCOMPARE_REL(T(formula::dalyInterval(delta, M)), T(exact), 2e-3);
}

void TestFormulas::youngInterval_data()
{
    QTest::addColumn<double>("delta");
    QTest::addColumn<double>("M");
    QTest::addColumn<double>("expected");
    // risk-foundations.md §5.2 worked example, M = 185 min = 3.08333 h:
    // δ = 6 s = 1/600 h → √(2·(1/600)·3.08333) = √0.0102778 = 0.101380 h = 6.08 min ("6 min").
    QTest::newRow("async_6s") << 1.0 / 600 << 185.0 / 60 << 6.08276253029822 / 60;
    // δ = 1 min → √(2·(1/60)·3.08333) = √0.102778 = 0.320590 h = 19.24 min ("19 min").
    QTest::newRow("sync_1min") << 1.0 / 60 << 185.0 / 60 << 19.235384061671347 / 60;
    // δ = 0: checkpoints are free, the optimum interval is 0.
    QTest::newRow("free_checkpoints") << 0.0 << 10.0 << 0.0;
}

void TestFormulas::youngInterval()
{
    QFETCH(double, delta);
    QFETCH(double, M);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::youngInterval(delta, M), expected, 1e-9);
}

void TestFormulas::dalyInterval_data()
{
    QTest::addColumn<double>("delta");
    QTest::addColumn<double>("M");
    QTest::addColumn<double>("expected");
    // δ = 6 s, M = 185 min: r = δ/2M = (1/600)/(2·3.08333) = 2.7027e-4, √r = 0.016440;
    // 0.101380·(1 + 0.005480 + 0.0000300) − 0.0016667 = 0.1002702 h = 6.016 min (< Young 6.08).
    QTest::newRow("async_6s") << 1.0 / 600 << 185.0 / 60 << 6.016278529173003 / 60;
    // δ = 1 min: r = 2.7027e-3, √r = 0.051988; 0.320590·(1 + 0.017329 + 0.000300) − 0.016667
    // = 0.309575 h = 18.57 min (< Young 19.24).
    QTest::newRow("sync_1min") << 1.0 / 60 << 185.0 / 60 << 18.57449378661479 / 60;
    // δ ≥ 2M: τ* = M.
    QTest::newRow("delta_2M") << 20.0 << 10.0 << 10.0;
    QTest::newRow("delta_5M") << 50.0 << 10.0 << 10.0;
}

void TestFormulas::dalyInterval()
{
    QFETCH(double, delta);
    QFETCH(double, M);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::dalyInterval(delta, M), expected, 1e-6);
    // For small δ/M Daly's optimum sits just below Young's: √(2δM)·(√r/3 + r/9) < δ = 2Mr.
    if (delta < 0.1 * M)
        QVERIFY(formula::dalyInterval(delta, M) < formula::youngInterval(delta, M));
}

void TestFormulas::probLossOver_data()
{
    QTest::addColumn<double>("thr");
    QTest::addColumn<double>("tau");
    QTest::addColumn<double>("R");
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("expected");
    // Lost work U(0, τ) + R: threshold 2 h, τ 1 h, R 10 min → the most lost is 1.1667 h < 2 → 0.
    QTest::newRow("never") << 2.0 << 1.0 << 10.0 / 60 << 0.0 << 0.0;
    // Threshold 0.5, τ 1, R 0: P(U > 0.5) = 1 − 0.5/1 = 0.5.
    QTest::newRow("half") << 0.5 << 1.0 << 0.0 << 0.0 << 0.5;
    // Threshold 0.5, τ 1, R 0.25: P(U > 0.25) = 0.75.
    QTest::newRow("with_restart") << 0.5 << 1.0 << 0.25 << 0.0 << 0.75;
    // Restart alone exceeds the threshold: certain.
    QTest::newRow("restart_exceeds") << 0.1 << 1.0 << 0.25 << 0.0 << 1.0;
    // Corruption c = 0.5 with threshold 1.5, τ 1, R 0: fresh checkpoint P(U > 1.5) = 0;
    // unusable one P(U + 1 > 1.5) = 0.5; total 0.5·0 + 0.5·0.5 = 0.25.
    QTest::newRow("corruption") << 1.5 << 1.0 << 0.0 << 0.5 << 0.25;
    // τ = 0 (checkpoint every step): lost work is R alone, a step function of the threshold.
    QTest::newRow("tau0_below") << 0.5 << 0.0 << 0.25 << 0.0 << 0.0;
    QTest::newRow("tau0_above") << 0.2 << 0.0 << 0.25 << 0.0 << 1.0;
    // Threshold 0: any failure loses more than nothing (U > 0 almost surely).
    QTest::newRow("zero_threshold") << 0.0 << 1.0 << 0.0 << 0.0 << 1.0;
}

void TestFormulas::probLossOver()
{
    QFETCH(double, thr);
    QFETCH(double, tau);
    QFETCH(double, R);
    QFETCH(double, c);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::probLossOver(thr, tau, R, c), expected, 1e-12);
}

void TestFormulas::decodeStep_data()
{
    QTest::addColumn<double>("w");
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("kv");
    QTest::addColumn<double>("bw");
    QTest::addColumn<double>("fpt");
    QTest::addColumn<double>("flops");
    QTest::addColumn<double>("expected");
    // Memory-bound, batch 1: 16 GB weights over 2 TB/s = 8 ms; compute 16 GFLOP / 500 TFLOP/s
    // = 32 µs → 8 ms.
    QTest::newRow("memory_bound") << 16e9 << 1.0 << 0.0 << 2e12 << 16e9 << 5e14 << 0.008;
    // Memory-bound with KV: (16e9 + 64·1e8)/2e12 = 22.4e9/2e12 = 11.2 ms; compute 64·16e9/5e14
    // = 2.05 ms → 11.2 ms.
    QTest::newRow("memory_kv") << 16e9 << 64.0 << 1e8 << 2e12 << 16e9 << 5e14 << 0.0112;
    // Compute-bound, batch 1000: memory 8 ms; compute 1000·16e9/5e14 = 32 ms → 32 ms.
    QTest::newRow("compute_bound") << 16e9 << 1000.0 << 0.0 << 2e12 << 16e9 << 5e14 << 0.032;
}

void TestFormulas::decodeStep()
{
    QFETCH(double, w);
    QFETCH(double, n);
    QFETCH(double, kv);
    QFETCH(double, bw);
    QFETCH(double, fpt);
    QFETCH(double, flops);
    QFETCH(double, expected);
    QCOMPARE_REL(decodeStepSeconds(w, n, kv, bw, fpt, flops), expected, 1e-12);
}

void TestFormulas::expertsTouched_data()
{
    QTest::addColumn<double>("n");
    QTest::addColumn<double>("k");
    QTest::addColumn<double>("E");
    QTest::addColumn<double>("expected");
    // One token, top-4 of 128 (GPT-OSS-120B): 1 − (1 − 4/128)¹ = 4/128 = 0.03125.
    QTest::newRow("one_token") << 1.0 << 4.0 << 128.0 << 0.03125;
    // 64 tokens, top-8 of 128 (Qwen3-30B-A3B): 1 − (15/16)^64 = 1 − 0.016075 = 0.983925.
    QTest::newRow("batch64") << 64.0 << 8.0 << 128.0 << 0.9839246036490473;
    // Dense model (E = 0): all weights read.
    QTest::newRow("dense") << 64.0 << 0.0 << 0.0 << 1.0;
    // top-k = E: every expert every token.
    QTest::newRow("all_experts") << 1.0 << 8.0 << 8.0 << 1.0;
    // n < 1 is treated as one token, never as "no expert".
    QTest::newRow("n_zero") << 0.0 << 2.0 << 8.0 << 0.25;
}

void TestFormulas::expertsTouched()
{
    QFETCH(double, n);
    QFETCH(double, k);
    QFETCH(double, E);
    QFETCH(double, expected);
    QCOMPARE_REL(formula::expertsTouched(n, k, E), expected, 1e-12);
}

void TestFormulas::riskImpactLevels()
{
    using costlab::Risk;
    using costlab::RiskKind;
    const auto& div = costlab::riskInfo(RiskKind::Divergence);
    const auto& oom = costlab::riskInfo(RiskKind::Oom);
    const auto& budget = costlab::riskInfo(RiskKind::Budget);
    // Booked risks by expected cost / total: Llama 3 8B's 59 % divergence chance costs
    // $1,000 of $1.25 M (0.08 %) → low; $12,500 (1 %) → elevated; $62,500 (5 %) → high.
    QCOMPARE(costlab::riskImpactLevel(div, Risk{0.59, 1000}, 1.25e6), 0);
    QCOMPARE(costlab::riskImpactLevel(div, Risk{0.59, 12500}, 1.25e6), 1);
    QCOMPARE(costlab::riskImpactLevel(div, Risk{0.59, 62500}, 1.25e6), 2);
    QCOMPARE(costlab::riskImpactLevel(div, Risk{0.59, 1000}, 0), 0); // no total: no share
    // OOM and budget by probability: 4.9 % low, 5 % elevated, 20 % high, whatever the cost.
    QCOMPARE(costlab::riskImpactLevel(oom, Risk{0.049, 0}, 1e6), 0);
    QCOMPARE(costlab::riskImpactLevel(oom, Risk{0.05, 0}, 1e6), 1);
    QCOMPARE(costlab::riskImpactLevel(budget, Risk{0.20, 1}, 1e6), 2);
    QCOMPARE(costlab::riskImpactLevel(oom, Risk{std::nan(""), 0}, 1e6), 0);
    // A run-killing risk booked in the total (unrecoverable divergence) takes the higher of
    // its share level and its probability level: 10 % at 0.5 % of the plan is elevated.
    const auto& lost = costlab::riskInfo(RiskKind::Unrecoverable);
    QVERIFY(lost.run_killing && lost.in_total);
    QCOMPARE(costlab::riskImpactLevel(lost, Risk{0.10, 5000}, 1e6), 1);
    QCOMPARE(costlab::riskImpactLevel(lost, Risk{0.01, 60000}, 1e6), 2); // 6 % of the plan
    QCOMPARE(costlab::riskImpactLevel(lost, Risk{0.01, 5000}, 1e6), 0);
}

void TestFormulas::meanOnsetBefore()
{
    // E[t | t < T] for a constant hazard with P(t < T) = p: T·(1/x − (1 − p)/p), x = −ln(1 − p).
    // p = ½: x = ln 2, 1/ln 2 − 1 = 0.442695 (hand calculation).
    QCOMPARE_REL(formula::meanOnsetBefore(0.5, 100.0), 44.2695041, 1e-8);
    // p = 0.9: x = ln 10 = 2.3025851, 1/x − 0.1/0.9 = 0.4342945 − 0.1111111 = 0.3231834.
    QCOMPARE_REL(formula::meanOnsetBefore(0.9, 10.0), 3.2318337, 1e-7);
    // A rare event is as likely anywhere: T/2 (limit p → 0; 1e-6 within 1e-6 of it).
    QCOMPARE_REL(formula::meanOnsetBefore(1e-6, 80.0), 40.0, 1e-6);
    QCOMPARE(formula::meanOnsetBefore(0.0, 80.0), 40.0);
    // A certain event happens at once; no horizon, no time.
    QCOMPARE(formula::meanOnsetBefore(1.0, 80.0), 0.0);
    QCOMPARE(formula::meanOnsetBefore(0.5, 0.0), 0.0);
    // Earlier as p grows (the hazard front-loads the onset).
    QVERIFY(formula::meanOnsetBefore(0.3, 1.0) > formula::meanOnsetBefore(0.6, 1.0));
}

void TestFormulas::mismatchFailProbability()
{
    // Logistic in ln η (risk-foundations.md §3.3): ½ at η50; 1/(1 + 8^2.5) = 1/182.019 at
    // η = η50/8 with slope 2.5; 1/(1 + 0.5^2.5) = 1/1.1767767 = 0.849779 at 2·η50.
    QCOMPARE_REL(formula::mismatchFailProbability(64, 64, 2.5), 0.5, 1e-12);
    QCOMPARE_REL(formula::mismatchFailProbability(8, 64, 2.5), 1 / 182.019336, 1e-8);
    QCOMPARE_REL(formula::mismatchFailProbability(128, 64, 2.5), 0.849779, 1e-6);
    QCOMPARE(formula::mismatchFailProbability(0, 64, 2.5), 0.0);
    QCOMPARE(formula::mismatchFailProbability(std::nan(""), 64, 2.5), 0.0);
}

QTEST_GUILESS_MAIN(TestFormulas)
#include "tst_formulas.moc"
