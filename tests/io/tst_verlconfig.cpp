// veRL configs (model/io/verlconfig.cpp, issue 18): unmodified public launch scripts and
// recipe YAMLs of volcengine/verl (tests/data/verl/SOURCES.md) read into an RL phase with the
// values read off each file by hand; the exported fragment read back reproduces the phase's
// pools, layout and batch; broken and hostile files are refused with nothing applied.
#include "engine.h"
#include "import.h"
#include "launchexport.h"
#include "registry.h"
#include "testutil.h"

#include <QFile>
#include <QtTest>

#include <set>

using namespace costlab;

namespace {

std::string readData(const QString& name)
{
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/verl/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return f.readAll().toStdString();
}

/// The RL phase of a fresh plan after applying `im` (the plan's own values where it is silent).
RlInputs applied(const ConfigImport& im)
{
    Scenario s = defaultScenario(std::array{PhaseKind::RlPosttrain});
    if (const std::string err = applyImport(s, 0, im); !err.empty())
        qWarning("apply: %s", err.c_str());
    return s.phases[0].rl;
}

const ImportNote* noteOf(const ConfigImport& im, const std::string& key)
{
    for (const ImportNote& n : im.notes)
        if (n.key == key)
            return &n;
    return nullptr;
}

int rlPhase(const Scenario& s)
{
    for (int i = 0; i < int(s.phases.size()); ++i)
        if (s.phases[std::size_t(i)].kind == PhaseKind::RlPosttrain)
            return i;
    return -1;
}

} // namespace

class TestVerlConfig : public QObject {
    Q_OBJECT
private slots:
    void publicScripts_data();
    void publicScripts();
    void recipeYamls();
    void everyKeyIsAccounted();
    void exportRoundTrips_data();
    void exportRoundTrips();
    void parkedStateFollowsTheStrategy();
    void exportHeaderAndNotes();
    void brokenFilesChangeNothing_data();
    void brokenFilesChangeNothing();
    void dispatchByContent();
    void formatTable();
    void expertParallelAndStatePrecision();
};

// Expected values read off each script by hand (shell variables resolved; veRL's defaults,
// ppo_trainer.yaml at b178a3c, where the script is silent).
void TestVerlConfig::publicScripts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("algorithm");
    // prompts, group, prompt len, response len, micro-batch, trainer GPUs, rollout GPUs (0 =
    // colocated), trainer TP, PP, ZeRO, rollout TP, memory utilisation, KL, staleness (0 = sync),
    // log-prob micro-batch (0 = none given: the training micro-batch)
    QTest::addColumn<QList<double>>("v");
    QTest::newRow("grpo qwen2-7b")
        << "grpo_trainer_run_qwen2-7b.sh"
        << "grpo" << QList<double>{1024, 5, 512, 1024, 40, 8, 0, 1, 1, 3, 2, 0.6, 0.001, 0, 40};
    QTest::newRow("grpo qwen2-7b megatron") // --config-name ppo_megatron_trainer: Megatron
        << "grpo_trainer_run_qwen2-7b_math_megatron.sh"
        << "grpo" << QList<double>{1024, 5, 1024, 1024, 4, 8, 0, 2, 2, 1, 2, 0.6, 0.001, 0, 4};
    QTest::newRow("ppo deepseek-7b") // n absent: 1; no KL term
        << "ppo_trainer_run_deepseek7b_llm.sh"
        << "ppo" << QList<double>{1024, 1, 512, 512, 16, 8, 0, 1, 1, 3, 4, 0.4, 0, 0, 32};
    QTest::newRow("one-step-off 2+6") // n_gpus_training=$((8 - 2)); one version behind
        << "one_step_off_policy_shell_grpo_0.6b_gsm8k_fsdp2_2_6.sh"
        << "grpo" << QList<double>{1152, 5, 512, 1024, 32, 6, 2, 1, 1, 3, 2, 0.6, 0.001, 1, 32};
    // Fully async: train_batch_size=0, so 32 (mini-batch) × 4 (require_batches) prompts a
    // step; max lengths 1024·2 and 1024·8; staleness 4 × (1 + 0.1); rollout TP gen_tp=1.
    QTest::newRow("fully async dapo 8+8")
        << "fully_async_policy_shell_dapo_7b_math_fsdp2_8_8.sh"
        << "grpo" << QList<double>{128, 16, 2048, 8192, 1, 8, 8, 1, 1, 3, 1, 0.8, 0, 4.4, 0};
}

