// costlab_store_bench: build a library of N scenarios (default 10,000) and time the
// operations the library dock runs: list (all / first page, each sort key), text search,
// tag filter, count, and loading one scenario. Prints one line per operation with the
// median of several runs. Not a test: timings depend on the machine.
//
//   costlab_store_bench [N] [folder]      (folder defaults to /tmp; the file is removed)
#include "registry.h"
#include "scenario_json.h"
#include "store.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

using namespace costlab;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d)
{
    return std::chrono::duration<double, std::milli>(d).count();
}

double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

struct Timing {
    double wall = 0, cpu = 0; ///< medians, ms
};

// Median wall and CPU time of `runs` calls; `rows` gets the size the call reports. CPU time
// is printed too because the build machine is shared: wall time there includes waiting.
Timing timeIt(int runs, const std::function<size_t()>& f, size_t& rows)
{
    std::vector<double> w, c;
    for (int i = 0; i < runs; ++i) {
        auto t0 = Clock::now();
        const double c0 = cpuMs();
        rows = f();
        c.push_back(cpuMs() - c0);
        w.push_back(ms(Clock::now() - t0));
    }
    std::sort(w.begin(), w.end());
    std::sort(c.begin(), c.end());
    return {w[w.size() / 2], c[c.size() / 2]};
}

void report(const char* what, Timing t, size_t rows)
{
    std::printf("  %-44s %9.2f ms wall %9.2f ms CPU  (%zu rows)\n", what, t.wall, t.cpu, rows);
}

} // namespace

int main(int argc, char** argv)
{
    const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10000;
    const std::string folder = argc > 2 ? argv[2] : "/tmp";
    const std::string path = folder + "/costlab-store-bench-" + std::to_string(::getpid()) + ".db";

    const std::array kinds{PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation};
    const Scenario base = defaultScenario(kinds);
    std::printf("costlab_store_bench: %d scenarios (3 phases each, %zu-byte JSON) in %s\n", n,
                scenarioToJson(base).size(), path.c_str());

    std::mt19937 rng(12345);
    std::uniform_real_distribution<double> cost(1e5, 5e7), prob(0, 1), hours(1e3, 1e7);
    const char* words[] = {"route", "pretrain", "rl",  "ablation", "baseline", "long context",
                           "moe",   "dense",    "fp8", "grpo",     "ppo",      "eval sweep"};
    {
        ScenarioStore st;
        StoreOptions o;
        o.durable_sync = false; // population only; the durable per-save cost is timed below
        if (Status e = st.open(path, o); !e) {
            std::fprintf(stderr, "%s\n", e.error.c_str());
            return 1;
        }
        auto t0 = Clock::now();
        for (int i = 0; i < n; ++i) {
            Scenario s = base;
            s.name = std::string(words[i % 12]) + " " + words[(i / 12) % 12] + " run " +
                     std::to_string(i);
            s.project = "project-" + std::to_string(i % 20);
            s.phases[0].experiment_batch = "batch-" + std::to_string(i % 100);
            s.phases[0].pretrain.tokens = 1e12 + i * 1e9;
            CachedFigures f{cost(rng), "USD", prob(rng), hours(rng)};
            auto r = st.create(s, "bench", f);
            if (!r) {
                std::fprintf(stderr, "%s\n", r.error.c_str());
                return 1;
            }
        }
        double fill = ms(Clock::now() - t0);
        std::printf("  %-44s %9.0f ms  (%.3f ms per create, synchronous=NORMAL)\n", "populate",
                    fill, fill / n);
    }
    std::error_code ec;
    std::printf("  %-44s %9.1f MB\n", "database file size",
                double(std::filesystem::file_size(path, ec)) / 1e6);

    ScenarioStore st;
    auto t0 = Clock::now();
    if (Status e = st.open(path); !e) {
        std::fprintf(stderr, "%s\n", e.error.c_str());
        return 1;
    }
    std::printf("  %-44s %9.2f ms\n", "open (with quick_check)", ms(Clock::now() - t0));

    // Median of 7 runs; the first run of each also pays for cold pages.
    auto bench = [](const char* what, const std::function<size_t()>& f) {
        size_t rows = 0;
        const Timing t = timeIt(7, f, rows);
        report(what, t, rows);
    };
    auto listWith = [&](ListFilter f) {
        return [&st, f]() {
            auto r = st.list(f);
            return r.value.size();
        };
    };
    ListFilter all;
    bench("list all, by modified", listWith(all));
    ListFilter byName;
    byName.sort = SortKey::Name;
    byName.descending = false;
    bench("list all, by name", listWith(byName));
    ListFilter byTotal;
    byTotal.sort = SortKey::Total;
    bench("list all, by total cost", listWith(byTotal));
    ListFilter byOom;
    byOom.sort = SortKey::POom;
    bench("list all, by P(OOM)", listWith(byOom));
    ListFilter page = byTotal;
    page.limit = 100;
    page.offset = 5000;
    bench("one page of 100, by total, offset 5000", listWith(page));
    ListFilter text;
    text.text = "run 12";
    bench("text search \"run 12\"", listWith(text));
    ListFilter text2;
    text2.text = "long context";
    bench("text search \"long context\"", listWith(text2));
    ListFilter tag;
    tag.tags = {{TagKind::Project, "project-7"}};
    bench("tag filter project-7", listWith(tag));
    ListFilter both = tag;
    both.tags.push_back({TagKind::Batch, "batch-47"});
    both.text = "run";
    bench("text + two tags", listWith(both));
    bench("count all", [&] { return size_t(st.count().value); });
    bench("tag values (project)", [&] { return st.tagValues(TagKind::Project).value.size(); });
    const std::int64_t some = st.list(page).value.front().id;
    bench("load current revision of one scenario",
          [&] { return st.loadCurrent(some).ok() ? size_t(1) : size_t(0); });

    // Durable saves (synchronous=FULL, the default): what one "Save" costs the user.
    {
        Scenario s = st.loadCurrent(some).value;
        std::vector<double> t;
        for (int i = 0; i < 50; ++i) {
            s.phases[0].gpus = 100 + i;
            auto a = Clock::now();
            if (!st.saveRevision(some, s, "bench save"))
                break;
            t.push_back(ms(Clock::now() - a));
        }
        std::sort(t.begin(), t.end());
        if (!t.empty())
            std::printf("  %-44s %9.2f ms wall\n", "save revision (synchronous=FULL), median/50",
                        t[t.size() / 2]);
    }
    st.close();
    for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path + suffix, ec);
    return 0;
}
