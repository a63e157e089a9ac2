#include "mainwindow.h"

#include "actuals_json.h"
#include "actualsview.h"
#include "chartbase.h"
#include "compare.h"
#include "comparedialog.h"
#include "datapaths.h"
#include "engine.h"
#include "estimateview.h"
#include "exportconfigdialog.h"
#include "fitdialog.h"
#include "importdialog.h"
#include "languages.h"
#include "lessonsdialog.h"
#include "lessonview.h"
#include "leverspanel.h"
#include "librarydock.h"
#include "librarysession.h"
#include "libraryutil.h"
#include "optimiserdialog.h"
#include "parameterpanel.h"
#include "plaintext.h"
#include "planeditor.h"
#include "registry.h"
#include "reportexport.h"
#include "scenario_json.h"
#include "settings.h"
#include "targetchart.h"

#include <qcustomplot.h>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QKeySequence>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

#include <string>
#include <vector>

namespace costlab {

MainWindow::MainWindow(Catalog catalog, QStringList catalogErrors, QWidget* parent)
    : QMainWindow(parent), m_shipped(std::move(catalog)), m_catalog(m_shipped),
      m_catalogFor(m_shipped.id), m_library(&m_doc, &m_catalog, this)
{
    setObjectName(QStringLiteral("MainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/costlab.svg")));
    setAcceptDrops(true); // a plan opens, a model config.json is imported

    // One estimate model for the document: the editor's view and the lesson view share its
    // evaluation and its Monte Carlo.
    m_estimateModel = new EstimateModel(&m_doc, &m_catalog, this);
    m_view = new EstimateView(&m_doc, &m_catalog, this, m_estimateModel);
    m_lessonView = new LessonView(&m_doc, &m_catalog, this, m_estimateModel);
    // Plan versus actual (issue 47) beside the estimate: the same plan, held against its bills
    // and logs.
    m_actuals = new ActualsView(&m_doc, &m_catalog, this);
    connect(m_actuals, &ActualsView::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    connect(m_actuals, &ActualsView::keepRequested, this, &MainWindow::keepActuals);
    m_planTabs = new QTabWidget(this);
    m_planTabs->setDocumentMode(true);
    m_planTabs->addTab(m_view, QString());
    m_planTabs->addTab(m_actuals, QString());
    // The kept comparisons of the plan on screen, read when the tab is shown.
    connect(m_planTabs, &QTabWidget::currentChanged, this, [this] {
        if (m_planTabs->currentWidget() == m_actuals)
            refreshKeptActuals();
    });
    m_centre = new QStackedWidget(this);
    m_centre->addWidget(m_planTabs);
    m_centre->addWidget(m_lessonView);
    setCentralWidget(m_centre);
    // A stack is as wide as its widest page, shown or not: the presenter view (760 px, shown
    // with the docks hidden) held the plan's window at 1,146 px beside the parameter dock,
    // wider than a 1920×1080 screen at 2× scale (960 px). Only the page on screen counts.
    const auto sizeOnlyTheCurrentPage = [this] {
        for (int i = 0; i < m_centre->count(); ++i) {
            const auto policy =
                i == m_centre->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
            m_centre->widget(i)->setSizePolicy(policy, policy);
        }
    };
    sizeOnlyTheCurrentPage();
    connect(m_centre, &QStackedWidget::currentChanged, this, sizeOnlyTheCurrentPage);
    connect(m_lessonView, &LessonView::left, this, &MainWindow::lessonLeft);

    m_panel = new ParameterPanel(&m_doc, &m_catalog);
    m_dock = new QDockWidget(this);
    m_dock->setObjectName(QStringLiteral("ParameterDock"));
    m_dock->setWidget(m_panel);
    m_dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    m_dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    m_panel->setMinimumWidth(380);
    addDockWidget(Qt::LeftDockWidgetArea, m_dock);

    // No store until openLibrary(): the dock shows nothing rather than an unopened file.
    m_libraryDock = new LibraryDock(nullptr, this);
    m_libraryDock->setObjectName(QStringLiteral("LibraryDock"));
    m_libraryDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, m_libraryDock);
    tabifyDockWidget(m_dock, m_libraryDock);
    // The library table asks for its full width; keep the left area at the parameter
    // panel's width so the charts keep theirs (the table scrolls instead).
    m_libraryDock->widget()->setMinimumWidth(0);
    // Levers: the article's savings checklist priced on the plan (issue 15), beside the
    // parameters it changes.
    m_levers = new LeversPanel(&m_doc, &m_catalog);
    m_leversDock = new QDockWidget(this);
    m_leversDock->setObjectName(QStringLiteral("LeversDock"));
    m_leversDock->setWidget(m_levers);
    m_leversDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                              QDockWidget::DockWidgetClosable);
    m_leversDock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
    addDockWidget(Qt::LeftDockWidgetArea, m_leversDock);
    tabifyDockWidget(m_libraryDock, m_leversDock);
    connect(m_levers, &LeversPanel::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 10000); });
    resizeDocks({m_dock}, {420}, Qt::Horizontal);
    m_dock->raise();
    connect(m_libraryDock, &LibraryDock::openRequested, this, &MainWindow::openLibraryRevision);

    m_library.setDock(m_libraryDock);
    connect(
        &m_library, &LibrarySession::statusMessage, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });

    createActions();
    createMenus();
    retranslate();

    // After the view's own evaluation: a plan naming another catalog is repriced at once.
    connect(&m_doc, &Document::changed, this, [this] { syncCatalog(); });
    connect(m_libraryDock, &LibraryDock::catalogsChanged, this, [this] {
        refreshCatalogChoices();
        syncCatalog(true);
    });
    connect(m_panel->planEditor(), &PlanEditor::editRefused, this,
            [this](const QString& why) { statusBar()->showMessage(why, 10000); });
    connect(&m_doc, &Document::planChanged, this, [this] { updateTitle(); });
    // Launch settings of a plan the engine refuses would launch something else than planned
    // (issue 44): the action is off while the plan cannot be evaluated.
    connect(m_view, &EstimateView::estimateUpdated, this,
            [this] { m_exportConfigAct->setEnabled(m_view->estimate().ok); });
    m_exportConfigAct->setEnabled(m_view->estimate().ok);
    // Fitting a law to the user's runs: the dialog applies it as one undo step; the points
    // stay on the Target chart for this session (they are not part of the plan file).
    connect(&m_doc, &Document::scenarioReplaced, this,
            [this] { m_view->targetChart()->setRuns(-1, {}, {}, {}); });
    connect(m_view, &EstimateView::fitRequested, this, [this](int phase) {
        FitDialog dialog(&m_doc, &m_catalog, phase, this);
        if (dialog.exec() == QDialog::Accepted)
            m_view->targetChart()->setRuns(phase, dialog.pointsX(), dialog.pointsY(),
                                           dialog.pointsName());
    });
    refreshCatalogChoices();
    // First focus on the parameter filter, not on the first badge in the tab order (which
    // then showed a focus border at start-up).
    m_panel->searchBox()->setFocus(Qt::OtherFocusReason);

    connect(&m_doc, &Document::modifiedChanged, this, [this] { updateTitle(); });
    connect(&m_doc, &Document::fileChanged, this, [this] { updateTitle(); });
    connect(&m_doc, &Document::scenarioReplaced, this, [this] { updateTitle(); });

    restoreGeometry(settings::geometry.get());
    restoreState(settings::windowState.get());
    if (!catalogErrors.isEmpty())
        statusBar()->showMessage(
            tr("Catalog problems: %1").arg(catalogErrors.join(QStringLiteral("; "))));
    updateTitle();
}

