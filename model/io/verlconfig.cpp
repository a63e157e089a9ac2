// veRL (volcengine/verl) configs ↔ an RL phase (issue 18). Read: a Hydra YAML config file, or
// a launch script whose `key=value` overrides configure `python3 -m verl.trainer.main_ppo`
// (and the one-step-off / fully asynchronous recipes), with yaml-cpp; never a hand-written
// YAML parser. Written: a config fragment with the same keys, through yaml-cpp's emitter.
// Key names and defaults are veRL's (verl/trainer/config/ppo_trainer.yaml, rollout/rollout.yaml,
// actor/*.yaml, the recipes' configs); a key Costlab does not read is listed with the reason.
#include "engine.h"
#include "importkit.h"
#include "launchdetail.h"
#include "launchexport.h"

#include "jsondoc.h"
#include "registry.h"
#include "shellwords.h"
#include "trnoop.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace costlab {

namespace {

using Kind = ImportNote::Kind;

/// One dotted key of the config ("actor_rollout_ref.rollout.n") and its scalar value.
struct Entry {
    std::string value;
    int line = 0;            ///< 1-based line in the file, 0 when unknown
    bool unresolved = false; ///< from a shell variable or an interpolation Costlab cannot follow
    bool list = false;       ///< a sequence or map value (not read as a number)
};

constexpr std::size_t kMaxKeys = 20000; ///< an alias bomb flattens to more than this
constexpr int kMaxDepth = 32;

/// Top-level sections of a veRL config; a key outside them is not veRL's.
bool verlRoot(std::string_view key)
{
    const std::string_view root = key.substr(0, key.find('.'));
    for (std::string_view r :
         {"data", "actor_rollout_ref", "algorithm", "trainer", "critic", "reward_model",
          "custom_reward_function", "rollout", "async_training", "ray_init", "ray_kwargs",
          "global_profiler", "transfer_queue", "defaults", "hydra", "reward"})
        if (root == r)
            return true;
    return false;
}

// veRL's defaults for the keys Costlab reads (ppo_trainer.yaml and its sub-configs at the
// commit named in tests/data/verl/SOURCES.md): what a launch that leaves a key out runs with.
struct VerlDefault {
    const char* key;
    const char* value;
};
constexpr VerlDefault kDefaults[] = {
    {"data.train_batch_size", "1024"},
    {"data.max_prompt_length", "512"},
    {"data.max_response_length", "512"},
    {"actor_rollout_ref.rollout.n", "1"},
    {"actor_rollout_ref.rollout.tensor_model_parallel_size", "2"},
    {"actor_rollout_ref.rollout.gpu_memory_utilization", "0.5"},
    {"actor_rollout_ref.rollout.max_num_seqs", "256"},
    {"actor_rollout_ref.rollout.free_cache_engine", "true"},
    {"actor_rollout_ref.rollout.enable_sleep_mode", "true"},
    {"async_training.staleness_threshold", "0.1"},
    {"async_training.trigger_parameter_sync_step", "4"},
    {"async_training.require_batches", "1"},
    {"actor_rollout_ref.actor.megatron.tensor_model_parallel_size", "1"},
    {"actor_rollout_ref.actor.megatron.pipeline_model_parallel_size", "1"},
    {"actor_rollout_ref.actor.megatron.use_distributed_optimizer", "true"},
    {"actor_rollout_ref.actor.fsdp_config.reshard_after_forward", "true"},
    {"actor_rollout_ref.model.enable_gradient_checkpointing", "true"},
    {"actor_rollout_ref.model.lora_rank", "0"},
    {"actor_rollout_ref.actor.use_kl_loss", "false"},
    {"actor_rollout_ref.actor.kl_loss_coef", "0.001"},
    {"algorithm.use_kl_in_reward", "false"},
    {"algorithm.kl_ctrl.kl_coef", "0.001"},
    {"algorithm.adv_estimator", "gae"},
    {"trainer.n_gpus_per_node", "8"},
    {"trainer.nnodes", "1"},
    {"reward_model.enable", "false"},
};

/// The key's value in the file, else veRL's default ("" when neither).
std::string valueOr(const std::map<std::string, Entry>& keys, const std::string& k)
{
    if (const auto it = keys.find(k); it != keys.end() && !it->second.unresolved &&
                                      !it->second.list && it->second.value != "null")
        return it->second.value;
    for (const VerlDefault& d : kDefaults)
        if (k == d.key)
            return d.value;
    return {};
}

class VerlReader : public ImportBuilder {
public:
    VerlReader(std::string_view text, ConfigImport& out) : ImportBuilder(text, out, kRlBit) {}

    void run()
    {
        if (!load())
            return;
        resolve();
        batch();
        pools();
        trainer();
        rollout();
        finish();
    }

private:
    // ---- reading ------------------------------------------------------------------------
    bool load();
    bool loadYaml(const YAML::Node& root);
    bool flatten(const YAML::Node& n, const std::string& prefix, int depth);
    bool loadOverrides();
    void resolve();

    // ---- mapping ------------------------------------------------------------------------
    void batch();
    void pools();
    void pool(const std::string& prefix, const char* param, double gpus);
    void trainer();
    void rollout();
    void finish();
    using ImportBuilder::finish;
    using ImportBuilder::text;

