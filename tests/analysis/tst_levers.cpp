// Savings levers (model/analysis/levers.h, issue 15). Each lever on a shipped example where
// it applies: its saving against a hand calculation from the plan's inputs and the catalog's
// prices (the engine's own figures are used only for the quantities the lever leaves alone,
// such as the phase's wall-clock hours); its risks move the way its §5 boundary says; it
// refuses, with a reason, where it does not apply; the combination stays within the limits.
#include "catalog.h"
#include "engine.h"
#include "formulas.h"
#include "levers.h"
#include "registry.h"
#include "testutil.h"

#include <QTest>

#include <cmath>

using namespace costlab;
using test::example;

namespace {

const LeverResult& lever(const LeversResult& r, std::string_view id)
{
    for (const LeverResult& l : r.levers)
        if (l.info->id == id)
            return l;
    qFatal("no lever %s", std::string(id).c_str());
}

void set(Scenario& s, const char* id, const char* text)
{
    const auto ref = findParam(s, id);
    QVERIFY2(ref, id);
    QCOMPARE(setFromString(s, *ref, text), std::string());
}

double category(const Estimate& e, Category c)
{
    return e.cost[std::size_t(c)];
}

double risk(const LeverFigures& f, RiskKind k)
{
    return f.risks[std::size_t(k)].probability;
}

LeverOptions noMonteCarlo()
{
    LeverOptions o;
    o.monte_carlo_runs = 0;
    return o;
}

} // namespace

class TestLevers : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::defaultCatalog(); }
    void tableIsComplete();
    void infraAsCodeSavesTheEffortFactor();
    void releasingIdleEnvironmentsBillsBusyShareAndBoots();
    void destroyAfterUseRemovesForgottenHours();
    void specMatchKeepsVcpusAndMemoryPerEnvironment();
    void reservingOnDemandSavesPriceAndWaits();
    void storageAndLogLeversTouchOnlyTheirCategories();
    void boundaryRisksMoveTheStatedWay();
    void choosingLeversRespectLimits();
    void refusesWhereItDoesNotApply();
    void combinationIsWithinLimitsAndReproducible();
    void monteCarloRangesUseCommonRandomNumbers();
    void errors();

private:
    Catalog m_cat;
};

void TestLevers::tableIsComplete()
{
    // The list: §4.1–§4.5 and the §5 knobs, one row each, unique ids, every row
    // labelled, sourced and with a proposal function.
    const char* wanted[] = {"release_idle_environments",
                            "colocate",
                            "spec_match",
                            "hot_cold_tiering",
                            "prune_checkpoints",
                            "async_environments",
                            "batch_rollouts",
                            "log_sampling",
                            "destroy_after_use",
                            "infra_as_code",
                            "rollout_precision",
                            "checkpoint_optimum",
                            "async_checkpoint",
                            "spot_share",
                            "memory_squeeze",
                            "reserved_capacity"};
    for (const char* id : wanted)
        QVERIFY2(findLever(id), id);
    QCOMPARE(leverTable().size(), std::size(wanted));
    for (const LeverInfo& l : leverTable()) {
        QVERIFY(!l.label.empty() && !l.description.empty() && !l.applies.empty());
        QVERIFY(l.section.starts_with("§"));
        QVERIFY(l.propose);
        // A lever against a boundary says in plain words what it risks.
        if (l.boundary != Boundary::None)
            QVERIFY2(!l.warning.empty(), std::string(l.id).c_str());
    }
}

void TestLevers::infraAsCodeSavesTheEffortFactor()
{
    // Route B: 8 environment types × 2 engineer-months and 3 maintenance engineers, at
    // 25,000 USD a month. With infrastructure as code both scale by the factor (0.6), so the
    // saving is 0.4 × (8 × 2 × 25,000 + 3 × months × 25,000), months = plan days / 30.4167.
    const Scenario s = example("route-b-small-base-heavy-rl");
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    const LeverResult& l = lever(r, "infra_as_code");
    QVERIFY(l.applies);
    QCOMPARE(l.changes.size(), std::size_t(1));
    QCOMPARE(l.changes[0].id, std::string("engineering.infra_as_code"));
    const double months = r.base.days / formula::kDaysPerMonth;
    const double expected = (1 - 0.6) * (8 * 2 * 25000.0 + 3 * months * 25000.0);
    QCOMPARE_REL(l.saving(), expected, 1e-9);
    QCOMPARE(l.after.days, r.base.days); // engineering time does not move the calendar
}

