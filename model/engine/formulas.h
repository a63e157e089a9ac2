// Formula pieces of the engine, each a free function over plain numbers so it can be tested
// against a hand calculation. evaluate() in engine.cpp composes them. Units in each comment.
#pragma once

#include "scenario.h"

namespace costlab::formula {

inline constexpr double kGiB = 1073741824.0;    ///< 2^30 bytes (GPU memory)
inline constexpr double kGB = 1e9;              ///< billed storage / traffic
inline constexpr double kHoursPerMonth = 730.0; ///< 8760 / 12, cloud billing convention
inline constexpr double kDaysPerMonth = 30.4167;

/// Standard normal CDF Φ(x).
double normalCdf(double x);
/// Inverse standard normal CDF Φ⁻¹(p), p in (0, 1) (Acklam's rational approximation,
/// relative error < 1.2e-9).
double normalQuantile(double p);

/// OOM probability: P(real peak > usable) when the estimate has relative error σ
/// (cost-model.md §3): Φ((M_est − M_usable) / (σ·M_est)). Bytes in, probability out.
double oomProbability(double estimateBytes, double usableBytes, double sigmaRel);

/// Bytes per parameter of training state (weights, gradients, optimizer), bytes.
/// The optimizer's moments: AdamW 8 (two FP32), 8-bit AdamW 2, SGD with momentum 4
/// (risk-foundations.md §1.2). The precision recipe places the rest:
///   ZeroPaper     2 + 2 + (4 master + moments): AdamW 16 (ZeRO paper, Rajbhandari 2020 §3.1);
///   MegatronBf16  2 + 4 + (4 master + moments): AdamW 18, "bf16 param, fp32 grads";
///   Fp16Fp32Copy  2 + 2 + (4 master + 4 FP32 gradient + moments): AdamW 20, "fp16 param,
///                 fp16 grads" (Megatron-Core distributed-optimizer table; DeepSpeed's ZeRO-2
///                 estimator 2 + 18/d since PR #5099 is this with the FP16 gradient sharded);
///   Fp32          4 + 4 + moments (the FP32 weights are the master): AdamW 16, "fp32 param,
///                 fp32 grads"; MaxText's 12 B/param of weights and moments (maxtext #606);
///   Fp16NoMaster  2 + 2 + moments: AdamW 12, OPT-175B's "Adam state in FP32, weights in FP16"
///                 (reference-data.md §2, OPT checkpoint 9.1–9.6 B/param).
/// ZeRO shards the optimizer column from stage 1, gradients from 2, weights from 3, so
/// Megatron's distributed optimizer (stage 1) holds 6 + 12/d and 4 + 16/d as its table says.
struct StateBytes {
    double weights, gradients, optimizer;
};
StateBytes stateBytesPerParam(Optimizer, StatePrecision = StatePrecision::ZeroPaper);

/// Bytes per parameter of a restartable checkpoint: 16-bit weights 2 + FP32 master 4 +
/// optimizer moments (Adam 8, 8-bit Adam 2, SGD 4) — cost-model.md §6: P·(2+4+8) = 14 B with
/// AdamW. The FP32 recipe's weights are the master (4 + moments = 12, risk-foundations.md
/// §5.4); without a master (Fp16NoMaster) 2 + moments = 10 (OPT-175B: 1.6 TB for 175 B).
double checkpointBytesPerParam(Optimizer, StatePrecision = StatePrecision::ZeroPaper);

/// Activation bytes per transformer layer and micro-batch, 16-bit (Korthikanti et al. 2022,
/// eq. 1–4): s·b·h·(34 + 5·a·s/h)/t with sequence parallel; the 5as/h term dropped by
/// selective recompute or FlashAttention; full recompute keeps 2·s·b·h/t.
double activationBytesPerLayer(double s, double b, double h, double a, double tp, Recompute,
                               bool flashAttention);

/// What a layer keeps for its backward pass beyond the recompute mode: Megatron-Core's
/// output-discarding recompute modules and Transformer Engine's FP8 caching.
struct ActivationKeep {
    Recompute recompute = Recompute::Selective;
    bool flash = true;
    /// FP8 training through Transformer Engine: a Linear keeps its input for the weight
    /// gradient as FP8, 1 B per element (te/module/linear.py, layernorm_linear.py,
    /// grouped_linear.py: the BF16 input is freed unless another op holds it).
    bool fp8 = false;
    /// --activation-func-fp8-input-store: the SwiGLU input (fc1 output) kept in FP8
    /// (fused_bias_swiglu.py; DeepSeek-V3 §3.3.3 caches it so).
    bool fp8_act_input = false;
    bool recompute_norms = false;   ///< recompute_modules "layernorm" (non-fused norms)
    bool recompute_moe_act = false; ///< recompute_modules "moe_act" (routed experts' SwiGLU)
    bool recompute_mla_up = false;  ///< recompute_modules "mla_up_proj" (MLA up-projections)
};

/// Activation bytes of one transformer layer and micro-batch, sequence parallel over TP
/// (16-bit unless FP8 caching applies). The base is Korthikanti et al. 2022's 34·s·b·h/t
/// (activationBytesPerLayer()); an MLA layer counts its own attention tensors and an MoE
/// layer its expert copies instead of the dense ones, as Megatron-Core saves them:
///   MLA (multi_latent_attention.py): the input norm's output (read by both down-projections,
///   2h), the kv latent with its shared RoPE key 2(d_c + d_r), the q latent 2·d_q and its
///   normed copy, the normed kv latent, q and k at n·(d_nope + d_r) and v at n·d_v held by core
///   attention, and its output 2·n·d_v; "mla_up_proj" keeps only the latents and the output.
///   MoE (experts.py TEGroupedMLP, fused weighted SwiGLU): the pre-MLP norm's output once (the
///   router and shared experts read it), per routed copy the fc1 input (h, gathered over the
///   ETP ranks), fc1 output (2f gated) and SwiGLU output (f, fc2's input; the router
///   probability is applied inside the activation, so fc2's output is not kept), per shared
///   expert the same f-wide pair, FP32 router scores 4·E; "moe_act" drops the routed SwiGLU
///   output, "layernorm" the norm outputs of MLA and MoE layers (norms fused into TE's
///   LayerNormLinear are not separate modules). Capacity factor c > 0 makes c·top-k copies
///   (Switch Transformer §2.2); c = 0 is dropless.
///   FP8 keeps each Linear input at 1 B: the QKV and fc1 normed inputs and fc2's input of a
///   dense layer (−1, −1, −4 of the 34), the routed copies' fc1 and fc2 inputs; with
///   fp8_act_input the activation's input too (−4 of a dense layer's 8, half of 2f per copy).
/// Full recompute keeps only the layer input, 2·s·b·h/t.
double layerActivationBytes(const ModelArch&, double s, double b, double tp, double etp,
                            bool moeLayer, const ActivationKeep&);

/// Expected maximum of n i.i.d. log-normal draws with the given median and σ (of the log).
/// Blom's approximation of the expected normal maximum z_n = Φ⁻¹((n−0.375)/(n+0.25)),
/// E[max] ≈ median·e^{σ z_n}, never below the mean median·e^{σ²/2} (n = 1). Grows like
/// σ·√(2 ln n) (risk-foundations.md §6, Dean & Barroso 2013).
double expectedMaxLognormal(double median, double sigma, double n);

/// Log-normal σ for a coefficient of variation c: √(ln(1 + c²)).
double lognormalSigmaFromCv(double cv);

/// Daly (2006) expected wall time to complete W hours of work with checkpoint interval τ,
/// checkpoint stall δ, restart R and job MTBF M (all hours):
/// T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ. Without failures (M = ∞): W + (W/τ)·δ.
double dalyWallTime(double work, double tau, double delta, double restart, double mtbf);

/// Young (1974) optimum √(2δM), hours.
double youngInterval(double delta, double mtbf);
/// Daly (2006) higher-order optimum: √(2δM)·[1 + ⅓√(δ/2M) + (1/9)(δ/2M)] − δ for δ < 2M,
/// else M. Hours.
double dalyInterval(double delta, double mtbf);

/// Probability that one failure loses more than `threshold` hours of work, when lost work
/// is U(0, τ) + R and, with probability c, the newest checkpoint is unusable (+τ).
double probLossOver(double threshold, double tau, double restart, double corruption);

/// Mean time of an event before the horizon T, given that it happens before T, for a
/// constant hazard that makes it happen before T with probability p (0 ≤ p < 1):
/// x = −ln(1 − p), E[t | t < T] = T·(1/x − (1 − p)/p); T/2 as p → 0. Used for the work an
/// unrecoverable divergence loses (risk-foundations.md §4.3). Same unit as T.
double meanOnsetBefore(double p, double horizon);

/// Chance that a reference-length RL run collapses beyond rollback from the train–inference
/// mismatch η = generated tokens per episode × sampler–trainer token KL (risk-foundations.md
/// §3.3, logistic in ln η): p = 1 / (1 + (η50/η)^slope). 0 for η ≤ 0.
double mismatchFailProbability(double eta, double eta50, double slope);

/// Decode step time (s) of one inference engine at batch n (roofline, cost-model.md §4):
/// max((weightBytesRead + n·kvBytesPerSeq) / bandwidth, flopsPerToken·n / flops).
double decodeStepSeconds(double weightBytesRead, double n, double kvBytesPerSeq,
                         double bandwidthBytesPerS, double flopsPerToken, double flopsPerS);

/// Fraction of routed experts touched by a decode batch of n tokens with top-k of E:
/// 1 − (1 − k/E)^n (uniform routing).
double expertsTouched(double n, double topK, double experts);

} // namespace costlab::formula
