#include "estimate_json.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>

namespace costlab {

namespace {

// ordered_json keeps keys in insertion order, so the output reads top-down like the
// text report (totals first, details after) and diffs stay stable between versions.
using Json = nlohmann::ordered_json;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

Json num(double v)
{
    if (!std::isfinite(v))
        return nullptr;
    return v;
}

Json risk(const Risk& r)
{
    Json j = Json::object();
    j["probability"] = num(r.probability);
    j["expected_cost"] = num(r.expected_cost);
    return j;
}

Json line(Category c, double amount, double elastic, const std::string& project,
          const Json& phaseIndex, const std::string& phaseName, const std::string& batch)
{
    Json j = Json::object();
    j["phase"] = phaseIndex;
    j["phase_name"] = phaseName;
    j["category"] = std::string(categoryId(c));
    j["group"] = std::string(categoryGroup(c));
    j["label"] = std::string(categoryLabel(c));
    j["resource_type"] = std::string(categoryResourceType(c));
    j["project"] = project;
    j["experiment_batch"] = batch;
    j["amount"] = num(amount);
    j["fixed"] = num(amount - elastic);
    j["elastic"] = num(elastic);
    return j;
}

Json categories(const CategoryArray& a)
{
    Json j = Json::object();
    for (int i = 0; i < kCategoryCount; ++i)
        j[std::string(categoryId(static_cast<Category>(i)))] = num(a[i]);
    return j;
}

Json memory(const MemoryBreakdown& m)
{
    Json j = Json::object();
    const auto both = [&j](const char* key, double bytes) {
        j[std::string(key) + "_bytes"] = num(bytes);
        j[std::string(key) + "_gib"] = num(bytes / kGiB);
    };
    both("weights", m.weights);
    both("gradients", m.gradients);
    both("optimizer", m.optimizer);
    both("activations", m.activations);
    both("kv_cache", m.kv_cache);
    both("coresident", m.coresident);
    both("overhead", m.overhead);
    both("total", m.total);
    both("usable", m.usable);
    j["oom_probability"] = num(m.oom_probability);
    return j;
}

/// Host memory per node and, for a pipeline-parallel trainer, every stage (memory.trainer is
/// the worst of them).
void addPhaseMemoryDetail(const PhaseEstimate& pe, Json& p)
{
    if (pe.host.present) {
        const HostMemory& h = pe.host;
        Json host = Json::object();
        const auto both = [&host](const char* key, double bytes) {
            host[std::string(key) + "_bytes"] = num(bytes);
            host[std::string(key) + "_gib"] = num(bytes / kGiB);
        };
        host["gpus_per_node"] = num(h.gpus_per_node);
        both("processes", h.processes);
        both("checkpoint_staging", h.checkpoint);
        both("engine_offload", h.offload);
        both("object_store", h.object_store);
        both("offloaded_training_state", h.training_state);
        both("total", h.total);
        host["node_ram_gib"] = h.ram > 0 ? num(h.ram / kGiB) : Json(nullptr);
        host["oom_probability"] = num(h.oom_probability);
        p["host_memory"] = std::move(host);
    }
    if (pe.memory[int(GpuRole::Trainer)].present && pe.trainer_stages.stages > 1) {
        Json stages = Json::array();
        for (int i = 0; i < pe.trainer_stages.stages; ++i) {
            Json st = memory(pipelineStage(pe.trainer_stages, i));
            st["stage"] = i;
            st["microbatches_in_flight"] = num(stageInFlight(pe.trainer_stages, i));
            stages.push_back(std::move(st));
        }
        p["trainer_stages"] = std::move(stages);
        p["trainer_worst_stage"] = pe.trainer_stages.worst;
    }
}

Json recovery(const RecoveryFigures& r)
{
    Json j = Json::object();
    j["mtbf_h"] = num(r.mtbf_h);
    j["checkpoint_interval_h"] = num(r.checkpoint_interval_h);
    j["optimal_interval_h"] = num(r.optimal_interval_h);
    j["young_interval_h"] = num(r.young_interval_h);
    j["checkpoint_stall_h"] = num(r.checkpoint_stall_h);
    j["expected_failures"] = num(r.expected_failures);
    j["lost_per_failure_h"] = num(r.lost_per_failure_h);
    j["p_loss_over_threshold"] = num(r.p_loss_over_threshold);
    j["p_unusable_rollback"] = num(r.p_unusable_rollback);
    j["waste_fraction"] = num(r.waste_fraction);
    return j;
}

Json rlTiming(const RlTiming& t)
{
    Json j = Json::object();
    j["generation_s"] = num(t.generation_s);
    j["environment_s"] = num(t.environment_s);
    j["training_s"] = num(t.training_s);
    j["reward_s"] = num(t.reward_s);
    j["sync_s"] = num(t.sync_s);
    j["iteration_s"] = num(t.iteration_s);
    j["rollout_utilization"] = num(t.rollout_util);
    j["trainer_utilization"] = num(t.trainer_util);
    j["environment_utilization"] = num(t.env_util);
    j["episodes_per_iteration"] = num(t.episodes);
    j["concurrency"] = num(t.concurrency);
    j["expected_max_response_tokens"] = num(t.expected_max_response);
    j["env_straggler_factor"] = num(t.env_straggler_factor);
    return j;
}

std::string dump(const Json& j)
{
    // Scenario names come from user files; replace invalid UTF-8 instead of throwing.
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Json layout(const LayoutCheck& c)
{
    const ParallelLayout& l = c.layout;
    return Json{{"tp", num(l.tp)},
                {"pp", num(l.pp)},
                {"vpp", num(l.vpp)},
                {"cp", num(l.cp)},
                {"ep", num(l.ep)},
                {"etp", num(l.etp)},
                {"dp", num(l.dp)},
                {"micro_batch", num(l.micro_batch)},
                {"micro_batches", num(l.micro_batches)},
                {"problem", std::string(layoutProblemId(c.problem))},
                {"tp_over_nvlink_domain", c.tp_over_domain}};
}

Json step(const StepBreakdown& b)
{
    Json j = Json::object();
    for (const StepPart& part : kStepParts)
        j[part.id] = num(b.*part.seconds);
    j["total"] = num(b.total_s); // the benchmark step
    j["production"] = num(productionSeconds(b));
    return j;
}

} // namespace

namespace {

/// What a target-sized phase's law says (TargetFigures; docs/cli.md "target").
Json target(const TargetFigures& t)
{
    const bool loss = t.kind == TargetFigures::Kind::Loss;
    Json j = Json::object();
    j["kind"] = loss ? "loss" : "score";
    j["target"] = num(t.target);
    j[loss ? "floor" : "asymptote"] = num(t.limit);
    j["needed"] = std::isfinite(t.needed) ? num(t.needed) : Json();
    j["needed_unit"] = loss ? "tokens" : "curve";
    if (!loss) {
        j["step_gpu_hours"] = num(t.step_gpu_hours);
        j["step_is_plan"] = t.step_is_plan;
    }
    if (loss) {
        j["law_params"] = num(t.law_params);
        j["optimal_params"] = num(t.optimal_params);
        j["optimal_tokens"] = num(t.optimal_tokens);
    }
    j["amount"] = num(t.amount);
    j["sigma"] = num(t.sigma);
    j["outside_fit"] = t.outside_fit;
    return j;
}

} // namespace

std::string estimateToJson(const Scenario& scenario, const Estimate& e)
{
    try {
        Json j = Json::object();
        j["format"] = "costlab.estimate";
        j["format_version"] = 1;
        j["scenario"] = scenario.name;
        j["project"] = scenario.project;
        j["currency"] = std::string(currencyCode(scenario.currency));
        j["ok"] = e.ok;
        // No price, no total (issue 12): null, with the accelerators that lack one.
        j["priced"] = e.priced;
        j["total"] = e.priced ? num(e.total) : Json(nullptr);
        j["unpriced_accelerators"] = e.unpriced; // empty when priced
        j["fixed"] = num(e.fixed);
        j["elastic"] = num(e.elastic);
        j["gpu_hours"] = num(e.gpu_hours);
        j["wall_hours"] = num(e.wall_hours);
        j["wall_days"] = num(e.wall_hours / 24.0);
        j["tokens"] = num(e.tokens);
        j["cost_per_million_tokens"] = e.priced ? num(e.cost_per_million_tokens) : Json(nullptr);

        Json budget = Json::object();
        budget["amount"] = num(scenario.budget.total);
        budget["status"] = std::string(budgetStatusId(budgetStatus(e)));
        budget["ratio"] = e.budget_not_priced ? Json(nullptr) : num(e.budget_ratio);
        budget["daily_alert"] = num(scenario.budget.daily_alert);
        budget["daily_peak"] = num(e.daily_peak);
        budget["alert_day"] = e.alert_day < 0 ? Json(nullptr) : Json(e.alert_day);
        budget["probability"] = num(e.budget.probability);
        budget["expected_cost"] = num(e.budget.expected_cost);
        j["budget"] = budget;

        Json risks = Json::object();
        for (const RiskInfo& r : riskTable())
            risks[std::string(r.id)] = risk(e.*(r.plan));
        j["risks"] = risks;

        j["cost_by_category"] = categories(e.cost);
        Json groups = Json::object();
        for (int i = 0; i < kCategoryCount; ++i) {
            const std::string g(categoryGroup(static_cast<Category>(i)));
            groups[g] = (groups.contains(g) ? groups[g].get<double>() : 0.0) +
                        (std::isfinite(e.cost[i]) ? e.cost[i] : 0.0);
        }
        j["cost_by_group"] = groups;

        // Every non-zero line, phase lines first then shared ones, so a consumer can
        // re-aggregate by any tag and the amounts add up to `total`.
        Json lines = Json::array();
        Json phases = Json::array();
        for (std::size_t i = 0; i < e.phases.size(); ++i) {
            const PhaseEstimate& pe = e.phases[i];
            const Phase* ph = i < scenario.phases.size() ? &scenario.phases[i] : nullptr;
            const std::string name = ph ? ph->name : std::string();
            const std::string batch = ph ? ph->experiment_batch : std::string();

            Json p = Json::object();
            p["index"] = i;
            p["name"] = name;
            p["kind"] = std::string(toString(pe.kind));
            p["experiment_batch"] = batch;
            p["accelerator"] = ph ? ph->accelerator : std::string();
            p["gpus"] = num(pe.gpus);
            p["gpu_hours"] = num(pe.gpu_hours);
            p["ideal_gpu_hours"] = num(pe.ideal_gpu_hours);
            p["wall_hours"] = num(pe.wall_hours);
            p["wall_days"] = num(pe.wall_hours / 24.0);
            p["start_day"] = num(pe.start_day);
            p["end_day"] = num(pe.end_day);
            p["flops"] = num(pe.flops);
            p["mfu"] = num(pe.mfu);
            p["throughput_source"] = std::string(throughputSourceId(pe.throughput));
            if (pe.kind != PhaseKind::Evaluation)
                p["layout"] = layout(pe.layout);
            if (pe.step.total_s > 0)
                p["step_seconds"] = step(pe.step);
            if (pe.long_layout.stage_seq > 0) {
                // The context schedule's long-context stage: its own layout and step, and the
                // context whose memory memory.trainer shows.
                Json lc = Json::object();
                lc["seq_len"] = num(pe.long_layout.stage_seq);
                lc["layout"] = layout(pe.long_layout);
                if (pe.long_step.total_s > 0)
                    lc["step_seconds"] = step(pe.long_step);
                lc["trainer_memory_seq_len"] = num(pe.memory_seq);
                p["long_context_stage"] = std::move(lc);
            }
            p["tokens"] = num(pe.tokens);
            p["steps"] = num(pe.steps);
            if (pe.target.kind != TargetFigures::Kind::None)
                p["target"] = target(pe.target); // sized by a target (issue 46)
            p["gpu_price"] = num(pe.gpu_price);
            double elastic = 0;
            Json plines = Json::array();
            for (int c = 0; c < kCategoryCount; ++c) {
                if (pe.cost[c] == 0 && pe.elastic[c] == 0)
                    continue;
                elastic += pe.elastic[c];
                Json l = line(static_cast<Category>(c), pe.cost[c], pe.elastic[c], scenario.project,
                              Json(i), name, batch);
                plines.push_back(l);
                lines.push_back(std::move(l));
            }
            p["total"] = num(pe.total);
            p["fixed"] = num(pe.total - elastic);
            p["elastic"] = num(elastic);
            p["lines"] = std::move(plines);

            Json mem = Json::object();
            for (int r = 0; r < kRoleCount; ++r) {
                if (pe.memory[r].present)
                    mem[std::string(gpuRoleId(static_cast<GpuRole>(r)))] = memory(pe.memory[r]);
            }
            p["memory"] = std::move(mem);
            addPhaseMemoryDetail(pe, p);

            Json pr = Json::object();
            for (const RiskInfo& r : riskTable())
                if (r.phase != nullptr)
                    pr[std::string(r.id)] = risk(pe.*(r.phase));
            p["risks"] = std::move(pr);
            p["recovery"] = recovery(pe.rec);
            if (pe.kind == PhaseKind::RlPosttrain)
                p["rl_timing"] = rlTiming(pe.rl);
            phases.push_back(std::move(p));
        }
        for (int c = 0; c < kCategoryCount; ++c) {
            if (e.shared_cost[c] == 0)
                continue;
            // Shared costs (datasets, engineering) are committed up front: fixed.
            lines.push_back(line(static_cast<Category>(c), e.shared_cost[c], 0, scenario.project,
                                 Json(nullptr), std::string(), std::string()));
        }
        j["lines"] = std::move(lines);
        j["phases"] = std::move(phases);

        Json warnings = Json::array();
        for (std::string_view w : e.warnings)
            warnings.push_back(std::string(w));
        j["warnings"] = std::move(warnings);
        return dump(j);
    } catch (const std::exception& ex) {
        // Only reachable on allocation failure; keep the promise of valid JSON.
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string sweepToJson(const SweepResult& r, std::string_view currency)
{
    try {
        Json j = Json::object();
        j["format"] = "costlab.sweep";
        j["format_version"] = 1;
        j["param"] = r.param;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["categorical"] = r.categorical;
        j["optimum_x"] = r.optimum_x < 0 ? Json(nullptr) : num(r.optimum_x);
        j["error"] = r.error.empty() ? Json(nullptr) : Json(r.error);
        Json points = Json::array();
        for (const SweepPoint& pt : r.points) {
            Json p = Json::object();
            p["x"] = num(pt.x);
            p["label"] = pt.label;
            p["total"] = pt.priced ? num(pt.total) : Json(nullptr); // no price, no total
            p["priced"] = pt.priced;
            p["gpu_hours"] = num(pt.gpu_hours);
            p["wall_hours"] = num(pt.wall_hours);
            p["wall_days"] = num(pt.wall_hours / 24.0);
            Json risks = Json::object();
            for (const RiskInfo& r : riskTable())
                risks[std::string(r.id)] = risk(pt.risk(r.kind));
            p["risks"] = std::move(risks);
            p["cost_by_category"] = categories(pt.cost);
            points.push_back(std::move(p));
        }
        j["points"] = std::move(points);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string monteCarloToJson(const MonteCarloResult& r, std::string_view currency)
{
    try {
        const auto pct = [](const Percentiles& p) {
            Json j = Json::object();
            j["p10"] = num(p.p10);
            j["p50"] = num(p.p50);
            j["p90"] = num(p.p90);
            j["mean"] = num(p.mean);
            j["min"] = num(p.min);
            j["max"] = num(p.max);
            return j;
        };
        const auto hist = [](const Histogram& h) {
            Json j = Json::object();
            j["from"] = num(h.from);
            j["width"] = num(h.width);
            j["counts"] = h.counts;
            j["above"] = h.above; // runs above the last bin (the histogram ends at P99.5)
            return j;
        };
        Json j = Json::object();
        j["format"] = "costlab.montecarlo";
        j["format_version"] = 1;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["runs"] = r.runs;
        j["seed"] = r.seed;
        j["cancelled"] = r.cancelled;
        j["error"] = r.error.empty() ? Json(nullptr) : Json(r.error);
        // Not priced: every cost figure is null, never the priced parts' spread (issue 44).
        const auto cost = [&](const Percentiles& p) { return r.priced ? pct(p) : Json(nullptr); };
        j["priced"] = r.priced;
        j["point_cost"] = r.priced ? num(r.point_cost) : Json(nullptr);
        j["point_days"] = num(r.point_days);
        j["cost"] = cost(r.cost);
        j["days"] = pct(r.days);
        j["failures"] = pct(r.failures);
        j["p_over_budget"] = r.p_over_budget < 0 ? Json(nullptr) : num(r.p_over_budget);
        j["p_late"] = r.p_late < 0 ? Json(nullptr) : num(r.p_late);
        j["p_daily_alert"] = r.p_daily_alert < 0 ? Json(nullptr) : num(r.p_daily_alert);
        j["p_run_lost"] = num(r.p_run_lost);
        Json phases = Json::array(); // per phase; shared costs belong to none
        for (const PhaseSpread& ps : r.phases) {
            Json p = Json::object();
            p["cost"] = cost(ps.cost);
            p["days"] = pct(ps.days);
            p["p_run_lost"] = num(ps.p_run_lost);
            phases.push_back(std::move(p));
        }
        j["phases"] = std::move(phases);
        j["cost_histogram"] = r.priced ? hist(r.cost_histogram) : Json(nullptr);
        j["days_histogram"] = hist(r.days_histogram);
        Json events = Json::array();
        for (const MonteCarloEvent& ev : r.events) {
            Json e = Json::object();
            e["phase"] = ev.phase;
            e["kind"] = monteCarloEventId(ev.kind);
            e["at_h"] = num(ev.at_h);
            e["lost_h"] = num(ev.lost_h);
            events.push_back(std::move(e));
        }
        j["events"] = std::move(events);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string sensitivityToJson(const SensitivityResult& r, double relative,
                              std::string_view currency)
{
    try {
        const auto sideJson = [](const SensitivitySide& sd) {
            Json j = Json::object();
            j["value"] = num(sd.value);
            j["ok"] = sd.ok;
            j["total"] = num(sd.total);
            j["days"] = num(sd.days);
            Json risks = Json::object();
            for (const RiskInfo& k : riskTable())
                risks[std::string(k.id)] = risk(sd.risks[std::size_t(k.kind)]);
            j["risks"] = std::move(risks);
            return j;
        };
        Json j = Json::object();
        j["format"] = "costlab.sensitivity";
        j["format_version"] = 1;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["error"] = r.error.empty() ? Json(nullptr) : Json(r.error);
        j["cancelled"] = r.cancelled;
        j["relative"] = num(relative);
        j["total"] = num(r.total);
        j["days"] = num(r.days);
        Json rows = Json::array();
        for (const SensitivityRow& row : r.rows) {
            Json o = Json::object();
            o["id"] = row.id;
            o["unit"] = row.def ? std::string(row.def->unit) : std::string();
            o["value"] = num(row.value);
            o["range"] = row.from_registry ? "registry" : row.from_law ? "law" : "relative";
            o["source"] = row.from_registry && row.def ? Json(std::string(row.def->unc_source))
                                                       : Json(nullptr);
            o["swing"] = num(row.swing());
            o["low"] = sideJson(row.low);
            o["high"] = sideJson(row.high);
            rows.push_back(std::move(o));
        }
        j["rows"] = std::move(rows);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string valueToJson(const ValueComparison& c, std::string_view currency)
{
    try {
        static constexpr std::array kLevers{"none", "rl_target_score", "pretrain_target_loss"};
        const auto curve = [](const ValueCurve& v) {
            Json j = Json::object();
            j["lever"] = kLevers[std::size_t(v.route.lever)];
            j["phase"] = v.route.phase;
            j["start_score"] = num(v.route.start);
            j["bound_score"] = num(v.route.bound);
            j["current_score"] = num(v.route.current);
            if (v.route.lever == ValueLever::RlScore) {
                j["r0"] = num(v.route.r0);
                j["r0_from_base"] = v.route.r0_from_base;
            }
            Json pts = Json::array();
            for (const ValuePoint& p : v.points) {
                Json o = Json::object();
                o["score"] = num(p.score);
                o["reachable"] = p.reachable;
                o["cost"] = p.reachable ? num(p.cost) : Json(nullptr);
                o["p10"] = p.reachable ? num(p.p10) : Json(nullptr);
                o["p50"] = p.reachable ? num(p.p50) : Json(nullptr);
                o["p90"] = p.reachable ? num(p.p90) : Json(nullptr);
                o["days"] = p.reachable ? num(p.days) : Json(nullptr);
                pts.push_back(std::move(o));
            }
            j["points"] = std::move(pts);
            return j;
        };
        Json j = Json::object();
        j["format"] = "costlab.value";
        j["format_version"] = 1;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["error"] = c.error.empty() ? Json(nullptr) : Json(c.error);
        j["cancelled"] = c.cancelled;
        j["crossing"] = num(c.crossing);
        j["first_cheaper_below"] =
            std::isfinite(c.crossing) ? Json(c.a_cheaper_below) : Json(nullptr);
        j["first"] = curve(c.a);
        j["second"] = curve(c.b);
        Json rows = Json::array();
        for (const ValueTornadoRow& r : c.tornado) {
            Json o = Json::object();
            o["id"] = std::string(r.assumption->id);
            o["swing"] = std::string(r.assumption->swing);
            o["crossing_low"] = num(r.low);
            o["crossing_high"] = num(r.high);
            rows.push_back(std::move(o));
        }
        j["tornado"] = std::move(rows);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string leversToJson(const LeversResult& r, const LeverCombination& combined,
                         const RiskLimits& limits, std::string_view currency)
{
    try {
        const auto figures = [](const LeverFigures& f) {
            Json j = Json::object();
            j["ok"] = f.ok;
            j["total"] = num(f.total);
            j["days"] = num(f.days);
            j["p50"] = f.p50 > 0 ? num(f.p50) : Json(nullptr);
            j["p90"] = f.p90 > 0 ? num(f.p90) : Json(nullptr);
            Json risks = Json::object();
            for (const RiskInfo& k : riskTable())
                risks[std::string(k.id)] = risk(f.risks[std::size_t(k.kind)]);
            j["risks"] = std::move(risks);
            return j;
        };
        const auto changes = [](const std::vector<ParamChange>& cs) {
            Json a = Json::array();
            for (const ParamChange& c : cs)
                a.push_back(Json{{"id", c.id}, {"value", c.text}});
            return a;
        };
        Json j = Json::object();
        j["format"] = "costlab.levers";
        j["format_version"] = 1;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["error"] = r.error.empty() ? Json(nullptr) : Json(r.error);
        j["cancelled"] = r.cancelled;
        Json lim = Json::object();
        for (const RiskInfo& k : riskTable())
            lim[std::string(k.id)] = num(limits[k.kind]);
        j["max_probability"] = std::move(lim);
        j["plan"] = figures(r.base);
        Json levers = Json::array();
        for (const LeverResult& l : r.levers) {
            Json o = Json::object();
            o["id"] = std::string(l.info->id);
            o["section"] = std::string(l.info->section);
            o["boundary"] = std::string(boundaryId(l.info->boundary));
            o["applies"] = l.applies;
            o["reason"] = l.applies ? Json(nullptr) : Json(std::string(l.reason));
            o["changes"] = changes(l.changes);
            o["after"] = l.applies ? figures(l.after) : Json(nullptr);
            o["saving"] = l.applies ? num(l.saving()) : Json(nullptr);
            o["saving_share"] = l.applies ? num(l.savingShare()) : Json(nullptr);
            Json ex = Json::array();
            for (RiskKind k : l.exceeded)
                ex.push_back(std::string(riskInfo(k).id));
            o["exceeds_limits"] = std::move(ex);
            o["pushes_boundary"] = l.pushes_boundary;
            levers.push_back(std::move(o));
        }
        j["levers"] = std::move(levers);
        Json all = Json::object();
        Json ids = Json::array();
        for (std::string_view id : combined.lever_ids)
            ids.push_back(std::string(id));
        all["levers"] = std::move(ids);
        all["changes"] = changes(combined.changes);
        all["after"] = figures(combined.after);
        all["saving"] = num(r.base.total - combined.after.total);
        j["all_within_limits"] = std::move(all);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string optimiserToJson(const OptimiserResult& r, const OptimiserOptions& o,
                            std::string_view currency)
{
    try {
        const auto plan = [](const OptimiserPlan& p) {
            Json j = Json::object();
            j["summary"] = p.summary;
            Json ch = Json::array();
            for (const ParamChange& c : p.changes)
                ch.push_back(Json{{"id", c.id}, {"value", c.text}});
            j["changes"] = std::move(ch);
            j["total"] = num(p.total);
            j["days"] = num(p.days);
            j["gpus"] = num(p.gpus);
            j["scored"] = p.scored;
            j["p50"] = p.scored ? num(p.p50) : Json(nullptr);
            j["p90"] = p.scored ? num(p.p90) : Json(nullptr);
            j["p90_days"] = p.scored ? num(p.p90_days) : Json(nullptr);
            j["meets_p90"] = p.meets_p90;
            Json risks = Json::object();
            for (const RiskInfo& k : riskTable())
                risks[std::string(k.id)] = risk(p.risks[std::size_t(k.kind)]);
            j["risks"] = std::move(risks);
            if (!p.broken.empty()) { // a nearest plan: the limits it breaks
                Json broken = Json::array();
                for (const BrokenLimit& b : p.broken)
                    broken.push_back(Json{{"limit", limitInfo(b.limit).id},
                                          {"value", num(b.value)},
                                          {"bound", num(b.bound)},
                                          {"p90", b.p90}});
                j["broken"] = std::move(broken);
                j["shortfall"] = num(p.shortfall);
            }
            return j;
        };
        const auto plans = [&plan](const std::vector<OptimiserPlan>& ps) {
            Json a = Json::array();
            for (const OptimiserPlan& p : ps)
                a.push_back(plan(p));
            return a;
        };
        Json j = Json::object();
        j["format"] = "costlab.optimise";
        j["format_version"] = 1;
        if (!currency.empty())
            j["currency"] = std::string(currency);
        j["error"] = r.error.empty() ? Json(nullptr) : Json(r.error);
        j["cancelled"] = r.cancelled;
        j["phase"] = r.phase + 1;
        const OptimiserConstraints& c = o.constraints;
        j["constraints"] = Json{{"max_oom", num(c.max_oom)},
                                {"max_run_lost", num(c.max_run_lost)},
                                {"deadline_days", num(c.deadline_days)},
                                {"budget", num(c.budget)}};
        j["objective"] = o.objective == Objective::P90 ? "p90" : "expected";
        j["monte_carlo_top_k"] = o.monte_carlo_top_k;
        j["monte_carlo_runs"] = o.monte_carlo_runs;
        j["candidates"] = r.candidates;
        j["evaluated"] = r.evaluated;
        j["pruned"] = r.pruned;
        j["feasible"] = r.feasible;
        j["current"] = plan(r.current);
        j["best"] = r.found ? plan(r.best) : Json(nullptr);
        j["top"] = plans(r.top);
        j["pareto"] = plans(r.pareto);
        j["by_gpus"] = plans(r.by_gpus);
        j["nearest"] = plans(r.nearest);
        return dump(j);
    } catch (const std::exception& ex) {
        Json j = Json::object();
        j["error"] = ex.what();
        return dump(j);
    }
}

std::string comparisonToJson(const Comparison& c)
{
    using Json = nlohmann::ordered_json;
    const auto num = [](double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); };
    Json j;
    j["error"] = c.error.empty() ? Json(nullptr) : Json(c.error);
    j["currency"] = std::string(currencyCode(c.currency));
    j["baseline"] = c.scenarios.empty() ? Json(nullptr) : Json(c.scenarios.front().name);
    Json scen = Json::array();
    for (std::size_t i = 0; i < c.scenarios.size(); ++i) {
        const ComparedScenario& s = c.scenarios[i];
        Json o;
        o["name"] = s.name;
        o["own_currency"] = std::string(currencyCode(s.currency));
        o["to_baseline_currency"] = num(s.to_baseline);
        Json kinds = Json::array();
        for (PhaseKind k : s.kinds)
            kinds.push_back(std::string(toString(k)));
        o["phase_kinds"] = kinds;
        Json cats = Json::object();
        for (int k = 0; k < kCategoryCount; ++k)
            cats[std::string(categoryId(static_cast<Category>(k)))] = num(c.category_cost[i][k]);
        o["cost_by_category"] = cats;
        Json warnings = Json::array();
        for (std::string_view w : s.estimate.warnings)
            warnings.push_back(std::string(w));
        o["warnings"] = warnings;
        scen.push_back(o);
    }
    j["scenarios"] = scen;
    Json head = Json::array();
    for (const HeadlineRow& r : c.headline) {
        Json o;
        o["id"] = r.id;
        o["label"] = headlineLabelEnglish(r);
        o["unit"] = r.unit;
        Json v = Json::array(), d = Json::array(), p = Json::array();
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            v.push_back(num(r.values[i]));
            d.push_back(num(r.diff[i]));
            p.push_back(num(r.diff_percent[i]));
        }
        o["values"] = v;
        o["diff"] = d;
        o["diff_percent"] = p;
        if (!r.basis.empty()) { // what each value is per; diff is null where it is not A's
            Json b = Json::array();
            for (TokenBasis k : r.basis)
                b.push_back(std::string(tokenBasisId(k)));
            o["basis"] = b;
        }
        head.push_back(o);
    }
    j["headline"] = head;
    Json params = Json::array();
    for (const ParamDiffRow& r : c.params) {
        Json o;
        o["id"] = r.id;
        o["label"] = r.def ? std::string(r.def->label) : std::string();
        o["unit"] = r.unit;
        Json v = Json::array();
        for (std::size_t i = 0; i < r.values.size(); ++i)
            v.push_back(r.present[i] ? Json(r.values[i]) : Json(nullptr));
        o["values"] = v;
        params.push_back(o);
    }
    j["parameters"] = params;
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace costlab
