// The engine's output (cost-model.md §0, §9). Plain data with fixed-size arrays so that
// evaluate() allocates only the per-phase vector; money is in the scenario's currency.
#pragma once

#include "categories.h"
#include "steptime.h"
#include "trnoop.h"
#include "types.h"

#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

using CategoryArray = std::array<double, kCategoryCount>;

/// Per-GPU memory of one role, bytes (GiB = 2^30 in display), cost-model.md §3.
struct MemoryBreakdown {
    bool present = false;
    double weights = 0, gradients = 0, optimizer = 0, activations = 0, kv_cache = 0,
           overhead = 0;   ///< CUDA context + logits + fragmentation
    double coresident = 0; ///< the other role's memory on the same GPUs at this role's peak
                           ///< (colocated RL: the trainer's state while generating, the
                           ///< engine's reservation while training when it does not sleep)
    double total = 0;      ///< estimated peak
    double usable = 0;     ///< HBM × usable fraction for this role
    double oom_probability = 0;
};

/// Training state of one group of a pipeline stage's parameters, bytes per GPU.
struct StageState {
    double weights = 0, gradients = 0, optimizer = 0;
};

/// What differs between the pipeline stages of a trainer (cost-model.md §3, issue 12), so that
/// pipelineStage() can rebuild any stage without a per-stage array. Every stage holds its share
/// of the transformer layers; the first also the input embedding; the last the LM head (with
/// tied embeddings and PP > 1, Megatron's copy of the embedding) and the FP32 logits; stage i
/// holds the activations of the micro-batches it has in flight at its peak. The trainer's
/// MemoryBreakdown is the worst stage's.
struct PipelineMemory {
    int stages = 1;         ///< PP degree
    int virtual_stages = 1; ///< model chunks per rank (interleaved 1F1B)
    /// Interleaved 1F1B: micro-batches per model-chunk group (PretrainInputs::pp_group);
    /// ≤ 0 = the stage count, Megatron-Core's default.
    double group = 0;
    int worst = 0;           ///< 0-based stage with the largest peak, the one judged for OOM
    double microbatches = 1; ///< micro-batches per optimizer step per DP rank
    int extra_in_flight = 0; ///< model chunks in flight beyond 1F1B's (EP all-to-all overlap)
    StageState layers;       ///< one stage's transformer layers (and frozen models' weights)
    StageState first;        ///< added on stage 0: input embedding
    StageState last;         ///< added on the last stage: LM head or its tied copy
    double activations_per_microbatch = 0; ///< one micro-batch through one stage's layers
    double recompute_buffer = 0;           ///< full recompute: one layer's full activations
    double logits = 0;                     ///< FP32 logits of a micro-batch, last stage
    double context = 0;                    ///< CUDA context per GPU
    double coresident = 0; ///< colocated RL: the engine's reservation while training (not
                           ///< fragmented: vLLM allocates it as one block)
    double fragmentation = 1;
    double host_offload = 0; ///< per GPU: training state offloaded to host RAM (worst stage)
    double usable = 0;       ///< bytes
    double sigma = 0.1;      ///< relative error of the estimate (assumptions.oom_sigma)
};

/// Micro-batches' worth of activations pipeline stage `stage` (0-based) holds at its peak:
/// 1F1B min(p − i, m) (Narayanan et al. 2021 §2.2: warm-up p − i − 1, plus the one in flight);
/// interleaved with v chunks per rank, Megatron-LM's warm-up (p − i − 1)·2 + (v − 1)·p model
/// chunks plus one, at most m·v, divided by v (each chunk is 1/v of the rank's layers). Stage 0
/// then holds L·(1 + (p − 1)/(p·v)) layers' worth (Korthikanti et al. 2022 §4.2.3).
/// PipelineMemory::extra_in_flight adds chunks to the warm-up, within the same caps.
double stageInFlight(const PipelineMemory&, int stage);

/// Per-GPU memory of pipeline stage `stage` (clamped to 0 … stages − 1), bytes, with its OOM
/// probability against PipelineMemory::usable.
MemoryBreakdown pipelineStage(const PipelineMemory&, int stage);

/// pipelineStage() without the OOM probability (oom_probability 0), bytes: for a stage whose
/// co-resident memory is not final yet (an RL trainer beside its rollout engine), so that the
/// probability's erfc is paid once, on the final figure.
MemoryBreakdown stageBytes(const PipelineMemory&, int stage);

/// pipelineStage(pm, stage).total without the breakdown and the OOM probability (the
/// worst-stage scan runs it on every stage of every trained phase), bytes.
double stageTotal(const PipelineMemory&, int stage);

