// Line items (model/analysis/lineitems.h, model/io/lineitemscsv.h): the CSV parses back (RFC 4180)
// to the engine's totals, month splits by hand, and scenario text with quotes, commas and line
// breaks survives.
#include "engine.h"
#include "lineitemscsv.h"
#include "scenario_json.h"
#include "testutil.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QTest>

#include <map>
#include <regex>
#include <set>

using namespace costlab;
using costlab::test::relClose;

namespace {

using Record = std::vector<std::string>;

/// Minimal RFC 4180 reader: quoted fields with doubled quotes, CRLF or LF line ends.
/// Returns false on a malformed document (quote inside an unquoted field, unclosed quote).
bool parseCsv(const std::string& text, std::vector<Record>& out)
{
    Record rec;
    std::string field;
    bool quoted = false, inQuotes = false, fieldStarted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuotes) {
            if (c == '"') {
                if (i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else
                    inQuotes = false;
            } else {
                field += c;
            }
            continue;
        }
        if (c == '"') {
            if (fieldStarted)
                return false;
            inQuotes = quoted = fieldStarted = true;
        } else if (c == ',') {
            rec.push_back(field);
            field.clear();
            quoted = fieldStarted = false;
        } else if (c == '\r' || c == '\n') {
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')
                ++i;
            rec.push_back(field);
            field.clear();
            quoted = fieldStarted = false;
            out.push_back(rec);
            rec.clear();
        } else {
            if (quoted)
                return false; // text after a closing quote
            field += c;
            fieldStarted = true;
        }
    }
    if (inQuotes)
        return false;
    if (fieldStarted || !rec.empty()) {
        rec.push_back(field);
        out.push_back(rec);
    }
    return true;
}

struct Table {
    std::vector<std::string> header;
    std::vector<Record> rows;
    int col(const std::string& name) const
    {
        for (int i = 0; i < int(header.size()); ++i)
            if (header[i] == name)
                return i;
        return -1;
    }
};

Table parse(const std::string& csv)
{
    std::vector<Record> recs;
    Table t;
    if (!parseCsv(csv, recs) || recs.empty())
        return t;
    t.header = recs.front();
    t.rows.assign(recs.begin() + 1, recs.end());
    return t;
}

/// A hand-made estimate: one phase from day 20 to day 40 of a plan starting 2027-01-04.
Estimate oneSplitPhase()
{
    Estimate e;
    PhaseEstimate pe;
    pe.start_day = 20;
    pe.end_day = 40;
    pe.gpu_price = 2.5;
    pe.cost[int(Category::ComputeTraining)] = 1000;
    pe.elastic[int(Category::ComputeTraining)] = 250;
    // GPU time behind it: 300 reserved GPU-hours at 2.5 and 100 elastic at 2.5.
    pe.pool_gpu_hours[int(Category::ComputeTraining)] = 400;
    pe.pool_elastic_gpu_hours[int(Category::ComputeTraining)] = 100;
    pe.pool_cost[int(Category::ComputeTraining)] = 1000;
    pe.cost[int(Category::StorageCheckpoint)] = 100;
    pe.total = 1100;
    e.phases.push_back(pe);
    e.shared_cost[int(Category::HiddenEngineering)] = 500;
    e.total = 1600;
    e.wall_hours = 40 * 24;
    return e;
}

} // namespace

class TestLineItems : public QObject {
    Q_OBJECT
private slots:
    void header();
    void monthSplitByHand();
    void examplesSumToEngine_data();
    void examplesSumToEngine();
    void mixedCategorySplitsGpuTime();
    void awkwardTextRoundTrips();
    void quoting();
    void focusMustRules_data();
    void focusMustRules();
    void centuryLongPlanIsRefused();
};

