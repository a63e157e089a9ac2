#include "parameditor.h"

#include "catalog.h"
#include "document.h"
#include "paramtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QScopedValueRollback>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {

/// Rounds to 3 significant digits: slider positions are coarse, so exact-looking values such
/// as 8.0312e9 would only suggest precision the slider does not have.
double roundSignificant(double v, int digits = 3)
{
    if (v == 0 || !std::isfinite(v))
        return v;
    const double mag = std::pow(10.0, digits - 1 - int(std::floor(std::log10(std::abs(v)))));
    return std::round(v * mag) / mag;
}

QString fromView(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

} // namespace

// --- ValueSpinBox -----------------------------------------------------------------------

ValueSpinBox::ValueSpinBox(QWidget* parent) : QDoubleSpinBox(parent)
{
    setDecimals(12); // values are shown by textFromValue; keep full precision internally
    setKeyboardTracking(false);
    setAccelerated(true);
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
}

QString ValueSpinBox::textFromValue(double value) const
{
    QLocale loc = locale();
    loc.setNumberOptions(QLocale::OmitGroupSeparator);
    return plainNumber(value, loc); // issue 49: a budget of 8,000,000 showed as "8e+06"
}

void ValueSpinBox::setUnit(std::string_view unit)
{
    static constexpr std::string_view kTime[] = {"s", "h", "min", "days", "months"};
    static constexpr std::string_view kBytes[] = {"KB", "GB", "TB", "GiB", "GB/s"};
    m_timeUnit = std::find(std::begin(kTime), std::end(kTime), unit) != std::end(kTime);
    m_byteUnit = std::find(std::begin(kBytes), std::end(kBytes), unit) != std::end(kBytes);
}

void ValueSpinBox::refuse(const QString& why) const
{
    m_refusal = why;
    if (!why.isEmpty() && isVisible())
        QToolTip::showText(mapToGlobal(rect().bottomLeft()), why, const_cast<ValueSpinBox*>(this));
}

std::optional<double> ValueSpinBox::parse(const QString& text, bool* partial) const
{
    *partial = false;
    m_refusal.clear();
    QString t = text;
    if (!suffix().isEmpty() && t.endsWith(suffix()))
        t.chop(suffix().size());
    t = t.trimmed();
    if (t.isEmpty() || t == QLatin1String("-") || t.endsWith(QLatin1Char('e')) ||
        t.endsWith(QLatin1Char('E')) || t.endsWith(locale().decimalPoint())) {
        *partial = true;
        return std::nullopt;
    }
    // An SI suffix users type for large counts: never dropped, always applied, or refused
    // with the reason where the unit makes it ambiguous (issue 44: "2m" once became 2).
    double scale = 0;
    const QChar last = t.back();
    switch (last.unicode()) {
    case 'k':
    case 'K':
        scale = 1e3;
        break;
    case 'm':
    case 'M':
        if (m_timeUnit) {
            refuse(tr("“%1” is ambiguous for a time (minutes, months or million?): type the "
                      "number in %2.")
                       .arg(last, suffix().trimmed()));
            return std::nullopt;
        }
        scale = 1e6;
        break;
    case 'b':
    case 'B':
        if (m_byteUnit) {
            refuse(tr("“%1” is ambiguous for a size (billion or bytes?): type the number in %2.")
                       .arg(last, suffix().trimmed()));
            return std::nullopt;
        }
        scale = 1e9;
        break;
    case 'G':
    case 'g':
        scale = 1e9;
        break;
    case 'T':
    case 't':
        scale = 1e12;
        break;
    case 0x4E07:
        scale = 1e4;
        break; // 万
    case 0x4EBF:
        scale = 1e8;
        break; // 亿
    default:
        break;
    }
    if (scale > 0)
        t = t.chopped(1).trimmed();
    bool ok = false;
    double v = locale().toDouble(t, &ok);
    if (!ok)
        v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        return std::nullopt;
    return scale > 0 ? v * scale * m_factor : v;
}

double ValueSpinBox::valueFromText(const QString& text) const
{
    bool partial = false;
    return parse(text, &partial).value_or(value());
}

