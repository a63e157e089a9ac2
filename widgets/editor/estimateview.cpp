#include "estimateview.h"

#include "costbreakdownchart.h"
#include "distributionchart.h"
#include "document.h"
#include "engine.h"
#include "headlinestrip.h"
#include "memorychart.h"
#include "paramtext.h"
#include "registry.h"
#include "rlutilisationchart.h"
#include "spendchart.h"
#include "stepchart.h"
#include "targetchart.h"
#include "tornadochart.h"
#include "tradeoffchart.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace costlab {

QSplitter* EstimateView::makeChartRows()
{
    m_leftTabs = new QTabWidget;
    m_leftTabs->setDocumentMode(true);
    m_leftTabs->setTabBarAutoHide(true);
    m_leftTabs->addTab(m_cost, QString());
    auto* top = new QSplitter(Qt::Horizontal);
    m_top = top;
    top->addWidget(m_leftTabs);
    top->addWidget(m_rightTabs);
    top->setStretchFactor(0, 4);
    top->setStretchFactor(1, 5);
    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(m_memory);
    bottom->addWidget(m_step);
    bottom->addWidget(m_rl);
    bottom->addWidget(m_spend);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 4);
    bottom->setStretchFactor(2, 4);
    bottom->setStretchFactor(3, 3);
    m_bottom = bottom;
    m_third = new QSplitter(Qt::Horizontal);
    m_third->hide();
    auto* rows = new QSplitter(Qt::Vertical);
    rows->addWidget(top);
    rows->addWidget(bottom);
    rows->addWidget(m_third);
    rows->setStretchFactor(0, 5);
    rows->setStretchFactor(1, 4);
    rows->setStretchFactor(2, 4);
    // Initial split 55:45; sizes are scaled to the real height when first laid out.
    rows->setSizes({550, 450, 0});
    top->setSizes({420, 580});
    bottom->setSizes({250, 350, 350, 250});
    for (QSplitter* s : {top, bottom, rows, m_third})
        s->setChildrenCollapsible(false);
    m_rows = rows;
    return rows;
}

