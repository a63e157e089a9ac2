#include "shellwords.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <map>
#include <sstream>

namespace costlab {

namespace {

/// Shell text reduced to what a launch script passes: variables (scalars and arrays, with
/// ${NAME:-default}) expanded, comments and line continuations removed, words split.
class Shell {
public:
    explicit Shell(std::string_view text)
        : m_budget(std::max<std::size_t>(kExpansionBudget, 4 * text.size()))
    {
        run(text);
    }
    const std::vector<std::string>& words() const { return m_words; }
    bool overflowed() const { return m_overflow; }

private:
    /// Expansion stops once the script has produced this much text: a launch script expands
    /// to a few kB, while 279 bytes of variables that double each line ("A=$A$A") made 73 s
    /// and 1.75 GB (issue 44). The budget bounds time and memory whatever the input.
    static constexpr std::size_t kExpansionBudget = 16u * 1024u * 1024u;

    std::string expand(const std::string& s) const
    {
        std::string out;
        for (std::size_t i = 0; i < s.size() && !m_overflow; ++i) {
            if (out.size() > m_budget) { // checked before the next append can double it
                m_overflow = true;
                break;
            }
            if (s[i] != '$' || i + 1 >= s.size()) {
                out += s[i];
                continue;
            }
            std::string name, fallback;
            bool hasFallback = false;
            std::size_t j = i + 1;
            if (s.compare(j, 2, "((") == 0) { // $(( arithmetic )), as launch scripts size pools
                // The matching "))": inner parentheses ("$(((a + b) * 2))") nest.
                std::size_t close = j + 2;
                for (int depth = 2; close < s.size(); ++close) {
                    depth += s[close] == '(' ? 1 : s[close] == ')' ? -1 : 0;
                    if (depth == 0)
                        break;
                }
                if (close < s.size() && s[close - 1] == ')') {
                    out += arithmetic(s.substr(j + 2, close - j - 3));
                    i = close;
                    continue;
                }
            }
            if (s[j] == '{') {
                const std::size_t close = s.find('}', j);
                if (close == std::string::npos) {
                    out += s[i];
                    continue;
                }
                std::string inner = s.substr(j + 1, close - j - 1);
                if (const auto d = inner.find(":-"); d != std::string::npos) {
                    fallback = inner.substr(d + 2);
                    hasFallback = true;
                    inner = inner.substr(0, d);
                }
                if (const auto b = inner.find('['); b != std::string::npos)
                    inner = inner.substr(0, b); // ${ARR[@]}: the whole array
                name = inner;
                i = close;
            } else {
                while (j < s.size() &&
                       (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_'))
                    name += s[j++];
                if (name.empty()) {
                    out += s[i];
                    continue;
                }
                i = j - 1;
            }
            const auto it = m_vars.find(name);
            if (it != m_vars.end() && !it->second.empty())
                out += it->second;
            else if (hasFallback)
                out += expand(fallback);
            else
                out += "\x01" + name + "\x01"; // unresolved: the flag's value is unknown
        }
        if (out.size() > m_budget)
            m_overflow = true;
        if (m_overflow)
            return {};
        m_budget -= out.size();
        return out;
    }

    /// Integer arithmetic of bash's $(( )) for + - * / and parentheses over numbers and
    /// variables (with or without $); "\x01expr\x01" (unresolved) when a variable is unknown,
    /// the text is not such an expression or divides by zero.
    std::string arithmetic(const std::string& expr) const
    {
        const std::string e = expand(expr);
        std::size_t pos = 0;
        bool ok = true;
        const long long v = sum(e, pos, ok, 0);
        while (pos < e.size() && std::isspace(static_cast<unsigned char>(e[pos])))
            ++pos;
        if (!ok || pos != e.size())
            return "\x01" + expr + "\x01";
        return std::to_string(v);
    }
    long long sum(const std::string& e, std::size_t& pos, bool& ok, int depth) const
    {
        long long v = product(e, pos, ok, depth);
        for (char op = peek(e, pos); ok && (op == '+' || op == '-'); op = peek(e, pos)) {
            ++pos;
            const long long r = product(e, pos, ok, depth);
            // Overflow is an expression Costlab cannot evaluate, not undefined behaviour.
            if (op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v))
                ok = false;
        }
        return v;
    }
    long long product(const std::string& e, std::size_t& pos, bool& ok, int depth) const
    {
        long long v = atom(e, pos, ok, depth);
        for (char op = peek(e, pos); ok && (op == '*' || op == '/'); op = peek(e, pos)) {
            ++pos;
            const long long r = atom(e, pos, ok, depth);
            if (op == '/' && (r == 0 || (v == LLONG_MIN && r == -1)))
                ok = false;
            else if (op == '*' && __builtin_mul_overflow(v, r, &v))
                ok = false;
            else if (op == '/')
                v /= r;
        }
        return v;
    }
    long long atom(const std::string& e, std::size_t& pos, bool& ok, int depth) const
    {
        const char c = peek(e, pos);
        if (c == '(' && depth < 16) {
            ++pos;
            const long long v = sum(e, pos, ok, depth + 1);
            if (peek(e, pos) != ')')
                ok = false;
            ++pos;
            return v;
        }
        if (c == '-' && depth < 16) {
            ++pos;
            const long long v = atom(e, pos, ok, depth + 1);
            if (v == LLONG_MIN)
                ok = false;
            return ok ? -v : 0;
        }
        std::string word;
        while (pos < e.size() &&
               (std::isalnum(static_cast<unsigned char>(e[pos])) || e[pos] == '_' || e[pos] == '$'))
            word += e[pos++];
        if (!word.empty() && word[0] == '$')
            word.erase(0, 1);
        if (word.empty() || word.size() > 18) {
            ok = false;
            return 0;
        }
        if (std::isdigit(static_cast<unsigned char>(word[0]))) {
            for (char d : word)
                ok = ok && std::isdigit(static_cast<unsigned char>(d));
            return ok ? std::stoll(word) : 0;
        }
        const auto it = m_vars.find(word); // a bare name is a variable in $(( ))
        if (it == m_vars.end() || it->second.empty() || it->second.size() > 18 ||
            !std::all_of(it->second.begin(), it->second.end(),
                         [](unsigned char d) { return std::isdigit(d); })) {
            ok = false;
            return 0;
        }
        return std::stoll(it->second);
    }
    static char peek(const std::string& e, std::size_t& pos)
    {
        while (pos < e.size() && std::isspace(static_cast<unsigned char>(e[pos])))
            ++pos;
        return pos < e.size() ? e[pos] : '\0';
    }

    static std::vector<std::string> split(const std::string& s)
    {
        std::vector<std::string> out;
        std::string cur;
        char quote = 0;
        bool any = false;
        for (char c : s) {
            if (quote) {
                if (c == quote)
                    quote = 0;
                else
                    cur += c;
            } else if (c == '"' || c == '\'') {
                quote = c;
                any = true;
            } else if (std::isspace(static_cast<unsigned char>(c))) {
                if (any || !cur.empty())
                    out.push_back(cur);
                cur.clear();
                any = false;
            } else if (c == '#' && cur.empty() && !any) {
                break; // a comment to the end of the line
            } else {
                cur += c;
            }
        }
        if (any || !cur.empty())
            out.push_back(cur);
        return out;
    }

    void run(std::string_view text)
    {
        // Join continuation lines.
        std::string joined;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == '\n') {
                ++i;
                continue;
            }
            joined += text[i];
        }
        std::istringstream in(joined);
        std::string line, array, arrayName;
        while (!m_overflow && std::getline(in, line)) {
            line = withoutComment(line);
            if (!arrayName.empty()) { // inside NAME=( ... )
                const auto close = line.find(')');
                array += " " + line.substr(0, close);
                if (close != std::string::npos)
                    finishArray(arrayName, array);
                continue;
            }
            std::string t = line;
            t.erase(0, t.find_first_not_of(" \t"));
            if (t.rfind("export ", 0) == 0)
                t = t.substr(7);
            std::size_t n = 0;
            while (n < t.size() && (std::isalnum(static_cast<unsigned char>(t[n])) || t[n] == '_'))
                ++n;
            // NAME=value, and NAME+=value (bash's append, also for arrays: ARGS+=( … )).
            const bool append = n > 0 && n + 1 < t.size() && t[n] == '+' && t[n + 1] == '=';
            if (n > 0 && n < t.size() && (t[n] == '=' || append) &&
                !std::isdigit(static_cast<unsigned char>(t[0]))) {
                const std::string name = t.substr(0, n);
                std::string value = t.substr(n + (append ? 2 : 1));
                if (!value.empty() && value[0] == '(') {
                    const auto close = value.find(')');
                    array =
                        value.substr(1, close == std::string::npos ? std::string::npos : close - 1);
                    if (append && m_vars.count(name))
                        array = m_vars[name] + " " + array;
                    arrayName = name;
                    if (close != std::string::npos)
                        finishArray(arrayName, array);
                    continue;
                }
                const auto words = split(expand(value));
                if (!words.empty() && words.size() == 1)
                    m_vars[name] = words.front();
                else if (!words.empty())
                    addWords(words); // NAME="--a 1 --b 2": the flags count
                continue;
            }
            addWords(split(expand(line)));
        }
    }

