// costlab-cli sensitivity (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "sensitivity.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpSensitivity()
{
    return std::string(
               "Usage: costlab-cli sensitivity FILE [--range PCT] [--top N] [--json]\n"
               "                               [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
               "\n"
               "Move every numeric input of the plan in FILE to a low and a high value, one\n"
               "at a time, and print the total cost and days at each end, sorted by the swing\n"
               "of the total (the tornado). Inputs whose registry entry names a plausible\n"
               "range (failure rate, restart time, token KL, …) use that range and print its\n"
               "source; the others move by ±PCT of their value.\n"
               "\n"
               "Options:\n"
               "  --range PCT         ± share for inputs without a registry range, in percent,\n"
               "                      greater than 0 and below 100 (default 20)\n"
               "  --top N             print the N largest swings (default 15; 0 = all)\n"
               "  --json              print every row as JSON, with every risk at both ends\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

int runSensitivity(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed = parsePlanCommand(
        "sensitivity", argv, {{"json", false}, {"range", true}, {"top", true}}, helpSensitivity);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    SensitivityOptions opt;
    if (const std::optional<std::string> v = a.one("range")) {
        const std::optional<double> d = parseNumber(*v);
        if (!d || !(*d > 0 && *d < 100))
            throw Failure{Usage, "costlab-cli sensitivity: --range expects a percentage "
                                 "greater than 0 and below 100, got '" +
                                     printable(*v) + "'"};
        opt.relative = *d / 100;
    }
    const int top = wholeOption("sensitivity", a, "top", 0, 100000, 15);
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    (void)evaluateOrRefuse(a.positional[0], s, cat);
    const SensitivityResult r = sensitivity(s, cat, opt);
    if (!r.error.empty())
        throw Failure{InvalidInput, "costlab-cli sensitivity: " + r.error};
    const std::string cur(currencyCode(s.currency));
    if (a.has("json")) {
        std::cout << sensitivityToJson(r, opt.relative, cur);
        return Ok;
    }
    std::cout << "Costlab sensitivity: " << printable(s.name) << "\n"
              << "Plan: " << money(r.total, cur) << ", " << number(r.days, 1) << " days. "
              << "Each input moved alone; others as planned.\n\n";
    TextTable t({"Input", "Low", "High", "Unit", "Total at low (" + cur + ")",
                 "Total at high (" + cur + ")", "Swing (" + cur + ")", "Days low", "Days high",
                 "Range"},
                {false, true, true, false, true, true, true, true, true, false});
    int shown = 0;
    std::vector<std::string> sources;
    for (const SensitivityRow& row : r.rows) {
        if (top > 0 && shown >= top)
            break;
        ++shown;
        std::string range = "±" + number(opt.relative * 100, 0) + " %";
        if (row.from_registry) {
            sources.push_back(row.id + ": " + std::string(row.def->unc_source));
            range = "registry [" + std::to_string(sources.size()) + "]";
        } else if (row.from_law) {
            range = range + " of the gap to the bound";
        }
        auto total = [&](const SensitivitySide& sd) {
            return sd.ok ? number(sd.total) : std::string("not possible");
        };
        t.addRow({row.id, general(row.low.value), general(row.high.value),
                  std::string(row.def->unit), total(row.low), total(row.high), number(row.swing()),
                  number(row.low.days, 1), number(row.high.days, 1), range});
    }
    std::cout << t.render(2);
    if (top > 0 && int(r.rows.size()) > top)
        std::cout << "\n  " << r.rows.size() - std::size_t(top)
                  << " more inputs with smaller swings (--top 0 prints all).\n";
    if (!sources.empty()) {
        std::cout << "\nRanges from the registry:\n";
        for (std::size_t i = 0; i < sources.size(); ++i)
            std::cout << "  [" << i + 1 << "] " << printable(sources[i]) << "\n";
    }
    return Ok;
}

} // namespace costlab::cli
