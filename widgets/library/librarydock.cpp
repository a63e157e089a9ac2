#include "librarydock.h"
#include "plaintext.h"

#include "catalogeditordialog.h"
#include "historydialog.h"
#include "librarymodel.h"
#include "libraryutil.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QSaveFile>
#include <QSet>
#include <QSignalBlocker>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

#include <memory>

namespace costlab {

LibraryDock::LibraryDock(ScenarioStore* store, QWidget* parent)
    : QDockWidget(tr("Library"), parent), m_store(store)
{
    setObjectName(QStringLiteral("libraryDock"));
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);

    m_banner = plainLabel(new QLabel(body));
    m_banner->setObjectName(QStringLiteral("libraryBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; border: 1px solid #e0c060;"
                       " border-radius: 3px; padding: 4px; }"));
    m_banner->setAccessibleName(tr("Library notice"));
    m_banner->hide();
    layout->addWidget(m_banner);

    m_search = new QLineEdit(body);
    m_search->setPlaceholderText(tr("Search names and tags"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search the library"));
    layout->addWidget(m_search);

    auto* filters = new QGridLayout;
    filters->setHorizontalSpacing(6);
    filters->setVerticalSpacing(2);
    for (int k = 0; k < 4; ++k) {
        const auto kind = static_cast<TagKind>(k);
        auto* combo = new QComboBox(body);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
        combo->setAccessibleName(tr("Filter by %1").arg(tagKindLabel(kind)));
        auto* label = new QLabel(body);
        m_tagLabels[static_cast<std::size_t>(k)] = label;
        label->setBuddy(combo);
        filters->addWidget(label, k / 2, (k % 2) * 2);
        filters->addWidget(combo, k / 2, (k % 2) * 2 + 1);
        filters->setColumnStretch((k % 2) * 2 + 1, 1);
        m_tagCombos[static_cast<std::size_t>(k)] = combo;
        connect(combo, &QComboBox::activated, this, [this, combo, kind](int) {
            m_model->setTagFilter(kind, combo->currentData().toString());
        });
    }
    layout->addLayout(filters);

    m_toolbar = new QToolBar(body);
    m_toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toolbar->setAccessibleName(tr("Library actions"));
    layout->addWidget(m_toolbar);

    m_model = new LibraryModel(store, this);
    m_view = new QTableView(body);
    m_view->setObjectName(QStringLiteral("libraryTable"));
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Scenarios in the library"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSortingEnabled(true);
    m_view->setWordWrap(false);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSortIndicator(LibraryModel::ModifiedColumn, Qt::DescendingOrder);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    layout->addWidget(m_view, 1);

    m_countLabel = new QLabel(body);
    m_countLabel->setTextFormat(Qt::PlainText); // names a library: user text, never markup
    // A long connection string is clipped (the tooltip has it whole), never widens the dock.
    m_countLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_countLabel->setAccessibleName(tr("Number of scenarios shown"));
    layout->addWidget(m_countLabel);

    setWidget(body);

    createActions();
    retranslate();

    m_searchTimer = new QTimer(this);
    m_searchTimer->setSingleShot(true);
    m_searchTimer->setInterval(120); // re-query after a typing pause, not on every key
    connect(m_search, &QLineEdit::textChanged, m_searchTimer, qOverload<>(&QTimer::start));
    connect(m_searchTimer, &QTimer::timeout, this,
            [this] { m_model->setTextFilter(m_search->text()); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchTimer->stop();
        m_model->setTextFilter(m_search->text());
        m_view->setFocus();
    });

    // Only columns the store can ORDER BY are sortable: put the indicator back otherwise
    // (QTableView has already called LibraryModel::sort, which ignored the column).
    connect(m_view->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this](int column, Qt::SortOrder order) {
                if (LibraryModel::isSortable(column)) {
                    m_sortColumn = column;
                    m_sortOrder = order;
                    return;
                }
                QHeaderView* header = m_view->horizontalHeader();
                QSignalBlocker block(header);
                header->setSortIndicator(m_sortColumn, m_sortOrder);
            });

    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex&) {
        if (!m_model->showTrash())
            openSelected();
    });
    connect(m_model, &LibraryModel::refreshed, this, [this](qint64 total) {
        QString text = m_model->showTrash() ? tr("%n scenario(s) in the trash", nullptr, int(total))
                                            : tr("%n scenario(s)", nullptr, int(total));
        // On a team library, say which one and as whom: planners must see where a save goes.
        if (m_store && m_store->isOpen() && isServerLibrary(m_store->path()))
            text = tr("%1 · team library %2 as %3")
                       .arg(text, QString::fromStdString(m_store->path()),
                            QString::fromStdString(m_store->user()));
        m_countLabel->setText(text);
        m_countLabel->setToolTip(text);
        updateActions();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { updateActions(); });
    // The view keeps its selection model across model resets (only setModel replaces it).
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { updateActions(); });

    connect(m_view->horizontalHeader(), &QHeaderView::sectionResized, this,
            [this](int section, int, int) {
                if (section == LibraryModel::NameColumn && !m_fittingName)
                    m_nameSizedByUser = true;
            });
    connect(m_model, &LibraryModel::refreshed, this, &LibraryDock::fitNameColumn);
    m_view->viewport()->installEventFilter(this);
    refresh();
    m_fittingName = true;
    m_view->resizeColumnsToContents();
    m_fittingName = false;
    fitNameColumn();
}

