#include "levers.h"

#include "montecarlo.h"
#include "registry.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace costlab {

namespace {

// Lever texts are written out as QT_TRANSLATE_NOOP(...) so lupdate finds them (it does not
// expand macros).
constexpr std::string_view kNoCheaper =
    QT_TRANSLATE_NOOP("costlab::Lever", "No candidate value lowers this plan's cost.");
constexpr std::string_view kNoRl =
    QT_TRANSLATE_NOOP("costlab::Lever", "The plan has no RL post-training phase.");
constexpr std::string_view kNoTraining =
    QT_TRANSLATE_NOOP("costlab::Lever", "The plan has no training phase that writes checkpoints.");

using Candidate = std::vector<ParamChange>;

LeverFigures figuresOf(const Estimate& e)
{
    LeverFigures f;
    f.ok = e.ok;
    f.total = e.total;
    f.days = e.wall_hours / 24.0;
    f.risks = planRisks(e);
    return f;
}

unsigned kindBit(PhaseKind k)
{
    return 1u << static_cast<unsigned>(k);
}

/// The change of phase input `key` of phase `phase` to `text`.
ParamChange phaseChange(const Scenario& s, int phase, std::string_view key, std::string text)
{
    const ParamDef* d = findDef(key, kindBit(s.phases[std::size_t(phase)].kind));
    return {d ? fullId(s, ParamRef{d, phase}) : std::string(key), std::move(text)};
}

ParamChange phaseNumber(const Scenario& s, int phase, std::string_view key, double v)
{
    return phaseChange(s, phase, key, numberText(v));
}

bool hasKind(const Scenario& s, PhaseKind k)
{
    return std::any_of(s.phases.begin(), s.phases.end(),
                       [k](const Phase& p) { return p.kind == k; });
}

bool trains(const Scenario& s)
{
    return hasKind(s, PhaseKind::Pretrain) || hasKind(s, PhaseKind::RlPosttrain);
}

bool cheaper(double total, double than)
{
    return total < than - 1e-9 * std::max(1.0, std::abs(than));
}

/// For every phase, tries the candidates `of(phase)` on top of the changes kept so far and
/// keeps the cheapest one that saves and stays within the limits; when no saving candidate
/// of any phase is within the limits, the cheapest saving one instead (the table then shows
/// which limit it breaks). `none` is the reason when no phase has a candidate at all.
LeverProposal choosePerPhase(const LeverContext& c,
                             const std::function<std::vector<Candidate>(int)>& of,
                             std::string_view none)
{
    const auto baseRisks = planRisks(c.estimate);
    auto search = [&](bool respectLimits, bool& anyCandidate) {
        Scenario running = c.scenario;
        double runningTotal = c.estimate.total;
        std::vector<ParamChange> kept;
        for (int i = 0; i < int(c.scenario.phases.size()); ++i) {
            const std::vector<Candidate> cands = of(i);
            anyCandidate = anyCandidate || !cands.empty();
            const Candidate* best = nullptr;
            double bestTotal = runningTotal;
            for (const Candidate& cand : cands) {
                Scenario t = running;
                if (!applyChanges(t, cand).ok())
                    continue;
                const Estimate e = evaluate(t, c.catalog);
                if (!e.ok || !cheaper(e.total, bestTotal))
                    continue;
                if (respectLimits && !limitsExceeded(baseRisks, planRisks(e), c.limits).empty())
                    continue;
                best = &cand;
                bestTotal = e.total;
            }
            if (best) {
                applyChanges(running, *best);
                runningTotal = bestTotal;
                kept.insert(kept.end(), best->begin(), best->end());
            }
        }
        return kept;
    };
    bool anyCandidate = false;
    LeverProposal p;
    p.changes = search(true, anyCandidate);
    if (p.changes.empty() && anyCandidate)
        p.changes = search(false, anyCandidate);
    if (p.changes.empty())
        p.reason = anyCandidate ? kNoCheaper : none;
    return p;
}

/// Phase indices of kind `k`.
std::vector<int> phasesOf(const Scenario& s, PhaseKind k)
{
    std::vector<int> out;
    for (int i = 0; i < int(s.phases.size()); ++i)
        if (s.phases[std::size_t(i)].kind == k)
            out.push_back(i);
    return out;
}

// ---- §4.1 ---------------------------------------------------------------------------------

LeverProposal releaseIdleEnvironments(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    for (int i : phasesOf(s, PhaseKind::RlPosttrain)) {
        const Phase& ph = s.phases[std::size_t(i)];
        if (!ph.rl.env_release_idle && c.catalog.instance(ph.env_instance))
            p.changes.push_back(phaseChange(s, i, "env_release_idle", "true"));
    }
    if (p.changes.empty())
        p.reason = hasKind(s, PhaseKind::RlPosttrain)
                       ? QT_TRANSLATE_NOOP("costlab::Lever",
                                           "Idle environment instances are already released.")
                       : kNoRl;
    return p;
}

LeverProposal colocate(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    return choosePerPhase(
        c,
        [&s](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            if (ph.kind != PhaseKind::RlPosttrain || ph.rl.placement == Placement::Colocated)
                return out;
            // One pool time-shares rollout and training: the trainer's GPUs alone, or the
            // two pools together.
            for (double n : {ph.rl.trainer_gpus, ph.rl.trainer_gpus + ph.rl.rollout_gpus})
                out.push_back({phaseChange(s, i, "placement", "colocated"),
                               phaseChange(s, i, "rollout_sleep", "true"),
                               phaseNumber(s, i, "trainer_gpus", n)});
            return out;
        },
        hasKind(s, PhaseKind::RlPosttrain)
            ? QT_TRANSLATE_NOOP("costlab::Lever", "Rollout and training already share one pool.")
            : kNoRl);
}

LeverProposal specMatch(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    const Catalog& cat = c.catalog;
    return choosePerPhase(
        c,
        [&s, &cat](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            const InstanceType* now = cat.instance(ph.env_instance);
            const double envs = ph.kind == PhaseKind::RlPosttrain  ? ph.rl.env_count
                                : ph.kind == PhaseKind::Evaluation ? ph.eval.env_count
                                                                   : 0.0;
            if (!now || envs <= 0)
                return out;
            const double per = std::max(1.0, std::round(ph.kind == PhaseKind::RlPosttrain
                                                            ? ph.rl.envs_per_instance
                                                            : ph.eval.envs_per_instance));
            const double vcpu = now->vcpus / per, mem = now->mem_gib / per;
            const double nowPerEnv = now->price_hour / per;
            // Same vCPUs and memory per environment, no accelerator, lower price per environment.
            for (const InstanceType& t : cat.instances) {
                if (t.id == now->id || t.gpus > 0)
                    continue;
                const double fit = std::floor(
                    std::min(vcpu > 0 ? t.vcpus / vcpu : 1e9, mem > 0 ? t.mem_gib / mem : 1e9));
                if (fit < 1 || t.price_hour / fit >= nowPerEnv)
                    continue;
                out.push_back({phaseChange(s, i, "env_instance", t.id),
                               phaseNumber(s, i, "envs_per_instance", std::min(fit, 10000.0))});
            }
            return out;
        },
        QT_TRANSLATE_NOOP(
            "costlab::Lever",
            "Every environment already runs on the cheapest catalog instance with its vCPUs "
            "and memory."));
}

// ---- §4.2 ---------------------------------------------------------------------------------

/// Days recent trajectories and milestones stay on the hot tier under the tiering lever:
/// one week of replay for off-policy reuse, three days of milestones for evaluation.
constexpr double kTrajectoryHotDays = 7, kMilestoneHotDays = 3;

LeverProposal tiering(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    if (hasKind(s, PhaseKind::RlPosttrain) && s.storage.trajectory_hot_days > kTrajectoryHotDays)
        p.changes.push_back({"storage.trajectory_hot_days", numberText(kTrajectoryHotDays)});
    if (trains(s) && s.storage.checkpoint_milestone_every >= 1 &&
        s.storage.checkpoint_hot_days > kMilestoneHotDays)
        p.changes.push_back({"storage.checkpoint_hot_days", numberText(kMilestoneHotDays)});
    if (p.changes.empty())
        p.reason = QT_TRANSLATE_NOOP(
            "costlab::Lever",
            "Trajectories and milestones already leave the hot tier within a week and "
            "three days.");
    return p;
}

LeverProposal pruneCheckpoints(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    if (!trains(s)) {
        p.reason = kNoTraining;
        return p;
    }
    if (s.storage.checkpoint_keep_last > 2)
        p.changes.push_back({"storage.checkpoint_keep_last", "2"});
    if (s.storage.checkpoint_milestone_every >= 1)
        p.changes.push_back(
            {"storage.checkpoint_milestone_every",
             numberText(std::min(100000.0, 2 * std::round(s.storage.checkpoint_milestone_every)))});
    if (p.changes.empty())
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever",
                                     "Only two checkpoints and no milestones are kept already.");
    return p;
}