MainWindow::~MainWindow()
{
    // The dock holds a pointer to the session's store, which is destroyed before QWidget
    // deletes children.
    delete m_libraryDock;
    m_libraryDock = nullptr;
}

void MainWindow::openLibrary(const QString& dbPath, bool interactive)
{
    m_libraryLocation = dbPath;
    m_library.open(dbPath, interactive);
    m_localLibraryAct->setEnabled(isServerLibrary(dbPath.toStdString()));
    // Save to Library only where it can work; the tooltip and the dock's banner say why not.
    m_saveLibraryAct->setEnabled(m_library.canSave());
    if (!m_library.canSave())
        m_saveLibraryAct->setToolTip(
            m_library.openError().isEmpty()
                ? tr("The library is read-only.")
                : tr("The library could not be opened: %1").arg(m_library.openError()));
    refreshCatalogChoices();
    syncCatalog(true);
}

void MainWindow::connectTeamLibrary()
{
    bool ok = false;
    const QString current =
        isServerLibrary(m_libraryLocation.toStdString())
            ? QString::fromStdString(redactedConnection(m_libraryLocation.toStdString()))
            : QString();
    const QString given =
        QInputDialog::getText(this, tr("Connect to Team Library"),
                              tr("PostgreSQL connection string of the team library, for "
                                 "example\npostgresql://alice@db.example.com/costlab?sslmode="
                                 "verify-full\n\nThe password is read from ~/.pgpass (or a "
                                 "service file); Costlab never stores it."),
                              QLineEdit::Normal, current, &ok)
            .trimmed();
    if (!ok || given.isEmpty())
        return;
    if (!isServerLibrary(given.toStdString())) {
        warnPlain(this, tr("Connect to Team Library"),
                  tr("A team library is named by a connection string that starts with "
                     "postgresql:// (a library file is opened with --db PATH)."));
        return;
    }
    const QString previous = m_libraryLocation;
    openLibrary(given);
    if (!m_library.openError().isEmpty()) {
        const QString why = m_library.openError();
        openLibrary(previous);
        warnPlain(this, tr("Connect to Team Library"),
                  tr("Could not open the team library; the library that was open is open "
                     "again.\n\n%1")
                      .arg(why));
        return;
    }
    const QString remembered = QString::fromStdString(redactedConnection(given.toStdString()));
    settings::teamLibrary.set(remembered);
    statusBar()->showMessage(tr("Connected to the team library %1").arg(remembered), 8000);
}

void MainWindow::useLocalLibrary()
{
    settings::teamLibrary.set(QString());
    openLibrary(settings::localLibraryPath());
}

void MainWindow::syncCatalog(bool force)
{
    const std::string& id = m_doc.scenario().catalog_id;
    if (!force && id == m_catalogFor)
        return;
    m_catalog = catalogForPlan(m_library.store(), id, &m_shipped);
    m_catalogFor = id;
    m_panel->catalogChanged(); // accelerator and instance lists come from the catalog
    m_view->catalogChanged();  // the estimate and the trade-off sweep's prices
    refreshCatalogChoices();
}

