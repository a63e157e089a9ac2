// Bills as CSV (model/io/billcsv.h, issue 47 item 1): a slice of the FinOps Foundation's real
// FOCUS sample (tests/data/bills/SOURCES.md), Costlab's own line-item export read back to the
// plan's totals, the Chinese clouds' column mappings, dates and zones, refusals with their row.
#include "billcsv.h"
#include "catalogio.h"
#include "engine.h"
#include "lineitemscsv.h"
#include "scenario_json.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace costlab;

class TestBillCsv : public QObject {
    Q_OBJECT
private slots:
    void readsTheFocusSample();
    void readsCostlabsOwnExportToTheCent();
    void readsTheChineseCloudMappings();
    void parsesTimesAndZones();
    void refusesWithTheRowAndAppliesNothing();
    void readsAFileWithProgressAndCancel();
    void reviewCases();
};

static std::string fixture(const char* name)
{
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/bills/") + QString::fromUtf8(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    return f.readAll().toStdString();
}

static double sum(const Bill& b)
{
    double v = 0;
    for (const BillLine& l : b.lines)
        v += l.cost;
    return v;
}

void TestBillCsv::readsTheFocusSample()
{
    const BillRead r = readBill(fixture("focus-sample-slice.csv"), "focus-sample-slice.csv");
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.bill.format, std::string("focus"));
    QCOMPARE(r.bill.lines.size(), std::size_t(40));
    // EffectiveCost summed over the 40 rows with Python's csv module: 1.568017758 USD.
    QVERIFY(std::abs(sum(r.bill) - 1.568017758) < 1e-9);
    // Row 2 (the first data row): ChargePeriodStart "2024-09-21 21:00:00" read as UTC =
    // 1726952400 (calendar.timegm), an hour long.
    const BillLine& first = r.bill.lines.front();
    QCOMPARE(first.line, std::uint32_t(2));
    QCOMPARE(first.start, UnixSeconds(1726952400));
    QCOMPARE(first.end - first.start, UnixSeconds(3600));
    QCOMPARE(r.bill.strings[first.currency], std::string("USD"));
    QCOMPARE(r.bill.strings[first.service], std::string("Compute"));
    // 32 rows carry tags in 26 distinct sets (Python); NULL is no tags.
    QCOMPARE(r.bill.tag_sets.size(), std::size_t(27));
    const auto& tags = r.bill.tag_sets[first.tags];
    QCOMPARE(tags.size(), std::size_t(3));
    QCOMPARE(tags[0].key, std::string("application"));
    QCOMPARE(tags[0].value, std::string("SecureSystemFlex"));
}

void TestBillCsv::readsCostlabsOwnExportToTheCent()
{
    std::vector<std::string> errors;
    const LoadResult loaded =
        loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
    QVERIFY(loaded.scenario);
    const Scenario* s = &*loaded.scenario;
    const auto cat = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY(cat);
    const Estimate e = evaluate(*s, *cat);
    const BillRead r = readBill(lineItemsCsv(*s, e), "own.csv");
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.bill.format, std::string("focus"));
    QVERIFY(std::abs(sum(r.bill) - e.total) < 0.005);
    // x_CostCategory and x_Phase come through, the formula guard's apostrophe removed.
    bool sawPhase = false;
    for (const BillLine& l : r.bill.lines) {
        QVERIFY(!r.bill.strings[l.category].empty());
        sawPhase = sawPhase || r.bill.strings[l.phase] == s->phases[0].name;
    }
    QVERIFY(sawPhase);
}

void TestBillCsv::readsTheChineseCloudMappings()
{
    // Alibaba's detailed bill (help.aliyun.com 89133): Beijing time without a zone, tags as
    // key:value pairs separated by ';'.
    const BillRead ali =
        readBill("InstanceID,ProductName,UsageStartTime,UsageEndTime,PretaxAmount,Tag\n"
                 "i-gpu1,ECS,2027-01-04 08:00:00,2027-01-04 09:00:00,\"1,234.50\","
                 "project:llm;phase:Pre-training\n");
    QVERIFY2(ali.error.empty(), ali.error.c_str());
    QCOMPARE(ali.bill.format, std::string("aliyun"));
    QCOMPARE(ali.bill.lines[0].start, UnixSeconds(1799020800)); // 2027-01-04T00:00Z
    QCOMPARE(ali.bill.lines[0].cost, 1234.5);
    const auto& t = ali.bill.tag_sets[ali.bill.lines[0].tags];
    QCOMPARE(t.size(), std::size_t(2));
    QCOMPARE(t[1].key, std::string("phase"));
    QCOMPARE(t[1].value, std::string("Pre-training"));
    // Huawei's transaction detail: one cell holds the whole period, with " GMT+08:00".
    const BillRead hw =
        readBill("资源ID,产品,消费时间,消费金额\n"
                 "r1,ECS,2020-08-23 22:00:00 GMT+08:00-2020-08-23 23:00:00 GMT+08:00,¥3.20\n");
    QVERIFY2(hw.error.empty(), hw.error.c_str());
    QCOMPARE(hw.bill.format, std::string("huawei"));
    QCOMPARE(hw.bill.lines[0].start, UnixSeconds(1598191200)); // 14:00 UTC, calendar.timegm
    QCOMPARE(hw.bill.lines[0].end - hw.bill.lines[0].start, UnixSeconds(3600));
    QCOMPARE(hw.bill.lines[0].cost, 3.2);
}

