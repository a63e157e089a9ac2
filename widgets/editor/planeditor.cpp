#include "planeditor.h"

#include "document.h"
#include "paramtext.h"
#include "plaintext.h"
#include "registry.h"
#include "scenario_json.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

#include <array>

namespace costlab {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

/// "2 · RL post-training: GRPO math" (plain text: a list item never renders markup).
QString phaseTitle(int index, const Phase& p)
{
    const QString kind = phaseKindLabel(p.kind);
    return p.name.empty()
               ? PlanEditor::tr("%1 · %2").arg(index + 1).arg(kind)
               : PlanEditor::tr("%1 · %2: %3").arg(QString::number(index + 1), kind, qs(p.name));
}

} // namespace

PlanEditor::PlanEditor(Document* doc, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_nameLabel(new QLabel(this)), m_projectLabel(new QLabel(this)),
      m_catalogLabel(new QLabel(this)), m_descriptionLabel(new QLabel(this)),
      m_phasesLabel(new QLabel(this)), m_phaseNameLabel(new QLabel(this)),
      m_batchLabel(new QLabel(this)), m_name(new QLineEdit(this)), m_project(new QLineEdit(this)),
      m_catalog(new QComboBox(this)), m_description(new QPlainTextEdit(this)),
      m_phases(new QListWidget(this)), m_phaseName(new QLineEdit(this)),
      m_batch(new QLineEdit(this)), m_addButton(new QToolButton(this)),
      m_duplicateButton(new QToolButton(this)), m_removeButton(new QToolButton(this)),
      m_upButton(new QToolButton(this)), m_downButton(new QToolButton(this)),
      m_addPretrain(new QAction(this)), m_addRl(new QAction(this)), m_addEval(new QAction(this)),
      m_duplicate(new QAction(this)), m_remove(new QAction(this)), m_up(new QAction(this)),
      m_down(new QAction(this))
{
    setObjectName(QStringLiteral("PlanEditor"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(4, 0, 0, 4);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    form->addRow(m_nameLabel, m_name);
    form->addRow(m_projectLabel, m_project);
    form->addRow(m_catalogLabel, m_catalog);
    form->addRow(m_descriptionLabel, m_description);
    form->addRow(m_phasesLabel, m_phases);
    auto* buttons = new QHBoxLayout;
    buttons->setSpacing(2);
    for (QToolButton* b :
         {m_addButton, m_duplicateButton, m_removeButton, m_upButton, m_downButton})
        buttons->addWidget(b);
    buttons->addStretch(1);
    form->addRow(buttons); // the whole width: the row of buttons is the widest thing here
    form->addRow(m_phaseNameLabel, m_phaseName);
    form->addRow(m_batchLabel, m_batch);
    for (auto [label, field] :
         std::array<std::pair<QLabel*, QWidget*>, 7>{{{m_nameLabel, m_name},
                                                      {m_projectLabel, m_project},
                                                      {m_catalogLabel, m_catalog},
                                                      {m_descriptionLabel, m_description},
                                                      {m_phasesLabel, m_phases},
                                                      {m_phaseNameLabel, m_phaseName},
                                                      {m_batchLabel, m_batch}}})
        label->setBuddy(field);

    // Long catalog names ("Default catalog (USD, US regions, …)") must not widen the dock.
    m_catalog->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_catalog->setMinimumContentsLength(12);
    m_description->setTabChangesFocus(true);
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 4 + 10);
    m_description->installEventFilter(this);
    m_phases->setFixedHeight(m_phases->fontMetrics().lineSpacing() * 4 + 10);
    m_phases->setSelectionMode(QAbstractItemView::SingleSelection);
    // Long phase names are elided; the full name is in the item's tooltip.
    m_phases->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_phases->setTextElideMode(Qt::ElideRight);

    auto* addMenu = new QMenu(this);
    addMenu->addAction(m_addPretrain);
    addMenu->addAction(m_addRl);
    addMenu->addAction(m_addEval);
    m_addButton->setMenu(addMenu);
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    m_addButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_duplicateButton->setDefaultAction(m_duplicate);
    m_removeButton->setDefaultAction(m_remove);
    m_upButton->setDefaultAction(m_up);
    m_downButton->setDefaultAction(m_down);

    auto report = [this](bool ok, const QString& error) {
        if (!ok && !error.isEmpty())
            emit editRefused(error);
    };
    auto add = [this, report](PhaseKind k) {
        QString e;
        report(addPhase(k, &e), e);
    };
    connect(m_addPretrain, &QAction::triggered, this, [add] { add(PhaseKind::Pretrain); });
    connect(m_addRl, &QAction::triggered, this, [add] { add(PhaseKind::RlPosttrain); });
    connect(m_addEval, &QAction::triggered, this, [add] { add(PhaseKind::Evaluation); });
    connect(m_duplicate, &QAction::triggered, this, [this, report] {
        QString e;
        report(duplicatePhase(&e), e);
    });
    connect(m_remove, &QAction::triggered, this, [this, report] {
        QString e;
        report(removePhase(&e), e);
    });
    connect(m_up, &QAction::triggered, this, [this, report] {
        QString e;
        report(movePhase(-1, &e), e);
    });
    connect(m_down, &QAction::triggered, this, [this, report] {
        QString e;
        report(movePhase(+1, &e), e);
    });

    connect(m_name, &QLineEdit::editingFinished, this, &PlanEditor::commitTexts);
    connect(m_project, &QLineEdit::editingFinished, this, &PlanEditor::commitTexts);
    connect(m_phaseName, &QLineEdit::editingFinished, this, &PlanEditor::commitPhaseTexts);
    connect(m_batch, &QLineEdit::editingFinished, this, &PlanEditor::commitPhaseTexts);
    connect(m_catalog, &QComboBox::activated, this, &PlanEditor::chooseCatalog);
    connect(m_phases, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_refreshing || row < 0)
            return;
        m_current = row;
        refresh();
    });
    connect(m_doc, &Document::changed, this, &PlanEditor::refresh);

    retranslate();
    refresh();
}

