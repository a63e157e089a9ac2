#include "tornadochart.h"

#include "palette.h"
#include "paramtext.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
const QColor kLowColour(0x31, 0x82, 0xbd);
const QColor kHighColour(0xe6, 0x55, 0x0d);

/// The input's value in its display unit ("12 T tokens", "1e-05 1/GPU-h").
QString valueText(const ParamDef& d, double v, Currency cur)
{
    const QString unit = displayUnit(d, cur);
    const QString n = ChartBase::formatNumber(v * d.display_factor, 3);
    return unit.isEmpty() ? n : QStringLiteral("%1 %2").arg(n, unit);
}
} // namespace

TornadoParts addTornadoParts(QCustomPlot& chart, const QSharedPointer<QCPAxisTickerText>& rows)
{
    TornadoParts t{.low = new QCPBars(chart.yAxis, chart.xAxis),
                   .high = new QCPBars(chart.yAxis, chart.xAxis),
                   .base = new QCPItemStraightLine(&chart)};
    for (auto [bars, colour] : {std::pair{t.low, kLowColour}, std::pair{t.high, kHighColour}}) {
        bars->setPen(QPen(colour.darker(120), 0.8));
        bars->setBrush(colour);
        bars->setWidth(0.62);
    }
    chart.yAxis->setTicker(rows);
    chart.yAxis->setTickLength(0, 0);
    chart.yAxis->grid()->setVisible(false);
    t.base->setPen(QPen(markerColor(), 1.6, Qt::DashLine));
    t.base->setLayer(QStringLiteral("overlay"));
    return t;
}

TornadoChart::TornadoChart(QWidget* parent) : ChartBase(parent), m_rowTicker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("tornado"));
    placeLegend(LegendPlace::Top);
    // Rows on the vertical axis, money on the horizontal one.
    const TornadoParts parts = addTornadoParts(*this, m_rowTicker);
    m_low = parts.low;
    m_high = parts.high;
    m_baseLine = parts.base;
    xAxis->setTicker(moneyTicker());
    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

void TornadoChart::retranslate()
{
    setTitle(tr("What moves the total cost most"));
    m_low->setName(tr("Input at its low value"));
    m_high->setName(tr("Input at its high value"));
    m_message->setText(tr("The sensitivity follows the estimate…"));
    currencyChanged();
}

void TornadoChart::currencyChanged()
{
    xAxis->setLabel(moneyAxisLabel(tr("Total cost")));
    updatePlot(); // row labels carry money units
    ChartBase::currencyChanged();
}

void TornadoChart::setResult(const Scenario& scenario, const SensitivityResult& result, int rows)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    m_scenario = scenario;
    m_result = result;
    m_maxRows = std::max(1, rows);
    updatePlot();
}

QVector<double> TornadoChart::lowTotals() const
{
    QVector<double> v;
    for (const SensitivityRow& r : m_rows)
        v << r.low.total;
    return v;
}

QVector<double> TornadoChart::highTotals() const
{
    QVector<double> v;
    for (const SensitivityRow& r : m_rows)
        v << r.high.total;
    return v;
}

void TornadoChart::updatePlot()
{
    m_rows.clear();
    m_labels.clear();
    for (const SensitivityRow& r : m_result.rows) {
        if (int(m_rows.size()) >= m_maxRows || !(r.swing() > 0))
            break;
        m_rows.push_back(r);
    }
    const bool ok = m_result.error.empty() && !m_rows.empty();
    m_message->setVisible(!ok);
    if (!m_result.error.empty())
        m_message->setText(tr("No sensitivity: the plan cannot be evaluated."));
    m_base = m_result.total;
    m_rowTicker->clear();
    QVector<double> keys, low, high;
    const int n = int(m_rows.size());
    double lo = m_base, hi = m_base;
    for (int i = 0; i < n; ++i) {
        const SensitivityRow& r = m_rows[std::size_t(i)];
        const double key = n - i; // largest on top
        // The input's name only: its range is in the tooltip (two-line labels of ten rows
        // overlapped at the editor's size).
        const QString label = fitToWidth(paramLabel(*r.def), yAxis->tickLabelFont(), 190, 1);
        m_labels << label;
        m_rowTicker->addTick(key, label);
        keys << key;
        // QCPBars draws from its base value to base + value: the values are the changes.
        low << r.low.total - m_base;
        high << r.high.total - m_base;
        lo = std::min({lo, r.low.total, r.high.total});
        hi = std::max({hi, r.low.total, r.high.total});
    }
    m_low->setBaseValue(m_base);
    m_high->setBaseValue(m_base);
    m_low->setData(keys, low); // keys run downwards: let QCustomPlot sort them
    m_high->setData(keys, high);
    m_baseLine->setVisible(ok);
    m_baseLine->point1->setCoords(m_base, 0);
    m_baseLine->point2->setCoords(m_base, 1);
    const double pad = std::max((hi - lo) * 0.06, std::abs(m_base) * 0.01 + 1);
    xAxis->setRange(lo - pad, hi + pad);
    yAxis->setRange(0.4, std::max(1, n) + 0.6);
    requestReplot();
}

QString TornadoChart::toolTipAt(const QPointF& pos) const
{
    if (m_rows.empty() || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const int n = int(m_rows.size());
    const int i = n - int(std::lround(yAxis->pixelToCoord(pos.y())));
    if (i < 0 || i >= n)
        return QString();
    const SensitivityRow& r = m_rows[std::size_t(i)];
    const Currency cur = m_scenario.currency;
    QString range = r.from_registry
                        ? tr("Range from the registry: %1")
                              .arg(QString::fromUtf8(r.def->unc_source.data(),
                                                     qsizetype(r.def->unc_source.size())))
                    : r.from_law ? tr("Range: the target ± the chosen share of its distance to the "
                                      "law's floor or the curve's asymptote")
                                 : tr("Range: the plan's value ± the chosen share");
    return tr("<b>%1</b> (%2)<br>Plan: %3 → total %4<br>Low %5 → total %6, %7 days<br>High "
              "%8 → total %9, %10 days<br>%11")
        .arg(paramLabel(*r.def).toHtmlEscaped(), QString::fromStdString(r.id).toHtmlEscaped(),
             valueText(*r.def, r.value, cur).toHtmlEscaped(), formatMoney(m_base),
             valueText(*r.def, r.low.value, cur).toHtmlEscaped(), formatMoney(r.low.total),
             formatNumber(r.low.days), valueText(*r.def, r.high.value, cur).toHtmlEscaped(),
             formatMoney(r.high.total))
        .arg(formatNumber(r.high.days), range.toHtmlEscaped());
}

} // namespace costlab
