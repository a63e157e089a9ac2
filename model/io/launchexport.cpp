#include "launchexport.h"

#include "engine.h"

#include "jsondoc.h"
#include "launchdetail.h"
#include "modelarch.h"
#include "printable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace costlab {

namespace launch {

std::string count(double v)
{
    return jsondoc::formatNumber(std::round(std::max(0.0, v)));
}

std::string figure(double v, int decimals)
{
    if (!std::isfinite(v))
        return "n/a";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    const auto dot = s.find('.');
    int end = int(dot == std::string::npos ? s.size() : dot);
    const int start = s[0] == '-' ? 1 : 0;
    for (int i = end - 3; i > start; i -= 3)
        s.insert(std::size_t(i), ",");
    return s;
}

std::string commentText(std::string_view text)
{
    // printable() escapes C0/C1 controls; YAML 1.1 (PyYAML, which Hydra reads) also breaks
    // lines at U+2028 and U+2029, so those are escaped too.
    std::string out = printable(text);
    for (const char* sep : {"\xe2\x80\xa8", "\xe2\x80\xa9"})
        for (auto at = out.find(sep); at != std::string::npos; at = out.find(sep, at))
            out.replace(at, 3, sep[2] == '\xa8' ? "\\u2028" : "\\u2029");
    return out;
}

std::string phaseLabel(const Scenario& s, int phase)
{
    const Phase& p = s.phases[std::size_t(phase)];
    return "phase " + std::to_string(phase + 1) + " (\"" + commentText(p.name) + "\")";
}

std::vector<std::string> header(const Scenario& s, const Estimate& est, int phase,
                                std::string_view what, std::string_view version)
{
    const PhaseEstimate* pe =
        phase < int(est.phases.size()) ? &est.phases[std::size_t(phase)] : nullptr;
    const std::string cur(currencyCode(s.currency));
    std::vector<std::string> h;
    h.push_back(std::string(what) + " for plan \"" + commentText(s.name) + "\", " +
                phaseLabel(s, phase));
    h.push_back("written by Costlab " + std::string(version) +
                " from the plan's layout; Costlab predicts, for this phase:");
    if (!pe)
        return h;
    const auto& mem = pe->memory[std::size_t(GpuRole::Trainer)];
    if (pe->kind == PhaseKind::RlPosttrain)
        h.push_back("  RL iteration " + figure(pe->rl.iteration_s, 1) + " s (generation " +
                    figure(pe->rl.generation_s, 1) + " s, training " +
                    figure(pe->rl.training_s, 1) + " s), trainer MFU " + figure(pe->mfu * 100, 1) +
                    " %");
    else
        h.push_back("  step time " + figure(pe->step.total_s, 2) + " s, MFU " +
                    figure(pe->mfu * 100, 1) + " %, " + figure(pe->gpus) + " GPUs = TP " +
                    count(pe->layout.layout.tp) + " x PP " + count(pe->layout.layout.pp) +
                    " x CP " + count(pe->layout.layout.cp) + " x DP " +
                    count(pe->layout.layout.dp));
    if (mem.present)
        h.push_back("  peak memory per trainer GPU " + figure(mem.total / 1073741824.0, 1) +
                    " GiB of " + figure(mem.usable / 1073741824.0, 1) + " GiB usable (P(OOM) " +
                    figure(mem.oom_probability * 100, 1) + " %)");
    h.push_back("  expected cost " + figure(pe->total) + " " + cur + ", " + figure(pe->gpu_hours) +
                " GPU-hours, " + figure(pe->wall_hours / 24, 1) + " days");
    return h;
}

std::string comments(const std::vector<std::string>& lines)
{
    // Lines longer than 96 columns wrap at a space, continued as "#   …", so the header reads
    // in a terminal and an editor without horizontal scrolling.
    constexpr std::size_t kWidth = 96;
    std::string out;
    for (const std::string& l : lines) {
        std::string rest = l, prefix = "# ";
        if (rest.empty())
            out += "#\n";
        while (!rest.empty()) {
            std::size_t cut = rest.size();
            if (prefix.size() + rest.size() > kWidth) {
                cut = rest.rfind(' ', kWidth - prefix.size());
                if (cut == std::string::npos || cut == 0)
                    cut = rest.find(' ');
                if (cut == std::string::npos)
                    cut = rest.size();
            }
            out += prefix + rest.substr(0, cut) + "\n";
            rest = cut < rest.size() ? rest.substr(cut + 1) : std::string();
            prefix = "#   ";
        }
    }
    return out;
}

std::string phaseError(const Scenario& s, const Estimate& est, int phase, PhaseKind want,
                       std::string_view format)
{
    // Settings for a plan the engine refuses (a layout the GPU count does not divide) would
    // launch something else than planned (issue 44: "0 GPUs = … DP 1024" was exported).
    if (!est.ok)
        return "the plan cannot be evaluated" +
               (est.warnings.empty() ? std::string() : ": " + std::string(est.warnings.front())) +
               "; fix it before exporting launch settings";
    if (phase < 0 || phase >= int(s.phases.size()))
        return "the plan has no phase " + std::to_string(phase + 1) + " (it has " +
               std::to_string(s.phases.size()) + ")";
    if (s.phases[std::size_t(phase)].kind != want)
        return phaseLabel(s, phase) + " is not " +
               (want == PhaseKind::Pretrain ? "a pre-training" : "an RL") + " phase; " +
               std::string(format) + " settings are written for " +
               (want == PhaseKind::Pretrain ? "pre-training" : "RL") + " phases";
    return {};
}

} // namespace launch

