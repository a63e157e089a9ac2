#include "montecarlo.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numbers>
#include <thread>

namespace costlab {

namespace {

/// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): a counter-based generator whose whole
/// state is one word, so every (run, phase, purpose) gets its own stream from the seed at no
/// cost — that is what makes common random numbers hold when two plans sample different
/// numbers of events. The standard engines carry kilobytes of state per stream, and the
/// standard distributions are not specified bit for bit, so draws are turned into variates
/// here by inversion.
class Stream {
public:
    Stream(std::uint64_t seed, std::uint64_t run, std::uint64_t purpose)
        : m_state(mix(seed ^ mix(run * 0x9E3779B97F4A7C15ULL + purpose)))
    {
    }
    /// Uniform on (0, 1): 53 random bits, never 0 (so −ln U is finite).
    double uniform() { return (double(next() >> 11) + 0.5) * 0x1.0p-53; }
    /// Exponential with the given mean.
    double exponential(double mean) { return -mean * std::log(uniform()); }
    /// Weibull with the given mean and shape k (k = 1: exponential, one draw either way):
    /// scale = mean / Γ(1 + 1/k), x = scale · (−ln U)^{1/k}.
    double weibull(double mean, double k)
    {
        if (k == 1)
            return exponential(mean);
        return mean / std::tgamma(1 + 1 / k) * std::pow(-std::log(uniform()), 1 / k);
    }
    /// Standard normal (Box–Muller; the second variate is dropped to keep streams aligned).
    double normal()
    {
        const double u = uniform(), v = uniform();
        return std::sqrt(-2 * std::log(u)) * std::cos(2 * std::numbers::pi * v);
    }
    /// Poisson count with mean mu: inversion for small means, normal approximation above 50.
    double poisson(double mu)
    {
        if (!(mu > 0))
            return 0;
        if (mu > 50)
            return std::max(0.0, std::round(mu + std::sqrt(mu) * normal()));
        const double limit = std::exp(-mu);
        double k = 0, p = uniform();
        while (p > limit) {
            p *= uniform();
            ++k;
        }
        return k;
    }

private:
    static std::uint64_t mix(std::uint64_t z)
    {
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::uint64_t next()
    {
        m_state += 0x9E3779B97F4A7C15ULL;
        return mix(m_state);
    }
    std::uint64_t m_state;
};

enum Purpose : std::uint64_t {
    Epistemic = 0,
    Failures = 1,
    Divergence = 2,
    Capacity = 3,
    Unrecoverable = 4,
    EnvLatency = 5,
    Diurnal = 6,
    TargetNeed = 7,
    Straggler = 8
};

/// What one phase contributes to a run, taken once from the deterministic estimate.
struct PhaseInputs {
    double gpus = 0, price = 0;  ///< GPUs held, blended price per GPU-hour
    double work = 0;             ///< failure-free working hours (no stalls)
    double tau = 1, delta = 0;   ///< checkpoint interval (work h), stall per checkpoint (h)
    double mtbf = 0;             ///< job MTBF, h (0 = no failures)
    double shape = 1;            ///< Weibull shape of the time between failures (1 = exponential)
    double restart = 0;          ///< restart time R, h
    double corruption = 0;       ///< P(newest checkpoint unusable)
    double expectedWall = 0;     ///< evaluate()'s wall hours
    double divEvents = 0;        ///< expected recoverable rollbacks
    double divCostPerEvent = 0;  ///< plan currency per rollback
    double divHoursPerEvent = 0; ///< wall hours per rollback
    double divExpectedCost = 0;  ///< evaluate()'s hidden.divergence share of it
    double capProbability = 0;   ///< P(elastic capacity unavailable)
    double capWaitMean = 0;      ///< hours
    double capCostPerHour = 0;   ///< reserved GPUs idling per hour of wait
    double capExpectedCost = 0;
    double extraWall = 0; ///< RL mismatch's extra iterations, wall hours (deterministic)
    // RL iteration parts (s), to re-time an iteration whose environments are m× slower.
    bool rl = false, async = false, colocated = false;
    double genS = 0, envS = 0, trainS = 0, syncS = 0, iterS = 0;
    double lostProbability = 0;  ///< P(unrecoverable divergence / collapse) over the phase
    double lostHorizon = 0;      ///< working hours the onset can fall in
    double lostExpectedCost = 0; ///< evaluate()'s expected lost work, plan currency
    /// A phase sized by a target: log-normal σ of the training the target needs (the law's
    /// uncertainty, TargetFigures::sigma), one draw per run.
    double neededSigma = 0;
    /// A pre-training phase's production step (issue 45, item 6): its GPUs, straggler spread,
    /// and the benchmark step's and evaluation passes' shares of the production step.
    double stragglerGpus = 0, stragglerCv = 0, benchShare = 0, evalShare = 0;
};

PhaseInputs phaseInputs(const Scenario& s, const Phase& p, const PhaseEstimate& pe)
{
    PhaseInputs in;
    in.gpus = pe.gpus;
    in.price = pe.gpu_price;
    in.expectedWall = pe.wall_hours;
    in.work = pe.gpus > 0 ? pe.ideal_gpu_hours / pe.gpus : 0;
    in.tau = pe.rec.checkpoint_interval_h > 0 ? pe.rec.checkpoint_interval_h : in.work;
    in.delta = pe.rec.checkpoint_stall_h;
    in.mtbf = pe.rec.mtbf_h;
    in.shape = std::clamp(s.assumptions.mc_failure_weibull_shape, 0.2, 5.0);
    in.restart = std::max(0.0, s.reliability.restart_min / 60.0);
    in.corruption = std::clamp(s.reliability.corruption_prob, 0.0, 1.0);
    const double pDiv = std::clamp(pe.convergence.probability, 0.0, 1.0 - 1e-16);
    in.divEvents = -std::log1p(-pDiv);
    in.divExpectedCost = pe.convergence.expected_cost;
    if (in.divEvents > 0) {
        in.divCostPerEvent = pe.convergence.expected_cost / in.divEvents;
        const double rate = pe.gpus * pe.gpu_price;
        in.divHoursPerEvent = rate > 0 ? in.divCostPerEvent / rate : 0;
    }
    in.capProbability = std::clamp(pe.capacity.probability, 0.0, 1.0);
    in.capWaitMean = std::max(0.0, s.capacity.mean_wait_h);
    in.capExpectedCost = pe.capacity.expected_cost;
    const double expectedWait = in.capProbability * in.capWaitMean;
    in.capCostPerHour = expectedWait > 0 ? pe.capacity.expected_cost / expectedWait : 0;
    in.extraWall = pe.rl.mismatch_extra * in.work;
    if (pe.kind == PhaseKind::RlPosttrain && pe.rl.iteration_s > 0 && pe.rl.environment_s > 0) {
        in.rl = true;
        in.async = p.rl.pipeline == Pipeline::Asynchronous;
        in.colocated = p.rl.placement == Placement::Colocated;
        in.genS = pe.rl.generation_s;
        in.envS = pe.rl.environment_s;
        in.trainS = pe.rl.training_s;
        in.syncS = pe.rl.sync_s;
        in.iterS = pe.rl.iteration_s;
    }
    in.lostProbability = std::clamp(pe.unrecoverable.probability, 0.0, 1.0);
    in.lostHorizon = in.work + in.extraWall;
    in.lostExpectedCost = pe.unrecoverable.expected_cost;
    in.neededSigma = pe.target.kind != TargetFigures::Kind::None ? pe.target.sigma : 0.0;
    const double production = productionSeconds(pe.step);
    if (pe.step.straggler_s > 0 && production > 0) {
        in.stragglerGpus = pe.gpus;
        in.stragglerCv = s.assumptions.straggler_cv;
        in.benchShare = pe.step.total_s / production;
        in.evalShare = pe.step.eval_s / production;
    }
    return in;
}

/// Wall hours of `work` hours in segments of τ work + δ stall under failures with mean time
/// between failures `mtbf`. The time to the next failure covers whole segments and then
/// loses the part of the segment it interrupts; the restart R can itself be interrupted; an
/// unusable checkpoint redoes one more segment. Times between failures are exponential
/// (Poisson process: the mean is Daly's complete model M·e^{R/M}·(e^{(τ+δ)/M} − 1)·work/τ)
/// or, with shape k ≠ 1, Weibull with the same mean, the clock renewed at every failure:
/// k < 1 is infant mortality — a replaced node or a restarted job fails again
/// soon more often, as lemon nodes and new clusters do (risk-foundations.md §5.1). A mixture
/// of nodes with different exponential rates has such a decreasing hazard (Proschan,
/// Technometrics 5, 1963), which is why one shape stands for a population of bad nodes.
double simulateWall(const PhaseInputs& in, double work, double mtbf, double restart, Stream& rng,
                    double& failures, double failureLimit, int phase,
                    std::vector<MonteCarloEvent>* log)
{
    const double L = in.tau + in.delta;
    double remaining = in.tau > 0 ? work / in.tau : 0; // segments still to complete
    if (!(mtbf > 0) || !std::isfinite(mtbf) || remaining <= 0)
        return remaining * L;
    const double total = remaining;
    double t = 0;
    // A run that cannot progress (interval far above the MTBF) is cut at 10^4 × the work, as
    // evaluate() caps it.
    const double cap = 1e4 * std::max(work, 1e-9);
    // The failure clock renews at each failure (a renewal process in wall time, so the
    // long-run rate is 1/M for any shape): `next` is the time from now to the next failure.
    double next = rng.weibull(mtbf, in.shape);
    // failureLimit: the caller's budget of sampled failures (kMaxMonteCarloFailures over the
    // whole call); a run that fails faster than it progresses stops here, and the caller
    // reports it.
    while (t < cap && failures < failureLimit) {
        const double x = next;
        if (x >= remaining * L) {
            t += remaining * L;
            break;
        }
        const double whole = std::floor(x / L);
        remaining -= whole;
        t += x;
        failures += 1;
        // The failure's cost: the work since the last checkpoint and the whole restart.
        const std::size_t at = log ? log->size() : 0;
        if (log)
            log->push_back({phase, MonteCarloEvent::Kind::Failure, t, x - whole * L});
        // Restart; a failure during it starts it over.
        while (failures < failureLimit) {
            const double y = rng.weibull(mtbf, in.shape);
            if (y >= restart) {
                t += restart;
                next = y - restart;
                if (log)
                    (*log)[at].lost_h += restart;
                break;
            }
            t += y;
            failures += 1;
            if (log)
                log->push_back({phase, MonteCarloEvent::Kind::RestartInterrupted, t, y});
        }
        if (in.corruption > 0 && remaining < total && rng.uniform() < in.corruption) {
            remaining = std::min(total, remaining + 1); // back to the checkpoint before
            if (log)
                log->push_back({phase, MonteCarloEvent::Kind::UnusableCheckpoint, t, L});
        }
    }
    return std::min(t, cap);
}

Percentiles describe(std::vector<double> v)
{
    Percentiles p;
    if (v.empty())
        return p;
    double sum = 0;
    for (double x : v)
        sum += x;
    std::sort(v.begin(), v.end());
    p.mean = sum / double(v.size());
    p.min = v.front();
    p.max = v.back();
    p.p10 = percentileSorted(v, 0.10);
    p.p50 = percentileSorted(v, 0.50);
    p.p90 = percentileSorted(v, 0.90);
    return p;
}

Histogram histogram(const std::vector<double>& v, double lo, double hi)
{
    constexpr int kBins = 40;
    Histogram h;
    h.counts.assign(kBins, 0);
    h.from = lo;
    h.width = hi > lo ? (hi - lo) / kBins : 1;
    for (double x : v) {
        if (hi > lo && x > hi) {
            ++h.above;
            continue;
        }
        const int b = std::clamp(int((x - lo) / h.width), 0, kBins - 1);
        ++h.counts[std::size_t(b)];
    }
    return h;
}

/// The histogram's upper end: the 99.5th percentile of `v` (the maximum for fewer than 200
/// runs, where it is the same run or next to it).
double histogramTop(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return percentileSorted(v, 0.995);
}

/// Plan-level spreads (σ of the failure rate, restart time, throughput and environment
/// latency draws).
struct Sigmas {
    double lambda = 0, restart = 0, throughput = 0, env = 0, straggler = 0;
};

/// An RL iteration's seconds when every environment step takes m× the planned time, in the
/// engine's structure (engine.cpp rlTiming): synchronous, the environment wait is on the
/// critical path; asynchronous, rollout is max(generation, environments), then
/// colocated adds training and the switch, disaggregated overlaps them. m = 1 gives the
/// engine's iteration.
double retimedIteration(const PhaseInputs& in, double m)
{
    const double env = in.envS * m;
    if (!in.async)
        return in.iterS + (env - in.envS);
    const double rollout = std::max(in.genS, env);
    return in.colocated ? rollout + in.trainS + in.syncS : std::max(rollout, in.trainS + in.syncS);
}

/// What one phase adds to one run: the cost above evaluate()'s, its wall hours, whether its
/// run was lost.
struct PhaseRun {
    double cost_delta = 0, wall = 0;
    bool lost = false;
};

/// One phase of one run: the plan-level draws, the failure timeline, rollbacks, a lost run
/// and the wait for capacity, each from its own stream (common random numbers).
PhaseRun samplePhase(const PhaseInputs& in, int i, int run, const MonteCarloOptions& opt,
                     const Sigmas& sig, double swing, double clock, double& failures,
                     double failureLimit, std::vector<MonteCarloEvent>* log)
{
    PhaseRun out;
    const auto phase = std::uint64_t(i) << 8;
    // Plan-level draws: one each per run and phase, always consumed (aligned streams).
    Stream epi(opt.seed, std::uint64_t(run), phase | Epistemic);
    const double zL = epi.normal(), zR = epi.normal(), zT = epi.normal();
    const double mtbf = in.mtbf * std::exp(-sig.lambda * zL); // λ log-normal, median λ
    const double restart = in.restart * std::exp(sig.restart * zR);
    double work = in.work * std::max(0.5, 1 + sig.throughput * zT);
    if (in.rl && sig.env > 0) {
        // The environments' latency is as uncertain as the plan's guess of it: one
        // log-normal factor per run (median 1), from its own stream.
        Stream env(opt.seed, std::uint64_t(run), phase | EnvLatency);
        work *= retimedIteration(in, std::exp(sig.env * env.normal())) / in.iterS;
    }
    if (in.stragglerCv > 0 && sig.straggler > 0) {
        // How uneven the GPUs are is a property of the cluster the run gets: one log-normal
        // draw of the straggler spread per run (median the plan's), its own stream; the
        // production step is the benchmark step slowed by the slowest GPU plus the evaluation
        // passes, the share of each as evaluate() priced them.
        Stream st(opt.seed, std::uint64_t(run), phase | Straggler);
        const double cv = in.stragglerCv * std::exp(sig.straggler * st.normal());
        work *= in.benchShare * (1 + stragglerSlowdown(in.stragglerGpus, cv)) + in.evalShare;
    }
    if (opt.epistemic && in.neededSigma > 0) {
        // How much training the target needs is as uncertain as the law that sized it: one
        // log-normal factor per run (median 1: the law's point estimate), its own stream.
        Stream need(opt.seed, std::uint64_t(run), phase | TargetNeed);
        work *= std::exp(in.neededSigma * need.normal());
    }
    // The day/night swing, from the clock at the phase's start, converted as one span: the
    // hours failures add shift the clock, which this ignores; the swing moves a phase's end by
    // at most swing·24/π hours either way, so the error is smaller still.
    work = diurnalHours(work, clock, swing);

    Stream fail(opt.seed, std::uint64_t(run), phase | Failures);
    double wall =
        simulateWall(in, work, mtbf, restart, fail, failures, failureLimit, i, log) + in.extraWall;
    double cost = (wall - in.expectedWall) * in.gpus * in.price;

    if (opt.divergence && in.divEvents > 0) {
        Stream div(opt.seed, std::uint64_t(run), phase | Divergence);
        const double n = div.poisson(in.divEvents);
        cost += n * in.divCostPerEvent - in.divExpectedCost;
        wall += n * in.divHoursPerEvent;
        if (log)
            for (double k = 0; k < n; ++k)
                log->push_back({i, MonteCarloEvent::Kind::Divergence, wall * (k + 1) / (n + 1),
                                in.divHoursPerEvent});
    } // else the expected rollback cost stays in the total, as evaluate() books it
    if (opt.divergence && in.lostProbability > 0) {
        // One onset per run at a constant hazard over the working hours; before the end, the
        // work so far is lost and re-run (the engine's lostRunRisk).
        Stream lost(opt.seed, std::uint64_t(run), phase | Unrecoverable);
        const double hazard = in.lostProbability < 1
                                  ? -std::log1p(-in.lostProbability) / in.lostHorizon
                                  : 50 / in.lostHorizon;
        const double onset = lost.exponential(1 / hazard);
        out.lost = onset < in.lostHorizon;
        const double lostH = out.lost ? onset : 0.0;
        cost += lostH * in.gpus * in.price - in.lostExpectedCost;
        wall += lostH;
        if (log && out.lost)
            log->push_back({i, MonteCarloEvent::Kind::RunLost, onset, lostH});
    }
    if (opt.capacity && in.capProbability > 0) {
        Stream cap(opt.seed, std::uint64_t(run), phase | Capacity);
        const bool short_ = cap.uniform() < in.capProbability;
        const double wait = short_ ? cap.exponential(in.capWaitMean) : 0.0;
        cost += wait * in.capCostPerHour - in.capExpectedCost;
        wall += wait;
        if (log && short_)
            log->push_back({i, MonteCarloEvent::Kind::CapacityWait, 0, wait});
    }
    out.cost_delta = cost;
    out.wall = wall;
    return out;
}

} // namespace

int monteCarloThreads()
{
    return int(std::clamp(std::thread::hardware_concurrency(), 1U, 8U));
}

double diurnalHours(double work_h, double start_clock_h, double swing)
{
    if (!(work_h > 0) || !(swing > 0) || !(swing < 1) || !std::isfinite(work_h) ||
        !std::isfinite(start_clock_h))
        return work_h;
    constexpr double w = 2 * std::numbers::pi / 24;
    const double c = swing / (2 * w);
    const double s = std::fmod(start_clock_h, 24.0) * w, cs = std::cos(s);
    double t = work_h;
    for (int k = 0; k < 6; ++k) {
        const double f = t + c * (cs - std::cos(s + w * t)) - work_h;
        t -= f / (1 + 0.5 * swing * std::sin(s + w * t));
    }
    return t;
}

const char* monteCarloEventId(MonteCarloEvent::Kind k)
{
    switch (k) {
    case MonteCarloEvent::Kind::Failure:
        return "failure";
    case MonteCarloEvent::Kind::RestartInterrupted:
        return "restart_interrupted";
    case MonteCarloEvent::Kind::UnusableCheckpoint:
        return "unusable_checkpoint";
    case MonteCarloEvent::Kind::Divergence:
        return "divergence";
    case MonteCarloEvent::Kind::CapacityWait:
        return "capacity_wait";
    case MonteCarloEvent::Kind::RunLost:
        return "run_lost";
    }
    return "failure";
}

double percentileSorted(const std::vector<double>& sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double pos = std::clamp(q, 0.0, 1.0) * double(sorted.size() - 1);
    const auto i = std::size_t(pos);
    const double f = pos - double(i);
    return i + 1 < sorted.size() ? sorted[i] + f * (sorted[i + 1] - sorted[i]) : sorted[i];
}

namespace {

/// An unpriced plan has no cost distribution: the sampled costs hold only the priced parts
/// (CPU workers, storage), which read as the plan's cost. Durations stay.
void dropCosts(MonteCarloResult& r)
{
    r.priced = false;
    r.cost = {};
    r.point_cost = 0;
    r.cost_samples.clear();
    r.cost_histogram = {};
    r.p_over_budget = -1;
    r.p_daily_alert = -1;
    for (PhaseSpread& p : r.phases)
        p.cost = {};
}

/// What every block of runs reads: the plan's estimate, its phases' inputs and the options.
struct RunContext {
    const Estimate& e;
    const std::vector<PhaseInputs>& phases;
    const MonteCarloOptions& opt;
    const AnalysisControl& control;
    Sigmas sig;
    double swing;
    double alertLine;        ///< daily alert line, money per day (≤ 0: none)
    double sharedDailyTotal; ///< shared costs spread over the plan's days
};

/// Failures sampled by all blocks so far, against kMaxMonteCarloFailures; `stopped` once a
/// block passes it (every block then stops).
struct SharedBudget {
    std::atomic<double> failures{0};
    std::atomic<bool> stopped{false};
};

/// The samples of one contiguous block of runs, in run order. On a cache line of its own: each
/// block's thread writes its counters and vector ends on every run.
struct alignas(64) RunBlock {
    std::vector<double> cost_samples, days_samples, failures;
    std::vector<std::vector<double>> phaseCost, phaseDays;
    std::vector<int> phaseLost;
    int lostRuns = 0, alertRuns = 0;
    bool cancelled = false;
};

/// Samples runs [begin, end) into `out`. `reports`: this block reports progress (one block
/// does, as the fraction of its own runs). `log`: the events of run `begin` (run 0 only).
void sampleRuns(const RunContext& c, int begin, int end, bool reports, SharedBudget& budget,
                RunBlock& out, std::vector<MonteCarloEvent>* log)
{
    const std::size_t np = c.phases.size(), n = std::size_t(std::max(0, end - begin));
    out.phaseCost.assign(np, {});
    out.phaseDays.assign(np, {});
    out.phaseLost.assign(np, 0);
    for (std::size_t i = 0; i < np; ++i) {
        out.phaseCost[i].reserve(n);
        out.phaseDays[i].reserve(n);
    }
    out.cost_samples.reserve(n);
    out.days_samples.reserve(n);
    out.failures.reserve(n);
    for (int run = begin; run < end; ++run) {
        if (((run - begin) & 255) == 0) {
            if (c.control.cancelled() || budget.stopped.load(std::memory_order_relaxed)) {
                out.cancelled = !budget.stopped.load();
                break;
            }
            if (reports)
                c.control.report(double(run - begin) / double(std::max(1, end - begin)));
        }
        double cost = c.e.total, hours = 0, failures = 0;
        int runsLost = 0;
        // The run starts at a uniform time of day (always drawn: aligned streams).
        const double startClock = 24 * Stream(c.opt.seed, std::uint64_t(run), Diurnal).uniform();
        for (std::size_t i = 0; i < np; ++i) {
            const PhaseRun pr = samplePhase(
                c.phases[i], int(i), run, c.opt, c.sig, c.swing, startClock + hours, failures,
                kMaxMonteCarloFailures - budget.failures.load(std::memory_order_relaxed),
                run == begin ? log : nullptr);
            cost += pr.cost_delta;
            hours += pr.wall;
            runsLost += pr.lost ? 1 : 0;
            out.phaseCost[i].push_back(c.e.phases[i].total + pr.cost_delta);
            out.phaseDays[i].push_back(pr.wall / 24.0);
            out.phaseLost[i] += pr.lost ? 1 : 0;
        }
        if (c.alertLine > 0) {
            const double shared = hours > 0 ? c.sharedDailyTotal / (hours / 24.0) : 0;
            for (std::size_t i = 0; i < np; ++i) {
                const double d = out.phaseDays[i].back();
                if (d > 0 && out.phaseCost[i].back() / d + shared > c.alertLine) {
                    ++out.alertRuns;
                    break;
                }
            }
        }
        out.cost_samples.push_back(cost);
        out.days_samples.push_back(hours / 24.0);
        out.failures.push_back(failures);
        out.lostRuns += runsLost > 0 ? 1 : 0;
        if (budget.failures.fetch_add(failures) + failures >= kMaxMonteCarloFailures) {
            budget.stopped = true;
            break;
        }
    }
}

} // namespace

MonteCarloResult monteCarlo(const Scenario& s, const Catalog& cat, const MonteCarloOptions& opt,
                            const AnalysisControl& control)
{
    MonteCarloResult r;
    r.seed = opt.seed;
    if (opt.runs < 1 || opt.runs > 1000000) {
        r.error = "runs must be between 1 and 1,000,000";
        return r;
    }
    const Estimate e = evaluate(s, cat);
    if (!e.ok) {
        r.error = "the plan cannot be evaluated; fix its warnings first";
        return r;
    }
    // Every failure is one sampled event: at the highest failure rate on a long plan the
    // runs took hours (issue 44). Refused up front, with the figures, when the expected
    // count over all runs passes kMaxMonteCarloFailures.
    double expectedFailures = 0;
    for (const PhaseEstimate& pe : e.phases)
        expectedFailures += std::max(0.0, pe.rec.expected_failures);
    if (!(expectedFailures * opt.runs <= kMaxMonteCarloFailures)) {
        r.error = "the plan expects " +
                  std::to_string(static_cast<long long>(std::min(expectedFailures, 9e18))) +
                  " failures per run; " + std::to_string(opt.runs) +
                  " runs would sample more than " +
                  std::to_string(static_cast<long long>(kMaxMonteCarloFailures)) +
                  " failures. Use fewer runs, or check the GPU failure rate, the GPU count and "
                  "the plan's length";
        return r;
    }
    std::vector<PhaseInputs> phases;
    phases.reserve(e.phases.size());
    for (std::size_t i = 0; i < e.phases.size(); ++i) {
        phases.push_back(phaseInputs(s, s.phases[i], e.phases[i]));
        r.point_days += e.phases[i].wall_hours / 24.0;
    }
    r.point_cost = e.total;
    const auto& as = s.assumptions;
    Sigmas sig;
    if (opt.epistemic)
        sig = {std::max(0.0, as.mc_failure_rate_sigma), std::max(0.0, as.mc_restart_sigma),
               std::max(0.0, as.mc_throughput_sigma), std::max(0.0, as.mc_env_latency_sigma),
               std::max(0.0, as.mc_straggler_sigma)};
    const double swing = opt.diurnal ? std::clamp(as.mc_diurnal_swing, 0.0, 0.5) : 0.0;
    const std::size_t np = phases.size();
    // Shared costs over the plan's days, engineering paid up front (engine.cpp dailySpend).
    double sharedDailyTotal = -e.shared_cost[std::size_t(Category::HiddenEngineering)];
    for (double v : e.shared_cost)
        sharedDailyTotal += v;
    const RunContext ctx{
        e, phases, opt, control, sig, swing, s.budget.daily_alert, sharedDailyTotal};

    // Contiguous blocks of runs, one per thread, merged in run order: every run draws from its
    // own streams, so the samples, and every figure made of them, do not depend on the split.
    const int threads = std::clamp(opt.threads, 1, std::min(64, opt.runs));
    std::vector<RunBlock> blocks(static_cast<std::size_t>(threads));
    SharedBudget budget;
    auto runBlock = [&](int t) {
        const int begin = int(std::int64_t(opt.runs) * t / threads);
        const int end = int(std::int64_t(opt.runs) * (t + 1) / threads);
        sampleRuns(ctx, begin, end, t == 0, budget, blocks[std::size_t(t)],
                   opt.event_log && begin == 0 ? &r.events : nullptr);
    };
    if (threads == 1) {
        runBlock(0);
    } else {
        std::vector<std::thread> pool;
        for (int t = 1; t < threads; ++t)
            pool.emplace_back(runBlock, t);
        runBlock(0);
        for (std::thread& th : pool)
            th.join();
    }
    if (budget.stopped.load()) {
        // The expectation passed the check above, but runs that fail faster than they
        // progress (restarts interrupted again and again) sample far more than it.
        int done = 0;
        for (const RunBlock& b : blocks)
            done += int(b.cost_samples.size());
        MonteCarloResult stopped;
        stopped.seed = opt.seed;
        stopped.error = "stopped after sampling " +
                        std::to_string(static_cast<long long>(kMaxMonteCarloFailures)) +
                        " failures in " + std::to_string(done) +
                        " runs: the plan fails faster than it makes progress. Check the "
                        "GPU failure rate, the restart time and the checkpoint interval";
        return stopped;
    }
    std::vector<std::vector<double>> phaseCost(np), phaseDays(np);
    std::vector<int> phaseLost(np, 0);
    std::vector<double> failuresPerRun;
    int lostRuns = 0, alertRuns = 0;
    r.cost_samples.reserve(std::size_t(opt.runs));
    r.days_samples.reserve(std::size_t(opt.runs));
    failuresPerRun.reserve(std::size_t(opt.runs));
    for (std::size_t i = 0; i < np; ++i) {
        phaseCost[i].reserve(std::size_t(opt.runs));
        phaseDays[i].reserve(std::size_t(opt.runs));
    }
    bool complete = true; // a cancelled block ends the samples where it stopped
    for (RunBlock& b : blocks) {
        if (!complete)
            break;
        auto append = [](std::vector<double>& to, const std::vector<double>& from) {
            to.insert(to.end(), from.begin(), from.end());
        };
        append(r.cost_samples, b.cost_samples);
        append(r.days_samples, b.days_samples);
        append(failuresPerRun, b.failures);
        for (std::size_t i = 0; i < np; ++i) {
            append(phaseCost[i], b.phaseCost[i]);
            append(phaseDays[i], b.phaseDays[i]);
            phaseLost[i] += b.phaseLost[i];
        }
        lostRuns += b.lostRuns;
        alertRuns += b.alertRuns;
        r.cancelled = r.cancelled || b.cancelled;
        complete = !b.cancelled;
    }
    r.runs = int(r.cost_samples.size());
    r.cost = describe(r.cost_samples);
    r.days = describe(r.days_samples);
    r.failures = describe(failuresPerRun);
    r.p_run_lost = r.runs > 0 ? double(lostRuns) / r.runs : 0.0;
    for (std::size_t i = 0; i < np; ++i)
        r.phases.push_back({describe(std::move(phaseCost[i])), describe(std::move(phaseDays[i])),
                            r.runs > 0 ? double(phaseLost[i]) / r.runs : 0.0});
    r.cost_histogram = histogram(r.cost_samples, r.cost.min, histogramTop(r.cost_samples));
    r.days_histogram = histogram(r.days_samples, r.days.min, histogramTop(r.days_samples));
    if (s.budget.total > 0 && r.runs > 0) {
        const auto over = std::count_if(r.cost_samples.begin(), r.cost_samples.end(),
                                        [&](double c) { return c > s.budget.total; });
        r.p_over_budget = double(over) / r.runs;
    }
    if (s.budget.deadline_days > 0 && r.runs > 0) {
        const auto late = std::count_if(r.days_samples.begin(), r.days_samples.end(),
                                        [&](double d) { return d > s.budget.deadline_days; });
        r.p_late = double(late) / r.runs;
    }
    if (ctx.alertLine > 0 && r.runs > 0)
        r.p_daily_alert = double(alertRuns) / r.runs;
    if (!e.priced)
        dropCosts(r);
    if (!r.cancelled)
        control.report(1.0);
    return r;
}

} // namespace costlab