    bool has(const std::string& k) const { return m_keys.count(k) > 0; }
    bool inFile(const std::string& k) const override { return has(k); }
    std::string lineOf(const std::string& k) const override
    {
        const auto it = m_keys.find(k);
        return it == m_keys.end() || it->second.line == 0
                   ? std::string()
                   : "line " + std::to_string(it->second.line);
    }
    /// The key's text; nullopt when absent, null or unresolved (then noted as ignored).
    std::optional<std::string> text(const std::string& k)
    {
        const auto it = m_keys.find(k);
        if (it == m_keys.end() || it->second.list)
            return std::nullopt;
        if (it->second.unresolved) {
            note(k, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import", "its value comes from outside the file"));
            return std::nullopt;
        }
        const std::string& v = it->second.value;
        if (v.empty() || v == "null" || v == "~" || v == "None")
            return std::nullopt;
        return v;
    }
    std::optional<double> number(const std::string& k)
    {
        const auto t = text(k);
        if (!t)
            return std::nullopt;
        char* end = nullptr;
        const double v = std::strtod(t->c_str(), &end);
        if (*end != '\0' || !std::isfinite(v)) {
            error(k,
                  message(Msg::ExpectedNumberFound, {textArg("\"" + jsondoc::excerpt(*t) + "\"")}));
            return std::nullopt;
        }
        return v;
    }
    std::optional<bool> boolean(const std::string& k)
    {
        const auto t = text(k);
        if (!t)
            return std::nullopt;
        std::string v = *t;
        std::transform(v.begin(), v.end(), v.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        // OmegaConf's spellings of a boolean (veRL configs go through it).
        if (v == "true" || v == "yes" || v == "on" || v == "y" || v == "1")
            return true;
        if (v == "false" || v == "no" || v == "off" || v == "n" || v == "0")
            return false;
        error(k,
              message(Msg::ExpectedTrueFalseFound, {textArg("\"" + jsondoc::excerpt(*t) + "\"")}));
        return std::nullopt;
    }
    /// The key's number (an error when it is not one), else veRL's default (0 when none).
    double numberOrDefault(const std::string& k)
    {
        if (const auto v = number(k))
            return *v;
        return std::strtod(valueOr(m_keys, k).c_str(), nullptr);
    }
    /// A number key straight into a parameter; veRL's default when the key is absent.
    void read(const std::string& k, const std::string& param, Kind kind = Kind::Read,
              const char* why = nullptr)
    {
        if (const auto v = number(k))
            setNumber(k, param, *v, kind, why);
        else if (!has(k) && !valueOr(m_keys, k).empty())
            set({}, param, valueOr(m_keys, k));
    }

    std::map<std::string, Entry> m_keys;
    std::vector<std::string> m_order;
    bool m_script = false;         ///< read from key=value overrides, not a YAML file
    bool m_megatronConfig = false; ///< based on ppo_megatron_trainer.yaml
    std::string m_entry;           ///< the Python module the script runs ("recipe.…main_ppo")
};

const char* kActor = "actor_rollout_ref.actor.";
const char* kRollout = "actor_rollout_ref.rollout.";

bool VerlReader::load()
{
    m_megatronConfig = text().find("ppo_megatron_trainer") != std::string_view::npos;
    // Deep flow nesting ("[[[[…") would recurse in the parser: refuse it before parsing.
    int depth = 0, deepest = 0;
    for (char c : text()) {
        depth += (c == '[' || c == '{') ? 1 : (c == ']' || c == '}') ? -1 : 0;
        deepest = std::max(deepest, depth);
    }
    std::string yamlError;
    if (deepest <= 64) {
        try {
            const YAML::Node root = YAML::Load(std::string(text()));
            if (root.IsMap())
                return loadYaml(root);
        } catch (const YAML::Exception& e) {
            yamlError = "not YAML (line " + std::to_string(e.mark.line + 1) + ", column " +
                        std::to_string(e.mark.column + 1) + "): " + e.msg;
        }
    } else {
        yamlError = "nested more than 64 levels deep";
    }
    if (loadOverrides())
        return true;
    if (!out().errors.empty()) // the script itself was refused (an expansion bomb)
        return false;
    if (yamlError.empty())
        out().failure = ImportFailure::NotRecognised;
    addImportError(out(),
                   yamlError.empty()
                       ? message(Msg::NoVerlSettings,
                                 {textArg("data.train_batch_size, actor_rollout_ref.rollout.n, "
                                          "trainer.n_gpus_per_node, …")})
                       : textArg(yamlError));
    return false;
}

bool VerlReader::loadYaml(const YAML::Node& root)
{
    if (!flatten(root, "", 0))
        return false;
    if (std::none_of(m_order.begin(), m_order.end(),
                     [](const std::string& k) { return verlRoot(k) && k != "defaults"; })) {
        addImportError(out(), message(Msg::NotAVerlConfig,
                                      {textArg("data, actor_rollout_ref, algorithm, trainer")}));
        return false;
    }
    return true;
}

bool VerlReader::flatten(const YAML::Node& n, const std::string& prefix, int depth)
{
    if (depth > kMaxDepth || m_keys.size() > kMaxKeys) {
        addImportError(out(), message(Msg::TooManyKeys, {textArg(std::to_string(kMaxKeys)),
                                                         textArg(std::to_string(kMaxDepth))}));
        return false;
    }
    for (const auto& kv : n) {
        const std::string key = prefix + kv.first.as<std::string>("");
        const YAML::Node& v = kv.second;
        if (v.IsMap() && v.size() > 0) {
            if (!flatten(v, key + ".", depth + 1))
                return false;
            continue;
        }
        Entry e;
        e.line = v.Mark().line >= 0 ? v.Mark().line + 1 : kv.first.Mark().line + 1;
        if (v.IsScalar())
            e.value = v.Scalar();
        else if (v.IsNull())
            e.value = "null";
        else
            e.list = true;
        if (!m_keys.count(key))
            m_order.push_back(key);
        m_keys[key] = e;
    }
    return true;
}

/// Hydra overrides in a launch script: `key=value`, `+key=value` (add), `++key=value`
/// (add or override); the line is the first line of the text holding "key=".
bool VerlReader::loadOverrides()
{
    std::string expansionError;
    const std::vector<std::string> words = shellWords(text(), &expansionError);
    if (!expansionError.empty()) {
        addImportError(out(), textArg(expansionError));
        return false;
    }
    for (const std::string& w : words) {
        if (w.find("main_ppo") != std::string::npos ||
            w.find("one_step_off") != std::string::npos ||
            w.find("fully_async") != std::string::npos)
            m_entry = w;
        std::size_t start = w.rfind("++", 0) == 0 ? 2 : w.rfind('+', 0) == 0 ? 1 : 0;
        const auto eq = w.find('=');
        if (eq == std::string::npos || eq <= start)
            continue;
        const std::string key = w.substr(start, eq - start);
        const bool dotted = std::all_of(key.begin(), key.end(), [](unsigned char c) {
            return std::isalnum(c) || c == '_' || c == '.';
        });
        if (!dotted || key.find('.') == std::string::npos || !verlRoot(key))
            continue;
        Entry e;
        e.value = w.substr(eq + 1);
        e.unresolved = hasUnresolved(e.value);
        e.list = !e.value.empty() && (e.value.front() == '[' || e.value.front() == '{');
        const auto at = text().find(key + "=");
        e.line = at == std::string_view::npos
                     ? 0
                     : int(1 + std::count(text().begin(), text().begin() + long(at), '\n'));
        if (!m_keys.count(key))
            m_order.push_back(key);
        m_keys[key] = e;
    }
    m_script = !m_keys.empty();
    return m_script;
}

/// `${other.key}` and `${oc.select:other.key,default}` interpolations followed (a few levels);
/// any other `${…}` (environment variables, resolvers) is a value from outside the file.
void VerlReader::resolve()
{
    for (int pass = 0; pass < 4; ++pass)
        for (auto& [key, e] : m_keys) {
            const std::string& v = e.value;
            if (e.unresolved || v.size() < 4 || v.rfind("${", 0) != 0 || v.back() != '}')
                continue;
            std::string inner = v.substr(2, v.size() - 3), fallback;
            bool select = false;
            if (inner.rfind("oc.select:", 0) == 0) {
                inner = inner.substr(10);
                select = true;
                if (const auto comma = inner.find(','); comma != std::string::npos) {
                    fallback = inner.substr(comma + 1);
                    inner = inner.substr(0, comma);
                }
            }
            const auto it = m_keys.find(inner);
            if (it != m_keys.end() && it->first != key && !it->second.list) {
                e.value = it->second.value;
                e.unresolved = it->second.unresolved;
            } else if (select && !fallback.empty()) {
                e.value = fallback;
            } else if (pass == 3 || inner.find(':') != std::string::npos) {
                e.unresolved = true;
            }
        }
}

const char* kVerlDefault = QT_TRANSLATE_NOOP("costlab::Import", "veRL's default when absent");

void VerlReader::batch()
{
    // The fully asynchronous recipe sets train_batch_size to 0: each trainer step takes
    // ppo_mini_batch_size × require_batches prompts.
    if (const auto b = number("data.train_batch_size"); b && *b == 0) {
        const double mini = number(std::string(kActor) + "ppo_mini_batch_size").value_or(256);
        setNumber("data.train_batch_size", "prompts_per_iter",
                  mini * numberOrDefault("async_training.require_batches"), Kind::Derived,
                  QT_TRANSLATE_NOOP("costlab::Import",
                                    "0: ppo_mini_batch_size × require_batches per step"));
        setNumber(std::string(kActor) + "ppo_mini_batch_size", "ppo_mini_batch", mini);
    } else {
        read("data.train_batch_size", "prompts_per_iter");
    }
    read(std::string(kRollout) + "n", "group_size");
    read("data.max_prompt_length", "prompt_tokens", Kind::Approximated,
         QT_TRANSLATE_NOOP("costlab::Import",
                           "the longest prompt is taken as the mean prompt length"));
    read("data.max_response_length", "max_response_tokens");
    for (const char* k : {"response_length", "prompt_length"})
        note(kRollout + std::string(k), Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import", "follows data.max_*_length"));
    const std::string mt = std::string(kRollout) + "multi_turn.";
    if (boolean(mt + "enable").value_or(false)) {
        note(mt + "enable", Kind::Read, nullptr);
        set({}, "uses_environments", "true"); // the agent loop's environments, the plan's count
        if (const auto v = number(mt + "max_assistant_turns"))
            setNumber(mt + "max_assistant_turns", "turns", *v);
    } else {
        set(has(mt + "enable") ? mt + "enable" : "", "turns", "1", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "single-turn rollouts"));
        // Single-turn veRL scripts score with a reward function in the trainer process: no
        // environment to wait for or to pay for (environments come with an agent loop).
        set({}, "uses_environments", "false");
    }
    if (!handled(std::string(kActor) + "ppo_mini_batch_size")) {
        if (const auto mini = number(std::string(kActor) + "ppo_mini_batch_size"))
            setNumber(std::string(kActor) + "ppo_mini_batch_size", "ppo_mini_batch", *mini);
        else
            set({}, "ppo_mini_batch", "256", Kind::Derived, kVerlDefault);
    }
    if (number(std::string(kActor) + "ppo_epochs").value_or(1) > 1)
        note(std::string(kActor) + "ppo_epochs", Kind::Approximated,
             QT_TRANSLATE_NOOP("costlab::Import", "each episode is costed as trained once"));
    read(std::string(kActor) + "ppo_micro_batch_size_per_gpu", "micro_batch");
    // The old policy's pass is the rollout section's (the actor recomputes its log-probs), the
    // reference's its own: the larger sets the peak.
    const std::string lpRollout = std::string(kRollout) + "log_prob_micro_batch_size_per_gpu";
    const std::string lpRef = "actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu";
    const auto lpA = number(lpRollout), lpB = number(lpRef);
    if (lpA || lpB) {
        const bool first = lpA && (!lpB || *lpA >= *lpB);
        setNumber(first ? lpRollout : lpRef, "log_prob_micro_batch", first ? *lpA : *lpB);
        if (lpA && lpB)
            note(first ? lpRef : lpRollout, Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "the larger log-prob micro-batch sets the memory peak"));
    } else {
        set({}, "log_prob_micro_batch", "0", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "the training micro-batch"));
    }
    if (const auto v = number("trainer.total_training_steps"))
        setNumber("trainer.total_training_steps", "iterations", *v);
    else
        note("trainer.total_epochs", Kind::Ignored,
             QT_TRANSLATE_NOOP("costlab::Import", "epochs need the dataset size: set "
                                                  "trainer.total_training_steps"));
}

void VerlReader::trainer()
{
    const std::string adv = valueOr(m_keys, "algorithm.adv_estimator");
    const bool ppo = adv == "gae";
    set(has("algorithm.adv_estimator") ? "algorithm.adv_estimator" : "", "algorithm",
        ppo ? "ppo" : "grpo", ppo || adv == "grpo" ? Kind::Read : Kind::Approximated,
        ppo || adv == "grpo"
            ? nullptr
            : QT_TRANSLATE_NOOP("costlab::Import", "a critic-free estimator, costed as GRPO"));
    // The reference model exists when the KL term is a loss (use_kl_loss) or in the reward.
    const std::string klLoss = std::string(kActor) + "use_kl_loss";
    if (valueOr(m_keys, klLoss) == "true" || valueOr(m_keys, klLoss) == "True") {
        note(klLoss, Kind::Read,
             QT_TRANSLATE_NOOP("costlab::Import", "KL as a loss: the reference model runs"));
        const std::string c = std::string(kActor) + "kl_loss_coef";
        setNumber(has(c) ? c : klLoss, "kl_coef", number(c).value_or(0.001));
    } else if (valueOr(m_keys, "algorithm.use_kl_in_reward") == "true") {
        note("algorithm.use_kl_in_reward", Kind::Read,
             QT_TRANSLATE_NOOP("costlab::Import", "KL in the reward: the reference model runs"));
        const std::string c = "algorithm.kl_ctrl.kl_coef";
        setNumber(has(c) ? c : "algorithm.use_kl_in_reward", "kl_coef", number(c).value_or(0.001));
    } else {
        set(has(klLoss) ? klLoss : "", "kl_coef", "0", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "no KL term: no reference model"));
    }
    // Strategy: FSDP shards parameters, gradients and optimizer state (ZeRO-3; ZeRO-2 when
    // parameters are not resharded after the forward); Megatron shards the optimizer state
    // with its distributed optimizer (ZeRO-1) and splits by TP and PP.
    // ppo_megatron_trainer.yaml (--config-name) makes Megatron the default strategy.
    std::string strategy = valueOr(m_keys, std::string(kActor) + "strategy");
    if (strategy.empty())
        strategy = m_megatronConfig ? "megatron" : "fsdp";
    const std::string sk = std::string(kActor) + "strategy";
    if (strategy == "megatron") {
        note(sk, Kind::Read, nullptr);
        const std::string m = std::string(kActor) + "megatron.";
        for (const auto& [k, param] : {std::pair{"tensor_model_parallel_size", "tp"},
                                       std::pair{"pipeline_model_parallel_size", "pp"}}) {
            const auto v = number(m + k);
            setNumber(v ? m + k : "", param, v.value_or(1));
        }
        const auto ep = number(m + "expert_model_parallel_size");
        setNumber(ep ? m + "expert_model_parallel_size" : "", "ep", ep.value_or(1));
        // null or absent: Megatron-Core's default, the experts split like the dense layers
        // (ETP = TP), which is Costlab's 0.
        const auto etp = number(m + "expert_tensor_parallel_size");
        setNumber(etp ? m + "expert_tensor_parallel_size" : "", "etp", etp.value_or(0));
        const bool distOpt = valueOr(m_keys, m + "use_distributed_optimizer") != "false";
        set(has(m + "use_distributed_optimizer") ? m + "use_distributed_optimizer" : "",
            "zero_stage", distOpt ? "1" : "0");
        // veRL wraps the actor in Megatron-Core DDP with grad_reduce_in_fp32 on unless
        // megatron.override_ddp_config says otherwise (verl/utils/megatron_utils.py get_model:
        // "bf16 parameter data, fp32 grad, fp32 main_parameter, fp32 optimizer state").
        const std::string gr = m + "override_ddp_config.grad_reduce_in_fp32";
        if (valueOr(m_keys, gr) == "false")
            set(gr, "state_precision", "zero-paper");
        else
            set(has(gr) ? gr : "", "state_precision", "megatron-bf16");
        const std::string g = m + "override_transformer_config.recompute_granularity";
        if (const auto v = text(g); v && (*v == "full" || *v == "selective"))
            set(g, "recompute", *v);
    } else {
        set(has(sk) ? sk : "", "tp", "1", Kind::Derived,
            QT_TRANSLATE_NOOP("costlab::Import", "FSDP: no tensor or pipeline parallelism"));
        set({}, "pp", "1");
        set({}, "ep", "1");
        set({}, "etp", "0");
        // FSDP keeps FP32 parameters (the sharded master), FP32 gradients and moments, all
        // sharded: 16 B/param over the group, the ZeRO paper's count for ZeRO-3.
        set({}, "state_precision", "zero-paper");
        const std::string r = std::string(kActor) + "fsdp_config.reshard_after_forward";
        set(has(r) ? r : "", "zero_stage", valueOr(m_keys, r) == "false" ? "2" : "3");
        // strategy fsdp is PyTorch's FullyShardedDataParallel (flat parameters), fsdp2 its
        // fully_shard (verl/workers/fsdp_workers.py): they gather differently (steptime.h).
        set(has(sk) ? sk : "", "sharded_dp", strategy == "fsdp2" ? "fsdp2" : "fsdp", Kind::Read,
            has(sk) ? nullptr : kVerlDefault);
        // fsdp_size: the hybrid-sharding group (create_device_mesh in fsdp_workers.py: a
        // (world / fsdp_size, fsdp_size) mesh); -1, veRL's default, shards over all ranks.
        const std::string fs = std::string(kActor) + "fsdp_config.fsdp_size";
        if (const auto v = number(fs); v && *v >= 1)
            setNumber(fs, "shard_group", *v);
        else
            set(has(fs) ? fs : "", "shard_group", "0", Kind::Read,
                has(fs) ? nullptr : kVerlDefault);
    }
    const std::string gc = "actor_rollout_ref.model.enable_gradient_checkpointing";
    if (!isSet("recompute"))
        set(has(gc) ? gc : "", "recompute", valueOr(m_keys, gc) == "false" ? "none" : "full",
            Kind::Read, has(gc) ? nullptr : kVerlDefault);
    else
        note(gc, Kind::Derived,
             QT_TRANSLATE_NOOP("costlab::Import", "Megatron's recompute granularity is used"));
    // LoRA: model.lora_rank under FSDP, model.lora.rank in the Megatron config.
    const std::string lr = has("actor_rollout_ref.model.lora.rank")
                               ? "actor_rollout_ref.model.lora.rank"
                               : "actor_rollout_ref.model.lora_rank";
    if (const auto v = number(lr); v && *v > 0) {
        set(lr, "mode", "lora");
        setNumber(lr, "lora_rank", *v);
    } else {
        set(has(lr) ? lr : "", "mode", "full");
    }
    // veRL moves the actor's weights / optimizer state to host RAM between phases and back
    // (fsdp_workers: offload_fsdp_model_to_cpu / offload_fsdp_optimizer): the plan's parked
    // state, not DeepSpeed's ZeRO-Offload (rl.offload). Default off in veRL.
    // Only the actor's own strategy section counts; the other one is not read by veRL.
    const bool megatron = strategy == "megatron";
    for (const auto& [key, param] : {std::pair{"param_offload", "park_params"},
                                     std::pair{"optimizer_offload", "park_optimizer"}}) {
        const std::string k = std::string(kActor) + (megatron ? "megatron." : "fsdp_config.") + key;
        const std::string other =
            std::string(kActor) + (megatron ? "fsdp_config." : "megatron.") + key;
        if (const auto v = boolean(k))
            set(k, param, *v ? "true" : "false");
        else
            set({}, param, "false");
        if (has(other))
            note(other, Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import", "not the actor's strategy section"));
    }
    // The reference model's own switch (veRL's ref worker follows the actor's strategy).
    const std::string ref = std::string("actor_rollout_ref.ref.") +
                            (megatron ? "megatron." : "fsdp_config.") + "param_offload";
    if (const auto v = boolean(ref))
        set(ref, "park_reference", *v ? "true" : "false");
    else
        set({}, "park_reference", "false");
    const std::string rm = "reward_model.enable";
    set(has(rm) ? rm : "", "reward", valueOr(m_keys, rm) == "true" ? "model" : "verifiable");
}

/// GPU pools: the trainer's nodes × GPUs per node; a separate rollout pool (the one-step-off
/// and fully asynchronous recipes' `rollout.nnodes` × `rollout.n_gpus_per_node`) makes the
/// placement disaggregated, else trainer and rollout engine share the GPUs (hybrid engine).
void VerlReader::pools()
{
    const auto per = number("trainer.n_gpus_per_node").value_or(8);
    const auto nodes = number("trainer.nnodes").value_or(1);
    pool("trainer.", "trainer_gpus", per * nodes);
    const bool separate = has("rollout.nnodes") || has("rollout.n_gpus_per_node") ||
                          valueOr(m_keys, "actor_rollout_ref.hybrid_engine") == "false";
    if (separate)
        pool("rollout.", "rollout_gpus",
             number("rollout.n_gpus_per_node").value_or(per) *
                 number("rollout.nnodes").value_or(1));
    set(has("actor_rollout_ref.hybrid_engine") ? "actor_rollout_ref.hybrid_engine" : "",
        "placement", separate ? "disaggregated" : "colocated");
    // The pipeline is the recipe's: one-step-off trains on the batch generated by the previous
    // policy (staleness 1); fully asynchronous allows async_training.staleness_threshold.
    const bool oneStep = m_entry.find("one_step_off") != std::string::npos;
    const bool fully = m_entry.find("fully_async") != std::string::npos ||
                       has("async_training.staleness_threshold");
    if (oneStep || fully) {
        set({}, "pipeline", "async");
        if (fully) {
            // Weights reach the rollouter every trigger_parameter_sync_step trainer steps and
            // it may run staleness_threshold ahead (fully_async_ppo_trainer.yaml): that many
            // policy versions of lag at most.
            const std::string th = "async_training.staleness_threshold";
            const std::string tr = "async_training.trigger_parameter_sync_step";
            const double s = numberOrDefault(tr) * (1 + numberOrDefault(th));
            setNumber(has(th)   ? th
                      : has(tr) ? tr
                                : "",
                      "staleness", s, Kind::Derived,
                      QT_TRANSLATE_NOOP("costlab::Import",
                                        "trigger_parameter_sync_step × (1 + staleness_threshold)"));
            note(tr, Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import",
                                   "trigger_parameter_sync_step × (1 + staleness_threshold)"));
            // The old policy's log-probs come from the rollout unless the trainer is asked to
            // compute them (fully_async_ppo_trainer.yaml: use_rollout_log_probs True,
            // compute_prox_log_prob False).
            const std::string lp = "async_training.use_rollout_log_probs";
            const std::string prox = "async_training.compute_prox_log_prob";
            const bool fromRollout = boolean(lp).value_or(true) && !boolean(prox).value_or(false);
            set(has(lp) ? lp : "", "rollout_log_probs", fromRollout ? "true" : "false",
                has(lp) ? Kind::Read : Kind::Derived, has(lp) ? nullptr : kVerlDefault);
            if (has(prox))
                note(prox, Kind::Read, nullptr);
        } else {
            setNumber({}, "staleness", 1); // one-step-off: one version behind
        }
    } else {
        set({}, "pipeline", "sync");
    }
}

