// .costlab.json reading and writing (scenario_json.h).
//
// Design notes:
// - The schema is the registry: every ParamDef's json_path is a leaf, every prefix of a
//   json_path is an object. The few fields the registry does not describe (name, tags,
//   phase kind, model preset, ...) are listed once in kRootExtras / kPhaseExtras. Anything
//   else in the file is an "unknown field" error: typos must not silently vanish.
// - Untrusted bytes go through four gates before the DOM is touched: size (16 MiB), UTF-8
//   (we report the byte offset ourselves; nlohmann would only say "ill-formed"), nesting
//   depth (pre-scan, so a file of 100,000 '[' never reaches a parser) and the nlohmann
//   parser with a callback that tracks the JSON pointer, so duplicate keys and syntax
//   errors such as NaN are reported at the field where they happen.
// - Validation collects every error and only then decides; a file with any error yields no
//   scenario (architecture.md: "import never partly applies").
#include "scenario_json.h"

#include "files.h"

#include "modelarch.h"
#include "registry.h"

#include "jsondoc.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

#include <cctype>
#include <sys/stat.h>

namespace costlab {

namespace {

using namespace jsondoc;

constexpr std::size_t kMaxPhases = kMaxScenarioPhases;
constexpr std::size_t kMaxNameChars = 10000; // scenario, phase and batch names
constexpr std::size_t kMaxDescriptionChars = 100000;
constexpr std::size_t kMaxIdChars = 200; // catalog ids, tags, presets
constexpr std::size_t kMaxTags = 256;
constexpr std::size_t kMaxErrors = kMaxJsonErrors; // then one "too many errors" line

std::string joinIds(std::span<const ChoiceDef> choices)
{
    std::string out;
    for (const ChoiceDef& c : choices) {
        if (!out.empty())
            out += ", ";
        out += c.id;
    }
    return out;
}

// ---------------------------------------------------------------- the schema

/// Fields outside the registry. Listed by their path; handled in scenarioFromJson.
enum class Extra {
    SchemaVersion,
    Name,
    Description,
    Project,
    Tags,
    Catalog,
    StartDate,
    Phases,
    PhaseKind,
    PhaseName,
    ExperimentBatch,
    ModelPreset
};

struct ExtraField {
    std::string_view path;
    Extra which;
};

constexpr ExtraField kRootExtras[] = {
    {"schema_version", Extra::SchemaVersion},
    {"name", Extra::Name},
    {"description", Extra::Description},
    {"project", Extra::Project},
    {"tags", Extra::Tags},
    {"catalog", Extra::Catalog},
    {"budget/start_date", Extra::StartDate},
    {"phases", Extra::Phases},
};

constexpr ExtraField kPhaseExtras[] = {
    {"kind", Extra::PhaseKind},
    {"name", Extra::PhaseName},
    {"experiment_batch", Extra::ExperimentBatch},
    {"model/preset", Extra::ModelPreset},
};

constexpr PhaseKind kAllKinds[] = {PhaseKind::Pretrain, PhaseKind::RlPosttrain,
                                   PhaseKind::Evaluation};

unsigned kindBit(PhaseKind k)
{
    return 1u << static_cast<unsigned>(k);
}

/// A leaf of the schema: a registry entry or an explicit field.
struct Leaf {
    const ParamDef* def = nullptr;
    Extra extra = Extra::Name;
};

/// The allowed paths of one object level (root, or a phase of one kind).
struct Schema {
    std::map<std::string, Leaf, std::less<>> leaves;
    std::set<std::string, std::less<>> objects; // every proper prefix of a leaf path
    std::vector<std::string> order;             // leaf paths in writing order

