// Axis ticker for money: "$0", "$250k", "$1.5M", "$2B" with the currency symbol in front.
#pragma once

#include "paramtext.h"

#include <qcustomplot.h>

#include <QString>

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

private:
    QString m_symbol;
};

} // namespace costlab
