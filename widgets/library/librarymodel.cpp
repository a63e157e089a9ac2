#include "librarymodel.h"
#include "plaintext.h"

#include "paramtext.h"

#include <QDateTime>
#include <QLocale>
#include <QStringList>

namespace costlab {

Currency currencyFromCode(const std::string& code)
{
    return code == "CNY" ? Currency::CNY : Currency::USD;
}

QString tagKindLabel(TagKind kind)
{
    switch (kind) {
    case TagKind::Project:
        return LibraryModel::tr("Project");
    case TagKind::Batch:
        return LibraryModel::tr("Batch");
    case TagKind::Resource:
        return LibraryModel::tr("Resource");
    case TagKind::Free:
        return LibraryModel::tr("Tag");
    }
    return {};
}

LibraryModel::LibraryModel(ScenarioStore* store, QObject* parent)
    : QAbstractTableModel(parent), m_store(store)
{
    m_filter.sort = SortKey::Modified;
    m_filter.descending = true;
    refresh();
}

void LibraryModel::setStore(ScenarioStore* store)
{
    m_store = store;
    refresh();
}

int LibraryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LibraryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LibraryModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_rows.size()))
        return {};
    const Entry& e = m_rows[static_cast<std::size_t>(index.row())];
    const ScenarioRow& r = e.row;
    const Currency cur = currencyFromCode(r.figures.currency);
    if (role == ScenarioIdRole)
        return QVariant::fromValue<qint64>(r.id);
    if (role == RevisionIdRole)
        return QVariant::fromValue<qint64>(r.current_revision);
    if (role == Qt::TextAlignmentRole) {
        if (index.column() >= TotalColumn && index.column() <= GpuHoursColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    }
    const QDateTime modified = QDateTime::fromMSecsSinceEpoch(r.modified).toLocalTime();
    if (role == SortValueRole) {
        switch (index.column()) {
        case NameColumn:
            return displayText(r.name);
        case ModifiedColumn:
            return QVariant::fromValue<qint64>(r.modified);
        case TotalColumn:
            return r.figures.total_cost;
        case POomColumn:
            return r.figures.p_oom;
        case GpuHoursColumn:
            return r.figures.gpu_hours;
        case TagsColumn:
            return e.tags;
        }
        return {};
    }
    if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole) {
        switch (index.column()) {
        case NameColumn:
            return displayText(r.name);
        case ModifiedColumn:
            return QLocale().toString(modified, QLocale::ShortFormat);
        case TotalColumn:
            if (r.figures.total_cost == kNotPriced)
                return tr("not priced");
            return formatMoney(r.figures.total_cost, cur);
        case POomColumn:
            return formatPercent(r.figures.p_oom);
        case GpuHoursColumn:
            if (r.figures.gpu_hours == kNotPriced)
                return tr("not priced");
            return tr("%1 GPU·h").arg(formatCount(r.figures.gpu_hours));
        case TagsColumn:
            return e.tags;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case NameColumn:
            return plainToolTip(r.deleted_at ? tr("%1 (in the trash)").arg(displayText(r.name))
                                             : displayText(r.name));
        case ModifiedColumn:
            return QLocale().toString(modified, QLocale::LongFormat);
        case TotalColumn:
            if (r.figures.total_cost == kNotPriced)
                return plainToolTip(
                    tr("Not priced: its price catalog (\"%1\") is missing, or a phase's "
                       "layout or accelerator is impossible. Open the plan to see why.")
                        .arg(QString::fromStdString(r.catalog_id)));
            return tr("%1 %2 (cached with the current revision)")
                .arg(QLocale().toString(r.figures.total_cost, 'f', 2), currencyCodeText(cur));
        case POomColumn:
            return tr("Probability of running out of device memory: %1")
                .arg(formatPercent(r.figures.p_oom));
        case GpuHoursColumn:
            return tr("%1 GPU·h").arg(QLocale().toString(r.figures.gpu_hours, 'f', 0));
        case TagsColumn:
            return plainToolTip(e.tags);
        }
    }
    return {};
}

QVariant LibraryModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case ModifiedColumn:
            return tr("Modified");
        case TotalColumn:
            return tr("Total cost");
        case POomColumn:
            return tr("P(OOM) (%)");
        case GpuHoursColumn:
            return tr("GPU-hours (GPU·h)");
        case TagsColumn:
            return tr("Tags");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TotalColumn:
            return tr("Total cost in each scenario's own currency (sorting compares the raw "
                      "numbers)");
        case POomColumn:
            return tr("Probability of an out-of-memory failure, percent");
        case GpuHoursColumn:
            return tr("Accelerator time, GPU-hours (not sortable)");
        case TagsColumn:
            return tr("Project, batch, resource and free tags (not sortable)");
        default:
            return tr("Click to sort");
        }
    }
    return {};
}