/// Host (CPU) memory of one node of a phase, bytes (issue 12): where many RL runs die.
struct HostMemory {
    bool present = false;
    double gpus_per_node = 8;
    double processes = 0;      ///< one framework process per GPU (assumptions.host_process_gib)
    double checkpoint = 0;     ///< pinned copy of the node's checkpoint shards (async checkpoint)
    double offload = 0;        ///< colocated RL: the sleeping engines' weights (vLLM sleep level 1)
    double object_store = 0;   ///< RL on Ray: the object store's reservation of node RAM
    double training_state = 0; ///< CPU offload: the trainer ranks' offloaded training state
    double total = 0;
    double ram = 0; ///< node RAM from the catalog; 0 = not in the catalog (not judged)
    double oom_probability = 0;
};

/// The warning evaluate() gives when a phase needs more host memory per node than the
/// catalog's node RAM. Translation context "costlab::Warning".
inline constexpr const char* kHostMemoryWarning = QT_TRANSLATE_NOOP(
    "costlab::Warning", "A phase needs more host (CPU) memory per node than the node has; see "
                        "the memory chart's host bar.");

/// The warning evaluate() gives when a phase spans more than one node of an accelerator whose
/// scale-out network the catalog has no source for (Accelerator::scaleout_known): 400 Gb/s
/// per GPU is assumed. Translation context "costlab::Warning".
inline constexpr const char* kScaleoutAssumedWarning = QT_TRANSLATE_NOOP(
    "costlab::Warning", "A phase spans several nodes of an accelerator whose scale-out network "
                        "the catalog has no source for; 400 Gb/s per GPU is assumed.");

/// The warning evaluate() gives when the catalog has no price for a tier a phase buys
/// (reserved for its fixed pool; reserved, on-demand or spot for its elastic share) and
/// another listed tier stands in (engine.cpp gpuPrices). Translation context "costlab::Warning".
inline constexpr const char* kPriceTierFallbackWarning = QT_TRANSLATE_NOOP(
    "costlab::Warning",
    "The catalog has no price for a tier a phase buys (reserved, on-demand or spot) on its "
    "accelerator; another listed tier stands in (on-demand for reserved or spot, reserved for "
    "on-demand, spot where it is the only price). Check the GPU price per hour, or enter the "
    "tier in a copy of the catalog.");

enum class GpuRole : std::uint8_t { Trainer, Rollout, RewardModel, Count };
inline constexpr int kRoleCount = static_cast<int>(GpuRole::Count);

/// A risk as probability plus expected cost, so cost and risk share one axis (§9).
struct Risk {
    double probability = 0;
    double expected_cost = 0;
};

/// Recovery (failures and checkpoints) figures, cost-model.md §8.
struct RecoveryFigures {
    double mtbf_h = 0;                ///< job mean time between failures
    double checkpoint_interval_h = 0; ///< τ actually used
    double optimal_interval_h = 0;    ///< Daly optimum
    double young_interval_h = 0;      ///< √(2δM)
    double checkpoint_stall_h = 0;    ///< δ
    double expected_failures = 0;
    double lost_per_failure_h = 0;    ///< τ/2 + R (+ rollback past corrupt checkpoints)
    double p_loss_over_threshold = 0; ///< P(one failure loses more than the threshold)
    double p_unusable_rollback = 0;   ///< P(at least one failure meets an unusable checkpoint)
    double waste_fraction = 0;        ///< (T − W) / T
    bool progress_capped = false;     ///< τ ≫ MTBF: the run would not finish; wall time capped
};

/// RL pipeline timing per iteration, seconds (cost-model.md §4).
struct RlTiming {
    double generation_s = 0;  ///< rollout GPUs decoding/prefilling
    double environment_s = 0; ///< waiting on environments (sync: on the critical path)
    double training_s = 0;    ///< trainer forward/backward incl. reference, reward, critic
    double reward_s = 0;      ///< of which reward-model forward
    double sync_s = 0;        ///< weight sync or colocated switch
    double iteration_s = 0;
    double rollout_util = 0, trainer_util = 0, env_util = 0;
    double episodes = 0;              ///< per iteration
    double concurrency = 0;           ///< episodes in flight
    double expected_max_response = 0; ///< straggler response length, tokens
    double env_straggler_factor = 1;  ///< E[max latency] / median
    double mismatch_eta = 0;          ///< η = generated tokens per episode × sampler–trainer KL
    double mismatch_extra = 0;        ///< iterations added by the mismatch, share of the plan's
    bool environments = true; ///< episodes meet environments (false: an in-process verifier, or
                              ///< a reward model on single-turn episodes)
    bool operator==(const RlTiming&) const = default;
};

