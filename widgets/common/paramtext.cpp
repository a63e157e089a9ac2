#include "paramtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

QString tr8(const char* context, std::string_view s)
{
    if (s.empty())
        return {};
    // Registry strings are static literals, so data() is NUL-terminated.
    return QCoreApplication::translate(context, std::string(s).c_str());
}

bool chineseUi()
{
    return QLocale().language() == QLocale::Chinese;
}

} // namespace

QString paramLabel(const ParamDef& def)
{
    return tr8("costlab::Param", def.label);
}
QString paramHelp(const ParamDef& def)
{
    return tr8("costlab::Param", def.help);
}
QString paramZeroLabel(const ParamDef& def)
{
    return tr8("costlab::Param", def.zero_label);
}
QString groupLabel(std::string_view group)
{
    return tr8("costlab::Param", group);
}
QString choiceLabel(const ChoiceDef& choice)
{
    return tr8("costlab::Param", choice.label);
}
QString unitText(std::string_view unit)
{
    // Trimmed: a language without a word for a unit translates it as a space (Chinese
    // writes a 0–1 fraction bare; "0.3 比例" is not idiomatic, issue 49).
    return tr8("costlab::Unit", unit).trimmed();
}

QString translatedMessage(const Message& m)
{
    if (m.id == Msg::Text)
        return QString::fromStdString(m.text);
    if (m.id == Msg::Unit)
        return unitText(m.text);
    // A unit the language writes bare (a fraction in Chinese) leaves no "(…)" behind.
    if ((m.id == Msg::ANumberOfUnit || m.id == Msg::AnIntegerOfUnit) && !m.args.empty() &&
        translatedMessage(m.args.front()).isEmpty())
        return translatedMessage(
            message(m.id == Msg::ANumberOfUnit ? Msg::ANumber : Msg::AnInteger));
    // The same one-pass substitution as the English (costlab::fillPlaceholders), on UTF-8.
    std::vector<std::string> args;
    args.reserve(m.args.size());
    for (const Message& a : m.args)
        args.push_back(translatedMessage(a).toStdString());
    return QString::fromStdString(
        fillPlaceholders(tr8("costlab::Message", messageTemplate(m.id)).toStdString(), args));
}

QString loadErrorText(const LoadError& e)
{
    const QString text =
        e.detail.empty() ? QString::fromStdString(e.message) : translatedMessage(e.detail);
    return e.pointer.empty() ? text
                             : QString::fromStdString(e.pointer) + QStringLiteral(": ") + text;
}

QString displayUnit(const ParamDef& def, Currency currency)
{
    QString u = unitText(def.display_unit.empty() ? def.unit : def.display_unit);
    // Money units are written "currency/…" in the registry; translations keep the word.
    u.replace(QLatin1String("currency"), currencyCodeText(currency));
    return u;
}

QString phaseKindLabel(PhaseKind kind)
{
    switch (kind) {
    case PhaseKind::Pretrain:
        return QCoreApplication::translate("costlab::Format", "Pre-training");
    case PhaseKind::RlPosttrain:
        return QCoreApplication::translate("costlab::Format", "RL post-training");
    case PhaseKind::Evaluation:
        return QCoreApplication::translate("costlab::Format", "Evaluation");
    }
    return {};
}

QString currencyCodeText(Currency c)
{
    return c == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD");
}

QString formatNumber(double value, int significant)
{
    if (!std::isfinite(value))
        return QStringLiteral("—");
    return plainNumber(value, QLocale(), significant);
}

QString plainNumber(double value, const QLocale& loc, int significant)
{
    const double a = std::abs(value);
    if (!std::isfinite(value) || a == 0)
        return loc.toString(value, 'g', significant);
    const int mag = int(std::floor(std::log10(a)));
    if (mag > 15 || mag < -12)
        return loc.toString(value, 'g', significant);
    const int decimals = std::clamp(significant - 1 - mag, 0, 12);
    QString text = loc.toString(value, 'f', decimals);
    if (decimals > 0) { // "1.50000" → "1.5", "2.000" → "2"
        const QString point = loc.decimalPoint();
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(point.size());
    }
    return text;
}

Magnitude magnitudeFor(double a)
{
    // Chinese readers count in 万 (10^4) and 亿 (10^8); this is number formatting, not
    // translation, so it follows the UI locale rather than the .ts file.
    if (chineseUi()) {
        if (a >= 1e8)
            return {1e8, QStringLiteral(" 亿")};
        if (a >= 1e4)
            return {1e4, QStringLiteral(" 万")};
        return {};
    }
    struct Step {
        double divisor;
        struct {
            const char* text;
            const char* comment;
        } suffix; // QT_TRANSLATE_NOOP3 gives {text, comment}
    };
    // Marked for lupdate; translatable so a language can use its own abbreviations.
    static constexpr Step kSteps[] = {
        {1e12, QT_TRANSLATE_NOOP3("costlab::Format", "T", "trillion")},
        {1e9, QT_TRANSLATE_NOOP3("costlab::Format", "B", "billion")},
        {1e6, QT_TRANSLATE_NOOP3("costlab::Format", "M", "million")},
        {1e3, QT_TRANSLATE_NOOP3("costlab::Format", "K", "thousand")}};
    for (const Step& st : kSteps)
        if (a >= st.divisor)
            return {st.divisor, QLatin1Char(' ') + QCoreApplication::translate("costlab::Format",
                                                                               st.suffix.text,
                                                                               st.suffix.comment)};
    return {};
}

