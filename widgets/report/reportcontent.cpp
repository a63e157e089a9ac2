#include "reportcontent.h"

#include "actuals.h"
#include "plaintext.h"

#include "engine.h"
#include "labels.h"
#include "paramtext.h"
#include "reportcontext.h"
#include "scaling.h"
#include "value.h"

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>

namespace costlab {

namespace {

QString esc(const std::string& s)
{
    return displayText(s).toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br/>"));
}

/// Ids have no spaces; a zero-width space after '.' and '_' lets a narrow cell wrap them
/// instead of clipping.
QString breakable(QString id)
{
    id.replace(QLatin1Char('.'), QStringLiteral(".\u200B"));
    id.replace(QLatin1Char('_'), QStringLiteral("_\u200B"));
    return id;
}

QString fromView(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

const QString kTableOpen = QStringLiteral("<table width=\"100%\" border=\"1\" cellspacing=\"0\" "
                                          "cellpadding=\"3\" style=\"border-color:#9aa9bb\">");
/// The assumptions table (300 rows, more than half of a report's pages): separate borders,
/// which draw the same thin lines as kTableOpen's collapsed ones (two half-pixel borders,
/// padding smaller by their width). Qt's border-collapse looks up every cell's neighbours
/// through the document's fragment map and made each layout of a report 2.4 times slower
/// (docs/performance.md).
const QString kLongTableOpen =
    QStringLiteral("<table width=\"100%\" border=\"0.5\" cellspacing=\"0\" cellpadding=\"2.5\" "
                   "style=\"border-color:#9aa9bb; border-collapse:separate; border-style:solid\">");

QString th(const QStringList& cols, const QList<int>& numeric = {})
{
    QString r = QStringLiteral("<thead><tr>");
    for (int i = 0; i < cols.size(); ++i)
        r += (numeric.contains(i) ? QStringLiteral("<th class=\"n\">") : QStringLiteral("<th>")) +
             cols[i].toHtmlEscaped() + QStringLiteral("</th>");
    return r + QStringLiteral("</tr></thead>");
}

/// A table row; cells are given already escaped (scenario text goes through esc()).
QString row(const QStringList& cells, const QList<int>& numeric = {}, bool bold = false)
{
    QString r = QStringLiteral("<tr>");
    for (int i = 0; i < cells.size(); ++i) {
        QString c = bold ? QStringLiteral("<b>%1</b>").arg(cells[i]) : cells[i];
        r += (numeric.contains(i) ? QStringLiteral("<td class=\"n\">") : QStringLiteral("<td>")) +
             c + QStringLiteral("</td>");
    }
    return r + QStringLiteral("</tr>");
}

/// List items joined in the report's language ("a, b"; Chinese "a、b"; issue 49).
QString joinItems(const QStringList& items)
{
    return items.join(ReportText::tr(", ", "separator between the items of a list"));
}

/// Clauses joined in the report's language ("a; b"; Chinese "a；b").
QString joinClauses(const QStringList& clauses)
{
    return clauses.join(ReportText::tr("; ", "separator between clauses"));
}

QString h2(const QString& title)
{
    return QStringLiteral("<h2>%1</h2>").arg(title.toHtmlEscaped());
}

} // namespace

ReportContent::ReportContent(const ReportContext& ctx, const std::vector<ReportChart>& charts)
    : m_ctx(ctx), m_charts(charts)
{
}

QStringList ReportContent::html()
{
    m_sections.clear();
    // Braced initialisation runs left to right: the sections are recorded in page order.
    QStringList parts{cover(),         contents(), summary(), actuals(),     value(),  breakdown(),
                      chartsSection(), risks(),    savings(), assumptions(), methods()};
    parts.removeIf([](const QString& h) { return h.isEmpty(); });
    return parts;
}

QString ReportContent::h1(const QString& anchor, const QString& title)
{
    m_sections.push_back({anchor, title});
    return QStringLiteral("<h1><a name=\"%1\"></a>%2</h1>").arg(anchor, title.toHtmlEscaped());
}

QString ReportContent::cover() const
{
    const Scenario& s = m_ctx.s;
    const Catalog& cat = m_ctx.cat;
    QString h = QStringLiteral("<p class=\"cover-sub\" style=\"margin-top:60px\">%1</p>")
                    .arg(ReportText::tr("Costlab budget report").toHtmlEscaped());
    h += QStringLiteral("<p class=\"cover-title\">%1</p>").arg(esc(s.name));
    if (!s.description.empty())
        h += QStringLiteral("<p>%1</p>").arg(esc(s.description));
    h += QStringLiteral("<p>&nbsp;</p><table cellspacing=\"0\" cellpadding=\"4\">");
    auto coverRow = [&](const QString& k, const QString& vEscaped) {
        h += row({QStringLiteral("<b>%1</b>").arg(k.toHtmlEscaped()), vEscaped});
    };
    coverRow(ReportText::tr("Date"),
             m_ctx.loc.toString(QDate::currentDate(), QLocale::LongFormat).toHtmlEscaped());
    coverRow(ReportText::tr("Author"),
             m_ctx.opt.author.isEmpty() ? QStringLiteral("—") : m_ctx.opt.author.toHtmlEscaped());
    coverRow(ReportText::tr("Project"), s.project.empty() ? QStringLiteral("—") : esc(s.project));
    coverRow(ReportText::tr("Currency"),
             m_ctx.cur + (s.currency == Currency::CNY ? ReportText::tr(" (%1 CNY per USD)")
                                                            .arg(m_ctx.num(s.cny_per_usd, 2))
                                                            .toHtmlEscaped()
                                                      : QString()));
    coverRow(ReportText::tr("Price catalog"), esc(cat.name.empty() ? cat.id : cat.name) +
                                                  QStringLiteral(" (") + esc(cat.id) +
                                                  QStringLiteral(")"));
    coverRow(ReportText::tr("Catalog date"), esc(cat.date));
    coverRow(ReportText::tr("Plan start"), esc(s.budget.start_date));
    h += QStringLiteral("</table>");
    h += QStringLiteral("<p class=\"small\" style=\"margin-top:40px\">%1</p>")
             .arg(ReportText::tr("A planning estimate computed by Costlab from the plan's inputs "
                                 "and the price catalog. "
                                 "Figures are forecasts, not quotes; the risk section and the "
                                 "assumptions table say what they rest on.")
                      .toHtmlEscaped());
    return h;
}

QString ReportContent::contentsTitle()
{
    return ReportText::tr("Contents");
}

QList<ReportSection> ReportContent::contentsEntries()
{
    return {
        {QStringLiteral("summary"), ReportText::tr("Executive summary")},
        {QStringLiteral("breakdown"), ReportText::tr("Cost breakdown")},
        {QStringLiteral("charts"), ReportText::tr("Charts")},
        {QStringLiteral("risks"), ReportText::tr("Risks")},
        {QStringLiteral("assumptions"), ReportText::tr("Assumptions")},
        {QStringLiteral("methods"), ReportText::tr("Methods")},
    };
}

QString ReportContent::contents() const
{
    QString h = QStringLiteral("<h1>%1</h1>").arg(contentsTitle().toHtmlEscaped());
    h += QStringLiteral("<table width=\"100%\" cellpadding=\"4\">");
    for (const ReportSection& t : contentsEntries())
        h += row({t.title.toHtmlEscaped(), QString()}, {1});
    return h + QStringLiteral("</table>");
}

QString ReportContent::summary()
{
    QString h = h1(QStringLiteral("summary"), ReportText::tr("Executive summary"));
    h += summaryFigures();
    const Estimate& e = m_ctx.e;
    if (!e.warnings.empty()) {
        h += QStringLiteral("<h2>%1</h2><ul>")
                 .arg(ReportText::tr("Warnings from the engine").toHtmlEscaped());
        for (auto w : e.warnings)
            h += QStringLiteral("<li>%1</li>")
                     .arg(QCoreApplication::translate("costlab::Warning", std::string(w).c_str())
                              .toHtmlEscaped());
        h += QStringLiteral("</ul>");
    }
    return h + summaryTables();
}

/// Total, split, duration, GPU-hours, tokens, budget status and the daily alert.
QString ReportContent::summaryFigures() const
{
    const Scenario& s = m_ctx.s;
    const Estimate& e = m_ctx.e;
    const ReportContext& c = m_ctx;
    QString h = kTableOpen + th({ReportText::tr("Figure"), ReportText::tr("Value")}, {1});
    if (!e.priced) { // no price, no total (issue 12); the ids are catalog text, escaped
        QString ids;
        for (const std::string& id : e.unpriced)
            ids += (ids.isEmpty() ? QString() : QStringLiteral(", ")) + QString::fromStdString(id);
        h += row({ReportText::tr("Total cost"),
                  ReportText::tr("Not priced: the catalog has no price for %1, so GPU time is "
                                 "not costed and the figures below leave it out.")
                      .arg(ids)
                      .toHtmlEscaped()},
                 {}, true);
    } else {
        h += row({ReportText::tr("Total cost"), c.money(e.total)}, {1}, true);
    }
    h += row({ReportText::tr("Fixed / elastic"),
              (c.money(e.fixed) + QStringLiteral(" / ") + c.money(e.elastic)).toHtmlEscaped()},
             {1});
    h += row({ReportText::tr("Duration"), c.days(e.wall_hours)}, {1});
    h += row({ReportText::tr("GPU-hours"), c.gpuh(e.gpu_hours)}, {1});
    if (e.tokens > 0) {
        // In the language's magnitudes: "6.22 T tokens", "62,211.8 亿 token" (issue 49).
        const Magnitude m = magnitudeFor(e.tokens);
        h += row({ReportText::tr("Trained tokens"),
                  ReportText::tr("%1 tokens").arg(c.num(e.tokens / m.divisor, 2) + m.suffix)},
                 {1});
        h += row({ReportText::tr("Cost per million trained tokens"),
                  ReportText::tr("%1 %2 per million tokens")
                      .arg(c.num(e.cost_per_million_tokens, 2), c.cur)},
                 {1});
    }
    QString status;
    switch (budgetStatus(e)) {
    case BudgetStatus::NoBudget:
        status = ReportText::tr("no budget set");
        break;
    case BudgetStatus::Ok:
        status = ReportText::tr("within budget: %1 of %2")
                     .arg(c.pct(e.budget_ratio), c.money(s.budget.total));
        break;
    case BudgetStatus::Warning:
        status = ReportText::tr("warning: %1 of %2 (above 90 %)")
                     .arg(c.pct(e.budget_ratio), c.money(s.budget.total));
        break;
    case BudgetStatus::Over:
        status = ReportText::tr("over budget: %1 of %2")
                     .arg(c.pct(e.budget_ratio), c.money(s.budget.total));
        break;
    case BudgetStatus::NotPriced:
        status =
            ReportText::tr("not priced: no total to compare with %1").arg(c.money(s.budget.total));
        break;
    }
    h += row({ReportText::tr("Budget status"), status.toHtmlEscaped()}, {1},
             budgetStatus(e) == BudgetStatus::Over);
    QString alert;
    if (s.budget.daily_alert <= 0)
        alert = ReportText::tr("no alert line set");
    else if (e.alert_day < 0)
        alert = ReportText::tr("never (peak %1 per day, line %2 per day)")
                    .arg(c.money(e.daily_peak), c.money(s.budget.daily_alert));
    else
        alert = ReportText::tr("day %1 (%2; peak %3 per day, line %4 per day)")
                    .arg(c.loc.toString(qint64(e.alert_day) + 1),
                         QDate::fromString(QString::fromStdString(s.budget.start_date), Qt::ISODate)
                             .addDays(e.alert_day)
                             .toString(Qt::ISODate),
                         c.money(e.daily_peak), c.money(s.budget.daily_alert));
    h += row({ReportText::tr("First day over the daily alert line"), alert.toHtmlEscaped()}, {1});
    return h + QStringLiteral("</table>");
}

/// Cost per phase, cost per category and the three largest risks.
QString ReportContent::summaryTables() const
{
    const Estimate& e = m_ctx.e;
    const ReportContext& c = m_ctx;
    QString h = h2(ReportText::tr("Cost per phase"));
    h += kTableOpen +
         th({ReportText::tr("Phase"), ReportText::tr("Kind"), ReportText::tr("GPUs"),
             ReportText::tr("Duration"), ReportText::tr("GPU-hours"), ReportText::tr("Cost")},
            {2, 3, 4, 5});
    for (int i = 0; i < int(e.phases.size()); ++i) {
        const PhaseEstimate& pe = e.phases[std::size_t(i)];
        h += row({c.phaseName(i).toHtmlEscaped(), phaseKindLabel(pe.kind).toHtmlEscaped(),
                  c.num(pe.gpus, 0), ReportText::tr("%1 days").arg(c.num(pe.wall_hours / 24.0, 1)),
                  c.gpuh(pe.gpu_hours), c.money(pe.total)},
                 {2, 3, 4, 5});
    }
    double shared = 0;
    for (double v : e.shared_cost)
        shared += v;
    if (shared != 0)
        h += row({ReportText::tr("Shared (datasets, engineering, …)"), QString(), QString(),
                  QString(), QString(), c.money(shared)},
                 {2, 3, 4, 5});
    h += row({ReportText::tr("Total"), QString(), QString(), c.days(e.wall_hours),
              c.gpuh(e.gpu_hours), c.money(e.total)},
             {2, 3, 4, 5}, true);
    h += QStringLiteral("</table>");

    h += h2(ReportText::tr("Cost per category"));
    h += kTableOpen + th({ReportText::tr("Category"), ReportText::tr("Resource type"),
                          ReportText::tr("Cost"), ReportText::tr("Share")},
                         {2, 3});
    for (int k = 0; k < kCategoryCount; ++k) {
        if (e.cost[k] == 0)
            continue;
        h += row({categoryDisplayName(Category(k)).toHtmlEscaped(),
                  fromView(categoryResourceType(Category(k))), c.money(e.cost[k]),
                  c.pct(e.total > 0 ? e.cost[k] / e.total : 0)},
                 {2, 3});
    }
    h += row({ReportText::tr("Total"), QString(), c.money(e.total), c.pct(1)}, {2, 3}, true);
    h += QStringLiteral("</table>");
    // A finance reader adds the rows up (2,003,064 against 2,003,067): say why they differ.
    h += QStringLiteral("<p class=\"small\">%1</p>")
             .arg(ReportText::tr("Each figure is rounded on its own, so the rows of a table may "
                                 "add up to a few units more or less than its total.")
                      .toHtmlEscaped());

    h += h2(ReportText::tr("Largest risks"));
    h += kTableOpen + th({ReportText::tr("Risk"), ReportText::tr("Phase"),
                          ReportText::tr("Probability"), ReportText::tr("Expected cost")},
                         {2, 3});
    const auto& ranked = c.data.ranked_risks;
    const double threshold = c.s.reliability.loss_threshold_h;
    for (std::size_t i = 0; i < std::min<std::size_t>(3, ranked.size()); ++i) {
        // Failure recovery's probability and expected cost measure different things: say so
        // on the row, not only in the note ("0.0 % … 3,651 USD" read as a contradiction).
        QString probability = c.pct(ranked[i].risk.probability);
        if (ranked[i].kind == RiskKind::Recovery)
            probability += QLatin1Char(' ') +
                           ReportText::tr("(a failure loses > %1 h)").arg(c.num(threshold, 1));
        h += row({riskDisplayName(ranked[i].kind).toHtmlEscaped(),
                  c.phaseName(ranked[i].phase).toHtmlEscaped(), probability.toHtmlEscaped(),
                  c.money(ranked[i].risk.expected_cost)},
                 {2, 3});
    }
    h += QStringLiteral("</table><p class=\"small\">%1</p>")
             .arg((ReportText::tr("Expected cost: what the risk adds on average. For most risks "
                                  "that is probability × cost if it happens; for failure "
                                  "recovery it is the GPU time of all expected failures, while "
                                  "its probability is the chance that a single failure loses "
                                  "more than %1 h.")
                       .arg(c.num(threshold, 1)) +
                   QLatin1Char(' ') + riskTotalNote())
                      .toHtmlEscaped());
    return h;
}

/// Plan versus actual (issue 47): where the run stands against its plan, the flags, each
/// phase's progress and what the bill could not attribute; the chart is in Charts.
QString ReportContent::actuals()
{
    if (!m_ctx.opt.actuals)
        return {};
    const ActualsResult& r = *m_ctx.opt.actuals;
    QString h = h1(QStringLiteral("actuals"), ReportText::tr("Plan versus actual"));
    if (!r.error.empty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(r.error));
    const QString asOf = QDateTime::fromSecsSinceEpoch(r.as_of, Qt::UTC)
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm")) +
                         QStringLiteral(" UTC");
    const double day = double(r.as_of - r.plan_start) / 86400;
    h +=
        QStringLiteral("<p>%1</p>")
            .arg(
                ReportText::tr("As of %1 (day %2 of the plan) the bills hold %3 against %4 "
                               "planned by then; the plan's Monte Carlo put P10–P90 at %5 – "
                               "%6. %7 in %8 bill lines could not be attributed to the plan.")
                    .arg(asOf, m_ctx.num(day, 1), m_ctx.money(r.actual_to_date),
                         m_ctx.money(r.planned_to_date),
                         r.days.empty() ? QStringLiteral("—") : m_ctx.money(r.days.back().band_p10),
                         r.days.empty() ? QStringLiteral("—") : m_ctx.money(r.days.back().band_p90),
                         m_ctx.money(r.unattributed_cost),
                         m_ctx.loc.toString(qulonglong(r.lines - r.attributed_lines)))
                    .toHtmlEscaped());
    h += h2(ReportText::tr("Re-forecast"));
    h += kTableOpen + th({QString(), QStringLiteral("P10"), QStringLiteral("P50"),
                          QStringLiteral("P90"), ReportText::tr("Finish, day (P50 / P90)")},
                         {1, 2, 3, 4});
    const auto forecastRow = [&](const QString& label, const Forecast& f) {
        return row({label.toHtmlEscaped(), m_ctx.money(f.cost_p10), m_ctx.money(f.cost_p50),
                    m_ctx.money(f.cost_p90),
                    m_ctx.num(f.day_p50, 1) + QStringLiteral(" / ") + m_ctx.num(f.day_p90, 1)},
                   {1, 2, 3, 4});
    };
    h += forecastRow(ReportText::tr("Plan"), r.plan);
    h += forecastRow(ReportText::tr("Spent so far plus the rest re-estimated"), r.reforecast);
    h += QStringLiteral("</table><p class=\"small\">%1</p>")
             .arg(ReportText::tr("The rest is re-estimated from what was observed: pre-training at "
                                 "the logged step time, failures at %1 per 100,000 GPU-hours (the "
                                 "plan's %2, updated by the restarts in the logs), engineering as "
                                 "spent. docs/model-reference.md §12.")
                      .arg(m_ctx.num(r.failure_rate_posterior * 1e5, 2),
                           m_ctx.num(r.failure_rate_prior * 1e5, 2))
                      .toHtmlEscaped());
    return h + actualsFlags(r) + actualsPhases(r);
}

/// Route A vs Route B on value (issue 46, item 5): the crossing, the cost of both plans at a
/// few scores with their P10–P90, and what moves the crossing; the charts are in Charts.
QString ReportContent::value()
{
    if (!m_ctx.opt.value.comparison)
        return {};
    const ValueComparison& v = *m_ctx.opt.value.comparison;
    const QString nameA = QString::fromStdString(m_ctx.s.name);
    const QString& nameB = m_ctx.opt.value.other_name;
    QString h = h1(QStringLiteral("value"), ReportText::tr("Route A vs Route B on value"));
    if (!v.error.empty())
        return h + QStringLiteral("<p>%1</p>").arg(esc(v.error));
    const auto para = [](const QString& text) {
        return QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped());
    };
    h += para(ReportText::tr("A is this plan, “%1”; B is “%2”. Each is sized to reach every "
                             "benchmark score on one axis: a plan with RL by its target score, "
                             "one without by the pre-training loss its score map reads as that "
                             "score (docs/model-reference.md §11.4).")
                  .arg(nameA, nameB));
    const auto routeText = [&](const ValueCurve& c) {
        QString t = c.route.lever == ValueLever::RlScore
                        ? ReportText::tr("RL target score, from %1 to below %2")
                              .arg(m_ctx.num(c.route.start, 3), m_ctx.num(c.route.bound, 3))
                        : ReportText::tr("pre-training target loss, from %1 to below %2")
                              .arg(m_ctx.num(c.route.start, 3), m_ctx.num(c.route.bound, 3));
        if (c.route.r0_from_base)
            t += QStringLiteral("; ") +
                 ReportText::tr("R0 %1 from its base's loss").arg(m_ctx.num(c.route.r0, 3));
        return t;
    };
    h += para(ReportText::tr("A: %1; as planned it reaches %2. B: %3; as planned it reaches %4.")
                  .arg(routeText(v.a), m_ctx.num(v.a.route.current, 3), routeText(v.b),
                       m_ctx.num(v.b.route.current, 3)));
    h += para(std::isfinite(v.crossing)
                  ? ReportText::tr("Below a score of %1, %2 is the cheaper route; above it, %3.")
                        .arg(m_ctx.num(v.crossing, 3),
                             v.a_cheaper_below ? QStringLiteral("A") : QStringLiteral("B"),
                             v.a_cheaper_below ? QStringLiteral("B") : QStringLiteral("A"))
                  : ReportText::tr("The two routes do not cost the same at any score on this "
                                   "range."));
    // Every fifth score of the grid: the table a finance reader checks against the chart.
    h += h2(ReportText::tr("Cost to reach a score"));
    h += kTableOpen +
         th({ReportText::tr("Score"), ReportText::tr("A: cost"), ReportText::tr("A: P10 – P90"),
             ReportText::tr("B: cost"), ReportText::tr("B: P10 – P90")},
            {0, 1, 2, 3, 4});
    const double f = m_ctx.opt.value.other_factor > 0 ? m_ctx.opt.value.other_factor : 1;
    const auto cells = [&](const ValuePoint& p, double factor) -> QStringList {
        if (!p.reachable)
            return {ReportText::tr("not reached"), QStringLiteral("—")};
        const QString band =
            std::isfinite(p.p10) && std::isfinite(p.p90)
                ? m_ctx.money(p.p10 * factor) + QStringLiteral(" – ") + m_ctx.money(p.p90 * factor)
                : QStringLiteral("—");
        return {m_ctx.money(p.cost * factor), band};
    };
    const std::size_t stride = std::max<std::size_t>(1, v.grid.size() / 8);
    for (std::size_t i = 0; i < v.grid.size(); i += stride)
        h += row(QStringList{m_ctx.num(v.grid[i], 3)} + cells(v.a.points[i], 1) +
                     cells(v.b.points[i], f),
                 {0, 1, 2, 3, 4});
    h += QStringLiteral("</table>");
    if (!v.tornado.empty() && std::isfinite(v.crossing)) {
        h += h2(ReportText::tr("What moves the crossing"));
        h += kTableOpen +
             th({ReportText::tr("Assumption"), ReportText::tr("Moved by"),
                 ReportText::tr("Crossing, low side"), ReportText::tr("Crossing, high side")},
                {2, 3});
        const auto side = [&](double x) {
            return std::isfinite(x) ? m_ctx.num(x, 3) : ReportText::tr("none");
        };
        for (const ValueTornadoRow& r : v.tornado)
            h += row({QCoreApplication::translate("costlab::Value", r.assumption->label.data())
                          .toHtmlEscaped(),
                      QCoreApplication::translate("costlab::Value", r.assumption->swing.data())
                          .toHtmlEscaped(),
                      side(r.low), side(r.high)},
                     {2, 3});
        h += QStringLiteral("</table>");
        h += QStringLiteral("<p class=\"small\">%1</p>")
                 .arg(ReportText::tr("Each assumption moved on both plans alike, the crossing "
                                     "found again from evaluate()'s totals; the law's α and β are "
                                     "not moved alone, since A and B were fitted with them.")
                          .toHtmlEscaped());
    }
    return h;
}

QString ReportContent::actualsFlags(const ActualsResult& r) const
{
    QString h = h2(ReportText::tr("Anomaly flags"));
    if (r.flags.empty())
        return h + QStringLiteral("<p>%1</p>").arg(ReportText::tr("None.").toHtmlEscaped());
    h += kTableOpen + th({ReportText::tr("Flag"), ReportText::tr("Since (UTC)"),
                          ReportText::tr("Cost so far"), ReportText::tr("What to check")},
                         {2});
    for (const ActualsFlag& f : r.flags) {
        const FlagInfo& info = flagInfo(f.kind);
        QString what = QCoreApplication::translate("costlab::Actuals", info.label).toHtmlEscaped();
        if (f.phase >= 0)
            what += QStringLiteral(" — ") + m_ctx.phaseName(f.phase).toHtmlEscaped();
        if (!f.resource.empty())
            what += QStringLiteral(" — ") + esc(f.resource);
        const QString since = f.since > 0 ? QDateTime::fromSecsSinceEpoch(f.since, Qt::UTC)
                                                .toString(QStringLiteral("yyyy-MM-dd HH:mm"))
                                          : QStringLiteral("—");
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td align=\"right\">%3</td><td>%4</td></tr>")
                 .arg(what, since, m_ctx.money(f.cost),
                      QCoreApplication::translate("costlab::Actuals", info.check).toHtmlEscaped());
    }
    return h + QStringLiteral("</table>");
}