/// Where a training phase's throughput comes from (the UI says which one is in force).
enum class ThroughputSource : std::uint8_t {
    Model,          ///< step-time model from the parallel layout (steptime.h)
    PinnedMfu,      ///< the user's MFU
    MeasuredTflops, ///< the user's measured TFLOP/s per GPU
    MeasuredTokens, ///< the user's measured tokens/s per GPU
    CatalogDefault  ///< no step-time model: the accelerator is not covered (TPU) or the size is
                    ///< given as a count its shape fields do not match (> 25 %); the catalog's
                    ///< fallback MFU
};

/// Stable id of a throughput source ("model", "pinned_mfu", …).
std::string_view throughputSourceId(ThroughputSource);

/// A phase sized by a target (issue 46; scaling.h): what the law says the target needs.
struct TargetFigures {
    enum class Kind : std::uint8_t { None, Loss, Score } kind = Kind::None;
    double target = 0; ///< loss (nats/token) or score (0–1) asked for
    /// Tokens (loss) or the curve's compute (score: GPU-hours of the runs it was fitted on, or
    /// iterations) the law says the target needs.
    double needed = 0;
    /// Score, GPU-hour curve: GPU-hours one policy step took in the curve's runs, which turns
    /// `needed` into policy steps (0 for a curve in iterations).
    double step_gpu_hours = 0;
    bool step_is_plan = false; ///< step_gpu_hours is this phase's own (custom curve, none given)
    double amount = 0;         ///< what the phase was sized to: tokens or iterations
    /// The bound no training passes: the loss floor E + A/N^α at the model's size, or the
    /// curve's asymptote A.
    double limit = 0;
    double law_params = 0;    ///< loss: the N the law was read at (active parameters of an MoE)
    double sigma = 0;         ///< log-normal σ of the training needed (the Monte Carlo samples it)
    bool outside_fit = false; ///< size, tokens or compute outside the runs the law was fitted on
    /// Loss: the size and tokens that reach the target with the fewest FLOPs under the same
    /// law (cheapestForLoss); 0 when the law has no model term.
    double optimal_params = 0, optimal_tokens = 0;
    /// Score: the start score R0 the curve was read from, and whether it is the base's score
    /// (a pre-training phase before this one with a score map) rather than the typed R0.
    double start = 0;
    bool start_from_base = false;
};

/// P10 and P90 of the amount a target set (tokens or iterations): amount·e^(∓z·σ) with z =
/// 1.28155 (the standard normal's 90th percentile), σ the log-normal σ the Monte Carlo samples.
/// Both are the amount when σ is 0; +∞ for P90 when σ is (an unreliable fit).
struct AmountBand {
    double p10 = 0, p90 = 0;
};
inline AmountBand targetBand(const TargetFigures& t)
{
    constexpr double kZ90 = 1.2815515655446004;
    return {t.amount * std::exp(-kZ90 * t.sigma), t.amount * std::exp(kZ90 * t.sigma)};
}

struct PhaseEstimate {
    PhaseKind kind = PhaseKind::Pretrain;
    double gpus = 0;            ///< GPUs held by the phase
    double gpu_hours = 0;       ///< including failures and checkpoint stalls
    double ideal_gpu_hours = 0; ///< failure-free
    double wall_hours = 0;
    double start_day = 0, end_day = 0; ///< calendar offsets from the plan start
    double flops = 0;                  ///< model FLOPs
    double mfu = 0;                    ///< MFU actually used (predicted or pinned)
    ThroughputSource throughput = ThroughputSource::Model;
    bool throughput_capped = false; ///< a measured/pinned throughput above peak was capped
    StepBreakdown step;             ///< one optimizer step at the main context (trainer)
    LayoutCheck layout;             ///< resolved layout of the (pre-)training trainer
    /// Pre-training with a long-context stage: that stage's resolved layout (stage_seq = its
    /// context) and one optimizer step on it; stage_seq = 0 when there is no such stage.
    LayoutCheck long_layout;
    StepBreakdown long_step;
    /// Context of the training stage whose memory is memory[Trainer] (the main or the
    /// long-context stage, whichever is likelier to run out of memory), tokens.
    double memory_seq = 0;
    double tokens = 0;       ///< trained tokens
    double steps = 0;        ///< optimizer steps / RL iterations
    double gpu_price = 0;    ///< blended $ per GPU-hour
    CategoryArray cost{};    ///< by category
    CategoryArray elastic{}; ///< elastic part of cost (rest is fixed)
    /// GPU time booked in each category, GPU-hours, and its money (part of `cost`); the rest
    /// of a category's cost is not GPU time (CPU environment workers, storage). The hours sum
    /// over categories to `gpu_hours`, so line items reconcile with it.
    CategoryArray pool_gpu_hours{};
    CategoryArray pool_elastic_gpu_hours{}; ///< of which bought elastic
    CategoryArray pool_cost{};
    double total = 0;
    std::array<MemoryBreakdown, kRoleCount> memory{};
    PipelineMemory trainer_stages; ///< the trainer's stages; memory[Trainer] is the worst one
    HostMemory host;               ///< per node
    Risk oom, convergence, unrecoverable, recovery, capacity;
    RecoveryFigures rec;
    RlTiming rl;
    TargetFigures target; ///< kind None: sized by a count
};

