#include "optimiser.h"

#include "montecarlo.h"
#include "registry.h"
#include "trnoop.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>

namespace costlab {

namespace {

/// One input set by an option: by value (numbers, switches) or by registry text (choices,
/// catalog ids).
struct Assign {
    ParamRef ref;
    double value = 0;
    std::string text; ///< non-empty: set through setFromString
};

using Parts = std::vector<SummaryPart>;

/// One summary part: a pattern (a literal written as QT_TRANSLATE_NOOP at the call, so
/// lupdate sees it) and its arguments.
Parts part(const char* pattern, std::vector<std::string> args = {})
{
    return {SummaryPart{pattern, std::move(args)}};
}

/// One value of a dimension: the inputs it sets and how it reads in a summary.
struct Option {
    std::vector<Assign> set;
    Parts label;
    double gpus = -1; ///< the searched phase's GPU count under this option; −1 = not a GPU option
};

using Dim = std::vector<Option>;

void apply(Scenario& s, const Option& o)
{
    for (const Assign& a : o.set) {
        if (!a.ref.valid())
            continue;
        if (!a.text.empty())
            setFromString(s, a.ref, a.text);
        else
            setValue(s, a.ref, a.value);
    }
}

std::string fmt(double v)
{
    return numberText(v);
}

/// Builds the options of one phase; `ref(key)` is the phase's input `key` (invalid when
/// the phase kind has none).
class SpaceBuilder {
public:
    SpaceBuilder(const Scenario& s, const Catalog& cat, int phase)
        : m_s(s), m_cat(cat), m_phase(phase), m_p(s.phases[std::size_t(phase)])
    {
    }

    ParamRef ref(std::string_view key) const
    {
        const ParamDef* d = findDef(key, 1u << static_cast<unsigned>(m_p.kind));
        return d ? ParamRef{d, m_phase} : ParamRef{};
    }
    Assign num(std::string_view key, double v) const { return {ref(key), v, {}}; }
    Assign text(std::string_view key, std::string t) const { return {ref(key), 0, std::move(t)}; }
    /// Choice number `index` of input `key`, named from the registry's own table.
    std::string choice(std::string_view key, int index) const
    {
        return std::string(choiceId(key, index, 1u << static_cast<unsigned>(m_p.kind)));
    }

    std::vector<Dim> outer;
    Dim microBatch, recompute; ///< the inner, pruned dimensions

    void accelerators(const std::vector<std::string>& ids)
    {
        Dim d;
        for (const std::string& id : ids.empty() ? std::vector<std::string>{m_p.accelerator} : ids)
            if (m_cat.accelerator(id))
                d.push_back({{text("accelerator", id)}, part("%1", {id})});
        add(std::move(d));
    }
    void add(Dim d)
    {
        if (!d.empty())
            outer.push_back(std::move(d));
    }
    void inner(const OptimiserSpace& sp)
    {
        std::vector<double> mbs = sp.micro_batch;
        std::sort(mbs.begin(), mbs.end());
        for (double mb : mbs)
            microBatch.push_back(
                {{num("micro_batch", mb)},
                 part(QT_TRANSLATE_NOOP("costlab::Optimiser", "mb %1"), {fmt(mb)})});
        // Most recompute (least memory) first: the pruning walks towards more memory.
        std::vector<Recompute> rs = sp.recompute;
        std::sort(rs.begin(), rs.end(), [](Recompute a, Recompute b) { return int(a) > int(b); });
        static const char* names[] = {
            QT_TRANSLATE_NOOP("costlab::Optimiser", "recompute none"),
            QT_TRANSLATE_NOOP("costlab::Optimiser", "recompute selective"),
            QT_TRANSLATE_NOOP("costlab::Optimiser", "recompute full")};
        for (Recompute r : rs)
            recompute.push_back(
                {{text("recompute", choice("recompute", int(r)))}, part(names[int(r)])});
        if (microBatch.empty())
            microBatch.push_back({{}, {}});
        if (recompute.empty())
            recompute.push_back({{}, {}});
    }
    void spot(const std::vector<double>& shares)
    {
        Dim d;
        for (double f : shares)
            d.push_back(f <= 0 ? Option{{num("elastic_fraction", 0)},
                                        part(QT_TRANSLATE_NOOP("costlab::Optimiser", "reserved"))}
                               : Option{{num("elastic_fraction", f), text("purchase", "spot")},
                                        part(QT_TRANSLATE_NOOP("costlab::Optimiser", "spot %1 %"),
                                             {fmt(f * 100)})});
        add(std::move(d));
    }

