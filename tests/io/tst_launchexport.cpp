// Export of a plan as launch settings (model/io/launchexport.cpp, issue 18): Megatron-LM
// arguments read back by the Megatron importer reproduce the phase's layout, batch and shape
// exactly; the header names the plan and what Costlab predicts; what Megatron cannot say is
// noted; a hostile plan name stays inside its comment.
#include "engine.h"
#include "import.h"
#include "launchexport.h"
#include "modelarch.h"
#include "registry.h"
#include "testutil.h"

#include <QtTest>

using namespace costlab;

namespace {

/// `s` exported (phase 0), imported and applied onto a fresh plan: the phase as read back.
Phase roundTrip(const Scenario& s, LaunchExport* out = nullptr, int phase = 0)
{
    const Estimate est = evaluate(s, test::defaultCatalog());
    const LaunchExport ex = exportMegatronArgs(s, est, phase, "9.9.9");
    if (out)
        *out = ex;
    if (!ex.ok())
        qFatal("export failed: %s", ex.error.c_str());
    const ConfigImport im = importMegatronArgs(ex.text);
    for (const std::string& e : im.errors)
        qWarning("import: %s", e.c_str());
    Scenario back = defaultScenario(std::array{PhaseKind::Pretrain});
    back.phases[0].model.from_shape = s.phases[std::size_t(phase)].model.from_shape;
    if (const std::string err = applyImport(back, 0, im); !err.empty())
        qWarning("apply: %s", err.c_str());
    return back.phases[0];
}

void compareLayout(const PretrainInputs& a, const PretrainInputs& b)
{
    QCOMPARE(b.tp, a.tp);
    QCOMPARE(b.pp, a.pp);
    QCOMPARE(b.vpp, a.vpp);
    QCOMPARE(b.cp, a.cp);
    QCOMPARE(b.ep, a.ep);
    QCOMPARE(b.etp, a.etp);
    if (a.tp > 1) // Megatron has no sequence parallelism at TP 1 (nor does the importer)
        QCOMPARE(b.sequence_parallel, a.sequence_parallel);
    QCOMPARE(b.overlap_dp, a.overlap_dp);
    QCOMPARE(b.overlap_tp, a.overlap_tp);
    QCOMPARE(b.zero_stage, a.zero_stage);
    QVERIFY(b.recompute == a.recompute);
    QVERIFY(b.precision == a.precision);
    QCOMPARE(b.flash_attention, a.flash_attention);
    QCOMPARE(b.micro_batch, a.micro_batch);
    QCOMPARE(b.seq_len, a.seq_len);
    QCOMPARE(b.global_batch_tokens, a.global_batch_tokens);
    // Tokens come back as whole iterations: at least the plan's, less than one step more.
    QVERIFY2(b.tokens >= a.tokens - 1 && b.tokens < a.tokens + a.global_batch_tokens,
             QByteArray::number(b.tokens) + " vs " + QByteArray::number(a.tokens));
}

void compareShape(const ModelArch& a, const ModelArch& b)
{
    QCOMPARE(b.layers, a.layers);
    QCOMPARE(b.hidden, a.hidden);
    QCOMPARE(b.heads, a.heads);
    QCOMPARE(b.kv_heads, a.kv_heads);
    QCOMPARE(b.ffn, a.ffn);
    QCOMPARE(b.gated_mlp, a.gated_mlp);
    QCOMPARE(b.tied_embeddings, a.tied_embeddings);
    QCOMPARE(b.vocab, a.vocab);
    QCOMPARE(b.experts, a.experts);
    QCOMPARE(b.top_k, a.top_k);
    QCOMPARE(b.shared_experts, a.shared_experts);
    QCOMPARE(b.moe_layer_fraction, a.experts > 0 ? a.moe_layer_fraction : 1.0);
    QCOMPARE(b.dense_ffn, a.experts > 0 ? a.dense_ffn : 0.0);
    QCOMPARE(b.kv_lora_rank, a.kv_lora_rank);
    QCOMPARE(b.q_lora_rank, a.q_lora_rank);
    QCOMPARE(b.qk_rope_head_dim, a.qk_rope_head_dim);
    QCOMPARE(b.qk_nope_head_dim, a.qk_nope_head_dim);
    QCOMPARE(b.v_head_dim, a.v_head_dim);
    QCOMPARE(paramCounts(b).total, paramCounts(a).total);
}

bool hasLine(const std::string& text, const std::string& line)
{
    return ("\n" + text).find("\n" + line) != std::string::npos;
}

} // namespace

