// Fuzz target: the scenario reader. Any text → scenarioFromJson must not crash; a plan it
// accepts is evaluated (invariants.h) and saved, and the saved text must read back to a
// plan that saves identically (load → evaluate → save → reload); the estimate JSON, the
// line items and the registry JSON are written for every accepted plan.
#include "catalogio.h"
#include "engine.h"
#include "estimate_json.h"
#include "invariants.h"
#include "lineitemscsv.h"
#include "registryjson.h"
#include "scenario_json.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {
const costlab::Catalog& catalog()
{
    return costlab::fuzz::shippedCatalog();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const LoadResult r = scenarioFromJson(text);
    if (!r.scenario)
        return 0;
    const Estimate e = evaluate(*r.scenario, catalog());
    fuzz::checkEstimate(e);
    // The writers of everything a plan exports must take any plan the reader accepts.
    (void)estimateToJson(*r.scenario, e);
    (void)lineItemsCsv(*r.scenario, e);
    static const bool registryWritten = !registryToJson().empty();
    (void)registryWritten;
    const std::string saved = scenarioToJson(*r.scenario);
    const LoadResult again = scenarioFromJson(saved);
    if (!again.scenario || scenarioToJson(*again.scenario) != saved)
        std::abort(); // a saved plan must read back exactly
    return 0;
}
