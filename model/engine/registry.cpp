// The parameter table: one row syntax, t.push_back({.key = …, …}) with designated fields:
// id, unit, hard range, default, validated range, UI group, label and help with the source
// of the default, and the accessor (S_*/P_* macros). The JSON path follows from the id
// (deriveJsonPaths) unless a row names it.
// Defaults must equal the member initialisers in scenario.h (tst_registry checks this).
#include "registry.h"

#include "engine.h"

#include "modelarch.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <deque>
#include <string>

namespace costlab {
namespace {

#define TR(text) QT_TRANSLATE_NOOP("costlab::Param", text)

// Accessor generators. Scenario-wide fields: S_*; phase fields: P_*.
#define S_NUM(f)                                                                                   \
    .get = [](const Scenario& s, const Phase*) -> double { return s.f; },                          \
    .set = [](Scenario& s, Phase*, double v) { s.f = v; }
#define S_BOOL(f)                                                                                  \
    .get = [](const Scenario& s, const Phase*) -> double { return s.f ? 1.0 : 0.0; },              \
    .set = [](Scenario& s, Phase*, double v) { s.f = v != 0; }
#define S_ENUM(f, T)                                                                               \
    .get = [](const Scenario& s, const Phase*) -> double { return double(int(s.f)); },             \
    .set = [](Scenario& s, Phase*, double v) { s.f = T(int(std::lround(v))); }
#define P_NUM(f)                                                                                   \
    .get = [](const Scenario&, const Phase* p) -> double { return p->f; },                         \
    .set = [](Scenario&, Phase* p, double v) { p->f = v; }
#define P_BOOL(f)                                                                                  \
    .get = [](const Scenario&, const Phase* p) -> double { return p->f ? 1.0 : 0.0; },             \
    .set = [](Scenario&, Phase* p, double v) { p->f = v != 0; }
#define P_ENUM(f, T)                                                                               \
    .get = [](const Scenario&, const Phase* p) -> double { return double(int(p->f)); },            \
    .set = [](Scenario&, Phase* p, double v) { p->f = T(int(std::lround(v))); }

constexpr ChoiceDef kCurrency[] = {{"USD", TR("US dollar")}, {"CNY", TR("Chinese yuan")}};
constexpr ChoiceDef kQuant[] = {
    {"bf16", "BF16"}, {"fp8", "FP8"}, {"int8", "INT8"}, {"int4", "INT4"}};
constexpr ChoiceDef kTrainPrecision[] = {{"bf16", "BF16"}, {"fp8", "FP8"}};
constexpr ChoiceDef kKv[] = {{"bf16", "BF16"}, {"fp8", "FP8"}};
constexpr ChoiceDef kRecompute[] = {
    {"none", TR("None")}, {"selective", TR("Selective")}, {"full", TR("Full")}};
constexpr ChoiceDef kPurchase[] = {
    {"reserved", TR("Reserved")}, {"on_demand", TR("On-demand")}, {"spot", TR("Spot")}};
constexpr ChoiceDef kAlgorithm[] = {{"ppo", "PPO"}, {"grpo", "GRPO"}};
constexpr ChoiceDef kRlComputeUnit[] = {{"gpu_hours", TR("GPU-hours")},
                                        {"iterations", TR("Iterations")}};
constexpr ChoiceDef kPlacement[] = {{"colocated", TR("Colocated")},
                                    {"disaggregated", TR("Disaggregated")}};
constexpr ChoiceDef kPipeline[] = {{"sync", TR("Synchronous")}, {"async", TR("Asynchronous")}};
constexpr ChoiceDef kRolloutEngine[] = {{"vllm", "vLLM / SGLang"},
                                        {"deepspeed-hybrid", "DeepSpeed-HE"}};
constexpr ChoiceDef kMode[] = {
    {"full", TR("Full fine-tuning")}, {"lora", "LoRA"}, {"qlora", "QLoRA"}};
constexpr ChoiceDef kLoraTargets[] = {{"attention", TR("Attention only")},
                                      {"all_linear", TR("All linear layers")}};
constexpr ChoiceDef kOptimizer[] = {{"adamw32", TR("AdamW (32-bit states)")},
                                    {"adamw8bit", TR("8-bit AdamW")},
                                    {"sgd", TR("SGD with momentum")}};
constexpr ChoiceDef kStatePrecision[] = {
    {"zero-paper", TR("BF16 weights and gradients, FP32 master (ZeRO paper)")},
    {"megatron-bf16", TR("BF16 weights, FP32 gradient buffer (Megatron-Core)")},
    {"fp16-fp32-copy", TR("FP16 weights and gradients, FP32 gradient copy (DeepSpeed ZeRO)")},
    {"fp32", TR("FP32 weights and gradients, BF16 compute (FSDP, MaxText)")},
    {"fp16-no-master", TR("FP16 weights and gradients, no FP32 master (OPT, metaseq)")}};
/// One help text for the pre-training and RL trainer inputs (the same recipes, the same sources).
constexpr const char* kStatePrecisionHelp =
    TR("Which copies of the training state are kept in FP32; bytes per parameter with AdamW "
       "(weights + gradients + optimizer): ZeRO paper 2 + 2 + 12 = 16; Megatron-Core BF16 "
       "2 + 4 + 12 = 18 (6 + 12/d with the distributed optimizer); FP16 with an FP32 gradient "
       "copy 2 + 2 + 16 = 20 (DeepSpeed ZeRO-2: 2 + 18/d); FP32 4 + 4 + 8 = 16; FP16 without a "
       "master (OPT-175B) 2 + 2 + 8 = 12. Sources: Megatron-Core distributed-optimizer guide; "
       "DeepSpeed PR #5099; OPT paper.");
constexpr ChoiceDef kOffload[] = {
    {"none", TR("None: the training state on the GPU")},
    {"optimizer", TR("Optimizer state in host RAM, Adam on the CPU (ZeRO-Offload)")},
    {"optimizer-params", TR("Optimizer, weights and gradients in host RAM (ZeRO-Infinity, FSDP)")}};
/// One help text for the pre-training and RL trainer offload inputs.
constexpr const char* kOffloadHelp =
    TR("CPU offload of the training state. Optimizer: the FP32 master, moments and any FP32 "
       "gradient copy move to host RAM and the Adam step runs on the CPU at "
       "assumptions.cpu_adam_params_s per node (DeepSpeed offload_optimizer, OpenRLHF "
       "--adam_offload). Optimizer and parameters: the 16-bit weights and gradients too; the GPU "
       "keeps two layers' weights and one layer's gradients, and every micro-batch fetches the "
       "weights over PCIe twice and returns its gradients once, behind compute (DeepSpeed "
       "offload_param, FSDP CPUOffload). Sources: Ren et al. 2021 (ZeRO-Offload), Rajbhandari "
       "et al. 2021 (ZeRO-Infinity).");
constexpr ChoiceDef kReward[] = {{"verifiable", TR("Verifiable (rule-based)")},
                                 {"model", TR("Reward model")}};
constexpr ChoiceDef kZero[] = {{"0", TR("0 (DDP)")}, {"1", "1"}, {"2", "2"}, {"3", TR("3 (FSDP)")}};
constexpr ChoiceDef kShardedDpChoices[] = {{"fsdp2", "PyTorch FSDP2"},
                                           {"deepspeed", "DeepSpeed ZeRO-3"},
                                           {"megatron-fsdp", "Megatron-FSDP"},
                                           {"fsdp", "PyTorch FSDP1"}};
/// One help text for the pre-training and RL trainer framework inputs.
constexpr const char* kShardedDpHelp =
    TR("At ZeRO stage 3, the framework that gathers the weights. All four gather every layer "
       "twice per micro-batch (forward, and backward with its recompute) and reduce-scatter its "
       "gradients on every micro-batch, prefetching the next layer behind the current one. "
       "FSDP2: one gather per layer, copied out of the buffer; DeepSpeed: gathers in buckets of "
       "50 M parameters, gradients in 16 bits in buckets of 500 M, copied out; Megatron-FSDP and "
       "FSDP1 (flat parameters, veRL's default strategy fsdp): one gather per layer, used in "
       "place. Sources: PyTorch _fully_shard/_fsdp_param_group.py and fsdp/_flat_param.py, "
       "DeepSpeed zero/config.py, Megatron-LM megatron_fsdp (docs/model-reference.md).");
bool shardedActive(const Scenario&, const Phase* p)
{
    return p->pretrain.zero_stage >= 3;
}
bool rlShardedActive(const Scenario&, const Phase* p)
{
    return p->rl.zero_stage >= 3;
}
bool rlFsdpActive(const Scenario&, const Phase* p)
{
    return p->rl.zero_stage >= 3 && isPytorchFsdp(p->rl.sharded_dp);
}

constexpr unsigned kAll = kPretrainBit | kRlBit | kEvalBit;

bool shapeActive(const Scenario&, const Phase* p)
{
    return p->model.from_shape;
}
bool countActive(const Scenario&, const Phase* p)
{
    return !p->model.from_shape;
}
bool moeActive(const Scenario&, const Phase* p)
{
    return p->model.from_shape && p->model.experts > 0;
}
bool longStageActive(const Scenario&, const Phase* p)
{
    return hasLongStage(p->pretrain);
}
bool mlaActive(const Scenario&, const Phase* p);
bool selectiveActive(const Scenario&, const Phase* p)
{
    return p->pretrain.recompute == Recompute::Selective;
}
bool selectiveMoeActive(const Scenario& s, const Phase* p)
{
    return selectiveActive(s, p) && moeActive(s, p);
}
// Sizing by a target (issue 46): the law's own values only when "custom" is chosen.
bool lossTargetActive(const Scenario&, const Phase* p)
{
    return p && p->pretrain.target_loss > 0;
}
bool customLawActive(const Scenario& s, const Phase* p)
{
    return lossTargetActive(s, p) && p->pretrain.loss_law >= double(lossLaws().size());
}
bool scoreMapActive(const Scenario&, const Phase* p)
{
    return p && p->pretrain.score_map.mid > 0;
}
bool tokensCounted(const Scenario&, const Phase* p)
{
    return !p || !(p->pretrain.target_loss > 0);
}
bool scoreTargetActive(const Scenario&, const Phase* p)
{
    return p && p->rl.target_score > 0;
}
// R0 is typed only where no earlier pre-training phase reads its loss as a score (issue 46).
bool typedR0Active(const Scenario& s, const Phase* p)
{
    if (!scoreTargetActive(s, p))
        return false;
    const auto i = std::size_t(p - s.phases.data());
    return i >= s.phases.size() || !std::isfinite(baseScore(s, i));
}
bool customCurveActive(const Scenario& s, const Phase* p)
{
    return scoreTargetActive(s, p) && chosenRlCurve(p->rl.rl_curve) == nullptr;
}
bool customCurveGpuHours(const Scenario& s, const Phase* p)
{
    return customCurveActive(s, p) && p->rl.curve_unit == RlComputeUnit::GpuHours;
}
bool iterationsCounted(const Scenario&, const Phase* p)
{
    return !p || !(p->rl.target_score > 0);
}

bool selectiveMlaActive(const Scenario& s, const Phase* p)
{
    return selectiveActive(s, p) && mlaActive(s, p);
}
bool fp8Active(const Scenario&, const Phase* p)
{
    return p->pretrain.precision == TrainPrecision::FP8;
}
bool interleavedActive(const Scenario&, const Phase* p)
{
    return p->pretrain.vpp > 1 || (hasLongStage(p->pretrain) && p->pretrain.long_vpp > 1);
}
bool mlaActive(const Scenario&, const Phase* p)
{
    return p->model.from_shape && p->model.kv_lora_rank > 0;
}
bool envActive(const Scenario&, const Phase* p)
{
    return p->rl.uses_environments;
}
bool swaActive(const Scenario&, const Phase* p)
{
    return p->model.from_shape && p->model.sliding_window > 0;
}
bool loraActive(const Scenario&, const Phase* p)
{
    return p->rl.mode != TrainingMode::Full;
}
bool rewardModelActive(const Scenario&, const Phase* p)
{
    return p->rl.reward == RewardKind::Model;
}
bool disaggActive(const Scenario&, const Phase* p)
{
    return p->rl.placement == Placement::Disaggregated;
}
bool colocatedActive(const Scenario&, const Phase* p)
{
    return p->rl.placement == Placement::Colocated;
}
bool hybridEngine(const Phase* p)
{
    return p->rl.placement == Placement::Colocated &&
           p->rl.rollout_engine == RolloutEngine::DeepSpeedHybrid;
}
bool servingEngineActive(const Scenario&, const Phase* p)
{
    return !hybridEngine(p);
}
bool ppoActive(const Scenario&, const Phase* p)
{
    return p->rl.algorithm == RlAlgorithm::PPO;
}
bool referenceActive(const Scenario&, const Phase* p)
{
    return p->rl.algorithm == RlAlgorithm::PPO || p->rl.kl_coef > 0;
}
bool asyncActive(const Scenario&, const Phase* p)
{
    return p->rl.pipeline == Pipeline::Asynchronous;
}
bool elasticActive(const Scenario&, const Phase* p)
{
    return p->elastic_fraction > 0;
}
bool fixedIntervalActive(const Scenario& s, const Phase*)
{
    return !s.reliability.checkpoint_auto;
}
bool evalEnvActive(const Scenario&, const Phase* p)
{
    return p->eval.env_count > 0;
}
bool forgottenActive(const Scenario&, const Phase* p)
{
    return !p->eval.destroy_after_use;
}

/// Where a parameter lives in a .costlab.json file when its row does not say: a
/// scenario-wide "section.field" at "section/field", a field of one phase kind inside that
/// kind's object ("rl.env_count" → "rl/env_count" in the phase), a field every phase has at
/// the phase's top level ("model.layers" → "model/layers"). Only the currency rows name
/// their path (the file keeps them at the top level).
void deriveJsonPaths(std::vector<ParamDef>& t)
{
    static std::deque<std::string> store; // backs the string_views for the program's life
    for (ParamDef& d : t) {
        if (!d.json_path.empty())
            continue;
        std::string path(d.key);
        std::replace(path.begin(), path.end(), '.', '/');
        for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation})
            if (d.phase_kinds == (1u << static_cast<unsigned>(k)))
                path = std::string(phasePrefix(k)) + "/" + path;
        d.json_path = store.emplace_back(std::move(path));
    }
}

/// The phase's model fields (ParamDef::model_input): setting one re-derives counts and preset.
void markModelInputs(std::vector<ParamDef>& t)
{
    for (ParamDef& d : t)
        d.model_input = d.phase_kinds != 0 && d.key.starts_with("model.");
}

