#include "reportdata.h"

#include "engine.h"

#include <algorithm>

namespace costlab {

namespace {

std::vector<RankedRisk> rankRisks(const Scenario& s, const Estimate& e)
{
    std::vector<RankedRisk> risks;
    for (int i = 0; i < int(e.phases.size()); ++i)
        for (const RiskInfo& info : riskTable())
            if (info.phase)
                risks.push_back({i, info.kind, e.phases[std::size_t(i)].*info.phase});
    if (s.budget.total > 0)
        risks.push_back({-1, RiskKind::Budget, e.budget});
    std::stable_sort(risks.begin(), risks.end(), [](const RankedRisk& a, const RankedRisk& b) {
        return a.risk.expected_cost > b.risk.expected_cost;
    });
    return risks;
}

std::vector<CostRow> costRows(const Estimate& e)
{
    std::vector<CostRow> rows;
    for (int i = 0; i < int(e.phases.size()); ++i) {
        const PhaseEstimate& pe = e.phases[std::size_t(i)];
        for (int k = 0; k < kCategoryCount; ++k)
            if (pe.cost[k] != 0)
                rows.push_back(
                    {i, Category(k), pe.cost[k] - pe.elastic[k], pe.elastic[k], pe.cost[k]});
    }
    for (int k = 0; k < kCategoryCount; ++k)
        if (e.shared_cost[k] != 0)
            rows.push_back({-1, Category(k), e.shared_cost[k], 0, e.shared_cost[k]});
    return rows;
}

std::vector<AssumptionRow> assumptionRows(const Scenario& s)
{
    std::vector<PhaseKind> kinds;
    for (const Phase& p : s.phases)
        kinds.push_back(p.kind);
    const Scenario defaults = defaultScenario(kinds);
    std::vector<AssumptionRow> rows;
    for (const ParamRef& ref : boundParameters(s)) {
        AssumptionRow row{ref, fullId(s, ref)};
        if (const auto dref = findParam(defaults, row.id))
            row.state = getString(defaults, *dref) == getString(s, ref) ? DefaultState::Default
                                                                        : DefaultState::Changed;
        rows.push_back(std::move(row));
    }
    return rows;
}

OptimiserResult reportOptimisation(const Scenario& s, const Catalog& cat, const RiskLimits& lim)
{
    OptimiserOptions o;
    o.phase = defaultOptimiserPhase(s, cat);
    if (o.phase < 0)
        return {};
    o.constraints.max_oom = lim[RiskKind::Oom];
    o.constraints.max_run_lost = lim[RiskKind::Unrecoverable];
    o.constraints.deadline_days = std::max(0.0, s.budget.deadline_days);
    o.constraints.budget = std::max(0.0, s.budget.total);
    o.top_n = 3;
    OptimiserResult r = optimise(s, cat, defaultOptimiserSpace(s, cat, o.phase), o);
    r.top.clear(); // the report prints the best plan, the current one and the frontier
    r.by_gpus.clear();
    return r;
}

} // namespace

ReportData reportData(const Scenario& s, const Catalog& cat)
{
    ReportData d;
    d.estimate = evaluate(s, cat);
    d.ranked_risks = rankRisks(s, d.estimate);
    d.cost_rows = costRows(d.estimate);
    d.assumptions = assumptionRows(s);
    MonteCarloOptions mc;
    mc.runs = kReportMonteCarloRuns;
    mc.threads = monteCarloThreads();
    d.uncertainty = monteCarlo(s, cat, mc);
    d.uncertainty.cost_samples.clear();
    d.uncertainty.days_samples.clear();
    LeverOptions lo;
    lo.limits = d.lever_limits;
    lo.monte_carlo_runs = kReportLeverRuns;
    lo.threads = monteCarloThreads();
    d.levers = evaluateLevers(s, cat, lo);
    if (d.levers.error.empty())
        d.combined_levers = combineLevers(s, cat, d.levers, lo.limits);
    d.optimised = reportOptimisation(s, cat, d.lever_limits);
    // One P90 per plan in the report (issue 49): the current plan's row shows the
    // Uncertainty section's figures (kReportMonteCarloRuns runs, seed 1), not the search's
    // own shorter scoring of it; the candidates keep their monte_carlo_runs scores.
    if (d.uncertainty.error.empty() && d.optimised.current.scored) {
        d.optimised.current.p50 = d.uncertainty.cost.p50;
        d.optimised.current.p90 = d.uncertainty.cost.p90;
        d.optimised.current.p90_days = d.uncertainty.days.p90;
    }
    for (int i = 0; i < int(s.phases.size()); ++i)
        if (s.phases[std::size_t(i)].kind == PhaseKind::RlPosttrain) {
            d.first_rl_phase = i;
            break;
        }
    return d;
}

} // namespace costlab
