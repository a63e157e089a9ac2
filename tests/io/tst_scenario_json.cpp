// .costlab.json reading, validation and atomic writing (model/io/scenario_json.h).
// Bad inputs live in tests/data/bad/, one problem per file, listed in expected.tsv with the
// JSON pointer and a message fragment the loader must report. To add one: drop the file in,
// add its row, run this test.
#include "files.h"
#include "modelarch.h"
#include "registry.h"
#include "scenario_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <sys/resource.h>

using namespace costlab;

namespace {

QString dataDir()
{
    return QStringLiteral(COSTLAB_TEST_DATA_DIR);
}

std::string errorsToString(const std::vector<LoadError>& errors)
{
    std::string out;
    for (const LoadError& e : errors)
        out += "  [" + e.pointer + "] " + e.message + "\n";
    return out;
}

struct ExpectedRow {
    QString file;
    QString pointer;
    QString substring;
};

std::vector<ExpectedRow> expectedRows()
{
    std::vector<ExpectedRow> rows;
    QFile f(dataDir() + "/bad/expected.tsv");
    if (!f.open(QIODevice::ReadOnly))
        return rows;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QStringList cols = line.split('\t');
        if (cols.size() != 3)
            continue;
        rows.push_back({cols[0], cols[1] == "-" ? QString() : cols[1], cols[2]});
    }
    return rows;
}

Scenario loadGood(const char* name)
{
    const std::string path = (dataDir() + "/good/" + name).toStdString();
    LoadResult r = loadScenarioFile(path);
    if (!r.scenario)
        qWarning("%s", errorsToString(r.errors).c_str());
    return r.scenario.value_or(Scenario{});
}

bool hasError(const LoadResult& r, const std::string& pointer, const std::string& fragment = {})
{
    return std::any_of(r.errors.begin(), r.errors.end(), [&](const LoadError& e) {
        return e.pointer == pointer && e.message.find(fragment) != std::string::npos;
    });
}

QStringList filesIn(const QString& dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

} // namespace

class TstScenarioJson : public QObject {
    Q_OBJECT

private slots:
    // Automatic checkpoint interval: the default for a plan that says nothing; a file that
    // names an interval without checkpoint_auto keeps its interval; an explicit flag wins.
    void checkpointIntervalOfOlderFilesIsKept()
    {
        auto load = [](const std::string& reliability) {
            const std::string text = R"({"schema_version": 1, "name": "x", "reliability": )" +
                                     reliability + R"(, "phases": [{"kind": "pretrain"}]})";
            LoadResult r = scenarioFromJson(text);
            if (!r.scenario)
                qFatal("load failed: %s", r.errors.empty() ? "" : r.errors.front().message.c_str());
            return r.scenario->reliability;
        };
        QVERIFY(load("{}").checkpoint_auto);
        const ReliabilitySection old = load(R"({"checkpoint_interval_h": 2})");
        QVERIFY(!old.checkpoint_auto);
        QCOMPARE(old.checkpoint_interval_h, 2.0);
        QVERIFY(load(R"({"checkpoint_interval_h": 2, "checkpoint_auto": true})").checkpoint_auto);
        QVERIFY(!load(R"({"checkpoint_auto": false})").checkpoint_auto);
        // What the writer saves reads back the same way (both keys are written).
        Scenario s = defaultScenario(std::vector<PhaseKind>{PhaseKind::Pretrain});
        s.reliability.checkpoint_interval_h = 3;
        const LoadResult back = scenarioFromJson(scenarioToJson(s));
        QVERIFY(back.scenario && back.scenario->reliability.checkpoint_auto);
    }

