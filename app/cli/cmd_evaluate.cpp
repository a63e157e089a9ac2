// costlab-cli evaluate (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "estimate_json.h"
#include "report.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpEvaluate()
{
    return std::string(
               "Usage: costlab-cli evaluate FILE [--json] [--catalog CATALOG.json]\n"
               "                            [--set ID=VALUE ...]\n"
               "\n"
               "Evaluate the plan in FILE (.costlab.json) and print totals, cost per phase and\n"
               "category, GPU-hours, wall-clock time, memory per GPU against HBM and every risk\n"
               "with its expected cost.\n"
               "\n"
               "Options:\n"
               "  --json              print the estimate as JSON (stable snake_case keys)\n"
               "  --catalog FILE      price/hardware catalog to use instead of the default\n"
               "  --db LIBRARY        scenario library (costlab.sqlite) whose catalogs the plan\n"
               "                      may name (opened read-only)\n"
               "  --set ID=VALUE      override one input before evaluating; repeatable.\n"
               "                      VALUE is in the parameter's unit (see 'costlab-cli "
               "params'),\n"
               "                      a choice id, a catalog id or true/false.\n"
               "                      Example: --set pretrain.tokens=4e12\n"
               "  -h, --help          show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodesHelp);
}

int runEvaluate(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs("evaluate", argv,
                             {{"json", false}, {"catalog", true}, {"db", true}, {"set", true}});
    if (a.help) {
        std::cout << helpEvaluate();
        return Ok;
    }
    requireOneFile("evaluate", a);
    Scenario s = loadScenario(a.positional[0]);
    applySets(s, a);
    const Catalog cat = catalogForPlan(a, argv0, a.positional[0], s);
    checkCatalogRefs(s, a, cat);
    const Estimate e = evaluateOrRefuse(a.positional[0], s, cat);
    if (a.has("json"))
        std::cout << estimateToJson(s, e);
    else
        std::cout << estimateReport(s, cat, e);
    return Ok;
}

} // namespace costlab::cli
