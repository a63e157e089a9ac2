#include "comparecharts.h"
#include "plaintext.h"

#include "labels.h"
#include "palette.h"
#include "paramtext.h"

#include <algorithm>
#include <cmath>

namespace costlab {

QColor compareScenarioColor(int index)
{
    // Blue, orange, green, purple: distinguishable for the common colour-vision
    // deficiencies (Okabe–Ito palette) and distinct from the risk colours' dashes.
    static const QColor colours[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
                                     QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7)};
    return colours[std::clamp(index, 0, 3)];
}

QString compareScenarioTag(int index)
{
    return QString(QChar(u'A' + std::clamp(index, 0, 25)));
}

// ---------------------------------------------------------------------------------------
// Grouped bars

namespace {
constexpr double kStackWidth = 0.8 / kCompareMax;
}

CompareBarsChart::CompareBarsChart(QWidget* parent)
    : ChartBase(parent), m_ticker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("compare-cost-breakdown"));
    setTitle(tr("Cost by category group"));
    placeLegend(LegendPlace::Top);
    // QCustomPlot's minimum width is its layout's: six legend columns would keep the
    // comparison's tables from getting the room they need.
    legend->setWrap(4);
    m_group = new QCPBarsGroup(this);
    m_group->setSpacingType(QCPBarsGroup::stAbsolute);
    m_group->setSpacing(4);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    yAxis->setTicker(moneyTicker());
    yAxis->setLabel(moneyAxisLabel(tr("Cost")));
    const QStringList& groups = categoryGroups();
    for (int g = 0; g < groups.size(); ++g)
        m_ticker->addTick(g + 1, categoryGroupDisplayName(groups[g]));
    xAxis->setRange(0.4, groups.size() + 0.6);
}

void CompareBarsChart::setComparison(const Comparison& c)
{
    // Rebuilt on each call: a comparison changes only when plans are added or removed.
    for (const QVector<QCPBars*>& stack : m_stacks)
        for (QCPBars* b : stack)
            removePlottable(b);
    for (QCPItemText* t : m_tags)
        removeItem(t);
    m_stacks.clear();
    m_tags.clear();
    m_groupTotals.clear();
    m_names.clear();
    m_group->clear();
    legend->clearItems();
    setCurrency(QString::fromLatin1(c.currency == Currency::CNY ? "CNY" : "USD"));

    const QStringList& groups = categoryGroups();
    QVector<double> keys;
    for (int g = 0; g < groups.size(); ++g)
        keys << g + 1;
    double top = 0;
    std::vector<bool> inLegend(kCategoryCount, false);
    for (std::size_t p = 0; p < c.scenarios.size(); ++p) {
        m_names << displayText(c.scenarios[p].name);
        QVector<QCPBars*> stack;
        QVector<double> totals(groups.size(), 0.0);
        for (int k = 0; k < kCategoryCount; ++k) {
            const Category cat = static_cast<Category>(k);
            const int g = static_cast<int>(groups.indexOf(categoryGroupOf(cat)));
            const double v = c.category_cost[p][k];
            if (g < 0)
                continue;
            totals[g] += v;
            auto* bars = new QCPBars(xAxis, yAxis);
            bars->setWidth(kStackWidth);
            bars->setPen(Qt::NoPen);
            bars->setBrush(categoryColor(cat));
            bars->setName(categoryDisplayName(cat));
            QVector<double> values(groups.size(), 0.0);
            values[g] = v;
            bars->setData(keys, values, true);
            if (!stack.isEmpty())
                bars->moveAbove(stack.back());
            bars->setBarsGroup(m_group);
            // One legend entry per category that costs something in some plan.
            bool nonZero = false;
            for (std::size_t q = 0; q < c.scenarios.size(); ++q)
                nonZero = nonZero || c.category_cost[q][k] > 0;
            if (p == 0 && nonZero && !inLegend[k])
                inLegend[k] = true;
            else
                bars->removeFromLegend();
            stack << bars;
        }
        m_stacks << stack;
        m_groupTotals << totals;
        for (double t : totals)
            top = std::max(top, t);
    }
    // Plan tags above each stack, offset the way QCPBarsGroup places the stacks.
    const int n = m_stacks.size();
    for (int p = 0; p < n; ++p) {
        for (int g = 0; g < groups.size(); ++g) {
            auto* tag = addText();
            tag->setText(compareScenarioTag(p));
            tag->setFont(baseFont());
            tag->setColor(compareScenarioColor(p).darker(130));
            tag->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
            tag->position->setType(QCPItemPosition::ptPlotCoords);
            const double offset = (p - (n - 1) / 2.0) * kStackWidth * 1.0;
            tag->position->setCoords(g + 1 + offset, m_groupTotals[p][g]);
            tag->setClipToAxisRect(false);
            m_tags << tag;
        }
    }
    yAxis->setRange(0, top > 0 ? top * 1.12 : 1);
    requestReplot();
}

