// Load on one library from many processes (issue 48): N clients, each its own process and
// connection, save and list for S seconds. Half the saves go to one plan every client shares
// (a save that started from a revision another client has replaced is a conflict, reloaded
// and retried, as the window's "keep mine" does), half to the client's own plan. At the end
// every revision a client was told is saved must be in the library: the count is checked.
// Prints save and list latency percentiles (docs/performance.md). Not a test: `make bench`.
//
//   costlab_team_load [LIBRARY] [CLIENTS] [SECONDS]   (default postgresql:// 20 60)
#include "registry.h"
#include "store.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace costlab;
using Clock = std::chrono::steady_clock;

namespace {

Scenario plan(const std::string& name, double gpus)
{
    const std::array kinds{PhaseKind::Pretrain};
    Scenario s = defaultScenario(kinds);
    s.name = name;
    s.phases[0].gpus = gpus;
    return s;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

/// One client: saves and lists until `end`; writes "saves conflicts" and then one latency
/// per line ("s ms" or "l ms") to `out`. Exit 0, or 1 when a save failed for another reason.
[[noreturn]] void client(const std::string& lib, int index, std::int64_t shared, std::int64_t own,
                         Clock::time_point end, const std::string& out)
{
    int code = 0;
    {
        ScenarioStore st;
        StoreOptions o;
        o.busy_timeout_ms = 30000;
        std::ofstream f(out);
        if (!st.open(lib, o).ok())
            _exit(2);
        long saves = 0, conflicts = 0;
        std::vector<std::pair<char, double>> lat;
        for (int i = 0; Clock::now() < end; ++i) {
            const std::int64_t id = i % 2 ? own : shared;
            const auto row = st.scenario(id);
            if (!row)
                _exit(3);
            const auto t0 = Clock::now();
            const auto r =
                st.saveRevision(id, plan(i % 2 ? "own" : "shared", 64 + i % 512),
                                "client " + std::to_string(index), {}, row.value.current_revision);
            const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
            if (r) {
                ++saves;
                lat.emplace_back('s', ms);
            } else if (r.kind == StoreError::Conflict) {
                ++conflicts; // another client saved first: reload (above) and save again
            } else {
                std::fprintf(stderr, "client %d: %s\n", index, r.error.c_str());
                code = 1;
                break;
            }
            if (i % 5 == 0) {
                const auto l0 = Clock::now();
                if (!st.list())
                    code = 1;
                lat.emplace_back(
                    'l', std::chrono::duration<double, std::milli>(Clock::now() - l0).count());
            }
        }
        f << saves << " " << conflicts << "\n";
        for (const auto& [k, ms] : lat)
            f << k << " " << ms << "\n";
    }
    _exit(code);
}

} // namespace

int main(int argc, char** argv)
{
    const std::string lib = argc > 1 ? argv[1] : "postgresql://";
    const int clients = argc > 2 ? std::max(1, std::atoi(argv[2])) : 20;
    const int seconds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 60;
    std::vector<std::int64_t> own(static_cast<size_t>(clients));
    std::int64_t shared = 0;
    std::int64_t before = 0;
    {
        ScenarioStore st;
        if (const Status e = st.open(lib); !e) {
            std::fprintf(stderr, "%s\n", e.error.c_str());
            return 1;
        }
        shared = st.create(plan("shared", 64)).value;
        for (auto& id : own)
            id = st.create(plan("own", 64)).value;
        for (const auto& row : st.list().value)
            before += static_cast<std::int64_t>(st.revisions(row.id).value.size());
    }
    const auto end = Clock::now() + std::chrono::seconds(seconds);
    std::vector<pid_t> pids;
    std::fflush(nullptr);
    for (int c = 0; c < clients; ++c) {
        const pid_t pid = fork();
        if (pid == 0)
            client(lib, c, shared, own[static_cast<size_t>(c)], end,
                   "/tmp/costlab-load-" + std::to_string(getpid()) + ".txt");
        pids.push_back(pid);
    }
    long saves = 0, conflicts = 0;
    int failed = 0;
    std::vector<double> save, list;
    for (pid_t pid : pids) {
        int status = 0;
        waitpid(pid, &status, 0);
        failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        const std::string file = "/tmp/costlab-load-" + std::to_string(pid) + ".txt";
        std::ifstream f(file);
        long s = 0, k = 0;
        f >> s >> k;
        saves += s;
        conflicts += k;
        char kind;
        double ms;
        while (f >> kind >> ms)
            (kind == 's' ? save : list).push_back(ms);
        std::remove(file.c_str());
    }
    ScenarioStore st;
    if (!st.open(lib).ok())
        return 1;
    std::int64_t after = 0;
    for (const auto& row : st.list().value)
        after += static_cast<std::int64_t>(st.revisions(row.id).value.size());
    const std::int64_t written = after - before;
    std::printf("costlab_team_load: %s, %d clients, %d s\n", redactedConnection(lib).c_str(),
                clients, seconds);
    std::printf("  saves reported %ld, revisions written %lld, lost %lld, conflicts retried %ld, "
                "failed clients %d\n",
                saves, static_cast<long long>(written), static_cast<long long>(saves - written),
                conflicts, failed);
    std::printf("  save  p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  (%.0f saves/s)\n",
                percentile(save, 0.5), percentile(save, 0.95), percentile(save, 0.99),
                static_cast<double>(saves) / seconds);
    std::printf("  list  p50 %.1f ms  p95 %.1f ms  (%zu lists)\n", percentile(list, 0.5),
                percentile(list, 0.95), list.size());
    return written == saves && failed == 0 ? 0 : 1;
}
