// Megatron-LM / NeMo launch arguments → a pre-training phase's layout, batch and (when the
// script gives it) model shape. Flag names and their defaults are Megatron-LM's
// (megatron/training/arguments.py): a layout flag the script leaves out takes Megatron's
// default (TP = PP = CP = EP = 1, no distributed optimizer, no overlap, no sequence
// parallelism, no recompute), because that is what the launch would run.
#include "hfconfig.h"

#include "jsondoc.h"
#include "registry.h"
#include "trnoop.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace costlab {

namespace {

using Kind = ImportNote::Kind;

/// Shell text reduced to what a launch script passes: variables (scalars and arrays, with
/// ${NAME:-default}) expanded, comments and line continuations removed, words split.
class Shell {
public:
    explicit Shell(std::string_view text) { run(text); }
    const std::vector<std::string>& words() const { return m_words; }

private:
    std::string expand(const std::string& s) const
    {
        std::string out;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '$' || i + 1 >= s.size()) {
                out += s[i];
                continue;
            }
            std::string name, fallback;
            bool hasFallback = false;
            std::size_t j = i + 1;
            if (s[j] == '{') {
                const std::size_t close = s.find('}', j);
                if (close == std::string::npos) {
                    out += s[i];
                    continue;
                }
                std::string inner = s.substr(j + 1, close - j - 1);
                if (const auto d = inner.find(":-"); d != std::string::npos) {
                    fallback = inner.substr(d + 2);
                    hasFallback = true;
                    inner = inner.substr(0, d);
                }
                if (const auto b = inner.find('['); b != std::string::npos)
                    inner = inner.substr(0, b); // ${ARR[@]}: the whole array
                name = inner;
                i = close;
            } else {
                while (j < s.size() &&
                       (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                    name += s[j++];
                if (name.empty()) {
                    out += s[i];
                    continue;
                }
                i = j - 1;
            }
            const auto it = m_vars.find(name);
            if (it != m_vars.end() && !it->second.empty())
                out += it->second;
            else if (hasFallback)
                out += expand(fallback);
            else
                out += "\x01" + name + "\x01"; // unresolved: the flag's value is unknown
        }
        return out;
    }

    static std::vector<std::string> split(const std::string& s)
    {
        std::vector<std::string> out;
        std::string cur;
        char quote = 0;
        bool any = false;
        for (char c : s) {
            if (quote) {
                if (c == quote)
                    quote = 0;
                else
                    cur += c;
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                if (any || !cur.empty())
                    out.push_back(cur);
                cur.clear();
                any = false;
            } else if (c == '#' && cur.empty() && !any) {
                break; // a comment to the end of the line
            } else {
                cur += c;
            }
        }
        if (any || !cur.empty())
            out.push_back(cur);
        return out;
    }

    void run(std::string_view text)
    {
        // Join continuation lines.
        std::string joined;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
                ++i;
                continue;
            }
            joined += text[i];
        }
        std::istringstream in(joined);
        std::string line, array, arrayName;
        while (std::getline(in, line)) {
            line = withoutComment(line);
            if (!arrayName.empty()) { // inside NAME=( ... )
                const auto close = line.find(')');
                array += " " + line.substr(0, close);
                if (close != std::string::npos)
                    finishArray(arrayName, array);
                continue;
            }
            std::string t = line;
            t.erase(0, t.find_first_not_of(" \t"));
            if (t.rfind("export ", 0) == 0)
                t = t.substr(7);
            std::size_t n = 0;
            while (n < t.size() && (std::isalnum(static_cast<unsigned char>(t[n])) || t[n] == '_'))
                ++n;
            // NAME=value, and NAME+=value (bash's append, also for arrays: ARGS+=( … )).
            const bool append = n > 0 && n + 1 < t.size() && t[n] == '+' && t[n + 1] == '=';
            if (n > 0 && n < t.size() && (t[n] == '=' || append) &&
                !std::isdigit(static_cast<unsigned char>(t[0]))) {
                const std::string name = t.substr(0, n);
                std::string value = t.substr(n + (append ? 2 : 1));
                if (!value.empty() && value[0] == '(') {
                    const auto close = value.find(')');
                    array =
                        value.substr(1, close == std::string::npos ? std::string::npos : close - 1);
                    if (append && m_vars.count(name))
                        array = m_vars[name] + " " + array;
                    arrayName = name;
                    if (close != std::string::npos)
                        finishArray(arrayName, array);
                    continue;
                }
                const auto words = split(expand(value));
                if (!words.empty() && words.size() == 1)
                    m_vars[name] = words.front();
                else if (!words.empty())
                    addWords(words); // NAME="--a 1 --b 2": the flags count
                continue;
            }
            addWords(split(expand(line)));
        }
    }

    /// The line up to an unquoted '#' that starts a word (a comment), per line: an array's
    /// lines are joined afterwards and a comment must not swallow the lines after it.
    static std::string withoutComment(const std::string& line)
    {
        char quote = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quote) {
                if (c == quote)
                    quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#' &&
                       (i == 0 || std::isspace(static_cast<unsigned char>(line[i - 1])))) {
                return line.substr(0, i);
            }
        }
        return line;
    }

    void finishArray(std::string& name, std::string& body)
    {
        const auto words = split(expand(body));
        std::string joined;
        for (const auto& w : words)
            joined += (joined.empty() ? "" : " ") + w;
        m_vars[name] = joined;
        addWords(words);
        name.clear();
        body.clear();
    }

    void addWords(const std::vector<std::string>& w)
    {
        for (const auto& s : w)
            for (const auto& part : split(s)) // an expanded array splits again
                m_words.push_back(part);
    }

    std::map<std::string, std::string> m_vars;
    std::vector<std::string> m_words;
};

