#include "actuals.h"

#include "engine.h"
#include "trnoop.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <map>
#include <tuple>

namespace costlab {
namespace {

constexpr double kHour = 3600, kDay = 86400;
/// The longest span compared, days: ten years, the engine's implausible-plan bound.
constexpr double kMaxCompareDays = 3652.5;

// Resource types. A bill line without a resource_type tag takes its type from its FOCUS
// ServiceCategory: GPU training and inference is "AI and Machine Learning" in the providers'
// FOCUS exports (and in Costlab's own), general instances "Compute".
constexpr std::string_view kGpuServices[] = {"AI and Machine Learning"};
constexpr std::string_view kComputeServices[] = {"Compute"};
constexpr std::string_view kStorageServices[] = {"Storage", "Databases"};
constexpr std::string_view kNetworkServices[] = {"Networking"};
constexpr std::string_view kLogServices[] = {"Management and Governance"};

constexpr ResourceTypeInfo kResourceTypes[] = {
    {ResourceType::Gpu, "gpu", QT_TRANSLATE_NOOP("costlab::Actuals", "GPU time"), kGpuServices},
    {ResourceType::Cpu, "cpu", QT_TRANSLATE_NOOP("costlab::Actuals", "CPU instances"), {}},
    {ResourceType::Compute, "compute",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Compute (GPU or CPU)"), kComputeServices},
    {ResourceType::Storage, "storage", QT_TRANSLATE_NOOP("costlab::Actuals", "Storage"),
     kStorageServices},
    {ResourceType::Network, "network", QT_TRANSLATE_NOOP("costlab::Actuals", "Network"),
     kNetworkServices},
    {ResourceType::Logs, "logs", QT_TRANSLATE_NOOP("costlab::Actuals", "Logging"), kLogServices},
    {ResourceType::People, "people", QT_TRANSLATE_NOOP("costlab::Actuals", "People"), {}},
    {ResourceType::Other, "other", QT_TRANSLATE_NOOP("costlab::Actuals", "Other"), {}},
};

constexpr FlagInfo kFlags[] = {
    {FlagKind::AlertLine, "alert_line",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Daily spend above the alert line"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Which resources billed most that day; a diverging run or a job "
                       "started twice shows as GPU lines above the plan's daily spend.")},
    {FlagKind::OverBand, "over_band",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Spend above the plan's P90"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Spend per category against the plan; re-forecast before the budget "
                       "runs out.")},
    {FlagKind::UnderBand, "under_band",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Spend below the plan's P10"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Whether the bill is complete (exports lag a day or two) and whether "
                       "the run started as planned.")},
    {FlagKind::AfterPhaseEnd, "after_phase_end",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Billing after its phase ended"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Whether the resource should have been released: the article's "
                       "\"forgot to shut down\" (§4.5).")},
    {FlagKind::NoProgress, "no_progress",
     QT_TRANSLATE_NOOP("costlab::Actuals", "GPUs billing while the run made no progress"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Whether the job hung, crashed or waits for a restart; the log's last "
                       "lines and the scheduler.")},
    {FlagKind::Divergence, "divergence",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Loss spike or NaN while GPUs bill"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Roll back to the last good checkpoint and skip the data batch, or "
                       "lower the learning rate (PaLM §5.1).")},
    {FlagKind::StepDrift, "step_drift",
     QT_TRANSLATE_NOOP("costlab::Actuals", "Step time off the plan by more than 10 %"),
     QT_TRANSLATE_NOOP("costlab::Actuals",
                       "Stragglers, a slow node, data-loader stalls or a changed layout; "
                       "re-forecast with the observed step time.")},
};

// ----- attribution ---------------------------------------------------------------------

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

/// Whether a tag key names `want`: the key itself ("project", any case, '-' for '_'), or a
/// prefixed key ending in it ("user:project", "acme/project"), as providers prefix tags.
bool keyIs(std::string_view key, std::string_view want)
{
    const std::size_t cut = key.find_last_of(":/");
    if (cut != std::string_view::npos)
        key.remove_prefix(cut + 1);
    while (!key.empty() && key.front() == ' ')
        key.remove_prefix(1);
    if (key.size() != want.size())
        return false;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char k = key[i] == '-' ? '_' : lower(key[i]);
        if (k != want[i])
            return false;
    }
    return true;
}

std::string_view tagValue(const std::vector<BillTag>& tags, std::string_view want)
{
    for (const BillTag& t : tags)
        if (keyIs(t.key, want))
            return t.value;
    return {};
}

struct Attribution {
    Unattributed reason = Unattributed::None;
    int phase = -1;    ///< −1: the plan, no phase
    int category = -1; ///< −1: the line names no category
    ResourceType type = ResourceType::Other;
    double fx = 1; ///< bill currency → plan currency
};

int categoryById(std::string_view id)
{
    for (const CategoryInfo& c : categoryTable())
        if (c.id == id)
            return int(c.category);
    return -1;
}

ResourceType typeOfService(std::string_view service)
{
    for (const ResourceTypeInfo& t : kResourceTypes)
        for (std::string_view s : t.focus_services)
            if (s == service)
                return t.type;
    return ResourceType::Other;
}

/// Which phase a phase name or experiment batch names: the index, −1 for "shared" (the
/// plan), −2 when the plan has no such phase or batch, −3 when nothing was named.
int phaseNamed(const Scenario& s, std::string_view name, std::string_view batch)
{
    if (name == "shared")
        return -1;
    if (!name.empty()) {
        for (std::size_t i = 0; i < s.phases.size(); ++i)
            if (s.phases[i].name == name)
                return int(i);
        return -2;
    }
    if (batch.empty())
        return -3;
    int found = -2;
    for (std::size_t i = 0; i < s.phases.size(); ++i)
        if (s.phases[i].experiment_batch == batch)
            found = found == -2 ? int(i) : -1; // a batch of several phases: the plan
    return found;
}

