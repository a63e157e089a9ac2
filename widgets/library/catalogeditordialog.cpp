#include "catalogeditordialog.h"
#include "plaintext.h"

#include "catalog.h"
#include "catalogio.h"
#include "paramtext.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDate>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

constexpr int kPointerRole = Qt::UserRole + 1;
constexpr int kKindRole = Qt::UserRole + 2;
constexpr int kSourceRole = Qt::UserRole + 3; ///< a price cell: pointer of the source citing it
/// Source texts are long: a column is at most this wide (unless its header is wider).
constexpr int kMaxColumnWidth = 260;

const QColor kErrorBackground(255, 205, 205);

QJsonValue setIn(const QJsonValue& node, const QStringList& path, int i, const QJsonValue& v)
{
    if (i == path.size())
        return v;
    if (node.isArray()) {
        QJsonArray arr = node.toArray();
        const int idx = path[i].toInt();
        if (idx < 0 || idx >= arr.size())
            return arr;
        arr[idx] = setIn(arr.at(idx), path, i + 1, v);
        return arr;
    }
    QJsonObject obj = node.toObject();
    obj[path[i]] = setIn(obj.value(path[i]), path, i + 1, v);
    return obj;
}

QJsonValue getIn(const QJsonValue& node, const QStringList& path)
{
    QJsonValue cur = node;
    for (const QString& key : path) {
        if (cur.isArray())
            cur = cur.toArray().at(key.toInt());
        else
            cur = cur.toObject().value(key);
    }
    return cur;
}

QStringList split(const QString& pointer)
{
    return pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts);
}

/// The word a catalog file uses for a date nobody recorded, shown in the reader's language
/// (issue 49: "undated" stayed English in the Chinese editor); setValue() maps it back.
QString undatedText()
{
    return QCoreApplication::translate("costlab::CatalogEditorDialog", "undated",
                                       "a catalog date that was never recorded");
}

QString display(const QJsonValue& v)
{
    if (v.isDouble())
        return QString::number(v.toDouble(), 'g', QLocale::FloatingPointShortest);
    if (v.isString())
        return v.toString() == QLatin1String("undated") ? undatedText() : v.toString();
    return {}; // null price = not offered
}

/// The reader's "pointer: what" message → (pointer, what in the reader's language); the
/// document root maps to "". The pointer is read from the message tree, never parsed back.
std::pair<QString, QString> splitMessage(const Message& m)
{
    if (m.id != Msg::IdMessage || m.args.size() != 2)
        return {QString(), translatedMessage(m)};
    const Message& where = m.args[0];
    return {where.id == Msg::Text ? QString::fromStdString(where.text) : QString(),
            translatedMessage(m.args[1])};
}

} // namespace