    /// The line up to an unquoted '#' that starts a word (a comment), per line: an array's
    /// lines are joined afterwards and a comment must not swallow the lines after it.
    static std::string withoutComment(const std::string& line)
    {
        char quote = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quote) {
                if (c == quote)
                    quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#' &&
                       (i == 0 || std::isspace(static_cast<unsigned char>(line[i - 1])))) {
                return line.substr(0, i);
            }
        }
        return line;
    }

    void finishArray(std::string& name, std::string& body)
    {
        const auto words = split(expand(body));
        std::string joined;
        for (const auto& w : words)
            joined += (joined.empty() ? "" : " ") + w;
        m_vars[name] = joined;
        addWords(words);
        name.clear();
        body.clear();
    }

    void addWords(const std::vector<std::string>& w)
    {
        for (const auto& s : w)
            for (const auto& part : split(s)) // an expanded array splits again
                m_words.push_back(part);
    }

    std::map<std::string, std::string> m_vars;
    std::vector<std::string> m_words;
    mutable std::size_t m_budget; ///< bytes expansion may still produce
    mutable bool m_overflow = false;
};

} // namespace

std::vector<std::string> shellWords(std::string_view text, std::string* error)
{
    Shell sh(text);
    if (sh.overflowed()) {
        if (error)
            *error = "the script's variables expand to more than 16 MiB of text (a variable "
                     "that doubles itself?); Costlab reads launch scripts of ordinary size";
        return {};
    }
    return sh.words();
}

std::string lineOfFlag(std::string_view text, std::string_view needle, std::string_view wordChars)
{
    for (auto at = text.find(needle); at != std::string_view::npos;
         at = text.find(needle, at + 1)) {
        const std::size_t end = at + needle.size();
        if (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                                  wordChars.find(text[end]) != std::string_view::npos))
            continue;
        const std::size_t start =
            text.rfind('\n', at) == std::string_view::npos ? 0 : text.rfind('\n', at) + 1;
        const std::size_t first = text.find_first_not_of(" \t", start);
        if (first != std::string_view::npos && first < at && text[first] == '#')
            continue; // a commented-out flag is not the one the script passes
        return "line " +
               std::to_string(1 + std::count(text.begin(), text.begin() + long(at), '\n'));
    }
    return {};
}

} // namespace costlab
