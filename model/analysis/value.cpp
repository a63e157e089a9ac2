#include "value.h"

#include "montecarlo.h"
#include "scaling.h"
#include "trnoop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace costlab {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

int lastPhaseOf(const Scenario& s, PhaseKind kind, std::size_t before)
{
    for (std::size_t i = std::min(before, s.phases.size()); i-- > 0;)
        if (s.phases[i].kind == kind &&
            (kind != PhaseKind::Pretrain || s.phases[i].pretrain.score_map.on()))
            return int(i);
    return -1;
}

/// The score an RL phase reaches with its counted iterations: the curve's compute is the
/// iterations times the GPU-hours one policy step took in the curve's runs (scaling.h
/// rlStepsForCompute, inverted), or this phase's own GPU-hours per iteration when the runs
/// give none.
double rlScoreOfCount(const Phase& p, const PhaseEstimate& pe, const RlCurve& curve)
{
    const RlCurvePreset* preset = chosenRlCurve(p.rl.rl_curve);
    const double iterations = std::max(1.0, p.rl.iterations);
    double perStep = 1; // a curve in iterations
    if (preset)
        perStep = preset->step_gpu_hours;
    else if (p.rl.curve_unit == RlComputeUnit::GpuHours)
        perStep = p.rl.curve_step_gpu_hours > 0 ? p.rl.curve_step_gpu_hours
                                                : pe.ideal_gpu_hours / iterations;
    return rlScoreAt(curve, iterations * perStep);
}

// ---- The tornado's assumptions ----------------------------------------------------------

/// The phase's law as custom values (a preset's own, with its σ and fitted range), so one
/// of them can move.
void toCustomLaw(PretrainInputs& in)
{
    const auto laws = lossLaws();
    const auto i = static_cast<std::size_t>(std::max(0.0, std::round(in.loss_law)));
    if (i >= laws.size())
        return;
    const LossLawPreset& p = laws[i];
    in.law = p.law;
    in.law_sigma = p.e_sigma;
    in.law_fit_n_min = p.n_min;
    in.law_fit_n_max = p.n_max;
    in.law_fit_d_min = p.d_min;
    in.law_fit_d_max = p.d_max;
    in.loss_law = double(laws.size());
}

void toCustomCurve(RlInputs& in)
{
    const RlCurvePreset* p = chosenRlCurve(in.rl_curve);
    if (!p)
        return;
    in.curve = {.A = p->curve.A, .B = p->curve.B, .C_mid = p->curve.C_mid, .R0 = in.curve.R0};
    in.curve_unit = RlComputeUnit::GpuHours;
    in.curve_step_gpu_hours = p->step_gpu_hours;
    in.curve_sigma = p->a_sigma;
    in.curve_fit_c_min = p->c_min;
    in.curve_fit_c_max = p->c_max;
    in.rl_curve = double(rlCurves().size());
}

/// Applies `move` to every phase of `kind` (pre-training: with a law or score map in use).
template <typename Move> bool eachPhase(Scenario& s, PhaseKind kind, Move move)
{
    bool any = false;
    for (Phase& p : s.phases)
        if (p.kind == kind) {
            move(p);
            any = true;
        }
    return any;
}

