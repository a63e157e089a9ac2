// Cost line items for finance tools: the estimate spread over the plan calendar as rows
// modelled on the FinOps Open Cost and Usage Specification (FOCUS 1.x), so a FinOps tool
// can import the forecast next to real bills. Pure C++, no Qt (architecture.md).
#pragma once

#include "estimate.h"
#include "scenario.h"

#include <string>
#include <string_view>

namespace costlab {

/// Header row of lineItemsCsv(), comma-separated, in column order (no line break).
std::string_view lineItemsCsvHeader();

/// The estimate as RFC 4180 CSV (CRLF line ends, header row first).
///
/// Rows: one per phase × cost category × calendar month × charge category. Phases run back
/// to back from `budget.start_date` on the engine's calendar (PhaseEstimate::start_day /
/// end_day); a phase's cost in a category is spread uniformly over its days and split at
/// month boundaries. A phase of zero length books everything to the month it starts in.
/// Shared costs (Estimate::shared_cost) are rows with x_Phase "shared": engineering as a
/// one-day charge on the plan's first day (paid up front, like spendTimeline()), the others
/// spread over the whole plan (Estimate::wall_hours). Categories with zero cost give no row.
///
/// ChargeCategory is "Purchase" for the fixed (reserved / committed) share of a cost and
/// "Usage" for the elastic (on-demand / spot) share: a cost with both shares gives two rows.
/// Shared costs are fixed (the engine books no elastic share for them).
///
/// Dates: BillingPeriodStart/End are the calendar month (end exclusive, FOCUS convention);
/// ChargePeriodStart/End are the days the row covers (start day floor, end day ceiling,
/// end exclusive). All ISO 8601 dates (YYYY-MM-DD), no time zone (plan calendar).
///
/// PricingQuantity/PricingUnit: for GPU lines (resource type "gpu") GPU-hours = cost / the
/// phase's blended GPU price (unit "GPU-Hours"); for every other line the quantity is the
/// money amount itself with the currency code as unit, because the engine does not keep the
/// physical quantity (GB-months, requests, engineer-months) per line.
///
/// An unparseable start date falls back to the scenario default 2027-01-04 (input is
/// expected to be validated by scenario_json.h). Money is in the scenario currency.
std::string lineItemsCsv(const Scenario&, const Estimate&);

/// Quote one CSV field per RFC 4180: wrapped in double quotes (inner quotes doubled) when
/// it holds a comma, a double quote, CR or LF, or leading/trailing spaces; else unchanged.
std::string csvField(std::string_view text);

/// csvField() for text typed by a user (phase names): a cell starting with = + - @, TAB
/// or CR gets a leading apostrophe first, so a spreadsheet shows it as text instead of
/// running it as a formula (OWASP "CSV Injection" recommendation).
std::string csvTextField(std::string_view text);

/// FOCUS ServiceCategory of a cost category ("AI and Machine Learning", "Compute",
/// "Storage", "Networking", "Management and Governance", "Other").
std::string_view focusServiceCategory(Category);

} // namespace costlab
