#include "lineitems.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <string>

namespace costlab {
namespace {

namespace chr = std::chrono;

chr::sys_days parseDate(const std::string &s)
{
    const auto fallback = chr::sys_days{chr::year{2027} / chr::January / 4};
    int y = 0, m = 0, d = 0;
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return fallback;
    auto num = [&](int from, int len, int &out) {
        const char *b = s.data() + from;
        return std::from_chars(b, b + len, out).ptr == b + len;
    };
    if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d)) return fallback;
    const chr::year_month_day ymd{chr::year{y}, chr::month{unsigned(m)}, chr::day{unsigned(d)}};
    return ymd.ok() ? chr::sys_days{ymd} : fallback;
}

std::string isoDate(chr::sys_days d)
{
    const chr::year_month_day ymd{d};
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    return buf;
}

/// Shortest decimal text that reads back to the same double (no locale, no exponent surprises
/// for importers: values are money or hours, within ±1e15 for any sane plan).
std::string num(double v)
{
    if (!std::isfinite(v)) return "0";
    if (v == 0) return "0";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

struct Row {
    chr::sys_days month;          // first day of the billing month
    double from = 0, to = 0;      // day offsets covered
    bool purchase = false;
    Category cat{};
    std::string phase;            // x_Phase
    std::string batch;
    double amount = 0;
    double gpuPrice = 0;
};

/// Split [from, to) (day offsets from start) at month boundaries; calls f(monthStart,
/// segFrom, segTo, share). Zero-length spans put the whole share into the starting month.
template<class F>
void splitByMonth(chr::sys_days start, double from, double to, F &&f)
{
    auto monthOf = [&](double day) {
        const chr::sys_days d = start + chr::days{static_cast<long>(std::floor(day))};
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
        if (end <= cur) break;
        cur = end;
    }
}

std::string tagsJson(const std::string &project, const std::string &batch, Category c,
                     const std::string &phase)
{
    nlohmann::ordered_json j;
    j["project"] = project;
    j["experiment_batch"] = batch;
    j["resource_type"] = std::string(categoryResourceType(c));
    j["phase"] = phase;
    // replace: invalid UTF-8 in a name must not throw out of the engine library.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::string_view lineItemsCsvHeader()
{
    return "BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ChargePeriodEnd,ChargeCategory,"
           "ChargeClass,ServiceCategory,ResourceType,x_CostCategory,x_Phase,Tags,BilledCost,"
           "EffectiveCost,BillingCurrency,PricingQuantity,PricingUnit,x_Fixed,x_Elastic,x_Forecast";
}

std::string csvTextField(std::string_view t)
{
    if (!t.empty() && std::string_view("=+-@\t\r").find(t.front()) != std::string_view::npos)
        return csvField("'" + std::string(t));
    return csvField(t);
}

std::string csvField(std::string_view t)
{
    const bool needs = t.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!t.empty() && (t.front() == ' ' || t.back() == ' '));
    if (!needs) return std::string(t);
    std::string out;
    out.reserve(t.size() + 2);
    out += '"';
    for (char ch : t) {
        if (ch == '"') out += '"';
        out += ch;
    }
    out += '"';
    return out;
}

std::string_view focusServiceCategory(Category c)
{
    switch (c) {
    case Category::ComputeEnvironment:
    case Category::HiddenForgottenResources:
        return "Compute";                       // CPU instances
    case Category::StorageDataset:
    case Category::StorageCheckpoint:
    case Category::StorageTrajectory:
    case Category::StorageLog:
        return "Storage";
    case Category::NetworkInterconnect:
    case Category::NetworkEnvironment:
    case Category::NetworkEgress:
        return "Networking";
    case Category::LoggingIngest:
        return "Management and Governance";     // FOCUS puts observability here
    case Category::HiddenEngineering:
        return "Other";                         // people, not a cloud service
    default:
        return "AI and Machine Learning";       // GPU time: training, inference, waste
    }
}

std::string lineItemsCsv(const Scenario &s, const Estimate &e)
{
    const chr::sys_days start = parseDate(s.budget.start_date);
    const std::string currency = s.currency == Currency::CNY ? "CNY" : "USD";
    std::vector<Row> rows;

    auto addSpan = [&](Category c, const std::string &phase, const std::string &batch,
                       double from, double to, double fixed, double elastic, double gpuPrice) {
        splitByMonth(start, from, to, [&](chr::sys_days m, double a, double b, double share) {
            if (fixed != 0) rows.push_back({m, a, b, true, c, phase, batch, fixed * share, gpuPrice});
            if (elastic != 0) rows.push_back({m, a, b, false, c, phase, batch, elastic * share, gpuPrice});
        });
    };

    for (std::size_t i = 0; i < e.phases.size(); ++i) {
        const PhaseEstimate &pe = e.phases[i];
        const Phase *ph = i < s.phases.size() ? &s.phases[i] : nullptr;
        std::string name = ph && !ph->name.empty() ? ph->name : std::string(toString(pe.kind));
        const std::string batch = ph ? ph->experiment_batch : std::string();
        for (int k = 0; k < kCategoryCount; ++k) {
            const double el = pe.elastic[k];
            addSpan(Category(k), name, batch, pe.start_day, pe.end_day, pe.cost[k] - el, el,
                    pe.gpu_price);
        }
    }
    const double planDays = std::max(0.0, e.wall_hours / 24.0);
    for (int k = 0; k < kCategoryCount; ++k) {
        const double v = e.shared_cost[k];
        if (v == 0) continue;
        const Category c = Category(k);
        if (c == Category::HiddenEngineering)
            addSpan(c, "shared", std::string(), 0, 0, v, 0, 0);
        else
            addSpan(c, "shared", std::string(), 0, planDays, v, 0, 0);
    }

    std::string out(lineItemsCsvHeader());
    out += "\r\n";
    for (const Row &r : rows) {
        const chr::sys_days next = chr::sys_days{chr::year_month_day{r.month} + chr::months{1}};
        const chr::sys_days cs = start + chr::days{static_cast<long>(std::floor(r.from))};
        chr::sys_days ce = start + chr::days{static_cast<long>(std::ceil(r.to))};
        if (ce <= cs) ce = cs + chr::days{1};   // point charges cover their day
        const bool gpu = categoryResourceType(r.cat) == "gpu" && r.gpuPrice > 0;
        const double fixed = r.purchase ? r.amount : 0, elastic = r.purchase ? 0 : r.amount;
        out += isoDate(r.month) + ',' + isoDate(next) + ',' + isoDate(cs) + ',' + isoDate(ce) + ',';
        out += r.purchase ? "Purchase," : "Usage,";
        out += ',';   // ChargeClass: only "Correction" is defined; a forecast corrects nothing
        out += csvField(focusServiceCategory(r.cat)) + ',';
        out += csvField(categoryResourceType(r.cat)) + ',';
        out += csvField(categoryId(r.cat)) + ',';
        out += csvTextField(r.phase) + ',';
        out += csvField(tagsJson(s.project, r.batch, r.cat, r.phase)) + ',';
        out += num(r.amount) + ',' + num(r.amount) + ',' + currency + ',';
        out += gpu ? num(r.amount / r.gpuPrice) + ",GPU-Hours," : num(r.amount) + ',' + currency + ',';
        out += num(fixed) + ',' + num(elastic) + ",true\r\n";
    }
    return out;
}

} // namespace costlab
