#include "costbreakdownchart.h"
#include "plaintext.h"

#include "labels.h"
#include "moneyticker.h"
#include "palette.h"

#include <QFontMetrics>

#include <algorithm>
#include <numeric>

namespace costlab {

namespace {
constexpr double kBarWidth = 0.6;

double sum(const CategoryArray& a)
{
    return std::accumulate(a.begin(), a.end(), 0.0);
}

QString currencyCodeOf(const Scenario& s)
{
    return s.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD");
}
} // namespace

CostBreakdownChart::CostBreakdownChart(QWidget* parent)
    : ChartBase(parent), m_ticker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("cost-breakdown"));
    placeLegend(LegendPlace::Right);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    xAxis->setTickLength(0, 3);
    xAxis->setSubTicks(false);
    yAxis->setTicker(moneyTicker());
    retranslate();
    rebuildSeries();
}

void CostBreakdownChart::retranslate()
{
    setTitle(tr("Cost by phase and category"));
    xAxis->setLabel(axisTitle());
    yAxis->setLabel(moneyAxisLabel(tr("Cost")));
    if (!m_series.empty()) { // series names are category or group names
        rebuildSeries();
        updatePlot();
    }
}

void CostBreakdownChart::setStacking(Stacking stacking)
{
    if (stacking == m_stacking)
        return;
    m_stacking = stacking;
    rebuildSeries();
    updatePlot();
}

void CostBreakdownChart::rebuildSeries()
{
    for (QCPBars* bars : m_series)
        removePlottable(bars);
    m_series.clear();
    auto add = [this](const QString& name, const QColor& colour) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(name);
        bars->setBrush(colour);
        bars->setPen(QPen(QColor(255, 255, 255), 0.8));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        if (!m_series.isEmpty())
            bars->moveAbove(m_series.back());
        m_series.push_back(bars);
    };
    if (m_stacking == Stacking::Category) {
        for (int i = 0; i < kCategoryCount; ++i) {
            const auto c = static_cast<Category>(i);
            add(categoryDisplayName(c), categoryColor(c));
        }
    } else {
        for (const QString& g : categoryGroups())
            add(categoryGroupDisplayName(g), categoryGroupColor(g));
    }
    legend->clearItems(); // filled by updatePlot() with the non-zero series only
}

void CostBreakdownChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    setCurrency(currencyCodeOf(scenario));
    m_labels.clear();
    m_values.clear();
    m_unpriced.clear();
    for (std::size_t i = 0; i < estimate.phases.size(); ++i) {
        QString label;
        if (i < scenario.phases.size())
            label = displayText(scenario.phases[i].name);
        if (label.isEmpty())
            label = phaseKindDisplayName(estimate.phases[i].kind);
        m_labels << label;
        m_values << estimate.phases[i].cost;
        // evaluate() costs no GPU time on an accelerator without a price (issue 12): the bar
        // holds only what is priced, and its label says what is missing.
        m_unpriced << (i < scenario.phases.size() &&
                       std::find(estimate.unpriced.begin(), estimate.unpriced.end(),
                                 scenario.phases[i].accelerator) != estimate.unpriced.end());
    }
    m_phaseCount = int(m_labels.size());
    if (sum(estimate.shared_cost) > 0) {
        m_labels << tr("Shared");
        m_values << estimate.shared_cost;
        m_unpriced << false;
    }
    updatePlot();
}

void CostBreakdownChart::updatePlot()
{
    const int n = m_labels.size();
    QVector<double> keys(n);
    std::iota(keys.begin(), keys.end(), 1.0);

    // Per-series values, summing categories into groups when stacked by group.
    const int seriesCount = m_series.size();
    QVector<QVector<double>> values(seriesCount, QVector<double>(n, 0.0));
    for (int b = 0; b < n; ++b) {
        for (int c = 0; c < kCategoryCount; ++c) {
            const double v = m_values[b][static_cast<std::size_t>(c)];
            int s = c;
            if (m_stacking == Stacking::Group)
                s = static_cast<int>(
                    categoryGroups().indexOf(categoryGroupOf(static_cast<Category>(c))));
            if (s >= 0 && s < seriesCount)
                values[s][b] += v;
        }
    }
    QVector<bool> visible(seriesCount, false);
    for (int s = 0; s < seriesCount; ++s) {
        m_series[s]->setData(keys, values[s], true);
        visible[s] =
            std::any_of(values[s].begin(), values[s].end(), [](double v) { return v > 0; });
        // All-zero series add nothing to the stack; skipping them saves drawing time.
        m_series[s]->setVisible(visible[s]);
    }
    // Legend lists only non-zero series, top of the stack first like the bars.
    QList<QCPAbstractPlottable*> entries;
    for (int s = seriesCount - 1; s >= 0; --s)
        if (visible[s])
            entries << m_series[s];
    setLegendEntries(entries);

    // Phase names wrap to the width each bar has, so three or four phases never overlap; four
    // lines hold a typical name ("Pre- / training / 15T / tokens") beside the legend at
    // 1280×720 instead of eliding its last word. Where a name would still lose characters,
    // the bars show their phase numbers, as in the plan's phase list (names in the tooltip).
    QStringList numbers;
    for (int i = 0; i < m_labels.size(); ++i)
        numbers << (i < m_phaseCount ? QString::number(i + 1) : m_labels[i]);
    setCategoryLabels(m_ticker, m_labels, 4, numbers);

    // Totals above the bars; items are reused so a slider drag creates nothing.
    while (m_totalLabels.size() < n) {
        auto* text = addText();
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setFont(baseFont());
        text->setColor(QColor(0x22, 0x22, 0x22));
        text->setPadding(QMargins(0, 0, 0, 3));
        text->setClipToAxisRect(false);
        m_totalLabels << text;
    }
    while (m_totalLabels.size() > n)
        removeItem(m_totalLabels.takeLast());
    double maxTotal = 0;
    for (int b = 0; b < n; ++b) {
        const double total = sum(m_values[b]);
        maxTotal = std::max(maxTotal, total);
        m_totalLabels[b]->position->setCoords(b + 1, total);
        m_totalLabels[b]->setText(barTotalText(b));
    }
    // Room left of the first bar for its total label, which is wider than the bar on a
    // narrow chart ("$517 K" sat on the y axis, issue 49).
    xAxis->setRange(0.25, std::max(1, n) + 0.6);
    // Head room for the total labels.
    yAxis->setRange(0, maxTotal > 0 ? maxTotal * 1.12 : 1.0);
    requestReplot();
}