void TestVerlConfig::publicScripts()
{
    QFETCH(QString, file);
    QFETCH(QString, algorithm);
    QFETCH(QList<double>, v);
    const ConfigImport im = importVerlConfig(readData(file));
    QVERIFY2(im.ok(), im.ok() ? "" : im.errors.front().c_str());
    QCOMPARE(QString::fromStdString(im.format), QStringLiteral("verl"));
    const Scenario fresh = defaultScenario(std::array{PhaseKind::RlPosttrain});
    const RlInputs in = applied(im);
    QCOMPARE(in.algorithm == RlAlgorithm::PPO ? QStringLiteral("ppo") : QStringLiteral("grpo"),
             algorithm);
    QCOMPARE(in.prompts_per_iter, v[0]);
    QCOMPARE(in.group_size, v[1]);
    QCOMPARE(in.prompt_tokens, v[2]);
    QCOMPARE(in.max_response_tokens, v[3]);
    if (file.startsWith("fully_async")) // dynamic batch: the plan's micro-batch is kept
        QCOMPARE(in.micro_batch, fresh.phases[0].rl.micro_batch);
    else
        QCOMPARE(in.micro_batch, v[4]);
    QCOMPARE(in.trainer_gpus, v[5]);
    QVERIFY(in.placement == (v[6] > 0 ? Placement::Disaggregated : Placement::Colocated));
    if (v[6] > 0)
        QCOMPARE(in.rollout_gpus, v[6]);
    QCOMPARE(in.tp, v[7]);
    QCOMPARE(in.pp, v[8]);
    QCOMPARE(in.zero_stage, v[9]);
    QCOMPARE(in.rollout_tp, v[10]);
    QCOMPARE(in.rollout_mem_util, v[11]);
    QCOMPARE(in.kl_coef, v[12]);
    QVERIFY(in.pipeline == (v[13] > 0 ? Pipeline::Asynchronous : Pipeline::Synchronous));
    if (v[13] > 0)
        QCOMPARE_REL(in.staleness, v[13], 1e-12);
    QCOMPARE(in.log_prob_micro_batch, v[14]);
    // Issue 45: each optimizer step takes actor.ppo_mini_batch_size prompts (256 in the GRPO,
    // Megatron and PPO scripts, 192 in the one-step-off one, ${train_prompt_mini_bsz} = 32 in
    // the fully async one), and the fully async trainer takes the old log-probs from the
    // rollout (async_training.use_rollout_log_probs=True).
    const bool fully = file.startsWith("fully_async");
    QCOMPARE(in.ppo_mini_batch, fully ? 32.0 : file.startsWith("one_step_off") ? 192.0 : 256.0);
    QCOMPARE(in.rollout_log_probs, fully);
    QVERIFY(in.recompute == Recompute::Full); // gradient checkpointing on in every script
    // None of these scripts runs an agent loop: a reward function, no environment.
    QVERIFY(!in.uses_environments);
    // Those that set the actor's param_offload / optimizer_offload set them False (veRL's
    // default too): nothing of the actor is parked in host RAM. The reference's own switch
    // is True in the GRPO and one-step-off scripts and the fully async one's ${ref_offload}.
    QVERIFY(!in.park_params && !in.park_optimizer);
    QCOMPARE(in.park_reference, file == QLatin1String("grpo_trainer_run_qwen2-7b.sh") ||
                                    file.startsWith("one_step_off") ||
                                    file.startsWith("fully_async"));
    // The fully async script shards FSDP over groups of fsdp_size=2 (its line 61); the others
    // leave veRL's -1, all ranks.
    QCOMPARE(in.shard_group,
             file == QLatin1String("fully_async_policy_shell_dapo_7b_math_fsdp2_8_8.sh") ? 2.0
                                                                                         : 0.0);
}

