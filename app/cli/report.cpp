#include "report.h"

#include "estimate_json.h"
#include "figures.h"
#include "registry.h"
#include "risks.h"
#include "textformat.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace costlab::cli {

namespace {

/// The short English caption of a plan figure (figures.h), as the window's headline shows it.
std::string caption(std::string_view id)
{
    const PlanFigure* f = findPlanFigure(id);
    return f ? f->short_label : std::string(id);
}

std::string_view kindLabel(PhaseKind k)
{
    switch (k) {
    case PhaseKind::Pretrain:
        return "pre-training";
    case PhaseKind::RlPosttrain:
        return "RL post-training";
    case PhaseKind::Evaluation:
        return "evaluation";
    }
    return "phase";
}

std::string_view roleLabel(GpuRole r, PhaseKind k)
{
    switch (r) {
    case GpuRole::Trainer:
        return "trainer";
    case GpuRole::Rollout:
        return k == PhaseKind::Evaluation ? "inference" : "rollout";
    case GpuRole::RewardModel:
        return "reward model";
    case GpuRole::Count:
        break;
    }
    return "?";
}

void riskRow(TextTable& t, std::string_view name, const Risk& r, std::string_view cur,
             bool priced = true)
{
    t.addRow({std::string(name), percent(r.probability),
              priced ? money(r.expected_cost, cur) : std::string("not priced")});
}

/// Table cell for money: cents only for small amounts, plain "0" for nothing.
std::string cell(double v)
{
    return v == 0 ? std::string("0") : number(v, std::abs(v) < 100 ? 2 : 0);
}

/// The recovery risk's probability is that of a failure losing more than the threshold;
/// its expected cost is that of all failures. The label says so.
/// A risk's row label from the risk table; the recovery risk names its loss threshold,
/// because its probability is "one failure loses more than the threshold".
std::string riskLabel(const RiskInfo& info, const Scenario& s)
{
    std::string label(info.label);
    if (info.kind == RiskKind::Recovery)
        label += " (one failure loses > " + duration(s.reliability.loss_threshold_h) + ")";
    return label;
}

std::string costTable(const CategoryArray& cost, const CategoryArray* elastic, double total,
                      std::string_view cur)
{
    const std::string c(cur);
    TextTable t({"Category", "Type", "Amount (" + c + ")", "Fixed (" + c + ")",
                 "Elastic (" + c + ")", "Share"},
                {false, false, true, true, true, true});
    double sumFixed = 0, sumElastic = 0;
    for (int i = 0; i < kCategoryCount; ++i) {
        const double el = elastic ? (*elastic)[i] : 0.0;
        if (cost[i] == 0 && el == 0)
            continue;
        const auto cat = static_cast<Category>(i);
        sumFixed += cost[i] - el;
        sumElastic += el;
        t.addRow({std::string(categoryLabel(cat)), std::string(categoryResourceType(cat)),
                  cell(cost[i]), cell(cost[i] - el), cell(el),
                  total != 0 ? share(cost[i] / total) : std::string("-")});
    }
    if (t.empty())
        return "    (no cost)\n";
    t.addRow({"Total", "", cell(total), cell(sumFixed), cell(sumElastic),
              total != 0 ? share(1) : std::string("-")});
    return t.render(4);
}

/// The trainer's pipeline stages under its row (all of them up to 16; beyond, the first two,
/// the worst and the last two), so the row above reads as "the worst stage".
void addStageRows(TextTable& t, const PipelineMemory& pm)
{
    if (pm.stages <= 1)
        return;
    const int p = pm.stages;
    int shownLast = -1;
    for (int i = 0; i < p; ++i) {
        if (p > 16 && i > 1 && i < p - 2 && i != pm.worst)
            continue;
        if (shownLast >= 0 && i > shownLast + 1)
            t.addRow({"    ...", "", "", "", "", "", "", "", "", "", "", ""});
        shownLast = i;
        const MemoryBreakdown m = pipelineStage(pm, i);
        std::string label = "  stage " + std::to_string(i + 1) + "/" + std::to_string(p);
        if (i == pm.worst)
            label += " (worst)";
        t.addRow({label, gib(m.weights), gib(m.gradients), gib(m.optimizer), gib(m.activations),
                  gib(m.kv_cache), gib(m.coresident), gib(m.overhead), gib(m.total), gib(m.usable),
                  m.total <= m.usable ? "yes" : "NO", percent(m.oom_probability)});
    }
}

/// Host RAM per node under the GPU table: its parts, the node's RAM and P(OOM).
std::string hostLine(const HostMemory& h)
{
    if (!h.present)
        return {};
    std::string line = "    Host RAM per node: " + gib(h.total) + " GiB (processes " +
                       gib(h.processes) + ", checkpoint staging " + gib(h.checkpoint);
    if (h.offload > 0)
        line += ", sleeping engine weights " + gib(h.offload);
    if (h.object_store > 0)
        line += ", Ray object store " + gib(h.object_store);
    if (h.training_state > 0)
        line += ", offloaded training state " + gib(h.training_state);
    line += ")";
    line += h.ram > 0 ? " of " + gib(h.ram) + " GiB, P(OOM) " + percent(h.oom_probability)
                      : "; node RAM not in the catalog";
    return line + "\n";
}

std::string memoryTable(const PhaseEstimate& pe)
{
    TextTable t({"Role", "Weights", "Grads", "Optimizer", "Activations", "KV cache", "Other role",
                 "Overhead", "Total", "Usable HBM", "Fits", "P(OOM)"},
                {false, true, true, true, true, true, true, true, true, true, false, true});
    for (int r = 0; r < kRoleCount; ++r) {
        const MemoryBreakdown& m = pe.memory[r];
        if (!m.present)
            continue;
        t.addRow({std::string(roleLabel(static_cast<GpuRole>(r), pe.kind)), gib(m.weights),
                  gib(m.gradients), gib(m.optimizer), gib(m.activations), gib(m.kv_cache),
                  gib(m.coresident), gib(m.overhead), gib(m.total), gib(m.usable),
                  m.total <= m.usable ? "yes" : "NO", percent(m.oom_probability)});
        if (r == int(GpuRole::Trainer))
            addStageRows(t, pe.trainer_stages);
    }
    if (t.empty())
        return "    (no GPU memory estimate)\n";
    return t.render(4) + hostLine(pe.host);
}

double phaseElastic(const PhaseEstimate& pe)
{
    double e = 0;
    for (double v : pe.elastic)
        e += v;
    return e;
}

std::string phaseBlock(const Scenario& s, const Catalog& cat, const Estimate& e, std::size_t i,
                       std::string_view cur)
{
    const Phase* ph = i < s.phases.size() ? &s.phases[i] : nullptr;
    const PhaseEstimate& pe = e.phases[i];
    std::string out;
    const std::string kind(kindLabel(pe.kind));
    std::string name = ph && !ph->name.empty() ? printable(ph->name) : kind;
    std::string lower = name;
    for (char& c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::vector<std::string> notes;
    if (lower != kind)
        notes.push_back(kind);
    if (ph && !ph->experiment_batch.empty())
        notes.push_back("batch " + printable(ph->experiment_batch));
    out += "Phase " + std::to_string(i + 1) + "/" + std::to_string(s.phases.size()) + ": " + name;
    for (std::size_t n = 0; n < notes.size(); ++n)
        out += (n == 0 ? " (" : ", ") + notes[n];
    out += notes.empty() ? "\n" : ")\n";

    std::string accName = ph ? printable(ph->accelerator) : std::string();
    if (ph) {
        if (const Accelerator* a = cat.accelerator(ph->accelerator); a && !a->name.empty())
            accName = printable(a->name);
    }
    std::vector<std::pair<std::string, std::string>> kv;
    // evaluate() lists the accelerators it found no price for.
    const bool unpriced =
        ph && std::find(e.unpriced.begin(), e.unpriced.end(), ph->accelerator) != e.unpriced.end();
    kv.push_back({"GPUs", number(pe.gpus) + " x " + accName +
                              (unpriced ? std::string(", not priced in this catalog")
                                        : " at " + money(pe.gpu_price, cur) + "/GPU-h (blended)")});
    kv.push_back({"GPU-hours", number(pe.gpu_hours) + " GPU-h (failure-free " +
                                   number(pe.ideal_gpu_hours) + " GPU-h)"});
    kv.push_back({"Wall-clock", duration(pe.wall_hours) + ", day " + number(pe.start_day, 1) +
                                    " to " + number(pe.end_day, 1)});
    if (pe.mfu > 0) { // evaluation phases are bandwidth-bound decode: no MFU
        static constexpr const char* kSource[] = {
            "predicted from the parallel layout", "pinned", "from measured TFLOP/s per GPU",
            "from measured tokens/s per GPU", "catalog default; layout not modelled"};
        kv.push_back({"MFU", share(pe.mfu) + " (" + kSource[int(pe.throughput)] + ")"});
    }
    if (pe.kind != PhaseKind::Evaluation) {
        const ParallelLayout& l = pe.layout.layout;
        kv.push_back(
            {"Layout",
             "TP " + number(l.tp) + " x PP " + number(l.pp) +
                 (l.vpp > 1 ? " (v " + number(l.vpp) + ")" : std::string()) + " x CP " +
                 number(l.cp) + " x DP " + number(l.dp) +
                 // MoE: the expert layers' fold (ETP is TP for a dense model)
                 (l.ep > 1 || l.etp != l.tp ? ", EP " + number(l.ep) + " x ETP " + number(l.etp)
                                            : std::string()) +
                 "; " + number(l.micro_batches) +
                 (l.micro_batches == 1 ? " micro-batch of " : " micro-batches of ") +
                 number(l.micro_batch) + " per step" +
                 (pe.layout.tp_over_domain ? " (TP x CP beyond NVLink)" : "")});
    }
    if (pe.tokens > 0)
        kv.push_back({"Tokens trained", metric(pe.tokens) + " tokens"});
    if (pe.flops > 0) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", pe.flops);
        kv.push_back({"Model compute", std::string(buf) + " FLOP"});
    }
    if (pe.steps > 0)
        kv.push_back({pe.kind == PhaseKind::RlPosttrain  ? "RL iterations"
                      : pe.kind == PhaseKind::Evaluation ? "Model versions evaluated"
                                                         : "Optimizer steps",
                      number(pe.steps)});
    if (unpriced) // the parts that are priced are not the phase's cost
        kv.push_back({"Phase cost", "not priced: GPU time is not costed (the priced parts below, " +
                                        money(pe.total, cur) + ", are not the phase's cost)"});
    else
        kv.push_back({"Phase cost", money(pe.total, cur) + " (fixed " +
                                        money(pe.total - phaseElastic(pe), cur) + ", elastic " +
                                        money(phaseElastic(pe), cur) + ")"});
    out += keyValues(kv, 2);

    if (pe.step.total_s > 0) {
        const StepBreakdown& b = pe.step;
        out += pe.kind == PhaseKind::RlPosttrain ? "\n  Trainer update (one per iteration)\n"
                                                 : "\n  One optimizer step\n";
        TextTable st({"Part", "Time", "Share"}, {false, true, true});
        const double prod = productionSeconds(b);
        bool benchmarkShown = false;
        for (int i = 0; i < kStepPartCount; ++i) {
            const StepPart& part = kStepParts[i];
            if (part.production && !benchmarkShown && prod > b.total_s) {
                st.addRow({"benchmark step", number(b.total_s, 3) + " s", share(b.total_s / prod)});
                benchmarkShown = true;
            }
            const double v = b.*part.seconds;
            if (v > 0)
                st.addRow({part.label, number(v, 3) + " s", share(v / prod)});
        }
        st.addRow(
            {prod > b.total_s ? "production step" : "step", number(prod, 3) + " s", share(1)});
        out += st.render(4);
    }

    out += "\n  Cost by category\n";
    out += costTable(pe.cost, &pe.elastic, pe.total, cur);

    out += "\n  Memory per GPU (GiB)\n";
    out += memoryTable(pe);

    if (pe.kind == PhaseKind::RlPosttrain) {
        const RlTiming& t = pe.rl;
        out += "\n  RL iteration timing\n";
        TextTable tt({"Stage", "Time per iteration"}, {false, true});
        tt.addRow({"generation (rollout GPUs)", number(t.generation_s, 1) + " s"});
        tt.addRow({"environment wait", number(t.environment_s, 1) + " s"});
        tt.addRow({"training (incl. ref/reward/critic)", number(t.training_s, 1) + " s"});
        tt.addRow({"  of which reward model", number(t.reward_s, 1) + " s"});
        tt.addRow({"weight sync / switch", number(t.sync_s, 1) + " s"});
        tt.addRow({"iteration", number(t.iteration_s, 1) + " s"});
        out += tt.render(4);
        out += "    Utilisation: rollout " + share(t.rollout_util) + ", trainer " +
               share(t.trainer_util) + ", environments " + share(t.env_util) + "\n";
        out += "    Episodes per iteration " + number(t.episodes) + ", in flight " +
               number(t.concurrency) + "; straggler response " + number(t.expected_max_response) +
               " tokens; environment straggler x" + number(t.env_straggler_factor, 2) +
               " of median latency\n";
    }

    out += "\n  Risks\n";
    TextTable rt({"Risk", "Probability", "Expected cost"}, {false, true, true});
    for (const RiskInfo& info : riskTable())
        if (info.phase)
            riskRow(rt, riskLabel(info, s), pe.*info.phase, cur, !unpriced);
    out += rt.render(4);

    const RecoveryFigures& r = pe.rec;
    if (r.mtbf_h > 0 || r.expected_failures > 0) {
        out += "    Recovery: MTBF " + duration(r.mtbf_h) + "; checkpoint every " +
               duration(r.checkpoint_interval_h) + " (Daly optimum " +
               duration(r.optimal_interval_h) + ", Young " + duration(r.young_interval_h) +
               "); stall per checkpoint " + duration(r.checkpoint_stall_h) + "\n";
        out += "              expected failures " + number(r.expected_failures, 1) +
               "; lost per failure " + duration(r.lost_per_failure_h) + "; P(a failure loses > " +
               duration(s.reliability.loss_threshold_h) + ") " + percent(r.p_loss_over_threshold) +
               "; P(rollback past an unusable checkpoint) " + percent(r.p_unusable_rollback) +
               "; waste " + share(r.waste_fraction) + "\n";
    }
    return out;
}

std::string budgetLine(const Scenario& s, const Estimate& e, std::string_view cur)
{
    const BudgetStatus st = budgetStatus(e);
    if (st == BudgetStatus::NoBudget)
        return "no budget set";
    if (st == BudgetStatus::NotPriced)
        return "not priced: no total to compare with the budget of " + money(s.budget.total, cur);
    std::string head = st == BudgetStatus::Ok        ? "ok"
                       : st == BudgetStatus::Warning ? "WARNING"
                                                     : "OVER BUDGET";
    return head + ", " + share(e.budget_ratio) + " of " + money(s.budget.total, cur);
}

} // namespace

