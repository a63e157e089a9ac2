// Phases sized by a target (issue 46, item 4): the engine sets tokens or iterations from the
// law, refuses a target no training reaches, and the Monte Carlo samples the law's
// uncertainty. Expected values are hand calculations from the published constants.
#include "compare.h"
#include "engine.h"
#include "montecarlo.h"
#include "registry.h"
#include "scaling.h"
#include "sweep.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace costlab;
using namespace costlab::test;

class TestTarget : public QObject {
    Q_OBJECT
private slots:
    void lossTargetSetsTheTokens();
    void lossTargetBelowTheFloorIsRefused();
    void scoreTargetInIterations();
    void scoreTargetInPolicySteps();
    void customCurveOfThisSetupUsesItsOwnStep();
    void scoreAboveTheAsymptoteIsRefused();
    void lawUncertaintyWidensTheMonteCarlo();
    void targetSurvivesTheRegistry();
    void viewsShowThePricedCount();
    void customLawOutsideItsRunsIsFlagged();
};

namespace {

Scenario llama8b()
{
    Scenario s = example("llama3-8b-pretrain-h100");
    for (Phase& p : s.phases)
        if (p.kind == PhaseKind::Pretrain)
            return s;
    qFatal("example without a pre-training phase");
}

Phase& firstOf(Scenario& s, PhaseKind k)
{
    for (Phase& p : s.phases)
        if (p.kind == k)
            return p;
    qFatal("no phase of that kind");
}

int indexOf(const Scenario& s, PhaseKind k)
{
    for (std::size_t i = 0; i < s.phases.size(); ++i)
        if (s.phases[i].kind == k)
            return int(i);
    return -1;
}

} // namespace

void TestTarget::lossTargetSetsTheTokens()
{
    // Llama 3 8B (8.03e9 parameters with embeddings, Table 3 shape) to loss 2.1 under the
    // Besiroglu refit: floor = 1.8172 + 482.01/8.03e9^0.3478 = 1.8172 + 0.17306 = 1.99026;
    // D = (2085.43/(2.1 − 1.99026))^(1/0.3658) = 19003^2.7337 = 4.98e11 tokens.
    Scenario s = llama8b();
    Phase& p = firstOf(s, PhaseKind::Pretrain);
    p.pretrain.target_loss = 2.1;
    p.pretrain.loss_law = 0; // besiroglu2024, the first preset
    const Catalog cat = defaultCatalog();
    const Estimate e = evaluate(s, cat);
    const PhaseEstimate& pe = e.phases.at(std::size_t(indexOf(s, PhaseKind::Pretrain)));
    QVERIFY(e.ok);
    QCOMPARE(pe.target.kind, TargetFigures::Kind::Loss);
    QVERIFY2(relClose(pe.target.limit, 1.99026, 1e-4),
             relMessage("limit", pe.target.limit, "hand", 1.99026, 1e-4));
    QVERIFY2(relClose(pe.tokens, 4.98e11, 0.01),
             relMessage("tokens", pe.tokens, "hand", 4.98e11, 0.01));
    QCOMPARE(pe.target.amount, pe.tokens);
    // The sized plan is the plan with that count: same total as entering the tokens by hand.
    Scenario counted = llama8b();
    firstOf(counted, PhaseKind::Pretrain).pretrain.tokens = pe.target.amount;
    QVERIFY2(relClose(evaluate(counted, cat).total, e.total, 1e-12), "sized != counted");
    // Uncertainty from the published standard error of E (0.026): σ = 0.026/(0.3658·0.10974)
    // = 0.6477 in ln D.
    QVERIFY2(relClose(pe.target.sigma, 0.6477, 0.01),
             relMessage("sigma", pe.target.sigma, "hand", 0.6477, 0.01));
    // 4.98e11 tokens at 8B is inside Chinchilla's fitted runs (≤ 16B, ≤ 5e11 tokens).
    QVERIFY(!pe.target.outside_fit);
}

