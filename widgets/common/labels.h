// Translated names of the model's tables — cost categories and their groups, risks, phase
// kinds, GPU roles — so the window, the charts, the compare view and the report show one
// name for one thing. The English text lives once, in the model (categories.h, risks.h);
// the translation once, in translations/*.ts.
#pragma once

#include "categories.h"
#include "estimate.h"
#include "figures.h"
#include "lesson.h"
#include "levers.h"
#include "optimiser.h"
#include "risks.h"

#include <QString>
#include <QStringList>

namespace costlab {

/// Translated label of a category ("Training compute"), context "costlab::Category".
QString categoryDisplayName(Category c);
/// Translated one-line explanation of a category (English until translated).
QString categoryExplanation(Category c);
/// Group id of a category ("compute", "storage", "network", "logging", "hidden").
QString categoryGroupOf(Category c);
/// Translated label of a category group id ("Compute"); the id itself if unknown.
QString categoryGroupDisplayName(const QString& group);
/// Category group ids in display order.
const QStringList& categoryGroups();

/// Translated label of a risk ("Out of memory"), context "costlab::Risk".
QString riskDisplayName(RiskKind k);
/// Translated short label for badges and narrow columns ("OOM").
QString riskShortName(RiskKind k);
/// Translated one-line explanation of what the risk's probability is the chance of.
QString riskExplanation(RiskKind k);

/// One sentence on what the total contains, said the same way everywhere: which risks'
/// expected costs are booked in it (as hidden costs) and which are shown beside it.
QString riskTotalNote();

/// A lever table text (label, description, caveat, reason…) translated in the context
/// "costlab::Lever" (model/analysis/levers.h marks them); empty stays empty.
QString leverText(std::string_view text);
/// Translated label of a §5 boundary ("Precision loss").
QString boundaryDisplayName(Boundary b);
/// An optimiser plan's summary in the UI language: each part's pattern translated in the
/// context "costlab::Optimiser", its arguments filled in, joined with " · ".
QString optimiserSummaryText(const std::vector<SummaryPart>& parts);
/// The limits an optimiser plan breaks, in the UI language ("P(OOM) 7.2 % > 5 %; P90 days
/// 6.6 > 5"); money in `currency`; empty when it breaks none.
QString brokenLimitsText(const std::vector<BrokenLimit>& broken, Currency currency);

/// Translated label of a phase kind ("Pre-training").
QString phaseKindDisplayName(PhaseKind k);

/// Translated name of a lesson measure id (context "costlab::Lesson"; a category's or risk's
/// own name for "category.<id>", "risk.<id>" and "risk_cost.<id>"); the id when unknown.
QString measureDisplayName(std::string_view id);
/// Translated label of a GPU role ("Trainer").
QString gpuRoleDisplayName(GpuRole r);
/// Translated name of what a plan's trained tokens are ("pre-training and RL tokens"),
/// context "costlab::Figure" (figures.h).
QString tokenBasisDisplayName(TokenBasis b);

/// Translated sentence naming why a layout is impossible, with its numbers ("TP 3 × PP 1 ×
/// CP 1 = 3 does not divide 2,048 GPUs"); empty when the layout is possible.
QString layoutProblemText(const LayoutCheck& c);
/// Translated name of where a phase's throughput comes from ("predicted from the layout").
QString throughputSourceText(ThroughputSource s);

} // namespace costlab