void MainWindow::refreshCatalogChoices()
{
    QList<PlanEditor::CatalogEntry> entries;
    ScenarioStore* store = m_library.store();
    if (store && store->isOpen()) {
        if (const auto rows = store->listCatalogs())
            for (const CatalogRow& row : rows.value) {
                const Catalog c = catalogForPlan(store, row.id, &m_shipped);
                if (c.unavailable.empty())
                    entries.push_back({QString::fromStdString(row.id),
                                       QString::fromStdString(c.name),
                                       QString::fromStdString(c.currency)});
            }
    }
    if (entries.isEmpty()) // no library: the shipped catalog is the only one
        entries.push_back({QString::fromStdString(m_shipped.id),
                           QString::fromStdString(m_shipped.name),
                           QString::fromStdString(m_shipped.currency)});
    m_panel->planEditor()->setCatalogs(entries);
}

void MainWindow::offerAutosaveRecovery(bool interactive)
{
    m_library.offerAutosaveRecovery(interactive);
}

void MainWindow::raiseLibraryDock()
{
    m_libraryDock->show();
    m_libraryDock->raise();
    resizeDocks({m_libraryDock}, {420}, Qt::Horizontal);
}

void MainWindow::raiseLeversDock()
{
    m_leversDock->show();
    m_leversDock->raise();
    resizeDocks({m_leversDock}, {420}, Qt::Horizontal);
}

void MainWindow::openLibraryRevision(qint64 scenarioId, qint64 revisionId)
{
    if (maybeSave())
        m_library.openRevision(scenarioId, revisionId);
}

bool MainWindow::saveToLibrary(bool showErrors)
{
    return m_library.save(showErrors);
}

CompareSources MainWindow::compareSources()
{
    CompareSources src;
    // Each plan priced with the catalog it names, by the same rule as the editor and CLI.
    src.catalogFor = [this](const Scenario& s) {
        return catalogForPlan(m_library.store(), s.catalog_id, &m_shipped);
    };
    src.libraryPlans = [this] {
        QList<CompareSources::LibraryPlan> out;
        ScenarioStore* store = m_library.store();
        if (!store || !store->isOpen())
            return out;
        if (const auto rows = store->list())
            for (const ScenarioRow& r : rows.value)
                if (r.deleted_at == 0)
                    out.push_back({r.id, QString::fromStdString(r.name)});
        return out;
    };
    src.loadLibraryPlan = [this](std::int64_t id, QString* error) -> std::optional<Scenario> {
        ScenarioStore* store = m_library.store();
        if (!store || !store->isOpen()) {
            if (error)
                *error = tr("No library is open.");
            return std::nullopt;
        }
        auto r = store->loadCurrent(id);
        if (!r) {
            if (error)
                *error = QString::fromStdString(r.error);
            return std::nullopt;
        }
        return std::move(r.value);
    };
    return src;
}

