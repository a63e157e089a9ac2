// costlab-cli params (one file per sub-command; the table is in commands.cpp).
#include "cli.h"
#include "commands.h"
#include "registryjson.h"
#include "report.h"
#include "textformat.h"

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
               "The table ends with the accelerator and instance ids of the catalog (the\n"
               "values pretrain.accelerator, rl.env_instance and the like take).\n"
               "\n"
               "Options:\n"
               "  --json          print the registry as a JSON array\n"
               "  --catalog FILE  list the ids of this catalog instead of the default one\n"
               "  -h, --help      show this help\n\n") +
           std::string(kCatalogSearch) + "\n" + std::string(kExitCodesHelp);
}

namespace {

/// The catalog ids a plan's reference parameters take, one line each, or why there are none.
std::string catalogIds(const Args& a, const char* argv0)
{
    Catalog cat;
    try {
        cat = loadCatalog(a, argv0);
    } catch (const Failure& f) {
        if (a.has("catalog"))
            throw;
        return "\nNo catalog found, so no accelerator ids are listed (" + f.message + ").\n";
    }
    std::string out =
        "\nAccelerators in catalog '" + printable(cat.id) + "' (pretrain.accelerator, ...):\n";
    for (const Accelerator& acc : cat.accelerators)
        out += "  " + printable(acc.id) + "  " + printable(acc.name) + "\n";
    out += "Instance types (rl.env_instance, ...):\n";
    for (const InstanceType& i : cat.instances)
        out += "  " + printable(i.id) + "  " + printable(i.name) + "\n";
    return out;
}

} // namespace

int runParams(const std::vector<std::string>& argv, const char* argv0)
{
    const Args a = parseArgs("params", argv, {{"json", false}, {"catalog", true}});
    if (a.help) {
        std::cout << helpParams();
        return Ok;
    }
    if (!a.positional.empty())
        throw Failure{Usage, "costlab-cli params: unexpected argument '" + a.positional[0] +
                                 "'\nRun 'costlab-cli params --help' for usage."};
    if (a.has("json")) {
        if (a.has("catalog")) // the registry JSON has no catalog ids, but a bad file is an error
            loadCatalog(a, argv0);
        std::cout << registryToJson();
    } else
        std::cout << paramsReport() << catalogIds(a, argv0);
    return Ok;
}

} // namespace costlab::cli
