// Marks an English string for translation without depending on Qt: lupdate finds
// QT_TRANSLATE_NOOP(context, text) by name, the widgets translate the text in `context`,
// and here it is just the text. When a Qt header came first, Qt's own definition is kept.
#pragma once

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif
