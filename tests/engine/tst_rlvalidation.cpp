// RL step time against every published NVIDIA NeMo RL v0.4 GRPO row (issue 12): the
// performance summary at NVIDIA-NeMo/RL commit 06beed91 (docs/about/performance-summary.md,
// reference-data.md §3.2, [Q]) and the recipes that produced it at the same commit
// (examples/configs/recipes/llm/performance/*.yaml, defaults from
// examples/configs/grpo_math_1B.yaml). What the recipes say is used as it is: prompts per step
// × generations per prompt, maximum total sequence, the trainer's TP/PP/EP, activation
// checkpointing (full recompute), distributed optimizer (ZeRO-1), generation TP,
// colocated or split pools and vLLM gpu_memory_utilization (0.6 colocated default, 0.8 in
// the async recipes), the KL reference (reference_policy_kl_penalty 0.01), one step off
// (max_trajectory_age_steps 1). The mean generated length is the table's "G-Average Seq len".
// The mean prompt, 112 tokens, is derived from the table itself: tokens/s/GPU × step time ×
// GPUs ÷ generation batch is the mean trained sequence, and minus the mean generated length it
// leaves 98–136 tokens on nine rows (median 112; Qwen3-235B one step off gives 599 and is the
// one inconsistent row). Inputs no source gives are the same for every row and never tuned:
// response-length CV 0.8, a rule-based math verifier in the
// trainer process (no environment), micro-batch 1. Layout features the engine does not
// model for RL are approximated and named per row (context parallel).
//
// Target ±25 % per row (issue 12). Rows outside it are listed in kKnownMisses with why; the
// test holds them to the side they miss on and within their present bound, so a change that
// makes them worse fails, and one that brings them inside the target fails until the list
// is updated. docs/validation.md shows every row (regenerate with COSTLAB_UPDATE_VALIDATION=1).
#include "engine.h"
#include "modelarch.h"
#include "registry.h"
#include "testutil.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace costlab;