void MainWindow::compareScenarios()
{
    auto* dialog = new CompareDialog(compareSources(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    std::vector<Scenario> plans{m_doc.scenario()};
    // Library rows selected in the dock join the open plan (2–4 in all).
    if (ScenarioStore* store = m_library.store(); store && store->isOpen())
        for (const qint64 id : m_libraryDock->selectedScenarioIds()) {
            if (plans.size() >= std::size_t(kCompareMax))
                break;
            if (id == m_library.scenarioId())
                continue; // the open plan, with its unsaved changes, is already first
            if (auto r = store->loadCurrent(id))
                plans.push_back(std::move(r.value));
        }
    dialog->setScenarios(plans);
    dialog->show();
}

QString MainWindow::exportBaseName() const
{
    QString base =
        m_doc.filePath().isEmpty() ? m_doc.displayName() : QFileInfo(m_doc.filePath()).fileName();
    if (base.endsWith(QLatin1String(".costlab.json")))
        base.chop(int(qstrlen(".costlab.json")));
    // Characters no file system accepts become "-"; the name stays recognisable.
    static const QRegularExpression bad(QStringLiteral("[\\\\/:*?\"<>|\\x00-\\x1f]"));
    base.replace(bad, QStringLiteral("-"));
    base = base.trimmed();
    return base.isEmpty() ? QStringLiteral("costlab-plan") : base;
}

QString MainWindow::askExportPath(const QString& settingsKey, const QString& suffix,
                                  const QString& title, const QString& filter)
{
    QSettings settings;
    const QString dir =
        settings
            .value(settingsKey, QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .toString();
    QString path = QFileDialog::getSaveFileName(
        this, title, QDir(dir).filePath(exportBaseName() + suffix), filter);
    if (path.isEmpty())
        return {};
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    settings.setValue(settingsKey, QFileInfo(path).absolutePath());
    return path;
}

void MainWindow::exportReport()
{
    ReportExportDialog dialog(loadReportOptions(currentLanguage()), this);
    const int outcome = dialog.exec();
    if (outcome == QDialog::Rejected)
        return;
    ReportWriter::Options options = dialog.options();
    saveReportOptions(options);
    // The Actuals tab's comparison, when it holds one, goes into the report (issue 47).
    if (!m_actuals->result().days.empty() && m_actuals->result().error.empty())
        options.actuals = std::make_shared<const ActualsResult>(m_actuals->result());
    if (outcome == ReportExportDialog::Preview) {
        previewReport(this, m_doc.scenario(), m_catalog, options);
        return;
    }
    const QString path = askExportPath(QStringLiteral("report/lastDir"), QStringLiteral(".pdf"),
                                       tr("Export budget report"), tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    int pages = 0;
    if (!writeReportWithProgress(this, m_doc.scenario(), m_catalog, path, options, &error,
                                 &pages)) {
        warnPlain(this, tr("Export budget report"), error);
        return;
    }
    statusBar()->showMessage(
        tr("Report written: %1 (%n page(s))", nullptr, pages).arg(QDir::toNativeSeparators(path)),
        10000);
    QMessageBox box(QMessageBox::Information, tr("Export budget report"),
                    tr("The report was written to %1 (%n page(s)).", nullptr, pages)
                        .arg(QDir::toNativeSeparators(path)),
                    QMessageBox::Close, this);
    box.setTextFormat(Qt::PlainText); // the path is text
    QPushButton* open = box.addButton(tr("&Open Report"), QMessageBox::AcceptRole);
    box.setDefaultButton(open);
    box.exec();
    if (box.clickedButton() == open)
        QDesktopServices::openUrl(QUrl::fromLocalFile(path));
}

void MainWindow::exportLineItems()
{
    const QString path = askExportPath(QStringLiteral("lineItems/lastDir"), QStringLiteral(".csv"),
                                       tr("Export line items"), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!writeLineItemsFile(m_doc.scenario(), m_catalog, path, &error)) {
        warnPlain(this, tr("Export line items"), error);
        return;
    }
    statusBar()->showMessage(tr("Line items written: %1").arg(QDir::toNativeSeparators(path)),
                             10000);
}

void MainWindow::createActions()
{
    m_newAct = new QAction(this);
    m_newAct->setShortcut(QKeySequence::New);
    connect(m_newAct, &QAction::triggered, this, &MainWindow::newDocument);
    m_openAct = new QAction(this);
    m_openAct->setShortcut(QKeySequence::Open);
    connect(m_openAct, &QAction::triggered, this, &MainWindow::openDialog);
    m_importAct = new QAction(this);
    m_importAct->setShortcut(QKeySequence(QStringLiteral("Ctrl+I")));
    connect(m_importAct, &QAction::triggered, this, &MainWindow::importDialog);
    m_exportConfigAct = new QAction(this);
    m_exportConfigAct->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+M")));
    connect(m_exportConfigAct, &QAction::triggered, this, &MainWindow::exportConfigDialog);
    m_saveAct = new QAction(this);
    m_saveAct->setShortcut(QKeySequence::Save);
    connect(m_saveAct, &QAction::triggered, this, [this] { save(); });
    m_saveAsAct = new QAction(this);
    // QKeySequence::SaveAs is empty on KDE, Windows and plain X11; Ctrl+Shift+S everywhere.
    m_saveAsAct->setShortcuts({QKeySequence(QStringLiteral("Ctrl+Shift+S"))});
    connect(m_saveAsAct, &QAction::triggered, this, [this] { saveAs(); });
    m_quitAct = new QAction(this);
    m_quitAct->setShortcut(QKeySequence::Quit);
    m_quitAct->setMenuRole(QAction::QuitRole);
    connect(m_quitAct, &QAction::triggered, this, &QWidget::close);
    m_saveLibraryAct = new QAction(this);
    m_saveLibraryAct->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+L")));
    connect(m_saveLibraryAct, &QAction::triggered, this, [this] { saveToLibrary(); });
    m_connectTeamAct = new QAction(this);
    connect(m_connectTeamAct, &QAction::triggered, this, &MainWindow::connectTeamLibrary);
    m_localLibraryAct = new QAction(this);
    m_localLibraryAct->setEnabled(false);
    connect(m_localLibraryAct, &QAction::triggered, this, &MainWindow::useLocalLibrary);
    m_compareAct = new QAction(this);
    connect(m_compareAct, &QAction::triggered, this, &MainWindow::compareScenarios);
    m_optimiseAct = new QAction(this);
    m_optimiseAct->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+O")));
    connect(m_optimiseAct, &QAction::triggered, this, [this] {
        OptimiserDialog dialog(&m_doc, &m_catalog, this);
        dialog.exec();
    });
    m_exportReportAct = new QAction(this);
    m_exportReportAct->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+E")));
    connect(m_exportReportAct, &QAction::triggered, this, &MainWindow::exportReport);
    m_exportLineItemsAct = new QAction(this);
    connect(m_exportLineItemsAct, &QAction::triggered, this, &MainWindow::exportLineItems);
    m_printAct = new QAction(this);
    m_printAct->setShortcut(QKeySequence::Print);
    connect(m_printAct, &QAction::triggered, this, [this] {
        previewReport(this, m_doc.scenario(), m_catalog, loadReportOptions(currentLanguage()));
    });

    m_undoAct = m_doc.undoStack()->createUndoAction(this);
    m_undoAct->setShortcut(QKeySequence::Undo);
    m_redoAct = m_doc.undoStack()->createRedoAction(this);
    m_redoAct->setShortcut(QKeySequence::Redo);
    m_filterAct = new QAction(this);
    m_filterAct->setShortcut(QKeySequence::Find);
    connect(m_filterAct, &QAction::triggered, this, [this] {
        m_dock->show();
        m_dock->raise(); // the Parameters tab in front of the Library tab it shares a place with
        m_panel->searchBox()->setFocus(Qt::ShortcutFocusReason);
        m_panel->searchBox()->selectAll();
    });

    m_workshopsAct = new QAction(this);
    connect(m_workshopsAct, &QAction::triggered, this, &MainWindow::showWorkshops);
    m_newLessonStepAct = new QAction(this);
    connect(m_newLessonStepAct, &QAction::triggered, this, &MainWindow::newLessonStep);
    m_openLessonAct = new QAction(this);
    connect(m_openLessonAct, &QAction::triggered, this, &MainWindow::openLessonDialog);
    m_glossaryAct = new QAction(this);
    m_glossaryAct->setShortcut(QKeySequence::HelpContents);
    connect(m_glossaryAct, &QAction::triggered, this, [this] {
        GlossaryDialog dialog(this);
        dialog.exec();
    });
    m_fullScreenAct = new QAction(this);
    m_fullScreenAct->setCheckable(true);
    m_fullScreenAct->setShortcut(QKeySequence(Qt::Key_F11));
    connect(m_fullScreenAct, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? windowState() | Qt::WindowFullScreen
                          : windowState() & ~Qt::WindowFullScreen);
    });

    m_aboutAct = new QAction(this);
    m_aboutAct->setMenuRole(QAction::AboutRole);
    connect(m_aboutAct, &QAction::triggered, this, &MainWindow::about);
    m_aboutQtAct = new QAction(this);
    m_aboutQtAct->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAct, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_languageGroup = new QActionGroup(this);
    m_languageGroup->setExclusive(true);
    for (const QString& code : availableLanguages()) {
        auto* a = new QAction(languageName(code), m_languageGroup);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(code == currentLanguage());
        connect(a, &QAction::triggered, this, [this, code] { switchLanguage(code); });
    }
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(QString());
    m_fileMenu->addAction(m_newAct);
    m_fileMenu->addAction(m_openAct);
    m_fileMenu->addAction(m_importAct);
    m_fileMenu->addAction(m_exportConfigAct);
    m_fileMenu->addAction(m_openLessonAct);
    m_recentMenu = m_fileMenu->addMenu(QString());
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    m_examplesMenu = m_fileMenu->addMenu(QString());
    rebuildExamplesMenu();
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_saveAct);
    m_fileMenu->addAction(m_saveAsAct);
    m_fileMenu->addAction(m_saveLibraryAct);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_exportReportAct);
    m_fileMenu->addAction(m_exportLineItemsAct);
    m_fileMenu->addAction(m_printAct);
    m_fileMenu->addSeparator();
    m_fileMenu->addAction(m_quitAct);

    m_editMenu = menuBar()->addMenu(QString());
    m_editMenu->addAction(m_undoAct);
    m_editMenu->addAction(m_redoAct);
    m_editMenu->addSeparator();
    m_editMenu->addAction(m_filterAct);

    m_viewMenu = menuBar()->addMenu(QString());
    m_viewMenu->addAction(m_dock->toggleViewAction());
    m_viewMenu->addAction(m_libraryDock->toggleViewAction());
    m_viewMenu->addAction(m_leversDock->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_fullScreenAct);
    m_languageMenu = m_viewMenu->addMenu(QString());
    m_languageMenu->addActions(m_languageGroup->actions());

    // Plan: the phases of the open plan (the same actions as the plan editor's buttons).
    PlanEditor* plan = m_panel->planEditor();
    m_planMenu = menuBar()->addMenu(QString());
    m_planMenu->addActions(
        {plan->addPretrainAction(), plan->addRlAction(), plan->addEvaluationAction()});
    m_planMenu->addSeparator();
    m_planMenu->addActions({plan->duplicateAction(), plan->removeAction()});
    m_planMenu->addSeparator();
    m_planMenu->addActions({plan->moveUpAction(), plan->moveDownAction()});

    m_libraryMenu = menuBar()->addMenu(QString());
    m_libraryMenu->addActions(m_libraryDock->libraryActions());
    m_libraryMenu->addSeparator();
    m_libraryMenu->addActions({m_connectTeamAct, m_localLibraryAct});
    m_libraryMenu->addSeparator();
    m_libraryMenu->addAction(m_libraryDock->toggleViewAction());

    m_toolsMenu = menuBar()->addMenu(QString());
    m_toolsMenu->addAction(m_compareAct);
    m_toolsMenu->addAction(m_optimiseAct);
    m_toolsMenu->addAction(m_leversDock->toggleViewAction());
    m_toolsMenu->addSeparator();
    m_toolsMenu->addAction(m_newLessonStepAct);

    m_helpMenu = menuBar()->addMenu(QString());
    m_helpMenu->addAction(m_workshopsAct);
    m_helpMenu->addAction(m_glossaryAct);
    m_helpMenu->addSeparator();
    m_helpMenu->addAction(m_aboutAct);
    m_helpMenu->addAction(m_aboutQtAct);
}

