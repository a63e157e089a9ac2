// Table model over the scenario library (ScenarioStore::list). Rows are fetched a page at a
// time with the store's limit/offset (canFetchMore/fetchMore), so a 10,000-scenario library
// shows its first screen after one small query; sorting and filtering are re-queries with
// SQL ORDER BY / WHERE, never in memory.
#pragma once

#include "store.h"

#include <QAbstractTableModel>
#include <QString>

#include <array>
#include <vector>

namespace costlab {

class LibraryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        ModifiedColumn,
        TotalColumn,
        POomColumn,
        GpuHoursColumn,
        TagsColumn,
        ColumnCount
    };
    enum Role {
        ScenarioIdRole = Qt::UserRole + 1, ///< qint64 scenario id
        RevisionIdRole,                    ///< qint64 current revision id
        SortValueRole,                     ///< raw number / text of the cell
    };
    /// Rows fetched per page (one SQL query each).
    static constexpr int kPageSize = 200;

    /// `store` is not owned and must outlive the model (nullptr = empty model).
    explicit LibraryModel(ScenarioStore* store, QObject* parent = nullptr);

    void setStore(ScenarioStore* store);
    ScenarioStore* store() const { return m_store; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    /// Re-queries with ORDER BY. Only name, modified, total cost and P(OOM) can be sorted;
    /// other columns leave the order unchanged and return without a reset.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    /// Whether `column` can be sorted (the store sorts by these keys only).
    static bool isSortable(int column);

    /// Substring of the name or of any tag (case-insensitive for ASCII letters).
    void setTextFilter(const QString& text);
    QString textFilter() const;
    /// Require a tag of `kind` with `value`; an empty value removes that kind's filter.
    void setTagFilter(TagKind kind, const QString& value);
    QString tagFilter(TagKind kind) const;
    /// Show the trash instead of the library.
    void setShowTrash(bool trash);
    bool showTrash() const { return m_filter.only_trashed; }

    /// Total rows matching the filter (not only the fetched ones).
    qint64 totalCount() const { return m_total; }
    /// Error of the last query ("" = none), in English as the store returned it.
    QString lastError() const { return m_lastError; }

    const ScenarioRow* rowAt(int row) const;
    qint64 scenarioId(int row) const;
    /// Row of a scenario among the fetched rows, or -1.
    int rowOf(qint64 scenarioId) const;

public slots:
    /// Re-run the query (after any change to the library); keeps filter and sort.
    void refresh();

signals:
    /// The row set changed (refresh, filter, sort); `total` rows match.
    void refreshed(qint64 total);

private:
    struct Entry {
        ScenarioRow row;
        QString tags; ///< "kind:value, ..." for display
    };
    void applyFilter();
    bool loadPage();

    ScenarioStore* m_store = nullptr;
    ListFilter m_filter;
    std::array<QString, 4> m_tagFilters;
    std::vector<Entry> m_rows;
    qint64 m_total = 0;
    QString m_lastError;
};

/// "USD"/"CNY" → Currency (USD for anything else).
Currency currencyFromCode(const std::string& code);
/// Translated tag-kind name ("Project", "Batch", "Resource", "Tag").
QString tagKindLabel(TagKind kind);

} // namespace costlab
