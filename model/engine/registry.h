// The parameter registry: every user-facing input described once (architecture.md).
// Sliders, the JSON schema, --set on the command line, sweeps and the report's assumptions
// table all derive from this table. Adding a parameter = one row in registry.cpp + tests.
//
// Ids: scenario-wide inputs are "section.field" ("reliability.checkpoint_interval_h").
// Phase inputs are "<kind>.field" for the first phase of that kind ("pretrain.tokens",
// "rl.env_count", "eval.versions", "rl.model.layers"); further phases of the same kind
// are addressed as "rl#2.env_count" (1-based ordinal among phases of that kind).
#pragma once

#include "messages.h"
#include "scenario.h"
#include "trnoop.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

enum class ParamType : std::uint8_t { Real, Integer, Bool, Choice, AcceleratorRef, InstanceRef };
enum class ParamScale : std::uint8_t { Linear, Log, Categorical };

/// Phase kinds a parameter applies to, as a bit mask of (1 << PhaseKind).
inline constexpr unsigned kPretrainBit = 1u << 0, kRlBit = 1u << 1, kEvalBit = 1u << 2;

/// Description of one input. Strings are static (string literals), labels and help are
/// English and marked for translation with the context "costlab::Param".
struct ParamDef {
    std::string_view key;       ///< scenario-wide: full id; phase: id without the kind prefix
    unsigned phase_kinds = 0;   ///< 0 = scenario-wide; otherwise mask of kinds
    std::string_view json_path; ///< '/'-separated path inside the scenario / phase object;
                                ///< derived from the key when a row leaves it empty
    ParamType type = ParamType::Real;
    ParamScale scale = ParamScale::Linear;
    std::string_view unit; ///< canonical unit of the stored value ("tokens", "h", "USD/h")
    double min = 0, max = 1, def = 0;    ///< hard range (load rejects outside) and default
    double valid_min = 0, valid_max = 0; ///< range the model was validated on (UI marks outside)
    std::span<const ChoiceDef> choices;  ///< for ParamType::Choice
    std::string_view group;              ///< UI group ("Model", "Parallelism", "Rollout", ...)
    std::string_view label;              ///< short English label
    std::string_view help;               ///< one line: what it is, where the default comes from
    double display_factor = 1;           ///< shown value = stored × factor (params → billions)
    std::string_view display_unit;       ///< unit of the shown value ("B", "T tokens")
    /// What a value of 0 means when it stands for something else than zero of the unit
    /// ("= TP", "predicted", "dropless"): the editor shows it instead of "0 GPUs". Marked for
    /// translation like the label; empty = 0 is just zero.
    std::string_view zero_label;
    // Accessors: phase is null for scenario-wide parameters. Choices are read/written as index.
    double (*get)(const Scenario&, const Phase*) = nullptr;
    void (*set)(Scenario&, Phase*, double) = nullptr;
    std::string (*get_str)(const Phase&) = nullptr; ///< catalog references
    void (*set_str)(Phase&, const std::string&) = nullptr;
    /// True when the parameter means something for this phase (e.g. LoRA rank only in LoRA mode).
    bool (*active)(const Scenario&, const Phase*) = nullptr;
    /// A field of the phase's model (key "model.…"): setValue() re-derives the parameter
    /// counts and the preset id after setting it (syncDerived, modelarch.h). Set by the table.
    bool model_input = false;
    /// Plausible range of the value for the sensitivity analysis (issue 14), in stored units,
    /// with where it comes from; both 0 = no range known (the analysis then varies the value
    /// by the user's ± share). Described once, here.
    double unc_low = 0, unc_high = 0;
    std::string_view unc_source;
};

/// True for an input whose value the phase's shape derives right now — the parameter counts
/// while "derive size from shape" is on: shown as the derived figure, not stored in files.
bool derivedFromShape(const ParamDef&, const Phase*);

/// True for a count a target sets right now (issue 46): the tokens of a phase sized by a
/// target loss, the iterations of one sized by a target score. The plan keeps the typed value
/// but prices the target's (sizedPhase()); views show that one, and sweeping it is refused.
bool setByTarget(const ParamDef&, const Phase*);