namespace {

using launch::count;

/// Megatron's model-shape flags for a shape-derived model (none when the plan gives only a
/// parameter count). Megatron defaults (FFN 4·h, MHA, tied embeddings, GeLU) are written
/// out explicitly so the flags mean the same under any default.
void megatronShape(const ModelArch& m, std::vector<std::string>& flags,
                   std::vector<std::string>& notes)
{
    if (!m.from_shape) {
        notes.push_back("the plan gives the model as a parameter count, not a shape: add "
                        "--num-layers, --hidden-size and the other shape flags yourself");
        return;
    }
    flags.push_back("--num-layers " + count(m.layers));
    flags.push_back("--hidden-size " + count(m.hidden));
    flags.push_back("--num-attention-heads " + count(m.heads));
    if (m.kv_heads > 0 && m.kv_heads != m.heads) {
        flags.push_back("--group-query-attention");
        flags.push_back("--num-query-groups " + count(m.kv_heads));
    }
    if (m.head_dim > 0)
        flags.push_back("--kv-channels " + count(m.head_dim));
    if (isMla(m)) { // Megatron-Core MLA; --qk-head-dim is the part without RoPE
        flags.push_back("--multi-latent-attention");
        flags.push_back("--kv-lora-rank " + count(m.kv_lora_rank));
        if (m.q_lora_rank > 0)
            flags.push_back("--q-lora-rank " + count(m.q_lora_rank));
        flags.push_back("--qk-head-dim " + count(m.qk_nope_head_dim));
        flags.push_back("--qk-pos-emb-head-dim " + count(m.qk_rope_head_dim));
        flags.push_back("--v-head-dim " + count(m.v_head_dim));
    }
    if (m.experts > 0) {
        flags.push_back("--num-experts " + count(m.experts));
        flags.push_back("--moe-router-topk " + count(m.top_k));
        flags.push_back("--moe-ffn-hidden-size " + count(m.ffn));
        if (m.dense_ffn > 0 && m.dense_ffn != m.ffn)
            flags.push_back("--ffn-hidden-size " + count(m.dense_ffn));
        if (m.shared_experts > 0)
            flags.push_back("--moe-shared-expert-intermediate-size " +
                            count(m.shared_experts * m.ffn));
        if (m.capacity_factor > 0) { // padded to capacity, as the memory counts it
            flags.push_back("--moe-expert-capacity-factor " +
                            jsondoc::formatNumber(m.capacity_factor));
            flags.push_back("--moe-pad-expert-input-to-capacity");
        }
        if (m.moe_layer_fraction < 1) {
            // The first layers dense, the rest MoE (DeepSeek's first_k_dense_replace), in
            // Megatron's list form of --moe-layer-freq.
            const double moe = std::round(m.layers * std::clamp(m.moe_layer_fraction, 0.0, 1.0));
            flags.push_back("--moe-layer-freq \"([0]*" + count(m.layers - moe) + "+[1]*" +
                            count(moe) + ")\"");
        }
    } else {
        flags.push_back("--ffn-hidden-size " + count(m.ffn));
    }
    if (m.gated_mlp) {
        // The gated-MLP families Costlab's presets and importers cover (Llama, Qwen, Mistral,
        // DeepSeek) use RoPE and RMSNorm; Megatron's defaults are learned positions and
        // LayerNorm, so they are written out (Qwen2's QKV biases need --add-qkv-bias).
        flags.push_back("--swiglu");
        flags.push_back("--position-embedding-type rope");
        flags.push_back("--normalization RMSNorm");
        flags.push_back("--disable-bias-linear");
        notes.push_back("RoPE, RMSNorm and no linear biases are written as the Llama family "
                        "uses them; change them for a model that differs");
    }
    if (!m.tied_embeddings)
        flags.push_back("--untie-embeddings-and-output-weights");
    flags.push_back("--vocab-size " + count(m.vocab));
    if (m.sliding_window > 0 && m.swa_layer_fraction > 0)
        notes.push_back("sliding-window attention (" + count(m.sliding_window) +
                        " tokens) is not written: set --window-size and its layer pattern");
}

/// ZeRO stage as Megatron flags: 1 = distributed optimizer; 2 and 3 = Megatron-FSDP with the
/// optim_grads / optim_grads_params sharding strategy (Megatron-LM docs, "Megatron FSDP").
void megatronZero(const PretrainInputs& in, std::vector<std::string>& flags,
                  std::vector<std::string>& notes)
{
    const int zero = int(std::lround(in.zero_stage));
    if (zero >= 3 && in.sharded_dp != ShardedDp::MegatronFsdp)
        notes.push_back("Megatron-LM shards weights with Megatron-FSDP only: the plan's ZeRO-3 "
                        "framework is written as Megatron-FSDP");
    if (zero >= 1)
        flags.push_back("--use-distributed-optimizer");
    if (zero >= 2) {
        flags.push_back("--use-megatron-fsdp");
        flags.push_back(std::string("--data-parallel-sharding-strategy ") +
                        (zero >= 3 ? "optim_grads_params" : "optim_grads"));
    }
    if (in.overlap_dp) {
        flags.push_back("--overlap-grad-reduce");
        if (zero >= 1)
            flags.push_back("--overlap-param-gather");
    }
}

/// The interleaved schedule's chunk group N. Megatron-Core accepts PP ≤ N ≤ micro-batches
/// (schedules.py forward_backward_pipelining_with_interleaving raises otherwise); a smaller N
/// is Llama 3's own schedule (§3.3.2), so it is written with a note that Megatron refuses it.
void megatronGroup(const PretrainInputs& in, std::vector<std::string>& flags,
                   std::vector<std::string>& notes)
{
    if (in.vpp <= 1 || in.pp_group <= 0)
        return;
    flags.push_back("--microbatch-group-size-per-virtual-pipeline-stage " + count(in.pp_group));
    if (in.pp_group < in.pp)
        notes.push_back("Megatron-Core refuses a micro-batch group (" + count(in.pp_group) +
                        ") below the pipeline stages (" + count(in.pp) +
                        "); the plan's memory assumes a schedule that allows it, as Llama 3's "
                        "did (§3.3.2)");
}

/// Layout, precision and recompute flags of a pre-training phase.
void megatronLayout(const Phase& p, std::vector<std::string>& flags,
                    std::vector<std::string>& notes)
{
    const PretrainInputs& in = p.pretrain;
    flags.push_back("--tensor-model-parallel-size " + count(in.tp));
    flags.push_back("--pipeline-model-parallel-size " + count(in.pp));
    if (in.vpp > 1)
        flags.push_back("--num-virtual-stages-per-pipeline-rank " + count(in.vpp));
    megatronGroup(in, flags, notes);
    flags.push_back("--context-parallel-size " + count(in.cp));
    flags.push_back("--expert-model-parallel-size " + count(in.ep));
    // 0 = TP, Megatron's own default when the flag is absent; a dense model's stale ETP is not
    // written (Megatron checks EP·ETP·PP against the GPUs for dense models too).
    if (in.etp > 0 && p.model.experts > 0)
        flags.push_back("--expert-tensor-parallel-size " + count(in.etp));
    if (in.sequence_parallel && in.tp > 1)
        flags.push_back("--sequence-parallel");
    megatronZero(in, flags, notes);
    if (in.overlap_tp)
        flags.push_back("--tp-comm-overlap");
    if (in.overlap_ep && p.model.experts > 0)
        flags.push_back("--overlap-moe-expert-parallel-comm");
    switch (in.recompute) {
    case Recompute::None:
        break;
    case Recompute::Selective: {
        flags.push_back("--recompute-granularity selective");
        // core_attn is the default; a list replaces it, so it is written first.
        std::string mods;
        if (in.recompute_norms)
            mods += " layernorm";
        if (in.recompute_moe_act && p.model.experts > 0)
            mods += " moe_act";
        if (in.recompute_mla_up && p.model.kv_lora_rank > 0)
            mods += " mla_up_proj";
        if (!mods.empty())
            flags.push_back("--recompute-modules core_attn" + mods);
        break;
    }
    case Recompute::Full:
        flags.push_back("--recompute-granularity full");
        flags.push_back("--recompute-method uniform");
        flags.push_back("--recompute-num-layers 1");
        break;
    }
    flags.push_back(in.flash_attention ? "--attention-backend flash"
                                       : "--attention-backend unfused");
    flags.push_back(in.state_precision == StatePrecision::Fp16Fp32Copy ? "--fp16" : "--bf16");
    if (in.precision == TrainPrecision::FP8) {
        flags.push_back("--fp8-format hybrid");
        if (in.fp8_act_input)
            flags.push_back("--activation-func-fp8-input-store");
    }
}

/// Batch flags: sequence length, micro-batch, global batch (sequences) and iterations.
void megatronBatch(const PretrainInputs& in, std::vector<std::string>& flags,
                   std::vector<std::string>& notes)
{
    const double seq = std::max(1.0, std::round(in.seq_len));
    const double exact = std::max(1.0, in.global_batch_tokens) / seq;
    const double gbs = std::max(1.0, std::round(exact));
    if (std::fabs(gbs - exact) > 1e-9 * exact)
        notes.push_back("the plan's global batch of " + launch::figure(in.global_batch_tokens) +
                        " tokens is " + launch::figure(exact, 2) + " sequences; written as " +
                        count(gbs));
    const bool longStage = hasLongStage(in);
    const double mainTokens = std::max(0.0, in.tokens - (longStage ? in.long_tokens : 0.0));
    const double iters = std::ceil(mainTokens / (gbs * seq) - 1e-9);
    flags.push_back("--seq-length " + count(seq));
    flags.push_back("--max-position-embeddings " + count(std::max(seq, in.long_seq_len)));
    flags.push_back("--micro-batch-size " + count(in.micro_batch));
    flags.push_back("--global-batch-size " + count(gbs));
    flags.push_back("--train-iters " + count(iters));
    if (longStage) {
        // The second run's own layout, where the plan gives one (0 = the main stage's).
        std::string layout;
        auto own = [&layout](double v, const char* flag) {
            if (v > 0)
                layout += std::string(", ") + flag + " " + count(v);
        };
        own(in.long_tp, "--tensor-model-parallel-size");
        own(in.long_pp, "--pipeline-model-parallel-size");
        own(in.long_vpp, "--num-virtual-stages-per-pipeline-rank");
        own(in.long_cp, "--context-parallel-size");
        own(in.long_micro_batch, "--micro-batch-size");
        notes.push_back("the long-context stage (" + launch::figure(in.long_tokens) +
                        " tokens at " + count(in.long_seq_len) +
                        " tokens of context) is a second run: the flags above are the main "
                        "stage; set --seq-length " +
                        count(in.long_seq_len) + layout + " and its iterations for the second");
    }
    if (in.mfu > 0 || in.measured_tflops > 0 || in.measured_tokens_s > 0)
        notes.push_back("the plan pins its throughput (MFU or a measured rate): the step time "
                        "above is that figure, not the layout's prediction");
}

} // namespace

