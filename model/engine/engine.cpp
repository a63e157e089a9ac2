// evaluate(): composes the formulas of formulas.h into an Estimate (cost-model.md §§1–9).
// Design notes:
// - Two passes: phases first (time, compute, risks), then what needs the plan calendar
//   (storage held until the end of the plan, shared costs, budget).
// - Pool cost is split into busy (compute.*) and idle (hidden.idle), so the two always sum
//   to what the pool is billed (article §2.5 "compute waits for environments").
// - Expected costs of failures, divergence and capacity waits are hidden.* lines and part of
//   the total; the OOM expected cost is reported as a risk only (no category exists for it).
// Money in the scenario's currency: catalog prices × fx.
#include "engine.h"

#include "formulas.h"
#include "modelarch.h"
#include "risks.h"
#include "trnoop.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

namespace costlab {
using namespace formula;

namespace {
/// True when the step-time model can time this model: its shape is the model. A size given
/// as a count (from_shape off) keeps the shape fields it had; when their own count is more
/// than 25 % off the given one (the default 8B shape under 10^14 parameters) timing those
/// GEMMs against the count's FLOPs is meaningless (it reported MFU > 100 %, "capped").
bool shapeTimesModel(const ModelArch& m)
{
    if (m.from_shape)
        return true;
    ModelArch shape = m;
    shape.from_shape = true;
    const double counted = paramCounts(shape).total;
    return m.params_total > 0 && counted > 0 && std::abs(counted / m.params_total - 1) <= 0.25;
}
} // namespace

double defaultMfu(const Accelerator& a, double gpus)
{
    const double doublings = gpus > 512 ? std::log2(gpus / 512.0) : 0.0;
    return a.default_mfu * std::max(0.5, 1.0 - 0.02 * doublings);
}

namespace {

constexpr int idx(Category c)
{
    return static_cast<int>(c);
}

struct Prices {
    double reserved = 0, elastic = 0, blended = 0; // per GPU-hour, scenario currency
    bool known = true;
};

/// The catalog's price for a purchase tier, or the nearest tier it lists (on-demand for reserved
/// or spot, reserved for on-demand, spot where it is the only price); < 0 when none is listed.
double tierPrice(const Accelerator& a, Purchase tier)
{
    auto first = [](double x, double y, double z) { return x >= 0 ? x : y >= 0 ? y : z; };
    switch (tier) {
    case Purchase::Spot:
        return first(a.price_spot, a.price_on_demand, a.price_reserved);
    case Purchase::OnDemand:
        return first(a.price_on_demand, a.price_reserved, a.price_spot);
    case Purchase::Reserved:
        break;
    }
    return first(a.price_reserved, a.price_on_demand, a.price_spot);
}

Prices gpuPrices(const Accelerator& a, const Phase& p, double fx)
{
    Prices r;
    double res = tierPrice(a, Purchase::Reserved); // the fixed pool
    double el = tierPrice(a, p.purchase);          // the elastic share
    if (res < 0 || el < 0) {                       // no price at all (both fall back alike)
        r.known = false;
        res = el = 0;
    }
    const double e = std::clamp(p.elastic_fraction, 0.0, 1.0);
    r.reserved = res * fx;
    r.elastic = el * fx;
    r.blended = (1 - e) * r.reserved + e * r.elastic;
    return r;
}

/// True when gpuPrices() prices one of the phase's pools at another tier than the one it buys,
/// because the catalog lists no price for that tier (and lists one for some other tier).
bool priceTierMissing(const Accelerator& a, const Phase& p)
{
    if (a.price_reserved < 0 && a.price_on_demand < 0 && a.price_spot < 0)
        return false; // not priced at all: its own warning
    const double e = std::clamp(p.elastic_fraction, 0.0, 1.0);
    if (e < 1 && a.price_reserved < 0)
        return true;
    const double elastic = p.purchase == Purchase::Spot       ? a.price_spot
                           : p.purchase == Purchase::OnDemand ? a.price_on_demand
                                                              : a.price_reserved;
    return e > 0 && elastic < 0;
}

void warnOnce(Estimate& est, std::string_view w)
{
    if (std::find(est.warnings.begin(), est.warnings.end(), w) == est.warnings.end())
        est.warnings.push_back(w);
}

/// Adds `amount` of a GPU pool's cost to category c, splitting the elastic share.
void addPool(PhaseEstimate& pe, Category c, double gpuHours, const Prices& pr,
             double elasticFraction)
{
    const double e = std::clamp(elasticFraction, 0.0, 1.0);
    const double fixedPart = e < 1 ? gpuHours * (1 - e) * pr.reserved : 0.0;
    const double elasticPart = e > 0 ? gpuHours * e * pr.elastic : 0.0;
    pe.cost[idx(c)] += fixedPart + elasticPart;
    pe.elastic[idx(c)] += elasticPart;
    pe.pool_gpu_hours[idx(c)] += gpuHours;
    pe.pool_elastic_gpu_hours[idx(c)] += gpuHours * e;
    pe.pool_cost[idx(c)] += fixedPart + elasticPart;
}

void addFixed(PhaseEstimate& pe, Category c, double amount)
{
    pe.cost[idx(c)] += amount;
}

/// Job failure rate per hour: GPUs + nodes + spot interruptions of the spot share
/// (risk-foundations.md §5.1, §7: λ_s = −ln(1 − f_month)/720 per instance).
double failureRate(const Scenario& s, const Phase& p, double gpus)
{
    const double nodes = gpus / std::max(1.0, s.reliability.gpus_per_node);
    double lambda = gpus * s.reliability.gpu_failure_rate + nodes * s.reliability.node_failure_rate;
    if (p.purchase == Purchase::Spot && p.elastic_fraction > 0) {
        const double f = std::clamp(s.capacity.spot_interrupt_month, 0.0, 0.999999);
        lambda += p.elastic_fraction * nodes * (-std::log1p(-f) / 720.0);
    }
    return lambda;
}

/// Checkpoint stall δ (hours) for a checkpoint of `bytes` over `gpus` GPUs taken every `tau`
/// hours of work.
double checkpointStall(const Scenario& s, double bytes, double gpus, double tau)
{
    const double persist = bytes / (std::max(s.storage.checkpoint_write_gbps, 1e-6) * kGB) / 3600.0;
    if (s.storage.async_checkpoint) {
        // The copy to host memory stalls; persisting overlaps training unless it takes longer
        // than the interval, when the next checkpoint must wait (CheckFreq, FAST'21).
        const double copy =
            bytes / std::max(1.0, gpus) / (std::max(s.assumptions.d2h_gbps, 1e-6) * kGB) / 3600.0;
        return s.assumptions.async_stall_s / 3600.0 + copy + std::max(0.0, persist - tau);
    }
    return persist;
}

/// Failures, checkpoints and recovery risk for `work` hours on `gpus` GPUs (§8).
/// Adds compute already booked by the caller? No: returns figures; caller books costs.
struct RecoveryResult {
    RecoveryFigures fig;
    double wall = 0;         ///< hours incl. failures, stalls, corruption rollbacks
    double stallHours = 0;   ///< total checkpoint stall (wall hours)
    double failureHours = 0; ///< rework + restarts + corruption rollbacks (wall hours)
    double checkpoints = 0;  ///< checkpoints written
    bool capped = false;     ///< failures prevent progress; wall time capped at 10^4 × work
};

RecoveryResult recovery(const Scenario& s, const Phase& p, double work, double gpus,
                        double ckptBytes)
{
    RecoveryResult r;
    const double lambda = failureRate(s, p, gpus);
    const double M = lambda > 0 ? 1.0 / lambda : INFINITY;
    // Automatic interval: the Daly optimum for the stall of a checkpoint whose persisting
    // overlaps training, then the stall at that interval (an asynchronous write longer than
    // the interval makes the next checkpoint wait); without failures one checkpoint at the end.
    double tau = std::max(1e-6, s.reliability.checkpoint_interval_h);
    if (s.reliability.checkpoint_auto) {
        const double overlapped = checkpointStall(s, ckptBytes, gpus, INFINITY);
        tau = std::isfinite(M) ? std::max(1e-6, dalyInterval(overlapped, M)) : std::max(1e-6, work);
    }
    const double delta = checkpointStall(s, ckptBytes, gpus, tau);
    const double R = s.reliability.restart_min / 60.0;
    const double c = std::clamp(s.reliability.corruption_prob, 0.0, 1.0);
    double T = dalyWallTime(work, tau, delta, R, M);
    // When the interval is far above the MTBF the job (almost) never finishes; cap the
    // figure so totals stay finite, and let evaluate() warn.
    constexpr double kMaxStretch = 1e4;
    if (!std::isfinite(T) || T > kMaxStretch * std::max(work, 1e-9)) {
        T = kMaxStretch * work;
        r.capped = true;
    }
    r.checkpoints = work / tau;
    r.stallHours = r.checkpoints * delta;
    double failures = std::isfinite(M) ? T / M : 0.0;
    // An unusable newest checkpoint rolls back one interval further (first order in c).
    const double corruptionHours = failures * c * tau;
    r.failureHours = std::max(0.0, T - work - r.stallHours) + corruptionHours;
    r.wall = T + corruptionHours;
    auto& f = r.fig;
    f.mtbf_h = std::isfinite(M) ? M : 0;
    f.checkpoint_interval_h = tau;
    f.checkpoint_stall_h = delta;
    f.young_interval_h = std::isfinite(M) ? youngInterval(delta, M) : 0;
    f.optimal_interval_h = std::isfinite(M) ? dalyInterval(delta, M) : 0;
    f.expected_failures = failures;
    f.lost_per_failure_h = tau / 2 + R + c * tau;
    f.p_loss_over_threshold = probLossOver(s.reliability.loss_threshold_h, tau, R, c);
    f.p_unusable_rollback = 1 - std::exp(-failures * c);
    f.waste_fraction = r.wall > 0 ? (r.wall - work) / r.wall : 0;
    f.progress_capped = r.capped;
    return r;
}

/// The layout and training set-up that decide a trainer's memory per GPU.
struct TrainerMemoryInputs {
    double seq = 0;                ///< sequence length, tokens
    double microBatch = 1;         ///< sequences per micro-batch
    double tp = 1, pp = 1, ep = 1; ///< tensor, pipeline, expert parallel degrees
    double zero = 0;               ///< ZeRO stage 0–3
    double gpus = 1;               ///< GPUs of the trainer (DP = gpus / (TP·PP))
    Optimizer optimizer = Optimizer::AdamW32;
    Recompute recompute = Recompute::None;
    bool flash = true;  ///< FlashAttention (no s² score matrix kept)
    double hbmGiB = 80; ///< usable HBM per GPU, GiB
    TrainingMode mode = TrainingMode::Full;
    double loraRank = 0;
    LoraTargets loraTargets = LoraTargets::AllLinear;
    double extraFrozenParams =
        0; ///< frozen models on the same GPUs (reference, reward), parameters
    double microBatchesPerStep = 1e300; ///< micro-batches per optimizer step (1F1B in-flight bound)
    double vpp = 1;                     ///< virtual stages per rank (interleaved 1F1B)
    double ppGroup = 0; ///< interleaved: micro-batches per chunk group; ≤ 0 = PP (Megatron)
    StatePrecision precision = StatePrecision::ZeroPaper; ///< where weights/grads are FP32
    Offload offload = Offload::None; ///< what of the training state lives in host RAM
    double etp = 0;                  ///< expert tensor parallel (MoE); ≤ 0 = TP
    bool epOverlap = false;          ///< EP all-to-all overlap: one more micro-batch in flight
    /// ZeRO-3 hybrid sharding: DP ranks one copy of the state is sharded over (FSDP's
    /// fsdp_size); ≤ 0 = all of them.
    double shardGroup = 0;
    // What layers keep beyond the recompute mode (formula::ActivationKeep).
    bool fp8 = false;         ///< FP8 through Transformer Engine: Linear inputs kept as FP8
    bool fp8ActInput = false; ///< SwiGLU input kept in FP8
    bool recomputeNorms = false, recomputeMoeAct = false, recomputeMlaUp = false;
};

/// Trainer memory per GPU and pipeline stage (§3): weights, gradients and optimizer state
/// sharded by TP·PP (and ZeRO over DP), the input embedding on the first stage and the LM head
/// on the last, activations of the micro-batches each stage holds in flight, logits, CUDA
/// context and fragmentation. pipelineStage() turns it into bytes; worstStage() picks the stage
/// judged for OOM.
PipelineMemory trainerStages(const Scenario& s, const ModelArch& m, const ParamCounts& c,
                             const TrainerMemoryInputs& in)
{
    PipelineMemory pm;
    const double tp = std::max(1.0, in.tp), pp = std::max(1.0, in.pp), ep = std::max(1.0, in.ep);
    pm.stages = int(std::clamp(std::round(pp), 1.0, 1e6));
    pm.virtual_stages = int(std::clamp(std::round(in.vpp), 1.0, 1e6));
    pm.group = in.ppGroup;
    pm.microbatches = in.microBatchesPerStep;
    // Megatron-Core schedules one extra warm-up micro-batch when the EP all-to-all overlaps
    // ("we schedule one extra micro-batch forward step before the 1f1b stages",
    // pipeline_parallel/schedules.py get_pp_rank_microbatches); without a pipeline the
    // combined 1F1B likewise runs the next forward before the previous backward ends.
    pm.extra_in_flight = in.epOverlap && in.ep > 1 && in.recompute != Recompute::Full ? 1 : 0;
    const double etp = in.etp > 0 ? in.etp : tp;
    const double z = std::round(in.zero);
    // ZeRO shards over the data-parallel ranks, or over a hybrid-sharding group of them.
    auto shardRanks = [&](double n) {
        return z >= 3 && in.shardGroup >= 1 ? std::min(n, std::round(in.shardGroup)) : n;
    };
    const double dp = shardRanks(std::max(1.0, std::floor(in.gpus / (tp * pp))));
    const double edp = shardRanks(std::max(1.0, tp * std::floor(in.gpus / (tp * pp)) / (ep * etp)));
    const StateBytes sb = stateBytesPerParam(in.optimizer, in.precision);
    // Embeddings (ParamCounts::embedding: the input embedding, plus the LM head when untied).
    // With tied embeddings and PP > 1 the last stage keeps its own copy of the shared matrix
    // (Megatron-LM: the word-embedding gradient is all-reduced between the first and last
    // stage), so it is counted twice.
    const double embIn = m.tied_embeddings ? c.embedding : c.embedding / 2;
    const double head = m.tied_embeddings ? (pp > 1 ? embIn : 0.0) : c.embedding - embIn;
    const double layerDense = std::max(0.0, c.total - c.expert - c.embedding) / (tp * pp);
    // Megatron-Core MoE: routed experts are split over EP × expert-TP (ETP, default TP) and
    // their gradients and optimizer state over the expert-data-parallel group TP·DP / (EP·ETP),
    // not the whole DP group; attention, dense and shared experts over TP and ZeRO over DP.
    const double layerExpert = c.expert / (ep * etp * pp);
    auto state = [&](double denseLocal, double expertLocal) {
        StageState st;
        auto put = [&](double bytesPerParam, bool sharded) {
            return sharded ? denseLocal * bytesPerParam / dp + expertLocal * bytesPerParam / edp
                           : (denseLocal + expertLocal) * bytesPerParam;
        };
        if (in.mode == TrainingMode::Full) {
            st.weights = put(sb.weights, z >= 3);
            st.gradients = put(sb.gradients, z >= 2);
            st.optimizer = put(sb.optimizer, z >= 1);
        } else { // frozen base (BF16, or INT4 under QLoRA); adapters added to the layers below
            const double baseBytes =
                in.mode == TrainingMode::QLoRA ? weightBytesPerParam(Quantization::INT4) : 2.0;
            st.weights = put(baseBytes, z >= 3);
        }
        return st;
    };
    pm.layers = state(layerDense, layerExpert);
    pm.first = state(embIn / tp, 0);
    pm.last = state(head / tp, 0);
    auto shard = [&](double bytes, bool sharded) { return sharded ? bytes / dp : bytes; };
    if (in.mode != TrainingMode::Full) {
        const double lora = loraParams(m, in.loraRank, in.loraTargets) / (tp * pp);
        pm.layers.weights += shard(lora * sb.weights, z >= 3);
        pm.layers.gradients += shard(lora * sb.gradients, z >= 2);
        pm.layers.optimizer += shard(lora * sb.optimizer, z >= 1);
    }
    if (in.offload != Offload::None) {
        // CPU offload (ZeRO-Offload, ZeRO-Infinity, FSDP CPUOffload): the offloaded copies
        // leave the GPU for host RAM, each rank's own partition as the ZeRO stage shards it.
        const bool params = in.offload == Offload::OptimizerParams;
        auto toHost = [params](StageState& st) {
            double moved = st.optimizer;
            st.optimizer = 0;
            if (params) {
                moved += st.weights + st.gradients;
                st.weights = st.gradients = 0;
            }
            return moved;
        };
        const double moved = toHost(pm.layers);
        const double first = toHost(pm.first), last = toHost(pm.last);
        pm.host_offload = moved + (pp > 1 ? std::max(first, last) : first + last);
        if (params) {
            // What the GPU keeps while it computes: the layer in use and the one prefetched
            // (16-bit, gathered over DP) and one layer's gradients before they leave.
            // The gathered unit is a layer, or the embedding when that is larger.
            const double unit = std::max((layerDense + layerExpert) / std::max(1.0, m.layers / pp),
                                         std::max(embIn, head) / tp);
            const bool full = in.mode == TrainingMode::Full;
            const double wBytes = full ? sb.weights
                                  : in.mode == TrainingMode::QLoRA
                                      ? weightBytesPerParam(Quantization::INT4)
                                      : 2.0;
            pm.layers.weights += 2 * unit * wBytes;
            pm.layers.gradients += full ? unit * sb.gradients : 0.0;
        }
    }
    // Frozen models resident on the same GPUs (reference, reward, critic weights in BF16).
    pm.layers.weights += shard(in.extraFrozenParams * 2.0 / (tp * pp), z >= 3);
    // Dense and MoE layers (moe_layer_fraction of them) keep different tensors.
    const double moeShare =
        m.experts > 0 && m.top_k > 0 ? std::clamp(m.moe_layer_fraction, 0.0, 1.0) : 0.0;
    auto perLayer = [&](Recompute r) {
        const ActivationKeep k{.recompute = r,
                               .flash = in.flash,
                               .fp8 = in.fp8,
                               .fp8_act_input = in.fp8ActInput,
                               .recompute_norms = in.recomputeNorms,
                               .recompute_moe_act = in.recomputeMoeAct,
                               .recompute_mla_up = in.recomputeMlaUp};
        auto layer = [&](bool moe) {
            return layerActivationBytes(m, in.seq, in.microBatch, tp, etp, moe, k);
        };
        return (1 - moeShare) * layer(false) + (moeShare > 0 ? moeShare * layer(true) : 0.0);
    };
    pm.activations_per_microbatch = m.layers / pp * perLayer(in.recompute);
    // Full recompute: the layer being recomputed needs its full activations at once.
    if (in.recompute == Recompute::Full)
        pm.recompute_buffer = perLayer(Recompute::Selective);
    pm.logits = 4.0 * in.seq * in.microBatch * m.vocab / tp;
    pm.context = s.assumptions.cuda_context_gib * kGiB;
    pm.fragmentation = s.assumptions.fragmentation;
    pm.usable = in.hbmGiB * kGiB;
    pm.sigma = s.assumptions.oom_sigma;
    return pm;
}

/// The stage with the largest peak (the first under 1F1B, unless the LM head and logits make
/// the last one larger). Stages between hold fewer micro-batches than the first and no
/// embedding, so the scan is over all of them only to stay right for any future term.
int worstStage(const PipelineMemory& pm)
{
    int worst = 0;
    double peak = -1;
    for (int i = 0; i < pm.stages; ++i)
        if (const double t = stageTotal(pm, i); t > peak) {
            peak = t;
            worst = i;
        }
    return worst;
}

/// Trainer memory per GPU: the worst pipeline stage (pm.worst is set).
MemoryBreakdown trainerMemory(const Scenario& s, const ModelArch& m, const ParamCounts& c,
                              const TrainerMemoryInputs& in, PipelineMemory& pm)
{
    pm = trainerStages(s, m, c, in);
    pm.worst = worstStage(pm);
    return pipelineStage(pm, pm.worst);
}

/// Tokens vLLM batches in one prefill / profile step: max_num_batched_tokens, 8,192 in veRL's
/// rollout defaults (ppo_trainer.yaml `rollout.max_num_batched_tokens`).
constexpr double kPrefillChunkTokens = 8192;

/// Inference engine model (§3 rollout memory, §4 decode roofline) shared by RL and evaluation.
struct InferenceEngine {
    double engines = 1;       ///< engine instances
    double perEngineSeqs = 1; ///< concurrent sequences per engine (KV- and cap-limited)
    double maxSeqsByKv = 0;
    double stepFull = 0;         ///< decode step at batch perEngineSeqs, s
    double stepOne = 0;          ///< decode step at batch 1, s
    double prefillSPerToken = 0; ///< whole pool, seconds per prompt token (compute + TP comm)
    MemoryBreakdown mem;
};

/// What an inference pool serves and how it is configured (vLLM-style engines).
struct InferenceInputs {
    double gpus = 1;      ///< GPUs of the pool
    double tp = 1;        ///< tensor parallel degree per engine
    double memUtil = 0.9; ///< gpu_memory_utilization
    double maxSeqs = 256; ///< max_num_seqs per engine
    Quantization quant = Quantization::BF16;
    KvDtype kvDtype = KvDtype::BF16;
    double ctxEnd = 0;            ///< context at the end of a sequence, tokens
    double ctxMean = 0;           ///< mean context while decoding, tokens
    double wantedConcurrency = 1; ///< sequences the work could keep in flight
    /// DeepSpeed hybrid engine: one static batch of maxSeqs per engine in a static KV
    /// workspace of ctxMax tokens per sequence (no reservation, no paging).
    bool staticBatch = false;
    double ctxMax = 0;       ///< static batch: prompt + response cap, tokens
    double promptTokens = 0; ///< static batch: prompt tokens per sequence
};

/// Memory per GPU of DeepSpeed's hybrid engine generating a static batch
/// (deepspeed/runtime/hybrid_engine.py and csrc/transformer/inference/includes/
/// inference_context.h at 47f9f13): the decoder layers' weights split over inference_tp_size
/// (the attention and MLP matrices sliced per rank) while the embeddings, LM head and norms
/// stay whole on every rank; a KV workspace allocated once for the batch at max_out_tokens
/// (prompt + response cap; GenWorkSpace throws rather than shrink below it), cache per token
/// layers × batch × hidden/TP × 2 (K and V) × 2 B; and the prefill's FP16 logits of the
/// batch's prompts over the whole vocabulary (Hugging Face generate computes every position's
/// logits). No reservation and no paging: the batch is what was asked, and it fits or not.
void staticBatchMemory(const ModelArch& m, const ParamCounts& c, const InferenceInputs& in,
                       double kvTok, double wantedPerEngine, InferenceEngine& e)
{
    const double tp = std::max(1.0, std::min(in.tp, in.gpus));
    const double bpp = weightBytesPerParam(in.quant);
    e.perEngineSeqs = std::max(1.0, std::min(in.maxSeqs, wantedPerEngine));
    e.maxSeqsByKv = e.perEngineSeqs;
    auto& mb = e.mem;
    mb.weights = (c.total - c.embedding) * bpp / tp + c.embedding * bpp;
    mb.activations = e.perEngineSeqs * std::max(0.0, in.promptTokens) * m.vocab * 2.0;
    mb.kv_cache = e.perEngineSeqs * kvTok * std::max(in.ctxMax, in.ctxEnd) / tp;
    mb.total = mb.weights + mb.activations + mb.kv_cache + mb.overhead;
}

InferenceEngine inferenceEngine(const Scenario& s, const ModelArch& m, const ParamCounts& c,
                                const Accelerator& a, const InferenceInputs& in)
{
    const double gpus = in.gpus, memUtil = in.memUtil, maxSeqs = in.maxSeqs, ctxEnd = in.ctxEnd,
                 ctxMean = in.ctxMean, wantedConcurrency = in.wantedConcurrency;
    const Quantization q = in.quant;
    const KvDtype kvd = in.kvDtype;
    double tp = in.tp;
    InferenceEngine e;
    tp = std::max(1.0, std::min(tp, gpus));
    e.engines = std::max(1.0, std::floor(gpus / tp));
    const double hbm = a.hbm_gib * kGiB;
    const double wBytes = c.total * weightBytesPerParam(q);
    const double kvTok = kvBytesPerToken(m, kvd == KvDtype::FP8 ? 1.0 : 2.0);
    // vLLM profile run: FP32 logits of 8,192 batched tokens (+ sampler copy) and hidden
    // activations; vllm#12330 measured 9.37 GiB for Llama-3-8B (this gives 8.9 GiB).
    const double act = kPrefillChunkTokens * (m.vocab * 4.0 * 2.0 + 34.0 * m.hidden);
    const double ctx = s.assumptions.cuda_context_gib * kGiB;
    const double wantedPerEngine = std::ceil(std::max(1.0, wantedConcurrency) / e.engines);
    auto& mb = e.mem;
    mb.present = true;
    mb.overhead = ctx;
    if (in.staticBatch) {
        staticBatchMemory(m, c, in, kvTok, wantedPerEngine, e);
        mb.usable = hbm;
        mb.oom_probability = oomProbability(mb.total, mb.usable, s.assumptions.oom_sigma);
    } else {
        const double budget = tp * (memUtil * hbm - ctx) - wBytes - act;
        e.maxSeqsByKv = budget > 0 ? std::floor(budget / (kvTok * std::max(1.0, ctxEnd))) : 0;
        e.perEngineSeqs =
            std::max(1.0, std::min({maxSeqs, std::max(1.0, e.maxSeqsByKv), wantedPerEngine}));
        // Memory per GPU: weights, activations, KV actually needed (at least one full
        // sequence).
        mb.weights = wBytes / tp;
        mb.activations = act / tp;
        mb.kv_cache = std::max(1.0, e.perEngineSeqs) * kvTok * ctxEnd / tp;
        mb.total = (mb.weights + mb.activations + mb.kv_cache + ctx);
        mb.usable = memUtil * hbm;
        // The engine caps concurrency to its KV budget instead of running out of memory; it
        // fails only when weights, activations and one full-length sequence do not fit
        // (vLLM: "No available memory for the cache blocks").
        const double minimum = mb.weights + mb.activations + ctx + kvTok * ctxEnd / tp;
        mb.oom_probability = oomProbability(minimum, mb.usable, s.assumptions.oom_sigma);
    }
    // Roofline decode step.
    const double bw = tp * a.mem_bw_gbps * kGB * s.assumptions.decode_bw_efficiency;
    const bool fastFormat = (q == Quantization::FP8 && a.fp8_tflops > 0) ||
                            (q == Quantization::INT8 && a.int8_tops > 0);
    const double peak = tp * a.bf16_tflops * 1e12 * s.assumptions.decode_compute_efficiency *
                        (fastFormat ? s.assumptions.fp8_rollout_speedup : 1.0);
    const double dense = (c.total - c.expert) * weightBytesPerParam(q);
    const double expertBytes = c.expert * weightBytesPerParam(q);
    // Tensor parallelism adds two all-reduces of the batch's hidden states per layer (after
    // the attention output and the MLP / MoE down projection), on the critical path: a decode
    // step has nothing to hide them behind.
    const StepHardware hw = stepHardware(a);
    const double arPerNode = std::min(tp, nvlinkDomain(a));
    auto step = [&](double n) {
        const double read = dense + expertBytes * expertsTouched(n, m.top_k, m.experts);
        const double comm =
            2 * m.layers * inferenceAllReduceTime(tp, n * m.hidden * 2.0, arPerNode, hw);
        // 2 FLOPs per matmul parameter; the embedding lookup is free (B12).
        return decodeStepSeconds(read, n, kvTok * ctxMean, bw, 2.0 * c.non_embedding_active, peak) +
               comm;
    };
    e.stepFull = step(e.perEngineSeqs);
    e.stepOne = step(1);
    // Prefill: the matmul FLOPs at prefill_mfu over the pool, plus each engine's TP
    // all-reduces, on the critical path as in decode; the engines prefill in parallel, so the
    // pool pays 1/engines of one engine's communication per token.
    const double prefillCompute =
        2.0 * c.non_embedding_active /
        std::max(1.0, gpus * a.bf16_tflops * 1e12 * s.assumptions.prefill_mfu);
    const double prefillComm =
        prefillAllReducePerToken(m.layers, m.hidden, tp, arPerNode, kPrefillChunkTokens, hw);
    e.prefillSPerToken = prefillCompute + prefillComm / e.engines;
    return e;
}

/// The largest probability of an event that a hazard makes likely but never certain (a
/// Poisson count of at least one): 1 − e^{−40} rounds to 1 in double, and a certain-looking
/// "100 %" would claim more than the model knows (issue 14).
constexpr double kBelowCertain = 1 - 1e-15;

/// Divergence expected events and cost (§9): events = h·steps, cost per event =
/// pool rate × (detection + rollback to checkpoint + margin + restart).
Risk divergenceRisk(double hazard, double steps, double stepHours, double tau, double restartH,
                    const Assumptions& as, double poolRatePerHour, double marginSteps,
                    double& events)
{
    events = hazard * steps;
    Risk r;
    r.probability = std::min(-std::expm1(-events), kBelowCertain);
    const double perEvent = poolRatePerHour * (as.div_detect_steps * stepHours + tau / 2 +
                                               marginSteps * stepHours + restartH);
    r.expected_cost = events * perEvent;
    return r;
}

/// Unrecoverable divergence or collapse (risk-foundations.md §4.3): with probability p the
/// run is lost at an onset before its end (constant hazard over its `workHours` failure-free
/// hours); the work done so far is re-run after the recipe is re-planned, so the expected
/// cost is p × E[onset | before the end] × the pool's rate (formulas.h meanOnsetBefore).
Risk lostRunRisk(double p, double workHours, double poolRatePerHour)
{
    Risk r;
    r.probability = std::clamp(p, 0.0, 1.0);
    r.expected_cost =
        r.probability * meanOnsetBefore(r.probability, std::max(0.0, workHours)) * poolRatePerHour;
    return r;
}

Risk capacityRisk(const Scenario& s, const Phase& p, double gpus, const Prices& pr)
{
    Risk r;
    const double e = std::clamp(p.elastic_fraction, 0.0, 1.0);
    if (e <= 0)
        return r;
    r.probability = std::clamp(s.capacity.unavailable_prob, 0.0, 1.0);
    // Reserved GPUs idle while the elastic share is awaited (risk-foundations.md §7).
    r.expected_cost = r.probability * s.capacity.mean_wait_h * gpus * (1 - e) * pr.reserved;
    return r;
}

void bookRecovery(PhaseEstimate& pe, const RecoveryResult& rr, double gpus, const Prices& pr,
                  double e)
{
    pe.rec = rr.fig;
    addPool(pe, Category::StorageCheckpoint, rr.stallHours * gpus, pr, e);
    addPool(pe, Category::HiddenFailure, rr.failureHours * gpus, pr, e);
    pe.recovery.expected_cost = rr.failureHours * gpus * pr.blended;
    pe.recovery.probability =
        1 - std::exp(-rr.fig.expected_failures * rr.fig.p_loss_over_threshold);
}

struct PhaseContext {
    double ckptBytes = 0; ///< full checkpoint bytes (0 = none)
    double checkpoints = 0;
    double trajectoryGB = 0;
    double logGB = 0;
    double envRequests = 0;
    double posttrainGB = 0;
};

/// Whether the data-parallel gradient reduce moves FP32 (4 B) or 16-bit (2 B) gradients: the
/// training-state precision's gradient copy (Megatron-Core with --bf16 and FP32 training reduce
/// in FP32; the ZeRO paper's count and FP16 recipes reduce the 16-bit gradients).
bool fp32GradientReduce(StatePrecision p)
{
    return stateBytesPerParam(Optimizer::AdamW32, p).gradients >= 4;
}

/// GPU–host link per GPU and direction, B/s: the catalog's PCIe figure, else
/// assumptions.pcie_gbps.
double hostLinkBytesPerS(const Scenario& s, const Accelerator& a)
{
    return std::max(1e-3, a.pcie_gbps > 0 ? a.pcie_gbps : s.assumptions.pcie_gbps) * 1e9;
}

/// The CPU offload figures of a trainer on `gpus` GPUs of accelerator `a`: the offload mode,
/// the node's CPU Adam rate (assumptions.cpu_adam_params_s) shared by the trainer's GPUs on a
/// node, and the GPU–host link (the catalog's PCIe figure, else assumptions.pcie_gbps).
void offloadOptions(const Scenario& s, Offload offload, const Accelerator& a, double gpus,
                    StepOptions& o)
{
    o.offload = offload;
    const double perNode = std::clamp(gpus, 1.0, std::max(1.0, a.gpus_per_node));
    o.host_adam_params_s = std::max(1.0, s.assumptions.cpu_adam_params_s) / perNode;
    o.host_link_bytes_s = hostLinkBytesPerS(s, a);
}

StepOptions stepOptions(const Scenario& s, const PretrainInputs& in, const Accelerator& a,
                        double gpus)
{
    StepOptions o;
    offloadOptions(s, in.offload, a, gpus, o);
    o.fp32_grad_reduce = fp32GradientReduce(in.state_precision);
    o.recompute = in.recompute;
    o.precision = in.precision;
    o.flash_attention = in.flash_attention;
    o.sequence_parallel = in.sequence_parallel;
    o.overlap_dp = in.overlap_dp;
    o.overlap_tp = in.overlap_tp;
    o.overlap_ep = in.overlap_ep;
    o.recompute_mla_up = in.recompute_mla_up;
    o.zero_stage = in.zero_stage;
    o.sharded_dp = in.sharded_dp;
    o.fp8_gemm_speedup = s.assumptions.fp8_speedup;
    return o;
}

/// What a production run adds to a benchmark step (issue 45, item 6): the slowest of the
/// phase's GPUs sets each step's pace (stragglerSlowdown, assumptions.straggler_cv), and
/// validation passes of eval_iters forward-only iterations every eval_interval steps, each a
/// third of a step (forward : backward = 1 : 2), a quarter under full recompute. Failures,
/// restarts and checkpoint stalls are the recovery model's (Daly), not counted here.
void addProductionLosses(const Scenario& s, const PretrainInputs& in, double gpus, StepBreakdown& b)
{
    b.straggler_s = b.total_s * stragglerSlowdown(gpus, s.assumptions.straggler_cv);
    if (in.eval_interval > 0 && in.eval_iters > 0) {
        const double forward = in.recompute == Recompute::Full ? 0.25 : 1.0 / 3.0;
        b.eval_s = in.eval_iters * forward * b.total_s / in.eval_interval;
    }
}

/// The layout a pre-training phase asks for (DP and micro-batches derived by resolveLayout).
ParallelLayout requestedLayout(const PretrainInputs& in)
{
    return {.tp = in.tp,
            .pp = in.pp,
            .vpp = in.vpp,
            .cp = in.cp,
            .ep = in.ep,
            .etp = in.etp,
            .micro_batch = in.micro_batch};
}

/// The layout the long-context stage asks for: its own TP, PP, virtual stages, CP and
/// micro-batch where given (> 0), the main stage's otherwise; EP and ETP are the main stage's.
ParallelLayout requestedLongLayout(const PretrainInputs& in)
{
    auto own = [](double v, double main) { return v > 0 ? v : main; };
    ParallelLayout l = requestedLayout(in);
    l.tp = own(in.long_tp, in.tp);
    l.pp = own(in.long_pp, in.pp);
    l.vpp = own(in.long_vpp, in.vpp);
    l.cp = own(in.long_cp, in.cp);
    l.micro_batch = own(in.long_micro_batch, in.micro_batch);
    return l;
}

/// The long-context stage's layout resolved against the phase's GPUs and the same tokens per
/// step at its context (fewer, longer sequences); stage_seq is set to its context.
LayoutCheck longStageLayout(const Phase& p, double nvlinkDomain)
{
    const PretrainInputs& in = p.pretrain;
    LayoutCheck lc = resolveLayout(requestedLongLayout(in), std::max(1.0, p.gpus),
                                   std::max(1.0, in.global_batch_tokens) / in.long_seq_len, p.model,
                                   nvlinkDomain);
    lc.stage_seq = in.long_seq_len;
    return lc;
}

/// Failure-free hours of a pre-training phase whose layout `pe.layout` is resolved; fills the
/// phase's FLOPs, steps, MFU, throughput source and step breakdown. The main context trains
/// tokens − long_tokens, then the long-context stage (same tokens per step). Precedence:
/// measured tokens/s, measured TFLOP/s, pinned MFU, the step-time model (catalog default MFU
/// for accelerators the model does not cover). A throughput above peak is capped at MFU 1.
double pretrainHours(const Scenario& s, const Phase& p, const ParamCounts& c, const Accelerator& a,
                     double N, PhaseEstimate& pe)
{
    const auto& in = p.pretrain;
    const double seqMain = std::max(1.0, in.seq_len);
    const bool longStage = hasLongStage(in);
    const double longTokens = longStage ? std::min(in.long_tokens, in.tokens) : 0.0;
    const double mainTokens = std::max(0.0, in.tokens - longTokens);
    const double seqLong = longStage ? in.long_seq_len : seqMain;
    const double batchTokens = std::max(1.0, in.global_batch_tokens);
    pe.flops = trainFlopsPerToken(p.model, c, seqMain) * mainTokens +
               trainFlopsPerToken(p.model, c, seqLong) * longTokens;
    pe.steps = in.tokens / batchTokens;
    const double peak = a.bf16_tflops * 1e12;
    double seconds = 0;
    if (in.measured_tokens_s > 0) {
        pe.throughput = ThroughputSource::MeasuredTokens;
        seconds = in.tokens / (in.measured_tokens_s * N);
    } else if (in.measured_tflops > 0) {
        pe.throughput = ThroughputSource::MeasuredTflops;
        seconds = pe.flops / (in.measured_tflops * 1e12 * N);
    } else if (in.mfu > 0 || a.sms <= 0 || !shapeTimesModel(p.model)) {
        // Without a shape that is the model (shapeTimesModel) the catalog's fallback MFU
        // applies, as for an accelerator the step-time model does not cover.
        pe.throughput = in.mfu > 0 ? ThroughputSource::PinnedMfu : ThroughputSource::CatalogDefault;
        const double mfu = in.mfu > 0 ? in.mfu : defaultMfu(a, N);
        const double kPrec = (in.precision == TrainPrecision::FP8 && a.fp8_tflops > 0)
                                 ? s.assumptions.fp8_speedup
                                 : 1.0;
        const double kRec =
            in.recompute == Recompute::Full ? s.assumptions.full_recompute_factor : 1.0;
        const double thr = peak * mfu * kPrec * kRec;
        seconds = thr > 0 ? pe.flops / (N * thr) : 0.0;
    } else {
        pe.throughput = ThroughputSource::Model;
        const StepOptions o = stepOptions(s, in, a, N);
        const StepHardware hw = stepHardware(a);
        pe.step = stepTime(p.model, seqMain, pe.layout.layout, o, hw, &c);
        addProductionLosses(s, in, N, pe.step);
        seconds = mainTokens / batchTokens * productionSeconds(pe.step);
        if (longTokens > 0) {
            // Same tokens per step at a longer context on the stage's own layout (resolved
            // and checked by evaluatePhases): fewer sequences, fewer micro-batches.
            pe.long_step = stepTime(p.model, seqLong, pe.long_layout.layout, o, hw, &c);
            addProductionLosses(s, in, N, pe.long_step);
            seconds += longTokens / batchTokens * productionSeconds(pe.long_step);
        }
    }
    const double atPeak = peak > 0 ? pe.flops / (N * peak) : 0.0;
    pe.throughput_capped = seconds < atPeak;
    if (pe.throughput_capped)
        seconds = atPeak;
    // Clamped at the source: a step exactly at peak divides to 1 + 2⁻⁵² (issue 44 saw MFU
    // 1.0000000000000002 printed).
    pe.mfu = pe.throughput_capped      ? 1.0
             : seconds > 0 && peak > 0 ? std::min(1.0, pe.flops / (seconds * N * peak))
                                       : 0.0;
    return seconds / 3600.0;
}

void evalPretrain(const Scenario& s, const Phase& p, const Accelerator& a, double fx,
                  PhaseEstimate& pe, PhaseContext& ctx)
{
    const auto& in = p.pretrain;
    const ParamCounts c = paramCounts(p.model);
    const double N = std::max(1.0, p.gpus);
    const Prices pr = gpuPrices(a, p, fx);
    pe.gpus = N;
    pe.gpu_price = pr.blended;
    pe.tokens = in.tokens;
    const double work = pretrainHours(s, p, c, a, N, pe);
    pe.ideal_gpu_hours = work * N;

    ctx.ckptBytes = c.total * checkpointBytesPerParam(in.optimizer, in.state_precision);
    const RecoveryResult rr = recovery(s, p, work, N, ctx.ckptBytes);
    ctx.checkpoints = rr.checkpoints;
    pe.wall_hours = rr.wall;
    pe.gpu_hours = rr.wall * N;
    addPool(pe, Category::ComputeTraining, work * N, pr, p.elastic_fraction);
    bookRecovery(pe, rr, N, pr, p.elastic_fraction);

    // Memory and OOM (§3), of every stage of the context schedule: the long-context stage
    // runs on its own layout and can run out of memory where the main stage fits.
    // Megatron-Core reads --recompute-modules only with selective granularity.
    const bool selective = in.recompute == Recompute::Selective;
    auto stageMemory = [&](const ParallelLayout& l, double seq, PipelineMemory& pm) {
        return trainerMemory(
            s, p.model, c,
            {.seq = seq / l.cp,
             .microBatch = l.micro_batch,
             .tp = l.tp,
             .pp = l.pp,
             .ep = in.ep,
             .zero = in.zero_stage,
             .gpus = N,
             .optimizer = in.optimizer,
             .recompute = in.recompute,
             .flash = in.flash_attention,
             .hbmGiB = a.hbm_gib,
             .microBatchesPerStep = l.micro_batches,
             .vpp = l.vpp,
             .ppGroup = in.pp_group,
             .precision = in.state_precision,
             .offload = in.offload,
             .etp = l.etp,
             .epOverlap = in.overlap_ep,
             .fp8 = in.precision == TrainPrecision::FP8,
             .fp8ActInput = in.fp8_act_input && in.precision == TrainPrecision::FP8,
             .recomputeNorms = selective && in.recompute_norms,
             .recomputeMoeAct = selective && in.recompute_moe_act,
             .recomputeMlaUp = selective && in.recompute_mla_up},
            pm);
    };
    auto& tm = pe.memory[int(GpuRole::Trainer)];
    tm = stageMemory(pe.layout.layout, in.seq_len, pe.trainer_stages);
    pe.memory_seq = in.seq_len;
    // Either stage running out of memory stops the run: P = 1 − (1 − p_main)(1 − p_long),
    // written p_main + p_long − p_main·p_long so that tiny probabilities are not rounded to 0.
    pe.oom.probability = tm.oom_probability;
    if (hasLongStage(in)) {
        PipelineMemory longStages;
        const MemoryBreakdown lm = stageMemory(pe.long_layout.layout, in.long_seq_len, longStages);
        const double p0 = pe.oom.probability;
        pe.oom.probability = p0 + lm.oom_probability - p0 * lm.oom_probability;
        if (lm.oom_probability > tm.oom_probability ||
            (lm.oom_probability == tm.oom_probability && lm.total > tm.total)) {
            tm = lm;
            pe.trainer_stages = longStages;
            pe.memory_seq = in.long_seq_len;
        }
    }
    // An OOM shows within the first steps of a stage: lose the start-up and one restart of
    // the pool.
    pe.oom.expected_cost =
        pe.oom.probability * N * pr.blended * (s.reliability.restart_min / 60.0 + 0.5);

    // Divergence (§9, risk-foundations.md §4.3).
    double h0 = s.assumptions.div_h0_pretrain;
    if (!in.qk_norm) {
        const double scale =
            std::min(1.0, c.total / 1e11); // "not observed in smaller models" (PaLM)
        h0 = s.assumptions.div_h0_unstable * scale * scale;
    }
    const double hazard = h0 * std::pow(std::max(in.lr_factor, 1e-9), s.assumptions.lr_exponent);
    double events = 0;
    const double stepH = pe.steps > 0 ? work / pe.steps : 0;
    pe.convergence = divergenceRisk(hazard, pe.steps, stepH, pe.rec.checkpoint_interval_h,
                                    s.reliability.restart_min / 60.0, s.assumptions, N * pr.blended,
                                    s.assumptions.div_margin_steps, events);
    addFixed(pe, Category::HiddenDivergence, pe.convergence.expected_cost);
    // The unrecoverable branch: a prior per first-of-kind run, "0.05–0.2 per >100B
    // first-of-kind run, 0 for a repeat of a proven recipe" (risk-foundations.md §4.3),
    // scaled below 100B as the spike hazard is (PaLM: not observed in smaller models).
    const double sizeScale = std::min(1.0, c.total / 1e11);
    const double pUnrec =
        in.first_of_kind ? std::clamp(s.assumptions.div_unrec_new, 0.0, 1.0) * sizeScale * sizeScale
                         : 0.0;
    pe.unrecoverable = lostRunRisk(pUnrec, work, N * pr.blended);
    addFixed(pe, Category::HiddenDivergence, pe.unrecoverable.expected_cost);
    pe.capacity = capacityRisk(s, p, N, pr);
    addFixed(pe, Category::HiddenCapacityDelay, pe.capacity.expected_cost);
    ctx.logGB = pe.steps * s.logging.train_log_kb_per_step * 1e3 / kGB;
}

/// Shape of one RL iteration (cost-model.md §4): episodes, turns, lengths, environments.
struct RlShape {
    double S = 1;                 ///< episodes per iteration (prompts × group size)
    double K = 1;                 ///< turns per episode
    double mu = 0;                ///< mean response tokens per turn (capped)
    double ctxEnd = 0;            ///< context at the end of an episode, tokens
    double ctxMean = 0;           ///< mean context while decoding, tokens
    double E = 1;                 ///< environments
    double medianR = 0, sigR = 0; ///< log-normal response length
    double envMean = 0;           ///< mean environment step latency, s
    bool environments = true;     ///< false: single-turn, scored by the reward model alone
};

/// Episodes per iteration: whole prompts × whole group, at least one.
double rlEpisodes(const RlInputs& in)
{
    return std::max(1.0, std::round(in.prompts_per_iter) * std::round(in.group_size));
}

RlShape rlShape(const RlInputs& in)
{
    RlShape r;
    r.S = rlEpisodes(in);
    r.K = std::max(1.0, std::round(in.turns));
    r.mu = std::min(in.response_tokens, in.max_response_tokens);
    r.ctxEnd = in.prompt_tokens + r.K * (r.mu + in.obs_tokens);
    r.ctxMean = in.prompt_tokens + 0.5 * r.K * (r.mu + in.obs_tokens);
    r.E = std::max(1.0, std::round(in.env_count));
    r.sigR = lognormalSigmaFromCv(in.response_cv);
    r.medianR = r.mu / std::sqrt(1 + in.response_cv * in.response_cv);
    r.envMean = in.env_latency_s * std::exp(0.5 * in.env_latency_sigma * in.env_latency_sigma);
    // A single-turn episode scored by a reward model meets no environment: the reward
    // model's pass is charged on the trainer instead (rlTraining), nothing waits for one.
    // Nor does a plan without environments (a rule-based verifier or reward function in the
    // trainer process, as veRL's GSM8K/MATH scripts; issue 12).
    r.environments = in.uses_environments && !(in.reward == RewardKind::Model && r.K <= 1);
    if (!r.environments)
        r.envMean = 0;
    return r;
}

/// Rollout generation and environment work of one iteration, before the pipeline decides
/// how they overlap.
struct RlRollout {
    InferenceEngine eng;
    double stepB = 0;     ///< decode step at the engines' batch, s
    double prefill = 0;   ///< prefill time, s
    double bulk = 0;      ///< throughput-bound decode, s
    double waves = 1;     ///< synchronous waves of C episodes
    double genUseful = 0; ///< rollout GPU busy time, s
    double envUseful = 0; ///< environment busy time per environment, s
    bool hybrid = false;  ///< DeepSpeed hybrid engine: static batches, gathered weights
    double gather = 0;    ///< hybrid engine: ZeRO-3 weight gather per generate call, s
};

/// True when a colocated RL phase generates with DeepSpeed's hybrid engine (rl.rollout_engine;
/// the input is inactive for separate pools, which always serve with vLLM-style engines).
bool usesHybridEngine(const RlInputs& in)
{
    return in.placement == Placement::Colocated &&
           in.rollout_engine == RolloutEngine::DeepSpeedHybrid;
}

/// DeepSpeed hybrid engine, seconds per generate() call to gather the actor's ZeRO-3 shards
/// (hybrid_engine.py at 47f9f13: GatheredParameters over all layers, or tp_gather_partition_size
/// layers at a time when inference_tp_size > 1 — either way every rank receives the whole
/// 16-bit model over the ZeRO data-parallel group, the pool) before the first token; the
/// weights are re-partitioned, not reduced, afterwards. One all-gather: half a ring
/// all-reduce of the model's bytes (allReduceTime). With the weights offloaded (DeepSpeed
/// offload_param, DeepSpeed-Chat's --offload) each rank first brings its 16-bit shard over the
/// GPU–host link. 0 below ZeRO-3: the inference containers then point at the training weights.
double hybridGatherSeconds(const Scenario& s, const RlInputs& in, const ParamCounts& c,
                           const Accelerator& a, double poolGpus)
{
    if (in.zero_stage < 3)
        return 0;
    const double fromHost = in.offload == Offload::OptimizerParams
                                ? c.total * 2.0 / std::max(1.0, poolGpus) / hostLinkBytesPerS(s, a)
                                : 0.0;
    return fromHost + allReduceTime(poolGpus, c.total * 2.0, nvlinkDomain(a), stepHardware(a)) / 2;
}

/// Rollout engines and concurrency: episodes in flight are bounded by environments, by what
/// the engines hold (KV budget, max_num_seqs) and by the batch itself. Single-turn episodes
/// only meet the environment (verifier) after generation, so the engines can take the whole
/// batch; multi-turn episodes hold an environment throughout. Fills concurrency, straggler
/// response length and environment straggler factor of `t`.
RlRollout rlRollout(const Scenario& s, const Phase& p, const Accelerator& a, const ParamCounts& c,
                    const RlShape& sh, double rolloutGpus, RlTiming& t)
{
    const auto& in = p.rl;
    RlRollout r;
    const double wanted = sh.K <= 1 || !sh.environments ? sh.S : std::min(sh.E, sh.S);
    r.hybrid = usesHybridEngine(in);
    const double ctxMax = in.prompt_tokens + sh.K * (in.max_response_tokens + in.obs_tokens);
    r.eng = inferenceEngine(s, p.model, c, a,
                            {rolloutGpus, in.rollout_tp, in.rollout_mem_util, in.max_num_seqs,
                             in.rollout_quant, in.kv_dtype, sh.ctxEnd, sh.ctxMean, wanted, r.hybrid,
                             ctxMax, in.prompt_tokens});
    r.gather = r.hybrid ? hybridGatherSeconds(s, in, c, a, rolloutGpus) : 0;
    const double C = std::max(1.0, std::min(wanted, r.eng.engines * r.eng.perEngineSeqs));
    t.concurrency = C;
    const double b = std::ceil(C / r.eng.engines);
    r.stepB = r.eng.engines > 0 ? r.eng.stepFull : 0;
    // Long tail: the slowest of C responses (log-normal, capped) decodes alone at batch 1.
    t.expected_max_response =
        std::min(in.max_response_tokens, expectedMaxLognormal(sh.medianR, sh.sigR, C));
    // Environments: synchronous waves wait for the slowest of C; asynchronous ones see the mean.
    const double envMax = expectedMaxLognormal(in.env_latency_s, in.env_latency_sigma, C);
    t.env_straggler_factor = in.env_latency_s > 0 ? envMax / in.env_latency_s : 1;

    const double prefillTokens = sh.S * (in.prompt_tokens + sh.K * in.obs_tokens);
    r.prefill = prefillTokens * r.eng.prefillSPerToken;
    r.bulk = sh.S * sh.K * sh.mu / (r.eng.engines * b) * r.stepB;
    r.waves = std::ceil(sh.S / C);
    r.genUseful = r.bulk + r.prefill;
    r.envUseful =
        sh.environments ? sh.S * sh.K * sh.envMean / sh.E + sh.S * in.env_startup_s / sh.E : 0.0;
    return r;
}

/// The RL trainer's hybrid-sharding group: rl.shard_group at ZeRO-3 under PyTorch FSDP (the
/// frameworks veRL's fsdp_size applies to), else 0 (all data-parallel ranks).
double fsdpShardGroup(const RlInputs& in)
{
    return in.zero_stage >= 3 && isPytorchFsdp(in.sharded_dp) ? in.shard_group : 0.0;
}

/// The trainer's layout resolved against its GPUs and its batch: pre-training trains
/// global_batch_tokens / seq_len sequences per step, RL one update over the S episodes.
LayoutCheck trainerLayout(const Phase& p, double nvlinkDomain)
{
    if (p.kind == PhaseKind::RlPosttrain) {
        const RlInputs& in = p.rl;
        // The batch of one optimizer step: the iteration's episodes split into mini-batches.
        LayoutCheck c = resolveLayout(
            {.tp = in.tp, .pp = in.pp, .ep = in.ep, .etp = in.etp, .micro_batch = in.micro_batch},
            std::max(1.0, in.trainer_gpus), rlEpisodes(in) / rlOptimizerSteps(in), p.model,
            nvlinkDomain);
        // FSDP's hybrid mesh is (DP / group, group): the group must divide the DP ranks
        // (veRL create_device_mesh; PyTorch init_device_mesh refuses another shape).
        const double group = std::round(fsdpShardGroup(in));
        const double dp = c.layout.dp * c.layout.cp;
        if (c.problem == LayoutProblem::None && group >= 1 && group < dp &&
            std::fmod(dp, group) != 0) {
            c.problem = LayoutProblem::ShardGroupNotDividing;
            c.product = group;
            c.gpus = dp;
        }
        return c;
    }
    return resolveLayout(requestedLayout(p.pretrain), std::max(1.0, p.gpus),
                         std::max(1.0, p.pretrain.global_batch_tokens) /
                             std::max(1.0, p.pretrain.seq_len),
                         p.model, nvlinkDomain);
}

/// Trainer time per iteration (§4): actor update 6·P (LoRA/QLoRA: 4·P, no weight gradients;
/// QLoRA +30 % dequantisation), old log-prob recompute 2·P, reference 2·P when β > 0 or
/// PPO, PPO critic 6·P + 2·P, reward model 2·P_rm; forward-only passes at the rate without
/// recompute (they keep no activations for a backward). Fills training/reward seconds of `t`
/// and the phase's FLOPs, tokens and MFU.
void rlTraining(const Scenario& s, const Phase& p, const ParamCounts& c, const Accelerator& a,
                const RlShape& sh, double trainerGpus, PhaseEstimate& pe)
{
    const auto& in = p.rl;
    const double tokens = sh.S * sh.ctxEnd;
    const double fTok = trainFlopsPerToken(p.model, c, sh.ctxEnd);
    double actorFactor = 1.0;
    if (in.mode == TrainingMode::LoRA)
        actorFactor = 4.0 / 6.0;
    if (in.mode == TrainingMode::QLoRA)
        actorFactor = 4.0 / 6.0 * 1.3;
    const bool ppo = in.algorithm == RlAlgorithm::PPO;
    const bool reference = ppo || in.kl_coef > 0;
    // The old policy's log-probs come from the rollout engine when it returns them (veRL
    // fully async, use_rollout_log_probs): the trainer skips that forward pass.
    const double oldLogProb = in.rollout_log_probs ? 0.0 : 1.0 / 3.0;
    // PPO critic: update 6·P_c + value pass 2·P_c, P_c = critic_scale · P.
    const double critic = ppo ? std::max(0.0, in.critic_scale) * (1.0 + 1.0 / 3.0) : 0.0;
    // Forward-only passes (old log-probs, reference; the critic's value pass is in `critic`)
    // keep no activations for a backward pass, so they never recompute.
    const double fwdFlops = tokens * fTok * (oldLogProb + (reference ? 1.0 / 3.0 : 0.0));
    const double updateFlops = tokens * fTok * (actorFactor + critic);
    const double trainFlops = updateFlops + fwdFlops;
    const double rewardFlops =
        in.reward == RewardKind::Model ? 2.0 * in.reward_model_params * tokens : 0.0;
    // Throughput: a pinned MFU, or the step-time model on one actor update of the S
    // sequences with the trainer's layout (pe.layout, resolved by evaluatePhases); the other
    // passes (log-probs, reference, critic, reward model) run at the same achieved rate.
    double rate = 0;    // achieved fraction of peak on the update passes' model FLOPs
    double fwdRate = 0; // the same for forward-only passes (no recompute)
    if (in.mfu > 0 || a.sms <= 0 || !shapeTimesModel(p.model)) { // see evalPretrain
        pe.throughput = in.mfu > 0 ? ThroughputSource::PinnedMfu : ThroughputSource::CatalogDefault;
        const double kRec =
            in.recompute == Recompute::Full ? s.assumptions.full_recompute_factor : 1.0;
        pe.mfu = in.mfu > 0 ? in.mfu : 0.8 * defaultMfu(a, trainerGpus);
        rate = pe.mfu * kRec;
        fwdRate = pe.mfu;
    } else {
        pe.throughput = ThroughputSource::Model;
        StepOptions o;
        offloadOptions(s, in.offload, a, trainerGpus, o);
        o.recompute = in.recompute;
        o.zero_stage = in.zero_stage;
        o.sharded_dp = in.sharded_dp;
        o.shard_group = in.shard_group;
        o.fp32_grad_reduce = fp32GradientReduce(in.state_precision);
        // Sampled responses give every micro-batch its own token count: no GEMM shape cliff at
        // the mean length.
        o.variable_tokens = in.response_cv > 0;
        StepBreakdown forwardOnly; // no recompute: forward-only passes keep no activations
        // One optimizer step over one mini-batch (the layout was resolved on it); the update
        // takes rlOptimizerSteps() of them, each with its own gradient reduction, ZeRO gathers
        // and optimizer step (veRL ppo_mini_batch_size: dp_actor.update_policy).
        pe.step =
            stepTime(p.model, sh.ctxEnd, pe.layout.layout, o, stepHardware(a), &c, &forwardOnly);
        const double peakAll = trainerGpus * a.bf16_tflops * 1e12;
        const double stepTokens = tokens / rlOptimizerSteps(in);
        auto achieved = [&](const StepBreakdown& st) {
            return st.total_s > 0 ? std::min(1.0, stepTokens * fTok / (st.total_s * peakAll)) : 0.0;
        };
        rate = achieved(pe.step);
        fwdRate = achieved(forwardOnly);
        pe.mfu = rate;
    }
    const double peak = trainerGpus * a.bf16_tflops * 1e12;
    const double thr = peak * rate, fwdThr = peak * fwdRate;
    pe.rl.reward_s = fwdThr > 0 ? rewardFlops / fwdThr : 0;
    pe.rl.training_s =
        thr > 0 && fwdThr > 0 ? updateFlops / thr + (fwdFlops + rewardFlops) / fwdThr : 0;
    pe.flops = (trainFlops + rewardFlops) * in.iterations;
    pe.tokens = tokens * in.iterations;
}

/// How generation, environments, training and weight sync overlap in one iteration
/// (synchronous single-turn, synchronous multi-turn, asynchronous), and the utilisation of
/// each pool. `parkOneWayS`: seconds to move the state a colocated trainer parks in host RAM
/// one way over the GPU–host link (0 when nothing is parked).
void rlIteration(const Scenario& s, const Phase& p, const ParamCounts& c, const RlShape& sh,
                 const RlRollout& r, double parkOneWayS, RlTiming& t)
{
    const auto& in = p.rl;
    const bool colocated = in.placement == Placement::Colocated;
    const bool async = in.pipeline == Pipeline::Asynchronous;
    const double syncBytes = c.total * 2.0;
    // Colocated: offload and reload around each phase when the engine sleeps; without sleep
    // only the in-place weight update's fixed part remains.
    const double colocatedSwitch =
        in.rollout_sleep ? s.assumptions.colocate_switch_s : s.assumptions.sync_fixed_s;
    // Parked trainer state (veRL param/optimizer offload) goes to host RAM after the update
    // and comes back before the next one: twice over the GPU–host link per iteration.
    t.sync_s =
        colocated ? colocatedSwitch + 2 * parkOneWayS
                  : syncBytes / (s.assumptions.weight_sync_gbps * kGB) + s.assumptions.sync_fixed_s;
    if (r.hybrid) {
        // DeepSpeed's hybrid engine sleeps nothing and reloads nothing: its switch is the
        // ZeRO-3 gather before every generate call (one call per wave of static batches).
        t.sync_s = r.waves * r.gather + 2 * parkOneWayS;
    }
    // Single-turn: the verifier / environment scores in waves of E that each wait for their
    // slowest member.
    auto singleTurnEnvironment = [&] {
        if (!sh.environments)
            return 0.0;
        return std::ceil(sh.S / sh.E) *
               (expectedMaxLognormal(in.env_latency_s, in.env_latency_sigma, std::min(sh.E, sh.S)) +
                in.env_startup_s);
    };
    if (r.hybrid && !async && sh.K <= 1) {
        // Static batches: a wave of C sequences (every engine's batch; under ZeRO-3
        // DeepSpeed-Chat generates with synced_gpus, so every rank decodes until the last
        // one is done) runs as many decode steps at the full batch as its longest response,
        // finished sequences decoding padding (no continuous batching).
        const double longest = std::min(in.max_response_tokens,
                                        expectedMaxLognormal(sh.medianR, sh.sigR, t.concurrency));
        t.expected_max_response = longest;
        t.generation_s = r.waves * longest * r.stepB + r.prefill;
        t.environment_s = singleTurnEnvironment();
        t.iteration_s = t.generation_s + t.environment_s + t.training_s + t.sync_s;
    } else if (!async && sh.K <= 1) {
        // Single-turn: the engines take the whole batch with continuous batching, so there is
        // one long tail per iteration (the slowest of S), then the verifier / environment
        // scores in waves of E that each wait for their slowest member.
        const double tailAll =
            std::max(0.0, std::min(in.max_response_tokens,
                                   expectedMaxLognormal(sh.medianR, sh.sigR, sh.S)) -
                              sh.mu) *
            r.eng.stepOne;
        t.expected_max_response = sh.mu + tailAll / std::max(r.eng.stepOne, 1e-12);
        t.generation_s = r.bulk + tailAll + r.prefill;
        t.environment_s = singleTurnEnvironment();
        t.iteration_s = t.generation_s + t.environment_s + t.training_s + t.sync_s;
    } else if (!async) {
        // Multi-turn: C episodes in flight, each alternating K decode turns and K environment
        // steps on its own; a wave ends when its slowest episode ends (cost-model.md §4).
        // Episode duration: mean K·(g + e) + start-up, variance K·(var_g + var_e) from the
        // log-normal response lengths and step latencies; the wave waits for the expected
        // maximum of C such durations (log-normal fit, formulas.h expectedMaxLognormal).
        const double K = sh.K;
        const double g = sh.mu * r.stepB;
        const double sdG = in.response_cv * g;
        const double sdE =
            sh.envMean * std::sqrt(std::expm1(in.env_latency_sigma * in.env_latency_sigma));
        const double mean = K * (g + sh.envMean) + (sh.environments ? in.env_startup_s : 0.0);
        const double cv = mean > 0 ? std::sqrt(K * (sdG * sdG + sdE * sdE)) / mean : 0;
        const double wave = expectedMaxLognormal(mean / std::sqrt(1 + cv * cv),
                                                 lognormalSigmaFromCv(cv), t.concurrency);
        const double genShare = mean > 0 ? K * g / mean : 0;
        t.generation_s = r.waves * wave * genShare + r.prefill;
        t.environment_s = r.waves * wave * (1 - genShare);
        t.iteration_s = t.generation_s + t.environment_s + t.training_s + t.sync_s;
    } else {
        t.generation_s = r.genUseful;
        t.environment_s = r.envUseful;
        const double rollout = std::max(r.genUseful, r.envUseful);
        t.iteration_s = colocated ? rollout + t.training_s + t.sync_s
                                  : std::max(rollout, t.training_s + t.sync_s);
    }
    t.rollout_util = t.iteration_s > 0 ? std::min(1.0, r.genUseful / t.iteration_s) : 0;
    t.trainer_util = t.iteration_s > 0 ? std::min(1.0, t.training_s / t.iteration_s) : 0;
    t.env_util = t.iteration_s > 0 ? std::min(1.0, r.envUseful / t.iteration_s) : 0;
}

/// Splits the GPU pools' time into busy (compute.*) and idle (hidden.idle) over the ideal
/// run, and the environment workers' likewise (billed for the whole wall time, or for
/// their busy share plus a boot per iteration when released while idle).
void bookRlPools(const Scenario& s, const Phase& p, const InstanceType* inst, double fx,
                 const RlShape& sh, const RlRollout& r, double work, double wallHours,
                 double trainerGpus, double rolloutGpus, const Prices& pr, PhaseEstimate& pe)
{
    const auto& in = p.rl;
    const auto& t = pe.rl;
    const double e = p.elastic_fraction;
    const double trainBusyH = in.iterations * (t.training_s - t.reward_s) / 3600.0;
    const double rewardBusyH = in.iterations * t.reward_s / 3600.0;
    const double genBusyH = in.iterations * r.genUseful / 3600.0;
    if (in.placement == Placement::Colocated) {
        const double N = trainerGpus;
        const double busy = std::min(work, trainBusyH + rewardBusyH + genBusyH);
        addPool(pe, Category::ComputeRollout, std::min(genBusyH, busy) * N, pr, e);
        addPool(pe, Category::ComputeTraining, trainBusyH * N, pr, e);
        addPool(pe, Category::ComputeReward, rewardBusyH * N, pr, e);
        addPool(pe, Category::HiddenIdle, std::max(0.0, work - busy) * N, pr, e);
    } else {
        addPool(pe, Category::ComputeRollout, std::min(genBusyH, work) * rolloutGpus, pr, e);
        addPool(pe, Category::HiddenIdle, std::max(0.0, work - genBusyH) * rolloutGpus, pr, e);
        addPool(pe, Category::ComputeTraining, std::min(trainBusyH, work) * trainerGpus, pr, e);
        addPool(pe, Category::ComputeReward, rewardBusyH * trainerGpus, pr, e);
        addPool(pe, Category::HiddenIdle,
                std::max(0.0, work - trainBusyH - rewardBusyH) * trainerGpus, pr, e);
    }
    if (inst && sh.environments) {
        const double instances = std::ceil(sh.E / std::max(1.0, in.envs_per_instance));
        const double cost = instances * wallHours * inst->price_hour * fx;
        // Released while idle: billed for the busy share plus one boot per iteration (the
        // boot is idle time bought, booked as idle); never more than running throughout.
        const double billed =
            in.env_release_idle && t.iteration_s > 0
                ? std::min(1.0, t.env_util +
                                    std::max(0.0, s.assumptions.instance_boot_s) / t.iteration_s)
                : 1.0;
        addFixed(pe, Category::ComputeEnvironment, cost * t.env_util);
        addFixed(pe, Category::HiddenIdle, cost * std::max(0.0, billed - t.env_util));
    }
}

/// The RL trainer's per-stage memory (actor, frozen reference, PPO critic) into
/// pe.trainer_stages, before the iteration's timing needs what a colocated pool parks in RAM.
/// Returns the reference model's bytes per GPU kept in host RAM instead (rl.park_reference,
/// veRL ref param_offload; counted in the stages' host_offload), 0 when it is resident.
double rlTrainerStages(const Scenario& s, const Phase& p, const Accelerator& a,
                       const ParamCounts& c, const RlShape& sh, double trainerGpus,
                       PhaseEstimate& pe)
{
    const auto& in = p.rl;
    const bool ppo = in.algorithm == RlAlgorithm::PPO;
    const bool reference = ppo || in.kl_coef > 0;
    const double frozen = reference ? c.total : 0; // the PPO critic is trained: added below
    TrainerMemoryInputs tmi{sh.ctxEnd,     in.micro_batch, in.tp,        in.pp,           in.ep,
                            in.zero_stage, trainerGpus,    in.optimizer, in.recompute,    true,
                            a.hbm_gib,     in.mode,        in.lora_rank, in.lora_targets, frozen};
    tmi.precision = in.state_precision;
    tmi.offload = in.offload;
    tmi.etp = pe.layout.layout.etp;
    tmi.shardGroup = fsdpShardGroup(in);
    PipelineMemory& pm = pe.trainer_stages;
    pm = trainerStages(s, p.model, c, tmi);
    // The logits of an RL trainer (veRL's FSDP actor, dp_actor.py, verl b178a3c): BF16 under
    // autocast (transformers ≥ 4.46 no longer upcasts). The update's backward briefly holds
    // four N×V BF16 tensors — the logits, written in place by flash-attn's cross-entropy, and
    // the zeros, result and clone of the in-place div_(temperature) on a view (PyTorch's
    // AsStridedBackward and CopySlices) — 8·N·V bytes; each forward-only log-prob pass (old
    // policy, reference) holds its BF16 logits, 2·N·V at its own micro-batch. The larger is
    // the last stage's transient (TP splits the vocabulary).
    {
        const double tp = std::max(1.0, in.tp), s1 = sh.ctxEnd * p.model.vocab / tp;
        pm.logits = std::max(8.0 * s1 * in.micro_batch, 2.0 * s1 * logProbMicroBatch(in));
    }
    double parkedReference = 0;
    if (frozen > 0 && in.park_reference) {
        // The same stages without the frozen copy; the difference is its shard per GPU.
        tmi.extraFrozenParams = 0;
        const PipelineMemory without = trainerStages(s, p.model, c, tmi);
        parkedReference = pm.layers.weights - without.layers.weights;
        pm = without;
        pm.host_offload += parkedReference;
    }
    if (ppo) { // critic: the actor's shape scaled to critic_scale, full training state
        tmi.mode = TrainingMode::Full;
        tmi.loraRank = 0;
        tmi.loraTargets = LoraTargets::AllLinear;
        tmi.extraFrozenParams = 0;
        const PipelineMemory critic = trainerStages(s, p.model, c, tmi);
        const double k = std::max(0.0, in.critic_scale);
        auto add = [k](StageState& to, const StageState& from) {
            to.weights += k * from.weights;
            to.gradients += k * from.gradients;
            to.optimizer += k * from.optimizer;
        };
        add(pm.layers, critic.layers);
        add(pm.first, critic.first);
        add(pm.last, critic.last);
        pm.host_offload += k * critic.host_offload;
    }
    pm.worst = worstStage(pm);
    return parkedReference;
}

/// Bytes per GPU a colocated trainer parks in host RAM while the engine generates (veRL
/// param_offload / optimizer_offload; `tm` is the trainer's worst stage): 0 otherwise.
double parkedBytes(const RlInputs& in, const MemoryBreakdown& tm)
{
    if (in.placement != Placement::Colocated)
        return 0;
    return (in.park_params ? tm.weights : 0.0) + (in.park_optimizer ? tm.optimizer : 0.0);
}

/// Memory per GPU of every RL role: the trainer's worst stage (pe.trainer_stages from
/// rlTrainerStages), the rollout engines, the reward model and, colocated, what trainer and
/// engine hold at once; the phase's OOM risk is the chance that any role runs out.
void rlMemory(const Scenario& s, const Phase& p, const Accelerator& a, const RlShape& sh,
              const RlRollout& r, double poolGpus, const Prices& pr, PhaseEstimate& pe)
{
    const auto& in = p.rl;
    PipelineMemory& pm = pe.trainer_stages;
    auto tm = stageBytes(pm, pm.worst);
    MemoryBreakdown ro = r.eng.mem;
    if (r.hybrid) {
        // DeepSpeed's hybrid engine generates beside the trainer's ZeRO-3 shards (weights and
        // optimizer state stay; gradients are freed after the step), with no reservation: the
        // gathered weights and the static KV workspace are what it holds. Without
        // release_inference_cache (rollout_sleep off) the workspace stays allocated through
        // training (hybrid_engine.py at 47f9f13: release_workspace only when it is set).
        const double hbm = a.hbm_gib * kGiB;
        ro.coresident =
            (tm.weights + tm.optimizer - parkedBytes(in, tm)) * s.assumptions.fragmentation;
        ro.total = ro.weights + ro.activations + ro.kv_cache + ro.overhead + ro.coresident;
        ro.usable = hbm;
        ro.oom_probability = oomProbability(ro.total, hbm, s.assumptions.oom_sigma);
        if (!in.rollout_sleep) {
            pm.coresident = ro.kv_cache;
            pm.worst = worstStage(pm);
            tm = stageBytes(pm, pm.worst);
        }
    } else if (in.placement == Placement::Colocated) {
        // One pool time-shares the GPUs. While generating, the trainer's weights and
        // optimizer state stay resident unless parked in host RAM (veRL param_offload /
        // optimizer_offload; gradients are freed after the step) beside the engine's
        // reservation of rollout_mem_util × HBM
        // (vLLM pre-allocates its whole fraction, and refuses to start when less is free).
        // While training, the engine holds nothing if it sleeps, else that reservation.
        const double hbm = a.hbm_gib * kGiB;
        const double reserved = in.rollout_mem_util * hbm;
        const double frag = s.assumptions.fragmentation;
        ro.coresident = (tm.weights + tm.optimizer - parkedBytes(in, tm)) * frag;
        ro.kv_cache = std::max(ro.kv_cache, reserved - (ro.weights + ro.activations + ro.overhead));
        ro.total = ro.weights + ro.activations + ro.kv_cache + ro.overhead + ro.coresident;
        ro.usable = hbm;
        const double pStart =
            oomProbability(reserved + ro.coresident, hbm, s.assumptions.oom_sigma);
        ro.oom_probability = 1 - (1 - ro.oom_probability) * (1 - pStart);
        if (!in.rollout_sleep) {
            pm.coresident = reserved;
            pm.worst = worstStage(pm);
            tm = stageBytes(pm, pm.worst);
        }
    }
    tm.oom_probability = oomProbability(tm.total, tm.usable, s.assumptions.oom_sigma);
    pe.memory[int(GpuRole::Trainer)] = tm;
    pe.memory[int(GpuRole::Rollout)] = ro;
    if (in.reward == RewardKind::Model) {
        MemoryBreakdown rm;
        rm.present = true;
        const double tpr = std::max(1.0, in.tp);
        rm.weights = in.reward_model_params * 2.0 / tpr;
        rm.activations = activationBytesPerLayer(sh.ctxEnd, in.micro_batch, p.model.hidden,
                                                 p.model.heads, tpr, Recompute::Selective, true);
        rm.total = (rm.weights + rm.activations + s.assumptions.cuda_context_gib * kGiB) *
                   s.assumptions.fragmentation;
        rm.overhead = rm.total - rm.weights - rm.activations;
        rm.usable = a.hbm_gib * kGiB;
        rm.oom_probability = oomProbability(rm.total, rm.usable, s.assumptions.oom_sigma);
        pe.memory[int(GpuRole::RewardModel)] = rm;
    }
    double pNoOom = 1;
    for (const auto& m : pe.memory)
        if (m.present)
            pNoOom *= 1 - m.oom_probability;
    pe.oom.probability = 1 - pNoOom;
    pe.oom.expected_cost =
        pe.oom.probability * poolGpus * pr.blended * (s.reliability.restart_min / 60.0 + 0.5);
}

/// How much a quantized rollout engine widens the sampler–trainer mismatch, × of BF16: the
/// quantization multiplier, reduced by truncated importance sampling to its residual share
/// (risk-foundations.md §3.3: FlashRL, FP8-RL match BF16 with TIS). 1 for BF16.
double quantMismatchFactor(const Scenario& s, const RlInputs& in)
{
    double fq = 1;
    switch (in.rollout_quant) {
    case Quantization::BF16:
        fq = 1;
        break;
    case Quantization::FP8:
        fq = s.assumptions.quant_hazard_fp8;
        break;
    case Quantization::INT8:
        fq = s.assumptions.quant_hazard_int8;
        break;
    case Quantization::INT4:
        fq = s.assumptions.quant_hazard_int4;
        break;
    }
    if (in.is_correction)
        fq = 1 + (fq - 1) * s.assumptions.tis_residual;
    return std::max(1.0, fq);
}

/// Staleness multiplier of asynchronous pipelines: 1 + staleness_hazard × k (§3.4).
double stalenessFactor(const Scenario& s, const RlInputs& in)
{
    const bool async = in.pipeline == Pipeline::Asynchronous;
    return async ? 1 + s.assumptions.staleness_hazard * in.staleness : 1.0;
}

/// Collapse hazard per iteration: h = h0 · f_lr · f_quant · f_kl · f_batch · f_stale (§9;
/// risk-foundations.md §3.3, §3.4).
double rlCollapseHazard(const Scenario& s, const RlInputs& in, const RlShape& sh)
{
    const double fKl =
        1 + 0.5 * std::exp(-in.kl_coef / 0.01); // no KL anchor: less damping (Gao et al. 2023)
    const double fBatch = std::clamp(std::sqrt(8192.0 / sh.S), 0.5, 4.0); // noisier small batches
    return s.assumptions.div_h0_rl *
           std::pow(std::max(in.lr_factor, 1e-9), s.assumptions.lr_exponent) *
           quantMismatchFactor(s, in) * fKl * fBatch * stalenessFactor(s, in);
}

/// The train–inference mismatch of an RL phase (risk-foundations.md §3.3).
struct Mismatch {
    double eta = 0;   ///< generated tokens per episode × token KL
    double pRun = 0;  ///< P(collapse beyond rollback) over the phase's iterations
    double extra = 0; ///< extra iterations, share of the planned ones
};

/// KL = KL_base(BF16 dense) × quantization factor × staleness × (MoE: ×3, the §3.3 prior);
/// η = turns × response tokens × KL; the reference run (rl_collapse_ref_iterations long)
/// fails with mismatchFailProbability(η), turned into a constant hazard per iteration so a
/// short run carries less; a biased gradient also slows learning — extra iterations
/// mismatch_slowdown × (quantization factor − 1).
Mismatch rlMismatch(const Scenario& s, const Phase& p, const RlShape& sh)
{
    const auto& as = s.assumptions;
    constexpr double kMoeMismatch = 3; // "MoE x3" (risk-foundations.md §3.3 priors)
    const double fq = quantMismatchFactor(s, p.rl);
    const double kl = std::max(0.0, as.rl_mismatch_kl) * fq * stalenessFactor(s, p.rl) *
                      (p.model.experts > 1 ? kMoeMismatch : 1.0);
    Mismatch m;
    m.eta = sh.K * sh.mu * kl;
    const double pRef = std::min(
        mismatchFailProbability(m.eta, as.rl_collapse_eta50, as.rl_collapse_slope), 1 - 1e-12);
    const double hazard = -std::log1p(-pRef) / std::max(1.0, as.rl_collapse_ref_iterations);
    m.pRun = std::min(-std::expm1(-hazard * std::max(0.0, p.rl.iterations)), kBelowCertain);
    m.extra = std::max(0.0, as.mismatch_slowdown) * (fq - 1);
    return m;
}

/// Trajectory, request and log volumes, priced on the plan calendar in pass 2.
void rlDataVolumes(const Scenario& s, const RlInputs& in, const RlShape& sh, PhaseContext& ctx)
{
    const double transitions = sh.S * sh.K * in.iterations;
    ctx.trajectoryGB = transitions * in.transition_kb * 1e3 / kGB;
    ctx.envRequests = sh.environments ? transitions : 0.0;
    ctx.posttrainGB = in.posttrain_data_gb;
    ctx.logGB = (transitions * s.logging.sampling_rate * s.logging.record_kb +
                 sh.S * in.iterations * s.logging.full_trace_fraction * s.logging.full_trace_kb +
                 in.iterations * s.logging.train_log_kb_per_step) *
                1e3 / kGB;
}

/// An RL post-training phase (cost-model.md §4): iteration timing, pools, recovery,
/// memory, collapse and capacity risks, and the data volumes for pass 2.
void evalRl(const Scenario& s, const Phase& p, const Accelerator& a, const InstanceType* inst,
            double fx, PhaseEstimate& pe, PhaseContext& ctx)
{
    const auto& in = p.rl;
    const ParamCounts c = paramCounts(p.model);
    const bool colocated = in.placement == Placement::Colocated;
    const double Nt = std::max(1.0, in.trainer_gpus);
    const double Nr = colocated ? Nt : std::max(1.0, in.rollout_gpus);
    const double N = colocated ? Nt : Nt + Nr;
    const Prices pr = gpuPrices(a, p, fx);
    pe.gpus = N;
    pe.gpu_price = pr.blended;

    const RlShape sh = rlShape(in);
    pe.rl.episodes = sh.S;
    pe.rl.environments = sh.environments;
    const RlRollout r = rlRollout(s, p, a, c, sh, Nr, pe.rl);
    rlTraining(s, p, c, a, sh, Nt, pe);
    // A reference kept in host RAM comes to the GPUs for its log-prob pass and leaves again:
    // two copies over the GPU–host link on the trainer's path, each iteration.
    pe.rl.training_s += 2 * rlTrainerStages(s, p, a, c, sh, Nt, pe) / hostLinkBytesPerS(s, a);
    const double parked = parkedBytes(in, stageBytes(pe.trainer_stages, pe.trainer_stages.worst));
    rlIteration(s, p, c, sh, r, parked / hostLinkBytesPerS(s, a), pe.rl);

    const double work = in.iterations * pe.rl.iteration_s / 3600.0;
    pe.steps = in.iterations;
    pe.ideal_gpu_hours = work * N;
    // Checkpoints hold the trained state: actor (+ critic for PPO) or the LoRA adapters.
    const double trainable = in.mode == TrainingMode::Full
                                 ? c.total
                                 : loraParams(p.model, in.lora_rank, in.lora_targets);
    const double criticParams =
        in.algorithm == RlAlgorithm::PPO ? std::max(0.0, in.critic_scale) * c.total : 0.0;
    ctx.ckptBytes =
        (trainable + criticParams) * checkpointBytesPerParam(in.optimizer, in.state_precision);
    const RecoveryResult rr = recovery(s, p, work, N, ctx.ckptBytes);
    ctx.checkpoints = rr.checkpoints;
    pe.wall_hours = rr.wall;
    pe.gpu_hours = rr.wall * N;

    bookRlPools(s, p, inst, fx, sh, r, work, rr.wall, Nt, Nr, pr, pe);
    bookRecovery(pe, rr, N, pr, p.elastic_fraction);
    rlMemory(s, p, a, sh, r, N, pr, pe);

    double events = 0;
    pe.convergence =
        divergenceRisk(rlCollapseHazard(s, in, sh), in.iterations, pe.rl.iteration_s / 3600.0,
                       pe.rec.checkpoint_interval_h, s.reliability.restart_min / 60.0,
                       s.assumptions, N * pr.blended, 0, events);
    addFixed(pe, Category::HiddenDivergence, pe.convergence.expected_cost);
    // The mismatch's extra iterations hold the whole pool (GPU time only; their environment
    // workers, checkpoints and failures are second order and not added).
    const Mismatch mm = rlMismatch(s, p, sh);
    pe.rl.mismatch_eta = mm.eta;
    pe.rl.mismatch_extra = mm.extra;
    const double extraWork = mm.extra * work;
    if (extraWork > 0) {
        addPool(pe, Category::HiddenMismatch, extraWork * N, pr, p.elastic_fraction);
        pe.wall_hours += extraWork;
        pe.gpu_hours += extraWork * N;
    }
    pe.unrecoverable = lostRunRisk(mm.pRun, work + extraWork, N * pr.blended);
    addFixed(pe, Category::HiddenDivergence, pe.unrecoverable.expected_cost);
    pe.capacity = capacityRisk(s, p, N, pr);
    addFixed(pe, Category::HiddenCapacityDelay, pe.capacity.expected_cost);
    rlDataVolumes(s, in, sh, ctx);
}

void evalEvaluation(const Scenario& s, const Phase& p, const Accelerator& a,
                    const InstanceType* inst, double fx, PhaseEstimate& pe, PhaseContext& ctx)
{
    const auto& in = p.eval;
    const ParamCounts c = paramCounts(p.model);
    const double N = std::max(1.0, p.gpus);
    const Prices pr = gpuPrices(a, p, fx);
    pe.gpus = N;
    pe.gpu_price = pr.blended;
    const double K = std::max(1.0, std::round(in.turns));
    const double requests = in.versions * in.benchmarks * in.samples_per_benchmark;
    const double ctxEnd = in.prompt_tokens + K * in.output_tokens;
    const double ctxMean = in.prompt_tokens + 0.5 * K * in.output_tokens;
    const double E = std::round(in.env_count);
    const double wanted = E > 0 ? std::min(E, requests) : requests;
    const InferenceEngine eng = inferenceEngine(
        s, p.model, c, a,
        {N, in.tp, in.mem_util, in.max_num_seqs, in.quant, in.kv_dtype, ctxEnd, ctxMean, wanted});
    const double b = eng.perEngineSeqs;
    const double decode = requests * K * in.output_tokens / (eng.engines * b) * eng.stepFull;
    const double prefill = requests * in.prompt_tokens * eng.prefillSPerToken;
    const double gen = decode + prefill;
    double envBusy = 0, wall = gen;
    if (E > 0) {
        const double envMean =
            in.env_latency_s * std::exp(0.5 * in.env_latency_sigma * in.env_latency_sigma);
        envBusy = requests * K * envMean / E;
        wall = std::max(gen, envBusy);
    }
    const double hours = wall / 3600.0;
    pe.wall_hours = hours;
    pe.gpu_hours = pe.ideal_gpu_hours = hours * N;
    pe.steps = in.versions;
    pe.flops = 2.0 * c.non_embedding_active * requests * ctxEnd;
    addPool(pe, Category::ComputeEvaluation, gen / 3600.0 * N, pr, p.elastic_fraction);
    addPool(pe, Category::HiddenIdle, std::max(0.0, hours - gen / 3600.0) * N, pr,
            p.elastic_fraction);
    if (inst && E > 0) {
        const double instances = std::ceil(E / std::max(1.0, in.envs_per_instance));
        const double cost = instances * hours * inst->price_hour * fx;
        const double util = wall > 0 ? envBusy / wall : 0;
        addFixed(pe, Category::ComputeEnvironment, cost * util);
        addFixed(pe, Category::HiddenIdle, cost * (1 - util));
        if (!in.destroy_after_use) // article §1: idle test resources left running, each run
            addFixed(pe, Category::HiddenForgottenResources,
                     instances * in.forgotten_hours * in.versions * inst->price_hour * fx);
    }
    pe.memory[int(GpuRole::Rollout)] = eng.mem;
    pe.oom.probability = eng.mem.oom_probability;
    pe.oom.expected_cost =
        pe.oom.probability * N * pr.blended * (s.reliability.restart_min / 60.0 + 0.5);
    pe.capacity = capacityRisk(s, p, N, pr);
    addFixed(pe, Category::HiddenCapacityDelay, pe.capacity.expected_cost);
    ctx.envRequests = E > 0 ? requests * K : 0;
    ctx.logGB = requests * K * s.logging.sampling_rate * s.logging.record_kb * 1e3 / kGB;
}

/// Cost of holding `gb` on a tier for `days` (price per GB-month).
double hold(double gb, double days, const StorageTier& tier, double fx)
{
    return gb * std::max(0.0, days) / kDaysPerMonth * tier.price_gb_month * fx;
}

/// Pass 1: each phase's time, compute and risks, and the sequential calendar (phases run
/// back to back). Returns the plan's length in days.
/// Host (CPU) memory per node (issue 12): one framework process per GPU
/// (assumptions.host_process_gib), the pinned host copy an asynchronous checkpoint makes of
/// the node's share of the checkpoint (deduplicated over data parallel, as Megatron's
/// distributed checkpoint saves it), for RL the Ray object store's reservation
/// (ray_object_store_fraction of node RAM) and, colocated with a sleeping engine, its weights
/// parked in RAM (vLLM sleep level 1: "the model weights are backed up in CPU memory") and,
/// with CPU offload or a colocated trainer's parked weights / optimizer state (veRL
/// param_offload / optimizer_offload), the training state the node's trainer ranks keep there.
/// Judged against the catalog's node RAM with the GPU memory's σ; not judged when the catalog has
/// none. Folds the host OOM probability into the phase's OOM risk.
void hostMemory(const Scenario& s, const Phase& p, const Accelerator& a, double ckptBytes,
                PhaseEstimate& pe)
{
    HostMemory& h = pe.host;
    h.present = true;
    const double perNode = std::max(1.0, a.gpus_per_node);
    const double trainerGpus = p.kind == PhaseKind::RlPosttrain ? std::max(1.0, p.rl.trainer_gpus)
                                                                : std::max(1.0, pe.gpus);
    h.gpus_per_node = std::min(perNode, std::max(1.0, pe.gpus));
    h.ram = a.host_ram_gib * kGiB;
    h.processes = h.gpus_per_node * s.assumptions.host_process_gib * kGiB;
    if (s.storage.async_checkpoint && ckptBytes > 0 && p.kind != PhaseKind::Evaluation)
        h.checkpoint = ckptBytes / trainerGpus * std::min(h.gpus_per_node, trainerGpus);
    if (p.kind == PhaseKind::RlPosttrain) {
        // DeepSpeed's hybrid engine belongs to DeepSpeed-Chat, which launches with the
        // deepspeed launcher, not Ray: no object store. Its gathered weights are freed, not
        // slept to host RAM as vLLM sleep level 1 does with the engine's.
        const bool hybrid = usesHybridEngine(p.rl);
        if (!hybrid)
            h.object_store = std::clamp(s.assumptions.ray_object_store_fraction, 0.0, 1.0) * h.ram;
        if (p.rl.placement == Placement::Colocated && p.rl.rollout_sleep && !hybrid)
            h.offload = pe.memory[int(GpuRole::Rollout)].weights * h.gpus_per_node;
    }
    // CPU offload: each of the node's trainer ranks parks its partition of the training state;
    // so does a colocated RL trainer that parks its weights / optimizer state during rollout
    // (veRL param_offload / optimizer_offload).
    if (p.kind != PhaseKind::Evaluation) {
        double perRank = pe.trainer_stages.host_offload;
        if (p.kind == PhaseKind::RlPosttrain)
            perRank += parkedBytes(p.rl, pe.memory[int(GpuRole::Trainer)]);
        h.training_state = perRank * std::min(h.gpus_per_node, trainerGpus);
    }
    h.total = h.processes + h.checkpoint + h.offload + h.object_store + h.training_state;
    if (h.ram <= 0)
        return;
    h.oom_probability = oomProbability(h.total, h.ram, s.assumptions.oom_sigma);
    if (h.oom_probability <= 0)
        return;
    pe.oom.probability = 1 - (1 - pe.oom.probability) * (1 - h.oom_probability);
    // Like a GPU OOM it shows in the first steps: the start-up and one restart of the pool.
    pe.oom.expected_cost =
        pe.oom.probability * pe.gpus * pe.gpu_price * (s.reliability.restart_min / 60.0 + 0.5);
}

// ---- Phases sized by a target (issue 46; scaling.h, docs/model-reference.md §11) ----------

bool sizedByTarget(const Phase& p)
{
    return (p.kind == PhaseKind::Pretrain && p.pretrain.target_loss > 0) ||
           (p.kind == PhaseKind::RlPosttrain && p.rl.target_score > 0);
}

/// A target beyond what any amount of training reaches, as a refused phase (LayoutCheck:
/// product = the target, gpus = the bound).
LayoutCheck targetCheck(const Phase& p)
{
    LayoutCheck c;
    if (p.kind == PhaseKind::Pretrain && p.pretrain.target_loss > 0) {
        const LossLaw law = chosenLossLaw(p.pretrain.loss_law, p.pretrain.law);
        const double floor = lossFloor(law, lossLawParams(p.model));
        if (!(p.pretrain.target_loss > floor))
            c = {.problem = LayoutProblem::TargetBelowFloor,
                 .product = p.pretrain.target_loss,
                 .gpus = floor};
    } else if (p.kind == PhaseKind::RlPosttrain && p.rl.target_score > 0) {
        const RlCurve curve = phaseRlCurve(p.rl);
        if (!(p.rl.target_score < curve.A))
            c = {.problem = LayoutProblem::TargetAboveAsymptote,
                 .product = p.rl.target_score,
                 .gpus = curve.A};
    }
    return c;
}

/// Tokens of a pre-training phase from its target loss: D = (B/(L − E − A/N^α))^(1/β).
TargetFigures sizePretrain(PretrainInputs& in, const ModelArch& m)
{
    TargetFigures f{.kind = TargetFigures::Kind::Loss, .target = in.target_loss};
    const LossLawPreset* preset = nullptr;
    const auto laws = lossLaws();
    const auto choice = static_cast<std::size_t>(std::max(0.0, std::round(in.loss_law)));
    if (choice < laws.size())
        preset = &laws[choice];
    const LossLaw law = preset ? preset->law : in.law;
    f.law_params = lossLawParams(m);
    f.limit = lossFloor(law, f.law_params);
    f.needed = tokensForLoss(law, f.law_params, in.target_loss);
    if (!std::isfinite(f.needed))
        return f; // refused by targetCheck; the count stays
    const Allocation best = cheapestForLoss(law, in.target_loss);
    f.optimal_params = best.params;
    f.optimal_tokens = best.tokens;
    in.tokens = std::max(1.0, std::round(f.needed));
    in.long_tokens = std::min(in.long_tokens, in.tokens);
    f.amount = in.tokens;
    f.sigma = lossTokensSigma(law, preset ? preset->e_sigma : std::max(0.0, in.law_sigma),
                              f.law_params, in.target_loss);
    // The fitted range: a preset's, or what the user's fit recorded (0 = not given). A fit at
    // one size has n_min = n_max, so any other size is outside it. 1 % slack for rounding of
    // the values as files store them.
    const double nMin = preset ? preset->n_min : in.law_fit_n_min;
    const double nMax = preset ? preset->n_max : in.law_fit_n_max;
    const double dMin = preset ? preset->d_min : in.law_fit_d_min;
    const double dMax = preset ? preset->d_max : in.law_fit_d_max;
    f.outside_fit = m.experts > 0 || (nMin > 0 && f.law_params < nMin * 0.99) ||
                    (nMax > 0 && f.law_params > nMax * 1.01) ||
                    (dMin > 0 && in.tokens < dMin * 0.99) || (dMax > 0 && in.tokens > dMax * 1.01);
    return f;
}

/// Iterations of an RL phase from its target score: the curve's compute as policy steps
/// (rlStepsForCompute). A GPU-hour curve is converted at the GPU-hours one step took in the runs
/// it was fitted on (a preset's published figure, or the phase's `curve_step_gpu_hours`), not
/// at this plan's efficiency: learning is per policy update, so a faster layout needs the same
/// iterations and fewer GPU-hours (docs/model-reference.md §11.2). Only a custom curve whose
/// runs were small versions of this plan (step GPU-hours 0) uses `ownStepGpuHours`, the GPU-hours
/// one iteration of this phase holds (from evaluating it once by count).
TargetFigures sizeRl(RlInputs& in, double ownStepGpuHours)
{
    TargetFigures f{.kind = TargetFigures::Kind::Score, .target = in.target_score};
    const RlCurvePreset* preset = chosenRlCurve(in.rl_curve);
    const RlCurve curve = phaseRlCurve(in);
    f.limit = curve.A;
    f.needed = rlComputeForScore(curve, in.target_score);
    if (!std::isfinite(f.needed))
        return f;
    const RlComputeUnit unit = preset ? RlComputeUnit::GpuHours : in.curve_unit;
    if (unit == RlComputeUnit::GpuHours) {
        const double own = preset ? preset->step_gpu_hours : in.curve_step_gpu_hours;
        f.step_gpu_hours = own > 0 ? own : ownStepGpuHours;
        f.step_is_plan = !(own > 0);
    }
    // A target at or below the start score needs no compute: one iteration, not the count
    // typed before the target. A GPU-hour curve without any step cost cannot be converted.
    if (unit == RlComputeUnit::GpuHours && !(f.step_gpu_hours > 0))
        return f;
    const double iterations = rlStepsForCompute(unit, f.needed, f.step_gpu_hours);
    in.iterations = std::max(1.0, std::ceil(iterations - 1e-9));
    f.amount = in.iterations;
    f.sigma = rlComputeSigma(curve, preset ? preset->a_sigma : std::max(0.0, in.curve_sigma),
                             in.target_score);
    const double cMin = preset ? preset->c_min : in.curve_fit_c_min;
    const double cMax = preset ? preset->c_max : in.curve_fit_c_max;
    f.outside_fit = (cMin > 0 && f.needed < cMin * 0.99) || (cMax > 0 && f.needed > cMax * 1.01);
    return f;
}

double evaluatePhases(const Scenario& s, const Catalog& cat, Estimate& est,
                      std::vector<PhaseContext>& ctx)
{
    const double fx = est.fx;
    double day = 0;
    for (size_t i = 0; i < s.phases.size(); ++i) {
        const Phase& p = s.phases[i];
        PhaseEstimate& pe = est.phases[i];
        pe.kind = p.kind;
        const Accelerator* a = cat.accelerator(p.accelerator);
        if (!a) {
            est.warnings.push_back(QT_TRANSLATE_NOOP(
                "costlab::Warning",
                "A phase names an accelerator that is not in the catalog; its cost is zero."));
            est.ok = false;
            pe.start_day = pe.end_day = day;
            continue;
        }
        if (a->price_reserved < 0 && a->price_on_demand < 0 && a->price_spot < 0) {
            if (est.priced)
                est.warnings.push_back(QT_TRANSLATE_NOOP(
                    "costlab::Warning",
                    "An accelerator has no price in the plan's catalog (the catalog has no "
                    "source for one): its GPU time is not costed, so the plan shows no total "
                    "cost. Enter a price in a copy of the catalog (Library → Catalogs, or "
                    "costlab-cli "
                    "--catalog FILE) or choose another catalog."));
            est.priced = false;
            if (std::find(est.unpriced.begin(), est.unpriced.end(), a->id) == est.unpriced.end())
                est.unpriced.push_back(a->id);
        }
        if (priceTierMissing(*a, p))
            warnOnce(est, kPriceTierFallbackWarning);
        const InstanceType* inst = cat.instance(p.env_instance);
        if (p.kind != PhaseKind::Pretrain && !inst)
            est.warnings.push_back(QT_TRANSLATE_NOOP(
                "costlab::Warning",
                "A phase names an environment instance type that is not in the catalog."));
        // A shape no framework can run, or an impossible layout, is refused, not rounded: the
        // phase is not priced.
        pe.layout = shapeProblem(p.model);
        if (pe.layout.problem == LayoutProblem::None)
            pe.layout = headsOverTp(p.kind == PhaseKind::RlPosttrain  ? p.rl.rollout_tp
                                    : p.kind == PhaseKind::Evaluation ? p.eval.tp
                                                                      : 1.0,
                                    p.model);
        if (pe.layout.problem == LayoutProblem::None && p.kind != PhaseKind::Evaluation)
            pe.layout = trainerLayout(p, nvlinkDomain(*a));
        if (pe.layout.problem == LayoutProblem::None && p.kind == PhaseKind::Pretrain &&
            hasLongStage(p.pretrain)) {
            // Every stage of the context schedule must be a layout that can run.
            pe.long_layout = longStageLayout(p, nvlinkDomain(*a));
            if (pe.long_layout.problem != LayoutProblem::None)
                pe.layout = pe.long_layout;
        }
        if (pe.layout.problem == LayoutProblem::None && sizedByTarget(p)) {
            // A target no training reaches is refused the same way as an impossible layout.
            if (const LayoutCheck t = targetCheck(p); t.problem != LayoutProblem::None)
                pe.layout = t;
        }
        if (pe.layout.problem != LayoutProblem::None) {
            est.warnings.push_back(kImpossibleLayoutWarning);
            est.ok = false;
            pe.start_day = pe.end_day = day;
            continue;
        }
        switch (p.kind) {
        case PhaseKind::Pretrain:
            evalPretrain(s, p, *a, fx, pe, ctx[i]);
            break;
        case PhaseKind::RlPosttrain:
            evalRl(s, p, *a, inst, fx, pe, ctx[i]);
            break;
        case PhaseKind::Evaluation:
            evalEvaluation(s, p, *a, inst, fx, pe, ctx[i]);
            break;
        }
        const double spanGpus = p.kind == PhaseKind::RlPosttrain ? p.rl.trainer_gpus : p.gpus;
        if (!a->scaleout_known && p.kind != PhaseKind::Evaluation &&
            spanGpus > std::max(1.0, a->gpus_per_node))
            est.warnings.push_back(kScaleoutAssumedWarning);
        hostMemory(s, p, *a, ctx[i].ckptBytes, pe);
        if (pe.host.ram > 0 && pe.host.total > pe.host.ram)
            est.warnings.push_back(kHostMemoryWarning);
        if (pe.throughput_capped)
            est.warnings.push_back(QT_TRANSLATE_NOOP(
                "costlab::Warning", "A measured or pinned throughput is above the accelerator's "
                                    "peak; it was capped at MFU 100 %."));
        if (pe.rec.progress_capped)
            est.warnings.push_back(QT_TRANSLATE_NOOP(
                "costlab::Warning",
                "Failures prevent progress: the checkpoint interval is far above the mean time "
                "between failures; wall time is capped at 10,000 times the work."));
        pe.start_day = day;
        day += pe.wall_hours / 24.0;
        pe.end_day = day;
    }
    return day;
}

/// Pass 2: storage, network and logging of each phase, which depend on the calendar
/// (checkpoints and trajectories are held until the end of the plan plus retention).
void bookPhaseData(const Scenario& s, const Catalog& cat, double planDays, Estimate& est,
                   const std::vector<PhaseContext>& ctx)
{
    const double fx = est.fx;
    const double retentionDays = s.storage.retention_after_months * kDaysPerMonth;
    for (size_t i = 0; i < s.phases.size(); ++i) {
        PhaseEstimate& pe = est.phases[i];
        const PhaseContext& c = ctx[i];
        const double phaseDays = pe.end_day - pe.start_day;
        const double afterDays = planDays - pe.end_day + retentionDays;
        if (c.ckptBytes > 0 && c.checkpoints > 0) {
            const double gb = c.ckptBytes / kGB;
            const double kept = std::min(s.storage.checkpoint_keep_last, std::ceil(c.checkpoints));
            addFixed(pe, Category::StorageCheckpoint,
                     hold(gb * kept, phaseDays, cat.object_standard, fx));
            if (s.storage.checkpoint_milestone_every >= 1) {
                const double milestones =
                    std::floor(c.checkpoints / s.storage.checkpoint_milestone_every);
                const double age = phaseDays / 2 + afterDays; // average milestone lifetime
                const double hot = std::min(s.storage.checkpoint_hot_days, age);
                addFixed(pe, Category::StorageCheckpoint,
                         hold(gb * milestones, hot, cat.object_standard, fx) +
                             hold(gb * milestones, age - hot, cat.object_archive, fx));
            }
        }
        if (c.trajectoryGB > 0) {
            const double age = phaseDays / 2 + afterDays;
            const double hot = std::min(s.storage.trajectory_hot_days, age);
            addFixed(pe, Category::StorageTrajectory,
                     hold(c.trajectoryGB, hot, cat.file_high_iops, fx) +
                         hold(c.trajectoryGB, age - hot, cat.object_archive, fx));
        }
        if (c.posttrainGB > 0)
            addFixed(pe, Category::StorageDataset,
                     hold(c.posttrainGB, phaseDays, cat.file_high_iops, fx));
        if (c.logGB > 0) {
            addFixed(pe, Category::LoggingIngest, c.logGB * cat.log_ingest_gb * fx);
            addFixed(pe, Category::StorageLog,
                     c.logGB * s.logging.retention_months * cat.log_retention_gb_month * fx);
        }
        if (c.envRequests > 0) {
            const double gb =
                c.envRequests * (s.network.env_request_kb + s.network.env_response_kb) * 1e3 / kGB;
            addFixed(pe, Category::NetworkEnvironment,
                     gb * cat.traffic_intra_gb * fx +
                         c.envRequests / 1e6 * cat.lb_per_million * fx);
        }
        addFixed(pe, Category::NetworkInterconnect,
                 pe.gpu_hours * s.network.interconnect_per_gpu_hour);
    }
}

/// Costs not tied to one phase (§6, §7): datasets, egress, engineering.
void bookSharedCosts(const Scenario& s, const Catalog& cat, double planDays, Estimate& est)
{
    const double fx = est.fx;
    const double retentionDays = s.storage.retention_after_months * kDaysPerMonth;
    auto& sh = est.shared_cost;
    const double holdDays = planDays + retentionDays;
    const double rawGB = s.storage.raw_corpus_tb * 1e3;
    const double rawHot = std::min(s.storage.dataset_hot_days, holdDays);
    sh[idx(Category::StorageDataset)] +=
        hold(rawGB, rawHot, cat.object_standard, fx) +
        hold(rawGB, holdDays - rawHot, cat.object_infrequent, fx) +
        hold(s.storage.cleaned_corpus_tb * 1e3, holdDays, cat.object_standard, fx);
    sh[idx(Category::NetworkEgress)] += s.network.egress_gb * cat.traffic_egress_gb * fx;
    const double planMonths = planDays / kDaysPerMonth;
    const double iac = s.engineering.infra_as_code ? s.assumptions.iac_effort_factor : 1.0;
    sh[idx(Category::HiddenEngineering)] +=
        iac *
        (s.engineering.env_types * s.engineering.months_per_env_type * s.engineering.monthly_rate +
         s.engineering.maintenance_fte * planMonths * s.engineering.monthly_rate);
}

/// Adds the variance of a risk booked in the total (a two-point distribution: the cost if
/// it happens, with its probability) to `varRisk`.
void addRiskVariance(const Risk& r, double& varRisk)
{
    if (r.probability <= 0 || r.expected_cost <= 0)
        return;
    const double ifHappens = r.expected_cost / r.probability;
    varRisk += r.expected_cost * ifHappens * (1 - r.probability);
}

/// One row of the risk table for one phase: the plan's figure, and the variance of a risk
/// booked in the total. Resolved at compile time (the table is constexpr), so summing the
/// risks costs no loop or member-pointer indirection on the evaluation path.
template <std::size_t I> void addPhaseRisk(Estimate& est, const PhaseEstimate& pe, double& varRisk)
{
    constexpr RiskInfo r = kRiskTable[I];
    if constexpr (r.phase != nullptr) {
        const Risk& phaseRisk = pe.*(r.phase);
        combineRisk(est.*(r.plan), phaseRisk);
        if constexpr (r.in_total)
            addRiskVariance(phaseRisk, varRisk);
    }
}

template <std::size_t... I>
void addPhaseRisks(Estimate& est, const PhaseEstimate& pe, double& varRisk,
                   std::index_sequence<I...>)
{
    (addPhaseRisk<I>(est, pe, varRisk), ...);
}

/// Phase and plan totals by category, fixed/elastic split, GPU-hours, tokens and the plan
/// risks (risks.h: any phase, expected costs summed). Returns the variance of the risks
/// booked in the total, for the budget risk.
double sumTotals(Estimate& est)
{
    double varRisk = 0;
    for (auto& pe : est.phases) {
        // Summed in locals: through the members, every store to est.cost[k] may alias the
        // two running sums, so each addition waited on a store and a reload (perf: the
        // loop was 6 % of an evaluation). The order of the additions is unchanged.
        double total = 0, elastic = est.elastic;
        for (int k = 0; k < kCategoryCount; ++k) {
            total += pe.cost[k];
            est.cost[k] += pe.cost[k];
            elastic += pe.elastic[k];
        }
        pe.total = total;
        est.elastic = elastic;
        est.gpu_hours += pe.gpu_hours;
        est.tokens += pe.tokens;
        addPhaseRisks(est, pe, varRisk, std::make_index_sequence<kRiskCount>{});
    }
    double total = est.total; // a local for the same reason
    for (int k = 0; k < kCategoryCount; ++k) {
        est.cost[k] += est.shared_cost[k];
        total += est.cost[k];
    }
    est.total = total;
    est.fixed = est.total - est.elastic;
    est.cost_per_million_tokens = est.tokens > 0 ? est.total / (est.tokens / 1e6) : 0;
    return varRisk;
}

/// Budget risk (§9): the total as a normal distribution with the relative uncertainty
/// assumptions.estimate_sigma plus the variance of the booked risks, until Monte Carlo
/// exists; P(total > budget) and the expected overrun.
void assessBudget(const Scenario& s, double varRisk, Estimate& est)
{
    if (s.budget.total <= 0)
        return;
    if (!est.priced) { // a partial total against the budget would read as comfortably within
        est.budget_not_priced = true;
        return;
    }
    est.budget_ratio = est.total / s.budget.total;
    const double sd = std::hypot(s.assumptions.estimate_sigma * est.total, std::sqrt(varRisk));
    const double gap = est.total - s.budget.total;
    if (sd > 0) {
        const double z = gap / sd;
        // Φ(z) once: its erfc was computed twice, 2 % of an evaluation in perf (issue 50).
        const double over = normalCdf(z);
        est.budget.probability = over;
        // E[max(0, X − budget)] is never negative; far below the budget the two terms
        // cancel to rounding noise (−3.4e−312 once reached the JSON).
        est.budget.expected_cost =
            std::max(0.0, gap * over + sd * std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI));
    } else {
        est.budget.probability = gap > 0 ? 1 : 0;
        est.budget.expected_cost = std::max(0.0, gap);
    }
}

/// Daily spend: each phase's cost spread over its days, shared costs over the plan; the
/// peak and the first day over the alert line. Engineering is paid up front and is not
/// cloud spend: it stays out of the daily alert.
void dailySpend(const Scenario& s, double planDays, Estimate& est)
{
    const auto& sh = est.shared_cost;
    const double sharedTotal = [&] {
        double t = 0;
        for (double v : sh)
            t += v;
        return t;
    }() - sh[idx(Category::HiddenEngineering)];
    const double sharedDaily = planDays > 0 ? sharedTotal / planDays : 0;
    for (const auto& pe : est.phases) {
        const double days = pe.end_day - pe.start_day;
        const double daily = (days > 0 ? pe.total / days : 0) + sharedDaily;
        est.daily_peak = std::max(est.daily_peak, daily);
        if (s.budget.daily_alert > 0 && est.alert_day < 0 && daily > s.budget.daily_alert &&
            days > 0)
            // Saturated: a phase may start after day 2^31 (failures capping wall time at
            // 10^4 × the work); converting that to int was undefined behaviour.
            est.alert_day = pe.start_day < double(std::numeric_limits<int>::max())
                                ? int(std::floor(pe.start_day))
                                : std::numeric_limits<int>::max();
    }
}

/// Every phase sized by its count (tokens, iterations).
Estimate evaluateCounted(const Scenario& s, const Catalog& cat)
{
    Estimate est;
    // Catalog currency → plan currency; a catalog may be kept in either (catalog.h).
    const bool catalogCny = cat.currency == "CNY";
    const bool planCny = s.currency == Currency::CNY;
    est.fx = catalogCny == planCny ? 1.0 : planCny ? s.cny_per_usd : 1.0 / s.cny_per_usd;
    // Copied from one blank rather than value-initialised in place: PhaseEstimate is a
    // 2.2 KB aggregate whose default members GCC stores one by one (~300 instructions a
    // phase), where a copy is one memcpy (issue 50, callgrind).
    static_assert(std::is_trivially_copyable_v<PhaseEstimate>);
    static const PhaseEstimate kBlankPhase{};
    est.phases.assign(s.phases.size(), kBlankPhase);
    if (!cat.unavailable.empty()) {
        // Refuse rather than price every phase at zero (issue 13: one refusal everywhere).
        est.ok = false;
        est.warnings.push_back(kCatalogUnavailableWarning);
        for (size_t i = 0; i < s.phases.size(); ++i)
            est.phases[i].kind = s.phases[i].kind;
        return est;
    }
    std::vector<PhaseContext> ctx(s.phases.size());
    const double planDays = evaluatePhases(s, cat, est, ctx);
    bookPhaseData(s, cat, planDays, est, ctx);
    bookSharedCosts(s, cat, planDays, est);
    const double riskVariance = sumTotals(est);
    est.wall_hours = planDays * 24.0;
    if (planDays > kImplausibleWallDays)
        est.warnings.push_back(kImplausiblePlanWarning);
    assessBudget(s, riskVariance, est);
    dailySpend(s, planDays, est);
    return est;
}

/// Sets the count of every phase of `t` that a target sizes and returns what each target
/// needs. An RL phase on a custom GPU-hour curve of its own setup is evaluated once by its
/// count first, for its GPU-hours per iteration.
std::vector<TargetFigures> sizeTargets(Scenario& t, const Catalog& cat, double fx)
{
    std::vector<TargetFigures> figs(t.phases.size());
    for (std::size_t i = 0; i < t.phases.size(); ++i) {
        Phase& p = t.phases[i];
        // An RL target starts from its base's score where the base reads its loss as one
        // (docs/model-reference.md §11.4); `t`'s earlier phases are already sized.
        double start = std::numeric_limits<double>::quiet_NaN();
        if (p.kind == PhaseKind::RlPosttrain && p.rl.target_score > 0) {
            start = baseScore(t, i);
            if (std::isfinite(start))
                p.rl.curve.R0 = start;
        }
        if (!sizedByTarget(p) || targetCheck(p).problem != LayoutProblem::None)
            continue;
        if (p.kind == PhaseKind::Pretrain) {
            figs[i] = sizePretrain(p.pretrain, p.model);
            continue;
        }
        const Accelerator* a = cat.accelerator(p.accelerator);
        double perIteration = 0;
        // Only a custom GPU-hour curve without its runs' step cost reads this plan's own.
        const bool ownStep = !chosenRlCurve(p.rl.rl_curve) &&
                             p.rl.curve_unit == RlComputeUnit::GpuHours &&
                             !(p.rl.curve_step_gpu_hours > 0);
        if (a && ownStep) {
            // As evaluatePhases() calls it: the phase's kind and resolved layout first.
            PhaseEstimate trial;
            trial.kind = p.kind;
            // The same refusals evaluatePhases() makes before it evaluates a phase.
            trial.layout = shapeProblem(p.model);
            if (trial.layout.problem == LayoutProblem::None)
                trial.layout = headsOverTp(p.rl.rollout_tp, p.model);
            if (trial.layout.problem == LayoutProblem::None)
                trial.layout = trainerLayout(p, nvlinkDomain(*a));
            if (trial.layout.problem != LayoutProblem::None)
                continue; // refused later with its layout problem; the count stays
            PhaseContext ctx;
            evalRl(t, p, *a, cat.instance(p.env_instance), fx, trial, ctx);
            perIteration = trial.gpus * trial.rl.iteration_s / 3600.0;
        }
        figs[i] = sizeRl(p.rl, perIteration);
        figs[i].start = p.rl.curve.R0;
        figs[i].start_from_base = std::isfinite(start);
    }
    return figs;
}

} // namespace

