// Files Costlab reads and writes: one bounded reader for untrusted input and one atomic
// writer, used by plans, lessons, catalogs, importers and every export (issue 43: they had
// lived in scenario_json.h, so the catalog reader carried its own copy). POSIX calls only;
// no third-party library.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// The largest file Costlab reads (16 MiB): plans, lessons, catalogs, imported configs. Far
/// above any real one; keeps a mistaken multi-GB file (or /dev/zero) out of memory.
inline constexpr std::size_t kMaxFileBytes = 16u * 1024u * 1024u;

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
/// `tooLarge`, when given, tells a file over the limit (the content's fault) from one that
/// cannot be read at all.
std::optional<std::string> readFile(const std::string& path, std::string& error,
                                    std::size_t limit = kMaxFileBytes, bool* tooLarge = nullptr);

/// The first `bytes` of a regular file (all of it when shorter), with readFile()'s refusals:
/// to tell a file's kind by its start without reading a large one whole.
std::optional<std::string> readFileHead(const std::string& path, std::string& error,
                                        std::size_t bytes);

} // namespace costlab
