// The target chart (issue 46, item 6): how much training reaches the score a phase is sized
// for. For a pre-training phase the loss law L(N, D) at the phase's model size against tokens,
// with its floor E + A/N^α, the target loss and the tokens the target set with their P10–P90;
// for an RL phase the compute–performance curve R(C) with its asymptote, the target score and
// the compute it needs. The user's own measured points (from "Fit to my runs…") are drawn with
// the phase's law at the phase's model size: runs of another size sit off it, and the legend
// names their size. Fed the plan's estimate like the other charts; the law and
// curve come from the engine (scaling.h), never recomputed here.
#pragma once

#include "chartbase.h"
#include "estimate.h"
#include "scenario.h"

#include <QVector>

#include <functional>

namespace costlab {

class TargetChart : public ChartBase {
    Q_OBJECT
public:
    explicit TargetChart(QWidget* parent = nullptr);

    void setEstimate(const Scenario& scenario, const Estimate& estimate);
    void showEstimate(const Scenario& scenario, const Estimate& estimate) override
    {
        setEstimate(scenario, estimate);
    }

    /// Measured points of the user's runs for phase `phase` (0-based), drawn over its curve:
    /// x = tokens (loss) or the curve's compute (score), y = loss or score. `name` labels them
    /// in the legend (the file). Empty `x` removes them.
    void setRuns(int phase, const QVector<double>& x, const QVector<double>& y,
                 const QString& name);

    /// Shows phase `phase` (0-based) when it has a law to show; -1 (the default) chooses: the
    /// first phase sized by a target, else the first pre-training phase.
    void showPhase(int phase);

    // Read-only view of what is drawn (tests, accessibility).
    /// The phase shown (0-based), -1 when none has a law to show.
    int phaseIndex() const { return m_phase; }
    bool showsMessage() const;
    /// The sized amount's marker (tokens or compute) and its value on the curve; 0 when none.
    double markerX() const { return m_markerX; }
    double markerY() const { return m_markerY; }
    /// P10 and P90 of the amount (0 when the law has no uncertainty).
    double bandLow() const { return m_bandLo; }
    double bandHigh() const { return m_bandHi; }
    /// Points of the user's runs drawn.
    int runPointCount() const;
    /// The curve sampled as drawn.
    int curvePointCount() const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;

private:
    void updatePlot();
    bool plotLoss(const Phase& p, const PhaseEstimate& pe);
    bool plotScore(const Phase& p, const PhaseEstimate& pe);
    void placeLine(QCPItemStraightLine* line, QCPItemText* text, double y, const QString& label,
                   bool show);
    void placeMarkerText();
    /// The user's runs are drawn: set for the phase shown.
    bool runsShown() const;
    /// Widens [lo, hi] on the x axis to hold the runs' points.
    void spanRuns(double& lo, double& hi) const;
    /// Samples f over [lo, hi] (log-spaced) into the curve; returns its largest value.
    double drawCurve(double lo, double hi, const std::function<double(double)>& f);
    /// Draws the runs (or clears them) and widens [yLo, yHi] to hold them.
    void drawRuns(double& yLo, double& yHi);

    Scenario m_scenario;
    Estimate m_estimate;
    int m_phase = -1;
    int m_wantedPhase = -1;
    bool m_loss = true;
    double m_markerX = 0, m_markerY = 0, m_bandLo = 0, m_bandHi = 0;
    int m_runsPhase = -1;
    QVector<double> m_runX, m_runY;
    QString m_runName;
    QCPGraph* m_curve = nullptr;
    QCPGraph* m_runs = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPItemRect* m_band = nullptr;
    QCPItemStraightLine* m_limitLine = nullptr;
    QCPItemStraightLine* m_targetLine = nullptr;
    QCPItemText* m_limitText = nullptr;
    QCPItemText* m_targetText = nullptr;
    QCPItemText* m_markerText = nullptr;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerLog> m_logTicker;
};

} // namespace costlab
