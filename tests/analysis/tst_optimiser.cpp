// The optimiser (model/analysis/optimiser.h, issue 15): on a small space its answer equals a
// brute-force enumeration (no candidate that meets the constraints is cheaper), the prunings
// lose nothing, the thread count changes nothing, every constraint holds on the answer, the
// Pareto frontier is a frontier; and, on the measured Megatron layouts, the cheapest layout
// it picks for a fixed model, GPU count, global batch and price is the measured fastest
// (top-1) or among the measured three fastest (top-3) — rates in docs/validation.md.
#include "engine.h"
#include "montecarlo.h"
#include "optimiser.h"
#include "registry.h"
#include "testutil.h"

#include <QTest>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

using namespace costlab;
using test::example;

namespace {

void set(Scenario& s, const std::string& id, const std::string& text)
{
    const auto ref = findParam(s, id);
    QVERIFY2(ref, id.c_str());
    QCOMPARE(setFromString(s, *ref, text), std::string());
}

/// A small pre-training space on Llama 3 8B: 2 GPU counts × 2 TP × 2 PP × 3 micro-batches ×
/// 3 recomputes × 2 ZeRO stages = 144 candidates.
OptimiserSpace smallSpace()
{
    OptimiserSpace sp;
    sp.gpus = {512, 1024};
    sp.tp = {1, 2};
    sp.pp = {1, 2};
    sp.vpp = {1};
    sp.zero_stage = {1, 3};
    sp.spot_share = {0};
    sp.micro_batch = {1, 2, 4};
    return sp;
}

/// A pre-training space holding only the plan's own layout, ZeRO stage, micro-batch and
/// recompute, bought reserved (the plan must buy no elastic share).
OptimiserSpace onlyThePlansLayout(const Phase& p)
{
    OptimiserSpace sp;
    [&] { QCOMPARE(p.elastic_fraction, 0.0); }();
    sp.tp = {p.pretrain.tp};
    sp.pp = {p.pretrain.pp};
    sp.vpp = {p.pretrain.vpp};
    sp.zero_stage = {p.pretrain.zero_stage};
    sp.spot_share = {0};
    sp.micro_batch = {p.pretrain.micro_batch};
    sp.recompute = {p.pretrain.recompute};
    return sp;
}

struct Brute {
    double best = 1e300;
    int feasible = 0;
};

/// Every combination of smallSpace(), evaluated without pruning.
Brute bruteForce(const Scenario& s, const Catalog& cat, const OptimiserConstraints& c)
{
    Brute b;
    for (const char* g : {"512", "1024"})
        for (const char* tp : {"1", "2"})
            for (const char* pp : {"1", "2"})
                for (const char* mb : {"1", "2", "4"})
                    for (const char* rc : {"none", "selective", "full"})
                        for (const char* z : {"1", "3"}) {
                            Scenario t = s;
                            set(t, "pretrain.gpus", g);
                            set(t, "pretrain.tp", tp);
                            set(t, "pretrain.pp", pp);
                            set(t, "pretrain.vpp", "1");
                            set(t, "pretrain.micro_batch", mb);
                            set(t, "pretrain.recompute", rc);
                            set(t, "pretrain.zero_stage", z);
                            set(t, "pretrain.elastic_fraction", "0");
                            const Estimate e = evaluate(t, cat);
                            if (!e.ok || e.oom.probability > c.max_oom ||
                                e.unrecoverable.probability > c.max_run_lost)
                                continue;
                            ++b.feasible;
                            b.best = std::min(b.best, e.total);
                        }
    return b;
}

std::vector<std::map<std::string, std::string>> readCsv(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    const auto chomp = [](std::string& l) { // the file has CRLF line ends
        if (!l.empty() && l.back() == '\r')
            l.pop_back();
    };
    std::getline(in, line);
    chomp(line);
    std::vector<std::string> header;
    {
        std::stringstream ss(line);
        std::string h;
        while (std::getline(ss, h, ','))
            header.push_back(h);
    }
    std::vector<std::map<std::string, std::string>> rows;
    while (std::getline(in, line)) {
        chomp(line);
        if (line.empty())
            continue;
        std::stringstream ss(line);
        std::string cell;
        std::map<std::string, std::string> r;
        for (const std::string& h : header) {
            std::getline(ss, cell, ',');
            r[h] = cell;
        }
        rows.push_back(r);
    }
    return rows;
}

} // namespace

