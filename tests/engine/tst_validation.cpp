// Validation of the pre-training compute model against published runs
// (tests/data/published-runs.csv, from shared/reference/published-runs.csv) and a check
// that docs/validation.md still shows what the engine computes.
//
// Targets: with the run's own reported MFU / TFLOP/s / tokens-per-second, the engine
// lands within ±15 % of the published GPU-hours; with the MFU the step-time model predicts
// from each run's layout (tests/data/published-runs.csv layout columns), the median absolute
// error over all runs is guarded at 30 % (target 15 %, see predictedMfuMedianWithin30Percent).
//
// To regenerate the table in docs/validation.md after an intended engine change:
//   COSTLAB_UPDATE_VALIDATION=1 ./tst_validation
// then review the diff: every changed number is a changed prediction.
#include "catalogio.h"
#include "engine.h"
#include "modelarch.h"
#include "registry.h"
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

using namespace costlab;

namespace {

struct Run {
    QString name;
    Scenario scenario; // engine default MFU
    Scenario reported; // the run's own utilisation figure, when it has one
    bool hasReported = false;
    QString reportedText;
    double published = 0;
    QString gpusNote;
    QString source;
};

// Runs whose published hours include what a step-level MFU cannot see.
const char* exclusionReason(const QString& name)
{
    if (name.startsWith("PaLM"))
        return "chip-hours include 'some downtime and repeated steps' and a 336 h segment on half "
               "the chips (PaLM §4, reference-data.md §1.1): 46.2 % is the step MFU, end-to-end is "
               "30 %";
    return nullptr;
}

std::vector<std::string> splitCsv(const std::string& line)
{
    std::vector<std::string> out;
    std::string cell;
    std::stringstream ss(line);
    while (std::getline(ss, cell, ','))
        out.push_back(cell);
    return out;
}

std::vector<Run> loadRuns(const Catalog& cat)
{
    std::vector<Run> runs;
    std::ifstream in(COSTLAB_TEST_DATA_DIR "/published-runs.csv");
    std::string line;
    bool header = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        if (header) {
            header = false;
            continue;
        }
        const auto c = splitCsv(line);
        if (c.size() < 16)
            continue;
        const PhaseKind kinds[] = {PhaseKind::Pretrain};
        Run r;
        r.name = QString::fromStdString(c[0]);
        Scenario s = defaultScenario(kinds);
        Phase& p = s.phases[0];
        p.model.from_shape = false;
        p.model.params_total = std::stod(c[1]);
        p.model.layers = std::stod(c[2]);
        p.model.hidden = std::stod(c[3]);
        p.model.heads = std::stod(c[4]);
        p.model.kv_heads = std::stod(c[5]);
        p.model.vocab = std::stod(c[6]);
        p.pretrain.seq_len = std::stod(c[7]);
        p.pretrain.tokens = std::stod(c[8]);
        p.accelerator = c[9];
        p.gpus = std::stod(c[10]);
        r.gpusNote = QString::fromStdString(c[11]);
        r.published = std::stod(c[12]);
        r.source = QString::fromStdString(c[15]);
        if (c.size() >= 23) { // shape details and layout for the step-time model
            p.model.ffn = std::stod(c[16]);
            p.model.gated_mlp = c[17] == "1";
            p.pretrain.tp = std::stod(c[18]);
            p.pretrain.pp = std::stod(c[19]);
            p.pretrain.seq_len = std::stod(c[7]);
            p.pretrain.global_batch_tokens = std::stod(c[20]) * p.pretrain.seq_len;
            p.pretrain.micro_batch = std::stod(c[21]);
            p.pretrain.zero_stage = std::stod(c[22]);
        }
        if (c.size() >= 25) { // inputs the run's source gives: "id=value id=value"
            std::stringstream settings(c[24]);
            std::string kv;
            while (settings >> kv) {
                const auto eq = kv.find('=');
                const auto ref = findParam(s, kv.substr(0, eq));
                const std::string err = ref && eq != std::string::npos
                                            ? setFromString(s, *ref, kv.substr(eq + 1))
                                            : "no such parameter";
                if (!err.empty())
                    qFatal("published-runs.csv %s: %s: %s", c[0].c_str(), kv.c_str(), err.c_str());
            }
        }
        r.scenario = s;
        if (!c[13].empty()) {
            r.hasReported = true;
            r.reportedText = QString::fromStdString(c[13]);
            Scenario q = s;
            Phase& qp = q.phases[0];
            const Accelerator* a = cat.accelerator(qp.accelerator);
            const auto eq = c[13].find('=');
            const std::string kind = c[13].substr(0, eq);
            const double v = std::stod(c[13].substr(eq + 1));
            if (kind == "mfu")
                qp.pretrain.mfu = v;
            if (kind == "hfu_tflops") { // hardware FLOP/s with full recompute: 8 of 6 FLOPs
                qp.pretrain.mfu = v / a->bf16_tflops;
                qp.pretrain.recompute = Recompute::Full;
            }
            if (kind == "tokens_per_s")
                qp.pretrain.mfu =
                    v * trainFlopsPerToken(qp.model, qp.pretrain.seq_len) / (a->bf16_tflops * 1e12);
            if (c[14] == "1") { // published hours exclude failures by construction
                q.reliability.gpu_failure_rate = 1e-8;
                q.reliability.node_failure_rate = 0;
            }
            r.reported = q;
        }
        runs.push_back(r);
    }
    return runs;
}

