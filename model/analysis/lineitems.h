// Cost line items for finance tools: the estimate spread over the plan calendar as rows
// modelled on the FinOps Open Cost and Usage Specification (FOCUS 1.x), so a FinOps tool
// can import the forecast next to real bills. The rows are computed here; the CSV text is
// written by model/io (lineitemscsv.h).
#pragma once

#include "estimate.h"
#include "scenario.h"

#include <chrono>
#include <string>
#include <vector>

namespace costlab {

/// One forecast cost row: one phase × cost category × calendar month × charge category.
struct LineItem {
    std::chrono::sys_days billing_start; ///< first day of the calendar month
    std::chrono::sys_days billing_end;   ///< first day of the next month (exclusive)
    std::chrono::sys_days charge_start;  ///< first day the row covers
    std::chrono::sys_days charge_end;    ///< day after the last day it covers (exclusive)
    bool purchase = false;               ///< fixed (reserved/committed) share, else usage
    Category category{};
    std::string phase; ///< the phase's name, or "shared"
    std::string experiment_batch;
    double amount = 0;     ///< money, scenario currency
    double gpu_hours = -1; ///< GPU time the row pays for (engine's pool hours); -1 when none
};

/// The estimate's line items.
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
/// Empty when lineItemsRefusal() refuses the plan.
std::vector<LineItem> lineItems(const Scenario&, const Estimate&);

/// Line items are monthly rows: a plan longer than a century is thousands of rows per
/// category and phase, not a budget anyone files (issue 44: a 3.1-billion-day plan wrote
/// 422 MB). Days; ten times the engine's implausible-plan warning (kImplausibleWallDays).
inline constexpr double kMaxLineItemDays = 36525;
/// "" or why `e` gives no line items: its plan runs longer than kMaxLineItemDays, or it
/// cannot be evaluated. English; the caller shows it.
std::string lineItemsRefusal(const Estimate& e);

} // namespace costlab
