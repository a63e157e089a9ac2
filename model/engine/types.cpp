#include "types.h"

namespace costlab {

std::string_view currencyCode(Currency c)
{
    switch (c) {
    case Currency::USD:
        return "USD";
    case Currency::CNY:
        return "CNY";
    }
    return "USD";
}

std::string_view toString(PhaseKind k)
{
    switch (k) {
    case PhaseKind::Pretrain:
        return "pretrain";
    case PhaseKind::RlPosttrain:
        return "rl_posttrain";
    case PhaseKind::Evaluation:
        return "evaluation";
    }
    return "pretrain";
}

std::optional<PhaseKind> phaseKindFromString(std::string_view s)
{
    if (s == "pretrain")
        return PhaseKind::Pretrain;
    if (s == "rl_posttrain")
        return PhaseKind::RlPosttrain;
    if (s == "evaluation")
        return PhaseKind::Evaluation;
    return std::nullopt;
}

double weightBytesPerParam(Quantization q)
{
    switch (q) {
    case Quantization::BF16:
        return 2.0;
    case Quantization::FP8:
        return 1.0;
    case Quantization::INT8:
        return 1.0;
    // 4-bit weights plus one FP16 scale per group of 128 weights: 0.5 + 2/128 ≈ 0.516;
    // K-quant formats reach 0.60 (4.82 bits/weight, estimator-pitfalls.md B5). We use the
    // GPTQ/AWQ group-128 figure with zero-points: 0.53 B/param (risk-foundations.md §2).
    case Quantization::INT4:
        return 0.53;
    }
    return 2.0;
}

} // namespace costlab
