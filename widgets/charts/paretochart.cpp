#include "paretochart.h"

#include "labels.h"
#include "palette.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
const QColor kFrontier(0x31, 0x82, 0xbd);
const QColor kByGpus(0x75, 0x6b, 0xb1);
const QColor kBest(0x2c, 0xa2, 0x5f);
} // namespace

ParetoChart::ParetoChart(QWidget* parent) : ChartBase(parent)
{
    setExportBaseName(QStringLiteral("optimiser-pareto"));
    placeLegend(LegendPlace::Top);
    m_byGpus = addGraph();
    m_byGpus->setPen(QPen(kByGpus, 1.4, Qt::DashLine));
    m_byGpus->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 7));
    m_frontier = addGraph();
    m_frontier->setPen(QPen(kFrontier, 2));
    m_frontier->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 7));
    m_current = addGraph();
    m_current->setLineStyle(QCPGraph::lsNone);
    m_current->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, markerColor(), markerColor(), 12));
    m_best = addGraph();
    m_best->setLineStyle(QCPGraph::lsNone);
    m_best->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, kBest, 16));
    m_best->setPen(QPen(kBest, 2));
    yAxis->setTicker(moneyTicker());
    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

void ParetoChart::retranslate()
{
    setTitle(tr("Cost against days of the plans found"));
    m_frontier->setName(tr("Pareto frontier"));
    m_byGpus->setName(tr("Cheapest per GPU count"));
    m_current->setName(tr("Current plan"));
    m_best->setName(tr("Best plan"));
    xAxis->setLabel(tr("Plan duration (days)"));
    updateMessage();
    currencyChanged();
}

void ParetoChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Expected total")));
    ChartBase::currencyChanged();
}

void ParetoChart::setResult(const Scenario& scenario, const OptimiserResult& result)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    m_result = result;
    updatePlot();
}

void ParetoChart::updatePlot()
{
    for (QCPItemText* t : m_gpuLabels)
        removeItem(t);
    m_gpuLabels.clear();
    const OptimiserResult& r = m_result;
    const bool any = !r.pareto.empty() || !r.by_gpus.empty();
    updateMessage();
    m_message->setVisible(!any);
    QVector<double> fx, fy, gx, gy;
    for (const OptimiserPlan& p : r.pareto) {
        fx << p.days;
        fy << p.total;
    }
    std::vector<OptimiserPlan> byDays = r.by_gpus;
    std::sort(byDays.begin(), byDays.end(),
              [](const OptimiserPlan& a, const OptimiserPlan& b) { return a.days < b.days; });
    for (const OptimiserPlan& p : byDays) {
        gx << p.days;
        gy << p.total;
        auto* label = addText();
        label->position->setCoords(p.days, p.total);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setText(tr("%1 GPUs").arg(formatNumber(p.gpus)));
        label->setFont(baseFont());
        label->setColor(kByGpus.darker(130));
        label->setPadding(QMargins(4, 0, 0, 2));
        label->setClipToAxisRect(true);
        m_gpuLabels << label;
    }
    m_frontier->setData(fx, fy, true);
    m_byGpus->setData(gx, gy, true);
    m_current->setData(any ? QVector<double>{r.current.days} : QVector<double>{},
                       any ? QVector<double>{r.current.total} : QVector<double>{});
    m_best->setData(r.found ? QVector<double>{r.best.days} : QVector<double>{},
                    r.found ? QVector<double>{r.best.total} : QVector<double>{});
    if (any) {
        double x0 = r.current.days, x1 = r.current.days, y0 = r.current.total, y1 = y0;
        for (const auto* list : {&r.pareto, &r.by_gpus})
            for (const OptimiserPlan& p : *list) {
                x0 = std::min(x0, p.days);
                x1 = std::max(x1, p.days);
                y0 = std::min(y0, p.total);
                y1 = std::max(y1, p.total);
            }
        const double dx = std::max(1e-6, x1 - x0), dy = std::max(1e-6, y1 - y0);
        xAxis->setRange(std::max(0.0, x0 - 0.06 * dx), x1 + 0.18 * dx);
        yAxis->setRange(y0 - 0.08 * dy, y1 + 0.12 * dy);
    }
    requestReplot();
}

void ParetoChart::updateMessage()
{
    // A search that found nothing within the limits is not "no search yet" (issue 49).
    m_message->setText(m_result.candidates == 0
                           ? tr("Run the search to see the plans it finds.")
                           : tr("No plan meets every limit, so none is drawn; the table lists "
                                "the nearest and the limit each breaks."));
}

QString ParetoChart::toolTipAt(const QPointF& pos) const
{
    const OptimiserPlan* hit = nullptr;
    double bestD = 14 * 14;
    for (const auto* list : {&m_result.pareto, &m_result.by_gpus})
        for (const OptimiserPlan& p : *list) {
            const double px = xAxis->coordToPixel(p.days), py = yAxis->coordToPixel(p.total);
            const double d = (px - pos.x()) * (px - pos.x()) + (py - pos.y()) * (py - pos.y());
            if (d < bestD) {
                bestD = d;
                hit = &p;
            }
        }
    if (!hit)
        return {};
    return tr("%1\n%2, %3 days, %4 GPUs")
        .arg(optimiserSummaryText(hit->summary_parts), formatMoney(hit->total),
             formatNumber(hit->days), formatNumber(hit->gpus));
}

} // namespace costlab
