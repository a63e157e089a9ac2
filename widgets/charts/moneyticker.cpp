#include "moneyticker.h"

#include <QCoreApplication>

#include <cmath>

namespace costlab {

MoneyTicker::MoneyTicker(const QString& symbol) : m_symbol(symbol) {}

QString MoneyTicker::compact(double value, const QString& symbol, const QLocale& locale,
                             int decimals)
{
    const double a = std::abs(value);
    double scaled = value;
    QString suffix;
    // Past a thousand trillion a suffix would print twenty digits ("$7,999,999,999,999,999,
    // 865,782,272B"): such sums come only from absurd inputs, and an exponent says so briefly.
    if (a >= 1e15 || !std::isfinite(value)) {
        QString e = locale.toString(value, 'e', 1);
        return e.startsWith(locale.negativeSign())
                   ? locale.negativeSign() + symbol + e.mid(locale.negativeSign().size())
                   : symbol + e;
    }
    // Suffixes are translatable so a locale can use its own abbreviations.
    if (a >= 1e12) {
        scaled = value / 1e12;
        suffix = QCoreApplication::translate("costlab::MoneyTicker", "T", "trillion");
    } else if (a >= 1e9) {
        scaled = value / 1e9;
        suffix = QCoreApplication::translate("costlab::MoneyTicker", "B", "billion");
    } else if (a >= 1e6) {
        scaled = value / 1e6;
        suffix = QCoreApplication::translate("costlab::MoneyTicker", "M", "million");
    } else if (a >= 1e3) {
        scaled = value / 1e3;
        suffix = QCoreApplication::translate("costlab::MoneyTicker", "k", "thousand");
    }
    // Tick values near zero come out as ±1e-12 from floating-point steps.
    if (std::abs(scaled) < 1e-9)
        scaled = 0;
    QString number = locale.toString(scaled, 'f', decimals);
    if (decimals > 0) {
        const QString dp = locale.decimalPoint();
        while (number.endsWith(locale.zeroDigit()) && number.contains(dp))
            number.chop(1);
        if (number.endsWith(dp))
            number.chop(dp.size());
    }
    if (number.startsWith(locale.negativeSign()))
        return locale.negativeSign() + symbol + number.mid(locale.negativeSign().size()) + suffix;
    return symbol + number + suffix;
}

QString MoneyTicker::getTickLabel(double tick, const QLocale& locale, QChar, int)
{
    return compact(tick, m_symbol, locale, 2);
}

} // namespace costlab
