// Chart 6: where one optimizer step goes, per training phase (pre-training, and the RL
// trainer's update): compute, waiting for the host, exposed TP / CP / EP communication,
// pipeline bubble, exposed DP communication and the optimizer, as stacked horizontal bars in
// seconds (StepBreakdown from the step-time model). Each row names the phase, its predicted
// MFU and its layout. Phases whose throughput is pinned or measured have no breakdown and
// say so.
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QStringList>
#include <QVector>

#include <array>

namespace costlab {

class StepChart : public ChartBase {
    Q_OBJECT
public:
    /// The parts of kStepParts (steptime.h), in its order: the benchmark step, then what a
    /// production run adds.
    enum Part { Compute, Host, Tp, Cp, Ep, Bubble, Dp, Optimizer, Straggler, Eval, PartCount };

    explicit StepChart(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }

    // Read-only view of what is plotted (tests, accessibility).
    int rowCount() const { return m_rows.size(); }
    QStringList rowLabels() const;
    double partSeconds(int row, Part part) const;
    /// True when no phase has a modelled step and the chart shows a message instead.
    bool showsMessage() const;
    static QString partName(Part p);

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Row {
        QString label;  ///< "name · MFU 42.7 %"
        QString detail; ///< layout and step, for the tooltip
        std::array<double, PartCount> seconds{};
        bool operator==(const Row&) const = default;
    };
    void retranslate();
    void updatePlot();

    QVector<Row> m_rows;
    QStringList m_notModelled; ///< phases with a pinned / measured throughput
    bool m_drawn = false;
    std::array<QCPBars*, PartCount> m_bars{};
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
    Scenario m_scenario;
    Estimate m_estimate;
};

} // namespace costlab