QString ReportContent::actualsPhases(const ActualsResult& r) const
{
    QString h = h2(ReportText::tr("Phases"));
    h += kTableOpen +
         th({ReportText::tr("Phase"), ReportText::tr("Spent"), ReportText::tr("Planned by now"),
             ReportText::tr("Steps done / planned"), ReportText::tr("Step time, s (seen / plan)")},
            {1, 2, 3, 4});
    for (std::size_t i = 0; i < r.phases.size(); ++i) {
        const ActualsPhase& p = r.phases[i];
        h += row({m_ctx.phaseName(int(i)).toHtmlEscaped(), m_ctx.money(p.actual_to_date),
                  m_ctx.money(p.planned_to_date),
                  (p.done_steps >= 0 ? m_ctx.num(p.done_steps, 0) : QStringLiteral("—")) +
                      QStringLiteral(" / ") + m_ctx.num(p.planned_steps, 0),
                  (p.observed_step_s >= 0 ? m_ctx.num(p.observed_step_s, 2) : QStringLiteral("—")) +
                      QStringLiteral(" / ") + m_ctx.num(p.planned_step_s, 2)},
                 {1, 2, 3, 4});
    }
    h += QStringLiteral("</table>");
    if (r.unattributed.empty())
        return h;
    h += h2(ReportText::tr("Not attributed"));
    h +=
        kTableOpen + th({ReportText::tr("File, row"), ReportText::tr("Lines"),
                         ReportText::tr("Cost"), ReportText::tr("Why"), ReportText::tr("Resource")},
                        {1, 2});
    // The largest groups; the rest in one line, so a bill of a whole organisation stays a page.
    const std::size_t shown = std::min<std::size_t>(r.unattributed.size(), 15);
    double rest = 0;
    for (std::size_t i = shown; i < r.unattributed.size(); ++i)
        rest += r.unattributed[i].cost;
    for (std::size_t i = 0; i < shown; ++i) {
        const UnattributedGroup& g = r.unattributed[i];
        h += row({esc(g.file) + QStringLiteral(", ") + QString::number(g.first_line),
                  m_ctx.loc.toString(g.lines), m_ctx.money(g.cost),
                  QCoreApplication::translate("costlab::Actuals",
                                              std::string(unattributedText(g.reason)).c_str())
                      .toHtmlEscaped(),
                  esc(g.resource)},
                 {1, 2});
    }
    if (shown < r.unattributed.size())
        h += row(
            {ReportText::tr("%1 more groups").arg(r.unattributed.size() - shown).toHtmlEscaped(),
             QString(), m_ctx.money(rest), QString(), QString()},
            {1, 2});
    return h + QStringLiteral("</table>");
}

