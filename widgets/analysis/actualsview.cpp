#include "actualsview.h"

#include "actualschart.h"
#include "actualsfiles.h"
#include "billcsv.h"
#include "document.h"
#include "files.h"
#include "paramtext.h"
#include "plaintext.h"
#include "runlog.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace costlab {

namespace {

QString trActuals(const char* text)
{
    return QCoreApplication::translate("costlab::Actuals", text);
}

QString utc(UnixSeconds t)
{
    //: Date and time on the Actuals tab (QDateTime format); times are UTC
    return QDateTime::fromSecsSinceEpoch(t, Qt::UTC)
               .toString(QCoreApplication::translate("costlab::ActualsView", "d MMM yyyy HH:mm")) +
           QStringLiteral(" UTC");
}

QTableWidget* makeTable()
{
    auto* t = new QTableWidget;
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

QTableWidgetItem* cell(const QString& text, bool number = false)
{
    auto* item = new QTableWidgetItem(text);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString signedPercent(double actual, double planned)
{
    if (!(planned > 0))
        return QString();
    const double p = 100 * (actual / planned - 1);
    return QStringLiteral(" (%1%2 %)")
        .arg(p >= 0 ? QStringLiteral("+") : QString(), QLocale().toString(p, 'f', 1));
}

} // namespace

ActualsView::ActualsView(Document* doc, const Catalog* catalog, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_catalog(catalog),
      m_bills(std::make_shared<const std::vector<Bill>>()),
      m_logs(std::make_shared<const std::vector<RunLog>>())
{
    setAcceptDrops(true);
    // In a scroll area, as the estimate view: the tab's content must not make the window wider
    // than a 960-pixel-wide laptop at 200 % (its minimum scrolls instead).
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea;
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    auto* body = new QWidget;
    scroll->setWidget(body);
    outer->addWidget(scroll);
    auto* layout = new QVBoxLayout(body);
    auto* bar = new QHBoxLayout;
    m_add = new QPushButton;
    m_clear = new QPushButton;
    m_keep = new QPushButton;
    m_keep->setEnabled(false);
    bar->addWidget(m_add);
    bar->addWidget(m_clear);
    bar->addWidget(m_keep);
    m_summary = plainLabel(new QLabel);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_summary, 1);
    layout->addLayout(bar);
    m_chart = new ActualsChart;
    m_flags = makeTable();
    m_phases = makeTable();
    m_unattributed = makeTable();
    m_files = makeTable();
    m_kept = makeTable();
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    for (QTableWidget* t : {m_flags, m_phases, m_unattributed, m_files, m_kept})
        m_tabs->addTab(t, QString());
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    layout->addWidget(split, 1);
    connect(m_add, &QPushButton::clicked, this, &ActualsView::chooseFiles);
    connect(m_clear, &QPushButton::clicked, this, &ActualsView::clear);
    connect(m_keep, &QPushButton::clicked, this, &ActualsView::keepRequested);
    // A slider drag is many edits: compare once it settles (the comparison runs a Monte Carlo
    // of the plan and of its rest).
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(250);
    connect(&m_debounce, &QTimer::timeout, this, &ActualsView::recompute);
    connect(m_doc, &Document::changed, this, [this] {
        if (!m_bills->empty() || !m_logs->empty())
            m_debounce.start();
    });
    retranslate();
    showResult({});
}

ActualsView::~ActualsView()
{
    m_reader.cancel();
    m_compare.cancel();
}

void ActualsView::retranslate()
{
    m_add->setText(tr("&Add bill or log…"));
    m_add->setToolTip(plainToolTip(
        tr("A cloud bill (FOCUS CSV, Costlab's own line items, Alibaba, Tencent or Huawei Cloud "
           "bill exports) or a training log (Megatron-LM, veRL, a W&B run history). Files can "
           "also be dropped here.")));
    m_clear->setText(tr("C&lear"));
    m_keep->setText(tr("&Keep in library"));
    m_keep->setToolTip(plainToolTip(
        tr("Keep this comparison beside the plan's saved revision in the library: the moment, "
           "the files read, the flags and the re-forecast. The plan itself is not changed.")));
    m_tabs->setTabText(0, tr("Flags"));
    m_tabs->setTabText(1, tr("By phase"));
    m_tabs->setTabText(2, tr("Not attributed"));
    m_tabs->setTabText(3, tr("Files"));
    m_tabs->setTabText(4, tr("Kept in library"));
    m_kept->setColumnCount(7);
    m_kept->setHorizontalHeaderLabels({tr("Kept at"), tr("As of"), tr("Spent"), tr("Plan to date"),
                                       tr("Re-forecast P50"), tr("Flags"), tr("Files")});
    m_flags->setColumnCount(5);
    m_flags->setHorizontalHeaderLabels(
        {tr("Flag"), tr("Phase"), tr("Since"), tr("Cost so far"), tr("What to check")});
    m_phases->setColumnCount(6);
    m_phases->setHorizontalHeaderLabels({tr("Phase"), tr("Spend to date"), tr("Plan to date"),
                                         tr("Steps done / planned"), tr("Step time (s)"),
                                         tr("Restarts")});
    m_unattributed->setColumnCount(6);
    m_unattributed->setHorizontalHeaderLabels(
        {tr("File, row"), tr("Lines"), tr("Cost"), tr("Why"), tr("Resource"), tr("Tags")});
    m_files->setColumnCount(3);
    m_files->setHorizontalHeaderLabels({tr("File"), tr("Read as"), tr("Lines or records")});
    fillSummary();
    fillFlags();
    fillPhases();
    fillUnattributed();
    fillFiles();
    fillKept();
}

void ActualsView::setKept(const std::vector<KeptComparison>& rows)
{
    m_keptRows = rows;
    fillKept();
}

void ActualsView::fillKept()
{
    const Currency c = m_doc->scenario().currency;
    m_kept->setRowCount(int(m_keptRows.size()));
    for (int i = 0; i < int(m_keptRows.size()); ++i) {
        const KeptComparison& k = m_keptRows[std::size_t(i)];
        m_kept->setItem(i, 0, cell(utc(k.taken_at_ms / 1000)));
        m_kept->setItem(i, 1, cell(utc(k.as_of)));
        m_kept->setItem(i, 2, cell(formatMoney(k.spent, c), true));
        m_kept->setItem(i, 3, cell(formatMoney(k.planned, c), true));
        m_kept->setItem(i, 4, cell(formatMoney(k.reforecast_p50, c), true));
        m_kept->setItem(i, 5, cell(QLocale().toString(k.flags), true));
        m_kept->setItem(i, 6, cell(displayText(k.files)));
    }
    m_kept->resizeColumnsToContents();
}

void ActualsView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ActualsView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void ActualsView::dropEvent(QDropEvent* event)
{
    QStringList paths;
    for (const QUrl& u : event->mimeData()->urls())
        if (u.isLocalFile())
            paths << u.toLocalFile();
    if (!paths.isEmpty())
        addFiles(paths);
    event->acceptProposedAction();
}

void ActualsView::chooseFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Add bills or training logs"), QString(),
        tr("Bills and logs (*.csv *.log *.txt *.jsonl *.json);;All files (*)"));
    if (!paths.isEmpty())
        addFiles(paths);
}

