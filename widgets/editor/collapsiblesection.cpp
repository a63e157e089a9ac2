#include "collapsiblesection.h"

#include "plaintext.h"

#include <QEvent>
#include <QStyle>
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
    // Its width comes from the panel, not from the title (fitTitle elides).
    m_header->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_header->setMinimumWidth(m_header->fontMetrics().averageCharWidth() * 12);
    m_header->installEventFilter(this);
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
    m_title = title;
    fitTitle();
    m_header->setAccessibleName(title);
    m_header->setAccessibleDescription(tr("Shows or hides the parameters of this group"));
}

QString CollapsibleSection::title() const
{
    return m_title;
}

void CollapsibleSection::fitTitle()
{
    // Room for the arrow and the button's margins beside the text.
    const int arrow = m_header->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, m_header);
    const int room = std::max(0, m_header->width() - arrow - 16);
    const QString shown = m_header->fontMetrics().elidedText(m_title, Qt::ElideRight, room);
    if (m_header->text() != shown)
        m_header->setText(shown);
    m_header->setToolTip(shown == m_title ? QString() : plainToolTip(m_title));
}

bool CollapsibleSection::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_header &&
        (event->type() == QEvent::Resize || event->type() == QEvent::FontChange))
        fitTitle();
    return QWidget::eventFilter(watched, event);
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