void TestVerlConfig::recipeYamls()
{
    // The one-step-off recipe's YAML: a separate 1 × 8 rollout pool; free_cache_engine off.
    const ConfigImport one =
        importVerlConfig(readData("one_step_off_policy_config_one_step_off_ppo_trainer.yaml"));
    QVERIFY2(one.ok(), one.ok() ? "" : one.errors.front().c_str());
    RlInputs in = applied(one);
    QVERIFY(in.placement == Placement::Disaggregated);
    QCOMPARE(in.rollout_gpus, 8.0);
    QVERIFY(!in.rollout_sleep);
    const ImportNote* free = noteOf(one, "actor_rollout_ref.rollout.free_cache_engine");
    QVERIFY(free && free->kind == ImportNote::Kind::Read);
    QCOMPARE(QString::fromStdString(free->line), QStringLiteral("line 20"));
    // Hydra's defaults list is listed, not followed.
    const ImportNote* defaults = noteOf(one, "defaults");
    QVERIFY(defaults && defaults->kind == ImportNote::Kind::Ignored);

    // The fully asynchronous recipe's YAML: staleness 4 × (1 + 0.1).
    const ConfigImport fully =
        importVerlConfig(readData("fully_async_policy_config_fully_async_ppo_trainer.yaml"));
    QVERIFY2(fully.ok(), fully.ok() ? "" : fully.errors.front().c_str());
    in = applied(fully);
    QVERIFY(in.pipeline == Pipeline::Asynchronous);
    QCOMPARE_REL(in.staleness, 4.4, 1e-12);
    QCOMPARE(in.rollout_gpus, 8.0);
    // use_rollout_log_probs: True in the recipe's YAML.
    QVERIFY(in.rollout_log_probs);
}

void TestVerlConfig::everyKeyIsAccounted()
{
    // Every override of the script is listed once, with its line; none silently dropped.
    const std::string text = readData("grpo_trainer_run_qwen2-7b.sh");
    const ConfigImport im = importVerlConfig(text);
    QVERIFY(im.ok());
    QCOMPARE(int(im.notes.size()), 37); // the script's 37 key=value overrides, counted by hand
    const ImportNote* lr = noteOf(im, "actor_rollout_ref.actor.optim.lr");
    QVERIFY(lr && lr->kind == ImportNote::Kind::Ignored);
    QCOMPARE(QString::fromStdString(lr->line), QStringLiteral("line 14"));
    const ImportNote* data = noteOf(im, "data.train_files");
    QVERIFY(data && data->kind == ImportNote::Kind::Ignored);
}

void TestVerlConfig::exportRoundTrips_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<int>("variant");
    for (const char* e : {"grpo-7b-math", "route-b-small-base-heavy-rl", "agentic-rl-32b-code"})
        QTest::newRow(e) << e << 0;
    for (int v = 1; v <= 9; ++v)
        QTest::newRow(("grpo variant " + std::to_string(v)).c_str()) << "grpo-7b-math" << v;
}

