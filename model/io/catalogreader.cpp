// Catalog JSON reader. It validates every field and collects every problem before
// rejecting, so a user fixing a hand-edited catalog sees all errors at once; nothing here
// throws to the caller, whatever the input.
#include "catalogio.h"
#include "files.h"
#include "printable.h"

#include "jsondoc.h"
#include "messages.h"
#include "registry.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace costlab {

namespace {

using json = jsondoc::ojson;

constexpr int kSchemaVersion = 1;
// A runaway input (e.g. a huge array of broken entries) should not bury the first, useful
// messages under thousands of repeats.
constexpr std::size_t kMaxErrors = jsondoc::kMaxJsonErrors;

/// Inclusive or exclusive bounds for a number, with the unit named in messages.
struct Range {
    double lo;
    bool loInclusive;
    double hi;
    bool hiInclusive;
    const char* unit;
};

std::string formatNumber(double v)
{
    std::ostringstream s;
    s.precision(12);
    s << v;
    return s.str();
}

/// "GiB in (0, 4096]": the unit is translated where the message is shown, the interval not.
Message describe(const Range& r)
{
    return message(Msg::RangeIn, {unitArg(r.unit),
                                  textArg((r.loInclusive ? "[" : "(") + formatNumber(r.lo) + ", " +
                                          formatNumber(r.hi) + (r.hiInclusive ? "]" : ")"))});
}

/// The offending value as JSON text, shortened at a UTF-8 boundary so messages stay readable.
std::string shown(const json& v)
{
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    constexpr std::size_t kMax = 60;
    if (s.size() <= kMax)
        return s;
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    return s.substr(0, cut) + "...";
}

/// The JSON type of `v` as a message ("number"), for "got ..." in messages.
Message typeName(const json& v)
{
    if (v.is_boolean())
        return message(Msg::JsonBoolean);
    if (v.is_number())
        return message(Msg::JsonNumber);
    if (v.is_string())
        return message(Msg::JsonString);
    if (v.is_array())
        return message(Msg::JsonArray);
    return message(Msg::JsonObject);
}

/// "null", or the JSON type then the value ("string \"40\""), for "got ..." in messages.
Message typed(const json& v)
{
    return v.is_null() ? textArg("null")
                       : message(Msg::TypedValue, {typeName(v), textArg(shown(v))});
}

/// Ids appear in scenario files and on the command line, so keep them to a safe alphabet.
bool validId(const std::string& s)
{
    if (s.empty() || s.size() > 64)
        return false;
    for (char c : s) {
        const bool ok =
            (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
        if (!ok)
            return false;
    }
    return true;
}

bool isDigits(std::string_view s)
{
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

/// ISO 8601 calendar date at day, month or year precision, or "undated". Prices are often
/// published with a month only; padding them to a day would invent precision.
bool validDate(const std::string& s)
{
    if (s == "undated")
        return true;
    if (s.size() != 4 && s.size() != 7 && s.size() != 10)
        return false;
    if (!isDigits(std::string_view(s).substr(0, 4)))
        return false;
    if (s.size() >= 7) {
        if (s[4] != '-' || !isDigits(std::string_view(s).substr(5, 2)))
            return false;
        const int month = std::stoi(s.substr(5, 2));
        if (month < 1 || month > 12)
            return false;
    }
    if (s.size() == 10) {
        if (s[7] != '-' || !isDigits(std::string_view(s).substr(8, 2)))
            return false;
        const int day = std::stoi(s.substr(8, 2));
        if (day < 1 || day > 31)
            return false;
    }
    return true;
}

/// Collects errors while walking the document; every accessor returns a usable default
/// after recording a problem so the walk can continue and report the rest.
class Reader {
public:
    explicit Reader(std::vector<Message>& problems) : m_problems(problems) {}

    bool failed() const { return m_count > 0; }

    /// Records "pointer: what" (issue 49: as a message the window translates).
    void error(const std::string& pointer, Message what)
    {
        ++m_count;
        const Message where = pointer.empty() ? message(Msg::DocumentRoot) : textArg(pointer);
        if (m_count < kMaxErrors)
            m_problems.push_back(message(Msg::IdMessage, {where, std::move(what)}));
        else if (m_count == kMaxErrors)
            m_problems.push_back(message(Msg::IdMessage, {message(Msg::DocumentRoot),
                                                          message(Msg::TooManyErrorsNotListed)}));
    }

    /// Member `key` of object `obj`, or nullptr (with an error naming `expected`, then the
    /// range `r` when given) if absent. The text is built only for the error (issue 50:
    /// describing every number's range up front was 15 % of `costlab-cli evaluate`).
    /// `withRange` is the Msg taking the range ("a number, %1"); `expected` is used without one.
    const json* member(const json& obj, const std::string& ptr, const char* key, Msg expected,
                       const Range* r = nullptr)
    {
        m_read[&obj].insert(key);
        const auto it = obj.find(key);
        if (it == obj.end()) {
            error(ptr + "/" + key,
                  message(Msg::MissingRequiredField,
                          {r ? message(expected, {describe(*r)}) : message(expected)}));
            return nullptr;
        }
        return &*it;
    }

    /// As above, naming what is expected by a whole message.
    const json* member(const json& obj, const std::string& ptr, const char* key,
                       const Message& expected)
    {
        m_read[&obj].insert(key);
        const auto it = obj.find(key);
        if (it == obj.end()) {
            error(ptr + "/" + key, message(Msg::MissingRequiredField, {expected}));
            return nullptr;
        }
        return &*it;
    }

    /// As above, for an object whose members are named literally ("an object {text, date}").
    const json* member(const json& obj, const std::string& ptr, const char* key, const char* fields)
    {
        m_read[&obj].insert(key);
        const auto it = obj.find(key);
        if (it == obj.end()) {
            error(ptr + "/" + key, message(Msg::MissingRequiredField,
                                           {message(Msg::AnObjectOf, {textArg(fields)})}));
            return nullptr;
        }
        return &*it;
    }

    /// `obj` must be a JSON object; reports and returns false otherwise.
    bool object(const json& v, const std::string& ptr)
    {
        if (v.is_object())
            return true;
        error(ptr, message(Msg::ExpectedObjectGotValue, {typed(v)}));
        return false;
    }

    double number(const json& obj, const std::string& ptr, const char* key, const Range& r)
    {
        const json* v = member(obj, ptr, key, Msg::ANumberRange, &r);
        if (!v)
            return 0;
        return checkNumber(*v, ptr + "/" + key, r);
    }

    double checkNumber(const json& v, const std::string& p, const Range& r)
    {
        if (!v.is_number()) {
            error(p, message(Msg::ExpectedNumberRangeGot, {describe(r), typed(v)}));
            return 0;
        }
        const double x = v.get<double>();
        // nlohmann turns out-of-range literals such as 1e999 into infinity.
        const bool inRange = std::isfinite(x) && (r.loInclusive ? x >= r.lo : x > r.lo) &&
                             (r.hiInclusive ? x <= r.hi : x < r.hi);
        if (!inRange) {
            error(p, message(Msg::ExpectedFiniteNumberRangeGot, {describe(r), textArg(shown(v))}));
            return 0;
        }
        return x;
    }

    /// A number that older catalogs may lack: `fallback` when absent, else checked.
    double optionalNumber(const json& obj, const std::string& ptr, const char* key, const Range& r,
                          double fallback)
    {
        m_read[&obj].insert(key);
        const auto it = obj.find(key);
        if (it == obj.end() || it->is_null()) // null: no source for it, as when absent
            return fallback;
        return checkNumber(*it, ptr + "/" + key, r);
    }

    /// A whole number in [lo, hi] (counts such as GPUs per node).
    double count(const json& obj, const std::string& ptr, const char* key, double lo, double hi,
                 const char* unit)
    {
        const Range r{lo, true, hi, true, unit};
        const json* v = member(obj, ptr, key, Msg::AWholeNumberRange, &r);
        if (!v)
            return 0;
        const double x = checkNumber(*v, ptr + "/" + key, r);
        if (x != 0 && x != std::floor(x)) {
            error(ptr + "/" + key,
                  message(Msg::ExpectedWholeNumberRangeGot, {describe(r), textArg(shown(*v))}));
            return 0;
        }
        return x;
    }

    /// Price per unit: null means "not offered" (stored as -1), otherwise a positive number.
    double optionalPrice(const json& obj, const std::string& ptr, const char* key, const Range& r)
    {
        const json* v = member(obj, ptr, key, Msg::NullOrNumberRange, &r);
        if (!v)
            return -1;
        if (v->is_null())
            return -1;
        const double x = v->is_number() ? v->get<double>() : 0;
        const bool inRange = v->is_number() && std::isfinite(x) && x > r.lo && x <= r.hi;
        if (!inRange) {
            error(ptr + "/" + key,
                  message(Msg::ExpectedNullOrNumberRangeGot, {describe(r), typed(*v)}));
            return -1;
        }
        return x;
    }

    std::string string(const json& obj, const std::string& ptr, const char* key,
                       const Message& expected = message(Msg::ANonEmptyString))
    {
        const json* v = member(obj, ptr, key, expected);
        if (!v)
            return {};
        if (!v->is_string() || v->get_ref<const std::string&>().empty()) {
            error(ptr + "/" + key, message(Msg::ExpectedWhatGot, {expected, typed(*v)}));
            return {};
        }
        return v->get<std::string>();
    }

    std::string id(const json& obj, const std::string& ptr)
    {
        const std::string s = string(obj, ptr, "id", message(Msg::WhatCatalogEntryId));
        if (!s.empty() && !validId(s)) {
            error(ptr + "/id", message(Msg::ExpectedWhatGot, {message(Msg::WhatCatalogEntryId),
                                                              textArg(shown(json(s)))}));
            return {};
        }
        return s;
    }

    std::string date(const json& obj, const std::string& ptr, const char* key)
    {
        const std::string s = string(obj, ptr, key, message(Msg::WhatIsoDate));
        if (!s.empty() && !validDate(s)) {
            error(ptr + "/" + key, message(Msg::ExpectedWhatGot,
                                           {message(Msg::WhatIsoDate), textArg(shown(json(s)))}));
            return {};
        }
        return s;
    }

    Source source(const json& obj, const std::string& ptr, const char* key)
    {
        Source out;
        const json* v = member(obj, ptr, key, "{text, date}");
        if (!v)
            return out;
        const std::string p = ptr + "/" + key;
        if (!object(*v, p))
            return out;
        out.text = string(*v, p, "text", message(Msg::WhatSourceText));
        out.date = date(*v, p, "date");
        noOtherKeys(*v, p);
        return out;
    }

    /// Every member of object `obj` that the walk did not read is an error, with the nearest
    /// known name: a misspelt optional field once took its default silently (issue 44: a
    /// typo moved a total by +47 % with exit 0). Call after reading all of `obj`'s members.
    void noOtherKeys(const json& obj, const std::string& ptr)
    {
        if (!obj.is_object())
            return;
        const std::set<std::string>& known = m_read[&obj];
        for (const auto& [key, value] : obj.items()) {
            if (known.count(key))
                continue;
            std::string best;
            std::size_t bestDist = 3; // near misses only
            for (const std::string& k : known)
                if (const std::size_t d = editDistance(key, k); d < bestDist) {
                    bestDist = d;
                    best = k;
                }
            error(jsondoc::childPointer(ptr, key),
                  best.empty() ? message(Msg::UnknownCatalogField, {textArg(shown(json(key)))})
                               : message(Msg::UnknownCatalogFieldDidYouMean,
                                         {textArg(shown(json(key))), textArg(best)}));
        }
    }

    /// Reports a repeated id at `ptr` (the id member of a later entry).
    void unique(std::set<std::string>& seen, const std::string& id, const std::string& ptr)
    {
        if (id.empty())
            return;
        if (!seen.insert(id).second)
            error(ptr + "/id", message(Msg::DuplicateIdGot, {textArg(shown(json(id)))}));
    }

private:
    std::vector<Message>& m_problems;
    std::size_t m_count = 0;
    std::map<const json*, std::set<std::string>> m_read; ///< members looked up, per object
};

// Bounds: wide enough for any real device of the next decade, narrow enough to catch unit
// mistakes (GB/s entered as TB/s, W as kW, MFU as a percentage).
constexpr Range kHbm{0, false, 4096, true, QT_TRANSLATE_NOOP("costlab::Unit", "GiB")};
constexpr Range kMemBw{0, false, 1e5, true, QT_TRANSLATE_NOOP("costlab::Unit", "GB/s")};
constexpr Range kTflops{0, false, 1e5, true, QT_TRANSLATE_NOOP("costlab::Unit", "TFLOP/s")};
constexpr Range kTflopsOptional{0, true, 1e5, true,
                                QT_TRANSLATE_NOOP("costlab::Unit", "TFLOP/s (0 = not supported)")};
constexpr Range kTopsOptional{0, true, 1e5, true,
                              QT_TRANSLATE_NOOP("costlab::Unit", "TOPS (0 = not supported)")};
constexpr Range kInterconnect{0, false, 1e5, true, QT_TRANSLATE_NOOP("costlab::Unit", "GB/s")};
constexpr Range kTdp{0, false, 1e4, true, QT_TRANSLATE_NOOP("costlab::Unit", "W")};
constexpr Range kMfu{0, false, 1, true, QT_TRANSLATE_NOOP("costlab::Unit", "fraction")};
constexpr Range kFractionOptional{
    0, true, 1, true, QT_TRANSLATE_NOOP("costlab::Unit", "fraction (0 = model default)")};
constexpr Range kSms{0, true, 1e4, true,
                     QT_TRANSLATE_NOOP("costlab::Unit", "SMs (0 = model default)")};
constexpr Range kMmaPerClock{
    0, true, 1e6, true,
    QT_TRANSLATE_NOOP("costlab::Unit", "FLOP per SM per clock (0 = A100's 2,048)")};
constexpr Range kDomain{0, true, 1e5, true,
                        QT_TRANSLATE_NOOP("costlab::Unit", "GPUs (0 = GPUs per node)")};
constexpr Range kScaleout{0, false, 1e5, true, QT_TRANSLATE_NOOP("costlab::Unit", "Gb/s per GPU")};
constexpr Range kHostRam{0, true, 1e6, true, QT_TRANSLATE_NOOP("costlab::Unit", "GiB per node")};
constexpr Range kPcie{0, true, 1e4, true,
                      QT_TRANSLATE_NOOP("costlab::Unit", "GB/s per GPU and direction")};
constexpr Range kGpuPrice{0, false, 1e4, true,
                          QT_TRANSLATE_NOOP("costlab::Unit", "currency per GPU-hour")};
constexpr Range kVcpus{0, false, 4096, true, QT_TRANSLATE_NOOP("costlab::Unit", "vCPU")};
constexpr Range kMemGib{0, false, 65536, true, QT_TRANSLATE_NOOP("costlab::Unit", "GiB")};
constexpr Range kInstanceGpus{0, true, 64, true, QT_TRANSLATE_NOOP("costlab::Unit", "GPUs")};
constexpr Range kInstancePrice{0, false, 1e4, true,
                               QT_TRANSLATE_NOOP("costlab::Unit", "currency per instance-hour")};
constexpr Range kStoragePrice{0, false, 100, true,
                              QT_TRANSLATE_NOOP("costlab::Unit", "currency per GB-month")};
constexpr Range kWriteBw{0, false, 1e4, true, QT_TRANSLATE_NOOP("costlab::Unit", "GB/s")};
constexpr Range kPerGb{0, true, 100, true, QT_TRANSLATE_NOOP("costlab::Unit", "currency per GB")};
constexpr Range kPerMillion{0, true, 1e4, true,
                            QT_TRANSLATE_NOOP("costlab::Unit", "currency per million requests")};
constexpr Range kPerGbMonth{0, true, 100, true,
                            QT_TRANSLATE_NOOP("costlab::Unit", "currency per GB-month")};
constexpr Range kFx{0, false, 1e4, true, QT_TRANSLATE_NOOP("costlab::Unit", "CNY per USD")};

Accelerator readAccelerator(Reader& r, const json& v, const std::string& p)
{
    Accelerator a;
    if (!r.object(v, p))
        return a;
    a.id = r.id(v, p);
    a.name = r.string(v, p, "name");
    a.hbm_gib = r.number(v, p, "hbm_gib", kHbm);
    a.mem_bw_gbps = r.number(v, p, "mem_bw_gbps", kMemBw);
    a.bf16_tflops = r.number(v, p, "bf16_tflops", kTflops);
    a.fp8_tflops = r.number(v, p, "fp8_tflops", kTflopsOptional);
    a.int8_tops = r.number(v, p, "int8_tops", kTopsOptional);
    a.interconnect_gbps = r.number(v, p, "interconnect_gbps", kInterconnect);
    a.gpus_per_node = r.count(v, p, "gpus_per_node", 1, 1024,
                              QT_TRANSLATE_NOOP("costlab::Unit", "GPUs per node"));
    a.tdp_w = r.number(v, p, "tdp_w", kTdp);
    a.default_mfu = r.number(v, p, "default_mfu", kMfu);
    a.sms = r.optionalNumber(v, p, "sms", kSms, 0);
    a.gemm_fraction = r.optionalNumber(v, p, "gemm_fraction", kFractionOptional, 0);
    a.flash_fraction = r.optionalNumber(v, p, "flash_fraction", kFractionOptional, 0);
    a.mma_flops_per_clock = r.optionalNumber(v, p, "mma_flops_per_clock", kMmaPerClock, 0);
    a.nvlink_domain = r.optionalNumber(v, p, "nvlink_domain", kDomain, 0);
    a.scaleout_gbps = r.optionalNumber(v, p, "scaleout_gbps", kScaleout, 400);
    // Absent or null: no source, 400 Gb/s assumed (and said, kScaleoutAssumedWarning).
    a.scaleout_known = v.contains("scaleout_gbps") && !v.at("scaleout_gbps").is_null();
    a.host_ram_gib = r.optionalNumber(v, p, "host_ram_gib", kHostRam, 0);
    a.pcie_gbps = r.optionalNumber(v, p, "pcie_gbps", kPcie, 0);
    if (const json* prices = r.member(v, p, "prices", "{reserved, on_demand, spot}")) {
        const std::string pp = p + "/prices";
        if (r.object(*prices, pp)) {
            a.price_reserved = r.optionalPrice(*prices, pp, "reserved", kGpuPrice);
            a.price_on_demand = r.optionalPrice(*prices, pp, "on_demand", kGpuPrice);
            a.price_spot = r.optionalPrice(*prices, pp, "spot", kGpuPrice);
            r.noOtherKeys(*prices, pp);
        }
    }
    a.source = r.source(v, p, "source");
    a.price_source = r.source(v, p, "price_source");
    r.noOtherKeys(v, p);
    return a;
}

InstanceType readInstance(Reader& r, const json& v, const std::string& p)
{
    InstanceType i;
    if (!r.object(v, p))
        return i;
    i.id = r.id(v, p);
    i.name = r.string(v, p, "name");
    i.vcpus = r.number(v, p, "vcpus", kVcpus);
    i.mem_gib = r.number(v, p, "mem_gib", kMemGib);
    i.gpus = r.optionalNumber(v, p, "gpus", kInstanceGpus, 0);
    i.price_hour = r.number(v, p, "price_hour", kInstancePrice);
    i.source = r.source(v, p, "source");
    r.noOtherKeys(v, p);
    return i;
}

StorageTier readTier(Reader& r, const json& storage, const std::string& sp, const char* key)
{
    StorageTier t;
    const json* v = r.member(storage, sp, key, "{id, name, price_gb_month, write_gbps, source}");
    if (!v)
        return t;
    const std::string p = sp + "/" + key;
    if (!r.object(*v, p))
        return t;
    t.id = r.id(*v, p);
    t.name = r.string(*v, p, "name");
    t.price_gb_month = r.number(*v, p, "price_gb_month", kStoragePrice);
    t.write_gbps = r.number(*v, p, "write_gbps", kWriteBw);
    t.source = r.source(*v, p, "source");
    r.noOtherKeys(*v, p);
    return t;
}

void readCatalog(Reader& r, const json& doc, Catalog& c)
{
    if (!r.object(doc, ""))
        return;

    if (const json* v =
            r.member(doc, "", "schema_version",
                     message(Msg::TheInteger, {textArg(std::to_string(kSchemaVersion))}))) {
        if (!v->is_number_integer() || v->get<long long>() != kSchemaVersion)
            r.error("/schema_version",
                    message(Msg::SchemaVersionGot,
                            {textArg(std::to_string(kSchemaVersion)), textArg(shown(*v))}));
    }
    c.id = r.id(doc, "");
    c.name = r.string(doc, "", "name");
    const Message usdOrCny = message(Msg::EitherOr, {textArg("\"USD\""), textArg("\"CNY\"")});
    c.currency = r.string(doc, "", "currency", usdOrCny);
    if (!c.currency.empty() && c.currency != "USD" && c.currency != "CNY")
        r.error("/currency",
                message(Msg::ExpectedWhatGot, {usdOrCny, textArg(shown(json(c.currency)))}));
    c.date = r.date(doc, "", "date");

    if (const json* fx = r.member(doc, "", "fx", "{cny_per_usd, source}")) {
        if (r.object(*fx, "/fx")) {
            c.cny_per_usd = r.number(*fx, "/fx", "cny_per_usd", kFx);
            c.fx_source = r.source(*fx, "/fx", "source");
            r.noOtherKeys(*fx, "/fx");
        }
    }

    if (const json* list = r.member(doc, "", "accelerators", message(Msg::ANonEmptyArray))) {
        if (!list->is_array() || list->empty()) {
            r.error("/accelerators",
                    message(Msg::ExpectedWhatGot, {message(Msg::ANonEmptyArray), typed(*list)}));
        } else {
            std::set<std::string> seen;
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string p = "/accelerators/" + std::to_string(i);
                c.accelerators.push_back(readAccelerator(r, (*list)[i], p));
                r.unique(seen, c.accelerators.back().id, p);
            }
        }
    }

    // Pre-training-only catalogs need no environment workers, so an empty list is allowed.
    if (const json* list = r.member(doc, "", "instances", message(Msg::AnArray))) {
        if (!list->is_array()) {
            r.error("/instances",
                    message(Msg::ExpectedWhatGot, {message(Msg::AnArray), typed(*list)}));
        } else {
            std::set<std::string> seen;
            for (std::size_t i = 0; i < list->size(); ++i) {
                const std::string p = "/instances/" + std::to_string(i);
                c.instances.push_back(readInstance(r, (*list)[i], p));
                r.unique(seen, c.instances.back().id, p);
            }
        }
    }

    if (const json* st = r.member(doc, "", "storage",
                                  "{object_standard, object_infrequent, object_archive, "
                                  "file_high_iops}")) {
        if (r.object(*st, "/storage")) {
            c.object_standard = readTier(r, *st, "/storage", "object_standard");
            c.object_infrequent = readTier(r, *st, "/storage", "object_infrequent");
            c.object_archive = readTier(r, *st, "/storage", "object_archive");
            c.file_high_iops = readTier(r, *st, "/storage", "file_high_iops");
            std::set<std::string> seen;
            r.unique(seen, c.object_standard.id, "/storage/object_standard");
            r.unique(seen, c.object_infrequent.id, "/storage/object_infrequent");
            r.unique(seen, c.object_archive.id, "/storage/object_archive");
            r.unique(seen, c.file_high_iops.id, "/storage/file_high_iops");
            r.noOtherKeys(*st, "/storage");
        }
    }

    if (const json* t =
            r.member(doc, "", "traffic", "{intra_gb, egress_gb, lb_per_million, source}")) {
        if (r.object(*t, "/traffic")) {
            c.traffic_intra_gb = r.number(*t, "/traffic", "intra_gb", kPerGb);
            c.traffic_egress_gb = r.number(*t, "/traffic", "egress_gb", kPerGb);
            c.lb_per_million = r.number(*t, "/traffic", "lb_per_million", kPerMillion);
            c.traffic_source = r.source(*t, "/traffic", "source");
            r.noOtherKeys(*t, "/traffic");
        }
    }

    if (const json* l = r.member(doc, "", "logs", "{ingest_gb, retention_gb_month, source}")) {
        if (r.object(*l, "/logs")) {
            c.log_ingest_gb = r.number(*l, "/logs", "ingest_gb", kPerGb);
            c.log_retention_gb_month = r.number(*l, "/logs", "retention_gb_month", kPerGbMonth);
            c.log_source = r.source(*l, "/logs", "source");
            r.noOtherKeys(*l, "/logs");
        }
    }
    r.noOtherKeys(doc, "");
}

} // namespace

std::optional<Catalog> catalogFromJson(std::string_view text, std::vector<Message>& problems)
{
    Reader reader(problems);
    try {
        // The gates every reader shares: size, UTF-8, nesting depth (a 65,000-deep array
        // once overflowed the stack here), duplicate keys (once silently last-one-wins).
        json doc;
        std::vector<jsondoc::JsonProblem> jsonProblems;
        const bool parsed = jsondoc::parseJsonDocument(
            text, doc, jsonProblems,
            {"catalog", "a JSON object with schema_version, currency, accelerators and prices", 4});
        for (const jsondoc::JsonProblem& p : jsonProblems)
            reader.error(p.pointer, textArg(p.message));
        if (!parsed || !jsonProblems.empty())
            return std::nullopt;
        Catalog c;
        readCatalog(reader, doc, c);
        if (reader.failed())
            return std::nullopt;
        return c;
    } catch (const std::exception& e) {
        // The reader checks types before every access, so this is a safety net only
        // (e.g. std::bad_alloc); the catalog is still rejected with a message, never a crash.
        reader.error("", message(Msg::CatalogInternalError, {textArg(e.what())}));
        return std::nullopt;
    }
}

std::optional<Catalog> catalogFromJson(std::string_view text, std::vector<std::string>& errors)
{
    std::vector<Message> problems;
    std::optional<Catalog> c = catalogFromJson(text, problems);
    for (const Message& m : problems)
        errors.push_back(messageText(m));
    return c;
}

std::optional<Catalog> loadCatalogFile(const std::string& path, std::vector<Message>& problems)
{
    std::string error;
    const std::optional<std::string> text = readFile(path, error, kMaxFileBytes);
    if (!text) {
        problems.push_back(message(Msg::CannotReadCatalogFile, {textArg(error)}));
        return std::nullopt;
    }

    // Name the file in each message: a user may have several catalogs open.
    std::vector<Message> local;
    std::optional<Catalog> c = catalogFromJson(*text, local);
    for (Message& m : local)
        problems.push_back(message(Msg::IdMessage, {textArg(path), std::move(m)}));
    return c;
}

std::optional<Catalog> loadCatalogFile(const std::string& path, std::vector<std::string>& errors)
{
    std::vector<Message> problems;
    std::optional<Catalog> c = loadCatalogFile(path, problems);
    for (const Message& m : problems)
        errors.push_back(messageText(m));
    return c;
}

} // namespace costlab

