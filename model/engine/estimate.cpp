#include "estimate.h"

#include "formulas.h"

#include <algorithm>
#include <cmath>

namespace costlab {
BudgetStatus budgetStatus(const Estimate& e)
{
    if (e.budget_not_priced)
        return BudgetStatus::NotPriced;
    if (e.budget_ratio <= 0)
        return BudgetStatus::NoBudget;
    if (e.budget_ratio > 1)
        return BudgetStatus::Over;
    if (e.budget_ratio > 0.9)
        return BudgetStatus::Warning;
    return BudgetStatus::Ok;
}

std::string_view budgetStatusId(BudgetStatus s)
{
    switch (s) {
    case BudgetStatus::NoBudget:
        return "no_budget";
    case BudgetStatus::Ok:
        return "ok";
    case BudgetStatus::Warning:
        return "warning";
    case BudgetStatus::Over:
        return "over";
    case BudgetStatus::NotPriced:
        return "not_priced";
    }
    return "no_budget";
}

std::string_view gpuRoleId(GpuRole r)
{
    switch (r) {
    case GpuRole::Trainer:
        return "trainer";
    case GpuRole::Rollout:
        return "rollout";
    case GpuRole::RewardModel:
        return "reward_model";
    case GpuRole::Count:
        break;
    }
    return "unknown";
}
double stageInFlight(const PipelineMemory& pm, int stage)
{
    const double p = std::max(1, pm.stages), v = std::max(1, pm.virtual_stages);
    const double i = std::clamp(stage, 0, int(p) - 1);
    const double m = std::max(1.0, std::floor(pm.microbatches));
    const double extra = std::max(0, pm.extra_in_flight);
    if (v <= 1)
        return std::min(p - i + extra, m);
    // Megatron-Core get_pp_rank_microbatches: warm-up (p − i − 1)·2 + (v − 1)·N chunks, N the
    // micro-batches per chunk group (Llama 3 §3.3.2 runs N = 5 < p to hold fewer).
    const double n = pm.group > 0 ? pm.group : p;
    const double chunks = std::min((p - i - 1) * 2 + (v - 1) * n + 1 + extra, m * v);
    return chunks / v;
}

namespace {
/// One stage's parts before fragmentation, shared by pipelineStage() and stageTotal() so the
/// two agree to the bit.
struct StageParts {
    double weights, gradients, optimizer, activations, base;
};

StageParts stageParts(const PipelineMemory& pm, int stage)
{
    const int i = std::clamp(stage, 0, std::max(1, pm.stages) - 1);
    const bool first = i == 0, last = i == std::max(1, pm.stages) - 1;
    StageParts s;
    s.weights = pm.layers.weights + (first ? pm.first.weights : 0) + (last ? pm.last.weights : 0);
    s.gradients =
        pm.layers.gradients + (first ? pm.first.gradients : 0) + (last ? pm.last.gradients : 0);
    s.optimizer =
        pm.layers.optimizer + (first ? pm.first.optimizer : 0) + (last ? pm.last.optimizer : 0);
    s.activations = stageInFlight(pm, i) * pm.activations_per_microbatch + pm.recompute_buffer;
    s.base =
        s.weights + s.gradients + s.optimizer + s.activations + (last ? pm.logits : 0) + pm.context;
    return s;
}
} // namespace

double stageTotal(const PipelineMemory& pm, int stage)
{
    return stageParts(pm, stage).base * pm.fragmentation + pm.coresident;
}

MemoryBreakdown pipelineStage(const PipelineMemory& pm, int stage)
{
    MemoryBreakdown mb = stageBytes(pm, stage);
    mb.oom_probability = formula::oomProbability(mb.total, mb.usable, pm.sigma);
    return mb;
}

MemoryBreakdown stageBytes(const PipelineMemory& pm, int stage)
{
    const StageParts s = stageParts(pm, stage);
    MemoryBreakdown mb;
    mb.present = true;
    mb.weights = s.weights;
    mb.gradients = s.gradients;
    mb.optimizer = s.optimizer;
    mb.activations = s.activations;
    mb.coresident = pm.coresident;
    mb.total = s.base * pm.fragmentation + pm.coresident;
    mb.overhead =
        mb.total - (mb.weights + mb.gradients + mb.optimizer + mb.activations + mb.coresident);
    mb.usable = pm.usable;
    return mb;
}

std::vector<SpendPoint> spendTimeline(const Estimate& e)
{
    std::vector<SpendPoint> pts;
    const double planDays = e.wall_hours / 24.0;
    // Engineering (building environments) is committed before the run starts: a step at day 0.
    const double upfront = e.shared_cost[int(Category::HiddenEngineering)];
    double shared = -upfront;
    for (double v : e.shared_cost)
        shared += v;
    const double sharedDaily = planDays > 0 ? shared / planDays : 0;
    double cum = upfront;
    pts.push_back({0, 0});
    if (upfront > 0)
        pts.push_back({0, upfront});
    for (const auto& p : e.phases) {
        const double days = p.end_day - p.start_day;
        if (days <= 0) {
            cum += p.total;
            pts.push_back({p.end_day, cum});
            continue;
        }
        cum += p.total + sharedDaily * days;
        pts.push_back({p.end_day, cum});
    }
    if (planDays <= 0 && shared > 0)
        pts.push_back({0, cum + shared});
    return pts;
}

std::string_view throughputSourceId(ThroughputSource t)
{
    switch (t) {
    case ThroughputSource::Model:
        return "model";
    case ThroughputSource::PinnedMfu:
        return "pinned_mfu";
    case ThroughputSource::MeasuredTflops:
        return "measured_tflops";
    case ThroughputSource::MeasuredTokens:
        return "measured_tokens";
    case ThroughputSource::CatalogDefault:
        return "catalog_default";
    }
    return "model";
}

} // namespace costlab