/// `gpus` (nodes × GPUs per node of section `prefix`) into `param`, noted on both keys.
void VerlReader::pool(const std::string& prefix, const char* param, double gpus)
{
    const char* why = QT_TRANSLATE_NOOP("costlab::Import", "nodes × GPUs per node");
    const std::string nodes = prefix + "nnodes", per = prefix + "n_gpus_per_node";
    setNumber(has(nodes) ? nodes : has(per) ? per : "", param, gpus, Kind::Derived, why);
    if (has(nodes))
        note(per, Kind::Derived, why);
}

void VerlReader::rollout()
{
    const std::string r = kRollout;
    if (const auto name = text(r + "name"))
        note(r + "name", *name == "vllm" ? Kind::Read : Kind::Approximated,
             *name == "vllm"
                 ? QT_TRANSLATE_NOOP("costlab::Import",
                                     "the vLLM engine Costlab's rollout model follows")
                 : QT_TRANSLATE_NOOP("costlab::Import", "costed as a vLLM-style engine"));
    read(r + "tensor_model_parallel_size", "rollout_tp");
    read(r + "gpu_memory_utilization", "rollout_mem_util");
    read(r + "max_num_seqs", "max_num_seqs");
    // The engine frees its memory for training: vLLM sleep mode (enable_sleep_mode, set with a
    // leading '+' as it is not in the YAML) and free_cache_engine; either off keeps it resident.
    for (const char* k : {"enable_sleep_mode", "free_cache_engine"})
        if (const auto v = boolean(r + k); v && !isSet("rollout_sleep"))
            set(r + k, "rollout_sleep", *v ? "true" : "false");
        else if (has(r + k) && isSet("rollout_sleep"))
            note(r + k, Kind::Derived,
                 QT_TRANSLATE_NOOP("costlab::Import", "read with enable_sleep_mode"));
    if (!isSet("rollout_sleep"))
        set({}, "rollout_sleep", "true");
    note(r + "mode", Kind::Ignored,
         QT_TRANSLATE_NOOP("costlab::Import", "the rollout server mode; the training pipeline "
                                              "comes from the recipe"));
    if (const auto q = text(r + "quantization")) {
        if (*q == "fp8" || *q == "int8" || *q == "int4")
            set(r + "quantization", "rollout_quant", *q);
        else
            note(r + "quantization", Kind::Ignored,
                 QT_TRANSLATE_NOOP("costlab::Import", "not a rollout precision Costlab costs"));
    } else {
        set(has(r + "quantization") ? r + "quantization" : "", "rollout_quant", "bf16");
    }
    // Truncated importance sampling between the rollout and the trainer's policy.
    const std::string tis = std::string(kActor) + "tis_imp_ratio_cap";
    const std::string ris = "algorithm.rollout_correction.rollout_is";
    if (has(ris)) // null = off, token / sequence = on (rollout_correction.yaml)
        set(ris, "is_correction", text(ris) ? "true" : "false");
    else if (const auto cap = number(tis)) // the earlier key
        set(tis, "is_correction", *cap > 0 ? "true" : "false");
    else
        set({}, "is_correction", "false");
    note("algorithm.rollout_correction.rollout_is_threshold", Kind::Derived,
         QT_TRANSLATE_NOOP("costlab::Import", "the truncation cap of the correction"));
}

