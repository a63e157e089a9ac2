// The presenter's chrome (issue 43: cut out of LessonView): the bar above a running lesson
// with its title, step counter, timer and buttons. It keeps its own size when the room's
// type is zoomed, so it fits a 1280-pixel projector at 200 %. Buttons never take the
// keyboard focus: Page Down and R always drive the lesson.
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QToolButton;

namespace costlab {

class LessonBar : public QWidget {
    Q_OBJECT
public:
    explicit LessonBar(QWidget* parent = nullptr);

    void setLessonTitle(const QString& title);
    /// "Step 2 of 7"; Previous is enabled past the first step; Next reads Reveal, Next or
    /// Finish.
    void setStep(int index, int count, bool revealed);
    /// Elapsed seconds against the lesson's planned minutes.
    void setElapsed(qint64 seconds, double plannedMinutes);
    /// T: some rooms find a running clock distracting.
    void toggleTimer();
    void setProjectorChecked(bool on);
    /// The bar's type at `pointSize` (the base size, whatever the zoom).
    void setBaseFont(const QFont& font);

signals:
    void previousClicked();
    void resetClicked();
    void nextClicked();
    void zoomOutClicked();
    void zoomInClicked();
    void projectorToggled(bool on);
    void ledgerClicked();
    void leaveClicked();

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();

    QLabel* m_title = nullptr;
    QLabel* m_counter = nullptr;
    QLabel* m_timer = nullptr;
    QPushButton* m_prev = nullptr;
    QPushButton* m_reset = nullptr;
    QPushButton* m_next = nullptr;
    QToolButton* m_zoomOut = nullptr;
    QToolButton* m_zoomIn = nullptr;
    QToolButton* m_projector = nullptr;
    QPushButton* m_ledger = nullptr;
    QPushButton* m_leave = nullptr;
    bool m_revealed = false;
    bool m_last = false;
};

} // namespace costlab
