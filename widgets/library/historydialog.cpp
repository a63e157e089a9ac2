#include "historydialog.h"
#include "plaintext.h"

#include "librarymodel.h"
#include "paramtext.h"
#include "registry.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

QTableWidgetItem* item(const QString& text)
{
    auto* i = new QTableWidgetItem(text);
    i->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    i->setToolTip(plainToolTip(text));
    return i;
}

} // namespace

HistoryDialog::HistoryDialog(ScenarioStore* store, qint64 scenarioId, QWidget* parent)
    : QDialog(parent), m_store(store), m_scenarioId(scenarioId)
{
    setObjectName(QStringLiteral("historyDialog"));
    setWindowTitle(tr("Scenario history"));
    auto* layout = new QVBoxLayout(this);
    m_title = plainLabel(new QLabel(this));
    m_title->setWordWrap(true);
    layout->addWidget(m_title);

    auto* split = new QSplitter(Qt::Vertical, this);
    m_revisions = new QTableWidget(0, 4, split);
    m_revisions->setObjectName(QStringLiteral("revisionTable"));
    m_revisions->setAccessibleName(tr("Revisions, newest first"));
    // "Saved by": the database role on a team library, the login name on a file (issue 48).
    m_revisions->setHorizontalHeaderLabels(
        {tr("Saved"), tr("Message"), tr("Total cost"), tr("Saved by")});
    m_revisions->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_revisions->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_revisions->verticalHeader()->hide();
    m_revisions->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_diff = new QTableWidget(0, 4, split);
    m_diff->setObjectName(QStringLiteral("diffTable"));
    m_diff->setAccessibleName(tr("Changed parameters between the two selected revisions"));
    m_diff->setHorizontalHeaderLabels(
        {tr("Parameter"), tr("Older revision"), tr("Newer revision"), tr("Unit")});
    m_diff->verticalHeader()->hide();
    m_diff->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    split->addWidget(m_revisions);
    split->addWidget(m_diff);
    layout->addWidget(split, 1);

    m_status = plainLabel(new QLabel(this));
    m_status->setWordWrap(true);
    m_status->setText(tr("Select two revisions and press Diff to list the parameters that "
                         "changed."));
    layout->addWidget(m_status);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);

    giveMnemonics(buttons);
    m_diffButton = buttons->addButton(tr("&Diff"), QDialogButtonBox::ActionRole);
    m_restoreButton = buttons->addButton(tr("&Restore as current"), QDialogButtonBox::ActionRole);
    m_openButton = buttons->addButton(tr("&Open revision"), QDialogButtonBox::ActionRole);
    m_diffButton->setToolTip(tr("Compare the two selected revisions"));
    m_restoreButton->setToolTip(
        tr("Add a new revision equal to the selected one; the history is kept"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_diffButton, &QPushButton::clicked, this, [this] {
        const auto ids = selectedRevisionIds();
        if (ids.size() == 2)
            showDiff(std::min(ids[0], ids[1]), std::max(ids[0], ids[1]));
    });
    connect(m_restoreButton, &QPushButton::clicked, this, [this] {
        const auto ids = selectedRevisionIds();
        if (ids.size() == 1)
            restoreRevision(ids.front());
    });
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        const auto ids = selectedRevisionIds();
        if (ids.size() == 1) {
            emit openRequested(m_scenarioId, ids.front());
            accept();
        }
    });
    connect(m_revisions, &QTableWidget::itemSelectionChanged, this, &HistoryDialog::updateButtons);
    resize(760, 520);
    reload();
}

