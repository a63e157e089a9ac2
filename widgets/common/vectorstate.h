// The upper halves of the x86 vector registers, cleared before our number crunching (issue 50).
#pragma once

class QCoreApplication;

namespace costlab {

/// Marks the upper halves of the AVX registers as zero (VZEROUPPER) on an x86-64 CPU with
/// AVX; does nothing elsewhere. Costlab is built for the x86-64 baseline, whose SSE
/// instructions pay a transition penalty on every instruction while a library has left those
/// halves "dirty" (Intel optimization manual, "Mixing AVX code with SSE code"). Measured on this
/// project's 2-core Xeon VM: a worker thread of the window started 47 of 97 Monte Carlo jobs
/// in that state (XGETBV(1) bit 2) and ran them 9–10× slower (227 ms against 24 ms of CPU for
/// the same 5,000 runs); the window's own thread was in it at 343 of 557 slider moves. Call it
/// where a thread starts a long computation of ours; it costs one instruction.
void clearUpperVectorState();

/// Clears the upper halves before every event the application delivers (the window installs it), so
/// that each event handler (a slider move, a paint, a queued analysis result) starts clean; one
/// instruction per event. Install once on the application object, after it is constructed.
void clearUpperVectorStateOnEveryEvent(QCoreApplication* app);

} // namespace costlab
