// OpenRLHF launch arguments (model/io/openrlhf.cpp, issue 18): unmodified public example
// scripts of OpenRLHF/OpenRLHF (tests/data/openrlhf/SOURCES.md) in the classic flat flags
// (v0.9.7) and the dotted flags (v0.11.0) read into an RL phase with the values read off each
// script by hand; the same script in both generations gives the same plan; broken arguments
// change nothing.
#include "import.h"
#include "registry.h"

#include <QFile>
#include <QtTest>

using namespace costlab;

namespace {

std::string readData(const QString& name)
{
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/openrlhf/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return f.readAll().toStdString();
}

RlInputs applied(const ConfigImport& im)
{
    Scenario s = defaultScenario(std::array{PhaseKind::RlPosttrain});
    if (const std::string err = applyImport(s, 0, im); !err.empty())
        qWarning("apply: %s", err.c_str());
    return s.phases[0].rl;
}

} // namespace

class TestOpenRlhf : public QObject {
    Q_OBJECT
private slots:
    void publicScripts_data();
    void publicScripts();
    void bothFlagGenerationsAgree();
    void brokenArgumentsChangeNothing_data();
    void brokenArgumentsChangeNothing();
    void dispatchByContent();
    void adamOffloadAndDeepSpeedPrecision();
};

void TestOpenRlhf::publicScripts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("algorithm");
    // prompts, group, prompt len, response cap, trainer GPUs, rollout GPUs (0 = colocated),
    // rollout TP, memory utilisation, ZeRO, KL, staleness (0 = sync), IS correction (0/1)
    QTest::addColumn<QList<double>>("v");
    // PPO on 1 × 8 actor GPUs, 4 engines × TP 2 colocated; --data.max_len 2048 caps the
    // response (no --max_new_tokens); a reward model; KL 0.01.
    QTest::newRow("ppo v0.11.0") << "v0.11.0__train_ppo_ray_hybrid_engine.sh"
                                 << "ppo"
                                 << QList<double>{1024, 1, 0, 2048, 8, 0, 2, 0.5, 3, 0.01, 0, 1};
    // REINFORCE baseline (costed as GRPO): 128 prompts × 8, prompt 10,240, 64,000 new tokens;
    // 1 × 4 actor GPUs, 2 engines × TP 2 colocated.
    QTest::newRow("reinforce v0.9.7")
        << "v0.9.7__train_reinforce_baseline_hybrid_engine.sh"
        << "grpo" << QList<double>{128, 8, 10240, 64000, 4, 0, 2, 0.7, 3, 1e-5, 0, 1};
    QTest::newRow("reinforce v0.11.0")
        << "v0.11.0__train_reinforce_baseline_hybrid_engine.sh"
        << "grpo" << QList<double>{128, 8, 10240, 64000, 4, 0, 2, 0.7, 3, 1e-5, 0, 1};
    // --async_train with --colocate_all_models: the engines (2 × TP 2) are a pool of their own;
    // queue size absent: 1.
    QTest::newRow("async agent v0.9.7")
        << "v0.9.7__train_reinforce_baseline_ray_agent_async.sh"
        << "grpo" << QList<double>{128, 8, 10240, 64000, 4, 4, 2, 0.7, 3, 1e-5, 1, 1};
}

void TestOpenRlhf::publicScripts()
{
    QFETCH(QString, file);
    QFETCH(QString, algorithm);
    QFETCH(QList<double>, v);
    const ConfigImport im = importConfig(readData(file));
    QVERIFY2(im.ok(), im.ok() ? "" : im.errors.front().c_str());
    QCOMPARE(QString::fromStdString(im.format), QStringLiteral("openrlhf"));
    const Scenario fresh = defaultScenario(std::array{PhaseKind::RlPosttrain});
    const RlInputs in = applied(im);
    QCOMPARE(in.algorithm == RlAlgorithm::PPO ? QStringLiteral("ppo") : QStringLiteral("grpo"),
             algorithm);
    QCOMPARE(in.prompts_per_iter, v[0]);
    QCOMPARE(in.group_size, v[1]);
    QCOMPARE(in.prompt_tokens, v[2] > 0 ? v[2] : fresh.phases[0].rl.prompt_tokens);
    QCOMPARE(in.max_response_tokens, v[3]);
    QCOMPARE(in.trainer_gpus, v[4]);
    QVERIFY(in.placement == (v[5] > 0 ? Placement::Disaggregated : Placement::Colocated));
    if (v[5] > 0)
        QCOMPARE(in.rollout_gpus, v[5]);
    QCOMPARE(in.rollout_tp, v[6]);
    QCOMPARE(in.rollout_mem_util, v[7]);
    QCOMPARE(in.zero_stage, v[8]);
    QVERIFY(in.sharded_dp == ShardedDp::DeepSpeed); // OpenRLHF trains with DeepSpeed
    QCOMPARE(in.kl_coef, v[9]);
    QVERIFY(in.pipeline == (v[10] > 0 ? Pipeline::Asynchronous : Pipeline::Synchronous));
    if (v[10] > 0)
        QCOMPARE(in.staleness, v[10]);
    QCOMPARE(in.is_correction, v[11] > 0);
    QVERIFY(in.recompute == Recompute::Full); // gradient checkpointing in every script
    // DeepSpeed's state: BF16 weights and gradients plus an FP32 gradient partition; no public
    // script offloads Adam (each has `# --adam_offload` commented out).
    QVERIFY(in.state_precision == StatePrecision::Fp16Fp32Copy);
    QVERIFY(in.offload == Offload::None);
}

