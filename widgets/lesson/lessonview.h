// The presenter view of a workshop lesson (issue 16): one predict–reveal step at a time,
// driven from the keyboard or a presentation clicker. Each step starts from the lesson's
// deliberate state (Document::editPlan, one undo step), shows only the step's controls —
// locked until the room has given a prediction — asks its question, then reveals the
// engine's answer beside the prediction and unlocks the controls. A ledger keeps every
// prediction and revealed value for the CSV export at the end.
//
// Keys (clickers send Page Down / Page Up): Page Down reveals, then goes on; Page Up goes
// back; 1–4 choose an option; R resets the step; B blanks the screen; T shows or hides the
// timer; Esc leaves the blank screen, then the lesson; Ctrl+= / Ctrl+− / Ctrl+0 zoom. None fires
// while a text or number field has the keyboard focus.
//
// Leaving the lesson undoes everything it did (QUndoStack::setIndex back to where it
// started), so the plan is as it was before, clean state included.
//
// Three parts (issue 43): the chrome (LessonBar: title, counter, timer, buttons), the step
// controller (LessonStepController: step, prediction, reveal, ledger and the plan edits,
// no widgets) and this view, which shows the step — question, options, reveal, controls,
// headline and chart — and routes the keys.
#pragma once

#include "estimatemodel.h"
#include "lesson.h"
#include "lessonstepcontroller.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

class QAbstractButton;
class QButtonGroup;
class QGridLayout;
class QLabel;
class QPushButton;
class QTimer;
class QToolButton;
class QVBoxLayout;

class QScrollArea;

namespace costlab {

struct Catalog;
class ChartBase;
class Document;
class HeadlineStrip;
class LessonBar;
class ParamEditor;
class ValueSpinBox;

class LessonView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinZoom = 100, kMaxZoom = 200, kZoomStep = 10;

    /// `model` is the document's estimate model, shared with the estimate view (one
    /// evaluation per change, the Monte Carlo on its worker); nullptr makes the view its own.
    LessonView(Document* doc, const Catalog* catalog, QWidget* parent = nullptr,
               EstimateModel* model = nullptr);
    EstimateModel* model() const { return m_model; }
    /// The presenter's headline (figures, P50 · P90, risk badges).
    HeadlineStrip* headline() const { return m_headline; }
    ~LessonView() override;

    /// Starts `lesson` at its first step. Refuses (false, `error`) a lesson whose first step
    /// cannot start; the document is then untouched.
    bool start(const Lesson& lesson, ExampleLookup examples, QString* error = nullptr);
    /// Undoes what the lesson did and emits left(). Nothing when no lesson runs.
    void leave();
    bool isRunning() const { return m_ctl->isRunning(); }
    const Lesson& lesson() const { return m_ctl->lesson(); }
    /// The step controller (state and plan edits of the running lesson).
    LessonStepController* controller() const { return m_ctl; }

    int stepIndex() const { return m_ctl->stepIndex(); }
    int stepCount() const { return m_ctl->stepCount(); }
    /// Shows step `index` from its starting state, prediction cleared.
    void goToStep(int index) { m_ctl->goToStep(index); }
    /// Page Down: reveal when a prediction is given; after the reveal, the next step (or
    /// the ledger after the last one).
    void advance() { m_ctl->advance(); }
    void previousStep() { m_ctl->previousStep(); }
    /// The step's starting plan and an open question again (R).
    void resetStep() { m_ctl->resetStep(); }

    /// Chooses option `index` (0-based) of a Ratio or Which question.
    void choose(int index);
    /// Enters a prediction for a Number question, in the measure's unit.
    void setNumberPrediction(double value) { m_ctl->setNumberPrediction(value); }
    bool hasPrediction() const { return m_ctl->hasPrediction(); }
    /// Reveals the engine's answer; false (and a hint) when no prediction is given yet.
    bool reveal() { return m_ctl->reveal(); }
    bool isRevealed() const { return m_ctl->isRevealed(); }
    /// The engine's answer for the current step.
    const QuestionAnswer& answer() const { return m_ctl->answer(); }

