// Plan versus actual (analysis/actuals.h) as JSON: `costlab-cli actuals --json`, for scripts
// and the cron recipe in docs/cli.md. Keys are stable ids; money is in the plan's currency.
#pragma once

#include "actuals.h"

#include <span>
#include <string>

namespace costlab {

/// The comparison as JSON text (two-space indent): the moment, spend to date, by resource
/// type and category, per phase, per day, unattributed groups, flags and the re-forecast.
/// Invalid UTF-8 in names from the bill or log is replaced, never thrown.
std::string actualsJson(const Scenario&, const ActualsResult&, std::span<const Bill> bills,
                        std::span<const RunLog> logs);

/// The files of a comparison as a JSON array: file, format and lines or records (the
/// library keeps this beside a comparison, never the bills themselves).
std::string actualsInputsJson(std::span<const Bill> bills, std::span<const RunLog> logs);

/// ISO 8601 UTC of a Unix time ("2027-01-04T13:00:00Z").
std::string isoUtc(UnixSeconds t);

} // namespace costlab
