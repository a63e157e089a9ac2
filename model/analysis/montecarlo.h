// Monte Carlo over each phase's timeline (risk-foundations.md §8): the spread of a plan's
// cost and duration, as P10/P50/P90, that a point estimate hides. Pure, seeded, reproducible.
//
// The deterministic part (evaluate()) runs once; each run then samples, per phase:
//   - plan-level uncertainty (epistemic, one draw per run): the failure rate (log-normal
//     around the plan's rate, σ = assumptions.mc_failure_rate_sigma), the restart time
//     (log-normal around reliability.restart_min, σ = assumptions.mc_restart_sigma) and the
//     throughput (normal around 1, σ = assumptions.mc_throughput_sigma); for an RL phase
//     with environments, their latency (log-normal factor, σ =
//     assumptions.mc_env_latency_sigma) re-times the iteration as the pipeline mode
//     allows (synchronous: all of it on the critical path; asynchronous: only beyond
//     generation);
//   - the time of day the run starts (uniform): the throughput swings over the day by
//     assumptions.mc_diurnal_swing peak to trough around the engine's rate (Llama 3's
//     1–2 % day/night variation), which moves each phase's end by minutes (diurnalHours);
//   - events on the timeline (aleatoric): failures as a renewal process in wall time —
//     exponential (Poisson) times between failures by default, Weibull with shape
//     assumptions.mc_failure_weibull_shape (same mean) for infant mortality — each
//     loses the work since the last checkpoint and a restart, which can itself be
//     interrupted — with an unusable newest checkpoint (reliability.corruption_prob) costing
//     one more interval; recoverable divergence rollbacks (Poisson, the engine's hazard);
//     an unrecoverable divergence or collapse (one exponential onset at the engine's
//     probability: the work so far is lost and re-run); and the wait for elastic capacity
//     (Bernoulli × exponential). An RL phase's mismatch iterations are added as planned.
// The engine's expected costs of these events are replaced by the sampled ones; every other
// line of the estimate is kept as computed. With only failures sampled the mean wall time
// is Daly's (2006) complete model, which evaluate() uses (tested within 2 %).
#pragma once

#include "analysis.h"
#include "engine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace costlab {

/// The Monte Carlo behind every P50 · P90 a plan shows: the window's headline and
/// Uncertainty tab, the savings levers, the PDF report and the CLI's defaults, all with seed 1,
/// so one plan reads one P90 everywhere (issue 49: 5,000 / 5,000 / 10,000 / 2,000 runs gave
/// four). 5,000 runs put P90's sampling error near 1 % of the spread (docs/model-reference.md).
inline constexpr int kPlanMonteCarloRuns = 5000;

/// What to sample; the defaults sample everything with the plan's priors.
struct MonteCarloOptions {
    int runs = kPlanMonteCarloRuns; ///< 1 … 1,000,000
    std::uint64_t seed = 1; ///< same seed, same plan shape → same draws (common random numbers)
    bool epistemic = true;  ///< draw failure rate, restart time and throughput per run
    bool divergence = true; ///< sample divergence / collapse: rollbacks and lost runs
    bool capacity = true;   ///< sample waits for elastic capacity
    bool diurnal = true;    ///< sample the start's time of day against the day/night swing
    bool event_log = false; ///< keep the events of run 0 (MonteCarloResult::events)
    /// Threads sampling blocks of runs, 1 … 64 (clamped). The result does not depend on it:
    /// every run draws from its own streams and the blocks are merged in run order.
    int threads = 1;
};

/// Threads for a Monte Carlo someone waits for (the window's band, a report): the machine's
/// hardware threads, at least 1, at most 8 (a band of 5,000 runs gains little beyond).
int monteCarloThreads();

/// One event of a run's timeline (run 0 only, when asked).
struct MonteCarloEvent {
    enum class Kind : std::uint8_t {
        Failure,
        RestartInterrupted,
        UnusableCheckpoint,
        Divergence,
        CapacityWait,
        RunLost ///< unrecoverable divergence / collapse: the work so far is re-run
    };
    int phase = 0;
    Kind kind = Kind::Failure;
    double at_h = 0;   ///< wall hours since the phase started
    double lost_h = 0; ///< wall hours this event cost (work since the checkpoint, restart, wait)
};

/// Stable id of an event kind ("failure", "restart_interrupted", …).
const char* monteCarloEventId(MonteCarloEvent::Kind);

/// Empirical percentiles of one quantity.
struct Percentiles {
    double p10 = 0, p50 = 0, p90 = 0, mean = 0, min = 0, max = 0;
};