std::string estimateReport(const Scenario& s, const Catalog& cat, const Estimate& e)
{
    const std::string cur(currencyCode(s.currency));
    std::string out;
    out += "Costlab estimate: " + printable(s.name) + "\n";
    if (!s.project.empty())
        out += "Project: " + printable(s.project) + "\n";
    out += "Currency: " + cur + "    Catalog: " + cat.id;
    if (!cat.date.empty())
        out += " (" + cat.date + ")";
    out += "\n\n";

    std::vector<std::pair<std::string, std::string>> sum;
    std::string unpriced;
    for (const std::string& id : e.unpriced)
        unpriced += (unpriced.empty() ? "" : ", ") + printable(id);
    if (!e.priced) // no price, no total (issue 12): the parts below still add up what is priced
        sum.push_back({caption("total"), "not priced: catalog '" + printable(cat.id) +
                                             "' has no price for " + unpriced +
                                             "; GPU time is not costed"});
    else
        sum.push_back({caption("total"), money(e.total, cur) + " (fixed " + money(e.fixed, cur) +
                                             ", elastic " + money(e.elastic, cur) + ")"});
    sum.push_back({caption("gpu_hours"), number(e.gpu_hours) + " GPU-h"});
    sum.push_back({caption("wall_days"),
                   number(e.wall_hours / 24, 1) + " days (" + number(e.wall_hours) + " h)"});
    if (e.tokens > 0) {
        sum.push_back({"Training tokens", metric(e.tokens) + " tokens"});
        sum.push_back({"Cost per million training tokens",
                       e.priced ? number(e.cost_per_million_tokens, 2) + " " + cur + "/M tokens"
                                : std::string("not priced")});
    }
    sum.push_back({"Budget", e.priced || s.budget.total > 0 ? budgetLine(s, e, cur)
                                                            : std::string("not priced")});
    if (s.budget.daily_alert > 0) {
        sum.push_back({"Daily alert line", money(s.budget.daily_alert, cur) + "/day"});
        sum.push_back({"Peak daily spend",
                       e.priced ? money(e.daily_peak, cur) + "/day" : std::string("not priced")});
        sum.push_back({"First day over the alert line",
                       !e.priced         ? std::string("not priced")
                       : e.alert_day < 0 ? std::string("never")
                                         : "day " + std::to_string(e.alert_day)});
    }
    out += keyValues(sum, 0);

    for (std::size_t i = 0; i < e.phases.size(); ++i)
        out += "\n" + phaseBlock(s, cat, e, i, cur);

    bool shared = false;
    for (double v : e.shared_cost)
        shared = shared || v != 0;
    if (shared) {
        double total = 0;
        for (double v : e.shared_cost)
            total += v;
        out += "\nShared costs (not tied to one phase)\n";
        out += costTable(e.shared_cost, nullptr, total, cur);
    }

    // With one phase and nothing shared the plan table would repeat the phase table.
    if (e.phases.size() > 1 || shared) {
        out += "\nPlan cost by category\n";
        CategoryArray planElastic{};
        for (const PhaseEstimate& pe : e.phases)
            for (int i = 0; i < kCategoryCount; ++i)
                planElastic[i] += pe.elastic[i];
        out += costTable(e.cost, &planElastic, e.total, cur);
    }

    out += "\nPlan risks (probability: in any phase, phases independent; expected cost: sum "
           "over phases)\n";
    TextTable rt({"Risk", "Probability", "Expected cost", "In total"}, {false, true, true, false});
    // Unpriced: GPU time costs nothing here, so no expected cost is a figure (and the budget
    // has no total to be overrun by).
    for (const RiskInfo& info : riskTable()) {
        const bool budget = info.kind == RiskKind::Budget;
        rt.addRow(
            {riskLabel(info, s),
             budget && !e.priced ? std::string("not priced") : percent((e.*info.plan).probability),
             e.priced ? money((e.*info.plan).expected_cost, cur) : std::string("not priced"),
             info.in_total ? "yes" : "no"});
    }
    out += rt.render(2);

    if (!e.warnings.empty()) {
        out += "\nWarnings\n";
        for (std::string_view w : e.warnings)
            out += "  - " + std::string(w) + "\n";
    }
    return out;
}

