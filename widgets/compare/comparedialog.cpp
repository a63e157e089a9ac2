#include "comparedialog.h"
#include "plaintext.h"

#include "compare.h"
#include "compareview.h"
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
        lines << (e.pointer.empty() ? QString::fromStdString(e.message)
                                    : CompareDialog::tr("%1: %2", "JSON pointer: message")
                                          .arg(QString::fromStdString(e.pointer),
                                               QString::fromStdString(e.message)));
    if (lines.isEmpty())
        lines << CompareDialog::tr("not a valid scenario");
    error = CompareDialog::tr("%1 was not added:\n%2")
                .arg(QFileInfo(path).fileName(), lines.join(QLatin1Char('\n')));
    return std::nullopt;
}

} // namespace

CompareDialog::CompareDialog(const Catalog& catalog, QWidget* parent)
    : QDialog(parent), m_catalog(catalog)
{
    setWindowTitle(tr("Compare scenarios"));
    setAccessibleName(tr("Compare scenarios"));
    setSizeGripEnabled(true);
    auto* layout = new QVBoxLayout(this);

    auto* buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("&Add scenario\u2026"), this);
    m_add->setAccessibleName(tr("Add scenario"));
    m_add->setToolTip(tr("Add a plan from a .costlab.json file (at most 4)"));
    m_remove = new QPushButton(tr("&Remove"), this);
    m_remove->setAccessibleName(tr("Remove scenario"));
    m_remove->setToolTip(tr("Remove one plan from the comparison (at least 2 stay)"));
    m_remove->setMenu(new QMenu(m_remove));
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
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
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_add, &QPushButton::clicked, this, &CompareDialog::addWithDialog);
    resize(1400, 900);
    updateButtons();
}

CompareDialog::~CompareDialog() = default;

void CompareDialog::setScenarios(const std::vector<Scenario>& scenarios)
{
    m_scenarios.assign(scenarios.begin(),
                       scenarios.begin() + std::min<std::size_t>(scenarios.size(), kCompareMax));
    m_view->setScenarios(m_scenarios, m_catalog);
    updateButtons();
}

bool CompareDialog::addScenarioFile(const QString& path, QString* error)
{
    if (m_scenarios.size() >= static_cast<std::size_t>(kCompareMax)) {
        const QString e =
            tr("A comparison holds at most %1 plans; remove one first.").arg(kCompareMax);
        showError(e);
        if (error)
            *error = e;
        return false;
    }
    QString e;
    std::optional<Scenario> s = loadFile(path, e);
    if (!s) {
        showError(e);
        if (error)
            *error = e;
        return false;
    }
    showError(QString());
    m_scenarios.push_back(std::move(*s));
    m_view->setScenarios(m_scenarios, m_catalog);
    updateButtons();
    return true;
}

bool CompareDialog::removeScenario(int index)
{
    if (index < 0 || index >= static_cast<int>(m_scenarios.size()) ||
        m_scenarios.size() <= static_cast<std::size_t>(kCompareMin))
        return false;
    m_scenarios.erase(m_scenarios.begin() + index);
    m_view->setScenarios(m_scenarios, m_catalog);
    updateButtons();
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
    m_remove->setEnabled(m_scenarios.size() > static_cast<std::size_t>(kCompareMin));
    QMenu* menu = m_remove->menu();
    menu->clear();
    for (int i = 0; i < static_cast<int>(m_scenarios.size()); ++i) {
        const QString name = QString::fromStdString(m_scenarios[static_cast<std::size_t>(i)].name);
        QAction* a = menu->addAction(tr("%1: %2", "plan tag: name").arg(QChar(u'A' + i)).arg(name));
        connect(a, &QAction::triggered, this, [this, i] { removeScenario(i); });
    }
}

CompareDialog* CompareDialog::openRouteAB(QWidget* parent, const QString& examplesDir,
                                          const Catalog& catalog)
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
    auto* dialog = new CompareDialog(catalog, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Route A vs Route B"));
    dialog->setScenarios(plans);
    dialog->show();
    return dialog;
}

} // namespace costlab