bool moveLawE(Scenario& s, double sign)
{
    return eachPhase(s, PhaseKind::Pretrain, [&](Phase& p) {
        toCustomLaw(p.pretrain);
        // One standard error of E: the law's own (Besiroglu et al. 2024: 0.026), or 0.026.
        const double se = p.pretrain.law_sigma > 0 ? p.pretrain.law_sigma : 0.026;
        p.pretrain.law.E += sign * se;
    });
}
template <typename Move> bool eachScoreMap(Scenario& s, Move move)
{
    bool any = false;
    for (Phase& p : s.phases)
        if (p.kind == PhaseKind::Pretrain && p.pretrain.score_map.on()) {
            move(p.pretrain.score_map);
            any = true;
        }
    return any;
}
bool moveMapMid(Scenario& s, double sign)
{
    return eachScoreMap(s, [&](ScoreMap& m) { m.mid += 0.02 * sign; });
}
bool moveMapSlope(Scenario& s, double sign)
{
    return eachScoreMap(s, [&](ScoreMap& m) { m.slope *= 1 + 0.2 * sign; });
}
bool moveCurveA(Scenario& s, double sign)
{
    return eachPhase(s, PhaseKind::RlPosttrain, [&](Phase& p) {
        toCustomCurve(p.rl);
        p.rl.curve.A = std::clamp(p.rl.curve.A + 0.02 * sign, 0.0, 1.0);
    });
}
bool moveCurveB(Scenario& s, double sign)
{
    return eachPhase(s, PhaseKind::RlPosttrain, [&](Phase& p) {
        toCustomCurve(p.rl);
        p.rl.curve.B *= 1 + 0.2 * sign;
    });
}
bool moveCurveMid(Scenario& s, double sign)
{
    return eachPhase(s, PhaseKind::RlPosttrain, [&](Phase& p) {
        toCustomCurve(p.rl);
        p.rl.curve.C_mid *= 1 + 0.2 * sign;
    });
}
bool moveR0(Scenario& s, double sign)
{
    // Only where R0 is typed: a base's score map sets it otherwise (and moves with the map).
    bool any = false;
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        Phase& p = s.phases[i];
        if (p.kind == PhaseKind::RlPosttrain && !std::isfinite(baseScore(s, i))) {
            p.rl.curve.R0 = std::clamp(p.rl.curve.R0 + 0.05 * sign, 0.0, 1.0);
            any = true;
        }
    }
    return any;
}

constexpr std::array kAssumptions{
    ValueAssumption{"law.e", QT_TRANSLATE_NOOP("costlab::Value", "Loss law: irreducible loss E"),
                    QT_TRANSLATE_NOOP("costlab::Value",
                                      "± one standard error (Besiroglu et al. 2024: 0.026 nats)"),
                    moveLawE},
    ValueAssumption{"score_map.mid",
                    QT_TRANSLATE_NOOP("costlab::Value", "Score map: midpoint loss"),
                    QT_TRANSLATE_NOOP("costlab::Value", "± 0.02 nats"), moveMapMid},
    ValueAssumption{"score_map.slope", QT_TRANSLATE_NOOP("costlab::Value", "Score map: slope k"),
                    QT_TRANSLATE_NOOP("costlab::Value", "± 20 %"), moveMapSlope},
    ValueAssumption{"curve.a", QT_TRANSLATE_NOOP("costlab::Value", "RL curve: asymptote A"),
                    QT_TRANSLATE_NOOP("costlab::Value",
                                      "± 0.02 (Khatri et al. 2025, A.5: the margin of a fitted A)"),
                    moveCurveA},
    ValueAssumption{"curve.b", QT_TRANSLATE_NOOP("costlab::Value", "RL curve: efficiency B"),
                    QT_TRANSLATE_NOOP("costlab::Value", "± 20 %"), moveCurveB},
    ValueAssumption{"curve.c_mid", QT_TRANSLATE_NOOP("costlab::Value", "RL curve: midpoint C_mid"),
                    QT_TRANSLATE_NOOP("costlab::Value", "± 20 %"), moveCurveMid},
    ValueAssumption{"curve.r0", QT_TRANSLATE_NOOP("costlab::Value", "RL start score R0 (typed)"),
                    QT_TRANSLATE_NOOP("costlab::Value", "± 0.05"), moveR0},
};

// ---- Costs on the score axis ------------------------------------------------------------

/// evaluate()'s total of plan `s` sized to reach `score` by `route`; NaN when it cannot.
double costAt(const Scenario& s, const Catalog& cat, const ValueRoute& route, double score,
              Estimate* out = nullptr)
{
    if (route.lever == ValueLever::None || !(score < route.bound))
        return kNaN;
    Estimate e = evaluate(planForScore(s, route, score), cat);
    const double total = e.ok ? e.total : kNaN;
    if (out)
        *out = std::move(e);
    return total;
}

struct Crossing {
    double score = kNaN;
    bool a_cheaper_below = false;
};

