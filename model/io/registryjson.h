// The parameter registry as JSON (`costlab-cli params --json`): one object per addressable
// id with its type, unit, ranges, default, choices, label and help (the source of the
// default). Stable snake_case keys.
#pragma once

#include <string>

namespace costlab {

/// Every addressable parameter (registry.h addressableParameters()) as a 2-space indented
/// JSON array. Ranges of non-numeric parameters and the default of catalog references are
/// null; a choice's default is its id, a boolean's "true"/"false". Never throws.
std::string registryToJson();

} // namespace costlab
