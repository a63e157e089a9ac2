// catalogToJson: kept apart from catalogreader.cpp (the reader) so the writer can be read on its
// own against the reader's field list; both must name the same keys.
#include "catalogio.h"

#include <nlohmann/json.hpp>

namespace costlab {

namespace {

using json = nlohmann::ordered_json;

json source(const Source& s)
{
    return json{{"text", s.text}, {"date", s.date}};
}

/// Negative means "not offered" in Catalog; the file says so with null.
json price(double p)
{
    return p < 0 ? json(nullptr) : json(p);
}

json tier(const StorageTier& t)
{
    return json{{"id", t.id},
                {"name", t.name},
                {"price_gb_month", t.price_gb_month},
                {"write_gbps", t.write_gbps},
                {"source", source(t.source)}};
}

} // namespace

std::string catalogToJson(const Catalog& c)
{
    json doc;
    doc["schema_version"] = 1;
    doc["id"] = c.id;
    doc["name"] = c.name;
    doc["currency"] = c.currency;
    doc["date"] = c.date;
    doc["fx"] = json{{"cny_per_usd", c.cny_per_usd}, {"source", source(c.fx_source)}};
    json accs = json::array();
    for (const Accelerator& a : c.accelerators) {
        json acc = json{{"id", a.id},
                        {"name", a.name},
                        {"hbm_gib", a.hbm_gib},
                        {"mem_bw_gbps", a.mem_bw_gbps},
                        {"bf16_tflops", a.bf16_tflops},
                        {"fp8_tflops", a.fp8_tflops},
                        {"int8_tops", a.int8_tops},
                        {"interconnect_gbps", a.interconnect_gbps},
                        {"gpus_per_node", a.gpus_per_node},
                        {"tdp_w", a.tdp_w},
                        {"default_mfu", a.default_mfu},
                        {"sms", a.sms},
                        {"gemm_fraction", a.gemm_fraction},
                        {"flash_fraction", a.flash_fraction},
                        {"mma_flops_per_clock", a.mma_flops_per_clock},
                        {"nvlink_domain", a.nvlink_domain},
                        {"host_ram_gib", a.host_ram_gib},
                        {"pcie_gbps", a.pcie_gbps},
                        {"prices", json{{"reserved", price(a.price_reserved)},
                                        {"on_demand", price(a.price_on_demand)},
                                        {"spot", price(a.price_spot)}}},
                        {"source", source(a.source)},
                        {"price_source", source(a.price_source)}};
        if (a.scaleout_known) // an unsourced figure is written as absent, as it was read
            acc["scaleout_gbps"] = a.scaleout_gbps;
        accs.push_back(std::move(acc));
    }
    doc["accelerators"] = std::move(accs);
    json insts = json::array();
    for (const InstanceType& i : c.instances) {
        insts.push_back(json{{"id", i.id},
                             {"name", i.name},
                             {"vcpus", i.vcpus},
                             {"mem_gib", i.mem_gib},
                             {"gpus", i.gpus},
                             {"price_hour", i.price_hour},
                             {"source", source(i.source)}});
    }
    doc["instances"] = std::move(insts);
    doc["storage"] = json{{"object_standard", tier(c.object_standard)},
                          {"object_infrequent", tier(c.object_infrequent)},
                          {"object_archive", tier(c.object_archive)},
                          {"file_high_iops", tier(c.file_high_iops)}};
    doc["traffic"] = json{{"intra_gb", c.traffic_intra_gb},
                          {"egress_gb", c.traffic_egress_gb},
                          {"lb_per_million", c.lb_per_million},
                          {"source", source(c.traffic_source)}};
    doc["logs"] = json{{"ingest_gb", c.log_ingest_gb},
                       {"retention_gb_month", c.log_retention_gb_month},
                       {"source", source(c.log_source)}};
    // gpus_per_node is a double in Catalog but a whole number in the file; nlohmann writes
    // 8.0 as "8.0", which the reader accepts (it checks the value, not the token).
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace costlab