class TestLaunchExport : public QObject {
    Q_OBJECT
private slots:
    void shippedPlansRoundTrip_data();
    void shippedPlansRoundTrip();
    void everyLayoutSwitchRoundTrips_data();
    void everyLayoutSwitchRoundTrips();
    void moeShapeRoundTrips();
    void deepSeekShapeRoundTrips();
    void chunkGroupRoundTrips();
    void targetSizedPlanExportsItsCount();
    void iterationsAreTokensOverTheBatch();
    void headerSaysWhatCostlabPredicts();
    void whatMegatronCannotSayIsNoted();
    void statePrecisionRoundTrips();
    void hostileNameStaysAComment();
    void wrongPhaseIsRefused();
    void megatronFsdpAndAttentionBackendImport();
};

void TestLaunchExport::shippedPlansRoundTrip_data()
{
    QTest::addColumn<QString>("example");
    QTest::newRow("llama3-8b") << "llama3-8b-pretrain-h100";
    QTest::newRow("llama2-70b") << "llama2-70b-pretrain-a100";
    QTest::newRow("route-a") << "route-a-bigger-pretrain";
}

void TestLaunchExport::shippedPlansRoundTrip()
{
    QFETCH(QString, example);
    const Scenario s = test::example(example.toUtf8().constData());
    QVERIFY(s.phases[0].kind == PhaseKind::Pretrain);
    const Phase back = roundTrip(s);
    compareLayout(s.phases[0].pretrain, back.pretrain);
    if (s.phases[0].model.from_shape)
        compareShape(s.phases[0].model, back.model);
}

void TestLaunchExport::everyLayoutSwitchRoundTrips_data()
{
    QTest::addColumn<int>("variant");
    for (int v = 0; v < 8; ++v)
        QTest::newRow(QByteArray::number(v).constData()) << v;
}

void TestLaunchExport::everyLayoutSwitchRoundTrips()
{
    QFETCH(int, variant);
    Scenario s = test::example("llama3-8b-pretrain-h100");
    PretrainInputs& in = s.phases[0].pretrain;
    in.tp = variant % 2 ? 4 : 2;
    in.pp = variant >= 4 ? 4 : 1;
    in.vpp = variant >= 4 ? 2 : 1;
    in.cp = variant == 3 ? 2 : 1;
    in.zero_stage = variant % 4;
    in.recompute = variant % 3 == 0   ? Recompute::None
                   : variant % 3 == 1 ? Recompute::Selective
                                      : Recompute::Full;
    in.precision = variant % 2 ? TrainPrecision::FP8 : TrainPrecision::BF16;
    in.flash_attention = variant != 5;
    in.overlap_dp = variant != 6;
    in.overlap_tp = variant == 7;
    in.sequence_parallel = variant != 2;
    in.micro_batch = 1 + variant % 3;
    compareLayout(in, roundTrip(s).pretrain);
}

void TestLaunchExport::moeShapeRoundTrips()
{
    // A Mixtral-like shape with one shared expert, trained with EP 8 (DeepSeek-style).
    Scenario s = test::example("llama3-8b-pretrain-h100");
    ModelArch& m = s.phases[0].model;
    m.experts = 8;
    m.top_k = 2;
    m.shared_experts = 1;
    m.ffn = 14336;
    m.capacity_factor = 1.25; // written with --moe-pad-expert-input-to-capacity, read back
    s.phases[0].pretrain.ep = 8;
    s.phases[0].pretrain.etp = 1; // whole experts per GPU (MoE parallel folding)
    LaunchExport ex;
    const Phase back = roundTrip(s, &ex);
    compareShape(m, back.model);
    QCOMPARE(back.pretrain.ep, 8.0);
    QVERIFY(hasLine(ex.text, "--expert-tensor-parallel-size 1"));
    QCOMPARE(back.pretrain.etp, 1.0);
    QVERIFY(hasLine(ex.text, "--moe-expert-capacity-factor 1.25"));
    QCOMPARE(back.model.capacity_factor, 1.25);
}

