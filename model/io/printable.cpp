#include "printable.h"

#include <cstdio>

namespace costlab {

namespace {

/// U+202A..U+202E (LRE, RLE, PDF, LRO, RLO) and U+2066..U+2069 (LRI, RLI, FSI, PDI) start
/// at text[i] (E2 80 AA..AE, E2 81 A6..A9): their code point, else 0.
unsigned bidiControlAt(std::string_view text, std::size_t i)
{
    if (i + 2 >= text.size() || static_cast<unsigned char>(text[i]) != 0xe2)
        return 0;
    const auto b1 = static_cast<unsigned char>(text[i + 1]);
    const auto b2 = static_cast<unsigned char>(text[i + 2]);
    if (b1 == 0x80 && b2 >= 0xaa && b2 <= 0xae)
        return 0x2000u + (b2 - 0x80u);
    if (b1 == 0x81 && b2 >= 0xa6 && b2 <= 0xa9)
        return 0x2040u + (b2 - 0x80u);
    return 0;
}

std::string escaped(std::string_view text, bool keepLayout)
{
    std::string out;
    out.reserve(text.size());
    char buf[8];
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (keepLayout && (c == '\n' || c == '\t')) {
            out += static_cast<char>(c);
        } else if (const unsigned bidi = bidiControlAt(text, i)) {
            std::snprintf(buf, sizeof buf, "\\u%04x", bidi);
            out += buf;
            i += 2;
        } else if (c < 0x20 || c == 0x7f) {
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else if (c == 0xc2 && i + 1 < text.size() &&
                   static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                   static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
            // U+0080..U+009F: C1 controls (CSI = U+009B starts escape sequences too).
            std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(text[i + 1]));
            out += buf;
            ++i;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

} // namespace

std::string printable(std::string_view text)
{
    return escaped(text, false);
}

std::string terminalSafe(std::string_view text)
{
    return escaped(text, true);
}

std::size_t completeUtf8Prefix(std::string_view text)
{
    // Step back over at most three continuation bytes to the lead byte of the last sequence.
    std::size_t i = text.size();
    std::size_t back = 0;
    while (i > 0 && back < 3 && (static_cast<unsigned char>(text[i - 1]) & 0xC0) == 0x80) {
        --i;
        ++back;
    }
    if (i == 0)
        return text.size();
    const auto lead = static_cast<unsigned char>(text[i - 1]);
    const std::size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return need > back + 1 ? i - 1 : text.size();
}

std::string shortened(std::string_view s, std::size_t maxBytes)
{
    if (s.size() <= maxBytes)
        return std::string(s);
    std::size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(s.substr(0, cut)) + "…";
}

} // namespace costlab