// Issue 44: `lineitems` of a 3.1-billion-day plan wrote 422 MB of monthly rows. A plan past
// a century (kMaxLineItemDays) has no line items and the reason says why; one just inside
// still has its rows, and a plan that cannot be evaluated has none.
void TestLineItems::centuryLongPlanIsRefused()
{
    Scenario s;
    Estimate e = oneSplitPhase();
    QVERIFY(lineItemsRefusal(e).empty());
    QVERIFY(!lineItems(s, e).empty());
    e.wall_hours = 3.1e9 * 24;
    QVERIFY2(lineItemsRefusal(e).find("3100000000 days") != std::string::npos,
             lineItemsRefusal(e).c_str());
    QVERIFY(lineItems(s, e).empty());
    e.wall_hours = 36525.0 * 24; // exactly a century: still filed
    QVERIFY(lineItemsRefusal(e).empty());
    e.wall_hours = 40 * 24;
    e.ok = false;
    QVERIFY(!lineItemsRefusal(e).empty());
    QVERIFY(lineItems(s, e).empty());
}

void TestLineItems::header()
{
    const Table t = parse(lineItemsCsv(Scenario{}, Estimate{}));
    for (const char* c : {"BillingPeriodStart",
                          "BillingPeriodEnd",
                          "ChargePeriodStart",
                          "ChargePeriodEnd",
                          "ChargeCategory",
                          "ChargeClass",
                          "ServiceCategory",
                          "ResourceType",
                          "x_CostCategory",
                          "x_Phase",
                          "Tags",
                          "BilledCost",
                          "EffectiveCost",
                          "BillingCurrency",
                          "PricingQuantity",
                          "PricingUnit",
                          "x_Fixed",
                          "x_Elastic",
                          "x_Forecast",
                          "ChargeDescription",
                          "ServiceName",
                          "BillingAccountId",
                          "BillingAccountName",
                          "InvoiceIssuerName",
                          "ProviderName",
                          "PublisherName",
                          "ListCost",
                          "ContractedCost"})
        QVERIFY2(t.col(c) >= 0, c);
    QCOMPARE(int(t.rows.size()), 0); // empty estimate: header only
}

void TestLineItems::monthSplitByHand()
{
    // Plan start 2027-01-04 (day 0). Phase days 20..40 → 2027-01-24 .. 2027-02-13.
    // February 1 is day 28 (Jan 4 + 28 days), so January holds 8 of the 20 days (40 %) and
    // February 12 (60 %).
    //   compute.training: 1000, of which 250 elastic → fixed 750, elastic 250
    //     Purchase Jan 0.4·750 = 300, Feb 0.6·750 = 450; Usage Jan 100, Feb 150
    //     GPU-hours: 300 reserved → Jan Purchase 0.4·300 = 120
    //   storage.checkpoint: 100 fixed → Jan 40, Feb 60 (unit USD)
    //   engineering (shared): 500 on the plan's first day, billing period January.
    Scenario s;
    s.budget.start_date = "2027-01-04T00:00:00Z";
    s.phases.resize(1);
    s.phases[0].name = "P";
    const Table t = parse(lineItemsCsv(s, oneSplitPhase()));
    QVERIFY(!t.rows.empty());
    std::map<std::string, double> got;
    std::map<std::string, std::string> qty;
    for (const Record& r : t.rows) {
        const std::string key = r[t.col("x_CostCategory")] + "|" + r[t.col("ChargeCategory")] +
                                "|" + r[t.col("BillingPeriodStart")];
        got[key] += std::stod(r[t.col("BilledCost")]);
        qty[key] = r[t.col("PricingQuantity")] + " " + r[t.col("PricingUnit")];
        QCOMPARE(r[t.col("x_Forecast")], std::string("true"));
        if (key == "compute.training|Purchase|2027-01-01T00:00:00Z") {
            QCOMPARE(r[t.col("BillingPeriodEnd")], std::string("2027-02-01T00:00:00Z"));
            QCOMPARE(r[t.col("ChargePeriodStart")], std::string("2027-01-24T00:00:00Z"));
            QCOMPARE(r[t.col("ChargePeriodEnd")], std::string("2027-02-01T00:00:00Z"));
            QCOMPARE(r[t.col("ServiceCategory")], std::string("AI and Machine Learning"));
        }
        if (key == "compute.training|Usage|2027-02-01T00:00:00Z")
            QCOMPARE(r[t.col("ChargePeriodEnd")], std::string("2027-02-13T00:00:00Z"));
    }
    QVERIFY(relClose(got["compute.training|Purchase|2027-01-01T00:00:00Z"], 300, 1e-12));
    QVERIFY(relClose(got["compute.training|Purchase|2027-02-01T00:00:00Z"], 450, 1e-12));
    QVERIFY(relClose(got["compute.training|Usage|2027-01-01T00:00:00Z"], 100, 1e-12));
    QVERIFY(relClose(got["compute.training|Usage|2027-02-01T00:00:00Z"], 150, 1e-12));
    QVERIFY(relClose(got["storage.checkpoint|Purchase|2027-01-01T00:00:00Z"], 40, 1e-12));
    QVERIFY(relClose(got["storage.checkpoint|Purchase|2027-02-01T00:00:00Z"], 60, 1e-12));
    QVERIFY(relClose(got["hidden.engineering|Purchase|2027-01-01T00:00:00Z"], 500, 1e-12));
    QCOMPARE(qty["compute.training|Purchase|2027-01-01T00:00:00Z"], std::string("120 GPU-Hours"));
    QCOMPARE(qty["storage.checkpoint|Purchase|2027-01-01T00:00:00Z"], std::string("40 USD"));
    QCOMPARE(int(got.size()), 7);
}