bool LibraryModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && m_store && static_cast<qint64>(m_rows.size()) < m_total;
}

void LibraryModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    loadPage();
}

bool LibraryModel::loadPage()
{
    ListFilter f = m_filter;
    f.limit = kPageSize;
    f.offset = static_cast<int>(m_rows.size());
    auto page = m_store->list(f);
    if (!page) {
        m_lastError = QString::fromStdString(page.error);
        m_total = static_cast<qint64>(m_rows.size()); // stop fetching after an error
        return false;
    }
    if (page.value.empty()) {
        m_total = static_cast<qint64>(m_rows.size());
        return false;
    }
    std::vector<Entry> entries;
    entries.reserve(page.value.size());
    for (ScenarioRow& r : page.value) {
        Entry e;
        QStringList parts;
        if (auto tags = m_store->tags(r.id)) {
            for (const Tag& t : tags.value)
                parts << tagKindLabel(t.kind) + QLatin1Char(':') + QString::fromStdString(t.value);
        }
        e.tags = parts.join(QStringLiteral(", "));
        e.row = std::move(r);
        entries.push_back(std::move(e));
    }
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(entries.size()) - 1);
    for (Entry& e : entries)
        m_rows.push_back(std::move(e));
    endInsertRows();
    return true;
}

bool LibraryModel::isSortable(int column)
{
    return column == NameColumn || column == ModifiedColumn || column == TotalColumn ||
           column == POomColumn;
}

void LibraryModel::sort(int column, Qt::SortOrder order)
{
    SortKey key;
    switch (column) {
    case NameColumn:
        key = SortKey::Name;
        break;
    case ModifiedColumn:
        key = SortKey::Modified;
        break;
    case TotalColumn:
        key = SortKey::Total;
        break;
    case POomColumn:
        key = SortKey::POom;
        break;
    default:
        return;
    }
    const bool desc = order == Qt::DescendingOrder;
    if (key == m_filter.sort && desc == m_filter.descending)
        return;
    m_filter.sort = key;
    m_filter.descending = desc;
    refresh();
}

void LibraryModel::setTextFilter(const QString& text)
{
    const std::string t = text.trimmed().toStdString();
    if (t == m_filter.text)
        return;
    m_filter.text = t;
    refresh();
}

QString LibraryModel::textFilter() const
{
    return QString::fromStdString(m_filter.text);
}

void LibraryModel::setTagFilter(TagKind kind, const QString& value)
{
    QString& slot = m_tagFilters[static_cast<std::size_t>(kind)];
    if (slot == value)
        return;
    slot = value;
    applyFilter();
    refresh();
}

QString LibraryModel::tagFilter(TagKind kind) const
{
    return m_tagFilters[static_cast<std::size_t>(kind)];
}

void LibraryModel::setShowTrash(bool trash)
{
    if (trash == m_filter.only_trashed)
        return;
    m_filter.only_trashed = trash;
    refresh();
}

void LibraryModel::applyFilter()
{
    m_filter.tags.clear();
    for (std::size_t k = 0; k < m_tagFilters.size(); ++k) {
        if (!m_tagFilters[k].isEmpty())
            m_filter.tags.push_back(Tag{static_cast<TagKind>(k), m_tagFilters[k].toStdString()});
    }
}

const ScenarioRow* LibraryModel::rowAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return nullptr;
    return &m_rows[static_cast<std::size_t>(row)].row;
}

qint64 LibraryModel::scenarioId(int row) const
{
    const ScenarioRow* r = rowAt(row);
    return r ? r->id : 0;
}

int LibraryModel::rowOf(qint64 id) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].row.id == id)
            return static_cast<int>(i);
    return -1;
}

void LibraryModel::refresh()
{
    beginResetModel();
    m_rows.clear();
    m_total = 0;
    m_lastError.clear();
    if (m_store && m_store->isOpen()) {
        auto n = m_store->count(m_filter);
        if (n)
            m_total = n.value;
        else
            m_lastError = QString::fromStdString(n.error);
    }
    endResetModel();
    // The first page is loaded eagerly so that a view shows rows without waiting for its
    // first fetchMore; the rest comes as the view scrolls.
    if (canFetchMore({}))
        loadPage();
    emit refreshed(m_total);
}

} // namespace costlab