// ---- §4.3 ---------------------------------------------------------------------------------

LeverProposal asyncEnvironments(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    for (int i : phasesOf(s, PhaseKind::RlPosttrain)) {
        const Phase& ph = s.phases[std::size_t(i)];
        if (ph.rl.pipeline == Pipeline::Synchronous) {
            p.changes.push_back(phaseChange(s, i, "pipeline", "async"));
            p.changes.push_back(phaseNumber(s, i, "staleness", 1));
        }
    }
    if (p.changes.empty())
        p.reason =
            hasKind(s, PhaseKind::RlPosttrain)
                ? QT_TRANSLATE_NOOP("costlab::Lever", "Every RL phase already runs asynchronously.")
                : kNoRl;
    return p;
}

LeverProposal batchRollouts(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    return choosePerPhase(
        c,
        [&s](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            const double now = ph.kind == PhaseKind::RlPosttrain  ? ph.rl.max_num_seqs
                               : ph.kind == PhaseKind::Evaluation ? ph.eval.max_num_seqs
                                                                  : 0.0;
            if (now <= 0)
                return out;
            for (double f : {2.0, 4.0, 8.0})
                if (now * f <= 65536)
                    out.push_back({phaseNumber(s, i, "max_num_seqs", std::round(now * f))});
            return out;
        },
        QT_TRANSLATE_NOOP("costlab::Lever", "The plan has no rollout or evaluation engines."));
}

