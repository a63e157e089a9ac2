#include "reportlayout.h"

#include <QAbstractTextDocumentLayout>
#include <QDate>
#include <QFontMetricsF>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextTable>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numeric>

namespace costlab {

namespace {
// A table of at most this many rows (header included) is kept on one page: a three-row
// table once left its last row alone on the next page.
constexpr int kShortTableRows = 8;
} // namespace

/// A chart paragraph or short table in the first layout, for deciding breaks.
struct SectionLayout::Item {
    double top, bottom;
    bool table;
    int index;
};

namespace {

// The report's fonts and styles, the same in every part.
void setUpDocument(QTextDocument& doc, QPaintDevice& device, ChartObject& chartHandler,
                   const QFont& font, QSizeF body)
{
    doc.documentLayout()->setPaintDevice(&device);
    doc.documentLayout()->registerHandler(kChartFormat, &chartHandler);
    doc.setDefaultFont(font);
    doc.setDocumentMargin(0);
    doc.setPageSize(body);
    doc.setDefaultStyleSheet(QStringLiteral(
        "h1 { font-size: 16pt; color: #08306b; margin-top: 0; margin-bottom: 8px; }"
        "h2 { font-size: 12pt; color: #08306b; margin-top: 14px; margin-bottom: 4px; }"
        "h3 { font-size: 10.5pt; margin-top: 10px; margin-bottom: 2px; }"
        "p { margin-top: 2px; margin-bottom: 6px; }"
        "table { border-collapse: collapse; }"
        "th { background-color: #dbe6f2; font-weight: bold; text-align: left; }"
        "td.n, th.n { text-align: right; }"
        ".small { font-size: 8pt; color: #333333; }"
        ".caption { font-weight: bold; }"
        ".cover-title { font-size: 26pt; font-weight: bold; color: #08306b; }"
        ".cover-sub { font-size: 14pt; color: #333333; }"));
}

// A thread that runs one function. QThread::create() would do, but its std::future pulls
// the dynamic loader's TLS entry (__tls_get_addr) into the programs' dependencies.
class Worker : public QThread {
public:
    explicit Worker(std::function<void()> f) : m_f(std::move(f)) {}

protected:
    void run() override { m_f(); }

private:
    std::function<void()> m_f;
};

} // namespace

SectionLayout::SectionLayout(QPaintDevice& device, QSizeF body, const QFont& font,
                             ChartObject& chartHandler, const std::vector<ReportChart>& charts)
    : m_device(device), m_charts(charts), m_chartHandler(chartHandler), m_font(font), m_body(body),
      m_chartBreak(charts.size(), false)
{
}

SectionLayout::~SectionLayout() = default;

void SectionLayout::newDocument()
{
    m_doc = std::make_unique<SafeDocument>();
    setUpDocument(*m_doc, m_device, m_chartHandler, m_font, m_body);
}

std::vector<QTextTable*> SectionLayout::shortTables() const
{
    std::vector<QTextTable*> out;
    for (const std::vector<QTextTable*>& g : m_groups)
        if (g.size() == 1 && g.front()->rows() <= kShortTableRows)
            out.push_back(g.front());
    return out;
}

// Right after setHtml, before any break of ours: a table with a page break before it is a
// continuation written by withRowBreaks() (the report's own tables never carry one).
void SectionLayout::groupTables()
{
    m_groups.clear();
    for (QTextFrame* f : m_doc->rootFrame()->childFrames()) {
        auto* t = qobject_cast<QTextTable*>(f);
        if (!t)
            continue;
        const bool continued = t->format().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore;
        if (continued && !m_groups.empty())
            m_groups.back().push_back(t);
        else
            m_groups.push_back({t});
    }
}

// The HTML with each long table closed before its break rows and reopened on a new page
// with its header repeated. Qt's layout cannot keep a table row on one page (it moves a row
// only when no cell's first line fits, and a page break inside a cell is not honoured), so
// the split is made in the markup. The report's markup has no nested tables, and user text
// is escaped, so every "<table" and "<tr" is the report's own.
QString SectionLayout::withRowBreaks(const QString& html) const
{
    if (m_rowBreaks.empty())
        return html;
    QString out;
    out.reserve(html.size() + 512);
    qsizetype from = 0;
    int table = -1;
    auto next = m_rowBreaks.begin();
    for (qsizetype open = html.indexOf(QLatin1String("<table"));
         open >= 0 && next != m_rowBreaks.end();
         open = html.indexOf(QLatin1String("<table"), open + 1)) {
        ++table;
        if (next->table != table)
            continue;
        const qsizetype openEnd = html.indexOf(QLatin1Char('>'), open) + 1;
        const qsizetype close = html.indexOf(QLatin1String("</table>"), openEnd);
        if (openEnd <= 0 || close < 0)
            break;
        QString reopen = html.mid(open, openEnd - open);
        if (reopen.contains(QLatin1String("style=\"")))
            reopen.replace(QLatin1String("style=\""),
                           QLatin1String("style=\"page-break-before: always; "));
        else
            reopen.insert(reopen.size() - 1, QLatin1String(" style=\"page-break-before: always\""));
        const qsizetype headStart = html.indexOf(QLatin1String("<thead>"), openEnd);
        const qsizetype headEnd = html.indexOf(QLatin1String("</thead>"), openEnd);
        if (headStart >= 0 && headEnd >= 0 && headEnd < close)
            reopen += html.mid(headStart, headEnd + 8 - headStart);
        int row = -1;
        for (qsizetype tr = html.indexOf(QLatin1String("<tr"), openEnd);
             tr >= 0 && tr < close && next != m_rowBreaks.end() && next->table == table;
             tr = html.indexOf(QLatin1String("<tr"), tr + 1)) {
            if (++row != next->row)
                continue;
            out += QStringView(html).mid(from, tr - from);
            out += QLatin1String("</table>") + reopen;
            from = tr;
            ++next;
        }
        while (next != m_rowBreaks.end() && next->table == table) // rows the table lacks
            ++next;
    }
    out += QStringView(html).mid(from);
    return out;
}

// Break before the table's heading when it has one (the heading stays with its table).
void SectionLayout::breakBeforeTable(QTextTable* t)
{
    const QTextBlock first = m_doc->findBlock(t->firstPosition());
    const QTextBlock heading = first.previous();
    if (heading.isValid() && heading.blockFormat().headingLevel() > 0) {
        QTextBlockFormat fmt;
        fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(heading).mergeBlockFormat(fmt);
    } else {
        QTextTableFormat fmt = t->format();
        fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        t->setFormat(fmt);
    }
}

// Builds or edits the document with no page size (QTextDocumentLayout does no layout then),
// and restores the page size: exactly one full layout per call. Qt's own incremental
// relayout after edits once left later paragraphs without lines (the Risks section
// vanished) and cost a second layout per edit.
void SectionLayout::editUnlaid(const std::function<void()>& edit)
{
    m_doc->setPageSize(QSizeF());
    edit();
    m_doc->setPageSize(m_body);
    m_doc->documentLayout()->documentSize();
}

// Replaces the chart placeholders with vector chart objects, in one edit block: each
// insertion would otherwise re-lay out the rest of the document (80 % of the time).
void SectionLayout::insertCharts(const QString& html, std::vector<QTextCursor>& objects)
{
    objects.assign(m_charts.size(), QTextCursor());
    for (int i = 0; i < int(m_charts.size()); ++i) {
        // Only this part's charts: a search of the document costs ~1 ms per chart on the
        // 15-page assumptions part, which has none.
        const QString placeholder = QStringLiteral("@@CHART%1@@").arg(i);
        if (!html.contains(placeholder))
            continue;
        QTextCursor c = m_doc->find(placeholder);
        if (c.isNull())
            continue;
        QTextCharFormat f;
        f.setObjectType(kChartFormat);
        f.setProperty(kChartProp, m_charts[std::size_t(i)].picture);
        const double w = m_body.width() * 0.98;
        f.setProperty(kSizeProp, QSizeF(w, w * kChartH / kChartW));
        c.insertText(QString(QChar::ObjectReplacementCharacter), f);
        if (m_chartBreak[std::size_t(i)]) {
            QTextBlockFormat fmt;
            fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            c.mergeBlockFormat(fmt);
        }
        objects[std::size_t(i)] = c;
    }
}

// Sets the document from `html` with the breaks found so far, and lays it out once.
void SectionLayout::build(const QString& html, std::vector<QTextCursor>& objects,
                          std::vector<QTextTable*>& tables)
{
    m_doc->setPageSize(QSizeF());
    m_doc->setHtml(withRowBreaks(html));
    groupTables();
    QTextCursor edit(m_doc.get());
    edit.beginEditBlock();
    // Every piece of a continued table gets the column widths the whole table had: Qt sizes
    // each table by its own content, so the pieces' columns (and row heights) would differ.
    for (const auto& [g, widths] : m_columnWidths)
        if (g < int(m_groups.size()))
            for (QTextTable* t : m_groups[std::size_t(g)]) {
                QTextTableFormat fmt = t->format();
                fmt.setColumnWidthConstraints(widths);
                t->setFormat(fmt);
            }
    insertCharts(html, objects);
    tables = shortTables();
    m_tableBreak.resize(tables.size(), false);
    for (std::size_t k = 0; k < tables.size(); ++k)
        if (m_tableBreak[k])
            breakBeforeTable(tables[k]);
    breakBeforeHeadings();
    edit.endEditBlock();
    m_doc->setPageSize(m_body); // the one layout of this pass
    m_doc->documentLayout()->documentSize();
}

void SectionLayout::paginate(const QString& html)
{
    newDocument();
    std::vector<QTextCursor> objects;
    std::vector<QTextTable*> tables;
    m_rowHeights.clear();
    build(html, objects, tables);
    // The widths Qt chose, kept from here on for every piece. They reproduce this layout's
    // columns exactly, so the breaks are decided on it without laying it out again.
    measureColumns();
    decideBreaks(objects, tables);
    checkBreaks(objects, tables);
    // Each round continues, in every section, the first long table whose row straddles a
    // page; a long table needs one round per page it spans (the assumptions table: 2–4).
    // Avoiding a blank page moves a break, so the rows after it are paginated again.
    constexpr int kMaxRounds = 12, kMaxBlankFixes = 4;
    for (int fix = 0; fix <= kMaxBlankFixes; ++fix) {
        for (int round = 0; round < kMaxRounds && addRowBreaks(); ++round) {
            build(html, objects, tables);
            checkBreaks(objects, tables);
        }
        if (fix == kMaxBlankFixes || !breakBeforeBlankPages(objects, tables))
            break;
        build(html, objects, tables);
    }
    // Last, a heading left alone at a page's foot moves to the page of what it heads (zh
    // Route B: "训练步与 MFU" ended page 5, its table began page 6; issue 49). A heading
    // moved starts its page, so the pages after it are paginated again.
    for (int round = 0; round < kMaxRounds && addHeadingBreaks(); ++round) {
        build(html, objects, tables);
        checkBreaks(objects, tables);
        for (int r = 0; r < kMaxRounds && addRowBreaks(); ++r) {
            build(html, objects, tables);
            checkBreaks(objects, tables);
        }
    }
    m_pages = computePages();
}

void SectionLayout::dropDocument()
{
    m_groups.clear();
    m_contentsTable = nullptr;
    m_doc.reset();
}

void SectionLayout::settle(const QString& html)
{
    if (m_doc)
        return;
    newDocument();
    std::vector<QTextCursor> objects;
    std::vector<QTextTable*> tables;
    build(html, objects, tables);
    m_pages = computePages();
}

// Headings by their order in the document: the only stable name a block has across builds.
bool SectionLayout::addHeadingBreaks()
{
    const QAbstractTextDocumentLayout* dl = m_doc->documentLayout();
    const double pageHeight = m_doc->pageSize().height();
    auto lineTops = [&](const QTextBlock& b, double* first, double* last) {
        const QTextLayout* tl = b.layout();
        if (!tl || tl->lineCount() == 0)
            return false;
        const double top = dl->blockBoundingRect(b).top();
        *first = top + tl->lineAt(0).y();
        *last = top + tl->lineAt(tl->lineCount() - 1).y();
        return true;
    };
    bool added = false;
    // A long table that Qt began with a single row at a page's foot (it moves whole rows
    // and repeats the header: the uncertainty table kept only "Total cost", issue 49) moves
    // to the next page with its heading.
    const std::vector<LaidRow> rows = longTableRows();
    for (std::size_t k = 0; k + 1 < rows.size(); ++k) {
        const LaidRow& r = rows[k];
        const bool firstBodyRow = r.piece == m_groups[std::size_t(r.table)].front() &&
                                  (k == 0 || rows[k - 1].table != r.table);
        if (firstBodyRow && rows[k + 1].table == r.table &&
            int(r.top / pageHeight) != int(rows[k + 1].top / pageHeight))
            added = breakBeforeHeadingOf(r.piece) || added;
    }
    int index = -1;
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() < 2)
            continue;
        ++index;
        double first = 0, last = 0;
        if (m_headingBreaks.count(index) || !lineTops(b, &first, &last))
            continue;
        // The next block with a line: a paragraph, or the first cell of a table (next()
        // walks into tables in document order).
        double nextFirst = 0, nextLast = 0;
        QTextBlock n = b.next();
        while (n.isValid() && !lineTops(n, &nextFirst, &nextLast))
            n = n.next();
        if (!n.isValid() || n.blockFormat().headingLevel() == 1)
            continue;
        if (int(nextFirst / pageHeight) > int(last / pageHeight) &&
            int(first / pageHeight) == int(last / pageHeight)) {
            m_headingBreaks.insert(index);
            added = true;
        }
    }
    return added;
}

