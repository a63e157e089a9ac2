// Lesson files (*.costlab-lesson.json, issue 16): reading them the way scenario files are
// read — every problem reported with its JSON pointer, a file with any problem refused whole
// — and the ledger of predictions as CSV. The format is described in docs/workshop.md.
#pragma once

#include "lesson.h"

#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Most steps a lesson may have, and most options, controls and changes per step.
inline constexpr std::size_t kMaxLessonSteps = 40, kMaxLessonOptions = 4, kMaxLessonControls = 12,
                             kMaxLessonChanges = 64;

struct LessonLoad {
    std::optional<Lesson> lesson;        ///< set only when problems is empty
    std::vector<LessonProblem> problems; ///< pointer + message, in file order
    bool unreadable = false;             ///< the file could not be read at all (I/O)
};

/// Parses and validates lesson text: structure, types, lengths, stable ids (measure, chart,
/// question kind, parameter ids known to the registry). Whether the steps evaluate and the
/// wording agrees with the engine is checkLesson()'s (it needs the examples and a catalog).
LessonLoad lessonFromJson(std::string_view text);
/// Reads a file (at most 16 MiB; devices and FIFOs refused), then lessonFromJson().
LessonLoad loadLessonFile(const std::string& path);

/// Serialises a lesson in the file format (round trip with lessonFromJson), 2-space indented.
std::string lessonToJson(const Lesson&);

/// The ledger as CSV, UTF-8 with a byte order mark (Excel), a header row: lesson, step, title,
/// measure, prediction, actual, right ("yes", "no" or "no prediction"); the texts as the
/// entries hold them (LedgerEntry::step, prediction, shown_actual). User text is quoted and
/// guarded against spreadsheet formulas (csvTextField).
std::string ledgerCsv(const std::vector<LedgerEntry>&);

} // namespace costlab
