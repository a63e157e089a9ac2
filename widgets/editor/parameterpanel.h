// The parameter panel: every registry input bound to the open scenario, generated from the
// registry (boundParameters), grouped per phase and per section in collapsible groups,
// with a search box that filters by label or id. Rebuilt when the scenario is replaced or
// the language changes; otherwise rows refresh in place from Document::changed.
#pragma once

#include <QHash>
#include <QWidget>

#include <memory>
#include <vector>

class QLineEdit;
class QScrollArea;
class QVBoxLayout;
class QLabel;

namespace costlab {

struct Catalog;
class CollapsibleSection;
class Document;
class ParamEditor;
class PlanEditor;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    ParameterPanel(Document* doc, const Catalog* catalog, QWidget* parent = nullptr);
    ~ParameterPanel() override;

    /// Editor row of a bound parameter ("rl.env_count"), or null.
    ParamEditor* editor(const QString& fullId) const;
    int editorCount() const { return int(m_editors.size()); }
    /// Ids in display order.
    QStringList ids() const;
    QLineEdit* searchBox() const { return m_search; }
    void setFilter(const QString& text);
    /// Number of rows visible under the current filter.
    int visibleCount() const;
    /// Titles of the top-level sections (tests, screenshots).
    QStringList sectionTitles() const;
    /// The plan's own fields and phases, above the parameters.
    PlanEditor* planEditor() const { return m_plan; }
    CollapsibleSection* planSection() const { return m_planSection; }
    /// The catalog behind the accelerator and instance lists changed: rebuild the rows.
    void catalogChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void refreshAll();
    void applyFilter();
    void retranslate();

    Document* m_doc;
    const Catalog* m_catalog;
    QLineEdit* m_search;
    QLabel* m_noMatch;
    QScrollArea* m_scroll;
    QWidget* m_outer;                  ///< scroll content: the plan section, then m_content
    CollapsibleSection* m_planSection; ///< kept across rebuilds (its fields may have focus)
    PlanEditor* m_plan;
    QWidget* m_content = nullptr; ///< the parameter sections, rebuilt with the phases
    std::vector<std::unique_ptr<ParamEditor>> m_editors;
    QHash<QString, ParamEditor*> m_byId;
    /// Each section with the editors it holds (a phase section holds its groups' editors).
    std::vector<std::pair<CollapsibleSection*, std::vector<ParamEditor*>>> m_sections;
    std::vector<CollapsibleSection*> m_topSections;
    /// Expanded state chosen by the user, by section key, kept across rebuilds.
    QHash<QString, bool> m_expandState;
};

} // namespace costlab