void TestTarget::lossTargetBelowTheFloorIsRefused()
{
    Scenario s = llama8b();
    firstOf(s, PhaseKind::Pretrain).pretrain.target_loss = 1.95; // floor 1.990 (above)
    const Estimate e = evaluate(s, defaultCatalog());
    const PhaseEstimate& pe = e.phases.at(std::size_t(indexOf(s, PhaseKind::Pretrain)));
    QVERIFY(!e.ok);
    QCOMPARE(pe.layout.problem, LayoutProblem::TargetBelowFloor);
    QCOMPARE(pe.layout.product, 1.95);
    QVERIFY(relClose(pe.layout.gpus, 1.99026, 1e-4));
    QCOMPARE(pe.total, 0.0); // not priced
}

void TestTarget::scoreTargetInIterations()
{
    // A custom curve in iterations: R0 0.1, A 0.6, B 1.5, C_mid 2000 iterations; target 0.5
    // needs 2000·0.25^(−1/1.5) = 5039.68 → 5,040 iterations.
    Scenario s = example("grpo-7b-math");
    Phase& p = firstOf(s, PhaseKind::RlPosttrain);
    p.rl.target_score = 0.5;
    p.rl.rl_curve = double(rlCurves().size()); // custom
    p.rl.curve = {.A = 0.6, .B = 1.5, .C_mid = 2000, .R0 = 0.1};
    p.rl.curve_unit = RlComputeUnit::Iterations;
    const Estimate e = evaluate(s, defaultCatalog());
    const PhaseEstimate& pe = e.phases.at(std::size_t(indexOf(s, PhaseKind::RlPosttrain)));
    QVERIFY(e.ok);
    QCOMPARE(pe.steps, 5040.0);
    QCOMPARE(pe.target.amount, 5040.0);
    QVERIFY(relClose(pe.target.needed, 5039.68, 1e-5));
}

void TestTarget::scoreTargetInPolicySteps()
{
    // ScaleRL 8B from R0 0.2 to 0.5 needs 4,286.6 GB200-hours (tst_scaling), which the paper's
    // run took 7,400 steps per 100,000 GPU-hours to spend (Fig. 1): 4286.6·0.074 = 317.2 policy
    // steps, so 318 iterations, on whatever GPUs the plan uses. The phase's GPU-hours are then
    // those iterations at its own cost: a layout that runs an iteration faster needs the same
    // iterations and fewer GPU-hours (review finding H2: a conversion by peak FLOP/s made them
    // independent of the layout).
    Scenario s = example("grpo-7b-math");
    const Catalog cat = defaultCatalog();
    const int i = indexOf(s, PhaseKind::RlPosttrain);
    Phase& p = s.phases[std::size_t(i)];
    p.rl.target_score = 0.5;
    p.rl.rl_curve = 0; // scalerl-8b
    p.rl.curve.R0 = 0.2;
    const Estimate e = evaluate(s, cat);
    const PhaseEstimate& pe = e.phases.at(std::size_t(i));
    QVERIFY(e.ok);
    QCOMPARE(pe.steps, 318.0);
    QVERIFY(relClose(pe.target.step_gpu_hours, 100000.0 / 7400.0, 1e-12));
    QVERIFY(pe.target.sigma > 0); // ±0.02 on A, Khatri et al. A.5

    // The same colocated plan on twice the GPUs: faster iterations, the same 318 of them.
    Scenario faster = s;
    Phase& q = faster.phases[std::size_t(i)];
    q.rl.trainer_gpus *= 2;
    const Estimate f = evaluate(faster, cat);
    const PhaseEstimate& fe = f.phases.at(std::size_t(i));
    QCOMPARE(fe.steps, 318.0);
    QVERIFY2(fe.rl.iteration_s < pe.rl.iteration_s,
             qPrintable(QString("%1 s vs %2 s").arg(fe.rl.iteration_s).arg(pe.rl.iteration_s)));
}

