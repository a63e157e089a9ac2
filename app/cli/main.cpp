// costlab-cli: the engine on the command line, for batch runs and CI budget checks.
// Plain C++ (no Qt) so the tool stays as light as the model library it wraps; argument
// parsing is a small hand-written loop with GNU-style long options.
//
// Exit codes (documented in --help and docs/cli.md):
//   0 success, 1 internal error, 2 usage error, 3 invalid input file, 4 I/O error.

#include "catalogio.h"
#include "comparetext.h"
#include "engine.h"
#include "estimate_json.h"
#include "lineitemscsv.h"
#include "registry.h"
#include "report.h"
#include "scenario_json.h"
#include "sweep.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <unistd.h>
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

namespace fs = std::filesystem;
using namespace costlab;

namespace {

enum Exit : int { Ok = 0, Internal = 1, Usage = 2, InvalidInput = 3, IoError = 4 };

/// Thrown to leave a command with an exit code; `message` goes to stderr (may hold
/// several lines, each already formatted).
struct Failure {
    int code;
    std::string message;
};

constexpr std::string_view kExitCodes =
    "Exit codes:\n"
    "  0  success\n"
    "  1  internal error\n"
    "  2  usage error (unknown command or option, missing or malformed argument,\n"
    "     unknown parameter id or bad value in --set / --param)\n"
    "  3  invalid input file (each problem printed as FILE: POINTER: MESSAGE)\n"
    "  4  I/O error (file not found or unreadable)\n";

constexpr std::string_view kCatalogSearch =
    "Catalog search order: --catalog FILE, $COSTLAB_DATA_DIR/catalog/default.json,\n"
    "<program dir>/" COSTLAB_INSTALL_DATA_REL "/catalog/default.json, then the source\n"
    "tree's resources/catalog/default.json.\n";

std::string mainHelp()
{
    return std::string(
               "Usage: costlab-cli COMMAND [OPTIONS]\n"
               "\n"
               "Estimate the cost, time and risk of training a large language model from a\n"
               ".costlab.json plan.\n"
               "\n"
               "Commands:\n"
               "  evaluate FILE   print the estimate of a plan (table or --json)\n"
               "  sweep FILE      vary one parameter and tabulate cost and every risk\n"
               "  params          list every parameter id with unit, range and default\n"
               "  compare A B ... compare 2 to 4 plans side by side (table or --json)\n"
               "  lineitems FILE  write the cost line items (FOCUS-style CSV) for finance tools\n"
               "  report FILE     write the PDF budget report (runs costlab-report)\n"
               "  help [COMMAND]  show help (same as COMMAND --help)\n"
               "\n"
               "Options:\n"
               "  -h, --help      show this help\n"
               "  -V, --version   print the version and the catalog date\n"
               "\n"
               "Run 'costlab-cli COMMAND --help' for the options of a command.\n\n") +
           std::string(kExitCodes);
}

std::string evaluateHelp()
{
    return std::string(
               "Usage: costlab-cli evaluate FILE [--json] [--catalog CATALOG.json]\n"
               "                            [--set ID=VALUE ...]\n"
               "\n"
               "Evaluate the plan in FILE (.costlab.json) and print totals, cost per phase and\n"
               "category, GPU-hours, wall-clock time, memory per GPU against HBM and every risk\n"
               "with its expected cost.\n"
               "\n"
               "Options:\n"
               "  --json              print the estimate as JSON (stable snake_case keys)\n"
               "  --catalog FILE      price/hardware catalog to use instead of the default\n"
               "  --set ID=VALUE      override one input before evaluating; repeatable.\n"
               "                      VALUE is in the parameter's unit (see 'costlab-cli "
               "params'),\n"
               "                      a choice id, a catalog id or true/false.\n"
               "                      Example: --set pretrain.tokens=4e12\n"
               "  -h, --help          show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodes);
}

std::string sweepHelp()
{
    return std::string(
               "Usage: costlab-cli sweep FILE --param ID [--from A --to B] [--steps N]\n"
               "                         [--json] [--catalog CATALOG.json] [--set ID=VALUE ...]\n"
               "\n"
               "Vary one parameter of the plan in FILE and print, for each value, the total\n"
               "cost, GPU-hours, wall-clock days and the probability of OOM, divergence,\n"
               "failure recovery losses and capacity shortfall. Sweeping\n"
               "reliability.checkpoint_interval_h also prints the Young/Daly optimum.\n"
               "\n"
               "Options:\n"
               "  --param ID          parameter id (see 'costlab-cli params'); required\n"
               "  --from A, --to B    range in the parameter's unit; both or neither (neither:\n"
               "                      the parameter's validated range). Log-scale parameters\n"
               "                      are swept log-spaced.\n"
               "  --steps N           number of points, 2..100000 (default 11)\n"
               "                      Categorical parameters (choices, booleans, catalog\n"
               "                      references) visit every value and ignore these three.\n"
               "  --json              print the sweep as JSON\n"
               "  --catalog FILE      catalog to use instead of the default\n"
               "  --set ID=VALUE      override an input before sweeping; repeatable\n"
               "  -h, --help          show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodes);
}

std::string paramsHelp()
{
    return std::string(
               "Usage: costlab-cli params [--json]\n"
               "\n"
               "List every input parameter: id, unit, range, default, scale, label and help.\n"
               "Phase parameters are listed once per phase kind (pretrain., rl., eval.); a\n"
               "second phase of the same kind is addressed as rl#2.ID.\n"
               "\n"
               "Options:\n"
               "  --json       print the registry as a JSON array\n"
               "  -h, --help   show this help\n\n") +
           std::string(kExitCodes);
}

std::string lineitemsHelp()
{
    return std::string(
               "Usage: costlab-cli lineitems FILE -o OUT.csv [--catalog CATALOG.json]\n"
               "                             [--set ID=VALUE ...]\n"
               "\n"
               "Write the estimate of the plan in FILE as cost line items: one row per phase,\n"
               "cost category, calendar month and charge category (Purchase = fixed share,\n"
               "Usage = elastic share), columns modelled on FinOps FOCUS 1.x, RFC 4180 CSV.\n"
               "Columns are described in docs/report.md. '-o -' writes to standard output.\n"
               "\n"
               "Options:\n"
               "  -o, --output FILE   CSV file to write (atomically); required\n"
               "  --catalog FILE      catalog to use instead of the default\n"
               "  --set ID=VALUE      override an input first; repeatable\n"
               "  -h, --help          show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodes);
}

std::string reportHelp()
{
    return std::string(
               "Usage: costlab-cli report FILE -o OUT.pdf [--lang zh_CN|en]\n"
               "                          [--page-size A4|Letter] [--author NAME]\n"
               "                          [--catalog CATALOG.json]\n"
               "\n"
               "Write the PDF budget report of the plan in FILE: cover, executive summary,\n"
               "cost breakdown, charts, risks, every assumption and the methods appendix.\n"
               "The PDF needs Qt: this command runs the costlab-report program installed\n"
               "next to costlab-cli with the same arguments.\n"
               "\n"
               "Options:\n"
               "  -o, --output FILE   PDF file to write (atomically); required\n"
               "  --lang CODE         report language: en (default) or zh_CN\n"
               "  --page-size SIZE    A4 (default) or Letter\n"
               "  --author NAME       author shown on the cover\n"
               "  --catalog FILE      catalog to use instead of the default\n"
               "  -h, --help          show this help\n\n") +
           std::string(kExitCodes);
}

// ---------------------------------------------------------------------------------------
// Argument parsing

struct OptionSpec {
    std::string_view name; ///< without the leading "--"
    bool takes_value;
};

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

Args parseArgs(std::string_view command, const std::vector<std::string> &argv,
               std::initializer_list<OptionSpec> specs)
{
    Args a;
    const std::string seeHelp =
        "\nRun 'costlab-cli " + std::string(command) + " --help' for usage.";
    bool onlyPositional = false;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string &arg = argv[i];
        if (onlyPositional || arg.size() < 2 || arg[0] != '-') {
            a.positional.push_back(arg);
            continue;
        }
        if (arg == "--") {
            onlyPositional = true;
            continue;
        }
        if (arg == "-h" || arg == "--help") {
            a.help = true;
            continue;
        }
        if (arg.rfind("--", 0) != 0)
            throw Failure{Usage, "costlab-cli " + std::string(command) + ": unknown option '" +
                                     arg + "'" + seeHelp};
        const std::size_t eq = arg.find('=');
        const std::string name =
            arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        const auto spec = std::find_if(specs.begin(), specs.end(),
                                       [&](const OptionSpec &s) { return s.name == name; });
        if (spec == specs.end())
            throw Failure{Usage, "costlab-cli " + std::string(command) + ": unknown option '--" +
                                     name + "'" + seeHelp};
        if (!spec->takes_value) {
            if (eq != std::string::npos)
                throw Failure{Usage, "costlab-cli " + std::string(command) + ": option '--" + name +
                                         "' takes no value" + seeHelp};
            a.values[name];
            continue;
        }
        std::string value;
        if (eq != std::string::npos) {
            value = arg.substr(eq + 1);
        } else {
            if (i + 1 >= argv.size())
                throw Failure{Usage, "costlab-cli " + std::string(command) + ": option '--" + name +
                                         "' needs a value" + seeHelp};
            value = argv[++i];
        }
        a.values[name].push_back(value);
    }
    return a;
}

/// Strict number parse: the whole text, finite.
std::optional<double> parseNumber(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    const std::string s(text);
    errno = 0;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// ---------------------------------------------------------------------------------------
// Files

fs::path exeDir(const char *argv0)
{
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    if (ec || p.empty())
        p = fs::absolute(argv0 ? argv0 : "", ec);
    return p.parent_path();
}

std::string readOrFail(const std::string &path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw Failure{IoError, path + ": cannot read: no such file"};
    if (fs::is_directory(path, ec))
        throw Failure{IoError, path + ": cannot read: is a directory"};
    std::string err;
    std::optional<std::string> text = readFile(path, err);
    if (!text)
        throw Failure{IoError, path + ": cannot read: " + (err.empty() ? "I/O error" : err)};
    return *text;
}

struct CatalogChoice {
    std::string path;               ///< empty when none found
    std::vector<std::string> tried; ///< for the error message
    bool explicit_path = false;
};

CatalogChoice findCatalog(const Args &a, const char *argv0)
{
    CatalogChoice c;
    if (auto p = a.one("catalog")) {
        c.path = *p;
        c.explicit_path = true;
        return c;
    }
    std::vector<fs::path> candidates;
    if (const char *d = std::getenv("COSTLAB_DATA_DIR"); d && *d)
        candidates.push_back(fs::path(d) / "catalog" / "default.json");
    candidates.push_back(exeDir(argv0) / COSTLAB_INSTALL_DATA_REL / "catalog" / "default.json");
    if (std::string_view(COSTLAB_RESOURCE_DIR).size() > 0)
        candidates.push_back(fs::path(COSTLAB_RESOURCE_DIR) / "catalog" / "default.json");
    for (const fs::path &p : candidates) {
        std::error_code ec;
        c.tried.push_back(p.lexically_normal().string());
        if (fs::is_regular_file(p, ec)) {
            c.path = p.lexically_normal().string();
            return c;
        }
    }
    return c;
}

Catalog loadCatalog(const Args &a, const char *argv0)
{
    const CatalogChoice c = findCatalog(a, argv0);
    if (c.path.empty()) {
        std::string msg = "costlab-cli: no catalog found; looked for:";
        for (const std::string &t : c.tried)
            msg += "\n  " + t;
        msg += "\nPass one with --catalog FILE or set COSTLAB_DATA_DIR.";
        throw Failure{IoError, msg};
    }
    const std::string text = readOrFail(c.path);
    std::vector<std::string> errors;
    std::optional<Catalog> cat = catalogFromJson(text, errors);
    if (!cat || !errors.empty()) {
        std::string msg;
        for (const std::string &e : errors)
            msg += (msg.empty() ? "" : "\n") + c.path + ": " + e;
        if (msg.empty())
            msg = c.path + ": not a valid catalog";
        throw Failure{InvalidInput, msg};
    }
    return *cat;
}

Scenario loadScenario(const std::string &path)
{
    const std::string text = readOrFail(path);
    LoadResult r = scenarioFromJson(text);
    if (!r.errors.empty() || !r.scenario) {
        std::string msg;
        for (const LoadError &e : r.errors)
            msg += (msg.empty() ? "" : "\n") + path + ": " +
                   (e.pointer.empty() ? std::string("(document)") : e.pointer) + ": " + e.message;
        if (msg.empty())
            msg = path + ": (document): not a valid scenario";
        throw Failure{InvalidInput, msg};
    }
    return std::move(*r.scenario);
}

// ---------------------------------------------------------------------------------------
// Parameter ids

std::size_t editDistance(std::string_view a, std::string_view b)
{
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min(
                {prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

/// "unknown parameter" message with up to three close ids of this scenario, or the reason
/// when the id is valid but the scenario lacks that phase.
std::string unknownParamMessage(const Scenario &s, std::string_view id)
{
    std::string msg = "unknown parameter id '" + std::string(id) + "'";
    const std::size_t dot = id.find('.');
    if (dot != std::string_view::npos) {
        std::string_view prefix = id.substr(0, dot);
        const std::string_view key = id.substr(dot + 1);
        if (const std::size_t hash = prefix.find('#'); hash != std::string_view::npos)
            prefix = prefix.substr(0, hash);
        static constexpr PhaseKind kinds[] = {PhaseKind::Pretrain, PhaseKind::RlPosttrain,
                                              PhaseKind::Evaluation};
        for (PhaseKind k : kinds) {
            if (phasePrefix(k) == prefix && findDef(key, 1u << static_cast<unsigned>(k)))
                return "parameter '" + std::string(id) + "' exists, but the scenario has no " +
                       std::string(prefix) + " phase" +
                       (prefix != id.substr(0, dot) ? " with that number" : "");
        }
    }
    std::vector<std::pair<std::size_t, std::string>> near;
    for (const ParamRef &ref : boundParameters(s)) {
        const std::string full = fullId(s, ref);
        std::size_t d = editDistance(id, full);
        // A matching field name under another prefix ("tokens" for "pretrain.tokens")
        // is a strong hint even when the edit distance is large.
        const std::size_t fdot = full.find('.');
        if (fdot != std::string::npos &&
            (full.substr(fdot + 1) == id ||
             (dot != std::string_view::npos && full.substr(fdot + 1) == id.substr(dot + 1))))
            d = std::min<std::size_t>(d, 1);
        near.emplace_back(d, full);
    }
    std::sort(near.begin(), near.end());
    // Only the nearest few: a typo is usually one or two edits away, and listing ids
    // that merely share the prefix would drown the right one.
    const std::size_t limit = std::max<std::size_t>(2, id.size() / 4);
    std::string hint;
    for (std::size_t i = 0; i < near.size() && i < 3; ++i) {
        if (near[i].first > limit || near[i].first > near[0].first + 1)
            break;
        hint += (hint.empty() ? "" : ", ") + near[i].second;
    }
    if (!hint.empty())
        msg += "; did you mean: " + hint + "?";
    msg += " (list them with 'costlab-cli params')";
    return msg;
}

ParamRef resolveParam(const Scenario &s, std::string_view id)
{
    const std::optional<ParamRef> ref = findParam(s, id);
    if (!ref || !ref->valid())
        throw Failure{Usage, "costlab-cli: " + unknownParamMessage(s, id)};
    return *ref;
}

void applySets(Scenario &s, const Args &a)
{
    const auto it = a.values.find("set");
    if (it == a.values.end())
        return;
    for (const std::string &kv : it->second) {
        const std::size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw Failure{Usage, "costlab-cli: --set expects ID=VALUE, got '" + kv + "'"};
        const std::string id = kv.substr(0, eq);
        const ParamRef ref = resolveParam(s, id);
        const std::string err = setFromString(s, ref, kv.substr(eq + 1));
        if (!err.empty())
            throw Failure{Usage, "costlab-cli: --set " + err};
    }
}

/// Catalog references set on the command line must exist in the catalog actually used;
/// the registry can't check them (it doesn't know the catalog), and the engine would only
/// warn and price the phase at zero.
void checkCatalogRefs(const Scenario &s, const Args &a, const Catalog &cat)
{
    const auto it = a.values.find("set");
    if (it == a.values.end())
        return;
    for (const std::string &kv : it->second) {
        const std::string id = kv.substr(0, kv.find('='));
        const std::string value = kv.substr(kv.find('=') + 1);
        const std::optional<ParamRef> ref = findParam(s, id);
        if (!ref || !ref->def)
            continue;
        std::string known;
        if (ref->def->type == ParamType::AcceleratorRef && !cat.accelerator(value)) {
            for (const Accelerator &acc : cat.accelerators)
                known += (known.empty() ? "" : ", ") + acc.id;
        } else if (ref->def->type == ParamType::InstanceRef && !cat.instance(value)) {
            for (const InstanceType &inst : cat.instances)
                known += (known.empty() ? "" : ", ") + inst.id;
        } else {
            continue;
        }
        throw Failure{Usage, "costlab-cli: --set " + id + ": '" + value +
                                 "' is not in the catalog; known ids: " + known};
    }
}

bool isCategorical(const ParamDef &d)
{
    return d.scale == ParamScale::Categorical || d.type == ParamType::Bool ||
           d.type == ParamType::Choice || d.type == ParamType::AcceleratorRef ||
           d.type == ParamType::InstanceRef;
}

// ---------------------------------------------------------------------------------------
// Commands

int cmdEvaluate(const std::vector<std::string> &argv, const char *argv0)
{
    const Args a = parseArgs("evaluate", argv, {{"json", false}, {"catalog", true}, {"set", true}});
    if (a.help) {
        std::cout << evaluateHelp();
        return Ok;
    }
    if (a.positional.size() != 1)
        throw Failure{Usage, std::string("costlab-cli evaluate: ") +
                                 (a.positional.empty() ? "missing FILE" : "expected one FILE") +
                                 "\nRun 'costlab-cli evaluate --help' for usage."};
    Scenario s = loadScenario(a.positional[0]);
    applySets(s, a);
    const Catalog cat = loadCatalog(a, argv0);
    checkCatalogRefs(s, a, cat);
    const Estimate e = evaluate(s, cat);
    if (a.has("json"))
        std::cout << estimateToJson(s, e);
    else
        std::cout << cli::estimateReport(s, cat, e);
    return Ok;
}

int cmdSweep(const std::vector<std::string> &argv, const char *argv0)
{
    const Args a = parseArgs("sweep", argv,
                             {{"json", false},
                              {"catalog", true},
                              {"set", true},
                              {"param", true},
                              {"from", true},
                              {"to", true},
                              {"steps", true}});
    if (a.help) {
        std::cout << sweepHelp();
        return Ok;
    }
    const std::string seeHelp = "\nRun 'costlab-cli sweep --help' for usage.";
    if (a.positional.size() != 1)
        throw Failure{Usage, std::string("costlab-cli sweep: ") +
                                 (a.positional.empty() ? "missing FILE" : "expected one FILE") +
                                 seeHelp};
    const std::optional<std::string> param = a.one("param");
    if (!param)
        throw Failure{Usage, "costlab-cli sweep: missing --param ID" + seeHelp};

    const auto numberOpt = [&](std::string_view name) -> std::optional<double> {
        const std::optional<std::string> v = a.one(name);
        if (!v)
            return std::nullopt;
        const std::optional<double> d = parseNumber(*v);
        if (!d)
            throw Failure{Usage, "costlab-cli sweep: --" + std::string(name) +
                                     " expects a finite number, got '" + *v + "'"};
        return d;
    };
    const std::optional<double> from = numberOpt("from");
    const std::optional<double> to = numberOpt("to");
    const std::optional<double> stepsD = numberOpt("steps");
    int steps = 11;
    if (stepsD) {
        if (*stepsD != std::floor(*stepsD) || *stepsD < 2 || *stepsD > 100000)
            throw Failure{Usage,
                          "costlab-cli sweep: --steps expects an integer from 2 to 100000, got '" +
                              *a.one("steps") + "'"};
        steps = static_cast<int>(*stepsD);
    }

    Scenario s = loadScenario(a.positional[0]);
    applySets(s, a);
    const ParamRef ref = resolveParam(s, *param);
    const Catalog cat = loadCatalog(a, argv0);
    checkCatalogRefs(s, a, cat);

    SweepResult r;
    if (isCategorical(*ref.def)) {
        r = sweep(s, cat, *param, 0, 0, 2);
    } else {
        if (from.has_value() != to.has_value())
            throw Failure{Usage,
                          "costlab-cli sweep: give both --from and --to, or neither" + seeHelp};
        if (from) {
            for (double v : {*from, *to}) {
                const std::string err = checkValue(*ref.def, v);
                if (!err.empty())
                    throw Failure{Usage, "costlab-cli sweep: " + *param + ": " + err};
            }
            r = sweep(s, cat, *param, *from, *to, steps);
        } else {
            r = sweepDefaultRange(s, cat, *param, steps);
        }
    }
    if (!r.error.empty())
        throw Failure{Usage, "costlab-cli sweep: " + r.error};
    if (a.has("json"))
        std::cout << sweepToJson(r, currencyCode(s.currency));
    else
        std::cout << cli::sweepReport(s, *ref.def, r);
    return Ok;
}

int cmdCompare(const std::vector<std::string> &argv, const char *argv0)
{
    const Args a = parseArgs("compare", argv, {{"json", false}, {"catalog", true}});
    if (a.help) {
        std::cout << cli::compareHelp() << kCatalogSearch << "\n" << kExitCodes;
        return Ok;
    }
    if (a.positional.size() < static_cast<std::size_t>(kCompareMin) ||
        a.positional.size() > static_cast<std::size_t>(kCompareMax))
        throw Failure{Usage, "costlab-cli compare: expected 2 to 4 FILEs, got " +
                                 std::to_string(a.positional.size()) +
                                 "\nRun 'costlab-cli compare --help' for usage."};
    std::vector<Scenario> plans;
    for (const std::string &path : a.positional)
        plans.push_back(loadScenario(path));
    const Catalog cat = loadCatalog(a, argv0);
    std::vector<const Scenario *> ptrs;
    for (const Scenario &s : plans)
        ptrs.push_back(&s);
    const Comparison c = compare(ptrs, cat);
    if (!c.error.empty())
        throw Failure{Internal, "costlab-cli compare: " + c.error};
    std::cout << (a.has("json") ? comparisonToJson(c) : cli::compareReport(c));
    return Ok;
}

int cmdParams(const std::vector<std::string> &argv)
{
    const Args a = parseArgs("params", argv, {{"json", false}});
    if (a.help) {
        std::cout << paramsHelp();
        return Ok;
    }
    if (!a.positional.empty())
        throw Failure{Usage, "costlab-cli params: unexpected argument '" + a.positional[0] +
                                 "'\nRun 'costlab-cli params --help' for usage."};
    std::cout << (a.has("json") ? cli::paramsJson() : cli::paramsReport());
    return Ok;
}

int cmdVersion(const char *argv0)
{
    std::cout << "costlab-cli " << COSTLAB_VERSION << "\n";
    // The catalog date tells the user how fresh the prices are; absence is not an error.
    const CatalogChoice c = findCatalog(Args{}, argv0);
    if (!c.path.empty()) {
        std::string err;
        if (std::optional<std::string> text = readFile(c.path, err)) {
            std::vector<std::string> errors;
            if (std::optional<Catalog> cat = catalogFromJson(*text, errors); cat && errors.empty())
                std::cout << "catalog " << cat->id << ", "
                          << (cat->date.empty() ? std::string("undated") : cat->date) << " ("
                          << c.path << ")\n";
        }
    }
    return Ok;
}

/// "-o X" is the short form of "--output X"; rewritten before the long-option parser.
std::vector<std::string> expandShortOutput(std::vector<std::string> argv)
{
    for (std::string &a : argv)
        if (a == "-o")
            a = "--output";
        else if (a.rfind("-o", 0) == 0 && a.size() > 2 && a[2] != '-')
            a = "--output=" + a.substr(2);
    return argv;
}

int cmdLineitems(const std::vector<std::string> &argv, const char *argv0)
{
    const Args a = parseArgs("lineitems", expandShortOutput(argv),
                             {{"output", true}, {"catalog", true}, {"set", true}});
    if (a.help) {
        std::cout << lineitemsHelp();
        return Ok;
    }
    if (a.positional.size() != 1)
        throw Failure{Usage, std::string("costlab-cli lineitems: ") +
                                 (a.positional.empty() ? "missing FILE" : "expected one FILE") +
                                 "\nRun 'costlab-cli lineitems --help' for usage."};
    const auto out = a.one("output");
    if (!out || out->empty())
        throw Failure{Usage, "costlab-cli lineitems: missing -o OUT.csv"
                             "\nRun 'costlab-cli lineitems --help' for usage."};
    Scenario s = loadScenario(a.positional[0]);
    applySets(s, a);
    const Catalog cat = loadCatalog(a, argv0);
    checkCatalogRefs(s, a, cat);
    const Estimate e = evaluate(s, cat);
    const std::string csv = lineItemsCsv(s, e);
    if (*out == "-") {
        std::cout << csv;
        return Ok;
    }
    const std::string err = writeFileAtomic(*out, csv);
    if (!err.empty())
        throw Failure{IoError, *out + ": cannot write: " + err};
    return Ok;
}

/// The PDF needs Qt Gui; costlab-cli stays Qt-free and hands over to costlab-report from
/// its own directory (docs/report.md explains the choice). exec keeps the exit code.
int cmdReport(const std::vector<std::string> &argv, const char *argv0)
{
    for (const std::string &a : argv)
        if (a == "-h" || a == "--help") {
            std::cout << reportHelp();
            return Ok;
        }
    const fs::path exe = exeDir(argv0) / "costlab-report";
    std::error_code ec;
    if (!fs::is_regular_file(exe, ec))
        throw Failure{IoError, "costlab-cli report: " + exe.string() +
                                   " not found; the PDF report needs the Qt program costlab-report"
                                   " next to costlab-cli (built with COSTLAB_BUILD_GUI=ON)"};
    std::vector<std::string> args = expandShortOutput(argv);
    std::vector<char *> cargs;
    std::string name = exe.string();
    cargs.push_back(name.data());
    for (std::string &a : args)
        cargs.push_back(a.data());
    cargs.push_back(nullptr);
    std::cout.flush();
    ::execv(name.c_str(), cargs.data());
    throw Failure{IoError, "costlab-cli report: cannot run " + name + ": " +
                               std::string(std::strerror(errno))};
}

int run(int argc, char **argv)
{
    std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    const char *argv0 = argc > 0 ? argv[0] : "costlab-cli";
    if (args.empty()) {
        std::cerr << "Usage: costlab-cli COMMAND [OPTIONS]  (evaluate, sweep, params)\n"
                     "Run 'costlab-cli --help' for details.\n";
        return Usage;
    }
    const std::string cmd = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (cmd == "-h" || cmd == "--help") {
        std::cout << mainHelp();
        return Ok;
    }
    if (cmd == "help") {
        if (rest.empty())
            std::cout << mainHelp();
        else if (rest[0] == "evaluate")
            std::cout << evaluateHelp();
        else if (rest[0] == "sweep")
            std::cout << sweepHelp();
        else if (rest[0] == "params")
            std::cout << paramsHelp();
        else if (rest[0] == "compare")
            std::cout << cli::compareHelp() << kCatalogSearch << "\n" << kExitCodes;
        else if (rest[0] == "lineitems")
            std::cout << lineitemsHelp();
        else if (rest[0] == "report")
            std::cout << reportHelp();
        else
            throw Failure{Usage, "costlab-cli help: unknown command '" + rest[0] + "'"};
        return Ok;
    }
    if (cmd == "-V" || cmd == "--version")
        return cmdVersion(argv0);
    if (cmd == "evaluate")
        return cmdEvaluate(rest, argv0);
    if (cmd == "sweep")
        return cmdSweep(rest, argv0);
    if (cmd == "params")
        return cmdParams(rest);
    if (cmd == "compare")
        return cmdCompare(rest, argv0);
    if (cmd == "lineitems")
        return cmdLineitems(rest, argv0);
    if (cmd == "report")
        return cmdReport(rest, argv0);
    if (cmd.rfind("-", 0) == 0)
        throw Failure{Usage, "costlab-cli: unknown option '" + cmd +
                                 "'\nRun 'costlab-cli --help' for usage."};
    throw Failure{
        Usage, "costlab-cli: unknown command '" + cmd +
                   "' (expected evaluate, sweep, params, compare, lineitems or report)\nRun 'costlab-cli --help' for usage."};
}

} // namespace

int main(int argc, char **argv)
{
    try {
        const int code = run(argc, argv);
        std::cout.flush();
        if (!std::cout) {
            std::cerr << "costlab-cli: cannot write output\n";
            return IoError;
        }
        return code;
    } catch (const Failure &f) {
        std::cout.flush();
        std::cerr << f.message << "\n";
        return f.code;
    } catch (const std::exception &e) {
        std::cerr << "costlab-cli: internal error: " << e.what() << "\n";
        return Internal;
    } catch (...) {
        std::cerr << "costlab-cli: internal error\n";
        return Internal;
    }
}
