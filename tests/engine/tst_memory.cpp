// Memory and shape rules of issue 12, each against a hand calculation (arithmetic in the
// comments; parameter counts from paramCounts(), which tst_modelarch checks against the
// model cards): MoE expert state sharded over the expert-data-parallel group, colocated RL
// memory summed (or not, when the engine sleeps), the PPO critic's own size, and shapes and
// layouts no framework can run refused with the numbers that make them impossible; and no
// environment wait for a single-turn episode scored by a reward model.
#include "engine.h"
#include "formulas.h"
#include "modelarch.h"
#include "registry.h"
#include "testutil.h"

#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>

Q_DECLARE_METATYPE(costlab::StatePrecision)

using namespace costlab;

namespace {

constexpr double kGiB = 1073741824.0;
constexpr double kFrag = 1.07;        // assumptions.fragmentation default
constexpr double kH100 = 79.6 * kGiB; // catalog hbm_gib of h100-sxm-80gb (nvidia-smi total)

using test::preset;

Scenario onePhase(PhaseKind kind, const ModelArch& m)
{
    const std::array kinds{kind};
    Scenario s = defaultScenario(kinds);
    s.phases[0].model = m;
    return s;
}

const MemoryBreakdown& mem(const Estimate& e, GpuRole r)
{
    return e.phases.at(0).memory[int(r)];
}

/// A colocated GRPO phase of Qwen2.5-7B on 8 H100s, ZeRO-3, AdamW, with a KL reference.
Scenario colocatedGrpo(double memUtil)
{
    Scenario s = onePhase(PhaseKind::RlPosttrain, preset("qwen2.5-7b"));
    RlInputs& in = s.phases[0].rl;
    s.phases[0].accelerator = "h100-sxm-80gb";
    in.placement = Placement::Colocated;
    in.trainer_gpus = 8;
    in.zero_stage = 3;
    in.optimizer = Optimizer::AdamW32;
    in.kl_coef = 0.001;
    in.mode = TrainingMode::Full;
    in.rollout_mem_util = memUtil;
    in.rollout_tp = 1;
    return s;
}

} // namespace

class TestMemory : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void moeExpertStateOverExpertDataParallel();
    void colocatedEngineAndTrainerShareTheGpu();
    void colocatedWithoutSleepAddsTheReservation();
    void colocatedTrainerParksStateInHostRam();
    void hybridEngineHoldsItsStaticBatch();
    void hybridShardingHoldsOneCopyPerGroup();
    void disaggregatedPoolsDoNotShare();
    void criticHasItsOwnSize();
    void impossibleShapes_data();
    void impossibleShapes();
    void tpMustDivideHeads();
    void rewardModelSingleTurnWaitsForNoEnvironment();
    void pipelineStagesHoldWhatTheyRun();
    void interleavedStagesHoldMoreChunks();
    void chunkGroupSetsTheWarmUp();
    void expertOverlapHoldsOneMoreMicroBatch();
    void lastStageCanBeTheWorst();
    void longContextStageLayoutIsChecked();
    void longContextStageMemoryIsJudged();
    void hostMemoryPerNode();
    void cpuOffloadMovesStateToHost();
    void assumedScaleoutIsSaid();
    void moeActivationsFollowTopK();
    void deepSeekV3KeepsWhatItsReportSays();
    void rlLogitsAsVerlHoldsThem();
    void statePrecisionPresets_data();
    void statePrecisionPresets();
    void gradientReduceFollowsPrecision();

private:
    Catalog m_cat;
};

void TestMemory::initTestCase()
{
    m_cat = test::defaultCatalog();
    QVERIFY(m_cat.accelerator("h100-sxm-80gb"));
}

void TestMemory::moeExpertStateOverExpertDataParallel()
{
    // Mixtral 8x7B on 64 GPUs, TP 2, EP 8, ZeRO-1 (distributed optimizer), AdamW 2+2+12 B.
    // DP = 64 / 2 = 32, expert-data-parallel EDP = DP / EP = 4 (Megatron-Core: expert state
    // is sharded over the ranks that hold the same experts, not over all of DP).
    //   dense part:  12 · P_dense / TP / DP        = 12 · P_dense / 64
    //   expert part: 12 · P_expert / (EP·TP) / EDP = 12 · P_expert / 64
    // so the optimizer row is 12 · P_total / 64 — the expert share is 8× what sharding
    // over all of DP (12 · P_expert / 512) gave before.
    const ModelArch m = preset("mixtral-8x7b");
    const ParamCounts c = paramCounts(m);
    QVERIFY(c.expert > 0.9 * c.total); // 45.1B of 46.7B are routed experts
    Scenario s = onePhase(PhaseKind::Pretrain, m);
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 64;
    p.pretrain.tp = 2;
    p.pretrain.pp = 1;
    p.pretrain.ep = 8;
    p.pretrain.zero_stage = 1;
    p.pretrain.optimizer = Optimizer::AdamW32;
    const Estimate e = evaluate(s, m_cat);
    QVERIFY2(e.phases[0].layout.problem == LayoutProblem::None,
             layoutProblemId(e.phases[0].layout.problem).data());
    const MemoryBreakdown& t = mem(e, GpuRole::Trainer);
    const double dense = c.total - c.expert;
    QCOMPARE_REL(t.optimizer, 12 * dense / 64 + 12 * c.expert / 64, 1e-12);
    // Weights and gradients are not sharded at ZeRO-1: 2 B each of the local parameters,
    // P_dense / 2 + P_expert / 16.
    QCOMPARE_REL(t.weights, 2 * (dense / 2 + c.expert / 16), 1e-12);
    QCOMPARE_REL(t.gradients, t.weights, 1e-12);
    // ZeRO-3: weights too, dense over DP and experts over EDP: 2 · P_total / 64.
    p.pretrain.zero_stage = 3;
    QCOMPARE_REL(mem(evaluate(s, m_cat), GpuRole::Trainer).weights, 2 * c.total / 64, 1e-12);
    // Expert TP 1 (Megatron-Core --expert-tensor-parallel-size 1, MoE parallel folding): each
    // GPU keeps whole experts, P_expert / (EP·ETP) = P_expert / 8 of them, and the expert-data-
    // parallel group is TP·DP / (EP·ETP) = 64 / 8 = 8. At ZeRO-1 weights are 2 B of
    // P_dense / 2 + P_expert / 8 — twice the expert weights of ETP = TP — while the optimizer
    // state is still 12 · P_total / 64: the same expert state over the same 64 GPUs.
    p.pretrain.zero_stage = 1;
    p.pretrain.etp = 1;
    const Estimate folded = evaluate(s, m_cat);
    QCOMPARE(folded.phases[0].layout.problem, LayoutProblem::None);
    QCOMPARE_REL(mem(folded, GpuRole::Trainer).weights, 2 * (dense / 2 + c.expert / 8), 1e-12);
    QCOMPARE_REL(mem(folded, GpuRole::Trainer).optimizer, 12 * c.total / 64, 1e-12);
    // ETP 0 means TP: the first estimate's figures exactly.
    p.pretrain.etp = 0;
    QCOMPARE(mem(evaluate(s, m_cat), GpuRole::Trainer).weights, t.weights);
}

void TestMemory::colocatedEngineAndTrainerShareTheGpu()
{
    // Trainer state per GPU, ZeRO-3 over 8: actor weights 2·P/8, reference 2·P/8, optimizer
    // 12·P/8 (gradients 2·P/8 are freed after the step). While generating, weights +
    // optimizer stay resident: 16·P/8 · 1.07 = 2.14·P. With P = 7.62e9 (Qwen2.5-7B) that is
    // 16.3 GB = 15.2 GiB, beside vLLM's 0.9 × 79.6 GiB = 71.6 GiB: 86.8 GiB > 79.6 GiB.
    const double P = paramCounts(preset("qwen2.5-7b")).total;
    Scenario s = colocatedGrpo(0.9);
    const Estimate e = evaluate(s, m_cat);
    const MemoryBreakdown& t = mem(e, GpuRole::Trainer);
    const MemoryBreakdown& r = mem(e, GpuRole::Rollout);
    QCOMPARE_REL(t.optimizer, 12 * P / 8, 1e-12);
    QCOMPARE_REL(t.weights, 4 * P / 8, 1e-12);
    QCOMPARE_REL(r.coresident, 16 * P / 8 * kFrag, 1e-12);
    QCOMPARE_REL(r.usable, kH100, 1e-12);
    // The engine reserves its whole fraction: weights + activations + KV + context = 71.6 GiB.
    QCOMPARE_REL(r.total - r.coresident, 0.9 * kH100, 1e-9);
    // P(OOM) = Φ((M − U)/(σ·M)), σ = 0.08: (86.8 − 79.6)/(0.08 · 86.8) = 1.04σ → 0.85 (the
    // engine's own minimum, weights + one sequence, fits by far and adds nothing).
    const double M = r.total, z = (M - kH100) / (0.08 * M);
    QVERIFY(z > 1.0 && z < 1.1);
    QCOMPARE_REL(r.oom_probability, 0.5 * std::erfc(-z / std::sqrt(2.0)), 1e-6);
    QVERIFY(e.phases[0].oom.probability >= r.oom_probability);
    // verl's colocated default fraction 0.5: 39.8 + 15.2 = 55.0 GiB fits.
    const Estimate half = evaluate(colocatedGrpo(0.5), m_cat);
    QVERIFY2(mem(half, GpuRole::Rollout).oom_probability < 0.01,
             qPrintable(QString::number(mem(half, GpuRole::Rollout).oom_probability)));
    QCOMPARE_REL(mem(half, GpuRole::Rollout).total - mem(half, GpuRole::Rollout).coresident,
                 0.5 * kH100, 1e-9);
    // With the engine asleep the trainer's own peak has nothing of the engine's.
    QCOMPARE(mem(half, GpuRole::Trainer).coresident, 0.0);
}

