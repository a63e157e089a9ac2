// Display text for registry entries and numbers: translated labels, units, and the money /
// duration formats shared by the panel, the headline strip and the main window.
// Registry strings are English literals marked QT_TRANSLATE_NOOP("costlab::Param", ...) in
// model/engine/registry.cpp; they are translated here, at display time, never in model/.
#pragma once

#include "figures.h"
#include "messages.h"
#include "registry.h"
#include "scenario_json.h"
#include "types.h"

#include <QLocale>
#include <QString>

#include <string_view>

namespace costlab {

/// Translated parameter label (context "costlab::Param").
QString paramLabel(const ParamDef& def);
/// Translated one-line help text (context "costlab::Param").
QString paramHelp(const ParamDef& def);
/// Translated registry group name ("Model", "Rollout", ...).
QString groupLabel(std::string_view group);
/// Translated meaning of the value 0 (ParamDef::zero_label), or empty when 0 is just zero.
QString paramZeroLabel(const ParamDef& def);
/// Translated choice label.
QString choiceLabel(const ChoiceDef& choice);
/// Unit shown next to a value: display_unit when set, else the canonical unit, translated
/// (context "costlab::Unit"), with "currency" replaced by the scenario's currency code.
QString displayUnit(const ParamDef& def, Currency currency = Currency::USD);
/// Translated unit string (context "costlab::Unit"); unknown units pass through unchanged.
QString unitText(std::string_view unit);
/// A model message (messages.h) in the UI language: each template translated in context
/// "costlab::Message", units as unitText(), literal arguments as they are. The English
/// rendering is costlab::messageText().
QString translatedMessage(const Message& m);
/// A LoadError as "pointer: message" (or the message alone at the document level), translated.
QString loadErrorText(const LoadError& e);
/// Translated name of a phase kind ("Pre-training", "RL post-training", "Evaluation").
QString phaseKindLabel(PhaseKind kind);
/// "USD" / "CNY".
QString currencyCodeText(Currency c);

/// Money with currency symbol and a magnitude suffix in the UI locale
/// ("$12.4 M"; in Chinese "¥1,240 万"). Two to three significant digits.
QString formatMoney(double value, Currency c);
/// Number with up to `significant` digits and thousands separators in the UI locale.
QString formatNumber(double value, int significant = 3);
/// `value` with `significant` digits in plain notation, never an exponent where people read
/// (issue 49: "8e+06 USD", "2E-05 per GPU-hour"), trailing zeros of the fraction dropped, in
/// `locale` (its group separator as its number options say: "8,000,000" or "8000000"). Only
/// magnitudes beyond 10^15 or below 10^-12, which no input takes, keep the exponent.
QString plainNumber(double value, const QLocale& locale, int significant = 6);
/// The unit a large count or sum is written in, for the UI language: one rule for the
/// headline, the charts, the tables and the lessons (issue 49: "$730 K" in the headline beside
/// "$729.94k" on a chart, 万 beside M). Chinese counts in 万 (10^4) and 亿 (10^8); other
/// languages in K (10^3), M, B, T. Below the first step: divisor 1, no suffix.
struct Magnitude {
    double divisor = 1;
    QString suffix; ///< " K", " 万", … with its leading space; "" for divisor 1
};
Magnitude magnitudeFor(double absValue);
/// Large count with K/M/B (or 万/亿) suffix: "1.23 M".
QString formatCount(double value);
/// Probability as a percentage: "0.3 %", "<0.1 %".
QString formatPercent(double probability);

/// Translated label of a plan figure (figures.h; context "costlab::Figure").
QString figureLabel(const PlanFigure& figure);
/// Translated short caption of the figure with this id (context "costlab::FigureShort");
/// the id itself when the table has none (a programming error a test catches).
QString figureCaption(std::string_view id);
/// A plan figure's value with its unit, one format for every view that shows figures (the
/// comparison, the lessons): "$1.2 M", "3.4 K GPU-hours", "12.5 days", "38 %", "61 GiB".
/// A ratio of 0 or less reads "no budget".
QString formatFigure(FigureUnit unit, double value, Currency c);
/// The unit alone, as a field's suffix: the currency code, "GPU-hours", "days", "%", ….
QString figureUnitText(FigureUnit unit, Currency c);

} // namespace costlab
