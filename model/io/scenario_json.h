// .costlab.json conversion (nlohmann/json inside the .cpp only; scenario types never include
// json.hpp). The file layout is derived from the parameter registry: every registry entry
// lives at its json_path. Loading validates everything and reports each problem with its
// JSON pointer, expected unit/range and the offending value; a file with any error is
// rejected whole.
#pragma once

#include "messages.h"
#include "scenario.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Most phases a plan may have; the loader refuses more (and the editor offers no more).
inline constexpr std::size_t kMaxScenarioPhases = 16;

struct LoadError {
    std::string pointer; ///< JSON pointer ("/phases/0/pretrain/tokens"), "" for the document
    std::string message; ///< what is wrong, with expected unit/range and offending value
    /// The same as a message tree, for views that translate it (messageText(detail) ==
    /// message); for the few messages not yet in the table a Msg::Text leaf of `message`.
    Message detail;
};

struct LoadResult {
    std::optional<Scenario> scenario; ///< set only when errors is empty
    std::vector<LoadError> errors;
    /// The file could not be read at all (missing, unreadable, a directory): an I/O
    /// failure rather than invalid content. Callers decide on this, never on message text.
    bool unreadable = false;
};

/// Parse and validate scenario text. Missing optional fields take registry defaults;
/// `schema_version`, `name` and `phases` (each with `kind`) are required.
LoadResult scenarioFromJson(std::string_view text);
/// Read a file then parse; I/O failures are reported as a LoadError with empty pointer.
LoadResult loadScenarioFile(const std::string& path);

/// Serialise with every registry field written (exact round trip), 2-space indented.
std::string scenarioToJson(const Scenario&);

/// Write atomically (temp file in the same folder, flush, rename). Returns "" or an error
/// message naming the path and the system error. The text is read back first: a plan the
/// reader would refuse (a name past the length limit) is not written, and the message says
/// which field.
std::string saveScenarioFile(const Scenario&, const std::string& path);

} // namespace costlab
