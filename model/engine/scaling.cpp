#include "scaling.h"

#include "trnoop.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace costlab {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Published loss-law fits (docs/model-reference.md §11.1). The two Chinchilla ones were fitted on
// Chinchilla's runs: 70M to 16B parameters on 5B to 500B tokens (Hoffmann et al. 2022 §3, "over 400
// models"); outside that range the law is an extrapolation and the editor says so.
constexpr std::array kLossLawTable{
    LossLawPreset{
        .id = "besiroglu2024",
        .label = QT_TRANSLATE_NOOP("costlab::Param", "Besiroglu et al. 2024 (Chinchilla refit)"),
        .source = "Besiroglu, Erdil, Barnett, You 2024, 'Chinchilla Scaling: A replication "
                  "attempt', arXiv 2404.10102, eq. 3 (refit of Hoffmann et al.'s approach 3 on "
                  "the data read from their figure 4)",
        .law = {.E = 1.8172, .A = 482.01, .B = 2085.43, .alpha = 0.3478, .beta = 0.3658},
        // Standard error of E 0.026 (the authors' notebook, epoch-research/analyzing-chinchilla
        // data_analysis.ipynb; 95 % bootstrap interval 1.769–1.871).
        .e_sigma = 0.026,
        .n_min = 7e7,
        .n_max = 1.6e10,
        .d_min = 5e9,
        .d_max = 5e11},
    LossLawPreset{.id = "hoffmann2022",
                  .label = QT_TRANSLATE_NOOP("costlab::Param",
                                             "Hoffmann et al. 2022 (Chinchilla, approach 3)"),
                  .source =
                      "Hoffmann et al. 2022, 'Training Compute-Optimal Large Language Models', "
                      "arXiv 2203.15556, §3.3 and appendix D.2 (rounded values as published)",
                  .law = {.E = 1.69, .A = 406.4, .B = 410.7, .alpha = 0.34, .beta = 0.28},
                  // Hoffmann et al. give no usable interval for E (Besiroglu et al. §4 show theirs
                  // are implausibly narrow); the refit's 0.026 on the same data is used.
                  .e_sigma = 0.026,
                  .n_min = 7e7,
                  .n_max = 1.6e10,
                  .d_min = 5e9,
                  .d_max = 5e11},
    LossLawPreset{
        .id = "llama3-openathena",
        .label = QT_TRANSLATE_NOOP("costlab::Param", "Llama 3 IsoFLOP data, VPNLS refit (2026)"),
        .source = "Open-Athena, arXiv 2603.22339: variable-projection fit to the IsoFLOP points "
                  "digitised from Llama 3 figure 2 (Open-Athena/scaling-law-analysis, "
                  "results/experiments/exp11/compute_allocation_errors.txt). Loss is on Meta's "
                  "validation set, so it is not comparable with the Chinchilla laws' values",
        .law = {.E = 0.6047, .A = 59.1, .B = 155.1, .alpha = 0.3100, .beta = 0.3136},
        .e_sigma = 0, // no interval published
        .n_min = 4e7,
        .n_max = 1.6e10,
        // C from 6e18 to 1e22 FLOPs (Llama 3 §3.2.1): D = C/(6N) at the corners.
        .d_min = 6e7,
        .d_max = 4e13},
};

// Compute-optimal token counts fitted on IsoFLOP minima (docs/model-reference.md §11.1).
constexpr std::array kAllocationTable{
    AllocationRule{
        .id = "llama3",
        .label = QT_TRANSLATE_NOOP("costlab::Param", "Llama 3 IsoFLOP fit (2024)"),
        .source = "Llama Team 2024, 'The Llama 3 Herd of Models', arXiv 2407.21783, §3.2.1 "
                  "and figure 3: N*(C) = A·C^α optimal training tokens, (α, A) = (0.537, 0.299) "
                  "as the figure labels them (the text rounds to 0.53, 0.29); fitted from 6e18 to "
                  "1e22 FLOPs",
        .coefficient = 0.299,
        .exponent = 0.537,
        .c_min = 6e18,
        .c_max = 1e22},
    AllocationRule{.id = "deepseek2024",
                   .label = QT_TRANSLATE_NOOP("costlab::Param", "DeepSeek LLM IsoFLOP fit (2024)"),
                   .source =
                       "DeepSeek-AI 2024, 'DeepSeek LLM: Scaling Open-Source Language Models with "
                       "Longtermism', arXiv 2401.02954, §3.2 eq. 4: D_opt = 5.8316·C^0.4757 "
                       "(M_opt = 0.1715·C^0.5243 non-embedding FLOPs per token, C = M·D); fitted "
                       "from 1e17 to 3e20 FLOPs",
                   .coefficient = 5.8316,
                   .exponent = 0.4757,
                   .c_min = 1e17,
                   .c_max = 3e20},
};

