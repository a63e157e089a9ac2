#include "reportcharts.h"

#include "actualschart.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "charttable.h"
#include "distributionchart.h"
#include "paramtext.h"
#include "registry.h"
#include "reportcontext.h"
#include "sweep.h"
#include "tornadochart.h"
#include "tradeoffchart.h"
#include "valuechart.h"

#include <QPainter>
#include <QWidget>

namespace costlab {

QSizeF ChartObject::intrinsicSize(QTextDocument*, int, const QTextFormat& f)
{
    return f.property(kSizeProp).toSizeF();
}

void ChartObject::drawObject(QPainter* p, const QRectF& rect, QTextDocument*, int,
                             const QTextFormat& f)
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

namespace {

/// Records one chart, already fed, at the report's chart size.
class Recorder {
public:
    Recorder(const ReportContext& ctx, ChartObject& handler, std::vector<ReportChart>& charts)
        : m_ctx(ctx), m_handler(handler), m_charts(charts)
    {
        // The charts inherit their font from this hidden parent: one family that has every
        // glyph of the report's language. With a Latin font and CJK glyphs substituted, the
        // recorded text was replayed with the fallback glyphs below the baseline.
        QFont f = m_fontHost.font();
        f.setFamilies(
            ctx.zh
                ? QStringList{QStringLiteral("Noto Sans CJK SC"), QStringLiteral("DejaVu Sans")}
                : QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
        m_fontHost.setFont(f);
    }

    QWidget* host() { return &m_fontHost; }

    void record(ChartBase& c, const QString& caption, const QString& note)
    {
        c.resize(kChartW, kChartH);
        // A hidden widget gets its resize event only when shown: set the plot's viewport
        // directly, or the layout (and the labels fitted to it) would use the default size.
        c.setViewport(QRect(0, 0, kChartW, kChartH));
        c.setCurrency(m_ctx.cur);
        // Two replots at the final size: the first lays the chart out, the second lets tick
        // labels and legends fit the widths that layout found (they listen to beforeReplot).
        c.replot();
        c.replot();
        QPicture picture;
        QCPPainter painter(&picture);
        c.toPainter(&painter, kChartW, kChartH);
        painter.end();
        m_handler.pictures.push_back(picture);
        m_charts.push_back({caption, note, int(m_handler.pictures.size()) - 1});
    }

    /// The chart of the chart table's row `id` (charttable.h), fed the plan's estimate as
    /// every view feeds it (ChartBase::showEstimate()).
    void fromTable(std::string_view id, const QString& caption, const QString& note)
    {
        const ChartInfo* info = chartInfo(id);
        if (!info)
            return;
        const std::unique_ptr<ChartBase> c(info->make(&m_fontHost));
        c->showEstimate(m_ctx.s, m_ctx.e);
        record(*c, caption, note);
    }

    /// A trade-off chart of `id` over its default range (skipped when the plan lacks it).
    void tradeoff(const char* id, int steps, const QString& note)
    {
        const Scenario& s = m_ctx.s;
        const auto ref = findParam(s, id);
        if (!ref)
            return;
        const SweepResult r = sweepDefaultRange(s, m_ctx.cat, id, steps);
        if (!r.error.empty() || r.points.empty())
            return;
        TradeoffChart c(&m_fontHost);
        // As on the dashboard: display units, the value in force (an automatic checkpoint
        // interval at the interval it resolves to, not the stored fixed one), choice labels.
        c.setSweepOf(s, id, r);
        record(c, ReportText::tr("Trade-off: %1").arg(paramLabel(*ref->def)), note);
    }

private:
    const ReportContext& m_ctx;
    ChartObject& m_handler;
    std::vector<ReportChart>& m_charts;
    QWidget m_fontHost;
};

} // namespace

bool recordCharts(const ReportContext& ctx, ChartObject& handler, std::vector<ReportChart>& charts,
                  const std::function<bool(int)>& step)
{
    Recorder rec(ctx, handler, charts);
    const bool rl = ctx.data.first_rl_phase >= 0;
    {
        rec.fromTable("breakdown", ReportText::tr("Cost breakdown"),
                      ReportText::tr("Cost of each phase by category; shared costs (datasets, "
                                     "engineering) in their own bar."));
    }
    if (!step(15))
        return false;
    rec.tradeoff(
        "reliability.checkpoint_interval_h", 31,
        ReportText::tr("Total cost and risk probabilities against the checkpoint interval; the "
                       "dashed lines mark the plan's value and the Young/Daly optimum."));
    if (!step(30))
        return false;
    if (rl) {
        rec.tradeoff("rl.rollout_quant", 2,
                     ReportText::tr(
                         "Total cost and risk for each rollout weight format of the first RL "
                         "phase: lower precision decodes faster but raises the collapse hazard."));
        rec.tradeoff("rl.env_count", 25,
                     ReportText::tr("Total cost and risk against the number of parallel "
                                    "environments of the first RL phase."));
    }
    if (!step(50))
        return false;
    {
        rec.fromTable(
            "memory", ReportText::tr("Memory per GPU"),
            ReportText::tr("Estimated peak memory per GPU of each role against the usable HBM."));
    }
    if (std::any_of(ctx.e.phases.begin(), ctx.e.phases.end(),
                    [](const PhaseEstimate& pe) { return pe.step.total_s > 0; })) {
        rec.fromTable("step", ReportText::tr("Training step"),
                      ReportText::tr("Where one optimizer step of each training phase goes, from "
                                     "the step-time model: compute, exposed communication, "
                                     "pipeline bubble and optimizer; the MFU is predicted."));
    }
    if (std::any_of(ctx.e.phases.begin(), ctx.e.phases.end(), [](const PhaseEstimate& pe) {
            return pe.target.kind != TargetFigures::Kind::None;
        })) {
        rec.fromTable("target", ReportText::tr("Training to the target"),
                      ReportText::tr("The law or curve of the first phase sized by a target: "
                                     "the target, the training it needs with its P10–P90 "
                                     "(shaded), and the floor or asymptote no training passes."));
    }
    if (rl) {
        rec.fromTable("rl", ReportText::tr("RL utilisation"),
                      ReportText::tr("Share of each RL iteration in which rollout GPUs, trainer "
                                     "GPUs and environments do useful work."));
    }
    {
        rec.fromTable(
            "spend", ReportText::tr("Cumulative spend against budget"),
            ReportText::tr(
                "Spend over the plan calendar with the budget line and the daily alert line."));
    }
    const MonteCarloResult& u = ctx.data.uncertainty;
    if (u.error.empty() && u.runs > 0) {
        // The same runs as the uncertainty table in the Risks section.
        for (const auto q :
             {DistributionChart::Quantity::Cost, DistributionChart::Quantity::Days}) {
            DistributionChart c(rec.host());
            c.setQuantity(q);
            c.setResult(ctx.s, u);
            const bool cost = q == DistributionChart::Quantity::Cost;
            rec.record(
                c,
                cost ? ReportText::tr("Distribution of the total cost")
                     : ReportText::tr("Distribution of the duration"),
                // The limit is named only when the plan sets one (the caption once promised
                // a deadline the chart could not draw).
                cost ? (ctx.s.budget.total > 0
                            ? ReportText::tr("Share of the Monte Carlo runs per cost bin and the "
                                             "cumulative share, with P10/P50/P90, the point "
                                             "estimate (dashed) and the budget.")
                            : ReportText::tr("Share of the Monte Carlo runs per cost bin and the "
                                             "cumulative share, with P10/P50/P90 and the point "
                                             "estimate (dashed)."))
                     : (ctx.s.budget.deadline_days > 0
                            ? ReportText::tr("Share of the Monte Carlo runs per duration bin and "
                                             "the cumulative share, with P10/P50/P90, the point "
                                             "estimate (dashed) and the deadline.")
                            : ReportText::tr("Share of the Monte Carlo runs per duration bin and "
                                             "the cumulative share, with P10/P50/P90 and the "
                                             "point estimate (dashed).")));
        }
    }
    {
        // One evaluate() per end of every input: milliseconds even for the largest example.
        const SensitivityResult sr = sensitivity(ctx.s, ctx.cat);
        if (sr.error.empty() && !sr.rows.empty()) {
            TornadoChart c(rec.host());
            c.setResult(ctx.s, sr);
            rec.record(
                c, ReportText::tr("What moves the total cost most"),
                ReportText::tr("Each input moved alone to a low and a high value — across its "
                               "plausible range where the registry names one (failure rate, "
                               "restart time, token KL), else ±20 % — with every other input as "
                               "planned; the dashed line is the plan's total. costlab-cli "
                               "sensitivity lists every input and the ranges' sources."));
        }
    }
    if (ctx.opt.actuals && !ctx.opt.actuals->days.empty()) {
        ActualsChart c(rec.host());
        c.setActuals(ctx.s, *ctx.opt.actuals);
        rec.record(c, ReportText::tr("Plan versus actual"),
                   ReportText::tr("Cumulative spend of the bills against the plan and its Monte "
                                  "Carlo P10–P90 band; each day's spend as bars on the right axis "
                                  "with the daily alert line; dotted lines where a flag began."));
    }
    if (const auto& v = ctx.opt.value.comparison; v && v->error.empty()) {
        ValueChart c(rec.host());
        c.setCurrency(ctx.cur);
        c.setComparison(*v, {QString::fromStdString(ctx.s.name), ctx.opt.value.other_name},
                        {QStringLiteral("A"), QStringLiteral("B")}, {}, ctx.opt.value.other_factor);
        rec.record(c, ReportText::tr("Route A vs Route B: cost to reach a score"),
                   ReportText::tr("Each plan sized to reach the score (A this plan, B the other): "
                                  "the line is the estimate, the band P10–P90 of its Monte Carlo "
                                  "with the laws' uncertainty; dotted lines at the score each "
                                  "reaches as planned, dashed at the crossing."));
        if (std::isfinite(v->crossing) && !v->tornado.empty()) {
            ValueTornadoChart t(rec.host());
            t.setComparison(*v);
            rec.record(t, ReportText::tr("What moves the crossing"),
                       ReportText::tr("The crossing score with each assumption at its low and its "
                                      "high side, moved on both plans alike; the dashed line is "
                                      "the crossing as planned."));
        }
    }
    return step(65);
}

} // namespace costlab
