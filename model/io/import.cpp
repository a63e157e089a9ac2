// import.h and importkit.h: the format table, the builder every reader uses, applying an
// import to a phase.
#include "import.h"

#include "importkit.h"
#include "jsondoc.h"
#include "modelarch.h"
#include "shellwords.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

namespace costlab {

namespace {

bool startsWithBrace(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] == '{';
}

bool namesOpenRlhf(std::string_view text)
{
    return text.find("openrlhf") != std::string_view::npos ||
           text.find("--actor_num_gpus_per_node") != std::string_view::npos ||
           text.find("--actor.num_gpus_per_node") != std::string_view::npos;
}

bool namesVerl(std::string_view text)
{
    return text.find("actor_rollout_ref") != std::string_view::npos ||
           text.find("verl.trainer") != std::string_view::npos;
}

bool anything(std::string_view)
{
    return true;
}

// Recognition order matters: a config.json starts with '{'; an OpenRLHF script may mention
// veRL-like words, never the reverse; Megatron arguments are what is left.
constexpr std::array<ImportFormat, 4> kImportFormats{{
    {"hf", QT_TRANSLATE_NOOP("costlab::Import", "Hugging Face config.json"),
     QT_TRANSLATE_NOOP("costlab::Import", "the model shape of the pre-training and RL phases"),
     kPretrainBit | kRlBit, startsWithBrace, readHfConfig,
     "A Hugging Face model config.json (text starting with '{'; llama, mistral, mixtral,\n"
     "qwen2, qwen2_moe, qwen3, qwen3_moe, gemma, gemma2, gemma3, gpt_oss, deepseek_v2,\n"
     "deepseek_v3): layers, hidden size, heads, KV heads, head dimension, FFN, vocabulary,\n"
     "tied embeddings, sliding-window layers, experts, top-k, shared experts and MoE\n"
     "layers, into every pre-training and RL phase.\n"},
    {"openrlhf", QT_TRANSLATE_NOOP("costlab::Import", "OpenRLHF launch arguments"),
     QT_TRANSLATE_NOOP("costlab::Import",
                       "the batch, algorithm, trainer layout, GPU pools and vLLM engines of "
                       "an RL phase (the model comes from its own config.json)"),
     kRlBit, namesOpenRlhf, readOpenRlhfArgs,
     "OpenRLHF launch arguments (train_ppo_ray; flat, --max_len and dotted flag names):\n"
     "the actor's pool, vLLM engines, batch and lengths, algorithm and KL, ZeRO stage,\n"
     "DeepSpeed TP, gradient checkpointing, LoRA and asynchronous training, into the RL\n"
     "phases; absent flags take train_ppo_ray.py's defaults.\n"},
    {"verl", QT_TRANSLATE_NOOP("costlab::Import", "veRL config"),
     QT_TRANSLATE_NOOP("costlab::Import",
                       "the batch, algorithm, trainer layout, GPU pools and rollout engine of "
                       "an RL phase (the model comes from its own config.json)"),
     kRlBit, namesVerl, readVerlConfig,
     "A veRL config (a Hydra YAML file or a launch script of key=value overrides): batch,\n"
     "group size, lengths, turns, algorithm and KL, FSDP or Megatron TP/PP, micro-batch,\n"
     "recompute, LoRA, GPU pools, one-step-off / fully asynchronous recipes and the\n"
     "rollout engine, into the RL phases; absent keys take veRL's defaults.\n"},
    {"megatron", QT_TRANSLATE_NOOP("costlab::Import", "Megatron-LM launch arguments"),
     QT_TRANSLATE_NOOP("costlab::Import", "the layout and batch of the pre-training phase"),
     kPretrainBit, anything, readMegatronArgs,
     "Megatron-LM / NeMo launch arguments (a shell script or an argument list): TP, PP,\n"
     "virtual stages, CP, EP, expert TP, sequence parallelism, distributed optimizer or\n"
     "Megatron-FSDP, overlap, recompute, precision, micro- and global batch, sequence\n"
     "length, tokens from --train-iters and, with --num-layers, the model shape, into the\n"
     "pre-training phases; absent layout flags take Megatron's defaults.\n"},
}};

/// "a Hugging Face config.json, OpenRLHF launch arguments, a veRL config or Megatron-LM
/// launch arguments": every format, for the "not recognised" error.
std::string formatList()
{
    std::string out;
    for (std::size_t i = 0; i < kImportFormats.size(); ++i)
        out += std::string(i == 0                           ? ""
                           : i + 1 == kImportFormats.size() ? " or "
                                                            : ", ") +
               kImportFormats[i].label;
    return out;
}

} // namespace

