// Megatron-LM / NeMo launch arguments → a pre-training phase's layout, batch and (when the
// script gives it) model shape. Flag names and their defaults are Megatron-LM's
// (megatron/training/arguments.py): a layout flag the script leaves out takes Megatron's
// default (TP = PP = CP = EP = 1, no distributed optimizer, no overlap, no sequence
// parallelism, no recompute), because that is what the launch would run.
#include "importkit.h"

#include "jsondoc.h"
#include "registry.h"
#include "shellwords.h"
#include "trnoop.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace costlab {

namespace {

using Kind = ImportNote::Kind;

class MegatronReader : public LaunchFlagReader {
public:
    MegatronReader(std::string_view text, ConfigImport& out)
        : LaunchFlagReader(text, out, kPretrainBit)
    {
    }

    void run()
    {
        if (!readFlags())
            return;
        if (!m_flags.count("tensor-model-parallel-size") && !m_flags.count("num-layers") &&
            !m_flags.count("micro-batch-size")) {
            error({}, message(Msg::NoMegatronArguments,
                              {textArg("--num-layers, --tensor-model-parallel-size, "
                                       "--micro-batch-size, …")}));
            out().failure = ImportFailure::NotRecognised;
            return;
        }
        gpuCount();
        layout();
        batch();
        shape();
        finish(m_order);
    }

private:
    std::string shown(const std::string& flag) const override { return "--" + flag; }
    std::string lineOf(const std::string& flag) const override
    {
        // The flag as a whole word: "--num-layers" must not match "--num-layers-per-…".
        return lineOfFlag(text(), "--" + flag, "-_");
    }

    void gpuCount();
    void layout();
    void zeroStage();
    void recomputeModules();
    void moeLayers();
    void batch();
    void shape();
};

const char* kDefault = QT_TRANSLATE_NOOP("costlab::Import", "Megatron's default when absent");

// The phase's GPU count from the launcher (torchrun / torch.distributed.run): --nnodes ×
// --nproc_per_node, either spelling (torchrun accepts --nproc-per-node too). Issue 44: the
// public Llama-3-8B script gives 1 × 8, and the import kept the plan's 1,024 GPUs, which its
// DP layout then refused. torchrun's defaults: one node, one process per node.
void MegatronReader::gpuCount()
{
    const char* nprocFlag = has("nproc_per_node")   ? "nproc_per_node"
                            : has("nproc-per-node") ? "nproc-per-node"
                                                    : nullptr;
    const char* nnodesFlag = has("nnodes") ? "nnodes" : nullptr;
    if (!nprocFlag && !nnodesFlag)
        return; // no launcher in the text: the plan keeps its GPU count
    double nodes = 1, perNode = 1;
    if (nnodesFlag) {
        const LaunchFlag& f = m_flags.at(nnodesFlag);
        const std::string& v = f.value;
        // Elastic "MIN:MAX": the job may run on any count between; the upper end is costed.
        const auto colon = v.find(':');
        if (!f.unresolved && colon != std::string::npos) {
            char* end = nullptr;
            const double hi = std::strtod(v.c_str() + colon + 1, &end);
            if (*end != '\0' || !(hi >= 1) || hi > 1e6) {
                error(nnodesFlag, message(Msg::ExpectedNodeCountFound,
                                          {textArg("\"" + jsondoc::excerpt(v) + "\"")}));
                return;
            }
            nodes = hi;
            note(nnodesFlag, Kind::Approximated,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "an elastic node range: its largest count is costed"));
        } else if (const auto n = number(nnodesFlag)) {
            nodes = *n;
        } else {
            return; // unresolved (noted) or not a number (an error)
        }
    }
    if (nprocFlag) {
        const LaunchFlag& f = m_flags.at(nprocFlag);
        if (!f.unresolved && (f.value == "gpu" || f.value == "auto" || f.value == "cuda")) {
            note(nprocFlag, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "one process per GPU of the node: the count is not in the "
                                   "script, so the plan's GPU count is kept"));
            return;
        }
        const auto n = number(nprocFlag);
        if (!n)
            return;
        perNode = *n;
    }
    if (nodes != std::floor(nodes) || perNode != std::floor(perNode) || nodes < 1 || perNode < 1) {
        error(nprocFlag ? nprocFlag : nnodesFlag, message(Msg::ExpectedWholeNodesGpus));
        return;
    }
    const char* why = QT_TRANSLATE_NOOP("costlab::Import", "nodes × processes (GPUs) per node");
    setNumber(nprocFlag ? nprocFlag : nnodesFlag, "gpus", nodes * perNode, Kind::Derived, why);
    if (nprocFlag && nnodesFlag && !handled(nnodesFlag))
        note(nnodesFlag, Kind::Derived, why, "gpus", jsondoc::formatNumber(nodes * perNode));
}

