// Untrusted JSON text, parsed the same way for every file Costlab reads (scenarios,
// catalogs): size and depth gates before any parser sees the text, UTF-8 checked, duplicate
// keys and syntax errors reported with their JSON pointer and line/column, at most
// kMaxJsonErrors problems. See jsondoc.h.
#include "jsondoc.h"
#include "printable.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <unordered_set>

namespace costlab::jsondoc {

namespace {

/// Offset of the comma when `offset` (where the parser stopped) is a closing bracket that
/// follows a comma and whitespace — a trailing comma — else npos.
std::size_t trailingComma(std::string_view text, std::size_t offset)
{
    if (offset >= text.size() || (text[offset] != '}' && text[offset] != ']'))
        return std::string_view::npos;
    std::size_t i = offset;
    while (i > 0 && std::string_view(" \t\r\n").find(text[i - 1]) != std::string_view::npos)
        --i;
    return i > 0 && text[i - 1] == ',' ? i - 1 : std::string_view::npos;
}

} // namespace

void addCapped(std::vector<JsonProblem>& problems, JsonProblem p)
{
    if (problems.size() < kMaxJsonErrors)
        problems.push_back(std::move(p));
    else if (problems.size() == kMaxJsonErrors)
        problems.push_back({"", "more than " + std::to_string(kMaxJsonErrors) +
                                    " problems; the rest are not listed"});
}
namespace {

std::string escapePointerToken(std::string_view key)
{
    std::string out;
    out.reserve(key.size());
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}
} // namespace

std::string childPointer(const std::string& parent, std::string_view key)
{
    return parent + "/" + escapePointerToken(key);
}

std::string childPointer(const std::string& parent, std::size_t index)
{
    return parent + "/" + std::to_string(index);
}

/// Shortest text that reads back to the same double; integers up to 1e16 printed plainly
/// so ranges read "[1, 1000000]" rather than "[1, 1e+06]".
std::string formatNumber(double v)
{
    if (std::isnan(v))
        return "NaN";
    if (std::isinf(v))
        return v > 0 ? "Infinity" : "-Infinity";
    if (v == std::floor(v) && std::fabs(v) < 1e16) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
    }
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, res.ptr);
}

/// Number of code points of valid UTF-8 text.
std::size_t utf8Length(std::string_view s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80)
            ++n;
    return n;
}

/// Cut a string for quoting in a message, at a code point boundary.
std::string excerpt(std::string_view s, std::size_t maxBytes)
{
    return shortened(s, maxBytes);
}

/// What a JSON value is, for "got …" in messages.
std::string describe(const ojson& v)
{
    switch (v.type()) {
    case ojson::value_t::null:
        return "null";
    case ojson::value_t::boolean:
        return v.get<bool>() ? "true" : "false";
    case ojson::value_t::number_integer:
    case ojson::value_t::number_unsigned:
    case ojson::value_t::number_float:
        return formatNumber(v.get<double>());
    case ojson::value_t::string: {
        // Escape through nlohmann so control characters stay readable.
        return ojson(excerpt(v.get_ref<const std::string&>()))
            .dump(-1, ' ', false, ojson::error_handler_t::replace);
    }
    case ojson::value_t::array:
        return "an array of " + std::to_string(v.size()) + " items";
    case ojson::value_t::object:
        return "an object";
    default:
        return "an unsupported value";
    }
}

namespace {
/// 1-based line and column (in bytes) of a byte offset.
std::pair<std::size_t, std::size_t> lineColumn(std::string_view text, std::size_t offset)
{
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}
} // namespace

std::string where(std::string_view text, std::size_t offset)
{
    auto [line, col] = lineColumn(text, offset);
    return "line " + std::to_string(line) + ", column " + std::to_string(col) + " (byte offset " +
           std::to_string(offset) + ")";
}

// ---------------------------------------------------------------- pre-parse gates

