// Issue 13: "the CLI, GUI, PDF, CSV and JSON agree line by line". For every example plan the
// money per cost category, and the category's name, are compared across the outputs a
// finance reader sees: the engine estimate, the estimate JSON (library and costlab-cli
// --json, byte for byte), costlab-cli's text, the line-item CSV, and the editor's cost chart.
// The PDF prints the same figures (tst_report::headlineFigures checks each category amount).
#include "categories.h"
#include "costbreakdownchart.h"
#include "engine.h"
#include "estimate_json.h"
#include "labels.h"
#include "lineitemscsv.h"
#include "scenario_json.h"
#include "widgettestutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QProcess>
#include <QProcessEnvironment>
#include <QtTest>

#include <cmath>
#include <map>

using namespace costlab;

namespace {

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-6 * std::max({1.0, std::abs(a), std::abs(b)});
}

QByteArray runCli(const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("COSTLAB_DATA_DIR"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(COSTLAB_CLI_PATH), args);
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        return {};
    return p.readAllStandardOutput();
}

/// Sums of BilledCost per x_CostCategory, and the ServiceName each category carries.
void csvByCategory(const std::string& csv, std::map<std::string, double>& money,
                   std::map<std::string, std::string>& names)
{
    // The CSV's fields here contain no quoted commas except Tags and ChargeDescription;
    // split with quotes honoured.
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(field);
            field.clear();
        } else if (c == '\r') {
        } else if (c == '\n') {
            row.push_back(field);
            field.clear();
            rows.push_back(row);
            row.clear();
        } else {
            field += c;
        }
    }
    const auto& header = rows.front();
    auto col = [&](const char* n) {
        return int(std::find(header.begin(), header.end(), n) - header.begin());
    };
    const int cat = col("x_CostCategory"), billed = col("BilledCost"), name = col("ServiceName");
    for (std::size_t r = 1; r < rows.size(); ++r) {
        money[rows[r][std::size_t(cat)]] += std::stod(rows[r][std::size_t(billed)]);
        names[rows[r][std::size_t(cat)]] = rows[r][std::size_t(name)];
    }
}

} // namespace

class TestReconcile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void outputsAgree_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : test::exampleScenarios())
            QTest::newRow(qPrintable(QFileInfo(f).fileName())) << f;
    }

    void outputsAgree()
    {
        QFETCH(QString, file);
        const LoadResult r = loadScenarioFile(file.toStdString());
        QVERIFY(r.scenario);
        const Scenario& s = *r.scenario;
        const Catalog cat = test::loadTestCatalog();
        const Estimate e = evaluate(s, cat);
        QVERIFY(e.ok);

        // JSON: the library's and costlab-cli's are the same bytes, and carry the engine's
        // amount per category id.
        const std::string json = estimateToJson(s, e);
        const QByteArray cliJson =
            runCli({QStringLiteral("evaluate"), file, QStringLiteral("--json")});
        QCOMPARE(cliJson.toStdString(), json);
        const QJsonObject byCat = QJsonDocument::fromJson(QByteArray::fromStdString(json))
                                      .object()
                                      .value(QStringLiteral("cost_by_category"))
                                      .toObject();

        // CSV and the CLI's text.
        std::map<std::string, double> csvMoney;
        std::map<std::string, std::string> csvNames;
        csvByCategory(lineItemsCsv(s, e), csvMoney, csvNames);
        const QString text = QString::fromUtf8(runCli({QStringLiteral("evaluate"), file}));
        QVERIFY(!text.isEmpty());
        const QLocale loc;
        for (int k = 0; k < kCategoryCount; ++k) {
            const auto c = Category(k);
            const std::string id(categoryId(c));
            const double v = e.cost[std::size_t(k)];
            QVERIFY2(close(byCat.value(QString::fromStdString(id)).toDouble(), v), id.c_str());
            if (v == 0) {
                QVERIFY2(!csvMoney.count(id), id.c_str());
                continue;
            }
            QVERIFY2(close(csvMoney[id], v), id.c_str());
            // One name for a category everywhere: the table's label, which the GUI shows
            // (translated from it) and the CSV and CLI print.
            QCOMPARE(csvNames[id], std::string(categoryLabel(c)));
            QCOMPARE(QString::fromStdString(csvNames[id]), categoryDisplayName(c));
            // Tables of the CLI round a column to whole units when it holds thousands;
            // either form is the same figure.
            const QString cents = loc.toString(v, 'f', 2), whole = loc.toString(v, 'f', 0);
            QVERIFY2(text.contains(QString::fromUtf8(categoryLabel(c).data(),
                                                     qsizetype(categoryLabel(c).size()))),
                     id.c_str());
            QVERIFY2(text.contains(whole + QLatin1Char(' ')) || text.contains(cents),
                     qPrintable(QString::fromStdString(id) + QLatin1Char(' ') + cents));
        }

        // The editor's cost chart: one bar per phase (and one for shared costs) whose
        // height is the phase's total.
        CostBreakdownChart chart;
        chart.setEstimate(s, e);
        for (std::size_t i = 0; i < e.phases.size(); ++i)
            QVERIFY2(close(chart.barTotal(int(i)), e.phases[i].total),
                     qPrintable(chart.barLabels().value(int(i))));
    }
};

QTEST_MAIN(TestReconcile)
#include "tst_reconcile.moc"
