// One reusable worker for the analyses of model/analysis (sweeps now; Monte Carlo,
// sensitivity and the optimiser next): runs a job on a background thread, latest input
// wins (a new job cancels the running one and drops queued ones), reports progress and
// delivers the result on the UI thread only if no newer job was started meanwhile.
#pragma once

#include "analysis.h"

#include <QObject>
#include <QThreadPool>

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
    void startErased(std::function<std::function<void()>(const AnalysisControl&)> job);
    void setBusy(bool busy);

    QThreadPool m_pool;
    std::shared_ptr<std::atomic<bool>> m_cancel; ///< of the latest job
    quint64 m_generation = 0;
    bool m_busy = false;
};

} // namespace costlab