QString ReportContent::breakdown()
{
    const Scenario& s = m_ctx.s;
    const Estimate& e = m_ctx.e;
    const ReportContext& c = m_ctx;
    QString h = h1(QStringLiteral("breakdown"), ReportText::tr("Cost breakdown"));
    h += QStringLiteral("<p>%1</p>")
             .arg(ReportText::tr(
                      "Every phase by cost category with the attribution tags (project, experiment "
                      "batch, resource type) and the split into fixed (reserved, committed) and "
                      "elastic (on-demand, spot) cost. Money in %1.")
                      .arg(c.cur)
                      .toHtmlEscaped());
    // Five columns, with phase, project and batch said once in a row over each phase's
    // lines: eight columns repeating them broke words mid-word ("Experimen t batch",
    // "environment s") in an A4 column.
    h += kTableOpen +
         th({ReportText::tr("Category"), ReportText::tr("Resource type"), ReportText::tr("Fixed"),
             ReportText::tr("Elastic"), ReportText::tr("Total")},
            {2, 3, 4});
    auto n0 = [&](double v) { return c.num(v, 0); };
    const QList<int> numeric{2, 3, 4};
    auto group = [&](const QString& title, const QString& tags) {
        h += QStringLiteral("<tr><td colspan=\"5\" style=\"background:#eef2f7\"><b>%1</b>%2</td>"
                            "</tr>")
                 .arg(title.toHtmlEscaped(),
                      tags.isEmpty() ? QString()
                                     : QStringLiteral(" <span class=\"small\">%1</span>")
                                           .arg(tags.toHtmlEscaped()));
    };
    auto tags = [&](const std::string& batch) {
        QStringList t;
        if (!s.project.empty())
            t << ReportText::tr("project %1").arg(QString::fromStdString(s.project));
        if (!batch.empty())
            t << ReportText::tr("experiment batch %1").arg(QString::fromStdString(batch));
        return joinItems(t);
    };
    for (int i = 0; i < int(e.phases.size()); ++i) {
        const PhaseEstimate& pe = e.phases[std::size_t(i)];
        const std::string batch =
            i < int(s.phases.size()) ? s.phases[std::size_t(i)].experiment_batch : std::string();
        group(c.phaseName(i), tags(batch));
        for (const CostRow& r : c.data.cost_rows)
            if (r.phase == i)
                h += row({categoryDisplayName(r.category).toHtmlEscaped(),
                          fromView(categoryResourceType(r.category)), n0(r.fixed), n0(r.elastic),
                          n0(r.total)},
                         numeric);
        double elastic = 0;
        for (double v : pe.elastic)
            elastic += v;
        h += row({ReportText::tr("Phase subtotal"), QString(), n0(pe.total - elastic), n0(elastic),
                  n0(pe.total)},
                 numeric, true);
    }
    bool sharedHeader = false;
    for (const CostRow& r : c.data.cost_rows)
        if (r.phase < 0) {
            if (!sharedHeader)
                group(ReportText::tr("Shared"), tags({}));
            sharedHeader = true;
            h += row({categoryDisplayName(r.category).toHtmlEscaped(),
                      fromView(categoryResourceType(r.category)), n0(r.fixed), n0(0), n0(r.total)},
                     numeric);
        }
    h += row({ReportText::tr("Total"), QString(), n0(e.fixed), n0(e.elastic), n0(e.total)}, numeric,
             true);
    return h + QStringLiteral("</table>") + trainingStep() + targets();
}

