// Exit codes of costlab-cli and costlab-report, and their help text: one list for both
// programs (docs/cli.md), so scripts can rely on the same meaning everywhere.
#pragma once

#include <string_view>

namespace costlab {

enum Exit : int {
    Ok = 0,           ///< success
    Internal = 1,     ///< internal error
    Usage = 2,        ///< unknown command or option, missing or malformed argument
    InvalidInput = 3, ///< invalid input file (each problem as FILE: POINTER: MESSAGE)
    IoError = 4,      ///< file not found, unreadable or unwritable
    Flagged = 5,      ///< costlab-cli actuals: an anomaly was flagged (the hourly alarm)
};

inline constexpr std::string_view kExitCodesHelp =
    "Exit codes:\n"
    "  0  success\n"
    "  1  internal error\n"
    "  2  usage error (unknown command or option, missing or malformed argument,\n"
    "     unknown parameter id or bad value in --set / --param)\n"
    "  3  invalid input file (each problem printed as FILE: POINTER: MESSAGE)\n"
    "  4  I/O error (file not found or unreadable)\n";

} // namespace costlab