void TestLaunchExport::deepSeekShapeRoundTrips()
{
    // DeepSeek-V3's shape: MLA (--multi-latent-attention and its ranks), 3 dense layers of
    // 18,432 before 58 MoE layers (--moe-layer-freq "([0]*3+[1]*58)"), 1 shared expert.
    Scenario s = test::example("llama3-8b-pretrain-h100");
    s.phases[0].model = findPreset("deepseek-v3")->arch;
    PretrainInputs& in = s.phases[0].pretrain;
    in.ep = 8;
    in.pp = 8;
    // What its report recomputes and keeps in FP8 (§3.2.3, §3.3.3), as Megatron-Core's
    // --recompute-modules list (core_attn, the default, first) and the FP8 input store.
    in.zero_stage = 1;
    in.recompute = Recompute::Selective;
    in.precision = TrainPrecision::FP8;
    in.recompute_norms = in.recompute_moe_act = in.recompute_mla_up = in.fp8_act_input = true;
    LaunchExport ex;
    const Phase back = roundTrip(s, &ex);
    QVERIFY2(hasLine(ex.text, "--moe-layer-freq \"([0]*3+[1]*58)\""), ex.text.c_str());
    QVERIFY(hasLine(ex.text, "--multi-latent-attention"));
    compareShape(s.phases[0].model, back.model);
    QCOMPARE_REL(paramCounts(back.model).total, 671e9, 0.005);
    QVERIFY2(hasLine(ex.text, "--recompute-modules core_attn layernorm moe_act mla_up_proj"),
             ex.text.c_str());
    QVERIFY(hasLine(ex.text, "--activation-func-fp8-input-store"));
    QVERIFY(back.pretrain.recompute_norms);
    QVERIFY(back.pretrain.recompute_moe_act);
    QVERIFY(back.pretrain.recompute_mla_up);
    QVERIFY(back.pretrain.fp8_act_input);
    // Without the modules nothing is written and the import reads Megatron's defaults.
    in.recompute_norms = in.recompute_moe_act = in.recompute_mla_up = in.fp8_act_input = false;
    const Phase plain = roundTrip(s, &ex);
    QVERIFY(ex.text.find("--recompute-modules") == std::string::npos);
    QVERIFY(!plain.pretrain.recompute_norms && !plain.pretrain.recompute_mla_up);
    QVERIFY(!plain.pretrain.fp8_act_input);
}

void TestLaunchExport::chunkGroupRoundTrips()
{
    // Interleaved 1F1B with Megatron-Core's micro-batch group N: written as
    // --microbatch-group-size-per-virtual-pipeline-stage and read back; below PP (Llama 3's
    // own N = 5 at PP 16, §3.3.2) the export notes that Megatron-Core refuses it.
    Scenario s = test::example("llama3-8b-pretrain-h100");
    PretrainInputs& in = s.phases[0].pretrain;
    in.tp = 2;
    in.pp = 4;
    in.vpp = 2;
    in.pp_group = 8;
    LaunchExport ex;
    QCOMPARE(roundTrip(s, &ex).pretrain.pp_group, 8.0);
    QVERIFY(hasLine(ex.text, "--microbatch-group-size-per-virtual-pipeline-stage 8"));
    QVERIFY(ex.text.find("refuses a micro-batch group") == std::string::npos);
    in.pp_group = 3;
    QCOMPARE(roundTrip(s, &ex).pretrain.pp_group, 3.0);
    QVERIFY2(ex.text.find("Megatron-Core refuses a micro-batch group (3) below the pipeline "
                          "stages (4)") != std::string::npos,
             ex.text.c_str());
    in.pp_group = 0; // Megatron's default (= PP): nothing written, 0 read back
    QCOMPARE(roundTrip(s, &ex).pretrain.pp_group, 0.0);
    QVERIFY(ex.text.find("--microbatch-group-size") == std::string::npos);
}

void TestLaunchExport::iterationsAreTokensOverTheBatch()
{
    // Llama 3 8B example: 15e12 tokens at 2,048 sequences × 8,192 tokens per step
    // = 894,069.67 steps, written as 894,070 (hand calculation).
    const Scenario s = test::example("llama3-8b-pretrain-h100");
    const LaunchExport ex = exportMegatronArgs(s, evaluate(s, test::defaultCatalog()), 0, "9.9.9");
    QVERIFY(ex.ok());
    QVERIFY2(hasLine(ex.text, "--train-iters 894070"), ex.text.c_str());
    QVERIFY(hasLine(ex.text, "--global-batch-size 2048"));
    QVERIFY(hasLine(ex.text, "--seq-length 8192"));
}

