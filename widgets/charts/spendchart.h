// Chart 5: cumulative spend over the plan's calendar (spendTimeline()), with the budget as
// a horizontal line and the daily alert as a reference line of slope budget.daily_alert
// through the origin ("spend at the alert rate": above it, the plan spends faster than
// the alert allows). Dates start at budget.start_date.
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QDate>
#include <QVector>

namespace costlab {

class SpendChart : public ChartBase {
    Q_OBJECT
public:
    explicit SpendChart(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }

    // Read-only view of what is plotted (tests, accessibility).
    int pointCount() const { return m_days.size(); }
    /// Days from the plan start of the cumulative-spend points.
    QVector<double> days() const { return m_days; }
    /// "spend" (cumulative, currency), "budget" (two points, flat) or "alert" (two points
    /// from the origin at the alert rate); empty when the series is not shown.
    QVector<double> seriesValues(const QString& name) const;
    QDate startDate() const { return m_start; }
    /// Day on which cumulative spend reaches the budget, -1 if never.
    double budgetReachedDay() const { return m_budgetDay; }
    /// Text shown over the plot instead of the spend ("" when the spend is drawn).
    QString messageText() const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void updatePlot();
    double keyOfDay(double day) const;
    double spendAtDay(double day) const;
    QString dateText(double day) const;
    static QString fullDateFormat();
    void fitDateTicks();

    QDate m_start;
    QVector<double> m_days, m_spend;
    double m_budget = 0, m_alert = 0, m_lastDay = 1, m_budgetDay = -1;
    int m_alertDay = -1;
    bool m_priced = true; ///< Estimate::priced: without it the spend line is not drawn
    QCPItemText* m_message = nullptr;
    QCPGraph* m_spendGraph = nullptr;
    QCPGraph* m_budgetGraph = nullptr;
    QCPGraph* m_alertGraph = nullptr;
    QCPItemStraightLine* m_alertDayLine = nullptr;
    QCPItemText* m_alertDayText = nullptr;
    QCPItemText* m_budgetText = nullptr;
    QSharedPointer<QCPAxisTickerDateTime> m_dateTicker;
};

} // namespace costlab
