#include "leverspanel.h"

#include "document.h"
#include "labels.h"
#include "palette.h"
#include "paramtext.h"
#include "plaintext.h"
#include "registry.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

enum Column { ColLever, ColSaving, ColRisks, ColumnCount };

constexpr int kIdRole = Qt::UserRole + 1;

/// A probability change worth a word: more than 0.1 percentage point, or more than 1 % of
/// what it was when that is at least 0.01 point (a budget risk of 1e-14 falling to 1e-16
/// is no news).
bool probabilityMoved(double before, double after)
{
    const double d = std::abs(after - before);
    return d > 1e-3 || (d > 1e-4 && d > 0.01 * before);
}

QDoubleSpinBox* percentBox(double value)
{
    auto* b = new QDoubleSpinBox;
    b->setRange(0, 100);
    b->setDecimals(1);
    b->setSingleStep(1);
    b->setSuffix(QStringLiteral(" %"));
    b->setValue(value * 100);
    b->setKeyboardTracking(false);
    return b;
}

} // namespace

LeversPanel::LeversPanel(Document* doc, const Catalog* catalog, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_catalog(catalog)
{
    setObjectName(QStringLiteral("LeversPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    const RiskLimits def = defaultRiskLimits();
    m_limitsLabel = new QLabel;
    m_limitsLabel->setWordWrap(true);
    m_maxOom = percentBox(def[RiskKind::Oom]);
    m_maxRunLost = percentBox(def[RiskKind::Unrecoverable]);
    m_maxBudget = percentBox(def[RiskKind::Budget]);
    m_oomLabel = new QLabel;
    m_runLostLabel = new QLabel;
    m_budgetLabel = new QLabel;
    m_oomLabel->setBuddy(m_maxOom);
    m_runLostLabel->setBuddy(m_maxRunLost);
    m_budgetLabel->setBuddy(m_maxBudget);
    auto* limits = new QGridLayout;
    // One limit per row: side by side the three asked for ~480 px, and this dock shares
    // the left area with the parameter panel, so it set the width the charts lose at
    // 1280×720.
    limits->addWidget(m_limitsLabel, 0, 0, 1, 3);
    limits->addWidget(m_oomLabel, 1, 0);
    limits->addWidget(m_maxOom, 1, 1);
    limits->addWidget(m_runLostLabel, 2, 0);
    limits->addWidget(m_maxRunLost, 2, 1);
    limits->addWidget(m_budgetLabel, 3, 0);
    limits->addWidget(m_maxBudget, 3, 1);
    limits->setColumnStretch(2, 1);
    layout->addLayout(limits);

    m_summary = new QLabel;
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    layout->addWidget(m_summary);

    m_table = new QTableWidget(0, ColumnCount);
    m_table->setObjectName(QStringLiteral("leversTable"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // Lever names and risk lists wrap inside a dock of ~400 px (1280×720) instead of one
    // of them eliding the other; rows grow to the wrapped text.
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->horizontalHeader()->setSectionResizeMode(ColLever, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ColSaving, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ColRisks, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);

    m_details = new QPlainTextEdit;
    m_details->setObjectName(QStringLiteral("leverDetails"));
    m_details->setReadOnly(true);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(6);
    m_progress->hide();
    layout->addWidget(m_progress);
    auto* buttons = new QHBoxLayout;
    m_applyChecked = new QPushButton;
    m_applyAll = new QPushButton;
    buttons->addWidget(m_applyChecked);
    buttons->addWidget(m_applyAll);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(120); // a slider drag settles before the levers re-run
    connect(&m_debounce, &QTimer::timeout, this, &LeversPanel::refresh);
    connect(m_doc, &Document::changed, this, [this] {
        ++m_generation;
        scheduleRun();
    });
    for (QDoubleSpinBox* b : {m_maxOom, m_maxRunLost, m_maxBudget})
        connect(b, &QDoubleSpinBox::valueChanged, this, [this] {
            ++m_generation; // the proposals depend on the limits
            scheduleRun();
        });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &LeversPanel::showDetails);
    connect(m_table, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (m_filling || item->column() != ColLever)
            return;
        const QString id = item->data(kIdRole).toString();
        if (item->checkState() == Qt::Checked)
            m_checked.insert(id);
        else
            m_checked.remove(id);
        updateButtons();
    });
    connect(m_applyChecked, &QPushButton::clicked, this, [this] {
        QString err;
        if (!applyChecked(&err))
            emit statusMessage(err);
    });
    connect(m_applyAll, &QPushButton::clicked, this, [this] {
        QString err;
        if (!applyAllWithinLimits(&err))
            emit statusMessage(err);
    });
    connect(&m_worker, &AnalysisWorker::progress, m_progress, &QProgressBar::setValue);
    connect(&m_worker, &AnalysisWorker::busyChanged, m_progress, &QWidget::setVisible);

    retranslate();
    updateButtons();
}

LeversPanel::~LeversPanel() = default; // m_worker cancels and waits for its job

RiskLimits LeversPanel::limits() const
{
    RiskLimits l = defaultRiskLimits();
    l[RiskKind::Oom] = m_maxOom->value() / 100;
    l[RiskKind::Unrecoverable] = m_maxRunLost->value() / 100;
    l[RiskKind::Budget] = m_maxBudget->value() / 100;
    return l;
}

void LeversPanel::setLimits(const RiskLimits& l)
{
    m_maxOom->setValue(l[RiskKind::Oom] * 100);
    m_maxRunLost->setValue(l[RiskKind::Unrecoverable] * 100);
    m_maxBudget->setValue(l[RiskKind::Budget] * 100);
}

void LeversPanel::scheduleRun()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_debounce.start();
}

void LeversPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale || m_resultGeneration != m_generation)
        refresh();
}