class TestOptimiser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::defaultCatalog(); }
    void matchesBruteForce();
    void pruningSkipsOnlyInfeasible();
    void threadsDoNotChangeTheAnswer();
    void constraintsHoldOnTheAnswer();
    void nearestPlansWhenNoneMeetsTheLimits();
    void paretoIsAFrontier();
    void rlPlanApplies();
    void checkpointIntervalIsSearched();
    void longContextStageLayoutIsSearched();
    void cheapestLayoutIsTheMeasuredFastest();
    void unpricedAcceleratorIsNeverTheCheapest();
    void errors();
    void summaryPartsFillOnce();

private:
    Catalog m_cat;
};

void TestOptimiser::matchesBruteForce()
{
    const Scenario s = example("llama3-8b-pretrain-h100");
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    o.threads = 1;
    for (double maxOom : {0.05, 0.5, 1.0}) {
        o.constraints.max_oom = maxOom;
        const OptimiserResult r = optimise(s, m_cat, smallSpace(), o);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.candidates, std::uint64_t(144));
        const Brute b = bruteForce(s, m_cat, o.constraints);
        QCOMPARE(r.feasible, std::uint64_t(b.feasible));
        QVERIFY(r.found);
        QCOMPARE(r.best.total, b.best);
        // Its changes reproduce its figures.
        Scenario t = s;
        QVERIFY(applyChanges(t, r.best.changes).ok());
        QCOMPARE(evaluate(t, m_cat).total, r.best.total);
    }
}

void TestOptimiser::pruningSkipsOnlyInfeasible()
{
    // Llama 2 70B on A100 80 GB at 256 GPUs: many layouts run out of memory, so the memory
    // pruning fires; the answer and the feasible count still equal the brute force's.
    Scenario s = example("llama2-70b-pretrain-a100");
    OptimiserSpace sp;
    sp.gpus = {256};
    sp.tp = {1, 2, 4, 8};
    sp.pp = {1, 2, 4};
    sp.vpp = {1};
    sp.zero_stage = {1};
    sp.spot_share = {0};
    sp.micro_batch = {1, 2, 4, 8};
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.pruned > 0);
    QCOMPARE(r.evaluated + r.pruned, r.candidates);
    double best = 1e300;
    std::uint64_t feasible = 0;
    for (const char* tp : {"1", "2", "4", "8"})
        for (const char* pp : {"1", "2", "4"})
            for (const char* mb : {"1", "2", "4", "8"})
                for (const char* rc : {"none", "selective", "full"}) {
                    Scenario t = s;
                    set(t, "pretrain.gpus", "256");
                    set(t, "pretrain.tp", tp);
                    set(t, "pretrain.pp", pp);
                    set(t, "pretrain.vpp", "1");
                    set(t, "pretrain.micro_batch", mb);
                    set(t, "pretrain.recompute", rc);
                    set(t, "pretrain.zero_stage", "1");
                    set(t, "pretrain.elastic_fraction", "0");
                    const Estimate e = evaluate(t, m_cat);
                    if (e.ok && e.oom.probability <= o.constraints.max_oom &&
                        e.unrecoverable.probability <= o.constraints.max_run_lost) {
                        ++feasible;
                        best = std::min(best, e.total);
                    }
                }
    QCOMPARE(r.feasible, feasible);
    QVERIFY(r.found);
    QCOMPARE(r.best.total, best);
}

void TestOptimiser::threadsDoNotChangeTheAnswer()
{
    const Scenario s = example("route-a-bigger-pretrain");
    const OptimiserSpace sp = defaultOptimiserSpace(s, m_cat, 0);
    OptimiserOptions o;
    o.monte_carlo_top_k = 3;
    o.monte_carlo_runs = 200;
    o.threads = 1;
    const OptimiserResult one = optimise(s, m_cat, sp, o);
    o.threads = 3;
    const OptimiserResult three = optimise(s, m_cat, sp, o);
    QCOMPARE(one.evaluated, three.evaluated);
    QCOMPARE(one.feasible, three.feasible);
    QCOMPARE(one.top.size(), three.top.size());
    for (std::size_t i = 0; i < one.top.size(); ++i) {
        QCOMPARE(one.top[i].total, three.top[i].total);
        QCOMPARE(one.top[i].summary, three.top[i].summary);
        QCOMPARE(one.top[i].p90, three.top[i].p90);
    }
    QCOMPARE(one.pareto.size(), three.pareto.size());
    for (std::size_t i = 0; i < one.pareto.size(); ++i)
        QCOMPARE(one.pareto[i].summary, three.pareto[i].summary);
    QCOMPARE(one.by_gpus.size(), three.by_gpus.size());
    for (std::size_t i = 0; i < one.by_gpus.size(); ++i)
        QCOMPARE(one.by_gpus[i].summary, three.by_gpus[i].summary);
}

