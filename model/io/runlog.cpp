#include "runlog.h"

#include "billcsv.h"
#include "curvecsv.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace costlab {
namespace {

using Json = nlohmann::json;

// Metric names, most specific first. Pre-training: Megatron's GPT loss key
// (pretrain_gpt.py: report = {'lm loss': …}) and common W&B names; RL: veRL's
// (verl/trainer/ppo/metric_utils.py) and OpenRLHF's (openrlhf/trainer/ppo_trainer.py).
constexpr std::string_view kLossKeys[] = {"lm loss", "train/lm_loss", "train/loss", "loss"};
constexpr std::string_view kRewardKeys[] = {"critic/score/mean", "critic/rewards/mean",
                                            "rollout/reward_mean", "train/reward", "reward"};
// Seconds per step: veRL's timing_s/step, OpenRLHF's timing/step_total, veRL's
// perf/time_per_step.
constexpr std::string_view kStepSecondsKeys[] = {"timing_s/step", "timing/step_total",
                                                 "perf/time_per_step"};
constexpr std::string_view kStepKeys[] = {
    "_step", "training/global_step", "train/global_step", "global_step", "Step", "step"};
// Keys whose NaN means the update itself went wrong (not a validation metric).
constexpr std::string_view kUpdateKeys[] = {
    "actor/pg_loss",     "actor/entropy",       "actor/grad_norm",
    "critic/score/mean", "critic/rewards/mean", "policy_loss",
    "lm loss",           "train/loss",          "loss"};

std::string_view trim(std::string_view s)
{
    return trimBlank(s);
}

/// A number as Python prints it: "12", "3.5E+00", "nan", "inf".
std::optional<double> numberOf(std::string_view s)
{
    s = trim(s);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return v;
}

std::string lineError(std::size_t line, const std::string& why)
{
    return "line " + std::to_string(line) + ": " + why;
}

template <class F> void forEachLine(std::string_view text, F&& f)
{
    std::size_t line = 0, from = 0;
    while (from < text.size()) {
        std::size_t nl = text.find('\n', from);
        if (nl == std::string_view::npos)
            nl = text.size();
        ++line;
        if (!f(line, text.substr(from, nl - from)))
            return;
        from = nl + 1;
    }
}

/// A record's clock as Unix seconds: W&B's _timestamp is seconds, some exporters write
/// milliseconds (a value past the year 5138 in seconds is read as milliseconds); anything not
/// within 1970-9999 is no clock at all, never a date the comparison would walk to.
double clockOf(double t)
{
    if (!std::isfinite(t))
        return LogPoint::kNone;
    if (t > 1e11)
        t /= 1000;
    return t >= 0 && t < 253402300800.0 ? t : LogPoint::kNone;
}

/// Appends a record; a step below the previous one is a restart from that step, unless a
/// checkpoint load already said so (the first record after a load is the resumed run).
void addPoint(RunLog& log, LogPoint p, std::uint32_t line)
{
    p.time = clockOf(p.time);
    p.line = line;
    const bool loadPending = !log.restarts.empty() && !log.points.empty() &&
                             log.restarts.back().line > log.points.back().line;
    if (!log.points.empty() && p.step < log.points.back().step && !loadPending)
        log.restarts.push_back({p.time, p.step, line});
    // A restart seen in a "loading checkpoint" line gets its time from the first record after it.
    if (!log.restarts.empty() && std::isnan(log.restarts.back().time))
        log.restarts.back().time = p.time;
    log.points.push_back(p);
}

// ----- Megatron-LM ------------------------------------------------------------------------

bool isMegatron(std::string_view text)
{
    return text.find("elapsed time per iteration (ms)") != std::string_view::npos;
}

/// The "[2026-02-01 12:00:00.123456]" in front of an iteration line (Megatron since
/// f427c6f0a1, 2024-01), read as UTC; NaN when absent (older logs and forks).
double megatronTime(std::string_view before)
{
    const std::size_t open = before.rfind('[');
    if (open == std::string_view::npos)
        return LogPoint::kNone;
    const std::size_t close = before.find(']', open);
    if (close == std::string_view::npos)
        return LogPoint::kNone;
    UnixSeconds t = 0;
    if (!parseBillTime(before.substr(open + 1, close - open - 1), 0, t))
        return LogPoint::kNone;
    // Fractions of a second matter between closely spaced records.
    const std::string_view inner = before.substr(open + 1, close - open - 1);
    const std::size_t dot = inner.rfind('.');
    double frac = 0;
    if (dot != std::string_view::npos && dot > 16)
        frac = numberOf("0" + std::string(inner.substr(dot))).value_or(0);
    return double(t) + frac;
}

/// One " iteration N/M | key: value | …" line (training.py training_log(), lines 3567–3641 at
/// d98e8a64dd); false when the line is not one.
std::optional<std::string> megatronLine(std::string_view line, std::size_t lineNo, RunLog& log)
{
    std::size_t at = line.find(" iteration ");
    if (at == std::string_view::npos && line.substr(0, 10) == "iteration ")
        at = 0;
    if (at == std::string_view::npos || line.find('|', at) == std::string_view::npos)
        return std::nullopt;
    // " validation loss at iteration N | lm loss value: …" is an evaluation, not a step.
    if (line.find("elapsed time per iteration") == std::string_view::npos &&
        line.find("consumed samples") == std::string_view::npos)
        return std::nullopt;
    LogPoint p;
    p.time = megatronTime(line.substr(0, at));
    std::string_view rest = line.substr(at);
    bool first = true;
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        const std::string_view field = trim(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
        if (first) {
            first = false;
            std::string_view v = trim(field.substr(std::string_view("iteration").size()));
            const auto n = numberOf(v.substr(0, v.find('/')));
            if (!n || !std::isfinite(*n) || *n < 0)
                return lineError(lineNo, "the iteration \"" + std::string(v.substr(0, 30)) +
                                             "\" is not a number");
            p.step = *n;
            continue;
        }
        const std::size_t colon = field.find(": ");
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = trim(field.substr(0, colon));
        const auto v = numberOf(field.substr(colon + 2));
        if (!v)
            continue; // a field this reader does not use, in a format it does not know
        if (key == "consumed samples")
            p.samples = *v;
        else if (key == "elapsed time per iteration (ms)")
            p.step_s = *v / 1000;
        else if (key == "number of skipped iterations")
            p.skipped = *v;
        else if (key == "number of nan iterations")
            p.nans = *v;
        else if (std::isnan(p.metric) && key != "loss scale" &&
                 (key == "lm loss" || (key.size() >= 4 && key.substr(key.size() - 4) == "loss"))) {
            p.metric = *v;
            if (log.metric.empty())
                log.metric = std::string(key);
        }
    }
    addPoint(log, p, std::uint32_t(lineNo));
    return std::string();
}

std::string readMegatron(std::string_view text, RunLog& log)
{
    log.kind = PhaseKind::Pretrain;
    std::string error;
    forEachLine(text, [&](std::size_t lineNo, std::string_view line) {
        // " loading checkpoint from X at iteration N" / "loading distributed checkpoint …"
        // (training/checkpointing.py): after the first record, the job was restarted.
        const std::size_t load = line.find("loading ");
        if (load != std::string_view::npos &&
            line.find("checkpoint", load) != std::string_view::npos &&
            line.find("successfully") == std::string_view::npos) {
            const std::size_t it = line.find("at iteration ");
            if (!log.points.empty() && it != std::string_view::npos) {
                const std::string_view n = trim(line.substr(it + 13));
                const auto step = numberOf(n.substr(0, n.find_first_of(" \t")));
                log.restarts.push_back({LogPoint::kNone, step.value_or(0), std::uint32_t(lineNo)});
            }
            return true;
        }
        const auto r = megatronLine(line, lineNo, log);
        if (r && !r->empty()) {
            error = *r;
            return false;
        }
        if (log.points.size() > kMaxLogRecords) {
            error = lineError(lineNo, "more than " + std::to_string(kMaxLogRecords) + " records");
            return false;
        }
        return true;
    });
    return error;
}

// ----- veRL metrics ---------------------------------------------------------------------

/// Python's json.dumps writes NaN, Infinity and -Infinity, which JSON does not have: null
/// them outside strings before parsing, and say whether there were any.
std::string nullNonFinite(std::string_view line, bool& any)
{
    std::string out;
    out.reserve(line.size());
    bool inString = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < line.size())
                out += line[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else {
            for (std::string_view token : {"-Infinity", "Infinity", "NaN"})
                if (line.substr(i, token.size()) == token) {
                    out += "null";
                    i += token.size() - 1;
                    any = true;
                    goto next;
                }
        }
        out += c;
    next:;
    }
    return out;
}

