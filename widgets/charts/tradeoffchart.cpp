#include "tradeoffchart.h"

#include "moneyticker.h"

#include <QFontMetrics>

#include "labels.h"
#include "palette.h"
#include "paramtext.h"
#include "percentticker.h"
#include "registry.h"

#include <algorithm>
#include <cmath>

namespace costlab {

namespace {
constexpr double kCategoricalBarWidth = 0.5;
// Offsets of the risk points around a categorical bar, so the four risks of one choice
// read as a group and never hide each other.
constexpr std::array<double, TradeoffChart::SeriesCount> kGroupOffset{-0.2, -0.1, 0.0, 0.1, 0.2};

// The series are the risk table's rows but the last (risks.h): the budget risk is
// plan-only and not swept.
static_assert(int(TradeoffChart::SeriesCount) == kRiskCount - 1 &&
              int(RiskKind::Budget) == kRiskCount - 1);

constexpr std::array<QCPScatterStyle::ScatterShape, TradeoffChart::SeriesCount> kShapes{
    QCPScatterStyle::ssDisc, QCPScatterStyle::ssDiamond, QCPScatterStyle::ssStar,
    QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle};

bool hiddenWhenZero(int series)
{
    return series == TradeoffChart::Capacity || series == TradeoffChart::Unrecoverable;
}

// The largest value, 0 when none is positive. NaN (an unpriced point's expected cost)
// compares false and is skipped, where std::max_element would propagate it.
double positiveMax(const QVector<double>& values)
{
    double m = 0;
    for (double v : values)
        if (v > m)
            m = v;
    return m;
}

Risk pick(const SweepPoint& p, int series)
{
    return p.risk(static_cast<RiskKind>(series));
}
} // namespace

TradeoffChart::TradeoffChart(QWidget* parent)
    : ChartBase(parent), m_linearTicker(new QCPAxisTicker), m_logTicker(new QCPAxisTickerLog),
      m_textTicker(new QCPAxisTickerText), m_percentTicker(new PercentTicker)
{
    setExportBaseName(QStringLiteral("tradeoff"));
    placeLegend(LegendPlace::Top);
    yAxis2->setVisible(true);
    styleAxis(yAxis2);
    // The right-axis title is drawn by an item rotated like the left one (bottom to top):
    // Qt's raster engine clipped the edge of CJK glyphs in QCustomPlot's +90° title. The
    // axis keeps its label (transparent) so that its margin is reserved as before.
    yAxis2->setLabelColor(Qt::transparent);
    m_rightTitle = addText();
    m_rightTitle->setClipToAxisRect(false);
    m_rightTitle->position->setType(QCPItemPosition::ptAbsolute);
    m_rightTitle->setPositionAlignment(Qt::AlignCenter);
    m_rightTitle->setRotation(-90);
    m_rightTitle->setFont(yAxis2->labelFont());
    m_rightTitle->setColor(QColor(0x22, 0x22, 0x22));
    connect(this, &QCustomPlot::afterLayout, this, [this] {
        updateMarkers(); // label sides depend on pixel room
        const QRect outer = axisRect()->outerRect();
        const double x =
            outer.right() - yAxis2->padding() - QFontMetrics(yAxis2->labelFont()).height() / 2.0;
        m_rightTitle->position->setCoords(x, axisRect()->rect().center().y());
    });
    yAxis->setTicker(moneyTicker());
    // A short trade-off (the compare window at 1280×720) ran its money labels together;
    // yAxis is fitted by ChartBase, the risk axis here.
    fitTickCount(yAxis2, QString());
    yAxis2->grid()->setVisible(false);
    m_logTicker->setLogBase(10);
    m_logTicker->setSubTickCount(8);

    m_costBars = new QCPBars(xAxis, yAxis);
    m_costBars->setWidth(kCategoricalBarWidth);
    m_costBars->setBrush(costColor().lighter(190));
    m_costBars->setPen(QPen(costColor(), 1.2));

    m_costGraph = new QCPGraph(xAxis, yAxis);
    m_costGraph->setPen(QPen(costColor(), 2.5));

    const std::array<Qt::PenStyle, SeriesCount> styles{
        Qt::SolidLine, Qt::DashLine, Qt::DashDotDotLine, Qt::DashDotLine, Qt::DotLine};
    for (int s = 0; s < SeriesCount; ++s) {
        auto* g = new QCPGraph(xAxis, yAxis2);
        g->setPen(QPen(riskColor(RiskKind(s)), 2.0, styles[s]));
        g->setScatterStyle(QCPScatterStyle(kShapes[std::size_t(s)], riskColor(RiskKind(s)),
                                           riskColor(RiskKind(s)), 8));
        m_riskGraphs[s] = g;
    }

    auto makeLine = [this](const QColor& colour, Qt::PenStyle style) {
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(colour, 1.8, style));
        line->setLayer(QStringLiteral("overlay"));
        return line;
    };
    auto makeText = [this](const QColor& colour) {
        auto* text = addText();
        text->position->setTypeX(QCPItemPosition::ptPlotCoords);
        text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        text->setFont(baseFont());
        text->setColor(colour);
        text->setBrush(QColor(255, 255, 255, 245));
        text->setPadding(QMargins(4, 2, 4, 2));
        text->setLayer(QStringLiteral("overlay"));
        return text;
    };
    m_currentLine = makeLine(markerColor(), Qt::DashLine);
    m_currentText = makeText(markerColor());
    m_optimumLine = makeLine(QColor(0x1a, 0x7f, 0x37), Qt::DashDotLine);
    m_optimumText = makeText(QColor(0x1a, 0x7f, 0x37));