    /// Scenario-wide: auto or a fixed interval (hours).
    void checkpoints(const std::vector<double>& hours)
    {
        const ParamRef autoRef{findDef("reliability.checkpoint_auto"), -1};
        const ParamRef fixedRef{findDef("reliability.checkpoint_interval_h"), -1};
        Dim d;
        for (double h : hours)
            d.push_back(
                h <= 0
                    ? Option{{{autoRef, 1, {}}},
                             part(
                                 QT_TRANSLATE_NOOP("costlab::Optimiser", "checkpoints Young/Daly"))}
                    : Option{{{autoRef, 0, {}}, {fixedRef, h, {}}},
                             part(QT_TRANSLATE_NOOP("costlab::Optimiser", "checkpoints every %1 h"),
                                  {fmt(h)})});
        add(std::move(d));
    }

    void pretrain(const OptimiserSpace& sp)
    {
        accelerators(sp.accelerators);
        Dim g;
        for (double n : sp.gpus.empty() ? std::vector<double>{m_p.gpus} : sp.gpus)
            g.push_back({{num("gpus", n)},
                         part(QT_TRANSLATE_NOOP("costlab::Optimiser", "%1 GPUs"), {fmt(n)}),
                         n});
        add(std::move(g));
        Dim lay;
        const ModelArch& m = m_p.model;
        if (!sp.layouts.empty()) {
            for (const auto& l : sp.layouts)
                lay.push_back({{num("tp", l.tp), num("pp", l.pp), num("vpp", 1),
                                num("micro_batch", l.micro_batch)},
                               part("%1", {"TP " + fmt(l.tp) + " · PP " + fmt(l.pp) + " · mb " +
                                           fmt(l.micro_batch)})});
        } else {
            for (double tp : sp.tp)
                for (double pp : sp.pp)
                    for (double vpp : sp.vpp)
                        for (double cp : sp.cp)
                            for (double ep : sp.ep) {
                                // Cheap shape checks the engine would refuse anyway.
                                if (vpp > 1 && pp <= 1)
                                    continue;
                                if (std::fmod(m.layers, pp * vpp) != 0 ||
                                    std::fmod(m.heads, tp) != 0)
                                    continue;
                                std::string label = "TP " + fmt(tp) + " · PP " + fmt(pp);
                                if (vpp > 1)
                                    label += " · VPP " + fmt(vpp);
                                if (cp > 1)
                                    label += " · CP " + fmt(cp);
                                if (ep > 1)
                                    label += " · EP " + fmt(ep);
                                lay.push_back({{num("tp", tp), num("pp", pp), num("vpp", vpp),
                                                num("cp", cp), num("ep", ep)},
                                               part("%1", {label})});
                            }
        }
        add(std::move(lay));
        Dim lcp;
        for (double cp : sp.long_cp)
            lcp.push_back(
                {{num("long_cp", cp)},
                 cp > 0 ? part(QT_TRANSLATE_NOOP("costlab::Optimiser", "long-context stage CP %1"),
                               {fmt(cp)})
                        : part(QT_TRANSLATE_NOOP("costlab::Optimiser",
                                                 "long-context stage on the main layout"))});
        add(std::move(lcp));
        Dim z;
        for (double zs : sp.zero_stage)
            z.push_back({{text("zero_stage", fmt(zs))}, part("%1", {"ZeRO " + fmt(zs)})});
        add(std::move(z));
        spot(sp.spot_share);
        checkpoints(sp.checkpoint_interval_h);
        if (sp.layouts.empty())
            inner(sp);
        else { // the layouts carry their micro-batch
            OptimiserSpace rs = sp;
            rs.micro_batch.clear();
            inner(rs);
        }
    }

