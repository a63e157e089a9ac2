// One-parameter sweeps over evaluate() (cost-model.md §10): the trade-off charts.
#pragma once

#include "analysis.h"
#include "engine.h"
#include "registry.h"
#include "risks.h"

#include <array>
#include <string>
#include <vector>

namespace costlab {

struct SweepPoint {
    double x = 0;       ///< parameter value (choice index for categorical)
    std::string label;  ///< choice id / catalog id for categorical sweeps, else ""
    double total = 0;   ///< total cost; only what is priced when `priced` is false
    bool priced = true; ///< false: an accelerator has no price (Estimate::priced), no total
    double gpu_hours = 0, wall_hours = 0;
    std::array<Risk, kRiskCount> risks{}; ///< the plan's risks, by RiskKind (risks.h)
    CategoryArray cost{};
    const Risk& risk(RiskKind k) const { return risks[std::size_t(riskInfo(k).kind)]; }
    /// Expected cost of the phase risks (all but the budget overrun), plan currency.
    double expectedRiskCost() const
    {
        double sum = 0;
        for (const RiskInfo& r : riskTable())
            if (r.phase != nullptr)
                sum += risks[std::size_t(r.kind)].expected_cost;
        return sum;
    }
};

struct SweepResult {
    std::string param; ///< full id
    bool categorical = false;
    std::vector<SweepPoint> points;
    double optimum_x = -1;  ///< Young/Daly optimum for checkpoint-interval sweeps, else -1
    double current_x = -1;  ///< the plan's effective value (the automatic checkpoint interval
                            ///< when it is on), in stored units; -1 = the parameter's value
    std::string error;      ///< non-empty when the sweep could not run
    bool cancelled = false; ///< stopped by AnalysisControl::cancel; points are partial
};

/// The swept parameter's value plan `s` runs with, in stored units: the engine's
/// (SweepResult::current_x: the Young/Daly interval when the checkpoint interval is
/// automatic, where the stored one is ignored) when `r` has one, else its value in `s`.
/// `ref` is the parameter of `s` that `r` swept. Every chart's "current" marker reads it.
double valueInForce(const Scenario& s, const ParamRef& ref, const SweepResult& r);

/// Sweep `fullId` from `from` to `to` in `steps` points (log-spaced when the parameter's
/// scale is Log and both ends are positive). Categorical parameters (choices, catalog
/// references, booleans) ignore from/to/steps and visit every value. steps ≥ 2, ≤ 100000.
/// Cancellable between points (`cancelled` set, the points so far kept); reports progress.
SweepResult sweep(const Scenario&, const Catalog&, std::string_view fullId, double from, double to,
                  int steps, const AnalysisControl& control = {});

/// Sweep over the parameter's validated range (or hard range when none) with `steps` points.
SweepResult sweepDefaultRange(const Scenario&, const Catalog&, std::string_view fullId, int steps,
                              const AnalysisControl& control = {});

} // namespace costlab