void TestMemory::colocatedWithoutSleepAddsTheReservation()
{
    // Without sleep mode the engine keeps its 0.5 × 79.6 GiB = 39.8 GiB while training:
    // the trainer's peak rises by exactly that, and the per-iteration switch is only the
    // fixed part of a weight update (assumptions.sync_fixed_s = 10 s) instead of the
    // offload/reload (assumptions.colocate_switch_s = 20 s).
    Scenario asleep = colocatedGrpo(0.5), awake = colocatedGrpo(0.5);
    awake.phases[0].rl.rollout_sleep = false;
    const Estimate a = evaluate(asleep, m_cat), b = evaluate(awake, m_cat);
    QCOMPARE_REL(mem(b, GpuRole::Trainer).total - mem(a, GpuRole::Trainer).total, 0.5 * kH100,
                 1e-9);
    QCOMPARE_REL(mem(b, GpuRole::Trainer).coresident, 0.5 * kH100, 1e-12);
    QCOMPARE_REL(a.phases[0].rl.sync_s, 20.0, 1e-12);
    QCOMPARE_REL(b.phases[0].rl.sync_s, 10.0, 1e-12);
}

void TestMemory::hybridEngineHoldsItsStaticBatch()
{
    // Issue 45, item 8: DeepSpeed-Chat's hybrid engine (hybrid_engine.py and
    // inference_context.h at DeepSpeed 47f9f13) on the colocated Qwen2.5-7B GRPO, inference
    // TP 2 (4 engines), a static batch of 16 per engine. No reservation: per GPU
    //   weights: decoder layers split over TP 2, embeddings and LM head whole:
    //     (P − E)·2 B / 2 + E·2 B = P + E B (E: input embedding + untied head);
    //   KV workspace for the batch at max_out_tokens = prompt + response cap:
    //     16 · 57,344 B/token (2 · 28 layers · 4 KV heads · 128 · 2 B) · (512 + 16,384) / 2;
    //   prefill logits: 16 · 512 · 152,064 · 2 B; CUDA context 1 GiB;
    //   beside the trainer's ZeRO-3 weights and optimizer state, 16·P/8 · 1.07.
    // Without release_inference_cache (rollout_sleep off) the KV workspace stays allocated
    // while the trainer trains.
    const ParamCounts c = paramCounts(preset("qwen2.5-7b"));
    const double P = c.total, E = c.embedding;
    Scenario s = colocatedGrpo(0.9);
    RlInputs& in = s.phases[0].rl;
    in.rollout_engine = RolloutEngine::DeepSpeedHybrid;
    in.rollout_tp = 2;
    in.max_num_seqs = 16;
    in.prompt_tokens = 512;
    in.max_response_tokens = 16384;
    in.rollout_sleep = true;
    const Estimate e = evaluate(s, m_cat);
    const MemoryBreakdown& r = mem(e, GpuRole::Rollout);
    const double kv = 16 * 57344.0 * (512 + 16384) / 2;
    QCOMPARE_REL(r.weights, P + E, 1e-12);
    QCOMPARE_REL(r.kv_cache, kv, 1e-12);
    QCOMPARE_REL(r.activations, 16 * 512 * 152064 * 2.0, 1e-12);
    QCOMPARE_REL(r.coresident, 16 * P / 8 * kFrag, 1e-12);
    const double total = P + E + kv + 16 * 512 * 152064 * 2.0 + kGiB + 16 * P / 8 * kFrag;
    QCOMPARE_REL(r.total, total, 1e-12);
    QCOMPARE_REL(r.usable, kH100, 1e-12);
    const double z = (total - kH100) / (0.08 * total);
    QCOMPARE_REL(r.oom_probability, 0.5 * std::erfc(-z / std::sqrt(2.0)), 1e-6);
    QVERIFY(total < kH100); // 34 GiB: fits where vLLM's 0.9 reservation does not
    QCOMPARE(mem(e, GpuRole::Trainer).coresident, 0.0);
    in.rollout_sleep = false;
    QCOMPARE_REL(mem(evaluate(s, m_cat), GpuRole::Trainer).coresident, kv, 1e-12);
    // Nothing goes to host RAM: the gathered weights are freed, not slept; and DeepSpeed-Chat
    // runs without Ray, so no object store is reserved.
    QCOMPARE(e.phases[0].host.offload, 0.0);
    QCOMPARE(e.phases[0].host.object_store, 0.0);
}

void TestMemory::hybridShardingHoldsOneCopyPerGroup()
{
    // FSDP hybrid sharding (veRL fsdp_size 2, as the colocated DAPO 7B runs behind veRL's fully
    // async tables): the colocated Qwen2.5-7B trainer on 8 GPUs keeps one copy of its state
    // per group of 2 ranks. Per GPU: actor and reference weights 4·P/2, optimizer 12·P/2
    // (full sharding: /8); beside vLLM, the resident 16·P/2 · 1.07 (61 GiB) no longer fits.
    const double P = paramCounts(preset("qwen2.5-7b")).total;
    Scenario s = colocatedGrpo(0.5);
    s.phases[0].rl.shard_group = 2;
    const Estimate e = evaluate(s, m_cat);
    const MemoryBreakdown& t = mem(e, GpuRole::Trainer);
    QCOMPARE_REL(t.weights, 4 * P / 2, 1e-12);
    QCOMPARE_REL(t.optimizer, 12 * P / 2, 1e-12);
    QCOMPARE_REL(mem(e, GpuRole::Rollout).coresident, 16 * P / 2 * kFrag, 1e-12);
    QVERIFY(e.phases[0].oom.probability > 0.5);
    // Parked in host RAM between phases (what those runs do: param and optimizer offload),
    // the engine's 0.5 reservation fits again.
    s.phases[0].rl.park_params = s.phases[0].rl.park_optimizer = true;
    QCOMPARE(mem(evaluate(s, m_cat), GpuRole::Rollout).coresident, 0.0);
    // A group of all 8 ranks is full sharding; DeepSpeed ZeRO-3 has no fsdp_size.
    s = colocatedGrpo(0.5);
    const double full = mem(evaluate(s, m_cat), GpuRole::Trainer).optimizer;
    QCOMPARE_REL(full, 12 * P / 8, 1e-12);
    s.phases[0].rl.shard_group = 8;
    QCOMPARE(mem(evaluate(s, m_cat), GpuRole::Trainer).optimizer, full);
    s.phases[0].rl.shard_group = 2;
    s.phases[0].rl.sharded_dp = ShardedDp::DeepSpeed;
    QCOMPARE(mem(evaluate(s, m_cat), GpuRole::Trainer).optimizer, full);
    // FSDP's mesh is (DP / group, group): a group of 3 on 8 ranks is refused with the numbers,
    // and the phase is not priced.
    s.phases[0].rl.sharded_dp = ShardedDp::Fsdp2;
    s.phases[0].rl.shard_group = 3;
    const Estimate bad = evaluate(s, m_cat);
    QVERIFY(!bad.ok);
    QCOMPARE(bad.phases[0].layout.problem, LayoutProblem::ShardGroupNotDividing);
    QCOMPARE(bad.phases[0].layout.product, 3.0);
    QCOMPARE(bad.phases[0].layout.gpus, 8.0);
}