void LibraryDock::fitNameColumn()
{
    if (m_nameSizedByUser)
        return;
    constexpr int kMaxNameWidth = 260, kMinNameWidth = 120;
    const int c = LibraryModel::NameColumn;
    m_fittingName = true;
    // The money is never cut (issue 49: in a narrow dock at 2× scale the totals read "$2",
    // "$3.34"): the modified and total columns take what they need, the name the rest.
    m_view->resizeColumnToContents(LibraryModel::ModifiedColumn);
    m_view->resizeColumnToContents(LibraryModel::TotalColumn);
    // Before the dock is shown its width is not known yet: no limit from it then.
    const int room = m_view->isVisible() ? m_view->viewport()->width() -
                                               m_view->columnWidth(LibraryModel::ModifiedColumn) -
                                               m_view->columnWidth(LibraryModel::TotalColumn)
                                         : kMaxNameWidth;
    m_view->resizeColumnToContents(c);
    m_view->setColumnWidth(
        c, std::min({m_view->columnWidth(c), kMaxNameWidth, std::max(room, kMinNameWidth)}));
    m_fittingName = false;
}

bool LibraryDock::eventFilter(QObject* watched, QEvent* event)
{
    // The table's own width, after the dock's layout gave it one: a narrower dock gives the
    // name less room, never the total.
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitNameColumn();
    return QDockWidget::eventFilter(watched, event);
}

