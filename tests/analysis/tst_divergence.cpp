// Divergence split into rollbacks and an unrecoverable branch (issue 14): the RL mismatch
// η = generated tokens × token KL and its logistic run-loss probability, the extra iterations
// a quantized rollout costs, the first-of-kind prior of pre-training, the quantization
// trade-off of the Route B and GRPO examples, and the Monte Carlo sampling of lost runs.
// Hand calculations in the comments; priors from risk-foundations.md §3.3 and §4.3 as
// registered in model/engine/registry.cpp.
#include "engine.h"
#include "formulas.h"
#include "modelarch.h"
#include "montecarlo.h"
#include "registry.h"
#include "scenario_json.h"
#include "testutil.h"

#include <QTest>

#include <array>
#include <cmath>

using namespace costlab;
using test::example;

namespace {

/// Single-turn GRPO on Qwen2.5-7B: 4,000 response tokens, 2,000 iterations, synchronous.
Scenario grpo(Quantization q, bool tis, const char* preset = "qwen2.5-7b")
{
    const std::array kinds{PhaseKind::RlPosttrain};
    Scenario s = defaultScenario(kinds);
    Phase& p = s.phases[0];
    p.model = findPreset(preset)->arch;
    p.accelerator = "h100-sxm-80gb";
    RlInputs& in = p.rl;
    in.turns = 1;
    in.response_tokens = 4000;
    in.max_response_tokens = 16384;
    in.iterations = 2000;
    in.pipeline = Pipeline::Synchronous;
    in.rollout_quant = q;
    in.is_correction = tis;
    return s;
}

double workHours(const PhaseEstimate& pe)
{
    return pe.ideal_gpu_hours / pe.gpus;
}

} // namespace

class TestDivergence : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void rlRunLossFromMismatch();
    void tisShrinksTheMismatch();
    void moeTriplesTheMismatch();
    void pretrainFirstOfKindPrior();
    void quantizationTradeoffInExamples();
    void monteCarloSamplesLostRuns();

private:
    Catalog m_cat;
};

void TestDivergence::initTestCase()
{
    m_cat = test::defaultCatalog();
    QVERIFY(!m_cat.accelerators.empty());
}

void TestDivergence::rlRunLossFromMismatch()
{
    // FP8 rollout without TIS on a dense model: KL = 1e-3 × 8 = 8e-3, η = 4,000 × 8e-3 = 32.
    // Reference run (1,000 iterations): p = 1/(1 + (64/32)^2.5) = 1/(1 + 5.656854) = 0.150221.
    // 2,000 iterations: 1 − (1 − 0.150221)² = 0.277876.
    const Scenario s = grpo(Quantization::FP8, false);
    const Estimate e = evaluate(s, m_cat);
    QVERIFY(e.ok);
    const PhaseEstimate& pe = e.phases[0];
    QCOMPARE_REL(pe.rl.mismatch_eta, 32.0, 1e-12);
    const double pRef = 1 / (1 + std::pow(2.0, 2.5));
    const double pRun = 1 - (1 - pRef) * (1 - pRef);
    QCOMPARE_REL(pe.unrecoverable.probability, 0.277876, 1e-5);
    QCOMPARE_REL(pe.unrecoverable.probability, pRun, 1e-12);
    // Extra iterations: mismatch_slowdown 0.05 × (8 − 1) = 35 % of the failure-free hours,
    // on the whole pool.
    QCOMPARE_REL(pe.rl.mismatch_extra, 0.35, 1e-12);
    const double work = workHours(pe);
    QCOMPARE_REL(pe.pool_gpu_hours[size_t(Category::HiddenMismatch)], 0.35 * work * pe.gpus, 1e-12);
    QCOMPARE_REL(pe.cost[size_t(Category::HiddenMismatch)], 0.35 * work * pe.gpus * pe.gpu_price,
                 1e-12);
    // Lost work: p × E[onset | before the end] over work × 1.35 hours, × the pool's rate;
    // E = T·(1/x − (1 − p)/p) with x = −ln(1 − p) (x = 0.325558 → 0.472918·T).
    const double T = 1.35 * work;
    const double x = -std::log(1 - pRun);
    QCOMPARE_REL(x, 0.3255582, 1e-6);
    const double onset = T * (1 / x - (1 - pRun) / pRun);
    QCOMPARE_REL(onset / T, 0.4729180, 1e-6);
    QCOMPARE_REL(pe.unrecoverable.expected_cost, pRun * onset * pe.gpus * pe.gpu_price, 1e-12);
    // Booked in the total under divergence and collapse, with the rollbacks.
    QCOMPARE_REL(pe.cost[size_t(Category::HiddenDivergence)],
                 pe.convergence.expected_cost + pe.unrecoverable.expected_cost, 1e-12);
    // A BF16 rollout carries neither the slowdown nor more than the baseline:
    // η = 4,000 × 1e-3 = 4, p_ref = 1/(1 + 16^2.5) = 1/1025, two reference runs.
    const PhaseEstimate bf = evaluate(grpo(Quantization::BF16, false), m_cat).phases[0];
    QCOMPARE(bf.rl.mismatch_extra, 0.0);
    QCOMPARE(bf.cost[size_t(Category::HiddenMismatch)], 0.0);
    QCOMPARE_REL(bf.unrecoverable.probability, 1 - std::pow(1 - 1.0 / 1025, 2), 1e-12);
}

