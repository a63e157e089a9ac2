// Chart 2, the trade-off chart: a one-parameter sweep (model/analysis/sweep.h) with total cost on
// the left axis and the risks (OOM, convergence, recovery, capacity) on the right axis,
// either as probabilities (0–1 shown in %) or as expected cost in the currency. A dashed
// marker shows the current value; checkpoint sweeps also mark the Young/Daly optimum.
// Categorical parameters are drawn as cost bars with the risks as points grouped
// around each bar, the choice labels as x tick labels.
#pragma once

#include "chartbase.h"
#include "sweep.h"

#include <QStringList>
#include <QVector>

#include <array>
#include <string>

namespace costlab {

class TradeoffChart : public ChartBase {
    Q_OBJECT
public:
    enum class RiskMode { Probability, ExpectedCost };
    /// Risk series in display order.
    enum Series { Oom, Convergence, Unrecoverable, Recovery, Capacity, SeriesCount };

    explicit TradeoffChart(QWidget* parent = nullptr);

    void setRiskMode(RiskMode mode);
    RiskMode riskMode() const { return m_mode; }

    /// Show a sweep. `currentX` is the scenario's value (choice index for categorical
    /// sweeps); `xLabel` / `xUnit` title the x axis ("Checkpoint interval", "h");
    /// `logX` uses a logarithmic x axis (ignored for categorical sweeps).
    void setSweep(const SweepResult& sweep, double currentX, const QString& xLabel,
                  const QString& xUnit, bool logX);
    /// Show `sweep` of parameter `id` of plan `s` as the user reads it: x in the parameter's
    /// display unit, the marker at the value in force (an automatic checkpoint interval at
    /// the one it resolves to, valueInForce() in sweep.h), choice and on/off ticks in the UI
    /// language. The dashboard and the PDF report both draw through it. Unknown `id`: the
    /// sweep as it is, titled by the id.
    void setSweepOf(const Scenario& s, const std::string& id, SweepResult sweep);
    /// Move only the current-value marker (cheaper than setSweep()).
    void setCurrentX(double x);

    // Read-only view of what is plotted (tests, accessibility).
    int pointCount() const { return m_x.size(); }
    bool isCategorical() const { return m_categorical; }
    QVector<double> xValues() const { return m_x; }
    /// Plotted values of "cost", "oom", "convergence", "recovery" or "capacity"; risks
    /// follow the risk mode (probability 0–1 or expected cost). Empty for unknown names.
    QVector<double> seriesValues(const QString& name) const;
    double markerX() const { return m_currentX; }
    bool hasCurrentMarker() const;
    bool hasOptimumMarker() const;
    double optimumMarkerX() const { return m_optimumX; }
    /// X tick labels of a categorical sweep (empty otherwise).
    QStringList tickLabels() const { return m_categorical ? m_labels : QStringList(); }
    /// Text shown instead of data (sweep error or "no data"), empty when data is shown.
    QString messageText() const;
    /// Title of the cost axis: "Total cost (USD)", or "Total cost: not priced" when no point
    /// of the sweep has a price.
    QString costAxisTitle() const { return yAxis->label(); }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void updatePlot();
    void updateXAxisType();
    void updateMarkers();
    void updateAxisTitles();
    double plotKey(int i, int series) const;
    QString formatX(double x) const;

    RiskMode m_mode = RiskMode::Probability;
    bool m_categorical = false;
    bool m_logX = false;
    QString m_xLabel, m_xUnit;
    double m_currentX = 0;
    double m_optimumX = -1;
    QString m_error;
    bool m_costNotPriced = false; ///< no sweep point has a total cost (unpriced accelerator)

    QVector<double> m_x;
    QStringList m_labels;
    QVector<double> m_cost;
    std::array<QVector<double>, SeriesCount> m_prob;
    std::array<QVector<double>, SeriesCount> m_expected;

    QCPGraph* m_costGraph = nullptr;
    QCPBars* m_costBars = nullptr;
    std::array<QCPGraph*, SeriesCount> m_riskGraphs{};
    QCPItemStraightLine* m_currentLine = nullptr;
    QCPItemText* m_currentText = nullptr;
    QCPItemStraightLine* m_optimumLine = nullptr;
    QCPItemText* m_optimumText = nullptr;
    QCPItemText* m_message = nullptr;
    QCPItemText* m_rightTitle = nullptr; ///< the right axis title (see constructor)
    QSharedPointer<QCPAxisTicker> m_linearTicker;
    QSharedPointer<QCPAxisTickerLog> m_logTicker;
    QSharedPointer<QCPAxisTickerText> m_textTicker;
    QSharedPointer<QCPAxisTicker> m_percentTicker;
};

} // namespace costlab
