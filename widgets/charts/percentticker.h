// Axis ticker for probabilities stored as 0–1 and shown as "0 %" … "100 %".
#pragma once

#include <qcustomplot.h>

namespace costlab {

class PercentTicker : public QCPAxisTicker {
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;
};

} // namespace costlab
