// Training logs (model/io/runlog.h, issue 47 item 2). The Megatron lines are written with the
// format strings of training_log() (megatron/training/training.py, NVIDIA/Megatron-LM
// d98e8a64dd, lines 3567-3641); the veRL records with its FileLogger's and LocalLogger's
// shapes (verl/utils/tracking.py, verl/utils/logger/aggregate_logger.py at b178a3cd56).
#include "runlog.h"

#include <QTest>

#include <cmath>
#include <cstdio>

using namespace costlab;

class TestRunLog : public QObject {
    Q_OBJECT
private slots:
    void readsMegatronLines();
    void readsOldMegatronLinesWithoutAClock();
    void readsVerlJsonlWithPythonNaN();
    void readsVerlConsoleAndWandbHistory();
    void refusesWithTheLine();
    void reviewCases();
};

/// One iteration line as training_log() prints it (timestamp, iteration, consumed samples,
/// elapsed ms, learning rate, global batch size, lm loss, loss scale, grad norm, skipped, nan).
static std::string megatron(const char* stamp, int it, long samples, double ms, const char* loss,
                            int skipped, int nans)
{
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  " [%s] iteration %8d/%8d | consumed samples: %12ld | elapsed time per "
                  "iteration (ms): %.1f | learning rate: 1.500000E-04 | global batch size:  "
                  "512 |%s loss scale: 1.0 | grad norm: 0.812 | number of skipped iterations: "
                  "%3d | number of nan iterations: %3d |\n",
                  stamp, it, 100000, samples, ms, loss, skipped, nans);
    return buf;
}

void TestRunLog::readsMegatronLines()
{
    std::string text = "> building train, validation, and test datasets ...\ntraining ...\n";
    text += megatron("2027-01-04 00:10:00", 10, 5120, 6500.0, " lm loss: 7.512345E+00 |", 0, 0);
    text +=
        megatron("2027-01-04 00:11:05.500000", 20, 10240, 6550.0, " lm loss: 6.900000E+00 |", 0, 0);
    // A NaN loss is not printed (training.py prints a loss only if avg >= 0); the interval's
    // NaN count says it.
    text += megatron("2027-01-04 00:12:10", 30, 15360, 6500.0, "", 0, 3);
    text += " loading checkpoint from /ckpt at iteration 20\n";
    text += megatron("2027-01-04 01:00:00", 30, 15360, 21800.0, " lm loss: 6.850000E+00 |", 0, 0);
    const LogRead r = readRunLog(text, "train.log");
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.log.format, std::string("megatron"));
    QVERIFY(r.log.kind == PhaseKind::Pretrain);
    QCOMPARE(r.log.metric, std::string("lm loss"));
    QCOMPARE(r.log.points.size(), std::size_t(4));
    const LogPoint& a = r.log.points[0];
    QCOMPARE(a.step, 10.0);
    QCOMPARE(a.samples, 5120.0);
    QCOMPARE(a.step_s, 6.5);
    QCOMPARE(a.metric, 7.512345);
    QCOMPARE(a.time, 1799021400.0); // 2027-01-04T00:10:00Z (calendar.timegm)
    QCOMPARE(r.log.points[1].time, 1799021465.5);
    QVERIFY(std::isnan(r.log.points[2].metric));
    QCOMPARE(r.log.points[2].nans, 3.0);
    // The checkpoint load after the first record is one restart, from step 20, timed by the
    // record after it.
    QCOMPARE(r.log.restarts.size(), std::size_t(1));
    QCOMPARE(r.log.restarts[0].step, 20.0);
    QCOMPARE(r.log.restarts[0].time, 1799024400.0);
}

void TestRunLog::readsOldMegatronLinesWithoutAClock()
{
    // Before commit f427c6f0a1 (2024-01) there was no timestamp; a step going back is a restart.
    const std::string text =
        " iteration      100/    1000 | consumed samples:        51200 | elapsed time per "
        "iteration (ms): 1200.5 | lm loss: 3.100000E+00 | number of skipped iterations:   0 |\n"
        " iteration      200/    1000 | consumed samples:       102400 | elapsed time per "
        "iteration (ms): 1199.5 | lm loss: 3.000000E+00 | number of skipped iterations:   2 |\n"
        " iteration      150/    1000 | consumed samples:        76800 | elapsed time per "
        "iteration (ms): 1201.0 | lm loss: 3.050000E+00 | number of skipped iterations:   0 |\n";
    const LogRead r = readRunLog(text);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.log.points.size(), std::size_t(3));
    QVERIFY(std::isnan(r.log.points[0].time));
    QCOMPARE(r.log.points[1].skipped, 2.0);
    QCOMPARE(r.log.restarts.size(), std::size_t(1));
    QCOMPARE(r.log.restarts[0].step, 150.0);
}

