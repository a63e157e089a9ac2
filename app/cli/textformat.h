// Plain-text formatting for the command-line tool: numbers with thousands separators and
// units, and a small column-aligned table. ASCII output only, so columns line up in any
// terminal and in CI logs; widths count UTF-8 code points for user-supplied names.
#pragma once

#include "printable.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace costlab::cli {

/// User text made safe for a terminal: model/io/printable.h.
using costlab::printable;

/// `v` rounded to `decimals` places with ',' every three integer digits ("1,234,567.8").
/// Non-finite values print as "n/a".
std::string number(double v, int decimals = 0);
/// Money: whole units from 1,000 up, cents below ("1,234,567 USD", "12.50 USD").
std::string money(double v, std::string_view currency);
/// Probability 0..1 as a percentage ("12.34 %", "<0.01 %", "0 %").
std::string percent(double p);
/// A fraction 0..1 as a percentage with one decimal ("41.0 %").
std::string share(double f);
/// Large counts with a metric suffix ("2.00 T", "15.6 B", "820 M", "12,345").
std::string metric(double v);
/// Hours adaptively as "12 s", "3.5 min", "1.25 h" or "3.2 days (77 h)".
std::string duration(double hours);
/// Bytes to GiB with two decimals ("37.25").
std::string gib(double bytes);
/// Compact general number for parameter values ("0.001", "1e+15", "8192").
std::string general(double v);

/// Text width in code points (UTF-8 continuation bytes don't count).
std::size_t displayWidth(std::string_view s);

/// "label   value" lines with the values aligned after the longest label.
std::string keyValues(const std::vector<std::pair<std::string, std::string>>& rows, int indent);

/// Column-aligned table. Columns marked right-aligned are padded on the left.
class TextTable {
public:
    /// `right[i]` true = right-align column i (numbers).
    TextTable(std::vector<std::string> header, std::vector<bool> right);
    void addRow(std::vector<std::string> cells);
    /// A dashed line under the header; rows follow; `indent` spaces before each line.
    std::string render(int indent = 2) const;
    bool empty() const { return m_rows.empty(); }

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_right;
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace costlab::cli
