// User text made safe for a terminal or a log line, in one place for the CLI's output and
// the English messages model/io builds around names and ids from files.
#pragma once

#include <string>
#include <string_view>

namespace costlab {

/// `text` with control characters escaped — ESC sequences that clear the screen or set the
/// title, NUL, DEL (as \x1b, \x00, \x7f), the C1 controls (U+0080..U+009F, as \u009b) and
/// the bidirectional overrides, embeddings and isolates (U+202A..U+202E, U+2066..U+2069, as
/// \u202e) that make a name read backwards; printable text, UTF-8 included, is unchanged.
/// Never throws beyond std::bad_alloc.
std::string printable(std::string_view text);

/// printable() for whole output: the same, except that line feeds and tabs pass (they are
/// the layout of the text, not part of a name). The CLI's output gate: every byte
/// costlab-cli writes to a terminal or a pipe goes through it.
std::string terminalSafe(std::string_view text);

/// The length of the longest prefix of `text` that does not end inside a UTF-8 sequence
/// (a writer that filters in chunks holds the rest back for the next chunk).
std::size_t completeUtf8Prefix(std::string_view text);

/// `text` cut to at most `maxBytes` bytes at a UTF-8 character boundary, with "…" added when
/// cut; unchanged when it fits. For names and excerpts taken from files.
std::string shortened(std::string_view text, std::size_t maxBytes);

} // namespace costlab
