// Cloud bills as CSV (issue 47, item 1): the FinOps Open Cost and Usage Specification (FOCUS
// 1.0–1.2) as the big clouds export it, Costlab's own line-item export (FOCUS with x_ columns),
// and other providers' bill exports through a column mapping: one row of kBillFormats
// (billcsv.cpp) per provider, with its source, never code per provider. CSV is parsed by
// libcsv (RFC 4180), streamed in chunks so a million-line bill never sits in memory as text.
#pragma once

#include "actuals.h"

#include <functional>
#include <span>
#include <string>
#include <string_view>

namespace costlab {

/// How a format writes its tags cell.
enum class BillTagStyle : unsigned char {
    Json,     ///< a JSON object {"key": "value"} (FOCUS 1.x Tags)
    KeyValue, ///< "key:value" pairs separated by ';' or ',' (the Chinese clouds' exports)
};

/// One bill format: which columns hold what. A column is named by its header text; several
/// alternatives are separated by '|' (the first present wins). "" = the format has none.
struct BillFormat {
    std::string_view id;         ///< stable id ("focus")
    const char* label;           ///< English, translated in costlab::Actuals
    std::string_view source;     ///< where the column names come from (URL)
    std::string_view start, end; ///< charge period start and end (end may be "")
    std::string_view cost;       ///< the amount the run cost (amortised / payable)
    std::string_view currency;   ///< currency code column
    std::string_view resource, service, tags;
    std::string_view category, phase; ///< Costlab's own x_CostCategory, x_Phase
    BillTagStyle tag_style = BillTagStyle::Json;
    /// Minutes east of UTC of a time written without a zone (FOCUS requires UTC; the Chinese
    /// consoles write Beijing time, UTC+8).
    int naive_offset_min = 0;
    std::string_view default_currency; ///< when the export has no currency column
};

/// Every bill format Costlab reads, in recognition order.
std::span<const BillFormat> billFormats();

/// Which format a CSV header row names ("" when none): the first whose start and cost columns
/// are both present.
std::string_view recogniseBillHeader(std::span<const std::string> header);

/// Whether `text`'s first line looks like a bill header of some format.
bool looksLikeBill(std::string_view text);

/// Called with the fraction read (0..1); return false to cancel.
using ReadProgress = std::function<bool(double fraction)>;

struct BillRead {
    Bill bill;
    std::string error; ///< why the file was refused (English, with its row); "" on success
    bool cancelled = false;
};

/// Reads a bill from CSV text. Never throws. Refused with the row: not CSV, no header of a
/// known format, a date or amount that does not read, a period that ends before it starts,
/// an amount beyond ±10^12, more than kMaxBillLines lines. A refused bill applies nothing.
BillRead readBill(std::string_view text, std::string file = {});
/// Reads a bill file of any size in 1 MiB chunks, reporting progress after each (a cancel
/// returns what was read with `cancelled` and no lines). Devices and FIFOs are refused.
BillRead readBillFile(const std::string& path, const ReadProgress& progress = {});

/// The most lines one bill holds (a year of hourly lines for 2,000 resources is 17.5 M).
inline constexpr std::size_t kMaxBillLines = 50'000'000;

/// `s` without leading and trailing blanks (spaces, tabs, a CR): how every reader of exported
/// cells (bills, logs, curves) takes a cell.
std::string_view trimBlank(std::string_view s);

/// Unix seconds of an ISO 8601 date or date-time: "2027-01-04", "2027-01-04T12:00:00Z",
/// "2027-01-04 12:00:00", "2027-01-04T12:00:00+08:00", "2027/01/04 12:00"; a time without a
/// zone is `naive_offset_min` minutes east of UTC. "2027-01" is the month's first day.
/// False on anything else (year outside 1970–9999, month 13, 31 February, hour 25).
bool parseBillTime(std::string_view text, int naive_offset_min, UnixSeconds& out);

} // namespace costlab
