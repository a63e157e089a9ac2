// A training run's own logs (issue 47, item 2): Megatron-LM's iteration lines, veRL's
// metrics (its "file" logger's JSONL and its console lines) and a Weights & Biases run-history
// CSV export. One table of formats (kLogFormats in runlog.cpp), like the config importers:
// recognition, `costlab-cli actuals --help` and the errors derive from it.
#pragma once

#include "actuals.h"

#include <span>
#include <string>
#include <string_view>

namespace costlab {

/// One log format Costlab reads.
struct LogFormat {
    std::string_view id;     ///< RunLog::format ("megatron")
    const char* label;       ///< English, translated in costlab::Actuals
    std::string_view source; ///< where the format is defined (file and line of the writer)
    bool (*recognise)(std::string_view text);
    /// Reads `text` into `out` (format set); "" or why it was refused, with the line.
    std::string (*read)(std::string_view text, RunLog& out);
};

/// Every log format, in recognition order.
std::span<const LogFormat> logFormats();

struct LogRead {
    RunLog log;
    std::string error; ///< why the text was refused (English, with its line); "" on success
};

/// Reads a run's log. Never throws. Refused with the line: no format recognises the text, no
/// record in it, a record whose step or time does not read, more than kMaxLogRecords records.
/// Lines that are not records (start-up messages, warnings) are skipped; a checkpoint load
/// after the first record, or a step going back, is a restart.
LogRead readRunLog(std::string_view text, std::string file = {});

/// The most records one log holds.
inline constexpr std::size_t kMaxLogRecords = 10'000'000;

} // namespace costlab
