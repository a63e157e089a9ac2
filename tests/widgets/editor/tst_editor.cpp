// The editor as the user drives it: parameter panel rows → Document → estimate → charts.
#include "analysisworker.h"
#include "chartbase.h"
#include "collapsiblesection.h"
#include "costbreakdownchart.h"
#include "distributionchart.h"
#include "document.h"
#include "estimatemodel.h"
#include "estimateview.h"
#include "headlinestrip.h"
#include "languages.h"
#include "librarydock.h"
#include "memorychart.h"
#include "parameditor.h"
#include "parameterpanel.h"
#include "plaintext.h"
#include "registry.h"
#include "rlutilisationchart.h"
#include "spendchart.h"
#include "stepchart.h"
#include "tornadochart.h"
#include "tradeoffchart.h"
#include "widgettestutil.h"

#include "montecarlo.h"
#include "paramtext.h"
#include "sensitivity.h"
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QHash>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QWheelEvent>

#include <QTabWidget>
#include <QtTest>

using namespace costlab;

namespace {

/// Everything the charts show, flattened, to detect "the data in each chart changed".
struct ChartData {
    QVector<double> cost, tradeoff, memory, rl, spend;
    bool operator==(const ChartData&) const = default;
};

ChartData snapshot(const EstimateView& v)
{
    ChartData d;
    for (int b = 0; b < v.costChart()->barCount(); ++b)
        d.cost << v.costChart()->barTotal(b);
    d.tradeoff = v.tradeoffChart()->seriesValues(QStringLiteral("cost"));
    d.tradeoff << v.tradeoffChart()->markerX();
    for (int b = 0; b < v.memoryChart()->barCount(); ++b)
        d.memory << v.memoryChart()->totalAt(b);
    for (int r = 0; r < v.rlChart()->rowCount(); ++r)
        d.rl << v.rlChart()->busySeconds(r) << v.rlChart()->idleSeconds(r);
    d.spend = v.spendChart()->seriesValues(QStringLiteral("spend"));
    return d;
}

} // namespace

class TstEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void headlineFiguresSelectableWhenPressed();
    void examplePopulatesPanel_data();
    void examplePopulatesPanel();
    void sliderChangesEstimateAndCharts();
    void modelMessagesInTheReadersLanguage();
    void sliderNeverRunsAnalysesOnTheUiThread();
    void spinBoxesNeverShowAnExponent();
    void plainNumbersInEveryLocale();
    void oneNumberFormatPerLanguage();
    void undoRestoresCharts();
    void sliderDragIsOneUndoStep();
    void sliderDragDraftsCharts();
    void spinBoxAndSliderAgree();
    void choiceComboWrites();
    void wheelScrollsInsteadOfEditing();
    void siSuffixesAreApplied_data();
    void siSuffixesAreApplied();
    void ambiguousSuffixRefused();
    void bidiOverridesAreShownNotApplied();
    void zeroSaysWhatItStandsFor();
    void resetButtonRestoresDefault();
    void searchFiltersRows();
    void outsideValidatedMark();
    void inactiveParametersDisabled();
    void derivedCountFollowsTheShape();
    void fineControlOverManyDecades();
    void riskBadgesCarryAShape();
    void headlineWrapsOnANarrowWindow();
    void lowWindowShowsEveryChartWhole();
    void tabFromTheFilterShowsFocus();
    void headlineShowsTheMonteCarloRange();
    void focusNeverScrollsThePanelSideways();
    void tradeoffSweepParamAndWorker();
    void catalogChangeRepricesTheSweep();
    void accessibleNames();
    void languageSwitchChangesLabels();
    void layoutInTheWindow();

private:
    Catalog m_catalog;
};

void TstEditor::initTestCase()
{
    m_catalog = test::loadTestCatalog();
    setLanguage(QStringLiteral("en"));
}

void TstEditor::examplePopulatesPanel_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& f : test::exampleScenarios())
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TstEditor::examplePopulatesPanel()
{
    QFETCH(QString, path);
    Document doc;
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    QStringList errors;
    QVERIFY2(doc.load(path, &errors), qPrintable(errors.join(QLatin1Char('\n'))));

    const auto refs = boundParameters(doc.scenario());
    QVERIFY(refs.size() > 30);
    QCOMPARE(panel.editorCount(), int(refs.size()));
    // One top-level section per phase plus the scenario-wide groups.
    QVERIFY(panel.sectionTitles().size() > int(doc.scenario().phases.size()));
    for (const ParamRef& r : refs) {
        const QString id = QString::fromStdString(fullId(doc.scenario(), r));
        ParamEditor* ed = panel.editor(id);
        QVERIFY2(ed, qPrintable(id));
        if (ed->spinBox()) {
            const double shown = ed->spinBox()->value();
            const double expect = getValue(doc.scenario(), r) * r.def->display_factor;
            QVERIFY2(qAbs(shown - expect) <= 1e-9 * qMax(1.0, qAbs(expect)),
                     qPrintable(QStringLiteral("%1: %2 vs %3").arg(id).arg(shown).arg(expect)));
        }
        if (ed->comboBox())
            QVERIFY2(ed->comboBox()->currentIndex() >= 0, qPrintable(id));
    }
    QVERIFY(view.estimate().total > 0);
    QVERIFY(!view.headline()->totalText().isEmpty());
    QVERIFY(view.costChart()->barCount() >= 1);
}

// Issue 50: a slider move updates the headline and the charts fed by the estimate at once,
// and the Monte Carlo band and the tornado follow from their workers — never computed on the
// UI thread. Right after the move neither has a result yet (had either run in the move,
// it would); once the workers deliver, both are there, and no job ever ran on this thread.
void TstEditor::sliderNeverRunsAnalysesOnTheUiThread()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    view.waitForSweep();
    QCoreApplication::processEvents();
    QVERIFY(view.model()->uncertainty().runs > 0);
    const int before = AnalysisWorker::jobsRunOnUiThread();
    ParamEditor* ed = panel.editor(QStringLiteral("pretrain.tokens"));
    QVERIFY(ed && ed->slider());
    const double total = view.estimate().total;
    ed->slider()->setValue(ed->slider()->value() + 40);
    QVERIFY(view.estimate().total != total); // the estimate, at once
    QCOMPARE(view.headline()->totalText(), formatMoney(view.estimate().total, Currency::USD));
    QCOMPARE(view.model()->uncertainty().runs, 0); // the Monte Carlo: not yet
    view.waitForSweep();
    QCoreApplication::processEvents();
    QCOMPARE(view.model()->uncertainty().runs, EstimateModel::kMonteCarloRuns);
    QVERIFY(view.tornadoChart()->rowCount() > 0);
    QCOMPARE(AnalysisWorker::jobsRunOnUiThread(), before);
    QCOMPARE(before, 0);
}

