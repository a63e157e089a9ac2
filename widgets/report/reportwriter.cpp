#include "reportwriter.h"

#include "labels.h"
#include "palette.h"
#include "costbreakdownchart.h"
#include "memorychart.h"
#include "rlutilisationchart.h"
#include "spendchart.h"
#include "tradeoffchart.h"
#include "engine.h"
#include "paramtext.h"
#include "registry.h"
#include "languages.h"
#include "sweep.h"

#include <QAbstractTextDocumentLayout>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QPainter>
#include <QPdfWriter>
#include <QPicture>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextObjectInterface>
#include <QTextTable>
#include <QWidget>

#include <algorithm>
#include <cmath>
#include <memory>


namespace costlab {
namespace {

constexpr int kChartFormat = QTextFormat::UserObject + 51;
constexpr int kChartProp = QTextFormat::UserProperty + 1;
constexpr int kSizeProp = QTextFormat::UserProperty + 2;
// Charts are laid out at this logical size and scaled onto the page: fonts of ≥ 9 pt at
// 96 dpi come out at ~8 pt on a 180 mm wide body, readable in print.
constexpr int kChartW = 860, kChartH = 470;

/// Draws a recorded chart (SVG) scaled into the object's rectangle: vector output.
class ChartObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    QSizeF intrinsicSize(QTextDocument*, int, const QTextFormat& f) override
    {
        return f.property(kSizeProp).toSizeF();
    }
    void drawObject(QPainter* p, const QRectF& rect, QTextDocument*, int,
                    const QTextFormat& f) override
    {
        // The chart was recorded as a QPicture (vector drawing commands, text as text) at
        // kChartW × kChartH; replayed scaled onto the object's rectangle.
        const int index = f.property(kChartProp).toInt();
        if (index < 0 || index >= int(pictures.size()))
            return;
        // The layout never splits an inline object across pages, so a chart reaching outside
        // the page being painted belongs to the neighbouring page. Skip it: the picture's
        // own clip operations would replace the page clip and let it spill into the footer.
        if (p->hasClipping() && !p->clipBoundingRect().adjusted(-1, -1, 1, 1).contains(rect))
            return;
        const QPicture& picture = pictures[std::size_t(index)];
        // QPainter::drawPicture() scales a picture from its recording DPI to the target
        // device's DPI by itself; undo that so the only scaling is chart → rectangle.
        const double dpi = p->device() ? p->device()->logicalDpiX() : picture.logicalDpiX();
        const double undo = picture.logicalDpiX() / dpi;
        p->save();
        p->translate(rect.topLeft());
        p->scale(rect.width() / kChartW * undo, rect.height() / kChartH * undo);
        p->drawPicture(0, 0, picture);
        p->restore();
    }
    std::vector<QPicture> pictures;
};

/// A document that loads nothing: no file, no network, whatever markup reaches it.
class SafeDocument : public QTextDocument
{
public:
    using QTextDocument::QTextDocument;
protected:
    QVariant loadResource(int, const QUrl&) override { return {}; }
};

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped().replace(QLatin1Char('\n'),
                                                             QStringLiteral("<br/>"));
}

/// Ids have no spaces; a zero-width space after '.' and '_' lets a narrow cell wrap them
/// instead of clipping.
QString breakable(QString id)
{
    id.replace(QLatin1Char('.'), QStringLiteral(".\u200B"));
    id.replace(QLatin1Char('_'), QStringLiteral("_\u200B"));
    return id;
}

QString currencyOf(const Scenario& s) { return s.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"); }

QString phaseName(const Scenario& s, int i)
{
    if (i >= 0 && i < int(s.phases.size()) && !s.phases[i].name.empty())
        return QString::fromStdString(s.phases[i].name);
    return ReportWriter::tr("Phase %1").arg(i + 1);
}

struct Section { QString anchor, title; };

struct RiskItem {
    QString name;
    QString phase;
    Risk risk;
};

} // namespace