CatalogEditorDialog::CatalogEditorDialog(ScenarioStore* store, QWidget* parent)
    : QDialog(parent), m_store(store)
{
    setObjectName(QStringLiteral("catalogEditor"));
    setWindowTitle(tr("Price catalogs"));
    auto* layout = new QVBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(split, 1);

    // Left: the catalogs.
    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* listLabel = new QLabel(tr("&Catalogs:"), left);
    m_list = new QListWidget(left);
    m_list->setObjectName(QStringLiteral("catalogList"));
    m_list->setAccessibleName(tr("Catalogs in the library"));
    m_list->setWordWrap(true); // catalog names are long sentences
    m_list->setTextElideMode(Qt::ElideNone);
    listLabel->setBuddy(m_list);
    m_copy = new QPushButton(tr("Copy as &new…"), left);
    m_copy->setToolTip(tr("Make an editable copy of the selected catalog"));
    leftLayout->addWidget(listLabel);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(m_copy);
    // Issue 49: a copied catalog could be neither renamed nor deleted in the app.
    m_rename = new QPushButton(tr("Rena&me…"), left);
    m_rename->setToolTip(tr("Rename the selected catalog (shipped catalogs can't be renamed)"));
    m_delete = new QPushButton(tr("&Delete…"), left);
    m_delete->setToolTip(tr("Delete the selected catalog (shipped catalogs can't be deleted)"));
    leftLayout->addWidget(m_rename);
    leftLayout->addWidget(m_delete);
    split->addWidget(left);

    // Right: the selected catalog.
    auto* right = new QWidget(split);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_notice = plainLabel(new QLabel(right));
    m_notice->setWordWrap(true);
    m_notice->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; color: #3b2f00; border: 1px solid #e0c060;"
                       " border-radius: 3px; padding: 4px; }"));
    rightLayout->addWidget(m_notice);

    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto addLine = [&](QLineEdit*& edit, const QString& label, const QString& pointer, Kind kind,
                       const QString& source = QString()) {
        edit = new QLineEdit(right);
        edit->setAccessibleName(label);
        form->addRow(label + QLatin1Char(':'), edit);
        m_fields.push_back(Field{pointer, kind, edit, source});
    };
    addLine(m_name, tr("Name"), QStringLiteral("/name"), Kind::Text);
    addLine(m_date, tr("Compiled on (date)"), QStringLiteral("/date"), Kind::Date);
    m_currency = new QComboBox(right);
    m_currency->addItem(tr("US dollar (USD)"), QStringLiteral("USD"));
    m_currency->addItem(tr("Chinese yuan (CNY)"), QStringLiteral("CNY"));
    m_currency->setAccessibleName(tr("Currency of the prices"));
    form->addRow(tr("Currency:"), m_currency);
    m_fields.push_back(Field{QStringLiteral("/currency"), Kind::Text, m_currency});
    addLine(m_fx, tr("Exchange rate (CNY per USD)"), QStringLiteral("/fx/cny_per_usd"),
            Kind::Number, QStringLiteral("/fx/source"));
    addLine(m_fxSource, tr("Exchange rate source"), QStringLiteral("/fx/source/text"), Kind::Text);
    addLine(m_fxDate, tr("Exchange rate date"), QStringLiteral("/fx/source/date"), Kind::Date);
    rightLayout->addLayout(form);

    m_tabs = new QTabWidget(right);
    rightLayout->addWidget(m_tabs, 1);
    buildTables();

    m_cellMessage = plainLabel(new QLabel(right));
    m_cellMessage->setObjectName(QStringLiteral("cellMessage"));
    m_cellMessage->setWordWrap(true);
    m_cellMessage->setAccessibleName(tr("Problem with the current cell"));
    m_cellMessage->setStyleSheet(QStringLiteral("QLabel { color: #a00000; }"));
    rightLayout->addWidget(m_cellMessage);
    m_problemList = new QListWidget(right);
    m_problemList->setObjectName(QStringLiteral("problemList"));
    m_problemList->setAccessibleName(tr("All problems in this catalog"));
    m_problemList->setMaximumHeight(m_problemList->fontMetrics().height() * 4);
    m_problemList->setWordWrap(true);
    m_problemList->hide();
    rightLayout->addWidget(m_problemList);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({220, 900});

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);

    giveMnemonics(buttons);
    m_save = buttons->addButton(tr("&Save"), QDialogButtonBox::ApplyRole);
    m_revert = buttons->addButton(tr("&Revert"), QDialogButtonBox::ResetRole);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, [this] {
        if (confirmDiscard())
            reject();
    });
    connect(m_save, &QPushButton::clicked, this, [this] { save(); });
    connect(m_revert, &QPushButton::clicked, this, [this] {
        const QString id = m_catalogId;
        m_modified = false;
        m_catalogId.clear();
        selectCatalog(id);
    });
    connect(m_copy, &QPushButton::clicked, this, &CatalogEditorDialog::askCopy);
    connect(m_rename, &QPushButton::clicked, this, &CatalogEditorDialog::askRename);
    connect(m_delete, &QPushButton::clicked, this, &CatalogEditorDialog::askDelete);
    connect(m_list, &QListWidget::currentItemChanged, this,
            [this](QListWidgetItem* cur, QListWidgetItem* prev) {
                if (!cur)
                    return;
                const QString id = cur->data(Qt::UserRole).toString();
                if (id == m_catalogId)
                    return;
                if (!confirmDiscard()) {
                    QSignalBlocker block(m_list);
                    m_list->setCurrentItem(prev);
                    return;
                }
                m_modified = false;
                selectCatalog(id);
            });
    connect(m_problemList, &QListWidget::itemActivated, this, [this](QListWidgetItem* it) {
        if (QTableWidgetItem* cell = cellFor(it->data(Qt::UserRole).toString())) {
            for (int t = 0; t < TabCount; ++t)
                if (m_tables[t] == cell->tableWidget())
                    m_tabs->setCurrentIndex(t);
            cell->tableWidget()->setCurrentItem(cell);
            cell->tableWidget()->setFocus();
        }
    });
    for (const Field& f : m_fields) {
        if (auto* edit = qobject_cast<QLineEdit*>(f.widget))
            connect(edit, &QLineEdit::textEdited, this, [this, f] { fieldEdited(f); });
    }
    connect(m_currency, &QComboBox::activated, this, [this](int) {
        for (const Field& f : m_fields)
            if (f.widget == m_currency)
                fieldEdited(f);
    });

    // 1180×640 where the screen has room, never more than nine tenths of it (issue 49: at 2×
    // scale a laptop's 960×540 logical screen cut the buttons off).
    const QRect room = (parent ? parent->screen() : screen())->availableGeometry();
    resize(std::min(1180, room.width() * 9 / 10), std::min(640, room.height() * 9 / 10));
    reloadList(QStringLiteral("default"));
}

