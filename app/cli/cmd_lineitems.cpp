// costlab-cli lineitems (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "files.h"
#include "lineitemscsv.h"
#include "printable.h"
#include "scenario_json.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpLineitems()
{
    return std::string(
               "Usage: costlab-cli lineitems FILE -o OUT.csv [--catalog CATALOG.json]\n"
               "                             [--set ID=VALUE ...]\n"
               "\n"
               "Write the estimate of the plan in FILE as cost line items: one row per phase,\n"
               "cost category, calendar month and charge category (Purchase = fixed share,\n"
               "Usage = elastic share), columns modelled on FinOps FOCUS 1.x, RFC 4180 CSV.\n"
               "Columns are described in docs/report.md. '-o -' writes to standard output.\n"
               "\n"
               "Options:\n"
               "  -o, --output FILE   CSV file to write (atomically); required\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

int runLineitems(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed =
        parsePlanCommand("lineitems", argv, {{"output", true}}, helpLineitems);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    const auto out = a.one("output");
    if (!out || out->empty())
        throw Failure{Usage, "costlab-cli lineitems: missing -o OUT.csv"
                             "\nRun 'costlab-cli lineitems --help' for usage."};
    refuseOutputOverInput("lineitems", a, *out);
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    const Estimate e = evaluateOrRefuse(a.positional[0], s, cat);
    if (const std::string why = lineItemsRefusal(e); !why.empty())
        throw Failure{InvalidInput, "costlab-cli lineitems: " + printable(a.positional[0]) + ": " +
                                        why + "; nothing was written"};
    const std::string csv = lineItemsCsv(s, e);
    if (*out == "-") {
        std::cout << csv;
        return Ok;
    }
    const std::string err = writeFileAtomic(*out, csv);
    if (!err.empty())
        throw Failure{IoError, *out + ": cannot write: " + err};
    return Ok;
}

} // namespace costlab::cli
