// costlab-cli actuals (one file per sub-command; the table is in commands.cpp).
#include "actuals_json.h"
#include "actualsfiles.h"
#include "billcsv.h"
#include "cli.h"
#include "commands.h"
#include "files.h"
#include "printable.h"
#include "runlog.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpActuals()
{
    std::string formats;
    for (const BillFormat& f : billFormats())
        formats += "  bill  " + std::string(f.id) + ": " + f.label + "\n";
    for (const LogFormat& f : logFormats())
        formats += "  log   " + std::string(f.id) + ": " + f.label + "\n";
    return "Usage: costlab-cli actuals PLAN FILES... [--json] [--as-of TIME] [--phase NAME ...]\n"
           "                          [--runs N] [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
           "\n"
           "Hold a run's bills and logs against its plan (issue 47; the article's §3: tag\n"
           "costs by project, experiment batch and resource type, and catch a diverging run\n"
           "or resources left running within hours). Each FILE is a bill (CSV) or a training\n"
           "log, recognised by its content:\n" +
           formats +
           "\n"
           "Bill lines are attributed to the plan's phases through their tags (project,\n"
           "phase, experiment_batch, resource_type; a provider prefix such as 'user:' is\n"
           "allowed) or Costlab's own x_Phase and x_CostCategory columns; lines that cannot\n"
           "be attributed are listed, never dropped. Prints spend to date against the plan\n"
           "and the Monte Carlo band, progress and step time against the plan, anomaly\n"
           "flags (alert line, outside the band, billing after a phase ended or without\n"
           "progress, loss spike or NaN, step-time drift), and a re-forecast of the rest.\n"
           "\n"
           "Options:\n"
           "  --json              print the comparison as JSON\n"
           "  --as-of TIME        compare at this ISO 8601 time (UTC unless it has a zone);\n"
           "                      default the end of the latest bill line (the latest\n"
           "                      log record when no bill is given)\n"
           "  --phase NAME        the phase of the next log, in the order the logs are\n"
           "                      given; repeatable (default: the phase of the log's kind\n"
           "                      running at its first record)\n"
           "  --runs N            Monte Carlo runs for the band and re-forecast (default\n"
           "                      2000)\n" +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp) +
           "  5  (actuals) an anomaly was flagged: schedule it hourly and alert on 5\n";
}