// --adam_offload is DeepSpeed's offload_optimizer: Adam's state in host RAM and its step on
// the CPU; the plan's trainer then has no optimizer state on the GPU and a slower step.
void TestOpenRlhf::adamOffloadAndDeepSpeedPrecision()
{
    std::string script = readData("v0.9.7__train_reinforce_baseline_hybrid_engine.sh");
    const auto at = script.find("# --adam_offload");
    QVERIFY(at != std::string::npos);
    script.replace(at, 2, "");
    const ConfigImport im = importConfig(script);
    QVERIFY2(im.ok(), im.ok() ? "" : im.errors.front().c_str());
    const RlInputs in = applied(im);
    QVERIFY(in.offload == Offload::Optimizer);
    QVERIFY(in.state_precision == StatePrecision::Fp16Fp32Copy);
    bool listed = false;
    for (const ImportNote& n : im.notes)
        listed = listed || n.key == "--adam_offload";
    QVERIFY(listed);
}

void TestOpenRlhf::bothFlagGenerationsAgree()
{
    // The same script in v0.9.7's flat flags and v0.11.0's dotted flags.
    const ConfigImport a =
        importConfig(readData("v0.9.7__train_reinforce_baseline_hybrid_engine.sh"));
    const ConfigImport b =
        importConfig(readData("v0.11.0__train_reinforce_baseline_hybrid_engine.sh"));
    QVERIFY(a.ok() && b.ok());
    QCOMPARE(a.settings.size(), b.settings.size());
    for (std::size_t i = 0; i < a.settings.size(); ++i) {
        QCOMPARE(QString::fromStdString(b.settings[i].id),
                 QString::fromStdString(a.settings[i].id));
        QCOMPARE(QString::fromStdString(b.settings[i].text),
                 QString::fromStdString(a.settings[i].text));
    }
    // Every flag is listed with its line, under the name the script wrote.
    bool found = false;
    for (const ImportNote& n : b.notes)
        if (n.key == "--actor.num_gpus_per_node") {
            found = true;
            QCOMPARE(QString::fromStdString(n.line), QStringLiteral("line 65"));
        }
    QVERIFY(found);
}

void TestOpenRlhf::brokenArgumentsChangeNothing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expect");
    QTest::newRow("no flags") << "python3 -m openrlhf.cli.train_ppo_ray --pretrain x\n"
                              << "no OpenRLHF arguments";
    QTest::newRow("not a number") << "python3 -m openrlhf.cli.train_ppo_ray \\\n"
                                     "  --actor_num_gpus_per_node eight\n"
                                  << "--actor_num_gpus_per_node (line 2): expected a number";
    QTest::newRow("out of range") << "--actor.num_gpus_per_node 8 --rollout.n_samples_per_prompt 0"
                                  << "--rollout.n_samples_per_prompt (line 1)";
}

void TestOpenRlhf::brokenArgumentsChangeNothing()
{
    QFETCH(QString, text);
    QFETCH(QString, expect);
    const ConfigImport im = importOpenRlhfArgs(text.toStdString());
    QVERIFY(!im.ok());
    QVERIFY(im.settings.empty());
    QVERIFY2(QString::fromStdString(im.errors.front()).contains(expect), im.errors.front().c_str());
    Scenario s = defaultScenario(std::array{PhaseKind::RlPosttrain});
    const double before = s.phases[0].rl.trainer_gpus;
    QVERIFY(!applyImport(s, 0, im).empty());
    QCOMPARE(s.phases[0].rl.trainer_gpus, before);
}

void TestOpenRlhf::dispatchByContent()
{
    QCOMPARE(QString::fromStdString(importConfig("--actor_num_gpus_per_node 8").format),
             QStringLiteral("openrlhf"));
    QCOMPARE(QString::fromStdString(importConfig("--tensor-model-parallel-size 2").format),
             QStringLiteral("megatron"));
    QCOMPARE(importConfig("--actor.num_gpus_per_node 8").phase_kinds, kRlBit);
}

QTEST_APPLESS_MAIN(TestOpenRlhf)
#include "tst_openrlhf.moc"