void TestVerlConfig::exportRoundTrips()
{
    QFETCH(QString, example);
    QFETCH(int, variant);
    Scenario s = test::example(example.toUtf8().constData());
    const int phase = rlPhase(s);
    QVERIFY(phase >= 0);
    RlInputs& in = s.phases[std::size_t(phase)].rl;
    switch (variant) {
    case 1: // PPO with the KL term in the reward, Megatron TP 2 × PP 2
        in.algorithm = RlAlgorithm::PPO;
        in.kl_coef = 0.02;
        in.tp = 2;
        in.pp = 2;
        in.zero_stage = 1;
        in.recompute = Recompute::Selective;
        in.park_optimizer = true; // megatron.optimizer_offload
        in.park_reference = true; // ref.megatron.param_offload
        break;
    case 2: // LoRA, FP8 rollouts with TIS, no sleep
        in.mode = TrainingMode::LoRA;
        in.lora_rank = 32;
        in.rollout_quant = Quantization::FP8;
        in.is_correction = true;
        in.rollout_sleep = false;
        break;
    case 3: // separate pools, asynchronous, fractional staleness 2.5
        in.placement = Placement::Disaggregated;
        in.trainer_gpus = 16;
        in.rollout_gpus = 48;
        in.pipeline = Pipeline::Asynchronous;
        in.staleness = 2.5;
        in.ppo_mini_batch = 16; // 8 optimizer steps an iteration
        in.rollout_log_probs = true;
        break;
    case 4: // ZeRO-2 under FSDP, no recompute, no KL, a reward model, many turns
        in.zero_stage = 2;
        in.recompute = Recompute::None;
        in.kl_coef = 0;
        in.reward = RewardKind::Model;
        in.turns = 6;
        break;
    case 5: // no correction, one trainer node, DeepSpeed-Chat's hybrid engine (written as vLLM)
        in.is_correction = false;
        in.trainer_gpus = 8;
        in.rollout_engine = RolloutEngine::DeepSpeedHybrid;
        break;
    case 6: // a MoE model with expert parallel 4 and expert TP 1 (Megatron only), Megatron-Core's
            // BF16 state
        s.phases[std::size_t(phase)].model = test::preset("qwen3-30b-a3b");
        in.ep = 4;
        in.etp = 1;
        in.zero_stage = 1;
        in.state_precision = StatePrecision::MegatronBf16;
        break;
    case 7: // FP32 training state under FSDP: written as FSDP's own count, with a note
        in.state_precision = StatePrecision::Fp32;
        break;
    case 8: // FSDP2 (strategy fsdp2), hybrid sharding over groups of 4 (fsdp_size)
        in.sharded_dp = ShardedDp::Fsdp2;
        in.shard_group = 4;
        break;
    case 9: // DeepSpeed ZeRO-3, which veRL does not have: written as strategy fsdp, with a note
        in.sharded_dp = ShardedDp::DeepSpeed;
        break;
    default:
        break;
    }
    const Estimate est = evaluate(s, test::defaultCatalog());
    const LaunchExport ex = exportVerlConfig(s, est, phase, "9.9.9");
    QVERIFY2(ex.ok(), ex.error.c_str());
    const ConfigImport im = importVerlConfig(ex.text);
    QVERIFY2(im.ok(), im.ok() ? "" : im.errors.front().c_str());
    const RlInputs b = applied(im);
    QCOMPARE(b.prompts_per_iter, in.prompts_per_iter);
    QCOMPARE(b.group_size, in.group_size);
    QCOMPARE(b.prompt_tokens, in.prompt_tokens);
    QCOMPARE(b.max_response_tokens, in.max_response_tokens);
    QCOMPARE(b.turns, in.turns);
    QCOMPARE(b.iterations, in.iterations);
    QVERIFY(b.algorithm == in.algorithm);
    QCOMPARE(b.kl_coef, in.kl_coef);
    QCOMPARE(b.trainer_gpus, in.trainer_gpus);
    QVERIFY(b.placement == in.placement);
    if (in.placement == Placement::Disaggregated)
        QCOMPARE(b.rollout_gpus, in.rollout_gpus);
    QVERIFY(b.pipeline == in.pipeline);
    if (in.pipeline == Pipeline::Asynchronous)
        QCOMPARE_REL(b.staleness, std::max(1.0, in.staleness), 1e-12);
    QCOMPARE(b.tp, in.tp);
    QCOMPARE(b.pp, in.pp);
    QCOMPARE(b.zero_stage, in.zero_stage >= 2 && in.tp == 1 && in.pp == 1
                               ? in.zero_stage
                               : std::min(1.0, in.zero_stage));
    QCOMPARE(b.micro_batch, in.micro_batch);
    if (b.zero_stage >= 3) // veRL's two FSDPs; anything else is written as strategy fsdp
        QVERIFY(b.sharded_dp ==
                (in.sharded_dp == ShardedDp::Fsdp2 ? ShardedDp::Fsdp2 : ShardedDp::Fsdp1));
    if (variant == 9)
        QVERIFY(std::any_of(ex.notes.begin(), ex.notes.end(), [](const std::string& n) {
            return n.find("ZeRO-3 framework") != std::string::npos;
        }));
    QVERIFY(b.rollout_engine == RolloutEngine::Vllm); // veRL has no hybrid engine
    if (b.zero_stage >= 3 && b.tp == 1 && b.pp == 1)  // FSDP: fsdp_size round-trips
        QCOMPARE(b.shard_group, in.shard_group);
    QCOMPARE(std::any_of(
                 ex.notes.begin(), ex.notes.end(),
                 [](const std::string& n) { return n.find("hybrid engine") != std::string::npos; }),
             in.placement == Placement::Colocated &&
                 in.rollout_engine == RolloutEngine::DeepSpeedHybrid);
    // The optimizer steps an iteration takes (ppo_mini_batch_size; the whole batch when the
    // plan sets none) and the rollout's log-probs of an asynchronous pipeline.
    QCOMPARE(rlOptimizerSteps(b), rlOptimizerSteps(in));
    QCOMPARE(b.rollout_log_probs, in.pipeline == Pipeline::Asynchronous && in.rollout_log_probs);
    const bool megatron = in.tp > 1 || in.pp > 1 || in.ep > 1 || in.zero_stage < 2;
    QCOMPARE(b.ep, megatron ? in.ep : 1.0);
    // Expert TP is written for MoE models only (Megatron checks EP·ETP·PP for any model).
    const bool moe = s.phases[std::size_t(phase)].model.experts > 0;
    QCOMPARE(b.etp, megatron && moe ? in.etp : 0.0);
    // veRL's Megatron strategy keeps FP32 gradients (megatron-bf16) and its FSDP the ZeRO
    // paper's count; a plan's other choice is noted in the header, not written.
    QVERIFY(b.state_precision ==
            (megatron ? StatePrecision::MegatronBf16 : StatePrecision::ZeroPaper));
    if (b.state_precision != in.state_precision)
        QVERIFY2(ex.text.find("training-state precision") != std::string::npos ||
                     ex.text.find("grad_reduce_in_fp32") != std::string::npos,
                 ex.text.c_str());
    // FSDP has no selective recompute: it comes back as full (noted in the header).
    const bool fsdp = in.tp == 1 && in.pp == 1 && in.zero_stage >= 2;
    QVERIFY(b.recompute ==
            (fsdp && in.recompute == Recompute::Selective ? Recompute::Full : in.recompute));
    QVERIFY(b.mode == (in.mode == TrainingMode::Full ? TrainingMode::Full : TrainingMode::LoRA));
    if (in.mode != TrainingMode::Full)
        QCOMPARE(b.lora_rank, in.lora_rank);
    QCOMPARE(b.rollout_tp, in.rollout_tp);
    QCOMPARE(b.rollout_mem_util, in.rollout_mem_util);
    QCOMPARE(b.max_num_seqs, in.max_num_seqs);
    QCOMPARE(b.rollout_sleep, in.rollout_sleep);
    QCOMPARE(b.park_params, in.park_params);
    QCOMPARE(b.park_optimizer, in.park_optimizer);
    QCOMPARE(b.park_reference, in.park_reference);
    QVERIFY(b.rollout_quant == in.rollout_quant);
    QCOMPARE(b.is_correction, in.is_correction);
    QVERIFY(b.reward == in.reward);
}