bool MainWindow::keepActuals()
{
    // A comparison belongs to the revision it was made against: the plan must be in the
    // library and saved as it is on screen.
    if (m_library.scenarioId() == 0 || m_doc.isModified()) {
        statusBar()->showMessage(tr("Save the plan to the library first: a comparison is kept "
                                    "beside the revision it was made against."),
                                 10000);
        return false;
    }
    const ActualsResult& r = m_actuals->result();
    ActualsRecord rec;
    rec.scenario_id = m_library.scenarioId();
    rec.revision_id = m_library.baseRevision();
    rec.as_of = r.as_of;
    rec.files = actualsInputsJson(m_actuals->bills(), m_actuals->logs());
    rec.actual_to_date = r.actual_to_date;
    rec.planned_to_date = r.planned_to_date;
    rec.reforecast_p50 = r.reforecast.cost_p50;
    rec.reforecast_p90 = r.reforecast.cost_p90;
    rec.flags = int(r.flags.size());
    rec.json = actualsJson(m_doc.scenario(), r, m_actuals->bills(), m_actuals->logs());
    const Result<std::int64_t> saved = m_library.store()->saveActuals(rec);
    if (!saved.ok()) {
        warnPlain(this, tr("Keep in library"), QString::fromStdString(saved.error));
        return false;
    }
    refreshKeptActuals();
    const auto kept = m_library.store()->listActuals(rec.scenario_id);
    statusBar()->showMessage(tr("Comparison kept in the library (%n kept for this plan).", nullptr,
                                int(kept.value.size())),
                             10000);
    return true;
}