EstimateView::EstimateView(Document* doc, const Catalog* catalog, QWidget* parent,
                           EstimateModel* model)
    : QWidget(parent), m_doc(doc), m_catalog(catalog),
      m_model(model ? model : new EstimateModel(doc, catalog, this)),
      m_headline(new HeadlineStrip(this)), m_cost(new CostBreakdownChart),
      m_tradeoff(new TradeoffChart), m_memory(new MemoryChart), m_rl(new RlUtilisationChart),
      m_spend(new SpendChart), m_step(new StepChart), m_distribution(new DistributionChart),
      m_tornado(new TornadoChart), m_target(new TargetChart), m_sweepLabel(new QLabel),
      m_sweepCombo(new QComboBox), m_probButton(new QToolButton), m_costButton(new QToolButton)
{
    // A slider move starts these: they yield their core to the window (analysisworker.h).
    m_worker.setIdleClass(true);
    m_sensWorker.setIdleClass(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_headline);
    auto* line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    layout->addWidget(line);

    // Trade-off chart with its controls above it.
    auto* tradeoffBox = new QWidget;
    auto* tv = new QVBoxLayout(tradeoffBox);
    tv->setContentsMargins(0, 4, 0, 0);
    tv->setSpacing(2);
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(6, 0, 6, 0);
    m_sweepLabel->setBuddy(m_sweepCombo);
    m_sweepCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sweepCombo->setMinimumContentsLength(10);
    m_sweepCombo->setMaxVisibleItems(30);
    controls->addWidget(m_sweepLabel);
    controls->addWidget(m_sweepCombo, 1);
    controls->addSpacing(8);
    for (QToolButton* b : {m_probButton, m_costButton}) {
        b->setCheckable(true);
        b->setAutoRaise(false);
        controls->addWidget(b);
    }
    auto* modeGroup = new QButtonGroup(this);
    modeGroup->setExclusive(true);
    modeGroup->addButton(m_probButton);
    modeGroup->addButton(m_costButton);
    m_probButton->setChecked(true);
    tv->addLayout(controls);
    tv->addWidget(m_tradeoff, 1);

    // The Monte Carlo distribution and the tornado share the trade-off's place, in tabs
    // beside it: all three answer "how much could this move", and the row has no room.
    QWidget* distBox = makeDistributionBox();
    m_rightTabs = new QTabWidget;
    m_rightTabs->setDocumentMode(true);
    m_rightTabs->addTab(tradeoffBox, QString());
    m_rightTabs->addTab(distBox, QString());
    m_rightTabs->addTab(m_tornado, QString());
    m_rightTabs->addTab(makeTargetBox(), QString());

    QSplitter* rows = makeChartRows();
    // Below the charts' minimum sizes (a laptop screen with the parameter dock open) the
    // charts scroll vertically instead of being squeezed until labels overlap.
    m_scroll = new QScrollArea;
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setWidget(rows);
    layout->addWidget(m_scroll, 1);

    m_cost->setExportBaseName(QStringLiteral("cost-breakdown"));
    m_tradeoff->setExportBaseName(QStringLiteral("trade-off"));
    m_memory->setExportBaseName(QStringLiteral("memory"));
    m_rl->setExportBaseName(QStringLiteral("rl-utilisation"));
    m_spend->setExportBaseName(QStringLiteral("spend"));
    m_step->setExportBaseName(QStringLiteral("step-breakdown"));
    m_distribution->setExportBaseName(QStringLiteral("distribution"));
    m_tornado->setExportBaseName(QStringLiteral("tornado"));
    m_target->setExportBaseName(QStringLiteral("target"));
    for (ChartBase* c : charts())
        c->setMinimumSize(kChartMinWidth, kChartMinHeight);
    // Its legend of up to fourteen categories takes ~150 px beside the bars.
    m_cost->setMinimumWidth(kChartMinWidth + 90);

    connect(m_sweepCombo, &QComboBox::currentIndexChanged, this, [this](int idx) {
        if (m_fillingCombo || idx < 0)
            return;
        setSweepParam(m_sweepCombo->itemData(idx).toString());
    });
    connect(m_probButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_tradeoff->setRiskMode(TradeoffChart::RiskMode::Probability);
    });
    connect(m_costButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_tradeoff->setRiskMode(TradeoffChart::RiskMode::ExpectedCost);
    });
    connect(m_doc, &Document::scenarioReplaced, this, [this] {
        if (!findParam(m_doc->scenario(), m_sweepParam.toStdString()))
            m_sweepParam = kDefaultSweepParam;
        fillSweepCombo();
        requestSweep();
    });
    connect(m_doc, &Document::paramChanged, this, &EstimateView::onParamChanged);
    // One evaluation per change, the model's; its Monte Carlo arrives from its worker.
    connect(m_model, &EstimateModel::estimateChanged, this, &EstimateView::refresh);
    connect(m_model, &EstimateModel::uncertaintyChanged, this, &EstimateView::showUncertainty);
    // Dragging a slider: every frame counts, so draw without antialiasing until release.
    connect(m_doc, &Document::continuousEditChanged, this, [this](bool active) {
        for (ChartBase* c : charts())
            c->setDraftMode(active);
    });

    retranslate();
    fillSweepCombo();
    refresh();
    // A shared model may have delivered its Monte Carlo before this view existed.
    if (m_model->uncertainty().runs > 0 || !m_model->uncertainty().error.empty())
        showUncertainty();
    requestSweep();
}

EstimateView::~EstimateView() = default; // m_worker cancels and waits for its job

QWidget* EstimateView::makeDistributionBox()
{
    auto* distBox = new QWidget;
    auto* dv = new QVBoxLayout(distBox);
    dv->setContentsMargins(0, 4, 0, 0);
    dv->setSpacing(2);
    auto* distControls = new QHBoxLayout;
    distControls->setContentsMargins(6, 0, 6, 0);
    distControls->addStretch(1);
    m_distCostButton = new QToolButton;
    m_distDaysButton = new QToolButton;
    auto* distGroup = new QButtonGroup(this);
    distGroup->setExclusive(true);
    for (QToolButton* b : {m_distCostButton, m_distDaysButton}) {
        b->setCheckable(true);
        distControls->addWidget(b);
        distGroup->addButton(b);
    }
    connect(m_distCostButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_distribution->setQuantity(DistributionChart::Quantity::Cost);
    });
    connect(m_distDaysButton, &QToolButton::toggled, this, [this](bool on) {
        if (on)
            m_distribution->setQuantity(DistributionChart::Quantity::Days);
    });
    m_distCostButton->setChecked(true);
    dv->addLayout(distControls);
    dv->addWidget(m_distribution, 1);
    return distBox;
}