/// MFU, layout and the step breakdown of each training phase (step-time model), and the
/// phases refused for an impossible layout with the reason.
QString ReportContent::trainingStep() const
{
    const Estimate& e = m_ctx.e;
    const ReportContext& c = m_ctx;
    QString h = h2(ReportText::tr("Training step and MFU"));
    h += kTableOpen +
         th({ReportText::tr("Phase"), ReportText::tr("MFU"), ReportText::tr("Layout"),
             ReportText::tr("Step (s)"), ReportText::tr("Compute"), ReportText::tr("Comm."),
             ReportText::tr("PP bubble"), ReportText::tr("Production"), ReportText::tr("Other")},
            {1, 3, 4, 5, 6, 7, 8});
    const QList<int> numeric{1, 3, 4, 5, 6, 7, 8};
    auto share = [&](double v, double t) { return t > 0 ? c.pct(v / t) : QString(); };
    bool any = false;
    for (int i = 0; i < int(e.phases.size()); ++i) {
        const PhaseEstimate& pe = e.phases[std::size_t(i)];
        if (pe.kind == PhaseKind::Evaluation)
            continue;
        any = true;
        const QString name = c.phaseName(i).toHtmlEscaped();
        if (pe.layout.problem != LayoutProblem::None) {
            h += row({name, QString(),
                      ReportText::tr("Impossible, not priced: %1")
                          .arg(layoutProblemText(pe.layout))
                          .toHtmlEscaped(),
                      QString(), QString(), QString(), QString(), QString(), QString()},
                     numeric);
            continue;
        }
        const ParallelLayout& l = pe.layout.layout;
        // Each "TP 1" and "4 × 1" stays on one line; the cell wraps after a "×" or a comma
        // (the narrow column once broke "DP 512,4 × 1", read as the number 512,4).
        const QChar nbsp(QChar::Nbsp);
        const auto glued = [&](const QString& name, double v) { return name + nbsp + c.num(v, 0); };
        const QString layout =
            ReportText::tr("%1 × %2 × %3 × %4, %5", "TP × PP × CP × DP, micro-batches × size")
                .arg(glued(QStringLiteral("TP"), l.tp), glued(QStringLiteral("PP"), l.pp),
                     glued(QStringLiteral("CP"), l.cp), glued(QStringLiteral("DP"), l.dp),
                     c.num(l.micro_batches, 0) + nbsp + QStringLiteral("×") + nbsp +
                         c.num(l.micro_batch, 0));
        // The source on a line of its own under the figure (it wrapped inside its brackets).
        const QString mfu =
            c.pct(pe.mfu).toHtmlEscaped() + QStringLiteral("<br>") +
            ReportText::tr("(%1)").arg(throughputSourceText(pe.throughput)).toHtmlEscaped();
        const StepBreakdown& b = pe.step;
        const double t = productionSeconds(b); // shares of the production step
        h += row({name, mfu, layout.toHtmlEscaped(),
                  t > 0 ? QStringLiteral("%1 / %2").arg(c.num(b.total_s, 2), c.num(t, 2))
                        : QStringLiteral("–"),
                  share(b.compute_s, t), share(b.tp_s + b.cp_s + b.ep_s + b.dp_s, t),
                  share(b.pp_bubble_s, t), share(b.straggler_s + b.eval_s, t),
                  share(b.host_s + b.optimizer_s, t)},
                 numeric);
    }
    if (!any)
        return {};
    return h + QStringLiteral("</table>") +
           QStringLiteral("<p class=\"small\">%1</p>")
               .arg(ReportText::tr("Step: a benchmark iteration / a production step, in seconds. "
                                   "Production adds the wait for the slowest GPU (stragglers) "
                                   "and the evaluation passes; the shares are of the production "
                                   "step.")
                        .toHtmlEscaped());
}

/// Phases sized by a target (issue 46): what the law or curve says the target needs and the
/// count the phase was priced at, with the P10–P90 the Monte Carlo samples.
QString ReportContent::targets() const
{
    const Estimate& e = m_ctx.e;
    const ReportContext& c = m_ctx;
    QString rows;
    for (int i = 0; i < int(e.phases.size()) && i < int(c.s.phases.size()); ++i) {
        const TargetFigures& t = e.phases[std::size_t(i)].target;
        if (t.kind == TargetFigures::Kind::None)
            continue;
        const Phase& p = c.s.phases[std::size_t(i)];
        const bool loss = t.kind == TargetFigures::Kind::Loss;
        QString law;
        if (loss) {
            const auto laws = lossLaws();
            const auto k = static_cast<std::size_t>(std::max(0.0, std::round(p.pretrain.loss_law)));
            law = k < laws.size() ? QCoreApplication::translate("costlab::Param",
                                                                std::string(laws[k].label).c_str())
                                  : ReportText::tr("Custom law");
        } else {
            const RlCurvePreset* pre = chosenRlCurve(p.rl.rl_curve);
            law =
                pre ? QCoreApplication::translate("costlab::Param", std::string(pre->label).c_str())
                    : ReportText::tr("Custom curve");
        }
        const QString target = loss ? ReportText::tr("loss ≤ %1 nats/token (floor %2)")
                                          .arg(c.num(t.target, 3), c.num(t.limit, 3))
                                    : ReportText::tr("score ≥ %1 (asymptote %2)")
                                          .arg(c.num(t.target, 3), c.num(t.limit, 3));
        const AmountBand b = targetBand(t);
        const QString amount = loss ? ReportText::tr("%1 tokens").arg(formatCount(t.amount))
                                    : ReportText::tr("%1 iterations").arg(c.num(t.amount, 0));
        const QString spread =
            !(t.sigma > 0) ? QStringLiteral("–")
            : !std::isfinite(t.sigma)
                ? ReportText::tr("unreliable fit")
                : (loss ? QStringLiteral("%1 – %2").arg(formatCount(b.p10), formatCount(b.p90))
                        : QStringLiteral("%1 – %2").arg(c.num(b.p10, 0), c.num(b.p90, 0)));
        QString note =
            t.outside_fit ? ReportText::tr("outside the runs the law was fitted on") : QString();
        if (!loss && t.step_gpu_hours > 0)
            note =
                (note.isEmpty() ? QString() : note + QStringLiteral("; ")) +
                (t.step_is_plan
                     ? ReportText::tr("%1 GPU-hours at this phase's own %2 GPU-hours per "
                                      "iteration")
                     : ReportText::tr("%1 GPU-hours of the curve's runs at %2 GPU-hours per step"))
                    .arg(c.num(t.needed, 0), c.num(t.step_gpu_hours, 2));
        rows += row({c.phaseName(i).toHtmlEscaped(), law.toHtmlEscaped(), target.toHtmlEscaped(),
                     amount.toHtmlEscaped(), spread.toHtmlEscaped(), note.toHtmlEscaped()},
                    {3, 4});
    }
    if (rows.isEmpty())
        return {};
    return h2(ReportText::tr("Training to a target")) + kTableOpen +
           th({ReportText::tr("Phase"), ReportText::tr("Law"), ReportText::tr("Target"),
               ReportText::tr("Sized to"), ReportText::tr("P10 – P90"), ReportText::tr("Note")},
              {3, 4}) +
           rows + QStringLiteral("</table>") +
           QStringLiteral("<p class=\"small\">%1</p>")
               .arg(ReportText::tr(
                        "Loss: L(N, D) = E + A/N^α + B/D^β (Hoffmann et al. 2022; the chosen fit). "
                        "Score: R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B) (Khatri et al. 2025), its "
                        "GPU-hours turned into policy steps at the GPU-hours one step took in the "
                        "curve's runs. The P10 – P90 is the law's own uncertainty, which the "
                        "Monte Carlo samples (docs/model-reference.md §11).")
                        .toHtmlEscaped());
}

