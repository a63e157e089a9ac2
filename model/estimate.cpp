#include "estimate.h"

#include <algorithm>

namespace costlab {
namespace {
struct CategoryInfo { std::string_view id, label, resource, group; };
constexpr CategoryInfo kInfo[kCategoryCount] = {
    {"compute.training", "Training compute", "gpu", "compute"},
    {"compute.rollout", "Rollout inference", "gpu", "compute"},
    {"compute.reward", "Reward model inference", "gpu", "compute"},
    {"compute.environment", "Environment workers", "cpu", "compute"},
    {"compute.evaluation", "Evaluation inference", "gpu", "compute"},
    {"storage.dataset", "Datasets", "storage", "storage"},
    {"storage.checkpoint", "Checkpoints", "storage", "storage"},
    {"storage.trajectory", "Trajectories and replay", "storage", "storage"},
    {"storage.log", "Log retention", "storage", "storage"},
    {"network.interconnect", "Cluster interconnect", "network", "network"},
    {"network.environment", "Environment traffic", "network", "network"},
    {"network.egress", "Egress", "network", "network"},
    {"logging.ingest", "Log ingestion", "logs", "logging"},
    {"hidden.failure", "Failures and restarts", "gpu", "hidden"},
    {"hidden.divergence", "Divergence rollbacks", "gpu", "hidden"},
    {"hidden.idle", "Idle resources", "compute", "hidden"}, // idle GPU pools and environment workers
    {"hidden.capacity_delay", "Capacity waits", "gpu", "hidden"},
    {"hidden.forgotten_resources", "Forgotten resources", "cpu", "hidden"},
    {"hidden.engineering", "Engineering", "people", "hidden"},
};
const CategoryInfo &info(Category c) { return kInfo[std::clamp(int(c), 0, kCategoryCount - 1)]; }
} // namespace

std::string_view categoryId(Category c) { return info(c).id; }
std::string_view categoryLabel(Category c) { return info(c).label; }
std::string_view categoryResourceType(Category c) { return info(c).resource; }
std::string_view categoryGroup(Category c) { return info(c).group; }

BudgetStatus budgetStatus(const Estimate &e)
{
    if (e.budget_ratio <= 0) return BudgetStatus::NoBudget;
    if (e.budget_ratio > 1) return BudgetStatus::Over;
    if (e.budget_ratio > 0.9) return BudgetStatus::Warning;
    return BudgetStatus::Ok;
}

std::vector<SpendPoint> spendTimeline(const Estimate &e)
{
    std::vector<SpendPoint> pts;
    const double planDays = e.wall_hours / 24.0;
    // Engineering (building environments) is committed before the run starts: a step at day 0.
    const double upfront = e.shared_cost[int(Category::HiddenEngineering)];
    double shared = -upfront;
    for (double v : e.shared_cost) shared += v;
    const double sharedDaily = planDays > 0 ? shared / planDays : 0;
    double cum = upfront;
    pts.push_back({0, 0});
    if (upfront > 0) pts.push_back({0, upfront});
    for (const auto &p : e.phases) {
        const double days = p.end_day - p.start_day;
        if (days <= 0) { cum += p.total; pts.push_back({p.end_day, cum}); continue; }
        cum += p.total + sharedDaily * days;
        pts.push_back({p.end_day, cum});
    }
    if (planDays <= 0 && shared > 0) pts.push_back({0, cum + shared});
    return pts;
}

} // namespace costlab