// The registry table: one row per input, data rather than logic, so it is the one function
// allowed past 150 lines (tests/architecture/function-size.sh).
std::vector<ParamDef> buildTable() // NOLINT(readability-function-size)
{
    using enum ParamType;
    using enum ParamScale;
    std::vector<ParamDef> t;
    t.reserve(200);

    // ---- Catalog and currency -------------------------------------------------------------
    t.push_back({.key = "catalog.currency",
                 .json_path = "currency",
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kCurrency,
                 .group = TR("Catalog and currency"),
                 .label = TR("Currency"),
                 .help = TR("Currency of every figure. Catalog prices are in the catalog's own "
                            "currency (the default catalog USD, cn-cny CNY) and converted once at "
                            "the exchange rate when the two differ. Switching it in the editor "
                            "converts the plan's money inputs (budget, daily alert, engineering "
                            "rate, interconnect price) at the same rate, in one undo step."),
                 S_ENUM(currency, Currency)});
    t.push_back({.key = "catalog.cny_per_usd",
                 .json_path = "cny_per_usd",
                 .unit = "CNY/USD",
                 .min = 0.1,
                 .max = 100,
                 .def = 7.2,
                 .valid_min = 6,
                 .valid_max = 8,
                 .group = TR("Catalog and currency"),
                 .label = TR("Exchange rate"),
                 .help = TR("Yuan per US dollar, used when the plan's currency and its catalog's "
                            "differ. Default 7.2, the rate DeepSeek-V3 used to quote its "
                            "$2/H800-hour (reference-data.md §5.1)."),
                 S_NUM(cny_per_usd)});

    // ---- Storage ----------------------------------------------------------------------------
    auto storage = TR("Storage");
    t.push_back({.key = "storage.raw_corpus_tb",
                 .unit = "TB",
                 .min = 0,
                 .max = 1e6,
                 .def = 0,
                 .group = storage,
                 .label = TR("Raw corpus"),
                 .help = TR("Raw crawl kept on object storage (standard tier, then "
                            "infrequent-access). Article §2.2."),
                 S_NUM(storage.raw_corpus_tb)});
    t.push_back(
        {.key = "storage.cleaned_corpus_tb",
         .unit = "TB",
         .min = 0,
         .max = 1e6,
         .def = 0,
         .group = storage,
         .label = TR("Cleaned corpus"),
         .help = TR("Tokenised training corpus on standard object storage for the whole plan."),
         S_NUM(storage.cleaned_corpus_tb)});
    t.push_back({.key = "storage.dataset_hot_days",
                 .unit = "days",
                 .min = 0,
                 .max = 3650,
                 .def = 30,
                 .group = storage,
                 .label = TR("Raw corpus hot period"),
                 .help = TR("Days the raw corpus stays on the standard tier before moving to "
                            "infrequent access (S3 IA minimum 30 days)."),
                 S_NUM(storage.dataset_hot_days)});
    t.push_back(
        {.key = "storage.retention_after_months",
         .unit = "months",
         .min = 0,
         .max = 120,
         .def = 3,
         .group = storage,
         .label = TR("Retention after the plan"),
         .help =
             TR("Months datasets, milestones and trajectories are kept after the last phase ends."),
         S_NUM(storage.retention_after_months)});
    t.push_back({.key = "storage.checkpoint_keep_last",
                 .type = Integer,
                 .unit = "checkpoints",
                 .min = 1,
                 .max = 1000,
                 .def = 3,
                 .group = storage,
                 .label = TR("Checkpoints kept"),
                 .help = TR("Newest full checkpoints kept (k). Fewer means fewer rollback points "
                            "when one is corrupt (article §5)."),
                 S_NUM(storage.checkpoint_keep_last)});
    t.push_back({.key = "storage.checkpoint_milestone_every",
                 .type = Integer,
                 .unit = "checkpoints",
                 .min = 0,
                 .max = 100000,
                 .def = 50,
                 .group = storage,
                 .label = TR("Milestone every"),
                 .help = TR("Every m-th checkpoint is kept for good as a milestone; 0 keeps none."),
                 S_NUM(storage.checkpoint_milestone_every)});
    t.push_back({.key = "storage.checkpoint_hot_days",
                 .unit = "days",
                 .min = 0,
                 .max = 3650,
                 .def = 7,
                 .group = storage,
                 .label = TR("Checkpoint hot period"),
                 .help = TR("Days a milestone stays on the standard tier before the archive tier "
                            "(article §4: hot/cold tiering)."),
                 S_NUM(storage.checkpoint_hot_days)});
    t.push_back({.key = "storage.checkpoint_write_gbps",
                 .scale = Log,
                 .unit = "GB/s",
                 .min = 0.01,
                 .max = 1e5,
                 .def = 50,
                 .valid_min = 1,
                 .valid_max = 7000,
                 .group = storage,
                 .label = TR("Checkpoint write bandwidth"),
                 .help = TR("Aggregate write bandwidth to checkpoint storage. Llama 3: Tectonic 2 "
                            "TB/s sustained (Llama 3 paper §3.3.1)."),
                 S_NUM(storage.checkpoint_write_gbps)});
    t.push_back({.key = "storage.async_checkpoint",
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = storage,
                 .label = TR("Asynchronous checkpoints"),
                 .help = TR("Only the device-to-host copy stalls training (PyTorch DCP async: "
                            "148.8 s to 6.3 s stall for 7B)."),
                 S_BOOL(storage.async_checkpoint)});
    t.push_back({.key = "storage.trajectory_hot_days",
                 .unit = "days",
                 .min = 0,
                 .max = 3650,
                 .def = 14,
                 .group = storage,
                 .label = TR("Trajectory hot period"),
                 .help = TR("Days RL trajectories / replay buffers stay on high-IOPS storage "
                            "before the archive tier."),
                 S_NUM(storage.trajectory_hot_days)});

    // ---- Network ----------------------------------------------------------------------------
    auto network = TR("Network");
    t.push_back({.key = "network.interconnect_per_gpu_hour",
                 .unit = "currency/GPU-h",
                 .min = 0,
                 .max = 1000, // 100 USD in CNY too
                 .def = 0,
                 .group = network,
                 .label = TR("Interconnect cost"),
                 .help = TR("RoCE/InfiniBand fabric amortised per GPU-hour; 0 when bundled in the "
                            "GPU price (cloud instances)."),
                 S_NUM(network.interconnect_per_gpu_hour)});
    t.push_back({.key = "network.env_request_kb",
                 .unit = "KB",
                 .min = 0,
                 .max = 1e6,
                 .def = 4,
                 .group = network,
                 .label = TR("Environment request size"),
                 .help = TR("Bytes sent to an environment per step (action, tool call)."),
                 S_NUM(network.env_request_kb)});
    t.push_back({.key = "network.env_response_kb",
                 .unit = "KB",
                 .min = 0,
                 .max = 1e6,
                 .def = 16,
                 .group = network,
                 .label = TR("Environment response size"),
                 .help = TR("Bytes returned by an environment per step (observation)."),
                 S_NUM(network.env_response_kb)});
    t.push_back({.key = "network.egress_gb",
                 .unit = "GB",
                 .min = 0,
                 .max = 1e9,
                 .def = 0,
                 .group = network,
                 .label = TR("Egress volume"),
                 .help = TR("Datasets and checkpoints shipped out of the region, billed at the "
                            "catalog's internet egress price."),
                 S_NUM(network.egress_gb)});

    // ---- Logging ----------------------------------------------------------------------------
    auto logging = TR("Logging and monitoring");
    t.push_back(
        {.key = "logging.record_kb",
         .unit = "KB",
         .min = 0,
         .max = 1e5,
         .def = 2,
         .group = logging,
         .label = TR("Step record size"),
         .help = TR("Bytes logged per environment step (state, action, reward), article §2.4."),
         S_NUM(logging.record_kb)});
    t.push_back({.key = "logging.sampling_rate",
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 1,
                 .group = logging,
                 .label = TR("Step sampling rate"),
                 .help = TR("Fraction of step records kept. Article §4: sample routine steps, "
                            "trace anomalies in full."),
                 S_NUM(logging.sampling_rate)});
    t.push_back({.key = "logging.full_trace_fraction",
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0,
                 .group = logging,
                 .label = TR("Fully traced episodes"),
                 .help = TR("Share of episodes captured in full (anomalous or high-reward)."),
                 S_NUM(logging.full_trace_fraction)});
    t.push_back({.key = "logging.full_trace_kb",
                 .unit = "KB",
                 .min = 0,
                 .max = 1e7,
                 .def = 512,
                 .group = logging,
                 .label = TR("Full trace size"),
                 .help = TR("Bytes per fully traced episode."),
                 S_NUM(logging.full_trace_kb)});
    t.push_back({.key = "logging.retention_months",
                 .unit = "months",
                 .min = 0,
                 .max = 120,
                 .def = 6,
                 .group = logging,
                 .label = TR("Log retention period"),
                 .help = TR("Months logs are retained (billed per GB-month)."),
                 S_NUM(logging.retention_months)});
    t.push_back(
        {.key = "logging.train_log_kb_per_step",
         .unit = "KB",
         .min = 0,
         .max = 1e6,
         .def = 64,
         .group = logging,
         .label = TR("Metrics per training step"),
         .help = TR("Bytes of metrics logged per optimizer step (loss, norms, throughput)."),
         S_NUM(logging.train_log_kb_per_step)});

    // ---- Reliability --------------------------------------------------------------------------
    auto rel = TR("Failures and checkpoints");
    t.push_back(
        {.key = "reliability.gpu_failure_rate",
         .scale = Log,
         .unit = "1/GPU-h",
         .min = 1e-8,
         .max = 1e-2,
         .def = 2e-5,
         .valid_min = 1e-5,
         .valid_max = 8e-5,
         .group = rel,
         .label = TR("Failure rate per GPU"),
         .help = TR("Job interruptions per GPU-hour. Llama 3 405B: 419 unexpected in 54 "
                    "days on 16,384 GPUs = 1.97 × 10⁻⁵ (Llama 3 paper §3.3.4)."),
         S_NUM(reliability.gpu_failure_rate),
         .unc_low = 1e-5,
         .unc_high = 8e-5,
         .unc_source = "risk-foundations.md §9: λ_gpu 10⁻⁵–8 × 10⁻⁵ per GPU-hour (Llama 3, OPT)"});
    t.push_back({.key = "reliability.node_failure_rate",
                 .unit = "1/node-h",
                 .min = 0,
                 .max = 1e-1,
                 .def = 0,
                 .group = rel,
                 .label = TR("Extra failure rate per node"),
                 .help = TR("Node-level failures on top of the per-GPU rate. OPT-175B: ~2 of 124 "
                            "machines a day = 6.7 × 10⁻⁴ /node-h (OPT chronicles)."),
                 S_NUM(reliability.node_failure_rate)});
    t.push_back({.key = "reliability.gpus_per_node",
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 72,
                 .def = 8,
                 .group = rel,
                 .label = TR("GPUs per node"),
                 .help = TR("GPUs in one server (HGX: 8)."),
                 S_NUM(reliability.gpus_per_node)});
    t.push_back(
        {.key = "reliability.checkpoint_auto",
         .type = Bool,
         .scale = Categorical,
         .max = 1,
         .def = 1,
         .group = rel,
         .label = TR("Automatic checkpoint interval"),
         .help = TR("Use the Daly (2006) optimum interval for each phase's checkpoint stall "
                    "and mean time between failures instead of a fixed interval."),
         S_BOOL(reliability.checkpoint_auto)});
    t.push_back({.key = "reliability.checkpoint_interval_h",
                 .scale = Log,
                 .unit = "h",
                 .min = 0.01,
                 .max = 1000,
                 .def = 1,
                 .valid_min = 0.05,
                 .valid_max = 48,
                 .group = rel,
                 .label = TR("Fixed checkpoint interval"),
                 .help = TR("Hours between checkpoints (τ) when not automatic. Young/Daly √(2δM) "
                            "is marked on sweeps (Daly 2006)."),
                 S_NUM(reliability.checkpoint_interval_h),
                 .active = fixedIntervalActive});
    t.push_back(
        {.key = "reliability.restart_min",
         .scale = Log,
         .unit = "min",
         .min = 0.1,
         .max = 2880,
         .def = 10,
         .valid_min = 1,
         .valid_max = 240,
         .group = rel,
         .label = TR("Restart time"),
         .help = TR("Detect + reschedule + reload after a failure (R). Llama 3 implies ~17 "
                    "min; NCCL hang detection alone 10 min (PyTorch default)."),
         S_NUM(reliability.restart_min),
         .unc_low = 2,
         .unc_high = 120,
         .unc_source = "risk-foundations.md §9: restart 2 min – 2 h (Llama 3, OPT, TrainMover)"});
    t.push_back({.key = "reliability.corruption_prob",
                 .unit = "probability",
                 .min = 0,
                 .max = 0.5,
                 .def = 0.01,
                 .group = rel,
                 .label = TR("Unusable checkpoint probability"),
                 .help = TR("Chance a checkpoint cannot be restored (corrupt, partial write). "
                            "Assumption; OPT-175B saw hung checkpoint downloads."),
                 S_NUM(reliability.corruption_prob)});
    t.push_back(
        {.key = "reliability.loss_threshold_h",
         .scale = Log,
         .unit = "h",
         .min = 0.01,
         .max = 10000,
         .def = 2,
         .group = rel,
         .label = TR("Lost-work threshold"),
         .help = TR(
             "Recovery risk reports the chance that one failure loses more than this much work."),
         S_NUM(reliability.loss_threshold_h)});

    // ---- Capacity -----------------------------------------------------------------------------
    auto cap = TR("Capacity");
    t.push_back({.key = "capacity.unavailable_prob",
                 .unit = "probability",
                 .min = 0,
                 .max = 1,
                 .def = 0.3,
                 .group = cap,
                 .label = TR("Elastic capacity unavailable"),
                 .help = TR("Chance elastic GPUs are not available when needed. Prior: H100 blocks "
                            "≥64 GPUs available now 0.3–0.8 (risk-foundations.md §7, unverified)."),
                 S_NUM(capacity.unavailable_prob)});
    t.push_back({.key = "capacity.mean_wait_h",
                 .unit = "h",
                 .min = 0,
                 .max = 5000,
                 .def = 12,
                 .group = cap,
                 .label = TR("Mean wait for capacity"),
                 .help = TR("Expected wait when elastic capacity is short (hours to days, "
                            "risk-foundations.md §7)."),
                 S_NUM(capacity.mean_wait_h)});
    t.push_back({.key = "capacity.spot_interrupt_month",
                 .unit = "fraction/month",
                 .min = 0,
                 .max = 1,
                 .def = 0.1,
                 .group = cap,
                 .label = TR("Spot interruption rate"),
                 .help = TR("Share of spot instances interrupted per month (AWS Spot advisor "
                            "bands; H100 p5 10–20 %, 2025)."),
                 S_NUM(capacity.spot_interrupt_month),
                 .unc_low = 0.05,
                 .unc_high = 0.2,
                 .unc_source =
                     "risk-foundations.md §9: spot interruption 5–20 %+ per month (AWS advisor)"});

    // ---- Engineering --------------------------------------------------------------------------
    auto eng = TR("Engineering effort");
    t.push_back(
        {.key = "engineering.env_types",
         .type = Integer,
         .unit = "types",
         .min = 0,
         .max = 1000,
         .def = 0,
         .group = eng,
         .label = TR("Environment types"),
         .help = TR(
             "Kinds of RL environment to build (article §2.5: engineering per environment type)."),
         S_NUM(engineering.env_types)});
    t.push_back({.key = "engineering.months_per_env_type",
                 .unit = "engineer-months",
                 .min = 0,
                 .max = 120,
                 .def = 1.5,
                 .group = eng,
                 .label = TR("Effort per environment type"),
                 .help = TR("Engineer-months to build one environment type. Assumption."),
                 S_NUM(engineering.months_per_env_type)});
    t.push_back(
        {.key = "engineering.monthly_rate",
         .unit = "currency/month",
         .min = 0,
         .max = 1e7, // 1e6 USD in CNY too
         .def = 20000,
         .group = eng,
         .label = TR("Engineer cost per month"),
         .help =
             TR("Fully loaded monthly cost of one engineer, in the scenario currency. Assumption."),
         S_NUM(engineering.monthly_rate)});
    t.push_back(
        {.key = "engineering.maintenance_fte",
         .unit = "FTE",
         .min = 0,
         .max = 1000,
         .def = 0,
         .group = eng,
         .label = TR("Maintenance staff"),
         .help = TR("Engineers keeping the training system running for the plan's duration."),
         S_NUM(engineering.maintenance_fte)});
    t.push_back({.key = "engineering.infra_as_code",
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = eng,
                 .label = TR("Infrastructure as code"),
                 .help = TR("Environments defined with a general orchestration tool, started "
                            "and destroyed by script (article §4.5): per-type effort and "
                            "maintenance staff scale by the infrastructure-as-code factor."),
                 S_BOOL(engineering.infra_as_code)});

    // ---- Budget -------------------------------------------------------------------------------
    auto bud = TR("Budget");
    t.push_back({.key = "budget.total",
                 .unit = "currency",
                 .min = 0,
                 .max = 1e12,
                 .def = 0,
                 .group = bud,
                 .label = TR("Budget"),
                 .help = TR("Total budget; 0 means none set."),
                 S_NUM(budget.total)});
    t.push_back({.key = "budget.daily_alert",
                 .unit = "currency/day",
                 .min = 0,
                 .max = 1e10,
                 .def = 0,
                 .group = bud,
                 .label = TR("Daily alert line"),
                 .help = TR("Spend per day that raises an alert (article §3); 0 means none."),
                 S_NUM(budget.daily_alert)});
    t.push_back({.key = "budget.deadline_days",
                 .unit = "days",
                 .min = 0,
                 .max = 36525,
                 .def = 0,
                 .group = bud,
                 .label = TR("Deadline"),
                 .help = TR("Days from the start date by which the plan must be done; the Monte "
                            "Carlo runs give the chance of missing it. 0 means none."),
                 S_NUM(budget.deadline_days)});

    // ---- Assumptions --------------------------------------------------------------------------
    auto as = TR("Assumptions");
    t.push_back({.key = "assumptions.fp8_speedup",
                 .unit = "×",
                 .min = 1,
                 .max = 2,
                 .def = 1.3,
                 .group = as,
                 .label = TR("FP8 training speed-up"),
                 .help = TR("k_precision for FP8 training over BF16 (cost-model.md §2). "
                            "Megatron-Bridge H100 FP8 runs reach 72–75 % of BF16 peak."),
                 S_NUM(assumptions.fp8_speedup)});
    t.push_back({.key = "assumptions.full_recompute_factor",
                 .unit = "×",
                 .min = 0.5,
                 .max = 1,
                 .def = 0.75,
                 .group = as,
                 .label = TR("Full recompute factor"),
                 .help = TR("Throughput factor of full activation recompute: 6 of 8 FLOPs per "
                            "parameter-token are useful (cost-model.md §2)."),
                 S_NUM(assumptions.full_recompute_factor)});
    t.push_back({.key = "assumptions.cuda_context_gib",
                 .unit = "GiB",
                 .min = 0,
                 .max = 16,
                 .def = 1,
                 .group = as,
                 .label = TR("CUDA context and workspace"),
                 .help = TR("Fixed per-GPU memory for context, NCCL buffers, workspace (0.3–0.5 "
                            "GiB context with lazy loading; pytorch #107667)."),
                 S_NUM(assumptions.cuda_context_gib)});
    t.push_back(
        {.key = "assumptions.fragmentation",
         .unit = "×",
         .min = 1,
         .max = 1.5,
         .def = 1.07,
         .group = as,
         .label = TR("Allocator fragmentation"),
         .help = TR("Peak reserved over allocated memory (0–20 %, risk-foundations.md §1.1)."),
         S_NUM(assumptions.fragmentation)});
    t.push_back({.key = "assumptions.oom_sigma",
                 .unit = "fraction",
                 .min = 0.005,
                 .max = 0.5,
                 .def = 0.08,
                 .group = as,
                 .label = TR("Memory estimate error"),
                 .help = TR("Relative standard deviation of the memory estimate (σ_rel). LLMem "
                            "reports 1.6–3 % for its method; ours is coarser."),
                 S_NUM(assumptions.oom_sigma),
                 .unc_low = 0.02,
                 .unc_high = 0.10,
                 .unc_source = "risk-foundations.md §9: estimator σ 0.02–0.10"});
    t.push_back(
        {.key = "assumptions.decode_bw_efficiency",
         .unit = "fraction",
         .min = 0.05,
         .max = 1,
         .def = 0.7,
         .group = as,
         .label = TR("Decode bandwidth efficiency"),
         .help =
             TR("Achieved fraction of HBM bandwidth while decoding (roofline, cost-model.md §4)."),
         S_NUM(assumptions.decode_bw_efficiency)});
    t.push_back({.key = "assumptions.decode_compute_efficiency",
                 .unit = "fraction",
                 .min = 0.05,
                 .max = 1,
                 .def = 0.5,
                 .group = as,
                 .label = TR("Decode compute efficiency"),
                 .help = TR("Achieved fraction of tensor peak when decode is compute-bound."),
                 S_NUM(assumptions.decode_compute_efficiency)});
    t.push_back({.key = "assumptions.prefill_mfu",
                 .unit = "fraction",
                 .min = 0.05,
                 .max = 1,
                 .def = 0.4,
                 .group = as,
                 .label = TR("Prefill MFU"),
                 .help = TR("Model-FLOPs utilisation of prompt processing's matmuls "
                            "(llm-analysis guidance 0.5 train / 0.7 inference is optimistic). "
                            "With rollout or inference TP > 1 the two all-reduces per layer are "
                            "charged on top, per chunk of 8,192 tokens."),
                 S_NUM(assumptions.prefill_mfu)});
    t.push_back({.key = "assumptions.weight_sync_gbps",
                 .unit = "GB/s",
                 .min = 0.1,
                 .max = 10000,
                 .def = 25,
                 .group = as,
                 .label = TR("Weight sync bandwidth"),
                 .help = TR("Aggregate bandwidth pushing trained weights to rollout engines (Kimi "
                            "checkpoint-engine: 1T params in ~20 s)."),
                 S_NUM(assumptions.weight_sync_gbps)});
    t.push_back(
        {.key = "assumptions.sync_fixed_s",
         .unit = "s",
         .min = 0,
         .max = 600,
         .def = 10,
         .group = as,
         .label = TR("Weight sync fixed latency"),
         .help = TR(
             "Fixed part of a weight sync per iteration (5–30 s prior, risk-foundations.md §3.2)."),
         S_NUM(assumptions.sync_fixed_s)});
    t.push_back({.key = "assumptions.colocate_switch_s",
                 .unit = "s",
                 .min = 0,
                 .max = 1200,
                 .def = 20,
                 .group = as,
                 .label = TR("Colocated switch time"),
                 .help = TR("Offload/reload between rollout and training on a colocated pool, per "
                            "iteration. Assumption."),
                 S_NUM(assumptions.colocate_switch_s)});
    t.push_back({.key = "assumptions.host_process_gib",
                 .unit = "GiB",
                 .min = 0,
                 .max = 1024,
                 .def = 8,
                 .group = as,
                 .label = TR("Host memory per GPU process"),
                 .help = TR("Host (CPU) RAM of each GPU's framework process: Python, CUDA "
                            "libraries, data loader workers. An assumption: the reference has no "
                            "measured figure."),
                 S_NUM(assumptions.host_process_gib)});
    t.push_back({.key = "assumptions.ray_object_store_fraction",
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0.3,
                 .group = as,
                 .label = TR("Ray object store share of node RAM"),
                 .help = TR("RL frameworks on Ray (veRL, OpenRLHF, NeMo RL): the object store "
                            "reserves this share of each node's RAM. Ray documentation, Memory "
                            "Management: \"By default, when starting an instance, Ray reserves 30% "
                            "of available memory.\""),
                 S_NUM(assumptions.ray_object_store_fraction)});
    t.push_back({.key = "assumptions.cpu_adam_params_s",
                 .scale = Log,
                 .unit = "params/s",
                 .min = 1e6,
                 .max = 1e12,
                 .def = 1.4e9,
                 .group = as,
                 .label = TR("CPU Adam rate per node"),
                 .help = TR("Parameters the host CPUs of one node update per second when the "
                            "optimizer is offloaded; the node's GPUs share it. DeepSpeed PR #735 "
                            "(DeepSpeedCPUAdam): an 11.6 B-parameter GPT-2 step took 8.2 s, "
                            "1.4 billion parameters per second; checked against DeepSpeed issue "
                            "#6834 (72 B over 4 nodes, about 10 s with offload)."),
                 S_NUM(assumptions.cpu_adam_params_s)});
    t.push_back({.key = "assumptions.pcie_gbps",
                 .unit = "GB/s",
                 .min = 1,
                 .max = 2000,
                 .def = 32,
                 .group = as,
                 .label = TR("Host link where the catalog has none"),
                 .help = TR("GPU–host bandwidth per GPU and direction for parameter offload when "
                            "the catalog gives none: PCIe Gen4 x16, 16 GT/s × 16 lanes ≈ 32 GB/s "
                            "(PCI-SIG)."),
                 S_NUM(assumptions.pcie_gbps)});
    t.push_back(
        {.key = "assumptions.mc_failure_rate_sigma",
         .unit = "fraction",
         .min = 0,
         .max = 2,
         .def = 0.5,
         .group = as,
         .label = TR("Monte Carlo: failure-rate spread"),
         .help = TR("Log-normal σ of the failure rate drawn once per Monte Carlo run around "
                    "the plan's rate (risk-foundations.md §8: λ ~ LogNormal(median, 0.5); "
                    "fleets differ 1–3× in §5.1)."),
         S_NUM(assumptions.mc_failure_rate_sigma)});
    t.push_back({.key = "assumptions.mc_restart_sigma",
                 .unit = "fraction",
                 .min = 0,
                 .max = 2,
                 .def = 0.55,
                 .group = as,
                 .label = TR("Monte Carlo: restart-time spread"),
                 .help = TR("Log-normal σ of the restart time drawn once per run; 0.55 puts 90 % "
                            "of runs between 4 and 25 min around a 10 min restart "
                            "(risk-foundations.md §8: R ~ LogNormal over 5–30 min)."),
                 S_NUM(assumptions.mc_restart_sigma)});
    t.push_back({.key = "assumptions.mc_throughput_sigma",
                 .unit = "fraction",
                 .min = 0,
                 .max = 0.5,
                 .def = 0.05,
                 .group = as,
                 .label = TR("Monte Carlo: throughput spread"),
                 .help = TR("Normal σ of the achieved throughput drawn once per run "
                            "(risk-foundations.md §8: multiplier ~ N(1, 0.05)); it scales the "
                            "working hours."),
                 S_NUM(assumptions.mc_throughput_sigma)});
    t.push_back({.key = "assumptions.mc_straggler_sigma",
                 .unit = "σ",
                 .min = 0,
                 .max = 2,
                 .def = 0.49,
                 .group = as,
                 .label = TR("Monte Carlo: straggler spread"),
                 .help = TR("Log-normal σ of the straggler spread per GPU "
                            "(assumptions.straggler_cv) drawn once per run; the production step "
                            "of a pre-training phase follows it. 0.49 puts the healthy 1–5 % of "
                            "risk-foundations.md §6 at the 5th and 95th percentiles around the "
                            "default 2 % (ln 5 / 2 / 1.645)."),
                 S_NUM(assumptions.mc_straggler_sigma)});
    t.push_back(
        {.key = "assumptions.mc_failure_weibull_shape",
         .scale = Log,
         .unit = "shape",
         .min = 0.3,
         .max = 3,
         .def = 1,
         .valid_min = 0.5,
         .valid_max = 1.5,
         .group = as,
         .label = TR("Monte Carlo: failure-time shape (Weibull k)"),
         .help =
             TR("Shape of the time between job failures, same mean as the MTBF. 1 is "
                "the Poisson process the engine assumes; below 1 failures come "
                "in bursts, one soon after another (infant mortality, lemon nodes, new clusters: "
                "risk-foundations.md §5.1, unverified; 0.7 is a common fit for "
                "HPC failure logs, Schroeder & Gibson, DSN 2006). Only the Monte "
                "Carlo uses it."),
         S_NUM(assumptions.mc_failure_weibull_shape)});
    t.push_back({.key = "assumptions.mc_env_latency_sigma",
                 .unit = "fraction",
                 .min = 0,
                 .max = 2,
                 .def = 0.3,
                 .group = as,
                 .label = TR("Monte Carlo: environment-latency spread"),
                 .help = TR("Log-normal σ of a factor on every environment step's latency, "
                            "drawn once per run: how far the plan's latency guess may be off "
                            "(0.3 puts 90 % of runs within ×0.6–×1.6). An assumption, not a "
                            "measured figure; the spread of single steps within a run is "
                            "rl.env_latency_sigma. Synchronous pipelines wait for all of it, "
                            "asynchronous ones only where environments outlast generation."),
                 S_NUM(assumptions.mc_env_latency_sigma)});
    t.push_back(
        {.key = "assumptions.straggler_cv",
         .unit = "CV",
         .min = 0,
         .max = 0.5,
         .def = 0.02,
         .group = as,
         .label = TR("Straggler spread per GPU"),
         .help = TR("Coefficient of variation of one GPU's step time in a production run. Every "
                    "step waits for the slowest of the phase's GPUs, so the production step is "
                    "longer by E[max]/E[one] − 1 (log-normal; +2.9 % on 8 GPUs, +7.1 % on 2,048, "
                    "+8.2 % on 16,384 at 2 %). Healthy ranks vary by 1–5 % (risk-foundations.md "
                    "§6); ByteDance's traces of 3,079 jobs found 10.4 % of GPU-hours lost to "
                    "stragglers (OSDI'25, arXiv 2505.05713). 0 = a benchmark's step. Pre-training "
                    "phases only."),
         S_NUM(assumptions.straggler_cv)});
    t.push_back(
        {.key = "assumptions.mc_diurnal_swing",
         .unit = "fraction",
         .min = 0,
         .max = 0.1,
         .def = 0.015,
         .group = as,
         .label = TR("Monte Carlo: day/night throughput swing"),
         .help = TR("Peak-to-trough swing of the throughput over a day; the engine's step time "
                    "is taken as the day's mean, and each run starts at a random time of day. "
                    "Llama 3 reports a 1–2 % diurnal throughput variation from mid-day "
                    "temperatures (GPU frequency scaling; Dubey et al. 2024, §3.3.4). Over whole "
                    "days it averages out: a phase moves by at most swing × 24/π hours (7 min at "
                    "1.5 %), so it matters for short phases and tight deadlines only."),
         S_NUM(assumptions.mc_diurnal_swing)});
    t.push_back({.key = "assumptions.div_h0_pretrain",
                 .unit = "1/step",
                 .min = 0,
                 .max = 1e-2,
                 .def = 1e-6,
                 .group = as,
                 .label = TR("Divergence hazard, stabilised"),
                 .help = TR("Loss-spike hazard per step for a stabilised recipe (DeepSeek-V3: no "
                            "rollbacks over 14.8T tokens)."),
                 S_NUM(assumptions.div_h0_pretrain)});
    t.push_back({.key = "assumptions.div_h0_unstable",
                 .unit = "1/step",
                 .min = 0,
                 .max = 1e-2,
                 .def = 8e-5,
                 .group = as,
                 .label = TR("Divergence hazard, unstabilised"),
                 .help = TR("Hazard per step for ≥100B dense models without qk-norm: PaLM 540B ~20 "
                            "spikes in ~255k steps = 7.8 × 10⁻⁵."),
                 S_NUM(assumptions.div_h0_unstable)});
    t.push_back({.key = "assumptions.div_h0_rl",
                 .unit = "1/iteration",
                 .min = 0,
                 .max = 1e-1,
                 .def = 1e-4,
                 .group = as,
                 .label = TR("RL collapse hazard"),
                 .help = TR("Collapse hazard per RL iteration with BF16 rollouts. Assumption "
                            "(phenomenological prior, risk-foundations.md §4.3)."),
                 S_NUM(assumptions.div_h0_rl)});
    t.push_back(
        {.key = "assumptions.lr_exponent",
         .unit = "exponent",
         .min = 0,
         .max = 12,
         .def = 6,
         .group = as,
         .label = TR("Learning-rate sensitivity"),
         .help = TR("Hazard grows as (lr factor)^k; k 4–8 (Wortsman et al. 2023 LR sweeps)."),
         S_NUM(assumptions.lr_exponent)});
    t.push_back({.key = "assumptions.quant_hazard_fp8",
                 .unit = "×",
                 .min = 1,
                 .max = 100,
                 .def = 8,
                 .group = as,
                 .label = TR("FP8 rollout hazard multiplier"),
                 .help = TR("RL hazard multiplier for FP8 rollouts without importance-sampling "
                            "correction (FlashRL: significant drop without TIS)."),
                 S_NUM(assumptions.quant_hazard_fp8)});
    t.push_back({.key = "assumptions.quant_hazard_int8",
                 .unit = "×",
                 .min = 1,
                 .max = 100,
                 .def = 10,
                 .group = as,
                 .label = TR("INT8 rollout hazard multiplier"),
                 .help = TR("As FP8, for INT8 rollouts (FlashRL, QuRL)."),
                 S_NUM(assumptions.quant_hazard_int8)});
    t.push_back(
        {.key = "assumptions.quant_hazard_int4",
         .unit = "×",
         .min = 1,
         .max = 200,
         .def = 20,
         .group = as,
         .label = TR("INT4 rollout hazard multiplier"),
         .help = TR("As FP8, for INT4 rollouts. Assumption: larger train–inference mismatch."),
         S_NUM(assumptions.quant_hazard_int4)});
    t.push_back({.key = "assumptions.tis_residual",
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0.05,
                 .group = as,
                 .label = TR("Penalty left with TIS"),
                 .help = TR("Share of the quantization hazard and mismatch left with truncated "
                            "importance sampling (FlashRL, FP8-RL: with TIS, FP8/INT8 rollouts "
                            "match BF16 learning)."),
                 S_NUM(assumptions.tis_residual)});
    t.push_back({.key = "assumptions.staleness_hazard",
                 .unit = "per step",
                 .min = 0,
                 .max = 10,
                 .def = 0.3,
                 .group = as,
                 .label = TR("Staleness hazard"),
                 .help = TR("Extra RL hazard per policy version of staleness in asynchronous "
                            "pipelines (AReaL caps staleness 1–8)."),
                 S_NUM(assumptions.staleness_hazard)});
    t.push_back({.key = "assumptions.div_unrec_new",
                 .unit = "probability",
                 .min = 0,
                 .max = 1,
                 .def = 0.1,
                 .group = as,
                 .label = TR("Unrecoverable divergence, first-of-kind run"),
                 .help = TR("Chance that a first-of-kind pre-training run of ≥100B parameters "
                            "diverges beyond rollback and must be re-planned: 0.05–0.2 "
                            "(risk-foundations.md §4.3, assumption); scaled by (size/100B)² "
                            "below 100B; a proven recipe carries none."),
                 S_NUM(assumptions.div_unrec_new),
                 .unc_low = 0.05,
                 .unc_high = 0.2,
                 .unc_source = "risk-foundations.md §4.3: 0.05–0.2 per >100B first-of-kind run"});
    t.push_back({.key = "assumptions.rl_mismatch_kl",
                 .scale = Log,
                 .unit = "nats/token",
                 .min = 1e-5,
                 .max = 0.1,
                 .def = 1e-3,
                 .group = as,
                 .label = TR("Sampler–trainer token KL (BF16)"),
                 .help = TR("KL between the rollout engine's and the trainer's token "
                            "probabilities at BF16 on a dense model: 10⁻³, range 4 × 10⁻⁴–10⁻² "
                            "(risk-foundations.md §3.3); ×3 for MoE, × the quantization "
                            "multiplier (less with TIS)."),
                 S_NUM(assumptions.rl_mismatch_kl),
                 .unc_low = 4e-4,
                 .unc_high = 1e-2,
                 .unc_source = "risk-foundations.md §3.3: sampler–trainer token KL 4 × 10⁻⁴–10⁻²"});
    t.push_back({.key = "assumptions.rl_collapse_eta50",
                 .scale = Log,
                 .unit = "η",
                 .min = 0.1,
                 .max = 10000,
                 .def = 64,
                 .group = as,
                 .label = TR("Mismatch at half-collapse"),
                 .help = TR("η = generated tokens per episode × token KL at which half of "
                            "reference-length runs collapse beyond rollback. Assumption anchored "
                            "on FlashRL: FP8/INT8 rollout without TIS on 32B reasoning (about "
                            "8,000 tokens × 8 × 10⁻³ = 64) has p_fail 0.3–0.6 (risk-foundations.md "
                            "§3.3)."),
                 S_NUM(assumptions.rl_collapse_eta50)});
    t.push_back({.key = "assumptions.rl_collapse_slope",
                 .unit = "per ln η",
                 .min = 0.1,
                 .max = 10,
                 .def = 2.5,
                 .group = as,
                 .label = TR("Mismatch collapse steepness"),
                 .help = TR("Slope of the logistic p_fail in ln η (risk-foundations.md §3.3); "
                            "2.5 puts a BF16 run with 8,000 generated tokens (η = 8) at 0.6 % "
                            "per reference run, near zero for a proven recipe."),
                 S_NUM(assumptions.rl_collapse_slope)});
    t.push_back({.key = "assumptions.rl_collapse_ref_iterations",
                 .scale = Log,
                 .unit = "iterations",
                 .min = 1,
                 .max = 1e6,
                 .def = 1000,
                 .group = as,
                 .label = TR("Reference RL run length"),
                 .help = TR("Iterations of the run the collapse prior is stated for; a shorter "
                            "run carries proportionally less hazard. Assumption."),
                 S_NUM(assumptions.rl_collapse_ref_iterations)});
    t.push_back(
        {.key = "assumptions.mismatch_slowdown",
         .unit = "share per ×",
         .min = 0,
         .max = 0.5,
         .def = 0.05,
         .group = as,
         .label = TR("Mismatch slowdown"),
         .help =
             TR("Extra RL iterations per unit of (mismatch multiplier − 1): a "
                "biased gradient learns slower (FlashRL: significant drop without "
                "TIS). Default: FP8 without TIS +35 % iterations, with TIS +1.75 %. Assumption."),
         S_NUM(assumptions.mismatch_slowdown)});
    t.push_back(
        {.key = "assumptions.div_detect_steps",
         .unit = "steps",
         .min = 0,
         .max = 10000,
         .def = 50,
         .group = as,
         .label = TR("Divergence detection"),
         .help = TR("Steps until a spike monitor fires (10–100, risk-foundations.md §4.3)."),
         S_NUM(assumptions.div_detect_steps),
         .unc_low = 10,
         .unc_high = 100,
         .unc_source = "risk-foundations.md §4.3: detection 10–100 steps"});
    t.push_back({.key = "assumptions.div_margin_steps",
                 .unit = "steps",
                 .min = 0,
                 .max = 10000,
                 .def = 100,
                 .group = as,
                 .label = TR("Rollback margin"),
                 .help = TR("Steps rolled back before the spike (PaLM: ~100 steps, §5.1)."),
                 S_NUM(assumptions.div_margin_steps),
                 .unc_low = 50,
                 .unc_high = 500,
                 .unc_source = "risk-foundations.md §9: rollback margin 50–500 steps (PaLM)"});
    t.push_back({.key = "assumptions.fp8_rollout_speedup",
                 .unit = "×",
                 .min = 1,
                 .max = 4,
                 .def = 1.4,
                 .group = as,
                 .label = TR("FP8 rollout compute speed-up"),
                 .help = TR("Compute-side speed-up of FP8/INT8 decode kernels (FP8-RL: up to 1.44× "
                            "rollout throughput)."),
                 S_NUM(assumptions.fp8_rollout_speedup),
                 .unc_low = 1.2,
                 .unc_high = 2.8,
                 .unc_source = "risk-foundations.md §9: FP8/INT8 rollout speed-up 1.2–2.8×"});
    t.push_back({.key = "assumptions.async_stall_s",
                 .unit = "s",
                 .min = 0,
                 .max = 600,
                 .def = 5,
                 .group = as,
                 .label = TR("Asynchronous checkpoint stall"),
                 .help = TR("Fixed stall of an asynchronous checkpoint: snapshot, barrier, staging "
                            "(PyTorch DCP async: 6.3 s for 7B; risk-foundations.md §9: 5 s)."),
                 S_NUM(assumptions.async_stall_s)});
    t.push_back({.key = "assumptions.instance_boot_s",
                 .unit = "s",
                 .min = 0,
                 .max = 3600,
                 .def = 60,
                 .group = as,
                 .label = TR("Instance boot, billed"),
                 .help = TR("Billed time of starting a released environment instance once per "
                            "iteration: EC2 per-second billing charges at least 60 s per start "
                            "(AWS EC2 pricing); container pools start faster."),
                 S_NUM(assumptions.instance_boot_s)});
    t.push_back({.key = "assumptions.iac_effort_factor",
                 .unit = "fraction",
                 .min = 0.05,
                 .max = 1,
                 .def = 0.6,
                 .group = as,
                 .label = TR("Effort left with infrastructure as code"),
                 .help = TR("Share of per-environment-type effort and maintenance staff left "
                            "when environments are defined as code. Assumption (no published "
                            "measurement): 0.6; set your team's own."),
                 S_NUM(assumptions.iac_effort_factor)});
    t.push_back({.key = "assumptions.d2h_gbps",
                 .unit = "GB/s",
                 .min = 0.1,
                 .max = 1000,
                 .def = 25,
                 .group = as,
                 .label = TR("Device-to-host bandwidth"),
                 .help = TR("Per-GPU copy bandwidth that bounds the stall of an asynchronous "
                            "checkpoint (PCIe Gen4 x16 ≈ 25 GB/s)."),
                 S_NUM(assumptions.d2h_gbps)});
    t.push_back({.key = "assumptions.estimate_sigma",
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0.1,
                 .group = as,
                 .label = TR("Total cost uncertainty"),
                 .help = TR("Relative standard deviation of the total used for the budget risk "
                            "until Monte Carlo exists."),
                 S_NUM(assumptions.estimate_sigma)});

    // ---- Phase: resources -----------------------------------------------------------------------
    auto res = TR("Resources");
    t.push_back({.key = "accelerator",
                 .phase_kinds = kAll,
                 .type = AcceleratorRef,
                 .scale = Categorical,
                 .group = res,
                 .label = TR("Accelerator"),
                 .help = TR("GPU type from the catalog (specifications and prices with sources)."),
                 .get_str = [](const Phase& p) { return p.accelerator; },
                 .set_str = [](Phase& p, const std::string& v) { p.accelerator = v; }});
    t.push_back({.key = "gpus",
                 .phase_kinds = kPretrainBit | kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 1e6,
                 .def = 1024,
                 .valid_min = 8,
                 .valid_max = 16384,
                 .group = res,
                 .label = TR("GPU count"),
                 .help = TR("GPUs held by the phase. Published runs span 384–16,384."),
                 P_NUM(gpus)});
    t.push_back({.key = "elastic_fraction",
                 .phase_kinds = kAll,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0,
                 .group = res,
                 .label = TR("Elastic share"),
                 .help = TR("Share of GPU-hours bought elastic (on-demand or spot); the rest is "
                            "reserved, fixed cost (article §3)."),
                 P_NUM(elastic_fraction)});
    t.push_back({.key = "purchase",
                 .phase_kinds = kAll,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kPurchase,
                 .group = res,
                 .label = TR("Elastic purchase kind"),
                 .help = TR("How the elastic share is bought. Spot is 60–90 % cheaper and can be "
                            "interrupted (AWS, GCP)."),
                 P_ENUM(purchase, Purchase),
                 .active = elasticActive});
    t.push_back({.key = "env_instance",
                 .phase_kinds = kRlBit | kEvalBit,
                 .type = InstanceRef,
                 .scale = Categorical,
                 .group = res,
                 .label = TR("Environment instance"),
                 .help = TR("Instance type running environment workers; light environments belong "
                            "on CPU instances (article §4)."),
                 .get_str = [](const Phase& p) { return p.env_instance; },
                 .set_str = [](Phase& p, const std::string& v) { p.env_instance = v; }});

    // ---- Phase: model -------------------------------------------------------------------------
    auto mdl = TR("Model");
    t.push_back({.key = "model.from_shape",
                 .phase_kinds = kAll,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = mdl,
                 .label = TR("Derive size from shape"),
                 .help = TR("Count parameters from layers, hidden size, heads, FFN and vocabulary; "
                            "off: give the count directly."),
                 P_BOOL(model.from_shape)});
    t.push_back(
        {.key = "model.params_total",
         .phase_kinds = kAll,
         .scale = Log,
         .unit = "params",
         .min = 1e6,
         .max = 1e14,
         .def = 8.03e9,
         .valid_min = 1e9,
         .valid_max = 7e11,
         .group = mdl,
         .label = TR("Parameters"),
         .help =
             TR("Total parameters when not derived from the shape. Default: Llama 3 8B (8.03B)."),
         .display_factor = 1e-9,
         .display_unit = "B",
         P_NUM(model.params_total),
         .active = countActive});
    t.push_back({.key = "model.params_active",
                 .phase_kinds = kAll,
                 .scale = Linear,
                 .unit = "params",
                 .min = 0,
                 .max = 1e14,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Active parameters"),
                 .help = TR("Parameters used per token (MoE); 0 means dense (= total)."),
                 .display_factor = 1e-9,
                 .display_unit = "B",
                 P_NUM(model.params_active),
                 .active = countActive});
    t.push_back({.key = "model.layers",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "layers",
                 .min = 1,
                 .max = 1000,
                 .def = 32,
                 .group = mdl,
                 .label = TR("Layers"),
                 .help = TR("Transformer blocks (L). Llama 3 8B: 32."),
                 P_NUM(model.layers),
                 .active = shapeActive});
    t.push_back({.key = "model.hidden",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Log,
                 .unit = "dimensions",
                 .min = 64,
                 .max = 262144,
                 .def = 4096,
                 .group = mdl,
                 .label = TR("Hidden size"),
                 .help = TR("Model width h. Llama 3 8B: 4096."),
                 P_NUM(model.hidden),
                 .active = shapeActive});
    t.push_back({.key = "model.heads",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "heads",
                 .min = 1,
                 .max = 1024,
                 .def = 32,
                 .group = mdl,
                 .label = TR("Attention heads"),
                 .help = TR("Query heads a."),
                 P_NUM(model.heads),
                 .active = shapeActive});
    t.push_back({.key = "model.kv_heads",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "heads",
                 .min = 1,
                 .max = 1024,
                 .def = 8,
                 .group = mdl,
                 .label = TR("KV heads"),
                 .help = TR("Key/value heads (GQA groups); equal to heads for MHA. Llama 3: 8."),
                 P_NUM(model.kv_heads),
                 .active = shapeActive});
    t.push_back({.key = "model.head_dim",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 2048,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Head dimension"),
                 .help = TR("0 = hidden / heads."),
                 .zero_label = TR("hidden ÷ heads"),
                 P_NUM(model.head_dim),
                 .active = shapeActive});
    t.push_back({.key = "model.ffn",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Log,
                 .unit = "dimensions",
                 .min = 1,
                 .max = 1e6,
                 .def = 14336,
                 .group = mdl,
                 .label = TR("FFN size"),
                 .help = TR("MLP inner size (per expert for MoE). Llama 3 8B: 14,336."),
                 P_NUM(model.ffn),
                 .active = shapeActive});
    t.push_back({.key = "model.vocab",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 128256,
                 .group = mdl,
                 .label = TR("Vocabulary"),
                 .help = TR("Tokens in the vocabulary. Llama 3: 128,256."),
                 P_NUM(model.vocab),
                 .active = shapeActive});
    t.push_back(
        {.key = "model.sliding_window",
         .phase_kinds = kAll,
         .type = Integer,
         .scale = Linear,
         .unit = "tokens",
         .min = 0,
         .max = 1e7,
         .def = 0,
         .group = mdl,
         .label = TR("Sliding window"),
         .help = TR("Attention window in tokens on sliding-window layers; 0 = full attention."),
         .zero_label = TR("full attention"),
         P_NUM(model.sliding_window),
         .active = shapeActive});
    t.push_back({.key = "model.experts",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "experts",
                 .min = 0,
                 .max = 4096,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Routed experts"),
                 .help = TR("MoE routed experts per MoE layer; 0 = dense."),
                 P_NUM(model.experts),
                 .active = shapeActive});
    t.push_back({.key = "model.top_k",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "experts",
                 .min = 0,
                 .max = 256,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Experts per token"),
                 .help = TR("Routed experts active per token (top-k)."),
                 P_NUM(model.top_k),
                 .active = moeActive});
    t.push_back({.key = "model.shared_experts",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .scale = Linear,
                 .unit = "experts",
                 .min = 0,
                 .max = 64,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Shared experts"),
                 .help = TR("Always-active experts (DeepSeek-V3: 1)."),
                 P_NUM(model.shared_experts),
                 .active = moeActive});
    t.push_back({.key = "model.capacity_factor",
                 .phase_kinds = kAll,
                 .type = Real,
                 .scale = Linear,
                 .unit = "×",
                 .min = 0,
                 .max = 8,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Expert capacity factor"),
                 .help = TR("Tokens an expert takes, as a multiple of an even share "
                            "(tokens × top-k ÷ experts); its buffers are padded to it, so "
                            "activation memory of the routed experts scales with it; below 1 "
                            "tokens are dropped. 0 = dropless routing, Megatron-Core's default "
                            "(--moe-expert-capacity-factor unset). Switch Transformer §2.2."),
                 .zero_label = TR("dropless"),
                 P_NUM(model.capacity_factor),
                 .active = moeActive});
    t.push_back({.key = "model.gated_mlp",
                 .phase_kinds = kAll,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = mdl,
                 .label = TR("Gated MLP"),
                 .help = TR("SwiGLU/GeGLU MLP with 3 matrices (Llama, Qwen) instead of 2 (GPT); "
                            "Megatron PR #682."),
                 P_BOOL(model.gated_mlp),
                 .active = shapeActive});
    t.push_back(
        {.key = "model.tied_embeddings",
         .phase_kinds = kAll,
         .type = Bool,
         .scale = Categorical,
         .max = 1,
         .def = 0,
         .group = mdl,
         .label = TR("Tied embeddings"),
         .help = TR(
             "Input embedding shared with the LM head: fewer parameters, same FLOPs (TRL #6708)."),
         P_BOOL(model.tied_embeddings),
         .active = shapeActive});
    t.push_back(
        {.key = "model.swa_layer_fraction",
         .phase_kinds = kAll,
         .unit = "fraction",
         .min = 0,
         .max = 1,
         .def = 0,
         .group = mdl,
         .label = TR("Sliding-window layers"),
         .help = TR("Share of layers using the sliding window (GPT-OSS: every other layer = 0.5)."),
         P_NUM(model.swa_layer_fraction),
         .active = swaActive});
    t.push_back(
        {.key = "model.moe_layer_fraction",
         .phase_kinds = kAll,
         .unit = "fraction",
         .min = 0,
         .max = 1,
         .def = 1,
         .group = mdl,
         .label = TR("MoE layers"),
         .help = TR("Share of layers whose MLP is a mixture of experts (DeepSeek-V3: 58 of 61)."),
         P_NUM(model.moe_layer_fraction),
         .active = moeActive});
    t.push_back({.key = "model.dense_ffn",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 1e6,
                 .def = 0,
                 .group = mdl,
                 .label = TR("Dense-layer FFN size"),
                 .help = TR("FFN size of the layers that are not MoE; 0 = the expert FFN size "
                            "(DeepSeek-V3: 18,432 in its first 3 layers, HF intermediate_size)."),
                 P_NUM(model.dense_ffn),
                 .active = moeActive});
    // Multi-head latent attention, DeepSeek-V2 paper §2.1 (arXiv 2405.04434) and the
    // DeepSeek-V3 config.json (kv_lora_rank 512, q_lora_rank 1536, RoPE 64, nope 128, v 128).
    t.push_back({.key = "model.kv_lora_rank",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 65536,
                 .def = 0,
                 .group = mdl,
                 .label = TR("MLA KV latent"),
                 .help = TR("Multi-head latent attention: the KV latent cached per token and layer "
                            "(DeepSeek-V2/V3: 512); 0 = no MLA (multi-head or grouped-query "
                            "attention)."),
                 P_NUM(model.kv_lora_rank),
                 .active = shapeActive});
    t.push_back({.key = "model.q_lora_rank",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 65536,
                 .def = 0,
                 .group = mdl,
                 .label = TR("MLA query latent"),
                 .help = TR("Query latent of MLA (DeepSeek-V3: 1,536); 0 = full-rank queries "
                            "(DeepSeek-V2-Lite)."),
                 P_NUM(model.q_lora_rank),
                 .active = mlaActive});
    t.push_back({.key = "model.qk_rope_head_dim",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 2048,
                 .def = 0,
                 .group = mdl,
                 .label = TR("MLA RoPE dimension"),
                 .help = TR("Decoupled RoPE query/key dimension per head, its key shared by all "
                            "heads and cached with the latent (DeepSeek-V2/V3: 64)."),
                 P_NUM(model.qk_rope_head_dim),
                 .active = mlaActive});
    t.push_back({.key = "model.qk_nope_head_dim",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 2048,
                 .def = 0,
                 .group = mdl,
                 .label = TR("MLA query/key dimension"),
                 .help = TR("Query/key dimension per head without RoPE (DeepSeek-V2/V3: 128)."),
                 P_NUM(model.qk_nope_head_dim),
                 .active = mlaActive});
    t.push_back({.key = "model.v_head_dim",
                 .phase_kinds = kAll,
                 .type = Integer,
                 .unit = "dimensions",
                 .min = 0,
                 .max = 2048,
                 .def = 0,
                 .group = mdl,
                 .label = TR("MLA value dimension"),
                 .help = TR("Value dimension per head under MLA (DeepSeek-V2/V3: 128)."),
                 P_NUM(model.v_head_dim),
                 .active = mlaActive});

    // ---- Phase: pre-training ------------------------------------------------------------------
    auto pt = TR("Pre-training");
    auto par = TR("Parallelism and memory");
    t.push_back({.key = "tokens",
                 .phase_kinds = kPretrainBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1e6,
                 .max = 1e15,
                 .def = 15e12,
                 .valid_min = 1e11,
                 // Published runs reach 36T (Qwen3 technical report, arXiv 2505.09388, §3); cost is
                 // linear in tokens, so lesson 1's 30T is no extrapolation (issue 49).
                 .valid_max = 4e13,
                 .group = pt,
                 .label = TR("Training tokens"),
                 .help = TR("Tokens trained on (T). Llama 3: 15T; Qwen3: 36T (arXiv 2505.09388); "
                            "Chinchilla-optimal ≈ 20 per parameter."),
                 // In T, as published runs and the lessons give them (issue 49: "15000 B"
                 // beside a lesson's "15 T").
                 .display_factor = 1e-12,
                 .display_unit = "T",
                 P_NUM(pretrain.tokens),
                 .active = tokensCounted});
    auto tgt = TR("Target");
    t.push_back(
        {.key = "target_loss",
         .phase_kinds = kPretrainBit,
         .unit = "nats/token",
         .min = 0,
         .max = 20,
         .def = 0,
         .group = tgt,
         .label = TR("Target loss"),
         .help = TR("Train until the loss law says this loss (nats per token, on the law's own "
                    "validation data) is reached at this model size; sets the training tokens. "
                    "0 = sized by the tokens you enter (issue 46; docs/model-reference.md §11)."),
         .zero_label = TR("none"),
         P_NUM(pretrain.target_loss)});
    t.push_back({.key = "loss_law",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = double(lossLawChoices().size() - 1),
                 .def = 0,
                 .choices = lossLawChoices(),
                 .group = tgt,
                 .label = TR("Loss law"),
                 .help = TR("L(N, D) = E + A/N^α + B/D^β. Besiroglu et al. 2024 refit Chinchilla's "
                            "runs (arXiv 2404.10102); Hoffmann et al. 2022 approach 3 as "
                            "published; the VPNLS refit of Llama 3's IsoFLOP runs (arXiv "
                            "2603.22339). Custom: your own fit or values "
                            "typed in."),
                 P_NUM(pretrain.loss_law),
                 .active = lossTargetActive});
    t.push_back({.key = "law.e",
                 .phase_kinds = kPretrainBit,
                 .unit = "nats/token",
                 .min = 0,
                 .max = 20,
                 .def = 1.8172,
                 .group = tgt,
                 .label = TR("Law: irreducible loss E"),
                 .help = TR("E, nats per token: the loss an infinite model reaches on infinite "
                            "data (Besiroglu et al. 2024: 1.8172)."),
                 P_NUM(pretrain.law.E),
                 .active = customLawActive});
    t.push_back({.key = "law.a",
                 .phase_kinds = kPretrainBit,
                 .unit = "coefficient",
                 .min = 0,
                 .max = 1e15,
                 .def = 482.01,
                 .group = tgt,
                 .label = TR("Law: model term A"),
                 .help = TR("A of A/N^α, N in parameters (Besiroglu et al. 2024: 482.01)."),
                 P_NUM(pretrain.law.A),
                 .active = customLawActive});
    t.push_back({.key = "law.b",
                 .phase_kinds = kPretrainBit,
                 .unit = "coefficient",
                 .min = 0,
                 .max = 1e15,
                 .def = 2085.43,
                 .group = tgt,
                 .label = TR("Law: data term B"),
                 .help = TR("B of B/D^β, D in tokens (Besiroglu et al. 2024: 2,085.43)."),
                 P_NUM(pretrain.law.B),
                 .active = customLawActive});
    t.push_back(
        {.key = "law.alpha",
         .phase_kinds = kPretrainBit,
         .unit = "exponent",
         .min = 0,
         .max = 2,
         .def = 0.3478,
         .group = tgt,
         .label = TR("Law: model exponent α"),
         .help = TR(
             "α of A/N^α (Besiroglu et al. 2024: 0.3478). 0 with A = 0: a fit at one model size."),
         P_NUM(pretrain.law.alpha),
         .active = customLawActive});
    t.push_back({.key = "law.beta",
                 .phase_kinds = kPretrainBit,
                 .unit = "exponent",
                 .min = 0.01,
                 .max = 2,
                 .def = 0.3658,
                 .group = tgt,
                 .label = TR("Law: data exponent β"),
                 .help = TR("β of B/D^β (Besiroglu et al. 2024: 0.3658)."),
                 P_NUM(pretrain.law.beta),
                 .active = customLawActive});
    t.push_back({.key = "law_sigma",
                 .phase_kinds = kPretrainBit,
                 .unit = "nats/token",
                 .min = 0,
                 .max = 5,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Law: standard error of E"),
                 .help = TR("Standard error of E from your fit's bootstrap (costlab-cli fit prints "
                            "it). The tokens a target needs then carry σ(ln D) = σ_E/(β·(target − "
                            "floor)), which the Monte Carlo samples. 0 = none."),
                 P_NUM(pretrain.law_sigma),
                 .active = customLawActive});
    t.push_back({.key = "law_fit.n_min",
                 .phase_kinds = kPretrainBit,
                 .unit = "params",
                 .min = 0,
                 .max = 1e16,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Law: smallest model fitted"),
                 .help = TR("Parameters of the smallest run the custom law was fitted on (Fit to "
                            "my runs… fills it). A model outside the fitted sizes is flagged as an "
                            "extrapolation. 0 = not given."),
                 .display_factor = 1e-09,
                 .display_unit = "B",
                 .zero_label = TR("not given"),
                 P_NUM(pretrain.law_fit_n_min),
                 .active = customLawActive});
    t.push_back({.key = "law_fit.n_max",
                 .phase_kinds = kPretrainBit,
                 .unit = "params",
                 .min = 0,
                 .max = 1e16,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Law: largest model fitted"),
                 .help = TR("Parameters of the largest run the custom law was fitted on. A fit at "
                            "one size (smallest = largest) flags every other model size: its E "
                            "holds A/N^α of that size only. 0 = not given."),
                 .display_factor = 1e-09,
                 .display_unit = "B",
                 .zero_label = TR("not given"),
                 P_NUM(pretrain.law_fit_n_max),
                 .active = customLawActive});
    t.push_back(
        {.key = "law_fit.d_min",
         .phase_kinds = kPretrainBit,
         .unit = "tokens",
         .min = 0,
         .max = 1e16,
         .def = 0,
         .group = tgt,
         .label = TR("Law: fewest tokens fitted"),
         .help = TR("Fewest tokens of a point the custom law was fitted on. 0 = not given."),
         .display_factor = 1e-09,
         .display_unit = "B",
         .zero_label = TR("not given"),
         P_NUM(pretrain.law_fit_d_min),
         .active = customLawActive});
    t.push_back({.key = "law_fit.d_max",
                 .phase_kinds = kPretrainBit,
                 .unit = "tokens",
                 .min = 0,
                 .max = 1e16,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Law: most tokens fitted"),
                 .help = TR("Most tokens of a point the custom law was fitted on; a target that "
                            "needs more is an extrapolation. 0 = not given."),
                 .display_factor = 1e-09,
                 .display_unit = "B",
                 .zero_label = TR("not given"),
                 P_NUM(pretrain.law_fit_d_max),
                 .active = customLawActive});
    // How the loss reads as a benchmark score (issue 46, item 5): for the value comparison of
    // routes only; evaluate() does not read it.
    t.push_back({.key = "score_map.mid",
                 .phase_kinds = kPretrainBit,
                 .unit = "nats/token",
                 .min = 0,
                 .max = 20,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Score map: midpoint loss"),
                 .help = TR("S(L) = floor + (ceiling − floor)/(1 + e^(k·(L − L_mid))): the loss, "
                            "on the law's scale, at which your benchmark score is half-way from "
                            "floor to ceiling. The sigmoid of Llama 3 §3.2.1 and the OLMo model "
                            "ladder (arXiv 2412.04403, eq. 2); neither publishes values for a "
                            "loss law's scale, so fit it to your own small runs' evaluations. "
                            "0 = off. Used to compare routes on value (Compare → Value)."),
                 .zero_label = TR("off"),
                 P_NUM(pretrain.score_map.mid)});
    t.push_back({.key = "score_map.slope",
                 .phase_kinds = kPretrainBit,
                 .unit = "per nat/token",
                 .min = 0,
                 .max = 1000,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Score map: slope k"),
                 .help = TR("k of the score map: how sharply the score rises as the loss falls "
                            "past the midpoint, per nat/token. 0 = off."),
                 .zero_label = TR("off"),
                 P_NUM(pretrain.score_map.slope),
                 .active = scoreMapActive});
    t.push_back({.key = "score_map.floor",
                 .phase_kinds = kPretrainBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0,
                 .group = tgt,
                 .label = TR("Score map: chance score"),
                 .help = TR("The score of a model that has learnt nothing (0 for pass rates, 0.25 "
                            "for four-way multiple choice)."),
                 P_NUM(pretrain.score_map.floor),
                 .active = scoreMapActive});
    t.push_back({.key = "score_map.ceiling",
                 .phase_kinds = kPretrainBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 1,
                 .group = tgt,
                 .label = TR("Score map: best score"),
                 .help = TR("The score the map approaches as the loss falls (1 unless the "
                            "benchmark has unanswerable items)."),
                 P_NUM(pretrain.score_map.ceiling),
                 .active = scoreMapActive});
    t.push_back({.key = "seq_len",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 16,
                 .max = 1e7,
                 .def = 8192,
                 .valid_min = 1024,
                 .valid_max = 131072,
                 .group = pt,
                 .label = TR("Sequence length"),
                 .help = TR("Training context s (Llama 3: 8,192)."),
                 P_NUM(pretrain.seq_len)});
    t.push_back({.key = "global_batch_tokens",
                 .phase_kinds = kPretrainBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1e3,
                 .max = 1e10,
                 .def = 16.8e6,
                 .group = pt,
                 .label = TR("Global batch"),
                 .help = TR("Tokens per optimizer step; sets the step count for the divergence "
                            "hazard (Llama 3: 16M)."),
                 .display_factor = 1e-6,
                 .display_unit = "M",
                 P_NUM(pretrain.global_batch_tokens)});
    t.push_back({.key = "precision",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kTrainPrecision,
                 .group = pt,
                 .label = TR("Training precision"),
                 .help = TR("FP8 GEMMs raise throughput by the FP8 speed-up assumption; optimizer "
                            "state stays FP32 (DeepSeek-V3)."),
                 P_ENUM(pretrain.precision, TrainPrecision)});
    t.push_back(
        {.key = "mfu",
         .phase_kinds = kPretrainBit,
         .unit = "fraction",
         .min = 0,
         .max = 1,
         .def = 0,
         .valid_min = 0,
         .valid_max = 0.6,
         .group = pt,
         .label = TR("Pinned MFU"),
         .help = TR(
             "Model-FLOPs utilisation (PaLM App. B convention) to use instead of the "
             "step-time model. 0 = predicted from the parallel layout (docs/model-reference.md)."),
         .zero_label = TR("predicted"),
         P_NUM(pretrain.mfu)});
    t.push_back({.key = "measured_tflops",
                 .phase_kinds = kPretrainBit,
                 .unit = "TFLOP/s",
                 .min = 0,
                 .max = 10000,
                 .def = 0,
                 .valid_min = 0,
                 .valid_max = 2000,
                 .group = pt,
                 .label = TR("Measured TFLOP/s per GPU"),
                 .help = TR("Model TFLOP/s per GPU measured on your cluster; overrides the pinned "
                            "MFU and the step-time model. 0 = none."),
                 .zero_label = TR("none"),
                 P_NUM(pretrain.measured_tflops)});
    t.push_back({.key = "measured_tokens_s",
                 .phase_kinds = kPretrainBit,
                 .unit = "tokens/s",
                 .min = 0,
                 .max = 1e8,
                 .def = 0,
                 .valid_min = 0,
                 .valid_max = 1e6,
                 .group = pt,
                 .label = TR("Measured tokens/s per GPU"),
                 .help = TR("Training throughput per GPU measured on your cluster; overrides "
                            "everything else. 0 = none."),
                 .zero_label = TR("none"),
                 P_NUM(pretrain.measured_tokens_s)});
    t.push_back({.key = "eval_interval",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "steps",
                 .min = 0,
                 .max = 1e7,
                 .def = 1000,
                 .group = pt,
                 .label = TR("Evaluation interval"),
                 .help = TR("Optimizer steps between validation passes (Megatron --eval-interval; "
                            "1,000 in its GPT-3 175B example script, 100 in its Llama 3 8B FP8 "
                            "one). Each pass pauses training for its forward-only iterations. "
                            "0 = no evaluation during training."),
                 .zero_label = TR("none"),
                 P_NUM(pretrain.eval_interval)});
    t.push_back({.key = "eval_iters",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "iterations",
                 .min = 0,
                 .max = 1e5,
                 .def = 10,
                 .group = pt,
                 .label = TR("Evaluation iterations"),
                 .help = TR("Forward-only iterations of one validation pass, each a third of a "
                            "training step's time (a quarter under full recompute) (Megatron "
                            "--eval-iters; 10 in its GPT-3 175B example script, 32 in its Llama 3 "
                            "8B FP8 one)."),
                 P_NUM(pretrain.eval_iters)});
    t.push_back({.key = "long_seq_len",
                 .phase_kinds = kPretrainBit,
                 .unit = "tokens",
                 .min = 0,
                 .max = 1e7,
                 .def = 0,
                 .valid_min = 0,
                 .valid_max = 1048576,
                 .group = pt,
                 .label = TR("Long-context stage: context"),
                 .help = TR("Context length of a final long-context stage (Llama 3: 8K, then 128K "
                            "for the last 800B tokens). 0 = no such stage."),
                 .zero_label = TR("none"),
                 P_NUM(pretrain.long_seq_len)});
    t.push_back({.key = "long_tokens",
                 .phase_kinds = kPretrainBit,
                 .unit = "tokens",
                 .min = 0,
                 .max = 1e15,
                 .def = 0,
                 .valid_min = 0,
                 .valid_max = 1e14,
                 .group = pt,
                 .label = TR("Long-context stage: tokens"),
                 .help = TR("Tokens (part of the phase's tokens) trained at the long context; "
                            "attention FLOPs and step time follow the schedule."),
                 .display_factor = 1e-9,
                 .display_unit = "B",
                 P_NUM(pretrain.long_tokens)});
    t.push_back({.key = "lr_factor",
                 .phase_kinds = kPretrainBit,
                 .scale = Log,
                 .unit = "×",
                 .min = 0.1,
                 .max = 10,
                 .def = 1,
                 .valid_min = 0.5,
                 .valid_max = 2,
                 .group = pt,
                 .label = TR("Learning-rate factor"),
                 .help = TR("Learning rate relative to the recipe's largest stable rate; hazard ∝ "
                            "factor^k (Wortsman et al. 2023)."),
                 P_NUM(pretrain.lr_factor)});
    t.push_back({.key = "qk_norm",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = pt,
                 .label = TR("Stabilised recipe"),
                 .help = TR("qk-layernorm, z-loss and similar stabilisers on; off uses the PaLM "
                            "spike rate for ≥100B models."),
                 P_BOOL(pretrain.qk_norm)});
    t.push_back({.key = "first_of_kind",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = pt,
                 .label = TR("First-of-kind run"),
                 .help = TR("The first run of this recipe at this scale: it carries the chance "
                            "of a divergence no rollback fixes (assumptions.div_unrec_new); a "
                            "repeat of a proven recipe carries none (DeepSeek-V3: no "
                            "irrecoverable spikes)."),
                 P_BOOL(pretrain.first_of_kind)});
    t.push_back({.key = "optimizer",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kOptimizer,
                 .group = par,
                 .label = TR("Optimizer"),
                 .help = TR("Bytes per parameter: AdamW 2+2+12 = 16 (ZeRO paper), 8-bit AdamW "
                            "2+2+4+2 = 10, SGD 2+2+8 = 12."),
                 P_ENUM(pretrain.optimizer, Optimizer)});
    t.push_back({.key = "state_precision",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 4,
                 .choices = kStatePrecision,
                 .group = par,
                 .label = TR("Training-state precision"),
                 .help = kStatePrecisionHelp,
                 P_ENUM(pretrain.state_precision, StatePrecision)});
    t.push_back({.key = "offload",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kOffload,
                 .group = par,
                 .label = TR("CPU offload"),
                 .help = kOffloadHelp,
                 P_ENUM(pretrain.offload, Offload)});
    t.push_back({.key = "recompute",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .def = 1,
                 .choices = kRecompute,
                 .group = par,
                 .label = TR("Activation recompute"),
                 .help = TR("Korthikanti et al. 2022: selective drops the 5as/h term, full keeps "
                            "2sbh per layer and costs 8 instead of 6 FLOPs/param-token."),
                 P_ENUM(pretrain.recompute, Recompute)});
    t.push_back({.key = "recompute_norms",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("Recompute norms"),
                 .help = TR("With selective recompute, discard the outputs of the MLA "
                            "attention's and the MoE layer's input norms and recompute them in "
                            "backward (Megatron-Core --recompute-modules layernorm; DeepSeek-V3 "
                            "§3.2.3 recomputes every RMSNorm). Norms fused into a LayerNormLinear "
                            "have nothing to discard."),
                 P_BOOL(pretrain.recompute_norms),
                 .active = selectiveActive});
    t.push_back({.key = "recompute_moe_act",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("Recompute expert activation"),
                 .help = TR("With selective recompute, the routed experts' SwiGLU output (f per "
                            "token copy) is recomputed from its input in backward "
                            "(--recompute-modules moe_act; DeepSeek-V3 §3.3.3)."),
                 P_BOOL(pretrain.recompute_moe_act),
                 .active = selectiveMoeActive});
    t.push_back({.key = "recompute_mla_up",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("Recompute MLA up-projections"),
                 .help = TR("With selective recompute, MLA keeps only its latents: q, k and v "
                            "are rebuilt from them in backward, two more GEMMs per layer "
                            "(--recompute-modules mla_up_proj; DeepSeek-V3 §3.2.3)."),
                 P_BOOL(pretrain.recompute_mla_up),
                 .active = selectiveMlaActive});
    t.push_back({.key = "fp8_act_input",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("FP8 activation input"),
                 .help = TR("FP8 training: keep the activation's input (fc1's output) in FP8 for "
                            "backward (Megatron-Core --activation-func-fp8-input-store; "
                            "DeepSeek-V3 §3.3.3). Linear inputs are kept in FP8 anyway under "
                            "Transformer Engine."),
                 P_BOOL(pretrain.fp8_act_input),
                 .active = fp8Active});
    t.push_back(
        {.key = "flash_attention",
         .phase_kinds = kPretrainBit,
         .type = Bool,
         .scale = Categorical,
         .max = 1,
         .def = 1,
         .group = par,
         .label = TR("FlashAttention"),
         .help = TR("No s² attention scores stored (same as selective recompute for memory)."),
         P_BOOL(pretrain.flash_attention)});
    t.push_back({.key = "tp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 64,
                 .def = 1,
                 .group = par,
                 .label = TR("Tensor parallel (TP)"),
                 .help = TR("Tensor-parallel degree; divides model state and (with sequence "
                            "parallel) activations."),
                 P_NUM(pretrain.tp)});
    t.push_back(
        {.key = "pp",
         .phase_kinds = kPretrainBit,
         .type = Integer,
         .unit = "stages",
         .min = 1,
         .max = 512,
         .def = 1,
         .group = par,
         .label = TR("Pipeline parallel (PP)"),
         .help = TR(
             "Pipeline stages; the first stage holds PP micro-batches of L/PP layers under 1F1B."),
         P_NUM(pretrain.pp)});
    t.push_back({.key = "ep",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 4096,
                 .def = 1,
                 .group = par,
                 .label = TR("Expert parallel (EP)"),
                 .help = TR("Expert-parallel degree; divides routed expert weights of MoE models."),
                 P_NUM(pretrain.ep)});
    t.push_back({.key = "etp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 0,
                 .max = 64,
                 .def = 0,
                 .group = par,
                 .label = TR("Expert tensor parallel (ETP)"),
                 .help = TR("Splits each routed expert's FFN over ETP GPUs; EP × ETP must divide "
                            "the TP × CP × DP GPUs of a pipeline stage, and the experts' "
                            "gradients reduce over the rest (Megatron-Core "
                            "--expert-tensor-parallel-size). 0 = TP, Megatron's default."),
                 .zero_label = TR("= TP"),
                 P_NUM(pretrain.etp),
                 .active = moeActive});
    t.push_back({.key = "cp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 1024,
                 .def = 1,
                 .group = par,
                 .label = TR("Context parallel (CP)"),
                 .help = TR("Splits each sequence over CP GPUs; K/V blocks pass around a ring "
                            "(Megatron-Core context parallelism). DP = GPUs / (TP·PP·CP)."),
                 P_NUM(pretrain.cp)});
    t.push_back({.key = "vpp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "stages",
                 .min = 1,
                 .max = 64,
                 .def = 1,
                 .group = par,
                 .label = TR("Virtual pipeline stages"),
                 .help = TR("Model chunks per pipeline rank (interleaved 1F1B): the bubble "
                            "shrinks to (PP−1)/(m·v), point-to-point sends grow v-fold "
                            "(Narayanan et al. 2021)."),
                 P_NUM(pretrain.vpp)});
    t.push_back({.key = "pp_group",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "micro-batches",
                 .min = 0,
                 .max = 4096,
                 .def = 0,
                 .group = par,
                 .label = TR("Micro-batches per chunk group"),
                 .help = TR("Interleaved 1F1B: micro-batches that pass one model chunk before the "
                            "next. The first stage holds (PP−1)·2 + (v−1)·N + 1 chunks in "
                            "warm-up, so a smaller N holds less (Megatron-Core "
                            "--microbatch-group-size-per-virtual-pipeline-stage, which accepts "
                            "PP ≤ N ≤ micro-batches; Llama 3 §3.3.2 trained 405B with its own "
                            "schedule at N = 5 < PP = 16, bubble (PP−1)/(v·m) as before)."),
                 .zero_label = TR("= PP"),
                 P_NUM(pretrain.pp_group),
                 .active = interleavedActive});
    t.push_back({.key = "sequence_parallel",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = par,
                 .label = TR("Sequence parallel"),
                 .help = TR("Norms and dropout split over the TP group (Korthikanti et al. 2022)."),
                 P_BOOL(pretrain.sequence_parallel)});
    t.push_back({.key = "overlap_dp",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = par,
                 .label = TR("Overlap DP communication"),
                 .help = TR("Gradient reduce-scatter during the last backward and parameter "
                            "all-gather during the first forward (Megatron --overlap-grad-reduce "
                            "--overlap-param-gather), in buckets of max(40 M, 1 M × DP) "
                            "parameters: the last bucket cannot overlap, so at a large DP, where "
                            "one bucket holds a rank's gradients, nothing does."),
                 P_BOOL(pretrain.overlap_dp)});
    t.push_back({.key = "overlap_tp",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("Overlap TP communication"),
                 .help = TR("TP collectives hidden behind GEMMs (Megatron --tp-comm-overlap), "
                            "as Transformer Engine runs them by default: the overlapped GEMMs "
                            "give 16 SMs to the communication and the last of 4 reduce-scatter "
                            "splits is exposed."),
                 P_BOOL(pretrain.overlap_tp)});
    t.push_back({.key = "overlap_ep",
                 .phase_kinds = kPretrainBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = par,
                 .label = TR("Overlap EP communication"),
                 .help = TR("MoE: each micro-batch's expert all-to-all runs behind the previous "
                            "micro-batch's forward and backward (Megatron-Core "
                            "--overlap-moe-expert-parallel-comm, DeepSeek-V3's DualPipe); the "
                            "communication kernels keep 20 SMs (DeepSeek-V3 §3.2.2) and one more "
                            "micro-batch is held in flight. Megatron needs EP > 1, virtual "
                            "stages when PP > 1, and no full recompute (ignored there)."),
                 P_BOOL(pretrain.overlap_ep),
                 .active = moeActive});
    t.push_back({.key = "zero_stage",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .def = 1,
                 .choices = kZero,
                 .group = par,
                 .label = TR("ZeRO stage"),
                 .help = TR("Sharding over data parallel: 1 optimizer, 2 + gradients, 3/FSDP + "
                            "weights (Rajbhandari et al. 2020)."),
                 P_NUM(pretrain.zero_stage)});
    t.push_back({.key = "sharded_dp",
                 .phase_kinds = kPretrainBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .def = double(int(ShardedDp::MegatronFsdp)),
                 .choices = kShardedDpChoices,
                 .group = par,
                 .label = TR("ZeRO-3 framework"),
                 .help = kShardedDpHelp,
                 P_ENUM(pretrain.sharded_dp, ShardedDp),
                 .active = shardedActive});
    t.push_back(
        {.key = "micro_batch",
         .phase_kinds = kPretrainBit,
         .type = Integer,
         .scale = Log,
         .unit = "sequences",
         .min = 1,
         .max = 4096,
         .def = 1,
         .group = par,
         .label = TR("Micro-batch"),
         .help = TR("Sequences per GPU per forward pass (b); activations grow linearly with it."),
         P_NUM(pretrain.micro_batch)});

    // The long-context stage's own layout (issue 45): 0 = the main stage's degree.
    auto lc = TR("Long-context stage layout");
    t.push_back({.key = "long_tp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 0,
                 .max = 64,
                 .def = 0,
                 .group = lc,
                 .label = TR("Long-context stage: TP"),
                 .help = TR("Tensor-parallel degree of the long-context stage; real runs switch "
                            "layout for long context. 0 = the main stage's TP."),
                 .zero_label = TR("= main"),
                 P_NUM(pretrain.long_tp),
                 .active = longStageActive});
    t.push_back({.key = "long_pp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "stages",
                 .min = 0,
                 .max = 512,
                 .def = 0,
                 .group = lc,
                 .label = TR("Long-context stage: PP"),
                 .help = TR("Pipeline stages of the long-context stage. 0 = the main stage's PP."),
                 .zero_label = TR("= main"),
                 P_NUM(pretrain.long_pp),
                 .active = longStageActive});
    t.push_back({.key = "long_vpp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "stages",
                 .min = 0,
                 .max = 64,
                 .def = 0,
                 .group = lc,
                 .label = TR("Long-context stage: virtual stages"),
                 .help = TR("Virtual pipeline stages per rank of the long-context stage. 0 = the "
                            "main stage's."),
                 .zero_label = TR("= main"),
                 P_NUM(pretrain.long_vpp),
                 .active = longStageActive});
    t.push_back({.key = "long_cp",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 0,
                 .max = 1024,
                 .def = 0,
                 .group = lc,
                 .label = TR("Long-context stage: CP"),
                 .help = TR("Context-parallel degree of the long-context stage (Llama 3: CP 1 at "
                            "8K, CP 16 at 128K, §3.3.2). 0 = the main stage's CP."),
                 .zero_label = TR("= main"),
                 P_NUM(pretrain.long_cp),
                 .active = longStageActive});
    t.push_back({.key = "long_micro_batch",
                 .phase_kinds = kPretrainBit,
                 .type = Integer,
                 .unit = "sequences",
                 .min = 0,
                 .max = 4096,
                 .def = 0,
                 .group = lc,
                 .label = TR("Long-context stage: micro-batch"),
                 .help = TR("Sequences per GPU per forward pass in the long-context stage. 0 = "
                            "the main stage's micro-batch."),
                 .zero_label = TR("= main"),
                 P_NUM(pretrain.long_micro_batch),
                 .active = longStageActive});

    // ---- Phase: RL ----------------------------------------------------------------------------
    auto rl = TR("RL algorithm");
    auto ro = TR("Rollout");
    auto tr = TR("Trainer");
    auto env = TR("Environments");
#define R(f) P_NUM(rl.f)
    t.push_back({.key = "algorithm",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .choices = kAlgorithm,
                 .group = rl,
                 .label = TR("Algorithm"),
                 .help = TR("PPO: actor + critic + reference + reward model; GRPO: actor + "
                            "reference (risk-foundations.md §3.1)."),
                 P_ENUM(rl.algorithm, RlAlgorithm)});
    t.push_back({.key = "mode",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kMode,
                 .group = rl,
                 .label = TR("Training mode"),
                 .help = TR("Full fine-tuning, LoRA (frozen BF16 base) or QLoRA (4-bit base "
                            "weights, Dettmers et al. 2023)."),
                 P_ENUM(rl.mode, TrainingMode)});
    t.push_back(
        {.key = "lora_rank",
         .phase_kinds = kRlBit,
         .type = Integer,
         .scale = Log,
         .unit = "rank",
         .min = 1,
         .max = 4096,
         .def = 64,
         .group = rl,
         .label = TR("LoRA rank"),
         .help = TR(
             "Rank r of the adapters; trainable parameters = r·(d_in + d_out) per adapted matrix."),
         R(lora_rank),
         .active = loraActive});
    t.push_back(
        {.key = "lora_targets",
         .phase_kinds = kRlBit,
         .type = Choice,
         .scale = Categorical,
         .max = 1,
         .def = 1,
         .choices = kLoraTargets,
         .group = rl,
         .label = TR("LoRA targets"),
         .help = TR("Adapt attention projections only, or every linear layer (QLoRA paper)."),
         P_ENUM(rl.lora_targets, LoraTargets),
         .active = loraActive});
    t.push_back({.key = "optimizer",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kOptimizer,
                 .group = tr,
                 .label = TR("Optimizer"),
                 .help = TR("Bytes per trainable parameter: AdamW 16, 8-bit AdamW 10, SGD 12."),
                 P_ENUM(rl.optimizer, Optimizer)});
    t.push_back({.key = "state_precision",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 4,
                 .choices = kStatePrecision,
                 .group = tr,
                 .label = TR("Training-state precision"),
                 .help = kStatePrecisionHelp,
                 P_ENUM(rl.state_precision, StatePrecision)});
    t.push_back({.key = "offload",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .choices = kOffload,
                 .group = tr,
                 .label = TR("CPU offload"),
                 .help = kOffloadHelp,
                 P_ENUM(rl.offload, Offload)});
    t.push_back({.key = "iterations",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "iterations",
                 .min = 1,
                 .max = 1e7,
                 .def = 500,
                 .valid_min = 50,
                 .valid_max = 20000,
                 .group = rl,
                 .label = TR("RL iterations"),
                 .help = TR("Policy updates. DeepSeek-R1-Zero: 10,400 steps; veRL DAPO runs: 400."),
                 R(iterations),
                 .active = iterationsCounted});
    auto rtg = TR("Target");
    t.push_back({.key = "target_score",
                 .phase_kinds = kRlBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0,
                 .group = rtg,
                 .label = TR("Target score"),
                 .help = TR("Run until the compute–performance curve says this score (pass rate, "
                            "0–1, on the curve's own prompts) is reached; sets the RL iterations "
                            "from the plan's GPU-hours per iteration. 0 = sized by the iterations "
                            "you enter (issue 46; docs/model-reference.md §11)."),
                 .zero_label = TR("none"),
                 R(target_score)});
    t.push_back(
        {.key = "rl_curve",
         .phase_kinds = kRlBit,
         .type = Choice,
         .scale = Categorical,
         .max = double(rlCurveChoices().size() - 1),
         .def = 0,
         .choices = rlCurveChoices(),
         .group = rtg,
         .label = TR("Compute–performance curve"),
         .help = TR("R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B). ScaleRL presets: Khatri et al. "
                    "2025 (arXiv 2510.13786) table 1, GB200 GPU-hours, pass rate on "
                    "held-out Polaris-53K math prompts; GPU-hours become policy steps at the "
                    "paper's GPU-hours per step (100,000 GPU-hours in 7,400 steps for the 8B), "
                    "and this phase runs that many iterations. Custom: your own fit or values "
                    "typed in."),
         R(rl_curve),
         .active = scoreTargetActive});
    t.push_back({.key = "curve.r0",
                 .phase_kinds = kRlBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0.2,
                 .group = rtg,
                 .label = TR("Start score R0"),
                 .help = TR("Your base model's score before RL, on the same prompts as the target "
                            "(Khatri et al. report none for their runs: measure yours; 0.2 is a "
                            "placeholder). Not used when a pre-training phase before this one has "
                            "a score map: R0 is then the score its loss reads as."),
                 R(curve.R0),
                 .active = typedR0Active});
    t.push_back({.key = "curve.a",
                 .phase_kinds = kRlBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0.6,
                 .group = rtg,
                 .label = TR("Curve: asymptote A"),
                 .help = TR("The score the recipe approaches with unlimited compute (ScaleRL 8B: "
                            "0.610)."),
                 R(curve.A),
                 .active = customCurveActive});
    t.push_back({.key = "curve.b",
                 .phase_kinds = kRlBit,
                 .unit = "exponent",
                 .min = 0.05,
                 .max = 20,
                 .def = 1.5,
                 .group = rtg,
                 .label = TR("Curve: efficiency B"),
                 .help = TR("How steeply the score rises around C_mid (ScaleRL 8B: 1.92)."),
                 R(curve.B),
                 .active = customCurveActive});
    t.push_back({.key = "curve.c_mid",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "curve units",
                 .min = 1e-3,
                 .max = 1e12,
                 .def = 2000,
                 .group = rtg,
                 .label = TR("Curve: midpoint C_mid"),
                 .help = TR("Compute at which half of the gain A − R0 is made, in the curve's "
                            "unit (ScaleRL 8B: 2,542 GB200 GPU-hours)."),
                 R(curve.C_mid),
                 .active = customCurveActive});
    t.push_back({.key = "curve_unit",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kRlComputeUnit,
                 .group = rtg,
                 .label = TR("Curve: compute unit"),
                 .help = TR("What the curve's compute counts: GPU-hours (of the GPUs below) or "
                            "RL iterations of this plan."),
                 P_ENUM(rl.curve_unit, RlComputeUnit),
                 .active = customCurveActive});
    t.push_back({.key = "curve_step_gpu_hours",
                 .phase_kinds = kRlBit,
                 .unit = "GPU-hours",
                 .min = 0,
                 .max = 1e7,
                 .def = 0,
                 .group = rtg,
                 .label = TR("Curve: GPU-hours per step of its runs"),
                 .help = TR("GPU-hours one policy step took in the runs the curve was fitted on. "
                            "The curve's compute divided by it is the policy steps the target "
                            "needs; this phase runs that many iterations at its own cost. 0 = "
                            "this phase's own GPU-hours per iteration (your runs were small "
                            "versions of this plan)."),
                 .zero_label = TR("this phase's own"),
                 R(curve_step_gpu_hours),
                 .active = customCurveGpuHours});
    t.push_back(
        {.key = "curve_sigma",
         .phase_kinds = kRlBit,
         .unit = "fraction",
         .min = 0,
         .max = 1,
         .def = 0,
         .group = rtg,
         .label = TR("Curve: standard error of A"),
         .help = TR("Standard error of the asymptote A from your fit's bootstrap (costlab-cli fit "
                    "prints it). The compute a target needs then carries σ(ln C) = "
                    "σ_A/(B·q·(target − R0)), which the Monte Carlo samples. 0 = none."),
         R(curve_sigma),
         .active = customCurveActive});
    t.push_back({.key = "curve_fit.c_min",
                 .phase_kinds = kRlBit,
                 .unit = "curve units",
                 .min = 0,
                 .max = 1e12,
                 .def = 0,
                 .group = rtg,
                 .label = TR("Curve: least compute fitted"),
                 .help = TR("Compute of the first point the custom curve was fitted on, in the "
                            "curve's unit (Fit to my runs… fills it). 0 = not given."),
                 .zero_label = TR("not given"),
                 R(curve_fit_c_min),
                 .active = customCurveActive});
    t.push_back(
        {.key = "curve_fit.c_max",
         .phase_kinds = kRlBit,
         .unit = "curve units",
         .min = 0,
         .max = 1e12,
         .def = 0,
         .group = rtg,
         .label = TR("Curve: most compute fitted"),
         .help =
             TR("Compute of the last point the custom curve was fitted on, in the curve's unit; a "
                "target that needs more is an extrapolation and is flagged. 0 = not given."),
         .zero_label = TR("not given"),
         R(curve_fit_c_max),
         .active = customCurveActive});
    t.push_back({.key = "prompts_per_iter",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "prompts",
                 .min = 1,
                 .max = 1e6,
                 .def = 512,
                 .group = rl,
                 .label = TR("Prompts per iteration"),
                 .help = TR("Prompts B per iteration (veRL DAPO: 512)."),
                 R(prompts_per_iter)});
    t.push_back(
        {.key = "group_size",
         .phase_kinds = kRlBit,
         .type = Integer,
         .scale = Log,
         .unit = "responses",
         .min = 1,
         .max = 1024,
         .def = 16,
         .group = rl,
         .label = TR("Group size"),
         .help = TR("Responses G per prompt (GRPO group; DAPO: 16). Episodes per iteration = B·G."),
         R(group_size)});
    t.push_back(
        {.key = "turns",
         .phase_kinds = kRlBit,
         .type = Integer,
         .scale = Log,
         .unit = "turns",
         .min = 1,
         .max = 10000,
         .def = 1,
         .group = rl,
         .label = TR("Turns per episode"),
         .help = TR("Environment interactions per episode (1 for single-turn verifiable tasks)."),
         R(turns)});
    t.push_back({.key = "prompt_tokens",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 512,
                 .group = rl,
                 .label = TR("Prompt length"),
                 .help = TR("Prompt tokens l_p."),
                 R(prompt_tokens)});
    t.push_back({.key = "response_tokens",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 2048,
                 .group = rl,
                 .label = TR("Mean response length"),
                 .help = TR("Mean generated tokens per turn (NeMo RL: 1,060–5,671)."),
                 R(response_tokens)});
    t.push_back({.key = "response_cv",
                 .phase_kinds = kRlBit,
                 .unit = "CV",
                 .min = 0,
                 .max = 5,
                 .def = 1,
                 .valid_min = 0.3,
                 .valid_max = 2,
                 .group = rl,
                 .label = TR("Response length spread"),
                 .help = TR("Coefficient of variation of response length (log-normal); drives the "
                            "long tail (Seer: last 10 % take 50 % of rollout time)."),
                 R(response_cv)});
    t.push_back({.key = "max_response_tokens",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 16384,
                 .group = rl,
                 .label = TR("Response cap"),
                 .help = TR("Generation cap per turn (DAPO: 20,480–28K)."),
                 R(max_response_tokens)});
    t.push_back(
        {.key = "obs_tokens",
         .phase_kinds = kRlBit,
         .unit = "tokens",
         .min = 0,
         .max = 1e6,
         .def = 0,
         .group = env,
         .label = TR("Observation tokens per turn"),
         .help = TR("Tokens the environment appends to the context each turn (tool output)."),
         R(obs_tokens)});
    t.push_back({.key = "rollout_quant",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .choices = kQuant,
                 .group = ro,
                 .label = TR("Rollout quantization"),
                 .help = TR("Weights format of the rollout engine: faster decode, more "
                            "train–inference mismatch (FlashRL, FP8-RL, QuRL)."),
                 P_ENUM(rl.rollout_quant, Quantization)});
    t.push_back({.key = "kv_dtype",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kKv,
                 .group = ro,
                 .label = TR("KV cache format"),
                 .help = TR("FP8 KV cache halves KV memory (vLLM kv_cache_dtype)."),
                 P_ENUM(rl.kv_dtype, KvDtype)});
    t.push_back({.key = "is_correction",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = ro,
                 .label = TR("Importance-sampling correction"),
                 .help = TR("Truncated importance sampling (TIS) corrects the sampler–trainer "
                            "mismatch (Yao et al. 2025)."),
                 P_BOOL(rl.is_correction)});
    t.push_back(
        {.key = "rollout_gpus",
         .phase_kinds = kRlBit,
         .type = Integer,
         .scale = Log,
         .unit = "GPUs",
         .min = 1,
         .max = 1e6,
         .def = 32,
         .group = ro,
         .label = TR("Rollout GPUs"),
         .help = TR("GPUs of the rollout pool when disaggregated (OpenRLHF/AReaL placement)."),
         R(rollout_gpus),
         .active = disaggActive});
    t.push_back({.key = "rollout_tp",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 64,
                 .def = 1,
                 .group = ro,
                 .label = TR("Rollout TP"),
                 .help = TR("GPUs per inference engine instance (vLLM tensor_parallel_size). "
                            "More GPUs per engine read each GPU's share of the weights faster "
                            "but pay two all-reduces per layer in every decode step: vLLM's "
                            "custom all-reduce inside one NVLink domain (measured ~10 µs, "
                            "sglang PR #2904), NCCL across nodes."),
                 R(rollout_tp)});
    t.push_back(
        {.key = "rollout_mem_util",
         .phase_kinds = kRlBit,
         .unit = "fraction",
         .min = 0.05,
         .max = 1,
         .def = 0.9,
         .valid_min = 0.3,
         .valid_max = 0.95,
         .group = ro,
         .label = TR("Rollout memory fraction"),
         .help =
             TR("vLLM gpu_memory_utilization: 0.9 default, ~0.5 when colocated (verl, NeMo-RL)."),
         R(rollout_mem_util),
         .active = servingEngineActive});
    t.push_back({.key = "max_num_seqs",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "sequences",
                 .min = 1,
                 .max = 65536,
                 .def = 256,
                 .group = ro,
                 .label = TR("Max concurrent sequences"),
                 .help = TR("vLLM max_num_seqs per engine. DeepSpeed hybrid engine: the static "
                            "generation batch of one engine, per_device_generation_batch_size "
                            "× inference_tp_size (DeepSpeed-Chat's scripts: 4 to 32)."),
                 R(max_num_seqs)});
    t.push_back(
        {.key = "rollout_engine",
         .phase_kinds = kRlBit,
         .type = Choice,
         .scale = Categorical,
         .max = 1,
         .choices = kRolloutEngine,
         .group = ro,
         .label = TR("Rollout engine"),
         .help = TR("Colocated: a serving engine (vLLM, SGLang: paged KV cache in a reserved "
                    "share of memory, continuous batching) or DeepSpeed-Chat's hybrid engine "
                    "(DeepSpeed-HE): "
                    "before each generate call the trainer's ZeRO-3 shards are all-gathered "
                    "into fused inference kernels split over Rollout TP (inference_tp_size), "
                    "and the batch decodes as one static batch in a static KV cache sized for "
                    "prompt + response cap, until its longest sequence ends "
                    "(deepspeed/runtime/hybrid_engine.py at 47f9f13; DeepSpeed-Chat step 3)."),
         P_ENUM(rl.rollout_engine, RolloutEngine),
         .active = colocatedActive});
    t.push_back(
        {.key = "trainer_gpus",
         .phase_kinds = kRlBit,
         .type = Integer,
         .scale = Log,
         .unit = "GPUs",
         .min = 1,
         .max = 1e6,
         .def = 32,
         .valid_min = 8,
         .valid_max = 1024,
         .group = tr,
         .label = TR("Trainer GPUs"),
         .help = TR("Training pool; when colocated, the whole pool that also runs rollouts."),
         R(trainer_gpus)});
    t.push_back({.key = "tp",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 64,
                 .def = 1,
                 .group = tr,
                 .label = TR("Trainer TP"),
                 .help = TR("Tensor parallel of the trainer."),
                 R(tp)});
    t.push_back({.key = "pp",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "stages",
                 .min = 1,
                 .max = 512,
                 .def = 1,
                 .group = tr,
                 .label = TR("Trainer PP"),
                 .help = TR("Pipeline stages of the trainer."),
                 R(pp)});
    t.push_back({.key = "ep",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 4096,
                 .def = 1,
                 .group = tr,
                 .label = TR("Trainer EP"),
                 .help = TR("Expert parallel of the trainer (MoE models): routed experts split "
                            "over EP GPUs, their state over the expert-data-parallel group."),
                 R(ep)});
    t.push_back({.key = "etp",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 0,
                 .max = 64,
                 .def = 0,
                 .group = tr,
                 .label = TR("Trainer expert TP (ETP)"),
                 .help = TR("Expert tensor parallel of the trainer (MoE models): each routed "
                            "expert's FFN split over ETP GPUs; EP × ETP must divide the TP × DP "
                            "GPUs of a pipeline stage (Megatron-Core "
                            "--expert-tensor-parallel-size). 0 = the trainer's TP."),
                 .zero_label = TR("= TP"),
                 R(etp),
                 .active = moeActive});
    t.push_back({.key = "zero_stage",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .def = 3,
                 .choices = kZero,
                 .group = tr,
                 .label = TR("ZeRO stage"),
                 .help = TR("Trainer sharding (veRL/OpenRLHF default FSDP = ZeRO-3)."),
                 R(zero_stage)});
    t.push_back({.key = "sharded_dp",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .def = double(int(ShardedDp::Fsdp1)),
                 .choices = kShardedDpChoices,
                 .group = tr,
                 .label = TR("ZeRO-3 framework"),
                 .help = kShardedDpHelp,
                 P_ENUM(rl.sharded_dp, ShardedDp),
                 .active = rlShardedActive});
    t.push_back({.key = "shard_group",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 0,
                 .max = 4096,
                 .def = 0,
                 .group = tr,
                 .label = TR("FSDP shard group"),
                 .help = TR("Hybrid sharding: the data-parallel ranks one copy of the weights, "
                            "gradients and optimizer state is sharded over, replicated across "
                            "the groups (veRL fsdp_config.fsdp_size; PyTorch FSDP "
                            "HYBRID_SHARD, FSDP2's 2-D mesh). Each GPU then holds 1/group of "
                            "the state, the per-layer gathers stay inside the group, and every "
                            "backward all-reduces each layer's gradient shard across the "
                            "replicas. 0 = all data-parallel ranks (full sharding)."),
                 .zero_label = TR("all ranks"),
                 R(shard_group),
                 .active = rlFsdpActive});
    t.push_back({.key = "micro_batch",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "sequences",
                 .min = 1,
                 .max = 4096,
                 .def = 1,
                 .group = tr,
                 .label = TR("Micro-batch"),
                 .help = TR("Sequences per trainer GPU per forward pass."),
                 R(micro_batch)});
    t.push_back({.key = "log_prob_micro_batch",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "sequences",
                 .min = 0,
                 .max = 4096,
                 .def = 0,
                 .group = tr,
                 .label = TR("Log-prob micro-batch"),
                 .help = TR("Sequences per forward-only log-probability pass of the old policy "
                            "and the reference (veRL log_prob_micro_batch_size_per_gpu). No "
                            "activations are kept, but its BF16 logits (sequence × vocabulary) "
                            "are: at 40 sequences of 10,240 tokens and Qwen's 152,064-token "
                            "vocabulary, 116 GiB. 0 = the training micro-batch."),
                 .zero_label = TR("= micro-batch"),
                 R(log_prob_micro_batch)});
    t.push_back({.key = "ppo_mini_batch",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .unit = "prompts",
                 .min = 0,
                 .max = 1e6,
                 .def = 0,
                 .group = tr,
                 .label = TR("Mini-batch (prompts per optimizer step)"),
                 .help = TR("The update of one iteration is split into prompts ÷ this optimizer "
                            "steps, each with its own gradient reduction, ZeRO parameter gathers "
                            "and optimizer step (veRL actor.ppo_mini_batch_size, OpenRLHF "
                            "train_batch_size): the same tokens, more steps. 0 = one optimizer "
                            "step per iteration."),
                 .zero_label = TR("whole iteration"),
                 R(ppo_mini_batch)});
    t.push_back({.key = "rollout_log_probs",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = tr,
                 .label = TR("Old log-probs from the rollout"),
                 .help = TR("The rollout engine returns each token's log-probability and the "
                            "trainer uses it as the old policy's, so the trainer runs no "
                            "old-log-prob forward pass (veRL fully async: "
                            "async_training.use_rollout_log_probs, on by default)."),
                 P_BOOL(rl.rollout_log_probs)});
    t.push_back({.key = "recompute",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 2,
                 .def = 2,
                 .choices = kRecompute,
                 .group = tr,
                 .label = TR("Activation recompute"),
                 .help = TR("Gradient checkpointing in the trainer (full is the veRL default)."),
                 P_ENUM(rl.recompute, Recompute)});
    t.push_back({.key = "mfu",
                 .phase_kinds = kRlBit,
                 .unit = "fraction",
                 .min = 0,
                 .max = 1,
                 .def = 0,
                 .group = tr,
                 .label = TR("Pinned trainer MFU"),
                 .help = TR("MFU of the trainer's passes instead of the step-time model; 0 = "
                            "predicted from the trainer's layout (docs/model-reference.md)."),
                 .zero_label = TR("predicted"),
                 R(mfu)});
    t.push_back({.key = "placement",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kPlacement,
                 .group = tr,
                 .label = TR("Placement"),
                 .help = TR("Colocated (one pool time-shares rollout and training; verl "
                            "HybridFlow) or disaggregated pools."),
                 P_ENUM(rl.placement, Placement)});
    t.push_back({.key = "rollout_sleep",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = tr,
                 .label = TR("Rollout engine sleeps while training"),
                 .help = TR("Colocated: the inference engine frees its weights and KV cache while "
                            "the trainer runs (vLLM sleep mode, verl free_cache_engine) and "
                            "reloads them, at the colocated switch time per iteration. Off: both "
                            "stay on the GPUs and their memory adds up. DeepSpeed hybrid "
                            "engine: release_inference_cache, which frees the KV workspace "
                            "after each generate call (off in DeepSpeed-Chat's scripts)."),
                 P_BOOL(rl.rollout_sleep),
                 .active = colocatedActive});
    t.push_back({.key = "park_params",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = tr,
                 .label = TR("Trainer parks weights in host RAM during rollout"),
                 .help = TR("Colocated: the trainer moves its weights (actor, reference, critic) "
                            "to host RAM while the engine generates and back to train (verl "
                            "param_offload). Frees GPU memory for the KV cache; costs host RAM "
                            "and two copies over PCIe per iteration. Not ZeRO-Offload."),
                 P_BOOL(rl.park_params),
                 .active = colocatedActive});
    t.push_back({.key = "park_optimizer",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = tr,
                 .label = TR("Trainer parks optimizer state in host RAM during rollout"),
                 .help = TR("Colocated: the trainer moves its optimizer state to host RAM while "
                            "the engine generates and back for the update (verl "
                            "optimizer_offload). Frees GPU memory for the KV cache; costs host "
                            "RAM and two copies over PCIe per iteration. Not ZeRO-Offload."),
                 P_BOOL(rl.park_optimizer),
                 .active = colocatedActive});
    t.push_back({.key = "park_reference",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = tr,
                 .label = TR("Reference model kept in host RAM"),
                 .help = TR("The frozen reference model (KL term, PPO) stays in host RAM and comes "
                            "to the GPUs only for its log-prob pass (verl ref param_offload): "
                            "off the trainer's peak, at two copies over PCIe per iteration."),
                 P_BOOL(rl.park_reference),
                 .active = referenceActive});
    t.push_back({.key = "pipeline",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kPipeline,
                 .group = tr,
                 .label = TR("Pipeline"),
                 .help = TR("Synchronous waits for the slowest episode; asynchronous overlaps "
                            "stages (AReaL: up to 2.77×)."),
                 P_ENUM(rl.pipeline, Pipeline)});
    t.push_back(
        {.key = "staleness",
         .phase_kinds = kRlBit,
         .type = Real,
         .unit = "versions",
         .min = 0,
         .max = 64,
         .def = 1,
         .group = tr,
         .label = TR("Staleness"),
         .help = TR("Policy versions of lag in asynchronous mode; fractional values as frameworks "
                    "allow (AReaL max staleness 1–8; veRL fully asynchronous: "
                    "trigger_parameter_sync_step × (1 + staleness_threshold))."),
         R(staleness),
         .active = asyncActive});
    t.push_back({.key = "reward",
                 .phase_kinds = kRlBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kReward,
                 .group = rl,
                 .label = TR("Reward"),
                 .help = TR("Verifiable rewards run on CPU; a reward model adds a forward pass per "
                            "token on the trainer pool."),
                 P_ENUM(rl.reward, RewardKind)});
    t.push_back({.key = "reward_model_params",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "params",
                 .min = 1e6,
                 .max = 1e13,
                 .def = 7e9,
                 .group = rl,
                 .label = TR("Reward model size"),
                 .help = TR("Parameters of the reward model (DeepSpeed-Chat: OPT-350M)."),
                 .display_factor = 1e-9,
                 .display_unit = "B",
                 R(reward_model_params),
                 .active = rewardModelActive});
    t.push_back({.key = "critic_scale",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "fraction",
                 .min = 0.001,
                 .max = 1,
                 .def = 1,
                 .group = rl,
                 .label = TR("Critic size (share of the actor)"),
                 .help = TR("Parameters of the PPO critic over the actor's; 1 = the actor's size "
                            "(verl and OpenRLHF initialise the critic from the actor's checkpoint "
                            "by default; InstructGPT paired a 175B policy with a 6B value model, "
                            "0.034; DeepSpeed-Chat's 66B example a 350M critic, 0.0053, and a "
                            "350M critic on a 175B actor is 0.002)."),
                 R(critic_scale),
                 .active = ppoActive});
    t.push_back({.key = "kl_coef",
                 .phase_kinds = kRlBit,
                 .unit = "β",
                 .min = 0,
                 .max = 10,
                 .def = 0.001,
                 .group = rl,
                 .label = TR("KL coefficient"),
                 .help = TR("KL penalty β; 0 drops the reference model (DAPO). DeepSeekMath GRPO "
                            "0.04; Gao et al. 2023."),
                 R(kl_coef)});
    t.push_back({.key = "lr_factor",
                 .phase_kinds = kRlBit,
                 .scale = Log,
                 .unit = "×",
                 .min = 0.1,
                 .max = 10,
                 .def = 1,
                 .valid_min = 0.5,
                 .valid_max = 2,
                 .group = rl,
                 .label = TR("Learning-rate factor"),
                 .help = TR("Learning rate relative to the largest stable rate of the recipe."),
                 R(lr_factor)});
    t.push_back({.key = "uses_environments",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = env,
                 .label = TR("Environments"),
                 .help = TR("Off: the reward is a rule-based verifier or reward function run in "
                            "the trainer process (veRL's GSM8K and MATH scripts), so no "
                            "environment is waited for or rented."),
                 P_BOOL(rl.uses_environments)});
    t.push_back({.key = "env_count",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "environments",
                 .min = 1,
                 .max = 1e7,
                 .def = 256,
                 .valid_min = 1,
                 .valid_max = 65536,
                 .group = env,
                 .label = TR("Parallel environments"),
                 .help = TR("Environments E running episodes at once (article §3: parallel "
                            "environments)."),
                 R(env_count),
                 .active = envActive});
    t.push_back(
        {.key = "env_latency_s",
         .phase_kinds = kRlBit,
         .scale = Log,
         .unit = "s",
         .min = 0.001,
         .max = 86400,
         .def = 2,
         .group = env,
         .label = TR("Environment step latency"),
         .help = TR("Median time of one environment step (sandbox run, tool call, verifier)."),
         R(env_latency_s)});
    t.push_back({.key = "env_latency_sigma",
                 .phase_kinds = kRlBit,
                 .unit = "σ",
                 .min = 0,
                 .max = 3,
                 .def = 0.8,
                 .group = env,
                 .label = TR("Environment latency spread"),
                 .help = TR("Log-normal σ of step latency; a synchronous wave waits ≈ "
                            "median·exp(σ√(2 ln E)) (Tail at Scale)."),
                 R(env_latency_sigma)});
    t.push_back({.key = "envs_per_instance",
                 .phase_kinds = kRlBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "environments",
                 .min = 1,
                 .max = 10000,
                 .def = 8,
                 .group = env,
                 .label = TR("Environments per instance"),
                 .help = TR("Environments packed on one worker instance."),
                 R(envs_per_instance)});
    t.push_back({.key = "env_startup_s",
                 .phase_kinds = kRlBit,
                 .unit = "s",
                 .min = 0,
                 .max = 3600,
                 .def = 0,
                 .group = env,
                 .label = TR("Container start per episode"),
                 .help = TR("Start-up time when each episode gets a fresh container; 0 = "
                            "environments are reused."),
                 R(env_startup_s)});
    t.push_back({.key = "env_release_idle",
                 .phase_kinds = kRlBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 0,
                 .group = env,
                 .label = TR("Release idle environment instances"),
                 .help = TR("Environment instances are stopped while no episode needs them "
                            "(during training and weight sync) and started for the next "
                            "rollout: billed for their busy share plus one boot per iteration "
                            "(article §4.1: release non-critical environment nodes). Off: they "
                            "run for the whole phase."),
                 P_BOOL(rl.env_release_idle)});
    t.push_back({.key = "transition_kb",
                 .phase_kinds = kRlBit,
                 .unit = "KB",
                 .min = 0,
                 .max = 1e6,
                 .def = 16,
                 .group = env,
                 .label = TR("Stored bytes per transition"),
                 .help = TR("Trajectory / replay-buffer bytes per environment step."),
                 R(transition_kb)});
    t.push_back(
        {.key = "posttrain_data_gb",
         .phase_kinds = kRlBit,
         .unit = "GB",
         .min = 0,
         .max = 1e8,
         .def = 200,
         .group = env,
         .label = TR("Post-training data"),
         .help = TR(
             "Prompts, dialogues and environment state on high-IOPS file storage (article §2.2)."),
         R(posttrain_data_gb)});
#undef R

    // ---- Phase: evaluation
    // ------------------------------------------------------------------------
    auto ev = TR("Evaluation");
#define E(f) P_NUM(eval.f)
    t.push_back({.key = "versions",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "versions",
                 .min = 1,
                 .max = 1e5,
                 .def = 10,
                 .group = ev,
                 .label = TR("Model versions"),
                 .help = TR("Checkpoints / model versions evaluated."),
                 E(versions)});
    t.push_back({.key = "benchmarks",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "benchmarks",
                 .min = 1,
                 .max = 1e5,
                 .def = 20,
                 .group = ev,
                 .label = TR("Benchmarks"),
                 .help = TR("Benchmarks per version."),
                 E(benchmarks)});
    t.push_back({.key = "samples_per_benchmark",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "samples",
                 .min = 1,
                 .max = 1e8,
                 .def = 1000,
                 .group = ev,
                 .label = TR("Samples per benchmark"),
                 .help = TR("Prompts (× repeats) per benchmark."),
                 E(samples_per_benchmark)});
    t.push_back({.key = "prompt_tokens",
                 .phase_kinds = kEvalBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 1024,
                 .group = ev,
                 .label = TR("Prompt length"),
                 .help = TR("Prompt tokens per sample."),
                 E(prompt_tokens)});
    t.push_back({.key = "output_tokens",
                 .phase_kinds = kEvalBit,
                 .scale = Log,
                 .unit = "tokens",
                 .min = 1,
                 .max = 1e7,
                 .def = 1024,
                 .group = ev,
                 .label = TR("Output length"),
                 .help = TR("Generated tokens per sample and turn."),
                 E(output_tokens)});
    t.push_back({.key = "turns",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "turns",
                 .min = 1,
                 .max = 10000,
                 .def = 1,
                 .group = ev,
                 .label = TR("Turns per sample"),
                 .help = TR("Environment turns for long-horizon tasks (1 = plain benchmark)."),
                 E(turns)});
    t.push_back({.key = "quant",
                 .phase_kinds = kEvalBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 3,
                 .choices = kQuant,
                 .group = ev,
                 .label = TR("Inference quantization"),
                 .help = TR("Weights format of the evaluation engine."),
                 P_ENUM(eval.quant, Quantization)});
    t.push_back({.key = "kv_dtype",
                 .phase_kinds = kEvalBit,
                 .type = Choice,
                 .scale = Categorical,
                 .max = 1,
                 .choices = kKv,
                 .group = ev,
                 .label = TR("KV cache format"),
                 .help = TR("FP8 halves KV memory."),
                 P_ENUM(eval.kv_dtype, KvDtype)});
    t.push_back({.key = "tp",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .unit = "GPUs",
                 .min = 1,
                 .max = 64,
                 .def = 8,
                 .group = ev,
                 .label = TR("Inference TP"),
                 .help = TR("GPUs per inference engine (vLLM tensor_parallel_size); every "
                            "decode step pays two all-reduces per layer across them, as "
                            "for the rollout TP."),
                 E(tp)});
    t.push_back({.key = "mem_util",
                 .phase_kinds = kEvalBit,
                 .unit = "fraction",
                 .min = 0.05,
                 .max = 1,
                 .def = 0.9,
                 .group = ev,
                 .label = TR("Memory fraction"),
                 .help = TR("vLLM gpu_memory_utilization (default 0.9)."),
                 E(mem_util)});
    t.push_back({.key = "max_num_seqs",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "sequences",
                 .min = 1,
                 .max = 65536,
                 .def = 256,
                 .group = ev,
                 .label = TR("Max concurrent sequences"),
                 .help = TR("vLLM max_num_seqs per engine."),
                 E(max_num_seqs)});
    t.push_back({.key = "env_count",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .unit = "environments",
                 .min = 0,
                 .max = 1e7,
                 .def = 0,
                 .group = ev,
                 .label = TR("Environments"),
                 .help = TR("Environments for long-horizon tasks; 0 = none."),
                 E(env_count)});
    t.push_back({.key = "env_latency_s",
                 .phase_kinds = kEvalBit,
                 .scale = Log,
                 .unit = "s",
                 .min = 0.001,
                 .max = 86400,
                 .def = 5,
                 .group = ev,
                 .label = TR("Environment step latency"),
                 .help = TR("Median time of one environment step."),
                 E(env_latency_s),
                 .active = evalEnvActive});
    t.push_back({.key = "env_latency_sigma",
                 .phase_kinds = kEvalBit,
                 .unit = "σ",
                 .min = 0,
                 .max = 3,
                 .def = 0.8,
                 .group = ev,
                 .label = TR("Environment latency spread"),
                 .help = TR("Log-normal σ of step latency."),
                 E(env_latency_sigma),
                 .active = evalEnvActive});
    t.push_back({.key = "envs_per_instance",
                 .phase_kinds = kEvalBit,
                 .type = Integer,
                 .scale = Log,
                 .unit = "environments",
                 .min = 1,
                 .max = 10000,
                 .def = 8,
                 .group = ev,
                 .label = TR("Environments per instance"),
                 .help = TR("Environments packed on one worker instance."),
                 E(envs_per_instance),
                 .active = evalEnvActive});
    t.push_back({.key = "destroy_after_use",
                 .phase_kinds = kEvalBit,
                 .type = Bool,
                 .scale = Categorical,
                 .max = 1,
                 .def = 1,
                 .group = ev,
                 .label = TR("Destroy environments after use"),
                 .help = TR("Tear test environments down after each run (article §4); off, they "
                            "idle for the forgotten time."),
                 P_BOOL(eval.destroy_after_use)});
    t.push_back({.key = "forgotten_hours",
                 .phase_kinds = kEvalBit,
                 .unit = "h",
                 .min = 0,
                 .max = 8760,
                 .def = 24,
                 .group = ev,
                 .label = TR("Forgotten idle time"),
                 .help = TR("Hours an undestroyed environment idles after each run (article §1: "
                            "idle test resources)."),
                 E(forgotten_hours),
                 .active = forgottenActive});
#undef E
    deriveJsonPaths(t);
    markModelInputs(t);
    return t;
}

