// costlab-cli report (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <unistd.h>

namespace costlab::cli {

std::string helpReport()
{
    return std::string(
               "Usage: costlab-cli report FILE -o OUT.pdf [--lang zh_CN|en]\n"
               "                          [--page-size A4|Letter] [--author NAME]\n"
               "                          [--catalog CATALOG.json] [--db LIBRARY]\n"
               "                          [--actuals FILE ...] [--versus OTHER.costlab.json]\n"
               "\n"
               "Write the PDF budget report of the plan in FILE: cover, executive summary,\n"
               "cost breakdown, charts, risks, every assumption and the methods appendix.\n"
               "The PDF needs Qt: this command runs the costlab-report program installed\n"
               "next to costlab-cli with the same arguments.\n"
               "\n"
               "Options:\n"
               "  -o, --output FILE   PDF file to write (atomically); required\n"
               "  --lang CODE         report language: en (default) or zh_CN\n"
               "  --page-size SIZE    A4 (default) or Letter\n"
               "  --author NAME       author shown on the cover\n"
               "  --catalog FILE      catalog to use instead of the one the plan names\n"
               "  --db LIBRARY        scenario library whose catalogs the plan may name\n"
               "  --actuals FILE      a bill or training log (repeatable), read as\n"
               "                      'costlab-cli actuals' reads them: adds the 'Plan versus\n"
               "                      actual' section and chart\n"
               "  --versus OTHER      another plan: adds 'Route A vs Route B on value' (this\n"
               "                      plan as A, OTHER as B, as 'costlab-cli value' compares)\n"
               "  -h, --help          show this help\n\n") +
           std::string(kExitCodesHelp);
}

/// The PDF needs Qt Gui; costlab-cli stays Qt-free and hands over to costlab-report from
/// its own directory (docs/report.md explains the choice). exec keeps the exit code.
int runReport(const std::vector<std::string>& argv, const char* argv0)
{
    for (const std::string& a : argv)
        if (a == "-h" || a == "--help") {
            std::cout << helpReport();
            return Ok;
        }
    const std::filesystem::path exe = exeDir(argv0) / "costlab-report";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(exe, ec))
        throw Failure{IoError, "costlab-cli report: " + exe.string() +
                                   " not found; the PDF report needs the Qt program costlab-report"
                                   " next to costlab-cli (built with COSTLAB_BUILD_GUI=ON)"};
    std::vector<std::string> args = expandShortOutput(argv);
    std::vector<char*> cargs;
    std::string name = exe.string();
    cargs.push_back(name.data());
    for (std::string& a : args)
        cargs.push_back(a.data());
    cargs.push_back(nullptr);
    std::cout.flush();
    ::execv(name.c_str(), cargs.data());
    throw Failure{IoError, "costlab-cli report: cannot run " + name + ": " +
                               std::string(std::strerror(errno))};
}

} // namespace costlab::cli
