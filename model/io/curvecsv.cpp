#include "curvecsv.h"

#include <csv.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>

namespace costlab {

namespace {

constexpr std::size_t kMaxPoints = 1000000;

using Row = std::vector<std::string>;

struct Collector {
    std::vector<Row> rows;
    Row current;
};

extern "C" void onField(void* data, std::size_t len, void* user)
{
    auto* c = static_cast<Collector*>(user);
    c->current.emplace_back(static_cast<const char*>(data), len);
}

extern "C" void onRow(int, void* user)
{
    auto* c = static_cast<Collector*>(user);
    c->rows.push_back(std::move(c->current));
    c->current.clear();
}

} // namespace

std::optional<std::vector<std::vector<std::string>>> readCsvRows(std::string_view text,
                                                                 std::string& error)
{
    csv_parser p{};
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
        error = "cannot start the CSV parser";
        return std::nullopt;
    }
    Collector c;
    const bool ok = csv_parse(&p, text.data(), text.size(), onField, onRow, &c) == text.size() &&
                    csv_fini(&p, onField, onRow, &c) == 0;
    if (!ok)
        error = std::string("not CSV: ") + csv_strerror(csv_error(&p));
    csv_free(&p);
    if (!ok)
        return std::nullopt;
    return std::move(c.rows);
}

namespace {

std::optional<double> numberOf(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

/// "line N: why" (N from 1).
Message lineError(std::size_t row, Message why)
{
    return message(Msg::AtLine, {textArg(std::to_string(row + 1)), std::move(why)});
}

/// Refuses the file with `why`: its English in `error`, the message in `problem`.
void refuse(CurveFile& f, Message why)
{
    f.error = messageText(why);
    f.problem = std::move(why);
}

} // namespace

std::string_view curveFormatId(CurveFormat f)
{
    switch (f) {
    case CurveFormat::WandB:
        return "wandb";
    case CurveFormat::TensorBoard:
        return "tensorboard";
    case CurveFormat::Plain:
        return "plain";
    case CurveFormat::PlainSized:
        return "plain-sized";
    }
    return "plain";
}

CurveFile readCurveCsv(std::string_view text)
{
    CurveFile f;
    // Spreadsheet tools and some exporters start the file with a UTF-8 byte-order mark.
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    auto parsed = readCsvRows(text, f.error);
    if (!parsed) {
        f.problem = textArg(f.error); // libcsv's own words
        return f;
    }
    std::vector<Row>& rows = *parsed;
    while (!rows.empty() && rows.back().size() == 1 && rows.back()[0].empty())
        rows.pop_back();
    if (rows.empty()) {
        refuse(f, message(Msg::CsvNoRows));
        return f;
    }
    const bool header = !rows[0].empty() && !numberOf(rows[0][0]);
    const Row head = header ? rows[0] : Row{};
    const std::size_t width = rows[0].size();
    // Which columns hold series: TensorBoard's Value; W&B's metric columns without __MIN/__MAX;
    // a plain file's second column (or its third, with params first).
    std::size_t xcol = 0;
    std::vector<std::size_t> ycols;
    if (header && width == 3 && head[0] == "Wall time" && head[1] == "Step" && head[2] == "Value") {
        f.format = CurveFormat::TensorBoard;
        xcol = 1;
        ycols = {2};
    } else if (header && std::any_of(head.begin(), head.end(), [](const std::string& h) {
                   return h.find(" - ") != std::string::npos;
               })) {
        // W&B: x is the step column wherever it stands ("Step", or "_step"/"global_step" in
        // run-history exports); every "<run> - <metric>" column is a series.
        f.format = CurveFormat::WandB;
        const auto x = std::find_if(head.begin(), head.end(), [](const std::string& h) {
            return h == "Step" || h == "_step" || h == "global_step" || h == "step";
        });
        if (x == head.end()) {
            refuse(f, message(Msg::WandbNoStep));
            return f;
        }
        xcol = std::size_t(x - head.begin());
        for (std::size_t c = 0; c < width; ++c)
            if (c != xcol && head[c].find(" - ") != std::string::npos &&
                !endsWith(head[c], "__MIN") && !endsWith(head[c], "__MAX"))
                ycols.push_back(c);
    } else if (width == 2) {
        f.format = CurveFormat::Plain;
        ycols = {1};
    } else if (width == 3 && header && head[0].find("param") == std::string::npos) {
        refuse(f, message(Msg::ThreeColumnsHeader,
                          {textArg(head[0] + "," + head[1] + "," + head[2])}));
        return f;
    } else if (width == 3) {
        f.format = CurveFormat::PlainSized;
        xcol = 1;
        ycols = {2};
    } else {
        refuse(f, message(Msg::ExpectedCurveColumns, {textArg(std::to_string(width))}));
        return f;
    }
    f.x_label = header ? head[xcol] : std::string();
    std::map<double, std::size_t> bySize; // PlainSized: params → series
    for (std::size_t c : ycols)
        if (f.format != CurveFormat::PlainSized)
            f.series.push_back(
                {.name = header && f.format == CurveFormat::WandB ? head[c] : "", .params = 0});
    std::size_t points = 0;
    for (std::size_t r = header ? 1 : 0; r < rows.size(); ++r) {
        const Row& row = rows[r];
        if (row.size() != width) {
            refuse(f, lineError(r, message(Msg::RowCells, {textArg(std::to_string(row.size())),
                                                           textArg(std::to_string(width))})));
            f.series.clear();
            return f;
        }
        const auto x = numberOf(row[xcol]);
        if (!x) {
            refuse(f, lineError(r, message(Msg::NotANumberQuoted, {textArg(row[xcol])})));
            f.series.clear();
            return f;
        }
        for (std::size_t k = 0; k < ycols.size(); ++k) {
            const std::string& cell = row[ycols[k]];
            if (cell.empty())
                continue; // a run that ended, or did not log this step
            const auto y = numberOf(cell);
            if (!y) {
                refuse(f, lineError(r, message(Msg::NotANumberQuoted, {textArg(cell)})));
                f.series.clear();
                return f;
            }
            if (++points > kMaxPoints) {
                refuse(f, message(Msg::TooManyPoints));
                f.series.clear();
                return f;
            }
            CurveSeries* s = nullptr;
            if (f.format == CurveFormat::PlainSized) {
                const auto n = numberOf(row[0]);
                if (!n || *n <= 0) {
                    refuse(f, lineError(r, message(Msg::NotAModelSize, {textArg(row[0])})));
                    f.series.clear();
                    return f;
                }
                auto [it, added] = bySize.try_emplace(*n, f.series.size());
                if (added)
                    f.series.push_back({.name = "", .params = *n});
                s = &f.series[it->second];
            } else {
                s = &f.series[k];
            }
            s->x.push_back(*x);
            s->y.push_back(*y);
        }
    }
    std::erase_if(f.series, [](const CurveSeries& c) { return c.x.empty(); });
    if (points == 0)
        refuse(f, message(Msg::NoNumericRows));
    return f;
}

} // namespace costlab
