// JSON export of engine results (nlohmann/json inside the .cpp only). This is the
// machine-readable face of the command-line tool (`costlab-cli evaluate --json`) and of
// batch/CI budget checks, so key names are stable snake_case and never renamed once
// released; new keys may be added. Money is in the scenario's currency (the `currency`
// key), time in hours unless the key says `_days` or `_s`, memory in bytes (`_bytes`)
// and GiB (`_gib`, 2^30 bytes), probabilities in 0..1. Non-finite numbers are written
// as null (JSON has no NaN).
#pragma once

#include "compare.h"
#include "estimate.h"
#include "levers.h"
#include "montecarlo.h"
#include "optimiser.h"
#include "scenario.h"
#include "sensitivity.h"
#include "sweep.h"
#include "value.h"

#include <string>
#include <string_view>

namespace costlab {

/// The whole estimate as a 2-space indented JSON object: totals, fixed/elastic split,
/// GPU-hours, wall time, cost per million tokens, budget, every non-zero cost line
/// (top-level `lines` holds phase lines and shared lines, so their `amount`s sum to
/// `total`), per-phase memory per GPU role, risks, recovery figures and RL timing.
/// `scenario` supplies the name, currency and attribution tags; it must be the scenario
/// the estimate was computed from (phases are matched by index). Never throws.
std::string estimateToJson(const Scenario& scenario, const Estimate& estimate);

/// A sweep as JSON: parameter id, categorical flag, Young/Daly optimum (null when not a
/// checkpoint-interval sweep), error (null when none) and one object per point with
/// totals, every risk and cost by category. `currency` (e.g. "USD") is written when
/// non-empty. Never throws.
std::string sweepToJson(const SweepResult& result, std::string_view currency = {});

/// A Monte Carlo result as JSON (format "costlab.montecarlo"): percentiles of cost, days and
/// failures, P(over budget), both histograms and, when kept, run 0's events. Samples are
/// left out (they are `runs` numbers each); money in `currency`.
std::string monteCarloToJson(const MonteCarloResult& result, std::string_view currency = {});

/// A sensitivity result as JSON (format "costlab.sensitivity"): the plan's total and days,
/// then one row per input by swing — id, unit, value, range source ("registry" with its
/// source text, or "relative"), and at `low` and `high` the value, total, days and every
/// risk. Money in `currency`. Never throws.
std::string sensitivityToJson(const SensitivityResult& result, double relative,
                              std::string_view currency = {});

/// Levers evaluated on a plan as JSON (format "costlab.levers"): the limits, the plan's
/// figures (total, days, P50/P90 when Monte Carlo ran, every risk), one object per lever in
/// table order — id, section, boundary, applies, reason, changes, after-figures, saving and
/// its share, risks above their limits, pushes_boundary — and the combination "apply all
/// within limits" (its levers, changes and figures). Money in `currency`. Never throws.
std::string leversToJson(const LeversResult& result, const LeverCombination& combined,
                         const RiskLimits& limits, std::string_view currency = {});

/// An optimiser result as JSON (format "costlab.optimise"): the constraints and objective,
/// the search counts (candidates, evaluated, pruned, feasible), the current plan, the best
/// plan (null when none meets the constraints), the top plans, the Pareto frontier and the
/// cheapest plan per GPU count; each plan with its changes, expected total and days, GPUs,
/// every risk and, when scored, P50/P90 cost and P90 days. Never throws.
std::string optimiserToJson(const OptimiserResult& result, const OptimiserOptions& options,
                            std::string_view currency = {});

/// The comparison as JSON (2-space indent, snake_case keys, NaN as null). Money is in the
/// "currency" field's unit.
std::string comparisonToJson(const Comparison&);

/// Route A vs Route B on value (analysis/value.h) as JSON ("costlab.value", version 1): the
/// score grid, each plan's route and cost curve (point, P10, P50, P90; null where a route
/// does not reach the score), the crossing (null when none) and the tornado's rows.
std::string valueToJson(const ValueComparison&, std::string_view currency = {});

} // namespace costlab