void TestVerlConfig::parkedStateFollowsTheStrategy()
{
    // veRL's actor param_offload / optimizer_offload are the plan's parked state; only the
    // actor's own strategy section is read (OmegaConf's 1/0 spellings accepted), the other is
    // noted as ignored.
    const ConfigImport fsdp =
        importVerlConfig("python3 -m verl.trainer.main_ppo \\\n"
                         "  actor_rollout_ref.actor.fsdp_config.param_offload=1 \\\n"
                         "  actor_rollout_ref.actor.fsdp_config.optimizer_offload=True \\\n"
                         "  actor_rollout_ref.actor.megatron.param_offload=False\n");
    QVERIFY2(fsdp.ok(), fsdp.ok() ? "" : fsdp.errors.front().c_str());
    QVERIFY(applied(fsdp).park_params);
    QVERIFY(applied(fsdp).park_optimizer);
    const ImportNote* ignored = noteOf(fsdp, "actor_rollout_ref.actor.megatron.param_offload");
    QVERIFY(ignored && ignored->kind == ImportNote::Kind::Ignored);
    const ConfigImport meg =
        importVerlConfig("python3 -m verl.trainer.main_ppo \\\n"
                         "  actor_rollout_ref.actor.strategy=megatron \\\n"
                         "  actor_rollout_ref.actor.megatron.optimizer_offload=true \\\n"
                         "  actor_rollout_ref.actor.fsdp_config.optimizer_offload=false\n");
    QVERIFY2(meg.ok(), meg.ok() ? "" : meg.errors.front().c_str());
    QVERIFY(!applied(meg).park_params);
    QVERIFY(applied(meg).park_optimizer);
}

