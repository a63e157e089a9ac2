// costlab-cli value (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "textformat.h"
#include "value.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpValue()
{
    return std::string(
               "Usage: costlab-cli value A B [--json] [--points N] [--runs N]\n"
               "                         [--catalog CATALOG.json] [--db LIBRARY]\n"
               "\n"
               "Route A vs Route B on value, not only on price (issue 46; docs/model-reference.md\n"
               "§11.4): what each plan costs to reach a benchmark score, over one score axis.\n"
               "A plan with an RL phase reaches a score by its RL target (rl.target_score, on\n"
               "its compute-performance curve); an RL phase after a pre-training phase with a\n"
               "score map starts from the score its base's loss reads as. A plan without RL\n"
               "pre-trains until its loss, read through its score map (pretrain.score_map.*),\n"
               "is low enough. Prints the cost with its P10-P90 band at each score, the score\n"
               "at which one route becomes cheaper, and how far each law assumption moves it.\n"
               "\n"
               "Options:\n"
               "  --json              print the comparison as JSON (format costlab.value)\n"
               "  --points N          score grid points, 3 to 400 (default 21)\n"
               "  --runs N            Monte Carlo runs per point, 0 to 100000 (default 500)\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodesHelp);
}

namespace {

std::string scoreText(double v)
{
    return std::isfinite(v) ? number(v, 3) : "none";
}

void printValue(const ValueComparison& c, const Scenario& a, const Scenario& b)
{
    const std::string cur(currencyCode(a.currency));
    std::cout << "Costlab value: " << printable(a.name) << " vs " << printable(b.name) << "\n\n";
    for (const auto& [v, s] : {std::pair{&c.a, &a}, std::pair{&c.b, &b}}) {
        std::cout << printable(s->name) << ": "
                  << (v->route.lever == ValueLever::RlScore ? "RL target score"
                                                            : "pre-training target loss")
                  << ", from " << scoreText(v->route.start) << " to below "
                  << scoreText(v->route.bound) << "; the plan as it is reaches "
                  << scoreText(v->route.current);
        if (v->route.r0_from_base)
            std::cout << " (R0 " << scoreText(v->route.r0) << " from its base's loss)";
        std::cout << "\n";
    }
    std::cout << "\nscore  | first: cost [P10 - P90]" << std::string(24, ' ')
              << "| second: cost [P10 - P90]\n";
    // Each plan in its own currency, as its file keeps it.
    const std::string curB(currencyCode(b.currency));
    const auto cell = [&](const ValuePoint& p, const std::string& cur) {
        if (!p.reachable)
            return std::string("not reached");
        std::string t = money(p.cost, cur);
        if (std::isfinite(p.p10) && std::isfinite(p.p90))
            t += " [" + money(p.p10, cur) + " - " + money(p.p90, cur) + "]";
        return t;
    };
    for (std::size_t i = 0; i < c.grid.size(); ++i) {
        std::string first = cell(c.a.points[i], cur);
        first.resize(std::max<std::size_t>(first.size(), 48), ' ');
        std::cout << number(c.grid[i], 3) << "  | " << first << "| " << cell(c.b.points[i], curB)
                  << "\n";
    }
    std::cout << "\n";
    if (std::isfinite(c.crossing))
        std::cout << "Crossing at score " << number(c.crossing, 3) << ": below it the "
                  << (c.a_cheaper_below ? "first" : "second") << " plan is cheaper, above it the "
                  << (c.a_cheaper_below ? "second" : "first") << ".\n";
    else
        std::cout << "The curves do not cross on this score range.\n";
    if (c.tornado.empty())
        return;
    std::cout << "\nWhat moves the crossing (both plans moved alike):\n";
    for (const ValueTornadoRow& r : c.tornado)
        std::cout << "  " << r.assumption->label << " (" << r.assumption->swing
                  << "): " << scoreText(r.low) << " to " << scoreText(r.high) << "\n";
}

} // namespace

int runValue(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs(
        "value", argv,
        {{"json", false}, {"points", true}, {"runs", true}, {"catalog", true}, {"db", true}});
    if (a.help) {
        std::cout << helpValue();
        return Ok;
    }
    if (a.positional.size() != 2)
        throw Failure{Usage, "costlab-cli value: expected two FILEs, got " +
                                 std::to_string(a.positional.size()) +
                                 "\nRun 'costlab-cli value --help' for usage."};
    const Scenario first = loadScenario(a.positional[0]);
    const Scenario second = loadScenario(a.positional[1]);
    const Catalog catA = catalogForPlan(a, argv0, a.positional[0], first);
    const Catalog catB = catalogForPlan(a, argv0, a.positional[1], second);
    ValueComparisonOptions o;
    o.points = wholeOption("value", a, "points", 3, 400, 21);
    o.mc_runs = wholeOption("value", a, "runs", 0, 100000, 500);
    const ValueComparison c = compareValue(first, catA, second, catB, o);
    if (!c.error.empty())
        throw Failure{InvalidInput, "costlab-cli value: " + c.error};
    if (a.has("json"))
        std::cout << valueToJson(c, currencyCode(first.currency));
    else
        printValue(c, first, second);
    return Ok;
}

} // namespace costlab::cli