ActualsView::Loaded ActualsView::readPaths(const QStringList& paths, const AnalysisControl& control)
{
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(p.toStdString());
    ActualsFiles read = readActualsFiles(
        files,
        [&control](double f) {
            control.report(f);
            return !control.cancelled();
        },
        [](const std::string& path) {
            return QFileInfo(QString::fromStdString(path)).fileName().toStdString();
        });
    Loaded out{std::move(read.bills), std::move(read.logs), {}};
    for (const ActualsFileError& e : read.errors)
        out.errors << QFileInfo(QString::fromStdString(e.path)).fileName() + QStringLiteral(": ") +
                          QString::fromStdString(e.message);
    return out;
}

void ActualsView::addFiles(const QStringList& paths)
{
    auto* progress = new QProgressDialog(tr("Reading %n file(s)…", nullptr, int(paths.size())),
                                         tr("Cancel"), 0, 100, this);
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(&m_reader, &AnalysisWorker::progress, progress, &QProgressDialog::setValue);
    connect(progress, &QProgressDialog::canceled, this, [this] { m_reader.cancel(); });
    connect(&m_reader, &AnalysisWorker::busyChanged, progress, [progress](bool busy) {
        if (!busy)
            progress->close();
    });
    m_reader.start<Loaded>([paths](const AnalysisControl& c) { return readPaths(paths, c); },
                           [this](Loaded loaded) { take(std::move(loaded), true); });
}

QString ActualsView::addFilesNow(const QStringList& paths)
{
    Loaded loaded = readPaths(paths, {});
    const QString errors = loaded.errors.join(QLatin1Char('\n'));
    take(std::move(loaded), false);
    m_debounce.stop();
    recompute();
    waitForDone();
    return errors;
}

