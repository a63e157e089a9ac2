#include "steptime.h"

#include "formulas.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace costlab {
using namespace stepconstants;

namespace {

constexpr double kBf16 = 2; // bytes per element

// Integer helpers on counts (tiles, waves, degrees, GPUs): the values are non-negative and
// far below 2^53, so a truncating conversion is exact and avoids libm calls on the
// evaluate() path (Debian's x86-64 baseline has no SSE4.1 rounding instruction).
constexpr double kCountLimit = 9e15;

/// ⌈x⌉ for 0 ≤ x, tolerating 1e-9 of floating-point noise above an integer.
double ceilPos(double x)
{
    const double y = std::clamp(x - 1e-9, 0.0, kCountLimit);
    const double t = double(static_cast<std::int64_t>(y));
    return t < y ? t + 1 : t;
}

/// Tiles or waves of a count `x` ≥ 0. A fixed shape pays ⌈x⌉. When the token count varies from
/// one micro-batch to the next (RL: sampled response lengths) the fractional part of x is
/// spread over [0, 1), so the expected count is x + ½ (never below one tile or wave): the
/// mean over the batch instead of the cliff of its mean shape.
double quantize(double x, bool spread)
{
    return spread ? std::max(1.0, x + 0.5) : ceilPos(x);
}

/// Nearest whole number ≥ 1 of a degree or count; non-finite input counts as 1.
double wholeAtLeastOne(double x)
{
    if (!(x >= 1)) // also NaN
        return 1;
    return double(static_cast<std::int64_t>(std::min(x, kCountLimit) + 0.5));
}

/// a mod b ≠ 0 for whole numbers a, b ≥ 1.
bool notMultiple(double a, double b)
{
    return static_cast<std::int64_t>(a) % static_cast<std::int64_t>(b) != 0;
}

/// Threadblock tiles of Ampere/Hopper tensor-core GEMM kernels (CUTLASS/cuBLAS shapes) with
/// their work per tile and relative rate: a tile's rate grows with its arithmetic intensity
/// mt·nt/(mt+nt) (operand traffic per FLOP), normalised to the largest tile.
struct Tile {
    double invM, invN;  ///< 1/mt, 1/nt (powers of two: exact)
    double cost;        ///< 2·mt·nt FLOPs per unit of K over the tile's relative rate
    double costPerCell; ///< cost / (mt·nt): the time per output element without quantization
};
/// `intensityHalf`: the tile intensity at which a tile runs at half its compute rate. It is
/// the FLOP-per-byte balance of the tensor cores against the shared-memory operand feed, so it
/// scales with the tensor FLOP per SM per clock (shared memory moves 128 B per SM per clock on
/// both Ampere and Hopper).
constexpr Tile makeTile(double m, double n, double intensityHalf)
{
    const double best = 256.0 * 128.0 / (256.0 + 128.0);
    const double ai = m * n / (m + n);
    const double rate = (ai / (ai + intensityHalf)) / (best / (best + intensityHalf));
    return {1 / m, 1 / n, 2 * m * n / rate, 2 / rate};
}
using Tiles = std::array<Tile, 4>;
// Largest tile first: it has the lowest cost per output element, so once a tile's time is
// known, a smaller tile whose unquantized time is already longer cannot win.
constexpr Tiles makeTiles(double intensityHalf)
{
    return {{makeTile(256, 128, intensityHalf), makeTile(128, 128, intensityHalf),
             makeTile(128, 64, intensityHalf), makeTile(64, 64, intensityHalf)}};
}
constexpr Tiles kA100Tiles = makeTiles(kTileIntensityHalf);

constexpr Tiles kHopperTiles = makeTiles(kTileIntensityHalf * 2); // 4,096 FLOP/clk/SM
constexpr Tiles kVoltaTiles = makeTiles(kTileIntensityHalf / 2);  // 1,024 FLOP/clk/SM
/// The tile table for a tensor rate `mmaScale` × A100's per SM and clock: constant for the
/// catalog's generations, else built once per thread for the last scale seen (one
/// accelerator per evaluation in practice), so a GEMM costs the same as with a constant table.
/// A scale that is not positive (a hand-built StepHardware) falls back to A100's.
const Tiles& tilesFor(double mmaScale)
{
    if (mmaScale == 1 || !(mmaScale > 0))
        return kA100Tiles;
    if (mmaScale == 2)
        return kHopperTiles;
    if (mmaScale == 0.5)
        return kVoltaTiles;
    thread_local double cachedScale = 0;
    thread_local Tiles cached{};
    if (mmaScale != cachedScale) {
        cached = makeTiles(kTileIntensityHalf * mmaScale);
        cachedScale = mmaScale;
    }
    return cached;
}

/// Time of `batch` GEMMs of M×N×K on the tile/wave model: cuBLAS picks the tile whose waves
/// finish first; the K loop amortises each tile's prologue/epilogue, K/(K + K½).
/// K½ and the tile intensity at half rate were fitted on A100 (docs/validation.md) and are
/// A100 cycles: a prologue of fixed cycles covers twice the K on a tensor core that does
/// twice the FLOP per clock, so both scale by hw.mma_scale (Hopper: "2x the MMA rates of
/// the A100 SM", NVIDIA H100 whitepaper; 4,096 vs 2,048 FLOP per SM per clock).
double gemmTileTime(double M, double N, double K, double batch, const StepHardware& hw,
                    bool spreadM = false)
{
    if (M <= 0 || N <= 0 || K <= 0 || batch <= 0)
        return 0;
    const double sms = std::max(1.0, hw.sms);
    // Seconds per unit of (tile FLOPs / rate) on one SM, for this K.
    const double kHalf = kKHalf * (hw.mma_scale > 0 ? hw.mma_scale : 1.0);
    const double perFlop =
        sms / (hw.peak_flops * hw.gemm_fraction * kSoftwareGemmEfficiency) * (K + kHalf) / K;
    const double invSms = 1 / sms;
    const double cellsPerSm = M * N * batch * invSms; // output elements per SM, unquantized
    double best = INFINITY;
    for (const Tile& t : tilesFor(hw.mma_scale)) {
        if (cellsPerSm * t.costPerCell >= best) // a lower bound of this tile's time
            continue;
        const double tiles = quantize(M * t.invM, spreadM) * ceilPos(N * t.invN) * batch;
        const double waves = quantize(tiles * invSms, spreadM);
        best = std::min(best, waves * t.cost);
    }
    return best * K * perFlop;
}

/// All-to-all time: each rank sends (n−1)/n of `bytes`, over NVLink inside the domain and
/// the scale-out NIC beyond it.
double allToAllTime(double n, double bytes, double perNode, const StepHardware& hw, double lat)
{
    if (n <= 1)
        return 0;
    const double wire = bytes * (n - 1) / n;
    const double bw =
        perNode >= n ? hw.nvlink_busbw : std::min(hw.nvlink_busbw, hw.scaleout_bytes_s);
    return (kCollAlphaS + kCollAlphaPerHopS * (n - 1)) * lat + wire / bw;
}

/// Per micro-batch and per layer, seconds.
struct LayerTimes {
    double gemm_f = 0, attn_f = 0, attn_b = 0, mem_f = 0; ///< compute parts, forward
    double mla_up_f = 0; ///< MLA's up-projection GEMMs (part of gemm_f), one forward
    double tp_f = 0;     ///< TP collectives, one forward
    double cp_f = 0;     ///< CP KV exchange, one forward
    double ep_f = 0;     ///< EP all-to-all, one forward
    /// TP overlap (Transformer Engine userbuffers): GEMM time the communication kernels' SMs
    /// cost, one forward and one backward, and the pipelined reduce-scatter's last split.
    double ub_f = 0, ub_b = 0, ub_tail = 0;
};

LayerTimes layerTimes(const ModelArch& m, double seq, const ParallelLayout& l, const StepOptions& o,
                      const StepHardware& hw)
{
    LayerTimes r;
    const bool sp = o.variable_tokens;
    const double t = l.tp, cp = l.cp;
    const double et = l.etp > 0 ? l.etp : t; // expert tensor parallel
    const double s = seq / cp;               // tokens of a sequence on this rank
    const double T = l.micro_batch * s;
    const double h = m.hidden, a = m.heads, kv = m.kv_heads > 0 ? m.kv_heads : m.heads;
    const double hd = headDim(m);
    const bool moe = m.experts > 0 && m.top_k > 0;
    const double moeShare = moe ? std::clamp(m.moe_layer_fraction, 0.0, 1.0) : 0.0;
    const double nMat = m.gated_mlp ? 3 : 2;
    const double dqk = qkHeadDim(m), dv = vHeadDim(m);
    double qkvT = 0, outT = 0; // the attention projections' GEMMs (not MLA)
    if (isMla(m)) {
        // MLA (DeepSeek-V2 §2.1): down-projections to the latents are replicated over TP (as
        // Megatron's MLA does), up-projections and the output split by heads.
        const double qIn = m.q_lora_rank > 0 ? m.q_lora_rank : h;
        if (m.q_lora_rank > 0)
            r.gemm_f += gemmTileTime(T, m.q_lora_rank, h, 1, hw, sp);
        const double qUp = gemmTileTime(T, a * dqk / t, qIn, 1, hw, sp);
        r.gemm_f += qUp;
        r.gemm_f += gemmTileTime(T, m.kv_lora_rank + m.qk_rope_head_dim, h, 1, hw, sp);
        const double kvUp =
            gemmTileTime(T, a * (m.qk_nope_head_dim + dv) / t, m.kv_lora_rank, 1, hw, sp);
        r.gemm_f += kvUp;
        r.mla_up_f = qUp + kvUp; // rebuilt in backward under recompute_modules mla_up_proj
        r.gemm_f += gemmTileTime(T, h, a * dv / t, 1, hw, sp);
    } else {
        // Attention projections (GQA shrinks K and V only).
        qkvT = gemmTileTime(T, (a * hd + 2 * kv * hd) / t, h, 1, hw, sp);
        outT = gemmTileTime(T, h, a * hd / t, 1, hw, sp);
        r.gemm_f += qkvT + outT;
    }
    // MLP: dense layers, and MoE layers as grouped GEMMs over the routed + shared experts.
    const double fDense = denseFfn(m);
    const double upT = gemmTileTime(T, fDense / t, h, 1, hw, sp);
    const double downT = gemmTileTime(T, h, fDense / t, 1, hw, sp);
    const double mlpDense = (nMat - 1) * upT + downT;
    double mlpMoe = 0;
    if (moe) {
        const double mlpExpertSized = (nMat - 1) * gemmTileTime(T, m.ffn / t, h, 1, hw, sp) +
                                      gemmTileTime(T, h, m.ffn / t, 1, hw, sp);
        // Balanced routing: the stage's dp·mb·s tokens × top-k over E experts, in each of the
        // TP·CP·DP / (EP·ETP) expert-data-parallel replicas: T·k·EP·ETP / (TP·E) per expert.
        const double expertsHere = std::max(1.0, m.experts / l.ep);
        const double tokensPerExpert = T * m.top_k * l.ep * et / (t * m.experts);
        mlpMoe =
            expertsHere * ((nMat - 1) * gemmTileTime(tokensPerExpert, m.ffn / et, h, 1, hw, sp) +
                           gemmTileTime(tokensPerExpert, h, m.ffn / et, 1, hw, sp));
        mlpMoe += m.shared_experts * mlpExpertSized;        // shared experts are expert-sized
        mlpMoe += gemmTileTime(T, m.experts, h, 1, hw, sp); // router
    }
    r.gemm_f += (1 - moeShare) * mlpDense + moeShare * mlpMoe;
    // Attention core: causal halving only where FlashAttention skips masked blocks; without
    // it the full s×s scores are computed and softmax/dropout stream them through HBM.
    const double swa = std::clamp(m.swa_layer_fraction, 0.0, 1.0);
    const double ctx =
        m.sliding_window > 0 ? (1 - swa) * seq + swa * std::min(seq, m.sliding_window) : seq;
    const double heads = a / t;
    if (o.flash_attention) {
        const double flops = 2 * l.micro_batch * s * ctx * heads * (dqk + dv) * 0.5;
        r.attn_f = flops / (hw.peak_flops * std::max(1e-3, hw.flash_fraction));
        r.attn_b = 2.5 * r.attn_f; // FlashAttention backward recomputes the scores
    } else {
        r.attn_f = gemmTileTime(s, ctx, dqk, l.micro_batch * heads, hw, sp) +
                   gemmTileTime(s, dv, ctx, l.micro_batch * heads, hw, sp);
        r.attn_f += l.micro_batch * heads * s * ctx * kScoreBytes / hw.hbm_bytes_s;
        r.attn_b = 2 * r.attn_f;
    }
    // Element-wise (norms, dropout, residual, activation): h-sized work is replicated over TP
    // unless sequence parallel splits it.
    const double fElems = (m.gated_mlp ? 1.5 : 1.0) *
                          (moe ? moeShare * m.top_k * m.ffn + (1 - moeShare) * fDense : fDense);
    // MoE layers also permute the top-k token copies to their experts and back.
    const double shuffle = moe ? moeShare * moeShuffleAccessesPerToken(m.top_k, et, t) * h : 0.0;
    r.mem_f = T *
              (kBytesPerTokenH * h / (o.sequence_parallel ? t : 1) + kBytesPerTokenF * fElems / t +
               shuffle) *
              kBf16 / hw.hbm_bytes_s;
    // TP: two all-reduces (or all-gather + reduce-scatter with SP, same bytes) per forward. An
    // MoE layer under EP > 1 has no MLP collective over TP: its tokens travel in the EP
    // all-to-all below (with the gather over the ETP ranks); shared experts keep it.
    const double inDomain = std::min(t, hw.nvlink_domain);
    const double mlpTp = moe && l.ep > 1 && !(m.shared_experts > 0) ? 1 - moeShare : 1.0;
    const double tpAllReduce = allReduceTime(t, T * h * kBf16, inDomain, hw, kInLayerLatencyScale);
    r.tp_f = (1 + mlpTp) * tpAllReduce;
    // TP overlap as Transformer Engine runs it by default (transformer_engine/pytorch/module/
    // base.py initialize_ub): the forward reduce-scatters after the attention output and the
    // MLP down projection use the "pipeline" method, 4 splits with 16 SMs kept for the
    // communication kernels (set_sm_margin), so those GEMMs run on SMs − 16 and the last
    // split's reduce-scatter cannot overlap; the backward QKV and MLP-up dgrad and wgrad use
    // "bulk" overlap, also on SMs − 16. The all-gathers ("ring_exchange") use the copy engines
    // and one SM: not charged. Dense attention and MLP only (MLA's and grouped expert GEMMs
    // are not userbuffer layers).
    if (o.overlap_tp && t > 1 && !isMla(m)) {
        StepHardware hm = hw;
        hm.sms = std::max(1.0, hw.sms - kUbCommSms);
        // Each GEMM on SMs − 16 against the same GEMM on all SMs (computed above).
        auto margin = [&](double M, double N, double K, double onAll) {
            return gemmTileTime(M, N, K, 1, hm, sp) - onAll;
        };
        const double dense = 1 - moeShare;
        r.ub_f = margin(T, h, a * hd / t, outT) + dense * margin(T, h, fDense / t, downT);
        r.ub_b = 2 * (margin(T, (a * hd + 2 * kv * hd) / t, h, qkvT) +
                      dense * (nMat - 1) * margin(T, fDense / t, h, upT));
        r.ub_tail = (1 + dense) * tpAllReduce / 2 / kUbSplits;
    }
    // CP: ring exchange of K and V blocks, (cp−1) steps per forward.
    if (cp > 1) {
        const double kvBytes = T * (isMla(m) ? a * (dqk + dv) : 2 * kv * hd) / t * kBf16;
        const double perNode = std::max(1.0, std::min(cp, hw.nvlink_domain / t));
        const double bw =
            perNode >= cp ? hw.nvlink_busbw : std::min(hw.nvlink_busbw, hw.scaleout_bytes_s);
        r.cp_f = (cp - 1) * (kCollAlphaS * kInLayerLatencyScale + kvBytes / bw);
    }
    // EP: dispatch and combine all-to-all of top-k token copies per forward. Each rank sends
    // its T/TP sequence-parallel tokens' copies to every ETP rank of the target experts:
    // T·k·ETP/TP copies (T·k with ETP = TP, Megatron's gather over TP before the experts).
    if (moe && l.ep > 1) {
        const double perNode = std::max(1.0, std::min(l.ep, hw.nvlink_domain / et));
        r.ep_f =
            moeShare * 2 *
            allToAllTime(l.ep, T * m.top_k * et / t * h * kBf16, perNode, hw, kInLayerLatencyScale);
    }
    return r;
}

/// Parameters one rank holds, split into those sharded like attention (TP·PP, reduced over
/// DP·CP) and the routed experts (ETP·PP·EP, reduced over the expert-data-parallel group).
struct RankParams {
    double dense = 0, expert = 0;
};
RankParams paramsPerRank(const ParamCounts& c, const ParallelLayout& l)
{
    const double et = l.etp > 0 ? l.etp : l.tp;
    return {(c.total - c.expert) / (l.tp * l.pp), c.expert / (et * l.pp * l.ep)};
}

} // namespace