// ---- §4.4, §4.5 ---------------------------------------------------------------------------

/// The log-sampling lever keeps one routine step record in ten and traces at least one
/// episode in a hundred in full (anomalous or high-reward ones).
constexpr double kSampledRate = 0.1, kTracedFraction = 0.01;

LeverProposal logSampling(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    if (!hasKind(s, PhaseKind::RlPosttrain) && !hasKind(s, PhaseKind::Evaluation)) {
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever", "The plan logs no environment steps.");
        return p;
    }
    if (s.logging.sampling_rate > kSampledRate) {
        p.changes.push_back({"logging.sampling_rate", numberText(kSampledRate)});
        if (s.logging.full_trace_fraction < kTracedFraction)
            p.changes.push_back({"logging.full_trace_fraction", numberText(kTracedFraction)});
    }
    if (p.changes.empty())
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever",
                                     "Step records are already sampled at 10 % or less.");
    return p;
}

LeverProposal destroyAfterUse(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    for (int i : phasesOf(s, PhaseKind::Evaluation)) {
        const Phase& ph = s.phases[std::size_t(i)];
        if (!ph.eval.destroy_after_use && ph.eval.env_count > 0)
            p.changes.push_back(phaseChange(s, i, "destroy_after_use", "true"));
    }
    if (p.changes.empty())
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever",
                                     "No evaluation phase leaves environments running after use.");
    return p;
}

