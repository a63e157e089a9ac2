// Shared helpers of the model tests: a relative-tolerance compare (money, probabilities,
// FLOPs and bytes are never bit-exact against a hand calculation), the default catalog and
// the shipped example plans.
#pragma once

#include "catalogio.h"
#include "scenario_json.h"

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
