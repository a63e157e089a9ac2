#include "fitdialog.h"

#include "document.h"
#include "engine.h"
#include "paramtext.h"
#include "plaintext.h"
#include "targetchart.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>

namespace costlab {

namespace {

/// Larger files are not training curves (a million points is about 30 MB of CSV).
constexpr qint64 kMaxCurveFileBytes = 200LL * 1024 * 1024;

QString fitProblemMessage(FitProblem p, int needed, int have)
{
    switch (p) {
    case FitProblem::None:
        return {};
    case FitProblem::TooFewPoints:
        return FitDialog::tr("Too few points to fit: at least %1 are needed, the series has %2.")
            .arg(needed)
            .arg(have);
    case FitProblem::NotFinite:
        return FitDialog::tr("A point is not a positive, finite number (NaN, infinity, or a size, "
                             "amount or loss of 0 or less).");
    case FitProblem::NoTrend:
        return FitDialog::tr("The values do not fall (loss) or rise (score) with more training: "
                             "there is no trend to fit.");
    case FitProblem::ScoreOutOfRange:
        return FitDialog::tr("A score is outside 0–1: the curve fits a pass rate.");
    }
    return {};
}

QString band(double v, double lo, double hi)
{
    const QLocale loc;
    return FitDialog::tr("%1 (P10 %2, P90 %3)")
        .arg(plainNumber(v, loc, 4), plainNumber(lo, loc, 4), plainNumber(hi, loc, 4));
}

} // namespace

FitDialog::FitDialog(Document* doc, const Catalog* catalog, int phase, QWidget* parent)
    : QDialog(parent), m_doc(doc), m_catalog(catalog), m_phase(phase),
      m_loss(doc->scenario().phases.at(std::size_t(phase)).kind == PhaseKind::Pretrain),
      m_path(new QLineEdit), m_browse(new QPushButton(tr("&Choose…"))), m_series(new QComboBox),
      m_result(plainLabel(new QLabel)), m_preview(new TargetChart),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel))
{
    const Phase& p = doc->scenario().phases.at(std::size_t(phase));
    const QString phaseName = displayText(p.name);
    setWindowTitle(m_loss ? tr("Fit the loss law to your runs — %1").arg(phaseName)
                          : tr("Fit the RL curve to your runs — %1").arg(phaseName));
    auto* v = new QVBoxLayout(this);
    auto* intro = plainLabel(new QLabel(
        m_loss ? tr("A CSV of your small runs' loss: a Weights & Biases or TensorBoard export, "
                    "x,y (tokens or steps, loss) or params,tokens,loss with runs at several "
                    "sizes. The law L = E + A/N^α + B/D^β is fitted by variable projection "
                    "with a 200-resample bootstrap (docs/model-reference.md §11.3).")
               : tr("A CSV of your small runs' score: a Weights & Biases or TensorBoard export "
                    "or x,y (GPU-hours or iterations, pass rate 0–1). The curve R = R0 + (A − "
                    "R0)/(1 + (C_mid/C)^B) is fitted after the early noisy regime, as Khatri "
                    "et al. 2025 do (docs/model-reference.md §11.3).")));
    intro->setWordWrap(true);
    v->addWidget(intro);

    auto* form = new QFormLayout;
    auto* fileRow = new QHBoxLayout;
    m_path->setReadOnly(true);
    m_path->setPlaceholderText(tr("No file chosen"));
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(m_browse);
    form->addRow(tr("Runs (CSV):"), fileRow);
    form->addRow(tr("&Series:"), m_series);
    m_series->setToolTip(tr("The run and metric to fit (a W&B export holds one column per run)"));
    auto spin = [](double lo, double hi, double value, int decimals, const QString& suffix) {
        auto* s = new QDoubleSpinBox;
        s->setRange(lo, hi);
        s->setDecimals(decimals);
        s->setValue(value);
        s->setSuffix(suffix);
        s->setKeyboardTracking(false);
        return s;
    };
    if (m_loss) {
        // No default: a small run's size is rarely the plan's, and a fit recorded at the wrong
        // size would hide that the law is used outside its runs.
        m_params = spin(0, 1e7, 0, 3, tr(" M parameters"));
        m_params->setSpecialValueText(tr("enter the run's size"));
        m_params->setToolTip(tr("Model size of a single curve's run, in millions of parameters "
                                "(a params,tokens,loss file gives its own sizes)."));
        form->addRow(tr("&Model size of the run:"), m_params);
        m_tokensPerStep = spin(1, 1e12, 1, 0, tr(" tokens"));
        m_tokensPerStep->setToolTip(
            tr("When x counts optimizer steps: tokens per step (global batch × sequence "
               "length). 1 = x already counts tokens."));
        form->addRow(tr("&Tokens per x step:"), m_tokensPerStep);
        connect(m_params, &QDoubleSpinBox::valueChanged, this, &FitDialog::refit);
        connect(m_tokensPerStep, &QDoubleSpinBox::valueChanged, this, &FitDialog::refit);
    } else {
        m_unit = new QComboBox;
        m_unit->addItem(tr("GPU-hours"), int(RlComputeUnit::GpuHours));
        m_unit->addItem(tr("RL iterations (policy steps)"), int(RlComputeUnit::Iterations));
        form->addRow(tr("x &counts:"), m_unit);
        m_stepGpuHours = spin(0, 1e7, 0, 2, tr(" GPU-hours"));
        m_stepGpuHours->setSpecialValueText(tr("this phase's own"));
        m_stepGpuHours->setToolTip(
            tr("GPU-hours one policy step took in your runs: the curve's GPU-hours over it are "
               "the iterations a target needs. 0 = your runs were small versions of this "
               "plan, so its own GPU-hours per iteration are used."));
        form->addRow(tr("GPU-hours per &step of the runs:"), m_stepGpuHours);
        m_excludeBelow = spin(0, 1e12, 0, 1, QString());
        m_excludeBelow->setToolTip(tr("Points at or below this x are the early noisy regime and "
                                      "are left out (Khatri et al. fit after ~1,500 "
                                      "GPU-hours). 0 = fit every point."));
        form->addRow(tr("Leave out x at or &below:"), m_excludeBelow);
        connect(m_unit, &QComboBox::currentIndexChanged, this, [this] {
            m_stepGpuHours->setEnabled(m_unit->currentData().toInt() ==
                                       int(RlComputeUnit::GpuHours));
            refit();
        });
        connect(m_stepGpuHours, &QDoubleSpinBox::valueChanged, this, &FitDialog::showPreview);
        connect(m_excludeBelow, &QDoubleSpinBox::valueChanged, this, &FitDialog::refit);
    }
    v->addLayout(form);
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(m_result);
    m_preview->setMinimumSize(480, 300);
    v->addWidget(m_preview, 1);
    auto* use = m_buttons->addButton(tr("&Use in plan"), QDialogButtonBox::AcceptRole);
    use->setEnabled(false);
    v->addWidget(m_buttons);
    connect(m_browse, &QPushButton::clicked, this, &FitDialog::chooseFile);
    connect(m_series, &QComboBox::currentIndexChanged, this, &FitDialog::refit);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (applyFit())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_status = tr("Choose a CSV file of your runs.");
    m_result->setText(m_status);
    showPreview();
}

