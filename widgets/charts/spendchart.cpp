#include "spendchart.h"

#include <QFontMetrics>

#include "labels.h"
#include "palette.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
constexpr double kSecondsPerDay = 86400.0;

// Dates only, so ticks never fall inside a day (a 4-day plan would otherwise repeat each
// date twice).
class DayTicker : public QCPAxisTickerDateTime {
protected:
    double getTickStep(const QCPRange& range) override
    {
        return std::max(QCPAxisTickerDateTime::getTickStep(range), kSecondsPerDay);
    }
};
} // namespace

SpendChart::SpendChart(QWidget* parent)
    : ChartBase(parent), m_start(2027, 1, 4), m_dateTicker(new DayTicker)
{
    setExportBaseName(QStringLiteral("spend"));
    placeLegend(LegendPlace::Top);
    m_dateTicker->setDateTimeSpec(Qt::UTC);
    m_dateTicker->setDateTimeFormat(fullDateFormat());
    m_dateTicker->setTickCount(6);
    xAxis->setTicker(m_dateTicker);
    // As many date ticks as fit the axis without touching (a 4-day plan in a narrow chart
    // showed five overlapping "1 Mar 2027" labels).
    connect(this, &QCustomPlot::beforeReplot, this, &SpendChart::fitDateTicks);
    yAxis->setTicker(moneyTicker());

    m_spendGraph = new QCPGraph(xAxis, yAxis);
    m_spendGraph->setPen(QPen(costColor(), 2.5));
    QColor fill = costColor();
    fill.setAlpha(40);
    m_spendGraph->setBrush(fill);
    // The fill's edges are the antialiased line itself; an antialiased fill costs a few
    // milliseconds per replot for no visible gain.
    setNotAntialiasedElements(QCP::aeFills);

    m_budgetGraph = new QCPGraph(xAxis, yAxis);
    m_budgetGraph->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.0, Qt::DashLine));
    m_message = addMessageItem();
    m_message->setVisible(false);

    m_alertGraph = new QCPGraph(xAxis, yAxis);
    m_alertGraph->setPen(QPen(QColor(0xe6, 0x8a, 0x00), 2.0, Qt::DashDotLine));

    m_alertDayLine = new QCPItemStraightLine(this);
    m_alertDayLine->setPen(QPen(QColor(0xe6, 0x8a, 0x00), 1.2, Qt::DotLine));
    m_alertDayText = addText();
    m_alertDayText->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_alertDayText->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_alertDayText->setFont(baseFont());
    m_alertDayText->setColor(QColor(0x9a, 0x5b, 0x00));
    m_alertDayText->setBrush(QColor(255, 255, 255, 220));
    m_alertDayText->setPadding(QMargins(4, 2, 4, 2));

    m_budgetText = addText();
    m_budgetText->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_budgetText->position->setTypeY(QCPItemPosition::ptPlotCoords);
    m_budgetText->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_budgetText->setFont(baseFont());
    m_budgetText->setColor(QColor(0xb0, 0x10, 0x10));
    m_budgetText->setPadding(QMargins(4, 0, 4, 3));

    retranslate();
    updatePlot();
}

void SpendChart::retranslate()
{
    setTitle(tr("Cumulative spend over the plan"));
    m_spendGraph->setName(tr("Cumulative spend"));
    m_budgetGraph->setName(tr("Budget"));
    m_alertGraph->setName(tr("Spend at the daily alert rate"));
    m_dateTicker->setDateTimeFormat(fullDateFormat());
    currencyChanged();
}

void SpendChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Cumulative spend")));
    ChartBase::currencyChanged();
}

double SpendChart::keyOfDay(double day) const
{
    return QCPAxisTickerDateTime::dateTimeToKey(QDateTime(m_start, QTime(0, 0), Qt::UTC)) +
           day * kSecondsPerDay;
}

QString SpendChart::fullDateFormat()
{
    //: Date with year, QDateTime format: the plan's start date and tooltips of the spend chart
    return tr("d MMM yyyy");
}

