// Chart 1: cost per phase (one bar each, plus "Shared" for costs not tied to a phase),
// stacked by cost category or by category group, with the total above each bar.
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QStringList>
#include <QVector>

namespace costlab {

class CostBreakdownChart : public ChartBase {
    Q_OBJECT
public:
    enum class Stacking { Category, Group };

    explicit CostBreakdownChart(QWidget* parent = nullptr);

    /// Show the estimate's per-phase cost. Cheap: reuses the bars, replots queued.
    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }
    void setStacking(Stacking stacking);
    Stacking stacking() const { return m_stacking; }

    // Read-only view of what is plotted (tests, accessibility).
    int barCount() const { return m_labels.size(); }
    QStringList barLabels() const { return m_labels; }
    /// The text above bar `bar` (its total, or what is missing from it); "" out of range.
    QString barTotalText(int bar) const;
    /// Cost of category `c` in bar `bar` (currency of the scenario); 0 when out of range.
    double valueAt(int bar, Category c) const;
    double barTotal(int bar) const;
    /// Number of stacked series currently shown in the legend (non-zero somewhere).
    int visibleSeriesCount() const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;
    /// Bar totals drop their decimals ("$953k") when "$952.99k" would overlap its neighbour.
    void categoryWidthChanged(int px) override;
    QString axisTitle() const;

private:
    void rebuildSeries();
    void updatePlot();
    int barIndexAt(const QPointF& pos) const;

    Stacking m_stacking = Stacking::Category;
    QVector<QCPBars*> m_series;          // bottom → top
    QVector<QCPItemText*> m_totalLabels; // one per bar
    QStringList m_labels;
    int m_phaseCount = 0;    ///< labels that are phases (numbered when names do not fit)
    int m_totalDecimals = 2; ///< decimals of the compact bar totals (0 when bars are narrow)
    QVector<CategoryArray> m_values; // per bar
    QVector<bool> m_unpriced;        // per bar: its accelerator has no price (GPU time left out)
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

} // namespace costlab