/// The whole registry, in display order.
std::span<const ParamDef> parameters();

/// A parameter bound to a place in a scenario: phase index (into Scenario::phases) or -1.
struct ParamRef {
    const ParamDef* def = nullptr;
    int phase = -1;
    bool valid() const { return def != nullptr; }
};

/// Short id prefix of a phase kind: "pretrain", "rl", "eval".
std::string_view phasePrefix(PhaseKind);
/// Full id of a bound parameter ("rl#2.env_count").
std::string fullId(const Scenario&, const ParamRef&);
/// Resolve a full id against a scenario; nullopt when no such parameter or phase.
std::optional<ParamRef> findParam(const Scenario&, std::string_view fullId);
/// Every parameter that applies to the scenario: scenario-wide ones, then each phase's.
std::vector<ParamRef> boundParameters(const Scenario&);
/// Find a definition by scenario-wide id or phase-relative key and kind.
const ParamDef* findDef(std::string_view key, unsigned phaseKindBit = 0);

/// Numeric value (choice → index, bool → 0/1). Catalog references return 0.
double getValue(const Scenario&, const ParamRef&);
/// Set a numeric value without range checks (use checkValue first for user input).
void setValue(Scenario&, const ParamRef&, double);
/// String value of any parameter: choice id, catalog id, or the number printed exactly.
std::string getString(const Scenario&, const ParamRef&);
/// Parse and set from text (choice id, catalog id, number, true/false). Returns an error
/// message naming the id, the expected unit/range and the offending text, or "" on success.
std::string setFromString(Scenario&, const ParamRef&, std::string_view text);
/// setFromString() with the error as a message tree (messages.h), for views that show it in
/// the reader's language; an empty Message on success.
Message setFromText(Scenario&, const ParamRef&, std::string_view text);
/// Decimal text that reads back as exactly `v` (the form setFromString takes): whole numbers
/// written out, others in the shortest round-tripping form.
std::string numberText(double v);
/// What a number of `d` must be: "expected an integer (GPUs) in [1, 1000000]".
std::string expectedValueText(const ParamDef& d);
/// expectedValueText() as a message tree.
Message expectedValueMessage(const ParamDef& d);
/// "" when `v` is acceptable for `def`, else a message with range and unit (NaN/Inf rejected).
std::string checkValue(const ParamDef&, double v);
/// checkValue() as a message tree; empty when `v` is acceptable.
Message valueProblem(const ParamDef&, double v);
/// True when `v` lies outside the validated range (but inside the hard range).
bool outsideValidated(const ParamDef&, double v);
/// Index of choice id in def.choices, or -1.
int choiceIndex(const ParamDef&, std::string_view id);

/// A scenario with one phase per kind in `kinds`, every input at its registry default.
Scenario defaultScenario(std::span<const PhaseKind> kinds);

/// Switches `s` to currency `to`, converting every scenario-wide money input (unit
/// "currency…": budget, daily alert, engineering rate, interconnect price) at s.cny_per_usd,
/// rounded to 6 significant digits. Returns "" or, leaving `s` unchanged, the first input
/// whose converted value is outside its range (id and message). Same currency: no change.
std::string convertMoneyInputs(Scenario& s, Currency to);

/// Levenshtein distance between two ids (insertions, deletions, substitutions), for the
/// "did you mean" suggestions of the file reader and the command line.
std::size_t editDistance(std::string_view a, std::string_view b);

/// One id by which a parameter can be addressed in any plan that has its phase kind:
/// "section.field" for scenario-wide inputs, "<kind>.field" for each phase kind it applies to.
struct ParamAddress {
    std::string id;
    const ParamDef* def;
};
/// Every addressable id, in registry order (`costlab-cli params`).
std::vector<ParamAddress> addressableParameters();
/// Stable ids of a parameter's type ("real", "integer", "bool", "choice", "accelerator",
/// "instance") and scale ("linear", "log", "categorical").
std::string_view paramTypeId(ParamType);
std::string_view paramScaleId(ParamScale);

} // namespace costlab
