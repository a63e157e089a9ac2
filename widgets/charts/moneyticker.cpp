#include "moneyticker.h"
#include "paramtext.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace costlab {

MoneyTicker::MoneyTicker(const QString& symbol) : m_symbol(symbol) {}

QString MoneyTicker::compact(double value, const QString& symbol, const QLocale& locale,
                             int decimals)
{
    return compact(value, symbol, locale, decimals, magnitudeFor(std::abs(value)));
}

QString MoneyTicker::compact(double value, const QString& symbol, const QLocale& locale,
                             int decimals, const Magnitude& magnitude)
{
    // Past a thousand trillion a suffix would print twenty digits ("$7,999,999,999,999,999,
    // 865,782,272B"): such sums come only from absurd inputs, and an exponent says so briefly.
    if (std::abs(value) >= 1e15 || !std::isfinite(value)) {
        QString e = locale.toString(value, 'e', 1);
        return e.startsWith(locale.negativeSign())
                   ? locale.negativeSign() + symbol + e.mid(locale.negativeSign().size())
                   : symbol + e;
    }
    double scaled = value / magnitude.divisor;
    // Tick values near zero come out as ±1e-12 from floating-point steps.
    if (std::abs(scaled) < 1e-9)
        return symbol + locale.toString(0);
    QString number = locale.toString(scaled, 'f', decimals);
    if (decimals > 0) {
        const QString dp = locale.decimalPoint();
        while (number.endsWith(locale.zeroDigit()) && number.contains(dp))
            number.chop(1);
        if (number.endsWith(dp))
            number.chop(dp.size());
    }
    if (number.startsWith(locale.negativeSign()))
        return locale.negativeSign() + symbol + number.mid(locale.negativeSign().size()) +
               magnitude.suffix;
    return symbol + number + magnitude.suffix;
}

void MoneyTicker::generate(const QCPRange& range, const QLocale& locale, QChar formatChar,
                           int precision, QVector<double>& ticks, QVector<double>* subTicks,
                           QVector<QString>* tickLabels)
{
    m_axisMax = std::max(std::abs(range.lower), std::abs(range.upper));
    QCPAxisTicker::generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
}

QString MoneyTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    // Every tick of an axis in one magnitude, its largest ("$0.5 M", "$1 M", "$1.5 M"; not
    // "$500 K" beside "$1 M"), with room for the ticks' digits.
    return compact(tick, m_symbol, locale, 2, magnitudeFor(m_axisMax));
}

} // namespace costlab
