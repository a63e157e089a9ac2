// costlab: the desktop editor. Command line:
//   costlab [FILE]                       open FILE (else the last file / default example)
//   costlab --screenshot OUT.png [--scenario FILE] [--lang zh_CN] [--size 1600x1000]
//           [--show-library] [--filter TEXT]
//   costlab --db PATH ...                use the library at PATH (else $COSTLAB_DB, else
//                                        <AppData>/library.costlab.db; a temporary one
//                                        for --screenshot)
//   costlab --version
#include "actualsview.h"
#include "catalogio.h"
#include "comparedialog.h"
#include "compareview.h"
#include "datapaths.h"
#include "estimateview.h"
#include "languages.h"
#include "lessonview.h"
#include "librarydock.h"
#include "librarymodel.h"
#include "mainwindow.h"
#include "parameterpanel.h"
#include "paramtext.h"
#include "settings.h"
#include "store.h"
#include "vectorstate.h"

#include <QAction>
#include <QApplication>
#include <QByteArray>
#include <QCommandLineParser>
#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFont>
#include <QFontDatabase>
#include <QIcon>
#include <QLocale>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextStream>

#include <cstdio>
#include <string>
#include <vector>

#include <qcustomplot.h>

using namespace costlab;

namespace {

/// Loads the catalog named by the data directory; an empty catalog plus messages on failure
/// (the window still opens and says so in the status bar).
Catalog loadCatalog(QStringList& problems)
{
    const QString path = catalogPath();
    if (path.isEmpty()) {
        problems << QCoreApplication::translate("main", "no catalog found (looked in %1)")
                        .arg(dataDir().isEmpty() ? QStringLiteral("$COSTLAB_DATA_DIR") : dataDir());
        return {};
    }
    std::vector<Message> errors;
    auto cat = loadCatalogFile(QFile::encodeName(path).toStdString(), errors);
    for (const Message& e : errors)
        problems << translatedMessage(e);
    return cat ? *cat : Catalog{};
}

/// Makes sure Chinese text has a font even where the default family has no CJK glyphs
/// (the offscreen platform does not always consult fontconfig's fallback chain).
void ensureCjkFallback()
{
    const QStringList cjk{QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans SC"),
                          QStringLiteral("WenQuanYi Micro Hei"),
                          QStringLiteral("Source Han Sans SC")};
    const QStringList families = QFontDatabase::families();
    QStringList present;
    for (const QString& f : cjk)
        if (families.contains(f))
            present << f;
    if (present.isEmpty())
        return;
    const QString base = QApplication::font().family();
    QFont::insertSubstitutions(base, present);
    for (const QString& generic : {QStringLiteral("Sans Serif"), QStringLiteral("DejaVu Sans")})
        QFont::insertSubstitutions(generic, present);
}

bool parseSize(const QString& text, QSize& out)
{
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    if (parts.size() != 2)
        return false;
    bool okW = false, okH = false;
    const int w = parts[0].toInt(&okW), h = parts[1].toInt(&okH);
    if (!okW || !okH || w < 320 || h < 240 || w > 10000 || h > 10000)
        return false;
    out = QSize(w, h);
    return true;
}

/// Version, the libraries it runs on and the price catalog it will read (needs a
/// QCoreApplication for the data paths, no display).
void printVersion()
{
    std::string catalogDate = "not found";
    std::vector<std::string> errors;
    if (const QString path = catalogPath(); !path.isEmpty())
        if (auto cat = loadCatalogFile(path.toStdString(), errors))
            catalogDate = (cat->name.empty() ? cat->id : cat->name) + ", " + cat->date + " (" +
                          path.toStdString() + ")";
    std::printf("costlab %s\nQt %s, QCustomPlot %s\nPrice catalog: %s\n", COSTLAB_VERSION,
                qVersion(), QCUSTOMPLOT_VERSION_STR, catalogDate.c_str());
}

/// --lang, else the remembered language, else the system's the first time (Chinese systems
/// get the Chinese UI).
QString chooseLanguage(const QString& requested)
{
    if (!requested.isEmpty())
        return requested;
    if (QString saved = settings::language.get(); !saved.isEmpty())
        return saved;
    const QStringList ui = QLocale().uiLanguages();
    return (!ui.isEmpty() && ui.first().startsWith(QLatin1String("zh"))) ? QStringLiteral("zh_CN")
                                                                         : QStringLiteral("en");
}

/// The library: --db, else $COSTLAB_DB (tests, scripts), else the team library the user
/// connected to last (Library → Connect to Team Library…), else the user's library file. A
/// screenshot (`screenshotDir` set) never touches the user's library: it gets a fresh one
/// seeded with examples.
QString libraryLocation(const QString& requested, const QTemporaryDir* screenshotDir)
{
    if (!requested.isEmpty())
        return requested;
    if (QString env = qEnvironmentVariable("COSTLAB_DB"); !env.isEmpty())
        return env;
    if (screenshotDir)
        return screenshotDir->filePath(QStringLiteral("library.costlab.db"));
    if (const QString team = settings::teamLibrary.get(); !team.isEmpty())
        return team;
    return settings::localLibraryPath();
}

/// libraryLocation(), with a library file's folder created on first use (a team library's
/// connection string is no folder: issue 48 review, it made ./postgresql:/… at every start).
QString libraryPath(const QString& requested, const QTemporaryDir* screenshotDir)
{
    const QString path = libraryLocation(requested, screenshotDir);
    if (!isServerLibrary(path.toStdString()))
        QDir().mkpath(QFileInfo(path).absolutePath());
    return path;
}

/// Renders the window at `size` to `out`; the process exit code (1 when it can't be written).
/// --dialog NAME with --screenshot: the dialogs a planner or a teacher opens from the window
/// (issue 49 asks for each at 1280×720, 1920×1080 and 2× scale), opened as the menus open
/// them, at the size they choose on this screen, and grabbed alone. "" when NAME is unknown.
QDialog* openDialogForShot(MainWindow& window, const QString& name)
{
    auto newest = [&window](const QString& objectName) -> QDialog* {
        QCoreApplication::processEvents();
        const auto found = window.findChildren<QDialog*>(objectName);
        return found.isEmpty() ? nullptr : found.back();
    };
    LibraryDock* dock = window.libraryDock();
    if (name == QLatin1String("catalogs")) {
        dock->showCatalogEditor();
        return newest(QStringLiteral("catalogEditor"));
    }
    if (name == QLatin1String("tags")) {
        if (dock->model()->rowCount() == 0 || !dock->selectScenario(dock->model()->scenarioId(0)))
            return nullptr;
        dock->tagsAction()->trigger();
        return newest(QStringLiteral("tagsDialog"));
    }
    if (name == QLatin1String("compare")) {
        window.compareScenarios();
        return newest(QStringLiteral("compareDialog"));
    }
    if (name == QLatin1String("value")) {
        // Route A vs Route B with the Value tab in front, its analysis done (issue 46).
        CompareDialog* d = window.openRouteComparison();
        if (!d)
            return nullptr;
        d->resize(window.size());
        d->view()->showValueTab();
        d->view()->waitForValue();
        return d;
    }
    return nullptr;
}

int saveScreenshot(MainWindow& window, QSize size, bool showLibrary, bool showLevers, int rightTab,
                   const QStringList& actuals, const QString& out, const QString& dialog = {})
{
    if (!actuals.isEmpty()) {
        // --actuals FILE: the Actuals tab holding these bills and logs.
        window.showActualsTab(true);
        const QString errors = window.actualsView()->addFilesNow(actuals);
        if (!errors.isEmpty())
            std::fprintf(stderr, "costlab: %s\n", qPrintable(errors));
    }
    if (showLibrary)
        window.raiseLibraryDock();
    if (showLevers)
        window.raiseLeversDock();
    window.estimateView()->rightTabs()->setCurrentIndex(rightTab);
    window.resize(size);
    window.show();
    window.settleForGrab();
    if (!dialog.isEmpty()) {
        QDialog* d = openDialogForShot(window, dialog);
        if (!d) {
            std::fprintf(stderr, "costlab: --dialog expects catalogs, compare, value or tags\n");
            return 2;
        }
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        if (!d->grab().save(out)) {
            std::fprintf(stderr, "costlab: cannot write %s\n", qPrintable(out));
            return 1;
        }
        return 0;
    }
    if (!window.grab().save(out)) {
        std::fprintf(stderr, "costlab: cannot write %s\n", qPrintable(out));
        return 1;
    }
    return 0;
}

/// --lesson FILE [--lesson-step N[:reveal]]: the presenter view at step N, the first option
/// chosen and revealed with ":reveal" (screenshots of a revealed step).
bool startLessonAt(MainWindow& window, const QString& file, const QString& step)
{
    if (!window.startLessonFile(file, false)) {
        std::fprintf(stderr, "costlab: cannot start the lesson %s\n", qPrintable(file));
        return false;
    }
    const QStringList parts = step.split(QLatin1Char(':'));
    LessonView* view = window.lessonView();
    if (const int n = parts.value(0).toInt(); n > 1)
        view->goToStep(n - 1);
    if (parts.value(1) == QLatin1String("reveal")) {
        view->choose(0);
        const LessonQuestion& q = view->lesson().steps[std::size_t(view->stepIndex())].question;
        if (q.kind == QuestionKind::Number)
            view->setNumberPrediction(q.min + (q.max - q.min) / 3);
        view->reveal();
    }
    return true;
}

/// Keeps the window no larger than the screen it opens on (a 1280×720 projector, a laptop
/// at 200 % scale), centred when it had to shrink or lay outside, so the title bar and the
/// close button are always reachable.
void fitToScreen(QWidget& window)
{
    const QScreen* screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return;
    const QRect avail = screen->availableGeometry();
    const QSize fit =
        window.size().boundedTo(QSize(int(avail.width() * 0.96), int(avail.height() * 0.94)));
    if (fit != window.size() || !avail.contains(window.geometry())) {
        window.resize(fit);
        window.move(avail.center() - QPoint(fit.width() / 2, fit.height() / 2));
    }
}

} // namespace

