// costlab-cli library (one file per sub-command; the table is in commands.cpp): checks a
// library and copies one into another, file or team server alike (issue 48).
#include "cli.h"
#include "commands.h"
#include "printable.h"
#include "store.h"

#include <iomanip>
#include <iostream>

namespace costlab::cli {

std::string helpLibrary()
{
    return std::string(
               "Usage: costlab-cli library check LIBRARY\n"
               "       costlab-cli library copy FROM TO\n"
               "\n"
               "LIBRARY, FROM and TO are library files (created when missing) or team libraries\n"
               "on a PostgreSQL server, named by a connection string such as\n"
               "postgresql://alice@db.example.com/costlab?sslmode=verify-full (the password\n"
               "comes from ~/.pgpass or a service file; docs/library.md).\n"
               "\n"
               "check  opens the library (creating or upgrading its schema when the role may),\n"
               "       runs its integrity check and prints the schema version, who is\n"
               "       connected, whether it is read-only, and how many plans it holds.\n"
               "copy   copies every plan with its revisions and tags, every catalog, lesson\n"
               "       and comparison from FROM into TO, keeping their ids, in one\n"
               "       transaction, then checks each table row by row. Running it again copies\n"
               "       nothing new. A row of TO with the same id but other content is another\n"
               "       library's data: it is reported (exit 3) and nothing is written.\n"
               "       FROM is opened read-only. Personal autosave slots are not copied. On a\n"
               "       team library, copy as the library's owner so revisions keep their\n"
               "       authors.\n"
               "\n"
               "Options:\n"
               "  -h, --help          show this help\n\n") +
           std::string(kExitCodesHelp);
}

namespace {

/// Opens `location`; Failure{IoError or InvalidInput} naming it without its password.
void openOrFail(ScenarioStore& st, const std::string& location, const StoreOptions& o)
{
    if (const Status e = st.open(location, o); !e)
        throw Failure{e.kind == StoreError::Invalid ? InvalidInput : IoError,
                      "costlab-cli library: " + printable(e.error)};
}

int check(const std::string& location)
{
    ScenarioStore st;
    openOrFail(st, location, {});
    const auto integrity = st.integrityCheck();
    const auto count = st.count(ListFilter{.include_trashed = true});
    std::cout << "library:        " << printable(st.path()) << "\n"
              << "schema version: " << st.schemaVersion() << "\n"
              << "saving as:      " << printable(st.user()) << "\n"
              << "read-only:      "
              << (st.isReadOnly() ? "yes (" + printable(st.status().read_only_reason) + ")"
                                  : std::string("no"))
              << "\n"
              << "plans:          " << (count ? std::to_string(count.value) : "?") << "\n"
              << "integrity:      " << printable(integrity ? integrity.value : integrity.error)
              << "\n";
    if (!st.status().message.empty())
        std::cout << "note:           " << printable(st.status().message) << "\n";
    return integrity && integrity.value == "ok" ? Ok : InvalidInput;
}

int copy(const std::string& from, const std::string& to)
{
    ScenarioStore source, target;
    StoreOptions ro = inspectOnlyOptions();
    openOrFail(source, from, ro);
    openOrFail(target, to, {});
    const auto r = target.copyFrom(source);
    if (!r)
        throw Failure{r.kind == StoreError::Conflict || r.kind == StoreError::Invalid ? InvalidInput
                                                                                      : IoError,
                      "costlab-cli library copy: " + printable(r.error)};
    std::cout << "Copied " << printable(source.path()) << " into " << printable(target.path())
              << " (every row checked):\n";
    for (const auto& t : r.value.tables)
        std::cout << "  " << std::left << std::setw(10) << t.name << std::right << std::setw(8)
                  << t.rows << " rows, " << t.copied << " new\n";
    return Ok;
}

} // namespace

int runLibrary(const std::vector<std::string>& args, const char*)
{
    const Args a = parseArgs("library", args, {});
    if (a.help) {
        std::cout << helpLibrary();
        return Ok;
    }
    const auto& p = a.positional;
    if (p.size() == 2 && p[0] == "check")
        return check(p[1]);
    if (p.size() == 3 && p[0] == "copy")
        return copy(p[1], p[2]);
    throw Failure{Usage, "costlab-cli library: expected 'check LIBRARY' or 'copy FROM TO' "
                         "(costlab-cli library --help)"};
}

} // namespace costlab::cli
