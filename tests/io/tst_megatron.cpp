// Megatron-LM launch arguments import (model/io/megatronargs.cpp, issue 18): shell variables,
// arrays and ${NAME:-default} resolved; layout and batch flags mapped with Megatron's
// defaults for absent ones; the shape read when --num-layers is given; broken arguments
// refused with the flag's line. Public example scripts of NVIDIA/Megatron-LM are in
// tests/data/megatron/ (SOURCES.md) when present.
#include "import.h"
#include "modelarch.h"
#include "registry.h"
#include "shellwords.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace costlab;

namespace {

Scenario plan()
{
    return defaultScenario(std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain});
}

Phase applied(const std::string& script, ConfigImport* out = nullptr)
{
    const ConfigImport im = importMegatronArgs(script);
    if (out)
        *out = im;
    Scenario s = plan();
    const std::string err = applyImport(s, 0, im);
    if (!err.empty())
        qWarning("%s", err.c_str());
    return s.phases[0];
}

const ImportNote* noteOf(const ConfigImport& im, const std::string& key)
{
    for (const ImportNote& n : im.notes)
        if (n.key == key)
            return &n;
    return nullptr;
}

// Llama-3-8B-shaped launch in the style of Megatron-LM's examples: variables with defaults,
// a bash array of model flags, a quoted flag string, continuation lines.
const char* kScript = "#!/bin/bash\n"
                      "# Llama 3 8B on 8 GPUs\n"
                      "GPUS_PER_NODE=8\n"
                      "TP=${TP:-4}\n"
                      "PP=2\n"
                      "MODEL_ARGS=(\n"
                      "    --num-layers 32\n"
                      "    --hidden-size 4096\n"
                      "    --num-attention-heads 32\n"
                      "    --group-query-attention --num-query-groups 8\n"
                      "    --ffn-hidden-size 14336\n"
                      "    --seq-length 8192\n"
                      "    --swiglu --untie-embeddings-and-output-weights\n"
                      ")\n"
                      "TRAIN=\"--micro-batch-size 1 --global-batch-size 1024 --train-iters 1000 "
                      "--bf16 --use-distributed-optimizer --overlap-grad-reduce\"\n"
                      "torchrun --nproc_per_node $GPUS_PER_NODE pretrain_gpt.py \\\n"
                      "    ${MODEL_ARGS[@]} $TRAIN \\\n"
                      "    --tensor-model-parallel-size $TP \\\n"
                      "    --pipeline-model-parallel-size $PP \\\n"
                      "    --data-path $DATA_PATH --lr 3e-4\n";

} // namespace

class TestMegatron : public QObject {
    Q_OBJECT
private slots:
    void scriptWithVariablesAndArrays();
    void absentFlagsTakeMegatronDefaults();
    void virtualStagesAndRecompute();
    void moeLayerPatterns();
    void unresolvedValueIsListed();
    void brokenArgumentsChangeNothing_data();
    void brokenArgumentsChangeNothing();
    void onlyPretrainingPhases();
    void expansionBombIsRefused();
    void importValuesAreCheckedOneWay();
    void launcherGpuCount_data();
    void launcherGpuCount();
    void publicScripts_data();
    void publicScripts();
};

void TestMegatron::scriptWithVariablesAndArrays()
{
    ConfigImport im;
    const Phase p = applied(kScript, &im);
    QVERIFY2(im.ok(), im.errors.empty() ? "" : im.errors.front().c_str());
    QCOMPARE(p.pretrain.tp, 4.0); // ${TP:-4}
    QCOMPARE(p.pretrain.pp, 2.0);
    QCOMPARE(p.pretrain.micro_batch, 1.0);
    QCOMPARE(p.pretrain.seq_len, 8192.0);
    QCOMPARE(p.pretrain.global_batch_tokens, 1024.0 * 8192); // sequences × length
    QCOMPARE(p.pretrain.tokens, 1000.0 * 1024 * 8192);       // iterations × batch
    QCOMPARE(p.pretrain.zero_stage, 1.0);                    // distributed optimizer
    QVERIFY(p.pretrain.overlap_dp);
    QVERIFY(p.pretrain.precision == TrainPrecision::BF16);
    // --bf16 without --grad-reduce-in-bf16: Megatron's FP32 gradient buffer, 18 B/param.
    QVERIFY(p.pretrain.state_precision == StatePrecision::MegatronBf16);
    QCOMPARE(p.model.layers, 32.0);
    QCOMPARE(p.model.kv_heads, 8.0);
    QVERIFY(p.model.gated_mlp);
    QVERIFY(!p.model.tied_embeddings);
    // Llama 3 8B's shape with the plan's 128256 vocabulary: 8.03 B (model card).
    QVERIFY(std::abs(paramCounts(p.model).total / 8.03e9 - 1) < 0.005);
    // Flags Costlab does not use are listed, with their line.
    const ImportNote* lr = noteOf(im, "--lr");
    QVERIFY(lr && lr->kind == ImportNote::Kind::Ignored);
    QCOMPARE(QString::fromStdString(lr->line), QStringLiteral("line 20"));
    QCOMPARE(QString::fromStdString(noteOf(im, "--num-layers")->line), QStringLiteral("line 7"));
}