    /// The step's controls; disabled until the reveal.
    const std::vector<std::unique_ptr<ParamEditor>>& controls() const { return m_controls; }
    bool controlsLocked() const { return m_ctl->controlsLocked(); }
    /// "You said ×2. Actual: ×3.4." plus the reveal text, as shown.
    QString revealText() const;
    /// The prediction as shown.
    QString predictionText() const;
    /// Every reveal so far with its texts in the current language.
    std::vector<LedgerEntry> ledger() const;
    /// Writes the ledger as CSV (QSaveFile), in the current language. False with `error` on
    /// failure.
    bool exportLedger(const QString& path, QString* error = nullptr) const
    {
        return LessonStepController::exportLedger(ledger(), path, error);
    }
    void showLedger();

    /// 100–200 % (fonts and the chart).
    void setZoom(int percent);
    int zoom() const { return m_zoom; }
    /// High-contrast palette for projectors.
    void setProjectorPalette(bool on);
    bool projectorPalette() const { return m_projector; }
    void setBlanked(bool on);
    bool isBlanked() const;
    /// The red banner of the reversible failure state (the plan does not fit in memory).
    bool failureShown() const;
    /// Whether a key press would go to a text or number field (and must not drive the lesson).
    static bool editingText(const QWidget* focus);

signals:
    /// The lesson was left (the plan is back as it was).
    void left();
    void stepShown(int index);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QWidget* buildTopBar();
    void connectController();
    void onStepShown(int index, bool started);
    void onRevealed();
    QWidget* buildQuestionColumn();
    QWidget* buildStage();
    void buildOptions();
    void buildControls();
    void buildChart();
    void refreshStep();
    void refreshFigures();
    void refreshUncertainty();
    void refreshResult();
    void refreshTimer();
    void retranslate();
    void applyFonts();
    /// The question column's minimum width: 420 px, or what its widest control needs.
    void fitQuestionColumn();
    bool handleKey(int key, Qt::KeyboardModifiers mods);
    bool chinese() const;
    /// A measure's value as shown ("1.23 M GPU-hours", "38.4 %").
    QString measureText(const std::string& measure, double value) const;
    /// A Ratio question's factor as shown ("×2", "×0.5").
    QString factorText(double factor) const;
    QString optionText(int index) const;
    QString optionText(const LessonQuestion& q, int index) const;
    /// The value a "{key}" placeholder of the formula or reveal stands for, or nothing.
    std::optional<std::string> placeholder(std::string_view key) const;
    QString filled(const LessonText& text) const;
    /// Shown number per measure unit for a Number question (shares are entered in percent).
    double numberDisplayFactor() const;

    Document* m_doc;
    const Catalog* m_catalog;
    EstimateModel* m_model;
    LessonStepController* m_ctl;
    int m_zoom = 100;
    qreal m_basePointSize = 0;
    bool m_projector = false;

    LessonBar* m_bar = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_stepTitle = nullptr;
    QLabel* m_question = nullptr;
    QWidget* m_optionsBox = nullptr;
    QVBoxLayout* m_optionsLayout = nullptr;
    QButtonGroup* m_optionGroup = nullptr;
    QWidget* m_numberBox = nullptr;
    ValueSpinBox* m_numberSpin = nullptr;
    QLabel* m_numberUnit = nullptr;
    QPushButton* m_lockIn = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_result = nullptr;
    QLabel* m_revealLabel = nullptr;
    QToolButton* m_formulaButton = nullptr;
    QToolButton* m_glossaryButton = nullptr;
    QLabel* m_formula = nullptr;
    QLabel* m_controlsTitle = nullptr;
    QWidget* m_controlsBox = nullptr;
    QGridLayout* m_controlsGrid = nullptr;
    std::vector<std::unique_ptr<ParamEditor>> m_controls;
    HeadlineStrip* m_headline = nullptr;
    QScrollArea* m_questionScroll = nullptr;
    QWidget* m_chartHolder = nullptr;
    QVBoxLayout* m_chartLayout = nullptr;
    ChartBase* m_chart = nullptr;
    QWidget* m_blank = nullptr;
    QTimer* m_tick = nullptr;
};

} // namespace costlab
