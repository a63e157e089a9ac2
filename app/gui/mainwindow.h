// The desktop main window: parameter panel dock on the left, headline strip and charts in
// the centre (EstimateView), File / Edit / View / Help menus, settings and the language
// switch. Document handling (undo, load, save) lives in widgets/document.h.
#pragma once

#include "catalog.h"
#include "document.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAction;
class QActionGroup;
class QDockWidget;
class QMenu;

namespace costlab {

class EstimateView;
class ParameterPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    /// `catalogErrors` are shown once in the status bar when the catalog failed to load.
    MainWindow(Catalog catalog, QStringList catalogErrors = {}, QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() { return &m_doc; }
    EstimateView* estimateView() const { return m_view; }
    ParameterPanel* parameterPanel() const { return m_panel; }

    /// Open a file; on failure shows every validation message and keeps the document.
    bool openFile(const QString& path, bool showErrors = true);
    /// First launch: the last file, else the default example, else a default scenario.
    void openInitialDocument(const QString& requested = QString());
    /// Settle queued replots and worker sweeps so grab() shows the final picture.
    void settleForGrab();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

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
    bool save();
    bool saveAs();
    void about();
    void switchLanguage(const QString& code);

    Catalog m_catalog;
    Document m_doc;
    ParameterPanel* m_panel = nullptr;
    EstimateView* m_view = nullptr;
    QDockWidget* m_dock = nullptr;

    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QMenu* m_editMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    QMenu* m_helpMenu = nullptr;
    QAction* m_newAct = nullptr;
    QAction* m_openAct = nullptr;
    QAction* m_saveAct = nullptr;
    QAction* m_saveAsAct = nullptr;
    QAction* m_quitAct = nullptr;
    QAction* m_undoAct = nullptr;
    QAction* m_redoAct = nullptr;
    QAction* m_aboutAct = nullptr;
    QAction* m_aboutQtAct = nullptr;
    QAction* m_filterAct = nullptr;
    QActionGroup* m_languageGroup = nullptr;
};

} // namespace costlab