bool SectionLayout::breakBeforeHeadingOf(const QTextTable* table)
{
    // The heading at most two paragraphs above the table (a heading, its introduction).
    QTextBlock b = m_doc->findBlock(table->firstPosition()).previous();
    for (int hops = 0; hops < 3 && b.isValid() && b.blockFormat().headingLevel() == 0; ++hops)
        b = b.previous();
    if (!b.isValid() || b.blockFormat().headingLevel() < 2)
        return false;
    int index = -1;
    for (QTextBlock h = m_doc->begin(); h.isValid(); h = h.next()) {
        if (h.blockFormat().headingLevel() >= 2)
            ++index;
        if (h == b)
            break;
    }
    return m_headingBreaks.insert(index).second;
}

void SectionLayout::breakBeforeHeadings()
{
    if (m_headingBreaks.empty())
        return;
    int index = -1;
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next()) {
        if (b.blockFormat().headingLevel() < 2)
            continue;
        if (m_headingBreaks.count(++index)) {
            QTextBlockFormat fmt;
            fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
            QTextCursor(b).mergeBlockFormat(fmt);
        }
    }
}

// The body rows of the long tables as laid out, in document order. A row's extent runs
// from the first line of its cells to the last (Qt moves lines past a page break one by
// one, so a straddling row has lines on both pages).
std::vector<SectionLayout::LaidRow> SectionLayout::longTableRows() const
{
    std::vector<LaidRow> out;
    const QAbstractTextDocumentLayout* dl = m_doc->documentLayout();
    for (int g = 0; g < int(m_groups.size()); ++g) {
        const std::vector<QTextTable*>& pieces = m_groups[std::size_t(g)];
        if (pieces.size() == 1 && pieces.front()->rows() <= kShortTableRows)
            continue;
        // HTML row = base + row in the piece; a continuation repeats the header rows.
        int base = 0;
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            QTextTable* t = pieces[p];
            const int header = t->format().headerRowCount();
            const double frameTop = dl->frameBoundingRect(t).top();
            double bodyOffset = -1;
            for (int r = header; r < t->rows(); ++r) {
                double top = 1e300, bottom = -1e300;
                for (int c = 0; c < t->columns(); ++c) {
                    const QTextTableCell cell = t->cellAt(r, c);
                    if (cell.row() != r || cell.column() != c)
                        continue;
                    for (auto it = cell.begin(); !it.atEnd(); ++it) {
                        const QTextBlock b = it.currentBlock();
                        const QTextLayout* tl = b.layout();
                        if (!b.isValid() || !tl || tl->lineCount() == 0)
                            continue;
                        const double y = dl->blockBoundingRect(b).top();
                        const QTextLine last = tl->lineAt(tl->lineCount() - 1);
                        top = std::min(top, y + tl->lineAt(0).y());
                        bottom = std::max(bottom, y + last.y() + last.height());
                    }
                }
                if (bottom <= top)
                    continue;
                if (bodyOffset < 0)
                    bodyOffset = top - frameTop;
                out.push_back({t, r, g, base + r, top, bottom, bodyOffset});
            }
            base += t->rows() - header;
        }
    }
    return out;
}