void LeversPanel::refresh()
{
    m_debounce.stop();
    m_stale = false;
    const Scenario scenario = m_doc->scenario();
    const Catalog catalog = *m_catalog;
    LeverOptions opt;
    opt.limits = limits();
    opt.monte_carlo_runs = kMonteCarloRuns;
    const quint64 generation = m_generation;
    struct Done {
        LeversResult result;
        LeverCombination combined;
    };
    m_worker.start<Done>(
        [scenario, catalog, opt](const AnalysisControl& control) {
            Done d;
            d.result = evaluateLevers(scenario, catalog, opt, control);
            if (d.result.error.empty() && !d.result.cancelled)
                d.combined = combineLevers(scenario, catalog, d.result, opt.limits);
            return d;
        },
        [this, generation](Done d) {
            m_result = std::move(d.result);
            m_combined = std::move(d.combined);
            m_resultGeneration = generation;
            fillTable();
            emit resultUpdated();
        });
    updateButtons();
}

void LeversPanel::waitForDone()
{
    if (m_debounce.isActive())
        refresh();
    m_worker.waitForDone();
}

const LeverResult* LeversPanel::leverAt(int row) const
{
    const QTableWidgetItem* item = row >= 0 ? m_table->item(row, ColLever) : nullptr;
    if (!item)
        return nullptr;
    const std::string id = item->data(kIdRole).toString().toStdString();
    for (const LeverResult& r : m_result.levers)
        if (r.info->id == id)
            return &r;
    return nullptr;
}

QString LeversPanel::risksText(const LeverResult& r, bool compact) const
{
    QStringList parts;
    for (const RiskInfo& ri : riskTable()) {
        const double a = r.before.risks[std::size_t(ri.kind)].probability;
        const double b = r.after.risks[std::size_t(ri.kind)].probability;
        if (!probabilityMoved(a, b))
            continue;
        if (compact)
            parts << riskShortName(ri.kind) + (b > a ? QStringLiteral(" ↑") : QStringLiteral(" ↓"));
        else
            parts << tr("%1: %2 → %3")
                         .arg(riskDisplayName(ri.kind), formatPercent(a), formatPercent(b));
    }
    if (parts.isEmpty())
        return compact ? QStringLiteral("—") : tr("No risk moves noticeably.");
    return parts.join(compact ? QStringLiteral(", ") : QStringLiteral("\n"));
}