void TestOptimiser::constraintsHoldOnTheAnswer()
{
    // A deadline shorter than the unconstrained cheapest plan's P90 days forces a faster,
    // dearer plan; the answer's own Monte Carlo (same runs and seed) must meet it, and its
    // expected risks must be within the limits.
    const Scenario s = example("llama3-8b-pretrain-h100");
    const OptimiserSpace sp = defaultOptimiserSpace(s, m_cat, 0);
    OptimiserOptions o;
    o.monte_carlo_top_k = 10;
    o.monte_carlo_runs = 500;
    const OptimiserResult free = optimise(s, m_cat, sp, o);
    QVERIFY(free.found && free.best.scored);
    o.constraints.deadline_days = 0.8 * free.best.p90_days;
    o.constraints.max_oom = 0.01;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY(r.found);
    QVERIFY(r.best.scored);
    QVERIFY(r.best.p90_days <= o.constraints.deadline_days);
    QVERIFY(r.best.total >= free.best.total);
    Scenario t = s;
    QVERIFY(applyChanges(t, r.best.changes).ok());
    const Estimate e = evaluate(t, m_cat);
    QVERIFY(e.oom.probability <= 0.01);
    QVERIFY(e.unrecoverable.probability <= 0.05);
    MonteCarloOptions mo;
    mo.runs = 500;
    QCOMPARE(monteCarlo(t, m_cat, mo).days.p90, r.best.p90_days);
    // An impossible deadline: nothing meets it, and the result says so.
    o.constraints.deadline_days = 0.01;
    QVERIFY(!optimise(s, m_cat, sp, o).found);
}

// Issue 49: when no plan meets the limits, the result lists the nearest plans and the limit
// each breaks. A deadline 10 % under the fastest plan of the space (the Pareto frontier's
// first point, expected days, no Monte Carlo) is broken by every plan; the nearest is the
// fastest one, which breaks the deadline alone by (d − 0.9 d) / 0.9 d = 1/9 of it.
void TestOptimiser::nearestPlansWhenNoneMeetsTheLimits()
{
    const Scenario s = example("llama3-8b-pretrain-h100");
    const OptimiserSpace sp = defaultOptimiserSpace(s, m_cat, 0);
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult free = optimise(s, m_cat, sp, o);
    QVERIFY(free.found);
    QVERIFY(free.nearest.empty()); // nothing to list when a plan meets every limit
    const double fastest = free.pareto.front().days;
    o.constraints.deadline_days = 0.9 * fastest;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY(!r.found);
    QCOMPARE(int(r.nearest.size()), o.top_n);
    const OptimiserPlan& nearest = r.nearest.front();
    QCOMPARE(int(nearest.broken.size()), 1);
    QCOMPARE(nearest.broken[0].limit, OptimiserLimit::Deadline);
    QVERIFY(!nearest.broken[0].p90); // not scored: expected days
    QCOMPARE(nearest.broken[0].value, fastest);
    QCOMPARE(nearest.broken[0].bound, 0.9 * fastest);
    QVERIFY(std::abs(nearest.shortfall - 1.0 / 9.0) < 1e-9);
    for (std::size_t i = 0; i < r.nearest.size(); ++i) {
        QVERIFY(!r.nearest[i].broken.empty());
        if (i > 0)
            QVERIFY(r.nearest[i].shortfall >= r.nearest[i - 1].shortfall);
    }
}