    m_message = addMessageItem();
    m_message->setVisible(false);

    retranslate();
    updatePlot();
}

void TradeoffChart::setRiskMode(RiskMode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    updatePlot(); // sets the axis titles too
}

void TradeoffChart::setSweep(const SweepResult& sweep, double currentX, const QString& xLabel,
                             const QString& xUnit, bool logX)
{
    m_categorical = sweep.categorical;
    m_logX = logX && !sweep.categorical;
    m_xLabel = xLabel;
    m_xUnit = xUnit;
    m_currentX = currentX;
    m_optimumX = sweep.optimum_x;
    m_error = QString::fromStdString(sweep.error);

    const int n = static_cast<int>(sweep.points.size());
    m_x.resize(0);
    m_labels.clear();
    m_cost.resize(0);
    for (auto& v : m_prob)
        v.resize(0);
    for (auto& v : m_expected)
        v.resize(0);
    m_x.reserve(n);
    m_cost.reserve(n);
    for (const SweepPoint& p : sweep.points) {
        // A log axis cannot place x ≤ 0; such points are left out rather than faked.
        if (m_logX && !(p.x > 0))
            continue;
        m_x << p.x;
        m_labels << QString::fromStdString(p.label);
        // No price, no total (issue 12): the point's cost is left out (a gap in the line, no
        // bar) and its tooltip says so; its risks' probabilities are still drawn, their
        // expected costs (money, priced at 0 without a price) are left out the same way.
        m_cost << (p.priced ? p.total : qQNaN());
        for (int s = 0; s < SeriesCount; ++s) {
            const Risk r = pick(p, s);
            m_prob[s] << r.probability;
            m_expected[s] << (p.priced ? r.expected_cost : qQNaN());
        }
    }
    updatePlot(); // sets the axis titles too
}

