// catalogToJson round trip: the shipped default catalog → text → catalogFromJson must give
// back every field exactly (the catalog editor saves through this path).
#include "catalog.h"
#include "catalogio.h"
#include "engine.h"
#include "scenario_json.h"

#include <algorithm>
#include <cmath>

#include <QtTest>

using namespace costlab;

namespace {

void compareSource(const Source& a, const Source& b, const QString& where)
{
    QVERIFY2(a.text == b.text, qPrintable(where + QStringLiteral(".text")));
    QVERIFY2(a.date == b.date, qPrintable(where + QStringLiteral(".date")));
}

void compareTier(const StorageTier& a, const StorageTier& b, const QString& where)
{
    QCOMPARE(a.id, b.id);
    QCOMPARE(a.name, b.name);
    QCOMPARE(a.price_gb_month, b.price_gb_month);
    QCOMPARE(a.write_gbps, b.write_gbps);
    compareSource(a.source, b.source, where);
}

} // namespace

class TestCatalogIo : public QObject {
    Q_OBJECT
private slots:
    void defaultRoundTrip();
    void notOfferedIsNull();
    void nonFiniteIsRejectedByReader();
    void pickGivenWinsOverThePlansId();
    void pickLibraryCopyByPlanId();
    void pickRefusesMissingOrBrokenCatalogs();
    void unavailableCatalogIsRefusedNotPricedAtZero();
    void catalogCurrencyConvertsToThePlans();
};

void TestCatalogIo::defaultRoundTrip()
{
    std::vector<std::string> errors;
    const auto original = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY2(original, errors.empty() ? "?" : errors.front().c_str());
    const std::string text = catalogToJson(*original);
    const auto back = catalogFromJson(text, errors);
    QVERIFY2(back, errors.empty() ? "?" : errors.front().c_str());
    const Catalog& a = *original;
    const Catalog& b = *back;
    QCOMPARE(b.id, a.id);
    QCOMPARE(b.name, a.name);
    QCOMPARE(b.currency, a.currency);
    QCOMPARE(b.date, a.date);
    QCOMPARE(b.cny_per_usd, a.cny_per_usd);
    compareSource(a.fx_source, b.fx_source, QStringLiteral("fx"));
    QCOMPARE(b.accelerators.size(), a.accelerators.size());
    QVERIFY(!a.accelerators.empty());
    for (std::size_t i = 0; i < a.accelerators.size(); ++i) {
        const Accelerator& x = a.accelerators[i];
        const Accelerator& y = b.accelerators[i];
        QCOMPARE(y.id, x.id);
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.hbm_gib, x.hbm_gib);
        QCOMPARE(y.mem_bw_gbps, x.mem_bw_gbps);
        QCOMPARE(y.bf16_tflops, x.bf16_tflops);
        QCOMPARE(y.fp8_tflops, x.fp8_tflops);
        QCOMPARE(y.int8_tops, x.int8_tops);
        QCOMPARE(y.interconnect_gbps, x.interconnect_gbps);
        QCOMPARE(y.gpus_per_node, x.gpus_per_node);
        QCOMPARE(y.tdp_w, x.tdp_w);
        QCOMPARE(y.default_mfu, x.default_mfu);
        QCOMPARE(y.price_reserved, x.price_reserved);
        QCOMPARE(y.price_on_demand, x.price_on_demand);
        QCOMPARE(y.price_spot, x.price_spot);
        compareSource(x.source, y.source, QString::fromStdString(x.id));
        compareSource(x.price_source, y.price_source, QString::fromStdString(x.id) + "/price");
    }
    QCOMPARE(b.instances.size(), a.instances.size());
    for (std::size_t i = 0; i < a.instances.size(); ++i) {
        const InstanceType& x = a.instances[i];
        const InstanceType& y = b.instances[i];
        QCOMPARE(y.id, x.id);
        QCOMPARE(y.name, x.name);
        QCOMPARE(y.vcpus, x.vcpus);
        QCOMPARE(y.mem_gib, x.mem_gib);
        QCOMPARE(y.gpus, x.gpus);
        QCOMPARE(y.price_hour, x.price_hour);
        compareSource(x.source, y.source, QString::fromStdString(x.id));
    }
    compareTier(a.object_standard, b.object_standard, QStringLiteral("object_standard"));
    compareTier(a.object_infrequent, b.object_infrequent, QStringLiteral("object_infrequent"));
    compareTier(a.object_archive, b.object_archive, QStringLiteral("object_archive"));
    compareTier(a.file_high_iops, b.file_high_iops, QStringLiteral("file_high_iops"));
    QCOMPARE(b.traffic_intra_gb, a.traffic_intra_gb);
    QCOMPARE(b.traffic_egress_gb, a.traffic_egress_gb);
    QCOMPARE(b.lb_per_million, a.lb_per_million);
    compareSource(a.traffic_source, b.traffic_source, QStringLiteral("traffic"));
    QCOMPARE(b.log_ingest_gb, a.log_ingest_gb);
    QCOMPARE(b.log_retention_gb_month, a.log_retention_gb_month);
    compareSource(a.log_source, b.log_source, QStringLiteral("logs"));
    // Writing the re-read catalog again gives the same text (stable output for diffs).
    QCOMPARE(catalogToJson(b), text);
}