double moeShuffleAccessesPerToken(double topK, double etp, double tp)
{
    if (!(topK > 0))
        return 0;
    return 4 * topK * std::max(1.0, etp) / std::max(1.0, tp);
}

double gemmTime(double M, double N, double K, double batch, const StepHardware& hw)
{
    return gemmTileTime(M, N, K, batch, hw); // inlined at the engine's own call sites
}

std::string_view layoutProblemId(LayoutProblem p)
{
    switch (p) {
    case LayoutProblem::None:
        return "none";
    case LayoutProblem::NotDivisible:
        return "not_divisible";
    case LayoutProblem::BatchTooSmall:
        return "batch_too_small";
    case LayoutProblem::ExpertsNotDivisible:
        return "experts_not_divisible";
    case LayoutProblem::HeadsNotDivisible:
        return "heads_not_divisible";
    case LayoutProblem::ExpertGroupNotDividing:
        return "expert_group_not_dividing";
    case LayoutProblem::ShardGroupNotDividing:
        return "shard_group_not_dividing";
    case LayoutProblem::KvHeadsAboveHeads:
        return "kv_heads_above_heads";
    case LayoutProblem::KvHeadsNotDividingHeads:
        return "kv_heads_not_dividing_heads";
    case LayoutProblem::HeadsNotDividingHidden:
        return "heads_not_dividing_hidden";
    case LayoutProblem::TopKAboveExperts:
        return "top_k_above_experts";
    case LayoutProblem::TargetBelowFloor:
        return "target_below_floor";
    case LayoutProblem::TargetAboveAsymptote:
        return "target_above_asymptote";
    }
    return "none";
}

