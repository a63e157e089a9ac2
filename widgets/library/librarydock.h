// The library dock: search, tag filters, the scenario table and the library actions (open,
// duplicate, rename, trash/restore/empty, import, export, history, catalogs). Dialogs are
// opened non-blocking (QDialog::open) and every action has a dialog-free method doing the
// work, which the dialogs call and tests drive directly.
#pragma once

#include "store.h"

#include <QDockWidget>
#include <QList>
#include <QStringList>

#include <array>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTimer;
class QToolBar;

namespace costlab {

class LibraryModel;

class LibraryDock : public QDockWidget {
    Q_OBJECT
public:
    /// `store` is not owned; it must outlive the dock (nullptr = no library).
    explicit LibraryDock(ScenarioStore* store, QWidget* parent = nullptr);

    void setStore(ScenarioStore* store);
    /// The library could not be opened: the banner names `path` and `reason` (plain text).
    void setUnavailable(const QString& path, const QString& reason);
    ScenarioStore* store() const { return m_store; }
    LibraryModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    QLineEdit* searchEdit() const { return m_search; }
    QComboBox* tagCombo(TagKind kind) const;
    /// The banner text (store status, read-only notice); "" when hidden.
    QString bannerText() const;

    QAction* openAction() const { return m_open; }
    QAction* duplicateAction() const { return m_duplicate; }
    QAction* renameAction() const { return m_rename; }
    QAction* trashAction() const { return m_trash; }
    QAction* showTrashAction() const { return m_showTrash; }
    QAction* restoreAction() const { return m_restore; }
    QAction* emptyTrashAction() const { return m_emptyTrash; }
    QAction* importAction() const { return m_import; }
    QAction* exportAction() const { return m_export; }
    QAction* historyAction() const { return m_history; }
    QAction* tagsAction() const { return m_tags; }
    QAction* catalogsAction() const { return m_catalogs; }
    /// Every action above, in menu order (for a "Library" menu).
    QList<QAction*> libraryActions() const;

    /// Scenario ids of the selected rows, in view order.
    QList<qint64> selectedScenarioIds() const;
    /// Select a scenario's row if it is among the fetched rows. Returns whether it was.
    bool selectScenario(qint64 scenarioId);

    // ---- Work without dialogs (return "" or an error / report) --------------------------
    struct ImportOutcome {
        QList<qint64> imported;
        QStringList rejected;  ///< "file: reason; reason" per rejected file
        QStringList identical; ///< "file: already in the library as NAME" (not imported again)
    };
    struct ExportOutcome {
        QStringList written; ///< paths of the written files
        QStringList errors;  ///< one sentence per failed scenario
    };
    /// Duplicate a scenario; returns the new id or 0 (error in `error`).
    qint64 duplicateScenario(qint64 scenarioId, QString* error = nullptr);
    QString renameScenario(qint64 scenarioId, const QString& newName);
    /// One text per tag kind (project, batch, resource, free), values separated by commas.
    using TagTexts = std::array<QString, 4>;
    /// The scenario's tags as TagTexts (every kind empty when it has none or on an error).
    TagTexts tagTexts(qint64 scenarioId) const;
    /// Replace a scenario's tags with the comma-separated values of `texts` (blank values
    /// dropped, whitespace trimmed). Returns "" or the error.
    QString setScenarioTags(qint64 scenarioId, const TagTexts& texts);
    QString trashScenarios(const QList<qint64>& ids);
    QString restoreScenarios(const QList<qint64>& ids);
    /// Delete everything in the trash; returns how many, or -1 with `error`.
    int emptyTrashNow(QString* error = nullptr);
    /// Import `.costlab.json` files (each validated whole; cached figures by evaluation).
    ImportOutcome importFiles(const QStringList& paths);
    /// Write each scenario's current revision to `folder` as `<sanitised name>.costlab.json`
    /// (suffix " (2)", " (3)"... when taken), atomically with QSaveFile.
    ExportOutcome exportScenarios(const QList<qint64>& ids, const QString& folder);
    /// After an import: a non-blocking dialog (object name "importReport") listing each
    /// rejected file with its reasons; nothing is shown when every file was accepted.
    void showImportReport(const ImportOutcome& outcome);

public slots:
    /// Re-query the list, the tag menus and the banner (after a save elsewhere).
    void refresh();
    /// Open a History dialog for the (first) selected scenario.
    void showHistory();
    /// Open the catalog editor.
    void showCatalogEditor();

signals:
    /// The user asked to open a scenario at a revision (current revision from the list).
    void openRequested(qint64 scenarioId, qint64 revisionId);
    /// History → Restore as current made `revisionId` the current revision of `scenarioId`.
    void revisionRestored(qint64 scenarioId, qint64 revisionId);
    /// Something in the library changed through this dock.
    void libraryChanged();
    /// A catalog was saved or copied in the catalog editor; the cached totals of the plans
    /// that name it were recomputed. The editor re-reads the plan's catalog.
    void catalogsChanged(const QString& catalogId);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Every fixed text in the current language (constructor and language changes).
    void retranslate();
    std::array<QLabel*, 4> m_tagLabels{};
    void createActions();
    void updateActions();
    void updateBanner();
    void refillTagCombos();
    void openSelected();
    void askRename();
    /// A dialog with one line per tag kind for the selected scenario (issue 49: there was
    /// no way to add or edit tags in the app).
    void askTags();
    void askEmptyTrash();
    void askImport();
    void askExport();
    void showError(const QString& title, const QString& text);
    void changed();
    /// Widens the name column to its names (at most 260 px) after the rows changed, unless
    /// the user sized it: the dock is built before its library opens, so sizing it once at
    /// construction cut names to the header's width (issue 49: "cut to 8 characters").
    void fitNameColumn();
    bool m_nameSizedByUser = false;
    bool m_fittingName = false;

    ScenarioStore* m_store = nullptr;
    LibraryModel* m_model = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_countLabel = nullptr;
    QLineEdit* m_search = nullptr;
    std::array<QComboBox*, 4> m_tagCombos{};
    QTableView* m_view = nullptr;
    QToolBar* m_toolbar = nullptr;
    QTimer* m_searchTimer = nullptr;
    QString m_unavailable; ///< why no library is open ("" when none was tried or it opened)
    QAction* m_open = nullptr;
    QAction* m_duplicate = nullptr;
    QAction* m_rename = nullptr;
    QAction* m_trash = nullptr;
    QAction* m_showTrash = nullptr;
    QAction* m_restore = nullptr;
    QAction* m_emptyTrash = nullptr;
    QAction* m_import = nullptr;
    QAction* m_export = nullptr;
    QAction* m_history = nullptr;
    QAction* m_tags = nullptr;
    QAction* m_catalogs = nullptr;
    int m_sortColumn = 1; ///< LibraryModel::ModifiedColumn
    Qt::SortOrder m_sortOrder = Qt::DescendingOrder;
};

} // namespace costlab
