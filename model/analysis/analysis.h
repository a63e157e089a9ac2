// The contract of every analysis in model/analysis: a pure function over (Scenario, Catalog)
// that a caller may cancel and follow. No I/O, no globals; safe to run on a worker thread
// while the UI thread keeps editing its own copy of the plan.
#pragma once

#include <atomic>
#include <functional>

namespace costlab {

/// How a caller steers a long analysis. Both parts are optional.
struct AnalysisControl {
    /// Set (from any thread) to ask the analysis to stop; it checks between evaluations and
    /// returns what it has with `cancelled` set. Must outlive the call.
    const std::atomic<bool>* cancel = nullptr;
    /// Called from the analysis' thread with the fraction done, 0..1, at most once per
    /// evaluation. Keep it cheap; post to the UI thread yourself.
    std::function<void(double fraction)> progress;

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    void report(double fraction) const
    {
        if (progress)
            progress(fraction);
    }
};

} // namespace costlab
