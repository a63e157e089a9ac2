// Axis ticker for money: "$0", "$250k", "$1.5M", "$2B" with the currency symbol in front.
#pragma once

#include "paramtext.h"

#include <qcustomplot.h>

#include <QString>

#include <algorithm>
#include <cmath>

namespace costlab {

class MoneyTicker : public QCPAxisTicker {
public:
    explicit MoneyTicker(const QString& symbol = QStringLiteral("$"));
    void setSymbol(const QString& symbol) { m_symbol = symbol; }
    QString symbol() const { return m_symbol; }

    /// Compact money text in the magnitude paramtext's magnitudeFor() gives the value (the
    /// headline's: "$1.5 M", "¥150 万"), up to `decimals` decimals (trailing zeros dropped).
    static QString compact(double value, const QString& symbol, const QLocale& locale,
                           int decimals = 1);
    /// The same in a given magnitude (an axis writes every tick in its largest one).
    static QString compact(double value, const QString& symbol, const QLocale& locale, int decimals,
                           const Magnitude& magnitude);

protected:
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision,
                  QVector<double>& ticks, QVector<double>* subTicks,
                  QVector<QString>* tickLabels) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override;

private:
    QString m_symbol;
    double m_axisMax = 0; ///< largest |value| of the range being labelled
};

/// The same labels on a logarithmic money axis (1-2-5 steps per decade), for sweeps whose
/// cost spans decades (1 environment: $700 M; 2,048: $2 M).
class MoneyLogTicker : public QCPAxisTickerLog {
public:
    explicit MoneyLogTicker(const QString& symbol = QStringLiteral("$")) : m_symbol(symbol) {}
    void setSymbol(const QString& symbol) { m_symbol = symbol; }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar, int) override
    {
        return MoneyTicker::compact(tick, m_symbol, locale, 2);
    }
    /// 1-2-5 steps of each decade in range, or QCustomPlot's powers of ten when those would
    /// be more than the axis has room for: tickCount() + 3 (8 at QCustomPlot's default of 5;
    /// fewer where ChartBase::fitTickCount() found a short axis: seven labels overlapped on
    /// a 120 px axis at 2× scale, issue 46). Powers alone left a $2–60 M range with two labels
    /// ($10 M, $100 M) and no tick near the plan (issue 49).
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        QVector<double> ticks;
        const int most = std::max(4, tickCount() + 3);
        if (range.lower > 0 && range.upper > range.lower) {
            for (double decade = std::pow(10.0, std::floor(std::log10(range.lower)));
                 decade <= range.upper && ticks.size() <= most; decade *= 10)
                for (const double m : {1.0, 2.0, 5.0})
                    if (const double t = m * decade; t >= range.lower && t <= range.upper)
                        ticks << t;
        }
        m_steps125 = ticks.size() >= 2 && ticks.size() <= most;
        return m_steps125 ? ticks : QCPAxisTickerLog::createTickVector(tickStep, range);
    }
    /// No sub-ticks between 1-2-5 ticks (QCustomPlot's assume a power of ten between ticks).
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override
    {
        return m_steps125 ? QVector<double>()
                          : QCPAxisTickerLog::createSubTickVector(subTickCount, ticks);
    }

private:
    QString m_symbol;
    bool m_steps125 = false;
};

} // namespace costlab
