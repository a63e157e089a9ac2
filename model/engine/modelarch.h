// Parameter counts and per-token FLOPs of a transformer shape, and presets of well-known
// open models with their sources. Conventions (estimator-pitfalls.md B8, B11, B12):
// - embedding lookup costs 0 FLOPs; the LM head costs 2·V·h forward whether or not tied;
// - an MLP has 3 matrices when gated (SwiGLU), 2 otherwise: forward 2·n_mat·h·f per token-layer;
// - GQA shrinks only the K/V projections; sliding-window layers attend to min(s, window).
#pragma once

#include "scenario.h"

#include <span>
#include <string_view>
#include <vector>

namespace costlab {

struct ParamCounts {
    double total = 0;                ///< all parameters incl. embeddings and every expert
    double active = 0;               ///< parameters touched per token (MoE: top-k + shared experts)
    double embedding = 0;            ///< input embedding (+ untied LM head)
    double non_embedding_active = 0; ///< active minus input embedding (what 6·P counts)
    double expert = 0;               ///< routed expert parameters (sharded by EP)
};

/// Keeps what a shape derives in step with it, so no view, file or report shows a stale
/// figure (issue 13): with from_shape, params_total and params_active become paramCounts()'
/// counts (params_active 0 for a dense model, the field's "same as total"); a preset id is
/// dropped as soon as any field differs from that preset's (the shape is then the user's).
/// Idempotent. evaluate() does not depend on it: it derives the counts itself. Called by the
/// registry's setValue() for model inputs, by the file reader and writer.
void syncDerived(ModelArch& m);

/// Effective head dimension: head_dim, or hidden / heads when head_dim is 0.
double headDim(const ModelArch&);

/// True when the shape uses multi-head latent attention (kv_lora_rank > 0).
bool isMla(const ModelArch&);
/// Query/key dimension per head: qk_nope + qk_rope under MLA, else headDim().
double qkHeadDim(const ModelArch&);
/// Value dimension per head: v_head_dim under MLA, else headDim().
double vHeadDim(const ModelArch&);
/// FFN size of the dense layers: dense_ffn for an MoE model that sets it, else ffn.
double denseFfn(const ModelArch&);

/// Parameter counts derived from the shape, or taken from params_total/params_active when
/// !from_shape (then embedding = V·h when the shape is known, else 0).
ParamCounts paramCounts(const ModelArch&);

/// Forward+backward model FLOPs per trained token at context s (PaLM App. B convention
/// generalised): 6·(active matmul params incl. LM head, excl. embedding lookup)
/// + 12·L·heads·head_dim·s_eff (attention scores/values, s_eff = min(s, window) on
/// sliding-window layers). Dense, no SWA, untied: equals 6·P_non_emb + 6·V·h + 12·L·d_attn·s.
double trainFlopsPerToken(const ModelArch&, double seq_len);

/// The same with the model's paramCounts() already computed (the engine has them per phase).
double trainFlopsPerToken(const ModelArch&, const ParamCounts& counts, double seq_len);

/// Attention-core forward FLOPs per token for one full-attention layer at context s:
/// 2·heads·(d_qk + d_v)·s (QKᵀ and AV, 2 FLOPs per multiply-add; no causal halving), which is
/// 4·heads·head_dim·s without MLA.
double attentionCoreFlopsPerTokenLayer(const ModelArch&, double context);

/// Forward MLP FLOPs per token per dense layer: 2 · n_matrices · h · f (f = denseFfn()).
double mlpFlopsPerTokenLayer(const ModelArch&);

/// KV-cache bytes per token: 2 · L · kv_heads · head_dim · bytes (GQA-aware, B15); under MLA
/// L · (kv_lora_rank + qk_rope_head_dim) · bytes (DeepSeek-V2 Table 1).
double kvBytesPerToken(const ModelArch&, double bytesPerElement);

/// Trainable LoRA parameters: rank × Σ(d_in + d_out) over adapted matrices × layers.
double loraParams(const ModelArch&, double rank, LoraTargets);

struct ModelPreset {
    std::string_view id;
    std::string_view name;
    ModelArch arch;
    std::string_view source;
};
/// Presets of well-known open models (Llama 2/3, Qwen2.5/3, Mixtral, DeepSeek-V3, GPT-OSS).
std::span<const ModelPreset> modelPresets();
const ModelPreset* findPreset(std::string_view id);

} // namespace costlab
