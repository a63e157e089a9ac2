// Fuzz target: the catalog reader. Any text → catalogFromJson must not crash; a catalog it
// accepts prices every example (invariants.h) and writes back to text that reads back to
// the same catalog (load → evaluate the examples → save → reload).
#include "catalogio.h"
#include "engine.h"
#include "invariants.h"
#include "scenario_json.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace {
const std::vector<costlab::Scenario>& examples()
{
    static const std::vector<costlab::Scenario> plans = [] {
        std::vector<costlab::Scenario> out;
        for (const auto& e : std::filesystem::directory_iterator(COSTLAB_RESOURCE_DIR "/examples"))
            if (auto r = costlab::loadScenarioFile(e.path().string()); r.scenario)
                out.push_back(*r.scenario);
        return out;
    }();
    return plans;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> errors;
    const std::optional<Catalog> cat = catalogFromJson(text, errors);
    if (!cat)
        return 0;
    for (const Scenario& s : examples())
        fuzz::checkEstimate(evaluate(s, *cat));
    const std::string saved = catalogToJson(*cat);
    std::vector<std::string> again;
    const std::optional<Catalog> reread = catalogFromJson(saved, again);
    if (!reread || catalogToJson(*reread) != saved)
        std::abort(); // a written catalog must read back exactly
    return 0;
}
