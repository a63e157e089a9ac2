#include "lessonview.h"

#include "document.h"
#include "headlinestrip.h"
#include "languages.h"
#include "lessonsdialog.h"
#include "parameditor.h"
#include "plaintext.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTextEdit>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace costlab {

namespace {

QLabel* wrapped(QWidget* parent)
{
    auto* l = plainLabel(new QLabel(parent));
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

LessonView::LessonView(Document* doc, const Catalog* catalog, QWidget* parent, EstimateModel* model)
    : QWidget(parent), m_doc(doc), m_catalog(catalog),
      m_model(model ? model : new EstimateModel(doc, catalog, this)),
      m_clock(std::make_unique<QElapsedTimer>())
{
    setObjectName(QStringLiteral("lessonView"));
    setFocusPolicy(Qt::StrongFocus);
    m_basePointSize = font().pointSizeF();
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 6, 8, 6);
    outer->addWidget(buildTopBar());
    m_banner = plainLabel(new QLabel(this));
    m_banner->setObjectName(QStringLiteral("failureBanner"));
    m_banner->setWordWrap(true);
    m_banner->setStyleSheet(QStringLiteral(
        "QLabel { background: #b00020; color: white; padding: 6px; font-weight: bold; }"));
    m_banner->hide();
    outer->addWidget(m_banner);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(buildQuestionColumn());
    split->addWidget(buildStage());
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 6);
    outer->addWidget(split, 1);

    m_blank = new QWidget(this);
    m_blank->setObjectName(QStringLiteral("blankScreen"));
    m_blank->setAutoFillBackground(true);
    QPalette black = m_blank->palette();
    black.setColor(QPalette::Window, Qt::black);
    m_blank->setPalette(black);
    m_blank->hide();

    m_tick = new QTimer(this);
    m_tick->setInterval(1000);
    connect(m_tick, &QTimer::timeout, this, &LessonView::refreshTimer);
    // The model evaluates once per change; the Monte Carlo follows from its worker (it
    // ran 2,000 runs on the UI thread here on every change, issue 43).
    connect(m_model, &EstimateModel::estimateChanged, this, [this] {
        if (m_running)
            refreshFigures();
    });
    connect(m_model, &EstimateModel::uncertaintyChanged, this, &LessonView::refreshUncertainty);
    retranslate();
    applyFonts();
}

LessonView::~LessonView()
{
    qApp->removeEventFilter(this);
}

QWidget* LessonView::buildTopBar()
{
    auto* bar = new QWidget(this);
    m_topBar = bar;
    auto* h = new QHBoxLayout(bar);
    h->setContentsMargins(0, 0, 0, 0);
    m_lessonTitle = plainLabel(new QLabel(bar));
    QFont bold = m_lessonTitle->font();
    bold.setBold(true);
    m_lessonTitle->setFont(bold);
    h->addWidget(m_lessonTitle, 1);
    m_stepCounter = new QLabel(bar);
    m_stepCounter->setObjectName(QStringLiteral("stepCounter"));
    h->addWidget(m_stepCounter);
    m_timer = new QLabel(bar);
    m_timer->setObjectName(QStringLiteral("lessonTimer"));
    h->addWidget(m_timer);
    m_prev = new QPushButton(bar);
    m_reset = new QPushButton(bar);
    m_next = new QPushButton(bar);
    m_zoomOut = new QToolButton(bar);
    m_zoomIn = new QToolButton(bar);
    m_projectorButton = new QToolButton(bar);
    m_projectorButton->setCheckable(true);
    m_ledgerButton = new QPushButton(bar);
    m_leave = new QPushButton(bar);
    for (QWidget* w : {static_cast<QWidget*>(m_prev), static_cast<QWidget*>(m_reset),
                       static_cast<QWidget*>(m_next), static_cast<QWidget*>(m_zoomOut),
                       static_cast<QWidget*>(m_zoomIn), static_cast<QWidget*>(m_projectorButton),
                       static_cast<QWidget*>(m_ledgerButton), static_cast<QWidget*>(m_leave)}) {
        // Keyboard focus stays off the buttons, so Page Down and R always drive the lesson.
        w->setFocusPolicy(Qt::NoFocus);
        h->addWidget(w);
    }
    connect(m_prev, &QPushButton::clicked, this, &LessonView::previousStep);
    connect(m_reset, &QPushButton::clicked, this, &LessonView::resetStep);
    connect(m_next, &QPushButton::clicked, this, &LessonView::advance);
    connect(m_zoomOut, &QToolButton::clicked, this, [this] { setZoom(m_zoom - kZoomStep); });
    connect(m_zoomIn, &QToolButton::clicked, this, [this] { setZoom(m_zoom + kZoomStep); });
    connect(m_projectorButton, &QToolButton::toggled, this, &LessonView::setProjectorPalette);
    connect(m_ledgerButton, &QPushButton::clicked, this, &LessonView::showLedger);
    connect(m_leave, &QPushButton::clicked, this, &LessonView::leave);
    return bar;
}

