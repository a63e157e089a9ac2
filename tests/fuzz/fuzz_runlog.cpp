// Fuzz target: the training-log readers (issue 47). Any text → readRunLog must not crash; a
// refused log holds no records; a read one holds records with finite, non-negative steps.
#include "runlog.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const LogRead r = readRunLog(text, "fuzz.log");
    if (!r.error.empty()) {
        if (!r.log.points.empty() || !r.log.restarts.empty())
            std::abort(); // a refused log applies nothing
        return 0;
    }
    if (r.log.points.empty())
        std::abort(); // a log without records is refused
    for (const LogPoint& p : r.log.points)
        if (!std::isfinite(p.step) || p.step < 0)
            std::abort();
    return 0;
}