void TestMemory::colocatedTrainerParksStateInHostRam()
{
    // veRL optimizer_offload: the colocated trainer's 12·P/8 optimizer state goes to host RAM
    // while the engine generates. Co-resident during rollout: weights 4·P/8 · 1.07 only
    // (P = 7.62e9: 3.8 GiB beside vLLM's 71.6 GiB = 75.4 GiB < 79.6 GiB, where it was
    // 86.8 GiB). Host RAM per node: the node's 8 ranks × 12·P/8 = 12·P. Switch time:
    // 20 s + out and back over PCIe Gen5 (64 GB/s per direction, catalog H100):
    // 2 · 12·P/8 / 64e9 = 0.357 s. The trainer's own peak is unchanged: it trains with
    // the state reloaded.
    const double P = paramCounts(preset("qwen2.5-7b")).total;
    const Scenario base = colocatedGrpo(0.9);
    Scenario opt = base, both = base;
    opt.phases[0].rl.park_optimizer = true;
    both.phases[0].rl.park_optimizer = true;
    both.phases[0].rl.park_params = true;
    const Estimate e0 = evaluate(base, m_cat), e1 = evaluate(opt, m_cat),
                   e2 = evaluate(both, m_cat);
    QCOMPARE_REL(mem(e1, GpuRole::Rollout).coresident, 4 * P / 8 * kFrag, 1e-12);
    QCOMPARE(mem(e2, GpuRole::Rollout).coresident, 0.0);
    QVERIFY(mem(e0, GpuRole::Rollout).oom_probability > 0.5);
    // P(OOM) = Φ((M − U)/(σ·M)) = Φ((75.4 − 79.6)/(0.08 · 75.4)) = Φ(−0.70) ≈ 0.24 (0.85
    // with the state resident).
    const MemoryBreakdown& r1 = mem(e1, GpuRole::Rollout);
    const double z = (r1.total - kH100) / (0.08 * r1.total);
    QVERIFY2(z > -0.75 && z < -0.65, qPrintable(QString::number(z)));
    QCOMPARE_REL(r1.oom_probability, 0.5 * std::erfc(-z / std::sqrt(2.0)), 1e-6);
    QCOMPARE_REL(e1.phases[0].host.training_state - e0.phases[0].host.training_state, 12 * P,
                 1e-12);
    QCOMPARE_REL(e2.phases[0].host.training_state - e0.phases[0].host.training_state,
                 12 * P + 4 * P, 1e-12);
    QCOMPARE_REL(e1.phases[0].rl.sync_s, 20.0 + 2 * (12 * P / 8) / 64e9, 1e-12);
    QCOMPARE_REL(mem(e1, GpuRole::Trainer).total, mem(e0, GpuRole::Trainer).total, 1e-12);
    // The reference kept in host RAM (veRL ref param_offload): its 2·P/8 BF16 shard leaves
    // the trainer's weights (4·P/8 → 2·P/8) and the rollout's co-resident state, the node's
    // 8 ranks hold 8 · 2·P/8 = 2·P in host RAM, and its log-prob pass brings it over and back:
    // training time + 2 · (2·P/8) / 64e9 s.
    Scenario ref = base;
    ref.phases[0].rl.park_reference = true;
    const Estimate e3 = evaluate(ref, m_cat);
    QCOMPARE_REL(mem(e3, GpuRole::Trainer).weights, 2 * P / 8, 1e-12);
    QCOMPARE_REL(mem(e3, GpuRole::Rollout).coresident, 14 * P / 8 * kFrag, 1e-12);
    QCOMPARE_REL(e3.phases[0].host.training_state - e0.phases[0].host.training_state, 2 * P, 1e-12);
    QCOMPARE_REL(e3.phases[0].rl.training_s - e0.phases[0].rl.training_s, 2 * (2 * P / 8) / 64e9,
                 1e-9);
    // Disaggregated pools have nothing to park for: the switches change nothing.
    Scenario split = base, splitParked = base;
    split.phases[0].rl.placement = splitParked.phases[0].rl.placement = Placement::Disaggregated;
    splitParked.phases[0].rl.park_optimizer = splitParked.phases[0].rl.park_params = true;
    QCOMPARE(evaluate(splitParked, m_cat).total, evaluate(split, m_cat).total);
}

void TestMemory::disaggregatedPoolsDoNotShare()
{
    // Separate pools: nothing co-resident, the engine's budget is its fraction of HBM.
    Scenario s = colocatedGrpo(0.9);
    s.phases[0].rl.placement = Placement::Disaggregated;
    s.phases[0].rl.rollout_gpus = 8;
    const Estimate e = evaluate(s, m_cat);
    QCOMPARE(mem(e, GpuRole::Rollout).coresident, 0.0);
    QCOMPARE(mem(e, GpuRole::Trainer).coresident, 0.0);
    QCOMPARE_REL(mem(e, GpuRole::Rollout).usable, 0.9 * kH100, 1e-12);
}

void TestMemory::criticHasItsOwnSize()
{
    // PPO, actor Qwen2.5-7B, ZeRO-3 over 8 GPUs. The critic's full state is 16 B per
    // parameter sharded over 8: 16·P_c/8. A critic a quarter of the actor's size holds
    // 0.75 · 16·P/8 = 1.5·P bytes less than one of the actor's size.
    const double P = paramCounts(preset("qwen2.5-7b")).total;
    Scenario full = colocatedGrpo(0.5);
    full.phases[0].rl.algorithm = RlAlgorithm::PPO;
    Scenario quarter = full;
    quarter.phases[0].rl.critic_scale = 0.25;
    const Estimate a = evaluate(full, m_cat), b = evaluate(quarter, m_cat);
    auto states = [](const MemoryBreakdown& m) { return m.weights + m.gradients + m.optimizer; };
    QCOMPARE_REL(states(mem(a, GpuRole::Trainer)) - states(mem(b, GpuRole::Trainer)),
                 0.75 * 16 * P / 8, 1e-12);
    // Critic FLOPs: update 6·P_c + value pass 2·P_c per token, 8/6 of the actor's 6·P per
    // token at full size. Over the phase, the quarter critic saves 0.75 · 8/6 of 6·P·tokens.
    const double saved = a.phases[0].flops - b.phases[0].flops;
    const PhaseEstimate& pe = a.phases[0];
    const double ctxEnd = pe.tokens / (pe.rl.episodes * full.phases[0].rl.iterations);
    const double actorUpdate = pe.tokens * trainFlopsPerToken(full.phases[0].model, ctxEnd);
    QCOMPARE_REL(saved, 0.75 * (8.0 / 6.0) * actorUpdate, 1e-9);
    // Issue 45: a 350M critic on a 175B actor (DeepSpeed-Chat's pairing) is 0.002 of it and
    // can be entered; the range stops at 0.001.
    const ParamDef* d = findDef("critic_scale", 1u << unsigned(PhaseKind::RlPosttrain));
    QVERIFY(d);
    QVERIFY(checkValue(*d, 350e6 / 175e9).empty());
    QVERIFY(!checkValue(*d, 0.0005).empty());
}

void TestMemory::impossibleShapes_data()
{
    QTest::addColumn<double>("heads");
    QTest::addColumn<double>("kvHeads");
    QTest::addColumn<double>("hidden");
    QTest::addColumn<double>("experts");
    QTest::addColumn<double>("topK");
    QTest::addColumn<QString>("problem");
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("second");
    QTest::newRow("kv above heads")
        << 32.0 << 48.0 << 4096.0 << 0.0 << 0.0 << "kv_heads_above_heads" << 48.0 << 32.0;
    QTest::newRow("uneven GQA groups")
        << 32.0 << 12.0 << 4096.0 << 0.0 << 0.0 << "kv_heads_not_dividing_heads" << 12.0 << 32.0;
    QTest::newRow("heads do not divide hidden")
        << 32.0 << 8.0 << 4100.0 << 0.0 << 0.0 << "heads_not_dividing_hidden" << 32.0 << 4100.0;
    QTest::newRow("top-k above experts")
        << 32.0 << 8.0 << 4096.0 << 2.0 << 3.0 << "top_k_above_experts" << 3.0 << 2.0;
}

void TestMemory::impossibleShapes()
{
    QFETCH(double, heads);
    QFETCH(double, kvHeads);
    QFETCH(double, hidden);
    QFETCH(double, experts);
    QFETCH(double, topK);
    QFETCH(QString, problem);
    QFETCH(double, first);
    QFETCH(double, second);
    for (PhaseKind kind : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation}) {
        ModelArch m = preset("llama-3-8b");
        m.heads = heads;
        m.kv_heads = kvHeads;
        m.hidden = hidden;
        m.head_dim = 0;
        m.experts = experts;
        m.top_k = topK;
        Scenario s = onePhase(kind, m);
        s.phases[0].pretrain.tp = 1;
        s.phases[0].rl.tp = 1;
        s.phases[0].rl.rollout_tp = 1;
        s.phases[0].eval.tp = 1;
        const Estimate e = evaluate(s, m_cat);
        const LayoutCheck& c = e.phases[0].layout;
        QCOMPARE(QString::fromUtf8(layoutProblemId(c.problem).data()), problem);
        QVERIFY(isShapeProblem(c.problem));
        QCOMPARE(c.product, first);
        QCOMPARE(c.gpus, second);
        // Refused, never priced as if it ran.
        QVERIFY(!e.ok);
        QCOMPARE(e.phases[0].gpu_hours, 0.0);
    }
    // The same shape with a head dimension given is sound (Gemma, Qwen3: head_dim ≠ h / a).
    if (problem == "heads_not_dividing_hidden") {
        ModelArch m = preset("llama-3-8b");
        m.hidden = hidden;
        m.head_dim = 128;
        QCOMPARE(shapeProblem(m).problem, LayoutProblem::None);
    }
}

