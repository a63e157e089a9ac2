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

#include <cstdint>
#include <span>
#include <string_view>

namespace costlab {

enum class RiskKind : std::uint8_t { Oom, Divergence, Recovery, Capacity, Budget, Count };
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
    Risk PhaseEstimate::*phase; ///< the phase's figure; nullptr for a plan-only risk
    Risk Estimate::*plan;       ///< the plan's figure
};

/// Every risk, in display order (index = static_cast<int>(RiskKind)).
std::span<const RiskInfo> riskTable();

/// The row of `k`; an out-of-range value gives the first row.
const RiskInfo& riskInfo(RiskKind k);

/// Adds one phase's risk to a plan's: probability of the event in any phase (independent
/// phases), 1 − (1 − p_plan)(1 − p_phase); expected costs add. Both in [0, 1] / ≥ 0.
void combineRisk(Risk& plan, const Risk& phase);

} // namespace costlab
