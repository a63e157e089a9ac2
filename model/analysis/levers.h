// Savings levers (issue 15): the source article's optimisation checklist (§4) and the knobs
// its risk boundaries (§5) are about, as one table. Each lever is a scenario transformation
// — parameter changes through the registry — proposed for the plan at hand; its saving is
// always the difference of two evaluate() calls (and, with Monte Carlo, of two P50/P90
// ranges on common random numbers), never a stored percentage. A lever that does not apply
// says why. Levers that choose a value (micro-batch, rollout precision, spot share…) try a
// few candidates per phase and keep the cheapest that raises no risk above its limit.
//
// Labels, descriptions, caveats and reasons are English and marked for translation in the
// context "costlab::Lever" (widgets/common/labels.h shows them).
#pragma once

#include "analysis.h"
#include "engine.h"
#include "montecarlo.h"
#include "paramchange.h"
#include "risks.h"
#include "trnoop.h"

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// The article's §5 boundary a saving pushes against, each watched through its risks.
enum class Boundary : std::uint8_t {
    None,      ///< no §5 boundary (a caveat may still apply)
    Precision, ///< §5 precision loss: divergence / collapse, rolled back or unrecoverable
    Stability, ///< §5 stability: out of memory
    Capacity,  ///< §5 capacity shortfall of elastic GPUs
    Recovery   ///< §5 safety and recovery: work lost to failures, rollback points
};
/// Stable id ("none", "precision", "stability", "capacity", "recovery").
std::string_view boundaryId(Boundary);
/// English label, context "costlab::Lever" ("Precision loss", …).
std::string_view boundaryLabel(Boundary);
/// Whether risk `k` is one the boundary watches (precision: divergence and unrecoverable;
/// stability: OOM; capacity: capacity; recovery: recovery).
bool boundaryWatches(Boundary, RiskKind k);

/// Upper limits on each risk's probability, by RiskKind; 1 = no limit. A lever (or the
/// combination) is within limits when no risk ends above its limit *and* above where it
/// started: a plan already over a limit may still take a lever that does not raise it.
struct RiskLimits {
    std::array<double, kRiskCount> max_probability{1, 1, 1, 1, 1, 1};
    double& operator[](RiskKind k) { return max_probability[std::size_t(k)]; }
    double operator[](RiskKind k) const { return max_probability[std::size_t(k)]; }
};
/// The defaults: P(OOM) ≤ 5 %, P(run lost) ≤ 5 %, P(budget overrun) ≤ 20 % — the
/// thresholds at which riskImpactLevel() calls a run-ending risk elevated or high.
RiskLimits defaultRiskLimits();

/// Risks of `after` raised above their limit compared with `before` (empty: within limits).
std::vector<RiskKind> limitsExceeded(const std::array<Risk, kRiskCount>& before,
                                     const std::array<Risk, kRiskCount>& after,
                                     const RiskLimits& limits);

/// Removes the changes that set a value `s` already has (as registry text).
void dropNoOpChanges(const Scenario& s, std::vector<ParamChange>& changes);

struct LeverInfo;

/// What a lever proposes for one plan.
struct LeverProposal {
    std::vector<ParamChange> changes; ///< empty: does not apply (see `reason`)
    std::string_view reason;          ///< why it does not apply; "costlab::Lever" text
};

/// What a proposal function may use: the plan, its catalog, its estimate and the limits.
struct LeverContext {
    const Scenario& scenario;
    const Catalog& catalog;
    const Estimate& estimate;
    const RiskLimits& limits;
};

/// One row of the lever table.
struct LeverInfo {
    std::string_view id;          ///< stable key ("rollout_quant"); never renamed
    std::string_view label;       ///< English; translated in "costlab::Lever"
    std::string_view section;     ///< the article's section ("§4.1", "§5")
    std::string_view description; ///< what it changes, in plain words
    std::string_view applies;     ///< when it applies
    Boundary boundary = Boundary::None;
    std::string_view warning; ///< plain-words warning shown when a watched risk rises
    std::string_view caveat;  ///< shown always (what the model cannot see); may be empty
    LeverProposal (*propose)(const LeverContext&) = nullptr;
};

/// Every lever, in the article's order (§4.1 … §4.5, then the §5 knobs).
std::span<const LeverInfo> leverTable();
/// The row with `id`, or nullptr.
const LeverInfo* findLever(std::string_view id);

/// A plan's figures before or after a lever.
struct LeverFigures {
    double total = 0; ///< plan total, plan currency
    double days = 0;  ///< plan wall-clock days
    std::array<Risk, kRiskCount> risks{};
    double p50 = 0, p90 = 0; ///< Monte Carlo total cost, when runs were asked for (else 0)
    bool ok = true;          ///< false: the changed plan cannot be evaluated
};

/// One lever evaluated on one plan.
struct LeverResult {
    const LeverInfo* info = nullptr;
    bool applies = false;
    std::string_view reason; ///< when it does not apply; "costlab::Lever" text
    std::vector<ParamChange> changes;
    LeverFigures before, after;
    std::vector<RiskKind> exceeded; ///< risks it raises above their limits
    /// A risk its boundary watches rises (probability or expected cost): show the warning.
    bool pushes_boundary = false;
    double saving() const { return before.total - after.total; } ///< plan currency, > 0 saves
    double savingShare() const { return before.total > 0 ? saving() / before.total : 0.0; }
    bool withinLimits() const { return exceeded.empty(); }
};

struct LeverOptions {
    RiskLimits limits = defaultRiskLimits();
    /// Monte Carlo runs behind each P50/P90 (common random numbers: the same seed before
    /// and after); 0 skips them. 0 … 1,000,000.
    int monte_carlo_runs = kPlanMonteCarloRuns;
    /// Threads each of those Monte Carlo runs is split over (MonteCarloOptions::threads,
    /// clamped to 1 … 64 there; the figures do not depend on it).
    int threads = 1;
};

/// LeversResult::error when the plan runs on an accelerator the catalog has no price for: a
/// saving against a total that leaves GPU time out would mislead.
inline constexpr const char* kLeversNotPricedError =
    "the plan is not priced (an accelerator has no price in the catalog); savings need prices";

struct LeversResult {
    LeverFigures base;               ///< the plan as it is
    std::vector<LeverResult> levers; ///< table order
    std::string error;               ///< non-empty when the plan itself cannot be evaluated
    bool cancelled = false;
};

/// Proposes and evaluates every lever on the plan. Cost: one evaluate() per lever plus the
/// candidates of the choosing levers (a few dozen evaluate() calls in all), and two Monte
/// Carlo runs per applicable lever when asked. Errors: an unevaluable plan or runs out of
/// range come back in `error`. Pure, cancellable between levers.
LeversResult evaluateLevers(const Scenario&, const Catalog&, const LeverOptions& = {},
                            const AnalysisControl& control = {});

/// "Apply all levers that raise no risk above its limit": the levers of `result` that apply,
/// save and stay within limits, taken greedily from the largest saving down, each kept only
/// if, applied on top of those already kept, the total still falls and no risk ends above
/// its limit (against the original plan's risks). Returns the kept levers' ids and their
/// changes in order, and the figures of the combined plan (without Monte Carlo).
struct LeverCombination {
    std::vector<std::string_view> lever_ids;
    std::vector<ParamChange> changes;
    LeverFigures after;
};
LeverCombination combineLevers(const Scenario&, const Catalog&, const LeversResult& result,
                               const RiskLimits& limits);

} // namespace costlab