    void add(std::string_view path, Leaf leaf)
    {
        if (path.empty() || leaves.count(path))
            return; // registry rows wins over an explicit field with the same path
        leaves.emplace(std::string(path), leaf);
        order.emplace_back(path);
        for (auto slash = path.find('/'); slash != std::string_view::npos;
             slash = path.find('/', slash + 1))
            objects.emplace(path.substr(0, slash));
    }
};

/// Registry entry with `key`/json_path handled as one of our explicit fields, if any.
bool registryHasPath(unsigned kinds, std::string_view path)
{
    for (const ParamDef& d : parameters())
        if (d.json_path == path && (kinds == 0 ? d.phase_kinds == 0 : (d.phase_kinds & kinds)))
            return true;
    return false;
}

const Schema& rootSchema()
{
    static const Schema schema = [] {
        Schema s;
        // Explicit identity fields first so they are written at the top, schema_version first.
        for (const ExtraField& e : kRootExtras) {
            if (e.which == Extra::StartDate || e.which == Extra::Phases)
                continue;
            if (!registryHasPath(0, e.path))
                s.add(e.path, Leaf{nullptr, e.which});
        }
        for (const ParamDef& d : parameters())
            if (d.phase_kinds == 0)
                s.add(d.json_path, Leaf{&d, Extra::Name});
        if (!registryHasPath(0, "budget/start_date"))
            s.add("budget/start_date", Leaf{nullptr, Extra::StartDate});
        s.add("phases", Leaf{nullptr, Extra::Phases});
        return s;
    }();
    return schema;
}

const Schema& phaseSchema(PhaseKind kind)
{
    static const std::vector<Schema> schemas = [] {
        std::vector<Schema> out;
        for (PhaseKind k : kAllKinds) {
            Schema s;
            const unsigned bit = kindBit(k);
            for (const ExtraField& e : kPhaseExtras)
                if (!registryHasPath(bit, e.path))
                    s.add(e.path, Leaf{nullptr, e.which});
            for (const ParamDef& d : parameters())
                if (d.phase_kinds & bit)
                    s.add(d.json_path, Leaf{&d, Extra::Name});
            out.push_back(std::move(s));
        }
        return out;
    }();
    return schemas[static_cast<std::size_t>(kind)];
}

// ---------------------------------------------------------------- validation

class Loader {
public:
    explicit Loader(std::vector<LoadError>& errors) : m_errors(errors) {}

    void error(std::string pointer, Message detail)
    {
        if (m_errors.size() < kMaxErrors) {
            std::string text = messageText(detail);
            m_errors.push_back({std::move(pointer), std::move(text), std::move(detail)});
        } else if (m_errors.size() == kMaxErrors) {
            Message m = message(Msg::TooManyErrors, {textArg(std::to_string(kMaxErrors))});
            m_errors.push_back({"", messageText(m), m});
        }
    }
    /// A message not in the table yet: shown as it is, in English.
    void error(std::string pointer, std::string text)
    {
        error(std::move(pointer), textArg(std::move(text)));
    }

    /// A string field; nullopt (with an error) when not a string or too long. `what` names
    /// the field (Msg::WhatPhaseName; Msg::What…).
    std::optional<std::string> string(const ojson& v, const std::string& ptr, Msg what,
                                      std::size_t maxChars, bool allowEmpty = true)
    {
        if (!v.is_string()) {
            error(ptr, message(Msg::ExpectedStringGot, {message(what), describeArg(v)}));
            return std::nullopt;
        }
        const auto& s = v.get_ref<const std::string&>();
        if (std::size_t n = utf8Length(s); n > maxChars) {
            error(ptr, message(Msg::StringTooLong, {message(what), textArg(std::to_string(n)),
                                                    textArg(std::to_string(maxChars))}));
            return std::nullopt;
        }
        if (!allowEmpty && s.empty()) {
            error(ptr, message(Msg::ExpectedGotEmptyString, {message(what)}));
            return std::nullopt;
        }
        return s;
    }

    /// describe() as a message argument: the shapes translated, values quoted as they are.
    static Message describeArg(const ojson& v)
    {
        if (v.is_array())
            return message(Msg::ArrayOfItems, {textArg(std::to_string(v.size()))});
        if (v.is_object())
            return message(Msg::AnObject);
        return textArg(describe(v));
    }

