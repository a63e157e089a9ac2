// The Levers panel (issue 15): the article's savings checklist priced on the open plan. One
// row per lever — its saving (two evaluate() calls, and the Monte Carlo P50/P90 before and
// after), the risks it moves, the §5 boundary it pushes against — with a check box; the
// checked levers, or "all within the risk limits", are applied as one undo step through
// Document::apply. A lever that does not apply says why.
//
// Threads: the levers take a few dozen evaluate() calls and two Monte Carlo runs per lever
// (tens of milliseconds), on the panel's own AnalysisWorker; a newer edit cancels a run in
// flight, and nothing runs while the panel is hidden (it catches up when shown).
#pragma once

#include "analysisworker.h"
#include "catalog.h"
#include "levers.h"

#include <QSet>
#include <QString>
#include <QTimer>
#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace costlab {

class Document;

class LeversPanel : public QWidget {
    Q_OBJECT
public:
    /// Monte Carlo runs behind each lever's P50/P90 (common random numbers before/after).
    static constexpr int kMonteCarloRuns = kPlanMonteCarloRuns; // as the headline's P90

    LeversPanel(Document* doc, const Catalog* catalog, QWidget* parent = nullptr);
    ~LeversPanel() override;

    /// The last delivered result (empty until the first run finishes).
    const LeversResult& result() const { return m_result; }
    const LeverCombination& combination() const { return m_combined; }
    /// The limits in the spin boxes, as probabilities.
    RiskLimits limits() const;
    void setLimits(const RiskLimits& limits);

    QTableWidget* table() const { return m_table; }
    QPushButton* applyCheckedButton() const { return m_applyChecked; }
    QPushButton* applyAllButton() const { return m_applyAll; }
    QPlainTextEdit* details() const { return m_details; }
    /// Ticks or clears lever `id`'s check box (a lever that does not apply cannot be ticked).
    void setChecked(const QString& id, bool checked);
    QStringList checkedLevers() const;

    /// Applies the ticked levers' changes as one undo step. False (with `error`) when none
    /// is ticked, the result is out of date, or the document refuses a change.
    bool applyChecked(QString* error = nullptr);
    /// Applies "every lever that raises no risk above its limit" as one undo step.
    bool applyAllWithinLimits(QString* error = nullptr);

    /// Starts a run now for the current plan (normally driven by Document::changed).
    void refresh();
    /// Blocks until the pending run has been delivered (tests, screenshots).
    void waitForDone();

signals:
    /// A new result reached the table.
    void resultUpdated();
    /// A one-line message for the status bar (applied, refused).
    void statusMessage(const QString& text);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslate();
    void fillTable();
    void showDetails();
    void updateButtons();
    void scheduleRun();
    bool applyChanges(const std::vector<ParamChange>& changes, const QStringList& names,
                      QString* error);
    const LeverResult* leverAt(int row) const;
    QString changeText(const ParamChange& c) const;
    QString risksText(const LeverResult& r, bool compact) const;

    Document* m_doc;
    const Catalog* m_catalog;
    AnalysisWorker m_worker;
    LeversResult m_result;
    LeverCombination m_combined;
    quint64 m_generation = 0;       ///< bumped on every change of the plan
    quint64 m_resultGeneration = 0; ///< the plan generation the result belongs to
    bool m_stale = true;            ///< a change arrived while hidden
    QSet<QString> m_checked;        ///< ticked lever ids, kept across runs
    QTimer m_debounce;
    bool m_filling = false;

    QLabel* m_limitsLabel = nullptr;
    QDoubleSpinBox* m_maxOom = nullptr;
    QDoubleSpinBox* m_maxRunLost = nullptr;
    QDoubleSpinBox* m_maxBudget = nullptr;
    QLabel* m_oomLabel = nullptr;
    QLabel* m_runLostLabel = nullptr;
    QLabel* m_budgetLabel = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QPlainTextEdit* m_details = nullptr;
    QPushButton* m_applyChecked = nullptr;
    QPushButton* m_applyAll = nullptr;
    QProgressBar* m_progress = nullptr;
};

} // namespace costlab
