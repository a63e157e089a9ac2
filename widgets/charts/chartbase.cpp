#include "chartbase.h"
#include "paramtext.h"

#include "plaintext.h"
#include "vectorstate.h"

#include "moneyticker.h"

#include <QAction>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QScreen>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTextBoundaryFinder>
#include <QTextDocument>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

namespace costlab {

namespace {
// Size used when a chart too small to read is exported (the docs images' size).
constexpr int kFallbackWidth = 900;
constexpr int kFallbackHeight = 500;

// QCustomPlot measures a legend entry's or the title's text (QFontMetrics::boundingRect, a
// full text shaping) every time its layout asks for the element's size: several times per
// element and replot (and ChartBase::fitTopLegend asks once more). In perf of the GUI
// benchmark that was two thirds of the replots' time on the main thread. The text, the
// font and the spacing are the same from one slider move to the next, so each size is
// measured once per chart and kept (ChartBase::m_textSizes).
using Layout = std::array<int, 8>;

/// The DPI QFontMetrics(font) measures with (the primary screen's logical DPI).
int measuringDpi()
{
    const QScreen* screen = QGuiApplication::primaryScreen();
    return screen ? qRound(screen->logicalDotsPerInchY()) : 96;
}

QString sizeKey(const QString& text, const QFont& font, int dpi, const Layout& layout)
{
    QString key = text;
    key += QChar(0x1f) + font.key() + QChar(0x1f) + QString::number(dpi);
    for (const int v : layout)
        key += QChar(0x1f) + QString::number(v);
    return key;
}

template <typename Measure>
QSize cachedSize(QHash<QString, QSize>& cache, const QString& key, Measure measure)
{
    if (const auto it = cache.constFind(key); it != cache.cend())
        return *it;
    if (cache.size() > 512) // names that keep changing: never grow without bound
        cache.clear();
    return *cache.insert(key, measure());
}

/// Whether a text may be drawn from a picture on `painter`, and where within a pixel the
/// painter's origin lies. QCPPainter shifts its origin by half a pixel while antialiasing
/// (crisp 1 px lines), and a text drawn there rounds its glyphs differently: the picture is
/// drawn with the same fraction and placed on whole pixels. Vector output (PDF, SVG:
/// pmVectorized, pmNoCaching), fractional pixel ratios and any transform but a translation
/// (a rotated axis title) draw as QCustomPlot does.
std::optional<QPointF> pictureOffset(const QCPPainter* painter)
{
    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    const QTransform& t = painter->transform();
    if (painter->modes() & (QCPPainter::pmVectorized | QCPPainter::pmNoCaching) ||
        dpr != std::round(dpr) || t.type() > QTransform::TxTranslate)
        return std::nullopt;
    return QPointF(t.dx() - std::floor(t.dx()), t.dy() - std::floor(t.dy()));
}

/// `offset` as two whole numbers for a cache key (hundredths of a pixel).
std::pair<int, int> offsetKey(const QPointF& offset)
{
    return {qRound(offset.x() * 100), qRound(offset.y() * 100)};
}

/// The share of a chart's height a top legend may take before its names are elided
/// (ChartBase::fitTopLegend).
constexpr double kTopLegendHeightShare = 1.0 / 3.0;

/// Room around a text in its picture, logical pixels: glyphs may reach past the measured
/// box (italics, accents), which Qt::TextDontClip lets them do on the plot too.
constexpr int kTextPad = 3;

/// A transparent picture `size` logical pixels large at `painter`'s pixel ratio, holding
/// `text` drawn as `painter` would draw it (its render hints, `font`, `colour`) in `rect`
/// with `flags`, after moving the origin by `origin`. `bounding` receives drawText's.
QPixmap drawTextPicture(const QPainter* painter, const QSize& size, const QFont& font,
                        const QColor& colour, const QPointF& origin, const QRect& rect, int flags,
                        const QString& text, QRect* bounding = nullptr)
{
    const qreal dpr = painter->device()->devicePixelRatioF();
    QPixmap picture(size * dpr);
    picture.setDevicePixelRatio(dpr);
    picture.fill(Qt::transparent);
    QPainter p(&picture);
    p.setRenderHints(painter->renderHints());
    p.setFont(font);
    p.setPen(colour);
    p.translate(origin);
    p.drawText(rect, flags, text, bounding);
    return picture;
}

/// An element's last size and what it was measured for. The layout asks the same element
/// for its size several times per replot (nested grids ask again at each level); building
/// the chart cache's key for every ask (the text, QFont::key(), numbers as text) was a third
/// of the legend layout's time in perf. Same text, font, DPI and spacing: the same size.
struct SizeMemo {
    QString text;
    QFont font;
    int dpi = 0;
    Layout layout{};
    QSize size;
    bool valid = false;

    template <typename Measure>
    QSize get(QHash<QString, QSize>& cache, const QString& t, const QFont& f, const Layout& l,
              Measure measure)
    {
        const int d = measuringDpi();
        if (valid && d == dpi && l == layout && t == text && f == font)
            return size;
        size = cachedSize(cache, sizeKey(t, f, d, l), measure);
        text = t;
        font = f;
        dpi = d;
        layout = l;
        valid = true;
        return size;
    }
};

/// A legend entry whose size comes from the chart's cache (see sizeKey), whose name may be
/// elided to a width (a narrow chart's top legend, ChartBase::fitTopLegend), and whose text is
/// drawn from a picture of it, made once per text, font, colour and pixel ratio: QCustomPlot
/// measures and shapes the text again on every replot (QFontMetrics::boundingRect and
/// QPainter::drawText: 11 % of the replots' time in perf of the GUI benchmark). Vector
/// output (PDF, SVG: QCPPainter::pmVectorized / pmNoCaching) and fractional pixel ratios,
/// where a picture would land between device pixels, draw as QCustomPlot does.
class CachedLegendItem : public QCPPlottableLegendItem {
public:
    CachedLegendItem(QCPLegend* legend, QCPAbstractPlottable* plottable,
                     QHash<QString, QSize>& sizes, QHash<QString, QPixmap>& texts)
        : QCPPlottableLegendItem(legend, plottable), m_sizes(sizes), m_texts(texts)
    {
    }

