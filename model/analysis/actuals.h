// Plan versus actual (issue 47; the source article §3: tag costs by "project – experiment
// batch – resource type" and "set a daily spend alert line ... so that a diverging run or
// resources left running are caught within hours").
//
// What a bill and a run's log say, in the form the readers in model/io fill (billcsv.h,
// runlog.h), and the comparison with the plan: every bill line attributed to a phase and a
// cost category or resource type through the plan's own tags (or listed as unattributed,
// never dropped), spend per day against the plan's line items and the Monte Carlo band,
// progress against the plan, anomaly flags, and a re-forecast of the rest of the plan from
// what was observed. Pure: no I/O; a caller may cancel and follow (analysis.h).
#pragma once

#include "analysis.h"
#include "catalog.h"
#include "categories.h"
#include "montecarlo.h"
#include "scenario.h"

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Seconds since 1970-01-01T00:00:00Z.
using UnixSeconds = std::int64_t;

/// One line of a bill: what a provider charged for one resource over one period. Text fields
/// are indices into Bill::strings (0 = empty), so a million-line bill holds each distinct
/// resource, service and tag set once.
struct BillLine {
    UnixSeconds start = 0, end = 0; ///< charge period (FOCUS ChargePeriodStart/End, end exclusive)
    double cost = 0;                ///< EffectiveCost (amortised), else BilledCost; `currency`
    std::uint32_t line = 0;         ///< line in the file, 1-based (the header is line 1)
    std::uint32_t currency = 0;     ///< ISO 4217 code ("USD", "CNY")
    std::uint32_t resource = 0;     ///< ResourceId
    std::uint32_t service = 0;      ///< ServiceCategory (or the provider's product name)
    std::uint32_t category = 0;     ///< x_CostCategory of Costlab's own export; "" in others
    std::uint32_t phase = 0;        ///< x_Phase of Costlab's own export; "" in others
    std::uint32_t tags = 0;         ///< index into Bill::tag_sets (0 = no tags)
};

/// One tag of a bill line ("project" = "llama-8b").
struct BillTag {
    std::string key, value;
};

/// A bill as read: its lines and their interned text.
struct Bill {
    std::string format; ///< id of the bill format it was read as (billcsv.h: "focus", …)
    std::string file;   ///< name for messages
    std::vector<BillLine> lines;
    std::vector<std::string> strings{std::string()};   ///< [0] = ""
    std::vector<std::vector<BillTag>> tag_sets{{}};    ///< [0] = no tags
    std::vector<std::string> tag_texts{std::string()}; ///< the cell each set came from
};

/// One logged point of a training run (one log line or metrics record).
struct LogPoint {
    static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
    double time = kNone;    ///< Unix seconds of the record; NaN when the log has no clock
    double step = 0;        ///< iteration: optimizer steps (pre-training) or RL iterations
    double samples = kNone; ///< consumed samples (sequences) so far; NaN when not logged
    double step_s = kNone;  ///< seconds per iteration, averaged since the previous record
    /// Pre-training: the language-model loss, nats/token; RL: the mean reward or score.
    double metric = kNone;
    double skipped = 0;     ///< iterations skipped since the previous record (loss scale, spikes)
    double nans = 0;        ///< iterations with a NaN or infinite loss since the previous record
    std::uint32_t line = 0; ///< line (or row) in the file, 1-based
};

/// A restart seen in a log: the run loaded a checkpoint again, or its step went back.
struct LogRestart {
    double time = LogPoint::kNone; ///< Unix seconds; NaN when the log has no clock
    double step = 0;               ///< the step it resumed from
    std::uint32_t line = 0;        ///< line in the file, 1-based
};

/// A training run's log as read.
struct RunLog {
    std::string format; ///< id of the log format it was read as (runlog.h: "megatron", …)
    std::string file;   ///< name for messages
    PhaseKind kind = PhaseKind::Pretrain; ///< pre-training log or RL metrics
    std::string metric;                   ///< name of LogPoint::metric ("lm loss", "reward")
    std::vector<LogPoint> points;         ///< in file order
    std::vector<LogRestart> restarts;
};

