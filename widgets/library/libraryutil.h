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

/// Evaluates scenarios with the catalog each one names, loading every catalog once: from
/// the library (ScenarioStore::catalogJson), else the shipped file for "default"
/// (datapaths.h). A scenario whose catalog can't be found gets zero figures (the list then
/// shows 0 until the scenario is opened and saved).
class FiguresCalculator {
public:
    explicit FiguresCalculator(const ScenarioStore* store) : m_store(store) {}
    CachedFigures operator()(const Scenario& scenario);

private:
    const Catalog* catalog(const std::string& id);
    const ScenarioStore* m_store;
    std::map<std::string, std::optional<Catalog>> m_catalogs;
};

/// A file name for a scenario: characters illegal on Windows, macOS or Linux, control
/// characters and leading/trailing dots and spaces replaced; reserved DOS names prefixed;
/// at most 120 characters; "scenario" when nothing is left. No extension is added.
QString sanitizedFileName(const QString& name);

} // namespace costlab
