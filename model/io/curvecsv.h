// Training curves from CSV exports, for fitting the scaling laws (issue 46, item 3;
// analysis/fit.h). One reader for the shapes people export:
//   - Weights & Biases "Export CSV" of a chart: "Step","<run> - <metric>", with
//     "<run> - <metric>__MIN" / "__MAX" columns (ignored) and empty cells where a run ended;
//   - TensorBoard "Download CSV": "Wall time,Step,Value";
//   - plain two columns x,y (compute or steps, then loss or score), header optional;
//   - plain three columns params,tokens,loss: runs at several model sizes, one series each.
// CSV itself is parsed by libcsv (RFC 4180: quoting, embedded commas and newlines).
#pragma once

#include "messages.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// One curve: a run's metric against its step, tokens or compute.
struct CurveSeries {
    std::string name;      ///< run and metric ("gpt2 - train/loss"), or "" for a plain file
    double params = 0;     ///< model size of a params,tokens,loss file; 0 = not given
    std::vector<double> x; ///< step, tokens or compute, in file order
    std::vector<double> y; ///< loss or score
};

enum class CurveFormat : unsigned char { WandB, TensorBoard, Plain, PlainSized };

struct CurveFile {
    CurveFormat format = CurveFormat::Plain;
    std::string x_label; ///< the x column's header ("Step", "tokens"), "" without a header
    std::vector<CurveSeries> series;
    std::string error; ///< why the text was refused (English, with the line); "" on success
    Message problem;   ///< the same as a message the window translates (issue 49)
};

/// Every row of CSV text as cells (RFC 4180, by libcsv), or nullopt with libcsv's error.
std::optional<std::vector<std::vector<std::string>>> readCsvRows(std::string_view text,
                                                                 std::string& error);

/// Stable id of a format ("wandb", "tensorboard", "plain", "plain-sized").
std::string_view curveFormatId(CurveFormat);

/// Reads curves from CSV text. Never throws; a refusal says why and on which line: not CSV,
/// no numeric rows, a non-numeric cell in a numeric column, ragged rows, or more than 10^6
/// points. Cells that are empty (a W&B run that ended) are skipped, not read as 0.
CurveFile readCurveCsv(std::string_view text);

} // namespace costlab