void TestMemory::tpMustDivideHeads()
{
    // Llama 3 8B has 32 heads. TP 3 on 48 GPUs divides the GPU count (TP·PP·CP = 3 | 48)
    // but splits no whole number of heads per rank: refused for the trainer, and for the
    // rollout / evaluation engines' TP too (vLLM asserts heads % TP == 0).
    Scenario pre = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    pre.phases[0].gpus = 48;
    pre.phases[0].pretrain.tp = 3;
    pre.phases[0].pretrain.pp = 1;
    LayoutCheck c = evaluate(pre, m_cat).phases[0].layout;
    QCOMPARE(c.problem, LayoutProblem::HeadsNotDivisible);
    QCOMPARE(c.product, 3.0);
    QCOMPARE(c.gpus, 32.0);
    QVERIFY(!isShapeProblem(c.problem));
    pre.phases[0].pretrain.tp = 4; // 32 / 4 = 8 heads per rank
    QCOMPARE(evaluate(pre, m_cat).phases[0].layout.problem, LayoutProblem::None);

    Scenario ev = onePhase(PhaseKind::Evaluation, preset("llama-3-8b"));
    ev.phases[0].eval.tp = 6;
    ev.phases[0].gpus = 6;
    c = evaluate(ev, m_cat).phases[0].layout;
    QCOMPARE(c.problem, LayoutProblem::HeadsNotDivisible);
    QCOMPARE(c.product, 6.0);

    Scenario rl = onePhase(PhaseKind::RlPosttrain, preset("llama-3-8b"));
    rl.phases[0].rl.rollout_tp = 3;
    QCOMPARE(evaluate(rl, m_cat).phases[0].layout.problem, LayoutProblem::HeadsNotDivisible);
}

void TestMemory::rewardModelSingleTurnWaitsForNoEnvironment()
{
    // Single-turn GRPO: with a verifier the S episodes are scored in waves of E environments
    // (env_latency_s each, plus the slowest-of-E tail) on CPU instances; with a reward model
    // the score is the reward model's forward pass, charged on the trainer, and no
    // environment is waited for or rented.
    Scenario verifier = colocatedGrpo(0.5);
    verifier.phases[0].rl.turns = 1;
    verifier.phases[0].rl.reward = RewardKind::Verifiable;
    verifier.phases[0].rl.env_latency_s = 2;
    Scenario rm = verifier;
    rm.phases[0].rl.reward = RewardKind::Model;
    const Estimate a = evaluate(verifier, m_cat), b = evaluate(rm, m_cat);
    QVERIFY(a.phases[0].rl.environment_s >= 2.0); // at least one wave of 2 s steps
    QVERIFY(a.phases[0].cost[int(Category::ComputeEnvironment)] > 0);
    QCOMPARE(b.phases[0].rl.environment_s, 0.0);
    QCOMPARE(b.phases[0].cost[int(Category::ComputeEnvironment)], 0.0);
    QVERIFY(b.phases[0].rl.reward_s > 0);
    // Multi-turn episodes still step an environment between turns, whatever scores them.
    rm.phases[0].rl.turns = 4;
    QVERIFY(evaluate(rm, m_cat).phases[0].rl.environment_s > 0);
    // No environment at all (a rule-based verifier in the trainer process, as veRL's GSM8K
    // scripts): nothing is waited for or rented (issue 12).
    Scenario none = verifier;
    none.phases[0].rl.uses_environments = false;
    const Estimate c = evaluate(none, m_cat);
    QCOMPARE(c.phases[0].rl.environment_s, 0.0);
    QVERIFY(!c.phases[0].rl.environments && a.phases[0].rl.environments);
    QCOMPARE(c.phases[0].cost[int(Category::ComputeEnvironment)], 0.0);
    QVERIFY(c.phases[0].rl.concurrency >= a.phases[0].rl.concurrency);
    QVERIFY(c.phases[0].rl.iteration_s < a.phases[0].rl.iteration_s);
    QVERIFY(c.total < a.total);
}

namespace {

/// Llama 2 70B on 256 H100s, TP 8 × PP 4 (DP 8), ZeRO-1, AdamW, micro-batch 1 at 4,096 tokens,
/// selective recompute with FlashAttention; `microBatches` micro-batches per step per DP rank.
Scenario llama70bPipeline(double microBatches, double vpp)
{
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-2-70b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 256;
    auto& in = p.pretrain;
    in.tp = 8;
    in.pp = 4;
    in.vpp = vpp;
    in.zero_stage = 1;
    in.optimizer = Optimizer::AdamW32;
    in.micro_batch = 1;
    in.seq_len = 4096;
    in.global_batch_tokens = 4096 * 8 * microBatches; // sequences × DP 8 × m
    in.recompute = Recompute::Selective;
    in.flash_attention = true;
    return s;
}

} // namespace

void TestMemory::pipelineStagesHoldWhatTheyRun()
{
    // Llama 2 70B: V = 32,000, h = 8,192, 80 layers, untied (input embedding and LM head
    // V·h = 262,144,000 each). TP 8, PP 4, DP 8, m = 16 micro-batches per step.
    //   every stage: (P − 2·V·h) / 32 transformer parameters per GPU;
    //   stage 0: + V·h / 8 = 32,768,000 (input embedding); stage 3: + V·h / 8 (LM head).
    //   weights 2 B per parameter (ZeRO-1 shards only the 12 B optimizer state over DP 8).
    //   activations per layer and micro-batch (Korthikanti eq. 2, selective + SP):
    //   34·s·b·h / t = 34 · 4096 · 8192 / 8 = 142,606,336 B; 20 layers per stage;
    //   1F1B in flight: stage i holds min(4 − i, 16) micro-batches → 4, 3, 2, 1.
    //   logits on stage 3 only: 4 B · s · V / t = 4 · 4096 · 32000 / 8 = 65,536,000 B.
    const Estimate e = evaluate(llama70bPipeline(16, 1), m_cat);
    const PhaseEstimate& pe = e.phases.at(0);
    QVERIFY2(pe.layout.problem == LayoutProblem::None, layoutProblemId(pe.layout.problem).data());
    const PipelineMemory& pm = pe.trainer_stages;
    QCOMPARE(pm.stages, 4);
    const ParamCounts c = paramCounts(preset("llama-2-70b"));
    const double vh = 32000.0 * 8192;
    QCOMPARE(c.embedding, 2 * vh);
    const double layerParams = (c.total - 2 * vh) / 32;
    const double perMb = 20 * 34.0 * 4096 * 8192 / 8;
    const std::array held{4.0, 3.0, 2.0, 1.0};
    for (int i = 0; i < 4; ++i) {
        const MemoryBreakdown st = pipelineStage(pm, i);
        const double params = layerParams + (i == 0 || i == 3 ? vh / 8 : 0);
        QCOMPARE_REL(st.weights, 2 * params, 1e-12);
        QCOMPARE_REL(st.gradients, 2 * params, 1e-12);
        QCOMPARE_REL(st.optimizer, 12 * params / 8, 1e-12);
        QCOMPARE_REL(st.activations, held[std::size_t(i)] * perMb, 1e-12);
        QCOMPARE(stageInFlight(pm, i), held[std::size_t(i)]);
        // total = ((2 + 2 + 12/8) B · params + activations + logits on the last + CUDA
        // context) × 1.07 fragmentation
        const double ctx = e.phases[0].trainer_stages.context;
        const double logits = i == 3 ? 4.0 * 4096 * 32000 / 8 : 0;
        QCOMPARE_REL(st.total, (5.5 * params + st.activations + logits + ctx) * kFrag, 1e-12);
    }
    // The trainer's memory is the worst stage (the first: four micro-batches and the
    // embedding), judged for OOM; not the mean over stages.
    QCOMPARE(pm.worst, 0);
    const MemoryBreakdown& t = mem(e, GpuRole::Trainer);
    QCOMPARE_REL(t.total, pipelineStage(pm, 0).total, 1e-12);
    QCOMPARE_REL(t.oom_probability, pipelineStage(pm, 0).oom_probability, 1e-12);
    QVERIFY(t.total > pipelineStage(pm, 1).total);
    // A step of only two micro-batches caps what the first stages hold: min(4 − i, 2).
    const PipelineMemory few = evaluate(llama70bPipeline(2, 1), m_cat).phases.at(0).trainer_stages;
    QCOMPARE(stageInFlight(few, 0), 2.0);
    QCOMPARE(stageInFlight(few, 2), 2.0);
    QCOMPARE(stageInFlight(few, 3), 1.0);
}

void TestMemory::interleavedStagesHoldMoreChunks()
{
    // Interleaved 1F1B with v = 2 model chunks per rank (Megatron-LM schedules: warm-up
    // (p − i − 1)·2 + (v − 1)·p chunks, plus the one in flight; a chunk is L/(p·v) layers):
    //   rank 0: (3·2 + 1·4 + 1) / 2 = 5.5 micro-batches of its 20 layers = 110 layers
    //           = 80 · (1 + (p − 1)/(p·v)) = 80 · 11/8 (Korthikanti et al. 2022 §4.2.3);
    //   rank 3: (0 + 4 + 1) / 2 = 2.5.
    const PipelineMemory pm = evaluate(llama70bPipeline(16, 2), m_cat).phases.at(0).trainer_stages;
    QCOMPARE(pm.virtual_stages, 2);
    QCOMPARE(stageInFlight(pm, 0), 5.5);
    QCOMPARE(stageInFlight(pm, 3), 2.5);
    QCOMPARE_REL(20 * stageInFlight(pm, 0), 80.0 * (1 + 3.0 / 8), 1e-12);
    // With m = 2 micro-batches a rank holds at most m·v = 4 chunks = 2 micro-batches.
    const PipelineMemory few = evaluate(llama70bPipeline(2, 2), m_cat).phases.at(0).trainer_stages;
    QCOMPARE(stageInFlight(few, 0), 2.0);
}