QString ReportContent::chartsSection()
{
    QString h = h1(QStringLiteral("charts"), ReportText::tr("Charts"));
    for (int i = 0; i < int(m_charts.size()); ++i) {
        // Caption, chart and note in one paragraph, kept on one page (the layout breaks
        // before it when it would straddle pages): a caption never sits alone at a page foot.
        h += QStringLiteral("<p style=\"margin-top: 10px\"><span class=\"caption\">%1</span><br/>"
                            "@@CHART%2@@<br/><span class=\"small\">%3</span></p>")
                 .arg(m_charts[std::size_t(i)].caption.toHtmlEscaped())
                 .arg(i)
                 .arg(m_charts[std::size_t(i)].note.toHtmlEscaped());
    }
    return h;
}

QString ReportContent::risks()
{
    QString h = h1(QStringLiteral("risks"), ReportText::tr("Risks"));
    h += QStringLiteral("<p>%1</p>")
             .arg((ReportText::tr(
                       "Each risk is a probability and an expected cost (probability × what it "
                       "costs when it happens), so cost and risk share one axis.") +
                   QLatin1Char(' ') + riskTotalNote())
                      .toHtmlEscaped());
    for (int i = 0; i < int(m_ctx.e.phases.size()); ++i)
        h += phaseRisks(i);
    h += planRisk();
    h += QStringLiteral("<p class=\"small\">%1</p>")
             .arg(ReportText::tr("Phases are combined as independent: the plan probability is 1 "
                                 "− Π(1 − pᵢ), expected costs add.")
                      .toHtmlEscaped());
    return h;
}

/// Each risk of one phase in plain words, with what its figure rests on: one paragraph per
/// row of the risk table that has a phase figure, so no risk can be left out (issue 44:
/// the unrecoverable divergence was in the total but not in this section).
QString ReportContent::phaseRisks(int i) const
{
    const PhaseEstimate& pe = m_ctx.e.phases[std::size_t(i)];
    QString h = QStringLiteral("<h2>%1</h2>")
                    .arg(ReportText::tr("%1 (%2)")
                             .arg(m_ctx.phaseName(i), phaseKindLabel(pe.kind))
                             .toHtmlEscaped());
    for (const RiskInfo& info : riskTable()) {
        if (info.phase == nullptr)
            continue;
        const Risk& rk = pe.*(info.phase);
        const RiskText t = riskText(info.kind, i);
        h += QStringLiteral("<h3>%1</h3>")
                 .arg(ReportText::tr("%1: %2, expected cost %3")
                          .arg(riskDisplayName(info.kind), m_ctx.pct(rk.probability),
                               m_ctx.money(rk.expected_cost))
                          .toHtmlEscaped());
        h += QStringLiteral("<p>%1</p><p class=\"small\">%2</p>")
                 .arg(t.words.toHtmlEscaped(), t.basis.toHtmlEscaped());
    }
    return h;
}

/// What one risk of phase `i` means in plain words and what its figure rests on. Every kind
/// has its case (no default: -Wswitch names a new row of the risk table that has no text).
ReportContent::RiskText ReportContent::riskText(RiskKind kind, int i) const
{
    const Scenario& s = m_ctx.s;
    const PhaseEstimate& pe = m_ctx.e.phases[std::size_t(i)];
    const auto& a = s.assumptions;
    const auto& r = s.reliability;
    const QLocale& loc = m_ctx.loc;
    auto pct = [&](double p) { return m_ctx.pct(p); };
    auto num = [&](double v, int d) { return m_ctx.num(v, d); };
    const bool eval = pe.kind == PhaseKind::Evaluation;
    switch (kind) {
    case RiskKind::Oom:
        return {
            ReportText::tr(
                "The chance that the estimated peak memory of a GPU exceeds what is usable, so "
                "the job fails in its first steps and has to be reconfigured. The expected cost "
                "is this chance times a restart plus half an hour of the pool."),
            ReportText::tr(
                "Rests on: the memory model of the methods appendix §3 and a relative "
                "uncertainty of the memory estimate of %1 (assumptions.oom_sigma); OOM shows "
                "early, so it is a risk, not a cost line.")
                .arg(pct(a.oom_sigma))};
    case RiskKind::Divergence:
        // Evaluation trains nothing and keeps no checkpoints: no optimizer steps to diverge
        // in, no interval to speak of (issue 13: "8 optimizer steps", "interval 0.00 h").
        if (eval)
            return {ReportText::tr("Not applicable: an evaluation phase trains nothing, so "
                                   "there is no loss spike or collapse to roll back."),
                    ReportText::tr("Rests on: nothing; the figure is zero by construction.")};
        return {
            pe.kind == PhaseKind::RlPosttrain
                ? ReportText::tr(
                      "The chance that the policy collapses at least once during the %1 RL "
                      "iterations "
                      "and the run rolls back to a checkpoint. The expected cost is the GPU "
                      "time lost "
                      "per event (detection, half a checkpoint interval, rollback margin, "
                      "restart) times the expected number of events.")
                      .arg(num(pe.steps, 0))
                : ReportText::tr("The chance of at least one loss spike that forces a rollback "
                                 "during the %1 optimizer steps. The expected cost is the GPU time "
                                 "lost per event times the expected number of events.")
                      .arg(num(pe.steps, 0)),
            ReportText::tr(
                "Rests on: a base hazard per step (%1 for stabilised pre-training, "
                "DeepSeek-V3; %2 per RL iteration) scaled by the learning-rate factor to "
                "the power %3 (Wortsman et al. 2023), rollout quantization and staleness "
                "multipliers; detection after %4 steps, rollback margin %5 steps (PaLM).")
                .arg(plainNumber(a.div_h0_pretrain, loc, 3), plainNumber(a.div_h0_rl, loc, 3),
                     num(a.lr_exponent, 0), num(a.div_detect_steps, 0),
                     num(a.div_margin_steps, 0))};
    case RiskKind::Unrecoverable:
        if (eval)
            return {ReportText::tr("Not applicable: an evaluation phase trains nothing, so "
                                   "there is no run to lose to a divergence."),
                    ReportText::tr("Rests on: nothing; the figure is zero by construction.")};
        if (pe.kind == PhaseKind::RlPosttrain)
            return {ReportText::tr(
                        "The chance that the policy collapses beyond rollback, so the RL work so "
                        "far is lost and the recipe must be re-planned. The expected cost is this "
                        "chance times the work of the run."),
                    ReportText::tr(
                        "Rests on: a logistic in the train–inference mismatch η = generated tokens "
                        "× token KL (here η = %1; half of runs fail at η = %2, slope %3, stated "
                        "for %4 iterations; risk-foundations.md §3.3).")
                        .arg(plainNumber(pe.rl.mismatch_eta, loc, 3),
                             plainNumber(a.rl_collapse_eta50, loc, 3),
                             plainNumber(a.rl_collapse_slope, loc, 3),
                             num(a.rl_collapse_ref_iterations, 0))};
        return {ReportText::tr(
                    "The chance that the run diverges beyond rollback, so the work so far is lost "
                    "and the recipe must be re-planned. The expected cost is this chance times "
                    "the work of the run."),
                ReportText::tr(
                    "Rests on: a prior of %1 for a first-of-kind run of 100B parameters or more "
                    "(scaled down with the square of the size below that, PaLM), 0 for a repeat "
                    "of a proven recipe (risk-foundations.md §4.3).")
                    .arg(pct(a.div_unrec_new))};
    case RiskKind::Recovery:
        if (eval)
            return {ReportText::tr("Not modelled for evaluation: a campaign is inference in "
                                   "short independent jobs, and a failed job is simply run "
                                   "again; the figure is zero."),
                    ReportText::tr("Rests on: evaluation keeps no checkpoints (cost model §4).")};
        return {ReportText::tr("The chance that at least one hardware failure costs more than "
                               "%1 h of work. With %2 "
                               "GPUs the job fails on average every %3 h; expected failures %4, "
                               "each losing about %5 "
                               "h of work (half a checkpoint interval plus the restart).")
                    .arg(num(r.loss_threshold_h, 1), num(pe.gpus, 0), num(pe.rec.mtbf_h, 1),
                         num(pe.rec.expected_failures, 1), num(pe.rec.lost_per_failure_h, 2)),
                ReportText::tr(
                    "Rests on: %1 failures per GPU-hour (Llama 3 405B: 1.97 × 10⁻⁵), checkpoint "
                    "interval %2 h (Daly optimum %3 h), restart %4 min, %5 chance that a "
                    "checkpoint is unusable; Daly (2006) for the wall time.")
                    .arg(plainNumber(r.gpu_failure_rate, loc, 3),
                         num(pe.rec.checkpoint_interval_h, 2), num(pe.rec.optimal_interval_h, 2),
                         num(r.restart_min, 0), pct(r.corruption_prob))};
    case RiskKind::Capacity:
        return {ReportText::tr("The chance that the elastic (on-demand or spot) share of GPUs "
                               "is not available when needed, so the reserved GPUs wait idle. "
                               "Zero when the phase buys no elastic capacity."),
                ReportText::tr("Rests on: probability of unavailability %1 and mean wait %2 h "
                               "(capacity section), an assumption to adjust to your provider.")
                    .arg(pct(s.capacity.unavailable_prob), num(s.capacity.mean_wait_h, 1))};
    case RiskKind::Budget: // a plan risk: planRisk()
    case RiskKind::Count:
        break;
    }
    return {riskExplanation(kind), {}};
}