void TestBillCsv::parsesTimesAndZones()
{
    UnixSeconds t = 0;
    QVERIFY(parseBillTime("2027-01-04", 0, t));
    QCOMPARE(t, UnixSeconds(1799020800));
    QVERIFY(parseBillTime("2027-01-04T12:30:00Z", 0, t));
    QCOMPARE(t, UnixSeconds(1799020800 + 12 * 3600 + 1800));
    QVERIFY(parseBillTime("2027-01-04T08:00:00+08:00", 0, t));
    QCOMPARE(t, UnixSeconds(1799020800));
    QVERIFY(parseBillTime("2027-01-04 08:00", 480, t)); // naive time, UTC+8
    QCOMPARE(t, UnixSeconds(1799020800));
    QVERIFY(parseBillTime("2027/01/04 00:00:00.250", 0, t));
    QCOMPARE(t, UnixSeconds(1799020800));
    QVERIFY(parseBillTime("2027-01", 0, t)); // a monthly bill's period
    QCOMPARE(t, UnixSeconds(1798761600));    // 2027-01-01
    for (const char* bad : {"2027-02-31", "2027-13-01", "2027-01-04T25:00:00Z", "04/01/2027",
                            "2027-01-04T12:00:00+19:00", "1969-12-31", "2027-01-04X", ""})
        QVERIFY2(!parseBillTime(bad, 0, t), bad);
}

void TestBillCsv::refusesWithTheRowAndAppliesNothing()
{
    const std::string head = "ChargePeriodStart,ChargePeriodEnd,EffectiveCost,Tags\n";
    const std::string good = "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,5,{}\n";
    struct Case {
        std::string text, expected;
    };
    const Case cases[] = {
        {"Date,Amount\n2027-01-04,5\n", "row 1: not a bill"},
        {head + good + "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,five,{}\n", "row 3: the cost"},
        {head + good + "2027-01-04T02:00:00Z,2027-01-04T01:00:00Z,5,{}\n",
         "row 3: the charge period ends"},
        {head + good + "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,5\n", "row 3: 3 cells"},
        {head + "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,5,\"[1,2]\"\n", "row 2: the Tags cell"},
        {head + "yesterday,2027-01-04T01:00:00Z,5,{}\n", "row 2: the charge period start"},
        {head + "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,1e13,{}\n", "row 2: the cost"},
        {head + "\"2027-01-04", "not CSV"},
        {"", "no rows"},
    };
    for (const Case& c : cases) {
        const BillRead r = readBill(c.text);
        QVERIFY2(r.error.find(c.expected) != std::string::npos,
                 (r.error + " / " + c.expected).c_str());
        QVERIFY(r.bill.lines.empty());
    }
}

void TestBillCsv::readsAFileWithProgressAndCancel()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("bill.csv").toStdString();
    std::string text = "ChargePeriodStart,ChargePeriodEnd,EffectiveCost,ResourceId\n";
    for (int i = 0; i < 60000; ++i) // ~3.5 MB: four 1 MiB chunks
        text += "2027-01-04T00:00:00Z,2027-01-04T01:00:00Z,0.25,i-" + std::to_string(i % 7) + "\n";
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.data(), qint64(text.size()));
    f.close();
    std::vector<double> seen;
    const BillRead r = readBillFile(path, [&](double x) {
        seen.push_back(x);
        return true;
    });
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.bill.lines.size(), std::size_t(60000));
    QCOMPARE(sum(r.bill), 15000.0);
    QCOMPARE(r.bill.strings.size(), std::size_t(1 + 7)); // "" and the seven resource ids
    QVERIFY(seen.size() >= 3);
    QCOMPARE(seen.back(), 1.0);
    const BillRead c = readBillFile(path, [](double) { return false; });
    QVERIFY(c.cancelled);
    QVERIFY(c.bill.lines.empty());
    QVERIFY(readBillFile(dir.path().toStdString()).error.find("not a regular file") !=
            std::string::npos);
}

void TestBillCsv::reviewCases()
{
    // Excel's "CSV UTF-8": a byte-order mark before a quoted header; CRLF; a trailing row of
    // empty cells (a spreadsheet's totals gap) is skipped.
    const BillRead excel = readBill("\xEF\xBB\xBF\"ChargePeriodStart\",\"EffectiveCost\"\r\n"
                                    "2027-01-04T00:00:00+05:30,2.5\r\n,\r\n");
    QVERIFY2(excel.error.empty(), excel.error.c_str());
    QCOMPARE(excel.bill.lines.size(), std::size_t(1));
    QCOMPARE(excel.bill.lines[0].start, UnixSeconds(1799020800 - 5 * 3600 - 1800));
    // "--3" is not an amount (it once read as +3).
    QVERIFY(readBill("ChargePeriodStart,EffectiveCost\n2027-01-04,--3\n").error.find("row 2") !=
            std::string::npos);
    // Huawei's bills name no currency: CNY; an Alibaba amount with ¥ says CNY itself.
    const BillRead hw =
        readBill("资源ID,产品,消费时间,消费金额\nr1,ECS,2020-08-23 22:00:00,3.20\n");
    QCOMPARE(hw.bill.strings[hw.bill.lines[0].currency], std::string("CNY"));
    const BillRead ali =
        readBill("InstanceID,UsageStartTime,PretaxAmount\ni-1,2027-01-04 08:00:00,¥5\n");
    QVERIFY2(ali.error.empty(), ali.error.c_str());
    QCOMPARE(ali.bill.strings[ali.bill.lines[0].currency], std::string("CNY"));
}

QTEST_APPLESS_MAIN(TestBillCsv)
#include "tst_billcsv.moc"
