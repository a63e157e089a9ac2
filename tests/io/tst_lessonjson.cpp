// Lesson files (model/io/lessonjson): bad files get specific errors at their JSON pointer and
// apply nothing; a lesson survives a write → read round trip; the ledger CSV keeps user text
// from becoming a spreadsheet formula.
#include "lessonjson.h"
#include "testutil.h"

#include <QtTest>

using namespace costlab;

namespace {

/// A valid one-step lesson; `patch` edits the text before parsing.
std::string lessonText(const std::string& step = {})
{
    const std::string s = step.empty() ? R"({
      "title": {"en": "Twice the tokens", "zh": "token 翻倍"},
      "scenario": "llama3-8b-pretrain-h100",
      "controls": ["pretrain.tokens"],
      "question": {"kind": "ratio", "text": {"en": "By what factor?"}, "measure": "gpu_hours",
                   "then": {"pretrain.tokens": 3e13}, "options": [{"factor": 1}, {"factor": 2}],
                   "expect": 2},
      "reveal": {"en": "6·P·T"}
    })"
                                       : step;
    return R"({"schema_version": 1, "kind": "costlab-lesson", "id": "t",
               "title": {"en": "T"}, "minutes": 5, "steps": [)" +
           s + "]}";
}

/// The pointers of the problems lessonFromJson() reports for `text`.
QStringList pointers(const std::string& text)
{
    const LessonLoad l = lessonFromJson(text);
    QStringList out;
    for (const LessonProblem& p : l.problems)
        out << QString::fromStdString(p.pointer);
    if (!l.problems.empty() && l.lesson)
        out << QStringLiteral("BUG: lesson set despite problems");
    return out;
}

QString firstMessage(const std::string& text)
{
    const LessonLoad l = lessonFromJson(text);
    return l.problems.empty() ? QString() : QString::fromStdString(l.problems.front().message);
}

} // namespace

class TestLessonJson : public QObject {
    Q_OBJECT

private slots:
    void validLessonLoads()
    {
        const LessonLoad l = lessonFromJson(lessonText());
        QVERIFY(l.problems.empty());
        QVERIFY(l.lesson);
        const LessonStep& s = l.lesson->steps.at(0);
        QCOMPARE(s.question.kind, QuestionKind::Ratio);
        QCOMPARE(s.question.expect, 1); // 1-based in the file
        QCOMPARE(QString::fromStdString(s.question.then.at(0).text),
                 QStringLiteral("30000000000000"));
        QCOMPARE(QString::fromStdString(s.title.in(true)), QStringLiteral("token 翻倍"));
        QCOMPARE(QString::fromStdString(s.reveal.in(true)), QStringLiteral("6·P·T")); // no zh: en
    }