/// Why a bill line could not be given to the plan. Listed, never dropped.
enum class Unattributed : std::uint8_t {
    None,         ///< attributed
    NoTags,       ///< no project, phase or experiment-batch tag
    OtherProject, ///< tagged with another project
    UnknownPhase, ///< a phase or experiment batch the plan does not have
    Currency,     ///< a currency the plan cannot convert (only USD and CNY convert)
    BeforeStart,  ///< charged before the plan's start date
};
/// Stable id ("no_tags", …) and English text of a reason (translated in costlab::Actuals).
std::string_view unattributedId(Unattributed);
std::string_view unattributedText(Unattributed);

/// Resource types of the article's attribution tag, in display order; the category table's
/// resource_type column names the same ids.
enum class ResourceType : std::uint8_t {
    Gpu,
    Cpu,
    Compute,
    Storage,
    Network,
    Logs,
    People,
    Other,
    Count
};
inline constexpr int kResourceTypeCount = static_cast<int>(ResourceType::Count);
/// One row of the resource-type table: id (the tag value), English label, and the FOCUS
/// ServiceCategory values a bill line without a resource-type tag maps from.
struct ResourceTypeInfo {
    ResourceType type;
    std::string_view id;
    const char* label; ///< translated in costlab::Actuals
    std::span<const std::string_view> focus_services;
};
std::span<const ResourceTypeInfo> resourceTypeTable();
/// The type named by `id` ("gpu"), Other when none.
ResourceType resourceTypeOf(std::string_view id);

/// Kinds of anomaly flag, each a row of flagTable() with what to check.
enum class FlagKind : std::uint8_t {
    AlertLine,     ///< a day's spend passed the daily alert line (checked hour by hour)
    OverBand,      ///< cumulative spend above the Monte Carlo P90 of the plan at that day
    UnderBand,     ///< cumulative spend below the P10 (a late bill, or a run not started)
    AfterPhaseEnd, ///< a resource still billing after its phase ended ("forgot to shut down")
    NoProgress,    ///< GPUs billing while the run's log shows no progress
    Divergence,    ///< loss spike or NaN iterations while the GPUs keep billing
    StepDrift,     ///< step time more than 10 % from the plan's
    Count
};
struct FlagInfo {
    FlagKind kind;
    std::string_view id; ///< stable id in JSON ("alert_line", …)
    const char* label;   ///< English, translated in costlab::Actuals
    const char* check;   ///< what to check, English, translated in costlab::Actuals
};
std::span<const FlagInfo> flagTable();
const FlagInfo& flagInfo(FlagKind);

/// One anomaly: what, since when, how much it has cost so far.
struct ActualsFlag {
    FlagKind kind = FlagKind::AlertLine;
    int phase = -1;        ///< phase index, −1 for the whole plan
    UnixSeconds since = 0; ///< first moment it held
    double cost = 0;       ///< money it has cost so far, plan currency (0 when not a cost)
    double observed = 0;   ///< the figure that tripped it (money, seconds, loss; see detail)
    double expected = 0;   ///< the plan's figure or the line it passed
    std::string resource;  ///< the resource (AfterPhaseEnd), the log file (NoProgress, …)
    double step = -1;      ///< the log's step where it began (log flags); −1 otherwise
};

/// Spend of one calendar day of the plan (day 0 = budget.start_date, UTC).
struct ActualsDay {
    int day = 0;
    double planned = 0, actual = 0;         ///< the day's spend, plan currency
    double cum_planned = 0, cum_actual = 0; ///< since the plan's start
    double band_p10 = 0, band_p90 = 0;      ///< Monte Carlo band of the cumulative plan spend
};