    void duplicateKeyErrorsAreCapped()
    {
        // A file of duplicate keys once printed 2.8 million error lines (268 MB).
        std::string text = "{\"schema_version\": 1, \"name\": \"x\", \"phases\": [], ";
        for (int i = 0; i < 100000; ++i)
            text += "\"name\": \"x\", ";
        text += "\"name\": \"x\"}";
        const LoadResult r = scenarioFromJson(text);
        QVERIFY(!r.scenario);
        QVERIFY2(r.errors.size() <= 202, qPrintable(QString::number(r.errors.size())));
        QVERIFY(r.errors.back().message.find("not listed") != std::string::npos ||
                r.errors[r.errors.size() - 2].message.find("not listed") != std::string::npos);
    }

    void badFiles_data();
    void badFiles();
    void everyBadFileIsListed();
    void minimalLoads();
    void roundTripIsExact();
    void derivedCountsAreNeverStale();
    void roundTripOfUnusualValues();
    void examplesLoadAndRoundTrip();
    void reportsEveryError();
    void duplicateKeyDoesNotHideOtherErrors();
    void presetGivesShape();
    void explicitFieldOverridesPreset();
    void unknownAcceleratorIsAccepted();
    void numericChoiceIdAcceptsInteger();
    void hugeTextRejected();
    void saveAndLoadFile();
    void unreadablePlanIsNotWritten();
    void staleTemporariesAreRemoved();
    void saveThroughSymlink();
    void byteOrderMarkAndCrlfAccepted();
    void writeIntoMissingDirectory();
    void writeIntoUnwritablePlace();
    void failedWriteKeepsExistingTarget();
    void readFileErrors();
};

void TstScenarioJson::badFiles_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("substring");
    const auto rows = expectedRows();
    QVERIFY2(rows.size() >= 35, "expected.tsv must list at least 35 bad files");
    for (const ExpectedRow& row : rows)
        QTest::newRow(row.file.toUtf8().constData()) << row.file << row.pointer << row.substring;
}

void TstScenarioJson::badFiles()
{
    QFETCH(QString, file);
    QFETCH(QString, pointer);
    QFETCH(QString, substring);
    const std::string path = (dataDir() + "/bad/" + file).toStdString();
    QVERIFY2(QFileInfo::exists(QString::fromStdString(path)), path.c_str());

    const LoadResult r = loadScenarioFile(path);
    QVERIFY2(!r.scenario.has_value(), "a bad file must not yield a scenario");
    QVERIFY(!r.errors.empty());
    const std::string detail = "got errors:\n" + errorsToString(r.errors);
    QVERIFY2(hasError(r, pointer.toStdString(), substring.toStdString()), detail.c_str());
    for (const LoadError& e : r.errors)
        QVERIFY2(!e.message.empty(), detail.c_str());
}

void TstScenarioJson::everyBadFileIsListed()
{
    QSet<QString> listed;
    for (const ExpectedRow& row : expectedRows())
        listed.insert(row.file);
    for (const QString& f : filesIn(dataDir() + "/bad")) {
        if (f == "expected.tsv")
            continue;
        QVERIFY2(listed.contains(f), qPrintable(f + " is not listed in expected.tsv"));
    }
}

