// Internal to model/io: reading untrusted JSON text the same way for every file type.
// Every reader (scenarios, catalogs) shares these gates, so a 65,000-deep array or a file of
// a million duplicate keys is stopped before it can overflow the stack or flood the user.
#pragma once

#include "files.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace costlab::jsondoc {

using ojson = nlohmann::ordered_json;

/// Limits on untrusted input: a real scenario is a few kB with nesting depth 4, the default
/// catalog 20 kB with depth 4.
inline constexpr std::size_t kMaxJsonBytes = kMaxFileBytes;
inline constexpr int kMaxJsonDepth = 64;
/// After this many problems one "more than …" line, then nothing (every kind of problem).
inline constexpr std::size_t kMaxJsonErrors = 200;

/// One problem, at a JSON pointer ("" = the document).
struct JsonProblem {
    std::string pointer;
    std::string message;
};

/// What the messages call the file and what it should hold.
struct JsonGate {
    std::string_view noun;     ///< "scenario", "catalog"
    std::string_view expected; ///< "a JSON object with schema_version, name and phases"
    int typical_depth = 4;     ///< "a scenario needs at most 4" (levels of nesting)
};

/// Parses `text` into `doc` after the gates (size, empty, UTF-8, nesting depth). False with
/// a problem when the text is not acceptable JSON (syntax errors with line, column and what
/// went wrong: NaN, comments, a trailing comma, truncation, numbers too large). Duplicate
/// keys are problems too but leave the document usable (true), so the rest is validated.
/// Problems are capped at kMaxJsonErrors. Never throws.
bool parseJsonDocument(std::string_view text, ojson& doc, std::vector<JsonProblem>& problems,
                       const JsonGate& gate);

/// Appends `p` unless kMaxJsonErrors problems are already listed (then one summary line).
void addCapped(std::vector<JsonProblem>& problems, JsonProblem p);

/// JSON pointer of a member or an element of `parent` (RFC 6901 escaping).
std::string childPointer(const std::string& parent, std::string_view key);
std::string childPointer(const std::string& parent, std::size_t index);
/// A number as messages print it (whole numbers without exponent).
std::string formatNumber(double v);
/// Characters (code points) of UTF-8 text.
std::size_t utf8Length(std::string_view s);
/// At most `maxBytes` of `s` (on a UTF-8 boundary), with "…" when cut.
std::string excerpt(std::string_view s, std::size_t maxBytes = 60);
/// A JSON value for a message: its type and a short excerpt ("the string \"x\"").
std::string describe(const ojson& v);
/// "line L, column C" of a byte offset.
std::string where(std::string_view text, std::size_t offset);

} // namespace costlab::jsondoc
