#include "valuechart.h"

#include "moneyticker.h"
#include "palette.h"
#include "tornadochart.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
QString scoreText(double v)
{
    return QLocale().toString(v, 'f', 3);
}
} // namespace

ValueChart::ValueChart(QWidget* parent) : ChartBase(parent)
{
    setExportBaseName(QStringLiteral("compare-value"));
    placeLegend(LegendPlace::Top);
    m_crossing = qQNaN();
    m_yTicker = QSharedPointer<MoneyLogTicker>::create(currencySymbol());
    yAxis->setTicker(m_yTicker);
    // The money axis is logarithmic and often short (a tab of the comparison at 2× scale): its
    // 1-2-5 labels give way to powers of ten when they would not fit (MoneyLogTicker).
    fitTickCount(yAxis, QString());
    retranslate(); // the title, then the plot
}

void ValueChart::retranslate()
{
    setTitle(tr("Cost to reach a score"));
    rebuild();
}

void ValueChart::currencyChanged()
{
    rebuild();
}

void ValueChart::setComparison(const ValueComparison& c, const QStringList& names,
                               const QStringList& tags, const QList<QColor>& colours,
                               double secondFactor)
{
    m_value = c;
    m_names = names;
    m_tags = tags;
    m_colours = colours;
    m_factor = secondFactor > 0 ? secondFactor : 1;
    rebuild();
}

void ValueChart::rebuild()
{
    clearGraphs();
    clearItems();
    m_message = addMessageItem();
    m_grid.clear();
    m_cost.clear();
    m_p10.clear();
    m_p90.clear();
    m_crossing = qQNaN();
    for (double s : m_value.grid)
        m_grid << s;
    xAxis->setLabel(tr("Benchmark score (pass rate, 0–1)"));
    // One ticker for the chart's life: fitTickCount() keeps its tick count for the height.
    m_yTicker->setSymbol(currencySymbol());
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setLabel(moneyAxisLabel(tr("Plan cost")));
    const bool ok = m_value.error.empty() && !m_grid.isEmpty() && !m_value.cancelled;
    m_message->setVisible(!ok);
    m_message->setText(m_value.cancelled ? tr("Stopped.") : tr("The value comparison follows…"));
    if (!ok) {
        requestReplot();
        return;
    }
    double yLo = qInf(), yCap = 0;
    for (int i = 0; i < 2; ++i) {
        const ValueCurve& v = i == 0 ? m_value.a : m_value.b;
        const double f = i == 0 ? 1.0 : m_factor;
        QVector<double> cost, p10, p90;
        double atCurrent = qQNaN(), nearest = qInf();
        for (std::size_t k = 0; k < v.points.size(); ++k) {
            const ValuePoint& p = v.points[k];
            cost << (p.reachable ? p.cost * f : qQNaN());
            p10 << (p.reachable ? p.p10 * f : qQNaN());
            p90 << (p.reachable ? p.p90 * f : qQNaN());
            if (p.reachable) {
                yLo = std::min({yLo, p.cost * f, std::isfinite(p.p10) ? p.p10 * f : qInf()});
                if (std::abs(p.score - v.route.current) < nearest) {
                    nearest = std::abs(p.score - v.route.current);
                    atCurrent = p.cost * f;
                }
            }
        }
        if (std::isfinite(atCurrent))
            yCap = std::max(yCap, atCurrent);
        const QColor colour =
            m_colours.value(i, i == 0 ? QColor(0x1f, 0x77, 0xb4) : QColor(0xff, 0x7f, 0x0e));
        const QString tag = m_tags.value(i, QString(QChar(u'A' + i)));
        // The band: P90 filled down to P10 (QCPGraph's channel fill), no outline.
        auto* lo = addGraph(xAxis, yAxis);
        lo->setPen(Qt::NoPen);
        lo->removeFromLegend();
        lo->setData(m_grid, p10, true);
        auto* hi = addGraph(xAxis, yAxis);
        hi->setPen(Qt::NoPen);
        QColor fill = colour;
        fill.setAlpha(50);
        hi->setBrush(fill);
        hi->setChannelFillGraph(lo);
        hi->setName(tr("%1: P10–P90", "plan tag").arg(tag));
        hi->setData(m_grid, p90, true);
        auto* line = addGraph(xAxis, yAxis);
        line->setPen(QPen(colour, 2.5));
        line->setName(tr("%1: cost", "plan tag").arg(tag));
        line->setData(m_grid, cost, true);
        m_cost << cost;
        m_p10 << p10;
        m_p90 << p90;
        // The plan's own score, as it stands.
        if (std::isfinite(v.route.current)) {
            auto* mark = new QCPItemStraightLine(this);
            mark->point1->setCoords(v.route.current, 1);
            mark->point2->setCoords(v.route.current, 2);
            mark->setPen(QPen(colour, 1.2, Qt::DotLine));
        }
    }
    if (std::isfinite(m_value.crossing)) {
        m_crossing = m_value.crossing;
        auto* cross = new QCPItemStraightLine(this);
        cross->point1->setCoords(m_crossing, 1);
        cross->point2->setCoords(m_crossing, 2);
        cross->setPen(QPen(markerColor(), 1.6, Qt::DashLine));
        cross->setLayer(QStringLiteral("overlay"));
        auto* label = addText();
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(m_crossing, 0.02);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 0, 0, 0));
        label->setFont(baseFont());
        label->setColor(markerColor());
        label->setText(tr("crossing %1").arg(scoreText(m_crossing)));
    }
    xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    xAxis->setRange(m_grid.front(), m_grid.back());
    // Near a bound the cost runs to infinity: the axis stops at ten times the dearer plan as
    // it stands, so the region where the routes differ keeps its height.
    const double top = yCap > 0 ? 10 * yCap : 10 * yLo;
    if (std::isfinite(yLo) && yLo > 0)
        yAxis->setRange(yLo * 0.8, std::max(top, yLo * 2));
    requestReplot();
}