void TstScenarioJson::minimalLoads()
{
    const Scenario s = loadGood("minimal.costlab.json");
    // Values as written in tests/data/good/minimal.costlab.json; the rest are registry defaults.
    QCOMPARE(s.name, std::string("Minimal plan: one phase of each kind"));
    QCOMPARE(s.project, std::string("costlab-tests"));
    QCOMPARE(s.tags, (std::vector<std::string>{"test", "minimal"}));
    QCOMPARE(int(s.currency), int(Currency::CNY));
    QCOMPARE(s.cny_per_usd, 7.1);
    QCOMPARE(s.reliability.checkpoint_interval_h, 0.5);
    QCOMPARE(s.reliability.restart_min, 10.0); // scenario.h default
    QCOMPARE(s.budget.total, 2.5e6);
    QCOMPARE(s.budget.start_date, std::string("2027-03-01"));
    QCOMPARE(s.phases.size(), std::size_t(3));

    const Phase& pt = s.phases[0];
    QCOMPARE(int(pt.kind), int(PhaseKind::Pretrain));
    QCOMPARE(pt.name, std::string("Base model"));
    QCOMPARE(pt.gpus, 512.0);
    QCOMPARE(pt.pretrain.tokens, 2e12);
    QCOMPARE(int(pt.pretrain.precision), int(TrainPrecision::FP8));
    QCOMPARE(pt.pretrain.zero_stage, 2.0);
    QCOMPARE(pt.pretrain.seq_len, 8192.0); // default
    QCOMPARE(pt.accelerator, std::string("h100-sxm-80gb"));

    const Phase& rl = s.phases[1];
    QCOMPARE(int(rl.kind), int(PhaseKind::RlPosttrain));
    QCOMPARE(rl.experiment_batch, std::string("rl-batch-7"));
    QCOMPARE(rl.rl.env_count, 128.0);
    QCOMPARE(int(rl.rl.rollout_quant), int(Quantization::FP8));
    QCOMPARE(rl.rl.is_correction, false);
    QCOMPARE(rl.rl.group_size, 16.0); // default

    const Phase& ev = s.phases[2];
    QCOMPARE(int(ev.kind), int(PhaseKind::Evaluation));
    QCOMPARE(ev.accelerator, std::string("a100-sxm-80gb"));
    QCOMPARE(ev.eval.versions, 12.0);
    QCOMPARE(ev.eval.destroy_after_use, false);
}

static void compareScenarios(const Scenario& a, const Scenario& b)
{
    QCOMPARE(a.name, b.name);
    QCOMPARE(a.description, b.description);
    QCOMPARE(a.project, b.project);
    QCOMPARE(a.tags, b.tags);
    QCOMPARE(a.catalog_id, b.catalog_id);
    QCOMPARE(a.budget.start_date, b.budget.start_date);
    QCOMPARE(a.phases.size(), b.phases.size());
    for (std::size_t i = 0; i < a.phases.size(); ++i) {
        QCOMPARE(int(a.phases[i].kind), int(b.phases[i].kind));
        QCOMPARE(a.phases[i].name, b.phases[i].name);
        QCOMPARE(a.phases[i].experiment_batch, b.phases[i].experiment_batch);
        QCOMPARE(a.phases[i].model.preset, b.phases[i].model.preset);
    }
    const auto refsA = boundParameters(a);
    const auto refsB = boundParameters(b);
    QCOMPARE(refsA.size(), refsB.size());
    for (std::size_t i = 0; i < refsA.size(); ++i) {
        QCOMPARE(refsA[i].def, refsB[i].def);
        QCOMPARE(refsA[i].phase, refsB[i].phase);
        const std::string id = fullId(a, refsA[i]);
        // Exact equality on purpose: the file must carry every bit of every double.
        QVERIFY2(getValue(a, refsA[i]) == getValue(b, refsB[i]), id.c_str());
        QVERIFY2(getString(a, refsA[i]) == getString(b, refsB[i]), id.c_str());
    }
}

void TstScenarioJson::roundTripIsExact()
{
    const Scenario s1 = loadGood("minimal.costlab.json");
    QCOMPARE(s1.phases.size(), std::size_t(3));
    const std::string j1 = scenarioToJson(s1);
    QVERIFY(j1.rfind("{\n  \"schema_version\": 1,\n", 0) == 0); // first, 2-space indent

    const LoadResult r2 = scenarioFromJson(j1);
    QVERIFY2(r2.scenario.has_value(), errorsToString(r2.errors).c_str());
    const std::string j2 = scenarioToJson(*r2.scenario);
    QCOMPARE(j2, j1);
    compareScenarios(s1, *r2.scenario);

    // Every registry field is written: each json_path appears as a key — but the counts a
    // shape derives ("derive size from shape" on in this file), which are never stored.
    for (const ParamDef& d : parameters()) {
        const std::string_view path = d.json_path;
        const std::string leaf = "\"" + std::string(path.substr(path.rfind('/') + 1)) + "\":";
        const bool derived = derivedFromShape(d, &s1.phases.front());
        QVERIFY2((j1.find(leaf) != std::string::npos) != derived, std::string(d.key).c_str());
    }
}

