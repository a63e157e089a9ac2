#include "labels.h"
#include "paramtext.h"

#include <QCoreApplication>
#include <QLocale>

namespace costlab {

namespace {

QString translated(const char* context, std::string_view english)
{
    // The model's labels are string literals, so data() is NUL-terminated.
    return QCoreApplication::translate(context, english.data());
}

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

QString categoryDisplayName(Category c)
{
    return translated("costlab::Category", categoryLabel(c));
}

QString categoryExplanation(Category c)
{
    return translated("costlab::Category", categoryInfo(c).explanation);
}

QString categoryGroupOf(Category c)
{
    return fromView(categoryGroup(c));
}

QString categoryGroupDisplayName(const QString& group)
{
    for (const CategoryGroupInfo& g : categoryGroupTable())
        if (group == fromView(g.id))
            return translated("costlab::Category", g.label);
    return group;
}

const QStringList& categoryGroups()
{
    static const QStringList groups = [] {
        QStringList ids;
        for (const CategoryGroupInfo& g : categoryGroupTable())
            ids << fromView(g.id);
        return ids;
    }();
    return groups;
}

QString riskDisplayName(RiskKind k)
{
    return translated("costlab::Risk", riskInfo(k).label);
}

QString measureDisplayName(std::string_view id)
{
    const std::string_view label = measureLabel(id);
    if (label.empty())
        return QString::fromUtf8(id.data(), qsizetype(id.size()));
    const char* context = id.starts_with("category.") ? "costlab::Category"
                          : id.starts_with("risk")    ? "costlab::Risk"
                                                      : "costlab::Figure";
    const QString name = translated(context, label);
    if (id.starts_with("risk_cost."))
        return QCoreApplication::translate("costlab::Lesson", "Expected cost of %1").arg(name);
    if (id.starts_with("risk."))
        return QCoreApplication::translate("costlab::Lesson", "P(%1)").arg(name);
    return name;
}

QString riskShortName(RiskKind k)
{
    return translated("costlab::Risk", riskInfo(k).short_label);
}

QString riskExplanation(RiskKind k)
{
    return translated("costlab::Risk", riskInfo(k).explanation);
}

QString riskTotalNote()
{
    QStringList booked, beside;
    for (const RiskInfo& r : riskTable())
        (r.in_total ? booked : beside) << riskDisplayName(r.kind);
    const QString sep = QCoreApplication::translate("costlab::Risk", ", ", "list separator");
    return QCoreApplication::translate("costlab::Risk",
                                       "The total includes the expected costs of %1 (booked as "
                                       "hidden costs); %2 are shown beside it, not added to it.")
        .arg(booked.join(sep), beside.join(sep));
}

QString phaseKindDisplayName(PhaseKind k)
{
    switch (k) {
    case PhaseKind::Pretrain:
        return QCoreApplication::translate("costlab::Phase", "Pre-training");
    case PhaseKind::RlPosttrain:
        return QCoreApplication::translate("costlab::Phase", "RL post-training");
    case PhaseKind::Evaluation:
        return QCoreApplication::translate("costlab::Phase", "Evaluation");
    }
    return QString();
}

QString gpuRoleDisplayName(GpuRole r)
{
    switch (r) {
    case GpuRole::Trainer:
        return QCoreApplication::translate("costlab::Phase", "Trainer");
    case GpuRole::Rollout:
        return QCoreApplication::translate("costlab::Phase", "Rollout");
    case GpuRole::RewardModel:
        return QCoreApplication::translate("costlab::Phase", "Reward model");
    case GpuRole::Count:
        break;
    }
    return QString();
}

QString tokenBasisDisplayName(TokenBasis b)
{
    return translated("costlab::Figure", tokenBasisLabel(b));
}

namespace {
QString layoutProblemOnly(const LayoutCheck& c)
{
    const QLocale loc;
    auto n = [&loc](double v) { return loc.toString(v, 'f', 0); };
    const ParallelLayout& l = c.layout;
    switch (c.problem) {
    case LayoutProblem::None:
        return {};
    case LayoutProblem::NotDivisible:
        return QCoreApplication::translate("costlab::Layout",
                                           "TP %1 × PP %2 × CP %3 = %4 does not divide %5 GPUs")
            .arg(n(l.tp), n(l.pp), n(l.cp), n(c.product), n(c.gpus));
    case LayoutProblem::BatchTooSmall:
        return QCoreApplication::translate(
                   "costlab::Layout",
                   "the global batch of %1 sequences is smaller than micro-batch %2 × DP %3 = %4")
            .arg(n(c.gpus), n(l.micro_batch), n(l.dp), n(c.product));
    case LayoutProblem::ExpertsNotDivisible:
        return QCoreApplication::translate("costlab::Layout",
                                           "EP %1 does not divide the %2 routed experts")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::ExpertGroupNotDividing:
        return QCoreApplication::translate("costlab::Layout",
                                           "EP %1 × ETP %2 = %3 does not divide the %4 GPUs of a "
                                           "pipeline stage (TP %5 × CP %6 × DP %7)")
            .arg(n(l.ep), n(l.etp), n(c.product), n(c.gpus), n(l.tp), n(l.cp), n(l.dp));
    case LayoutProblem::HeadsNotDivisible:
        return QCoreApplication::translate("costlab::Layout",
                                           "TP %1 does not divide the %2 attention heads")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::ShardGroupNotDividing:
        return QCoreApplication::translate(
                   "costlab::Layout",
                   "the FSDP shard group of %1 does not divide the %2 data-parallel ranks")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::KvHeadsAboveHeads:
        return QCoreApplication::translate("costlab::Layout",
                                           "the model has %1 KV heads but only %2 attention heads")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::KvHeadsNotDividingHeads:
        return QCoreApplication::translate(
                   "costlab::Layout",
                   "%1 KV heads do not divide the %2 attention heads into equal GQA groups")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::HeadsNotDividingHidden:
        return QCoreApplication::translate(
                   "costlab::Layout",
                   "%1 attention heads do not divide hidden size %2; give the head dimension")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::TopKAboveExperts:
        return QCoreApplication::translate(
                   "costlab::Layout", "%1 experts per token is more than the %2 routed experts")
            .arg(n(c.product), n(c.gpus));
    case LayoutProblem::TargetBelowFloor:
        return QCoreApplication::translate(
                   "costlab::Layout",
                   "target loss %1 is at or below %2, the law's floor at this model size: no "
                   "amount of data reaches it; raise the target or the model size")
            .arg(loc.toString(c.product, 'f', 3), loc.toString(c.gpus, 'f', 3));
    case LayoutProblem::TargetAboveAsymptote:
        return QCoreApplication::translate("costlab::Layout",
                                           "target score %1 is at or above %2, the curve's "
                                           "asymptote: this recipe does not reach it at any "
                                           "compute")
            .arg(loc.toString(c.product, 'f', 3), loc.toString(c.gpus, 'f', 3));
    }
    return {};
}
} // namespace

QString layoutProblemText(const LayoutCheck& c)
{
    const QString why = layoutProblemOnly(c);
    if (why.isEmpty() || c.stage_seq <= 0)
        return why;
    return QCoreApplication::translate("costlab::Layout", "long-context stage (%1 tokens): %2")
        .arg(QLocale().toString(c.stage_seq, 'f', 0), why);
}

QString throughputSourceText(ThroughputSource s)
{
    switch (s) {
    case ThroughputSource::Model:
        return QCoreApplication::translate("costlab::Layout", "predicted from the layout");
    case ThroughputSource::PinnedMfu:
        return QCoreApplication::translate("costlab::Layout", "pinned");
    case ThroughputSource::MeasuredTflops:
        return QCoreApplication::translate("costlab::Layout", "from measured TFLOP/s");
    case ThroughputSource::MeasuredTokens:
        return QCoreApplication::translate("costlab::Layout", "from measured tokens/s");
    case ThroughputSource::CatalogDefault:
        return QCoreApplication::translate("costlab::Layout", "catalog default");
    }
    return {};
}

QString leverText(std::string_view text)
{
    if (text.empty())
        return {};
    // Lever texts are string literals (null-terminated), so data() is a C string.
    return QCoreApplication::translate("costlab::Lever", text.data());
}

QString boundaryDisplayName(Boundary b)
{
    return leverText(boundaryLabel(b));
}

QString brokenLimitsText(const std::vector<BrokenLimit>& broken, Currency currency)
{
    QStringList out;
    for (const BrokenLimit& b : broken) {
        const OptimiserLimitInfo& info = limitInfo(b.limit);
        const auto value = [&](double v) {
            switch (info.unit) {
            case OptimiserLimitInfo::Unit::Probability:
                return formatPercent(v);
            case OptimiserLimitInfo::Unit::Days:
                return QCoreApplication::translate("costlab::Optimiser", "%1 days")
                    .arg(QLocale().toString(v, 'f', 1));
            case OptimiserLimitInfo::Unit::Money:
                break;
            }
            return formatMoney(v, currency);
        };
        //: An optimiser limit a plan breaks: name, the plan's value, the limit.
        out << QCoreApplication::translate("costlab::Optimiser", "%1 %2 > %3")
                   .arg(QCoreApplication::translate("costlab::Optimiser",
                                                    b.p90 ? info.p90_name : info.name),
                        value(b.value), value(b.bound));
    }
    return out.join(QStringLiteral("; "));
}

QString optimiserSummaryText(const std::vector<SummaryPart>& parts)
{
    QStringList out;
    for (const SummaryPart& p : parts) {
        QString s = QCoreApplication::translate("costlab::Optimiser", p.pattern);
        // Whole numbers in the reader's grouping ("2,048 environments", not "2048").
        const auto arg = [&p](std::size_t i) {
            const QString a = QString::fromStdString(p.args[i]);
            bool whole = false;
            const qlonglong n = a.toLongLong(&whole);
            return whole && a.size() >= 4 ? QLocale().toString(n) : a;
        };
        // The multi-argument arg() fills every placeholder in one pass, so an argument that
        // holds "%1" (a catalog id) is never filled in again.
        if (p.args.size() == 1)
            s = s.arg(arg(0));
        else if (p.args.size() >= 2)
            s = s.arg(arg(0), arg(1));
        out << s;
    }
    return out.join(QStringLiteral(" · "));
}

} // namespace costlab
