// LessonView, second half: what one step shows — options, controls, chart, the figures and
// formula with live numbers, the result beside the prediction, and the ledger.
#include "lessonview.h"

#include "lessonbar.h"

#include "charttable.h"

#include "document.h"
#include "headlinestrip.h"
#include "lessonjson.h"
#include "montecarlo.h"
#include "parameditor.h"
#include "paramtext.h"
#include "plaintext.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSaveFile>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace costlab {

namespace {
constexpr double kFailureOomProbability = 0.5;

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}
} // namespace

double LessonView::numberDisplayFactor() const
{
    if (!m_ctl->isRunning())
        return 1;
    const std::optional<FigureUnit> u = measureUnit(m_ctl->step().question.measure);
    return u == FigureUnit::Share ? 100.0 : 1.0;
}

QString LessonView::factorText(double factor) const
{
    return QStringLiteral("×%1").arg(formatNumber(factor, 3));
}

QString LessonView::measureText(const std::string& measure, double value) const
{
    return formatFigure(measureUnit(measure).value_or(FigureUnit::Count), value,
                        m_doc->scenario().currency);
}

QString LessonView::optionText(int index) const
{
    return optionText(m_ctl->step().question, index);
}

QString LessonView::optionText(const LessonQuestion& q, int index) const
{
    if (index < 0 || index >= int(q.options.size()))
        return {};
    const LessonOption& o = q.options[std::size_t(index)];
    if (!o.label.empty())
        return qs(o.label.in(chinese()));
    return q.kind == QuestionKind::Ratio ? factorText(o.factor) : QString::number(index + 1);
}

QString LessonView::predictionText() const
{
    if (!hasPrediction())
        return {};
    const LessonQuestion& q = m_ctl->step().question;
    return q.kind == QuestionKind::Number ? measureText(q.measure, m_ctl->number())
                                          : optionText(m_ctl->choice());
}

std::optional<std::string> LessonView::placeholder(std::string_view key) const
{
    const LessonQuestion& q = m_ctl->step().question;
    if (key == "actual" && m_ctl->answer().ok) {
        // The engine's answer as shown: a factor, a value, or the right option with its value.
        const QString shown =
            q.kind == QuestionKind::Ratio ? factorText(m_ctl->answer().actual)
            : q.kind == QuestionKind::Number
                ? measureText(q.measure, m_ctl->answer().actual)
                : QStringLiteral("%1 (%2)").arg(optionText(m_ctl->answer().correct),
                                                measureText(q.measure, m_ctl->answer().actual));
        return shown.toStdString();
    }
    if (key == "prediction")
        return predictionText().toStdString();
    if (key.starts_with("param:")) {
        const std::string id(key.substr(6));
        const std::optional<ParamRef> ref = findParam(m_doc->scenario(), id);
        if (!ref)
            return std::nullopt;
        const ParamDef& d = *ref->def;
        if (d.type == ParamType::Choice) {
            const int i = int(getValue(m_doc->scenario(), *ref));
            return i >= 0 && i < int(d.choices.size())
                       ? choiceLabel(d.choices[std::size_t(i)]).toStdString()
                       : std::string();
        }
        if (d.type == ParamType::AcceleratorRef || d.type == ParamType::InstanceRef)
            return getString(m_doc->scenario(), *ref);
        const double v = getValue(m_doc->scenario(), *ref) * d.display_factor;
        return (formatNumber(v, 4) + QLatin1Char(' ') + displayUnit(d, m_doc->scenario().currency))
            .trimmed()
            .toStdString();
    }
    const Estimate& e = m_model->estimate();
    if (const std::optional<double> v = measureValue(key, e))
        return measureText(std::string(key), *v).toStdString();
    return std::nullopt;
}

QString LessonView::filled(const LessonText& text) const
{
    return qs(fillPlaceholders(text.in(chinese()),
                               [this](std::string_view k) { return placeholder(k); }));
}

void LessonView::buildOptions()
{
    for (QAbstractButton* b : m_optionGroup->buttons()) {
        m_optionGroup->removeButton(b);
        delete b;
    }
    const LessonQuestion& q = m_ctl->step().question;
    const bool number = q.kind == QuestionKind::Number;
    m_optionsBox->setVisible(!number);
    m_numberBox->setVisible(number);
    if (number) {
        const double f = numberDisplayFactor();
        const QSignalBlocker block(m_numberSpin);
        m_numberSpin->setRange(q.min * f, q.max * f);
        m_numberSpin->setValue(q.min * f);
        m_numberSpin->setEnabled(true);
        m_numberUnit->setText(figureUnitText(measureUnit(q.measure).value_or(FigureUnit::Count),
                                             m_doc->scenario().currency));
        return;
    }
    for (int i = 0; i < int(q.options.size()); ++i) {
        auto* b =
            new QRadioButton(QStringLiteral("&%1  %2").arg(i + 1).arg(optionText(i)), m_optionsBox);
        b->setFocusPolicy(Qt::NoFocus);
        m_optionGroup->addButton(b, i);
        m_optionsLayout->addWidget(b);
    }
}

