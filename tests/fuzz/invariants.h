// Invariants every evaluated plan must satisfy, checked by the fuzz targets and their
// replay tests: every figure finite; costs, hours, counts and memory ≥ 0; probabilities,
// utilisations, waste and MFU in [0, 1]. A violation aborts with the figure named, which
// libFuzzer (or the replay test) reports as a crash with its input.
#pragma once

#include "catalogio.h"
#include "estimate.h"
#include "risks.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace costlab::fuzz {

/// The shipped default catalog, read once; aborts when it does not load (every input would
/// then be meaningless).
inline const Catalog& shippedCatalog()
{
    static const Catalog cat = [] {
        std::vector<std::string> errors;
        auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
        if (!c)
            std::abort();
        return *c;
    }();
    return cat;
}

[[noreturn]] inline void violated(const char* what, double v)
{
    std::fprintf(stderr, "invariant violated: %s = %.17g\n", what, v);
    std::abort();
}

inline void nonNegative(const char* what, double v)
{
    if (!std::isfinite(v) || v < 0)
        violated(what, v);
}

inline void unit(const char* what, double v)
{
    if (!std::isfinite(v) || v < 0 || v > 1)
        violated(what, v);
}

inline void checkRisk(const char* what, const Risk& r)
{
    unit(what, r.probability);
    nonNegative(what, r.expected_cost);
}

inline void checkEstimate(const Estimate& e)
{
    nonNegative("total", e.total);
    nonNegative("fixed", e.fixed);
    nonNegative("elastic", e.elastic);
    nonNegative("gpu_hours", e.gpu_hours);
    nonNegative("wall_hours", e.wall_hours);
    nonNegative("tokens", e.tokens);
    nonNegative("cost_per_million_tokens", e.cost_per_million_tokens);
    nonNegative("budget_ratio", e.budget_ratio);
    nonNegative("daily_peak", e.daily_peak);
    for (double c : e.cost)
        nonNegative("cost by category", c);
    for (double c : e.shared_cost)
        nonNegative("shared cost", c);
    for (const RiskInfo& r : riskTable())
        checkRisk("plan risk", e.*r.plan);
    for (const PhaseEstimate& p : e.phases) {
        for (double v : {p.gpus, p.gpu_hours, p.ideal_gpu_hours, p.wall_hours, p.flops, p.tokens,
                         p.steps, p.gpu_price, p.total, p.start_day, p.end_day})
            nonNegative("phase figure", v);
        unit("mfu", p.mfu);
        // The step breakdown: non-negative parts that add up to the step (steptime.h).
        const StepBreakdown& b = p.step;
        double parts = 0;
        for (double v : {b.compute_s, b.host_s, b.tp_s, b.cp_s, b.ep_s, b.pp_bubble_s, b.dp_s,
                         b.optimizer_s}) {
            nonNegative("step part", v);
            parts += v;
        }
        nonNegative("step total", b.total_s);
        if (std::fabs(parts - b.total_s) > 1e-9 * std::max(1.0, b.total_s))
            violated("step parts sum", parts - b.total_s);
        for (double c : p.cost)
            nonNegative("phase cost", c);
        for (int k = 0; k < kCategoryCount; ++k)
            if (p.elastic[k] < 0 || p.elastic[k] > p.cost[k] * (1 + 1e-9) + 1e-9)
                violated("elastic share of a category", p.elastic[k]);
        for (const MemoryBreakdown& m : p.memory) {
            for (double v : {m.weights, m.gradients, m.optimizer, m.activations, m.kv_cache,
                             m.coresident, m.total, m.usable})
                nonNegative("memory", v);
            unit("oom_probability", m.oom_probability);
        }
        for (const RiskInfo& r : riskTable())
            if (r.phase)
                checkRisk("phase risk", p.*r.phase);
        unit("waste_fraction", p.rec.waste_fraction);
        unit("p_loss_over_threshold", p.rec.p_loss_over_threshold);
        unit("p_unusable_rollback", p.rec.p_unusable_rollback);
        nonNegative("expected_failures", p.rec.expected_failures);
        unit("rollout_util", p.rl.rollout_util);
        unit("trainer_util", p.rl.trainer_util);
        unit("env_util", p.rl.env_util);
        for (double v : {p.rl.generation_s, p.rl.environment_s, p.rl.training_s, p.rl.sync_s,
                         p.rl.iteration_s, p.rl.episodes, p.rl.concurrency})
            nonNegative("rl timing", v);
    }
}

} // namespace costlab::fuzz