void TradeoffChart::setSweepOf(const Scenario& s, const std::string& id, SweepResult r)
{
    const auto ref = findParam(s, id);
    if (!ref) {
        setSweep(r, r.current_x, QString::fromStdString(id), QString(), false);
        return;
    }
    const ParamDef& d = *ref->def;
    double current = 0;
    QString unit;
    bool logX = false;
    if (!r.categorical) {
        // Parameters are swept in engine units (parameters); shown in display units (billions).
        if (d.display_factor != 1) {
            for (SweepPoint& p : r.points)
                p.x *= d.display_factor;
            if (r.optimum_x >= 0)
                r.optimum_x *= d.display_factor;
        }
        unit = displayUnit(d, s.currency);
        logX = d.scale == ParamScale::Log;
        current = valueInForce(s, *ref, r) * d.display_factor;
    } else {
        const std::string now = getString(s, *ref);
        current = getValue(s, *ref);
        for (SweepPoint& p : r.points) {
            if (!p.label.empty() && p.label == now)
                current = p.x;
            // Tick labels in the UI language: choice labels, not file ids.
            if (d.type == ParamType::Choice) {
                const int ci = choiceIndex(d, p.label);
                if (ci >= 0)
                    p.label = choiceLabel(d.choices[size_t(ci)]).toStdString();
            } else if (d.type == ParamType::Bool) {
                p.label = (p.x != 0 ? tr("On") : tr("Off")).toStdString();
            }
        }
    }
    setSweep(r, current, paramLabel(d), unit, logX);
}

void TradeoffChart::setCurrentX(double x)
{
    m_currentX = x;
    updateMarkers();
    requestReplot();
}

double TradeoffChart::plotKey(int i, int series) const
{
    if (!m_categorical)
        return m_x[i];
    return m_x[i] + (series >= 0 ? kGroupOffset[static_cast<std::size_t>(series)] : 0.0);
}

QString TradeoffChart::formatX(double x) const
{
    if (m_categorical) {
        const int i = static_cast<int>(m_x.indexOf(x));
        if (i >= 0 && i < m_labels.size() && !m_labels[i].isEmpty())
            return m_labels[i];
    }
    const QString number = formatNumber(x, 3);
    return m_xUnit.isEmpty() ? number : tr("%1 %2", "value unit").arg(number, m_xUnit);
}

void TradeoffChart::retranslate()
{
    setTitle(tr("Cost and risk trade-off"));
    m_costBars->setName(tr("Total cost"));
    m_costGraph->setName(tr("Total cost"));
    for (int s = 0; s < SeriesCount; ++s)
        m_riskGraphs[s]->setName(riskDisplayName(RiskKind(s)));
    updateAxisTitles();
}

void TradeoffChart::updateAxisTitles()
{
    xAxis->setLabel(m_xUnit.isEmpty() || m_categorical
                        ? (m_xLabel.isEmpty() ? tr("Parameter") : m_xLabel)
                        : tr("%1 (%2)", "axis title (unit)").arg(m_xLabel, m_xUnit));
    yAxis->setLabel(m_costNotPriced ? tr("Total cost: not priced")
                                    : moneyAxisLabel(tr("Total cost")));
    if (m_mode == RiskMode::Probability) {
        yAxis2->setLabel(tr("Risk probability (%)"));
        m_rightTitle->setText(yAxis2->label());
        yAxis2->setTicker(m_percentTicker);
    } else {
        yAxis2->setLabel(moneyAxisLabel(tr("Expected cost of risk")));
        m_rightTitle->setText(yAxis2->label());
        yAxis2->setTicker(moneyTicker());
    }
}

/// The x axis for the sweep: category ticks for a choice, else a log or linear scale.
void TradeoffChart::updateXAxisType()
{
    const int n = m_x.size();
    if (m_categorical) {
        xAxis->setScaleType(QCPAxis::stLinear);
        m_textTicker->clear();
        for (int i = 0; i < n; ++i)
            m_textTicker->addTick(m_x[i], m_labels[i].isEmpty() ? formatX(m_x[i]) : m_labels[i]);
        xAxis->setTicker(m_textTicker);
        xAxis->setSubTicks(false);
        xAxis->grid()->setVisible(false);
    } else if (m_logX) {
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        xAxis->setTicker(m_logTicker);
        xAxis->setSubTicks(true);
        xAxis->grid()->setVisible(true);
    } else {
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTicker(m_linearTicker);
        xAxis->setSubTicks(true);
        xAxis->grid()->setVisible(true);
    }
}