std::span<const ImportFormat> importFormats()
{
    return kImportFormats;
}

const ImportFormat* findImportFormat(std::string_view id)
{
    for (const ImportFormat& f : kImportFormats)
        if (f.id == id)
            return &f;
    return nullptr;
}

ConfigImport importAs(std::string_view id, std::string_view text)
{
    ConfigImport out;
    const ImportFormat* f = findImportFormat(id);
    if (!f) {
        addImportError(out,
                       message(Msg::NoImportFormat, {textArg(jsondoc::excerpt(std::string(id)))}));
        out.failure = ImportFailure::NotRecognised;
        return out;
    }
    out.format = std::string(f->id);
    out.phase_kinds = f->phase_kinds;
    if (std::string e = importSizeError(text); !e.empty()) {
        addImportError(out, textArg(std::move(e)));
        out.failure = ImportFailure::TooLarge;
        return out;
    }
    f->read(text, out);
    if (!out.errors.empty() && out.failure == ImportFailure::None)
        out.failure = ImportFailure::Invalid;
    return out;
}

ConfigImport importConfig(std::string_view text)
{
    const auto f = std::find_if(kImportFormats.begin(), kImportFormats.end(),
                                [&](const ImportFormat& r) { return r.recognise(text); });
    ConfigImport im = importAs(f->id, text);
    // The fallback found none of its own keys: say what Costlab reads, not only which
    // Megatron flags it missed.
    if (f + 1 == kImportFormats.end() && im.failure == ImportFailure::NotRecognised) {
        im.errors.clear();
        im.problems.clear();
        addImportError(im, message(Msg::NotAConfiguration, {textArg(formatList())}));
    }
    return im;
}

ConfigImport importHfConfig(std::string_view text)
{
    return importAs("hf", text);
}
ConfigImport importMegatronArgs(std::string_view text)
{
    return importAs("megatron", text);
}
ConfigImport importVerlConfig(std::string_view text)
{
    return importAs("verl", text);
}
ConfigImport importOpenRlhfArgs(std::string_view text)
{
    return importAs("openrlhf", text);
}

std::string importSizeError(std::string_view text)
{
    return text.size() > kMaxImportBytes ? std::string("the file is larger than 16 MiB")
                                         : std::string();
}

std::string importValueError(const ParamDef& def, const std::string& text)
{
    if (def.type == ParamType::Choice) {
        if (choiceIndex(def, text) >= 0)
            return {};
        std::string ids;
        for (const ChoiceDef& c : def.choices)
            ids += (ids.empty() ? "" : ", ") + std::string(c.id);
        return "unknown value \"" + jsondoc::excerpt(text) + "\" (expected " + ids + ")";
    }
    if (def.type == ParamType::Bool) // the forms setFromString() takes
        return text == "true" || text == "false" || text == "1" || text == "0" || text == "on" ||
                       text == "off"
                   ? std::string()
                   : "expected true or false, found \"" + jsondoc::excerpt(text) + "\"";
    return checkValue(def, std::strtod(text.c_str(), nullptr));
}

ImportNote makeKeyNote(std::string key, std::string line, ImportNote::Kind kind, const char* reason,
                       std::string param, std::string value)
{
    ImportNote n{std::move(key),   std::move(line),     {}, kind, std::move(param),
                 std::move(value), reason ? reason : ""};
    if (n.param.empty())
        n.action = n.value.empty() ? n.reason : n.reason + ": " + n.value;
    else
        n.action = n.param + " = " + n.value + (n.reason.empty() ? "" : " (" + n.reason + ")");
    return n;
}

std::vector<ParamChange> settingsInRegistryOrder(const std::map<std::string, std::string>& values,
                                                 unsigned phaseKindBit)
{
    std::vector<ParamChange> out;
    for (const ParamDef& d : parameters()) {
        const auto it = values.find(std::string(d.key));
        if (it != values.end() && (d.phase_kinds & phaseKindBit))
            out.push_back({it->first, it->second});
    }
    return out;
}

// ---------------------------------------------------------------- the builder

void ImportBuilder::note(const std::string& key, Kind kind, const char* reason, std::string param,
                         std::string value)
{
    if (!inFile(key))
        return;
    m_handled.insert(key);
    m_notes[key] =
        makeKeyNote(shown(key), lineOf(key), kind, reason, std::move(param), std::move(value));
}

void addImportError(ConfigImport& out, Message m)
{
    out.errors.push_back(messageText(m));
    out.problems.push_back(std::move(m));
}

void ImportBuilder::error(const std::string& key, const std::string& text)
{
    error(key, textArg(text));
}

