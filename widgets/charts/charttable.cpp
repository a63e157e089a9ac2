#include "charttable.h"

#include "costbreakdownchart.h"
#include "distributionchart.h"
#include "memorychart.h"
#include "rlutilisationchart.h"
#include "spendchart.h"
#include "stepchart.h"
#include "targetchart.h"

#include <array>

namespace costlab {

namespace {

template <class C> ChartBase* make(QWidget* parent)
{
    return new C(parent);
}

constexpr std::array<ChartInfo, 7> kCharts{{
    {"breakdown", &make<CostBreakdownChart>},
    {"memory", &make<MemoryChart>},
    {"rl", &make<RlUtilisationChart>},
    {"spend", &make<SpendChart>},
    {"uncertainty", &make<DistributionChart>},
    {"step", &make<StepChart>},
    {"target", &make<TargetChart>},
}};

} // namespace

std::span<const ChartInfo> chartTable()
{
    return kCharts;
}

const ChartInfo* chartInfo(std::string_view id)
{
    for (const ChartInfo& c : kCharts)
        if (c.id == id)
            return &c;
    return nullptr;
}

} // namespace costlab