// Issue 49: "8e+06 USD" in the budget box. Plain notation with up to six significant digits
// (the C locale here: no group separator in a field), read back to the same value.
void TstEditor::spinBoxesNeverShowAnExponent()
{
    ValueSpinBox box;
    box.setLocale(QLocale::c());
    box.setRange(0, 1e15);
    box.setDecimals(12);
    const std::pair<double, const char*> cases[] = {
        {8e6, "8000000"}, {2e4, "20000"},       {1.97e-5, "0.0000197"},
        {2.5, "2.5"},     {1234567, "1234567"}, {0.3, "0.3"},
        {0, "0"},         {15000, "15000"}};
    for (const auto& [value, text] : cases) {
        QCOMPARE(box.textFromValue(value), QString::fromLatin1(text));
        QCOMPARE(box.valueFromText(QString::fromLatin1(text)), value);
    }
}

// The same plain notation where the report, the tooltips and the comparison print a value
// (issue 49: "3.5E+06 USD" and "2E-05 per GPU-hour" in the report's assumptions), with the
// reader's group separator; hand-written expectations in English and Chinese locales.
/// Issue 49: one formatter per language for money, tokens, GPU-hours and durations, used by
/// the headline, the charts, the comparison and the lessons. Expected texts by hand: two to
/// three significant digits, English in K/M/B/T (10^3 steps), Chinese in 万 (10^4) and 亿
/// (10^8), the units in the reader's words (GPU 小时, 天; glossary.tsv).
void TstEditor::oneNumberFormatPerLanguage()
{
    // Money: 729,940 USD = 729.94 K → "$730 K"; = 72.994 万 → "$73 万".
    QVERIFY(setLanguage(QStringLiteral("en")));
    QCOMPARE(formatMoney(729940, Currency::USD), QStringLiteral("$730 K"));
    QCOMPARE(formatMoney(12.4e6, Currency::USD), QStringLiteral("$12.4 M"));
    // Tokens: 15 T; 32.09 B = 320.9 亿 → "321 亿" at three digits.
    QCOMPARE(formatCount(15e12), QStringLiteral("15 T"));
    QCOMPARE(formatCount(32.09e9), QStringLiteral("32.1 B"));
    QCOMPARE(formatFigure(FigureUnit::GpuHours, 448000, Currency::USD),
             QStringLiteral("448 K GPU-hours"));
    QCOMPARE(formatFigure(FigureUnit::Days, 47.3, Currency::USD), QStringLiteral("47.3 days"));

    QVERIFY(setLanguage(QStringLiteral("zh_CN")));
    QCOMPARE(formatMoney(729940, Currency::USD), QStringLiteral("$73 万"));
    QCOMPARE(formatMoney(12.4e6, Currency::CNY), QStringLiteral("¥1,240 万"));
    QCOMPARE(formatCount(15e12), QStringLiteral("150,000 亿"));
    QCOMPARE(formatCount(32.09e9), QStringLiteral("321 亿"));
    QCOMPARE(formatFigure(FigureUnit::GpuHours, 448000, Currency::USD),
             QStringLiteral("44.8 万 GPU 小时"));
    QCOMPARE(formatFigure(FigureUnit::Days, 47.3, Currency::USD), QStringLiteral("47.3 天"));
    QVERIFY(setLanguage(QStringLiteral("en")));
}

void TstEditor::plainNumbersInEveryLocale()
{
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const QLocale zh(QLocale::Chinese, QLocale::China);
    const std::tuple<double, int, const char*> cases[] = {
        {3.5e6, 6, "3,500,000"},    {2e-5, 6, "0.00002"},
        {1.97e-5, 3, "0.0000197"},  {0.75, 6, "0.75"},
        {1234.5678, 6, "1,234.57"}, {-42, 3, "-42"},
        {1e-13, 3, "1E-13"},        {0, 6, "0"}};
    for (const auto& [value, digits, text] : cases) {
        QCOMPARE(plainNumber(value, en, digits), QString::fromUtf8(text));
        // Chinese uses the same digits, separator and point as English (CLDR zh_CN).
        QCOMPARE(plainNumber(value, zh, digits), QString::fromUtf8(text));
    }
    QLocale de(QLocale::German, QLocale::Germany);
    QCOMPARE(plainNumber(3.5e6, de), QStringLiteral("3.500.000"));
    QCOMPARE(plainNumber(0.75, de), QStringLiteral("0,75"));
}

// Issue 49: "pretrain.gpus: expected a number …" appeared in English inside a Chinese
// dialog. The model's messages are a table (messages.h) rendered in the reader's language.
void TstEditor::modelMessagesInTheReadersLanguage()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    const QString gpus = QStringLiteral("pretrain.gpus");
    QString error;
    // English: the same words as costlab-cli and the files' messages (registry: an integer
    // count of GPUs in [1, 1,000,000]).
    QVERIFY(!doc.setString(gpus, QStringLiteral("lots"), &error));
    QCOMPARE(error, QStringLiteral("pretrain.gpus: expected a number (GPUs), got \"lots\""));
    QVERIFY(!doc.setValue(gpus, 0, &error));
    QCOMPARE(error, QStringLiteral("expected an integer (GPUs) in [1, 1000000], got 0 (below "
                                   "the minimum)"));
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.costlab.json"));
    {
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema_version": 1, "name": "x", "phases": [{"kind": "pretrain",
                   "gpus": "many", "gpuz": 3}]})");
    }
    QStringList errors;
    QVERIFY(!doc.load(bad, &errors));
    QVERIFY2(errors.contains(QStringLiteral("/phases/0/gpus: expected an integer (GPUs) in [1, "
                                            "1000000], got \"many\"")),
             qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY2(errors.contains(
                 QStringLiteral("/phases/0/gpuz: unknown field \"gpuz\"; did you mean \"gpus\"?")),
             qPrintable(errors.join(QLatin1Char('\n'))));

    // Chinese: the same messages with no English word left but the ids and values.
    QVERIFY(setLanguage(QStringLiteral("zh_CN")));
    const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    const QRegularExpression english(QStringLiteral("\\b(expected|got|unknown|field|mean|"
                                                    "minimum|integer|number)\\b"));
    auto chinese = [&](const QString& text) {
        return text.contains(han) && !text.contains(english);
    };
    QVERIFY(!doc.setString(gpus, QStringLiteral("lots"), &error));
    QVERIFY2(chinese(error) && error.contains(QStringLiteral("lots")), qPrintable(error));
    QVERIFY(!doc.setValue(gpus, 0, &error));
    QVERIFY2(chinese(error) && error.contains(QStringLiteral("1000000")), qPrintable(error));
    errors.clear();
    QVERIFY(!doc.load(bad, &errors));
    for (const QString& e : errors)
        QVERIFY2(chinese(e), qPrintable(e));
    // Every entry of the table has its Chinese text (a new one without fails here).
    for (int i = int(Msg::Unit) + 1; i < int(Msg::Count); ++i) {
        const Msg id = Msg(i);
        const QString english =
            QString::fromUtf8(messageTemplate(id).data(), qsizetype(messageTemplate(id).size()));
        // A template of placeholders only ("%1 %2") has no word to translate.
        const bool words = english.contains(QRegularExpression(QStringLiteral("[A-Za-z]")));
        QVERIFY2(!words || translatedMessage(message(id)) != english, qPrintable(english));
    }
    QVERIFY(setLanguage(QStringLiteral("en")));
}