void CatalogEditorDialog::buildTables()
{
    const Kind N = Kind::Number, P = Kind::Price, T = Kind::Text, D = Kind::Date;
    // The source each price cites: accelerators keep their prices' apart from the hardware's.
    const QString priceSource = QStringLiteral("price_source"), source = QStringLiteral("source");
    m_columns[AcceleratorsTab] = {
        {QStringLiteral("id"), tr("Id"), T},
        {QStringLiteral("name"), tr("Name"), T},
        {QStringLiteral("hbm_gib"), tr("Memory (GiB)"), N},
        {QStringLiteral("mem_bw_gbps"), tr("Memory bandwidth (GB/s)"), N},
        {QStringLiteral("bf16_tflops"), tr("BF16 dense (TFLOP/s)"), N},
        {QStringLiteral("fp8_tflops"), tr("FP8 dense (TFLOP/s, 0 = none)"), N},
        {QStringLiteral("int8_tops"), tr("INT8 dense (TOPS, 0 = none)"), N},
        {QStringLiteral("interconnect_gbps"), tr("Scale-up link (GB/s)"), N},
        {QStringLiteral("gpus_per_node"), tr("GPUs per node (count)"), N},
        {QStringLiteral("tdp_w"), tr("TDP (W)"), N},
        {QStringLiteral("default_mfu"), tr("Fallback MFU (fraction 0–1)"), N},
        {QStringLiteral("sms"), tr("SMs (count, 0 = model default)"), N},
        {QStringLiteral("gemm_fraction"), tr("Sustained GEMM rate (fraction of peak)"), N},
        {QStringLiteral("flash_fraction"), tr("FlashAttention rate (fraction of peak)"), N},
        {QStringLiteral("mma_flops_per_clock"),
         tr("Tensor FLOP per SM per clock (0 = A100's 2,048)"), N},
        {QStringLiteral("nvlink_domain"), tr("NVLink domain (GPUs, 0 = per node)"), N},
        {QStringLiteral("scaleout_gbps"), tr("Scale-out per GPU (Gb/s, empty = no source)"), N},
        {QStringLiteral("host_ram_gib"), tr("Host RAM per node (GiB, empty = no source)"), N},
        {QStringLiteral("pcie_gbps"), tr("GPU–host link (GB/s per direction, empty = no source)"),
         N},
        {QStringLiteral("prices/reserved"), tr("Reserved (%1/GPU·h)"), P, priceSource},
        {QStringLiteral("prices/on_demand"), tr("On demand (%1/GPU·h)"), P, priceSource},
        {QStringLiteral("prices/spot"), tr("Spot (%1/GPU·h)"), P, priceSource},
        {QStringLiteral("source/text"), tr("Hardware source"), T},
        {QStringLiteral("source/date"), tr("Hardware source date"), D},
        {QStringLiteral("price_source/text"), tr("Price source"), T},
        {QStringLiteral("price_source/date"), tr("Price date"), D},
    };
    m_columns[InstancesTab] = {
        {QStringLiteral("id"), tr("Id"), T},
        {QStringLiteral("name"), tr("Name"), T},
        {QStringLiteral("vcpus"), tr("vCPUs (count)"), N},
        {QStringLiteral("mem_gib"), tr("Memory (GiB)"), N},
        {QStringLiteral("gpus"), tr("GPUs (count, 0 = CPU instance)"), N},
        {QStringLiteral("price_hour"), tr("Price (%1/instance·h)"), N, source},
        {QStringLiteral("source/text"), tr("Source"), T},
        {QStringLiteral("source/date"), tr("Source date"), D},
    };
    m_columns[StorageTab] = {
        {QStringLiteral("id"), tr("Id"), T},
        {QStringLiteral("name"), tr("Name"), T},
        {QStringLiteral("price_gb_month"), tr("Price (%1/GB·month)"), N, source},
        {QStringLiteral("write_gbps"), tr("Write bandwidth (GB/s)"), N},
        {QStringLiteral("source/text"), tr("Source"), T},
        {QStringLiteral("source/date"), tr("Source date"), D},
    };
    m_columns[TrafficTab] = {
        {QStringLiteral("intra_gb"), tr("In-region / cross-zone (%1/GB)"), N, source},
        {QStringLiteral("egress_gb"), tr("Internet egress (%1/GB)"), N, source},
        {QStringLiteral("lb_per_million"), tr("Load balancer / queue (%1/million requests)"), N,
         source},
        {QStringLiteral("source/text"), tr("Source"), T},
        {QStringLiteral("source/date"), tr("Source date"), D},
    };
    m_columns[LogsTab] = {
        {QStringLiteral("ingest_gb"), tr("Ingestion (%1/GB)"), N, source},
        {QStringLiteral("retention_gb_month"), tr("Retention (%1/GB·month)"), N, source},
        {QStringLiteral("source/text"), tr("Source"), T},
        {QStringLiteral("source/date"), tr("Source date"), D},
    };
    const QString names[TabCount] = {tr("&Accelerators"), tr("&Instance types"),
                                     tr("S&torage tiers"), tr("Tra&ffic"), tr("&Logs")};
    for (int t = 0; t < TabCount; ++t) {
        auto* table = new QTableWidget(0, int(m_columns[t].size()), m_tabs);
        table->setObjectName(QStringLiteral("catalogTable%1").arg(t));
        table->setAccessibleName(QString(names[t]).remove(QLatin1Char('&')));
        table->setSelectionMode(QAbstractItemView::SingleSelection);
        table->setWordWrap(false);
        table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        // Rows are headed by their ids (fillTable), which stay in view while the columns
        // scroll, smoothly: per item, a 260 px source column jumps the view.
        table->verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
        m_tables[t] = table;
        m_tabs->addTab(table, names[t]);
        connect(table, &QTableWidget::itemChanged, this, &CatalogEditorDialog::cellEdited);
        connect(table, &QTableWidget::currentItemChanged, this,
                [this](QTableWidgetItem* cur, QTableWidgetItem*) { showCellMessage(cur); });
    }
}

