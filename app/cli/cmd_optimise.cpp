// costlab-cli optimise (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "optimiser.h"
#include "scenario_json.h"
#include "textformat.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>

namespace costlab::cli {

std::string helpOptimise()
{
    return std::string(
               "Usage: costlab-cli optimise FILE [--max-oom P] [--max-run-lost P]\n"
               "                            [--deadline DAYS] [--budget AMOUNT]\n"
               "                            [--objective expected|p90] [--phase N]\n"
               "                            [--accelerators ID,ID,...|all] [--gpus N,N,...]\n"
               "                            [--top N] [--mc-top K] [--runs N] [--threads N]\n"
               "                            [--json] [--catalog CATALOG.json] [--set ID=VALUE "
               "...]\n"
               "\n"
               "Search the cheapest plan for one training phase of FILE under risk limits:\n"
               "accelerator, GPU count, TP/PP/VPP (CP, EP for long contexts and MoE), ZeRO\n"
               "stage, spot share, micro-batch and recompute for pre-training; pool size and\n"
               "split, placement, pipeline, rollout precision, engine and trainer TP,\n"
               "environments and their instance for RL; for both, the checkpoint interval\n"
               "(Young/Daly automatic, or the plan's fixed one). Every candidate is one\n"
               "evaluate();\n"
               "the best K are scored by Monte Carlo for the P90 constraints and re-ranked.\n"
               "Prints the best plan and its changes, the top plans, the cost-days Pareto\n"
               "frontier and the cheapest plan per GPU count.\n"
               "\n"
               "Options:\n"
               "  --max-oom P         limit on P(out of memory), percent (default 5)\n"
               "  --max-run-lost P    limit on P(unrecoverable divergence / collapse), percent\n"
               "                      (default 5)\n"
               "  --deadline DAYS     P90 plan duration must not exceed DAYS (default: the\n"
               "                      plan's budget.deadline_days; 0 = none)\n"
               "  --budget AMOUNT     P90 plan cost must not exceed AMOUNT in the plan currency\n"
               "                      (default: the plan's budget.total; 0 = none)\n"
               "  --objective O       expected (default) or p90: what the best plan minimises\n"
               "  --phase N           1-based phase to search (default: the costliest\n"
               "                      pre-training or RL phase)\n"
               "  --accelerators L    catalog accelerator ids to try, comma-separated, or 'all'\n"
               "                      (default: the phase's own)\n"
               "  --gpus L            GPU counts to try, comma-separated (default: x1/4 .. x4\n"
               "                      of the phase's own, whole nodes)\n"
               "  --top N             plans to list, 1 to 1000 (default 10)\n"
               "  --mc-top K          screened plans scored by Monte Carlo, 0 to 1000 (default "
               "20)\n"
               "  --runs N            Monte Carlo runs per scored plan, 100 to 100000 (default "
               "1000)\n"
               "  --threads N         worker threads, 1 to 64 (default 2)\n"
               "  --json              print the result as JSON\n"
               "  --write-best PLAN   write the best plan (the current one with its changes)\n"
               "                      as PLAN.costlab.json, e.g. for costlab-cli export-config\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

namespace {

/// The comma-separated items of option `--name`'s value `s`. An empty item (",", "a,,b", "")
/// is a usage error that says so: an empty list once silently searched nothing.
std::vector<std::string> splitList(const char* name, const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ','))
        out.push_back(item);
    if (!s.empty() && s.back() == ',')
        out.emplace_back();
    const bool hasEmpty =
        std::any_of(out.begin(), out.end(), [](const std::string& i) { return i.empty(); });
    if (out.empty() || hasEmpty)
        throw Failure{Usage, std::string("costlab-cli optimise: --") + name +
                                 " expects a comma-separated list with no empty item, got '" +
                                 printable(s) + "'"};
    return out;
}

/// Days as a limit is written: one decimal, two below a day (issue 49: a 0.05-day deadline
/// was printed "0.1").
std::string days(double v)
{
    return number(v, std::abs(v) < 1 ? 2 : 1);
}

/// The plain-text report of `r` (search counts, limits, current and best plan, top plans,
/// Pareto frontier, cheapest plan per GPU count).
void printOptimise(const Scenario& s, const OptimiserResult& r, const OptimiserOptions& o,
                   double secs)
{
    const std::string cur(currencyCode(s.currency));
    const OptimiserConstraints& c = o.constraints;
    std::cout << "Costlab optimise: " << printable(s.name) << ", phase " << r.phase + 1 << " ("
              << printable(s.phases[std::size_t(r.phase)].name) << ")\n"
              << "Searched " << r.candidates << " candidate plans: " << r.evaluated
              << " evaluated, " << r.pruned << " skipped by pruning, " << r.feasible
              << " within the limits; " << number(secs, 2) << " s ("
              << number(double(r.candidates) / std::max(secs, 1e-9)) << " candidates/s).\n"
              << "Limits: P(OOM) <= " << percent(c.max_oom)
              << ", P(run lost) <= " << percent(c.max_run_lost);
    if (c.deadline_days > 0)
        std::cout << ", P90 days <= " << days(c.deadline_days);
    if (c.budget > 0)
        std::cout << ", P90 cost <= " << money(c.budget, cur);
    std::cout << ".\n";
    // A phase sized by a target keeps its target in every candidate (issue 46, item 4): the
    // search is for the cheapest plan that reaches it, each candidate's count set anew.
    const Phase& ph = s.phases[std::size_t(r.phase)];
    if (ph.kind == PhaseKind::Pretrain && ph.pretrain.target_loss > 0)
        std::cout << "Objective: the cheapest plan that reaches loss <= "
                  << number(ph.pretrain.target_loss, 3)
                  << " within the limits; each candidate's tokens are set by the target.\n";
    else if (ph.kind == PhaseKind::RlPosttrain && ph.rl.target_score > 0)
        std::cout << "Objective: the cheapest plan that reaches score >= "
                  << number(ph.rl.target_score, 3)
                  << " within the limits; each candidate's iterations are set by the target "
                     "(policy steps do not change with the layout).\n";
    std::cout << "\nCurrent: " << money(r.current.total, cur) << ", " << number(r.current.days, 1)
              << " days";
    if (r.current.scored)
        std::cout << ", P90 " << money(r.current.p90, cur);
    std::cout << "\n";
    if (!r.found) {
        std::cout << "No plan in the space meets every constraint.\n";
        if (r.nearest.empty())
            return;
        TextTable near({"#", "Plan", "Expected (" + cur + ")", "Days", "Breaks"},
                       {true, false, true, true, false});
        for (std::size_t i = 0; i < r.nearest.size(); ++i) {
            const OptimiserPlan& p = r.nearest[i];
            std::string breaks;
            for (const BrokenLimit& b : p.broken) {
                const OptimiserLimitInfo& info = limitInfo(b.limit);
                const auto value = [&](double v) {
                    using U = OptimiserLimitInfo::Unit;
                    return info.unit == U::Probability ? percent(v)
                           : info.unit == U::Days      ? days(v)
                                                       : money(v, cur);
                };
                breaks += (breaks.empty() ? "" : "; ") +
                          std::string(b.p90 ? info.p90_name : info.name) + " " + value(b.value) +
                          " > " + value(b.bound);
            }
            near.addRow(
                {std::to_string(i + 1), p.summary, number(p.total), number(p.days, 1), breaks});
        }
        std::cout << "Nearest plans (relax the limit each breaks, or widen the search):\n"
                  << near.render(2);
        return;
    }
    std::cout << "Best:    " << money(r.best.total, cur) << ", " << number(r.best.days, 1)
              << " days";
    if (r.best.scored)
        std::cout << ", P90 " << money(r.best.p90, cur) << " / " << number(r.best.p90_days, 1)
                  << " days";
    std::cout << " (saves " << money(r.current.total - r.best.total, cur) << ")\n  "
              << printable(r.best.summary)
              << "\n  changes: " << printable(changesText(r.best.changes)) << "\n\n";
    TextTable top({"#", "Plan", "Expected (" + cur + ")", "P90 (" + cur + ")", "Days", "P90 days",
                   "P(OOM)", "P(run lost)"},
                  {true, false, true, true, true, true, true, true});
    for (std::size_t i = 0; i < r.top.size(); ++i) {
        const OptimiserPlan& p = r.top[i];
        top.addRow({std::to_string(i + 1), p.summary, number(p.total),
                    p.scored ? number(p.p90) : "-", number(p.days, 1),
                    p.scored ? number(p.p90_days, 1) : "-",
                    percent(p.risks[std::size_t(RiskKind::Oom)].probability),
                    percent(p.risks[std::size_t(RiskKind::Unrecoverable)].probability)});
    }
    std::cout << "Top plans:\n" << top.render(2);
    TextTable pf({"Days", "Expected (" + cur + ")", "GPUs", "Plan"}, {true, true, true, false});
    for (const OptimiserPlan& p : r.pareto)
        pf.addRow({number(p.days, 1), number(p.total), number(p.gpus), p.summary});
    std::cout << "\nPareto frontier (no plan is both cheaper and faster):\n" << pf.render(2);
    TextTable bg({"GPUs", "Days", "Expected (" + cur + ")", "Plan"}, {true, true, true, false});
    for (const OptimiserPlan& p : r.by_gpus)
        bg.addRow({number(p.gpus), number(p.days, 1), number(p.total), p.summary});
    std::cout << "\nCheapest plan per GPU count:\n" << bg.render(2);
}

} // namespace

int runOptimise(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed = parsePlanCommand("optimise", argv,
                                                        {{"json", false},
                                                         {"max-oom", true},
                                                         {"max-run-lost", true},
                                                         {"deadline", true},
                                                         {"budget", true},
                                                         {"objective", true},
                                                         {"phase", true},
                                                         {"accelerators", true},
                                                         {"gpus", true},
                                                         {"top", true},
                                                         {"mc-top", true},
                                                         {"runs", true},
                                                         {"threads", true},
                                                         {"write-best", true}},
                                                        helpOptimise);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    if (const auto path = a.one("write-best")) // before the search, not after it
        refuseOutputOverInput("optimise", a, *path);
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    (void)evaluateOrRefuse(a.positional[0], s, cat);

    OptimiserOptions o;
    OptimiserConstraints& c = o.constraints;
    c.max_oom =
        numberOption("optimise", a, "max-oom", 0, 100, 5, "a percentage from 0 to 100") / 100;
    c.max_run_lost =
        numberOption("optimise", a, "max-run-lost", 0, 100, 5, "a percentage from 0 to 100") / 100;
    c.deadline_days = numberOption("optimise", a, "deadline", 0, 36525, s.budget.deadline_days,
                                   "days from 0 (none) to 36525");
    c.budget = numberOption("optimise", a, "budget", 0, 1e12, s.budget.total,
                            "an amount from 0 (none) to 1e12");
    if (const std::optional<std::string> v = a.one("objective")) {
        if (*v == "expected")
            o.objective = Objective::Expected;
        else if (*v == "p90")
            o.objective = Objective::P90;
        else
            throw Failure{Usage,
                          "costlab-cli optimise: --objective expects expected or p90, got '" +
                              printable(*v) + "'"};
    }
    o.phase = wholeOption("optimise", a, "phase", 1, int(s.phases.size()), 0) - 1;
    o.top_n = wholeOption("optimise", a, "top", 1, 1000, 10);
    o.monte_carlo_top_k = wholeOption("optimise", a, "mc-top", 0, 1000, 20);
    o.monte_carlo_runs = wholeOption("optimise", a, "runs", 100, 100000, 1000);
    o.threads = wholeOption("optimise", a, "threads", 1, 64, 2);
    const int phase = o.phase >= 0 ? o.phase : defaultOptimiserPhase(s, cat);
    OptimiserSpace space = defaultOptimiserSpace(s, cat, phase);
    if (const std::optional<std::string> v = a.one("accelerators")) {
        space.accelerators.clear();
        if (*v == "all") {
            for (const Accelerator& acc : cat.accelerators)
                if (acc.price_reserved >= 0 || acc.price_on_demand >= 0)
                    space.accelerators.push_back(acc.id);
        } else {
            for (const std::string& id : splitList("accelerators", *v)) {
                if (!cat.accelerator(id))
                    throw Failure{Usage, "costlab-cli optimise: no accelerator '" + printable(id) +
                                             "' in the catalog"};
                space.accelerators.push_back(id);
            }
        }
    }
    if (const std::optional<std::string> v = a.one("gpus")) {
        space.gpus.clear();
        for (const std::string& t : splitList("gpus", *v)) {
            const std::optional<double> d = parseNumber(t);
            if (!d || *d < 1 || *d > 1e6 || *d != std::floor(*d))
                throw Failure{Usage, "costlab-cli optimise: --gpus expects whole numbers from 1 "
                                     "to 1000000, got '" +
                                         printable(t) + "'"};
            space.gpus.push_back(*d);
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    const OptimiserResult r = optimise(s, cat, space, o);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r.error.empty())
        throw Failure{InvalidInput, "costlab-cli optimise: " + r.error};
    const std::string cur(currencyCode(s.currency));
    if (a.has("json"))
        std::cout << optimiserToJson(r, o, cur);
    else
        printOptimise(s, r, o, secs);
    if (const auto path = a.one("write-best")) {
        // The best plan as a plan file, for export-config (launch settings) or the window.
        if (!r.found)
            throw Failure{InvalidInput, "costlab-cli optimise: no plan meets the constraints; " +
                                            printable(*path) + " was not written"};
        Scenario best = s;
        if (const ChangeResult applied = applyChanges(best, r.best.changes); !applied)
            throw Failure{InvalidInput, "costlab-cli optimise: " + printable(applied.error)};
        if (const std::string e = saveScenarioFile(best, *path); !e.empty())
            throw Failure{IoError, printable(*path) + ": cannot write: " + e};
        std::cerr << "best plan written to " << printable(*path) << " (costlab-cli export-config "
                  << printable(*path) << " writes its launch settings)\n";
    }
    return Ok;
}

} // namespace costlab::cli