int CompareBarsChart::stackCount() const
{
    int bases = 0;
    for (QCPBars* b : m_group->bars())
        bases += b->barBelow() == nullptr;
    return bases;
}

double CompareBarsChart::groupValue(int plan, const QString& group) const
{
    const int g = static_cast<int>(categoryGroups().indexOf(group));
    if (plan < 0 || plan >= m_groupTotals.size() || g < 0)
        return 0;
    return m_groupTotals[plan][g];
}

QString CompareBarsChart::toolTipAt(const QPointF& pos) const
{
    if (m_stacks.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return {};
    const double key = xAxis->pixelToCoord(pos.x());
    const int g = static_cast<int>(std::lround(key)) - 1;
    const QStringList& groups = categoryGroups();
    if (g < 0 || g >= groups.size())
        return {};
    QStringList lines{categoryGroupDisplayName(groups[g])};
    for (int p = 0; p < m_groupTotals.size(); ++p)
        lines << tr("%1 %2: %3", "tag, plan name, money")
                     .arg(compareScenarioTag(p), m_names.value(p),
                          formatMoney(m_groupTotals[p][g]));
    return lines.join(QLatin1Char('\n'));
}

void CompareBarsChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Cost")));
    requestReplot();
}

// ---------------------------------------------------------------------------------------
// Shared trade-off

CompareTradeoffChart::CompareTradeoffChart(QWidget* parent) : ChartBase(parent)
{
    setExportBaseName(QStringLiteral("compare-tradeoff"));
    setTitle(tr("Shared trade-off"));
    placeLegend(LegendPlace::Top);
    yAxis->setTicker(moneyTicker());
    rebuild(); // creates the message item too
}

void CompareTradeoffChart::setSweeps(const std::vector<SweepResult>& sweeps,
                                     const QStringList& names, const QString& xLabel,
                                     const QString& xUnit, double displayFactor, bool logX,
                                     const QVector<double>& currentX)
{
    m_sweeps = sweeps;
    m_names = names;
    m_xLabel = xLabel;
    m_xUnit = xUnit;
    m_factor = displayFactor > 0 ? displayFactor : 1;
    m_logX = logX;
    m_currentX = currentX;
    rebuild();
}

void CompareTradeoffChart::setShowRisk(bool show)
{
    if (show == m_showRisk)
        return;
    m_showRisk = show;
    rebuild();
}

int CompareTradeoffChart::costGraphCount() const
{
    return static_cast<int>(std::count_if(m_costGraphs.begin(), m_costGraphs.end(),
                                          [](QCPGraph* g) { return g != nullptr; }));
}

int CompareTradeoffChart::riskGraphCount() const
{
    return static_cast<int>(std::count_if(m_riskGraphs.begin(), m_riskGraphs.end(),
                                          [](QCPGraph* g) { return g != nullptr; }));
}

QVector<double> CompareTradeoffChart::costValues(int plan) const
{
    return m_cost.value(plan);
}
QVector<double> CompareTradeoffChart::xValues(int plan) const
{
    return m_x.value(plan);
}