Attribution attribute(const Scenario& s, const Bill& b, const BillLine& l)
{
    Attribution a;
    const std::string_view currency = b.strings[l.currency];
    const std::string_view plan = currencyCode(s.currency);
    if (!currency.empty() && currency != plan) {
        if (currency == "USD" && plan == "CNY")
            a.fx = s.cny_per_usd;
        else if (currency == "CNY" && plan == "USD" && s.cny_per_usd > 0)
            a.fx = 1 / s.cny_per_usd;
        else
            a.reason = Unattributed::Currency;
    }
    const std::vector<BillTag>& tags = b.tag_sets[l.tags];
    std::string_view category = b.strings[l.category];
    if (category.empty())
        category = tagValue(tags, "cost_category");
    a.category = categoryById(category);
    if (a.category >= 0) {
        a.type = resourceTypeOf(categoryResourceType(Category(a.category)));
    } else {
        const std::string_view type = tagValue(tags, "resource_type");
        a.type = !type.empty() ? resourceTypeOf(type) : typeOfService(b.strings[l.service]);
    }
    if (a.reason != Unattributed::None)
        return a;
    const std::string_view project = tagValue(tags, "project");
    if (!project.empty() && !s.project.empty() && project != s.project) {
        a.reason = Unattributed::OtherProject;
        return a;
    }
    std::string_view name = b.strings[l.phase];
    if (name.empty())
        name = tagValue(tags, "phase");
    const int p = phaseNamed(s, name, tagValue(tags, "experiment_batch"));
    if (p == -2)
        a.reason = Unattributed::UnknownPhase;
    else if (p == -3 && (project.empty() || s.project.empty()))
        a.reason = Unattributed::NoTags; // neither a phase, a batch nor this plan's project
    a.phase = std::max(p, -1);
    return a;
}

// ----- the plan's calendar ---------------------------------------------------------------

/// Share of [from, to) that lies before `t` (all in the same unit); a span of no length
/// counts whole once `t` reaches it.
double shareBefore(double from, double to, double t)
{
    if (to <= from)
        return t >= from ? 1.0 : 0.0;
    return std::clamp((t - from) / (to - from), 0.0, 1.0);
}

/// Planned spend of phase `i` (−1: the shared costs) in category `c` by `day` days after the
/// start, on the engine's calendar: a phase's cost evenly over its days, engineering up
/// front, the other shared costs evenly over the plan (spendTimeline()).
double plannedBy(const Estimate& e, int i, int c, double day)
{
    if (i >= 0) {
        const PhaseEstimate& p = e.phases[std::size_t(i)];
        return p.cost[std::size_t(c)] * shareBefore(p.start_day, p.end_day, day);
    }
    if (Category(c) == Category::HiddenEngineering)
        return day >= 0 ? e.shared_cost[std::size_t(c)] : 0;
    return e.shared_cost[std::size_t(c)] * shareBefore(0, e.wall_hours / 24, day);
}

/// Interpolates a piecewise-linear cumulative spend at `day`.
double cumulativeAt(const std::vector<SpendPoint>& pts, double day)
{
    if (pts.empty())
        return 0;
    if (day >= pts.back().day)
        return pts.back().cumulative;
    double value = 0;
    for (std::size_t k = 0; k < pts.size(); ++k) {
        if (pts[k].day > day) {
            if (k == 0)
                return 0;
            const SpendPoint& a = pts[k - 1];
            const SpendPoint& b = pts[k];
            const double w = b.day > a.day ? (day - a.day) / (b.day - a.day) : 1.0;
            return a.cumulative + w * (b.cumulative - a.cumulative);
        }
        value = pts[k].cumulative;
    }
    return value;
}

/// The Monte Carlo's own percentile (percentileSorted(), interpolated), so the band and the
/// re-forecast read their runs as the plan's P10/P50/P90 do. Sorts `v`.
double quantile(std::vector<double>& v, double q)
{
    std::sort(v.begin(), v.end());
    return percentileSorted(v, q);
}

double median(std::vector<double> v)
{
    v.erase(std::remove_if(v.begin(), v.end(), [](double x) { return !std::isfinite(x); }),
            v.end());
    return v.empty() ? std::numeric_limits<double>::quiet_NaN() : quantile(v, 0.5);
}

// ----- state shared by the steps of compareActuals --------------------------------------

struct AttributedLine {
    const BillLine* line;
    Attribution a;
};

struct Work {
    const Scenario& s;
    const Estimate& e;
    ActualsResult& r;
    std::vector<AttributedLine> lines; ///< attributed lines of every bill
    std::vector<int> log_phase;        ///< phase of each log, −1 when none fits
    bool people_billed = false;        ///< some attributed line is engineering
    double engineering = 0;            ///< the plan's up-front engineering cost
    /// Unix time each phase ends at the latest the plan allows (phaseEndsP90): past it,
    /// compute billing is AfterPhaseEnd's, not a log flag's.
    std::vector<double> phase_end;
    /// Per phase, cumulative compute spend at each hour from the plan's start (index k = the
    /// first k hours): buildComputeSeries().
    std::vector<std::vector<double>> compute;
};

double dayOf(const Work& w, double unixTime)
{
    return (unixTime - double(w.r.plan_start)) / kDay;
}

/// Money of `l` within [from, to) (Unix seconds), plan currency: the line's cost spread
/// evenly over its charge period.
double costWithin(const AttributedLine& al, double from, double to)
{
    const BillLine& l = *al.line;
    const double s = double(l.start), e = double(l.end);
    double share = 0;
    if (e <= s)
        share = s >= from && s < to ? 1.0 : 0.0;
    else
        share = std::max(0.0, std::min(e, to) - std::max(s, from)) / (e - s);
    return l.cost * al.a.fx * share;
}

bool isCompute(ResourceType t)
{
    return t == ResourceType::Gpu || t == ResourceType::Cpu || t == ResourceType::Compute;
}

} // namespace

// ----- tables ------------------------------------------------------------------------------

std::string_view unattributedId(Unattributed u)
{
    switch (u) {
    case Unattributed::None:
        return "none";
    case Unattributed::NoTags:
        return "no_tags";
    case Unattributed::OtherProject:
        return "other_project";
    case Unattributed::UnknownPhase:
        return "unknown_phase";
    case Unattributed::Currency:
        return "currency";
    case Unattributed::BeforeStart:
        return "before_start";
    }
    return "none";
}

std::string_view unattributedText(Unattributed u)
{
    switch (u) {
    case Unattributed::None:
        return QT_TRANSLATE_NOOP("costlab::Actuals", "attributed");
    case Unattributed::NoTags:
        return QT_TRANSLATE_NOOP("costlab::Actuals",
                                 "no project, phase or experiment-batch tag of this plan");
    case Unattributed::OtherProject:
        return QT_TRANSLATE_NOOP("costlab::Actuals", "tagged with another project");
    case Unattributed::UnknownPhase:
        return QT_TRANSLATE_NOOP("costlab::Actuals",
                                 "a phase or experiment batch this plan does not have");
    case Unattributed::Currency:
        return QT_TRANSLATE_NOOP("costlab::Actuals",
                                 "a currency the plan cannot convert (only USD and CNY)");
    case Unattributed::BeforeStart:
        return QT_TRANSLATE_NOOP("costlab::Actuals", "charged before the plan's start date");
    }
    return {};
}

