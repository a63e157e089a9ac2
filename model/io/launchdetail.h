// Shared pieces of the launch-settings exporters (launchexport.cpp for Megatron-LM,
// verlconfig.cpp for veRL): the comment header, number formats, the phase check.
#pragma once

#include "estimate.h"
#include "scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace costlab::launch {

/// A count as the integer a framework flag takes ("8"), rounded to nearest, never negative.
std::string count(double v);
/// A figure for a comment: `decimals` places, thousands grouped ("1,234,567"); "n/a" when
/// not finite.
std::string figure(double v, int decimals = 0);
/// User text for a one-line comment: control characters escaped (a newline would end the
/// comment and let a plan name inject settings).
std::string commentText(std::string_view text);
/// "phase 2 ("Pre-training")".
std::string phaseLabel(const Scenario& s, int phase);
/// The header: what the text is, the plan and phase, the Costlab version and what Costlab
/// predicts for the phase (step or RL iteration, MFU, peak trainer memory, cost).
std::vector<std::string> header(const Scenario& s, const Estimate& est, int phase,
                                std::string_view what, std::string_view version);
/// `lines` as "# line\n" comments.
std::string comments(const std::vector<std::string>& lines);
/// Why phase `phase` cannot be exported in `format` (out of range, not of kind `want`, or
/// the plan cannot be evaluated: `est` not ok), or "".
std::string phaseError(const Scenario& s, const Estimate& est, int phase, PhaseKind want,
                       std::string_view format);

} // namespace costlab::launch
