#include "lesson.h"

#include "categories.h"
#include "figures.h"
#include "registry.h"
#include "risks.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace costlab {

namespace {

const CategoryInfo* categoryOf(std::string_view id)
{
    constexpr std::string_view prefix = "category.";
    if (!id.starts_with(prefix))
        return nullptr;
    id.remove_prefix(prefix.size());
    for (const CategoryInfo& c : categoryTable())
        if (c.id == id)
            return &c;
    return nullptr;
}

/// The risk row named after `prefix` in `id` ("risk.oom" → Out of memory).
const RiskInfo* riskOf(std::string_view id, std::string_view prefix)
{
    if (!id.starts_with(prefix))
        return nullptr;
    id.remove_prefix(prefix.size());
    for (const RiskInfo& r : riskTable())
        if (r.id == id)
            return &r;
    return nullptr;
}

/// Evaluates `s`; the measure, or an error when the plan is not priced.
std::optional<double> measureOf(const Scenario& s, const Catalog& c, std::string_view id,
                                std::string& error)
{
    const Estimate e = evaluate(s, c);
    if (!e.ok) {
        error = e.warnings.empty() ? std::string("the plan is not priced")
                                   : std::string(e.warnings.front());
        return std::nullopt;
    }
    const std::optional<double> v = measureValue(id, e);
    if (!v || !std::isfinite(*v))
        error = "the measure \"" + std::string(id) + "\" has no value for this plan";
    return v && std::isfinite(*v) ? v : std::nullopt;
}

/// The plan option `o` stands for: its own example or the step's plan, with its changes.
std::optional<Scenario> optionPlan(const LessonOption& o, const Scenario& start,
                                   const ExampleLookup& examples, std::string& error)
{
    std::optional<Scenario> s = start;
    if (!o.scenario.empty()) {
        s = examples ? examples(o.scenario) : std::nullopt;
        if (!s) {
            error = "no shipped example is called \"" + o.scenario + "\"";
            return std::nullopt;
        }
    }
    if (std::string m = applyChanges(*s, o.changes).error; !m.empty()) {
        error = m;
        return std::nullopt;
    }
    return s;
}

QuestionAnswer answerWhich(const LessonQuestion& q, const Scenario& start, const Catalog& c,
                           const ExampleLookup& examples)
{
    QuestionAnswer a;
    std::string err;
    const std::optional<double> before = measureOf(start, c, q.measure, err);
    if (!before) {
        a.error = err;
        return a;
    }
    a.before = *before;
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        const std::optional<Scenario> s = optionPlan(q.options[i], start, examples, err);
        const std::optional<double> v = s ? measureOf(*s, c, q.measure, err) : std::nullopt;
        if (!v) {
            a.error = "option " + std::to_string(i + 1) + ": " + err;
            return a;
        }
        a.option_values.push_back(*v);
        const bool better = a.correct < 0 || (q.highest ? *v > a.actual : *v < a.actual);
        if (better) {
            a.correct = int(i);
            a.actual = *v;
        }
    }
    a.ok = a.correct >= 0;
    return a;
}

} // namespace

std::optional<double> measureValue(std::string_view id, const Estimate& e)
{
    if (const PlanFigure* f = findPlanFigure(id))
        return f->get(e);
    if (const CategoryInfo* c = categoryOf(id))
        return e.cost[std::size_t(c->category)];
    if (const RiskInfo* r = riskOf(id, "risk."))
        return (e.*(r->plan)).probability;
    if (const RiskInfo* r = riskOf(id, "risk_cost."))
        return (e.*(r->plan)).expected_cost;
    return std::nullopt;
}

std::optional<FigureUnit> measureUnit(std::string_view id)
{
    if (const PlanFigure* f = findPlanFigure(id))
        return f->unit;
    if (categoryOf(id) || riskOf(id, "risk_cost."))
        return FigureUnit::Money;
    if (riskOf(id, "risk."))
        return FigureUnit::Share;
    return std::nullopt;
}

