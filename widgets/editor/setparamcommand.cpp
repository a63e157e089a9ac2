#include "setparamcommand.h"

#include "document.h"

namespace costlab {

SetParamCommand::SetParamCommand(Document* doc, const QString& fullId, const QString& oldText,
                                 const QString& newText, const QString& label)
    : m_doc(doc), m_id(fullId), m_old(oldText), m_new(newText), m_group(doc->mergeGroup())
{
    setText(label);
}

void SetParamCommand::undo()
{
    if (m_doc)
        m_doc->applyString(m_id, m_old);
}

void SetParamCommand::redo()
{
    if (m_doc)
        m_doc->applyString(m_id, m_new);
}

bool SetParamCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetParamCommand*>(other);
    if (o->m_id != m_id || o->m_group != m_group || o->m_doc != m_doc)
        return false;
    m_new = o->m_new;
    // A drag that ends where it began leaves nothing to undo.
    setObsolete(m_new == m_old);
    return true;
}

ApplyChangesCommand::ApplyChangesCommand(Document* doc, QList<Value> values, const QString& label)
    : m_doc(doc), m_values(std::move(values))
{
    setText(label);
}

void ApplyChangesCommand::undo()
{
    if (!m_doc)
        return;
    for (auto it = m_values.crbegin(); it != m_values.crend(); ++it)
        m_doc->applyString(it->id, it->oldText, false);
    m_doc->notifyChanged();
}

void ApplyChangesCommand::redo()
{
    if (!m_doc)
        return;
    for (const Value& v : m_values)
        m_doc->applyString(v.id, v.newText, false);
    m_doc->notifyChanged();
}

EditPlanCommand::EditPlanCommand(Document* doc, Scenario before, Scenario after, bool structural,
                                 const QString& label)
    : m_doc(doc), m_before(std::move(before)), m_after(std::move(after)), m_structural(structural)
{
    setText(label);
}

void EditPlanCommand::undo()
{
    if (m_doc)
        m_doc->applyPlan(m_before, m_structural);
}

void EditPlanCommand::redo()
{
    if (m_doc)
        m_doc->applyPlan(m_after, m_structural);
}

} // namespace costlab