void HistoryDialog::reload()
{
    m_revisions->setRowCount(0);
    if (auto row = m_store->scenario(m_scenarioId))
        m_title->setText(tr("History of “%1”").arg(displayText(row.value.name)));
    auto revs = m_store->revisions(m_scenarioId);
    if (!revs) {
        m_status->setText(QString::fromStdString(revs.error));
        updateButtons();
        return;
    }
    m_revisions->setRowCount(static_cast<int>(revs.value.size()));
    int r = 0;
    for (const RevisionRow& rev : revs.value) {
        const QDateTime t = QDateTime::fromMSecsSinceEpoch(rev.created).toLocalTime();
        auto* when = item(QLocale().toString(t, QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        when->setData(Qt::UserRole, QVariant::fromValue<qint64>(rev.id));
        m_revisions->setItem(r, 0, when);
        m_revisions->setItem(
            r, 1,
            item(rev.message.empty() ? tr("(no message)") : QString::fromStdString(rev.message)));
        auto* total =
            item(rev.figures.total_cost == kNotPriced
                     ? tr("not priced")
                     : formatMoney(rev.figures.total_cost, currencyFromCode(rev.figures.currency)));
        total->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_revisions->setItem(r, 2, total);
        m_revisions->setItem(r, 3, item(QString::fromStdString(rev.saved_by)));
        ++r;
    }
    m_revisions->resizeColumnToContents(0);
    m_revisions->resizeColumnToContents(2);
    m_revisions->resizeColumnToContents(3);
    updateButtons();
}

QList<qint64> HistoryDialog::revisionIds() const
{
    QList<qint64> ids;
    for (int r = 0; r < m_revisions->rowCount(); ++r)
        ids << m_revisions->item(r, 0)->data(Qt::UserRole).toLongLong();
    return ids;
}

QList<qint64> HistoryDialog::selectedRevisionIds() const
{
    QList<qint64> ids;
    for (const QModelIndex& i : m_revisions->selectionModel()->selectedRows())
        ids << m_revisions->item(i.row(), 0)->data(Qt::UserRole).toLongLong();
    return ids;
}

void HistoryDialog::updateButtons()
{
    const int n = static_cast<int>(selectedRevisionIds().size());
    m_diffButton->setEnabled(n == 2);
    m_restoreButton->setEnabled(n == 1 && !m_store->isReadOnly());
    m_openButton->setEnabled(n == 1);
    if (m_store->isReadOnly())
        m_restoreButton->setToolTip(tr("The library is read-only."));
}

QString HistoryDialog::showDiff(qint64 older, qint64 newer)
{
    m_diff->setRowCount(0);
    auto diff = m_store->diffRevisions(older, newer);
    if (!diff) {
        const QString err = QString::fromStdString(diff.error);
        m_status->setText(err);
        return err;
    }
    // Labels come from the newer revision's scenario (the older one may lack a phase).
    std::optional<Scenario> scenario;
    if (auto s = m_store->loadRevision(newer))
        scenario = std::move(s.value);
    m_diff->setRowCount(static_cast<int>(diff.value.size()));
    int r = 0;
    for (const ParamDiff& d : diff.value) {
        QString label = QString::fromStdString(d.id);
        if (scenario) {
            if (auto ref = findParam(*scenario, d.id); ref && ref->def)
                label = tr("%1 (%2)").arg(paramLabel(*ref->def), QString::fromStdString(d.id));
        }
        m_diff->setItem(r, 0, item(label));
        // A number in the reader's format, never an exponent (issue 49: "4e+02 → 3e+02").
        const auto value = [](const std::string& text) {
            bool number = false;
            const double v = QString::fromStdString(text).toDouble(&number);
            return number && std::isfinite(v) ? plainNumber(v, QLocale())
                                              : QString::fromStdString(text);
        };
        m_diff->setItem(r, 1, item(d.old_text.empty() ? tr("(absent)") : value(d.old_text)));
        m_diff->setItem(r, 2, item(d.new_text.empty() ? tr("(absent)") : value(d.new_text)));
        m_diff->setItem(r, 3, item(unitText(d.unit)));
        ++r;
    }
    m_diff->resizeColumnsToContents();
    m_status->setText(diff.value.empty()
                          ? tr("The two revisions have identical inputs.")
                          : tr("%n parameter(s) changed.", nullptr, int(diff.value.size())));
    return {};
}

qint64 HistoryDialog::restoreRevision(qint64 revisionId, QString* error)
{
    auto r = m_store->restoreRevision(revisionId, tr("Restored an earlier revision").toStdString());
    if (!r) {
        const QString err = QString::fromStdString(r.error);
        m_status->setText(err);
        if (error)
            *error = err;
        return 0;
    }
    reload();
    m_status->setText(tr("The revision is now the current one (saved as a new revision)."));
    emit revisionRestored(m_scenarioId, r.value);
    return r.value;
}

} // namespace costlab