void TestDivergence::tisShrinksTheMismatch()
{
    // With TIS only tis_residual 0.05 of the quantization multiplier is left: INT4's 20
    // becomes 1 + 19 × 0.05 = 1.95, η = 4,000 × 1.95e-3 = 7.8, extra 0.05 × 0.95 = 4.75 %.
    const PhaseEstimate pe = evaluate(grpo(Quantization::INT4, true), m_cat).phases[0];
    QCOMPARE_REL(pe.rl.mismatch_eta, 7.8, 1e-12);
    QCOMPARE_REL(pe.rl.mismatch_extra, 0.0475, 1e-12);
    const double pRef = 1 / (1 + std::pow(64 / 7.8, 2.5));
    QCOMPARE_REL(pe.unrecoverable.probability, 1 - std::pow(1 - pRef, 2), 1e-12);
}

void TestDivergence::moeTriplesTheMismatch()
{
    // MoE sampler–trainer KL is ×3 the dense one (risk-foundations.md §3.3 priors):
    // BF16 on Qwen3-30B-A3B, η = 4,000 × 3e-3 = 12.
    const PhaseEstimate pe =
        evaluate(grpo(Quantization::BF16, true, "qwen3-30b-a3b"), m_cat).phases[0];
    QCOMPARE_REL(pe.rl.mismatch_eta, 12.0, 1e-12);
}

void TestDivergence::pretrainFirstOfKindPrior()
{
    // Llama 2 70B: P = paramCounts().total; a first-of-kind run carries 0.1 × (P/1e11)²
    // (risk-foundations.md §4.3: 0.05–0.2 per >100B first-of-kind run, scaled below 100B).
    Scenario s = example("llama2-70b-pretrain-a100");
    Phase& p = s.phases[0];
    p.pretrain.first_of_kind = false;
    const PhaseEstimate proven = evaluate(s, m_cat).phases[0];
    QCOMPARE(proven.unrecoverable.probability, 0.0); // a proven recipe: none
    QCOMPARE(proven.unrecoverable.expected_cost, 0.0);
    const double provenTotal = evaluate(s, m_cat).total;
    p.pretrain.first_of_kind = true;
    const Estimate e = evaluate(s, m_cat);
    const PhaseEstimate& pe = e.phases[0];
    const double P = paramCounts(p.model).total;
    QVERIFY(P > 6.8e10 && P < 7.0e10);
    const double prob = 0.1 * (P / 1e11) * (P / 1e11);
    QCOMPARE_REL(pe.unrecoverable.probability, prob, 1e-12);
    const double work = workHours(pe);
    QCOMPARE_REL(pe.unrecoverable.expected_cost,
                 prob * formula::meanOnsetBefore(prob, work) * pe.gpus * pe.gpu_price, 1e-12);
    // ≈ p·W/2 for a small p (about 2.4 % of the run's GPU cost).
    QCOMPARE_REL(pe.unrecoverable.expected_cost, prob * work / 2 * pe.gpus * pe.gpu_price, 0.02);
    // The total grows by exactly the booked expected loss.
    QCOMPARE_REL(e.total - provenTotal, pe.unrecoverable.expected_cost, 1e-9);
    // ≥ 100B: the full prior.
    p.model = findPreset("llama-3.1-405b")->arch;
    QCOMPARE_REL(evaluate(s, m_cat).phases[0].unrecoverable.probability, 0.1, 1e-12);
}

