#include "percentticker.h"

#include <cmath>

namespace costlab {

QString PercentTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    const double pct = tick * 100.0;
    // Whole percents unless the axis is zoomed below 1 % steps.
    const int decimals = std::abs(pct - std::round(pct)) < 1e-6 ? 0 : 1;
    return locale.toString(pct, 'f', decimals) + locale.percent();
}

} // namespace costlab