    /// The widest text the entry may show, px; a longer name is elided ("Optimizer st…") and
    /// the whole name is the entry's tooltip (ChartBase::legendNameAt). 0: no limit.
    void setMaxTextWidth(int px) { m_maxTextWidth = std::max(0, px); }
    /// The entry's width with its whole name, px (QCustomPlot's minimumOuterSizeHint).
    int naturalWidth() const { return naturalSize().width(); }
    /// The entry's width without its text: icon, padding and margins, px.
    int nonTextWidth() const
    {
        return mParentLegend->iconSize().width() + mParentLegend->iconTextPadding() +
               mMargins.left() + mMargins.right();
    }
    /// The name as drawn: whole, or elided to the maximum text width.
    QString shownName() const
    {
        if (!mPlottable)
            return {};
        const QString name = mPlottable->name();
        if (m_maxTextWidth <= 0 || naturalWidth() - nonTextWidth() <= m_maxTextWidth)
            return name;
        if (name != m_elidedFrom || getFont() != m_elidedFont || m_maxTextWidth != m_elidedAt) {
            const QFontMetrics fm(getFont());
            m_elided = fm.elidedText(name, Qt::ElideRight, m_maxTextWidth);
            m_elidedWidth = fm.boundingRect(0, 0, 0, mParentLegend->iconSize().height(),
                                            Qt::TextDontClip, m_elided)
                                .width();
            m_elidedFrom = name;
            m_elidedFont = getFont();
            m_elidedAt = m_maxTextWidth;
        }
        return m_elided;
    }
    bool elided() const { return mPlottable && shownName() != mPlottable->name(); }

protected:
    QSize minimumOuterSizeHint() const override
    {
        const QSize natural = naturalSize();
        if (!elided())
            return natural;
        return {nonTextWidth() + m_elidedWidth, natural.height()};
    }

    void draw(QCPPainter* painter) override
    {
        const QString shown = shownName();
        const std::optional<QPointF> offset = mPlottable ? pictureOffset(painter) : std::nullopt;
        if (!mPlottable || (!offset && shown == mPlottable->name())) {
            QCPPlottableLegendItem::draw(painter);
            return;
        }
        // Where and how QCustomPlot 2.1 draws an entry: the text at the icon's top, right of
        // the icon and its padding; then the icon, clipped to its rectangle; then its border.
        const QSize icon = mParentLegend->iconSize();
        const QPointF textAt(mRect.x() + icon.width() + mParentLegend->iconTextPadding(),
                             mRect.y());
        if (offset) {
            const QPixmap& text = textPicture(painter, icon.height(), *offset, shown);
            painter->drawPixmap(textAt - QPointF(kTextPad, kTextPad) - *offset, text);
        } else {
            // Vector output of an elided name: drawn as QCustomPlot draws a name.
            painter->setFont(getFont());
            painter->setPen(QPen(getTextColor()));
            const QRect box = painter->fontMetrics().boundingRect(0, 0, 0, icon.height(),
                                                                  Qt::TextDontClip, shown);
            painter->drawText(
                QRectF(textAt, QSizeF(box.width(), std::max(box.height(), icon.height()))),
                Qt::TextDontClip, shown);
        }
        const QRect iconRect(mRect.topLeft(), icon);
        painter->save();
        painter->setClipRect(iconRect, Qt::IntersectClip);
        (mPlottable->*IconAccess::draw())(painter, iconRect);
        painter->restore();
        if (getIconBorderPen().style() != Qt::NoPen) {
            painter->setPen(getIconBorderPen());
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(iconRect);
        }
    }

private:
    /// QCustomPlot lets only its own legend item call a plottable's (virtual, protected)
    /// drawLegendIcon(); a member pointer named through a subclass reaches it the same way.
    struct IconAccess : QCPAbstractPlottable {
        using DrawIcon = void (QCPAbstractPlottable::*)(QCPPainter*, const QRectF&) const;
        static DrawIcon draw() { return &IconAccess::drawLegendIcon; }
    };

    QSize naturalSize() const
    {
        if (!mPlottable)
            return {};
        const QSize icon = mParentLegend->iconSize();
        return m_memo.get(m_sizes, mPlottable->name(), getFont(),
                          {icon.width(), icon.height(), mParentLegend->iconTextPadding(),
                           mMargins.left(), mMargins.right(), mMargins.top(), mMargins.bottom(), 0},
                          [this] { return QCPPlottableLegendItem::minimumOuterSizeHint(); });
    }

    const QPixmap& textPicture(QCPPainter* painter, int iconHeight, const QPointF& offset,
                               const QString& name) const
    {
        const QFont font = getFont();
        const QColor colour = getTextColor();
        const qreal dpr = painter->device()->devicePixelRatioF();
        const auto [fx, fy] = offsetKey(offset);
        const Layout layout{iconHeight,
                            int(colour.rgba()),
                            int(dpr * 100),
                            int(painter->renderHints()),
                            measuringDpi(),
                            fx,
                            fy,
                            0};
        // The same entry drawn again (every replot): no key to build (see SizeMemo).
        if (!m_picture.isNull() && layout == m_pictureLayout && name == m_pictureText &&
            font == m_pictureFont)
            return m_picture;
        m_pictureText = name;
        m_pictureFont = font;
        m_pictureLayout = layout;
        const QString key = sizeKey(name, font, 0, layout);
        if (const auto it = m_texts.constFind(key); it != m_texts.cend())
            return m_picture = *it;
        if (m_texts.size() > 256)
            m_texts.clear();
        painter->setFont(font);
        const QRect box =
            painter->fontMetrics().boundingRect(0, 0, 0, iconHeight, Qt::TextDontClip, name);
        const int height = std::max(box.height(), iconHeight);
        const QPixmap picture = drawTextPicture(
            painter, {box.width() + 2 * kTextPad, height + 2 * kTextPad}, font, colour, offset,
            QRect(kTextPad, kTextPad, box.width(), height), Qt::TextDontClip, name);
        return m_picture = *m_texts.insert(key, picture);
    }