QValidator::State ValueSpinBox::validate(QString& text, int&) const
{
    bool partial = false;
    const std::optional<double> v = parse(text, &partial);
    if (partial)
        return QValidator::Intermediate;
    if (!v)
        return QValidator::Invalid;
    if (*v > maximum()) {
        // More digits never bring it back: say so instead of reverting it silently later.
        refuse(tr("%1 is above the maximum, %2.").arg(textFromValue(*v), textFromValue(maximum())));
        return QValidator::Intermediate;
    }
    return *v >= minimum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void ValueSpinBox::stepBy(int steps)
{
    if (!m_log) {
        QDoubleSpinBox::stepBy(steps);
        return;
    }
    // Log-scale quantities step by about a quarter of a decade's third: ×1.25 per step.
    double v = value();
    if (v <= 0)
        v = std::max(minimum(), maximum() * 1e-6);
    v = roundSignificant(v * std::pow(1.25, steps));
    setValue(std::clamp(v, minimum(), maximum()));
    emit editingFinished();
}

// --- SliderMapping ----------------------------------------------------------------------

SliderMapping::SliderMapping(const ParamDef& def) : m_def(&def)
{
    m_lo = def.min;
    m_hi = def.max;
    m_log = def.scale == ParamScale::Log && m_hi > 0;
    if (m_log && m_lo <= 0) {
        // A log axis cannot start at 0: start at the validated minimum or six decades down.
        m_lo = def.valid_min > 0 ? def.valid_min : m_hi * 1e-6;
    }
    if (!(m_hi > m_lo))
        m_hi = m_lo + 1;
}

int SliderMapping::toPosition(double v) const
{
    double t = 0;
    if (m_log)
        t = v <= m_lo ? 0 : std::log(v / m_lo) / std::log(m_hi / m_lo);
    else
        t = (v - m_lo) / (m_hi - m_lo);
    return int(std::lround(std::clamp(t, 0.0, 1.0) * kSteps));
}

double SliderMapping::toValue(int position) const
{
    const double t = double(position) / kSteps;
    double v = m_log ? m_lo * std::pow(m_hi / m_lo, t) : m_lo + t * (m_hi - m_lo);
    // The ends are the hard range exactly (a log slider's left end is 0 when 0 is allowed).
    if (position <= 0)
        return m_def->min;
    if (position >= kSteps)
        return m_def->max;
    if (m_def->type == ParamType::Integer)
        v = std::round(v);
    else if (position > 0)
        v = roundSignificant(v);
    return std::clamp(v, m_def->min, m_def->max);
}

// --- ParamEditor ------------------------------------------------------------------------

ParamEditor::~ParamEditor()
{
    endDrag();
}

void ParamEditor::endDrag()
{
    if (m_dragging) {
        m_dragging = false;
        if (m_docGuard)
            m_docGuard->endContinuousEdit();
    }
}

ParamEditor::ParamEditor(Document* doc, const Catalog* catalog, const ParamRef& ref, QString fullId,
                         QGridLayout* grid, int row, QWidget* parent)
    : QObject(nullptr), m_doc(doc), m_catalog(catalog), m_ref(ref), m_id(std::move(fullId)),
      m_map(*ref.def)
{
    const ParamDef& d = *ref.def;
    const QString name = paramLabel(d);
    const QString help = paramHelp(d);
    const QString tip = toolTipText();

    m_label = new QLabel(name, parent);
    m_label->setToolTip(tip);
    // Long labels wrap instead of being cut off in a narrow dock.
    m_label->setWordWrap(true);
    QSizePolicy lp = m_label->sizePolicy();
    lp.setHorizontalPolicy(QSizePolicy::Ignored);
    m_label->setSizePolicy(lp);
    m_label->setMinimumWidth(60);
    grid->addWidget(m_label, row, 0);

    QWidget* focusTarget = nullptr;
    switch (d.type) {
    case ParamType::Real:
    case ParamType::Integer:
        focusTarget = createNumberEditor(grid, row, parent, name, help, tip);
        break;
    case ParamType::Choice:
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        focusTarget = createChoiceEditor(grid, row, parent, name, help, tip);
        break;
    case ParamType::Bool:
        focusTarget = createCheckBox(grid, row, parent, name, help, tip);
        break;
    }
    m_label->setBuddy(focusTarget);
    for (QWidget* w : {static_cast<QWidget*>(m_slider), static_cast<QWidget*>(m_spin),
                       static_cast<QWidget*>(m_combo)})
        if (w) {
            w->setFocusPolicy(Qt::StrongFocus); // not WheelFocus: a wheel pass is not a click
            w->installEventFilter(this);
        }
    createMarkAndReset(grid, row, parent, name);
    refresh();
}

/// Slider and spin box of a number, with the drag and editing signals wired to the document.
QWidget* ParamEditor::createNumberEditor(QGridLayout* grid, int row, QWidget* parent,
                                         const QString& name, const QString& help,
                                         const QString& tip)
{
    const ParamDef& d = *m_ref.def;
    m_slider = new QSlider(Qt::Horizontal, parent);
    m_slider->setRange(0, SliderMapping::kSteps);
    m_slider->setSingleStep(SliderMapping::kSteps / 100);
    m_slider->setPageStep(SliderMapping::kSteps / 10);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setToolTip(tip);
    m_slider->setAccessibleName(tr("%1 slider").arg(name));
    m_slider->setAccessibleDescription(help);
    m_slider->setMinimumWidth(50);
    grid->addWidget(m_slider, row, 1);

    m_spin = new ValueSpinBox(parent);
    m_spin->setLogStepping(d.scale == ParamScale::Log);
    m_spin->setDisplayFactor(d.display_factor);
    m_spin->setUnit(d.unit);
    const double f = d.display_factor;
    m_spin->setRange(std::min(d.min * f, d.max * f), std::max(d.min * f, d.max * f));
    if (d.type == ParamType::Integer && d.display_factor == 1)
        m_spin->setSingleStep(1);
    else
        m_spin->setSingleStep(roundSignificant((d.max - d.min) * f / 100, 1));
    const QString unit = displayUnit(d, m_doc->scenario().currency);
    if (!unit.isEmpty())
        m_spin->setSuffix(QStringLiteral(" ") + unit);
    // A 0 that means "same as TP" or "predicted" says so instead of "0 GPUs" (the minimum is
    // 0 for every such parameter, and QAbstractSpinBox shows the text at the minimum).
    if (d.min == 0 && !d.zero_label.empty())
        m_spin->setSpecialValueText(paramZeroLabel(d));
    m_spin->setToolTip(tip);
    m_spin->setAccessibleName(name);
    m_spin->setAccessibleDescription(help);
    m_spin->setMinimumWidth(118);
    grid->addWidget(m_spin, row, 2);

    connect(m_slider, &QSlider::valueChanged, this, [this](int pos) {
        if (m_updating)
            return;
        commitValue(m_map.toValue(pos));
    });
    connect(m_slider, &QSlider::sliderPressed, this, [this] {
        if (!m_dragging) {
            m_dragging = true;
            m_docGuard = m_doc;
            m_doc->beginContinuousEdit();
        }
    });
    connect(m_slider, &QSlider::sliderReleased, this, [this] {
        m_doc->closeMergeGroup();
        endDrag();
    });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        if (m_updating)
            return;
        commitValue(shown / m_ref.def->display_factor);
    });
    connect(m_spin, &QDoubleSpinBox::editingFinished, this, [this] { m_doc->closeMergeGroup(); });
    return m_spin;
}