LayoutCheck shapeProblem(const ModelArch& m)
{
    LayoutCheck c;
    auto fail = [&c](LayoutProblem p, double a, double b) {
        c.problem = p;
        c.product = a;
        c.gpus = b;
        return c;
    };
    const double heads = wholeAtLeastOne(m.heads);
    const double kv = m.kv_heads > 0 ? wholeAtLeastOne(m.kv_heads) : heads;
    if (kv > heads)
        return fail(LayoutProblem::KvHeadsAboveHeads, kv, heads);
    if (notMultiple(heads, kv))
        return fail(LayoutProblem::KvHeadsNotDividingHeads, kv, heads);
    // A head dimension given explicitly (Gemma, Qwen3, GPT-OSS) need not be hidden / heads.
    if (!(m.head_dim > 0) && notMultiple(wholeAtLeastOne(m.hidden), heads))
        return fail(LayoutProblem::HeadsNotDividingHidden, heads, wholeAtLeastOne(m.hidden));
    if (m.experts > 0 && m.top_k > m.experts)
        return fail(LayoutProblem::TopKAboveExperts, m.top_k, m.experts);
    return c;
}

LayoutCheck headsOverTp(double tp, const ModelArch& m)
{
    LayoutCheck c;
    const double t = wholeAtLeastOne(tp), heads = wholeAtLeastOne(m.heads);
    if (notMultiple(heads, t)) {
        c.problem = LayoutProblem::HeadsNotDivisible;
        c.product = t;
        c.gpus = heads;
    }
    return c;
}

