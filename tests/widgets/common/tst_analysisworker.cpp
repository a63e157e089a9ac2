// AnalysisWorker: latest input wins (a running job is cancelled and its result dropped),
// progress arrives on the UI thread, and a result is delivered exactly once.
#include "analysisworker.h"

#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace costlab;

class TstAnalysisWorker : public QObject {
    Q_OBJECT

private slots:
    void deliversResultAndProgress();
    void latestInputWins();
    void cancelDropsResult();
};

void TstAnalysisWorker::deliversResultAndProgress()
{
    AnalysisWorker w;
    QSignalSpy progress(&w, &AnalysisWorker::progress);
    QSignalSpy busy(&w, &AnalysisWorker::busyChanged);
    int delivered = 0, value = 0;
    w.start<int>(
        [](const AnalysisControl& c) {
            for (int i = 1; i <= 4; ++i)
                c.report(i / 4.0);
            return 42;
        },
        [&](int v) {
            ++delivered;
            value = v;
        });
    QVERIFY(w.isBusy());
    w.waitForDone();
    QCOMPARE(delivered, 1);
    QCOMPARE(value, 42);
    QVERIFY(!w.isBusy());
    QCOMPARE(progress.count(), 4);
    QCOMPARE(progress.last().first().toInt(), 100);
    QCOMPARE(busy.count(), 2); // true, then false
}

void TstAnalysisWorker::latestInputWins()
{
    AnalysisWorker w;
    std::atomic<bool> firstStarted{false}, firstSawCancel{false};
    QList<int> delivered;
    w.start<int>(
        [&](const AnalysisControl& c) {
            firstStarted = true;
            // A long job that checks for cancellation, as the analyses do between points.
            for (int i = 0; i < 2000 && !c.cancelled(); ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            firstSawCancel = c.cancelled();
            return 1;
        },
        [&](int v) { delivered << v; });
    QTRY_VERIFY(firstStarted.load());
    w.start<int>([](const AnalysisControl&) { return 2; }, [&](int v) { delivered << v; });
    w.waitForDone();
    QVERIFY(firstSawCancel.load());
    QCOMPARE(delivered, QList<int>{2});
}

void TstAnalysisWorker::cancelDropsResult()
{
    AnalysisWorker w;
    std::atomic<bool> started{false};
    int delivered = 0;
    w.start<int>(
        [&](const AnalysisControl& c) {
            started = true;
            while (!c.cancelled())
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return 1;
        },
        [&](int) { ++delivered; });
    QTRY_VERIFY(started.load());
    w.cancel();
    QVERIFY(!w.isBusy());
    w.waitForDone();
    QCOMPARE(delivered, 0);
}

QTEST_GUILESS_MAIN(TstAnalysisWorker)
#include "tst_analysisworker.moc"
