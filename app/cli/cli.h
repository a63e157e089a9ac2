// Shared by the sub-commands of costlab-cli: the failure convention, option parsing, and
// loading plans and catalogs with the messages and exit codes every command uses.
#pragma once

#include "catalog.h"
#include "estimate.h"
#include "exitcodes.h"
#include "levers.h"
#include "registry.h"
#include "scenario.h"

#include <filesystem>
#include <initializer_list>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#ifndef COSTLAB_VERSION
#define COSTLAB_VERSION "0.0.0"
#endif
#ifndef COSTLAB_RESOURCE_DIR
#define COSTLAB_RESOURCE_DIR ""
#endif
#ifndef COSTLAB_INSTALL_DATA_REL
#define COSTLAB_INSTALL_DATA_REL "../share/costlab"
#endif

namespace costlab::cli {

/// Thrown to leave a command with an exit code; `message` goes to stderr (may hold
/// several lines, each already formatted).
struct Failure {
    int code;
    std::string message;
};

constexpr std::string_view kCatalogSearch =
    "Catalog: --catalog FILE prices the plan whatever catalog it names. Otherwise the\n"
    "catalog id the plan names (\"catalog\", default \"default\") is looked up in the\n"
    "library given with --db LIBRARY, then in the shipped catalog, found at\n"
    "$COSTLAB_DATA_DIR/catalog/default.json, <program dir>/" COSTLAB_INSTALL_DATA_REL "/catalog/\n"
    "default.json, then the source tree's resources/catalog/default.json. A plan whose\n"
    "catalog is not found is refused (exit 3), as the editor and the library refuse it.\n";

/// The options of every command that works on a plan FILE, for its help (issue 43: the
/// same lines stood in eight commands, each worded a little differently).
constexpr std::string_view kPlanOptionsHelp =
    "  --catalog FILE      price/hardware catalog to use instead of the one the plan\n"
    "                      names\n"
    "  --db LIBRARY        scenario library (a file, or a team library named\n"
    "                      postgresql://…) whose catalogs the plan may name\n"
    "                      (opened read-only)\n"
    "  --set ID=VALUE      override one input first; repeatable. VALUE is in the\n"
    "                      parameter's unit (see 'costlab-cli params'), a choice id,\n"
    "                      a catalog id or true/false. Example: --set pretrain.tokens=4e12\n"
    "  -h, --help          show this help\n\n";

/// A long option a command accepts: name without "--", and whether it takes a value.
struct OptionSpec {
    std::string_view name;
    bool takes_value;
};

/// Parsed command line of one command.
struct Args {
    std::vector<std::string> positional;
    std::map<std::string, std::vector<std::string>, std::less<>> values;
    bool help = false;

