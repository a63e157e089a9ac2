#include "risks.h"

#include "trnoop.h"

#include <algorithm>
#include <array>

namespace costlab {
namespace {

constexpr std::array<RiskInfo, kRiskCount> kRisks{{
    {RiskKind::Oom, "oom", QT_TRANSLATE_NOOP("costlab::Risk", "Out of memory"),
     QT_TRANSLATE_NOOP("costlab::Risk", "OOM"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that a GPU runs out of memory at the planned settings, so the job fails in "
         "its first steps and must be reconfigured."),
     "Memory model (cost-model.md §3) with a log-normal uncertainty of the estimate "
     "(assumptions.oom_sigma).",
     false, &PhaseEstimate::oom, &Estimate::oom},
    {RiskKind::Divergence, "convergence",
     QT_TRANSLATE_NOOP("costlab::Risk", "Divergence / collapse"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Divergence"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance of at least one loss spike (pre-training) or policy collapse (RL) that forces "
         "a rollback to a checkpoint."),
     "Hazard per step scaled by learning rate, quantization, KL and staleness "
     "(risk-foundations.md §3); cost booked as divergence rollbacks.",
     true, &PhaseEstimate::convergence, &Estimate::convergence},
    {RiskKind::Recovery, "recovery", QT_TRANSLATE_NOOP("costlab::Risk", "Failure recovery"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Recovery"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that a hardware failure loses more work than the threshold or meets an "
         "unusable checkpoint."),
     "Failures per GPU-hour, checkpoint interval and restart time; Daly (2006) "
     "(cost-model.md §8); cost booked as failures and restarts.",
     true, &PhaseEstimate::recovery, &Estimate::recovery},
    {RiskKind::Capacity, "capacity", QT_TRANSLATE_NOOP("costlab::Risk", "Capacity shortfall"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Capacity"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that elastic (on-demand or spot) GPUs are not available when needed, so the "
         "reserved GPUs wait idle."),
     "Probability of unavailability × mean wait × reserved GPUs (cost-model.md §9); cost "
     "booked as capacity waits.",
     true, &PhaseEstimate::capacity, &Estimate::capacity},
    {RiskKind::Budget, "budget", QT_TRANSLATE_NOOP("costlab::Risk", "Budget overrun"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Budget"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that the real total exceeds the budget, given the uncertainty of the "
         "estimate; the expected cost is the expected amount above the budget."),
     "The total as a normal distribution with the relative uncertainty "
     "assumptions.estimate_sigma plus the variance of the risks (cost-model.md §9).",
     false, nullptr, &Estimate::budget},
}};

constexpr bool rowsInOrder()
{
    for (int i = 0; i < kRiskCount; ++i)
        if (static_cast<int>(kRisks[i].kind) != i)
            return false;
    return true;
}
static_assert(rowsInOrder(), "risk table rows must follow the RiskKind enum");

} // namespace

std::span<const RiskInfo> riskTable()
{
    return kRisks;
}

const RiskInfo& riskInfo(RiskKind k)
{
    return kRisks[std::clamp(static_cast<int>(k), 0, kRiskCount - 1)];
}

void combineRisk(Risk& plan, const Risk& phase)
{
    plan.probability = 1 - (1 - plan.probability) * (1 - phase.probability);
    plan.expected_cost += phase.expected_cost;
}

} // namespace costlab