LayoutCheck resolveLayout(ParallelLayout l, double gpus, double globalBatchSeqs, const ModelArch& m,
                          double nvlinkDomain)
{
    LayoutCheck c;
    auto degree = wholeAtLeastOne;
    l.tp = degree(l.tp);
    l.pp = degree(l.pp);
    l.vpp = degree(l.vpp);
    l.cp = degree(l.cp);
    l.ep = degree(l.ep);
    // Expert TP means nothing without experts: a dense model's stays TP.
    l.etp = l.etp > 0 && m.experts > 0 ? degree(l.etp) : l.tp;
    l.micro_batch = std::max(1.0, std::isfinite(l.micro_batch) ? l.micro_batch : 1.0);
    const double n = wholeAtLeastOne(gpus);
    const double model = l.tp * l.pp * l.cp;
    c.gpus = n;
    c.product = model;
    c.tp_over_domain = l.tp * l.cp > std::max(1.0, nvlinkDomain);
    if (notMultiple(n, model)) {
        c.problem = LayoutProblem::NotDivisible;
        l.dp = std::max(1.0, std::floor(n / model));
    } else {
        l.dp = n / model;
    }
    if (c.problem == LayoutProblem::None) {
        const LayoutCheck heads = headsOverTp(l.tp, m);
        if (heads.problem != LayoutProblem::None) {
            c.problem = heads.problem;
            c.product = heads.product;
            c.gpus = heads.gpus;
        }
    }
    if (c.problem == LayoutProblem::None && m.experts > 0) {
        const double stageGpus = l.tp * l.cp * l.dp;
        if (notMultiple(wholeAtLeastOne(m.experts), l.ep)) {
            c.problem = LayoutProblem::ExpertsNotDivisible;
            c.product = l.ep;
            c.gpus = wholeAtLeastOne(m.experts);
        } else if (notMultiple(stageGpus, l.ep * l.etp)) {
            c.problem = LayoutProblem::ExpertGroupNotDividing;
            c.product = l.ep * l.etp;
            c.gpus = stageGpus;
        }
    }
    const double perRank = globalBatchSeqs / l.dp;
    if (c.problem == LayoutProblem::None && perRank < l.micro_batch * (1 - 1e-9)) {
        c.problem = LayoutProblem::BatchTooSmall;
        c.product = l.micro_batch * l.dp;
        c.gpus = globalBatchSeqs;
    }
    l.micro_batches = std::max(1.0, ceilPos(perRank / l.micro_batch));
    c.layout = l;
    return c;
}

