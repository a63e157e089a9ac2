// Chart 4: the "GPUs wait for environments" picture. For each RL post-training phase, one
// iteration as horizontal bars for the rollout GPUs, the trainer GPUs and the environment
// workers: busy seconds then idle seconds (from PhaseEstimate::rl), with the pipeline
// mode (synchronous / asynchronous) in the phase header. Plans without an RL phase show
// a message instead of empty axes.
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QStringList>
#include <QVector>

namespace costlab {

class RlUtilisationChart : public ChartBase {
    Q_OBJECT
public:
    enum Pool { RolloutGpus, TrainerGpus, EnvironmentWorkers, PoolCount };

    explicit RlUtilisationChart(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }

    // Read-only view of what is plotted (tests, accessibility); time in seconds.
    int rowCount() const { return m_rows.size(); }
    QStringList rowLabels() const;
    double busySeconds(int row) const;
    double idleSeconds(int row) const;
    /// Header text of each RL phase ("grpo-math — synchronous, colocated · 412 s per iteration").
    QStringList phaseHeaders() const;
    /// True when the plan has no RL phase and the chart shows a message instead.
    bool showsNoRlMessage() const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;

private:
    struct Row {
        int group = 0;
        Pool pool = RolloutGpus;
        double busy = 0, idle = 0, util = 0;
        double key = 0;
        bool operator==(const Row&) const = default;
    };
    struct Group {
        QString header;
        RlTiming rl;
        double key = 0;
        bool operator==(const Group&) const = default;
    };
    void updatePlot();
    void fitHeaders();
    QString poolName(Pool p) const;

    QVector<Row> m_rows;
    bool m_drawn = false; ///< setEstimate() has drawn at least once
    QVector<Group> m_groups;
    QCPBars* m_busy = nullptr;
    QCPBars* m_idle = nullptr;
    QVector<QCPItemText*> m_headers;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

} // namespace costlab
