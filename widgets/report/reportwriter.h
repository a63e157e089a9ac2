// The PDF budget report: cover, contents, executive summary, cost breakdown,
// the editor's charts as vector graphics, risks in plain words, every assumption and the
// methods appendix. One drawing path: a QTextDocument laid out on the page body and painted
// page by page into a QPdfWriter, with a running header and page numbers drawn around it.
// Charts are QCustomPlot scenes recorded as QPictures and drawn as text objects, so the PDF
// holds vector paths and real text, never bitmaps. The figures come from ReportData
// (model/analysis/reportdata.h); the parts: reportcharts (recording), reportcontent (one
// function per section), reportlayout (paginator and page painter).
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "reportoptions.h"
#include "scenario.h"

#include <QPagedPaintDevice>
#include <QString>

#include <functional>

namespace costlab {

/// The façade: tr(), kResolution and the number formats come from ReportText.
class ReportWriter : public ReportText {
public:
    using Options = ReportOptions;

    /// Write the report of `scenario` priced with `catalog` to `path` (atomically, through
    /// QSaveFile: on any failure the previous file, if any, is untouched and no partial
    /// file is left). `progress` (0–100) may return false to cancel. Returns false and sets
    /// `error` (translated, names the path and cause) on failure or cancel. Needs a
    /// QApplication (charts are widgets); the offscreen platform is enough.
    bool write(const Scenario& scenario, const Catalog& catalog, const QString& path,
               const Options& options, QString* error,
               std::function<bool(int percent)> progress = {});

    /// Lay out and paint the report onto any paged device: a QPdfWriter (write() uses
    /// this), or the QPrinter of a QPrintPreviewDialog / print dialog. Sets the device's
    /// page size and margins from `options`. `progress` (0–99) may return false to cancel.
    /// Returns false and sets `error` (translated) on failure or cancel.
    bool render(const Scenario& scenario, const Catalog& catalog, QPagedPaintDevice* device,
                const Options& options, QString* error,
                std::function<bool(int percent)> progress = {});

    /// Number of pages of the last successful write() or render() (0 before).
    int lastPageCount() const { return m_pages; }
    /// Of the last report: rows of long tables that still fall on two pages (only a row
    /// taller than a page may), and the tables continued on a new page to keep rows whole.
    int lastStraddlingRows() const { return m_straddlingRows; }
    int lastTableContinuations() const { return m_continuations; }
    /// Of the last report: pages without a line of text (always 0 in a good layout).
    int lastEmptyPages() const { return m_emptyPages; }

private:
    int m_pages = 0;
    int m_straddlingRows = 0;
    int m_continuations = 0;
    int m_emptyPages = 0;
};

} // namespace costlab