// Published RL compute–performance fits (docs/model-reference.md §11.2): Khatri et al. 2025,
// appendix A.13 table 1 (large-scale runs of §5). GPU-hours on NVIDIA GB200 (§1, A.3), score =
// mean@16 pass rate on 1,000 held-out Polaris-53K math prompts (§2.1); fits begin after ~1.5k
// GPU-hours (A.6). R0, the base model's start, is not reported: the plan gives its own.
// ±0.02 on A (A.5: three repeat runs varied by at most ±0.015) read as a 95 % band, σ = 0.01.
// GPU-hours per policy step of the published runs (§11.2). Fig. 1's caption: the 8B dense run
// took 7,400 steps for 100,000 GPU-hours and the Scout MoE 7,100 steps for 50,000. The 32k and
// batch-2,048 runs report no step count: their step cost is the 8B's scaled by what grows
// (generation budget 32,768/16,384 tokens; episodes 2,048/768 per step), an assumption.
constexpr double k8bStepGpuHours = 100000.0 / 7400.0;   // 13.51
constexpr double kScoutStepGpuHours = 50000.0 / 7100.0; // 7.04
constexpr std::string_view kScaleRlSource =
    "Khatri et al. 2025, 'The Art of Scaling Reinforcement Learning Compute for LLMs', arXiv "
    "2510.13786, appendix A.13 table 1; GB200 GPU-hours, mean@16 pass rate on held-out "
    "Polaris-53K prompts";
constexpr std::array kRlCurveTable{
    RlCurvePreset{.id = "scalerl-8b",
                  .label = QT_TRANSLATE_NOOP("costlab::Param", "ScaleRL, 8B dense (2025)"),
                  .source = kScaleRlSource,
                  .curve = {.A = 0.610, .B = 1.92, .C_mid = 2542, .R0 = 0},
                  .step_gpu_hours = k8bStepGpuHours,
                  .step_published = true,
                  .a_sigma = 0.01,
                  .c_min = 1500,
                  .c_max = 50000},
    RlCurvePreset{.id = "scalerl-scout",
                  .label = QT_TRANSLATE_NOOP("costlab::Param", "ScaleRL, 17B×16 MoE (2025)"),
                  .source = kScaleRlSource,
                  .curve = {.A = 0.710, .B = 1.65, .C_mid = 4242, .R0 = 0},
                  .step_gpu_hours = kScoutStepGpuHours,
                  .step_published = true,
                  .a_sigma = 0.01,
                  .c_min = 1500,
                  .c_max = 16000},
    RlCurvePreset{
        .id = "scalerl-8b-32k",
        .label = QT_TRANSLATE_NOOP("costlab::Param", "ScaleRL, 8B dense, 32k generation (2025)"),
        .source = kScaleRlSource,
        .curve = {.A = 0.645, .B = 1.89, .C_mid = 11272, .R0 = 0},
        .step_gpu_hours = k8bStepGpuHours * 32768.0 / 16384.0,
        .a_sigma = 0.01,
        .c_min = 1500,
        .c_max = 0},
    RlCurvePreset{.id = "scalerl-8b-bs2048",
                  .label =
                      QT_TRANSLATE_NOOP("costlab::Param", "ScaleRL, 8B dense, batch 2,048 (2025)"),
                  .source = kScaleRlSource,
                  .curve = {.A = 0.645, .B = 1.70, .C_mid = 10909, .R0 = 0},
                  .step_gpu_hours = k8bStepGpuHours * 2048.0 / 768.0,
                  .a_sigma = 0.01,
                  .c_min = 1500,
                  .c_max = 0},
};

constexpr std::string_view kCustomLabel =
    QT_TRANSLATE_NOOP("costlab::Param", "Custom (own fit or typed in)");

/// Preset rows as choices, and "custom" last: one table, the choice list follows it.
template <typename Row, std::size_t N> constexpr auto choicesOf(const std::array<Row, N>& rows)
{
    std::array<ChoiceDef, N + 1> c{};
    for (std::size_t i = 0; i < N; ++i)
        c[i] = {rows[i].id, rows[i].label};
    c[N] = {"custom", kCustomLabel};
    return c;
}

constexpr auto kLossLawChoices = choicesOf(kLossLawTable);
constexpr auto kRlCurveChoices = choicesOf(kRlCurveTable);

/// The row of a preset table with this id, or null.
template <typename Row, std::size_t N>
const Row* findById(const std::array<Row, N>& rows, std::string_view id)
{
    for (const Row& r : rows)
        if (r.id == id)
            return &r;
    return nullptr;
}

std::size_t choiceIndex(double choice)
{
    return choice > 0 ? static_cast<std::size_t>(std::lround(choice)) : 0;
}

} // namespace

std::span<const ChoiceDef> lossLawChoices()
{
    return kLossLawChoices;
}

LossLaw chosenLossLaw(double choice, const LossLaw& custom)
{
    const std::size_t i = choiceIndex(choice);
    return i < kLossLawTable.size() ? kLossLawTable[i].law : custom;
}