/// The first score on `grid` at which cost(a) − cost(b) changes sign, refined by bisection.
Crossing findCrossing(const Scenario& a, const Catalog& catA, const Scenario& b,
                      const Catalog& catB, const std::vector<double>& grid)
{
    const ValueRoute ra = valueRoute(a, catA), rb = valueRoute(b, catB);
    auto gap = [&](double s) { return costAt(a, catA, ra, s) - costAt(b, catB, rb, s); };
    double prevS = kNaN, prevG = kNaN;
    for (double s : grid) {
        const double g = gap(s);
        if (std::isfinite(g) && std::isfinite(prevG) && (g > 0) != (prevG > 0) && g != 0) {
            double lo = prevS, hi = s, glo = prevG;
            for (int i = 0; i < 30 && hi - lo > 1e-4; ++i) {
                const double mid = 0.5 * (lo + hi);
                const double gm = gap(mid);
                if (!std::isfinite(gm))
                    break;
                if ((gm > 0) == (glo > 0)) {
                    lo = mid;
                    glo = gm;
                } else {
                    hi = mid;
                }
            }
            return {.score = 0.5 * (lo + hi), .a_cheaper_below = prevG < 0};
        }
        if (std::isfinite(g)) {
            prevS = s;
            prevG = g;
        }
    }
    return {};
}

ValueCurve curveOn(const Scenario& s, const Catalog& cat, const std::vector<double>& grid,
                   const ValueComparisonOptions& opt, const AnalysisControl& control,
                   double doneBefore, double share, bool& cancelled)
{
    ValueCurve c{.route = valueRoute(s, cat), .points = {}};
    for (std::size_t i = 0; i < grid.size() && !cancelled; ++i) {
        ValuePoint pt{.score = grid[i]};
        Estimate e;
        pt.cost = costAt(s, cat, c.route, grid[i], &e);
        pt.reachable = std::isfinite(pt.cost);
        if (pt.reachable) {
            pt.days = e.wall_hours / 24.0;
            // No band where the Monte Carlo cannot run (a failure budget passed): NaN, not
            // the point estimate, so no chart draws a band of zero width there.
            pt.p10 = pt.p50 = pt.p90 = opt.mc_runs > 0 ? kNaN : pt.cost;
            if (opt.mc_runs > 0) {
                MonteCarloOptions mo;
                mo.runs = opt.mc_runs;
                const MonteCarloResult r = monteCarlo(planForScore(s, c.route, grid[i]), cat, mo);
                if (r.error.empty() && r.priced) {
                    pt.p10 = r.cost.p10;
                    pt.p50 = r.cost.p50;
                    pt.p90 = r.cost.p90;
                }
            }
        }
        c.points.push_back(pt);
        cancelled = control.cancelled();
        control.report(doneBefore + share * double(i + 1) / double(grid.size()));
    }
    return c;
}

} // namespace

std::span<const ValueAssumption> valueAssumptions()
{
    return kAssumptions;
}

ValueRoute valueRoute(const Scenario& s, const Catalog& cat)
{
    ValueRoute r;
    const Estimate e = evaluate(s, cat);
    if (!e.ok || e.phases.size() != s.phases.size()) {
        r.problem = ValueProblem::NotEvaluable;
        return r;
    }
    int rl = -1;
    for (std::size_t i = s.phases.size(); i-- > 0;)
        if (s.phases[i].kind == PhaseKind::RlPosttrain) {
            rl = int(i);
            break;
        }
    if (rl >= 0) {
        const Phase& p = s.phases[std::size_t(rl)];
        r.lever = ValueLever::RlScore;
        r.phase = rl;
        // The engine's own rule (engine.h baseScore): R0 from the base's loss where a
        // pre-training phase before it has a score map, else the typed R0.
        const RlCurve curve = phaseRlCurve(s, std::size_t(rl), &e);
        r.r0 = curve.R0;
        r.r0_from_base = std::isfinite(baseScore(s, std::size_t(rl), &e));
        r.start = r.r0;
        r.bound = curve.A;
        r.current = p.rl.target_score > 0 ? p.rl.target_score
                                          : rlScoreOfCount(p, e.phases[std::size_t(rl)], curve);
        return r;
    }
    const int pt = lastPhaseOf(s, PhaseKind::Pretrain, s.phases.size());
    if (pt < 0) {
        r.problem = ValueProblem::NoScore;
        return r;
    }
    const Phase sized = sizedPhase(s.phases[std::size_t(pt)], e.phases[std::size_t(pt)]);
    const ScoreMap& map = sized.pretrain.score_map;
    const LossLaw law = chosenLossLaw(sized.pretrain.loss_law, sized.pretrain.law);
    r.lever = ValueLever::PretrainLoss;
    r.phase = pt;
    r.current = scoreForLoss(map, phaseLoss(sized, sized.pretrain.tokens));
    r.start = scoreForLoss(map, phaseLoss(sized, sized.pretrain.tokens / 10));
    r.bound = scoreForLoss(map, lossFloor(law, lossLawParams(sized.model)));
    return r;
}

