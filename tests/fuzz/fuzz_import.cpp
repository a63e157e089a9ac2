// Fuzz target: the config importers (HF config.json, Megatron-LM, veRL, OpenRLHF) and the
// launch-settings export. Any text → every importer must not crash or throw; an import it
// accepts applies to a plan that still evaluates within the invariants (invariants.h), and
// the phase it set exports to text its own importer reads back without an error.
#include "catalogio.h"
#include "engine.h"
#include "import.h"
#include "invariants.h"
#include "launchexport.h"
#include "registry.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace {
const costlab::Catalog& catalog()
{
    return costlab::fuzz::shippedCatalog();
}

void check(const costlab::ConfigImport& im)
{
    using namespace costlab;
    if (!im.ok())
        return;
    Scenario s = defaultScenario(std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain});
    for (int phase : {0, 1}) {
        if (!(im.phase_kinds & (1u << unsigned(s.phases[std::size_t(phase)].kind))))
            continue;
        if (!applyImport(s, phase, im).empty())
            continue; // a shape that does not fit the phase (e.g. derived counts) is refused
        const Estimate e = evaluate(s, catalog());
        fuzz::checkEstimate(e);
        const LaunchExport ex =
            phase == 0 ? exportMegatronArgs(s, e, 0, "fuzz") : exportVerlConfig(s, e, 1, "fuzz");
        // A plan the engine refuses (the launch's GPU count does not hold its layout) is not
        // exported (issue 44); every other imported phase is.
        if (!e.ok) {
            if (ex.ok())
                fuzz::violated("a plan that cannot be evaluated was exported", phase);
            continue;
        }
        if (!ex.ok())
            fuzz::violated("export of an imported phase failed", phase);
        const ConfigImport back =
            phase == 0 ? importMegatronArgs(ex.text) : importVerlConfig(ex.text);
        if (!back.ok())
            fuzz::violated("an exported phase does not read back", phase);
    }
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check(importConfig(text));
    for (const ImportFormat& format : importFormats()) // every row, whatever recognises it
        check(importAs(format.id, text));
    return 0;
}
