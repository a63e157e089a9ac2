// Import of a Hugging Face `config.json` (transformers' model configuration) into a phase's
// model shape (issue 18). The families read are those whose configuration keys and layer
// layout transformers defines: llama, mistral, mixtral, qwen2, qwen2_moe, qwen3, qwen3_moe,
// gemma, gemma2, gemma3_text, gpt_oss, deepseek_v2, deepseek_v3. Every top-level key of the
// file is accounted for: read into a parameter, used to derive one, or listed as ignored
// with the reason, so nothing is dropped silently. Values go through the parameter
// registry's range checks; a file with any error applies nothing.
#pragma once

#include "paramchange.h"
#include "registry.h"
#include "scenario.h"
#include "trnoop.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// One top-level key of the file and what the import did with it.
struct ImportNote {
    std::string key;    ///< the config key ("num_hidden_layers")
    std::string line;   ///< "line 12" of the key in the file, "" when not found
    std::string action; ///< English summary: "model.layers = 32", or the reason
    enum class Kind { Read, Derived, Approximated, Ignored } kind = Kind::Read;
    std::string param;  ///< registry key it set ("model.layers"), "" when none
    std::string value;  ///< the value set, in registry text form
    std::string reason; ///< fixed English phrase, translated in the context costlab::Import
};

struct ConfigImport {
    std::string format = "hf"; ///< "hf" (config.json), "megatron", "verl" or "openrlhf"
    /// Phase kinds the settings apply to (registry bits): a model shape fits pre-training
    /// and RL phases, Megatron's layout and batch only pre-training.
    unsigned phase_kinds = kPretrainBit | kRlBit;
    std::string model_type;   ///< "qwen2", …; "" when the file has none
    std::string architecture; ///< architectures[0] ("Qwen2ForCausalLM"), "" when absent
    /// The inputs the import sets, in application order, with phase-relative ids
    /// ("model.layers", "32"); phaseChanges() makes them a phase's. Empty when errors is not.
    std::vector<ParamChange> settings;
    std::vector<ImportNote> notes;   ///< every top-level key, in file order
    std::vector<std::string> errors; ///< "/pointer (line N): message"; nothing applies then
    bool ok() const { return errors.empty(); }
};

/// The largest file an importer reads: the limit of every file Costlab reads (16 MiB).
inline constexpr std::size_t kMaxImportBytes = 16u * 1024u * 1024u;
/// The error of an importer given `text` larger than kMaxImportBytes, or "".
std::string importSizeError(std::string_view text);

/// Whether `text` is a value the registry input `def` takes: "" when it is, else why (an
/// unknown choice id with the ids the input lists, or the number's range). The launch-script
/// readers note an unknown value from the file instead of skipping it silently (issue 43).
std::string importValueError(const ParamDef& def, const std::string& text);
/// The fixed reason of that note (translated in the context costlab::Import).
inline constexpr const char* kUnknownValueReason =
    QT_TRANSLATE_NOOP("costlab::Import", "a value Costlab does not know for this input: the "
                                         "plan's is kept");

/// A note with its English summary (`action`) built from the input it set and the reason.
ImportNote makeKeyNote(std::string key, std::string line, ImportNote::Kind kind, const char* reason,
                       std::string param = {}, std::string value = {});

/// `values` (registry key → text) as settings in registry order, so an import applies its
/// inputs as the parameter panel lists them (the shape switch before the shape); keys are
/// those of the phase kind `phaseKindBit` (registry bits).
std::vector<ParamChange> settingsInRegistryOrder(const std::map<std::string, std::string>& values,
                                                 unsigned phaseKindBit = kPretrainBit);

/// Reads config.json text. Errors: not JSON (with line and column), not an object, an
/// unknown or missing model_type, a required key (layers, hidden size, heads, vocabulary,
/// FFN size) missing or not a number, a value outside the registry's range for its
/// parameter (the registry's message). Never throws.
ConfigImport importHfConfig(std::string_view text);

/// Reads Megatron-LM / NeMo launch arguments: a shell script (variables, arrays and
/// ${NAME:-default} expanded, comments and continuations removed) or a plain argument list.
/// Sets the pre-training layout (TP, PP, virtual stages, CP, EP, sequence parallelism,
/// distributed optimizer, overlap, recompute, precision), the batch (micro-batch, global
/// batch × sequence length, tokens from --train-iters) and, with --num-layers, the shape.
/// Absent layout flags take Megatron's defaults. Errors: no Megatron flag at all, a numeric
/// flag that is not a number, a value outside its parameter's range. Never throws.
ConfigImport importMegatronArgs(std::string_view text);

/// Reads a veRL config: a Hydra YAML file (yaml-cpp), or a launch script whose `key=value`
/// overrides configure veRL's trainer (shell variables expanded as for Megatron). Sets the RL
/// phase's batch (prompts, group size, lengths, turns, iterations), algorithm and KL, the
/// trainer's strategy (FSDP as ZeRO-3, Megatron TP/PP with its distributed optimizer),
/// micro-batch, recompute and LoRA, the pools (nodes × GPUs per node; a separate rollout pool
/// of the one-step-off / fully asynchronous recipes makes the placement disaggregated and the
/// pipeline asynchronous) and the rollout engine (TP, memory utilisation, sequences, sleep,
/// precision, importance-sampling correction). Absent keys take veRL's defaults. Errors: not
/// YAML and no overrides (with line and column), no veRL section, a value that is not a
/// number or boolean, a value outside its parameter's range, nesting deeper than 32 levels.
/// Never throws.
ConfigImport importVerlConfig(std::string_view text);

/// Reads OpenRLHF launch arguments (openrlhf.cli.train_ppo_ray; the classic flat flags of
/// v0.9.7 and earlier, --max_len / --max_new_tokens of v0.9.8+ and the dotted flags of v0.10.2+,
/// e.g. --actor.num_gpus_per_node): the actor's pool, the vLLM engines (colocated with
/// --colocate_all_models, else a rollout pool of engines × TP), batch and lengths, algorithm
/// and KL, ZeRO stage, DeepSpeed TP, gradient checkpointing, LoRA, asynchronous training and
/// the IS correction. Absent flags take train_ppo_ray.py's defaults. Errors: no OpenRLHF flag,
/// a value that is not a number, a value outside its parameter's range. Never throws.
ConfigImport importOpenRlhfArgs(std::string_view text);

/// A config.json (text starting with '{'), OpenRLHF arguments (text naming openrlhf or its
/// actor pool flags), a veRL config (text naming actor_rollout_ref or verl), or else Megatron
/// arguments.
ConfigImport importConfig(std::string_view text);

/// Applies `im.settings` to the model of phase `phase` (index into s.phases) through the
/// registry; returns "" or the first message (then `s` is unchanged). Derived parameter
/// counts follow the shape (syncDerived); the preset id is cleared.
std::string applyImport(Scenario& s, int phase, const ConfigImport& im);

} // namespace costlab