    void badFilesGetSpecificErrors_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        const auto step = [](const char* s) { return QString::fromStdString(lessonText(s)); };
        QTest::newRow("not json") << QStringLiteral("{ nope") << QString()
                                  << QStringLiteral("line");
        QTest::newRow("a scenario") << QStringLiteral(R"({"schema_version": 1, "kind": "x"})")
                                    << QStringLiteral("/kind") << QStringLiteral("costlab-lesson");
        QTest::newRow("no steps")
            << QStringLiteral(R"({"schema_version": 1, "kind": "costlab-lesson", "id": "t",
                                  "title": {"en": "T"}, "minutes": 5, "steps": []})")
            << QStringLiteral("/steps") << QStringLiteral("1 to 40");
        QTest::newRow("unknown measure")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "joy",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/question/measure") << QStringLiteral("unknown measure");
        QTest::newRow("unknown control")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "controls": ["pretrain.tokenz"],
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/controls/0") << QStringLiteral("pretrain.tokenz");
        QTest::newRow("unknown change")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "changes": {"rl.envs": 3},
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/changes/rl.envs") << QStringLiteral("unknown parameter");
        QTest::newRow("one option")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "ratio", "text": {"en": "q"}, "measure": "days",
                                     "then": {"pretrain.gpus": 2}, "options": [{"factor": 2}]}})")
            << QStringLiteral("/steps/0/question/options") << QStringLiteral("2 to 4");
        QTest::newRow("expect out of range")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "ratio", "text": {"en": "q"}, "measure": "days",
                                     "then": {"pretrain.gpus": 2},
                                     "options": [{"factor": 2}, {"factor": 3}], "expect": 3}})")
            << QStringLiteral("/steps/0/question/expect") << QStringLiteral("[1, 2]");
        QTest::newRow("number without bounds")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days"}})")
            << QStringLiteral("/steps/0/question/min") << QStringLiteral("missing");
        QTest::newRow("free text is not a question kind")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "text", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/question/kind") << QStringLiteral("ratio, which or number");
        QTest::newRow("unknown language")
            << step(R"({"title": {"en": "s", "fr": "x"}, "scenario": "x", "reveal": {"en": "r"},
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/title/fr") << QStringLiteral("unknown language");
        QTest::newRow("first step without example")
            << step(R"({"title": {"en": "s"}, "reveal": {"en": "r"},
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/scenario") << QStringLiteral("first step");
        QTest::newRow("unknown chart")
            << step(R"({"title": {"en": "s"}, "scenario": "x", "reveal": {"en": "r"},
                        "chart": "pie",
                        "question": {"kind": "number", "text": {"en": "q"}, "measure": "days",
                                     "min": 0, "max": 1}})")
            << QStringLiteral("/steps/0/chart") << QStringLiteral("unknown chart");
    }
    void badFilesGetSpecificErrors()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        const std::string t = text.toStdString();
        const QStringList ps = pointers(t);
        QVERIFY2(!ps.isEmpty(), "no problem reported");
        QVERIFY2(!ps.contains(QStringLiteral("BUG: lesson set despite problems")), "applied");
        QVERIFY2(ps.contains(pointer), qPrintable(ps.join(QLatin1Char(','))));
        const LessonLoad l = lessonFromJson(t);
        bool found = false;
        for (const LessonProblem& p : l.problems)
            found = found || (QString::fromStdString(p.pointer) == pointer &&
                              QString::fromStdString(p.message).contains(words));
        QVERIFY2(found, qPrintable(firstMessage(t)));
    }

    void unreadableFileSaysSo()
    {
        const LessonLoad l = loadLessonFile("/nonexistent/x.costlab-lesson.json");
        QVERIFY(l.unreadable);
        QVERIFY(!l.lesson);
        QCOMPARE(l.problems.size(), std::size_t(1));
    }

    /// Every shipped lesson survives lessonToJson → lessonFromJson unchanged.
    void roundTrip()
    {
        const QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/lessons"));
        const QStringList files = dir.entryList({QStringLiteral("*.costlab-lesson.json")});
        QVERIFY(!files.isEmpty());
        for (const QString& f : files) {
            const LessonLoad a = loadLessonFile(dir.filePath(f).toStdString());
            QVERIFY2(a.lesson, qPrintable(f));
            const std::string once = lessonToJson(*a.lesson);
            const LessonLoad b = lessonFromJson(once);
            QVERIFY2(b.lesson, qPrintable(f));
            QCOMPARE(QString::fromStdString(lessonToJson(*b.lesson)), QString::fromStdString(once));
            QCOMPARE(b.lesson->steps.size(), a.lesson->steps.size());
        }
    }

    /// A prediction typed as "=HYPERLINK(…)" stays text in a spreadsheet.
    void ledgerCsvGuardsFormulas()
    {
        LedgerEntry e;
        e.lesson = "t";
        e.step_number = 2;
        e.step = "=cmd()";
        e.measure = "gpu_hours";
        e.prediction = "×2";
        e.shown_actual = "1,234 GPU-hours";
        e.right = true;
        LedgerEntry none = e;
        none.predicted = false;
        none.right = false;
        const std::string raw = ledgerCsv({e, none});
        // Issue 49: a UTF-8 byte order mark, or Excel garbles the Chinese titles.
        QVERIFY(raw.starts_with("\xEF\xBB\xBF"));
        const QString csv = QString::fromStdString(raw.substr(3));
        const QStringList lines = csv.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("lesson,step,title,measure,prediction,actual,right"));
        QVERIFY2(!lines[1].contains(QStringLiteral(",=cmd()")), qPrintable(lines[1]));
        QVERIFY(lines[1].contains(QStringLiteral("\"1,234 GPU-hours\"")));
        QVERIFY(lines[1].endsWith(QStringLiteral(",yes")));
        QVERIFY(lines[2].endsWith(QStringLiteral(",no prediction")));
    }
};

QTEST_GUILESS_MAIN(TestLessonJson)
#include "tst_lessonjson.moc"