void CatalogEditorDialog::updateHeaders()
{
    const QString cur = m_doc.value(QStringLiteral("currency")).toString(QStringLiteral("USD"));
    for (int t = 0; t < TabCount; ++t) {
        QStringList headers;
        for (const Column& c : m_columns[t])
            headers << (c.header.contains(QStringLiteral("%1")) ? c.header.arg(cur) : c.header);
        m_tables[t]->setHorizontalHeaderLabels(headers);
    }
}

void CatalogEditorDialog::reloadList(const QString& selectId)
{
    QSignalBlocker block(m_list);
    m_list->clear();
    if (!m_store || !m_store->isOpen()) {
        m_notice->setText(tr("No library is open."));
        return;
    }
    auto rows = m_store->listCatalogs();
    if (!rows) {
        m_notice->setText(QString::fromStdString(rows.error));
        return;
    }
    for (const CatalogRow& c : rows.value) {
        QString text = QString::fromStdString(c.name);
        if (c.read_only)
            text += QLatin1Char(' ') + tr("(read-only)");
        auto* item = new QListWidgetItem(text, m_list);
        item->setData(Qt::UserRole, QString::fromStdString(c.id));
        item->setToolTip(plainToolTip(tr("Id: %1").arg(QString::fromStdString(c.id))));
    }
    block.unblock();
    m_catalogId.clear();
    if (!selectCatalog(selectId) && m_list->count() > 0)
        selectCatalog(m_list->item(0)->data(Qt::UserRole).toString());
}

bool CatalogEditorDialog::selectCatalog(const QString& id)
{
    if (!m_store || !m_store->isOpen())
        return false;
    auto rows = m_store->listCatalogs();
    if (!rows)
        return false;
    const CatalogRow* row = nullptr;
    for (const CatalogRow& c : rows.value)
        if (QString::fromStdString(c.id) == id)
            row = &c;
    if (!row)
        return false;
    auto text = m_store->catalogJson(row->id);
    if (!text) {
        m_notice->setText(QString::fromStdString(text.error));
        m_notice->show();
        return false;
    }
    // Normalise through the model's reader and writer, so every field the editor shows
    // exists in the document; keep the raw text if the stored one no longer validates.
    std::vector<std::string> errors;
    QByteArray bytes = QByteArray::fromStdString(text.value);
    if (auto cat = catalogFromJson(text.value, errors))
        bytes = QByteArray::fromStdString(catalogToJson(*cat));
    m_catalogId = id;
    // On a team library the role's grants on the catalogs decide, not whether it may save
    // plans: finance may own the catalogs (issue 48).
    m_readOnly = row->read_only || !m_store->canChangeCatalogs();
    m_modified = false;
    {
        QSignalBlocker block(m_list);
        for (int i = 0; i < m_list->count(); ++i)
            if (m_list->item(i)->data(Qt::UserRole).toString() == id)
                m_list->setCurrentRow(i);
    }
    loadDocument(QJsonDocument::fromJson(bytes).object());
    if (!m_store->canChangeCatalogs())
        m_notice->setText(tr("The library is read-only: catalogs can be viewed but not changed."));
    else if (row->read_only)
        m_notice->setText(tr("The shipped default catalog is read-only. Use “Copy as new…” to "
                             "make an editable copy."));
    else
        m_notice->setText(tr("Editable catalog “%1”. Every cell is checked as you type; Save "
                             "stores it in the library.")
                              .arg(QString::fromStdString(row->name)));
    return true;
}

