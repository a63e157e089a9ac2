#include "lessonbar.h"

#include "paramtext.h"
#include "plaintext.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolButton>

namespace costlab {

LessonBar::LessonBar(QWidget* parent) : QWidget(parent)
{
    auto* h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);
    m_title = plainLabel(new QLabel(this));
    h->addWidget(m_title, 1);
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("stepCounter"));
    h->addWidget(m_counter);
    m_timer = new QLabel(this);
    m_timer->setObjectName(QStringLiteral("lessonTimer"));
    h->addWidget(m_timer);
    m_prev = new QPushButton(this);
    m_reset = new QPushButton(this);
    m_next = new QPushButton(this);
    m_zoomOut = new QToolButton(this);
    m_zoomIn = new QToolButton(this);
    m_projector = new QToolButton(this);
    m_projector->setCheckable(true);
    m_ledger = new QPushButton(this);
    m_leave = new QPushButton(this);
    for (QWidget* w : {static_cast<QWidget*>(m_prev), static_cast<QWidget*>(m_reset),
                       static_cast<QWidget*>(m_next), static_cast<QWidget*>(m_zoomOut),
                       static_cast<QWidget*>(m_zoomIn), static_cast<QWidget*>(m_projector),
                       static_cast<QWidget*>(m_ledger), static_cast<QWidget*>(m_leave)}) {
        w->setFocusPolicy(Qt::NoFocus);
        h->addWidget(w);
    }
    connect(m_prev, &QPushButton::clicked, this, &LessonBar::previousClicked);
    connect(m_reset, &QPushButton::clicked, this, &LessonBar::resetClicked);
    connect(m_next, &QPushButton::clicked, this, &LessonBar::nextClicked);
    connect(m_zoomOut, &QToolButton::clicked, this, &LessonBar::zoomOutClicked);
    connect(m_zoomIn, &QToolButton::clicked, this, &LessonBar::zoomInClicked);
    connect(m_projector, &QToolButton::toggled, this, &LessonBar::projectorToggled);
    connect(m_ledger, &QPushButton::clicked, this, &LessonBar::ledgerClicked);
    connect(m_leave, &QPushButton::clicked, this, &LessonBar::leaveClicked);
    retranslate();
}

void LessonBar::setLessonTitle(const QString& title)
{
    m_title->setText(title);
}

void LessonBar::setStep(int index, int count, bool revealed)
{
    m_revealed = revealed;
    m_last = index + 1 >= count;
    m_counter->setText(tr("Step %1 of %2").arg(index + 1).arg(count));
    m_prev->setEnabled(index > 0);
    m_next->setText(!m_revealed ? tr("Reveal ▶") : !m_last ? tr("Next ▶") : tr("Finish ▶"));
}

void LessonBar::setElapsed(qint64 s, double plannedMinutes)
{
    m_timer->setText(tr("%1:%2 of %3 min")
                         .arg(s / 60)
                         .arg(s % 60, 2, 10, QLatin1Char('0'))
                         .arg(formatNumber(plannedMinutes, 3)));
}

void LessonBar::toggleTimer()
{
    m_timer->setVisible(!m_timer->isVisible());
}

void LessonBar::setProjectorChecked(bool on)
{
    if (m_projector->isChecked() != on)
        m_projector->setChecked(on);
}

void LessonBar::setBaseFont(const QFont& font)
{
    setFont(font);
    QFont title = font;
    title.setBold(true);
    m_title->setFont(title);
}

void LessonBar::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void LessonBar::retranslate()
{
    m_prev->setText(tr("◀ Previous"));
    m_prev->setToolTip(tr("Previous step (Page Up)"));
    m_reset->setText(tr("Reset step"));
    m_reset->setToolTip(tr("Back to the step's starting plan and an open question (R)"));
    m_next->setToolTip(tr("Reveal, then the next step (Page Down)"));
    m_zoomOut->setText(tr("A−"));
    m_zoomOut->setToolTip(tr("Smaller type (Ctrl+−)"));
    m_zoomIn->setText(tr("A+"));
    m_zoomIn->setToolTip(tr("Larger type, 100–200 % (Ctrl+=)"));
    m_projector->setText(tr("Projector colours"));
    m_projector->setToolTip(tr("High-contrast black on white for projectors"));
    m_ledger->setText(tr("Ledger…"));
    m_ledger->setToolTip(tr("Every prediction and revealed value so far; export as CSV"));
    m_leave->setText(tr("Leave lesson"));
    m_leave->setToolTip(tr("Leave the lesson and put the plan back as it was (Esc)"));
}

} // namespace costlab