double firstOf(const Json& data, std::span<const std::string_view> keys,
               std::string* name = nullptr)
{
    for (std::string_view k : keys) {
        const auto it = data.find(std::string(k));
        if (it != data.end() && it->is_number()) {
            if (name && name->empty())
                *name = std::string(k);
            return it->get<double>();
        }
    }
    return LogPoint::kNone;
}

bool updateWentNan(const Json& data)
{
    for (std::string_view k : kUpdateKeys) {
        const auto it = data.find(std::string(k));
        if (it != data.end() && it->is_null())
            return true;
    }
    return false;
}

/// One record of metrics (a JSON object of key → number) as a point.
LogPoint metricsPoint(const Json& data, double step, RunLog& log)
{
    LogPoint p;
    p.step = step;
    p.step_s = firstOf(data, kStepSecondsKeys);
    p.metric = firstOf(data, kRewardKeys, &log.metric);
    p.nans = updateWentNan(data) ? 1 : 0;
    for (std::string_view k : {"_timestamp", "timestamp"}) {
        const auto it = data.find(std::string(k));
        if (it != data.end() && it->is_number())
            p.time = it->get<double>();
    }
    return p;
}

bool isVerlJsonl(std::string_view text)
{
    const std::string_view first = trim(text.substr(0, text.find('\n')));
    return !first.empty() && first.front() == '{' &&
           first.find("\"step\"") != std::string_view::npos &&
           first.find("\"data\"") != std::string_view::npos;
}