QString fmtHours(double h)
{
    return QLocale::c().toString(std::round(h), 'f', 0);
}

} // namespace

class TestValidation : public QObject {
    Q_OBJECT
    Catalog m_cat;
    std::vector<Run> m_runs;

private slots:
    void initTestCase()
    {
        std::vector<std::string> errors;
        auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errors);
        QVERIFY2(c.has_value(), errors.empty() ? "" : errors.front().c_str());
        m_cat = *c;
        m_runs = loadRuns(m_cat);
        QVERIFY2(m_runs.size() >= 15, "published-runs.csv should hold at least 15 runs");
    }

    void reportedInputsWithin15Percent_data()
    {
        QTest::addColumn<int>("index");
        for (size_t i = 0; i < m_runs.size(); ++i)
            if (m_runs[i].hasReported)
                QTest::newRow(m_runs[i].name.toUtf8()) << int(i);
    }
    void reportedInputsWithin15Percent()
    {
        QFETCH(int, index);
        const Run& r = m_runs[size_t(index)];
        const double predicted = evaluate(r.reported, m_cat).gpu_hours;
        const double err = (predicted - r.published) / r.published;
        if (const char* why = exclusionReason(r.name)) {
            // Documented miss: assert it stays a miss in the direction the reason explains.
            QVERIFY2(err < -0.15,
                     qPrintable(QString("expected an under-estimate; got %1 %").arg(err * 100)));
            qInfo("%s: %+.1f %% (excluded: %s)", qPrintable(r.name), err * 100, why);
            return;
        }
        QVERIFY2(std::fabs(err) <= 0.15,
                 qPrintable(QString("%1: published %2 GPU-h, predicted %3 (%4 %)")
                                .arg(r.name)
                                .arg(r.published)
                                .arg(predicted)
                                .arg(err * 100)));
    }

    void predictedMfuMedianWithin30Percent()
    {
        std::vector<double> errs;
        for (const Run& r : m_runs) {
            const Estimate e = evaluate(r.scenario, m_cat);
            const double predicted = e.gpu_hours;
            errs.push_back(std::fabs(predicted - r.published) / r.published);
            qInfo("%-22s MFU %.3f  published %10.0f  predicted %10.0f  %+6.1f %%",
                  qPrintable(r.name), e.phases.empty() ? 0.0 : e.phases[0].mfu, r.published,
                  predicted, (predicted - r.published) / r.published * 100);
        }
        std::sort(errs.begin(), errs.end());
        const double median = errs.size() % 2
                                  ? errs[errs.size() / 2]
                                  : 0.5 * (errs[errs.size() / 2 - 1] + errs[errs.size() / 2]);
        qInfo("median absolute error with the predicted MFU: %.1f %% over %zu runs", median * 100,
              errs.size());
        // The target is 15 % (10 % longer term) with the engine's own MFU; the
        // step-time model reaches 25.8 % on these runs without being fitted to any of them
        // (the old per-accelerator default MFU reached 16 % here because it was tuned here, and
        // 38 % on held-out runs). Guard against regression at 30 %; docs/validation.md shows
        // every row and why it misses.
        QVERIFY2(median <= 0.30, qPrintable(QString("median error %1 %").arg(median * 100)));
    }

    // RL step times: tst_rlvalidation.cpp (every NeMo RL v0.4 row, from its recipe).

    // docs/validation.md holds one table row per run between the markers; each predicted
    // figure must equal the engine's (rounded to whole GPU-hours as printed).
    void docsTableMatchesEngine()
    {
        QStringList rows;
        rows << "| Run | Accelerator × GPUs | Published GPU-h | Default MFU | Predicted GPU-h | "
                "Error | Reported input | Predicted GPU-h | Error |";
        rows << "|---|---|---:|---:|---:|---:|---|---:|---:|";
        for (const Run& r : m_runs) {
            const Estimate d = evaluate(r.scenario, m_cat);
            const double errD = (d.gpu_hours - r.published) / r.published;
            QString rep = "–", repH = "–", repE = "–";
            if (r.hasReported) {
                const Estimate q = evaluate(r.reported, m_cat);
                rep = r.reportedText;
                repH = fmtHours(q.gpu_hours);
                repE =
                    QString::asprintf("%+.1f %%", (q.gpu_hours - r.published) / r.published * 100);
            }
            rows << QString("| %1 | %2 × %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 |")
                        .arg(r.name, QString::fromStdString(r.scenario.phases[0].accelerator))
                        .arg(r.scenario.phases[0].gpus)
                        .arg(fmtHours(r.published))
                        .arg(QString::asprintf("%.3f", d.phases[0].mfu))
                        .arg(fmtHours(d.gpu_hours))
                        .arg(QString::asprintf("%+.1f %%", errD * 100))
                        .arg(rep, repH, repE);
        }
        const QString table = rows.join('\n');
        QCOMPARE(test::documentTable(QStringLiteral(COSTLAB_SOURCE_DIR "/docs/validation.md"),
                                     QStringLiteral("validation-table"), table),
                 table);
    }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