double nvlinkDomain(const Accelerator& a)
{
    return a.nvlink_domain > 0 ? a.nvlink_domain : std::max(1.0, a.gpus_per_node);
}

StepHardware stepHardware(const Accelerator& a)
{
    StepHardware hw;
    hw.peak_flops = std::max(1.0, a.bf16_tflops) * 1e12;
    hw.sms = a.sms > 0 ? a.sms : 132;
    hw.gemm_fraction = a.gemm_fraction > 0 ? a.gemm_fraction : 0.8;
    hw.flash_fraction = a.flash_fraction > 0 ? a.flash_fraction : 0.45;
    hw.hbm_bytes_s = std::max(1.0, a.mem_bw_gbps) * 1e9;
    // interconnect_gbps is the bidirectional NVLink rate per GPU (NVLink 3: 600 GB/s); the
    // A100 measurement reaches 214 GB/s of its 300 GB/s per direction.
    hw.nvlink_busbw = std::max(1.0, a.interconnect_gbps) / 2 * 1e9 * (kA100BusBw / 300e9);
    hw.nvlink_domain = nvlinkDomain(a);
    hw.scaleout_bytes_s = std::max(1.0, a.scaleout_gbps) * 1e9 / 8;
    hw.mma_scale = a.mma_flops_per_clock > 0 ? a.mma_flops_per_clock / kA100MmaFlopsPerClock : 1;
    return hw;
}

namespace {

/// One data-parallel group's collectives for one step: their times as single collectives
/// (as without overlap) and their buckets.
struct DpGroup {
    double rs = 0, ag = 0;   ///< reduce-scatter (all-reduce at ZeRO 0) and all-gather, s
    double extra_lat = 0;    ///< latency of the buckets after the first, s per collective
    double k = 1;            ///< buckets
    double bucket_share = 1; ///< a full bucket's share of the rank's parameters
    double last_share = 1;   ///< the final (remainder) bucket's share
};

/// Exposed time of one bucketed collective `raw` behind a compute window: buckets of share
/// b become ready every window·b and go out one after another (each taking its share of the
/// collective plus the bucket latencies spread evenly); the final bucket, share r, is ready when
/// the window ends. The bucket before it finishes at max((k−1)·w·b + c·b, w·b + (k−1)·c·b), and
/// the step waits until the final bucket's c·r after max(window, that). Never more than the
/// collective without overlap. k = 1: nothing hides.
double dpExposed(const DpGroup& g, double raw, double window)
{
    if (!(raw > 0))
        return 0;
    if (g.k <= 1)
        return raw;
    const double c = raw + g.extra_lat;
    const double gap = window * g.bucket_share, cb = c * g.bucket_share;
    const double previous = std::max((g.k - 1) * gap + cb, gap + (g.k - 1) * cb);
    return std::min(raw, std::max(window, previous) + c * g.last_share - window);
}

/// The data-parallel collectives of one step: the dense group over DP·CP ranks and, when EP or
/// ETP differ from TP, the routed experts' expert-data-parallel group TP·CP·DP / (EP·ETP).
struct DpCollectives {
    DpGroup groups[2];
    int n = 0;
    double expert_dp = 1; ///< ranks of the expert-data-parallel group
    /// Ranks one copy of the training state is sharded over: DP·CP and expert_dp, or the
    /// hybrid-sharding group when smaller (shardGroupRanks).
    double dense_shard = 1, expert_shard = 1;
    /// ZeRO stage 3 (kShardedDp): per layer and micro-batch, both groups summed, s.
    struct Sharded {
        double ag = 0;      ///< one gather of a layer's weights
        double rs = 0;      ///< one reduce-scatter of a layer's gradients
        double rs_tail = 0; ///< the last reduce-scatter of a backward pass (its bucket)
        double copy = 0;    ///< copy-out of one gather on the compute stream
    } sharded;
    bool is_sharded = false;
};

/// ZeRO stage 3 in a group of n ranks holding p parameters over `layers` layers: the
/// per-layer gather and reduce-scatter of kShardedDp's framework `f`. A layer's k collectives
/// share its bytes and each pays the ring latency (half an all-reduce's: one ring pass).
void addShardedGroup(DpCollectives::Sharded& s, const ShardedDpTraits& f, double n, double p,
                     double layers, double perNode, double gradBytes, const StepHardware& hw)
{
    if (n <= 1 || !(p > 0))
        return;
    const double lat = (kCollAlphaS + kCollAlphaPerHopS * (n - 1)) / 2;
    const double pl = p / layers;
    const double agK = f.gather_bucket_params > 0 ? ceilPos(pl / f.gather_bucket_params) : 1.0;
    s.ag += allReduceTime(n, pl * kBf16, perNode, hw) / 2 + (agK - 1) * lat;
    // Reduce buckets span layers: their latency spread over the layers they hold; the last
    // bucket (the remainder, or the whole stage when smaller) is what backward waits for.
    const double rsBucket = f.reduce_bucket_params > 0 ? std::min(p, f.reduce_bucket_params) : pl;
    const double rsK = f.reduce_bucket_params > 0 ? ceilPos(p / rsBucket) : layers;
    s.rs += allReduceTime(n, pl * gradBytes, perNode, hw) / 2 + (rsK / layers - 1) * lat;
    const double lastBucket = p - (rsK - 1) * rsBucket;
    s.rs_tail += allReduceTime(n, lastBucket * gradBytes, perNode, hw) / 2;
    if (f.copy_out)
        s.copy += 2 * pl * kBf16 / hw.hbm_bytes_s; // read and write the gathered layer
}

/// Ranks of a data-parallel group of `n` that shard one copy of the state: o.shard_group under
/// PyTorch FSDP's hybrid sharding at ZeRO-3 (FSDP1 ShardingStrategy.HYBRID_SHARD, FSDP2's 2-D
/// device mesh (replicate, shard); veRL fsdp_size), else all n.
double shardGroupRanks(const StepOptions& o, double n)
{
    if (o.zero_stage < 3 || !isPytorchFsdp(o.sharded_dp) || !(o.shard_group >= 1))
        return n;
    return std::min(n, std::round(o.shard_group));
}

DpCollectives dataParallelCollectives(const RankParams& rp, const ParallelLayout& l,
                                      const StepOptions& o, const StepHardware& hw,
                                      double layersPerStage)
{
    DpCollectives r;
    const double dpN = l.dp * l.cp;
    const double et = l.etp > 0 ? l.etp : l.tp;
    const double edpN = std::max(1.0, l.tp * dpN / (l.ep * et));
    r.expert_dp = edpN;
    const double gradBytesPerParam = o.fp32_grad_reduce ? 4 : 2;
    // Buckets: with overlap, Megatron-Core reduces gradients in buckets of
    // max(40e6, 1e6·DP) parameters (megatron/core/distributed/distributed_data_parallel.py:
    // "large enough to remain bandwidth-bound" at large DP; the size comes from the dense DP
    // group and is reused for the expert buffers), filled in backward order, each one collective
    // with its own latency; without overlap one bucket. The final bucket — the remainder, with
    // the first layers and the embedding — is ready only when backward ends, and its
    // parameters are the first the next forward needs (dpExposed below).
    const double bucket = std::max(kDpBucketParams, 1e6 * dpN);
    r.is_sharded = o.zero_stage >= 3;
    auto dpCollectives = [&](double n, double p, double perNode) {
        if (r.is_sharded) {
            const ShardedDpTraits& f = shardedDpTraits(o.sharded_dp);
            const double gradBytes = f.reduce_in_16_bits ? kBf16 : gradBytesPerParam;
            const double g = shardGroupRanks(o, n);
            addShardedGroup(r.sharded, f, g, p, layersPerStage, std::min(perNode, g), gradBytes,
                            hw);
            if (g < n && p > 0) {
                // Hybrid sharding: after a layer's reduce-scatter in its shard group, its
                // gradient shard is all-reduced over the n/g replicas, on the same stream and
                // on every backward (FSDP's post-backward hook; veRL calls no no_sync), so it
                // hides behind backward as the reduce-scatter does.
                const double ar = allReduceTime(n / g, p / layersPerStage / g * gradBytes,
                                                std::max(1.0, perNode / g), hw);
                r.sharded.rs += ar;
                r.sharded.rs_tail += ar;
            }
            return;
        }
        if (n <= 1 || !(p > 0))
            return;
        DpGroup& g = r.groups[r.n++];
        g.k = o.overlap_dp ? std::max(1.0, std::ceil(p / bucket)) : 1.0;
        g.bucket_share = g.k > 1 ? bucket / p : 1.0;
        g.last_share = 1 - (g.k - 1) * g.bucket_share;
        // Every bucket but the first pays the collective's latency again (per collective: half
        // an all-reduce's for a reduce-scatter or an all-gather).
        g.extra_lat =
            (g.k - 1) * (kCollAlphaS + kCollAlphaPerHopS * (n - 1)) / (o.zero_stage >= 1 ? 2 : 1);
        if (o.zero_stage >= 1) {
            g.rs = allReduceTime(n, p * gradBytesPerParam, perNode, hw) / 2;
            g.ag = allReduceTime(n, p * kBf16, perNode, hw) / 2;
        } else {
            g.rs = allReduceTime(n, p * gradBytesPerParam, perNode, hw);
        }
    };
    const double dpPerNode = std::max(1.0, std::min(dpN, hw.nvlink_domain / l.tp));
    r.dense_shard = shardGroupRanks(o, dpN);
    r.expert_shard = shardGroupRanks(o, edpN);
    if (edpN == dpN && l.ep * et == l.tp) { // EP 1, ETP = TP: one group, one set of buckets
        dpCollectives(dpN, rp.dense + rp.expert, dpPerNode);
    } else {
        dpCollectives(dpN, rp.dense, dpPerNode);
        dpCollectives(edpN, rp.expert,
                      std::max(1.0, std::min(edpN, hw.nvlink_domain / (l.ep * et))));
    }
    return r;
}

} // namespace