void TestCatalogIo::notOfferedIsNull()
{
    std::vector<std::string> errors;
    auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY(c);
    c->accelerators.front().price_spot = -1;
    const std::string text = catalogToJson(*c);
    QVERIFY(text.find("\"spot\": null") != std::string::npos);
    const auto back = catalogFromJson(text, errors);
    QVERIFY(back);
    QCOMPARE(back->accelerators.front().price_spot, -1.0);
}

void TestCatalogIo::nonFiniteIsRejectedByReader()
{
    std::vector<std::string> errors;
    auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    QVERIFY(c);
    c->accelerators.front().hbm_gib = std::numeric_limits<double>::infinity();
    const auto back = catalogFromJson(catalogToJson(*c), errors);
    QVERIFY(!back);
    QVERIFY(!errors.empty());
    QVERIFY2(errors.front().rfind("/accelerators/0/hbm_gib:", 0) == 0, errors.front().c_str());
}

namespace {

Catalog shippedCatalog()
{
    std::vector<std::string> errors;
    auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
    return c ? *c : Catalog{};
}

Scenario example(const char* name)
{
    const LoadResult r = loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + name);
    return r.scenario ? *r.scenario : Scenario{};
}

/// Every price in `c` multiplied by `f` (a catalog kept in another currency).
void scalePrices(Catalog& c, double f)
{
    for (Accelerator& a : c.accelerators)
        for (double* p : {&a.price_reserved, &a.price_on_demand, &a.price_spot})
            if (*p >= 0)
                *p *= f;
    for (InstanceType& i : c.instances)
        i.price_hour *= f;
    for (StorageTier* t :
         {&c.object_standard, &c.object_infrequent, &c.object_archive, &c.file_high_iops})
        t->price_gb_month *= f;
    for (double* p : {&c.traffic_intra_gb, &c.traffic_egress_gb, &c.lb_per_million,
                      &c.log_ingest_gb, &c.log_retention_gb_month})
        *p *= f;
}

} // namespace

void TestCatalogIo::pickGivenWinsOverThePlansId()
{
    Catalog given = shippedCatalog();
    given.id = "from-file";
    CatalogSources src;
    src.given = &given;
    src.library = [](std::string_view) -> std::optional<std::string> { return std::nullopt; };
    const Catalog c = pickCatalog("my-prices", src);
    QCOMPARE(c.id, std::string("from-file"));
    QVERIFY(c.unavailable.empty());
}

