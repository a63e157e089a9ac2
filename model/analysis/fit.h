// Fitting the scaling laws of scaling.h to a user's own small runs (issue 46, item 3).
//
// Method: variable projection (Golub & Pereyra 1973). Both laws are linear in all but two
// parameters — the loss law in (E, A, B) once (α, β) are fixed, the RL curve in (R0, A) once
// (B, C_mid) are fixed — so the linear ones are solved exactly (least squares, bounded) for
// every value of the nonlinear pair, and only the pair is searched: a coarse grid first, since
// the Chinchilla objective has several local minima (Besiroglu et al. 2024 §3), then a
// Nelder–Mead simplex from the best grid point. The same approach is Open-Athena's analysis of
// Chinchilla fits (arXiv 2603.22339). No library in the Debian stack fits a two-parameter
// separable least squares problem better: GSL is GPL-licensed, Ceres and Eigen's unsupported
// Levenberg–Marquardt would bring a dependency for twenty lines of simplex (docs/architecture.md).
//
// Uncertainty: a case-resampling bootstrap (Efron & Tibshirani 1993, ch. 6) with a fixed seed,
// so the same points always give the same interval.
#pragma once

#include "paramchange.h"
#include "scaling.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace costlab {

/// One measured loss: a run of `params` parameters after `tokens` tokens.
struct LossPoint {
    double params = 0, tokens = 0, loss = 0;
};

/// One measured score after `compute` (GPU-hours or iterations, the caller's unit).
struct ScorePoint {
    double compute = 0, score = 0;
};

/// Why a fit was refused. Text for people: fitProblemText() (English), the widgets translate.
enum class FitProblem : std::uint8_t {
    None,
    TooFewPoints,   ///< fewer than 5 points (loss law; 4 at one size) or 4 fitted (curve)
    NotFinite,      ///< a point holds NaN, ∞, or a non-positive size, amount or loss
    NoTrend,        ///< the values do not fall (loss) or rise (score) with more training
    ScoreOutOfRange ///< a score outside [0, 1]
};

struct FitOptions {
    int bootstrap = 200;       ///< resamples for the interval; 0 = none
    std::uint64_t seed = 2024; ///< fixed: the same points give the same interval
    double interval = 0.8;     ///< central share of the bootstrap reported (P10–P90)
    /// RL only: points at or below this compute are the early noisy regime and are not fitted
    /// (Khatri et al. 2025 §3 fit after the first ~1.5k GPU-hours); 0 = fit every point.
    double exclude_below = 0;
};

/// Residuals of a fit, in the fitted value's unit (nats, or score).
struct FitQuality {
    int points = 0;                ///< points fitted
    int excluded = 0;              ///< points left out (early regime)
    double rmse = 0;               ///< root mean square residual
    double max_residual = 0;       ///< largest |residual|
    std::vector<double> residuals; ///< measured − fitted, in input order of the fitted points
};

struct LossLawFit {
    FitProblem problem = FitProblem::None;
    int needed = 0; ///< TooFewPoints: how many were needed
    LossLaw law;
    /// All points at one model size: A/N^α cannot be told from E, so A = α = 0 and E holds
    /// both; the law then sizes only models of `params_fitted` parameters.
    bool single_size = false;
    double params_fitted = 0;
    /// Smallest and largest parameters and tokens of the points fitted (the law's range).
    double n_min = 0, n_max = 0, d_min = 0, d_max = 0;
    FitQuality quality;
    std::vector<LossLaw> replicates; ///< bootstrap refits (empty when refused or bootstrap 0)
    LossLaw low, high;               ///< per-parameter bootstrap percentiles of options.interval
};

struct RlCurveFit {
    FitProblem problem = FitProblem::None;
    int needed = 0;
    RlCurve curve;
    double c_min = 0, c_max = 0; ///< compute of the points fitted (the early regime left out)
    FitQuality quality;
    std::vector<RlCurve> replicates;
    RlCurve low, high;
};

/// Fits L(N, D) = E + A/N^α + B/D^β (E, A, B ≥ 0; 0.01 ≤ α, β ≤ 2) by least squares on the
/// loss. Needs 5 points (4 at a single size). Never throws.
LossLawFit fitLossLaw(std::span<const LossPoint>, const FitOptions& = {});

/// Fits R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B) (0 ≤ R0 ≤ A ≤ 1; 0.05 ≤ B ≤ 20) by least
/// squares on the score, after options.exclude_below. Needs 4 fitted points. Never throws.
RlCurveFit fitRlCurve(std::span<const ScorePoint>, const FitOptions& = {});

/// Log-normal σ of the tokens a target loss needs at N over a fit's bootstrap replicates
/// (standard deviation of ln D). 0 without replicates; +∞ when the target is unreachable for
/// more than a fifth of them (the fit cannot size it: say so, never call it certain).
double neededTokensSigma(const LossLawFit&, double params, double targetLoss);
/// The same for the compute an RL target needs (RlInputs::curve_sigma).
double neededComputeSigma(const RlCurveFit&, double targetScore);

/// Standard deviation of E (loss law) or A (curve) over the bootstrap replicates: the
/// standard error a plan's law_sigma / curve_sigma holds. 0 without replicates.
double standardErrorOfE(const LossLawFit&);
double standardErrorOfA(const RlCurveFit&);

/// The phase-relative changes that put a fitted law into a pre-training phase: the custom law
/// (loss_law, law.e/a/b/alpha/beta), E's bootstrap standard error as law_sigma (rounded to
/// 10^-5) and the runs' range (law_fit.*, so a plan outside it is flagged), for
/// Document::apply / phaseChanges() and the CLI's printed --set options.
std::vector<ParamChange> lossLawChanges(const LossLawFit&);
/// The same for an RL phase: the custom curve (rl_curve, curve.a/b/c_mid/r0), its unit, the
/// GPU-hours one policy step took in the runs (GPU-hour curves; 0 = the phase's own), A's
/// standard error as curve_sigma and the compute range fitted (curve_fit.*).
std::vector<ParamChange> rlCurveChanges(const RlCurveFit&, RlComputeUnit unit, double stepGpuHours);

/// English text of a refused fit, for the CLI and logs ("need at least 5 points, have 3").
std::string fitProblemText(FitProblem, int needed, int have);

} // namespace costlab
