// Hugging Face config.json → model shape. Key names and layer layouts follow transformers'
// configuration classes (configuration_llama.py, configuration_qwen2_moe.py,
// configuration_deepseek_v3.py, configuration_gpt_oss.py, …): which keys a family defines,
// their defaults when absent, and which layers use sliding windows or experts.
#include "importkit.h"

#include "jsondoc.h"
#include "modelarch.h"
#include "registry.h"
#include "trnoop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace costlab {

namespace {

using json = jsondoc::ojson;
using Kind = ImportNote::Kind;

enum class Family {
    Llama,
    Mistral,
    Mixtral,
    Qwen2,
    Qwen2Moe,
    Qwen3,
    Qwen3Moe,
    Gemma,
    Gemma2,
    Gemma3,
    GptOss,
    DeepSeek
};

struct FamilyRow {
    std::string_view model_type;
    Family family;
    bool tied_default; ///< tie_word_embeddings when the file omits it (the class default)
};

// transformers' defaults for tie_word_embeddings: False for these decoder families except
// Gemma's, whose classes default to True.
constexpr std::array<FamilyRow, 14> kFamilies{{
    {"llama", Family::Llama, false},
    {"mistral", Family::Mistral, false},
    {"mixtral", Family::Mixtral, false},
    {"qwen2", Family::Qwen2, false},
    {"qwen2_moe", Family::Qwen2Moe, false},
    {"qwen3", Family::Qwen3, false},
    {"qwen3_moe", Family::Qwen3Moe, false},
    {"gemma", Family::Gemma, true},
    {"gemma2", Family::Gemma2, true},
    {"gemma3_text", Family::Gemma3, true},
    {"gemma3", Family::Gemma3, true},
    {"gpt_oss", Family::GptOss, false},
    {"deepseek_v2", Family::DeepSeek, false},
    {"deepseek_v3", Family::DeepSeek, false},
}};

// Keys known not to change cost or memory in Costlab's model, with the reason shown.
const std::map<std::string, const char*, std::less<>>& knownIgnored()
{
    static const std::map<std::string, const char*, std::less<>> m{
        {"max_position_embeddings",
         QT_TRANSLATE_NOOP("costlab::Import", "the context length is the phase's sequence length")},
        {"torch_dtype",
         QT_TRANSLATE_NOOP("costlab::Import", "the precision is the phase's training precision")},
        {"dtype",
         QT_TRANSLATE_NOOP("costlab::Import", "the precision is the phase's training precision")},
        {"quantization_config",
         QT_TRANSLATE_NOOP("costlab::Import", "the precision is the phase's training precision")},
        {"rope_theta",
         QT_TRANSLATE_NOOP("costlab::Import", "positional encoding does not change cost")},
        {"rope_scaling",
         QT_TRANSLATE_NOOP("costlab::Import", "positional encoding does not change cost")},
        {"rms_norm_eps", QT_TRANSLATE_NOOP("costlab::Import", "numerical constant; no cost")},
        {"attention_bias",
         QT_TRANSLATE_NOOP("costlab::Import",
                           "biases are not counted (under 0.1 % of the parameters)")},
        {"mlp_bias", QT_TRANSLATE_NOOP("costlab::Import",
                                       "biases are not counted (under 0.1 % of the parameters)")},
        {"num_nextn_predict_layers",
         QT_TRANSLATE_NOOP("costlab::Import",
                           "the multi-token-prediction module is not counted (DeepSeek-V3's "
                           "published 671 B excludes its 14 B MTP module)")},
        {"transformers_version", QT_TRANSLATE_NOOP("costlab::Import", "file metadata")},
        {"architectures", QT_TRANSLATE_NOOP("costlab::Import", "file metadata")},
        {"use_cache", QT_TRANSLATE_NOOP("costlab::Import", "inference setting")},
        {"bos_token_id", QT_TRANSLATE_NOOP("costlab::Import", "tokenizer setting")},
        {"eos_token_id", QT_TRANSLATE_NOOP("costlab::Import", "tokenizer setting")},
        {"pad_token_id", QT_TRANSLATE_NOOP("costlab::Import", "tokenizer setting")},
        {"initializer_range", QT_TRANSLATE_NOOP("costlab::Import", "initialisation setting")},
        {"attention_dropout", QT_TRANSLATE_NOOP("costlab::Import", "regularisation setting")},
        {"norm_topk_prob", QT_TRANSLATE_NOOP("costlab::Import", "router detail; no cost")},
        {"router_aux_loss_coef", QT_TRANSLATE_NOOP("costlab::Import", "router detail; no cost")},
        {"output_router_logits", QT_TRANSLATE_NOOP("costlab::Import", "router detail; no cost")},
    };
    return m;
}

/// Reads one file; collects settings, notes and errors.
class Reader : public ImportBuilder {
public:
    Reader(std::string_view text, const json& cfg, ConfigImport& out)
        : ImportBuilder(text, out, kPretrainBit), m_cfg(cfg)
    {
    }

