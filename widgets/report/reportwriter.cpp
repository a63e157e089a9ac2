#include "reportwriter.h"
#include "files.h"
#include "plaintext.h"
#include "scenario_json.h"
#include "vectorstate.h"

#include "languages.h"
#include "reportcharts.h"
#include "reportcontent.h"
#include "reportcontext.h"
#include "reportlayout.h"

#include <QDir>
#include <QPdfWriter>
#include <QSaveFile>

#include <algorithm>

namespace costlab {

namespace {

/// The report's analyses (Monte Carlo, levers, the optimiser's search) with the upper vector
/// halves clean: Qt's PDF and font set-up before them may leave them dirty (vectorstate.h).
ReportData analysed(const Scenario& scenario, const Catalog& catalog)
{
    clearUpperVectorState();
    return reportData(scenario, catalog);
}

} // namespace

ReportContext::ReportContext(const Scenario& scenario, const Catalog& catalog,
                             const ReportWriter::Options& options)
    : s(scenario), cat(catalog), opt(options), data(analysed(scenario, catalog)), e(data.estimate),
      loc(ReportText::reportLocale(options.language)),
      cur(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD")),
      zh(options.language.startsWith(QLatin1String("zh")))
{
}

QString ReportContext::days(double h) const
{
    return ReportWriter::tr("%1 days (%2 h)").arg(num(h / 24.0, 1), num(h, 0));
}

QString ReportContext::phaseName(int i) const
{
    if (i < 0)
        return ReportWriter::tr("whole plan");
    if (i < int(s.phases.size()) && !s.phases[std::size_t(i)].name.empty())
        return displayText(s.phases[std::size_t(i)].name);
    return ReportWriter::tr("Phase %1").arg(i + 1);
}

QLocale ReportText::reportLocale(const QString& language)
{
    if (language.startsWith(QLatin1String("zh")))
        return QLocale(QLocale::Chinese, QLocale::China);
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

QString ReportText::formatMoney(double v, const QString& code, const QLocale& loc)
{
    return loc.toString(v, 'f', 0) + QLatin1Char(' ') + code;
}

QString ReportText::formatGpuHours(double v, const QLocale& loc)
{
    // The unit in the report's language: a Chinese header "GPU 小时" above "GPU-h" cells
    // read as two units (issue 49).
    return tr("%1 GPU-h").arg(loc.toString(v, 'f', 0));
}

QString ReportText::formatPercent(double p, const QLocale& loc)
{
    // Short of certain never prints as 100.0 % (issue 14): the bound instead.
    if (p < 1 && 100.0 * p >= 99.95)
        return QStringLiteral(">") + loc.toString(99.9, 'f', 1) + QStringLiteral(" %");
    return loc.toString(100.0 * p, 'f', 1) + QStringLiteral(" %");
}

bool ReportWriter::write(const Scenario& s, const Catalog& cat, const QString& path,
                         const Options& opt, QString* error, std::function<bool(int)> progress)
{
    auto fail = [&](const QString& msg) {
        if (error)
            *error = msg;
        return false;
    };
    // Open the target first: an unwritable place fails before any work, and QSaveFile
    // leaves nothing behind unless commit() succeeds.
    QSaveFile file(path);
    if (path.isEmpty())
        return fail(tr("Cannot write the report: no file name given."));
    // Never replace a device, pipe or dangling link with a regular file.
    if (const std::string refused = checkOutputPath(QFile::encodeName(path).toStdString());
        !refused.empty())
        return fail(QString::fromStdString(refused));
    if (!file.open(QIODevice::WriteOnly))
        return fail(tr("Cannot write the report to %1: %2")
                        .arg(QDir::toNativeSeparators(path), file.errorString()));
    QPdfWriter writer(&file);
    writer.setResolution(kResolution);
    writer.setTitle(displayText(s.name));
    writer.setCreator(QStringLiteral("Costlab"));
    if (!render(s, cat, &writer, opt, error, progress)) {
        file.cancelWriting();
        return false;
    }
    if (!file.commit())
        return fail(tr("Cannot write the report to %1: %2")
                        .arg(QDir::toNativeSeparators(path), file.errorString()));
    if (progress)
        progress(100);
    return true;
}

bool ReportWriter::render(const Scenario& s, const Catalog& cat, QPagedPaintDevice* device,
                          const Options& opt, QString* error, std::function<bool(int)> progress)
{
    auto fail = [&](const QString& msg) {
        if (error)
            *error = msg;
        return false;
    };
    // Stops at 99: write() reports 100 once the file is committed.
    const std::function<bool(int)> step = [&](int pct) {
        return !progress || progress(std::min(pct, 99));
    };
    const ScopedTranslation translation(opt.language); // removed again on return
    if (!device)
        return fail(tr("Cannot write the report: no page device."));
    if (!step(0))
        return fail(tr("Report cancelled."));

    const ReportContext ctx(s, cat, opt);
    ChartObject chartHandler;
    std::vector<ReportChart> charts;
    if (!recordCharts(ctx, chartHandler, charts, step))
        return fail(tr("Report cancelled."));

    ReportLayout layout(*device, opt, chartHandler, charts);
    ReportContent content(ctx, charts);
    // Each page-starting part is paginated on its own (on the cores); the contents' page
    // numbers are painted into their cells once the pages are known.
    layout.layout(content.html());
    if (!step(75))
        return fail(tr("Report cancelled."));
    const QMap<QString, int> pages = layout.sectionPages(content.sections());
    QStringList numbers;
    for (const ReportSection& entry : ReportContent::contentsEntries())
        numbers << (pages.contains(entry.anchor) ? ctx.loc.toString(pages.value(entry.anchor))
                                                 : QStringLiteral("–"));
    layout.setContentsPages(ReportContent::contentsTitle(), numbers);
    // Never hand out a report with text silently missing: every block with text must have
    // been laid out into lines (tested for every example; this guards future layouts).
    if (const QString lost = layout.lostParagraph(); !lost.isEmpty())
        return fail(
            tr("Cannot write the report: the text layout lost the paragraph \"%1\".").arg(lost));
    if (!step(85))
        return fail(tr("Report cancelled."));
    if (!layout.paint(displayText(s.name), ctx.loc, step, error))
        return false;
    m_pages = layout.pageCount();
    m_straddlingRows = layout.straddlingRows();
    m_continuations = layout.rowBreakCount();
    m_emptyPages = layout.emptyPages();
    return true;
}

} // namespace costlab