void MegatronReader::layout()
{
    const std::pair<const char*, const char*> sizes[] = {
        {"tensor-model-parallel-size", "tp"},
        {"pipeline-model-parallel-size", "pp"},
        {"context-parallel-size", "cp"},
        {"expert-model-parallel-size", "ep"},
    };
    for (const auto& [flag, param] : sizes) {
        if (const auto v = number(flag))
            setNumber(flag, param, *v);
        else if (!has(flag))
            setNumber({}, param, 1);
    }
    // Absent, Megatron-Core splits the experts like the dense layers (ETP = TP): Costlab's 0.
    if (const auto v = number("expert-tensor-parallel-size"))
        setNumber("expert-tensor-parallel-size", "etp", *v);
    else if (!has("expert-tensor-parallel-size"))
        setNumber({}, "etp", 0);
    const double pp = number("pipeline-model-parallel-size").value_or(1);
    const auto layers = number("num-layers");
    if (const auto per = number("num-layers-per-virtual-pipeline-stage"); per && layers && *per > 0)
        setNumber("num-layers-per-virtual-pipeline-stage", "vpp",
                  std::max(1.0, std::round(*layers / (pp * *per))), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "layers ÷ (PP × layers per virtual stage)"));
    else if (const auto v = number("num-virtual-stages-per-pipeline-rank"))
        setNumber("num-virtual-stages-per-pipeline-rank", "vpp", *v);
    else if (const auto v = number("virtual-pipeline-model-parallel-size"))
        setNumber("virtual-pipeline-model-parallel-size", "vpp", *v);
    else
        setNumber({}, "vpp", 1);
    if (const auto v = number("microbatch-group-size-per-virtual-pipeline-stage"))
        setNumber("microbatch-group-size-per-virtual-pipeline-stage", "pp_group", *v);
    else
        setNumber({}, "pp_group", 0);
    auto sw = [&](const char* flag, const char* param, const char* on, const char* off) {
        set(has(flag) ? flag : "", param, has(flag) ? on : off, Kind::Read,
            has(flag) ? nullptr : kDefault);
    };
    // Megatron switches sequence parallelism off when TP is 1 (arguments.py), so does the import.
    if (has("sequence-parallel") && number("tensor-model-parallel-size").value_or(1) <= 1)
        set("sequence-parallel", "sequence_parallel", "false", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "Megatron turns it off at TP 1"));
    else
        sw("sequence-parallel", "sequence_parallel", "true", "false");
    sw("overlap-grad-reduce", "overlap_dp", "true", "false");
    if (has("overlap-param-gather"))
        note("overlap-param-gather", Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import",
                               "part of the data-parallel overlap (--overlap-grad-reduce)"));
    sw("tp-comm-overlap", "overlap_tp", "true", "false");
    sw("overlap-moe-expert-parallel-comm", "overlap_ep", "true", "false");
    zeroStage();
    if (has("recompute-granularity")) {
        const std::string g = m_flags["recompute-granularity"].value;
        set("recompute-granularity", "recompute", g == "full" ? "full" : "selective");
    } else if (has("recompute-activations")) {
        set("recompute-activations", "recompute", "selective");
    } else {
        set({}, "recompute", "none");
    }
    // Uniform recompute of one layer per chunk is every layer, as Costlab's full recompute.
    const bool everyLayer = has("recompute-method") &&
                            m_flags.at("recompute-method").value == "uniform" &&
                            number("recompute-num-layers").value_or(1) == 1;
    for (const char* f : {"recompute-method", "recompute-num-layers"})
        if (has(f))
            note(f, everyLayer ? Kind::Read : Kind::Approximated,
                 everyLayer ? nullptr
                            : QT_TRANSLATE_NOOP("costlab::Import",
                                                "full recompute of every layer is assumed"));
    recomputeModules();
    // Training-state precision: with --bf16 Megatron accumulates and all-reduces gradients in
    // FP32 unless --grad-reduce-in-bf16 (megatron/training/arguments.py: "bfloat16 requires
    // gradient accumulation and all-reduce to be done in fp32"); FP16 keeps an FP32 gradient
    // copy in the optimizer (Megatron-Core distributed-optimizer table: 20 B/param).
    if (has("bf16") && has("grad-reduce-in-bf16"))
        set("grad-reduce-in-bf16", "state_precision", "zero-paper");
    else if (has("bf16"))
        set({}, "state_precision", "megatron-bf16");
    else if (has("fp16"))
        set({}, "state_precision", "fp16-fp32-copy");
    if (has("fp8-format"))
        set("fp8-format", "precision", "fp8");
    else if (has("bf16"))
        set("bf16", "precision", "bf16");
    else if (has("fp16"))
        set("fp16", "precision", "bf16", Kind::Approximated,
            QT_TRANSLATE_NOOP("costlab::Import", "FP16 is costed as BF16"));
    if (has("attention-backend")) {
        // Megatron Core: flash, fused (cuDNN fused attention), unfused, local, auto; only
        // unfused and local materialise the attention scores.
        const std::string& b = m_flags["attention-backend"].value;
        set("attention-backend", "flash_attention",
            b == "unfused" || b == "local" ? "false" : "true");
    } else if (has("use-flash-attn")) {
        set("use-flash-attn", "flash_attention", "true");
    }
}

