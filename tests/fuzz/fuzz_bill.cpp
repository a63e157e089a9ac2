// Fuzz target: the bill reader and the plan-versus-actual comparison (issue 47). Any text →
// readBill must not crash; a refused bill holds no lines; a read one holds lines whose
// periods run forward, whose amounts are finite within ±10^12 and whose text indices are in
// range; and compareActuals over it (against a small shipped example) gives finite totals.
#include "actuals.h"
#include "billcsv.h"
#include "catalogio.h"
#include "scenario_json.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

namespace {

struct Fixture {
    costlab::Scenario plan;
    costlab::Catalog catalog;
    bool ok = false;
};

const Fixture& fixture()
{
    static const Fixture f = [] {
        Fixture x;
        const auto l = costlab::loadScenarioFile(COSTLAB_RESOURCE_DIR
                                                 "/examples/llama3-8b-pretrain-h100.costlab.json");
        std::vector<std::string> errors;
        const auto c =
            costlab::loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
        if (l.scenario && c) {
            x.plan = *l.scenario;
            x.catalog = *c;
            x.ok = true;
        }
        return x;
    }();
    return f;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const BillRead r = readBill(text, "fuzz.csv");
    if (!r.error.empty()) {
        if (!r.bill.lines.empty())
            std::abort(); // a refused bill applies nothing
        return 0;
    }
    const Bill& b = r.bill;
    if (b.tag_sets.size() != b.tag_texts.size())
        std::abort();
    for (const BillLine& l : b.lines) {
        if (l.end < l.start || !std::isfinite(l.cost) || std::abs(l.cost) > 1e12)
            std::abort();
        for (std::uint32_t i : {l.currency, l.resource, l.service, l.category, l.phase})
            if (i >= b.strings.size())
                std::abort();
        if (l.tags >= b.tag_sets.size())
            std::abort();
    }
    const Fixture& f = fixture();
    if (!f.ok || b.lines.empty())
        return 0;
    ActualsOptions o;
    o.runs = 100;
    // The default moment: a fuzzed date in the year 9999 must not make the comparison walk
    // millions of days (compareActuals caps it at ten years).
    const std::vector<Bill> bills{b};
    const ActualsResult a = compareActuals(f.plan, f.catalog, bills, {}, o);
    if (!a.error.empty())
        return 0;
    if (!std::isfinite(a.actual_to_date) || !std::isfinite(a.unattributed_cost) ||
        a.attributed_lines > a.lines || a.days.size() > 3653)
        std::abort();
    return 0;
}
