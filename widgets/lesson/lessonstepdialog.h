// Tools → New Lesson Step from Plan… (issue 16): a teacher writes a lesson without editing
// JSON. The step captures the open plan whole and, as its controls, the parameter rows the
// panel's filter shows (PhET: show only the controls the step is about); the teacher writes
// the question and the reveal and picks what is measured. On save the engine answers the
// question, the step records that answer as the one its wording was written for, and the
// step is added to a lesson file (a new one, or appended to an existing lesson).
#pragma once

#include "lesson.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QStackedWidget;

namespace costlab {

struct Catalog;
class Document;

class LessonStepDialog : public QDialog {
    Q_OBJECT
public:
    /// `controls`: the parameter ids the step shows (the panel's visible rows), at most
    /// kMaxLessonControls are kept.
    LessonStepDialog(const Document* doc, const Catalog* catalog, QStringList controls,
                     QWidget* parent = nullptr);

    /// The step as the fields describe it, with the engine's answer recorded as `expect`;
    /// nullopt with `error` when the question cannot be answered on the plan.
    std::optional<LessonStep> step(QString* error = nullptr) const;
    /// Adds the step to the lesson file `path` (created when it does not exist, with the
    /// lesson title of the fields). False with `error`; the file is then unchanged.
    bool saveTo(const QString& path, QString* error = nullptr) const;

    // Fields, for tests and scripted use.
    QLineEdit* fileEdit() const { return m_file; }
    QLineEdit* lessonTitleEdit() const { return m_lessonTitle; }
    QLineEdit* titleEdit() const { return m_title; }
    QComboBox* kindCombo() const { return m_kind; }
    QComboBox* measureCombo() const { return m_measure; }
    QPlainTextEdit* questionEdit() const { return m_question; }
    QPlainTextEdit* revealEdit() const { return m_reveal; }
    QComboBox* changeParamCombo() const { return m_changeParam; }
    QLineEdit* changeValueEdit() const { return m_changeValue; }
    QLineEdit* factorsEdit() const { return m_factors; }
    QDoubleSpinBox* minSpin() const { return m_min; }
    QDoubleSpinBox* maxSpin() const { return m_max; }

private:
    /// The question the fields describe, answered by the engine on the open plan (`answer`)
    /// with that answer recorded as `expect`; nullopt with `error` when it cannot be answered.
    std::optional<LessonQuestion> question(QString* error, QuestionAnswer* answer = nullptr) const;
    void updateAnswer();
    void browse();
    void save();
    bool chinese() const;

    const Document* m_doc;
    const Catalog* m_catalog;
    QStringList m_controls;
    QLineEdit* m_file = nullptr;
    QLineEdit* m_lessonTitle = nullptr;
    QLineEdit* m_title = nullptr;
    QComboBox* m_kind = nullptr;
    QComboBox* m_measure = nullptr;
    QComboBox* m_chart = nullptr;
    QPlainTextEdit* m_question = nullptr;
    QPlainTextEdit* m_reveal = nullptr;
    QPlainTextEdit* m_formula = nullptr;
    QStackedWidget* m_kindPages = nullptr;
    QComboBox* m_changeParam = nullptr;
    QLineEdit* m_changeValue = nullptr;
    QLineEdit* m_factors = nullptr;
    QDoubleSpinBox* m_min = nullptr;
    QDoubleSpinBox* m_max = nullptr;
    QLabel* m_answer = nullptr;
};

} // namespace costlab
