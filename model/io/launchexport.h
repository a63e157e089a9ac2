// Export of a plan's phase as framework launch settings (issue 18): Megatron-LM arguments for
// a pre-training phase, a veRL (Hydra) config fragment for an RL phase. Each starts with a
// comment header naming the plan, the phase, what Costlab predicts for it (step time or RL
// iteration, MFU, peak memory per GPU, cost) and the Costlab version, so a file found later
// says where its numbers came from. Only what Costlab decides is written (layout, batch,
// precision, recompute, shape; the rollout and trainer pools); data, tokenizer, optimizer,
// learning-rate and checkpoint settings are the user's. Reading the text back with
// importMegatronArgs() / importVerlConfig() (import.h) reproduces the phase's layout
// exactly; what a framework cannot express (a long-context stage, a fractional global batch)
// is said in the header instead of being dropped silently.
#pragma once

#include "estimate.h"
#include "scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace costlab {

struct LaunchExport {
    std::string format;             ///< "megatron" or "verl"
    std::string text;               ///< the arguments / YAML, "" when error is set
    std::vector<std::string> notes; ///< what the frameworks cannot say (English; also in text)
    std::string error;              ///< English reason nothing was written
    bool ok() const { return error.empty(); }
};

/// Megatron-LM arguments (one flag per line with shell continuations, readable by
/// importMegatronArgs and pasteable into a launch script) for phase `phase` of `s`, which must
/// be a pre-training phase; `est` is evaluate(s)'s result (its header figures) and `version`
/// the Costlab version. ZeRO stages map to Megatron's distributed optimizer (1) and
/// Megatron-FSDP sharding strategies (2: optim_grads, 3: optim_grads_params). Errors: phase
/// out of range, not a pre-training phase. Never throws beyond std::bad_alloc.
LaunchExport exportMegatronArgs(const Scenario& s, const Estimate& est, int phase,
                                std::string_view version);

/// A veRL config fragment (YAML, Hydra keys as in verl/trainer/config/ppo_trainer.yaml and
/// ppo_megatron_trainer.yaml) for RL phase `phase` of `s`: data batch and lengths, the
/// algorithm, actor / rollout / reference / critic sections and the trainer's pool. Errors:
/// phase out of range, not an RL phase. Never throws beyond std::bad_alloc.
LaunchExport exportVerlConfig(const Scenario& s, const Estimate& est, int phase,
                              std::string_view version);

} // namespace costlab
