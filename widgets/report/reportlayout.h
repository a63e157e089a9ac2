// The report's pages: the page geometry, one text document per page-starting part of the
// content, the paginator that keeps charts and short tables on one page, and the painter that
// draws each page with its running header and footer. Internal to widgets/report.
#pragma once

#include "reportcharts.h"
#include "reportcontent.h"
#include "reportoptions.h"

#include <QFont>
#include <QMap>
#include <QPagedPaintDevice>
#include <QSizeF>
#include <QTextDocument>
#include <QTextLength>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <vector>

class QPainter;
class QTextTable;
class QTextCursor;

namespace costlab {

/// A document that loads nothing: no file, no network, whatever markup reaches it.
class SafeDocument : public QTextDocument {
public:
    using QTextDocument::QTextDocument;

protected:
    QVariant loadResource(int, const QUrl&) override { return {}; }
};

/// One page-starting part of the report (the cover, or a level-1 heading and what follows
/// it) in a document of its own, and the paginator that keeps its charts and short tables
/// on one page and continues its long tables so no row straddles a page. A part starts a
/// new page and ends before the next part's, so parts never move each other: each is laid
/// out (and laid out again while its breaks are decided) alone, and on its own thread.
class SectionLayout {
public:
    /// `body` is the page body in device pixels; the documents take `font`, the report's
    /// style sheet and the chart handler.
    SectionLayout(QPaintDevice& device, QSizeF body, const QFont& font, ChartObject& chartHandler,
                  const std::vector<ReportChart>& charts);
    ~SectionLayout();

    /// Lays out `html` (one part of ReportContent::html()) with its chart objects in place,
    /// as often as it takes to decide its page breaks, and keeps the breaks (not the
    /// document). Touches nothing outside this part: safe to run for several parts at once
    /// on different threads.
    void paginate(const QString& html);
    /// Drops the document paginate() laid out, keeping its breaks: its text layouts hold
    /// the font engines of the thread that laid it out, which go when that thread ends.
    void dropDocument();
    /// Builds and lays out the document of `html` with the breaks paginate() decided, unless
    /// it was kept: the one the functions below read and draw(). Call on the painting thread.
    void settle(const QString& html);
    /// Pages up to the last one with text (a part whose content ends at a page's end leaves
    /// Qt's layout one more, blank page: it is not printed). At least 1.
    int pages() const { return m_pages; }
    /// Page (0-based, in this part) of the level-1 heading whose text is `title`, or -1.
    int headingPage(const QString& title) const;
    /// See ReportLayout.
    QString lostParagraph() const;
    int straddlingRows() const;
    int emptyPages() const;
    int rowBreakCount() const { return int(m_rowBreaks.size()); }
    /// True when this part holds the contents table (the table after the level-1 heading
    /// `title`); it then paints `numbers` into it.
    bool setContentsPages(const QString& title, const QStringList& numbers);
    /// Draws page `page` (0-based) of this part with the painter's origin at the body's
    /// top-left corner.
    void draw(QPainter& painter, int page) const;

private:
    void paintContentsPages(QPainter& painter) const;
    void newDocument();
    int computePages() const;
    struct Item;
    /// A long table continued on a new page: `table` counts the HTML's tables from 0,
    /// `row` its rows (0 = the header row) — the row that starts the continuation.
    struct RowBreak {
        int table, row;
        bool operator<(const RowBreak& o) const
        {
            return table != o.table ? table < o.table : row < o.row;
        }
    };
    /// A body row of a long table as laid out: the document table it sits in and its row
    /// there, and the HTML table and row it came from.
    struct LaidRow {
        QTextTable* piece;
        int pieceRow, table, row;
        double top, bottom;
        double bodyOffset; ///< the piece's first body row below the piece's top
    };
    void build(const QString& html, std::vector<QTextCursor>& objects,
               std::vector<QTextTable*>& tables);
    QString withRowBreaks(const QString& html) const;
    void groupTables();
    void measureColumns();
    std::vector<LaidRow> longTableRows() const;
    bool addRowBreaks();
    /// Records a break before each heading (level ≥ 2) whose next line falls on a later
    /// page, i.e. a heading left alone at a page's foot. True when one was added.
    bool addHeadingBreaks();
    /// Records a break before the heading that introduces `table` (at most two paragraphs
    /// above it); false when it has none or the break is recorded already.
    bool breakBeforeHeadingOf(const QTextTable* table);
    /// Applies the recorded heading breaks to the freshly built document.
    void breakBeforeHeadings();
    bool breakBeforeBlankPages(const std::vector<QTextCursor>& objects,
                               const std::vector<QTextTable*>& tables);
    std::vector<bool> usedPages() const;
    bool paginateTable(const std::vector<LaidRow>& rows, std::size_t first, std::size_t end);
    void insertCharts(const QString& html, std::vector<QTextCursor>& objects);
    std::vector<QTextTable*> shortTables() const;
    void breakBeforeTable(QTextTable* t);
    void editUnlaid(const std::function<void()>& edit);
    void decideBreaks(const std::vector<QTextCursor>& objects,
                      const std::vector<QTextTable*>& tables);
    void checkBreaks(const std::vector<QTextCursor>& objects,
                     const std::vector<QTextTable*>& tables);
    bool chartRect(const std::vector<QTextCursor>& objects, int i, double* firstLine,
                   double* end) const;
    bool straddles(double top, double bottom) const;

