// Help → Workshops…: the shipped lessons with their duration, audience and summary, in the UI
// language; open one, or a lesson file. A lesson that does not load is listed with its first
// problem rather than hidden, so a teacher sees why.
#pragma once

#include "lesson.h"

#include <QDialog>
#include <QString>

#include <functional>

#include <optional>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;

namespace costlab {

/// Where the library keeps lessons (the window wires it to the scenario library's store; the
/// editor layer does not know the store). Any member may be empty: no library.
struct LessonShelf {
    /// (id, title) of every lesson kept.
    std::function<std::vector<std::pair<QString, QString>>()> list;
    /// A kept lesson's file text; nullopt with `error`.
    std::function<std::optional<QString>(const QString& id, QString* error)> read;
    /// Keeps a lesson file's text (replacing one of the same id); false with `error`.
    std::function<bool(const QString& json, QString* error)> save;
    std::function<bool(const QString& id, QString* error)> remove;
    bool available() const { return list && read && save && remove; }
};

class LessonsDialog : public QDialog {
    Q_OBJECT
public:
    /// Lists every file of `files` (default: the shipped lessons, lessonFiles()), then the
    /// lessons kept on `shelf`.
    explicit LessonsDialog(QWidget* parent = nullptr, QStringList files = {},
                           LessonShelf shelf = {});

    /// The lesson chosen when the dialog was accepted.
    const std::optional<Lesson>& chosen() const { return m_chosen; }
    int lessonCount() const { return int(m_lessons.size()); }
    /// Selects row `index` and accepts (tests, keyboard).
    void openRow(int index);
    /// Lesson text of the UI language.
    static bool chineseUi();

    /// Adds the lesson file at `path` to the shelf and lists it; false with `error`.
    bool addToLibrary(const QString& path, QString* error = nullptr);

private:
    void showDetails();
    void openFile();
    void fill();
    void removeFromLibrary();

    struct Entry {
        QString path;      ///< a file, or empty for a library lesson
        QString libraryId; ///< the shelf's id, or empty for a file
        std::optional<Lesson> lesson;
        QString problem;
    };
    QStringList m_files;
    LessonShelf m_shelf;
    QPushButton* m_remove = nullptr;
    QLabel* m_total = nullptr;
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