void TstScenarioJson::derivedCountsAreNeverStale()
{
    // Issue 13: an older file carrying a stale params_total next to "from_shape": true and a
    // preset whose shape it no longer has loads with the derived count and no preset, and
    // saves without the stale figure. Llama 3 70B shape: 70,553,706,496 (hand count in
    // tst_registry, the model card's 70.6 B).
    const LoadResult r = scenarioFromJson(R"({"schema_version": 1, "name": "70B",
        "phases": [{"kind": "pretrain", "model": {"preset": "llama-3-8b", "from_shape": true,
          "params_total": 8.03e9, "layers": 80, "hidden": 8192, "heads": 64, "kv_heads": 8,
          "ffn": 28672}}]})");
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    const ModelArch& m = r.scenario->phases[0].model;
    QCOMPARE(m.params_total, 70553706496.0);
    QVERIFY(m.preset.empty());
    const std::string saved = scenarioToJson(*r.scenario);
    QVERIFY(saved.find("params_total") == std::string::npos);
    QVERIFY(saved.find("8.03e") == std::string::npos);
    QVERIFY(saved.find("\"preset\": \"llama-3-8b\"") == std::string::npos);
    // A preset used as it is keeps its name.
    const LoadResult kept = scenarioFromJson(R"({"schema_version": 1, "name": "8B",
        "phases": [{"kind": "pretrain", "model": {"preset": "llama-3-8b"}}]})");
    QVERIFY(kept.scenario);
    QCOMPARE(kept.scenario->phases[0].model.preset, std::string("llama-3-8b"));
    // Given by count, the count is the file's and is saved.
    const LoadResult byCount = scenarioFromJson(R"({"schema_version": 1, "name": "n",
        "phases": [{"kind": "pretrain", "model": {"from_shape": false, "params_total": 3e11}}]})");
    QVERIFY(byCount.scenario);
    QCOMPARE(byCount.scenario->phases[0].model.params_total, 3e11);
    QVERIFY(scenarioToJson(*byCount.scenario).find("\"params_total\": 300000000000") !=
            std::string::npos);
}

void TstScenarioJson::roundTripOfUnusualValues()
{
    // Values no one would type (full 17-digit mantissas, the range ends, the last choice) must
    // survive save → load unchanged.
    const PhaseKind kinds[] = {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation,
                               PhaseKind::RlPosttrain};
    Scenario s = defaultScenario(kinds);
    s.name = "Ünïcode “quotes” \\ / \t and 中文";
    s.description = std::string("line 1\nline 2\x01");
    s.tags = {"a", "", "b c"};
    int n = 0;
    for (const ParamRef& ref : boundParameters(s)) {
        const ParamDef& d = *ref.def;
        ++n;
        switch (d.type) {
        case ParamType::Real:
            // An irrational fraction of the range, or an end of it.
            setValue(s, ref,
                     n % 5 == 0   ? d.max
                     : n % 7 == 0 ? d.min
                                  : d.min + (d.max - d.min) * 0.31830988618379067);
            break;
        case ParamType::Integer:
            setValue(s, ref, n % 3 == 0 ? d.max : std::floor(d.min + (d.max - d.min) / 3));
            break;
        case ParamType::Bool:
            setValue(s, ref, getValue(s, ref) != 0 ? 0 : 1);
            break;
        case ParamType::Choice:
            setValue(s, ref, double(d.choices.size() - 1));
            break;
        case ParamType::AcceleratorRef:
        case ParamType::InstanceRef:
            QCOMPARE(setFromString(s, ref, "custom-id-" + std::to_string(n)), std::string());
            break;
        }
    }
    const std::string j1 = scenarioToJson(s);
    const LoadResult r = scenarioFromJson(j1);
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    compareScenarios(s, *r.scenario);
    QCOMPARE(scenarioToJson(*r.scenario), j1);
}