    void run();

private:
    std::string lineOf(const std::string& key) const override
    {
        const std::string quoted = "\"" + key + "\"";
        const auto at = text().find(quoted);
        if (at == std::string_view::npos)
            return {};
        return "line " +
               std::to_string(1 + std::count(text().begin(), text().begin() + long(at), '\n'));
    }
    std::string errorKey(const std::string& key) const override
    {
        return jsondoc::childPointer("", key);
    }
    bool present(const std::string& key) const
    {
        const auto it = m_cfg.find(key);
        return it != m_cfg.end() && !it->is_null();
    }
    /// A number key: nullopt when absent or null; an error when not a number.
    std::optional<double> number(const std::string& key)
    {
        const auto it = m_cfg.find(key);
        if (it == m_cfg.end() || it->is_null())
            return std::nullopt;
        if (!it->is_number() || (it->is_number_float() && !std::isfinite(it->get<double>()))) {
            error(key, message(Msg::ExpectedNumberFound, {textArg(jsondoc::describe(*it))}));
            return std::nullopt;
        }
        return it->get<double>();
    }
    std::optional<double> required(const std::string& key)
    {
        const auto v = number(key);
        if (!v && !present(key))
            error(key, message(Msg::MissingConfigMustGive, {textArg(out().model_type)}));
        return v;
    }
    std::optional<bool> boolean(const std::string& key)
    {
        const auto it = m_cfg.find(key);
        if (it == m_cfg.end() || it->is_null())
            return std::nullopt;
        if (!it->is_boolean()) {
            error(key, message(Msg::ExpectedTrueFalseFound, {textArg(jsondoc::describe(*it))}));
            return std::nullopt;
        }
        return it->get<bool>();
    }
    /// Sets a registry input from a number, checked against its range; `fileKey` is the
    /// file's key ("" for a value the family implies).
    void set(const std::string& fileKey, const std::string& param, double v, Kind kind = Kind::Read,
             const char* why = nullptr)
    {
        setNumber(fileKey, param, v, kind, why);
    }

    void shape();
    void attention(double layers);
    void experts(double layers);
    void finish();

