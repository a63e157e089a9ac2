// costlab-cli: the engine on the command line, for batch runs and CI budget checks.
// Plain C++ (no Qt) so the tool stays as light as the model library it wraps. Each
// sub-command is one file (cmd_<name>.cpp) and one row of the command table
// (commands.cpp); this file only dispatches. Exit codes: exitcodes.h, docs/cli.md.
#include "catalogio.h"
#include "cli.h"
#include "commands.h"
#include "files.h"
#include "printable.h"
#include "scenario_json.h"

#include <exception>
#include <iostream>
#include <streambuf>
#include <string>
#include <vector>

using namespace costlab;
using namespace costlab::cli;

namespace {

/// The one output gate (issue 44): everything costlab-cli writes to stdout and stderr passes
/// terminalSafe(), so no user text — a plan name, a lesson, an unknown key quoted in an
/// error, a --set echo, a CSV on stdout — can reach the terminal as an escape sequence, a C1
/// control or a bidi override. Line feeds and tabs pass. Bytes are held back only while a
/// UTF-8 sequence is incomplete; a write error of the real stream fails this one.
class OutputGate : public std::streambuf {
public:
    explicit OutputGate(std::ostream& os) : m_os(os), m_target(os.rdbuf()) { os.rdbuf(this); }
    ~OutputGate() override
    {
        forward(true);
        m_os.rdbuf(m_target);
    }
    OutputGate(const OutputGate&) = delete;
    OutputGate& operator=(const OutputGate&) = delete;

protected:
    int_type overflow(int_type ch) override
    {
        if (traits_type::eq_int_type(ch, traits_type::eof()))
            return sync() == 0 ? traits_type::not_eof(ch) : traits_type::eof();
        m_pending += traits_type::to_char_type(ch);
        if (m_pending.size() >= kChunk && !forward(false))
            return traits_type::eof();
        return ch;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override
    {
        m_pending.append(s, std::size_t(n));
        if (m_pending.size() >= kChunk && !forward(false))
            return 0;
        return n;
    }
    int sync() override
    {
        if (!forward(true))
            return -1;
        return m_target->pubsync();
    }

private:
    static constexpr std::size_t kChunk = 8192;
    bool forward(bool all)
    {
        const std::size_t n = all ? m_pending.size() : completeUtf8Prefix(m_pending);
        if (n == 0)
            return true;
        const std::string out = terminalSafe(std::string_view(m_pending).substr(0, n));
        m_pending.erase(0, n);
        return m_target->sputn(out.data(), std::streamsize(out.size())) ==
               std::streamsize(out.size());
    }

    std::ostream& m_os;
    std::streambuf* m_target;
    std::string m_pending;
};

/// The command list of the usage text, from the command table.
std::string commandList()
{
    std::string out = "Commands:\n";
    for (const Command& c : commands()) {
        std::string head = "  " + std::string(c.name);
        if (!c.synopsis.empty())
            head += " " + std::string(c.synopsis);
        head.resize(std::max<std::size_t>(head.size() + 1, 18), ' ');
        out += head + std::string(c.summary) + "\n";
    }
    out += "  help [COMMAND]  show help (same as COMMAND --help)\n";
    return out;
}

std::string mainHelp()
{
    return "Usage: costlab-cli COMMAND [OPTIONS]\n"
           "\n"
           "Estimate the cost, time and risk of training a large language model from a\n"
           ".costlab.json plan.\n"
           "\n" +
           commandList() +
           "\n"
           "Options:\n"
           "  -h, --help      show this help\n"
           "  -V, --version   print the version and the catalog date\n"
           "\n"
           "Run 'costlab-cli COMMAND --help' for the options of a command.\n\n" +
           std::string(kExitCodesHelp);
}

std::string commandNames()
{
    std::string names;
    const auto all = commands();
    for (std::size_t i = 0; i < all.size(); ++i)
        names += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i].name);
    return names;
}

int cmdVersion(const char* argv0)
{
    std::cout << "costlab-cli " << COSTLAB_VERSION << "\n";
    // The catalog date tells the user how fresh the prices are; absence is not an error.
    const CatalogChoice c = findCatalog(Args{}, argv0);
    if (!c.path.empty()) {
        std::string err;
        if (std::optional<std::string> text = readFile(c.path, err)) {
            std::vector<std::string> errors;
            if (std::optional<Catalog> cat = catalogFromJson(*text, errors); cat && errors.empty())
                std::cout << "catalog " << cat->id << ", "
                          << (cat->date.empty() ? std::string("undated") : cat->date) << " ("
                          << c.path << ")\n";
        }
    }
    return Ok;
}

int run(int argc, char** argv)
{
    std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
    const char* argv0 = argc > 0 ? argv[0] : "costlab-cli";
    if (args.empty()) {
        std::cerr << "Usage: costlab-cli COMMAND [OPTIONS]\n\n"
                  << commandList() << "\nRun 'costlab-cli --help' for details.\n";
        return Usage;
    }
    const std::string cmd = args.front();
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (cmd == "-h" || cmd == "--help") {
        std::cout << mainHelp();
        return Ok;
    }
    if (cmd == "help") {
        if (rest.empty()) {
            std::cout << mainHelp();
            return Ok;
        }
        const Command* c = findCommand(rest[0]);
        if (!c)
            throw Failure{Usage, "costlab-cli help: unknown command '" + rest[0] + "'"};
        std::cout << c->help();
        return Ok;
    }
    if (cmd == "-V" || cmd == "--version")
        return cmdVersion(argv0);
    if (const Command* c = findCommand(cmd))
        return c->run(rest, argv0);
    if (cmd.rfind("-", 0) == 0)
        throw Failure{Usage, "costlab-cli: unknown option '" + cmd +
                                 "'\nRun 'costlab-cli --help' for usage."};
    throw Failure{Usage, "costlab-cli: unknown command '" + cmd + "' (expected " + commandNames() +
                             ")\nRun 'costlab-cli --help' for usage."};
}

} // namespace

int main(int argc, char** argv)
{
    OutputGate outGate(std::cout), errGate(std::cerr);
    try {
        const int code = run(argc, argv);
        std::cout.flush();
        if (!std::cout) {
            std::cerr << "costlab-cli: cannot write output\n";
            return IoError;
        }
        return code;
    } catch (const Failure& f) {
        std::cout.flush();
        std::cerr << f.message << "\n";
        return f.code;
    } catch (const std::exception& e) {
        std::cerr << "costlab-cli: internal error: " << e.what() << "\n";
        return Internal;
    } catch (...) {
        std::cerr << "costlab-cli: internal error\n";
        return Internal;
    }
}