namespace {

struct Inputs {
    std::vector<Bill> bills;
    std::vector<RunLog> logs;
};

Inputs readInputs(const std::vector<std::string>& files)
{
    ActualsFiles read = readActualsFiles(files);
    if (!read.errors.empty()) {
        const ActualsFileError& e = read.errors.front();
        throw Failure{e.unreadable ? IoError : InvalidInput,
                      printable(e.path) + ": " + printable(e.message) +
                          (e.unreadable ? std::string() : "; nothing was applied")};
    }
    return {std::move(read.bills), std::move(read.logs)};
}

std::string day(UnixSeconds t)
{
    return isoUtc(t).substr(0, 16).replace(10, 1, " ") + " UTC";
}

std::string vsPlan(double actual, double planned, std::string_view cur)
{
    std::string s = money(actual, cur) + " vs " + money(planned, cur);
    if (planned > 0)
        s += " (" + std::string(actual >= planned ? "+" : "") +
             number(100 * (actual / planned - 1), 1) + " %)";
    return s;
}

void printSpend(const Scenario& s, const ActualsResult& r, const Inputs& in)
{
    const std::string_view cur = currencyCode(s.currency);
    std::cout << "Costlab plan vs actual: " << printable(s.name) << "\nas of " << day(r.as_of)
              << ", day " << number((double(r.as_of - r.plan_start)) / 86400, 1)
              << " of the plan (started " << day(r.plan_start) << ")\n\n";
    for (const Bill& b : in.bills)
        std::cout << "  bill " << printable(b.file) << ": " << b.format << ", "
                  << number(double(b.lines.size())) << " lines\n";
    for (const RunLog& l : in.logs)
        std::cout << "  log  " << printable(l.file) << ": " << l.format << ", "
                  << number(double(l.points.size())) << " records, " << l.restarts.size()
                  << (l.restarts.size() == 1 ? " restart\n" : " restarts\n");
    std::vector<std::pair<std::string, std::string>> rows{
        {"spend to date (actual vs plan)", vsPlan(r.actual_to_date, r.planned_to_date, cur)}};
    if (!r.days.empty())
        rows.emplace_back("plan's P10-P90 by now", money(r.days.back().band_p10, cur) + " - " +
                                                       money(r.days.back().band_p90, cur));
    rows.emplace_back("not attributed", money(r.unattributed_cost, cur) + " in " +
                                            number(double(r.lines - r.attributed_lines)) +
                                            " lines (listed below)");
    std::cout << "\n" << keyValues(rows, 2);
    std::cout << "\nBy resource type (actual vs plan to date)\n";
    rows.clear();
    for (const ResourceTypeInfo& t : resourceTypeTable()) {
        const auto i = std::size_t(t.type);
        if (r.planned_by_type[i] != 0 || r.actual_by_type[i] != 0)
            rows.emplace_back(t.label, vsPlan(r.actual_by_type[i], r.planned_by_type[i], cur));
    }
    std::cout << keyValues(rows, 2);
}

void printPhases(const Scenario& s, const ActualsResult& r)
{
    const std::string_view cur = currencyCode(s.currency);
    for (std::size_t i = 0; i < r.phases.size() && i < s.phases.size(); ++i) {
        const ActualsPhase& p = r.phases[i];
        std::cout << "\nPhase " << i + 1 << ": " << printable(s.phases[i].name) << "\n";
        std::vector<std::pair<std::string, std::string>> rows{
            {"spend to date", vsPlan(p.actual_to_date, p.planned_to_date, cur)},
            {"steps done", (p.done_steps >= 0 ? number(p.done_steps) : std::string("no log")) +
                               " of " + number(p.planned_steps) + " (plan by now " +
                               number(p.planned_steps_to_date) + ")"}};
        if (p.observed_step_s >= 0)
            rows.emplace_back("step time", number(p.observed_step_s, 2) + " s observed vs " +
                                               number(p.planned_step_s, 2) + " s planned");
        if (p.observed_failures >= 0)
            rows.emplace_back("restarts", number(p.observed_failures) + " in " +
                                              number(p.log_hours, 1) + " h of log (plan by now " +
                                              number(p.planned_failures, 1) + ")");
        std::cout << keyValues(rows, 2);
    }
}

void printFlags(const Scenario& s, const ActualsResult& r)
{
    const std::string_view cur = currencyCode(s.currency);
    std::cout << "\nFlags: " << r.flags.size() << (r.flags.empty() ? " (none)\n" : "\n");
    for (const ActualsFlag& f : r.flags) {
        const FlagInfo& info = flagInfo(f.kind);
        std::cout << "  ! " << info.label;
        if (f.phase >= 0 && std::size_t(f.phase) < s.phases.size())
            std::cout << " - " << printable(s.phases[std::size_t(f.phase)].name);
        if (!f.resource.empty())
            std::cout << " - " << printable(f.resource);
        std::cout << "\n    since " << (f.since > 0 ? day(f.since) : std::string("(no clock)"));
        if (f.step >= 0)
            std::cout << ", step " << number(f.step);
        std::cout << "; cost so far " << money(f.cost, cur) << "\n    check: " << info.check
                  << "\n";
    }
}

void printForecast(const Scenario& s, const ActualsResult& r)
{
    const std::string_view cur = currencyCode(s.currency);
    auto row = [&](const Forecast& f) {
        return money(f.cost_p10, cur) + " / " + money(f.cost_p50, cur) + " / " +
               money(f.cost_p90, cur) + ", finish day " + number(f.day_p50, 1) + " (P90 " +
               number(f.day_p90, 1) + ")";
    };
    std::cout << "\nForecast, total cost P10 / P50 / P90\n"
              << keyValues({{"plan", row(r.plan)},
                            {"re-forecast", row(r.reforecast)},
                            {"spent so far", money(r.spent, cur)},
                            {"failure rate", number(r.failure_rate_posterior * 1e5, 2) +
                                                 " per 100,000 GPU-hours (plan " +
                                                 number(r.failure_rate_prior * 1e5, 2) + ")"}},
                           2);
}

void printUnattributed(const Scenario& s, const ActualsResult& r)
{
    if (r.unattributed.empty())
        return;
    const std::string_view cur = currencyCode(s.currency);
    std::cout << "\nNot attributed (" << r.unattributed.size() << " groups)\n";
    for (const UnattributedGroup& g : r.unattributed)
        std::cout << "  " << printable(g.file) << " row " << g.first_line << " (+" << g.lines - 1
                  << "): " << money(g.cost, g.currency.empty() ? cur : std::string_view(g.currency))
                  << ", " << unattributedText(g.reason) << "; resource '" << printable(g.resource)
                  << "', service '" << printable(g.service) << "', tags "
                  << (g.tags.empty() ? std::string("(none)") : printable(g.tags)) << "\n";
}

} // namespace

int runActuals(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs("actuals", argv,
                             {{"json", false},
                              {"as-of", true},
                              {"phase", true},
                              {"runs", true},
                              {"catalog", true},
                              {"db", true},
                              {"set", true}});
    if (a.help) {
        std::cout << helpActuals();
        return Ok;
    }
    if (a.positional.size() < 2)
        throw Failure{Usage, "costlab-cli actuals: give the PLAN and at least one bill or log"
                             "\nRun 'costlab-cli actuals --help' for usage."};
    ActualsOptions o;
    o.runs = wholeOption("actuals", a, "runs", 100, 100000, 2000);
    if (const auto t = a.one("as-of")) {
        UnixSeconds at = 0;
        if (!parseBillTime(*t, 0, at))
            throw Failure{Usage, "costlab-cli actuals: --as-of expects an ISO 8601 time, got '" +
                                     printable(*t) + "'"};
        o.as_of = at;
    }
    if (a.has("phase"))
        o.log_phase = a.values.at("phase");
    PlanInput plan = loadPlanInput(a, argv0);
    const Inputs in =
        readInputs(std::vector<std::string>(a.positional.begin() + 1, a.positional.end()));
    for (const std::string& name : o.log_phase) {
        bool found = false;
        for (const Phase& p : plan.scenario.phases)
            found = found || p.name == name;
        if (!found)
            throw Failure{Usage, "costlab-cli actuals: --phase '" + printable(name) +
                                     "' is not a phase of the plan"};
    }
    const ActualsResult r = compareActuals(plan.scenario, plan.catalog, in.bills, in.logs, o);
    if (!r.error.empty())
        throw Failure{InvalidInput, printable(a.positional[0]) + ": " + r.error};
    if (a.has("json")) {
        std::cout << actualsJson(plan.scenario, r, in.bills, in.logs);
    } else {
        printSpend(plan.scenario, r, in);
        printPhases(plan.scenario, r);
        printFlags(plan.scenario, r);
        printForecast(plan.scenario, r);
        printUnattributed(plan.scenario, r);
    }
    return r.flags.empty() ? Ok : Flagged;
}

} // namespace costlab::cli
