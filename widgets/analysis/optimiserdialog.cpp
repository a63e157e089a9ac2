#include "optimiserdialog.h"

#include "engine.h"
#include "exportconfigdialog.h"

#include "document.h"
#include "labels.h"
#include "paramtext.h"
#include "paretochart.h"
#include "plaintext.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace costlab {

namespace {

QDoubleSpinBox* spin(double lo, double hi, int decimals, const QString& suffix, double value)
{
    auto* b = new QDoubleSpinBox;
    b->setRange(lo, hi);
    b->setDecimals(decimals);
    b->setSuffix(suffix);
    b->setValue(value);
    b->setGroupSeparatorShown(true);
    return b;
}

} // namespace

QTableWidget* OptimiserDialog::makeTable(const QString& cur)
{
    auto* table = new QTableWidget(0, 7);
    table->setObjectName(QStringLiteral("optimiserTable"));
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->setWordWrap(false);
    table->setHorizontalHeaderLabels({tr("Plan"), tr("Expected (%1)").arg(cur),
                                      tr("P90 (%1)").arg(cur), tr("Days"), tr("P(OOM)"),
                                      tr("P(run lost)"), tr("Breaks")});
    table->horizontalHeaderItem(6)->setToolTip(
        tr("When no plan meets every limit, the nearest plans are listed with the limits "
           "each breaks: relax one, or widen the search"));
    table->setColumnHidden(6, true);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int c = 1; c < 7; ++c)
        table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    table->setAccessibleName(tr("Best plans found"));
    return table;
}

OptimiserDialog::OptimiserDialog(Document* doc, const Catalog* catalog, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_catalog(catalog)
{
    setObjectName(QStringLiteral("OptimiserDialog"));
    setWindowTitle(tr("Optimise plan"));
    const Scenario& s = doc->scenario();
    const QString cur = currencyCodeText(s.currency);

    m_phase = new QComboBox;
    for (int i = 0; i < int(s.phases.size()); ++i) {
        const Phase& p = s.phases[std::size_t(i)];
        if (p.kind == PhaseKind::Evaluation)
            continue;
        // Phase names are the user's: a combo box shows them as text.
        m_phase->addItem(tr("%1 (%2)").arg(QString::fromStdString(p.name), phaseKindLabel(p.kind)),
                         i);
    }
    const int def = defaultOptimiserPhase(s, *catalog);
    m_phase->setCurrentIndex(std::max(0, m_phase->findData(def)));
    m_objective = new QComboBox;
    m_objective->addItem(tr("Lowest expected cost"), int(Objective::Expected));
    m_objective->addItem(tr("Lowest P90 cost"), int(Objective::P90));
    m_maxOom = spin(0, 100, 1, QStringLiteral(" %"), 5);
    m_maxRunLost = spin(0, 100, 1, QStringLiteral(" %"), 5);
    m_deadline = spin(0, 36525, 1, tr(" days"), s.budget.deadline_days);
    m_deadline->setSpecialValueText(tr("none"));
    m_budget = spin(0, 1e12, 0, QStringLiteral(" ") + cur, s.budget.total);
    m_budget->setSpecialValueText(tr("none"));
    m_maxOom->setToolTip(tr("Largest acceptable chance that a GPU runs out of memory (default "
                            "5 %, where the OOM badge turns amber)"));
    m_maxRunLost->setToolTip(tr("Largest acceptable chance of an unrecoverable divergence or "
                                "collapse (default 5 %)"));
    m_deadline->setToolTip(tr("The P90 plan duration must not exceed it (default: the plan's "
                              "deadline); 0 = none"));
    m_budget->setToolTip(tr("The P90 plan cost must not exceed it (default: the plan's budget); "
                            "0 = none"));
    m_allAccelerators = new QCheckBox(tr("Try every priced &accelerator of the catalog"));
    // Off by default: a team with a fixed rental should not be offered four times its GPUs
    // unasked (issue 49); the counts a search would try are in the label, so the range is
    // visible before it runs.
    m_varyGpus = new QCheckBox;
    m_varyGpus->setChecked(false);
    m_varyGpus->setToolTip(tr("Off: the search keeps the phase's GPU count (a fixed rental). "
                              "On: it also tries the counts listed, in whole nodes."));
    showGpuCounts();
    connect(m_phase, &QComboBox::currentIndexChanged, this, &OptimiserDialog::showGpuCounts);

    auto* form = new QFormLayout;
    form->addRow(tr("&Phase:"), m_phase);
    form->addRow(tr("&Objective:"), m_objective);
    form->addRow(tr("P(&OOM) ≤"), m_maxOom);
    form->addRow(tr("P(run &lost) ≤"), m_maxRunLost);
    form->addRow(tr("P90 &deadline:"), m_deadline);
    form->addRow(tr("P90 &budget:"), m_budget);
    form->addRow(m_allAccelerators);
    form->addRow(m_varyGpus);
    m_run = new QPushButton(tr("&Search"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Ca&ncel search"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress, 1);
    m_summary = plainLabel(new QLabel);
    m_summary->setWordWrap(true);
    auto* left = new QVBoxLayout;
    left->addLayout(form);
    left->addLayout(runRow);
    left->addWidget(m_summary);
    left->addStretch(1);
    auto* leftBox = new QWidget;
    leftBox->setLayout(left);
    leftBox->setMinimumWidth(320);

    m_chart = new ParetoChart;
    m_chart->setMinimumSize(360, 260);
    m_table = makeTable(cur);
    auto* right = new QSplitter(Qt::Vertical);
    right->addWidget(m_chart);
    right->addWidget(m_table);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setChildrenCollapsible(false);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(leftBox);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    m_apply = buttons->addButton(tr("&Apply selected plan"), QDialogButtonBox::ActionRole);
    m_apply->setEnabled(false);
    m_apply->setToolTip(tr("Apply the selected plan's changes to the plan as one undo step"));
    m_export = buttons->addButton(tr("Export &launch settings…"), QDialogButtonBox::ActionRole);
    m_export->setEnabled(false);
    m_export->setToolTip(tr("The selected plan's layout as Megatron-LM arguments or a veRL "
                            "config, without applying it"));
    giveMnemonics(buttons);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(1180, 660);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, &OptimiserDialog::run);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_worker.cancel();
        setRunning(false);
        m_summary->setText(tr("Search cancelled."));
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        QString err;
        if (!applyRow(m_table->currentRow(), &err))
            warnPlain(this, windowTitle(), err);
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        QString err;
        if (!exportRow(m_table->currentRow(), &err))
            warnPlain(this, windowTitle(), err);
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        const bool ok = m_table->currentRow() >= 0 && m_resultRevision == m_revision;
        m_apply->setEnabled(ok);
        m_export->setEnabled(ok);
    });
    connect(m_doc, &Document::changed, this, [this] {
        ++m_revision; // a result for an older plan must not be applied
        m_apply->setEnabled(false);
        m_export->setEnabled(false);
    });
    connect(&m_worker, &AnalysisWorker::progress, m_progress, &QProgressBar::setValue);
}