const ShardedDpTraits& shardedDpTraits(ShardedDp f)
{
    for (const ShardedDpTraits& t : kShardedDp)
        if (t.id == f)
            return t;
    return kShardedDp[0];
}

double allReduceTime(double n, double bytes, double perNode, const StepHardware& hw,
                     double latencyScale)
{
    if (n <= 1)
        return 0;
    const double k = std::clamp(perNode, 1.0, n);
    const double lat = (kCollAlphaS + kCollAlphaPerHopS * (n - 1)) * latencyScale;
    const double wire = bytes * 2 * (n - 1) / n;
    if (k >= n)
        return lat + wire / hw.nvlink_busbw;
    // Beyond the domain each of the domain/k concurrent groups gets k NICs' worth of the
    // node's scale-out bandwidth (ring: every node's NICs carry the full 2(n−1)/n·S).
    return lat + wire / std::min(hw.nvlink_busbw, k * hw.scaleout_bytes_s);
}

double inferenceAllReduceTime(double n, double bytes, double perNode, const StepHardware& hw)
{
    if (n <= 1 || !(bytes > 0))
        return 0;
    const double nccl = allReduceTime(n, bytes, perNode, hw);
    // vLLM's custom all-reduce (peer memory access) works inside one NVLink domain, on 2–8
    // GPUs and up to 8 MiB (vllm custom_all_reduce.py); the fit covers up to 1 MiB, and vLLM
    // picks the faster path (NCCL on PCIe cards), so never charge more than NCCL.
    if (std::clamp(perNode, 1.0, n) < n || n > 8 || bytes > kCustomArMaxBytes)
        return nccl;
    const double custom =
        kCustomArAlphaS +
        bytes * 2 * (n - 1) / n / std::max(1.0, kCustomArBusFraction * hw.nvlink_busbw);
    return std::min(custom, nccl);
}

