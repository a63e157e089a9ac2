// costlab-cli montecarlo (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "montecarlo.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpMonteCarlo()
{
    return std::string(
               "Usage: costlab-cli montecarlo FILE [--runs N] [--seed S] [--events] [--json]\n"
               "                              [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
               "\n"
               "Sample the plan in FILE N times over each phase's timeline (failures and\n"
               "restarts against the last checkpoint, unusable checkpoints, divergence\n"
               "rollbacks, waits for elastic capacity, and the plan-level spread of failure\n"
               "rate, restart time and throughput) and print P10/P50/P90 of the total cost,\n"
               "the duration and the number of interruptions, and P(over budget).\n"
               "The same seed gives the same draws: two plans sampled with one seed differ by\n"
               "their plans, not by noise.\n"
               "\n"
               "Options:\n"
               "  --runs N            number of runs, 1..1000000 (default 5000, as the window and "
               "the report)\n"
               "  --seed S            random seed, a whole number (default 1)\n"
               "  --events            also print the events of run 0, in order\n"
               "  --json              print the result as JSON (percentiles, histograms)\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

namespace {

std::string eventText(MonteCarloEvent::Kind k)
{
    switch (k) {
    case MonteCarloEvent::Kind::Failure:
        return "failure: work since the checkpoint and a restart lost";
    case MonteCarloEvent::Kind::RestartInterrupted:
        return "failure during the restart: restart again";
    case MonteCarloEvent::Kind::UnusableCheckpoint:
        return "newest checkpoint unusable: one more interval redone";
    case MonteCarloEvent::Kind::Divergence:
        return "divergence rollback";
    case MonteCarloEvent::Kind::CapacityWait:
        return "wait for elastic capacity";
    case MonteCarloEvent::Kind::RunLost:
        return "unrecoverable divergence / collapse: the work so far is re-run";
    }
    return {};
}

} // namespace

int runMonteCarlo(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed = parsePlanCommand(
        "montecarlo", argv, {{"json", false}, {"events", false}, {"runs", true}, {"seed", true}},
        helpMonteCarlo);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    MonteCarloOptions opt;
    opt.event_log = a.has("events");
    opt.threads = monteCarloThreads(); // the same samples on any number of threads
    if (const std::optional<std::string> v = a.one("runs")) {
        const std::optional<double> d = parseNumber(*v);
        if (!d || *d != std::floor(*d) || *d < 1 || *d > 1000000)
            throw Failure{Usage, "costlab-cli montecarlo: --runs expects an integer from 1 to "
                                 "1000000, got '" +
                                     printable(*v) + "'"};
        opt.runs = int(*d);
    }
    if (const std::optional<std::string> v = a.one("seed")) {
        const std::optional<double> d = parseNumber(*v);
        if (!d || *d != std::floor(*d) || *d < 0 || *d > 9007199254740992.0)
            throw Failure{Usage, "costlab-cli montecarlo: --seed expects a whole number from 0 "
                                 "to 2^53, got '" +
                                     printable(*v) + "'"};
        opt.seed = std::uint64_t(*d);
    }
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    (void)evaluateOrRefuse(a.positional[0], s, cat); // the plan itself must be possible
    const MonteCarloResult r = monteCarlo(s, cat, opt);
    if (!r.error.empty())
        throw Failure{InvalidInput, "costlab-cli montecarlo: " + r.error};
    const std::string cur(currencyCode(s.currency));
    if (a.has("json")) {
        std::cout << monteCarloToJson(r, cur);
        return Ok;
    }
    std::cout << "Costlab Monte Carlo: " << printable(s.name) << "\n"
              << number(r.runs) << " runs, seed " << r.seed << " (same seed, same draws)\n\n";
    TextTable t({"", "Point estimate", "P10", "P50", "P90", "Mean"},
                {false, true, true, true, true, true});
    // Not priced: no cost figure at all, never the priced parts' spread (issue 44).
    const auto cost = [&](double v) {
        return r.priced ? money(v, cur) : std::string("not priced");
    };
    t.addRow({"Total cost", cost(r.point_cost), cost(r.cost.p10), cost(r.cost.p50),
              cost(r.cost.p90), cost(r.cost.mean)});
    t.addRow({"Duration (days)", number(r.point_days, 1), number(r.days.p10, 1),
              number(r.days.p50, 1), number(r.days.p90, 1), number(r.days.mean, 1)});
    t.addRow({"Interruptions", "", number(r.failures.p10), number(r.failures.p50),
              number(r.failures.p90), number(r.failures.mean, 1)});
    std::cout << t.render(2);
    if (r.phases.size() > 1) {
        std::cout << "\nPer phase (its own costs; shared costs belong to no phase):\n";
        TextTable ph({"Phase", "Cost P10", "P50", "P90", "Days P10", "P50", "P90"},
                     {false, true, true, true, true, true, true});
        for (std::size_t i = 0; i < r.phases.size(); ++i) {
            const PhaseSpread& p = r.phases[i];
            ph.addRow({std::to_string(i + 1) + " " + printable(s.phases[i].name), cost(p.cost.p10),
                       cost(p.cost.p50), cost(p.cost.p90), number(p.days.p10, 1),
                       number(p.days.p50, 1), number(p.days.p90, 1)});
        }
        std::cout << ph.render(2);
    }
    if (r.p_over_budget >= 0)
        std::cout << "\n  P(over budget of " << money(s.budget.total, cur)
                  << "): " << percent(r.p_over_budget) << "\n";
    if (r.p_late >= 0)
        std::cout << (r.p_over_budget >= 0 ? "" : "\n") << "  P(later than the deadline of "
                  << number(s.budget.deadline_days, 1) << " days): " << percent(r.p_late) << "\n";
    if (r.p_daily_alert >= 0)
        std::cout << (r.p_over_budget >= 0 || r.p_late >= 0 ? "" : "\n")
                  << "  P(a day's spend above the daily alert of "
                  << money(s.budget.daily_alert, cur) << "): " << percent(r.p_daily_alert) << "\n";
    if (r.p_run_lost > 0)
        std::cout << "  P(a run lost to unrecoverable divergence / collapse): "
                  << percent(r.p_run_lost) << "\n";
    std::cout
        << "\n  Point estimate: evaluate()'s expected cost; its duration leaves out the time\n"
           "  of divergence rollbacks and capacity waits, which the runs include.\n";
    if (opt.event_log) {
        std::cout << "\nEvents of run 0 (hours since the phase started):\n";
        TextTable ev({"Phase", "At (h)", "Lost (h)", "Event"}, {true, true, true, false});
        for (const MonteCarloEvent& e : r.events)
            ev.addRow({std::to_string(e.phase + 1), number(e.at_h, 2), number(e.lost_h, 2),
                       eventText(e.kind)});
        std::cout << (ev.empty() ? std::string("  (none)\n") : ev.render(2));
    }
    return Ok;
}

} // namespace costlab::cli