    QHash<QString, QSize>& m_sizes;
    QHash<QString, QPixmap>& m_texts;
    mutable SizeMemo m_memo;
    mutable QPixmap m_picture; ///< the last picture drawn, and what it shows
    mutable QString m_pictureText;
    mutable QFont m_pictureFont;
    mutable Layout m_pictureLayout{};
    int m_maxTextWidth = 0;
    mutable QString m_elided; ///< the last elided name, what it was elided from and to
    mutable QString m_elidedFrom;
    mutable QFont m_elidedFont;
    mutable int m_elidedAt = 0;
    mutable int m_elidedWidth = 0;
};

/// The chart's title: its size from the chart's cache (see sizeKey), its text drawn from a
/// picture made once per text, font, colour, box size and pixel ratio (as the legend's
/// entries, CachedLegendItem: QCustomPlot shapes the title again on every replot).
class CachedTextElement : public QCPTextElement {
public:
    CachedTextElement(QCustomPlot* plot, const QString& text, const QFont& font,
                      QHash<QString, QSize>& cache)
        : QCPTextElement(plot, text, font), m_cache(cache)
    {
    }

protected:
    QSize minimumOuterSizeHint() const override
    {
        return m_min.get(m_cache, mText, mFont, layout(0),
                         [this] { return QCPTextElement::minimumOuterSizeHint(); });
    }
    QSize maximumOuterSizeHint() const override
    {
        return m_max.get(m_cache, mText, mFont, layout(1),
                         [this] { return QCPTextElement::maximumOuterSizeHint(); });
    }

