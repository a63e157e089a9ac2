// One row of the parameter panel: label, slider + spin box (numbers), combo box (choices and
// catalog references) or check box (booleans), a mark when the value lies outside the range
// the model was validated on, and a reset-to-default button.
//
// Feedback loops: the row writes to the Document and refreshes from its signals; while it
// refreshes, m_updating is set (QScopedValueRollback) so the slider and spin box do not
// write the value back.
#pragma once

#include <optional>
#include <string_view>

#include "registry.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QObject>
#include <QPointer>
#include <QString>

class QCheckBox;
class QComboBox;
class QKeyEvent;
class QMouseEvent;
class QLabel;
class QSlider;
class QToolButton;
class QWidget;
class QGridLayout;

namespace costlab {

struct Catalog;
class Document;

/// Spin box that shows numbers with significant digits (no fixed decimals), parses them back
/// in the UI locale, and steps geometrically on log-scale parameters.
class ValueSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit ValueSpinBox(QWidget* parent = nullptr);
    void setLogStepping(bool on) { m_log = on; }
    /// Shown value = stored value × factor (tokens shown in billions: 1e-9). A typed number
    /// with an SI suffix — K, M, B or G, T, and 万, 亿 — is an absolute amount in the stored
    /// unit ("30T" tokens = 3·10¹³, shown as 30,000 B); a bare number is in the shown unit.
    void setDisplayFactor(double factor) { m_factor = factor; }
    /// The registry unit of the value ("GPUs", "h", "GB"). A letter suffix that the unit makes
    /// ambiguous is refused with a message instead of being read: m/M on a time ("30m" could
    /// be minutes, months or a million hours), b/B on a byte size ("2GB" in a GB field).
    void setUnit(std::string_view unit);
    /// Why the last typed text was refused (an ambiguous suffix, above the maximum); empty
    /// when it was not. Shown as a tooltip at the box while typing.
    QString refusal() const { return m_refusal; }
    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void stepBy(int steps) override;

private:
    /// The displayed value `text` means, or nullopt; `partial` says the text may still
    /// become valid (a sign, an exponent being typed).
    std::optional<double> parse(const QString& text, bool* partial) const;

    /// Tells the user why `text` is not taken (and remembers it for refusal()).
    void refuse(const QString& why) const;

    bool m_log = false;
    double m_factor = 1;
    bool m_timeUnit = false, m_byteUnit = false;
    mutable QString m_refusal;
};

/// Slider position ↔ stored value for one parameter (linear or logarithmic).
class SliderMapping {
public:
    static constexpr int kSteps = 1000;
    explicit SliderMapping(const ParamDef& def);
    int toPosition(double value) const;
    double toValue(int position) const;

private:
    const ParamDef* m_def;
    bool m_log = false;
    double m_lo = 0, m_hi = 1;
};

class ParamEditor : public QObject {
    Q_OBJECT
public:
    /// Not a child QObject of `parent` (the panel owns editors by unique_ptr); its widgets are.
    /// Creates the row's widgets and adds them to `grid` at `row` (columns: label, slider,
    /// editor, mark, reset). `fullId` is the bound id ("rl.env_count").
    ParamEditor(Document* doc, const Catalog* catalog, const ParamRef& ref, QString fullId,
                QGridLayout* grid, int row, QWidget* parent);
    /// Ends a slider drag still in progress (the panel rebuilt mid-drag).
    ~ParamEditor() override;

    const QString& fullId() const { return m_id; }
    /// The mouse wheel scrolls the panel unless the field has keyboard focus: scrolling past
    /// a slider, spin box or combo box must never change a value.
    bool eventFilter(QObject* watched, QEvent* event) override;
    const ParamDef& def() const { return *m_ref.def; }
    /// Re-read the value, active state and validated-range mark from the document.
    void refresh();
    /// Show or hide every widget of the row (search filter).
    void setRowVisible(bool visible);
    bool isRowVisible() const { return m_visible; }
    /// True when the row matches a filter text (translated label, English label or id).
    bool matches(const QString& filter) const;

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }
    QComboBox* comboBox() const { return m_combo; }
    QCheckBox* checkBox() const { return m_check; }
    QToolButton* resetButton() const { return m_reset; }
    QLabel* label() const { return m_label; }
    /// True when the validated-range mark is showing.
    bool outsideMarkShown() const { return m_outside; }

private:
    void commitValue(double stored);
    void commitString(const QString& text);
    void resetToDefault();
    QString toolTipText() const;
    QWidget* createNumberEditor(QGridLayout* grid, int row, QWidget* parent, const QString& name,
                                const QString& help, const QString& tip);
    QWidget* createChoiceEditor(QGridLayout* grid, int row, QWidget* parent, const QString& name,
                                const QString& help, const QString& tip);
    QWidget* createCheckBox(QGridLayout* grid, int row, QWidget* parent, const QString& name,
                            const QString& help, const QString& tip);
    void createMarkAndReset(QGridLayout* grid, int row, QWidget* parent, const QString& name);
    double defaultValue() const;
    void endDrag();
    /// Keyboard steps on a number's slider or spin box (issue 13: fine control over many
    /// decades). Log-scale: arrows ×/÷ 1.1, Shift+arrows ×/÷ 1.01, Page Up/Down ×2 / ÷2
    /// ("double the tokens" is one key); linear: arrows ±1 % of the range, Shift ±0.1 %,
    /// pages ±10 %. Each key press is one undo step. False when the key is not a step.
    bool stepKey(const QKeyEvent& key);
    /// Shift+drag on the slider moves ten times slower than a plain drag. True when consumed.
    bool fineDrag(const QMouseEvent& mouse, QEvent::Type type);

    Document* m_doc;
    const Catalog* m_catalog;
    ParamRef m_ref;
    QString m_id;
    SliderMapping m_map;
    bool m_updating = false;
    bool m_visible = true;
    bool m_outside = false;
    bool m_dragging = false;       ///< between sliderPressed and sliderReleased
    bool m_fineDrag = false;       ///< a Shift+drag in progress
    double m_fineStartX = 0;       ///< where it began, px
    int m_fineStartPos = 0;        ///< the slider position it began at
    QPointer<Document> m_docGuard; ///< the window may destroy the document before the rows
    QLabel* m_label = nullptr;
    QSlider* m_slider = nullptr;
    ValueSpinBox* m_spin = nullptr;
    QComboBox* m_combo = nullptr;
    QCheckBox* m_check = nullptr;
    QLabel* m_mark = nullptr;
    QToolButton* m_reset = nullptr;
};

} // namespace costlab