void LessonView::buildControls()
{
    m_controls.clear();
    // ParamEditor's widgets are children of the box; the editors are not.
    while (QLayoutItem* item = m_controlsGrid->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const LessonStep& step = m_ctl->step();
    int row = 0;
    for (const std::string& id : step.controls) {
        const std::optional<ParamRef> ref = findParam(m_doc->scenario(), id);
        if (!ref)
            continue;
        m_controls.push_back(std::make_unique<ParamEditor>(m_doc, m_catalog, *ref, qs(id),
                                                           m_controlsGrid, row++, m_controlsBox));
    }
    // A choice box as wide as its longest choice made the column wider than its scroll area
    // at 200 % type (issue 49); here it takes the column's width and shows the rest in its
    // popup.
    for (QComboBox* combo : m_controlsBox->findChildren<QComboBox*>()) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(8);
    }
    m_controlsBox->setEnabled(!m_ctl->controlsLocked());
    fitQuestionColumn();
    m_controlsTitle->setVisible(row > 0);
    m_controlsTitle->setText(m_ctl->controlsLocked() ? tr("Controls (locked until the prediction)")
                                                     : tr("Controls"));
}

void LessonView::buildChart()
{
    delete m_chart;
    // The step's chart from the chart table, by the id its lesson file names.
    const ChartInfo* info = chartInfo(lessonChartId(m_ctl->step().chart));
    m_chart = (info ? info : &chartTable().front())->make(m_chartHolder);
    m_chart->setMinimumHeight(260);
    m_chartLayout->addWidget(m_chart);
    refreshFigures();
}

void LessonView::refreshStep()
{
    const LessonStep& step = m_ctl->step();
    const bool zh = chinese();
    m_bar->setLessonTitle(qs(m_ctl->lesson().title.in(zh)));
    m_stepTitle->setText(qs(step.title.in(zh)));
    m_question->setText(qs(step.question.text.in(zh)));
    buildOptions();
    buildControls();
    buildChart();
    m_formulaButton->setVisible(!step.formula.empty());
    refreshResult();
    refreshTimer();
}

void LessonView::refreshFigures()
{
    if (!m_ctl->isRunning() || !m_chart)
        return;
    const Scenario& s = m_doc->scenario();
    const Estimate& e = m_model->estimate();
    m_headline->setEstimate(s, e);
    m_chart->showEstimate(s, e);
    refreshUncertainty();
    for (const auto& c : m_controls)
        c->refresh();
    const LessonStep& step = m_ctl->step();
    m_formula->setText(filled(step.formula));
    // The reversible failure state: a plan that does not fit says so in red, and how to undo.
    const bool oom = e.ok && e.oom.probability >= kFailureOomProbability;
    m_banner->setVisible(oom || !e.ok || !m_ctl->answer().error.empty());
    if (!m_ctl->answer().error.empty())
        m_banner->setText(tr("This step cannot be shown: %1").arg(qs(m_ctl->answer().error)));
    else if (!e.ok)
        m_banner->setText(tr("This plan is not priced. Press R to reset the step."));
    else if (oom)
        m_banner->setText(tr("Out of memory: the plan does not fit on the GPUs (P(OOM) %1). Undo "
                             "the last change (Ctrl+Z) or reset the step (R).")
                              .arg(formatPercent(e.oom.probability)));
}

/// The model's Monte Carlo, when it arrives: the headline's P50 · P90 and the distribution
/// chart of a step that shows it.
void LessonView::refreshUncertainty()
{
    if (!m_ctl->isRunning() || !m_chart)
        return;
    const MonteCarloResult& r = m_model->uncertainty();
    if (r.runs == 0 && r.error.empty())
        return; // on its way: keep the last range until the new one arrives
    m_headline->setUncertainty(r);
    m_chart->showUncertainty(m_doc->scenario(), r);
}