void TstEditor::headlineFiguresSelectableWhenPressed()
{
    // Issue 50: a selectable QLabel lays its text out through a QTextDocument on every change,
    // so the headline's figures take the plain path while sliders move and become selectable
    // (to copy a total into a spreadsheet) when pressed.
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    view.resize(1200, 800);
    view.show();
    QLabel* total = nullptr;
    for (QLabel* l : view.headline()->findChildren<QLabel*>())
        if (l->text() == view.headline()->totalText())
            total = l;
    QVERIFY(total);
    QCOMPARE(total->textInteractionFlags(), Qt::NoTextInteraction);
    QCOMPARE(total->textFormat(), Qt::PlainText);
    QTest::mousePress(total, Qt::LeftButton, {}, QPoint(2, total->height() / 2));
    QTest::mouseRelease(total, Qt::LeftButton, {}, QPoint(2, total->height() / 2));
    QVERIFY(total->textInteractionFlags() & Qt::TextSelectableByMouse);
    total->setSelection(0, 2);
    QCOMPARE(total->selectedText().size(), 2);
    // A slider move (the reader has left the figure) makes it plain again.
    ParamEditor* envs = panel.editor(QStringLiteral("rl.env_count"));
    QVERIFY(envs && envs->slider());
    const QString before = total->text();
    envs->slider()->setValue(envs->slider()->value() - 150);
    QVERIFY(total->text() != before);
    QCOMPARE(total->textInteractionFlags(), Qt::NoTextInteraction);
    // A double click on the plain figure selects, as on any selectable label.
    QTest::mouseDClick(total, Qt::LeftButton, {}, QPoint(total->width() / 2, total->height() / 2));
    QVERIFY(total->hasSelectedText());
}

void TstEditor::sliderChangesEstimateAndCharts()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    const ChartData before = snapshot(view);
    const double totalBefore = view.estimate().total;
    const QString headlineBefore = view.headline()->totalText();
    // More environments and more prompts: every chart depends on these.
    ParamEditor* envs = panel.editor(QStringLiteral("rl.env_count"));
    QVERIFY(envs && envs->slider());
    envs->slider()->setValue(envs->slider()->value() - 150);
    ParamEditor* prompts = panel.editor(QStringLiteral("rl.prompts_per_iter"));
    QVERIFY(prompts && prompts->slider());
    prompts->slider()->setValue(prompts->slider()->value() + 120);
    // Single-turn rollouts are sized by the engines, not the environments, so the memory
    // chart needs an input of its own: a larger trainer micro-batch holds more activations.
    ParamEditor* micro = panel.editor(QStringLiteral("rl.micro_batch"));
    QVERIFY(micro && micro->slider());
    micro->slider()->setValue(micro->slider()->value() + 200);

    QVERIFY(doc.value(QStringLiteral("rl.env_count")) != 0);
    QVERIFY(view.estimate().total != totalBefore);
    QVERIFY(view.headline()->totalText() != headlineBefore);
    const ChartData after = snapshot(view);
    QVERIFY(after.cost != before.cost);
    QVERIFY(after.tradeoff != before.tradeoff);
    QVERIFY(after.memory != before.memory);
    QVERIFY(after.rl != before.rl);
    QVERIFY(after.spend != before.spend);
}

void TstEditor::undoRestoresCharts()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    const ChartData before = snapshot(view);
    const double total = view.estimate().total;
    ParamEditor* ed = panel.editor(QStringLiteral("rl.prompts_per_iter"));
    const int pos = ed->slider()->value();
    ed->slider()->setValue(pos + 100);
    QVERIFY(snapshot(view) != before);
    doc.undoStack()->undo();
    QCOMPARE(view.estimate().total, total);
    QCOMPARE(snapshot(view), before);
    QCOMPARE(ed->slider()->value(), pos);
}

void TstEditor::sliderDragIsOneUndoStep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.resize(500, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ParamEditor* ed = panel.editor(QStringLiteral("pretrain.tokens"));
    QSlider* s = ed->slider();
    const double start = doc.value(QStringLiteral("pretrain.tokens"));
    s->setSliderDown(true);
    for (int i = 1; i <= 20; ++i)
        s->setValue(s->value() - 10);
    s->setSliderDown(false);
    emit s->sliderReleased();
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.value(QStringLiteral("pretrain.tokens")) < start);
    // Keyboard: arrow keys move the slider too, and after release start a new step.
    s->setFocus();
    QTest::keyClick(s, Qt::Key_Right);
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.value(QStringLiteral("pretrain.tokens")), start);
}

void TstEditor::sliderDragDraftsCharts()
{
    // Holding a slider down is a continuous edit: charts draw without antialiasing until
    // release, then at full quality; the document knows when the drag ends.
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    auto* panel = new ParameterPanel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    panel->resize(500, 800);
    panel->show();
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy edits(&doc, &Document::continuousEditChanged);
    QSlider* s = panel->editor(QStringLiteral("rl.env_count"))->slider();
    s->setSliderDown(true);
    QVERIFY(doc.inContinuousEdit());
    for (ChartBase* c : view.charts())
        QVERIFY(c->draftMode());
    s->setValue(s->value() + 50);
    s->setSliderDown(false);
    QVERIFY(!doc.inContinuousEdit());
    for (ChartBase* c : view.charts())
        QVERIFY(!c->draftMode());
    QCOMPARE(edits.count(), 2); // began, ended
    // The panel rebuilt (destroyed) in the middle of a drag still ends the edit.
    panel->editor(QStringLiteral("rl.env_count"))->slider()->setSliderDown(true);
    QVERIFY(doc.inContinuousEdit());
    delete panel;
    QVERIFY(!doc.inContinuousEdit());
    for (ChartBase* c : view.charts())
        QVERIFY(!c->draftMode());
}

void TstEditor::spinBoxAndSliderAgree()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    ParamEditor* ed = panel.editor(QStringLiteral("reliability.checkpoint_interval_h"));
    QVERIFY(ed && ed->spinBox());
    ed->spinBox()->setValue(3.0 * ed->def().display_factor);
    QCOMPARE(doc.value(QStringLiteral("reliability.checkpoint_interval_h")), 3.0);
    QCOMPARE(ed->slider()->value(), SliderMapping(ed->def()).toPosition(3.0));
    // Only one command: the slider moved by the refresh did not write back.
    QCOMPARE(doc.undoStack()->count(), 1);
    // Text typed in the UI locale goes through valueFromText.
    QCOMPARE(ed->spinBox()->valueFromText(QStringLiteral("1.5")), 1.5);
}