void PlanEditor::retranslate()
{
    m_nameLabel->setText(tr("&Name"));
    m_projectLabel->setText(tr("Pro&ject"));
    m_catalogLabel->setText(tr("Price &catalog"));
    m_descriptionLabel->setText(tr("&Description"));
    m_phasesLabel->setText(tr("P&hases"));
    m_phaseNameLabel->setText(tr("Phase na&me"));
    m_batchLabel->setText(tr("Experiment &batch"));
    m_name->setToolTip(tr("The plan's name, shown in the title bar, the library and on the "
                          "report's cover. Yours to choose: it does not follow the values."));
    m_project->setToolTip(tr("Project the plan's costs are attributed to (a library tag and a "
                             "column of the line-item CSV)."));
    m_catalog->setToolTip(tr("Price and hardware catalog that prices this plan; the plan's "
                             "currency follows the catalog's. Edit catalogs in Library → "
                             "Catalogs."));
    m_description->setToolTip(
        tr("What the plan is and where its figures come from; printed on the report."));
    m_phaseName->setToolTip(tr("Name of the selected phase (report, CSV and charts)."));
    m_batch->setToolTip(tr("Experiment batch the selected phase's costs are attributed to "
                           "(line-item CSV, library tag)."));
    m_addButton->setText(tr("Add phase"));
    m_addButton->setToolTip(tr("Add a phase after the selected one"));
    m_addPretrain->setText(tr("Add pre-training phase"));
    m_addRl->setText(tr("Add RL post-training phase"));
    m_addEval->setText(tr("Add evaluation phase"));
    m_duplicate->setText(tr("Duplicate phase"));
    m_duplicate->setToolTip(tr("Copy the selected phase with all its values"));
    m_remove->setText(tr("Remove phase"));
    m_remove->setToolTip(tr("Remove the selected phase (Edit → Undo brings it back)"));
    m_up->setText(tr("Move phase up"));
    m_down->setText(tr("Move phase down"));
    // Short words on the buttons (an action's icon text, which a tool button shows and keeps
    // when the action changes); menus and screen readers get the full text.
    m_duplicate->setIconText(tr("Duplicate"));
    m_remove->setIconText(tr("Remove"));
    m_up->setIconText(QStringLiteral("▲"));
    m_down->setIconText(QStringLiteral("▼"));
    m_upButton->setAccessibleName(m_up->text());
    m_downButton->setAccessibleName(m_down->text());
    m_phases->setAccessibleName(tr("Phases of the plan"));
    refreshPhases();
}