void LessonView::refreshResult()
{
    const LessonQuestion& q = m_ctl->step().question;
    m_lockIn->setEnabled(!m_ctl->isRevealed());
    m_lockIn->setText(hasPrediction() ? tr("Lock in and reveal (Page Down)")
                                      : tr("Give a prediction to reveal"));
    m_bar->setStep(m_ctl->stepIndex(), stepCount(), m_ctl->isRevealed());
    m_numberSpin->setEnabled(!m_ctl->isRevealed());
    for (QAbstractButton* b : m_optionGroup->buttons())
        b->setEnabled(!m_ctl->isRevealed());
    if (!m_ctl->isRevealed()) {
        m_hint->setText(
            hasPrediction()
                ? tr("Prediction: %1. Page Down reveals the engine's answer.").arg(predictionText())
                : tr("Predict first: the controls unlock after the reveal."));
        m_result->clear();
        m_revealLabel->clear();
        return;
    }
    m_hint->clear();
    const double p = q.kind == QuestionKind::Number ? m_ctl->number() : double(m_ctl->choice());
    const QString actual = qs(placeholder("actual").value_or(std::string()));
    if (m_ctl->revealedWithoutPrediction()) {
        // Marked, in neither colour: the room did not commit to an answer.
        m_result->setText(tr("⊘ Revealed without a prediction. Actual: %1.").arg(actual));
        m_result->setStyleSheet(QString());
    } else {
        const bool right = predictionRight(q, m_ctl->answer(), p);
        m_result->setText(
            (right ? tr("You said %1. Actual: %2. Right!") : tr("You said %1. Actual: %2."))
                .arg(predictionText(), actual));
        m_result->setStyleSheet(right ? QStringLiteral("QLabel { color: #1b5e20; }")
                                      : QStringLiteral("QLabel { color: #8a4b00; }"));
    }
    QString text = filled(m_ctl->step().reveal);
    if (q.kind == QuestionKind::Which) {
        QStringList rows;
        for (int i = 0; i < int(m_ctl->answer().option_values.size()); ++i)
            rows << QStringLiteral("%1  %2: %3")
                        .arg(i == m_ctl->answer().correct ? QStringLiteral("★")
                                                          : QStringLiteral("·"),
                             optionText(i),
                             measureText(q.measure, m_ctl->answer().option_values[std::size_t(i)]));
        text += QStringLiteral("\n\n") + rows.join(QLatin1Char('\n'));
    }
    m_revealLabel->setText(text);
}

QString LessonView::revealText() const
{
    return m_result->text() + QLatin1Char('\n') + m_revealLabel->text();
}

void LessonView::refreshTimer()
{
    if (m_ctl->isRunning())
        m_bar->setElapsed(m_ctl->elapsedSeconds(), m_ctl->lesson().minutes);
}

std::vector<LedgerEntry> LessonView::ledger() const
{
    std::vector<LedgerEntry> rows = m_ctl->ledger();
    const Lesson& lesson = m_ctl->lesson();
    for (LedgerEntry& e : rows) {
        const std::size_t i = std::size_t(e.step_number - 1);
        if (i >= lesson.steps.size())
            continue;
        const LessonStep& st = lesson.steps[i];
        const LessonQuestion& q = st.question;
        e.step = st.title.in(chinese());
        e.prediction = !e.predicted ? tr("(none)").toStdString()
                       : q.kind == QuestionKind::Number
                           ? measureText(q.measure, e.number).toStdString()
                           : optionText(q, e.choice).toStdString();
        const QString actual =
            q.kind == QuestionKind::Ratio ? factorText(e.actual)
            : q.kind == QuestionKind::Number
                ? measureText(q.measure, e.actual)
                : QStringLiteral("%1 (%2)").arg(optionText(q, e.correct),
                                                measureText(q.measure, e.actual));
        e.shown_actual = actual.toStdString();
    }
    return rows;
}

void LessonView::showLedger()
{
    QDialog dlg(this);
    dlg.setWindowTitle(tr("Ledger: predictions and revealed values"));
    auto* v = new QVBoxLayout(&dlg);
    const std::vector<LedgerEntry> rows = ledger();
    auto* table = new QTableWidget(int(rows.size()), 4, &dlg);
    table->setHorizontalHeaderLabels({tr("Step"), tr("Prediction"), tr("Actual"), tr("Right")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < int(rows.size()); ++r) {
        const LedgerEntry& e = rows[std::size_t(r)];
        const QStringList cells{QStringLiteral("%1. %2").arg(e.step_number).arg(qs(e.step)),
                                qs(e.prediction), qs(e.shown_actual),
                                !e.predicted ? tr("no prediction")
                                : e.right    ? tr("yes")
                                             : tr("no")};
        for (int c = 0; c < cells.size(); ++c)
            table->setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    v->addWidget(table);
    auto* box = new QDialogButtonBox(QDialogButtonBox::Close, &dlg);
    QPushButton* exportButton = box->addButton(tr("Export CSV…"), QDialogButtonBox::ActionRole);
    connect(exportButton, &QPushButton::clicked, &dlg, [this, &dlg] {
        const QString path = QFileDialog::getSaveFileName(
            &dlg, tr("Export ledger"), qs(m_ctl->lesson().id) + QStringLiteral("-ledger.csv"),
            tr("CSV files (*.csv)"));
        QString err;
        if (!path.isEmpty() && !exportLedger(path, &err))
            warnPlain(&dlg, tr("Export ledger"), err);
    });
    connect(box, &QDialogButtonBox::rejected, &dlg, &QDialog::reject);
    v->addWidget(box);
    dlg.resize(720, 420);
    dlg.exec();
}

} // namespace costlab