double CompareTradeoffChart::markerX(int plan) const
{
    return m_markerX.value(plan, qQNaN());
}

void CompareTradeoffChart::rebuild()
{
    clearGraphs();
    clearItems(); // also the markers; the message item is recreated below
    m_message = addMessageItem();
    m_costGraphs.clear();
    m_riskGraphs.clear();
    m_x.clear();
    m_cost.clear();
    m_risk.clear();
    m_markerX.clear();
    m_messages.clear();

    m_categorical = false;
    QStringList labels;
    for (const SweepResult& r : m_sweeps)
        if (r.error.empty() && r.categorical) {
            m_categorical = true;
            if (labels.isEmpty())
                for (const SweepPoint& p : r.points)
                    labels << QString::fromStdString(p.label);
        }

    double lo = 0, hi = 0;
    bool any = false;
    for (std::size_t i = 0; i < m_sweeps.size(); ++i) {
        const SweepResult& r = m_sweeps[i];
        const QString name = m_names.value(static_cast<int>(i));
        const QString tag = compareScenarioTag(static_cast<int>(i));
        QVector<double> x, cost, risk;
        if (!r.error.empty()) {
            m_messages << tr("%1 %2: %3", "tag, plan name, reason")
                              .arg(tag, name, QString::fromStdString(r.error));
            m_costGraphs << nullptr;
            m_riskGraphs << nullptr;
            m_x << x;
            m_cost << cost;
            m_risk << risk;
            m_markerX << qQNaN();
            continue;
        }
        for (std::size_t k = 0; k < r.points.size(); ++k) {
            const SweepPoint& p = r.points[k];
            const double xv = m_categorical ? static_cast<double>(k) : p.x * m_factor;
            if (m_logX && !(xv > 0))
                continue;
            x << xv;
            cost << (p.priced ? p.total : qQNaN()); // no price: a gap, not a partial cost
            risk << p.expectedRiskCost();
        }
        const QColor colour = compareScenarioColor(static_cast<int>(i));
        auto* g = addGraph(xAxis, yAxis);
        g->setName(tr("%1: total cost", "plan tag").arg(tag));
        g->setPen(QPen(colour, 2.5));
        g->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDisc, colour, colour, m_categorical ? 8 : 4));
        if (m_categorical)
            g->setLineStyle(QCPGraph::lsNone);
        g->setData(x, cost, true);
        m_costGraphs << g;
        QCPGraph* rg = nullptr;
        if (m_showRisk) {
            rg = addGraph(xAxis, yAxis);
            rg->setName(tr("%1: expected cost of risk", "plan tag").arg(tag));
            rg->setPen(QPen(colour, 1.8, Qt::DashLine));
            if (m_categorical) {
                rg->setLineStyle(QCPGraph::lsNone);
                rg->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, colour, colour, 8));
            }
            rg->setData(x, risk, true);
        }
        m_riskGraphs << rg;
        for (double v : x) {
            lo = any ? std::min(lo, v) : v;
            hi = any ? std::max(hi, v) : v;
            any = true;
        }
        m_x << x;
        m_cost << cost;
        m_risk << risk;
        // Each plan's current value as a short vertical tick in its colour.
        double cx = qQNaN();
        if (i < static_cast<std::size_t>(m_currentX.size()) && !m_categorical) {
            auto* line = new QCPItemStraightLine(this);
            cx = m_currentX[static_cast<int>(i)] * m_factor;
            line->point1->setCoords(cx, 0);
            line->point2->setCoords(cx, 1);
            line->setPen(QPen(colour, 1.2, Qt::DotLine));
        }
        m_markerX << cx;
    }

    if (m_categorical) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (int k = 0; k < labels.size(); ++k)
            ticker->addTick(k, labels[k]);
        xAxis->setTicker(ticker);
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTickLabelRotation(labels.size() > 4 ? 30 : 0);
    } else if (m_logX) {
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(10);
        xAxis->setTicker(ticker);
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        xAxis->setTickLabelRotation(0);
    } else {
        xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTickLabelRotation(0);
    }
    xAxis->setLabel(m_xUnit.isEmpty() || m_categorical
                        ? m_xLabel
                        : tr("%1 (%2)", "axis title (unit)").arg(m_xLabel, m_xUnit));
    yAxis->setLabel(moneyAxisLabel(tr("Total cost")));

    if (any) {
        if (m_categorical)
            xAxis->setRange(lo - 0.5, hi + 0.5);
        else
            xAxis->setRange(lo, hi > lo ? hi : lo + 1);
        yAxis->rescale(true);
        yAxis->setRangeLower(0);
        yAxis->setRangeUpper(yAxis->range().upper * 1.05);
    }
    if (m_sweeps.empty())
        m_message->setText(tr("Choose a parameter to sweep"));
    else if (!any)
        m_message->setText(tr("No plan has this parameter"));
    m_message->setVisible(!any);
    requestReplot();
}

