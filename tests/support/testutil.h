// Shared helpers of the model tests: a relative-tolerance compare (money, probabilities,
// FLOPs and bytes are never bit-exact against a hand calculation), the default catalog and
// the shipped example plans.
#pragma once

#include "catalogio.h"
#include "scenario_json.h"

#include <QFile>
#include <QTest>

#include <cmath>
#include <string>
#include <vector>

namespace costlab::test {

/// True when |actual − expected| ≤ relTol·|expected| (or ≤ relTol when expected is 0, so a
/// zero expectation is an absolute check). NaN never compares equal.
inline bool relClose(double actual, double expected, double relTol)
{
    if (std::isnan(actual) || std::isnan(expected))
        return false;
    if (actual == expected)
        return true; // also equal infinities
    const double scale = expected != 0 ? std::fabs(expected) : 1.0;
    return std::fabs(actual - expected) <= relTol * scale;
}

/// Failure text naming both values, the relative error and the tolerance.
inline QByteArray relMessage(const char* actualExpr, double actual, const char* expectedExpr,
                             double expected, double relTol)
{
    const double rel =
        expected != 0 ? (actual - expected) / std::fabs(expected) : actual - expected;
    return QByteArray(actualExpr) + " = " + QByteArray::number(actual, 'g', 12) + ", " +
           expectedExpr + " = " + QByteArray::number(expected, 'g', 12) + " (relative error " +
           QByteArray::number(rel, 'g', 4) + ", tolerance " + QByteArray::number(relTol, 'g', 4) +
           ")";
}

/// The default catalog shipped in resources/; fails the calling test when it does not load.
inline Catalog defaultCatalog()
{
    std::vector<std::string> errs;
    auto c = loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errs);
    return c ? *c : Catalog{};
}

/// A shipped example plan (resources/examples/NAME.costlab.json); aborts the test binary
/// when it does not load, since every case after it would be meaningless.
inline Scenario example(const char* name)
{
    const LoadResult r =
        loadScenarioFile(std::string(COSTLAB_RESOURCE_DIR "/examples/") + name + ".costlab.json");
    if (!r.scenario)
        qFatal("cannot load example %s", name);
    return *r.scenario;
}

/// A generated table in a document, between "<!-- NAME:begin -->" and "<!-- NAME:end -->":
/// with COSTLAB_UPDATE_VALIDATION set, writes `table` there and returns `table`; otherwise
/// returns what the document holds now (trimmed), or an error text starting with "error:".
/// The caller QCOMPAREs the result with `table`, so a stale document fails the test.
inline QString documentTable(const QString& path, const QString& name, const QString& table)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "error: cannot read " + path;
    const QString doc = QString::fromUtf8(f.readAll());
    f.close();
    const QString begin = "<!-- " + name + ":begin -->", end = "<!-- " + name + ":end -->";
    const qsizetype b = doc.indexOf(begin), e = doc.indexOf(end);
    if (b < 0 || e < b)
        return "error: markers " + name + " missing in " + path;
    if (qEnvironmentVariableIsSet("COSTLAB_UPDATE_VALIDATION")) {
        const QString updated = doc.left(b + begin.size()) + "\n" + table + "\n" + doc.mid(e);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return "error: cannot write " + path;
        f.write(updated.toUtf8());
        return table;
    }
    return doc.mid(b + begin.size(), e - b - begin.size()).trimmed();
}

} // namespace costlab::test

/// QCOMPARE for doubles with a relative tolerance; prints both values on failure. Works
/// with QEXPECT_FAIL like QVERIFY2 (it is one).
#define QCOMPARE_REL(actual, expected, relTol)                                                     \
    do {                                                                                           \
        const double qcr_a_ = double(actual), qcr_e_ = double(expected), qcr_t_ = double(relTol);  \
        QVERIFY2(                                                                                  \
            ::costlab::test::relClose(qcr_a_, qcr_e_, qcr_t_),                                     \
            ::costlab::test::relMessage(#actual, qcr_a_, #expected, qcr_e_, qcr_t_).constData());  \
    } while (false)
