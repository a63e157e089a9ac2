#include "actualsfiles.h"

#include "files.h"

#include <optional>

namespace costlab {

ActualsFiles readActualsFiles(const std::vector<std::string>& paths, const ReadProgress& progress,
                              std::string (*display)(const std::string& path))
{
    ActualsFiles out;
    for (std::size_t k = 0; k < paths.size(); ++k) {
        const std::string& path = paths[k];
        const std::string name = display ? display(path) : path;
        const double from = double(k) / double(paths.size()), span = 1.0 / double(paths.size());
        auto report = [&](double f) { return !progress || progress(from + span * f); };
        if (!report(0)) {
            out.cancelled = true;
            return out;
        }
        std::string error;
        // The head tells a bill from a log; a bill is then streamed, a log read whole.
        const std::optional<std::string> head = readFileHead(path, error, 64 * 1024);
        if (!head) {
            out.errors.push_back({path, error, true});
            continue;
        }
        if (looksLikeBill(*head)) {
            BillRead b = readBillFile(path, report);
            if (b.cancelled) {
                out.cancelled = true;
                return out;
            }
            if (!b.error.empty()) {
                out.errors.push_back({path, b.error, false});
                continue;
            }
            b.bill.file = name;
            out.bills.push_back(std::move(b.bill));
            continue;
        }
        bool tooLarge = false;
        const std::optional<std::string> whole = readFile(path, error, kMaxLogBytes, &tooLarge);
        if (!whole) {
            out.errors.push_back({path, error, !tooLarge});
            continue;
        }
        LogRead l = readRunLog(*whole, name);
        if (!l.error.empty())
            out.errors.push_back({path, l.error, false});
        else
            out.logs.push_back(std::move(l.log));
        if (!report(1)) {
            out.cancelled = true;
            return out;
        }
    }
    return out;
}

} // namespace costlab
