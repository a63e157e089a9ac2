#include "distributionchart.h"

#include "palette.h"
#include "paramtext.h"
#include "percentticker.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
const QColor kBarColour(0x6b, 0xae, 0xd6);
const QColor kLimitColour(0xd6, 0x27, 0x28);
/// Head room above the cumulative curve's 100 %: the percentile labels sit there, so the
/// curve's plateau never runs behind them (issue 49: the P90 label hid part of it).
constexpr double kCumulativeTop = 1.25;

/// The cumulative axis's percentages, none above 100 % in the head room.
class CumulativeTicker : public PercentTicker {
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        QVector<double> ticks = PercentTicker::createTickVector(tickStep, range);
        ticks.erase(
            std::remove_if(ticks.begin(), ticks.end(), [](double t) { return t > 1 + 1e-9; }),
            ticks.end());
        return ticks;
    }
};
} // namespace

DistributionChart::DistributionChart(QWidget* parent)
    : ChartBase(parent), m_daysTicker(new QCPAxisTicker)
{
    setExportBaseName(QStringLiteral("distribution"));
    placeLegend(LegendPlace::Top);
    m_bars = new QCPBars(xAxis, yAxis);
    m_bars->setPen(QPen(kBarColour.darker(130), 0.8));
    m_bars->setBrush(kBarColour);
    m_cdf = new QCPGraph(xAxis, yAxis2);
    m_cdf->setLineStyle(QCPGraph::lsStepLeft);
    m_cdf->setPen(QPen(costColor(), 2.2));
    yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new PercentTicker));
    yAxis2->setTicker(QSharedPointer<QCPAxisTicker>(new CumulativeTicker));
    yAxis2->setVisible(true);
    yAxis2->setRange(0, kCumulativeTop);

    auto makeLine = [this](const QColor& c, Qt::PenStyle style, double width) {
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(c, width, style));
        // Under the labels (which are on "overlay"): a line never runs through a label.
        line->setLayer(QStringLiteral("main"));
        return line;
    };
    auto makeText = [this](const QColor& c) {
        auto* t = addText();
        t->position->setTypeX(QCPItemPosition::ptPlotCoords);
        t->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        t->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        t->setFont(baseFont());
        t->setColor(c);
        t->setBrush(QColor(255, 255, 255, 220));
        t->setPadding(QMargins(3, 1, 3, 1));
        t->setLayer(QStringLiteral("overlay"));
        return t;
    };
    for (std::size_t i = 0; i < 3; ++i) {
        m_pctLines[i] = makeLine(markerColor(), Qt::DotLine, 1.4);
        m_pctTexts[i] = makeText(markerColor());
        m_pctTexts[i]->position->setCoords(0, 0.02);
    }
    connect(this, &QCustomPlot::afterLayout, this, &DistributionChart::placePercentileLabels);
    m_pointLine = makeLine(costColor(), Qt::DashLine, 1.6);
    m_limitLine = makeLine(kLimitColour, Qt::SolidLine, 2.0);
    m_limitText = makeText(kLimitColour);
    m_limitText->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_limitText->position->setCoords(0, 0.98);
    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

void DistributionChart::placePercentileLabels()
{
    constexpr double kTop = 0.02, kRowStep = 0.09; // axis-rect fractions
    const QFontMetrics fm(baseFont());
    double rowEnd[3] = {-1e9, -1e9, -1e9}; // right edge (px) of the last label on each row
    for (std::size_t i = 0; i < 3; ++i) {
        const double x = xAxis->coordToPixel(m_pct[i]);
        const double half = (fm.horizontalAdvance(m_pctTexts[i]->text()) + 10) / 2.0;
        int row = 0;
        while (row < 2 && x - half < rowEnd[row])
            ++row;
        rowEnd[row] = x + half;
        m_pctRows[i] = row;
        m_pctTexts[i]->position->setCoords(m_pct[i], kTop + kRowStep * row);
    }
}

void DistributionChart::retranslate()
{
    m_bars->setName(tr("Share of runs per bin"));
    m_cdf->setName(tr("Cumulative share of runs"));
    yAxis->setLabel(tr("Share of runs (%)"));
    yAxis2->setLabel(tr("Cumulative (%)"));
    currencyChanged();
}