    const json& m_cfg;
    Family m_family = Family::Llama;
    bool m_tiedDefault = false;
};

void Reader::run()
{
    const auto mt = m_cfg.find("model_type");
    if (mt == m_cfg.end() || !mt->is_string()) {
        addImportError(out(), message(Msg::IdMessage,
                                      {textArg("/model_type"), message(Msg::MissingModelType)}));
        return;
    }
    out().model_type = mt->get<std::string>();
    const auto row = std::find_if(kFamilies.begin(), kFamilies.end(), [&](const FamilyRow& r) {
        return r.model_type == out().model_type;
    });
    if (row == kFamilies.end()) {
        std::string known;
        for (const FamilyRow& r : kFamilies)
            known += (known.empty() ? "" : ", ") + std::string(r.model_type);
        error("model_type", message(Msg::ModelTypeNotRead,
                                    {textArg(jsondoc::excerpt(out().model_type)), textArg(known)}));
        return;
    }
    m_family = row->family;
    m_tiedDefault = row->tied_default;
    note("model_type", Kind::Read, QT_TRANSLATE_NOOP("costlab::Import", "the model family"), {},
         std::string(row->model_type));
    if (const auto a = m_cfg.find("architectures");
        a != m_cfg.end() && a->is_array() && !a->empty() && a->front().is_string())
        out().architecture = a->front().get<std::string>();
    shape();
    finish();
}

void Reader::shape()
{
    set({}, "model.from_shape", 1);
    const auto layers = required("num_hidden_layers");
    const auto hidden = required("hidden_size");
    const auto heads = required("num_attention_heads");
    const auto vocab = required("vocab_size");
    if (layers)
        set("num_hidden_layers", "model.layers", *layers);
    if (hidden)
        set("hidden_size", "model.hidden", *hidden);
    if (heads)
        set("num_attention_heads", "model.heads", *heads);
    if (vocab)
        set("vocab_size", "model.vocab", *vocab);
    if (const auto kv = number("num_key_value_heads"))
        set("num_key_value_heads", "model.kv_heads", *kv);
    else if (heads)
        set({}, "model.kv_heads", *heads); // transformers: absent = multi-head attention
    const auto hd = number("head_dim");
    if (hd && hidden && heads && *hd != *hidden / *heads)
        set("head_dim", "model.head_dim", *hd);
    else {
        set({}, "model.head_dim", 0);
        if (hd)
            note("head_dim", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "equals hidden_size / num_attention_heads"));
    }
    const bool tied = boolean("tie_word_embeddings").value_or(m_tiedDefault);
    set(present("tie_word_embeddings") ? "tie_word_embeddings" : "", "model.tied_embeddings",
        tied ? 1 : 0);
    // Every family read here has a gated MLP (SwiGLU, GeGLU, gpt-oss's clamped SwiGLU).
    for (const char* act : {"hidden_act", "hidden_activation"})
        if (present(act))
            note(act, Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "gated MLP: three matrices"),
                 "model.gated_mlp", "true");
    set({}, "model.gated_mlp", 1);
    if (layers) {
        attention(*layers);
        experts(*layers);
    }
}

// Sliding-window layers: layer_types when the file lists them (gpt-oss, newer Qwen and
// Gemma files), else each family's rule.
void Reader::attention(double layers)
{
    double window = 0, fraction = 0;
    const auto sw = number("sliding_window");
    const auto types = m_cfg.find("layer_types");
    if (types != m_cfg.end() && types->is_array() && !types->empty()) {
        const auto sliding = std::count_if(types->begin(), types->end(), [](const json& t) {
            return t.is_string() && t.get<std::string>() == "sliding_attention";
        });
        fraction = double(sliding) / double(types->size());
        note(
            "layer_types", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "share of the layers listed as sliding_attention"),
            "model.swa_layer_fraction", jsondoc::formatNumber(fraction));
    } else if (sw) {
        switch (m_family) {
        case Family::Mistral:
        case Family::Mixtral:
            fraction = 1;
            break;
        case Family::Qwen2:
        case Family::Qwen3:
        case Family::Qwen2Moe:
        case Family::Qwen3Moe:
            if (boolean("use_sliding_window").value_or(false)) {
                // The first max_window_layers layers attend fully, the rest use the window.
                const double full = number("max_window_layers").value_or(layers);
                fraction = std::clamp((layers - full) / layers, 0.0, 1.0);
                note("max_window_layers", Kind::Derived,
                     QT_TRANSLATE_NOOP("costlab::Import", "layers before it attend fully"));
            }
            note("use_sliding_window", Kind::Derived,
                 fraction > 0
                     ? QT_TRANSLATE_NOOP("costlab::Import", "the sliding window is on")
                     : QT_TRANSLATE_NOOP("costlab::Import", "false: every layer attends fully"));
            if (present("max_window_layers") && fraction == 0)
                note("max_window_layers", Kind::Ignored,
                     QT_TRANSLATE_NOOP("costlab::Import", "the sliding window is off"));
            break;
        case Family::Gemma2:
            fraction = 0.5; // every other layer (Gemma 2 report §2)
            break;
        case Family::Gemma3: {
            const double pattern = number("sliding_window_pattern").value_or(6);
            fraction = pattern > 0 ? (pattern - 1) / pattern : 0; // 5 local : 1 global
            if (present("sliding_window_pattern"))
                note("sliding_window_pattern", Kind::Derived,
                     QT_TRANSLATE_NOOP("costlab::Import", "one global layer in each group"));
            break;
        }
        default:
            fraction = 1;
        }
    }
    if (fraction > 0 && sw)
        window = *sw;
    else
        fraction = 0;
    if (present("sliding_window"))
        set(fraction > 0 ? "sliding_window" : "", "model.sliding_window", window);
    else
        set({}, "model.sliding_window", window);
    if (present("sliding_window") && fraction == 0)
        note("sliding_window", Kind::Ignored,
             QT_TRANSLATE_NOOP("costlab::Import", "no layer uses the window"));
    set(present("layer_types") ? "layer_types" : "", "model.swa_layer_fraction", fraction);
}

