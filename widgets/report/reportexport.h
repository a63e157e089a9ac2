// File → Export report… / Print preview / Export line items…, kept out of the
// main window so that tests drive the same code: an options dialog (page size, author,
// language, remembered in QSettings), report writing with a cancellable progress dialog,
// a QPrintPreviewDialog of the same pages, and the FinOps line-item CSV written atomically.
#pragma once

#include "catalog.h"
#include "reportwriter.h"
#include "scenario.h"

#include <QDialog>

class QComboBox;
class QLineEdit;

namespace costlab {

/// Report options as last used (QSettings keys report/pageSize, report/author,
/// report/language). Defaults: Letter in the US and Canada, A4 elsewhere; no author; the
/// UI language.
ReportWriter::Options loadReportOptions(const QString& uiLanguage);
void saveReportOptions(const ReportWriter::Options& options);

/// Options before exporting or previewing. exec() returns Export (1), Preview (2) or
/// Rejected (0).
class ReportExportDialog : public QDialog {
    Q_OBJECT
public:
    enum Outcome { Export = 1, Preview = 2 };
    ReportExportDialog(const ReportWriter::Options& options, QWidget* parent = nullptr);
    ReportWriter::Options options() const;

private:
    QComboBox* m_pageSize;
    QComboBox* m_language;
    QLineEdit* m_author;
};

/// Write the report to `path` under a modal progress dialog with Cancel. Returns false and
/// sets `error` (translated; names the path and the cause) on failure or cancel; on
/// success `pages` (if given) holds the page count. Never leaves a partial file.
bool writeReportWithProgress(QWidget* parent, const Scenario& scenario, const Catalog& catalog,
                             const QString& path, const ReportWriter::Options& options,
                             QString* error, int* pages = nullptr);

/// Show the report in a QPrintPreviewDialog (zoom, page thumbnails, print); pages are
/// painted through ReportWriter::render(), so they are those of the PDF.
void previewReport(QWidget* parent, const Scenario& scenario, const Catalog& catalog,
                   const ReportWriter::Options& options);

/// Write the FinOps (FOCUS-style) line items of `scenario` (model/analysis/lineitems.h,
/// model/io/lineitemscsv.h) to `path` atomically (QSaveFile). Returns false and sets `error`
/// (translated) on failure.
bool writeLineItemsFile(const Scenario& scenario, const Catalog& catalog, const QString& path,
                        QString* error);

} // namespace costlab