QWidget* EstimateView::makeTargetBox()
{
    auto* box = new QWidget;
    auto* v = new QVBoxLayout(box);
    v->setContentsMargins(0, 4, 0, 0);
    v->setSpacing(2);
    auto* controls = new QHBoxLayout;
    controls->setContentsMargins(6, 0, 6, 0);
    controls->addStretch(1);
    m_fitButton = new QToolButton;
    controls->addWidget(m_fitButton);
    connect(m_fitButton, &QToolButton::clicked, this, [this] {
        if (m_target->phaseIndex() >= 0)
            emit fitRequested(m_target->phaseIndex());
    });
    v->addLayout(controls);
    v->addWidget(m_target, 1);
    return box;
}

QList<ChartBase*> EstimateView::charts() const
{
    return {m_cost,  m_tradeoff,     m_memory,  m_step,  m_rl,
            m_spend, m_distribution, m_tornado, m_target};
}

void EstimateView::retranslate()
{
    m_sweepLabel->setText(tr("Trade-off &x:"));
    m_sweepCombo->setToolTip(tr("Parameter swept along the trade-off chart's x axis"));
    m_sweepCombo->setAccessibleName(tr("Trade-off parameter"));
    m_sweepCombo->setAccessibleDescription(
        tr("Choose which parameter the trade-off chart varies; cost and risks are "
           "recomputed across its range"));
    const QList<std::pair<QWidget*, QString>> leftNames = {{m_cost, tr("Cost")},
                                                           {m_memory, tr("Memory")},
                                                           {m_step, tr("Step time")},
                                                           {m_rl, tr("RL pipeline")},
                                                           {m_spend, tr("Spend")}};
    for (const auto& [chart, name] : leftNames)
        if (const int i = m_leftTabs->indexOf(chart); i >= 0)
            m_leftTabs->setTabText(i, name);
    m_rightTabs->setTabText(0, tr("Trade-off"));
    m_rightTabs->setTabToolTip(0, tr("Cost and every risk as one parameter varies"));
    m_rightTabs->setTabText(1, tr("Uncertainty"));
    m_rightTabs->setTabToolTip(
        1, tr("Distribution of the total cost or duration over %n Monte Carlo runs, with "
              "P10/P50/P90, the budget and the deadline",
              nullptr, kHeadlineMonteCarloRuns));
    m_rightTabs->setTabText(2, tr("Sensitivity"));
    m_rightTabs->setTabToolTip(
        2, tr("Each input moved alone across its plausible range (or ±20 %): the inputs that "
              "move the total cost most (costlab-cli sensitivity)"));
    m_rightTabs->setTabText(3, tr("Target"));
    m_rightTabs->setTabToolTip(
        3, tr("How much training reaches the target: the loss law of a pre-training phase or "
              "the RL compute–performance curve, with your own runs when fitted"));
    m_fitButton->setText(tr("&Fit to my runs…"));
    m_fitButton->setToolTip(
        tr("Fit the loss law or the RL curve to a CSV export of your small runs (Weights & "
           "Biases, TensorBoard or plain columns) and use it in this phase"));
    m_target->setAccessibleName(tr("Target chart"));
    m_target->setAccessibleDescription(
        tr("The loss law or RL curve of the phase, its target and the training it needs"));
    m_distCostButton->setText(tr("Cost"));
    m_distCostButton->setToolTip(tr("Distribution of the plan's total cost"));
    m_distDaysButton->setText(tr("Duration"));
    m_distDaysButton->setToolTip(tr("Distribution of the plan's wall-clock days"));
    m_probButton->setText(tr("Probability"));
    m_probButton->setToolTip(tr("Right axis: probability of each risk"));
    m_probButton->setAccessibleName(tr("Show risks as probability"));
    m_costButton->setText(tr("Expected cost"));
    m_costButton->setToolTip(tr("Right axis: expected cost of each risk (probability × cost)"));
    m_costButton->setAccessibleName(tr("Show risks as expected cost"));
    m_cost->setAccessibleName(tr("Cost breakdown chart"));
    m_tradeoff->setAccessibleName(tr("Trade-off chart"));
    m_memory->setAccessibleName(tr("Memory per GPU chart"));
    m_rl->setAccessibleName(tr("RL pipeline utilisation chart"));
    m_spend->setAccessibleName(tr("Cumulative spend chart"));
    m_step->setAccessibleName(tr("Step breakdown chart"));
    m_step->setAccessibleDescription(
        tr("Time of one optimizer step per training phase: compute, communication, pipeline "
           "bubble and optimizer, with the predicted MFU"));
    m_cost->setAccessibleDescription(tr("Cost by category, stacked, per phase"));
    m_tradeoff->setAccessibleDescription(
        tr("Cost and risk across the range of the chosen parameter"));
    m_memory->setAccessibleDescription(
        tr("Memory per GPU by role and component against the usable HBM"));
    m_rl->setAccessibleDescription(
        tr("Busy and idle time of rollout GPUs, trainer GPUs and environments per iteration"));
    m_spend->setAccessibleDescription(
        tr("Cumulative spend over the plan's calendar against the budget"));
}

