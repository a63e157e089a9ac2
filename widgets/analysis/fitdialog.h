// "Fit to my runs…" (issue 46, items 3 and 6): read a CSV export of small runs (Weights &
// Biases, TensorBoard, or plain columns; model/io/curvecsv), fit the pre-training loss law or
// the RL compute–performance curve to it (model/analysis/fit), show the parameters with their
// bootstrap P10–P90 and the residuals, preview the plan's target with the fitted law over the
// measured points, and put the law into the phase as one undo step.
#pragma once

#include "curvecsv.h"
#include "fit.h"

#include <QDialog>
#include <QVector>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace costlab {

class Document;
class TargetChart;
struct Catalog;

class FitDialog : public QDialog {
    Q_OBJECT
public:
    /// Fits for phase `phase` (0-based) of the document's plan: a pre-training phase gets the
    /// loss law, an RL phase the compute–performance curve.
    FitDialog(Document* doc, const Catalog* catalog, int phase, QWidget* parent = nullptr);

    /// Reads `path` as if chosen in the file dialog (tests, drag and drop). False and the
    /// reason shown when it cannot be read.
    bool openFile(const QString& path);

    /// The phase-relative changes the current fit would apply; empty when there is no fit.
    std::vector<ParamChange> changes() const;
    /// Status line: the fit's summary, or why there is none (plain text).
    QString statusText() const;
    /// The measured points as drawn (x tokens or compute, y loss or score) and their label.
    const QVector<double>& pointsX() const { return m_x; }
    const QVector<double>& pointsY() const { return m_y; }
    QString pointsName() const { return m_name; }

    /// Applies changes() to the document as one undo step; false (and says why) when refused.
    bool applyFit();

    TargetChart* preview() const { return m_preview; }

private:
    void chooseFile();
    void fillSeries();
    void refit();
    void showPreview();

    Document* m_doc;
    const Catalog* m_catalog;
    int m_phase;
    bool m_loss;
    CurveFile m_file;
    QString m_fileName;
    std::optional<LossLawFit> m_lossFit;
    std::optional<RlCurveFit> m_curveFit;
    QVector<double> m_x, m_y;
    QString m_name;
    QString m_status;

    QLineEdit* m_path;
    QPushButton* m_browse;
    QComboBox* m_series;
    QDoubleSpinBox* m_params = nullptr;        ///< loss: model size of a single curve, millions
    QDoubleSpinBox* m_tokensPerStep = nullptr; ///< loss: x counts steps of this many tokens
    QComboBox* m_unit = nullptr;               ///< score: GPU-hours or iterations
    QDoubleSpinBox* m_stepGpuHours = nullptr;  ///< score: GPU-hours per step of the runs
    QDoubleSpinBox* m_excludeBelow = nullptr;  ///< score: early regime left out
    QLabel* m_result;
    TargetChart* m_preview;
    QDialogButtonBox* m_buttons;
};

} // namespace costlab
