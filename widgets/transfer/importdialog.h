// File → Import Model Config…: shows what a Hugging Face config.json import would set (the
// shape, parameter by parameter), what happened to every key of the file, and which phases
// receive it; OK applies it as one undo step (Document::apply). Issue 18.
#pragma once

#include "document.h"
#include "import.h"

#include <QDialog>
#include <QList>

#include <optional>

class QCheckBox;
class QLabel;
class QTableWidget;

namespace costlab {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    ImportDialog(const QString& path, ConfigImport import, const Scenario& plan,
                 QWidget* parent = nullptr);

    /// Indices (into the plan's phases) of the phases the user chose.
    QList<int> chosenPhases() const;
    const ConfigImport& result() const { return m_import; }

    /// The Document::apply() changes that put `import` into `phases` of `plan`.
    static std::vector<ParamChange> changes(const Scenario& plan, const ConfigImport& import,
                                            const QList<int>& phases);

    /// Reads `path`, shows the errors (nothing applied) or this dialog, and applies the
    /// import to the chosen phases as one undo step. Returns true when something was applied.
    static bool run(QWidget* parent, Document& doc, const QString& path);

    /// Reads and recognises `path` on a worker thread behind a cancellable progress dialog
    /// (shown after 300 ms). nullopt with `error` set when the file cannot be read, with
    /// `error` empty when the user cancelled; otherwise the import (which may hold errors).
    static std::optional<ConfigImport> readOffThread(QWidget* parent, const QString& path,
                                                     QString* error);

private:
    void fillShape();
    void fillKeys();

    ConfigImport m_import;
    const Scenario& m_plan;
    QLabel* m_summary = nullptr;
    QTableWidget* m_shape = nullptr;
    QTableWidget* m_keys = nullptr;
    QList<QPair<int, QCheckBox*>> m_phaseBoxes;
};

} // namespace costlab
