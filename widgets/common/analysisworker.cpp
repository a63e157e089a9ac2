#include "analysisworker.h"

#include "vectorstate.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThread>

#include <atomic>
#include <utility>

#include <sched.h>
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

/// The idle scheduling class for the calling thread (AnalysisWorker::setIdleClass). An
/// unprivileged thread may enter it and never leave it, so only the idle pool's thread
/// does; the threads a job starts (the Monte Carlo's blocks) inherit it.
void enterIdleClass()
{
#ifdef __linux__
    sched_param none{};
    ::sched_setscheduler(0, SCHED_IDLE, &none);
#endif
}

std::atomic<int> g_jobsOnUiThread{0};

} // namespace

int AnalysisWorker::jobsRunOnUiThread()
{
    return g_jobsOnUiThread.load();
}

bool AnalysisWorker::onIdleClassThread()
{
#ifdef __linux__
    return ::sched_getscheduler(0) == SCHED_IDLE;
#else
    return false;
#endif
}

AnalysisWorker::AnalysisWorker(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1); // one analysis at a time; the newest replaces the rest
    m_idlePool.setMaxThreadCount(1);
    m_fallback.setSingleShot(true);
    m_fallback.setInterval(idleFallbackMs());
    connect(&m_fallback, &QTimer::timeout, this, [this] {
        if (m_idleJob)
            run(std::exchange(m_idleJob, nullptr), false); // cancels the idle-class run
    });
}

AnalysisWorker::~AnalysisWorker()
{
    if (m_cancel)
        m_cancel->store(true);
    m_pool.clear();
    m_idlePool.clear();
    m_pool.waitForDone();
    m_idlePool.waitForDone();
}

void AnalysisWorker::startErased(ErasedJob job)
{
    run(std::move(job), m_idleClass);
}

void AnalysisWorker::run(ErasedJob job, bool idleClass)
{
    // Latest input wins: stop the running job, drop queued ones.
    if (m_cancel)
        m_cancel->store(true);
    m_pool.clear();
    m_idlePool.clear();
    m_idleJob = idleClass ? job : nullptr;
    m_latestIdle = idleClass;
    if (idleClass)
        m_fallback.start();
    else
        m_fallback.stop();
    const quint64 generation = ++m_generation;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    setBusy(true);
    QPointer<AnalysisWorker> self(this);
    (idleClass ? m_idlePool : m_pool)
        .start([self, job = std::move(job), cancelFlag, generation, idleClass] {
            if (QCoreApplication::instance() &&
                QThread::currentThread() == QCoreApplication::instance()->thread())
                ++g_jobsOnUiThread;
            if (idleClass)
                enterIdleClass();
            else
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
                    self->m_fallback.stop();
                    self->m_idleJob = nullptr;
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
    m_idlePool.clear();
    m_fallback.stop();
    m_idleJob = nullptr;
    ++m_generation; // whatever is in flight is no longer the latest
    setBusy(false);
}

void AnalysisWorker::waitForDone()
{
    // Blocking here stops the fallback timer too, and an idle-class job may wait for a core
    // for as long as other programs keep every core busy (a parallel test run): the job
    // waited for runs again at nice 10. Only the latest job's thread is waited for: a
    // cancelled idle-class job stops at its next check, whenever it next gets a core.
    if (m_idleJob && m_idlePool.activeThreadCount() > 0)
        run(std::exchange(m_idleJob, nullptr), false);
    (m_latestIdle ? m_idlePool : m_pool).waitForDone();
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