void TestVerlConfig::exportHeaderAndNotes()
{
    Scenario s = test::example("route-b-small-base-heavy-rl");
    s.name = "evil\nactor_rollout_ref.rollout.n: 999\n\x1b]0;title\x07";
    const int phase = rlPhase(s);
    const Estimate est = evaluate(s, test::defaultCatalog());
    const LaunchExport ex = exportVerlConfig(s, est, phase, "9.9.9");
    QVERIFY(ex.ok());
    const QString text = QString::fromStdString(ex.text);
    QVERIFY(text.startsWith("# veRL config for plan \"evil\\x0a"));
    QVERIFY(text.contains("Costlab 9.9.9"));
    QVERIFY2(text.contains("RL iteration " +
                           QString::number(est.phases[std::size_t(phase)].rl.iteration_s, 'f', 1) +
                           " s"),
             ex.text.c_str());
    // The name's newline did not become a key: the group size is the plan's.
    QCOMPARE(applied(importVerlConfig(ex.text)).group_size,
             s.phases[std::size_t(phase)].rl.group_size);
    QVERIFY(ex.text.find('\x1b') == std::string::npos);
    // U+2028 / U+2029 end a line in YAML 1.1 (PyYAML): escaped in the header too.
    s.name = "x\u2028injected_key: 42\u2029#";
    const LaunchExport sep = exportVerlConfig(s, est, phase, "9.9.9");
    QVERIFY(sep.text.find("\u2028") == std::string::npos);
    QVERIFY(sep.text.find("\u2029") == std::string::npos);
    QVERIFY(QString::fromStdString(sep.text).contains("x\\u2028injected_key: 42\\u2029#"));
    // Route B: separate pools, synchronous; environments are the agent loop's.
    QVERIFY(text.contains("one-step-off"));
    QVERIFY(text.contains("environments (2048)"));
    // A pre-training phase is refused with the reason.
    const LaunchExport wrong = exportVerlConfig(s, est, 0, "9.9.9");
    QVERIFY(!wrong.ok());
    QVERIFY(QString::fromStdString(wrong.error).contains("not an RL phase"));
}

void TestVerlConfig::brokenFilesChangeNothing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expect");
    QTest::newRow("not yaml, no overrides") << "actor_rollout_ref:\n  rollout: [unclosed\n"
                                            << "not YAML (line";
    QTest::newRow("no veRL section") << "model:\n  layers: 32\n"
                                     << "not a veRL config";
    QTest::newRow("nothing at all") << "echo hello\n"
                                    << "no veRL settings found";
    QTest::newRow("not a number")
        << "python3 -m verl.trainer.main_ppo \\\n  data.train_batch_size=lots\n"
        << "data.train_batch_size (line 2): expected a number";
    // Found by fuzz_import: a default-backed number that is not one threw from std::stod.
    QTest::newRow("staleness not a number")
        << "python3 -m verl.experimental.fully_async_policy.fully_async_main \\\n"
           "  async_training.staleness_threshold=abc actor_rollout_ref.rollout.n=2\n"
        << "async_training.staleness_threshold (line 2): expected a number";
    QTest::newRow("not a boolean")
        << "actor_rollout_ref:\n  rollout:\n    free_cache_engine: maybe\n"
        << "actor_rollout_ref.rollout.free_cache_engine (line 3): expected true or false";
    QTest::newRow("out of range") << "data:\n  train_batch_size: 0.5\n"
                                  << "data.train_batch_size (line 2)";
    QTest::newRow("deep nesting") << QString(200, '[') + QString(200, ']') + "\n"
                                  << "nested more than 64 levels";
    // An alias bomb: each map refers to the previous one ten times (10^9 keys flattened).
    QString bomb = "data:\n  train_batch_size: 8\na: &a {k0: 1, k1: 1, k2: 1, k3: 1, k4: 1, "
                   "k5: 1, k6: 1, k7: 1, k8: 1, k9: 1}\n";
    for (char c = 'b'; c <= 'i'; ++c) {
        bomb += QString("%1: &%1 {").arg(QChar(c));
        for (int k = 0; k < 10; ++k)
            bomb += QString("%1%2: *%3, ").arg(QChar(c)).arg(k).arg(QChar(c - 1));
        bomb += "}\n";
    }
    QTest::newRow("alias bomb") << bomb << "more than 20000 keys";
}

