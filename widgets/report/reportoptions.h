// What the report's parts share with its façade (issue 43): the options a report is written
// with, the translation context every report text uses, and how the report writes numbers.
// The parts (reportcharts, reportcontent, reportlayout) include this, never reportwriter.h.
#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QPageSize>
#include <QString>

#include <memory>

namespace costlab {

struct ActualsResult;
struct ValueComparison;

/// Route A vs Route B on value (issue 46, item 5): the report's plan (A) against another (B).
struct ReportValue {
    std::shared_ptr<const ValueComparison> comparison; ///< compareValue(plan, other); null: none
    QString other_name;      ///< the other plan's name (user text, shown as text)
    double other_factor = 1; ///< the other plan's money → this plan's currency
};

/// How a report is written.
struct ReportOptions {
    QPageSize pageSize = QPageSize(QPageSize::A4); ///< A4 or Letter (any size works)
    QString language = QStringLiteral("en");       ///< "en" or "zh_CN": fonts, numbers
    QString author;                                ///< shown on the cover; may be empty
    /// The plan held against its bills and logs (issue 47): adds the "Plan versus actual"
    /// section and chart; none when null.
    std::shared_ptr<const ActualsResult> actuals;
    /// Adds the section "Route A vs Route B on value" and its two charts; none when its
    /// comparison is null.
    ReportValue value;
};

/// The report's translation context ("costlab::ReportWriter", as the .ts has always named
/// it) and number formats. ReportWriter derives from it, so its callers keep the names.
class ReportText {
    Q_DECLARE_TR_FUNCTIONS(costlab::ReportWriter)
public:
    /// Dots per inch the report is laid out at, for the PDF and for printing alike: text
    /// metrics depend on it, so a printer at another resolution would break pages elsewhere.
    static constexpr int kResolution = 300;

    /// Locale used for numbers in a report of `language` (en → en_US, zh_CN → zh_CN).
    static QLocale reportLocale(const QString& language);
    /// Money as printed in the report: QLocale::toString(value, 'f', 0) + " " + code.
    static QString formatMoney(double value, const QString& currencyCode, const QLocale& locale);
    /// GPU-hours as printed: QLocale::toString(value, 'f', 0) + " GPU-h".
    static QString formatGpuHours(double value, const QLocale& locale);
    /// Probability as printed: QLocale::toString(100·p, 'f', 1) + " %"; short of certain
    /// never prints as 100.0 % (issue 14).
    static QString formatPercent(double p, const QLocale& locale);
};

} // namespace costlab