void TestLineItems::examplesSumToEngine_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
    for (const QString& f :
         dir.entryList({QStringLiteral("*.costlab.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(f)) << dir.filePath(f);
}

void TestLineItems::examplesSumToEngine()
{
    QFETCH(QString, file);
    const LoadResult r = loadScenarioFile(file.toStdString());
    QVERIFY(r.scenario);
    Scenario s = *r.scenario;
    // Phase names become x_Phase; make them unique so the per-phase sums can be told apart.
    for (std::size_t i = 0; i < s.phases.size(); ++i)
        s.phases[i].name += "#" + std::to_string(i);
    const Estimate e = evaluate(s, costlab::test::defaultCatalog());
    const Table t = parse(lineItemsCsv(s, e));
    QVERIFY(!t.rows.empty());
    double total = 0, fixed = 0, elastic = 0, gpuHours = 0;
    std::map<std::string, double> perPhase;
    for (const Record& row : t.rows) {
        QCOMPARE(row.size(), t.header.size());
        if (row[t.col("PricingUnit")] == "GPU-Hours")
            gpuHours += std::stod(row[t.col("PricingQuantity")]);
        const double v = std::stod(row[t.col("BilledCost")]);
        total += v;
        fixed += std::stod(row[t.col("x_Fixed")]);
        elastic += std::stod(row[t.col("x_Elastic")]);
        perPhase[row[t.col("x_Phase")]] += v;
        QVERIFY(row[t.col("BillingPeriodStart")] <= row[t.col("ChargePeriodStart")]);
        QVERIFY(row[t.col("ChargePeriodEnd")] <= row[t.col("BillingPeriodEnd")] ||
                row[t.col("ChargePeriodStart")] < row[t.col("BillingPeriodEnd")]);
    }
    QVERIFY2(relClose(total, e.total, 1e-6),
             costlab::test::relMessage("csv", total, "e.total", e.total, 1e-6));
    QVERIFY(relClose(fixed, e.fixed, 1e-6));
    QVERIFY(relClose(elastic + 1, e.elastic + 1, 1e-6));
    // The GPU-hours a finance reader adds up from the CSV are the plan's GPU-hours (they did
    // not reconcile when quantities were money ÷ blended price: route B 331,257 vs 601,439).
    QVERIFY2(
        relClose(gpuHours, e.gpu_hours, 1e-6),
        costlab::test::relMessage("csv GPU-hours", gpuHours, "e.gpu_hours", e.gpu_hours, 1e-6));
    for (std::size_t i = 0; i < e.phases.size(); ++i)
        QVERIFY2(relClose(perPhase[s.phases[i].name], e.phases[i].total, 1e-6),
                 s.phases[i].name.c_str());
}

void TestLineItems::mixedCategorySplitsGpuTime()
{
    // Idle time in one category: 10 GPU-hours at 3.0 (reserved) plus 50 of CPU environment
    // workers waiting. Rows: 30 with 10 GPU-Hours, and 50 in currency units.
    Scenario s;
    s.budget.start_date = "2027-01-04";
    s.phases.resize(1);
    Estimate e;
    PhaseEstimate pe;
    pe.start_day = 1;
    pe.end_day = 2;
    pe.gpu_price = 3;
    const int idle = int(Category::HiddenIdle);
    pe.cost[idle] = 80;
    pe.pool_gpu_hours[idle] = 10;
    pe.pool_cost[idle] = 30;
    pe.total = 80;
    e.phases.push_back(pe);
    e.total = e.fixed = 80;
    const Table t = parse(lineItemsCsv(s, e));
    QCOMPARE(int(t.rows.size()), 2);
    std::map<std::string, std::string> byUnit;
    for (const Record& r : t.rows)
        byUnit[r[t.col("PricingUnit")]] =
            r[t.col("BilledCost")] + "/" + r[t.col("PricingQuantity")];
    QCOMPARE(byUnit["GPU-Hours"], std::string("30/10"));
    QCOMPARE(byUnit["USD"], std::string("50/50"));
}

void TestLineItems::awkwardTextRoundTrips()
{
    const auto r = loadScenarioFile(COSTLAB_RESOURCE_DIR "/examples/grpo-7b-math.costlab.json");
    QVERIFY(r.scenario);
    Scenario s = *r.scenario;
    const std::string project = "Team \"Q\", north\nwing";
    const std::string batch = "batch, \"v2\"\r\nline two";
    const std::string phase = "RL \"phase\", one\nmore";
    s.project = project;
    s.phases[0].experiment_batch = batch;
    s.phases[0].name = phase;
    const Estimate e = evaluate(s, costlab::test::defaultCatalog());
    const std::string csv = lineItemsCsv(s, e);
    const Table t = parse(csv);
    QVERIFY(!t.rows.empty());
    bool sawPhase = false;
    for (const Record& row : t.rows) {
        QCOMPARE(row.size(), t.header.size());
        const auto tags = nlohmann::json::parse(row[t.col("Tags")]);
        QCOMPARE(tags.at("project").get<std::string>(), project);
        if (row[t.col("x_Phase")] == phase) {
            sawPhase = true;
            QCOMPARE(tags.at("experiment_batch").get<std::string>(), batch);
            QCOMPARE(tags.at("phase").get<std::string>(), phase);
        }
    }
    QVERIFY(sawPhase);
}

void TestLineItems::quoting()
{
    QCOMPARE(csvField("plain"), std::string("plain"));
    QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
    QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
    QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
    QCOMPARE(csvField(""), std::string(""));
    // User text that a spreadsheet would run as a formula is made inert (OWASP).
    QCOMPARE(csvTextField("=1+1"), std::string("'=1+1"));
    QCOMPARE(csvTextField("@SUM(A1)"), std::string("'@SUM(A1)"));
    QCOMPARE(csvTextField("-2+3,x"), std::string("\"'-2+3,x\""));
    QCOMPARE(csvTextField("Pre-training"), std::string("Pre-training"));
}

void TestLineItems::focusMustRules_data()
{
    examplesSumToEngine_data();
}

void TestLineItems::focusMustRules()
{
    // FOCUS 1.2 (FinOps Open Cost and Usage Specification), the MUST rules that apply to the
    // rows a forecast writes; the rules waived or read for a forecast are listed with their
    // reason in docs/report.md. Checked for every example plan.
    QFETCH(QString, file);
    const LoadResult r = loadScenarioFile(file.toStdString());
    QVERIFY(r.scenario);
    const Estimate e = evaluate(*r.scenario, costlab::test::defaultCatalog());
    const Table t = parse(lineItemsCsv(*r.scenario, e));
    QVERIFY(!t.rows.empty());
    // Mandatory columns present, and not null where the spec says "MUST NOT be null".
    const std::set<std::string> notNull = {
        "BilledCost",         "BillingAccountId", "BillingCurrency",   "BillingPeriodEnd",
        "BillingPeriodStart", "ChargeCategory",   "ChargePeriodEnd",   "ChargePeriodStart",
        "ContractedCost",     "EffectiveCost",    "InvoiceIssuerName", "ListCost",
        "ProviderName",       "PublisherName",    "ServiceCategory",   "ServiceName",
        "ChargeDescription",  "PricingQuantity",  "PricingUnit"};
    const std::set<std::string> nullable = {"BillingAccountName", "ChargeClass", "ResourceType",
                                            "Tags"};
    for (const std::string& c : notNull)
        QVERIFY2(t.col(c.c_str()) >= 0, c.c_str());
    for (const std::string& c : nullable)
        QVERIFY2(t.col(c.c_str()) >= 0, c.c_str());
    // Custom columns MUST be prefixed "x_".
    for (const std::string& h : t.header)
        QVERIFY2(notNull.count(h) || nullable.count(h) || h.rfind("x_", 0) == 0, h.c_str());
    const std::set<std::string> chargeCategories = {"Usage", "Purchase", "Tax", "Credit",
                                                    "Adjustment"};
    const std::set<std::string> serviceCategories = {"AI and Machine Learning",
                                                     "Analytics",
                                                     "Business Applications",
                                                     "Compute",
                                                     "Databases",
                                                     "Developer Tools",
                                                     "Multicloud",
                                                     "Identity",
                                                     "Integration",
                                                     "Internet of Things",
                                                     "Management and Governance",
                                                     "Media",
                                                     "Migration",
                                                     "Mobile",
                                                     "Networking",
                                                     "Security",
                                                     "Storage",
                                                     "Web",
                                                     "Other"};
    const std::regex dateTime(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");
    const std::regex currency(R"([A-Z]{3})");
    for (const Record& row : t.rows) {
        for (const std::string& c : notNull)
            QVERIFY2(!row[t.col(c.c_str())].empty(), c.c_str());
        QVERIFY(chargeCategories.count(row[t.col("ChargeCategory")]));
        QVERIFY2(serviceCategories.count(row[t.col("ServiceCategory")]),
                 row[t.col("ServiceCategory")].c_str());
        const std::string& cls = row[t.col("ChargeClass")];
        QVERIFY(cls.empty() || cls == "Correction");
        for (const char* c :
             {"BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart", "ChargePeriodEnd"})
            QVERIFY2(std::regex_match(row[t.col(c)], dateTime), row[t.col(c)].c_str());
        // Periods: start inclusive, end exclusive and after the start.
        QVERIFY(row[t.col("BillingPeriodStart")] < row[t.col("BillingPeriodEnd")]);
        QVERIFY(row[t.col("ChargePeriodStart")] < row[t.col("ChargePeriodEnd")]);
        QVERIFY(std::regex_match(row[t.col("BillingCurrency")], currency));
        for (const char* c :
             {"BilledCost", "EffectiveCost", "ListCost", "ContractedCost", "PricingQuantity"}) {
            std::size_t used = 0;
            const double v = std::stod(row[t.col(c)], &used);
            QVERIFY2(used == row[t.col(c)].size() && std::isfinite(v), c);
        }
        // Tags: a JSON object (a key-value format, FOCUS "Tags").
        QVERIFY(row[t.col("Tags")].front() == '{' && row[t.col("Tags")].back() == '}');
    }
}

QTEST_GUILESS_MAIN(TestLineItems)
#include "tst_lineitems.moc"
