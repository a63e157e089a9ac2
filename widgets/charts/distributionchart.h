// The Monte Carlo distribution of a plan's total cost or duration (issue 14): the runs'
// histogram as bars (share of runs per bin, left axis), the cumulative share as a step line
// (right axis, 0–100 %), P10/P50/P90 as dotted lines with labels, the point estimate, and
// the budget (cost) or the deadline (duration) as a red line. Fed a MonteCarloResult; only
// its histograms and percentiles are read, so the worker can drop the samples.
#pragma once

#include "chartbase.h"
#include "montecarlo.h"
#include "scenario.h"

#include <QVector>

#include <array>

namespace costlab {

class DistributionChart : public ChartBase {
    Q_OBJECT
public:
    enum class Quantity { Cost, Days };

    explicit DistributionChart(QWidget* parent = nullptr);

    /// Show `result` for `scenario` (currency, budget, deadline); an empty or failed result
    /// shows a message instead.
    void setResult(const Scenario& scenario, const MonteCarloResult& result);
    void showUncertainty(const Scenario& scenario, const MonteCarloResult& result) override
    {
        setResult(scenario, result);
    }
    void setQuantity(Quantity q);
    Quantity quantity() const { return m_quantity; }

    // Read-only view of what is plotted (tests).
    /// Share of runs per bin, 0–1, in bin order.
    QVector<double> binShares() const { return m_shares; }
    /// Bin centres in the quantity's unit (currency or days).
    QVector<double> binCentres() const { return m_centres; }
    /// Cumulative share at the right edge of each bin, 0–1 (the last is 1).
    QVector<double> cumulative() const { return m_cumulative; }
    /// Position of the budget / deadline line, or −1 when none is drawn.
    double limitLine() const { return m_limit; }
    /// P10, P50, P90 of the quantity shown.
    std::array<double, 3> percentileLines() const { return m_pct; }
    /// The row (0 = top) of each percentile label: all on one row unless two would overlap.
    std::array<int, 3> percentileLabelRows() const { return m_pctRows; }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void updatePlot();
    /// Puts the P10/P50/P90 labels on the top row, moving a label one row down only when it
    /// would overlap the one to its left at the chart's current width (issue 49: P50 always
    /// sat alone on a second line). Runs after each replot's layout, when the pixels are known.
    void placePercentileLabels();

    Scenario m_scenario;
    MonteCarloResult m_result;
    Quantity m_quantity = Quantity::Cost;
    QVector<double> m_centres, m_shares, m_cumulative;
    double m_binWidth = 1, m_limit = -1;
    std::array<double, 3> m_pct{};
    std::array<int, 3> m_pctRows{};
    QCPBars* m_bars = nullptr;
    QCPGraph* m_cdf = nullptr;
    std::array<QCPItemStraightLine*, 3> m_pctLines{};
    std::array<QCPItemText*, 3> m_pctTexts{};
    QCPItemStraightLine* m_pointLine = nullptr;
    QCPItemStraightLine* m_limitLine = nullptr;
    QCPItemText* m_limitText = nullptr;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTicker> m_daysTicker;
};

} // namespace costlab
