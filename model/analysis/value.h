// Route A vs Route B on value, not only on price (issue 46, item 5; docs/model-reference.md
// §11.4): what each plan costs to reach a benchmark score, with its P10–P90 band, the score
// at which one route becomes cheaper than the other, and which law assumptions move that
// crossing (a tornado). A plan reaches a score by its route's lever: an RL phase trains until
// its compute–performance curve says the score is reached (rl.target_score), a plan without
// RL pre-trains until its loss, read through the phase's score map (scaling.h ScoreMap), is low
// enough (pretrain.target_loss). An RL phase after a pre-training phase with a score map
// starts from the score its base's loss reads as, so the base's size and tokens count. Every
// figure comes from evaluate() and monteCarlo() of the plan with the target set. Pure and
// cancellable like every analysis.
#pragma once

#include "analysis.h"
#include "engine.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// How a plan reaches a higher score.
enum class ValueLever : unsigned char {
    None,        ///< neither an RL phase nor a pre-training phase with a score map
    RlScore,     ///< the last RL phase's target score
    PretrainLoss ///< the last pre-training phase's target loss, through its score map
};

/// Why a plan has no value curve.
enum class ValueProblem : unsigned char {
    None,
    NoScore,     ///< no RL phase and no pre-training phase with a score map
    NotEvaluable ///< the plan itself cannot be evaluated (a refused layout, an unknown id)
};

/// A plan's route to a score.
struct ValueRoute {
    ValueLever lever = ValueLever::None;
    ValueProblem problem = ValueProblem::None;
    int phase = -1;     ///< index of the phase whose target moves
    double start = 0;   ///< RL: the start score R0; loss: the score at a tenth of the tokens
    double bound = 0;   ///< the score no training passes: the curve's A, or S(loss floor)
    double current = 0; ///< the plan's own score as it stands (its counts or its target)
    double r0 = 0;      ///< RL: the start score used
    /// RL: R0 is the base's score, S(L(N, D)) of the pre-training phase before it (its score
    /// map), not the typed rl.curve.r0.
    bool r0_from_base = false;
};

/// The route of plan `s`. Errors: `problem`.
ValueRoute valueRoute(const Scenario&, const Catalog&);

/// Plan `s` with its route's target set to reach `score` (0–1): rl.target_score = score, or
/// pretrain.target_loss = the score map's loss for it; an RL phase's R0 from its base when
/// `route.r0_from_base`. `s` itself when the route has no lever.
Scenario planForScore(const Scenario&, const ValueRoute&, double score);

/// One point of a value curve.
struct ValuePoint {
    double score = 0;
    bool reachable = false; ///< the route reaches the score and the plan evaluates there
    double cost = 0;        ///< evaluate()'s total, plan currency
    /// Monte Carlo cost percentiles (the law's σ included); NaN where the Monte Carlo could not
    /// run, the point estimate when no runs were asked for.
    double p10 = 0, p50 = 0, p90 = 0;
    double days = 0; ///< evaluate()'s wall-clock days
};

struct ValueCurve {
    ValueRoute route;
    std::vector<ValuePoint> points; ///< on the comparison's score grid
};

/// One assumption of the tornado: the same swing applied to both plans.
struct ValueAssumption {
    std::string_view id;    ///< stable id ("law.e")
    std::string_view label; ///< English, translated in the context "costlab::Value"
    std::string_view swing; ///< English: the swing and where it comes from
    /// Moves the assumption in `s` to its low (sign −1) or high (+1) side; false when the plan
    /// has nothing it applies to.
    bool (*apply)(Scenario& s, double sign);
};

/// The tornado's assumptions, one row each: the loss law's E (its standard error), the score
/// map (midpoint, slope) and the RL curve (A, B, C_mid, a typed R0). The law's α and β are not
/// moved alone: A and B were fitted with them, and ±10 % of α alone moves the loss floor of a
/// 70B model by more than 0.1 nats, beyond any published interval.
std::span<const ValueAssumption> valueAssumptions();

/// The crossing as one assumption moves.
struct ValueTornadoRow {
    const ValueAssumption* assumption = nullptr;
    double low = 0, high = 0; ///< crossing score at the low and the high side; NaN: none there
};

struct ValueComparisonOptions {
    int points = 41;    ///< score grid points, 3 … 400
    int mc_runs = 500;  ///< Monte Carlo runs per point (0 = none: p10 = p50 = p90 = cost)
    double target = -1; ///< the score the comparison is read at; −1 = the crossing or the middle
};

/// Two plans on one score axis. `crossing`: the score at which the first plan's cost minus the
/// second's changes sign (evaluate()'s totals, bisection to 1e-4), NaN when none on the grid.
struct ValueComparison {
    std::vector<double> grid; ///< scores, ascending
    ValueCurve a, b;
    double crossing = 0;                  ///< NaN when the curves do not cross
    bool a_cheaper_below = false;         ///< below the crossing the first plan is the cheaper
    std::vector<ValueTornadoRow> tornado; ///< by the crossing's swing, largest first
    std::string error;                    ///< English, non-empty when no comparison could run
    int failed_plan = -1; ///< 0 or 1: the plan without a route (`problem` says why); −1 none
    ValueProblem problem = ValueProblem::None;
    bool cancelled = false;
};

/// Compares plan `a` (with its catalog) against `b` over a common score grid from the lower
/// start to just below the higher bound. Cost: points × 2 × (1 evaluate() + mc_runs runs), and
/// about 60 evaluate() calls per tornado side. Errors: a plan without a route (`error` names
/// which) or options out of range.
ValueComparison compareValue(const Scenario& a, const Catalog& catA, const Scenario& b,
                             const Catalog& catB, const ValueComparisonOptions& = {},
                             const AnalysisControl& control = {});

} // namespace costlab