void LibraryDock::createActions()
{
    // Texts come from retranslate(), so a language switch at run time reaches them.
    auto make = [this](QKeySequence key = {}) {
        auto* a = new QAction(this);
        if (!key.isEmpty()) {
            a->setShortcut(key);
            a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        }
        addAction(a);
        return a;
    };
    m_open = make(QKeySequence(Qt::Key_Return));
    m_duplicate = make(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_rename = make(QKeySequence(Qt::Key_F2));
    m_tags = make(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_trash = make(QKeySequence(QKeySequence::Delete));
    m_showTrash = make();
    m_showTrash->setCheckable(true);
    m_restore = make();
    m_emptyTrash = make();
    m_import = make();
    m_export = make();
    m_history = make(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_catalogs = make();

    for (QAction* a : {m_open, m_duplicate, m_rename, m_tags, m_trash, m_showTrash, m_restore,
                       m_emptyTrash, m_import, m_export, m_history, m_catalogs})
        m_toolbar->addAction(a);
    for (QAction* a :
         {m_open, m_duplicate, m_rename, m_tags, m_trash, m_restore, m_export, m_history})
        m_view->addAction(a);

    connect(m_open, &QAction::triggered, this, &LibraryDock::openSelected);
    connect(m_duplicate, &QAction::triggered, this, [this] {
        const auto ids = selectedScenarioIds();
        qint64 last = 0;
        for (qint64 id : ids) {
            QString err;
            last = duplicateScenario(id, &err);
            if (!last) {
                showError(tr("Duplicate"), err);
                break;
            }
        }
        if (last)
            selectScenario(last);
    });
    connect(m_rename, &QAction::triggered, this, &LibraryDock::askRename);
    connect(m_tags, &QAction::triggered, this, &LibraryDock::askTags);
    connect(m_trash, &QAction::triggered, this, [this] {
        const QString err = trashScenarios(selectedScenarioIds());
        if (!err.isEmpty())
            showError(tr("Move to trash"), err);
    });
    connect(m_showTrash, &QAction::toggled, this, [this](bool on) {
        m_model->setShowTrash(on);
        updateActions();
    });
    connect(m_restore, &QAction::triggered, this, [this] {
        const QString err = restoreScenarios(selectedScenarioIds());
        if (!err.isEmpty())
            showError(tr("Restore"), err);
    });
    connect(m_emptyTrash, &QAction::triggered, this, &LibraryDock::askEmptyTrash);
    connect(m_import, &QAction::triggered, this, &LibraryDock::askImport);
    connect(m_export, &QAction::triggered, this, &LibraryDock::askExport);
    connect(m_history, &QAction::triggered, this, &LibraryDock::showHistory);
    connect(m_catalogs, &QAction::triggered, this, &LibraryDock::showCatalogEditor);
}

QList<QAction*> LibraryDock::libraryActions() const
{
    return {m_open,    m_duplicate,  m_rename, m_tags,   m_trash,   m_showTrash,
            m_restore, m_emptyTrash, m_import, m_export, m_history, m_catalogs};
}

QComboBox* LibraryDock::tagCombo(TagKind kind) const
{
    return m_tagCombos[static_cast<std::size_t>(kind)];
}

namespace {

/// Why the library is read-only, in the window's language (the store's sentence is English;
/// a file's own reason, which names the path and the system's error, stays as it is).
QString readOnlyReason(const StoreStatus& st, const QString& role)
{
    switch (st.read_only_cause) {
    case ReadOnlyCause::Requested:
        return LibraryDock::tr("opened read-only on request");
    case ReadOnlyCause::Newer:
        return LibraryDock::tr("written by a newer Costlab");
    case ReadOnlyCause::Standby:
        return LibraryDock::tr("the server is a read-only standby");
    case ReadOnlyCause::Role:
        return LibraryDock::tr("the database role %1 may read this library but not change it")
            .arg(role);
    case ReadOnlyCause::NotWritable:
    case ReadOnlyCause::None:
        break;
    }
    return QString::fromStdString(st.read_only_reason);
}

} // namespace

QString LibraryDock::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

void LibraryDock::retranslate()
{
    setWindowTitle(tr("Library"));
    m_banner->setAccessibleName(tr("Library notice"));
    m_search->setPlaceholderText(tr("Search names and tags"));
    m_search->setAccessibleName(tr("Search the library"));
    for (int k = 0; k < 4; ++k) {
        const auto kind = static_cast<TagKind>(k);
        m_tagLabels[static_cast<std::size_t>(k)]->setText(tagKindLabel(kind) + QLatin1Char(':'));
        m_tagCombos[static_cast<std::size_t>(k)]->setAccessibleName(
            tr("Filter by %1").arg(tagKindLabel(kind)));
    }
    m_toolbar->setAccessibleName(tr("Library actions"));
    m_view->setAccessibleName(tr("Scenarios in the library"));
    m_countLabel->setAccessibleName(tr("Number of scenarios shown"));
    const std::pair<QAction*, std::pair<QString, QString>> texts[] = {
        {m_open, {tr("&Open"), tr("Open the selected scenario in the editor")}},
        {m_duplicate, {tr("D&uplicate"), tr("Copy the selected scenario into a new one")}},
        {m_rename, {tr("&Rename…"), tr("Rename the selected scenario")}},
        {m_tags,
         {tr("Ta&gs…"), tr("Add or edit the project, batch, resource and free tags of the "
                           "selected scenario")}},
        {m_trash, {tr("Move to &trash"), tr("Move the selected scenarios to the trash")}},
        {m_showTrash, {tr("Show tr&ash"), tr("List the scenarios in the trash")}},
        {m_restore, {tr("Re&store"), tr("Take the selected scenarios out of the trash")}},
        {m_emptyTrash, {tr("&Empty trash…"), tr("Delete every scenario in the trash for good")}},
        {m_import, {tr("&Import…"), tr("Import .costlab.json files into the library")}},
        {m_export,
         {tr("E&xport selection…"),
          tr("Write the selected scenarios as .costlab.json files to a folder")}},
        {m_history, {tr("&History…"), tr("Revisions of the selected scenario")}},
        {m_catalogs, {tr("&Catalogs…"), tr("View and edit price catalogs")}}};
    for (const auto& [action, t] : texts) {
        action->setText(t.first);
        action->setToolTip(t.second);
        action->setStatusTip(t.second);
    }
}

void LibraryDock::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh(); // count, banner, "(any)" in the tag filters, column titles (model reset)
    }
    QDockWidget::changeEvent(event);
}

void LibraryDock::setStore(ScenarioStore* store)
{
    m_store = store;
    m_model->setStore(store);
    refresh();
}

void LibraryDock::refresh()
{
    const QList<qint64> selected = selectedScenarioIds();
    m_model->refresh();
    refillTagCombos();
    updateBanner();
    for (qint64 id : selected)
        selectScenario(id);
    updateActions();
}

void LibraryDock::refillTagCombos()
{
    for (int k = 0; k < 4; ++k) {
        const auto kind = static_cast<TagKind>(k);
        QComboBox* combo = m_tagCombos[static_cast<std::size_t>(k)];
        const QString current = m_model->tagFilter(kind);
        combo->blockSignals(true);
        combo->clear();
        combo->addItem(tr("(any)"), QString());
        if (m_store && m_store->isOpen()) {
            if (auto values = m_store->tagValues(kind)) {
                for (const std::string& v : values.value)
                    combo->addItem(QString::fromStdString(v), QString::fromStdString(v));
            }
        }
        int idx = combo->findData(current);
        if (idx < 0 && !current.isEmpty()) {
            // Keep a filter whose last scenario went away visible, so it can be cleared.
            combo->addItem(current, current);
            idx = combo->count() - 1;
        }
        combo->setCurrentIndex(std::max(0, idx));
        combo->blockSignals(false);
    }
}

void LibraryDock::setUnavailable(const QString& path, const QString& reason)
{
    m_unavailable = tr("The library %1 could not be opened: %2 Plans can still be opened from "
                       "and saved to files; Save to Library is off.")
                        .arg(QDir::toNativeSeparators(path), reason);
    updateBanner();
}

void LibraryDock::updateBanner()
{
    QStringList parts;
    if (!m_store || !m_store->isOpen()) {
        parts << (m_unavailable.isEmpty()
                      ? tr("No library is open; scenarios can still be opened from and saved to "
                           "files.")
                      : m_unavailable);
    } else {
        const StoreStatus& st = m_store->status();
        if (st.recovered) {
            QString t = tr("The library file was damaged and has been moved aside to %1; a "
                           "fresh library was created.")
                            .arg(QString::fromStdString(st.damaged_path));
            if (!st.newest_backup.empty())
                t += QLatin1Char(' ') +
                     tr("The latest backup is %1.").arg(QString::fromStdString(st.newest_backup));
            parts << t;
        } else if (st.created && isServerLibrary(m_store->path())) {
            parts << tr("A new team library was set up on %1; plans saved here are shared with "
                        "everyone who connects to it.")
                         .arg(QString::fromStdString(m_store->path()));
        } else if (st.created) {
            const auto rows = m_store->list();
            parts << (rows && !rows.value.empty()
                          ? tr("A new library was created at %1, with the example plans in it.")
                          : tr("A new, empty library was created at %1."))
                         .arg(QString::fromStdString(m_store->path()));
        }
        if (st.migrated_from > 0)
            parts << (st.migration_backup.empty()
                          ? tr("The team library was upgraded from schema version %1; its "
                               "server's backups hold the old version.")
                                .arg(st.migrated_from)
                          : tr("The library was upgraded from schema version %1; a backup was "
                               "kept at %2.")
                                .arg(st.migrated_from)
                                .arg(QString::fromStdString(st.migration_backup)));
        if (m_store->isReadOnly())
            parts << tr("This library is read-only (%1): you can browse, open and export, but "
                        "not change it.")
                         .arg(readOnlyReason(st, QString::fromStdString(m_store->user())));
    }
    if (!m_model->lastError().isEmpty())
        parts << tr("The list could not be read: %1").arg(m_model->lastError());
    m_banner->setText(parts.join(QLatin1Char('\n')));
    m_banner->setVisible(!parts.isEmpty());
}

void LibraryDock::updateActions()
{
    const bool open = m_store && m_store->isOpen();
    const bool writable = open && !m_store->isReadOnly();
    const int n = static_cast<int>(selectedScenarioIds().size());
    const bool trash = m_model->showTrash();
    m_open->setEnabled(open && !trash && n == 1);
    m_duplicate->setEnabled(writable && !trash && n >= 1);
    m_rename->setEnabled(writable && !trash && n == 1);
    m_tags->setEnabled(writable && !trash && n == 1);
    m_trash->setEnabled(writable && !trash && n >= 1);
    m_showTrash->setEnabled(open);
    m_restore->setEnabled(writable && trash && n >= 1);
    m_emptyTrash->setEnabled(writable && trash && m_model->totalCount() > 0);
    m_import->setEnabled(writable);
    m_export->setEnabled(open && n >= 1);
    m_history->setEnabled(open && n == 1);
    m_catalogs->setEnabled(open);
    const QString ro = tr("The library is read-only.");
    for (QAction* a : {m_duplicate, m_rename, m_tags, m_trash, m_restore, m_emptyTrash, m_import})
        a->setToolTip(open && !writable ? ro : a->statusTip());
}

QList<qint64> LibraryDock::selectedScenarioIds() const
{
    QList<qint64> ids;
    if (!m_view->selectionModel())
        return ids;
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    for (const QModelIndex& i : rows)
        ids << m_model->scenarioId(i.row());
    return ids;
}

bool LibraryDock::selectScenario(qint64 scenarioId)
{
    const int row = m_model->rowOf(scenarioId);
    if (row < 0)
        return false;
    m_view->selectionModel()->select(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect |
                                                                 QItemSelectionModel::Rows);
    m_view->setCurrentIndex(m_model->index(row, 0));
    m_view->scrollTo(m_model->index(row, 0));
    updateActions();
    return true;
}

void LibraryDock::changed()
{
    refresh();
    emit libraryChanged();
}

void LibraryDock::openSelected()
{
    const auto ids = selectedScenarioIds();
    if (ids.size() != 1)
        return;
    const int row = m_model->rowOf(ids.front());
    if (const ScenarioRow* r = m_model->rowAt(row))
        emit openRequested(r->id, r->current_revision);
}

qint64 LibraryDock::duplicateScenario(qint64 scenarioId, QString* error)
{
    if (!m_store)
        return 0;
    auto r = m_store->duplicate(scenarioId);
    if (!r) {
        if (error)
            *error = QString::fromStdString(r.error);
        return 0;
    }
    changed();
    return r.value;
}

QString LibraryDock::renameScenario(qint64 scenarioId, const QString& newName)
{
    if (!m_store)
        return tr("No library is open.");
    if (newName.trimmed().isEmpty())
        return tr("A scenario name can't be empty.");
    const Status err = m_store->rename(scenarioId, newName.toStdString());
    changed();
    return QString::fromStdString(err.error);
}

LibraryDock::TagTexts LibraryDock::tagTexts(qint64 scenarioId) const
{
    TagTexts out;
    if (!m_store)
        return out;
    const auto tags = m_store->tags(scenarioId);
    if (!tags)
        return out;
    std::array<QStringList, 4> values;
    for (const Tag& t : tags.value)
        values[static_cast<std::size_t>(t.kind)] << QString::fromStdString(t.value);
    for (std::size_t k = 0; k < out.size(); ++k)
        out[k] = values[k].join(QStringLiteral(", "));
    return out;
}

QString LibraryDock::setScenarioTags(qint64 scenarioId, const TagTexts& texts)
{
    if (!m_store)
        return tr("No library is open.");
    std::vector<Tag> tags;
    for (std::size_t k = 0; k < texts.size(); ++k)
        for (const QString& part : texts[k].split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (const QString v = part.trimmed(); !v.isEmpty())
                tags.push_back({static_cast<TagKind>(k), v.toStdString()});
    const Status err = m_store->setTags(scenarioId, tags);
    changed();
    return QString::fromStdString(err.error);
}

QString LibraryDock::trashScenarios(const QList<qint64>& ids)
{
    if (!m_store)
        return tr("No library is open.");
    QStringList errors;
    for (qint64 id : ids) {
        const Status err = m_store->trash(id);
        if (!err)
            errors << QString::fromStdString(err.error);
    }
    changed();
    return errors.join(QLatin1Char('\n'));
}

QString LibraryDock::restoreScenarios(const QList<qint64>& ids)
{
    if (!m_store)
        return tr("No library is open.");
    QStringList errors;
    for (qint64 id : ids) {
        const Status err = m_store->restoreFromTrash(id);
        if (!err)
            errors << QString::fromStdString(err.error);
    }
    changed();
    return errors.join(QLatin1Char('\n'));
}

int LibraryDock::emptyTrashNow(QString* error)
{
    if (!m_store) {
        if (error)
            *error = tr("No library is open.");
        return -1;
    }
    auto r = m_store->emptyTrash();
    changed();
    if (!r) {
        if (error)
            *error = QString::fromStdString(r.error);
        return -1;
    }
    return r.value;
}

LibraryDock::ImportOutcome LibraryDock::importFiles(const QStringList& paths)
{
    ImportOutcome out;
    if (!m_store) {
        out.rejected << tr("No library is open.");
        return out;
    }
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(QDir::toNativeSeparators(p).toStdString());
    FiguresCalculator figures(m_store);
    const ImportReport report =
        m_store->importFiles(files, [&figures](const Scenario& s) { return figures(s); });
    for (std::int64_t id : report.imported)
        out.imported << id;
    for (const std::string& r : report.rejected)
        out.rejected << QString::fromStdString(r);
    for (const std::string& r : report.identical)
        out.identical << QString::fromStdString(r);
    changed();
    return out;
}

LibraryDock::ExportOutcome LibraryDock::exportScenarios(const QList<qint64>& ids,
                                                        const QString& folder)
{
    ExportOutcome out;
    if (!m_store) {
        out.errors << tr("No library is open.");
        return out;
    }
    const QDir dir(folder);
    if (!dir.exists()) {
        out.errors << tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(folder));
        return out;
    }
    QSet<QString> used;
    for (qint64 id : ids) {
        auto row = m_store->scenario(id);
        if (!row) {
            out.errors << QString::fromStdString(row.error);
            continue;
        }
        auto text = m_store->revisionJson(row.value.current_revision);
        if (!text) {
            out.errors << QString::fromStdString(text.error);
            continue;
        }
        const QString base = sanitizedFileName(QString::fromStdString(row.value.name));
        QString fileName = base + QStringLiteral(".costlab.json");
        for (int n = 2; used.contains(fileName.toLower()) || dir.exists(fileName); ++n)
            fileName = QStringLiteral("%1 (%2).costlab.json").arg(base).arg(n);
        used.insert(fileName.toLower());
        const QString path = dir.filePath(fileName);
        QSaveFile file(path);
        const QByteArray bytes = QByteArray::fromStdString(text.value);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() ||
            !file.commit()) {
            out.errors << tr("Could not write %1: %2")
                              .arg(QDir::toNativeSeparators(path), file.errorString());
            continue;
        }
        out.written << path;
    }
    return out;
}