void TstScenarioJson::examplesLoadAndRoundTrip()
{
    // The shipped examples are written by hand: they must load and survive save → load.
    const QString dir = QStringLiteral(COSTLAB_SOURCE_DIR "/resources/examples");
    const QStringList files = QDir(dir).entryList({"*.costlab.json"}, QDir::Files);
    if (files.isEmpty())
        QSKIP("no examples in resources/examples");
    for (const QString& f : files) {
        const LoadResult r = loadScenarioFile((dir + "/" + f).toStdString());
        QVERIFY2(r.scenario.has_value(),
                 qPrintable(f + ":\n" + QString::fromStdString(errorsToString(r.errors))));
        const std::string j = scenarioToJson(*r.scenario);
        const LoadResult r2 = scenarioFromJson(j);
        QVERIFY2(r2.scenario.has_value(), qPrintable(f));
        compareScenarios(*r.scenario, *r2.scenario);
        QCOMPARE(scenarioToJson(*r2.scenario), j);
    }
}

void TstScenarioJson::reportsEveryError()
{
    // Three unrelated problems in three places: all three are reported, no scenario.
    const char* text = R"({
  "schema_version": 1,
  "name": "Three errors",
  "reliability": { "checkpoint_interval_h": -2 },
  "phases": [
    { "kind": "pretrain", "gpus": -4 },
    { "kind": "rl_posttrain", "rl": { "rollout_quant": "int3", "env_count": 64 } }
  ]
})";
    const LoadResult r = scenarioFromJson(text);
    QVERIFY(!r.scenario);
    const std::string detail = errorsToString(r.errors);
    QCOMPARE(r.errors.size(), std::size_t(3));
    QVERIFY2(hasError(r, "/reliability/checkpoint_interval_h", "got -2"), detail.c_str());
    QVERIFY2(hasError(r, "/phases/0/gpus", "got -4"), detail.c_str());
    QVERIFY2(hasError(r, "/phases/1/rl/rollout_quant", "int3"), detail.c_str());
}

void TstScenarioJson::duplicateKeyDoesNotHideOtherErrors()
{
    const LoadResult r = scenarioFromJson(R"({"schema_version": 1, "name": "a", "name": "b",
        "phases": [{"kind": "evaluation", "gpus": 0}]})");
    QVERIFY(!r.scenario);
    const std::string detail = errorsToString(r.errors);
    QVERIFY2(hasError(r, "/name", "duplicate key"), detail.c_str());
    QVERIFY2(hasError(r, "/phases/0/gpus", "got 0"), detail.c_str());
}

void TstScenarioJson::presetGivesShape()
{
    // Llama 3 70B: 80 layers, hidden 8192, 64 heads, 8 KV heads, FFN 28,672, vocabulary 128,256
    // (Llama 3 paper, Table 3).
    const ModelPreset* preset = findPreset("llama-3-70b");
    if (!preset)
        QSKIP("preset llama-3-70b not in modelarch presets");
    const Scenario s = loadGood("preset_model.costlab.json");
    QCOMPARE(s.phases.size(), std::size_t(1));
    const ModelArch& m = s.phases[0].model;
    QCOMPARE(m.preset, std::string("llama-3-70b"));
    QCOMPARE(m.layers, 80.0);
    QCOMPARE(m.hidden, 8192.0);
    QCOMPARE(m.heads, 64.0);
    QCOMPARE(m.kv_heads, 8.0);
    QCOMPARE(m.ffn, 28672.0);
    QCOMPARE(m.vocab, 128256.0);

    // Saved with the preset and its shape; reloads to the same thing.
    const std::string j = scenarioToJson(s);
    QVERIFY(j.find("\"preset\": \"llama-3-70b\"") != std::string::npos);
    const LoadResult r = scenarioFromJson(j);
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    compareScenarios(s, *r.scenario);
}