// The column widths of each long table as Qt laid it out; they apply from the next build.
void SectionLayout::measureColumns()
{
    const QAbstractTextDocumentLayout* dl = m_doc->documentLayout();
    for (int g = 0; g < int(m_groups.size()); ++g) {
        const std::vector<QTextTable*>& pieces = m_groups[std::size_t(g)];
        if (pieces.size() != 1 || pieces.front()->rows() <= kShortTableRows ||
            m_columnWidths.count(g))
            continue;
        QTextTable* t = pieces.front();
        if (t->columns() < 2)
            continue;
        std::vector<double> left(std::size_t(t->columns()), 1e300);
        std::vector<double> width(std::size_t(t->columns()), 0);
        for (int r = 0; r < t->rows(); ++r)
            for (int c = 0; c < t->columns(); ++c) {
                const QTextTableCell cell = t->cellAt(r, c);
                if (cell.row() == r && cell.column() == c && cell.columnSpan() == 1) {
                    const QRectF b = dl->blockBoundingRect(cell.firstCursorPosition().block());
                    left[std::size_t(c)] = std::min(left[std::size_t(c)], b.left());
                    width[std::size_t(c)] = std::max(width[std::size_t(c)], b.width());
                }
            }
        // A column's width is the distance from its content's left edge to the next
        // column's; with separate borders (the assumptions table, kLongTableOpen) less the
        // two cell borders Qt adds outside a fixed width, with border-collapse nothing
        // (the borders sit inside the padding). The last column's is its content width plus
        // the padding and borders the first column has around its content.
        // Fixed widths (in 96-dpi pixels, as Qt scales them) for every column: percentages
        // came out a pixel below a column's content width, and Qt lays out an overflowing
        // table again breaking words anywhere. A last column left to take what is left came
        // out a pixel narrower than measured, and a Chinese line that filled it wrapped
        // (Route B's assumptions table: one row 180 → 225 px, one more pagination round).
        if (std::any_of(left.begin(), left.end(), [](double x) { return x > 1e299; }))
            continue;
        const double scale = m_device.logicalDpiY() / 96.0;
        const double borders = t->format().borderCollapse()
                                   ? 0.0
                                   : 2 * std::round(t->format().border() * scale); // device px
        QList<QTextLength> widths;
        for (std::size_t c = 0; c + 1 < left.size(); ++c)
            widths << QTextLength(QTextLength::FixedLength,
                                  (left[c + 1] - left[c] - borders) / scale);
        const double chrome = left[1] - left[0] - width[0];
        widths << QTextLength(QTextLength::FixedLength, (width.back() + chrome - borders) / scale);
        m_columnWidths[g] = widths;
    }
}