// ZeRO stage: Megatron's distributed optimizer shards the optimizer state (stage 1);
// Megatron-FSDP (--use-megatron-fsdp, earlier --use-custom-fsdp) shards by its
// --data-parallel-sharding-strategy: optim (1), optim_grads (2), optim_grads_params (3).
/// --recompute-modules (a list; core_attn is the default) and the FP8 activation-input store.
void MegatronReader::recomputeModules()
{
    const char* flag = "recompute-modules";
    std::vector<std::string> mods;
    if (has(flag)) {
        mods.push_back(m_flags[flag].value);
        const auto& more = m_flags[flag].more;
        mods.insert(mods.end(), more.begin(), more.end());
    }
    auto listed = [&mods](const char* mod) {
        return std::find(mods.begin(), mods.end(), mod) != mods.end();
    };
    const std::string key = has(flag) ? flag : "";
    const char* why = has(flag) ? nullptr : kDefault;
    set(key, "recompute_norms", listed("layernorm") ? "true" : "false", Kind::Read, why);
    set(key, "recompute_moe_act", listed("moe_act") ? "true" : "false", Kind::Read, why);
    set(key, "recompute_mla_up", listed("mla_up_proj") ? "true" : "false", Kind::Read, why);
    const bool unmodelled = std::any_of(mods.begin(), mods.end(), [](const std::string& m) {
        return m != "core_attn" && m != "layernorm" && m != "moe_act" && m != "mla_up_proj";
    });
    if (unmodelled)
        note(flag, Kind::Approximated,
             QT_TRANSLATE_NOOP("costlab::Import",
                               "only core_attn, layernorm, moe_act and mla_up_proj are modelled"));
    const char* store = "activation-func-fp8-input-store";
    set(has(store) ? store : "", "fp8_act_input", has(store) ? "true" : "false", Kind::Read,
        has(store) ? nullptr : kDefault);
}

void MegatronReader::zeroStage()
{
    const char* fsdp = has("use-megatron-fsdp") ? "use-megatron-fsdp"
                       : has("use-custom-fsdp") ? "use-custom-fsdp"
                                                : nullptr;
    const std::string strategy = m_flags.count("data-parallel-sharding-strategy")
                                     ? m_flags["data-parallel-sharding-strategy"].value
                                     : std::string();
    if (fsdp &&
        (strategy == "optim" || strategy == "optim_grads" || strategy == "optim_grads_params")) {
        const char* stage = strategy == "optim" ? "1" : strategy == "optim_grads" ? "2" : "3";
        set("data-parallel-sharding-strategy", "zero_stage", stage);
        set(fsdp, "sharded_dp", "megatron-fsdp");
        if (has("use-distributed-optimizer"))
            note("use-distributed-optimizer", Kind::Read, nullptr);
        return;
    }
    set(has("use-distributed-optimizer") ? "use-distributed-optimizer" : "", "zero_stage",
        has("use-distributed-optimizer") ? "1" : "0", Kind::Read,
        has("use-distributed-optimizer") ? nullptr : kDefault);
}

void MegatronReader::batch()
{
    const auto seq = number("seq-length");
    if (seq)
        setNumber("seq-length", "seq_len", *seq);
    if (const auto mb = number("micro-batch-size"))
        setNumber("micro-batch-size", "micro_batch", *mb);
    const auto gbs = number("global-batch-size");
    if (gbs && seq)
        setNumber("global-batch-size", "global_batch_tokens", *gbs * *seq, Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "sequences × sequence length"));
    if (const auto iters = number("train-iters"); iters && gbs && seq)
        setNumber(
            "train-iters", "tokens", *iters * *gbs * *seq, Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "iterations × global batch × sequence length"));
    else if (const auto samples = number("train-samples"); samples && seq)
        setNumber("train-samples", "tokens", *samples * *seq, Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "samples × sequence length"));
}