// Routed experts, top-k, shared experts and which layers are MoE, by family; the expert FFN
// width becomes model.ffn (the shape keeps one FFN width for dense layers and experts).
void Reader::experts(double layers)
{
    double n = 0, k = 0, shared = 0, moeLayers = layers;
    std::optional<double> expertFfn;
    const auto dense = number("intermediate_size");
    switch (m_family) {
    case Family::Mixtral:
    case Family::GptOss:
        n = number("num_local_experts").value_or(0);
        k = number("num_experts_per_tok").value_or(number("experts_per_token").value_or(0));
        expertFfn = dense;
        break;
    case Family::Qwen2Moe:
    case Family::Qwen3Moe: {
        n = number("num_experts").value_or(0);
        k = number("num_experts_per_tok").value_or(0);
        expertFfn = number("moe_intermediate_size");
        const double step = std::max(1.0, number("decoder_sparse_step").value_or(1));
        std::set<long> dense_only;
        if (const auto m = m_cfg.find("mlp_only_layers"); m != m_cfg.end() && m->is_array()) {
            for (const json& l : *m)
                if (l.is_number_integer())
                    dense_only.insert(l.get<long>());
            note("mlp_only_layers", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "layers without experts"));
        }
        moeLayers = 0;
        for (long l = 0; l < long(layers); ++l)
            if (!dense_only.count(l) && (l + 1) % long(step) == 0)
                ++moeLayers;
        if (present("decoder_sparse_step"))
            note("decoder_sparse_step", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "spacing of the MoE layers"));
        if (const auto s = number("shared_expert_intermediate_size");
            s && expertFfn && *expertFfn > 0) {
            shared = std::round(*s / *expertFfn);
            note("shared_expert_intermediate_size",
                 shared * *expertFfn == *s ? Kind::Read : Kind::Approximated,
                 QT_TRANSLATE_NOOP("costlab::Import", "its width over moe_intermediate_size"),
                 "model.shared_experts", jsondoc::formatNumber(shared));
        }
        break;
    }
    case Family::DeepSeek: {
        n = number("n_routed_experts").value_or(0);
        k = number("num_experts_per_tok").value_or(0);
        shared = number("n_shared_experts").value_or(0);
        expertFfn = number("moe_intermediate_size");
        const double firstDense = number("first_k_dense_replace").value_or(0);
        const double freq = std::max(1.0, number("moe_layer_freq").value_or(1));
        moeLayers = 0;
        for (long l = 0; l < long(layers); ++l)
            if (l >= long(firstDense) && l % long(freq) == 0)
                ++moeLayers;
        if (present("first_k_dense_replace"))
            note("first_k_dense_replace", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "dense layers before the first MoE layer"));
        if (present("moe_layer_freq"))
            note("moe_layer_freq", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "spacing of the MoE layers"));
        // Multi-head latent attention (DeepSeek-V2 §2.1), read as it is: the latents, the
        // decoupled RoPE dimension and the per-head query/key and value dimensions.
        const std::pair<const char*, const char*> mla[] = {
            {"kv_lora_rank", "model.kv_lora_rank"},
            {"q_lora_rank", "model.q_lora_rank"},
            {"qk_rope_head_dim", "model.qk_rope_head_dim"},
            {"qk_nope_head_dim", "model.qk_nope_head_dim"},
            {"v_head_dim", "model.v_head_dim"}};
        for (const auto& [key, param] : mla)
            if (const auto v = number(key))
                set(key, param, *v);
            else if (!present(key))
                set({}, param, 0); // q_lora_rank null: full-rank queries (DeepSeek-V2-Lite)
        const double heads = number("num_attention_heads").value_or(1);
        set({}, "model.kv_heads", heads);
        if (present("num_key_value_heads"))
            note("num_key_value_heads", Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "MLA up-projects K and V for every head from the latent"),
                 "model.kv_heads", jsondoc::formatNumber(heads));
        break;
    }
    default:
        break;
    }
    if (n > 0) {
        if (!expertFfn)
            error(m_family == Family::Mixtral || m_family == Family::GptOss
                      ? "intermediate_size"
                      : "moe_intermediate_size",
                  message(Msg::MissingExpertFfn));
        else
            set(m_family == Family::Mixtral || m_family == Family::GptOss ? "intermediate_size"
                                                                          : "moe_intermediate_size",
                "model.ffn", *expertFfn, Kind::Read,
                QT_TRANSLATE_NOOP("costlab::Import", "per expert"));
        for (const char* key : {"num_local_experts", "num_experts", "n_routed_experts"})
            if (present(key))
                set(key, "model.experts", n);
        set("num_experts_per_tok", "model.top_k", k);
        set(present("n_shared_experts") ? "n_shared_experts" : "", "model.shared_experts", shared);
        set({}, "model.moe_layer_fraction", moeLayers / layers);
        if (dense && expertFfn && *dense != *expertFfn) {
            if (moeLayers < layers)
                set("intermediate_size", "model.dense_ffn", *dense, Kind::Read,
                    QT_TRANSLATE_NOOP("costlab::Import", "the FFN of the dense layers"));
            else
                note("intermediate_size", Kind::Ignored,
                     QT_TRANSLATE_NOOP("costlab::Import", "every layer is MoE"));
        }
        if (!isSet("model.dense_ffn"))
            set({}, "model.dense_ffn", 0);
    } else {
        if (dense)
            set("intermediate_size", "model.ffn", *dense);
        else
            required("intermediate_size");
        set({}, "model.experts", 0);
        set({}, "model.top_k", 0);
        set({}, "model.shared_experts", 0);
        set({}, "model.moe_layer_fraction", 1);
        set({}, "model.dense_ffn", 0);
    }
    if (m_family != Family::DeepSeek) // no latent attention outside the DeepSeek family
        for (const char* p : {"model.kv_lora_rank", "model.q_lora_rank", "model.qk_rope_head_dim",
                              "model.qk_nope_head_dim", "model.v_head_dim"})
            set({}, p, 0);
}