void TestMemory::chunkGroupSetsTheWarmUp()
{
    // Llama 3 405B as its paper trained it (§3.3.2, Table 4): 126 layers, h 16,384, TP 8,
    // PP 16, v = 8 chunks per rank (a chunk is one layer), 16,384 H100s, 8,192-token sequences,
    // 16M tokens per step = 2,048 sequences over DP 128 = m = 16 micro-batches.
    //   Megatron-Core's group N = PP = 16: rank 0 warms up 2·15 + 7·16 + 1 = 143 chunks, capped
    //   at m·v = 128 = all 16 micro-batches of its 126/16 layers — 67 GiB of activations at
    //   34·s·h/t = 0.53 GiB per layer (Korthikanti et al. 2022), too much for 80 GB;
    //   Megatron's own theoretical_memory_usage.py gives 68 GiB for it.
    //   Llama 3's N = 5: 2·15 + 7·5 + 1 = 66 chunks = 8.25 micro-batches; the last rank
    //   0 + 35 + 1 = 36 chunks = 4.5.
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3.1-405b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 16384;
    auto& in = p.pretrain;
    in.tp = 8;
    in.pp = 16;
    in.vpp = 8;
    in.zero_stage = 1;
    in.micro_batch = 1;
    in.seq_len = 8192;
    in.global_batch_tokens = 16777216;
    in.recompute = Recompute::Selective;
    const double perMb = 126.0 / 16 * 34 * 8192 * 16384 / 8;
    const Estimate wide = evaluate(s, m_cat);
    QVERIFY2(wide.phases.at(0).layout.problem == LayoutProblem::None,
             layoutProblemId(wide.phases.at(0).layout.problem).data());
    QCOMPARE(wide.phases[0].layout.layout.micro_batches, 16.0);
    QCOMPARE(stageInFlight(wide.phases[0].trainer_stages, 0), 16.0);
    QCOMPARE_REL(pipelineStage(wide.phases[0].trainer_stages, 0).activations, 16 * perMb, 1e-12);
    QVERIFY(wide.phases[0].oom.probability > 0.5);
    in.pp_group = 5;
    const Estimate n5 = evaluate(s, m_cat);
    const PipelineMemory& pm = n5.phases.at(0).trainer_stages;
    QCOMPARE(stageInFlight(pm, 0), 66.0 / 8);
    QCOMPARE(stageInFlight(pm, 15), 36.0 / 8);
    QCOMPARE_REL(pipelineStage(pm, 0).activations, 66.0 / 8 * perMb, 1e-12);
    QVERIFY(n5.phases[0].oom.probability < 0.5);
    // The bubble is Llama 3's (PP − 1)/(v·m) either way: the step time does not change.
    QCOMPARE(n5.phases[0].step.total_s, wide.phases[0].step.total_s);
}

void TestMemory::expertOverlapHoldsOneMoreMicroBatch()
{
    // Megatron-Core schedules one extra warm-up micro-batch (a model chunk, interleaved) when
    // the EP all-to-all overlaps (schedules.py get_pp_rank_microbatches). The pipeline
    // counts of llama70bPipeline are the test's, its dense model unchanged but for 8 experts
    // on EP 8: 1F1B stage 0 holds min(4 − 0 + 1, 16) = 5 micro-batches instead of 4, the
    // last min(1 + 1, 16) = 2; interleaved (v = 2) stage 0 (3·2 + 4 + 1 + 1)/2 = 6 instead
    // of 5.5. With full recompute the overlap is refused: nothing changes.
    auto inFlight = [this](double vpp, Recompute r, bool overlap, int stage) {
        Scenario s = llama70bPipeline(16, vpp);
        s.phases[0].model = preset("mixtral-8x7b");
        auto& in = s.phases[0].pretrain;
        in.ep = 8;
        in.recompute = r;
        in.overlap_ep = overlap;
        const Estimate e = evaluate(s, m_cat);
        return stageInFlight(e.phases.at(0).trainer_stages, stage);
    };
    QCOMPARE(inFlight(1, Recompute::Selective, false, 0), 4.0);
    QCOMPARE(inFlight(1, Recompute::Selective, true, 0), 5.0);
    QCOMPARE(inFlight(1, Recompute::Selective, true, 3), 2.0);
    QCOMPARE(inFlight(2, Recompute::Selective, true, 0), 6.0);
    QCOMPARE(inFlight(1, Recompute::Full, true, 0), 4.0);
}

void TestMemory::lastStageCanBeTheWorst()
{
    // Llama 3 8B (V = 128,256, h = 4,096, untied) on 2 H100s, TP 1 × PP 2, one micro-batch per
    // step so both stages hold one: stage 0 adds the input embedding V·h = 525,336,576
    // parameters at 16 B (no ZeRO) = 8.41 GB; stage 1 the same LM head plus FP32 logits
    // 4 · 8192 · 128,256 = 4.20 GB, so the last stage is the worst by the logits.
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 2;
    p.pretrain.tp = 1;
    p.pretrain.pp = 2;
    p.pretrain.zero_stage = 0;
    p.pretrain.seq_len = 8192;
    p.pretrain.micro_batch = 1;
    p.pretrain.global_batch_tokens = 8192;
    const Estimate e = evaluate(s, m_cat);
    const PipelineMemory& pm = e.phases.at(0).trainer_stages;
    QCOMPARE(pm.worst, 1);
    const MemoryBreakdown first = pipelineStage(pm, 0), last = pipelineStage(pm, 1);
    QCOMPARE_REL(last.total - first.total, 4.0 * 8192 * 128256 * kFrag, 1e-9);
    QCOMPARE_REL(mem(e, GpuRole::Trainer).total, last.total, 1e-12);
    const double vh = 128256.0 * 4096;
    QCOMPARE_REL(first.weights - pm.layers.weights, 2 * vh, 1e-12);
}

void TestMemory::longContextStageLayoutIsChecked()
{
    // Issue 45: Llama 3 8B on 1,024 H100s at TP 1 CP 1, 16,777,216 tokens per step, with a
    // 131,072-token stage at the end. At 8,192 tokens a step is 2,048 sequences for DP 1,024;
    // at 131,072 it is 16,777,216 / 131,072 = 128 sequences for 1,024 ranks: that stage cannot
    // run, so the phase is refused and the problem names the stage.
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 1024;
    auto& in = p.pretrain;
    in.tp = in.pp = in.cp = in.vpp = in.micro_batch = 1;
    in.seq_len = 8192;
    in.global_batch_tokens = 16777216;
    in.tokens = 1e12;
    in.long_seq_len = 131072;
    in.long_tokens = 1e11;
    Estimate e = evaluate(s, m_cat);
    const PhaseEstimate& bad = e.phases.at(0);
    QVERIFY(!e.ok);
    QCOMPARE(bad.layout.problem, LayoutProblem::BatchTooSmall);
    QCOMPARE(bad.layout.stage_seq, 131072.0);
    QCOMPARE(bad.layout.gpus, 128.0);     // sequences per step at the long context
    QCOMPARE(bad.layout.product, 1024.0); // micro-batch 1 × DP 1,024
    QCOMPARE(bad.gpu_hours, 0.0);         // not priced
    // The same layout with every token at 8,192 runs: the main stage alone is not the problem.
    in.long_tokens = 0;
    QVERIFY(evaluate(s, m_cat).ok);
    // CP 8 for the long stage only (Llama 3 switched to CP 16 at 128K): DP 128, one sequence
    // each, one micro-batch per step; the main stage keeps CP 1 and DP 1,024.
    in.long_tokens = 1e11;
    in.long_cp = 8;
    e = evaluate(s, m_cat);
    QVERIFY(e.ok);
    const PhaseEstimate& pe = e.phases.at(0);
    QCOMPARE(pe.layout.layout.cp, 1.0);
    QCOMPARE(pe.layout.layout.dp, 1024.0);
    QCOMPARE(pe.layout.layout.micro_batches, 2.0);
    QCOMPARE(pe.layout.stage_seq, 0.0);
    QCOMPARE(pe.long_layout.stage_seq, 131072.0);
    QCOMPARE(pe.long_layout.layout.cp, 8.0);
    QCOMPARE(pe.long_layout.layout.dp, 128.0);
    QCOMPARE(pe.long_layout.layout.micro_batches, 1.0);
    QVERIFY(pe.long_step.total_s > pe.step.total_s); // 16× the tokens per sequence
}