void ActualsView::take(Loaded loaded, bool interactive)
{
    if (interactive && !loaded.errors.isEmpty())
        warnPlain(
            this, tr("Some files were not added"),
            tr("Nothing of these files was added:\n%1").arg(loaded.errors.join(QLatin1Char('\n'))));
    if (loaded.bills.empty() && loaded.logs.empty())
        return;
    auto bills = std::make_shared<std::vector<Bill>>(*m_bills);
    auto logs = std::make_shared<std::vector<RunLog>>(*m_logs);
    for (Bill& b : loaded.bills)
        bills->push_back(std::move(b));
    for (RunLog& l : loaded.logs)
        logs->push_back(std::move(l));
    m_bills = std::move(bills);
    m_logs = std::move(logs);
    fillFiles();
    recompute();
}

void ActualsView::clear()
{
    m_compare.cancel();
    m_bills = std::make_shared<const std::vector<Bill>>();
    m_logs = std::make_shared<const std::vector<RunLog>>();
    showResult({});
    fillFiles();
}

void ActualsView::recompute()
{
    if (m_bills->empty() && m_logs->empty())
        return;
    const Scenario s = m_doc->scenario();
    const Catalog cat = *m_catalog;
    auto bills = m_bills;
    auto logs = m_logs;
    m_compare.start<ActualsResult>(
        [s, cat, bills, logs](const AnalysisControl& c) {
            return compareActuals(s, cat, *bills, *logs, {}, c);
        },
        [this](ActualsResult r) { showResult(std::move(r)); });
}

void ActualsView::waitForDone()
{
    m_reader.waitForDone();
    m_compare.waitForDone();
    QCoreApplication::processEvents();
}

void ActualsView::showResult(ActualsResult r)
{
    if (r.cancelled)
        return;
    m_result = std::move(r);
    m_keep->setEnabled(!m_result.days.empty() && m_result.error.empty());
    m_chart->setActuals(m_doc->scenario(), m_result);
    fillSummary();
    fillFlags();
    fillPhases();
    fillUnattributed();
    const int n = int(m_result.flags.size());
    m_tabs->setTabText(0, n > 0 ? tr("Flags (%1)").arg(n) : tr("Flags"));
    if (n > 0)
        emit statusMessage(tr("Plan versus actual: %n flag(s)", nullptr, n));
}

QString ActualsView::summaryText() const
{
    return m_summary->text();
}

