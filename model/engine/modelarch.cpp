#include "modelarch.h"

#include <tuple>

#include <algorithm>
#include <cmath>

namespace costlab {

double headDim(const ModelArch& m)
{
    return m.head_dim > 0 ? m.head_dim : (m.heads > 0 ? m.hidden / m.heads : 0);
}

namespace {
double mlpMatrices(const ModelArch& m)
{
    return m.gated_mlp ? 3.0 : 2.0;
}
double moeLayers(const ModelArch& m)
{
    return m.experts > 0 ? std::round(m.layers * std::clamp(m.moe_layer_fraction, 0.0, 1.0)) : 0.0;
}
/// Attention projection parameters of one layer (Q, K, V, O; without norms).
double attentionParams(const ModelArch& m)
{
    const double h = m.hidden;
    if (!isMla(m)) {
        const double hd = headDim(m);
        return 2 * h * m.heads * hd + 2 * h * m.kv_heads * hd; // Q, O and K, V
    }
    // MLA (DeepSeek-V2 §2.1, eq. 9–14): queries through an optional latent d_c', keys and
    // values up-projected from the cached latent d_c; the RoPE key d_h^R is shared by heads.
    const double qk = qkHeadDim(m), v = vHeadDim(m);
    const double nope = std::max(0.0, qk - m.qk_rope_head_dim);
    const double q = m.q_lora_rank > 0 ? h * m.q_lora_rank + m.q_lora_rank * m.heads * qk +
                                             m.q_lora_rank // latent norm
                                       : h * m.heads * qk;
    const double kv = h * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank +
                      m.kv_lora_rank * m.heads * (nope + v);
    const double o = m.heads * v * h;
    return q + kv + o;
}
} // namespace

bool isMla(const ModelArch& m)
{
    return m.kv_lora_rank > 0;
}

double denseFfn(const ModelArch& m)
{
    return m.experts > 0 && m.dense_ffn > 0 ? m.dense_ffn : m.ffn;
}

ParamCounts paramCounts(const ModelArch& m)
{
    ParamCounts c;
    const double h = m.hidden;
    const double inputEmbedding = m.vocab * h;
    if (!m.from_shape) {
        c.total = m.params_total;
        c.active = m.params_active > 0 ? m.params_active : m.params_total;
        c.embedding = inputEmbedding + (m.tied_embeddings ? 0 : inputEmbedding);
        // The LM head is a matmul per token: only the input lookup is FLOP-free (B12).
        c.non_embedding_active = std::max(0.0, c.active - inputEmbedding);
        if (m.experts > 0 && m.params_active > 0)
            c.expert = std::max(0.0, c.total - c.active);
        return c;
    }
    const double attn = attentionParams(m);
    const double norms = 2 * h;
    const double mlpOne = mlpMatrices(m) * h * m.ffn; // one expert (or one dense MLP)
    const double mlpDense = mlpMatrices(m) * h * denseFfn(m);
    const double nMoe = moeLayers(m);
    const double nDense = m.layers - nMoe;
    const double router = h * m.experts;
    const double routed = m.experts * mlpOne, shared = m.shared_experts * mlpOne;
    const double activeExperts = (m.top_k + m.shared_experts) * mlpOne;
    const double lmHead = m.tied_embeddings ? 0 : inputEmbedding;
    const double body = m.layers * (attn + norms) + nDense * mlpDense + h; // + final norm
    c.total = body + nMoe * (routed + shared + router) + inputEmbedding + lmHead;
    c.active = body + nMoe * (activeExperts + router) + inputEmbedding + lmHead;
    c.embedding = inputEmbedding + lmHead;
    c.non_embedding_active = c.active - inputEmbedding + (m.tied_embeddings ? inputEmbedding : 0);
    c.expert = nMoe * routed;
    return c;
}

namespace {

/// Every field but the preset id, for "is this still the preset's shape?".
auto shapeFields(const ModelArch& m)
{
    return std::tie(m.from_shape, m.params_total, m.params_active, m.layers, m.hidden, m.heads,
                    m.kv_heads, m.head_dim, m.ffn, m.gated_mlp, m.vocab, m.tied_embeddings,
                    m.sliding_window, m.swa_layer_fraction, m.experts, m.top_k, m.shared_experts,
                    m.moe_layer_fraction, m.dense_ffn, m.kv_lora_rank, m.q_lora_rank,
                    m.qk_rope_head_dim, m.qk_nope_head_dim, m.v_head_dim);
}

void syncCounts(ModelArch& m)
{
    if (!m.from_shape)
        return;
    const ParamCounts c = paramCounts(m);
    m.params_total = c.total;
    m.params_active = c.active < c.total ? c.active : 0;
}

} // namespace

void syncDerived(ModelArch& m)
{
    syncCounts(m);
    if (m.preset.empty())
        return;
    const ModelPreset* p = findPreset(m.preset);
    if (!p) {
        m.preset.clear();
        return;
    }
    ModelArch ref = p->arch;
    syncCounts(ref);
    if (shapeFields(ref) != shapeFields(m))
        m.preset.clear();
}

double attentionCoreFlopsPerTokenLayer(const ModelArch& m, double context)
{
    // QKᵀ over the query/key dimension and AV over the value dimension, 2 FLOPs each.
    return 2.0 * m.heads * (qkHeadDim(m) + vHeadDim(m)) * context;
}

// An MLA shape that leaves a per-head dimension at 0 takes the plain head dimension for it.
double qkHeadDim(const ModelArch& m)
{
    const double d = m.qk_nope_head_dim + m.qk_rope_head_dim;
    return isMla(m) && d > 0 ? d : headDim(m);
}

double vHeadDim(const ModelArch& m)
{
    return isMla(m) && m.v_head_dim > 0 ? m.v_head_dim : headDim(m);
}

double mlpFlopsPerTokenLayer(const ModelArch& m)
{
    return 2.0 * mlpMatrices(m) * m.hidden * denseFfn(m);
}

double trainFlopsPerToken(const ModelArch& m, double s)
{
    return trainFlopsPerToken(m, paramCounts(m), s);
}

double trainFlopsPerToken(const ModelArch& m, const ParamCounts& c, double s)
{
    const double swaLayers = m.sliding_window > 0
                                 ? std::round(m.layers * std::clamp(m.swa_layer_fraction, 0.0, 1.0))
                                 : 0.0;
    const double fullLayers = m.layers - swaLayers;
    const double sSwa = std::min(s, m.sliding_window);
    // Forward attention core 4·d_attn·s per layer; ×3 for forward + backward = 12·d_attn·s.
    const double attn = 3.0 * (fullLayers * attentionCoreFlopsPerTokenLayer(m, s) +
                               swaLayers * attentionCoreFlopsPerTokenLayer(m, sSwa));
    return 6.0 * c.non_embedding_active + attn;
}

double kvBytesPerToken(const ModelArch& m, double bytes)
{
    // MLA caches the latent and the shared RoPE key, (d_c + d_h^R) per layer (DeepSeek-V2
    // Table 1), not K and V per KV head.
    if (isMla(m))
        return m.layers * (m.kv_lora_rank + m.qk_rope_head_dim) * bytes;
    return 2.0 * m.layers * m.kv_heads * headDim(m) * bytes;
}

double loraParams(const ModelArch& m, double rank, LoraTargets targets)
{
    const double h = m.hidden, hd = headDim(m);
    const double dAttn = m.heads * hd, dKv = m.kv_heads * hd;
    // A (d_in × r) and B (r × d_out) per adapted matrix.
    double perLayer = (h + dAttn) + 2 * (h + dKv) + (dAttn + h);
    if (targets == LoraTargets::AllLinear) {
        // Every expert gets its own adapter, not only the active ones.
        const double experts = m.experts > 0 ? (m.experts + m.shared_experts) : 1.0;
        perLayer += mlpMatrices(m) * (h + m.ffn) * std::max(1.0, experts);
    }
    return rank * perLayer * m.layers;
}

namespace {
ModelArch dense(double L, double h, double a, double kv, double ffn, double vocab,
                bool tied = false, double headDimension = 0)
{
    ModelArch m;
    m.layers = L;
    m.hidden = h;
    m.heads = a;
    m.kv_heads = kv;
    m.ffn = ffn;
    m.vocab = vocab;
    m.tied_embeddings = tied;
    m.head_dim = headDimension;
    m.gated_mlp = true;
    return m;
}
ModelArch withMoe(ModelArch m, double experts, double topK, double shared, double fraction = 1)
{
    m.experts = experts;
    m.top_k = topK;
    m.shared_experts = shared;
    m.moe_layer_fraction = fraction;
    return m;
}
ModelArch withSwa(ModelArch m, double window, double fraction)
{
    m.sliding_window = window;
    m.swa_layer_fraction = fraction;
    return m;
}
ModelArch withMla(ModelArch m, double kvLatent, double qLatent, double rope, double nope, double v,
                  double denseFfn)
{
    m.kv_lora_rank = kvLatent;
    m.q_lora_rank = qLatent;
    m.qk_rope_head_dim = rope;
    m.qk_nope_head_dim = nope;
    m.v_head_dim = v;
    m.dense_ffn = denseFfn;
    return m;
}
ModelArch named(ModelArch m, std::string_view id)
{
    m.preset = std::string(id);
    return m;
}

std::vector<ModelPreset> buildPresets()
{
    std::vector<ModelPreset> p;
    auto add = [&](std::string_view id, std::string_view name, ModelArch a, std::string_view src) {
        p.push_back({id, name, named(std::move(a), id), src});
    };
    add("llama-2-7b", "Llama 2 7B", dense(32, 4096, 32, 32, 11008, 32000),
        "Touvron et al. 2023 (Llama 2), Table 1; HF config meta-llama/Llama-2-7b-hf");
    add("llama-2-13b", "Llama 2 13B", dense(40, 5120, 40, 40, 13824, 32000),
        "Llama 2 paper; HF config");
    add("llama-2-70b", "Llama 2 70B", dense(80, 8192, 64, 8, 28672, 32000),
        "Llama 2 paper (GQA 8); HF config");
    add("llama-3-8b", "Llama 3 8B", dense(32, 4096, 32, 8, 14336, 128256),
        "Llama 3 paper (2407.21783) Table 3");
    add("llama-3-70b", "Llama 3 70B", dense(80, 8192, 64, 8, 28672, 128256),
        "Llama 3 paper Table 3");
    add("llama-3.1-405b", "Llama 3.1 405B", dense(126, 16384, 128, 8, 53248, 128256),
        "Llama 3 paper Table 3");
    add("qwen2.5-7b", "Qwen2.5 7B", dense(28, 3584, 28, 4, 18944, 152064),
        "Qwen2.5 technical report Table 1; HF config Qwen/Qwen2.5-7B");
    add("qwen2.5-32b", "Qwen2.5 32B", dense(64, 5120, 40, 8, 27648, 152064),
        "Qwen2.5 technical report Table 1; HF config");
    add("qwen2.5-72b", "Qwen2.5 72B", dense(80, 8192, 64, 8, 29568, 152064),
        "Qwen2.5 technical report Table 1; HF config");
    add("qwen3-8b", "Qwen3 8B", dense(36, 4096, 32, 8, 12288, 151936, false, 128),
        "Qwen3 technical report Table 1; HF config Qwen/Qwen3-8B");
    add("qwen3-32b", "Qwen3 32B", dense(64, 5120, 64, 8, 25600, 151936, false, 128),
        "Qwen3 technical report Table 1; HF config");
    add("qwen3-30b-a3b", "Qwen3 30B-A3B",
        withMoe(dense(48, 2048, 32, 4, 768, 151936, false, 128), 128, 8, 0),
        "Qwen3 technical report Table 2; HF config Qwen/Qwen3-30B-A3B (moe_intermediate_size 768)");
    add("qwen3-235b-a22b", "Qwen3 235B-A22B",
        withMoe(dense(94, 4096, 64, 4, 1536, 151936, false, 128), 128, 8, 0),
        "Qwen3 technical report Table 2; HF config");
    add("mixtral-8x7b", "Mixtral 8x7B", withMoe(dense(32, 4096, 32, 8, 14336, 32000), 8, 2, 0),
        "Jiang et al. 2024 (Mixtral of Experts) Table 1: 46.7B total, 12.9B active");
    // MLA (kv_lora_rank 512, q_lora_rank 1536, RoPE 64, nope 128, v 128) and 18,432-wide dense
    // FFNs in the first 3 layers, as the published config.json; the count comes from the
    // shape (671B without the 14B multi-token-prediction module).
    add("deepseek-v3", "DeepSeek-V3 (671B, 37B active)",
        withMla(
            withMoe(dense(61, 7168, 128, 128, 2048, 129280, false, 128), 256, 8, 1, 58.0 / 61.0),
            512, 1536, 64, 128, 128, 18432),
        "DeepSeek-V3 technical report (2412.19437) §4.2: 61 layers, h 7168, 128 heads, 256 experts "
        "top-8 + 1 shared, 671B/37B");
    add("gpt-oss-120b", "GPT-OSS 120B",
        withSwa(withMoe(dense(36, 2880, 64, 8, 2880, 201088, false, 64), 128, 4, 0), 128, 0.5),
        "OpenAI gpt-oss model card (2025): 36 layers, 128 experts top-4, alternating 128-token "
        "sliding window; 116.8B/5.1B");
    add("gpt-oss-20b", "GPT-OSS 20B",
        withSwa(withMoe(dense(24, 2880, 64, 8, 2880, 201088, false, 64), 32, 4, 0), 128, 0.5),
        "OpenAI gpt-oss model card (2025): 24 layers, 32 experts top-4; 20.9B/3.6B");
    return p;
}
} // namespace

std::span<const ModelPreset> modelPresets()
{
    static const std::vector<ModelPreset> presets = buildPresets();
    return presets;
}

const ModelPreset* findPreset(std::string_view id)
{
    for (const auto& p : modelPresets())
        if (p.id == id)
            return &p;
    return nullptr;
}

} // namespace costlab