void TestMegatron::absentFlagsTakeMegatronDefaults()
{
    // Only a layout: Megatron runs without SP, overlap, distributed optimizer or recompute.
    Scenario s = plan();
    s.phases[0].pretrain.sequence_parallel = true;
    s.phases[0].pretrain.recompute = Recompute::Full;
    s.phases[0].pretrain.pp = 8;
    const ConfigImport im =
        importMegatronArgs("--tensor-model-parallel-size 8 --micro-batch-size 2");
    QVERIFY(im.ok());
    QVERIFY(applyImport(s, 0, im).empty());
    const PretrainInputs& p = s.phases[0].pretrain;
    QCOMPARE(p.tp, 8.0);
    QCOMPARE(p.pp, 1.0);
    QCOMPARE(p.zero_stage, 0.0);
    QVERIFY(!p.sequence_parallel);
    QVERIFY(!p.overlap_dp);
    QVERIFY(p.recompute == Recompute::None);
    // Megatron-FSDP with weights sharded: ZeRO-3 gathered the Megatron-FSDP way, whatever the
    // plan's framework was.
    s.phases[0].pretrain.sharded_dp = ShardedDp::DeepSpeed;
    const ConfigImport fsdp = importMegatronArgs(
        "--micro-batch-size 1 --use-megatron-fsdp --data-parallel-sharding-strategy "
        "optim_grads_params");
    QVERIFY2(fsdp.ok(), fsdp.ok() ? "" : fsdp.errors.front().c_str());
    QVERIFY(applyImport(s, 0, fsdp).empty());
    QCOMPARE(s.phases[0].pretrain.zero_stage, 3.0);
    QVERIFY(s.phases[0].pretrain.sharded_dp == ShardedDp::MegatronFsdp);
    // No --num-layers: the shape is the plan's.
    QCOMPARE(s.phases[0].model.layers, plan().phases[0].model.layers);
}

void TestMegatron::virtualStagesAndRecompute()
{
    const Phase p = applied("--num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                            "--pipeline-model-parallel-size 4 "
                            "--num-layers-per-virtual-pipeline-stage 2 "
                            "--recompute-granularity full --recompute-method uniform --fp8-format "
                            "hybrid --micro-batch-size 1");
    QCOMPARE(p.pretrain.vpp, 4.0); // 32 layers ÷ (4 stages × 2 layers per virtual stage)
    QVERIFY(p.pretrain.recompute == Recompute::Full);
    QVERIFY(p.pretrain.precision == TrainPrecision::FP8);
    // Megatron's shape defaults: FFN 4·h, plain MLP, tied embeddings, no GQA.
    QCOMPARE(p.model.ffn, 4.0 * 4096);
    QVERIFY(!p.model.gated_mlp);
    QVERIFY(p.model.tied_embeddings);
    QCOMPARE(p.model.kv_heads, 32.0);
}

