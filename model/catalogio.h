// Catalog → JSON writer, the inverse of catalogFromJson (catalog.h). Used by the catalog
// editor to turn an edited catalog back into text the store keeps and the reader validates.
#pragma once

#include "catalog.h"

#include <string>

namespace costlab {

/// Serialise a catalog in the layout catalogFromJson reads (schema_version 1), 2-space
/// indented. Prices below zero ("not offered") are written as null, as in the shipped
/// file. Numbers are written with full double precision, so
/// catalogFromJson(catalogToJson(c)) reproduces every field exactly. Never throws for a
/// catalog with finite numbers; NaN/infinity are written as null (and the reader will
/// then reject them with a pointer message).
std::string catalogToJson(const Catalog& catalog);

} // namespace costlab