void TestLaunchExport::headerSaysWhatCostlabPredicts()
{
    const Scenario s = test::example("llama2-70b-pretrain-a100");
    const Estimate est = evaluate(s, test::defaultCatalog());
    const LaunchExport ex = exportMegatronArgs(s, est, 0, "9.9.9");
    QVERIFY(ex.ok());
    const QString text = QString::fromStdString(ex.text);
    QVERIFY(
        text.startsWith("# Megatron-LM arguments for plan \"" + QString::fromStdString(s.name)));
    QVERIFY(text.contains("Costlab 9.9.9"));
    // The figures are the estimate's, rounded as written: step time to 0.01 s.
    QVERIFY2(
        text.contains("step time " + QString::number(est.phases[0].step.total_s, 'f', 2) + " s"),
        ex.text.c_str());
    QVERIFY(text.contains("2,048 GPUs = TP 8 x PP 4 x CP 1 x DP 64")); // 2048 / (8·4)
    QVERIFY(text.contains("GiB usable"));
    // Every header line is a comment; the rest are flags.
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts))
        QVERIFY2(line.startsWith("# ") || line == "#" || line.startsWith("--"),
                 line.toUtf8().constData());
}

void TestLaunchExport::whatMegatronCannotSayIsNoted()
{
    Scenario s = test::example("llama3-8b-pretrain-h100");
    PretrainInputs& in = s.phases[0].pretrain;
    in.global_batch_tokens = 16.8e6; // 2,050.78 sequences of 8,192
    in.long_seq_len = 131072;
    in.long_tokens = 800e9;
    in.long_cp = 8; // 128 sequences of 131,072 per step: DP 1,024 at CP 1 could not run them
    s.phases[0].model.from_shape = false;
    LaunchExport ex;
    const Phase back = roundTrip(s, &ex);
    QCOMPARE(int(ex.notes.size()), 4);
    // The plan counts training state the ZeRO paper's way; Megatron's --bf16 keeps FP32
    // gradients (2 B/param more), which the export says rather than changing the numerics.
    QVERIFY(QString::fromStdString(ex.text).contains("FP32 gradient buffer: 2 B/param more"));
    QVERIFY(QString::fromStdString(ex.text).contains("written as 2051"));
    QVERIFY(QString::fromStdString(ex.text).contains("long-context stage"));
    // The second run's own layout is in its note.
    QVERIFY(QString::fromStdString(ex.text).contains("set --seq-length 131072,"));
    QVERIFY(QString::fromStdString(ex.text).contains("--context-parallel-size 8\n"));
    QVERIFY(QString::fromStdString(ex.text).contains("parameter count, not a shape"));
    QVERIFY(!hasLine(ex.text, "--num-layers"));
    QCOMPARE(back.pretrain.global_batch_tokens, 2051.0 * 8192);
    QCOMPARE(back.pretrain.tp, in.tp);
}

void TestLaunchExport::statePrecisionRoundTrips()
{
    // Megatron-Core BF16 (FP32 gradient buffer) is plain --bf16; FP16 with its FP32 gradient
    // copy is --fp16. Both come back as they went out, and neither needs a note.
    for (const StatePrecision sp : {StatePrecision::MegatronBf16, StatePrecision::Fp16Fp32Copy}) {
        Scenario s = test::example("llama3-8b-pretrain-h100");
        s.phases[0].pretrain.state_precision = sp;
        LaunchExport ex;
        const Phase back = roundTrip(s, &ex);
        QVERIFY(hasLine(ex.text, sp == StatePrecision::Fp16Fp32Copy ? "--fp16" : "--bf16"));
        QVERIFY(back.pretrain.state_precision == sp);
        QVERIFY(!QString::fromStdString(ex.text).contains("FP32 gradient buffer: 2 B/param"));
    }
}

void TestLaunchExport::hostileNameStaysAComment()
{
    Scenario s = test::example("llama3-8b-pretrain-h100");
    s.name = "x\n--tensor-model-parallel-size 8 \\\n\x1b[2J";
    s.phases[0].name = "y\r\n--pipeline-model-parallel-size 8";
    LaunchExport ex;
    const Phase back = roundTrip(s, &ex);
    QCOMPARE(back.pretrain.tp, s.phases[0].pretrain.tp);
    QCOMPARE(back.pretrain.pp, s.phases[0].pretrain.pp);
    QVERIFY(ex.text.find('\x1b') == std::string::npos);
    QVERIFY(ex.text.find('\r') == std::string::npos);
}

