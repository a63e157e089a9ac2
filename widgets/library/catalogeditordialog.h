// Price catalog editor: the library's catalogs (the shipped default read-only, user copies
// editable), "Copy as new…", and tables of accelerators, instance types, storage tiers,
// traffic and log prices with units in the headers and source/date columns.
//
// Validation reuses the model's reader instead of repeating its ranges: every edit is
// written into the catalog's JSON document at the cell's JSON pointer, the document is run
// through catalogFromJson, and each message is shown on the cell its pointer names (red
// background, tooltip, and the message line under the tables). Save goes through
// ScenarioStore::updateCatalog, which runs the same reader again.
//
// A price the user changes is no longer what its source says: the source then names who
// changed which price on what day, and what it was according to which source (issue 49).
// Each row's id is also its row header, so it stays in view when the table scrolls sideways.
#pragma once

#include "store.h"

#include <QDialog>
#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QTableWidgetItem;

namespace costlab {

class CatalogEditorDialog : public QDialog {
    Q_OBJECT
public:
    enum Tab { AcceleratorsTab, InstancesTab, StorageTab, TrafficTab, LogsTab, TabCount };

    /// `store` is not owned and must outlive the dialog.
    explicit CatalogEditorDialog(ScenarioStore* store, QWidget* parent = nullptr);

    /// Show a catalog; returns false when the library has no catalog with that id.
    bool selectCatalog(const QString& id);
    QString currentCatalogId() const { return m_catalogId; }
    bool isCurrentReadOnly() const { return m_readOnly; }
    QTableWidget* table(Tab tab) const { return m_tables[tab]; }
    QListWidget* catalogList() const { return m_list; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* copyButton() const { return m_copy; }
    QPushButton* renameButton() const { return m_rename; }
    QPushButton* deleteButton() const { return m_delete; }
    /// The cell showing the value at a JSON pointer ("/accelerators/0/prices/spot").
    QTableWidgetItem* cellFor(const QString& pointer) const;
    /// Current validation messages, "pointer: message" as catalogFromJson wrote them.
    QStringList problems() const { return m_problems; }
    /// The message shown under the tables for the current / last edited cell.
    QString cellMessage() const;
    bool isModified() const { return m_modified; }
    /// The edited catalog as JSON text (what Save would store).
    QString documentText() const;

    /// Copy the current catalog as a new editable one; returns its id or "" (`error`).
    QString copyCurrent(const QString& newName, QString* error = nullptr);
    /// Store the edited catalog. Returns "" or the error (also shown in the dialog).
    QString save();
    /// Rename the current editable catalog in the library at once (its stored text, not the
    /// unsaved edits, which stay unsaved). Returns "" or the error.
    QString renameCurrent(const QString& newName);
    /// Delete the current editable catalog. Plans naming it keep the id and are refused
    /// until they name another catalog (the engine says so). Returns "" or the error.
    QString deleteCurrent();
    /// How many plans in the library (trash included) name the catalog `id`; -1 on an error.
    int plansUsing(const QString& id) const;

signals:
    /// A catalog was saved or created (scenarios naming it may need re-evaluation).
    void catalogsChanged(const QString& catalogId);

private:
    enum class Kind { Number, Price, Text, Date };
    struct Column {
        QString key;    ///< path below the row's object ("prices/spot")
        QString header; ///< may contain %1 for the currency code
        Kind kind;
        /// For a price: the object below the row that cites its source ("price_source"),
        /// rewritten when the price is edited; "" for other values.
        QString source;
    };
    struct Field {
        QString pointer;
        Kind kind;
        QWidget* widget;
        QString source; ///< for a price: pointer of the source citing it, as Column
    };

    void buildTables();
    void reloadList(const QString& selectId);
    void loadDocument(const QJsonObject& doc);
    void fillTable(Tab tab);
    void updateHeaders();
    void cellEdited(QTableWidgetItem* item);
    void fieldEdited(const Field& field);
    /// Rewrites the source at `source` (a pointer) after a price it cites was edited.
    void noteEditedPrice(const QString& source);
    /// Shows the document's value at `pointer` in its cell or field (no edit signals).
    void showValue(const QString& pointer);
    void setValue(const QString& pointer, Kind kind, const QString& text);
    void validate();
    void updateState();
    void showCellMessage(QTableWidgetItem* item);
    void askCopy();
    void askRename();
    void askDelete();
    bool confirmDiscard();

    ScenarioStore* m_store;
    QString m_catalogId;
    bool m_readOnly = true;
    bool m_modified = false;
    bool m_filling = false;
    QJsonObject m_doc;
    QJsonObject m_original;            ///< the catalog as loaded (edits are noted against it)
    QHash<QString, QString> m_noteFor; ///< source pointer → the edit note last written there
    QStringList m_problems;
    QHash<QString, QString> m_messageFor; ///< pointer → message

    QListWidget* m_list = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_rename = nullptr;
    QPushButton* m_delete = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_revert = nullptr;
    QLabel* m_notice = nullptr;
    QLabel* m_cellMessage = nullptr;
    QListWidget* m_problemList = nullptr;
    QLineEdit* m_name = nullptr;
    QLineEdit* m_date = nullptr;
    QComboBox* m_currency = nullptr;
    QLineEdit* m_fx = nullptr;
    QLineEdit* m_fxSource = nullptr;
    QLineEdit* m_fxDate = nullptr;
    std::vector<Field> m_fields;
    QTabWidget* m_tabs = nullptr;
    QTableWidget* m_tables[TabCount] = {};
    std::vector<Column> m_columns[TabCount];
};

} // namespace costlab