namespace {
/// Offset of the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong
/// forms, no surrogates, nothing above U+10FFFF), or npos.
std::size_t firstInvalidUtf8(std::string_view s)
{
    const auto* p = reinterpret_cast<const unsigned char*>(s.data());
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        unsigned char c = p[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len;
        unsigned char lo = 0x80, hi = 0xBF; // allowed range of the second byte
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0; // overlong
            if (c == 0xED)
                hi = 0x9F; // surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90; // overlong
            if (c == 0xF4)
                hi = 0x8F; // above U+10FFFF
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        if (p[i + 1] < lo || p[i + 1] > hi)
            return i;
        for (std::size_t k = 2; k < len; ++k)
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
        i += len;
    }
    return std::string_view::npos;
}
} // namespace

namespace {
/// Offset of the bracket that first exceeds `maxDepth` levels of nesting, or npos.
/// Brackets inside strings do not count.
std::size_t firstTooDeep(std::string_view s, int maxDepth)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            break;
        case '[':
        case '{':
            if (++depth > maxDepth)
                return i;
            break;
        case ']':
        case '}':
            if (depth > 0)
                --depth;
            break;
        default:
            break;
        }
    }
    return std::string_view::npos;
}
} // namespace

// ---------------------------------------------------------------- parsing with pointers

namespace {
/// Follows the parser's events to know the JSON pointer of the value being parsed, so that
/// duplicate keys and syntax errors can be reported where they are.
class PointerTracker {
public:
    explicit PointerTracker(std::vector<JsonProblem>& errors) : m_errors(errors) {}

    bool operator()(int /*depth*/, nlohmann::detail::parse_event_t event, ojson& parsed)
    {
        using E = nlohmann::detail::parse_event_t;
        switch (event) {
        case E::object_start:
        case E::array_start:
            m_stack.emplace_back();
            m_stack.back().array = event == E::array_start;
            break;
        case E::key: {
            Frame& f = m_stack.back();
            f.key = parsed.get<std::string>();
            f.hasKey = true;
            if (!f.keys.insert(f.key).second) {
                addCapped(m_errors, {pointer(), "duplicate key \"" + excerpt(f.key) +
                                                    "\" in the same object (only one value may "
                                                    "be given)"});
            }
            break;
        }
        case E::value:
            childDone();
            break;
        case E::object_end:
        case E::array_end:
            if (!m_stack.empty())
                m_stack.pop_back();
            childDone();
            break;
        }
        return true;
    }

    /// Pointer of the value currently being parsed.
    std::string pointer() const
    {
        std::string out;
        for (const Frame& f : m_stack) {
            if (f.array)
                out = childPointer(out, f.index);
            else if (f.hasKey)
                out = childPointer(out, f.key);
            else
                break;
        }
        return out;
    }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;
        std::string key;
        bool hasKey = false;
        std::unordered_set<std::string> keys;
    };

    void childDone()
    {
        if (m_stack.empty())
            return;
        Frame& f = m_stack.back();
        if (f.array)
            ++f.index;
        else
            f.hasKey = false;
    }

    std::vector<Frame> m_stack;
    std::vector<JsonProblem>& m_errors;
};
} // namespace

namespace {
/// nlohmann's parse_error text after "parse error at line L, column C: ".
std::string parseErrorDetail(const std::string& what)
{
    std::string_view w = what;
    auto at = w.find("parse error");
    if (at != std::string_view::npos) {
        auto colon = w.find(": ", at);
        if (colon != std::string_view::npos)
            return std::string(w.substr(colon + 2));
    }
    return what;
}
} // namespace
namespace {

bool startsWithNonFinite(std::string_view s)
{
    while (!s.empty() && (s.front() == '-' || s.front() == '+'))
        s.remove_prefix(1);
    for (std::string_view word : {"NaN", "nan", "Infinity", "infinity", "inf", "Inf", "INF", "NAN"})
        if (s.substr(0, word.size()) == word)
            return true;
    return false;
}
} // namespace