std::span<const ResourceTypeInfo> resourceTypeTable()
{
    return kResourceTypes;
}

ResourceType resourceTypeOf(std::string_view id)
{
    for (const ResourceTypeInfo& t : kResourceTypes)
        if (keyIs(id, t.id))
            return t.type;
    return ResourceType::Other;
}

std::span<const FlagInfo> flagTable()
{
    return kFlags;
}

const FlagInfo& flagInfo(FlagKind k)
{
    const auto i = static_cast<std::size_t>(k);
    return kFlags[i < std::size(kFlags) ? i : 0];
}

UnixSeconds unixDay(std::string_view iso)
{
    int y = 0, m = 0, d = 0;
    if (iso.size() != 10 || iso[4] != '-' || iso[7] != '-')
        return -1;
    auto num = [&](std::size_t from, std::size_t len, int& out) {
        const char* b = iso.data() + from;
        return std::from_chars(b, b + len, out).ptr == b + len;
    };
    if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d))
        return -1;
    const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{unsigned(m)},
                                          std::chrono::day{unsigned(d)}};
    if (!ymd.ok())
        return -1;
    return std::chrono::sys_days{ymd}.time_since_epoch().count() * 86400LL;
}

namespace {

// ----- steps of compareActuals ----------------------------------------------------------

/// Attributes every line of every bill; unattributed ones grouped by bill, reason and
/// resource, with their first line.
void attributeBills(Work& w, std::span<const Bill> bills)
{
    std::map<std::tuple<std::size_t, int, std::uint32_t, std::uint32_t>, UnattributedGroup> groups;
    for (std::size_t bi = 0; bi < bills.size(); ++bi) {
        const Bill& b = bills[bi];
        // Lines of one bill repeat a few combinations of tags, phase, category, service and
        // currency: attribute each combination once.
        std::map<
            std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>,
            Attribution>
            cache;
        for (const BillLine& l : b.lines) {
            ++w.r.lines;
            const auto key = std::make_tuple(l.tags, l.phase, l.category, l.service, l.currency);
            auto it = cache.find(key);
            if (it == cache.end())
                it = cache.emplace(key, attribute(w.s, b, l)).first;
            Attribution a = it->second;
            if (a.reason == Unattributed::None && l.end <= w.r.plan_start &&
                l.start < w.r.plan_start)
                a.reason = Unattributed::BeforeStart;
            if (a.reason == Unattributed::None) {
                ++w.r.attributed_lines;
                w.lines.push_back({&l, a});
                if (a.type == ResourceType::People)
                    w.people_billed = true;
                continue;
            }
            auto& g = groups[{bi, int(a.reason), l.resource, l.tags}];
            if (g.lines == 0) {
                g.reason = a.reason;
                g.file = b.file;
                g.resource = b.strings[l.resource];
                g.service = b.strings[l.service];
                g.tags = b.tag_texts[l.tags];
                g.first_line = l.line;
                if (a.reason == Unattributed::Currency)
                    g.currency = b.strings[l.currency];
            }
            ++g.lines;
            g.cost += l.cost * a.fx;
            if (a.reason != Unattributed::Currency)
                w.r.unattributed_cost += l.cost * a.fx;
        }
    }
    for (auto& [key, g] : groups)
        w.r.unattributed.push_back(std::move(g));
    std::stable_sort(w.r.unattributed.begin(), w.r.unattributed.end(),
                     [](const UnattributedGroup& a, const UnattributedGroup& b) {
                         return std::abs(a.cost) > std::abs(b.cost);
                     });
}

/// The moment to compare at: the latest end of a bill line or log record.
/// The moment to compare at: the latest end of a bill line (a bill lags its run; comparing at
/// a later log time would read the missing hours as spend below the plan), else the latest
/// log record; never more than kMaxCompareDays after the plan's start, so a line dated 9999
/// does not make the comparison walk millions of days.
UnixSeconds latestMoment(const Work& w, std::span<const RunLog> logs)
{
    UnixSeconds t = w.r.plan_start;
    for (const AttributedLine& al : w.lines)
        t = std::max(t, al.line->end);
    if (w.lines.empty())
        for (const RunLog& log : logs)
            for (const LogPoint& p : log.points)
                if (std::isfinite(p.time))
                    t = std::max(t, UnixSeconds(p.time));
    return std::min(t, w.r.plan_start + UnixSeconds(kMaxCompareDays * kDay));
}

/// Planned spend by `day`, without engineering when no bill carries it (a cloud bill never
/// does; the plan's figure then stands beside the bill, not in it).
double plannedTotalBy(const Work& w, double day)
{
    double total = 0;
    for (int c = 0; c < kCategoryCount; ++c) {
        if (Category(c) == Category::HiddenEngineering && !w.people_billed)
            continue;
        for (int i = -1; i < int(w.e.phases.size()); ++i)
            total += plannedBy(w.e, i, c, day);
    }
    return total;
}

void sumByCategory(Work& w)
{
    const double asOf = dayOf(w, double(w.r.as_of));
    w.r.phases.assign(w.e.phases.size(), {});
    for (int c = 0; c < kCategoryCount; ++c) {
        if (Category(c) == Category::HiddenEngineering && !w.people_billed)
            continue;
        const ResourceType t = resourceTypeOf(categoryResourceType(Category(c)));
        for (int i = -1; i < int(w.e.phases.size()); ++i) {
            const double v = plannedBy(w.e, i, c, asOf);
            w.r.planned_by_category[std::size_t(c)] += v;
            w.r.planned_by_type[std::size_t(t)] += v;
            if (i >= 0)
                w.r.phases[std::size_t(i)].planned_to_date += v;
        }
    }
    for (std::size_t i = 0; i < w.e.phases.size(); ++i)
        w.r.phases[i].planned_cost = w.e.phases[i].total;
    const double to = double(w.r.as_of);
    for (const AttributedLine& al : w.lines) {
        const double v = costWithin(al, double(w.r.plan_start), to);
        if (al.a.category >= 0)
            w.r.actual_by_category[std::size_t(al.a.category)] += v;
        w.r.actual_by_type[std::size_t(al.a.type)] += v;
        if (al.a.phase >= 0)
            w.r.phases[std::size_t(al.a.phase)].actual_to_date += v;
        w.r.actual_to_date += v;
    }
    w.r.planned_to_date = plannedTotalBy(w, asOf);
    w.r.planned_total = w.e.total - (w.people_billed ? 0 : w.engineering);
}

/// Money spread evenly over each line's period, summed per hour from the plan's start: whole
/// hours through a difference array, so a line of a year costs two additions, not 8,760.
class HourlySpread {
public:
    HourlySpread(double planStart, std::size_t hours)
        : m_ps(planStart), m_part(hours, 0.0), m_diff(hours + 1, 0.0)
    {
    }
    /// Adds `al`'s money within [from, to) (Unix seconds, clipped to the hours held).
    void add(const AttributedLine& al, double from, double to)
    {
        const BillLine& l = *al.line;
        const double n = double(m_part.size());
        from = std::max(from, m_ps);
        to = std::min(to, m_ps + n * kHour);
        if (l.end <= l.start) {
            const double k = std::floor((double(l.start) - m_ps) / kHour);
            if (k >= 0 && k < n && double(l.start) >= from && double(l.start) < to)
                m_part[std::size_t(k)] += l.cost * al.a.fx;
            return;
        }
        from = std::max(from, double(l.start));
        to = std::min(to, double(l.end));
        if (!(to > from))
            return;
        const double rate = l.cost * al.a.fx / double(l.end - l.start); // per second
        const double a = (from - m_ps) / kHour, b = (to - m_ps) / kHour;
        const double firstFull = std::ceil(a), lastFull = std::floor(b);
        if (firstFull >= lastFull) { // within one or two partial hours
            addPart(a, std::min(b, firstFull), rate);
            if (b > firstFull)
                addPart(firstFull, b, rate);
            return;
        }
        addPart(a, firstFull, rate);
        m_diff[std::size_t(firstFull)] += rate * kHour;
        m_diff[std::size_t(lastFull)] -= rate * kHour;
        addPart(lastFull, b, rate);
    }
    std::vector<double> hours() const
    {
        std::vector<double> h(m_part);
        double run = 0;
        for (std::size_t k = 0; k < h.size(); ++k) {
            run += m_diff[k];
            h[k] += run;
        }
        return h;
    }

private:
    void addPart(double a, double b, double rate)
    {
        if (b > a && a >= 0 && a < double(m_part.size()))
            m_part[std::size_t(std::floor(a))] += (b - a) * kHour * rate;
    }
    double m_ps;
    std::vector<double> m_part, m_diff;
};

/// Hourly actual spend from the plan's start to as_of (the base of the days and of the
/// alert line checked hour by hour); engineering lines only with `people` (the alert line,
/// like the plan's P(daily alert), leaves the up-front engineering out).
std::vector<double> hourlySpend(const Work& w, bool people)
{
    const double span = double(w.r.as_of - w.r.plan_start);
    const auto hours = std::size_t(std::max(0.0, std::ceil(span / kHour)));
    HourlySpread spread(double(w.r.plan_start), hours);
    for (const AttributedLine& al : w.lines)
        if (people || al.a.type != ResourceType::People)
            spread.add(al, double(w.r.plan_start), double(w.r.as_of));
    return spread.hours();
}

/// The Monte Carlo band of the plan's cumulative spend: run i's spend curve is the plan's
/// (spendTimeline) stretched to its duration and scaled to its cost, C_i(t) =
/// cost_i · C(t · days/days_i) / C(∞); P10 and P90 over the runs at each day's end.
void bandAndDays(Work& w, const MonteCarloResult& mc, const std::vector<double>& hourly)
{
    const std::vector<SpendPoint> pts = spendTimeline(w.e);
    const double eng = w.people_billed ? 0 : w.engineering;
    const double total = std::max(1e-300, w.e.total - eng);
    const double pointDays = w.e.wall_hours / 24;
    const double asOf = dayOf(w, double(w.r.as_of));
    const int days = int(std::ceil(asOf));
    double cumActual = 0;
    std::vector<double> at(mc.cost_samples.size());
    for (int d = 0; d < days; ++d) {
        ActualsDay day;
        day.day = d;
        const double t = std::min(double(d + 1), asOf);
        for (std::size_t k = std::size_t(d) * 24;
             k < std::min(hourly.size(), std::size_t(d + 1) * 24); ++k)
            day.actual += hourly[k];
        cumActual += day.actual;
        day.cum_actual = cumActual;
        day.cum_planned = plannedTotalBy(w, t);
        day.planned = day.cum_planned - (w.r.days.empty() ? 0 : w.r.days.back().cum_planned);
        for (std::size_t i = 0; i < at.size(); ++i) {
            const double di = mc.days_samples[i];
            const double stretched = di > 0 ? t * pointDays / di : pointDays;
            at[i] = (mc.cost_samples[i] - eng) * (cumulativeAt(pts, stretched) - eng) / total;
        }
        day.band_p10 = at.empty() ? day.cum_planned : quantile(at, 0.1);
        day.band_p90 = at.empty() ? day.cum_planned : quantile(at, 0.9);
        w.r.days.push_back(day);
    }
}

void flagAlertLine(Work& w, const std::vector<double>& hourly)
{
    const double line = w.s.budget.daily_alert;
    if (line <= 0)
        return;
    ActualsFlag* open = nullptr;
    int lastDay = -2;
    for (std::size_t d = 0; d * 24 < hourly.size(); ++d) {
        double sum = 0;
        std::size_t crossed = 0;
        bool over = false;
        for (std::size_t k = d * 24; k < std::min(hourly.size(), d * 24 + 24); ++k) {
            sum += hourly[k];
            if (!over && sum > line + 0.005) { // passed by more than half a cent
                over = true;
                crossed = k;
            }
        }
        if (!over)
            continue;
        // Consecutive days over the line are one flag, since the hour the first crossed it.
        if (!open || lastDay != int(d) - 1) {
            w.r.flags.push_back({.kind = FlagKind::AlertLine,
                                 .since = w.r.plan_start + UnixSeconds(crossed) * 3600,
                                 .expected = line});
            open = &w.r.flags.back();
        }
        open->cost += sum - line;
        open->observed = std::max(open->observed, sum);
        lastDay = int(d);
    }
}

void flagBand(Work& w)
{
    if (w.r.days.empty())
        return;
    for (FlagKind kind : {FlagKind::OverBand, FlagKind::UnderBand}) {
        // The latest stretch of days outside the band, up to as_of.
        int since = -1;
        for (int d = int(w.r.days.size()) - 1; d >= 0; --d) {
            const ActualsDay& day = w.r.days[std::size_t(d)];
            // Outside by more than 1 %: early in a run on reserved GPUs the band is as narrow as
            // the plan's spend rate is certain, and a bill's rounding or the hour a job started
            // must not trip it.
            const bool out = kind == FlagKind::OverBand ? day.cum_actual > day.band_p90 * 1.01
                                                        : day.cum_actual < day.band_p10 * 0.99;
            if (!out)
                break;
            since = d;
        }
        if (since < 0)
            continue;
        const ActualsDay& last = w.r.days.back();
        const double line = kind == FlagKind::OverBand ? last.band_p90 : last.band_p10;
        w.r.flags.push_back({.kind = kind,
                             .since = w.r.plan_start + UnixSeconds(since) * 86400,
                             .cost = kind == FlagKind::OverBand ? last.cum_actual - line : 0,
                             .observed = last.cum_actual,
                             .expected = line});
    }
}

/// End of each phase at the Monte Carlo's P90 (the phases before it at theirs too): a
/// resource billing past it is past any end the plan allows for.
std::vector<double> phaseEndsP90(const Work& w, const MonteCarloResult& mc)
{
    std::vector<double> ends;
    double t = 0;
    for (std::size_t i = 0; i < w.e.phases.size(); ++i) {
        const PhaseEstimate& p = w.e.phases[i];
        const double d = i < mc.phases.size()
                             ? std::max(mc.phases[i].days.p90, p.end_day - p.start_day)
                             : p.end_day - p.start_day;
        t += d;
        ends.push_back(double(w.r.plan_start) + t * kDay);
    }
    return ends;
}

void flagAfterPhaseEnd(Work& w, std::span<const Bill> bills)
{
    const std::vector<double>& ends = w.phase_end;
    const double planEnd = ends.empty() ? double(w.r.plan_start) : ends.back();
    // Storage, network and logs rightly outlive a phase (checkpoints kept, logs retained);
    // compute does not.
    std::map<std::pair<int, std::string>, ActualsFlag> byResource;
    for (const AttributedLine& al : w.lines) {
        if (!isCompute(al.a.type))
            continue;
        const double end = al.a.phase >= 0 ? ends[std::size_t(al.a.phase)] : planEnd;
        if (double(al.line->end) <= end)
            continue;
        const double cost = costWithin(al, end, double(w.r.as_of));
        if (cost <= 0)
            continue;
        std::string resource;
        for (const Bill& b : bills)
            if (!b.lines.empty() && al.line >= b.lines.data() &&
                al.line < b.lines.data() + b.lines.size())
                resource = b.strings[al.line->resource];
        auto& f = byResource[{al.a.phase, resource}];
        if (f.cost == 0) {
            f.kind = FlagKind::AfterPhaseEnd;
            f.phase = al.a.phase;
            f.resource = resource;
            f.since = UnixSeconds(std::max(end, double(al.line->start)));
            f.expected = end;
        }
        f.since = std::min(f.since, UnixSeconds(std::max(end, double(al.line->start))));
        f.cost += cost;
        f.observed = std::max(f.observed, double(al.line->end));
    }
    for (auto& [key, f] : byResource)
        w.r.flags.push_back(f);
}

/// Compute spend of phase `phase` within [from, to) (Unix seconds), from its hourly series
/// (buildComputeSeries): linear within an hour.
double phaseComputeCost(const Work& w, int phase, double from, double to)
{
    if (phase < 0 || std::size_t(phase) >= w.compute.size() || !(to > from))
        return 0;
    const std::vector<double>& cum = w.compute[std::size_t(phase)];
    if (cum.size() < 2)
        return 0;
    auto at = [&](double t) {
        const double h =
            std::clamp((t - double(w.r.plan_start)) / kHour, 0.0, double(cum.size() - 1));
        const auto k = std::size_t(std::floor(h));
        if (k + 1 >= cum.size())
            return cum.back();
        return cum[k] + (h - double(k)) * (cum[k + 1] - cum[k]);
    };
    return at(to) - at(from);
}

/// Each phase's compute spend (gpu, cpu, compute lines) per hour from the plan's start to
/// as_of, cumulated, so the log flags price any stretch without scanning the bill again.
/// Lines the bill gives to the plan but no phase count for the phase when the plan has one.
void buildComputeSeries(Work& w)
{
    const double ps = double(w.r.plan_start);
    const auto hours = std::size_t(std::max(0.0, std::ceil((double(w.r.as_of) - ps) / kHour)));
    std::vector<HourlySpread> spread(w.e.phases.size(), HourlySpread(ps, hours));
    for (const AttributedLine& al : w.lines) {
        if (!isCompute(al.a.type))
            continue;
        const int phase = al.a.phase >= 0 ? al.a.phase : w.e.phases.size() == 1 ? 0 : -1;
        if (phase >= 0)
            spread[std::size_t(phase)].add(al, ps, double(w.r.as_of));
    }
    w.compute.clear();
    for (const HourlySpread& sp : spread) {
        const std::vector<double> h = sp.hours();
        std::vector<double> cum(h.size() + 1, 0.0);
        for (std::size_t k = 0; k < h.size(); ++k)
            cum[k + 1] = cum[k] + h[k];
        w.compute.push_back(std::move(cum));
    }
}

/// Assigns each log a phase: the one named, else the phase of its kind running at the log's
/// first record (the first of its kind when the log has no clock).
void assignLogs(Work& w, std::span<const RunLog> logs, const ActualsOptions& o)
{
    for (std::size_t k = 0; k < logs.size(); ++k) {
        const RunLog& log = logs[k];
        int phase = -1;
        if (k < o.log_phase.size() && !o.log_phase[k].empty()) {
            for (std::size_t i = 0; i < w.s.phases.size(); ++i)
                if (w.s.phases[i].name == o.log_phase[k])
                    phase = int(i);
        } else {
            const double t0 = log.points.empty() ? LogPoint::kNone : log.points.front().time;
            for (std::size_t i = 0; i < w.s.phases.size(); ++i) {
                if (w.s.phases[i].kind != log.kind)
                    continue;
                if (phase < 0)
                    phase = int(i);
                const PhaseEstimate& p = w.e.phases[i];
                if (std::isfinite(t0) && dayOf(w, t0) >= p.start_day && dayOf(w, t0) < p.end_day) {
                    phase = int(i);
                    break;
                }
            }
        }
        w.log_phase.push_back(phase);
    }
}

void readProgress(Work& w, std::span<const RunLog> logs)
{
    const double asOf = dayOf(w, double(w.r.as_of));
    for (std::size_t i = 0; i < w.e.phases.size(); ++i) {
        const PhaseEstimate& p = w.e.phases[i];
        ActualsPhase& ap = w.r.phases[i];
        ap.planned_steps = p.steps;
        const double share = shareBefore(p.start_day, p.end_day, asOf);
        ap.planned_steps_to_date = p.steps * share;
        ap.planned_failures = p.rec.expected_failures * share;
        if (p.steps > 0 && p.gpus > 0)
            ap.planned_step_s = p.kind == PhaseKind::RlPosttrain
                                    ? p.rl.iteration_s
                                    : p.ideal_gpu_hours * kHour / p.gpus / p.steps;
    }
    for (std::size_t k = 0; k < logs.size(); ++k) {
        const int phase = w.log_phase[k];
        if (phase < 0 || logs[k].points.empty())
            continue;
        ActualsPhase& ap = w.r.phases[std::size_t(phase)];
        const RunLog& log = logs[k];
        double done = 0, first = LogPoint::kNone, last = LogPoint::kNone;
        std::vector<double> steps;
        for (const LogPoint& p : log.points) {
            done = std::max(done, p.step);
            steps.push_back(p.step_s);
            if (std::isfinite(p.time)) {
                first = std::isfinite(first) ? std::min(first, p.time) : p.time;
                last = std::isfinite(last) ? std::max(last, p.time) : p.time;
            }
        }
        ap.done_steps = std::max(ap.done_steps, done);
        ap.observed_step_s = median(steps);
        if (!std::isfinite(ap.observed_step_s))
            ap.observed_step_s = -1;
        ap.observed_failures = std::max(0.0, ap.observed_failures) + double(log.restarts.size());
        if (std::isfinite(first))
            ap.log_hours += (last - first) / kHour;
    }
}

/// Flags a phase's logs raise: gaps with GPUs billing, divergence, step-time drift. The
/// no-progress check reads every log of the phase as one timeline (a job restarted into a new
/// log file continues the run).
void flagNoProgress(Work& w, std::span<const RunLog> logs, int phase)
{
    std::vector<double> times, gaps;
    std::string files;
    for (std::size_t k = 0; k < logs.size(); ++k) {
        if (w.log_phase[k] != phase)
            continue;
        files += (files.empty() ? "" : ", ") + logs[k].file;
        for (const LogPoint& p : logs[k].points)
            if (std::isfinite(p.time))
                times.push_back(p.time);
    }
    if (times.size() < 2)
        return;
    std::sort(times.begin(), times.end());
    for (std::size_t k = 1; k < times.size(); ++k)
        gaps.push_back(times[k] - times[k - 1]);
    // A gap is "no progress" past five logging intervals, two restarts and an hour: a
    // restart after a failure (reliability.restart_min) is the plan's, not an anomaly.
    const double threshold =
        std::max({kHour, 5 * median(gaps), 2 * 60 * w.s.reliability.restart_min});
    // The stretch after the last record, up to the phase's latest end (after it, billing is
    // AfterPhaseEnd's), unless the log reached the plan's steps (within 0.1 %): the run is
    // done, and its GPUs are released by the phase's end.
    const double end = std::min(double(w.r.as_of), w.phase_end[std::size_t(phase)]);
    const ActualsPhase& ap = w.r.phases[std::size_t(phase)];
    const bool finished = ap.done_steps >= ap.planned_steps * 0.999;
    if (end > times.back() && !finished)
        times.push_back(end);
    for (std::size_t k = 1; k < times.size(); ++k) {
        if (times[k] - times[k - 1] <= threshold)
            continue;
        const double cost = phaseComputeCost(w, phase, times[k - 1], times[k]);
        if (cost <= 0)
            continue;
        w.r.flags.push_back({.kind = FlagKind::NoProgress,
                             .phase = phase,
                             .since = UnixSeconds(times[k - 1]),
                             .cost = cost,
                             .observed = (times[k] - times[k - 1]) / kHour,
                             .expected = threshold / kHour,
                             .resource = files});
    }
}

/// A divergence episode: a NaN iteration, or (pre-training) a loss 20 % above the median of
/// the 20 records before it, until a record without NaN comes back within 5 % of that
/// median. PaLM (Chowdhery et al. 2022, §5.1) saw ~20 such spikes in its 540B run, each from
/// a loss near 2 to well above it; 20 % is far outside record-to-record noise.
void flagDivergence(Work& w, const RunLog& log, int phase)
{
    std::vector<double> window;
    double base = 0;
    const LogPoint* start = nullptr;
    const double phaseEnd = w.phase_end[std::size_t(phase)];
    auto close = [&](double endTime) {
        endTime = std::min(endTime, phaseEnd); // after it, AfterPhaseEnd counts the money
        const double from = std::isfinite(start->time) ? start->time : LogPoint::kNone;
        const double cost = std::isfinite(from) ? phaseComputeCost(w, phase, from, endTime) : 0;
        w.r.flags.push_back({.kind = FlagKind::Divergence,
                             .phase = phase,
                             .since = std::isfinite(from) ? UnixSeconds(from) : 0,
                             .cost = cost,
                             .observed = start->nans > 0 ? start->nans : start->metric,
                             .expected = base,
                             .resource = log.file,
                             .step = start->step});
        start = nullptr;
    };
    for (const LogPoint& p : log.points) {
        const bool nan = p.nans > 0 || (!std::isfinite(p.metric) && !std::isnan(p.metric));
        const double med = window.size() >= 5 ? median(window) : LogPoint::kNone;
        const bool spike = log.kind == PhaseKind::Pretrain && std::isfinite(med) &&
                           std::isfinite(p.metric) && p.metric > 1.2 * med;
        if (!start && (nan || spike)) {
            start = &p;
            base = std::isfinite(med) ? med : 0;
        } else if (start && !nan && std::isfinite(p.metric) &&
                   (base <= 0 || p.metric <= 1.05 * base)) {
            close(std::isfinite(p.time) ? p.time : double(w.r.as_of));
        }
        if (!start && std::isfinite(p.metric)) {
            window.push_back(p.metric);
            if (window.size() > 20)
                window.erase(window.begin());
        }
    }
    // Still diverging at the log's end: counted to its last record; what bills after it is
    // the no-progress flag's (or, past the phase, the after-phase-end flag's).
    if (start) {
        double last = LogPoint::kNone;
        for (const LogPoint& p : log.points)
            if (std::isfinite(p.time))
                last = std::isfinite(last) ? std::max(last, p.time) : p.time;
        close(std::isfinite(last) ? last : double(w.r.as_of));
    }
}

void flagStepDrift(Work& w, const RunLog& log, int phase)
{
    const double planned = w.r.phases[std::size_t(phase)].planned_step_s;
    if (planned <= 0 || log.points.empty())
        return;
    // The latest day of the log (the latest 20 records without a clock).
    const double lastTime = log.points.back().time;
    std::vector<double> recent;
    std::size_t from = log.points.size();
    while (from > 0) {
        const LogPoint& p = log.points[from - 1];
        const bool inWindow = std::isfinite(lastTime) && std::isfinite(p.time)
                                  ? lastTime - p.time <= kDay
                                  : log.points.size() - from < 20;
        if (!inWindow)
            break;
        recent.push_back(p.step_s);
        --from;
    }
    const double observed = median(recent);
    if (!std::isfinite(observed) || std::abs(observed / planned - 1) <= 0.10)
        return;
    // Since when: the first record of the trailing run off the plan in the same direction.
    const bool slow = observed > planned;
    std::size_t since = log.points.size();
    while (since > 0) {
        const double s = log.points[since - 1].step_s;
        if (!std::isfinite(s) || (slow ? s <= planned * 1.10 : s >= planned * 0.90))
            break;
        --since;
    }
    const LogPoint& first = log.points[std::min(since, log.points.size() - 1)];
    const double t0 = std::isfinite(first.time) ? first.time : LogPoint::kNone;
    // What the slowness cost: the share of the GPU spend since then that a step at the plan's
    // time would not have needed.
    const double cost =
        slow && std::isfinite(t0)
            ? phaseComputeCost(w, phase, t0, double(w.r.as_of)) * (1 - planned / observed)
            : 0;
    w.r.flags.push_back({.kind = FlagKind::StepDrift,
                         .phase = phase,
                         .since = std::isfinite(t0) ? UnixSeconds(t0) : 0,
                         .cost = cost,
                         .observed = observed,
                         .expected = planned,
                         .resource = log.file,
                         .step = first.step});
}

void flagLogs(Work& w, std::span<const RunLog> logs)
{
    for (int phase = 0; phase < int(w.e.phases.size()); ++phase)
        flagNoProgress(w, logs, phase);
    for (std::size_t k = 0; k < logs.size(); ++k) {
        const int phase = w.log_phase[k];
        if (phase < 0)
            continue;
        flagDivergence(w, logs[k], phase);
        flagStepDrift(w, logs[k], phase);
    }
}

/// The gamma prior's weight on the plan's failure rate, in pseudo-failures: the plan's rate
/// is uncertain over 1e-5–8e-5 per GPU-hour around its 2e-5 (risk-foundations.md §9), which
/// a gamma of shape 4 spans between its 1st and 99th percentiles. A day with a handful of
/// failures moves the rate, it does not replace it.
constexpr double kPriorFailures = 4;

/// ISO date of a Unix time's UTC day.
std::string isoDay(UnixSeconds t)
{
    const std::chrono::sys_days d{std::chrono::days{t >= 0 ? t / 86400 : (t - 86399) / 86400}};
    const std::chrono::year_month_day ymd{d};
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()),
                  unsigned(ymd.day()));
    return buf;
}