/// One phase: spend, progress and step time, planned and observed.
struct ActualsPhase {
    double planned_cost = 0;    ///< the phase's whole planned cost
    double planned_to_date = 0; ///< its line items up to as_of
    double actual_to_date = 0;  ///< bill lines attributed to it
    double planned_steps = 0;   ///< the plan's steps (optimizer steps / RL iterations)
    double planned_steps_to_date = 0;
    double done_steps = -1;        ///< from its log; −1 without a log
    double planned_step_s = 0;     ///< failure-free seconds per step of the plan
    double observed_step_s = -1;   ///< median of the log's step times; −1 without
    double planned_failures = 0;   ///< interruptions the plan expects up to as_of
    double observed_failures = -1; ///< restarts in the log; −1 without a log
    double log_hours = 0;          ///< hours the log covers
};

/// A bill line (or several of the same resource and reason) not given to the plan.
struct UnattributedGroup {
    Unattributed reason = Unattributed::NoTags;
    std::string file, resource, service, tags; ///< as in the bill
    std::uint32_t first_line = 0;              ///< first line in the file
    std::uint32_t lines = 0;
    double cost = 0;      ///< plan currency where it converts, else `currency`'s
    std::string currency; ///< the bill's currency when it does not convert (reason Currency)
};

/// P10/P50/P90 of a remaining cost and finish.
struct Forecast {
    double cost_p10 = 0, cost_p50 = 0, cost_p90 = 0; ///< whole plan, plan currency
    double day_p10 = 0, day_p50 = 0, day_p90 = 0;    ///< finish, days from the plan start
};

struct ActualsOptions {
    /// Phase of each log (by index into the logs), "" = the phase of the log's kind that the
    /// plan runs at the log's time (the first one without a clock).
    std::vector<std::string> log_phase;
    UnixSeconds as_of = 0; ///< the moment to compare at; 0 = the latest bill or log time
    int runs = 2000;       ///< Monte Carlo runs for the band and the re-forecast
    std::uint64_t seed = 47;
};

struct ActualsResult {
    std::string error; ///< non-empty when the plan cannot be evaluated; nothing else is set
    bool cancelled = false;
    UnixSeconds plan_start = 0, as_of = 0;
    std::vector<ActualsDay> days; ///< day 0 to as_of's day
    std::vector<ActualsPhase> phases;
    std::array<double, kCategoryCount> planned_by_category{}; ///< to date
    std::array<double, kCategoryCount> actual_by_category{};  ///< lines naming their category
    std::array<double, kResourceTypeCount> planned_by_type{}; ///< to date
    std::array<double, kResourceTypeCount> actual_by_type{};  ///< every attributed line
    /// Unattributed money in the plan's currency (lines in a currency that does not convert
    /// are listed with their own and left out of this sum).
    double planned_to_date = 0, actual_to_date = 0, unattributed_cost = 0;
    double planned_total = 0;
    std::uint64_t lines = 0, attributed_lines = 0;
    std::vector<UnattributedGroup> unattributed;
    std::vector<ActualsFlag> flags;
    Forecast plan;       ///< the plan as planned (its Monte Carlo)
    Forecast reforecast; ///< spent so far plus the rest re-estimated from what was observed
    double failure_rate_prior = 0, failure_rate_posterior = 0; ///< per GPU-hour
    /// Point figures (evaluate(), no sampling): the plan's total, and what was spent plus the
    /// rest re-estimated; equal when the run goes exactly to plan.
    double plan_point = 0, reforecast_point = 0;
    double spent = 0; ///< the re-forecast's spend so far: attributed actuals (and the
                      ///< plan's engineering when no bill carries it)
};

/// Holds the bills and logs against the plan. `catalog` prices the plan. Currencies convert
/// between USD and CNY at the plan's cny_per_usd. Errors (a plan that cannot be evaluated)
/// come back in `error`.
ActualsResult compareActuals(const Scenario&, const Catalog&, std::span<const Bill> bills,
                             std::span<const RunLog> logs, const ActualsOptions& = {},
                             const AnalysisControl& = {});

/// Unix seconds of an ISO date "YYYY-MM-DD" at 00:00 UTC; nullopt-like −1 on a bad date.
UnixSeconds unixDay(std::string_view isoDate);

} // namespace costlab
