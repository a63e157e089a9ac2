// A titled section whose body folds away (parameter panel groups).
#pragma once

#include <QWidget>

class QToolButton;
class QVBoxLayout;

namespace costlab {

class CollapsibleSection : public QWidget {
    Q_OBJECT
public:
    /// `level` 0 = phase / top-level section (bold), 1 = group inside it.
    explicit CollapsibleSection(const QString& title, int level, QWidget* parent = nullptr);

    QWidget* body() const { return m_body; }
    void setTitle(const QString& title);
    QString title() const;
    bool isExpanded() const { return m_expanded; }
    void setExpanded(bool expanded);
    /// While a search filter is active the body shows regardless of the user's choice.
    void setForcedOpen(bool forced);
    QToolButton* header() const { return m_header; }

signals:
    void expandedChanged(bool expanded);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void updateBody();
    /// The title elided to the header's width (a long phase name must not widen the panel
    /// past a 1280×720 screen); the full title stays in the tooltip and accessible name.
    void fitTitle();

    QToolButton* m_header;
    QWidget* m_body;
    QString m_title;
    bool m_expanded = true;
    bool m_forced = false;
};

} // namespace costlab