/// Combo box of a choice or a catalog reference (accelerator, instance type).
QWidget* ParamEditor::createChoiceEditor(QGridLayout* grid, int row, QWidget* parent,
                                         const QString& name, const QString& help,
                                         const QString& tip)
{
    const ParamDef& d = *m_ref.def;
    m_combo = new QComboBox(parent);
    if (d.type == ParamType::Choice) {
        for (const ChoiceDef& c : d.choices)
            m_combo->addItem(choiceLabel(c), fromView(c.id));
    } else if (m_catalog && d.type == ParamType::AcceleratorRef) {
        for (const Accelerator& a : m_catalog->accelerators)
            m_combo->addItem(QString::fromStdString(a.name.empty() ? a.id : a.name),
                             QString::fromStdString(a.id));
    } else if (m_catalog) {
        for (const InstanceType& i : m_catalog->instances)
            m_combo->addItem(QString::fromStdString(i.name.empty() ? i.id : i.name),
                             QString::fromStdString(i.id));
    }
    m_combo->setToolTip(tip);
    m_combo->setAccessibleName(name);
    m_combo->setAccessibleDescription(help);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(8);
    grid->addWidget(m_combo, row, 1, 1, 2);
    connect(m_combo, &QComboBox::currentIndexChanged, this, [this](int idx) {
        if (m_updating || idx < 0)
            return;
        commitString(m_combo->itemData(idx).toString());
        m_doc->closeMergeGroup();
    });
    return m_combo;
}