void MainWindow::refreshKeptActuals()
{
    std::vector<KeptComparison> rows;
    if (m_library.scenarioId() > 0)
        for (const ActualsRecord& r : m_library.store()->listActuals(m_library.scenarioId()).value)
            rows.push_back({r.taken_at, r.as_of, r.actual_to_date, r.planned_to_date,
                            r.reforecast_p50, r.flags, QString::fromStdString(r.files)});
    m_actuals->setKept(rows);
}

void MainWindow::showActualsTab(bool actuals)
{
    m_planTabs->setCurrentWidget(actuals ? static_cast<QWidget*>(m_actuals) : m_view);
}

void MainWindow::retranslate()
{
    m_planTabs->setTabText(0, tr("&Estimate"));
    m_planTabs->setTabText(1, tr("&Actuals"));
    m_planTabs->setTabToolTip(1, tr("The plan against its bills and training logs: spend, "
                                    "progress, anomaly flags and a re-forecast"));
    m_fileMenu->setTitle(tr("&File"));
    m_newAct->setText(tr("&New"));
    m_newAct->setStatusTip(tr("Start a new plan with one pre-training phase at default values"));
    m_openAct->setText(tr("&Open…"));
    m_openAct->setStatusTip(tr("Open a .costlab.json scenario"));
    m_importAct->setText(tr("&Import Model Config…"));
    m_importAct->setStatusTip(tr("Read a Hugging Face config.json, a Megatron-LM launch script or "
                                 "a veRL config into the plan (or drop the file on the window)"));
    m_exportConfigAct->setText(tr("Export &Launch Settings…"));
    m_exportConfigAct->setStatusTip(tr("Write a phase as Megatron-LM arguments or a veRL config, "
                                       "with Costlab's predicted step time, memory and cost"));
    m_recentMenu->setTitle(tr("Open &Recent"));
    m_examplesMenu->setTitle(tr("&Examples"));
    m_saveAct->setText(tr("&Save"));
    m_saveAsAct->setText(tr("Save &As…"));
    m_saveLibraryAct->setText(tr("Save to &Library"));
    m_saveLibraryAct->setStatusTip(
        tr("Store the plan in the library (a new revision when it is already there)"));
    m_libraryMenu->setTitle(tr("&Library"));
    m_connectTeamAct->setText(tr("Connect to &Team Library…"));
    m_connectTeamAct->setStatusTip(tr("Share plans, catalogs and actuals with your team on a "
                                      "PostgreSQL server (docs/library.md)"));
    m_localLibraryAct->setText(tr("Use Local Librar&y"));
    m_localLibraryAct->setStatusTip(tr("Go back to the library file on this computer"));
    m_planMenu->setTitle(tr("&Plan"));
    m_libraryDock->setWindowTitle(tr("Library"));
    m_libraryDock->toggleViewAction()->setText(tr("&Library"));
    m_leversDock->setWindowTitle(tr("Levers"));
    m_leversDock->toggleViewAction()->setText(tr("Le&vers"));
    m_leversDock->toggleViewAction()->setToolTip(
        tr("Savings levers of the article's checklist, priced on this plan"));
    m_toolsMenu->setTitle(tr("&Tools"));
    m_optimiseAct->setText(tr("&Optimise plan…"));
    m_optimiseAct->setStatusTip(tr("Search the cheapest layout, GPU count and pool for one "
                                   "phase under risk, deadline and budget limits"));
    m_compareAct->setText(tr("&Compare scenarios…"));
    m_compareAct->setStatusTip(
        tr("Compare the current plan with the plans selected in the library, "
           "library plans or scenario files"));
    m_exportReportAct->setText(tr("Export &Report…"));
    m_exportReportAct->setStatusTip(tr("Write the budget report as a PDF (cover, summary, cost "
                                       "table, charts, risks, assumptions, methods)"));
    m_exportLineItemsAct->setText(tr("Export Line &Items…"));
    m_exportLineItemsAct->setStatusTip(tr("Write the forecast as FinOps (FOCUS-style) line items: "
                                          "one CSV row per phase, category and month"));
    m_printAct->setText(tr("&Print Report…"));
    m_printAct->setStatusTip(tr("Preview the budget report page by page and print it"));
    m_quitAct->setText(tr("&Quit"));
    m_editMenu->setTitle(tr("&Edit"));
    m_filterAct->setText(tr("&Find parameter…"));
    m_viewMenu->setTitle(tr("&View"));
    m_dock->setWindowTitle(tr("Parameters"));
    m_dock->toggleViewAction()->setText(tr("&Parameters"));
    m_languageMenu->setTitle(tr("&Language"));
    m_helpMenu->setTitle(tr("&Help"));
    m_workshopsAct->setText(tr("&Workshops…"));
    m_workshopsAct->setStatusTip(
        tr("Run a lesson: predict, then see what the engine computes (presenter view)"));
    m_openLessonAct->setText(tr("Open &Lesson…"));
    m_openLessonAct->setStatusTip(tr("Run a workshop lesson from a .costlab-lesson.json file"));
    m_newLessonStepAct->setText(tr("New Lesson &Step from Plan…"));
    m_newLessonStepAct->setStatusTip(
        tr("Write a workshop step on the plan as it is now; the parameters the filter shows "
           "become the step's controls"));
    m_glossaryAct->setText(tr("&Glossary"));
    m_glossaryAct->setStatusTip(tr("The field's terms: MFU, GPU-hour, TP/PP/DP, ZeRO, KV cache, "
                                   "rollout, GRPO, MTBF, Young/Daly, P50/P90"));
    m_fullScreenAct->setText(tr("&Full Screen"));
    m_aboutAct->setText(tr("&About Costlab"));
    m_aboutQtAct->setText(tr("About &Qt"));
    // Undo/redo texts ("Undo Change Tokens") come from QUndoStack, translated by qtbase.
    rebuildExamplesMenu();
    updateTitle();
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Costlab").arg(m_doc.displayName()));
    setWindowModified(m_doc.isModified());
    setWindowFilePath(m_doc.filePath());
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = settings::recentFiles.get();
    for (const QString& f : files) {
        QAction* a = m_recentMenu->addAction(QFileInfo(f).fileName());
        a->setToolTip(f);
        a->setStatusTip(f);
        connect(a, &QAction::triggered, this, [this, f] {
            if (maybeSave())
                openFile(f);
        });
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No recent files"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        connect(m_recentMenu->addAction(tr("&Clear list")), &QAction::triggered, this,
                [] { settings::recentFiles.set({}); });
    }
}