void PlanEditor::setCatalogs(const QList<CatalogEntry>& catalogs)
{
    m_catalogs = catalogs;
    refresh();
}

int PlanEditor::currentPhase() const
{
    const int n = int(m_doc->scenario().phases.size());
    return n == 0 ? -1 : std::clamp(m_current, 0, n - 1);
}

void PlanEditor::setCurrentPhase(int index)
{
    m_current = index;
    refresh();
}

void PlanEditor::refresh()
{
    const Scenario& s = m_doc->scenario();
    m_refreshing = true;
    // A field the user is typing in keeps their text until they finish.
    auto show = [](QLineEdit* e, const QString& text) {
        if (!e->hasFocus() && e->text() != text) {
            e->setText(text);
            e->setCursorPosition(0);
        }
    };
    show(m_name, qs(s.name));
    show(m_project, qs(s.project));
    if (!m_description->hasFocus() && m_description->toPlainText() != qs(s.description))
        m_description->setPlainText(qs(s.description));

    m_catalog->clear();
    int at = -1;
    for (const CatalogEntry& c : m_catalogs) {
        m_catalog->addItem(tr("%1 (%2)").arg(c.name.isEmpty() ? c.id : c.name, c.currency), c.id);
        m_catalog->setItemData(m_catalog->count() - 1, c.name, Qt::ToolTipRole);
        if (c.id == qs(s.catalog_id))
            at = m_catalog->count() - 1;
    }
    if (at < 0) {
        m_catalog->addItem(tr("%1 (not available)").arg(qs(s.catalog_id)), qs(s.catalog_id));
        at = m_catalog->count() - 1;
    }
    m_catalog->setCurrentIndex(at);

    refreshPhases();
    const int cur = currentPhase();
    if (cur >= 0) {
        const Phase& p = s.phases[size_t(cur)];
        show(m_phaseName, qs(p.name));
        show(m_batch, qs(p.experiment_batch));
    }
    m_refreshing = false;
    updateActions();
}

void PlanEditor::refreshPhases()
{
    const Scenario& s = m_doc->scenario();
    const bool was = m_refreshing;
    m_refreshing = true;
    if (m_phases->count() != int(s.phases.size())) {
        m_phases->clear();
        for (size_t i = 0; i < s.phases.size(); ++i)
            m_phases->addItem(QString());
    }
    for (int i = 0; i < int(s.phases.size()); ++i) {
        const QString title = phaseTitle(i, s.phases[size_t(i)]);
        m_phases->item(i)->setText(title);
        m_phases->item(i)->setToolTip(plainToolTip(title));
    }
    m_phases->setCurrentRow(currentPhase());
    m_refreshing = was;
}

void PlanEditor::updateActions()
{
    const int n = int(m_doc->scenario().phases.size());
    const int cur = currentPhase();
    const bool canAdd = n < int(kMaxScenarioPhases);
    for (QAction* a : {m_addPretrain, m_addRl, m_addEval, m_duplicate})
        a->setEnabled(canAdd && cur >= 0);
    m_addButton->setEnabled(canAdd);
    m_remove->setEnabled(n > 1 && cur >= 0);
    m_up->setEnabled(cur > 0);
    m_down->setEnabled(cur >= 0 && cur + 1 < n);
}

bool PlanEditor::commit(const Scenario& next, const QString& label, bool structural, QString* error)
{
    QString e;
    if (m_doc->editPlan(next, label, structural, &e))
        return true;
    if (error)
        *error = e;
    refresh(); // show the plan as it still is
    return false;
}

void PlanEditor::commitTexts()
{
    if (m_refreshing)
        return;
    Scenario next = m_doc->scenario();
    next.name = m_name->text().trimmed().toStdString();
    next.project = m_project->text().trimmed().toStdString();
    QString e;
    if (!commit(next, tr("Edit plan name and project"), false, &e))
        emit editRefused(e);
}

