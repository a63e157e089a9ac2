// Engine benchmark: evaluations per second for each example and the time of a 1,000-point
// sweep (targets: ≥ 200,000 evaluations/s on one core so a slider move stays well under a frame; a
// 1,000-point sweep < 10 ms; 10,000 Monte Carlo runs ≤ 100 ms). Prints figures only;
// docs/performance.md records them.
#include "catalogio.h"
#include "engine.h"
#include "montecarlo.h"
#include "scenario_json.h"
#include "sweep.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace costlab;
using Clock = std::chrono::steady_clock;

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// `costlab_bench --evals N FILE [RESOURCE_DIR]`: evaluate FILE N times and nothing else,
/// for instruction counts under callgrind (run with N and 2N; the difference / N is the
/// cost of one evaluation, start-up excluded). docs/performance.md.
int evalLoop(int n, const std::string& file, const std::string& dir)
{
    std::vector<std::string> errors;
    const auto cat = loadCatalogFile(dir + "/catalog/default.json", errors);
    const auto r = loadScenarioFile(file);
    if (!cat || !r.scenario)
        return 1;
    volatile double sink = 0;
    for (int i = 0; i < n; ++i)
        sink = sink + evaluate(*r.scenario, *cat).total;
    return sink == 42 ? 1 : 0;
}

int main(int argc, char** argv)
{
    if (argc >= 4 && std::string(argv[1]) == "--evals")
        return evalLoop(std::atoi(argv[2]), argv[3], argc > 4 ? argv[4] : COSTLAB_RESOURCE_DIR);
    const std::string dir = argc > 1 ? argv[1] : COSTLAB_RESOURCE_DIR;
    std::vector<std::string> errors;
    const auto cat = loadCatalogFile(dir + "/catalog/default.json", errors);
    if (!cat) {
        std::fprintf(stderr, "catalog: %s\n", errors.empty() ? "?" : errors[0].c_str());
        return 1;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir + "/examples"))
        if (e.path().string().ends_with(".costlab.json"))
            files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::printf("%-40s %14s %12s %16s %18s\n", "example", "evals/s", "us/eval", "1000-pt sweep ms",
                "10k Monte Carlo ms");
    volatile double sink = 0;
    for (const auto& f : files) {
        const auto r = loadScenarioFile(f.string());
        if (!r.scenario) {
            std::printf("%-40s failed to load\n", f.filename().c_str());
            continue;
        }
        const Scenario& s = *r.scenario;
        std::vector<double> rates;
        for (int rep = 0; rep < 5; ++rep) {
            const int n = 20000;
            const auto t0 = Clock::now();
            for (int i = 0; i < n; ++i)
                sink = sink + evaluate(s, *cat).total;
            const double sec = std::chrono::duration<double>(Clock::now() - t0).count();
            rates.push_back(n / sec);
        }
        std::vector<double> sweeps;
        for (int rep = 0; rep < 5; ++rep) {
            const auto t0 = Clock::now();
            const auto sw = sweep(s, *cat, "reliability.checkpoint_interval_h", 0.05, 24, 1000);
            sink = sink + sw.points.back().total;
            sweeps.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        std::vector<double> mcs; // issue 14 target: 10,000 runs of the largest example ≤ 100 ms
        for (int rep = 0; rep < 5; ++rep) {
            const auto t0 = Clock::now();
            const auto mc = monteCarlo(s, *cat, {});
            sink = sink + mc.cost.p90;
            mcs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        const double rate = median(rates);
        std::printf("%-40s %14.0f %12.2f %16.2f %18.2f\n", f.stem().stem().c_str(), rate,
                    1e6 / rate, median(sweeps), median(mcs));
    }
    return sink == 42 ? 1 : 0;
}