void TestRunLog::readsVerlJsonlWithPythonNaN()
{
    // json.dumps writes NaN, which is not JSON: read as a NaN update.
    const std::string text =
        "{\"step\": 1, \"data\": {\"timing_s/step\": 96.5, \"critic/score/mean\": 0.41, "
        "\"actor/entropy\": 0.32}}\n"
        "{\"step\": 2, \"data\": {\"timing_s/step\": 95.0, \"critic/score/mean\": 0.43, "
        "\"actor/pg_loss\": NaN, \"note\": \"NaN in a string stays\"}}\n";
    const LogRead r = readRunLog(text, "metrics.jsonl");
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.log.format, std::string("verl-jsonl"));
    QVERIFY(r.log.kind == PhaseKind::RlPosttrain);
    QCOMPARE(r.log.metric, std::string("critic/score/mean"));
    QCOMPARE(r.log.points.size(), std::size_t(2));
    QCOMPARE(r.log.points[0].step_s, 96.5);
    QCOMPARE(r.log.points[0].nans, 0.0);
    QCOMPARE(r.log.points[1].nans, 1.0);
    QCOMPARE(r.log.points[1].metric, 0.43);
}

void TestRunLog::readsVerlConsoleAndWandbHistory()
{
    const LogRead c = readRunLog(
        "(TaskRunner pid=222265) step:1 - actor/entropy:0.323 - training/global_step:1.000 - "
        "critic/score/mean:0.558 - timing_s/step:96.551\n"
        "(TaskRunner pid=222265) step:2 - critic/score/mean:0.571 - timing_s/step:94.0\n");
    QVERIFY2(c.error.empty(), c.error.c_str());
    QCOMPARE(c.log.format, std::string("verl-console"));
    QCOMPARE(c.log.points.size(), std::size_t(2));
    QCOMPARE(c.log.points[0].metric, 0.558);
    QCOMPARE(c.log.points[0].step_s, 96.551);
    const LogRead w = readRunLog("_step,_runtime,_timestamp,train/loss\n"
                                 "0,12.5,1799020800,10.9\n"
                                 "1,20.0,1799020807.5,\n"
                                 "2,27.5,1799020815,9.8\n");
    QVERIFY2(w.error.empty(), w.error.c_str());
    QCOMPARE(w.log.format, std::string("wandb-history"));
    QVERIFY(w.log.kind == PhaseKind::Pretrain);
    QCOMPARE(w.log.points.size(), std::size_t(3));
    QCOMPARE(w.log.points[2].time, 1799020815.0);
    QCOMPARE(w.log.points[2].metric, 9.8);
    QVERIFY(std::isnan(w.log.points[1].metric)); // not logged at that step
}

void TestRunLog::refusesWithTheLine()
{
    struct Case {
        std::string text, expected;
    };
    const Case cases[] = {
        {"hello\nworld\n", "not a training log"},
        {"{\"step\": 1, \"data\": {}}\n{\"step\": \"x\", \"data\": {}}\n", "line 2: not a"},
        {" iteration       x/  10 | elapsed time per iteration (ms): 5.0 |\n",
         "line 1: the iteration"},
        {"_step,train/loss\n0,1\n1\n", "line 3: 1 cells"},
        {"_step,train/loss\nzero,1\n", "line 2: the step"},
        {"elapsed time per iteration (ms)\n", "no training records"},
    };
    for (const Case& c : cases) {
        const LogRead r = readRunLog(c.text);
        QVERIFY2(r.error.find(c.expected) != std::string::npos,
                 (r.error + " / " + c.expected).c_str());
        QVERIFY(r.log.points.empty());
    }
}

void TestRunLog::reviewCases()
{
    // A load from a checkpoint behind the last record, then records past it: one restart, not
    // two (the step going back after a load is the same restart).
    std::string text =
        megatron("2027-01-04 00:10:00", 286728, 1, 1900.0, " lm loss: 2.0E+00 |", 0, 0);
    text += " loading checkpoint from /ckpt at iteration 286428\n";
    text += megatron("2027-01-04 00:40:00", 286440, 2, 1900.0, " lm loss: 2.0E+00 |", 0, 0);
    text += megatron("2027-01-04 00:50:00", 286740, 3, 1900.0, " lm loss: 2.0E+00 |", 0, 0);
    // Megatron's evaluation line names an iteration too; it is not a training record.
    text += " validation loss at iteration 286740 | lm loss value: 2.1E+00 | lm loss PPL: 8.1 |\n";
    const LogRead r = readRunLog(text);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(r.log.points.size(), std::size_t(3));
    QCOMPARE(r.log.restarts.size(), std::size_t(1));
    QCOMPARE(r.log.restarts[0].step, 286428.0);
    QCOMPARE(r.log.restarts[0].time, 1799023200.0); // the record after the load, 00:40 UTC
    // A history with _timestamp in milliseconds reads as seconds; a clock past 9999 is none.
    const LogRead w =
        readRunLog("_step,_timestamp,train/loss\n0,1799020800000,10.9\n1,1e300,9.9\n");
    QVERIFY2(w.error.empty(), w.error.c_str());
    QCOMPARE(w.log.points[0].time, 1799020800.0);
    QVERIFY(std::isnan(w.log.points[1].time));
    // A negative step is refused.
    QVERIFY(readRunLog("{\"step\": -1, \"data\": {}}\n").error.find("line 1") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestRunLog)
#include "tst_runlog.moc"