void EstimateView::fillSweepCombo()
{
    m_fillingCombo = true;
    m_sweepCombo->clear();
    const Scenario& s = m_doc->scenario();
    int multiple = 0;
    for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation})
        multiple = std::max<int>(multiple,
                                 int(std::count_if(s.phases.begin(), s.phases.end(),
                                                   [k](const Phase& p) { return p.kind == k; })));
    int current = -1;
    for (const ParamRef& r : boundParameters(s)) {
        // Tokens or iterations a target sets would sweep a flat line.
        if (setByTarget(*r.def, r.phase >= 0 ? &s.phases[size_t(r.phase)] : nullptr))
            continue;
        const QString id = QString::fromStdString(fullId(s, r));
        QString text = paramLabel(*r.def);
        if (r.phase >= 0)
            text = tr("%1 · %2").arg(phaseKindLabel(s.phases[size_t(r.phase)].kind), text);
        if (r.phase >= 0 && multiple > 1)
            text += QStringLiteral(" (%1)").arg(id);
        m_sweepCombo->addItem(text, id);
        m_sweepCombo->setItemData(m_sweepCombo->count() - 1, id, Qt::ToolTipRole);
        if (id == m_sweepParam)
            current = m_sweepCombo->count() - 1;
    }
    if (current < 0 && m_sweepCombo->count() > 0) {
        current = 0;
        m_sweepParam = m_sweepCombo->itemData(0).toString();
    }
    m_sweepCombo->setCurrentIndex(current);
    m_fillingCombo = false;
}

void EstimateView::setSweepParam(const QString& id)
{
    if (!findParam(m_doc->scenario(), id.toStdString()))
        return;
    m_sweepParam = id;
    const int idx = m_sweepCombo->findData(id);
    if (idx >= 0 && idx != m_sweepCombo->currentIndex()) {
        m_fillingCombo = true;
        m_sweepCombo->setCurrentIndex(idx);
        m_fillingCombo = false;
    }
    requestSweep();
}

void EstimateView::refresh()
{
    const Scenario& s = m_doc->scenario();
    const Estimate& e = m_model->estimate();

    const QString cur = currencyCodeText(s.currency);
    for (ChartBase* c : charts())
        if (c->currencyCode() != cur)
            c->setCurrency(cur);
    // The RL pipeline chart only means something when the plan has an RL phase; without
    // one its space goes to the memory and spend charts.
    const bool hasRl = std::any_of(s.phases.begin(), s.phases.end(),
                                   [](const Phase& p) { return p.kind == PhaseKind::RlPosttrain; });
    if (m_hasRl != hasRl) {
        m_hasRl = hasRl;
        if (m_compact)
            m_leftTabs->setTabVisible(m_leftTabs->indexOf(m_rl), hasRl);
        else
            m_rl->setVisible(hasRl);
        arrangeCharts();
    }
    m_headline->setEstimate(s, e);
    requestUncertainty();
    for (ChartBase* c : charts()) // the estimate's charts; the others ignore it
        c->showEstimate(s, e);
    m_fitButton->setEnabled(m_target->phaseIndex() >= 0);
    // A refused plan shows no chart that reads as a figure; the headline names the reason.
    const QString why = e.ok ? QString()
                             : tr("No figures: the plan cannot be evaluated. The "
                                  "reason is shown above the charts.");
    for (ChartBase* c : charts())
        c->setUnavailable(why);
    emit estimateUpdated();
}

void EstimateView::catalogChanged()
{
    m_model->refresh(); // the view follows through estimateChanged()
    requestSweep();
}

void EstimateView::onParamChanged(const QString& id)
{
    // Moving the swept parameter itself does not change the curve (every other input is
    // the same), only where "now" is: move the marker instead of re-running the sweep.
    if (id == m_sweepParam && m_appliedGeneration == m_sweepGeneration &&
        m_tradeoff->pointCount() > 0 && !m_tradeoff->isCategorical()) {
        const auto ref = findParam(m_doc->scenario(), id.toStdString());
        if (ref) {
            m_tradeoff->setCurrentX(getValue(m_doc->scenario(), *ref) * ref->def->display_factor);
            return;
        }
    }
    requestSweep();
}