void TestLevers::releasingIdleEnvironmentsBillsBusyShareAndBoots()
{
    // GRPO-7B: 512 environments, 16 per cpu-16vcpu instance (0.68 USD/h) → 32 instances.
    // Running throughout they cost 32 × 0.68 × wall hours; released while idle, the busy
    // share u plus one 60 s boot per iteration of length T: saving = cost × (1 − u − 60/T).
    const Scenario s = example("grpo-7b-math");
    const Estimate e = evaluate(s, m_cat);
    const PhaseEstimate& pe = e.phases.at(0);
    const double cost = 32 * 0.68 * pe.wall_hours;
    const double billed = std::min(1.0, pe.rl.env_util + 60.0 / pe.rl.iteration_s);
    QVERIFY(billed < 1); // otherwise the case tests nothing
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    const LeverResult& l = lever(r, "release_idle_environments");
    QVERIFY(l.applies);
    QCOMPARE_REL(l.saving(), cost * (1 - billed), 1e-9);
    // Timing is untouched: the same days, the same risks.
    QCOMPARE(l.after.days, r.base.days);
    QVERIFY(!l.pushes_boundary);
}

void TestLevers::destroyAfterUseRemovesForgottenHours()
{
    // The 405B evaluation campaign leaves its 64 environment instances (cpu-4vcpu,
    // 0.17 USD/h, one environment each) running 24 h after each of 12 versions:
    // 64 × 24 × 12 × 0.17 = 3,133.44 USD.
    const Scenario s = example("eval-405b-campaign");
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    const LeverResult& l = lever(r, "destroy_after_use");
    QVERIFY(l.applies);
    QCOMPARE_REL(l.saving(), 64 * 24 * 12 * 0.17, 1e-9);
}

void TestLevers::specMatchKeepsVcpusAndMemoryPerEnvironment()
{
    // GRPO-7B moved to the L4 sandbox (4 vCPU, 16 GiB, 1 GPU, 0.80 USD/h) with 16
    // environments each: 0.25 vCPU and 1 GiB per environment. The cheapest CPU instance per
    // environment at that ratio is cpu-16vcpu-highmem (16 vCPU → 64 environments, 128 GiB →
    // 128; 1.01 USD/h for 64 = 0.0158 per environment, against 0.0213 for the
    // compute-optimised ones). 512 environments: 32 sandboxes → 8 highmem instances over the
    // same wall hours.
    Scenario s = example("grpo-7b-math");
    set(s, "rl.env_instance", "gpu-l4-sandbox");
    const Estimate e = evaluate(s, m_cat);
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    const LeverResult& l = lever(r, "spec_match");
    QVERIFY(l.applies);
    QCOMPARE(l.changes, (std::vector<ParamChange>{{"rl.env_instance", "cpu-16vcpu-highmem"},
                                                  {"rl.envs_per_instance", "64"}}));
    const double hours = e.phases.at(0).wall_hours;
    QCOMPARE_REL(l.saving(), (32 * 0.80 - 8 * 1.01) * hours, 1e-9);
    // Already on a CPU instance at the best price per environment: refused.
    const LeversResult plain =
        evaluateLevers(example("agentic-rl-32b-code"), m_cat, noMonteCarlo());
    QVERIFY(!lever(plain, "spec_match").applies);
    QVERIFY(!lever(plain, "spec_match").reason.empty());
}