void MainWindow::rebuildExamplesMenu()
{
    if (!m_examplesMenu)
        return;
    m_examplesMenu->clear();
    for (const QString& f : exampleFiles()) {
        const LoadResult r = loadScenarioFile(QFile::encodeName(f).toStdString());
        const QString name = r.scenario ? displayText(r.scenario->name) : QFileInfo(f).fileName();
        QAction* a = m_examplesMenu->addAction(name);
        a->setStatusTip(f);
        connect(a, &QAction::triggered, this, [this, f] {
            if (maybeSave())
                openFile(f);
        });
    }
    if (m_examplesMenu->isEmpty()) {
        m_examplesMenu->addAction(tr("No examples found"))->setEnabled(false);
        return;
    }
    m_examplesMenu->addSeparator();
    QAction* routes = m_examplesMenu->addAction(tr("Route A vs Route B (comparison)"));
    connect(routes, &QAction::triggered, this, [this] { openRouteComparison(); });
}

CompareDialog* MainWindow::openRouteComparison()
{
    return CompareDialog::openRouteAB(this, dataDir() + QStringLiteral("/examples"),
                                      compareSources());
}

void MainWindow::addRecentFile(const QString& path)
{
    // Examples are reachable from their own menu; keep them out of the recent list.
    QStringList files = settings::recentFiles.get();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > settings::kMaxRecent)
        files.removeLast();
    settings::recentFiles.set(files);
}

bool MainWindow::openFile(const QString& path, bool showErrors)
{
    QStringList errors;
    if (!m_doc.load(path, &errors)) {
        if (showErrors) {
            QMessageBox box(QMessageBox::Warning, tr("Cannot open scenario"),
                            tr("%1 was not opened; the current plan is unchanged.")
                                .arg(QFileInfo(path).fileName()),
                            QMessageBox::Ok, this);
            box.setTextFormat(Qt::PlainText); // file names and messages quoting the file are text
            const int shown = 12;
            QStringList head = errors.mid(0, shown);
            QString info = QStringLiteral("• ") + head.join(QStringLiteral("\n• "));
            if (errors.size() > shown)
                info += QLatin1Char('\n') +
                        tr("… and %n more (see details)", nullptr, int(errors.size() - shown));
            box.setInformativeText(info);
            if (errors.size() > shown)
                box.setDetailedText(errors.join(QLatin1Char('\n')));
            box.exec();
        }
        return false;
    }
    settings::lastFile.set(m_doc.filePath());
    if (!exampleFiles().contains(path))
        addRecentFile(m_doc.filePath());
    statusBar()->showMessage(tr("Opened %1").arg(m_doc.filePath()), 5000);
    // A plan the library already holds stays that library plan (issue 49: saving it made a
    // second row). After "Opened": its message, if any, must not be replaced by that one.
    m_library.fileOpened();
    return true;
}

void MainWindow::openInitialDocument(const QString& requested)
{
    if (!requested.isEmpty() && openFile(requested))
        return;
    const QString last = settings::lastFile.get();
    if (requested.isEmpty() && !last.isEmpty() && QFileInfo::exists(last) && openFile(last, false))
        return;
    const QString example = defaultExampleFile();
    if (!example.isEmpty() && openFile(example, false))
        return;
    // No data files at all: still never an empty window.
    newDocument();
}