void TestMemory::longContextStageMemoryIsJudged()
{
    // Llama 2 70B on 256 H100s, TP 8 × PP 4, 4,096 tokens, 16 micro-batches per step
    // (llama70bPipeline), then a 131,072-token stage on CP 8 (DP 1, 4 sequences per step).
    // Per layer and micro-batch (Korthikanti eq. 2, selective + SP): 34·(s/CP)·b·h / TP;
    // main: 34 · 4,096 · 8,192 / 8; long: 34 · 16,384 · 8,192 / 8, four times as much, and
    // stage 0 holds min(PP, m) = 4 micro-batches in both (m = 16 and m = 4).
    Scenario s = llama70bPipeline(16, 1);
    const Estimate main = evaluate(s, m_cat);
    auto& in = s.phases[0].pretrain;
    in.tokens = 1e12;
    in.long_seq_len = 131072;
    in.long_tokens = 1e11;
    in.long_cp = 8;
    const Estimate e = evaluate(s, m_cat);
    QVERIFY(e.ok);
    const PhaseEstimate& pe = e.phases.at(0);
    const double mainAct = 4 * 20 * 34.0 * 4096 * 8192 / 8;
    const double longAct = 4 * 20 * 34.0 * 16384 * 8192 / 8;
    QCOMPARE_REL(main.phases[0].memory[int(GpuRole::Trainer)].activations, mainAct, 1e-12);
    // The long stage is the one likelier to run out of memory: it is the one shown.
    const MemoryBreakdown& t = mem(e, GpuRole::Trainer);
    QCOMPARE_REL(t.activations, longAct, 1e-12);
    QCOMPARE(pe.memory_seq, 131072.0);
    QCOMPARE(pe.trainer_stages.microbatches, 4.0);
    // Either stage running out stops the run: P = 1 − (1 − p_main)(1 − p_long).
    const double pMain = main.phases[0].memory[int(GpuRole::Trainer)].oom_probability;
    QCOMPARE_REL(pe.oom.probability, 1 - (1 - pMain) * (1 - t.oom_probability), 1e-9);
    QVERIFY(t.oom_probability > pMain);
    // At CP 1 the same stage holds 16 times the main stage's activations per micro-batch on
    // DP 8 with m = 1 (4 sequences): the 131,072-token layout, not the 4,096 one, is judged.
    in.long_cp = 0;
    in.global_batch_tokens = 131072.0 * 8; // 8 sequences at 128K: DP 8, m = 1
    const Estimate wide = evaluate(s, m_cat);
    QVERIFY(wide.ok);
    const MemoryBreakdown& w = mem(wide, GpuRole::Trainer);
    QCOMPARE_REL(w.activations, 1 * 20 * 34.0 * 131072 * 8192 / 8, 1e-12);
    QVERIFY(w.activations > kH100); // 91.3 GB of activations alone
    QVERIFY(wide.phases[0].oom.probability > 0.999);
}

void TestMemory::hostMemoryPerNode()
{
    // Colocated GRPO of Qwen2.5-7B on one 8-GPU H100 node, vLLM sleeping between phases,
    // asynchronous checkpoints (the default). Per node (8 GPUs):
    //   processes 8 × 8 GiB (assumptions.host_process_gib) = 64 GiB;
    //   checkpoint staging: the node's share of P · 14 B (BF16 weights 2 + FP32 master 4 +
    //   Adam moments 8) over 8 trainer GPUs × 8 on the node = 14·P;
    //   sleeping engines' weights (vLLM sleep level 1 keeps them in CPU RAM): 2·P per TP-1
    //   engine × 8 = 16·P;
    //   Ray object store: 30 % of the node's 2,048 GiB (AWS p5.48xlarge) = 614.4 GiB.
    Scenario s = colocatedGrpo(0.6);
    const double P = paramCounts(s.phases[0].model).total;
    const Estimate e = evaluate(s, m_cat);
    const HostMemory& h = e.phases.at(0).host;
    QVERIFY(h.present);
    QCOMPARE(h.ram, 2048 * kGiB);
    QCOMPARE_REL(h.processes, 64 * kGiB, 1e-12);
    QCOMPARE_REL(h.checkpoint, 14 * P, 1e-12);
    QCOMPARE_REL(h.offload, 16 * P, 1e-12);
    QCOMPARE_REL(h.object_store, 0.3 * 2048 * kGiB, 1e-12);
    QCOMPARE_REL(h.total, 64 * kGiB + 30 * P + 614.4 * kGiB, 1e-12);
    QVERIFY(h.oom_probability < 1e-6); // ~800 GiB of 2,048
    // On a 256 GiB node the same plan does not fit: object store 76.8 GiB, total
    // 64 + 30·7.62e9 B (212.9 GiB) + 76.8 ≈ 354 GiB > 256 → P(OOM) ≈ 1, a warning, and the
    // phase's OOM risk includes it.
    Catalog small = m_cat;
    for (Accelerator& a : small.accelerators)
        if (a.id == "h100-sxm-80gb")
            a.host_ram_gib = 256;
    const Estimate tight = evaluate(s, small);
    const HostMemory& th = tight.phases.at(0).host;
    QCOMPARE_REL(th.object_store, 76.8 * kGiB, 1e-12);
    QVERIFY(th.total > th.ram);
    QVERIFY(th.oom_probability > 0.99);
    QVERIFY(tight.phases[0].oom.probability >= th.oom_probability);
    QVERIFY(std::find(tight.warnings.begin(), tight.warnings.end(),
                      std::string_view(kHostMemoryWarning)) != tight.warnings.end());
    // Without sleep the engine keeps its weights on the GPU: nothing parked in host RAM; a
    // node RAM the catalog does not know is shown but not judged.
    s.phases[0].rl.rollout_sleep = false;
    for (Accelerator& a : small.accelerators)
        a.host_ram_gib = 0;
    const Estimate unknown = evaluate(s, small);
    QCOMPARE(unknown.phases[0].host.offload, 0.0);
    QCOMPARE(unknown.phases[0].host.oom_probability, 0.0);
    QVERIFY(unknown.phases[0].host.total > 0);
}

// CPU offload (issue 12): Llama 2 7B pre-training on 2,048 A100 80 GB, TP 2, PP 1, ZeRO-1, so
// DP = 1,024 and each GPU holds P/2 parameters (the ZeRO paper's 2 + 2 + 12 B with AdamW).
//   none:      optimizer on the GPU = P/2/1,024 · 12 B;
//   optimizer: that moves to host RAM; the node's 8 ranks park 8 × P/2/1,024 · 12 B, and the
//              Adam step takes P/2/1,024 / (1.4e9 / 8) s on the CPU (DeepSpeed PR #735 rate);
//   optimizer-params: the 16-bit weights and gradients follow (8 × P/2 · 4 B more); the GPU
//              keeps two gathered layers of weights and one layer of gradients: a Llama 2 7B
//              layer is 4h² + 3hf + 2h = 202,383,360 parameters (h 4,096, f 11,008), larger than
//              the 131,072,000-parameter embedding, so 2 · 202,383,360/2 · 2 B and 202,383,360/2 ·
//              2 B.
void TestMemory::cpuOffloadMovesStateToHost()
{
    Scenario s = test::example("llama2-70b-pretrain-a100");
    Phase& p = s.phases[0];
    p.model = test::preset("llama-2-7b");
    p.pretrain.tp = 2;
    p.pretrain.pp = 1;
    p.pretrain.zero_stage = 1;
    const double P = paramCounts(p.model).total;
    const double local = P / 2, shard = local / 1024;
    const Estimate none = evaluate(s, m_cat);
    const MemoryBreakdown& n = none.phases.at(0).memory[int(GpuRole::Trainer)];
    QCOMPARE_REL(n.optimizer, shard * 12, 1e-9);
    QCOMPARE(none.phases[0].host.training_state, 0.0);

    p.pretrain.offload = Offload::Optimizer;
    const Estimate opt = evaluate(s, m_cat);
    const PhaseEstimate& oe = opt.phases.at(0);
    QCOMPARE(oe.memory[int(GpuRole::Trainer)].optimizer, 0.0);
    QCOMPARE_REL(oe.memory[int(GpuRole::Trainer)].weights, n.weights, 1e-12);
    QCOMPARE_REL(oe.host.training_state, 8 * shard * 12, 1e-9);
    QCOMPARE_REL(oe.host.total, none.phases[0].host.total + 8 * shard * 12, 1e-9);
    QCOMPARE_REL(oe.step.optimizer_s, shard / (1.4e9 / 8), 1e-9);
    QVERIFY(oe.gpu_hours > none.phases[0].gpu_hours); // the CPU step is slower than HBM's

    p.pretrain.offload = Offload::OptimizerParams;
    const Estimate all = evaluate(s, m_cat);
    const PhaseEstimate& ae = all.phases.at(0);
    const MemoryBreakdown& a = ae.memory[int(GpuRole::Trainer)];
    const double layer = 4.0 * 4096 * 4096 + 3.0 * 4096 * 11008 + 2.0 * 4096;
    QCOMPARE_REL(a.weights, 2 * layer / 2 * 2, 1e-6);
    QCOMPARE_REL(a.gradients, layer / 2 * 2, 1e-6);
    QCOMPARE(a.optimizer, 0.0);
    QCOMPARE_REL(ae.host.training_state, 8 * (shard * 12 + local * 4), 1e-9);
    QVERIFY(a.total < n.total);
    // Fetching P/2 · 2 B twice and returning it once per micro-batch (one here) over PCIe Gen4
    // (32 GB/s): 3 · 6.74 GB / 32 GB/s ≈ 0.63 s, partly behind compute: slower again.
    QVERIFY(ae.step.optimizer_s > oe.step.optimizer_s);
    QVERIFY(ae.step.optimizer_s <= oe.step.optimizer_s + 3 * local * 2 / 32e9 + 1e-12);
    QVERIFY(ae.gpu_hours > oe.gpu_hours);
}

