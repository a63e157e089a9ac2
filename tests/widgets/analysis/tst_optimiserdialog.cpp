// Tools → Optimise plan… (widgets/editor/optimiserdialog.h, issue 15): the search runs on
// the worker, fills the Pareto chart and the top plans, and "Apply" is one undo step that
// prices the plan as the table said; a plan changed after the search cannot be applied.
// COSTLAB_OPTIMISER_IMAGE=PREFIX saves PREFIX-en.png and PREFIX-zh_CN.png.
#include "document.h"
#include "engine.h"
#include "import.h"
#include "languages.h"
#include "launchexport.h"
#include "optimiserdialog.h"
#include "paretochart.h"
#include "scenario_json.h"
#include "widgettestutil.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace costlab;

class TestOptimiserDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::loadTestCatalog(); }
    void searchAndApply();
    void staleResultIsRefused();
    void render();

private:
    Catalog m_cat;
};

void TestOptimiserDialog::searchAndApply()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    const std::string original = scenarioToJson(doc.scenario());
    OptimiserDialog d(&doc, &m_cat);
    // Issue 49: the GPU count stays as planned unless asked, and the counts a search would
    // try are shown before it runs (the example's 1,024 among them).
    QCheckBox* vary = nullptr;
    for (QCheckBox* c : d.findChildren<QCheckBox*>())
        if (c->text().contains(QStringLiteral("GPU count")))
            vary = c;
    QVERIFY(vary);
    QVERIFY(!vary->isChecked());
    QVERIFY2(vary->text().contains(QLocale().toString(1024)), qPrintable(vary->text()));
    d.run();
    d.waitForDone();
    const OptimiserResult& r = d.result();
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.found);
    QCOMPARE(r.best.gpus, doc.scenario().phases[std::size_t(r.phase)].gpus);
    QCOMPARE(d.table()->rowCount(), int(r.top.size()));
    QVERIFY(d.chart()->frontierPoints() >= 2);
    QString err;
    // The best plan's launch settings: Megatron-LM arguments that read back to its layout.
    const std::optional<Scenario> best = d.planOfRow(0, &err);
    QVERIFY2(best, qPrintable(err));
    const Estimate bestEst = evaluate(*best, m_cat);
    QCOMPARE(bestEst.total, r.best.total);
    const LaunchExport ex = exportMegatronArgs(*best, bestEst, r.phase, "9.9.9");
    QVERIFY2(ex.ok(), ex.error.c_str());
    Scenario back = doc.scenario(); // the plan before the search …
    QVERIFY(applyImport(back, r.phase, importMegatronArgs(ex.text)).empty());
    const PretrainInputs& want = best->phases[std::size_t(r.phase)].pretrain;
    const PretrainInputs& got = back.phases[std::size_t(r.phase)].pretrain; // … gets its layout
    QCOMPARE(got.tp, want.tp);
    QCOMPARE(got.pp, want.pp);
    QCOMPARE(got.vpp, want.vpp);
    QCOMPARE(got.cp, want.cp);
    QCOMPARE(got.zero_stage, want.zero_stage);
    QCOMPARE(got.micro_batch, want.micro_batch);
    QVERIFY(got.recompute == want.recompute);
    QCOMPARE(doc.undoStack()->count(), 0); // exporting applies nothing
    QVERIFY2(d.applyRow(0, &err), qPrintable(err));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(evaluate(doc.scenario(), m_cat).total, r.best.total);
    doc.undoStack()->undo();
    QCOMPARE(scenarioToJson(doc.scenario()), original);
}

void TestOptimiserDialog::staleResultIsRefused()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    OptimiserDialog d(&doc, &m_cat);
    d.run();
    d.waitForDone();
    QVERIFY(doc.setValue(QStringLiteral("pretrain.tokens"), 1e13));
    QString err;
    QVERIFY(!d.applyRow(0, &err));
    QVERIFY(!err.isEmpty());
    err.clear();
    QVERIFY(!d.exportRow(0, &err)); // nor shown as launch settings
    QVERIFY(!err.isEmpty());
    QCOMPARE(doc.undoStack()->count(), 1); // only the edit
}

void TestOptimiserDialog::render()
{
    const QString prefix = qEnvironmentVariable("COSTLAB_OPTIMISER_IMAGE");
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(setLanguage(lang));
        Document doc;
        QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
        OptimiserDialog d(&doc, &m_cat);
        d.resize(1240, 660);
        d.show();
        d.run();
        d.waitForDone();
        QCoreApplication::processEvents();
        d.chart()->replot(QCustomPlot::rpImmediateRefresh);
        if (!prefix.isEmpty())
            QVERIFY(d.grab().save(prefix + QLatin1Char('-') + lang + QStringLiteral(".png")));
    }
    setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestOptimiserDialog)
#include "tst_optimiserdialog.moc"