void TestMegatron::moeLayerPatterns()
{
    // --moe-layer-freq as Megatron's scripts write it (arguments.py: an integer N or a Python
    // list expression), MoE share by hand.
    const std::pair<const char*, double> cases[] = {
        {"\"([0]*3+[1]*58)\"", 58.0 / 61}, // DeepSeek-V3: first 3 dense
        {"'[0]+[1]*92'", 92.0 / 93},       // one dense layer, then 92 MoE
        {"\"[0]*1+[1]*13\"", 13.0 / 14},   // without parentheses
        {"\"([1]*3+[0]*1)*3\"", 9.0 / 12}, // arguments.py's own example
        {"\"[1,0,1,0]\"", 0.5},            // an explicit list
        {"2", 0.5},                        // every second layer
    };
    for (const auto& [pattern, share] : cases) {
        const Phase p = applied(std::string("--num-layers 12 --hidden-size 1024 "
                                            "--num-attention-heads 8 --num-experts 8 "
                                            "--moe-router-topk 2 --micro-batch-size 1 "
                                            "--moe-layer-freq ") +
                                pattern);
        QVERIFY2(std::abs(p.model.moe_layer_fraction - share) < 1e-12, pattern);
    }
    // A pattern Costlab does not read is listed as approximated, every layer counted as MoE.
    ConfigImport im;
    const Phase p = applied("--num-layers 12 --hidden-size 1024 --num-attention-heads 8 "
                            "--num-experts 8 --micro-batch-size 1 --moe-layer-freq "
                            "\"[i%2 for i in range(12)]\"",
                            &im);
    QVERIFY(im.ok());
    QCOMPARE(p.model.moe_layer_fraction, 1.0);
    QVERIFY(noteOf(im, "--moe-layer-freq")->kind == ImportNote::Kind::Approximated);
    // Expert capacity: dropless when absent; read with --moe-pad-expert-input-to-capacity,
    // approximated (counted as padded, an upper bound) without it.
    const std::string moe = "--num-layers 12 --hidden-size 1024 --num-attention-heads 8 "
                            "--num-experts 8 --moe-router-topk 2 --micro-batch-size 1";
    QCOMPARE(applied(moe).model.capacity_factor, 0.0);
    ConfigImport padded;
    QCOMPARE(applied(moe + " --moe-expert-capacity-factor 1.25 --moe-pad-expert-input-to-capacity",
                     &padded)
                 .model.capacity_factor,
             1.25);
    QVERIFY(noteOf(padded, "--moe-expert-capacity-factor")->kind == ImportNote::Kind::Read);
    ConfigImport unpadded;
    QCOMPARE(applied(moe + " --moe-expert-capacity-factor 1.5", &unpadded).model.capacity_factor,
             1.5);
    QVERIFY(noteOf(unpadded, "--moe-expert-capacity-factor")->kind ==
            ImportNote::Kind::Approximated);
}

void TestMegatron::unresolvedValueIsListed()
{
    ConfigImport im;
    const Phase p = applied("--tensor-model-parallel-size $1 --micro-batch-size 1", &im);
    QVERIFY(im.ok());
    const ImportNote* n = noteOf(im, "--tensor-model-parallel-size");
    QVERIFY(n && n->kind == ImportNote::Kind::Ignored);
    QCOMPARE(p.pretrain.tp, plan().phases[0].pretrain.tp); // left as it was
}

void TestMegatron::brokenArgumentsChangeNothing_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expect");
    QTest::newRow("no flags") << QStringLiteral("echo hello\n") << "no Megatron-LM arguments";
    QTest::newRow("not a number") << QStringLiteral("python x.py \\\n --micro-batch-size abc\n")
                                  << "--micro-batch-size (line 2)";
    QTest::newRow("out of range") << QStringLiteral("--tensor-model-parallel-size 100")
                                  << "--tensor-model-parallel-size (line 1)";
}

void TestMegatron::brokenArgumentsChangeNothing()
{
    QFETCH(QString, text);
    QFETCH(QString, expect);
    const ConfigImport im = importMegatronArgs(text.toStdString());
    QVERIFY(!im.ok());
    QVERIFY(im.settings.empty());
    QVERIFY2(QString::fromStdString(im.errors.front()).contains(expect), im.errors.front().c_str());
    Scenario s = plan();
    const Scenario before = s;
    QVERIFY(!applyImport(s, 0, im).empty());
    QCOMPARE(s.phases[0].pretrain.tp, before.phases[0].pretrain.tp);
}

void TestMegatron::onlyPretrainingPhases()
{
    const ConfigImport im = importConfig("--tensor-model-parallel-size 2"); // not JSON: Megatron
    QCOMPARE(QString::fromStdString(im.format), QStringLiteral("megatron"));
    QCOMPARE(im.phase_kinds, kPretrainBit);
    Scenario s = plan();
    QVERIFY(!applyImport(s, 1, im).empty()); // an RL phase has no TP of this kind
    QVERIFY(applyImport(s, 0, im).empty());
}

