// The plan optimiser (issue 15): the cheapest plan under the planner's risk limits. One
// training phase at a time, it enumerates a search space — accelerator, GPU count, parallel
// layout, ZeRO stage, spot share, micro-batch and recompute for pre-training; pool size and
// split, placement, pipeline, rollout precision, engine TP, environments and their instance
// for RL — and evaluates every candidate with evaluate() (the same engine as every other
// figure; 2–4 µs a plan). Two stages:
//
//   1. Screen: every candidate whose expected figures meet the constraints (P(OOM), P(run
//      lost), expected days ≤ deadline, expected cost ≤ budget) is ranked by expected cost.
//      Exact enumeration with two prunings that cannot lose a feasible candidate: an
//      impossible layout at micro-batch 1 skips its other micro-batches and recomputes
//      (divisibility does not improve with a larger micro-batch), and memory is monotone —
//      a micro-batch that runs out of memory with full recompute skips every larger one, a
//      recompute mode that runs out skips the ones that keep more activations.
//   2. Score: the best K screened candidates (OptimiserOptions::monte_carlo_top_k) get a
//      Monte Carlo run each; the P90 constraints (P90 days ≤ deadline, P90 cost ≤ budget)
//      are checked on it and the survivors re-ranked by the objective (expected or P90 cost).
//
// Also returned: the Pareto frontier of expected cost against days among screened
// candidates, and the cheapest candidate per GPU count (the "GPUs vs days vs dollars" curve:
// four times the GPUs often buys only twice the speed). Pure; cancellable; uses up to
// `threads` std::threads and is deterministic whatever their number.
#pragma once

#include "analysis.h"
#include "engine.h"
#include "paramchange.h"
#include "risks.h"

#include <cstdint>
#include <string>
#include <vector>