void TestTarget::customCurveOfThisSetupUsesItsOwnStep()
{
    // A custom GPU-hour curve whose runs were small versions of this plan (no step cost given):
    // C_mid 2,000 GPU-hours, A 0.6, B 1.5, R0 0.1, target 0.5 → 2000·0.25^(−1/1.5) = 5039.68
    // GPU-hours of this very setup, so the phase must spend that much GPU time in its working
    // iterations: at least 5039.68 and less than one iteration more. With a step cost of 4
    // GPU-hours given, it is 5039.68/4 = 1259.9 → 1,260 iterations.
    Scenario s = example("grpo-7b-math");
    const Catalog cat = defaultCatalog();
    const int i = indexOf(s, PhaseKind::RlPosttrain);
    Phase& p = s.phases[std::size_t(i)];
    p.rl.target_score = 0.5;
    p.rl.rl_curve = double(rlCurves().size()); // custom
    p.rl.curve = {.A = 0.6, .B = 1.5, .C_mid = 2000, .R0 = 0.1};
    p.rl.curve_unit = RlComputeUnit::GpuHours;
    const Estimate e = evaluate(s, cat);
    const PhaseEstimate& pe = e.phases.at(std::size_t(i));
    QVERIFY(pe.target.step_is_plan);
    const double perIteration = pe.gpus * pe.rl.iteration_s / 3600.0;
    const double spent = pe.steps * perIteration;
    QVERIFY2(spent >= 5039.68 - 0.01 && spent < 5039.68 + perIteration,
             qPrintable(QString("%1 GPU-h in %2 iterations").arg(spent).arg(pe.steps)));
    p.rl.curve_step_gpu_hours = 4;
    const Estimate given = evaluate(s, cat);
    QCOMPARE(given.phases.at(std::size_t(i)).steps, 1260.0);
    QVERIFY(!given.phases.at(std::size_t(i)).target.step_is_plan);
    // A target at or below the start score needs no training: one iteration, not the count
    // typed before the target (review: 0 iterations left the typed count priced).
    p.rl.target_score = 0.1;
    const Estimate none = evaluate(s, cat);
    QCOMPARE(none.phases.at(std::size_t(i)).steps, 1.0);
    QCOMPARE(none.phases.at(std::size_t(i)).target.amount, 1.0);
}

void TestTarget::scoreAboveTheAsymptoteIsRefused()
{
    Scenario s = example("grpo-7b-math");
    Phase& p = firstOf(s, PhaseKind::RlPosttrain);
    p.rl.target_score = 0.65; // ScaleRL 8B's A is 0.61
    p.rl.rl_curve = 0;
    const Estimate e = evaluate(s, defaultCatalog());
    const PhaseEstimate& pe = e.phases.at(std::size_t(indexOf(s, PhaseKind::RlPosttrain)));
    QVERIFY(!e.ok);
    QCOMPARE(pe.layout.problem, LayoutProblem::TargetAboveAsymptote);
    QCOMPARE(pe.layout.gpus, 0.61);
}

void TestTarget::lawUncertaintyWidensTheMonteCarlo()
{
    // The same sized plan with and without the law's σ: the median barely moves (median-1
    // factor), P90 rises. With σ_E = 0.026 the tokens carry σ = 0.648 in ln D, so the
    // pre-training work's own P90 factor is e^(1.2816·0.648) = 2.29: the plan's P90 cost must
    // rise by well over a third.
    Scenario s = llama8b();
    Phase& p = firstOf(s, PhaseKind::Pretrain);
    p.pretrain.target_loss = 2.1;
    p.pretrain.loss_law = double(lossLaws().size()); // custom = the Besiroglu values
    p.pretrain.law_sigma = 0;
    const Catalog cat = defaultCatalog();
    const MonteCarloOptions o{.runs = 2000, .seed = 3};
    const MonteCarloResult flat = monteCarlo(s, cat, o);
    p.pretrain.law_sigma = 0.026; // σ_E: σ(ln D) = 0.026/(0.3658·0.10974) = 0.648
    const MonteCarloResult wide = monteCarlo(s, cat, o);
    QVERIFY(flat.error.empty() && wide.error.empty());
    QVERIFY2(wide.cost.p90 > 1.35 * flat.cost.p90,
             qPrintable(QString("%1 vs %2").arg(wide.cost.p90).arg(flat.cost.p90)));
    QVERIFY2(std::abs(wide.cost.p50 / flat.cost.p50 - 1) < 0.25,
             qPrintable(QString("%1 vs %2").arg(wide.cost.p50).arg(flat.cost.p50)));
}

