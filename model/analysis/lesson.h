// Workshop lessons (issue 16): a lesson is a list of predict–reveal steps over plans. Each
// step starts from a deliberate state (a shipped example plus changes, or the previous
// step's end), shows a few controls, asks for a prediction — one of 3–4 options or a bounded
// number, never free text (Crouch, Fagen, Callan & Mazur, Am. J. Phys. 72, 2004: predicting
// first is what makes a demonstration teach) — and then reveals the engine's answer.
//
// Answers are never stored: every option's value and the right option are computed here by
// evaluate() when the step is shown, so a lesson cannot drift from the engine. A lesson may
// say which option its wording was written for (`expect`); checkLesson() reports a lesson
// whose wording the engine no longer agrees with. Reading lesson files is model/io's
// (lessonjson.h); this layer is pure over (Scenario, Catalog).
//
// Measures are plan figures (figures.h, labels in the context "costlab::Figure"), categories or
// risks.
#pragma once

#include "engine.h"
#include "figures.h"
#include "paramchange.h"
#include "trnoop.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Text in both of the lesson's languages. `zh` (Simplified Chinese) may be empty: English
/// is shown then.
struct LessonText {
    std::string en, zh;
    /// The text for the UI language (true = Simplified Chinese), falling back to English.
    const std::string& in(bool chinese) const { return chinese && !zh.empty() ? zh : en; }
    bool empty() const { return en.empty(); }
};

// A measure is a plan figure (figures.h: its id or an older alias, "total_cost" for "total"),
// "category.<id>" (a cost category's total, money), "risk.<id>" (a plan risk's probability,
// share) or "risk_cost.<id>" (its expected cost, money). Ids are stable (files).

/// A measure's value in `e`; nullopt when `id` names no measure (table, category or risk).
std::optional<double> measureValue(std::string_view id, const Estimate& e);
/// The unit of a measure id, or nullopt when the id is unknown.
std::optional<FigureUnit> measureUnit(std::string_view id);
/// English label of a measure id (a category's or risk's label for those forms; "" unknown).
std::string_view measureLabel(std::string_view id);

/// What a question asks for.
enum class QuestionKind : std::uint8_t {
    /// "By what factor does the measure change when the reveal's changes are made?" Options
    /// are factors; the right one is the option nearest to the actual factor on a log scale.
    Ratio,
    /// "Which of these plans has the lowest (highest) measure?" Each option carries changes
    /// to the step's starting state; the right one is the option with the extreme value.
    Which,
    /// "What is the measure (after the reveal's changes)?" A number within bounds; the
    /// prediction counts as right within `tolerance` (relative) of the actual value.
    Number
};
/// Stable id ("ratio", "which", "number").
std::string_view questionKindId(QuestionKind);
std::optional<QuestionKind> questionKindFromId(std::string_view);

struct LessonOption {
    LessonText label;                 ///< shown as the option ("×2", "Asynchronous")
    double factor = 0;                ///< Ratio: the factor this option predicts (> 0)
    std::vector<ParamChange> changes; ///< Which: the plan this option stands for
    std::string scenario; ///< Which: an example to start from instead of the step's plan
};

struct LessonQuestion {
    QuestionKind kind = QuestionKind::Ratio;
    LessonText text;
    std::string measure;                   ///< measure id (measureValue)
    std::vector<ParamChange> then;         ///< Ratio/Number: applied at the reveal
    std::vector<LessonOption> options;     ///< Ratio/Which: 2–4 options
    bool highest = false;                  ///< Which: the right option has the highest value
    double min = 0, max = 0;               ///< Number: the prediction's bounds, measure units
    double tolerance = 0.25;               ///< Number: relative error counted as right
    int expect = -1;                       ///< Ratio/Which: option the wording was written for
    double expect_min = 0, expect_max = 0; ///< Number: range the wording assumes (0,0: none)
};

/// Which chart a step shows beside the controls: the cost breakdown, memory per GPU, RL
/// utilisation, cumulative spend or the Monte Carlo cost distribution.
enum class LessonChart : std::uint8_t { Breakdown, Memory, Rl, Spend, Uncertainty, Target };
std::string_view lessonChartId(LessonChart);
std::optional<LessonChart> lessonChartFromId(std::string_view);

