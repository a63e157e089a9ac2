// The optimiser's trade-off (issue 15): expected cost against days for the plans it found —
// the Pareto frontier (no plan both cheaper and faster), the cheapest plan per GPU count
// (the "GPUs vs days vs dollars" curve), the current plan and the best one. Fed an
// OptimiserResult (model/analysis).
#pragma once

#include "chartbase.h"
#include "optimiser.h"
#include "scenario.h"

namespace costlab {

class ParetoChart : public ChartBase {
    Q_OBJECT
public:
    explicit ParetoChart(QWidget* parent = nullptr);

    /// Show `result` for `scenario` (currency); a result without plans shows a message.
    void setResult(const Scenario& scenario, const OptimiserResult& result);

    int frontierPoints() const { return int(m_result.pareto.size()); }
    int gpuPoints() const { return int(m_result.by_gpus.size()); }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void updatePlot();
    /// The grey message: no search yet, or no plan within the limits.
    void updateMessage();

    OptimiserResult m_result;
    QCPGraph* m_frontier = nullptr;
    QCPGraph* m_byGpus = nullptr;
    QCPGraph* m_current = nullptr;
    QCPGraph* m_best = nullptr;
    QCPItemText* m_message = nullptr;
    QList<QCPItemText*> m_gpuLabels;
};

} // namespace costlab