void TestTarget::targetSurvivesTheRegistry()
{
    // Set through ids as a file, the CLI's --set and a sweep do; read back the same.
    Scenario s = example("grpo-7b-math");
    const auto ref = findParam(s, "rl.target_score");
    QVERIFY(ref);
    QCOMPARE(QString::fromStdString(setFromString(s, *ref, "0.45")), QString());
    const auto curve = findParam(s, "rl.rl_curve");
    QVERIFY(curve);
    QCOMPARE(QString::fromStdString(setFromString(s, *curve, "scalerl-scout")), QString());
    QCOMPARE(QString::fromStdString(getString(s, *curve)), QString("scalerl-scout"));
    const auto iters = findParam(s, "rl.iterations");
    QVERIFY(iters);
    QVERIFY(!iters->def->active(s, &s.phases[std::size_t(iters->phase)])); // sized, not typed
    QCOMPARE(QString::fromStdString(setFromString(s, *ref, "1.5")).isEmpty(), false);
}

QTEST_GUILESS_MAIN(TestTarget)
void TestTarget::viewsShowThePricedCount()
{
    // Review M6: the tokens a target sets are priced, so the comparison shows them (4.98e11 at
    // 2.1 for 8B, lossTargetSetsTheTokens), not the 15T typed before the target; sweeping
    // them is refused with the reason instead of drawing a flat line.
    Scenario counted = llama8b();
    Scenario sized = counted;
    Phase& p = firstOf(sized, PhaseKind::Pretrain);
    p.pretrain.target_loss = 2.1;
    QVERIFY(setByTarget(*findDef("tokens", kPretrainBit), &p));
    QVERIFY(!setByTarget(*findDef("tokens", kPretrainBit), &firstOf(counted, PhaseKind::Pretrain)));
    const Catalog cat = defaultCatalog();
    const std::vector<const Scenario*> plans{&counted, &sized};
    const Comparison c = compare(plans, cat);
    QVERIFY(c.error.empty());
    const ParamDiffRow* tokens = nullptr;
    for (const ParamDiffRow& r : c.params)
        if (r.id == "pretrain.tokens")
            tokens = &r;
    QVERIFY(tokens);
    QVERIFY2(std::abs(std::stod(tokens->values[1]) / 4.98e11 - 1) < 0.01,
             tokens->values[1].c_str());
    const SweepResult sw = sweep(sized, cat, "pretrain.tokens", 1e12, 2e12, 5);
    QVERIFY(sw.points.empty());
    QVERIFY2(sw.error.find("set by the phase's target") != std::string::npos, sw.error.c_str());
}

void TestTarget::customLawOutsideItsRunsIsFlagged()
{
    // A custom law records the runs it was fitted on (Fit to my runs… and costlab-cli fit set
    // law_fit.*). A fit at one size, 124M parameters (GPT-2 small), says nothing about an 8B
    // model: sizing the 8B phase with it is flagged as an extrapolation, as a preset outside
    // its runs is; the same law with a range that holds 8.03B is not.
    Scenario s = llama8b();
    Phase& p = firstOf(s, PhaseKind::Pretrain);
    p.pretrain.target_loss = 2.1;
    p.pretrain.loss_law = double(lossLaws().size()); // custom = the Besiroglu values
    const Catalog cat = defaultCatalog();
    QVERIFY(!evaluate(s, cat).phases[0].target.outside_fit); // no range given: nothing to say
    p.pretrain.law_fit_n_min = p.pretrain.law_fit_n_max = 124e6;
    QVERIFY(evaluate(s, cat).phases[0].target.outside_fit);
    p.pretrain.law_fit_n_min = 1e9;
    p.pretrain.law_fit_n_max = 16e9;
    p.pretrain.law_fit_d_min = 1e10;
    p.pretrain.law_fit_d_max = 1e12; // the 498B tokens the target needs are inside
    QVERIFY(!evaluate(s, cat).phases[0].target.outside_fit);
    p.pretrain.law_fit_d_max = 2e11; // fitted up to 200B tokens only
    QVERIFY(evaluate(s, cat).phases[0].target.outside_fit);
}

#include "tst_target.moc"