    void draw(QCPPainter* painter) override
    {
        const std::optional<QPointF> offset = pictureOffset(painter);
        if (!offset) {
            QCPTextElement::draw(painter);
            return;
        }
        const qreal dpr = painter->device()->devicePixelRatioF();
        const auto [fx, fy] = offsetKey(*offset);
        const QFont font = mainFont();
        const QColor colour = mainTextColor();
        const Layout drawn{mRect.width(),      mRect.height(), mTextFlags,
                           int(colour.rgba()), int(dpr * 100), int(painter->renderHints()),
                           fx * 1000 + fy,     measuringDpi()};
        if (m_picture.isNull() || drawn != m_drawn || mText != m_drawnText || font != m_drawnFont) {
            // Where QCustomPlot's drawText(mRect, mTextFlags, mText) puts the glyphs, relative
            // to the box: the picture covers just that, with room for overhanging glyphs.
            painter->setFont(font);
            const QRect box(QPoint(0, 0), mRect.size());
            const QRect glyphs = painter->fontMetrics()
                                     .boundingRect(box, mTextFlags, mText)
                                     .adjusted(-kTextPad, -kTextPad, kTextPad, kTextPad);
            const QPixmap picture =
                drawTextPicture(painter, glyphs.size(), font, colour, *offset - glyphs.topLeft(),
                                box, mTextFlags, mText, &m_textBox);
            m_picture = picture;
            m_pictureAt = glyphs.topLeft();
            m_drawn = drawn;
            m_drawnText = mText;
            m_drawnFont = font;
        }
        painter->drawPixmap(QPointF(mRect.topLeft() + m_pictureAt) - *offset, m_picture);
        mTextBoundingRect = m_textBox.translated(mRect.topLeft()); // for selectTest(), as drawText
    }

private:
    Layout layout(int which) const
    {
        return {which, mMargins.left(), mMargins.right(), mMargins.top(), mMargins.bottom(), 0, 0,
                0};
    }
    QHash<QString, QSize>& m_cache;
    mutable SizeMemo m_min, m_max;
    QPixmap m_picture;  ///< the text as last drawn
    QPoint m_pictureAt; ///< the picture's corner relative to the box's
    QRect m_textBox;    ///< drawText's bounding rectangle, relative to the box
    Layout m_drawn{};   ///< what the picture was drawn for
    QString m_drawnText;
    QFont m_drawnFont;
};
/// A text item (bar totals, marker captions, notes) that measures its text once per text,
/// font and alignment: QCustomPlot's QCPItemText::draw measures (QFontMetrics::boundingRect,
/// a full shaping) and then draws (a second shaping) on every replot; the texts' drawing was
/// 5 % of a slider move's main-thread instructions in callgrind of the GUI benchmark. The
/// text itself is drawn as QCustomPlot draws it: a picture of it, as the legend's, rounded
/// a long line's glyphs onto other sub-pixel positions (tst_charts compares the two).
/// Rotated items and vector output (PDF, SVG) draw as QCustomPlot does.
class CachedItemText : public QCPItemText {
public:
    explicit CachedItemText(QCustomPlot* plot) : QCPItemText(plot) {}

protected:
    void draw(QCPPainter* painter) override
    {
        if (!qFuzzyIsNull(mRotation) ||
            painter->modes() & (QCPPainter::pmVectorized | QCPPainter::pmNoCaching)) {
            QCPItemText::draw(painter);
            return;
        }
        // QCustomPlot 2.1's placement: the text's box (its bounding rectangle plus the
        // padding) aligned to the position by mPositionAlignment, in a frame translated to
        // the position.
        const QPointF pos(position->pixelPosition());
        QTransform transform = painter->transform();
        transform.translate(pos.x(), pos.y());
        const QFont font = mainFont();
        const int flags = Qt::TextDontClip | int(mTextAlignment);
        const int dpi = painter->device() ? painter->device()->logicalDpiY() : 0;
        if (mText != m_measuredText || font != m_measuredFont || flags != m_measuredFlags ||
            dpi != m_measuredDpi) {
            painter->setFont(font);
            m_measured = painter->fontMetrics().boundingRect(0, 0, 0, 0, flags, mText);
            m_measuredText = mText;
            m_measuredFont = font;
            m_measuredFlags = flags;
            m_measuredDpi = dpi;
        }
        QRect textRect = m_measured;
        QRect boxRect = textRect.adjusted(-mPadding.left(), -mPadding.top(), mPadding.right(),
                                          mPadding.bottom());
        const QPoint boxAt = getTextDrawPoint(QPointF(0, 0), boxRect, mPositionAlignment).toPoint();
        textRect.moveTopLeft(boxAt + QPoint(mPadding.left(), mPadding.top()));
        boxRect.moveTopLeft(boxAt);
        const int clipPad = qCeil(mainPen().widthF());
        const QRect bounds = boxRect.adjusted(-clipPad, -clipPad, clipPad, clipPad);
        if (!transform.mapRect(bounds).intersects(painter->transform().mapRect(clipRect())))
            return;
        painter->setTransform(transform);
        if ((mainBrush().style() != Qt::NoBrush && mainBrush().color().alpha() != 0) ||
            (mainPen().style() != Qt::NoPen && mainPen().color().alpha() != 0)) {
            painter->setPen(mainPen());
            painter->setBrush(mainBrush());
            painter->drawRect(boxRect);
        }
        painter->setBrush(Qt::NoBrush);
        painter->setFont(font);
        painter->setPen(QPen(mainColor()));
        painter->drawText(textRect, flags, mText);
    }

private:
    QRect m_measured; ///< boundingRect() of the text at (0, 0), and what was measured
    QString m_measuredText;
    QFont m_measuredFont;
    int m_measuredFlags = 0;
    int m_measuredDpi = 0;
};
} // namespace

ChartBase::ChartBase(QWidget* parent)
    : QCustomPlot(parent), m_moneyTicker(new MoneyTicker(QStringLiteral("$")))
{
    setFont(baseFont());
    // QCustomPlot defaults to the C locale; ticks should follow the user's language.
    setLocale(QLocale());
    for (QCPAxis* axis : axisRect()->axes())
        styleAxis(axis);
    legend->setFont(baseFont());
    legend->setIconSize(16, 11);
    legend->setBrush(QColor(255, 255, 255, 230));
    legend->setBorderPen(Qt::NoPen);
    setPlottingHint(QCP::phCacheLabels, true);
    // QCustomPlot's default repaint()s right after every replot, and each repaint flushes
    // the whole window's dirty region: five charts meant five paint-and-flush passes per
    // slider move (a quarter of the frame in perf). update() lets Qt paint once.
    setPlottingHint(QCP::phImmediateRefresh, false);
    // Every layer in one paint buffer: the "overlay" layer is buffered separately only so
    // that it can be replotted alone, which these charts never do, and each extra buffer
    // is one more full-size clear and alpha blend per frame.
    if (QCPLayer* overlay = layer(QStringLiteral("overlay")))
        overlay->setMode(QCPLayer::lmLogical);
    // paintEvent() fills the whole viewport with the (opaque white) background brush, so
    // Qt need not paint the parent's background behind the chart first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    syncPixelRatio();
    // Value ticks up every chart spaced for their labels (a short chart ran them together).
    fitTickCount(yAxis, QString());

    connect(this, &QCustomPlot::afterReplot, this, [this] {
        m_replotQueued = false;
        // The first layout (or a resize) tells the real category width: fit and redraw once.
        bool again =
            m_categoryTicker && categoryLabelWidth(int(m_categoryLabels.size())) != m_categoryWidth;
        // The same for fitted tick counts: the layout just done tells the axis's real length.
        for (const auto& [axis, widest] : std::as_const(m_fittedAxes))
            again = applyTickCount(axis, widest) || again;
        if (again)
            replot(rpQueuedReplot);
    });
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        // QCustomPlot is built for the x86-64 baseline like us: a replot after a library left
        // the upper vector halves dirty pays the SSE transition penalty (vectorstate.h).
        clearUpperVectorState();
        useCachedLegendItems();
        fitCategoryLabels(false);
    });
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &ChartBase::onMouseMove);
    setContextMenuPolicy(Qt::CustomContextMenu);
    connect(this, &QWidget::customContextMenuRequested, this, &ChartBase::showContextMenu);
    auto* copy = new QAction(this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(copy, &QAction::triggered, this, &ChartBase::copyToClipboard);
    addAction(copy);
}

ChartBase::~ChartBase() = default;

QFont ChartBase::baseFont() const
{
    QFont f = QWidget::font();
    // Never below 9 pt, whatever the platform default (offscreen can report less).
    if (f.pointSizeF() < 9.5)
        f.setPointSizeF(9.5);
    return f;
}

void ChartBase::styleAxis(QCPAxis* axis) const
{
    QFont f = baseFont();
    axis->setTickLabelFont(f);
    axis->setLabelFont(f);
    axis->setBasePen(QPen(QColor(0x55, 0x55, 0x55)));
    axis->setTickPen(QPen(QColor(0x55, 0x55, 0x55)));
    axis->setSubTickPen(QPen(QColor(0x88, 0x88, 0x88)));
    axis->setTickLabelColor(QColor(0x22, 0x22, 0x22));
    axis->setLabelColor(QColor(0x22, 0x22, 0x22));
    axis->grid()->setPen(QPen(QColor(0xdd, 0xdd, 0xdd), 0, Qt::SolidLine));
    // QCustomPlot sizes a rotated axis title by the primary font's line height; CJK glyphs
    // from a fallback font are taller, so a right-hand title lost its outer edge in
    // Chinese. A third of a line of room outside the title covers it.
    if (axis->axisType() == QCPAxis::atRight || axis->axisType() == QCPAxis::atLeft)
        axis->setPadding(std::max(axis->padding(), QFontMetrics(f).height() / 3));
}

