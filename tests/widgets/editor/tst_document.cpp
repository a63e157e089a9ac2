// Document and undo: every change goes through SetParamCommand, merges per drag, undo
// restores exactly, files round-trip exactly, bad files change nothing.
#include "document.h"
#include "registry.h"
#include "scenario_json.h"
#include "widgettestutil.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace costlab;

class TstDocument : public QObject {
    Q_OBJECT

private slots:
    void setValueGoesThroughUndo();
    void rejectsBadInput();
    void dragMergesIntoOneStep();
    void choiceAndReference();
    void applyIsOneUndoStep();
    void applyRejectsAllOrNothing();
    void currencyChangeConvertsMoneyInputs();
    void saveOpenRoundTrip_data();
    void saveOpenRoundTrip();
    void badFileKeepsDocument_data();
    void badFileKeepsDocument();
};

void TstDocument::setValueGoesThroughUndo()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    QVERIFY(!doc.isModified());
    const QString id = QStringLiteral("reliability.checkpoint_interval_h");
    const double before = doc.value(id);
    QSignalSpy changed(&doc, &Document::changed);
    QSignalSpy param(&doc, &Document::paramChanged);

    QVERIFY(doc.setValue(id, 2.5));
    QCOMPARE(doc.value(id), 2.5);
    QVERIFY(doc.isModified());
    QCOMPARE(changed.count(), 1);
    QCOMPARE(param.count(), 1);
    QCOMPARE(param.first().first().toString(), id);
    QCOMPARE(doc.undoStack()->count(), 1);

    doc.undoStack()->undo();
    QCOMPARE(doc.value(id), before);
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QCOMPARE(doc.value(id), 2.5);

    // Setting the current value again is not a change.
    QVERIFY(doc.setValue(id, 2.5));
    QCOMPARE(doc.undoStack()->count(), 1);
}

void TstDocument::rejectsBadInput()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    QString error;
    QVERIFY(!doc.setValue(QStringLiteral("no.such_param"), 1, &error));
    QVERIFY(!error.isEmpty());
    error.clear();
    QVERIFY(!doc.setValue(QStringLiteral("reliability.checkpoint_interval_h"), -5, &error));
    QVERIFY2(!error.isEmpty(), "negative interval must be rejected with a message");
    QVERIFY(!doc.setValue(QStringLiteral("pretrain.tokens"), qQNaN(), &error));
    QCOMPARE(doc.undoStack()->count(), 0);
    QVERIFY(!doc.isModified());
}

void TstDocument::dragMergesIntoOneStep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    const QString id = QStringLiteral("pretrain.tokens");
    const double start = doc.value(id);
    // A drag: many values of one parameter without closing the merge group.
    for (double t : {1e12, 2e12, 3e12, 4e12, 5e12})
        QVERIFY(doc.setValue(id, t));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.value(id), 5e12);
    doc.closeMergeGroup(); // mouse released
    QVERIFY(doc.setValue(id, 6e12));
    QCOMPARE(doc.undoStack()->count(), 2);
    // A different parameter never merges.
    QVERIFY(doc.setValue(QStringLiteral("reliability.restart_min"), 20));
    QCOMPARE(doc.undoStack()->count(), 3);

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.value(id), 5e12);
    doc.undoStack()->undo();
    QCOMPARE(doc.value(id), start);
    QVERIFY(!doc.isModified());
}

void TstDocument::choiceAndReference()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    const QString quant = QStringLiteral("rl.rollout_quant");
    QVERIFY(findParam(doc.scenario(), quant.toStdString()));
    QVERIFY(doc.setString(quant, QStringLiteral("fp8")));
    QCOMPARE(doc.string(quant), QStringLiteral("fp8"));
    QVERIFY(doc.setValue(quant, 3)); // index of INT4 in BF16/FP8/INT8/INT4
    QCOMPARE(doc.string(quant), QStringLiteral("int4"));
    QVERIFY(!doc.setString(quant, QStringLiteral("fp3")));

    const QString acc = QStringLiteral("rl.accelerator");
    const QString before = doc.string(acc);
    QVERIFY(doc.setString(acc, QStringLiteral("a100-sxm-80gb")));
    QCOMPARE(doc.string(acc), QStringLiteral("a100-sxm-80gb"));
    doc.closeMergeGroup();
    doc.undoStack()->undo();
    QCOMPARE(doc.string(acc), before);
}