struct Flag {
    std::string value; ///< "" for a switch
    bool unresolved = false;
};

class MegatronReader {
public:
    MegatronReader(std::string_view text, ConfigImport& out) : m_text(text), m_out(out) {}

    void run()
    {
        const Shell sh(m_text);
        const auto& w = sh.words();
        for (std::size_t i = 0; i < w.size(); ++i) {
            if (w[i].rfind("--", 0) != 0 || w[i].size() < 3)
                continue;
            std::string name = w[i].substr(2), value;
            if (const auto eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            } else if (i + 1 < w.size() && w[i + 1].rfind("--", 0) != 0) {
                value = w[i + 1];
                ++i;
            }
            if (!m_flags.count(name))
                m_order.push_back(name);
            m_flags[name] = {value, value.find('\x01') != std::string::npos};
        }
        if (!m_flags.count("tensor-model-parallel-size") && !m_flags.count("num-layers") &&
            !m_flags.count("micro-batch-size")) {
            m_out.errors.push_back("no Megatron-LM arguments found (--num-layers, "
                                   "--tensor-model-parallel-size, --micro-batch-size, …)");
            return;
        }
        layout();
        batch();
        shape();
        finish();
    }

private:
    std::string line(const std::string& flag) const
    {
        // The flag as a whole word: "--num-layers" must not match "--num-layers-per-…".
        const std::string needle = "--" + flag;
        for (auto at = m_text.find(needle); at != std::string_view::npos;
             at = m_text.find(needle, at + 1)) {
            const std::size_t end = at + needle.size();
            if (end < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[end])) ||
                                        m_text[end] == '-' || m_text[end] == '_'))
                continue;
            return "line " +
                   std::to_string(1 + std::count(m_text.begin(), m_text.begin() + long(at), '\n'));
        }
        return {};
    }
    void note(const std::string& flag, Kind kind, const char* reason, std::string param = {},
              std::string value = {})
    {
        m_handled.insert(flag);
        m_notes[flag] =
            makeKeyNote("--" + flag, line(flag), kind, reason, std::move(param), std::move(value));
    }
    bool has(const std::string& f) const { return m_flags.count(f) > 0; }
    /// A numeric flag: nullopt when absent; an error when not a number, a note when its value
    /// comes from a variable the script does not define.
    std::optional<double> number(const std::string& f)
    {
        const auto it = m_flags.find(f);
        if (it == m_flags.end())
            return std::nullopt;
        if (it->second.unresolved) {
            note(f, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import", "its value comes from outside the script"));
            return std::nullopt;
        }
        char* end = nullptr;
        const double v = std::strtod(it->second.value.c_str(), &end);
        if (it->second.value.empty() || *end != '\0' || !std::isfinite(v)) {
            error(f, "expected a number, found \"" + jsondoc::excerpt(it->second.value) + "\"");
            return std::nullopt;
        }
        return v;
    }
    void error(const std::string& f, const std::string& msg)
    {
        const std::string where = line(f);
        m_out.errors.push_back("--" + f + (where.empty() ? "" : " (" + where + ")") + ": " + msg);
    }
    /// Sets a registry input (numbers range-checked, choices by id); `flag` "" for a default.
    void set(const std::string& flag, const std::string& param, const std::string& text,
             Kind kind = Kind::Read, const char* why = nullptr)
    {
        const ParamDef* def = findDef(param, kPretrainBit);
        if (!def)
            return;
        if (def->type == ParamType::Choice) {
            if (choiceIndex(*def, text) < 0)
                return;
        } else if (def->type != ParamType::Bool) {
            if (const std::string msg = checkValue(*def, std::strtod(text.c_str(), nullptr));
                !msg.empty()) {
                error(flag.empty() ? param : flag, msg);
                return;
            }
        }
        m_values[param] = text;
        if (!flag.empty())
            note(flag, kind, why, param, text);
    }
    void setNumber(const std::string& flag, const std::string& param, double v,
                   Kind kind = Kind::Read, const char* why = nullptr)
    {
        set(flag, param, jsondoc::formatNumber(v), kind, why);
    }

    void layout();
    void batch();
    void shape();
    void finish();

    std::string_view m_text;
    ConfigImport& m_out;
    std::map<std::string, Flag> m_flags;
    std::vector<std::string> m_order;
    std::set<std::string> m_handled;
    std::map<std::string, ImportNote> m_notes;
    std::map<std::string, std::string> m_values;
};

