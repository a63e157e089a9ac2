// The one pure entry of the engine (architecture.md): evaluate(scenario, catalog).
// Same input, same output; no I/O, no globals. Formula pieces are exposed in formulas.h
// so each can be tested against hand calculations.
#pragma once

#include "catalog.h"
#include "estimate.h"
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

/// Default planning MFU for an accelerator at a GPU count: the catalog's default_mfu at
/// ≤512 GPUs, falling 2 % per doubling above (communication share grows with scale;
/// MegaScale §1, Llama 3 Table 4: 43 % at 8K vs 38-41 % at 16K GPUs).
double defaultMfu(const Accelerator&, double gpus);

} // namespace costlab