// A page break (before a continued table piece or a heading) that falls right at a page's
// end leaves a blank page inside the part. The short table, chart or table row that ends the
// page before it then starts on its own page instead (letting the flow put it across the
// page boundary). Returns whether a break was added. A blank page at the part's end is not
// printed (pages()), so only pages before the last with text count.
bool SectionLayout::breakBeforeBlankPages(const std::vector<QTextCursor>& objects,
                                          const std::vector<QTextTable*>& tables)
{
    const double pageHeight = m_doc->pageSize().height();
    const std::vector<bool> used = usedPages();
    const std::vector<LaidRow> rows = longTableRows();
    bool changed = false;
    for (std::size_t p = 1; p < used.size(); ++p) {
        if (used[p])
            continue;
        auto onPage = [&](double top, double bottom) {
            return std::size_t(top / pageHeight) == p - 1 &&
                   std::size_t((bottom - 1) / pageHeight) == p - 1;
        };
        double lastBottom = -1;
        int lastTable = -1, lastChart = -1;
        for (std::size_t k = 0; k < tables.size(); ++k) {
            const QRectF r = m_doc->documentLayout()->frameBoundingRect(tables[k]);
            if (!m_tableBreak[k] && onPage(r.top(), r.bottom()) && r.bottom() > lastBottom) {
                lastBottom = r.bottom();
                lastTable = int(k);
            }
        }
        for (int i = 0; i < int(m_charts.size()); ++i) {
            double first = 0, end = 0;
            if (!m_chartBreak[std::size_t(i)] && chartRect(objects, i, &first, &end) &&
                onPage(first, end) && end > lastBottom) {
                lastBottom = end;
                lastChart = i;
                lastTable = -1;
            }
        }
        // A continued long table whose piece ends at the page's foot: the frame's bottom
        // spills onto the next page and the next piece's page break leaves it blank. The
        // last row on the page moves to the next piece instead (which then starts there).
        const LaidRow* lastRow = nullptr;
        for (const LaidRow& r : rows)
            if (onPage(r.top, r.bottom) && r.pieceRow > r.piece->format().headerRowCount() &&
                r.bottom > lastBottom)
                lastRow = &r, lastBottom = r.bottom;
        if (lastRow) {
            const RowBreak br{lastRow->table, lastRow->row};
            auto at = std::lower_bound(m_rowBreaks.begin(), m_rowBreaks.end(), br);
            // The table's later breaks were decided for the old layout: they go, and the
            // next rounds of addRowBreaks() paginate the rows after this one again.
            auto later = at;
            while (later != m_rowBreaks.end() && later->table == br.table)
                ++later;
            const bool moved = at == m_rowBreaks.end() || at->table != br.table ||
                               at->row != br.row || later - at > 1;
            at = m_rowBreaks.erase(at, later);
            m_rowBreaks.insert(at, br);
            changed = changed || moved;
        } else if (lastChart >= 0) {
            m_chartBreak[std::size_t(lastChart)] = changed = true;
        } else if (lastTable >= 0) {
            m_tableBreak[std::size_t(lastTable)] = changed = true;
        }
    }
    return changed;
}

// The pages up to the last with a line of text, and which of them have one.
std::vector<bool> SectionLayout::usedPages() const
{
    const double pageHeight = m_doc->pageSize().height();
    std::vector<bool> used(std::size_t(std::max(0, m_doc->pageCount())), false);
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next()) {
        const QTextLayout* tl = b.layout();
        if (!tl || b.text().isEmpty())
            continue;
        const double top = m_doc->documentLayout()->blockBoundingRect(b).top();
        for (int i = 0; i < tl->lineCount(); ++i) {
            const auto page = std::size_t((top + tl->lineAt(i).y() + 1) / pageHeight);
            if (page < used.size())
                used[page] = true;
        }
    }
    while (!used.empty() && !used.back())
        used.pop_back();
    return used;
}

int SectionLayout::computePages() const
{
    return std::max(1, int(usedPages().size()));
}

int SectionLayout::emptyPages() const
{
    const std::vector<bool> used = usedPages();
    return int(std::count(used.begin(), used.end(), false));
}

int SectionLayout::straddlingRows() const
{
    const double pageHeight = m_doc->pageSize().height();
    int n = 0;
    for (const LaidRow& r : longTableRows())
        if (r.bottom - r.top < 0.8 * pageHeight && straddles(r.top, r.bottom))
            ++n;
    return n;
}