void ChartBase::setCurrency(const QString& code)
{
    const QString c = code.trimmed().toUpper();
    QString symbol;
    if (c == QLatin1String("USD") || c.isEmpty())
        symbol = QStringLiteral("$");
    else if (c == QLatin1String("CNY"))
        symbol = QStringLiteral("¥");
    else
        symbol = c + QLatin1Char(' ');
    const QString newCode = c.isEmpty() ? QStringLiteral("USD") : c;
    if (newCode == m_currencyCode && symbol == m_currencySymbol)
        return;
    m_currencyCode = newCode;
    m_currencySymbol = symbol;
    m_moneyTicker->setSymbol(symbol);
    currencyChanged();
}

void ChartBase::currencyChanged()
{
    requestReplot();
}

QSharedPointer<QCPAxisTicker> ChartBase::moneyTicker() const
{
    return m_moneyTicker;
}

QString ChartBase::moneyAxisLabel(const QString& what) const
{
    return tr("%1 (%2)").arg(what, m_currencyCode);
}

QString ChartBase::formatMoney(double value) const
{
    const QLocale loc;
    // Cents only matter for small sums; above 1,000 they are noise in a plan.
    const int decimals = std::abs(value) < 1000 ? 2 : 0;
    // Symbol in front for every locale, as on the axis ticks ("$1,234", "¥1,234").
    const QString number = loc.toString(std::abs(value), 'f', decimals);
    return (value < 0 ? loc.negativeSign() : QString()) + m_currencySymbol + number;
}

QString ChartBase::formatMoneyCompact(double value) const
{
    return MoneyTicker::compact(value, m_currencySymbol, QLocale(), 2);
}

QString ChartBase::formatPercent(double p) const
{
    const QLocale loc;
    const double pct = p * 100.0;
    if (!(pct > 0))
        return loc.toString(0) + loc.percent();
    // Tiny risks are real but their digits are noise: show them as a bound.
    if (pct < 0.01)
        return tr("<%1").arg(loc.toString(0.01, 'f', 2) + loc.percent());
    // Short of certain never prints as 100 % (issue 14): the bound instead.
    if (p < 1 && pct >= 99.95)
        return tr(">%1").arg(loc.toString(99.9, 'f', 1) + loc.percent());
    return loc.toString(pct, 'f', pct < 10 ? 2 : 1) + loc.percent();
}

QString ChartBase::formatNumber(double v, int significant)
{
    const QLocale loc;
    if (std::abs(v) >= 100 && std::abs(v) < 1e15)
        return loc.toString(v, 'f', 0);
    return plainNumber(v, loc, significant); // "0.00002", not "2e-05" (issue 49)
}

QString ChartBase::wrapLabel(const QString& text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QString out, line;
    for (const QString& w : words) {
        if (!line.isEmpty() && line.size() + 1 + w.size() > maxChars) {
            out += line + QLatin1Char('\n');
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + w;
    }
    return out + line;
}

QString ChartBase::fitToWidth(const QString& text, const QFont& font, int px, int maxLines)
{
    if (px <= 0)
        return text;
    const QFontMetrics fm(font);
    QStringList out;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        // Break where Unicode allows a line break (UAX #14, Qt's line boundary finder): at
        // spaces, after a hyphen ("Pre-" / "training") and between CJK characters, so a
        // Chinese phase name wraps instead of being elided as one long "word".
        QStringList segments;
        QTextBoundaryFinder finder(QTextBoundaryFinder::Line, paragraph);
        qsizetype from = 0;
        for (qsizetype at = finder.toNextBoundary(); at > 0; at = finder.toNextBoundary()) {
            segments << paragraph.mid(from, at - from);
            from = at;
        }
        if (from < paragraph.size())
            segments << paragraph.mid(from);
        // Lines keep their segments as they are (a segment carries its own trailing space),
        // so joining lines back below restores the text exactly; they are trimmed only to
        // measure and to show.
        QStringList lines;
        QString line;
        for (const QString& segment : segments) {
            const QString candidate = line + segment;
            if (line.trimmed().isEmpty() || fm.horizontalAdvance(candidate.trimmed()) <= px) {
                line = candidate;
            } else {
                lines << line;
                line = segment;
            }
        }
        lines << line;
        // Past maxLines the rest joins the last line, which is then elided.
        while (maxLines > 0 && lines.size() > maxLines) {
            const QString tail = lines.takeLast();
            lines.last() += tail;
        }
        for (const QString& l : lines)
            out << fm.elidedText(l.trimmed(), Qt::ElideRight, px);
    }
    return out.join(QLatin1Char('\n'));
}

int ChartBase::categoryLabelWidth(int categories) const
{
    const int plot = axisRect()->width();
    if (plot <= 0 || categories <= 0)
        return 0;
    return std::max(24, plot / categories - 8);
}

void ChartBase::setCategoryLabels(const QSharedPointer<QCPAxisTickerText>& ticker,
                                  const QStringList& labels, int maxLines,
                                  const QStringList& shortLabels)
{
    const QStringList shorts = shortLabels.size() == labels.size() ? shortLabels : QStringList();
    // The charts set their labels again on every slider move; the same labels at the same
    // width keep their fitted ticks (fitToWidth shapes every label), and the chart is still
    // told, as its figures beside the labels may have changed (CostBreakdownChart's totals).
    if (ticker == m_categoryTicker && labels == m_categoryLabels &&
        shorts == m_categoryShortLabels && maxLines == m_categoryMaxLines &&
        categoryLabelWidth(int(labels.size())) == m_categoryWidth &&
        xAxis->tickLabelFont() == m_categoryFont) {
        categoryWidthChanged(m_categoryWidth);
        return;
    }
    m_categoryTicker = ticker;
    m_categoryLabels = labels;
    m_categoryShortLabels = shorts;
    m_categoryMaxLines = maxLines;
    fitCategoryLabels(true);
}

