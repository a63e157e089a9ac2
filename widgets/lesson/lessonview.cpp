#include "lessonview.h"

#include "document.h"
#include "headlinestrip.h"
#include "languages.h"
#include "lessonbar.h"
#include "lessonsdialog.h"
#include "parameditor.h"
#include "plaintext.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
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
    // The column decides the width, the text wraps into it: a wrapped label's own width hint
    // (wide for Chinese, which has no spaces to break at) made the column wider than its
    // scroll area at 200 % type, and the text was cut at the right edge (issue 49).
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    l->setSizePolicy(policy);
    return l;
}

} // namespace

LessonView::LessonView(Document* doc, const Catalog* catalog, QWidget* parent, EstimateModel* model)
    : QWidget(parent), m_doc(doc), m_catalog(catalog),
      m_model(model ? model : new EstimateModel(doc, catalog, this)),
      m_ctl(new LessonStepController(doc, catalog, this))
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
        if (m_ctl->isRunning())
            refreshFigures();
    });
    connect(m_model, &EstimateModel::uncertaintyChanged, this, &LessonView::refreshUncertainty);
    connectController();
    retranslate();
    applyFonts();
}

void LessonView::connectController()
{
    connect(m_ctl, &LessonStepController::stepShown, this, &LessonView::onStepShown);
    connect(m_ctl, &LessonStepController::predicted, this, [this] {
        if (QAbstractButton* b = m_optionGroup->button(m_ctl->choice()))
            b->setChecked(true);
        refreshResult();
    });
    connect(m_ctl, &LessonStepController::needPrediction, this, [this] {
        m_hint->setText(tr("Give a prediction first: choose an option (keys 1–4) or enter a "
                           "number. Page Down again reveals without one. The controls unlock "
                           "after the reveal."));
    });
    connect(m_ctl, &LessonStepController::revealed, this, &LessonView::onRevealed);
    connect(m_ctl, &LessonStepController::finished, this, &LessonView::showLedger);
    // The editors refer to the lesson's plan: gone before the plan is put back.
    connect(m_ctl, &LessonStepController::aboutToLeave, this, [this] {
        qApp->removeEventFilter(this);
        m_tick->stop();
        setBlanked(false);
        m_controls.clear();
    });
    connect(m_ctl, &LessonStepController::left, this, &LessonView::left);
}

void LessonView::onStepShown(int index, bool started)
{
    refreshStep();
    if (started)
        emit stepShown(index);
}

void LessonView::onRevealed()
{
    buildControls();
    refreshResult();
    refreshFigures();
}

LessonView::~LessonView()
{
    qApp->removeEventFilter(this);
}

QWidget* LessonView::buildTopBar()
{
    m_bar = new LessonBar(this);
    connect(m_bar, &LessonBar::previousClicked, this, &LessonView::previousStep);
    connect(m_bar, &LessonBar::resetClicked, this, &LessonView::resetStep);
    connect(m_bar, &LessonBar::nextClicked, this, &LessonView::advance);
    connect(m_bar, &LessonBar::zoomOutClicked, this, [this] { setZoom(m_zoom - kZoomStep); });
    connect(m_bar, &LessonBar::zoomInClicked, this, [this] { setZoom(m_zoom + kZoomStep); });
    connect(m_bar, &LessonBar::projectorToggled, this, &LessonView::setProjectorPalette);
    connect(m_bar, &LessonBar::ledgerClicked, this, &LessonView::showLedger);
    connect(m_bar, &LessonBar::leaveClicked, this, &LessonView::leave);
    return m_bar;
}

QWidget* LessonView::buildQuestionColumn()
{
    auto* scroll = new QScrollArea(this);
    m_questionScroll = scroll;
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
        if (!m_ctl->isRevealed())
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
    // Room for a two-line label ("Activation recompute") beside a full-width combo box, and
    // still a row that fits the 420 px column at 200 % type (issue 49).
    m_controlsGrid->setColumnMinimumWidth(0, 100);
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
    if (!m_ctl->start(lesson, std::move(examples), error))
        return false;
    qApp->installEventFilter(this);
    m_tick->start();
    refreshTimer();
    return true;
}

void LessonView::leave()
{
    m_ctl->leave();
}

void LessonView::choose(int index)
{
    m_ctl->choose(index);
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
    if (event->type() == QEvent::KeyPress && m_ctl->isRunning() && isVisible()) {
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
        m_bar->toggleTimer();
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
    m_bar->setBaseFont(bar);
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
    // The headline grows half as fast as the text (150 % at 200 %): every figure, caption
    // and badge with it (issue 49), and the step's chart keeps the height to be read.
    QFont headline = f;
    headline.setPointSizeF(m_basePointSize * (1.0 + (m_zoom - 100) / 200.0));
    m_headline->setFont(headline);
    fitQuestionColumn();
    // Charts take their fonts when built (ChartBase): rebuild at the new size.
    if (m_ctl->isRunning())
        buildChart();
}

void LessonView::fitQuestionColumn()
{
    // At least 420 px; wider when a control or the reveal button at this type size needs it,
    // so the column never cuts what it holds (its text wraps; issue 49).
    if (!m_questionScroll || !m_questionScroll->widget())
        return;
    QWidget* col = m_questionScroll->widget();
    if (col->layout())
        col->layout()->activate(); // the minimum of the new type size, not the last one's
    // The layout sets the column's minimum size (SetDefaultConstraint): that is what the
    // scroll area will not shrink it below.
    const int needed = std::max(col->minimumSizeHint().width(), col->minimumWidth()) +
                       m_questionScroll->verticalScrollBar()->sizeHint().width() +
                       2 * m_questionScroll->frameWidth();
    m_questionScroll->setMinimumWidth(std::max(420, needed));
}

void LessonView::setProjectorPalette(bool on)
{
    m_projector = on;
    m_bar->setProjectorChecked(on);
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
        if (m_ctl->isRunning())
            refreshStep();
    }
    QWidget::changeEvent(event);
}

void LessonView::retranslate()
{
    m_formulaButton->setText(tr("Show the formula"));
    m_glossaryButton->setText(tr("Glossary…"));
    m_glossaryButton->setToolTip(tr("The field's terms in plain words (F1)"));
    m_controlsTitle->setText(tr("Controls"));
}

} // namespace costlab
