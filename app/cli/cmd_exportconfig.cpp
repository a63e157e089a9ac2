// costlab-cli export-config (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "engine.h"
#include "files.h"
#include "launchexport.h"
#include "printable.h"
#include "scenario_json.h"

#include <iostream>

namespace costlab::cli {

std::string helpExportConfig()
{
    return std::string(
               "Usage: costlab-cli export-config FILE [--format megatron|verl] [--phase N]\n"
               "                                 [-o OUT] [--catalog CATALOG.json]\n"
               "                                 [--set ID=VALUE ...]\n"
               "\n"
               "Write a phase of the plan in FILE as launch settings: Megatron-LM arguments\n"
               "for a pre-training phase (layout, ZeRO stage as distributed optimizer or\n"
               "Megatron-FSDP, recompute, precision, batch, iterations and the model shape),\n"
               "a veRL config fragment (YAML) for an RL phase (batch and lengths, algorithm,\n"
               "actor, rollout, reference, critic and the trainer's pool). A comment header\n"
               "names the plan and the phase and gives Costlab's predicted step time (or RL\n"
               "iteration), MFU, peak memory per GPU and cost, and notes what the framework\n"
               "cannot express. 'costlab-cli import' reads the text back to the same layout.\n"
               "Data, tokenizer, optimizer, learning-rate and checkpoint settings are yours.\n"
               "\n"
               "Options:\n"
               "  --format F          megatron or verl (default: from the phase's kind)\n"
               "  --phase N           1-based phase (default: the first pre-training phase\n"
               "                      for megatron, the first RL phase for verl, else the\n"
               "                      first of either)\n"
               "  -o, --output FILE   file to write (atomically); default or '-': standard\n"
               "                      output\n") +
           std::string(kPlanOptionsHelp) + std::string(kCatalogSearch) + "\n" +
           std::string(kExitCodesHelp);
}

namespace {

/// The 0-based phase to export: --phase N, else the first phase the format fits.
int pickPhase(const Scenario& s, const Args& a, const std::optional<std::string>& format)
{
    if (a.one("phase")) {
        const int n = wholeOption("export-config", a, "phase", 1, 1000, 1);
        if (n > int(s.phases.size()))
            throw Failure{Usage, "costlab-cli export-config: the plan has " +
                                     std::to_string(s.phases.size()) + " phase(s), not " +
                                     printable(*a.one("phase"))};
        return n - 1;
    }
    for (int i = 0; i < int(s.phases.size()); ++i) {
        const PhaseKind k = s.phases[std::size_t(i)].kind;
        if ((!format || *format == "megatron") && k == PhaseKind::Pretrain)
            return i;
        if ((!format || *format == "verl") && k == PhaseKind::RlPosttrain)
            return i;
    }
    throw Failure{InvalidInput, "costlab-cli export-config: the plan has no " +
                                    std::string(!format             ? "pre-training or RL"
                                                : *format == "verl" ? "RL"
                                                                    : "pre-training") +
                                    " phase to export"};
}

} // namespace

int runExportConfig(const std::vector<std::string>& argv, const char* argv0)
{
    const std::optional<Args> parsed =
        parsePlanCommand("export-config", argv,
                         {{"output", true}, {"format", true}, {"phase", true}}, helpExportConfig);
    if (!parsed)
        return Ok;
    const Args& a = *parsed;
    if (const auto out = a.one("output"))
        refuseOutputOverInput("export-config", a, *out);
    const auto format = a.one("format");
    if (format && *format != "megatron" && *format != "verl")
        throw Failure{Usage, "costlab-cli export-config: --format expects megatron or verl, "
                             "got '" +
                                 printable(*format) + "'"};
    PlanInput in = loadPlanInput(a, argv0);
    Scenario& s = in.scenario;
    const Catalog& cat = in.catalog;
    const Estimate e = evaluateOrRefuse(a.positional[0], s, cat);
    const int phase = pickPhase(s, a, format);
    const bool rl =
        format ? *format == "verl" : s.phases[std::size_t(phase)].kind == PhaseKind::RlPosttrain;
    const LaunchExport ex = rl ? exportVerlConfig(s, e, phase, COSTLAB_VERSION)
                               : exportMegatronArgs(s, e, phase, COSTLAB_VERSION);
    if (!ex.ok())
        throw Failure{InvalidInput, printable(a.positional[0]) + ": " + printable(ex.error)};
    const auto out = a.one("output");
    if (!out || *out == "-") {
        std::cout << ex.text;
        return Ok;
    }
    if (const std::string err = writeFileAtomic(*out, ex.text); !err.empty())
        throw Failure{IoError, printable(*out) + ": cannot write: " + err};
    for (const std::string& n : ex.notes)
        std::cerr << "note: " << n << "\n";
    return Ok;
}

} // namespace costlab::cli