QWidget* LessonView::buildQuestionColumn()
{
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Text wraps to the column; only the height scrolls (a long reveal at 200 % zoom).
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(420);
    auto* col = new QWidget(scroll);
    auto* v = new QVBoxLayout(col);
    m_stepTitle = wrapped(col);
    m_stepTitle->setObjectName(QStringLiteral("stepTitle"));
    v->addWidget(m_stepTitle);
    m_question = wrapped(col);
    m_question->setObjectName(QStringLiteral("question"));
    v->addWidget(m_question);
    m_optionsBox = new QWidget(col);
    m_optionsLayout = new QVBoxLayout(m_optionsBox);
    m_optionsLayout->setContentsMargins(12, 0, 0, 0);
    m_optionGroup = new QButtonGroup(this);
    connect(m_optionGroup, &QButtonGroup::idClicked, this, &LessonView::choose);
    v->addWidget(m_optionsBox);
    m_numberBox = new QWidget(col);
    auto* nh = new QHBoxLayout(m_numberBox);
    nh->setContentsMargins(12, 0, 0, 0);
    m_numberSpin = new ValueSpinBox(m_numberBox);
    m_numberSpin->setLogStepping(true);
    m_numberSpin->setKeyboardTracking(false);
    connect(m_numberSpin, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        if (!m_revealed)
            setNumberPrediction(shown / numberDisplayFactor());
    });
    // Enter commits the number and hands the keyboard back to the lesson, so the clicker's
    // Page Down reveals instead of stepping the field.
    connect(m_numberSpin, &QAbstractSpinBox::editingFinished, this,
            [this] { setFocus(Qt::OtherFocusReason); });
    m_numberUnit = new QLabel(m_numberBox);
    nh->addWidget(m_numberSpin);
    nh->addWidget(m_numberUnit, 1);
    v->addWidget(m_numberBox);
    m_lockIn = new QPushButton(col);
    m_lockIn->setObjectName(QStringLiteral("lockIn"));
    m_lockIn->setFocusPolicy(Qt::NoFocus);
    connect(m_lockIn, &QPushButton::clicked, this, &LessonView::reveal);
    v->addWidget(m_lockIn, 0, Qt::AlignLeft);
    m_hint = wrapped(col);
    v->addWidget(m_hint);
    m_result = wrapped(col);
    m_result->setObjectName(QStringLiteral("result"));
    v->addWidget(m_result);
    m_revealLabel = wrapped(col);
    v->addWidget(m_revealLabel);
    m_formulaButton = new QToolButton(col);
    m_formulaButton->setCheckable(true);
    m_formulaButton->setFocusPolicy(Qt::NoFocus);
    m_formula = wrapped(col);
    m_formula->setObjectName(QStringLiteral("formula"));
    m_formula->setStyleSheet(
        QStringLiteral("QLabel { background: #f4f4f0; border: 1px solid #ccc; padding: 6px; }"));
    m_formula->hide();
    connect(m_formulaButton, &QToolButton::toggled, m_formula, &QWidget::setVisible);
    m_glossaryButton = new QToolButton(col);
    m_glossaryButton->setFocusPolicy(Qt::NoFocus);
    connect(m_glossaryButton, &QToolButton::clicked, this, [this] {
        GlossaryDialog glossary(this);
        glossary.exec();
    });
    auto* formulaRow = new QHBoxLayout;
    formulaRow->addWidget(m_formulaButton);
    formulaRow->addWidget(m_glossaryButton);
    formulaRow->addStretch(1);
    v->addLayout(formulaRow);
    v->addWidget(m_formula);
    m_controlsTitle = new QLabel(col);
    v->addWidget(m_controlsTitle);
    m_controlsBox = new QWidget(col);
    m_controlsGrid = new QGridLayout(m_controlsBox);
    m_controlsGrid->setColumnStretch(1, 1);
    // Room for a two-line label ("Activation recompute") beside a full-width combo box.
    m_controlsGrid->setColumnMinimumWidth(0, 150);
    v->addWidget(m_controlsBox);
    v->addStretch(1);
    scroll->setWidget(col);
    return scroll;
}

QWidget* LessonView::buildStage()
{
    auto* stage = new QWidget(this);
    auto* v = new QVBoxLayout(stage);
    v->setContentsMargins(0, 0, 0, 0);
    m_headline = new HeadlineStrip(stage);
    v->addWidget(m_headline);
    m_chartHolder = new QWidget(stage);
    m_chartLayout = new QVBoxLayout(m_chartHolder);
    m_chartLayout->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_chartHolder, 1);
    return stage;
}