void ChartBase::fitCategoryLabels(bool force)
{
    if (!m_categoryTicker)
        return;
    const int px = categoryLabelWidth(int(m_categoryLabels.size()));
    if (!force && px == m_categoryWidth)
        return;
    m_categoryWidth = px;
    m_categoryTicker->clear();
    const QFont font = xAxis->tickLabelFont();
    m_categoryFont = font;
    auto fitted = [&](const QStringList& labels) {
        QStringList out;
        for (const QString& l : labels)
            out << (px > 0 ? fitToWidth(l, font, px, m_categoryMaxLines) : wrapLabel(l));
        return out;
    };
    QStringList shown = fitted(m_categoryLabels);
    const QChar ellipsis(0x2026);
    m_categoryShortened = false;
    for (int i = 0; i < shown.size() && !m_categoryShortLabels.isEmpty(); ++i) {
        if (shown[i].count(ellipsis) > m_categoryLabels[i].count(ellipsis)) {
            // The short labels are shown whole: they are numbers and a word or two
            // ("Shared"), which may run a little into the gap beside them, where "S…" said
            // nothing (issue 49).
            shown = m_categoryShortLabels;
            m_categoryShortened = true;
            break;
        }
    }
    for (int i = 0; i < shown.size(); ++i)
        m_categoryTicker->addTick(i + 1, shown[i]);
    categoryWidthChanged(px);
}

QString ChartBase::toolTipAt(const QPointF&) const
{
    return QString();
}

QCPItemText* ChartBase::addText()
{
    return new CachedItemText(this);
}

QCPItemText* ChartBase::addMessageItem(const QString& text)
{
    auto* message = addText();
    message->position->setType(QCPItemPosition::ptAxisRectRatio);
    message->position->setCoords(0.5, 0.5);
    message->setPositionAlignment(Qt::AlignCenter);
    message->setTextAlignment(Qt::AlignCenter);
    QFont big = baseFont();
    big.setPointSizeF(big.pointSizeF() + 2);
    message->setFont(big);
    message->setColor(QColor(0x55, 0x55, 0x55));
    message->setText(text);
    return message;
}

QString ChartBase::titleText() const
{
    return m_title ? m_title->text() : QString();
}

void ChartBase::setTitle(const QString& title)
{
    if (!m_title) {
        plotLayout()->insertRow(0);
        QFont f = baseFont();
        f.setPointSizeF(f.pointSizeF() + 1.5);
        f.setBold(true);
        m_title = new CachedTextElement(this, title, f, m_textSizes);
        m_title->setTextColor(QColor(0x22, 0x22, 0x22));
        plotLayout()->addElement(0, 0, m_title);
        plotLayout()->setRowStretchFactor(0, 0.001);
    }
    m_title->setText(title);
}

void ChartBase::placeLegend(LegendPlace where)
{
    if (m_legendHolder)
        return;
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    m_legendHolder = new QCPLayoutGrid;
    m_legendHolder->setMargins(QMargins(0, 0, 0, 0));
    if (where == LegendPlace::Top) {
        const int row = m_title ? 1 : 0;
        plotLayout()->insertRow(row);
        plotLayout()->addElement(row, 0, m_legendHolder);
        plotLayout()->setRowStretchFactor(row, 0.001);
        // Spacer, legend, spacer: centres the legend without stretching its items apart.
        // Plain elements as spacers: an empty grid's maximum size is 0, it would not stretch.
        m_legendHolder->addElement(0, 0, new QCPLayoutElement(this));
        m_legendHolder->addElement(0, 1, legend);
        m_legendHolder->addElement(0, 2, new QCPLayoutElement(this));
        m_legendHolder->setColumnStretchFactors({1.0, 0.001, 1.0});
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(6);
        legend->setMargins(QMargins(4, 0, 4, 0));
        // As many columns as the width allows, recomputed before each replot: a fixed wrap
        // either wastes rows on a wide window or squeezes (and clips) names on a narrow one.
        connect(this, &QCustomPlot::beforeReplot, this, &ChartBase::fitTopLegend);
    } else {
        const int row = m_title ? 1 : 0;
        plotLayout()->addElement(row, 1, m_legendHolder);
        plotLayout()->setColumnStretchFactor(1, 0.001);
        m_legendHolder->addElement(0, 0, legend);
        m_legendHolder->addElement(1, 0, new QCPLayoutElement(this));
        m_legendHolder->setRowStretchFactors({0.001, 1.0});
        m_legendHolder->setMargins(QMargins(0, 8, 6, 0));
        legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    }
    legend->setLayer(QStringLiteral("legend"));
}

void ChartBase::setLegendEntries(const QList<QCPAbstractPlottable*>& entries)
{
    // itemCount() counts grid cells (a wrapped grid has empty ones); cells are visited in
    // fill order, which is the order the entries were added in.
    qsizetype shown = 0;
    bool same = true;
    for (int i = 0; i < legend->itemCount() && same; ++i) {
        if (!legend->item(i))
            continue;
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i));
        same = item && shown < entries.size() && item->plottable() == entries[shown];
        ++shown;
    }
    if (same && shown == entries.size())
        return;
    legend->clearItems();
    for (QCPAbstractPlottable* p : entries)
        p->addToLegend();
}

QSize ChartBase::minimumSizeHint() const
{
    const QSize hint = QCustomPlot::minimumSizeHint();
    return {std::min(hint.width(), 240), hint.height()};
}