/// veRL's "file" logger (verl/utils/tracking.py, FileLogger): one {"step": N, "data": {…}}
/// per line.
std::string readVerlJsonl(std::string_view text, RunLog& log)
{
    log.kind = PhaseKind::RlPosttrain;
    std::string error;
    forEachLine(text, [&](std::size_t lineNo, std::string_view line) {
        line = trim(line);
        if (line.empty())
            return true;
        bool nonFinite = false;
        const Json j = Json::parse(nullNonFinite(line, nonFinite), nullptr, false);
        if (j.is_discarded() || !j.is_object() || !j.contains("step") || !j["step"].is_number() ||
            j["step"].get<double>() < 0 || !j.contains("data") || !j["data"].is_object()) {
            error = lineError(lineNo, "not a {\"step\": N, \"data\": {…}} record");
            return false;
        }
        addPoint(log, metricsPoint(j["data"], j["step"].get<double>(), log), std::uint32_t(lineNo));
        if (log.points.size() > kMaxLogRecords) {
            error = lineError(lineNo, "more than " + std::to_string(kMaxLogRecords) + " records");
            return false;
        }
        return true;
    });
    return error;
}

bool isVerlConsole(std::string_view text)
{
    return text.find("step:") != std::string_view::npos &&
           text.find(" - ") != std::string_view::npos &&
           (text.find("timing_s/") != std::string_view::npos ||
            text.find("training/global_step:") != std::string_view::npos);
}

/// veRL's "console" logger (verl/utils/logger/aggregate_logger.py, LocalLogger): "step:N -
/// key:value - key:value …", behind Ray's "(TaskRunner pid=…)" prefix.
std::string readVerlConsole(std::string_view text, RunLog& log)
{
    log.kind = PhaseKind::RlPosttrain;
    std::string error;
    forEachLine(text, [&](std::size_t lineNo, std::string_view line) {
        const std::size_t at = line.find("step:");
        if (at == std::string_view::npos || line.find(" - ", at) == std::string_view::npos)
            return true;
        Json data = Json::object();
        std::string_view rest = line.substr(at);
        std::optional<double> step;
        while (!rest.empty()) {
            const std::size_t dash = rest.find(" - ");
            const std::string_view field = trim(rest.substr(0, dash));
            rest = dash == std::string_view::npos ? std::string_view() : rest.substr(dash + 3);
            const std::size_t colon = field.find(':');
            if (colon == std::string_view::npos)
                continue;
            const std::string key(field.substr(0, colon));
            const auto v = numberOf(field.substr(colon + 1));
            if (key == "step")
                step = v;
            else if (v)
                data[key] = std::isfinite(*v) ? Json(*v) : Json(nullptr);
        }
        if (!step || !std::isfinite(*step) || *step < 0) {
            error = lineError(lineNo, "the step is not a number");
            return false;
        }
        addPoint(log, metricsPoint(data, *step, log), std::uint32_t(lineNo));
        return log.points.size() <= kMaxLogRecords;
    });
    return error;
}

// ----- W&B run history ------------------------------------------------------------------

bool isWandbHistory(std::string_view text)
{
    const std::string_view first = text.substr(0, text.find('\n'));
    return first.find(',') != std::string_view::npos &&
           (first.find("_step") != std::string_view::npos ||
            first.find("_timestamp") != std::string_view::npos);
}

