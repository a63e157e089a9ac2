// costlab-cli import (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "files.h"
#include "import.h"
#include "modelarch.h"
#include "printable.h"
#include "scenario_json.h"

#include <array>
#include <filesystem>
#include <iostream>

namespace costlab::cli {

std::string helpImport()
{
    std::string formats;
    for (const ImportFormat& f : importFormats())
        formats += std::string(f.help) + "\n";
    return std::string("Usage: costlab-cli import FILE... -o PLAN.costlab.json [--into PLAN]\n"
                       "                          [--phase ID]\n"
                       "\n"
                       "FILE is one of the formats below, recognised by its content. Every key\n"
                       "of the file is listed with what was done with it (read, derived,\n"
                       "approximated or ignored, and why), with its line. Several files apply in\n"
                       "order (e.g. a config.json for the shape, then a veRL script for the RL\n"
                       "settings); one broken file writes nothing. 'costlab-cli export-config'\n"
                       "writes the reverse.\n"
                       "\n") +
           formats +
           "Options:\n"
           "  -o, --output FILE   plan to write (atomically); required\n"
           "  --into PLAN         start from this plan instead of a new plan\n"
           "  --phase ID          only this phase (\"pretrain\", \"rl#2\"); default: every\n"
           "                      phase the format fills (above)\n"
           "  -h, --help          show this help\n\n" +
           std::string(kExitCodesHelp);
}

namespace {

std::string_view kindText(ImportNote::Kind k)
{
    switch (k) {
    case ImportNote::Kind::Read:
        return "read";
    case ImportNote::Kind::Derived:
        return "derived";
    case ImportNote::Kind::Approximated:
        return "approximated";
    case ImportNote::Kind::Ignored:
        return "ignored";
    }
    return "";
}

/// Phases the import applies to: the one --phase names, or every phase with a trained model.
std::vector<int> targetPhases(const Scenario& s, const Args& a, const ConfigImport& im)
{
    std::vector<int> out;
    const auto want = a.one("phase");
    std::array<int, 3> ordinal{};
    for (int i = 0; i < int(s.phases.size()); ++i) {
        const PhaseKind k = s.phases[std::size_t(i)].kind;
        const int n = ++ordinal[std::size_t(k)];
        const std::string id =
            std::string(phasePrefix(k)) + (n > 1 ? "#" + std::to_string(n) : std::string());
        if (want ? *want == id : (im.phase_kinds & (1u << unsigned(k))) != 0)
            out.push_back(i);
    }
    if (out.empty())
        throw Failure{Usage,
                      want ? "costlab-cli import: the plan has no phase '" + printable(*want) + "'"
                           : std::string("costlab-cli import: the plan has no "
                                         "pre-training or RL phase")};
    return out;
}

} // namespace

int runImport(const std::vector<std::string>& argv, const char*)
{
    const Args a = parseArgs("import", expandShortOutput(argv),
                             {{"output", true}, {"into", true}, {"phase", true}});
    if (a.help) {
        std::cout << helpImport();
        return Ok;
    }
    if (a.positional.empty())
        throw Failure{Usage, "costlab-cli import: missing CONFIG\nRun 'costlab-cli import "
                             "--help' for usage."};
    const auto out = a.one("output");
    if (!out || out->empty())
        throw Failure{Usage, "costlab-cli import: missing -o PLAN.costlab.json"
                             "\nRun 'costlab-cli import --help' for usage."};
    // The configs are inputs; --into is the plan being updated, which -o may name.
    refuseOutputOverInput("import", a, *out);
    // Every file is read first: one broken file writes nothing.
    std::vector<ConfigImport> imports;
    for (const std::string& path : a.positional) {
        std::string readError;
        const auto text = readFile(path, readError);
        if (!text)
            throw Failure{IoError, printable(path) + ": " + readError};
        ConfigImport im = importConfig(*text);
        if (!im.ok()) {
            std::string msg;
            for (const std::string& e : im.errors)
                msg += (msg.empty() ? "" : "\n") + printable(path) + ": " + printable(e);
            throw Failure{InvalidInput, msg};
        }
        imports.push_back(std::move(im));
    }
    Scenario s;
    if (const auto into = a.one("into")) {
        s = loadScenario(*into);
    } else {
        // A new plan: an RL phase for veRL / OpenRLHF files, a pre-training phase for the
        // others (a config.json alone, Megatron arguments), both when both kinds are given.
        bool rlOnly = false, pretrainOnly = false;
        for (const ConfigImport& im : imports) {
            rlOnly = rlOnly || im.phase_kinds == kRlBit;
            pretrainOnly = pretrainOnly || im.phase_kinds == kPretrainBit;
        }
        std::vector<PhaseKind> kinds;
        if (pretrainOnly || !rlOnly)
            kinds.push_back(PhaseKind::Pretrain);
        if (rlOnly)
            kinds.push_back(PhaseKind::RlPosttrain);
        s = defaultScenario(kinds);
        const ConfigImport& first = imports.front();
        const std::string what = !first.architecture.empty() ? first.architecture
                                 : !first.model_type.empty()
                                     ? first.model_type
                                     : std::filesystem::path(a.positional[0]).filename().string();
        // A name from the file is the file's text: shortened to what a plan name can hold
        // (issue 44: a 10,000-character architecture made a plan every command refused).
        s.name = shortened(what, 200) + " (imported)";
    }
    for (std::size_t f = 0; f < imports.size(); ++f) {
        const ConfigImport& im = imports[f];
        const std::string& path = a.positional[f];
        const std::vector<int> phases = targetPhases(s, a, im);
        for (int phase : phases)
            if (const std::string err = applyImport(s, phase, im); !err.empty())
                throw Failure{InvalidInput, printable(path) + ": " + printable(err)};
        if (imports.size() > 1)
            std::cout << "file\t" << printable(path) << "\n";
        if (const ImportFormat* format = findImportFormat(im.format))
            std::cout << "format\t" << format->label << "\n";
        for (const ImportNote& n : im.notes)
            std::cout << kindText(n.kind) << "\t" << printable(n.key)
                      << (n.line.empty() ? "" : " (" + n.line + ")") << "\t" << printable(n.action)
                      << "\n";
        const ParamCounts c = paramCounts(s.phases[std::size_t(phases.front())].model);
        std::cout << "parameters\t" << c.total / 1e9 << " B total, " << c.active / 1e9
                  << " B active\n";
    }
    if (const std::string err = saveScenarioFile(s, *out); !err.empty())
        throw Failure{IoError, printable(*out) + ": cannot write: " + err};
    return Ok;
}

} // namespace costlab::cli