void TstScenarioJson::explicitFieldOverridesPreset()
{
    if (modelPresets().empty())
        QSKIP("no model presets");
    // Pick a preset whose layer count is not 12, then override layers with 12.
    const ModelPreset* p = nullptr;
    for (const ModelPreset& mp : modelPresets())
        if (mp.arch.layers != 12) {
            p = &mp;
            break;
        }
    QVERIFY(p);
    const std::string text = R"({"schema_version": 1, "name": "override", "phases": [
        {"kind": "pretrain", "model": {"layers": 12, "preset": ")" +
                             std::string(p->id) + R"("}}]})";
    const LoadResult r = scenarioFromJson(text);
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    const ModelArch& m = r.scenario->phases[0].model;
    QCOMPARE(m.layers, 12.0);           // explicit field wins, whatever the key order
    QCOMPARE(m.hidden, p->arch.hidden); // the rest comes from the preset
    QCOMPARE(m.vocab, p->arch.vocab);
    // The shape is no longer the preset's: its name is dropped (issue 13, never stale).
    QVERIFY(m.preset.empty());
}

void TstScenarioJson::unknownAcceleratorIsAccepted()
{
    // Catalogs differ between users; the engine warns about unknown ids, loading does not.
    const LoadResult r = scenarioFromJson(R"({"schema_version": 1, "name": "x",
        "phases": [{"kind": "pretrain", "accelerator": "tpu-v9-imaginary"}]})");
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    QCOMPARE(r.scenario->phases[0].accelerator, std::string("tpu-v9-imaginary"));
}

void TstScenarioJson::numericChoiceIdAcceptsInteger()
{
    // zero_stage's choice ids are "0".."3"; a bare 3 means the same, 4 is still rejected.
    LoadResult r = scenarioFromJson(R"({"schema_version": 1, "name": "x",
        "phases": [{"kind": "pretrain", "pretrain": {"zero_stage": 3}}]})");
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    QCOMPARE(r.scenario->phases[0].pretrain.zero_stage, 3.0);
    QVERIFY(scenarioToJson(*r.scenario).find("\"zero_stage\": \"3\"") != std::string::npos);

    r = scenarioFromJson(R"({"schema_version": 1, "name": "x",
        "phases": [{"kind": "pretrain", "pretrain": {"zero_stage": 4}}]})");
    QVERIFY(!r.scenario);
    QVERIFY2(hasError(r, "/phases/0/pretrain/zero_stage", "one of: 0, 1, 2, 3"),
             errorsToString(r.errors).c_str());
}

void TstScenarioJson::hugeTextRejected()
{
    // 17 MiB of spaces inside a valid document: rejected by size before parsing.
    std::string text = R"({"schema_version": 1, "name": "x", "phases": [{"kind": "pretrain"}]})";
    text.insert(1, std::string(17u * 1024u * 1024u, ' '));
    LoadResult r = scenarioFromJson(text);
    QVERIFY(!r.scenario);
    QVERIFY2(hasError(r, "", "limited to"), errorsToString(r.errors).c_str());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = (dir.path() + "/huge.costlab.json").toStdString();
    QCOMPARE(writeFileAtomic(path, text), std::string());
    r = loadScenarioFile(path);
    QVERIFY(!r.scenario);
    QVERIFY2(hasError(r, "", "16 MiB"), errorsToString(r.errors).c_str());
}