void TstEditor::choiceComboWrites()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    ParamEditor* ed = panel.editor(QStringLiteral("rl.rollout_quant"));
    QVERIFY(ed && ed->comboBox());
    const int fp8 = ed->comboBox()->findData(QStringLiteral("fp8"));
    QVERIFY(fp8 >= 0);
    ed->comboBox()->setCurrentIndex(fp8);
    QCOMPARE(doc.string(QStringLiteral("rl.rollout_quant")), QStringLiteral("fp8"));
    ParamEditor* acc = panel.editor(QStringLiteral("rl.accelerator"));
    QVERIFY(acc && acc->comboBox());
    QCOMPARE(acc->comboBox()->count(), int(m_catalog.accelerators.size()));
    doc.undoStack()->undo();
    QCOMPARE(ed->comboBox()->currentData().toString(), QStringLiteral("bf16"));
}

void TstEditor::wheelScrollsInsteadOfEditing()
{
    // Scrolling the panel over a field must not change it (60 wheel steps once turned the
    // global batch to 0.001 M and the optimizer to SGD); a focused field takes the wheel.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.resize(420, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    ParamEditor* batch = panel.editor(QStringLiteral("pretrain.global_batch_tokens"));
    ParamEditor* opt = panel.editor(QStringLiteral("pretrain.optimizer"));
    QVERIFY(batch && batch->slider() && batch->spinBox() && opt && opt->comboBox());
    const QString before = doc.string(QStringLiteral("pretrain.global_batch_tokens"));
    const QString optBefore = doc.string(QStringLiteral("pretrain.optimizer"));
    auto wheel = [](QWidget* w, int steps) {
        for (int i = 0; i < steps; ++i) {
            QWheelEvent e(QPointF(5, 5), w->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120),
                          Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QApplication::sendEvent(w, &e);
        }
    };
    panel.setFocus();
    for (QWidget* w :
         {static_cast<QWidget*>(batch->slider()), static_cast<QWidget*>(batch->spinBox()),
          static_cast<QWidget*>(opt->comboBox())})
        wheel(w, 20);
    QCOMPARE(doc.string(QStringLiteral("pretrain.global_batch_tokens")), before);
    QCOMPARE(doc.string(QStringLiteral("pretrain.optimizer")), optBefore);
    QVERIFY(!doc.isModified());

    // With focus, the wheel edits as the user expects.
    batch->spinBox()->setFocus();
    QTRY_VERIFY(batch->spinBox()->hasFocus());
    wheel(batch->spinBox(), 3);
    QVERIFY(doc.string(QStringLiteral("pretrain.global_batch_tokens")) != before);
}

void TstEditor::siSuffixesAreApplied_data()
{
    // Typed text → stored value. Tokens are shown in billions, GPUs as a count: a suffix is
    // an absolute amount, a bare number is in the shown unit. "30T" once became 30 B.
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<double>("stored");
    QTest::newRow("tokens_30T") << "pretrain.tokens"
                                << "30T" << 30e12;
    QTest::newRow("tokens_15_space_T") << "pretrain.tokens"
                                       << "15 T" << 15e12;
    QTest::newRow("tokens_bare_is_trillions") << "pretrain.tokens"
                                              << "15" << 15e12; // the field's unit is T
    QTest::newRow("tokens_800B") << "pretrain.tokens"
                                 << "800B" << 800e9;
    QTest::newRow("tokens_2_yi") << "pretrain.tokens" << QStringLiteral("2000亿") << 200e9;
    QTest::newRow("gpus_2K") << "pretrain.gpus"
                             << "2K" << 2000.0;
    QTest::newRow("gpus_1_wan") << "pretrain.gpus" << QStringLiteral("1万") << 10000.0;
    // Issue 44: lowercase m and b were dropped ("2m" budget became 2 USD, "1.5m" GPUs 2).
    QTest::newRow("budget_2m") << "budget.total"
                               << "2m" << 2e6;
    QTest::newRow("budget_3M") << "budget.total"
                               << "3M" << 3e6;
    QTest::newRow("gpus_0.5m") << "pretrain.gpus"
                               << "0.5m" << 5e5;
    QTest::newRow("tokens_2b") << "pretrain.tokens"
                               << "2b" << 2e9;
}

// Issue 44: a suffix the unit makes ambiguous, or a value above the maximum, is refused with
// the reason shown, never silently dropped, reverted or read with a factor of 10⁶.
void TstEditor::ambiguousSuffixRefused()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.show();
    struct Case {
        const char* id;
        const char* typed;
        const char* says;
    };
    for (const Case& c : {Case{"reliability.checkpoint_interval_h", "30m", "ambiguous"},
                          Case{"pretrain.gpus", "1.5m", "maximum"}}) {
        const QString id = QString::fromLatin1(c.id);
        ParamEditor* ed = panel.editor(id);
        QVERIFY(ed && ed->spinBox());
        auto* spin = static_cast<ValueSpinBox*>(ed->spinBox());
        const double before = doc.value(id);
        QString text = QString::fromLatin1(c.typed) + spin->suffix();
        int pos = 0;
        const QValidator::State st = spin->validate(text, pos);
        QVERIFY2(st != QValidator::Acceptable, c.typed);
        QVERIFY2(spin->refusal().contains(QLatin1String(c.says)), qPrintable(spin->refusal()));
        QCOMPARE(doc.value(id), before);
    }
}

// A 0 that stands for something (ParamDef::zero_label) is shown as that, not "0 GPUs": expert
// TP 0 is "= TP", a pinned MFU of 0 is "predicted"; any other value is the number and unit.
void TstEditor::zeroSaysWhatItStandsFor()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    QCOMPARE(doc.value(QStringLiteral("pretrain.etp")), 0.0);
    QCOMPARE(doc.value(QStringLiteral("pretrain.mfu")), 0.0);
    ParameterPanel panel(&doc, &m_catalog);
    ParamEditor* etp = panel.editor(QStringLiteral("pretrain.etp"));
    ParamEditor* mfu = panel.editor(QStringLiteral("pretrain.mfu"));
    QVERIFY(etp && etp->spinBox() && mfu && mfu->spinBox());
    QCOMPARE(etp->spinBox()->text(), QStringLiteral("= TP"));
    QCOMPARE(mfu->spinBox()->text(), QStringLiteral("predicted"));
    QVERIFY(doc.setValue(QStringLiteral("pretrain.etp"), 2));
    QCOMPARE(etp->spinBox()->text(), QStringLiteral("2 GPUs"));
    // Parameters whose 0 is just zero keep the number.
    ParamEditor* cp = panel.editor(QStringLiteral("pretrain.cp"));
    QVERIFY(cp && cp->spinBox());
    QVERIFY(cp->spinBox()->specialValueText().isEmpty());
}

