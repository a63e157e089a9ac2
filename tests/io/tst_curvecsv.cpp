// Training curves from CSV exports (model/io/curvecsv.h, issue 46 item 3): a real Weights &
// Biases export committed with its source (tests/data/curves/SOURCES.md), the TensorBoard and
// plain shapes, refusals with their line, and a fit of the law to the real curve.
#include "curvecsv.h"
#include "fit.h"

#include <QFile>
#include <QTest>

#include <cmath>

using namespace costlab;

class TestCurveCsv : public QObject {
    Q_OBJECT
private slots:
    void readsARealWandBExport();
    void fitsTheRealGpt2Curve();
    void readsTensorBoardAndPlainShapes();
    void readsRunsAtSeveralSizes();
    void refusesWithTheLine();
    void byteOrderMarkAndColumnOrder();
};

static std::string fixture()
{
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/curves/nanogpt-wandb-export.csv"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    return f.readAll().toStdString();
}

void TestCurveCsv::readsARealWandBExport()
{
    // 386 steps, eight runs (the __MIN/__MAX companions left out); counts of non-empty cells
    // per run read off the file with Python's csv module: gpt2 386, the first run 51.
    const CurveFile f = readCurveCsv(fixture());
    QVERIFY2(f.error.empty(), f.error.c_str());
    QCOMPARE(f.format, CurveFormat::WandB);
    QCOMPARE(f.x_label, std::string("Step"));
    QCOMPARE(f.series.size(), std::size_t(8));
    QCOMPARE(f.series[0].x.size(), std::size_t(51));
    const CurveSeries* gpt2 = nullptr;
    for (const CurveSeries& s : f.series)
        if (s.name == "gpt2 - train/loss")
            gpt2 = &s;
    QVERIFY(gpt2);
    QCOMPARE(gpt2->x.size(), std::size_t(386));
    QCOMPARE(gpt2->y.front(), 10.95404052734375); // step 0, as written in the file
    QCOMPARE(gpt2->y.back(), 3.2849113941192627); // step 385
    QCOMPARE(gpt2->x.back(), 385.0);
}

void TestCurveCsv::fitsTheRealGpt2Curve()
{
    // nanoGPT's GPT-2 124M: L(D) = E' + B/D^β at one size, D = step × 491,520 tokens
    // (train.py defaults). Leaving out the first 20 logged steps (warm-up), a power law in
    // tokens describes the rest to a few hundredths of a nat, and the exponent is in the range
    // published fits give for the data term (0.28 Hoffmann, 0.37 Besiroglu; 0.1–1 accepted).
    const CurveFile f = readCurveCsv(fixture());
    std::vector<LossPoint> pts;
    for (const CurveSeries& s : f.series)
        if (s.name == "gpt2 - train/loss")
            for (std::size_t i = 0; i < s.x.size(); ++i)
                if (s.x[i] > 20)
                    pts.push_back({124e6, s.x[i] * 491520, s.y[i]});
    const LossLawFit fit = fitLossLaw(pts, {.bootstrap = 50});
    QCOMPARE(fit.problem, FitProblem::None);
    QVERIFY(fit.single_size);
    QVERIFY2(fit.quality.rmse < 0.05, qPrintable(QString::number(fit.quality.rmse)));
    QVERIFY2(fit.law.beta > 0.1 && fit.law.beta < 1.0, qPrintable(QString::number(fit.law.beta)));
    QVERIFY(fit.low.beta <= fit.law.beta && fit.law.beta <= fit.high.beta);
    // The floor lies below every measured loss it was fitted to.
    double lowest = 1e9;
    for (const LossPoint& p : pts)
        lowest = std::min(lowest, p.loss);
    QVERIFY2(fit.law.E < lowest, qPrintable(QString("%1 vs %2").arg(fit.law.E).arg(lowest)));
}

