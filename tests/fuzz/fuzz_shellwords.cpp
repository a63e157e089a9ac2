// Fuzz target: the shell-word reader behind the Megatron-LM, veRL and OpenRLHF importers
// (issue 44: an expansion bomb took 73 s and 1.75 GB). Any text → shellWords must not crash,
// must stay within its expansion budget (the words it returns hold at most the budget), and
// must say why when it gives up.
#include "shellwords.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const std::vector<std::string> words = shellWords(text, &error);
    std::size_t bytes = 0;
    for (const std::string& w : words)
        bytes += w.size();
    const std::size_t budget = std::max<std::size_t>(16u * 1024u * 1024u, 4 * size);
    if (bytes > 2 * budget)
        std::abort(); // expansion escaped its budget
    if (!error.empty() && !words.empty())
        std::abort(); // a refused script passes no words
    return 0;
}