void VerlReader::finish()
{
    // A key read by two rules reports its error once.
    std::vector<std::string> unique;
    std::vector<Message> uniqueProblems;
    for (std::size_t i = 0; i < out().errors.size(); ++i)
        if (std::find(unique.begin(), unique.end(), out().errors[i]) == unique.end()) {
            unique.push_back(out().errors[i]);
            if (i < out().problems.size())
                uniqueProblems.push_back(out().problems[i]);
        }
    out().errors = std::move(unique);
    out().problems = std::move(uniqueProblems);
    finish(m_order, [](const std::string& k) {
        return k == "defaults" ? QT_TRANSLATE_NOOP("costlab::Import",
                                                   "Hydra's defaults list: the files it names "
                                                   "are not read")
                               : kNotUsedReason;
    });
}

} // namespace

} // namespace costlab

namespace costlab {

namespace {

/// YAML emitter helpers: one key with a value, a nested section.
template <typename T> void kv(YAML::Emitter& y, const char* key, const T& value)
{
    y << YAML::Key << key << YAML::Value << value;
}
void begin(YAML::Emitter& y, const char* key)
{
    y << YAML::Key << key << YAML::Value << YAML::BeginMap;
}
long long whole(double v)
{
    return std::llround(std::max(0.0, v));
}

/// The trainer section: strategy and its layout, micro-batch, KL, importance sampling.
void verlActor(YAML::Emitter& y, const RlInputs& in, bool megatron, bool moe,
               std::vector<std::string>& notes)
{
    begin(y, "actor");
    kv(y, "strategy", megatron ? "megatron" : in.sharded_dp == ShardedDp::Fsdp2 ? "fsdp2" : "fsdp");
    kv(y, "ppo_mini_batch_size",
       whole(in.ppo_mini_batch >= 1 ? std::min(in.ppo_mini_batch, in.prompts_per_iter)
                                    : in.prompts_per_iter));
    kv(y, "ppo_micro_batch_size_per_gpu", whole(in.micro_batch));
    const bool grpo = in.algorithm == RlAlgorithm::GRPO;
    kv(y, "use_kl_loss", grpo && in.kl_coef > 0);
    if (grpo && in.kl_coef > 0)
        kv(y, "kl_loss_coef", in.kl_coef);
    const int zero = int(std::lround(in.zero_stage));
    if (megatron) {
        begin(y, "megatron");
        kv(y, "tensor_model_parallel_size", whole(in.tp));
        kv(y, "pipeline_model_parallel_size", whole(in.pp));
        if (in.ep > 1)
            kv(y, "expert_model_parallel_size", whole(in.ep));
        if (moe && in.etp > 0) // Megatron checks EP·ETP·PP against the GPUs for dense models too
            kv(y, "expert_tensor_parallel_size", whole(in.etp));
        kv(y, "use_distributed_optimizer", zero >= 1);
        kv(y, "param_offload", in.park_params);
        kv(y, "optimizer_offload", in.park_optimizer);
        if (in.recompute != Recompute::None) {
            begin(y, "override_transformer_config");
            kv(y, "recompute_granularity", in.recompute == Recompute::Full ? "full" : "selective");
            if (in.recompute == Recompute::Full) {
                kv(y, "recompute_method", "uniform");
                kv(y, "recompute_num_layers", 1);
            }
            y << YAML::EndMap;
        }
        y << YAML::EndMap;
        // The numerics-changing FP32 → BF16 gradient reduce is the user's to switch on, as
        // --grad-reduce-in-bf16 is in the Megatron export.
        if (in.state_precision == StatePrecision::ZeroPaper)
            notes.push_back("veRL's Megatron strategy keeps and reduces gradients in FP32 "
                            "(megatron-bf16, 2 B/param more than this plan counts) unless "
                            "megatron.override_ddp_config.grad_reduce_in_fp32 is false");
        else if (in.state_precision != StatePrecision::MegatronBf16)
            notes.push_back("veRL's Megatron strategy trains in BF16 with FP32 gradients and "
                            "master weights (megatron-bf16): the plan's training-state "
                            "precision is not written");
        if (zero >= 2)
            notes.push_back("veRL's Megatron strategy shards only the optimizer state: ZeRO-" +
                            std::to_string(zero) +
                            " is written as the distributed optimizer "
                            "(ZeRO-1)");
    } else {
        begin(y, "fsdp_config");
        kv(y, "reshard_after_forward", zero >= 3);
        kv(y, "fsdp_size", in.shard_group >= 1 ? whole(in.shard_group) : -1);
        kv(y, "param_offload", in.park_params);
        kv(y, "optimizer_offload", in.park_optimizer);
        y << YAML::EndMap;
        if (zero <= 1)
            notes.push_back("veRL's FSDP strategy shards gradients too: ZeRO-" +
                            std::to_string(zero) +
                            " is written as FSDP without resharding "
                            "(ZeRO-2)");
        if (in.recompute == Recompute::Selective)
            notes.push_back("FSDP's gradient checkpointing recomputes whole layers: selective "
                            "recompute is written as gradient checkpointing (full)");
        if (zero >= 3 && !isPytorchFsdp(in.sharded_dp))
            notes.push_back("veRL shards with PyTorch FSDP only: the plan's ZeRO-3 framework is "
                            "written as strategy fsdp");
        if (in.state_precision != StatePrecision::ZeroPaper)
            notes.push_back("veRL's FSDP strategy keeps FP32 parameters, gradients and "
                            "moments, sharded (the ZeRO paper's count): the plan's "
                            "training-state precision is not written");
    }
    y << YAML::EndMap;
}

/// The rollout engine section.
void verlRollout(YAML::Emitter& y, const RlInputs& in, std::vector<std::string>& notes)
{
    begin(y, "rollout");
    kv(y, "name", "vllm");
    kv(y, "n", whole(in.group_size));
    kv(y, "tensor_model_parallel_size", whole(in.rollout_tp));
    kv(y, "gpu_memory_utilization", in.rollout_mem_util);
    kv(y, "max_num_seqs", whole(in.max_num_seqs));
    kv(y, "log_prob_micro_batch_size_per_gpu", whole(logProbMicroBatch(in)));
    kv(y, "free_cache_engine", in.rollout_sleep);
    if (in.is_correction)
        kv(y, "calculate_log_probs", true); // the correction needs the rollout's log-probs
    if (in.rollout_quant != Quantization::BF16)
        kv(y, "quantization",
           std::string(
               findDef("rollout_quant", kRlBit)->choices[std::size_t(in.rollout_quant)].id));
    if (in.turns > 1) {
        begin(y, "multi_turn");
        kv(y, "enable", true);
        kv(y, "max_assistant_turns", whole(in.turns));
        y << YAML::EndMap;
    }
    y << YAML::EndMap;
    if (in.rollout_quant == Quantization::INT8 || in.rollout_quant == Quantization::INT4)
        notes.push_back("vLLM serves INT8/INT4 rollouts from a quantized checkpoint: point the "
                        "rollout at one");
    if (in.placement == Placement::Colocated && in.rollout_engine == RolloutEngine::DeepSpeedHybrid)
        notes.push_back("veRL generates with a serving engine, not DeepSpeed's hybrid engine: "
                        "written as vLLM with the plan's memory fraction, which the estimate "
                        "did not use");
}

} // namespace

LaunchExport exportVerlConfig(const Scenario& s, const Estimate& est, int phase,
                              std::string_view version)
{
    LaunchExport out;
    out.format = "verl";
    out.error = launch::phaseError(s, est, phase, PhaseKind::RlPosttrain, "veRL");
    if (!out.ok())
        return out;
    // A phase sized by a target is written with the count its target set, as priced.
    const Phase sized = sizedPhase(s.phases[std::size_t(phase)], est.phases[std::size_t(phase)]);
    const Phase& p = sized;
    const RlInputs& in = p.rl;
    // Expert parallelism exists only in veRL's Megatron strategy.
    const bool megatron = in.tp > 1 || in.pp > 1 || in.ep > 1 || in.zero_stage < 2;
    const bool separate = in.placement == Placement::Disaggregated;
    const double perNode = std::max(1.0, s.reliability.gpus_per_node);
    YAML::Emitter y;
    y.SetDoublePrecision(6);
    y << YAML::BeginMap;
    // A primary config on top of veRL's defaults, as veRL's own recipe configs are.
    begin(y, "hydra");
    y << YAML::Key << "searchpath" << YAML::Value << YAML::BeginSeq << "pkg://verl.trainer.config"
      << YAML::EndSeq;
    y << YAML::EndMap;
    y << YAML::Key << "defaults" << YAML::Value << YAML::BeginSeq
      << (megatron ? "ppo_megatron_trainer" : "ppo_trainer") << "_self_" << YAML::EndSeq;
    begin(y, "data");
    kv(y, "train_batch_size", whole(in.prompts_per_iter));
    kv(y, "max_prompt_length", whole(in.prompt_tokens));
    kv(y, "max_response_length", whole(in.max_response_tokens));
    y << YAML::EndMap;
    begin(y, "algorithm");
    kv(y, "adv_estimator", in.algorithm == RlAlgorithm::PPO ? "gae" : "grpo");
    const bool klReward = in.algorithm == RlAlgorithm::PPO && in.kl_coef > 0;
    kv(y, "use_kl_in_reward", klReward);
    if (in.is_correction) { // truncated importance sampling at FlashRL's cap of 2
        begin(y, "rollout_correction");
        kv(y, "rollout_is", "token");
        kv(y, "rollout_is_threshold", 2.0);
        y << YAML::EndMap;
    }
    if (klReward) {
        begin(y, "kl_ctrl");
        kv(y, "kl_coef", in.kl_coef);
        y << YAML::EndMap;
    }
    y << YAML::EndMap;
    begin(y, "actor_rollout_ref");
    kv(y, "hybrid_engine", !separate);
    begin(y, "model");
    kv(y, "enable_gradient_checkpointing", in.recompute != Recompute::None);
    kv(y, "lora_rank", in.mode == TrainingMode::Full ? 0LL : whole(in.lora_rank));
    y << YAML::EndMap;
    verlActor(y, in, megatron, p.model.experts > 0, out.notes);
    verlRollout(y, in, out.notes);
    // The log-prob passes (old policy, reference) take the trainer's micro-batch; veRL
    // refuses to start without one of these set.
    begin(y, "ref");
    kv(y, "log_prob_micro_batch_size_per_gpu", whole(logProbMicroBatch(in)));
    begin(y, megatron ? "megatron" : "fsdp_config");
    kv(y, "param_offload", in.park_reference);
    y << YAML::EndMap;
    y << YAML::EndMap;
    y << YAML::EndMap;
    begin(y, "reward_model");
    kv(y, "enable", in.reward == RewardKind::Model);
    y << YAML::EndMap;
    auto pool = [&](const char* section, double gpus) {
        begin(y, section);
        const double per = std::min(perNode, std::max(1.0, gpus));
        kv(y, "n_gpus_per_node", whole(per));
        kv(y, "nnodes", whole(std::ceil(gpus / per - 1e-9)));
        if (std::fmod(gpus, per) != 0)
            out.notes.push_back(std::string(section) + " pool of " + launch::count(gpus) +
                                " GPUs is not whole nodes of " + launch::count(per) +
                                ": written as " + launch::count(std::ceil(gpus / per)) + " nodes");
    };
    pool("trainer", in.trainer_gpus);
    kv(y, "total_training_steps", whole(in.iterations));
    y << YAML::EndMap;
    if (separate) {
        pool("rollout", in.rollout_gpus);
        y << YAML::EndMap;
    }
    if (in.pipeline == Pipeline::Asynchronous) {
        // Staleness s = trigger_parameter_sync_step × (1 + staleness_threshold), as read back.
        const double trigger = std::max(1.0, std::floor(in.staleness));
        begin(y, "async_training");
        kv(y, "trigger_parameter_sync_step", whole(trigger));
        kv(y, "staleness_threshold", std::max(0.0, in.staleness / trigger - 1));
        kv(y, "use_rollout_log_probs", in.rollout_log_probs);
        y << YAML::EndMap;
        if (in.staleness < 1)
            out.notes.push_back("a staleness below one policy version is written as one");

    } else if (separate) {
        out.notes.push_back("separate pools run with veRL's one-step-off recipe, which trains "
                            "one policy version behind: Costlab's synchronous figures are then "
                            "an upper bound on its iteration time");
    }
    if (in.algorithm == RlAlgorithm::PPO && in.critic_scale != 1)
        out.notes.push_back("the critic is " + launch::figure(in.critic_scale * 100) +
                            " % of the actor: set critic.model.path to a model of that size");
    if (in.uses_environments && in.env_count > 0)
        out.notes.push_back("environments (" + launch::count(in.env_count) +
                            ") are your agent loop's; veRL has no setting for their count");
    y << YAML::EndMap;
    std::vector<std::string> h = launch::header(s, est, phase, "veRL config", version);
    // The entry point follows the pipeline: veRL's main_ppo is synchronous and colocated; an
    // asynchronous pipeline is the fully asynchronous recipe, separate pools the one-step-off.
    const char* entry = in.pipeline == Pipeline::Asynchronous
                            ? "verl.experimental.fully_async_policy.fully_async_main"
                        : separate ? "verl.experimental.one_step_off_policy.main_ppo"
                                   : "verl.trainer.main_ppo";
    h.push_back("Add the model path, data files and reward function of your own; launch with");
    h.push_back("  python3 -m " + std::string(entry) +
                " --config-path=DIR --config-name=THIS_FILE_WITHOUT_.yaml");
    h.push_back("ppo_mini_batch_size is the plan's mini-batch (the whole batch when it sets "
                "none) and total_training_steps the plan's iterations: set yours.");
    for (const std::string& n : out.notes)
        h.push_back("Note: " + n + ".");
    out.text = launch::comments(h) + y.c_str() + "\n";
    return out;
}

void readVerlConfig(std::string_view text, ConfigImport& out)
{
    VerlReader(text, out).run();
}

} // namespace costlab