void TestLevers::reservingOnDemandSavesPriceAndWaits()
{
    // Llama 3 8B with 30 % of its GPU-hours bought on demand. Reserving them saves the price
    // difference on those hours (H100 on demand − reserved, from the catalog) — the phase's
    // GPU-hours and the GPU time of its expected rollbacks, both priced at the blended rate
    // 0.7 × reserved + 0.3 × on demand — and the expected capacity wait, which only elastic
    // GPUs carry.
    Scenario s = example("llama3-8b-pretrain-h100");
    set(s, "pretrain.elastic_fraction", "0.3");
    set(s, "pretrain.purchase", "on_demand");
    const Estimate e = evaluate(s, m_cat);
    const Accelerator* a = m_cat.accelerator(s.phases[0].accelerator);
    QVERIFY(a && a->price_on_demand > a->price_reserved && a->price_reserved > 0);
    const double blended = 0.7 * a->price_reserved + 0.3 * a->price_on_demand;
    const double rollbackHours =
        (e.convergence.expected_cost + e.unrecoverable.expected_cost) / blended;
    const double elasticHours = 0.3 * (e.phases[0].gpu_hours + rollbackHours);
    const double expected =
        elasticHours * (a->price_on_demand - a->price_reserved) + e.capacity.expected_cost;
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    const LeverResult& l = lever(r, "reserved_capacity");
    QVERIFY(l.applies);
    QCOMPARE_REL(l.saving(), expected, 1e-6);
    QCOMPARE(risk(l.after, RiskKind::Capacity), 0.0);
}

void TestLevers::storageAndLogLeversTouchOnlyTheirCategories()
{
    // Tiering, pruning and log sampling move money between storage tiers and log volumes;
    // no GPU-hour, no other category, no risk may change.
    const Scenario s = example("grpo-7b-math");
    const Estimate before = evaluate(s, m_cat);
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    struct Case {
        const char* id;
        std::vector<Category> allowed;
    };
    const Case cases[] = {
        {"hot_cold_tiering", {Category::StorageCheckpoint, Category::StorageTrajectory}},
        {"prune_checkpoints", {Category::StorageCheckpoint}},
        {"log_sampling", {Category::StorageLog, Category::LoggingIngest}},
    };
    for (const Case& c : cases) {
        const LeverResult& l = lever(r, c.id);
        QVERIFY2(l.applies, c.id);
        QVERIFY2(l.saving() >= 0, c.id);
        Scenario t = s;
        QVERIFY(applyChanges(t, l.changes).ok());
        const Estimate after = evaluate(t, m_cat);
        QCOMPARE(after.gpu_hours, before.gpu_hours);
        for (const CategoryInfo& ci : categoryTable()) {
            const bool allowed =
                std::find(c.allowed.begin(), c.allowed.end(), ci.category) != c.allowed.end();
            if (!allowed)
                QVERIFY2(category(after, ci.category) == category(before, ci.category),
                         (std::string(c.id) + " moved " + std::string(ci.id)).c_str());
        }
        for (const RiskInfo& ri : riskTable())
            QCOMPARE(risk(l.after, ri.kind), risk(l.before, ri.kind));
    }
    // Log sampling on GRPO: one record in ten and 1 % of episodes traced in full.
    QCOMPARE(lever(r, "log_sampling").changes,
             (std::vector<ParamChange>{{"logging.sampling_rate", "0.1"},
                                       {"logging.full_trace_fraction", "0.01"}}));
}

void TestLevers::boundaryRisksMoveTheStatedWay()
{
    // Route B (disaggregated, synchronous, BF16 rollouts, all reserved):
    const Scenario s = example("route-b-small-base-heavy-rl");
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    // pooling puts trainer state and KV cache on the same GPUs: P(OOM) rises;
    const LeverResult& pool = lever(r, "colocate");
    QVERIFY(pool.applies);
    QVERIFY(risk(pool.after, RiskKind::Oom) > risk(pool.before, RiskKind::Oom));
    QVERIFY(pool.pushes_boundary);
    // asynchronous environments add staleness: the collapse hazard rises;
    const LeverResult& async = lever(r, "async_environments");
    QVERIFY(async.applies);
    QVERIFY(risk(async.after, RiskKind::Divergence) > risk(async.before, RiskKind::Divergence));
    QVERIFY(async.after.days < async.before.days); // and the run gets shorter
    // lower rollout precision raises the mismatch: unrecoverable collapse becomes likelier;
    const LeverResult& quant = lever(r, "rollout_precision");
    QVERIFY(quant.applies);
    QVERIFY(risk(quant.after, RiskKind::Unrecoverable) >
            risk(quant.before, RiskKind::Unrecoverable));
    QVERIFY(quant.pushes_boundary);
    // spot GPUs can be missing: the capacity risk appears where there was none.
    const LeverResult& spot = lever(r, "spot_share");
    QVERIFY(spot.applies);
    QCOMPARE(risk(spot.before, RiskKind::Capacity), 0.0);
    QVERIFY(risk(spot.after, RiskKind::Capacity) > 0);
    // A fixed 10 h interval on Llama 3 8B loses more work per failure than the optimum.
    Scenario fixed = example("llama3-8b-pretrain-h100");
    set(fixed, "reliability.checkpoint_auto", "false");
    set(fixed, "reliability.checkpoint_interval_h", "10");
    const LeversResult fr = evaluateLevers(fixed, m_cat, noMonteCarlo());
    const LeverResult& opt = lever(fr, "checkpoint_optimum");
    QVERIFY(opt.applies);
    QVERIFY(opt.saving() > 0);
    QVERIFY(opt.after.risks[std::size_t(RiskKind::Recovery)].expected_cost <
            opt.before.risks[std::size_t(RiskKind::Recovery)].expected_cost);
}