    /// Check and apply one registry value.
    void applyParam(const ParamDef& d, const ojson& v, const std::string& ptr, Scenario& s,
                    Phase* phase)
    {
        // One value check for files, --set, sweeps and the editor: registry checkValue().
        switch (d.type) {
        case ParamType::Real:
        case ParamType::Integer: {
            if (!v.is_number()) {
                error(ptr, message(Msg::ExpectedGot, {expectedValueMessage(d), describeArg(v)}));
                return;
            }
            const double x = v.get<double>();
            if (!std::isfinite(x)) { // JSON has no NaN: only a number like 1e999 gets here
                error(ptr, message(Msg::ExpectedGot,
                                   {expectedValueMessage(d), message(Msg::TooLargeNumber)}));
                return;
            }
            if (Message problem = valueProblem(d, x); !problem.empty()) {
                error(ptr, std::move(problem));
                return;
            }
            if (d.set)
                d.set(s, phase, x);
            return;
        }
        case ParamType::Bool:
            if (!v.is_boolean()) {
                error(ptr, message(Msg::ExpectedTrueFalseGot, {describeArg(v)}));
                return;
            }
            if (d.set)
                d.set(s, phase, v.get<bool>() ? 1.0 : 0.0);
            return;
        case ParamType::Choice: {
            const std::string accepted = joinIds(d.choices);
            // Choices whose ids are numbers ("zero_stage": "3") also accept the bare integer,
            // which is what people type; the file is always written with the id string.
            if (v.is_number_integer()) {
                const int idx = choiceIndex(d, std::to_string(v.get<std::int64_t>()));
                if (idx >= 0) {
                    if (d.set)
                        d.set(s, phase, static_cast<double>(idx));
                    return;
                }
            }
            if (!v.is_string()) {
                error(ptr,
                      message(Msg::ExpectedChoiceStringGot, {textArg(accepted), describeArg(v)}));
                return;
            }
            int idx = choiceIndex(d, v.get_ref<const std::string&>());
            if (idx < 0) {
                error(ptr, message(Msg::UnknownValueExpected, {describeArg(v), textArg(accepted)}));
                return;
            }
            if (d.set)
                d.set(s, phase, static_cast<double>(idx));
            return;
        }
        case ParamType::AcceleratorRef:
        case ParamType::InstanceRef: {
            // Unknown ids are not a load error: catalogs differ; the engine warns.
            const Msg what =
                d.type == ParamType::AcceleratorRef ? Msg::WhatAcceleratorId : Msg::WhatInstanceId;
            auto str = string(v, ptr, what, kMaxIdChars, /*allowEmpty=*/false);
            if (str && phase && d.set_str)
                d.set_str(*phase, *str);
            return;
        }
        }
    }

    /// Walk one object level against `schema`. `prefix` is the schema path of `obj`.
    void walk(const ojson& obj, const Schema& schema, const std::string& prefix,
              const std::string& ptr, Scenario& s, Phase* phase,
              const std::function<void(Extra, const ojson&, const std::string&)>& extra,
              PhaseKind kind, bool inPhase)
    {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            const std::string& key = it.key();
            const std::string p = childPointer(ptr, key);
            const std::string path = prefix.empty() ? key : prefix + "/" + key;
            const bool slashFree = key.find('/') == std::string::npos;
            if (auto leaf = schema.leaves.find(path); slashFree && leaf != schema.leaves.end()) {
                if (leaf->second.def)
                    applyParam(*leaf->second.def, it.value(), p, s, phase);
                else
                    extra(leaf->second.extra, it.value(), p);
            } else if (slashFree && schema.objects.count(path)) {
                if (!it.value().is_object()) {
                    error(p, message(Msg::ExpectedSectionGot,
                                     {textArg(key), describeArg(it.value())}));
                    continue;
                }
                walk(it.value(), schema, path, p, s, phase, extra, kind, inPhase);
            } else {
                error(p, unknownFieldMessage(schema, prefix, key, path, kind, inPhase));
            }
        }
    }

private:
    Message unknownFieldMessage(const Schema& schema, const std::string& prefix,
                                const std::string& key, const std::string& path, PhaseKind kind,
                                bool inPhase)
    {
        const Message field = textArg(excerpt(key));
        if (inPhase) {
            std::string owners;
            for (PhaseKind other : kAllKinds) {
                const Schema& os = phaseSchema(other);
                if (other != kind && (os.leaves.count(path) || os.objects.count(path)))
                    owners += (owners.empty() ? "" : " and ") + std::string(toString(other));
            }
            if (!owners.empty())
                return message(Msg::UnknownFieldOtherPhases,
                               {field, textArg(owners), textArg(std::string(toString(kind)))});
        }
        // Suggest the closest sibling name (typos).
        std::set<std::string> siblings;
        const std::string head = prefix.empty() ? std::string() : prefix + "/";
        auto collect = [&](const std::string& full) {
            if (full.compare(0, head.size(), head) != 0)
                return;
            std::string rest = full.substr(head.size());
            siblings.insert(rest.substr(0, rest.find('/')));
        };
        for (const auto& [leafPath, leaf] : schema.leaves)
            collect(leafPath);
        std::string best;
        std::size_t bestDist = 3; // only near misses
        for (const std::string& sib : siblings) {
            std::size_t d = editDistance(key, sib);
            if (d < bestDist) {
                bestDist = d;
                best = sib;
            }
        }
        if (!best.empty())
            return message(Msg::UnknownFieldDidYouMean, {field, textArg(best)});
        return message(Msg::UnknownFieldNotInSchema,
                       {field, textArg(std::to_string(kScenarioSchemaVersion))});
    }