void LibraryDock::askRename()
{
    const auto ids = selectedScenarioIds();
    if (ids.size() != 1)
        return;
    const qint64 id = ids.front();
    const ScenarioRow* r = m_model->rowAt(m_model->rowOf(id));
    auto* dlg = new QInputDialog(this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(tr("Rename scenario"));
    dlg->setLabelText(tr("New name:"));
    dlg->setTextValue(r ? QString::fromStdString(r->name) : QString());
    connect(dlg, &QInputDialog::textValueSelected, this, [this, id](const QString& name) {
        const QString err = renameScenario(id, name);
        if (!err.isEmpty())
            showError(tr("Rename"), err);
        else
            selectScenario(id);
    });
    dlg->open();
}

void LibraryDock::askTags()
{
    const auto ids = selectedScenarioIds();
    if (ids.size() != 1)
        return;
    const qint64 id = ids.front();
    const ScenarioRow* r = m_model->rowAt(m_model->rowOf(id));
    auto* dlg = new QDialog(this);
    dlg->setObjectName(QStringLiteral("tagsDialog"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    // The name is user text: set as a title (never rendered as markup).
    dlg->setWindowTitle(
        tr("Tags of %1").arg(r ? QString::fromStdString(r->name) : QString::number(id)));
    auto* form = new QFormLayout(dlg);
    auto* hint = new QLabel(tr("Separate several values with commas. The filters above the list "
                               "offer every value in use."),
                            dlg);
    hint->setWordWrap(true);
    form->addRow(hint);
    const TagTexts current = tagTexts(id);
    auto edits = std::make_shared<std::array<QLineEdit*, 4>>();
    for (std::size_t k = 0; k < edits->size(); ++k) {
        const auto kind = static_cast<TagKind>(k);
        auto* edit = new QLineEdit(current[k], dlg);
        edit->setObjectName(QStringLiteral("tagEdit%1").arg(k));
        edit->setAccessibleName(tagKindLabel(kind));
        (*edits)[k] = edit;
        auto* label = new QLabel(QStringLiteral("&") + tagKindLabel(kind) + QLatin1Char(':'), dlg);
        label->setBuddy(edit);
        form->addRow(label, edit);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dlg);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dlg, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dlg, &QDialog::reject);
    connect(dlg, &QDialog::accepted, this, [this, id, edits] {
        TagTexts texts;
        for (std::size_t k = 0; k < texts.size(); ++k)
            texts[k] = (*edits)[k]->text();
        const QString err = setScenarioTags(id, texts);
        if (!err.isEmpty())
            showError(tr("Tags"), err);
        else
            selectScenario(id);
    });
    dlg->resize(std::max(dlg->sizeHint().width(), 420), dlg->sizeHint().height());
    dlg->open();
}

void LibraryDock::askEmptyTrash()
{
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Empty trash"),
                                tr("Delete %n scenario(s) in the trash with all their revisions? "
                                   "This can't be undone.",
                                   nullptr, int(m_model->totalCount())),
                                QMessageBox::Discard | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("emptyTrashConfirm"));
    box->button(QMessageBox::Discard)->setText(tr("&Delete for good"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box](int) {
        if (box->clickedButton() != box->button(QMessageBox::Discard))
            return;
        QString err;
        if (emptyTrashNow(&err) < 0)
            showError(tr("Empty trash"), err);
    });
    box->open();
}

void LibraryDock::askImport()
{
    auto* dlg = new QFileDialog(this, tr("Import scenarios"), QString(),
                                tr("Costlab scenarios (*.costlab.json);;JSON files (*.json)"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setFileMode(QFileDialog::ExistingFiles);
    dlg->setAcceptMode(QFileDialog::AcceptOpen);
    connect(dlg, &QFileDialog::filesSelected, this,
            [this](const QStringList& files) { showImportReport(importFiles(files)); });
    dlg->open();
}

void LibraryDock::showImportReport(const ImportOutcome& outcome)
{
    if (outcome.rejected.isEmpty() && outcome.identical.isEmpty()) {
        if (!outcome.imported.isEmpty())
            selectScenario(outcome.imported.back());
        return;
    }
    auto* dlg = new QDialog(this);
    dlg->setObjectName(QStringLiteral("importReport"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(tr("Import"));
    auto* layout = new QVBoxLayout(dlg);
    QString text = tr("%n file(s) imported.", nullptr, int(outcome.imported.size()));
    if (!outcome.identical.isEmpty())
        text += QLatin1Char(' ') + tr("%n file(s) already in the library unchanged; not imported "
                                      "again:",
                                      nullptr, int(outcome.identical.size()));
    if (!outcome.rejected.isEmpty())
        text +=
            QLatin1Char(' ') + tr("%n file(s) rejected; nothing was imported from them:", nullptr,
                                  int(outcome.rejected.size()));
    auto* summary = plainLabel(new QLabel(text, dlg));
    summary->setWordWrap(true);
    layout->addWidget(summary);
    auto* list = new QListWidget(dlg);
    list->setObjectName(QStringLiteral("rejectedFiles"));
    list->setAccessibleName(tr("Rejected files and their reasons"));
    list->setWordWrap(true);
    list->setTextElideMode(Qt::ElideNone);
    for (const QString& r : outcome.identical + outcome.rejected)
        list->addItem(r);
    layout->addWidget(list, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dlg);
    giveMnemonics(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dlg, &QDialog::reject);
    layout->addWidget(buttons);
    dlg->resize(640, 360);
    dlg->open();
}

void LibraryDock::askExport()
{
    const auto ids = selectedScenarioIds();
    if (ids.isEmpty())
        return;
    auto* dlg = new QFileDialog(this, tr("Export to folder"));
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setFileMode(QFileDialog::Directory);
    dlg->setOption(QFileDialog::ShowDirsOnly);
    connect(dlg, &QFileDialog::fileSelected, this, [this, ids](const QString& folder) {
        const ExportOutcome out = exportScenarios(ids, folder);
        if (!out.errors.isEmpty())
            showError(tr("Export"), out.errors.join(QLatin1Char('\n')));
    });
    dlg->open();
}

void LibraryDock::showHistory()
{
    const auto ids = selectedScenarioIds();
    if (ids.size() != 1 || !m_store)
        return;
    auto* dlg = new HistoryDialog(m_store, ids.front(), this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    connect(dlg, &HistoryDialog::revisionRestored, this, [this](qint64 sid, qint64 rev) {
        changed();
        emit revisionRestored(sid, rev); // the open plan follows (LibrarySession)
    });
    connect(dlg, &HistoryDialog::openRequested, this, &LibraryDock::openRequested);
    dlg->open();
}

void LibraryDock::showCatalogEditor()
{
    if (!m_store)
        return;
    auto* dlg = new CatalogEditorDialog(m_store, this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    connect(dlg, &CatalogEditorDialog::catalogsChanged, this, [this](const QString& id) {
        // New prices: the list must not keep totals computed with the old ones (issue 13).
        FiguresCalculator figures(m_store);
        const auto done = m_store->refreshFigures(id.toStdString(), figures);
        if (!done)
            showError(tr("Library"), QString::fromStdString(done.error));
        refresh();
        emit catalogsChanged(id);
    });
    dlg->open();
}

void LibraryDock::showError(const QString& title, const QString& text)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setTextFormat(Qt::PlainText); // names and paths in the message are text
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace costlab
