// The desktop main window: parameter panel dock on the left, headline strip and charts in
// the centre (EstimateView), File / Edit / View / Help menus, settings and the language
// switch, the scenario library dock (tabified with the parameters) with autosave, and the
// comparison dialog. Document handling (undo, load, save) lives in widgets/document.h.
#pragma once

#include "catalog.h"
#include "comparedialog.h"
#include "document.h"
#include "lesson.h"
#include "librarysession.h"
#include "store.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTimer;

namespace costlab {

class ActualsView;
class CompareDialog;
class EstimateModel;
class EstimateView;
class LessonView;
class LeversPanel;
class LibraryDock;
class ParameterPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `catalogErrors` are shown once in the status bar when the catalog failed to load.
    MainWindow(Catalog catalog, QStringList catalogErrors = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() { return &m_doc; }
    EstimateView* estimateView() const { return m_view; }
    ParameterPanel* parameterPanel() const { return m_panel; }
    LibraryDock* libraryDock() const { return m_libraryDock; }
    LeversPanel* leversPanel() const { return m_levers; }
    ActualsView* actualsView() const { return m_actuals; }
    /// Shows the Actuals tab (true) or the estimate (false) in the window's centre.
    void showActualsTab(bool actuals);
    /// Keeps the Actuals tab's comparison beside the plan's library revision; false (with a
    /// status message or a dialog) when the plan is not saved in the library as shown.
    bool keepActuals();
    /// Shows the library's kept comparisons of the open plan in the Actuals tab.
    void refreshKeptActuals();
    ScenarioStore* store() { return m_library.store(); }
    /// Library scenario id the document belongs to; 0 = not (yet) in the library.
    qint64 libraryScenarioId() const { return m_library.scenarioId(); }

    /// Open (or create) the library at `dbPath` (its folder must exist), seed the default
    /// catalog and the examples, and hand it to the library dock. Errors go to the status
    /// bar and the window works without a library. `interactive` = false (screenshots,
    /// tests) skips the restore-backup question.
    void openLibrary(const QString& dbPath, bool interactive = true);
    /// Library → Connect to Team Library…: asks for a postgresql:// connection string, opens
    /// it, and remembers it (without a password) for the next start. On failure the library
    /// that was open is opened again and the error is shown (issue 48).
    void connectTeamLibrary();
    /// Library → Use Local Library: back to the library file on this computer.
    void useLocalLibrary();
    /// After the first document is open: offer the autosaved document, if any, then clear
    /// the slot. Does nothing when not interactive (the slot is kept for the next run).
    void offerAutosaveRecovery(bool interactive = true);
    /// Show the library dock in front of the parameters (screenshots).
    void raiseLibraryDock();
    /// Show the levers dock in front of the parameters (screenshots).
    void raiseLeversDock();
    /// Save the document as a new library scenario or a new revision of its scenario.
    /// On failure shows the error (when `showErrors`) and keeps the document's edits.
    bool saveToLibrary(bool showErrors = true);
    /// Open a file; on failure shows every validation message and keeps the document.
    bool openFile(const QString& path, bool showErrors = true);
    /// First launch: the last file, else the default example, else a default scenario.
    void openInitialDocument(const QString& requested = QString());
    /// Settle queued replots and worker sweeps so grab() shows the final picture.
    void settleForGrab();

    /// File → Compare…: the comparison dialog with the open plan (and the library rows
    /// selected in the dock) queued. Non-blocking; public for `--screenshot --dialog`.
    void compareScenarios();
    /// File → Examples → Route A vs Route B: the example pair in a comparison dialog; null
    /// (after a message) when an example does not load. Public for `--screenshot --dialog`.
    CompareDialog* openRouteComparison();
    /// The presenter view of a workshop lesson (issue 16).
    LessonView* lessonView() const { return m_lessonView; }
    /// Starts `lesson` in the presenter view: the docks are put away (only the lesson's
    /// controls show) and come back as they were when it is left. False with `error` when
    /// its first step cannot start.
    bool startLesson(const Lesson& lesson, QString* error = nullptr);
    /// Reads a .costlab-lesson.json and starts it; shows the problems when `showErrors`.
    bool startLessonFile(const QString& path, bool showErrors = true);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void retranslate();
    void updateTitle();
    void rebuildRecentMenu();
    void rebuildExamplesMenu();
    void addRecentFile(const QString& path);
    bool maybeSave();
    void newDocument();
    void openDialog();
    void importDialog();
    void exportConfigDialog();
    bool save();
    bool saveAs();
    void about();
    void showWorkshops();
    void openLessonDialog();
    void lessonLeft();
    void newLessonStep();
    void switchLanguage(const QString& code);
    void openLibraryRevision(qint64 scenarioId, qint64 revisionId);
    /// Catalogs and library plans for a comparison (each plan priced with its own catalog).
    CompareSources compareSources();
    /// Price the document with the catalog it names (catalogForPlan: the library's, else
    /// the shipped one, else a refusal). `force` re-reads it after a catalog was edited.
    void syncCatalog(bool force = false);
    /// The catalogs the plan editor offers: the library's, or the shipped one alone.
    void refreshCatalogChoices();
    void exportReport();
    void exportLineItems();
    /// File name for exports: the scenario's file or display name without characters file
    /// systems reject.
    QString exportBaseName() const;
    /// Save dialog in the folder last used for `settingsKey`; adds `suffix` when missing.
    QString askExportPath(const QString& settingsKey, const QString& suffix, const QString& title,
                          const QString& filter);

    Catalog m_shipped;        ///< the shipped default catalog (resources/catalog)
    Catalog m_catalog;        ///< the catalog pricing the open plan (views hold pointers)
    std::string m_catalogFor; ///< the catalog id m_catalog was picked for
    Document m_doc;
    ParameterPanel* m_panel = nullptr;
    EstimateModel* m_estimateModel = nullptr; ///< the document's one estimate, shared by the views
    EstimateView* m_view = nullptr;
    ActualsView* m_actuals = nullptr;
    QTabWidget* m_planTabs = nullptr; ///< the estimate and the Actuals tab
    QDockWidget* m_dock = nullptr;
    // Declared before anything that may use it; the dock is deleted in ~MainWindow before
    // the session's store goes (Qt would otherwise delete the child dock after the members).
    LibrarySession m_library;
    LibraryDock* m_libraryDock = nullptr;
    LeversPanel* m_levers = nullptr;
    QDockWidget* m_leversDock = nullptr;
    QStackedWidget* m_centre = nullptr; ///< the estimate view, or the lesson's presenter view
    LessonView* m_lessonView = nullptr;
    QByteArray m_stateBeforeLesson; ///< docks and toolbars while a lesson runs

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_libraryMenu = nullptr;
    QMenu* m_toolsMenu = nullptr;
    QMenu* m_planMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_newAct = nullptr;
    QAction* m_openAct = nullptr;
    QAction* m_importAct = nullptr;
    QAction* m_exportConfigAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_saveLibraryAct = nullptr;
    QAction* m_connectTeamAct = nullptr;
    QAction* m_localLibraryAct = nullptr;
    QString m_libraryLocation; ///< what openLibrary() opened last (a path or a connection)
    QAction* m_compareAct = nullptr;
    QAction* m_optimiseAct = nullptr;
    QAction* m_exportReportAct = nullptr;
    QAction* m_exportLineItemsAct = nullptr;
    QAction* m_printAct = nullptr;
    QAction* m_undoAct = nullptr;
    QAction* m_redoAct = nullptr;
    QAction* m_aboutAct = nullptr;
    QAction* m_aboutQtAct = nullptr;
    QAction* m_filterAct = nullptr;
    QAction* m_workshopsAct = nullptr;
    QAction* m_newLessonStepAct = nullptr;
    QAction* m_openLessonAct = nullptr;
    QAction* m_glossaryAct = nullptr;
    QAction* m_fullScreenAct = nullptr;
    QActionGroup* m_languageGroup = nullptr;
};

} // namespace costlab