// Issue 44: 279 bytes whose variables double each line took 73 s and 1.75 GB to import.
// Expansion stops at its budget with a clear error, in every reader of launch scripts; 40
// doublings would be 2^40 bytes (a terabyte) without it.
void TestMegatron::expansionBombIsRefused()
{
    std::string bomb = "A=xxxxxxxx\n";
    for (int i = 0; i < 40; ++i)
        bomb += "A=\"$A$A\"\n";
    bomb += "torchrun pretrain_gpt.py --num-layers 2 --micro-batch-size $A\n";
    std::string err;
    QVERIFY(shellWords(bomb, &err).empty());
    QVERIFY2(err.find("16 MiB") != std::string::npos, err.c_str());
    for (const ConfigImport& im :
         {importMegatronArgs(bomb), importOpenRlhfArgs(bomb + " --actor_num_gpus_per_node 8\n"),
          importVerlConfig(bomb + "python3 -m verl.trainer.main_ppo data.train_batch_size=$A\n"),
          importConfig(bomb)}) {
        QVERIFY(!im.ok());
        QVERIFY2(im.errors.front().find("expand") != std::string::npos, im.errors.front().c_str());
    }
    // An ordinary script far below the budget is untouched.
    QCOMPARE(shellWords("A=1\nrun --x $A --y $A\n"),
             (std::vector<std::string>{"run", "--x", "1", "--y", "1"}));
}

// Issue 43: the three launch-script readers each skipped an unknown choice id silently;
// one check now says why a value is refused (the choice ids the input lists, the range).
void TestMegatron::importValuesAreCheckedOneWay()
{
    const ParamDef* recompute = findDef("recompute", kPretrainBit);
    QVERIFY(recompute);
    QVERIFY(importValueError(*recompute, "selective").empty());
    const std::string unknown = importValueError(*recompute, "block");
    QVERIFY2(unknown.find("none, selective, full") != std::string::npos, unknown.c_str());
    const ParamDef* sp = findDef("sequence_parallel", kPretrainBit);
    QVERIFY(sp);
    for (const char* ok : {"true", "false", "1", "0"})
        QVERIFY2(importValueError(*sp, ok).empty(), ok);
    QVERIFY(!importValueError(*sp, "maybe").empty());
    const ParamDef* tp = findDef("tp", kPretrainBit);
    QVERIFY(tp);
    QVERIFY(!importValueError(*tp, "0").empty()); // below the range
    QVERIFY(!importSizeError(std::string(kMaxImportBytes + 1, ' ')).empty());
    QVERIFY(importSizeError("--num-layers 2").empty());
}

// Issue 44: the GPU count of the launch, --nnodes × --nproc_per_node as torchrun reads them
// (both spellings; an elastic MIN:MAX range costs its top; torchrun's default is one node).
// A launcher that does not give the count keeps the plan's (plan() holds 1,024 GPUs).
void TestMegatron::launcherGpuCount_data()
{
    QTest::addColumn<QString>("launcher");
    QTest::addColumn<double>("gpus");
    QTest::newRow("underscore") << "torchrun --nproc_per_node 8 --nnodes 4" << 32.0;
    QTest::newRow("dash_equals") << "torchrun --nproc-per-node=8 --nnodes=2" << 16.0;
    QTest::newRow("variables") << "N=16\nG=8\ntorchrun --nproc_per_node $G --nnodes $N" << 128.0;
    QTest::newRow("one_node_default") << "torchrun --nproc_per_node 4" << 4.0;
    QTest::newRow("elastic_range") << "torchrun --nproc_per_node 8 --nnodes 2:6" << 48.0;
    QTest::newRow("per_node_gpu_keyword") << "torchrun --nproc_per_node gpu --nnodes 2" << 1024.0;
    QTest::newRow("no_launcher") << "python pretrain_gpt.py" << 1024.0;
    QTest::newRow("from_outside") << "torchrun --nproc_per_node $GPUS --nnodes 2" << 1024.0;
}

void TestMegatron::launcherGpuCount()
{
    QFETCH(QString, launcher);
    QFETCH(double, gpus);
    const std::string script = launcher.toStdString() +
                               " pretrain_gpt.py --tensor-model-parallel-size 2 "
                               "--num-layers 32 --micro-batch-size 1\n";
    ConfigImport im;
    const Phase p = applied(script, &im);
    QVERIFY2(im.ok(), im.errors.empty() ? "" : im.errors.front().c_str());
    QCOMPARE(p.gpus, gpus);
}

