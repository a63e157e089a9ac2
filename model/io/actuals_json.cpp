#include "actuals_json.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>

namespace costlab {
namespace {

using Json = nlohmann::ordered_json;

Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json forecast(const Forecast& f)
{
    return Json{{"cost_p10", num(f.cost_p10)},      {"cost_p50", num(f.cost_p50)},
                {"cost_p90", num(f.cost_p90)},      {"finish_day_p10", num(f.day_p10)},
                {"finish_day_p50", num(f.day_p50)}, {"finish_day_p90", num(f.day_p90)}};
}

Json phasesJson(const Scenario& s, const ActualsResult& r)
{
    Json out = Json::array();
    for (std::size_t i = 0; i < r.phases.size(); ++i) {
        const ActualsPhase& p = r.phases[i];
        out.push_back(
            {{"name", i < s.phases.size() ? s.phases[i].name : std::string()},
             {"planned_cost", num(p.planned_cost)},
             {"planned_to_date", num(p.planned_to_date)},
             {"actual_to_date", num(p.actual_to_date)},
             {"planned_steps", num(p.planned_steps)},
             {"planned_steps_to_date", num(p.planned_steps_to_date)},
             {"done_steps", p.done_steps >= 0 ? num(p.done_steps) : Json(nullptr)},
             {"planned_step_s", num(p.planned_step_s)},
             {"observed_step_s", p.observed_step_s >= 0 ? num(p.observed_step_s) : Json(nullptr)},
             {"planned_failures", num(p.planned_failures)},
             {"observed_failures",
              p.observed_failures >= 0 ? num(p.observed_failures) : Json(nullptr)},
             {"log_hours", num(p.log_hours)}});
    }
    return out;
}

Json byJson(const ActualsResult& r)
{
    Json types = Json::object();
    for (const ResourceTypeInfo& t : resourceTypeTable()) {
        const auto i = std::size_t(t.type);
        if (r.planned_by_type[i] != 0 || r.actual_by_type[i] != 0)
            types[std::string(t.id)] = {{"planned", num(r.planned_by_type[i])},
                                        {"actual", num(r.actual_by_type[i])}};
    }
    Json cats = Json::object();
    for (const CategoryInfo& c : categoryTable()) {
        const auto i = std::size_t(c.category);
        if (r.planned_by_category[i] != 0 || r.actual_by_category[i] != 0)
            cats[std::string(c.id)] = {{"planned", num(r.planned_by_category[i])},
                                       {"actual_named", num(r.actual_by_category[i])}};
    }
    return Json{{"resource_type", types}, {"category", cats}};
}

Json flagsJson(const Scenario& s, const ActualsResult& r)
{
    Json out = Json::array();
    for (const ActualsFlag& f : r.flags) {
        const FlagInfo& info = flagInfo(f.kind);
        out.push_back({{"kind", std::string(info.id)},
                       {"what", info.label},
                       {"phase", f.phase >= 0 && std::size_t(f.phase) < s.phases.size()
                                     ? Json(s.phases[std::size_t(f.phase)].name)
                                     : Json(nullptr)},
                       {"since", f.since > 0 ? Json(isoUtc(f.since)) : Json(nullptr)},
                       {"step", f.step >= 0 ? num(f.step) : Json(nullptr)},
                       {"cost_so_far", num(f.cost)},
                       {"observed", num(f.observed)},
                       {"expected", num(f.expected)},
                       {"resource", f.resource},
                       {"check", info.check}});
    }
    return out;
}

} // namespace

std::string isoUtc(UnixSeconds t)
{
    const auto days = t >= 0 ? t / 86400 : (t - 86399) / 86400;
    const std::chrono::year_month_day ymd{std::chrono::sys_days{std::chrono::days{days}}};
    const auto sec = t - days * 86400;
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02dZ", int(ymd.year()),
                  unsigned(ymd.month()), unsigned(ymd.day()), int(sec / 3600), int(sec / 60 % 60),
                  int(sec % 60));
    return buf;
}

namespace {

Json inputsOf(std::span<const Bill> bills, std::span<const RunLog> logs)
{
    Json inputs = Json::array();
    for (const Bill& b : bills)
        inputs.push_back({{"file", b.file}, {"format", b.format}, {"lines", b.lines.size()}});
    for (const RunLog& l : logs)
        inputs.push_back({{"file", l.file},
                          {"format", l.format},
                          {"records", l.points.size()},
                          {"restarts", l.restarts.size()},
                          {"metric", l.metric}});
    return inputs;
}

} // namespace

std::string actualsInputsJson(std::span<const Bill> bills, std::span<const RunLog> logs)
{
    return inputsOf(bills, logs).dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string actualsJson(const Scenario& s, const ActualsResult& r, std::span<const Bill> bills,
                        std::span<const RunLog> logs)
{
    Json j;
    j["plan"] = s.name;
    j["currency"] = std::string(currencyCode(s.currency));
    j["plan_start"] = isoUtc(r.plan_start);
    j["as_of"] = isoUtc(r.as_of);
    j["inputs"] = inputsOf(bills, logs);
    j["spend"] = {{"planned_to_date", num(r.planned_to_date)},
                  {"actual_to_date", num(r.actual_to_date)},
                  {"unattributed", num(r.unattributed_cost)},
                  {"planned_total", num(r.planned_total)},
                  {"lines", r.lines},
                  {"attributed_lines", r.attributed_lines}};
    j["by"] = byJson(r);
    j["phases"] = phasesJson(s, r);
    Json days = Json::array();
    for (const ActualsDay& d : r.days)
        days.push_back({{"day", d.day},
                        {"planned", num(d.planned)},
                        {"actual", num(d.actual)},
                        {"cum_planned", num(d.cum_planned)},
                        {"cum_actual", num(d.cum_actual)},
                        {"band_p10", num(d.band_p10)},
                        {"band_p90", num(d.band_p90)}});
    j["days"] = days;
    Json un = Json::array();
    for (const UnattributedGroup& g : r.unattributed)
        un.push_back({{"reason", std::string(unattributedId(g.reason))},
                      {"file", g.file},
                      {"first_line", g.first_line},
                      {"lines", g.lines},
                      {"resource", g.resource},
                      {"service", g.service},
                      {"tags", g.tags},
                      {"cost", num(g.cost)}});
    j["unattributed"] = un;
    j["flags"] = flagsJson(s, r);
    j["plan_forecast"] = forecast(r.plan);
    j["reforecast"] = forecast(r.reforecast);
    j["reforecast"]["spent"] = num(r.spent);
    j["failure_rate"] = {{"prior_per_gpu_hour", num(r.failure_rate_prior)},
                         {"posterior_per_gpu_hour", num(r.failure_rate_posterior)}};
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace costlab
