#include "analysisworker.h"

#include "vectorstate.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

#include <atomic>

#include <sys/resource.h>
#include <unistd.h>

namespace costlab {

namespace {

/// Analyses yield to the UI thread (issue 50): on a 2-core laptop the Monte Carlo, the
/// sensitivity and a sweep together outnumber the cores, and a slider move's synchronous
/// work waited behind them (10–20 ms instead of 5). A nice value of 10 gives an analysis
/// thread a tenth of the UI thread's CPU share when both want the core, and all of an idle
/// core otherwise. Per thread on Linux (setpriority on the thread id); raising the nice value
/// needs no privilege. QThread priorities cannot do it: under SCHED_OTHER Qt ignores them.
void yieldToTheUiThread()
{
#ifdef __linux__
    // Once per job (a system call, microseconds against a job's milliseconds). Not a
    // thread_local flag: in this position-independent code that pulls __tls_get_addr from
    // the dynamic loader into the binary's NEEDED list, which the package test refuses.
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
#endif
}

std::atomic<int> g_jobsOnUiThread{0};

} // namespace

int AnalysisWorker::jobsRunOnUiThread()
{
    return g_jobsOnUiThread.load();
}

AnalysisWorker::AnalysisWorker(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1); // one analysis at a time; the newest replaces the rest
}

AnalysisWorker::~AnalysisWorker()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.clear();
    m_pool.waitForDone();
}

void AnalysisWorker::startErased(std::function<std::function<void()>(const AnalysisControl&)> job)
{
    // Latest input wins: stop the running job, drop queued ones.
    if (m_cancel)
        m_cancel->store(true);
    m_pool.clear();
    const quint64 generation = ++m_generation;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    setBusy(true);
    QPointer<AnalysisWorker> self(this);
    m_pool.start([self, job = std::move(job), cancelFlag, generation] {
        if (QCoreApplication::instance() &&
            QThread::currentThread() == QCoreApplication::instance()->thread())
            ++g_jobsOnUiThread;
        yieldToTheUiThread();
        // A thread of the pool may come back from a library with the upper vector halves dirty
        // (vectorstate.h: then the job runs up to 10× slower); the threads a job starts (the
        // Monte Carlo's blocks) inherit the cleared state.
        clearUpperVectorState();
        AnalysisControl control;
        control.cancel = cancelFlag.get();
        int lastPercent = -1;
        control.progress = [&](double f) {
            const int percent = int(f * 100);
            if (percent == lastPercent || !self)
                return;
            lastPercent = percent;
            QMetaObject::invokeMethod(
                self,
                [self, percent, generation] {
                    if (self && generation == self->m_generation)
                        emit self->progress(percent);
                },
                Qt::QueuedConnection);
        };
        std::function<void()> apply = job(control);
        if (cancelFlag->load() || !self)
            return;
        QMetaObject::invokeMethod(
            self,
            [self, apply = std::move(apply), generation] {
                if (!self || generation != self->m_generation)
                    return; // a newer job is on its way
                apply();
                self->setBusy(false);
            },
            Qt::QueuedConnection);
    });
}

void AnalysisWorker::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.clear();
    ++m_generation; // whatever is in flight is no longer the latest
    setBusy(false);
}

void AnalysisWorker::waitForDone()
{
    m_pool.waitForDone();
    QCoreApplication::sendPostedEvents(this, QEvent::MetaCall);
}

void AnalysisWorker::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace costlab
