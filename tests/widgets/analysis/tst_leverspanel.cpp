// The Levers panel (widgets/editor/leverspanel.h, issue 15): every lever of the table is a
// row; ticked levers and "all within limits" are one undo step each, and undo restores the
// plan exactly (the saved JSON is byte for byte the original); a lever that does not apply
// cannot be ticked; the limits in the panel reach the proposals.
// COSTLAB_LEVERS_IMAGE=PREFIX saves PREFIX-en.png and PREFIX-zh_CN.png of the panel.
#include "document.h"
#include "languages.h"
#include "leverspanel.h"
#include "scenario_json.h"
#include "widgettestutil.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace costlab;

namespace {

int rowOf(QTableWidget* t, const QString& id)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->data(Qt::UserRole + 1).toString() == id)
            return r;
    return -1;
}

} // namespace

class TestLeversPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::loadTestCatalog(); }
    void rowsAndRefusals();
    void tickedLeversAreOneUndoStep();
    void allWithinLimitsIsOneUndoStep();
    void limitsReachTheProposals();
    void render();

private:
    Catalog m_cat;
};

void TestLeversPanel::rowsAndRefusals()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    LeversPanel panel(&doc, &m_cat);
    panel.show();
    panel.waitForDone();
    QCOMPARE(panel.table()->rowCount(), int(leverTable().size()));
    // A pre-training plan: the RL levers do not apply, say so, and cannot be ticked.
    const int row = rowOf(panel.table(), QStringLiteral("rollout_precision"));
    QVERIFY(row >= 0);
    QVERIFY(!(panel.table()->item(row, 0)->flags() & Qt::ItemIsUserCheckable));
    panel.setChecked(QStringLiteral("rollout_precision"), true);
    QVERIFY(panel.checkedLevers().isEmpty());
    panel.table()->selectRow(row);
    QVERIFY(panel.details()->toPlainText().contains(QStringLiteral("no RL post-training")));
    QString err;
    QVERIFY(!panel.applyChecked(&err));
    QVERIFY(!err.isEmpty());
    QCOMPARE(doc.undoStack()->count(), 0);
}

void TestLeversPanel::tickedLeversAreOneUndoStep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    const std::string original = scenarioToJson(doc.scenario());
    LeversPanel panel(&doc, &m_cat);
    panel.show();
    panel.waitForDone();
    panel.setChecked(QStringLiteral("infra_as_code"), true);
    panel.setChecked(QStringLiteral("log_sampling"), true);
    QCOMPARE(panel.checkedLevers(),
             (QStringList{QStringLiteral("infra_as_code"), QStringLiteral("log_sampling")}));
    QVERIFY(panel.applyCheckedButton()->isEnabled());
    QString err;
    QVERIFY2(panel.applyChecked(&err), qPrintable(err));
    QCOMPARE(doc.undoStack()->count(), 1);
    QVERIFY(doc.scenario().engineering.infra_as_code);
    QCOMPARE(doc.scenario().logging.sampling_rate, 0.1);
    const std::string applied = scenarioToJson(doc.scenario());
    doc.undoStack()->undo();
    QCOMPARE(scenarioToJson(doc.scenario()), original);
    doc.undoStack()->redo();
    QCOMPARE(scenarioToJson(doc.scenario()), applied);
    // The panel re-prices the changed plan: infrastructure as code no longer applies.
    panel.waitForDone();
    const int row = rowOf(panel.table(), QStringLiteral("infra_as_code"));
    QVERIFY(!(panel.table()->item(row, 0)->flags() & Qt::ItemIsUserCheckable));
}

void TestLeversPanel::allWithinLimitsIsOneUndoStep()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    const std::string original = scenarioToJson(doc.scenario());
    LeversPanel panel(&doc, &m_cat);
    panel.show();
    panel.waitForDone();
    const LeverCombination combined = panel.combination();
    QVERIFY(!combined.lever_ids.empty());
    QVERIFY(panel.applyAllButton()->isEnabled());
    QString err;
    QVERIFY2(panel.applyAllWithinLimits(&err), qPrintable(err));
    QCOMPARE(doc.undoStack()->count(), 1);
    // The document now prices exactly what the combination promised.
    QCOMPARE(evaluate(doc.scenario(), m_cat).total, combined.after.total);
    doc.undoStack()->undo();
    QCOMPARE(scenarioToJson(doc.scenario()), original);
}

void TestLeversPanel::limitsReachTheProposals()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
    LeversPanel panel(&doc, &m_cat);
    panel.show();
    panel.waitForDone();
    auto precision = [&panel]() -> const LeverResult& {
        for (const LeverResult& r : panel.result().levers)
            if (r.info->id == "rollout_precision")
                return r;
        qFatal("no rollout_precision");
    };
    QVERIFY(precision().withinLimits());
    RiskLimits strict = panel.limits();
    strict[RiskKind::Unrecoverable] = 0;
    panel.setLimits(strict);
    panel.waitForDone();
    QCOMPARE(panel.limits()[RiskKind::Unrecoverable], 0.0);
    QVERIFY(!precision().withinLimits());
    const int row = rowOf(panel.table(), QStringLiteral("rollout_precision"));
    QVERIFY(panel.table()->item(row, 2)->text().contains(QStringLiteral("Run lost")));
}

void TestLeversPanel::render()
{
    const QString prefix = qEnvironmentVariable("COSTLAB_LEVERS_IMAGE");
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(setLanguage(lang));
        Document doc;
        QVERIFY(doc.load(test::examplePath("route-b-small-base-heavy-rl.costlab.json")));
        LeversPanel panel(&doc, &m_cat);
        panel.resize(440, 680);
        panel.show();
        panel.waitForDone();
        QVERIFY(panel.table()->rowCount() > 0);
        QVERIFY(!panel.details()->toPlainText().isEmpty());
        if (!prefix.isEmpty())
            QVERIFY(panel.grab().save(prefix + QLatin1Char('-') + lang + QStringLiteral(".png")));
    }
    setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestLeversPanel)
#include "tst_leverspanel.moc"
