// UI language switching (Tiled languagemanager.cpp): our translations are embedded as
// :/i18n/costlab_<lang>.qm; Qt's own come from the system's Qt translations folder.
// Switching installs new translators; every widget then receives QEvent::LanguageChange
// and retranslates itself, so the switch is live.
#pragma once

#include <QString>
#include <QStringList>

namespace costlab {

/// Language codes with a translation, "en" first ("en", "zh_CN").
QStringList availableLanguages();
/// Native name of a language ("English", "简体中文").
QString languageName(const QString& code);
/// Install the translators for `code` ("en" removes them) and set the default QLocale, so
/// numbers follow the language. Returns false when no translation for `code` exists.
bool setLanguage(const QString& code);
/// The language last set with setLanguage ("en" before any call).
QString currentLanguage();

} // namespace costlab