// The charts add their legend entries with QCPAbstractPlottable::addToLegend(), which makes
// plain QCPPlottableLegendItems (and is not virtual): each becomes a CachedLegendItem in the
// same cell before the replot lays the legend out.
void ChartBase::useCachedLegendItems()
{
    for (int i = 0; i < legend->elementCount(); ++i) {
        auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->elementAt(i));
        if (!item || dynamic_cast<CachedLegendItem*>(item))
            continue;
        int row = 0, column = 0;
        legend->indexToRowCol(i, row, column);
        QCPAbstractPlottable* plottable = item->plottable();
        auto* cached = new CachedLegendItem(legend, plottable, m_textSizes, m_textPictures);
        cached->setVisible(item->visible());
        legend->take(item);
        delete item;
        legend->addElement(row, column, cached);
    }
}

void ChartBase::fitTopLegend()
{
    if (!legend->visible() || legend->itemCount() == 0)
        return;
    const int available =
        viewport().width() - legend->margins().left() - legend->margins().right() - 8;
    // itemCount() counts grid cells, and a wrapped grid has empty ones.
    QVector<int> widths;
    QVector<CachedLegendItem*> entries;
    int rowHeight = 0, nonText = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* item = legend->item(i);
        if (!item)
            continue;
        auto* entry = dynamic_cast<CachedLegendItem*>(item);
        widths << (entry ? entry->naturalWidth() : item->minimumOuterSizeHint().width());
        rowHeight = std::max(rowHeight, item->minimumOuterSizeHint().height());
        if (entry) {
            entries << entry;
            nonText = std::max(nonText, entry->nonTextWidth());
        }
    }
    const int n = int(widths.size());
    const int spacing = legend->columnSpacing();
    int wrap = 1;
    for (int cols = n; cols >= 1; --cols) {
        int total = spacing * (cols - 1);
        for (int c = 0; c < cols; ++c) {
            int w = 0;
            for (int i = c; i < n; i += cols)
                w = std::max(w, widths[i]);
            total += w;
        }
        if (total <= available) {
            wrap = cols;
            break;
        }
    }
    // A legend of whole names in a narrow chart can take most of its height (the memory
    // chart's twelve entries in one column at 1920×1080 left a plot 60 px high). Past a
    // third of the height the entries share more columns and long names are elided; the
    // tooltip over an entry gives its whole name (legendNameAt). Never below six average
    // characters a name: then the legend keeps its rows. A hidden chart (the PDF report's)
    // has no tooltip to give the whole name, so it keeps whole names.
    int maxText = 0;
    const int rowStep = rowHeight + legend->rowSpacing();
    const int budgetRows =
        std::max(2, int(kTopLegendHeightShare * viewport().height()) / std::max(1, rowStep));
    if (isVisible() && (n + wrap - 1) / wrap > budgetRows && entries.size() == n) {
        const int minText = QFontMetrics(legend->font()).averageCharWidth() * 6;
        for (int cols = (n + budgetRows - 1) / budgetRows; cols > wrap; --cols) {
            const int text = (available - spacing * (cols - 1)) / cols - nonText;
            if (text >= minText) {
                wrap = cols;
                maxText = text;
                break;
            }
        }
    }
    for (CachedLegendItem* entry : entries)
        entry->setMaxTextWidth(maxText);
    if (wrap != legend->wrap() || legend->columnCount() > wrap) {
        legend->setWrap(wrap);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

QString ChartBase::legendNameAt(const QPointF& pos) const
{
    if (!legend->visible())
        return {};
    for (int i = 0; i < legend->itemCount(); ++i) {
        auto* entry = dynamic_cast<CachedLegendItem*>(legend->item(i));
        if (entry && entry->realVisibility() && entry->outerRect().contains(pos.toPoint()) &&
            entry->elided())
            return entry->plottable()->name();
    }
    return {};
}

bool ChartBase::exportTo(const QString& path, QString* error)
{
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("pdf") &&
        suffix != QLatin1String("svg")) {
        return fail(tr("Cannot export to %1: unknown format \"%2\"; use .png, .pdf or .svg.")
                        .arg(QDir::toNativeSeparators(path), suffix));
    }
    // Probe first: QCustomPlot's own savers only return false, without a reason.
    const bool existed = info.exists();
    {
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly | QIODevice::Append))
            return fail(
                tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), probe.errorString()));
    }
    // A child widget never laid out is 100×30: export that at the documentation size.
    const int w = width() >= 200 ? width() : kFallbackWidth;
    const int h = height() >= 150 ? height() : kFallbackHeight;
    bool ok = false;
    if (suffix == QLatin1String("png")) {
        ok = savePng(path, w, h, 1.0);
    } else if (suffix == QLatin1String("pdf")) {
        ok = savePdf(path, w, h, QCP::epAllowCosmetic, QStringLiteral("Costlab"),
                     m_title ? m_title->text() : QString());
    } else {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setTitle(m_title ? m_title->text() : QString());
        generator.setDescription(tr("Chart exported by Costlab"));
        QCPPainter painter;
        if (painter.begin(&generator)) {
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            toPainter(&painter, w, h);
            ok = painter.end();
        }
    }
    if (!ok || QFileInfo(path).size() <= 0) {
        if (!existed)
            QFile::remove(path);
        return fail(tr("Could not write the chart to %1.").arg(QDir::toNativeSeparators(path)));
    }
    return true;
}

void ChartBase::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        requestReplot();
    }
    QCustomPlot::changeEvent(event);
}

void ChartBase::copyToClipboard()
{
    const int w = width() >= 200 ? width() : kFallbackWidth;
    const int h = height() >= 150 ? height() : kFallbackHeight;
    QGuiApplication::clipboard()->setPixmap(toPixmap(w, h, 2.0));
}

