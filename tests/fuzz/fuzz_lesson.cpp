// Fuzz target: the lesson reader (issue 44: every reader gets a target). Any text →
// lessonFromJson must not crash or throw; a lesson it accepts writes back to text that reads
// back to the same text (load → save → reload → save).
#include "lessonjson.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace costlab;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const LessonLoad l = lessonFromJson(text);
    if (!l.lesson)
        return 0;
    const std::string saved = lessonToJson(*l.lesson);
    const LessonLoad again = lessonFromJson(saved);
    if (!again.lesson || lessonToJson(*again.lesson) != saved)
        std::abort(); // a written lesson must read back exactly
    return 0;
}
