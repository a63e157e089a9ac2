// Shared helpers of the model tests: a relative-tolerance compare (money, probabilities,
// FLOPs and bytes are never bit-exact against a hand calculation), the default catalog and
// the shipped example plans.
#pragma once

#include "catalogio.h"
#include "modelarch.h"
#include "registry.h"
#include "scenario_json.h"

#include <QFile>
#include <QTest>

#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace costlab::test {

/// True when |actual − expected| ≤ relTol·|expected| (or ≤ relTol when expected is 0, so a
/// zero expectation is an absolute check). NaN never compares equal.
inline bool relClose(double actual, double expected, double relTol)
{
    if (std::isnan(actual) || std::isnan(expected))
        return false;
    if (actual == expected)
        return true; // also equal infinities
    const double scale = expected != 0 ? std::fabs(expected) : 1.0;
    return std::fabs(actual - expected) <= relTol * scale;
}

/// Failure text naming both values, the relative error and the tolerance.
inline QByteArray relMessage(const char* actualExpr, double actual, const char* expectedExpr,
                             double expected, double relTol)
{
    const double rel =
        expected != 0 ? (actual - expected) / std::fabs(expected) : actual - expected;
    return QByteArray(actualExpr) + " = " + QByteArray::number(actual, 'g', 12) + ", " +
           expectedExpr + " = " + QByteArray::number(expected, 'g', 12) + " (relative error " +
           QByteArray::number(rel, 'g', 4) + ", tolerance " + QByteArray::number(relTol, 'g', 4) +
           ")";
}

/// The default catalog shipped in resources/; fails the calling test when it does not load.
inline Catalog defaultCatalog()
{
    std::vector<std::string> errs;
    auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errs);
    return c ? *c : Catalog{};
}

/// A shipped example plan (resources/examples/NAME.costlab.json); aborts the test binary
/// when it does not load, since every case after it would be meaningless.
inline Scenario example(const char* name)
{
    const LoadResult r =
        loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + name + ".costlab.json");
    if (!r.scenario)
        qFatal("cannot load example %s", name);
    return *r.scenario;
}

/// The shape of a shipped model preset (modelarch.h); an empty shape for an unknown id.
inline ModelArch preset(const char* id)
{
    const ModelPreset* p = findPreset(id);
    return p ? p->arch : ModelArch{};
}

/// Pitfall B6's set-up (Lightning's efficiency guide: LoRA ~16 GB for a 7B at b 1, s 2,048):
/// CodeLlama-7B (Llama 2 7B with a 32,016 vocabulary) on one trainer GPU, LoRA rank 8 on all
/// linear layers, full recompute, one micro-batch of 512 + 1,536 tokens, no KL reference.
inline Scenario loraSevenBOnOneGpu()
{
    ModelArch m = preset("llama-2-7b");
    m.vocab = 32016;
    const std::array kinds{PhaseKind::RlPosttrain};
    Scenario s = defaultScenario(kinds);
    s.phases[0].model = m;
    RlInputs& rl = s.phases[0].rl;
    rl.trainer_gpus = 1;
    rl.prompt_tokens = 512;
    rl.response_tokens = 1536;
    rl.turns = 1;
    rl.micro_batch = 1;
    rl.kl_coef = 0;
    rl.mode = TrainingMode::LoRA;
    rl.lora_rank = 8;
    rl.lora_targets = LoraTargets::AllLinear;
    rl.recompute = Recompute::Full;
    return s;
}

/// A generated table in a document, between "<!-- NAME:begin -->" and "<!-- NAME:end -->":
/// with COSTLAB_UPDATE_VALIDATION set, writes `table` there and returns `table`; otherwise
/// returns what the document holds now (trimmed), or an error text starting with "error:".
/// The caller QCOMPAREs the result with `table`, so a stale document fails the test.
inline QString documentTable(const QString& path, const QString& name, const QString& table)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "error: cannot read " + path;
    const QString doc = QString::fromUtf8(f.readAll());
    f.close();
    const QString begin = "<!-- " + name + ":begin -->", end = "<!-- " + name + ":end -->";
    const qsizetype b = doc.indexOf(begin), e = doc.indexOf(end);
    if (b < 0 || e < b)
        return "error: markers " + name + " missing in " + path;
    if (qEnvironmentVariableIsSet("COSTLAB_UPDATE_VALIDATION")) {
        const QString updated = doc.left(b + begin.size()) + "\n" + table + "\n" + doc.mid(e);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return "error: cannot write " + path;
        f.write(updated.toUtf8());
        return table;
    }
    return doc.mid(b + begin.size(), e - b - begin.size()).trimmed();
}

} // namespace costlab::test

/// QCOMPARE for doubles with a relative tolerance; prints both values on failure. Works
/// with QEXPECT_FAIL like QVERIFY2 (it is one).
#define QCOMPARE_REL(actual, expected, relTol)                                                     \
    do {                                                                                           \
        const double qcr_a_ = double(actual), qcr_e_ = double(expected), qcr_t_ = double(relTol);  \
        QVERIFY2(                                                                                  \
            ::costlab::test::relClose(qcr_a_, qcr_e_, qcr_t_),                                     \
            ::costlab::test::relMessage(#actual, qcr_a_, #expected, qcr_e_, qcr_t_).constData());  \
    } while (false)
