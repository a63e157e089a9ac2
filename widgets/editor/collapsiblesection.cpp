#include "collapsiblesection.h"

#include <QToolButton>
#include <QVBoxLayout>

namespace costlab {

CollapsibleSection::CollapsibleSection(const QString& title, int level, QWidget* parent)
    : QWidget(parent), m_header(new QToolButton(this)), m_body(new QWidget(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(level == 0 ? 0 : 8, 0, 0, 0);
    layout->setSpacing(2);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setAutoRaise(true);
    m_header->setCheckable(true);
    m_header->setChecked(true);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont f = m_header->font();
    f.setBold(true);
    if (level == 0)
        f.setPointSizeF(f.pointSizeF() * 1.08);
    m_header->setFont(f);
    layout->addWidget(m_header);
    layout->addWidget(m_body);
    setTitle(title);
    connect(m_header, &QToolButton::toggled, this, [this](bool on) {
        m_expanded = on;
        updateBody();
        emit expandedChanged(on);
    });
    updateBody();
}

void CollapsibleSection::setTitle(const QString& title)
{
    m_header->setText(title);
    m_header->setAccessibleName(title);
    m_header->setAccessibleDescription(tr("Shows or hides the parameters of this group"));
}

QString CollapsibleSection::title() const
{
    return m_header->text();
}

void CollapsibleSection::setExpanded(bool expanded)
{
    m_header->setChecked(expanded);
}

void CollapsibleSection::setForcedOpen(bool forced)
{
    m_forced = forced;
    updateBody();
}

void CollapsibleSection::updateBody()
{
    const bool open = m_expanded || m_forced;
    m_header->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
    m_body->setVisible(open);
}

} // namespace costlab