    void rl(const OptimiserSpace& sp)
    {
        const RlInputs& in = m_p.rl;
        accelerators(sp.accelerators);
        const double pool = in.placement == Placement::Colocated
                                ? in.trainer_gpus
                                : in.trainer_gpus + in.rollout_gpus;
        Dim pools;
        for (double n : sp.gpus.empty() ? std::vector<double>{pool} : sp.gpus) {
            if (sp.colocated)
                pools.push_back(
                    {{text("placement", "colocated"), text("rollout_sleep", "true"),
                      num("trainer_gpus", n)},
                     part(QT_TRANSLATE_NOOP("costlab::Optimiser", "colocated %1 GPUs"), {fmt(n)}),
                     n});
            if (sp.disaggregated)
                for (double share : sp.trainer_share) {
                    const double t = std::max(1.0, std::round(n * share));
                    if (n - t < 1)
                        continue;
                    pools.push_back({{text("placement", "disaggregated"), num("trainer_gpus", t),
                                      num("rollout_gpus", n - t)},
                                     part(QT_TRANSLATE_NOOP("costlab::Optimiser",
                                                            "%1 trainer + %2 rollout GPUs"),
                                          {fmt(t), fmt(n - t)}),
                                     n});
                }
        }
        add(std::move(pools));
        Dim pipe;
        for (Pipeline p : sp.pipeline)
            pipe.push_back(p == Pipeline::Asynchronous
                               ? Option{{text("pipeline", "async"),
                                         num("staleness", std::max(1.0, in.staleness))},
                                        part(QT_TRANSLATE_NOOP("costlab::Optimiser", "async"))}
                               : Option{{text("pipeline", "sync")},
                                        part(QT_TRANSLATE_NOOP("costlab::Optimiser", "sync"))});
        add(std::move(pipe));
        Dim q;
        for (Quantization x : sp.rollout_quant) {
            const std::string id = choice("rollout_quant", int(x));
            q.push_back({{text("rollout_quant", id), text("is_correction", "true")},
                         part(QT_TRANSLATE_NOOP("costlab::Optimiser", "%1 rollouts"), {id})});
        }
        add(std::move(q));
        Dim rtp;
        for (double t : sp.rollout_tp)
            if (std::fmod(m_p.model.heads, t) == 0)
                rtp.push_back(
                    {{num("rollout_tp", t)},
                     part(QT_TRANSLATE_NOOP("costlab::Optimiser", "engine TP %1"), {fmt(t)})});
        add(std::move(rtp));
        Dim ttp;
        for (double t : sp.tp)
            if (std::fmod(m_p.model.heads, t) == 0)
                ttp.push_back(
                    {{num("tp", t)},
                     part(QT_TRANSLATE_NOOP("costlab::Optimiser", "trainer TP %1"), {fmt(t)})});
        add(std::move(ttp));
        Dim env;
        for (double f : sp.env_count_factor) {
            const double e = std::max(1.0, std::round(in.env_count * f));
            env.push_back(
                {{num("env_count", e)},
                 part(QT_TRANSLATE_NOOP("costlab::Optimiser", "%1 environments"), {fmt(e)})});
        }
        add(std::move(env));
        envInstances(sp);
        spot(sp.spot_share);
        checkpoints(sp.checkpoint_interval_h);
        inner(sp);
    }

    /// Each instance with as many environments as keep the current vCPUs and memory per
    /// environment (the spec-matching lever's rule).
    void envInstances(const OptimiserSpace& sp)
    {
        const RlInputs& in = m_p.rl;
        const InstanceType* now = m_cat.instance(m_p.env_instance);
        if (!now)
            return;
        std::vector<std::string> ids = sp.env_instances;
        if (std::find(ids.begin(), ids.end(), now->id) == ids.end())
            ids.insert(ids.begin(), now->id);
        const double per = std::max(1.0, std::round(in.envs_per_instance));
        const double vcpu = now->vcpus / per, mem = now->mem_gib / per;
        Dim d;
        for (const std::string& id : ids) {
            const InstanceType* t = m_cat.instance(id);
            if (!t)
                continue;
            const double fit = t == now ? per
                                        : std::floor(std::min(vcpu > 0 ? t->vcpus / vcpu : 1e4,
                                                              mem > 0 ? t->mem_gib / mem : 1e4));
            if (fit < 1)
                continue;
            d.push_back({{text("env_instance", id), num("envs_per_instance", std::min(fit, 1e4))},
                         part("%1", {id})});
        }
        add(std::move(d));
    }

private:
    const Scenario& m_s;
    const Catalog& m_cat;
    int m_phase;
    const Phase& m_p;
};

/// A screened candidate: its place in the space and its expected figures.
struct Cand {
    std::uint64_t code = 0; ///< mixed-radix index: outer options, then micro-batch, recompute
    double total = 0, days = 0, gpus = 0;
    std::array<Risk, kRiskCount> risks{};
    double shortfall = 0; ///< near misses: how far from meeting every limit
};

bool better(const Cand& a, const Cand& b)
{
    return a.total < b.total || (a.total == b.total && a.code < b.code);
}

/// Near misses: the smallest shortfall first, then the cheaper, then the search order.
bool closer(const Cand& a, const Cand& b)
{
    if (a.shortfall != b.shortfall)
        return a.shortfall < b.shortfall;
    return better(a, b);
}

/// The non-dominated set of (days, total), both lower is better, sorted by days.
void paretoInsert(std::vector<Cand>& front, const Cand& c)
{
    // Equal points keep the lower code, so the frontier does not depend on thread order.
    const auto dominates = [](const Cand& a, const Cand& b) {
        if (a.days == b.days && a.total == b.total)
            return a.code < b.code;
        return a.days <= b.days && a.total <= b.total;
    };
    for (const Cand& f : front)
        if (dominates(f, c))
            return;
    std::erase_if(front, [&](const Cand& f) { return dominates(c, f); });
    front.insert(std::upper_bound(front.begin(), front.end(), c,
                                  [](const Cand& a, const Cand& b) { return a.days < b.days; }),
                 c);
}

struct Partial {
    std::vector<Cand> top;  ///< best K, kept sorted
    std::vector<Cand> near; ///< K closest to meeting the limits among those that do not
    std::vector<Cand> pareto;
    std::map<double, Cand> byGpus;
    std::uint64_t evaluated = 0, pruned = 0, feasible = 0;
};

template <class Order>
void keepBest(std::vector<Cand>& top, const Cand& c, std::size_t k, Order order)
{
    if (top.size() >= k && !order(c, top.back()))
        return;
    top.insert(std::upper_bound(top.begin(), top.end(), c, order), c);
    if (top.size() > k)
        top.pop_back();
}

void keepTop(std::vector<Cand>& top, const Cand& c, std::size_t k)
{
    keepBest(top, c, k, better);
}

/// Excess of `value` over `bound` as a fraction of the bound (0 when within); probability
/// bounds below 1 % count as 1 %, so a 0 % limit does not make every excess infinite.
double excess(double value, double bound, bool probability)
{
    if (value <= bound)
        return 0;
    return (value - bound) / (probability ? std::max(bound, 0.01) : bound);
}

struct Search {
    const Scenario& s;
    const Catalog& cat;
    const SpaceBuilder& sb;
    const OptimiserConstraints& c;
    std::size_t keep;
    double currentGpus = 0; ///< the phase's GPUs when the space does not vary them
    std::uint64_t outerCount = 1;
    std::uint64_t innerCount = 1;

