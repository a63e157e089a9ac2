// costlab-cli levers (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "levers.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpLevers()
{
    return std::string(
               "Usage: costlab-cli levers FILE [--json] [--max-oom P] [--max-run-lost P]\n"
               "                          [--max-over-budget P] [--runs N]\n"
               "                          [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
               "\n"
               "Price the source article's savings checklist (§4) and the knobs of its risk\n"
               "boundaries (§5) on the plan in FILE. Each lever is a change of inputs; its\n"
               "saving is the plan's total before minus after (two evaluations), with the\n"
               "Monte Carlo P50/P90 before and after, the risks it raises above their limits\n"
               "and the §5 boundary it pushes against. A lever that does not apply says why.\n"
               "The last line combines every lever that saves and raises no risk above its\n"
               "limit (largest saving first, each kept only if it still saves).\n"
               "\n"
               "Options:\n"
               "  --max-oom P         limit on P(out of memory), percent (default 5)\n"
               "  --max-run-lost P    limit on P(unrecoverable divergence / collapse), percent\n"
               "                      (default 5)\n"
               "  --max-over-budget P limit on P(budget overrun), percent (default 20)\n"
               "  --runs N            Monte Carlo runs behind each P50/P90, 0 to 100000\n"
               "                      (default 5000, as the window and the report; 0 skips them)\n"
               "  --json              print every lever as JSON, with every risk before and "
               "after\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

int runLevers(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed = parsePlanCommand("levers", argv,
                                                        {{"json", false},
                                                         {"max-oom", true},
                                                         {"max-run-lost", true},
                                                         {"max-over-budget", true},
                                                         {"runs", true}},
                                                        helpLevers);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    LeverOptions opt;
    const auto pct = [&a](const char* name, double fallback) {
        return numberOption("levers", a, name, 0, 100, fallback * 100,
                            "a percentage from 0 to 100") /
               100;
    };
    opt.limits[RiskKind::Oom] = pct("max-oom", opt.limits[RiskKind::Oom]);
    opt.limits[RiskKind::Unrecoverable] = pct("max-run-lost", opt.limits[RiskKind::Unrecoverable]);
    opt.limits[RiskKind::Budget] = pct("max-over-budget", opt.limits[RiskKind::Budget]);
    opt.monte_carlo_runs = wholeOption("levers", a, "runs", 0, 100000, opt.monte_carlo_runs);
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    (void)evaluateOrRefuse(a.positional[0], s, cat);
    const LeversResult r = evaluateLevers(s, cat, opt);
    if (!r.error.empty())
        throw Failure{InvalidInput, "costlab-cli levers: " + r.error};
    const LeverCombination all = combineLevers(s, cat, r, opt.limits);
    const std::string cur(currencyCode(s.currency));
    if (a.has("json")) {
        std::cout << leversToJson(r, all, opt.limits, cur);
        return Ok;
    }
    const bool mc = opt.monte_carlo_runs > 0;
    std::cout << "Costlab levers: " << printable(s.name) << "\n"
              << "Plan: " << money(r.base.total, cur) << ", " << number(r.base.days, 1) << " days";
    if (mc)
        std::cout << "; P50 " << money(r.base.p50, cur) << ", P90 " << money(r.base.p90, cur)
                  << " (" << opt.monte_carlo_runs << " Monte Carlo runs)";
    std::cout << ".\nLimits: P(OOM) <= " << percent(opt.limits[RiskKind::Oom])
              << ", P(run lost) <= " << percent(opt.limits[RiskKind::Unrecoverable])
              << ", P(over budget) <= " << percent(opt.limits[RiskKind::Budget]) << ".\n\n";
    TextTable t({"Lever", "Article", "Saving (" + cur + ")", "Saving", "P90 after (" + cur + ")",
                 "Days after", "Boundary", "Limits"},
                {false, false, true, true, true, true, false, false});
    std::vector<std::string> notes;
    for (const LeverResult& l : r.levers) {
        if (!l.applies) {
            notes.push_back(std::string(l.info->id) + ": " + std::string(l.reason));
            continue;
        }
        std::string limits = "within";
        if (!l.after.ok)
            limits = "not possible";
        else if (!l.withinLimits()) {
            limits = "raises";
            for (RiskKind k : l.exceeded)
                limits += " " + std::string(riskInfo(k).short_label);
        }
        std::string boundary(boundaryLabel(l.info->boundary));
        if (l.pushes_boundary)
            boundary += " (pushed)";
        t.addRow({std::string(l.info->id), std::string(l.info->section),
                  l.after.ok ? number(l.saving()) : "-",
                  l.after.ok ? number(l.savingShare() * 100, 1) + " %" : "-",
                  mc && l.after.ok ? number(l.after.p90) : "-", number(l.after.days, 1), boundary,
                  limits});
    }
    std::cout << t.render(2) << "\nChanges:\n";
    for (const LeverResult& l : r.levers)
        if (l.applies)
            std::cout << "  " << l.info->id << ": " << printable(changesText(l.changes)) << "\n";
    if (!notes.empty()) {
        std::cout << "\nDoes not apply:\n";
        for (const std::string& n : notes)
            std::cout << "  " << printable(n) << "\n";
    }
    std::cout << "\nAll levers within limits";
    if (all.lever_ids.empty())
        std::cout << ": none saves within the limits.\n";
    else {
        std::cout << " (";
        for (std::size_t i = 0; i < all.lever_ids.size(); ++i)
            std::cout << (i ? ", " : "") << all.lever_ids[i];
        std::cout << "): " << money(all.after.total, cur) << ", saving "
                  << money(r.base.total - all.after.total, cur) << " ("
                  << number((r.base.total - all.after.total) / r.base.total * 100, 1) << " %), "
                  << number(all.after.days, 1) << " days.\n";
    }
    return Ok;
}

} // namespace costlab::cli
