#include "categories.h"

#include "trnoop.h"

#include <algorithm>

namespace costlab {
namespace {

constexpr std::string_view kAiMl = "AI and Machine Learning";

using C = Category;
using G = CategoryGroup;

constexpr std::array<CategoryInfo, kCategoryCount> kCategories{{
    {C::ComputeTraining, "compute.training",
     QT_TRANSLATE_NOOP("costlab::Category", "Training compute"), G::Compute, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "GPU time of forward and backward passes and optimizer steps."),
     "GPU-hours × blended GPU price (cost-model.md §2)."},
    {C::ComputeRollout, "compute.rollout",
     QT_TRANSLATE_NOOP("costlab::Category", "Rollout inference"), G::Compute, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "GPU time generating RL rollouts (prefill and decode)."),
     "Rollout engine time per iteration on a roofline × GPUs × price (cost-model.md §4)."},
    {C::ComputeReward, "compute.reward",
     QT_TRANSLATE_NOOP("costlab::Category", "Reward model inference"), G::Compute, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category", "GPU time scoring rollouts with a reward model."),
     "Reward-model forward time × GPUs × price (cost-model.md §4)."},
    {C::ComputeEnvironment, "compute.environment",
     QT_TRANSLATE_NOOP("costlab::Category", "Environment workers"), G::Compute, "cpu", "Compute",
     QT_TRANSLATE_NOOP("costlab::Category",
                       "CPU instances that run RL environments, sandboxes and verifiers."),
     "Workers × hours × instance price (cost-model.md §5)."},
    {C::ComputeEvaluation, "compute.evaluation",
     QT_TRANSLATE_NOOP("costlab::Category", "Evaluation inference"), G::Compute, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category", "GPU time of evaluation campaigns."),
     "Benchmark tokens on the inference roofline × GPUs × price (cost-model.md §4)."},
    {C::StorageDataset, "storage.dataset", QT_TRANSLATE_NOOP("costlab::Category", "Datasets"),
     G::Storage, "storage", "Storage",
     QT_TRANSLATE_NOOP("costlab::Category", "Raw and cleaned corpora and post-training data."),
     "GB × days held × tier price, hot then infrequent-access (cost-model.md §6)."},
    {C::StorageCheckpoint, "storage.checkpoint",
     QT_TRANSLATE_NOOP("costlab::Category", "Checkpoints"), G::Storage, "storage", "Storage",
     QT_TRANSLATE_NOOP("costlab::Category",
                       "Model and optimizer snapshots kept for recovery and release."),
     "Checkpoint size × retained count × days × tier price (cost-model.md §6)."},
    {C::StorageTrajectory, "storage.trajectory",
     QT_TRANSLATE_NOOP("costlab::Category", "Trajectories and replay"), G::Storage, "storage",
     "Storage", QT_TRANSLATE_NOOP("costlab::Category", "RL trajectories and replay buffers."),
     "Bytes per episode × episodes × days × tier price (cost-model.md §6)."},
    {C::StorageLog, "storage.log", QT_TRANSLATE_NOOP("costlab::Category", "Log retention"),
     G::Storage, "storage", "Storage",
     QT_TRANSLATE_NOOP("costlab::Category", "Training and environment logs kept after ingestion."),
     "Log GB × retention months × price (cost-model.md §7)."},
    {C::NetworkInterconnect, "network.interconnect",
     QT_TRANSLATE_NOOP("costlab::Category", "Cluster interconnect"), G::Network, "network",
     "Networking",
     QT_TRANSLATE_NOOP("costlab::Category",
                       "Scale-out fabric charged per GPU-hour where the provider bills it."),
     "GPU-hours × interconnect price per GPU-hour (cost-model.md §6)."},
    {C::NetworkEnvironment, "network.environment",
     QT_TRANSLATE_NOOP("costlab::Category", "Environment traffic"), G::Network, "network",
     "Networking",
     QT_TRANSLATE_NOOP("costlab::Category",
                       "Requests and responses between rollouts and environments."),
     "Requests × (request + response size) × traffic price + load balancer (cost-model.md §6)."},
    {C::NetworkEgress, "network.egress", QT_TRANSLATE_NOOP("costlab::Category", "Egress"),
     G::Network, "network", "Networking",
     QT_TRANSLATE_NOOP("costlab::Category", "Data leaving the cloud region."),
     "GB × internet egress price (cost-model.md §6)."},
    {C::LoggingIngest, "logging.ingest", QT_TRANSLATE_NOOP("costlab::Category", "Log ingestion"),
     G::Logging, "logs", "Management and Governance",
     QT_TRANSLATE_NOOP(
         "costlab::Category",
         "Metrics and logs sent to the logging service (FOCUS books observability here)."),
     "Log GB after sampling × ingest price (cost-model.md §7)."},
    {C::HiddenFailure, "hidden.failure",
     QT_TRANSLATE_NOOP("costlab::Category", "Failures and restarts"), G::Hidden, "gpu", kAiMl,
     QT_TRANSLATE_NOOP(
         "costlab::Category",
         "GPU time lost to hardware failures: lost work, restarts and checkpoint stalls."),
     "Daly (2006) wall time minus failure-free time × GPUs × price (cost-model.md §8)."},
    {C::HiddenDivergence, "hidden.divergence",
     QT_TRANSLATE_NOOP("costlab::Category", "Divergence and collapse"), G::Hidden, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "GPU time re-run after loss spikes or RL collapse rolled back to a "
                       "checkpoint, and the expected work lost by a run that cannot be saved."),
     "Rollbacks: expected events × (detection + half an interval + margin + restart) × GPUs; lost "
     "runs: P(unrecoverable) × mean work before it × GPUs (cost-model.md §9, risk-foundations.md "
     "§4.3)."},
    {C::HiddenMismatch, "hidden.mismatch",
     QT_TRANSLATE_NOOP("costlab::Category", "Rollout mismatch: extra iterations"), G::Hidden, "gpu",
     kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "GPU time of the extra RL iterations a quantized rollout engine needs, "
                       "because its sampler and the trainer disagree on token probabilities."),
     "assumptions.mismatch_slowdown × (mismatch factor − 1) × failure-free hours × GPUs "
     "(risk-foundations.md §3.3: FlashRL, FP8-RL)."},
    {C::HiddenIdle, "hidden.idle", QT_TRANSLATE_NOOP("costlab::Category", "Idle resources"),
     G::Hidden, "compute", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "GPU pools and environment workers paid for while they wait on each other."),
     "Held hours × (1 − utilisation) × price per pool (cost-model.md §4)."},
    {C::HiddenCapacityDelay, "hidden.capacity_delay",
     QT_TRANSLATE_NOOP("costlab::Category", "Capacity waits"), G::Hidden, "gpu", kAiMl,
     QT_TRANSLATE_NOOP("costlab::Category",
                       "Reserved GPUs waiting while elastic capacity is unavailable."),
     "P(unavailable) × mean wait × reserved GPUs × price (cost-model.md §9)."},
    {C::HiddenForgottenResources, "hidden.forgotten_resources",
     QT_TRANSLATE_NOOP("costlab::Category", "Forgotten resources"), G::Hidden, "cpu", "Compute",
     QT_TRANSLATE_NOOP("costlab::Category",
                       "Instances left running after the work that needed them ended."),
     "Instances × forgotten hours × price (cost-model.md §5)."},
    {C::HiddenEngineering, "hidden.engineering",
     QT_TRANSLATE_NOOP("costlab::Category", "Engineering"), G::Hidden, "people", "Other",
     QT_TRANSLATE_NOOP(
         "costlab::Category",
         "People building and maintaining environments (paid up front, not cloud spend)."),
     "Environment types × months each × monthly rate + maintenance (cost-model.md §7)."},
}};

