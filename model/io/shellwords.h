// Shell launch scripts reduced to the words they pass to the program (for the Megatron-LM
// and veRL / OpenRLHF importers): enough of bash for launch scripts, not a shell.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// The words `text` (a launch script or an argument list) passes: variables, scalars and
/// arrays, expanded (with ${NAME:-default}, NAME+=value and ARR+=( … )), `export` accepted,
/// comments and line continuations removed, quotes removed, words split. A variable the
/// script does not define expands to "\x01NAME\x01" so a reader can say the value comes
/// from outside the script. NAME=value lines define variables and pass nothing, except a
/// value of several words ("--a 1 --b 2"), whose words are passed. Expansion stops after
/// 16 MiB of produced text: then no word is returned and `error` (when given) says why.
/// Never throws beyond std::bad_alloc.
std::vector<std::string> shellWords(std::string_view text, std::string* error = nullptr);

/// "line N" of the first place `needle` (a flag such as "--num-layers") stands as a whole
/// word outside a comment line — the character after it is none of `wordChars` nor
/// alphanumeric, and the line does not start with '#' — or "" when there is none.
std::string lineOfFlag(std::string_view text, std::string_view needle, std::string_view wordChars);

/// True when `word` holds a variable shellWords() could not resolve.
inline bool hasUnresolved(const std::string& word)
{
    return word.find('\x01') != std::string::npos;
}

} // namespace costlab