void TradeoffChart::updatePlot()
{
    const int n = m_x.size();
    const bool hasData = n > 0 && m_error.isEmpty();
    const bool noCost = hasData && std::all_of(m_cost.begin(), m_cost.end(),
                                               [](double c) { return std::isnan(c); });
    // With no priced point the risk curves still fill the plot, so the cost axis itself says
    // "not priced" and drops its invented $0-$1 ticks; a centred note would cover the curves
    // (the warning banner already names the accelerator without a price).
    m_message->setVisible(!hasData);
    if (!m_error.isEmpty())
        m_message->setText(tr("Sweep failed: %1").arg(m_error));
    else if (n == 0)
        m_message->setText(tr("No sweep data"));
    m_costNotPriced = noCost;
    yAxis->setTickLabels(!noCost);
    updateAxisTitles();

    updateXAxisType();

    // Cost: bars for choices, a line for a numeric parameter.
    m_costBars->setVisible(hasData && m_categorical);
    m_costGraph->setVisible(hasData && !m_categorical);
    if (m_categorical) {
        QVector<double> bx, by;
        for (int i = 0; i < n; ++i)
            if (!std::isnan(m_cost[i])) {
                bx << m_x[i];
                by << m_cost[i];
            }
        m_costBars->setData(bx, by, true);
        m_costGraph->data()->clear();
    } else {
        m_costGraph->setData(m_x, m_cost, true);
        m_costBars->data()->clear();
    }

    // Risks on the right axis.
    double maxRisk = 0;
    QVector<double> keys(n);
    for (int s = 0; s < SeriesCount; ++s) {
        const QVector<double>& values = m_mode == RiskMode::Probability ? m_prob[s] : m_expected[s];
        for (int i = 0; i < n; ++i)
            keys[i] = plotKey(i, s);
        QCPGraph* g = m_riskGraphs[s];
        g->setData(keys, values, true);
        const double seriesMax = positiveMax(values);
        maxRisk = std::max(maxRisk, seriesMax);
        g->setLineStyle(m_categorical ? QCPGraph::lsNone : QCPGraph::lsLine);
        QCPScatterStyle style = g->scatterStyle();
        // Points only where they carry information: always for choices, and on short
        // numeric sweeps; a dense line needs none.
        style.setSize(m_categorical ? 10 : (n <= 15 ? 6 : 0));
        if (!m_categorical && n > 15)
            style.setShape(QCPScatterStyle::ssNone);
        else
            style.setShape(kShapes[static_cast<std::size_t>(s)]);
        g->setScatterStyle(style);
        // Capacity risk exists only with elastic purchases, the unrecoverable branch only for
        // first-of-kind or RL runs; hide an all-zero line of either.
        const bool show = hasData && (!hiddenWhenZero(s) || seriesMax > 0);
        g->setVisible(show);
    }
    // Legend order is insertion order; keep cost first, then risks in series order.
    QList<QCPAbstractPlottable*> entries;
    if (hasData) {
        entries << (m_categorical ? static_cast<QCPAbstractPlottable*>(m_costBars) : m_costGraph);
        for (int s = 0; s < SeriesCount; ++s)
            if (m_riskGraphs[s]->visible())
                entries << m_riskGraphs[s];
    }
    setLegendEntries(entries);

    // Ranges.
    if (n > 0) {
        const auto [minIt, maxIt] = std::minmax_element(m_x.begin(), m_x.end());
        double lo = *minIt, hi = *maxIt;
        if (m_categorical) {
            lo -= 0.6;
            hi += 0.6;
        } else if (!(hi > lo)) {
            lo = m_logX ? lo / 2 : lo - 1;
            hi = m_logX ? hi * 2 : hi + 1;
        }
        xAxis->setRange(lo, hi);
        // Over the priced points only (NaN compares false and would break min/max).
        double cLo = qInf(), cHi = -qInf();
        for (double c : m_cost)
            if (!std::isnan(c)) {
                cLo = std::min(cLo, c);
                cHi = std::max(cHi, c);
            }
        if (!(cHi >= cLo))
            cLo = cHi = 0;
        // A cost spanning more than 20× (one environment: $700 M; 2,048: $2 M) goes on a log
        // axis, so the region the plan is in is not flattened against the bottom.
        const bool logCost = !m_categorical && cLo > 0 && cHi > 20 * cLo;
        if (logCost) { // a fresh ticker each time: its symbol follows the plan's currency
            yAxis->setScaleType(QCPAxis::stLogarithmic);
            auto ticker = QSharedPointer<MoneyLogTicker>::create(currencySymbol());
            ticker->setLogBase(10);
            ticker->setSubTickCount(8);
            yAxis->setTicker(ticker);
        } else if (yAxis->scaleType() == QCPAxis::stLogarithmic) {
            yAxis->setScaleType(QCPAxis::stLinear);
            yAxis->setTicker(moneyTicker());
        }
        if (logCost) {
            yAxis->setRange(cLo / 1.3, cHi * 1.3);
        } else {
            double yLo = 0, yHi = cHi > 0 ? cHi * 1.1 : 1.0;
            // Cost varies by a few percent along many sweeps (checkpoint interval): start the
            // axis near the data so the trade-off is visible; ticks and tooltips show values.
            if (!m_categorical && cLo > 0.5 * cHi) {
                const double span = std::max(cHi - cLo, 0.02 * cHi);
                yLo = std::max(0.0, cLo - 0.15 * span);
                yHi = cHi + 0.15 * span;
            }
            yAxis->setRange(yLo, yHi);
        }
    } else {
        xAxis->setRange(0, 1);
        yAxis->setRange(0, 1);
    }
    if (m_mode == RiskMode::Probability)
        yAxis2->setRange(0, std::min(1.0, std::max(maxRisk * 1.15, 0.01)));
    else
        yAxis2->setRange(0, maxRisk > 0 ? maxRisk * 1.15 : 1.0);

    updateMarkers();
    requestReplot();
}

