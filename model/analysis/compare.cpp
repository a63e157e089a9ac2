#include "compare.h"

#include "engine.h"
#include "risks.h"

#include <cmath>
#include <map>

namespace costlab {

namespace {

std::string codeOf(Currency c)
{
    return std::string(currencyCode(c));
}

/// Factor that turns money of plan `s` into the baseline's currency (see compare.h).
double toBaseline(const Scenario& s, const Scenario& base)
{
    if (s.currency == base.currency)
        return 1;
    if (s.currency == Currency::CNY) // CNY plan, USD baseline
        return s.cny_per_usd > 0 ? 1.0 / s.cny_per_usd : 0.0;
    return base.cny_per_usd; // USD plan, CNY baseline
}

std::string unitOf(FigureUnit k, Currency c)
{
    switch (k) {
    case FigureUnit::Money:
        return codeOf(c);
    case FigureUnit::MoneyRate:
        return codeOf(c) + "/M tokens";
    case FigureUnit::GpuHours:
        return "GPU-h";
    case FigureUnit::Hours:
        return "h";
    case FigureUnit::Seconds:
        return "s";
    case FigureUnit::Share:
        return "share";
    case FigureUnit::GiB:
        return "GiB";
    case FigureUnit::Count:
        return "count";
    case FigureUnit::Days:
        return "days";
    case FigureUnit::Probability:
        return "probability";
    case FigureUnit::Ratio:
        return "ratio";
    }
    return {};
}

bool validCount(std::size_t n)
{
    return n >= kCompareMin && n <= kCompareMax;
}

} // namespace

double percentDifference(double base, double value)
{
    if (base == 0)
        return value == 0 ? 0.0 : std::nan("");
    return 100.0 * (value - base) / std::fabs(base);
}

Comparison compare(const std::vector<const Scenario*>& scenarios, const Catalog& catalog)
{
    return compare(scenarios, std::vector<const Catalog*>(scenarios.size(), &catalog));
}

Comparison compare(const std::vector<const Scenario*>& scenarios,
                   const std::vector<const Catalog*>& catalogs)
{
    Comparison c;
    if (!validCount(scenarios.size())) {
        c.error = "a comparison needs 2 to 4 scenarios, got " + std::to_string(scenarios.size());
        return c;
    }
    if (catalogs.size() != scenarios.size()) {
        c.error = "internal error: " + std::to_string(catalogs.size()) + " catalogs for " +
                  std::to_string(scenarios.size()) + " scenarios";
        return c;
    }
    for (std::size_t i = 0; i < scenarios.size(); ++i)
        if (!scenarios[i] || !catalogs[i]) {
            c.error = "internal error: null scenario or catalog in comparison";
            return c;
        }
    const Scenario& base = *scenarios.front();
    c.currency = base.currency;
    const std::size_t n = scenarios.size();

    for (std::size_t i = 0; i < n; ++i) {
        const Scenario* s = scenarios[i];
        ComparedScenario cs;
        cs.name = s->name;
        cs.currency = s->currency;
        cs.to_baseline = toBaseline(*s, base);
        for (const Phase& p : s->phases)
            cs.kinds.push_back(p.kind);
        cs.estimate = evaluate(*s, *catalogs[i]);
        CategoryArray cost = cs.estimate.cost;
        for (double& v : cost)
            v *= cs.to_baseline;
        c.category_cost.push_back(cost);
        c.scenarios.push_back(std::move(cs));
    }

    auto addRow = [&](HeadlineRow row, const auto& get) {
        row.unit = unitOf(row.kind, c.currency);
        for (const ComparedScenario& cs : c.scenarios) {
            const double v = get(cs.estimate);
            row.values.push_back(isMoney(row.kind) ? v * cs.to_baseline : v);
        }
        for (std::size_t i = 0; i < n; ++i) {
            // Values per different units (pre-training against RL tokens) have no difference.
            const bool same = row.basis.empty() || row.basis[i] == row.basis[0];
            row.comparable.push_back(same);
            row.diff.push_back(same ? row.values[i] - row.values[0] : std::nan(""));
            row.diff_percent.push_back(same ? percentDifference(row.values[0], row.values[i])
                                            : std::nan(""));
        }
        c.headline.push_back(std::move(row));
    };
    auto addFigure = [&](const PlanFigure& f) {
        HeadlineRow row;
        row.id = std::string(f.id);
        row.label = f.label;
        row.kind = f.unit;
        if (f.basis)
            for (const ComparedScenario& cs : c.scenarios)
                row.basis.push_back(f.basis(cs.estimate));
        addRow(std::move(row), f.get);
    };
    // The plan figures of the table, then two rows per risk of the risk table, then budget
    // use (a ratio reads last, after what it sums up).
    for (const PlanFigure& f : planFigures())
        if (f.in_compare && f.unit != FigureUnit::Ratio)
            addFigure(f);
    for (const RiskInfo& info : riskTable()) {
        for (const bool expected : {false, true}) {
            HeadlineRow row;
            row.id =
                "risk." + std::string(info.id) + (expected ? ".expected_cost" : ".probability");
            row.label = info.label;
            row.risk = info.kind;
            row.risk_expected = expected;
            row.kind = expected ? FigureUnit::Money : FigureUnit::Probability;
            addRow(std::move(row), [&](const Estimate& e) {
                const Risk& r = e.*info.plan;
                return expected ? r.expected_cost : r.probability;
            });
        }
    }
    for (const PlanFigure& f : planFigures())
        if (f.in_compare && f.unit == FigureUnit::Ratio)
            addFigure(f);

    // Union of bound ids, in first-seen order (baseline's registry order, then ids only
    // later plans have), each with one text per plan.
    std::vector<std::string> order;
    std::map<std::string, ParamDiffRow> rows;
    for (std::size_t i = 0; i < n; ++i) {
        const Scenario& s = *scenarios[i];
        // A count a target sets is shown as priced, not as typed before the target (M6).
        Scenario priced = s;
        const Estimate& e = c.scenarios[i].estimate;
        for (std::size_t k = 0; k < priced.phases.size() && k < e.phases.size(); ++k)
            priced.phases[k] = sizedPhase(s.phases[k], e.phases[k]);
        for (const ParamRef& ref : boundParameters(s)) {
            const std::string id = fullId(s, ref);
            auto [it, inserted] = rows.try_emplace(id);
            ParamDiffRow& row = it->second;
            if (inserted) {
                order.push_back(id);
                row.id = id;
                row.def = ref.def;
                row.unit = std::string(ref.def->unit);
                row.values.assign(n, std::string(kCompareAbsent));
                row.present.assign(n, false);
            }
            row.values[i] = getString(priced, ref);
            row.present[i] = true;
        }
    }
    for (const std::string& id : order) {
        ParamDiffRow& row = rows[id];
        bool same = true;
        for (std::size_t i = 1; i < n && same; ++i)
            same = row.present[i] == row.present[0] && row.values[i] == row.values[0];
        if (!same)
            c.params.push_back(std::move(row));
    }
    return c;
}

Comparison baselineOnly(const Scenario& scenario, const Catalog& catalog)
{
    // The plan against itself: every per-plan vector then holds the baseline first.
    Comparison c = compare({&scenario, &scenario}, catalog);
    if (!c.error.empty())
        return c;
    auto keepFirst = [](auto& v) {
        if (v.size() > 1)
            v.resize(1);
    };
    keepFirst(c.scenarios);
    keepFirst(c.category_cost);
    for (HeadlineRow& r : c.headline) {
        keepFirst(r.values);
        keepFirst(r.basis);
        keepFirst(r.comparable);
        keepFirst(r.diff);
        keepFirst(r.diff_percent);
    }
    c.params.clear(); // a plan never differs from itself
    return c;
}

std::vector<std::string> commonParameters(const std::vector<const Scenario*>& scenarios)
{
    std::vector<std::string> out;
    if (scenarios.empty() || !scenarios.front())
        return out;
    const Scenario& first = *scenarios.front();
    for (const ParamRef& ref : boundParameters(first)) {
        const std::string id = fullId(first, ref);
        bool everywhere = true;
        for (std::size_t i = 1; i < scenarios.size() && everywhere; ++i)
            everywhere = scenarios[i] && findParam(*scenarios[i], id).has_value();
        if (everywhere)
            out.push_back(id);
    }
    return out;
}

std::vector<SweepResult> sharedSweep(const std::vector<const Scenario*>& scenarios,
                                     const Catalog& catalog, std::string_view paramId, double from,
                                     double to, int steps, const AnalysisControl& control)
{
    return sharedSweep(scenarios, std::vector<const Catalog*>(scenarios.size(), &catalog), paramId,
                       from, to, steps, control);
}

std::vector<SweepResult> sharedSweep(const std::vector<const Scenario*>& scenarios,
                                     const std::vector<const Catalog*>& catalogs,
                                     std::string_view paramId, double from, double to, int steps,
                                     const AnalysisControl& control)
{
    std::vector<SweepResult> out;
    const double n = double(std::max<std::size_t>(1, scenarios.size()));
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        const Scenario* s = scenarios[i];
        const Catalog* cat = i < catalogs.size() ? catalogs[i] : nullptr;
        if (control.cancelled())
            break;
        // Progress of the whole: each plan's sweep is 1/n of it.
        AnalysisControl part{control.cancel, nullptr};
        if (control.progress)
            part.progress = [&, done = double(out.size())](double f) {
                control.report((done + f) / n);
            };
        if (!s || !cat || !findParam(*s, paramId)) {
            SweepResult r;
            r.param = std::string(paramId);
            r.error =
                !cat ? "internal error: no catalog for '" + (s ? s->name : std::string("?")) + "'"
                     : "'" + (s ? s->name : std::string("?")) + "' has no parameter '" +
                           std::string(paramId) + "'";
            out.push_back(std::move(r));
            continue;
        }
        out.push_back(sweep(*s, *cat, paramId, from, to, steps, part));
    }
    return out;
}

