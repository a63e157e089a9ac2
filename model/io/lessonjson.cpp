// Lesson reader and writer (lessonjson.h). Like the scenario reader it collects every
// problem before refusing, and never throws to the caller.
#include "lessonjson.h"

#include "files.h"
#include "jsondoc.h"
#include "lineitemscsv.h"
#include "registry.h"
#include "scenario_json.h"

#include <nlohmann/json.hpp>

namespace costlab {

namespace {

using jsondoc::childPointer;
using jsondoc::describe;
using ojson = jsondoc::ojson;

constexpr int kLessonSchemaVersion = 1;
constexpr std::string_view kLessonKind = "costlab-lesson";
constexpr std::size_t kMaxLessonText = 4000; ///< characters of one text
constexpr std::size_t kMaxIdChars = 120;

struct Reader {
    std::vector<LessonProblem>& out;
    void error(const std::string& pointer, const std::string& message)
    {
        if (out.size() < jsondoc::kMaxJsonErrors)
            out.push_back({pointer, message});
    }
};

/// A member of `o` or null (missing); reports a missing required member.
const ojson* member(Reader& r, const ojson& o, const std::string& at, const char* key,
                    bool required, const char* what)
{
    auto it = o.find(key);
    if (it == o.end()) {
        if (required)
            r.error(childPointer(at, key),
                    std::string("missing required field ") + key + " (" + what + ")");
        return nullptr;
    }
    return &*it;
}

std::string readString(Reader& r, const ojson& v, const std::string& at, std::size_t maxChars)
{
    if (!v.is_string()) {
        r.error(at, "expected a string, got " + describe(v));
        return {};
    }
    std::string s = v.get<std::string>();
    if (jsondoc::utf8Length(s) > maxChars) {
        r.error(at, "text too long: " + std::to_string(jsondoc::utf8Length(s)) +
                        " characters, at most " + std::to_string(maxChars));
        return {};
    }
    return s;
}

LessonText readText(Reader& r, const ojson& o, const std::string& at, const char* key,
                    bool required)
{
    LessonText t;
    const ojson* v = member(r, o, at, key, required,
                            "an object with the English text \"en\" and the Chinese \"zh\"");
    if (!v)
        return t;
    const std::string p = childPointer(at, key);
    if (!v->is_object()) {
        r.error(p, "expected an object {\"en\": …, \"zh\": …}, got " + describe(*v));
        return t;
    }
    for (const auto& [k, val] : v->items())
        if (k != "en" && k != "zh")
            r.error(childPointer(p, k), "unknown language \"" + jsondoc::excerpt(k) +
                                            "\" (lessons hold \"en\" and \"zh\")");
    if (const ojson* en = member(r, *v, p, "en", true, "the English text")) {
        t.en = readString(r, *en, childPointer(p, "en"), kMaxLessonText);
        if (en->is_string() && en->get_ref<const std::string&>().empty())
            r.error(childPointer(p, "en"), "the English text must not be empty");
    }
    if (const ojson* zh = member(r, *v, p, "zh", false, ""))
        t.zh = readString(r, *zh, childPointer(p, "zh"), kMaxLessonText);
    return t;
}

double readNumber(Reader& r, const ojson& v, const std::string& at, double lo, double hi)
{
    if (!v.is_number()) {
        r.error(at, "expected a number, got " + describe(v));
        return lo;
    }
    const double d = v.get<double>();
    if (!(d >= lo && d <= hi)) {
        r.error(at, "expected a number in [" + jsondoc::formatNumber(lo) + ", " +
                        jsondoc::formatNumber(hi) + "], got " + jsondoc::formatNumber(d));
        return lo;
    }
    return d;
}

/// A parameter id any plan of some phase kind can hold ("pretrain.gpus", "rl#2.env_count").
bool knownParameter(const std::string& id)
{
    std::string key = id;
    if (const std::size_t hash = key.find('#'); hash != std::string::npos) {
        const std::size_t dot = key.find('.', hash);
        if (dot == std::string::npos)
            return false;
        key.erase(hash, dot - hash);
    }
    for (const ParamAddress& a : addressableParameters())
        if (a.id == key)
            return true;
    return false;
}

std::string readParamId(Reader& r, const ojson& v, const std::string& at)
{
    std::string id = readString(r, v, at, kMaxIdChars);
    if (!id.empty() && !knownParameter(id))
        r.error(at, "unknown parameter \"" + jsondoc::excerpt(id) +
                        "\" (costlab-cli params lists them)");
    return id;
}

/// {"id": value, …} in file order; values are strings, numbers or booleans.
std::vector<ParamChange> readChanges(Reader& r, const ojson& o, const std::string& at,
                                     const char* key)
{
    std::vector<ParamChange> out;
    const ojson* v = member(r, o, at, key, false, "");
    if (!v)
        return out;
    const std::string p = childPointer(at, key);
    if (!v->is_object()) {
        r.error(p, "expected an object of parameter changes {\"pretrain.gpus\": 4096}, got " +
                       describe(*v));
        return out;
    }
    if (v->size() > kMaxLessonChanges)
        r.error(p, "too many changes: at most " + std::to_string(kMaxLessonChanges));
    for (const auto& [id, val] : v->items()) {
        const std::string vp = childPointer(p, id);
        if (!knownParameter(id))
            r.error(vp, "unknown parameter \"" + jsondoc::excerpt(id) +
                            "\" (costlab-cli params lists them)");
        if (val.is_string())
            out.push_back({id, val.get<std::string>()});
        else if (val.is_boolean())
            out.push_back({id, val.get<bool>() ? "true" : "false"});
        else if (val.is_number())
            out.push_back({id, numberText(val.get<double>())});
        else
            r.error(vp, "expected a string, number or boolean, got " + describe(val));
    }
    return out;
}

LessonOption readOption(Reader& r, const ojson& v, const std::string& at, QuestionKind kind)
{
    LessonOption o;
    if (!v.is_object()) {
        r.error(at, "expected an option object, got " + describe(v));
        return o;
    }
    if (kind == QuestionKind::Ratio) {
        if (const ojson* f = member(r, v, at, "factor", true, "the factor this option predicts"))
            o.factor = readNumber(r, *f, childPointer(at, "factor"), 1e-6, 1e6);
        o.label = readText(r, v, at, "label", false);
    } else {
        o.label = readText(r, v, at, "label", true);
        o.changes = readChanges(r, v, at, "changes");
        if (const ojson* sc = member(r, v, at, "scenario", false, ""))
            o.scenario = readString(r, *sc, childPointer(at, "scenario"), kMaxIdChars);
    }
    return o;
}

void readOptions(Reader& r, const ojson& q, const std::string& at, LessonQuestion& out)
{
    const ojson* v = member(r, q, at, "options", true, "2 to 4 answer options");
    if (!v)
        return;
    const std::string p = childPointer(at, "options");
    if (!v->is_array() || v->size() < 2 || v->size() > kMaxLessonOptions) {
        r.error(p, "expected an array of 2 to 4 options, got " + describe(*v));
        return;
    }
    for (std::size_t i = 0; i < v->size(); ++i)
        out.options.push_back(readOption(r, (*v)[i], childPointer(p, i), out.kind));
    if (const ojson* e = member(r, q, at, "expect", false, ""))
        out.expect =
            int(readNumber(r, *e, childPointer(at, "expect"), 1, double(out.options.size()))) - 1;
}

void readNumberBounds(Reader& r, const ojson& q, const std::string& at, LessonQuestion& out)
{
    const ojson* lo = member(r, q, at, "min", true, "the smallest prediction, measure units");
    const ojson* hi = member(r, q, at, "max", true, "the largest prediction, measure units");
    if (lo)
        out.min = readNumber(r, *lo, childPointer(at, "min"), 0, 1e18);
    if (hi)
        out.max = readNumber(r, *hi, childPointer(at, "max"), 0, 1e18);
    if (lo && hi && !(out.max > out.min))
        r.error(childPointer(at, "max"), "max must be above min");
    if (const ojson* t = member(r, q, at, "tolerance", false, ""))
        out.tolerance = readNumber(r, *t, childPointer(at, "tolerance"), 0, 10);
    if (const ojson* e = member(r, q, at, "expect", false, "")) {
        const std::string ep = childPointer(at, "expect");
        if (!e->is_array() || e->size() != 2 || !(*e)[0].is_number() || !(*e)[1].is_number())
            r.error(ep, "expected [low, high], the range the wording assumes, got " + describe(*e));
        else {
            out.expect_min = (*e)[0].get<double>();
            out.expect_max = (*e)[1].get<double>();
        }
    }
}

LessonQuestion readQuestion(Reader& r, const ojson& step, const std::string& at)
{
    LessonQuestion q;
    const ojson* v = member(r, step, at, "question", true, "what the room predicts");
    if (!v)
        return q;
    const std::string p = childPointer(at, "question");
    if (!v->is_object()) {
        r.error(p, "expected a question object, got " + describe(*v));
        return q;
    }
    if (const ojson* k = member(r, *v, p, "kind", true, "\"ratio\", \"which\" or \"number\"")) {
        const std::string id = readString(r, *k, childPointer(p, "kind"), kMaxIdChars);
        if (auto kind = questionKindFromId(id))
            q.kind = *kind;
        else if (!id.empty())
            r.error(childPointer(p, "kind"), "unknown question kind \"" + jsondoc::excerpt(id) +
                                                 "\" (expected ratio, which or number)");
    }
    q.text = readText(r, *v, p, "text", true);
    if (const ojson* m = member(r, *v, p, "measure", true, "what is measured, e.g. gpu_hours")) {
        q.measure = readString(r, *m, childPointer(p, "measure"), kMaxIdChars);
        if (!q.measure.empty() && !measureUnit(q.measure))
            r.error(childPointer(p, "measure"),
                    "unknown measure \"" + jsondoc::excerpt(q.measure) +
                        "\" (docs/workshop.md lists them: total_cost, gpu_hours, days, …, "
                        "category.<id>, risk.<id>, risk_cost.<id>)");
    }
    q.then = readChanges(r, *v, p, "then");
    if (const ojson* h = member(r, *v, p, "highest", false, "")) {
        if (!h->is_boolean())
            r.error(childPointer(p, "highest"), "expected true or false, got " + describe(*h));
        else
            q.highest = h->get<bool>();
    }
    if (q.kind == QuestionKind::Number)
        readNumberBounds(r, *v, p, q);
    else
        readOptions(r, *v, p, q);
    if (q.kind == QuestionKind::Ratio && q.then.empty())
        r.error(childPointer(p, "then"), "a ratio question needs the changes it asks about");
    return q;
}

void readControls(Reader& r, const ojson& step, const std::string& at, LessonStep& out)
{
    const ojson* v = member(r, step, at, "controls", false, "");
    if (!v)
        return;
    const std::string p = childPointer(at, "controls");
    if (!v->is_array() || v->size() > kMaxLessonControls) {
        r.error(p, "expected an array of at most " + std::to_string(kMaxLessonControls) +
                       " parameter ids, got " + describe(*v));
        return;
    }
    for (std::size_t i = 0; i < v->size(); ++i)
        out.controls.push_back(readParamId(r, (*v)[i], childPointer(p, i)));
}

/// A whole scenario inside the step, read by the scenario reader (its problems keep their
/// pointers below the step's "plan").
std::optional<Scenario> readPlan(Reader& r, const ojson& v, const std::string& at)
{
    if (!v.is_object()) {
        r.error(at, "expected a plan object (a scenario), got " + describe(v));
        return std::nullopt;
    }
    LoadResult plan = scenarioFromJson(v.dump(-1, ' ', false, ojson::error_handler_t::replace));
    for (const LoadError& e : plan.errors)
        r.error(at + e.pointer, e.message);
    return plan.scenario;
}

LessonStep readStep(Reader& r, const ojson& v, const std::string& at)
{
    LessonStep s;
    if (!v.is_object()) {
        r.error(at, "expected a step object, got " + describe(v));
        return s;
    }
    s.title = readText(r, v, at, "title", true);
    if (const ojson* sc = member(r, v, at, "scenario", false, ""))
        s.scenario = readString(r, *sc, childPointer(at, "scenario"), kMaxIdChars);
    if (const ojson* plan = member(r, v, at, "plan", false, ""))
        s.plan = readPlan(r, *plan, childPointer(at, "plan"));
    s.changes = readChanges(r, v, at, "changes");
    readControls(r, v, at, s);
    s.question = readQuestion(r, v, at);
    s.reveal = readText(r, v, at, "reveal", true);
    s.formula = readText(r, v, at, "formula", false);
    if (const ojson* c = member(r, v, at, "chart", false, "")) {
        const std::string id = readString(r, *c, childPointer(at, "chart"), kMaxIdChars);
        if (auto chart = lessonChartFromId(id))
            s.chart = *chart;
        else if (!id.empty())
            r.error(childPointer(at, "chart"),
                    "unknown chart \"" + jsondoc::excerpt(id) +
                        "\" (expected breakdown, memory, rl, spend or uncertainty)");
    }
    if (const ojson* m = member(r, v, at, "minutes", false, ""))
        s.minutes = readNumber(r, *m, childPointer(at, "minutes"), 0.5, 60);
    return s;
}

void readHeader(Reader& r, const ojson& doc, Lesson& l)
{
    if (const ojson* v = member(r, doc, "", "schema_version", true, "1")) {
        if (!v->is_number_integer() || v->get<long long>() != kLessonSchemaVersion)
            r.error("/schema_version",
                    "this Costlab reads lesson schema_version 1, got " + describe(*v));
    }
    if (const ojson* v = member(r, doc, "", "kind", true, "\"costlab-lesson\"")) {
        if (!v->is_string() || v->get<std::string>() != kLessonKind)
            r.error("/kind", "expected \"costlab-lesson\", got " + describe(*v) +
                                 " (is this a scenario? open it with File → Open)");
    }
    if (const ojson* v = member(r, doc, "", "id", true, "a short stable id"))
        l.id = readString(r, *v, "/id", kMaxIdChars);
    l.title = readText(r, doc, "", "title", true);
    l.audience = readText(r, doc, "", "audience", false);
    l.summary = readText(r, doc, "", "summary", false);
    if (const ojson* v = member(r, doc, "", "minutes", true, "the planned duration"))
        l.minutes = readNumber(r, *v, "/minutes", 1, 600);
}

ojson textJson(const LessonText& t)
{
    ojson o = ojson::object();
    o["en"] = t.en;
    if (!t.zh.empty())
        o["zh"] = t.zh;
    return o;
}

ojson changesJson(const std::vector<ParamChange>& changes)
{
    ojson o = ojson::object();
    for (const ParamChange& c : changes)
        o[c.id] = c.text;
    return o;
}

ojson questionJson(const LessonQuestion& q)
{
    ojson o = ojson::object();
    o["kind"] = questionKindId(q.kind);
    o["text"] = textJson(q.text);
    o["measure"] = q.measure;
    if (!q.then.empty())
        o["then"] = changesJson(q.then);
    if (q.kind == QuestionKind::Number) {
        o["min"] = q.min;
        o["max"] = q.max;
        o["tolerance"] = q.tolerance;
        if (q.expect_max > q.expect_min)
            o["expect"] = {q.expect_min, q.expect_max};
        return o;
    }
    if (q.highest)
        o["highest"] = true;
    ojson opts = ojson::array();
    for (const LessonOption& op : q.options) {
        ojson j = ojson::object();
        if (!op.label.empty())
            j["label"] = textJson(op.label);
        if (q.kind == QuestionKind::Ratio)
            j["factor"] = op.factor;
        else
            j["changes"] = changesJson(op.changes);
        if (!op.scenario.empty())
            j["scenario"] = op.scenario;
        opts.push_back(std::move(j));
    }
    o["options"] = std::move(opts);
    if (q.expect >= 0)
        o["expect"] = q.expect + 1;
    return o;
}

ojson stepJson(const LessonStep& s)
{
    ojson o = ojson::object();
    o["title"] = textJson(s.title);
    if (!s.scenario.empty())
        o["scenario"] = s.scenario;
    if (s.plan)
        o["plan"] = ojson::parse(scenarioToJson(*s.plan));
    if (!s.changes.empty())
        o["changes"] = changesJson(s.changes);
    o["controls"] = s.controls;
    o["chart"] = lessonChartId(s.chart);
    o["minutes"] = s.minutes;
    o["question"] = questionJson(s.question);
    o["reveal"] = textJson(s.reveal);
    if (!s.formula.empty())
        o["formula"] = textJson(s.formula);
    return o;
}

} // namespace

LessonLoad lessonFromJson(std::string_view text)
{
    LessonLoad result;
    ojson doc;
    std::vector<jsondoc::JsonProblem> problems;
    const bool parsed = jsondoc::parseJsonDocument(
        text, doc, problems,
        {"lesson", "a JSON object with schema_version, kind, id and steps", 6});
    for (jsondoc::JsonProblem& p : problems)
        result.problems.push_back({std::move(p.pointer), std::move(p.message)});
    if (!parsed)
        return result;
    if (!doc.is_object()) {
        result.problems.push_back({"", "expected a JSON object (a lesson), got " + describe(doc)});
        return result;
    }
    Reader r{result.problems};
    Lesson l;
    readHeader(r, doc, l);
    if (const ojson* steps = member(r, doc, "", "steps", true, "the lesson's steps")) {
        if (!steps->is_array() || steps->empty() || steps->size() > kMaxLessonSteps)
            r.error("/steps", "expected an array of 1 to " + std::to_string(kMaxLessonSteps) +
                                  " steps, got " + describe(*steps));
        else
            for (std::size_t i = 0; i < steps->size(); ++i)
                l.steps.push_back(readStep(r, (*steps)[i], childPointer("/steps", i)));
    }
    if (!l.steps.empty() && l.steps.front().scenario.empty() && !l.steps.front().plan)
        r.error("/steps/0/scenario", "the first step must name the example it starts from");
    if (result.problems.empty())
        result.lesson = std::move(l);
    return result;
}

LessonLoad loadLessonFile(const std::string& path)
{
    std::string error;
    const std::optional<std::string> text = readFile(path, error);
    if (!text) {
        LessonLoad r;
        r.unreadable = true;
        r.problems.push_back({"", error});
        return r;
    }
    return lessonFromJson(*text);
}

std::string lessonToJson(const Lesson& l)
{
    ojson o = ojson::object();
    o["schema_version"] = kLessonSchemaVersion;
    o["kind"] = kLessonKind;
    o["id"] = l.id;
    o["title"] = textJson(l.title);
    if (!l.audience.empty())
        o["audience"] = textJson(l.audience);
    if (!l.summary.empty())
        o["summary"] = textJson(l.summary);
    o["minutes"] = l.minutes;
    ojson steps = ojson::array();
    for (const LessonStep& s : l.steps)
        steps.push_back(stepJson(s));
    o["steps"] = std::move(steps);
    return o.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

std::string ledgerCsv(const std::vector<LedgerEntry>& entries)
{
    // A UTF-8 byte order mark first: Excel reads a CSV without one in the system code page
    // and garbles Chinese step titles (issue 49).
    std::string out = "\xEF\xBB\xBFlesson,step,title,measure,prediction,actual,right\n";
    for (const LedgerEntry& e : entries) {
        out += csvTextField(e.lesson) + ',' + std::to_string(e.step_number) + ',' +
               csvTextField(e.step) + ',' + csvField(e.measure) + ',' + csvTextField(e.prediction) +
               ',' + csvTextField(e.shown_actual) + ',' +
               (!e.predicted ? "no prediction"
                : e.right    ? "yes"
                             : "no") +
               '\n';
    }
    return out;
}

} // namespace costlab
