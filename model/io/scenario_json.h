// .costlab.json conversion (nlohmann/json inside the .cpp only; scenario types never include
// json.hpp). The file layout is derived from the parameter registry: every registry entry
// lives at its json_path. Loading validates everything and reports each problem with its
// JSON pointer, expected unit/range and the offending value; a file with any error is
// rejected whole.
#pragma once

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

/// Removes the files and folders in `dir` named `prefix` + PID + "-" + six characters whose
/// process PID no longer runs: what a process killed mid-save leaves behind (atomic-write
/// temporaries, private library copies). Entries of live processes — this one included —
/// and every other name are left alone. Returns how many were removed.
int removeStaleTemporaries(const std::string& dir, const std::string& prefix);

/// Write text atomically to `path`; "" on success or a message with the cause.
std::string writeFileAtomic(const std::string& path, std::string_view text);

/// "" when `path` may be written as a file: it does not exist yet, or it is a regular file
/// (or a symbolic link to one). Else why not: a device (/dev/null), a FIFO, a socket, a
/// folder or a symbolic link to nothing — an export must never replace those.
std::string checkOutputPath(const std::string& path);
/// "" unless `output` names the same file as one of `inputs` (through any link or relative
/// path): then why it is refused — writing it would replace the command's own input with
/// its output (issue 44: `lineitems plan.costlab.json -o plan.costlab.json`). Paths that do
/// not exist never match.
std::string checkOutputNotInput(const std::string& output, const std::vector<std::string>& inputs);
/// Reads a regular file of at most `limit` bytes (default 16 MiB, the limit of every file
/// Costlab reads) for untrusted input: the size is checked before reading; devices, FIFOs
/// and sockets are refused at once (a FIFO never blocks); a missing file, a folder, a
/// symlink loop and an unreadable file each say so. nullopt with `error` on failure.
std::optional<std::string> readFile(const std::string& path, std::string& error,
                                    std::size_t limit = 16u * 1024u * 1024u);

} // namespace costlab
