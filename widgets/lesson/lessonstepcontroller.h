// The step controller of a running lesson (issue 43: cut out of LessonView): which step is
// shown, the room's prediction, the reveal, the ledger, and the plan edits each of those makes
// on the Document (a step start and a reveal are one undo step each; leaving undoes them
// all). No widget: the presenter's chrome and step view show what it holds and call it.
#pragma once

#include "lesson.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <vector>

namespace costlab {

struct Catalog;
class Document;

class LessonStepController : public QObject {
    Q_OBJECT
public:
    LessonStepController(Document* doc, const Catalog* catalog, QObject* parent = nullptr);

    /// Starts `lesson` at its first step. Refuses (false, `error`) a lesson whose first step
    /// cannot start; the document is then untouched.
    bool start(const Lesson& lesson, ExampleLookup examples, QString* error = nullptr);
    /// Undoes what the lesson did and emits left(). Nothing when no lesson runs.
    void leave();
    bool isRunning() const { return m_running; }
    const Lesson& lesson() const { return m_lesson; }
    const LessonStep& step() const { return m_lesson.steps[std::size_t(m_step)]; }
    const ExampleLookup& examples() const { return m_examples; }

    int stepIndex() const { return m_step; }
    int stepCount() const { return int(m_lesson.steps.size()); }
    /// Shows step `index` from its starting state, prediction cleared (emits stepShown).
    void goToStep(int index);
    /// Page Down: reveal when a prediction is given; without one, the first press asks for
    /// it (needPrediction) and a second press reveals with "no prediction" marked, so a
    /// presenter with only a clicker can go on (issue 49); after the reveal, the next step,
    /// or finished() after the last one.
    void advance();
    void previousStep();
    /// The step's starting plan and an open question again.
    void resetStep() { goToStep(m_step); }

    /// Chooses option `index` (0-based) of a Ratio or Which question (emits predicted).
    void choose(int index);
    /// Enters a prediction for a Number question, in the measure's unit (emits predicted).
    void setNumberPrediction(double value);
    bool hasPrediction() const;
    int choice() const { return m_choice; }
    double number() const { return m_number; }
    /// The prediction as the question grades it: the number, or the option index.
    double predictionValue() const;
    /// Reveals the engine's answer, unlocks the controls and adds a ledger row; false when
    /// no prediction is given yet (emits needPrediction) or no lesson runs.
    bool reveal();
    /// Reveals without a prediction (the ledger and the view mark it); false when no lesson
    /// runs.
    bool revealWithoutPrediction();
    bool isRevealed() const { return m_revealed; }
    /// The current step was revealed without a prediction.
    bool revealedWithoutPrediction() const { return m_revealed && !m_predictedAtReveal; }
    bool controlsLocked() const { return m_controlsLocked; }
    /// The engine's answer for the current step.
    const QuestionAnswer& answer() const { return m_answer; }

    /// One row per reveal, as values (LedgerEntry; the texts are the view's).
    const std::vector<LedgerEntry>& ledger() const { return m_ledger; }
    /// Writes `rows` (the ledger with its texts filled in) as CSV (ledgerCsv, QSaveFile).
    /// False with `error` on failure.
    static bool exportLedger(const std::vector<LedgerEntry>& rows, const QString& path,
                             QString* error = nullptr);
    /// Seconds since the lesson started (0 when none runs).
    qint64 elapsedSeconds() const;

signals:
    /// A step was shown (also after a reset); `started` is false when its starting plan
    /// could not be built (answer().error says why).
    void stepShown(int index, bool started);
    /// The room gave or changed its prediction.
    void predicted();
    /// reveal() was asked before a prediction was given.
    void needPrediction();
    /// The answer was revealed (the reveal's changes are applied and recorded).
    void revealed();
    /// advance() after the last step's reveal.
    void finished();
    /// leave() is about to undo the lesson's edits: views drop what refers to the plan.
    void aboutToLeave();
    /// The lesson was left (the plan is back as it was).
    void left();

private:
    bool doReveal(bool predicted);

    Document* m_doc;
    const Catalog* m_catalog;
    Lesson m_lesson;
    ExampleLookup m_examples;
    bool m_running = false;
    int m_step = 0;
    int m_undoStart = 0; ///< undo index when the lesson started
    QuestionAnswer m_answer;
    int m_choice = -1;
    double m_number = 0;
    bool m_numberGiven = false;
    bool m_revealed = false;
    bool m_predictedAtReveal = true;
    bool m_skipArmed = false; ///< advance() asked for a prediction; the next one reveals anyway
    bool m_controlsLocked = true;
    std::vector<LedgerEntry> m_ledger;
    QElapsedTimer m_clock;
};

} // namespace costlab