LeverProposal infraAsCode(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    if (!s.engineering.infra_as_code &&
        (s.engineering.env_types > 0 || s.engineering.maintenance_fte > 0))
        p.changes.push_back({"engineering.infra_as_code", "true"});
    else
        p.reason =
            s.engineering.infra_as_code
                ? QT_TRANSLATE_NOOP("costlab::Lever", "Environments are already defined as code.")
                : QT_TRANSLATE_NOOP(
                      "costlab::Lever",
                      "The plan has no environment engineering or maintenance staff.");
    return p;
}

// ---- §5 knobs -----------------------------------------------------------------------------

LeverProposal rolloutPrecision(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    return choosePerPhase(
        c,
        [&s](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            if (ph.kind != PhaseKind::RlPosttrain)
                return out;
            // Every lower precision, always with truncated importance sampling (the
            // correction FlashRL shows is needed); and TIS alone where it is off.
            const int now = int(ph.rl.rollout_quant);
            for (int q = 0; !choiceId("rollout_quant", q, kRlBit).empty(); ++q)
                if (q > now || (q == now && !ph.rl.is_correction))
                    out.push_back({phaseChange(s, i, "rollout_quant",
                                               std::string(choiceId("rollout_quant", q, kRlBit))),
                                   phaseChange(s, i, "is_correction", "true")});
            return out;
        },
        hasKind(s, PhaseKind::RlPosttrain)
            ? QT_TRANSLATE_NOOP("costlab::Lever", "Rollouts already run at INT4 with correction.")
            : kNoRl);
}

LeverProposal checkpointOptimum(const LeverContext& c)
{
    LeverProposal p;
    if (!trains(c.scenario))
        p.reason = kNoTraining;
    else if (c.scenario.reliability.checkpoint_auto)
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever",
                                     "Checkpoints are already taken at the Young/Daly optimum.");
    else
        p.changes.push_back({"reliability.checkpoint_auto", "true"});
    return p;
}

LeverProposal asyncCheckpoint(const LeverContext& c)
{
    LeverProposal p;
    if (!trains(c.scenario))
        p.reason = kNoTraining;
    else if (c.scenario.storage.async_checkpoint)
        p.reason =
            QT_TRANSLATE_NOOP("costlab::Lever", "Checkpoints are already written asynchronously.");
    else
        p.changes.push_back({"storage.async_checkpoint", "true"});
    return p;
}

LeverProposal spotShare(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    const Catalog& cat = c.catalog;
    return choosePerPhase(
        c,
        [&s, &cat](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            const Accelerator* a = cat.accelerator(ph.accelerator);
            if (!a || a->price_spot < 0)
                return out;
            for (double share : {0.25, 0.5})
                if (share > ph.elastic_fraction || ph.purchase != Purchase::Spot)
                    out.push_back({phaseNumber(s, i, "elastic_fraction",
                                               std::max(share, ph.elastic_fraction)),
                                   phaseChange(s, i, "purchase", "spot")});
            return out;
        },
        QT_TRANSLATE_NOOP("costlab::Lever",
                          "No phase's accelerator has a spot price in the catalog."));
}

LeverProposal memorySqueeze(const LeverContext& c)
{
    const Scenario& s = c.scenario;
    return choosePerPhase(
        c,
        [&s](int i) {
            const Phase& ph = s.phases[std::size_t(i)];
            std::vector<Candidate> out;
            if (ph.kind == PhaseKind::Evaluation)
                return out;
            const Recompute rNow =
                ph.kind == PhaseKind::Pretrain ? ph.pretrain.recompute : ph.rl.recompute;
            const double mbNow =
                ph.kind == PhaseKind::Pretrain ? ph.pretrain.micro_batch : ph.rl.micro_batch;
            const unsigned bit = kindBit(ph.kind);
            for (int r = 0; !choiceId("recompute", r, bit).empty(); ++r)
                for (double mb : {1.0, 2.0, 4.0, 8.0})
                    if (r != int(rNow) || mb != mbNow)
                        out.push_back({phaseChange(s, i, "recompute",
                                                   std::string(choiceId("recompute", r, bit))),
                                       phaseNumber(s, i, "micro_batch", mb)});
            return out;
        },
        QT_TRANSLATE_NOOP("costlab::Lever", "The plan has no training phase."));
}