// Issue 44: a right-to-left override in a name ("invoice<U+202E>fdp.exe" reads as
// "invoiceexe.pdf") spoofed what the window showed. Displayed, it is a visible mark.
void TstEditor::bidiOverridesAreShownNotApplied()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    Scenario named = doc.scenario();
    named.name = QStringLiteral("invoice\u202Efdp.exe").toStdString();
    QVERIFY(doc.editPlan(named, QStringLiteral("Rename"), false));
    QCOMPARE(doc.displayName(), QStringLiteral("invoice⟨U+202E⟩fdp.exe"));
    QCOMPARE(QString::fromStdString(doc.scenario().name), QStringLiteral("invoice\u202Efdp.exe"));
    for (char16_t c : {u'\u202A', u'\u202B', u'\u202C', u'\u202D', u'\u2066', u'\u2069'})
        QVERIFY(
            !displayText(QStringLiteral("a") + QChar(c) + QStringLiteral("b")).contains(QChar(c)));
    // Right-to-left text itself and the plain marks stay.
    QCOMPARE(displayText(QStringLiteral("שלום \u200F")), QStringLiteral("שלום \u200F"));
}

void TstEditor::siSuffixesAreApplied()
{
    QFETCH(QString, id);
    QFETCH(QString, typed);
    QFETCH(double, stored);
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    ParamEditor* ed = panel.editor(id);
    QVERIFY(ed && ed->spinBox());
    QDoubleSpinBox* spin = ed->spinBox();
    auto* edit = spin->findChild<QLineEdit*>();
    QVERIFY(edit);
    spin->selectAll();
    // Typed key by key where QTest can (ASCII); 万 and 亿 arrive as input-method text.
    bool ascii = true;
    for (QChar c : typed)
        ascii = ascii && c.unicode() < 128;
    if (ascii) {
        QTest::keyClicks(edit, typed);
    } else {
        edit->del();
        edit->insert(typed); // through the spin box's validator, as an input method would
    }
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY2(
        std::fabs(doc.value(id) - stored) <= 1e-9 * stored,
        qPrintable(QStringLiteral("%1 typed as %2 stored %3").arg(id, typed).arg(doc.value(id))));
}

void TstEditor::resetButtonRestoresDefault()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    const QString id = QStringLiteral("reliability.restart_min");
    ParamEditor* ed = panel.editor(id);
    QVERIFY(doc.setValue(id, 45));
    QVERIFY(ed->resetButton()->isEnabled());
    ed->resetButton()->click();
    QCOMPARE(doc.value(id), ed->def().def);
    QVERIFY(!ed->resetButton()->isEnabled());
}

void TstEditor::searchFiltersRows()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    const int all = panel.visibleCount();
    panel.setFilter(QStringLiteral("env_count"));
    QVERIFY(panel.visibleCount() >= 1);
    QVERIFY(panel.visibleCount() < 5);
    QVERIFY(panel.editor(QStringLiteral("rl.env_count"))->isRowVisible());
    QVERIFY(!panel.editor(QStringLiteral("rl.iterations"))->isRowVisible());
    panel.setFilter(QStringLiteral("checkpoint"));
    QVERIFY(panel.editor(QStringLiteral("reliability.checkpoint_interval_h"))->isRowVisible());
    panel.setFilter(QStringLiteral("zzzz-nothing"));
    QCOMPARE(panel.visibleCount(), 0);
    panel.setFilter(QString());
    QCOMPARE(panel.visibleCount(), all);
}

void TstEditor::outsideValidatedMark()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    // Find a numeric parameter with a validated range strictly inside its hard range.
    for (const ParamRef& r : boundParameters(doc.scenario())) {
        const ParamDef& d = *r.def;
        if ((d.type != ParamType::Real) || !(d.valid_max > d.valid_min) || !(d.max > d.valid_max))
            continue;
        const QString id = QString::fromStdString(fullId(doc.scenario(), r));
        ParamEditor* ed = panel.editor(id);
        const double inside = (d.valid_min + d.valid_max) / 2;
        QVERIFY(doc.setValue(id, inside));
        QVERIFY2(!ed->outsideMarkShown(), qPrintable(id));
        const double outside = std::min(d.max, d.valid_max * 1.5 + 1);
        QVERIFY(doc.setValue(id, outside));
        QVERIFY2(ed->outsideMarkShown(), qPrintable(id));
        return;
    }
    QSKIP("no parameter with a validated range inside its hard range");
}

void TstEditor::inactiveParametersDisabled()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    // LoRA rank means something only in LoRA / QLoRA mode.
    ParamEditor* rank = panel.editor(QStringLiteral("rl.lora_rank"));
    QVERIFY(rank);
    QVERIFY(doc.setString(QStringLiteral("rl.mode"), QStringLiteral("full")));
    QVERIFY(!rank->spinBox()->isEnabled());
    QVERIFY(doc.setString(QStringLiteral("rl.mode"), QStringLiteral("lora")));
    QVERIFY(rank->spinBox()->isEnabled());
}

void TstEditor::derivedCountFollowsTheShape()
{
    // Issue 13: with "derive size from shape" on, changing the shape to 80 layers × 8192 must
    // not leave "8.03 B" in the Parameters row. Llama 3 70B's shape counts 70.55 B (hand
    // count in tst_registry).
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    ParamEditor* count = panel.editor(QStringLiteral("pretrain.model.params_total"));
    QVERIFY(count && count->spinBox());
    QVERIFY2(count->spinBox()->text().startsWith(QStringLiteral("8.03")),
             qPrintable(count->spinBox()->text()));
    QVERIFY(doc.apply({{"pretrain.model.layers", "80"},
                       {"pretrain.model.hidden", "8192"},
                       {"pretrain.model.heads", "64"},
                       {"pretrain.model.ffn", "28672"}},
                      QStringLiteral("70B shape")));
    QVERIFY2(count->spinBox()->text().startsWith(QStringLiteral("70.55")),
             qPrintable(count->spinBox()->text()));
    doc.undoStack()->undo();
    QVERIFY(count->spinBox()->text().startsWith(QStringLiteral("8.03")));
}

void TstEditor::focusNeverScrollsThePanelSideways()
{
    // Issue 13: focus moving through the fields scrolled the panel sideways (labels gone).
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.resize(300, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* scroll = panel.findChild<QScrollArea*>();
    QVERIFY(scroll);
    for (int i = 0; i < 40; ++i) // tab through the first fields, as a keyboard user does
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &panel,
                        Qt::Key_Tab);
    QCOMPARE(scroll->horizontalScrollBar()->value(), 0);
    scroll->horizontalScrollBar()->setValue(40); // what ensureWidgetVisible() does
    QCOMPARE(scroll->horizontalScrollBar()->value(), 0);
}