/// The budget risk of the whole plan.
QString ReportContent::planRisk() const
{
    const Scenario& s = m_ctx.s;
    const Estimate& e = m_ctx.e;
    const auto& a = s.assumptions;
    auto money = [&](double v) { return m_ctx.money(v); };
    auto pct = [&](double p) { return m_ctx.pct(p); };
    QString h = h2(ReportText::tr("Whole plan"));
    if (s.budget.total > 0)
        h += QStringLiteral("<h3>%1</h3><p>%2</p><p class=\"small\">%3</p>")
                 .arg(ReportText::tr("%1: %2, expected overrun %3")
                          .arg(riskDisplayName(RiskKind::Budget), pct(e.budget.probability),
                               money(e.budget.expected_cost))
                          .toHtmlEscaped(),
                      ReportText::tr("The chance that the real total exceeds the budget of %1, "
                                     "and the expected amount above it.")
                          .arg(money(s.budget.total))
                          .toHtmlEscaped(),
                      ReportText::tr(
                          "Rests on: the total treated as normally distributed around the estimate "
                          "with a relative uncertainty of %1 (assumptions.estimate_sigma) plus the "
                          "variance of the risks above.")
                          .arg(pct(a.estimate_sigma))
                          .toHtmlEscaped());
    else
        h += QStringLiteral("<p>%1</p>")
                 .arg(ReportText::tr("No budget is set, so there is no budget risk.")
                          .toHtmlEscaped());
    h += uncertainty();
    return h;
}

/// The Monte Carlo range of cost and duration: the table finance asks for ("P50, P90").
QString ReportContent::uncertainty() const
{
    const MonteCarloResult& u = m_ctx.data.uncertainty;
    if (!u.error.empty() || u.runs == 0)
        return {};
    // Not priced: no cost figure, never the priced parts' spread (issue 44).
    auto money = [&](double v) {
        return u.priced ? m_ctx.money(v) : ReportText::tr("not priced").toHtmlEscaped();
    };
    auto d = [&](double v) { return m_ctx.num(v, 1); };
    auto n = [&](double v) { return m_ctx.num(v, 0); };
    const QList<int> numeric{1, 2, 3, 4};
    QString h = h2(ReportText::tr("Uncertainty (Monte Carlo)"));
    h += QStringLiteral("<p>%1</p>")
             .arg(ReportText::tr(
                      "%1 runs of the plan, each sampling failures and restarts against the last "
                      "checkpoint, unusable checkpoints, divergence rollbacks and waits for "
                      "elastic capacity on every phase's timeline, with the failure rate, restart "
                      "time and throughput drawn per run. Nine runs in ten cost less than P90.")
                      .arg(n(u.runs))
                      .toHtmlEscaped());
    h += kTableOpen;
    h += th({ReportText::tr("Figure"), ReportText::tr("Point estimate"), QStringLiteral("P10"),
             QStringLiteral("P50"), QStringLiteral("P90")},
            numeric);
    h += row({ReportText::tr("Total cost").toHtmlEscaped(), money(u.point_cost), money(u.cost.p10),
              money(u.cost.p50), money(u.cost.p90)},
             numeric);
    h += row({ReportText::tr("Duration (days)").toHtmlEscaped(), d(u.point_days), d(u.days.p10),
              d(u.days.p50), d(u.days.p90)},
             numeric);
    h += row({ReportText::tr("Interruptions").toHtmlEscaped(), QString(), n(u.failures.p10),
              n(u.failures.p50), n(u.failures.p90)},
             numeric);
    // Per phase (a phase's own costs; datasets and engineering belong to no phase).
    if (u.phases.size() > 1)
        for (std::size_t i = 0; i < u.phases.size(); ++i) {
            const PhaseSpread& p = u.phases[i];
            const QString name = m_ctx.phaseName(int(i));
            h += row({ReportText::tr("%1: cost").arg(name).toHtmlEscaped(), QString(),
                      money(p.cost.p10), money(p.cost.p50), money(p.cost.p90)},
                     numeric);
            h += row({ReportText::tr("%1: days").arg(name).toHtmlEscaped(), QString(),
                      d(p.days.p10), d(p.days.p50), d(p.days.p90)},
                     numeric);
        }
    h += QStringLiteral("</table>");
    const auto& a = m_ctx.s.assumptions;
    QString note =
        ReportText::tr("Priors (risk-foundations.md §8): failure rate log-normal σ %1 around "
                       "the plan's rate, restart time log-normal σ %2, throughput normal σ %3, "
                       "day/night throughput swing %4 peak to trough (Llama 3); seed %5 "
                       "(costlab-cli montecarlo gives the same figures). The point "
                       "estimate's duration leaves out rollback and capacity-wait time.")
            .arg(m_ctx.num(a.mc_failure_rate_sigma, 2), m_ctx.num(a.mc_restart_sigma, 2),
                 m_ctx.pct(a.mc_throughput_sigma), m_ctx.pct(a.mc_diurnal_swing),
                 n(double(u.seed)));
    QStringList shares;
    if (u.p_over_budget >= 0)
        shares << ReportText::tr("P(over budget) in the runs: %1.").arg(m_ctx.pct(u.p_over_budget));
    if (u.p_late >= 0)
        shares << ReportText::tr("P(later than the %1-day deadline): %2.")
                      .arg(m_ctx.num(m_ctx.s.budget.deadline_days, 0), m_ctx.pct(u.p_late));
    if (u.p_daily_alert >= 0)
        shares << ReportText::tr("P(a day's spend above the daily alert line) in the runs: %1.")
                      .arg(m_ctx.pct(u.p_daily_alert));
    if (u.p_run_lost > 0)
        shares << ReportText::tr("Runs with an unrecoverable divergence or collapse: %1.")
                      .arg(m_ctx.pct(u.p_run_lost));
    if (!shares.isEmpty())
        note = shares.join(QLatin1Char(' ')) + QLatin1Char(' ') + note;
    h += QStringLiteral("<p class=\"small\">%1</p>").arg(note.toHtmlEscaped());
    return h;
}

/// "Savings and alternatives" (issue 15): the article's levers priced on this plan, the risks
/// each raises above the stated limits, and every lever within them applied together.
QString ReportContent::savings()
{
    const LeversResult& r = m_ctx.data.levers;
    if (!r.error.empty() || r.levers.empty())
        return {};
    const RiskLimits& lim = m_ctx.data.lever_limits;
    QString h = h1(QStringLiteral("savings"), ReportText::tr("Savings and alternatives"));
    h +=
        QStringLiteral("<p>%1</p>")
            .arg(ReportText::tr(
                     "The source article's savings checklist (§4) and the knobs its risk "
                     "boundaries are about (§5), each priced as a change of this plan's inputs: "
                     "the saving is the total before minus the total after, P90 from %1 Monte "
                     "Carlo runs on the same random numbers. Limits: P(out of memory) ≤ %2, "
                     "P(unrecoverable divergence or collapse) ≤ %3, P(budget overrun) ≤ %4.")
                     .arg(m_ctx.num(kReportLeverRuns, 0), m_ctx.pct(lim[RiskKind::Oom]),
                          m_ctx.pct(lim[RiskKind::Unrecoverable]), m_ctx.pct(lim[RiskKind::Budget]))
                     .toHtmlEscaped());
    std::vector<const LeverResult*> rows;
    for (const LeverResult& l : r.levers)
        if (l.applies && l.after.ok)
            rows.push_back(&l);
    std::stable_sort(rows.begin(), rows.end(), [](const LeverResult* a, const LeverResult* b) {
        return a->saving() > b->saving();
    });
    const QList<int> numeric{2, 3, 4};
    h += kTableOpen;
    h += th({ReportText::tr("Lever"), ReportText::tr("Article"), ReportText::tr("Saving"),
             ReportText::tr("Share"), ReportText::tr("P90 after"),
             ReportText::tr("Risks it raises (whole plan)")},
            numeric);
    for (const LeverResult* l : rows) {
        QStringList raised;
        for (const RiskInfo& ri : riskTable()) {
            const double a = l->before.risks[std::size_t(ri.kind)].probability;
            const double b = l->after.risks[std::size_t(ri.kind)].probability;
            if (b > a + 1e-3)
                raised << ReportText::tr("%1 %2 → %3")
                              .arg(riskShortName(ri.kind), m_ctx.pct(a), m_ctx.pct(b));
        }
        QString risks = raised.isEmpty() ? QStringLiteral("—") : joinClauses(raised);
        if (!l->withinLimits())
            risks = ReportText::tr("over the limit: %1").arg(risks);
        h += row({leverText(l->info->label).toHtmlEscaped(), fromView(l->info->section),
                  m_ctx.money(l->saving()), m_ctx.pct(l->savingShare()), m_ctx.money(l->after.p90),
                  risks.toHtmlEscaped()},
                 numeric);
    }
    h += QStringLiteral("</table>");
    const LeverCombination& c = m_ctx.data.combined_levers;
    if (c.lever_ids.empty()) {
        h += QStringLiteral("<p>%1</p>")
                 .arg(ReportText::tr("No lever saves within the limits.").toHtmlEscaped());
    } else {
        QStringList names;
        for (std::string_view id : c.lever_ids)
            if (const LeverInfo* l = findLever(id))
                names << leverText(l->label);
        const double save = r.base.total - c.after.total;
        h += h2(ReportText::tr("All levers within the limits"));
        h += QStringLiteral("<p>%1</p>")
                 .arg(ReportText::tr("Applied together (largest saving first, each kept only "
                                     "if it still saves on top of the others): %1. Total %2 "
                                     "instead of %3, a saving of %4 (%5), in %6 days.")
                          .arg(joinItems(names), m_ctx.money(c.after.total),
                               m_ctx.money(r.base.total), m_ctx.money(save),
                               m_ctx.pct(save / r.base.total), m_ctx.num(c.after.days, 1))
                          .toHtmlEscaped());
        QStringList changes;
        for (const ParamChange& ch : c.changes)
            changes << QString::fromStdString(ch.id + " = " + ch.text);
        h += QStringLiteral("<p class=\"small\">%1</p>")
                 .arg(ReportText::tr("Changes, as costlab-cli --set values: %1")
                          .arg(breakable(changes.join(QStringLiteral(", "))))
                          .toHtmlEscaped());
    }
    QStringList refused;
    for (const LeverResult& l : r.levers)
        if (!l.applies)
            refused << ReportText::tr("%1: %2").arg(leverText(l.info->label), leverText(l.reason));
    if (!refused.isEmpty())
        h += QStringLiteral("<p class=\"small\">%1</p>")
                 .arg((ReportText::tr("Levers that do not apply to this plan:") + QLatin1Char(' ') +
                       refused.join(QStringLiteral(" ")))
                          .toHtmlEscaped());
    return h + optimisedPlan();
}