void TestMemory::assumedScaleoutIsSaid()
{
    // H20 nodes: no source for their scale-out network (catalog: scaleout_gbps absent, 400 Gb/s
    // assumed). A phase on more than one 8-GPU node says so; one node needs no scale-out; H100
    // (8 × 400 Gb/s NDR, sourced) never does.
    const Accelerator* h20 = m_cat.accelerator("h20-96gb");
    QVERIFY(h20);
    QVERIFY(!h20->scaleout_known);
    QCOMPARE(h20->scaleout_gbps, 400.0);
    QVERIFY(m_cat.accelerator("h100-sxm-80gb")->scaleout_known);
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    s.phases[0].accelerator = "h20-96gb";
    auto said = [&](const Scenario& sc) {
        const Estimate e = evaluate(sc, m_cat);
        return std::find(e.warnings.begin(), e.warnings.end(),
                         std::string_view(kScaleoutAssumedWarning)) != e.warnings.end();
    };
    s.phases[0].gpus = 16;
    QVERIFY(said(s));
    s.phases[0].gpus = 8;
    QVERIFY(!said(s));
    s.phases[0].gpus = 16;
    s.phases[0].accelerator = "h100-sxm-80gb";
    QVERIFY(!said(s));
}

void TestMemory::rlLogitsAsVerlHoldsThem()
{
    // The GRPO example (Qwen2.5-7B, V = 152,064; 300-token prompts, 3,000-token mean
    // responses: 3,300 tokens a sequence; trainer TP 1, micro-batch 1). veRL's FSDP actor
    // (dp_actor.py) keeps BF16 logits; the update's backward briefly holds four N×V BF16
    // tensors (8·N·V bytes), a forward-only log-prob pass one (2·N·V) at its own micro-batch:
    //   micro-batch 1: 8 · 3,300 · 152,064 = 4.01 GB on the last stage;
    //   log-prob micro-batch 40 (veRL's GRPO example script): 2 · 40 · 3,300 · 152,064
    //   = 40.1 GB, which then sets the peak.
    Scenario s = test::example("grpo-7b-math");
    auto& in = s.phases[0].rl;
    QCOMPARE(in.prompt_tokens + in.response_tokens, 3300.0);
    QCOMPARE(s.phases[0].model.vocab, 152064.0);
    QCOMPARE(in.micro_batch, 1.0);
    const double nv = 3300.0 * 152064;
    QCOMPARE_REL(evaluate(s, m_cat).phases.at(0).trainer_stages.logits, 8 * nv, 1e-12);
    in.log_prob_micro_batch = 40;
    const Estimate e = evaluate(s, m_cat);
    QCOMPARE_REL(e.phases.at(0).trainer_stages.logits, 2 * 40 * nv, 1e-12);
    QVERIFY(mem(e, GpuRole::Trainer).total > 40 * nv);
}

void TestMemory::deepSeekV3KeepsWhatItsReportSays()
{
    // DeepSeek-V3 (2412.19437 §4.2, config.json): h 7,168, 128 heads of q/k 128 + 64 RoPE and
    // v 128, q latent 1,536, kv latent 512, 256 routed experts of f 2,048 top-8 + 1 shared.
    // Per MoE layer and token, in bytes, TP 1, selective recompute (sbh units: ÷ 7,168):
    //   MLA: input-norm output 2·7168 = 14,336; kv latent + RoPE key 2·576 = 1,152; q latent
    //   2·1536 = 3,072; attention output 2·128·128 = 32,768; normed latents 2·(512 + 1536)
    //   = 4,096; q, k, v 2·128·(192 + 192 + 128) = 131,072 → 186,496 = 26.018 sbh, which
    //   replaces 10 of Korthikanti's 34.
    //   MoE: 15 + 3 (norm output, mask) + 8 copies × (2 + 4·2048/7168 + 2·2048/7168) + the
    //   shared expert's 6·2048/7168 − 19 + 15… written out below; router 4·256/7168.
    const ModelArch m = preset("deepseek-v3");
    QCOMPARE(m.hidden, 7168.0);
    QCOMPARE(m.kv_lora_rank, 512.0);
    QCOMPARE(m.q_lora_rank, 1536.0);
    QCOMPARE(m.top_k, 8.0);
    const double h = 7168, f = 2048.0 / h, router = 4 * 256 / h;
    const double sbh = 4096 * h;
    auto bytes = [&](const formula::ActivationKeep& k) {
        return formula::layerActivationBytes(m, 4096, 1, 1, 1, true, k) / sbh;
    };
    formula::ActivationKeep k;
    const double mla = (14336 + 1152 + 3072 + 32768 + 4096 + 131072) / h;
    const double plain = 34 - 10 + mla + 3 + 8 * (2 + 6 * f) + 6 * f - 19;
    QCOMPARE_REL(bytes(k), plain + router, 1e-12);
    // What its report says it does (§3.2.3, §3.3.3): RMSNorm and the MLA up-projections
    // recomputed (latents and the attention output stay: (1,152 + 3,072 + 32,768)/7168), the
    // SwiGLU output recomputed and its input cached in FP8, Linear inputs in FP8 (1 B):
    //   24 + 5.161 + 1 (mask) + 8 × (1 + 2·f) + (2·f + f) − 19.
    k.recompute_norms = k.recompute_mla_up = k.recompute_moe_act = true;
    k.fp8 = k.fp8_act_input = true;
    const double lean = 24 + (1152 + 3072 + 32768) / h + 1 + 8 * (1 + 2 * f) + 3 * f - 19;
    QCOMPARE_REL(bytes(k), lean + router, 1e-12);
    // Its published layout (§3.2: PP 16, EP 64 over 8 nodes, no TP, ZeRO-1, FP8, 4K context,
    // 15,360 sequences per step) on 2,048 H800s: the first stage holds 16 micro-batches of
    // 61/16 layers. Plain selective recompute does not fit (≈ 1.5 GiB per layer and
    // micro-batch in FP8); with what the report does, it does.
    Scenario s = onePhase(PhaseKind::Pretrain, m);
    Phase& p = s.phases[0];
    p.accelerator = "h800-sxm-80gb";
    p.gpus = 2048;
    auto& in = p.pretrain;
    in.precision = TrainPrecision::FP8;
    in.tp = 1;
    in.pp = 16;
    in.ep = 64;
    in.zero_stage = 1;
    in.seq_len = 4096;
    in.micro_batch = 1;
    in.global_batch_tokens = 15360.0 * 4096;
    in.recompute = Recompute::Selective;
    const Estimate before = evaluate(s, m_cat);
    QVERIFY2(before.phases.at(0).layout.problem == LayoutProblem::None,
             layoutProblemId(before.phases.at(0).layout.problem).data());
    QCOMPARE(stageInFlight(before.phases[0].trainer_stages, 0), 16.0);
    QVERIFY(before.phases[0].oom.probability > 0.5);
    in.recompute_norms = in.recompute_mla_up = in.recompute_moe_act = in.fp8_act_input = true;
    const Estimate after = evaluate(s, m_cat);
    QVERIFY(after.phases[0].oom.probability < 0.5);
    // Megatron reads the modules only under selective recompute.
    in.recompute = Recompute::Full;
    {
        const PipelineMemory& pm = evaluate(s, m_cat).phases.at(0).trainer_stages;
        QCOMPARE_REL(pm.activations_per_microbatch, 61.0 / 16 * 2 * sbh, 1e-12);
    }
}