void TestOptimiser::paretoIsAFrontier()
{
    const Scenario s = example("llama3-8b-pretrain-h100");
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult r = optimise(s, m_cat, defaultOptimiserSpace(s, m_cat, 0), o);
    QVERIFY(r.pareto.size() >= 2);
    for (std::size_t i = 1; i < r.pareto.size(); ++i) {
        // Sorted by days; each faster plan is dearer (otherwise it would dominate).
        QVERIFY(r.pareto[i].days >= r.pareto[i - 1].days);
        QVERIFY(r.pareto[i].total < r.pareto[i - 1].total);
    }
    // The cheapest point of the frontier is the best plan; the cheapest per GPU count
    // covers every GPU count of the space that has a feasible plan.
    QCOMPARE(r.pareto.back().total, r.best.total);
    QVERIFY(r.by_gpus.size() >= 3);
    // Four times the GPUs does not buy four times the speed: days × GPUs grows.
    const OptimiserPlan& few = r.by_gpus.front();
    const OptimiserPlan& many = r.by_gpus.back();
    QVERIFY(many.gpus > few.gpus);
    QVERIFY(many.days * many.gpus > few.days * few.gpus);
}

void TestOptimiser::checkpointIntervalIsSearched()
{
    // Llama 2 70B on 2,048 A100s with a fixed 12 h checkpoint interval: the Young/Daly
    // optimum √(2δM) is far shorter (M ≈ hours at this scale), so the lost work of a 12 h
    // interval dominates and the search must pick "auto". The space holds only the current
    // layout, so the checkpoint interval is the one choice; the answer must be the plan with
    // reliability.checkpoint_auto = true, priced by evaluate() to the dollar.
    Scenario s = example("llama2-70b-pretrain-a100");
    set(s, "reliability.checkpoint_auto", "false");
    set(s, "reliability.checkpoint_interval_h", "12");
    const Phase& p = s.phases[0];
    OptimiserSpace sp = onlyThePlansLayout(p);
    sp.checkpoint_interval_h = {12, 0};
    QCOMPARE(defaultOptimiserSpace(s, m_cat, 0).checkpoint_interval_h,
             (std::vector<double>{0, 12})); // auto and the plan's own
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.candidates, std::uint64_t(2));
    QVERIFY(r.found);
    Scenario autoPlan = s;
    set(autoPlan, "reliability.checkpoint_auto", "true");
    const double autoTotal = evaluate(autoPlan, m_cat).total;
    QVERIFY(autoTotal < evaluate(s, m_cat).total);
    QCOMPARE(r.best.total, autoTotal);
    QVERIFY2(r.best.summary.find("Young/Daly") != std::string::npos, r.best.summary.c_str());
}

void TestOptimiser::longContextStageLayoutIsSearched()
{
    // Issue 45: Llama 3 8B on 1,024 H100s (TP 1, CP 1, DP 1,024) with a 131,072-token stage
    // of 800 B tokens. At 16.8 M tokens per step that stage has 128 sequences: on the main
    // layout (long CP 0) it cannot run; at CP 8 (DP 128) each GPU holds 16,384 tokens of a
    // 32-layer model, 34·16,384·4,096 B = 2.28 GB of activations per layer, 73 GB in all, and
    // runs out of 80 GB; at CP 16 half of that fits. The search must pick CP 16, priced by
    // evaluate() to the dollar.
    Scenario s = example("llama3-8b-pretrain-h100");
    set(s, "pretrain.long_seq_len", "131072");
    set(s, "pretrain.long_tokens", "800e9");
    set(s, "pretrain.long_cp", "8");
    const Phase& p = s.phases[0];
    QCOMPARE(p.pretrain.tp, 1.0);
    QCOMPARE(p.gpus, 1024.0);
    OptimiserSpace sp = onlyThePlansLayout(p);
    sp.gpus = {p.gpus};
    sp.cp = {p.pretrain.cp};
    sp.long_cp = {0, 8, 16};
    QCOMPARE(defaultOptimiserSpace(s, m_cat, 0).long_cp, (std::vector<double>{0, 2, 4, 8, 16}));
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.candidates, std::uint64_t(3));
    QVERIFY(r.found);
    Scenario t = s;
    QVERIFY(applyChanges(t, r.best.changes).ok());
    QCOMPARE(t.phases[0].pretrain.long_cp, 16.0);
    QCOMPARE(evaluate(t, m_cat).total, r.best.total);
    QVERIFY2(r.best.summary.find("long-context stage CP 16") != std::string::npos,
             r.best.summary.c_str());
    // The plan as it is (CP 8) runs out of memory in its long-context stage.
    QVERIFY(r.current.risks[std::size_t(RiskKind::Oom)].probability > 0.5);
}

