// figures.h: the table of plan figures.
#include "figures.h"

#include <algorithm>
#include <array>

namespace costlab {

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

/// The first phase that trains (pre-training or RL), for per-phase figures; null if none.
const PhaseEstimate* firstTraining(const Estimate& e)
{
    for (const PhaseEstimate& p : e.phases)
        if (p.kind != PhaseKind::Evaluation)
            return &p;
    return nullptr;
}

const PhaseEstimate* firstRl(const Estimate& e)
{
    for (const PhaseEstimate& p : e.phases)
        if (p.kind == PhaseKind::RlPosttrain)
            return &p;
    return nullptr;
}

/// The worst role's peak memory over every phase, bytes, and its share of usable HBM.
std::pair<double, double> worstMemory(const Estimate& e)
{
    double bytes = 0, share = 0;
    for (const PhaseEstimate& p : e.phases)
        for (const MemoryBreakdown& m : p.memory) {
            if (!m.present)
                continue;
            bytes = std::max(bytes, m.total);
            if (m.usable > 0)
                share = std::max(share, m.total / m.usable);
        }
    return {bytes, share};
}

double failuresOf(const Estimate& e)
{
    double n = 0;
    for (const PhaseEstimate& p : e.phases)
        n += p.rec.expected_failures;
    return n;
}

using U = FigureUnit;
using S = FigureScope;

// The comparison's rows are those with in_compare, in this order; budget use comes last there
// (after the risk rows), which compare.cpp arranges.
constexpr std::array<PlanFigure, 15> kFigures{{
    {"total", "total_cost", QT_TRANSLATE_NOOP("costlab::Figure", "Total cost"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Total cost"), U::Money, S::Plan,
     [](const Estimate& e) { return e.total; }, true},
    {"gpu_hours", "", QT_TRANSLATE_NOOP("costlab::Figure", "GPU-hours"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "GPU-hours"), U::GpuHours, S::Plan,
     [](const Estimate& e) { return e.gpu_hours; }, true},
    {"wall_days", "days", QT_TRANSLATE_NOOP("costlab::Figure", "Wall-clock time"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Wall-clock"), U::Days, S::Plan,
     [](const Estimate& e) { return e.wall_hours / 24.0; }, true},
    {"cost_per_million_tokens", "", QT_TRANSLATE_NOOP("costlab::Figure", "Cost per million tokens"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Per million tokens"), U::MoneyRate, S::Plan,
     [](const Estimate& e) { return e.cost_per_million_tokens; }, true, tokenBasis},
    {"fixed", "", QT_TRANSLATE_NOOP("costlab::Figure", "Fixed cost"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Fixed"), U::Money, S::Plan,
     [](const Estimate& e) { return e.fixed; }, true},
    {"elastic", "", QT_TRANSLATE_NOOP("costlab::Figure", "Elastic cost"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Elastic"), U::Money, S::Plan,
     [](const Estimate& e) { return e.elastic; }, true},
    {"budget_ratio", "", QT_TRANSLATE_NOOP("costlab::Figure", "Total / budget"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Budget"), U::Ratio, S::Plan,
     [](const Estimate& e) { return e.budget_ratio; }, true},
    {"mfu", "", QT_TRANSLATE_NOOP("costlab::Figure", "MFU"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "MFU"), U::Share, S::FirstTraining,
     [](const Estimate& e) {
         const PhaseEstimate* p = firstTraining(e);
         return p ? p->mfu : 0.0;
     },
     false},
    {"memory_gib", "", QT_TRANSLATE_NOOP("costlab::Figure", "Peak memory per GPU"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Peak memory"), U::GiB, S::Plan,
     [](const Estimate& e) { return worstMemory(e).first / kGiB; }, false},
    {"memory_share", "", QT_TRANSLATE_NOOP("costlab::Figure", "Peak memory, share of usable HBM"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Memory use"), U::Share, S::Plan,
     [](const Estimate& e) { return worstMemory(e).second; }, false},
    {"checkpoint_interval_h", "", QT_TRANSLATE_NOOP("costlab::Figure", "Checkpoint interval"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Checkpoint interval"), U::Hours, S::FirstTraining,
     [](const Estimate& e) {
         const PhaseEstimate* p = firstTraining(e);
         return p ? p->rec.checkpoint_interval_h : 0.0;
     },
     false},
    {"expected_failures", "", QT_TRANSLATE_NOOP("costlab::Figure", "Expected failures"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Failures"), U::Count, S::Plan, failuresOf, false},
    {"rl_iteration_s", "", QT_TRANSLATE_NOOP("costlab::Figure", "RL iteration time"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "RL iteration"), U::Seconds, S::FirstRl,
     [](const Estimate& e) {
         const PhaseEstimate* p = firstRl(e);
         return p ? p->rl.iteration_s : 0.0;
     },
     false},
    {"trainer_idle", "", QT_TRANSLATE_NOOP("costlab::Figure", "Trainer GPUs idle, share of time"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Trainer idle"), U::Share, S::FirstRl,
     [](const Estimate& e) {
         const PhaseEstimate* p = firstRl(e);
         return p ? 1.0 - p->rl.trainer_util : 0.0;
     },
     false},
    {"tokens", "", QT_TRANSLATE_NOOP("costlab::Figure", "Trained tokens"),
     QT_TRANSLATE_NOOP("costlab::FigureShort", "Tokens"), U::Count, S::Plan,
     [](const Estimate& e) { return e.tokens; }, false},
}};

} // namespace

TokenBasis tokenBasis(const Estimate& e)
{
    bool pretraining = false, rl = false;
    for (const PhaseEstimate& p : e.phases) {
        if (!(p.tokens > 0))
            continue;
        pretraining = pretraining || p.kind == PhaseKind::Pretrain;
        rl = rl || p.kind == PhaseKind::RlPosttrain;
    }
    if (pretraining && rl)
        return TokenBasis::PretrainingAndRl;
    if (pretraining)
        return TokenBasis::Pretraining;
    return rl ? TokenBasis::Rl : TokenBasis::None;
}

std::string_view tokenBasisId(TokenBasis b)
{
    switch (b) {
    case TokenBasis::None:
        return "none";
    case TokenBasis::Pretraining:
        return "pretraining";
    case TokenBasis::Rl:
        return "rl";
    case TokenBasis::PretrainingAndRl:
        return "pretraining_and_rl";
    }
    return "none";
}

const char* tokenBasisLabel(TokenBasis b)
{
    switch (b) {
    case TokenBasis::None:
        return QT_TRANSLATE_NOOP("costlab::Figure", "no trained tokens");
    case TokenBasis::Pretraining:
        return QT_TRANSLATE_NOOP("costlab::Figure", "pre-training tokens");
    case TokenBasis::Rl:
        return QT_TRANSLATE_NOOP("costlab::Figure", "RL tokens");
    case TokenBasis::PretrainingAndRl:
        return QT_TRANSLATE_NOOP("costlab::Figure", "pre-training and RL tokens");
    }
    return QT_TRANSLATE_NOOP("costlab::Figure", "no trained tokens");
}

std::span<const PlanFigure> planFigures()
{
    return kFigures;
}

const PlanFigure* findPlanFigure(std::string_view id)
{
    if (id.empty())
        return nullptr;
    for (const PlanFigure& f : kFigures)
        if (f.id == id || f.alias == id)
            return &f;
    return nullptr;
}

} // namespace costlab