std::string_view measureLabel(std::string_view id)
{
    if (const PlanFigure* f = findPlanFigure(id))
        return f->label;
    if (const CategoryInfo* c = categoryOf(id))
        return c->label;
    if (const RiskInfo* r = riskOf(id, "risk."))
        return r->label;
    if (const RiskInfo* r = riskOf(id, "risk_cost."))
        return r->label;
    return {};
}

std::string_view questionKindId(QuestionKind k)
{
    switch (k) {
    case QuestionKind::Ratio:
        return "ratio";
    case QuestionKind::Which:
        return "which";
    case QuestionKind::Number:
        return "number";
    }
    return "ratio";
}

std::optional<QuestionKind> questionKindFromId(std::string_view id)
{
    for (QuestionKind k : {QuestionKind::Ratio, QuestionKind::Which, QuestionKind::Number})
        if (questionKindId(k) == id)
            return k;
    return std::nullopt;
}

namespace {
constexpr std::array<std::pair<LessonChart, std::string_view>, 6> kCharts{{
    {LessonChart::Breakdown, "breakdown"},
    {LessonChart::Memory, "memory"},
    {LessonChart::Rl, "rl"},
    {LessonChart::Spend, "spend"},
    {LessonChart::Uncertainty, "uncertainty"},
    {LessonChart::Target, "target"},
}};
} // namespace

std::string_view lessonChartId(LessonChart c)
{
    for (const auto& [chart, id] : kCharts)
        if (chart == c)
            return id;
    return "breakdown";
}

std::optional<LessonChart> lessonChartFromId(std::string_view id)
{
    for (const auto& [chart, name] : kCharts)
        if (name == id)
            return chart;
    return std::nullopt;
}

std::optional<Scenario> lessonStepStart(const Lesson& lesson, std::size_t index,
                                        const ExampleLookup& examples, std::string* error)
{
    auto fail = [&](std::size_t step, const std::string& m) -> std::optional<Scenario> {
        if (error)
            *error = "step " + std::to_string(step + 1) + ": " + m;
        return std::nullopt;
    };
    if (index >= lesson.steps.size())
        return fail(index, "the lesson has no such step");
    // Walk back to the step that names its example, then forward applying each step's
    // changes and (for every step before `index`) its reveal changes.
    std::size_t first = index;
    while (first > 0 && lesson.steps[first].scenario.empty() && !lesson.steps[first].plan)
        --first;
    const LessonStep& origin = lesson.steps[first];
    if (origin.scenario.empty() && !origin.plan)
        return fail(first, "the first step must name the example it starts from");
    std::optional<Scenario> s =
        origin.plan ? origin.plan : (examples ? examples(origin.scenario) : std::nullopt);
    if (!s)
        return fail(first, "no shipped example is called \"" + origin.scenario + "\"");
    for (std::size_t i = first; i <= index; ++i) {
        const LessonStep& step = lesson.steps[i];
        if (std::string m = applyChanges(*s, step.changes).error; !m.empty())
            return fail(i, m);
        if (i < index)
            if (std::string m = applyChanges(*s, step.question.then).error; !m.empty())
                return fail(i, m);
    }
    return s;
}

QuestionAnswer answerQuestion(const LessonQuestion& q, const Scenario& start, const Catalog& c,
                              const ExampleLookup& examples)
{
    if (q.kind == QuestionKind::Which)
        return answerWhich(q, start, c, examples);
    QuestionAnswer a;
    std::string err;
    const std::optional<double> before = measureOf(start, c, q.measure, err);
    if (!before) {
        a.error = err;
        return a;
    }
    a.before = *before;
    Scenario after = start;
    if (std::string m = applyChanges(after, q.then).error; !m.empty()) {
        a.error = m;
        return a;
    }
    const std::optional<double> v = measureOf(after, c, q.measure, err);
    if (!v) {
        a.error = err;
        return a;
    }
    if (q.kind == QuestionKind::Number) {
        a.actual = *v;
        a.ok = true;
        return a;
    }
    if (!(a.before > 0) || !(*v > 0)) {
        a.error = "a factor needs a positive measure before and after";
        return a;
    }
    a.actual = *v / a.before;
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < q.options.size(); ++i) {
        const double f = q.options[i].factor;
        a.option_values.push_back(f);
        const double d = f > 0 ? std::abs(std::log(f / a.actual)) : best;
        if (d < best) {
            best = d;
            a.correct = int(i);
        }
    }
    a.ok = a.correct >= 0;
    return a;
}

