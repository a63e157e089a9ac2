#include "cli.h"

#include "catalogio.h"
#include "engine.h"
#include "files.h"
#include "scenario_json.h"
#include "store.h"
#include "textformat.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <system_error>

namespace fs = std::filesystem;

namespace costlab::cli {

// ---------------------------------------------------------------------------------------
// Argument parsing

Args parseArgs(std::string_view command, const std::vector<std::string>& argv,
               std::initializer_list<OptionSpec> specs)
{
    return parseArgs(command, argv, std::span<const OptionSpec>(specs.begin(), specs.size()));
}

std::optional<Args> parsePlanCommand(std::string_view command, const std::vector<std::string>& argv,
                                     std::initializer_list<OptionSpec> own, std::string (*help)())
{
    std::vector<OptionSpec> specs(own);
    specs.insert(specs.end(), {{"catalog", true}, {"db", true}, {"set", true}});
    // "-o X" is --output X for the commands that write one; elsewhere "-o" stays unknown.
    const bool output =
        std::any_of(own.begin(), own.end(), [](const OptionSpec& o) { return o.name == "output"; });
    Args a = parseArgs(command, output ? expandShortOutput(argv) : argv, specs);
    if (a.help) {
        std::cout << help();
        return std::nullopt;
    }
    requireOneFile(command, a);
    return a;
}

Args parseArgs(std::string_view command, const std::vector<std::string>& argv,
               std::span<const OptionSpec> specs)
{
    Args a;
    const std::string seeHelp =
        "\nRun 'costlab-cli " + std::string(command) + " --help' for usage.";
    bool onlyPositional = false;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& arg = argv[i];
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
                                       [&](const OptionSpec& s) { return s.name == name; });
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
double numberOption(std::string_view command, const Args& a, const char* name, double lo, double hi,
                    double fallback, std::string_view expected)
{
    const std::optional<std::string> v = a.one(name);
    if (!v)
        return fallback;
    const std::optional<double> d = parseNumber(*v);
    if (!d || !(*d >= lo && *d <= hi))
        throw Failure{Usage, "costlab-cli " + std::string(command) + ": --" + name + " expects " +
                                 std::string(expected) + ", got '" + printable(*v) + "'"};
    return *d;
}

int wholeOption(std::string_view command, const Args& a, const char* name, int lo, int hi,
                int fallback)
{
    const std::string expected =
        "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    const double d = numberOption(command, a, name, lo, hi, fallback, expected);
    if (d != std::floor(d))
        throw Failure{Usage, "costlab-cli " + std::string(command) + ": --" + name + " expects " +
                                 expected + ", got '" + printable(*a.one(name)) + "'"};
    return int(d);
}

std::string changesText(const std::vector<ParamChange>& changes)
{
    std::string out;
    for (const ParamChange& c : changes)
        out += (out.empty() ? "" : ", ") + c.id + "=" + c.text;
    return out.empty() ? std::string("(none)") : out;
}

std::optional<double> parseNumber(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    const std::string s(text);
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// ---------------------------------------------------------------------------------------
// Files

fs::path exeDir(const char* argv0)
{
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    if (ec || p.empty())
        p = fs::absolute(argv0 ? argv0 : "", ec);
    return p.parent_path();
}

std::string readOrFail(const std::string& path)
{
    // The io reader checks before reading: size (16 MiB), regular file (no device or FIFO),
    // and names the cause (missing, folder, symlink loop, permission).
    std::string err;
    std::optional<std::string> text = readFile(path, err);
    if (!text)
        throw Failure{IoError, path + ": " + (err.empty() ? "cannot read: I/O error" : err)};
    return *text;
}

CatalogChoice findCatalog(const Args& a, const char* argv0)
{
    CatalogChoice c;
    if (auto p = a.one("catalog")) {
        c.path = *p;
        c.explicit_path = true;
        return c;
    }
    std::vector<fs::path> candidates;
    if (const char* d = std::getenv("COSTLAB_DATA_DIR"); d && *d)
        candidates.push_back(fs::path(d) / "catalog" / "default.json");
    candidates.push_back(exeDir(argv0) / COSTLAB_INSTALL_DATA_REL / "catalog" / "default.json");
    if (std::string_view(COSTLAB_RESOURCE_DIR).size() > 0)
        candidates.push_back(fs::path(COSTLAB_RESOURCE_DIR) / "catalog" / "default.json");
    for (const fs::path& p : candidates) {
        std::error_code ec;
        c.tried.push_back(p.lexically_normal().string());
        if (fs::is_regular_file(p, ec)) {
            c.path = p.lexically_normal().string();
            return c;
        }
    }
    return c;
}

Catalog loadCatalog(const Args& a, const char* argv0)
{
    const CatalogChoice c = findCatalog(a, argv0);
    if (c.path.empty()) {
        std::string msg = "costlab-cli: no catalog found; looked for:";
        for (const std::string& t : c.tried)
            msg += "\n  " + t;
        msg += "\nPass one with --catalog FILE or set COSTLAB_DATA_DIR.";
        throw Failure{IoError, msg};
    }
    const std::string text = readOrFail(c.path);
    std::vector<std::string> errors;
    std::optional<Catalog> cat = catalogFromJson(text, errors);
    if (!cat || !errors.empty()) {
        std::string msg;
        for (const std::string& e : errors)
            msg += (msg.empty() ? "" : "\n") + c.path + ": " + e;
        if (msg.empty())
            msg = c.path + ": not a valid catalog";
        throw Failure{InvalidInput, msg};
    }
    return *cat;
}

Catalog catalogForPlan(const Args& a, const char* argv0, const std::string& path, const Scenario& s)
{
    CatalogSources src;
    std::optional<Catalog> given, shipped;
    if (a.has("catalog")) {
        given = loadCatalog(a, argv0);
        src.given = &*given;
    } else if (const CatalogChoice found = findCatalog(a, argv0); !found.path.empty()) {
        shipped = loadCatalog(a, argv0);
        src.shipped = &*shipped;
        // Another catalog shipped beside the default (cn-cny.json) prices the plans that
        // name its id, as in the desktop's library, where every shipped catalog is seeded.
        if (!a.has("db") && !s.catalog_id.empty() && s.catalog_id != shipped->id &&
            s.catalog_id.find_first_of("/\\.") == std::string::npos) {
            const fs::path sibling = fs::path(found.path).parent_path() / (s.catalog_id + ".json");
            std::error_code ec;
            if (fs::is_regular_file(sibling, ec)) {
                Args one = a;
                one.values["catalog"] = {sibling.string()};
                given = loadCatalog(one, argv0);
                if (given->id == s.catalog_id)
                    src.given = &*given;
            }
        }
    } else if (!a.has("db")) {
        loadCatalog(a, argv0); // throws the "no catalog found; looked for" message
    }
    ScenarioStore store;
    if (auto db = a.one("db")) {
        if (const Status st = store.open(*db, inspectOnlyOptions()); !st)
            throw Failure{IoError, "costlab-cli: --db " + printable(*db) + ": " + st.error};
        src.library = catalogLookup(store);
    }
    src.hint = "pass --catalog FILE, or --db LIBRARY to use the library's catalogs";
    Catalog cat = pickCatalog(s.catalog_id, src);
    if (!cat.unavailable.empty())
        throw Failure{InvalidInput, path + ": /catalog: " + cat.unavailable};
    return cat;
}

void refuseOutputOverInput(std::string_view command, const Args& a, const std::string& output,
                           const std::vector<std::string>& extra)
{
    if (output.empty() || output == "-")
        return;
    std::vector<std::string> inputs = a.positional;
    inputs.insert(inputs.end(), extra.begin(), extra.end());
    for (const char* opt : {"catalog", "db"})
        if (const auto v = a.one(opt))
            inputs.push_back(*v);
    if (const std::string why = checkOutputNotInput(output, inputs); !why.empty())
        throw Failure{Usage, "costlab-cli " + std::string(command) + ": " + printable(why)};
}

PlanInput loadPlanInput(const Args& a, const char* argv0)
{
    PlanInput in;
    in.path = a.positional.at(0);
    in.scenario = loadScenario(in.path);
    applySets(in.scenario, a);
    in.catalog = catalogForPlan(a, argv0, in.path, in.scenario);
    checkCatalogRefs(in.scenario, a, in.catalog);
    return in;
}

Scenario loadScenario(const std::string& path)
{
    const std::string text = readOrFail(path);
    LoadResult r = scenarioFromJson(text);
    if (!r.errors.empty() || !r.scenario) {
        std::string msg;
        for (const LoadError& e : r.errors)
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

namespace {

/// "unknown parameter" message with up to three close ids of this scenario, or the reason
/// when the id is valid but the scenario lacks that phase.
std::string unknownParamMessage(const Scenario& s, std::string_view id)
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
    for (const ParamRef& ref : boundParameters(s)) {
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

} // namespace

ParamRef resolveParam(const Scenario& s, std::string_view id)
{
    const std::optional<ParamRef> ref = findParam(s, id);
    if (!ref || !ref->valid())
        throw Failure{Usage, "costlab-cli: " + unknownParamMessage(s, id)};
    return *ref;
}

void applySets(Scenario& s, const Args& a)
{
    const auto it = a.values.find("set");
    if (it == a.values.end())
        return;
    for (const std::string& kv : it->second) {
        const std::size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw Failure{Usage, "costlab-cli: --set expects ID=VALUE, got '" + kv + "'"};
        const std::string id = kv.substr(0, eq);
        const ParamRef ref = resolveParam(s, id);
        const std::string err = setFromString(s, ref, kv.substr(eq + 1));
        if (!err.empty())
            throw Failure{Usage, "costlab-cli: --set " + err};
    }
    // A value the plan ignores (the editor greys its row out: an expert setting on a dense
    // model, say) is kept, and said, after every --set so the order does not matter.
    for (const std::string& kv : it->second) {
        const std::string id = kv.substr(0, kv.find('='));
        const std::optional<ParamRef> ref = findParam(s, id);
        if (!ref || !ref->def || !ref->def->active)
            continue;
        const Phase* phase = ref->phase >= 0 ? &s.phases[size_t(ref->phase)] : nullptr;
        if (!ref->def->active(s, phase))
            std::cerr << "costlab-cli: note: --set " << id
                      << " has no effect on this plan as it stands (for example an expert "
                         "setting on a dense model); the value is kept\n";
    }
}

/// Catalog references set on the command line must exist in the catalog actually used;
/// the registry can't check them (it doesn't know the catalog), and the engine would only
/// warn and price the phase at zero.
void checkCatalogRefs(const Scenario& s, const Args& a, const Catalog& cat)
{
    const auto it = a.values.find("set");
    if (it == a.values.end())
        return;
    for (const std::string& kv : it->second) {
        const std::string id = kv.substr(0, kv.find('='));
        const std::string value = kv.substr(kv.find('=') + 1);
        const std::optional<ParamRef> ref = findParam(s, id);
        if (!ref || !ref->def)
            continue;
        std::string known;
        if (ref->def->type == ParamType::AcceleratorRef && !cat.accelerator(value)) {
            for (const Accelerator& acc : cat.accelerators)
                known += (known.empty() ? "" : ", ") + acc.id;
        } else if (ref->def->type == ParamType::InstanceRef && !cat.instance(value)) {
            for (const InstanceType& inst : cat.instances)
                known += (known.empty() ? "" : ", ") + inst.id;
        } else {
            continue;
        }
        throw Failure{Usage, "costlab-cli: --set " + id + ": '" + value +
                                 "' is not in the catalog; known ids: " + known};
    }
}

namespace {
std::string layoutProblemOnly(const LayoutCheck& c)
{
    auto n = [](double v) { return number(v); };
    const ParallelLayout& l = c.layout;
    switch (c.problem) {
    case LayoutProblem::None:
        return {};
    case LayoutProblem::NotDivisible:
        return "TP " + n(l.tp) + " x PP " + n(l.pp) + " x CP " + n(l.cp) + " = " + n(c.product) +
               " does not divide " + n(c.gpus) + " GPUs";
    case LayoutProblem::BatchTooSmall:
        return "the global batch of " + n(c.gpus) + " sequences is smaller than micro-batch " +
               n(l.micro_batch) + " x DP " + n(l.dp) + " = " + n(c.product) +
               "; lower DP (raise TP, PP or CP) or the micro-batch, or raise the batch";
    case LayoutProblem::ExpertsNotDivisible:
        return "EP " + n(c.product) + " does not divide the " + n(c.gpus) + " routed experts";
    case LayoutProblem::ExpertGroupNotDividing:
        return "EP " + n(l.ep) + " x ETP " + n(l.etp) + " = " + n(c.product) +
               " does not divide the " + n(c.gpus) + " GPUs of a pipeline stage (TP " + n(l.tp) +
               " x CP " + n(l.cp) + " x DP " + n(l.dp) + ")";
    case LayoutProblem::HeadsNotDivisible:
        return "TP " + n(c.product) + " does not divide the " + n(c.gpus) + " attention heads";
    case LayoutProblem::ShardGroupNotDividing:
        return "the FSDP shard group of " + n(c.product) + " does not divide the " + n(c.gpus) +
               " data-parallel ranks";
    case LayoutProblem::KvHeadsAboveHeads:
        return "the model has " + n(c.product) + " KV heads but only " + n(c.gpus) +
               " attention heads";
    case LayoutProblem::KvHeadsNotDividingHeads:
        return n(c.product) + " KV heads do not divide the " + n(c.gpus) +
               " attention heads into equal GQA groups";
    case LayoutProblem::HeadsNotDividingHidden:
        return n(c.product) + " attention heads do not divide hidden size " + n(c.gpus) +
               "; give model.head_dim";
    case LayoutProblem::TopKAboveExperts:
        return n(c.product) + " experts per token is more than the " + n(c.gpus) +
               " routed experts";
    case LayoutProblem::TargetBelowFloor:
        return "target loss " + number(c.product, 4) + " is at or below " + number(c.gpus, 4) +
               ", the law's floor at this model size: no amount of data reaches it; raise the "
               "target or the model size";
    case LayoutProblem::TargetAboveAsymptote:
        return "target score " + number(c.product, 3) + " is at or above " + number(c.gpus, 3) +
               ", the curve's asymptote: this recipe does not reach it at any compute";
    }
    return {};
}
} // namespace

std::string layoutProblemText(const LayoutCheck& c)
{
    const std::string why = layoutProblemOnly(c);
    if (why.empty() || c.stage_seq <= 0)
        return why;
    return "long-context stage (" + number(c.stage_seq) + " tokens): " + why;
}

Estimate evaluateOrRefuse(const std::string& path, const Scenario& s, const Catalog& cat)
{
    Estimate e = evaluate(s, cat);
    std::string msg;
    for (std::size_t i = 0; i < e.phases.size() && i < s.phases.size(); ++i) {
        // A phase on an accelerator the catalog lacks would be priced at 0 GPU-hours.
        if (!cat.accelerator(s.phases[i].accelerator)) {
            std::string known;
            for (const Accelerator& acc : cat.accelerators)
                known += (known.empty() ? "" : ", ") + acc.id;
            msg += (msg.empty() ? "" : "\n") + path + ": /phases/" + std::to_string(i) +
                   "/accelerator: '" + printable(s.phases[i].accelerator) +
                   "' is not in the catalog '" + printable(cat.id) + "'; known ids: " + known;
            continue;
        }
        const std::string why = layoutProblemText(e.phases[i].layout);
        if (why.empty())
            continue;
        const PhaseKind kind = s.phases[i].kind;
        const bool shape = isShapeProblem(e.phases[i].layout.problem);
        const bool target = isTargetProblem(e.phases[i].layout.problem);
        const std::string block = shape                            ? "model"
                                  : kind == PhaseKind::RlPosttrain ? "rl"
                                  : kind == PhaseKind::Evaluation  ? "eval"
                                                                   : "pretrain";
        msg += (msg.empty() ? "" : "\n") + path + ": /phases/" + std::to_string(i) + "/" + block +
               (shape    ? ": impossible model shape: "
                : target ? ": unreachable target: "
                         : ": impossible parallel layout: ") +
               why;
    }
    if (!msg.empty())
        throw Failure{InvalidInput, msg};
    return e;
}

bool isCategorical(const ParamDef& d)
{
    return d.scale == ParamScale::Categorical || d.type == ParamType::Bool ||
           d.type == ParamType::Choice || d.type == ParamType::AcceleratorRef ||
           d.type == ParamType::InstanceRef;
}

/// "-o X" is the short form of "--output X"; rewritten before the long-option parser.
std::vector<std::string> expandShortOutput(std::vector<std::string> argv)
{
    for (std::string& a : argv)
        if (a == "-o")
            a = "--output";
        else if (a.rfind("-o", 0) == 0 && a.size() > 2 && a[2] != '-')
            a = "--output=" + a.substr(2);
    return argv;
}

void requireOneFile(std::string_view command, const Args& a)
{
    if (a.positional.size() != 1)
        throw Failure{Usage, "costlab-cli " + std::string(command) + ": " +
                                 (a.positional.empty() ? "missing FILE" : "expected one FILE") +
                                 "\nRun 'costlab-cli " + std::string(command) +
                                 " --help' for usage."};
}

} // namespace costlab::cli
