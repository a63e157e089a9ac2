// Revision history of one library scenario: list (time, message, cached total), diff of two
// selected revisions (changed parameters with units, ScenarioStore::diffRevisions), restore
// a revision as the new current one, open a revision in the editor.
#pragma once

#include "store.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace costlab {

class HistoryDialog : public QDialog {
    Q_OBJECT
public:
    /// `store` is not owned. Restore is disabled on a read-only library.
    HistoryDialog(ScenarioStore* store, qint64 scenarioId, QWidget* parent = nullptr);

    QTableWidget* revisionTable() const { return m_revisions; }
    QTableWidget* diffTable() const { return m_diff; }
    QPushButton* diffButton() const { return m_diffButton; }
    QPushButton* restoreButton() const { return m_restoreButton; }
    /// Revision ids in display order (newest first).
    QList<qint64> revisionIds() const;

    /// Fill the diff table with the parameters changed from `older` to `newer`. Returns ""
    /// or the store's error (also shown in the dialog).
    QString showDiff(qint64 older, qint64 newer);
    /// Make `revisionId` current again (a new revision). Returns the new id or 0 (error in
    /// the dialog's status line and in `error`).
    qint64 restoreRevision(qint64 revisionId, QString* error = nullptr);

public slots:
    void reload();

signals:
    void revisionRestored(qint64 scenarioId, qint64 newRevisionId);
    void openRequested(qint64 scenarioId, qint64 revisionId);

private:
    QList<qint64> selectedRevisionIds() const;
    void updateButtons();

    ScenarioStore* m_store;
    qint64 m_scenarioId;
    QLabel* m_title = nullptr;
    QLabel* m_status = nullptr;
    QTableWidget* m_revisions = nullptr;
    QTableWidget* m_diff = nullptr;
    QPushButton* m_diffButton = nullptr;
    QPushButton* m_restoreButton = nullptr;
    QPushButton* m_openButton = nullptr;
};

} // namespace costlab
