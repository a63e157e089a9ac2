// The table of charts (issue 43): one row per chart a view can hold by id — the lesson
// file's chart ids ("breakdown", "memory", "rl", "spend", "uncertainty"), the step
// breakdown and the target law ("target") — with the factory that makes it. The lesson view builds
// its step's chart from here and feeds it through ChartBase::showEstimate() / showUncertainty(), so
// a new chart is a row here, not a case in every view.
#pragma once

#include "chartbase.h"

#include <span>
#include <string_view>

class QWidget;

namespace costlab {

struct ChartInfo {
    std::string_view id;                 ///< stable: lesson files name charts by it
    ChartBase* (*make)(QWidget* parent); ///< a new, empty chart
};

/// Every chart a view can hold by id.
std::span<const ChartInfo> chartTable();
/// The row of `id`; nullptr when there is none.
const ChartInfo* chartInfo(std::string_view id);

} // namespace costlab
