// Tools → Optimise plan… (issue 15): the cheapest plan for one training phase under the
// planner's limits — P(OOM), P(run lost), a P90 deadline and a P90 budget — searched on a
// worker with progress and cancel; the Pareto chart of cost against days, the top plans,
// and "Apply" as one undo step (Document::apply).
#pragma once

#include "analysisworker.h"
#include "catalog.h"
#include "optimiser.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace costlab {

class Document;
class ParetoChart;

class OptimiserDialog : public QDialog {
    Q_OBJECT
public:
    OptimiserDialog(Document* doc, const Catalog* catalog, QWidget* parent = nullptr);
    ~OptimiserDialog() override;

    /// Starts the search with the constraints in the form.
    void run();
    /// Blocks until the running search has been delivered (tests, screenshots).
    void waitForDone();
    const OptimiserResult& result() const { return m_result; }
    OptimiserOptions options() const;

    QDoubleSpinBox* maxOomBox() const { return m_maxOom; }
    QDoubleSpinBox* deadlineBox() const { return m_deadline; }
    QCheckBox* allAcceleratorsBox() const { return m_allAccelerators; }
    QTableWidget* table() const { return m_table; }
    ParetoChart* chart() const { return m_chart; }
    QPushButton* applyButton() const { return m_apply; }
    /// Applies the plan in row `row` of the table (0 = best) as one undo step.
    bool applyRow(int row, QString* error = nullptr);
    /// The current plan with row `row`'s changes (nullopt with `error` when the result is stale
    /// or the row does not exist).
    std::optional<Scenario> planOfRow(int row, QString* error = nullptr) const;
    /// The plans the table lists: the best ones, or the nearest when none meets the limits.
    const std::vector<OptimiserPlan>& rows() const
    {
        return m_result.found ? m_result.top : m_result.nearest;
    }
    /// Shows row `row`'s plan as launch settings (ExportConfigDialog) without applying it.
    bool exportRow(int row, QString* error = nullptr);

private:
    /// The plans table: columns in plan currency `cur`; Breaks hidden until nothing is found.
    QTableWidget* makeTable(const QString& cur);
    void fill();
    /// The option "vary the GPU count" with the counts a search of the phase would try.
    void showGpuCounts();
    void setRunning(bool running);

    Document* m_doc;
    const Catalog* m_catalog;
    AnalysisWorker m_worker;
    OptimiserResult m_result;
    quint64 m_resultRevision = 0;
    quint64 m_revision = 0;

    QComboBox* m_phase = nullptr;
    QComboBox* m_objective = nullptr;
    QDoubleSpinBox* m_maxOom = nullptr;
    QDoubleSpinBox* m_maxRunLost = nullptr;
    QDoubleSpinBox* m_deadline = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QCheckBox* m_allAccelerators = nullptr;
    QCheckBox* m_varyGpus = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_export = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_summary = nullptr;
    ParetoChart* m_chart = nullptr;
    QTableWidget* m_table = nullptr;
};

} // namespace costlab