/// The optimiser's cheapest plan under the stated constraints (the lever limits, the plan's
/// deadline and budget on P90), next to the current plan, and the cost–days frontier.
QString ReportContent::optimisedPlan() const
{
    const OptimiserResult& r = m_ctx.data.optimised;
    if (!r.error.empty() || r.phase < 0)
        return {};
    const RiskLimits& lim = m_ctx.data.lever_limits;
    QString h = h2(ReportText::tr("Cheapest plan under the stated constraints"));
    QStringList limits{ReportText::tr("P(out of memory) ≤ %1").arg(m_ctx.pct(lim[RiskKind::Oom])),
                       ReportText::tr("P(unrecoverable divergence or collapse) ≤ %1")
                           .arg(m_ctx.pct(lim[RiskKind::Unrecoverable]))};
    if (m_ctx.s.budget.deadline_days > 0)
        limits << ReportText::tr("P90 duration ≤ %1 days (the plan's deadline)")
                      .arg(m_ctx.num(m_ctx.s.budget.deadline_days, 0));
    if (m_ctx.s.budget.total > 0)
        limits << ReportText::tr("P90 cost ≤ %1 (the plan's budget)")
                      .arg(m_ctx.money(m_ctx.s.budget.total));
    h += QStringLiteral("<p>%1</p>")
             .arg(ReportText::tr(
                      "Phase searched: %1. Accelerator, GPU count, parallel layout, ZeRO stage, "
                      "spot share, checkpoint interval, micro-batch and recompute (for RL: pool "
                      "split, placement, pipeline, rollout precision, environments) — %2 "
                      "candidate plans, each one full evaluation (%3 skipped by pruning that "
                      "cannot skip a feasible plan); the %4 cheapest scored by Monte Carlo. "
                      "Constraints: %5. The same search as costlab-cli optimise.")
                      .arg(m_ctx.phaseName(r.phase), m_ctx.num(double(r.candidates), 0),
                           m_ctx.num(double(r.pruned), 0),
                           m_ctx.num(OptimiserOptions{}.monte_carlo_top_k, 0), joinClauses(limits))
                      .toHtmlEscaped());
    const QList<int> numeric{1, 2, 3, 4};
    const auto planRow = [&](const QString& name, const OptimiserPlan& p) {
        return row({name.toHtmlEscaped(), m_ctx.money(p.total), m_ctx.num(p.days, 1),
                    p.scored ? m_ctx.money(p.p90) : QStringLiteral("—"),
                    p.scored ? m_ctx.num(p.p90_days, 1) : QStringLiteral("—")},
                   numeric);
    };
    h += kTableOpen;
    h += th({ReportText::tr("Plan"), ReportText::tr("Expected total"), ReportText::tr("Days"),
             ReportText::tr("P90 total"), ReportText::tr("P90 days")},
            numeric);
    h += planRow(ReportText::tr("Current plan"), r.current);
    if (r.found)
        h += planRow(ReportText::tr("Best: %1").arg(optimiserSummaryText(r.best.summary_parts)),
                     r.best);
    h += QStringLiteral("</table>");
    QString note =
        ReportText::tr("The current plan's P90 is the Uncertainty section's (%1 runs, seed 1); "
                       "each candidate's is from %2 runs.")
            .arg(m_ctx.num(kReportMonteCarloRuns, 0),
                 m_ctx.num(OptimiserOptions{}.monte_carlo_runs, 0));
    // The levers change every phase and settings this search leaves alone; it changes one
    // phase. A reader comparing the two totals must not think one of them is wrong.
    const LeverCombination& levers = m_ctx.data.combined_levers;
    if (r.found && !levers.lever_ids.empty() && levers.after.total < r.best.total)
        note += QLatin1Char(' ') +
                ReportText::tr("The levers above reach a lower total (%1) because they change "
                               "every phase and settings this search does not; it changes %2 "
                               "only.")
                    .arg(m_ctx.money(levers.after.total), m_ctx.phaseName(r.phase));
    h += QStringLiteral("<p class=\"small\">%1</p>").arg(note.toHtmlEscaped());
    if (!r.found) {
        h += QStringLiteral("<p>%1</p>")
                 .arg(ReportText::tr("No plan in the search space meets every constraint.")
                          .toHtmlEscaped());
        return h;
    }
    QStringList changes;
    for (const ParamChange& ch : r.best.changes)
        changes << QString::fromStdString(ch.id + " = " + ch.text);
    h += QStringLiteral("<p class=\"small\">%1</p>")
             .arg((changes.isEmpty()
                       ? ReportText::tr("The current plan is already the cheapest in the space.")
                       : ReportText::tr("Saves %1. Changes, as costlab-cli --set values: %2")
                             .arg(m_ctx.money(r.current.total - r.best.total),
                                  breakable(changes.join(QStringLiteral(", ")))))
                      .toHtmlEscaped());
    if (r.pareto.size() > 1) {
        h += QStringLiteral("<p>%1</p>")
                 .arg(ReportText::tr("Cost against duration: no plan of the search is both "
                                     "cheaper and faster than one of these.")
                          .toHtmlEscaped());
        h += kTableOpen +
             th({ReportText::tr("Plan"), ReportText::tr("Expected total"), ReportText::tr("Days")},
                {1, 2});
        // Plans whose days print the same are one point to a reader: the cheapest of them
        // stands for them (the table once showed 1,214,364 and 1,200,735 USD both at "19.4"
        // days, as if the first were dominated).
        std::vector<const OptimiserPlan*> distinct;
        for (const OptimiserPlan& p : r.pareto) {
            if (!distinct.empty() && m_ctx.num(distinct.back()->days, 1) == m_ctx.num(p.days, 1)) {
                if (p.total < distinct.back()->total)
                    distinct.back() = &p;
                continue;
            }
            distinct.push_back(&p);
        }
        // At most eight points, evenly over the frontier, the fastest and cheapest included.
        const std::size_t n = distinct.size(), shown = std::min<std::size_t>(n, 8);
        for (std::size_t i = 0; i < shown; ++i) {
            const OptimiserPlan& p = *distinct[shown == 1 ? 0 : i * (n - 1) / (shown - 1)];
            h += row({optimiserSummaryText(p.summary_parts).toHtmlEscaped(), m_ctx.money(p.total),
                      m_ctx.num(p.days, 1)},
                     {1, 2});
        }
        h += QStringLiteral("</table>");
    }
    return h;
}

QString ReportContent::assumptions()
{
    const Scenario& s = m_ctx.s;
    QString h = h1(QStringLiteral("assumptions"), ReportText::tr("Assumptions"));
    h += QStringLiteral("<p>%1</p>")
             .arg(ReportText::tr("Every input of the plan with its value, whether it differs "
                                 "from the default, and the source or meaning of the default.")
                      .toHtmlEscaped());
    h += kLongTableOpen +
         th({ReportText::tr("Parameter"), ReportText::tr("Id"), ReportText::tr("Value"),
             ReportText::tr("Default?"), ReportText::tr("Source / meaning")},
            {2});
    int lastPhase = -2;
    for (const AssumptionRow& a : m_ctx.data.assumptions) {
        const ParamDef& d = *a.ref.def;
        if (a.ref.phase != lastPhase) {
            lastPhase = a.ref.phase;
            const QString group =
                a.ref.phase < 0 ? ReportText::tr("Whole plan")
                                : ReportText::tr("Phase: %1").arg(m_ctx.phaseName(a.ref.phase));
            h += QStringLiteral(
                     "<tr><td colspan=\"5\" style=\"background-color:#eef2f7\"><b>%1</b></td></tr>")
                     .arg(group.toHtmlEscaped());
        }
        QString isDefault = QStringLiteral("—");
        if (a.state == DefaultState::Default)
            isDefault = ReportText::tr("default");
        if (a.state == DefaultState::Changed)
            isDefault = QStringLiteral("<b>%1</b>").arg(ReportText::tr("changed"));
        (void)s;
        h += row({paramLabel(d).toHtmlEscaped(),
                  QStringLiteral("<span style=\"font-size:7.5pt\">%1</span>")
                      .arg(breakable(QString::fromStdString(a.id)).toHtmlEscaped()),
                  assumptionValue(a.ref).toHtmlEscaped(), isDefault,
                  QStringLiteral("<span style=\"font-size:7.5pt\">%1</span>")
                      .arg(paramHelp(d).toHtmlEscaped())},
                 {2});
    }
    return h + QStringLiteral("</table>");
}