QString CompareTradeoffChart::toolTipAt(const QPointF& pos) const
{
    if (!axisRect()->rect().contains(pos.toPoint()))
        return {};
    const double key = xAxis->pixelToCoord(pos.x());
    QStringList lines;
    for (int i = 0; i < m_x.size(); ++i) {
        if (m_x[i].isEmpty())
            continue;
        int best = 0;
        for (int k = 1; k < m_x[i].size(); ++k)
            if (std::fabs(m_x[i][k] - key) < std::fabs(m_x[i][best] - key))
                best = k;
        const double c = m_cost[i][best];
        lines << tr("%1 %2: %3 at %4", "tag, plan, money, x")
                     .arg(compareScenarioTag(i), m_names.value(i),
                          std::isnan(c) ? tr("not priced") : formatMoney(c),
                          plainNumber(m_x[i][best], QLocale(), 4) +
                              (m_xUnit.isEmpty() ? QString() : QLatin1Char(' ') + m_xUnit));
    }
    return lines.join(QLatin1Char('\n'));
}

void CompareTradeoffChart::currencyChanged()
{
    yAxis->setLabel(moneyAxisLabel(tr("Total cost")));
    requestReplot();
}

// ---------------------------------------------------------------------------------------
// Overlaid Monte Carlo distributions

namespace {
/// Points kept per curve: every run up to this many, else evenly spaced quantiles (the
/// curve is drawn, not read run by run; tooltips read the full sorted runs).
constexpr int kCurvePoints = 400;
} // namespace

CompareDistributionChart::CompareDistributionChart(QWidget* parent)
    : ChartBase(parent), m_plainTicker(new QCPAxisTicker)
{
    setExportBaseName(QStringLiteral("compare-distribution"));
    placeLegend(LegendPlace::Top);
    legend->setWrap(4);
    yAxis->setRange(0, 1.0);
    auto pct = QSharedPointer<QCPAxisTickerFixed>::create();
    pct->setTickStep(0.25);
    yAxis->setTicker(pct);
    yAxis->setNumberFormat(QStringLiteral("f"));
    yAxis->setNumberPrecision(2);
    m_message = addMessageItem();
    retranslate();
}

void CompareDistributionChart::retranslate()
{
    setTitle(tr("Monte Carlo distributions (runs paired on one seed)"));
    yAxis->setLabel(tr("Share of runs at or below (0–1)"));
    xAxis->setLabel(m_quantity == Quantity::Cost ? moneyAxisLabel(tr("Total cost"))
                                                 : tr("Duration (days)"));
    rebuild();
}

void CompareDistributionChart::currencyChanged()
{
    retranslate();
}

void CompareDistributionChart::setUncertainty(const CompareUncertainty& u, const QStringList& names)
{
    m_u = u;
    m_names = names;
    rebuild();
}

void CompareDistributionChart::setQuantity(Quantity q)
{
    if (q == m_quantity)
        return;
    m_quantity = q;
    retranslate();
}

int CompareDistributionChart::curveCount() const
{
    return int(m_curves.size());
}