void TestVerlConfig::brokenFilesChangeNothing()
{
    QFETCH(QString, text);
    QFETCH(QString, expect);
    const ConfigImport im = importVerlConfig(text.toStdString());
    QVERIFY(!im.ok());
    QVERIFY(im.settings.empty());
    QVERIFY2(QString::fromStdString(im.errors.front()).contains(expect), im.errors.front().c_str());
    Scenario s = defaultScenario(std::array{PhaseKind::RlPosttrain});
    const double before = s.phases[0].rl.prompts_per_iter;
    QVERIFY(!applyImport(s, 0, im).empty());
    QCOMPARE(s.phases[0].rl.prompts_per_iter, before);
}

void TestVerlConfig::dispatchByContent()
{
    QCOMPARE(QString::fromStdString(importConfig(readData("grpo_trainer_run_qwen2-7b.sh")).format),
             QStringLiteral("verl"));
    QCOMPARE(QString::fromStdString(importConfig("--micro-batch-size 2").format),
             QStringLiteral("megatron"));
    // Nothing Costlab reads (an empty or foreign file): the message names every format.
    for (const char* text : {"",
                             "\x7f"
                             "ELF binary",
                             "model:\n  layers: 32\n"}) {
        const ConfigImport none = importConfig(text);
        QVERIFY(!none.ok());
        QVERIFY2(QString::fromStdString(none.errors.front())
                     .contains("not a configuration Costlab "
                               "reads"),
                 none.errors.front().c_str());
    }
    // A commented-out flag does not give the line: the flag that is passed does.
    const ConfigImport lines =
        importConfig("# --tensor-model-parallel-size 8\n"
                     "torchrun pretrain_gpt.py \\\n"
                     "  --tensor-model-parallel-size 2 --micro-batch-size 1\n");
    int found = 0;
    for (const ImportNote& n : lines.notes)
        if (n.key == "--tensor-model-parallel-size") {
            ++found;
            QCOMPARE(QString::fromStdString(n.line), QStringLiteral("line 3"));
        }
    QCOMPARE(found, 1);
    const ConfigImport im = importConfig(readData("grpo_trainer_run_qwen2-7b.sh"));
    QCOMPARE(im.phase_kinds, kRlBit);
    Scenario s = defaultScenario(std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain});
    QVERIFY(!applyImport(s, 0, im).empty()); // a pre-training phase has no rollout
    QVERIFY(applyImport(s, 1, im).empty());
}

