// Fuzz target: importing a file into the library (Library → Import, issue 44: every reader
// gets a target). Any bytes as a .costlab.json file → importFiles must not crash; the file is
// either imported or rejected with a reason, and an imported plan loads back from the library.
#include "store.h"

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

/// One library per process, in a private temporary folder, removed at exit.
struct Library {
    std::filesystem::path dir;
    costlab::ScenarioStore store;
    Library()
    {
        char tmpl[] = "/tmp/costlab-fuzz-import-XXXXXX";
        if (!::mkdtemp(tmpl))
            std::abort();
        dir = tmpl;
        costlab::StoreOptions o;
        o.durable_sync = false; // no fsync per input
        if (!store.open((dir / "library.db").string(), o).ok())
            std::abort();
    }
    ~Library()
    {
        store.close();
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    static Library lib;
    const std::string file = (lib.dir / "input.costlab.json").string();
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    }
    const ImportReport r = lib.store.importFiles({file});
    if (r.imported.size() + r.rejected.size() + r.identical.size() != 1)
        std::abort(); // every file is accounted for
    for (std::int64_t id : r.imported)
        if (!lib.store.loadCurrent(id).ok())
            std::abort(); // what was imported loads back
    return 0;
}