void TstScenarioJson::saveAndLoadFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Scenario s = loadGood("minimal.costlab.json");
    const std::string path = (dir.path() + "/plan.costlab.json").toStdString();
    QCOMPARE(saveScenarioFile(s, path), std::string());
    // Overwrite an existing file too.
    QCOMPARE(saveScenarioFile(s, path), std::string());
    QCOMPARE(filesIn(dir.path()), QStringList{"plan.costlab.json"}); // no temp left behind
    const LoadResult r = loadScenarioFile(path);
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    compareScenarios(s, *r.scenario);
    std::string err;
    QCOMPARE(readFile(path, err).value_or(""), scenarioToJson(s));
}

// Issue 44: `import` wrote a plan with a 10,011-character name that every other command
// refused. What the writer writes, the reader accepts: a plan it would refuse is not written,
// the message names the field, and an existing file is kept as it was.
void TstScenarioJson::unreadablePlanIsNotWritten()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    Scenario s = loadGood("minimal.costlab.json");
    const std::string path = (dir.path() + "/plan.costlab.json").toStdString();
    QCOMPARE(saveScenarioFile(s, path), std::string());
    std::string err;
    const std::string before = readFile(path, err).value_or("");
    s.name = std::string(10000, 'x') + " (imported)"; // 10,011 characters, limit 10,000
    const std::string e = saveScenarioFile(s, path);
    QVERIFY2(e.find("/name") != std::string::npos && e.find("10000") != std::string::npos,
             e.c_str());
    QCOMPARE(readFile(path, err).value_or(""), before);
    QCOMPARE(filesIn(dir.path()), QStringList{"plan.costlab.json"});
    s.name = std::string(10000, 'x'); // at the limit: written and read back
    QCOMPARE(saveScenarioFile(s, path), std::string());
    QVERIFY(loadScenarioFile(path).scenario.has_value());
}

// Issue 44: a save killed mid-write left its hidden temporary file behind (38 of 320 kills).
// Temporaries name their process; the next save of the file removes those of processes that
// no longer run, and leaves a live process's and every other file alone.
void TstScenarioJson::staleTemporariesAreRemoved()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    fflush(nullptr);
    const pid_t dead = ::fork(); // a process that has exited and been reaped
    if (dead == 0)
        _exit(0);
    QVERIFY(dead > 0);
    int status = 0;
    QCOMPARE(::waitpid(dead, &status, 0), dead);
    const QString prefix = dir.path() + QStringLiteral("/.plan.costlab.json.costlab-");
    const QString stale = prefix + QString::number(dead) + QStringLiteral("-a1b2c3");
    const QString live = prefix + QString::number(::getpid()) + QStringLiteral("-d4e5f6");
    const QString other = dir.path() + QStringLiteral("/.plan.costlab.json.notes");
    for (const QString& f : {stale, live, other}) {
        QFile file(f);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("half a plan");
    }
    const Scenario s = loadGood("minimal.costlab.json");
    QCOMPARE(saveScenarioFile(s, (dir.path() + "/plan.costlab.json").toStdString()), std::string());
    QVERIFY(!QFile::exists(stale));
    QVERIFY(QFile::exists(live));
    QVERIFY(QFile::exists(other));
    QVERIFY(QFile::exists(dir.path() + "/plan.costlab.json"));
}

void TstScenarioJson::saveThroughSymlink()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString target = dir.path() + "/real.costlab.json";
    const QString link = dir.path() + "/link.costlab.json";
    QCOMPARE(writeFileAtomic(target.toStdString(), "old\n"), std::string());
    QVERIFY(QFile::link(target, link));
    QCOMPARE(writeFileAtomic(link.toStdString(), "new\n"), std::string());
    QVERIFY(QFileInfo(link).isSymLink()); // the link survives, the file behind it changes
    std::string err;
    QCOMPARE(readFile(target.toStdString(), err).value_or(""), std::string("new\n"));
}

void TstScenarioJson::byteOrderMarkAndCrlfAccepted()
{
    // Editors on Windows write a UTF-8 BOM and CRLF line ends.
    const LoadResult r =
        scenarioFromJson("\xEF\xBB\xBF{\"schema_version\": 1,\r\n\"name\": \"bom\",\r\n"
                         "\"phases\": [{\"kind\": \"evaluation\"}]}\r\n");
    QVERIFY2(r.scenario.has_value(), errorsToString(r.errors).c_str());
    QCOMPARE(r.scenario->name, std::string("bom"));
}