namespace {

/// Sweep range: the parameter's validated range, except that a checkpoint-interval sweep is
/// widened to contain the Young/Daly optimum, so the optimum is always on the chart.
/// {NaN, NaN} means "use sweepDefaultRange".
std::pair<double, double> sweepRange(const Scenario& s, const Estimate& e, const QString& id)
{
    const double none = std::numeric_limits<double>::quiet_NaN();
    if (id != EstimateView::kDefaultSweepParam)
        return {none, none};
    const auto ref = findParam(s, id.toStdString());
    if (!ref)
        return {none, none};
    const ParamDef& d = *ref->def;
    double lo = d.valid_max > d.valid_min ? d.valid_min : d.min;
    double hi = d.valid_max > d.valid_min ? d.valid_max : d.max;
    double opt = 0;
    for (const PhaseEstimate& p : e.phases)
        if (p.rec.optimal_interval_h > 0)
            opt = opt > 0 ? std::min(opt, p.rec.optimal_interval_h) : p.rec.optimal_interval_h;
    if (!(opt > 0) || !(lo > 0))
        return {none, none};
    if (opt < lo * 1.5)
        lo = std::max(d.min > 0 ? d.min : 0.0, opt / 2);
    if (opt > hi / 1.5)
        hi = std::min(d.max, opt * 2);
    if (!(lo > 0) || !(hi > lo))
        return {none, none};
    return {lo, hi};
}

SweepResult runSweep(const Scenario& s, const Catalog& c, const std::string& id,
                     std::pair<double, double> range, int points,
                     const AnalysisControl& control = {})
{
    if (std::isnan(range.first))
        return sweepDefaultRange(s, c, id, points, control);
    return sweep(s, c, id, range.first, range.second, points, control);
}

} // namespace

void EstimateView::requestSweep()
{
    const quint64 generation = ++m_sweepGeneration;
    const bool worker = m_forceWorker || m_lastSweepMs > kInlineSweepMs;
    const auto range = sweepRange(m_doc->scenario(), m_model->estimate(), m_sweepParam);
    if (!worker) {
        m_worker.cancel(); // a slower sweep still in flight must not land after this one
        QElapsedTimer t;
        t.start();
        SweepResult r = runSweep(m_doc->scenario(), *m_catalog, m_sweepParam.toStdString(), range,
                                 kSweepPoints);
        m_lastSweepMs = double(t.nsecsElapsed()) / 1e6;
        applySweep(r, generation);
        return;
    }
    // On the shared analysis worker: latest input wins, a running sweep is cancelled.
    const Scenario scenario = m_doc->scenario();
    const Catalog catalog = *m_catalog;
    const std::string param = m_sweepParam.toStdString();
    struct Timed {
        SweepResult result;
        double ms = 0;
    };
    m_worker.start<Timed>(
        [scenario, catalog, param, range](const AnalysisControl& control) {
            QElapsedTimer t;
            t.start();
            Timed out;
            out.result = runSweep(scenario, catalog, param, range, kSweepPoints, control);
            out.ms = double(t.nsecsElapsed()) / 1e6;
            return out;
        },
        [this, generation](Timed done) {
            m_lastSweepMs = done.ms;
            applySweep(done.result, generation);
        });
}

void EstimateView::showUncertainty()
{
    m_headline->setUncertainty(m_model->uncertainty());
    for (ChartBase* c : charts())
        c->showUncertainty(m_doc->scenario(), m_model->uncertainty());
}

void EstimateView::requestUncertainty()
{
    // The Monte Carlo range is the model's (uncertaintyChanged); the tornado is this view's.
    if (!m_model->estimate().ok) {
        m_sensWorker.cancel();
        SensitivityResult noRows;
        noRows.error = "not evaluated";
        m_tornado->setResult(m_doc->scenario(), noRows);
        return;
    }
    const Scenario scenario = m_doc->scenario();
    const Catalog catalog = *m_catalog;
    // Two evaluate() calls per input (about a hundred inputs): milliseconds, on its own
    // worker so neither the sweep nor the Monte Carlo cancels it.
    m_sensWorker.start<SensitivityResult>(
        [scenario, catalog](const AnalysisControl& control) {
            return sensitivity(scenario, catalog, {}, control);
        },
        [this, scenario](SensitivityResult r) { m_tornado->setResult(scenario, r); });
}