/// Equal-width histogram of one quantity, from the minimum to the 99.5th percentile: a
/// tail of rare lost runs would otherwise squeeze the bulk of the runs into two bins. Runs
/// above the last bin are counted in `above`.
struct Histogram {
    double from = 0, width = 0;
    std::vector<int> counts;
    int above = 0; ///< runs above from + width · counts.size()
};

/// The spread of one phase: its own cost (shared costs such as datasets and engineering
/// belong to no phase and are left out) and its wall-clock duration.
struct PhaseSpread {
    Percentiles cost;      ///< the phase's total, plan currency
    Percentiles days;      ///< the phase's duration, days (with its rollbacks and waits)
    double p_run_lost = 0; ///< share of runs in which this phase's run was lost
};

struct MonteCarloResult {
    int runs = 0;
    std::uint64_t seed = 0;
    Percentiles cost;          ///< plan total, plan currency
    Percentiles days;          ///< plan duration, days (phases back to back, with waits)
    Percentiles failures;      ///< interruptions per run, all phases
    double point_cost = 0;     ///< evaluate()'s total, for reference
    double point_days = 0;     ///< evaluate()'s plan length, days
    double p_over_budget = -1; ///< P(cost > budget.total); −1 when no budget is set
    double p_late = -1;        ///< P(days > budget.deadline_days); −1 when no deadline is set
    /// P(some day's spend > budget.daily_alert): per run, each phase's cost over its days plus
    /// the shared costs (engineering excepted, as evaluate() counts it) over the run's plan
    /// days, against the alert line; −1 when no alert line is set.
    double p_daily_alert = -1;
    double p_run_lost = 0;           ///< share of runs with an unrecoverable divergence / collapse
    std::vector<PhaseSpread> phases; ///< per phase, in plan order
    Histogram cost_histogram, days_histogram;       ///< 40 bins, min to P99.5
    std::vector<double> cost_samples, days_samples; ///< per run, in run order
    std::vector<MonteCarloEvent> events;            ///< run 0's timeline (event_log)
    /// False when the plan is not priced (Estimate::priced: an accelerator without a price):
    /// then the cost figures (cost, phases' cost, cost histogram and samples, P(over budget),
    /// P(daily alert)) are empty or −1 and every view says "not priced"; the durations,
    /// failures and P(run lost) are still sampled (issue 44: the priced CPU and storage parts
    /// alone were shown as the plan's cost distribution, "0 % over budget").
    bool priced = true;
    std::string error;      ///< non-empty when the plan could not be evaluated
    bool cancelled = false; ///< stopped by AnalysisControl::cancel; the runs so far are kept
};

/// The most failures one monteCarlo() call samples: well under a second on one core of the
/// reference machine (0.2 s measured at the highest failure rate). A plan whose expected
/// failures times the runs pass it is refused up front; runs that sample past it (restarts
/// interrupted again and again) are stopped, with an error and no samples (issue 44: hours
/// at the highest failure rate).
inline constexpr double kMaxMonteCarloFailures = 3e7;

/// Runs `options.runs` samples of the plan. Errors (an estimate that is not ok, runs out of
/// range) come back in `error` with no samples. Cancellable every 256 runs; reports
/// progress. Deterministic for a given (scenario, catalog, options).
MonteCarloResult monteCarlo(const Scenario&, const Catalog&, const MonteCarloOptions& = {},
                            const AnalysisControl& control = {});

/// Wall hours to do `work_h` hours of work (at the engine's mean throughput) from the clock
/// time `start_clock_h` (hours; 0 = the throughput's mean on its way up) when the throughput
/// swings over a 24 h day as 1 + (swing/2)·sin(2π·clock/24): peak-to-trough `swing`, mean 1.
/// Solves t + c·(cos ωs − cos ω(s + t)) = work, c = swing/(2ω), ω = 2π/24 h⁻¹, by Newton
/// (the rate is ≥ 1 − swing/2 > 0). Whole days take exactly their work; any span differs from
/// it by at most 2c = swing·24/π hours. swing ≤ 0, not finite or ≥ 1, or work ≤ 0: `work_h`.
/// Source of the swing: Llama 3 (Dubey et al. 2024, §3.3.4), 1–2 % from mid-day temperatures.
double diurnalHours(double work_h, double start_clock_h, double swing);

/// Linear-interpolation percentile (R type 7) of sorted values, q in [0, 1].
double percentileSorted(const std::vector<double>& sorted, double q);

} // namespace costlab