QString SpendChart::dateText(double day) const
{
    return QLocale().toString(m_start.addDays(static_cast<qint64>(std::floor(day))),
                              fullDateFormat());
}

void SpendChart::fitDateTicks()
{
    const QDate last = m_start.addDays(static_cast<qint64>(std::ceil(m_lastDay)));
    // The axis title gives the start date with its year; ticks within one year need none.
    const QString format =
        last.year() == m_start.year()
            //: Date without year on the spend chart's x-axis ticks (QDateTime format)
            ? tr("d MMM")
            : fullDateFormat();
    if (m_dateTicker->dateTimeFormat() != format)
        m_dateTicker->setDateTimeFormat(format);
    const QFontMetrics fm(xAxis->tickLabelFont());
    // Widest plausible label: a two-digit day in the longest month name.
    const int label =
        fm.horizontalAdvance(QLocale().toString(QDate(2027, 9, 28), format)) + fm.height() * 2;
    const int axisWidth = axisRect()->width() > 0 ? axisRect()->width() : viewport().width() - 120;
    const int count = std::clamp(axisWidth / std::max(1, label), 2, 8);
    if (m_dateTicker->tickCount() != count)
        m_dateTicker->setTickCount(count);
}

void SpendChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    const QDate start =
        QDate::fromString(QString::fromStdString(scenario.budget.start_date), Qt::ISODate);
    // The scenario loader validates the date; a bad one here still draws, from 2027-01-04.
    m_start = start.isValid() ? start : QDate(2027, 1, 4);
    m_budget = scenario.budget.total;
    m_alert = scenario.budget.daily_alert;
    m_alertDay = estimate.alert_day;
    m_priced = estimate.priced;
    m_days.resize(0);
    m_spend.resize(0);
    // No price, no total (issue 12): a spend that leaves GPU time out is not drawn; the
    // calendar, budget and alert lines still are.
    for (const SpendPoint& p : spendTimeline(estimate)) {
        m_days << p.day;
        m_spend << (m_priced ? p.cumulative : qQNaN());
    }
    m_message->setText(m_priced ? QString()
                                : tr("Spend not priced: an accelerator\nhas no price in the "
                                     "catalog."));
    m_message->setVisible(!m_priced);
    updatePlot();
}

double SpendChart::spendAtDay(double day) const
{
    if (m_days.isEmpty())
        return 0;
    if (day <= m_days.front())
        return m_spend.front();
    for (int i = 1; i < m_days.size(); ++i) {
        if (day <= m_days[i]) {
            const double span = m_days[i] - m_days[i - 1];
            const double t = span > 0 ? (day - m_days[i - 1]) / span : 1.0;
            return m_spend[i - 1] + t * (m_spend[i] - m_spend[i - 1]);
        }
    }
    return m_spend.back();
}