LeverProposal reservedCapacity(const LeverContext& c)
{
    LeverProposal p;
    const Scenario& s = c.scenario;
    for (int i = 0; i < int(s.phases.size()); ++i) {
        const Phase& ph = s.phases[std::size_t(i)];
        const Accelerator* a = c.catalog.accelerator(ph.accelerator);
        if (ph.elastic_fraction > 0 && ph.purchase == Purchase::OnDemand && a &&
            a->price_reserved >= 0)
            p.changes.push_back(phaseNumber(s, i, "elastic_fraction", 0));
    }
    if (p.changes.empty())
        p.reason = QT_TRANSLATE_NOOP("costlab::Lever",
                                     "No phase buys on-demand GPUs that could be reserved.");
    return p;
}

constexpr LeverInfo kLevers[] = {
    {"release_idle_environments",
     QT_TRANSLATE_NOOP("costlab::Lever", "Release idle environment instances"), "§4.1",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Stop environment instances while no episode needs them (training, weight sync) and "
         "start them for the next rollout."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "RL phases whose environment workers idle part of each iteration."),
     Boundary::Capacity,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Released instances must be bought again every iteration; in a shortage rollouts wait "
         "for them."),
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "One billed boot per iteration (assumptions.instance_boot_s); environments that keep "
         "state between iterations need it restored."),
     releaseIdleEnvironments},
    {"colocate", QT_TRANSLATE_NOOP("costlab::Lever", "Pool rollout and training GPUs"), "§4.1",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Run rollout engines and the trainer on one pool that time-shares them (the engine "
         "sleeps while the trainer runs), instead of two pools that wait for each other."),
     QT_TRANSLATE_NOOP("costlab::Lever", "RL phases with disaggregated rollout and trainer pools."),
     Boundary::Stability,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Both roles now live on the same GPUs: the trainer's state and the engine's KV cache "
         "compete for memory."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Adds the switch time per iteration (assumptions.colocate_switch_s)."),
     colocate},
    {"spec_match",
     QT_TRANSLATE_NOOP("costlab::Lever", "Light environments on CPU instances"),
     "§4.1",
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Move environment workers to the cheapest catalog instance that gives each "
                       "environment the same vCPUs and memory, without an accelerator."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Environments on a GPU instance or a dearer instance per environment."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Only for environments that need no accelerator (code execution, tools, text)."),
     specMatch},
    {"hot_cold_tiering",
     QT_TRANSLATE_NOOP("costlab::Lever", "Hot/cold tiering of replay data and milestones"),
     "§4.2",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Keep one week of RL trajectories and three days of milestone checkpoints on the hot "
         "tier; older data moves to archive storage."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Trajectories or milestones stay hot longer than that."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Archived data takes hours to restore (S3 Glacier Flexible Retrieval: minutes to 12 "
         "h)."),
     tiering},
    {"prune_checkpoints",
     QT_TRANSLATE_NOOP("costlab::Lever", "Prune intermediate checkpoints"),
     "§4.2",
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Keep the two newest checkpoints and half as many milestones."),
     QT_TRANSLATE_NOOP("costlab::Lever", "More than two checkpoints or any milestones are kept."),
     Boundary::Recovery,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Fewer rollback points: an unusable checkpoint or a late-found divergence rolls back "
         "further (article §5)."),
     {},
     pruneCheckpoints},
    {"async_environments",
     QT_TRANSLATE_NOOP("costlab::Lever", "Asynchronous environments"),
     "§4.3",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Producer–consumer pipeline: rollouts and environments run one policy version ahead "
         "of the trainer instead of waiting for each other."),
     QT_TRANSLATE_NOOP("costlab::Lever", "RL phases with a synchronous pipeline."),
     Boundary::Precision,
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Off-policy data: one version of staleness raises the collapse hazard "
                       "(assumptions.staleness_hazard)."),
     {},
     asyncEnvironments},
    {"batch_rollouts",
     QT_TRANSLATE_NOOP("costlab::Lever", "Batch rollout inference across environments"),
     "§4.3",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Let each inference engine batch more concurrent sequences (max_num_seqs ×2, ×4 or "
         "×8; the KV cache still bounds it)."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Rollout or evaluation engines whose batch cap limits concurrency."),
     Boundary::Stability,
     QT_TRANSLATE_NOOP("costlab::Lever", "Larger batches hold more KV cache per GPU."),
     {},
     batchRollouts},
    {"log_sampling",
     QT_TRANSLATE_NOOP("costlab::Lever", "Sampled logging with full traces for anomalies"),
     "§4.4",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Keep one routine step record in ten; trace at least 1 % of episodes (anomalous or "
         "high-reward) in full."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Environment steps are logged at more than 10 %."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP("costlab::Lever", "Routine steps can no longer be replayed one by one."),
     logSampling},
    {"destroy_after_use",
     QT_TRANSLATE_NOOP("costlab::Lever", "Destroy test environments after use"),
     "§4.5",
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Tear evaluation environments down as soon as a run ends."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Evaluation phases whose environments idle after each run."),
     Boundary::None,
     {},
     {},
     destroyAfterUse},
    {"infra_as_code",
     QT_TRANSLATE_NOOP("costlab::Lever", "Infrastructure as code"),
     "§4.5",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Define environments with a general orchestration tool so they are started and "
         "destroyed by script."),
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Plans with environment types to build or maintenance staff."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "The effort saved is an assumption (assumptions.iac_effort_factor)."),
     infraAsCode},
    {"rollout_precision",
     QT_TRANSLATE_NOOP("costlab::Lever", "Lower rollout precision, with correction"),
     "§5",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Generate rollouts in FP8, INT8 or INT4 with truncated importance sampling; the "
         "cheapest precision within the risk limits."),
     QT_TRANSLATE_NOOP("costlab::Lever", "RL phases with BF16 rollouts or without correction."),
     Boundary::Precision,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Over-compressed rollouts distort the RL signal: collapse, or a run that never "
         "converges (article §5)."),
     {},
     rolloutPrecision},
    {"checkpoint_optimum",
     QT_TRANSLATE_NOOP("costlab::Lever", "Checkpoint at the Young/Daly optimum"),
     "§5",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Take checkpoints at the interval that minimises stall plus lost work for the phase's "
         "failure rate (Daly 2006)."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Plans with a fixed checkpoint interval."),
     Boundary::Recovery,
     QT_TRANSLATE_NOOP("costlab::Lever", "A longer interval than now loses more work per failure."),
     {},
     checkpointOptimum},
    {"async_checkpoint",
     QT_TRANSLATE_NOOP("costlab::Lever", "Asynchronous checkpoints"),
     "§5",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Write checkpoints in the background: only the copy to host memory stalls training."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Plans that write checkpoints synchronously."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP("costlab::Lever", "Needs host memory for one copy of the shard."),
     asyncCheckpoint},
    {"spot_share",
     QT_TRANSLATE_NOOP("costlab::Lever", "Buy part of the GPUs as spot"),
     "§5",
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Buy a quarter or half of each phase's GPU-hours as spot instances."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Phases whose accelerator has a spot price."),
     Boundary::Capacity,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Spot capacity can be missing or taken back: reserved GPUs then wait (article §5)."),
     {},
     spotShare},
    {"memory_squeeze",
     QT_TRANSLATE_NOOP("costlab::Lever", "Recompute and micro-batch"),
     "§5",
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Choose activation recompute and micro-batch per training phase for the lowest cost."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Pre-training and RL trainer phases."),
     Boundary::Stability,
     QT_TRANSLATE_NOOP(
         "costlab::Lever",
         "Less recompute or a larger micro-batch needs more memory: the run may not start "
         "(article §5)."),
     {},
     memorySqueeze},
    {"reserved_capacity",
     QT_TRANSLATE_NOOP("costlab::Lever", "Reserve instead of on-demand"),
     "§3",
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Buy the on-demand share of each phase as reserved capacity."),
     QT_TRANSLATE_NOOP("costlab::Lever", "Phases that buy GPUs on demand."),
     Boundary::None,
     {},
     QT_TRANSLATE_NOOP("costlab::Lever",
                       "Reserved capacity is a commitment: paid whether it is used or not."),
     reservedCapacity},
};

} // namespace