bool predictionRight(const LessonQuestion& q, const QuestionAnswer& a, double prediction)
{
    if (!a.ok)
        return false;
    if (q.kind == QuestionKind::Number)
        return std::abs(prediction - a.actual) <= q.tolerance * std::abs(a.actual);
    return int(prediction) == a.correct;
}

namespace {

void checkControls(const LessonStep& step, const Scenario& s, const std::string& at,
                   std::vector<LessonProblem>& out)
{
    for (std::size_t i = 0; i < step.controls.size(); ++i)
        if (!findParam(s, step.controls[i]))
            out.push_back({at + "/controls/" + std::to_string(i),
                           "\"" + step.controls[i] + "\" is not a parameter of the step's plan"});
}

void checkAnswer(const LessonQuestion& q, const QuestionAnswer& a, const std::string& at,
                 std::vector<LessonProblem>& out)
{
    if (q.kind == QuestionKind::Number) {
        const bool ranged = q.expect_max > q.expect_min;
        if (ranged && (a.actual < q.expect_min || a.actual > q.expect_max))
            out.push_back({at + "/expect", "the engine's value " + numberText(a.actual) +
                                               " lies outside the range the wording assumes [" +
                                               numberText(q.expect_min) + ", " +
                                               numberText(q.expect_max) + "]"});
        if (a.actual < q.min || a.actual > q.max)
            out.push_back({at + "/max", "the engine's value " + numberText(a.actual) +
                                            " cannot be entered within the bounds [" +
                                            numberText(q.min) + ", " + numberText(q.max) + "]"});
        return;
    }
    if (q.expect >= 0 && a.correct != q.expect)
        out.push_back({at + "/expect",
                       "the wording expects option " + std::to_string(q.expect + 1) +
                           " but the engine's answer is option " + std::to_string(a.correct + 1) +
                           " (" + numberText(a.actual) + ")"});
    // Two options the engine cannot tell apart make the question a coin toss.
    if (q.kind == QuestionKind::Which)
        for (std::size_t i = 0; i < a.option_values.size(); ++i)
            if (int(i) != a.correct &&
                std::abs(a.option_values[i] - a.actual) <= 1e-3 * std::abs(a.actual))
                out.push_back({at + "/options/" + std::to_string(i),
                               "the option's value equals the right option's within 0.1 %"});
}

} // namespace

std::vector<LessonProblem> checkLesson(const Lesson& lesson, const ExampleLookup& examples,
                                       const Catalog& catalog)
{
    std::vector<LessonProblem> out;
    if (lesson.steps.empty())
        out.push_back({"/steps", "a lesson needs at least one step"});
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const std::string at = "/steps/" + std::to_string(i);
        std::string err;
        const std::optional<Scenario> start = lessonStepStart(lesson, i, examples, &err);
        if (!start) {
            out.push_back({at, err});
            continue;
        }
        const LessonStep& step = lesson.steps[i];
        checkControls(step, *start, at, out);
        const QuestionAnswer a = answerQuestion(step.question, *start, catalog, examples);
        if (!a.ok) {
            out.push_back({at + "/question", a.error});
            continue;
        }
        checkAnswer(step.question, a, at + "/question", out);
    }
    return out;
}

std::string
fillPlaceholders(std::string_view text,
                 const std::function<std::optional<std::string>(std::string_view)>& fill)
{
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t open = text.find('{', pos);
        if (open == std::string_view::npos)
            break;
        const std::size_t close = text.find('}', open + 1);
        if (close == std::string_view::npos)
            break;
        out.append(text.substr(pos, open - pos));
        const std::string_view key = text.substr(open + 1, close - open - 1);
        const std::optional<std::string> v = fill ? fill(key) : std::nullopt;
        out.append(v ? std::string_view(*v) : text.substr(open, close - open + 1));
        pos = close + 1;
    }
    out.append(text.substr(std::min(pos, text.size())));
    return out;
}

} // namespace costlab
