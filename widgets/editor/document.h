// The open scenario and its undo history (house-style.md, Tiled document.h).
//
// Undo ownership: the Document owns the Scenario and the QUndoStack. Widgets never write to
// the scenario directly; they call setValue()/setString(), which push a SetParamCommand.
// Every change (do, undo, redo) emits paramChanged(id) and changed(), and panels refresh
// from those signals. "Modified" is !undoStack()->isClean().
#pragma once

#include "catalog.h"
#include "paramchange.h"
#include "scenario.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QUndoStack>

#include <vector>

namespace costlab {

class Document : public QObject {
    Q_OBJECT

public:
    explicit Document(QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    QUndoStack* undoStack() { return &m_undoStack; }
    QString filePath() const { return m_filePath; }
    /// Scenario name, or the file name, or "Untitled plan".
    QString displayName() const;
    bool isModified() const { return !m_undoStack.isClean(); }

    /// Numeric value of a parameter by full id (choice → index, bool → 0/1); NaN when unknown.
    double value(const QString& fullId) const;
    /// String form (choice id, catalog id or the number); "" when unknown.
    QString string(const QString& fullId) const;

    /// Change one parameter through the undo stack. Rejects unknown ids and values outside
    /// the hard range (message in `error`). A value equal to the current one is a no-op.
    /// Consecutive changes of the same id merge into one undo step until closeMergeGroup().
    bool setValue(const QString& fullId, double value, QString* error = nullptr);
    /// As setValue, for choice ids, catalog references, booleans and numbers in text form.
    bool setString(const QString& fullId, const QString& text, QString* error = nullptr);
    /// Apply many changes as one undo step named `label` (a lever, the optimiser's plan, a
    /// lesson's starting state). All or nothing: every change is checked first, in order,
    /// on a copy of the scenario; if any is rejected nothing changes and `error` says which
    /// and why. Changes equal to the current value are dropped; if none is left no undo step
    /// is pushed. Emits paramChanged() per changed id and changed() once per do/undo/redo.
    bool apply(const std::vector<ParamChange>& changes, const QString& label,
               QString* error = nullptr);

    /// Change the plan itself as one undo step named `label`: its name, description, project
    /// or price catalog, phase names and batches, or its phases (added, removed, duplicated,
    /// reordered — `structural` true, so views rebuild their per-phase rows). `next` is
    /// checked by the file loader's rules (a save → load round trip: 1–16 phases, text
    /// lengths, every value in range); if it is refused nothing changes and `error` gives the
    /// loader's first message. A `next` equal to the scenario pushes nothing (returns true).
    bool editPlan(const Scenario& next, const QString& label, bool structural,
                  QString* error = nullptr);
    /// Used only by EditPlanCommand: installs a scenario and notifies (scenarioReplaced()
    /// when `structural`, planChanged() and changed() always).
    void applyPlan(const Scenario& scenario, bool structural);

    /// Ends the current merge group: the next change starts a new undo step (slider release,
    /// spin box editing finished).
    void closeMergeGroup() { ++m_mergeGroup; }
    int mergeGroup() const { return m_mergeGroup; }

    /// A continuous edit (a slider held down by mouse or touch) begins or ends. Views may
    /// draw faster and plainer while it lasts (charts drop antialiasing) and redraw at full
    /// quality when it ends. Nested begin/end pairs count; end without begin is ignored.
    void beginContinuousEdit();
    void endContinuousEdit();
    bool inContinuousEdit() const { return m_continuousEdits > 0; }

    /// Replace the whole scenario (New, example, tests); clears undo history, clean state.
    void reset(const Scenario& scenario, const QString& filePath = QString());
    /// Load a .costlab.json file. On failure returns false, fills `errors` with
    /// "pointer: message" lines and leaves the current document untouched.
    bool load(const QString& path, QStringList* errors = nullptr);
    /// Save atomically (QSaveFile) to `path` (the current path when empty); marks clean.
    bool save(const QString& path = QString(), QString* error = nullptr);

    /// Applies a value without the undo stack; used only by the undo commands. With
    /// `notify` false the caller emits changed() itself (once for many values).
    void applyString(const QString& fullId, const QString& text, bool notify = true);
    /// changed(), for the undo commands that applied values with notify = false.
    void notifyChanged() { emit changed(); }

signals:
    /// Anything in the scenario changed (after every command, undo, redo, load, reset).
    void changed();
    /// One parameter changed (do, undo or redo).
    void paramChanged(const QString& fullId);
    /// The scenario was replaced wholesale (load, reset): rebuild parameter lists.
    void scenarioReplaced();
    /// The plan's own fields changed (name, description, project, catalog, phase names or
    /// batches, phases) through editPlan(), its undo or redo.
    void planChanged();
    /// File path or name changed.
    void fileChanged();
    void modifiedChanged(bool modified);
    /// beginContinuousEdit()/endContinuousEdit() toggled the state.
    void continuousEditChanged(bool active);

private:
    /// The plan's currency changes with its money inputs converted (one undo step).
    bool changeCurrency(const QString& fullId, const QString& text, bool toCny, QString* error);

    Scenario m_scenario;
    QString m_filePath;
    QUndoStack m_undoStack;
    int m_mergeGroup = 0;
    int m_continuousEdits = 0;
};

} // namespace costlab
