// The plan itself, at the top of the parameter panel: name, project, price catalog and
// description, and the phases — add one of each kind, duplicate, remove, reorder, name them
// and their experiment batch (issue 13: "a plan can be built and named in the window").
// Every change is one undo step through Document::editPlan; text fields commit when editing
// finishes (Return or focus leaving), so one rename is one step, not one per keystroke.
//
// Names are the user's: nothing rewrites "…in 2,048 environments" when a value changes
// (docs/architecture.md, "Plan and phase names").
#pragma once

#include "scenario.h"

#include <QList>
#include <QString>
#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QToolButton;

namespace costlab {

class Document;

class PlanEditor : public QWidget {
    Q_OBJECT
public:
    /// A catalog the plan may name: the library's catalogs, or the shipped one alone.
    struct CatalogEntry {
        QString id;
        QString name;     ///< Catalog::name, shown in the list
        QString currency; ///< "USD" or "CNY": choosing the catalog sets the plan's currency
    };

    explicit PlanEditor(Document* doc, QWidget* parent = nullptr);

    /// Catalogs offered in the price-catalog list. A plan naming an id not in the list shows
    /// it as "(not available)" — the engine then refuses to price it.
    void setCatalogs(const QList<CatalogEntry>& catalogs);
    /// The phase the phase actions act on (0-based; −1 when none is selected).
    int currentPhase() const;
    void setCurrentPhase(int index);

    /// Phase actions, also placed in the main window's Plan menu.
    QAction* addPretrainAction() const { return m_addPretrain; }
    QAction* addRlAction() const { return m_addRl; }
    QAction* addEvaluationAction() const { return m_addEval; }
    QAction* duplicateAction() const { return m_duplicate; }
    QAction* removeAction() const { return m_remove; }
    QAction* moveUpAction() const { return m_up; }
    QAction* moveDownAction() const { return m_down; }

    /// Add a phase of `kind` after the current one (shape and accelerator copied from it, the
    /// kind's defaults for the rest); it becomes current. False (with `error`) when refused.
    bool addPhase(PhaseKind kind, QString* error = nullptr);
    bool duplicatePhase(QString* error = nullptr);
    bool removePhase(QString* error = nullptr);
    /// Move the current phase by `delta` (−1 up, +1 down); it stays current.
    bool movePhase(int delta, QString* error = nullptr);

    QLineEdit* nameEdit() const { return m_name; }
    QLineEdit* projectEdit() const { return m_project; }
    QPlainTextEdit* descriptionEdit() const { return m_description; }
    QComboBox* catalogCombo() const { return m_catalog; }
    QListWidget* phaseList() const { return m_phases; }
    QLineEdit* phaseNameEdit() const { return m_phaseName; }
    QLineEdit* batchEdit() const { return m_batch; }

signals:
    /// A refused edit, for the status bar (the fields show the plan unchanged).
    void editRefused(const QString& message);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    /// Show the document's values (fields being edited keep the user's text).
    void refresh();
    void refreshPhases();
    void updateActions();
    bool commit(const Scenario& next, const QString& label, bool structural,
                QString* error = nullptr);
    void commitTexts();
    void commitDescription();
    void commitPhaseTexts();
    void chooseCatalog(int comboIndex);

    Document* m_doc;
    QList<CatalogEntry> m_catalogs;
    QLabel* m_nameLabel;
    QLabel* m_projectLabel;
    QLabel* m_catalogLabel;
    QLabel* m_descriptionLabel;
    QLabel* m_phasesLabel;
    QLabel* m_phaseNameLabel;
    QLabel* m_batchLabel;
    QLineEdit* m_name;
    QLineEdit* m_project;
    QComboBox* m_catalog;
    QPlainTextEdit* m_description;
    QListWidget* m_phases;
    QLineEdit* m_phaseName;
    QLineEdit* m_batch;
    QToolButton* m_addButton;
    QToolButton* m_duplicateButton;
    QToolButton* m_removeButton;
    QToolButton* m_upButton;
    QToolButton* m_downButton;
    QAction* m_addPretrain;
    QAction* m_addRl;
    QAction* m_addEval;
    QAction* m_duplicate;
    QAction* m_remove;
    QAction* m_up;
    QAction* m_down;
    int m_current = 0;
    bool m_refreshing = false;
};

} // namespace costlab
