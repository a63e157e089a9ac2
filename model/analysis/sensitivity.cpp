#include "sensitivity.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

SensitivitySide side(const Scenario& base, const Catalog& cat, const ParamRef& ref, double v)
{
    Scenario s = base;
    setValue(s, ref, v);
    const Estimate e = evaluate(s, cat);
    SensitivitySide out;
    out.value = v;
    out.ok = e.ok;
    out.total = e.total;
    out.days = e.wall_hours / 24.0;
    out.risks = planRisks(e);
    return out;
}

bool varies(const ParamDef& d)
{
    return d.type == ParamType::Real || d.type == ParamType::Integer;
}

} // namespace

double SensitivityRow::swing() const
{
    return low.ok && high.ok ? std::abs(high.total - low.total) : 0.0;
}

SensitivityResult sensitivity(const Scenario& s, const Catalog& cat, const SensitivityOptions& opt,
                              const AnalysisControl& control)
{
    SensitivityResult r;
    if (!(opt.relative > 0 && opt.relative < 1)) {
        r.error = "the relative range must be between 0 and 1 (exclusive)";
        return r;
    }
    const Estimate e = evaluate(s, cat);
    if (!e.ok) {
        r.error = "the plan cannot be evaluated; fix its warnings first";
        return r;
    }
    r.total = e.total;
    r.days = e.wall_hours / 24.0;
    const std::vector<ParamRef> refs = boundParameters(s);
    for (std::size_t i = 0; i < refs.size(); ++i) {
        if (control.cancelled()) {
            r.cancelled = true;
            break;
        }
        control.report(double(i) / double(refs.size()));
        const ParamRef& ref = refs[i];
        const ParamDef& d = *ref.def;
        const Phase* phase = ref.phase >= 0 ? &s.phases[std::size_t(ref.phase)] : nullptr;
        if (!varies(d) || derivedFromShape(d, phase) || (d.active && !d.active(s, phase)))
            continue;
        const double v = getValue(s, ref);
        SensitivityRow row;
        row.id = fullId(s, ref);
        row.def = &d;
        row.value = v;
        double lo = 0, hi = 0;
        const TargetFigures* target = ref.phase >= 0 && std::size_t(ref.phase) < e.phases.size() &&
                                              (d.key == "target_loss" || d.key == "target_score")
                                          ? &e.phases[std::size_t(ref.phase)].target
                                          : nullptr;
        if (opt.registry_ranges && d.unc_high > d.unc_low) {
            lo = d.unc_low;
            hi = d.unc_high;
            row.from_registry = true;
        } else if (target && target->kind != TargetFigures::Kind::None && v > 0) {
            // ± the share of the distance to the floor (loss) or the asymptote (score): a
            // plain ±20 % of a loss target crosses the floor, where no plan is priced, and
            // would rank the input that drives the cost last.
            const double gap = v - target->limit;
            lo = target->limit + gap * (1 - opt.relative);
            hi = target->limit + gap * (1 + opt.relative);
            if (lo > hi)
                std::swap(lo, hi);
            row.from_law = true;
        } else {
            if (v == 0)
                continue;
            lo = v * (1 - opt.relative);
            hi = v * (1 + opt.relative);
            if (lo > hi)
                std::swap(lo, hi);
        }
        lo = std::clamp(lo, d.min, d.max);
        hi = std::clamp(hi, d.min, d.max);
        if (d.type == ParamType::Integer) {
            lo = std::round(lo);
            hi = std::round(hi);
        }
        if (!(hi > lo))
            continue;
        row.low = side(s, cat, ref, lo);
        row.high = side(s, cat, ref, hi);
        r.rows.push_back(std::move(row));
    }
    std::stable_sort(
        r.rows.begin(), r.rows.end(),
        [](const SensitivityRow& a, const SensitivityRow& b) { return a.swing() > b.swing(); });
    if (!r.cancelled)
        control.report(1.0);
    return r;
}

} // namespace costlab
