// Route A vs Route B on value (issue 46, item 5; model/analysis/value.h): the cost of two plans
// over one benchmark-score axis with their crossing, and the tornado of what moves the
// crossing. Used by the comparison window's Value tab and the PDF report.
#pragma once

#include "chartbase.h"
#include "value.h"

#include <QColor>
#include <QList>
#include <QStringList>
#include <QVector>

#include <vector>

namespace costlab {

class MoneyLogTicker;

/// Route A vs Route B on value (issue 46, item 5): each plan's cost to reach a benchmark score
/// (evaluate()'s total as a line, P10–P90 of its Monte Carlo as a band) over one score axis,
/// each plan's own score as a dotted line, and the crossing where one becomes cheaper.
/// Fed a ValueComparison (model/analysis/value.h), the second plan's money converted to the
/// first's currency by `secondFactor`.
class ValueChart : public ChartBase {
    Q_OBJECT
public:
    explicit ValueChart(QWidget* parent = nullptr);

    /// `names`, `tags` ("A", "B") and `colours` of the two plans, as the view that shows
    /// them names and colours them elsewhere.
    void setComparison(const ValueComparison& c, const QStringList& names, const QStringList& tags,
                       const QList<QColor>& colours, double secondFactor);
    /// Plotted costs of plan 0 or 1 (NaN where the route does not reach the score).
    QVector<double> costValues(int plan) const { return m_cost.value(plan); }
    /// The crossing's x as drawn; NaN when none is.
    double crossingX() const { return m_crossing; }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void rebuild();
    ValueComparison m_value;
    QStringList m_names, m_tags;
    QList<QColor> m_colours;
    double m_factor = 1;
    QVector<double> m_grid;
    QVector<QVector<double>> m_cost, m_p10, m_p90;
    double m_crossing = 0;
    QCPItemText* m_message = nullptr;
    QSharedPointer<MoneyLogTicker> m_yTicker;
};

/// What moves the crossing (issue 46, item 5): one row per law assumption, a bar from the
/// crossing score to the crossing with the assumption at its low side and one to its high
/// side (both plans moved alike).
class ValueTornadoChart : public ChartBase {
    Q_OBJECT
public:
    explicit ValueTornadoChart(QWidget* parent = nullptr);

    void setComparison(const ValueComparison& c);
    /// Row labels top to bottom (translated assumption names); rows whose bar would be under
    /// 2 % of the longest, or under 0.001 in score, are not drawn.
    QStringList rowLabels() const { return m_labels; }

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;

private:
    void rebuild();
    ValueComparison m_value;
    std::vector<ValueTornadoRow> m_rows; ///< shown, top to bottom
    QStringList m_labels;
    QCPBars* m_low = nullptr;
    QCPBars* m_high = nullptr;
    QCPItemStraightLine* m_baseLine = nullptr;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerText> m_rowTicker;
};

} // namespace costlab