// The model shape, only when the script gives --num-layers: every shape field then follows
// Megatron's defaults (FFN 4·h, no GQA, tied embeddings, plain GeLU MLP) where a flag is absent.
void MegatronReader::shape()
{
    const auto layers = number("num-layers");
    const auto hidden = number("hidden-size");
    const auto heads = number("num-attention-heads");
    if (!layers || !hidden || !heads)
        return;
    setNumber({}, "model.from_shape", 1);
    setNumber("num-layers", "model.layers", *layers);
    setNumber("hidden-size", "model.hidden", *hidden);
    setNumber("num-attention-heads", "model.heads", *heads);
    if (has("group-query-attention") && has("num-query-groups")) {
        if (const auto g = number("num-query-groups"))
            setNumber("num-query-groups", "model.kv_heads", *g);
        note("group-query-attention", Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import", "KV heads from --num-query-groups"));
    } else {
        setNumber({}, "model.kv_heads", *heads);
    }
    if (const auto kv = number("kv-channels"); kv && *kv != *hidden / *heads)
        setNumber("kv-channels", "model.head_dim", *kv);
    else
        setNumber({}, "model.head_dim", 0);
    if (const auto f = number("ffn-hidden-size"))
        setNumber("ffn-hidden-size", "model.ffn", *f);
    else
        setNumber({}, "model.ffn", 4 * *hidden);
    set(has("swiglu") ? "swiglu" : "", "model.gated_mlp", has("swiglu") ? "true" : "false");
    set(has("untie-embeddings-and-output-weights") ? "untie-embeddings-and-output-weights" : "",
        "model.tied_embeddings", has("untie-embeddings-and-output-weights") ? "false" : "true");
    if (const auto v = number("vocab-size"))
        setNumber("vocab-size", "model.vocab", *v);
    for (const char* f : {"tokenizer-type", "tokenizer-model", "vocab-file"})
        if (has(f) && !has("vocab-size"))
            note(f, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "the vocabulary comes from the tokenizer: the plan's is kept"));
    if (const auto e = number("num-experts")) {
        setNumber("num-experts", "model.experts", *e);
        setNumber(has("moe-router-topk") ? "moe-router-topk" : "", "model.top_k",
                  number("moe-router-topk").value_or(2));
        const auto f = number("moe-ffn-hidden-size");
        if (f)
            setNumber("moe-ffn-hidden-size", "model.ffn", *f, Kind::Read,
                      QT_TRANSLATE_NOOP("costlab::Import", "per expert"));
        // The dense layers keep --ffn-hidden-size when the experts have their own width.
        if (const auto dense = number("ffn-hidden-size"); dense && f && *dense != *f)
            setNumber("ffn-hidden-size", "model.dense_ffn", *dense, Kind::Read,
                      QT_TRANSLATE_NOOP("costlab::Import", "the FFN of the dense layers"));
        else
            setNumber({}, "model.dense_ffn", 0);
        const auto shared = number("moe-shared-expert-intermediate-size");
        const double per = f ? *f : number("ffn-hidden-size").value_or(4 * *hidden);
        if (shared && per > 0)
            setNumber("moe-shared-expert-intermediate-size", "model.shared_experts",
                      std::round(*shared / per), Kind::Derived,
                      QT_TRANSLATE_NOOP("costlab::Import",
                                        "shared experts = this size ÷ the expert FFN size"));
        else
            setNumber({}, "model.shared_experts", 0);
        // Dropless unless a capacity factor is given (Megatron-Core: --moe-expert-capacity-factor
        // unset means no token dropping).
        if (const auto cf = number("moe-expert-capacity-factor")) {
            const bool padded = has("moe-pad-expert-input-to-capacity");
            setNumber("moe-expert-capacity-factor", "model.capacity_factor", *cf,
                      padded ? Kind::Read : Kind::Approximated,
                      padded ? nullptr
                             : QT_TRANSLATE_NOOP("costlab::Import",
                                                 "memory counted as padded to capacity (an "
                                                 "upper bound without padding)"));
            if (padded)
                note("moe-pad-expert-input-to-capacity", Kind::Read, nullptr);
        } else
            setNumber({}, "model.capacity_factor", 0);
    } else {
        setNumber({}, "model.experts", 0);
        setNumber({}, "model.top_k", 0);
        setNumber({}, "model.shared_experts", 0);
        setNumber({}, "model.dense_ffn", 0);
    }
    // Multi-head latent attention (Megatron-Core's MLA: --multi-latent-attention with the
    // latent ranks and per-head dimensions; Megatron's defaults where a flag is absent).
    const bool mla = has("multi-latent-attention");
    if (mla)
        note("multi-latent-attention", Kind::Read, nullptr);
    const std::pair<const char*, std::pair<const char*, double>> mlaFlags[] = {
        {"kv-lora-rank", {"model.kv_lora_rank", 512}},
        {"q-lora-rank", {"model.q_lora_rank", 0}},
        {"qk-pos-emb-head-dim", {"model.qk_rope_head_dim", 64}},
        {"qk-head-dim", {"model.qk_nope_head_dim", 128}},
        {"v-head-dim", {"model.v_head_dim", 128}}};
    for (const auto& [flag, target] : mlaFlags) {
        const auto v = mla ? number(flag) : std::nullopt;
        setNumber(v ? flag : "", target.first, mla ? v.value_or(target.second) : 0);
    }
    if (mla)
        setNumber({}, "model.kv_heads", *heads);
    moeLayers();
    setNumber({}, "model.sliding_window", 0);
    setNumber({}, "model.swa_layer_fraction", 0);
}

