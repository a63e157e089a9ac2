// Side-by-side comparison of 2–4 plans: headline figures with
// differences against the first (baseline) plan, cost by category, the parameters that
// differ, and one parameter swept for all plans. Shared by the compare view and
// `costlab-cli compare`, so both show the same numbers.
//
// Currency: every money figure of a comparison is in the baseline's currency. A plan kept in
// the other currency is converted with the exchange rate (Scenario::cny_per_usd) of
// whichever of the two is kept in CNY: that is the rate evaluate() used to price the CNY
// plan, so a CNY plan compared against a USD baseline shows exactly its USD figures.
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "figures.h"
#include "montecarlo.h"
#include "registry.h"
#include "risks.h"
#include "scenario.h"
#include "sweep.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Fewest and most plans a comparison holds (a side-by-side view stays readable up to four).
inline constexpr int kCompareMin = 2, kCompareMax = 4;

/// Text shown for a parameter of a phase the plan does not have (UTF-8 em dash).
inline constexpr std::string_view kCompareAbsent = "\u2014";

/// One compared plan as evaluated.
struct ComparedScenario {
    std::string name;
    Currency currency = Currency::USD; ///< the plan's own currency
    double to_baseline = 1;            ///< money of this plan × to_baseline = baseline currency
    std::vector<PhaseKind> kinds;      ///< phase kinds in plan order
    Estimate estimate;                 ///< as evaluate() returned it (plan's own currency)
};

/// One headline figure across the plans. Every headline figure is better when lower
/// (cost, time, risk), so a negative difference is an improvement over the baseline.
struct HeadlineRow {
    std::string id; ///< stable id ("total", "risk.oom.probability")
    /// English label: the plan figure's (figures.h, context "costlab::Figure"); for a risk
    /// row the risk's label (risks.h, context "costlab::Risk") — see headlineLabelEnglish().
    std::string_view label;
    std::optional<RiskKind> risk; ///< set for "risk.<id>.probability" / ".expected_cost" rows
    bool risk_expected = false;   ///< risk row: the expected cost (else the probability)
    std::string unit; ///< "USD", "GPU-h", "days", "USD/M tokens", "probability", "ratio"
    FigureUnit kind = FigureUnit::Money; ///< the figure table's unit kind (figures.h)
    std::vector<double> values;          ///< per plan, money in the baseline currency
    /// Per plan, what the value is per for a figure with a basis (PlanFigure::basis: the
    /// kinds of trained tokens of a cost per million tokens); empty for other rows.
    std::vector<TokenBasis> basis;
    /// Per plan: the value measures the same quantity as the baseline's (its basis is the
    /// baseline's, or the row has none). Where false, diff and diff_percent are NaN: a cost
    /// per million pre-training tokens is not better or worse than one per million RL tokens.
    std::vector<bool> comparable;
    std::vector<double> diff; ///< values[i] − values[0] (0 for the baseline; NaN: not comparable)
    /// 100·(values[i] − values[0]) / |values[0]|, in percent; 0 when both are 0; NaN when
    /// the baseline is 0 and the other is not (no meaningful relative change), or when the
    /// values are not comparable.
    std::vector<double> diff_percent;
};

/// The row's full English label ("Total cost", "Out of memory: probability").
std::string headlineLabelEnglish(const HeadlineRow&);

/// True when a baseline value shows as zero (money under a cent, probability under
/// 0.0001 %): a relative change from a rounding residue is noise, so views print "n/a".
bool negligibleBaseline(const HeadlineRow&, double base);

/// A parameter whose value is not the same in every plan.
struct ParamDiffRow {
    std::string id;                  ///< full id ("pretrain.tokens", "rl#2.env_count")
    const ParamDef* def = nullptr;   ///< registry entry (label, unit, display factor)
    std::string unit;                ///< canonical unit of the values (def->unit)
    std::vector<std::string> values; ///< per plan: getString() text, or kCompareAbsent
    std::vector<bool> present;       ///< false where the plan lacks the phase
};