    std::vector<LoadError>& m_errors;
};

bool isIsoDate(std::string_view s)
{
    if (s.size() != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (s[i] < '0' || s[i] > '9')
            return false;
    const int y = std::stoi(std::string(s.substr(0, 4)));
    const int m = std::stoi(std::string(s.substr(5, 2)));
    const int d = std::stoi(std::string(s.substr(8, 2)));
    if (m < 1 || m > 12 || d < 1)
        return false;
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

/// Bring an older document up to the current schema. Only version 1 exists so far; this is
/// where a v1 → v2 rename would go (edit `doc` in place, one step per version).
void migrate(ojson& /*doc*/, int /*fromVersion*/) {}

// ---------------------------------------------------------------- writing

/// A number written so that it reads back identically: integral values as integers.
ojson numberJson(double v)
{
    if (v == std::floor(v) && std::fabs(v) <= 9007199254740992.0 && !(v == 0 && std::signbit(v)))
        return ojson(static_cast<std::int64_t>(v));
    return ojson(v);
}

void putAt(ojson& root, std::string_view path, ojson value)
{
    ojson* cur = &root;
    std::size_t start = 0;
    for (auto slash = path.find('/'); slash != std::string_view::npos;
         slash = path.find('/', start)) {
        cur = &(*cur)[std::string(path.substr(start, slash - start))];
        start = slash + 1;
    }
    (*cur)[std::string(path.substr(start))] = std::move(value);
}

ojson paramJson(const ParamDef& d, const Scenario& s, const Phase* phase)
{
    switch (d.type) {
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        return (phase && d.get_str) ? ojson(d.get_str(*phase)) : ojson("");
    case ParamType::Bool:
        return ojson(d.get && d.get(s, phase) != 0);
    case ParamType::Choice: {
        const double v = d.get ? d.get(s, phase) : 0;
        const auto idx = static_cast<long>(v);
        if (idx >= 0 && static_cast<std::size_t>(idx) < d.choices.size())
            return ojson(std::string(d.choices[static_cast<std::size_t>(idx)].id));
        return numberJson(v); // a bug upstream; the file then fails to load, visibly
    }
    case ParamType::Real:
    case ParamType::Integer:
        return numberJson(d.get ? d.get(s, phase) : 0);
    }
    return ojson();
}

} // namespace

// ================================================================ public API

namespace {

/// The file's schema_version, which decides how everything else is read; nullopt when the
/// file is newer than this build (its fields may mean something else: read nothing more).
/// A missing or malformed version is reported and read as the current one.
std::optional<int> readSchemaVersion(const ojson& doc, Loader& loader)
{
    int version = kScenarioSchemaVersion;
    if (!doc.contains("schema_version")) {
        loader.error("/schema_version", "missing required field schema_version (this build reads "
                                        "version " +
                                            std::to_string(kScenarioSchemaVersion) + ")");
    } else {
        const ojson& v = doc["schema_version"];
        const double x = v.is_number() ? v.get<double>() : 0;
        if (!v.is_number() || x != std::floor(x) || !std::isfinite(x)) {
            loader.error("/schema_version", "expected schema_version to be an integer (this build "
                                            "reads version " +
                                                std::to_string(kScenarioSchemaVersion) + "), got " +
                                                describe(v));
        } else if (x > kScenarioSchemaVersion) {
            loader.error("/schema_version", "schema_version " + formatNumber(x) +
                                                " is newer than this build reads (version " +
                                                std::to_string(kScenarioSchemaVersion) +
                                                "); update Costlab to open this file");
            return std::nullopt; // fields of a newer schema may mean something else: stop here
        } else if (x < 1) {
            loader.error("/schema_version", "expected schema_version in [1, " +
                                                std::to_string(kScenarioSchemaVersion) + "], got " +
                                                formatNumber(x));
        } else {
            version = static_cast<int>(x);
        }
    }
    return version;
}

/// The phases' kinds and objects, in file order.
struct PhaseList {
    std::vector<PhaseKind> kinds;      ///< Pretrain where the phase is unusable
    std::vector<const ojson*> objects; ///< null when the phase is unusable
};

/// Reads the phases array far enough to know each phase's kind: the kinds decide the
/// defaults, so they are read before the scenario is built.
PhaseList readPhaseKinds(const ojson& doc, Loader& loader)
{
    PhaseList list;
    std::vector<PhaseKind>& kinds = list.kinds;
    std::vector<const ojson*>& phaseObjects = list.objects;
    if (!doc.contains("phases")) {
        loader.error("/phases", "missing required field phases (an array of 1 to " +
                                    std::to_string(kMaxPhases) + " phase objects)");
    } else if (const ojson& ph = doc["phases"]; !ph.is_array()) {
        loader.error("/phases", "expected phases to be an array of 1 to " +
                                    std::to_string(kMaxPhases) + " phase objects, got " +
                                    describe(ph));
    } else if (ph.empty()) {
        loader.error("/phases", "phases is empty; a scenario needs at least one phase ("
                                "pretrain, rl_posttrain or evaluation)");
    } else if (ph.size() > kMaxPhases) {
        loader.error("/phases", "too many phases: " + std::to_string(ph.size()) + "; at most " +
                                    std::to_string(kMaxPhases) + " are supported");
    } else {
        std::string accepted;
        for (PhaseKind k : kAllKinds)
            accepted += (accepted.empty() ? "" : ", ") + std::string(toString(k));
        for (std::size_t i = 0; i < ph.size(); ++i) {
            const ojson& p = ph[i];
            const std::string ptr = childPointer("/phases", i);
            kinds.push_back(PhaseKind::Pretrain);
            phaseObjects.push_back(nullptr);
            if (!p.is_object()) {
                loader.error(ptr, "expected a phase object, got " + describe(p));
                continue;
            }
            auto k = p.find("kind");
            if (k == p.end()) {
                loader.error(ptr + "/kind",
                             "missing required field kind (one of: " + accepted + ")");
                continue;
            }
            if (!k->is_string()) {
                loader.error(ptr + "/kind", "expected kind to be a string, one of: " + accepted +
                                                "; got " + describe(*k));
                continue;
            }
            auto kind = phaseKindFromString(k->get_ref<const std::string&>());
            if (!kind) {
                loader.error(ptr + "/kind", "unknown phase kind " + describe(*k) +
                                                "; expected one of: " + accepted);
                continue;
            }
            kinds.back() = *kind;
            phaseObjects.back() = &p;
        }
    }

    return list;
}

/// Model presets replace the default shape before explicit model fields apply.
void applyModelPresets(const PhaseList& list, Loader& loader, Scenario& s)
{
    for (std::size_t i = 0; i < list.objects.size(); ++i) {
        if (!list.objects[i])
            continue;
        const ojson& p = *list.objects[i];
        auto m = p.find("model");
        if (m == p.end() || !m->is_object())
            continue; // a non-object model is reported by the walk
        auto pr = m->find("preset");
        if (pr == m->end())
            continue;
        const std::string ptr = childPointer("/phases", i) + "/model/preset";
        auto id = loader.string(*pr, ptr, Msg::WhatModelPreset, kMaxIdChars);
        if (!id)
            continue;
        if (id->empty()) {
            s.phases[i].model.preset.clear();
            continue;
        }
        if (const ModelPreset* preset = findPreset(*id)) {
            s.phases[i].model = preset->arch;
            s.phases[i].model.preset = *id;
        } else {
            std::string ids;
            for (const ModelPreset& mp : modelPresets())
                ids += (ids.empty() ? "" : ", ") + std::string(mp.id);
            loader.error(ptr, "unknown model preset " + describe(*pr) +
                                  "; expected \"\" (custom "
                                  "shape) or one of: " +
                                  ids);
        }
    }
}

/// The scenario-wide fields: registry parameters and the identity fields around them.
void readRootFields(const ojson& doc, Loader& loader, Scenario& s)
{
    auto rootExtra = [&](Extra which, const ojson& v, const std::string& ptr) {
        switch (which) {
        case Extra::SchemaVersion:
        case Extra::Phases:
            break; // handled above
        case Extra::Name:
            if (auto str = loader.string(v, ptr, Msg::WhatScenarioName, kMaxNameChars))
                s.name = *str;
            break;
        case Extra::Description:
            if (auto str = loader.string(v, ptr, Msg::WhatDescription, kMaxDescriptionChars))
                s.description = *str;
            break;
        case Extra::Project:
            if (auto str = loader.string(v, ptr, Msg::WhatProjectName, kMaxNameChars))
                s.project = *str;
            break;
        case Extra::Catalog:
            if (auto str = loader.string(v, ptr, Msg::WhatCatalogId, kMaxIdChars, false))
                s.catalog_id = *str;
            break;
        case Extra::Tags:
            if (!v.is_array()) {
                loader.error(ptr, "expected tags to be an array of strings, got " + describe(v));
            } else if (v.size() > kMaxTags) {
                loader.error(ptr, "too many tags: " + std::to_string(v.size()) + "; at most " +
                                      std::to_string(kMaxTags));
            } else {
                std::vector<std::string> tags;
                bool ok = true;
                for (std::size_t i = 0; i < v.size(); ++i) {
                    auto t = loader.string(v[i], childPointer(ptr, i), Msg::WhatTag, kMaxIdChars);
                    ok = ok && t.has_value();
                    if (t)
                        tags.push_back(*t);
                }
                if (ok)
                    s.tags = std::move(tags);
            }
            break;
        case Extra::StartDate:
            if (auto str = loader.string(v, ptr, Msg::WhatStartDate, kMaxIdChars)) {
                if (isIsoDate(*str))
                    s.budget.start_date = *str;
                else
                    loader.error(ptr, "expected a calendar date as YYYY-MM-DD, got " + describe(v));
            }
            break;
        default:
            break;
        }
    };
    loader.walk(doc, rootSchema(), "", "", s, nullptr, rootExtra, PhaseKind::Pretrain, false);
}

/// Each phase's fields: registry parameters of its kind, its name and experiment batch.
void readPhaseFields(const PhaseList& list, Loader& loader, Scenario& s)
{
    for (std::size_t i = 0; i < list.objects.size(); ++i) {
        if (!list.objects[i])
            continue;
        Phase& phase = s.phases[i];
        auto phaseExtra = [&](Extra which, const ojson& v, const std::string& ptr) {
            switch (which) {
            case Extra::PhaseName:
                if (auto str = loader.string(v, ptr, Msg::WhatPhaseName, kMaxNameChars))
                    phase.name = *str;
                break;
            case Extra::ExperimentBatch:
                if (auto str = loader.string(v, ptr, Msg::WhatBatchTag, kMaxNameChars))
                    phase.experiment_batch = *str;
                break;
            default:
                break; // kind and preset were applied above
            }
        };
        loader.walk(*list.objects[i], phaseSchema(list.kinds[i]), "", childPointer("/phases", i), s,
                    &phase, phaseExtra, list.kinds[i], true);
    }
}

} // namespace

LoadResult scenarioFromJson(std::string_view text)
{
    LoadResult result;
    std::vector<LoadError>& errors = result.errors;
    ojson doc;
    std::vector<JsonProblem> problems;
    const bool parsed = parseJsonDocument(
        text, doc, problems, {"scenario", "a JSON object with schema_version, name and phases", 4});
    for (JsonProblem& p : problems)
        errors.push_back({std::move(p.pointer), std::move(p.message)});
    if (!parsed)
        return result;
    if (!doc.is_object()) {
        errors.push_back({"", "expected a JSON object at the top level (a scenario with "
                              "schema_version, name and phases), got " +
                                  describe(doc)});
        return result;
    }
    Loader loader(errors);
    const std::optional<int> version = readSchemaVersion(doc, loader);
    if (!version)
        return result;
    if (*version < kScenarioSchemaVersion)
        migrate(doc, *version);
    if (!doc.contains("name"))
        loader.error("/name", "missing required field name (the scenario's name, a string)");

    const PhaseList phases = readPhaseKinds(doc, loader);
    Scenario s = defaultScenario(phases.kinds);
    s.phases.resize(phases.kinds.size()); // defaultScenario gives one phase per listed kind
    applyModelPresets(phases, loader, s);
    readRootFields(doc, loader, s);
    readPhaseFields(phases, loader, s);
    // Counts and preset names follow the shape the file gives (an older file may carry a
    // stale params_total next to "from_shape": true, or a preset its fields no longer match).
    for (Phase& p : s.phases)
        syncDerived(p.model);
    // A file that names a checkpoint interval without saying whether the interval is automatic
    // (written before the automatic interval existed, or by hand) keeps its interval: a new
    // default must not silently override what the file asks for.
    if (const auto rel = doc.find("reliability"); rel != doc.end() && rel->is_object() &&
                                                  rel->contains("checkpoint_interval_h") &&
                                                  !rel->contains("checkpoint_auto"))
        s.reliability.checkpoint_auto = false;

    if (errors.empty())
        result.scenario = std::move(s);
    return result;
}

LoadResult loadScenarioFile(const std::string& path)
{
    LoadResult result;
    std::string error;
    bool tooLarge = false;
    auto text = readFile(path, error, kMaxFileBytes, &tooLarge);
    if (!text) {
        result.errors.push_back({"", error});
        result.unreadable = !tooLarge; // too large is the content's fault, not the disk's
        return result;
    }
    return scenarioFromJson(*text);
}

std::string scenarioToJson(const Scenario& s)
{
    ojson root = ojson::object();
    const Schema& rs = rootSchema();
    for (const std::string& path : rs.order) {
        const Leaf& leaf = rs.leaves.find(path)->second;
        if (leaf.def) {
            putAt(root, path, paramJson(*leaf.def, s, nullptr));
            continue;
        }
        switch (leaf.extra) {
        case Extra::SchemaVersion:
            putAt(root, path, kScenarioSchemaVersion);
            break;
        case Extra::Name:
            putAt(root, path, s.name);
            break;
        case Extra::Description:
            putAt(root, path, s.description);
            break;
        case Extra::Project:
            putAt(root, path, s.project);
            break;
        case Extra::Tags:
            putAt(root, path, s.tags);
            break;
        case Extra::Catalog:
            putAt(root, path, s.catalog_id);
            break;
        case Extra::StartDate:
            putAt(root, path, s.budget.start_date);
            break;
        case Extra::Phases: {
            ojson phases = ojson::array();
            for (const Phase& phase : s.phases) {
                ojson p = ojson::object();
                const Schema& ps = phaseSchema(phase.kind);
                for (const std::string& pp : ps.order) {
                    const Leaf& pl = ps.leaves.find(pp)->second;
                    if (pl.def) {
                        // Counts the shape derives are not stored: a file can't disagree
                        // with its own shape (and a huge derived count can't fail the
                        // reader's range check on reload).
                        if (!derivedFromShape(*pl.def, &phase))
                            putAt(p, pp, paramJson(*pl.def, s, &phase));
                        continue;
                    }
                    switch (pl.extra) {
                    case Extra::PhaseKind:
                        putAt(p, pp, std::string(toString(phase.kind)));
                        break;
                    case Extra::PhaseName:
                        putAt(p, pp, phase.name);
                        break;
                    case Extra::ExperimentBatch:
                        putAt(p, pp, phase.experiment_batch);
                        break;
                    case Extra::ModelPreset:
                        putAt(p, pp, phase.model.preset);
                        break;
                    default:
                        break;
                    }
                }
                phases.push_back(std::move(p));
            }
            root["phases"] = std::move(phases);
            break;
        }
        default:
            break;
        }
    }
    // Invalid UTF-8 in a user string must not throw here: replace it (U+FFFD) instead.
    return root.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

std::string saveScenarioFile(const Scenario& s, const std::string& path)
{
    const std::string text = scenarioToJson(s);
    // What the writer writes, its reader accepts (issue 44: an import wrote a plan with a
    // name past kMaxNameChars that every other command then refused): check before writing.
    if (const LoadResult back = scenarioFromJson(text); !back.errors.empty()) {
        const LoadError& e = back.errors.front();
        return "the plan would not read back, so nothing was written: " +
               (e.pointer.empty() ? std::string() : e.pointer + ": ") + e.message;
    }
    return writeFileAtomic(path, text);
}

} // namespace costlab