void TestOptimiser::rlPlanApplies()
{
    const Scenario s = example("grpo-7b-math");
    OptimiserOptions o;
    o.monte_carlo_top_k = 5;
    o.monte_carlo_runs = 200;
    const OptimiserResult r = optimise(s, m_cat, defaultOptimiserSpace(s, m_cat, 0), o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.candidates > 10000);
    QVERIFY(r.found);
    QVERIFY(r.best.total <= r.current.total);
    Scenario t = s;
    QVERIFY(applyChanges(t, r.best.changes).ok());
    QCOMPARE(evaluate(t, m_cat).total, r.best.total);
    QVERIFY(r.best.risks[std::size_t(RiskKind::Unrecoverable)].probability <= 0.05);
}

void TestOptimiser::cheapestLayoutIsTheMeasuredFastest()
{
    // Every group of step-times-a100-megatron.csv with the same model, GPU count and global
    // batch and at least four measured layouts: a plan of that model on A100 (the
    // measurement's Megatron settings: full recompute, no FlashAttention, no sequence
    // parallelism, no overlap, ZeRO 0), searched over exactly the measured (TP, PP,
    // micro-batch) layouts with no memory limit (they all ran). At a fixed price the
    // cheapest is the fastest predicted; is it the measured fastest, or in the top 3?
    std::map<std::string, std::vector<std::map<std::string, std::string>>> groups;
    for (const auto& r : readCsv(COSTLAB_TEST_DATA_DIR "/step-times-a100-megatron.csv"))
        groups[r.at("set") + "/" + r.at("hidden") + "/" + r.at("heads") + "/" + r.at("layers") +
               "/" + r.at("seq_len") + "/" + r.at("gpus") + "/" + r.at("global_batch")]
            .push_back(r);
    int n = 0, top1 = 0, top3 = 0;
    for (const auto& [key, rows] : groups) {
        if (rows.size() < 4)
            continue;
        const auto& r0 = rows.front();
        Scenario s = defaultScenario(std::array{PhaseKind::Pretrain});
        const double seq = std::stod(r0.at("seq_len"));
        const double hidden = std::stod(r0.at("hidden"));
        set(s, "pretrain.accelerator", "a100-sxm-80gb");
        set(s, "pretrain.model.layers", r0.at("layers"));
        set(s, "pretrain.model.hidden", r0.at("hidden"));
        set(s, "pretrain.model.heads", r0.at("heads"));
        set(s, "pretrain.model.kv_heads", r0.at("heads"));
        set(s, "pretrain.model.ffn", numberText(4 * hidden));
        set(s, "pretrain.model.vocab", "50304");
        set(s, "pretrain.model.gated_mlp", "false");
        set(s, "pretrain.seq_len", r0.at("seq_len"));
        set(s, "pretrain.global_batch_tokens", numberText(std::stod(r0.at("global_batch")) * seq));
        set(s, "pretrain.tokens", numberText(1e4 * std::stod(r0.at("global_batch")) * seq));
        set(s, "pretrain.gpus", r0.at("gpus"));
        set(s, "pretrain.recompute", "full");
        set(s, "pretrain.flash_attention", "false");
        set(s, "pretrain.sequence_parallel", "false");
        set(s, "pretrain.overlap_dp", "false");
        set(s, "pretrain.overlap_tp", "false");
        set(s, "pretrain.zero_stage", "0");
        // Start from the first measured layout (the defaults, TP 1 · PP 1 · mb 1, may not fit
        // the group's batch).
        set(s, "pretrain.tp", r0.at("tp"));
        set(s, "pretrain.pp", r0.at("pp"));
        set(s, "pretrain.micro_batch", r0.at("micro_batch"));
        OptimiserSpace sp;
        sp.zero_stage = {0};
        sp.spot_share = {0};
        sp.recompute = {Recompute::Full};
        std::vector<std::pair<double, std::string>> measured;
        for (const auto& r : rows) {
            sp.layouts.push_back(
                {std::stod(r.at("tp")), std::stod(r.at("pp")), std::stod(r.at("micro_batch"))});
            measured.push_back({std::stod(r.at("iteration_ms")), " TP " + r.at("tp") + " · PP " +
                                                                     r.at("pp") + " · mb " +
                                                                     r.at("micro_batch") + " · "});
        }
        std::sort(measured.begin(), measured.end());
        OptimiserOptions o;
        o.monte_carlo_top_k = 0;
        o.threads = 1;
        o.constraints.max_oom = 1;
        o.constraints.max_run_lost = 1;
        const OptimiserResult res = optimise(s, m_cat, sp, o);
        QVERIFY2(res.error.empty(), res.error.c_str());
        if (!res.found)
            continue; // every measured layout impossible for the engine: counted below
        ++n;
        const std::string& chosen = res.best.summary;
        if (chosen.find(measured[0].second) != std::string::npos)
            ++top1;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, measured.size()); ++i)
            if (chosen.find(measured[i].second) != std::string::npos)
                ++top3;
    }
    const double r1 = double(top1) / n, r3 = double(top3) / n;
    qInfo("optimiser on measured layouts: %d groups, top-1 %.1f %%, top-3 %.1f %%", n, 100 * r1,
          100 * r3);
    QVERIFY(n >= 100); // 122 groups have ≥ 4 layouts; the engine must price nearly all
    // Regression floors below the rates of 2026-12-02 (docs/validation.md, top-1 and top-3);
    // a step-time change that ranks layouts worse fails here.
    // (68.0 % and 93.4 % over 122 groups).
    QVERIFY2(r1 >= 0.60, qPrintable(QString::number(r1)));
    QVERIFY2(r3 >= 0.88, qPrintable(QString::number(r3)));
}