void EstimateView::waitForSweep()
{
    m_worker.waitForDone();
    m_model->waitForAnalyses();
    m_sensWorker.waitForDone();
}

void EstimateView::applySweep(const SweepResult& result, quint64 generation)
{
    if (generation != m_sweepGeneration)
        return; // a newer request is on its way
    m_appliedGeneration = generation;
    m_tradeoff->setSweepOf(m_doc->scenario(),
                           result.param.empty() ? m_sweepParam.toStdString() : result.param,
                           result);
    emit sweepUpdated();
}

void EstimateView::arrangeCharts()
{
    // Two rows of charts need twice the charts' minimum height; below that (a 1280×720
    // projector, 2× scale on a laptop) the lower charts become tabs beside the cost chart,
    // so every chart is shown whole instead of cut by the window or scrolled to.
    const int chartsHeight = height() - m_headline->height() - 2;
    const bool compact = chartsHeight < 2 * kChartMinHeight + m_rows->handleWidth();
    if (compact != m_compact)
        setCompact(compact);
    // The two tab groups side by side need both minimum widths; narrower (2× scale beside
    // the parameter dock) they stack, so the charts scroll one way only.
    const int available = width() - m_scroll->verticalScrollBar()->sizeHint().width();
    const int sideBySide = m_leftTabs->minimumSizeHint().width() +
                           m_rightTabs->minimumSizeHint().width() + m_top->handleWidth();
    const Qt::Orientation topOrientation =
        m_compact && available < sideBySide ? Qt::Vertical : Qt::Horizontal;
    if (m_top->orientation() != topOrientation)
        m_top->setOrientation(topOrientation);
    if (m_compact)
        return;
    // Memory, step breakdown, RL pipeline (when the plan has RL) and spend side by side need
    // about one minimum width each. When narrower, the second row keeps memory and the chart
    // the plan is about (the RL pipeline for plans with RL, else the step breakdown) and the
    // others get a row of their own (the scroll area then shows it below).
    const bool hasRl = m_hasRl;
    const int needed = (hasRl ? 4 : 3) * (kChartMinWidth + 40);
    const bool narrow = available < needed;
    const bool stepBelow = m_step->parentWidget() == m_third;
    const bool spendBelow = m_spend->parentWidget() == m_third;
    if (narrow == spendBelow && (!narrow || stepBelow == hasRl) && !m_bottom->isHidden())
        return;
    // Start from the wide order, then move what does not fit.
    m_bottom->show();
    m_bottom->insertWidget(0, m_memory);
    m_bottom->insertWidget(1, m_step);
    m_bottom->insertWidget(2, m_rl);
    m_bottom->addWidget(m_spend);
    m_rl->setVisible(hasRl);
    for (QWidget* c : std::initializer_list<QWidget*>{m_memory, m_step, m_spend})
        c->show();
    const int w = std::max({m_bottom->width(), m_third->width(), available});
    if (narrow) {
        if (hasRl)
            m_third->addWidget(m_step);
        m_third->addWidget(m_spend);
        m_third->show();
        const int h = m_rows->height();
        m_rows->setSizes({h * 2 / 5, h * 3 / 10, h * 3 / 10});
        m_third->setSizes(hasRl ? QList<int>{w / 2, w / 2} : QList<int>{w});
        m_bottom->setSizes({w * 2 / 5, w * 3 / 5}); // memory and the one chart kept
    } else {
        m_third->hide();
        const int h = m_rows->height();
        m_rows->setSizes({h * 5 / 9, h * 4 / 9, 0});
        m_bottom->setSizes({w * 2 / 10, w * 3 / 10, w * 3 / 10, w * 2 / 10});
    }
}

void EstimateView::setCompact(bool compact)
{
    m_compact = compact;
    if (compact) {
        for (QWidget* c : std::initializer_list<QWidget*>{m_memory, m_step, m_rl, m_spend})
            m_leftTabs->addTab(c, QString());
        m_leftTabs->setTabVisible(m_leftTabs->indexOf(m_rl), m_hasRl);
        m_bottom->hide();
        m_third->hide();
    } else {
        m_leftTabs->setCurrentIndex(0);
        while (m_leftTabs->count() > 1)
            m_leftTabs->removeTab(1); // the charts go back to their rows below
    }
    retranslate();
}

void EstimateView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeCharts();
}

void EstimateView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        fillSweepCombo();
        refresh();
        requestSweep();
    }
    QWidget::changeEvent(event);
}

} // namespace costlab