QString ValueChart::toolTipAt(const QPointF& pos) const
{
    if (m_grid.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return {};
    const double key = xAxis->pixelToCoord(pos.x());
    int best = 0;
    for (int k = 1; k < m_grid.size(); ++k)
        if (std::fabs(m_grid[k] - key) < std::fabs(m_grid[best] - key))
            best = k;
    QStringList lines{tr("Score %1").arg(scoreText(m_grid[best]))};
    for (int i = 0; i < m_cost.size(); ++i) {
        const double c = m_cost[i].value(best, qQNaN());
        QString text = std::isnan(c) ? tr("not reached") : formatMoney(c);
        const double lo = m_p10[i].value(best, qQNaN()), hi = m_p90[i].value(best, qQNaN());
        if (std::isfinite(c) && std::isfinite(lo) && std::isfinite(hi))
            text = tr("%1 (P10 %2, P90 %3)").arg(text, formatMoney(lo), formatMoney(hi));
        lines
            << tr("%1 %2: %3", "tag, plan name, cost").arg(m_tags.value(i), m_names.value(i), text);
    }
    return lines.join(QLatin1Char('\n'));
}

ValueTornadoChart::ValueTornadoChart(QWidget* parent)
    : ChartBase(parent), m_rowTicker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("compare-value-tornado"));
    placeLegend(LegendPlace::Top);
    const TornadoParts parts = addTornadoParts(*this, m_rowTicker);
    m_low = parts.low;
    m_high = parts.high;
    m_baseLine = parts.base;
    m_message = addMessageItem();
    retranslate();
}

void ValueTornadoChart::retranslate()
{
    setTitle(tr("What moves the crossing"));
    m_low->setName(tr("Assumption at its low side"));
    m_high->setName(tr("Assumption at its high side"));
    xAxis->setLabel(tr("Crossing score"));
    rebuild();
}

void ValueTornadoChart::setComparison(const ValueComparison& c)
{
    m_value = c;
    rebuild();
}

void ValueTornadoChart::rebuild()
{
    m_labels.clear();
    m_rowTicker->clear();
    const double base = m_value.crossing;
    const bool ok = m_value.error.empty() && std::isfinite(base) && !m_value.tornado.empty();
    m_message->setVisible(!ok);
    m_message->setText(m_value.error.empty() && !m_value.grid.empty()
                           ? tr("The curves do not cross: no crossing to move.")
                           : tr("The value comparison follows…"));
    QVector<double> keys, low, high;
    double lo = ok ? base : 0, hi = ok ? base : 1;
    // Rows whose bar would be under 2 % of the longest (or under 0.001 in score) are left out:
    // six rows in a projector's 70 px overlapped, and a bar too short to see says nothing (the
    // report's table lists every row). A side without a crossing counts as the longest.
    m_rows.clear();
    const auto swing = [](const ValueTornadoRow& r) {
        return std::isfinite(r.low) && std::isfinite(r.high) ? std::abs(r.high - r.low) : qInf();
    };
    double longest = 0;
    for (const ValueTornadoRow& r : m_value.tornado)
        if (std::isfinite(swing(r)))
            longest = std::max(longest, swing(r));
    if (ok)
        for (const ValueTornadoRow& r : m_value.tornado)
            if (swing(r) >= std::max(1e-3, 0.02 * longest))
                m_rows.push_back(r);
    const int n = int(m_rows.size());
    for (int i = 0; i < n; ++i) {
        const ValueTornadoRow& r = m_rows[std::size_t(i)];
        const double key = n - i; // largest on top
        const QString label =
            fitToWidth(QCoreApplication::translate("costlab::Value", r.assumption->label.data()),
                       yAxis->tickLabelFont(), 200, 1);
        m_labels << label;
        m_rowTicker->addTick(key, label);
        keys << key;
        // A side with no crossing draws no bar; the tooltip says so.
        low << (std::isfinite(r.low) ? r.low - base : 0);
        high << (std::isfinite(r.high) ? r.high - base : 0);
        for (double v : {r.low, r.high})
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
    }
    m_low->setBaseValue(ok ? base : 0);
    m_high->setBaseValue(ok ? base : 0);
    m_low->setData(keys, low);
    m_high->setData(keys, high);
    m_baseLine->setVisible(ok);
    m_baseLine->point1->setCoords(base, 0);
    m_baseLine->point2->setCoords(base, 1);
    const double pad = std::max((hi - lo) * 0.08, 0.005);
    xAxis->setRange(lo - pad, hi + pad);
    yAxis->setRange(0.4, std::max(1, n) + 0.6);
    requestReplot();
}

QString ValueTornadoChart::toolTipAt(const QPointF& pos) const
{
    const int n = int(m_labels.size());
    if (n == 0 || !axisRect()->rect().contains(pos.toPoint()))
        return {};
    const int i = n - int(std::lround(yAxis->pixelToCoord(pos.y())));
    if (i < 0 || i >= n)
        return {};
    const ValueTornadoRow& r = m_rows[std::size_t(i)];
    const auto side = [](double v) { return std::isfinite(v) ? scoreText(v) : tr("no crossing"); };
    return tr("%1 (%2)\nCrossing at the low side: %3\nat the high side: %4\nas planned: %5")
        .arg(QCoreApplication::translate("costlab::Value", r.assumption->label.data()),
             QCoreApplication::translate("costlab::Value", r.assumption->swing.data()), side(r.low),
             side(r.high), scoreText(m_value.crossing));
}

} // namespace costlab
