// Line items (analysis/lineitems.h) as FOCUS-style CSV for FinOps tools.
#pragma once

#include "lineitems.h"

#include <string>
#include <string_view>

namespace costlab {

/// Header row of lineItemsCsv(), comma-separated, in column order (no line break).
std::string_view lineItemsCsvHeader();

/// lineItems(scenario, estimate) as RFC 4180 CSV (CRLF line ends, header row first).
///
/// ServiceCategory is the category's FOCUS service category (categories.h). PricingQuantity
/// and PricingUnit: GPU-hours ("GPU-Hours") for GPU lines; for every other line the money
/// amount itself with the currency code as unit, because the engine does not keep the
/// physical quantity (GB-months, requests, engineer-months) per line. Dates are ISO 8601
/// (YYYY-MM-DD), no time zone (plan calendar).
std::string lineItemsCsv(const Scenario&, const Estimate&);

/// Quote one CSV field per RFC 4180: wrapped in double quotes (inner quotes doubled) when
/// it holds a comma, a double quote, CR or LF, or leading/trailing spaces; else unchanged.
std::string csvField(std::string_view text);

/// csvField() for text typed by a user (phase names): a cell starting with = + - @, TAB
/// or CR gets a leading apostrophe first, so a spreadsheet shows it as text instead of
/// running it as a formula (OWASP "CSV Injection" recommendation).
std::string csvTextField(std::string_view text);

} // namespace costlab