unsigned bitOf(PhaseKind k)
{
    return 1u << static_cast<unsigned>(k);
}

bool parseNumber(std::string_view text, double& out)
{
    // std::from_chars for double is available in GCC 11+.
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    if (text.empty())
        return false;
    if (text.front() == '+')
        text.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size();
}

std::string formatNumber(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    // Prefer the shortest representation that round-trips.
    for (int prec = 1; prec <= 17; ++prec) {
        char b2[64];
        std::snprintf(b2, sizeof b2, "%.*g", prec, v);
        if (std::strtod(b2, nullptr) == v)
            return b2;
    }
    return buf;
}

} // namespace

std::string numberText(double v)
{
    // Whole numbers are written out ("100", not "1e+02"): they read back exactly below 2^53.
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9e15) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    return formatNumber(v);
}

std::span<const ParamDef> parameters()
{
    static const std::vector<ParamDef> table = buildTable();
    return table;
}

std::string_view phasePrefix(PhaseKind k)
{
    switch (k) {
    case PhaseKind::Pretrain:
        return "pretrain";
    case PhaseKind::RlPosttrain:
        return "rl";
    case PhaseKind::Evaluation:
        return "eval";
    }
    return "pretrain";
}

std::string fullId(const Scenario& s, const ParamRef& r)
{
    if (!r.def)
        return {};
    if (r.phase < 0)
        return std::string(r.def->key);
    const auto kind = s.phases[size_t(r.phase)].kind;
    int ordinal = 0;
    for (int i = 0; i <= r.phase; ++i)
        if (s.phases[size_t(i)].kind == kind)
            ++ordinal;
    std::string id(phasePrefix(kind));
    if (ordinal > 1)
        id += "#" + std::to_string(ordinal);
    id += ".";
    id += r.def->key;
    return id;
}

