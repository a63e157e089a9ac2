// costlab-cli fit (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "curvecsv.h"
#include "files.h"
#include "fit.h"
#include "registry.h"
#include "textformat.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpFit()
{
    return "Usage: costlab-cli fit CURVES.csv [--kind loss|score] [--series NAME]\n"
           "                       [--params N] [--tokens-per-step T] [--exclude-below C]\n"
           "                       [--iterations] [--step-gpu-hours H] [--target X]\n"
           "\n"
           "Fit a scaling law to your own small runs (issue 46; docs/model-reference.md\n"
           "§11.3) and print it with a bootstrap P10-P90 of each parameter, the residuals,\n"
           "and the --set options that put it into a plan (then size a phase by a target:\n"
           "costlab-cli target PLAN --set ...).\n"
           "\n"
           "CURVES.csv is a Weights & Biases chart export (\"Step\",\"<run> - <metric>\"; the\n"
           "__MIN/__MAX columns are ignored), a TensorBoard export (Wall time,Step,Value), a\n"
           "plain x,y file, or a plain params,tokens,loss file with runs at several sizes.\n"
           "\n"
           "Options:\n"
           "  --kind loss        (default) fit L = E + A/N^alpha + B/D^beta; x is tokens, or\n"
           "                     steps with --tokens-per-step; one model size needs --params\n"
           "                     and fits E + B/D^beta at that size\n"
           "  --kind score       fit R = R0 + (A - R0)/(1 + (C_mid/C)^B); x is compute\n"
           "                     (GPU-hours or iterations), y a pass rate in 0-1\n"
           "  --series NAME      the W&B column to fit (a run name or part of it; default the\n"
           "                     first)\n"
           "  --params N         model size of a single-size curve, parameters\n"
           "  --tokens-per-step T  x counts steps of T tokens each\n"
           "  --iterations       (score) x counts RL iterations, not GPU-hours\n"
           "  --step-gpu-hours H (score) GPU-hours one policy step of the runs took; the\n"
           "                     curve's GPU-hours over H are the iterations a target needs\n"
           "                     (default 0: the plan's own GPU-hours per iteration)\n"
           "  --exclude-below C  leave out points at or below C (the early noisy regime;\n"
           "                     Khatri et al. 2025 fit after ~1,500 GPU-hours); default 0\n"
           "  --target X         also print what the target loss (at --params, or the largest\n"
           "                     size fitted) or score needs, and its sigma\n"
           "\n" +
           std::string(kExitCodesHelp);
}

