// Reading the files of a plan-versus-actual comparison (issue 47): each path is a bill or a
// training log, told apart by its first 64 KiB (looksLikeBill()), read by billcsv.h or
// runlog.h. One function for costlab-cli actuals, costlab-report --actuals and the Actuals tab.
#pragma once

#include "billcsv.h"
#include "runlog.h"

#include <string>
#include <vector>

namespace costlab {

/// The largest training log read (a year of Megatron lines at one per step is ~3 GB; logs at
/// --log-interval 10 or more stay far below). Bills are streamed and have no limit but
/// kMaxBillLines.
inline constexpr std::size_t kMaxLogBytes = std::size_t(1) << 30;

struct ActualsFileError {
    std::string path;
    std::string message;     ///< English, without the path
    bool unreadable = false; ///< the file could not be read at all (an I/O failure)
};

struct ActualsFiles {
    std::vector<Bill> bills;
    std::vector<RunLog> logs;
    std::vector<ActualsFileError> errors; ///< files of which nothing was taken
    bool cancelled = false;
};

/// Reads `paths` in order. A file that does not read is named in `errors` and nothing of it
/// is taken; the others are. Bills and logs are named by `display(path)` in messages and
/// tables (the path itself by default). `progress` gets the fraction of all files read and
/// may return false to cancel (then `cancelled`, and what was read so far is kept).
ActualsFiles readActualsFiles(const std::vector<std::string>& paths,
                              const ReadProgress& progress = {},
                              std::string (*display)(const std::string& path) = nullptr);

} // namespace costlab