const ParamDef* findDef(std::string_view key, unsigned phaseKindBit)
{
    for (const auto& d : parameters()) {
        if (d.key != key)
            continue;
        if (phaseKindBit == 0 && d.phase_kinds == 0)
            return &d;
        if (phaseKindBit != 0 && (d.phase_kinds & phaseKindBit))
            return &d;
    }
    return nullptr;
}

std::optional<ParamRef> findParam(const Scenario& s, std::string_view id)
{
    if (const ParamDef* d = findDef(id, 0))
        return ParamRef{d, -1};
    const auto dot = id.find('.');
    if (dot == std::string_view::npos)
        return std::nullopt;
    std::string_view prefix = id.substr(0, dot);
    const std::string_view key = id.substr(dot + 1);
    int ordinal = 1;
    if (const auto hash = prefix.find('#'); hash != std::string_view::npos) {
        double n = 0;
        if (!parseNumber(prefix.substr(hash + 1), n) || n < 1 || n != std::floor(n))
            return std::nullopt;
        ordinal = int(n);
        prefix = prefix.substr(0, hash);
    }
    std::optional<PhaseKind> kind;
    for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation})
        if (phasePrefix(k) == prefix)
            kind = k;
    if (!kind)
        return std::nullopt;
    const ParamDef* d = findDef(key, bitOf(*kind));
    if (!d)
        return std::nullopt;
    int seen = 0;
    for (size_t i = 0; i < s.phases.size(); ++i) {
        if (s.phases[i].kind != *kind)
            continue;
        if (++seen == ordinal)
            return ParamRef{d, int(i)};
    }
    return std::nullopt;
}

