// One reusable worker for the analyses of model/analysis (sweeps now; Monte Carlo,
// sensitivity and the optimiser next): runs a job on a background thread, latest input
// wins (a new job cancels the running one and drops queued ones), reports progress and
// delivers the result on the UI thread only if no newer job was started meanwhile.
#pragma once

#include "analysis.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <functional>
#include <memory>

namespace costlab {

class AnalysisWorker : public QObject {
    Q_OBJECT
public:
    explicit AnalysisWorker(QObject* parent = nullptr);
    /// Cancels the running job and waits for it: a job's delivery must never reach a
    /// destroyed receiver.
    ~AnalysisWorker() override;

    /// Runs `job` on the worker thread with a control that is cancelled as soon as another
    /// job starts (or cancel() is called). The job copies what it needs (it must not touch
    /// the caller's objects) and returns the function that applies its result; that
    /// function runs on this object's thread, and only if the job is still the latest.
    template <class Result>
    void start(std::function<Result(const AnalysisControl&)> job,
               std::function<void(Result)> deliver)
    {
        startErased([job = std::move(job), deliver = std::move(deliver)](
                        const AnalysisControl& control) -> std::function<void()> {
            auto result = std::make_shared<Result>(job(control));
            return [deliver, result] { deliver(std::move(*result)); };
        });
    }

    /// Jobs a slider move starts (the Monte Carlo band, the tornado, sweeps) run in Linux's
    /// idle scheduling class (SCHED_IDLE) when `on`: the kernel then treats their core as
    /// free, and a waking UI thread takes it at once. At nice 10 alone the UI thread was
    /// often woken on the core of another busy program and waited there for the scheduler's
    /// next rebalance: with one core busy, frame p90 8–11 ms against 4–5.6 ms of its own CPU
    /// (issue 50, docs/performance.md). An idle-class job gets almost nothing while other
    /// programs fill every core, so a job not delivered after idleFallbackMs() is started
    /// again on the ordinary (nice 10) thread. Off by default; elsewhere the nice 10 thread.
    /// COSTLAB_NO_IDLE_CLASS=1 keeps every job at nice 10 (to measure against it).
    void setIdleClass(bool on)
    {
        m_idleClass = on && qEnvironmentVariableIsEmpty("COSTLAB_NO_IDLE_CLASS");
    }
    /// How long an idle-class job may take before it is started again at nice 10, ms.
    static constexpr int idleFallbackMs() { return 250; }
    /// Whether the thread running the caller is in the idle scheduling class. For tests.
    static bool onIdleClassThread();

    /// Cancels the running job (its result is dropped) and any queued one.
    void cancel();
    /// True while a job runs or its result has not been delivered.
    bool isBusy() const { return m_busy; }
    /// Jobs of any worker that ran on the application's (UI) thread: always 0. A check
    /// for tests (issue 50: a slider move must never run an analysis on the UI thread).
    static int jobsRunOnUiThread();
    /// Blocks until the current job finished and its result (if still latest) was
    /// delivered. For tests, screenshots and benchmarks.
    void waitForDone();

signals:
    /// Progress of the latest job, 0–100, on this object's thread.
    void progress(int percent);
    void busyChanged(bool busy);

private:
    using ErasedJob = std::function<std::function<void()>(const AnalysisControl&)>;
    void startErased(ErasedJob job);
    /// Starts `job` as the latest, on the idle-class thread or the ordinary one.
    void run(ErasedJob job, bool idleClass);
    void setBusy(bool busy);

    QThreadPool m_pool;     ///< the ordinary analysis thread (nice 10)
    QThreadPool m_idlePool; ///< the idle-class thread (setIdleClass)
    bool m_idleClass = false;
    bool m_latestIdle = false; ///< the latest job runs on the idle-class thread
    QTimer m_fallback;         ///< idle-class job not delivered in time: run it at nice 10
    ErasedJob m_idleJob;       ///< the idle-class job in flight, for the fallback
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< of the latest job
    quint64 m_generation = 0;
    bool m_busy = false;
};

} // namespace costlab
