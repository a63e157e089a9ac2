// The Actuals tab (issue 47): the open plan's bills and training logs against the plan.
// Files are added with a file dialog or by dropping them on the tab; each is recognised by
// its content (a bill CSV or a training log, model/io/billcsv.h and runlog.h) and read on a
// worker thread with a progress dialog that cancels (a million-line bill takes a second).
// The comparison (compareActuals(): attribution, days against the Monte Carlo band, flags,
// re-forecast) runs on its own AnalysisWorker whenever the plan or the files change, latest
// input wins. Nothing here changes the plan; the files are the user's, read, never written.
#pragma once

#include "actuals.h"
#include "analysisworker.h"
#include "catalog.h"

#include <QStringList>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QTabWidget;
class QTableWidget;

namespace costlab {

class ActualsChart;
class Document;

/// A comparison the library keeps for the plan (ScenarioStore's ActualsRecord, as the window
/// passes it: the widgets here do not open the library).
struct KeptComparison {
    qint64 taken_at_ms = 0;
    UnixSeconds as_of = 0;
    double spent = 0, planned = 0, reforecast_p50 = 0; ///< plan currency
    int flags = 0;
    QString files; ///< the files read, as the library keeps them (JSON)
};

class ActualsView : public QWidget {
    Q_OBJECT
public:
    ActualsView(Document* doc, const Catalog* catalog, QWidget* parent = nullptr);
    ~ActualsView() override;

    /// Reads `paths` on the worker thread behind a cancellable progress dialog and adds what
    /// reads; a file that does not read is named in a message and nothing of it is added.
    void addFiles(const QStringList& paths);
    /// As addFiles() without a dialog, blocking (tests, screenshots): "" or the errors.
    QString addFilesNow(const QStringList& paths);
    /// Removes every file.
    void clear();
    /// Blocks until the comparison in flight has been delivered (tests, screenshots).
    void waitForDone();

    const ActualsResult& result() const { return m_result; }
    ActualsChart* chart() const { return m_chart; }
    QTableWidget* flagsTable() const { return m_flags; }
    QTableWidget* phasesTable() const { return m_phases; }
    QTableWidget* unattributedTable() const { return m_unattributed; }
    QTableWidget* filesTable() const { return m_files; }
    QString summaryText() const;
    const std::vector<Bill>& bills() const { return *m_bills; }
    const std::vector<RunLog>& logs() const { return *m_logs; }
    QPushButton* keepButton() const { return m_keep; }
    /// Shows the comparisons the library keeps for the open plan (newest first; empty when
    /// the plan is not in the library).
    void setKept(const std::vector<KeptComparison>& rows);
    QTableWidget* keptTable() const { return m_kept; }

signals:
    /// A one-line message for the status bar.
    void statusMessage(const QString& text);
    /// "Keep in library" was pressed with a comparison on screen (the window keeps it beside
    /// the plan's revision, ScenarioStore::saveActuals).
    void keepRequested();

protected:
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    struct Loaded {
        std::vector<Bill> bills;
        std::vector<RunLog> logs;
        QStringList errors;
    };
    static Loaded readPaths(const QStringList& paths, const AnalysisControl& control);
    /// Adds what `loaded` holds; names the files that did not read in a message box when
    /// `interactive`.
    void take(Loaded loaded, bool interactive);
    void chooseFiles();
    void recompute();
    void showResult(ActualsResult r);
    void retranslate();
    void fillSummary();
    void fillFlags();
    void fillPhases();
    void fillUnattributed();
    void fillFiles();

    Document* m_doc;
    const Catalog* m_catalog;
    // Shared with the comparison jobs, which must not copy a million lines per edit.
    std::shared_ptr<const std::vector<Bill>> m_bills;
    std::shared_ptr<const std::vector<RunLog>> m_logs;
    AnalysisWorker m_reader, m_compare;
    QTimer m_debounce;
    ActualsResult m_result;
    QPushButton* m_add = nullptr;
    QPushButton* m_clear = nullptr;
    QPushButton* m_keep = nullptr;
    QLabel* m_summary = nullptr;
    ActualsChart* m_chart = nullptr;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_flags = nullptr;
    QTableWidget* m_phases = nullptr;
    QTableWidget* m_unattributed = nullptr;
    QTableWidget* m_files = nullptr;
    QTableWidget* m_kept = nullptr;
    std::vector<KeptComparison> m_keptRows;
    void fillKept();
};

} // namespace costlab
