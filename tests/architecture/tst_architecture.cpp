// The architecture as tests (docs/architecture.md): which layer may include which library,
// and that a risk or cost-category name is written once, in its table. The layering of the
// model's own headers is proven by compiling probes (CMakeLists.txt beside this file).
#include "categories.h"
#include "risks.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

using namespace costlab;

namespace {

struct SourceFile {
    QString path; // relative to the source tree
    QString text;
};

/// Every C++ source and header under `folder` (relative to the source tree).
QList<SourceFile> sources(const QString& folder)
{
    QList<SourceFile> out;
    const QString root = QStringLiteral(COSTLAB_SOURCE_DIR);
    QDirIterator it(root + QLatin1Char('/') + folder,
                    {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        // Comments may name things ("Out of memory" in a doc comment); code may not.
        static const QRegularExpression comment(QStringLiteral("//[^\n]*"));
        out.append({path.mid(root.size() + 1), QString::fromUtf8(f.readAll()).remove(comment)});
    }
    return out;
}

/// Files under `folder` that include a header matching `pattern` (e.g. "nlohmann/").
QStringList including(const QString& folder, const QString& pattern)
{
    const QRegularExpression re(QStringLiteral("^\\s*#\\s*include\\s*[<\"](%1)").arg(pattern),
                                QRegularExpression::MultilineOption);
    QStringList hits;
    for (const SourceFile& s : sources(folder))
        if (re.match(s.text).hasMatch())
            hits << s.path;
    return hits;
}

QString fromView(std::string_view v)
{
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

} // namespace

class TstArchitecture : public QObject {
    Q_OBJECT

private slots:
    void sourcesFound();
    void thirdPartyIncludes_data();
    void thirdPartyIncludes();
    void labelsWrittenOnce_data();
    void labelsWrittenOnce();
    void tablesConsistent();
};

void TstArchitecture::sourcesFound()
{
    // A wrong source path would make every scan below pass vacuously.
    QVERIFY(sources(QStringLiteral("model/engine")).size() >= 10);
    QVERIFY(sources(QStringLiteral("widgets")).size() >= 40);
    QVERIFY(!including(QStringLiteral("model/io"), QStringLiteral("nlohmann/")).isEmpty());
    QVERIFY(!including(QStringLiteral("model/io"), QStringLiteral("yaml-cpp/")).isEmpty());
}

void TstArchitecture::thirdPartyIncludes_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("pattern");
    const QString qt = QStringLiteral("Q[A-Z]|qcustomplot|QtCore|QtWidgets");
    const QString json = QStringLiteral("nlohmann/");
    const QString sql = QStringLiteral("sqlite3");
    const QString yaml = QStringLiteral("yaml-cpp/");
    QTest::newRow("model_no_qt") << "model" << qt;
    QTest::newRow("engine_no_json") << "model/engine" << json;
    QTest::newRow("engine_no_sqlite") << "model/engine" << sql;
    QTest::newRow("analysis_no_json") << "model/analysis" << json;
    QTest::newRow("analysis_no_sqlite") << "model/analysis" << sql;
    QTest::newRow("io_no_sqlite") << "model/io" << sql;
    QTest::newRow("widgets_no_json") << "widgets" << json;
    QTest::newRow("widgets_no_sqlite") << "widgets" << sql;
    // yaml-cpp (veRL configs) lives in model/io only, beside nlohmann/json.
    QTest::newRow("engine_no_yaml") << "model/engine" << yaml;
    QTest::newRow("analysis_no_yaml") << "model/analysis" << yaml;
    QTest::newRow("store_no_yaml") << "model/store" << yaml;
    QTest::newRow("widgets_no_yaml") << "widgets" << yaml;
    QTest::newRow("app_no_yaml") << "app" << yaml;
}

void TstArchitecture::thirdPartyIncludes()
{
    QFETCH(QString, folder);
    QFETCH(QString, pattern);
    const QStringList hits = including(folder, pattern);
    QVERIFY2(hits.isEmpty(),
             qPrintable(QStringLiteral("%1 must not include %2: %3")
                            .arg(folder, pattern, hits.join(QStringLiteral(", ")))));
}

void TstArchitecture::labelsWrittenOnce_data()
{
    QTest::addColumn<QString>("label");
    for (const CategoryInfo& c : categoryTable())
        QTest::newRow(c.id.data()) << fromView(c.label);
    for (const RiskInfo& r : riskTable())
        QTest::newRow(("risk." + std::string(r.id)).c_str()) << fromView(r.label);
}

void TstArchitecture::labelsWrittenOnce()
{
    // A risk or category name as a string literal anywhere but its table would be a second
    // English name that can drift (and a second translation). Use the table instead.
    QFETCH(QString, label);
    const QString literal = QLatin1Char('"') + label + QLatin1Char('"');
    const QStringList tables{QStringLiteral("model/engine/categories.cpp"),
                             QStringLiteral("model/engine/risks.h")};
    QStringList hits;
    for (const QString& folder :
         {QStringLiteral("model"), QStringLiteral("widgets"), QStringLiteral("app")})
        for (const SourceFile& s : sources(folder))
            if (!tables.contains(s.path) && s.text.contains(literal))
                hits << s.path;
    QVERIFY2(hits.isEmpty(), qPrintable(QStringLiteral("%1 written outside its table in: %2")
                                            .arg(literal, hits.join(QStringLiteral(", ")))));
}

void TstArchitecture::tablesConsistent()
{
    QSet<QString> ids, labels;
    for (const CategoryInfo& c : categoryTable()) {
        QVERIFY2(!ids.contains(fromView(c.id)), c.id.data());
        QVERIFY2(!labels.contains(fromView(c.label)), c.label.data());
        ids << fromView(c.id);
        labels << fromView(c.label);
        // The id starts with its group's id ("compute.training" is in "compute").
        QVERIFY2(fromView(c.id).startsWith(fromView(categoryGroup(c.category)) + QLatin1Char('.')),
                 c.id.data());
        QVERIFY(!c.explanation.empty() && !c.basis.empty() && !c.focus_service.empty());
    }
    QCOMPARE(ids.size(), kCategoryCount);
    for (const RiskInfo& r : riskTable()) {
        QVERIFY2(!ids.contains(fromView(r.id)), r.id.data());
        ids << fromView(r.id);
        QVERIFY(r.plan != nullptr);
        QVERIFY(!r.explanation.empty() && !r.short_label.empty());
    }
    // Only the budget risk is plan-only; every other risk exists per phase.
    QCOMPARE(riskInfo(RiskKind::Budget).phase, nullptr);
    QVERIFY(riskInfo(RiskKind::Oom).phase != nullptr);
}

QTEST_GUILESS_MAIN(TstArchitecture)
#include "tst_architecture.moc"