std::span<const LossLawPreset> lossLaws()
{
    return kLossLawTable;
}

const LossLawPreset* findLossLaw(std::string_view id)
{
    return findById(kLossLawTable, id);
}

Allocation cheapestForLoss(const LossLaw& l, double target)
{
    const double G = target - l.E;
    if (!(G > 0) || !(l.A > 0) || !(l.B > 0) || !(l.alpha > 0) || !(l.beta > 0))
        return {};
    const double s = l.alpha + l.beta;
    return {.params = std::pow(l.A * s / (l.beta * G), 1.0 / l.alpha),
            .tokens = std::pow(l.B * s / (l.alpha * G), 1.0 / l.beta)};
}

std::span<const AllocationRule> allocationRules()
{
    return kAllocationTable;
}

Allocation allocate(const AllocationRule& r, double flops)
{
    if (!(flops > 0))
        return {};
    const double tokens = r.coefficient * std::pow(flops, r.exponent);
    return {.params = flops / (6.0 * tokens), .tokens = tokens};
}

double lossFloor(const LossLaw& l, double N)
{
    return l.E + l.A * std::pow(N, -l.alpha);
}

double lossAt(const LossLaw& l, double N, double D)
{
    return lossFloor(l, N) + l.B * std::pow(D, -l.beta);
}

double tokensForLoss(const LossLaw& l, double N, double target)
{
    const double gap = target - lossFloor(l, N);
    if (!(gap > 0) || !(l.beta > 0))
        return kInf;
    // B / D^β = gap  →  D = (B / gap)^(1/β); at least one token.
    return std::max(1.0, std::pow(l.B / gap, 1.0 / l.beta));
}

double lossTokensSigma(const LossLaw& l, double eSigma, double N, double target)
{
    const double gap = target - lossFloor(l, N);
    if (!(gap > 0) || !(l.beta > 0) || !(eSigma > 0))
        return 0;
    return eSigma / (l.beta * gap);
}

Allocation computeOptimal(const LossLaw& l, double flops)
{
    const double s = l.alpha + l.beta;
    if (!(flops > 0) || !(s > 0) || !(l.A > 0) || !(l.B > 0))
        return {};
    const double G = std::pow(l.alpha * l.A / (l.beta * l.B), 1.0 / s);
    const double c6 = flops / 6.0;
    return {.params = G * std::pow(c6, l.beta / s), .tokens = std::pow(c6, l.alpha / s) / G};
}

double scoreForLoss(const ScoreMap& m, double loss)
{
    if (!m.on())
        return m.floor;
    return m.floor + (m.ceiling - m.floor) / (1.0 + std::exp(m.slope * (loss - m.mid)));
}

double lossForScore(const ScoreMap& m, double score)
{
    if (!m.on() || !(score > m.floor) || !(score < m.ceiling))
        return std::numeric_limits<double>::quiet_NaN();
    // score − floor = range/(1 + e^(k(L − mid)))  →  e^(k(L − mid)) = range/(score − floor) − 1.
    return m.mid + std::log((m.ceiling - m.floor) / (score - m.floor) - 1.0) / m.slope;
}

std::span<const RlCurvePreset> rlCurves()
{
    return kRlCurveTable;
}

const RlCurvePreset* findRlCurve(std::string_view id)
{
    return findById(kRlCurveTable, id);
}

std::span<const ChoiceDef> rlCurveChoices()
{
    return kRlCurveChoices;
}

const RlCurvePreset* chosenRlCurve(double choice)
{
    const std::size_t i = choiceIndex(choice);
    return i < kRlCurveTable.size() ? &kRlCurveTable[i] : nullptr;
}

double rlStepsForCompute(RlComputeUnit unit, double compute, double stepGpuHours)
{
    if (unit == RlComputeUnit::Iterations)
        return compute;
    return stepGpuHours > 0 ? compute / stepGpuHours : 0.0;
}

double rlScoreAt(const RlCurve& c, double C)
{
    if (!(C > 0))
        return c.R0;
    return c.R0 + (c.A - c.R0) / (1.0 + std::pow(c.C_mid / C, c.B));
}

double rlComputeForScore(const RlCurve& c, double target)
{
    if (target <= c.R0)
        return 0;
    if (target >= c.A || !(c.B > 0) || !(c.C_mid > 0))
        return kInf;
    // (C_mid/C)^B = (A − R0)/(target − R0) − 1  →  C = C_mid · that^(−1/B).
    const double q = (c.A - c.R0) / (target - c.R0) - 1.0;
    return c.C_mid * std::pow(q, -1.0 / c.B);
}

double rlComputeSigma(const RlCurve& c, double aSigma, double target)
{
    if (target <= c.R0 || target >= c.A || !(c.B > 0) || !(aSigma > 0))
        return 0;
    const double q = (c.A - c.R0) / (target - c.R0) - 1.0;
    return aSigma / (c.B * q * (target - c.R0));
}

} // namespace costlab
