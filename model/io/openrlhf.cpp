// OpenRLHF launch arguments (openrlhf/cli/train_ppo_ray.py) → an RL phase (issue 18). OpenRLHF
// renamed its flags twice: classic flat names up to v0.9.7 (--actor_num_gpus_per_node,
// --prompt_max_len), --max_len / --max_new_tokens from v0.9.8, and dotted names from v0.10.2
// (--actor.num_gpus_per_node, --data.max_len). Each generation is read: a dotted flag is
// mapped to its classic name first, so one table of meanings serves all three. Defaults are
// train_ppo_ray.py's where a flag is absent.
#include "importkit.h"

#include "jsondoc.h"
#include "registry.h"
#include "shellwords.h"
#include "trnoop.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace costlab {

namespace {

using Kind = ImportNote::Kind;

/// Dotted (v0.10.2+) flag → classic flag, for the flags Costlab reads (keys.md of the
/// importer's notes; OpenRLHF v0.11.0 and v0.9.7 read side by side).
constexpr std::pair<const char*, const char*> kDotted[] = {
    {"actor.num_nodes", "actor_num_nodes"},
    {"actor.num_gpus_per_node", "actor_num_gpus_per_node"},
    {"ref.num_nodes", "ref_num_nodes"},
    {"ref.num_gpus_per_node", "ref_num_gpus_per_node"},
    {"critic.num_nodes", "critic_num_nodes"},
    {"critic.num_gpus_per_node", "critic_num_gpus_per_node"},
    {"reward.num_nodes", "reward_num_nodes"},
    {"reward.num_gpus_per_node", "reward_num_gpus_per_node"},
    {"vllm.num_engines", "vllm_num_engines"},
    {"vllm.tensor_parallel_size", "vllm_tensor_parallel_size"},
    {"vllm.gpu_memory_utilization", "vllm_gpu_memory_utilization"},
    {"vllm.enable_sleep", "vllm_enable_sleep"},
    {"train.colocate_all", "colocate_all_models"},
    {"rollout.n_samples_per_prompt", "n_samples_per_prompt"},
    {"rollout.batch_size", "rollout_batch_size"},
    {"train.batch_size", "train_batch_size"},
    {"train.micro_batch_size", "micro_train_batch_size"},
    {"data.max_len", "max_len"},
    {"rollout.max_new_tokens", "max_new_tokens"},
    {"data.max_samples", "max_samples"},
    {"ds.zero_stage", "zero_stage"},
    {"ds.tensor_parallel_size", "ds_tensor_parallel_size"},
    {"ds.adam_offload", "adam_offload"},
    {"ds.lora.rank", "lora_rank"},
    {"actor.gradient_checkpointing_enable", "gradient_checkpointing"},
    {"algo.advantage.estimator", "advantage_estimator"},
    {"algo.kl.init_coef", "init_kl_coef"},
    {"algo.kl.use_loss", "use_kl_loss"},
    {"algo.advantage.is_correction_enable", "enable_vllm_is_correction"},
    {"train.async_enable", "async_train"},
    {"train.async_queue_size", "async_queue_size"},
    {"train.num_episodes", "num_episodes"},
    {"train.max_epochs", "max_epochs"},
    {"reward.model_name_or_path", "reward_pretrain"},
    {"reward.remote_url", "remote_rm_url"},
    {"train.agent_func_path", "agent_func_path"},
};

std::string classicName(const std::string& name)
{
    for (const auto& [dotted, classic] : kDotted)
        if (name == dotted)
            return classic;
    return name;
}

class OpenRlhfReader : public LaunchFlagReader {
public:
    OpenRlhfReader(std::string_view text, ConfigImport& out) : LaunchFlagReader(text, out, kRlBit)
    {
    }

    void run()
    {
        if (!readFlags(classicName))
            return;
        if (!m_flags.count("actor_num_gpus_per_node") && !m_flags.count("n_samples_per_prompt") &&
            !m_flags.count("rollout_batch_size") && !m_flags.count("vllm_num_engines")) {
            error({}, message(Msg::NoOpenRlhfArguments,
                              {textArg("--actor_num_gpus_per_node, --rollout.batch_size, "
                                       "--vllm.num_engines, …")}));
            out().failure = ImportFailure::NotRecognised;
            return;
        }
        pools();
        batch();
        training();
        finish(m_order);
    }

private:
    bool inFile(const std::string& f) const override { return has(f); }
    /// The flag as written (a dotted or a classic name).
    std::string shown(const std::string& f) const override
    {
        return "--" + (has(f) ? m_flags.at(f).name : f);
    }
    std::string lineOf(const std::string& f) const override
    {
        const auto it = m_flags.find(f);
        return it == m_flags.end() ? std::string()
                                   : lineOfFlag(text(), "--" + it->second.name, "_.");
    }
    /// A numeric flag into `param`, train_ppo_ray.py's default `def` when absent.
    void read(const std::string& f, const std::string& param, double def)
    {
        if (const auto v = number(f))
            setNumber(f, param, *v);
        else if (!has(f))
            setNumber({}, param, def);
    }
    void sw(const std::string& f, const std::string& param, const char* on, const char* off)
    {
        set(has(f) ? f : "", param, has(f) ? on : off);
    }