void TradeoffChart::updateMarkers()
{
    const QCPRange range = xAxis->range();
    auto fraction = [&](double x) {
        if (m_logX)
            return (std::log(x) - std::log(range.lower)) /
                   (std::log(range.upper) - std::log(range.lower));
        return (x - range.lower) / (range.upper - range.lower);
    };
    auto place = [&](QCPItemStraightLine* line, QCPItemText* text, double x, double yRatio,
                     const QString& label, const QString& value) {
        const bool visible = !m_x.isEmpty() && m_error.isEmpty() && std::isfinite(x) &&
                             (!m_logX || x > 0) && range.contains(x);
        line->setVisible(visible);
        text->setVisible(visible);
        if (!visible)
            return;
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        text->position->setCoords(x, yRatio);
        text->setText(label);
        // Label to the right of its line when it fits there, else to the left; judged in
        // pixels once the plot has a layout (a 0.858 h optimum on a narrow chart was cut).
        bool right = fraction(x) <= 0.6;
        const QRect plot = axisRect()->rect();
        if (plot.width() > 0) {
            const double px = xAxis->coordToPixel(x);
            const QFontMetrics fm(text->font());
            const double roomRight = plot.right() - px, roomLeft = px - plot.left();
            if (fm.horizontalAdvance(label) + 12 > std::max(roomRight, roomLeft)) {
                // Fits on neither side: value on a second line ("Young/Daly optimum:" / "0.858 h").
                // Split before the value, not at ": ", so a translation with a full-width
                // colon (zh_CN "：") wraps too.
                const qsizetype at = value.isEmpty() ? -1 : label.lastIndexOf(value);
                if (at > 0)
                    text->setText(label.left(at).trimmed() + QLatin1Char('\n') + value);
                right = roomRight >= roomLeft;
            } else {
                right = roomRight >= fm.horizontalAdvance(label) + 12;
            }
        }
        text->setPositionAlignment(right ? (Qt::AlignLeft | Qt::AlignTop)
                                         : (Qt::AlignRight | Qt::AlignTop));
    };
    place(m_currentLine, m_currentText, m_currentX, 0.02,
          tr("Current: %1").arg(formatX(m_currentX)), formatX(m_currentX));
    const bool optimum = m_optimumX >= 0 && !m_categorical;
    // The optimum's label goes below the current one, far enough that two lines of either
    // never overlap when the two markers are close (auto interval: they coincide).
    double optimumY = 0.12;
    const QRect plotRect = axisRect()->rect();
    if (optimum && m_currentText->visible() && plotRect.height() > 0) {
        const QFontMetrics fm(m_currentText->font());
        const int lines = int(m_currentText->text().count(QLatin1Char('\n'))) + 1;
        const double below = 0.02 + (lines * fm.height() + 8.0) / plotRect.height();
        optimumY = std::max(optimumY, below);
    }
    if (optimum) {
        place(m_optimumLine, m_optimumText, m_optimumX, optimumY,
              tr("Young/Daly optimum: %1").arg(formatX(m_optimumX)), formatX(m_optimumX));
    } else {
        m_optimumLine->setVisible(false);
        m_optimumText->setVisible(false);
    }
}

