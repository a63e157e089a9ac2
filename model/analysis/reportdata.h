// What the budget report says, as data: the estimate, the risks ranked by expected cost, the
// cost rows per phase and category with their attribution, and the assumption rows with the
// plan's own values. The PDF writer (widgets/report) only formats and lays this out, so the
// numbers it prints are the engine's and can be checked without a page in sight.
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "levers.h"
#include "montecarlo.h"
#include "optimiser.h"
#include "registry.h"
#include "risks.h"
#include "scenario.h"

#include <string>
#include <vector>

namespace costlab {

/// One risk of one phase (or of the whole plan: phase −1).
struct RankedRisk {
    int phase = -1;
    RiskKind kind = RiskKind::Oom;
    Risk risk;
};

/// One non-zero cost of a phase in a category (phase −1: shared costs), money in the
/// scenario currency. fixed + elastic = total.
struct CostRow {
    int phase = -1;
    Category category = Category::ComputeTraining;
    double fixed = 0, elastic = 0, total = 0;
};

/// Whether an input still has the value a new plan with the same phases would have.
enum class DefaultState : std::uint8_t { Default, Changed, Unknown };

/// One input of the plan, in registry order (scenario-wide first, then each phase).
struct AssumptionRow {
    ParamRef ref;   ///< definition and phase (−1: whole plan)
    std::string id; ///< full id ("pretrain.tokens", "rl#2.env_count")
    DefaultState state = DefaultState::Unknown;
};

struct ReportData {
    Estimate estimate;
    /// Every phase risk and the budget risk (when a budget is set), by expected cost,
    /// largest first; ties keep phase order, then risk-table order.
    std::vector<RankedRisk> ranked_risks;
    /// Phase × category rows (phase order, category order), then the shared rows.
    std::vector<CostRow> cost_rows;
    std::vector<AssumptionRow> assumptions;
    int first_rl_phase = -1; ///< index of the first RL phase, −1 when none
    /// Monte Carlo of the plan (kReportMonteCarloRuns runs, seed 1; percentiles only, the
    /// samples dropped); `error` set when the plan cannot be sampled.
    MonteCarloResult uncertainty;
    /// The savings levers on the plan (default risk limits, kReportLeverRuns Monte Carlo runs
    /// each, as `costlab-cli levers`) and the combination "all within limits".
    LeversResult levers;
    LeverCombination combined_levers;
    RiskLimits lever_limits = defaultRiskLimits();
    /// The cheapest plan of the default search space (as `costlab-cli optimise`) under the
    /// stated constraints: the lever limits for P(out of memory) and P(run lost), the plan's
    /// deadline on P90 days and its budget on P90 cost (none when unset). Its `current`
    /// plan carries `uncertainty`'s P50/P90 (one set of figures per plan in the report); the
    /// candidates their OptimiserOptions::monte_carlo_runs scores.
    OptimiserResult optimised;
};

/// Monte Carlo runs behind each lever's P50/P90 in the report: the plan's (the window's and
/// the CLI's default).
inline constexpr int kReportLeverRuns = kPlanMonteCarloRuns;

/// Runs behind the report's uncertainty table: the plan's, so the figures match the window's
/// headline and `costlab-cli montecarlo`.
inline constexpr int kReportMonteCarloRuns = kPlanMonteCarloRuns;

/// Evaluates `scenario` with `catalog` and derives the report's rows. Pure; never throws
/// for a scenario the registry accepts.
ReportData reportData(const Scenario& scenario, const Catalog& catalog);

} // namespace costlab