QString LeversPanel::changeText(const ParamChange& c) const
{
    const Scenario& s = m_doc->scenario();
    const auto ref = findParam(s, c.id);
    if (!ref)
        return QString::fromStdString(c.id + " = " + c.text);
    const ParamDef& d = *ref->def;
    auto shown = [&d, &s](const std::string& text) -> QString {
        if (d.type == ParamType::Bool)
            return text == "true" ? tr("on") : tr("off");
        if (d.type == ParamType::Choice) {
            for (const ChoiceDef& ch : d.choices)
                if (ch.id == text)
                    return choiceLabel(ch);
        }
        if (d.type == ParamType::Real || d.type == ParamType::Integer) {
            bool ok = false;
            const double v = QString::fromStdString(text).toDouble(&ok);
            if (ok)
                return formatNumber(v * d.display_factor, 4) + QLatin1Char(' ') +
                       displayUnit(d, s.currency);
        }
        return QString::fromStdString(text); // catalog ids: shown as plain text
    };
    QString name = paramLabel(d);
    if (ref->phase >= 0)
        name = tr("%1 · %2").arg(phaseKindLabel(s.phases[std::size_t(ref->phase)].kind), name);
    return tr("%1: %2 → %3").arg(name, shown(getString(s, *ref)), shown(c.text));
}

void LeversPanel::fillTable()
{
    m_filling = true;
    const Currency cur = m_doc->scenario().currency;
    const QString selected = m_table->currentRow() >= 0 && m_table->item(m_table->currentRow(), 0)
                                 ? m_table->item(m_table->currentRow(), 0)->data(kIdRole).toString()
                                 : QString();
    std::vector<const LeverResult*> rows;
    for (const LeverResult& r : m_result.levers)
        rows.push_back(&r);
    // Largest saving first; levers that do not apply last, in table order.
    std::stable_sort(rows.begin(), rows.end(), [](const LeverResult* a, const LeverResult* b) {
        if (a->applies != b->applies)
            return a->applies;
        return a->applies && a->saving() > b->saving();
    });
    m_table->setRowCount(int(rows.size()));
    const QColor muted = palette().color(QPalette::Disabled, QPalette::Text);
    int selectRow = -1;
    for (int i = 0; i < int(rows.size()); ++i) {
        const LeverResult& r = *rows[std::size_t(i)];
        const QString id = QString::fromUtf8(r.info->id.data(), qsizetype(r.info->id.size()));
        if (id == selected)
            selectRow = i;
        auto* name = new QTableWidgetItem(QStringLiteral("%1  %2").arg(
            QString::fromUtf8(r.info->section.data(), qsizetype(r.info->section.size())),
            leverText(r.info->label)));
        name->setData(kIdRole, id);
        // The dock is narrow: the full label leads the tooltip.
        name->setToolTip(plainToolTip(leverText(r.info->label) + QLatin1Char('\n') +
                                      leverText(r.info->description)));
        auto* saving = new QTableWidgetItem;
        auto* risks = new QTableWidgetItem;
        if (r.applies && r.after.ok) {
            name->setFlags(name->flags() | Qt::ItemIsUserCheckable);
            name->setCheckState(m_checked.contains(id) ? Qt::Checked : Qt::Unchecked);
            saving->setText(
                tr("%1 (%2)").arg(formatMoney(r.saving(), cur), formatPercent(r.savingShare())));
            saving->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            risks->setText(r.withinLimits() ? risksText(r, true)
                                            : tr("over limit: %1").arg(risksText(r, true)));
            if (!r.withinLimits())
                risks->setForeground(impactTextColor(2));
            else if (r.pushes_boundary)
                risks->setForeground(impactTextColor(1));
            if (r.saving() <= 0)
                saving->setForeground(muted);
        } else {
            m_checked.remove(id);
            // Items are checkable by default: a lever that does not apply cannot be ticked.
            name->setFlags(name->flags() & ~Qt::ItemIsUserCheckable);
            name->setForeground(muted);
            saving->setText(tr("does not apply"));
            saving->setForeground(muted);
            saving->setToolTip(leverText(r.reason));
            risks->setText(QStringLiteral("—"));
            risks->setForeground(muted);
        }
        m_table->setItem(i, ColLever, name);
        m_table->setItem(i, ColSaving, saving);
        m_table->setItem(i, ColRisks, risks);
    }
    m_filling = false;
    if (!m_result.error.empty())
        m_summary->setText(
            m_result.error == kLeversNotPricedError
                ? tr("The levers need prices: an accelerator of this plan has no price in the "
                     "catalog, so no saving can be measured. Add one in Library → Catalogs.")
                : tr("The levers need a plan that can be evaluated: fix its warnings first."));
    else if (m_combined.lever_ids.empty())
        m_summary->setText(tr("Plan: %1. No lever saves within the risk limits.")
                               .arg(formatMoney(m_result.base.total, cur)));
    else {
        const double save = m_result.base.total - m_combined.after.total;
        m_summary->setText(
            tr("Plan: %1 (P50 %2, P90 %3). All %n levers within the limits together save %4 "
               "(%5): %6.",
               nullptr, int(m_combined.lever_ids.size()))
                .arg(formatMoney(m_result.base.total, cur), formatMoney(m_result.base.p50, cur),
                     formatMoney(m_result.base.p90, cur), formatMoney(save, cur),
                     formatPercent(save / m_result.base.total),
                     formatMoney(m_combined.after.total, cur)));
    }
    m_table->selectRow(selectRow >= 0 ? selectRow : (rows.empty() ? -1 : 0));
    showDetails();
    updateButtons();
}

