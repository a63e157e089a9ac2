// User text made safe for a terminal or a log line, in one place for the CLI's output and
// the English messages model/io builds around names and ids from files.
#pragma once

#include <string>
#include <string_view>

namespace costlab {

/// `text` with control characters escaped — ESC sequences that clear the screen or set the
/// title, NUL, DEL (as \x1b, \x00, \x7f) and the C1 controls (U+0080..U+009F, as \u009b);
/// printable text, UTF-8 included, is unchanged. Never throws beyond std::bad_alloc.
std::string printable(std::string_view text);

} // namespace costlab
