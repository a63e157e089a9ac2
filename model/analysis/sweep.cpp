#include "sweep.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
SweepPoint pointFrom(const Estimate& e, double x)
{
    SweepPoint p;
    p.x = x;
    p.total = e.total;
    p.priced = e.priced;
    p.gpu_hours = e.gpu_hours;
    p.wall_hours = e.wall_hours;
    for (const RiskInfo& r : riskTable())
        p.risks[std::size_t(r.kind)] = e.*(r.plan);
    p.cost = e.cost;
    return p;
}
} // namespace

SweepResult sweep(const Scenario& base, const Catalog& cat, std::string_view id, double from,
                  double to, int steps, const AnalysisControl& control)
{
    SweepResult r;
    r.param = std::string(id);
    const auto ref = findParam(base, id);
    if (!ref) {
        r.error = "unknown parameter \"" + std::string(id) + "\"";
        return r;
    }
    const ParamDef& d = *ref->def;
    if (setByTarget(d, ref->phase >= 0 ? &base.phases[size_t(ref->phase)] : nullptr)) {
        // Every point would be the same plan, a flat line that reads as "no effect" (M6).
        r.error = "\"" + std::string(id) +
                  "\" is set by the phase's target in this plan; sweep the target instead";
        return r;
    }
    Scenario s = base; // one copy; each point overwrites the one value
    // Sweeping the fixed checkpoint interval asks "what if τ were fixed at x": the points use
    // it even when the plan's interval is automatic.
    const bool intervalSweep = d.key == "reliability.checkpoint_interval_h";
    if (intervalSweep)
        s.reliability.checkpoint_auto = false;
    if (d.type == ParamType::AcceleratorRef || d.type == ParamType::InstanceRef) {
        r.categorical = true;
        Phase& ph = s.phases[size_t(ref->phase)];
        const double count = double(d.type == ParamType::AcceleratorRef ? cat.accelerators.size()
                                                                        : cat.instances.size());
        auto visit = [&](const std::string& cid) {
            if (r.cancelled || (r.cancelled = control.cancelled()))
                return;
            d.set_str(ph, cid);
            SweepPoint p = pointFrom(evaluate(s, cat), double(r.points.size()));
            p.label = cid;
            r.points.push_back(std::move(p));
            control.report(double(r.points.size()) / std::max(1.0, count));
        };
        if (d.type == ParamType::AcceleratorRef) {
            for (const auto& a : cat.accelerators)
                if (a.price_on_demand >= 0 || a.price_reserved >= 0 || a.price_spot >= 0)
                    visit(a.id);
        } else {
            for (const auto& i : cat.instances)
                visit(i.id);
        }
        return r;
    }
    if (d.type == ParamType::Choice || d.type == ParamType::Bool) {
        r.categorical = true;
        const int n = d.type == ParamType::Bool ? 2 : int(d.choices.size());
        for (int i = 0; i < n; ++i) {
            if ((r.cancelled = control.cancelled()))
                return r;
            setValue(s, *ref, i);
            SweepPoint p = pointFrom(evaluate(s, cat), i);
            p.label = d.type == ParamType::Bool ? (i ? "true" : "false")
                                                : std::string(d.choices[size_t(i)].id);
            r.points.push_back(std::move(p));
            control.report(double(i + 1) / n);
        }
        return r;
    }
    if (steps < 2 || steps > 100000) {
        r.error = "steps must be between 2 and 100000";
        return r;
    }
    if (!std::isfinite(from) || !std::isfinite(to)) {
        r.error = "sweep bounds must be finite numbers";
        return r;
    }
    if (auto e = checkValue(d, from); !e.empty()) {
        r.error = "from: " + e;
        return r;
    }
    if (auto e = checkValue(d, to); !e.empty() && d.type != ParamType::Integer) {
        r.error = "to: " + e;
        return r;
    }
    const bool logScale = d.scale == ParamScale::Log && from > 0 && to > 0;
    r.points.reserve(size_t(steps));
    for (int i = 0; i < steps; ++i) {
        if ((r.cancelled = control.cancelled()))
            return r;
        const double f = double(i) / (steps - 1);
        double x = logScale ? from * std::pow(to / from, f) : from + (to - from) * f;
        if (d.type == ParamType::Integer)
            x = std::round(x);
        setValue(s, *ref, x);
        r.points.push_back(pointFrom(evaluate(s, cat), x));
        control.report(double(i + 1) / steps);
    }
    if (intervalSweep) {
        // The Daly optimum does not depend on τ; read it (and the interval in force) from the
        // first phase that has one.
        const Estimate e = evaluate(base, cat);
        for (const auto& pe : e.phases)
            if (pe.rec.optimal_interval_h > 0) {
                r.optimum_x = pe.rec.optimal_interval_h;
                if (base.reliability.checkpoint_auto)
                    r.current_x = pe.rec.checkpoint_interval_h;
                break;
            }
    }
    return r;
}

double valueInForce(const Scenario& s, const ParamRef& ref, const SweepResult& r)
{
    return r.current_x >= 0 ? r.current_x : getValue(s, ref);
}

SweepResult sweepDefaultRange(const Scenario& s, const Catalog& cat, std::string_view id, int steps,
                              const AnalysisControl& control)
{
    const auto ref = findParam(s, id);
    if (!ref)
        return sweep(s, cat, id, 0, 1, steps, control);
    const ParamDef& d = *ref->def;
    double lo = d.min, hi = d.max;
    if (d.valid_min != 0 || d.valid_max != 0) {
        lo = d.valid_min;
        hi = d.valid_max;
    }
    if (d.scale == ParamScale::Log && lo <= 0)
        lo = hi / 1e4;
    return sweep(s, cat, id, lo, hi, steps, control);
}

} // namespace costlab