std::vector<ParamRef> boundParameters(const Scenario& s)
{
    std::vector<ParamRef> out;
    for (const auto& d : parameters())
        if (d.phase_kinds == 0)
            out.push_back({&d, -1});
    for (size_t i = 0; i < s.phases.size(); ++i)
        for (const auto& d : parameters())
            if (d.phase_kinds & bitOf(s.phases[i].kind))
                out.push_back({&d, int(i)});
    return out;
}

double getValue(const Scenario& s, const ParamRef& r)
{
    if (!r.def || !r.def->get)
        return 0;
    const Phase* p = r.phase >= 0 ? &s.phases[size_t(r.phase)] : nullptr;
    return r.def->get(s, p);
}

bool derivedFromShape(const ParamDef& d, const Phase* p)
{
    return p && p->model.from_shape && d.model_input &&
           (d.key == "model.params_total" || d.key == "model.params_active");
}

bool setByTarget(const ParamDef& d, const Phase* p)
{
    static const Scenario none; // the activity rules read the phase only
    return p && (d.active == tokensCounted || d.active == iterationsCounted) && !d.active(none, p);
}

void setValue(Scenario& s, const ParamRef& r, double v)
{
    if (!r.def || !r.def->set)
        return;
    Phase* p = r.phase >= 0 ? &s.phases[size_t(r.phase)] : nullptr;
    r.def->set(s, p, v);
    if (p && r.def->model_input)
        syncDerived(p->model); // a derived count or preset name must never go stale
}