    bool has(std::string_view o) const { return values.find(o) != values.end(); }
    std::optional<std::string> one(std::string_view o) const
    {
        const auto it = values.find(o);
        if (it == values.end() || it->second.empty())
            return std::nullopt;
        return it->second.back();
    }
};

/// GNU-style long options ("--name value", "--name=value"), "-h"/"--help", "--" ends
/// options. Throws Failure{Usage} naming the command on an unknown or malformed option.
Args parseArgs(std::string_view command, const std::vector<std::string>& argv,
               std::initializer_list<OptionSpec> specs);
Args parseArgs(std::string_view command, const std::vector<std::string>& argv,
               std::span<const OptionSpec> specs);
/// The prelude of every command on one plan FILE (issue 43: it stood in eight commands):
/// `own` options plus --catalog, --db and --set (kPlanOptionsHelp), "-o" as --output, and
/// exactly one FILE. nullopt after printing `help()` for -h / --help (the command then
/// returns Ok). Throws Failure{Usage} as parseArgs() and requireOneFile() do.
std::optional<Args> parsePlanCommand(std::string_view command, const std::vector<std::string>& argv,
                                     std::initializer_list<OptionSpec> own, std::string (*help)());
/// "-o X" is the short form of "--output X"; rewritten before the long-option parser.
std::vector<std::string> expandShortOutput(std::vector<std::string> argv);
/// Throws Failure{Usage} unless exactly one FILE was given.
void requireOneFile(std::string_view command, const Args& a);
/// Throws Failure{Usage} when `output` names one of the command's inputs — its FILE
/// arguments and the --catalog / --db files — plus `extra` inputs (checkOutputNotInput).
void refuseOutputOverInput(std::string_view command, const Args& a, const std::string& output,
                           const std::vector<std::string>& extra = {});
/// Strict number parse: the whole text, finite.
std::optional<double> parseNumber(std::string_view text);
/// Option --`name` as a number in [lo, hi], `fallback` when absent. Throws Failure{Usage}
/// "costlab-cli COMMAND: --NAME expects EXPECTED, got 'TEXT'" otherwise.
double numberOption(std::string_view command, const Args& a, const char* name, double lo, double hi,
                    double fallback, std::string_view expected);
/// As numberOption for a whole number in [lo, hi] ("a whole number from LO to HI").
int wholeOption(std::string_view command, const Args& a, const char* name, int lo, int hi,
                int fallback);
/// Lever or optimiser changes as "id=value, id=value"; "(none)" when empty.
std::string changesText(const std::vector<ParamChange>& changes);

/// Folder of the running program (for data and costlab-report next to it).
std::filesystem::path exeDir(const char* argv0);

/// Where the catalog comes from: --catalog, then the search order of kCatalogSearch.
struct CatalogChoice {
    std::string path;               ///< empty when none found
    std::vector<std::string> tried; ///< for the error message
    bool explicit_path = false;
};
CatalogChoice findCatalog(const Args& a, const char* argv0);
/// The catalog chosen by findCatalog(); Failure{IoError} or {InvalidInput} with every problem.
Catalog loadCatalog(const Args& a, const char* argv0);
/// The catalog that prices `s` by pickCatalog()'s rule (catalogio.h): --catalog FILE if
/// given; else the plan's catalog id in the library of --db LIBRARY (opened read-only);
/// else the shipped catalog when the plan names it. Failure{InvalidInput} "PATH: /catalog:
/// price catalog 'X' named by the plan is not available: …" otherwise, the message the
/// editor, library and report show; Failure{IoError} when --db cannot be opened.
Catalog catalogForPlan(const Args& a, const char* argv0, const std::string& path,
                       const Scenario& s);
/// A plan file; Failure{IoError} or {InvalidInput} (each problem as FILE: POINTER: MESSAGE).
Scenario loadScenario(const std::string& path);

/// The plan a command works on: FILE (a.positional[0]) with every --set applied, and the
/// catalog that prices it (catalogForPlan) with the --set catalog references checked. The
/// one prelude of the plan commands (evaluate, sweep, montecarlo, sensitivity, levers,
/// optimise, lineitems, export-config); throws their Failures.
struct PlanInput {
    std::string path;
    Scenario scenario;
    Catalog catalog;
};
PlanInput loadPlanInput(const Args& a, const char* argv0);

/// The registry entry of `id` in `s`; Failure{Usage} with close ids when unknown.
ParamRef resolveParam(const Scenario& s, std::string_view id);
/// Applies every --set ID=VALUE; Failure{Usage} on an unknown id or a bad value.
void applySets(Scenario& s, const Args& a);
/// Catalog references set with --set must exist in the catalog actually used.
void checkCatalogRefs(const Scenario& s, const Args& a, const Catalog& cat);
/// English description of an impossible layout with its numbers ("" when possible).
std::string layoutProblemText(const LayoutCheck&);
/// evaluate(), refusing a plan that names an accelerator missing from the catalog or whose
/// trainer layout is impossible: Failure{InvalidInput} with one FILE: POINTER: message per
/// phase.
Estimate evaluateOrRefuse(const std::string& path, const Scenario& s, const Catalog& cat);
/// Choices, booleans and catalog references: swept by visiting every value.
bool isCategorical(const ParamDef& d);

} // namespace costlab::cli
