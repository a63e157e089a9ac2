// Help → Workshops…: the shipped lessons with their duration, audience and summary, in the UI
// language; open one, or a lesson file. A lesson that does not load is listed with its first
// problem rather than hidden, so a teacher sees why.
#pragma once

#include "lesson.h"

#include <QDialog>
#include <QString>

#include <optional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;

namespace costlab {

class LessonsDialog : public QDialog {
    Q_OBJECT
public:
    /// Lists every file of `files` (default: the shipped lessons, lessonFiles()).
    explicit LessonsDialog(QWidget* parent = nullptr, QStringList files = {});

    /// The lesson chosen when the dialog was accepted.
    const std::optional<Lesson>& chosen() const { return m_chosen; }
    int lessonCount() const { return int(m_lessons.size()); }
    /// Selects row `index` and accepts (tests, keyboard).
    void openRow(int index);
    /// Lesson text of the UI language.
    static bool chineseUi();

private:
    void showDetails();
    void openFile();

    struct Entry {
        QString path;
        std::optional<Lesson> lesson;
        QString problem;
    };
    std::vector<Entry> m_lessons;
    std::optional<Lesson> m_chosen;
    QListWidget* m_list = nullptr;
    QLabel* m_details = nullptr;
    QPushButton* m_open = nullptr;
};

/// Reads a lesson file; nullopt with every problem as "pointer: message" lines.
std::optional<Lesson> readLessonFile(const QString& path, QString* problems);

/// Help → Glossary: the field's terms (MFU, GPU-hour, TP/PP/DP, ZeRO, KV cache, rollout,
/// GRPO, MTBF, Young/Daly, P50/P90) in the UI language, with a filter box.
class GlossaryDialog : public QDialog {
    Q_OBJECT
public:
    explicit GlossaryDialog(QWidget* parent = nullptr);
    int termCount() const;
    /// Shows the term whose name starts with `term` (the formula panel's links).
    void showTerm(const QString& term);

private:
    QListWidget* m_terms = nullptr;
    QLabel* m_text = nullptr;
};

} // namespace costlab