std::string headlineLabelEnglish(const HeadlineRow& r)
{
    if (!r.risk)
        return std::string(r.label);
    return std::string(r.label) + (r.risk_expected ? ": expected cost" : ": probability");
}

bool negligibleBaseline(const HeadlineRow& r, double base)
{
    const double a = std::fabs(base);
    switch (r.kind) {
    case FigureUnit::Money:
    case FigureUnit::MoneyRate:
        return a < 0.005;
    case FigureUnit::Probability:
        return a < 1e-6;
    default:
        return false;
    }
}

CompareUncertainty compareUncertainty(const std::vector<const Scenario*>& scenarios,
                                      const std::vector<const Catalog*>& catalogs, int runs,
                                      std::uint64_t seed, const AnalysisControl& control)
{
    CompareUncertainty u;
    if (scenarios.empty() || scenarios.size() != catalogs.size()) {
        u.error = "one catalog per plan is needed";
        return u;
    }
    for (std::size_t i = 0; i < scenarios.size(); ++i)
        if (!scenarios[i] || !catalogs[i]) {
            u.error = "a plan or its catalog is missing";
            return u;
        }
    const Scenario& base = *scenarios[0];
    const double n = double(scenarios.size());
    for (std::size_t i = 0; i < scenarios.size(); ++i) {
        MonteCarloOptions o;
        o.runs = runs;
        o.seed = seed;
        // Progress over all plans: plan i covers [i/n, (i+1)/n).
        AnalysisControl part = control;
        part.progress = [&control, i, n](double f) { control.report((double(i) + f) / n); };
        MonteCarloResult r = monteCarlo(*scenarios[i], *catalogs[i], o, part);
        if (r.cancelled) {
            u.error = "cancelled";
            return u;
        }
        if (!r.error.empty()) {
            u.error = "'" + scenarios[i]->name + "': " + r.error;
            return u;
        }
        const double f = toBaseline(*scenarios[i], base);
        if (f != 1) {
            const auto scale = [f](Percentiles& p) {
                for (double* v : {&p.p10, &p.p50, &p.p90, &p.mean, &p.min, &p.max})
                    *v *= f;
            };
            for (double& c : r.cost_samples)
                c *= f;
            scale(r.cost);
            for (PhaseSpread& ps : r.phases)
                scale(ps.cost);
            r.point_cost *= f;
            r.cost_histogram.from *= f;
            r.cost_histogram.width *= f;
        }
        u.plans.push_back(std::move(r));
    }
    const MonteCarloResult& a = u.plans[0];
    for (const MonteCarloResult& b : u.plans) {
        // Paired runs share their draws. An unpriced plan has no cost samples: no share of
        // cheaper runs (−1), never 0 % (issue 44).
        const bool costs = a.priced && b.priced;
        const std::size_t n = std::min(a.days_samples.size(), b.days_samples.size());
        double cheaper = 0, faster = 0;
        for (std::size_t k = 0; k < n; ++k) {
            if (costs)
                cheaper += b.cost_samples[k] < a.cost_samples[k] ? 1 : 0;
            faster += b.days_samples[k] < a.days_samples[k] ? 1 : 0;
        }
        const double m = std::max<double>(1, double(n));
        u.p_cheaper.push_back(costs ? cheaper / m : -1.0);
        u.p_faster.push_back(faster / m);
    }
    return u;
}

} // namespace costlab
