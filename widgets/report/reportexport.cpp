#include "reportexport.h"
#include "files.h"
#include "plaintext.h"
#include "scenario_json.h"

#include "engine.h"
#include "lineitemscsv.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QLineEdit>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QProgressDialog>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QVBoxLayout>

namespace costlab {

namespace {

QPageSize defaultPageSize()
{
    // US Letter where it is the paper in use; A4 everywhere else.
    switch (QLocale::system().territory()) {
    case QLocale::UnitedStates:
    case QLocale::Canada:
    case QLocale::Mexico:
    case QLocale::Philippines:
    case QLocale::Chile:
    case QLocale::Colombia:
        return QPageSize(QPageSize::Letter);
    default:
        return QPageSize(QPageSize::A4);
    }
}

} // namespace

ReportWriter::Options loadReportOptions(const QString& uiLanguage)
{
    QSettings settings;
    ReportWriter::Options o;
    const QString size = settings.value(QStringLiteral("report/pageSize")).toString();
    o.pageSize = size == QLatin1String("Letter") ? QPageSize(QPageSize::Letter)
                 : size == QLatin1String("A4")   ? QPageSize(QPageSize::A4)
                                                 : defaultPageSize();
    o.author = settings.value(QStringLiteral("report/author")).toString();
    o.language = settings.value(QStringLiteral("report/language"), uiLanguage).toString();
    if (o.language != QLatin1String("en") && o.language != QLatin1String("zh_CN"))
        o.language = QStringLiteral("en");
    return o;
}

void saveReportOptions(const ReportWriter::Options& o)
{
    QSettings settings;
    settings.setValue(QStringLiteral("report/pageSize"), o.pageSize.id() == QPageSize::Letter
                                                             ? QStringLiteral("Letter")
                                                             : QStringLiteral("A4"));
    settings.setValue(QStringLiteral("report/author"), o.author);
    settings.setValue(QStringLiteral("report/language"), o.language);
}

ReportExportDialog::ReportExportDialog(const ReportWriter::Options& o, QWidget* parent)
    : QDialog(parent), m_pageSize(new QComboBox), m_language(new QComboBox), m_author(new QLineEdit)
{
    setWindowTitle(tr("Export budget report"));
    auto* form = new QFormLayout;
    m_pageSize->addItem(tr("A4 (210 × 297 mm)"), int(QPageSize::A4));
    m_pageSize->addItem(tr("US Letter (8.5 × 11 in)"), int(QPageSize::Letter));
    m_pageSize->setCurrentIndex(o.pageSize.id() == QPageSize::Letter ? 1 : 0);
    m_pageSize->setAccessibleName(tr("Page size"));
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(o.language == QLatin1String("zh_CN") ? 1 : 0);
    m_language->setAccessibleName(tr("Report language"));
    m_author->setText(o.author);
    m_author->setPlaceholderText(tr("Shown on the cover; may stay empty"));
    m_author->setAccessibleName(tr("Author"));
    m_author->setMaxLength(200);
    form->addRow(tr("&Page size:"), m_pageSize);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Author:"), m_author);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);

    giveMnemonics(buttons);
    QPushButton* exportButton =
        buttons->addButton(tr("&Export PDF…"), QDialogButtonBox::AcceptRole);
    QPushButton* previewButton = buttons->addButton(tr("&Preview…"), QDialogButtonBox::ActionRole);
    exportButton->setDefault(true);
    connect(exportButton, &QPushButton::clicked, this, [this] { done(Export); });
    connect(previewButton, &QPushButton::clicked, this, [this] { done(Preview); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

ReportWriter::Options ReportExportDialog::options() const
{
    ReportWriter::Options o;
    o.pageSize = QPageSize(QPageSize::PageSizeId(m_pageSize->currentData().toInt()));
    o.language = m_language->currentData().toString();
    o.author = m_author->text().trimmed();
    return o;
}

bool writeReportWithProgress(QWidget* parent, const Scenario& scenario, const Catalog& catalog,
                             const QString& path, const ReportWriter::Options& options,
                             QString* error, int* pages)
{
    QProgressDialog progress(
        QCoreApplication::translate("costlab::ReportExport", "Writing the budget report…"),
        QCoreApplication::translate("costlab::ReportExport", "Cancel"), 0, 100, parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    progress.setAutoClose(false);
    progress.setValue(0);
    ReportWriter writer;
    const bool ok = writer.write(scenario, catalog, path, options, error, [&](int percent) {
        progress.setValue(percent);
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        return !progress.wasCanceled();
    });
    if (ok && pages)
        *pages = writer.lastPageCount();
    return ok;
}

void previewReport(QWidget* parent, const Scenario& scenario, const Catalog& catalog,
                   const ReportWriter::Options& options)
{
    QPrinter printer(QPrinter::HighResolution);
    // The PDF's resolution: text metrics (and so line breaks, row continuations and page
    // breaks) depend on it, and the printed pages must be the exported PDF's.
    printer.setResolution(ReportWriter::kResolution);
    printer.setPageSize(options.pageSize);
    printer.setDocName(QString::fromStdString(scenario.name));
    QPrintPreviewDialog dialog(&printer, parent);
    dialog.setWindowTitle(
        QCoreApplication::translate("costlab::ReportExport", "Budget report preview"));
    dialog.resize(1000, 900);
    QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, [&](QPrinter* target) {
        QString error;
        ReportWriter writer;
        QProgressDialog progress(
            QCoreApplication::translate("costlab::ReportExport", "Laying out the budget report…"),
            QString(), 0, 100, parent);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(300);
        writer.render(scenario, catalog, target, options, &error, [&](int percent) {
            progress.setValue(percent);
            return true;
        });
    });
    dialog.exec();
}

bool writeLineItemsFile(const Scenario& scenario, const Catalog& catalog, const QString& path,
                        QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = QCoreApplication::translate("costlab::ReportExport",
                                                 "Cannot write the line items to %1: %2")
                         .arg(QDir::toNativeSeparators(path), why);
        return false;
    };
    if (path.isEmpty())
        return fail(QCoreApplication::translate("costlab::ReportExport", "no file name given"));
    // Never replace a device, pipe or dangling link with a regular file.
    if (const std::string refused = checkOutputPath(QFile::encodeName(path).toStdString());
        !refused.empty())
        return fail(QString::fromStdString(refused));
    const Estimate estimate = evaluate(scenario, catalog);
    if (const std::string why = lineItemsRefusal(estimate); !why.empty())
        return fail(QString::fromStdString(why));
    const std::string csv = lineItemsCsv(scenario, estimate);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (file.write(csv.data(), qint64(csv.size())) != qint64(csv.size())) {
        const QString why = file.errorString();
        file.cancelWriting();
        return fail(why);
    }
    if (!file.commit())
        return fail(file.errorString());
    return true;
}

} // namespace costlab