void TstEditor::headlineWrapsOnANarrowWindow()
{
    // Issue 13: at QT_SCALE_FACTOR=2 a 1920x1080 screen is 960 logical pixels wide, and the
    // one-row headline held the window at 1,036: its figures wrap to two rows instead.
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    HeadlineStrip* h = view.headline();
    QVERIFY(h->minimumWidth() <= 400);
    h->setParent(nullptr); // on its own, so the test sets its width
    h->show();
    QVERIFY(QTest::qWaitForWindowExposed(h));
    h->resize(1400, h->sizeHint().height());
    QCOMPARE(h->figureRows(), 1);
    QCOMPARE(h->badgeRows(), 1);
    h->resize(480, h->sizeHint().height());
    QCOMPARE(h->figureRows(), 2);
    // Issue 49: the six badges wrapped to three a row instead of being cut at the edge.
    QCOMPARE(h->badgeRows(), 2);
    h->resize(1400, h->sizeHint().height());
    QCOMPARE(h->figureRows(), 1);
    QCOMPARE(h->badgeRows(), 1);
    h->hide();
    h->setParent(&view); // back to its owner, which deletes it
}

// Issue 49: at 1280×720 (and at 2× scale) two rows of charts at their minimum height do not
// fit, and the lower row was cut by the window. Below that height the lower charts become
// tabs beside the cost chart, each whole; taller, they go back to their row; the RL tab
// follows whether the plan has an RL phase, and a chart shown from a tab carries the current
// estimate.
void TstEditor::lowWindowShowsEveryChartWhole()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(!view.isCompact());
    QCOMPARE(view.leftTabs()->count(), 1);
    QVERIFY(view.memoryChart()->isVisible());
    QVERIFY(view.rlChart()->isVisible());

    // 1280×720 less the menu, tabs and status bar, and the parameter dock beside it.
    view.resize(850, 600);
    QTRY_VERIFY(view.isCompact());
    QCOMPARE(view.leftTabs()->count(), 5);
    QTabWidget* tabs = view.leftTabs();
    QVERIFY(tabs->isTabVisible(tabs->indexOf(view.rlChart())));
    // Nothing below the one row: the chart area needs no vertical scrolling.
    QScrollArea* scroll = view.findChild<QScrollArea*>();
    QVERIFY(scroll);
    QTRY_VERIFY(scroll->widget()->minimumSizeHint().height() <= scroll->viewport()->height());
    for (ChartBase* c : view.charts()) {
        QVERIFY2(c->minimumHeight() <= scroll->viewport()->height(),
                 qPrintable(c->accessibleName()));
    }

    // A pre-training plan hides the RL tab; a chart shown from its tab has the new plan.
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    view.refresh();
    QVERIFY(!tabs->isTabVisible(tabs->indexOf(view.rlChart())));
    tabs->setCurrentWidget(view.memoryChart());
    QTRY_VERIFY(view.memoryChart()->isVisible());
    QCOMPARE(view.memoryChart()->barCount(), 1); // one trainer role, as the plan has

    view.resize(1600, 1000);
    QTRY_VERIFY(!view.isCompact());
    QCOMPARE(tabs->count(), 1);
    QVERIFY(view.memoryChart()->isVisible());
    QVERIFY(view.stepChart()->isVisible());
    QVERIFY(!view.rlChart()->isVisible());
    QVERIFY(view.spendChart()->isVisible());
}

// Issue 49: after Ctrl+F (the filter) and Tab, focus landed on the panel's scroll area,
// which draws no focus. It now goes to the first section header, whose focused picture (a
// highlight frame in Fusion) differs from its unfocused one.
void TstEditor::tabFromTheFilterShowsFocus()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.resize(420, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.activateWindow();
    panel.searchBox()->setFocus(Qt::ShortcutFocusReason);
    QTRY_VERIFY(panel.searchBox()->hasFocus());
    QTest::keyClick(panel.searchBox(), Qt::Key_Tab);
    QWidget* next = QApplication::focusWidget();
    QVERIFY(next && next != panel.searchBox());
    QVERIFY2(!qobject_cast<QScrollArea*>(next), "the scroll area took the focus");
    const QImage focused = next->grab().toImage();
    panel.searchBox()->setFocus(Qt::OtherFocusReason);
    QTRY_VERIFY(!next->hasFocus());
    const QImage unfocused = next->grab().toImage();
    QVERIFY2(focused != unfocused, next->metaObject()->className());
}

void TstEditor::headlineShowsTheMonteCarloRange()
{
    // Issue 14: "P50 · P90" under the total, from the Monte Carlo on the worker, the same
    // figures monteCarlo() gives for the plan with the headline's run count and seed 1.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama2-70b-pretrain-a100.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    view.waitForSweep();
    QTRY_VERIFY(!view.headline()->rangeText().isEmpty());
    MonteCarloOptions o;
    o.runs = EstimateView::kHeadlineMonteCarloRuns;
    const MonteCarloResult r = monteCarlo(doc.scenario(), m_catalog, o);
    const QString text = view.headline()->rangeText();
    QVERIFY2(text.contains(formatMoney(r.cost.p50, Currency::USD)) &&
                 text.contains(formatMoney(r.cost.p90, Currency::USD)),
             qPrintable(text));
    QVERIFY(r.cost.p90 > r.cost.p50);
    // The days' P90 under the wall-clock, and P(late) once a deadline is set; the
    // Uncertainty tab's distribution holds the same runs' histogram.
    QVERIFY2(view.headline()->daysRangeText().contains(formatNumber(r.days.p90)),
             qPrintable(view.headline()->daysRangeText()));
    QVERIFY(!view.headline()->daysRangeText().contains(QStringLiteral("P(late)")));
    const QVector<double> shares = view.distributionChart()->binShares();
    QCOMPARE(shares.size(), qsizetype(r.cost_histogram.counts.size()));
    QCOMPARE(shares[0], double(r.cost_histogram.counts[0]) / r.runs);
    QCOMPARE(view.rightTabs()->count(), 4); // trade-off, uncertainty, sensitivity, target
    // The Sensitivity tab's tornado: the analysis' largest swing on top.
    const SensitivityResult sr = sensitivity(doc.scenario(), m_catalog);
    QTRY_VERIFY(view.tornadoChart()->rowCount() > 0);
    QCOMPARE(view.tornadoChart()->highTotals()[0], sr.rows[0].high.total);
    doc.setValue(QStringLiteral("budget.deadline_days"), r.days.p50);
    view.waitForSweep();
    QTRY_VERIFY(view.headline()->daysRangeText().contains(QStringLiteral("P(late)")));
    // A deadline at the median: half the runs are late, the share monteCarlo() gives.
    const MonteCarloResult late = monteCarlo(doc.scenario(), m_catalog, o);
    QVERIFY(late.p_late > 0.45 && late.p_late < 0.55);
    QVERIFY2(view.headline()->daysRangeText().contains(formatPercent(late.p_late)),
             qPrintable(view.headline()->daysRangeText()));
    // An impossible plan has no range.
    doc.setValue(QStringLiteral("pretrain.tp"), 3);
    view.waitForSweep();
    QTRY_VERIFY(view.headline()->rangeText().isEmpty());
    QVERIFY(view.headline()->daysRangeText().isEmpty());
    QVERIFY(view.distributionChart()->binShares().isEmpty());
}