void FitDialog::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Runs to fit"), QString(), tr("CSV exports (*.csv *.txt);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

bool FitDialog::openFile(const QString& path)
{
    QFile f(path);
    QString error;
    if (!f.open(QIODevice::ReadOnly))
        error = tr("Cannot read %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
    else if (f.size() > kMaxCurveFileBytes)
        error = tr("%1 is larger than 200 MB: not a training-curve export.")
                    .arg(QDir::toNativeSeparators(path));
    CurveFile file;
    if (error.isEmpty()) {
        const QByteArray bytes = f.readAll();
        file = readCurveCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!file.error.empty())
            error = tr("%1 was not read: %2")
                        .arg(QFileInfo(path).fileName(), translatedMessage(file.problem));
    }
    if (!error.isEmpty()) {
        // Nothing of an earlier file stays usable under the error.
        m_file = CurveFile{};
        m_fileName.clear();
        m_path->clear();
        fillSeries();
        refit();
        m_status = error;
        m_result->setText(error);
        return false;
    }
    m_file = std::move(file);
    m_fileName = QFileInfo(path).fileName();
    m_path->setText(QDir::toNativeSeparators(path));
    fillSeries();
    refit();
    return true;
}

void FitDialog::fillSeries()
{
    const QSignalBlocker block(m_series);
    m_series->clear();
    if (m_file.format == CurveFormat::PlainSized) {
        m_series->addItem(tr("All runs (%n model sizes)", nullptr, int(m_file.series.size())), -1);
    } else {
        for (std::size_t i = 0; i < m_file.series.size(); ++i) {
            const std::string& n = m_file.series[i].name;
            m_series->addItem(n.empty() ? tr("Column 2") : displayText(n), int(i));
        }
    }
    if (m_params)
        m_params->setEnabled(m_file.format != CurveFormat::PlainSized);
}

