// costlab-cli lesson (one file per sub-command; the table is in commands.cpp): checks a
// workshop lesson against the engine and prints every step's answer, so a teacher who
// writes a lesson sees at once whether its wording still matches the numbers.
#include "cli.h"
#include "commands.h"
#include "lesson.h"
#include "lessonjson.h"
#include "scenario_json.h"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace costlab::cli {

std::string helpLesson()
{
    return std::string(
               "Usage: costlab-cli lesson FILE [--catalog CATALOG.json]\n"
               "\n"
               "Check a workshop lesson (.costlab-lesson.json, docs/workshop.md): every step's\n"
               "starting plan must load and evaluate, every control must name a parameter of\n"
               "it, and the engine's answer must be the option (or lie in the range) the\n"
               "lesson's wording was written for. Prints each step's question, the measure\n"
               "before and after, every option's value and the right option.\n"
               "\n"
               "Options:\n"
               "  --catalog FILE      price/hardware catalog to use instead of the default\n"
               "  -h, --help          show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodesHelp);
}

namespace {

/// The shipped examples next to the catalog that was found (<data>/examples).
ExampleLookup examplesBeside(const std::string& catalogPath)
{
    const std::filesystem::path dir =
        std::filesystem::path(catalogPath).parent_path().parent_path() / "examples";
    return [dir](std::string_view name) -> std::optional<Scenario> {
        const LoadResult r =
            loadScenarioFile((dir / (std::string(name) + ".costlab.json")).string());
        return r.scenario;
    };
}

std::string stepText(const Lesson& l, std::size_t i, const ExampleLookup& examples,
                     const Catalog& cat)
{
    const LessonStep& step = l.steps[i];
    std::ostringstream out;
    out << "Step " << i + 1 << ": " << step.title.en << "\n  " << step.question.text.en << "\n";
    std::string err;
    const std::optional<Scenario> start = lessonStepStart(l, i, examples, &err);
    if (!start)
        return out.str() + "  cannot start: " + err + "\n";
    const QuestionAnswer a = answerQuestion(step.question, *start, cat, examples);
    if (!a.ok)
        return out.str() + "  no answer: " + a.error + "\n";
    out << "  " << step.question.measure << " at the start: " << numberText(a.before) << "\n";
    for (std::size_t k = 0; k < step.question.options.size(); ++k)
        out << "  " << (int(k) == a.correct ? "* " : "  ") << k + 1 << ". "
            << (step.question.options[k].label.empty()
                    ? "x" + numberText(step.question.options[k].factor)
                    : step.question.options[k].label.en)
            << "  " << numberText(a.option_values[k]) << "\n";
    out << "  engine's answer: " << numberText(a.actual) << "\n";
    return out.str();
}

} // namespace

int runLesson(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs("lesson", argv, {{"catalog", true}});
    if (a.help) {
        std::cout << helpLesson();
        return Ok;
    }
    requireOneFile("lesson", a);
    const std::string& path = a.positional[0];
    const LessonLoad load = loadLessonFile(path);
    if (!load.lesson) {
        std::string msg;
        for (const LessonProblem& p : load.problems)
            msg += path + ": " + p.pointer + (p.pointer.empty() ? "" : ": ") + p.message + "\n";
        throw Failure{load.unreadable ? IoError : InvalidInput, msg};
    }
    const Catalog cat = loadCatalog(a, argv0);
    const ExampleLookup examples = examplesBeside(findCatalog(a, argv0).path);
    const Lesson& l = *load.lesson;
    std::cout << l.title.en << " (" << l.id << ", " << numberText(l.minutes) << " min, "
              << l.steps.size() << " steps)\n\n";
    for (std::size_t i = 0; i < l.steps.size(); ++i)
        std::cout << stepText(l, i, examples, cat) << "\n";
    const std::vector<LessonProblem> problems = checkLesson(l, examples, cat);
    if (problems.empty()) {
        std::cout << "The lesson and the engine agree.\n";
        return Ok;
    }
    std::string msg;
    for (const LessonProblem& p : problems)
        msg += path + ": " + p.pointer + ": " + p.message + "\n";
    throw Failure{InvalidInput, msg};
}

} // namespace costlab::cli