    void pools();
    void batch();
    void training();
};

const char* kProduct = QT_TRANSLATE_NOOP("costlab::Import", "nodes × GPUs per node");

// The actor's nodes × GPUs per node train; vLLM engines × their TP generate. With
// --colocate_all_models they share the actor's GPUs; otherwise the engines are a pool of their
// own. Reference, critic and reward pools of their own are not modelled (their work is counted
// on the trainer's GPUs).
void OpenRlhfReader::pools()
{
    const double nodes = number("actor_num_nodes").value_or(1);
    const double per = number("actor_num_gpus_per_node").value_or(8);
    setNumber(has("actor_num_gpus_per_node") ? "actor_num_gpus_per_node" : "", "trainer_gpus",
              nodes * per, Kind::Derived, kProduct);
    note("actor_num_nodes", Kind::Derived, kProduct);
    const double engines = number("vllm_num_engines").value_or(0);
    read("vllm_tensor_parallel_size", "rollout_tp", 1);
    read("vllm_gpu_memory_utilization", "rollout_mem_util", 0.95);
    // With asynchronous training only the DeepSpeed models are colocated (train_ppo_ray.py):
    // the engines are then a pool of their own.
    const bool colocated = has("colocate_all_models") && !has("async_train");
    set(has("colocate_all_models") ? "colocate_all_models" : "", "placement",
        colocated ? "colocated" : "disaggregated",
        has("colocate_all_models") && !colocated ? Kind::Derived : Kind::Read,
        has("colocate_all_models") && !colocated
            ? QT_TRANSLATE_NOOP("costlab::Import",
                                "asynchronous training keeps the vLLM engines apart")
            : nullptr);
    if (!colocated && engines > 0)
        setNumber("vllm_num_engines", "rollout_gpus",
                  engines * number("vllm_tensor_parallel_size").value_or(1), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "engines × their tensor parallel size"));
    else
        note("vllm_num_engines", Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import", "colocated: the engines share the actor's GPUs"));
    // OpenRLHF turns vLLM sleep off unless everything is colocated.
    set(has("vllm_enable_sleep") ? "vllm_enable_sleep" : "", "rollout_sleep",
        colocated && has("vllm_enable_sleep") ? "true" : "false");
    for (const char* f :
         {"ref_num_nodes", "ref_num_gpus_per_node", "critic_num_nodes", "critic_num_gpus_per_node",
          "reward_num_nodes", "reward_num_gpus_per_node"})
        note(f, colocated ? Kind::Derived : Kind::Approximated,
             colocated ? QT_TRANSLATE_NOOP("costlab::Import", "colocated with the actor")
                       : QT_TRANSLATE_NOOP("costlab::Import",
                                           "a pool of its own is not modelled: its work is "
                                           "counted on the trainer's GPUs"));
    if (has("async_train")) {
        set("async_train", "pipeline", "async");
        read("async_queue_size", "staleness", 1);
    } else {
        set({}, "pipeline", "sync");
    }
}

void OpenRlhfReader::batch()
{
    read("rollout_batch_size", "prompts_per_iter", 1024);
    read("n_samples_per_prompt", "group_size", 1);
    // Lengths: --prompt_max_len and --generate_max_len (≤ v0.9.7), then --max_len (prompt and
    // response together) with --max_new_tokens.
    if (const auto p = number("prompt_max_len"))
        setNumber("prompt_max_len", "prompt_tokens", *p, Kind::Approximated,
                  QT_TRANSLATE_NOOP("costlab::Import",
                                    "the longest prompt is taken as the mean prompt length"));
    const auto total = number("max_len");
    if (const auto g = number("generate_max_len"))
        setNumber("generate_max_len", "max_response_tokens", *g);
    else if (const auto n = number("max_new_tokens")) {
        setNumber("max_new_tokens", "max_response_tokens", *n);
        if (total && *total > *n)
            setNumber("max_len", "prompt_tokens", *total - *n, Kind::Approximated,
                      QT_TRANSLATE_NOOP("costlab::Import",
                                        "the longest prompt (total − new tokens) is taken as the "
                                        "mean prompt length"));
    } else if (total) {
        // Prompt and response share --max_len: the response cap is what the prompt leaves.
        const double prompt = number("prompt_max_len").value_or(0);
        setNumber("max_len", "max_response_tokens", std::max(1.0, *total - prompt),
                  Kind::Approximated,
                  prompt > 0 ? QT_TRANSLATE_NOOP("costlab::Import",
                                                 "prompt and response together: the response "
                                                 "cap is the total less the prompt")
                             : QT_TRANSLATE_NOOP("costlab::Import",
                                                 "prompt and response together, the prompt not "
                                                 "given: the total is taken as the response "
                                                 "cap (lower it by the plan's prompt)"));
    }
    read("micro_train_batch_size", "micro_batch", 1);
    note("train_batch_size", Kind::Ignored,
         QT_TRANSLATE_NOOP("costlab::Import", "mini-batches split the update; the trained "
                                              "tokens, and so the cost, are the same"));
    if (number("max_epochs").value_or(1) > 1)
        note("max_epochs", Kind::Approximated,
             QT_TRANSLATE_NOOP("costlab::Import", "each episode is costed as trained once"));
    // Iterations: prompts ÷ prompts per rollout × episodes, when the script caps the samples.
    if (const auto samples = number("max_samples")) {
        const double iters = std::ceil(*samples / number("rollout_batch_size").value_or(1024)) *
                             number("num_episodes").value_or(1);
        setNumber("max_samples", "iterations", std::max(1.0, iters), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import", "samples ÷ rollout batch × episodes"));
        note("num_episodes", Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import", "samples ÷ rollout batch × episodes"));
    }
    if (has("agent_func_path")) {
        note("agent_func_path", Kind::Ignored,
             QT_TRANSLATE_NOOP("costlab::Import", "an agent loop: set the turns and "
                                                  "environments of the plan yourself"));
        set({}, "uses_environments", "true");
    } else // a reward model or remote reward function: no environment to wait for or pay for
        set({}, "uses_environments", "false");
    for (const char* f : {"pretrain", "actor.model_name_or_path"})
        note(f, Kind::Ignored,
             QT_TRANSLATE_NOOP("costlab::Import", "the model's shape comes from its config.json: "
                                                  "import that file too"));
    if (number("ring_attn_size").value_or(1) > 1)
        note("ring_attn_size", Kind::Approximated,
             QT_TRANSLATE_NOOP("costlab::Import", "ring attention (context parallelism) is not "
                                                  "modelled for RL trainers"));
}

void OpenRlhfReader::training()
{
    const std::string adv =
        has("advantage_estimator") ? m_flags.at("advantage_estimator").value : "gae";
    const bool exact = adv == "gae" || adv == "group_norm";
    set(has("advantage_estimator") ? "advantage_estimator" : "", "algorithm",
        adv == "gae" ? "ppo" : "grpo", exact ? Kind::Read : Kind::Approximated,
        exact ? nullptr
              : QT_TRANSLATE_NOOP("costlab::Import", "a critic-free estimator, costed as GRPO"));
    read("init_kl_coef", "kl_coef", 0.01);
    note("use_kl_loss", Kind::Derived,
         QT_TRANSLATE_NOOP("costlab::Import", "the KL coefficient is --init_kl_coef"));
    read("zero_stage", "zero_stage", 2);
    set({}, "sharded_dp", "deepspeed"); // OpenRLHF trains with DeepSpeed
    read("ds_tensor_parallel_size", "tp", 1);
    setNumber({}, "pp", 1);
    setNumber({}, "ep", 1); // DeepSpeed: no expert parallelism, nothing of an earlier import
    setNumber({}, "etp", 0);
    sw("gradient_checkpointing", "recompute", "full", "none");
    if (const auto r = number("lora_rank"); r && *r > 0) {
        set("lora_rank", "mode", "lora");
        setNumber("lora_rank", "lora_rank", *r);
    } else {
        set(has("lora_rank") ? "lora_rank" : "", "mode", "full");
    }
    sw("enable_vllm_is_correction", "is_correction", "true", "false");
    set({}, "rollout_quant", "bf16");
    const bool rm = has("reward_pretrain");
    set(rm                     ? "reward_pretrain"
        : has("remote_rm_url") ? "remote_rm_url"
                               : "",
        "reward", rm ? "model" : "verifiable");
    // DeepSpeed ZeRO-Offload: Adam's state in host RAM and its step on the CPU.
    sw("adam_offload", "offload", "optimizer", "none");
    // OpenRLHF's DeepSpeed config keeps BF16 weights and gradients and an FP32 gradient
    // partition beside the FP32 master and moments (get_train_ds_config: grad_accum_dtype fp32):
    // DeepSpeed's own count, 2 + 2 + 16 B, not the ZeRO paper's 16.
    set(has("bf16") ? "bf16" : "", "state_precision", "fp16-fp32-copy", Kind::Derived,
        QT_TRANSLATE_NOOP("costlab::Import",
                          "DeepSpeed keeps an FP32 gradient partition: 2 + 2 + 16 bytes per "
                          "parameter, the FP16-with-FP32-copy preset"));
}

} // namespace

void readOpenRlhfArgs(std::string_view text, ConfigImport& out)
{
    OpenRlhfReader(text, out).run();
}

} // namespace costlab