void Reader::finish()
{
    std::vector<std::string> order;
    for (const auto& [key, value] : m_cfg.items())
        order.push_back(key);
    ImportBuilder::finish(order, [](const std::string& key) {
        const auto known = knownIgnored().find(key);
        return known != knownIgnored().end() ? known->second : kNotUsedReason;
    });
}

} // namespace

void readHfConfig(std::string_view text, ConfigImport& out)
{
    json doc;
    std::vector<jsondoc::JsonProblem> problems;
    const jsondoc::JsonGate gate{"model configuration",
                                 "a JSON object (a Hugging Face config.json)", 3};
    if (!jsondoc::parseJsonDocument(text, doc, problems, gate) || !problems.empty()) {
        for (const auto& p : problems)
            addImportError(out, textArg((p.pointer.empty() ? "" : p.pointer + ": ") + p.message));
        if (out.errors.empty())
            addImportError(out, message(Msg::NotAJsonDocument));
        return;
    }
    if (!doc.is_object()) {
        addImportError(out, message(Msg::ExpectedHfObjectFound, {textArg(jsondoc::describe(doc))}));
        return;
    }
    // Multimodal files (Gemma 3, Qwen2.5-VL) keep the language model under text_config.
    const auto textConfig = doc.find("text_config");
    const bool nested =
        textConfig != doc.end() && textConfig->is_object() && !doc.contains("num_hidden_layers");
    if (nested && !textConfig->contains("model_type"))
        (*textConfig)["model_type"] = doc.value("model_type", std::string()) + "_text";
    Reader(text, nested ? *textConfig : doc, out).run();
    if (nested)
        out.notes.insert(out.notes.begin(), {"text_config", "",
                                             "the language model's configuration was read; the "
                                             "vision tower is not counted",
                                             Kind::Derived});
}

} // namespace costlab
