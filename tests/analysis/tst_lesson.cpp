// Workshop lessons (issue 16, model/analysis/lesson): every shipped lesson loads, every step
// starts and evaluates, and the engine's answer is the one each lesson's wording was written
// for; the answers follow the physics the lessons teach (hand calculations below).
#include "lesson.h"
#include "lessonjson.h"
#include "registry.h"
#include "testutil.h"

#include <QDir>
#include <QtTest>

#include <cmath>

using namespace costlab;

namespace {

ExampleLookup examples()
{
    return [](std::string_view name) -> std::optional<Scenario> {
        const LoadResult r = loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") +
                                              std::string(name) + ".costlab.json");
        return r.scenario;
    };
}

QStringList shippedLessons()
{
    const QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/lessons"));
    QStringList out;
    for (const QString& f :
         dir.entryList({QStringLiteral("*.costlab-lesson.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(f);
    return out;
}

Lesson load(const QString& path)
{
    const LessonLoad l = loadLessonFile(path.toStdString());
    if (!l.lesson)
        qFatal("lesson %s does not load: %s", qPrintable(path),
               l.problems.empty() ? "" : l.problems.front().message.c_str());
    return *l.lesson;
}

/// A one-step lesson on `scenario` asking `q`.
Lesson oneStep(const char* scenario, LessonQuestion q)
{
    Lesson l;
    l.id = "t";
    l.title.en = "t";
    l.minutes = 5;
    LessonStep s;
    s.title.en = "s";
    s.scenario = scenario;
    s.question = std::move(q);
    s.reveal.en = "r";
    l.steps.push_back(std::move(s));
    return l;
}

LessonQuestion ratio(const char* measure, std::vector<ParamChange> then,
                     std::vector<double> factors, int expect = -1)
{
    LessonQuestion q;
    q.kind = QuestionKind::Ratio;
    q.text.en = "q";
    q.measure = measure;
    q.then = std::move(then);
    for (double f : factors) {
        LessonOption o;
        o.factor = f;
        q.options.push_back(o);
    }
    q.expect = expect;
    return q;
}

} // namespace

class TestLesson : public QObject {
    Q_OBJECT

private slots:
    /// The seven lessons the issue asks for and lesson 8 (issue 46: how much training reaches a
    /// target), each 5–12 minutes, at least 60 in all.
    void shippedLessonsFillAnHour()
    {
        const QStringList files = shippedLessons();
        QCOMPARE(files.size(), 8);
        double total = 0;
        for (const QString& f : files) {
            const Lesson l = load(f);
            QVERIFY2(l.minutes >= 5 && l.minutes <= 12, qPrintable(f));
            double steps = 0;
            for (const LessonStep& s : l.steps) {
                steps += s.minutes;
                QVERIFY2(!s.title.zh.empty() && !s.question.text.zh.empty() && !s.reveal.zh.empty(),
                         qPrintable(f + QStringLiteral(": a step without Chinese text")));
            }
            // The steps' planned minutes add up to the lesson's (±1 min of discussion).
            QVERIFY2(std::abs(steps - l.minutes) <= 1.0, qPrintable(f));
            total += l.minutes;
        }
        QVERIFY2(total >= 60, qPrintable(QString::number(total)));
    }

    /// The wording of every shipped lesson agrees with the engine: every step starts and
    /// evaluates, every control exists, and each right option (or value range) is the one
    /// the lesson was written for. A change to the engine that makes a lesson wrong fails here.
    void shippedLessonsAgreeWithTheEngine_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : shippedLessons())
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }
    void shippedLessonsAgreeWithTheEngine()
    {
        QFETCH(QString, file);
        const Lesson l = load(file);
        const Catalog cat = test::defaultCatalog();
        const std::vector<LessonProblem> problems = checkLesson(l, examples(), cat);
        QString all;
        for (const LessonProblem& p : problems)
            all += QString::fromStdString(p.pointer + ": " + p.message + "\n");
        QVERIFY2(problems.empty(), qPrintable(all));
        for (std::size_t i = 0; i < l.steps.size(); ++i) {
            if (l.steps[i].question.kind != QuestionKind::Number)
                QVERIFY2(
                    l.steps[i].question.expect >= 0,
                    qPrintable(file +
                               QStringLiteral(": step %1 names no expected option").arg(i + 1)));
        }
    }

    /// 6·P·T: twice the tokens at the same layout is twice the GPU-hours (Kaplan et al. 2020,
    /// C ≈ 6·N·D). Failure recovery scales with the wall time too, so the factor stays 2
    /// within 1 %.
    void doublingTokensDoublesGpuHours()
    {
        const Lesson l =
            oneStep("llama3-8b-pretrain-h100",
                    ratio("gpu_hours", {{"pretrain.tokens", "30e12"}}, {1.5, 2, 3, 4}));
        std::string err;
        const std::optional<Scenario> s = lessonStepStart(l, 0, examples(), &err);
        QVERIFY2(s, err.c_str());
        const QuestionAnswer a = answerQuestion(l.steps[0].question, *s, test::defaultCatalog());
        QVERIFY2(a.ok, a.error.c_str());
        QCOMPARE_REL(a.actual, 2.0, 0.01);
        QCOMPARE(a.correct, 1);
    }

    /// Young/Daly: τ ≈ √(2δM) and the job MTBF M ∝ 1/GPUs, so four times the GPUs halve
    /// the interval: √(1/4) = 0.5 (Young 1974; Daly 2006). Tolerance 2 %: Daly's higher-order
    /// terms and a checkpoint stall that changes slightly with the GPUs.
    void fourTimesTheGpusHalveTheCheckpointInterval()
    {
        const Lesson l =
            oneStep("llama2-70b-pretrain-a100",
                    ratio("checkpoint_interval_h", {{"pretrain.gpus", "8192"}}, {0.25, 0.5, 1, 2}));
        const std::optional<Scenario> s = lessonStepStart(l, 0, examples(), nullptr);
        QVERIFY(s);
        const QuestionAnswer a = answerQuestion(l.steps[0].question, *s, test::defaultCatalog());
        QVERIFY2(a.ok, a.error.c_str());
        QCOMPARE_REL(a.actual, 0.5, 0.02);
        QCOMPARE(a.correct, 1);
    }

    /// The right option of a ratio question is the nearest on a log scale: ×1.65 is nearer
    /// ×1.6 than ×2 (|ln 1.65/1.6| = 0.031 < |ln 2/1.65| = 0.192), and ×1.42 lies nearer
    /// ×1.2 than ×2 only on a linear scale — on a log scale ×2 (0.343) loses to ×1.2 (0.168).
    void ratioAnswerIsNearestOnALogScale()
    {
        const Lesson l = oneStep("llama3-8b-pretrain-h100",
                                 ratio("gpu_hours", {{"pretrain.tokens", "21.3e12"}}, {1.2, 2, 4}));
        const std::optional<Scenario> s = lessonStepStart(l, 0, examples(), nullptr);
        QVERIFY(s);
        const QuestionAnswer a = answerQuestion(l.steps[0].question, *s, test::defaultCatalog());
        // 21.3 / 15 = 1.42: ln(1.42/1.2) = 0.168, ln(2/1.42) = 0.343.
        QCOMPARE_REL(a.actual, 1.42, 0.01);
        QCOMPARE(a.correct, 0);
    }

    /// A lesson whose wording expects the wrong option is reported at its JSON pointer.
    void wrongExpectationIsReported()
    {
        Lesson l = oneStep("llama3-8b-pretrain-h100",
                           ratio("gpu_hours", {{"pretrain.tokens", "30e12"}}, {1.5, 2, 3}, 2));
        const std::vector<LessonProblem> p = checkLesson(l, examples(), test::defaultCatalog());
        QCOMPARE(p.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(p[0].pointer), QStringLiteral("/steps/0/question/expect"));
        QVERIFY(QString::fromStdString(p[0].message).contains(QStringLiteral("option 2")));
    }

    /// A control that does not exist in the step's plan, a missing example and a refused
    /// change each get their own message.
    void brokenStepsAreReported()
    {
        Lesson l = oneStep("llama3-8b-pretrain-h100",
                           ratio("gpu_hours", {{"pretrain.tokens", "30e12"}}, {1, 2}));
        l.steps[0].controls = {"rl.env_count"};
        std::vector<LessonProblem> p = checkLesson(l, examples(), test::defaultCatalog());
        QCOMPARE(p.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(p[0].pointer), QStringLiteral("/steps/0/controls/0"));

        l.steps[0].controls.clear();
        l.steps[0].scenario = "no-such-example";
        p = checkLesson(l, examples(), test::defaultCatalog());
        QCOMPARE(p.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(p[0].message).contains(QStringLiteral("no-such-example")));

        l.steps[0].scenario = "llama3-8b-pretrain-h100";
        l.steps[0].changes = {{"pretrain.gpus", "-3"}};
        p = checkLesson(l, examples(), test::defaultCatalog());
        QCOMPARE(p.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(p[0].message).contains(QStringLiteral("step 1")));
    }

    /// A step without its own example starts where the previous one ended: its start plus
    /// its reveal changes, plus the step's own changes.
    void aStepContinuesFromThePreviousOne()
    {
        Lesson l = oneStep("llama3-8b-pretrain-h100",
                           ratio("gpu_hours", {{"pretrain.tokens", "30e12"}}, {1, 2}));
        LessonStep next = l.steps[0];
        next.scenario.clear();
        next.changes = {{"pretrain.gpus", "2048"}};
        l.steps.push_back(next);
        const std::optional<Scenario> s = lessonStepStart(l, 1, examples(), nullptr);
        QVERIFY(s);
        QCOMPARE(getValue(*s, *findParam(*s, "pretrain.tokens")), 30e12);
        QCOMPARE(getValue(*s, *findParam(*s, "pretrain.gpus")), 2048.0);
    }

    /// "Which" answers pick the extreme option; options may name their own example.
    void whichPicksTheExtremeOption()
    {
        LessonQuestion q;
        q.kind = QuestionKind::Which;
        q.measure = "total_cost";
        LessonOption a, b;
        a.scenario = "route-a-bigger-pretrain";
        b.scenario = "route-b-small-base-heavy-rl";
        q.options = {a, b};
        const Catalog cat = test::defaultCatalog();
        const Scenario start = test::example("route-b-small-base-heavy-rl");
        const QuestionAnswer low = answerQuestion(q, start, cat, examples());
        QVERIFY2(low.ok, low.error.c_str());
        const double ta = evaluate(test::example("route-a-bigger-pretrain"), cat).total;
        const double tb = evaluate(start, cat).total;
        QCOMPARE(low.option_values[0], ta);
        QCOMPARE(low.option_values[1], tb);
        QCOMPARE(low.correct, ta < tb ? 0 : 1);
        q.highest = true;
        QCOMPARE(answerQuestion(q, start, cat, examples()).correct, ta < tb ? 1 : 0);
    }

    /// Number predictions count as right within the relative tolerance.
    void numberPredictionTolerance()
    {
        LessonQuestion q;
        q.kind = QuestionKind::Number;
        q.tolerance = 0.25;
        QuestionAnswer a;
        a.ok = true;
        a.actual = 100;
        QVERIFY(predictionRight(q, a, 125));
        QVERIFY(predictionRight(q, a, 75));
        QVERIFY(!predictionRight(q, a, 126));
    }

    /// Measure ids beyond the table read categories and plan risks.
    void measuresReadCategoriesAndRisks()
    {
        const Estimate e =
            evaluate(test::example("route-b-small-base-heavy-rl"), test::defaultCatalog());
        QCOMPARE(*measureValue("category.hidden.engineering", e),
                 e.cost[std::size_t(Category::HiddenEngineering)]);
        QCOMPARE(*measureValue("risk.unrecoverable", e), e.unrecoverable.probability);
        QCOMPARE(*measureValue("risk_cost.convergence", e), e.convergence.expected_cost);
        QCOMPARE(*measureValue("days", e), e.wall_hours / 24);
        QVERIFY(!measureValue("category.nope", e));
        QVERIFY(!measureUnit("risk.nope"));
    }

    /// One pass: a filled value holding braces is not scanned again; unknown keys stay.
    void placeholdersFillOnce()
    {
        const auto fill = [](std::string_view k) -> std::optional<std::string> {
            if (k == "a")
                return std::string("{b}");
            if (k == "b")
                return std::string("B");
            return std::nullopt;
        };
        QCOMPARE(QString::fromStdString(fillPlaceholders("x {a} {b} {c} {", fill)),
                 QStringLiteral("x {b} B {c} {"));
    }
};

QTEST_GUILESS_MAIN(TestLesson)
#include "tst_lesson.moc"