bool LessonView::chinese() const
{
    return currentLanguage().startsWith(QLatin1String("zh"));
}

bool LessonView::start(const Lesson& lesson, ExampleLookup examples, QString* error)
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
    qApp->installEventFilter(this);
    m_clock->start();
    m_tick->start();
    goToStep(0);
    return true;
}

void LessonView::leave()
{
    if (!m_running)
        return;
    m_running = false;
    qApp->removeEventFilter(this);
    m_tick->stop();
    setBlanked(false);
    m_controls.clear();
    // Back to the plan as it was: every step start and reveal is one undo step above
    // m_undoStart (redo still holds them).
    if (m_doc->undoStack()->index() >= m_undoStart)
        m_doc->undoStack()->setIndex(m_undoStart);
    emit left();
}

void LessonView::goToStep(int index)
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
    m_controlsLocked = true;
    if (!start) {
        m_answer = QuestionAnswer{};
        m_answer.error = err;
        refreshStep();
        return;
    }
    m_stepStart = *start;
    QString planError;
    m_doc->editPlan(*start, tr("Lesson step %1").arg(index + 1), true, &planError);
    m_answer =
        answerQuestion(m_lesson.steps[std::size_t(index)].question, *start, *m_catalog, m_examples);
    if (!planError.isEmpty())
        m_answer.error = planError.toStdString();
    refreshStep();
    emit stepShown(index);
}

void LessonView::advance()
{
    if (!m_running)
        return;
    if (!m_revealed) {
        reveal();
        return;
    }
    if (m_step + 1 < stepCount())
        goToStep(m_step + 1);
    else
        showLedger();
}

void LessonView::previousStep()
{
    if (m_running && m_step > 0)
        goToStep(m_step - 1);
}

void LessonView::resetStep()
{
    goToStep(m_step);
}

void LessonView::choose(int index)
{
    const LessonStep* step = m_running ? &m_lesson.steps[std::size_t(m_step)] : nullptr;
    if (!step || m_revealed || step->question.kind == QuestionKind::Number || index < 0 ||
        index >= int(step->question.options.size()))
        return;
    m_choice = index;
    if (QAbstractButton* b = m_optionGroup->button(index))
        b->setChecked(true);
    refreshResult();
}

void LessonView::setNumberPrediction(double value)
{
    if (!m_running || m_revealed || !std::isfinite(value))
        return;
    m_number = value;
    m_numberGiven = true;
    refreshResult();
}

bool LessonView::hasPrediction() const
{
    if (!m_running)
        return false;
    return m_lesson.steps[std::size_t(m_step)].question.kind == QuestionKind::Number
               ? m_numberGiven
               : m_choice >= 0;
}

bool LessonView::reveal()
{
    if (!m_running || m_revealed)
        return m_revealed;
    if (!hasPrediction()) {
        m_hint->setText(tr("Give a prediction first: choose an option (keys 1–4) or enter a "
                           "number. The controls unlock after the reveal."));
        return false;
    }
    const LessonQuestion& q = m_lesson.steps[std::size_t(m_step)].question;
    m_revealed = true;
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
    recordLedger();
    buildControls();
    refreshResult();
    refreshFigures();
    return true;
}

bool LessonView::editingText(const QWidget* focus)
{
    if (!focus)
        return false;
    if (qobject_cast<const QLineEdit*>(focus) || qobject_cast<const QAbstractSpinBox*>(focus) ||
        qobject_cast<const QTextEdit*>(focus) || qobject_cast<const QPlainTextEdit*>(focus))
        return true;
    if (const auto* combo = qobject_cast<const QComboBox*>(focus))
        return combo->isEditable();
    // A spin box's line edit has the focus proxy's parent as the spin box.
    return focus->parentWidget() && qobject_cast<const QAbstractSpinBox*>(focus->parentWidget());
}

