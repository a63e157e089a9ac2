#include "lessonstepcontroller.h"

#include "document.h"
#include "lessonjson.h"

#include <QSaveFile>
#include <QUndoStack>

#include <cmath>

namespace costlab {

LessonStepController::LessonStepController(Document* doc, const Catalog* catalog, QObject* parent)
    : QObject(parent), m_doc(doc), m_catalog(catalog)
{
}

bool LessonStepController::start(const Lesson& lesson, ExampleLookup examples, QString* error)
{
    std::string err;
    if (!lessonStepStart(lesson, 0, examples, &err)) {
        if (error)
            *error = QString::fromStdString(err);
        return false;
    }
    if (m_running)
        leave();
    m_lesson = lesson;
    m_examples = std::move(examples);
    m_ledger.clear();
    m_undoStart = m_doc->undoStack()->index();
    m_running = true;
    m_clock.start();
    goToStep(0);
    return true;
}

void LessonStepController::leave()
{
    if (!m_running)
        return;
    m_running = false;
    emit aboutToLeave();
    // Back to the plan as it was: every step start and reveal is one undo step above
    // m_undoStart (redo still holds them).
    if (m_doc->undoStack()->index() >= m_undoStart)
        m_doc->undoStack()->setIndex(m_undoStart);
    emit left();
}

void LessonStepController::goToStep(int index)
{
    if (!m_running || index < 0 || index >= stepCount())
        return;
    std::string err;
    const std::optional<Scenario> start =
        lessonStepStart(m_lesson, std::size_t(index), m_examples, &err);
    m_step = index;
    m_choice = -1;
    m_numberGiven = false;
    m_revealed = false;
    m_skipArmed = false;
    m_controlsLocked = true;
    if (!start) {
        m_answer = QuestionAnswer{};
        m_answer.error = err;
        emit stepShown(index, false);
        return;
    }
    QString planError;
    m_doc->editPlan(*start, tr("Lesson step %1").arg(index + 1), true, &planError);
    m_answer = answerQuestion(step().question, *start, *m_catalog, m_examples);
    if (!planError.isEmpty())
        m_answer.error = planError.toStdString();
    emit stepShown(index, true);
}

void LessonStepController::advance()
{
    if (!m_running)
        return;
    if (!m_revealed) {
        if (hasPrediction() || !m_skipArmed) {
            m_skipArmed = !reveal(); // no prediction: asked for one; the next press reveals
        } else {
            revealWithoutPrediction();
        }
    } else if (m_step + 1 < stepCount())
        goToStep(m_step + 1);
    else
        emit finished();
}

void LessonStepController::previousStep()
{
    if (m_running && m_step > 0)
        goToStep(m_step - 1);
}

void LessonStepController::choose(int index)
{
    if (!m_running || m_revealed || step().question.kind == QuestionKind::Number || index < 0 ||
        index >= int(step().question.options.size()))
        return;
    m_choice = index;
    m_skipArmed = false;
    emit predicted();
}

void LessonStepController::setNumberPrediction(double value)
{
    if (!m_running || m_revealed || !std::isfinite(value))
        return;
    m_number = value;
    m_numberGiven = true;
    m_skipArmed = false;
    emit predicted();
}

bool LessonStepController::hasPrediction() const
{
    if (!m_running)
        return false;
    return step().question.kind == QuestionKind::Number ? m_numberGiven : m_choice >= 0;
}

double LessonStepController::predictionValue() const
{
    return step().question.kind == QuestionKind::Number ? m_number : double(m_choice);
}

bool LessonStepController::reveal()
{
    if (!m_running || m_revealed)
        return m_revealed;
    if (!hasPrediction()) {
        emit needPrediction();
        return false;
    }
    return doReveal(true);
}

bool LessonStepController::revealWithoutPrediction()
{
    if (!m_running || m_revealed)
        return m_revealed;
    return doReveal(hasPrediction());
}

bool LessonStepController::doReveal(bool predicted)
{
    const LessonQuestion& q = step().question;
    m_revealed = true;
    m_predictedAtReveal = predicted;
    m_skipArmed = false;
    LedgerEntry e;
    e.lesson = m_lesson.id;
    e.step_number = m_step + 1;
    e.measure = q.measure;
    e.predicted = predicted;
    e.choice = q.kind == QuestionKind::Number ? -1 : m_choice;
    e.number = m_number;
    e.actual = m_answer.actual;
    e.correct = m_answer.correct;
    e.right = predicted && predictionRight(q, m_answer, predictionValue());
    m_ledger.push_back(e);
    m_controlsLocked = false;
    QString err;
    if (q.kind == QuestionKind::Which && m_answer.correct >= 0) {
        const LessonOption& right = q.options[std::size_t(m_answer.correct)];
        std::optional<Scenario> plan =
            right.scenario.empty() ? std::optional<Scenario>(m_doc->scenario())
                                   : (m_examples ? m_examples(right.scenario) : std::nullopt);
        if (plan && applyChanges(*plan, right.changes).ok())
            m_doc->editPlan(*plan, tr("Lesson: reveal"), !right.scenario.empty(), &err);
    } else {
        m_doc->apply(q.then, tr("Lesson: reveal"), &err);
    }
    emit revealed();
    return true;
}

bool LessonStepController::exportLedger(const std::vector<LedgerEntry>& rows, const QString& path,
                                        QString* error)
{
    QSaveFile f(path);
    const std::string csv = ledgerCsv(rows);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(csv.data(), qint64(csv.size())) != qint64(csv.size()) || !f.commit()) {
        if (error)
            *error = tr("Could not write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

qint64 LessonStepController::elapsedSeconds() const
{
    return m_running && m_clock.isValid() ? m_clock.elapsed() / 1000 : 0;
}

} // namespace costlab