namespace {

const CurveSeries& pickSeries(const CurveFile& f, const Args& a)
{
    const auto name = a.one("series");
    if (!name)
        return f.series.front();
    for (const CurveSeries& s : f.series)
        if (s.name == *name)
            return s;
    for (const CurveSeries& s : f.series) // the run's name alone ("gpt2" of "gpt2 - train/loss")
        if (s.name.substr(0, s.name.find(" - ")) == *name)
            return s;
    for (const CurveSeries& s : f.series)
        if (s.name.find(*name) != std::string::npos)
            return s;
    std::string known;
    for (const CurveSeries& s : f.series)
        known += "\n  " + printable(s.name);
    throw Failure{Usage,
                  "costlab-cli fit: no series '" + printable(*name) + "'; the file has:" + known};
}

/// "--set KIND.key=value" for each phase-relative change, space-separated.
std::string setOptions(const std::string& kind, const std::vector<ParamChange>& changes)
{
    std::string out;
    for (const ParamChange& c : changes)
        out += (out.empty() ? "" : " ") + std::string("--set ") + kind + "." + c.id + "=" + c.text;
    return out;
}

std::string band(double v, double lo, double hi)
{
    return general(v) + "  (P10 " + general(lo) + ", P90 " + general(hi) + ")";
}

int fitLoss(const CurveFile& f, const Args& a)
{
    std::vector<LossPoint> pts;
    const double perStep = numberOption("fit", a, "tokens-per-step", 1, 1e12, 1, "tokens");
    const double params = numberOption("fit", a, "params", 0, 1e15, 0, "parameters");
    if (f.format == CurveFormat::PlainSized) {
        for (const CurveSeries& s : f.series)
            for (std::size_t i = 0; i < s.x.size(); ++i)
                if (s.x[i] > 0)
                    pts.push_back({s.params, s.x[i] * perStep, s.y[i]});
    } else {
        if (!(params > 0))
            throw Failure{Usage, "costlab-cli fit: a single curve needs --params N (its model "
                                 "size in parameters)"};
        const CurveSeries& s = pickSeries(f, a);
        for (std::size_t i = 0; i < s.x.size(); ++i)
            if (s.x[i] > 0)
                pts.push_back({params, s.x[i] * perStep, s.y[i]});
    }
    const LossLawFit fit = fitLossLaw(pts);
    if (fit.problem != FitProblem::None)
        throw Failure{InvalidInput, "costlab-cli fit: " +
                                        fitProblemText(fit.problem, fit.needed, int(pts.size()))};
    const LossLaw& l = fit.law;
    double atN = params;
    for (const LossPoint& p : pts)
        atN = params > 0 ? params : std::max(atN, p.params);
    const auto target = a.one("target");
    const double tl = target ? numberOption("fit", a, "target", 0, 100, 0, "nats") : 0;
    const double need = tl > 0 ? tokensForLoss(l, atN, tl) : 0;
    const double sigma = tl > 0 ? neededTokensSigma(fit, atN, tl) : 0;
    std::cout << "Loss law fitted to " << fit.quality.points << " points"
              << (fit.single_size ? " at one model size (" + metric(fit.params_fitted) +
                                        " parameters: E includes A/N^alpha)"
                                  : "")
              << "\n"
              << keyValues({{"E", band(l.E, fit.low.E, fit.high.E)},
                            {"A", band(l.A, fit.low.A, fit.high.A)},
                            {"B", band(l.B, fit.low.B, fit.high.B)},
                            {"alpha", band(l.alpha, fit.low.alpha, fit.high.alpha)},
                            {"beta", band(l.beta, fit.low.beta, fit.high.beta)},
                            {"rmse", number(fit.quality.rmse, 4) + " nats"},
                            {"largest residual", number(fit.quality.max_residual, 4) + " nats"}},
                           2);
    if (tl > 0) {
        std::string what = std::isfinite(need)
                               ? metric(need) + " (sigma " + number(sigma, 3) + " in ln D)"
                               : "unreachable: below the floor " + number(lossFloor(l, atN), 4);
        if (std::isfinite(need) && std::isinf(sigma))
            what = metric(need) + ", but unreachable in more than a fifth of the bootstrap "
                                  "resamples: the fit cannot size this target reliably";
        std::cout << keyValues({{"tokens for loss " + number(tl, 3) + " at " + metric(atN), what}},
                               2);
    }
    std::cout << "\nPut it into a plan with:\n  " << setOptions("pretrain", lossLawChanges(fit));
    std::cout << "\n";
    return Ok;
}

int fitScore(const CurveFile& f, const Args& a)
{
    const CurveSeries& s = pickSeries(f, a);
    std::vector<ScorePoint> pts;
    for (std::size_t i = 0; i < s.x.size(); ++i)
        pts.push_back({s.x[i], s.y[i]});
    FitOptions o;
    o.exclude_below = numberOption("fit", a, "exclude-below", 0, 1e15, 0, "compute");
    const double stepGpuHours = numberOption("fit", a, "step-gpu-hours", 0, 1e7, 0, "GPU-hours");
    const RlCurveFit fit = fitRlCurve(pts, o);
    if (fit.problem != FitProblem::None)
        throw Failure{InvalidInput,
                      "costlab-cli fit: " + fitProblemText(fit.problem, fit.needed,
                                                           int(pts.size()) - fit.quality.excluded)};
    const RlCurve& c = fit.curve;
    const double ts = a.one("target") ? numberOption("fit", a, "target", 0, 1, 0, "0-1") : 0;
    std::cout << "RL curve fitted to " << fit.quality.points << " points (" << fit.quality.excluded
              << " in the early regime left out)\n"
              << keyValues({{"A (asymptote)", band(c.A, fit.low.A, fit.high.A)},
                            {"B (efficiency)", band(c.B, fit.low.B, fit.high.B)},
                            {"C_mid", band(c.C_mid, fit.low.C_mid, fit.high.C_mid)},
                            {"R0", band(c.R0, fit.low.R0, fit.high.R0)},
                            {"rmse", number(fit.quality.rmse, 4)}},
                           2);
    if (ts > 0) {
        const double need = rlComputeForScore(c, ts);
        const double sigma = neededComputeSigma(fit, ts);
        std::string what = std::isfinite(need)
                               ? general(need) + " (sigma " + number(sigma, 3) + " in ln C)"
                               : "unreachable: at or above A";
        if (std::isfinite(need) && std::isinf(sigma))
            what = general(need) + ", but unreachable in more than a fifth of the bootstrap "
                                   "resamples: the fit cannot size this target reliably";
        std::cout << keyValues({{"compute for score " + number(ts, 3), what}}, 2);
    }
    const bool iterations = a.has("iterations");
    std::cout << "\nPut it into a plan with:\n  "
              << setOptions("rl", rlCurveChanges(fit,
                                                 iterations ? RlComputeUnit::Iterations
                                                            : RlComputeUnit::GpuHours,
                                                 stepGpuHours))
              << "\n";
    if (!iterations)
        std::cout << "(x counts GPU-hours; with --iterations it counts RL iterations, and "
                     "--step-gpu-hours H gives the GPU-hours one step of the runs took, else "
                     "the plan's own are used)\n";
    return Ok;
}

} // namespace

int runFit(const std::vector<std::string>& argv, const char*)
{
    const Args a = parseArgs("fit", argv,
                             {{"kind", true},
                              {"series", true},
                              {"params", true},
                              {"tokens-per-step", true},
                              {"exclude-below", true},
                              {"iterations", false},
                              {"step-gpu-hours", true},
                              {"target", true}});
    if (a.help) {
        std::cout << helpFit();
        return Ok;
    }
    if (a.positional.size() != 1)
        throw Failure{Usage, "costlab-cli fit: give one CURVES.csv\nRun 'costlab-cli fit --help' "
                             "for usage."};
    const std::string kind = a.one("kind").value_or("loss");
    if (kind != "loss" && kind != "score")
        throw Failure{Usage,
                      "costlab-cli fit: --kind is loss or score, not '" + printable(kind) + "'"};
    std::string readError;
    const auto text = readFile(a.positional[0], readError);
    if (!text)
        throw Failure{IoError, printable(a.positional[0]) + ": " + readError};
    const CurveFile f = readCurveCsv(*text);
    if (!f.error.empty())
        throw Failure{InvalidInput, printable(a.positional[0]) + ": " + printable(f.error)};
    return kind == "loss" ? fitLoss(f, a) : fitScore(f, a);
}

} // namespace costlab::cli
