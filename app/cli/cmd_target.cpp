// costlab-cli target (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "estimate_json.h"
#include "scaling.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpTarget()
{
    return std::string(
               "Usage: costlab-cli target FILE [--json] [--catalog CATALOG.json]\n"
               "                          [--set ID=VALUE ...]\n"
               "\n"
               "How much training the plan's targets need (issue 46; docs/model-reference.md\n"
               "§11). A pre-training phase with pretrain.target_loss trains until its loss law\n"
               "(pretrain.loss_law) says that loss is reached at its model size; an RL phase with\n"
               "rl.target_score runs until its compute-performance curve (rl.rl_curve) says the\n"
               "score is reached. For each such phase: the target, the bound no training passes\n"
               "(the loss floor at this size, or the curve's asymptote), what the law says the\n"
               "target needs, the tokens or iterations the phase was sized to with its P10-P90\n"
               "from the law's uncertainty, and whether the plan lies outside the runs the law\n"
               "was fitted on. A phase sized by a count shows what its law says that count\n"
               "reaches. Set a target with --set, e.g. --set pretrain.target_loss=2.1.\n"
               "\n"
               "Options:\n"
               "  --json              print the estimate as JSON (each target phase has a\n"
               "                      \"target\" object)\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

namespace {

std::string lawLabel(const Phase& p)
{
    if (p.kind == PhaseKind::Pretrain) {
        const auto choices = lossLawChoices();
        const auto i = static_cast<std::size_t>(std::max(0.0, std::round(p.pretrain.loss_law)));
        return i < choices.size() ? std::string(choices[i].label) : "custom";
    }
    const auto choices = rlCurveChoices();
    const auto i = static_cast<std::size_t>(std::max(0.0, std::round(p.rl.rl_curve)));
    return i < choices.size() ? std::string(choices[i].label) : "custom";
}

void printTargetPhase(const Phase& p, const PhaseEstimate& pe)
{
    const TargetFigures& t = pe.target;
    const bool loss = t.kind == TargetFigures::Kind::Loss;
    std::vector<std::pair<std::string, std::string>> rows;
    rows.emplace_back("law", lawLabel(p));
    if (loss) {
        rows.emplace_back("target loss", number(t.target, 4) + " nats/token");
        rows.emplace_back("floor at " + metric(t.law_params) + " parameters",
                          number(t.limit, 4) + " nats/token");
        rows.emplace_back("tokens needed", metric(t.needed) + " (" +
                                               metric(6 * t.law_params * t.needed) +
                                               "FLOP at 6·N·D)");
        if (t.optimal_params > 0) {
            const double best = 6 * t.optimal_params * t.optimal_tokens;
            const double mine = 6 * t.law_params * t.needed;
            rows.emplace_back("fewest FLOPs for it", metric(t.optimal_params) + " parameters on " +
                                                         metric(t.optimal_tokens) + " tokens, " +
                                                         metric(best) + "FLOP; this size needs " +
                                                         number(mine / best, 2) + "x that");
        }
    } else {
        rows.emplace_back("target score", number(t.target, 3));
        rows.emplace_back("asymptote A", number(t.limit, 3));
        if (t.step_gpu_hours > 0)
            rows.emplace_back("compute needed",
                              metric(t.needed) + " GPU-hours of the curve's runs = " +
                                  number(t.needed / t.step_gpu_hours, 1) + " policy steps at " +
                                  number(t.step_gpu_hours, 2) + " GPU-hours per step" +
                                  (t.step_is_plan ? " (this phase's own)" : ""));
        else
            rows.emplace_back("compute needed", metric(t.needed) + " iterations");
    }
    std::string amount = loss ? metric(t.amount) + " tokens" : number(t.amount) + " iterations";
    if (t.sigma > 0) {
        const AmountBand b = targetBand(t);
        const double lo = b.p10, hi = b.p90;
        amount += " (P10 " + (loss ? metric(lo) : number(lo)) + ", P90 " +
                  (loss ? metric(hi) : number(hi)) + "; sigma " + number(t.sigma, 3) + " in ln)";
    }
    rows.emplace_back("sized to", amount);
    if (t.outside_fit)
        rows.emplace_back("note", "outside the runs the law was fitted on: an extrapolation");
    std::cout << keyValues(rows, 2);
}

void printCountedPhase(const Phase& p, const PhaseEstimate& pe)
{
    if (p.kind == PhaseKind::Pretrain) {
        const LossLaw law = chosenLossLaw(p.pretrain.loss_law, p.pretrain.law);
        const double n = lossLawParams(p.model);
        std::cout << keyValues(
            {{"law", lawLabel(p)},
             {"tokens", metric(pe.tokens)},
             {"loss reached", number(lossAt(law, n, pe.tokens), 4) + " nats/token (floor " +
                                  number(lossFloor(law, n), 4) + ")"}},
            2);
        return;
    }
    std::cout << keyValues({{"iterations", number(pe.steps)},
                            {"note", "sized by its count; set rl.target_score to size it by a "
                                     "score"}},
                           2);
}

} // namespace

int runTarget(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed =
        parsePlanCommand("target", argv, {{"json", false}}, helpTarget);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    PlanInput in = loadPlanInput(a, argv0);
    const Scenario& s = in.scenario;
    const Estimate e = evaluateOrRefuse(a.positional[0], s, in.catalog);
    if (a.has("json")) {
        std::cout << estimateToJson(s, e);
        return Ok;
    }
    std::cout << "Costlab targets: " << printable(s.name) << "\n";
    for (std::size_t i = 0; i < s.phases.size() && i < e.phases.size(); ++i) {
        const Phase& p = s.phases[i];
        if (p.kind == PhaseKind::Evaluation)
            continue;
        std::cout << "\nPhase " << i + 1 << " (" << toString(p.kind) << "): " << printable(p.name)
                  << "\n";
        if (e.phases[i].target.kind != TargetFigures::Kind::None)
            printTargetPhase(p, e.phases[i]);
        else
            printCountedPhase(p, e.phases[i]);
    }
    return Ok;
}

} // namespace costlab::cli
