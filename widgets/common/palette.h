// Colours shared by every chart, the compare view and the report, so a category or a risk
// has the same colour everywhere: compute = blues, storage = greens, network = purples,
// logging = yellows, hidden costs = reds/oranges. Names come from labels.h.
#pragma once

#include "categories.h"
#include "risks.h"

#include <QColor>
#include <QString>

namespace costlab {

/// Colour of one cost category (shade within its group's hue).
QColor categoryColor(Category c);
/// Representative colour of a category group id ("compute", "storage", ...); grey if unknown.
QColor categoryGroupColor(const QString& group);
/// Colour of a risk series or badge (the same in every chart).
QColor riskColor(RiskKind k);
/// Colour of the cost series / current marker.
QColor costColor();
QColor markerColor();
/// Text colour of an impact level (riskImpactLevel: 0 low, 1 elevated, 2 high), the badges'
/// text colours: dark green, dark amber, dark red; readable on a light background.
QColor impactTextColor(int level);

} // namespace costlab