QLocale ReportWriter::reportLocale(const QString& language)
{
    if (language.startsWith(QLatin1String("zh")))
        return QLocale(QLocale::Chinese, QLocale::China);
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

QString ReportWriter::formatMoney(double v, const QString& code, const QLocale& loc)
{
    return loc.toString(v, 'f', 0) + QLatin1Char(' ') + code;
}

QString ReportWriter::formatGpuHours(double v, const QLocale& loc)
{
    return loc.toString(v, 'f', 0) + QStringLiteral(" GPU-h");
}

QString ReportWriter::formatPercent(double p, const QLocale& loc)
{
    return loc.toString(100.0 * p, 'f', 1) + QStringLiteral(" %");
}

bool ReportWriter::write(const Scenario& s, const Catalog& cat, const QString& path,
                         const Options& opt, QString* error, std::function<bool(int)> progress)
{
    auto fail = [&](const QString& msg) {
        if (error) *error = msg;
        return false;
    };
    // Open the target first: an unwritable place fails before any work, and QSaveFile
    // leaves nothing behind unless commit() succeeds.
    QSaveFile file(path);
    if (path.isEmpty())
        return fail(tr("Cannot write the report: no file name given."));
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write the report to %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(300);
    writer.setTitle(QString::fromStdString(s.name));
    writer.setCreator(QStringLiteral("Costlab"));
    if (!render(s, cat, &writer, opt, error, progress)) {
        file.cancelWriting();
        return false;
    }
    if (!file.commit())
        return fail(tr("Cannot write the report to %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    if (progress)
        progress(100);
    return true;
}

bool ReportWriter::render(const Scenario& s, const Catalog& cat, QPagedPaintDevice* device,
                          const Options& opt, QString* error, std::function<bool(int)> progress)
{
    auto fail = [&](const QString& msg) {
        if (error) *error = msg;
        return false;
    };
    // Stops at 99: write() reports 100 once the file is committed.
    auto step = [&](int pct) { return !progress || progress(std::min(pct, 99)); };
    const bool zh = opt.language.startsWith(QLatin1String("zh"));
    const ScopedTranslation translation(opt.language);   // removed again on return
    if (!device)
        return fail(tr("Cannot write the report: no page device."));
    if (!step(0)) return fail(tr("Report cancelled."));

    const Estimate e = evaluate(s, cat);
    const QLocale loc = reportLocale(opt.language);
    const QString cur = currencyOf(s);
    auto money = [&](double v) { return formatMoney(v, cur, loc); };
    auto pct = [&](double p) { return formatPercent(p, loc); };
    auto num = [&](double v, int dec) { return loc.toString(v, 'f', dec); };
    auto gpuh = [&](double v) { return formatGpuHours(v, loc); };
    auto days = [&](double h) { return tr("%1 days (%2 h)").arg(num(h / 24.0, 1), num(h, 0)); };

    // ---- Charts, recorded as QPictures (vector) -----------------------------------------
    // A QPicture keeps QCustomPlot's drawing commands, so the PDF gets paths and real text
    // (an SVG round trip turned every glyph into outlines: 3 MB of curves per chart page).
    struct ChartPic { QString caption, note; int picture = -1; };
    std::vector<ChartPic> charts;
    ChartObject chartHandler;
    // The charts inherit their font from this hidden parent: one family that has every
    // glyph of the report's language. With a Latin font and CJK glyphs substituted, the
    // recorded text was replayed with the fallback glyphs below the baseline.
    QWidget fontHost;
    {
        QFont f = fontHost.font();
        f.setFamilies(zh ? QStringList{QStringLiteral("Noto Sans CJK SC"), QStringLiteral("DejaVu Sans")}
                         : QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
        fontHost.setFont(f);
    }
    auto record = [&](ChartBase& c, const QString& caption, const QString& note) {
        c.resize(kChartW, kChartH);
        // A hidden widget gets its resize event only when shown: set the plot's viewport
        // directly, or the layout (and the labels fitted to it) would use the default size.
        c.setViewport(QRect(0, 0, kChartW, kChartH));
        c.setCurrency(cur);
        // Two replots at the final size: the first lays the chart out, the second lets tick
        // labels and legends fit the widths that layout found (they listen to beforeReplot).
        c.replot();
        c.replot();
        QPicture picture;
        QCPPainter painter(&picture);
        c.toPainter(&painter, kChartW, kChartH);
        painter.end();
        chartHandler.pictures.push_back(picture);
        charts.push_back({caption, note, int(chartHandler.pictures.size()) - 1});
    };
    int firstRl = -1;
    for (int i = 0; i < int(s.phases.size()); ++i)
        if (s.phases[i].kind == PhaseKind::RlPosttrain) { firstRl = i; break; }
    {
        CostBreakdownChart c(&fontHost);
        c.setEstimate(s, e);
        record(c, tr("Cost breakdown"), tr("Cost of each phase by category; shared costs (datasets, engineering) in their own bar."));
    }
    if (!step(15)) return fail(tr("Report cancelled."));
    auto tradeoff = [&](const char* id, int steps, const QString& note) {
        const auto ref = findParam(s, id);
        if (!ref) return;
        const SweepResult r = sweepDefaultRange(s, cat, id, steps);
        if (!r.error.empty() || r.points.empty()) return;
        TradeoffChart c(&fontHost);
        const ParamDef& d = *ref->def;
        c.setSweep(r, getValue(s, *ref) * (r.categorical ? 1.0 : 1.0), paramLabel(d),
                   displayUnit(d, s.currency), d.scale == ParamScale::Log);
        record(c, tr("Trade-off: %1").arg(paramLabel(d)), note);
    };
    tradeoff("reliability.checkpoint_interval_h", 31,
             tr("Total cost and risk probabilities against the checkpoint interval; the dashed lines mark the plan's value and the Young/Daly optimum."));
    if (!step(30)) return fail(tr("Report cancelled."));
    if (firstRl >= 0) {
        tradeoff("rl.rollout_quant", 2,
                 tr("Total cost and risk for each rollout weight format of the first RL phase: lower precision decodes faster but raises the collapse hazard."));
        tradeoff("rl.env_count", 25,
                 tr("Total cost and risk against the number of parallel environments of the first RL phase."));
    }
    if (!step(50)) return fail(tr("Report cancelled."));
    {
        MemoryChart c(&fontHost);
        c.setEstimate(s, e);
        record(c, tr("Memory per GPU"), tr("Estimated peak memory per GPU of each role against the usable HBM."));
    }
    if (firstRl >= 0) {
        RlUtilisationChart c(&fontHost);
        c.setEstimate(s, e);
        record(c, tr("RL utilisation"), tr("Share of each RL iteration in which rollout GPUs, trainer GPUs and environments do useful work."));
    }
    {
        SpendChart c(&fontHost);
        c.setEstimate(s, e);
        record(c, tr("Cumulative spend against budget"), tr("Spend over the plan calendar with the budget line and the daily alert line."));
    }
    if (!step(65)) return fail(tr("Report cancelled."));

    // ---- Page geometry ------------------------------------------------------------------
    QPagedPaintDevice& writer = *device;
    writer.setPageSize(opt.pageSize);
    // ≥ 15 mm on every side; the header and footer bands sit inside the margins' rect.
    writer.setPageMargins(QMarginsF(18, 12, 18, 12), QPageLayout::Millimeter);
    // QPdfWriter::resolution() and QPrinter::resolution() both surface as the logical DPI.
    const int resolution = writer.logicalDpiY();
    const QRect paint = writer.pageLayout().paintRectPixels(resolution);
    const double mm = resolution / 25.4;
    const double band = 10 * mm;
    const QSizeF body(paint.width(), paint.height() - 2 * band);

    // Latin text and digits always in DejaVu Sans: Qt's PDF subset of the CJK font maps some
    // shared glyphs back to the wrong code points (digits vanish from copied text).
    QFont baseFont;
    baseFont.setFamilies(zh ? QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")}
                            : QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    baseFont.setPointSizeF(9.5);
    QFont smallFont(baseFont);
    smallFont.setPointSizeF(8);

    SafeDocument doc;
    doc.documentLayout()->setPaintDevice(&writer);
    doc.documentLayout()->registerHandler(kChartFormat, &chartHandler);
    doc.setDefaultFont(baseFont);
    doc.setDocumentMargin(0);
    doc.setPageSize(body);
    doc.setDefaultStyleSheet(QStringLiteral(
        "h1 { font-size: 16pt; color: #08306b; margin-top: 0; margin-bottom: 8px; }"
        "h2 { font-size: 12pt; color: #08306b; margin-top: 14px; margin-bottom: 4px; }"
        "h3 { font-size: 10.5pt; margin-top: 10px; margin-bottom: 2px; }"
        "p { margin-top: 2px; margin-bottom: 6px; }"
        "table { border-collapse: collapse; }"
        "th { background-color: #dbe6f2; font-weight: bold; text-align: left; }"
        "td.n, th.n { text-align: right; }"
        ".small { font-size: 8pt; color: #333333; }"
        ".caption { font-weight: bold; }"
        ".cover-title { font-size: 26pt; font-weight: bold; color: #08306b; }"
        ".cover-sub { font-size: 14pt; color: #333333; }"));

    // ---- Content --------------------------------------------------------------------------
    std::vector<Section> sections;
    auto h1 = [&](const QString& anchor, const QString& title) {
        sections.push_back({anchor, title});
        return QStringLiteral("<h1 style=\"page-break-before: always\"><a name=\"%1\"></a>%2</h1>")
            .arg(anchor, title.toHtmlEscaped());
    };
    const QString tableOpen = QStringLiteral(
        "<table width=\"100%\" border=\"1\" cellspacing=\"0\" cellpadding=\"3\" style=\"border-color:#9aa9bb\">");
    auto th = [](const QStringList& cols, const QList<int>& numeric = {}) {
        QString r = QStringLiteral("<thead><tr>");
        for (int i = 0; i < cols.size(); ++i)
            r += (numeric.contains(i) ? QStringLiteral("<th class=\"n\">") : QStringLiteral("<th>")) +
                 cols[i].toHtmlEscaped() + QStringLiteral("</th>");
        return r + QStringLiteral("</tr></thead>");
    };
    // Cells are given already escaped (scenario text goes through esc()).
    auto tr_ = [](const QStringList& cells, const QList<int>& numeric = {}, bool bold = false) {
        QString r = QStringLiteral("<tr>");
        for (int i = 0; i < cells.size(); ++i) {
            QString c = bold ? QStringLiteral("<b>%1</b>").arg(cells[i]) : cells[i];
            r += (numeric.contains(i) ? QStringLiteral("<td class=\"n\">") : QStringLiteral("<td>")) + c +
                 QStringLiteral("</td>");
        }
        return r + QStringLiteral("</tr>");
    };
    const QString plainCur = cur;

    // Risks ranked by expected cost (plan budget risk included).
    std::vector<RiskItem> risks;
    for (int i = 0; i < int(e.phases.size()); ++i) {
        const PhaseEstimate& pe = e.phases[i];
        const QString pn = phaseName(s, i);
        for (const RiskInfo& info : riskTable())
            if (info.phase) risks.push_back({riskDisplayName(info.kind), pn, pe.*info.phase});
    }
    if (s.budget.total > 0) risks.push_back({riskDisplayName(RiskKind::Budget), tr("whole plan"), e.budget});
    std::vector<RiskItem> ranked = risks;
    std::stable_sort(ranked.begin(), ranked.end(), [](const RiskItem& a, const RiskItem& b) {
        return a.risk.expected_cost > b.risk.expected_cost;
    });

    auto buildHtml = [&](const QMap<QString, int>& pages) {
        sections.clear();
        QString h;
        // Cover
        h += QStringLiteral("<p class=\"cover-sub\" style=\"margin-top:60px\">%1</p>").arg(tr("Costlab budget report").toHtmlEscaped());
        h += QStringLiteral("<p class=\"cover-title\">%1</p>").arg(esc(s.name));
        if (!s.description.empty())
            h += QStringLiteral("<p>%1</p>").arg(esc(s.description));
        h += QStringLiteral("<p>&nbsp;</p><table cellspacing=\"0\" cellpadding=\"4\">");
        auto coverRow = [&](const QString& k, const QString& vEscaped) {
            h += tr_({QStringLiteral("<b>%1</b>").arg(k.toHtmlEscaped()), vEscaped});
        };
        coverRow(tr("Date"), loc.toString(QDate::currentDate(), QLocale::LongFormat).toHtmlEscaped());
        coverRow(tr("Author"), opt.author.isEmpty() ? QStringLiteral("—") : opt.author.toHtmlEscaped());
        coverRow(tr("Project"), s.project.empty() ? QStringLiteral("—") : esc(s.project));
        coverRow(tr("Currency"), plainCur + (s.currency == Currency::CNY
                                                 ? tr(" (%1 CNY per USD)").arg(num(s.cny_per_usd, 2)).toHtmlEscaped()
                                                 : QString()));
        coverRow(tr("Price catalog"), esc(cat.name.empty() ? cat.id : cat.name) +
                                          QStringLiteral(" (") + esc(cat.id) + QStringLiteral(")"));
        coverRow(tr("Catalog date"), esc(cat.date));
        coverRow(tr("Plan start"), esc(s.budget.start_date));
        h += QStringLiteral("</table>");
        h += QStringLiteral("<p class=\"small\" style=\"margin-top:40px\">%1</p>").arg(
            tr("A planning estimate computed by Costlab from the plan's inputs and the price catalog. "
               "Figures are forecasts, not quotes; the risk section and the assumptions table say what they rest on.").toHtmlEscaped());

        // Contents (filled with page numbers on the second pass)
        h += QStringLiteral("<h1 style=\"page-break-before: always\">%1</h1>").arg(tr("Contents").toHtmlEscaped());
        h += QStringLiteral("<table width=\"100%\" cellpadding=\"4\">");
        const QList<QPair<QString, QString>> toc = {
            {QStringLiteral("summary"), tr("Executive summary")},
            {QStringLiteral("breakdown"), tr("Cost breakdown")},
            {QStringLiteral("charts"), tr("Charts")},
            {QStringLiteral("risks"), tr("Risks")},
            {QStringLiteral("assumptions"), tr("Assumptions")},
            {QStringLiteral("methods"), tr("Methods")},
        };
        for (const auto& t : toc)
            h += tr_({t.second.toHtmlEscaped(),
                      pages.contains(t.first) ? loc.toString(pages.value(t.first)) : QStringLiteral("…")},
                     {1});
        h += QStringLiteral("</table>");

        // Executive summary
        h += h1(QStringLiteral("summary"), tr("Executive summary"));
        h += tableOpen + th({tr("Figure"), tr("Value")}, {1});
        h += tr_({tr("Total cost"), money(e.total)}, {1}, true);
        h += tr_({tr("Fixed / elastic"), (money(e.fixed) + QStringLiteral(" / ") + money(e.elastic)).toHtmlEscaped()}, {1});
        h += tr_({tr("Duration"), days(e.wall_hours)}, {1});
        h += tr_({tr("GPU-hours"), gpuh(e.gpu_hours)}, {1});
        if (e.tokens > 0) {
            h += tr_({tr("Trained tokens"), tr("%1 B tokens").arg(num(e.tokens / 1e9, 2))}, {1});
            h += tr_({tr("Cost per million trained tokens"), tr("%1 %2 per million tokens").arg(num(e.cost_per_million_tokens, 2), cur)}, {1});
        }
        QString status;
        switch (budgetStatus(e)) {
        case BudgetStatus::NoBudget: status = tr("no budget set"); break;
        case BudgetStatus::Ok: status = tr("within budget: %1 of %2").arg(pct(e.budget_ratio), money(s.budget.total)); break;
        case BudgetStatus::Warning: status = tr("warning: %1 of %2 (above 90 %)").arg(pct(e.budget_ratio), money(s.budget.total)); break;
        case BudgetStatus::Over: status = tr("over budget: %1 of %2").arg(pct(e.budget_ratio), money(s.budget.total)); break;
        }
        h += tr_({tr("Budget status"), status.toHtmlEscaped()}, {1}, budgetStatus(e) == BudgetStatus::Over);
        QString alert;
        if (s.budget.daily_alert <= 0) alert = tr("no alert line set");
        else if (e.alert_day < 0) alert = tr("never (peak %1 per day, line %2 per day)").arg(money(e.daily_peak), money(s.budget.daily_alert));
        else alert = tr("day %1 (%2; peak %3 per day, line %4 per day)")
                         .arg(loc.toString(e.alert_day + 1),
                              QDate::fromString(QString::fromStdString(s.budget.start_date), Qt::ISODate).addDays(e.alert_day).toString(Qt::ISODate),
                              money(e.daily_peak), money(s.budget.daily_alert));
        h += tr_({tr("First day over the daily alert line"), alert.toHtmlEscaped()}, {1});
        h += QStringLiteral("</table>");
        if (!e.warnings.empty()) {
            h += QStringLiteral("<h2>%1</h2><ul>").arg(tr("Warnings from the engine").toHtmlEscaped());
            for (auto w : e.warnings)
                h += QStringLiteral("<li>%1</li>").arg(esc(std::string(w)));
            h += QStringLiteral("</ul>");
        }

        h += QStringLiteral("<h2>%1</h2>").arg(tr("Cost per phase").toHtmlEscaped());
        h += tableOpen + th({tr("Phase"), tr("Kind"), tr("GPUs"), tr("Duration"), tr("GPU-hours"), tr("Cost")}, {2, 3, 4, 5});
        for (int i = 0; i < int(e.phases.size()); ++i) {
            const PhaseEstimate& pe = e.phases[i];
            h += tr_({phaseName(s, i).toHtmlEscaped(), phaseKindLabel(pe.kind).toHtmlEscaped(), num(pe.gpus, 0),
                      tr("%1 days").arg(num(pe.wall_hours / 24.0, 1)), gpuh(pe.gpu_hours), money(pe.total)},
                     {2, 3, 4, 5});
        }
        double shared = 0;
        for (double v : e.shared_cost) shared += v;
        if (shared != 0)
            h += tr_({tr("Shared (datasets, engineering, …)"), QString(), QString(), QString(), QString(), money(shared)}, {2, 3, 4, 5});
        h += tr_({tr("Total"), QString(), QString(), days(e.wall_hours), gpuh(e.gpu_hours), money(e.total)}, {2, 3, 4, 5}, true);
        h += QStringLiteral("</table>");

        h += QStringLiteral("<h2>%1</h2>").arg(tr("Cost per category").toHtmlEscaped());
        h += tableOpen + th({tr("Category"), tr("Resource type"), tr("Cost"), tr("Share")}, {2, 3});
        for (int k = 0; k < kCategoryCount; ++k) {
            if (e.cost[k] == 0) continue;
            h += tr_({categoryDisplayName(Category(k)).toHtmlEscaped(),
                      QString::fromUtf8(categoryResourceType(Category(k)).data(), int(categoryResourceType(Category(k)).size())),
                      money(e.cost[k]), pct(e.total > 0 ? e.cost[k] / e.total : 0)},
                     {2, 3});
        }
        h += QStringLiteral("</table>");

        h += QStringLiteral("<h2>%1</h2>").arg(tr("Largest risks").toHtmlEscaped());
        h += tableOpen + th({tr("Risk"), tr("Phase"), tr("Probability"), tr("Expected cost")}, {2, 3});
        for (int i = 0; i < std::min<int>(3, int(ranked.size())); ++i)
            h += tr_({ranked[i].name.toHtmlEscaped(), ranked[i].phase.toHtmlEscaped(), pct(ranked[i].risk.probability),
                      money(ranked[i].risk.expected_cost)},
                     {2, 3});
        h += QStringLiteral("</table><p class=\"small\">%1</p>").arg(
            (tr("Expected cost = probability × cost if it happens.") + QLatin1Char(' ') + riskTotalNote()).toHtmlEscaped());

        // Cost breakdown
        h += h1(QStringLiteral("breakdown"), tr("Cost breakdown"));
        h += QStringLiteral("<p>%1</p>").arg(tr("Every phase by cost category with the attribution tags (project, experiment batch, resource type) and the split into fixed (reserved, committed) and elastic (on-demand, spot) cost. Money in %1.").arg(cur).toHtmlEscaped());
        h += tableOpen + th({tr("Phase"), tr("Project"), tr("Experiment batch"), tr("Category"), tr("Resource type"), tr("Fixed"), tr("Elastic"), tr("Total")}, {5, 6, 7});
        auto n0 = [&](double v) { return num(v, 0); };
        for (int i = 0; i < int(e.phases.size()); ++i) {
            const PhaseEstimate& pe = e.phases[i];
            const std::string batch = i < int(s.phases.size()) ? s.phases[i].experiment_batch : std::string();
            for (int k = 0; k < kCategoryCount; ++k) {
                if (pe.cost[k] == 0) continue;
                const auto rt = categoryResourceType(Category(k));
                h += tr_({phaseName(s, i).toHtmlEscaped(), esc(s.project), esc(batch), categoryDisplayName(Category(k)).toHtmlEscaped(),
                          QString::fromUtf8(rt.data(), int(rt.size())), n0(pe.cost[k] - pe.elastic[k]), n0(pe.elastic[k]), n0(pe.cost[k])},
                         {5, 6, 7});
            }
            h += tr_({tr("%1 subtotal").arg(phaseName(s, i)).toHtmlEscaped(), QString(), QString(), QString(), QString(),
                      n0(pe.total - [&] { double el = 0; for (double v : pe.elastic) el += v; return el; }()),
                      n0([&] { double el = 0; for (double v : pe.elastic) el += v; return el; }()), n0(pe.total)},
                     {5, 6, 7}, true);
        }
        for (int k = 0; k < kCategoryCount; ++k) {
            if (e.shared_cost[k] == 0) continue;
            const auto rt = categoryResourceType(Category(k));
            h += tr_({tr("Shared").toHtmlEscaped(), esc(s.project), QString(), categoryDisplayName(Category(k)).toHtmlEscaped(),
                      QString::fromUtf8(rt.data(), int(rt.size())), n0(e.shared_cost[k]), n0(0), n0(e.shared_cost[k])},
                     {5, 6, 7});
        }
        h += tr_({tr("Total"), QString(), QString(), QString(), QString(), n0(e.fixed), n0(e.elastic), n0(e.total)}, {5, 6, 7}, true);
        h += QStringLiteral("</table>");

        // Charts
        h += h1(QStringLiteral("charts"), tr("Charts"));
        for (int i = 0; i < int(charts.size()); ++i) {
            // Caption, chart and note in one paragraph, kept on one page (layoutDoc marks
            // it non-breakable): a caption never sits alone at the bottom of a page.
            h += QStringLiteral("<p style=\"margin-top: 10px\"><span class=\"caption\">%1</span><br/>"
                                "@@CHART%2@@<br/><span class=\"small\">%3</span></p>")
                     .arg(charts[i].caption.toHtmlEscaped())
                     .arg(i)
                     .arg(charts[i].note.toHtmlEscaped());
        }

        // Risks
        h += h1(QStringLiteral("risks"), tr("Risks"));
        h += QStringLiteral("<p>%1</p>").arg((tr("Each risk is a probability and an expected cost (probability × what it costs when it happens), so cost and risk share one axis.") + QLatin1Char(' ') + riskTotalNote()).toHtmlEscaped());
        const auto& a = s.assumptions;
        const auto& r = s.reliability;
        for (int i = 0; i < int(e.phases.size()); ++i) {
            const PhaseEstimate& pe = e.phases[i];
            h += QStringLiteral("<h2>%1</h2>").arg(tr("%1 (%2)").arg(phaseName(s, i), phaseKindLabel(pe.kind)).toHtmlEscaped());
            auto riskPara = [&](const QString& title, const Risk& rk, const QString& words, const QString& basis) {
                h += QStringLiteral("<h3>%1: %2, %3</h3>").arg(title.toHtmlEscaped(), pct(rk.probability),
                                                              tr("expected cost %1").arg(money(rk.expected_cost)).toHtmlEscaped());
                h += QStringLiteral("<p>%1</p><p class=\"small\">%2</p>").arg(words.toHtmlEscaped(), basis.toHtmlEscaped());
            };
            riskPara(riskDisplayName(RiskKind::Oom), pe.oom,
                     tr("The chance that the estimated peak memory of a GPU exceeds what is usable, so the job fails in its first steps and has to be reconfigured. The expected cost is this chance times a restart plus half an hour of the pool."),
                     tr("Rests on: the memory model of the methods appendix §3 and a relative uncertainty of the memory estimate of %1 (assumptions.oom_sigma); OOM shows early, so it is a risk, not a cost line.").arg(pct(a.oom_sigma)));
            riskPara(riskDisplayName(RiskKind::Divergence), pe.convergence,
                     pe.kind == PhaseKind::RlPosttrain
                         ? tr("The chance that the policy collapses at least once during the %1 RL iterations and the run rolls back to a checkpoint. The expected cost is the GPU time lost per event (detection, half a checkpoint interval, rollback margin, restart) times the expected number of events.").arg(num(pe.steps, 0))
                         : tr("The chance of at least one loss spike that forces a rollback during the %1 optimizer steps. The expected cost is the GPU time lost per event times the expected number of events.").arg(num(pe.steps, 0)),
                     tr("Rests on: a base hazard per step (%1 for stabilised pre-training, DeepSeek-V3; %2 per RL iteration) scaled by the learning-rate factor to the power %3 (Wortsman et al. 2023), rollout quantization and staleness multipliers; detection after %4 steps, rollback margin %5 steps (PaLM).")
                         .arg(loc.toString(a.div_h0_pretrain, 'g', 3), loc.toString(a.div_h0_rl, 'g', 3), num(a.lr_exponent, 0), num(a.div_detect_steps, 0), num(a.div_margin_steps, 0)));
            riskPara(riskDisplayName(RiskKind::Recovery), pe.recovery,
                     tr("The chance that at least one hardware failure costs more than %1 h of work. With %2 GPUs the job fails on average every %3 h; expected failures %4, each losing about %5 h of work (half a checkpoint interval plus the restart).")
                         .arg(num(r.loss_threshold_h, 1), num(pe.gpus, 0), num(pe.rec.mtbf_h, 1), num(pe.rec.expected_failures, 1), num(pe.rec.lost_per_failure_h, 2)),
                     tr("Rests on: %1 failures per GPU-hour (Llama 3 405B: 1.97e-5), checkpoint interval %2 h (Daly optimum %3 h), restart %4 min, %5 chance that a checkpoint is unusable; Daly (2006) for the wall time.")
                         .arg(loc.toString(r.gpu_failure_rate, 'g', 3), num(pe.rec.checkpoint_interval_h, 2), num(pe.rec.optimal_interval_h, 2), num(r.restart_min, 0), pct(r.corruption_prob)));
            riskPara(riskDisplayName(RiskKind::Capacity), pe.capacity,
                     tr("The chance that the elastic (on-demand or spot) share of GPUs is not available when needed, so the reserved GPUs wait idle. Zero when the phase buys no elastic capacity."),
                     tr("Rests on: probability of unavailability %1 and mean wait %2 h (capacity section), an assumption to adjust to your provider.")
                         .arg(pct(s.capacity.unavailable_prob), num(s.capacity.mean_wait_h, 1)));
        }
        h += QStringLiteral("<h2>%1</h2>").arg(tr("Whole plan").toHtmlEscaped());
        if (s.budget.total > 0)
            h += QStringLiteral("<h3>%1: %2, %3</h3><p>%4</p><p class=\"small\">%5</p>")
                     .arg(riskDisplayName(RiskKind::Budget).toHtmlEscaped(), pct(e.budget.probability),
                          tr("expected overrun %1").arg(money(e.budget.expected_cost)).toHtmlEscaped(),
                          tr("The chance that the real total exceeds the budget of %1, and the expected amount above it.").arg(money(s.budget.total)).toHtmlEscaped(),
                          tr("Rests on: the total treated as normally distributed around the estimate with a relative uncertainty of %1 (assumptions.estimate_sigma) plus the variance of the risks above.").arg(pct(a.estimate_sigma)).toHtmlEscaped());
        else
            h += QStringLiteral("<p>%1</p>").arg(tr("No budget is set, so there is no budget risk.").toHtmlEscaped());
        h += QStringLiteral("<p class=\"small\">%1</p>").arg(tr("Phases are combined as independent: the plan probability is 1 − Π(1 − pᵢ), expected costs add.").toHtmlEscaped());

        // Assumptions
        h += h1(QStringLiteral("assumptions"), tr("Assumptions"));
        h += QStringLiteral("<p>%1</p>").arg(tr("Every input of the plan with its value, whether it differs from the default, and the source or meaning of the default.").toHtmlEscaped());
        std::vector<PhaseKind> kinds;
        for (const Phase& p : s.phases) kinds.push_back(p.kind);
        const Scenario defaults = defaultScenario(kinds);
        h += tableOpen + th({tr("Parameter"), tr("Id"), tr("Value"), tr("Default?"), tr("Source / meaning")}, {2});
        int lastPhase = -2;
        for (const ParamRef& ref : boundParameters(s)) {
            const ParamDef& d = *ref.def;
            if (ref.phase != lastPhase) {
                lastPhase = ref.phase;
                const QString group = ref.phase < 0 ? tr("Whole plan") : tr("Phase: %1").arg(phaseName(s, ref.phase));
                h += QStringLiteral("<tr><td colspan=\"5\" style=\"background-color:#eef2f7\"><b>%1</b></td></tr>").arg(group.toHtmlEscaped());
            }
            const std::string id = fullId(s, ref);
            QString value;
            switch (d.type) {
            case ParamType::Choice: {
                const int idx = int(getValue(s, ref));
                value = idx >= 0 && idx < int(d.choices.size()) ? choiceLabel(d.choices[idx]) : QString::fromStdString(getString(s, ref));
                break;
            }
            case ParamType::Bool: value = getValue(s, ref) != 0 ? tr("yes") : tr("no"); break;
            case ParamType::AcceleratorRef:
            case ParamType::InstanceRef: value = QString::fromStdString(getString(s, ref)); break;
            default: {
                const double v = getValue(s, ref) * d.display_factor;
                value = loc.toString(v, 'g', 6);
                const QString unit = displayUnit(d, s.currency);
                if (!unit.isEmpty()) value += QLatin1Char(' ') + unit;
            }
            }
            QString isDefault = QStringLiteral("—");
            if (auto dref = findParam(defaults, id))
                isDefault = getString(defaults, *dref) == getString(s, ref) ? tr("default") : tr("changed");
            h += tr_({paramLabel(d).toHtmlEscaped(), QStringLiteral("<span style=\"font-size:7.5pt\">%1</span>").arg(breakable(QString::fromStdString(id)).toHtmlEscaped()),
                      value.toHtmlEscaped(), isDefault == tr("changed") ? QStringLiteral("<b>%1</b>").arg(isDefault) : isDefault,
                      QStringLiteral("<span style=\"font-size:7.5pt\">%1</span>").arg(paramHelp(d).toHtmlEscaped())},
                     {2});
        }
        h += QStringLiteral("</table>");

        // Methods
        h += h1(QStringLiteral("methods"), tr("Methods"));
        const QList<QPair<QString, QString>> methods = {
            {tr("1. Model shape"), tr("Parameter counts come from the transformer shape: per layer attention 2·h·d_attn + 2·h·d_kv (grouped-query attention shrinks only K and V), MLP n·h·f with n = 3 for gated MLPs (SwiGLU) and 2 otherwise, mixture-of-experts layers hold every expert of which top-k plus shared experts are active. Training FLOPs per token follow PaLM appendix B: 6·P_matmul + 12·Σ d_attn·s_eff, the embedding lookup excluded. Check: GPT-OSS-120B at 4,096 tokens gives 34.5 GFLOPs per token (torchtitan: 34.53 G).")},
            {tr("2. Pre-training compute"), tr("Compute C = FLOPs per token × tokens; throughput per GPU = peak BF16 × MFU × k_precision (1.3 for FP8) × k_recompute (0.75 under full recomputation). Ideal GPU time W = C / (N × throughput). The default MFU is the catalog's planning MFU at ≤ 512 GPUs, falling 2 % per doubling above (Llama 3 Table 4: 43 % at 8K GPUs, 38–41 % at 16K).")},
            {tr("3. Memory per GPU"), tr("Trainer memory: bytes per parameter by optimizer (AdamW 16, 8-bit AdamW 10, SGD with momentum 12; ZeRO paper) divided by tensor and pipeline parallelism and sharded by the ZeRO stage; activations per layer s·b·h·(34 + 5·a·s/h)/TP (Korthikanti et al. 2022), the attention term dropped with FlashAttention or selective recomputation; plus FP32 logits, the CUDA context and ×1.07 fragmentation. Inference: weights by format, KV cache 2·L·kv_heads·head_dim·bytes per token, the vLLM profile activations. P(OOM) = Φ((M_est − M_usable)/(σ·M_est)).")},
            {tr("4. RL post-training"), tr("Episodes per iteration S = prompts × group size. Decode steps follow a roofline: the larger of memory time (weights and KV cache read at 70 % of HBM bandwidth) and compute time (50 % of peak). Response lengths are log-normal; the slowest of n responses (Blom's approximation) sets the synchronous tail. Environments add waves waiting for their slowest episode; asynchronous pipelines overlap the stages. Training FLOPs include the old log-prob pass, the reference model when the KL coefficient is positive, and the PPO critic. Utilisation = useful busy time / iteration; the rest of the pool cost is idle cost.")},
            {tr("5. Evaluation"), tr("Requests = versions × benchmarks × samples through the same inference model with continuous batching. Environments that are not destroyed after use are billed as forgotten resources.")},
            {tr("6. Storage, network, logging"), tr("Storage is billed per GB-month (30.42 days) on the tier and for the time the data is held: datasets, checkpoints (newest k kept, milestones to the cold tier), trajectories. Checkpoint stalls (synchronous: size / write bandwidth; asynchronous: a fixed 5 s plus the device-to-host copy) are booked as checkpoint cost. Network: interconnect per GPU-hour, environment traffic at in-region prices, egress at internet prices. Logging: ingest price plus retention.")},
            {tr("7. Engineering"), tr("Environment types × engineer-months per type × monthly rate, plus maintenance engineers over the plan months; paid up front (a step at day 0 of the spend curve) and left out of the daily alert, which watches cloud spend.")},
            {tr("8. Failures and checkpoints"), tr("Failure rate λ = N·r_gpu + nodes·r_node (+ spot interruptions), MTBF M = 1/λ. Wall time with checkpoints every τ and stall δ: Daly (2006), T = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·W/τ; optimum after Young √(2δM) and Daly's higher-order form. A corrupt newest checkpoint rolls back one more interval.")},
            {tr("9. Risks"), tr("Divergence: hazard per step h = h0 × learning-rate, quantization, KL, batch and staleness factors; P = 1 − e^{−h·steps}. Recovery: see §8. Capacity: probability the elastic share is unavailable × mean wait × reserved GPUs idling. Budget: the total as a normal distribution (relative sd from the assumptions plus the risks' variance); P(total > budget) and the expected overrun. Plan probabilities combine phases as independent.")},
            {tr("Sources"), tr("Formulas and their choices are documented in docs/model-reference.md of the Costlab sources; the price catalog names the source and date of every price.")},
        };
        for (const auto& m : methods)
            h += QStringLiteral("<h2>%1</h2><p>%2</p>").arg(m.first.toHtmlEscaped(), m.second.toHtmlEscaped());
        return h;
    };

    // Chart paragraphs (caption, chart, note) that pass 1 found starting on one page and
    // going on to the next; they start on the next page instead, so a caption never sits
    // alone at a page foot. Pass 2 has the same layout (same contents height) and reuses it.
    std::vector<bool> breakBefore(charts.size(), false);
    // The same for short tables (≤ kShortTableRows rows, header included), by their order in
    // the document: a three-row table once left its last row alone on the next page.
    constexpr int kShortTableRows = 8;
    std::vector<bool> tableBreakBefore;
    auto shortTables = [&] {
        std::vector<QTextTable*> out;
        for (QTextFrame* f : doc.rootFrame()->childFrames())
            if (auto* t = qobject_cast<QTextTable*>(f); t && t->rows() <= kShortTableRows)
                out.push_back(t);
        return out;
    };
    // Break before the table's heading when it has one (the heading stays with its table).
    auto breakBeforeTable = [&](QTextTable* t) {
        const QTextBlock first = doc.findBlock(t->firstPosition());
        const QTextBlock heading = first.previous();
        if (heading.isValid() && heading.blockFormat().headingLevel() > 0) {
            QTextBlockFormat fmt;
            fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(heading).mergeBlockFormat(fmt);
        } else {
            QTextTableFormat fmt = t->format();
            fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            t->setFormat(fmt);
        }
    };
    // Builds or edits the document with no page size (QTextDocumentLayout does no layout
    // then), and restores the page size: exactly one full layout per call. Qt's own
    // incremental relayout after edits once left later paragraphs without lines (the Risks
    // section vanished) and cost a second layout per edit.
    auto editUnlaid = [&](const std::function<void()>& edit) {
        doc.setPageSize(QSizeF());
        edit();
        doc.setPageSize(body);
        doc.documentLayout()->documentSize();
    };
    auto layoutDoc = [&](const QMap<QString, int>& pages, bool findBreaks) {
        doc.setPageSize(QSizeF());
        doc.setHtml(buildHtml(pages));
        // Replace the chart placeholders with vector chart objects, in one edit block: each
        // insertion would otherwise re-lay out the rest of the document (80 % of the time).
        std::vector<QTextCursor> objects(charts.size());
        QTextCursor edit(&doc);
        edit.beginEditBlock();
        for (int i = 0; i < int(charts.size()); ++i) {
            QTextCursor c = doc.find(QStringLiteral("@@CHART%1@@").arg(i));
            if (c.isNull()) continue;
            QTextCharFormat f;
            f.setObjectType(kChartFormat);
            f.setProperty(kChartProp, charts[i].picture);
            const double w = body.width() * 0.98;
            f.setProperty(kSizeProp, QSizeF(w, w * kChartH / kChartW));
            c.insertText(QString(QChar::ObjectReplacementCharacter), f);
            if (breakBefore[std::size_t(i)]) {
                QTextBlockFormat fmt;
                fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
                c.mergeBlockFormat(fmt);
            }
            objects[std::size_t(i)] = c;
        }
        const std::vector<QTextTable*> tables = shortTables();
        tableBreakBefore.resize(tables.size(), false);
        for (std::size_t k = 0; k < tables.size(); ++k)
            if (tableBreakBefore[k])
                breakBeforeTable(tables[k]);
        edit.endEditBlock();
        doc.setPageSize(body);   // the one layout of this pass
        doc.documentLayout()->documentSize();
        if (!findBreaks)
            return;
        const double pageHeight = doc.pageSize().height();
        auto straddles = [&](double top, double bottom) {
            return int(top / pageHeight) != int((bottom - 1) / pageHeight);
        };
        auto chartRect = [&](int i, double* firstLine, double* end) {
            const QTextBlock b = objects[std::size_t(i)].block();
            const QTextLayout* tl = b.layout();
            if (objects[std::size_t(i)].isNull() || !tl || tl->lineCount() == 0)
                return false;
            const double top = doc.documentLayout()->blockBoundingRect(b).top();
            const QTextLine last = tl->lineAt(tl->lineCount() - 1);
            *firstLine = top + tl->lineAt(0).y();
            *end = top + last.y() + last.height();
            return true;
        };
        auto breakChart = [&](int i) {
            QTextBlockFormat fmt;
            fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            objects[std::size_t(i)].mergeBlockFormat(fmt);
        };
        // Every break decided from this one layout: walk the short tables and chart
        // paragraphs in order with the shift the breaks so far caused (reset at each
        // section heading, which starts a page anyway), then one relayout. Each layout of
        // a 20-page report costs ~0.3 s, so deciding break by break was most of the time.
        struct Item { double top, bottom; bool table; int index; };
        std::vector<Item> items;
        for (std::size_t k = 0; k < tables.size(); ++k) {
            const QRectF r = doc.documentLayout()->frameBoundingRect(tables[k]);
            if (!tableBreakBefore[k] && r.height() < pageHeight)
                items.push_back({r.top(), r.bottom(), true, int(k)});
        }
        for (int i = 0; i < int(charts.size()); ++i) {
            double first = 0, end = 0;
            if (!breakBefore[std::size_t(i)] && chartRect(i, &first, &end))
                items.push_back({first, end, false, i});
        }
        std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.top < b.top; });
        std::vector<double> sectionTops;
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
            if (b.blockFormat().headingLevel() == 1)
                sectionTops.push_back(doc.documentLayout()->blockBoundingRect(b).top());
        double shift = 0, previous = -1;
        std::vector<Item> toBreak;
        for (const Item& it : items) {
            if (std::any_of(sectionTops.begin(), sectionTops.end(),
                            [&](double y) { return y > previous && y <= it.top; }))
                shift = 0;
            previous = it.top;
            const double top = it.top + shift;
            if (straddles(top, it.bottom + shift)) {
                shift += (std::floor(top / pageHeight) + 1) * pageHeight - top;
                toBreak.push_back(it);
                (it.table ? tableBreakBefore[std::size_t(it.index)] : breakBefore[std::size_t(it.index)]) = true;
            }
        }
        if (!toBreak.empty())
            editUnlaid([&] {
                for (const Item& it : toBreak) {
                    if (it.table)
                        breakBeforeTable(tables[std::size_t(it.index)]);
                    else
                        breakChart(it.index);
                }
            });
        // Exact check on the real layout: anything the walk misjudged gets its break here
        // (one relayout each; none for the examples).
        for (std::size_t k = 0; k < tables.size(); ++k) {
            const QRectF r = doc.documentLayout()->frameBoundingRect(tables[k]);
            if (!tableBreakBefore[k] && r.height() < pageHeight && straddles(r.top(), r.bottom())) {
                tableBreakBefore[k] = true;
                editUnlaid([&] { breakBeforeTable(tables[k]); });
            }
        }
        for (int i = 0; i < int(charts.size()); ++i) {
            double first = 0, end = 0;
            if (chartRect(i, &first, &end) && straddles(first, end)) {
                breakBefore[std::size_t(i)] = true;
                editUnlaid([&] { breakChart(i); });
            }
        }
    };
    // Pass 1 lays out with placeholder page numbers; pass 2 fills the contents with the
    // pages found (the contents table has the same height in both passes).
    QMap<QString, int> pages;
    layoutDoc(pages, true);
    if (!step(75)) return fail(tr("Report cancelled."));
    auto findPages = [&] {
        QMap<QString, int> found;
        doc.documentLayout()->documentSize();   // lay out everything before asking positions
        (void)doc.pageCount();
        const double ph = doc.pageSize().height();
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
            if (b.blockFormat().headingLevel() != 1) continue;
            // Headings are matched by their text (titles are unique); anchors without text
            // do not survive the HTML import reliably.
            const QString text = b.text().trimmed();
            for (const Section& sec : sections)
                if (sec.title == text) {
                    // A page break moves the block's first line, not its bounding rect.
                    const double y = doc.documentLayout()->blockBoundingRect(b).top() +
                                     (b.layout() && b.layout()->lineCount() > 0 ? b.layout()->lineAt(0).y() : 0);
                    found[sec.anchor] = int((y + 2) / ph) + 1;   // + 2 px: a block at a page top
                }
        }
        return found;
    };
    pages = findPages();
    layoutDoc(pages, false);
    const int pageCount = doc.pageCount();
    // Never hand out a report with text silently missing: every block with text must have
    // been laid out into lines (tested for every example; this guards future layouts).
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next())
        if (b.isVisible() && !b.text().isEmpty() && (!b.layout() || b.layout()->lineCount() == 0))
            return fail(tr("Cannot write the report: the text layout lost the paragraph \"%1\".")
                            .arg(b.text().left(60)));
    if (!step(85)) return fail(tr("Report cancelled."));

    // ---- Paint --------------------------------------------------------------------------
    QPainter painter;
    if (!painter.begin(&writer))
        return fail(tr("Cannot write the report: the page device could not be started."));
    const QString headerLeft = QString::fromStdString(s.name);   // drawn as plain text
    const QString headerRight = tr("Costlab budget report");
    for (int p = 0; p < pageCount; ++p) {
        if (p > 0) writer.newPage();
        painter.save();
        painter.translate(0, band - p * body.height());
        const QRectF clip(0, p * body.height(), body.width(), body.height());
        painter.setClipRect(clip);
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.clip = clip;
        ctx.palette.setColor(QPalette::Text, Qt::black);
        doc.documentLayout()->draw(&painter, ctx);
        painter.restore();

        painter.setFont(smallFont);
        painter.setPen(QColor(0x44, 0x44, 0x44));
        const QFontMetricsF fm(smallFont, &writer);
        const double y = band * 0.55;
        const QString right = fm.elidedText(headerRight, Qt::ElideRight, body.width() * 0.4);
        const QString left = fm.elidedText(headerLeft, Qt::ElideRight, body.width() * 0.55);
        painter.drawText(QPointF(0, y), left);
        painter.drawText(QPointF(body.width() - fm.horizontalAdvance(right), y), right);
        painter.drawLine(QPointF(0, band * 0.75), QPointF(body.width(), band * 0.75));
        const double fy = band + body.height() + band * 0.6;
        painter.drawLine(QPointF(0, band + body.height() + band * 0.2), QPointF(body.width(), band + body.height() + band * 0.2));
        const QString pageText = tr("Page %1 of %2").arg(loc.toString(p + 1), loc.toString(pageCount));
        painter.drawText(QPointF((body.width() - fm.horizontalAdvance(pageText)) / 2, fy), pageText);
        const QString date = QDate::currentDate().toString(Qt::ISODate);
        painter.drawText(QPointF(body.width() - fm.horizontalAdvance(date), fy), date);
        if (!step(85 + 14 * (p + 1) / pageCount)) {
            painter.end();
            return fail(tr("Report cancelled."));
        }
    }
    if (!painter.end())
        return fail(tr("Cannot write the report: the pages could not be finished."));
    m_pages = pageCount;
    return true;
}

} // namespace costlab

#include "reportwriter.moc"
