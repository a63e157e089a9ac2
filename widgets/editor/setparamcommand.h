// The one generic value-change command (Tiled changevalue.h): swaps the old and new text of
// one parameter. Values are kept in the registry's exact string form, so numbers, choices
// and catalog references go through one path and undo restores bit-identical values.
#pragma once

#include "scenario.h"

#include <QList>
#include <QPointer>
#include <QString>
#include <QUndoCommand>

namespace costlab {

class Document;

class SetParamCommand : public QUndoCommand {
public:
    /// Merge id of every SetParamCommand; mergeWith also requires the same parameter id and
    /// the same document merge group, so a slider drag is one step but two drags are two.
    static constexpr int kMergeId = 0x436c; // "Cl"

    SetParamCommand(Document* doc, const QString& fullId, const QString& oldText,
                    const QString& newText, const QString& label);

    void undo() override;
    void redo() override;
    int id() const override { return kMergeId; }
    bool mergeWith(const QUndoCommand* other) override;

    const QString& paramId() const { return m_id; }

private:
    QPointer<Document> m_doc;
    QString m_id;
    QString m_old;
    QString m_new;
    int m_group;
};

/// Many parameter changes as one undo step (Document::apply): redo applies them in order,
/// undo restores them in reverse order; changed() is emitted once either way. Never merges.
class ApplyChangesCommand : public QUndoCommand {
public:
    struct Value {
        QString id;
        QString oldText;
        QString newText;
    };
    ApplyChangesCommand(Document* doc, QList<Value> values, const QString& label);
    void undo() override;
    void redo() override;
    const QList<Value>& values() const { return m_values; }

private:
    QPointer<Document> m_doc;
    QList<Value> m_values;
};

/// A change of the plan itself (Document::editPlan): names, description, project, catalog,
/// and adding, removing, duplicating or reordering phases. Keeps the whole scenario before
/// and after — a scenario is a few kilobytes, and a snapshot cannot get out of step with
/// the structure the way an inverse operation can. Never merges.
class EditPlanCommand : public QUndoCommand {
public:
    EditPlanCommand(Document* doc, Scenario before, Scenario after, bool structural,
                    const QString& label);
    void undo() override;
    void redo() override;

private:
    QPointer<Document> m_doc;
    Scenario m_before;
    Scenario m_after;
    bool m_structural;
};

} // namespace costlab
