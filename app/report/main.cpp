// costlab-report: writes the PDF budget report of a plan. A separate Qt program so that
// costlab-cli stays plain C++; `costlab-cli report ...` execs this binary from its own
// directory with the same arguments (docs/report.md). Runs without a display: the
// offscreen platform is chosen when neither DISPLAY nor WAYLAND_DISPLAY is set.
//
// Exit codes as costlab-cli (exitcodes.h).

#include "actualsfiles.h"
#include "catalogio.h"
#include "datapaths.h"
#include "exitcodes.h"
#include "files.h"
#include "languages.h"
#include "printable.h"
#include "reportwriter.h"
#include "scenario_json.h"
#include "store.h"
#include "value.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace costlab;

namespace {

const char* kHelp =
    "Usage: costlab-report FILE -o OUT.pdf [--lang zh_CN|en] [--page-size A4|Letter]\n"
    "                      [--author NAME] [--catalog CATALOG.json] [--db LIBRARY]\n"
    "                      [--actuals FILE ...] [--versus OTHER.costlab.json] [--quiet]\n"
    "\n"
    "Write the PDF budget report of the plan in FILE (.costlab.json). Also reachable as\n"
    "'costlab-cli report'. Progress goes to standard error unless --quiet.\n"
    "--actuals FILE (repeatable) adds a bill or training log, as costlab-cli actuals reads\n"
    "them, and a 'Plan versus actual' section with its chart.\n"
    "--versus OTHER adds 'Route A vs Route B on value': this plan (A) and OTHER (B) each\n"
    "sized to reach every benchmark score, the crossing and what moves it, as\n"
    "'costlab-cli value FILE OTHER' prints them (OTHER priced by the same catalog rule).\n"
    "\n";

/// One line to stderr through the output gate (terminalSafe): paths, names and messages
/// quoting them never reach the terminal as escape sequences or bidi overrides (issue 44).
void say(const std::string& line)
{
    const std::string safe = terminalSafe(line) + "\n";
    std::fputs(safe.c_str(), stderr);
}

int usage(const std::string& msg)
{
    std::fprintf(stderr, "costlab-report: %s\nRun 'costlab-report --help' for usage.\n",
                 printable(msg).c_str());
    return Usage;
}

/// The catalog that prices the plan in `planPath` by pickCatalog()'s rule (catalogio.h), as
/// costlab-cli finds it: --catalog FILE, else the plan's catalog id in the --db library,
/// else the shipped catalog. Ok with `cat` set, or the exit code after printing why.
int reportCatalog(const std::string& planPath, const Scenario& plan,
                  const std::string& catalogPathArg, const std::string& dbPath,
                  std::optional<Catalog>& cat)
{
    std::optional<Catalog> given, shipped;
    CatalogSources src;
    std::vector<std::string> errors;
    const std::string catPath = catalogPathArg.empty()
                                    ? catalogPath(QStringLiteral("default")).toStdString()
                                    : catalogPathArg;
    if (!catPath.empty()) {
        auto loaded = loadCatalogFile(catPath, errors);
        if (!loaded) {
            for (const auto& e : errors)
                say(catPath + ": " + e);
            return QFileInfo::exists(QString::fromStdString(catPath)) ? InvalidInput : IoError;
        }
        (catalogPathArg.empty() ? shipped : given) = std::move(loaded);
        src.given = given ? &*given : nullptr;
        src.shipped = shipped ? &*shipped : nullptr;
    } else if (dbPath.empty()) {
        std::fprintf(stderr, "costlab-report: no catalog found; pass one with --catalog FILE or "
                             "set COSTLAB_DATA_DIR\n");
        return IoError;
    }
    ScenarioStore store;
    if (!dbPath.empty()) {
        if (const Status st = store.open(dbPath, inspectOnlyOptions()); !st) {
            say("costlab-report: --db " + dbPath + ": " + st.error);
            return IoError;
        }
        src.library = catalogLookup(store);
    }
    src.hint = "pass --catalog FILE, or --db LIBRARY to use the library's catalogs";
    cat = pickCatalog(plan.catalog_id, src);
    if (!cat->unavailable.empty()) {
        say(planPath + ": /catalog: " + cat->unavailable);
        return InvalidInput;
    }
    return Ok;
}

/// --actuals FILE ...: the bills and logs against the plan, as costlab-cli actuals compares
/// them, into `opt.actuals`. Ok, or the exit code after saying why.
int readActuals(const std::vector<std::string>& files, const std::string& planPath,
                const Scenario& plan, const Catalog& cat, ReportWriter::Options& opt)
{
    // Files by their name in the report: a path says where the writer's disk keeps them.
    ActualsFiles read = readActualsFiles(files, {}, [](const std::string& path) {
        return std::filesystem::path(path).filename().string();
    });
    for (const ActualsFileError& e : read.errors) {
        say(e.path + ": " + e.message + "; no report was written");
        return e.unreadable ? IoError : InvalidInput;
    }
    auto result = std::make_shared<ActualsResult>(compareActuals(plan, cat, read.bills, read.logs));
    if (!result->error.empty()) {
        say(planPath + ": " + result->error);
        return InvalidInput;
    }
    opt.actuals = std::move(result);
    return Ok;
}

/// --versus OTHER: Route A vs Route B on value (issue 46), this plan as A and OTHER as B,
/// OTHER priced by the same catalog rule; its comparison goes into `opt.value`. Ok, or the exit
/// code after saying why (the file does not load, no catalog, a plan without a score).
int readVersus(const std::string& path, const Scenario& plan, const Catalog& cat,
               const std::string& catalogPathArg, const std::string& dbPath,
               ReportWriter::Options& opt)
{
    const LoadResult other = loadScenarioFile(path);
    if (!other.scenario || !other.errors.empty()) {
        for (const LoadError& e : other.errors)
            say(path + ": " + (e.pointer.empty() ? std::string("(document)") : e.pointer) + ": " +
                e.message);
        return other.unreadable ? IoError : InvalidInput;
    }
    std::optional<Catalog> otherCat;
    if (const int rc = reportCatalog(path, *other.scenario, catalogPathArg, dbPath, otherCat);
        rc != Ok)
        return rc;
    auto value =
        std::make_shared<ValueComparison>(compareValue(plan, cat, *other.scenario, *otherCat));
    if (!value->error.empty()) {
        say("costlab-report: --versus: " + value->error + "; no report was written");
        return InvalidInput;
    }
    opt.value.comparison = std::move(value);
    opt.value.other_name = QString::fromStdString(other.scenario->name);
    // B's money in A's currency, at the rate of whichever plan is kept in CNY.
    if (other.scenario->currency != plan.currency)
        opt.value.other_factor = other.scenario->currency == Currency::CNY
                                     ? 1.0 / other.scenario->cny_per_usd
                                     : plan.cny_per_usd;
    return Ok;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");

    std::vector<std::string> pos;
    std::string out, lang = "en", pageSize = "A4", author, catalogPathArg, dbPath;
    std::vector<std::string> actualsFiles;
    std::string versusPath;
    bool quiet = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](std::string& dst) {
            const auto eq = a.find('=');
            if (eq != std::string::npos) {
                dst = a.substr(eq + 1);
                return true;
            }
            if (i + 1 >= argc)
                return false;
            dst = argv[++i];
            return true;
        };
        auto is = [&](const char* name) {
            return a == name || a.rfind(std::string(name) + "=", 0) == 0;
        };
        if (a == "-h" || a == "--help") {
            std::fputs(kHelp, stdout);
            std::fputs(std::string(kExitCodesHelp).c_str(), stdout);
            return Ok;
        } else if (a == "-o" || is("--output")) {
            if (!value(out))
                return usage("option '" + a + "' needs a value");
        } else if (is("--lang")) {
            if (!value(lang))
                return usage("option '--lang' needs a value");
        } else if (is("--page-size")) {
            if (!value(pageSize))
                return usage("option '--page-size' needs a value");
        } else if (is("--author")) {
            if (!value(author))
                return usage("option '--author' needs a value");
        } else if (is("--catalog")) {
            if (!value(catalogPathArg))
                return usage("option '--catalog' needs a value");
        } else if (is("--db")) {
            if (!value(dbPath))
                return usage("option '--db' needs a value");
        } else if (is("--actuals")) {
            std::string f;
            if (!value(f))
                return usage("option '--actuals' needs a value");
            actualsFiles.push_back(f);
        } else if (is("--versus")) {
            if (!value(versusPath))
                return usage("option '--versus' needs a value");
        } else if (a == "--quiet")
            quiet = true;
        else if (a.size() > 1 && a[0] == '-')
            return usage("unknown option '" + a + "'");
        else
            pos.push_back(a);
    }
    if (pos.size() != 1)
        return usage(pos.empty() ? "missing FILE" : "expected one FILE");
    if (out.empty())
        return usage("missing -o OUT.pdf");
    if (out == "-")
        return usage("a PDF is not written to standard output; give a file name with -o");
    std::vector<std::string> inputs = pos;
    for (const std::string* in : {&catalogPathArg, &dbPath})
        inputs.push_back(*in);
    inputs.insert(inputs.end(), actualsFiles.begin(), actualsFiles.end());
    if (!versusPath.empty())
        inputs.push_back(versusPath);
    if (const std::string same = checkOutputNotInput(out, inputs); !same.empty())
        return usage(same); // issue 44: -o once replaced the command's own input
    if (const std::string refused = checkOutputPath(out); !refused.empty()) {
        say("costlab-report: " + refused);
        return IoError;
    }
    ReportWriter::Options opt;
    if (pageSize == "A4" || pageSize == "a4")
        opt.pageSize = QPageSize(QPageSize::A4);
    else if (pageSize == "Letter" || pageSize == "letter")
        opt.pageSize = QPageSize(QPageSize::Letter);
    else
        return usage("--page-size must be A4 or Letter, not '" + pageSize + "'");
    if (lang != "en" && lang != "zh_CN")
        return usage("--lang must be en or zh_CN, not '" + lang + "'");

    QApplication app(argc, argv);
    opt.language = QString::fromStdString(lang);
    opt.author = QString::fromStdString(author);
    if (lang != "en")
        setLanguage(opt.language); // the report language for every string, charts included

    const LoadResult r = loadScenarioFile(pos[0]);
    if (!r.scenario || !r.errors.empty()) {
        for (const LoadError& e : r.errors)
            say(pos[0] + ": " + (e.pointer.empty() ? std::string("(document)") : e.pointer) + ": " +
                e.message);
        return r.unreadable ? IoError : InvalidInput;
    }
    std::optional<Catalog> cat;
    if (const int rc = reportCatalog(pos[0], *r.scenario, catalogPathArg, dbPath, cat); rc != Ok)
        return rc;

    if (!actualsFiles.empty())
        if (const int rc = readActuals(actualsFiles, pos[0], *r.scenario, *cat, opt); rc != Ok)
            return rc;
    if (!versusPath.empty())
        if (const int rc = readVersus(versusPath, *r.scenario, *cat, catalogPathArg, dbPath, opt);
            rc != Ok)
            return rc;
    ReportWriter w;
    QString error;
    QElapsedTimer t;
    t.start();
    int last = -1;
    const bool ok =
        w.write(*r.scenario, *cat, QString::fromStdString(out), opt, &error, [&](int p) {
            if (!quiet && p / 10 != last / 10)
                std::fprintf(stderr, "\r%3d %%", p);
            last = p;
            return true;
        });
    if (!quiet)
        std::fprintf(stderr, "\r");
    if (!ok) {
        say("costlab-report: " + error.toStdString());
        return IoError;
    }
    if (!quiet)
        say(out + ": " + std::to_string(w.lastPageCount()) + " pages in " +
            QString::number(t.elapsed() / 1000.0, 'f', 2).toStdString() + " s");
    return Ok;
}