void CatalogEditorDialog::loadDocument(const QJsonObject& doc)
{
    m_doc = doc;
    m_original = doc;
    m_noteFor.clear();
    m_filling = true;
    m_name->setText(display(getIn(m_doc, split(QStringLiteral("/name")))));
    m_date->setText(display(getIn(m_doc, split(QStringLiteral("/date")))));
    m_fx->setText(display(getIn(m_doc, split(QStringLiteral("/fx/cny_per_usd")))));
    m_fxSource->setText(display(getIn(m_doc, split(QStringLiteral("/fx/source/text")))));
    m_fxDate->setText(display(getIn(m_doc, split(QStringLiteral("/fx/source/date")))));
    m_currency->setCurrentIndex(
        std::max(0, m_currency->findData(m_doc.value(QStringLiteral("currency")).toString())));
    for (const Field& f : m_fields) {
        if (auto* edit = qobject_cast<QLineEdit*>(f.widget))
            edit->setReadOnly(m_readOnly);
    }
    m_currency->setEnabled(!m_readOnly);
    // Long sources read from their start, not from where setText left the cursor (the end).
    for (QLineEdit* edit : {m_name, m_date, m_fx, m_fxSource, m_fxDate})
        edit->setCursorPosition(0);
    // Headers first: fillTable sizes each column to its header too (issue 49: sized before
    // the headers had their text, they were cut).
    updateHeaders();
    for (int t = 0; t < TabCount; ++t)
        fillTable(static_cast<Tab>(t));
    m_filling = false;
    validate();
}

void CatalogEditorDialog::fillTable(Tab tab)
{
    QTableWidget* table = m_tables[tab];
    QStringList bases;
    switch (tab) {
    case AcceleratorsTab:
    case InstancesTab: {
        const QString key =
            tab == AcceleratorsTab ? QStringLiteral("accelerators") : QStringLiteral("instances");
        const int n = int(m_doc.value(key).toArray().size());
        for (int i = 0; i < n; ++i)
            bases << QStringLiteral("/%1/%2").arg(key).arg(i);
        break;
    }
    case StorageTab:
        for (const char* role :
             {"object_standard", "object_infrequent", "object_archive", "file_high_iops"})
            bases << QStringLiteral("/storage/") + QLatin1String(role);
        break;
    case TrafficTab:
        bases << QStringLiteral("/traffic");
        break;
    case LogsTab:
        bases << QStringLiteral("/logs");
        break;
    default:
        break;
    }
    table->setRowCount(int(bases.size()));
    // Each row is headed by what names it, in view however far the table scrolls sideways
    // (issue 49: the Id column scrolled away): an id as plans name it, a storage tier's role.
    if (tab == StorageTab) {
        table->setVerticalHeaderLabels(
            {tr("Object storage, standard"), tr("Object storage, infrequent access"),
             tr("Object storage, archive"), tr("File storage, high IOPS")});
    } else if (tab == AcceleratorsTab || tab == InstancesTab) {
        QStringList ids;
        for (const QString& base : bases)
            ids << display(getIn(m_doc, split(base + QStringLiteral("/id"))));
        table->setVerticalHeaderLabels(ids);
    }
    for (int r = 0; r < bases.size(); ++r) {
        for (int c = 0; c < int(m_columns[tab].size()); ++c) {
            const Column& col = m_columns[tab][std::size_t(c)];
            const QString pointer = bases[r] + QLatin1Char('/') + col.key;
            auto* item = new QTableWidgetItem(display(getIn(m_doc, split(pointer))));
            item->setData(kPointerRole, pointer);
            item->setData(kKindRole, int(col.kind));
            if (!col.source.isEmpty())
                item->setData(kSourceRole, bases[r] + QLatin1Char('/') + col.source);
            Qt::ItemFlags flags = Qt::ItemIsSelectable | Qt::ItemIsEnabled;
            if (!m_readOnly)
                flags |= Qt::ItemIsEditable;
            item->setFlags(flags);
            if (col.kind == Kind::Number || col.kind == Kind::Price)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (col.kind == Kind::Price)
                item->setToolTip(tr("Empty = not offered"));
            else if (col.key == QStringLiteral("source/text") ||
                     col.key == QStringLiteral("price_source/text"))
                item->setToolTip(plainToolTip(item->text()));
            table->setItem(r, c, item);
        }
    }
    table->resizeColumnsToContents();
    // Source texts are long; keep them from pushing the numbers off screen, but never cut a
    // header (issue 49).
    const QHeaderView* header = table->horizontalHeader();
    for (int c = 0; c < table->columnCount(); ++c)
        table->setColumnWidth(c, std::max(std::min(table->columnWidth(c), kMaxColumnWidth),
                                          header->sectionSizeHint(c)));
}

QTableWidgetItem* CatalogEditorDialog::cellFor(const QString& pointer) const
{
    for (QTableWidget* table : m_tables)
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                if (QTableWidgetItem* it = table->item(r, c);
                    it && it->data(kPointerRole).toString() == pointer)
                    return it;
    return nullptr;
}

void CatalogEditorDialog::setValue(const QString& pointer, Kind kind, const QString& text)
{
    QJsonValue v;
    const QString t = text.trimmed();
    if (kind == Kind::Number || kind == Kind::Price) {
        bool ok = false;
        double x = QLocale().toDouble(t, &ok);
        if (!ok)
            x = QLocale::c().toDouble(t, &ok);
        // Empty: a price not offered, or an optional figure without a source (the reader
        // takes null as absent; a required one then gets its "expected a number" message).
        if (t.isEmpty())
            v = QJsonValue(QJsonValue::Null);
        else if (ok && std::isfinite(x))
            v = x;
        else
            v = t; // the reader then says "expected a number ..., got string ..."
    } else if (kind == Kind::Date &&
               (t.compare(undatedText(), Qt::CaseInsensitive) == 0 ||
                t.compare(QLatin1String("undated"), Qt::CaseInsensitive) == 0)) {
        v = QStringLiteral("undated"); // the file's word, whatever the reader's language
    } else {
        v = t;
    }
    m_doc = setIn(m_doc, split(pointer), 0, v).toObject();
    m_modified = true;
}

