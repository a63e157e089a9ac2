#include "palette.h"

#include <array>

namespace costlab {

namespace {

// Shades run dark → light inside a group so neighbouring stacked segments stay distinct.
// One colour per row of the category table (categories.h), in its order.
constexpr std::array<QRgb, kCategoryCount> kCategoryColours{{
    0xff08519c, 0xff3182bd, 0xff6baed6, 0xff9ecae1, 0xffc6dbef, // compute
    0xff006d2c, 0xff31a354, 0xff74c476, 0xffbae4b3,             // storage
    0xff54278f, 0xff807dba, 0xffbcbddc,                         // network
    0xffe6b800,                                                 // logging
    0xffa50f15, 0xffde2d26, 0xffe7298a, 0xfffb6a4a, 0xfffd8d3c, // hidden
    0xfffdae6b, 0xffd94801,
}};

constexpr std::array<QRgb, kCategoryGroupCount> kGroupColours{{
    0xff3182bd,
    0xff31a354,
    0xff756bb1,
    0xffe6b800,
    0xffe6550d,
}};

constexpr std::array<QRgb, kRiskCount> kRiskColours{{
    0xffd62728, // OOM
    0xffff7f0e, // divergence (rolled back)
    0xff7a0177, // unrecoverable divergence / collapse
    0xff9467bd, // recovery
    0xff8c564b, // capacity
    0xff1f77b4, // budget
}};

} // namespace

QColor categoryColor(Category c)
{
    return QColor::fromRgba(kCategoryColours[std::size_t(categoryInfo(c).category)]);
}

QColor categoryGroupColor(const QString& group)
{
    for (const CategoryGroupInfo& g : categoryGroupTable())
        if (group == QLatin1String(g.id.data(), qsizetype(g.id.size())))
            return QColor::fromRgba(kGroupColours[std::size_t(g.group)]);
    return QColor(Qt::gray);
}

QColor riskColor(RiskKind k)
{
    return QColor::fromRgba(kRiskColours[std::size_t(riskInfo(k).kind)]);
}

QColor costColor()
{
    return QColor(0x1f, 0x4e, 0x9c);
}
QColor markerColor()
{
    return QColor(0x33, 0x33, 0x33);
}

QColor impactTextColor(int level)
{
    // The headline badges' text colours (headlinestrip.cpp kBadgeStyle).
    switch (level) {
    case 0:
        return QColor(0x14, 0x53, 0x2d);
    case 1:
        return QColor(0x7a, 0x4a, 0x00);
    default:
        return QColor(0x8a, 0x10, 0x10);
    }
}

} // namespace costlab
