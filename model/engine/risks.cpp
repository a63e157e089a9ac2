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
    if (info.in_total) {
        const double share = planTotal > 0 ? r.expected_cost / planTotal : 0.0;
        if (!(share >= kImpactShareElevated)) // also NaN
            return 0;
        return share < kImpactShareHigh ? 1 : 2;
    }
    if (!(r.probability >= kImpactProbElevated))
        return 0;
    return r.probability < kImpactProbHigh ? 1 : 2;
}

} // namespace costlab
