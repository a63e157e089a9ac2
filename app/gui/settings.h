// Each setting declared once, as a typed key with its default (Tiled SessionOption<T>).
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace costlab {

template <typename T> struct Setting {
    const char* key;
    T def;

    T get() const
    {
        const QVariant v = QSettings().value(QLatin1String(key));
        return v.isValid() ? v.value<T>() : def;
    }
    void set(const T& value) const { QSettings().setValue(QLatin1String(key), value); }
};

namespace settings {
inline const Setting<QByteArray> geometry{"window/geometry", {}};
inline const Setting<QByteArray> windowState{"window/state", {}};
inline const Setting<QStringList> recentFiles{"files/recent", {}};
inline const Setting<QString> lastFile{"files/last", {}};
inline const Setting<QString> lastImportDir{"files/lastImportDir", {}}; ///< File → Import folder
inline const Setting<QString> language{"ui/language", QString()};       ///< "" = follow the system
/// The team library to open at start: a postgresql:// connection string without its password
/// (the password comes from ~/.pgpass or a service file, never from these settings); "" =
/// the local library file (issue 48).
inline const Setting<QString> teamLibrary{"library/team", QString()};
inline constexpr int kMaxRecent = 8;

/// The user's own library file, in the platform's app-data folder.
inline QString localLibraryPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/library.costlab.db");
}
} // namespace settings

} // namespace costlab
