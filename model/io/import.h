// Importing a model configuration or a launch script into a plan (issues 18 and 43): the
// result every importer returns, the table of formats Costlab reads, and applying a result
// to a phase. The readers themselves live one per file (hfconfig.cpp, megatronargs.cpp,
// verlconfig.cpp, openrlhf.cpp) and build their result with the kit in importkit.h.
//
// Adding a format is a row in kImportFormats (import.cpp) and a reader: recognition,
// `costlab-cli import`'s help and summary, the dialog's title and summary and the "not
// recognised" error all derive from the table.
#pragma once

#include "files.h"
#include "messages.h"
#include "paramchange.h"
#include "registry.h"
#include "scenario.h"
#include "trnoop.h"

#include <cstddef>
#include <span>
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

/// Why an import holds errors: callers decide on this, never on message text.
enum class ImportFailure {
    None,          ///< no errors
    TooLarge,      ///< the text is over kMaxImportBytes; nothing was read
    NotRecognised, ///< no format of the table recognised the text
    Invalid        ///< a format read it and found errors (each in `errors`)
};

struct ConfigImport {
    std::string format = "hf"; ///< the ImportFormat id: "hf", "megatron", "verl", "openrlhf"
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
    /// The same errors as messages, in the same order, that the window shows in the
    /// reader's language (issue 49); messageText() of each is its `errors` entry.
    std::vector<Message> problems;
    ImportFailure failure = ImportFailure::None;
    bool ok() const { return errors.empty(); }
};

/// Records an error of `out`: its English text in `errors`, the message in `problems`.
void addImportError(ConfigImport& out, Message m);

/// The largest file an importer reads: the limit of every file Costlab reads.
inline constexpr std::size_t kMaxImportBytes = kMaxFileBytes;
/// The error of an importer given `text` larger than kMaxImportBytes, or "".
std::string importSizeError(std::string_view text);

/// Whether `text` is a value the registry input `def` takes: "" when it is, else why (an
/// unknown choice id with the ids the input lists, or the number's range). The readers note
/// an unknown value from the file instead of skipping it silently (issue 43).
std::string importValueError(const ParamDef& def, const std::string& text);

/// One format Costlab reads. Labels and summaries are English, translated by the window in
/// the context costlab::Import.
struct ImportFormat {
    std::string_view id;  ///< ConfigImport::format ("megatron")
    const char* label;    ///< "Megatron-LM launch arguments": dialog title, CLI, errors
    const char* fills;    ///< what an import sets, completing "…: " in the dialog's summary
    unsigned phase_kinds; ///< registry phase bits the settings apply to
    /// True when `text` is this format; the last row recognises everything (the fallback).
    bool (*recognise)(std::string_view text);
    /// Reads `text` (already within kMaxImportBytes) into `out` (format and phase_kinds set).
    void (*read)(std::string_view text, ConfigImport& out);
    const char* help; ///< the paragraph of `costlab-cli import --help` (English)
};

/// The formats, in recognition order (the first whose recognise() is true reads the text).
std::span<const ImportFormat> importFormats();
/// The row of `id`, or nullptr.
const ImportFormat* findImportFormat(std::string_view id);

/// Reads `text` as format `id` (an ImportFormat id). Errors: the text is over 16 MiB
/// (TooLarge), or what the reader found (Invalid); an unknown id is NotRecognised. Never
/// throws beyond std::bad_alloc.
ConfigImport importAs(std::string_view id, std::string_view text);

/// Reads `text` as the first format of the table that recognises it. When that is the
/// fallback and it finds none of its own keys, the error is NotRecognised and names every
/// format Costlab reads.
ConfigImport importConfig(std::string_view text);

/// A Hugging Face config.json: importAs("hf", text). See hfconfig.cpp for the families read.
ConfigImport importHfConfig(std::string_view text);
/// Megatron-LM / NeMo launch arguments: importAs("megatron", text).
ConfigImport importMegatronArgs(std::string_view text);
/// A veRL Hydra YAML config or launch script of overrides: importAs("verl", text).
ConfigImport importVerlConfig(std::string_view text);
/// OpenRLHF (train_ppo_ray) launch arguments: importAs("openrlhf", text).
ConfigImport importOpenRlhfArgs(std::string_view text);

/// Applies `im.settings` to the model of phase `phase` (index into s.phases) through the
/// registry; returns "" or the first message (then `s` is unchanged). Derived parameter
/// counts follow the shape (syncDerived); the preset id is cleared.
std::string applyImport(Scenario& s, int phase, const ConfigImport& im);

} // namespace costlab
