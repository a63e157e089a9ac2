// Common base of the editor's charts: QCustomPlot with the house look (fonts ≥ 9 pt, legend
// outside the data, currency-aware money ticks), hover tooltips, and export to PNG / PDF /
// SVG from a context menu or exportTo(). Subclasses are fed plain model structs; no QCP
// type ever reaches model/.
//
// Setters of subclasses run on every slider move, so they reuse plottables and only
// replace data, then ask for rpQueuedReplot (coalesces several setters into one paint).
#pragma once

#include <qcustomplot.h>

#include <QHash>

#include <QLabel>
#include <QPixmap>
#include <QPointer>
#include <QSharedPointer>
#include <QString>

namespace costlab {

class MoneyTicker;
struct Scenario;
struct Estimate;
struct MonteCarloResult;

class ChartBase : public QCustomPlot {
    Q_OBJECT
public:
    explicit ChartBase(QWidget* parent = nullptr);
    ~ChartBase() override;

    /// Covers the whole chart with `why` (plain text) when not empty, so a plan the engine
    /// refuses shows no bar or axis that reads as a figure (issue 44: "$0" beside a refused
    /// phase); an empty text uncovers it.
    void setUnavailable(const QString& why);
    /// The covering text; empty when the chart is shown.
    QString unavailableText() const;

    /// Feeds a chart drawn from the plan's estimate (its setEstimate()); other charts ignore
    /// it. With showUncertainty(), what lets a view hold any row of the chart table
    /// (charttable.h) without knowing its class.
    virtual void showEstimate(const Scenario&, const Estimate&) {}
    /// Feeds a chart drawn from the plan's Monte Carlo; other charts ignore it.
    virtual void showUncertainty(const Scenario&, const MonteCarloResult&) {}

    /// Render the chart at the widget's current size to `path`; the format follows the
    /// suffix (.png raster; .pdf and .svg vector). Returns false and sets `error` (if
    /// given) when the suffix is unknown or the file cannot be written.
    bool exportTo(const QString& path, QString* error = nullptr);
    /// Put the chart on the clipboard as an image (for slides), at twice the widget's size
    /// so it stays sharp when scaled; also Ctrl+C while the chart has focus.
    void copyToClipboard();
    /// The chart's title as shown ("" before one is set).
    QString titleText() const;

    /// Symbol used in money labels ("$", "¥", or the code followed by a space).
    QString currencySymbol() const { return m_currencySymbol; }
    /// ISO code ("USD", "CNY"); axis titles name it as the unit.
    QString currencyCode() const { return m_currencyCode; }
    /// Set the display currency by ISO code. "USD" → "$", "CNY" → "¥".
    void setCurrency(const QString& code);

    /// Base file name offered by the export dialog ("cost-breakdown").
    void setExportBaseName(const QString& name) { m_exportBaseName = name; }

    /// Money with thousands separators and the currency symbol ("$1,234,567").
    QString formatMoney(double value) const;
    /// Compact money ("$1.23M").
    QString formatMoneyCompact(double value) const;
    /// Probability 0–1 as a percentage ("12.5 %").
    QString formatPercent(double p) const;
    /// Plain number for labels: grouped integers from 100 up ("1,024"), else
    /// `significant` digits ("0.368").
    static QString formatNumber(double v, int significant = 3);
    /// Break a tick label at spaces so no line is longer than about `maxChars`.
    static QString wrapLabel(const QString& text, int maxChars = 16);
    /// Break `text` (which may hold line breaks) where Unicode allows a line break (spaces,
    /// after hyphens, between CJK characters; UAX #14) so no line is wider than `px`
    /// pixels in `font`; a word wider than that is elided. With `maxLines` > 0 each
    /// paragraph of the text keeps at most that many lines, the last one elided.
    /// `px` ≤ 0 returns the text as is.
    static QString fitToWidth(const QString& text, const QFont& font, int px, int maxLines = 0);

    /// Draft quality while a slider is dragged: no antialiasing of lines, fills, text
    /// boxes or legend (QCustomPlot's most expensive part on a software raster), so a
    /// frame fits the 16 ms budget. Leaving draft mode replots at full quality. Exports
    /// and the PDF report always render at full quality.
    void setDraftMode(bool draft);
    bool draftMode() const { return m_draft; }

    /// True between requestReplot() on a visible chart and the end of that replot (the
    /// benchmark waits for it; a setter whose data did not change requests none).
    bool replotQueued() const { return m_replotQueued; }

    /// Legend texts held as pictures (chartbase.cpp, CachedLegendItem); for tests.
    int textPictureCount() const { return int(m_textPictures.size()); }

    /// True while the chart is hidden with data it has not drawn yet.
    bool replotPending() const { return m_stale; }

    /// The whole name of the legend entry at a widget position when the entry shows it
    /// elided (a narrow chart's top legend); empty elsewhere. The tooltip shows it.
    QString legendNameAt(const QPointF& pos) const;

    /// Tooltip text for a widget position; empty hides the tooltip. Public for tests.
    virtual QString toolTipAt(const QPointF& pos) const;
    /// What the tooltip shows for toolTipAt()'s text: its <b>/<br> markup read into lines of
    /// plain text, shown literally (user text inside can never act as markup).
    static QString shownToolTip(const QString& text);

protected:
    /// The chart's fixed texts (title, axis titles, series names) in the current language.
    /// Charts set them here — from their constructor and again on every language change
    /// (changeEvent), so a switch at run time reaches every chart; texts made from data are
    /// rebuilt when the data is set again.
    virtual void retranslate() {}
    void changeEvent(QEvent* event) override;
    /// Called after setCurrency(): refresh money axis titles and replot.
    virtual void currencyChanged();
    /// Called before a replot when the width of each category label changed (resize, first
    /// layout, new labels): `px` as categoryLabelWidth(). Default: nothing.
    virtual void categoryWidthChanged(int /*px*/) {}
    /// True while the category axis shows the short labels (setCategoryLabels): a chart
    /// says in its axis title what "2a" or "S" stands for (issue 49: unexplained 1a/1b/1c).
    bool categoryLabelsShortened() const { return m_categoryShortened; }
    /// Shared money ticker (symbol follows setCurrency()).
    QSharedPointer<QCPAxisTicker> moneyTicker() const;
    /// Money axis title: "<what> (USD)".
    QString moneyAxisLabel(const QString& what) const;

