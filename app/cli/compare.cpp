#include "comparetext.h"

#include "estimate_json.h"
#include "textformat.h"

#include <cmath>
#include <cstdlib>

namespace costlab::cli {

namespace {

std::string value(const HeadlineRow& r, double v, std::string_view currency)
{
    switch (r.kind) {
    case FigureUnit::Money:
        return money(v, currency);
    case FigureUnit::MoneyRate:
        return money(v, currency) + "/M tokens";
    case FigureUnit::GpuHours:
        return number(v) + " GPU-h";
    case FigureUnit::Days:
        return number(v, 1) + " days";
    case FigureUnit::Probability:
        return percent(v);
    case FigureUnit::Ratio:
        return v > 0 ? number(100 * v, 1) + " %" : std::string("n/a");
    default: // the comparison's rows use the units above (figures.h, in_compare)
        return number(v);
    }
}

/// Signed difference in the row's unit; probabilities and the budget ratio differ in
/// percentage points ("pp"), since "%" of a percentage would read ambiguously.
std::string difference(const HeadlineRow& r, double d, std::string_view currency)
{
    if (d == 0)
        return "0";
    const std::string sign = d > 0 ? "+" : "-";
    const double a = std::fabs(d);
    switch (r.kind) {
    case FigureUnit::Probability:
        return sign + number(100 * a, 2) + " pp";
    case FigureUnit::Ratio:
        return sign + number(100 * a, 1) + " pp";
    default:
        return sign + value(r, a, currency);
    }
}

std::string percentText(double p)
{
    if (std::isnan(p))
        return "n/a";
    if (p == 0)
        return "0 %";
    return (p > 0 ? "+" : "") + number(p, 1) + " %";
}

} // namespace

std::string compareHelp()
{
    return "Usage: costlab-cli compare A.json B.json [C.json [D.json]] [--json]\n"
           "                           [--catalog CATALOG.json]\n"
           "\n"
           "Compare 2 to 4 plans (.costlab.json) side by side against the first one (the\n"
           "baseline): total cost, GPU-hours, wall-clock days, cost per million tokens,\n"
           "fixed and elastic cost, every risk (probability and expected cost) and the\n"
           "budget ratio, each with the difference to the baseline in its unit and in %;\n"
           "cost by category; and every parameter whose value differs (a dash where a\n"
           "plan has no phase of that kind). Money is shown in the baseline's currency.\n"
           "\n"
           "Options:\n"
           "  --json              print the comparison as JSON\n"
           "  --catalog FILE      price/hardware catalog to use instead of the default\n"
           "  --db LIBRARY        scenario library whose catalogs the plans may name\n"
           "  -h, --help          show this help\n\n";
}

std::string compareReport(const Comparison& c)
{
    const std::string cur(currencyCode(c.currency));
    const std::size_t n = c.scenarios.size();
    std::string out;
    out += "Comparison of " + std::to_string(n) +
           " plans (baseline: " + (n ? printable(c.scenarios[0].name) : std::string()) +
           "; money in " + cur + ")\n\n";
    for (std::size_t i = 0; i < n; ++i) {
        const ComparedScenario& s = c.scenarios[i];
        out += "  [" + std::string(1, char('A' + i)) + "] " + printable(s.name);
        std::string kinds;
        for (PhaseKind k : s.kinds)
            kinds += (kinds.empty() ? "" : ", ") + std::string(toString(k));
        out += "  (phases: " + (kinds.empty() ? std::string("none") : kinds) + ")";
        if (s.currency != c.currency)
            out += "  converted from " + std::string(currencyCode(s.currency)) + " at " +
                   general(s.to_baseline) + " " + cur + "/" + std::string(currencyCode(s.currency));
        out += "\n";
        for (std::string_view w : s.estimate.warnings)
            out += "      warning: " + std::string(w) + "\n";
    }

    // Headline: one value column per plan, then a diff and % column per non-baseline plan.
    std::vector<std::string> header{"Figure"};
    std::vector<bool> right{false};
    for (std::size_t i = 0; i < n; ++i) {
        header.push_back(std::string(1, char('A' + i)));
        right.push_back(true);
    }
    for (std::size_t i = 1; i < n; ++i) {
        const std::string tag(1, char('A' + i));
        header.push_back(tag + " - A");
        header.push_back(tag + " vs A");
        right.push_back(true);
        right.push_back(true);
    }
    TextTable head(header, right);
    std::string notes;
    for (const HeadlineRow& r : c.headline) {
        std::vector<std::string> cells{headlineLabelEnglish(r)};
        for (std::size_t i = 0; i < n; ++i)
            cells.push_back(value(r, r.values[i], cur));
        for (std::size_t i = 1; i < n; ++i) {
            if (!r.comparable[i]) { // per other tokens than the baseline's: no difference
                cells.push_back("n/a");
                cells.push_back("n/a");
                notes += "  " + headlineLabelEnglish(r) + ": " + std::string(1, char('A' + i)) +
                         " is per million " + tokenBasisLabel(r.basis[i]) + ", A per million " +
                         tokenBasisLabel(r.basis[0]) + "; not comparable\n";
                continue;
            }
            const bool tiny = std::fabs(r.diff[i]) < 0.005 &&
                              (r.kind == FigureUnit::Money || r.kind == FigureUnit::MoneyRate);
            cells.push_back(tiny ? std::string("0") : difference(r, r.diff[i], cur));
            cells.push_back(negligibleBaseline(r, r.values[0]) && r.diff[i] != 0
                                ? std::string("n/a")
                                : percentText(r.diff_percent[i]));
        }
        head.addRow(cells);
    }
    out += "\nHeadline (lower is better; pp = percentage points)\n" + head.render(2) + notes;

    std::vector<std::string> catHeader{"Category", "Group"};
    std::vector<bool> catRight{false, false};
    for (std::size_t i = 0; i < n; ++i) {
        catHeader.push_back(std::string(1, char('A' + i)) + " (" + cur + ")");
        catRight.push_back(true);
    }
    TextTable cats(catHeader, catRight);
    for (int k = 0; k < kCategoryCount; ++k) {
        bool any = false;
        for (std::size_t i = 0; i < n; ++i)
            any = any || c.category_cost[i][k] != 0;
        if (!any)
            continue;
        const Category cat = static_cast<Category>(k);
        std::vector<std::string> cells{std::string(categoryLabel(cat)),
                                       std::string(categoryGroup(cat))};
        for (std::size_t i = 0; i < n; ++i)
            cells.push_back(number(c.category_cost[i][k]));
        cats.addRow(cells);
    }
    out += "\nCost by category\n" + cats.render(2);

    out += "\nParameters that differ (" + std::to_string(c.params.size()) + ")\n";
    if (c.params.empty()) {
        out += "  none: the plans have the same inputs\n";
    } else {
        std::vector<std::string> ph{"Parameter", "Unit"};
        std::vector<bool> pr{false, false};
        for (std::size_t i = 0; i < n; ++i) {
            ph.push_back(std::string(1, char('A' + i)));
            pr.push_back(true);
        }
        TextTable params(ph, pr);
        for (const ParamDiffRow& r : c.params) {
            // Registry money units read "currency/h"; print the comparison's code.
            std::string unit = r.unit.empty() ? std::string("-") : r.unit;
            if (const std::size_t at = unit.find("currency"); at != std::string::npos)
                unit.replace(at, 8, cur);
            std::vector<std::string> cells{r.id, unit};
            for (std::size_t i = 0; i < r.values.size(); ++i) {
                // Numbers as "%.6g" (80, not 8e+01); choice and catalog ids unchanged.
                char* end = nullptr;
                const double v = r.present[i] ? std::strtod(r.values[i].c_str(), &end) : 0;
                const bool numeric = r.present[i] && !r.values[i].empty() &&
                                     end == r.values[i].c_str() + r.values[i].size();
                cells.push_back(numeric ? general(v) : r.values[i]);
            }
            params.addRow(cells);
        }
        out += params.render(2);
    }
    return out;
}

} // namespace costlab::cli
