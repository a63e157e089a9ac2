// `costlab-cli compare`: the comparison of model/analysis/compare.h as plain-text tables.
#pragma once

#include "compare.h"

#include <string>

namespace costlab::cli {

/// Help text of the compare command (usage, options; exit codes appended by the caller).
std::string compareHelp();

/// Readable report: the plans, headline figures with differences against the first plan
/// (absolute and %), cost by category, and the parameters that differ, each with its unit.
std::string compareReport(const Comparison& c);

} // namespace costlab::cli