/// The options that only matter with --screenshot: what the grabbed window shows.
struct ShotOptions {
    QCommandLineOption showLibraryOpt{
        QStringLiteral("show-library"),
        QStringLiteral("With --screenshot: show the library dock in front of the parameters.")};
    QCommandLineOption uncertaintyOpt{
        QStringLiteral("show-uncertainty"),
        QStringLiteral("With --screenshot: show the Monte Carlo distribution tab instead of the "
                       "trade-off.")};
    QCommandLineOption sensitivityOpt{
        QStringLiteral("show-sensitivity"),
        QStringLiteral("With --screenshot: show the sensitivity (tornado) tab instead of the "
                       "trade-off.")};
    QCommandLineOption targetOpt{QStringLiteral("show-target"),
                                 QStringLiteral("With --screenshot: show the Target tab.")};
    QCommandLineOption leversOpt{
        QStringLiteral("show-levers"),
        QStringLiteral("With --screenshot: show the levers dock in front of the parameters.")};
    QCommandLineOption actualsOpt{
        QStringLiteral("actuals"),
        QStringLiteral("With --screenshot: add FILE (a bill or training log; repeatable) to the "
                       "Actuals tab and show it."),
        QStringLiteral("FILE")};
    QCommandLineOption dialogOpt{
        QStringLiteral("dialog"),
        QStringLiteral("With --screenshot: grab this dialog instead of the window "
                       "(catalogs, compare, value or tags)."),
        QStringLiteral("NAME")};
    QCommandLineOption filterOpt{QStringLiteral("filter"),
                                 QStringLiteral("With --screenshot: type TEXT in the filter."),
                                 QStringLiteral("TEXT")};
    QCommandLineOption zoomOpt{
        QStringLiteral("lesson-zoom"),
        QStringLiteral("With --screenshot and --lesson: the presenter's type size in percent "
                       "(100–200)."),
        QStringLiteral("PERCENT")};
    QList<QCommandLineOption> all() const
    {
        return {showLibraryOpt, uncertaintyOpt, sensitivityOpt, targetOpt, leversOpt,
                actualsOpt,     dialogOpt,      filterOpt,      zoomOpt};
    }
};