void LeversPanel::showDetails()
{
    const LeverResult* r = leverAt(m_table->currentRow());
    if (!r) {
        m_details->setPlainText(QString());
        return;
    }
    const Currency cur = m_doc->scenario().currency;
    QStringList out;
    out << leverText(r->info->label) + QStringLiteral(" (") +
               tr("article %1")
                   .arg(QString::fromUtf8(r->info->section.data(),
                                          qsizetype(r->info->section.size()))) +
               QStringLiteral(")");
    out << leverText(r->info->description);
    out << tr("Applies to: %1").arg(leverText(r->info->applies));
    if (!r->applies) {
        out << QString() << tr("Does not apply: %1").arg(leverText(r->reason));
        m_details->setPlainText(out.join(QLatin1Char('\n')));
        return;
    }
    out << QString() << tr("Changes:");
    for (const ParamChange& c : r->changes)
        out << QStringLiteral("  ") + changeText(c);
    out << QString();
    if (!r->after.ok) {
        out << tr("The changed plan cannot be evaluated.");
    } else {
        out << tr("Total: %1 → %2 (saves %3, %4)")
                   .arg(formatMoney(r->before.total, cur), formatMoney(r->after.total, cur),
                        formatMoney(r->saving(), cur), formatPercent(r->savingShare()));
        if (r->after.p90 > 0)
            out << tr("Monte Carlo P50: %1 → %2; P90: %3 → %4 (%n runs)", nullptr, kMonteCarloRuns)
                       .arg(formatMoney(r->before.p50, cur), formatMoney(r->after.p50, cur),
                            formatMoney(r->before.p90, cur), formatMoney(r->after.p90, cur));
        out << tr("Duration: %1 → %2 days")
                   .arg(formatNumber(r->before.days), formatNumber(r->after.days));
        out << QString() << tr("Risks:") << risksText(*r, false);
        if (!r->withinLimits()) {
            QStringList names;
            for (RiskKind k : r->exceeded)
                names << riskDisplayName(k);
            out << tr("Raises above its limit: %1").arg(names.join(QStringLiteral(", ")));
        }
    }
    out << QString() << tr("Boundary (article §5): %1").arg(boundaryDisplayName(r->info->boundary));
    if (r->pushes_boundary)
        out << tr("Warning: %1").arg(leverText(r->info->warning));
    if (!r->info->caveat.empty())
        out << tr("Note: %1").arg(leverText(r->info->caveat));
    m_details->setPlainText(out.join(QLatin1Char('\n')));
}

void LeversPanel::updateButtons()
{
    const bool current =
        m_resultGeneration == m_generation && m_result.error.empty() && !m_result.levers.empty();
    m_applyChecked->setEnabled(current && !m_checked.isEmpty());
    m_applyAll->setEnabled(current && !m_combined.lever_ids.empty());
}

