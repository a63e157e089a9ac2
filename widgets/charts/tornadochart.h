// The tornado (issue 14): the inputs whose range moves the total cost most, one row each,
// largest on top — a bar from the plan's total to the total with the input at its low value,
// and one to the total at its high value. Fed a SensitivityResult (model/analysis).
#pragma once

#include "chartbase.h"
#include "scenario.h"
#include "sensitivity.h"

#include <QStringList>
#include <QVector>

namespace costlab {

/// What every tornado draws on: a bar from the base to the low side and one to the high side
/// per row (rows on the vertical axis, labelled by `rows`), and the dashed base line. The
/// sensitivity tornado and the value comparison's (valuechart.h) share the look.
struct TornadoParts {
    QCPBars* low = nullptr;
    QCPBars* high = nullptr;
    QCPItemStraightLine* base = nullptr;
};
TornadoParts addTornadoParts(QCustomPlot& chart, const QSharedPointer<QCPAxisTickerText>& rows);

class TornadoChart : public ChartBase {
    Q_OBJECT
public:
    explicit TornadoChart(QWidget* parent = nullptr);

    /// Show the `rows` largest swings of `result` for `scenario` (currency); a result with
    /// an error or no rows shows a message.
    void setResult(const Scenario& scenario, const SensitivityResult& result, int rows = 8);

    // Read-only view (tests).
    int rowCount() const { return int(m_rows.size()); }
    /// Row labels top to bottom (the inputs' labels).
    QStringList rowLabels() const { return m_labels; }
    double baseTotal() const { return m_base; }
    /// Totals at the low and high value, top to bottom.
    QVector<double> lowTotals() const;
    QVector<double> highTotals() const;

    QString toolTipAt(const QPointF& pos) const override;

protected:
    void retranslate() override;
    void currencyChanged() override;

private:
    void updatePlot();

    Scenario m_scenario;
    SensitivityResult m_result;
    std::vector<SensitivityRow> m_rows; ///< shown, top to bottom
    QStringList m_labels;
    double m_base = 0;
    int m_maxRows = 8;
    QCPBars* m_low = nullptr;
    QCPBars* m_high = nullptr;
    QCPItemStraightLine* m_baseLine = nullptr;
    QCPItemText* m_message = nullptr;
    QSharedPointer<QCPAxisTickerText> m_rowTicker;
};

} // namespace costlab