QVector<double> TradeoffChart::seriesValues(const QString& name) const
{
    if (name == QLatin1String("cost"))
        return m_cost;
    for (int s = 0; s < SeriesCount; ++s) {
        const std::string_view id = riskInfo(RiskKind(s)).id;
        if (name == QLatin1String(id.data(), qsizetype(id.size())))
            return m_mode == RiskMode::Probability ? m_prob[s] : m_expected[s];
    }
    return {};
}

bool TradeoffChart::hasCurrentMarker() const
{
    return m_currentLine->visible();
}

bool TradeoffChart::hasOptimumMarker() const
{
    return m_optimumLine->visible();
}

QString TradeoffChart::messageText() const
{
    return m_message->visible() ? m_message->text() : QString();
}

void TradeoffChart::currencyChanged()
{
    updateAxisTitles();
    ChartBase::currencyChanged();
}

QString TradeoffChart::toolTipAt(const QPointF& pos) const
{
    if (m_x.isEmpty() || !m_error.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    int best = -1;
    double bestDist = 40; // pixels
    for (int i = 0; i < m_x.size(); ++i) {
        const double d = std::abs(xAxis->coordToPixel(m_x[i]) - pos.x());
        if (d < bestDist) {
            bestDist = d;
            best = i;
        }
    }
    if (best < 0)
        return QString();
    QString html = QStringLiteral("<b>%1: %2</b><br>%3<table>")
                       .arg(m_xLabel.toHtmlEscaped(), formatX(m_x[best]).toHtmlEscaped(),
                            std::isnan(m_cost[best])
                                ? tr("Total cost: not priced (an accelerator has no price in "
                                     "the catalog)")
                                : tr("Total cost: %1").arg(formatMoney(m_cost[best])));
    for (int s = 0; s < SeriesCount; ++s) {
        if (hiddenWhenZero(s) && !m_riskGraphs[s]->visible())
            continue;
        html += tr("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td>"
                   "<td>&nbsp;(expected %3)</td></tr>")
                    .arg(riskDisplayName(RiskKind(s)), formatPercent(m_prob[s][best]),
                         std::isnan(m_expected[s][best]) ? tr("not priced")
                                                         : formatMoney(m_expected[s][best]));
    }
    html += QStringLiteral("</table>");
    return html;
}

} // namespace costlab