void TestCurveCsv::readsTensorBoardAndPlainShapes()
{
    CurveFile tb =
        readCurveCsv("Wall time,Step,Value\n1700000000.5,100,0.31\n1700000100.5,200,0.35\n");
    QVERIFY2(tb.error.empty(), tb.error.c_str());
    QCOMPARE(tb.format, CurveFormat::TensorBoard);
    QCOMPARE(tb.series.at(0).x, (std::vector<double>{100, 200}));
    QCOMPARE(tb.series.at(0).y, (std::vector<double>{0.31, 0.35}));
    CurveFile plain = readCurveCsv("gpu_hours,pass_rate\r\n500,0.2\r\n1000,0.3\r\n");
    QVERIFY2(plain.error.empty(), plain.error.c_str());
    QCOMPARE(plain.format, CurveFormat::Plain);
    QCOMPARE(plain.x_label, std::string("gpu_hours"));
    QCOMPARE(plain.series.at(0).y.size(), std::size_t(2));
    CurveFile bare = readCurveCsv("1,2.5\n2,2.4\n");
    QVERIFY(bare.error.empty());
    QCOMPARE(bare.x_label, std::string());
    QCOMPARE(bare.series.at(0).x, (std::vector<double>{1, 2}));
}

void TestCurveCsv::readsRunsAtSeveralSizes()
{
    const CurveFile f = readCurveCsv("params,tokens,loss\n1e8,1e9,3.1\n1e8,2e9,3.0\n4e8,1e9,2.9\n");
    QVERIFY2(f.error.empty(), f.error.c_str());
    QCOMPARE(f.format, CurveFormat::PlainSized);
    QCOMPARE(f.series.size(), std::size_t(2));
    QCOMPARE(f.series[0].params, 1e8);
    QCOMPARE(f.series[0].x.size(), std::size_t(2));
    QCOMPARE(f.series[1].params, 4e8);
}

void TestCurveCsv::refusesWithTheLine()
{
    QCOMPARE(readCurveCsv("x,y\n1,2\n3\n").error, std::string("line 3: has 1 cells, the header 2"));
    QCOMPARE(readCurveCsv("x,y\n1,abc\n").error, std::string("line 2: 'abc' is not a number"));
    QCOMPARE(readCurveCsv("x,y\n1,nan\n").error, std::string("line 2: 'nan' is not a number"));
    QCOMPARE(readCurveCsv("").error, std::string("no rows"));
    QCOMPARE(readCurveCsv("x,y\n").error, std::string("no numeric rows"));
    QVERIFY(readCurveCsv("a,b,c,d\n1,2,3,4\n").error.find("expected 2 columns") == 0);
    QVERIFY(readCurveCsv("\"x,y\n1,2\n").error.find("not CSV") == 0);
}

void TestCurveCsv::byteOrderMarkAndColumnOrder()
{
    // A BOM before a TensorBoard header: still TensorBoard, not three numeric columns.
    const CurveFile tb = readCurveCsv("\xEF\xBB\xBFWall time,Step,Value\n1.7e9,100,0.3\n");
    QVERIFY2(tb.error.empty(), tb.error.c_str());
    QCOMPARE(tb.format, CurveFormat::TensorBoard);
    QCOMPARE(tb.series.at(0).x.at(0), 100.0);
    // A W&B export with the step column last: x is the step, wherever it stands; a run whose
    // cells are all empty is no series.
    const CurveFile wb = readCurveCsv(
        "\"r - loss\",\"q - loss\",\"Step\"\n\"2.5\",\"\",\"10\"\n\"2.4\",\"\",\"20\"\n");
    QVERIFY2(wb.error.empty(), wb.error.c_str());
    QCOMPARE(wb.series.size(), std::size_t(1));
    QCOMPARE(wb.series[0].name, std::string("r - loss"));
    QCOMPARE(wb.series[0].x, (std::vector<double>{10, 20}));
    // Three columns whose header does not start with the size are refused, not guessed.
    QVERIFY(readCurveCsv("tokens,loss,params\n1e9,3,1e8\n").error.find("params,tokens,loss") !=
            std::string::npos);
}

QTEST_GUILESS_MAIN(TestCurveCsv)
#include "tst_curvecsv.moc"
