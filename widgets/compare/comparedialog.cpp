#include "comparedialog.h"
#include "paramtext.h"
#include "plaintext.h"

#include "compare.h"
#include "compareview.h"
#include "languages.h"
#include "reportexport.h"
#include "scenario_json.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QVBoxLayout>

#include <algorithm>

namespace costlab {

namespace {

/// Load a scenario file; on failure `error` lists every problem as "pointer: message".
std::optional<Scenario> loadFile(const QString& path, QString& error)
{
    const LoadResult r = loadScenarioFile(QFile::encodeName(path).toStdString());
    if (r.scenario && r.errors.empty())
        return r.scenario;
    QStringList lines;
    for (const LoadError& e : r.errors)
        lines << loadErrorText(e);
    if (lines.isEmpty())
        lines << CompareDialog::tr("not a valid scenario");
    error = CompareDialog::tr("%1 was not added:\n%2")
                .arg(QFileInfo(path).fileName(), lines.join(QLatin1Char('\n')));
    return std::nullopt;
}

} // namespace

CompareDialog::CompareDialog(const Catalog& catalog, QWidget* parent)
    : CompareDialog(CompareSources{[catalog](const Scenario&) { return catalog; }, {}, {}}, parent)
{
}

CompareDialog::CompareDialog(CompareSources sources, QWidget* parent)
    : QDialog(parent), m_sources(std::move(sources))
{
    setWindowTitle(tr("Compare scenarios"));
    setAccessibleName(tr("Compare scenarios"));
    setSizeGripEnabled(true);
    auto* layout = new QVBoxLayout(this);

    auto* buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("&Add scenario\u2026"), this);
    m_add->setAccessibleName(tr("Add scenario"));
    m_add->setToolTip(tr("Add a plan from a .costlab.json file (at most 4)"));
    m_addLibrary = new QPushButton(tr("Add from &library"), this);
    m_addLibrary->setAccessibleName(tr("Add scenario from the library"));
    m_addLibrary->setToolTip(tr("Add a plan stored in the library (its current revision)"));
    m_addLibrary->setMenu(new QMenu(m_addLibrary));
    m_addLibrary->setVisible(bool(m_sources.libraryPlans) && bool(m_sources.loadLibraryPlan));
    connect(m_addLibrary->menu(), &QMenu::aboutToShow, this, &CompareDialog::fillLibraryMenu);
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setAccessibleName(tr("Remove scenario"));
    m_remove->setToolTip(tr("Remove one plan from the comparison (at least 2 stay)"));
    m_remove->setMenu(new QMenu(m_remove));
    buttons->addWidget(m_add);
    buttons->addWidget(m_addLibrary);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    m_report = new QPushButton(tr("&Export report with value\u2026"), this);
    m_report->setAccessibleName(tr("Export the baseline's report with the value comparison"));
    m_report->setToolTip(tr("Write the PDF budget report of plan A with the section "
                            "“Route A vs Route B on value” (the Value tab's comparison with B)"));
    buttons->addWidget(m_report);
    layout->addLayout(buttons);

    m_error = plainLabel(new QLabel(this));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setAccessibleName(tr("Error"));
    m_error->setVisible(false);
    layout->addWidget(m_error);

    m_view = new CompareView(this);
    layout->addWidget(m_view, 1);

    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    giveMnemonics(close);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_add, &QPushButton::clicked, this, &CompareDialog::addWithDialog);
    connect(m_report, &QPushButton::clicked, this, &CompareDialog::exportValueReport);
    // 1400×900 where the screen has room; never larger than nine tenths of it (a 1280×800
    // projector showed the right and bottom edges off-screen).
    setObjectName(QStringLiteral("compareDialog"));
    const QRect room = (parent ? parent->screen() : screen())->availableGeometry();
    resize(std::min(1400, room.width() * 9 / 10), std::min(900, room.height() * 9 / 10));
    updateButtons();
}

CompareDialog::~CompareDialog() = default;