namespace costlab {

struct OptimiserConstraints {
    double max_oom = 0.05;      ///< P(out of memory) ≤, probability 0–1
    double max_run_lost = 0.05; ///< P(unrecoverable divergence / collapse) ≤, 0–1
    double deadline_days = 0;   ///< P90 plan duration ≤ this, days; 0 = none
    double budget = 0;          ///< P90 plan cost ≤ this, plan currency; 0 = none
};

enum class Objective : std::uint8_t {
    Expected, ///< lowest expected total (evaluate())
    P90       ///< lowest Monte Carlo P90 of the total
};

/// What may change. Empty lists keep the plan's value; the defaults come from
/// defaultOptimiserSpace().
struct OptimiserSpace {
    std::vector<std::string> accelerators; ///< catalog ids (pre-training and RL pools)
    std::vector<double> gpus;              ///< pre-training GPUs / RL pool GPUs (total)
    std::vector<double> tp{1, 2, 4, 8};
    std::vector<double> pp{1, 2, 4, 8, 16};
    std::vector<double> vpp{1, 2};
    std::vector<double> cp{1};
    std::vector<double> ep{1};
    /// CP of a pre-training phase's long-context stage (0 = the main stage's CP); empty keeps
    /// the plan's. The stage's other degrees stay the plan's.
    std::vector<double> long_cp;
    std::vector<double> zero_stage{0, 1, 2, 3};
    std::vector<double> spot_share{0, 0.25, 0.5}; ///< elastic share bought as spot
    /// Checkpoint interval, hours; 0 = automatic (the Young/Daly optimum, Daly 2006). The
    /// interval is scenario-wide, so choosing it for the searched phase sets it for every
    /// phase. Empty keeps the plan's.
    std::vector<double> checkpoint_interval_h;
    std::vector<double> micro_batch{1, 2, 4, 8};
    std::vector<Recompute> recompute{Recompute::Full, Recompute::Selective, Recompute::None};
    /// Pre-training: explicit (TP, PP, micro-batch) layouts instead of the products above
    /// (the validation runs the measured layouts of a group and nothing else).
    struct Layout {
        double tp = 1, pp = 1, micro_batch = 1;
    };
    std::vector<Layout> layouts;
    // RL
    std::vector<double> trainer_share{0.25, 0.5, 0.75}; ///< disaggregated: trainer / pool
    bool colocated = true;                              ///< try one time-shared pool
    bool disaggregated = true;
    std::vector<Pipeline> pipeline{Pipeline::Synchronous, Pipeline::Asynchronous};
    std::vector<Quantization> rollout_quant{Quantization::BF16, Quantization::FP8,
                                            Quantization::INT8, Quantization::INT4};
    std::vector<double> rollout_tp{1, 2, 4, 8};
    std::vector<double> env_count_factor{0.5, 1, 2};
    std::vector<std::string> env_instances; ///< catalog instance ids
};

/// The default space for phase `phase` of `s`: its own accelerator, GPU counts ×¼ … ×4 of
/// its own (whole nodes), the layouts above, the automatic checkpoint interval (and the
/// plan's fixed one when it has one); for RL the CPU instances of the catalog plus its own. MoE
/// phases also try EP up to the expert count; long contexts (≥ 16k) CP 2 and 4; a
/// long-context stage CP 1 … 16 of its own (Llama 3 trained 128K on CP 16).
OptimiserSpace defaultOptimiserSpace(const Scenario& s, const Catalog& cat, int phase);

struct OptimiserOptions {
    int phase = -1; ///< phase to search; −1 = the costliest pre-training or RL phase
    OptimiserConstraints constraints;
    Objective objective = Objective::Expected;
    int top_n = 10;              ///< plans returned, 1–1000
    int monte_carlo_top_k = 20;  ///< screened plans scored by Monte Carlo, 0–1000
    int monte_carlo_runs = 1000; ///< runs per scored plan, 100–100,000
    int threads = 2;             ///< 1–64 worker threads
};

/// One piece of a plan's summary: an English pattern with %1, %2 … and its arguments. The
/// patterns are literals marked for translation (context "costlab::Optimiser"), so a window
/// or report can show the summary in its language: translate the pattern, then fill in the
/// arguments (numbers and catalog ids, the same in every language).
struct SummaryPart {
    const char* pattern = "";
    std::vector<std::string> args;
};

/// The English text of one part ("spot 50 %").
std::string summaryPartText(const SummaryPart&);
/// The English summary: the parts' texts joined with " · ".
std::string summaryText(const std::vector<SummaryPart>&);

/// The limits of OptimiserConstraints, one row each (for "which limit does this plan break").
enum class OptimiserLimit : std::uint8_t {
    OutOfMemory, ///< P(OOM) > max_oom
    RunLost,     ///< P(run lost) > max_run_lost
    Deadline,    ///< days (P90 when scored) > deadline_days
    Budget       ///< total (P90 when scored) > budget
};

/// One row per limit: its name for messages (English, marked for translation in context
/// "costlab::Optimiser"; `p90_name` when the plan was scored by Monte Carlo) and its unit.
struct OptimiserLimitInfo {
    OptimiserLimit limit;
    const char* id; ///< stable id for JSON: "max_oom", "max_run_lost", "deadline_days", "budget"
    const char* name;
    const char* p90_name;
    enum class Unit : std::uint8_t { Probability, Days, Money } unit;
};
/// The row of `limit`.
const OptimiserLimitInfo& limitInfo(OptimiserLimit limit);

/// A limit a plan breaks: its value and the limit, in the limit's own unit (probability 0–1,
/// days, plan currency).
struct BrokenLimit {
    OptimiserLimit limit = OptimiserLimit::OutOfMemory;
    double value = 0;
    double bound = 0;
    bool p90 = false; ///< value is the Monte Carlo P90 (days and cost of a scored plan)
};

/// One plan of the search.
struct OptimiserPlan {
    std::vector<ParamChange> changes; ///< from the current plan (registry ids and values)
    double total = 0;                 ///< expected total, plan currency
    double days = 0;                  ///< expected plan days
    double gpus = 0;                  ///< GPUs of the searched phase (pool for RL)
    std::array<Risk, kRiskCount> risks{};
    bool scored = false; ///< Monte Carlo ran for it
    double p50 = 0, p90 = 0, p90_days = 0;
    bool meets_p90 = true; ///< the P90 constraints hold (true when none are set or not scored)
    std::string summary;   ///< one line: "64 GPUs · TP 2 · PP 4 · mb 2 · recompute selective"
    std::vector<SummaryPart> summary_parts; ///< the same, to translate (summaryText gives it)
    /// The limits it breaks (plans in OptimiserResult::nearest; empty for the others). A
    /// scored plan is judged on its P90 days and cost, as the ranking is.
    std::vector<BrokenLimit> broken;
    /// How far it is from meeting every limit: the sum over broken limits of the excess as
    /// a fraction of the limit (probability limits below 1 % count as 1 %). 0 = meets all.
    double shortfall = 0;
};

/// The limits `p` breaks under `c`, and its shortfall (see OptimiserPlan::shortfall).
std::vector<BrokenLimit> brokenLimits(const OptimiserPlan& p, const OptimiserConstraints& c,
                                      double* shortfall = nullptr);

struct OptimiserResult {
    int phase = -1;                     ///< the phase searched
    std::uint64_t candidates = 0;       ///< size of the search space
    std::uint64_t evaluated = 0;        ///< evaluate() calls made
    std::uint64_t pruned = 0;           ///< candidates skipped by the prunings
    std::uint64_t feasible = 0;         ///< screened candidates meeting the expected constraints
    OptimiserPlan current;              ///< the plan as it is (scored like the others)
    bool found = false;                 ///< a plan meets every constraint
    OptimiserPlan best;                 ///< the best such plan
    std::vector<OptimiserPlan> top;     ///< the best `top_n`, by the objective
    std::vector<OptimiserPlan> pareto;  ///< cost–days frontier of screened candidates, by days
    std::vector<OptimiserPlan> by_gpus; ///< cheapest screened candidate per GPU count
    /// When no plan meets every limit (found false): the `top_n` plans closest to meeting
    /// them, by shortfall, each with the limits it breaks, so the user sees which limit to
    /// relax and by how much. Empty when a plan was found.
    std::vector<OptimiserPlan> nearest;
    std::string error;
    bool cancelled = false;
};

/// Searches `space` on phase `options.phase`. Errors (an unevaluable plan, no trainable
/// phase, options out of range) come back in `error`.
OptimiserResult optimise(const Scenario&, const Catalog&, const OptimiserSpace&,
                         const OptimiserOptions& = {}, const AnalysisControl& control = {});

/// The phase optimise() searches when OptimiserOptions::phase is −1; −1 when none trains.
int defaultOptimiserPhase(const Scenario&, const Catalog&);

} // namespace costlab