    /// Remembers a priced, evaluable candidate that breaks a limit, by its shortfall.
    void nearMiss(const Estimate& e, std::uint64_t code, double gpus, Partial& out) const
    {
        Cand cd;
        cd.code = code;
        cd.total = e.total;
        cd.days = e.wall_hours / 24.0;
        cd.gpus = gpus;
        cd.shortfall = excess(e.oom.probability, c.max_oom, true) +
                       excess(e.unrecoverable.probability, c.max_run_lost, true) +
                       (c.deadline_days > 0 ? excess(cd.days, c.deadline_days, false) : 0) +
                       (c.budget > 0 ? excess(cd.total, c.budget, false) : 0);
        if (out.near.size() >= keep && !closer(cd, out.near.back()))
            return; // before planRisks: most misses stop here
        cd.risks = planRisks(e);
        keepBest(out.near, cd, keep, closer);
    }

    bool screen(const Estimate& e) const
    {
        return e.oom.probability <= c.max_oom && e.unrecoverable.probability <= c.max_run_lost &&
               (c.deadline_days <= 0 || e.wall_hours / 24.0 <= c.deadline_days) &&
               (c.budget <= 0 || e.total <= c.budget);
    }

    double gpusOf(std::uint64_t outer) const
    {
        for (std::size_t d = sb.outer.size(); d-- > 0;) {
            const std::uint64_t n = sb.outer[d].size();
            const Option& o = sb.outer[d][outer % n];
            outer /= n;
            if (o.gpus >= 0)
                return o.gpus;
        }
        return -1;
    }

    void applyOuter(Scenario& w, std::uint64_t outer) const
    {
        for (std::size_t d = sb.outer.size(); d-- > 0;) {
            const std::uint64_t n = sb.outer[d].size();
            apply(w, sb.outer[d][outer % n]);
            outer /= n;
        }
    }

