// Step time of a training phase from its parallel layout (docs/model-reference.md §Step
// time). Closed form, per optimizer step: GEMMs on a tile/wave model of the accelerator,
// attention, memory-bound element-wise work, a host (kernel-launch) floor per layer, tensor /
// context / expert-parallel collectives inside each layer, the 1F1B pipeline with its bubble,
// data-parallel gradient reduction (and ZeRO-3 parameter gathers) with or without overlap,
// and the optimizer step. Checked against 1,481 measured Megatron iterations on A100 and nine
// measured H100 configurations (docs/validation.md); the constants that were fitted, and on
// which rows, are listed in stepconstants below and in docs/validation.md.
#pragma once

#include "catalog.h"
#include "modelarch.h"
#include "scenario.h"

#include <iterator>
#include <string_view>

namespace costlab {

/// Parallel layout of one trainer. Degrees are ≥ 1; DP is derived by resolveLayout().
struct ParallelLayout {
    double tp = 1;  ///< tensor parallel (with sequence parallel when enabled)
    double pp = 1;  ///< pipeline stages
    double vpp = 1; ///< virtual stages per pipeline rank (interleaved 1F1B)
    double cp = 1;  ///< context parallel (sequence split for attention)
    double ep = 1;  ///< expert parallel (MoE)
    /// Expert tensor parallel (MoE): routed experts' FFN split over ETP GPUs; ≤ 0 = TP
    /// (resolveLayout() sets it). Expert layers fold EP·ETP over the TP·CP·DP GPUs of a stage
    /// (Megatron-Core MoE parallel folding); their gradients reduce over the remaining
    /// expert-data-parallel group TP·CP·DP / (EP·ETP).
    double etp = 0;
    double dp = 1;            ///< data parallel = GPUs / (TP·PP·CP)
    double micro_batch = 1;   ///< sequences per micro-batch
    double micro_batches = 1; ///< micro-batches per optimizer step per DP rank
};

/// What can be wrong with a layout; resolveLayout() reports the first problem found.
enum class LayoutProblem : std::uint8_t {
    None,
    NotDivisible,           ///< TP·PP·CP does not divide the GPU count
    BatchTooSmall,          ///< global batch smaller than micro-batch × DP
    ExpertsNotDivisible,    ///< EP does not divide the routed expert count
    HeadsNotDivisible,      ///< TP does not divide the attention heads (Megatron, vLLM require it)
    ExpertGroupNotDividing, ///< EP·ETP does not divide the TP·CP·DP GPUs of a pipeline stage
    ShardGroupNotDividing,  ///< the FSDP shard group does not divide the data-parallel ranks
    // Shape problems (any phase, checked by shapeProblem() before the layout):
    KvHeadsAboveHeads,       ///< more KV heads than query heads
    KvHeadsNotDividingHeads, ///< GQA: query heads not a whole multiple of the KV heads
    HeadsNotDividingHidden,  ///< no head dimension given and heads do not divide hidden
    TopKAboveExperts,        ///< more experts per token than routed experts
    // Target problems (a phase sized by a target, scaling.h): product = the target, gpus =
    // the bound it is beyond.
    TargetBelowFloor,    ///< target loss at or below the law's floor at this model size
    TargetAboveAsymptote ///< target score at or above the RL curve's asymptote A
};

/// True for the problems of the model shape itself (shapeProblem()), not of its layout.
constexpr bool isShapeProblem(LayoutProblem p)
{
    return p >= LayoutProblem::KvHeadsAboveHeads && p <= LayoutProblem::TopKAboveExperts;
}
/// True for a target that no amount of training reaches.
constexpr bool isTargetProblem(LayoutProblem p)
{
    return p >= LayoutProblem::TargetBelowFloor;
}

/// Stable id of a layout problem ("none", "not_divisible", …).
std::string_view layoutProblemId(LayoutProblem);

/// A layout resolved against a GPU count and a global batch, with the numbers a message
/// needs when it is impossible (for the shape problems, the two numbers the message names).
struct LayoutCheck {
    ParallelLayout layout;
    LayoutProblem problem = LayoutProblem::None;
    double product = 1; ///< TP·PP·CP (EP; micro-batch·DP for BatchTooSmall; TP for
                        ///< HeadsNotDivisible; EP·ETP for ExpertGroupNotDividing; KV heads,
                        ///< heads or top-k for shape problems)
    double gpus = 1;    ///< GPU count (experts; global batch in sequences; heads; TP·CP·DP;
                        ///< heads, hidden or routed experts for shape problems)
    bool tp_over_domain = false; ///< TP·CP exceeds the NVLink domain (allowed, slow: warn)
    /// Context of the stage checked when it is a pre-training phase's long-context stage
    /// (PretrainInputs::long_seq_len), tokens; 0 = the phase's main context.
    double stage_seq = 0;
};

/// The first problem of a model shape that no framework can train or serve: KV heads above
/// the query heads or not dividing them (GQA groups are equal), heads not dividing hidden
/// when no head dimension is given, top-k above the routed experts. None when it is sound.
LayoutCheck shapeProblem(const ModelArch&);

/// HeadsNotDivisible when `tp` does not split the model's attention heads into whole heads
/// per rank (Megatron and vLLM require it), with product = TP and gpus = heads; else None.
/// The trainer's check inside resolveLayout() and the rollout / evaluation engines' use it.
LayoutCheck headsOverTp(double tp, const ModelArch&);

/// Derives DP = gpus / (TP·PP·CP) and micro-batches per step = global batch (sequences) /
/// (micro-batch · DP), rounded up. Degrees below 1 count as 1 (ETP ≤ 0 becomes TP); units:
/// GPUs, sequences. For MoE models EP must divide the routed experts and EP·ETP the TP·CP·DP
/// GPUs of a stage (Megatron-Core's check in parallel_state.initialize_model_parallel).
LayoutCheck resolveLayout(ParallelLayout requested, double gpus, double globalBatchSeqs,
                          const ModelArch&, double nvlinkDomain);

/// How a phase trains (switches that change time, not the model).
struct StepOptions {
    Recompute recompute = Recompute::Selective;
    TrainPrecision precision = TrainPrecision::BF16;
    bool flash_attention = true;
    bool sequence_parallel = true; ///< Megatron SP: norms/dropout split over TP
    bool overlap_dp = true;        ///< gradient reduce-scatter / param gather behind compute
    bool overlap_tp = true;        ///< TP collectives behind GEMMs (userbuffers)
    /// EP all-to-all of one micro-batch behind the compute of another in the 1F1B steady
    /// phase (Megatron-Core overlap_moe_expert_parallel_comm); not under full recompute.
    bool overlap_ep = false;
    /// Selective recompute also rebuilds MLA's q, k, v from the latents in backward
    /// (--recompute-modules mla_up_proj): the two up-projection GEMMs again.
    bool recompute_mla_up = false;
    double zero_stage = 1; ///< 0: all-reduce; 1–2: reduce-scatter + all-gather; 3: FSDP
    ShardedDp sharded_dp = ShardedDp::Fsdp2; ///< at stage 3: how weights are gathered (kShardedDp)
    /// At stage 3 under FSDP (Fsdp1, Fsdp2): data-parallel ranks per shard group (hybrid
    /// sharding); 0 or ≥ DP = one group of all of them.
    double shard_group = 0;
    bool fp32_grad_reduce = true;    ///< Megatron reduces bf16 training gradients in fp32
    double fp8_gemm_speedup = 1.3;   ///< FP8 GEMM throughput over BF16 (incl. casts)
    double host_layer_s = 0;         ///< host floor per layer and micro-batch; 0 = fitted default
    Offload offload = Offload::None; ///< training state in host RAM (ZeRO-Offload)
    double host_adam_params_s = 1.4e9 / 8; ///< CPU Adam updates per second per GPU under offload
    double host_link_bytes_s = 32e9;       ///< GPU–host link per GPU and direction, B/s
    /// Micro-batches of varying token counts (RL responses): GEMM tiles and waves are charged
    /// at their expected count x + ½ instead of ⌈x⌉ of the mean shape (gemmTileTime).
    bool variable_tokens = false;
};

/// The accelerator and network as the step model sees them (SI units: FLOP/s, B/s, s).
struct StepHardware {
    double peak_flops = 989e12;   ///< dense BF16 tensor peak
    double sms = 132;             ///< streaming multiprocessors (wave quantization)
    double gemm_fraction = 0.78;  ///< sustained fraction of peak on large GEMMs at TDP
    double flash_fraction = 0.45; ///< fraction of peak FlashAttention reaches
    double hbm_bytes_s = 3.35e12;
    double nvlink_busbw = 321e9;    ///< all-reduce bus bandwidth inside the NVLink domain
    double nvlink_domain = 8;       ///< GPUs sharing NVLink
    double scaleout_bytes_s = 50e9; ///< scale-out NIC bandwidth per GPU
    /// Tensor FLOP per SM per clock over A100's 2,048 (Hopper: 2). The tile and K-loop
    /// constants were fitted on A100 in A100 cycles; see gemmTime.
    double mma_scale = 1;
};

/// Hardware figures of a catalog accelerator (bus bandwidth derived from its NVLink rate by
/// the ratio measured on A100, allreduce-a100-nccl.csv).
StepHardware stepHardware(const Accelerator&);

/// Seconds for `batch` independent M×N×K GEMMs (2·M·N·K FLOPs each) on one GPU, from the
/// tile/wave model: cuBLAS-style threadblock tiles (256×128 down to 64×64) whose rate falls with
/// their operand intensity, quantized into waves of hw.sms tiles, and a K loop at K/(K + K½).
/// The tile constants are A100 cycles scaled by hw.mma_scale (steptime.cpp). Returns 0 when
/// any dimension is ≤ 0.
double gemmTime(double M, double N, double K, double batch, const StepHardware& hw);

/// Element accesses (× hidden) per token of one MoE layer's forward that move token copies
/// around the experts, on one rank: the dispatch permute reads and writes the top-k copies
/// (2·k) and the combine reads the k expert outputs and accumulates them into the token
/// (2·k), for the T·ETP/TP tokens a rank routes (Megatron-Core's permute / unpermute,
/// moe_utils.py; counted, not fitted): 4·k·ETP/TP. The backward moves the same again twice,
/// as the other element-wise work (stepTime). 0 when k ≤ 0.
double moeShuffleAccessesPerToken(double topK, double etp, double tp);

/// GPUs on one NVLink fabric of an accelerator: its nvlink_domain, else its GPUs per node.
double nvlinkDomain(const Accelerator&);

/// One optimizer step, seconds, split by where the time goes. The benchmark parts sum to
/// total_s (what a benchmark iteration measures); a production run adds straggler_s and
/// eval_s (productionSeconds()), which stepTime() leaves at 0 and the engine sets for a
/// pre-training phase.
struct StepBreakdown {
    double compute_s = 0;   ///< GEMMs, attention, element-wise work, LM head on the critical path
    double host_s = 0;      ///< time the GPUs wait for the host (kernel launches)
    double tp_s = 0;        ///< exposed tensor-parallel collectives
    double cp_s = 0;        ///< exposed context-parallel KV exchange
    double ep_s = 0;        ///< expert-parallel all-to-all
    double pp_bubble_s = 0; ///< pipeline fill/drain and point-to-point sends
    double dp_s = 0;        ///< exposed data-parallel gradient / parameter collectives
    double optimizer_s = 0; ///< optimizer step: on the GPU memory-bound; with CPU offload the
                            ///< CPU's Adam step and the exposed weight fetches over PCIe
    double total_s = 0;     ///< the benchmark step: the parts above
    /// Production: the slowest of the GPUs that synchronise every step sets its pace
    /// (stragglerSlowdown()).
    double straggler_s = 0;
    /// Production: evaluation passes every eval_interval steps, per step.
    double eval_s = 0;
};

/// The production step: the benchmark step plus stragglers and evaluation pauses, seconds.
inline double productionSeconds(const StepBreakdown& b)
{
    return b.total_s + b.straggler_s + b.eval_s;
}

/// One part of a step's time, the table every view of a step reads (CLI, chart, report,
/// JSON): stable id (the JSON key), the CLI's description and its field. The window names the
/// parts in its own translated words (StepChart::partName), in this order.
struct StepPart {
    const char* id;
    const char* label;
    double StepBreakdown::*seconds;
    bool production; ///< a production loss, not part of the benchmark step
};
inline constexpr StepPart kStepParts[] = {
    {"compute", "compute (GEMMs, attention, element-wise, LM head)", &StepBreakdown::compute_s,
     false},
    {"host", "waiting for the host (kernel launches)", &StepBreakdown::host_s, false},
    {"tp", "tensor-parallel communication (exposed)", &StepBreakdown::tp_s, false},
    {"cp", "context-parallel communication (exposed)", &StepBreakdown::cp_s, false},
    {"ep", "expert-parallel all-to-all", &StepBreakdown::ep_s, false},
    {"pp_bubble", "pipeline bubble and sends", &StepBreakdown::pp_bubble_s, false},
    {"dp", "data-parallel communication (exposed)", &StepBreakdown::dp_s, false},
    {"optimizer", "optimizer step", &StepBreakdown::optimizer_s, false},
    {"straggler", "stragglers: the slowest GPU sets the pace", &StepBreakdown::straggler_s, true},
    {"eval", "evaluation passes", &StepBreakdown::eval_s, true},
};
inline constexpr int kStepPartCount = int(std::size(kStepParts));

/// Expected slowdown of a step that waits for the slowest of `n` GPUs whose step times vary
/// with coefficient of variation `cv` (log-normal): E[max of n] / E[one] − 1 =
/// exp(σ·z_n − σ²/2) − 1 with σ² = ln(1 + cv²) and Blom's z_n (expectedMaxLognormal;
/// risk-foundations.md §6: healthy per-rank CV 1–5 %, S = E[max t_j]/E[t]). 0 for n ≤ 1 or
/// cv ≤ 0. Grows like σ·√(2 ln n): at cv 2 %, +2.9 % on 8 GPUs, +7.1 % on 2,048, +8.2 % on
/// 16,384.
double stragglerSlowdown(double n, double cv);

/// Step time of one optimizer step for a resolved layout (resolveLayout().layout).
/// `seq` is the trained context length in tokens; `counts` = paramCounts(model) when the
/// caller has it (saves recomputing it). Pure and closed form (no loops over GPUs).
/// `withoutRecompute`, when given, receives the same step with activation recompute off
/// (exactly stepTime with o.recompute = None), sharing the per-layer GEMM model: the RL
/// trainer needs both, as its forward-only passes keep no activations to recompute.
StepBreakdown stepTime(const ModelArch&, double seq, const ParallelLayout&, const StepOptions&,
                       const StepHardware&, const ParamCounts* counts = nullptr,
                       StepBreakdown* withoutRecompute = nullptr);

/// Ring all-reduce time, seconds, of `bytes` over `n` ranks of which `perNode` share one
/// NVLink domain: latency α(n) = 40 µs + 4 µs·(n−1) and bus bandwidth fitted on
/// allreduce-a100-nccl.csv (MAPE 6 % on 77 rows), scale-out bandwidth shared by the
/// domain's concurrent groups beyond it.
double allReduceTime(double n, double bytes, double perNode, const StepHardware&,
                     double latencyScale = 1);

/// All-reduce time, seconds, of one tensor-parallel reduction in a decode or prefill step of an
/// inference engine (vLLM): inside one NVLink domain vLLM's one-kernel custom all-reduce,
/// `kCustomArAlphaS + 2(n−1)/n·bytes / (kCustomArBusFraction · hw.nvlink_busbw)` (fitted on
/// the 18 vLLM custom all-reduce latencies of sgl-project/sglang PR #2904: H100, TP 2/4/8,
/// 512 B–1 MiB, MAPE 10 %), never above NCCL's allReduceTime(); beyond the domain, above 8
/// GPUs or above 8 MiB vLLM uses NCCL, allReduceTime().
/// 0 for n ≤ 1 or bytes ≤ 0.
double inferenceAllReduceTime(double n, double bytes, double perNode, const StepHardware&);

/// Tensor-parallel communication of an inference engine's prefill, seconds per prompt token of
/// one engine: two all-reduces of a chunk's hidden states per layer (after the attention output
/// and the MLP down projection; vLLM does not overlap them with compute), each chunk of
/// `chunkTokens` (vLLM max_num_batched_tokens) paying one latency:
/// `2·layers·inferenceAllReduceTime(tp, chunk·hidden·2 B) / chunk`. 0 for tp ≤ 1.
double prefillAllReducePerToken(double layers, double hidden, double tp, double perNode,
                                double chunkTokens, const StepHardware&);

namespace stepconstants {
// Fitted on the single-node rows of step-times-a100-megatron.csv with 12 or 20 layers (720
// rows); reported on the other 720 single-node rows and the 41 multi-node rows
// (docs/validation.md). Values decided once; not tuned per row.
inline constexpr double kSoftwareGemmEfficiency = 0.84; ///< cuBLAS kernel share of sustained peak
inline constexpr double kTileIntensityHalf = 92;        ///< tile intensity at half efficiency
inline constexpr double kKHalf = 103;                   ///< GEMM depth K at half efficiency
/// A100's dense FP16/BF16 tensor FLOP per SM per clock (1,024 FMA: 108 SMs × 2,048 × 1,410 MHz
/// = 312 TFLOP/s), the unit the two constants above are in.
inline constexpr double kA100MmaFlopsPerClock = 2048;
inline constexpr double kBytesPerTokenH = 13.8; ///< element accesses × h per token-layer fwd
inline constexpr double kBytesPerTokenF = 4;    ///< element accesses × f per token-layer fwd
inline constexpr double kScoreBytes = 4.43;     ///< bytes per attention score, no FlashAttention
inline constexpr double kLogitBytes = 32;       ///< bytes per logit: fp32 softmax + CE, fwd+bwd
inline constexpr double kHostLayerS = 3.45e-3;  ///< host floor per layer per micro-batch,
                                                ///< full recompute (Megatron-DeepSpeed)
inline constexpr double kInLayerLatencyScale =
    3;                                       ///< collective latency inside training vs nccl-tests
inline constexpr double kP2pFixedS = 0.6e-3; ///< fixed cost of one pipeline send/recv pair
/// Transformer Engine userbuffers defaults (transformer_engine/pytorch/module/base.py
/// initialize_ub, get_default_config): SMs the "pipeline" and "bulk" communication kernels keep
/// (num_sm 16 with set_sm_margin) and the pipeline method's splits (num_splits 4). Counted,
/// not fitted.
inline constexpr double kUbCommSms = 16;
inline constexpr double kUbSplits = 4;
/// SMs the EP all-to-all kernels keep while they overlap computation: "only 20 SMs are
/// sufficient to fully utilize the bandwidths of IB and NVLink" (DeepSeek-V3 technical
/// report §3.2.2, DeepEP). Counted, not fitted.
inline constexpr double kEpCommSms = 20;
inline constexpr double kOptimizerBytesPerParam = 36; ///< Adam mixed precision, read+write
// From sgl-project/sglang PR #2904 (vLLM custom all-reduce on H100, TP 2/4/8, 512 B–1 MiB,
// 18 latencies; least squares in bytes): fitted there, not on RL step times.
inline constexpr double kCustomArAlphaS = 9.6e-6; ///< one-kernel launch and barrier
/// Achieved bus bandwidth over NCCL's NVLink bus bandwidth: 50.7 GB/s of H100's 321 GB/s.
inline constexpr double kCustomArBusFraction = 0.158;
/// vLLM's custom all-reduce buffer (max_size 8 MiB); larger messages go to NCCL.
inline constexpr double kCustomArMaxBytes = 8.0 * 1048576;
// From allreduce-a100-nccl.csv (fitted there, not on iteration times).
inline constexpr double kCollAlphaS = 40e-6;
inline constexpr double kCollAlphaPerHopS = 4e-6;
/// Megatron-Core's smallest gradient bucket with overlap, parameters (distributed_data_parallel.py:
/// bucket_size = max(40,000,000, 1,000,000 · DP)). Counted, not fitted.
inline constexpr double kDpBucketParams = 40e6;
inline constexpr double kA100BusBw = 214e9; ///< B/s; NVLink 3 = 300 GB/s per direction
} // namespace stepconstants

/// How a sharded data-parallel framework (ZeRO stage 3) moves weights and gradients, read from
/// its source (docs/model-reference.md §2.1, "Sharded data parallel"). What all three share at
/// their defaults: each micro-batch gathers every layer's weights twice (forward, and once for
/// backward — the recompute forward reuses that gather), reduce-scatters every layer's
/// gradients on every micro-batch (no accumulation without communication), and prefetches the
/// next unit's gather behind the current unit's compute on a side stream.
struct ShardedDpTraits {
    ShardedDp id;
    /// Parameters per all-gather collective; 0 = one collective per layer (the wrapped unit).
    double gather_bucket_params;
    /// Parameters per gradient reduce-scatter; 0 = one per layer.
    double reduce_bucket_params;
    /// Gathered weights are copied out of the collective's buffer on the compute stream
    /// (read + write of the layer's 16-bit weights per gather).
    bool copy_out;
    /// Gradients cross the network in 16 bits whatever the training state keeps.
    bool reduce_in_16_bits;
};

/// Sources:
/// - Fsdp2: pytorch torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py — "Each group's
///   parameters are all-gathered in one collective, and its gradients are reduce-scattered in
///   one collective"; reshard_after_forward (default True for non-root modules) gathers again
///   before backward, the recompute reusing it (_fsdp_state.py _pre_forward in PRE_BACKWARD);
///   all-gather copy-out split_with_sizes_copy (_fsdp_collectives.py); reduce_dtype follows
///   the mixed-precision policy (veRL's fsdp_workers.py: reduce_dtype "fp32").
/// - DeepSpeed: deepspeed/runtime/zero/config.py stage3_prefetch_bucket_size 5e7 (coalesced
///   prefetch all-gathers, partitioned_param_coordinator.py), reduce_bucket_size 5e8
///   (stage3.py), stage3_max_reuse_distance 1e9 (the recompute's weights stay gathered for
///   backward); torch.cat copy-out (partition_parameters.py); communication_data_type the
///   model's 16-bit type (engine.py).
/// - MegatronFsdp: Megatron-LM megatron/core/distributed/fsdp/src/megatron_fsdp/ — one
///   coalesced bucket group per TransformerLayer unit (param_and_grad_buffer.py), weights as
///   views of the gathered bucket (no copy), "gather parameters once for both the
///   recomputation and backward" (megatron_fsdp.py), grad_reduce_every_bprop under
///   optim_grads_params, gradients in grad_comm_dtype, else main_grads_dtype
///   (mixed_precision.py): the training state's gradient precision.
/// - Fsdp1: pytorch torch/distributed/fsdp/_flat_param.py — one FlatParameter per wrapped unit,
///   gathered into its padded unsharded buffer whose views are the original parameters (no
///   copy-out), resharded after forward (FULL_SHARD) and prefetched before backward
///   (BackwardPrefetch.BACKWARD_PRE); its gradient reduce-scattered per unit.
inline constexpr ShardedDpTraits kShardedDp[] = {
    {ShardedDp::Fsdp2, 0, 0, true, false},
    {ShardedDp::DeepSpeed, 5e7, 5e8, true, true},
    {ShardedDp::MegatronFsdp, 0, 0, false, false},
    {ShardedDp::Fsdp1, 0, 0, false, false},
};

/// The row of kShardedDp for `f` (never fails: every enumerator has a row).
const ShardedDpTraits& shardedDpTraits(ShardedDp f);

} // namespace costlab