/// The warning evaluate() adds when a phase's layout is impossible (PhaseEstimate::layout says
/// which phase and why); translation context "costlab::Warning".
inline constexpr const char* kImpossibleLayoutWarning = QT_TRANSLATE_NOOP(
    "costlab::Warning",
    "A phase's model shape or parallel layout is impossible; the phase is not priced until it is "
    "fixed.");

/// The warning evaluate() gives when the plan's price catalog could not be found
/// (Catalog::unavailable); nothing is priced. Translation context "costlab::Warning".
inline constexpr const char* kCatalogUnavailableWarning =
    QT_TRANSLATE_NOOP("costlab::Warning", "The plan's price catalog is not available; nothing is "
                                          "priced until it is found or another one is chosen.");

/// The warning evaluate() gives when the whole plan would run for more than
/// kImplausibleWallDays of wall-clock time: priced as asked, but not a plan anyone runs
/// (a 10^14-parameter model on one GPU). Translation context "costlab::Warning".
inline constexpr const char* kImplausiblePlanWarning = QT_TRANSLATE_NOOP(
    "costlab::Warning", "The plan would run for more than ten years of wall-clock time; check the "
                        "GPU count, the tokens and the model size.");
/// Ten years (365.25-day years), days.
inline constexpr double kImplausibleWallDays = 3652.5;

struct Estimate {
    bool ok = true;
    /// False when a phase runs on an accelerator the catalog has no price for (a reference-only
    /// entry such as H20): its GPU time is costed at zero, so the totals are not a plan's cost
    /// and every view shows "not priced" instead of them (issue 12: a figure without a source
    /// ships empty). GPU-hours, time, memory and risks stay meaningful.
    bool priced = true;
    bool budget_not_priced = false;    ///< a budget is set but the plan is not priced (no ratio)
    std::vector<std::string> unpriced; ///< catalog ids of the accelerators without a price
    std::vector<std::string_view> warnings; ///< static messages (e.g. unknown accelerator),
                                            ///< translation context "costlab::Warning"
    double fx = 1;                          ///< catalog currency → scenario currency
    std::vector<PhaseEstimate> phases;
    CategoryArray shared_cost{}; ///< costs not tied to one phase (datasets, engineering)
    CategoryArray cost{};        ///< total by category
    double total = 0, fixed = 0, elastic = 0;
    double gpu_hours = 0, wall_hours = 0, tokens = 0;
    double cost_per_million_tokens = 0;
    /// Plan risks (risks.h): probability that the risk happens in any phase (phases
    /// independent), expected cost summed over phases; budget is plan-only.
    Risk oom, convergence, unrecoverable, recovery, capacity, budget;
    double budget_ratio = 0; ///< total / budget
    int alert_day = -1;      ///< first day daily spend exceeds the alert line (−1: never;
                             ///< INT_MAX for a phase starting after day 2^31)
    double daily_peak = 0;
};

/// Budget status thresholds: ok below 90 % of budget, warning to 100 %, over above.
/// NotPriced: a budget is set but the plan has no total to compare with (an accelerator without
/// a price in the catalog).
enum class BudgetStatus : std::uint8_t { NoBudget, Ok, Warning, Over, NotPriced };
BudgetStatus budgetStatus(const Estimate&);

/// Stable id of a budget status ("no_budget", "ok", "warning", "over", "not_priced").
std::string_view budgetStatusId(BudgetStatus);

/// Stable id of a GPU role ("trainer", "rollout", "reward_model").
std::string_view gpuRoleId(GpuRole);

/// One point of cumulative spend over the plan calendar (days from start, money).
struct SpendPoint {
    double day;
    double cumulative;
};
/// Piecewise-linear cumulative spend: engineering as a step at day 0, each phase's cost
/// spread evenly over its days, other shared costs over the whole plan.
std::vector<SpendPoint> spendTimeline(const Estimate&);

} // namespace costlab