void TstEditor::riskBadgesCarryAShape()
{
    // Issue 13: risk colours must stay distinguishable for colour-blind readers: each badge
    // carries a mark for its level (●○○ low, ●●○ elevated, ●●● high impact) besides its
    // colour; issue 49: not ✓/✖, which read as a verdict on the probability beside them.
    // Issue 14: the level is the risk's impact, not its raw probability. Route B's 93 %
    // chance of at least one RL collapse rollback costs 0.7 % of the plan: low, not red.
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    const Estimate& e = view.estimate();
    QVERIFY2(e.convergence.probability > 0.5, "the example's divergence is likely");
    QVERIFY(e.convergence.expected_cost < 0.01 * e.total); // … and cheap
    const QString low = QStringLiteral("\u25CF\u25CB\u25CB"),
                  high = QStringLiteral("\u25CF\u25CF\u25CF");
    QVERIFY2(view.headline()->badgeText(1).startsWith(low),
             qPrintable(view.headline()->badgeText(1)));
    QVERIFY(view.headline()->badgeText(0).startsWith(low)); // OOM 0 %: low
    for (int i = 0; i < HeadlineStrip::kBadgeCount; ++i)    // no tick or cross beside a figure
        QVERIFY(!view.headline()->badgeText(i).contains(QChar(0x2713)) &&
                !view.headline()->badgeText(i).contains(QChar(0x2716)));
    // An unstable RL recipe (50× the collapse hazard) makes rollbacks cost ≥ 5 % of the
    // plan: high, marked ●●●.
    QVERIFY(doc.setValue(QStringLiteral("assumptions.div_h0_rl"),
                         50 * doc.value(QStringLiteral("assumptions.div_h0_rl"))));
    const Estimate& worse = view.estimate();
    QVERIFY2(worse.convergence.expected_cost >= 0.05 * worse.total,
             qPrintable(QString::number(worse.convergence.expected_cost / worse.total)));
    QVERIFY2(view.headline()->badgeText(1).startsWith(high),
             qPrintable(view.headline()->badgeText(1)));
    QCOMPARE(view.headline()->badgeSeverity(1), 2);
}

void TstEditor::fineControlOverManyDecades()
{
    // Issue 13: a log slider over many decades moved ~30 % per pixel; "double the tokens"
    // must be one gesture, and fine steps must exist.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    panel.resize(400, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString id = QStringLiteral("pretrain.tokens");
    ParamEditor* tokens = panel.editor(id);
    QVERIFY(tokens && tokens->slider() && tokens->spinBox());
    QCOMPARE(doc.value(id), 15e12);

    QTest::keyClick(tokens->slider(), Qt::Key_PageUp);
    QCOMPARE(doc.value(id), 30e12); // exactly doubled
    QCOMPARE(doc.undoStack()->count(), 1);
    QTest::keyClick(tokens->spinBox(), Qt::Key_PageDown);
    QCOMPARE(doc.value(id), 15e12); // and halved, from the spin box too
    QTest::keyClick(tokens->slider(), Qt::Key_Right, Qt::ShiftModifier);
    QCOMPARE(doc.value(id), 15.15e12); // ×1.01
    QTest::keyClick(tokens->slider(), Qt::Key_Left);
    QCOMPARE(doc.value(id), 13.8e12);      // ÷1.1 = 13.77 T, three significant digits
    QCOMPARE(doc.undoStack()->count(), 4); // one step per key
    doc.undoStack()->undo();
    QCOMPARE(doc.value(id), 15.15e12);

    // Shift+drag: 50 px moves a tenth of what a plain 50 px drag would.
    QSlider* s = tokens->slider();
    const int before = s->value();
    const QPoint at(s->width() / 2, s->height() / 2);
    QTest::mousePress(s, Qt::LeftButton, Qt::ShiftModifier, at);
    QMouseEvent move(QEvent::MouseMove, QPointF(at + QPoint(50, 0)),
                     s->mapToGlobal(QPointF(at + QPoint(50, 0))), Qt::NoButton, Qt::LeftButton,
                     Qt::ShiftModifier);
    QApplication::sendEvent(s, &move);
    QTest::mouseRelease(s, Qt::LeftButton, Qt::ShiftModifier, at + QPoint(50, 0));
    const int expected = before + int(std::lround(50.0 * SliderMapping::kSteps / s->width() / 10));
    QCOMPARE(s->value(), expected);
    const int steps = doc.undoStack()->count();
    QVERIFY(doc.value(id) > 15.15e12);
    // Linear rows step by a share of the range: elastic share 0 → 0.01 → 0.1 with Page Up.
    const QString elastic = QStringLiteral("pretrain.elastic_fraction");
    ParamEditor* e = panel.editor(elastic);
    QVERIFY(e && e->slider());
    QTest::keyClick(e->slider(), Qt::Key_Right);
    QCOMPARE(doc.value(elastic), 0.01);
    QTest::keyClick(e->slider(), Qt::Key_PageUp);
    QCOMPARE(doc.value(elastic), 0.11);
    QCOMPARE(doc.undoStack()->count(), steps + 2);
}

void TstEditor::tradeoffSweepParamAndWorker()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    QCOMPARE(view.sweepParam(), EstimateView::kDefaultSweepParam);
    QCOMPARE(view.tradeoffChart()->pointCount(), EstimateView::kSweepPoints);
    QVERIFY(view.tradeoffChart()->hasOptimumMarker()); // Young/Daly on checkpoint sweeps

    // Moving the swept parameter moves the marker.
    QVERIFY(doc.setValue(EstimateView::kDefaultSweepParam, 4));
    QCOMPARE(view.tradeoffChart()->markerX(), 4.0);

    // On the worker, only the newest request is shown.
    view.setSweepOnWorker(true);
    view.setSweepParam(QStringLiteral("pretrain.precision"));
    for (double t : {1e12, 2e12, 3e12})
        QVERIFY(doc.setValue(QStringLiteral("pretrain.tokens"), t));
    view.waitForSweep();
    QVERIFY(view.tradeoffChart()->isCategorical());
    QCOMPARE(view.tradeoffChart()->pointCount(), 2); // BF16, FP8
    // Cost at the current precision equals the live estimate.
    const int cur = int(view.tradeoffChart()->markerX());
    QVERIFY(qAbs(view.tradeoffChart()->seriesValues(QStringLiteral("cost"))[cur] -
                 view.estimate().total) <= 1e-9 * view.estimate().total);
}

// Another catalog behind the view (the plan's catalog chosen or found): the trade-off sweep is
// priced again, not left at the previous catalog's prices (its cost at the current interval
// equals the new estimate's total). Here every GPU price halves.
void TstEditor::catalogChangeRepricesTheSweep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    Catalog catalog = m_catalog;
    EstimateView view(&doc, &catalog);
    auto cheapest = [&view] {
        const QVector<double> cost = view.tradeoffChart()->seriesValues(QStringLiteral("cost"));
        return cost.isEmpty() ? 0.0 : *std::min_element(cost.begin(), cost.end());
    };
    const double before = cheapest();
    QVERIFY(before > 0);
    for (Accelerator& a : catalog.accelerators)
        for (double* price : {&a.price_reserved, &a.price_on_demand, &a.price_spot})
            if (*price > 0)
                *price /= 2;
    view.catalogChanged();
    view.waitForSweep();
    // GPU time is most of the plan's cost: the sweep's cheapest point falls by nearly half.
    QVERIFY2(cheapest() < 0.75 * before,
             qPrintable(QString("%1 -> %2").arg(before).arg(cheapest())));
    QVERIFY(cheapest() >= view.estimate().total * 0.5); // and is the new catalog's scale
}