void ImportBuilder::error(const std::string& key, Message what)
{
    if (key.empty()) {
        addImportError(m_out, std::move(what));
        return;
    }
    // "key (line N): what"; lineOf() says "line N" (or "" when the key is not in the file).
    const std::string where = lineOf(key);
    Message at = textArg(errorKey(key));
    if (where.rfind("line ", 0) == 0)
        at = message(Msg::KeyAtLine, {std::move(at), textArg(where.substr(5))});
    else if (!where.empty())
        at = textArg(errorKey(key) + " (" + where + ")");
    addImportError(m_out, message(Msg::IdMessage, {std::move(at), std::move(what)}));
}

void ImportBuilder::set(const std::string& key, const std::string& param, const std::string& text,
                        Kind kind, const char* why)
{
    const ParamDef* def = findDef(param, m_phaseBit);
    if (!def) { // a reader naming an input its phase lacks is a bug, never the file's fault
        error(key.empty() ? param : key, "Costlab has no input " + param + " for this phase");
        return;
    }
    if (const std::string msg = importValueError(*def, text); !msg.empty()) {
        // A choice the file names that the registry lacks is noted, never dropped silently.
        if (def->type == ParamType::Choice && !key.empty())
            note(key, Kind::Ignored, kUnknownValueReason);
        else
            error(key.empty() ? param : key, msg);
        return;
    }
    m_values[param] = text;
    if (!key.empty())
        note(key, kind, why, param, text);
}

void ImportBuilder::setNumber(const std::string& key, const std::string& param, double v, Kind kind,
                              const char* why)
{
    const ParamDef* def = findDef(param, m_phaseBit);
    const bool boolean = def && def->type == ParamType::Bool;
    set(key, param, boolean ? (v != 0 ? "true" : "false") : jsondoc::formatNumber(v), kind, why);
}

std::optional<double> ImportBuilder::parseNumber(const std::string& key, const std::string& text)
{
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v)) {
        error(key,
              message(Msg::ExpectedNumberFound, {textArg("\"" + jsondoc::excerpt(text) + "\"")}));
        return std::nullopt;
    }
    return v;
}

LaunchFlags readLaunchFlags(std::string_view text, std::string (*canonical)(const std::string&))
{
    LaunchFlags out;
    const std::vector<std::string> w = shellWords(text, &out.error);
    if (!out.error.empty())
        return out;
    for (std::size_t i = 0; i < w.size(); ++i) {
        if (w[i].rfind("--", 0) != 0 || w[i].size() < 3)
            continue;
        std::string name = w[i].substr(2), value;
        std::vector<std::string> more;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        } else if (i + 1 < w.size() && w[i + 1].rfind("--", 0) != 0) {
            value = w[i + 1];
            ++i;
            while (i + 1 < w.size() && w[i + 1].rfind("--", 0) != 0)
                more.push_back(w[++i]);
        }
        const std::string key = canonical ? canonical(name) : name;
        if (!out.flags.count(key))
            out.order.push_back(key);
        const bool unresolved = hasUnresolved(value);
        out.flags[key] = {std::move(name), std::move(value), std::move(more), unresolved};
    }
    return out;
}

bool LaunchFlagReader::readFlags(std::string (*canonical)(const std::string&))
{
    LaunchFlags read = readLaunchFlags(text(), canonical);
    if (!read.error.empty()) {
        error({}, read.error);
        return false;
    }
    m_flags = std::move(read.flags);
    m_order = std::move(read.order);
    return true;
}

std::optional<double> LaunchFlagReader::number(const std::string& f)
{
    const auto it = m_flags.find(f);
    if (it == m_flags.end())
        return std::nullopt;
    if (it->second.unresolved) {
        note(f, Kind::Ignored,
             QT_TRANSLATE_NOOP("costlab::Import", "its value comes from outside the script"));
        return std::nullopt;
    }
    return parseNumber(f, it->second.value);
}

// ---------------------------------------------------------------- applying

std::string applyImport(Scenario& s, int phase, const ConfigImport& im)
{
    if (!im.ok())
        return im.errors.empty() ? std::string("nothing to import") : im.errors.front();
    if (phase < 0 || phase >= int(s.phases.size()))
        return "no such phase";
    Scenario next = s;
    Phase& p = next.phases[std::size_t(phase)];
    for (const ParamChange& st : im.settings)
        if (!findDef(st.id, 1u << unsigned(p.kind)))
            return "the " + std::string(phasePrefix(p.kind)) + " phase has no input " + st.id;
    if (const ChangeResult r = applyChanges(next, phaseChanges(next, phase, im.settings)); !r)
        return r.error;
    p.model.preset.clear();
    syncDerived(p.model);
    s = std::move(next);
    return {};
}

} // namespace costlab