void TestCatalogIo::pickLibraryCopyByPlanId()
{
    const Catalog shipped = shippedCatalog();
    Catalog mine = shipped;
    mine.name = "My prices";
    mine.accelerators.front().price_on_demand = 1.25;
    const std::string text = catalogToJson(mine);
    std::string asked;
    CatalogSources src;
    src.shipped = &shipped;
    src.library = [&](std::string_view id) -> std::optional<std::string> {
        asked = std::string(id);
        return id == "my-prices" ? std::optional<std::string>(text) : std::nullopt;
    };
    const Catalog c = pickCatalog("my-prices", src);
    QCOMPARE(asked, std::string("my-prices"));
    QVERIFY2(c.unavailable.empty(), c.unavailable.c_str());
    QCOMPARE(c.id, std::string("my-prices")); // the library's key, whatever the JSON says
    QCOMPARE(c.name, std::string("My prices"));
    QCOMPARE(c.accelerators.front().price_on_demand, 1.25);
    // "" means "default"; the library has no "default", so the shipped one prices it.
    const Catalog d = pickCatalog("", src);
    QCOMPARE(asked, std::string("default"));
    QVERIFY(d.unavailable.empty());
    QCOMPARE(d.id, shipped.id);
}

void TestCatalogIo::pickRefusesMissingOrBrokenCatalogs()
{
    const Catalog shipped = shippedCatalog();
    CatalogSources src;
    src.shipped = &shipped;
    src.hint = "pass --catalog FILE";
    // Not found, with a hostile id: the message names it escaped and gives the hint.
    const Catalog m = pickCatalog("evil\x1b[2J", src);
    QVERIFY(!m.unavailable.empty());
    QVERIFY2(m.unavailable.find("'evil\\x1b[2J'") != std::string::npos, m.unavailable.c_str());
    QVERIFY(m.unavailable.find('\x1b') == std::string::npos);
    QVERIFY(m.unavailable.find("(pass --catalog FILE)") != std::string::npos);
    QVERIFY(m.accelerators.empty());
    // A library copy that is not a valid catalog is refused, never silently replaced by the
    // shipped one of the same id.
    src.library = [](std::string_view) -> std::optional<std::string> {
        return std::string("{\"schema_version\": 1}");
    };
    const Catalog b = pickCatalog("default", src);
    QVERIFY(b.unavailable.find("not a valid catalog") != std::string::npos);
}

void TestCatalogIo::unavailableCatalogIsRefusedNotPricedAtZero()
{
    const Scenario s = example("llama3-8b-pretrain-h100.costlab.json");
    QVERIFY(!s.phases.empty());
    CatalogSources src; // nothing at all
    const Catalog missing = pickCatalog("my-prices", src);
    const Estimate e = evaluate(s, missing);
    QVERIFY(!e.ok);
    QCOMPARE(e.total, 0.0);
    QVERIFY(std::find(e.warnings.begin(), e.warnings.end(),
                      std::string_view(kCatalogUnavailableWarning)) != e.warnings.end());
}

void TestCatalogIo::catalogCurrencyConvertsToThePlans()
{
    // The same prices kept in CNY (every price × the plan's rate) must price a plan exactly
    // as the USD catalog does, whichever currency the plan is in: money is converted once,
    // from the catalog's currency to the plan's (rate: the plan's cny_per_usd).
    const Catalog usd = shippedCatalog();
    QCOMPARE(usd.currency, std::string("USD"));
    for (const char* file :
         {"agentic-rl-32b-code.costlab.json", "eval-405b-campaign.costlab.json",
          "grpo-7b-math.costlab.json", "llama2-70b-pretrain-a100.costlab.json",
          "llama3-8b-pretrain-h100.costlab.json", "route-a-bigger-pretrain.costlab.json",
          "route-b-small-base-heavy-rl.costlab.json"}) {
        Scenario s = example(file);
        QVERIFY2(!s.phases.empty(), file);
        Catalog cny = usd;
        cny.currency = "CNY";
        scalePrices(cny, s.cny_per_usd);
        for (const Currency planCurrency : {Currency::USD, Currency::CNY}) {
            s.currency = planCurrency;
            const Estimate a = evaluate(s, usd);
            const Estimate b = evaluate(s, cny);
            QVERIFY2(a.ok && b.ok, file);
            QVERIFY2(a.total > 0, file);
            QVERIFY2(std::abs(b.total / a.total - 1) < 1e-9, file);
        }
    }
}

QTEST_GUILESS_MAIN(TestCatalogIo)
#include "tst_catalogio.moc"