// Continues long tables on a new page before rows that would straddle one. In each section
// (a section starts a new page, so sections do not move each other) the first table with a
// straddling row is paginated here row by row, from its rows' heights and spacing: a row
// that does not fit moves to the next page below the repeated header, whether Qt would have
// moved it or split it. Rows of one table are contiguous, so this matches Qt's layout;
// content after the table moves, so later tables of the section wait for the next round's
// layout. A row that follows a group heading row (one cell across the table) takes the
// heading along.
bool SectionLayout::addRowBreaks()
{
    const double pageHeight = m_doc->pageSize().height();
    std::vector<int> sectionStarts;
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next())
        if (b.blockFormat().headingLevel() == 1)
            sectionStarts.push_back(b.position());
    auto section = [&](const QTextTable* t) {
        return int(
            std::upper_bound(sectionStarts.begin(), sectionStarts.end(), t->firstPosition()) -
            sectionStarts.begin());
    };
    auto tooTall = [&](const LaidRow& r) { return r.bottom - r.top >= 0.8 * pageHeight; };
    const std::vector<LaidRow> rows = longTableRows();
    std::vector<int> doneSections;
    bool added = false;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const int sec = section(rows[i].piece);
        if (tooTall(rows[i]) || !straddles(rows[i].top, rows[i].bottom) ||
            std::find(doneSections.begin(), doneSections.end(), sec) != doneSections.end())
            continue;
        doneSections.push_back(sec);
        const int table = rows[i].table;
        std::size_t first = i;
        while (first > 0 && rows[first - 1].table == table)
            --first;
        std::size_t end = i;
        while (end < rows.size() && rows[end].table == table)
            ++end;
        added = paginateTable(rows, first, end) || added;
    }
    return added;
}

// Paginates rows[first, end) (one HTML table) and records a break before each row that does
// not fit on its page. Returns whether a new break was recorded.
bool SectionLayout::paginateTable(const std::vector<LaidRow>& rows, std::size_t first,
                                  std::size_t end)
{
    const double pageHeight = m_doc->pageSize().height();
    // Spacing between consecutive rows (borders and padding): the smallest seen on one page.
    double gap = 1e300;
    for (std::size_t k = first + 1; k < end; ++k)
        if (rows[k].piece == rows[k - 1].piece && !straddles(rows[k - 1].top, rows[k].bottom))
            gap = std::min(gap, rows[k].top - rows[k - 1].bottom);
    if (gap > 1e299)
        gap = 0;
    auto nextPage = [&](double y, double offset) {
        return (std::floor(y / pageHeight) + 1) * pageHeight + offset;
    };
    bool added = false;
    auto addBreak = [&](int table, int row) {
        const RowBreak br{table, row};
        const auto at = std::lower_bound(m_rowBreaks.begin(), m_rowBreaks.end(), br);
        if (at != m_rowBreaks.end() && at->table == br.table && at->row == br.row)
            return;
        m_rowBreaks.insert(at, br);
        added = true;
    };
    // Each row's height where it did not straddle (see m_rowHeights).
    for (std::size_t k = first; k < end; ++k)
        if (!straddles(rows[k].top, rows[k].bottom))
            m_rowHeights[{rows[k].table, rows[k].row}] = rows[k].bottom - rows[k].top;
    auto heightOf = [&](const LaidRow& r) {
        if (!straddles(r.top, r.bottom))
            return r.bottom - r.top;
        const auto it = m_rowHeights.find({r.table, r.row});
        return it != m_rowHeights.end() ? it->second : r.bottom - r.top;
    };
    // Where a continued piece's first body row starts below its page's top: measured on a
    // continuation already laid out. Until there is one, the first piece's frame-relative
    // offset plus the space Qt leaves above a table's frame (measured below the paragraph
    // before it; a continuation's frame sits as far below the page's top, ~12 px, which the
    // frame-relative offset alone missed: Route B's assumptions table needed a second round
    // for the one row that then straddled).
    const QAbstractTextDocumentLayout* dl = m_doc->documentLayout();
    double continued = -1;
    for (std::size_t k = first + 1; k < end && continued < 0; ++k)
        if (rows[k].piece != rows[k - 1].piece)
            continued = rows[k].top - std::floor(rows[k].top / pageHeight) * pageHeight;
    double lead = 0;
    if (const QTextBlock before = m_doc->findBlock(rows[first].piece->firstPosition()).previous();
        before.isValid()) {
        const double above = dl->blockBoundingRect(before).bottom();
        const double frameTop = dl->frameBoundingRect(rows[first].piece).top();
        if (above <= frameTop && !straddles(above, frameTop + 1))
            lead = frameTop - above;
    }
    auto offsetOf = [&](const LaidRow& r) {
        return continued >= 0 ? continued : lead + r.bodyOffset;
    };
    // What a piece needs below its last row before the page's foot: the frame's lower edge
    // and the empty paragraph Qt keeps between two tables. Where that paragraph would cross
    // the foot, the next piece's page break falls a page later and leaves a blank page (the
    // case breakBeforeBlankPages() mends with another round). Measured on a continuation
    // where there is one; else the frame's edge below the table's last row and one line of
    // the default font, rounded up (the measured paragraph sits that edge's top space higher,
    // so the estimate errs on the safe side by ~12 px).
    double tail = -1;
    for (std::size_t k = first; k + 1 < end && tail < 0; ++k)
        if (rows[k + 1].piece != rows[k].piece && !straddles(rows[k].top, rows[k].bottom)) {
            const QTextBlock sep = m_doc->findBlock(rows[k].piece->lastPosition() + 1);
            if (sep.isValid())
                tail = dl->blockBoundingRect(sep).bottom() - rows[k].bottom;
        }
    if (tail < 0 || tail > 0.2 * pageHeight) {
        const LaidRow& last = rows[end - 1];
        tail = std::clamp(dl->frameBoundingRect(last.piece).bottom() - last.bottom, 0.0,
                          0.1 * pageHeight) +
               std::ceil(QFontMetricsF(m_font, &m_device).lineSpacing()) + 1;
    }
    double y = rows[first].top; // the simulated top of the current row
    std::vector<double> tops(end - first);
    for (std::size_t k = first; k < end; ++k) {
        const LaidRow& r = rows[k];
        const double h = heightOf(r);
        const int header = r.piece->format().headerRowCount();
        if (k > first) {
            const LaidRow& prev = rows[k - 1];
            const double prevBottom = tops[k - 1 - first] + heightOf(prev);
            y = r.piece != prev.piece ? nextPage(prevBottom, offsetOf(r)) : prevBottom + gap;
        }
        // Up to the first break this call adds, the layout already holds every break before
        // the row, so its laid-out top is exact: the simulation starts from it there, which
        // keeps the small per-row drift of the simulated spacing from adding up over a table
        // of many pages (Route B's assumptions table spans 15).
        if (!added)
            y = r.top;
        tops[k - first] = y;
        // The cell's bottom padding and border (half the gap between rows) must fit on the
        // page too: Qt moves a row whose last line fits but whose padding does not.
        // Where the layout is current and Qt split or moved the row, that is what counts,
        // even when the simulated row would just fit (Route B: a 47-px row simulated to end
        // 0.1 px above the page's foot).
        const bool laidStraddles = !added && straddles(r.top, r.bottom);
        if (h >= 0.8 * pageHeight || (!laidStraddles && !straddles(y, y + h + gap / 2)) ||
            r.pieceRow <= header) {
            continue;
        }
        // Break before the row, or before its group heading row. A row that would start at
        // the very foot of the page, or after a row that leaves the piece no room for its
        // tail, takes the row before it along: the previous piece would otherwise end at the
        // page's end and the page break after it leave a blank page.
        std::size_t at = k;
        const QTextTableCell above = r.piece->cellAt(r.pieceRow - 1, 0);
        const bool heading = above.isValid() && above.columnSpan() == r.piece->columns();
        const bool atFoot = nextPage(y, 0) - y < 0.03 * pageHeight;
        const bool tight =
            k > first && nextPage(y, 0) - (tops[k - 1 - first] + heightOf(rows[k - 1])) < tail;
        if (k > first && r.pieceRow - 1 > header && rows[k - 1].piece == r.piece &&
            (heading || atFoot || tight))
            at = k - 1;
        // A table's first piece of a single row at a page's foot (the uncertainty table
        // once kept only "Total cost" there, issue 49): the table moves whole to the next
        // page with the heading that introduces it.
        if (rows[at].pieceRow - header <= 1 && r.piece == rows[first].piece &&
            breakBeforeHeadingOf(r.piece)) {
            added = true;
            break;
        }
        addBreak(rows[at].table, rows[at].row);
        double top = nextPage(y, offsetOf(r));
        if (at != k) {
            tops[at - first] = top;
            top += heightOf(rows[at]) + gap;
        }
        tops[k - first] = top;
    }
    return added;
}