std::string sweepReport(const Scenario& s, const ParamDef& def, const SweepResult& r)
{
    const std::string cur(currencyCode(s.currency));
    const bool scaled = !r.categorical && !def.display_unit.empty() && def.display_factor != 0;
    std::string unit(scaled ? def.display_unit : def.unit);
    // A bare magnitude ("B", "T") needs the quantity it scales: "B tokens".
    if (scaled && !def.unit.empty() && unit.size() == 1 &&
        std::string_view("KMBT").find(unit[0]) != std::string_view::npos)
        unit += " " + std::string(def.unit);
    std::string out = "Sweep of " + r.param + " (" + std::string(def.label) + ") over " +
                      std::to_string(r.points.size()) + " points: " + printable(s.name) + "\n\n";
    const std::string xhead = r.categorical  ? std::string("Value")
                              : unit.empty() ? std::string("x")
                                             : "x (" + unit + ")";
    std::vector<std::string> heads{xhead, "Total (" + cur + ")", "GPU-h", "Wall (days)"};
    for (const RiskInfo& k : riskTable())
        if (k.phase != nullptr)
            heads.push_back("P(" + std::string(k.short_label) + ")");
    heads.push_back("Risk cost (" + cur + ")");
    std::vector<bool> right(heads.size(), true);
    right[0] = false;
    TextTable t(heads, right);
    for (const SweepPoint& p : r.points) {
        std::string x;
        if (r.categorical)
            x = p.label.empty() ? general(p.x) : printable(p.label);
        else
            x = general(scaled ? p.x * def.display_factor : p.x);
        std::vector<std::string> row{x, p.priced ? number(p.total) : std::string("not priced"),
                                     number(p.gpu_hours), number(p.wall_hours / 24, 1)};
        for (const RiskInfo& k : riskTable())
            if (k.phase != nullptr)
                row.push_back(percent(p.risk(k.kind).probability));
        // Risk costs are GPU time too: without a price they are not known either.
        row.push_back(p.priced ? number(p.expectedRiskCost()) : std::string("not priced"));
        t.addRow(row);
    }
    out += t.render(0);
    out += "\n";
    if (r.optimum_x >= 0)
        out += "Young/Daly optimum checkpoint interval: " + duration(r.optimum_x) + "\n";
    return out;
}