void FitDialog::refit()
{
    m_lossFit.reset();
    m_curveFit.reset();
    m_x.clear();
    m_y.clear();
    m_name.clear();
    if (m_file.series.empty()) {
        showPreview();
        return;
    }
    QGuiApplication::setOverrideCursor(Qt::WaitCursor); // a 1,000-point bootstrap: ~1 s
    const int chosen = m_series->currentData().toInt();
    m_name = displayText(chosen < 0 ? m_fileName
                                    : tr("%1, %2").arg(m_fileName, m_series->currentText()));
    QString summary;
    if (m_loss) {
        std::vector<LossPoint> pts;
        const double perStep = m_tokensPerStep->value();
        if (m_file.format != CurveFormat::PlainSized && !(m_params->value() > 0)) {
            QGuiApplication::restoreOverrideCursor();
            m_status = tr("Enter the model size of the run to fit its curve.");
            m_result->setText(m_status);
            m_name.clear();
            showPreview();
            return;
        }
        for (std::size_t si = 0; si < m_file.series.size(); ++si) {
            if (chosen >= 0 && int(si) != chosen)
                continue;
            const CurveSeries& s = m_file.series[si];
            const double n = s.params > 0 ? s.params : m_params->value() * 1e6;
            for (std::size_t i = 0; i < s.x.size(); ++i)
                if (s.x[i] > 0) {
                    pts.push_back({n, s.x[i] * perStep, s.y[i]});
                    m_x << s.x[i] * perStep;
                    m_y << s.y[i];
                }
        }
        if (m_file.format != CurveFormat::PlainSized)
            m_name = tr("%1 (%2 parameters)").arg(m_name, formatCount(m_params->value() * 1e6));
        LossLawFit fit = fitLossLaw(pts);
        if (fit.problem != FitProblem::None) {
            summary = fitProblemMessage(fit.problem, fit.needed, int(pts.size()));
        } else {
            const LossLaw& l = fit.law;
            summary = tr("Fitted to %n points", nullptr, fit.quality.points);
            if (fit.single_size)
                summary += tr(" at one model size (%1 parameters): E includes A/N^α, so the "
                              "law sizes only models of that size")
                               .arg(formatCount(fit.params_fitted));
            summary += QStringLiteral("\n") +
                       tr("E %1 · A %2 · B %3 · α %4 · β %5")
                           .arg(band(l.E, fit.low.E, fit.high.E), band(l.A, fit.low.A, fit.high.A),
                                band(l.B, fit.low.B, fit.high.B),
                                band(l.alpha, fit.low.alpha, fit.high.alpha),
                                band(l.beta, fit.low.beta, fit.high.beta)) +
                       QStringLiteral("\n") +
                       tr("rmse %1 nats, largest residual %2 nats")
                           .arg(plainNumber(fit.quality.rmse, QLocale(), 3),
                                plainNumber(fit.quality.max_residual, QLocale(), 3));
            m_lossFit = std::move(fit);
        }
    } else {
        if (m_file.format == CurveFormat::PlainSized) {
            QGuiApplication::restoreOverrideCursor();
            m_status = tr("A score curve needs x,y columns (compute, pass rate) or a W&B or "
                          "TensorBoard export, not params,tokens,loss.");
            m_result->setText(m_status);
            m_name.clear();
            showPreview();
            return;
        }
        std::vector<ScorePoint> pts;
        const CurveSeries& s = m_file.series[std::size_t(std::max(0, chosen))];
        for (std::size_t i = 0; i < s.x.size(); ++i) {
            pts.push_back({s.x[i], s.y[i]});
            m_x << s.x[i];
            m_y << s.y[i];
        }
        FitOptions o;
        o.exclude_below = m_excludeBelow->value();
        RlCurveFit fit = fitRlCurve(pts, o);
        if (fit.problem != FitProblem::None) {
            summary =
                fitProblemMessage(fit.problem, fit.needed, int(pts.size()) - fit.quality.excluded);
        } else {
            const RlCurve& c = fit.curve;
            summary = tr("Fitted to %n points", nullptr, fit.quality.points) +
                      tr(" (%n in the early regime left out)", nullptr, fit.quality.excluded) +
                      QStringLiteral("\n") +
                      tr("A %1 · B %2 · C_mid %3 · R0 %4")
                          .arg(band(c.A, fit.low.A, fit.high.A), band(c.B, fit.low.B, fit.high.B),
                               band(c.C_mid, fit.low.C_mid, fit.high.C_mid),
                               band(c.R0, fit.low.R0, fit.high.R0)) +
                      QStringLiteral("\n") +
                      tr("rmse %1").arg(plainNumber(fit.quality.rmse, QLocale(), 3));
            m_curveFit = std::move(fit);
        }
    }
    QGuiApplication::restoreOverrideCursor();
    m_status = summary;
    m_result->setText(summary);
    showPreview();
}

std::vector<ParamChange> FitDialog::changes() const
{
    if (m_lossFit)
        return lossLawChanges(*m_lossFit);
    if (m_curveFit)
        return rlCurveChanges(*m_curveFit, RlComputeUnit(m_unit->currentData().toInt()),
                              m_stepGpuHours->value());
    return {};
}

QString FitDialog::statusText() const
{
    return m_status;
}

void FitDialog::showPreview()
{
    const std::vector<ParamChange> c = changes();
    for (QAbstractButton* b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(!c.empty());
    Scenario s = m_doc->scenario();
    if (!c.empty()) {
        const std::vector<ParamChange> full = phaseChanges(s, m_phase, c);
        if (!applyChanges(s, full))
            s = m_doc->scenario();
    }
    const Estimate e = evaluate(s, *m_catalog);
    m_preview->showPhase(m_phase);
    m_preview->setRuns(m_phase, m_x, m_y, m_name);
    m_preview->setEstimate(s, e);
}

bool FitDialog::applyFit()
{
    const std::vector<ParamChange> c = changes();
    if (c.empty())
        return false;
    QString error;
    const bool ok =
        m_doc->apply(phaseChanges(m_doc->scenario(), m_phase, c), tr("Fit to my runs"), &error);
    if (!ok) {
        m_status = error;
        m_result->setText(error);
    }
    return ok;
}

} // namespace costlab
