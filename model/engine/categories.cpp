#include "categories.h"

#include "trnoop.h"

#include <algorithm>

namespace costlab {
namespace {

#define L(text) QT_TRANSLATE_NOOP("costlab::Category", text)
constexpr std::string_view kAiMl = "AI and Machine Learning";

using C = Category;
using G = CategoryGroup;

constexpr std::array<CategoryInfo, kCategoryCount> kCategories{{
    {C::ComputeTraining, "compute.training", L("Training compute"), G::Compute, "gpu", kAiMl,
     "GPU time of forward and backward passes and optimizer steps.",
     "GPU-hours × blended GPU price (cost-model.md §2)."},
    {C::ComputeRollout, "compute.rollout", L("Rollout inference"), G::Compute, "gpu", kAiMl,
     "GPU time generating RL rollouts (prefill and decode).",
     "Rollout engine time per iteration on a roofline × GPUs × price (cost-model.md §4)."},
    {C::ComputeReward, "compute.reward", L("Reward model inference"), G::Compute, "gpu", kAiMl,
     "GPU time scoring rollouts with a reward model.",
     "Reward-model forward time × GPUs × price (cost-model.md §4)."},
    {C::ComputeEnvironment, "compute.environment", L("Environment workers"), G::Compute, "cpu", "Compute",
     "CPU instances that run RL environments, sandboxes and verifiers.",
     "Workers × hours × instance price (cost-model.md §5)."},
    {C::ComputeEvaluation, "compute.evaluation", L("Evaluation inference"), G::Compute, "gpu", kAiMl,
     "GPU time of evaluation campaigns.",
     "Benchmark tokens on the inference roofline × GPUs × price (cost-model.md §4)."},
    {C::StorageDataset, "storage.dataset", L("Datasets"), G::Storage, "storage", "Storage",
     "Raw and cleaned corpora and post-training data.",
     "GB × days held × tier price, hot then infrequent-access (cost-model.md §6)."},
    {C::StorageCheckpoint, "storage.checkpoint", L("Checkpoints"), G::Storage, "storage", "Storage",
     "Model and optimizer snapshots kept for recovery and release.",
     "Checkpoint size × retained count × days × tier price (cost-model.md §6)."},
    {C::StorageTrajectory, "storage.trajectory", L("Trajectories and replay"), G::Storage, "storage", "Storage",
     "RL trajectories and replay buffers.",
     "Bytes per episode × episodes × days × tier price (cost-model.md §6)."},
    {C::StorageLog, "storage.log", L("Log retention"), G::Storage, "storage", "Storage",
     "Training and environment logs kept after ingestion.",
     "Log GB × retention months × price (cost-model.md §7)."},
    {C::NetworkInterconnect, "network.interconnect", L("Cluster interconnect"), G::Network, "network", "Networking",
     "Scale-out fabric charged per GPU-hour where the provider bills it.",
     "GPU-hours × interconnect price per GPU-hour (cost-model.md §6)."},
    {C::NetworkEnvironment, "network.environment", L("Environment traffic"), G::Network, "network", "Networking",
     "Requests and responses between rollouts and environments.",
     "Requests × (request + response size) × traffic price + load balancer (cost-model.md §6)."},
    {C::NetworkEgress, "network.egress", L("Egress"), G::Network, "network", "Networking",
     "Data leaving the cloud region.",
     "GB × internet egress price (cost-model.md §6)."},
    {C::LoggingIngest, "logging.ingest", L("Log ingestion"), G::Logging, "logs", "Management and Governance",
     "Metrics and logs sent to the logging service (FOCUS books observability here).",
     "Log GB after sampling × ingest price (cost-model.md §7)."},
    {C::HiddenFailure, "hidden.failure", L("Failures and restarts"), G::Hidden, "gpu", kAiMl,
     "GPU time lost to hardware failures: lost work, restarts and checkpoint stalls.",
     "Daly (2006) wall time minus failure-free time × GPUs × price (cost-model.md §8)."},
    {C::HiddenDivergence, "hidden.divergence", L("Divergence rollbacks"), G::Hidden, "gpu", kAiMl,
     "GPU time re-run after loss spikes or RL collapse.",
     "Expected events × (detection + half an interval + margin + restart) × GPUs (cost-model.md §9)."},
    {C::HiddenIdle, "hidden.idle", L("Idle resources"), G::Hidden, "compute", kAiMl,
     "GPU pools and environment workers paid for while they wait on each other.",
     "Held hours × (1 − utilisation) × price per pool (cost-model.md §4)."},
    {C::HiddenCapacityDelay, "hidden.capacity_delay", L("Capacity waits"), G::Hidden, "gpu", kAiMl,
     "Reserved GPUs waiting while elastic capacity is unavailable.",
     "P(unavailable) × mean wait × reserved GPUs × price (cost-model.md §9)."},
    {C::HiddenForgottenResources, "hidden.forgotten_resources", L("Forgotten resources"), G::Hidden, "cpu", "Compute",
     "Instances left running after the work that needed them ended.",
     "Instances × forgotten hours × price (cost-model.md §5)."},
    {C::HiddenEngineering, "hidden.engineering", L("Engineering"), G::Hidden, "people", "Other",
     "People building and maintaining environments (paid up front, not cloud spend).",
     "Environment types × months each × monthly rate + maintenance (cost-model.md §7)."},
}};

constexpr std::array<CategoryGroupInfo, kCategoryGroupCount> kGroups{{
    {G::Compute, "compute", L("Compute")},
    {G::Storage, "storage", L("Storage")},
    {G::Network, "network", L("Network")},
    {G::Logging, "logging", L("Logging")},
    {G::Hidden, "hidden", L("Hidden costs")},
}};
#undef L

// The table's row order is the enum's order; a row out of place would mislabel money.
constexpr bool rowsInOrder()
{
    for (int i = 0; i < kCategoryCount; ++i)
        if (static_cast<int>(kCategories[i].category) != i) return false;
    for (int i = 0; i < kCategoryGroupCount; ++i)
        if (static_cast<int>(kGroups[i].group) != i) return false;
    return true;
}
static_assert(rowsInOrder(), "category table rows must follow the Category enum");

} // namespace

std::span<const CategoryInfo> categoryTable() { return kCategories; }
std::span<const CategoryGroupInfo> categoryGroupTable() { return kGroups; }

const CategoryInfo& categoryInfo(Category c)
{
    return kCategories[std::clamp(static_cast<int>(c), 0, kCategoryCount - 1)];
}

const CategoryGroupInfo& categoryGroupInfo(CategoryGroup g)
{
    return kGroups[std::clamp(static_cast<int>(g), 0, kCategoryGroupCount - 1)];
}

} // namespace costlab
