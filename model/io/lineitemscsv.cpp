#include "lineitemscsv.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string>

namespace costlab {
namespace {

namespace chr = std::chrono;

/// FOCUS date/time: ISO 8601 in UTC with the time ("2027-01-01T00:00:00Z"); the plan's
/// calendar has whole days, so the time is midnight.
std::string isoDate(chr::sys_days d)
{
    const chr::year_month_day ymd{d};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT00:00:00Z", int(ymd.year()),
                  unsigned(ymd.month()), unsigned(ymd.day()));
    return buf;
}

/// Shortest decimal text that reads back to the same double (no locale, no exponent surprises
/// for importers: values are money or hours, within ±1e15 for any sane plan).
std::string num(double v)
{
    if (!std::isfinite(v))
        return "0";
    if (v == 0)
        return "0";
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string tagsJson(const std::string& project, const std::string& batch, Category c,
                     const std::string& phase)
{
    nlohmann::ordered_json j;
    j["project"] = project;
    j["experiment_batch"] = batch;
    j["resource_type"] = std::string(categoryResourceType(c));
    j["phase"] = phase;
    // replace: invalid UTF-8 in a name must not throw out of the engine library.
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::string_view lineItemsCsvHeader()
{
    return "BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ChargePeriodEnd,ChargeCategory,"
           "ChargeClass,ChargeDescription,ServiceCategory,ServiceName,ResourceType,"
           "BillingAccountId,BillingAccountName,InvoiceIssuerName,ProviderName,PublisherName,"
           "x_CostCategory,x_Phase,Tags,BilledCost,EffectiveCost,ListCost,ContractedCost,"
           "BillingCurrency,PricingQuantity,PricingUnit,x_Fixed,x_Elastic,x_Forecast";
}

std::string csvTextField(std::string_view t)
{
    if (!t.empty() && std::string_view("=+-@\t\r").find(t.front()) != std::string_view::npos)
        return csvField("'" + std::string(t));
    return csvField(t);
}

std::string csvField(std::string_view t)
{
    const bool needs = t.find_first_of(",\"\r\n") != std::string_view::npos ||
                       (!t.empty() && (t.front() == ' ' || t.back() == ' '));
    if (!needs)
        return std::string(t);
    std::string out;
    out.reserve(t.size() + 2);
    out += '"';
    for (char ch : t) {
        if (ch == '"')
            out += '"';
        out += ch;
    }
    out += '"';
    return out;
}

std::string lineItemsCsv(const Scenario& s, const Estimate& e)
{
    const std::string currency(currencyCode(s.currency));
    // Who bills whom in a forecast (docs/report.md, "FOCUS rules waived or read for a
    // forecast"): the account is the plan's project (else the plan), the prices are the
    // catalog's, the invoice is Costlab's forecast.
    const std::string account = csvTextField(!s.project.empty() ? s.project
                                             : !s.name.empty()  ? s.name
                                                                : std::string("plan"));
    const std::string accountName = csvTextField(s.name);
    const std::string provider = csvTextField(
        "Price catalog " + (s.catalog_id.empty() ? std::string("default") : s.catalog_id));
    std::string out(lineItemsCsvHeader());
    out += "\r\n";
    for (const LineItem& r : lineItems(s, e)) {
        const double fixed = r.purchase ? r.amount : 0, elastic = r.purchase ? 0 : r.amount;
        out += isoDate(r.billing_start) + ',' + isoDate(r.billing_end) + ',' +
               isoDate(r.charge_start) + ',' + isoDate(r.charge_end) + ',';
        out += r.purchase ? "Purchase," : "Usage,";
        out += ','; // ChargeClass: only "Correction" is defined; a forecast corrects nothing
        out += csvTextField(std::string(categoryLabel(r.category)) + " (" +
                            (r.purchase ? "fixed" : "elastic") + "), " + r.phase) +
               ',';
        out += csvField(categoryFocusService(r.category)) + ',';
        out += csvField(categoryLabel(r.category)) + ','; // ServiceName
        out += csvField(categoryResourceType(r.category)) + ',';
        out += account + ',' + accountName + ",Costlab forecast," + provider + ',' + provider + ',';
        out += csvField(categoryId(r.category)) + ',';
        out += csvTextField(r.phase) + ',';
        out += csvField(tagsJson(s.project, r.experiment_batch, r.category, r.phase)) + ',';
        // Billed = effective = list = contracted: a forecast at catalog prices has no
        // discounts or amortisation to tell them apart.
        const std::string amount = num(r.amount);
        out += amount + ',' + amount + ',' + amount + ',' + amount + ',' + currency + ',';
        out += r.gpu_hours >= 0 ? num(r.gpu_hours) + ",GPU-Hours,"
                                : num(r.amount) + ',' + currency + ',';
        out += num(fixed) + ',' + num(elastic) + ",true\r\n";
    }
    return out;
}

} // namespace costlab