const char* kDefault = QT_TRANSLATE_NOOP("costlab::Import", "Megatron's default when absent");

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
    const double pp = number("pipeline-model-parallel-size").value_or(1);
    const auto layers = number("num-layers");
    if (const auto per = number("num-layers-per-virtual-pipeline-stage"); per && layers && *per > 0)
        setNumber("num-layers-per-virtual-pipeline-stage", "vpp",
                  std::max(1.0, std::round(*layers / (pp * *per))), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "layers ÷ (PP × layers per virtual stage)"));
    else if (const auto v = number("virtual-pipeline-model-parallel-size"))
        setNumber("virtual-pipeline-model-parallel-size", "vpp", *v);
    else
        setNumber({}, "vpp", 1);
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
    sw("tp-comm-overlap", "overlap_tp", "true", "false");
    sw("use-distributed-optimizer", "zero_stage", "1", "0");
    if (has("recompute-granularity")) {
        const std::string g = m_flags["recompute-granularity"].value;
        set("recompute-granularity", "recompute", g == "full" ? "full" : "selective");
    } else if (has("recompute-activations")) {
        set("recompute-activations", "recompute", "selective");
    } else {
        set({}, "recompute", "none");
    }
    for (const char* f : {"recompute-method", "recompute-num-layers"})
        if (has(f))
            note(f, Kind::Approximated,
                 QT_TRANSLATE_NOOP("costlab::Import", "full recompute of every layer is assumed"));
    if (has("fp8-format"))
        set("fp8-format", "precision", "fp8");
    else if (has("bf16"))
        set("bf16", "precision", "bf16");
    else if (has("fp16"))
        set("fp16", "precision", "bf16", Kind::Approximated,
            QT_TRANSLATE_NOOP("costlab::Import", "FP16 is costed as BF16"));
    for (const char* f : {"use-flash-attn"})
        if (has(f))
            set(f, "flash_attention", "true");
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
        if (const auto f = number("moe-ffn-hidden-size"))
            setNumber("moe-ffn-hidden-size", "model.ffn", *f, Kind::Read,
                      QT_TRANSLATE_NOOP("costlab::Import", "per expert"));
    } else {
        setNumber({}, "model.experts", 0);
        setNumber({}, "model.top_k", 0);
    }
    setNumber({}, "model.shared_experts", 0);
    setNumber({}, "model.moe_layer_fraction", 1);
    setNumber({}, "model.sliding_window", 0);
    setNumber({}, "model.swa_layer_fraction", 0);
}

void MegatronReader::finish()
{
    m_out.settings = settingsInRegistryOrder(m_values);
    for (const std::string& f : m_order) {
        if (!m_handled.count(f))
            note(f, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "not used by Costlab's cost and memory model"));
        m_out.notes.push_back(m_notes[f]);
    }
    if (!m_out.errors.empty())
        m_out.settings.clear();
}

} // namespace

ConfigImport importMegatronArgs(std::string_view text)
{
    ConfigImport out;
    out.format = "megatron";
    out.phase_kinds = kPretrainBit;
    if (text.size() > 16u * 1024u * 1024u) {
        out.errors.push_back("the file is larger than 16 MiB");
        return out;
    }
    MegatronReader(text, out).run();
    return out;
}

ConfigImport importConfig(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{')
        return importHfConfig(text);
    return importMegatronArgs(text);
}

} // namespace costlab
