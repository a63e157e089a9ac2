// The sub-commands of costlab-cli as one table: name, synopsis, one-line summary, help and
// entry point. The usage text, `help COMMAND`, `COMMAND --help` and the dispatcher all come
// from it, so a new command is one file plus one row (docs/architecture.md).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab::cli {

struct Command {
    std::string_view name;     ///< "evaluate"
    std::string_view synopsis; ///< arguments after the name in the usage list ("FILE")
    std::string_view summary;  ///< one line for the usage list
    std::string (*help)();     ///< the command's full help, exit codes included
    /// Runs the command on its arguments (after the name); returns the exit code or throws
    /// Failure. `argv0` locates the catalog and costlab-report.
    int (*run)(const std::vector<std::string>& args, const char* argv0);
};

/// Every sub-command, in the order the usage lists them.
std::span<const Command> commands();
/// The row of `name`, or nullptr.
const Command* findCommand(std::string_view name);

// One pair per command file (cmd_<name>.cpp).
std::string helpEvaluate();
int runEvaluate(const std::vector<std::string>& args, const char* argv0);
std::string helpMonteCarlo();
int runMonteCarlo(const std::vector<std::string>& args, const char* argv0);
std::string helpSensitivity();
int runSensitivity(const std::vector<std::string>& args, const char* argv0);
std::string helpLevers();
int runLevers(const std::vector<std::string>& args, const char* argv0);
std::string helpTarget();
int runTarget(const std::vector<std::string>& args, const char* argv0);
std::string helpActuals();
int runActuals(const std::vector<std::string>& args, const char* argv0);
std::string helpFit();
int runFit(const std::vector<std::string>& args, const char* argv0);
std::string helpOptimise();
int runOptimise(const std::vector<std::string>& args, const char* argv0);
std::string helpSweep();
int runSweep(const std::vector<std::string>& args, const char* argv0);
std::string helpParams();
int runParams(const std::vector<std::string>& args, const char* argv0);
std::string helpCompare();
int runCompare(const std::vector<std::string>& args, const char* argv0);
std::string helpValue();
int runValue(const std::vector<std::string>& args, const char* argv0);
std::string helpLineitems();
int runLineitems(const std::vector<std::string>& args, const char* argv0);
std::string helpReport();
int runReport(const std::vector<std::string>& args, const char* argv0);
std::string helpImport();
int runImport(const std::vector<std::string>& args, const char* argv0);
std::string helpExportConfig();
int runExportConfig(const std::vector<std::string>& args, const char* argv0);
std::string helpLesson();
int runLesson(const std::vector<std::string>& args, const char* argv0);
std::string helpLibrary();
int runLibrary(const std::vector<std::string>& args, const char* argv0);

} // namespace costlab::cli
