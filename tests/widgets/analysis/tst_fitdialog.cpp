// "Fit to my runs…" (widgets/analysis/fitdialog.h, issue 46 items 3 and 6): a CSV of small runs
// is fitted, the law is previewed on the Target chart over the points, and "Use in plan" puts
// it into the phase as one undo step. Synthetic runs are drawn from known laws (the published
// presets' values), so what the fit must recover is known by construction.
#include "document.h"
#include "engine.h"
#include "fitdialog.h"
#include "languages.h"
#include "scaling.h"
#include "targetchart.h"
#include "widgettestutil.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace costlab;

class TestFitDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::loadTestCatalog(); }
    void rlCurveFromRunsIntoThePlan();
    void lossLawAtSeveralSizes();
    void badFileSaysWhyAndKeepsThePlan();
    void render();

private:
    QString write(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return path;
    }
    static int phaseOf(const Scenario& s, PhaseKind k)
    {
        for (std::size_t i = 0; i < s.phases.size(); ++i)
            if (s.phases[i].kind == k)
                return int(i);
        return -1;
    }
    Catalog m_cat;
    QTemporaryDir m_dir;
};

void TestFitDialog::rlCurveFromRunsIntoThePlan()
{
    // Points on ScaleRL 8B's curve (Khatri et al. 2025 table 1: A 0.610, B 1.92, C_mid 2,542)
    // from R0 0.2, x in GPU-hours, with a ±0.004 alternating wobble so the fit is not exact.
    QByteArray csv = "gpu_hours,pass_rate\n";
    const RlCurve truth{.A = 0.61, .B = 1.92, .C_mid = 2542, .R0 = 0.2};
    int k = 0;
    for (double x = 300; x <= 40000; x *= 1.35, ++k)
        csv += QByteArray::number(x, 'g', 8) + ',' +
               QByteArray::number(rlScoreAt(truth, x) + (k % 2 ? 0.004 : -0.004), 'g', 8) + '\n';
    const QString path = write(QStringLiteral("scalerl.csv"), csv);
    Document doc;
    QVERIFY(doc.load(test::examplePath("grpo-7b-math.costlab.json")));
    const int rl = phaseOf(doc.scenario(), PhaseKind::RlPosttrain);
    QVERIFY(rl >= 0);
    FitDialog d(&doc, &m_cat, rl);
    QVERIFY(d.changes().empty()); // nothing to use before a file is read
    QVERIFY(d.openFile(path));
    QCOMPARE(d.pointsX().size(), k);
    QVERIFY2(d.statusText().contains(QStringLiteral("Fitted to")), qPrintable(d.statusText()));
    double a = -1, cmid = -1;
    bool custom = false, unit = false;
    for (const ParamChange& c : d.changes()) {
        if (c.id == "curve.a")
            a = std::stod(c.text);
        if (c.id == "curve.c_mid")
            cmid = std::stod(c.text);
        custom |= c.id == "rl_curve" && c.text == "custom";
        unit |= c.id == "curve_unit" && c.text == "gpu_hours";
    }
    QVERIFY(custom && unit);
    QVERIFY2(std::abs(a - 0.61) < 0.01, qPrintable(QString::number(a)));
    QVERIFY2(std::abs(cmid / 2542 - 1) < 0.1, qPrintable(QString::number(cmid)));
    // The preview shows the points over the curve, for the phase being fitted.
    QCOMPARE(d.preview()->phaseIndex(), rl);
    QCOMPARE(d.preview()->runPointCount(), k);
    QVERIFY(!d.preview()->showsMessage());
    // "Use in plan": one undo step; undo restores the preset curve.
    const double before = doc.value(QStringLiteral("rl.rl_curve"));
    QVERIFY(d.applyFit());
    QCOMPARE(doc.value(QStringLiteral("rl.rl_curve")), double(rlCurves().size()));
    QVERIFY(std::abs(doc.value(QStringLiteral("rl.curve.a")) - a) < 1e-9);
    doc.undoStack()->undo();
    QCOMPARE(doc.value(QStringLiteral("rl.rl_curve")), before);
}