QVector<QPointF> CompareDistributionChart::curve(int plan) const
{
    QVector<QPointF> out;
    if (plan < 0 || plan >= m_curves.size())
        return out;
    for (auto it = m_curves[plan]->data()->constBegin(); it != m_curves[plan]->data()->constEnd();
         ++it)
        out << QPointF(it->key, it->value);
    return out;
}

void CompareDistributionChart::rebuild()
{
    for (QCPGraph* g : m_curves)
        removeGraph(g);
    for (QCPGraph* g : m_marks)
        removeGraph(g);
    m_curves.clear();
    m_marks.clear();
    m_sorted.clear();
    const bool cost = m_quantity == Quantity::Cost;
    xAxis->setTicker(cost ? moneyTicker() : m_plainTicker);
    m_message->setVisible(!m_u.error.empty() || m_u.plans.empty());
    m_message->setText(m_u.error.empty()
                           ? tr("No Monte Carlo result yet.")
                           : tr("No distributions: %1").arg(QString::fromStdString(m_u.error)));
    double lo = 1e300, hi = -1e300;
    for (int i = 0; i < int(m_u.plans.size()); ++i) {
        const MonteCarloResult& r = m_u.plans[std::size_t(i)];
        const std::vector<double>& s = cost ? r.cost_samples : r.days_samples;
        QVector<double> v(s.begin(), s.end());
        std::sort(v.begin(), v.end());
        m_sorted << v;
        if (v.isEmpty())
            continue;
        // Curves from P0.5 to P99.5: a rare lost run would stretch the axis over nothing.
        lo = std::min(lo, v[int(0.005 * (v.size() - 1))]);
        hi = std::max(hi, v[int(0.995 * (v.size() - 1))]);
        QVector<double> x, y;
        const int n = int(v.size()), points = std::min(n, kCurvePoints);
        for (int k = 0; k < points; ++k) {
            const int idx = points == n ? k : int(std::lround(double(k) * (n - 1) / (points - 1)));
            x << v[idx];
            y << double(idx + 1) / n;
        }
        const QColor c = compareScenarioColor(i);
        QCPGraph* g = addGraph();
        g->setName(tr("%1 %2", "tag, plan name").arg(compareScenarioTag(i), m_names.value(i)));
        g->setPen(QPen(c, 2));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setData(x, y, true);
        m_curves << g;
        QCPGraph* m = addGraph();
        m->removeFromLegend();
        m->setLineStyle(QCPGraph::lsNone);
        m->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, 8));
        const double p50 = cost ? r.cost.p50 : r.days.p50, p90 = cost ? r.cost.p90 : r.days.p90;
        m->setData({p50, p90}, {0.5, 0.9}, true);
        m_marks << m;
    }
    if (hi > lo)
        xAxis->setRange(lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo));
    else if (hi >= lo)
        xAxis->setRange(lo * 0.95, lo * 1.05 + 1e-9);
    requestReplot();
}

QString CompareDistributionChart::toolTipAt(const QPointF& pos) const
{
    if (m_sorted.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return {};
    const double x = xAxis->pixelToCoord(pos.x());
    const bool cost = m_quantity == Quantity::Cost;
    QStringList lines{cost ? formatMoney(x) : tr("%1 days").arg(formatNumber(x))};
    for (int i = 0; i < m_sorted.size(); ++i) {
        const QVector<double>& v = m_sorted[i];
        if (v.isEmpty())
            continue;
        const double share =
            double(std::upper_bound(v.begin(), v.end(), x) - v.begin()) / double(v.size());
        const MonteCarloResult& r = m_u.plans[std::size_t(i)];
        const double p50 = cost ? r.cost.p50 : r.days.p50, p90 = cost ? r.cost.p90 : r.days.p90;
        lines << tr("%1 %2: %3 of runs at or below; P50 %4, P90 %5", "tag, plan, share, P50, P90")
                     .arg(compareScenarioTag(i), m_names.value(i), formatPercent(share),
                          cost ? formatMoney(p50) : formatNumber(p50),
                          cost ? formatMoney(p90) : formatNumber(p90));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace costlab