int choiceIndex(const ParamDef& d, std::string_view id)
{
    for (size_t i = 0; i < d.choices.size(); ++i)
        if (d.choices[i].id == id)
            return int(i);
    return -1;
}

std::string getString(const Scenario& s, const ParamRef& r)
{
    if (!r.def)
        return {};
    const ParamDef& d = *r.def;
    if (d.get_str)
        return r.phase >= 0 ? d.get_str(s.phases[size_t(r.phase)]) : std::string();
    const double v = getValue(s, r);
    if (d.type == ParamType::Choice) {
        const long i = std::lround(v);
        return i >= 0 && size_t(i) < d.choices.size() ? std::string(d.choices[size_t(i)].id)
                                                      : std::string();
    }
    if (d.type == ParamType::Bool)
        return v != 0 ? "true" : "false";
    return numberText(v); // "400", not "4e+02" (issue 49: the history read 4e+02 → 3e+02)
}

namespace {
/// A number in a message: whole numbers below 10^9 written out ("1000000", not "1e+06"), others in
/// the shortest form that reads back exactly.
std::string messageNumber(double v)
{
    return std::isfinite(v) && std::fabs(v) < 1e9 ? numberText(v) : formatNumber(v);
}
} // namespace

Message expectedValueMessage(const ParamDef& d)
{
    const bool integer = d.type == ParamType::Integer;
    Message what = d.unit.empty() ? message(integer ? Msg::AnInteger : Msg::ANumber)
                                  : message(integer ? Msg::AnIntegerOfUnit : Msg::ANumberOfUnit,
                                            {unitArg(std::string(d.unit))});
    return message(Msg::ExpectedInRange,
                   {std::move(what), textArg(messageNumber(d.min)), textArg(messageNumber(d.max))});
}