OptimiserDialog::~OptimiserDialog() = default; // m_worker cancels and waits

void OptimiserDialog::showGpuCounts()
{
    const OptimiserSpace sp =
        defaultOptimiserSpace(m_doc->scenario(), *m_catalog, m_phase->currentData().toInt());
    QStringList counts;
    for (double g : sp.gpus)
        counts << QLocale().toString(g, 'f', 0);
    m_varyGpus->setText(counts.isEmpty()
                            ? tr("Vary the &GPU count")
                            : tr("Vary the &GPU count: %1").arg(counts.join(QStringLiteral(", "))));
}

OptimiserOptions OptimiserDialog::options() const
{
    OptimiserOptions o;
    o.phase = m_phase->currentData().toInt();
    o.objective = Objective(m_objective->currentData().toInt());
    o.constraints.max_oom = m_maxOom->value() / 100;
    o.constraints.max_run_lost = m_maxRunLost->value() / 100;
    o.constraints.deadline_days = m_deadline->value();
    o.constraints.budget = m_budget->value();
    return o;
}

void OptimiserDialog::setRunning(bool running)
{
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    if (!running)
        m_progress->setValue(m_progress->maximum());
}

void OptimiserDialog::run()
{
    const Scenario scenario = m_doc->scenario();
    const Catalog catalog = *m_catalog;
    const OptimiserOptions o = options();
    OptimiserSpace space = defaultOptimiserSpace(scenario, catalog, o.phase);
    if (m_allAccelerators->isChecked())
        for (const Accelerator& a : catalog.accelerators)
            if (a.price_reserved >= 0 || a.price_on_demand >= 0)
                space.accelerators.push_back(a.id);
    if (!m_varyGpus->isChecked())
        space.gpus.clear();
    const quint64 revision = m_revision;
    setRunning(true);
    m_progress->setValue(0);
    m_summary->setText(tr("Searching…"));
    m_worker.start<OptimiserResult>(
        [scenario, catalog, space, o](const AnalysisControl& control) {
            return optimise(scenario, catalog, space, o, control);
        },
        [this, revision](OptimiserResult r) {
            m_result = std::move(r);
            m_resultRevision = revision;
            setRunning(false);
            fill();
        });
}

void OptimiserDialog::waitForDone()
{
    m_worker.waitForDone();
}