void LeversPanel::setChecked(const QString& id, bool checked)
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QTableWidgetItem* item = m_table->item(row, ColLever);
        if (item && item->data(kIdRole).toString() == id &&
            (item->flags() & Qt::ItemIsUserCheckable))
            item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList LeversPanel::checkedLevers() const
{
    QStringList ids(m_checked.begin(), m_checked.end());
    ids.sort();
    return ids;
}

bool LeversPanel::applyChanges(const std::vector<ParamChange>& changes, const QStringList& names,
                               QString* error)
{
    const QString label = names.size() == 1 ? tr("Apply lever: %1").arg(names.front())
                                            : tr("Apply %n levers", nullptr, int(names.size()));
    if (!m_doc->apply(changes, label, error))
        return false;
    emit statusMessage(label);
    return true;
}

bool LeversPanel::applyChecked(QString* error)
{
    if (m_resultGeneration != m_generation || m_result.levers.empty()) {
        if (error)
            *error = tr("The levers are still being priced for this plan; try again in a moment.");
        return false;
    }
    std::vector<ParamChange> changes;
    QStringList names;
    for (const LeverResult& r : m_result.levers) {
        if (!r.applies ||
            !m_checked.contains(QString::fromUtf8(r.info->id.data(), qsizetype(r.info->id.size()))))
            continue;
        changes.insert(changes.end(), r.changes.begin(), r.changes.end());
        names << leverText(r.info->label);
    }
    if (names.isEmpty()) {
        if (error)
            *error = tr("Tick the levers to apply first.");
        return false;
    }
    m_checked.clear();
    return applyChanges(changes, names, error);
}

bool LeversPanel::applyAllWithinLimits(QString* error)
{
    if (m_resultGeneration != m_generation || m_result.levers.empty()) {
        if (error)
            *error = tr("The levers are still being priced for this plan; try again in a moment.");
        return false;
    }
    if (m_combined.lever_ids.empty()) {
        if (error)
            *error = tr("No lever saves within the risk limits.");
        return false;
    }
    QStringList names;
    for (std::string_view id : m_combined.lever_ids)
        if (const LeverInfo* l = findLever(id))
            names << leverText(l->label);
    m_checked.clear();
    return applyChanges(m_combined.changes, names, error);
}

void LeversPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        fillTable();
    }
    QWidget::changeEvent(event);
}

void LeversPanel::retranslate()
{
    m_limitsLabel->setText(tr("Risk limits: a lever is within them when no risk ends above its "
                              "limit and above where it started."));
    m_oomLabel->setText(tr("P(&OOM) ≤"));
    m_runLostLabel->setText(tr("P(run &lost) ≤"));
    m_budgetLabel->setText(tr("P(over &budget) ≤"));
    m_maxOom->setToolTip(tr("Largest acceptable chance that a GPU runs out of memory. Default "
                            "5 %: where the OOM badge turns amber."));
    m_maxRunLost->setToolTip(
        tr("Largest acceptable chance of an unrecoverable divergence or collapse. Default 5 %: "
           "where the Run lost badge turns amber."));
    m_maxBudget->setToolTip(tr("Largest acceptable chance that the total exceeds the budget. "
                               "Default 20 %: where the Budget badge turns red."));
    m_table->setHorizontalHeaderLabels({tr("Lever"), tr("Saving"), tr("Risks")});
    m_table->setAccessibleName(tr("Savings levers"));
    m_table->setAccessibleDescription(
        tr("One row per lever of the article's checklist: saving on this plan, risks it moves; "
           "tick to apply"));
    m_details->setAccessibleName(tr("Lever details"));
    m_applyChecked->setText(tr("&Apply ticked"));
    m_applyChecked->setToolTip(tr("Apply the ticked levers' changes as one undo step"));
    m_applyAll->setText(tr("Apply all &within limits"));
    m_applyAll->setToolTip(
        tr("Apply every lever that saves and raises no risk above its limit, largest saving "
           "first, each kept only if it still saves on top of the others; one undo step"));
}

} // namespace costlab
