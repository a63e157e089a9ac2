// One-at-a-time sensitivity (the tornado, issue 14): every numeric input of the plan moved
// to a low and a high value while the others stay, each side one evaluate() call; rows sorted
// by the swing of the total cost. A parameter whose registry row names a plausible range
// (ParamDef::unc_low/unc_high, with its source) is moved across that range; every other one
// by the user's "what if ±x %". Pure and cancellable like every analysis.
#pragma once

#include "analysis.h"
#include "engine.h"
#include "registry.h"
#include "risks.h"

#include <array>
#include <string>
#include <vector>

namespace costlab {

struct SensitivityOptions {
    double relative = 0.2;       ///< ± share for inputs without a registry range, (0, 1)
    bool registry_ranges = true; ///< use the registry's ranges where it has them
};

/// The plan at one end of a parameter's range.
struct SensitivitySide {
    double value = 0;                     ///< the input, stored units
    double total = 0;                     ///< plan total cost
    double days = 0;                      ///< plan wall-clock days
    std::array<Risk, kRiskCount> risks{}; ///< plan risks by RiskKind
    bool ok = true; ///< false: the plan cannot be evaluated there (layout, shape)
};

struct SensitivityRow {
    std::string id; ///< full id ("pretrain.tokens", "rl#2.env_count")
    const ParamDef* def = nullptr;
    double value = 0;           ///< the plan's value, stored units
    bool from_registry = false; ///< the range is the registry's, with def->unc_source
    /// A phase's target (loss or score): ± the share of its distance to the law's floor or the
    /// curve's asymptote, so neither side crosses the bound no training passes (issue 46).
    bool from_law = false;
    SensitivitySide low, high;
    /// |total(high) − total(low)|, plan currency; 0 when a side cannot be evaluated.
    double swing() const;
};

struct SensitivityResult {
    double total = 0, days = 0;       ///< the plan as it is
    std::vector<SensitivityRow> rows; ///< by swing, largest first
    std::string error;                ///< non-empty when the plan itself cannot be evaluated
    bool cancelled = false;
};

/// Every bound numeric input (not choices, switches or catalog references, not inputs the
/// shape derives, not inactive ones) with a range: the registry's, clamped to the input's
/// hard limits, or value × (1 ± relative); inputs at 0 without a registry range are skipped
/// (a share of nothing moves nothing); whole-number inputs are rounded. Cost: two
/// evaluate() calls per row. Errors: `relative` outside (0, 1) or an unevaluable plan come
/// back in `error`.
SensitivityResult sensitivity(const Scenario&, const Catalog&, const SensitivityOptions& = {},
                              const AnalysisControl& control = {});

} // namespace costlab
