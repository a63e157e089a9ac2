// Each setting declared once, as a typed key with its default (Tiled SessionOption<T>).
#pragma once

#include <QByteArray>
#include <QSettings>
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
inline constexpr int kMaxRecent = 8;
} // namespace settings

} // namespace costlab
