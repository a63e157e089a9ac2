// costlab-cli compare (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "comparetext.h"
#include "estimate_json.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpCompare()
{
    return compareHelp() + std::string(kCatalogSearch) + "\n" + std::string(kExitCodesHelp);
}

int runCompare(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs("compare", argv, {{"json", false}, {"catalog", true}, {"db", true}});
    if (a.help) {
        std::cout << helpCompare();
        return Ok;
    }
    if (a.positional.size() < static_cast<std::size_t>(kCompareMin) ||
        a.positional.size() > static_cast<std::size_t>(kCompareMax))
        throw Failure{Usage, "costlab-cli compare: expected 2 to 4 FILEs, got " +
                                 std::to_string(a.positional.size()) +
                                 "\nRun 'costlab-cli compare --help' for usage."};
    std::vector<Scenario> plans;
    for (const std::string& path : a.positional)
        plans.push_back(loadScenario(path));
    // Each plan is priced with the catalog it names (or --catalog FILE for all).
    std::vector<Catalog> catalogs;
    for (std::size_t i = 0; i < plans.size(); ++i)
        catalogs.push_back(catalogForPlan(a, argv0, a.positional[i], plans[i]));
    std::vector<const Scenario*> ptrs;
    std::vector<const Catalog*> cats;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        ptrs.push_back(&plans[i]);
        cats.push_back(&catalogs[i]);
    }
    const Comparison c = compare(ptrs, cats);
    if (!c.error.empty())
        throw Failure{Internal, "costlab-cli compare: " + c.error};
    std::cout << (a.has("json") ? comparisonToJson(c) : compareReport(c));
    return Ok;
}

} // namespace costlab::cli