void TestDivergence::quantizationTradeoffInExamples()
{
    // The article's warning (§5: over-compressed rollout precision distorts the RL signal,
    // the model fails to converge, more time is wasted) visible in expected cost:
    for (const char* name : {"route-b-small-base-heavy-rl", "grpo-7b-math"}) {
        const Scenario base = example(name);
        int rl = -1;
        for (size_t i = 0; i < base.phases.size(); ++i)
            if (base.phases[i].kind == PhaseKind::RlPosttrain)
                rl = int(i);
        QVERIFY(rl >= 0);
        auto run = [&](Quantization q, bool tis) {
            Scenario s = base;
            s.phases[size_t(rl)].rl.rollout_quant = q;
            s.phases[size_t(rl)].rl.is_correction = tis;
            return evaluate(s, m_cat);
        };
        const std::array qs{Quantization::BF16, Quantization::FP8, Quantization::INT8,
                            Quantization::INT4};
        // Without importance-sampling correction every quantized rollout costs more than BF16
        // (FlashRL: "significant performance drop" without TIS).
        const double bf16 = run(Quantization::BF16, false).total;
        for (size_t k = 1; k < qs.size(); ++k)
            QVERIFY2(run(qs[k], false).total > bf16, name);
        // With TIS the hidden price of quantization (rollbacks, lost runs, extra iterations)
        // and the chance of losing the run rise with every step of compression.
        double hidden = -1, lost = -1;
        for (Quantization q : qs) {
            const Estimate e = run(q, true);
            const PhaseEstimate& pe = e.phases[size_t(rl)];
            const double h = pe.cost[size_t(Category::HiddenDivergence)] +
                             pe.cost[size_t(Category::HiddenMismatch)];
            QVERIFY2(h > hidden && pe.unrecoverable.probability > lost, name);
            hidden = h;
            lost = pe.unrecoverable.probability;
        }
        // FP8 with TIS stays cheaper than BF16 (FP8-RL: matches BF16 learning, 1.44× rollout).
        QVERIFY2(run(Quantization::FP8, true).total < run(Quantization::BF16, true).total, name);
    }
    // Route B's 8,000 iterations of 12 turns: INT4 buys under 1 % over FP8 and more than
    // doubles the chance of losing the run.
    const Scenario rb = example("route-b-small-base-heavy-rl");
    auto at = [&](Quantization q) {
        Scenario s = rb;
        for (Phase& p : s.phases)
            p.rl.rollout_quant = q;
        return evaluate(s, m_cat);
    };
    const Estimate fp8 = at(Quantization::FP8), int4 = at(Quantization::INT4);
    QVERIFY(std::abs(int4.total - fp8.total) < 0.01 * fp8.total);
    QVERIFY(int4.unrecoverable.probability > 2 * fp8.unrecoverable.probability);
}

void TestDivergence::monteCarloSamplesLostRuns()
{
    // FP8 without TIS on the GRPO case: the engine's P(run lost) (0.278, above) and expected
    // lost work are what the runs sample. 100,000 runs: the share's standard error is
    // √(p(1 − p)/1e5) ≈ 0.0014; 4 σ allowed.
    const Scenario s = grpo(Quantization::FP8, false);
    const Estimate e = evaluate(s, m_cat);
    const double p = e.unrecoverable.probability;
    QVERIFY2(p > 0.2 && p < 0.8, qPrintable(QString::number(p)));
    MonteCarloOptions o;
    o.runs = 100000;
    o.epistemic = o.capacity = false;
    const MonteCarloResult r = monteCarlo(s, m_cat, o);
    QVERIFY(r.error.empty());
    QVERIFY2(std::abs(r.p_run_lost - p) < 4 * std::sqrt(p * (1 - p) / o.runs),
             qPrintable(QString("%1 vs %2").arg(r.p_run_lost).arg(p)));
    // Mean cost: the point estimate (Daly failures, rollbacks and lost work are sampled around
    // their expected values) within 1 %.
    QCOMPARE_REL(r.cost.mean, e.total, 0.01);
    // Not sampling divergence keeps the expected figures: the lost work is then not a spread.
    o.divergence = false;
    o.runs = 2000;
    const MonteCarloResult flat = monteCarlo(s, m_cat, o);
    QCOMPARE(flat.p_run_lost, 0.0);
    QVERIFY(flat.cost.p90 - flat.cost.p10 < r.cost.p90 - r.cost.p10);
    // The event log of run 0 places the lost run on the timeline: its onset is the work lost.
    // Run 0 loses its run with probability p ≈ 0.28 for each seed; of 40 seeds, P(none) ≈ 2e-6.
    o.divergence = true;
    o.event_log = true;
    o.runs = 1;
    int logged = 0;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        o.seed = seed;
        for (const MonteCarloEvent& ev : monteCarlo(s, m_cat, o).events)
            if (ev.kind == MonteCarloEvent::Kind::RunLost) {
                ++logged;
                QCOMPARE(ev.lost_h, ev.at_h);
                QVERIFY(ev.at_h > 0 && ev.at_h < workHours(e.phases[0]) * 1.4);
            }
    }
    QVERIFY(logged > 0);
}

QTEST_GUILESS_MAIN(TestDivergence)
#include "tst_divergence.moc"