// Unmodified example scripts of NVIDIA/Megatron-LM (tests/data/megatron/SOURCES.md); the
// expected values are read off each script by hand (its variables resolved).
void TestMegatron::publicScripts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QList<double>>("layout"); // TP, PP, CP, EP, micro-batch
    QTest::addColumn<QList<double>>("shape");  // layers, hidden, heads, KV heads, experts, top-k
    QTest::addColumn<double>("batchTokens");   // global batch × sequence length
    QTest::addColumn<bool>("sp");
    QTest::addColumn<double>("zero");
    // Training-state precision: --fp16 keeps an FP32 gradient copy (20 B/param with AdamW);
    // --bf16 an FP32 gradient buffer (18 B) unless --grad-reduce-in-bf16 (16 B, the ZeRO
    // paper's count) — megatron/training/arguments.py and the distributed-optimizer guide.
    QTest::addColumn<int>("state");
    // GPUs: torchrun's --nnodes × --nproc_per_node (issue 44: once ignored).
    QTest::addColumn<double>("gpus");
    // GPT-3 175B: TP 8, PP 16, 96 × 12288, 96 heads, seq 2048, global batch 1536, fp16.
    QTest::newRow("gpt3-175b") << "train_gpt3_175b_distributed.sh" << QList<double>{8, 16, 1, 1, 1}
                               << QList<double>{96, 12288, 96, 96, 0, 0} << 1536.0 * 2048 << false
                               << 0.0 << int(StatePrecision::Fp16Fp32Copy) << 8.0;
    // Llama 3 8B FP8: TP_SIZE=1, CP_SIZE=1, PP commented out, --sequence-parallel (which
    // Megatron turns off at TP 1), GQA 8, seq 8192, global batch 128, distributed optimizer.
    QTest::newRow("llama3-8b-fp8")
        << "train_llama3_8b_h100_fp8.sh" << QList<double>{1, 1, 1, 1, 1}
        << QList<double>{32, 4096, 32, 8, 0, 0} << 128.0 * 8192 << false << 1.0
        << int(StatePrecision::ZeroPaper) // --bf16 --grad-reduce-in-bf16
        << 8.0;                           // NUM_NODES=1, GPUS_PER_NODE=8
    // Mixtral 8x7B: TP 1 (so no SP), PP 4, EP 8, 8 experts top-2, GQA 8, seq 4096, global
    // batch 256.
    QTest::newRow("mixtral-8x7b") << "train_mixtral_8x7b_distributed.sh"
                                  << QList<double>{1, 4, 1, 8, 1}
                                  << QList<double>{32, 4096, 32, 8, 8, 2} << 256.0 * 4096 << false
                                  << 1.0 << int(StatePrecision::MegatronBf16)
                                  << 8.0; // NNODES=${SLURM_NNODES:-"1"}
}

void TestMegatron::publicScripts()
{
    QFETCH(QString, file);
    QFETCH(QList<double>, layout);
    QFETCH(QList<double>, shape);
    QFETCH(double, batchTokens);
    QFETCH(bool, sp);
    QFETCH(double, zero);
    QFETCH(int, state);
    QFETCH(double, gpus);
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/megatron/") + file);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
    ConfigImport im;
    const Phase p = applied(f.readAll().toStdString(), &im);
    QVERIFY2(im.ok(), im.errors.empty() ? "" : im.errors.front().c_str());
    QCOMPARE((QList<double>{p.pretrain.tp, p.pretrain.pp, p.pretrain.cp, p.pretrain.ep,
                            p.pretrain.micro_batch}),
             layout);
    QCOMPARE((QList<double>{p.model.layers, p.model.hidden, p.model.heads, p.model.kv_heads,
                            p.model.experts, p.model.top_k}),
             shape);
    QCOMPARE(p.pretrain.global_batch_tokens, batchTokens);
    QCOMPARE(p.pretrain.sequence_parallel, sp);
    QCOMPARE(p.pretrain.zero_stage, zero);
    QCOMPARE(int(p.pretrain.state_precision), state);
    QCOMPARE(p.gpus, gpus);
    for (const ImportNote& n : im.notes)
        QVERIFY2(!n.action.empty() && !n.line.empty(), n.key.c_str());
}

QTEST_APPLESS_MAIN(TestMegatron)
#include "tst_megatron.moc"
