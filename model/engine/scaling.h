// How much training reaches a target (issue 46; docs/model-reference.md §11): the pre-training
// loss law of Hoffmann et al. 2022 and its inverses, and the sigmoidal RL compute–performance
// curve of Khatri et al. 2025 and its inverse. Published fits are one table each (kLossLaws,
// kRlCurves) with their source, fitted range and stated uncertainty; the engine sizes a phase
// from them (engine.cpp) and the fitter (analysis/fit.h) produces the same structs from a
// user's own small runs. Plain functions, no state, no third-party library.
#pragma once

#include "types.h"

#include <span>
#include <string_view>

namespace costlab {

/// L(N, D) = E + A / N^α + B / D^β: loss in nats per token of a model with N parameters
/// trained on D tokens (Hoffmann et al. 2022, eq. 2).
struct LossLaw {
    double E = 0, A = 0, B = 0, alpha = 0, beta = 0;
};

/// One published fit of the loss law: where it comes from and where it was fitted.
struct LossLawPreset {
    std::string_view id;     ///< stable id in files ("besiroglu2024")
    std::string_view label;  ///< English, translated in the context "costlab::Param"
    std::string_view source; ///< paper, table or equation, and how the values were read
    LossLaw law;
    /// Standard error of E, nats: the uncertainty that dominates near the floor; the tokens a
    /// target needs carry σ(ln D) = σ_E / (β·(target − floor)) (lossTokensSigma). 0 = none stated.
    double e_sigma = 0;
    double n_min = 0, n_max = 0; ///< parameters of the runs fitted
    double d_min = 0, d_max = 0; ///< tokens of the runs fitted
};

/// The published loss-law fits, in display order; the first is the default.
std::span<const LossLawPreset> lossLaws();
/// The preset with this id, or null.
const LossLawPreset* findLossLaw(std::string_view id);

/// The law choices of a phase (PretrainInputs::loss_law): every preset, then "custom" (the
/// phase's own values, typed in or fitted to the user's runs).
std::span<const ChoiceDef> lossLawChoices();
/// The law a phase uses: the chosen preset's, or `custom` when the choice is the last one.
LossLaw chosenLossLaw(double choice, const LossLaw& custom);

/// L(N, D) in nats per token. N, D > 0 (parameters, tokens).
double lossAt(const LossLaw&, double N, double D);
/// The loss no amount of data goes below at N: E + A / N^α.
double lossFloor(const LossLaw&, double N);
/// Tokens D at which a model of N parameters reaches `target` loss:
/// D = (B / (target − E − A/N^α))^(1/β). +∞ when the target is at or below the floor
/// (unreachable at this size, whatever the data); 0 never (targets above L(N, 1) give 1).
double tokensForLoss(const LossLaw&, double N, double target);

/// First-order (delta-method) σ of ln D for a target, from the standard error of E alone:
/// ∂ln D/∂E = 1/(β·(target − floor)). 0 when the target is unreachable or σ_E is 0.
double lossTokensSigma(const LossLaw&, double eSigma, double N, double target);

/// Compute-optimal allocation of C = 6·N·D training FLOPs (Hoffmann et al. 2022 eq. 4):
/// N_opt = G·(C/6)^(β/(α+β)), D_opt = (C/6)^(α/(α+β)) / G, G = (α·A / (β·B))^(1/(α+β)).
struct Allocation {
    double params = 0; ///< N_opt, parameters
    double tokens = 0; ///< D_opt, tokens
};
Allocation computeOptimal(const LossLaw&, double flops);

/// The model size and tokens that reach `target` loss with the fewest training FLOPs (6·N·D):
/// minimising ln N + ln D on A/N^α + B/D^β = G = target − E gives α·A/N^α = β·B/D^β, so
/// A/N^α = β·G/(α+β) and B/D^β = α·G/(α+β) (Lagrange; the same optimum as computeOptimal()
/// at C = 6·N·D). Zero when the target is at or below E, or the law has no model term (A or α
/// is 0: a fit at one size says nothing about other sizes).
Allocation cheapestForLoss(const LossLaw&, double target);

/// A compute-optimal allocation fitted directly on IsoFLOP minima rather than through a loss
/// law (the later fits on modern data): D_opt = coefficient · C^exponent tokens for C training
/// FLOPs, and N_opt = C / (6·D_opt) parameters (C ≈ 6·N·D, Kaplan et al. 2020 §2.1).
struct AllocationRule {
    std::string_view id, label, source;
    double coefficient = 0, exponent = 0;
    double c_min = 0, c_max = 0; ///< FLOPs of the IsoFLOP runs fitted
};
std::span<const AllocationRule> allocationRules();
Allocation allocate(const AllocationRule&, double flops);

/// How a pre-training loss reads as a benchmark score (issue 46, item 5: Route A vs Route B on
/// one axis): S(L) = floor + (ceiling − floor) / (1 + e^(k·(L − L_mid))), a sigmoid falling in
/// the loss. The form is Llama 3's second step ("a sigmoidal relation" between a model's
/// negative log-likelihood and its accuracy, Dubey et al. 2024 §3.2.1) and the model ladder's
/// Acc(L) = a/(1 + e^(−k(L − L0))) + b (Bhagia et al. 2024, arXiv 2412.04403, eq. 2). Neither
/// publishes values on a loss law's scale, so the parameters are the user's: their own
/// evaluations of small runs (docs/model-reference.md §11.4). Off while `mid` or `slope` is 0.
struct ScoreMap {
    double mid = 0;     ///< L_mid, nats/token: the loss at which half the gain is made
    double slope = 0;   ///< k, per nat/token: how sharply the score rises as the loss falls
    double floor = 0;   ///< the score of a model that has learnt nothing (chance), 0–1
    double ceiling = 1; ///< the score a perfect model reaches, 0–1, above floor
    bool on() const { return mid > 0 && slope > 0 && ceiling > floor; }
};

/// S(L), 0–1. `floor` when the map is off.
double scoreForLoss(const ScoreMap&, double loss);
/// The loss at which S(L) = score: L = L_mid + ln((ceiling − floor)/(score − floor) − 1)/k.
/// NaN when the map is off or the score is not strictly between floor and ceiling.
double lossForScore(const ScoreMap&, double score);

/// R(C) = R0 + (A − R0) / (1 + (C_mid / C)^B): score (pass rate, 0–1) after C units of RL
/// compute (Khatri et al. 2025, eq. 1). A is the asymptote, B the efficiency, C_mid the
/// compute at which half of the gain A − R0 is made.
struct RlCurve {
    double A = 0, B = 1, C_mid = 1, R0 = 0;
};

/// What a curve's compute axis counts.
enum class RlComputeUnit : unsigned char {
    GpuHours,  ///< GPU-hours of the runs the curve was fitted on (converted to policy steps)
    Iterations ///< RL iterations (policy updates) of the plan itself
};

/// One published RL compute–performance fit.
struct RlCurvePreset {
    std::string_view id, label, source;
    RlCurve curve;
    /// GPU-hours one policy step (one RL iteration) took in the runs the curve was fitted on.
    /// The curve's compute C becomes C / step_gpu_hours policy steps, and the plan runs that
    /// many iterations at its own cost per iteration: learning is per policy update, not per
    /// GPU-hour, so a faster layout needs the same steps and fewer GPU-hours
    /// (docs/model-reference.md §11.2 gives the evidence and what is assumed).
    double step_gpu_hours = 0;
    /// True when step_gpu_hours is published; false when derived from a published run by a
    /// stated proportion (the docs and the source string say which).
    bool step_published = false;
    /// Standard error of the asymptote A; the compute a target needs carries
    /// σ(ln C) = σ_A / (B·q·(target − R0)) (rlComputeSigma). 0 = none stated.
    double a_sigma = 0;
    double c_min = 0, c_max = 0; ///< GPU-hours of the fitted points
};

std::span<const RlCurvePreset> rlCurves();
const RlCurvePreset* findRlCurve(std::string_view id);

/// The curve choices of a phase (RlInputs::rl_curve): every preset, then "custom".
std::span<const ChoiceDef> rlCurveChoices();
/// The chosen preset, or null for "custom" (the phase's own curve).
const RlCurvePreset* chosenRlCurve(double choice);

/// Policy steps (RL iterations) for `compute` in a curve's unit: compute / stepGpuHours when
/// the curve counts GPU-hours of runs whose policy step took stepGpuHours (> 0), `compute`
/// itself when it counts iterations. 0 when stepGpuHours is not positive for a GPU-hour curve.
double rlStepsForCompute(RlComputeUnit unit, double compute, double stepGpuHours);

/// R(C); C ≥ 0 in the curve's unit. R(0) = R0.
double rlScoreAt(const RlCurve&, double C);
/// Compute C at which the curve reaches `target`: C = C_mid · ((A − R0)/(target − R0) − 1)^(−1/B).
/// 0 when target ≤ R0 (already there); +∞ when target ≥ A (above the asymptote: unreachable
/// by this recipe at any compute).
double rlComputeForScore(const RlCurve&, double target);

/// First-order σ of ln C for a target, from the standard error of A alone:
/// ∂ln C/∂A = −1/(B·q·(target − R0)), q = (A − R0)/(target − R0) − 1.
double rlComputeSigma(const RlCurve&, double aSigma, double target);

} // namespace costlab