int main(int argc, char* argv[])
{
    // --version and --help must work without a display (CI, packaging checks), and a
    // screenshot needs none either: pick the offscreen platform when nothing else is set.
    bool wantsShot = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--version" || a == "-v") {
            QCoreApplication core(argc, argv);
            printVersion();
            return 0;
        }
        wantsShot = wantsShot || a == "--screenshot" || a.startsWith("--screenshot=");
    }
    if (wantsShot && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Every event handler starts with the upper vector halves clean (issue 50, vectorstate.h).
    clearUpperVectorStateOnEveryEvent(&app);
    QApplication::setOrganizationName(QStringLiteral("Costlab"));
    QApplication::setApplicationName(QStringLiteral("Costlab"));
    QApplication::setApplicationVersion(QStringLiteral(COSTLAB_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/costlab.svg")));
    // Wayland matches the window to its menu entry and icon through the desktop file id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.costlab.Costlab"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Cost and risk planner for training large language models"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption shotOpt(QStringLiteral("screenshot"),
                                     QStringLiteral("Render the main window to FILE and exit."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption scenarioOpt(
        QStringLiteral("scenario"), QStringLiteral("Scenario to open."), QStringLiteral("FILE"));
    const QCommandLineOption langOpt(
        QStringLiteral("lang"), QStringLiteral("UI language (en, zh_CN)."), QStringLiteral("CODE"));
    const QCommandLineOption sizeOpt(QStringLiteral("size"),
                                     QStringLiteral("Window size for --screenshot, WxH."),
                                     QStringLiteral("WxH"), QStringLiteral("1600x1000"));
    const QCommandLineOption dbOpt(QStringLiteral("db"),
                                   QStringLiteral("Scenario library: a file, or a team "
                                                  "library's postgresql:// connection."),
                                   QStringLiteral("LIBRARY"));
    const QCommandLineOption lessonOpt(
        QStringLiteral("lesson"),
        QStringLiteral("Start the workshop lesson in FILE (.costlab-lesson.json) in the "
                       "presenter view."),
        QStringLiteral("FILE"));
    const QCommandLineOption lessonStepOpt(
        QStringLiteral("lesson-step"),
        QStringLiteral("With --lesson: open at step N (1-based); with --screenshot, N:reveal "
                       "chooses the first option and reveals."),
        QStringLiteral("N"));
    const ShotOptions shot;
    parser.addOptions({shotOpt, scenarioOpt, langOpt, sizeOpt, dbOpt, lessonOpt, lessonStepOpt});
    parser.addOptions(shot.all());
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Scenario to open."),
                                 QStringLiteral("[file]"));
    parser.process(app);

    const bool screenshot = parser.isSet(shotOpt);
    QTemporaryDir settingsDir;
    if (screenshot) {
        // Screenshots must not depend on (or change) the user's window layout and last file.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    }
    QSize size(1600, 1000);
    if (!parseSize(parser.value(sizeOpt), size)) {
        std::fprintf(stderr, "costlab: --size expects WxH, e.g. 1600x1000\n");
        return 2;
    }

    ensureCjkFallback();
    const QString lang = chooseLanguage(parser.value(langOpt));
    if (!setLanguage(lang)) {
        std::fprintf(stderr, "costlab: no translation for language '%s' (available: %s)\n",
                     qPrintable(lang), qPrintable(availableLanguages().join(QStringLiteral(", "))));
        if (parser.isSet(langOpt))
            return 2;
        setLanguage(QStringLiteral("en"));
    }

    QStringList catalogProblems;
    Catalog catalog = loadCatalog(catalogProblems);
    MainWindow window(std::move(catalog), catalogProblems);

    const QString dbPath = libraryPath(parser.value(dbOpt), screenshot ? &settingsDir : nullptr);
    window.openLibrary(dbPath, !screenshot);

    QString file = parser.value(scenarioOpt);
    if (file.isEmpty() && !parser.positionalArguments().isEmpty())
        file = parser.positionalArguments().first();

    if (screenshot) {
        if (file.isEmpty())
            file = defaultExampleFile();
        if (!file.isEmpty() && !window.openFile(file, false)) {
            std::fprintf(stderr, "costlab: cannot open %s\n", qPrintable(file));
            return 1;
        }
        if (parser.isSet(lessonOpt) &&
            !startLessonAt(window, parser.value(lessonOpt), parser.value(lessonStepOpt)))
            return 1;
        if (parser.isSet(shot.zoomOpt) && window.lessonView())
            window.lessonView()->setZoom(parser.value(shot.zoomOpt).toInt());
        if (parser.isSet(shot.filterOpt))
            window.parameterPanel()->setFilter(parser.value(shot.filterOpt));
        return saveScreenshot(
            window, size, parser.isSet(shot.showLibraryOpt), parser.isSet(shot.leversOpt),
            parser.isSet(shot.targetOpt)        ? 3
            : parser.isSet(shot.sensitivityOpt) ? 2
            : parser.isSet(shot.uncertaintyOpt) ? 1
                                                : 0,
            parser.values(shot.actualsOpt), parser.value(shotOpt), parser.value(shot.dialogOpt));
    }

    window.openInitialDocument(file);
    window.offerAutosaveRecovery();
    if (parser.isSet(lessonOpt))
        startLessonAt(window, parser.value(lessonOpt), parser.value(lessonStepOpt));
    // The remembered geometry, else the requested size; either way it must fit the screen.
    const bool restored = window.restoreGeometry(settings::geometry.get());
    if (!restored || parser.isSet(sizeOpt))
        window.resize(size);
    fitToScreen(window);
    window.show();
    return app.exec();
}
