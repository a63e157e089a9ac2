#include "formulas.h"

#include "modelarch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace costlab::formula {

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::sqrt(2.0));
}

double normalQuantile(double p)
{
    if (p <= 0)
        return -std::numeric_limits<double>::infinity();
    if (p >= 1)
        return std::numeric_limits<double>::infinity();
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00,  2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                               3.754408661907416e+00};
    const double plow = 0.02425, phigh = 1 - plow;
    if (p < plow) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > phigh) {
        const double q = std::sqrt(-2 * std::log(1 - p));
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
               ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
           (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double oomProbability(double est, double usable, double sigma)
{
    if (est <= 0)
        return 0;
    if (usable <= 0)
        return 1;
    if (sigma <= 0)
        return est > usable ? 1.0 : 0.0;
    const double z = (est - usable) / (sigma * est);
    // Beyond |z| = 40 the double result is exactly 0 or 1 (erfc(28.3) underflows to 0,
    // erfc(−28.3) rounds to 2): skip the erfc, which most of a plan's roles (far from full)
    // would otherwise pay on every evaluation.
    if (z < -40)
        return 0.0;
    if (z > 40)
        return 1.0;
    return normalCdf(z);
}

namespace {
/// Bytes per parameter of the optimizer's moments: AdamW two FP32 (8), 8-bit AdamW 2, SGD 4.
double momentBytes(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW32:
        return 8;
    case Optimizer::AdamW8bit:
        return 2;
    case Optimizer::SgdMomentum:
        return 4;
    }
    return 8;
}
} // namespace

StateBytes stateBytesPerParam(Optimizer o, StatePrecision p)
{
    const double moments = momentBytes(o);
    switch (p) {
    case StatePrecision::ZeroPaper:
        break;
    case StatePrecision::MegatronBf16:
        return {2, 4, 4 + moments};
    case StatePrecision::Fp16Fp32Copy:
        return {2, 2, 4 + 4 + moments};
    case StatePrecision::Fp32:
        return {4, 4, moments};
    case StatePrecision::Fp16NoMaster:
        return {2, 2, moments};
    }
    return {2, 2, 4 + moments};
}

double checkpointBytesPerParam(Optimizer o, StatePrecision p)
{
    switch (p) {
    case StatePrecision::Fp32:
        return 4 + momentBytes(o);
    case StatePrecision::Fp16NoMaster:
        return 2 + momentBytes(o);
    case StatePrecision::ZeroPaper:
    case StatePrecision::MegatronBf16:
    case StatePrecision::Fp16Fp32Copy:
        break;
    }
    return 2 + 4 + momentBytes(o);
}

double activationBytesPerLayer(double s, double b, double h, double a, double tp, Recompute r,
                               bool flash)
{
    tp = std::max(1.0, tp);
    if (r == Recompute::Full)
        return 2.0 * s * b * h / tp;
    double coef = 34.0;
    if (r == Recompute::None && !flash)
        coef += 5.0 * a * s / h;
    return s * b * h * coef / tp;
}

double layerActivationBytes(const ModelArch& m, double s, double b, double tp, double etp,
                            bool moeLayer, const ActivationKeep& k)
{
    const double h = std::max(1.0, m.hidden);
    tp = std::max(1.0, tp);
    etp = std::max(1.0, etp);
    if (k.recompute == Recompute::Full)
        return 2.0 * s * b * h / tp;
    const double lin = k.fp8 ? 1.0 : 2.0; // bytes a Linear keeps per input element
    // Korthikanti's 34: norms' inputs 2 + 2, QKV input 2, Q, K, V 6, attention output 2,
    // dropout mask 1, MLP 19 (fc1 input 2, GeLU input and output 8 + 8, dropout mask 1).
    double c = 34.0;
    if (k.recompute == Recompute::None && !k.flash)
        c += 5.0 * m.heads * s / h;
    if (isMla(m)) {
        const double n = m.heads, dqk = qkHeadDim(m), dv = vHeadDim(m);
        const double ql = std::max(0.0, m.q_lora_rank), kvl = std::max(0.0, m.kv_lora_rank);
        double mla = (k.recompute_norms ? 0.0 : 2 * h) + 2 * (kvl + m.qk_rope_head_dim) + 2 * ql +
                     2 * n * dv;
        if (!k.recompute_mla_up)
            mla += lin * (kvl + ql) + 2 * n * (2 * dqk + dv);
        c += mla / h - 10; // instead of QKV input, Q, K, V and the attention output
    } else if (k.fp8) {
        c -= 1; // the QKV LayerNormLinear keeps its normed input in FP8
    }
    if (!moeLayer || m.experts <= 0 || m.top_k <= 0) {
        if (k.fp8)
            c -= 1 + 4; // fc1's normed input and fc2's input (the GeLU output) in FP8
        if (k.fp8_act_input)
            c -= 4; // the activation's input (fc1's output) in FP8
        return s * b * h * c / tp;
    }
    const double f = std::max(0.0, m.ffn) / h;
    const double fc1Out = (m.gated_mlp ? 4.0 : 2.0) * f * (k.fp8_act_input ? 0.5 : 1.0);
    const double copies = m.top_k * (m.capacity_factor > 0 ? m.capacity_factor : 1.0);
    const double routed = lin * etp + fc1Out + (k.recompute_moe_act ? 0.0 : lin * f);
    const double shared = std::max(0.0, m.shared_experts) * (fc1Out + lin * f);
    c += (k.recompute_norms ? 0.0 : 2.0) + 1.0 + copies * routed + shared - 19.0;
    return s * b * h * c / tp + 4.0 * s * b * m.experts / tp;
}

double lognormalSigmaFromCv(double cv)
{
    return std::sqrt(std::log1p(cv * cv));
}

double expectedMaxLognormal(double median, double sigma, double n)
{
    const double halfVar = 0.5 * sigma * sigma;
    if (n <= 1)
        return median * std::exp(halfVar);
    // max(median·e^{σ²/2}, median·e^{σz}) = median·e^{max(σ²/2, σz)}: e^x rises, so one exp
    // (issue 50: three of these per RL evaluation).
    const double z = normalQuantile((n - 0.375) / (n + 0.25));
    return median * std::exp(std::max(halfVar, sigma * z));
}

double dalyWallTime(double W, double tau, double delta, double R, double M)
{
    if (W <= 0)
        return 0;
    tau = std::max(tau, 1e-9);
    if (!std::isfinite(M) || M <= 0)
        return W + (W / tau) * delta;
    // expm1 keeps precision when (τ+δ)/M is tiny (rare failures).
    const double x = (tau + delta) / M;
    if (x > 700 || R / M > 700)
        return std::numeric_limits<double>::infinity();
    return M * std::exp(R / M) * std::expm1(x) * W / tau;
}

double youngInterval(double delta, double M)
{
    return std::sqrt(2.0 * delta * M);
}

double dalyInterval(double delta, double M)
{
    if (delta >= 2 * M)
        return M;
    const double r = delta / (2 * M);
    return std::sqrt(2 * delta * M) * (1 + std::sqrt(r) / 3 + r / 9) - delta;
}

double probLossOver(double thr, double tau, double R, double c)
{
    auto p = [&](double extra) {
        if (tau <= 0)
            return (R + extra > thr) ? 1.0 : 0.0;
        return std::clamp(1.0 - (thr - R - extra) / tau, 0.0, 1.0);
    };
    return (1 - c) * p(0) + c * p(tau);
}

double decodeStepSeconds(double w, double n, double kvPerSeq, double bw, double flopsPerToken,
                         double flops)
{
    const double memory = (w + n * kvPerSeq) / std::max(bw, 1.0);
    const double compute = flopsPerToken * n / std::max(flops, 1.0);
    return std::max(memory, compute);
}

double expertsTouched(double n, double k, double E)
{
    if (E <= 0 || k <= 0)
        return 1;
    return 1 - std::pow(std::max(0.0, 1 - k / E), std::max(n, 1.0));
}

double meanOnsetBefore(double p, double horizon)
{
    if (!(p > 1e-9) || !(horizon > 0))
        return horizon > 0 ? horizon / 2 : 0.0;
    if (p >= 1)
        return 0.0;
    const double x = -std::log1p(-p);
    return horizon * (1 / x - (1 - p) / p);
}

double mismatchFailProbability(double eta, double eta50, double slope)
{
    if (!(eta > 0) || !(eta50 > 0))
        return 0.0;
    return 1 / (1 + std::pow(eta50 / eta, slope));
}

} // namespace costlab::formula
