// A scenario is one training plan: shared sections plus an ordered list of phases
// (cost-model.md §0). Plain data, no behaviour: the engine reads it, the registry
// (registry.h) describes every editable field once, JSON and the UI derive from there.
//
// Units inside a scenario follow cost-model.md: parameters as counts (not billions),
// tokens as counts, durations in hours unless a field name says otherwise (_s, _min, _days),
// money in the scenario's currency, storage sizes in GB (1e9 bytes) or TB (1e12 bytes).
// All numeric fields are double so that sweeps can vary any of them; counts are rounded
// by the engine where it needs an integer.
#pragma once

#include "scaling.h"
#include "types.h"

#include <cmath>
#include <string>
#include <vector>

namespace costlab {

/// Transformer shape. Either `params_total` is given directly (`from_shape == false`), or it is
/// derived from the shape by modelarch.h. Defaults: Llama-3-8B (Llama 3 paper, Table 3).
struct ModelArch {
    std::string preset;           ///< preset id this shape came from ("" = custom)
    bool from_shape = true;       ///< derive parameter counts from the shape below
    double params_total = 8.03e9; ///< used when !from_shape; parameters
    double params_active = 0;     ///< used when !from_shape; 0 = same as total (dense)
    double layers = 32;
    double hidden = 4096;
    double heads = 32;
    double kv_heads = 8;   ///< GQA groups; = heads for multi-head attention
    double head_dim = 0;   ///< 0 = hidden / heads
    double ffn = 14336;    ///< FFN inner size (per expert for MoE)
    bool gated_mlp = true; ///< SwiGLU/GeGLU: 3 matrices instead of 2
    double vocab = 128256;
    bool tied_embeddings = false;
    double sliding_window = 0;     ///< tokens; 0 = full attention on all layers
    double swa_layer_fraction = 0; ///< fraction of layers using the sliding window
    double experts = 0;            ///< routed experts; 0 = dense
    double top_k = 0;              ///< routed experts per token
    double shared_experts = 0;     ///< always-active experts
    double moe_layer_fraction = 1; ///< fraction of layers whose MLP is MoE
    /// Expert capacity factor: each expert takes at most capacity·tokens·top-k/experts tokens
    /// and its buffers are padded to that (Megatron --moe-expert-capacity-factor with
    /// --moe-pad-expert-input-to-capacity); 0 = dropless routing (Megatron's default).
    double capacity_factor = 0;
    double dense_ffn = 0; ///< FFN size of the dense (non-MoE) layers of an MoE model; 0 = ffn
    // Multi-head latent attention (DeepSeek-V2 §2.1), on when kv_lora_rank > 0: K and V are
    // up-projected from a cached latent of kv_lora_rank plus a shared RoPE key of
    // qk_rope_head_dim per token and layer.
    double kv_lora_rank = 0;     ///< d_c, the KV latent (DeepSeek-V3: 512); 0 = no MLA
    double q_lora_rank = 0;      ///< d_c', the query latent (V3: 1536); 0 = full-rank queries
    double qk_rope_head_dim = 0; ///< d_h^R, decoupled RoPE dimension per head (V3: 64)
    double qk_nope_head_dim = 0; ///< query/key dimension per head without RoPE (V3: 128)
    double v_head_dim = 0;       ///< value dimension per head (V3: 128)
};

/// Pre-training (route A) inputs (cost-model.md §2, §3).
struct PretrainInputs {
    double tokens = 15e12;
    double seq_len = 8192;
    double global_batch_tokens = 16.8e6; ///< tokens per optimizer step (Llama 3: 16M)
    TrainPrecision precision = TrainPrecision::BF16;
    Recompute recompute = Recompute::Selective;
    /// Output-discarding recompute on top of selective recompute (Megatron-Core
    /// --recompute-modules layernorm / moe_act / mla_up_proj; DeepSeek-V3 §3.2.3 recomputes
    /// RMSNorm and the MLA up-projections). Ignored under full recompute or none.
    bool recompute_norms = false;
    bool recompute_moe_act = false;
    bool recompute_mla_up = false;
    /// FP8 only: the SwiGLU input kept in FP8 (--activation-func-fp8-input-store;
    /// DeepSeek-V3 §3.3.3).
    bool fp8_act_input = false;
    bool flash_attention = true;
    double mfu = 0;               ///< pinned MFU; 0 = predicted by the step-time model (steptime.h)
    double measured_tflops = 0;   ///< measured TFLOP/s per GPU; 0 = none (overrides mfu)
    double measured_tokens_s = 0; ///< measured tokens/s per GPU; 0 = none (overrides all)
    /// Validation during training: eval_iters forward-only iterations every eval_interval
    /// steps (Megatron --eval-interval / --eval-iters; 1,000 and 10 in its GPT-3 175B example
    /// script); 0 = none.
    double eval_interval = 1000;
    double eval_iters = 10;
    double tp = 1, pp = 1, ep = 1;
    /// Expert tensor parallel (MoE, Megatron-Core --expert-tensor-parallel-size): the routed
    /// experts' FFN split over ETP GPUs of an EP·ETP expert group; 0 = TP (Megatron's default).
    double etp = 0;
    double cp = 1;  ///< context parallel
    double vpp = 1; ///< virtual pipeline stages per rank (interleaved 1F1B)
    /// Interleaved 1F1B: micro-batches run through one model chunk before the next (N of
    /// Llama 3 §3.3.2; Megatron-Core --microbatch-group-size-per-virtual-pipeline-stage);
    /// 0 = PP, Megatron's default. Sets how many chunks the first stages hold in warm-up.
    double pp_group = 0;
    bool sequence_parallel = true;
    bool overlap_dp = true;  ///< DP gradient/parameter collectives overlapped with compute
    bool overlap_tp = false; ///< TP collectives overlapped with GEMMs (userbuffers)
    /// MoE: the EP all-to-all of one micro-batch overlapped with another's compute
    /// (Megatron-Core --overlap-moe-expert-parallel-comm; DeepSeek-V3's DualPipe).
    bool overlap_ep = false;
    double zero_stage = 1;
    /// At ZeRO stage 3: the framework that gathers the weights (Megatron-FSDP, Costlab's
    /// pre-training framework being Megatron-Core).
    ShardedDp sharded_dp = ShardedDp::MegatronFsdp;
    double micro_batch = 1;
    double long_seq_len = 0; ///< long-context stage at the end: context, tokens; 0 = none
    double long_tokens = 0;  ///< tokens trained at long_seq_len (part of `tokens`)
    /// The long-context stage's own layout, as real runs switch layout for long context
    /// (Llama 3 §3.3.2: CP 1 at 8K, CP 16 at 128K); each 0 = the main stage's value.
    double long_tp = 0, long_pp = 0, long_vpp = 0, long_cp = 0, long_micro_batch = 0;
    Optimizer optimizer = Optimizer::AdamW32;
    StatePrecision state_precision = StatePrecision::ZeroPaper;
    Offload offload = Offload::None; ///< training state in host RAM (ZeRO-Offload, FSDP)
    double lr_factor = 1;            ///< learning rate / largest stable rate of the recipe
    bool qk_norm = true;             ///< qk-layernorm / z-loss stabilisation (Wortsman 2023)
    /// First run of this recipe at this scale: carries the unrecoverable-divergence prior
    /// (assumptions.div_unrec_new); a repeat of a proven recipe carries none.
    bool first_of_kind = false;
    /// Sized by a target (issue 46): train until the loss law says `target_loss` nats per
    /// token is reached at this model size; `tokens` is then set by the engine. 0 = sized by
    /// `tokens`.
    double target_loss = 0;
    /// Which law: an index into lossLaws() (scaling.h), or lossLaws().size() = `law` below
    /// (the user's own fit or values typed in).
    double loss_law = 0;
    LossLaw law{.E = 1.8172, .A = 482.01, .B = 2085.43, .alpha = 0.3478, .beta = 0.3658};
    /// Standard error of `law`'s E, nats (the fit's bootstrap): the tokens a target needs carry
    /// σ(ln D) = σ_E/(β·(target − floor)) (lossTokensSigma), which the Monte Carlo samples.
    /// Presets carry their own.
    double law_sigma = 0;
    /// The runs `law` was fitted on: parameters and tokens, smallest and largest (0 = not
    /// given). A plan outside them is an extrapolation and is flagged, as with the presets; a
    /// fit at one size (law_fit_n_min = law_fit_n_max) flags every other model size.
    double law_fit_n_min = 0, law_fit_n_max = 0, law_fit_d_min = 0, law_fit_d_max = 0;
    /// How this phase's loss reads as a benchmark score (scaling.h ScoreMap; the user's own
    /// evaluations): the value comparison of routes (analysis/value.h). Off by default.
    ScoreMap score_map;
};

/// True when a pre-training phase ends with a long-context stage (a context and tokens).
inline bool hasLongStage(const PretrainInputs& in)
{
    return in.long_seq_len > 0 && in.long_tokens > 0;
}

/// RL post-training (route B) inputs (cost-model.md §4).
struct RlInputs {
    RlAlgorithm algorithm = RlAlgorithm::GRPO;
    TrainingMode mode = TrainingMode::Full;
    double lora_rank = 64;
    LoraTargets lora_targets = LoraTargets::AllLinear;
    Optimizer optimizer = Optimizer::AdamW32;
    StatePrecision state_precision = StatePrecision::ZeroPaper;
    Offload offload = Offload::None; ///< training state in host RAM (ZeRO-Offload, FSDP)
    double iterations = 500;         ///< RL steps (policy updates)
    double prompts_per_iter = 512;   ///< B
    double group_size = 16;          ///< G; episodes per iteration S = B·G
    double turns = 1;                ///< K environment turns per episode
    double prompt_tokens = 512;
    double response_tokens = 2048;      ///< mean response tokens per turn
    double response_cv = 1.0;           ///< coefficient of variation (log-normal)
    double max_response_tokens = 16384; ///< generation cap per turn
    double obs_tokens = 0;              ///< environment observation tokens appended per turn
    // Rollout pool
    Quantization rollout_quant = Quantization::BF16;
    KvDtype kv_dtype = KvDtype::BF16;
    bool is_correction = true;     ///< truncated importance sampling (TIS) on
    double rollout_gpus = 32;      ///< disaggregated: rollout pool; colocated: ignored
    double rollout_tp = 1;         ///< GPUs per inference engine
    double rollout_mem_util = 0.9; ///< vLLM gpu_memory_utilization
    double max_num_seqs = 256;     ///< concurrent sequences per engine cap
    /// Colocated: a serving engine or DeepSpeed-Chat's hybrid engine (types.h).
    RolloutEngine rollout_engine = RolloutEngine::Vllm;
    // Trainer pool
    double trainer_gpus = 32; ///< colocated: the whole pool
    double tp = 1, pp = 1;
    double ep = 1;  ///< expert parallel (MoE), within DP as in Megatron-Core
    double etp = 0; ///< expert tensor parallel (MoE); 0 = TP (Megatron-Core's default)
    double zero_stage = 3;
    /// At ZeRO stage 3: the framework that gathers the weights (veRL's default strategy fsdp).
    ShardedDp sharded_dp = ShardedDp::Fsdp1;
    /// At ZeRO stage 3 under PyTorch FSDP: the data-parallel ranks one copy of the training
    /// state is sharded over, the copies replicated across the groups (hybrid sharding, veRL
    /// fsdp_config.fsdp_size); 0 = all of them.
    double shard_group = 0;
    double micro_batch = 1;
    /// Sequences per forward-only log-probability pass (old policy, reference; veRL
    /// log_prob_micro_batch_size_per_gpu); 0 = micro_batch.
    double log_prob_micro_batch = 0;
    /// Prompts per optimizer step (veRL actor.ppo_mini_batch_size, OpenRLHF
    /// train_batch_size): the update of one iteration is split into prompts / ppo_mini_batch
    /// optimizer steps, each with its own gradient reduction, ZeRO gathers and optimizer
    /// step. 0 = the whole iteration in one step.
    double ppo_mini_batch = 0;
    /// The rollout engine returns each token's log-probability and the trainer uses them as
    /// the old policy's (veRL fully async async_training.use_rollout_log_probs, its default):
    /// no old-log-prob forward pass on the trainer.
    bool rollout_log_probs = false;
    Recompute recompute = Recompute::Full;
    double mfu = 0; ///< 0 = engine default
    Placement placement = Placement::Colocated;
    bool rollout_sleep = true; ///< colocated: the engine frees its memory while training
                               ///< (vLLM sleep mode, veRL free_cache_engine)
    /// Colocated: the trainer moves its weights (actor, reference, critic) / its optimizer
    /// state to host RAM while the engine generates and back to train (veRL param_offload /
    /// optimizer_offload). Not DeepSpeed's ZeRO-Offload (`offload`), which trains from RAM.
    bool park_params = false;
    bool park_optimizer = false;
    /// The frozen reference model lives in host RAM and comes to the GPUs only for its
    /// log-prob pass (veRL ref param_offload), in any placement.
    bool park_reference = false;
    Pipeline pipeline = Pipeline::Synchronous;
    double staleness = 1; ///< async: policy versions of lag
    // Models
    RewardKind reward = RewardKind::Verifiable;
    double reward_model_params = 7e9;
    double critic_scale = 1; ///< PPO critic parameters / the actor's (1 = same model)
    double kl_coef = 0.001;  ///< KL penalty β (0 drops the reference model)
    double lr_factor = 1;
    // Environments
    /// false: the reward is a rule-based verifier or function in the trainer process, no
    /// environment is waited for or rented (veRL's GSM8K/MATH scripts; issue 12)
    bool uses_environments = true;
    double env_count = 256;         ///< E parallel environments
    double env_latency_s = 2;       ///< median latency of one environment step
    double env_latency_sigma = 0.8; ///< log-normal σ of env step latency
    double envs_per_instance = 8;
    double env_startup_s = 0; ///< container start per episode; 0 = reused
    /// Environment instances are released while no episode needs them and started again
    /// for the next rollout (article §4.1: release non-critical environment nodes); billed
    /// for their busy share plus one boot per iteration.
    bool env_release_idle = false;
    double transition_kb = 16;      ///< stored bytes per transition (trajectory store)
    double posttrain_data_gb = 200; ///< prompts / environment state on high-IOPS storage
    /// Sized by a target (issue 46): run until the compute–performance curve says the score
    /// (pass rate, 0–1) reaches `target_score`; `iterations` is then set by the engine from the
    /// plan's GPU-hours per iteration. 0 = sized by `iterations`.
    double target_score = 0;
    /// Which curve: an index into rlCurves() (scaling.h), or rlCurves().size() = `curve` below.
    double rl_curve = 0;
    RlCurve curve{.A = 0.6, .B = 1.5, .C_mid = 2000, .R0 = 0.2};
    /// What `curve`'s compute axis counts: GPU-hours of the runs it was fitted on, or the plan's
    /// iterations.
    RlComputeUnit curve_unit = RlComputeUnit::GpuHours;
    /// GPU-hours of one policy step in the runs `curve` was fitted on (GPU-hours unit): the
    /// curve's compute / this = the policy steps the target needs. 0 = this phase's own
    /// GPU-hours per iteration (the runs were small versions of this plan's setup).
    double curve_step_gpu_hours = 0;
    double curve_sigma = 0; ///< standard error of `curve`'s A (rlComputeSigma); presets: their own
    /// The compute of the points `curve` was fitted on, in its unit (0 = not given): a target
    /// that needs more is an extrapolation and is flagged, as with the presets.
    double curve_fit_c_min = 0, curve_fit_c_max = 0;
};

/// Optimizer steps per RL iteration: ⌈prompts / ppo_mini_batch⌉, 1 when ppo_mini_batch is 0.
inline double rlOptimizerSteps(const RlInputs& in)
{
    const double prompts = in.prompts_per_iter >= 1 ? in.prompts_per_iter : 1;
    return in.ppo_mini_batch >= 1 && in.ppo_mini_batch < prompts
               ? std::ceil(prompts / in.ppo_mini_batch - 1e-9)
               : 1.0;
}

/// Sequences per forward-only log-probability pass: log_prob_micro_batch, or the training
/// micro-batch when it is 0.
inline double logProbMicroBatch(const RlInputs& in)
{
    return in.log_prob_micro_batch > 0 ? in.log_prob_micro_batch : in.micro_batch;
}

/// Evaluation campaign inputs (cost-model.md §5).
struct EvalInputs {
    double versions = 10; ///< model versions evaluated
    double benchmarks = 20;
    double samples_per_benchmark = 1000;
    double prompt_tokens = 1024;
    double output_tokens = 1024;
    double turns = 1;
    Quantization quant = Quantization::BF16;
    KvDtype kv_dtype = KvDtype::BF16;
    double tp = 8;
    double mem_util = 0.9;
    double max_num_seqs = 256;
    double env_count = 0; ///< environments for long-horizon tasks
    double env_latency_s = 5;
    double env_latency_sigma = 0.8;
    double envs_per_instance = 8;
    bool destroy_after_use = true;
    double forgotten_hours = 24; ///< idle time of undestroyed environments per run
};

/// One phase of a plan. Only the inputs block matching `kind` is used.
struct Phase {
    PhaseKind kind = PhaseKind::Pretrain;
    std::string name;
    std::string experiment_batch;              ///< attribution tag (article §3)
    ModelArch model;                           ///< trained model (actor) or evaluated model
    std::string accelerator = "h100-sxm-80gb"; ///< catalog id
    double gpus = 1024;                        ///< pretrain / evaluation GPU count
    Purchase purchase = Purchase::Reserved;    ///< purchase kind of the elastic share
    double elastic_fraction = 0;             ///< share of GPU-hours bought elastic (on-demand/spot)
    std::string env_instance = "cpu-16vcpu"; ///< catalog id of environment worker instance
    PretrainInputs pretrain;
    RlInputs rl;
    EvalInputs eval;
};

struct StorageSection {
    double raw_corpus_tb = 0;               ///< raw crawl on object storage
    double cleaned_corpus_tb = 0;           ///< cleaned training corpus, standard tier
    double dataset_hot_days = 30;           ///< raw corpus moves to infrequent tier after this
    double retention_after_months = 3;      ///< data kept after the plan ends
    double checkpoint_keep_last = 3;        ///< k newest checkpoints kept
    double checkpoint_milestone_every = 50; ///< every m-th checkpoint kept as milestone; 0 = none
    double checkpoint_hot_days = 7;         ///< then moved to the cold tier
    double checkpoint_write_gbps = 50; ///< aggregate write bandwidth to checkpoint storage, GB/s
    bool async_checkpoint = true;      ///< only the device-to-host copy stalls training
    double trajectory_hot_days = 14;
};

struct NetworkSection {
    double interconnect_per_gpu_hour = 0; ///< amortised fabric cost; 0 = bundled in GPU price
    double env_request_kb = 4;
    double env_response_kb = 16;
    double egress_gb = 0; ///< datasets / checkpoints shipped out
};

struct LoggingSection {
    double record_kb = 2;             ///< bytes per step record (state, action, reward)
    double sampling_rate = 1.0;       ///< fraction of step records kept
    double full_trace_fraction = 0.0; ///< episodes traced in full (anomalous / high reward)
    double full_trace_kb = 512;
    double retention_months = 6;
    double train_log_kb_per_step = 64; ///< metrics per optimizer step
};

struct ReliabilitySection {
    double gpu_failure_rate = 2e-5; ///< failures per GPU-hour (Llama 3 405B: 1.97e-5)
    double node_failure_rate = 0;   ///< extra failures per node-hour
    double gpus_per_node = 8;
    bool checkpoint_auto = true;      ///< τ = Daly optimum; the interval below is ignored
    double checkpoint_interval_h = 1; ///< τ, hours of work between checkpoints
    double restart_min = 10;          ///< R: detect + reschedule + reload
    double corruption_prob = 0.01;    ///< probability a checkpoint is unusable
    double loss_threshold_h = 2;      ///< "a failure costs more than" threshold, hours of work
};

struct CapacitySection {
    double unavailable_prob = 0.3;      ///< P(elastic capacity not available when needed)
    double mean_wait_h = 12;            ///< expected wait when unavailable
    double spot_interrupt_month = 0.10; ///< AWS Spot advisor band 5-10 %/month
};

struct EngineeringSection {
    double env_types = 0;
    double months_per_env_type = 1.5; ///< engineer-months per environment type
    double monthly_rate = 20000;      ///< fully loaded engineer cost per month
    double maintenance_fte = 0;       ///< engineers maintaining the system over the plan
    /// Environments defined as code (article §4.5): per-type effort and maintenance staff
    /// scale by assumptions.iac_effort_factor.
    bool infra_as_code = false;
};

struct BudgetSection {
    double total = 0;                      ///< 0 = no budget set
    double daily_alert = 0;                ///< 0 = no alert line
    double deadline_days = 0;              ///< days from the start the plan must end by; 0 = none
    std::string start_date = "2027-01-04"; ///< ISO date of the plan's first day
};

/// Coefficients that are assumptions rather than physics (cost-model.md preamble).
struct Assumptions {
    double fp8_speedup = 1.3;            ///< k_precision for FP8 training
    double full_recompute_factor = 0.75; ///< k_recompute, 6/8
    double cuda_context_gib = 1;
    double fragmentation = 1.07;
    double oom_sigma = 0.08;
    double decode_bw_efficiency = 0.7; ///< achieved fraction of HBM bandwidth in decode
    double decode_compute_efficiency = 0.5;
    double prefill_mfu = 0.4;
    double weight_sync_gbps = 25;  ///< aggregate weight-sync bandwidth, GB/s
    double sync_fixed_s = 10;      ///< fixed weight-sync latency per iteration
    double colocate_switch_s = 20; ///< colocated offload/reload per iteration
    double host_process_gib = 8;   ///< host RAM per GPU process (framework, CUDA libraries,
                                   ///< data loader workers), GiB; an assumption, no measured source
    double ray_object_store_fraction = 0.3; ///< RL frameworks on Ray: node RAM the object store
                                            ///< reserves (Ray docs: 30 % by default)
    double cpu_adam_params_s = 1.4e9;       ///< CPU Adam updates per second per node under offload
                                            ///< (DeepSpeed PR #735: 11.6 B parameters in 8.2 s)
    double pcie_gbps = 32; ///< host link per GPU and direction where the catalog has none, GB/s
    /// Per-GPU step-time coefficient of variation of a production run: every step waits for
    /// the slowest GPU (stragglerSlowdown; risk-foundations.md §6, healthy 1–5 %).
    double straggler_cv = 0.02;
    // Monte Carlo priors (risk-foundations.md §8): plan-level uncertainty drawn once per run.
    double mc_failure_rate_sigma = 0.5; ///< log-normal σ of the failure rate around its value
    double mc_restart_sigma = 0.55;     ///< log-normal σ of the restart time (5–25 min at 10)
    double mc_throughput_sigma = 0.05;  ///< normal σ of the achieved throughput multiplier
    /// Log-normal σ of the straggler spread (straggler_cv) drawn once per run: 0.49 puts the
    /// healthy 1–5 % of risk-foundations.md §6 at the 5th and 95th percentiles.
    double mc_straggler_sigma = 0.49;
    double mc_failure_weibull_shape = 1; ///< Weibull k of the time between failures; 1 = Poisson
    double mc_env_latency_sigma = 0.3;   ///< log-normal σ of the environments' latency per run
    double mc_diurnal_swing = 0.015;     ///< peak-to-trough day/night throughput swing (Llama 3)
    double div_h0_pretrain = 1e-6;       ///< divergence hazard per step, stabilised recipe
    double div_h0_unstable = 8e-5;       ///< PaLM anchor, ≥100B without qk-norm
    double div_h0_rl = 1e-4;             ///< RL collapse hazard per iteration, BF16
    double lr_exponent = 6;              ///< steepness of hazard in learning rate
    double quant_hazard_fp8 = 8;         ///< multiplier of RL hazard for FP8 rollouts, no TIS
    double quant_hazard_int8 = 10;
    double quant_hazard_int4 = 20;
    double tis_residual = 0.05;    ///< share of quantization penalty left with TIS
    double staleness_hazard = 0.3; ///< extra hazard per step of staleness
    // Unrecoverable branch (risk-foundations.md §3.3, §4.3): the run so far is lost.
    double div_unrec_new = 0.1;    ///< P(unrecoverable) of a first-of-kind ≥100B pre-training run
    double rl_mismatch_kl = 1e-3;  ///< sampler–trainer token KL, BF16/BF16 dense
    double rl_collapse_eta50 = 64; ///< η = response tokens × KL at which p_fail = ½
    double rl_collapse_slope = 2.5;           ///< slope of p_fail in ln η (logistic)
    double rl_collapse_ref_iterations = 1000; ///< run length the p_fail prior is stated for
    double mismatch_slowdown = 0.05; ///< extra iterations per unit of (mismatch factor − 1)
    double div_detect_steps = 50;
    double div_margin_steps = 100;    ///< PaLM: restart ~100 steps before the spike
    double fp8_rollout_speedup = 1.4; ///< FP8-RL 1.44x, QuRL 1.2-1.8x (compute side)
    double async_stall_s = 5;    ///< fixed stall of an asynchronous checkpoint (snapshot, barrier)
    double d2h_gbps = 25;        ///< device-to-host copy bandwidth per GPU (async checkpoint stall)
    double estimate_sigma = 0.1; ///< relative uncertainty of the total (budget risk)
    double instance_boot_s = 60; ///< billed start of a released environment instance
    double iac_effort_factor = 0.6; ///< engineering effort left with infrastructure as code
};

/// A whole plan.
struct Scenario {
    std::string name = "Untitled plan";
    std::string description;
    std::string project; ///< attribution tag
    std::vector<std::string> tags;
    std::string catalog_id = "default";
    Currency currency = Currency::USD;
    double cny_per_usd = 7.2; ///< exchange rate (reference-data.md: DeepSeek's 7.2)
    StorageSection storage;
    NetworkSection network;
    LoggingSection logging;
    ReliabilitySection reliability;
    CapacitySection capacity;
    EngineeringSection engineering;
    BudgetSection budget;
    Assumptions assumptions;
    std::vector<Phase> phases;
};

/// Scenario file format version written by this build.
inline constexpr int kScenarioSchemaVersion = 1;

} // namespace costlab