/// A run's history exported as CSV (W&B's run.history(): the metric keys as columns with
/// _step, _runtime and _timestamp); empty cells are metrics not logged at that step.
std::string readWandbHistory(std::string_view text, RunLog& log)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::string error;
    auto rows = readCsvRows(text, error);
    if (!rows)
        return error;
    if (rows->empty())
        return "no rows";
    const std::vector<std::string> head = (*rows)[0];
    int stepCol = -1;
    for (std::string_view k : kStepKeys)
        for (std::size_t c = 0; c < head.size() && stepCol < 0; ++c)
            if (head[c] == k)
                stepCol = int(c);
    if (stepCol < 0)
        return "line 1: no step column (_step, training/global_step, …)";
    const bool rl = std::any_of(head.begin(), head.end(), [](const std::string& h) {
        return std::find(std::begin(kRewardKeys), std::end(kRewardKeys), h) !=
                   std::end(kRewardKeys) ||
               h.rfind("timing_s/", 0) == 0;
    });
    log.kind = rl ? PhaseKind::RlPosttrain : PhaseKind::Pretrain;
    for (std::size_t r = 1; r < rows->size(); ++r) {
        const auto& row = (*rows)[r];
        if (row.size() == 1 && trim(row[0]).empty())
            continue;
        if (row.size() != head.size())
            return lineError(r + 1, std::to_string(row.size()) + " cells where the header has " +
                                        std::to_string(head.size()));
        Json data = Json::object();
        for (std::size_t c = 0; c < head.size(); ++c)
            if (const auto v = numberOf(row[c]))
                data[head[c]] = std::isfinite(*v) ? Json(*v) : Json(nullptr);
            else if (trim(row[c]) == "NaN")
                data[head[c]] = nullptr;
        const auto step = numberOf(row[std::size_t(stepCol)]);
        if (!step || !std::isfinite(*step) || *step < 0)
            return lineError(r + 1, "the step \"" + row[std::size_t(stepCol)].substr(0, 30) +
                                        "\" is not a number");
        LogPoint p = metricsPoint(data, *step, log);
        if (!rl) {
            p.metric = firstOf(data, kLossKeys, &log.metric);
            const double ms =
                firstOf(data, std::array<std::string_view, 1>{"elapsed time per iteration (ms)"});
            if (std::isfinite(ms))
                p.step_s = ms / 1000;
        }
        addPoint(log, p, std::uint32_t(r + 1));
        if (log.points.size() > kMaxLogRecords)
            return lineError(r + 1, "more than " + std::to_string(kMaxLogRecords) + " records");
    }
    return {};
}

constexpr LogFormat kLogFormats[] = {
    {"megatron", QT_TRANSLATE_NOOP("costlab::Actuals", "Megatron-LM training log"),
     "megatron/training/training.py training_log() (NVIDIA/Megatron-LM d98e8a64dd, lines "
     "3567-3641)",
     isMegatron, readMegatron},
    {"verl-jsonl", QT_TRANSLATE_NOOP("costlab::Actuals", "veRL metrics (file logger, JSONL)"),
     "verl/utils/tracking.py FileLogger (volcengine/verl b178a3cd56, lines 236-255)", isVerlJsonl,
     readVerlJsonl},
    {"verl-console", QT_TRANSLATE_NOOP("costlab::Actuals", "veRL console log"),
     "verl/utils/logger/aggregate_logger.py LocalLogger (volcengine/verl b178a3cd56)",
     isVerlConsole, readVerlConsole},
    {"wandb-history", QT_TRANSLATE_NOOP("costlab::Actuals", "Weights & Biases run history (CSV)"),
     "wandb Api run.history() exported as CSV: metric keys as columns, _step, _runtime, "
     "_timestamp",
     isWandbHistory, readWandbHistory},
};

} // namespace

std::span<const LogFormat> logFormats()
{
    return kLogFormats;
}

LogRead readRunLog(std::string_view text, std::string file)
{
    LogRead r;
    r.log.file = std::move(file);
    for (const LogFormat& f : kLogFormats) {
        if (!f.recognise(text))
            continue;
        r.log.format = std::string(f.id);
        r.error = f.read(text, r.log);
        if (r.error.empty() && r.log.points.empty())
            r.error = "no training records in it";
        if (!r.error.empty()) {
            r.log.points.clear();
            r.log.restarts.clear();
        }
        return r;
    }
    r.error = "not a training log this version reads (Megatron-LM iteration lines, veRL metrics "
              "JSONL or console lines, or a W&B run-history CSV)";
    return r;
}

} // namespace costlab