void TstDocument::applyIsOneUndoStep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    const QString quant = QStringLiteral("rl.rollout_quant");
    const QString envs = QStringLiteral("rl.env_count");
    const QString tau = QStringLiteral("reliability.checkpoint_interval_h");
    const QString quantBefore = doc.string(quant);
    const double envsBefore = doc.value(envs), tauBefore = doc.value(tau);
    QVERIFY(quantBefore != QLatin1String("fp8"));
    QVERIFY(envsBefore != 4096 && tauBefore != 3);
    QSignalSpy changed(&doc, &Document::changed);
    QSignalSpy param(&doc, &Document::paramChanged);

    QString error;
    // The tau change repeats the current value first: an unchanged value is dropped.
    QVERIFY2(doc.apply({{quant.toStdString(), "fp8"},
                        {envs.toStdString(), "4096"},
                        {tau.toStdString(), QString::number(tauBefore).toStdString()},
                        {tau.toStdString(), "3"}},
                       QStringLiteral("Lever: FP8 rollouts"), &error),
             qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Lever: FP8 rollouts"));
    QCOMPARE(doc.string(quant), QStringLiteral("fp8"));
    QCOMPARE(doc.value(envs), 4096.0);
    QCOMPARE(doc.value(tau), 3.0);
    QCOMPARE(changed.count(), 1); // one re-evaluation for the whole step
    QCOMPARE(param.count(), 3);   // quant, envs, tau (the unchanged tau is dropped)

    // A slider move right after is a step of its own, not merged into the lever.
    QVERIFY(doc.setValue(envs, 2048));
    QCOMPARE(doc.undoStack()->count(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.value(envs), 4096.0);

    changed.clear();
    doc.undoStack()->undo();
    QCOMPARE(doc.string(quant), quantBefore);
    QCOMPARE(doc.value(envs), envsBefore);
    QCOMPARE(doc.value(tau), tauBefore);
    QCOMPARE(changed.count(), 1);
    QVERIFY(!doc.isModified());
    doc.undoStack()->redo();
    QCOMPARE(doc.value(tau), 3.0);
    QCOMPARE(doc.string(quant), QStringLiteral("fp8"));

    // Nothing to change: no undo step at all.
    const int steps = doc.undoStack()->count();
    QVERIFY(doc.apply({{tau.toStdString(), "3"}}, QStringLiteral("no-op")));
    QCOMPARE(doc.undoStack()->count(), steps);
}

// Switching the plan's currency converts its money inputs at the plan's exchange rate, in
// one undo step: a 2,500,000 USD budget at 7.2 CNY/USD is 18,000,000 CNY, not 2,500,000 CNY.
void TstDocument::currencyChangeConvertsMoneyInputs()
{
    Document doc;
    const QString cur = QStringLiteral("catalog.currency"), budget = QStringLiteral("budget.total");
    const QString rate = QStringLiteral("engineering.monthly_rate");
    const QString fabric = QStringLiteral("network.interconnect_per_gpu_hour");
    QVERIFY(doc.setValue(QStringLiteral("catalog.cny_per_usd"), 7.2));
    QVERIFY(doc.setValue(budget, 2500000));
    // A small price keeps its precision (6 significant digits, not cents): 0.034 USD/GPU-h is
    // 0.2448 CNY and back.
    QVERIFY(doc.setValue(fabric, 0.034));
    const double monthly = doc.value(rate);
    QVERIFY(monthly > 0);
    QCOMPARE(doc.string(cur), QStringLiteral("USD"));
    const int steps = doc.undoStack()->count();
    QVERIFY(doc.setString(cur, QStringLiteral("CNY")));
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(doc.string(cur), QStringLiteral("CNY"));
    QCOMPARE(doc.value(budget), 18000000.0);
    QCOMPARE(doc.value(rate), monthly * 7.2); // 20,000 USD a month: 144,000 CNY
    QCOMPARE(doc.value(fabric), 0.2448);
    // Back to USD: 18,000,000 / 7.2.
    QVERIFY(doc.setString(cur, QStringLiteral("USD")));
    QCOMPARE(doc.value(budget), 2500000.0);
    QCOMPARE(doc.value(fabric), 0.034);
    // Undo takes the whole step back, currency and money together; redo brings it again.
    doc.undoStack()->undo();
    QCOMPARE(doc.string(cur), QStringLiteral("CNY"));
    QCOMPARE(doc.value(budget), 18000000.0);
    doc.undoStack()->undo();
    QCOMPARE(doc.string(cur), QStringLiteral("USD"));
    QCOMPARE(doc.value(budget), 2500000.0);
    doc.undoStack()->redo();
    QCOMPARE(doc.string(cur), QStringLiteral("CNY"));
    QCOMPARE(doc.value(budget), 18000000.0);
    doc.undoStack()->undo();
    // A converted value outside its range refuses the change and keeps the plan: 9e11 USD
    // would be 6.48e12 CNY, above the budget's 1e12.
    QVERIFY(doc.setValue(budget, 9e11));
    QString error;
    QVERIFY(!doc.setString(cur, QStringLiteral("CNY"), &error));
    QVERIFY2(error.contains(QLatin1String("budget.total")), qPrintable(error));
    QCOMPARE(doc.string(cur), QStringLiteral("USD"));
    QCOMPARE(doc.value(budget), 9e11);
}

void TstDocument::applyRejectsAllOrNothing()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    const QString envs = QStringLiteral("rl.env_count");
    const double envsBefore = doc.value(envs);
    QSignalSpy changed(&doc, &Document::changed);
    QString error;
    // The first change is valid, the second is not: neither may land.
    QVERIFY(!doc.apply({{envs.toStdString(), "4096"}, {"reliability.checkpoint_interval_h", "-1"}},
                       QStringLiteral("bad"), &error));
    QVERIFY2(error.contains(QLatin1String("reliability.checkpoint_interval_h")), qPrintable(error));
    QVERIFY(!doc.apply({{"no.such_param", "1"}}, QStringLiteral("bad"), &error));
    QVERIFY(error.contains(QLatin1String("no.such_param")));
    QVERIFY(!doc.apply({{"rl.rollout_quant", "fp3"}}, QStringLiteral("bad")));
    QCOMPARE(doc.value(envs), envsBefore);
    QCOMPARE(doc.undoStack()->count(), 0);
    QCOMPARE(changed.count(), 0);
}