void CatalogEditorDialog::cellEdited(QTableWidgetItem* item)
{
    if (m_filling || !item)
        return;
    const QString pointer = item->data(kPointerRole).toString();
    setValue(pointer, Kind(item->data(kKindRole).toInt()), item->text());
    QTableWidget* table = item->tableWidget();
    if (pointer.endsWith(QStringLiteral("/id")) &&
        (table == m_tables[AcceleratorsTab] || table == m_tables[InstancesTab]))
        if (QTableWidgetItem* rowHeader = table->verticalHeaderItem(item->row()))
            rowHeader->setText(item->text().trimmed());
    if (const QString source = item->data(kSourceRole).toString(); !source.isEmpty())
        noteEditedPrice(source);
    validate();
    showCellMessage(item);
}

void CatalogEditorDialog::fieldEdited(const Field& f)
{
    if (m_filling)
        return;
    if (f.widget == m_currency) {
        m_doc[QStringLiteral("currency")] = m_currency->currentData().toString();
        m_modified = true;
        updateHeaders();
    } else if (auto* edit = qobject_cast<QLineEdit*>(f.widget)) {
        setValue(f.pointer, f.kind, edit->text());
        if (!f.source.isEmpty())
            noteEditedPrice(f.source);
    }
    validate();
}

// Issue 49: after a price was edited its source still described the old price. The source
// now says who changed which prices on what day, and what they were according to which
// source; undoing every change puts the original back. A source the user rewrote is theirs.
// Each note is made from the catalog as loaded, so editing again never nests notes.
void CatalogEditorDialog::noteEditedPrice(const QString& source)
{
    const QString textPointer = source + QStringLiteral("/text");
    const QString datePointer = source + QStringLiteral("/date");
    const QJsonValue originalText = getIn(m_original, split(textPointer));
    const QJsonValue originalDate = getIn(m_original, split(datePointer));
    const QString shown = display(getIn(m_doc, split(textPointer)));
    if (shown != display(originalText) && shown != m_noteFor.value(source))
        return;
    QStringList was; // "Spot (USD/GPU·h) 1.23" for each price changed
    auto add = [&](const QString& label, const QString& pointer) {
        const QJsonValue before = getIn(m_original, split(pointer));
        if (before == getIn(m_doc, split(pointer)))
            return;
        const QString old = display(before);
        was << tr("%1 %2", "a catalog column's header, then the value it had before the edit")
                   .arg(label, old.isEmpty() ? tr("not offered") : old);
    };
    for (QTableWidget* table : m_tables)
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                if (const QTableWidgetItem* it = table->item(r, c);
                    it && it->data(kSourceRole).toString() == source)
                    add(table->model()->headerData(c, Qt::Horizontal).toString(),
                        it->data(kPointerRole).toString());
    for (const Field& f : m_fields)
        if (f.source == source)
            add(f.widget->accessibleName(), f.pointer);
    QJsonValue text = originalText, date = originalDate;
    if (was.isEmpty()) {
        m_noteFor.remove(source);
    } else {
        const QString user = m_store && !m_store->user().empty()
                                 ? QString::fromStdString(m_store->user())
                                 : tr("a user");
        const QString today = QDate::currentDate().toString(Qt::ISODate);
        const QString oldDate = display(originalDate);
        const QString note =
            oldDate.isEmpty()
                ? tr("Edited by %1 on %2; was %3 from %4")
                      .arg(user, today, was.join(QStringLiteral(", ")), display(originalText))
                : tr("Edited by %1 on %2; was %3 from %4 (%5)")
                      .arg(user, today, was.join(QStringLiteral(", ")), display(originalText),
                           oldDate);
        m_noteFor.insert(source, note);
        text = note;
        date = today;
    }
    m_doc = setIn(m_doc, split(textPointer), 0, text).toObject();
    m_doc = setIn(m_doc, split(datePointer), 0, date).toObject();
    showValue(textPointer);
    showValue(datePointer);
}

void CatalogEditorDialog::showValue(const QString& pointer)
{
    const QString text = display(getIn(m_doc, split(pointer)));
    const bool wasFilling = m_filling;
    m_filling = true; // not an edit of the user's
    if (QTableWidgetItem* it = cellFor(pointer)) {
        it->setText(text);
        if (pointer.endsWith(QStringLiteral("source/text")))
            it->setToolTip(plainToolTip(text));
    }
    for (const Field& f : m_fields)
        if (auto* edit = qobject_cast<QLineEdit*>(f.widget); edit && f.pointer == pointer)
            edit->setText(text);
    m_filling = wasFilling;
}

