// Where the program finds its data (catalog, examples, lessons) at run time.
// Order: $COSTLAB_DATA_DIR, then <exe dir>/../share/costlab (installed layout), then the
// source tree's resources/ folder baked in at compile time (running from a build tree).
// The command-line tool mirrors this order (app/cli), so both always read the same files.
#pragma once

#include <QString>
#include <QStringList>

namespace costlab {

/// First existing data directory in the order above; "" when none exists.
QString dataDir();

/// Path of the shipped catalog file for `catalogId` ("default" →
/// <data>/catalog/default.json); "" when there is no such file (never another catalog's).
QString catalogPath(const QString& catalogId = QStringLiteral("default"));
/// Every catalog shipped in <data>/catalog (default.json first, then the others by name:
/// cn-cny.json, the CNY catalog of Chinese clouds), seeded read-only into a new library.
QStringList shippedCatalogFiles();

/// Every example scenario (<data>/examples/*.costlab.json), sorted by file name.
QStringList exampleFiles();

/// Every shipped workshop lesson (<data>/lessons/*.costlab-lesson.json), sorted by file name.
QStringList lessonFiles();

/// The example opened on first launch: llama3-8b-pretrain-h100, else the first example.
QString defaultExampleFile();

} // namespace costlab