    void run(int thread, int threads, const AnalysisControl& control, Partial& out) const
    {
        Scenario w = s;
        const std::uint64_t nm = sb.microBatch.size(), nr = sb.recompute.size();
        for (std::uint64_t o = std::uint64_t(thread); o < outerCount; o += std::uint64_t(threads)) {
            if (control.cancelled())
                return;
            if (thread == 0 && (o % 64) == 0)
                control.report(double(o) / double(outerCount));
            applyOuter(w, o);
            const double g = gpusOf(o);
            bool dead = false;
            for (std::uint64_t mi = 0; mi < nm && !dead; ++mi) {
                apply(w, sb.microBatch[mi]);
                for (std::uint64_t ri = 0; ri < nr; ++ri) {
                    apply(w, sb.recompute[ri]);
                    const Estimate e = evaluate(w, cat);
                    ++out.evaluated;
                    const std::uint64_t remainingInner = (nm - mi) * nr - ri - 1;
                    // An accelerator without a price cannot be ranked by cost: every inner
                    // candidate on it is unpriced too, so it is pruned like an impossible layout.
                    if (!e.ok || !e.priced) {
                        if (mi == 0 && ri == 0) { // layout impossible at the smallest batch
                            out.pruned += remainingInner;
                            dead = true;
                            break;
                        }
                        continue;
                    }
                    const std::uint64_t code = (o * nm + mi) * nr + ri;
                    const double gpus = g >= 0 ? g : currentGpus;
                    if (!screen(e))
                        nearMiss(e, code, gpus, out);
                    if (e.unrecoverable.probability > c.max_run_lost) {
                        // Micro-batch and recompute do not move the run-lost risk.
                        out.pruned += remainingInner;
                        dead = true;
                        break;
                    }
                    if (e.oom.probability > c.max_oom) {
                        if (ri == 0) { // even the most recompute runs out: so will larger batches
                            out.pruned += remainingInner;
                            dead = true;
                        } else {
                            out.pruned += nr - ri - 1; // less recompute keeps more activations
                        }
                        break;
                    }
                    if (!screen(e))
                        continue;
                    ++out.feasible;
                    Cand cd;
                    cd.code = code;
                    cd.total = e.total;
                    cd.days = e.wall_hours / 24.0;
                    cd.gpus = gpus;
                    cd.risks = planRisks(e);
                    keepTop(out.top, cd, keep);
                    paretoInsert(out.pareto, cd);
                    auto it = out.byGpus.find(cd.gpus);
                    if (it == out.byGpus.end() || better(cd, it->second))
                        out.byGpus[cd.gpus] = cd;
                }
            }
        }
    }

    /// The scenario of candidate `code`.
    Scenario scenarioOf(std::uint64_t code) const
    {
        Scenario w = s;
        const std::uint64_t nm = sb.microBatch.size(), nr = sb.recompute.size();
        const std::uint64_t ri = code % nr, mi = (code / nr) % nm, o = code / nr / nm;
        applyOuter(w, o);
        apply(w, sb.microBatch[mi]);
        apply(w, sb.recompute[ri]);
        return w;
    }

