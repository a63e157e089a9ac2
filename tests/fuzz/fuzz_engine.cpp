// Fuzz target, structure-aware: the bytes choose a plan (1–3 phases of any kind) and, for
// each registry parameter in turn, its minimum, its maximum or a point inside its hard
// range (or a choice). Every such plan is valid input, so evaluate() must give an estimate
// that satisfies invariants.h — no NaN, no negative cost, no probability above 1.
#include "catalogio.h"
#include "engine.h"
#include "invariants.h"
#include "registry.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace {
const costlab::Catalog& catalog()
{
    return costlab::fuzz::shippedCatalog();
}

/// Reads bytes as a stream; past the end every read is 0.
struct Bytes {
    const std::uint8_t* data;
    std::size_t size;
    std::size_t at = 0;
    std::uint8_t byte() { return at < size ? data[at++] : 0; }
    double fraction()
    {
        const unsigned v = unsigned(byte()) << 8 | byte();
        return v / 65535.0;
    }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    Bytes in{data, size};
    std::vector<PhaseKind> kinds;
    const int phases = 1 + in.byte() % 3;
    for (int i = 0; i < phases; ++i)
        kinds.push_back(static_cast<PhaseKind>(in.byte() % 3));
    Scenario s = defaultScenario(kinds);
    const Catalog& cat = catalog();
    for (const ParamRef& ref : boundParameters(s)) {
        const ParamDef& d = *ref.def;
        const std::uint8_t mode = in.byte();
        if (mode < 128)
            continue; // keep the default: most plans change a few inputs
        switch (d.type) {
        case ParamType::AcceleratorRef:
            if (!cat.accelerators.empty())
                d.set_str(s.phases[std::size_t(ref.phase)],
                          cat.accelerators[in.byte() % cat.accelerators.size()].id);
            continue;
        case ParamType::InstanceRef:
            if (!cat.instances.empty())
                d.set_str(s.phases[std::size_t(ref.phase)],
                          cat.instances[in.byte() % cat.instances.size()].id);
            continue;
        case ParamType::Choice:
            setValue(s, ref, double(in.byte() % std::max<std::size_t>(1, d.choices.size())));
            continue;
        case ParamType::Bool:
            setValue(s, ref, in.byte() & 1);
            continue;
        case ParamType::Real:
        case ParamType::Integer:
            break;
        }
        double v = mode < 170   ? d.min
                   : mode < 212 ? d.max
                                : d.min + (d.max - d.min) * in.fraction();
        if (d.type == ParamType::Integer)
            v = std::round(v);
        if (checkValue(d, v).empty())
            setValue(s, ref, v);
    }
    fuzz::checkEstimate(evaluate(s, cat));
    return 0;
}