void TestFitDialog::lossLawAtSeveralSizes()
{
    // params,tokens,loss at three sizes from the Besiroglu et al. 2024 law (E 1.8172, A 482.01,
    // B 2085.43, α 0.3478, β 0.3658): the fitted law must reproduce the losses it was fitted
    // on within 0.01 nats.
    const LossLaw truth{.E = 1.8172, .A = 482.01, .B = 2085.43, .alpha = 0.3478, .beta = 0.3658};
    QByteArray csv = "params,tokens,loss\n";
    for (double n : {1e8, 4e8, 1.6e9})
        for (double dd = 2e9; dd <= 1e11; dd *= 2.2)
            csv += QByteArray::number(n, 'g', 8) + ',' + QByteArray::number(dd, 'g', 8) + ',' +
                   QByteArray::number(lossAt(truth, n, dd), 'g', 10) + '\n';
    const QString path = write(QStringLiteral("sizes.csv"), csv);
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    const int pre = phaseOf(doc.scenario(), PhaseKind::Pretrain);
    FitDialog d(&doc, &m_cat, pre);
    QVERIFY(d.openFile(path));
    LossLaw fitted;
    for (const ParamChange& c : d.changes()) {
        const double v = c.id.rfind("law.", 0) == 0 ? std::stod(c.text) : 0;
        if (c.id == "law.e")
            fitted.E = v;
        else if (c.id == "law.a")
            fitted.A = v;
        else if (c.id == "law.b")
            fitted.B = v;
        else if (c.id == "law.alpha")
            fitted.alpha = v;
        else if (c.id == "law.beta")
            fitted.beta = v;
    }
    for (double n : {1e8, 1.6e9})
        for (double dd : {2e9, 5e10}) {
            const double want = lossAt(truth, n, dd), got = lossAt(fitted, n, dd);
            QVERIFY2(std::abs(got - want) < 0.01,
                     qPrintable(QString("N %1 D %2: %3 vs %4").arg(n).arg(dd).arg(got).arg(want)));
        }
    QVERIFY(d.applyFit());
    QCOMPARE(doc.value(QStringLiteral("pretrain.loss_law")), double(lossLaws().size()));
}

void TestFitDialog::badFileSaysWhyAndKeepsThePlan()
{
    Document doc;
    QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
    FitDialog d(&doc, &m_cat, 0);
    QVERIFY(!d.openFile(m_dir.filePath(QStringLiteral("missing.csv"))));
    QVERIFY2(d.statusText().contains(QStringLiteral("Cannot read")), qPrintable(d.statusText()));
    // A single curve needs its run's size first (no default: the plan's size is rarely the
    // run's, and a wrong one would hide an extrapolation).
    const QString few =
        write(QStringLiteral("few.csv"), "tokens,loss\n1e9,3.1\n2e9,2.9\n4e9,2.8\n");
    QVERIFY(d.openFile(few));
    QVERIFY2(d.statusText().contains(QStringLiteral("model size")), qPrintable(d.statusText()));
    QVERIFY(d.changes().empty());
    d.findChildren<QDoubleSpinBox*>().at(0)->setValue(124);
    // Three points cannot fit five parameters: refused with the count, nothing to apply.
    QVERIFY2(d.statusText().contains(QStringLiteral("Too few points")), qPrintable(d.statusText()));
    QVERIFY(d.changes().empty());
    QVERIFY(!d.applyFit());
    QVERIFY(!doc.isModified());
    // A file that cannot be read after a good fit leaves nothing of the fit to apply.
    QByteArray csv = "tokens,loss\n";
    for (double t = 1e9; t < 2e11; t *= 2)
        csv += QByteArray::number(t, 'g', 8) + ',' +
               QByteArray::number(2.2 + 30 / std::pow(t, 0.15), 'g', 8) + '\n';
    QVERIFY(d.openFile(write(QStringLiteral("good.csv"), csv)));
    QVERIFY2(!d.changes().empty(), qPrintable(d.statusText()));
    QVERIFY(!d.openFile(m_dir.filePath(QStringLiteral("gone.csv"))));
    QVERIFY(d.changes().empty());
    QVERIFY(!d.applyFit());
}

void TestFitDialog::render()
{
    // The dialog in both languages with a fitted curve over the committed W&B export
    // (tests/data/curves/SOURCES.md): every text translated, nothing cut off at 900 × 720.
    const QString prefix = qEnvironmentVariable("COSTLAB_FIT_IMAGE");
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(setLanguage(lang));
        Document doc;
        QVERIFY(doc.load(test::examplePath("llama3-8b-pretrain-h100.costlab.json")));
        FitDialog d(&doc, &m_cat, 0);
        QVERIFY(
            d.openFile(QStringLiteral(COSTLAB_TEST_DATA_DIR "/curves/nanogpt-wandb-export.csv")));
        // The GPT-2 124M run at 491,520 tokens per step (docs/cli.md's example).
        auto* series = d.findChild<QComboBox*>();
        QVERIFY(series);
        const int gpt2 = series->findText(QStringLiteral("gpt2 - train/loss"));
        QVERIFY(gpt2 >= 0);
        series->setCurrentIndex(gpt2);
        const QList<QDoubleSpinBox*> spins = d.findChildren<QDoubleSpinBox*>();
        QCOMPARE(spins.size(), 2);
        spins[0]->setValue(124);
        spins[1]->setValue(491520);
        QVERIFY2(!d.changes().empty(), qPrintable(d.statusText()));
        QVERIFY2(d.statusText().contains(QStringLiteral("rmse")), qPrintable(d.statusText()));
        d.resize(900, 720);
        d.show();
        QCoreApplication::processEvents();
        d.preview()->replot(QCustomPlot::rpImmediateRefresh);
        if (!prefix.isEmpty())
            QVERIFY(d.grab().save(prefix + QLatin1Char('-') + lang + QStringLiteral(".png")));
    }
    setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestFitDialog)
#include "tst_fitdialog.moc"