struct Comparison {
    std::string error;                        ///< non-empty when the comparison could not be built
    Currency currency = Currency::USD;        ///< display currency = the baseline's
    std::vector<ComparedScenario> scenarios;  ///< baseline first
    std::vector<HeadlineRow> headline;        ///< in display order
    std::vector<CategoryArray> category_cost; ///< per plan, baseline currency
    std::vector<ParamDiffRow> params;         ///< registry order, scenario-wide first
};

/// 100·(value − base)/|base| with the conventions of HeadlineRow::diff_percent.
double percentDifference(double base, double value);

/// Evaluate 2–4 plans with one catalog and compare them against the first. Never throws;
/// a wrong count or a null pointer gives a Comparison with `error` set and nothing else.
Comparison compare(const std::vector<const Scenario*>& scenarios, const Catalog& catalog);
/// As above, each plan priced with its own catalog (catalogs[i] for scenarios[i], e.g. from
/// pickCatalog()); a size mismatch or a null entry sets `error`.
Comparison compare(const std::vector<const Scenario*>& scenarios,
                   const std::vector<const Catalog*>& catalogs);

/// One plan laid out as the baseline of a comparison that waits for more plans: its figures,
/// risks and category costs as compare() gives the baseline, no other plan and no parameter
/// differences (issue 49: the compare window opened looking empty with the open plan queued).
/// `error` set as compare() sets it.
Comparison baselineOnly(const Scenario& scenario, const Catalog& catalog);

/// Full ids bound in every plan (boundParameters order of the first plan): the parameters
/// a shared sweep can vary.
std::vector<std::string> commonParameters(const std::vector<const Scenario*>& scenarios);

/// Sweep `paramId` over [from, to] in `steps` points in every plan (sweep.h semantics).
/// One result per plan, in order; a plan lacking the parameter gets an empty result whose
/// `error` names the plan and the id ("'Route A' has no parameter 'rl.env_count'").
/// Cancellable between points; progress runs over all plans together.
std::vector<SweepResult> sharedSweep(const std::vector<const Scenario*>& scenarios,
                                     const Catalog& catalog, std::string_view paramId, double from,
                                     double to, int steps, const AnalysisControl& control = {});
/// As above, each plan swept with its own catalog (catalogs[i] for scenarios[i]); a size
/// mismatch or a null catalog gives that plan's SweepResult an error.
std::vector<SweepResult> sharedSweep(const std::vector<const Scenario*>& scenarios,
                                     const std::vector<const Catalog*>& catalogs,
                                     std::string_view paramId, double from, double to, int steps,
                                     const AnalysisControl& control = {});

/// The compared plans' Monte Carlo on one seed (issue 14: common random numbers), so the
/// runs pair up: run k of every plan draws the same failures, restarts and spreads wherever
/// the plans share a phase, and a difference between plans is the plans', not the noise.
struct CompareUncertainty {
    std::string error;                   ///< non-empty when a plan cannot be sampled
    std::vector<MonteCarloResult> plans; ///< per plan, samples kept, costs converted to
                                         ///< the baseline currency
    std::vector<double> p_cheaper; ///< share of paired runs where plan i costs less; −1 when either
                                   ///< plan is not priced than the baseline (0 for the baseline)
    std::vector<double> p_faster; ///< same for the duration
};

/// Monte Carlo runs behind the comparison's distributions (a fifth of the report's: four
/// plans at once stay well under a tenth of a second).
inline constexpr int kCompareMonteCarloRuns = 2000;

/// Samples every plan with `runs` runs (1 … 1,000,000) and seed `seed`; catalogs[i] prices
/// scenarios[i]. Money is converted to the first plan's currency as compare() does. A size
/// mismatch, a null entry or a plan that cannot be sampled sets `error` (naming the plan).
/// Cancellable; progress runs over all plans together.
CompareUncertainty compareUncertainty(const std::vector<const Scenario*>& scenarios,
                                      const std::vector<const Catalog*>& catalogs,
                                      int runs = kCompareMonteCarloRuns, std::uint64_t seed = 1,
                                      const AnalysisControl& control = {});

} // namespace costlab