std::string expectedValueText(const ParamDef& d)
{
    return messageText(expectedValueMessage(d));
}

Message valueProblem(const ParamDef& d, double v)
{
    if (d.type == ParamType::Choice) {
        if (!std::isfinite(v) || v < 0 || v >= double(d.choices.size()) || v != std::floor(v))
            return message(Msg::ExpectedChoiceIndex);
        return {};
    }
    if (d.type == ParamType::Bool)
        return (v == 0 || v == 1) ? Message{} : message(Msg::ExpectedTrueFalse);
    if (d.type == ParamType::AcceleratorRef || d.type == ParamType::InstanceRef)
        return {};
    auto got = [&d](Message what) {
        return message(Msg::ExpectedGot, {expectedValueMessage(d), std::move(what)});
    };
    if (!std::isfinite(v))
        return got(message(Msg::NonFinite));
    if (d.type == ParamType::Integer && v != std::floor(v))
        return got(message(Msg::NonInteger, {textArg(messageNumber(v))}));
    if (v < d.min || v > d.max)
        return got(
            message(v < d.min ? Msg::BelowMinimum : Msg::OutOfRange, {textArg(messageNumber(v))}));
    return {};
}

std::string checkValue(const ParamDef& d, double v)
{
    return messageText(valueProblem(d, v));
}

