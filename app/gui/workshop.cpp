// MainWindow's workshop mode (issue 16): Help → Workshops…, File → Open Lesson…, and the
// switch between the editor and the lesson's presenter view. While a lesson runs only its
// controls show (PhET's scaffolding: limit the visible controls rather than explain them);
// the docks come back as they were when it is left.
#include "datapaths.h"
#include "estimateview.h"
#include "lessonsdialog.h"
#include "lessonstepdialog.h"
#include "lessonview.h"
#include "librarydock.h"
#include "mainwindow.h"
#include "parameditor.h"
#include "parameterpanel.h"
#include "plaintext.h"
#include "scenario_json.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QStackedWidget>
#include <QStatusBar>

namespace costlab {

namespace {
/// Lessons start from the shipped examples (<data>/examples/NAME.costlab.json).
ExampleLookup shippedExamples()
{
    const QString dir = dataDir() + QStringLiteral("/examples/");
    return [dir](std::string_view name) -> std::optional<Scenario> {
        const QString path = dir + QString::fromUtf8(name.data(), qsizetype(name.size())) +
                             QStringLiteral(".costlab.json");
        return loadScenarioFile(QDir::toNativeSeparators(path).toStdString()).scenario;
    };
}
/// The library's lessons for the Workshops dialog; empty when no library is open.
LessonShelf shelfOf(ScenarioStore* store)
{
    if (!store || !store->isOpen())
        return {};
    LessonShelf shelf;
    shelf.list = [store] {
        std::vector<std::pair<QString, QString>> out;
        for (const LessonRow& r : store->listLessons().value)
            out.emplace_back(QString::fromStdString(r.id), QString::fromStdString(r.title));
        return out;
    };
    shelf.read = [store](const QString& id, QString* error) -> std::optional<QString> {
        const Result<std::string> r = store->lessonJson(id.toStdString());
        if (!r.ok()) {
            if (error)
                *error = QString::fromStdString(r.error);
            return std::nullopt;
        }
        return QString::fromStdString(r.value);
    };
    shelf.save = [store](const QString& json, QString* error) {
        const Result<std::string> r = store->saveLesson(json.toStdString());
        if (!r.ok() && error)
            *error = QString::fromStdString(r.error);
        return r.ok();
    };
    shelf.remove = [store](const QString& id, QString* error) {
        const Status r = store->deleteLesson(id.toStdString());
        if (!r.ok() && error)
            *error = QString::fromStdString(r.error);
        return r.ok();
    };
    return shelf;
}

} // namespace

bool MainWindow::startLesson(const Lesson& lesson, QString* error)
{
    const bool wasRunning = m_lessonView->isRunning();
    if (!wasRunning)
        m_stateBeforeLesson = saveState();
    if (!m_lessonView->start(lesson, shippedExamples(), error))
        return false;
    for (QDockWidget* d : {m_dock, static_cast<QDockWidget*>(m_libraryDock), m_leversDock})
        d->hide();
    m_centre->setCurrentWidget(m_lessonView);
    m_lessonView->setFocus(Qt::OtherFocusReason);
    return true;
}

bool MainWindow::startLessonFile(const QString& path, bool showErrors)
{
    QString problems;
    const std::optional<Lesson> lesson = readLessonFile(path, &problems);
    if (lesson && startLesson(*lesson, &problems))
        return true;
    if (showErrors)
        warnPlain(this, tr("Open lesson"),
                  tr("%1 cannot be run:\n%2").arg(QDir::toNativeSeparators(path), problems));
    return false;
}

void MainWindow::showWorkshops()
{
    LessonsDialog dialog(this, {}, shelfOf(store()));
    if (dialog.exec() != QDialog::Accepted || !dialog.chosen())
        return;
    QString error;
    if (!startLesson(*dialog.chosen(), &error))
        warnPlain(this, tr("Workshops"), tr("The lesson cannot start: %1").arg(error));
}

void MainWindow::openLessonDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open lesson"), dataDir() + QStringLiteral("/lessons"),
        tr("Costlab lessons (*.costlab-lesson.json)"));
    if (!path.isEmpty())
        startLessonFile(path);
}

void MainWindow::newLessonStep()
{
    // The step's controls are the rows the teacher filtered the panel down to; with no
    // filter the step shows none (all of them would not be a lesson).
    QStringList controls;
    if (!m_panel->searchBox()->text().trimmed().isEmpty())
        for (const QString& id : m_panel->ids())
            if (ParamEditor* e = m_panel->editor(id); e && e->isRowVisible())
                controls << id;
    LessonStepDialog dialog(&m_doc, &m_catalog, controls, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // The lesson is kept in the library as well, so Help → Workshops lists it.
    const QString path = dialog.fileEdit()->text().trimmed();
    QFile file(path);
    const LessonShelf shelf = shelfOf(store());
    QString error;
    const bool kept = shelf.available() && file.open(QIODevice::ReadOnly) &&
                      shelf.save(QString::fromUtf8(file.readAll()), &error);
    statusBar()->showMessage(kept ? tr("Step added to %1; the lesson is kept in the library too.")
                                        .arg(QDir::toNativeSeparators(path))
                                  : tr("Step added to %1").arg(QDir::toNativeSeparators(path)),
                             10000);
}

void MainWindow::lessonLeft()
{
    m_centre->setCurrentWidget(m_planTabs);
    if (!m_stateBeforeLesson.isEmpty())
        restoreState(m_stateBeforeLesson);
    m_stateBeforeLesson.clear();
    statusBar()->showMessage(tr("Lesson left; the plan is as it was before."), 8000);
}

} // namespace costlab