/// Parse `text` into `doc`; false (with errors added) when it is not acceptable JSON. Duplicate
/// keys are added to `errors` but still return true so that the rest gets validated.
bool parseJsonDocument(std::string_view text, ojson& doc, std::vector<JsonProblem>& errors,
                       const JsonGate& gate)
{
    if (text.size() > kMaxJsonBytes) {
        errors.push_back({"", "the file is " + std::to_string(text.size()) + " bytes; " +
                                  std::string(gate.noun) + " files are limited to " +
                                  std::to_string(kMaxJsonBytes) + " bytes (16 MiB)"});
        return false;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        errors.push_back({"", "the file is empty; expected " + std::string(gate.expected)});
        return false;
    }
    if (auto bad = firstInvalidUtf8(text); bad != std::string_view::npos) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[bad]));
        errors.push_back({"", std::string("not valid UTF-8 text: byte ") + hex + " at " +
                                  where(text, bad) + "; save the file as UTF-8"});
        return false;
    }
    if (auto deep = firstTooDeep(text, kMaxJsonDepth); deep != std::string_view::npos) {
        errors.push_back({"", "nested deeper than " + std::to_string(kMaxJsonDepth) +
                                  " levels of arrays/objects at " + where(text, deep) + "; a " +
                                  std::string(gate.noun) + " needs at most " +
                                  std::to_string(gate.typical_depth)});
        return false;
    }

    std::vector<JsonProblem> parseErrors;
    PointerTracker tracker(parseErrors);
    try {
        doc = ojson::parse(text.begin(), text.end(), std::ref(tracker), /*allow_exceptions=*/true,
                           /*ignore_comments=*/false);
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte counts characters read, 1-based; the offending character is at byte - 1.
        std::size_t offset = e.byte > 0 ? e.byte - 1 : 0;
        std::string msg;
        // Find the start of the token that failed, to recognise NaN / Infinity.
        std::size_t tok = std::min(offset, text.size());
        while (tok > 0 &&
               std::string_view(" \t\r\n,:[{").find(text[tok - 1]) == std::string_view::npos)
            --tok;
        if (startsWithNonFinite(text.substr(tok))) {
            msg = "NaN and Infinity are not valid JSON numbers (at " + where(text, tok) +
                  "); give a finite number";
        } else if (offset < text.size() && text[offset] == '/') {
            msg = "not valid JSON at " + where(text, offset) +
                  ": comments are not allowed in "
                  "JSON files";
        } else if (const std::size_t comma = trailingComma(text, offset);
                   comma != std::string_view::npos) {
            msg = "not valid JSON at " + where(text, comma) +
                  ": a comma before a closing bracket; remove the comma after the last item";
        } else if (offset + 1 >= text.size()) {
            msg = "not valid JSON: the file ends early at " + where(text, text.size()) +
                  " (truncated?): " + parseErrorDetail(e.what());
        } else {
            msg = "not valid JSON at " + where(text, offset) + ": " + parseErrorDetail(e.what());
        }
        errors.push_back({tracker.pointer(), msg});
        return false;
    } catch (const nlohmann::json::out_of_range& e) {
        // 406: a literal such as 1e400 overflows a double.
        std::string detail = e.what();
        if (auto q = detail.find('\''); q != std::string::npos)
            detail = "the number " + detail.substr(q) + " is";
        else
            detail = "a number is";
        errors.push_back({tracker.pointer(), detail + " too large to represent as a double; give a "
                                                      "finite number in the parameter's range"});
        return false;
    } catch (const nlohmann::json::exception& e) {
        // Defensive: UTF-8 was validated above, but no library exception may escape.
        errors.push_back({"", std::string("not valid JSON: ") + e.what()});
        return false;
    }
    // Duplicate keys do not stop validation: the document is usable, the file still fails.
    for (JsonProblem& p : parseErrors)
        addCapped(errors, std::move(p));
    return true;
}

} // namespace costlab::jsondoc
