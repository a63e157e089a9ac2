// Hardware and price catalog (cost-model.md §1). Every figure carries its source and the
// date it was read; prices are in the catalog's currency (USD for the default catalog).
#pragma once

#include "types.h"

#include <optional>
#include <string>
#include <vector>

namespace costlab {

/// Provenance of a figure: where it was read and when (ISO date).
struct Source {
    std::string text;
    std::string date;
};

/// One accelerator type. Throughputs are dense (no sparsity). Prices per GPU-hour;
/// a negative price means "not offered" (e.g. TPUs, kept only for validation runs).
struct Accelerator {
    std::string id;
    std::string name;
    double hbm_gib = 80;            ///< usable device memory, GiB (2^30 B)
    double mem_bw_gbps = 3350;      ///< HBM bandwidth, GB/s
    double bf16_tflops = 989;       ///< dense BF16/FP16 tensor peak
    double fp8_tflops = 0;          ///< dense FP8 peak; 0 = no FP8 tensor cores
    double int8_tops = 0;           ///< dense INT8 peak
    double interconnect_gbps = 900; ///< per-GPU scale-up bandwidth
    double gpus_per_node = 8;
    double tdp_w = 700;
    double default_mfu =
        0.40; ///< fallback MFU where the step-time model does not apply (sms = 0: TPUs)
    // Step-time model (steptime.h); 0 = the model's fallback.
    double sms = 0;            ///< streaming multiprocessors (GEMM wave quantization)
    double gemm_fraction = 0;  ///< sustained fraction of dense peak on large GEMMs at TDP
    double flash_fraction = 0; ///< fraction of dense peak FlashAttention reaches
    /// Dense BF16 tensor FLOP per SM per clock (A100 2,048; Hopper 4,096); 0 = A100's. The
    /// GEMM tile constants are A100 cycles and scale by this over 2,048 (steptime.cpp).
    double mma_flops_per_clock = 0;
    double nvlink_domain = 0;   ///< GPUs on one NVLink fabric; 0 = gpus_per_node
    double scaleout_gbps = 400; ///< scale-out NIC bandwidth per GPU, Gb/s (IB NDR = 400)
    bool scaleout_known = true; ///< false: the catalog has no source for it and 400 is assumed
    double host_ram_gib = 0;    ///< host (CPU) RAM per node, GiB; 0 = not in the catalog
    double pcie_gbps = 0; ///< GPU–host link per GPU and direction, GB/s; 0 = not in the catalog
    double price_reserved = -1;
    double price_on_demand = -1;
    double price_spot = -1;
    Source source;
    Source price_source;
};

/// CPU (or small GPU) instance used for environment workers.
struct InstanceType {
    std::string id;
    std::string name;
    double vcpus = 16;
    double mem_gib = 32;
    /// Accelerators in the instance (0 for a CPU instance). The spec-matching lever
    /// (levers.h, article §4.1) moves light environments off GPU instances.
    double gpus = 0;
    double price_hour = 0.7;
    Source source;
};

/// Storage tiers the engine uses by role.
struct StorageTier {
    std::string id;
    std::string name;
    double price_gb_month = 0.023;
    double write_gbps = 10;
    Source source;
};

struct Catalog {
    std::string id = "default";
    std::string name;
    std::string currency = "USD";
    std::string date; ///< date the catalog was compiled
    double cny_per_usd = 7.2;
    Source fx_source;
    std::vector<Accelerator> accelerators;
    std::vector<InstanceType> instances;
    // Storage by role (cost-model.md §6)
    StorageTier object_standard, object_infrequent, object_archive, file_high_iops;
    // Traffic
    double traffic_intra_gb = 0.01;  ///< in-region / cross-AZ $ per GB
    double traffic_egress_gb = 0.09; ///< internet egress $ per GB
    double lb_per_million = 0.40;    ///< load balancer / queue $ per million requests
    Source traffic_source;
    // Logs
    double log_ingest_gb = 0.50;
    double log_retention_gb_month = 0.03;
    Source log_source;
    /// Non-empty when the catalog a plan names could not be found (pickCatalog() in
    /// catalogio.h): this is then an empty stand-in carrying the plan's id, and evaluate()
    /// refuses to price with it (Estimate::ok false, kCatalogUnavailableWarning) instead of
    /// pricing every phase at zero. English, names the id and where it was looked for.
    std::string unavailable;

    const Accelerator* accelerator(std::string_view id) const;
    const InstanceType* instance(std::string_view id) const;
};

} // namespace costlab