std::string_view boundaryId(Boundary b)
{
    switch (b) {
    case Boundary::None:
        return "none";
    case Boundary::Precision:
        return "precision";
    case Boundary::Stability:
        return "stability";
    case Boundary::Capacity:
        return "capacity";
    case Boundary::Recovery:
        return "recovery";
    }
    return "none";
}

std::string_view boundaryLabel(Boundary b)
{
    switch (b) {
    case Boundary::None:
        return QT_TRANSLATE_NOOP("costlab::Lever", "None");
    case Boundary::Precision:
        return QT_TRANSLATE_NOOP("costlab::Lever", "Precision loss");
    case Boundary::Stability:
        return QT_TRANSLATE_NOOP("costlab::Lever", "Stability (OOM)");
    case Boundary::Capacity:
        return QT_TRANSLATE_NOOP("costlab::Lever", "Insufficient capacity");
    case Boundary::Recovery:
        return QT_TRANSLATE_NOOP("costlab::Lever", "Safety and recovery");
    }
    return {};
}

bool boundaryWatches(Boundary b, RiskKind k)
{
    switch (b) {
    case Boundary::None:
        return false;
    case Boundary::Precision:
        return k == RiskKind::Divergence || k == RiskKind::Unrecoverable;
    case Boundary::Stability:
        return k == RiskKind::Oom;
    case Boundary::Capacity:
        return k == RiskKind::Capacity;
    case Boundary::Recovery:
        return k == RiskKind::Recovery;
    }
    return false;
}