/// A parameter's value as the report prints it: choice label, yes/no, catalog id, or the
/// number in its display unit.
QString ReportContent::assumptionValue(const ParamRef& ref) const
{
    const Scenario& s = m_ctx.s;
    const ParamDef& d = *ref.def;
    switch (d.type) {
    case ParamType::Choice: {
        const int idx = int(getValue(s, ref));
        return idx >= 0 && idx < int(d.choices.size()) ? choiceLabel(d.choices[std::size_t(idx)])
                                                       : QString::fromStdString(getString(s, ref));
    }
    case ParamType::Bool:
        return getValue(s, ref) != 0 ? ReportText::tr("yes") : ReportText::tr("no");
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        return QString::fromStdString(getString(s, ref));
    case ParamType::Real:
    case ParamType::Integer:
        break;
    }
    // A count a target sets (tokens, iterations) is inactive in the plan: the report prints
    // the count the engine priced, not the one typed before the target (review M6).
    double v = getValue(s, ref);
    bool sized = false;
    if (ref.phase >= 0 && std::size_t(ref.phase) < m_ctx.e.phases.size()) {
        const Phase& p = s.phases[std::size_t(ref.phase)];
        const PhaseEstimate& pe = m_ctx.e.phases[std::size_t(ref.phase)];
        if (pe.target.kind != TargetFigures::Kind::None && setByTarget(d, &p)) {
            Scenario priced = s;
            priced.phases[std::size_t(ref.phase)] = sizedPhase(p, pe);
            v = getValue(priced, ref);
            sized = true;
        }
    }
    QString value = plainNumber(v * d.display_factor, m_ctx.loc);
    QString unit = displayUnit(d, s.currency);
    // A count the registry shows in K/M/B/T reads in the language's own magnitudes where
    // they differ: "8.03026 B" parameters is "80.3026 亿" in Chinese (issue 49).
    const std::string_view du = d.display_unit;
    const bool magnitudeUnit = du == "K" || du == "M" || du == "B" || du == "T";
    if (magnitudeUnit && magnitudeFor(1e4).divisor == 1e4) {
        const Magnitude m = magnitudeFor(std::abs(v));
        value = plainNumber(v / m.divisor, m_ctx.loc) + m.suffix;
        unit.clear();
    }
    // English units are plural words ("GPUs", "stages"): one of them reads singular ("1 GPUs"
    // was printed). Units with a symbol ("GiB/s") are left as they are.
    static const QRegularExpression pluralWord(QStringLiteral("^[A-Za-z]+s$"));
    if (v * d.display_factor == 1 && m_ctx.loc.language() == QLocale::English &&
        pluralWord.match(unit).hasMatch())
        unit.chop(1);
    // A no-break space: a narrow column once split "1,400,000,000 / params/s".
    if (!unit.isEmpty())
        value += QChar(QChar::Nbsp) + unit;
    if (sized)
        value = ReportText::tr("%1 (set by the target)").arg(value);
    return value;
}

QString ReportContent::methods()
{
    QString h = h1(QStringLiteral("methods"), ReportText::tr("Methods"));
    const QList<QPair<QString, QString>> methods = {
        {ReportText::tr("1. Model shape"),
         ReportText::tr(
             "Parameter counts come from the transformer shape: per layer attention 2·h·d_attn + "
             "2·h·d_kv (grouped-query attention shrinks only K and V), MLP n·h·f with n = 3 for "
             "gated MLPs (SwiGLU) and 2 otherwise, mixture-of-experts layers hold every expert of "
             "which top-k plus shared experts are active. Training FLOPs per token follow PaLM "
             "appendix B: 6·P_matmul + 12·Σ d_attn·s_eff, the embedding lookup excluded. Check: "
             "GPT-OSS-120B at 4,096 tokens gives 34.5 GFLOPs per token (torchtitan: 34.53 G).")},
        {ReportText::tr("2. Pre-training compute"),
         ReportText::tr(
             "Compute C = FLOPs per token × tokens. The time of one optimizer step comes from "
             "the parallel layout: GEMMs on the accelerator's tile and wave model at its "
             "sustained GEMM rate, FlashAttention (causal) or full attention scores, "
             "element-wise work on HBM bandwidth, recompute, a host floor per layer, TP/CP/EP "
             "collectives on NVLink or the scale-out network, the 1F1B pipeline bubble "
             "(p−1)/(m·v), data-parallel gradient reduction with or without overlap, and the "
             "optimizer. MFU = C / (time × GPUs × peak BF16) is therefore an output; a pinned "
             "MFU, a measured TFLOP/s or tokens/s per GPU replaces the model when given. "
             "Checked against 1,481 measured Megatron iterations on A100 and nine H100 "
             "configurations (docs/validation.md).")},
        {ReportText::tr("3. Memory per GPU"),
         ReportText::tr(
             "Trainer memory: bytes per parameter by optimizer (AdamW 16, 8-bit AdamW 10, SGD with "
             "momentum 12 in the ZeRO paper's count; with AdamW 18 for Megatron-Core's FP32 "
             "gradient buffer, 20 with an FP32 gradient copy, 12 without an FP32 master, as the "
             "plan's training-state precision says) divided by tensor and pipeline parallelism "
             "and sharded by "
             "the ZeRO stage (routed experts over EP, their state over the expert-data-parallel "
             "group DP/EP; under FSDP hybrid sharding over the shard group); activations per layer "
             "s·b·h·(34 + 5·a·s/h)/TP (Korthikanti et al. "
             "2022), the attention term dropped with FlashAttention or selective recomputation; "
             "plus FP32 logits, the CUDA context and ×1.07 fragmentation. Inference: weights by "
             "format, KV cache 2·L·kv_heads·head_dim·bytes per token, the vLLM profile "
             "activations. Colocated RL: while generating, the trainer's weights and optimizer "
             "state share the GPU with the engine's whole memory fraction; while training, the "
             "engine's fraction too unless it sleeps. DeepSpeed's hybrid engine reserves "
             "nothing: its gathered weights split over inference TP and a static KV workspace "
             "for its batch sit beside the trainer's state. P(OOM) = Φ((M_est − "
             "M_usable)/(σ·M_est)).")},
        {ReportText::tr("4. RL post-training"),
         ReportText::tr(
             "Episodes per iteration S = prompts × group size. Decode steps follow a roofline: the "
             "larger of memory time (weights and KV cache read at 70 % of HBM bandwidth) and "
             "compute time (50 % of peak). Response lengths are log-normal; the slowest of n "
             "responses (Blom's approximation) sets the synchronous tail. Environments add waves "
             "waiting for their slowest episode; asynchronous pipelines overlap the stages. "
             "DeepSpeed's hybrid engine gathers the ZeRO-3 weights before each generate call "
             "and decodes static batches until their longest response ends. "
             "Training FLOPs include the old log-prob pass, the reference model when the KL "
             "coefficient is positive, and the PPO critic. Utilisation = useful busy time / "
             "iteration; the rest of the pool cost is idle cost.")},
        {ReportText::tr("5. Evaluation"),
         ReportText::tr("Requests = versions × benchmarks × samples through the same inference "
                        "model with continuous batching. Environments that are not destroyed "
                        "after use are billed as forgotten resources.")},
        {ReportText::tr("6. Storage, network, logging"),
         ReportText::tr(
             "Storage is billed per GB-month (30.42 days) on the tier and for the time the data is "
             "held: datasets, checkpoints (newest k kept, milestones to the cold tier), "
             "trajectories. Checkpoint stalls (synchronous: size / write bandwidth; asynchronous: "
             "a fixed 5 s plus the device-to-host copy) are booked as checkpoint cost. Network: "
             "interconnect per GPU-hour, environment traffic at in-region prices, egress at "
             "internet prices. Logging: ingest price plus retention.")},
        {ReportText::tr("7. Engineering"),
         ReportText::tr(
             "Environment types × engineer-months per type × monthly rate, plus maintenance "
             "engineers over the plan months; paid up front (a step at day 0 of the spend curve) "
             "and left out of the daily alert, which watches cloud spend.")},
        {ReportText::tr("8. Failures and checkpoints"),
         ReportText::tr(
             "Failure rate λ = N·r_gpu + nodes·r_node (+ spot interruptions), MTBF M = 1/λ. Wall "
             "time with checkpoints every τ and stall δ: Daly (2006), T = M·e^{R/M}·(e^{(τ+δ)/M} − "
             "1)·W/τ; optimum after Young √(2δM) and Daly's higher-order form. A corrupt newest "
             "checkpoint rolls back one more interval.")},
        {ReportText::tr("9. Risks"),
         ReportText::tr(
             "Divergence: hazard per step h = h0 × learning-rate, quantization, KL, batch and "
             "staleness factors; P = 1 − e^{−h·steps}. Recovery: see §8. Capacity: probability the "
             "elastic share is unavailable × mean wait × reserved GPUs idling. Budget: the total "
             "as a normal distribution (relative sd from the assumptions plus the risks' "
             "variance); P(total > budget) and the expected overrun. Plan probabilities combine "
             "phases as independent.")},
        {ReportText::tr("Sources"),
         ReportText::tr(
             "Formulas and their choices are documented in docs/model-reference.md of the Costlab "
             "sources; the price catalog names the source and date of every price.")},
    };
    // The formulas' exponents are written x^{…} in the text (and its translations); the page
    // sets them as superscripts, not as raw markup (issue 49: "e^{R/M}" was printed).
    static const QRegularExpression exponent(QStringLiteral("\\^\\{([^{}]*)\\}"));
    for (const auto& m : methods)
        h += QStringLiteral("<h2>%1</h2><p>%2</p>")
                 .arg(m.first.toHtmlEscaped(),
                      m.second.toHtmlEscaped().replace(exponent, QStringLiteral("<sup>\\1</sup>")));
    return h;
}

} // namespace costlab
