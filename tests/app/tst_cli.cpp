// End-to-end tests of costlab-cli: runs the built executable (COSTLAB_CLI_PATH) with
// QProcess and checks exit codes, error messages and the JSON it prints. The arithmetic
// of the engine is tested elsewhere; here only the tool's own promises are checked:
// line items add up to the total, --set moves the figure, errors carry the JSON pointer,
// a plan is priced with the catalog it names. The library is written with ScenarioStore.
#include "catalogio.h"
#include "scenario_json.h"
#include "store.h"

#include "pgtestutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>

#include <cmath>

#ifndef COSTLAB_VERSION
#define COSTLAB_VERSION ""
#endif

using namespace costlab;

namespace {

// Exit codes documented in costlab-cli --help and docs/cli.md.
constexpr int kOk = 0, kUsage = 2, kInvalid = 3, kIo = 4;

struct Run {
    int code = -1;
    QByteArray out, err;
};

// The smallest valid plan: required fields only, every input at its registry default.
constexpr char kMinimal[] =
    R"({"schema_version": 1, "name": "CLI test plan", "phases": [{"kind": "pretrain"}]})";

} // namespace

class TestCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_minimal;

    Run run(const QStringList& args, const QProcessEnvironment& extra = {})
    {
        QProcess p;
        // A developer's COSTLAB_DATA_DIR must not change which catalog the test sees.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove("COSTLAB_DATA_DIR");
        env.insert(extra);
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(COSTLAB_CLI_PATH), args);
        Run r;
        if (!p.waitForStarted() || !p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

    /// A library for a test: the file `name`, or on the PostgreSQL run (COSTLAB_TEST_PG,
    /// tst_cli_pg under pg_virtualenv) the team library on the throwaway server, emptied.
    QString library(const QString& name)
    {
        if (!test::onServer())
            return m_dir.filePath(name);
        return test::emptyServerLibrary() ? QStringLiteral("postgresql://")
                                          : QStringLiteral("postgresql://(could not empty)");
    }

    QString writeFile(const QString& name, const QByteArray& text)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(text);
        return path;
    }

    static bool haveCatalog()
    {
        return QFile::exists(QStringLiteral(COSTLAB_RESOURCE_DIR "/catalog/default.json"));
    }

    static QJsonObject parseObject(const QByteArray& text, bool* ok)
    {
        QJsonParseError e{};
        const QJsonDocument d = QJsonDocument::fromJson(text, &e);
        *ok = e.error == QJsonParseError::NoError && d.isObject();
        return d.object();
    }

    static bool closeRel(double a, double b, double rel)
    {
        return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
    }

    /// Checks the JSON estimate's internal sums; `what` names the source for messages.
    void checkEstimateJson(const QByteArray& out, const QString& what)
    {
        bool ok = false;
        const QJsonObject o = parseObject(out, &ok);
        QVERIFY2(ok, qPrintable(what + ": --json output is not a JSON object"));
        QVERIFY2(o.value("total").isDouble(), qPrintable(what + ": no numeric total"));
        QVERIFY(!o.value("currency").toString().isEmpty());
        const double total = o.value("total").toDouble();
        QVERIFY2(std::isfinite(total) && total >= 0, qPrintable(what));

        double lines = 0;
        for (const QJsonValue& l : o.value("lines").toArray()) {
            const QJsonObject lo = l.toObject();
            QVERIFY(!lo.value("category").toString().isEmpty());
            QVERIFY(!lo.value("resource_type").toString().isEmpty());
            QVERIFY(lo.contains("project") && lo.contains("experiment_batch"));
            QVERIFY(closeRel(lo.value("fixed").toDouble() + lo.value("elastic").toDouble(),
                             lo.value("amount").toDouble(), 1e-9));
            lines += lo.value("amount").toDouble();
        }
        QVERIFY2(closeRel(lines, total, 1e-9), qPrintable(QString("%1: lines sum %2 != total %3")
                                                              .arg(what)
                                                              .arg(lines, 0, 'g', 17)
                                                              .arg(total, 0, 'g', 17)));
        double cats = 0;
        const QJsonObject byCat = o.value("cost_by_category").toObject();
        for (auto it = byCat.begin(); it != byCat.end(); ++it)
            cats += it.value().toDouble();
        QVERIFY2(closeRel(cats, total, 1e-9), qPrintable(what + ": categories don't sum to total"));
        QVERIFY(closeRel(o.value("fixed").toDouble() + o.value("elastic").toDouble(), total, 1e-9));
        for (const QJsonValue& pv : o.value("phases").toArray()) {
            const QJsonObject p = pv.toObject();
            double sum = 0;
            for (const QJsonValue& l : p.value("lines").toArray())
                sum += l.toObject().value("amount").toDouble();
            QVERIFY2(closeRel(sum, p.value("total").toDouble(), 1e-9),
                     qPrintable(what + ": phase lines don't sum to the phase total"));
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFile::exists(QStringLiteral(COSTLAB_CLI_PATH)), COSTLAB_CLI_PATH);
        m_minimal = writeFile("minimal.costlab.json", kMinimal);
        QVERIFY(!m_minimal.isEmpty());
    }

    void helpDocumentsExitCodes()
    {
        const Run r = run({"--help"});
        QCOMPARE(r.code, kOk);
        QVERIFY(r.out.contains("Exit codes"));
        QVERIFY(r.out.contains("evaluate"));
        for (const char* cmd : {"evaluate", "sweep", "params", "compare", "lineitems", "report",
                                "levers", "optimise", "target", "value"}) {
            const Run s = run({cmd, "--help"});
            QCOMPARE(s.code, kOk);
            QVERIFY2(s.out.contains("Usage: costlab-cli"), cmd);
            QVERIFY2(s.out.contains("Exit codes"), cmd);
            // `help COMMAND` prints the same text as `COMMAND --help`.
            QCOMPARE(run({"help", cmd}).out, s.out);
        }
    }

    void targetSizesAndRefuses()
    {
        // issue 46: a loss target sets the tokens (hand value in tst_target: 4.98e11 for Llama 3
        // 8B at 2.1 under the Besiroglu law) and the JSON carries the target object; a score
        // above the curve's asymptote is refused with exit 3 and the bound.
        const QString llama =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json");
        Run r = run({"target", llama, "--set", "pretrain.target_loss=2.1", "--json"});
        QCOMPARE(r.code, kOk);
        bool ok = false;
        const QJsonObject e = parseObject(r.out, &ok);
        QVERIFY(ok);
        const QJsonObject t =
            e.value("phases").toArray().at(0).toObject().value("target").toObject();
        QCOMPARE(t.value("kind").toString(), QStringLiteral("loss"));
        QVERIFY(std::abs(t.value("amount").toDouble() / 4.98e11 - 1) < 0.01);
        r = run({"target", llama, "--set", "pretrain.target_loss=2.1"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("tokens needed"), qPrintable(r.out));
        const QString grpo =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/grpo-7b-math.costlab.json");
        r = run({"target", grpo, "--set", "rl.target_score=0.7"});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("unreachable target: target score 0.700 is at or above 0.610"),
                 qPrintable(r.err));
        // A reachable score: 4,287 GB200-hours of ScaleRL 8B from 0.2 (tst_scaling) at the
        // paper's 13.51 GPU-hours per step are 317.2 policy steps.
        r = run({"target", grpo, "--set", "rl.target_score=0.5", "--set", "rl.curve.r0=0.2"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("317.2 policy steps at 13.51 GPU-hours per step"),
                 qPrintable(r.out));
        // Item 4: the optimiser keeps the target and says so; the best plan is cheaper than the
        // current one (a faster layout needs the same steps, so fewer GPU-hours: review H2).
        r = run({"optimise", grpo, "--set", "rl.target_score=0.5", "--set", "rl.curve.r0=0.2"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("Objective: the cheapest plan that reaches score >= 0.500"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("(saves "), qPrintable(r.out));
    }

    void valueComparesTwoRoutes()
    {
        // issue 46, item 5: the route examples on one score axis (hand values in tst_value:
        // Route B's R0 0.267549 from its 8B base, Route A's bound 0.707175 at 70B); a plan
        // with no score map and no RL phase is refused with exit 3 and which plan it is.
        const QString a =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/route-a-bigger-pretrain.costlab.json");
        const QString b = QStringLiteral(COSTLAB_RESOURCE_DIR
                                         "/examples/route-b-small-base-heavy-rl.costlab.json");
        Run r = run({"value", a, b, "--points", "5", "--runs", "0", "--json"});
        QCOMPARE(r.code, kOk);
        bool ok = false;
        const QJsonObject v = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(v.value("format").toString(), QStringLiteral("costlab.value"));
        QCOMPARE(v.value("first").toObject().value("lever").toString(),
                 QStringLiteral("pretrain_target_loss"));
        const QJsonObject second = v.value("second").toObject();
        QCOMPARE(second.value("lever").toString(), QStringLiteral("rl_target_score"));
        QVERIFY(second.value("r0_from_base").toBool());
        QVERIFY(std::abs(second.value("r0").toDouble() / 0.267549 - 1) < 1e-4);
        QVERIFY(std::abs(v.value("first").toObject().value("bound_score").toDouble() / 0.707175 -
                         1) < 1e-4);
        QCOMPARE(second.value("points").toArray().size(), 5);
        // Above the ScaleRL 8B asymptote 0.61 the RL route reaches nothing: null cost.
        QVERIFY(second.value("points").toArray().at(4).toObject().value("cost").isNull());
        r = run({"value", a, b, "--points", "9", "--runs", "0"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("Crossing at score 0.4"), qPrintable(r.out));
        QVERIFY2(r.out.contains("not reached"), qPrintable(r.out));
        QVERIFY2(r.out.contains("Score map: midpoint loss"), qPrintable(r.out));
        const QString llama =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json");
        r = run({"value", llama, b});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("the first plan has no score"), qPrintable(r.err));
        QCOMPARE(run({"value", a}).code, kUsage);
        QCOMPARE(run({"value", a, b, "--points", "2"}).code, kUsage);
    }

    void fitReadsAnExportAndPrintsTheSetOptions()
    {
        // issue 46: the committed W&B export (tests/data/curves/SOURCES.md) fitted at one size;
        // the --set options it prints are accepted by a plan command as they stand.
        const QString curves =
            QStringLiteral(COSTLAB_TEST_DATA_DIR "/curves/nanogpt-wandb-export.csv");
        Run r = run({"fit", curves, "--series", "gpt2 - train/loss", "--params", "124e6",
                     "--tokens-per-step", "491520", "--target", "3.3"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("Loss law fitted to 385 points at one model size"),
                 qPrintable(r.out));
        const int at = r.out.indexOf("--set pretrain.loss_law=custom");
        QVERIFY2(at > 0, qPrintable(r.out));
        const QStringList sets = QString::fromUtf8(r.out.mid(at)).trimmed().split(' ');
        QStringList args{
            "target",
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json")};
        for (const QString& w : sets)
            if (!w.isEmpty())
                args << w;
        QCOMPARE(run(args).code, kOk);
        // A single curve without its model size is a usage error that says what is missing.
        r = run({"fit", curves});
        QVERIFY(r.code != kOk);
        QVERIFY2(r.err.contains("--params"), qPrintable(r.err));
    }

    void actualsFlagsAndExitCodes()
    {
        // issue 47: the plan's own line items read back as its bill: nothing flagged (exit 0)
        // and the spend matches; a forgotten GPU node billing after the phase exits 5 with the
        // flag in the JSON; a bill that does not read exits 3 and says which row.
        const QString plan =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json");
        const QString own = m_dir.filePath("own.csv");
        QCOMPARE(run({"lineitems", plan, "-o", own}).code, kOk);
        Run r = run({"actuals", plan, own, "--json", "--runs", "200", "--as-of", "2027-02-01"});
        QCOMPARE(r.code, kOk);
        bool ok = false;
        const QJsonObject a = parseObject(r.out, &ok);
        QVERIFY2(ok, qPrintable(r.out));
        const QJsonObject spend = a.value("spend").toObject();
        QVERIFY(std::abs(spend.value("actual_to_date").toDouble() -
                         spend.value("planned_to_date").toDouble()) < 0.01);
        QCOMPARE(a.value("flags").toArray().size(), 0);
        const QString forgotten = writeFile(
            "forgotten.csv",
            "ChargePeriodStart,ChargePeriodEnd,EffectiveCost,ResourceId,ServiceCategory,Tags\n"
            "2027-02-03T00:00:00Z,2027-02-05T00:00:00Z,1048.32,i-node-17,AI and Machine "
            "Learning,\"{\"\"project\"\":\"\"foundation-models\"\",\"\"experiment_batch\"\":"
            "\"\"l3-8b-main\"\"}\"\n");
        r = run({"actuals", plan, own, forgotten, "--json", "--runs", "200"});
        QCOMPARE(r.code, 5);
        const QJsonArray flags = parseObject(r.out, &ok).value("flags").toArray();
        QCOMPARE(flags.size(), 1);
        QCOMPARE(flags.at(0).toObject().value("kind").toString(),
                 QStringLiteral("after_phase_end"));
        QCOMPARE(flags.at(0).toObject().value("resource").toString(), QStringLiteral("i-node-17"));
        r = run({"actuals", plan, forgotten, own});
        QCOMPARE(r.code, 5);
        QVERIFY2(r.out.contains("Billing after its phase ended - Llama 3 8B - i-node-17"),
                 qPrintable(r.out));
        const QString bad =
            writeFile("bad.csv", "ChargePeriodStart,EffectiveCost\n2027-01-04,five\n");
        r = run({"actuals", plan, bad});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains("row 2: the cost \"five\" is not an amount"), qPrintable(r.err));
        QCOMPARE(run({"actuals", plan}).code, kUsage);
        QCOMPARE(run({"actuals", plan, own, "--phase", "nope"}).code, kUsage);
    }

    void leversAndOptimise()
    {
        // issue 15: both commands print JSON that agrees with the engine on the plan's own
        // total (costlab-cli evaluate), and refuse bad limits with a usage error.
        const QString route =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/grpo-7b-math.costlab.json");
        bool ok = false;
        const QJsonObject e = parseObject(run({"evaluate", route, "--json"}).out, &ok);
        QVERIFY(ok);
        const double total = e.value("total").toDouble();
        Run r = run({"levers", route, "--json", "--runs", "0"});
        QCOMPARE(r.code, kOk);
        const QJsonObject l = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(l.value("format").toString(), QStringLiteral("costlab.levers"));
        QVERIFY(closeRel(l.value("plan").toObject().value("total").toDouble(), total, 1e-12));
        QCOMPARE(l.value("levers").toArray().size(), 16);
        for (const QJsonValue& v : l.value("levers").toArray()) {
            const QJsonObject o = v.toObject();
            // A lever applies with changes, or says why not.
            QVERIFY(o.value("applies").toBool() ? !o.value("changes").toArray().isEmpty()
                                                : !o.value("reason").toString().isEmpty());
        }
        const QJsonObject all = l.value("all_within_limits").toObject();
        QVERIFY(all.value("after").toObject().value("total").toDouble() < total);
        r = run({"optimise", route, "--json", "--mc-top", "2", "--runs", "200"});
        QCOMPARE(r.code, kOk);
        const QJsonObject o = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(o.value("format").toString(), QStringLiteral("costlab.optimise"));
        QVERIFY(closeRel(o.value("current").toObject().value("total").toDouble(), total, 1e-12));
        QVERIFY(o.value("best").toObject().value("total").toDouble() <= total);
        QCOMPARE(o.value("candidates").toDouble(),
                 o.value("evaluated").toDouble() + o.value("pruned").toDouble());
        // A limit under a day keeps its digits (issue 49: 0.05 days was printed "0.1").
        r = run({"optimise", route, "--deadline", "0.05"});
        QVERIFY2(r.out.contains("P90 days <= 0.05"), qPrintable(r.out));
        r = run({"optimise", route, "--max-oom", "120"});
        QCOMPARE(r.code, kUsage);
        QVERIFY(r.err.contains("--max-oom expects a percentage"));
        r = run({"levers", route, "--runs", "1.5"});
        QCOMPARE(r.code, kUsage);
        QVERIFY(r.err.contains("--runs expects a whole number"));
        QCOMPARE(run({"optimise", route, "--accelerators", "no-such-gpu"}).code, kUsage);
        // Issue 44: an empty list was silently ignored (searched the default space).
        for (const QStringList& args :
             {QStringList{"--gpus", ","}, QStringList{"--gpus", ""}, QStringList{"--gpus", "8,,16"},
              QStringList{"--accelerators", ""}}) {
            r = run(QStringList{"optimise", route} + args);
            QCOMPARE(r.code, kUsage);
            QVERIFY2(r.err.contains("no empty item"), r.err.constData());
        }
    }

    void usageWithoutArgumentsListsEveryCommand()
    {
        // The short usage once listed 3 of 6 commands; it now comes from the command table.
        const Run r = run({});
        QCOMPARE(r.code, kUsage);
        for (const char* cmd : {"evaluate", "sweep", "params", "compare", "lineitems", "report"})
            QVERIFY2(r.err.contains(QByteArray("  ") + cmd + " "), cmd);
    }

    void version()
    {
        const Run r = run({"--version"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.startsWith("costlab-cli " COSTLAB_VERSION), r.out.constData());
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no_arguments") << QStringList{};
        QTest::newRow("unknown_command") << QStringList{"frobnicate"};
        QTest::newRow("unknown_option") << QStringList{"evaluate", "x.costlab.json", "--bogus"};
        QTest::newRow("unknown_top_option") << QStringList{"--bogus"};
        QTest::newRow("missing_file_arg") << QStringList{"evaluate"};
        QTest::newRow("missing_option_value") << QStringList{"evaluate", "x.costlab.json", "--set"};
        QTest::newRow("flag_with_value") << QStringList{"params", "--json=yes"};
        QTest::newRow("sweep_without_param") << QStringList{"sweep", "x.costlab.json"};
        QTest::newRow("sweep_bad_steps")
            << QStringList{"sweep", "x.costlab.json", "--param", "pretrain.tokens", "--steps", "1"};
        QTest::newRow("sweep_from_not_number") << QStringList{
            "sweep", "x.costlab.json", "--param", "pretrain.tokens", "--from", "abc", "--to", "2"};
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        const Run r = run(args);
        QCOMPARE(r.code, kUsage);
        QVERIFY(!r.err.isEmpty());
    }

    void specialFilesAreRefusedAtOnce_data()
    {
        QTest::addColumn<QString>("kind");
        for (const char* k : {"dev_zero", "fifo_without_writer", "sparse_100_gb", "symlink_loop"})
            QTest::newRow(k) << QString::fromLatin1(k);
    }

    void specialFilesAreRefusedAtOnce()
    {
        // Each once ended in "std::bad_alloc" after gigabytes, blocked forever, took 6 GiB,
        // or was called "no such file". Now: a clear I/O error before reading a byte.
        QFETCH(QString, kind);
        QString path;
        QString says;
        if (kind == QLatin1String("dev_zero")) {
            path = QStringLiteral("/dev/zero");
            says = QStringLiteral("not a regular file");
        } else if (kind == QLatin1String("fifo_without_writer")) {
            path = m_dir.filePath("pipe.costlab.json");
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
            says = QStringLiteral("not a regular file");
        } else if (kind == QLatin1String("sparse_100_gb")) {
            path = m_dir.filePath("huge.costlab.json");
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(100LL * 1000 * 1000 * 1000)); // sparse: no disk used
            f.close();
            says = QStringLiteral("larger than");
        } else {
            path = m_dir.filePath("loop.costlab.json");
            QVERIFY(QFile::link(path, path));
            says = QStringLiteral("symbolic links");
        }
        QElapsedTimer t;
        t.start();
        for (const QStringList& args : {QStringList{"evaluate", path},
                                        QStringList{"evaluate", m_minimal, "--catalog", path}}) {
            const Run r = run(args);
            QCOMPARE(r.code, kIo);
            QVERIFY2(r.err.contains(says.toUtf8()), r.err.constData());
        }
        // Issue 44: --db naming a FIFO hung (SQLite's open() waits for a writer).
        if (kind == QLatin1String("fifo_without_writer") || kind == QLatin1String("dev_zero")) {
            const Run r = run({"evaluate", m_minimal, "--db", path});
            QCOMPARE(r.code, kIo);
            QVERIFY2(r.err.contains("not a regular file"), r.err.constData());
        }
        // Not a timing test: a generous bound that only a blocking read or a 100 GB read
        // would break.
        QVERIFY2(t.elapsed() < 60000, "a special file was read or waited on");
    }

    void outputNeverReplacesSpecialFiles()
    {
        // `-o` once turned a device node into a regular file and replaced dangling links
        // and links to /proc/self/fd/1. Now each is refused with a message, untouched.
        const QString dangling = m_dir.filePath("dangling.csv");
        QVERIFY(QFile::link(m_dir.filePath("nowhere/target.csv"), dangling));
        const QString toStdout = m_dir.filePath("stdout.csv");
        QVERIFY(QFile::link(QStringLiteral("/proc/self/fd/1"), toStdout));
        for (const QString& out : {QStringLiteral("/dev/null"), dangling, toStdout}) {
            const Run r = run({"lineitems", m_minimal, "-o", out});
            QCOMPARE(r.code, kIo);
            QVERIFY2(r.err.contains("cannot save"), r.err.constData());
        }
        struct stat devNull {};
        QVERIFY(::stat("/dev/null", &devNull) == 0 && S_ISCHR(devNull.st_mode));
        QVERIFY(QFileInfo(dangling).isSymLink());
        QVERIFY(QFileInfo(toStdout).isSymLink());
        // Issue 44: -o naming the command's own input replaced it without a word. Refused
        // (a usage error), the input untouched — by name, through a relative path or a link.
        const QString plan = writeFile("own-input.costlab.json", kMinimal);
        const QString planLink = m_dir.filePath("own-input-link.costlab.json");
        QVERIFY(QFile::link(plan, planLink));
        for (const QStringList& args :
             {QStringList{"lineitems", plan, "-o", plan},
              QStringList{"lineitems", plan, "-o", planLink},
              QStringList{"export-config", plan, "-o", plan},
              QStringList{"import", plan, "-o", plan},
              QStringList{"evaluate", plan, "--json"} /* control: reads only */}) {
            const Run r = run(args);
            if (args.contains(QStringLiteral("-o"))) {
                QCOMPARE(r.code, kUsage);
                QVERIFY2(r.err.contains("own input"), r.err.constData());
            }
            QFile f(plan);
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(f.readAll(), QByteArray(kMinimal));
        }
        // --into is the plan being updated: -o may name it (README: import … --into P -o P).
        const QString cfg = writeFile("config.json", R"({"model_type": "llama",
            "num_hidden_layers": 2, "hidden_size": 256, "num_attention_heads": 4,
            "num_key_value_heads": 4, "intermediate_size": 512, "vocab_size": 1000})");
        const Run into = run({"import", cfg, "--into", plan, "-o", plan});
        QVERIFY2(into.code == kOk, into.err.constData());
        // A stream where a stream makes sense: CSV to standard output.
        const Run csv = run({"lineitems", m_minimal, "-o", "-"});
        QCOMPARE(csv.code, kOk);
        QVERIFY(csv.out.startsWith("BillingPeriodStart,"));
    }

    void terminalEscapesAreShownEscaped()
    {
        // A name with ESC sequences (clear the screen, set the window title), BEL and the C1
        // CSI once reached the terminal raw from evaluate, sweep and compare.
        const QString path = m_dir.filePath("escapes.costlab.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema_version\": 1, "
                "\"name\": \"evil\\u001b]0;pwned\\u0007\\u001b[2J\\u009b31m\", "
                "\"phases\": [{\"kind\": \"pretrain\", "
                "\"name\": \"phase\\u001b[31mred\\u0000\", "
                "\"experiment_batch\": \"b\\u001b[0m\"}]}");
        f.close();
        const QList<QStringList> commands{
            {"evaluate", path},
            {"sweep", path, "--param", "pretrain.tokens", "--steps", "3"},
            {"compare", path, path}};
        for (const QStringList& args : commands) {
            const Run r = run(args);
            QCOMPARE(r.code, kOk);
            QVERIFY2(!r.out.contains('\x1b') && !r.out.contains('\x07') &&
                         !r.out.contains(QByteArray("\xc2\x9b")) &&
                         !r.out.contains(QByteArray(1, '\0')),
                     qPrintable(args.first()));
            QVERIFY2(r.out.contains("evil\\x1b]0;pwned\\x07"), qPrintable(args.first()));
        }
        QVERIFY(run({"evaluate", path}).out.contains("phase\\x1b[31mred\\x00"));
        // Issue 44: one output gate for everything the CLI prints. These channels still let
        // escapes through: CSV on stdout, an unknown key or a --set value quoted in an error,
        // and C1 controls inside --json strings (JSON escapes only C0).
        auto clean = [](const QByteArray& b) {
            return !b.contains('\x1b') && !b.contains('\x07') &&
                   !b.contains(QByteArray("\xc2\x9b")) && !b.contains(QByteArray("\xe2\x80\xae"));
        };
        const QList<QStringList> more{{"lineitems", path, "-o", "-"},
                                      {"evaluate", path, "--json"},
                                      {"evaluate", m_minimal, "--set", "pretrain.tokens=1\x1b[2J"},
                                      {"evaluate", m_minimal, "--set", "no.such\x1b]0;x\x07=1"},
                                      {"evaluate", m_minimal, "--set",
                                       "pretrain.recompute=\xc2\x9b"
                                       "31m"}};
        for (const QStringList& args : more) {
            const Run r = run(args);
            QVERIFY2(clean(r.out) && clean(r.err), qPrintable(args.join(QLatin1Char(' '))));
        }
        // In JSON the gate's \u009b is the JSON escape of the same character: the name reads
        // back unchanged.
        bool ok = false;
        const QJsonObject j = parseObject(run({"evaluate", path, "--json"}).out, &ok);
        QVERIFY(ok);
        QCOMPARE(j.value("scenario").toString(),
                 QStringLiteral("evil\x1b]0;pwned\x07\x1b[2J\u009b31m"));
        // A right-to-left override makes "invoice\u202Efdp.exe" read "invoiceexe.pdf": shown
        // as its escape instead.
        const QString bidi = writeFile(
            "bidi.costlab.json", "{\"schema_version\": 1, \"name\": \"invoice\\u202efdp.exe\", "
                                 "\"phases\": [{\"kind\": \"pretrain\"}]}");
        const Run rb = run({"evaluate", bidi});
        QCOMPARE(rb.code, kOk);
        QVERIFY2(clean(rb.out) && rb.out.contains("invoice\\u202efdp.exe"), rb.out.constData());
    }

    void missingFileIsIoError()
    {
        const QString path = m_dir.filePath("does-not-exist.costlab.json");
        const Run r = run({"evaluate", path});
        QCOMPARE(r.code, kIo);
        QVERIFY(r.err.contains(path.toUtf8()));
        QCOMPARE(run({"evaluate", m_dir.path()}).code, kIo); // a directory is not a file
    }

    void badFileIsInvalidInput()
    {
        // An unknown enum value: the loader must name the pointer of the offending field.
        const QString bad =
            writeFile("bad-kind.costlab.json",
                      R"({"schema_version": 1, "name": "x", "phases": [{"kind": "bogus"}]})");
        Run r = run({"evaluate", bad});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains("/phases/0/kind"), r.err.constData());
        // Format FILE: POINTER: MESSAGE, one problem per line.
        QVERIFY2(r.err.contains((bad + ": /phases/0/kind: ").toUtf8()), r.err.constData());

        const QString truncated = writeFile("truncated.costlab.json", "{\"schema_version\": 1,");
        r = run({"evaluate", truncated});
        QCOMPARE(r.code, kInvalid);
        QVERIFY(r.err.startsWith(truncated.toUtf8() + ": "));
    }

    // The issue's example: TP 3 does not divide 2,048 GPUs. evaluate, lineitems and sweep
    // refuse the plan with the numbers instead of pricing a rounded layout.
    void impossibleLayoutIsRefused()
    {
        const QString plan =
            QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama2-70b-pretrain-a100.costlab.json");
        for (const QStringList& cmd :
             {QStringList{"evaluate", plan, "--set", "pretrain.tp=3"},
              QStringList{"lineitems", plan, "-o", "-", "--set", "pretrain.tp=3"},
              QStringList{"sweep", plan, "--param", "pretrain.tokens", "--set", "pretrain.tp=3"}}) {
            const Run r = run(cmd);
            QCOMPARE(r.code, kInvalid);
            QVERIFY2(r.err.contains("/phases/0/pretrain: impossible parallel layout: TP 3 x PP 4 "
                                    "x CP 1 = 12 does not divide 2,048 GPUs"),
                     r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
        // An accelerator the catalog lacks is refused too, instead of 0 GPU-hours and exit 0.
        const QString unknown = writeFile(
            "unknown-acc.costlab.json",
            R"({"schema_version": 1, "name": "x", "phases": [{"kind": "pretrain", "accelerator": "xpu-9000"}]})");
        const Run u = run({"evaluate", unknown});
        QCOMPARE(u.code, kInvalid);
        QVERIFY2(u.err.contains("/phases/0/accelerator: 'xpu-9000' is not in the catalog"),
                 u.err.constData());
        // The possible layout prints the predicted MFU, the layout and the step breakdown.
        const Run ok = run({"evaluate", plan});
        QCOMPARE(ok.code, kOk);
        QVERIFY(ok.out.contains("(predicted from the parallel layout)"));
        QVERIFY(ok.out.contains("TP 8 x PP 4 x CP 1 x DP 64; 16 micro-batches of 1 per step"));
        QVERIFY(ok.out.contains("pipeline bubble and sends"));
    }

    void paramsListsCheckpointInterval()
    {
        Run r = run({"params"});
        QCOMPARE(r.code, kOk);
        QVERIFY(r.out.contains("reliability.checkpoint_interval_h"));
        QVERIFY(r.out.contains("pretrain.tokens"));
        // The ids pretrain.accelerator and rl.env_instance take, from the shipped catalog
        // (or the one given); a missing --catalog file is an I/O error.
        if (haveCatalog()) {
            const qsizetype list = r.out.indexOf("Accelerators in catalog 'default'");
            QVERIFY2(list > 0, r.out.right(400).constData());
            QVERIFY(r.out.indexOf("\n  h100-sxm-80gb  ", list) > list);
            QVERIFY(r.out.indexOf("\n  cpu-16vcpu  ", list) > list);
        }
        QCOMPARE(run({"params", "--catalog", m_dir.filePath("none.json")}).code, kIo);
        QCOMPARE(run({"params", "--json", "--catalog", m_dir.filePath("none.json")}).code, kIo);

        r = run({"params", "--json"});
        QCOMPARE(r.code, kOk);
        QJsonParseError e{};
        const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
        QCOMPARE(e.error, QJsonParseError::NoError);
        bool found = false;
        for (const QJsonValue& v : d.array()) {
            const QJsonObject o = v.toObject();
            if (o.value("id").toString() == "reliability.checkpoint_interval_h") {
                found = true;
                QCOMPARE(o.value("unit").toString(), QString("h"));
                QVERIFY(!o.value("label").toString().isEmpty());
            }
        }
        QVERIFY(found);
    }

    void evaluateMinimal()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        Run r = run({"evaluate", m_minimal});
        QCOMPARE(r.code, kOk);
        QVERIFY2(r.out.contains("Total cost"), r.err.constData());
        QVERIFY(r.out.contains("CLI test plan"));
        r = run({"evaluate", m_minimal, "--json"});
        QCOMPARE(r.code, kOk);
        checkEstimateJson(r.out, "minimal");
    }

    void badCatalogIsInvalidInput()
    {
        const QString cat = writeFile("bad-catalog.json", R"({"accelerators": [{"id": 5}]})");
        const Run r = run({"evaluate", m_minimal, "--catalog", cat});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains((cat + ": /accelerators/0/id: ").toUtf8()), r.err.constData());
    }

    void jsonShape()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        // A budget makes the status meaningful; the tags must reach every line.
        const QString plan =
            writeFile("tagged.costlab.json",
                      R"({"schema_version": 1, "name": "Tagged", "project": "proj-x",
                "budget": {"total": 1000},
                "phases": [{"kind": "pretrain", "name": "PT", "experiment_batch": "batch-7"}]})");
        QVERIFY(!plan.isEmpty());
        const Run r = run({"evaluate", plan, "--json"});
        QVERIFY2(r.code == kOk, r.err.constData());
        bool ok = false;
        const QJsonObject o = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(o.value("currency").toString(), QString("USD"));
        QCOMPARE(o.value("project").toString(), QString("proj-x"));
        // An 8B model on 15T tokens costs far more than 1,000 USD.
        QCOMPARE(o.value("budget").toObject().value("status").toString(), QString("over"));
        QVERIFY(o.value("budget").toObject().value("ratio").toDouble() > 1);
        for (const char* risk : {"oom", "convergence", "recovery", "capacity", "budget"}) {
            const QJsonObject rk = o.value("risks").toObject().value(risk).toObject();
            QVERIFY2(rk.value("probability").isDouble() && rk.value("expected_cost").isDouble(),
                     risk);
            const double p = rk.value("probability").toDouble();
            QVERIFY2(p >= 0 && p <= 1, risk);
        }
        const QJsonObject phase = o.value("phases").toArray().at(0).toObject();
        QCOMPARE(phase.value("kind").toString(), QString("pretrain"));
        QCOMPARE(phase.value("experiment_batch").toString(), QString("batch-7"));
        const QJsonObject trainer = phase.value("memory").toObject().value("trainer").toObject();
        QVERIFY(trainer.value("total_bytes").toDouble() > 0);
        // GiB = 2^30 bytes.
        QVERIFY(closeRel(trainer.value("total_gib").toDouble() * 1073741824.0,
                         trainer.value("total_bytes").toDouble(), 1e-12));
        QVERIFY(phase.value("recovery").toObject().contains("optimal_interval_h"));
        bool sawPhaseLine = false;
        for (const QJsonValue& l : o.value("lines").toArray()) {
            const QJsonObject lo = l.toObject();
            QCOMPARE(lo.value("project").toString(), QString("proj-x"));
            if (lo.value("phase").isDouble()) {
                sawPhaseLine = true;
                QCOMPARE(lo.value("experiment_batch").toString(), QString("batch-7"));
            }
        }
        QVERIFY(sawPhaseLine);
    }

    void unknownCatalogIdInSet()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        const Run r = run({"evaluate", m_minimal, "--set", "pretrain.accelerator=no-such-gpu"});
        QCOMPARE(r.code, kUsage);
        QVERIFY2(r.err.contains("no-such-gpu"), r.err.constData());
    }

    void planCatalogFromLibraryOrRefused()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        // Issue 13's blocker: a plan naming the user's own catalog is priced with it (from
        // the library given by --db), and refused with one message when it is not found.
        // On the PostgreSQL run (tst_cli_pg) the library is the throwaway server's.
        const QString db = library(QStringLiteral("prices-library.db"));
        QString mineId;
        {
            ScenarioStore st;
            QVERIFY(st.open(db.toStdString()).ok());
            QFile f(QStringLiteral(COSTLAB_RESOURCE_DIR "/catalog/default.json"));
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY(st.seedDefaultCatalog(f.readAll().toStdString()).ok());
            const auto copy = st.copyCatalog("default", "My prices");
            QVERIFY(copy.ok());
            mineId = QString::fromStdString(copy.value);
            std::vector<std::string> errors;
            auto cat = catalogFromJson(st.catalogJson(copy.value).value, errors);
            QVERIFY(cat);
            for (Accelerator& a : cat->accelerators)
                for (double* price : {&a.price_reserved, &a.price_on_demand, &a.price_spot})
                    if (*price > 0)
                        *price /= 2; // every GPU-hour at half price
            QVERIFY(st.updateCatalog(copy.value, catalogToJson(*cat)).ok());
        }
        const QByteArray planText = "{\"schema_version\": 1, \"name\": \"Mine\", \"catalog\": \"" +
                                    mineId.toUtf8() + "\", \"phases\": [{\"kind\": \"pretrain\"}]}";
        const QString plan = writeFile("mine.costlab.json", planText);
        const QString defaultPlan = m_minimal;

        Run r = run({"evaluate", plan, "--json"});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains((plan + ": /catalog: price catalog '" + mineId + "'").toUtf8()),
                 r.err.constData());
        QVERIFY(r.err.contains("--db LIBRARY"));
        r = run({"lineitems", plan, "-o", m_dir.filePath("x.csv")});
        QCOMPARE(r.code, kInvalid); // every command refuses the same way
        QVERIFY(!QFile::exists(m_dir.filePath("x.csv")));

        r = run({"evaluate", plan, "--json", "--db", db});
        QVERIFY2(r.code == kOk, r.err.constData());
        bool ok = false;
        const QJsonObject mine = parseObject(r.out, &ok);
        QVERIFY(ok);
        r = run({"evaluate", defaultPlan, "--json", "--db", db});
        QVERIFY2(r.code == kOk, r.err.constData());
        const QJsonObject shipped = parseObject(r.out, &ok);
        QVERIFY(ok);
        // Same plan otherwise: GPU-hours equal, GPU money exactly halved.
        QVERIFY(closeRel(mine.value("gpu_hours").toDouble(), shipped.value("gpu_hours").toDouble(),
                         1e-12));
        const double gpuMine =
            mine.value("cost_by_category").toObject().value("compute.training").toDouble();
        const double gpuShipped =
            shipped.value("cost_by_category").toObject().value("compute.training").toDouble();
        QVERIFY2(gpuShipped > 0, r.out.constData());
        QVERIFY2(closeRel(gpuMine, gpuShipped / 2, 1e-9),
                 qPrintable(QString("%1 vs %2").arg(gpuMine).arg(gpuShipped)));
        // --catalog FILE prices the plan whatever it names.
        r = run({"evaluate", plan, "--json", "--catalog",
                 QStringLiteral(COSTLAB_RESOURCE_DIR "/catalog/default.json")});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(closeRel(parseObject(r.out, &ok).value("total").toDouble(),
                         shipped.value("total").toDouble(), 1e-12));
        // A library that cannot be opened is an I/O error naming it.
        r = run({"evaluate", plan, "--db", m_dir.filePath("no-such-dir/lib.db")});
        QCOMPARE(r.code, kIo);
        QVERIFY(r.err.contains("--db"));
    }

    // Issue 48: `library check` opens (creating) a library and reports it; `library copy`
    // moves a library file into it with every row checked, copies nothing new the second
    // time, refuses another library's rows under the same ids (exit 3), and copies it back
    // into a file. On tst_cli_pg the middle library is a team library on a real server.
    void libraryCheckAndCopy()
    {
        const QString lib = library(QStringLiteral("team.db"));
        const QString source = m_dir.filePath("to-move.db");
        {
            ScenarioStore st;
            QVERIFY(st.open(source.toStdString()).ok());
            const auto doc = loadScenarioFile(m_minimal.toStdString());
            QVERIFY(doc.scenario);
            QVERIFY(st.create(*doc.scenario, "first").ok());
            QVERIFY(st.create(*doc.scenario, "second plan").ok());
        }
        Run r = run({"library", "check", lib});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.out.contains("plans:          0"), r.out.constData());
        QVERIFY(r.out.contains("integrity:      ok"));
        r = run({"library", "copy", source, lib});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.out.contains("scenarios        2 rows, 2 new"), r.out.constData());
        r = run({"library", "copy", source, lib});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.out.contains("scenarios        2 rows, 0 new"), r.out.constData());
        r = run({"library", "check", lib});
        QVERIFY2(r.out.contains("plans:          2"), r.out.constData());

        const QString clash = m_dir.filePath("clash.db");
        {
            ScenarioStore st;
            QVERIFY(st.open(clash.toStdString()).ok());
            Scenario other = loadScenarioFile(m_minimal.toStdString()).scenario.value();
            other.name = "Someone else's plan";
            QVERIFY(st.create(other).ok());
        }
        r = run({"library", "copy", clash, lib});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains("not overwritten"), r.err.constData());

        const QString back = m_dir.filePath("back.db");
        r = run({"library", "copy", lib, back});
        QVERIFY2(r.code == kOk, r.err.constData());
        r = run({"library", "check", back});
        QVERIFY2(r.out.contains("plans:          2"), r.out.constData());
        r = run({"library", "copy", m_dir.filePath("no-such-dir/x.db"), back});
        QCOMPARE(r.code, kIo);
        r = run({"library", "move", source, back});
        QCOMPARE(r.code, kUsage);
    }

    // Issue 50: libpq is loaded only when a team library is opened. Without it, a plan is
    // still evaluated and a file library still opens; a team library is refused with the
    // package to install (exit 4, I/O), and the connection string is not echoed.
    void workWithoutLibpq()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        QProcessEnvironment noLibpq;
        noLibpq.insert(QStringLiteral("COSTLAB_LIBPQ"), m_dir.filePath("no-such/libpq.so.5"));
        Run r = run({"evaluate", m_minimal}, noLibpq);
        QVERIFY2(r.code == kOk, r.err.constData());
        r = run({"library", "check", m_dir.filePath("file-without-libpq.db")}, noLibpq);
        QVERIFY2(r.code == kOk, r.err.constData());
        r = run({"library", "check", "postgresql://planner:s3cret@db.example/plans"}, noLibpq);
        QCOMPARE(r.code, kIo);
        QVERIFY2(r.err.contains("Debian package libpq5"), r.err.constData());
        QVERIFY2(!r.err.contains("s3cret"), r.err.constData());
    }

    // A plan naming a catalog shipped beside the default (cn-cny) is priced with it, without
    // --catalog or a library: 64 A800s in CNY at the catalog's 5.15 CNY per GPU-hour.
    void planNamingTheShippedCnyCatalog()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        const QString plan = writeFile(
            "cny.costlab.json",
            "{\"schema_version\": 1, \"name\": \"CNY\", \"catalog\": \"cn-cny\", "
            "\"currency\": \"CNY\", \"phases\": [{\"kind\": \"pretrain\", \"accelerator\": "
            "\"a800-sxm-80gb\", \"gpus\": 64}]}");
        const Run r = run({"evaluate", plan, "--json"});
        QVERIFY2(r.code == kOk, r.err.constData());
        bool ok = false;
        const QJsonObject e = parseObject(r.out, &ok);
        QVERIFY(ok);
        QVERIFY2(e.value("priced").toBool(), r.out.constData());
        const QJsonObject phase = e.value("phases").toArray().at(0).toObject();
        QVERIFY2(closeRel(phase.value("gpu_price").toDouble(), 5.15, 1e-12), r.out.constData());
    }

    void missingCatalogIsIoError()
    {
        const Run r = run({"evaluate", m_minimal, "--catalog", m_dir.filePath("none.json")});
        QCOMPARE(r.code, kIo);
    }

    void examples_data()
    {
        QTest::addColumn<QString>("path");
        const QDir dir(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
        const QStringList files = dir.entryList({"*.costlab.json"}, QDir::Files, QDir::Name);
        if (files.isEmpty())
            QTest::newRow("none") << QString();
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << dir.filePath(f);
    }

    void examples()
    {
        QFETCH(QString, path);
        if (path.isEmpty())
            QSKIP("no example scenarios in resources/examples yet");
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        Run r = run({"evaluate", path});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("Total cost"));
        QVERIFY2(!r.out.contains("n/a"), "a figure of the report is not finite");
        r = run({"evaluate", path, "--json"});
        QCOMPARE(r.code, kOk);
        checkEstimateJson(r.out, path);
    }

    void setMovesTheTotal()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        // 1T -> 2T tokens: twice the compute, so the total and the GPU-hours must rise
        // (monotonicity only; the exact ratio is the engine's business).
        Run r = run({"evaluate", m_minimal, "--json", "--set", "pretrain.tokens=1e12"});
        QVERIFY2(r.code == kOk, r.err.constData());
        bool ok = false;
        const QJsonObject base = parseObject(r.out, &ok);
        QVERIFY(ok);

        r = run({"evaluate", m_minimal, "--json", "--set", "pretrain.tokens=2e12"});
        QVERIFY2(r.code == kOk, r.err.constData());
        const QJsonObject doubled = parseObject(r.out, &ok);
        QVERIFY(ok);
        QVERIFY(doubled.value("total").toDouble() > base.value("total").toDouble());
        QVERIFY(doubled.value("gpu_hours").toDouble() > base.value("gpu_hours").toDouble());

        // --set=ID=VALUE is the same option; the last --set of an id wins.
        r = run({"evaluate", m_minimal, "--json", "--set", "pretrain.tokens=2e12",
                 "--set=pretrain.tokens=0.5e12"});
        QCOMPARE(r.code, kOk);
        QVERIFY(parseObject(r.out, &ok).value("total").toDouble() < base.value("total").toDouble());
    }

    // A --set the plan ignores (expert TP on the default dense model) is kept and said on
    // stderr; the same id on an MoE plan says nothing.
    void setOnAnInactiveParameterIsNoted()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        Run r = run({"evaluate", m_minimal, "--set", "pretrain.etp=2"});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.err.contains("note: --set pretrain.etp has no effect"), r.err.constData());
        r = run({"evaluate", m_minimal, "--set", "pretrain.tokens=2e12"});
        QCOMPARE(r.code, kOk);
        QVERIFY2(!r.err.contains("no effect"), r.err.constData());
    }

    void unpricedAcceleratorShowsNoTotal()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        // H20 ships without a price (no USD source, docs/research/accelerator-candidates.md):
        // the plan keeps its GPU-hours but shows no total instead of a 0-USD GPU cost.
        Run r = run({"evaluate", m_minimal, "--json", "--set", "pretrain.accelerator=h20-96gb"});
        QVERIFY2(r.code == kOk, r.err.constData());
        bool ok = false;
        const QJsonObject j = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(j.value("priced").toBool(true), false);
        QVERIFY(j.value("total").isNull());
        QCOMPARE(j.value("unpriced_accelerators").toArray().first().toString(),
                 QStringLiteral("h20-96gb"));
        QVERIFY(j.value("gpu_hours").toDouble() > 0);
        QVERIFY(j.value("cost_per_million_tokens").isNull());
        // With a budget: no partial total against it, so neither "ok" nor a ratio.
        r = run({"evaluate", m_minimal, "--json", "--set", "pretrain.accelerator=h20-96gb", "--set",
                 "budget.total=1e6"});
        QVERIFY2(r.code == kOk, r.err.constData());
        const QJsonObject budget = parseObject(r.out, &ok).value("budget").toObject();
        QCOMPARE(budget.value("status").toString(), QStringLiteral("not_priced"));
        QVERIFY(budget.value("ratio").isNull());
        r = run({"evaluate", m_minimal, "--set", "pretrain.accelerator=h20-96gb", "--set",
                 "budget.total=1e6"});
        QVERIFY2(r.out.contains("not priced: no total to compare with the budget"),
                 r.out.constData());
        r = run({"evaluate", m_minimal, "--set", "pretrain.accelerator=h20-96gb"});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.out.contains("not priced: catalog 'default' has no price for h20-96gb"),
                 r.out.constData());
        // The phase's priced parts (storage, logs) are not shown as its cost.
        QVERIFY2(r.out.contains("Phase cost:       not priced: GPU time is not costed"),
                 r.out.constData());
        // A priced accelerator keeps its total and says so.
        r = run({"evaluate", m_minimal, "--json"});
        const QJsonObject priced = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(priced.value("priced").toBool(false), true);
        QCOMPARE(priced.value("unpriced_accelerators").toArray().size(), 0);
        QVERIFY(priced.value("total").toDouble() > 0);
        // A sweep of a plan on H20: no point has a total, each keeps its GPU-hours. (An
        // accelerator sweep visits only priced accelerators, sweep.cpp.)
        const QStringList sweep{"sweep",   m_minimal, "--param", "pretrain.tokens",
                                "--from",  "1e12",    "--to",    "2e12",
                                "--steps", "3",       "--set",   "pretrain.accelerator=h20-96gb"};
        r = run(QStringList(sweep) << "--json");
        QVERIFY2(r.code == kOk, r.err.constData());
        const QJsonObject sw = parseObject(r.out, &ok);
        QVERIFY(ok);
        const QJsonArray pts = sw.value("points").toArray();
        QCOMPARE(pts.size(), 3);
        for (const QJsonValue& v : pts) {
            const QJsonObject pt = v.toObject();
            QCOMPARE(pt.value("priced").toBool(true), false);
            QVERIFY(pt.value("total").isNull());
            QVERIFY(pt.value("gpu_hours").toDouble() > 0);
        }
        r = run(sweep);
        QVERIFY2(r.code == kOk, r.err.constData());
        QCOMPARE(int(r.out.count("not priced")), 6); // total and risk cost, three rows
        // Issue 44: the Monte Carlo had a "cost" spread of the priced parts and "0 % over
        // budget". Now no cost figure at all; the durations stay.
        const QStringList mc{
            "montecarlo", m_minimal,          "--runs", "200",
            "--set",      "budget.total=1e6", "--set",  "pretrain.accelerator=h20-96gb"};
        r = run(QStringList(mc) << "--json");
        QVERIFY2(r.code == kOk, r.err.constData());
        const QJsonObject m = parseObject(r.out, &ok);
        QVERIFY(ok);
        QCOMPARE(m.value("priced").toBool(true), false);
        QVERIFY(m.value("cost").isNull());
        QVERIFY(m.value("point_cost").isNull());
        QVERIFY(m.value("cost_histogram").isNull());
        QVERIFY(m.value("p_over_budget").isNull());
        QVERIFY(m.value("days").toObject().value("p50").toDouble() > 0);
        r = run(mc);
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY2(r.out.contains("not priced"), r.out.constData());
        QVERIFY2(!r.out.contains("P(over budget"), r.out.constData());
    }

    void unknownSetIdIsNamed()
    {
        const Run r = run({"evaluate", m_minimal, "--set", "pretrain.tokenz=1e12"});
        QVERIFY2(r.code == kUsage || r.code == kInvalid, r.err.constData());
        QVERIFY2(r.err.contains("pretrain.tokenz"), r.err.constData());
        QVERIFY2(r.err.contains("pretrain.tokens"), "no suggestion of the close id");
    }

    void badSetValue()
    {
        Run r = run({"evaluate", m_minimal, "--set", "pretrain.tokens=-5"});
        QCOMPARE(r.code, kUsage);
        QVERIFY2(r.err.contains("pretrain.tokens"), r.err.constData());
        r = run({"evaluate", m_minimal, "--set", "pretrain.tokens"});
        QCOMPARE(r.code, kUsage);
    }

    void sweepPrintsOneRowPerStep()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        const QStringList args{"sweep", m_minimal, "--param", "pretrain.tokens", "--from",
                               "1e12",  "--to",    "2e12",    "--steps",         "5"};
        Run r = run(args);
        QVERIFY2(r.code == kOk, r.err.constData());
        // Rows follow the dashed line under the header and end at the first blank line.
        const QList<QByteArray> lines = r.out.split('\n');
        int dash = -1;
        for (int i = 0; i < lines.size(); ++i)
            if (lines[i].startsWith("---")) {
                dash = i;
                break;
            }
        QVERIFY(dash >= 0);
        int rows = 0;
        for (int i = dash + 1; i < lines.size() && !lines[i].trimmed().isEmpty(); ++i)
            ++rows;
        QCOMPARE(rows, 5);

        r = run(QStringList(args) << "--json");
        QCOMPARE(r.code, kOk);
        bool ok = false;
        const QJsonObject o = parseObject(r.out, &ok);
        QVERIFY(ok);
        const QJsonArray pts = o.value("points").toArray();
        QCOMPARE(pts.size(), 5);
        QVERIFY(closeRel(pts.first().toObject().value("x").toDouble(), 1e12, 1e-9));
        QVERIFY(closeRel(pts.last().toObject().value("x").toDouble(), 2e12, 1e-9));
        for (int i = 1; i < pts.size(); ++i) // more tokens never cost less
            QVERIFY(pts[i].toObject().value("total").toDouble() >=
                    pts[i - 1].toObject().value("total").toDouble());
    }

    void sweepCheckpointShowsOptimum()
    {
        if (!haveCatalog())
            QSKIP("resources/catalog/default.json not written yet");
        const QStringList args{"sweep",   m_minimal, "--param", "reliability.checkpoint_interval_h",
                               "--from",  "0.25",    "--to",    "4",
                               "--steps", "6"};
        Run r = run(args);
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("Young/Daly optimum"));
        r = run(QStringList(args) << "--json");
        bool ok = false;
        const QJsonObject o = parseObject(r.out, &ok);
        QVERIFY(ok);
        QVERIFY(o.value("optimum_x").toDouble() > 0);
    }

    // Issue 18: import a public config.json into a new plan and into an existing one; a
    // broken file exits 3 with the key's line and writes nothing.
    void importConfig()
    {
        const QString cfg = QStringLiteral(COSTLAB_TEST_DATA_DIR "/configs/qwen2.5-7b.config.json");
        const QString out = m_dir.filePath(QStringLiteral("imported.costlab.json"));
        Run r = run({"import", cfg, "-o", out});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("read\tnum_hidden_layers (line "));
        QVERIFY(r.out.contains("ignored\trope_theta"));
        r = run({"evaluate", out, "--json"});
        QVERIFY2(r.code == kOk, r.err.constData());
        const QString into = m_dir.filePath(QStringLiteral("into.costlab.json"));
        r = run({"import", cfg, "--into", m_minimal, "-o", into});
        QVERIFY2(r.code == kOk, r.err.constData());
        QFile f(into);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray plan = f.readAll();
        QVERIFY(plan.contains("\"layers\": 28"));
        QVERIFY(plan.contains("CLI test plan")); // the plan it went into keeps its name
        const QString broken =
            writeFile(QStringLiteral("broken.json"),
                      "{\"model_type\": \"llama\",\n\"num_hidden_layers\": \"x\"}");
        const QString none = m_dir.filePath(QStringLiteral("none.costlab.json"));
        r = run({"import", broken, "-o", none});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains("/num_hidden_layers (line 2)"), r.err.constData());
        QVERIFY(!QFile::exists(none));
    }

    // Issue 18: a veRL launch script into a new RL plan; the plan's RL phase back out as a veRL
    // config and its pre-training phase as Megatron-LM arguments (to a file, atomically); the
    // optimiser's best plan written for export-config; wrong formats refused.
    void exportConfig()
    {
        const QString script =
            QStringLiteral(COSTLAB_TEST_DATA_DIR "/verl/grpo_trainer_run_qwen2-7b.sh");
        const QString rl = m_dir.filePath(QStringLiteral("verl.costlab.json"));
        Run r = run({"import", script, "-o", rl});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("read\tactor_rollout_ref.rollout.n (line 29)\tgroup_size = 5"));
        r = run({"export-config", rl});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(
            r.out.startsWith("# veRL config for plan \"grpo_trainer_run_qwen2-7b.sh (imported)\""));
        QVERIFY(r.out.contains("\n    n: 5\n"));
        QVERIFY(r.out.contains("train_batch_size: 1024"));
        const QString example = QStringLiteral(
            COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
        const QString args = m_dir.filePath(QStringLiteral("pretrain.sh"));
        r = run({"export-config", example, "--format", "megatron", "-o", args});
        QVERIFY2(r.code == kOk, r.err.constData());
        QFile f(args);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().contains("--tensor-model-parallel-size 1 \\\n"));
        r = run({"export-config", example, "--phase", "2", "--format", "megatron"});
        QCOMPARE(r.code, kInvalid);
        QVERIFY2(r.err.contains("is not a pre-training phase"), r.err.constData());
        r = run({"export-config", example, "--format", "deepspeed"});
        QCOMPARE(r.code, kUsage);
        r = run({"export-config", example, "--phase", "9"});
        QCOMPARE(r.code, kUsage);
        // Two files in order: the shape from a config.json, then the RL settings.
        const QString both = m_dir.filePath(QStringLiteral("both.costlab.json"));
        r = run({"import", QStringLiteral(COSTLAB_TEST_DATA_DIR "/configs/qwen2.5-7b.config.json"),
                 script, "-o", both});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("file\t"));
        QFile bf(both);
        QVERIFY(bf.open(QIODevice::ReadOnly));
        const QByteArray plan = bf.readAll();
        QVERIFY(plan.contains("\"kind\": \"rl_posttrain\""));
        QVERIFY(plan.contains("\"layers\": 28"));
        QVERIFY(plan.contains("\"group_size\": 5"));
        const QString best = m_dir.filePath(QStringLiteral("best.costlab.json"));
        r = run(
            {"optimise",
             QStringLiteral(COSTLAB_RESOURCE_DIR "/examples/llama3-8b-pretrain-h100.costlab.json"),
             "--mc-top", "0", "--gpus", "512,1024", "--write-best", best});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.err.contains("best plan written to"));
        r = run({"export-config", best});
        QVERIFY2(r.code == kOk, r.err.constData());
        QVERIFY(r.out.contains("--train-iters "));
    }

    void sweepUnknownParam()
    {
        const Run r = run({"sweep", m_minimal, "--param", "reliability.checkpoint_intervl_h"});
        QCOMPARE(r.code, kUsage);
        QVERIFY(r.err.contains("reliability.checkpoint_intervl_h"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
