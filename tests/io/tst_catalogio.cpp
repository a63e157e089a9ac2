// catalogToJson round trip: the shipped default catalog → text → catalogFromJson must give
// back every field exactly (the catalog editor saves through this path).
#include "catalog.h"
#include "catalogio.h"

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

QTEST_GUILESS_MAIN(TestCatalogIo)
#include "tst_catalogio.moc"
