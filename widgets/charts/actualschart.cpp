#include "actualschart.h"

#include "palette.h"

#include <algorithm>

namespace costlab {

ActualsChart::ActualsChart(QWidget* parent) : ChartBase(parent), m_dates(new QCPAxisTickerDateTime)
{
    setExportBaseName(QStringLiteral("plan-vs-actual"));
    placeLegend(LegendPlace::Top);
    m_dates->setDateTimeSpec(Qt::UTC);
    m_dates->setTickCount(6);
    xAxis->setTicker(m_dates);
    yAxis->setTicker(moneyTicker());
    // The band: P90 filled down to P10 (QCustomPlot's channel fill between two graphs).
    m_p10 = new QCPGraph(xAxis, yAxis);
    m_p90 = new QCPGraph(xAxis, yAxis);
    QColor band = costColor();
    band.setAlpha(45);
    m_p10->setPen(QPen(band.darker(120), 1.0));
    m_p90->setPen(QPen(band.darker(120), 1.0));
    m_p90->setBrush(band);
    m_p90->setChannelFillGraph(m_p10);
    // Daily bars first, so the cumulative lines draw over them.
    yAxis2->setVisible(true);
    yAxis2->setTicker(moneyTicker());
    m_daily = new QCPBars(xAxis, yAxis2);
    m_daily->setWidth(86400 * 0.7);
    m_daily->setPen(Qt::NoPen);
    m_daily->setBrush(QColor(0xd6, 0x27, 0x28, 55));
    m_alert = new QCPGraph(xAxis, yAxis2);
    m_alert->setPen(QPen(QColor(0xe6, 0x8a, 0x00), 1.5, Qt::DashDotLine));
    m_planned = new QCPGraph(xAxis, yAxis);
    m_planned->setPen(QPen(QColor(0x55, 0x55, 0x55), 2.0, Qt::DashLine));
    m_actual = new QCPGraph(xAxis, yAxis);
    m_actual->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.5));
    m_actual->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
    // The legend names the band once (on the P90 graph); P10 is its lower edge.
    m_p10->removeFromLegend();
    m_message = addMessageItem();
    retranslate();
}

void ActualsChart::retranslate()
{
    setTitle(tr("Plan versus actual: cumulative spend"));
    m_actual->setName(tr("Actual (bill)"));
    m_planned->setName(tr("Plan"));
    m_p90->setName(tr("Plan P10–P90 (Monte Carlo)"));
    m_daily->setName(tr("Daily spend (right axis)"));
    m_alert->setName(tr("Daily alert line"));
    //: Date on the plan-versus-actual chart's x-axis ticks (QDateTime format)
    m_dates->setDateTimeFormat(tr("d MMM"));
    if (m_empty)
        m_message->setText(tr("Add a bill or a training log to compare it with the plan."));
    currencyChanged();
}

void ActualsChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Cumulative spend")));
    yAxis2->setLabel(moneyAxisLabel(tr("Spend per day")));
    ChartBase::currencyChanged();
}

void ActualsChart::setActuals(const Scenario& scenario, const ActualsResult& r)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    for (QCPItemStraightLine* m : m_marks)
        removeItem(m);
    m_marks.clear();
    m_empty = r.days.empty();
    m_message->setVisible(m_empty);
    QVector<double> keys, actual, planned, p10, p90, dayKeys, daily;
    double top = 0, dayTop = 0;
    // Day 0 starts at zero; each day's point is its end.
    keys << double(r.plan_start);
    actual << 0;
    planned << 0;
    p10 << 0;
    p90 << 0;
    for (const ActualsDay& d : r.days) {
        keys << double(std::min<UnixSeconds>(r.plan_start + (d.day + 1) * 86400, r.as_of));
        actual << d.cum_actual;
        planned << d.cum_planned;
        p10 << d.band_p10;
        p90 << d.band_p90;
        top = std::max({top, d.cum_actual, d.cum_planned, d.band_p90});
        dayKeys << double(r.plan_start + d.day * 86400) + 43200;
        daily << d.actual;
        dayTop = std::max(dayTop, d.actual);
    }
    m_daily->setData(dayKeys, daily, true);
    const double alert = scenario.budget.daily_alert;
    m_alert->data()->clear();
    if (alert > 0 && !m_empty) {
        m_alert->addData(double(r.plan_start), alert);
        m_alert->addData(double(std::max(r.as_of, r.plan_start + 86400)), alert);
        dayTop = std::max(dayTop, alert);
    }
    m_alert->setVisible(alert > 0);
    // The bars stay in the lower part of the plot, under the cumulative lines.
    yAxis2->setRange(0, dayTop > 0 ? dayTop * 2.2 : 1);
    m_actual->setData(keys, actual, true);
    m_planned->setData(keys, planned, true);
    m_p10->setData(keys, p10, true);
    m_p90->setData(keys, p90, true);
    for (const ActualsFlag& f : r.flags) {
        if (f.since <= 0)
            continue;
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(QColor(0xe6, 0x8a, 0x00), 1.5, Qt::DotLine));
        line->point1->setCoords(double(f.since), 0);
        line->point2->setCoords(double(f.since), 1);
        m_marks.push_back(line);
    }
    xAxis->setRange(double(r.plan_start), double(std::max(r.as_of, r.plan_start + 86400)));
    yAxis->setRange(0, top > 0 ? top * 1.08 : 1);
    if (m_empty)
        retranslate();
    replot(QCustomPlot::rpQueuedReplot);
}

QVector<double> ActualsChart::seriesValues(const QString& name) const
{
    if (name == QLatin1String("daily")) {
        QVector<double> v;
        for (auto it = m_daily->data()->constBegin(); it != m_daily->data()->constEnd(); ++it)
            v << it->value;
        return v;
    }
    const QCPGraph* g = name == QLatin1String("actual")    ? m_actual
                        : name == QLatin1String("planned") ? m_planned
                        : name == QLatin1String("p10")     ? m_p10
                        : name == QLatin1String("p90")     ? m_p90
                                                           : nullptr;
    QVector<double> v;
    if (g)
        for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
            v << it->value;
    return v;
}

QString ActualsChart::messageText() const
{
    return m_message->visible() ? m_message->text() : QString();
}

} // namespace costlab