bool SectionLayout::straddles(double top, double bottom) const
{
    const double pageHeight = m_doc->pageSize().height();
    return int(top / pageHeight) != int((bottom - 1) / pageHeight);
}

bool SectionLayout::chartRect(const std::vector<QTextCursor>& objects, int i, double* firstLine,
                              double* end) const
{
    const QTextCursor& c = objects[std::size_t(i)];
    const QTextBlock b = c.block();
    const QTextLayout* tl = b.layout();
    if (c.isNull() || !tl || tl->lineCount() == 0)
        return false;
    const double top = m_doc->documentLayout()->blockBoundingRect(b).top();
    const QTextLine last = tl->lineAt(tl->lineCount() - 1);
    *firstLine = top + tl->lineAt(0).y();
    *end = top + last.y() + last.height();
    return true;
}

// Every break decided from one layout: walk the short tables and chart paragraphs in order
// with the shift the breaks so far caused (reset at each section heading, which starts a
// page anyway), then one relayout. Each layout of a 20-page report costs ~0.3 s, so
// deciding break by break was most of the time.
void SectionLayout::decideBreaks(const std::vector<QTextCursor>& objects,
                                 const std::vector<QTextTable*>& tables)
{
    const double pageHeight = m_doc->pageSize().height();
    std::vector<Item> items;
    for (std::size_t k = 0; k < tables.size(); ++k) {
        const QRectF r = m_doc->documentLayout()->frameBoundingRect(tables[k]);
        if (!m_tableBreak[k] && r.height() < pageHeight)
            items.push_back({r.top(), r.bottom(), true, int(k)});
    }
    for (int i = 0; i < int(m_charts.size()); ++i) {
        double first = 0, end = 0;
        if (!m_chartBreak[std::size_t(i)] && chartRect(objects, i, &first, &end))
            items.push_back({first, end, false, i});
    }
    std::sort(items.begin(), items.end(),
              [](const Item& a, const Item& b) { return a.top < b.top; });
    std::vector<double> sectionTops;
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next())
        if (b.blockFormat().headingLevel() == 1)
            sectionTops.push_back(m_doc->documentLayout()->blockBoundingRect(b).top());
    double shift = 0, previous = -1;
    std::vector<Item> toBreak;
    for (const Item& it : items) {
        if (std::any_of(sectionTops.begin(), sectionTops.end(),
                        [&](double y) { return y > previous && y <= it.top; }))
            shift = 0;
        previous = it.top;
        const double top = it.top + shift;
        if (straddles(top, it.bottom + shift)) {
            shift += (std::floor(top / pageHeight) + 1) * pageHeight - top;
            toBreak.push_back(it);
            (it.table ? m_tableBreak[std::size_t(it.index)] : m_chartBreak[std::size_t(it.index)]) =
                true;
        }
    }
    if (toBreak.empty())
        return;
    editUnlaid([&] {
        for (const Item& it : toBreak) {
            if (it.table) {
                breakBeforeTable(tables[std::size_t(it.index)]);
            } else {
                QTextBlockFormat fmt;
                fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
                QTextCursor(objects[std::size_t(it.index)]).mergeBlockFormat(fmt);
            }
        }
    });
}

