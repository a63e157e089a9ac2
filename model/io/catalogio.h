// Catalog JSON: the reader (every field validated, every problem reported with its JSON
// pointer) and the writer, its inverse, which the catalog editor uses to turn an edited
// catalog back into text the store keeps and the reader validates.
#pragma once

#include "catalog.h"
#include "messages.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Parse a catalog from JSON text. Returns nullopt and fills `errors` (one message per
/// problem, each with its JSON pointer) when the text is not a valid catalog.
std::optional<Catalog> catalogFromJson(std::string_view text, std::vector<std::string>& errors);

/// As above, each problem a message ("pointer: what", Msg::IdMessage) that the window
/// shows in the reader's language (issue 49); messageText() of each is the English above.
std::optional<Catalog> catalogFromJson(std::string_view text, std::vector<Message>& problems);

/// Load a catalog file. Errors as above (each prefixed with the path), plus an I/O message
/// when the file can't be read.
std::optional<Catalog> loadCatalogFile(const std::string& path, std::vector<std::string>& errors);
/// As above, as messages the window translates.
std::optional<Catalog> loadCatalogFile(const std::string& path, std::vector<Message>& problems);

/// Where pickCatalog() looks for the catalog a plan names. Any may be empty.
struct CatalogSources {
    /// A catalog the user gave for this run (costlab-cli --catalog FILE): used whatever
    /// the plan names, because the user asked for it by path.
    const Catalog* given = nullptr;
    /// Catalog JSON text by id from the scenario library, nullopt when it has no such id.
    std::function<std::optional<std::string>(std::string_view id)> library;
    /// The shipped default catalog (resources/catalog/default.json), used for a plan that
    /// names its id when the library does not have it (no library, or a CLI run).
    const Catalog* shipped = nullptr;
    /// Words for the error, where the user can make the catalog available, e.g. "pass
    /// --catalog FILE or --db LIBRARY". Empty: no hint.
    std::string hint;
};

/// The one rule for which catalog prices a plan (issue 13), used by the editor, the
/// library list, the report and every CLI command: `given` if set; else the library's
/// catalog with the plan's id (Scenario::catalog_id, "" meaning "default"); else the
/// shipped catalog if its id is the plan's. Otherwise — or when the library's copy is not
/// a valid catalog — an empty stand-in with the plan's id whose Catalog::unavailable says
/// why in English, so evaluate() refuses to price it the same way everywhere.
Catalog pickCatalog(std::string_view planCatalogId, const CatalogSources& sources);

/// Serialise a catalog in the layout catalogFromJson reads (schema_version 1), 2-space
/// indented. Prices below zero ("not offered") are written as null, as in the shipped
/// file. Numbers are written with full double precision, so
/// catalogFromJson(catalogToJson(c)) reproduces every field exactly. Never throws for a
/// catalog with finite numbers; NaN/infinity are written as null (and the reader will
/// then reject them with a pointer message).
std::string catalogToJson(const Catalog& catalog);

} // namespace costlab