struct LessonStep {
    LessonText title;
    /// Shipped example the step starts from ("llama3-8b-pretrain-h100"); empty = the previous
    /// step's starting state with its reveal changes (what the room saw last).
    std::string scenario;
    /// A whole plan the step starts from instead of an example (a step captured from the
    /// app, "New lesson step from the current plan"); wins over `scenario`.
    std::optional<Scenario> plan;
    std::vector<ParamChange> changes;  ///< applied to the starting plan
    std::vector<std::string> controls; ///< parameter ids shown (and locked until a prediction)
    LessonQuestion question;
    LessonText reveal;  ///< said after the answer; "{actual}" and "{prediction}" are filled in
    LessonText formula; ///< "show the formula", with {measure} and {param:ID} placeholders
    LessonChart chart = LessonChart::Breakdown;
    double minutes = 5; ///< planned time for the step
};

struct Lesson {
    std::string id;
    LessonText title, audience, summary;
    double minutes = 0; ///< planned duration
    std::vector<LessonStep> steps;
};

/// Loads a shipped example by name; nullopt when there is none.
using ExampleLookup = std::function<std::optional<Scenario>(std::string_view name)>;

/// The plan step `index` starts from: its example (or the previous step's start plus that
/// step's reveal changes) with its own changes applied. nullopt with `error` when an example
/// is missing or a change is refused; the message names the step (1-based).
std::optional<Scenario> lessonStepStart(const Lesson&, std::size_t index,
                                        const ExampleLookup& examples, std::string* error);

/// The engine's answer to a question asked of `start`.
struct QuestionAnswer {
    bool ok = false;
    std::string error;                 ///< why not (a change refused, the plan not priced)
    double before = 0;                 ///< the measure at the start
    double actual = 0;                 ///< Ratio: after/before; Number: after; Which: the
                                       ///< right option's value
    std::vector<double> option_values; ///< Which: each option's measure; Ratio: the factors
    int correct = -1;                  ///< Ratio/Which: the right option
};
/// `examples` resolves options that name their own example (Route A against Route B).
QuestionAnswer answerQuestion(const LessonQuestion&, const Scenario& start, const Catalog&,
                              const ExampleLookup& examples = {});

/// Whether a prediction is right: Ratio/Which compare the option, Number the relative error
/// |p − actual| ≤ tolerance·|actual|.
bool predictionRight(const LessonQuestion&, const QuestionAnswer&, double prediction);

/// One problem checkLesson() found, at a JSON pointer of the lesson file ("/steps/2/question").
struct LessonProblem {
    std::string pointer, message;
};
/// Checks that every step starts, evaluates and asks an answerable question, that every
/// control names a parameter of its plan, and that the engine's right option (or value) is
/// the one the wording was written for. Empty when the lesson and the engine agree.
std::vector<LessonProblem> checkLesson(const Lesson&, const ExampleLookup&, const Catalog&);

/// Replaces each "{key}" in `text` with fill(key); a key fill() returns nullopt for is left
/// as written. One pass: filled text is not scanned again.
std::string
fillPlaceholders(std::string_view text,
                 const std::function<std::optional<std::string>(std::string_view)>& fill);

/// One reveal as the ledger keeps it: every reveal is a row (a reset and a second prediction
/// add one), recorded as values so that a view shows and exports it in the language of the
/// moment (issue 49: rows recorded before a live switch kept the old language).
struct LedgerEntry {
    std::string lesson;    ///< lesson id
    int step_number = 0;   ///< 1-based
    std::string measure;   ///< measure id
    bool predicted = true; ///< false: revealed without a prediction (a clicker alone)
    int choice = -1;       ///< the option chosen (Ratio, Which); −1 for a Number question
    double number = 0;     ///< the Number prediction, in the measure's unit
    double actual = 0;     ///< the engine's value (Ratio: the factor)
    int correct = -1;      ///< Which: the right option
    bool right = false;
    /// Texts as shown, filled by the view that shows or exports the row ("" until then).
    std::string step, prediction, shown_actual;
};

} // namespace costlab
