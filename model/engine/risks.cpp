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

} // namespace costlab
