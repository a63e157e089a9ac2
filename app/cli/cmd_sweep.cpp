// costlab-cli sweep (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "report.h"
#include "sweep.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpSweep()
{
    return std::string(
               "Usage: costlab-cli sweep FILE --param ID [--from A --to B] [--steps N]\n"
               "                         [--json] [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
               "\n"
               "Vary one parameter of the plan in FILE and print, for each value, the total\n"
               "cost, GPU-hours, wall-clock days and the probability of OOM, divergence,\n"
               "failure recovery losses and capacity shortfall. Sweeping\n"
               "reliability.checkpoint_interval_h also prints the Young/Daly optimum.\n"
               "\n"
               "Options:\n"
               "  --param ID          parameter id (see 'costlab-cli params'); required\n"
               "  --from A, --to B    range in the parameter's unit; both or neither (neither:\n"
               "                      the parameter's validated range). Log-scale parameters\n"
               "                      are swept log-spaced.\n"
               "  --steps N           number of points, 2..100000 (default 11)\n"
               "                      Categorical parameters (choices, booleans, catalog\n"
               "                      references) visit every value and ignore these three.\n"
               "  --json              print the sweep as JSON\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

int runSweep(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed = parsePlanCommand(
        "sweep", argv,
        {{"json", false}, {"param", true}, {"from", true}, {"to", true}, {"steps", true}},
        helpSweep);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    const std::string seeHelp = "\nRun 'costlab-cli sweep --help' for usage.";
    const std::optional<std::string> param = a.one("param");
    if (!param)
        throw Failure{Usage, "costlab-cli sweep: missing --param ID" + seeHelp};

    const auto numberOpt = [&](std::string_view name) -> std::optional<double> {
        const std::optional<std::string> v = a.one(name);
        if (!v)
            return std::nullopt;
        const std::optional<double> d = parseNumber(*v);
        if (!d)
            throw Failure{Usage, "costlab-cli sweep: --" + std::string(name) +
                                     " expects a finite number, got '" + *v + "'"};
        return d;
    };
    const std::optional<double> from = numberOpt("from");
    const std::optional<double> to = numberOpt("to");
    const std::optional<double> stepsD = numberOpt("steps");
    int steps = 11;
    if (stepsD) {
        if (*stepsD != std::floor(*stepsD) || *stepsD < 2 || *stepsD > 100000)
            throw Failure{Usage,
                          "costlab-cli sweep: --steps expects an integer from 2 to 100000, got '" +
                              *a.one("steps") + "'"};
        steps = static_cast<int>(*stepsD);
    }

    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    const ParamRef ref = resolveParam(s, *param);
    (void)evaluateOrRefuse(a.positional[0], s, cat); // the plan itself must be possible

    SweepResult r;
    if (isCategorical(*ref.def)) {
        r = sweep(s, cat, *param, 0, 0, 2);
    } else {
        if (from.has_value() != to.has_value())
            throw Failure{Usage,
                          "costlab-cli sweep: give both --from and --to, or neither" + seeHelp};
        if (from) {
            for (double v : {*from, *to}) {
                const std::string err = checkValue(*ref.def, v);
                if (!err.empty())
                    throw Failure{Usage, "costlab-cli sweep: " + *param + ": " + err};
            }
            r = sweep(s, cat, *param, *from, *to, steps);
        } else {
            r = sweepDefaultRange(s, cat, *param, steps);
        }
    }
    if (!r.error.empty())
        throw Failure{Usage, "costlab-cli sweep: " + r.error};
    if (a.has("json"))
        std::cout << sweepToJson(r, currencyCode(s.currency));
    else
        std::cout << sweepReport(s, *ref.def, r);
    return Ok;
}

} // namespace costlab::cli
