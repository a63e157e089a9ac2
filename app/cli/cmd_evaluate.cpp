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
               "  --json              print the estimate as JSON (stable snake_case keys)\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

int runEvaluate(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed =
        parsePlanCommand("evaluate", argv, {{"json", false}}, helpEvaluate);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    const Estimate e = evaluateOrRefuse(a.positional[0], s, cat);
    if (a.has("json"))
        std::cout << estimateToJson(s, e);
    else
        std::cout << estimateReport(s, cat, e);
    return Ok;
}

} // namespace costlab::cli
