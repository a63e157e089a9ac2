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
    LessonsDialog dialog(this);
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
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(
            tr("Step added to %1").arg(QDir::toNativeSeparators(dialog.fileEdit()->text())), 10000);
}

void MainWindow::lessonLeft()
{
    m_centre->setCurrentWidget(m_view);
    if (!m_stateBeforeLesson.isEmpty())
        restoreState(m_stateBeforeLesson);
    m_stateBeforeLesson.clear();
    statusBar()->showMessage(tr("Lesson left; the plan is as it was before."), 8000);
}

} // namespace costlab