    std::vector<SummaryPart> summaryOf(std::uint64_t code) const
    {
        const std::uint64_t nm = sb.microBatch.size(), nr = sb.recompute.size();
        const std::uint64_t ri = code % nr, mi = (code / nr) % nm;
        std::uint64_t o = code / nr / nm;
        std::vector<const Parts*> parts;
        for (std::size_t d = sb.outer.size(); d-- > 0;) {
            const std::uint64_t n = sb.outer[d].size();
            parts.insert(parts.begin(), &sb.outer[d][o % n].label);
            o /= n;
        }
        parts.push_back(&sb.microBatch[mi].label);
        parts.push_back(&sb.recompute[ri].label);
        std::vector<SummaryPart> out;
        for (const Parts* p : parts)
            out.insert(out.end(), p->begin(), p->end());
        return out;
    }
};

/// The registry changes that turn `from` into `to` over the inputs the space touches.
std::vector<ParamChange> changesBetween(const Scenario& from, const Scenario& to,
                                        const SpaceBuilder& sb)
{
    std::vector<ParamRef> refs;
    auto addRefs = [&refs](const Dim& d) {
        for (const Option& o : d)
            for (const Assign& a : o.set)
                if (a.ref.valid() &&
                    std::none_of(refs.begin(), refs.end(), [&a](const ParamRef& r) {
                        return r.def == a.ref.def && r.phase == a.ref.phase;
                    }))
                    refs.push_back(a.ref);
    };
    for (const Dim& d : sb.outer)
        addRefs(d);
    addRefs(sb.microBatch);
    addRefs(sb.recompute);
    std::vector<ParamChange> out;
    for (const ParamRef& r : refs) {
        const std::string a = getString(from, r), b = getString(to, r);
        if (a != b)
            out.push_back({fullId(to, r), b});
    }
    return out;
}

OptimiserPlan planOf(const Scenario& base, const Scenario& w, const Catalog& cat,
                     const SpaceBuilder& sb, double gpus)
{
    OptimiserPlan p;
    const Estimate e = evaluate(w, cat);
    p.changes = changesBetween(base, w, sb);
    p.total = e.total;
    p.days = e.wall_hours / 24.0;
    p.gpus = gpus;
    p.risks = planRisks(e);
    return p;
}

void score(OptimiserPlan& p, const Scenario& w, const Catalog& cat, const OptimiserOptions& o)
{
    if (o.monte_carlo_runs <= 0)
        return;
    MonteCarloOptions mo;
    mo.runs = o.monte_carlo_runs;
    const MonteCarloResult r = monteCarlo(w, cat, mo);
    if (!r.error.empty())
        return;
    p.scored = true;
    p.p50 = r.cost.p50;
    p.p90 = r.cost.p90;
    p.p90_days = r.days.p90;
    const OptimiserConstraints& c = o.constraints;
    p.meets_p90 = (c.deadline_days <= 0 || p.p90_days <= c.deadline_days) &&
                  (c.budget <= 0 || p.p90 <= c.budget);
}

double objectiveOf(const OptimiserPlan& p, Objective o)
{
    return o == Objective::P90 && p.scored ? p.p90 : p.total;
}

std::string checkOptions(const OptimiserOptions& o)
{
    if (o.top_n < 1 || o.top_n > 1000)
        return "top_n must be between 1 and 1000";
    if (o.monte_carlo_top_k < 0 || o.monte_carlo_top_k > 1000)
        return "monte_carlo_top_k must be between 0 and 1000";
    if (o.monte_carlo_top_k > 0 && (o.monte_carlo_runs < 100 || o.monte_carlo_runs > 100000))
        return "monte_carlo_runs must be between 100 and 100000";
    if (o.threads < 1 || o.threads > 64)
        return "threads must be between 1 and 64";
    const OptimiserConstraints& c = o.constraints;
    if (!(c.max_oom >= 0 && c.max_oom <= 1) || !(c.max_run_lost >= 0 && c.max_run_lost <= 1))
        return "probability limits must be between 0 and 1";
    if (!(c.deadline_days >= 0) || !(c.budget >= 0))
        return "deadline and budget must be 0 (none) or positive";
    return {};
}

} // namespace

int defaultOptimiserPhase(const Scenario& s, const Catalog& cat)
{
    const Estimate e = evaluate(s, cat);
    int best = -1;
    for (int i = 0; i < int(s.phases.size()) && i < int(e.phases.size()); ++i) {
        const PhaseKind k = s.phases[std::size_t(i)].kind;
        if (k == PhaseKind::Evaluation)
            continue;
        if (best < 0 || e.phases[std::size_t(i)].total > e.phases[std::size_t(best)].total)
            best = i;
    }
    return best;
}

std::string summaryPartText(const SummaryPart& part)
{
    // One left-to-right pass, so an argument that itself holds "%1" stays as it is.
    const std::string_view pat = part.pattern ? part.pattern : "";
    std::string out;
    for (std::size_t i = 0; i < pat.size(); ++i) {
        if (pat[i] == '%' && i + 1 < pat.size() && pat[i + 1] >= '1' && pat[i + 1] <= '9') {
            const std::size_t n = std::size_t(pat[i + 1] - '1');
            out += n < part.args.size() ? part.args[n] : std::string(pat.substr(i, 2));
            ++i;
        } else {
            out += pat[i];
        }
    }
    return out;
}

std::string summaryText(const std::vector<SummaryPart>& parts)
{
    std::string out;
    for (const SummaryPart& p : parts)
        out += (out.empty() ? "" : " · ") + summaryPartText(p);
    return out;
}

OptimiserSpace defaultOptimiserSpace(const Scenario& s, const Catalog& cat, int phase)
{
    OptimiserSpace sp;
    if (phase < 0 || phase >= int(s.phases.size()))
        return sp;
    const Phase& p = s.phases[std::size_t(phase)];
    sp.checkpoint_interval_h = {0};
    if (!s.reliability.checkpoint_auto)
        sp.checkpoint_interval_h.push_back(s.reliability.checkpoint_interval_h);
    const double node = std::max(1.0, s.reliability.gpus_per_node);
    auto around = [node](double n) {
        std::vector<double> out;
        for (double f : {0.25, 0.5, 1.0, 2.0, 4.0}) {
            double g = f == 1.0 ? n : std::max(node, std::round(n * f / node) * node);
            if (n < node)
                g = std::max(1.0, std::round(n * f));
            if (std::find(out.begin(), out.end(), g) == out.end())
                out.push_back(g);
        }
        return out;
    };
    if (p.kind == PhaseKind::Pretrain) {
        sp.gpus = around(p.gpus);
        if (p.model.experts > 0) {
            sp.ep.clear();
            for (double e = 1; e <= std::min(64.0, p.model.experts); e *= 2)
                sp.ep.push_back(e);
        }
        if (p.pretrain.seq_len >= 16384)
            sp.cp = {1, 2, 4};
        if (hasLongStage(p.pretrain))
            sp.long_cp = {0, 2, 4, 8, 16};
    } else if (p.kind == PhaseKind::RlPosttrain) {
        const double pool = p.rl.placement == Placement::Colocated
                                ? p.rl.trainer_gpus
                                : p.rl.trainer_gpus + p.rl.rollout_gpus;
        sp.gpus.clear();
        for (double f : {0.5, 1.0, 2.0}) {
            const double g = f == 1.0 ? pool : std::max(1.0, std::round(pool * f));
            if (std::find(sp.gpus.begin(), sp.gpus.end(), g) == sp.gpus.end())
                sp.gpus.push_back(g);
        }
        sp.micro_batch = {1, 2, 4};
        for (const InstanceType& i : cat.instances)
            if (i.gpus <= 0)
                sp.env_instances.push_back(i.id);
    }
    return sp;
}

OptimiserResult optimise(const Scenario& s, const Catalog& cat, const OptimiserSpace& space,
                         const OptimiserOptions& opt, const AnalysisControl& control)
{
    OptimiserResult r;
    r.error = checkOptions(opt);
    if (!r.error.empty())
        return r;
    const Estimate base = evaluate(s, cat);
    if (!base.ok) {
        r.error = "the plan cannot be evaluated; fix its warnings first";
        return r;
    }
    if (!base.priced) {
        r.error = "the plan is not priced (an accelerator has no price in the catalog); the "
                  "search ranks plans by cost";
        return r;
    }
    const int phase = opt.phase >= 0 ? opt.phase : defaultOptimiserPhase(s, cat);
    if (phase < 0 || phase >= int(s.phases.size()) ||
        s.phases[std::size_t(phase)].kind == PhaseKind::Evaluation) {
        r.error = "no pre-training or RL phase to optimise";
        return r;
    }
    r.phase = phase;
    SpaceBuilder sb(s, cat, phase);
    if (s.phases[std::size_t(phase)].kind == PhaseKind::Pretrain)
        sb.pretrain(space);
    else
        sb.rl(space);
    const std::size_t keep = std::size_t(std::max(opt.top_n, opt.monte_carlo_top_k));
    Search search{s, cat, sb, opt.constraints, keep};
    {
        const Phase& p = s.phases[std::size_t(phase)];
        search.currentGpus =
            p.kind == PhaseKind::Pretrain
                ? p.gpus
                : (p.rl.placement == Placement::Colocated ? p.rl.trainer_gpus
                                                          : p.rl.trainer_gpus + p.rl.rollout_gpus);
    }
    for (const Dim& d : sb.outer)
        search.outerCount *= d.size();
    search.innerCount = sb.microBatch.size() * sb.recompute.size();
    r.candidates = search.outerCount * search.innerCount;

    std::vector<Partial> parts(std::size_t(opt.threads));
    if (opt.threads == 1) {
        search.run(0, 1, control, parts[0]);
    } else {
        std::vector<std::thread> pool;
        for (int t = 0; t < opt.threads; ++t)
            pool.emplace_back(
                [&, t] { search.run(t, opt.threads, control, parts[std::size_t(t)]); });
        for (std::thread& t : pool)
            t.join();
    }
    if (control.cancelled()) {
        r.cancelled = true;
        return r;
    }
    // Merge in a thread-independent order.
    std::vector<Cand> top, front, near;
    std::map<double, Cand> byGpus;
    for (const Partial& p : parts) {
        r.evaluated += p.evaluated;
        r.pruned += p.pruned;
        r.feasible += p.feasible;
        for (const Cand& c : p.top)
            keepTop(top, c, keep);
        for (const Cand& c : p.near)
            keepBest(near, c, keep, closer);
        for (const Cand& c : p.pareto)
            paretoInsert(front, c);
        for (const auto& [g, c] : p.byGpus) {
            auto it = byGpus.find(g);
            if (it == byGpus.end() || better(c, it->second))
                byGpus[g] = c;
        }
    }

    // The current plan, on the same footing.
    r.current = planOf(s, s, cat, sb, search.currentGpus);
    r.current.summary_parts = part(QT_TRANSLATE_NOOP("costlab::Optimiser", "current plan"));
    r.current.summary = summaryText(r.current.summary_parts);
    score(r.current, s, cat, opt);

    auto plan = [&](const Cand& c) {
        OptimiserPlan p = planOf(s, search.scenarioOf(c.code), cat, sb, c.gpus);
        p.summary_parts = search.summaryOf(c.code);
        p.summary = summaryText(p.summary_parts);
        return p;
    };
    std::vector<OptimiserPlan> ranked;
    for (std::size_t i = 0; i < top.size(); ++i) {
        OptimiserPlan p = plan(top[i]);
        if (int(i) < opt.monte_carlo_top_k)
            score(p, search.scenarioOf(top[i].code), cat, opt);
        ranked.push_back(std::move(p));
    }
    // Scored plans that fail a P90 constraint drop out (they are the nearest misses if no
    // plan is left); the rest by the objective (unscored plans rank by expected cost after
    // the scored ones when the objective is P90).
    std::vector<OptimiserPlan> missed;
    for (OptimiserPlan& p : ranked)
        if (!p.meets_p90)
            missed.push_back(p);
    std::erase_if(ranked, [](const OptimiserPlan& p) { return !p.meets_p90; });
    std::stable_sort(ranked.begin(), ranked.end(),
                     [&opt](const OptimiserPlan& a, const OptimiserPlan& b) {
                         if (opt.objective == Objective::P90 && a.scored != b.scored)
                             return a.scored;
                         return objectiveOf(a, opt.objective) < objectiveOf(b, opt.objective);
                     });
    if (ranked.size() > std::size_t(opt.top_n))
        ranked.resize(std::size_t(opt.top_n));
    r.found = !ranked.empty();
    if (r.found)
        r.best = ranked.front();
    r.top = std::move(ranked);
    for (const Cand& c : front)
        r.pareto.push_back(plan(c));
    for (const auto& [g, c] : byGpus)
        r.by_gpus.push_back(plan(c));
    if (!r.found) {
        for (std::size_t i = 0; i < near.size(); ++i) {
            OptimiserPlan p = plan(near[i]);
            if (int(i) < opt.monte_carlo_top_k)
                score(p, search.scenarioOf(near[i].code), cat, opt);
            missed.push_back(std::move(p));
        }
        for (OptimiserPlan& p : missed)
            p.broken = brokenLimits(p, opt.constraints, &p.shortfall);
        std::stable_sort(missed.begin(), missed.end(),
                         [](const OptimiserPlan& a, const OptimiserPlan& b) {
                             return a.shortfall < b.shortfall ||
                                    (a.shortfall == b.shortfall && a.total < b.total);
                         });
        if (missed.size() > std::size_t(opt.top_n))
            missed.resize(std::size_t(opt.top_n));
        r.nearest = std::move(missed);
    }
    control.report(1.0);
    return r;
}

const OptimiserLimitInfo& limitInfo(OptimiserLimit limit)
{
    using U = OptimiserLimitInfo::Unit;
    static const OptimiserLimitInfo kLimits[] = {
        {OptimiserLimit::OutOfMemory, "max_oom", QT_TRANSLATE_NOOP("costlab::Optimiser", "P(OOM)"),
         QT_TRANSLATE_NOOP("costlab::Optimiser", "P(OOM)"), U::Probability},
        {OptimiserLimit::RunLost, "max_run_lost",
         QT_TRANSLATE_NOOP("costlab::Optimiser", "P(run lost)"),
         QT_TRANSLATE_NOOP("costlab::Optimiser", "P(run lost)"), U::Probability},
        {OptimiserLimit::Deadline, "deadline_days", QT_TRANSLATE_NOOP("costlab::Optimiser", "days"),
         QT_TRANSLATE_NOOP("costlab::Optimiser", "P90 days"), U::Days},
        {OptimiserLimit::Budget, "budget", QT_TRANSLATE_NOOP("costlab::Optimiser", "cost"),
         QT_TRANSLATE_NOOP("costlab::Optimiser", "P90 cost"), U::Money},
    };
    return kLimits[std::size_t(limit)];
}

std::vector<BrokenLimit> brokenLimits(const OptimiserPlan& p, const OptimiserConstraints& c,
                                      double* shortfall)
{
    std::vector<BrokenLimit> out;
    double sum = 0;
    const auto check = [&](OptimiserLimit which, double value, double bound, bool probability) {
        if (const double x = excess(value, bound, probability); x > 0) {
            out.push_back({which, value, bound, p.scored && !probability});
            sum += x;
        }
    };
    check(OptimiserLimit::OutOfMemory, p.risks[std::size_t(RiskKind::Oom)].probability, c.max_oom,
          true);
    check(OptimiserLimit::RunLost, p.risks[std::size_t(RiskKind::Unrecoverable)].probability,
          c.max_run_lost, true);
    if (c.deadline_days > 0)
        check(OptimiserLimit::Deadline, p.scored ? p.p90_days : p.days, c.deadline_days, false);
    if (c.budget > 0)
        check(OptimiserLimit::Budget, p.scored ? p.p90 : p.total, c.budget, false);
    if (shortfall)
        *shortfall = sum;
    return out;
}

} // namespace costlab
