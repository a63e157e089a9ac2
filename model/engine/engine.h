// The one pure entry of the engine (architecture.md): evaluate(scenario, catalog).
// Same input, same output; no I/O, no globals. Formula pieces are exposed in formulas.h
// so each can be tested against hand calculations.
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "scaling.h"
#include "scenario.h"

namespace costlab {

/// Cost, time and risk of a plan (cost-model.md §§1–9). Never throws; unknown catalog
/// references produce a warning and zero cost for that phase. Inputs are expected to be
/// validated (scenario_json.h / registry checkValue); out-of-range values give finite but
/// meaningless figures rather than crashes.
Estimate evaluate(const Scenario&, const Catalog&);

/// The phase with the counts its target set, as evaluate() priced it (tokens and long-context
/// tokens of a loss target, iterations of a score target); the phase itself when it is sized by
/// its count. For whatever writes or shows the count of an evaluated plan (the launch exporters).
Phase sizedPhase(const Phase&, const PhaseEstimate&);

/// The N a loss law is read at (scaling.h): all parameters of a dense model (Hoffmann et al.
/// 2022 count embeddings); an MoE's active ones, an assumption the estimate flags as outside
/// the fit. Parameters.
double lossLawParams(const ModelArch&);

/// The compute–performance curve an RL phase uses: a preset's A, B and C_mid from the phase's
/// own start score R0 (the paper reports none), or the phase's own custom curve.
RlCurve phaseRlCurve(const RlInputs&);

/// The loss a pre-training phase reaches with `tokens` under its chosen law (scaling.h
/// lossAt at lossLawParams of its model), nats per token.
double phaseLoss(const Phase&, double tokens);

/// The score an RL phase starts from when a pre-training phase before it carries a score map
/// (scaling.h ScoreMap, issue 46): S(L(N, D)) of the last such phase, N the parameters its
/// law is read at and D the tokens it trains (those its target set when `e`, the plan's
/// estimate, is given). NaN when no phase before `rlPhase` has a map: R0 is then the typed
/// rl.curve.r0.
double baseScore(const Scenario&, std::size_t rlPhase, const Estimate* e = nullptr);
/// The curve of RL phase `rlPhase` as the engine sizes it: phaseRlCurve() with R0 =
/// baseScore() where the plan gives one.
RlCurve phaseRlCurve(const Scenario&, std::size_t rlPhase, const Estimate* e = nullptr);

/// Default planning MFU for an accelerator at a GPU count: the catalog's default_mfu at
/// ≤512 GPUs, falling 2 % per doubling above (communication share grows with scale;
/// MegaScale §1, Llama 3 Table 4: 43 % at 8K vs 38-41 % at 16K GPUs).
double defaultMfu(const Accelerator&, double gpus);

} // namespace costlab