void TestLevers::choosingLeversRespectLimits()
{
    // Each choosing lever's pick, when it says "within limits", is: no risk above its limit
    // unless it was there before; and with a limit of 0 % on P(run lost), no lower rollout
    // precision that raises it can be chosen as within limits.
    const Scenario s = example("route-b-small-base-heavy-rl");
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    for (const LeverResult& l : r.levers)
        if (l.applies && l.withinLimits())
            for (const RiskInfo& ri : riskTable()) {
                const double lim = defaultRiskLimits()[ri.kind];
                QVERIFY2(risk(l.after, ri.kind) <= lim ||
                             risk(l.after, ri.kind) <= risk(l.before, ri.kind) * (1 + 1e-9),
                         std::string(l.info->id).c_str());
            }
    LeverOptions strict = noMonteCarlo();
    strict.limits[RiskKind::Unrecoverable] = 0;
    const LeversResult sr = evaluateLevers(s, m_cat, strict);
    const LeverResult& q = lever(sr, "rollout_precision");
    QVERIFY(q.applies);
    QVERIFY(!q.withinLimits()); // every lower precision raises it: shown, flagged
    QCOMPARE(q.exceeded.size(), std::size_t(1));
    QCOMPARE(int(q.exceeded[0]), int(RiskKind::Unrecoverable));
    // Memory squeeze on GRPO-7B keeps P(OOM) within 5 %.
    const LeversResult gr = evaluateLevers(example("grpo-7b-math"), m_cat, noMonteCarlo());
    const LeverResult& m = lever(gr, "memory_squeeze");
    QVERIFY(m.applies);
    QVERIFY(m.withinLimits());
    QVERIFY(risk(m.after, RiskKind::Oom) <= 0.05);
}

void TestLevers::refusesWhereItDoesNotApply()
{
    // A pre-training plan has no RL phase, no evaluation environments, no step logs.
    const Scenario s = example("llama3-8b-pretrain-h100");
    const LeversResult r = evaluateLevers(s, m_cat, noMonteCarlo());
    for (const char* id : {"release_idle_environments", "colocate", "spec_match",
                           "async_environments", "batch_rollouts", "log_sampling",
                           "destroy_after_use", "rollout_precision", "reserved_capacity"}) {
        const LeverResult& l = lever(r, id);
        QVERIFY2(!l.applies, id);
        QVERIFY2(l.changes.empty(), id);
        QVERIFY2(!l.reason.empty(), id);
        QCOMPARE(l.after.total, l.before.total);
    }
    // No change a lever proposes is a no-op.
    for (const LeverResult& l : r.levers)
        for (const ParamChange& c : l.changes) {
            const auto ref = findParam(s, c.id);
            QVERIFY2(ref, c.id.c_str());
            QVERIFY2(getString(s, *ref) != c.text, c.id.c_str());
        }
}

