// Human-readable reports of the command-line tool. Every figure carries its unit; money is
// in the scenario's currency. The layout is for people: scripts should use --json.
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "scenario.h"
#include "sweep.h"

#include <string>

namespace costlab::cli {

/// The `evaluate` report: summary, per-phase cost/memory/risk, plan risks, warnings.
std::string estimateReport(const Scenario&, const Catalog&, const Estimate&);

/// The `sweep` table: one row per point (after a header and a dashed line, ended by a
/// blank line), then the Young/Daly optimum for checkpoint-interval sweeps.
std::string sweepReport(const Scenario&, const ParamDef&, const SweepResult&);

/// The `params` listing: every registry entry under each id it can be addressed by.
std::string paramsReport();

} // namespace costlab::cli