namespace {

std::string rangeText(const ParamDef& d)
{
    switch (d.type) {
    case ParamType::Bool:
        return "true|false";
    case ParamType::AcceleratorRef:
        return "catalog accelerator id";
    case ParamType::InstanceRef:
        return "catalog instance id";
    case ParamType::Choice: {
        std::string s;
        for (const ChoiceDef& c : d.choices)
            s += (s.empty() ? "" : "|") + std::string(c.id);
        return s;
    }
    default:
        return general(d.min) + " .. " + general(d.max);
    }
}

std::string defaultText(const ParamDef& d)
{
    switch (d.type) {
    case ParamType::Bool:
        return d.def != 0 ? "true" : "false";
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        return "-";
    case ParamType::Choice: {
        const auto i = static_cast<std::size_t>(d.def);
        return d.def >= 0 && i < d.choices.size() ? std::string(d.choices[i].id) : general(d.def);
    }
    default:
        return general(d.def);
    }
}

} // namespace

std::string paramsReport()
{
    const auto ids = addressableParameters();
    std::string out;
    // Help lines are long: one entry per id with its help indented below, rather than a
    // table too wide for a terminal.
    for (const ParamAddress& p : ids) {
        const ParamDef& d = *p.def;
        out += p.id + "  [" + (d.unit.empty() ? std::string("-") : std::string(d.unit)) + "]  " +
               rangeText(d) + "  default " + defaultText(d) +
               (d.zero_label.empty() ? std::string() : " (\"" + std::string(d.zero_label) + "\")") +
               "  (" + std::string(paramScaleId(d.scale)) + ")\n    " + std::string(d.label);
        if (!d.help.empty())
            out += ": " + std::string(d.help);
        out += "\n";
    }
    out += "\n" + std::to_string(ids.size()) +
           " parameters. Use them with --set ID=VALUE "
           "(values in the unit shown) and sweep --param ID.\n";
    return out;
}

} // namespace costlab::cli