void OptimiserDialog::fill()
{
    const Scenario& s = m_doc->scenario();
    const Currency cur = s.currency;
    const OptimiserResult& r = m_result;
    m_chart->setResult(s, r);
    m_table->setRowCount(0);
    if (!r.error.empty()) {
        m_summary->setText(
            tr("The plan cannot be searched: %1").arg(QString::fromStdString(r.error)));
        return;
    }
    QString text =
        tr("Searched %1 candidate plans: %2 evaluated, %3 skipped by pruning "
           "(they could only run out of memory or be impossible), %4 within the "
           "limits; the best %5 scored by Monte Carlo.")
            .arg(formatNumber(double(r.candidates), 6), formatNumber(double(r.evaluated), 6),
                 formatNumber(double(r.pruned), 6), formatNumber(double(r.feasible), 6))
            .arg(options().monte_carlo_top_k);
    if (r.phase >= 0 && std::size_t(r.phase) < s.phases.size()) {
        // A target-sized phase keeps its target in every candidate (issue 46, item 4).
        const Phase& ph = s.phases[std::size_t(r.phase)];
        if (ph.kind == PhaseKind::Pretrain && ph.pretrain.target_loss > 0)
            text += QLatin1Char('\n') +
                    tr("Objective: the cheapest plan that reaches a loss of %1 within the "
                       "limits; each candidate's tokens are set by the target.")
                        .arg(QLocale().toString(ph.pretrain.target_loss, 'f', 3));
        else if (ph.kind == PhaseKind::RlPosttrain && ph.rl.target_score > 0)
            text += QLatin1Char('\n') +
                    tr("Objective: the cheapest plan that reaches a score of %1 within the "
                       "limits; each candidate's iterations are set by the target.")
                        .arg(QLocale().toString(ph.rl.target_score, 'f', 3));
    }
    text += QLatin1Char('\n') +
            tr("Current plan: %1, %2 days.")
                .arg(formatMoney(r.current.total, cur), formatNumber(r.current.days));
    if (r.found)
        text +=
            QLatin1Char('\n') +
            tr("Best plan: %1, %2 days (P90 %3), saving %4. Changes: %5.")
                .arg(formatMoney(r.best.total, cur), formatNumber(r.best.days),
                     formatMoney(r.best.p90, cur), formatMoney(r.current.total - r.best.total, cur))
                .arg(r.best.changes.empty() ? tr("none") : QString::number(r.best.changes.size()));
    else if (r.nearest.empty())
        text += QLatin1Char('\n') + tr("No plan in the search space meets every limit.");
    else
        text += QLatin1Char('\n') + tr("No plan in the search space meets every limit. The %n "
                                       "nearest are listed with the limits each breaks.",
                                       nullptr, int(r.nearest.size()));
    m_summary->setText(text);
    const std::vector<OptimiserPlan>& plans = rows();
    m_table->setColumnHidden(6, r.found);
    m_table->setRowCount(int(plans.size()));
    for (int i = 0; i < int(plans.size()); ++i) {
        const OptimiserPlan& p = plans[std::size_t(i)];
        // Whole currency units: neighbouring plans differ by less than formatMoney's digits.
        const auto full = [](double v) { return QLocale().toString(v, 'f', 0); };
        const QStringList cells{
            optimiserSummaryText(p.summary_parts),
            full(p.total),
            p.scored ? full(p.p90) : QStringLiteral("—"),
            formatNumber(p.days),
            formatPercent(p.risks[std::size_t(RiskKind::Oom)].probability),
            formatPercent(p.risks[std::size_t(RiskKind::Unrecoverable)].probability),
            brokenLimitsText(p.broken, cur)};
        for (int c = 0; c < cells.size(); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c == 0) {
                QStringList changes;
                for (const ParamChange& ch : p.changes)
                    changes << QString::fromStdString(ch.id + " = " + ch.text);
                item->setToolTip(plainToolTip(changes.isEmpty() ? tr("No change")
                                                                : changes.join(QLatin1Char('\n'))));
            }
            m_table->setItem(i, c, item);
        }
    }
    if (!plans.empty())
        m_table->selectRow(0);
}

std::optional<Scenario> OptimiserDialog::planOfRow(int row, QString* error) const
{
    if (m_resultRevision != m_revision) {
        if (error)
            *error = tr("The plan changed since the search; search again first.");
        return std::nullopt;
    }
    if (row < 0 || row >= int(rows().size())) {
        if (error)
            *error = tr("Select a plan first.");
        return std::nullopt;
    }
    Scenario s = m_doc->scenario();
    if (const ChangeResult r = applyChanges(s, rows()[std::size_t(row)].changes); !r) {
        if (error)
            *error = QString::fromStdString(r.error);
        return std::nullopt;
    }
    return s;
}

bool OptimiserDialog::exportRow(int row, QString* error)
{
    const std::optional<Scenario> plan = planOfRow(row, error);
    if (!plan)
        return false;
    const Estimate est = evaluate(*plan, *m_catalog);
    ExportConfigDialog dlg(*plan, est, QApplication::applicationVersion(), this);
    dlg.choosePhase(m_result.phase);
    dlg.exec();
    return true;
}

bool OptimiserDialog::applyRow(int row, QString* error)
{
    if (!planOfRow(row, error)) // stale result, no such row or a refused change
        return false;
    return m_doc->apply(rows()[std::size_t(row)].changes, tr("Apply optimised plan"), error);
}

} // namespace costlab