void TstEditor::accessibleNames()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    for (const QString& id : panel.ids()) {
        ParamEditor* ed = panel.editor(id);
        QList<QWidget*> controls{ed->slider(), ed->spinBox(), ed->comboBox(), ed->checkBox(),
                                 ed->resetButton()};
        for (QWidget* w : controls) {
            if (!w)
                continue;
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(id));
            QVERIFY2(!w->accessibleDescription().isEmpty(), qPrintable(id));
        }
    }
}

void TstEditor::languageSwitchChangesLabels()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ParameterPanel panel(&doc, &m_catalog);
    EstimateView view(&doc, &m_catalog);
    // The analyses first: the distribution's title names the runs once they are in.
    view.waitForSweep();
    QCoreApplication::processEvents();
    const QString id = QStringLiteral("reliability.checkpoint_interval_h");
    const QString english = panel.editor(id)->label()->text();
    const QString placeholder = panel.searchBox()->placeholderText();
    const QString probEn = view.headline()->badgeText(1);
    LibraryDock dock(nullptr);
    const QString openEn = dock.openAction()->text();
    QHash<ChartBase*, QString> titlesEn;
    for (ChartBase* c : view.charts())
        titlesEn.insert(c, c->titleText());
    const QString costAxisEn = view.costChart()->yAxis->label();
    QVERIFY(availableLanguages().contains(QStringLiteral("zh_CN")));

    QVERIFY(setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCoreApplication::processEvents();
    const QString chinese = panel.editor(id)->label()->text();
    QVERIFY2(chinese != english, qPrintable(chinese));
    QVERIFY(chinese.contains(QStringLiteral("检查点")));
    QVERIFY(panel.searchBox()->placeholderText() != placeholder);
    QVERIFY(view.headline()->badgeText(1) != probEn);
    // Issue 13: every chart's title, axis titles and legend follow the switch, and so does
    // the Library dock (its title and actions).
    for (ChartBase* c : view.charts()) {
        QVERIFY2(titlesEn.value(c) != c->titleText(), qPrintable(c->titleText()));
        QVERIFY2(
            c->titleText().contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
            qPrintable(c->titleText()));
    }
    QVERIFY(view.costChart()->yAxis->label() != costAxisEn);
    QCOMPARE(dock.windowTitle(), QStringLiteral("场景库"));
    QVERIFY(dock.openAction()->text() != openEn);
    // Values survive the rebuild.
    QCOMPARE(panel.editor(id)->spinBox()->value(),
             doc.value(id) * panel.editor(id)->def().display_factor);

    QVERIFY(setLanguage(QStringLiteral("en")));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    QCoreApplication::processEvents();
    QCOMPARE(panel.editor(id)->label()->text(), english);
    for (ChartBase* c : view.charts())
        QCOMPARE(c->titleText(), titlesEn.value(c));
    QCOMPARE(dock.openAction()->text(), openEn);
}

// The step-time model in the window: typing TP 3 on 2,048 GPUs shows why the phase is not
// priced (numbers, phase name as plain text), the MFU figure and the step chart follow the
// layout, and undo brings both back.
void TstEditor::layoutInTheWindow()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama2-70b-pretrain-a100.costlab.json")));
    EstimateView view(&doc, &m_catalog);
    QVERIFY(view.headline()->problemText().isEmpty());
    QVERIFY(view.headline()->mfuText().contains(QLatin1Char('%')));
    QCOMPARE(view.stepChart()->rowCount(), 1);
    const double bubble = view.stepChart()->partSeconds(0, StepChart::Bubble);
    QVERIFY(bubble > 0);

    doc.setValue(QStringLiteral("pretrain.pp"), 16);
    QVERIFY(view.stepChart()->partSeconds(0, StepChart::Bubble) > bubble);

    doc.setValue(QStringLiteral("pretrain.tp"), 3);
    const QString problem = view.headline()->problemText();
    QVERIFY2(
        problem.contains(QStringLiteral("TP 3 × PP 16 × CP 1 = 48 does not divide 2,048 GPUs")),
        qPrintable(problem));
    QVERIFY(problem.startsWith(QString::fromStdString(doc.scenario().phases[0].name)));
    QCOMPARE(view.stepChart()->rowCount(), 0);
    QCOMPARE(view.estimate().gpu_hours, 0.0);
    // Issue 44: a plan that cannot be evaluated showed $0 with all-green badges. No figure,
    // no judged badge: the total says why nothing is shown, every badge is unjudged.
    QVERIFY(!view.estimate().ok);
    QCOMPARE(view.headline()->totalText(), QStringLiteral("Cannot be evaluated"));
    QVERIFY(!view.headline()->totalText().contains(QRegularExpression(QStringLiteral("\\d"))));
    QCOMPARE(view.headline()->mfuText(), QStringLiteral("—"));
    // … and no chart reads as a figure ("$0" for the refused phase): each is covered.
    QVERIFY(view.stepChart()->unavailableText().contains(QStringLiteral("cannot be evaluated")));
    QVERIFY(!view.distributionChart()->unavailableText().isEmpty());
    for (int i = 0; i < kRiskCount; ++i) {
        QCOMPARE(view.headline()->badgeSeverity(i), -1);
        QVERIFY2(!view.headline()->badgeText(i).contains(QChar(0x2713)),
                 qPrintable(view.headline()->badgeText(i)));
    }

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QVERIFY(view.headline()->problemText().isEmpty());
    QCOMPARE(view.stepChart()->partSeconds(0, StepChart::Bubble), bubble);
    QVERIFY2(view.headline()->totalText().contains(QRegularExpression(QStringLiteral("\\d"))),
             qPrintable(view.headline()->totalText()));
    QVERIFY(view.headline()->badgeSeverity(0) >= 0);
    QVERIFY(view.stepChart()->unavailableText().isEmpty());

    // Other engine warnings reach the window too: a measured throughput above peak
    // (10^8 tokens/s per GPU) is capped, and said so.
    doc.setValue(QStringLiteral("pretrain.measured_tokens_s"), 1e8);
    QVERIFY2(view.headline()->problemText().contains(QStringLiteral("capped at MFU 100 %")),
             qPrintable(view.headline()->problemText()));
    QCOMPARE(view.headline()->mfuText(), QStringLiteral("100 %"));
}

QTEST_MAIN(TstEditor)
#include "tst_editor.moc"