void CatalogEditorDialog::validate()
{
    m_problems.clear();
    m_messageFor.clear();
    QStringList pointers; // each problem's cell, for the list's activation
    std::vector<Message> problems;
    const std::string text = documentText().toStdString();
    catalogFromJson(text, problems);
    for (const Message& m : problems) {
        m_problems << translatedMessage(m);
        const auto [pointer, what] = splitMessage(m);
        pointers << pointer;
        // Messages about a missing or mistyped object point at the object; show them on
        // the first cell below it.
        m_messageFor.insert(pointer, what);
    }
    const bool wasFilling = m_filling;
    m_filling = true; // colouring cells fires itemChanged
    for (QTableWidget* table : m_tables) {
        for (int r = 0; r < table->rowCount(); ++r) {
            for (int c = 0; c < table->columnCount(); ++c) {
                QTableWidgetItem* it = table->item(r, c);
                if (!it)
                    continue;
                const QString p = it->data(kPointerRole).toString();
                const auto found = m_messageFor.constFind(p);
                if (found != m_messageFor.constEnd()) {
                    it->setBackground(kErrorBackground);
                    it->setToolTip(*found);
                    it->setData(Qt::AccessibleDescriptionRole, *found);
                } else if (it->background().color() == kErrorBackground) {
                    it->setBackground(QBrush());
                    it->setToolTip(Kind(it->data(kKindRole).toInt()) == Kind::Price
                                       ? tr("Empty = not offered")
                                       : QString());
                    it->setData(Qt::AccessibleDescriptionRole, QVariant());
                }
            }
        }
    }
    for (const Field& f : m_fields) {
        const auto found = m_messageFor.constFind(f.pointer);
        const bool bad = found != m_messageFor.constEnd();
        f.widget->setStyleSheet(bad ? QStringLiteral("background: rgb(255,205,205);") : QString());
        f.widget->setToolTip(bad ? *found : QString());
    }
    m_filling = wasFilling;
    m_problemList->clear();
    m_problemList->addItems(m_problems);
    for (int i = 0; i < m_problemList->count() && i < pointers.size(); ++i)
        m_problemList->item(i)->setData(Qt::UserRole, pointers[i]);
    m_problemList->setVisible(!m_problems.isEmpty());
    updateState();
}

void CatalogEditorDialog::showCellMessage(QTableWidgetItem* item)
{
    if (!item) {
        m_cellMessage->clear();
        return;
    }
    const QString p = item->data(kPointerRole).toString();
    const auto found = m_messageFor.constFind(p);
    m_cellMessage->setText(found == m_messageFor.constEnd() ? QString()
                                                            : p + QStringLiteral(": ") + *found);
}

QString CatalogEditorDialog::cellMessage() const
{
    return m_cellMessage->text();
}

void CatalogEditorDialog::updateState()
{
    const bool writable = m_store && m_store->canChangeCatalogs();
    m_copy->setEnabled(writable && !m_catalogId.isEmpty());
    m_rename->setEnabled(writable && !m_readOnly && !m_catalogId.isEmpty());
    m_delete->setEnabled(writable && !m_readOnly && !m_catalogId.isEmpty());
    m_save->setEnabled(!m_readOnly && m_modified && m_problems.isEmpty());
    m_revert->setEnabled(!m_readOnly && m_modified);
    if (!m_problems.isEmpty())
        m_save->setToolTip(
            tr("Fix the %n problem(s) listed below first.", nullptr, int(m_problems.size())));
    else
        m_save->setToolTip(tr("Store this catalog in the library"));
}

QString CatalogEditorDialog::documentText() const
{
    return QString::fromUtf8(QJsonDocument(m_doc).toJson(QJsonDocument::Indented));
}

QString CatalogEditorDialog::save()
{
    if (m_readOnly)
        return tr("This catalog is read-only.");
    std::vector<std::string> errors;
    const auto cat = catalogFromJson(documentText().toStdString(), errors);
    if (!cat) {
        validate();
        return tr("The catalog has %n problem(s); nothing was saved.", nullptr, int(errors.size()));
    }
    // Store the canonical layout (field order as in the shipped file), not Qt's sorted keys.
    const Status err = m_store->updateCatalog(m_catalogId.toStdString(), catalogToJson(*cat));
    if (!err) {
        const QString e = QString::fromStdString(err.error);
        m_notice->setText(tr("Not saved: %1").arg(e));
        return e;
    }
    m_modified = false;
    updateState();
    const QString id = m_catalogId;
    const int row = m_list->currentRow();
    reloadList(id);
    m_list->setCurrentRow(row);
    m_notice->setText(tr("Saved. The library's totals of the plans priced with this catalog "
                         "were recomputed, and an open plan that uses it is repriced."));
    emit catalogsChanged(id);
    return {};
}