void ChartBase::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    menu.addAction(tr("Copy image"), QKeySequence::Copy, this, &ChartBase::copyToClipboard);
    menu.addSeparator();
    menu.addAction(tr("Export as PNG…"), this,
                   [this] { exportWithDialog(QStringLiteral(".png"), tr("PNG image (*.png)")); });
    menu.addAction(tr("Export as PDF…"), this, [this] {
        exportWithDialog(QStringLiteral(".pdf"), tr("PDF document (*.pdf)"));
    });
    menu.addAction(tr("Export as SVG…"), this,
                   [this] { exportWithDialog(QStringLiteral(".svg"), tr("SVG image (*.svg)")); });
    menu.exec(mapToGlobal(pos));
}

void ChartBase::exportWithDialog(const QString& suffix, const QString& filter)
{
    static QString lastDir = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), QDir(lastDir).filePath(m_exportBaseName + suffix), filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    lastDir = QFileInfo(path).absolutePath();
    QString error;
    if (!exportTo(path, &error))
        warnPlain(this, tr("Export chart"), error);
}

void ChartBase::onMouseMove(QMouseEvent* event)
{
    // An elided legend entry names itself in full; elsewhere the chart's own tooltip.
    const QString name = legendNameAt(event->position());
    const QString text =
        name.isEmpty() ? shownToolTip(toolTipAt(event->position())) : plainToolTip(name);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QString ChartBase::shownToolTip(const QString& text)
{
    // The charts write their tooltips with <b> and <br> around escaped values; the markup is
    // read once into plain text (QTextDocument: no image or link is ever loaded), and that
    // text is shown literally, so a phase name or catalog id can never act as markup. Before,
    // the whole string was escaped and "<b>" showed in every tooltip.
    QString plain = text;
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        plain = doc.toPlainText();
        plain.replace(QChar::LineSeparator, QLatin1Char('\n'));
        plain.replace(QChar::ParagraphSeparator, QLatin1Char('\n'));
        plain.replace(QChar::Nbsp, QLatin1Char(' '));
    }
    return plainToolTip(plain.trimmed());
}

void ChartBase::syncPixelRatio()
{
    const double ratio = devicePixelRatioF();
    if (!qFuzzyCompare(bufferDevicePixelRatio(), ratio))
        setBufferDevicePixelRatio(ratio);
}

void ChartBase::requestReplot()
{
    if (isVisible()) {
        m_stale = false;
        m_replotQueued = true;
        replot(rpQueuedReplot);
    } else {
        m_stale = true;
    }
}

void ChartBase::setDraftMode(bool draft)
{
    if (draft == m_draft)
        return;
    m_draft = draft;
    if (draft) {
        m_savedNotAntialiased = notAntialiasedElements();
        setNotAntialiasedElements(QCP::aeAll);
    } else {
        setNotAntialiasedElements(m_savedNotAntialiased);
        requestReplot();
    }
}

void ChartBase::showEvent(QShowEvent* event)
{
    syncPixelRatio();
    QCustomPlot::showEvent(event);
    if (m_stale) {
        m_stale = false;
        // Redraw the buffers now, before the first paint, so no stale frame is shown.
        replot(rpRefreshHint);
    }
}

void ChartBase::resizeEvent(QResizeEvent* event)
{
    // A window moved to a screen with another scale factor is resized by Qt.
    syncPixelRatio();
    for (const auto& [axis, widest] : std::as_const(m_fittedAxes))
        applyTickCount(axis, widest);
    QCustomPlot::resizeEvent(event);
    if (m_cover)
        m_cover->setGeometry(rect());
}

void ChartBase::fitTickCount(QCPAxis* axis, const QString& widest)
{
    bool known = false;
    for (auto& [a, w] : m_fittedAxes)
        if (a == axis) {
            w = widest;
            known = true;
        }
    if (!known)
        m_fittedAxes.append({axis, widest});
    applyTickCount(axis, widest);
}

bool ChartBase::applyTickCount(QCPAxis* axis, const QString& widest)
{
    const QFontMetrics fm(axis->tickLabelFont());
    const bool horizontal = axis->orientation() == Qt::Horizontal;
    // Across the axis a label takes its width; up a vertical one, its height and as much gap.
    const int label = horizontal ? fm.horizontalAdvance(widest) + fm.height() : 2 * fm.height();
    // The axis rect of the last layout (this one's comes with the replot), else an estimate.
    const int laid = horizontal ? axisRect()->width() : axisRect()->height();
    const int length = laid > 0 ? laid : (horizontal ? width() : height()) - 150;
    // At most 8 across; up, at most QCustomPlot's default 5, so a tall chart looks as before.
    const int count = std::clamp(length / std::max(1, label), 2, horizontal ? 8 : 5);
    if (axis->ticker()->tickCount() == count)
        return false;
    axis->ticker()->setTickCount(count);
    return true;
}

void ChartBase::setUnavailable(const QString& why)
{
    if (why.isEmpty()) {
        if (m_cover)
            m_cover->hide();
        return;
    }
    if (!m_cover) {
        m_cover = new QLabel(this);
        m_cover->setTextFormat(Qt::PlainText);
        m_cover->setWordWrap(true);
        m_cover->setAlignment(Qt::AlignCenter);
        m_cover->setAutoFillBackground(true);
        m_cover->setMargin(24);
        QPalette pal = m_cover->palette();
        pal.setColor(QPalette::Window, palette().color(QPalette::Base));
        pal.setColor(QPalette::WindowText, QColor(0x55, 0x55, 0x55));
        m_cover->setPalette(pal);
    }
    m_cover->setText(why);
    m_cover->setAccessibleName(why);
    m_cover->setGeometry(rect());
    m_cover->raise();
    m_cover->show();
}

QString ChartBase::unavailableText() const
{
    return m_cover && !m_cover->isHidden() ? m_cover->text() : QString();
}

} // namespace costlab