    /// Keeps `axis`'s tick labels apart: its approximate tick count is set so that a label as
    /// wide as `widest` (the axis's largest value as drawn; a vertical axis: two text heights)
    /// and a gap of one text height fit between ticks, 2–8 ticks (2–5 on a vertical axis, every
    /// chart's y axis), and set again on every resize ("50 100150200" ran together on a narrow
    /// chart, issue 49).
    void fitTickCount(QCPAxis* axis, const QString& widest);

    /// QCustomPlot's minimum is its layout's at the legend's current wrap: a top legend laid
    /// out in one row at 200 % type made a presenter window 1,500 px wide (issue 49). The
    /// legend re-wraps to the width it gets (fitTopLegend), so no chart asks for more than
    /// 240 px across; heights are QCustomPlot's.
    QSize minimumSizeHint() const override;

    /// Replot soon (rpQueuedReplot) when visible; a hidden chart (another tab, not yet
    /// shown) only remembers that it is stale and replots when it is shown. Setters call
    /// this, so a slider drag costs drawing time only for the charts on screen.
    void requestReplot();

    /// A grey message centred in the plot ("No RL phase in this plan…"), 2 pt above the
    /// base font; owned by the plot like any item. Subclasses toggle its visibility.
    QCPItemText* addMessageItem(const QString& text = QString());
    /// A text item owned by the plot, as `addText()`, that draws a text it drew
    /// before from a picture (chartbase.cpp, CachedItemText). Charts make their texts here.
    QCPItemText* addText();

    /// Title row above the plot.
    void setTitle(const QString& title);

    /// Move the legend out of the axis rect: to a row above the plot (horizontal) or a
    /// column on the right (vertical), so it never covers data.
    enum class LegendPlace { Top, Right };
    void placeLegend(LegendPlace where);
    /// The legend shows `entries`, in this order. A legend that already shows them is left
    /// as it is: clearing and adding again made every entry anew on every slider move
    /// (each built its size key and text picture again, issue 50).
    void setLegendEntries(const QList<QCPAbstractPlottable*>& entries);
    /// Apply the house fonts to an axis (label and tick labels).
    void styleAxis(QCPAxis* axis) const;

    QFont baseFont() const;
    /// Pixels available to each of `categories` evenly spaced tick labels on the x axis of
    /// the last layout; 0 before the first layout.
    int categoryLabelWidth(int categories) const;
    /// Category tick labels at keys 1…n of `ticker` (the x axis), each wrapped to the width
    /// its category has (at most `maxLines` lines per paragraph of a label, the rest
    /// elided; the full text belongs in the tooltip). Re-fitted before each replot when
    /// the width changed, so a resize or the first layout never leaves labels overlapping.
    /// `shortLabels`, when given (one per label), replace all labels whenever one of the
    /// long ones would lose characters to eliding: numbered bars beat unreadable fragments.
    void setCategoryLabels(const QSharedPointer<QCPAxisTickerText>& ticker,
                           const QStringList& labels, int maxLines,
                           const QStringList& shortLabels = {});

    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    /// Sets the tick count fitTickCount() describes; true when it changed (replot again).
    bool applyTickCount(QCPAxis* axis, const QString& widest);
    QList<QPair<QCPAxis*, QString>> m_fittedAxes; ///< fitTickCount's axes and widest labels

private:
    QLabel* m_cover = nullptr; ///< setUnavailable()'s cover, made on first use
    void showContextMenu(const QPoint& pos);
    void exportWithDialog(const QString& suffix, const QString& filter);
    void onMouseMove(QMouseEvent* event);
    void syncPixelRatio();
    void useCachedLegendItems();
    void fitTopLegend();
    void fitCategoryLabels(bool force);
    bool m_categoryShortened = false;

    QString m_currencyCode = QStringLiteral("USD");
    QString m_currencySymbol = QStringLiteral("$");
    QString m_exportBaseName = QStringLiteral("chart");
    QSharedPointer<MoneyTicker> m_moneyTicker;
    QCPTextElement* m_title = nullptr;
    /// Measured sizes of the legend entries and the title, by text, font and spacing: a
    /// replot lays them out without shaping their text again (chartbase.cpp, sizeKey).
    QHash<QString, QSize> m_textSizes;
    /// Pictures of legend entries' texts, drawn once per text, font, colour and pixel ratio
    /// (chartbase.cpp, CachedLegendItem).
    QHash<QString, QPixmap> m_textPictures;
    QCPLayoutGrid* m_legendHolder = nullptr;
    bool m_stale = false;
    bool m_draft = false;
    bool m_replotQueued = false;
    QCP::AntialiasedElements m_savedNotAntialiased;
    QSharedPointer<QCPAxisTickerText> m_categoryTicker;
    QStringList m_categoryLabels;
    QStringList m_categoryShortLabels;
    int m_categoryMaxLines = 0;
    int m_categoryWidth = -1; ///< px per label the labels were last fitted to
    QFont m_categoryFont;     ///< and the tick label font they were fitted in
};

} // namespace costlab
