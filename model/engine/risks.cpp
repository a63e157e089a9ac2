#include "risks.h"

#include <algorithm>

namespace costlab {

namespace {
// The table's row order is the enum's order; a row out of place would mislabel a risk.
constexpr bool rowsInOrder()
{
    for (int i = 0; i < kRiskCount; ++i)
        if (static_cast<int>(kRiskTable[i].kind) != i)
            return false;
    return true;
}
static_assert(rowsInOrder(), "risk table rows must follow the RiskKind enum");
} // namespace

const RiskInfo& riskInfo(RiskKind k)
{
    return kRiskTable[std::clamp(static_cast<int>(k), 0, kRiskCount - 1)];
}

int riskImpactLevel(const RiskInfo& info, const Risk& r, double planTotal)
{
    int byShare = 0, byProbability = 0;
    if (info.in_total) {
        const double share = planTotal > 0 ? r.expected_cost / planTotal : 0.0;
        if (share >= kImpactShareElevated) // false for NaN
            byShare = share < kImpactShareHigh ? 1 : 2;
    }
    if (!info.in_total || info.run_killing) {
        if (r.probability >= kImpactProbElevated)
            byProbability = r.probability < kImpactProbHigh ? 1 : 2;
    }
    return std::max(byShare, byProbability);
}

} // namespace costlab
