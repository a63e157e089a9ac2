// Colours and display names shared by all charts, so that a category has the same colour
// in every chart and in the exported report: compute = blues, storage = greens,
// network = purples, logging = yellows, hidden costs = reds/oranges.
#pragma once

#include "estimate.h"

#include <QColor>
#include <QString>

namespace costlab {

/// Colour of one cost category (shade within its group's hue).
QColor categoryColor(Category c);
/// Representative colour of a category group id ("compute", "storage", ...); grey if unknown.
QColor categoryGroupColor(const QString& group);
/// Translated label of a category ("Training compute"), context "costlab::Category".
QString categoryDisplayName(Category c);
/// Group id of a category ("compute", "storage", "network", "logging", "hidden").
QString categoryGroupOf(Category c);
/// Translated label of a category group id ("Compute").
QString categoryGroupDisplayName(const QString& group);
/// Category group ids in display order.
const QStringList& categoryGroups();

/// Colours of the risk series (OOM, convergence, recovery, capacity) — same in every chart.
QColor oomColor();
QColor convergenceColor();
QColor recoveryColor();
QColor capacityColor();
/// Colour of the cost series / current marker.
QColor costColor();
QColor markerColor();

/// Translated label of a phase kind ("Pre-training").
QString phaseKindDisplayName(PhaseKind k);
/// Translated label of a GPU role ("Trainer").
QString gpuRoleDisplayName(GpuRole r);

} // namespace costlab
