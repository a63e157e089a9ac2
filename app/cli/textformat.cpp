#include "textformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace costlab::cli {

std::string number(double v, int decimals)
{
    if (!std::isfinite(v))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::abs(v));
    std::string s(buf);
    const std::size_t dot = s.find('.');
    std::string intPart = s.substr(0, dot);
    const std::string frac = dot == std::string::npos ? std::string() : s.substr(dot);
    std::string grouped;
    const int n = static_cast<int>(intPart.size());
    for (int i = 0; i < n; ++i) {
        grouped += intPart[i];
        const int left = n - 1 - i;
        if (left > 0 && left % 3 == 0)
            grouped += ',';
    }
    // Avoid "-0" when a tiny negative rounds to zero.
    const bool negative = v < 0 && (grouped.find_first_not_of("0,") != std::string::npos ||
                                    frac.find_first_not_of(".0") != std::string::npos);
    return (negative ? "-" : "") + grouped + frac;
}

std::string money(double v, std::string_view currency)
{
    if (std::isfinite(v) && std::abs(v) < 0.005)
        return "0 " + std::string(currency);
    const int decimals = std::isfinite(v) && std::abs(v) < 1000 ? 2 : 0;
    return number(v, decimals) + " " + std::string(currency);
}

std::string percent(double p)
{
    if (!std::isfinite(p))
        return "n/a";
    // Below 1e-9 the figure is numerical dust (Φ of -30 sigma), not a risk worth a digit.
    if (std::abs(p) < 1e-9)
        return "0 %";
    if (p > 0 && p < 5e-5)
        return "<0.01 %";
    if (p > 0.9999 && p < 1)
        return ">99.99 %";
    return number(p * 100, 2) + " %";
}

std::string share(double f)
{
    if (!std::isfinite(f))
        return "n/a";
    return number(f * 100, 1) + " %";
}

std::string metric(double v)
{
    if (!std::isfinite(v))
        return "n/a";
    const double a = std::abs(v);
    struct Step {
        double f;
        const char* s;
    };
    static const Step steps[] = {{1e18, "E"}, {1e15, "P"}, {1e12, "T"}, {1e9, "B"}, {1e6, "M"}};
    for (const Step& st : steps) {
        if (a >= st.f) {
            const double x = v / st.f;
            const int dec = std::abs(x) >= 100 ? 0 : std::abs(x) >= 10 ? 1 : 2;
            return number(x, dec) + " " + st.s;
        }
    }
    return number(v, a >= 100 || a == std::floor(a) ? 0 : 2);
}

std::string duration(double h)
{
    if (!std::isfinite(h))
        return "n/a";
    const double a = std::abs(h);
    if (a == 0)
        return "0 h";
    if (a < 1.0 / 60)
        return number(h * 3600, a * 3600 < 10 ? 1 : 0) + " s";
    if (a < 1)
        return number(h * 60, 1) + " min";
    if (a < 48)
        return number(h, 2) + " h";
    return number(h / 24, 1) + " days (" + number(h, 0) + " h)";
}

std::string gib(double bytes)
{
    return number(bytes / (1024.0 * 1024.0 * 1024.0), 2);
}

std::string general(double v)
{
    if (!std::isfinite(v))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::size_t displayWidth(std::string_view s)
{
    std::size_t w = 0;
    for (unsigned char c : s)
        w += (c & 0xC0) != 0x80;
    return w;
}

std::string keyValues(const std::vector<std::pair<std::string, std::string>>& rows, int indent)
{
    std::size_t w = 0;
    for (const auto& [k, v] : rows)
        w = std::max(w, displayWidth(k));
    const std::string pad(static_cast<std::size_t>(std::max(indent, 0)), ' ');
    std::string out;
    for (const auto& [k, v] : rows)
        out += pad + k + ":" + std::string(w - displayWidth(k) + 2, ' ') + v + "\n";
    return out;
}

TextTable::TextTable(std::vector<std::string> header, std::vector<bool> right)
    : m_header(std::move(header)), m_right(std::move(right))
{
    m_right.resize(m_header.size(), false);
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_header.size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render(int indent) const
{
    const std::size_t n = m_header.size();
    std::vector<std::size_t> width(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        width[i] = displayWidth(m_header[i]);
    for (const auto& row : m_rows)
        for (std::size_t i = 0; i < n; ++i)
            width[i] = std::max(width[i], displayWidth(row[i]));

    const std::string pad(static_cast<std::size_t>(std::max(indent, 0)), ' ');
    const auto line = [&](const std::vector<std::string>& cells) {
        std::string out = pad;
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t fill = width[i] - displayWidth(cells[i]);
            if (i > 0)
                out += "  ";
            if (m_right[i])
                out += std::string(fill, ' ') + cells[i];
            else if (i + 1 < n)
                out += cells[i] + std::string(fill, ' ');
            else
                out += cells[i];
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        return out + "\n";
    };

    std::string out = line(m_header);
    std::size_t total = 0;
    for (std::size_t i = 0; i < n; ++i)
        total += width[i] + (i > 0 ? 2 : 0);
    out += pad + std::string(total, '-') + "\n";
    for (const auto& row : m_rows)
        out += line(row);
    return out;
}

} // namespace costlab::cli