void TestOptimiser::unpricedAcceleratorIsNeverTheCheapest()
{
    // H20 ships without a price: searched next to H100 it would cost 0 USD per GPU-hour and
    // win every time. It is left out instead, and a plan on it is refused with the reason.
    Scenario s = example("llama3-8b-pretrain-h100");
    OptimiserSpace sp = smallSpace();
    sp.accelerators = {"h100-sxm-80gb", "h20-96gb"};
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    o.constraints.max_oom = 1;
    const OptimiserResult r = optimise(s, m_cat, sp, o);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.found);
    QCOMPARE(r.candidates, std::uint64_t(288));
    for (const OptimiserPlan& p : r.top) {
        Scenario t = s;
        QVERIFY(applyChanges(t, p.changes).ok());
        QCOMPARE(t.phases[0].accelerator, std::string("h100-sxm-80gb"));
        QVERIFY(evaluate(t, m_cat).priced);
    }
    set(s, "pretrain.accelerator", "h20-96gb");
    const OptimiserResult refused = optimise(s, m_cat, smallSpace(), o);
    QVERIFY(refused.error.find("not priced") != std::string::npos);
}

void TestOptimiser::errors()
{
    const Scenario s = example("eval-405b-campaign");
    QVERIFY(!optimise(s, m_cat, {}, {}).error.empty()); // evaluation only: nothing to train
    OptimiserOptions o;
    o.top_n = 0;
    QVERIFY(!optimise(example("grpo-7b-math"), m_cat, {}, o).error.empty());
    o = {};
    o.constraints.max_oom = std::nan("");
    QVERIFY(!optimise(example("grpo-7b-math"), m_cat, {}, o).error.empty());
}

void TestOptimiser::summaryPartsFillOnce()
{
    // Placeholders are filled in one pass: an argument holding "%1" (a hostile catalog id)
    // stays literal, and a missing argument leaves its placeholder visible.
    QCOMPARE(summaryPartText({"%1 trainer + %2 rollout GPUs", {"8", "%1"}}),
             std::string("8 trainer + %1 rollout GPUs"));
    QCOMPARE(summaryPartText({"spot %1 %", {"50"}}), std::string("spot 50 %"));
    QCOMPARE(summaryPartText({"%1 GPUs", {}}), std::string("%1 GPUs"));
    // A plan's summary is its parts' English text.
    const Scenario s = example("llama3-8b-pretrain-h100");
    OptimiserOptions o;
    o.monte_carlo_top_k = 0;
    const OptimiserResult r = optimise(s, m_cat, defaultOptimiserSpace(s, m_cat, 0), o);
    QVERIFY(r.found && !r.best.summary_parts.empty());
    QCOMPARE(summaryText(r.best.summary_parts), r.best.summary);
    QCOMPARE(r.current.summary, std::string("current plan"));
}

QTEST_APPLESS_MAIN(TestOptimiser)
#include "tst_optimiser.moc"
