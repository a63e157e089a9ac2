#include "billcsv.h"

#include "files.h"
#include "trnoop.h"

#include <csv.h>
#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <unordered_map>

namespace costlab {
namespace {

// The formats. Column alternatives are '|'-separated header texts; the first present wins.
constexpr BillFormat kBillFormats[] = {
    {.id = "focus",
     .label = QT_TRANSLATE_NOOP("costlab::Actuals", "FOCUS cost and usage export"),
     .source = "https://focus.finops.org/focus-specification/ (FOCUS 1.0-1.2, columns "
               "ChargePeriodStart, EffectiveCost, Tags, …); Costlab's own line items are FOCUS "
               "with x_CostCategory and x_Phase",
     .start = "ChargePeriodStart",
     .end = "ChargePeriodEnd",
     .cost = "EffectiveCost|BilledCost",
     .currency = "BillingCurrency",
     .resource = "ResourceId",
     .service = "ServiceCategory",
     .tags = "Tags",
     .category = "x_CostCategory",
     .phase = "x_Phase",
     .tag_style = BillTagStyle::Json,
     .naive_offset_min = 0,
     .default_currency = ""},
    // Alibaba Cloud's detailed bill file (OSS subscription): English headers, Chinese
    // descriptions; Tag is "key1:value1;key2:value2". The file names no currency column in
    // the documentation read, so its amounts are taken in the plan's currency.
    {.id = "aliyun",
     .label = QT_TRANSLATE_NOOP("costlab::Actuals", "Alibaba Cloud detailed bill"),
     .source = "https://help.aliyun.com/document_detail/89133.html (详单文件格式: UsageStartTime, "
               "UsageEndTime, PretaxAmount 应付金额, InstanceID, ProductName, Tag)",
     .start = "UsageStartTime",
     .end = "UsageEndTime",
     .cost = "PretaxAmount",
     .currency = "Currency",
     .resource = "InstanceID",
     .service = "ProductName",
     .tags = "Tag",
     .category = "",
     .phase = "",
     .tag_style = BillTagStyle::KeyValue,
     .naive_offset_min = 8 * 60,
     .default_currency = ""},
    // Tencent Cloud's bill fields are named in English even on its Chinese pages; the tag
    // columns' cell format is not documented in what was read, so no tags are taken (its
    // lines then list as unattributed; Tencent also exports FOCUS, which carries them).
    {.id = "tencent",
     .label = QT_TRANSLATE_NOOP("costlab::Actuals", "Tencent Cloud bill"),
     .source = "https://cloud.tencent.com/document/product/555/118503 and "
               "https://tencentcloud.com/zh/document/product/1085/43050 (Usage Start Time, "
               "Usage End Time, Total Amount After Discount (Excluding Tax), Currency, "
               "Instance ID, Product Name)",
     .start = "Usage Start Time",
     .end = "Usage End Time",
     .cost = "Total Amount After Discount (Excluding Tax)",
     .currency = "Currency",
     .resource = "Instance ID",
     .service = "Product Name",
     .tags = "",
     .category = "",
     .phase = "",
     .tag_style = BillTagStyle::KeyValue,
     .naive_offset_min = 8 * 60,
     .default_currency = ""},
    // Huawei Cloud's transaction detail (流水详单) and usage-type detail bills: Chinese
    // headers, times with " GMT+08:00"; 消费时间 may hold a whole "start-end" range. How
    // 资源标签 writes several tags is not documented in what was read: read as key:value
    // pairs like Alibaba's. Its bills name no currency; the Chinese site bills in CNY (an
    // amount's ¥ says so too).
    {.id = "huawei",
     .label = QT_TRANSLATE_NOOP("costlab::Actuals", "Huawei Cloud bill details"),
     .source =
         "https://support.huaweicloud.com/usermanual-billing/bills_topic_100000062.html "
         "(流水详单: 消费时间, 资源ID, 资源标签, 产品, 消费金额) and bills-topic_50000004.html "
         "(使用开始时间, 使用结束时间)",
     .start = "使用开始时间|消费时间",
     .end = "使用结束时间",
     .cost = "消费金额|应付金额",
     .currency = "",
     .resource = "资源ID",
     .service = "产品",
     .tags = "资源标签",
     .category = "",
     .phase = "",
     .tag_style = BillTagStyle::KeyValue,
     .naive_offset_min = 8 * 60,
     .default_currency = "CNY"},
};

bool isDigits(std::string_view s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int toInt(std::string_view s)
{
    int v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    return v;
}

std::string_view trim(std::string_view s)
{
    return trimBlank(s);
}

/// An amount: "12.5", "-3", "1,234.56" (grouping commas, as spreadsheets export), with an
/// optional currency sign in front ("¥12.00", "$3", "￥3"). ±10^12 at most.
std::optional<double> amountOf(std::string_view s, std::string_view* signCurrency = nullptr)
{
    s = trim(s);
    bool negative = false;
    if (!s.empty() && s.front() == '-') {
        negative = true;
        s.remove_prefix(1);
    }
    // $, ¥ and full-width ￥: the sign names the currency when no column does.
    const std::pair<std::string_view, std::string_view> signs[] = {
        {"$", "USD"}, {"\xC2\xA5", "CNY"}, {"\xEF\xBF\xA5", "CNY"}};
    for (const auto& [sign, code] : signs)
        if (s.substr(0, sign.size()) == sign) {
            s.remove_prefix(sign.size());
            if (signCurrency)
                *signCurrency = code;
            break;
        }
    if (!s.empty() && (s.front() == '-' || s.front() == '+'))
        return std::nullopt; // "--3" is not an amount
    std::string plain;
    plain.reserve(s.size());
    for (char c : s)
        if (c != ',')
            plain += c;
    if (plain.empty())
        return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(plain.data(), plain.data() + plain.size(), v);
    if (ec != std::errc() || end != plain.data() + plain.size() || !std::isfinite(v) ||
        std::abs(v) > 1e12)
        return std::nullopt;
    return negative ? -v : v;
}

/// The index of the first alternative of `names` present in `header`, −1 when none.
int columnOf(std::span<const std::string> header, std::string_view names)
{
    if (names.empty())
        return -1;
    std::size_t from = 0;
    while (from <= names.size()) {
        const std::size_t bar = names.find('|', from);
        const std::string_view name =
            names.substr(from, bar == std::string_view::npos ? std::string_view::npos : bar - from);
        for (std::size_t c = 0; c < header.size(); ++c)
            if (trim(header[c]) == name)
                return int(c);
        if (bar == std::string_view::npos)
            break;
        from = bar + 1;
    }
    return -1;
}

std::vector<BillTag> parseTags(std::string_view cell, BillTagStyle style, std::string& error)
{
    std::vector<BillTag> tags;
    cell = trim(cell);
    if (cell.empty() || cell == "{}")
        return tags;
    if (style == BillTagStyle::Json) {
        const auto j = nlohmann::json::parse(cell, nullptr, false);
        if (j.is_discarded() || !j.is_object()) {
            error = "the Tags cell is not a JSON object";
            return tags;
        }
        for (const auto& [k, v] : j.items())
            tags.push_back({k, v.is_string() ? v.get<std::string>() : v.dump()});
        return tags;
    }
    // key:value pairs separated by ';' or ','; a key without a value keeps an empty value.
    std::size_t from = 0;
    while (from < cell.size()) {
        std::size_t sep = cell.find_first_of(";,", from);
        if (sep == std::string_view::npos)
            sep = cell.size();
        const std::string_view pair = trim(cell.substr(from, sep - from));
        if (!pair.empty()) {
            std::size_t colon = pair.find(':');
            if (colon == std::string_view::npos)
                colon = pair.find('=');
            if (colon == std::string_view::npos)
                tags.push_back({std::string(pair), {}});
            else
                tags.push_back({std::string(trim(pair.substr(0, colon))),
                                std::string(trim(pair.substr(colon + 1)))});
        }
        from = sep + 1;
    }
    return tags;
}

/// Streams rows into a Bill: the first row is the header, which picks the format.
class BillBuilder {
public:
    explicit BillBuilder(std::string file) { m_read.bill.file = std::move(file); }

    void field(const char* data, std::size_t len) { m_row.emplace_back(data, len); }

    void row()
    {
        ++m_rowNumber;
        if (m_read.error.empty())
            take();
        m_row.clear();
    }

    bool failed() const { return !m_read.error.empty(); }
    BillRead finish()
    {
        if (m_read.error.empty() && !m_format)
            m_read.error = "no rows: an empty file";
        if (!m_read.error.empty())
            m_read.bill.lines.clear();
        return std::move(m_read);
    }
    void fail(std::string why) { m_read.error = std::move(why); }

private:
    std::uint32_t intern(std::string_view s)
    {
        if (s.empty())
            return 0;
        auto it = m_index.find(std::string(s));
        if (it != m_index.end())
            return it->second;
        const auto i = std::uint32_t(m_read.bill.strings.size());
        m_read.bill.strings.emplace_back(s);
        m_index.emplace(std::string(s), i);
        return i;
    }

    std::uint32_t internTags(std::string_view cell)
    {
        cell = trim(cell);
        if (cell.empty() || cell == "{}")
            return 0;
        auto it = m_tagIndex.find(std::string(cell));
        if (it != m_tagIndex.end())
            return it->second;
        std::string error;
        auto tags = parseTags(cell, m_format->tag_style, error);
        if (!error.empty()) {
            fail(rowError(error));
            return 0;
        }
        const auto i = std::uint32_t(m_read.bill.tag_sets.size());
        m_read.bill.tag_sets.push_back(std::move(tags));
        m_read.bill.tag_texts.emplace_back(cell);
        m_tagIndex.emplace(std::string(cell), i);
        return i;
    }

    /// A period written as one cell, "2020-08-23 22:00:00 GMT+08:00-2020-08-23 23:00:00
    /// GMT+08:00": split at the '-' after which a time reads.
    bool splitRange(std::string_view cell, BillLine& l) const
    {
        for (std::size_t dash = cell.find('-', 10); dash != std::string_view::npos;
             dash = cell.find('-', dash + 1)) {
            UnixSeconds a = 0, b = 0;
            if (parseBillTime(cell.substr(dash + 1), m_format->naive_offset_min, b) &&
                parseBillTime(cell.substr(0, dash), m_format->naive_offset_min, a)) {
                l.start = a;
                l.end = std::max(a, b);
                return true;
            }
        }
        return false;
    }

    std::string rowError(const std::string& why) const
    {
        return "row " + std::to_string(m_rowNumber) + ": " + why;
    }

    /// The cell of column `c`, trimmed; "" for a missing column and for NULL (the FOCUS
    /// sample data writes absent values as a bare NULL).
    std::string_view cell(int c) const
    {
        if (c < 0 || std::size_t(c) >= m_row.size())
            return {};
        const std::string_view v = trim(m_row[std::size_t(c)]);
        return v == "NULL" ? std::string_view() : v;
    }

    void header()
    {
        if (!m_row.empty() && m_row[0].substr(0, 3) == "\xEF\xBB\xBF")
            m_row[0].erase(0, 3); // a UTF-8 byte-order mark (spreadsheet exports)
        const std::string_view id = recogniseBillHeader(m_row);
        for (const BillFormat& f : billFormats())
            if (f.id == id)
                m_format = &f;
        if (!m_format) {
            fail("row 1: not a bill this version reads (FOCUS needs ChargePeriodStart and "
                 "EffectiveCost or BilledCost; see costlab-cli actuals --help for the formats)");
            return;
        }
        m_read.bill.format = std::string(m_format->id);
        // Every cost column present, in the format's order: a line whose first is empty
        // (NULL) takes the next (EffectiveCost, else BilledCost).
        std::string_view costs = m_format->cost;
        while (!costs.empty()) {
            const std::size_t bar = costs.find('|');
            if (const int c = columnOf(m_row, costs.substr(0, bar)); c >= 0)
                m_costCols.push_back(c);
            costs = bar == std::string_view::npos ? std::string_view() : costs.substr(bar + 1);
        }
        m_col = {columnOf(m_row, m_format->start),    columnOf(m_row, m_format->end),
                 columnOf(m_row, m_format->cost),     columnOf(m_row, m_format->currency),
                 columnOf(m_row, m_format->resource), columnOf(m_row, m_format->service),
                 columnOf(m_row, m_format->tags),     columnOf(m_row, m_format->category),
                 columnOf(m_row, m_format->phase)};
        m_width = m_row.size();
        m_defaultCurrency = intern(m_format->default_currency);
    }

    void take()
    {
        if (!m_format) {
            header();
            return;
        }
        if (std::all_of(m_row.begin(), m_row.end(),
                        [](const std::string& c) { return trim(c).empty(); }))
            return; // a blank line, or a spreadsheet's empty row of commas
        if (m_row.size() != m_width) {
            fail(rowError(std::to_string(m_row.size()) + " cells where the header has " +
                          std::to_string(m_width)));
            return;
        }
        if (m_read.bill.lines.size() >= kMaxBillLines) {
            fail(rowError("more than " + std::to_string(kMaxBillLines) + " lines"));
            return;
        }
        enum { Start, End, Cost, Currency, Resource, Service, Tags, Category, Phase };
        BillLine l;
        l.line = m_rowNumber;
        if (m_col[End] < 0 && splitRange(cell(m_col[Start]), l)) {
            // one cell "start-end" (Huawei's 消费时间)
        } else if (!parseBillTime(cell(m_col[Start]), m_format->naive_offset_min, l.start)) {
            fail(rowError("the charge period start \"" +
                          std::string(cell(m_col[Start]).substr(0, 40)) +
                          "\" is not an ISO 8601 date"));
            return;
        }
        const std::string_view endText = cell(m_col[End]);
        if (l.end > 0) {
            // set by the range
        } else if (endText.empty()) {
            l.end = l.start + 3600; // a period without an end is read as one hour
        } else if (!parseBillTime(endText, m_format->naive_offset_min, l.end)) {
            fail(rowError("the charge period end \"" + std::string(endText.substr(0, 40)) +
                          "\" is not an ISO 8601 date"));
            return;
        } else if (l.end < l.start) {
            fail(rowError("the charge period ends before it starts"));
            return;
        }
        int costCol = m_col[Cost];
        for (int c : m_costCols)
            if (!cell(c).empty()) {
                costCol = c;
                break;
            }
        std::string_view signCurrency;
        const auto cost = amountOf(cell(costCol), &signCurrency);
        if (!cost) {
            fail(rowError("the cost \"" + std::string(cell(costCol).substr(0, 40)) +
                          "\" is not an amount (a number within ±10^12)"));
            return;
        }
        l.cost = *cost;
        l.currency = m_col[Currency] >= 0 ? intern(cell(m_col[Currency])) : m_defaultCurrency;
        if (l.currency == 0 && !signCurrency.empty())
            l.currency = intern(signCurrency);
        l.resource = intern(cell(m_col[Resource]));
        l.service = intern(cell(m_col[Service]));
        l.category = intern(cell(m_col[Category]));
        std::string_view phase = cell(m_col[Phase]);
        if (!phase.empty() && phase.front() == '\'')
            phase.remove_prefix(1); // csvTextField()'s formula guard
        l.phase = intern(phase);
        l.tags = internTags(cell(m_col[Tags]));
        if (failed())
            return;
        m_read.bill.lines.push_back(l);
    }

    BillRead m_read;
    const BillFormat* m_format = nullptr;
    std::array<int, 9> m_col{};
    std::vector<int> m_costCols;
    std::size_t m_width = 0;
    std::uint32_t m_defaultCurrency = 0;
    std::uint32_t m_rowNumber = 0;
    std::vector<std::string> m_row;
    std::unordered_map<std::string, std::uint32_t> m_index, m_tagIndex;
};

extern "C" void onBillField(void* data, std::size_t len, void* user)
{
    static_cast<BillBuilder*>(user)->field(static_cast<const char*>(data), len);
}

extern "C" void onBillRow(int, void* user)
{
    static_cast<BillBuilder*>(user)->row();
}

struct CsvParser {
    csv_parser p{};
    bool ok = false;
    CsvParser() { ok = csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) == 0; }
    ~CsvParser() { csv_free(&p); }
    CsvParser(const CsvParser&) = delete;
    CsvParser& operator=(const CsvParser&) = delete;
};

/// Feeds one chunk; false when libcsv or the builder refused it.
bool feed(CsvParser& csv, BillBuilder& b, std::string_view chunk)
{
    if (csv_parse(&csv.p, chunk.data(), chunk.size(), onBillField, onBillRow, &b) != chunk.size()) {
        b.fail(std::string("not CSV: ") + csv_strerror(csv_error(&csv.p)));
        return false;
    }
    return !b.failed();
}

bool finishCsv(CsvParser& csv, BillBuilder& b)
{
    if (csv_fini(&csv.p, onBillField, onBillRow, &b) != 0) {
        b.fail(std::string("not CSV: ") + csv_strerror(csv_error(&csv.p)));
        return false;
    }
    return !b.failed();
}

} // namespace

std::string_view trimBlank(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::span<const BillFormat> billFormats()
{
    return kBillFormats;
}

std::string_view recogniseBillHeader(std::span<const std::string> header)
{
    std::vector<std::string> clean(header.begin(), header.end());
    if (!clean.empty() && clean[0].substr(0, 3) == "\xEF\xBB\xBF")
        clean[0].erase(0, 3);
    for (const BillFormat& f : kBillFormats)
        if (columnOf(clean, f.start) >= 0 && columnOf(clean, f.cost) >= 0)
            return f.id;
    return {};
}

bool looksLikeBill(std::string_view text)
{
    const std::size_t nl = text.find('\n');
    const std::string_view first = text.substr(0, std::min(nl, std::size_t(64 * 1024)));
    // The header row as plain comma-separated names (quotes stripped): enough to recognise.
    std::vector<std::string> names;
    std::string cur;
    for (char c : first) {
        if (c == ',') {
            names.push_back(cur);
            cur.clear();
        } else if (c != '"' && c != '\r') {
            cur += c;
        }
    }
    names.push_back(cur);
    return !recogniseBillHeader(names).empty();
}

bool parseBillTime(std::string_view t, int naive_offset_min, UnixSeconds& out)
{
    t = trim(t);
    if (t.size() < 7 || !isDigits(t.substr(0, 4)) || (t[4] != '-' && t[4] != '/'))
        return false;
    const char dsep = t[4];
    const int y = toInt(t.substr(0, 4));
    // Month: "2027-01" alone is the month's first day (monthly bills).
    std::size_t i = 5;
    std::size_t mEnd = t.find(dsep, i);
    int mo = 0, d = 1;
    if (mEnd == std::string_view::npos) {
        if (!isDigits(t.substr(i)) || t.size() - i > 2)
            return false;
        mo = toInt(t.substr(i));
        i = t.size();
    } else {
        if (mEnd - i < 1 || mEnd - i > 2 || !isDigits(t.substr(i, mEnd - i)))
            return false;
        mo = toInt(t.substr(i, mEnd - i));
        i = mEnd + 1;
        std::size_t dEnd = i;
        while (dEnd < t.size() && t[dEnd] >= '0' && t[dEnd] <= '9')
            ++dEnd;
        if (dEnd - i < 1 || dEnd - i > 2)
            return false;
        d = toInt(t.substr(i, dEnd - i));
        i = dEnd;
    }
    if (y < 1970 || y > 9999 || mo < 1 || mo > 12)
        return false;
    const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(unsigned(mo)),
                                          std::chrono::day(unsigned(d))};
    if (!ymd.ok())
        return false;
    UnixSeconds s = std::chrono::sys_days(ymd).time_since_epoch().count() * 86400LL;
    int offsetMin = naive_offset_min;
    if (i < t.size()) {
        if (t[i] != 'T' && t[i] != ' ')
            return false;
        ++i;
        // hh:mm[:ss[.fff]]
        if (t.size() < i + 5 || !isDigits(t.substr(i, 2)) || t[i + 2] != ':' ||
            !isDigits(t.substr(i + 3, 2)))
            return false;
        const int hh = toInt(t.substr(i, 2)), mm = toInt(t.substr(i + 3, 2));
        int ss = 0;
        i += 5;
        if (i < t.size() && t[i] == ':') {
            if (t.size() < i + 3 || !isDigits(t.substr(i + 1, 2)))
                return false;
            ss = toInt(t.substr(i + 1, 2));
            i += 3;
            if (i < t.size() && t[i] == '.') {
                ++i;
                while (i < t.size() && t[i] >= '0' && t[i] <= '9')
                    ++i; // fractions of a second: bills are hourly at the finest
            }
        }
        if (hh > 24 || mm > 59 || ss > 60 || (hh == 24 && (mm != 0 || ss != 0)))
            return false;
        s += hh * 3600LL + mm * 60LL + ss;
        if (i < t.size()) {
            std::string_view zone = t.substr(i);
            // " GMT+08:00" / " UTC+08:00" (Huawei Cloud's bills), "Z", "+08:00", "+0800".
            if (zone.substr(0, 4) == " GMT" || zone.substr(0, 4) == " UTC")
                zone.remove_prefix(4);
            if (zone.empty())
                zone = "Z";
            if (zone == "Z" || zone == "z") {
                offsetMin = 0;
            } else if ((zone[0] == '+' || zone[0] == '-') &&
                       (zone.size() == 6 || zone.size() == 5 || zone.size() == 3)) {
                const std::string_view hhz = zone.substr(1, 2);
                const std::string_view mmz = zone.size() == 6   ? zone.substr(4, 2)
                                             : zone.size() == 5 ? zone.substr(3, 2)
                                                                : "00";
                if (!isDigits(hhz) || !isDigits(mmz) || (zone.size() == 6 && zone[3] != ':'))
                    return false;
                offsetMin = (toInt(hhz) * 60 + toInt(mmz)) * (zone[0] == '-' ? -1 : 1);
                if (std::abs(offsetMin) > 18 * 60)
                    return false;
            } else {
                return false;
            }
        }
    }
    out = s - offsetMin * 60LL;
    return true;
}

BillRead readBill(std::string_view text, std::string file)
{
    BillBuilder b(std::move(file));
    CsvParser csv;
    if (!csv.ok) {
        b.fail("cannot start the CSV parser");
        return b.finish();
    }
    // In 1 MiB pieces so a refusal stops early (the builder refuses at its first bad row).
    constexpr std::size_t kChunk = 1 << 20;
    // A UTF-8 byte-order mark (Excel's "CSV UTF-8") goes before libcsv sees a quoted header.
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    for (std::size_t at = 0; at < text.size(); at += kChunk)
        if (!feed(csv, b, text.substr(at, kChunk)))
            return b.finish();
    finishCsv(csv, b);
    return b.finish();
}

BillRead readBillFile(const std::string& path, const ReadProgress& progress)
{
    BillRead r;
    r.bill.file = path;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        r.error = path + ": cannot read the file (it does not exist or is not accessible)";
        return r;
    }
    if (!S_ISREG(st.st_mode)) {
        r.error = path + ": not a regular file";
        return r;
    }
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"),
                                                            &std::fclose);
    if (!f) {
        r.error = path + ": cannot open the file";
        return r;
    }
    BillBuilder b(path);
    CsvParser csv;
    if (!csv.ok) {
        b.fail("cannot start the CSV parser");
        return b.finish();
    }
    std::vector<char> buf(1 << 20);
    const double total = std::max<double>(1, double(st.st_size));
    double done = 0;
    for (bool first = true;; first = false) {
        const std::size_t n = std::fread(buf.data(), 1, buf.size(), f.get());
        if (n == 0)
            break;
        done += double(n);
        std::string_view chunk(buf.data(), n);
        if (first && chunk.substr(0, 3) == "\xEF\xBB\xBF")
            chunk.remove_prefix(3); // the byte-order mark, before libcsv sees a quoted header
        if (!feed(csv, b, chunk))
            return b.finish();
        if (progress && !progress(std::min(1.0, done / total))) {
            BillRead c;
            c.bill.file = path;
            c.cancelled = true;
            return c;
        }
    }
    if (std::ferror(f.get())) {
        b.fail(path + ": a read error");
        return b.finish();
    }
    finishCsv(csv, b);
    return b.finish();
}

} // namespace costlab