double CostBreakdownChart::valueAt(int bar, Category c) const
{
    const int ci = static_cast<int>(c);
    if (bar < 0 || bar >= m_values.size() || ci < 0 || ci >= kCategoryCount)
        return 0;
    return m_values[bar][static_cast<std::size_t>(ci)];
}

double CostBreakdownChart::barTotal(int bar) const
{
    if (bar < 0 || bar >= m_values.size())
        return 0;
    return sum(m_values[bar]);
}

int CostBreakdownChart::visibleSeriesCount() const
{
    return legend->itemCount();
}

void CostBreakdownChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Cost")));
    for (int b = 0; b < m_totalLabels.size() && b < m_values.size(); ++b)
        m_totalLabels[b]->setText(barTotalText(b));
    // Another symbol ("CNY " for "$") may no longer fit with the same decimals.
    categoryWidthChanged(categoryLabelWidth(int(m_labels.size())));
    ChartBase::currencyChanged();
}

QString CostBreakdownChart::axisTitle() const
{
    return categoryLabelsShortened() ? tr("Phase (numbered in plan order; hover a bar)")
                                     : tr("Phase");
}

void CostBreakdownChart::categoryWidthChanged(int px)
{
    xAxis->setLabel(axisTitle());
    // Neighbouring totals are px + 8 apart (categoryLabelWidth); keep a few pixels between.
    // Two decimals where they fit, then one, then none ("$952.99k", "$953k").
    const QFontMetrics fm(baseFont());
    auto fits = [&](int decimals) {
        for (int b = 0; b < m_values.size() && px > 0; ++b)
            if (fm.horizontalAdvance(MoneyTicker::compact(sum(m_values[b]), currencySymbol(),
                                                          QLocale(), decimals)) > px + 2)
                return false;
        return true;
    };
    int decimals = 2;
    while (decimals > 0 && !fits(decimals))
        --decimals;
    if (decimals == m_totalDecimals)
        return;
    m_totalDecimals = decimals;
    for (int b = 0; b < m_totalLabels.size() && b < m_values.size(); ++b)
        m_totalLabels[b]->setText(barTotalText(b));
}

QString CostBreakdownChart::barTotalText(int bar) const
{
    if (bar < 0 || bar >= m_values.size())
        return {};
    const QString money =
        MoneyTicker::compact(sum(m_values[bar]), currencySymbol(), QLocale(), m_totalDecimals);
    return m_unpriced.value(bar) ? tr("%1\n+ GPU time,\nnot priced", "bar total").arg(money)
                                 : money;
}

int CostBreakdownChart::barIndexAt(const QPointF& pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return -1;
    const double key = xAxis->pixelToCoord(pos.x());
    const int b = qRound(key) - 1;
    if (b < 0 || b >= m_values.size() || std::abs(key - (b + 1)) > kBarWidth / 2)
        return -1;
    return b;
}

QString CostBreakdownChart::toolTipAt(const QPointF& pos) const
{
    const int b = barIndexAt(pos);
    if (b < 0)
        return QString();
    const double total = sum(m_values[b]);
    QString html = QStringLiteral("<b>%1</b><br>%2<table>")
                       .arg(m_labels[b].toHtmlEscaped(), tr("Total: %1").arg(formatMoney(total)));
    // Top of the stack first, as on screen.
    for (int c = kCategoryCount - 1; c >= 0; --c) {
        const double v = m_values[b][static_cast<std::size_t>(c)];
        if (v <= 0)
            continue;
        const auto cat = static_cast<Category>(c);
        html += QStringLiteral(
                    "<tr><td><span style=\"color:%1\">&#9632;</span> %2</td>"
                    "<td align=\"right\">&nbsp;%3</td><td align=\"right\">&nbsp;%4</td></tr>")
                    .arg(categoryColor(cat).name(), categoryDisplayName(cat).toHtmlEscaped(),
                         formatMoney(v), formatPercent(total > 0 ? v / total : 0));
    }
    html += QStringLiteral("</table>");
    return html;
}

} // namespace costlab
