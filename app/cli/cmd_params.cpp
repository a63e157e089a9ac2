// costlab-cli params (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "registryjson.h"
#include "report.h"

#include <cmath>
#include <iostream>

namespace costlab::cli {

std::string helpParams()
{
    return std::string(
               "Usage: costlab-cli params [--json]\n"
               "\n"
               "List every input parameter: id, unit, range, default, scale, label and help.\n"
               "Phase parameters are listed once per phase kind (pretrain., rl., eval.); a\n"
               "second phase of the same kind is addressed as rl#2.ID.\n"
               "\n"
               "Options:\n"
               "  --json       print the registry as a JSON array\n"
               "  -h, --help   show this help\n\n") +
           std::string(kExitCodesHelp);
}

int runParams(const std::vector<std::string>& argv, const char*)
{
    const Args a = parseArgs("params", argv, {{"json", false}});
    if (a.help) {
        std::cout << helpParams();
        return Ok;
    }
    if (!a.positional.empty())
        throw Failure{Usage, "costlab-cli params: unexpected argument '" + a.positional[0] +
                                 "'\nRun 'costlab-cli params --help' for usage."};
    std::cout << (a.has("json") ? registryToJson() : paramsReport());
    return Ok;
}

} // namespace costlab::cli