void TestLevers::combinationIsWithinLimitsAndReproducible()
{
    for (const char* name : {"route-b-small-base-heavy-rl", "grpo-7b-math", "eval-405b-campaign"}) {
        const Scenario s = example(name);
        const LeverOptions o = noMonteCarlo();
        const LeversResult r = evaluateLevers(s, m_cat, o);
        const LeverCombination c = combineLevers(s, m_cat, r, o.limits);
        QVERIFY2(!c.lever_ids.empty(), name);
        QVERIFY2(c.after.total < r.base.total, name);
        QVERIFY2(limitsExceeded(r.base.risks, c.after.risks, o.limits).empty(), name);
        // Applying the combined changes reproduces the combined figures exactly.
        Scenario t = s;
        QVERIFY(applyChanges(t, c.changes).ok());
        QCOMPARE(evaluate(t, m_cat).total, c.after.total);
        // Every lever in it saves alone and is within limits alone.
        for (std::string_view id : c.lever_ids) {
            const LeverResult& l = lever(r, id);
            QVERIFY(l.saving() > 0 && l.withinLimits());
        }
    }
}

void TestLevers::monteCarloRangesUseCommonRandomNumbers()
{
    // P50 ≤ P90 before and after; a lever that changes nothing the Monte Carlo samples
    // (infrastructure as code: engineering money only) shifts P50 and P90 by exactly its
    // saving, because both runs draw the same random numbers.
    const Scenario s = example("route-b-small-base-heavy-rl");
    LeverOptions o;
    o.monte_carlo_runs = 500;
    const LeversResult r = evaluateLevers(s, m_cat, o);
    QVERIFY(r.base.p50 > 0 && r.base.p50 <= r.base.p90);
    const LeverResult& l = lever(r, "infra_as_code");
    QVERIFY(l.after.p50 > 0 && l.after.p50 <= l.after.p90);
    QCOMPARE_REL(r.base.p50 - l.after.p50, l.saving(), 1e-6);
    QCOMPARE_REL(r.base.p90 - l.after.p90, l.saving(), 1e-6);
    // The report splits each range over the cores (LeverOptions::threads): every run keeps
    // its own random streams, so the figures are the same bit for bit at any thread count.
    LeverOptions threaded = o;
    threaded.threads = 3;
    const LeversResult t = evaluateLevers(s, m_cat, threaded);
    QCOMPARE(t.base.p50, r.base.p50);
    QCOMPARE(t.base.p90, r.base.p90);
    QCOMPARE(t.levers.size(), r.levers.size());
    for (std::size_t i = 0; i < r.levers.size(); ++i) {
        QCOMPARE(t.levers[i].after.p50, r.levers[i].after.p50);
        QCOMPARE(t.levers[i].after.p90, r.levers[i].after.p90);
    }
}

void TestLevers::errors()
{
    LeverOptions o;
    o.monte_carlo_runs = -1;
    QVERIFY(!evaluateLevers(example("grpo-7b-math"), m_cat, o).error.empty());
    Scenario bad = example("grpo-7b-math");
    bad.phases[0].accelerator = "no-such-gpu";
    const LeversResult r = evaluateLevers(bad, m_cat, noMonteCarlo());
    QVERIFY(!r.error.empty());
    QVERIFY(r.levers.empty());
    // An accelerator without a price (H20 ships unpriced): no savings against a total that
    // leaves GPU time out.
    Scenario unpriced = example("grpo-7b-math");
    unpriced.phases[0].accelerator = "h20-96gb";
    QVERIFY(evaluate(unpriced, m_cat).ok);
    const LeversResult u = evaluateLevers(unpriced, m_cat, noMonteCarlo());
    QVERIFY2(u.error.find("not priced") != std::string::npos, u.error.c_str());
    // An unknown id or a refused value is reported, naming it.
    Scenario s = example("grpo-7b-math");
    const std::vector<ParamChange> unknown{{"rl.micro_batch", "2"}, {"rl.no_such", "1"}};
    const ChangeResult refused = applyChanges(s, unknown);
    QVERIFY(!refused.ok());
    QVERIFY(refused.error.find("rl.no_such") != std::string::npos);
    QCOMPARE(refused.failed, std::size_t(1)); // the first refused change, by index
    QVERIFY(!applyChanges(s, std::vector<ParamChange>{{"rl.micro_batch", "-3"}}).ok());
}

QTEST_APPLESS_MAIN(TestLevers)
#include "tst_levers.moc"
