// The risk table (cost-model.md §9, risk-foundations.md): each risk the engine reports as a
// probability and an expected cost, described once. The window's badges, the trade-off
// chart, the command line, the JSON, the comparison and the PDF name risks only through
// this table. Labels are translated in the context "costlab::Risk" (widgets/common).
//
// Plan-level risks combine the phases as independent events: the plan's probability is
// the chance that the risk happens in *any* phase, 1 − Π(1 − p_phase), and its expected
// cost is the sum over phases (see combineRisk()).
#pragma once

#include "estimate.h"
#include "trnoop.h"

#include <array>

#include <cstdint>
#include <span>
#include <string_view>

namespace costlab {

enum class RiskKind : std::uint8_t {
    Oom,
    Divergence,
    Unrecoverable,
    Recovery,
    Capacity,
    Budget,
    Count
};
inline constexpr int kRiskCount = static_cast<int>(RiskKind::Count);

/// One row of the risk table.
struct RiskInfo {
    RiskKind kind;
    std::string_view id;    ///< stable key in JSON ("oom", "convergence", …); never renamed
    std::string_view label; ///< English label ("Out of memory"); translated in "costlab::Risk"
    std::string_view short_label; ///< for badges and narrow columns ("OOM")
    std::string_view explanation; ///< one line, plain words: what the probability is the chance of
    std::string_view basis;       ///< what the figure rests on (document section)
    /// Whether the risk's expected cost is booked into the total (as a hidden-cost
    /// category) or is reported beside it.
    bool in_total;
    /// Whether the event ends the run as planned (OOM at start, an unrecoverable divergence):
    /// its probability alone can make it matter, whatever its expected cost.
    bool run_killing;
    Risk PhaseEstimate::*phase; ///< the phase's figure; nullptr for a plan-only risk
    Risk Estimate::*plan;       ///< the plan's figure
};

/// The table (in the header so evaluate() sums the plan risks without a call per row).
inline constexpr std::array<RiskInfo, kRiskCount> kRiskTable{{
    {RiskKind::Oom, "oom", QT_TRANSLATE_NOOP("costlab::Risk", "Out of memory"),
     QT_TRANSLATE_NOOP("costlab::Risk", "OOM"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that a GPU runs out of memory at the planned settings, so the job fails in "
         "its first steps and must be reconfigured."),
     "Memory model (cost-model.md §3) with a log-normal uncertainty of the estimate "
     "(assumptions.oom_sigma).",
     false, true, &PhaseEstimate::oom, &Estimate::oom},
    {RiskKind::Divergence, "convergence",
     QT_TRANSLATE_NOOP("costlab::Risk", "Divergence / collapse (rolled back)"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Rollbacks"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance of at least one loss spike (pre-training) or policy collapse (RL) that is "
         "rolled back to a checkpoint and re-run; the expected cost is the re-run GPU time."),
     "Hazard per step scaled by learning rate, quantization, KL and staleness "
     "(risk-foundations.md §3, §4.3); cost booked as divergence rollbacks.",
     true, false, &PhaseEstimate::convergence, &Estimate::convergence},
    {RiskKind::Unrecoverable, "unrecoverable",
     QT_TRANSLATE_NOOP("costlab::Risk", "Unrecoverable divergence / collapse"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Run lost"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that the run diverges or collapses beyond rollback: the work so far is lost "
         "and the recipe must be re-planned; the expected cost is the lost work."),
     "Pre-training: a prior per first-of-kind run, 0 for a proven recipe (risk-foundations.md "
     "§4.3); RL: logistic in the train–inference mismatch η = generated tokens × token KL "
     "(§3.3); cost booked under divergence and collapse.",
     true, true, &PhaseEstimate::unrecoverable, &Estimate::unrecoverable},
    {RiskKind::Recovery, "recovery", QT_TRANSLATE_NOOP("costlab::Risk", "Failure recovery"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Recovery"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that a hardware failure loses more work than the threshold or meets an "
         "unusable checkpoint."),
     "Failures per GPU-hour, checkpoint interval and restart time; Daly (2006) "
     "(cost-model.md §8); cost booked as failures and restarts.",
     true, false, &PhaseEstimate::recovery, &Estimate::recovery},
    {RiskKind::Capacity, "capacity", QT_TRANSLATE_NOOP("costlab::Risk", "Capacity shortfall"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Capacity"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that elastic (on-demand or spot) GPUs are not available when needed, so the "
         "reserved GPUs wait idle."),
     "Probability of unavailability × mean wait × reserved GPUs (cost-model.md §9); cost "
     "booked as capacity waits.",
     true, false, &PhaseEstimate::capacity, &Estimate::capacity},
    {RiskKind::Budget, "budget", QT_TRANSLATE_NOOP("costlab::Risk", "Budget overrun"),
     QT_TRANSLATE_NOOP("costlab::Risk", "Budget"),
     QT_TRANSLATE_NOOP(
         "costlab::Risk",
         "Chance that the real total exceeds the budget, given the uncertainty of the "
         "estimate; the expected cost is the expected amount above the budget."),
     "The total as a normal distribution with the relative uncertainty "
     "assumptions.estimate_sigma plus the variance of the risks (cost-model.md §9).",
     false, false, nullptr, &Estimate::budget},
}};

/// Every risk, in display order (index = static_cast<int>(RiskKind)).
inline std::span<const RiskInfo> riskTable()
{
    return kRiskTable;
}

/// The row of `k`; an out-of-range value gives the first row.
const RiskInfo& riskInfo(RiskKind k);

/// How much a risk matters to the plan, 0 low, 1 elevated, 2 high — by impact, not raw
/// probability (issue 14: a 59 % chance of one cheap rollback is not alarming). Risks whose
/// expected cost is booked in the total (divergence, recovery, capacity) are judged by that
/// cost as a share of `planTotal`: < 1 % low, < 5 % elevated, else high. Out of memory
/// (the run does not start as planned) and budget overrun (the question finance asks) by
/// their probability: < 5 % low, < 20 % elevated, else high. A run-killing risk booked in
/// the total (unrecoverable divergence) takes the higher of the two levels.
int riskImpactLevel(const RiskInfo& info, const Risk& r, double planTotal);

/// Thresholds of riskImpactLevel(), for explanations.
inline constexpr double kImpactShareElevated = 0.01, kImpactShareHigh = 0.05;
inline constexpr double kImpactProbElevated = 0.05, kImpactProbHigh = 0.20;

/// The plan's risks of `e` by RiskKind (index = static_cast<int>(kind)).
inline std::array<Risk, kRiskCount> planRisks(const Estimate& e)
{
    std::array<Risk, kRiskCount> r{};
    for (const RiskInfo& info : kRiskTable)
        r[std::size_t(info.kind)] = e.*(info.plan);
    return r;
}

/// Adds one phase's risk to a plan's: probability of the event in any phase (independent
/// phases), 1 − (1 − p_plan)(1 − p_phase); expected costs add. Both in [0, 1] / ≥ 0.
inline void combineRisk(Risk& plan, const Risk& phase)
{
    plan.probability = 1 - (1 - plan.probability) * (1 - phase.probability);
    plan.expected_cost += phase.expected_cost;
}

} // namespace costlab