void PlanEditor::commitDescription()
{
    Scenario next = m_doc->scenario();
    next.description = m_description->toPlainText().toStdString();
    QString e;
    if (!commit(next, tr("Edit plan description"), false, &e))
        emit editRefused(e);
}

void PlanEditor::commitPhaseTexts()
{
    const int cur = currentPhase();
    if (m_refreshing || cur < 0)
        return;
    Scenario next = m_doc->scenario();
    Phase& p = next.phases[size_t(cur)];
    p.name = m_phaseName->text().trimmed().toStdString();
    p.experiment_batch = m_batch->text().trimmed().toStdString();
    QString e;
    // Phase names title the panel's sections: structural, so they are rebuilt.
    if (!commit(next, tr("Rename phase %1").arg(cur + 1), true, &e))
        emit editRefused(e);
}

void PlanEditor::chooseCatalog(int comboIndex)
{
    const QString id = m_catalog->itemData(comboIndex).toString();
    const Scenario& s = m_doc->scenario();
    if (id.isEmpty() || id == qs(s.catalog_id))
        return;
    Scenario next = s;
    next.catalog_id = id.toStdString();
    QString e;
    for (const CatalogEntry& c : m_catalogs) {
        if (c.id != id)
            continue;
        // The plan takes the catalog's currency, its money inputs converted (one undo step).
        const std::string err = convertMoneyInputs(
            next, c.currency == QLatin1String("CNY") ? Currency::CNY : Currency::USD);
        if (!err.empty()) {
            emit editRefused(tr("The catalog was not changed: %1").arg(qs(err)));
            refresh();
            return;
        }
    }
    if (!commit(next, tr("Price catalog: %1").arg(m_catalog->itemText(comboIndex)), false, &e))
        emit editRefused(e);
}

bool PlanEditor::addPhase(PhaseKind kind, QString* error)
{
    const Scenario& s = m_doc->scenario();
    const int cur = currentPhase();
    Phase p = defaultScenario(std::array{kind}).phases.front();
    if (cur >= 0) {
        // RL post-trains and evaluation measures the model the plan already has.
        p.model = s.phases[size_t(cur)].model;
        p.accelerator = s.phases[size_t(cur)].accelerator;
    }
    p.name = phaseKindLabel(kind).toStdString();
    Scenario next = s;
    const int at = cur + 1;
    next.phases.insert(next.phases.begin() + at, p);
    if (!commit(next, tr("Add %1 phase").arg(phaseKindLabel(kind)), true, error))
        return false;
    setCurrentPhase(at);
    return true;
}

bool PlanEditor::duplicatePhase(QString* error)
{
    const int cur = currentPhase();
    if (cur < 0)
        return false;
    Scenario next = m_doc->scenario();
    Phase copy = next.phases[size_t(cur)];
    copy.name = tr("%1 (copy)").arg(qs(copy.name)).toStdString();
    next.phases.insert(next.phases.begin() + cur + 1, copy);
    if (!commit(next, tr("Duplicate phase %1").arg(cur + 1), true, error))
        return false;
    setCurrentPhase(cur + 1);
    return true;
}

bool PlanEditor::removePhase(QString* error)
{
    const int cur = currentPhase();
    Scenario next = m_doc->scenario();
    if (cur < 0 || next.phases.size() < 2) {
        if (error)
            *error = tr("A plan needs at least one phase.");
        return false;
    }
    next.phases.erase(next.phases.begin() + cur);
    if (!commit(next, tr("Remove phase %1").arg(cur + 1), true, error))
        return false;
    setCurrentPhase(std::min(cur, int(next.phases.size()) - 1));
    return true;
}

bool PlanEditor::movePhase(int delta, QString* error)
{
    const int cur = currentPhase();
    Scenario next = m_doc->scenario();
    const int to = cur + delta;
    if (cur < 0 || to < 0 || to >= int(next.phases.size()))
        return false;
    std::swap(next.phases[size_t(cur)], next.phases[size_t(to)]);
    if (!commit(next, tr("Move phase %1").arg(cur + 1), true, error))
        return false;
    setCurrentPhase(to);
    return true;
}

bool PlanEditor::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_description && event->type() == QEvent::FocusOut)
        commitDescription();
    return QWidget::eventFilter(watched, event);
}

void PlanEditor::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace costlab