/// Counts of dense (0) and MoE (1) layers in Megatron's --moe-layer-freq list expression:
/// sums of lists ("[0]", "[1,0,1]") and parenthesised groups, each optionally repeated
/// ("*3"): "([0]*3+[1]*58)", "[0]+[1]*92", "([1]*3+[0]*1)*3". nullopt for anything else.
std::optional<std::pair<double, double>> layerPattern(const std::string& v)
{
    std::size_t pos = 0;
    bool ok = true;
    std::function<std::pair<double, double>(int)> sum = [&](int depth) {
        std::pair<double, double> total{0, 0};
        do {
            std::pair<double, double> term{0, 0};
            if (depth < 8 && pos < v.size() && v[pos] == '(') {
                ++pos;
                term = sum(depth + 1);
                ok = ok && pos < v.size() && v[pos] == ')';
                ++pos;
            } else if (pos < v.size() && v[pos] == '[') {
                for (++pos; ok && pos < v.size() && v[pos] != ']'; ++pos) {
                    if (v[pos] == '0')
                        term.first += 1;
                    else if (v[pos] == '1')
                        term.second += 1;
                    else
                        ok = v[pos] == ',';
                }
                ok = ok && pos < v.size();
                ++pos;
            } else {
                ok = false;
            }
            if (ok && pos < v.size() && v[pos] == '*') {
                std::size_t used = 0;
                double k = 0;
                try {
                    k = std::stod(v.substr(pos + 1, 6), &used);
                } catch (const std::exception&) {
                    ok = false;
                }
                ok = ok && used > 0 && k >= 0 && k == std::floor(k);
                pos += 1 + used;
                term = {term.first * k, term.second * k};
            }
            total = {total.first + term.first, total.second + term.second};
        } while (ok && pos < v.size() && v[pos] == '+' && ++pos);
        return total;
    };
    const auto counts = sum(0);
    if (!ok || pos != v.size() || counts.first + counts.second > 1e6)
        return std::nullopt;
    return counts;
}

// --moe-layer-freq: an integer N (every N-th layer is MoE) or a list expression (above).
void MegatronReader::moeLayers()
{
    const std::string f = "moe-layer-freq";
    if (!has(f) || !has("num-experts")) {
        setNumber({}, "model.moe_layer_fraction", 1);
        return;
    }
    std::string v = m_flags.at(f).value;
    v.erase(std::remove(v.begin(), v.end(), ' '), v.end());
    if (const auto counts = layerPattern(v); counts && counts->first + counts->second > 0) {
        setNumber(f, "model.moe_layer_fraction", counts->second / (counts->first + counts->second),
                  Kind::Derived, QT_TRANSLATE_NOOP("costlab::Import", "MoE layers ÷ all layers"));
        return;
    }
    char* end = nullptr;
    const double n = std::strtod(v.c_str(), &end);
    if (!m_flags.at(f).unresolved && !v.empty() && *end == '\0' && std::isfinite(n) && n >= 1) {
        setNumber(f, "model.moe_layer_fraction", 1 / std::floor(n), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "every N-th layer is MoE"));
    } else {
        note(f, Kind::Approximated,
             QT_TRANSLATE_NOOP("costlab::Import", "a layer pattern Costlab does not read: "
                                                  "every layer is counted as MoE"));
        setNumber({}, "model.moe_layer_fraction", 1);
    }
}

} // namespace

void readMegatronArgs(std::string_view text, ConfigImport& out)
{
    MegatronReader(text, out).run();
}

} // namespace costlab