void CompareDialog::exportValueReport()
{
    if (m_scenarios.size() < 2 || m_view->catalogs().empty())
        return;
    m_view->waitForValue(); // the Value tab's comparison, finished
    const ValueComparison& v = m_view->valueComparison();
    if (v.grid.empty() || !v.error.empty()) {
        warnPlain(this, tr("Export report with value"),
                  tr("The value comparison has no result: %1")
                      .arg(v.error.empty() ? tr("it did not run") : m_view->valueNote()));
        return;
    }
    ReportExportDialog dialog(loadReportOptions(currentLanguage()), this);
    const int outcome = dialog.exec();
    if (outcome == QDialog::Rejected)
        return;
    ReportWriter::Options options = dialog.options();
    saveReportOptions(options);
    options.value.comparison = std::make_shared<const ValueComparison>(v);
    options.value.other_name = QString::fromStdString(m_scenarios[1].name);
    options.value.other_factor = m_view->valueSecondFactor();
    const Scenario& a = m_scenarios[0];
    const Catalog& cat = m_view->catalogs()[0];
    if (outcome == ReportExportDialog::Preview) {
        previewReport(this, a, cat, options);
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export report with value"),
        QString::fromStdString(a.name).replace(QRegularExpression(QStringLiteral("[^\\w.-]+")),
                                               QStringLiteral("-")) +
            QStringLiteral("-value.pdf"),
        tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    int pages = 0;
    if (!writeReportWithProgress(this, a, cat, path, options, &error, &pages))
        warnPlain(this, tr("Export report with value"), error);
}

void CompareDialog::setScenarios(const std::vector<Scenario>& scenarios)
{
    m_scenarios.assign(scenarios.begin(),
                       scenarios.begin() + std::min<std::size_t>(scenarios.size(), kCompareMax));
    refreshView();
}

void CompareDialog::refreshView()
{
    std::vector<Catalog> catalogs;
    for (const Scenario& s : m_scenarios)
        catalogs.push_back(m_sources.catalogFor ? m_sources.catalogFor(s) : Catalog{});
    m_view->setScenarios(m_scenarios, std::move(catalogs));
    updateButtons();
}

bool CompareDialog::addScenario(std::optional<Scenario> s, const QString& loadError, QString* error)
{
    QString e = loadError;
    if (m_scenarios.size() >= static_cast<std::size_t>(kCompareMax))
        e = tr("A comparison holds at most %1 plans; remove one first.").arg(kCompareMax);
    else if (!s && e.isEmpty())
        e = tr("not a valid scenario");
    // The same plan twice would compare it with itself (issue 49: it showed twice).
    else if (s && std::any_of(m_scenarios.begin(), m_scenarios.end(), [&](const Scenario& o) {
                 return scenarioToJson(o) == scenarioToJson(*s);
             }))
        e = tr("“%1” is already in the comparison.").arg(displayText(s->name));
    if (!e.isEmpty() || !s) {
        showError(e);
        if (error)
            *error = e;
        return false;
    }
    showError(QString());
    m_scenarios.push_back(std::move(*s));
    refreshView();
    return true;
}

bool CompareDialog::addScenarioFile(const QString& path, QString* error)
{
    if (m_scenarios.size() >= static_cast<std::size_t>(kCompareMax))
        return addScenario(std::nullopt, {}, error);
    QString e;
    std::optional<Scenario> s = loadFile(path, e);
    return addScenario(std::move(s), e, error);
}

bool CompareDialog::addLibraryPlan(std::int64_t id, QString* error)
{
    if (m_scenarios.size() >= static_cast<std::size_t>(kCompareMax) || !m_sources.loadLibraryPlan)
        return addScenario(std::nullopt, {}, error);
    QString e;
    std::optional<Scenario> s = m_sources.loadLibraryPlan(id, &e);
    return addScenario(std::move(s), e, error);
}

void CompareDialog::fillLibraryMenu()
{
    QMenu* menu = m_addLibrary->menu();
    menu->clear();
    const QList<CompareSources::LibraryPlan> plans =
        m_sources.libraryPlans ? m_sources.libraryPlans() : QList<CompareSources::LibraryPlan>{};
    if (plans.isEmpty()) {
        menu->addAction(tr("The library has no plans"))->setEnabled(false);
        return;
    }
    for (const CompareSources::LibraryPlan& p : plans) {
        // QAction text is plain; '&' would become a mnemonic, so it is doubled.
        QString label = p.name;
        label.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* a = menu->addAction(label);
        const std::int64_t id = p.id;
        connect(a, &QAction::triggered, this, [this, id] { addLibraryPlan(id); });
    }
}

bool CompareDialog::removeScenario(int index)
{
    if (index < 0 || index >= static_cast<int>(m_scenarios.size()) ||
        m_scenarios.size() <= static_cast<std::size_t>(kCompareMin))
        return false;
    m_scenarios.erase(m_scenarios.begin() + index);
    refreshView();
    return true;
}

QString CompareDialog::errorText() const
{
    return m_error->isVisible() ? m_error->text() : QString();
}

void CompareDialog::showError(const QString& text)
{
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

void CompareDialog::addWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add scenario to the comparison"), QString(),
        tr("Costlab scenarios (*.costlab.json);;JSON files (*.json);;All files (*)"));
    if (!path.isEmpty())
        addScenarioFile(path);
}

void CompareDialog::updateButtons()
{
    m_add->setEnabled(m_scenarios.size() < static_cast<std::size_t>(kCompareMax));
    m_addLibrary->setEnabled(m_scenarios.size() < static_cast<std::size_t>(kCompareMax));
    m_remove->setEnabled(m_scenarios.size() > static_cast<std::size_t>(kCompareMin));
    m_report->setEnabled(m_scenarios.size() >= 2);
    QMenu* menu = m_remove->menu();
    menu->clear();
    for (int i = 0; i < static_cast<int>(m_scenarios.size()); ++i) {
        const QString name = QString::fromStdString(m_scenarios[static_cast<std::size_t>(i)].name);
        QAction* a = menu->addAction(tr("%1: %2", "plan tag: name").arg(QChar(u'A' + i)).arg(name));
        connect(a, &QAction::triggered, this, [this, i] { removeScenario(i); });
    }
}

CompareDialog* CompareDialog::openRouteAB(QWidget* parent, const QString& examplesDir,
                                          CompareSources sources)
{
    const QDir dir(examplesDir);
    std::vector<Scenario> plans;
    for (const char* file :
         {"route-a-bigger-pretrain.costlab.json", "route-b-small-base-heavy-rl.costlab.json"}) {
        QString error;
        std::optional<Scenario> s = loadFile(dir.filePath(QLatin1String(file)), error);
        if (!s) {
            warnPlain(parent, tr("Route A vs Route B"), error);
            return nullptr;
        }
        plans.push_back(std::move(*s));
    }
    auto* dialog = new CompareDialog(std::move(sources), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Route A vs Route B"));
    dialog->setScenarios(plans);
    dialog->show();
    return dialog;
}

} // namespace costlab
