// Catalog JSON: the reader (every field validated, every problem reported with its JSON
// pointer) and the writer, its inverse, which the catalog editor uses to turn an edited
// catalog back into text the store keeps and the reader validates.
#pragma once

#include "catalog.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// Parse a catalog from JSON text. Returns nullopt and fills `errors` (one message per
/// problem, each with its JSON pointer) when the text is not a valid catalog.
std::optional<Catalog> catalogFromJson(std::string_view text, std::vector<std::string>& errors);

/// Load a catalog file. Errors as above, plus an I/O message when the file can't be read.
std::optional<Catalog> loadCatalogFile(const std::string& path, std::vector<std::string>& errors);

/// Serialise a catalog in the layout catalogFromJson reads (schema_version 1), 2-space
/// indented. Prices below zero ("not offered") are written as null, as in the shipped
/// file. Numbers are written with full double precision, so
/// catalogFromJson(catalogToJson(c)) reproduces every field exactly. Never throws for a
/// catalog with finite numbers; NaN/infinity are written as null (and the reader will
/// then reject them with a pointer message).
std::string catalogToJson(const Catalog& catalog);

} // namespace costlab