void TestLaunchExport::wrongPhaseIsRefused()
{
    const Scenario s = test::example("route-b-small-base-heavy-rl");
    const Estimate est = evaluate(s, test::defaultCatalog());
    int rl = -1;
    for (int i = 0; i < int(s.phases.size()); ++i)
        if (s.phases[std::size_t(i)].kind == PhaseKind::RlPosttrain)
            rl = i;
    QVERIFY(rl >= 0);
    const LaunchExport ex = exportMegatronArgs(s, est, rl, "9.9.9");
    QVERIFY(!ex.ok());
    QVERIFY(ex.text.empty());
    QVERIFY2(QString::fromStdString(ex.error).contains("not a pre-training phase"),
             ex.error.c_str());
    QVERIFY(!exportMegatronArgs(s, est, int(s.phases.size()), "9.9.9").ok());
    QVERIFY(!exportMegatronArgs(s, est, -1, "9.9.9").ok());
    // Issue 44: a plan the engine refuses ("0 GPUs = … DP 1024") was exported all the same.
    Scenario bad = test::example("llama3-8b-pretrain-h100");
    bad.phases[0].pretrain.tp = 3; // does not divide the GPUs
    const Estimate refused = evaluate(bad, test::defaultCatalog());
    QVERIFY(!refused.ok);
    const LaunchExport none = exportMegatronArgs(bad, refused, 0, "9.9.9");
    QVERIFY(!none.ok());
    QVERIFY(none.text.empty());
    QVERIFY2(QString::fromStdString(none.error).contains("cannot be evaluated"),
             none.error.c_str());
}

void TestLaunchExport::megatronFsdpAndAttentionBackendImport()
{
    struct Case {
        const char* args;
        double zero;
        bool flash;
    };
    // Megatron-LM docs (Megatron FSDP): optim / optim_grads / optim_grads_params are
    // ZeRO-1/2/3; --use-custom-fsdp is the flag's earlier name.
    const Case cases[] = {
        {"--use-megatron-fsdp --data-parallel-sharding-strategy optim_grads_params "
         "--use-distributed-optimizer --attention-backend fused",
         3, true},
        {"--use-custom-fsdp --data-parallel-sharding-strategy optim_grads", 2, true},
        {"--use-megatron-fsdp --data-parallel-sharding-strategy optim", 1, true},
        {"--use-distributed-optimizer --attention-backend unfused", 1, false},
        {"--data-parallel-sharding-strategy optim_grads_params --micro-batch-size 1", 0, true},
    };
    for (const Case& c : cases) {
        // --micro-batch-size: the importer wants one of the flags every launch has.
        const ConfigImport im = importMegatronArgs(std::string(c.args) + " --micro-batch-size 1");
        QVERIFY2(im.ok(), im.ok() ? c.args : im.errors.front().c_str());
        Scenario s = defaultScenario(std::array{PhaseKind::Pretrain});
        QVERIFY(applyImport(s, 0, im).empty());
        QCOMPARE(s.phases[0].pretrain.zero_stage, c.zero);
        QCOMPARE(s.phases[0].pretrain.flash_attention, c.flash);
        for (const ImportNote& n : im.notes)
            if (n.key == "--use-megatron-fsdp" || n.key == "--use-custom-fsdp")
                QVERIFY(n.kind == ImportNote::Kind::Read);
    }
}

void TestLaunchExport::targetSizedPlanExportsItsCount()
{
    // Issue 46: a phase sized by a target is launched for the count its target set, not the
    // count typed before the target (15T tokens here): the export of the target-sized plan is
    // the export of the plan with those tokens typed in, flag for flag.
    Scenario s = test::example("llama3-8b-pretrain-h100");
    s.phases.at(0).pretrain.target_loss = 2.1;
    const Estimate est = evaluate(s, test::defaultCatalog());
    const double sized = est.phases.at(0).target.amount;
    QVERIFY(sized > 1e11 && sized < 1e12); // 4.98e11 by hand (tst_target)
    Scenario typed = test::example("llama3-8b-pretrain-h100");
    typed.phases.at(0).pretrain.tokens = sized;
    const LaunchExport a = exportMegatronArgs(s, est, 0, "9.9.9");
    const LaunchExport b =
        exportMegatronArgs(typed, evaluate(typed, test::defaultCatalog()), 0, "9.9.9");
    QVERIFY(a.ok() && b.ok());
    auto iters = [](const std::string& text) {
        const auto at = text.find("--train-iters ");
        return at == std::string::npos ? std::string() : text.substr(at, text.find('\n', at) - at);
    };
    QCOMPARE(QString::fromStdString(iters(a.text)), QString::fromStdString(iters(b.text)));
    QVERIFY(!iters(a.text).empty());
}

QTEST_APPLESS_MAIN(TestLaunchExport)
#include "tst_launchexport.moc"
