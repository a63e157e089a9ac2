// The table of plan figures (issue 43): every headline number of evaluate()'s result that
// more than one place shows — the comparison's headline rows, the lessons' measures, the
// headline strip's captions, the CLI's summary — with one id, one English label, one unit
// kind and one getter. A new figure ("actual spend", "cost to reach the target") is a row.
//
// Labels are English and marked for translation in the context "costlab::Figure" (short
// captions in "costlab::FigureShort").
#pragma once

#include "estimate.h"
#include "trnoop.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace costlab {

/// How a figure's value is read and shown. Money is in the plan's currency.
enum class FigureUnit : std::uint8_t {
    Money,       ///< plan currency
    MoneyRate,   ///< plan currency per million trained tokens (of the kinds tokenBasis() names)
    GpuHours,    ///< GPU-hours
    Hours,       ///< hours
    Days,        ///< days
    Seconds,     ///< seconds
    Share,       ///< 0–1, shown as a percentage
    GiB,         ///< gibibytes
    Count,       ///< a plain number
    Probability, ///< 0–1, a risk's probability
    Ratio        ///< a plain ratio (total ÷ budget)
};

/// Where a figure comes from: the whole plan, or one phase of it (then the label says which).
enum class FigureScope : std::uint8_t {
    Plan,          ///< the plan's total over every phase
    FirstTraining, ///< the first pre-training or RL phase (0 when the plan has none)
    FirstRl        ///< the first RL phase (0 when the plan has none)
};

/// What a plan's trained tokens (Estimate::tokens) are, by the kind of phase that trains them.
/// A pre-training token and an RL token (a prompt or response token of the trainer's update,
/// after rollouts, environments and rewards) are different quantities: a cost per million of
/// one is not a better or worse price than a cost per million of the other.
enum class TokenBasis : std::uint8_t {
    None,            ///< no phase trains tokens (evaluation only)
    Pretraining,     ///< pre-training phases only
    Rl,              ///< RL phases only
    PretrainingAndRl ///< both
};

/// The kinds of the phases of `e` that train tokens (PhaseEstimate::tokens > 0).
TokenBasis tokenBasis(const Estimate& e);
/// Stable id: "none", "pretraining", "rl", "pretraining_and_rl".
std::string_view tokenBasisId(TokenBasis b);
/// English name of the tokens ("pre-training tokens"), context "costlab::Figure".
const char* tokenBasisLabel(TokenBasis b);

/// One figure. Ids are stable: comparison JSON keys and lesson files use them.
struct PlanFigure {
    std::string_view id;    ///< "total", "wall_days"
    std::string_view alias; ///< an older id files may still use ("total_cost"), or ""
    const char* label;      ///< English, context "costlab::Figure"
    /// A caption where room is short (the headline strip, the CLI summary); English,
    /// context "costlab::FigureShort".
    const char* short_label;
    FigureUnit unit;
    FigureScope scope;
    double (*get)(const Estimate&); ///< the value; money only where the plan is priced
    bool in_compare;                ///< a headline row of the comparison
    /// For a figure per unit whose kind depends on the plan (cost per million trained tokens:
    /// tokenBasis), that kind; null when the figure means the same in every plan. Two plans'
    /// values are compared (a difference, better or worse) only when their bases are equal.
    TokenBasis (*basis)(const Estimate&) = nullptr;
};

/// Every figure, in display order (the comparison's rows keep this order).
std::span<const PlanFigure> planFigures();
/// The figure with this id or alias, or nullptr.
const PlanFigure* findPlanFigure(std::string_view id);
/// True for the two money units.
constexpr bool isMoney(FigureUnit u)
{
    return u == FigureUnit::Money || u == FigureUnit::MoneyRate;
}

} // namespace costlab