// Issue 43: the importers are one table; recognition, the failure kind and the readers all
// come from it, so each row must be complete and each sample read by its own row.
void TestVerlConfig::formatTable()
{
    const auto formats = importFormats();
    QCOMPARE(formats.size(), std::size_t(4));
    std::set<std::string_view> ids;
    for (const ImportFormat& f : formats) {
        QVERIFY(ids.insert(f.id).second);
        QVERIFY(f.label && *f.label && f.fills && *f.fills && f.help && *f.help);
        QVERIFY(f.phase_kinds != 0 && f.recognise && f.read);
        QCOMPARE(findImportFormat(f.id), &f);
    }
    // Only the last row (the fallback) takes text no other row recognises.
    for (std::size_t i = 0; i + 1 < formats.size(); ++i)
        QVERIFY(!formats[i].recognise("plain words"));
    QVERIFY(formats.back().recognise("plain words"));

    const std::pair<std::string, const char*> samples[] = {
        {R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64,
             "num_attention_heads": 4, "vocab_size": 1000, "intermediate_size": 128})",
         "hf"},
        {"python3 -m openrlhf.cli.train_ppo_ray --actor_num_gpus_per_node 8", "openrlhf"},
        {readData("grpo_trainer_run_qwen2-7b.sh"), "verl"},
        {"torchrun pretrain_gpt.py --tensor-model-parallel-size 2", "megatron"},
    };
    for (const auto& [text, id] : samples) {
        const ConfigImport im = importConfig(text);
        QVERIFY2(im.ok(), im.errors.empty() ? id : im.errors.front().c_str());
        QCOMPARE(QString::fromStdString(im.format), QString::fromLatin1(id));
        QCOMPARE(im.phase_kinds, findImportFormat(id)->phase_kinds);
        QVERIFY(im.failure == ImportFailure::None);
    }
    // The failure kinds callers decide on.
    QVERIFY(importConfig("").failure == ImportFailure::NotRecognised);
    QVERIFY(importAs("no-such-format", "x").failure == ImportFailure::NotRecognised);
    QVERIFY(importHfConfig("{}").failure == ImportFailure::Invalid);
    QVERIFY(importMegatronArgs("--tensor-model-parallel-size two").failure ==
            ImportFailure::Invalid);
    const ConfigImport big = importAs("verl", std::string(kMaxImportBytes + 1, ' '));
    QVERIFY(big.failure == ImportFailure::TooLarge);
    QVERIFY2(big.errors.front().find("16 MiB") != std::string::npos, big.errors.front().c_str());
    // Read directly, the fallback still names its own flags; only importConfig() widens it.
    QVERIFY(importMegatronArgs("echo hello").errors.front().find("no Megatron-LM arguments") == 0);
}

void TestVerlConfig::expertParallelAndStatePrecision()
{
    // Megatron strategy: EP from expert_model_parallel_size; the training state is
    // Megatron-Core's BF16 one (FP32 gradients: veRL's get_model sets grad_reduce_in_fp32,
    // verl/utils/megatron_utils.py) unless override_ddp_config switches the reduce to BF16.
    const std::string megatron = "actor_rollout_ref:\n"
                                 "  actor:\n"
                                 "    strategy: megatron\n"
                                 "    megatron:\n"
                                 "      tensor_model_parallel_size: 2\n"
                                 "      expert_model_parallel_size: 8\n";
    ConfigImport im = importVerlConfig(megatron);
    QVERIFY2(im.ok(), im.ok() ? "" : im.errors.front().c_str());
    RlInputs in = applied(im);
    QCOMPARE(in.ep, 8.0);
    QCOMPARE(in.tp, 2.0);
    QVERIFY(in.state_precision == StatePrecision::MegatronBf16);
    const ImportNote* ep =
        noteOf(im, "actor_rollout_ref.actor.megatron.expert_model_parallel_size");
    QVERIFY(ep && ep->kind == ImportNote::Kind::Read);
    im = importVerlConfig(megatron + "      override_ddp_config:\n"
                                     "        grad_reduce_in_fp32: false\n");
    QVERIFY(im.ok());
    QVERIFY(applied(im).state_precision == StatePrecision::ZeroPaper);
    // FSDP: no expert parallelism, the ZeRO paper's count (FP32 master, gradients and moments,
    // all sharded), whatever the plan had.
    Scenario s = defaultScenario(std::array{PhaseKind::RlPosttrain});
    s.phases[0].rl.ep = 4;
    s.phases[0].rl.state_precision = StatePrecision::Fp32;
    im = importVerlConfig("actor_rollout_ref:\n  actor:\n    strategy: fsdp\n");
    QVERIFY(im.ok());
    QVERIFY(applyImport(s, 0, im).empty());
    QCOMPARE(s.phases[0].rl.ep, 1.0);
    QVERIFY(s.phases[0].rl.state_precision == StatePrecision::ZeroPaper);
    // A hostile EP is refused with the key named, and nothing is applied.
    im = importVerlConfig("actor_rollout_ref:\n  actor:\n    strategy: megatron\n"
                          "    megatron:\n      expert_model_parallel_size: -3\n");
    QVERIFY(!im.ok());
    QVERIFY(im.settings.empty());
}

QTEST_APPLESS_MAIN(TestVerlConfig)
#include "tst_verlconfig.moc"
