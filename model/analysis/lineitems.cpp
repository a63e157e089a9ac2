#include "lineitems.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>

namespace costlab {
namespace {

namespace chr = std::chrono;

/// Days since the plan start as a calendar offset, saturated to ±10^7 days (27,000 years):
/// a plan of billions of days must not convert an out-of-range double to an integer.
chr::days dayOffset(double day)
{
    constexpr double kMaxDays = 1e7;
    if (!std::isfinite(day))
        return chr::days{day > 0 ? static_cast<long>(kMaxDays) : 0};
    return chr::days{static_cast<long>(std::clamp(day, -kMaxDays, kMaxDays))};
}

chr::sys_days parseDate(const std::string& s)
{
    const auto fallback = chr::sys_days{chr::year{2027} / chr::January / 4};
    int y = 0, m = 0, d = 0;
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return fallback;
    auto num = [&](int from, int len, int& out) {
        const char* b = s.data() + from;
        return std::from_chars(b, b + len, out).ptr == b + len;
    };
    if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d))
        return fallback;
    const chr::year_month_day ymd{chr::year{y}, chr::month{unsigned(m)}, chr::day{unsigned(d)}};
    return ymd.ok() ? chr::sys_days{ymd} : fallback;
}

template <class F> void splitByMonth(chr::sys_days start, double from, double to, F&& f)
{
    auto monthOf = [&](double day) {
        const chr::sys_days d = start + dayOffset(std::floor(day));
        const chr::year_month_day ymd{d};
        return chr::sys_days{ymd.year() / ymd.month() / 1};
    };
    if (!(to > from)) {
        f(monthOf(from), from, from, 1.0);
        return;
    }
    const double len = to - from;
    double cur = from;
    // Bounded loop: a plan of 1e6 days is 33,000 months; stop there rather than spin.
    for (int guard = 0; cur < to && guard < 100000; ++guard) {
        const chr::sys_days m = monthOf(cur);
        const chr::sys_days next = chr::sys_days{chr::year_month_day{m} + chr::months{1}};
        const double nextOff = double((next - start).count());
        const double end = std::min(to, nextOff);
        f(m, cur, end, (end - cur) / len);
        if (end <= cur)
            break;
        cur = end;
    }
}

} // namespace

std::string lineItemsRefusal(const Estimate& e)
{
    if (!e.ok)
        return "the plan cannot be evaluated, so it has no line items";
    const double days = e.wall_hours / 24.0;
    if (!(days <= kMaxLineItemDays)) // NaN refused too
        return "the plan runs for " + std::to_string(static_cast<long long>(std::min(days, 9e18))) +
               " days, more than the " + std::to_string(static_cast<long long>(kMaxLineItemDays)) +
               " (a century) that monthly line items cover; check the GPU count, the tokens and "
               "the model size";
    return {};
}

std::vector<LineItem> lineItems(const Scenario& s, const Estimate& e)
{
    if (!lineItemsRefusal(e).empty())
        return {};
    const chr::sys_days start = parseDate(s.budget.start_date);
    std::vector<LineItem> rows;

    // One span of money (and the GPU-hours it pays for, -1 when it is not GPU time) spread
    // over the days `from`..`to` and split at month boundaries.
    auto addSpan = [&](Category c, const std::string& phase, const std::string& batch, double from,
                       double to, bool purchase, double amount, double gpuHours) {
        if (amount == 0 && !(gpuHours > 0))
            return;
        splitByMonth(start, from, to, [&](chr::sys_days m, double a, double b, double share) {
            const chr::sys_days next = chr::sys_days{chr::year_month_day{m} + chr::months{1}};
            const chr::sys_days cs = start + dayOffset(std::floor(a));
            chr::sys_days ce = start + dayOffset(std::ceil(b));
            if (ce <= cs)
                ce = cs + chr::days{1}; // point charges cover their day
            rows.push_back({m, next, cs, ce, purchase, c, phase, batch, amount * share,
                            gpuHours >= 0 ? gpuHours * share : -1});
        });
    };

    for (std::size_t i = 0; i < e.phases.size(); ++i) {
        const PhaseEstimate& pe = e.phases[i];
        const Phase* ph = i < s.phases.size() ? &s.phases[i] : nullptr;
        std::string name = ph && !ph->name.empty() ? ph->name : std::string(toString(pe.kind));
        const std::string batch = ph ? ph->experiment_batch : std::string();
        for (int k = 0; k < kCategoryCount; ++k) {
            // GPU time first: the reserved share as purchase and the elastic share as usage,
            // each with its GPU-hours (the engine's pool hours, so the quantities add up to
            // the estimate's GPU-hours). Then what else the category holds (CPU environment
            // workers, storage), which the engine books as fixed cost.
            const Category c = Category(k);
            const bool pool = pe.pool_gpu_hours[k] > 0;
            const double elasticH = pe.pool_elastic_gpu_hours[k];
            const double poolElastic = pool ? pe.elastic[k] : 0.0;
            if (pool) {
                addSpan(c, name, batch, pe.start_day, pe.end_day, true,
                        pe.pool_cost[k] - poolElastic, pe.pool_gpu_hours[k] - elasticH);
                if (elasticH > 0)
                    addSpan(c, name, batch, pe.start_day, pe.end_day, false, poolElastic, elasticH);
            }
            const double otherElastic = pe.elastic[k] - poolElastic;
            const double otherFixed = pe.cost[k] - pe.pool_cost[k] - otherElastic;
            if (std::fabs(otherFixed) > 1e-9 * std::max(1.0, std::fabs(pe.cost[k])))
                addSpan(c, name, batch, pe.start_day, pe.end_day, true, otherFixed, -1);
            if (otherElastic != 0)
                addSpan(c, name, batch, pe.start_day, pe.end_day, false, otherElastic, -1);
        }
    }
    const double planDays = std::max(0.0, e.wall_hours / 24.0);
    for (int k = 0; k < kCategoryCount; ++k) {
        const double v = e.shared_cost[k];
        if (v == 0)
            continue;
        const Category c = Category(k);
        if (c == Category::HiddenEngineering)
            addSpan(c, "shared", std::string(), 0, 0, true, v, -1);
        else
            addSpan(c, "shared", std::string(), 0, planDays, true, v, -1);
    }
    return rows;
}

} // namespace costlab
