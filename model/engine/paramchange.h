// One parameter change, the one currency of everything that changes a plan (issue 43):
// levers, the optimiser's plans, lesson steps, config imports and the window's undo steps
// all speak ParamChange and apply it through applyChanges(), next to the registry that
// gives the ids their meaning. Analysis code names a choice through choiceId(), from the
// registry's own table, instead of restating its ids.
#pragma once

#include "registry.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// One change to a plan: a full registry id ("rl.rollout_quant", "rl#2.micro_batch",
/// "budget.total") and the new value in registry text form (choice id, catalog id,
/// "true"/"false", a number as numberText() writes it). An importer's settings use the
/// phase-relative key ("model.layers") until a phase is chosen (phaseChanges()).
struct ParamChange {
    std::string id;
    std::string text;
    bool operator==(const ParamChange&) const = default;
};

/// What applyChanges() did to one input, for undo and for the list a user reads.
struct AppliedChange {
    std::string id;
    std::string before, after; ///< registry text form (getString)
};

/// The outcome of applyChanges(): ok, or the first refused change and why.
struct ChangeResult {
    std::string error;      ///< "" on success; names the id and what is wrong (English)
    std::size_t failed = 0; ///< index of the refused change when !ok()
    bool ok() const { return error.empty(); }
    explicit operator bool() const { return ok(); }
};

/// Applies `changes` in order through the registry (setFromString), so a later change may
/// rely on an earlier one (a shape before the layout that must divide it). Stops at the
/// first id this plan does not have or value the registry refuses; `s` is then partly
/// changed — callers that must not keep half a change apply to a copy (Document::apply).
/// `applied`, when given, receives each change that moved a value (before → after),
/// without the ones that set what was already there.
ChangeResult applyChanges(Scenario& s, std::span<const ParamChange> changes,
                          std::vector<AppliedChange>* applied = nullptr);

/// `changes` given phase-relative keys ("model.layers") as full ids of phase `phase` of `s`
/// ("rl#2.model.layers"). A key the phase's kind has no input for is kept as it is, so
/// applyChanges() names it.
std::vector<ParamChange> phaseChanges(const Scenario& s, int phase,
                                      std::span<const ParamChange> relative);

/// The id of choice number `value` (the enum's value: choices are listed in enum order) of
/// the choice parameter `key` for the phase kinds `phaseKindBit` (0 = scenario-wide), from
/// the registry's table; "" when `key` is no choice there or `value` is out of range.
std::string_view choiceId(std::string_view key, int value, unsigned phaseKindBit);

} // namespace costlab
