// The Actuals tab (widgets/analysis/actualsview.h, issue 47) on the committed demo bill and
// log (tests/data/actuals/SOURCES.md): the flags the demo was made to raise reach the table,
// the chart draws one point per day and the day over the alert line, unattributed lines are
// listed, a file that does not read adds nothing and says which row, hostile text stays
// text, and an edit of the plan recompares.
#include "actualschart.h"
#include "actualsview.h"
#include "document.h"
#include "widgettestutil.h"

#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace costlab;

class TestActualsView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::loadTestCatalog(); }
    void demoRaisesItsFlags();
    void badFileAddsNothingAndHostileTextStaysText();
    void anEditRecompares();
    void keptComparisonsAreListed();

private:
    Catalog m_cat;
    QStringList demo() const
    {
        return {QStringLiteral(COSTLAB_TEST_DATA_DIR "/actuals/llama3-8b-bill-day9.csv"),
                QStringLiteral(COSTLAB_TEST_DATA_DIR "/actuals/llama3-8b-train.log")};
    }
};

void TestActualsView::demoRaisesItsFlags()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ActualsView view(&doc, &m_cat);
    QVERIFY(view.addFilesNow(demo()).isEmpty());
    const ActualsResult& r = view.result();
    QVERIFY(r.error.empty());
    // The bill runs 9 days and 14 hours (230 hourly GPU lines): ten days on the chart.
    QCOMPARE(int(r.days.size()), 10);
    QCOMPARE(view.chart()->seriesValues(QStringLiteral("actual")).size(), 11);
    QCOMPARE(view.chart()->seriesValues(QStringLiteral("daily")).size(), 10);
    // Day 6 (10 Jan) billed a second job copy for five hours: 1,024 × 2.73 USD × 29 h of
    // GPU = 81,070 USD plus storage, over the 80,000 USD line; the loss spike of day 7.
    QCOMPARE(view.flagsTable()->rowCount(), 2);
    QVERIFY(r.flags[0].kind == FlagKind::AlertLine);
    QVERIFY(r.flags[1].kind == FlagKind::Divergence);
    QVERIFY(view.chart()->seriesValues(QStringLiteral("daily")).at(6) > 80000);
    QCOMPARE(view.chart()->flagMarks(), 2);
    // The dev VM's unknown batch and the untagged NAT gateway: two groups, 230 + 10 lines.
    QCOMPARE(view.unattributedTable()->rowCount(), 2);
    QCOMPARE(view.filesTable()->rowCount(), 2);
    QVERIFY(view.summaryText().contains(QStringLiteral("As of 13 Jan 2027 14:00 UTC")));
}

void TestActualsView::badFileAddsNothingAndHostileTextStaysText()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ActualsView view(&doc, &m_cat);
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.csv"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("ChargePeriodStart,EffectiveCost\n2027-01-04,five\n");
    f.close();
    const QString errors = view.addFilesNow({bad});
    QVERIFY2(errors.contains(QStringLiteral("row 2: the cost")), qPrintable(errors));
    QCOMPARE(view.filesTable()->rowCount(), 0);
    // A resource id that looks like markup is shown as typed.
    const QString hostile = dir.filePath(QStringLiteral("hostile.csv"));
    QFile h(hostile);
    QVERIFY(h.open(QIODevice::WriteOnly));
    h.write("ChargePeriodStart,ChargePeriodEnd,EffectiveCost,ResourceId,Tags\n"
            "2027-01-05T00:00:00Z,2027-01-05T01:00:00Z,5,<img src=x.png>,{}\n");
    h.close();
    QVERIFY(view.addFilesNow({hostile}).isEmpty());
    QCOMPARE(view.unattributedTable()->rowCount(), 1);
    QCOMPARE(view.unattributedTable()->item(0, 4)->text(), QStringLiteral("<img src=x.png>"));
}

void TestActualsView::anEditRecompares()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ActualsView view(&doc, &m_cat);
    QVERIFY(view.addFilesNow(demo()).isEmpty());
    const double before = view.result().planned_to_date;
    // Twice the GPUs: the plan spends about twice as fast by the same moment.
    QVERIFY(doc.setValue(QStringLiteral("pretrain.gpus"), 2048));
    QTRY_VERIFY_WITH_TIMEOUT(view.result().planned_to_date > 1.5 * before, 10000);
}

void TestActualsView::keptComparisonsAreListed()
{
    // The window passes the library's kept comparisons; the tab lists them, newest first as
    // given, with the plan's currency; the keep button waits for a comparison.
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    ActualsView view(&doc, &m_cat);
    QVERIFY(!view.keepButton()->isEnabled());
    view.setKept({{1799020800000, 1799848800, 661024, 656968, 1398628, 2,
                   QStringLiteral("[{\"file\":\"bill.csv\"}]")}});
    QCOMPARE(view.keptTable()->rowCount(), 1);
    QCOMPARE(view.keptTable()->item(0, 1)->text(), QStringLiteral("13 Jan 2027 14:00 UTC"));
    QCOMPARE(view.keptTable()->item(0, 5)->text(), QStringLiteral("2"));
    QVERIFY(view.addFilesNow(demo()).isEmpty());
    QVERIFY(view.keepButton()->isEnabled());
}

QTEST_MAIN(TestActualsView)
#include "tst_actualsview.moc"