    QPaintDevice& m_device;
    const std::vector<ReportChart>& m_charts;
    ChartObject& m_chartHandler;
    QFont m_font;
    QSizeF m_body; ///< page body (between header and footer bands), device pixels
    std::unique_ptr<SafeDocument> m_doc;
    int m_pages = 1;                       ///< computePages() of the current document
    QTextTable* m_contentsTable = nullptr; ///< the contents (setContentsPages)
    QStringList m_contentsPages;
    // Chart paragraphs and short tables that start on a new page, found in the first pass
    // and reused in the second (same layout: the contents table has the same height).
    std::vector<bool> m_chartBreak;
    std::vector<bool> m_tableBreak;
    std::set<int> m_headingBreaks;     ///< headings (level ≥ 2, by order) that start a page
    std::vector<RowBreak> m_rowBreaks; ///< sorted; found in the first pass, reused after
    /// Height of each long-table row (table, row) in a layout where it did not straddle a
    /// page: a straddling row's extent includes the jump to the next page, so a later round
    /// must not paginate with it. The column widths are fixed, so heights do not change.
    std::map<std::pair<int, int>, double> m_rowHeights;
    /// The document tables of each HTML table, in order (several once continued).
    std::vector<std::vector<QTextTable*>> m_groups;
    /// Column widths of each long table (by HTML table), measured in the first layout.
    std::map<int, QList<QTextLength>> m_columnWidths;
};

/// The report's pages: the page geometry, its parts (SectionLayout) laid out on the cores,
/// and the painter that draws each page with its running header and footer.
class ReportLayout {
public:
    /// Sets the device's page size and margins from `options`.
    ReportLayout(QPagedPaintDevice& device, const ReportOptions& options, ChartObject& chartHandler,
                 const std::vector<ReportChart>& charts);
    ~ReportLayout();

    /// Lays out `parts` (ReportContent::html(), each starting a page) with the chart
    /// objects in place, each part on a core of its own (largest first); see SectionLayout.
    void layout(const QStringList& parts);
    /// Page (1-based) of each section's heading in the current layout.
    QMap<QString, int> sectionPages(const std::vector<ReportSection>& sections) const;
    /// The first paragraph with text that the layout left without lines ("" when none):
    /// a report must never silently lose text.
    QString lostParagraph() const;
    int pageCount() const;
    /// Rows of long tables whose lines fall on two pages in the current layout (0 once
    /// the first pass has moved them; a row taller than a page cannot be kept whole).
    int straddlingRows() const;
    /// Pages on which no line of text was laid out (a page break that fell on a page's end;
    /// a part's blank last page is not printed, so it does not count).
    int emptyPages() const;
    /// Long tables continued on a new page before a row that would have straddled.
    int rowBreakCount() const;

    /// The page numbers to paint into the contents table (the table after the level-1
    /// heading `title`), one per row, right-aligned in its second column. Call after the
    /// last layout().
    void setContentsPages(const QString& title, const QStringList& numbers);

    /// Paints every page onto the device: the document clipped to the page body, a running
    /// header (`headerLeft` as plain text, the report title) and a footer (page x of n,
    /// ISO date). `step` (85–99) may cancel. Returns false with `error` set on failure.
    bool paint(const QString& headerLeft, const QLocale& locale,
               const std::function<bool(int)>& step, QString* error);

private:
    template <typename F> int sum(F f) const;
    void paintBands(QPainter& painter, int page, int pageCount, const QString& headerLeft,
                    const QLocale& locale);

    QPagedPaintDevice& m_device;
    ChartObject& m_chartHandler;
    const std::vector<ReportChart>& m_charts;
    QSizeF m_body;     ///< page body (between header and footer bands), device pixels
    double m_band = 0; ///< height of the header and footer bands
    QFont m_font;      ///< the documents' default font
    QFont m_smallFont;
    std::vector<std::unique_ptr<SectionLayout>> m_parts;
};

} // namespace costlab