QString formatCount(double value)
{
    const double a = std::abs(value);
    // Beyond a thousand trillion (absurd inputs only) an exponent, not twenty digits.
    if (a >= 1e15 && std::isfinite(value))
        return QLocale().toString(value, 'e', 2);
    const Magnitude m = magnitudeFor(a);
    return formatNumber(value / m.divisor) + m.suffix;
}

QString formatMoney(double value, Currency c)
{
    const QString symbol = c == Currency::CNY ? QStringLiteral("¥") : QStringLiteral("$");
    if (!std::isfinite(value))
        return symbol + QStringLiteral("—");
    const QString sign = value < 0 ? QStringLiteral("−") : QString();
    // Below a cent (a risk's expected cost of 1e-31 USD) a bound, never "$1.37E-31".
    if (value != 0 && std::abs(value) < 0.01)
        return sign + QStringLiteral("<") + symbol + QLocale().toString(0.01, 'f', 2);
    return sign + symbol + formatCount(std::abs(value));
}

QString formatPercent(double p)
{
    if (!std::isfinite(p))
        return QStringLiteral("— %");
    const double pct = p * 100;
    if (pct > 0 && pct < 0.1)
        return QStringLiteral("<%1 %").arg(QLocale().toString(0.1, 'f', 1));
    // Never "100 %" for a chance short of certain (issue 14): the bound instead.
    if (p < 1 && pct >= 99.95)
        return QStringLiteral(">%1 %").arg(QLocale().toString(99.9, 'f', 1));
    return QStringLiteral("%1 %").arg(formatNumber(pct, pct >= 10 ? 3 : 2));
}

QString figureLabel(const PlanFigure& figure)
{
    return QCoreApplication::translate("costlab::Figure", figure.label);
}

QString figureCaption(std::string_view id)
{
    const PlanFigure* f = findPlanFigure(id);
    return f ? QCoreApplication::translate("costlab::FigureShort", f->short_label)
             : QString::fromUtf8(id.data(), qsizetype(id.size()));
}

QString formatFigure(FigureUnit unit, double v, Currency c)
{
    // Spelled out (not a local tr): lupdate files the strings under costlab::Figure,
    // the context they are looked up in.
    switch (unit) {
    case FigureUnit::Money:
        return formatMoney(v, c);
    case FigureUnit::MoneyRate:
        return QCoreApplication::translate("costlab::Figure", "%1/M tokens",
                                           "money per million tokens")
            .arg(formatMoney(v, c));
    case FigureUnit::GpuHours:
        return QCoreApplication::translate("costlab::Figure", "%1 GPU-hours").arg(formatCount(v));
    case FigureUnit::Days:
        return QCoreApplication::translate("costlab::Figure", "%1 days").arg(formatNumber(v, 3));
    case FigureUnit::Hours:
        return QCoreApplication::translate("costlab::Figure", "%1 h").arg(formatNumber(v, 3));
    case FigureUnit::Seconds:
        return QCoreApplication::translate("costlab::Figure", "%1 s").arg(formatNumber(v, 3));
    case FigureUnit::Share:
        return QCoreApplication::translate("costlab::Figure", "%1 %").arg(formatNumber(v * 100, 3));
    case FigureUnit::GiB:
        return QCoreApplication::translate("costlab::Figure", "%1 GiB").arg(formatNumber(v, 3));
    case FigureUnit::Count:
        return formatNumber(v, 3);
    case FigureUnit::Probability:
        return formatPercent(v);
    case FigureUnit::Ratio:
        return v > 0 ? QCoreApplication::translate("costlab::Figure", "%1 %")
                           .arg(formatNumber(100 * v, 3))
                     : QCoreApplication::translate("costlab::Figure", "no budget");
    }
    return formatNumber(v, 3);
}

QString figureUnitText(FigureUnit unit, Currency c)
{
    // Spelled out (not a local tr): lupdate files the strings under costlab::Figure,
    // the context they are looked up in.
    switch (unit) {
    case FigureUnit::Money:
        return currencyCodeText(c);
    case FigureUnit::MoneyRate:
        return QCoreApplication::translate("costlab::Figure", "%1/M tokens")
            .arg(currencyCodeText(c));
    case FigureUnit::GpuHours:
        return QCoreApplication::translate("costlab::Figure", "GPU-hours");
    case FigureUnit::Days:
        return QCoreApplication::translate("costlab::Figure", "days");
    case FigureUnit::Hours:
        return QCoreApplication::translate("costlab::Figure", "h");
    case FigureUnit::Seconds:
        return QCoreApplication::translate("costlab::Figure", "s");
    case FigureUnit::Share:
    case FigureUnit::Probability:
    case FigureUnit::Ratio:
        return QCoreApplication::translate("costlab::Figure", "%");
    case FigureUnit::GiB:
        return QCoreApplication::translate("costlab::Figure", "GiB");
    case FigureUnit::Count:
        return QString();
    }
    return QString();
}

} // namespace costlab