/// The rest of the plan as observed so far: each phase's remaining share of its tokens or
/// iterations (its log's steps, else the plan's calendar), pre-training at the logged step
/// time, failures at the posterior rate, engineering already paid.
Scenario remainingPlan(const Work& w, double rateScale)
{
    Scenario r = w.s;
    r.phases.clear();
    r.engineering.env_types = 0; // engineering is all in what was spent (plannedBy())
    r.engineering.maintenance_fte = 0;
    r.budget.start_date = isoDay(w.r.as_of);
    r.reliability.gpu_failure_rate *= rateScale;
    r.reliability.node_failure_rate *= rateScale;
    const double asOf = dayOf(w, double(w.r.as_of));
    for (std::size_t i = 0; i < w.s.phases.size(); ++i) {
        const PhaseEstimate& pe = w.e.phases[i];
        const ActualsPhase& ap = w.r.phases[i];
        const double done = ap.done_steps >= 0 && pe.steps > 0
                                ? std::min(1.0, ap.done_steps / pe.steps)
                                : shareBefore(pe.start_day, pe.end_day, asOf);
        if (done >= 1 - 1e-9)
            continue;
        Phase p = sizedPhase(w.s.phases[i], pe);
        // Sized by its count from here: a target would size the rest as a whole phase again.
        p.pretrain.target_loss = 0;
        p.rl.target_score = 0;
        const double left = 1 - done;
        if (p.kind == PhaseKind::Pretrain) {
            p.pretrain.tokens *= left;
            p.pretrain.long_tokens = std::min(p.pretrain.long_tokens, p.pretrain.tokens);
            // The logged step is the main stage's; a long-context stage keeps the plan's pace.
            if (ap.observed_step_s > 0 && p.gpus > 0 && !hasLongStage(p.pretrain))
                p.pretrain.measured_tokens_s =
                    p.pretrain.global_batch_tokens / ap.observed_step_s / p.gpus;
        } else if (p.kind == PhaseKind::RlPosttrain) {
            p.rl.iterations *= left;
            // No input pins an RL iteration's time: the rest is priced as the iterations the
            // plan's pace would fit into the observed time (observed / planned seconds).
            // Time-priced costs (GPUs, environment workers, failures) come out right;
            // per-episode ones (trajectories, environment traffic) by the same factor too high.
            if (ap.observed_step_s > 0 && ap.planned_step_s > 0)
                p.rl.iterations *= ap.observed_step_s / ap.planned_step_s;
        } else {
            p.eval.versions *= left;
        }
        r.phases.push_back(std::move(p));
    }
    return r;
}