namespace {

struct NemoRow {
    const char* name;   ///< model and policy as in the table
    const char* preset; ///< modelarch preset of the model
    const char* recipe; ///< recipe file at 06beed91
    double gpus;        ///< "#-GPUs"
    bool async;         ///< one step off-policy
    double trainerGpus; ///< async: training pool (recipe: total minus generation resources)
    double prompts, generations, maxSeq, avgGen, genTp;
    double tp, pp, ep;
    double etp;      ///< expert tensor parallel; 0 = TP (the recipe sets none)
    bool recompute;  ///< activation_checkpointing
    double memUtil;  ///< vLLM gpu_memory_utilization
    double measured; ///< "Total Step time(s)"
    const char* approximation;
};

/// Mean prompt of the NeMo RL rows, tokens (derived from the table, see the header).
constexpr double kPromptTokens = 112;

// clang-format off
const NemoRow kRows[] = {
    {"Llama 3.1 8B, on-policy", "llama-3-8b", "grpo-llama3.1-8b-instruct-2n8g", 16, false, 16,
     64, 32, 4096, 1060, 1, 1, 2, 1, 0, true, 0.6, 97.7, ""},
    {"Llama 3.1 8B, 1-step off", "llama-3-8b", "grpo-llama3.1-8b-instruct-2n8g-async-1off", 16,
     true, 8, 64, 32, 4096, 1129, 1, 1, 2, 1, 0, true, 0.8, 74.6, ""},
    {"DeepSeek-V3, on-policy", "deepseek-v3", "grpo-deepseek-v3-32n8g", 256, false, 256, 32, 16,
     1536, 745, 32, 1, 16, 16, 0, true, 0.6, 154, ""},
    {"DeepSeek-V3, 1-step off", "deepseek-v3", "grpo-deepseek-v3-64n8g-async-1off", 512, true,
     256, 32, 16, 1536, 744, 32, 1, 16, 16, 0, true, 0.8, 77.9, ""},
    {"Qwen3-235B-A22B, on-policy", "qwen3-235b-a22b", "grpo-qwen3-235b-16n8g", 128, false, 128, 16,
     32, 8192, 5671, 16, 4, 8, 16, 1, true, 0.6,
     506, "TP 2 × CP 2 as TP 4 (the RL trainer has no CP input)"},
    {"Qwen3-235B-A22B, 1-step off", "qwen3-235b-a22b", "grpo-qwen3-235b-32n8g-async-1off", 256,
     true, 128, 16, 32, 8192, 5691, 8, 4, 8, 16, 1, true, 0.8, 241, ""},
    {"Qwen3-30B-A3B, on-policy", "qwen3-30b-a3b", "grpo-qwen3-30ba3b-4n8g", 32, false, 32, 64, 32,
     4096, 3154, 2, 1, 1, 8, 0, false, 0.6, 225,
     "the table prints generation TP 4, the recipe 2: the recipe's is used"},
    {"Qwen3-30B-A3B, 1-step off", "qwen3-30b-a3b", "grpo-qwen3-30ba3b-4n8g-async-1off", 32, true,
     16, 64, 32, 4096, 3158, 2, 1, 2, 8, 0, false, 0.8, 244,
     "EP 8 over DP 8 of the 16 training GPUs"},
    {"Qwen3-32B, on-policy", "qwen3-32b", "grpo-qwen3-32b-4n8g", 32, false, 32, 64, 32, 4096, 3206,
     4, 4, 4, 1, 0, false, 0.6, 393, ""},
    {"Qwen3-32B, 1-step off", "qwen3-32b", "grpo-qwen3-32b-8n8g-async-1off", 64, true, 32, 64, 32,
     4096, 3207, 4, 4, 4, 1, 0, false, 0.8, 215, ""},
};
// clang-format on

/// Rows outside ±25 % today, with the side they miss on and the present bound.
struct KnownMiss {
    const char* name;
    double lo, hi; ///< relative error interval the row must stay in
    const char* why;
};
// Every miss is an under-prediction; docs/validation.md "Why the RL rows miss" has the detail.
const KnownMiss kKnownMisses[] = {
    {"DeepSeek-V3, on-policy", -0.67, -0.25,
     "11 tokens/s/GPU: the step is dominated by what the engine charges as a fixed 20 s "
     "colocated switch (offload, reload and refit of 671B parameters) and PP-16 passes"},
    {"Qwen3-235B-A22B, on-policy", -0.42, -0.25, "MoE training rate and colocated switch"},
    {"Qwen3-235B-A22B, 1-step off", -0.48, -0.25, "MoE training rate"},
    {"Qwen3-30B-A3B, on-policy", -0.49, -0.25, "MoE training rate (EP 8, 3B active)"},
    {"Qwen3-30B-A3B, 1-step off", -0.71, -0.25,
     "measured slower than on-policy at equal GPUs; the engine overlaps the halves fully"},
};

Scenario scenarioFor(const NemoRow& r)
{
    const PhaseKind kinds[] = {PhaseKind::RlPosttrain};
    Scenario s = defaultScenario(kinds);
    Phase& p = s.phases[0];
    p.accelerator = "h100-sxm-80gb";
    const ModelPreset* preset = findPreset(r.preset);
    if (!preset)
        qFatal("no preset %s", r.preset);
    p.model = preset->arch;
    RlInputs& rl = p.rl;
    rl.algorithm = RlAlgorithm::GRPO;
    rl.mode = TrainingMode::Full;
    rl.placement = r.async ? Placement::Disaggregated : Placement::Colocated;
    rl.pipeline = r.async ? Pipeline::Asynchronous : Pipeline::Synchronous;
    rl.staleness = 1;
    rl.trainer_gpus = r.trainerGpus;
    rl.rollout_gpus = r.gpus - r.trainerGpus;
    rl.prompts_per_iter = r.prompts;
    rl.group_size = r.generations;
    rl.turns = 1;
    rl.prompt_tokens = kPromptTokens;
    rl.response_tokens = r.avgGen;
    rl.response_cv = 0.8;
    rl.max_response_tokens = r.maxSeq - kPromptTokens;
    rl.rollout_tp = r.genTp;
    rl.rollout_mem_util = r.memUtil;
    rl.tp = r.tp;
    rl.pp = r.pp;
    rl.ep = r.ep;
    rl.etp = r.etp;
    rl.zero_stage = 1;
    rl.micro_batch = 1;
    rl.recompute = r.recompute ? Recompute::Full : Recompute::None;
    rl.kl_coef = 0.01;
    rl.reward = RewardKind::Verifiable;
    rl.uses_environments = false;
    return s;
}

const KnownMiss* knownMiss(const char* name)
{
    for (const KnownMiss& k : kKnownMisses)
        if (std::string(k.name) == name)
            return &k;
    return nullptr;
}

} // namespace