namespace costlab {

Catalog pickCatalog(std::string_view planCatalogId, const CatalogSources& sources)
{
    if (sources.given)
        return *sources.given;
    const std::string id =
        planCatalogId.empty() ? std::string("default") : std::string(planCatalogId);
    std::string why;
    if (sources.library) {
        if (std::optional<std::string> text = sources.library(id)) {
            std::vector<std::string> errors;
            std::optional<Catalog> cat = catalogFromJson(*text, errors);
            if (cat && errors.empty()) {
                cat->id = id; // the library keys catalogs by id (ScenarioStore::updateCatalog)
                return *cat;
            }
            why = "the library's copy is not a valid catalog";
            for (const std::string& e : errors)
                why += "; " + e;
        }
    }
    if (why.empty() && sources.shipped && sources.shipped->id == id)
        return *sources.shipped;
    Catalog missing;
    missing.id = id;
    missing.name = id;
    if (why.empty())
        why = sources.library ? "it is neither in the library nor the shipped catalog"
                              : "it is not the shipped catalog and no library was given";
    missing.unavailable =
        "price catalog '" + printable(id) + "' named by the plan is not available: " + why;
    if (!sources.hint.empty())
        missing.unavailable += " (" + sources.hint + ")";
    return missing;
}

} // namespace costlab