void ActualsView::fillSummary()
{
    const Currency c = m_doc->scenario().currency;
    const ActualsResult& r = m_result;
    if (m_bills->empty() && m_logs->empty()) {
        m_summary->setText(tr("No bill or log yet. Add the cloud bill (tagged by project, "
                              "experiment batch and resource type) and the training log to see "
                              "the run against its plan."));
        return;
    }
    if (!r.error.empty()) {
        m_summary->setText(
            tr("The plan cannot be compared: %1").arg(QString::fromStdString(r.error)));
        return;
    }
    QStringList lines;
    lines << tr("As of %1: spent %2 against %3 planned%4; the plan's P10–P90 by now %5 – %6.")
                 .arg(utc(r.as_of), formatMoney(r.actual_to_date, c),
                      formatMoney(r.planned_to_date, c),
                      signedPercent(r.actual_to_date, r.planned_to_date),
                      r.days.empty() ? QStringLiteral("—") : formatMoney(r.days.back().band_p10, c),
                      r.days.empty() ? QStringLiteral("—")
                                     : formatMoney(r.days.back().band_p90, c));
    lines << tr("Re-forecast total P10 / P50 / P90: %1 / %2 / %3 (plan %4 / %5 / %6); finish "
                "on day %7 (plan day %8).")
                 .arg(formatMoney(r.reforecast.cost_p10, c), formatMoney(r.reforecast.cost_p50, c),
                      formatMoney(r.reforecast.cost_p90, c), formatMoney(r.plan.cost_p10, c),
                      formatMoney(r.plan.cost_p50, c), formatMoney(r.plan.cost_p90, c),
                      QLocale().toString(r.reforecast.day_p50, 'f', 1),
                      QLocale().toString(r.plan.day_p50, 'f', 1));
    if (r.unattributed_cost != 0 || r.attributed_lines < r.lines)
        lines << tr("Not attributed: %1 in %n line(s), listed under Not attributed.", nullptr,
                    int(r.lines - r.attributed_lines))
                     .arg(formatMoney(r.unattributed_cost, c));
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

void ActualsView::fillFlags()
{
    const Scenario& s = m_doc->scenario();
    const Currency c = s.currency;
    m_flags->setRowCount(int(m_result.flags.size()));
    for (int i = 0; i < int(m_result.flags.size()); ++i) {
        const ActualsFlag& f = m_result.flags[std::size_t(i)];
        const FlagInfo& info = flagInfo(f.kind);
        QString what = trActuals(info.label);
        if (!f.resource.empty())
            what += QStringLiteral(" — ") + displayText(f.resource);
        m_flags->setItem(i, 0, cell(what));
        m_flags->setItem(i, 1,
                         cell(f.phase >= 0 && std::size_t(f.phase) < s.phases.size()
                                  ? displayText(s.phases[std::size_t(f.phase)].name)
                                  : tr("the plan")));
        QString since = f.since > 0 ? utc(f.since) : QString();
        if (f.step >= 0)
            since += (since.isEmpty() ? QString() : QStringLiteral(", ")) +
                     tr("step %1").arg(QLocale().toString(f.step, 'f', 0));
        m_flags->setItem(i, 2, cell(since));
        m_flags->setItem(i, 3, cell(formatMoney(f.cost, c), true));
        m_flags->setItem(i, 4, cell(trActuals(info.check)));
        for (int col = 0; col < 5; ++col)
            m_flags->item(i, col)->setToolTip(plainToolTip(trActuals(info.check)));
    }
    m_flags->resizeColumnsToContents();
}

void ActualsView::fillPhases()
{
    const Scenario& s = m_doc->scenario();
    const Currency c = s.currency;
    const int n = int(std::min(m_result.phases.size(), s.phases.size()));
    m_phases->setRowCount(n);
    for (int i = 0; i < n; ++i) {
        const ActualsPhase& p = m_result.phases[std::size_t(i)];
        m_phases->setItem(i, 0, cell(displayText(s.phases[std::size_t(i)].name)));
        m_phases->setItem(i, 1,
                          cell(formatMoney(p.actual_to_date, c) +
                                   signedPercent(p.actual_to_date, p.planned_to_date),
                               true));
        m_phases->setItem(i, 2, cell(formatMoney(p.planned_to_date, c), true));
        m_phases->setItem(i, 3,
                          cell((p.done_steps >= 0 ? formatCount(p.done_steps) : tr("no log")) +
                                   QStringLiteral(" / ") + formatCount(p.planned_steps),
                               true));
        m_phases->setItem(i, 4,
                          cell(p.observed_step_s >= 0
                                   ? tr("%1 observed, %2 planned")
                                         .arg(QLocale().toString(p.observed_step_s, 'f', 2),
                                              QLocale().toString(p.planned_step_s, 'f', 2))
                                   : QLocale().toString(p.planned_step_s, 'f', 2),
                               true));
        m_phases->setItem(i, 5,
                          cell(p.observed_failures >= 0
                                   ? tr("%1 seen, %2 expected")
                                         .arg(QLocale().toString(p.observed_failures, 'f', 0),
                                              QLocale().toString(p.planned_failures, 'f', 1))
                                   : QString(),
                               true));
    }
    m_phases->resizeColumnsToContents();
}

void ActualsView::fillUnattributed()
{
    const Currency c = m_doc->scenario().currency;
    m_unattributed->setRowCount(int(m_result.unattributed.size()));
    for (int i = 0; i < int(m_result.unattributed.size()); ++i) {
        const UnattributedGroup& g = m_result.unattributed[std::size_t(i)];
        m_unattributed->setItem(
            i, 0, cell(displayText(g.file) + QStringLiteral(", ") + QString::number(g.first_line)));
        m_unattributed->setItem(i, 1, cell(QLocale().toString(g.lines), true));
        m_unattributed->setItem(i, 2, cell(formatMoney(g.cost, c), true));
        m_unattributed->setItem(i, 3, cell(trActuals(unattributedText(g.reason).data())));
        m_unattributed->setItem(i, 4, cell(displayText(g.resource)));
        m_unattributed->setItem(i, 5, cell(displayText(g.tags)));
    }
    m_unattributed->resizeColumnsToContents();
}

void ActualsView::fillFiles()
{
    m_files->setRowCount(int(m_bills->size() + m_logs->size()));
    int row = 0;
    for (const Bill& b : *m_bills) {
        QString format = QString::fromStdString(b.format);
        for (const BillFormat& f : billFormats())
            if (f.id == b.format)
                format = trActuals(f.label);
        m_files->setItem(row, 0, cell(displayText(b.file)));
        m_files->setItem(row, 1, cell(format));
        m_files->setItem(row++, 2, cell(QLocale().toString(qlonglong(b.lines.size())), true));
    }
    for (const RunLog& l : *m_logs) {
        QString format = QString::fromStdString(l.format);
        for (const LogFormat& f : logFormats())
            if (f.id == l.format)
                format = trActuals(f.label);
        m_files->setItem(row, 0, cell(displayText(l.file)));
        m_files->setItem(row, 1, cell(format));
        m_files->setItem(row++, 2, cell(QLocale().toString(qlonglong(l.points.size())), true));
    }
    m_files->resizeColumnsToContents();
    m_clear->setEnabled(row > 0);
}

} // namespace costlab