Forecast forecastOf(const MonteCarloResult& mc, double spent, double startDay)
{
    Forecast f;
    f.cost_p10 = spent + mc.cost.p10;
    f.cost_p50 = spent + mc.cost.p50;
    f.cost_p90 = spent + mc.cost.p90;
    f.day_p10 = startDay + mc.days.p10;
    f.day_p50 = startDay + mc.days.p50;
    f.day_p90 = startDay + mc.days.p90;
    return f;
}

double sum(const CategoryArray& a)
{
    double v = 0;
    for (double x : a)
        v += x;
    return v;
}

/// The rest of the plan's cost in run i of its Monte Carlo: its phases, plus the plan's
/// shared costs (storage, egress, logs) at the plan's daily rate for as long as the rest
/// takes. The remaining plan's own shared costs would count the datasets' retention again
/// and restart their clock; engineering is all in what was spent (plannedBy()).
struct RestCost {
    double phase_share; ///< the rest's own shared costs, taken out of its samples
    double shared_rate; ///< the plan's shared costs without engineering, per day
    double operator()(double cost, double days) const
    {
        return cost - phase_share + shared_rate * days;
    }
};

void reforecast(Work& w, const Catalog& catalog, const ActualsOptions& o,
                const AnalysisControl& control)
{
    const ReliabilitySection& rel = w.s.reliability;
    const double prior = rel.gpu_failure_rate +
                         (rel.gpus_per_node > 0 ? rel.node_failure_rate / rel.gpus_per_node : 0);
    double failures = 0, exposure = 0;
    for (std::size_t i = 0; i < w.r.phases.size(); ++i) {
        const ActualsPhase& ap = w.r.phases[i];
        if (ap.observed_failures >= 0 && ap.log_hours > 0) {
            failures += ap.observed_failures;
            exposure += ap.log_hours * w.e.phases[i].gpus;
        }
    }
    w.r.failure_rate_prior = prior;
    w.r.failure_rate_posterior =
        prior > 0 ? (kPriorFailures + failures) / (kPriorFailures / prior + exposure) : prior;
    const double scale = prior > 0 ? w.r.failure_rate_posterior / prior : 1;
    const Scenario rest = remainingPlan(w, scale);
    // Spent: the attributed bill, and the plan's engineering when no bill carries it.
    w.r.spent = w.r.actual_to_date + (w.people_billed ? 0 : w.engineering);
    const double asOf = std::max(0.0, dayOf(w, double(w.r.as_of)));
    if (rest.phases.empty()) {
        w.r.reforecast = {w.r.spent, w.r.spent, w.r.spent, asOf, asOf, asOf};
        w.r.reforecast_point = w.r.spent;
        return;
    }
    const Estimate re = evaluate(rest, catalog);
    const double planDays = w.e.wall_hours / 24;
    const RestCost restCost{sum(re.shared_cost),
                            planDays > 0 ? (sum(w.e.shared_cost) - w.engineering) / planDays : 0};
    w.r.reforecast_point = w.r.spent + restCost(re.total, re.wall_hours / 24);
    MonteCarloOptions mo;
    mo.runs = o.runs;
    mo.seed = o.seed;
    const MonteCarloResult mc = monteCarlo(rest, catalog, mo, control);
    w.r.cancelled = w.r.cancelled || mc.cancelled;
    if (!mc.error.empty() || mc.cost_samples.empty()) {
        // No spread to sample (an unpriced or refused rest): the point figures, not zeros.
        const double d = asOf + re.wall_hours / 24;
        w.r.reforecast = {
            w.r.reforecast_point, w.r.reforecast_point, w.r.reforecast_point, d, d, d};
        return;
    }
    std::vector<double> cost(mc.cost_samples.size()), days = mc.days_samples;
    for (std::size_t i = 0; i < cost.size(); ++i)
        cost[i] = restCost(mc.cost_samples[i], mc.days_samples[i]);
    Forecast& f = w.r.reforecast;
    f.cost_p10 = w.r.spent + quantile(cost, 0.1);
    f.cost_p50 = w.r.spent + quantile(cost, 0.5);
    f.cost_p90 = w.r.spent + quantile(cost, 0.9);
    f.day_p10 = asOf + quantile(days, 0.1);
    f.day_p50 = asOf + quantile(days, 0.5);
    f.day_p90 = asOf + quantile(days, 0.9);
}

} // namespace

