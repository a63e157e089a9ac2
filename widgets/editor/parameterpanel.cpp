#include "parameterpanel.h"
#include "plaintext.h"

#include "collapsiblesection.h"
#include "document.h"
#include "parameditor.h"
#include "paramtext.h"
#include "planeditor.h"
#include "registry.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <map>

namespace costlab {

namespace {

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/// Scenario-wide groups open by default: the ones a first-time user moves most.
bool openByDefault(const QString& key)
{
    if (key.startsWith(QLatin1String("phase")))
        return true;
    return key.endsWith(QLatin1String("/Reliability")) || key.endsWith(QLatin1String("/Budget"));
}

} // namespace

ParameterPanel::ParameterPanel(Document* doc, const Catalog* catalog, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_catalog(catalog), m_search(new QLineEdit(this)),
      m_noMatch(new QLabel(this)), m_scroll(new QScrollArea(this)), m_outer(new QWidget),
      m_planSection(new CollapsibleSection(QString(), 0, m_outer)),
      m_plan(new PlanEditor(doc, m_planSection->body()))
{
    auto* outer = new QVBoxLayout(m_outer);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->setSpacing(4);
    outer->addWidget(m_planSection);
    auto* planBody = new QVBoxLayout(m_planSection->body());
    planBody->setContentsMargins(0, 0, 0, 0);
    planBody->addWidget(m_plan);
    m_planSection->setObjectName(QStringLiteral("plan"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);
    m_noMatch->setAlignment(Qt::AlignCenter);
    m_noMatch->hide();
    layout->addWidget(m_noMatch);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Tabbing to a field makes QScrollArea bring it into view, sideways too even with no
    // horizontal bar: the labels then slid out of sight. The panel only scrolls vertically.
    connect(m_scroll->horizontalScrollBar(), &QScrollBar::valueChanged, this, [this](int v) {
        if (v != 0)
            m_scroll->horizontalScrollBar()->setValue(0);
    });
    m_scroll->setWidget(m_outer);
    // Tab from the filter goes to the first header or field, not to the scroll area itself,
    // which takes focus by default and draws none (issue 49). The wheel and the fields still
    // scroll it; a focused field is brought into view.
    m_scroll->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(m_scroll, 1);
    retranslate();

    connect(m_search, &QLineEdit::textChanged, this, [this] { applyFilter(); });
    connect(m_doc, &Document::scenarioReplaced, this, [this] { rebuild(); });
    connect(m_doc, &Document::changed, this, [this] { refreshAll(); });
    connect(m_doc, &Document::paramChanged, this, [this](const QString& id) {
        // Money units name the currency: rebuild the rows, but not from inside the combo
        // box's own signal that triggered the change.
        if (id == QLatin1String("catalog.currency"))
            QMetaObject::invokeMethod(this, &ParameterPanel::rebuild, Qt::QueuedConnection);
    });
    rebuild();
}

ParameterPanel::~ParameterPanel() = default;

void ParameterPanel::catalogChanged()
{
    QMetaObject::invokeMethod(this, &ParameterPanel::rebuild, Qt::QueuedConnection);
}

void ParameterPanel::retranslate()
{
    m_planSection->setTitle(tr("Plan"));
    m_search->setPlaceholderText(tr("Filter parameters by name or id…"));
    m_search->setAccessibleName(tr("Parameter filter"));
    m_search->setAccessibleDescription(
        tr("Shows only the parameters whose name or id contains the text"));
    m_noMatch->setText(tr("No parameter matches the filter."));
    setAccessibleName(tr("Parameters"));
}

void ParameterPanel::rebuild()
{
    const int scrollPos = m_scroll->verticalScrollBar()->value();
    m_byId.clear();
    m_sections.clear();
    m_topSections.clear();
    m_editors.clear();
    delete m_content;

    m_content = new QWidget(m_outer);
    static_cast<QVBoxLayout*>(m_outer->layout())->addWidget(m_content, 1);
    auto* vbox = new QVBoxLayout(m_content);
    vbox->setContentsMargins(0, 0, 0, 0);
    vbox->setSpacing(4);

    const Scenario& s = m_doc->scenario();
    const std::vector<ParamRef> refs = boundParameters(s);

    // Keep registry order inside a group, groups in order of first appearance.
    struct Group {
        QString name;
        std::vector<ParamRef> refs;
    };
    auto groupsOf = [&](int phase) {
        std::vector<Group> groups;
        for (const ParamRef& r : refs) {
            if (r.phase != phase)
                continue;
            const QString g = fromView(r.def->group);
            auto it = std::find_if(groups.begin(), groups.end(),
                                   [&](const Group& x) { return x.name == g; });
            if (it == groups.end()) {
                groups.push_back({g, {}});
                it = groups.end() - 1;
            }
            it->refs.push_back(r);
        }
        return groups;
    };

    auto makeSection = [&](const QString& key, const QString& title, int level, QWidget* parent) {
        auto* sec = new CollapsibleSection(title, level, parent);
        sec->setObjectName(key);
        const auto st = m_expandState.constFind(key);
        sec->setExpanded(st != m_expandState.constEnd() ? *st : openByDefault(key));
        connect(sec, &CollapsibleSection::expandedChanged, this,
                [this, key](bool on) { m_expandState.insert(key, on); });
        return sec;
    };

    auto fillGroup = [&](CollapsibleSection* sec, const Group& g,
                         std::vector<ParamEditor*>& collect) {
        auto* grid = new QGridLayout(sec->body());
        grid->setContentsMargins(4, 0, 0, 4);
        grid->setHorizontalSpacing(6);
        grid->setVerticalSpacing(2);
        grid->setColumnStretch(0, 5);
        grid->setColumnStretch(1, 4);
        grid->setColumnStretch(2, 0);
        int row = 0;
        std::vector<ParamEditor*> mine;
        for (const ParamRef& r : g.refs) {
            const QString id = QString::fromStdString(fullId(s, r));
            auto ed =
                std::make_unique<ParamEditor>(m_doc, m_catalog, r, id, grid, row++, sec->body());
            m_byId.insert(id, ed.get());
            mine.push_back(ed.get());
            collect.push_back(ed.get());
            m_editors.push_back(std::move(ed));
        }
        m_sections.emplace_back(sec, std::move(mine));
    };

    // Phases first: they hold what a planner moves most.
    for (int p = 0; p < int(s.phases.size()); ++p) {
        const Phase& ph = s.phases[size_t(p)];
        const QString title =
            ph.name.empty()
                ? tr("Phase %1 · %2").arg(p + 1).arg(phaseKindLabel(ph.kind))
                : tr("Phase %1 · %2: %3")
                      .arg(QString::number(p + 1), phaseKindLabel(ph.kind), displayText(ph.name));
        const QString key = QStringLiteral("phase%1").arg(p);
        auto* top = makeSection(key, title, 0, m_content);
        auto* inner = new QVBoxLayout(top->body());
        inner->setContentsMargins(0, 0, 0, 0);
        inner->setSpacing(2);
        std::vector<ParamEditor*> all;
        for (const Group& g : groupsOf(p)) {
            auto* sec = makeSection(key + QLatin1Char('/') + g.name,
                                    groupLabel(g.name.toStdString()), 1, top->body());
            fillGroup(sec, g, all);
            inner->addWidget(sec);
        }
        m_sections.emplace_back(top, std::move(all));
        m_topSections.push_back(top);
        vbox->addWidget(top);
    }
    // Scenario-wide sections, one top-level section per registry group.
    for (const Group& g : groupsOf(-1)) {
        auto* sec = makeSection(QStringLiteral("shared/") + g.name,
                                groupLabel(g.name.toStdString()), 0, m_content);
        std::vector<ParamEditor*> unused;
        fillGroup(sec, g, unused);
        m_topSections.push_back(sec);
        vbox->addWidget(sec);
    }
    vbox->addStretch(1);
    applyFilter();
    m_scroll->verticalScrollBar()->setValue(scrollPos);
}

void ParameterPanel::refreshAll()
{
    // Cheap: a few hundred rows, each comparing before it touches a widget.
    for (const auto& ed : m_editors)
        ed->refresh();
}

void ParameterPanel::setFilter(const QString& text)
{
    m_search->setText(text);
}

void ParameterPanel::applyFilter()
{
    const QString f = m_search->text().trimmed();
    int shown = 0;
    for (const auto& ed : m_editors) {
        const bool v = ed->matches(f);
        ed->setRowVisible(v);
        shown += v ? 1 : 0;
    }
    for (auto& [sec, eds] : m_sections) {
        const bool any =
            std::any_of(eds.begin(), eds.end(), [](ParamEditor* e) { return e->isRowVisible(); });
        sec->setVisible(any);
        sec->setForcedOpen(!f.isEmpty() && any);
    }
    m_noMatch->setVisible(shown == 0 && !m_editors.empty());
    // The filter finds parameters; the plan's own fields would only push them down.
    m_planSection->setVisible(f.isEmpty());
}

int ParameterPanel::visibleCount() const
{
    return int(std::count_if(m_editors.begin(), m_editors.end(),
                             [](const auto& e) { return e->isRowVisible(); }));
}

ParamEditor* ParameterPanel::editor(const QString& fullId) const
{
    return m_byId.value(fullId, nullptr);
}

QStringList ParameterPanel::ids() const
{
    QStringList out;
    for (const auto& ed : m_editors)
        out << ed->fullId();
    return out;
}

QStringList ParameterPanel::sectionTitles() const
{
    QStringList out;
    for (CollapsibleSection* s : m_topSections)
        out << s->title();
    return out;
}

void ParameterPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        rebuild();
    }
    QWidget::changeEvent(event);
}

} // namespace costlab
