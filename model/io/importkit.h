// The kit every config reader builds its ConfigImport with (issue 43): notes for every key of
// the file, errors with the key and its line, registry inputs range-checked as they are set,
// an unknown choice noted rather than dropped, and one finish(). Internal to model/io: the
// readers include it, nothing outside does.
#pragma once

#include "import.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// The fixed reason of the note an unknown value gets (translated in costlab::Import).
inline constexpr const char* kUnknownValueReason =
    QT_TRANSLATE_NOOP("costlab::Import", "a value Costlab does not know for this input: the "
                                         "plan's is kept");
/// The reason of a key the cost and memory model has no use for.
inline constexpr const char* kNotUsedReason =
    QT_TRANSLATE_NOOP("costlab::Import", "not used by Costlab's cost and memory model");

/// A note with its English summary (`action`) built from the input it set and the reason.
ImportNote makeKeyNote(std::string key, std::string line, ImportNote::Kind kind, const char* reason,
                       std::string param = {}, std::string value = {});

/// `values` (registry key → text) as settings in registry order, so an import applies its
/// inputs as the parameter panel lists them (the shape switch before the shape); keys are
/// those of the phase kind `phaseKindBit` (registry bits).
std::vector<ParamChange> settingsInRegistryOrder(const std::map<std::string, std::string>& values,
                                                 unsigned phaseKindBit = kPretrainBit);

/// Base of a reader: owns the notes, errors and values of one import. A reader derives from
/// it, says how its keys are shown and located (shown(), lineOf()), reads the file and calls
/// set() for every input, then finish() with the keys in file order.
class ImportBuilder {
public:
    using Kind = ImportNote::Kind;

    /// `phaseBit`: the registry phase kind (kPretrainBit, kRlBit) whose inputs are set.
    ImportBuilder(std::string_view text, ConfigImport& out, unsigned phaseBit)
        : m_text(text), m_out(out), m_phaseBit(phaseBit)
    {
    }
    virtual ~ImportBuilder() = default;
    ImportBuilder(const ImportBuilder&) = delete;
    ImportBuilder& operator=(const ImportBuilder&) = delete;

protected:
    /// The key as notes show it ("--num-layers"); the key itself by default.
    virtual std::string shown(const std::string& key) const { return key; }
    /// The key as errors name it (a JSON pointer for config.json); shown() by default.
    virtual std::string errorKey(const std::string& key) const { return shown(key); }
    /// "line N" of the key in the file, "" when not found.
    virtual std::string lineOf(const std::string& key) const = 0;
    /// Whether the file has the key; notes are kept only for keys it has.
    virtual bool inFile(const std::string& /*key*/) const { return true; }

    /// Records what happened to `key`: `reason` is a fixed English phrase (translated by the
    /// window in the context costlab::Import), `param`/`value` the input it set, if any.
    void note(const std::string& key, Kind kind, const char* reason, std::string param = {},
              std::string value = {});
    /// An error at `key` ("" for one about the whole file); nothing applies then.
    void error(const std::string& key, const std::string& message);
    /// As above, a message the window translates (issue 49).
    void error(const std::string& key, Message message);
    /// Sets registry input `param` to `text`, checked by the registry; `key` is the file's
    /// key, "" for a value the format implies (its default). A choice the registry lacks is
    /// noted at the key (never dropped silently); any other refused value is an error.
    void set(const std::string& key, const std::string& param, const std::string& text,
             Kind kind = Kind::Read, const char* why = nullptr);
    /// set() of a number (a boolean input takes v ≠ 0 as true).
    void setNumber(const std::string& key, const std::string& param, double v,
                   Kind kind = Kind::Read, const char* why = nullptr);
    /// The number `text` holds (the whole text, finite), else an error at `key` and nullopt.
    std::optional<double> parseNumber(const std::string& key, const std::string& text);

    bool isSet(const std::string& param) const { return m_values.count(param) > 0; }
    bool handled(const std::string& key) const { return m_handled.count(key) > 0; }
    void markHandled(const std::string& key) { m_handled.insert(key); }
    std::string_view text() const { return m_text; }
    ConfigImport& out() { return m_out; }

    /// Ends the import: the settings in registry order, a note for every key of `order` (file
    /// order; one nothing read gets `ignoredReason(key)`), and no settings when any error.
    template <typename Reason> void finish(const std::vector<std::string>& order, Reason reason)
    {
        m_out.settings = settingsInRegistryOrder(m_values, m_phaseBit);
        for (const std::string& k : order) {
            if (!handled(k))
                note(k, Kind::Ignored, reason(k));
            if (const auto it = m_notes.find(k); it != m_notes.end())
                m_out.notes.push_back(it->second);
        }
        if (!m_out.errors.empty()) {
            m_out.settings.clear();
            m_out.failure = ImportFailure::Invalid;
        }
    }
    void finish(const std::vector<std::string>& order)
    {
        finish(order, [](const std::string&) { return kNotUsedReason; });
    }

private:
    std::string_view m_text;
    ConfigImport& m_out;
    unsigned m_phaseBit;
    std::set<std::string> m_handled;
    std::map<std::string, ImportNote> m_notes;
    std::map<std::string, std::string> m_values; ///< registry key → text
};

/// One `--flag value` of a launch script.
struct LaunchFlag {
    std::string name;  ///< as written, without "--" ("actor.num_gpus_per_node")
    std::string value; ///< "" for a switch
    /// Further words before the next flag, for flags that take a list (argparse nargs='+',
    /// Megatron's --recompute-modules core_attn moe_act).
    std::vector<std::string> more;
    bool unresolved = false; ///< the value names a variable the script does not define
};

/// The flags a launch script passes (shellWords(), then `--name value` or `--name=value`;
/// a word starting "--" is never a value). `canonical` maps a name as written to the key
/// it is filed under (a renamed flag to its classic name); the last occurrence wins.
struct LaunchFlags {
    std::map<std::string, LaunchFlag> flags; ///< canonical name → flag
    std::vector<std::string> order;          ///< canonical names in first-seen order
    std::string error;                       ///< the script's expansion was refused (then no flags)
};
LaunchFlags readLaunchFlags(std::string_view text,
                            std::string (*canonical)(const std::string&) = nullptr);

/// Base of a launch-script reader (Megatron-LM, OpenRLHF): the script's flags, read once,
/// and a numeric flag with its two failure modes (not a number: an error; a value from a
/// variable the script does not define: noted).
class LaunchFlagReader : public ImportBuilder {
public:
    using ImportBuilder::ImportBuilder;

protected:
    /// Reads the flags (readLaunchFlags() with `canonical`); false after an error when the
    /// script's expansion was refused.
    bool readFlags(std::string (*canonical)(const std::string&) = nullptr);
    bool has(const std::string& f) const { return m_flags.count(f) > 0; }
    /// A numeric flag: nullopt when absent; an error when not a number, a note when its
    /// value comes from a variable the script does not define.
    std::optional<double> number(const std::string& f);

    std::map<std::string, LaunchFlag> m_flags; ///< by canonical name
    std::vector<std::string> m_order;          ///< canonical names in file order
};

// The readers of the format table (import.cpp).
void readHfConfig(std::string_view text, ConfigImport& out);
void readMegatronArgs(std::string_view text, ConfigImport& out);
void readVerlConfig(std::string_view text, ConfigImport& out);
void readOpenRlhfArgs(std::string_view text, ConfigImport& out);

} // namespace costlab