double prefillAllReducePerToken(double layers, double hidden, double tp, double perNode,
                                double chunkTokens, const StepHardware& hw)
{
    const double chunk = std::max(1.0, chunkTokens);
    return 2 * std::max(0.0, layers) *
           inferenceAllReduceTime(tp, chunk * std::max(0.0, hidden) * kBf16, perNode, hw) / chunk;
}

namespace {
/// EP all-to-all time per layer and micro-batch left on the critical path. With
/// o.overlap_ep (Megatron-Core overlap_moe_expert_parallel_comm, "overlap EP A2A
/// communications with independent computations of different micro-batches in 1f1b phase")
/// every micro-batch but the first pairs its all-to-all with the previous one's forward and
/// backward `pairCompute`: what exceeds that compute stays exposed, and the hidden part slows
/// the paired compute by the kEpCommSms SMs its kernels keep. Megatron refuses the overlap
/// with full recompute, so it is not applied there.
double epExposed(double ep, double pairCompute, Recompute recompute, double microBatches,
                 const StepOptions& o, const StepHardware& hw)
{
    if (!o.overlap_ep || ep <= 0 || recompute == Recompute::Full || microBatches <= 1)
        return ep;
    const double hidden = std::min(ep, pairCompute);
    const double paired = ep - hidden + hidden * kEpCommSms / std::max(kEpCommSms + 1, hw.sms);
    return (ep + (microBatches - 1) * paired) / microBatches;
}
} // namespace

