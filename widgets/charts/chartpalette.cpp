#include "chartpalette.h"

#include <QCoreApplication>
#include <QStringList>

#include <array>

namespace costlab {

namespace {

struct CategoryStyle {
    const char* label;   // English, translated in context "costlab::Category"
    const char* group;
    QRgb colour;
};

// Shades run dark → light inside a group so neighbouring stacked segments stay distinct.
constexpr std::array<CategoryStyle, kCategoryCount> kStyles{{
    {QT_TRANSLATE_NOOP("costlab::Category", "Training compute"), "compute", 0xff08519c},
    {QT_TRANSLATE_NOOP("costlab::Category", "Rollout compute"), "compute", 0xff3182bd},
    {QT_TRANSLATE_NOOP("costlab::Category", "Reward model compute"), "compute", 0xff6baed6},
    {QT_TRANSLATE_NOOP("costlab::Category", "Environment compute"), "compute", 0xff9ecae1},
    {QT_TRANSLATE_NOOP("costlab::Category", "Evaluation compute"), "compute", 0xffc6dbef},
    {QT_TRANSLATE_NOOP("costlab::Category", "Dataset storage"), "storage", 0xff006d2c},
    {QT_TRANSLATE_NOOP("costlab::Category", "Checkpoint storage"), "storage", 0xff31a354},
    {QT_TRANSLATE_NOOP("costlab::Category", "Trajectory storage"), "storage", 0xff74c476},
    {QT_TRANSLATE_NOOP("costlab::Category", "Log storage"), "storage", 0xffbae4b3},
    {QT_TRANSLATE_NOOP("costlab::Category", "Interconnect"), "network", 0xff54278f},
    {QT_TRANSLATE_NOOP("costlab::Category", "Environment traffic"), "network", 0xff807dba},
    {QT_TRANSLATE_NOOP("costlab::Category", "Egress"), "network", 0xffbcbddc},
    {QT_TRANSLATE_NOOP("costlab::Category", "Log ingest"), "logging", 0xffe6b800},
    {QT_TRANSLATE_NOOP("costlab::Category", "Failures and restarts"), "hidden", 0xffa50f15},
    {QT_TRANSLATE_NOOP("costlab::Category", "Divergence re-runs"), "hidden", 0xffde2d26},
    {QT_TRANSLATE_NOOP("costlab::Category", "Idle GPUs"), "hidden", 0xfffb6a4a},
    {QT_TRANSLATE_NOOP("costlab::Category", "Capacity delay"), "hidden", 0xfffd8d3c},
    {QT_TRANSLATE_NOOP("costlab::Category", "Forgotten resources"), "hidden", 0xfffdae6b},
    {QT_TRANSLATE_NOOP("costlab::Category", "Engineering"), "hidden", 0xffd94801},
}};

const CategoryStyle& style(Category c)
{
    const int i = static_cast<int>(c);
    return kStyles[static_cast<std::size_t>(i >= 0 && i < kCategoryCount ? i : 0)];
}

} // namespace

QColor categoryColor(Category c)
{
    return QColor::fromRgba(style(c).colour);
}

QColor categoryGroupColor(const QString& group)
{
    if (group == QLatin1String("compute"))
        return QColor(0x31, 0x82, 0xbd);
    if (group == QLatin1String("storage"))
        return QColor(0x31, 0xa3, 0x54);
    if (group == QLatin1String("network"))
        return QColor(0x75, 0x6b, 0xb1);
    if (group == QLatin1String("logging"))
        return QColor(0xe6, 0xb8, 0x00);
    if (group == QLatin1String("hidden"))
        return QColor(0xe6, 0x55, 0x0d);
    return QColor(Qt::gray);
}

QString categoryDisplayName(Category c)
{
    return QCoreApplication::translate("costlab::Category", style(c).label);
}

QString categoryGroupDisplayName(const QString& group)
{
    if (group == QLatin1String("compute"))
        return QCoreApplication::translate("costlab::Category", "Compute");
    if (group == QLatin1String("storage"))
        return QCoreApplication::translate("costlab::Category", "Storage");
    if (group == QLatin1String("network"))
        return QCoreApplication::translate("costlab::Category", "Network");
    if (group == QLatin1String("logging"))
        return QCoreApplication::translate("costlab::Category", "Logging");
    if (group == QLatin1String("hidden"))
        return QCoreApplication::translate("costlab::Category", "Hidden costs");
    return group;
}

const QStringList& categoryGroups()
{
    static const QStringList groups{QStringLiteral("compute"), QStringLiteral("storage"),
                                    QStringLiteral("network"), QStringLiteral("logging"),
                                    QStringLiteral("hidden")};
    return groups;
}

QString categoryGroupOf(Category c)
{
    return QString::fromLatin1(style(c).group);
}

QColor oomColor() { return QColor(0xd6, 0x27, 0x28); }
QColor convergenceColor() { return QColor(0xff, 0x7f, 0x0e); }
QColor recoveryColor() { return QColor(0x94, 0x67, 0xbd); }
QColor capacityColor() { return QColor(0x8c, 0x56, 0x4b); }
QColor costColor() { return QColor(0x1f, 0x4e, 0x9c); }
QColor markerColor() { return QColor(0x33, 0x33, 0x33); }

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

} // namespace costlab