Scenario planForScore(const Scenario& s, const ValueRoute& route, double score)
{
    Scenario out = s;
    if (route.phase < 0 || std::size_t(route.phase) >= out.phases.size())
        return out;
    Phase& p = out.phases[std::size_t(route.phase)];
    if (route.lever == ValueLever::RlScore) {
        // A target of 0 means "sized by count": the smallest positive target is R0's own.
        p.rl.target_score = std::max(score, 1e-9);
        if (route.r0_from_base)
            p.rl.curve.R0 = route.r0;
    } else if (route.lever == ValueLever::PretrainLoss) {
        const double loss = lossForScore(p.pretrain.score_map, score);
        // A score the map never gives (at or beyond its floor or ceiling) is a loss no law
        // reaches: a target below every floor, which evaluate() refuses.
        p.pretrain.target_loss = std::isfinite(loss) && loss > 0 ? loss : 1e-9;
    }
    return out;
}

ValueComparison compareValue(const Scenario& a, const Catalog& catA, const Scenario& b,
                             const Catalog& catB, const ValueComparisonOptions& opt,
                             const AnalysisControl& control)
{
    ValueComparison out;
    out.crossing = kNaN;
    if (opt.points < 3 || opt.points > 400 || opt.mc_runs < 0 || opt.mc_runs > 100000) {
        out.error = "points must be 3–400 and Monte Carlo runs 0–100,000";
        return out;
    }
    const ValueRoute ra = valueRoute(a, catA), rb = valueRoute(b, catB);
    for (const auto& [route, name] : {std::pair{&ra, "first"}, std::pair{&rb, "second"}})
        if (route->lever == ValueLever::None) {
            out.failed_plan = route == &ra ? 0 : 1;
            out.problem = route->problem;
            out.error = std::string("the ") + name + " plan " +
                        (route->problem == ValueProblem::NotEvaluable
                             ? "cannot be evaluated"
                             : "has no score: no RL phase and no pre-training phase with a "
                               "score map");
            return out;
        }
    const double lo = std::min(ra.start, rb.start);
    const double hi = std::max(ra.bound, rb.bound);
    if (!(hi > lo)) {
        out.error = "the plans' scores span no range";
        return out;
    }
    // Just inside both ends: at a bound no training is enough.
    for (int k = 0; k < opt.points; ++k)
        out.grid.push_back(lo + (hi - lo) * (0.005 + 0.99 * double(k) / double(opt.points - 1)));

    bool cancelled = false;
    out.a = curveOn(a, catA, out.grid, opt, control, 0.0, 0.35, cancelled);
    out.b = curveOn(b, catB, out.grid, opt, control, 0.35, 0.35, cancelled);
    if (cancelled) {
        out.cancelled = true;
        return out;
    }
    const Crossing c = findCrossing(a, catA, b, catB, out.grid);
    out.crossing = c.score;
    out.a_cheaper_below = c.a_cheaper_below;

    const auto rows = valueAssumptions();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        ValueTornadoRow row{.assumption = &rows[i]};
        bool applies = false;
        for (double sign : {-1.0, 1.0}) {
            Scenario sa = a, sb = b;
            const bool any = rows[i].apply(sa, sign) | rows[i].apply(sb, sign);
            applies = applies || any;
            if (any) // an assumption neither plan has moves nothing: no search for it
                (sign < 0 ? row.low : row.high) = findCrossing(sa, catA, sb, catB, out.grid).score;
        }
        if (applies)
            out.tornado.push_back(row);
        if (control.cancelled()) {
            out.cancelled = true;
            return out;
        }
        control.report(0.7 + 0.3 * double(i + 1) / double(rows.size()));
    }
    // Largest move of the crossing first; a side that loses the crossing moves it by the
    // whole grid.
    const double span = out.grid.back() - out.grid.front();
    auto swing = [&](const ValueTornadoRow& r) {
        if (!std::isfinite(r.low) || !std::isfinite(r.high))
            return std::isfinite(out.crossing) ? span : 0.0;
        return std::abs(r.high - r.low);
    };
    std::stable_sort(out.tornado.begin(), out.tornado.end(),
                     [&](const auto& x, const auto& y) { return swing(x) > swing(y); });
    return out;
}

} // namespace costlab