void TestMemory::moeActivationsFollowTopK()
{
    // Mixtral 8x7B (h 4,096, SwiGLU experts of f 14,336 = 3.5h, top-2 of 8, every layer MoE) at
    // s 4,096, b 1, TP 2, selective recompute. Per layer and micro-batch, in s·b·h units, as
    // Megatron-Core keeps them (experts.py TEGroupedMLP, fused weighted SwiGLU):
    //   Korthikanti's 34 less its dense MLP 19 = 15; the pre-MLP norm's output once (the
    //   router's input) 2 and the dropout mask 1; per routed copy fc1's input 2, fc1's output
    //   2·2·3.5 = 14 and the SwiGLU output 2·3.5 = 7 → 23, × 2 copies = 46; in all 64, plus FP32
    //   router scores 4·E per token = 4·8/4096 → (64 + 32/4096) · s·b·h / TP.
    using formula::ActivationKeep;
    using formula::layerActivationBytes;
    const ModelArch m = preset("mixtral-8x7b");
    QCOMPARE(m.hidden, 4096.0);
    QCOMPARE(m.ffn, 14336.0);
    const double sbh = 4096.0 * 1 * 4096;
    const ActivationKeep sel;
    const double one = layerActivationBytes(m, 4096, 1, 2, 1, true, sel);
    QCOMPARE_REL(one, sbh * (64 + 32.0 / 4096) / 2, 1e-12);
    ActivationKeep full;
    full.recompute = Recompute::Full;
    QCOMPARE_REL(layerActivationBytes(m, 4096, 1, 2, 1, true, full), 2 * sbh / 2,
                 1e-12); // full recompute keeps only each layer's input
    // A dense layer of the same model is Korthikanti's 34.
    QCOMPARE_REL(layerActivationBytes(m, 4096, 1, 2, 1, false, sel), 34 * sbh / 2, 1e-12);
    // Capacity factor 1.25 (Switch Transformer §2.2, padded buffers): 2.5 copies per token,
    // 15 + 3 + 2.5 × 23 = 75.5. Capacity 0 is dropless, the same as 1.
    ModelArch capped = m;
    capped.capacity_factor = 1.25;
    QCOMPARE_REL(layerActivationBytes(capped, 4096, 1, 2, 1, true, sel),
                 sbh * (75.5 + 32.0 / 4096) / 2, 1e-12);
    capped.capacity_factor = 1;
    QCOMPARE(layerActivationBytes(capped, 4096, 1, 2, 1, true, sel), one);
    // Expert TP 2 (= TP, Megatron's default): each copy's fc1 input is gathered over both TP
    // ranks (h-wide 2 → 4), its f-wide tensors split over them: 15 + 3 + 2 × 25 = 68.
    QCOMPARE_REL(layerActivationBytes(m, 4096, 1, 2, 2, true, sel), sbh * (68 + 32.0 / 4096) / 2,
                 1e-12);
    // "moe_act" drops each copy's SwiGLU output (7): 15 + 3 + 2 × 16 = 50; FP8 keeps the
    // Linear inputs at 1 B: fc1's input 1 and fc2's input 3.5 per copy, and the QKV input 2 → 1
    // (te LayerNormLinear keeps its normed input in FP8): 15 − 1 + 3 + 2 × 18.5 = 54.
    ActivationKeep act;
    act.recompute_moe_act = true;
    QCOMPARE_REL(layerActivationBytes(m, 4096, 1, 2, 1, true, act), sbh * (50 + 32.0 / 4096) / 2,
                 1e-12);
    ActivationKeep fp8;
    fp8.fp8 = true;
    QCOMPARE_REL(layerActivationBytes(m, 4096, 1, 2, 1, true, fp8), sbh * (54 + 32.0 / 4096) / 2,
                 1e-12);
    // In the engine: Mixtral on 16 H100s, TP 2, PP 1, EP 8, one micro-batch per step: 32 layers
    // × 68.0078 s·b·h / 2 at the default expert TP (= TP 2), 64.0078 at expert TP 1.
    Scenario s = onePhase(PhaseKind::Pretrain, m);
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 16;
    p.pretrain.tp = 2;
    p.pretrain.pp = 1;
    p.pretrain.ep = 8;
    p.pretrain.seq_len = 4096;
    p.pretrain.micro_batch = 1;
    p.pretrain.global_batch_tokens = 4096 * 8;
    p.pretrain.recompute = Recompute::Selective;
    const Estimate e = evaluate(s, m_cat);
    QVERIFY2(e.phases[0].layout.problem == LayoutProblem::None,
             layoutProblemId(e.phases[0].layout.problem).data());
    QCOMPARE_REL(mem(e, GpuRole::Trainer).activations, 32 * sbh * (68 + 32.0 / 4096) / 2, 1e-12);
    p.pretrain.etp = 1;
    QCOMPARE_REL(mem(evaluate(s, m_cat), GpuRole::Trainer).activations,
                 32 * sbh * (64 + 32.0 / 4096) / 2, 1e-12);
}

void TestMemory::statePrecisionPresets_data()
{
    // Bytes per parameter of weights + gradients + optimizer state per GPU for P parameters on d
    // data-parallel GPUs (TP = PP = 1), by ZeRO stage. Megatron-Core distributed-optimizer guide
    // (docs.nvidia.com/megatron-core, "Distributed Optimizer"), AdamW, non-distributed /
    // distributed (= ZeRO-1): fp16 param + fp16 grads 20 / 4 + 16/d; bf16 param + fp32 grads
    // 18 / 6 + 12/d; fp32 param + fp32 grads 16 / 8 + 8/d. DeepSpeed's ZeRO-2 estimator since
    // PR #5099: 2 + 18/d (FP16 weights replicated; FP16 and FP32 gradients, FP32 master and
    // moments sharded). The ZeRO paper (§3.1, K = 12): 16, 4 + 12/d, 2 + 14/d, 16/d.
    QTest::addColumn<StatePrecision>("precision");
    QTest::addColumn<int>("zero");
    QTest::addColumn<double>("bytesPerParam"); // at d = 8
    const double d = 8;
    QTest::newRow("zero-paper_z0") << StatePrecision::ZeroPaper << 0 << 16.0;
    QTest::newRow("zero-paper_z1") << StatePrecision::ZeroPaper << 1 << 4 + 12 / d;
    QTest::newRow("zero-paper_z2") << StatePrecision::ZeroPaper << 2 << 2 + 14 / d;
    QTest::newRow("zero-paper_z3") << StatePrecision::ZeroPaper << 3 << 16 / d;
    QTest::newRow("megatron-bf16_z0") << StatePrecision::MegatronBf16 << 0 << 18.0;
    QTest::newRow("megatron-bf16_distopt") << StatePrecision::MegatronBf16 << 1 << 6 + 12 / d;
    QTest::newRow("fp16_z0") << StatePrecision::Fp16Fp32Copy << 0 << 20.0;
    QTest::newRow("fp16_distopt") << StatePrecision::Fp16Fp32Copy << 1 << 4 + 16 / d;
    QTest::newRow("deepspeed_zero2") << StatePrecision::Fp16Fp32Copy << 2 << 2 + 18 / d;
    QTest::newRow("fp32_z0") << StatePrecision::Fp32 << 0 << 16.0;
    QTest::newRow("fp32_distopt") << StatePrecision::Fp32 << 1 << 8 + 8 / d;
    // OPT-175B: FP16 weights and gradients, FP32 Adam moments, no FP32 master: 2 + 2 + 8.
    QTest::newRow("fp16-no-master_z0") << StatePrecision::Fp16NoMaster << 0 << 12.0;
}

void TestMemory::statePrecisionPresets()
{
    QFETCH(StatePrecision, precision);
    QFETCH(int, zero);
    QFETCH(double, bytesPerParam);
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 8;
    p.pretrain.tp = p.pretrain.pp = p.pretrain.cp = p.pretrain.ep = 1;
    p.pretrain.zero_stage = zero;
    p.pretrain.optimizer = Optimizer::AdamW32;
    p.pretrain.state_precision = precision;
    p.pretrain.seq_len = 8192;
    p.pretrain.global_batch_tokens = 8 * 8192;
    const Estimate e = evaluate(s, m_cat);
    QVERIFY(e.ok);
    const MemoryBreakdown& m = mem(e, GpuRole::Trainer);
    const double P = paramCounts(p.model).total; // 8,030,261,248 (Llama 3 8B, untied)
    QCOMPARE_REL(m.weights + m.gradients + m.optimizer, P * bytesPerParam, 1e-12);
    // MaxText's 12 B/param of FP32 weights and two FP32 moments (maxtext #606) is the FP32
    // recipe without its gradients.
    if (precision == StatePrecision::Fp32 && zero == 0)
        QCOMPARE_REL(m.weights + m.optimizer, 12 * P, 1e-12);
}

void TestMemory::gradientReduceFollowsPrecision()
{
    // The data-parallel all-reduce moves the recipe's gradients: Megatron-Core's FP32 buffer
    // (4 B/param) takes twice the bytes of the ZeRO paper's BF16 gradients (2 B/param). Llama 3
    // 8B, 64 H100s, DDP (ZeRO 0) without overlap, so the whole all-reduce is on the step: for
    // 8.03e9 × 2 B = 16 GB the ring's latency terms are < 0.1 % and the time doubles.
    Scenario s = onePhase(PhaseKind::Pretrain, preset("llama-3-8b"));
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    p.gpus = 64;
    p.pretrain.tp = p.pretrain.pp = p.pretrain.cp = p.pretrain.ep = 1;
    p.pretrain.zero_stage = 0;
    p.pretrain.overlap_dp = false;
    p.pretrain.global_batch_tokens = 64 * 8192;
    p.pretrain.state_precision = StatePrecision::ZeroPaper;
    const double bf16 = evaluate(s, m_cat).phases.at(0).step.dp_s;
    p.pretrain.state_precision = StatePrecision::MegatronBf16;
    const double fp32 = evaluate(s, m_cat).phases.at(0).step.dp_s;
    QVERIFY(bf16 > 0);
    QCOMPARE_REL(fp32, 2 * bf16, 0.01);
}

QTEST_GUILESS_MAIN(TestMemory)
#include "tst_memory.moc"
