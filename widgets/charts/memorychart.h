// Chart 3 (a narrow right panel: host RAM per node against the node's RAM, issue 12):
// estimated peak memory per GPU, one bar per phase × GPU role (trainer, rollout,
// reward model) — a pipeline-parallel trainer one bar per stage —, stacked by component, against
// the usable HBM of that role (a short line over each bar, or one horizontal line when all roles
// share it). P(OOM) is in the tick label and the tooltip. Memory is shown in GiB (2^30 bytes).
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QStringList>
#include <QVector>

#include <array>

namespace costlab {

class MemoryChart : public ChartBase {
    Q_OBJECT
public:
    enum Component {
        Weights,
        Gradients,
        Optimizer,
        Activations,
        KvCache,
        Coresident,
        Overhead,
        ComponentCount
    };

    explicit MemoryChart(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }

    // Read-only view of what is plotted (tests, accessibility); memory in GiB.
    int barCount() const { return m_bars.size(); }
    QStringList barLabels() const;
    double componentAt(int bar, Component c) const;
    double totalAt(int bar) const;
    double usableAt(int bar) const;
    double oomProbabilityAt(int bar) const;
    /// True when one horizontal usable-HBM line is drawn instead of one per bar.
    bool usableIsSingleLine() const { return m_singleLine; }

    enum HostComponent {
        HostProcesses,
        HostCheckpoint,
        HostOffload,
        HostObjectStore,
        HostTrainingState,
        HostCount
    };
    /// Host (CPU) memory per node, one bar per phase in the panel right of the GPU bars, GiB.
    int hostBarCount() const { return m_hostBars.size(); }
    double hostComponentAt(int bar, HostComponent c) const;
    double hostTotalAt(int bar) const;
    double hostRamAt(int bar) const; ///< node RAM; 0 when the catalog has none
    /// The axis rect of the host panel (tests, tooltips).
    QCPAxisRect* hostRect() const { return m_hostRect; }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    /// Narrow bars: totals without the unit and decimals ("71"; the axis says GiB).
    void categoryWidthChanged(int px) override;
    QString axisTitle() const;

private:
    struct Bar {
        QString phase, role;
        int phaseNo = 0; ///< 1-based position of the phase in the plan (short labels)
        std::array<double, ComponentCount> gib{};
        double total = 0, usable = 0, oom = 0;
        bool operator==(const Bar&) const = default;
    };
    void updatePlot();
    void placeTotalLabels();
    void appendBar(int phaseNo, const QString& phase, const QString& role,
                   const MemoryBreakdown& m);
    /// Phase numbers as in the plan's phase list, lettered when a phase has several bars
    /// ("2a", "2b"): shown when the full labels would be elided (the tooltip has them).
    QStringList shortBarLabels() const;
    QString totalText(const Bar& b) const;
    void setupHostPanel();
    void updateHostPlot();
    QString hostComponentName(int c) const;
    QString hostToolTip(const QPointF& pos) const;
    /// Pipeline stages drawn as bars: all up to four, else the first two, the worst, the last.
    static QVector<int> shownStages(const PipelineMemory& pm);
    QString componentName(int c) const;

    struct HostBar {
        QString phase;
        std::array<double, HostCount> gib{};
        double total = 0, ram = 0, oom = 0;
        bool operator==(const HostBar&) const = default;
    };
    QString hostTotalText(const HostBar& b) const; ///< "685 GiB", or "685" when narrow
    QVector<Bar> m_bars;
    bool m_compactTotals = false; ///< totals as bare whole GiB (narrow bars)
    bool m_hostCompact = false;   ///< host totals without the unit (narrow host bars)
    QVector<HostBar> m_hostBars;
    QCPAxisRect* m_hostRect = nullptr;
    QCPBars* m_hostTotal = nullptr;
    QVector<QCPItemText*> m_hostLabels;
    QCPGraph* m_hostRam = nullptr;
    QSharedPointer<QCPAxisTickerText> m_hostTicker;
    bool m_singleLine = false;
    bool m_drawn = false; ///< setEstimate() has drawn at least once
    std::array<QCPBars*, ComponentCount> m_series{};
    QCPGraph* m_usable = nullptr;
    QVector<QCPItemText*> m_totalLabels;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

} // namespace costlab
