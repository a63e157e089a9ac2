// Golden files for the JSON the command line and batch users read: the estimate of every
// example, a checkpoint-interval sweep and a categorical sweep of each, and the Route A vs
// Route B comparison. They catch any unintended change of a number or a key in a refactor;
// the numbers themselves are checked against hand calculations and published figures in
// the engine tests, not here.
//
// After an intended change of the model, regenerate them and review the diff:
//   COSTLAB_UPDATE_GOLDEN=1 build/tests/io/tst_golden
//   git diff tests/data/golden/
// Numbers compare with a relative tolerance of 1e-9 (the last bits of a double may differ
// between compilers and optimisation levels); keys, strings, nulls and order exactly.
#include "compare.h"
#include "engine.h"
#include "estimate_json.h"
#include "scenario_json.h"
#include "sweep.h"
#include "testutil.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace costlab;

namespace {

constexpr double kRelTol = 1e-9;

QString goldenDir()
{
    return QStringLiteral(COSTLAB_TEST_DATA_DIR "/golden");
}

/// Where `actual` and `expected` first differ ("" when they agree), as a JSON-pointer-like path.
QString firstDifference(const QJsonValue& actual, const QJsonValue& expected, const QString& path)
{
    if (actual.type() != expected.type())
        return path + QStringLiteral(": type differs");
    switch (expected.type()) {
    case QJsonValue::Double: {
        const double a = actual.toDouble(), e = expected.toDouble();
        const double scale = std::max(std::fabs(e), 1e-300);
        if (a != e && std::fabs(a - e) > kRelTol * scale)
            return path + QStringLiteral(": %1, golden %2").arg(a, 0, 'g', 17).arg(e, 0, 'g', 17);
        return {};
    }
    case QJsonValue::Array: {
        const QJsonArray x = actual.toArray(), y = expected.toArray();
        if (x.size() != y.size())
            return path + QStringLiteral(": %1 items, golden %2").arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < y.size(); ++i) {
            const QString d =
                firstDifference(x[i], y[i], path + QLatin1Char('/') + QString::number(i));
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    case QJsonValue::Object: {
        const QJsonObject x = actual.toObject(), y = expected.toObject();
        if (x.keys() != y.keys())
            return path +
                   QStringLiteral(": keys %1, golden %2")
                       .arg(x.keys().join(QLatin1Char(',')), y.keys().join(QLatin1Char(',')));
        for (const QString& k : y.keys()) {
            const QString d = firstDifference(x[k], y[k], path + QLatin1Char('/') + k);
            if (!d.isEmpty())
                return d;
        }
        return {};
    }
    default:
        return actual == expected ? QString() : path + QStringLiteral(": value differs");
    }
}

Scenario load(const QString& path)
{
    const LoadResult r = loadScenarioFile(path.toStdString());
    if (!r.scenario)
        qFatal("cannot load %s", qPrintable(path));
    return *r.scenario;
}

/// The purchase option of the plan's first phase ("pretrain.purchase", "rl.purchase", …):
/// a categorical sweep every example has.
std::string purchaseId(const Scenario& s)
{
    switch (s.phases.front().kind) {
    case PhaseKind::Pretrain:
        return "pretrain.purchase";
    case PhaseKind::RlPosttrain:
        return "rl.purchase";
    case PhaseKind::Evaluation:
        return "eval.purchase";
    }
    return {};
}

} // namespace

class TstGolden : public QObject {
    Q_OBJECT

private slots:
    void json_data();
    void json();
};

void TstGolden::json_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    const Catalog cat = test::defaultCatalog();
    QDir examples(QStringLiteral(COSTLAB_RESOURCE_DIR "/examples"));
    const QStringList files =
        examples.entryList({QStringLiteral("*.costlab.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 7);
    for (const QString& f : files) {
        const QString stem = f.chopped(int(qstrlen(".costlab.json")));
        const Scenario s = load(examples.filePath(f));
        const std::string cur(currencyCode(s.currency));
        QTest::newRow(qPrintable(stem + QStringLiteral(".estimate")))
            << stem + QStringLiteral(".estimate.json")
            << QString::fromStdString(estimateToJson(s, evaluate(s, cat)));
        QTest::newRow(qPrintable(stem + QStringLiteral(".sweep")))
            << stem + QStringLiteral(".sweep.json")
            << QString::fromStdString(sweepToJson(
                   sweep(s, cat, "reliability.checkpoint_interval_h", 0.1, 12, 9), cur));
        QTest::newRow(qPrintable(stem + QStringLiteral(".purchase")))
            << stem + QStringLiteral(".purchase.json")
            << QString::fromStdString(sweepToJson(sweep(s, cat, purchaseId(s), 0, 0, 2), cur));
    }
    const Scenario a =
        load(examples.filePath(QStringLiteral("route-a-bigger-pretrain.costlab.json")));
    const Scenario b =
        load(examples.filePath(QStringLiteral("route-b-small-base-heavy-rl.costlab.json")));
    QTest::newRow("route-a-vs-b.compare")
        << QStringLiteral("route-a-vs-b.compare.json")
        << QString::fromStdString(comparisonToJson(compare({&a, &b}, cat)));
}

void TstGolden::json()
{
    QFETCH(QString, name);
    QFETCH(QString, text);
    const QString path = goldenDir() + QLatin1Char('/') + name;
    if (qEnvironmentVariableIsSet("COSTLAB_UPDATE_GOLDEN")) {
        QDir().mkpath(goldenDir());
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(text.toUtf8());
        QSKIP("golden file rewritten");
    }
    QFile in(path);
    QVERIFY2(in.open(QIODevice::ReadOnly),
             qPrintable(path + QStringLiteral(" missing: run with COSTLAB_UPDATE_GOLDEN=1")));
    QJsonParseError err{};
    const QJsonDocument golden = QJsonDocument::fromJson(in.readAll(), &err);
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
    const QJsonDocument actual = QJsonDocument::fromJson(text.toUtf8(), &err);
    QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
    const QString diff = firstDifference(
        actual.isObject() ? QJsonValue(actual.object()) : QJsonValue(actual.array()),
        golden.isObject() ? QJsonValue(golden.object()) : QJsonValue(golden.array()), QString());
    QVERIFY2(diff.isEmpty(), qPrintable(name + QStringLiteral(" differs at ") + diff));
}

QTEST_GUILESS_MAIN(TstGolden)
#include "tst_golden.moc"
