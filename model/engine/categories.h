// The cost-category table (cost-model.md §0): every cost the engine books falls in exactly
// one category, and every output — window, command line, JSON, CSV, PDF — names a category
// through this table, so one category has one English label and one translation. The
// labels are translated in the context "costlab::Category" (widgets/common).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace costlab {

/// Cost categories of cost-model.md §0, in display order (the table's row order).
enum class Category : std::uint8_t {
    ComputeTraining,
    ComputeRollout,
    ComputeReward,
    ComputeEnvironment,
    ComputeEvaluation,
    StorageDataset,
    StorageCheckpoint,
    StorageTrajectory,
    StorageLog,
    NetworkInterconnect,
    NetworkEnvironment,
    NetworkEgress,
    LoggingIngest,
    HiddenFailure,
    HiddenDivergence,
    HiddenMismatch,
    HiddenIdle,
    HiddenCapacityDelay,
    HiddenForgottenResources,
    HiddenEngineering,
    Count
};
inline constexpr int kCategoryCount = static_cast<int>(Category::Count);

/// Top-level groups of categories, in display order.
enum class CategoryGroup : std::uint8_t { Compute, Storage, Network, Logging, Hidden, Count };
inline constexpr int kCategoryGroupCount = static_cast<int>(CategoryGroup::Count);

/// One row of the category table.
struct CategoryInfo {
    Category category;
    std::string_view id;    ///< stable id in files and CSV ("compute.training"); never renamed
    std::string_view label; ///< English label; translated in "costlab::Category"
    CategoryGroup group;
    /// Resource type tag (article §3 attribution): "gpu", "cpu", "compute" (idle GPU pools
    /// and CPU environment workers together), "storage", "network", "logs", "people".
    std::string_view resource_type;
    /// FOCUS 1.x ServiceCategory of the line items ("AI and Machine Learning", "Compute",
    /// "Storage", "Networking", "Management and Governance", "Other").
    std::string_view focus_service;
    std::string_view explanation; ///< one line: what the money pays for
    std::string_view basis;       ///< how the engine prices it (cost-model.md section)
};

/// One row of the group table.
struct CategoryGroupInfo {
    CategoryGroup group;
    std::string_view id;    ///< "compute", "storage", "network", "logging", "hidden"
    std::string_view label; ///< English label; translated in "costlab::Category"
};

/// Every category, in display order (index = static_cast<int>(Category)).
std::span<const CategoryInfo> categoryTable();
/// Every group, in display order.
std::span<const CategoryGroupInfo> categoryGroupTable();

/// The row of `c`; an out-of-range value gives the first row (never undefined behaviour).
const CategoryInfo& categoryInfo(Category c);
const CategoryGroupInfo& categoryGroupInfo(CategoryGroup g);

inline std::string_view categoryId(Category c)
{
    return categoryInfo(c).id;
}
inline std::string_view categoryLabel(Category c)
{
    return categoryInfo(c).label;
}
inline std::string_view categoryResourceType(Category c)
{
    return categoryInfo(c).resource_type;
}
inline std::string_view categoryFocusService(Category c)
{
    return categoryInfo(c).focus_service;
}
/// Id of the category's group ("compute", …, "hidden").
inline std::string_view categoryGroup(Category c)
{
    return categoryGroupInfo(categoryInfo(c).group).id;
}

} // namespace costlab
