// Enumerations shared by the scenario, the registry and the engine.
// Each enum has a stable lower-case id used in .costlab.json files and on the command line;
// the ids never change once released (files depend on them), labels may.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace costlab {

/// Kind of a phase of a plan (cost-model.md §0).
enum class PhaseKind : std::uint8_t { Pretrain, RlPosttrain, Evaluation };

/// Numeric format of weights during rollout / evaluation inference (cost-model.md §3).
enum class Quantization : std::uint8_t { BF16, FP8, INT8, INT4 };

/// Training precision of GEMMs (cost-model.md §2, k_precision).
enum class TrainPrecision : std::uint8_t { BF16, FP8 };

/// KV-cache element format (vLLM `kv_cache_dtype`).
enum class KvDtype : std::uint8_t { BF16, FP8 };

/// Activation recomputation (Korthikanti et al. 2022).
enum class Recompute : std::uint8_t { None, Selective, Full };

/// How GPUs of a phase are bought (cost-model.md §1): reserved is fixed cost, the others elastic.
enum class Purchase : std::uint8_t { Reserved, OnDemand, Spot };

/// On-policy RL algorithm (risk-foundations.md §3.1).
enum class RlAlgorithm : std::uint8_t { PPO, GRPO };

/// Where rollout and training run (cost-model.md §4).
enum class Placement : std::uint8_t { Colocated, Disaggregated };

/// Synchronous (barrier per iteration) or asynchronous (queue, off-policy by k) pipeline.
enum class Pipeline : std::uint8_t { Synchronous, Asynchronous };

/// Post-training weight update mode.
enum class TrainingMode : std::uint8_t { Full, LoRA, QLoRA };

/// Which matrices LoRA adapts.
enum class LoraTargets : std::uint8_t { Attention, AllLinear };

/// Optimizer family; fixes bytes per parameter of optimizer state (risk-foundations.md §1.2).
enum class Optimizer : std::uint8_t { AdamW32, AdamW8bit, SgdMomentum };

/// Where the training state lives in which precision (the framework's mixed-precision recipe):
/// ZeroPaper — BF16 weights and gradients, FP32 master and moments (the ZeRO paper's count);
/// MegatronBf16 — BF16 weights, FP32 main-gradient buffer (Megatron-Core's BF16 default);
/// Fp16Fp32Copy — FP16 weights and gradients plus an FP32 gradient copy in the optimizer
/// (Megatron FP16, DeepSpeed ZeRO's implementation); Fp32 — FP32 weights and gradients cast to
/// BF16 per GEMM (FSDP mixed precision, MaxText); Fp16NoMaster — FP16 weights and gradients,
/// FP32 moments, no FP32 master (OPT-175B / metaseq). Bytes in formula::stateBytesPerParam().
enum class StatePrecision : std::uint8_t {
    ZeroPaper,
    MegatronBf16,
    Fp16Fp32Copy,
    Fp32,
    Fp16NoMaster
};

/// Where a trainer keeps its training state (DeepSpeed ZeRO-Offload and ZeRO-Infinity, FSDP
/// CPUOffload): None — on the GPU; Optimizer — the optimizer's copies (FP32 master, moments, an
/// FP32 gradient copy) in host RAM and the Adam step on the CPU (DeepSpeed offload_optimizer,
/// OpenRLHF --adam_offload); OptimizerParams — also the 16-bit weights and gradients, fetched
/// over PCIe layer by layer (DeepSpeed offload_param, FSDP CPUOffload(offload_params=True)).
enum class Offload : std::uint8_t { None, Optimizer, OptimizerParams };

/// The framework that shards weights over data parallel (ZeRO stage 3): how it gathers the
/// weights and reduces the gradients, layer by layer (steptime.h, kShardedDp). Fsdp2 — PyTorch
/// fully_shard (veRL strategy fsdp2, torchtitan); DeepSpeed — DeepSpeed ZeRO stage 3
/// (OpenRLHF, DeepSpeed-Chat); MegatronFsdp — Megatron-Core's Megatron-FSDP
/// (optim_grads_params); Fsdp1 — PyTorch FullyShardedDataParallel with flat parameters (veRL's
/// default strategy fsdp; FairScale FSDP, which trained OPT, works the same way).
enum class ShardedDp : std::uint8_t { Fsdp2, DeepSpeed, MegatronFsdp, Fsdp1 };

/// PyTorch FSDP, either generation (Fsdp1, Fsdp2): the sharding veRL's hybrid shard groups
/// (`fsdp_size`, `rl.shard_group`) apply to and the only one veRL trains with.
constexpr bool isPytorchFsdp(ShardedDp s)
{
    return s == ShardedDp::Fsdp1 || s == ShardedDp::Fsdp2;
}

/// What generates the rollouts of a colocated RL pool. Vllm — a serving engine (vLLM,
/// SGLang): paged KV cache in a reserved fraction of HBM, continuous batching, sleep mode.
/// DeepSpeedHybrid — DeepSpeed-Chat's hybrid engine (deepspeed/runtime/hybrid_engine.py):
/// the trainer's own ZeRO-3 shards gathered once per generate() call into fused inference
/// kernels, a static batch in a static KV workspace, every sequence decoding until the
/// batch's longest ends.
enum class RolloutEngine : std::uint8_t { Vllm, DeepSpeedHybrid };

/// Source of the RL reward.
enum class RewardKind : std::uint8_t { Verifiable, Model };

/// Display / billing currency of a scenario.
enum class Currency : std::uint8_t { USD, CNY };

/// One choice of a categorical parameter: stable id and English label (translatable).
struct ChoiceDef {
    std::string_view id;
    std::string_view label;
};

/// ISO 4217 code of a scenario currency ("USD", "CNY").
std::string_view currencyCode(Currency);

std::string_view toString(PhaseKind);
std::optional<PhaseKind> phaseKindFromString(std::string_view);

/// Bytes per parameter of weights stored in format `q`, including the per-group scale
/// overhead of INT4 (group 128 with FP16 scales ≈ 0.53 B/param; risk-foundations.md §2).
double weightBytesPerParam(Quantization q);

} // namespace costlab
