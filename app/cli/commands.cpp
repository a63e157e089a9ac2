#include "commands.h"

#include <array>

namespace costlab::cli {

namespace {

constexpr std::array<Command, 18> kCommands{{
    {"evaluate", "FILE", "print the estimate of a plan (table or --json)", helpEvaluate,
     runEvaluate},
    {"sweep", "FILE", "vary one parameter and tabulate cost and every risk", helpSweep, runSweep},
    {"montecarlo", "FILE", "sample failures, rollbacks and waits: P10/P50/P90 cost and days",
     helpMonteCarlo, runMonteCarlo},
    {"sensitivity", "FILE", "move each input to its low and high value: the tornado of cost",
     helpSensitivity, runSensitivity},
    {"levers", "FILE", "price the article's savings levers against the risk limits", helpLevers,
     runLevers},
    {"target", "FILE", "how many tokens or RL iterations the plan's targets need, from the laws",
     helpTarget, runTarget},
    {"fit", "CURVES.csv", "fit a loss law or RL curve to your own runs (W&B, TensorBoard, CSV)",
     helpFit, runFit},
    {"actuals", "PLAN FILES...",
     "hold bills and training logs against the plan: flags and a re-forecast", helpActuals,
     runActuals},
    {"optimise", "FILE", "search the cheapest layout and pool under risk limits", helpOptimise,
     runOptimise},
    {"params", "", "list every parameter id with unit, range and default", helpParams, runParams},
    {"compare", "A B ...", "compare 2 to 4 plans side by side (table or --json)", helpCompare,
     runCompare},
    {"value", "A B", "cost to reach a benchmark score on two routes: the crossing and its tornado",
     helpValue, runValue},
    {"lineitems", "FILE", "write the cost line items (FOCUS-style CSV) for finance tools",
     helpLineitems, runLineitems},
    {"report", "FILE", "write the PDF budget report (runs costlab-report)", helpReport, runReport},
    {"import", "CONFIG", "read a Hugging Face config.json into a plan's model shape", helpImport,
     runImport},
    {"export-config", "FILE", "write a phase as Megatron-LM arguments or a veRL config",
     helpExportConfig, runExportConfig},
    {"lesson", "FILE", "check a workshop lesson against the engine, step by step", helpLesson,
     runLesson},
    {"library", "check|copy ...", "check a library, or copy one into another (file or server)",
     helpLibrary, runLibrary},
}};

} // namespace

std::span<const Command> commands()
{
    return kCommands;
}

const Command* findCommand(std::string_view name)
{
    for (const Command& c : kCommands)
        if (c.name == name)
            return &c;
    return nullptr;
}

} // namespace costlab::cli