RiskLimits defaultRiskLimits()
{
    RiskLimits l;
    l[RiskKind::Oom] = kImpactProbElevated;
    l[RiskKind::Unrecoverable] = kImpactProbElevated;
    l[RiskKind::Budget] = kImpactProbHigh;
    return l;
}

std::vector<RiskKind> limitsExceeded(const std::array<Risk, kRiskCount>& before,
                                     const std::array<Risk, kRiskCount>& after,
                                     const RiskLimits& limits)
{
    std::vector<RiskKind> out;
    for (const RiskInfo& info : riskTable()) {
        const std::size_t k = std::size_t(info.kind);
        const double p = after[k].probability;
        // NaN compares false everywhere, so a NaN probability counts as exceeding.
        const bool over = !(p <= limits.max_probability[k]);
        const bool raised = !(p <= before[k].probability * (1 + 1e-9) + 1e-15);
        if (over && raised)
            out.push_back(info.kind);
    }
    return out;
}

void dropNoOpChanges(const Scenario& s, std::vector<ParamChange>& changes)
{
    // A candidate list repeats the inputs it does not move; the table lists only real changes.
    std::erase_if(changes, [&s](const ParamChange& c) {
        const auto ref = findParam(s, c.id);
        if (!ref)
            return false;
        Scenario t = s;
        return setFromString(t, *ref, c.text).empty() && getString(t, *ref) == getString(s, *ref);
    });
}

std::span<const LeverInfo> leverTable()
{
    return kLevers;
}

const LeverInfo* findLever(std::string_view id)
{
    for (const LeverInfo& l : kLevers)
        if (l.id == id)
            return &l;
    return nullptr;
}