/// Check box of a boolean.
QWidget* ParamEditor::createCheckBox(QGridLayout* grid, int row, QWidget* parent,
                                     const QString& name, const QString& help, const QString& tip)
{
    m_check = new QCheckBox(parent);
    m_check->setToolTip(tip);
    m_check->setAccessibleName(name);
    m_check->setAccessibleDescription(help);
    grid->addWidget(m_check, row, 1, 1, 2);
    connect(m_check, &QCheckBox::toggled, this, [this](bool on) {
        if (m_updating)
            return;
        commitValue(on ? 1 : 0);
        m_doc->closeMergeGroup();
    });
    return m_check;
}

/// The outside-validated-range mark and the reset button at the end of the row.
void ParamEditor::createMarkAndReset(QGridLayout* grid, int row, QWidget* parent,
                                     const QString& name)
{
    m_mark = new QLabel(parent);
    const int iconSize = parent->style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_mark->setFixedSize(iconSize, iconSize);
    m_mark->setAccessibleName(tr("Outside validated range"));
    QSizePolicy keep = m_mark->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_mark->setSizePolicy(keep);
    m_mark->setPixmap(
        parent->style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    m_mark->hide();
    grid->addWidget(m_mark, row, 3);

    m_reset = new QToolButton(parent);
    m_reset->setAutoRaise(true);
    // A text glyph rather than a style icon: it reads the same in every style and theme.
    m_reset->setText(QStringLiteral("↺"));
    m_reset->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_reset->setToolTip(tr("Reset %1 to its default").arg(name));
    m_reset->setAccessibleName(tr("Reset %1").arg(name));
    m_reset->setAccessibleDescription(tr("Sets the parameter back to its default value"));
    QSizePolicy keepReset = m_reset->sizePolicy();
    keepReset.setRetainSizeWhenHidden(true);
    m_reset->setSizePolicy(keepReset);
    grid->addWidget(m_reset, row, 4);
    connect(m_reset, &QToolButton::clicked, this, [this] { resetToDefault(); });
}

bool ParamEditor::stepKey(const QKeyEvent& key)
{
    const ParamDef& d = *m_ref.def;
    const bool shift = key.modifiers() & Qt::ShiftModifier;
    int dir = 0;
    bool page = false;
    switch (key.key()) {
    case Qt::Key_Up:
    case Qt::Key_Right:
        dir = 1;
        break;
    case Qt::Key_Down:
    case Qt::Key_Left:
        dir = -1;
        break;
    case Qt::Key_PageUp:
        dir = 1;
        page = true;
        break;
    case Qt::Key_PageDown:
        dir = -1;
        page = true;
        break;
    default:
        return false;
    }
    const double v = m_doc->value(m_id);
    double next = v;
    if (d.scale == ParamScale::Log) {
        const double factor = page ? 2.0 : shift ? 1.01 : 1.1;
        // From zero a log quantity starts at the slider's left end.
        const double from = v > 0 ? v : m_map.toValue(1);
        next = dir > 0 ? from * factor : from / factor;
        if (!page) // ×2 stays exact; small steps keep three significant digits
            next = roundSignificant(next, shift ? 4 : 3);
    } else {
        const double span = d.max - d.min;
        next = v + dir * span * (page ? 0.1 : shift ? 0.001 : 0.01);
    }
    if (d.type == ParamType::Integer)
        next = dir > 0 ? std::max(std::round(next), v + 1) : std::min(std::round(next), v - 1);
    next = std::clamp(next, d.min, d.max);
    if (next != v) {
        m_doc->closeMergeGroup(); // one key press, one undo step
        commitValue(next);
        m_doc->closeMergeGroup();
    }
    return true;
}

bool ParamEditor::fineDrag(const QMouseEvent& mouse, QEvent::Type type)
{
    if (type == QEvent::MouseButtonPress) {
        if (mouse.button() != Qt::LeftButton || !(mouse.modifiers() & Qt::ShiftModifier))
            return false;
        m_fineDrag = true;
        m_fineStartX = mouse.position().x();
        m_fineStartPos = m_slider->value();
        m_slider->setFocus(Qt::MouseFocusReason);
        m_dragging = true;
        m_docGuard = m_doc;
        m_doc->beginContinuousEdit();
        return true;
    }
    if (!m_fineDrag)
        return false;
    if (type == QEvent::MouseMove) {
        const double perPixel = double(SliderMapping::kSteps) / std::max(1, m_slider->width());
        const int pos = m_fineStartPos +
                        int(std::lround((mouse.position().x() - m_fineStartX) * perPixel / 10.0));
        m_slider->setValue(std::clamp(pos, 0, SliderMapping::kSteps));
        return true;
    }
    if (type == QEvent::MouseButtonRelease) {
        m_fineDrag = false;
        m_doc->closeMergeGroup();
        endDrag();
        return true;
    }
    return false;
}

bool ParamEditor::eventFilter(QObject* watched, QEvent* event)
{
    const bool number = m_slider && (watched == m_slider || watched == m_spin);
    if (number && event->type() == QEvent::KeyPress && m_slider->isEnabled()) {
        const auto& key = static_cast<const QKeyEvent&>(*event);
        // In the spin box Left/Right move the text cursor, and a linear row keeps the spin
        // box's own steps (in shown units); the slider always steps as stepKey() says.
        const bool horizontal = key.key() == Qt::Key_Left || key.key() == Qt::Key_Right;
        const bool spinOwn =
            watched == m_spin && (horizontal || m_ref.def->scale != ParamScale::Log);
        if (!spinOwn && stepKey(key))
            return true;
    }
    if (watched == m_slider && m_slider &&
        (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseMove ||
         event->type() == QEvent::MouseButtonRelease))
        if (fineDrag(static_cast<const QMouseEvent&>(*event), event->type()))
            return true;
    if (event->type() == QEvent::Wheel) {
        auto* w = qobject_cast<QWidget*>(watched);
        if (w && !w->hasFocus()) {
            // Not ours: ignored, so QApplication passes it on to the scroll area.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

QString ParamEditor::toolTipText() const
{
    const ParamDef& d = *m_ref.def;
    QString unit = unitText(d.unit);
    unit.replace(QLatin1String("currency"), currencyCodeText(m_doc->scenario().currency));
    QString tip = QStringLiteral("<b>%1</b>").arg(paramLabel(d).toHtmlEscaped());
    const QString help = paramHelp(d);
    if (!help.isEmpty())
        tip += QStringLiteral("<p>%1</p>").arg(help.toHtmlEscaped());
    tip += QStringLiteral("<p>") + tr("Id: <code>%1</code>").arg(m_id.toHtmlEscaped());
    if (d.type == ParamType::Real || d.type == ParamType::Integer) {
        const QLocale loc;
        tip += QStringLiteral("<br>") +
               tr("Range: %1 – %2 %3").arg(plainNumber(d.min, loc), plainNumber(d.max, loc), unit);
        if (d.valid_max > d.valid_min)
            tip += QStringLiteral("<br>") +
                   tr("Validated: %1 – %2 %3")
                       .arg(plainNumber(d.valid_min, loc), plainNumber(d.valid_max, loc), unit);
        tip += QStringLiteral("<br>") + tr("Default: %1 %2").arg(plainNumber(d.def, loc), unit);
        tip += QStringLiteral("<br>") +
               tr("Type 30T for 30 trillion: K, M, B or G, T, 万 and 亿 multiply the number.")
                   .toHtmlEscaped();
        tip += QStringLiteral("<br>") +
               (d.scale == ParamScale::Log
                    ? tr("Keys: Page Up doubles, Page Down halves; arrows step ×1.1, with Shift "
                         "×1.01. Shift+drag the slider for fine control.")
                    : tr("Keys: arrows step 1 % of the range, with Shift 0.1 %; Page Up/Down "
                         "10 %. Shift+drag the slider for fine control."))
                   .toHtmlEscaped();
    }
    tip += QStringLiteral("</p>");
    return tip;
}

double ParamEditor::defaultValue() const
{
    return m_ref.def->def;
}

void ParamEditor::commitValue(double stored)
{
    QString error;
    if (!m_doc->setValue(m_id, stored, &error))
        refresh(); // rejected: show the document's value again
}

void ParamEditor::commitString(const QString& text)
{
    QString error;
    if (!m_doc->setString(m_id, text, &error))
        refresh();
}

void ParamEditor::resetToDefault()
{
    const ParamDef& d = *m_ref.def;
    m_doc->closeMergeGroup();
    if (d.type == ParamType::AcceleratorRef || d.type == ParamType::InstanceRef) {
        if (d.get_str) {
            const Phase fresh;
            commitString(QString::fromStdString(d.get_str(fresh)));
        }
    } else {
        commitValue(d.def);
    }
    m_doc->closeMergeGroup();
}

namespace {

/// setEnabled() only when the widget's own flag changes (a panel refresh touches every row).
void setEnabledIfChanged(QWidget* w, bool enabled)
{
    if (w->testAttribute(Qt::WA_ForceDisabled) == enabled)
        w->setEnabled(enabled);
}

} // namespace

void ParamEditor::refresh()
{
    QScopedValueRollback<bool> guard(m_updating, true);
    const Scenario& s = m_doc->scenario();
    const ParamDef& d = *m_ref.def;
    const Phase* phase = m_ref.phase >= 0 && m_ref.phase < int(s.phases.size())
                             ? &s.phases[size_t(m_ref.phase)]
                             : nullptr;
    const bool active = !d.active || d.active(s, phase);
    bool isDefault = true;

    if (m_spin) {
        const double v = getValue(s, m_ref);
        const double shown = v * d.display_factor;
        // The spin box holds its value rounded to its decimals: compare with that, or every
        // refresh of every row re-sets (and re-formats) a value that did not change (issue
        // 50: a third of a slider move's synchronous work).
        const double scale = std::pow(10.0, m_spin->decimals());
        if (m_spin->value() != std::round(shown * scale) / scale)
            m_spin->setValue(shown);
        // Never move the slider under the user's mouse: its own position is the truth then.
        if (!m_slider->isSliderDown())
            m_slider->setValue(m_map.toPosition(v));
        m_outside = d.valid_max > d.valid_min && outsideValidated(d, v);
        isDefault = v == d.def;
    } else if (m_combo) {
        QString current;
        if (d.type == ParamType::Choice) {
            const int idx = int(getValue(s, m_ref));
            if (idx >= 0 && idx < int(d.choices.size()))
                current = fromView(d.choices[size_t(idx)].id);
            isDefault = idx == int(d.def);
        } else {
            current = QString::fromStdString(getString(s, m_ref));
            if (d.get_str)
                isDefault = current.toStdString() == d.get_str(Phase{});
        }
        int idx = m_combo->findData(current);
        if (idx < 0 && !current.isEmpty()) {
            // A reference the catalog does not know: keep it visible rather than hide it.
            m_combo->addItem(tr("%1 (not in catalog)").arg(current), current);
            idx = m_combo->count() - 1;
        }
        m_combo->setCurrentIndex(idx);
        m_outside = false;
    } else if (m_check) {
        const bool on = getValue(s, m_ref) != 0;
        m_check->setChecked(on);
        isDefault = on == (d.def != 0);
        m_outside = false;
    }

    if (m_outside) {
        m_mark->setToolTip(tr("Outside the range the model was validated on (%1 – %2 %3): "
                              "figures are extrapolated")
                               .arg(formatNumber(d.valid_min * d.display_factor, 4),
                                    formatNumber(d.valid_max * d.display_factor, 4),
                                    displayUnit(d, s.currency)));
        m_mark->setAccessibleDescription(m_mark->toolTip());
    }
    m_mark->setVisible(m_outside && m_visible);
    setEnabledIfChanged(m_reset, active && !isDefault);

    for (QWidget* w : {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_spin), static_cast<QWidget*>(m_combo),
                       static_cast<QWidget*>(m_check)})
        if (w)
            setEnabledIfChanged(w, active);
}

void ParamEditor::setRowVisible(bool visible)
{
    m_visible = visible;
    for (QWidget* w : {static_cast<QWidget*>(m_label), static_cast<QWidget*>(m_slider),
                       static_cast<QWidget*>(m_spin), static_cast<QWidget*>(m_combo),
                       static_cast<QWidget*>(m_check), static_cast<QWidget*>(m_reset)})
        if (w)
            w->setVisible(visible);
    // The warning mark and the reset button keep their place while the row is shown (no jump
    // when they appear), but not while the row is filtered out: retained, they kept every
    // hidden row's height and left a blank gap above the rows that match.
    for (QWidget* w : {static_cast<QWidget*>(m_mark), static_cast<QWidget*>(m_reset)}) {
        QSizePolicy keep = w->sizePolicy();
        keep.setRetainSizeWhenHidden(visible);
        w->setSizePolicy(keep);
    }
    m_mark->setVisible(visible && m_outside);
}

bool ParamEditor::matches(const QString& filter) const
{
    if (filter.isEmpty())
        return true;
    const ParamDef& d = *m_ref.def;
    return paramLabel(d).contains(filter, Qt::CaseInsensitive) ||
           fromView(d.label).contains(filter, Qt::CaseInsensitive) ||
           m_id.contains(filter, Qt::CaseInsensitive);
}

} // namespace costlab