ActualsResult compareActuals(const Scenario& s, const Catalog& catalog, std::span<const Bill> bills,
                             std::span<const RunLog> logs, const ActualsOptions& o,
                             const AnalysisControl& control)
{
    ActualsResult r;
    r.plan_start = unixDay(s.budget.start_date);
    if (r.plan_start < 0) {
        r.error = "the plan's start date \"" + s.budget.start_date + "\" is not a date";
        return r;
    }
    const Estimate e = evaluate(s, catalog);
    if (!e.ok) {
        r.error = "the plan cannot be evaluated";
        return r;
    }
    Work w{s, e, r, {}, {}, false, e.shared_cost[std::size_t(Category::HiddenEngineering)]};
    attributeBills(w, bills);
    r.as_of = o.as_of > 0 ? std::clamp(o.as_of, r.plan_start,
                                       r.plan_start + UnixSeconds(kMaxCompareDays * kDay))
                          : latestMoment(w, logs);
    assignLogs(w, logs, o);
    MonteCarloOptions mo;
    mo.runs = o.runs;
    mo.seed = o.seed;
    AnalysisControl half;
    half.cancel = control.cancel;
    if (control.progress)
        half.progress = [&control](double f) { control.report(0.5 * f); };
    const MonteCarloResult mc = monteCarlo(s, catalog, mo, half);
    r.cancelled = mc.cancelled;
    r.plan_point = e.total;
    if (mc.error.empty())
        r.plan = forecastOf(mc, 0, 0);
    sumByCategory(w);
    bandAndDays(w, mc, hourlySpend(w, true));
    flagAlertLine(w, hourlySpend(w, false));
    flagBand(w);
    w.phase_end = phaseEndsP90(w, mc);
    buildComputeSeries(w);
    flagAfterPhaseEnd(w, bills);
    readProgress(w, logs);
    flagLogs(w, logs);
    if (r.cancelled)
        return r;
    AnalysisControl rest;
    rest.cancel = control.cancel;
    if (control.progress)
        rest.progress = [&control](double f) { control.report(0.5 + 0.5 * f); };
    reforecast(w, catalog, o, rest);
    std::stable_sort(r.flags.begin(), r.flags.end(),
                     [](const ActualsFlag& a, const ActualsFlag& b) { return a.since < b.since; });
    return r;
}

} // namespace costlab
