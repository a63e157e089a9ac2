// Plan versus actual (issue 47): cumulative spend of the bill against the plan's, inside the
// Monte Carlo's P10–P90 band, with the flags as vertical marks where they began; each day's
// spend as bars on the right axis with the daily alert line, where a day's excess shows (a
// cumulative curve hides a five-hour double job). Dates in UTC
// from the plan's start. Fed an ActualsResult (analysis/actuals.h), not the estimate, so it is
// not a row of the chart table (lessons show the estimate's charts).
#pragma once

#include "actuals.h"
#include "chartbase.h"

#include <QVector>

namespace costlab {

class ActualsChart : public ChartBase {
    Q_OBJECT
public:
    explicit ActualsChart(QWidget* parent = nullptr);

    /// Draws `r` (nothing but a message while it holds no days).
    void setActuals(const Scenario& scenario, const ActualsResult& r);

    /// What is plotted, for tests: "actual", "planned", "p10", "p90" (cumulative, currency),
    /// "daily" (each day's spend, right axis).
    QVector<double> seriesValues(const QString& name) const;
    /// Flag marks drawn (one per flag with a moment).
    int flagMarks() const { return int(m_marks.size()); }
    QString messageText() const;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    QCPGraph* m_actual = nullptr;
    QCPGraph* m_planned = nullptr;
    QCPGraph* m_p10 = nullptr;
    QCPGraph* m_p90 = nullptr;
    QCPBars* m_daily = nullptr;  ///< each day's billed spend, right axis
    QCPGraph* m_alert = nullptr; ///< the daily alert line, right axis
    QCPItemText* m_message = nullptr;
    std::vector<QCPItemStraightLine*> m_marks;
    QSharedPointer<QCPAxisTickerDateTime> m_dates;
    bool m_empty = true;
};

} // namespace costlab