// Exact check on the real layout: anything the walk misjudged gets its break here (one
// relayout each; none for the examples).
void SectionLayout::checkBreaks(const std::vector<QTextCursor>& objects,
                                const std::vector<QTextTable*>& tables)
{
    const double pageHeight = m_doc->pageSize().height();
    for (std::size_t k = 0; k < tables.size(); ++k) {
        const QRectF r = m_doc->documentLayout()->frameBoundingRect(tables[k]);
        if (!m_tableBreak[k] && r.height() < pageHeight && straddles(r.top(), r.bottom())) {
            m_tableBreak[k] = true;
            editUnlaid([&] { breakBeforeTable(tables[k]); });
        }
    }
    for (int i = 0; i < int(m_charts.size()); ++i) {
        double first = 0, end = 0;
        if (chartRect(objects, i, &first, &end) && straddles(first, end)) {
            m_chartBreak[std::size_t(i)] = true;
            editUnlaid([&] {
                QTextBlockFormat fmt;
                fmt.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
                QTextCursor(objects[std::size_t(i)]).mergeBlockFormat(fmt);
            });
        }
    }
}

int SectionLayout::headingPage(const QString& title) const
{
    const double ph = m_doc->pageSize().height();
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next()) {
        // Headings are matched by their text (titles are unique); anchors without text do
        // not survive the HTML import reliably.
        if (b.blockFormat().headingLevel() != 1 || b.text().trimmed() != title)
            continue;
        // A page break moves the block's first line, not its bounding rect.
        const double y =
            m_doc->documentLayout()->blockBoundingRect(b).top() +
            (b.layout() && b.layout()->lineCount() > 0 ? b.layout()->lineAt(0).y() : 0);
        return int((y + 2) / ph); // + 2 px: a block at a page top
    }
    return -1;
}

QString SectionLayout::lostParagraph() const
{
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next())
        if (b.isVisible() && !b.text().isEmpty() && (!b.layout() || b.layout()->lineCount() == 0))
            return b.text().left(60);
    return {};
}

bool SectionLayout::setContentsPages(const QString& title, const QStringList& numbers)
{
    m_contentsTable = nullptr;
    m_contentsPages = numbers;
    for (QTextBlock b = m_doc->begin(); b.isValid(); b = b.next())
        if (b.blockFormat().headingLevel() == 1 && b.text().trimmed() == title) {
            QTextCursor c(b);
            if (c.movePosition(QTextCursor::NextBlock))
                m_contentsTable = c.currentTable();
            return m_contentsTable != nullptr;
        }
    return false;
}

// The contents' page numbers, drawn into their empty cells in the document's coordinates:
// the numbers are known only after the layout, and filling them in as text would cost a
// whole second layout of the part (the cells' height does not depend on them).
void SectionLayout::paintContentsPages(QPainter& painter) const
{
    if (!m_contentsTable || m_contentsTable->columns() < 2)
        return;
    const QAbstractTextDocumentLayout* dl = m_doc->documentLayout();
    for (int r = 0; r < m_contentsTable->rows() && r < m_contentsPages.size(); ++r) {
        // On the baseline of the title's first line (a CJK title's line is taller than
        // the empty cell's), right-aligned in the number's cell.
        const QTextBlock title = m_contentsTable->cellAt(r, 0).firstCursorPosition().block();
        const QTextBlock cell = m_contentsTable->cellAt(r, 1).firstCursorPosition().block();
        const QTextLayout* tl = title.layout();
        if (!title.isValid() || !cell.isValid() || !tl || tl->lineCount() == 0)
            continue;
        const QTextLine line = tl->lineAt(0);
        const double baseline = dl->blockBoundingRect(title).top() + line.y() + line.ascent();
        const QFont font = cell.charFormat().font();
        const QFontMetricsF fm(font, &m_device);
        painter.setFont(font);
        painter.setPen(Qt::black);
        painter.drawText(
            QPointF(dl->blockBoundingRect(cell).right() - fm.horizontalAdvance(m_contentsPages[r]),
                    baseline),
            m_contentsPages[r]);
    }
}

void SectionLayout::draw(QPainter& painter, int page) const
{
    painter.save();
    painter.translate(0, -page * m_body.height());
    const QRectF clip(0, page * m_body.height(), m_body.width(), m_body.height());
    painter.setClipRect(clip);
    QAbstractTextDocumentLayout::PaintContext ctx;
    ctx.clip = clip;
    ctx.palette.setColor(QPalette::Text, Qt::black);
    m_doc->documentLayout()->draw(&painter, ctx);
    paintContentsPages(painter);
    painter.restore();
}

ReportLayout::ReportLayout(QPagedPaintDevice& device, const ReportOptions& opt,
                           ChartObject& chartHandler, const std::vector<ReportChart>& charts)
    : m_device(device), m_chartHandler(chartHandler), m_charts(charts)
{
    device.setPageSize(opt.pageSize);
    // ≥ 15 mm on every side; the header and footer bands sit inside the margins' rect.
    device.setPageMargins(QMarginsF(18, 12, 18, 12), QPageLayout::Millimeter);
    // QPdfWriter::resolution() and QPrinter::resolution() both surface as the logical DPI.
    const int resolution = device.logicalDpiY();
    const QRect paint = device.pageLayout().paintRectPixels(resolution);
    const double mm = resolution / 25.4;
    m_band = 10 * mm;
    m_body = QSizeF(paint.width(), paint.height() - 2 * m_band);

    // Latin text and digits always in DejaVu Sans: Qt's PDF subset of the CJK font maps some
    // shared glyphs back to the wrong code points (digits vanish from copied text).
    m_font.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans CJK SC")});
    m_font.setPointSizeF(9.5);
    m_smallFont = m_font;
    m_smallFont.setPointSizeF(8);
}

ReportLayout::~ReportLayout() = default;