void MainWindow::newDocument()
{
    if (!maybeSave())
        return;
    Scenario s = defaultScenario(std::array{PhaseKind::Pretrain});
    s.name = tr("Untitled plan").toStdString();
    m_doc.reset(s);
    m_library.detach();
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString dir = m_doc.filePath().isEmpty() ? dataDir() + QStringLiteral("/examples")
                                                   : QFileInfo(m_doc.filePath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open scenario"), dir, tr("Costlab scenarios (*.costlab.json *.json)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::importDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import model config"), settings::lastImportDir.get(),
        tr("Model configs and launch scripts (*.json *.sh *.txt *.yaml *.yml);;Hugging Face "
           "model configs (*.json);;Megatron-LM and veRL launch scripts (*.sh *.txt);;veRL "
           "configs (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    settings::lastImportDir.set(QFileInfo(path).absolutePath());
    if (ImportDialog::run(this, m_doc, path))
        statusBar()->showMessage(tr("Imported %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::exportConfigDialog()
{
    ExportConfigDialog dlg(m_doc.scenario(), m_view->estimate(), QApplication::applicationVersion(),
                           this);
    dlg.exec();
}

namespace {
QString droppedFile(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 ||
        !mime->urls().front().isLocalFile())
        return {};
    const QString path = mime->urls().front().toLocalFile();
    for (const char* ext : {".json", ".sh", ".yaml", ".yml"})
        if (path.endsWith(QLatin1String(ext), Qt::CaseInsensitive))
            return path;
    return {};
}
} // namespace

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedFile(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

// A dropped .costlab.json opens as a plan; another .json is imported as a model config, a
// .sh as Megatron or veRL launch arguments, a .yaml as a veRL config.
void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = droppedFile(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    if (path.endsWith(QLatin1String(".costlab.json"), Qt::CaseInsensitive)) {
        if (maybeSave())
            openFile(path);
    } else if (ImportDialog::run(this, m_doc, path)) {
        statusBar()->showMessage(tr("Imported %1").arg(QFileInfo(path).fileName()), 5000);
    }
}

bool MainWindow::save()
{
    // A plan opened from the library is saved back there unless it also has a file; Ctrl+S
    // does not ask for a revision message (Save to Library does).
    if (m_doc.filePath().isEmpty() && m_library.scenarioId() != 0)
        return m_library.save(true, QString());
    // Never overwrite a shipped example in place.
    if (m_doc.filePath().isEmpty() || exampleFiles().contains(m_doc.filePath()))
        return saveAs();
    QString error;
    if (!m_doc.save(QString(), &error)) {
        warnPlain(this, tr("Save failed"), error);
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(m_doc.filePath()), 5000);
    return true;
}

bool MainWindow::saveAs()
{
    QString suggested = m_doc.filePath();
    // A plan without a file of its own (new, from the library, an example) is offered under
    // its name (issue 49: it was "plan.costlab.json").
    if (suggested.isEmpty() || exampleFiles().contains(suggested))
        suggested =
            QDir::home().filePath(sanitizedFileName(QString::fromStdString(m_doc.scenario().name)) +
                                  QStringLiteral(".costlab.json"));
    QString path = QFileDialog::getSaveFileName(this, tr("Save scenario as"), suggested,
                                                tr("Costlab scenarios (*.costlab.json)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".costlab.json");
    QString error;
    if (!m_doc.save(path, &error)) {
        warnPlain(this, tr("Save failed"), error);
        return false;
    }
    settings::lastFile.set(m_doc.filePath());
    addRecentFile(m_doc.filePath());
    statusBar()->showMessage(tr("Saved %1").arg(m_doc.filePath()), 5000);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!m_doc.isModified())
        return true;
    const auto answer =
        askPlain(this, tr("Unsaved changes"),
                 tr("The plan “%1” has unsaved changes. Save them first?").arg(m_doc.displayName()),
                 QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::about()
{
    QString catalog =
        QString::fromStdString(m_catalog.name.empty() ? m_catalog.id : m_catalog.name);
    if (!m_catalog.date.empty())
        catalog += QStringLiteral(" (%1)").arg(QString::fromStdString(m_catalog.date));
    QMessageBox::about(this, tr("About Costlab"),
                       tr("<h3>Costlab %1</h3>"
                          "<p>Cost and risk planner for training large language models.</p>"
                          "<p>Qt %2 · QCustomPlot %3<br>Price catalog: %4</p>")
                           .arg(QStringLiteral(COSTLAB_VERSION), QString::fromLatin1(qVersion()),
                                QStringLiteral(QCUSTOMPLOT_VERSION_STR), catalog.toHtmlEscaped()));
}

void MainWindow::switchLanguage(const QString& code)
{
    if (setLanguage(code))
        settings::language.set(code);
}

void MainWindow::settleForGrab()
{
    m_view->waitForSweep();
    m_actuals->waitForDone();
    if (m_levers->isVisible())
        m_levers->waitForDone();
    // Charts coalesce setters into queued replots; run them, then paint synchronously.
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    for (ChartBase* c : m_view->charts())
        c->replot(QCustomPlot::rpImmediateRefresh);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    settings::geometry.set(saveGeometry());
    settings::windowState.set(saveState());
    if (!m_doc.filePath().isEmpty())
        settings::lastFile.set(m_doc.filePath());
    // Saved or deliberately discarded: nothing left to recover next time.
    m_library.clearAutosaveOnQuit();
    event->accept();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        for (QAction* a : m_languageGroup->actions())
            a->setChecked(a->data().toString() == currentLanguage());
    }
    QMainWindow::changeEvent(event);
}

} // namespace costlab
