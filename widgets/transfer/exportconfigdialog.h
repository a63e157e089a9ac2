// File → Export Launch Settings…: a pre-training phase as Megatron-LM arguments or an RL phase
// as a veRL config fragment (model/io/launchexport.h), with Costlab's predicted step time,
// memory and cost in the comment header; copy to the clipboard or save to a file. Issue 18.
#pragma once

#include "estimate.h"
#include "scenario.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace costlab {

class ExportConfigDialog : public QDialog {
    Q_OBJECT
public:
    /// `plan` and `estimate` (evaluate(plan)) must outlive the dialog; `version` is written in
    /// the header. With no pre-training or RL phase the dialog says so and offers nothing.
    ExportConfigDialog(const Scenario& plan, const Estimate& estimate, QString version,
                       QWidget* parent = nullptr);

    /// The text shown for the chosen phase ("" when none can be exported).
    QString text() const;
    /// Chooses the `index`-th exportable phase (as listed); for tests.
    void choose(int index);
    /// Chooses plan phase `phase` (index into the plan's phases) when it can be exported.
    void choosePhase(int phase);
    /// Writes the text to `path` atomically; "" or the error message (path and reason).
    QString saveTo(const QString& path) const;

private:
    void refresh();
    void copy();
    void save();

    const Scenario& m_plan;
    const Estimate& m_estimate;
    QString m_version;
    QComboBox* m_phase = nullptr;
    QLabel* m_about = nullptr;
    QPlainTextEdit* m_text = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_save = nullptr;
};

} // namespace costlab