namespace {

void monteCarloRange(const Scenario& s, const Catalog& cat, const LeverOptions& opt,
                     LeverFigures& f)
{
    MonteCarloOptions o;
    o.runs = opt.monte_carlo_runs;
    o.threads = opt.threads;
    const MonteCarloResult r = monteCarlo(s, cat, o);
    if (r.error.empty()) {
        f.p50 = r.cost.p50;
        f.p90 = r.cost.p90;
    }
}

bool rises(const Risk& before, const Risk& after)
{
    return after.probability > before.probability * (1 + 1e-9) + 1e-15 ||
           after.expected_cost > before.expected_cost * (1 + 1e-9) + 1e-9;
}

} // namespace

LeversResult evaluateLevers(const Scenario& s, const Catalog& cat, const LeverOptions& opt,
                            const AnalysisControl& control)
{
    LeversResult out;
    if (opt.monte_carlo_runs < 0 || opt.monte_carlo_runs > 1000000) {
        out.error = "Monte Carlo runs must be between 0 and 1000000";
        return out;
    }
    const Estimate base = evaluate(s, cat);
    if (!base.ok) {
        out.error = "the plan cannot be evaluated; fix its warnings first";
        return out;
    }
    if (!base.priced) { // a saving on a total that leaves GPU time out would mislead
        out.error = kLeversNotPricedError;
        return out;
    }
    out.base = figuresOf(base);
    if (opt.monte_carlo_runs > 0)
        monteCarloRange(s, cat, opt, out.base);
    const LeverContext ctx{s, cat, base, opt.limits};
    const std::size_t n = std::size(kLevers);
    for (std::size_t i = 0; i < n; ++i) {
        if (control.cancelled()) {
            out.cancelled = true;
            return out;
        }
        control.report(double(i) / double(n));
        const LeverInfo& info = kLevers[i];
        LeverResult r;
        r.info = &info;
        r.before = out.base;
        LeverProposal p = info.propose(ctx);
        dropNoOpChanges(s, p.changes);
        if (p.changes.empty() && p.reason.empty())
            p.reason = kNoCheaper;
        r.reason = p.reason;
        Scenario changed = s;
        if (!p.changes.empty() && applyChanges(changed, p.changes).ok()) {
            const Estimate e = evaluate(changed, cat);
            r.applies = true;
            r.changes = p.changes;
            r.after = figuresOf(e);
            if (e.ok && opt.monte_carlo_runs > 0)
                monteCarloRange(changed, cat, opt, r.after);
            r.exceeded = limitsExceeded(r.before.risks, r.after.risks, opt.limits);
            for (const RiskInfo& ri : riskTable())
                if (boundaryWatches(info.boundary, ri.kind) &&
                    rises(r.before.risks[std::size_t(ri.kind)],
                          r.after.risks[std::size_t(ri.kind)]))
                    r.pushes_boundary = true;
        } else {
            r.after = r.before;
        }
        out.levers.push_back(std::move(r));
    }
    control.report(1.0);
    return out;
}

LeverCombination combineLevers(const Scenario& s, const Catalog& cat, const LeversResult& result,
                               const RiskLimits& limits)
{
    LeverCombination c;
    const Estimate base = evaluate(s, cat);
    c.after = figuresOf(base);
    if (!base.ok)
        return c;
    const auto baseRisks = planRisks(base);
    std::vector<const LeverResult*> order;
    for (const LeverResult& r : result.levers)
        if (r.applies && r.after.ok && r.saving() > 0 && r.withinLimits())
            order.push_back(&r);
    std::stable_sort(order.begin(), order.end(), [](const LeverResult* a, const LeverResult* b) {
        return a->saving() > b->saving();
    });
    Scenario running = s;
    for (const LeverResult* r : order) {
        Scenario next = running;
        if (!applyChanges(next, r->changes).ok())
            continue;
        const Estimate e = evaluate(next, cat);
        if (!e.ok || !cheaper(e.total, c.after.total) ||
            !limitsExceeded(baseRisks, planRisks(e), limits).empty())
            continue;
        running = std::move(next);
        c.after = figuresOf(e);
        c.lever_ids.push_back(r->info->id);
        c.changes.insert(c.changes.end(), r->changes.begin(), r->changes.end());
    }
    return c;
}

} // namespace costlab