QString CatalogEditorDialog::copyCurrent(const QString& newName, QString* error)
{
    if (newName.trimmed().isEmpty()) {
        if (error)
            *error = tr("A catalog name can't be empty.");
        return {};
    }
    auto r = m_store->copyCatalog(m_catalogId.toStdString(), newName.trimmed().toStdString());
    if (!r) {
        if (error)
            *error = QString::fromStdString(r.error);
        return {};
    }
    const QString id = QString::fromStdString(r.value);
    m_modified = false;
    reloadList(id);
    emit catalogsChanged(id);
    return id;
}

QString CatalogEditorDialog::renameCurrent(const QString& newName)
{
    const QString name = newName.trimmed();
    if (name.isEmpty())
        return tr("A catalog name can't be empty.");
    if (m_readOnly || !m_store)
        return tr("This catalog is read-only.");
    const std::string id = m_catalogId.toStdString();
    auto stored = m_store->catalogJson(id);
    if (!stored)
        return QString::fromStdString(stored.error);
    std::vector<Message> problems;
    auto cat = catalogFromJson(stored.value, problems);
    if (!cat)
        return problems.empty() ? QString() : translatedMessage(problems.front());
    cat->name = name.toStdString();
    if (const Status err = m_store->updateCatalog(id, catalogToJson(*cat)); !err)
        return QString::fromStdString(err.error);
    // The edits in progress keep their state; only the name changed underneath them.
    m_doc[QStringLiteral("name")] = name;
    m_original[QStringLiteral("name")] = name;
    showValue(QStringLiteral("/name"));
    for (int r = 0; r < m_list->count(); ++r)
        if (QListWidgetItem* it = m_list->item(r); it->data(Qt::UserRole).toString() == m_catalogId)
            it->setText(name);
    emit catalogsChanged(m_catalogId);
    return {};
}

int CatalogEditorDialog::plansUsing(const QString& id) const
{
    if (!m_store)
        return -1;
    ListFilter all;
    all.include_trashed = true;
    const auto rows = m_store->list(all);
    if (!rows)
        return -1;
    return int(std::count_if(rows.value.begin(), rows.value.end(), [&](const ScenarioRow& r) {
        return r.catalog_id == id.toStdString();
    }));
}

QString CatalogEditorDialog::deleteCurrent()
{
    if (m_readOnly || !m_store)
        return tr("This catalog is read-only.");
    const QString id = m_catalogId;
    if (const Status err = m_store->deleteCatalog(id.toStdString()); !err)
        return QString::fromStdString(err.error);
    m_modified = false;
    reloadList(QStringLiteral("default"));
    emit catalogsChanged(id);
    return {};
}

void CatalogEditorDialog::askRename()
{
    auto* dlg = new QInputDialog(this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(tr("Rename catalog"));
    dlg->setLabelText(tr("New name:"));
    dlg->setTextValue(m_original.value(QStringLiteral("name")).toString());
    connect(dlg, &QInputDialog::textValueSelected, this, [this](const QString& name) {
        if (const QString err = renameCurrent(name); !err.isEmpty())
            warnPlain(this, tr("Rename catalog"), err);
    });
    dlg->open();
}

void CatalogEditorDialog::askDelete()
{
    const QString name = m_original.value(QStringLiteral("name")).toString();
    const int n = plansUsing(m_catalogId);
    QString text = tr("Delete the catalog “%1”? This can't be undone.").arg(name);
    if (n > 0)
        text += QLatin1Char(' ') + tr("%n plan(s) in the library are priced with it; they will "
                                      "not be priced until they name another catalog.",
                                      nullptr, n);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete catalog"), text,
                                QMessageBox::Discard | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("deleteCatalogConfirm"));
    box->setTextFormat(Qt::PlainText); // the name is user text
    box->button(QMessageBox::Discard)->setText(tr("&Delete catalog"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box](int) {
        if (box->clickedButton() != box->button(QMessageBox::Discard))
            return;
        if (const QString err = deleteCurrent(); !err.isEmpty())
            warnPlain(this, tr("Delete catalog"), err);
    });
    box->open();
}

void CatalogEditorDialog::askCopy()
{
    if (!confirmDiscard())
        return;
    auto* dlg = new QInputDialog(this);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setWindowTitle(tr("Copy catalog"));
    dlg->setLabelText(tr("Name of the new catalog:"));
    dlg->setTextValue(tr("%1 (my prices)").arg(m_name->text()));
    connect(dlg, &QInputDialog::textValueSelected, this, [this](const QString& name) {
        QString err;
        if (copyCurrent(name, &err).isEmpty())
            warnPlain(this, tr("Copy catalog"), err);
    });
    dlg->open();
}

bool CatalogEditorDialog::confirmDiscard()
{
    if (!m_modified || m_readOnly)
        return true;
    return QMessageBox::question(this, tr("Unsaved changes"),
                                 tr("Discard the changes to this catalog?"),
                                 QMessageBox::Discard | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Discard;
}

} // namespace costlab
