// The two charts of the comparison view: cost by category group with one stacked bar per
// plan side by side (QCPBarsGroup), and a shared trade-off chart with one total-cost line
// per plan over a swept parameter. TradeoffChart shows one plan only, hence these.
#pragma once

#include "chartbase.h"
#include "compare.h"

#include <QStringList>
#include <QVector>

#include <vector>

namespace costlab {

/// Colour of the i-th compared plan (0 = baseline), the same in every chart and table.
QColor compareScenarioColor(int index);
/// Short tag of the i-th plan: "A", "B", "C", "D".
QString compareScenarioTag(int index);

class CompareBarsChart : public ChartBase {
    Q_OBJECT
public:
    explicit CompareBarsChart(QWidget* parent = nullptr);

    /// Show cost by category group for every plan of `c` (baseline currency).
    void setComparison(const Comparison& c);

    /// Number of side-by-side stacks per group (one per plan).
    int stackCount() const;
    /// The bars group holding every plan's stack (tests).
    QCPBarsGroup* barsGroup() const { return m_group; }
    /// Cost of a category group for plan `i`, as plotted.
    double groupValue(int plan, const QString& group) const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void currencyChanged() override;

private:
    QCPBarsGroup* m_group = nullptr;
    QVector<QVector<QCPBars*>> m_stacks; // per plan, bottom → top (one per category)
    QVector<QCPItemText*> m_tags;
    QVector<QVector<double>> m_groupTotals; // per plan, per group
    QStringList m_names;
    QSharedPointer<QCPAxisTickerText> m_ticker;
};

class CompareTradeoffChart : public ChartBase {
    Q_OBJECT
public:
    explicit CompareTradeoffChart(QWidget* parent = nullptr);

    /// One sweep per plan (sharedSweep order); results with an error are skipped and
    /// listed by messages(). `displayFactor` scales x for display (parameters → billions).
    /// `currentX` is each plan's value in force (valueInForce() in sweep.h), stored units.
    void setSweeps(const std::vector<SweepResult>& sweeps, const QStringList& names,
                   const QString& xLabel, const QString& xUnit, double displayFactor, bool logX,
                   const QVector<double>& currentX);
    /// Also draw each plan's expected cost of risk (sum of the four risks) as a dashed line.
    void setShowRisk(bool show);
    bool showRisk() const { return m_showRisk; }

    /// Number of total-cost graphs drawn (one per plan that has the parameter).
    int costGraphCount() const;
    /// Number of risk graphs drawn.
    int riskGraphCount() const;
    /// Plotted total-cost values of plan `i` (empty when it was skipped).
    QVector<double> costValues(int plan) const;
    QVector<double> xValues(int plan) const;
    /// Where plan `i`'s current-value marker is drawn, x in display units; NaN when none is.
    double markerX(int plan) const;
    QStringList messages() const { return m_messages; }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void currencyChanged() override;

private:
    void rebuild();

    std::vector<SweepResult> m_sweeps;
    QStringList m_names;
    QString m_xLabel, m_xUnit;
    double m_factor = 1;
    bool m_logX = false;
    bool m_categorical = false;
    bool m_showRisk = false;
    QVector<double> m_currentX;
    QVector<double> m_markerX; // per plan as drawn, NaN when not
    QStringList m_messages;
    QVector<QCPGraph*> m_costGraphs; // per plan, null when skipped
    QVector<QCPGraph*> m_riskGraphs;
    QVector<QVector<double>> m_x, m_cost, m_risk;
    QCPItemText* m_message = nullptr;
};

/// The compared plans' Monte Carlo distributions overlaid (issue 14): one cumulative curve
/// per plan (share of runs at or below a cost or a duration) in the plan's colour, with its
/// P50 and P90 marked. The runs are paired on one seed (compareUncertainty), which the
/// title says, so where two curves part is the plans' difference, not sampling noise.
class CompareDistributionChart : public ChartBase {
    Q_OBJECT
public:
    enum class Quantity { Cost, Days };
    explicit CompareDistributionChart(QWidget* parent = nullptr);

    /// Show `u` (baseline currency) for plans named `names`; an error shows as a message.
    void setUncertainty(const CompareUncertainty& u, const QStringList& names);
    void setQuantity(Quantity q);
    Quantity quantity() const { return m_quantity; }

    /// Number of curves drawn (tests).
    int curveCount() const;
    /// Plotted (value, cumulative share 0–1) points of plan `i` (tests).
    QVector<QPointF> curve(int plan) const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void rebuild();

    CompareUncertainty m_u;
    QStringList m_names;
    Quantity m_quantity = Quantity::Cost;
    QVector<QCPGraph*> m_curves;
    QVector<QCPGraph*> m_marks;        ///< P50 / P90 points per plan
    QVector<QVector<double>> m_sorted; ///< per plan, the quantity's runs, sorted
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTicker> m_plainTicker;
};

} // namespace costlab
