// Helpers shared by the library views: cached figures for imported scenarios and safe
// export file names.
#pragma once

#include "catalog.h"
#include "store.h"

#include <QString>

#include <map>
#include <optional>
#include <string>

namespace costlab {

/// The catalog that prices a plan naming `catalogId` in the app, by pickCatalog()'s rule
/// (catalogio.h): the library's catalog of that id (when `store` is open), else the shipped
/// catalog if it has that id (`shipped`, or the data folder's default.json when null).
/// When neither has it, a stand-in whose Catalog::unavailable says so: evaluate() refuses
/// it, as costlab-cli and costlab-report refuse the plan.
Catalog catalogForPlan(const ScenarioStore* store, const std::string& catalogId,
                       const Catalog* shipped = nullptr);

/// Evaluates scenarios with the catalog each one names (catalogForPlan), loading every
/// catalog once. A scenario whose catalog can't be found gets "not priced" figures
/// (kNotPriced), as the editor and the CLI refuse to price it.
class FiguresCalculator {
public:
    explicit FiguresCalculator(const ScenarioStore* store) : m_store(store) {}
    CachedFigures operator()(const Scenario& scenario);

private:
    const ScenarioStore* m_store;
    std::map<std::string, Catalog> m_catalogs;
};

/// A file name for a scenario: characters illegal on Windows, macOS or Linux, control
/// characters and leading/trailing dots and spaces replaced; reserved DOS names prefixed;
/// at most 120 characters; "scenario" when nothing is left. No extension is added.
QString sanitizedFileName(const QString& name);

} // namespace costlab