void DistributionChart::currencyChanged()
{
    if (m_quantity == Quantity::Cost) {
        xAxis->setTicker(moneyTicker());
        xAxis->setLabel(moneyAxisLabel(tr("Total cost")));
    } else {
        xAxis->setTicker(m_daysTicker);
        xAxis->setLabel(tr("Duration (days)"));
    }
    updatePlot();
    ChartBase::currencyChanged();
}

void DistributionChart::setResult(const Scenario& scenario, const MonteCarloResult& result)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    m_scenario = scenario;
    m_result = result;
    m_result.cost_samples.clear();
    m_result.days_samples.clear();
    m_result.events.clear();
    updatePlot();
}

void DistributionChart::setQuantity(Quantity q)
{
    if (q == m_quantity)
        return;
    m_quantity = q;
    currencyChanged(); // axis ticker and title follow the quantity
}

void DistributionChart::updatePlot()
{
    const bool cost = m_quantity == Quantity::Cost;
    const MonteCarloResult& r = m_result;
    const Histogram& h = cost ? r.cost_histogram : r.days_histogram;
    const Percentiles& p = cost ? r.cost : r.days;
    const bool unpriced = cost && r.error.empty() && r.runs > 0 && !r.priced;
    const bool ok = r.error.empty() && r.runs > 0 && !h.counts.empty() && !unpriced;
    m_centres.clear();
    m_shares.clear();
    m_cumulative.clear();
    m_limit = -1;
    setTitle(ok ? (cost ? tr("Total cost in %Ln Monte Carlo runs", nullptr, r.runs)
                        : tr("Duration in %Ln Monte Carlo runs", nullptr, r.runs))
                : (cost ? tr("Total cost distribution") : tr("Duration distribution")));
    m_message->setText(
        !r.error.empty() ? tr("No distribution: the plan cannot be evaluated.")
        : unpriced ? tr("No cost distribution: the plan is not priced (the catalog has no price "
                        "for its GPUs). The duration distribution is still shown.")
                   : tr("The Monte Carlo runs follow the estimate…"));
    m_message->setVisible(!ok);
    // A spread narrower than a cent (nothing uncertain) still draws as one bar.
    m_binWidth = h.width > 0 ? h.width : 1;
    double running = 0;
    QVector<double> cdfX, cdfY;
    if (ok) {
        cdfX << h.from;
        cdfY << 0.0;
        for (std::size_t i = 0; i < h.counts.size(); ++i) {
            const double share = double(h.counts[i]) / r.runs;
            running += share;
            m_centres << h.from + (double(i) + 0.5) * m_binWidth;
            m_shares << share;
            m_cumulative << running;
            cdfX << h.from + double(i + 1) * m_binWidth;
            cdfY << running;
        }
    }
    m_bars->setWidth(m_binWidth * 0.92);
    m_bars->setData(m_centres, m_shares, true);
    m_cdf->setData(cdfX, cdfY, true);
    m_pct = {p.p10, p.p50, p.p90};
    static const char* const kNames[] = {"P10", "P50", "P90"};
    // The three labels in one magnitude with the same decimals ("$1.86 M · $2.00 M ·
    // $2.20 M", not "$1.86 M · $2 M · $2.2 M"): three to four significant digits.
    const Magnitude mag = magnitudeFor(std::abs(p.p90));
    const double scaled = std::abs(p.p90) / mag.divisor;
    const int decimals = scaled > 0 ? std::clamp(2 - int(std::floor(std::log10(scaled))), 0, 2) : 0;
    const auto pctMoney = [&](double v) {
        return currencySymbol() + QLocale().toString(v / mag.divisor, 'f', decimals) + mag.suffix;
    };
    for (std::size_t i = 0; i < 3; ++i) {
        m_pctLines[i]->setVisible(ok);
        m_pctTexts[i]->setVisible(ok);
        m_pctLines[i]->point1->setCoords(m_pct[i], 0);
        m_pctLines[i]->point2->setCoords(m_pct[i], 1);
        m_pctTexts[i]->position->setCoords(m_pct[i], 0.02); // row: placePercentileLabels()
        m_pctTexts[i]->setText(QStringLiteral("%1 %2").arg(
            QLatin1String(kNames[i]),
            cost ? pctMoney(m_pct[i])
                 : tr("%1 d").arg(QLocale().toString(m_pct[i], 'f', p.p90 < 100 ? 1 : 0))));
    }
    const double point = cost ? r.point_cost : r.point_days;
    m_pointLine->setVisible(ok);
    m_pointLine->point1->setCoords(point, 0);
    m_pointLine->point2->setCoords(point, 1);
    const double limit = cost ? m_scenario.budget.total : m_scenario.budget.deadline_days;
    const double pOver = cost ? r.p_over_budget : r.p_late;
    const bool showLimit = ok && limit > 0;
    m_limitLine->setVisible(showLimit);
    m_limitText->setVisible(showLimit);
    if (showLimit) {
        m_limit = limit;
        m_limitLine->point1->setCoords(limit, 0);
        m_limitLine->point2->setCoords(limit, 1);
        m_limitText->position->setCoords(limit, 0.98);

        m_limitText->setText(cost ? tr("Budget %1: %2 of runs over")
                                        .arg(formatMoneyCompact(limit), formatPercent(pOver))
                                  : tr("Deadline %1 d: %2 of runs late")
                                        .arg(formatNumber(limit), formatPercent(pOver)));
    }
    if (ok) {
        double lo = std::min(h.from, point),
               hi = std::max(h.from + m_binWidth * h.counts.size(), point);
        if (showLimit) {
            // Show the line only when it is near the spread; far away it would squash the bars.
            const double span = std::max(hi - lo, 1e-9);
            if (limit > lo - span && limit < hi + span) {
                lo = std::min(lo, limit);
                hi = std::max(hi, limit);
            }
        }
        const double pad = std::max((hi - lo) * 0.04, m_binWidth);
        xAxis->setRange(lo - pad, hi + pad);
        if (showLimit) {
            // The label on the side of the line that has room; a line off the chart (a budget
            // far above every run) is named at the edge it lies beyond, with an arrow.
            const QCPRange xr = xAxis->range();
            const bool right = limit > xr.center();
            m_limitText->setPositionAlignment(right ? Qt::AlignRight | Qt::AlignBottom
                                                    : Qt::AlignLeft | Qt::AlignBottom);
            if (!xr.contains(limit)) {
                m_limitLine->setVisible(false);
                m_limitText->position->setCoords(right ? xr.upper : xr.lower, 0.98);
                m_limitText->setText(right ? m_limitText->text() + QStringLiteral(" \u2192")
                                           : QStringLiteral("\u2190 ") + m_limitText->text());
            }
        }
        const double top =
            m_shares.isEmpty() ? 0.1 : *std::max_element(m_shares.begin(), m_shares.end());
        // Head room for the staggered percentile labels.
        yAxis->setRange(0, std::max(0.01, top * 1.45));
    } else {
        xAxis->setRange(0, 1);
        yAxis->setRange(0, 0.1);
    }
    m_bars->setName(ok && h.above > 0
                        ? tr("Share of runs per bin (%1 above the last bin, not drawn)")
                              .arg(formatPercent(double(h.above) / r.runs))
                        : tr("Share of runs per bin"));
    m_bars->addToLegend();
    m_cdf->addToLegend();
    requestReplot();
}

QString DistributionChart::toolTipAt(const QPointF& pos) const
{
    if (m_centres.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const double x = xAxis->pixelToCoord(pos.x());
    const Histogram& h =
        m_quantity == Quantity::Cost ? m_result.cost_histogram : m_result.days_histogram;
    const int bin = int(std::floor((x - h.from) / m_binWidth));
    if (bin < 0 || bin >= m_centres.size())
        return QString();
    const double from = h.from + bin * m_binWidth, to = from + m_binWidth;
    const bool cost = m_quantity == Quantity::Cost;
    const QString range = cost ? tr("%1 – %2").arg(formatMoney(from), formatMoney(to))
                               : tr("%1 – %2 days").arg(formatNumber(from), formatNumber(to));
    return tr("<b>%1</b><br>%2 of the runs in this bin; %3 end at or below it")
        .arg(range.toHtmlEscaped(), formatPercent(m_shares[bin]), formatPercent(m_cumulative[bin]));
}

} // namespace costlab
