#include "vectorstate.h"

#include <QCoreApplication>
#include <QObject>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace costlab {

namespace {

// Compiled for AVX on its own: the rest of the program stays at the x86-64 baseline, and
// this is only called on a CPU that has AVX.
__attribute__((target("avx"))) void zeroUpper()
{
    _mm256_zeroupper();
}

bool cpuHasAvx()
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx");
}

} // namespace

void clearUpperVectorState()
{
    static const bool hasAvx = cpuHasAvx();
    if (hasAvx)
        zeroUpper();
}

} // namespace costlab

#else

namespace costlab {

void clearUpperVectorState() {}

} // namespace costlab

#endif

namespace costlab {

namespace {

/// Sees every event of the application's thread before its receiver does.
class ClearBeforeEvents : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject*, QEvent*) override
    {
        clearUpperVectorState();
        return false;
    }
};

} // namespace

void clearUpperVectorStateOnEveryEvent(QCoreApplication* app)
{
    if (app)
        app->installEventFilter(new ClearBeforeEvents(app));
}

} // namespace costlab