void TstScenarioJson::writeIntoMissingDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString missing = dir.path() + "/no/such/folder";
    const std::string path = (missing + "/plan.costlab.json").toStdString();
    const std::string err = writeFileAtomic(path, "{}");
    QVERIFY(!err.empty());
    QVERIFY2(err.find("no/such/folder") != std::string::npos, err.c_str());
    QVERIFY2(err.find("No such file or directory") != std::string::npos, err.c_str());
    QVERIFY(!QFileInfo::exists(dir.path() + "/no"));
    QVERIFY(filesIn(dir.path()).isEmpty());
}

void TstScenarioJson::writeIntoUnwritablePlace()
{
    // CI runs as root, where chmod 0555 does not stop writes; use places no one can write.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.path() + "/plain-file";
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a folder");
    }
    std::string err = writeFileAtomic((file + "/plan.costlab.json").toStdString(), "{}");
    QVERIFY2(err.find("Not a directory") != std::string::npos, err.c_str());
    QCOMPARE(filesIn(dir.path()), QStringList{"plain-file"});

    err = writeFileAtomic("/proc/costlab-test.costlab.json", "{}");
    QVERIFY2(!err.empty(), "writing into /proc must fail");
    QVERIFY2(err.find("/proc") != std::string::npos, err.c_str());

    // The target is a folder: rename cannot replace it; nothing else is left behind.
    QVERIFY(QDir(dir.path()).mkdir("a-folder"));
    err = writeFileAtomic((dir.path() + "/a-folder").toStdString(), "{}");
    QVERIFY2(!err.empty(), "a folder cannot be replaced by a file");
    QCOMPARE(filesIn(dir.path()), QStringList{"plain-file"});
    QVERIFY(QFileInfo(dir.path() + "/a-folder").isDir());

    err = writeFileAtomic("", "{}");
    QVERIFY(!err.empty());
}

void TstScenarioJson::failedWriteKeepsExistingTarget()
{
    // Simulate a full disk: a file-size limit makes write() fail with EFBIG part-way.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string target = (dir.path() + "/plan.costlab.json").toStdString();
    const std::string original = "{\"original\": true}\n";
    QCOMPARE(writeFileAtomic(target, original), std::string());

    struct rlimit old {};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old;
    small.rlim_cur = 4096;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const std::string err = writeFileAtomic(target, std::string(100000, 'x'));
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, oldHandler);

    QVERIFY2(!err.empty(), "the write must fail under a 4 KiB file-size limit");
    QVERIFY2(err.find(target) != std::string::npos, err.c_str());
    QVERIFY2(err.find("too large") != std::string::npos, err.c_str()); // strerror(EFBIG)
    std::string readErr;
    QCOMPARE(readFile(target, readErr).value_or(""), original);
    QCOMPARE(filesIn(dir.path()), QStringList{"plan.costlab.json"});
}

void TstScenarioJson::readFileErrors()
{
    std::string err;
    QVERIFY(!readFile("/no/such/file.costlab.json", err));
    QVERIFY2(err.find("/no/such/file.costlab.json") != std::string::npos, err.c_str());
    QVERIFY2(err.find("No such file or directory") != std::string::npos, err.c_str());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    err.clear();
    QVERIFY(!readFile(dir.path().toStdString(), err));
    QVERIFY2(err.find("folder") != std::string::npos, err.c_str());

    const LoadResult r = loadScenarioFile(dir.path().toStdString());
    QVERIFY(!r.scenario);
    QVERIFY(hasError(r, "", "folder"));
}

QTEST_GUILESS_MAIN(TstScenarioJson)
#include "tst_scenario_json.moc"