bool LessonView::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress && m_running && isVisible()) {
        auto* w = qobject_cast<QWidget*>(watched);
        // Only keys aimed at this window, and never while a field is being typed into.
        if (w && w->window() == window() && !editingText(QApplication::focusWidget())) {
            const auto* key = static_cast<QKeyEvent*>(event);
            if (handleKey(key->key(), key->modifiers()))
                return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool LessonView::handleKey(int key, Qt::KeyboardModifiers mods)
{
    const bool plain = !(mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
    if (mods & Qt::ControlModifier) {
        if (key == Qt::Key_Plus || key == Qt::Key_Equal)
            setZoom(m_zoom + kZoomStep);
        else if (key == Qt::Key_Minus)
            setZoom(m_zoom - kZoomStep);
        else if (key == Qt::Key_0)
            setZoom(100);
        else
            return false;
        return true;
    }
    if (!plain)
        return false;
    if (isBlanked() && (key == Qt::Key_B || key == Qt::Key_Escape || key == Qt::Key_Period)) {
        setBlanked(false);
        return true;
    }
    switch (key) {
    case Qt::Key_PageDown:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        advance();
        return true;
    case Qt::Key_PageUp:
        previousStep();
        return true;
    case Qt::Key_R:
        resetStep();
        return true;
    case Qt::Key_B:
    case Qt::Key_Period: // clickers' "blank screen" key
        setBlanked(true);
        return true;
    case Qt::Key_Escape:
        leave();
        return true;
    case Qt::Key_T: // the timer is optional: some rooms find a running clock distracting
        m_timer->setVisible(!m_timer->isVisible());
        return true;
    case Qt::Key_1:
    case Qt::Key_2:
    case Qt::Key_3:
    case Qt::Key_4:
        choose(key - Qt::Key_1);
        return true;
    default:
        return false;
    }
}

void LessonView::setBlanked(bool on)
{
    m_blank->setGeometry(rect());
    m_blank->setVisible(on);
    if (on)
        m_blank->raise();
}

bool LessonView::isBlanked() const
{
    return m_blank->isVisible();
}

void LessonView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_blank->setGeometry(rect());
}

void LessonView::setZoom(int percent)
{
    m_zoom = std::clamp(percent, kMinZoom, kMaxZoom);
    applyFonts();
}

void LessonView::applyFonts()
{
    QFont f = font();
    f.setPointSizeF(m_basePointSize * m_zoom / 100.0);
    setFont(f);
    // The presenter's own bar keeps its size: the zoom is for the room, and a bar at 200 %
    // would not fit a 1280-pixel projector.
    QFont bar = f;
    bar.setPointSizeF(m_basePointSize);
    m_topBar->setFont(bar);
    QFont barTitle = bar;
    barTitle.setBold(true);
    m_lessonTitle->setFont(barTitle);
    QFont title = f;
    title.setPointSizeF(f.pointSizeF() * 1.5);
    title.setBold(true);
    m_stepTitle->setFont(title);
    QFont question = f;
    question.setPointSizeF(f.pointSizeF() * 1.2);
    m_question->setFont(question);
    QFont result = f;
    result.setBold(true);
    m_result->setFont(result);
    // Charts take their fonts when built (ChartBase): rebuild at the new size.
    if (m_running)
        buildChart();
}

void LessonView::setProjectorPalette(bool on)
{
    m_projector = on;
    if (m_projectorButton->isChecked() != on)
        m_projectorButton->setChecked(on);
    QPalette p = QApplication::palette();
    if (on) {
        // Black on white with a dark highlight: readable from the back of a lit room.
        p.setColor(QPalette::Window, Qt::white);
        p.setColor(QPalette::WindowText, Qt::black);
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::Text, Qt::black);
        p.setColor(QPalette::Button, QColor(0xee, 0xee, 0xee));
        p.setColor(QPalette::ButtonText, Qt::black);
        p.setColor(QPalette::Highlight, QColor(0x00, 0x33, 0x99));
        p.setColor(QPalette::HighlightedText, Qt::white);
    }
    setPalette(p);
    setAutoFillBackground(on);
}

bool LessonView::failureShown() const
{
    return m_banner->isVisible();
}

void LessonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (m_running)
            refreshStep();
    }
    QWidget::changeEvent(event);
}

void LessonView::retranslate()
{
    m_prev->setText(tr("◀ Previous"));
    m_prev->setToolTip(tr("Previous step (Page Up)"));
    m_reset->setText(tr("Reset step"));
    m_reset->setToolTip(tr("Back to the step's starting plan and an open question (R)"));
    m_next->setToolTip(tr("Reveal, then the next step (Page Down)"));
    m_zoomOut->setText(tr("A−"));
    m_zoomOut->setToolTip(tr("Smaller type (Ctrl+−)"));
    m_zoomIn->setText(tr("A+"));
    m_zoomIn->setToolTip(tr("Larger type, 100–200 % (Ctrl+=)"));
    m_projectorButton->setText(tr("Projector colours"));
    m_projectorButton->setToolTip(tr("High-contrast black on white for projectors"));
    m_ledgerButton->setText(tr("Ledger…"));
    m_ledgerButton->setToolTip(tr("Every prediction and revealed value so far; export as CSV"));
    m_leave->setText(tr("Leave lesson"));
    m_leave->setToolTip(tr("Leave the lesson and put the plan back as it was (Esc)"));
    m_formulaButton->setText(tr("Show the formula"));
    m_glossaryButton->setText(tr("Glossary…"));
    m_glossaryButton->setToolTip(tr("The field's terms in plain words (F1)"));
    m_controlsTitle->setText(tr("Controls"));
}

} // namespace costlab