StepBreakdown stepTime(const ModelArch& m, double seq, const ParallelLayout& l,
                       const StepOptions& o, const StepHardware& hwIn, const ParamCounts* counts,
                       StepBreakdown* withoutRecompute)
{
    // FP8 raises the GEMM rate only (casts included in the speed-up); attention, element-wise
    // work and communication stay BF16.
    StepHardware hw = hwIn;
    if (o.precision == TrainPrecision::FP8)
        hw.gemm_fraction *= std::max(1.0, o.fp8_gemm_speedup);
    // Everything up to the data-parallel collectives' raw times is independent of recompute.
    const LayerTimes lt = layerTimes(m, seq, l, o, hw);
    const double computeF = lt.gemm_f + lt.attn_f + lt.mem_f + lt.ub_f;
    const double computeB = 2 * lt.gemm_f + lt.attn_b + 2 * lt.mem_f + lt.ub_b;
    auto exposed = [&](double comm, double hide) {
        return o.overlap_tp ? std::max(0.0, comm - hide) : comm;
    };
    const double cpLayer =
        std::max(0.0, lt.cp_f - lt.attn_f) + std::max(0.0, 2 * lt.cp_f - lt.attn_b);
    // EP all-to-all (dispatch and combine, forward and backward): on the critical path
    // between router and experts, unless it overlaps another micro-batch (epExposed below).
    const double epRaw = 2 * lt.ep_f;

    // LM head and loss on the last stage: forward + 2× backward GEMM, fp32 softmax/CE.
    const double T = l.micro_batch * seq / l.cp;
    const double V = std::max(1.0, m.vocab);
    const double head = 3 * gemmTileTime(T, V / l.tp, m.hidden, 1, hw, o.variable_tokens) +
                        T * V / l.tp * kLogitBytes / hw.hbm_bytes_s;

    // Uneven splits are allowed (Megatron --decoder-first/last-pipeline-num-layers); the
    // slowest stage holds ⌈L / (PP·v)⌉ layers per chunk.
    const double layersPerStage = ceilPos(std::max(1.0, m.layers) / (l.pp * l.vpp)) * l.vpp;
    // Point-to-point: activations forward and gradients backward at each stage boundary,
    // v times per micro-batch with interleaving; across nodes when a stage fills the domain.
    // Each TP rank sends only its 1/TP of the boundary tensor: with sequence parallelism the
    // tensor is already split (Megatron-Core schedules.py get_tensor_shapes); without it,
    // Megatron-LM's scatter/gather (Narayanan et al. 2021 §4.1, on by default since 2021,
    // --no-scatter-gather-tensors-in-pipeline; Megatron-DeepSpeed keeps it) sends the slices
    // and the receiving stage all-gathers them over NVLink inside its TP group.
    double p2p = 0;
    if (l.pp > 1) {
        const double full = T * m.hidden * kBf16;
        const bool crossNode = l.tp * l.cp * l.dp >= hw.nvlink_domain;
        const double bw = crossNode ? hw.scaleout_bytes_s : hw.nvlink_busbw;
        const double regather = o.sequence_parallel ? 0.0 : allReduceTime(l.tp, full, l.tp, hw) / 2;
        p2p = 2 * l.vpp * (kP2pFixedS + full / l.tp / bw + regather);
    }
    const double m_ = l.micro_batches;
    const double bubbleSlots = (l.pp - 1) / l.vpp;

    // Data parallel: gradients of this rank's parameters over DP·CP ranks; the routed experts'
    // over their expert-data-parallel group TP·CP·DP / (EP·ETP) (a second, separate group).
    const RankParams rp = paramsPerRank(counts ? *counts : paramCounts(m), l);
    const DpCollectives dpc = dataParallelCollectives(rp, l, o, hw, layersPerStage);
    // This rank's share of the training state after ZeRO (stage ≥ 1 shards the optimizer).
    const double params = rp.dense + rp.expert;
    const double shardedParams =
        o.zero_stage >= 1 ? rp.dense / dpc.dense_shard + rp.expert / dpc.expert_shard : params;

    // The rest depends on the recompute mode.
    auto assemble = [&](Recompute recompute) {
        StepBreakdown r;
        // One layer, one micro-batch: forward + backward (+ recompute), compute and exposed
        // comm.
        double computeR = 0, tpR = 0;
        if (recompute == Recompute::Full) {
            computeR = computeF;
            tpR = lt.tp_f;
        } else if (recompute == Recompute::Selective) {
            computeR = lt.attn_f; // attention core recomputed (Korthikanti et al. 2022)
            if (o.recompute_mla_up)
                computeR += lt.mla_up_f;
        }
        // A forward (and its recompute) also waits for the pipelined reduce-scatter's last
        // split when TP overlap is on (ub_tail, 0 otherwise).
        const double tpLayer = std::max(exposed(lt.tp_f, lt.gemm_f), lt.ub_tail) +
                               exposed(lt.tp_f, 2 * lt.gemm_f) +
                               (tpR > 0 ? std::max(exposed(tpR, lt.gemm_f), lt.ub_tail) : 0.0);
        const double compLayer = computeF + computeB + computeR;
        const double epLayer = epExposed(epRaw, computeF + computeB, recompute, m_, o, hw);
        const double gpuLayer = compLayer + tpLayer + cpLayer + epLayer;
        const double hostLayer = (o.host_layer_s > 0 ? o.host_layer_s : kHostLayerS) *
                                 (recompute == Recompute::Full ? 1.0 : 0.75);
        const double layer = std::max(gpuLayer, hostLayer);
        // ZeRO stage 3, per micro-batch: the first layer's gather of each pass waits, then
        // each layer's compute hides the next layer's gather (and, in backward, the previous
        // layer's reduce-scatter) on a side stream; what the layer's compute cannot hide, and
        // the pass's last reduce-scatter, stay on the critical path. Copies out of the
        // gather buffer run on the compute stream.
        double shardMb = 0;
        if (dpc.is_sharded) {
            const DpCollectives::Sharded& sd = dpc.sharded;
            const double layers = layersPerStage;
            shardMb = o.overlap_dp
                          ? sd.ag + (layers - 1) * std::max(0.0, sd.ag - computeF) + sd.ag +
                                (layers - 1) * std::max(0.0, sd.ag + sd.rs - computeB - computeR) +
                                sd.rs_tail
                          : layers * (2 * sd.ag + sd.rs);
            shardMb += 2 * layers * sd.copy;
        }
        const double stageMb = layersPerStage * layer + head + shardMb;
        const double perMb = stageMb + p2p;

        double dpRs = 0, dpAg = 0;
        const double bwdOneMb = layersPerStage * (computeB + computeR);
        const double fwdOneMb = layersPerStage * computeF;
        for (int i = 0; i < dpc.n; ++i) {
            const DpGroup& g = dpc.groups[i];
            // Reduce-scatters behind the last backward; all-gathers (ZeRO ≥ 1) behind the next
            // step's first forward, the final bucket first — the same queue reversed in time.
            dpRs += o.overlap_dp ? dpExposed(g, g.rs, bwdOneMb) : g.rs;
            dpAg += o.overlap_dp && o.zero_stage >= 1 ? dpExposed(g, g.ag, fwdOneMb) : g.ag;
        }

        if (o.offload == Offload::None) {
            r.optimizer_s = shardedParams * kOptimizerBytesPerParam / hw.hbm_bytes_s;
        } else {
            // ZeRO-Offload (Ren et al. 2021 §4): the Adam step runs on the node's CPUs over this
            // rank's partition, at the measured DeepSpeedCPUAdam rate shared by the node's GPUs;
            // the rate includes copying the updated 16-bit weights back, and the gradients reach
            // the host during backward (overlap_comm), so neither is charged again.
            r.optimizer_s = shardedParams / std::max(1.0, o.host_adam_params_s);
            if (o.offload == Offload::OptimizerParams) {
                // ZeRO-Infinity / FSDP offload_params: every micro-batch fetches this rank's
                // weight shard for forward and again for backward and returns its gradients,
                // prefetched layer by layer behind the micro-batch's compute.
                const double fetched = o.zero_stage >= 3 ? shardedParams : params;
                const double link = 3 * m_ * fetched * kBf16 / std::max(1.0, o.host_link_bytes_s);
                const double hidden = o.overlap_dp ? m_ * (fwdOneMb + bwdOneMb) : 0.0;
                r.optimizer_s += std::max(0.0, link - hidden);
            }
        }

        const double slots = m_ + bubbleSlots;
        const double layersMb = layersPerStage;
        r.compute_s = m_ * (layersMb * compLayer + head);
        r.host_s = m_ * layersMb * (layer - gpuLayer);
        r.tp_s = m_ * layersMb * tpLayer;
        r.cp_s = m_ * layersMb * cpLayer;
        r.ep_s = m_ * layersMb * epLayer;
        r.pp_bubble_s = bubbleSlots * stageMb + slots * p2p;
        r.dp_s = dpRs + dpAg + m_ * shardMb;
        r.total_s = slots * perMb + dpRs + dpAg + r.optimizer_s;
        return r;
    };
    const StepBreakdown r = assemble(o.recompute);
    if (withoutRecompute)
        *withoutRecompute = o.recompute == Recompute::None ? r : assemble(Recompute::None);
    return r;
}

double stragglerSlowdown(double n, double cv)
{
    if (!(n > 1) || !(cv > 0))
        return 0;
    const double sigma = formula::lognormalSigmaFromCv(cv);
    // Median 1: E[one] = e^{σ²/2}; expectedMaxLognormal never returns less than it.
    return formula::expectedMaxLognormal(1.0, sigma, n) / std::exp(0.5 * sigma * sigma) - 1;
}

} // namespace costlab
