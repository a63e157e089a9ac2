// User text — plan, phase and catalog names, descriptions, file paths, error messages that
// quote them — is shown as text, never as markup: a plan named
// `<img src="/some/file.png" width=1400>` must not paint a local file over the screen.
// Qt renders a tooltip, a QLabel in its default format and a QMessageBox as rich text when
// the string merely looks like HTML; these helpers take that guess away.
#pragma once

#include <QMessageBox>
#include <QString>

#include <string>

class QDialogButtonBox;
class QLabel;
class QWidget;

namespace costlab {

/// `text` as a tooltip that Qt shows literally (escaped and marked as rich text, so line
/// breaks survive and nothing in it is interpreted).
QString plainToolTip(const QString& text);

/// User text — a plan, phase, project or catalog name — for display: the bidirectional
/// overrides, embeddings and isolates (U+202A..U+202E, U+2066..U+2069), which make
/// "invoice<U+202E>fdp.exe" read as "invoiceexe.pdf", are shown as visible marks ("⟨U+202E⟩")
/// instead of acting (issue 44). Everything else is unchanged. For display only: an edit
/// box shows the text as stored.
QString displayText(const QString& text);
QString displayText(const std::string& text);

/// Makes `label` show its text literally (Qt::PlainText) and returns it, for one-line use.
QLabel* plainLabel(QLabel* label);

/// QMessageBox::warning / question with `text` shown literally.
void warnPlain(QWidget* parent, const QString& title, const QString& text);
QMessageBox::StandardButton askPlain(QWidget* parent, const QString& title, const QString& text,
                                     QMessageBox::StandardButtons buttons,
                                     QMessageBox::StandardButton defaultButton);

/// Gives the standard buttons of `box` (Close, Cancel, OK, Save, Discard…) texts with an
/// Alt-key mnemonic ("&Close"): Qt's generic theme labels them without one.
void giveMnemonics(QDialogButtonBox* box);

} // namespace costlab