Phase sizedPhase(const Phase& p, const PhaseEstimate& pe)
{
    Phase out = p;
    if (!(pe.target.amount > 0))
        return out;
    if (pe.target.kind == TargetFigures::Kind::Loss) {
        out.pretrain.tokens = pe.target.amount;
        out.pretrain.long_tokens = std::min(out.pretrain.long_tokens, pe.target.amount);
    } else if (pe.target.kind == TargetFigures::Kind::Score) {
        out.rl.iterations = pe.target.amount;
    }
    return out;
}

Estimate evaluate(const Scenario& s, const Catalog& cat)
{
    if (std::none_of(s.phases.begin(), s.phases.end(), sizedByTarget) || !cat.unavailable.empty())
        return evaluateCounted(s, cat);
    // A plan with targets is evaluated as the plan with the counts its targets set.
    Scenario sized = s;
    const bool catalogCny = cat.currency == "CNY";
    const bool planCny = s.currency == Currency::CNY;
    const double fx = catalogCny == planCny ? 1.0 : planCny ? s.cny_per_usd : 1.0 / s.cny_per_usd;
    const std::vector<TargetFigures> figs = sizeTargets(sized, cat, fx);
    Estimate est = evaluateCounted(sized, cat);
    for (std::size_t i = 0; i < figs.size() && i < est.phases.size(); ++i)
        est.phases[i].target = figs[i];
    return est;
}

double lossLawParams(const ModelArch& m)
{
    const ParamCounts c = paramCounts(m);
    return m.experts > 0 ? c.active : c.total;
}

double phaseLoss(const Phase& p, double tokens)
{
    const LossLaw law = chosenLossLaw(p.pretrain.loss_law, p.pretrain.law);
    return lossAt(law, lossLawParams(p.model), tokens);
}

double baseScore(const Scenario& s, std::size_t rlPhase, const Estimate* e)
{
    for (std::size_t j = std::min(rlPhase, s.phases.size()); j-- > 0;) {
        const Phase& b = s.phases[j];
        if (b.kind != PhaseKind::Pretrain || !b.pretrain.score_map.on())
            continue;
        const double tokens = e && j < e->phases.size()
                                  ? sizedPhase(b, e->phases[j]).pretrain.tokens
                                  : b.pretrain.tokens;
        return scoreForLoss(b.pretrain.score_map, phaseLoss(b, tokens));
    }
    return std::numeric_limits<double>::quiet_NaN();
}

RlCurve phaseRlCurve(const Scenario& s, std::size_t rlPhase, const Estimate* e)
{
    if (rlPhase >= s.phases.size())
        return {};
    RlCurve c = phaseRlCurve(s.phases[rlPhase].rl);
    if (const double b = baseScore(s, rlPhase, e); std::isfinite(b))
        c.R0 = b;
    return c;
}

RlCurve phaseRlCurve(const RlInputs& in)
{
    const RlCurvePreset* p = chosenRlCurve(in.rl_curve);
    if (!p)
        return in.curve;
    RlCurve c = p->curve;
    c.R0 = in.curve.R0;
    return c;
}

} // namespace costlab