void TstDocument::saveOpenRoundTrip_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& f : test::exampleScenarios())
        QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
}

void TstDocument::saveOpenRoundTrip()
{
    QFETCH(QString, path);
    Document doc;
    QVERIFY(doc.load(path));
    // Make edits that need exact text (a value with no short decimal form).
    QVERIFY(doc.setValue(QStringLiteral("reliability.checkpoint_interval_h"), 1.0 / 3.0));
    QVERIFY(doc.setValue(QStringLiteral("reliability.gpu_failure_rate"), 1.97e-5));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("round trip 中文.costlab.json"));
    QString error;
    QVERIFY2(doc.save(out, &error), qPrintable(error));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.filePath(), QFileInfo(out).absoluteFilePath());

    Document again;
    QStringList errors;
    QVERIFY2(again.load(out, &errors), qPrintable(errors.join(QLatin1Char('\n'))));
    QCOMPARE(QString::fromStdString(scenarioToJson(again.scenario())),
             QString::fromStdString(scenarioToJson(doc.scenario())));
    for (const ParamRef& r : boundParameters(doc.scenario())) {
        const QString id = QString::fromStdString(fullId(doc.scenario(), r));
        QCOMPARE(again.string(id), doc.string(id));
    }
    QCOMPARE(again.value(QStringLiteral("reliability.checkpoint_interval_h")), 1.0 / 3.0);
}

void TstDocument::badFileKeepsDocument_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(COSTLAB_SOURCE_DIR "/tests/data/bad"));
    for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
    QTest::newRow("missing_file") << QStringLiteral(COSTLAB_SOURCE_DIR "/tests/data/nope.json");
    QTest::newRow("directory") << QStringLiteral(COSTLAB_SOURCE_DIR "/tests/data");
}

void TstDocument::badFileKeepsDocument()
{
    QFETCH(QString, path);
    Document doc;
    const QString good = test::examplePath("llama3-8b-pretrain-h100.costlab.json");
    QVERIFY(doc.load(good));
    QVERIFY(doc.setValue(QStringLiteral("pretrain.tokens"), 1e12));
    const std::string before = scenarioToJson(doc.scenario());
    QSignalSpy changed(&doc, &Document::changed);
    QSignalSpy replaced(&doc, &Document::scenarioReplaced);

    QStringList errors;
    QVERIFY(!doc.load(path, &errors));
    QVERIFY2(!errors.isEmpty(), "a rejected file must say why");
    for (const QString& e : errors)
        QVERIFY(!e.trimmed().isEmpty());
    QCOMPARE(scenarioToJson(doc.scenario()), before);
    QCOMPARE(doc.filePath(), QFileInfo(good).absoluteFilePath());
    QVERIFY(doc.isModified());
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(replaced.count(), 0);
}

QTEST_MAIN(TstDocument)
#include "tst_document.moc"