constexpr std::array<CategoryGroupInfo, kCategoryGroupCount> kGroups{{
    {G::Compute, "compute", QT_TRANSLATE_NOOP("costlab::Category", "Compute")},
    {G::Storage, "storage", QT_TRANSLATE_NOOP("costlab::Category", "Storage")},
    {G::Network, "network", QT_TRANSLATE_NOOP("costlab::Category", "Network")},
    {G::Logging, "logging", QT_TRANSLATE_NOOP("costlab::Category", "Logging")},
    {G::Hidden, "hidden", QT_TRANSLATE_NOOP("costlab::Category", "Hidden costs")},
}};

// The table's row order is the enum's order; a row out of place would mislabel money.
constexpr bool rowsInOrder()
{
    for (int i = 0; i < kCategoryCount; ++i)
        if (static_cast<int>(kCategories[i].category) != i)
            return false;
    for (int i = 0; i < kCategoryGroupCount; ++i)
        if (static_cast<int>(kGroups[i].group) != i)
            return false;
    return true;
}
static_assert(rowsInOrder(), "category table rows must follow the Category enum");

} // namespace

std::span<const CategoryInfo> categoryTable()
{
    return kCategories;
}
std::span<const CategoryGroupInfo> categoryGroupTable()
{
    return kGroups;
}

const CategoryInfo& categoryInfo(Category c)
{
    return kCategories[std::clamp(static_cast<int>(c), 0, kCategoryCount - 1)];
}

const CategoryGroupInfo& categoryGroupInfo(CategoryGroup g)
{
    return kGroups[std::clamp(static_cast<int>(g), 0, kCategoryGroupCount - 1)];
}

} // namespace costlab