LaunchExport exportMegatronArgs(const Scenario& s, const Estimate& est, int phase,
                                std::string_view version)
{
    LaunchExport out;
    out.format = "megatron";
    out.error = launch::phaseError(s, est, phase, PhaseKind::Pretrain, "Megatron-LM");
    if (!out.ok())
        return out;
    // A phase sized by a target is written with the count its target set, as priced.
    const Phase sized = sizedPhase(s.phases[std::size_t(phase)], est.phases[std::size_t(phase)]);
    const Phase& p = sized;
    std::vector<std::string> flags;
    megatronLayout(p, flags, out.notes);
    // With --bf16 Megatron accumulates and all-reduces gradients in an FP32 buffer unless
    // --grad-reduce-in-bf16 (megatron/training/arguments.py); that flag changes the numerics,
    // so it is not written for a plan that merely counts memory the ZeRO paper's way.
    switch (p.pretrain.state_precision) {
    case StatePrecision::MegatronBf16:
    case StatePrecision::Fp16Fp32Copy:
        break;
    case StatePrecision::ZeroPaper:
        out.notes.push_back("with --bf16 Megatron keeps an FP32 gradient buffer: 2 B/param more "
                            "than the plan's ZeRO-paper count (training-state precision "
                            "megatron-bf16 matches it)");
        break;
    case StatePrecision::Fp32:
    case StatePrecision::Fp16NoMaster:
        out.notes.push_back("the plan's training-state precision has no Megatron flag; written as "
                            "--bf16, which keeps BF16 weights and an FP32 gradient buffer");
        break;
    }
    megatronBatch(p.pretrain, flags, out.notes);
    megatronShape(p.model, flags, out.notes);

    std::vector<std::string> h = launch::header(s, est, phase, "Megatron-LM arguments", version);
    h.push_back("Paste the flag lines below into your launch command (after pretrain_gpt.py) "
                "and add your data, tokenizer, optimizer, learning-rate and checkpoint flags.");
    for (const std::string& n : out.notes)
        h.push_back("Note: " + n + ".");
    out.text = launch::comments(h);
    for (std::size_t i = 0; i < flags.size(); ++i)
        out.text += flags[i] + (i + 1 < flags.size() ? " \\\n" : "\n");
    return out;
}

} // namespace costlab