// Every part is paginated alone (a part starts a page, so it cannot move another), on as
// many threads as there are cores; each round of a part's pagination then lays out that part
// only (Route B in English: ten layouts of the whole 36-page document, ~0.2 s each, before).
// A text layout keeps the font engines of the thread that shaped it, and those go with the
// thread: a worker drops the documents it laid out, and those parts are built again here,
// on the painting thread, from the breaks the worker decided (one more layout of the part,
// the same one: same markup, breaks, column widths and fonts). This thread takes the largest
// part first (it keeps its document) and then helps with the rest.
void ReportLayout::layout(const QStringList& parts)
{
    m_parts.clear();
    m_parts.resize(std::size_t(parts.size()));
    std::vector<std::size_t> order(m_parts.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return parts[qsizetype(a)].size() > parts[qsizetype(b)].size();
    });
    std::atomic<std::size_t> next{1}; // order[0] is this thread's
    const auto paginate = [&](std::size_t k, bool painting) {
        auto part =
            std::make_unique<SectionLayout>(m_device, m_body, m_font, m_chartHandler, m_charts);
        part->paginate(parts[qsizetype(order[k])]);
        if (!painting)
            part->dropDocument();
        m_parts[order[k]] = std::move(part); // each slot written by one thread only
    };
    const auto work = [&](bool painting) {
        for (std::size_t k = next++; k < order.size(); k = next++)
            paginate(k, painting);
    };
    const std::size_t threads =
        std::min(order.size(), std::size_t(std::max(1, QThread::idealThreadCount())));
    // QThreads, not std::threads: the document layout starts a QBasicTimer, which needs a
    // thread with an event dispatcher.
    std::vector<std::unique_ptr<QThread>> pool;
    for (std::size_t t = 1; t < threads; ++t) {
        pool.push_back(std::make_unique<Worker>([&] { work(false); }));
        pool.back()->start();
    }
    if (!order.empty())
        paginate(0, true);
    work(true);
    for (const auto& t : pool)
        t->wait();
    for (qsizetype i = 0; i < parts.size(); ++i)
        m_parts[std::size_t(i)]->settle(parts[i]);
}

template <typename F> int ReportLayout::sum(F f) const
{
    int n = 0;
    for (const auto& part : m_parts)
        n += f(*part);
    return n;
}

int ReportLayout::pageCount() const
{
    return sum([](const SectionLayout& p) { return p.pages(); });
}

int ReportLayout::straddlingRows() const
{
    return sum([](const SectionLayout& p) { return p.straddlingRows(); });
}

int ReportLayout::emptyPages() const
{
    return sum([](const SectionLayout& p) { return p.emptyPages(); });
}

int ReportLayout::rowBreakCount() const
{
    return sum([](const SectionLayout& p) { return p.rowBreakCount(); });
}

QMap<QString, int> ReportLayout::sectionPages(const std::vector<ReportSection>& sections) const
{
    QMap<QString, int> found;
    int first = 1;
    for (const auto& part : m_parts) {
        for (const ReportSection& sec : sections)
            if (const int page = part->headingPage(sec.title); page >= 0)
                found[sec.anchor] = first + page;
        first += part->pages();
    }
    return found;
}

QString ReportLayout::lostParagraph() const
{
    for (const auto& part : m_parts)
        if (QString lost = part->lostParagraph(); !lost.isEmpty())
            return lost;
    return {};
}

void ReportLayout::setContentsPages(const QString& title, const QStringList& numbers)
{
    for (const auto& part : m_parts)
        if (part->setContentsPages(title, numbers))
            return;
}

void ReportLayout::paintBands(QPainter& painter, int p, int pageCount, const QString& headerLeft,
                              const QLocale& loc)
{
    const QSizeF& body = m_body;
    painter.setFont(m_smallFont);
    painter.setPen(QColor(0x44, 0x44, 0x44));
    const QFontMetricsF fm(m_smallFont, &m_device);
    const double y = m_band * 0.55;
    const QString right =
        fm.elidedText(ReportText::tr("Costlab budget report"), Qt::ElideRight, body.width() * 0.4);
    const QString left = fm.elidedText(headerLeft, Qt::ElideRight, body.width() * 0.55);
    painter.drawText(QPointF(0, y), left);
    painter.drawText(QPointF(body.width() - fm.horizontalAdvance(right), y), right);
    painter.drawLine(QPointF(0, m_band * 0.75), QPointF(body.width(), m_band * 0.75));
    const double fy = m_band + body.height() + m_band * 0.6;
    painter.drawLine(QPointF(0, m_band + body.height() + m_band * 0.2),
                     QPointF(body.width(), m_band + body.height() + m_band * 0.2));
    const QString pageText =
        ReportText::tr("Page %1 of %2").arg(loc.toString(p + 1), loc.toString(pageCount));
    painter.drawText(QPointF((body.width() - fm.horizontalAdvance(pageText)) / 2, fy), pageText);
    const QString date = QDate::currentDate().toString(Qt::ISODate);
    painter.drawText(QPointF(body.width() - fm.horizontalAdvance(date), fy), date);
}

bool ReportLayout::paint(const QString& headerLeft, const QLocale& loc,
                         const std::function<bool(int)>& step, QString* error)
{
    auto fail = [&](const QString& msg) {
        if (error)
            *error = msg;
        return false;
    };
    const int pageCount = this->pageCount();
    QPainter painter;
    if (!painter.begin(&m_device))
        return fail(
            ReportText::tr("Cannot write the report: the page device could not be started."));
    int p = 0;
    for (const auto& part : m_parts)
        for (int page = 0; page < part->pages(); ++page, ++p) {
            if (p > 0)
                m_device.newPage();
            painter.save();
            painter.translate(0, m_band);
            part->draw(painter, page);
            painter.restore();
            paintBands(painter, p, pageCount, headerLeft, loc);
            if (!step(85 + 14 * (p + 1) / pageCount)) {
                painter.end();
                return fail(ReportText::tr("Report cancelled."));
            }
        }
    if (!painter.end())
        return fail(ReportText::tr("Cannot write the report: the pages could not be finished."));
    return true;
}

} // namespace costlab
