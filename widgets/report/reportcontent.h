// The report's text as HTML for QTextDocument, one function per section: cover, contents,
// executive summary, cost breakdown, charts, risks, assumptions, methods. Every scenario
// text goes through escaping; numbers come from ReportData. Internal to widgets/report.
#pragma once

#include "registry.h"
#include "reportcharts.h"
#include "risks.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <vector>

namespace costlab {

struct ActualsResult;
struct ReportContext;

/// A top-level section: its anchor (for the contents' page numbers) and title.
struct ReportSection {
    QString anchor, title;
};

class ReportContent {
public:
    ReportContent(const ReportContext& ctx, const std::vector<ReportChart>& charts);

    /// The whole report as HTML, one part per page-starting section (the cover, the
    /// contents, then each level-1 heading and what follows it; sections without content
    /// left out), each laid out as a document of its own (ReportLayout). The contents
    /// table's page-number cells are empty: the layout paints the numbers once the pages are
    /// known (ReportLayout::setContentsPages), so no part is laid out again for them. Chart
    /// positions are placeholders "@@CHART<i>@@" the layout replaces with chart objects.
    QStringList html();
    /// The sections of the last html(), in order.
    const std::vector<ReportSection>& sections() const { return m_sections; }
    /// The contents' entries in the order of the contents table's rows.
    static QList<ReportSection> contentsEntries();
    /// The contents' heading (the table follows it).
    static QString contentsTitle();

private:
    QString cover() const;
    QString contents() const;
    QString summary();
    QString summaryFigures() const;
    QString summaryTables() const;
    QString actuals();
    QString value();
    QString actualsFlags(const ActualsResult& r) const;
    QString actualsPhases(const ActualsResult& r) const;
    QString breakdown();
    QString trainingStep() const;
    QString targets() const;
    QString chartsSection();
    QString risks();
    QString phaseRisks(int phase) const;
    struct RiskText {
        QString words, basis;
    };
    RiskText riskText(RiskKind kind, int phase) const;
    QString planRisk() const;
    QString uncertainty() const;
    QString savings();
    QString optimisedPlan() const;
    QString assumptions();
    QString assumptionValue(const ParamRef& ref) const;
    QString methods();

    /// A page-breaking section heading, remembered for the contents.
    QString h1(const QString& anchor, const QString& title);

    const ReportContext& m_ctx;
    const std::vector<ReportChart>& m_charts;
    std::vector<ReportSection> m_sections;
};

} // namespace costlab
