// What every part of the report needs: the plan, its report data, the options and how
// numbers are written in the report's language. Internal to widgets/report.
#pragma once

#include "catalog.h"
#include "reportdata.h"
#include "reportoptions.h"
#include "scenario.h"

#include <QLocale>
#include <QString>

namespace costlab {

/// Texts are translated in ReportWriter's context ("costlab::ReportWriter").
struct ReportContext {
    ReportContext(const Scenario& scenario, const Catalog& catalog, const ReportOptions& options);

    const Scenario& s;
    const Catalog& cat;
    const ReportOptions& opt;
    const ReportData data;
    const Estimate& e; ///< data.estimate
    const QLocale loc;
    const QString cur; ///< ISO currency code of the plan
    const bool zh;     ///< Chinese report: CJK fonts first for the charts

    QString money(double v) const { return ReportText::formatMoney(v, cur, loc); }
    QString pct(double p) const { return ReportText::formatPercent(p, loc); }
    QString num(double v, int decimals) const { return loc.toString(v, 'f', decimals); }
    QString gpuh(double v) const { return ReportText::formatGpuHours(v, loc); }
    QString days(double hours) const;
    /// The phase's name, or "Phase N"; "whole plan" for −1.
    QString phaseName(int i) const;
};

} // namespace costlab