bool outsideValidated(const ParamDef& d, double v)
{
    if (d.valid_min == 0 && d.valid_max == 0)
        return false;
    return v < d.valid_min || v > d.valid_max;
}

Message setFromText(Scenario& s, const ParamRef& r, std::string_view text)
{
    if (!r.def)
        return message(Msg::UnknownParameter);
    const ParamDef& d = *r.def;
    auto withId = [&](Message m) {
        return message(Msg::IdMessage, {textArg(fullId(s, r)), std::move(m)});
    };
    if (d.set_str) {
        if (text.empty())
            return withId(message(Msg::ExpectedCatalogIdGotEmpty));
        d.set_str(s.phases[size_t(r.phase)], std::string(text));
        return {};
    }
    if (d.type == ParamType::Choice) {
        const int i = choiceIndex(d, text);
        if (i < 0) {
            std::string ids;
            for (const auto& c : d.choices)
                ids += (ids.empty() ? "" : ", ") + std::string(c.id);
            return withId(message(Msg::ExpectedOneOfGot,
                                  {textArg(std::move(ids)), textArg(std::string(text))}));
        }
        setValue(s, r, i);
        return {};
    }
    if (d.type == ParamType::Bool) {
        if (text == "true" || text == "1" || text == "on") {
            setValue(s, r, 1);
            return {};
        }
        if (text == "false" || text == "0" || text == "off") {
            setValue(s, r, 0);
            return {};
        }
        return withId(
            message(Msg::ExpectedTrueFalseGot, {textArg("\"" + std::string(text) + "\"")}));
    }
    double v = 0;
    if (!parseNumber(text, v))
        return withId(message(Msg::ExpectedNumberOfUnitGot,
                              {unitArg(std::string(d.unit)), textArg(std::string(text))}));
    if (Message err = valueProblem(d, v); !err.empty())
        return withId(std::move(err));
    setValue(s, r, v);
    return {};
}

std::string setFromString(Scenario& s, const ParamRef& r, std::string_view text)
{
    return messageText(setFromText(s, r, text));
}

std::string convertMoneyInputs(Scenario& s, Currency to)
{
    if (s.currency == to)
        return {};
    const double rate = s.cny_per_usd;
    if (!(rate > 0) || !std::isfinite(rate))
        return "catalog.cny_per_usd: the exchange rate must be positive";
    Scenario next = s;
    for (const ParamDef& d : parameters()) {
        if (d.phase_kinds != 0 || !d.unit.starts_with("currency"))
            continue;
        const std::optional<ParamRef> ref = findParam(next, d.key);
        if (!ref)
            continue;
        const double v = getValue(next, *ref);
        if (!(v > 0))
            continue;
        const double raw = to == Currency::CNY ? v * rate : v / rate;
        // 6 significant digits: a budget keeps its yuan, a 0.034/GPU-h price its precision.
        const double scale = std::pow(10.0, 5 - std::floor(std::log10(raw)));
        const double converted = std::round(raw * scale) / scale;
        const std::string err = checkValue(d, converted);
        if (!err.empty())
            return std::string(d.key) + ": " + err;
        setValue(next, *ref, converted);
    }
    next.currency = to;
    s = std::move(next);
    return {};
}

Scenario defaultScenario(std::span<const PhaseKind> kinds)
{
    Scenario s;
    for (PhaseKind k : kinds) {
        Phase p;
        p.kind = k;
        p.name = k == PhaseKind::Pretrain      ? "Pre-training"
                 : k == PhaseKind::RlPosttrain ? "RL post-training"
                                               : "Evaluation";
        s.phases.push_back(std::move(p));
    }
    for (const ParamRef& r : boundParameters(s))
        if (r.def->set)
            setValue(s, r, r.def->def);
    return s;
}

std::vector<ParamAddress> addressableParameters()
{
    std::vector<ParamAddress> ids;
    static constexpr PhaseKind kinds[] = {PhaseKind::Pretrain, PhaseKind::RlPosttrain,
                                          PhaseKind::Evaluation};
    for (const ParamDef& d : parameters()) {
        if (d.phase_kinds == 0) {
            ids.push_back({std::string(d.key), &d});
            continue;
        }
        for (PhaseKind k : kinds)
            if (d.phase_kinds & (1u << static_cast<unsigned>(k)))
                ids.push_back({std::string(phasePrefix(k)) + "." + std::string(d.key), &d});
    }
    return ids;
}

std::string_view paramTypeId(ParamType t)
{
    switch (t) {
    case ParamType::Real:
        return "real";
    case ParamType::Integer:
        return "integer";
    case ParamType::Bool:
        return "bool";
    case ParamType::Choice:
        return "choice";
    case ParamType::AcceleratorRef:
        return "accelerator";
    case ParamType::InstanceRef:
        return "instance";
    }
    return "real";
}

std::string_view paramScaleId(ParamScale s)
{
    switch (s) {
    case ParamScale::Linear:
        return "linear";
    case ParamScale::Log:
        return "log";
    case ParamScale::Categorical:
        return "categorical";
    }
    return "linear";
}

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

} // namespace costlab