void SpendChart::updatePlot()
{
    const int n = m_days.size();
    QVector<double> keys(n);
    for (int i = 0; i < n; ++i)
        keys[i] = keyOfDay(m_days[i]);
    m_spendGraph->setData(keys, m_spend, true);
    m_lastDay = n > 0 ? std::max(1.0, m_days.back()) : 30.0;
    const double maxSpend =
        n > 0 && m_priced ? *std::max_element(m_spend.begin(), m_spend.end()) : 0.0;

    const double k0 = keyOfDay(0), k1 = keyOfDay(m_lastDay);
    const bool budget = m_budget > 0;
    m_budgetGraph->setData(QVector<double>{k0, k1}, QVector<double>{m_budget, m_budget}, true);
    m_budgetGraph->setVisible(budget);
    const bool alert = m_alert > 0;
    m_alertGraph->setData(QVector<double>{k0, k1}, QVector<double>{0, m_alert * m_lastDay}, true);
    m_alertGraph->setVisible(alert);

    QList<QCPAbstractPlottable*> entries{m_spendGraph};
    if (budget)
        entries << m_budgetGraph;
    if (alert)
        entries << m_alertGraph;
    setLegendEntries(entries);

    // Where the budget runs out, by linear interpolation of the timeline.
    m_budgetDay = -1;
    if (budget) {
        for (int i = 0; i < n; ++i) {
            if (m_spend[i] >= m_budget) {
                if (i == 0) {
                    m_budgetDay = m_days[0];
                } else {
                    const double t = (m_budget - m_spend[i - 1]) / (m_spend[i] - m_spend[i - 1]);
                    m_budgetDay = m_days[i - 1] + t * (m_days[i] - m_days[i - 1]);
                }
                break;
            }
        }
        m_budgetText->setVisible(true);
        m_budgetText->position->setCoords(0.99, m_budget);
        m_budgetText->setText(m_budgetDay >= 0
                                  ? tr("Budget %1 — reached %2")
                                        .arg(formatMoneyCompact(m_budget), dateText(m_budgetDay))
                                  : tr("Budget %1").arg(formatMoneyCompact(m_budget)));
    } else {
        m_budgetText->setVisible(false);
    }

    const bool alertDay = alert && m_alertDay >= 0;
    m_alertDayLine->setVisible(alertDay);
    m_alertDayText->setVisible(alertDay);
    if (alertDay) {
        const double k = keyOfDay(m_alertDay);
        m_alertDayLine->point1->setCoords(k, 0);
        m_alertDayLine->point2->setCoords(k, 1);
        m_alertDayText->position->setCoords(k, 0.2);
        m_alertDayText->setPositionAlignment(m_alertDay > 0.6 * m_lastDay
                                                 ? (Qt::AlignRight | Qt::AlignTop)
                                                 : (Qt::AlignLeft | Qt::AlignTop));
        m_alertDayText->setText(tr("Daily alert first exceeded: %1").arg(dateText(m_alertDay)));
    }

    xAxis->setLabel(tr("Date (plan starts %1, %2 days)")
                        .arg(dateText(0), QLocale().toString(m_lastDay, 'f', 0)));
    xAxis->setRange(k0, k1);
    const double top = std::max(maxSpend, budget ? m_budget : 0.0);
    yAxis->setRange(0, top > 0 ? top * 1.12 : 1.0);
    requestReplot();
}

QVector<double> SpendChart::seriesValues(const QString& name) const
{
    if (name == QLatin1String("spend"))
        return m_spend;
    if (name == QLatin1String("budget"))
        return m_budget > 0 ? QVector<double>{m_budget, m_budget} : QVector<double>{};
    if (name == QLatin1String("alert"))
        return m_alert > 0 ? QVector<double>{0, m_alert * m_lastDay} : QVector<double>{};
    return {};
}

QString SpendChart::messageText() const
{
    return m_message->visible() ? m_message->text() : QString();
}

QString SpendChart::toolTipAt(const QPointF& pos) const
{
    if (m_days.isEmpty() || !m_priced || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const double day = (xAxis->pixelToCoord(pos.x()) - keyOfDay(0)) / kSecondsPerDay;
    if (day < 0 || day > m_lastDay)
        return QString();
    const double spend = spendAtDay(day);
    QString html = QStringLiteral("<b>%1</b> (%2)<table>")
                       .arg(dateText(day), tr("day %1").arg(QLocale().toString(day, 'f', 1)));
    auto row = [&](const QString& a, const QString& b) {
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>").arg(a, b);
    };
    row(tr("Cumulative spend"), formatMoney(spend));
    if (m_budget > 0)
        row(tr("Budget"),
            tr("%1 (%2 used)").arg(formatMoney(m_budget), formatPercent(spend / m_budget)));
    if (m_alert > 0)
        row(tr("At the alert rate (%1/day)").arg(formatMoney(m_alert)), formatMoney(m_alert * day));
    html += QStringLiteral("</table>");
    return html;
}

} // namespace costlab