class TestRlValidation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_cat = test::defaultCatalog(); }

    void nemoRlRows_data()
    {
        QTest::addColumn<int>("row");
        for (int i = 0; i < int(std::size(kRows)); ++i)
            QTest::newRow(kRows[i].name) << i;
    }

    void nemoRlRows()
    {
        QFETCH(int, row);
        const NemoRow& r = kRows[row];
        const Estimate e = evaluate(scenarioFor(r), m_cat);
        QVERIFY2(e.ok && e.phases.at(0).layout.problem == LayoutProblem::None,
                 layoutProblemId(e.phases.at(0).layout.problem).data());
        const double step = e.phases[0].rl.iteration_s;
        const double err = (step - r.measured) / r.measured;
        qInfo("%s: measured %.1f s, predicted %.1f s (%+.1f %%)", r.name, r.measured, step,
              err * 100);
        if (const KnownMiss* k = knownMiss(r.name)) {
            QVERIFY2(std::fabs(err) > 0.25, "now within ±25 %: take it off kKnownMisses");
            QVERIFY2(err >= k->lo && err <= k->hi, qPrintable(QString::number(err)));
            return;
        }
        QVERIFY2(std::fabs(err) <= 0.25, qPrintable(QString("%1 %").arg(err * 100)));
    }

    void docsTableMatchesEngine()
    {
        QStringList rows;
        rows
            << "| Run (NeMo RL v0.4, H100) | GPUs | Trainer TP/PP/EP (expert TP) | Generation TP | "
               "Measured s | Predicted s | Error | Generation / training / sync s | Approximated |";
        rows << "|---|---:|---|---:|---:|---:|---:|---|---|";
        for (const NemoRow& r : kRows) {
            const Estimate e = evaluate(scenarioFor(r), m_cat);
            const RlTiming& t = e.phases.at(0).rl;
            rows << QString(
                        "| %1 | %2%3 | %4/%5/%6%15 | %7 | %8 | %9 | %10 | %11 / %12 / %13 | %14 |")
                        .arg(QString::fromUtf8(r.name))
                        .arg(r.gpus)
                        .arg(r.async ? QString(" (%1 train)").arg(r.trainerGpus) : QString())
                        .arg(r.tp)
                        .arg(r.pp)
                        .arg(r.ep)
                        .arg(r.genTp)
                        .arg(r.measured)
                        .arg(QString::asprintf("%.1f", t.iteration_s))
                        .arg(QString::asprintf("%+.1f %%",
                                               (t.iteration_s - r.measured) / r.measured * 100))
                        .arg(QString::asprintf("%.0f", t.generation_s))
                        .arg(QString::asprintf("%.0f", t.training_s))
                        .arg(QString::asprintf("%.0f", t.sync_s))
                        .arg(*r.approximation ? QString::fromUtf8(r.approximation)
                                              : QStringLiteral("–"))
                        .arg(r.etp > 0 ? QString(" (ETP %1)").arg(r.etp) : QString());
        }
        const QString table = rows.join('\n');
        QCOMPARE(test::documentTable(QStringLiteral(COSTLAB_SOURCE_DIR "/docs/validation.md"),
                                     QStringLiteral("rl-table"), table),
                 table);
    }

private:
    Catalog m_cat;
};

QTEST_GUILESS_MAIN(TestRlValidation)
#include "tst_rlvalidation.moc"
